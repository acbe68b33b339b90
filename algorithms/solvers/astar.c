/* A* (Hart, Nilsson & Raphael, "A formal basis for the heuristic
 * determination of minimum cost paths", 1968) over an open list of buckets
 * by f and, within f, by g, taking the largest g first; a closed set hashed
 * on the packed state; parent links for the path.
 *
 * A state met again by a shorter path is moved to its new bucket (its old
 * open entry is skipped when it comes up), and reopened if it was expanded
 * already, which only an inconsistent heuristic (the tiles pattern
 * databases) can cause. Within one (f, g) bucket the newest entry goes
 * first. The parameter ties (default high) takes the larger g first
 * within one f, ties=low the smaller: a variant, "astar:ties=low", of the
 * same code.
 *
 * Where answers must be the lexicographically least of the minimal ones
 * (Magic Squares), A* gives the optimal length L, and the answer is then
 * read by a depth-first walk from the start that tries the ops in order and
 * keeps to paths of length L: a successor is skipped when g + 1 + h passes
 * L, when A* reached it in fewer moves (no minimal path goes through it this
 * late), or when the walk already failed from it at this depth (it is
 * marked in the table). The first path found is the least, and no state is
 * walked from twice at one depth.
 *
 * The nodes, the hash table and the open list are the node store's
 * (core/nodes.h). Memory: a state in one array, 8 bytes for each word of
 * its cells and 8 for the rest (16 bytes on boards of up to 16 cells and
 * Magic Squares, 24 on larger boards), 8 bytes a slot in the hash table
 * (at most 3/4 full; a slot holds the state's number and a fingerprint of
 * it, so that a probe seldom visits a state that is not the one sought), 4
 * bytes an open entry; everything from the meter, so the memory limit ends
 * the search with PB_MEMOUT.
 *
 * Written once and instantiated for each kernel (kernel.h): the nodes'
 * width, the moves and the heuristic's update are the kernel's. */
#include <stdio.h>
#include <string.h>

#include "../core/nodes.h"
#include "informed.h"
#include "registry.h"

#define MAX_COST (PB_COSTS - 1)
#define CLOSED 1 /* a node's flag: expanded; or, in the least-path walk, failed at g */

typedef struct astar {
	const pb_domain *d;
	const pb_heur *h;
	pb_search *s;
	pb_nodes nodes;
	pb_buckets open; /* by f, then g: the largest g first (ties=high) or the least */
	bool low_ties;
	pb_status stop; /* why the walk stopped early */
} astar;

/* Add a node for CELLS (class CLS) reached in G moves; PB_NO_NODE when
 * memory is refused. */
PB_INLINE uint32_t add_node(astar *a, const pb_kernel k, pb_cells cells, int cls, int g)
{
	return pb_nodes_add(&a->nodes, k, cells,
			    (pb_node){ PB_NO_NODE, (uint8_t)g, PB_NO_MOVE, (uint8_t)cls, 0 }, 0);
}

/* Expand node ID (at f, g): generate, look up and queue its successors.
 * Returns PB_SOLVED to go on. */
PB_INLINE pb_status expand(astar *a, const pb_kernel k, uint32_t id, int f, int g)
{
	const pb_domain *d = a->d;
	pb_cells x, children[PB_MAX_MOVES];
	int h = f - g, cls, to[PB_MAX_MOVES];
	uint8_t moves[PB_MAX_MOVES];
	pb_heur_parts parts;
	bool have_parts = false;
	/* the successors' slots first, fetched together */
	int n = pb_informed_children(k, d, &a->nodes, id, &x, &cls, children, to, moves);

	a->s->expanded++;
	a->s->generated += (uint64_t)n;
	for (int i = 0; i < n; i++) {
		pb_cells child = children[i];
		int ng = g + 1, nh, nf;
		uint32_t cid = pb_nodes_find(&a->nodes, k, child);
		pb_node *ci;

		if (cid != PB_NO_NODE && pb_nodes_node(&a->nodes, k, cid)->g <= ng)
			continue;
		nh = pb_informed_child_h(a->h, k, x, cls, h, &parts, &have_parts, child, to[i],
					 moves[i]);
		nf = ng + nh;
		if (nf > MAX_COST) {
			snprintf(a->s->message, sizeof(a->s->message),
				 "a path longer than %d moves", MAX_COST);
			return PB_FAILED;
		}
		if (cid == PB_NO_NODE) {
			cid = add_node(a, k, child, to[i], ng);
			if (cid == PB_NO_NODE)
				return pb_search_alloc_failed(a->s);
		} /* else met again, closer: move it */
		ci = pb_nodes_node(&a->nodes, k, cid);
		ci->parent = id;
		ci->g = (uint8_t)ng;
		ci->move = moves[i];
		ci->flags = 0;
		if (pb_buckets_push(&a->open, cid, nf, ng))
			return pb_search_alloc_failed(a->s);
	}
	return PB_SOLVED;
}

/* The least-path walk (see the top) from X (class CLS), DEPTH moves from
 * the start, toward the goal at LENGTH moves; LAST is the move that
 * reached X (d->nmoves: none). Returns 1 when found (the moves in OUT), 0
 * when not, -1 when stopped. */
PB_INLINE int least_walk(astar *a, const pb_kernel k, pb_cells x, int cls, int depth, int length,
			 int last, pb_path *out);

static int least_walk_any(astar *a, pb_cells x, int cls, int depth, int length, int last,
			  pb_path *out);

PB_INLINE int least_walk(astar *a, const pb_kernel k, pb_cells x, int cls, int depth, int length,
			 int last, pb_path *out)
{
	const pb_domain *d = a->d;
	pb_status st = pb_search_poll(a->s);
	uint32_t tried = d->tried_after[cls][last];

	if (st != PB_SOLVED) {
		a->stop = st;
		return -1;
	}
	a->s->expanded++;
	for (int m = 0; m < d->nmoves; m++) {
		pb_state child;
		uint32_t cid;
		pb_node *ci;
		int r;

		if (!(tried & (1u << m)) ||
		    !pb_informed_successor(k, d, x, cls, m, &child.cells, &child.cls))
			continue;
		a->s->generated++;
		if (depth + 1 + (int)pb_heur_value(a->h, &child) > length)
			continue;
		out->moves[depth] = (uint8_t)m;
		if (pb_kernel_equal(k, child.cells, d->goal.cells))
			return 1;
		cid = pb_nodes_find(&a->nodes, k, child.cells);
		if (cid != PB_NO_NODE && (pb_nodes_node(&a->nodes, k, cid)->g < depth + 1 ||
				       (pb_nodes_node(&a->nodes, k, cid)->g == depth + 1 && (pb_nodes_node(&a->nodes, k, cid)->flags & CLOSED))))
			continue;
		r = least_walk_any(a, child.cells, child.cls, depth + 1, length, m, out);
		if (r)
			return r;
		/* no minimal path goes on from here at this depth */
		if (cid == PB_NO_NODE)
			cid = add_node(a, k, child.cells, child.cls, depth + 1);
		if (cid == PB_NO_NODE) {
			a->stop = pb_search_alloc_failed(a->s);
			return -1;
		}
		ci = pb_nodes_node(&a->nodes, k, cid);
		ci->g = (uint8_t)(depth + 1);
		ci->flags = CLOSED;
	}
	return 0;
}

/* The walk recurses through the kernel chosen at run time: it is not a hot
 * loop, and an inline function cannot call itself. */
static int least_walk_any(astar *a, pb_cells x, int cls, int depth, int length, int last,
			  pb_path *out)
{
	int r = -1;

	PB_WITH_KERNEL(a->d, r = least_walk(a, K, x, cls, depth, length, last, out));
	return r;
}

/* Replace A*'s path of LENGTH moves by the lexicographically least one. */
PB_INLINE pb_status least_path(astar *a, const pb_kernel k, const pb_state *start, int length,
			       pb_path *out)
{
	int r;

	/* the walk's marks reuse the closed flags */
	for (uint32_t id = 0; id < a->nodes.count; id++)
		pb_nodes_node(&a->nodes, k, id)->flags = 0;
	r = least_walk_any(a, start->cells, start->cls, 0, length, a->d->nmoves, out);
	if (r < 0)
		return a->stop;
	if (!r) {
		snprintf(a->s->message, sizeof(a->s->message),
			 "no path of %d moves found again (a heuristic that overestimates?)", length);
		return PB_FAILED;
	}
	out->length = length;
	return PB_SOLVED;
}

PB_INLINE pb_status search(astar *a, const pb_kernel k, const pb_state *start, pb_path *out)
{
	int h = (int)pb_heur_value(a->h, start);

	if (h > MAX_COST) {
		snprintf(a->s->message, sizeof(a->s->message), "a path longer than %d moves", MAX_COST);
		return PB_FAILED;
	}
	if (add_node(a, k, start->cells, start->cls, 0) == PB_NO_NODE ||
	    pb_buckets_push(&a->open, 0, h, 0))
		return pb_search_alloc_failed(a->s);
	for (;;) {
		int f, g;
		uint32_t id = a->low_ties ? pb_buckets_pop(&a->open, false, &f, &g)
					  : pb_buckets_pop(&a->open, true, &f, &g);
		pb_status st;
		pb_node *n;

		if (id == PB_NO_NODE)
			return PB_UNSOLVABLE; /* exhausted: not past the parity test */
		n = pb_nodes_node(&a->nodes, k, id);
		if ((n->flags & CLOSED) || n->g != g)
			continue; /* an entry left behind when the state moved */
		if (pb_kernel_equal(k, pb_nodes_cells(&a->nodes, k, id), a->d->goal.cells)) {
			out->length = pb_nodes_path(&a->nodes, k, id, out->moves);
			if (a->d->lex_smallest && out->length)
				return least_path(a, k, start, out->length, out);
			return PB_SOLVED;
		}
		st = pb_search_poll(a->s);
		if (st != PB_SOLVED)
			return st;
		n->flags = CLOSED;
		st = expand(a, k, id, f, g);
		if (st != PB_SOLVED)
			return st;
	}
}

/* The context: the heuristic, and the parameters' values. */
typedef struct astar_ctx {
	pb_informed informed;
	bool low_ties;
} astar_ctx;

PB_INLINE pb_status solve_with(const pb_kernel k, const astar_ctx *c, const pb_state *start,
			       pb_search *s, pb_path *out)
{
	astar a;
	pb_status st;

	if (!pb_kernel_solvable(k, c->informed.d, start->cells, start->cls))
		return PB_UNSOLVABLE;
	memset(&a, 0, sizeof(a));
	a.d = c->informed.d;
	a.h = &c->informed.h;
	a.s = s;
	a.low_ties = c->low_ties;
	pb_buckets_init(&a.open, &s->meter);
	if (pb_nodes_init(&a.nodes, &s->meter, k, false))
		st = pb_search_alloc_failed(s);
	else
		st = search(&a, k, start, out);
	pb_nodes_free(&a.nodes);
	pb_buckets_free(&a.open);
	return st;
}

static pb_status astar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const astar_ctx *c = ctx;

	s->generated++; /* the start (docs/measurements.md, Nodes) */
#define SOLVE(K, T) case K: return solve_with(K, c, start, s, out);
	switch (c->informed.d->kernel) { PB_KERNELS(SOLVE) }
#undef SOLVE
	return PB_FAILED;
}

static pb_status astar_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg, pb_search *s,
			       void **ctx)
{
	pb_status st = pb_informed_prepare(d, cfg, s, sizeof(astar_ctx), ctx);

	const char *ties = pb_solver_param(self, "ties");

	if (st == PB_SOLVED)
		((astar_ctx *)*ctx)->low_ties = ties && !strcmp(ties, "low");
	return st;
}

static const pb_param astar_params[] = {
	{ .key = "ties", .summary = "within one f, the larger g first (high) or the smaller (low)",
	  .choices = "high|low", .def = "high" },
	{ 0 },
};

const pb_solver pb_solver_astar = {
	.name = "astar",
	.summary = "A*: buckets by f (ties to larger g), closed set hashed on the packed state",
	.supports = pb_informed_supports,
	.prepare = astar_prepare,
	.solve = astar_solve,
	.release = pb_informed_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
	.params = astar_params,
};
