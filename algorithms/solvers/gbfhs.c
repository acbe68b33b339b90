/* GBFHS, general breadth-first heuristic search (M. Barley, P. Riddle,
 * C. Linares López, S. Dobson and I. Pohl, "GBFHS: a generalized
 * breadth-first heuristic search algorithm", SoCS 2018), bidirectional:
 * a bound fLim on the cost of the answer, split into a limit on g for each
 * side, and each side expands every node within its limits before the
 * bound grows; in a domain whose moves cost 1 the search stops on the
 * first meeting that reaches the bound.
 *
 * The rules, as here (moves cost 1):
 * - fLim starts at the larger of the two roots' h, and at least 1 (the
 *   start is not the goal: that answer is given before any search).
 * - A node of side D may be expanded while f = g + h <= fLim and
 *   g < gLim_D. The two limits never add up to more than fLim.
 * - The sides take turns, each expanding one node that its limits allow;
 *   a side with none lets the other go on. Within a side the least f goes
 *   first, then the largest g (where the bound is the answer's, a deep
 *   node meets the other side soonest).
 * - When neither side has such a node: where gLim_F + gLim_B = fLim, fLim
 *   grows by 1 (no path of cost fLim is left: the forward side has made
 *   every node of a path within gLim_F of the start, the backward side
 *   every node within gLim_B of the goal, and those meet); then, with
 *   the parameter limits=eager (the default), the g-limits are split
 *   again at once; with limits=lazy only when nothing is left to expand
 *   under the old ones. Where they add up to less, the split function
 *   gives them more.
 * - The split function (parameter split): smaller (the default) raises by
 *   1 the limit of the side that would have fewer nodes to expand under
 *   it (counted as the entries of its buckets, so a node moved closer
 *   counts twice until its old entry comes up), ties to the side of the
 *   lower limit, then forward; balanced sets gLim_F = ceil(fLim / 2) and
 *   gLim_B = floor(fLim / 2).
 * - A child that the other side holds closes a path (U, the best so
 *   far); a child of f >= U is not queued. The search ends when fLim
 *   reaches U, which is then the optimal length, or when a side has no
 *   open node (then U, or no path at all).
 * Admissible heuristics make each fLim a lower bound on the answer, and
 * the answer optimal.
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

/* A node's flag: open (queued). */
#define OPEN PB_BIDIR_OPEN

typedef enum gbfhs_split { SPLIT_SMALLER, SPLIT_BALANCED } gbfhs_split;

/* The context: the two-sided searches', and the parameters' values. */
typedef struct gbfhs_ctx {
	pb_bidir_ctx bidir;
	gbfhs_split split;
	bool lazy;
} gbfhs_ctx;

typedef struct gbfhs_side {
	pb_buckets open; /* a row for each f, a bucket in it for each g */
	size_t open_count;
	int lim;  /* gLim: a node of g below it may be expanded */
	int from; /* no node in the rows below it that the limits allow */
} gbfhs_side;

typedef struct gbfhs {
	pb_bidir b;
	gbfhs_side side[2];
	int flim;
	gbfhs_split split;
	bool lazy;
} gbfhs;

/* Queue node ID of side DIR (with its new g, and h H), unless no path
 * through it is shorter than U: the visit function of the expansion
 * (bidir.h). */
PB_INLINE int queue(void *search, int dir, uint32_t id, pb_node *n, unsigned h, bool fresh)
{
	gbfhs *x = search;
	gbfhs_side *sd = &x->side[dir];
	int f = n->g + (int)h;

	(void)fresh;
	if (!pb_bidir_mark_open(&x->b, n, f, &sd->open_count))
		return 0;
	if (f < sd->from)
		sd->from = f;
	return pb_buckets_push(&sd->open, id, f, n->g);
}

/* The next node of side DIR that the limits let expand, its entry left in
 * place and its g and f in *G and *F; stale entries dropped on the way.
 * PB_NO_NODE when there is none. */
PB_INLINE uint32_t next_node(gbfhs *x, const pb_kernel k, int dir, int *g, int *f)
{
	gbfhs_side *sd = &x->side[dir];
	pb_buckets *q = &sd->open;

	for (; sd->from <= x->flim; sd->from++) {
		int r = sd->from, top = q->top[r] < sd->lim - 1 ? q->top[r] : sd->lim - 1;
		pb_bucket *row = q->rows[r];

		for (int c = top; row && c >= q->bottom[r]; c--) {
			while (row[c].count) {
				uint32_t id = row[c].ids[row[c].count - 1];
				const pb_node *n = pb_bidir_node(&x->b, k, dir, id);

				if (n->flags == OPEN && n->g == c) {
					*f = r;
					*g = c;
					return id;
				}
				pb_buckets_take(q, r, c);
			}
		}
	}
	return PB_NO_NODE;
}

/* The entries of side DIR under the bound and a g-limit of LIM. */
static uint64_t expandable(const gbfhs *x, int dir, int lim)
{
	const pb_buckets *q = &x->side[dir].open;
	uint64_t n = 0;

	for (int r = 0; r <= x->flim && r < PB_COSTS; r++)
		for (int c = 0; q->rows[r] && c < lim && c < PB_COSTS; c++)
			n += q->rows[r][c].count;
	return n;
}

/* The split function: more room under the g-limits (see the top). */
static void split(gbfhs *x)
{
	gbfhs_side *fw = &x->side[PB_BIDIR_FORWARD], *bw = &x->side[PB_BIDIR_BACKWARD];
	uint64_t nf, nb;

	if (x->split == SPLIT_BALANCED) {
		bw->lim = x->flim / 2;
		fw->lim = x->flim - bw->lim;
		return;
	}
	nf = expandable(x, PB_BIDIR_FORWARD, fw->lim + 1);
	nb = expandable(x, PB_BIDIR_BACKWARD, bw->lim + 1);
	if (nf < nb || (nf == nb && fw->lim <= bw->lim))
		fw->lim++;
	else
		bw->lim++;
}

/* Nothing is left to expand under the limits: raise them, or the bound. */
static void raise_limits(gbfhs *x)
{
	if (x->side[PB_BIDIR_FORWARD].lim + x->side[PB_BIDIR_BACKWARD].lim >= x->flim) {
		x->flim++;
		if (!x->lazy)
			split(x);
	} else {
		split(x);
	}
	x->side[PB_BIDIR_FORWARD].from = x->side[PB_BIDIR_BACKWARD].from = 0;
}

PB_INLINE pb_status search(gbfhs *x, const pb_kernel k, pb_path *out)
{
	pb_bidir *b = &x->b;
	int last = PB_BIDIR_BACKWARD; /* the side that went last */
	pb_status st;

	for (;;) {
		int g[2], f[2], dir;
		uint32_t id[2];

		if (b->best <= x->flim)
			break;
		if (!x->side[PB_BIDIR_FORWARD].open_count || !x->side[PB_BIDIR_BACKWARD].open_count)
			break;
		for (int d = 0; d < 2; d++)
			id[d] = next_node(x, k, d, &g[d], &f[d]);
		if (id[PB_BIDIR_FORWARD] == PB_NO_NODE && id[PB_BIDIR_BACKWARD] == PB_NO_NODE) {
			if (x->flim >= PB_COSTS - 1)
				break;
			raise_limits(x);
			continue;
		}
		if (id[PB_BIDIR_FORWARD] == PB_NO_NODE)
			dir = PB_BIDIR_BACKWARD;
		else if (id[PB_BIDIR_BACKWARD] == PB_NO_NODE)
			dir = PB_BIDIR_FORWARD;
		else
			dir = !last;
		last = dir;
		if ((st = pb_search_poll(b->s)) != PB_SOLVED)
			return st;
		pb_buckets_take(&x->side[dir].open, f[dir], g[dir]);
		pb_bidir_node(b, k, dir, id[dir])->flags = 0;
		x->side[dir].open_count--;
		if ((st = pb_bidir_expand(b, k, dir, id[dir], queue, x)) != PB_SOLVED)
			return st;
	}
	return pb_bidir_answer(b, k, out);
}

/* What the search adds to pb_bidir_solve: its roots (queued; the bound from their h) and
 * its loop on the domain's kernel. */
static int gbfhs_roots(pb_bidir *b)
{
	gbfhs *x = (gbfhs *)b;

	x->flim = 1;
	for (int dir = 0; dir < 2; dir++) {
		int h = (int)pb_bidir_h(b, dir, 0);

		if (h > x->flim)
			x->flim = h;
	}
	return pb_bidir_queue_roots(b, queue, x);
}

PB_BIDIR_SEARCH_FN(gbfhs_search, gbfhs, search)

static const pb_bidir_search_ops gbfhs_ops = {
	.roots = gbfhs_roots,
	.search = gbfhs_search,
	.width = PB_COSTS,
};

static pb_status gbfhs_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const gbfhs_ctx *c = ctx;
	gbfhs x;
	pb_buckets *lists[] = { &x.side[0].open, &x.side[1].open };

	memset(x.side, 0, sizeof(x.side));
	x.split = c->split;
	x.lazy = c->lazy;
	return pb_bidir_solve(&x.b, &gbfhs_ops, lists, sizeof(lists) / sizeof(lists[0]), ctx, start, s,
			      out);
}

static pb_status gbfhs_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			       pb_search *s, void **ctx)
{
	pb_status st = pb_bidir_prepare_sized(self, d, cfg, s, sizeof(gbfhs_ctx), ctx);
	const char *split = pb_solver_param(self, "split"), *limits = pb_solver_param(self, "limits");

	if (st == PB_SOLVED) {
		gbfhs_ctx *c = *ctx;

		c->split = split && !strcmp(split, "balanced") ? SPLIT_BALANCED : SPLIT_SMALLER;
		c->lazy = limits && !strcmp(limits, "lazy");
	}
	return st;
}

static const pb_param gbfhs_params[] = {
	{ .key = "split", .summary = "which g-limit grows: the side with fewer nodes to expand "
				     "(smaller) or half of fLim each (balanced)",
	  .choices = "smaller|balanced", .def = "smaller" },
	{ .key = "limits", .summary = "the g-limits grow with fLim at once (eager) or when "
				      "nothing is left under them (lazy)",
	  .choices = "eager|lazy", .def = "eager" },
	{ 0 },
};

const pb_solver pb_solver_gbfhs = {
	.name = "gbfhs",
	.summary = "GBFHS: bidirectional search within an f-limit split into g-limits, stopping on "
		   "the first meeting at the limit (Barley et al. 2018)",
	.prepare = gbfhs_prepare,
	.solve = gbfhs_solve,
	.params = gbfhs_params,
	PB_BIDIR_SOLVER,
};
