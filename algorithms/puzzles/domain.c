/* What every domain shares: the table of domains, the move tables that
 * follow from a domain's moves, move names and answer lines, replay, and
 * the value-list syntax of tiles and Magic Squares. */
#include "domain.h"
#include "family.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pb_domain_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int pb_domain_init(pb_domain *d, const char *name, char *err, size_t errlen)
{
	char known[600];
	size_t used = 0;

	if (strlen(name) >= sizeof(d->name))
		return pb_domain_fail(err, errlen, "domain '%.40s': a name of at most %zu characters",
				      name, sizeof(d->name) - 1);
	for (size_t i = 0; i < pb_family_count(); i++) {
		const pb_family *f = pb_family_at(i);
		int r;

		memset(d, 0, sizeof(*d));
		r = f->make(f, d, name, err, errlen);
		if (r < 0)
			return -1;
		if (r == 0) {
			d->family = f;
			snprintf(d->name, sizeof(d->name), "%s", name);
			return 0;
		}
		used += (size_t)snprintf(known + used, used < sizeof(known) ? sizeof(known) - used : 0,
					 "%s%s", i ? ", " : "", f->pattern);
	}
	return pb_domain_fail(err, errlen, "unknown domain '%s' (the families: %s; 'bench list' "
			      "says more)", name, known);
}

const char *pb_domain_needs_inverse(const pb_domain *d, const char *solver, char *why,
				    size_t whylen)
{
	if (!d->space || d->invertible)
		return NULL;
	snprintf(why, whylen, "%s searches backwards, which needs the inverse of every move: %s "
		 "declares none for some", solver, d->name);
	return why;
}

void pb_domain_finish_moves(pb_domain *d)
{
	int n = d->nmoves;

	d->stay_move = n;
	d->move_names[n][0] = '\0';
	d->letter_moves = true;
	for (int m = 0; m < n; m++)
		d->letter_moves &= d->move_names[m][0] && !d->move_names[m][1];
	for (int c = 0; c < d->nclasses; c++) {
		d->next_class[c][n] = (int8_t)c;
		d->prev_class[c][n] = (int8_t)c;
		for (int m = 0; m < n; m++)
			d->prev_class[c][m] = -1;
	}
	for (int c = 0; c < d->nclasses; c++)
		for (int m = 0; m < n; m++)
			if (d->next_class[c][m] >= 0)
				d->prev_class[d->next_class[c][m]][m] = (int8_t)c;
	d->invertible = true;
	for (int l = 0; l < n; l++) {
		d->invertible &= d->inverse[l] != PB_NO_MOVE;
		if (!d->pruned_after[l] && d->inverse[l] != PB_NO_MOVE)
			d->pruned_after[l] = 1u << d->inverse[l];
	}
	d->branching = 0;
	for (int c = 0; c < d->nclasses; c++) {
		for (int l = 0; l <= n; l++) {
			int k = 0;

			d->tried_after[c][l] = 0;
			for (int m = 0; m < n; m++) {
				bool legal = d->next_class[c][m] >= 0;
				bool pruned = l < n && (d->pruned_after[l] & (1u << m));

				if (legal && !pruned) {
					d->moves_after[c][l][k++] = (uint8_t)m;
					d->tried_after[c][l] |= 1u << m;
				}
			}
			if (k > d->branching)
				d->branching = k;
			while (k < PB_MAX_MOVES)
				d->moves_after[c][l][k++] = (uint8_t)n;
		}
	}
}

void pb_domain_branching(const pb_domain *d, uint64_t *num, uint64_t *den)
{
	*num = 0;
	for (int c = 0; c < d->nclasses; c++) {
		uint64_t most = 0;

		for (int l = 0; l < d->nmoves; l++) {
			uint64_t k = (uint64_t)__builtin_popcount(d->tried_after[c][l]);

			if (d->prev_class[c][l] >= 0 && k > most)
				most = k;
		}
		*num += most;
	}
	*den = (uint64_t)d->nclasses;
}

int pb_domain_set_goal(pb_domain *d, const char *text, size_t len, char *err, size_t errlen)
{
	if (!d->ops->set_goal)
		return pb_domain_fail(err, errlen, "%s has one goal only", d->name);
	return d->ops->set_goal(d, text, len, err, errlen);
}

size_t pb_format_goal(const pb_domain *d, char *buf, size_t size)
{
	return pb_format(d, &d->goal, buf, size);
}

int pb_move_from_name(const pb_domain *d, const char *name, size_t len)
{
	for (int m = 0; m < d->nmoves; m++)
		if (strlen(d->move_names[m]) == len && !memcmp(d->move_names[m], name, len))
			return m;
	return -1;
}

size_t pb_format_moves(const pb_domain *d, const uint8_t *moves, int n, char *buf, size_t size)
{
	size_t used = 0;

	if (size)
		buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		const char *name = moves[i] < d->nmoves ? d->move_names[moves[i]] : "?";
		int k = snprintf(buf + used, size > used ? size - used : 0, "%s%s",
				 i ? d->move_sep : "", name);

		used += (size_t)k;
	}
	return used;
}

/* The next move name of an answer line at *AT in TEXT[0..len): one
 * character where the names are letters joined by nothing, else a
 * whitespace-separated token. Returns its length (0 at the end). */
static size_t next_name(const pb_domain *d, const char *text, size_t len, size_t *at)
{
	size_t i = *at, n = 0;

	if (d->letter_moves && !*d->move_sep)
		return i < len ? 1 : 0;
	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	*at = i;
	while (i + n < len && text[i + n] != ' ' && text[i + n] != '\t')
		n++;
	return n;
}

/* The move NAME[0..len) names in the other case (upper for lower, lower
 * for upper), or -1: a program that writes "U" for "u" is told so. */
static int move_in_other_case(const pb_domain *d, const char *name, size_t len)
{
	char flipped[PB_MOVE_NAME_MAX];

	if (len >= sizeof(flipped))
		return -1;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)name[i];

		flipped[i] = (char)(isupper(ch) ? tolower(ch) : toupper(ch));
	}
	return pb_move_from_name(d, flipped, len);
}

int pb_parse_moves(const pb_domain *d, const char *text, size_t len, uint8_t *moves, int max,
		   char *err, size_t errlen)
{
	size_t at = 0, n;
	int count = 0;

	while ((n = next_name(d, text, len, &at))) {
		int m = pb_move_from_name(d, text + at, n), other;

		if (m < 0 && (other = move_in_other_case(d, text + at, n)) >= 0)
			return pb_domain_fail(err, errlen, "'%.*s' names no move of %s, '%s' does: "
					      "write the moves in %s case", (int)n, text + at, d->name,
					      d->move_names[other],
					      islower((unsigned char)d->move_names[other][0]) ? "lower"
					      : "upper");
		if (m < 0)
			return pb_domain_fail(err, errlen, "'%.*s' names no move of %s", (int)(n > 20 ? 20 : n),
					      text + at, d->name);
		if (count == max)
			return pb_domain_fail(err, errlen, "more than %d moves", max);
		moves[count++] = (uint8_t)m;
		at += n;
	}
	return count;
}

void pb_replay(const pb_domain *d, const pb_state *start, const char *moves, size_t len,
	       pb_replay_result *r)
{
	pb_state s = *start;
	size_t at = 0, n, i = 0;

	for (; (n = next_name(d, moves, len, &at)); i++, at += n) {
		int m = pb_move_from_name(d, moves + at, n);

		if (m < 0 || !pb_apply(d, &s, m, &s)) {
			r->verdict = m < 0 ? PB_UNKNOWN_MOVE : PB_ILLEGAL_MOVE;
			r->at = i;
			r->end = s;
			return;
		}
	}
	r->verdict = pb_is_goal(d, &s) ? PB_REACHES_GOAL : PB_ENDS_ELSEWHERE;
	r->at = i;
	r->end = s;
}

const char *pb_verdict_name(pb_verdict v)
{
	static const char *const names[] = {
		[PB_REACHES_GOAL] = "reaches the goal",
		[PB_ENDS_ELSEWHERE] = "ends short of the goal",
		[PB_ILLEGAL_MOVE] = "makes a move not legal there (tiles: the blank off the board)",
		[PB_UNKNOWN_MOVE] = "has a name that names no move",
	};
	return names[v];
}

char *pb_cells_decimal(pb_cells n, char *buf, size_t size)
{
	char digits[40];
	int k = 0;

	do {
		digits[k++] = (char)('0' + (int)(n % 10));
		n /= 10;
	} while (n);
	for (int i = 0; i < k && (size_t)i + 1 < size; i++)
		buf[i] = digits[k - 1 - i];
	if (size)
		buf[(size_t)k < size ? (size_t)k : size - 1] = '\0';
	return buf;
}

enum { CH_OTHER, CH_SPACE, CH_DIGIT, CH_BLANK };

/* Character classes of the value-list syntax. */
static const uint8_t char_class[256] = {
	[' '] = CH_SPACE, ['\t'] = CH_SPACE, ['\r'] = CH_SPACE, ['\n'] = CH_SPACE,
	['0' ... '9'] = CH_DIGIT,
	['x'] = CH_BLANK, ['X'] = CH_BLANK,
};

/* The longest number a value can be written with (values go up to 24). */
#define MAX_DIGITS 3

static int bad_token(const pb_domain *d, const char *tok, size_t n, char *err, size_t errlen)
{
	const int shown = 20;

	if (d->blank && d->plain_high <= 9)
		return pb_domain_fail(err, errlen, "unexpected '%.*s' (want a tile number or x for the "
				      "blank, or all %d as one word)",
				      (int)(n > (size_t)shown ? (size_t)shown : n), tok, d->cells);
	if (d->blank)
		return pb_domain_fail(err, errlen, "unexpected '%.*s' (want a tile number or x for the blank)",
				      (int)(n > (size_t)shown ? (size_t)shown : n), tok);
	return pb_domain_fail(err, errlen, "unexpected '%.*s' (want a number %d..%d)",
			      (int)(n > (size_t)shown ? (size_t)shown : n), tok, d->plain_low,
			      d->plain_high);
}

/* The common shape of small boards' input, "2 3 4 1 5 x 7 6 8": n tokens
 * of one character, single spaces between. Fills VALUES and returns true
 * when TEXT has that shape and every value is new and in range; anything
 * else is left to the general parser (which also words the errors). */
static bool parse_one_char_tokens(const pb_domain *d, const char *text, size_t len,
				  uint8_t *values)
{
	const unsigned char *p = (const unsigned char *)text;
	unsigned seen = 0, n = (unsigned)d->cells, full = (1u << n) - 1, out_of_range = 0, gaps = 0;

	if (len == 2 * n && p[len - 1] == '\r')
		len--;
	if (!d->blank || n > 10 || len != 2 * n - 1)
		return false;
	/* no branch per character: mistakes are gathered and judged once */
	for (unsigned i = 0; i < n; i++) {
		unsigned c = p[2 * i], v = c == 'x' ? 0 : c - '0';

		out_of_range |= v >= n;
		seen |= 1u << (v & 15);
		values[i] = (uint8_t)v;
	}
	for (unsigned i = 1; i < n; i++)
		gaps |= p[2 * i - 1] ^ ' ';
	return !out_of_range && !gaps && seen == full;
}

/* Where a line of COUNT values would fit, when it does not fit D: the
 * square board of that many cells, or another board of that many, as a
 * hint in parentheses ("" where none). */
static const char *board_hint(const pb_domain *d, int count, char *buf, size_t size)
{
	static const char *const squares[] = { [4] = "tiles2x2", [9] = "8puzzle",
					       [16] = "15puzzle", [25] = "24puzzle" };

	*buf = '\0';
	if (!d->board || count < 4 || count > PB_MAX_CELLS)
		return buf;
	if (squares[count]) {
		snprintf(buf, size, " (%d values make the %s: --domain %s)", count, squares[count],
			 squares[count]);
		return buf;
	}
	for (int w = 2; w <= count / 2; w++)
		if (count % w == 0 && count / w >= 2) {
			snprintf(buf, size, " (%d values make a %dx%d board: --domain tiles%dx%d)",
				 count, w, count / w, w, count / w);
			return buf;
		}
	return buf;
}

/* Whether P..END is one word of N characters, each a digit or a blank,
 * with spaces around it only. */
static bool compact_word(const unsigned char *p, const unsigned char *end, int n)
{
	int k = 0;

	while (p < end && char_class[*p] == CH_SPACE)
		p++;
	for (; p < end && (char_class[*p] == CH_DIGIT || char_class[*p] == CH_BLANK); p++)
		k++;
	while (p < end && char_class[*p] == CH_SPACE)
		p++;
	return p == end && k == n;
}

int pb_parse_values(const pb_domain *d, const char *text, size_t len, uint8_t *values,
		    char *err, size_t errlen)
{
	bool blank = d->blank;
	const unsigned char *p = (const unsigned char *)text, *end = p + len;
	/* where every value is one character (boards of up to 10 cells), the
	 * values may also come as one word: "12345678x" */
	bool compact = blank && d->plain_high <= 9 && compact_word(p, end, d->cells);
	int n = d->cells, count = 0, out_of_range = -1;
	uint8_t read[PB_MAX_CELLS];
	uint32_t seen = 0;
	unsigned lo = (unsigned)d->plain_low, hi = (unsigned)d->plain_high;
	char hint[96];

	if (parse_one_char_tokens(d, text, len, values))
		return 0;
	/* the tokens first, so that a line of the wrong length is told by its
	 * count, whatever its values */
	for (;;) {
		const unsigned char *tok;
		unsigned v = 0;

		while (p < end && char_class[*p] == CH_SPACE)
			p++;
		if (p == end)
			break;
		tok = p;
		if (compact && char_class[*p] == CH_DIGIT) {
			v = (unsigned)(*p++ - '0');
		} else {
			while (p < end && char_class[*p] == CH_DIGIT)
				v = v * 10 + (unsigned)(*p++ - '0');
			if (p == tok && blank && char_class[*p] == CH_BLANK)
				p++;
		}
		if (p == tok || p - tok > MAX_DIGITS ||
		    (p < end && char_class[*p] != CH_SPACE && !compact)) {
			while (p < end && char_class[*p] != CH_SPACE)
				p++;
			return bad_token(d, (const char *)tok, (size_t)(p - tok), err, errlen);
		}
		if ((v < lo || v > hi) && out_of_range < 0)
			out_of_range = (int)v;
		if (count < n)
			read[count] = (uint8_t)v;
		count++;
	}
	if (count != n)
		return pb_domain_fail(err, errlen, "%d value%s where %d %s wanted%s", count,
				      count == 1 ? "" : "s", n, n == 1 ? "is" : "are",
				      board_hint(d, count, hint, sizeof(hint)));
	if (out_of_range >= 0)
		return pb_domain_fail(err, errlen, "%s %d is out of range %u..%u",
				      blank ? "tile" : "value", out_of_range, lo, hi);
	for (int i = 0; i < n; i++) {
		unsigned v = read[i];

		if (seen & (1u << v))
			return v || !blank ? pb_domain_fail(err, errlen, "%s %u appears twice",
							    blank ? "tile" : "value", v)
					   : pb_domain_fail(err, errlen, "two blanks");
		seen |= 1u << v;
		values[i] = (uint8_t)v;
	}
	return 0;
}

void pb_shuffled_values(const pb_domain *d, const pb_random *r, uint8_t *values)
{
	for (int c = 0; c < d->cells; c++)
		values[c] = (uint8_t)(d->plain_low + c);
	for (int c = d->cells - 1; c > 0; c--) {
		int j = (int)r->below(r->rng, (uint64_t)c + 1);
		uint8_t v = values[c];

		values[c] = values[j];
		values[j] = v;
	}
}

int pb_parse_by_values(const pb_domain *d, const char *text, size_t len, pb_state *out,
		       char *err, size_t errlen)
{
	uint8_t values[PB_MAX_CELLS];

	if (pb_parse_values(d, text, len, values, err, errlen))
		return -1;
	return pb_from_plain(d, values, out, err, errlen);
}

size_t pb_format_by_values(const pb_domain *d, const pb_state *s, char *buf, size_t size)
{
	uint8_t values[PB_MAX_CELLS];
	size_t used = 0;

	pb_to_plain(d, s, values);
	if (size)
		buf[0] = '\0';
	for (int c = 0; c < d->cells; c++) {
		int k;

		if (d->blank && !values[c])
			k = snprintf(buf + used, size > used ? size - used : 0, "%sx", c ? " " : "");
		else
			k = snprintf(buf + used, size > used ? size - used : 0, "%s%u", c ? " " : "",
				     values[c]);
		used += (size_t)k;
	}
	return used;
}

/* Entry X of the head holds the first min(M, 4) values' part of the rank
 * when X packs them three bits apiece; entry Y of the tail, the part of
 * values 4..M-1. Each part is halved (HALVE) and multiplied by SCALE as
 * pb_kernel_index wants, which keeps their sum exact: the head's part is
 * even whenever the tail's can be nonzero, its smallest weight being
 * (M-4)! with M >= 6. */
void pb_domain_index_tables(pb_domain *d, int m, int halve, uint32_t scale)
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
