/* A plugin's domain (include/puzzlebench/plugin.h, pb_plugin_space) on the
 * GENERIC kernels: its cells packed as the kernels keep them (each cell's
 * value + 1 in as many bits as the number of values has, so that no
 * state's low word is 0), its moves its own functions, one class (every
 * move is tried; the kernel says where the space refused one). Puzzles are
 * the cells' numbers separated by blanks; answers the move names, joined
 * by nothing where every name is one character. */
#include "domain.h"

#include <stdio.h>
#include <string.h>

/* The bits the number N has in binary. */
static int bits_of(unsigned n)
{
	int b = 0;

	for (; n; n >>= 1)
		b++;
	return b;
}

static void generic_to_plain(const pb_domain *d, const pb_state *s, uint8_t *values)
{
	PB_WITH_KERNEL(d, pb_generic_unpack(K, d, s->cells, values));
}

static int generic_from_plain(const pb_domain *d, const uint8_t *values, pb_state *out,
			      char *err, size_t errlen)
{
	for (int c = 0; c < d->cells; c++)
		if (values[c] > d->plain_high)
			return pb_domain_fail(err, errlen, "cell %d: %u is out of range 0..%d", c,
					      values[c], d->plain_high);
	PB_WITH_KERNEL(d, out->cells = pb_generic_pack(K, d, values));
	out->cls = 0;
	return 0;
}

/* The cells' numbers, any blanks between. */
static int generic_parse(const pb_domain *d, const char *text, size_t len, pb_state *out,
			 char *err, size_t errlen)
{
	uint8_t values[PB_MAX_CELLS];
	size_t i = 0;
	int count = 0;

	for (;;) {
		size_t start;
		unsigned v = 0;

		while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' ||
				   text[i] == '\n'))
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && text[i] >= '0' && text[i] <= '9' && v <= (unsigned)d->plain_high)
			v = v * 10 + (unsigned)(text[i++] - '0');
		if (i == start || (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' &&
				   text[i] != '\n')) {
			size_t end = i;

			while (end < len && text[end] != ' ' && text[end] != '\t')
				end++;
			if (i > start && end > i && text[i] >= '0' && text[i] <= '9')
				return pb_domain_fail(err, errlen, "value '%.*s' is out of range 0..%d",
						      (int)(end - start > 20 ? 20 : end - start),
						      text + start, d->plain_high);
			return pb_domain_fail(err, errlen, "unexpected '%.*s' (want a number 0..%d)",
					      (int)(end - start > 20 ? 20 : end - start), text + start,
					      d->plain_high);
		}
		if (v > (unsigned)d->plain_high)
			return pb_domain_fail(err, errlen, "value %u is out of range 0..%d", v,
					      d->plain_high);
		if (count < d->cells)
			values[count] = (uint8_t)v;
		count++;
	}
	if (count != d->cells)
		return pb_domain_fail(err, errlen, "%d value%s where %d %s wanted", count,
				      count == 1 ? "" : "s", d->cells, d->cells == 1 ? "is" : "are");
	return generic_from_plain(d, values, out, err, errlen);
}

static size_t generic_format(const pb_domain *d, const pb_state *s, char *buf, size_t size)
{
	uint8_t values[PB_MAX_CELLS];
	size_t used = 0;

	generic_to_plain(d, s, values);
	if (size)
		buf[0] = '\0';
	for (int c = 0; c < d->cells; c++)
		used += (size_t)snprintf(buf + used, size > used ? size - used : 0, "%s%u",
					 c ? " " : "", values[c]);
	return used;
}

static void generic_unindex(const pb_domain *d, uint64_t index, pb_state *out)
{
	uint8_t values[PB_MAX_CELLS];

	d->space->unrank(d->space->data, index, values);
	PB_WITH_KERNEL(d, out->cells = pb_generic_pack(K, d, values));
	out->cls = 0;
}

static void generic_random(const pb_domain *d, const pb_random *r, pb_state *out)
{
	uint8_t values[PB_MAX_CELLS];

	if (!d->space->sample) {
		generic_unindex(d, r->below(r->rng, d->index_count), out);
		return;
	}
	d->space->sample(d->space->data, r->below, r->rng, values);
	PB_WITH_KERNEL(d, out->cells = pb_generic_pack(K, d, values));
	out->cls = 0;
}

/* The ops of a space, with UNINDEX and RANDOM where it offers them
 * (pb_domain_ops says NULL where there is none). One goal: the space's
 * (its tests, rank and heuristics are about it). */
#define GENERIC_OPS(UNINDEX, RANDOM)                                                     \
	{                                                                                \
		.parse = generic_parse, .format = generic_format, .set_goal = NULL,     \
		.to_plain = generic_to_plain, .from_plain = generic_from_plain,        \
		.unindex = UNINDEX, .random = RANDOM, .twin = NULL, .estimate = NULL,  \
	}

static const pb_domain_ops generic_ops = GENERIC_OPS(generic_unindex, generic_random);
static const pb_domain_ops generic_ops_sampled = GENERIC_OPS(NULL, generic_random);
static const pb_domain_ops generic_ops_unindexed = GENERIC_OPS(NULL, NULL);

/* A move name: 1..PB_PLUGIN_MOVE_NAME_MAX printable characters, none a
 * blank. */
static bool name_ok(const char *name)
{
	size_t n = name ? strlen(name) : 0;

	if (!n || n > PB_PLUGIN_MOVE_NAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (name[i] <= ' ' || name[i] >= 0x7f)
			return false;
	return true;
}

/* The space's sizes and names against the contract's limits. */
static int check_space(const pb_plugin_space *p, char *err, size_t errlen)
{
	int bits;

	if (p->cells < 1 || p->cells > PB_PLUGIN_MAX_CELLS)
		return pb_domain_fail(err, errlen, "%d cells (1..%d)", p->cells, PB_PLUGIN_MAX_CELLS);
	if (p->values < 2 || p->values > 255)
		return pb_domain_fail(err, errlen, "%d values a cell (2..255)", p->values);
	bits = bits_of((unsigned)p->values);
	if (bits * p->cells > 128)
		return pb_domain_fail(err, errlen, "%d cells of %d bits do not fit in 128", p->cells,
				      bits);
	if (p->nmoves < 1 || p->nmoves > PB_PLUGIN_MAX_MOVES)
		return pb_domain_fail(err, errlen, "%d moves (1..%d)", p->nmoves, PB_PLUGIN_MAX_MOVES);
	if (!p->apply || !p->goal || !p->move_names)
		return pb_domain_fail(err, errlen, "no %s", !p->apply ? "apply" : !p->goal ? "goal"
											    : "move_names");
	for (int m = 0; m < p->nmoves; m++) {
		if (!name_ok(p->move_names[m]))
			return pb_domain_fail(err, errlen, "move %d's name is not 1..%d printable "
					      "characters without a blank", m, PB_PLUGIN_MOVE_NAME_MAX);
		for (int k = 0; k < m; k++)
			if (!strcmp(p->move_names[k], p->move_names[m]))
				return pb_domain_fail(err, errlen, "two moves are called '%s'",
						      p->move_names[m]);
		if (p->inverse && p->inverse[m] >= p->nmoves && p->inverse[m] != PB_PLUGIN_NO_MOVE)
			return pb_domain_fail(err, errlen, "move '%s': its inverse %u is no move",
					      p->move_names[m], p->inverse[m]);
	}
	for (int c = 0; c < p->cells; c++)
		if (p->goal[c] >= p->values)
			return pb_domain_fail(err, errlen, "the goal's cell %d holds %u, out of range 0..%d",
					      c, p->goal[c], p->values - 1);
	if ((p->rank != NULL) != (p->unrank != NULL) || ((p->rank != NULL) != (p->index_count > 0)))
		return pb_domain_fail(err, errlen, "a rank needs rank, unrank and index_count, all three");
	/* the rank covers the goal's class: the test says which states are in it */
	if (p->rank && !p->solvable)
		return pb_domain_fail(err, errlen, "a rank needs a solvability test (it ranks the "
				      "goal's class only)");
	return 0;
}

int pb_generic_init(pb_domain *d, const pb_plugin_space *space, char *err, size_t errlen)
{
	bool letters = true;

	if (check_space(space, err, errlen))
		return -1;
	d->space = space;
	d->cell_bits = bits_of((unsigned)space->values);
	d->kernel = d->cell_bits * space->cells <= 64 ? PB_KERNEL_GENERIC1 : PB_KERNEL_GENERIC2;
	for (int c = 0; c < space->cells && c < 16; c++)
		d->generic_mask[c / 8] |= 0xffULL << (8 * (c % 8));
	d->index_count = space->rank ? space->index_count : 0;
	d->state_count = d->index_count;
	d->ops = d->index_count ? &generic_ops : space->sample ? &generic_ops_sampled
							       : &generic_ops_unindexed;
	d->cells = space->cells;
	d->width = space->cells;
	d->height = 1;
	d->plain_low = 0;
	d->plain_high = space->values - 1;
	d->nmoves = space->nmoves;
	d->nclasses = 1;
	for (int m = 0; m < d->nmoves; m++) {
		snprintf(d->move_names[m], sizeof(d->move_names[m]), "%s", space->move_names[m]);
		letters &= !space->move_names[m][1];
		d->inverse[m] = space->inverse ? space->inverse[m] : PB_NO_MOVE;
		d->next_class[0][m] = 0;
	}
	d->move_sep = letters ? "" : " ";
	pb_domain_finish_moves(d);
	d->goal_blank = -1;
	for (int c = 0; c < d->cells; c++) {
		d->label[c] = d->unlabel[c] = (uint8_t)c;
		d->goal_label[c] = space->goal[c];
	}
	PB_WITH_KERNEL(d, d->goal.cells = pb_generic_pack(K, d, space->goal));
	d->goal.cls = 0;
	return 0;
}
