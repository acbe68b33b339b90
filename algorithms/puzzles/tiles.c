/* The sliding-tile puzzle on a W x H board (see domain.h): up to 16 cells
 * on the SLIDE4 kernel, up to 25 on SLIDE5. */
#include "domain.h"
#include "family.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include <stdlib.h>
#include <string.h>

/* The four blank moves as one table: name and (row, column) step. */
static const struct {
	const char *name;
	int drow, dcol;
} tile_moves[PB_SLIDE_MOVES] = {
	{ "u", -1, 0 }, { "d", 1, 0 }, { "l", 0, -1 }, { "r", 0, 1 },
};

/* The cells a 4-bit packing holds. */
#define NARROW_CELLS PB_RANK_MAX

static void set_identity_labels(pb_domain *d)
{
	for (int v = 0; v < PB_MAX_CELLS; v++)
		d->label[v] = d->unlabel[v] = (uint8_t)v;
}

/* Internal goal of a tiles board: 1..n-1 in reading order, blank at B. */
static void set_goal_blank(pb_domain *d, int b)
{
	pb_cells cells = 0;
	int label = 1;

	for (int c = 0; c < d->cells; c++) {
		d->goal_label[c] = (uint8_t)(c == b ? 0 : label++);
		PB_WITH_KERNEL(d, cells = pb_cell_put(K, cells, c, d->goal_label[c]));
	}
	d->goal_blank = b;
	d->goal_row_parity = (unsigned)(b / d->width) & 1u;
	d->goal.cells = cells;
	d->goal.cls = b;
}

static void tiles_to_plain(const pb_domain *d, const pb_state *s, uint8_t *values)
{
	for (int c = 0; c < d->cells; c++)
		values[c] = d->unlabel[pb_cell_at(d, s->cells, c)];
}

static int tiles_from_plain(const pb_domain *d, const uint8_t *values, pb_state *out, char *err,
			    size_t errlen)
{
	uint32_t seen = 0;
	pb_cells cells = 0;
	int blank = -1;

	for (int c = 0; c < d->cells; c++) {
		unsigned v = values[c];

		if (v >= (unsigned)d->cells || seen & (1u << v))
			return pb_domain_fail(err, errlen, "cell %d: %s %u", c,
					      v >= (unsigned)d->cells ? "out of range" : "again", v);
		seen |= 1u << v;
		if (!v)
			blank = c;
		PB_WITH_KERNEL(d, cells = pb_cell_put(K, cells, c, d->label[v]));
	}
	out->cells = cells;
	out->cls = blank;
	return 0;
}

static int tiles_set_goal(pb_domain *d, const char *text, size_t len, char *err, size_t errlen)
{
	uint8_t values[PB_MAX_CELLS];
	int label = 1;

	if (pb_parse_values(d, text, len, values, err, errlen))
		return -1;
	set_identity_labels(d);
	/* Relabel each tile by its goal cell, the blank's skipped. */
	for (int c = 0; c < d->cells; c++) {
		if (!values[c]) {
			set_goal_blank(d, c);
			continue;
		}
		d->label[values[c]] = (uint8_t)label;
		d->unlabel[label++] = values[c];
	}
	return 0;
}

/* SLIDE4: (the rank of the tiles without the blank, halved, and its lost
 * digit set by parity) and the blank's cell, as pb_kernel_index reads
 * them. */
static void tiles_unindex(const pb_domain *d, uint64_t index, pb_state *s)
{
	unsigned digits[PB_RANK_MAX], sum = 0;
	uint64_t perm, low;
	int m = d->cells - 1, b = (int)(index % (uint64_t)d->cells);

	pb_rank_digits(index / (uint64_t)d->cells * 2, m, digits);
	for (int i = 0; i < m - 2; i++)
		sum += digits[i];
	/* the digit of weight 1! sets the parity (digit sum = inversions) */
	digits[m - 2] = (sum & 1u) ^ pb_tiles_parity_needed(d, b);
	perm = pb_perm_from_digits(digits, m) + d->tile_ones;
	low = b ? perm & ((1ULL << (4 * b)) - 1) : 0;
	s->cells = low | (b + 1 < NARROW_CELLS ? (perm >> (4 * b)) << (4 * (b + 1)) : 0);
	s->cls = b;
}

/* The first two tiles (not the blank) swapped: the other parity class. */
static void tiles_twin(const pb_domain *d, const pb_state *s, pb_state *out)
{
	uint8_t values[PB_MAX_CELLS], v;
	int a = s->cls == 0 ? 1 : 0, b = s->cls == a + 1 ? a + 2 : a + 1;

	tiles_to_plain(d, s, values);
	v = values[a];
	values[a] = values[b];
	values[b] = v;
	tiles_from_plain(d, values, out, NULL, 0);
}

/* Where an index exists, a uniform index (so that datasets made so far
 * stay as they are); else a Fisher-Yates shuffle of the values, moved into
 * the goal's class by its twin when it lands in the other (a bijection, so
 * the result stays uniform). */
static void tiles_random(const pb_domain *d, const pb_random *r, pb_state *out)
{
	uint8_t values[PB_MAX_CELLS];

	if (d->index_count) {
		tiles_unindex(d, r->below(r->rng, d->index_count), out);
		return;
	}
	pb_shuffled_values(d, r, values);
	tiles_from_plain(d, values, out, NULL, 0);
	if (!pb_solvable(d, out))
		tiles_twin(d, out, out);
}

/* Manhattan distance: the internal goal holds label t at the t-th cell
 * but the blank's. */
static int tiles_estimate(const pb_domain *d, const pb_state *s)
{
	int w = d->width, sum = 0;

	for (int c = 0; c < d->cells; c++) {
		int t = (int)pb_cell_at(d, s->cells, c), g = t - 1 < d->goal_blank ? t - 1 : t;

		if (t)
			sum += abs(c % w - g % w) + abs(c / w - g / w);
	}
	return sum;
}

static const pb_domain_ops tiles_ops = {
	.parse = pb_parse_by_values,
	.format = pb_format_by_values,
	.set_goal = tiles_set_goal,
	.to_plain = tiles_to_plain,
	.from_plain = tiles_from_plain,
	.unindex = tiles_unindex,
	.random = tiles_random,
	.twin = tiles_twin,
	.estimate = tiles_estimate,
};

static void init_moves(pb_domain *d)
{
	int w = d->width, h = d->height;

	d->nmoves = PB_SLIDE_MOVES;
	d->nclasses = d->cells;
	d->move_sep = "";
	for (int m = 0; m < PB_SLIDE_MOVES; m++) {
		strcpy(d->move_names[m], tile_moves[m].name);
		d->inverse[m] = (uint8_t)(m ^ 1);
		for (int c = 0; c < d->cells; c++) {
			int r = c / w + tile_moves[m].drow, col = c % w + tile_moves[m].dcol;
			bool on = r >= 0 && r < h && col >= 0 && col < w;

			d->next_class[c][m] = (int8_t)(on ? r * w + col : -1);
		}
	}
	pb_domain_finish_moves(d);
}

static int tiles_init(pb_domain *d, int w, int h)
{
	int n = w * h, bits;

	d->ops = &tiles_ops;
	d->kernel = n <= NARROW_CELLS ? PB_KERNEL_SLIDE4 : PB_KERNEL_SLIDE5;
	bits = n <= NARROW_CELLS ? 4 : 5;
	d->width = w;
	d->height = h;
	d->cells = n;
	d->board = true;
	d->blank = true;
	d->plain_low = 0;
	d->plain_high = n - 1;
	init_moves(d);
	d->state_count = 1;
	for (int k = 3; k <= n; k++)
		d->state_count *= (pb_cells)k;
	d->index_count = n <= NARROW_CELLS ? (uint64_t)d->state_count : 0;
	for (int c = 0; c < n; c++)
		d->cell_ones |= (pb_cells)1 << (bits * c);
	if (n <= NARROW_CELLS)
		d->tile_ones = (uint64_t)d->cell_ones & ~(1ULL << (4 * (n - 1)));
	if (n <= NARROW_CELLS && n - 1 <= PB_SMALL_VALUES) {
		pb_domain_index_tables(d, n - 1, 1, (uint32_t)n);
		for (int c = 0; c < n; c++)
			d->cell_sevens |= 7ULL << (4 * c);
	}
	d->compact_parse = n == 9 || n == 10;
	set_identity_labels(d);
	/* POJ 1077's goal: 1..n-1, then the blank. */
	set_goal_blank(d, n - 1);
	return 0;
}

/* Parse "W" "x" "H" from "tilesWxH"'s tail. */
static int parse_board(const char *s, int *w, int *h)
{
	char *end;
	long a, b;

	errno = 0;
	a = strtol(s, &end, 10);
	if (end == s || (*end != 'x' && *end != 'X') || !isdigit((unsigned char)*s))
		return -1;
	s = end + 1;
	if (!isdigit((unsigned char)*s))
		return -1;
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

/* The square boards' classic names. */
static const struct {
	const char *name;
	int width, height;
} named_boards[] = {
	{ "8puzzle", 3, 3 },
	{ "15puzzle", 4, 4 },
	{ "24puzzle", 5, 5 },
};

int pb_tiles_make(const pb_family *f, pb_domain *d, const char *name, char *err, size_t errlen)
{
	int w = 0, h = 0;

	if (!strcmp(f->pattern, "tilesWxH")) {
		if (strncmp(name, "tiles", 5))
			return 1;
		if (parse_board(name + 5, &w, &h))
			return pb_domain_fail(err, errlen, "unknown domain '%s': a board is tilesWxH with W, H >= 2 and "
					      "W*H <= %d", name, PB_MAX_CELLS);
		return tiles_init(d, w, h);
	}
	for (size_t i = 0; i < sizeof(named_boards) / sizeof(named_boards[0]); i++)
		if (!strcmp(name, named_boards[i].name) && !strcmp(f->pattern, name))
			return tiles_init(d, named_boards[i].width, named_boards[i].height);
	return 1;
}
