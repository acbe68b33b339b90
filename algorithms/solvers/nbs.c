/* NBS (J. Chen, R. C. Holte, S. Zilles and N. R. Sturtevant, "Front-to-end
 * bidirectional heuristic search with near-optimal node expansions", IJCAI
 * 2017): a search forward from the start with h towards the goal, and one
 * backward from the goal with h towards the start, that expands nodes in
 * pairs, one of each side, and never more than twice the states that any
 * admissible front-to-end bidirectional search must.
 *
 * Each side keeps its open nodes in two lists: waiting, by f = g + h, and
 * ready, by g. C is a lower bound on the cost of a path yet to be found:
 * every waiting node of f <= C becomes ready, and while the least g of the
 * two ready lists add up to C - 1 or less (moves cost 1), both of those
 * nodes are expanded; else C grows to the least of the waiting f values
 * and that sum plus 1. A successor that the other side holds closes a path
 * (U, the best so far); the search ends when C reaches U, which is then
 * the optimal length. Each list is a stack a cost (the newest entry
 * first), each entry checked when it comes up (a node met again by a
 * shorter path is pushed anew and its old entries skipped; a closed one
 * reopened).
 *
 * The sides, the expansion with its check against the other side, the
 * backward heuristic and the path are the two-sided searches' common part
 * (bidir.h): the backward heuristic is the chosen one built towards the
 * start in the forward side's labels, so it takes the heuristics built in
 * a moment (zero, manhattan, linear-conflict, gap, gap-k), the non-zero
 * ones on domains that take another goal (tiles, pancakes). A child's h
 * comes from its parent's (the tile that moved, the flip's one
 * neighbourhood), on either side.
 *
 * Memory: the node store's (core/nodes.h): a state in one array, 8 bytes
 * for each word of its cells and 8 for the rest, and a byte of h (17 bytes
 * on boards of up to 16 cells and stacks of up to 16 pancakes, 25 on
 * larger ones), 8 bytes a hash slot (at most 3/4 full), 4 bytes a list
 * entry; from the meter.
 *
 * Written once and instantiated for each kernel (kernel.h): the nodes'
 * width, the moves both ways and the heuristics' updates are the
 * kernel's. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "bidir.h"
#include "registry.h"

/* A node's flags: open (on a list), and ready (on the ready list, not the
 * waiting one). */
#define OPEN PB_BIDIR_OPEN
#define READY PB_BIDIR_READY

typedef struct nbs_side {
	pb_buckets waiting; /* by f (rows of one bucket) */
	pb_buckets ready;   /* by g (the same) */
	size_t open_count;
} nbs_side;

typedef struct nbs {
	pb_bidir b;
	nbs_side side[2];
} nbs;

/* Queue node ID of side DIR (with its new g, and h H) as waiting: the
 * visit function of the expansion (bidir.h). */
static inline int queue_waiting(void *search, int dir, uint32_t id, pb_node *n, unsigned h,
				bool fresh)
{
	nbs_side *sd = &((nbs *)search)->side[dir];
	int f = n->g + (int)h;

	(void)fresh;
	if (!(n->flags & OPEN))
		sd->open_count++;
	n->flags = OPEN;
	return f < PB_COSTS ? pb_buckets_push(&sd->waiting, id, f, 0) : 0;
}

/* The least f of side DIR's waiting nodes, the node in *ID (its entry left
 * on top), stale entries dropped; PB_COSTS when none.
 *
 * An entry is stale when its node is no longer waiting: the flags tell,
 * and the node's f need not be read (nor its h, in another array). A node
 * is pushed again only with a smaller f, so of its entries the one it
 * waits on now, the least, is taken first; when an older one comes up,
 * the node is ready, expanded, or waiting on a newer entry of a smaller f
 * still, which is impossible: that one would have come up before. */
PB_INLINE int least_waiting(nbs *x, const pb_kernel k, int dir, uint32_t *id)
{
	pb_buckets *q = &x->side[dir].waiting;
	int f, zero;

	while ((*id = pb_buckets_peek(q, true, &f, &zero)) != PB_NO_NODE) {
		if (pb_bidir_node(&x->b, k, dir, *id)->flags == OPEN) {
			assert(pb_bidir_node(&x->b, k, dir, *id)->g + (int)pb_bidir_h(&x->b, dir, *id) == f);
			return f;
		}
		pb_buckets_take(q, f, zero);
	}
	return PB_COSTS;
}

/* The least g of side DIR's ready nodes (bidir.h). */
PB_INLINE int least_ready(nbs *x, const pb_kernel k, int dir, uint32_t *id)
{
	return pb_bidir_least_ready(&x->b, k, dir, &x->side[dir].ready, id);
}

/* Every waiting node of side DIR with f <= C to ready. Returns 0, or -1
 * when memory was refused. */
PB_INLINE int make_ready(nbs *x, const pb_kernel k, int dir, int c)
{
	nbs_side *sd = &x->side[dir];
	uint32_t id;
	int f;

	while ((f = least_waiting(x, k, dir, &id)) <= c) {
		pb_node *n = pb_bidir_node(&x->b, k, dir, id);

		pb_buckets_take(&sd->waiting, f, 0);
		n->flags = OPEN | READY;
		if (pb_buckets_push(&sd->ready, id, n->g, 0))
			return -1;
	}
	return 0;
}

/* Expand ready node ID of side DIR, taken off its list. */
PB_INLINE pb_status expand(nbs *x, const pb_kernel k, int dir, uint32_t id)
{
	pb_bidir_node(&x->b, k, dir, id)->flags = 0;
	x->side[dir].open_count--;
	return pb_bidir_expand(&x->b, k, dir, id, queue_waiting, x);
}

PB_INLINE pb_status search(nbs *x, const pb_kernel k, pb_path *out)
{
	pb_bidir *b = &x->b;
	pb_status st;
	int c = 0;

	for (;;) {
		uint32_t u, v, w;
		int gf, gb, next, wf;

		if ((st = pb_search_poll(b->s)) != PB_SOLVED)
			return st;
		if (b->best <= c)
			break;
		if (!x->side[PB_BIDIR_FORWARD].open_count || !x->side[PB_BIDIR_BACKWARD].open_count)
			break;
		if (make_ready(x, k, PB_BIDIR_FORWARD, c) || make_ready(x, k, PB_BIDIR_BACKWARD, c))
			return pb_search_alloc_failed(b->s);
		gf = least_ready(x, k, PB_BIDIR_FORWARD, &u);
		gb = least_ready(x, k, PB_BIDIR_BACKWARD, &v);
		if (gf < PB_COSTS && gb < PB_COSTS && gf + gb + 1 <= c) {
			pb_buckets_take(&x->side[PB_BIDIR_FORWARD].ready, gf, 0);
			pb_buckets_take(&x->side[PB_BIDIR_BACKWARD].ready, gb, 0);
			if ((st = expand(x, k, PB_BIDIR_FORWARD, u)) != PB_SOLVED ||
			    (st = expand(x, k, PB_BIDIR_BACKWARD, v)) != PB_SOLVED)
				return st;
			continue;
		}
		next = least_waiting(x, k, PB_BIDIR_FORWARD, &w);
		wf = least_waiting(x, k, PB_BIDIR_BACKWARD, &w);
		if (wf < next)
			next = wf;
		if (gf < PB_COSTS && gb < PB_COSTS && gf + gb + 1 < next)
			next = gf + gb + 1;
		if (next >= PB_COSTS)
			break;
		c = next;
	}
	return pb_bidir_answer(b, k, out);
}

/* What the search adds to pb_bidir_solve: its roots (open and waiting) and
 * its loop on the domain's kernel. */
PB_BIDIR_SEARCH_FN(nbs_search, nbs, search)

static const pb_bidir_search_ops nbs_ops = {
	.visit = queue_waiting,
	.search = nbs_search,
	.width = 1,
};

static pb_status nbs_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	nbs x;
	pb_buckets *lists[] = { &x.side[0].waiting, &x.side[0].ready, &x.side[1].waiting,
				&x.side[1].ready };

	memset(x.side, 0, sizeof(x.side));
	return pb_bidir_solve(&x.b, &nbs_ops, lists, sizeof(lists) / sizeof(lists[0]), ctx, start, s,
			      out);
}

const pb_solver pb_solver_nbs = {
	.name = "nbs",
	.summary = "NBS: bidirectional heuristic search expanding pairs, near-optimal in expansions "
		   "(Chen et al. 2017)",
	.prepare = pb_bidir_prepare,
	.solve = nbs_solve,
	PB_BIDIR_SOLVER,
};
