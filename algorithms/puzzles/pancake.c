/* The pancake puzzle (see domain.h) on the FLIP4 kernel up to 16 pancakes,
 * FLIP5 up to 25. */
#include "domain.h"
#include "family.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include <stdio.h>
#include <string.h>

/* The fewest pancakes a stack has (flips 2 and 3 then differ). */
#define PANCAKE_MIN 3

/* Internal labels are the places in the goal: cell i (from the top) of
 * the internal goal holds i, and label[v - 1] is the place of the pancake
 * of size v in the user's goal (by default the size less one), unlabel
 * the other way. */
static void pancake_to_plain(const pb_domain *d, const pb_state *s, uint8_t *values)
{
	for (int c = 0; c < d->cells; c++)
		values[c] = (uint8_t)(d->unlabel[pb_cell_at(d, s->cells, c)] + 1);
}

static int pancake_from_plain(const pb_domain *d, const uint8_t *values, pb_state *out,
			      char *err, size_t errlen)
{
	uint32_t seen = 0;
	pb_cells cells = 0;

	for (int c = 0; c < d->cells; c++) {
		unsigned v = values[c];
		bool in_range = v >= 1 && v <= (unsigned)d->cells;

		if (!in_range || seen & (1u << v))
			return pb_domain_fail(err, errlen, "cell %d: %s %u", c,
					      in_range ? "again" : "out of range", v);
		seen |= 1u << v;
		PB_WITH_KERNEL(d, cells = pb_cell_put(K, cells, c, d->label[v - 1]));
	}
	out->cells = cells;
	out->cls = 0;
	return 0;
}

/* Another goal: each pancake labelled by its place there. */
static int pancake_set_goal(pb_domain *d, const char *text, size_t len, char *err, size_t errlen)
{
	uint8_t values[PB_MAX_CELLS];

	if (pb_parse_values(d, text, len, values, err, errlen))
		return -1;
	for (int c = 0; c < d->cells; c++) {
		d->label[values[c] - 1] = (uint8_t)c;
		d->unlabel[c] = (uint8_t)(values[c] - 1);
	}
	return 0;
}

/* The index is the rank of the stack read from the bottom (see
 * pb_kernel_index). */
static void pancake_unindex(const pb_domain *d, uint64_t index, pb_state *s)
{
	PB_WITH_KERNEL(d, s->cells = pb_kernel_flip(K, (pb_cells)pb_unrank(index, d->cells), d->cells));
	s->cls = 0;
}

/* A uniform rank where there is an index (read from the top, as the
 * index was before it read from the bottom: the same seed gives the same
 * stacks), else a Fisher-Yates shuffle. */
static void pancake_random(const pb_domain *d, const pb_random *r, pb_state *out)
{
	uint8_t values[PB_MAX_CELLS];

	if (d->index_count) {
		out->cells = pb_unrank(r->below(r->rng, d->index_count), d->cells);
		out->cls = 0;
		return;
	}
	pb_shuffled_values(d, r, values);
	pancake_from_plain(d, values, out, NULL, 0);
}

/* The gaps (Helmert 2010): neighbours, the plate below the bottom
 * pancake included, whose sizes differ by more than one. Each flip
 * changes one neighbourhood, so every gap takes a flip. */
static int pancake_estimate(const pb_domain *d, const pb_state *s)
{
	int gaps = 0;

	for (int c = 0; c < d->cells; c++) {
		int a = (int)pb_cell_at(d, s->cells, c);
		int b = c + 1 < d->cells ? (int)pb_cell_at(d, s->cells, c + 1) : d->cells;

		gaps += a - b > 1 || b - a > 1;
	}
	return gaps;
}

static const pb_domain_ops pancake_ops = {
	.parse = pb_parse_by_values,
	.format = pb_format_by_values,
	.set_goal = pancake_set_goal,
	.to_plain = pancake_to_plain,
	.from_plain = pancake_from_plain,
	.unindex = pancake_unindex,
	.random = pancake_random,
	.twin = NULL,
	.estimate = pancake_estimate,
};

static void pancake_init(pb_domain *d, int n)
{
	d->ops = &pancake_ops;
	d->kernel = n <= PB_RANK_MAX ? PB_KERNEL_FLIP4 : PB_KERNEL_FLIP5;
	d->width = n;
	d->height = 1;
	d->cells = n;
	d->plain_low = 1;
	d->plain_high = n;
	d->nmoves = n - 1;
	d->nclasses = 1;
	d->move_sep = " ";
	for (int m = 0; m < d->nmoves; m++) {
		/* at most 25: two digits (the modulo tells the compiler so) */
		snprintf(d->move_names[m], sizeof(d->move_names[m]), "%u",
			 (unsigned)pb_flip_size(m) % 100u);
		d->inverse[m] = (uint8_t)m;
		d->next_class[0][m] = 0;
	}
	pb_domain_finish_moves(d);
	d->state_count = 1;
	for (int k = 2; k <= n; k++)
		d->state_count *= (pb_cells)k;
	d->index_count = n <= PB_RANK_MAX ? (uint64_t)d->state_count : 0;
	if (n <= PB_SMALL_VALUES)
		pb_domain_index_tables(d, n, 0, 1);
	d->goal_blank = -1;
	d->goal.cells = 0;
	for (int c = 0; c < n; c++) {
		d->label[c] = d->unlabel[c] = (uint8_t)c;
		d->goal_label[c] = (uint8_t)c;
		PB_WITH_KERNEL(d, d->goal.cells = pb_cell_put(K, d->goal.cells, c, (unsigned)c));
	}
	d->goal.cls = 0;
}

int pb_pancake_make(const pb_family *f, pb_domain *d, const char *name, char *err,
		    size_t errlen)
{
	size_t prefix = strlen("pancake");
	char *end;
	long n;

	(void)f;
	if (strncmp(name, "pancake", prefix))
		return 1;
	errno = 0;
	n = isdigit((unsigned char)name[prefix]) ? strtol(name + prefix, &end, 10) : -1;
	if (n < 0 || *end || errno || n < PANCAKE_MIN || n > PB_MAX_CELLS)
		return pb_domain_fail(err, errlen, "unknown domain '%s': a stack is pancakeN with %d <= N <= %d",
				      name, PANCAKE_MIN, PB_MAX_CELLS);
	pancake_init(d, (int)n);
	return 0;
}
