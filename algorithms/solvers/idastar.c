/* IDA* (R. E. Korf, "Depth-first iterative-deepening: an optimal admissible
 * tree search", Artificial Intelligence 27, 1985): depth-first searches
 * bounded by f = g + h, each bound the least f that passed the one before.
 * Nothing is allocated: the state is passed down by value (a tiles board
 * of up to 16 cells is one 64-bit word, a move two shifts and an add) and
 * the caller's copy is the undo; the heuristic is updated from the one
 * tile that moves (its parts kept per depth); the moves tried after a move
 * leave out the one undoing it. The tables the hot loop reads (moves,
 * moves tried, Manhattan deltas) are copied next to each other into the
 * solve's own struct, so that it reaches them from one pointer.
 *
 * The search is written once and instantiated for every kernel and every
 * heuristic kind (one function each, the body inlined), so the hot loop
 * makes no indirect call and decides nothing per node about the domain or
 * the heuristic: the 4x4 board's loop shifts by four bits in one word and
 * adds a Manhattan delta from a table, the 5x5 board's works on two words,
 * Magic Squares' permutes eight cells and computes h afresh.
 *
 * Where answers must be the lexicographically least of the minimal ones
 * (Magic Squares), the last iteration tries the moves in order and the
 * first path found is the least: every prefix of a minimal path passes the
 * bound, since the heuristic is admissible. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "informed.h"
#include "registry.h"

/* One solve. */
typedef struct ida {
	const pb_domain *d;
	const pb_heur *h;
	pb_search *s;
	pb_cells goal;
	int bound;      /* f allowed in this iteration */
	int next_bound; /* least f above it seen */
	int length;     /* of the path found */
	pb_status stop; /* why the search stopped early */
	/* the class move m leads to from class c, at next_at (-1: not legal) */
	int8_t next[PB_MAX_CLASSES * PB_MAX_MOVES];
	/* the moves tried from class c after move l, at tried_at (l = nmoves:
	 * none yet) */
	uint32_t tried[PB_MAX_CLASSES * (PB_MAX_MOVES + 1)];
	/* the heuristic's Manhattan deltas (see pb_heur_delta_at) */
	int8_t md_delta[PB_MAX_CELLS * PB_MAX_CELLS * PB_SLIDE_MOVES];
	uint8_t path[PB_MAX_PATH];
	/* the heuristic's parts at each depth of the path, for the kinds that
	 * keep them */
	pb_heur_parts parts[PB_MAX_PATH];
} ida;

/* Results of a search below a node. */
enum { GO_ON = 0, FOUND = 1, STOPPED = -1 };

/* Where class C and move M lie in next and tried: rows of the kernel's
 * moves, and one more for tried (constants for tiles). */
PB_INLINE size_t next_at(const pb_kernel k, const pb_domain *d, int c, int m)
{
	return (size_t)c * (size_t)pb_kernel_nmoves(k, d) + (size_t)m;
}

PB_INLINE size_t tried_at(const pb_kernel k, const pb_domain *d, int c, int m)
{
	return (size_t)c * (size_t)(pb_kernel_nmoves(k, d) + 1) + (size_t)m;
}

/* One function per kernel and heuristic kind, each the search body
 * specialised for them (ida_search below), taking the cells in the
 * kernel's own type. They recurse into each other through ida_recurse;
 * noinline keeps the compiler from unrolling that recursion into itself
 * (which took minutes and a gigabyte to compile, for no gain at run
 * time). */
#define IDA_NAME(K, H) ida_##K##_##H
#define DECLARE_ONE(K, T, H) \
	static __attribute__((noinline)) int IDA_NAME(K, H)(ida *x, T cells, int cls, int g, int h, int last);
#define DECLARE(K, T) PB_HEURISTIC_KINDS(DECLARE_ONE, K, T)
PB_KERNELS(DECLARE)
#undef DECLARE
#undef DECLARE_ONE

/* The function for kernel K and kind HK: with both constants, one call. */
PB_INLINE int ida_recurse(ida *x, pb_cells cells, int cls, int g, int h, int last,
			  const pb_kernel k, const pb_heuristic_kind hk)
{
#define CALL_ONE(K, T, H)                                                                \
	if (k == K && hk == H)                                                           \
		return IDA_NAME(K, H)(x, (T)cells, cls, g, h, last);
#define CALL(K, T) PB_HEURISTIC_KINDS(CALL_ONE, K, T)
	PB_KERNELS(CALL)
#undef CALL
#undef CALL_ONE
	return STOPPED;
}

/* Expand the node CELLS (class CLS, reached in G moves by last move LAST
 * (d->nmoves at the start), heuristic H). The path is written on the way
 * back, once found. */
PB_INLINE int ida_search(ida *x, pb_cells cells, int cls, int g, int h, int last,
			 const pb_kernel k, const pb_heuristic_kind hk)
{
	const pb_domain *d = x->d;
	const pb_heur *heur = x->h;
	pb_search *s = x->s;
	pb_status st = pb_search_poll(s);
	unsigned generated = 0;
	uint32_t tried = x->tried[tried_at(k, d, cls, last)];
	int result = GO_ON, m;

	if (__builtin_expect(st != PB_SOLVED, 0)) {
		x->stop = st;
		return STOPPED;
	}
	s->expanded++;
#pragma GCC unroll 4
	for (m = 0; m < pb_kernel_nmoves(k, d); m++) {
		int to, nh, f;
		pb_cells child;
		pb_heur_change change;

		if (!(tried & (1u << m)))
			continue;
		to = x->next[next_at(k, d, cls, m)];
		child = pb_kernel_move_to(k, d, cells, cls, m, to);
		generated++;
		nh = (int)pb_heur_step_with(heur, x->md_delta, k, hk, cells, cls, (unsigned)h,
					    &x->parts[g], child, to, m, &change);
		f = g + 1 + nh;
		if (f > x->bound) {
			if (f < x->next_bound)
				x->next_bound = f;
			continue;
		}
		if (pb_kernel_equal(k, child, x->goal)) {
			x->length = g + 1;
			result = FOUND;
			break;
		}
		/* the child's parts only for the children gone down to */
		pb_heur_step_keep(heur, k, hk, &x->parts[g], &x->parts[g + 1], &change, cells, cls, to);
		result = ida_recurse(x, child, to, g + 1, nh, m, k, hk);
		/* the search goes on below nearly every node: the likely way */
		if (__builtin_expect(result != GO_ON, 0))
			break;
	}
	s->generated += generated;
	if (result == FOUND)
		x->path[g] = (uint8_t)m;
	return result;
}

#define DEFINE_ONE(K, T, H)                                                              \
	static __attribute__((noinline)) int IDA_NAME(K, H)(ida *x, T cells, int cls, int g, \
							   int h, int last)            \
	{                                                                                \
		return ida_search(x, (pb_cells)cells, cls, g, h, last, K, H);            \
	}
#define DEFINE(K, T) PB_HEURISTIC_KINDS(DEFINE_ONE, K, T)
PB_KERNELS(DEFINE)
#undef DEFINE
#undef DEFINE_ONE

/* Copy in the tables of the hot loop, as far as the board uses them. */
PB_INLINE void init_tables(ida *x, const pb_kernel k)
{
	const pb_domain *d = x->d;

	for (int c = 0; c < d->nclasses; c++) {
		for (int m = 0; m <= d->nmoves; m++) {
			if (m < d->nmoves)
				x->next[next_at(k, d, c, m)] = d->next_class[c][m];
			x->tried[tried_at(k, d, c, m)] = d->tried_after[c][m];
		}
	}
	if (x->h->info->kind == PB_HEUR_MANHATTAN)
		memcpy(x->md_delta, x->h->md_delta, pb_heur_delta_bytes(k, d->cells));
}

/* The root: the function for the domain's kernel and the heuristic's
 * kind, chosen once an iteration. */
static int search_root(ida *x, const pb_state *start, int h)
{
	pb_kernel kernel = x->d->kernel;
	pb_heuristic_kind kind = x->h->info->kind;
	int last = x->d->nmoves;

#define ROOT_ONE(K, T, H)                                                                \
	if (kernel == K && kind == H)                                                    \
		return IDA_NAME(K, H)(x, (T)start->cells, start->cls, 0, h, last);
#define ROOT(K, T) PB_HEURISTIC_KINDS(ROOT_ONE, K, T)
	PB_KERNELS(ROOT)
#undef ROOT
#undef ROOT_ONE
	return STOPPED;
}

static pb_status idastar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const pb_informed *c = ctx;
	ida x;
	int h;

	if (!pb_solvable(c->d, start))
		return PB_UNSOLVABLE;
	out->length = 0;
	if (pb_is_goal(c->d, start))
		return PB_SOLVED;
	/* the tables are filled as far as used, the path and parts as written */
	x.d = c->d;
	x.h = &c->h;
	x.s = s;
	x.goal = c->d->goal.cells;
	x.length = 0;
	x.stop = PB_SOLVED;
	PB_WITH_KERNEL(c->d, init_tables(&x, K));
	if (pb_heur_kind_has_parts(c->h.info->kind))
		pb_heur_parts_init(&c->h, start->cells, &x.parts[0]);
	h = (int)pb_heur_value(&c->h, start);
	for (x.bound = h; x.bound < PB_MAX_PATH; x.bound = x.next_bound) {
		int r;

		x.next_bound = INT_MAX;
		r = search_root(&x, start, h);
		if (r == FOUND) {
			out->length = x.length;
			memcpy(out->moves, x.path, (size_t)x.length);
			return PB_SOLVED;
		}
		if (r == STOPPED)
			return x.stop;
		if (x.next_bound == INT_MAX)
			return PB_UNSOLVABLE; /* exhausted: not past the parity test */
	}
	snprintf(s->message, sizeof(s->message), "no solution within %d moves", PB_MAX_PATH);
	return PB_FAILED;
}

static pb_status idastar_prepare(const pb_domain *d, const pb_config *cfg, pb_search *s,
				 void **ctx)
{
	return pb_informed_prepare(d, cfg, s, sizeof(pb_informed), ctx);
}

const pb_solver pb_solver_idastar = {
	.name = "idastar",
	.summary = "IDA*: iterative-deepening depth-first search on f = g + h, in place, no undoing moves",
	.supports = pb_informed_supports,
	.prepare = idastar_prepare,
	.solve = idastar_solve,
	.release = pb_informed_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
};
