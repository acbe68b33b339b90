/* USACO 3.2.5 Magic Squares (see domain.h) on the PERMUTE4 kernel. */
#include "domain.h"
#include "family.h"

#include <string.h>

/* Cells clockwise from the top left (USACO 3.2.5): after each op, cell i
 * holds what cell source[i] held. A swaps the rows, B shifts the columns
 * right, C turns the middle four clockwise. */
#define MSQUARE_CELLS 8
#define MSQUARE_OPS 3
static const char msquare_names[MSQUARE_OPS] = { 'A', 'B', 'C' };
static const uint8_t msquare_ops[MSQUARE_OPS][MSQUARE_CELLS] = {
	{ 7, 6, 5, 4, 3, 2, 1, 0 },
	{ 3, 0, 1, 2, 5, 6, 7, 4 },
	{ 0, 6, 1, 3, 4, 2, 5, 7 },
};
/* USACO writes the ops in lines of 60. */
#define USACO_LINE 60

/* The target's values: the value at cell c of the internal state (the
 * target's inverse) says where c + 1 stands in the target. */
static void msquare_to_plain(const pb_domain *d, const pb_state *s, uint8_t *values)
{
	for (int c = 0; c < d->cells; c++)
		values[pb_nibble((uint64_t)s->cells, c)] = (uint8_t)(c + 1);
}

static int msquare_from_plain(const pb_domain *d, const uint8_t *values, pb_state *out,
			      char *err, size_t errlen)
{
	uint64_t cells = 0;
	unsigned seen = 0;

	for (int c = 0; c < d->cells; c++) {
		unsigned v = values[c];

		if (v < 1 || v > (unsigned)d->cells || seen & (1u << v))
			return pb_domain_fail(err, errlen, "cell %d: %s %u", c,
					      v < 1 || v > (unsigned)d->cells ? "out of range" : "again", v);
		seen |= 1u << v;
		/* start = inverse of the target (see domain.h) */
		cells |= (uint64_t)c << (4 * (v - 1));
	}
	out->cells = cells;
	out->cls = 0;
	return 0;
}

static void msquare_unindex(const pb_domain *d, uint64_t index, pb_state *s)
{
	s->cells = pb_unrank(index, d->cells);
	s->cls = 0;
}

static void msquare_random(const pb_domain *d, const pb_random *r, pb_state *out)
{
	msquare_unindex(d, r->below(r->rng, d->index_count), out);
}

static const pb_domain_ops msquare_ops_table = {
	.parse = pb_parse_by_values,
	.format = pb_format_by_values,
	.set_goal = NULL,
	.to_plain = msquare_to_plain,
	.from_plain = msquare_from_plain,
	.unindex = msquare_unindex,
	.random = msquare_random,
	.twin = NULL,
	.estimate = NULL,
};

static void msquare_init(pb_domain *d)
{
	d->ops = &msquare_ops_table;
	d->kernel = PB_KERNEL_PERMUTE4;
	d->width = MSQUARE_CELLS / 2;
	d->height = 2;
	d->cells = MSQUARE_CELLS;
	d->plain_low = 1;
	d->plain_high = MSQUARE_CELLS;
	d->nmoves = MSQUARE_OPS;
	d->nclasses = 1;
	d->move_sep = "";
	d->answer_line = USACO_LINE;
	d->lex_smallest = true;
	for (int m = 0; m < MSQUARE_OPS; m++) {
		d->move_names[m][0] = msquare_names[m];
		memcpy(d->op_source[m], msquare_ops[m], MSQUARE_CELLS);
		d->inverse[m] = PB_NO_MOVE;
		d->next_class[0][m] = 0;
	}
	/* A undoes itself. */
	d->inverse[0] = 0;
	for (int c = 0; c < MSQUARE_CELLS; c++)
		d->op_source[MSQUARE_OPS][c] = (uint8_t)c;
	pb_domain_finish_moves(d);
	d->state_count = pb_factorial(MSQUARE_CELLS);
	d->index_count = pb_factorial(MSQUARE_CELLS);
	pb_domain_index_tables(d, MSQUARE_CELLS, 0, 1);
	d->goal_blank = -1;
	for (int c = 0; c < MSQUARE_CELLS; c++) {
		d->label[c] = d->unlabel[c] = (uint8_t)c;
		d->goal_label[c] = (uint8_t)c;
		d->goal.cells |= (pb_cells)c << (4 * c);
	}
	d->goal.cls = 0;
}

int pb_msquare_make(const pb_family *f, pb_domain *d, const char *name, char *err,
		    size_t errlen)
{
	(void)err, (void)errlen;
	if (strcmp(name, f->pattern))
		return 1;
	msquare_init(d);
	return 0;
}
