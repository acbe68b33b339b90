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
 * start, taking the least move that stays on a shortest path.
 *
 * Written once for any kernel and instantiated for each (kernel.h); a
 * state's class is found again from its cells where the tables give only
 * the cells. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../core/queue.h"
#include "../core/table.h"
#include "registry.h"

/* A table value: the move that reached the state plus one (0 at the root),
 * its depth, and a mark for the lexicographic read. */
#define TAG_BITS 5
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

_Static_assert(PB_MAX_MOVES + 1 < (1 << TAG_BITS), "a move and one fit the tag");
_Static_assert(TAG_BITS + 8 < 15, "the tag and depth leave the ON_PATH bit");

static int side_init(side *sd, pb_search *s, const pb_state *root, bool forward, int words)
{
	sd->forward = forward;
	sd->depth = 0;
	if (pb_table_init(&sd->seen, &s->meter, 1024, words))
		return -1;
	if (pb_queue_init(&sd->frontier, &s->meter, 1024, words)) {
		pb_table_release(&sd->seen);
		return -1;
	}
	if (pb_table_insert(&sd->seen, root->cells, make_value(0, 0), NULL, words) < 0 ||
	    pb_queue_push(&sd->frontier, root->cells, PB_NO_MOVE, words))
		return -1;
	return 0;
}

static void side_release(side *sd)
{
	pb_table_release(&sd->seen);
	pb_queue_release(&sd->frontier);
}

/* The state of cells C, its class found from them. */
static inline __attribute__((always_inline)) pb_state
state_of(const pb_kernel k, const pb_domain *d, pb_cells c)
{
	return (pb_state){ c, pb_kernel_class(k, d, c) };
}

/* The neighbour of X by M in the side's direction: false where there is
 * none (the move not legal that way). */
static inline __attribute__((always_inline)) bool
step(const pb_kernel k, const pb_domain *d, bool forward, const pb_state *x, int m, pb_state *y)
{
	int cls = forward ? d->next_class[x->cls][m] : d->prev_class[x->cls][m];

	if (cls < 0)
		return false;
	y->cells = forward ? pb_kernel_move(k, d, x->cells, x->cls, m)
			   : pb_kernel_unmove(k, d, x->cells, x->cls, m);
	y->cls = cls;
	return !pb_kernel_stays(k, x->cells, y->cells);
}

/* Expand the side's whole current layer. Sets *BEST to the shortest
 * meeting length found (unchanged if none) and *MEET to its state. */
static inline __attribute__((always_inline)) pb_status
expand_layer(const pb_kernel k, const pb_domain *d, side *sd, const side *other, pb_search *s,
	     unsigned *best, pb_cells *meet)
{
	const int words = pb_kernel_words(k);
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

		x = state_of(k, d, pb_queue_pop(&sd->frontier, &last, words));
		if ((st = pb_search_poll(s)) != PB_SOLVED)
			return st;
		/* a rehash that would end past the deadline is put off once */
		if (pb_table_will_grow(&sd->seen, (size_t)d->nmoves) &&
		    (st = pb_search_can_afford(s, pb_table_grow_ns(&sd->seen))) != PB_SOLVED) {
			if (st != PB_TIMEOUT || sd->seen.hold)
				return st;
			sd->seen.hold = 1;
		}
		s->expanded++;
		for (int m = 0; m < d->nmoves; m++) {
			const uint16_t *there;
			int fresh;

			/* the domain's pruning, read in the side's direction */
			if (last != PB_NO_MOVE && (sd->forward ? d->pruned_after[last] >> m
							       : d->pruned_after[m] >> last) & 1u)
				continue;
			if (!step(k, d, sd->forward, &x, m, &y))
				continue;
			s->generated++;
			fresh = pb_table_insert(&sd->seen, y.cells, make_value(depth, (unsigned)m + 1), NULL,
						words);
			if (fresh < 0)
				return pb_search_alloc_failed(s);
			if (!fresh)
				continue;
			if (pb_queue_push(&sd->frontier, y.cells, (uint8_t)m, words))
				return pb_search_alloc_failed(s);
			there = pb_table_find(&other->seen, y.cells, words);
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
static inline __attribute__((always_inline)) int
walk_to_root(const pb_kernel k, const pb_domain *d, const side *sd, pb_cells cells,
	     uint8_t *moves)
{
	pb_state x = state_of(k, d, cells);
	const uint16_t *v;
	int n = 0;
	unsigned tag;

	/* (bounded, and a state not found ends it: a plugin's domain whose
	 * inverses break the contract gets a wrong answer, not a crash) */
	while (n < PB_MAX_PATH / 2 && (v = pb_table_find(&sd->seen, x.cells, pb_kernel_words(k))) &&
	       (tag = *v & TAG_MASK)) {
		moves[n++] = (uint8_t)(tag - 1);
		/* undo the side's step */
		step(k, d, !sd->forward, &x, (int)tag - 1, &x);
	}
	return n;
}

static inline __attribute__((always_inline)) void
read_path(const pb_kernel k, const pb_domain *d, const side *fw, const side *bw, pb_cells meet,
	  pb_path *out)
{
	int n = walk_to_root(k, d, fw, meet, out->moves);

	for (int i = 0, j = n - 1; i < j; i++, j--) {
		uint8_t m = out->moves[i];

		out->moves[i] = out->moves[j];
		out->moves[j] = m;
	}
	out->length = n + walk_to_root(k, d, bw, meet, out->moves + n);
}

/* Mark the forward states of depth < A that lead, layer by layer, to a
 * state of depth A that the backward side holds at depth B. One scan of
 * the table sorts its used slots by depth (8 bytes a forward state, for as
 * long as the marking lasts), so that each layer is then visited alone.
 * Returns 0, or -1 when the meter refused that index. */
static inline __attribute__((always_inline)) int
mark_on_path(const pb_kernel k, const pb_domain *d, pb_search *s, side *fw, const side *bw,
	     unsigned a, unsigned b)
{
	const int words = pb_kernel_words(k);
	pb_table *t = &fw->seen;
	size_t start[MAX_DEPTH + 2] = { 0 };
	size_t *slots;

	for (size_t i = 0; i <= t->mask; i++)
		if (pb_table_used(t, i) && value_depth(t->values[i]) <= a)
			start[value_depth(t->values[i]) + 1]++;
	for (unsigned depth = 1; depth <= a + 1; depth++)
		start[depth] += start[depth - 1];
	if (!(slots = pb_alloc(&s->meter, (start[a + 1] ? start[a + 1] : 1) * sizeof(*slots))))
		return -1;
	for (size_t i = 0; i <= t->mask; i++)
		if (pb_table_used(t, i) && value_depth(t->values[i]) <= a)
			slots[start[value_depth(t->values[i])]++] = i;
	/* start[D] is now where depth D + 1 begins: depth D is
	 * [start[D - 1], start[D]) */
	for (size_t j = a ? start[a - 1] : 0; j < start[a]; j++) {
		const uint16_t *there;
		size_t i = slots[j];

		there = pb_table_find(&bw->seen, pb_table_key(t, i, words), words);
		if (there && value_depth(*there) == b)
			t->values[i] |= ON_PATH;
	}
	for (unsigned depth = a; depth-- > 0;) {
		for (size_t j = depth ? start[depth - 1] : 0; j < start[depth]; j++) {
			size_t i = slots[j];
			pb_state x = state_of(k, d, pb_table_key(t, i, words)), y;

			for (int m = 0; m < d->nmoves; m++) {
				const uint16_t *v;

				if (!step(k, d, true, &x, m, &y))
					continue;
				v = pb_table_find(t, y.cells, words);
				if (v && value_depth(*v) == depth + 1 && (*v & ON_PATH)) {
					t->values[i] |= ON_PATH;
					break;
				}
			}
		}
	}
	pb_free(slots);
	return 0;
}

/* From the start, take the least move that stays on a shortest path. */
static inline __attribute__((always_inline)) pb_status
read_least_path(const pb_kernel k, const pb_domain *d, pb_search *s, side *fw, const side *bw,
		const pb_state *start, unsigned length, pb_path *out)
{
	const int words = pb_kernel_words(k);
	unsigned a = (unsigned)fw->depth, b = length - a;
	pb_state x = *start;

	if (mark_on_path(k, d, s, fw, bw, a, b))
		return pb_search_alloc_failed(s);
	for (unsigned i = 0; i < length; i++) {
		for (int m = 0; m < d->nmoves; m++) {
			pb_state y;
			const uint16_t *v;
			bool on;

			if (!step(k, d, true, &x, m, &y))
				continue;
			if (i < a) {
				v = pb_table_find(&fw->seen, y.cells, words);
				on = v && value_depth(*v) == i + 1 && (*v & ON_PATH);
			} else {
				v = pb_table_find(&bw->seen, y.cells, words);
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
	return PB_SOLVED;
}

static inline __attribute__((always_inline)) pb_status
solve_with(const pb_kernel k, const pb_domain *d, const pb_state *start, pb_search *s,
	   pb_path *out)
{
	const int words = pb_kernel_words(k);
	side fw, bw;
	unsigned none = ~0u, best = none;
	pb_cells meet = 0;
	pb_status st = PB_SOLVED;

	if (!pb_kernel_solvable(k, d, start->cells, start->cls))
		return PB_UNSOLVABLE;
	if (pb_kernel_equal(k, start->cells, d->goal.cells)) {
		out->length = 0;
		return PB_SOLVED;
	}
	memset(&fw, 0, sizeof(fw));
	memset(&bw, 0, sizeof(bw));
	if (side_init(&fw, s, start, true, words) || side_init(&bw, s, &d->goal, false, words)) {
		side_release(&fw);
		side_release(&bw);
		return pb_search_alloc_failed(s);
	}
	s->generated++; /* the goal, the backward search's start */
	while (best == none && st == PB_SOLVED) {
		if (!fw.frontier.count || !bw.frontier.count) {
			st = PB_UNSOLVABLE;
			break;
		}
		if (fw.frontier.count <= bw.frontier.count)
			st = expand_layer(k, d, &fw, &bw, s, &best, &meet);
		else
			st = expand_layer(k, d, &bw, &fw, s, &best, &meet);
	}
	if (st == PB_SOLVED && d->lex_smallest)
		st = read_least_path(k, d, s, &fw, &bw, start, best, out);
	else if (st == PB_SOLVED)
		read_path(k, d, &fw, &bw, meet, out);
	side_release(&fw);
	side_release(&bw);
	return st;
}

static pb_status bibfs_solve(void *ctx, const pb_state *start, pb_search *s,
			     pb_path *out)
{
	const pb_domain *d = ctx;

	s->generated++; /* the start (docs/measurements.md, Nodes) */
#define SOLVE(K, T) case K: return solve_with(K, d, start, s, out);
	switch (d->kernel) { PB_KERNELS(SOLVE) }
#undef SOLVE
	return PB_FAILED;
}

static const char *bibfs_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				  char *why, size_t whylen)
{
	(void)self;
	(void)cfg;
	return pb_domain_needs_inverse(d, "bibfs", why, whylen);
}

static pb_status bibfs_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			       pb_search *s, void **ctx)
{
	(void)self;
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
