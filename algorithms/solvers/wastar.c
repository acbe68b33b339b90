/* Three best-first searches that trade answer length for time (issue
 * 32), one loop configured by its order and its stopping rule:
 *
 * - wastar:w=W, weighted A* (Pohl, "Heuristic search viewed as path
 *   finding in a graph", 1970): nodes in order of g + W*h, ties to the
 *   smaller g (the smaller g + h, as Burns, Hatem, Leighton & Ruml's
 *   weighted A* breaks them: shorter answers than ties to the larger g,
 *   by 1 to 3% on Korf's 100). A state met again by a shorter path is moved, and reopened
 *   if it was expanded already, as astar does; so an answer is at most W
 *   times the optimal length (an admissible h), and W = 1 is A*.
 * - gbfs, greedy best-first search: nodes in order of h, ties to the
 *   smaller g. An open state met again by a shorter path takes it; an
 *   expanded one is never reopened. It promises nothing of the length.
 * - awastar:w=W, anytime weighted A* (Hansen & Zhou, "Anytime heuristic
 *   search", JAIR 28, 2007): weighted A*'s order, but it goes on after an
 *   answer, reporting each better one (pb_search_answer), and prunes
 *   every node whose g + h is not below the best answer's length, at
 *   generation and when it comes up. When no node is left the last answer
 *   is proven optimal; when the time or memory limit ends it after an
 *   answer, that answer is returned with s->cut set. Unlike the paper's
 *   version, a goal is taken when it comes up, not when generated, so that
 *   even the first answer is weighted A*'s, within W of optimal.
 *
 * A weight W is kept as a fraction p/q in lowest terms (1.5 = 3/2), so
 * that the priority is an integer, q*g + p*h, and the open list one of
 * buckets: by that, then by h, the larger first (for one priority, the
 * larger h is the smaller g). Greedy's buckets are by h, then by g. The keys pass 255 (g
 * reaches hundreds of moves: greedy's answers with Manhattan distance are
 * 2.7 times optimal on Korf's 15-puzzles, up to 466 moves on his
 * 24-puzzles), so the open list is core/wide_open.h's, not the node
 * store's byte-keyed buckets.
 *
 * Memory (core/nodes.h's store): a state in one array, 8 bytes for each
 * word of its cells and 8 for the rest (16 bytes on boards of up to 16
 * cells, Magic Squares, pancakes up to 16 and the cube; 24 on larger
 * ones), 8 bytes a slot of the hash table (at most 3/4 full: 10.7 bytes a
 * state at its fullest), so 26.7 bytes a state kept on the 15-puzzle
 * (34.7 on the 24-puzzle), plus 4 bytes an open entry (one per time a
 * state is queued) and the buckets' unused room. g takes no byte more:
 * its low byte is the node's g, its high bits the top seven of the
 * node's flag byte, the lowest being the closed flag (g up to 32767 moves,
 * far above PB_MAX_PATH). h is not kept: an entry's keys give it back.
 * Everything comes from the meter, so the memory limit ends the search
 * with PB_MEMOUT.
 *
 * Written once and instantiated for each kernel (kernel.h) and each of
 * the three searches: in every instance the order, the pruning and the
 * kernel's moves and heuristic update are constants. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "../core/nodes.h"
#include "../core/wide_open.h"
#include "informed.h"
#include "registry.h"

/* Which search (a constant in each instance). */
enum mode { WEIGHTED, GREEDY, ANYTIME };

/* A node's flag byte: bit 0 closed (expanded), bits 1..7 g >> 8. */
#define CLOSED 1u
#define G_HIGH_SHIFT 1
#define MAX_G ((1 << 15) - 1)
_Static_assert(PB_MAX_PATH <= MAX_G, "a path's length fits a node's g");

/* A weight is taken exactly to three decimals (q divides 1000); one with
 * more is rounded down (so that its bound still holds), which keeps q,
 * and the keys, small. */
#define WEIGHT_DECIMALS 3
#define NO_ANSWER INT_MAX

typedef struct wsearch {
	const pb_domain *d;
	const pb_heur *h;
	pb_search *s;
	pb_nodes nodes;
	pb_wide_open open;
	uint32_t p, q;  /* the weight, p/q */
	int incumbent;  /* awastar: the best answer's length, or NO_ANSWER */
	bool too_long;  /* a node was left unexpanded at PB_MAX_PATH moves */
} wsearch;

PB_INLINE int node_g(const pb_node *n)
{
	return n->g | (n->flags >> G_HIGH_SHIFT) << 8;
}

/* Give N the length G, and leave it open (not closed). */
PB_INLINE void node_set_g(pb_node *n, int g)
{
	n->g = (uint8_t)g;
	n->flags = (uint8_t)((g >> 8) << G_HIGH_SHIFT);
}

/* The open list's keys of a node at G with heuristic H: weighted A*'s
 * priority, then within one priority the larger h first (the smaller g:
 * at equal g + w h, the smaller g + h), as Burns et al.'s weighted A*
 * breaks its ties; greedy's h, then the smaller g. H stays at most H_TOP
 * (a cost of the node store's: the heuristics here never pass it). */
#define H_TOP (PB_COSTS - 1)
PB_INLINE uint32_t key_a(const wsearch *w, const int mode, int g, int h)
{
	return mode == GREEDY ? (uint32_t)h : w->q * (uint32_t)g + w->p * (uint32_t)h;
}

PB_INLINE uint32_t key_b(const int mode, int g, int h)
{
	return (uint32_t)(mode == GREEDY ? g : H_TOP - h);
}

/* h from the keys of an entry (key_a, key_b). */
PB_INLINE int h_of_keys(const int mode, uint32_t a, uint32_t b)
{
	return mode == GREEDY ? (int)a : H_TOP - (int)b;
}

/* A heuristic value past H_TOP: the search cannot order it. */
static pb_status too_high(wsearch *w, int h)
{
	snprintf(w->s->message, sizeof(w->s->message), "a heuristic value of %d, past %d", h,
		 H_TOP);
	return PB_FAILED;
}

/* Expand node ID (at G, heuristic H): generate, look up and queue its
 * successors. Returns PB_SOLVED to go on. */
PB_INLINE pb_status expand(wsearch *w, const pb_kernel k, const int mode, uint32_t id, int g,
			   int h)
{
	const pb_domain *d = w->d;
	pb_cells x, children[PB_MAX_MOVES];
	int cls, ng = g + 1, to[PB_MAX_MOVES];
	uint8_t moves[PB_MAX_MOVES];
	pb_heur_parts parts;
	bool have_parts = false;
	/* the successors' slots first, fetched together */
	int n = pb_informed_children(k, d, &w->nodes, id, &x, &cls, children, to, moves);

	w->s->expanded++;
	w->s->generated += (uint64_t)n;
	for (int i = 0; i < n; i++) {
		uint32_t cid = pb_nodes_find(&w->nodes, k, children[i]);
		pb_node *ci;
		int nh;

		if (cid != PB_NO_NODE) {
			ci = pb_nodes_node(&w->nodes, k, cid);
			if (node_g(ci) <= ng || (mode == GREEDY && (ci->flags & CLOSED)))
				continue;
		}
		nh = pb_informed_child_h(w->h, k, x, cls, h, &parts, &have_parts, children[i],
					 to[i], moves[i]);
		if (__builtin_expect(nh > H_TOP, 0))
			return too_high(w, nh);
		if (mode == ANYTIME && ng + nh >= w->incumbent)
			continue; /* no better answer through it */
		if (cid == PB_NO_NODE) {
			cid = pb_nodes_add(&w->nodes, k, children[i],
					   (pb_node){ id, 0, moves[i], (uint8_t)to[i], 0 }, 0);
			if (cid == PB_NO_NODE)
				return pb_search_alloc_failed(w->s);
		} /* else met again, closer: moved (reopened where it was closed) */
		ci = pb_nodes_node(&w->nodes, k, cid);
		ci->parent = id;
		ci->move = moves[i];
		node_set_g(ci, ng);
		if (pb_wide_open_push(&w->open, cid, key_a(w, mode, ng, nh), key_b(mode, ng, nh)))
			return pb_search_alloc_failed(w->s);
	}
	return PB_SOLVED;
}

/* The search from START until an answer (awastar: until none is left to
 * improve it), into OUT. */
PB_INLINE pb_status search(wsearch *w, const pb_kernel k, const int mode, const pb_state *start,
			   pb_path *out)
{
	int h0 = (int)pb_heur_value(w->h, start);

	if (h0 > H_TOP)
		return too_high(w, h0);

	if (pb_nodes_add(&w->nodes, k, start->cells,
			 (pb_node){ PB_NO_NODE, 0, PB_NO_MOVE, (uint8_t)start->cls, 0 },
			 0) == PB_NO_NODE ||
	    pb_wide_open_push(&w->open, 0, key_a(w, mode, 0, h0), key_b(mode, 0, h0)))
		return pb_search_alloc_failed(w->s);
	for (;;) {
		uint32_t a, b, id = pb_wide_open_pop(&w->open, &a, &b);
		pb_node *n;
		pb_status st;
		int g, h;

		if (id == PB_NO_NODE)
			break;
		n = pb_nodes_node(&w->nodes, k, id);
		g = node_g(n);
		h = h_of_keys(mode, a, b);
		if ((n->flags & CLOSED) || key_a(w, mode, g, h) != a || key_b(mode, g, h) != b)
			continue; /* an entry left behind when the state moved */
		if (mode == ANYTIME && g + h >= w->incumbent)
			continue; /* pruned: no better answer through it */
		if (pb_kernel_equal(k, pb_nodes_cells(&w->nodes, k, id), w->d->goal.cells)) {
			out->length = pb_nodes_path(&w->nodes, k, id, out->moves);
			if (mode != ANYTIME)
				return PB_SOLVED;
			w->incumbent = g;
			n->flags |= CLOSED;
			pb_search_answer(w->s, out);
			continue;
		}
		st = pb_search_poll(w->s);
		if (st != PB_SOLVED)
			return st;
		n->flags |= CLOSED;
		if (g >= PB_MAX_PATH) {
			w->too_long = true; /* an answer through it would not fit a path */
			continue;
		}
		st = expand(w, k, mode, id, g, h);
		if (st != PB_SOLVED)
			return st;
	}
	/* no node left */
	if (mode == ANYTIME && w->incumbent != NO_ANSWER)
		return PB_SOLVED; /* the last answer, proven optimal */
	if (w->too_long) {
		snprintf(w->s->message, sizeof(w->s->message), "no answer within %d moves",
			 PB_MAX_PATH);
		return PB_FAILED;
	}
	return PB_UNSOLVABLE; /* exhausted: not past the parity test */
}

/* The context: the heuristic, and the weight p/q. */
typedef struct wastar_ctx {
	pb_informed informed;
	uint32_t p, q;
} wastar_ctx;

PB_INLINE pb_status solve_with(const pb_kernel k, const int mode, const wastar_ctx *c,
			       const pb_state *start, pb_search *s, pb_path *out)
{
	wsearch w;
	pb_status st;

	if (!pb_kernel_solvable(k, c->informed.d, start->cells, start->cls))
		return PB_UNSOLVABLE;
	memset(&w, 0, sizeof(w));
	w.d = c->informed.d;
	w.h = &c->informed.h;
	w.s = s;
	w.p = c->p;
	w.q = c->q;
	w.incumbent = NO_ANSWER;
	pb_wide_open_init(&w.open, &s->meter);
	if (pb_nodes_init(&w.nodes, &s->meter, k, false))
		st = pb_search_alloc_failed(s);
	else
		st = search(&w, k, mode, start, out);
	pb_nodes_free(&w.nodes);
	pb_wide_open_free(&w.open);
	/* a limit that ends an anytime search after an answer leaves that
	 * answer (in OUT already), which keeps the weight's bound */
	if (mode == ANYTIME && w.incumbent != NO_ANSWER && (st == PB_TIMEOUT || st == PB_MEMOUT)) {
		s->cut = true;
		st = PB_SOLVED;
	}
	return st;
}

/* The search MODE with the kernel of the domain, chosen once. */
PB_INLINE pb_status solve_mode(const int mode, void *ctx, const pb_state *start, pb_search *s,
			       pb_path *out)
{
	const wastar_ctx *c = ctx;

	s->generated++; /* the start (docs/measurements.md, Nodes) */
#define SOLVE(K, T) case K: return solve_with(K, mode, c, start, s, out);
	switch (c->informed.d->kernel) { PB_KERNELS(SOLVE) }
#undef SOLVE
	return PB_FAILED;
}

static pb_status wastar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	return solve_mode(WEIGHTED, ctx, start, s, out);
}

static pb_status gbfs_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	return solve_mode(GREEDY, ctx, start, s, out);
}

static pb_status awastar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	return solve_mode(ANYTIME, ctx, start, s, out);
}

static pb_status wastar_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				pb_search *s, void **ctx)
{
	pb_status st = pb_informed_prepare(d, cfg, s, sizeof(wastar_ctx), ctx);
	const char *w = pb_solver_param(self, "w");
	wastar_ctx *c = *ctx;

	if (st != PB_SOLVED)
		return st;
	c->p = c->q = 1;
	if (w) {
		int64_t p, q;

		pb_solver_param_fraction(self, "w", WEIGHT_DECIMALS, &p, &q);
		c->p = (uint32_t)p;
		c->q = (uint32_t)q;
	}
	return PB_SOLVED;
}

/* The weight's range: 100 keeps q*g + p*h far below 2^32. */
static const pb_param weight_params[] = {
	{ .key = "w", .summary = "the weight W of h: answers at most W times optimal",
	  .min = 1, .max = 100, .def = "2", .decimal = true },
	{ 0 },
};

const pb_solver pb_solver_wastar = {
	.name = "wastar",
	.summary = "weighted A*: buckets by g + w*h (ties to smaller g), reopening; within w of optimal",
	.supports = pb_informed_supports,
	.prepare = wastar_prepare,
	.solve = wastar_solve,
	.release = pb_informed_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
	.params = weight_params,
	.guarantee = PB_GUARANTEE_BOUNDED,
	.bound_param = "w",
};

const pb_solver pb_solver_gbfs = {
	.name = "gbfs",
	.summary = "greedy best-first: buckets by h (ties to smaller g); no bound on length",
	.supports = pb_informed_supports,
	.prepare = wastar_prepare,
	.solve = gbfs_solve,
	.release = pb_informed_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
	.guarantee = PB_GUARANTEE_NONE,
};

const pb_solver pb_solver_awastar = {
	.name = "awastar",
	.summary = "anytime weighted A* (Hansen & Zhou): better answers until proven optimal",
	.supports = pb_informed_supports,
	.prepare = wastar_prepare,
	.solve = awastar_solve,
	.release = pb_informed_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
	.params = weight_params,
	.guarantee = PB_GUARANTEE_BOUNDED,
	.bound_param = "w",
	.anytime = true,
};
