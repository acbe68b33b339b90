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
 * The search is written once and instantiated for every pair of a kernel
 * and a heuristic kind that the table of heuristics lists (table.h; one
 * function each, the body inlined), so the hot loop makes no indirect call
 * and decides nothing per node about the domain or the heuristic: the 4x4
 * board's loop shifts by four bits in one word and adds a Manhattan delta
 * from a table, the 5x5 board's works on two words, Magic Squares'
 * permutes eight cells and computes h afresh.
 *
 * The moves are tried in Korf's order: on tiles boards the blank goes up,
 * left, right, down (to its new cell, lowest first), which is the order of
 * Burns, Hatem, Leighton & Ruml's IDA* (SoCS 2012) too; with it and the
 * counting of docs/measurements.md (the start generated once; each node that passes
 * the bound expanded, once an iteration; each of its children generated,
 * the move back to its parent never made; the search stopping at the
 * goal), Manhattan distance on Korf's 100 instances gives exactly the
 * nodes Korf (1985) reports (tests/solvers/test_korf_counts.c).
 *
 * Where answers must be the lexicographically least of the minimal ones
 * (Magic Squares), the last iteration tries the moves in order and the
 * first path found is the least: every prefix of a minimal path passes the
 * bound, since the heuristic is admissible.
 *
 * Weighted IDA* (widastar; named in R. E. Korf, "Linear-space best-first
 * search", Artificial Intelligence 62, 1993) is the same search bounding
 * g + w h instead, the weight w = p/q (from its decimal text: 1.5 is
 * 3/2) kept as integers: a node passes when q g + p h is within the
 * bound. Its answers are at most w times optimal: every node of an optimal
 * path of C moves has q g + p h <= p (g + h) <= p C, so no bound passes
 * p C before a path is found, and a path found within bound B has q times
 * its length at most B. The weight is a constant of its own instance of
 * the search (the pairs' functions wida_ beside ida_), so that plain
 * IDA*'s loop stays as it was; it takes neither the 4x4 board's own
 * search (whose f moves in steps of 2) nor the least-path rule, which
 * holds for optimal answers only. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "informed.h"
#include "registry.h"

/* The 4x4 board with Manhattan distance has a search of its own (b4_
 * below): its side, its cells, and the blank's directions in the order
 * tried (the opposite of direction i is 3 - i); B4_START: none (the
 * start). */
#define B4_SIDE 4
#define B4_CELLS (B4_SIDE * B4_SIDE)
enum { B4_UP, B4_LEFT, B4_RIGHT, B4_DOWN, B4_START };

/* What prepare computes once for every solve: the moves in the order tried
 * (see the top), and the 4x4 board's tables (b4_ below): whether it is
 * served, the domain's move for each direction, the change of Manhattan
 * distance as tile t slides from cell a into the blank at cell b, at
 * [a][b][t]. */
typedef struct ida_ctx {
	pb_informed informed; /* first: the informed solvers' release frees it */
	uint8_t order[PB_MAX_MOVES];
	/* the hot loop's tables in slots, as struct ida has them (copied) */
	int8_t next[PB_MAX_CLASSES * PB_MAX_MOVES];
	uint32_t tried[PB_MAX_CLASSES * (PB_MAX_MOVES + 1)];
	int8_t md_delta[PB_MAX_CELLS * PB_MAX_CELLS * PB_SLIDE_MOVES];
	size_t next_bytes, tried_bytes, delta_bytes;
	bool b4;
	/* weighted IDA*: the weight p/q (see the top); plain IDA* 1/1 */
	bool weighted;
	int64_t p, q;
	uint8_t b4_move[B4_START];
	int8_t b4_delta[B4_CELLS][B4_CELLS][B4_CELLS];
} ida_ctx;

/* One solve. The moves are numbered by their places in the order tried
 * (slots): next, tried, md_delta and last are in slots, path in the
 * domain's moves. */
typedef struct ida {
	const ida_ctx *c;
	const pb_domain *d;
	const pb_heur *h;
	pb_search *s;
	pb_cells goal;
	int64_t bound;      /* f allowed in this iteration (q g + p h when weighted) */
	int64_t next_bound; /* least f above it seen */
	int64_t p, q;       /* the weight, ida_ctx's */
	int length;     /* of the path found */
	pb_status stop; /* why the search stopped early */
	/* the class slot m leads to from class c, at next_at (-1: not legal) */
	int8_t next[PB_MAX_CLASSES * PB_MAX_MOVES];
	/* the slots tried from class c after slot l, at tried_at (l = nmoves:
	 * none yet) */
	uint32_t tried[PB_MAX_CLASSES * (PB_MAX_MOVES + 1)];
	/* the heuristic's Manhattan deltas (see pb_heur_delta_at), by slot */
	int8_t md_delta[PB_MAX_CELLS * PB_MAX_CELLS * PB_SLIDE_MOVES];
	uint8_t path[PB_MAX_PATH];
	/* b4_: the nodes expanded in this iteration with the blank at cell c,
	 * come from direction d, at [c][d] (each has a known number of
	 * children); the children not generated, the search having stopped
	 * before them; ida_ctx's deltas copied next to them */
	uint64_t b4_expanded[B4_CELLS][B4_START + 1], b4_not_generated;
	int8_t b4_delta[B4_CELLS][B4_CELLS][B4_CELLS];
	/* the heuristic's parts at each depth of the path, for the kinds that
	 * keep them */
	pb_heur_parts parts[PB_MAX_PATH];
	/* a plugin's domain: the cells of the node at each depth of the path,
	 * as bytes (ida_search_generic) */
	unsigned char bytes[PB_MAX_PATH + 1][PB_MAX_CELLS];
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

/* f of a node G moves from the start with heuristic H: g + h, or with
 * WEIGHTED q g + p h. */
PB_INLINE int64_t ida_f(const ida *x, int g, int h, const bool weighted)
{
	return weighted ? x->q * g + x->p * h : g + h;
}

/* One function per pair of a kernel and a heuristic kind that exists
 * (table.h), each the search body specialised for them (ida_node below),
 * taking the cells in the kernel's own type; wida_ the same weighted. They
 * recurse into each other through ida_recurse. */
#define IDA_SIG(T) (ida *x, T cells, int cls, int g, int h, int last)
#define IDA_ARGS(T) (x, (T)cells, cls, g, h, last)
#define IDA_BODY(K, KIND) ida_node(x, (pb_cells)cells, cls, g, h, last, K, KIND, false)
#define WIDA_BODY(K, KIND) ida_node(x, (pb_cells)cells, cls, g, h, last, K, KIND, true)
PB_PAIRS_DECLARE(int, ida, IDA_SIG)
PB_PAIRS_DECLARE(int, wida, IDA_SIG)

/* The function for kernel K, kind HK and WEIGHTED: with all constants,
 * one call. */
PB_INLINE int ida_recurse(ida *x, pb_cells cells, int cls, int g, int h, int last,
			  const pb_kernel k, const pb_heuristic_kind hk, const bool weighted)
{
	if (weighted) {
		PB_PAIRS_CALL(wida, IDA_ARGS, k, hk)
	} else {
		PB_PAIRS_CALL(ida, IDA_ARGS, k, hk)
	}
	return STOPPED;
}

/* Expand the node CELLS (class CLS, reached in G moves by last move LAST
 * (d->nmoves at the start), heuristic H). The path is written on the way
 * back, once found. */
PB_INLINE int ida_search(ida *x, pb_cells cells, int cls, int g, int h, int last,
			 const pb_kernel k, const pb_heuristic_kind hk, const bool weighted)
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
		int to, nh;
		int64_t f;
		pb_cells child;
		pb_heur_change change;

		if (!(tried & (1u << m)))
			continue;
		to = x->next[next_at(k, d, cls, m)];
		child = pb_kernel_move_to(k, d, cells, cls, m, to);
		if (pb_kernel_stays(k, cells, child))
			continue;
		generated++;
		nh = (int)pb_heur_step_with(heur, x->md_delta, k, hk, cells, cls, (unsigned)h,
					    &x->parts[g], child, to, m, &change);
		f = ida_f(x, g + 1, nh, weighted);
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
		result = ida_recurse(x, child, to, g + 1, nh, m, k, hk, weighted);
		/* the search goes on below nearly every node: the likely way */
		if (__builtin_expect(result != GO_ON, 0))
			break;
	}
	s->generated += generated;
	if (result == FOUND)
		x->path[g] = x->c->order[m];
	return result;
}

/* The same on a plugin's domain (a GENERIC kernel): the path's nodes kept
 * as bytes (x->bytes, the node at depth g in bytes[g]), each move the
 * space's apply from them into the next depth's, a plugin's heuristic
 * read from the child's bytes as apply left them. Nothing is packed, so no
 * load waits on apply's stores of single bytes; the goal is told apart
 * from the child a byte at a time (the first difference ends the test). */
/* Whether the N bytes at A and B are the same, a byte at a time. */
PB_INLINE bool same_bytes(const unsigned char *a, const unsigned char *b, int n)
{
	int i = 0;

	while (i < n && a[i] == b[i])
		i++;
	return i == n;
}

PB_INLINE int ida_search_generic(ida *x, int g, int last, const pb_kernel k,
				 const pb_heuristic_kind hk, const bool weighted)
{
	const pb_domain *d = x->d;
	const pb_plugin_space *sp = d->space;
	const int n = d->cells;
	pb_search *s = x->s;
	pb_status st = pb_search_poll(s);
	unsigned generated = 0;
	uint32_t tried = x->tried[tried_at(k, d, 0, last)];
	const unsigned char *in = x->bytes[g];
	unsigned char *out = x->bytes[g + 1];
	int result = GO_ON, m;

	if (__builtin_expect(st != PB_SOLVED, 0)) {
		x->stop = st;
		return STOPPED;
	}
	s->expanded++;
	for (m = 0; m < d->nmoves; m++) {
		int nh;
		int64_t f;

		/* (a legal move changes the state: the contract, which bench
		 * selftest checks) */
		if (!(tried & (1u << m)) || !sp->apply(sp->data, in, x->c->order[m], out))
			continue;
		generated++;
		nh = hk == PB_HEUR_PLUGIN ? (int)x->h->info->value(sp->data, out) : 0;
		f = ida_f(x, g + 1, nh, weighted);
		if (f > x->bound) {
			if (f < x->next_bound)
				x->next_bound = f;
			continue;
		}
		/* an admissible heuristic is 0 at the goal: the bytes are
		 * compared only then */
		if (nh == 0 && same_bytes(out, sp->goal, n)) {
			x->length = g + 1;
			result = FOUND;
			break;
		}
		result = ida_recurse(x, 0, 0, g + 1, nh, m, k, hk, weighted);
		if (__builtin_expect(result != GO_ON, 0))
			break;
	}
	s->generated += generated;
	if (result == FOUND)
		x->path[g] = x->c->order[m];
	return result;
}

/* The search for kernel K, kind HK and WEIGHTED: a plugin's domain's, or
 * the one on packed cells. */
PB_INLINE int ida_node(ida *x, pb_cells cells, int cls, int g, int h, int last, const pb_kernel k,
		       const pb_heuristic_kind hk, const bool weighted)
{
	if (pb_kernel_generic(k))
		return ida_search_generic(x, g, last, k, hk, weighted);
	return ida_search(x, cells, cls, g, h, last, k, hk, weighted);
}

PB_PAIRS_DEFINE(int, ida, IDA_SIG, IDA_BODY)
PB_PAIRS_DEFINE(int, wida, IDA_SIG, WIDA_BODY)

/* The 4x4 board with Manhattan distance: the search above with every
 * constant known. One function for each cell of the blank and the
 * direction it came from, so that its neighbours, their shifts, its
 * children (the move back left out) and their count are constants and
 * every call is a direct one; h is updated from a table indexed by the
 * cells and the tile; the budget r = bound - g is passed instead of g. A
 * move changes the Manhattan distance by one, so f = g + h changes by 0
 * or 2: a child is within the bound when its h is below r, and the next
 * bound is always the bound plus 2 (nothing to track). */
PB_INLINE bool b4_legal(const int c, const int dir)
{
	switch (dir) {
	case B4_UP:
		return c >= B4_SIDE;
	case B4_LEFT:
		return c % B4_SIDE > 0;
	case B4_RIGHT:
		return c % B4_SIDE < B4_SIDE - 1;
	case B4_DOWN:
		return c < B4_CELLS - B4_SIDE;
	}
	return false;
}

PB_INLINE int b4_step(const int dir)
{
	return dir == B4_UP ? -B4_SIDE : dir == B4_LEFT ? -1 : dir == B4_RIGHT ? 1 : B4_SIDE;
}

/* Every (cell, direction the blank came from) pair, as X(cell, dir). */
#define B4_DIRS(X, c) X(c, 0) X(c, 1) X(c, 2) X(c, 3) X(c, 4)
#define B4_NODES(X)                                                                      \
	B4_DIRS(X, 0) B4_DIRS(X, 1) B4_DIRS(X, 2) B4_DIRS(X, 3) B4_DIRS(X, 4) B4_DIRS(X, 5)  \
	B4_DIRS(X, 6) B4_DIRS(X, 7) B4_DIRS(X, 8) B4_DIRS(X, 9) B4_DIRS(X, 10)               \
	B4_DIRS(X, 11) B4_DIRS(X, 12) B4_DIRS(X, 13) B4_DIRS(X, 14) B4_DIRS(X, 15)
#define B4_DECLARE(C, D) \
	static __attribute__((noinline)) int b4_##C##_##D(ida *x, uint64_t s, int h, int r);
B4_NODES(B4_DECLARE)
#undef B4_DECLARE

/* The function for the blank at C, come from direction CAME. */
PB_INLINE int b4_call(ida *x, uint64_t s, int h, int r, const int c, const int came)
{
#define B4_CALL(C, D)                                                                    \
	if (c == C && came == D)                                                         \
		return b4_##C##_##D(x, s, h, r);
	B4_NODES(B4_CALL)
#undef B4_CALL
	return STOPPED;
}

/* Expand S (the blank at C, come from direction CAME, heuristic H, budget
 * R). */
PB_INLINE int b4_children(const int c, const int came)
{
	int children = 0;

	for (int dir = B4_UP; dir < B4_START; dir++)
		children += b4_legal(c, dir) && dir != 3 - came;
	return children;
}

PB_INLINE int b4_node(ida *x, uint64_t s, int h, int r, const int c, const int came)
{
	int left = b4_children(c, came);

	/* the clock read every PB_POLL_INTERVAL expansions of one kind */
	if (__builtin_expect(!(++x->b4_expanded[c][came] & (PB_POLL_INTERVAL - 1)), 0)) {
		pb_status st = pb_search_check(x->s);

		if (st != PB_SOLVED) {
			x->stop = st;
			return STOPPED;
		}
	}
#pragma GCC unroll 4
	for (int dir = B4_UP; dir < B4_START; dir++) {
		const int to = c + b4_step(dir);
		uint64_t tile, child;
		int nh, result;

		if (!b4_legal(c, dir) || dir == 3 - came)
			continue;
		left--;
		tile = (s >> (4 * to)) & 15u;
		nh = h + x->b4_delta[to][c][tile];
		if (nh >= r)
			continue;
		child = s - (tile << (4 * to)) + (tile << (4 * c));
		if (nh == 0 && child == (uint64_t)x->goal) {
			x->length = (int)x->bound - r + 1;
			result = FOUND;
		} else {
			result = b4_call(x, child, nh, r - 1, to, dir);
			if (__builtin_expect(result == GO_ON, 1))
				continue;
		}
		/* found or stopped: the children after this one never made */
		x->b4_not_generated += (unsigned)left;
		if (result == FOUND)
			x->path[(int)x->bound - r] = x->c->b4_move[dir];
		return result;
	}
	return GO_ON;
}

#define B4_DEFINE(C, D)                                                                  \
	static __attribute__((noinline)) int b4_##C##_##D(ida *x, uint64_t s, int h, int r) \
	{                                                                                \
		return b4_node(x, s, h, r, C, D);                                        \
	}
B4_NODES(B4_DEFINE)
#undef B4_DEFINE

/* Whether D with H takes the 4x4 board's own search. */
static bool b4_serves(const pb_domain *d, const pb_heur *h)
{
	return d->kernel == PB_KERNEL_SLIDE4 && d->width == B4_SIDE && d->height == B4_SIDE &&
	       h->info->kind == PB_HEUR_MANHATTAN;
}

/* Its tables, from the domain's moves and the heuristic's deltas. */
static void b4_init(ida_ctx *c)
{
	const pb_domain *d = c->informed.d;

	for (int dir = B4_UP; dir < B4_START; dir++)
		for (int m = 0; m < d->nmoves; m++)
			if (pb_slide_offset(d, m) == b4_step(dir))
				c->b4_move[dir] = (uint8_t)m;
	for (int b = 0; b < B4_CELLS; b++)
		for (int m = 0; m < d->nmoves; m++) {
			int a = d->next_class[b][m];

			for (unsigned t = 1; a >= 0 && t < B4_CELLS; t++)
				c->b4_delta[a][b][t] = c->informed.h.md_delta[pb_heur_delta_at(
					PB_KERNEL_SLIDE4, t, b, m)];
		}
}

/* The tables of the hot loop in slots, as far as the board uses them. */
PB_INLINE void init_tables(ida_ctx *x, const pb_kernel k)
{
	const pb_domain *d = x->informed.d;
	const pb_heur *h = &x->informed.h;
	const uint8_t *order = x->order;
	const int n = d->nmoves;

	for (int c = 0; c < d->nclasses; c++) {
		for (int l = 0; l <= n; l++) {
			uint32_t domain_tried = d->tried_after[c][l < n ? order[l] : n], tried = 0;

			for (int i = 0; i < n; i++)
				tried |= (domain_tried >> order[i] & 1u) << i;
			if (l < n)
				x->next[next_at(k, d, c, l)] = d->next_class[c][order[l]];
			x->tried[tried_at(k, d, c, l)] = tried;
		}
	}
	x->next_bytes = next_at(k, d, d->nclasses, 0) * sizeof(x->next[0]);
	x->tried_bytes = tried_at(k, d, d->nclasses, 0) * sizeof(x->tried[0]);
	if (h->info->kind != PB_HEUR_MANHATTAN)
		return;
	x->delta_bytes = pb_heur_delta_bytes(k, d->cells);
	for (unsigned t = 0; t < (unsigned)d->cells; t++)
		for (int c = 0; c < d->cells; c++)
			for (int i = 0; i < n; i++)
				x->md_delta[pb_heur_delta_at(k, t, c, i)] =
					h->md_delta[pb_heur_delta_at(k, t, c, order[i])];
}

/* The root: the function for the domain's kernel, the heuristic's kind
 * and the weighting, chosen once an iteration. */
static int search_root(ida *x, const pb_state *start, int h)
{
	pb_kernel kernel = x->d->kernel;
	pb_heuristic_kind kind = x->h->info->kind;
	int last = x->d->nmoves;

	if (x->c->b4) {
		int r;

		memset(x->b4_expanded, 0, sizeof(x->b4_expanded));
		x->b4_not_generated = 0;
		r = b4_call(x, (uint64_t)start->cells, h, (int)x->bound, start->cls, B4_START);
		for (int c = 0; c < B4_CELLS; c++)
			for (int came = B4_UP; came <= B4_START; came++) {
				x->s->expanded += x->b4_expanded[c][came];
				x->s->generated += x->b4_expanded[c][came] *
						   (uint64_t)b4_children(c, came);
			}
		x->s->generated -= x->b4_not_generated;
		x->next_bound = x->bound + 2;
		return r;
	}

	if (x->c->weighted)
		return ida_recurse(x, start->cells, start->cls, 0, h, last, kernel, kind, true);
	return ida_recurse(x, start->cells, start->cls, 0, h, last, kernel, kind, false);
}

static pb_status idastar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const ida_ctx *ic = ctx;
	const pb_informed *c = &ic->informed;
	ida x;
	int h;

	/* the start, the first node generated (docs/measurements.md, Nodes) */
	s->generated++;
	if (!pb_solvable(c->d, start))
		return PB_UNSOLVABLE;
	out->length = 0;
	if (pb_is_goal(c->d, start))
		return PB_SOLVED;
	/* the tables are filled as far as used, the path and parts as written */
	x.c = ic;
	x.d = c->d;
	x.h = &c->h;
	x.s = s;
	x.goal = c->d->goal.cells;
	x.length = 0;
	x.stop = PB_SOLVED;
	x.p = ic->p;
	x.q = ic->q;
	/* the tables the search uses, next to each other */
	if (ic->b4) {
		memcpy(x.b4_delta, ic->b4_delta, sizeof(x.b4_delta));
	} else {
		memcpy(x.next, ic->next, ic->next_bytes);
		memcpy(x.tried, ic->tried, ic->tried_bytes);
		memcpy(x.md_delta, ic->md_delta, ic->delta_bytes);
	}
	if (pb_heur_kind_has_parts(c->h.info->kind))
		pb_heur_parts_init(&c->h, start->cells, &x.parts[0]);
	if (c->d->space)
		PB_WITH_KERNEL(c->d, pb_generic_unpack(K, c->d, start->cells, x.bytes[0]));
	h = (int)pb_heur_value(&c->h, start);
	/* a path found within the bound has q times its length below q
	 * PB_MAX_PATH */
	for (x.bound = ida_f(&x, 0, h, ic->weighted); x.bound < x.q * PB_MAX_PATH;
	     x.bound = x.next_bound) {
		int r;

		x.next_bound = INT64_MAX;
		r = search_root(&x, start, h);
		if (r == FOUND) {
			out->length = x.length;
			memcpy(out->moves, x.path, (size_t)x.length);
			return PB_SOLVED;
		}
		if (r == STOPPED)
			return x.stop;
		if (x.next_bound == INT64_MAX)
			return PB_UNSOLVABLE; /* exhausted: not past the parity test */
	}
	snprintf(s->message, sizeof(s->message), "no solution within %d moves", PB_MAX_PATH);
	return PB_FAILED;
}

static pb_status idastar_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg, pb_search *s,
				 void **ctx)
{
	(void)self;
	pb_status st = pb_informed_prepare(d, cfg, s, sizeof(ida_ctx), ctx);
	ida_ctx *c = *ctx;

	if (st != PB_SOLVED)
		return st;
	c->p = c->q = 1;
	pb_korf_order(d, c->order);
	PB_WITH_KERNEL(d, init_tables(c, K));
	c->b4 = b4_serves(d, &c->informed.h);
	if (c->b4)
		b4_init(c);
	return PB_SOLVED;
}

/* The most digits of a weight read after its point: q stays at most 10^9,
 * so that q PB_MAX_PATH and p h are far inside 64 bits. */
#define WEIGHT_DECIMALS 9

static pb_status widastar_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				  pb_search *s, void **ctx)
{
	pb_status st = idastar_prepare(self, d, cfg, s, ctx);
	ida_ctx *c = *ctx;

	if (st != PB_SOLVED)
		return st;
	c->weighted = true;
	c->b4 = false; /* its f moves in steps of 2: not a weighted one's */
	pb_solver_param_fraction(self, "w", WEIGHT_DECIMALS, &c->p, &c->q);
	return PB_SOLVED;
}

static const pb_param widastar_params[] = {
	{ .key = "w", .summary = "the weight of h: iterations bounded by g + w h, answers within w times optimal",
	  .min = 1, .max = 100, .def = "2", .decimal = true },
	{ 0 },
};

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

const pb_solver pb_solver_widastar = {
	.name = "widastar",
	.summary = "weighted IDA*: IDA* bounding g + w h, answers within w times optimal",
	.supports = pb_informed_supports,
	.prepare = widastar_prepare,
	.solve = idastar_solve,
	.release = pb_informed_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
	.params = widastar_params,
	.guarantee = PB_GUARANTEE_BOUNDED,
	.bound_param = "w",
};
