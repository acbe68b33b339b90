/* bibfs: bidirectional breadth-first search. Each side keeps its visited
 * states in a hash table with their depth and the move that reached them;
 * the side with the smaller frontier expands one whole layer at a time, and
 * the search stops after the first layer in which the sides meet: with both
 * sides' layers complete, the meeting found there is a shortest path (no
 * path is shorter than the two depths plus one, and a meeting in that layer
 * has exactly that length).
 *
 * Where the answer must be the lexicographically least shortest path, the
 * forward states that lie on some shortest path are marked, layer by layer
 * back from the meeting layer, and the path is then read greedily from the
 * start, taking the least move that stays on a shortest path. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../core/queue.h"
#include "../core/table.h"
#include "registry.h"

/* A table value: the move that reached the state plus one (0 at the root),
 * its depth, and a mark for the lexicographic read. */
#define TAG_BITS 3
#define TAG_MASK ((1u << TAG_BITS) - 1)
#define DEPTH_MASK 0xFFu
#define ON_PATH 0x8000u
#define MAX_DEPTH DEPTH_MASK

typedef struct side {
	pb_table seen;
	pb_queue frontier;
	int depth;    /* depth of the states now in frontier */
	bool forward; /* forward: moves applied; backward: undone */
} side;

static unsigned value_depth(uint16_t v)
{
	return (v >> TAG_BITS) & DEPTH_MASK;
}

static uint16_t make_value(unsigned depth, unsigned tag)
{
	return (uint16_t)(depth << TAG_BITS | tag);
}

static int side_init(side *sd, pb_search *s, const pb_state *root, bool forward)
{
	sd->forward = forward;
	sd->depth = 0;
	if (pb_table_init(&sd->seen, &s->meter, 1024))
		return -1;
	if (pb_queue_init(&sd->frontier, &s->meter, 1024)) {
		pb_table_release(&sd->seen);
		return -1;
	}
	if (pb_table_insert(&sd->seen, root->cells, make_value(0, 0), NULL) < 0 ||
	    pb_queue_push(&sd->frontier, root->cells, PB_NO_MOVE))
		return -1;
	return 0;
}

static void side_release(side *sd)
{
	pb_table_release(&sd->seen);
	pb_queue_release(&sd->frontier);
}

static void fill_blank(const pb_domain *d, pb_state *x)
{
	x->blank = d->kind == PB_TILES ? pb_find_blank(d, x->cells) : -1;
}

/* The neighbour of X by M in the side's direction. */
static bool step(const pb_domain *d, const side *sd, const pb_state *x, int m,
		 pb_state *y)
{
	return sd->forward ? pb_apply(d, x, m, y) : pb_unapply(d, x, m, y);
}

/* Expand the side's whole current layer. Sets *BEST to the shortest
 * meeting length found (unchanged if none) and *MEET to its state. */
static pb_status expand_layer(const pb_domain *d, side *sd, const side *other,
			      pb_search *s, unsigned *best, uint64_t *meet)
{
	size_t layer = sd->frontier.count;
	unsigned depth = (unsigned)sd->depth + 1;
	pb_status st;

	if (depth > MAX_DEPTH) {
		snprintf(s->message, sizeof(s->message), "depth beyond %d", MAX_DEPTH);
		return PB_FAILED;
	}
	while (layer--) {
		pb_state x, y;
		uint8_t last;

		x.cells = pb_queue_pop(&sd->frontier, &last);
		fill_blank(d, &x);
		if ((st = pb_search_poll(s)) != PB_SOLVED)
			return st;
		/* a rehash that would end past the deadline is put off once */
		if (pb_table_will_grow(&sd->seen, PB_MAX_MOVES) &&
		    (st = pb_search_can_afford(s, pb_table_grow_ns(&sd->seen))) != PB_SOLVED) {
			if (st != PB_TIMEOUT || sd->seen.hold)
				return st;
			sd->seen.hold = 1;
		}
		s->expanded++;
		for (int m = 0; m < d->nmoves; m++) {
			const uint16_t *there;
			int fresh;

			if (last != PB_NO_MOVE && d->inverse[last] == m)
				continue;
			if (!step(d, sd, &x, m, &y))
				continue;
			s->generated++;
			fresh = pb_table_insert(&sd->seen, y.cells, make_value(depth, (unsigned)m + 1), NULL);
			if (fresh < 0)
				return pb_search_alloc_failed(s);
			if (!fresh)
				continue;
			if (pb_queue_push(&sd->frontier, y.cells, (uint8_t)m))
				return pb_search_alloc_failed(s);
			there = pb_table_find(&other->seen, y.cells);
			if (there && depth + value_depth(*there) < *best) {
				*best = depth + value_depth(*there);
				*meet = y.cells;
			}
		}
	}
	sd->depth = (int)depth;
	return PB_SOLVED;
}

/* Follow a side's recorded moves from CELLS back to its root, writing the
 * moves into MOVES in walking order; returns how many. */
static int walk_to_root(const pb_domain *d, const side *sd, uint64_t cells,
			uint8_t *moves)
{
	pb_state x = { .cells = cells };
	int n = 0;
	unsigned tag;

	fill_blank(d, &x);
	while ((tag = *pb_table_find(&sd->seen, x.cells) & TAG_MASK)) {
		moves[n++] = (uint8_t)(tag - 1);
		/* undo the side's step */
		if (sd->forward)
			pb_unapply(d, &x, tag - 1, &x);
		else
			pb_apply(d, &x, tag - 1, &x);
	}
	return n;
}

static void read_path(const pb_domain *d, const side *fw, const side *bw,
		      uint64_t meet, pb_path *out)
{
	int n = walk_to_root(d, fw, meet, out->moves);

	for (int i = 0, j = n - 1; i < j; i++, j--) {
		uint8_t m = out->moves[i];

		out->moves[i] = out->moves[j];
		out->moves[j] = m;
	}
	out->length = n + walk_to_root(d, bw, meet, out->moves + n);
}

/* Mark the forward states of depth < A that lead, layer by layer, to a
 * state of depth A that the backward side holds at depth B. */
static void mark_on_path(const pb_domain *d, side *fw, const side *bw,
			 unsigned a, unsigned b)
{
	pb_table *t = &fw->seen;

	for (size_t i = 0; i <= t->mask; i++) {
		const uint16_t *there;

		if (!t->keys[i] || value_depth(t->values[i]) != a)
			continue;
		there = pb_table_find(&bw->seen, t->keys[i]);
		if (there && value_depth(*there) == b)
			t->values[i] |= ON_PATH;
	}
	for (unsigned depth = a; depth-- > 0;) {
		for (size_t i = 0; i <= t->mask; i++) {
			pb_state x = { .cells = t->keys[i] }, y;

			if (!x.cells || value_depth(t->values[i]) != depth)
				continue;
			fill_blank(d, &x);
			for (int m = 0; m < d->nmoves; m++) {
				const uint16_t *v;

				if (!pb_apply(d, &x, m, &y))
					continue;
				v = pb_table_find(t, y.cells);
				if (v && value_depth(*v) == depth + 1 && (*v & ON_PATH)) {
					t->values[i] |= ON_PATH;
					break;
				}
			}
		}
	}
}

/* From the start, take the least move that stays on a shortest path. */
static void read_least_path(const pb_domain *d, side *fw, const side *bw,
			    const pb_state *start, unsigned length, pb_path *out)
{
	unsigned a = (unsigned)fw->depth, b = length - a;
	pb_state x = *start;

	mark_on_path(d, fw, bw, a, b);
	for (unsigned i = 0; i < length; i++) {
		for (int m = 0; m < d->nmoves; m++) {
			pb_state y;
			const uint16_t *v;
			bool on;

			if (!pb_apply(d, &x, m, &y))
				continue;
			if (i < a) {
				v = pb_table_find(&fw->seen, y.cells);
				on = v && value_depth(*v) == i + 1 && (*v & ON_PATH);
			} else {
				v = pb_table_find(&bw->seen, y.cells);
				on = v && value_depth(*v) == length - i - 1;
			}
			if (on) {
				out->moves[i] = (uint8_t)m;
				x = y;
				break;
			}
		}
	}
	out->length = (int)length;
}

static pb_status bibfs_solve(void *ctx, const pb_state *start, pb_search *s,
			     pb_path *out)
{
	const pb_domain *d = ctx;
	side fw, bw;
	unsigned none = ~0u, best = none;
	uint64_t meet = 0;
	pb_status st = PB_SOLVED;

	if (!pb_solvable(d, start))
		return PB_UNSOLVABLE;
	if (pb_is_goal(d, start)) {
		out->length = 0;
		return PB_SOLVED;
	}
	memset(&fw, 0, sizeof(fw));
	memset(&bw, 0, sizeof(bw));
	if (side_init(&fw, s, start, true) || side_init(&bw, s, &d->goal, false)) {
		side_release(&fw);
		side_release(&bw);
		return pb_search_alloc_failed(s);
	}
	while (best == none && st == PB_SOLVED) {
		if (!fw.frontier.count || !bw.frontier.count) {
			st = PB_UNSOLVABLE;
			break;
		}
		if (fw.frontier.count <= bw.frontier.count)
			st = expand_layer(d, &fw, &bw, s, &best, &meet);
		else
			st = expand_layer(d, &bw, &fw, s, &best, &meet);
	}
	if (st == PB_SOLVED && d->lex_smallest)
		read_least_path(d, &fw, &bw, start, best, out);
	else if (st == PB_SOLVED)
		read_path(d, &fw, &bw, meet, out);
	side_release(&fw);
	side_release(&bw);
	return st;
}

static const char *bibfs_supports(const pb_domain *d, const pb_config *cfg,
				  char *why, size_t whylen)
{
	(void)d, (void)cfg, (void)why, (void)whylen;
	return NULL;
}

static pb_status bibfs_prepare(const pb_domain *d, const pb_config *cfg,
			       pb_search *s, void **ctx)
{
	(void)cfg, (void)s;
	*ctx = (void *)d;
	return PB_SOLVED;
}

static void bibfs_release(void *ctx)
{
	(void)ctx;
}

const pb_solver pb_solver_bibfs = {
	.name = "bibfs",
	.summary = "bidirectional breadth-first search, whole layers, smaller frontier first",
	.supports = bibfs_supports,
	.prepare = bibfs_prepare,
	.solve = bibfs_solve,
	.release = bibfs_release,
	.heuristics = PB_NO_HEURISTICS,
	.cost = PB_COST_BIDIRECTIONAL,
};
