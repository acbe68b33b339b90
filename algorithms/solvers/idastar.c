/* IDA* (R. E. Korf, "Depth-first iterative-deepening: an optimal admissible
 * tree search", Artificial Intelligence 27, 1985): depth-first searches
 * bounded by f = g + h, each bound the least f that passed the one before.
 * Nothing is allocated: a tiles state is one 64-bit word, a move two
 * shifts and an add, and the caller's word is the undo; the heuristic is
 * updated from the one tile that moves (its parts kept per depth); the move
 * that undoes the last one is never tried. The tiles search is specialised
 * per heuristic (one function each, the body inlined), so the hot loop
 * makes no indirect call; moves and Manhattan deltas come from tables
 * copied next to each other.
 *
 * Magic Squares: the last iteration tries the ops in order A, B, C and only
 * A after A is pruned (it undoes itself), so the first path found is the
 * lexicographically least of the minimal ones: every prefix of a minimal
 * path passes the bound, since the heuristic is admissible. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../heuristics/heuristic.h"
#include "registry.h"

typedef struct ida_ctx {
	const pb_domain *d;
	pb_heur h;
} ida_ctx;

/* One solve. The tables the hot loop reads are copied in, next to each
 * other, so that it reaches them from one pointer. */
typedef struct ida {
	const pb_domain *d;
	const pb_heur *h;
	pb_search *s;
	uint64_t goal;
	int bound;      /* f allowed in this iteration */
	int next_bound; /* least f above it seen */
	int length;     /* of the path found */
	pb_status stop; /* why the search stopped early */
	/* the cell the blank reaches from cell c by move m, or -1 */
	int8_t next[PB_MAX_CELLS][PB_MAX_MOVES];
	/* the change of Manhattan distance when the blank at cell c moves by m
	 * and the tile t there comes to c: [t][c][m] */
	int8_t md_delta[PB_MAX_CELLS][PB_MAX_CELLS][PB_MAX_MOVES];
	/* the moves worth trying from cell c after move l (PB_MAX_MOVES: at
	 * the start), as a bit mask: the legal ones but the one undoing l */
	uint8_t tried[PB_MAX_CELLS][PB_MAX_MOVES + 1];
	uint8_t path[PB_MAX_PATH];
	/* linear conflicts and pattern databases: the parts of h at each
	 * depth of the path */
	pb_heur_parts parts[PB_MAX_PATH];
} ida;

enum tiles_kind { KIND_ZERO, KIND_MD, KIND_LC, KIND_PDB };

/* Results of a search below a node. */
enum { GO_ON = 0, FOUND = 1, STOPPED = -1 };

static int tiles_zero(ida *x, uint64_t cells, int blank, int g, int h, int last);
static int tiles_md(ida *x, uint64_t cells, int blank, int g, int h, int last);
static int tiles_lc(ida *x, uint64_t cells, int blank, int g, int h, int last);
static int tiles_pdb(ida *x, uint64_t cells, int blank, int g, int h, int last);

static inline __attribute__((always_inline)) int
tiles_recurse(ida *x, uint64_t cells, int blank, int g, int h, int last, const int kind)
{
	switch (kind) {
	case KIND_ZERO:
		return tiles_zero(x, cells, blank, g, h, last);
	case KIND_MD:
		return tiles_md(x, cells, blank, g, h, last);
	case KIND_LC:
		return tiles_lc(x, cells, blank, g, h, last);
	default:
		return tiles_pdb(x, cells, blank, g, h, last);
	}
}

/* Expand the node CELLS (blank at BLANK, reached in G moves by last move
 * LAST (PB_MAX_MOVES at the start), heuristic H). The path is written on
 * the way back, once found. */
static inline __attribute__((always_inline)) int
tiles_search(ida *x, uint64_t cells, int blank, int g, int h, int last, const int kind)
{
	const pb_heur *heur = x->h;
	pb_search *s = x->s;
	pb_status st = pb_search_poll(s);
	unsigned generated = 0, tried = x->tried[blank][last];
	int result = GO_ON, m;

	if (__builtin_expect(st != PB_SOLVED, 0)) {
		x->stop = st;
		return STOPPED;
	}
	s->expanded++;
#pragma GCC unroll 4
	for (m = 0; m < PB_MAX_MOVES; m++) {
		int to = x->next[blank][m], nh = 0, f;
		unsigned tile;
		uint64_t child;

		if (!(tried & (1u << m)))
			continue;
		tile = (unsigned)(cells >> (4 * to)) & 15u;
		child = cells - ((uint64_t)tile << (4 * to)) + ((uint64_t)tile << (4 * blank));
		generated++;
		if (kind == KIND_MD) {
			nh = h + x->md_delta[tile][blank][m];
		} else if (kind == KIND_LC || kind == KIND_PDB) {
			pb_heur_parts *parts = &x->parts[g + 1];

			*parts = x->parts[g];
			pb_heur_parts_move(heur, parts, cells, child, tile, to, blank);
			nh = (int)pb_heur_parts_value(heur, parts);
		}
		f = g + 1 + nh;
		if (f > x->bound) {
			if (f < x->next_bound)
				x->next_bound = f;
			continue;
		}
		if (child == x->goal) {
			x->length = g + 1;
			result = FOUND;
			break;
		}
		result = tiles_recurse(x, child, to, g + 1, nh, m, kind);
		if (result != GO_ON)
			break;
	}
	s->generated += generated;
	if (result == FOUND)
		x->path[g] = (uint8_t)m;
	return result;
}

/* One function per heuristic kind, each the search body specialised for it.
 * They recurse into each other through tiles_recurse; noinline keeps the
 * compiler from unrolling that recursion into itself (which took minutes
 * and a gigabyte to compile, for no gain at run time). */
static __attribute__((noinline)) int
tiles_zero(ida *x, uint64_t cells, int blank, int g, int h, int last)
{
	return tiles_search(x, cells, blank, g, h, last, KIND_ZERO);
}

static __attribute__((noinline)) int
tiles_md(ida *x, uint64_t cells, int blank, int g, int h, int last)
{
	return tiles_search(x, cells, blank, g, h, last, KIND_MD);
}

static __attribute__((noinline)) int
tiles_lc(ida *x, uint64_t cells, int blank, int g, int h, int last)
{
	return tiles_search(x, cells, blank, g, h, last, KIND_LC);
}

static __attribute__((noinline)) int
tiles_pdb(ida *x, uint64_t cells, int blank, int g, int h, int last)
{
	return tiles_search(x, cells, blank, g, h, last, KIND_PDB);
}

/* Magic Squares: op M applied to packed CELLS (cell i takes what cell
 * op_source[m][i] held). */
static inline uint64_t msquare_apply(const pb_domain *d, uint64_t cells, int m)
{
	uint64_t out = 0;

	for (int i = 0; i < d->cells; i++)
		out |= (uint64_t)pb_nibble(cells, d->op_source[m][i]) << (4 * i);
	return out;
}

/* Magic Squares: the whole state is passed down (eight cells in a word),
 * the heuristic computed afresh. */
static int msquare_search(ida *x, uint64_t cells, int g, int undo)
{
	pb_search *s = x->s;
	pb_status st = pb_search_poll(s);
	const pb_domain *d = x->d;
	int result = GO_ON;

	if (st != PB_SOLVED) {
		x->stop = st;
		return STOPPED;
	}
	s->expanded++;
	for (int m = 0; m < d->nmoves && result == GO_ON; m++) {
		pb_state child = { msquare_apply(d, cells, m), -1 };
		int f;

		if (m == undo)
			continue;
		s->generated++;
		f = g + 1 + (int)pb_heur_value(x->h, &child);
		if (f > x->bound) {
			if (f < x->next_bound)
				x->next_bound = f;
			continue;
		}
		if (child.cells == x->goal) {
			x->length = g + 1;
			result = FOUND;
		} else {
			result = msquare_search(x, child.cells, g + 1, d->inverse[m]);
		}
		if (result == FOUND)
			x->path[g] = (uint8_t)m;
	}
	return result;
}

/* Copy the move table in; the Manhattan deltas from the heuristic's
 * distances. */
static void init_tables(ida *x)
{
	const pb_domain *d = x->d;

	if (d->kind != PB_TILES)
		return;
	for (int c = 0; c < d->cells; c++) {
		for (int m = 0; m < PB_MAX_MOVES; m++) {
			int to = d->next_cell[c][m];

			x->next[c][m] = (int8_t)to;
			for (int t = 0; to >= 0 && t < d->cells; t++)
				x->md_delta[t][c][m] = (int8_t)(x->h->md[t][c] - x->h->md[t][to]);
			for (int l = 0; to >= 0 && l <= PB_MAX_MOVES; l++)
				if (l == PB_MAX_MOVES || d->inverse[l] != m)
					x->tried[c][l] |= (uint8_t)(1u << m);
		}
	}
}

static int search_root(ida *x, const pb_state *start, int h)
{
	if (x->d->kind == PB_MSQUARE)
		return msquare_search(x, start->cells, 0, PB_NO_MOVE);
	switch (x->h->info->kind) {
	case PB_HEUR_MANHATTAN:
		return tiles_md(x, start->cells, start->blank, 0, h, PB_MAX_MOVES);
	case PB_HEUR_LINEAR_CONFLICT:
		return tiles_lc(x, start->cells, start->blank, 0, h, PB_MAX_MOVES);
	case PB_HEUR_TILES_PDB:
		return tiles_pdb(x, start->cells, start->blank, 0, h, PB_MAX_MOVES);
	default:
		return tiles_zero(x, start->cells, start->blank, 0, h, PB_MAX_MOVES);
	}
}

static pb_status idastar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const ida_ctx *c = ctx;
	ida x;
	int h;

	if (!pb_solvable(c->d, start))
		return PB_UNSOLVABLE;
	out->length = 0;
	if (pb_is_goal(c->d, start))
		return PB_SOLVED;
	memset(&x, 0, offsetof(ida, path)); /* the path and parts are written as used */
	x.d = c->d;
	x.h = &c->h;
	x.s = s;
	x.goal = c->d->goal.cells;
	init_tables(&x);
	if (c->d->kind == PB_TILES)
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

static const char *idastar_supports(const pb_domain *d, const pb_config *cfg, char *why,
				  size_t whylen)
{
	return pb_heuristic_supports_config(d, cfg, why, whylen);
}

static pb_status idastar_prepare(const pb_domain *d, const pb_config *cfg, pb_search *s,
				 void **ctx)
{
	ida_ctx *c;
	pb_status st;

	*ctx = NULL;
	if (idastar_supports(d, cfg, s->message, sizeof(s->message)))
		return PB_UNSUPPORTED;
	c = pb_alloc(&s->meter, sizeof(*c));
	if (!c)
		return pb_search_alloc_failed(s);
	c->d = d;
	st = pb_heur_init(&c->h, pb_heuristic_chosen(d, cfg), d, cfg, s);
	if (st != PB_SOLVED) {
		pb_free(c);
		return st;
	}
	*ctx = c;
	return PB_SOLVED;
}

static void idastar_release(void *ctx)
{
	ida_ctx *c = ctx;

	if (!c)
		return;
	pb_heur_release(&c->h);
	pb_free(c);
}

const pb_solver pb_solver_idastar = {
	.name = "idastar",
	.summary = "IDA*: iterative-deepening depth-first search on f = g + h, in place, no undoing moves",
	.supports = idastar_supports,
	.prepare = idastar_prepare,
	.solve = idastar_solve,
	.release = idastar_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
};
