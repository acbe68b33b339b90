/* DVCBS, dynamic vertex cover bidirectional search (E. Shaham, A. Felner,
 * N. R. Sturtevant and J. S. Rosenschein, "Minimizing node expansions in
 * bidirectional search with consistent heuristics", SoCS 2018): NBS's
 * lists and bound, but where NBS expands a pair of nodes, DVCBS chooses
 * what to expand by a minimum vertex cover of the pairs that must be
 * expanded now.
 *
 * The rules, as here (moves cost 1):
 * - Each side keeps its open nodes in two lists, waiting by f = g + h and
 *   ready by g, and C is a lower bound on the cost of any path yet to be
 *   found. Every waiting node of f < C becomes ready; those of f = C
 *   only when the ready ones make no pair (below), as the authors' code
 *   does: the nodes whose pairs must be expanded come first, those that
 *   may close a path of cost C after them.
 * - The ready nodes of one g on one side are a cluster. A forward cluster
 *   of g = a and a backward one of g = b are joined when a + b + 1 <= C:
 *   a path through one node of each could cost C, so one of the two
 *   clusters must be expanded before C can grow. Those joins make a
 *   bipartite graph (the dynamic must-expand graph), and its minimum
 *   vertex cover, each cluster weighing its nodes, is what must be
 *   expanded at least. A cluster of lower g is joined to every cluster
 *   the higher ones are, so a minimum cover is the lowest i clusters of
 *   one side and the lowest j of the other: every (i, j) that covers is
 *   weighed, i from none to all.
 * - Of the covers of least weight DVCBS expands one cluster, then looks
 *   again: the lowest cluster of a side that some least cover takes; where
 *   both sides' are taken, the one of fewer nodes, ties to the backward
 *   side (the rule the authors' code uses by default).
 * - Where no clusters are joined and no node of f = C waits, C grows to
 *   the least of the waiting f values and the least sum of the two
 *   sides' ready g plus 1.
 * - A child that the other side holds closes a path (U, the best so far);
 *   a child of f >= U is not queued. The search ends when C reaches U,
 *   which is then the optimal length, or when a side has no open node
 *   (then U, or no path at all).
 * A cluster's weight is the entries of its bucket: a node brought closer
 * while ready keeps its old entry, counted until it comes up, so a
 * weight can run over by such nodes; the choice of side can, the bound
 * and the answer cannot.
 *
 * Admissible heuristics on both sides keep C a lower bound (as NBS's:
 * the least lower bound of a pair of open nodes), so the answer is
 * optimal. A node met again by a shorter path is queued again (reopened,
 * where it was expanded).
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

/* A node's flags: open (on a list), and ready (on the ready list, not the
 * waiting one). */
#define OPEN PB_BIDIR_OPEN
#define READY PB_BIDIR_READY

typedef struct dvcbs_side {
	pb_buckets waiting; /* by f (one bucket a row) */
	pb_buckets ready;   /* by g: a row a cluster */
	size_t open_count;
} dvcbs_side;

typedef struct dvcbs {
	pb_bidir b;
	dvcbs_side side[2];
} dvcbs;

/* Queue node ID of side DIR (with its new g, and h H) as waiting, unless
 * no path through it is shorter than U: the visit function of the
 * expansion (bidir.h). */
PB_INLINE int queue_waiting(void *search, int dir, uint32_t id, pb_node *n, unsigned h, bool fresh)
{
	dvcbs *x = search;
	dvcbs_side *sd = &x->side[dir];
	int f = n->g + (int)h;

	(void)fresh;
	if (!pb_bidir_mark_open(&x->b, n, f, &sd->open_count))
		return 0;
	return pb_buckets_push(&sd->waiting, id, f, n->g);
}

/* The least f of side DIR's waiting nodes, the node (of those, of the
 * least g) in *ID and its g in *G (its entry left on top), stale entries
 * dropped; PB_COSTS when none. */
PB_INLINE int least_waiting(dvcbs *x, const pb_kernel k, int dir, uint32_t *id, int *g)
{
	pb_buckets *q = &x->side[dir].waiting;
	int f;

	while ((*id = pb_buckets_peek(q, false, &f, g)) != PB_NO_NODE) {
		const pb_node *n = pb_bidir_node(&x->b, k, dir, *id);

		if (n->flags == OPEN && n->g == *g)
			return f;
		pb_buckets_take(q, f, *g);
	}
	return PB_COSTS;
}

/* The least g of side DIR's ready nodes (bidir.h). */
PB_INLINE int least_ready(dvcbs *x, const pb_kernel k, int dir, uint32_t *id)
{
	return pb_bidir_least_ready(&x->b, k, dir, &x->side[dir].ready, id);
}

/* Every waiting node of side DIR with f <= F_MAX to ready. Returns how
 * many, or -1 when memory was refused. */
PB_INLINE long make_ready(dvcbs *x, const pb_kernel k, int dir, int f_max)
{
	dvcbs_side *sd = &x->side[dir];
	long moved = 0;
	uint32_t id;
	int f, g;

	while ((f = least_waiting(x, k, dir, &id, &g)) <= f_max) {
		pb_buckets_take(&sd->waiting, f, g);
		pb_bidir_node(&x->b, k, dir, id)->flags = OPEN | READY;
		if (pb_buckets_push(&sd->ready, id, g, 0))
			return -1;
		moved++;
	}
	return moved;
}

/* The clusters of one side that have a partner: g and weight, by g. */
typedef struct dvcbs_clusters {
	int n;
	uint8_t g[PB_COSTS];
	uint64_t w[PB_COSTS];
} dvcbs_clusters;

/* Side DIR's ready clusters from g = LOW to g = HIGH (those joined to the
 * other side's lowest), each weighing its bucket's entries. */
static void clusters_of(const pb_buckets *ready, int low, int high, dvcbs_clusters *out)
{
	out->n = 0;
	for (int g = low; g <= high; g++) {
		const pb_bucket *e = ready->rows[g] ? &ready->rows[g][0] : NULL;

		if (e && e->count) {
			out->g[out->n] = (uint8_t)g;
			out->w[out->n++] = e->count;
		}
	}
}

/* The side whose lowest cluster to expand: the minimum vertex covers of
 * the joins under C of the clusters F (forward) and B (backward), each the
 * lowest i of F and the lowest j of B, and the choice among them (see the
 * top). */
static int choose_side(const dvcbs_clusters *f, const dvcbs_clusters *b, int c)
{
	uint64_t least = UINT64_MAX, wf = 0, wb = 0;
	bool takes_f = false, takes_b = false;
	int j = b->n;

	for (int i = 0; i < b->n; i++)
		wb += b->w[i];
	/* the lowest I of F in the cover (none to all), and the lowest J of B:
	 * those joined to F's cluster I, the lowest left out (as I grows, J
	 * shrinks) */
	for (int i = 0; i <= f->n; i++) {
		while (j > 0 && (i == f->n || f->g[i] + b->g[j - 1] + 1 > c))
			wb -= b->w[--j];
		if (wf + wb < least) {
			least = wf + wb;
			takes_f = takes_b = false;
		}
		if (wf + wb == least) {
			takes_f |= i > 0;
			takes_b |= j > 0;
		}
		if (i < f->n)
			wf += f->w[i];
	}
	if (takes_f && (!takes_b || f->w[0] < b->w[0]))
		return PB_BIDIR_FORWARD;
	return PB_BIDIR_BACKWARD;
}

/* Expand ready node ID of side DIR, taken off its list. */
PB_INLINE pb_status expand(dvcbs *x, const pb_kernel k, int dir, uint32_t id)
{
	pb_bidir_node(&x->b, k, dir, id)->flags = 0;
	x->side[dir].open_count--;
	return pb_bidir_expand(&x->b, k, dir, id, queue_waiting, x);
}

/* Expand side DIR's cluster of g = G, node by node, until it is done or U
 * reaches C. */
PB_INLINE pb_status expand_cluster(dvcbs *x, const pb_kernel k, int dir, int g, int c)
{
	pb_buckets *q = &x->side[dir].ready;
	pb_status st;
	uint32_t id;

	while (x->b.best > c && least_ready(x, k, dir, &id) == g) {
		if ((st = pb_search_poll(x->b.s)) != PB_SOLVED)
			return st;
		pb_buckets_take(q, g, 0);
		if ((st = expand(x, k, dir, id)) != PB_SOLVED)
			return st;
	}
	return PB_SOLVED;
}

PB_INLINE pb_status search(dvcbs *x, const pb_kernel k, pb_path *out)
{
	pb_bidir *b = &x->b;
	pb_status st;
	int c = 0;

	for (;;) {
		uint32_t u, v, w;
		int gf, gb, next, wf, g;
		long rf, rb;

		if (b->best <= c)
			break;
		if (!x->side[PB_BIDIR_FORWARD].open_count || !x->side[PB_BIDIR_BACKWARD].open_count)
			break;
		if (make_ready(x, k, PB_BIDIR_FORWARD, c - 1) < 0 ||
		    make_ready(x, k, PB_BIDIR_BACKWARD, c - 1) < 0)
			return pb_search_alloc_failed(b->s);
		gf = least_ready(x, k, PB_BIDIR_FORWARD, &u);
		gb = least_ready(x, k, PB_BIDIR_BACKWARD, &v);
		if (gf < PB_COSTS && gb < PB_COSTS && gf + gb + 1 <= c) {
			dvcbs_clusters fc, bc;
			int dir;

			clusters_of(&x->side[PB_BIDIR_FORWARD].ready, gf, c - gb - 1, &fc);
			clusters_of(&x->side[PB_BIDIR_BACKWARD].ready, gb, c - gf - 1, &bc);
			dir = choose_side(&fc, &bc, c);
			st = expand_cluster(x, k, dir, dir == PB_BIDIR_FORWARD ? gf : gb, c);
			if (st != PB_SOLVED)
				return st;
			continue;
		}
		/* no pair: the nodes of f = C too, and look again */
		rf = make_ready(x, k, PB_BIDIR_FORWARD, c);
		rb = make_ready(x, k, PB_BIDIR_BACKWARD, c);
		if (rf < 0 || rb < 0)
			return pb_search_alloc_failed(b->s);
		if (rf || rb)
			continue;
		next = least_waiting(x, k, PB_BIDIR_FORWARD, &w, &g);
		wf = least_waiting(x, k, PB_BIDIR_BACKWARD, &w, &g);
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
PB_BIDIR_SEARCH_FN(dvcbs_search, dvcbs, search)

static const pb_bidir_search_ops dvcbs_ops = {
	.visit = queue_waiting,
	.search = dvcbs_search,
	.width = PB_COSTS,
};

static pb_status dvcbs_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	dvcbs x;
	pb_buckets *lists[] = { &x.side[0].waiting, &x.side[0].ready, &x.side[1].waiting,
				&x.side[1].ready };

	memset(x.side, 0, sizeof(x.side));
	return pb_bidir_solve(&x.b, &dvcbs_ops, lists, sizeof(lists) / sizeof(lists[0]), ctx, start, s,
			      out);
}

const pb_solver pb_solver_dvcbs = {
	.name = "dvcbs",
	.summary = "DVCBS: bidirectional search expanding by a minimum vertex cover of the must-expand pairs "
		   "(Shaham et al. 2018)",
	.prepare = pb_bidir_prepare,
	.solve = dvcbs_solve,
	PB_BIDIR_SOLVER,
};
