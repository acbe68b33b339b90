#include "domain.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The four blank moves as one table: letter and (row, column) step. */
static const struct {
	char name;
	int drow, dcol;
} tile_moves[PB_MAX_MOVES] = {
	{ 'u', -1, 0 }, { 'd', 1, 0 }, { 'l', 0, -1 }, { 'r', 0, 1 },
};

/* Magic Squares, cells clockwise from the top left (USACO 3.2.5): after each
 * op, cell i holds what cell source[i] held. A swaps the rows, B shifts the
 * columns right, C turns the middle four clockwise. */
#define MSQUARE_CELLS 8
static const uint8_t msquare_ops[3][MSQUARE_CELLS] = {
	{ 7, 6, 5, 4, 3, 2, 1, 0 },
	{ 3, 0, 1, 2, 5, 6, 7, 4 },
	{ 0, 6, 1, 3, 4, 2, 5, 7 },
};

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* The two index tables for M values (see pb_small_entry): entry X of the
 * head holds the first min(M, 4) values' part of the rank when X packs them
 * three bits apiece; entry Y of the tail, the part of values 4..M-1. Each
 * part is halved (HALVE) and multiplied by SCALE as pb_index wants, which
 * keeps their sum exact: the head's part is even whenever the tail's can be
 * nonzero, its smallest weight being (M-4)! with M >= 6. */
static void init_index_tables(pb_domain *d, int m, int halve, uint32_t scale)
{
	const int half = PB_SMALL_HALF, entries = 1 << (3 * PB_SMALL_HALF);

	d->small_values = m;
	for (int x = 0; x < entries; x++) {
		unsigned v[PB_SMALL_HALF];
		uint32_t head = 0, tail = 0, head_sum = 0, tail_sum = 0;

		for (int i = 0; i < half; i++)
			v[i] = (unsigned)(x >> (3 * i)) & 7u;
		for (int i = 0; i < half && i < m; i++) {
			unsigned smaller_before = 0;

			for (int j = 0; j < i; j++)
				smaller_before += v[j] < v[i];
			head += (v[i] - smaller_before) * (uint32_t)pb_factorial(m - 1 - i);
			head_sum += v[i] - smaller_before;
		}
		for (int i = 0; i + half < m; i++) {
			unsigned smaller_after = 0;

			for (int j = i + 1; j + half < m; j++)
				smaller_after += v[j] < v[i];
			tail += smaller_after * (uint32_t)pb_factorial(m - 1 - half - i);
			tail_sum += smaller_after;
		}
		d->index_head[x] = (head >> halve) * scale | (head_sum & 1u) << PB_INDEX_PARITY;
		d->index_tail[x] = (tail >> halve) * scale | (tail_sum & 1u) << PB_INDEX_PARITY;
	}
}

static void set_identity_labels(pb_domain *d)
{
	for (int v = 0; v < PB_MAX_CELLS; v++)
		d->label[v] = d->unlabel[v] = (uint8_t)v;
}

/* Internal goal of a tiles board: 1..n-1 in reading order, blank at B. */
static void set_tiles_goal(pb_domain *d, int b)
{
	uint64_t cells = 0;
	int label = 1;

	for (int c = 0; c < d->cells; c++)
		if (c != b)
			cells |= (uint64_t)label++ << (4 * c);
	d->goal_blank = b;
	d->goal_row_parity = (unsigned)(b / d->width) & 1u;
	d->goal.cells = cells;
	d->goal.blank = b;
}

static void init_tiles(pb_domain *d, int w, int h)
{
	d->kind = PB_TILES;
	d->width = w;
	d->height = h;
	d->cells = w * h;
	d->nmoves = PB_MAX_MOVES;
	for (int m = 0; m < PB_MAX_MOVES; m++) {
		d->move_names[m] = tile_moves[m].name;
		d->inverse[m] = (uint8_t)(m ^ 1);
		for (int c = 0; c < PB_MAX_CELLS; c++) {
			int r = c / w + tile_moves[m].drow, col = c % w + tile_moves[m].dcol;
			bool on = c < d->cells && r >= 0 && r < h && col >= 0 && col < w;

			d->next_cell[c][m] = (int8_t)(on ? r * w + col : -1);
		}
	}
	d->move_names[PB_MAX_MOVES] = '\0';
	d->stay_move = PB_MAX_MOVES;
	for (int c = 0; c < PB_MAX_CELLS; c++)
		d->next_cell[c][PB_MAX_MOVES] = (int8_t)c;
	d->index_count = pb_factorial(d->cells) / 2;
	for (int c = 0; c < d->cells - 1; c++)
		d->tile_ones |= 1ULL << (4 * c);
	d->cell_ones = d->tile_ones | 1ULL << (4 * (d->cells - 1));
	if (d->cells - 1 <= PB_SMALL_VALUES) {
		init_index_tables(d, d->cells - 1, 1, (uint32_t)d->cells);
		for (int c = 0; c < d->cells; c++)
			d->cell_sevens |= 7ULL << (4 * c);
	}
	d->lex_smallest = false;
	set_identity_labels(d);
	/* POJ 1077's goal: 1..n-1, then the blank. */
	set_tiles_goal(d, d->cells - 1);
}

static void init_msquare(pb_domain *d)
{
	d->kind = PB_MSQUARE;
	d->width = MSQUARE_CELLS / 2;
	d->height = 2;
	d->cells = MSQUARE_CELLS;
	d->nmoves = 3;
	strcpy(d->move_names, "ABC");
	for (int m = 0; m < d->nmoves; m++) {
		memcpy(d->op_source[m], msquare_ops[m], MSQUARE_CELLS);
		d->inverse[m] = PB_NO_MOVE;
	}
	/* A undoes itself. */
	d->inverse[0] = 0;
	d->stay_move = d->nmoves;
	for (int c = 0; c < MSQUARE_CELLS; c++)
		d->op_source[d->stay_move][c] = (uint8_t)c;
	d->index_count = pb_factorial(MSQUARE_CELLS);
	init_index_tables(d, MSQUARE_CELLS, 0, 1);
	d->lex_smallest = true;
	d->goal_blank = -1;
	set_identity_labels(d);
	d->goal.cells = 0;
	for (int c = 0; c < MSQUARE_CELLS; c++)
		d->goal.cells |= (uint64_t)c << (4 * c);
	d->goal.blank = -1;
}

static void init_move_lists(pb_domain *d)
{
	int cells = d->kind == PB_TILES ? d->cells : 1;

	for (int c = 0; c < cells; c++) {
		for (int l = 0; l <= PB_MAX_MOVES; l++) {
			int k = 0;

			for (int m = 0; m < d->nmoves; m++) {
				bool legal = d->kind == PB_MSQUARE || d->next_cell[c][m] >= 0;
				bool undoes = l < d->nmoves && d->inverse[l] == m;

				if (legal && !undoes)
					d->moves_after[c][l][k++] = (uint8_t)m;
			}
			while (k < PB_MAX_MOVES)
				d->moves_after[c][l][k++] = (uint8_t)d->stay_move;
		}
	}
}

/* Parse "W" "x" "H" from "tilesWxH". */
static int parse_board(const char *s, int *w, int *h)
{
	char *end;
	long a, b;

	errno = 0;
	a = strtol(s, &end, 10);
	if (end == s || (*end != 'x' && *end != 'X'))
		return -1;
	s = end + 1;
	b = strtol(s, &end, 10);
	if (end == s || *end || errno)
		return -1;
	/* each side first, so that the product cannot overflow */
	if (a < 2 || b < 2 || a > PB_MAX_CELLS || b > PB_MAX_CELLS || a * b > PB_MAX_CELLS)
		return -1;
	*w = (int)a;
	*h = (int)b;
	return 0;
}

int pb_domain_init(pb_domain *d, const char *name, char *err, size_t errlen)
{
	int w, h;

	memset(d, 0, sizeof(*d));
	if (!strcmp(name, "msquare")) {
		init_msquare(d);
	} else if (!strcmp(name, "8puzzle")) {
		init_tiles(d, 3, 3);
	} else if (!strcmp(name, "15puzzle")) {
		init_tiles(d, 4, 4);
	} else if (!strncmp(name, "tiles", 5) && !parse_board(name + 5, &w, &h)) {
		init_tiles(d, w, h);
	} else {
		return fail(err, errlen,
			    "unknown domain '%s' (8puzzle, 15puzzle, tilesWxH with W, H >= 2 and W*H <= %d, msquare)",
			    name, PB_MAX_CELLS);
	}
	snprintf(d->name, sizeof(d->name), "%s", name);
	init_move_lists(d);
	return 0;
}

enum { CH_OTHER, CH_SPACE, CH_DIGIT, CH_BLANK };

/* Character classes of the instance syntax. */
static const uint8_t char_class[256] = {
	[' '] = CH_SPACE, ['\t'] = CH_SPACE, ['\r'] = CH_SPACE, ['\n'] = CH_SPACE,
	['0' ... '9'] = CH_DIGIT,
	['x'] = CH_BLANK, ['X'] = CH_BLANK,
};

/* The longest number a value can be written with (tiles go up to 15). */
#define MAX_DIGITS 3

static int bad_token(const pb_domain *d, const char *tok, size_t n, char *err,
		     size_t errlen)
{
	const int shown = 20;

	return fail(err, errlen, "unexpected '%.*s' (want %s)",
		    (int)(n > (size_t)shown ? (size_t)shown : n), tok,
		    d->kind == PB_TILES ? "a tile number or x for the blank"
					: "a number 1..8");
}

/* The common shape of small boards' input, "2 3 4 1 5 x 7 6 8": n tokens
 * of one character, single spaces between. Fills VALUES and returns true
 * when TEXT has that shape and every value is new and in range; anything
 * else is left to the general parser (which also words the errors). */
static bool parse_one_char_tokens(const pb_domain *d, const char *text,
				  size_t len, unsigned *values)
{
	const unsigned char *p = (const unsigned char *)text;
	unsigned seen = 0, n = (unsigned)d->cells, full = (1u << n) - 1, out_of_range = 0, gaps = 0;

	if (len == 2 * n && p[len - 1] == '\r')
		len--;
	if (d->kind != PB_TILES || n > 10 || len != 2 * n - 1)
		return false;
	/* no branch per character: mistakes are gathered and judged once */
	for (unsigned i = 0; i < n; i++) {
		unsigned c = p[2 * i], v = c == 'x' ? 0 : c - '0';

		out_of_range |= v >= n;
		seen |= 1u << (v & 15);
		values[i] = v;
	}
	for (unsigned i = 1; i < n; i++)
		gaps |= p[2 * i - 1] ^ ' ';
	return !out_of_range && !gaps && seen == full;
}


/* Read the user's values from TEXT into VALUES (blank as 0). */
static int parse_values(const pb_domain *d, const char *text, size_t len,
			unsigned *values, char *err, size_t errlen)
{
	const unsigned char *p = (const unsigned char *)text, *end = p + len;
	int n = d->cells, count = 0;
	bool tiles = d->kind == PB_TILES;
	unsigned seen = 0, lo = tiles ? 0 : 1, hi = tiles ? (unsigned)n - 1 : (unsigned)n;

	if (parse_one_char_tokens(d, text, len, values))
		return 0;
	for (;;) {
		const unsigned char *tok;
		unsigned v = 0;

		while (p < end && char_class[*p] == CH_SPACE)
			p++;
		if (p == end)
			break;
		tok = p;
		while (p < end && char_class[*p] == CH_DIGIT)
			v = v * 10 + (unsigned)(*p++ - '0');
		if (p == tok && tiles && char_class[*p] == CH_BLANK)
			p++;
		if (p == tok || p - tok > MAX_DIGITS || (p < end && char_class[*p] != CH_SPACE)) {
			while (p < end && char_class[*p] != CH_SPACE)
				p++;
			return bad_token(d, (const char *)tok, (size_t)(p - tok), err, errlen);
		}
		if (v < lo || v > hi)
			return fail(err, errlen, "%s %u is out of range %u..%u",
				    tiles ? "tile" : "value", v, lo, hi);
		if (count == n)
			return fail(err, errlen, "too many values: want %d", n);
		if (seen & (1u << v))
			return v || !tiles ? fail(err, errlen, "%s %u appears twice", tiles ? "tile" : "value", v)
					   : fail(err, errlen, "two blanks");
		seen |= 1u << v;
		values[count++] = v;
	}
	if (count < n)
		return fail(err, errlen, "%d value%s where %d are wanted", count,
			    count == 1 ? "" : "s", n);
	return 0;
}

int pb_parse_text(const pb_domain *d, const char *text, size_t len, pb_state *out,
		  char *err, size_t errlen)
{
	unsigned values[PB_MAX_CELLS];
	uint64_t cells = 0;

	if (parse_values(d, text, len, values, err, errlen))
		return -1;
	if (d->kind == PB_MSQUARE) {
		/* start = inverse of the target (see domain.h) */
		for (int c = 0; c < d->cells; c++)
			cells |= (uint64_t)c << (4 * (values[c] - 1));
		out->cells = cells;
		out->blank = -1;
		return 0;
	}
	for (int c = 0; c < d->cells; c++)
		cells |= (uint64_t)d->label[values[c]] << (4 * c);
	out->cells = cells;
	out->blank = pb_find_blank(d, cells);
	return 0;
}

int pb_domain_set_goal(pb_domain *d, const char *text, size_t len, char *err,
		       size_t errlen)
{
	unsigned values[PB_MAX_CELLS];
	int label = 1;

	if (d->kind != PB_TILES)
		return fail(err, errlen, "only tiles domains take another goal");
	if (parse_values(d, text, len, values, err, errlen))
		return -1;
	set_identity_labels(d);
	/* Relabel each tile by its goal cell, the blank's skipped. */
	for (int c = 0; c < d->cells; c++) {
		if (!values[c]) {
			set_tiles_goal(d, c);
			continue;
		}
		d->label[values[c]] = (uint8_t)label;
		d->unlabel[label++] = (uint8_t)values[c];
	}
	return 0;
}

size_t pb_format(const pb_domain *d, const pb_state *s, char *buf, size_t size)
{
	unsigned values[PB_MAX_CELLS];
	size_t used = 0;

	for (int c = 0; c < d->cells; c++) {
		unsigned v = pb_nibble(s->cells, c);

		if (d->kind == PB_MSQUARE)
			values[v] = (unsigned)c + 1;
		else
			values[c] = d->unlabel[v];
	}
	if (size)
		buf[0] = '\0';
	for (int c = 0; c < d->cells; c++) {
		int k;

		if (d->kind == PB_TILES && !values[c])
			k = snprintf(buf + used, size > used ? size - used : 0, "%sx", c ? " " : "");
		else
			k = snprintf(buf + used, size > used ? size - used : 0, "%s%u", c ? " " : "", values[c]);
		used += (size_t)k;
	}
	return used;
}

size_t pb_format_goal(const pb_domain *d, char *buf, size_t size)
{
	return pb_format(d, &d->goal, buf, size);
}


void pb_unindex(const pb_domain *d, uint64_t index, pb_state *s)
{
	unsigned digits[PB_MAX_CELLS], sum = 0;
	uint64_t perm, low;
	int m, b;

	if (d->kind == PB_MSQUARE) {
		s->cells = pb_unrank(index, d->cells);
		s->blank = -1;
		return;
	}
	m = d->cells - 1;
	b = (int)(index % (uint64_t)d->cells);
	pb_rank_digits(index / (uint64_t)d->cells * 2, m, digits);
	for (int i = 0; i < m - 2; i++)
		sum += digits[i];
	/* the digit of weight 1! sets the parity (digit sum = inversions) */
	digits[m - 2] = (sum & 1u) ^ pb_tiles_parity_needed(d, b);
	perm = pb_perm_from_digits(digits, m) + d->tile_ones;
	low = b ? perm & ((1ULL << (4 * b)) - 1) : 0;
	s->cells = low | (b + 1 < PB_MAX_CELLS ? (perm >> (4 * b)) << (4 * (b + 1)) : 0);
	s->blank = b;
}

int pb_move_from_name(const pb_domain *d, char c)
{
	for (int m = 0; m < d->nmoves; m++)
		if (d->move_names[m] == c)
			return m;
	return -1;
}

void pb_replay(const pb_domain *d, const pb_state *start, const char *moves,
	       size_t len, pb_replay_result *r)
{
	pb_state s = *start;

	for (size_t i = 0; i < len; i++) {
		int m = pb_move_from_name(d, moves[i]);

		if (m < 0 || !pb_apply(d, &s, m, &s)) {
			r->verdict = m < 0 ? PB_UNKNOWN_MOVE : PB_ILLEGAL_MOVE;
			r->at = i;
			r->end = s;
			return;
		}
	}
	r->verdict = pb_is_goal(d, &s) ? PB_REACHES_GOAL : PB_ENDS_ELSEWHERE;
	r->at = len;
	r->end = s;
}

const char *pb_verdict_name(pb_verdict v)
{
	static const char *const names[] = {
		[PB_REACHES_GOAL] = "reaches the goal",
		[PB_ENDS_ELSEWHERE] = "ends short of the goal",
		[PB_ILLEGAL_MOVE] = "moves the blank off the board",
		[PB_UNKNOWN_MOVE] = "has a letter that names no move",
	};
	return names[v];
}
