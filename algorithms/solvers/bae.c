/* BAE*, bidirectional A* with error (S. K. Sadhukhan, "Bidirectional
 * heuristic search based on error estimate", CSI Journal of Computing,
 * 2013; as A. Alcázar, P. Riddle and M. Barley give it, "A unifying view
 * on individual bounds and heuristic inaccuracies in bidirectional
 * search", AAAI 2020): each side ordered by f plus the error of the other
 * side's heuristic at the node, and a bound from the two sides' least.
 *
 * The rules, as here (moves cost 1):
 * - A node n of either side has b(n) = f(n) + d(n), where d(n) = g(n) -
 *   h_other(n) is how far the other side's heuristic (towards this side's
 *   root) falls short of the g the node was reached in: b = 2g + h -
 *   h_other. With consistent heuristics b never falls along a path, so a
 *   node taken at the least b has its least g.
 * - Each side expands its open nodes in order of b, the larger g first
 *   among equal b; the sides take turns.
 * - A node that the other side has expanded already is taken off without
 *   being expanded (BS*'s nipping, which BAE* keeps): the best path
 *   through it was counted in U when the two met.
 * - The lower bound on any path yet to be found is (bmin_F + bmin_B) / 2,
 *   rounded up (the cost of a path is a whole number of moves); the
 *   search ends when U reaches it, and U is then the optimal length; or
 *   when a side has no open node (then U, or no path at all).
 * - A child that the other side holds closes a path (U); a child of
 *   f >= U is not queued.
 * The bound needs consistent heuristics (all those bidir.h builds are);
 * with them the answer is optimal and no node is expanded twice.
 *
 * A node keeps its own h (the node store's byte); the other side's is
 * computed once a node gets a g (from scratch, on the kernel's path), and
 * b is kept only as its list's key. A b past the lists' costs (a path
 * far longer than the answer could ever need) is not queued but counted
 * as that last cost in the bound, so the bound stays a lower one; should a
 * side empty out with such nodes left, the search says so (PB_FAILED).
 *
 * The sides, the expansion with its check against the other side, the
 * backward heuristic and the path are the two-sided searches' (bidir.h).
 * Memory: the node store's, 17 bytes a node on one-word states (25 on
 * two), 8 bytes a hash slot (at most 3/4 full), 4 bytes a list entry;
 * from the meter. Written once and instantiated for each kernel. */
#include <stdio.h>
#include <string.h>

#include "bidir.h"
#include "registry.h"

/* A node's flags: open (queued), closed (expanded). */
#define OPEN PB_BIDIR_OPEN
#define CLOSED 2

#define MAX_B (PB_COSTS - 1)

typedef struct bae_side {
	pb_buckets open; /* by b, then g (the largest first) */
	size_t open_count;
	bool over; /* a node of b past MAX_B left unqueued */
	/* the nodes that got a g in the expansion under way, to queue once
	 * it is done (their b needs the kernel) */
	uint32_t fresh[PB_MAX_MOVES];
	int nfresh;
} bae_side;

typedef struct bae {
	pb_bidir b;
	bae_side side[2];
} bae;

/* Note node ID of side DIR (with its new g, and h H) to queue, unless no
 * path through it is shorter than U: the visit function of the expansion
 * (bidir.h). */
PB_INLINE int note(void *search, int dir, uint32_t id, pb_node *n, unsigned h, bool fresh)
{
	bae *x = search;
	bae_side *sd = &x->side[dir];

	(void)fresh;
	if (n->flags & OPEN)
		sd->open_count--;
	n->flags = 0;
	if (n->g + (int)h < x->b.best)
		sd->fresh[sd->nfresh++] = id;
	return 0;
}

/* Queue node ID of side DIR by its b. Returns 0, or -1 when memory was
 * refused. */
PB_INLINE int queue(bae *x, const pb_kernel k, int dir, uint32_t id)
{
	bae_side *sd = &x->side[dir];
	const pb_nodes *own = &x->b.side[dir].nodes;
	pb_node *n = pb_nodes_node(own, k, id);
	int other = (int)pb_bidir_h_value(&x->b, k, !dir, pb_nodes_cells(own, k, id), n->cls);
	int b = 2 * n->g + (int)own->h[id] - other;

	if (b > MAX_B) {
		sd->over = true;
		return 0;
	}
	sd->open_count++;
	n->flags = OPEN;
	return pb_buckets_push(&sd->open, id, b < 0 ? 0 : b, n->g);
}

/* The least b of side DIR's open nodes, the node in *ID and its g in *G
 * (its entry left on top), stale entries dropped; PB_COSTS when none.
 * (b is below 0 only where the other side's heuristic overestimates; it
 * is kept as 0.) */
PB_INLINE int least_b(bae *x, const pb_kernel k, int dir, uint32_t *id, int *g)
{
	pb_buckets *q = &x->side[dir].open;
	int b;

	while ((*id = pb_buckets_peek(q, true, &b, g)) != PB_NO_NODE) {
		const pb_node *n = pb_bidir_node(&x->b, k, dir, *id);

		if (n->flags == OPEN && n->g == *g)
			return b;
		pb_buckets_take(q, b, *g);
	}
	return PB_COSTS;
}

/* Whether the other side than DIR has expanded CELLS. */
PB_INLINE bool closed_beyond(const bae *x, const pb_kernel k, int dir, pb_cells cells)
{
	const pb_nodes *other = &x->b.side[!dir].nodes;
	uint32_t o = pb_nodes_find(other, k, cells);

	return o != PB_NO_NODE && (pb_nodes_node(other, k, o)->flags & CLOSED);
}

/* Take side DIR's node ID (of g G, at b B) off its list and expand it,
 * unless the other side has: then it is only taken off. */
PB_INLINE pb_status take(bae *x, const pb_kernel k, int dir, uint32_t id, int b, int g)
{
	bae_side *sd = &x->side[dir];
	pb_node *n = pb_bidir_node(&x->b, k, dir, id);
	pb_status st;

	pb_buckets_take(&sd->open, b, g);
	sd->open_count--;
	n->flags = CLOSED;
	if (closed_beyond(x, k, dir, pb_nodes_cells(&x->b.side[dir].nodes, k, id)))
		return PB_SOLVED;
	sd->nfresh = 0;
	if ((st = pb_bidir_expand(&x->b, k, dir, id, note, x)) != PB_SOLVED)
		return st;
	for (int i = 0; i < sd->nfresh; i++)
		if (queue(x, k, dir, sd->fresh[i]))
			return pb_search_alloc_failed(x->b.s);
	return PB_SOLVED;
}

PB_INLINE pb_status search(bae *x, const pb_kernel k, pb_path *out)
{
	pb_bidir *b = &x->b;
	int dir = PB_BIDIR_FORWARD;
	bool exhausted = false, stuck = false;
	pb_status st;

	for (;;) {
		uint32_t id[2];
		int least[2], g[2];

		for (int d = 0; d < 2; d++) {
			least[d] = least_b(x, k, d, &id[d], &g[d]);
			exhausted |= least[d] == PB_COSTS && !x->side[d].over;
			if (least[d] > MAX_B)
				least[d] = MAX_B; /* the unqueued nodes' b, at least */
		}
		if (exhausted || b->best <= (least[0] + least[1] + 1) / 2)
			break;
		if (id[dir] == PB_NO_NODE)
			dir = !dir;
		if ((stuck = id[dir] == PB_NO_NODE))
			break; /* only nodes past MAX_B are left */
		if ((st = pb_search_poll(b->s)) != PB_SOLVED)
			return st;
		if ((st = take(x, k, dir, id[dir], least[dir], g[dir])) != PB_SOLVED)
			return st;
		dir = !dir;
	}
	if (b->best >= PB_COSTS && exhausted)
		return PB_UNSOLVABLE;
	if (b->best >= PB_COSTS || stuck) {
		snprintf(b->s->message, sizeof(b->s->message),
			 "nodes of b past %d left unqueued, and no shorter path found", MAX_B);
		return PB_FAILED;
	}
	pb_bidir_path(b, k, out);
	return PB_SOLVED;
}

/* What the search adds to pb_bidir_solve: its roots (queued by their b) and
 * its loop on the domain's kernel. */
static int bae_roots(pb_bidir *b)
{
	int refused = 0;

	PB_WITH_KERNEL(b->d, refused = queue((bae *)b, K, PB_BIDIR_FORWARD, 0) ||
				       queue((bae *)b, K, PB_BIDIR_BACKWARD, 0));
	return refused ? -1 : 0;
}

PB_BIDIR_SEARCH_FN(bae_search, bae, search)

static const pb_bidir_search_ops bae_ops = {
	.roots = bae_roots,
	.search = bae_search,
	.width = PB_COSTS,
};

static pb_status bae_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	bae x;
	pb_buckets *lists[] = { &x.side[0].open, &x.side[1].open };

	memset(x.side, 0, sizeof(x.side));
	return pb_bidir_solve(&x.b, &bae_ops, lists, sizeof(lists) / sizeof(lists[0]), ctx, start, s,
			      out);
}

const pb_solver pb_solver_bae = {
	.name = "bae",
	.summary = "BAE*: bidirectional search ordered by f plus the other heuristic's error, bounded "
		   "by the sides' least (Sadhukhan 2013; Alcazar et al. 2020)",
	.prepare = pb_bidir_prepare,
	.solve = bae_solve,
	PB_BIDIR_SOLVER,
};
