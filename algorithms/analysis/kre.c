/* KRE's prediction (kre.h): the brute-force tree, the equilibrium
 * distribution's fractions, E, and IDA*'s iterations run to their ends. */
#include "kre.h"

#include <assert.h>
#include <limits.h>
#include <string.h>

pb_status pb_kre_tree_build(pb_kre_tree *t, const pb_domain *d, int depth, pb_meter *m)
{
	const int nc = d->nclasses, nl = d->nmoves + 1;
	const size_t layer = (size_t)nc * (size_t)nl;
	double *cur, *next;

	memset(t, 0, sizeof(*t));
	if (depth < 0 || depth > PB_KRE_MAX_VALUE)
		return PB_UNSUPPORTED;
	t->nodes = pb_alloc(m, (size_t)(depth + 1) * (size_t)nc * (size_t)nc * sizeof(double));
	cur = pb_alloc(m, 2 * layer * sizeof(double));
	if (!t->nodes || !cur) {
		pb_free(t->nodes);
		pb_free(cur);
		t->nodes = NULL;
		return PB_MEMOUT;
	}
	t->nclasses = nc;
	t->depth = depth;
	next = cur + layer;
	for (int c0 = 0; c0 < nc; c0++) {
		/* cur[c * nl + l]: the nodes of class c reached by move l (nmoves:
		 * the start) at depth i */
		memset(cur, 0, layer * sizeof(double));
		cur[(size_t)c0 * (size_t)nl + (size_t)d->nmoves] = 1;
		for (int i = 0;; i++) {
			double *row = &t->nodes[((size_t)i * (size_t)nc + (size_t)c0) * (size_t)nc];

			for (int c = 0; c < nc; c++) {
				double sum = 0;

				for (int l = 0; l < nl; l++)
					sum += cur[(size_t)c * (size_t)nl + (size_t)l];
				row[c] = sum;
			}
			if (i == depth)
				break;
			memset(next, 0, layer * sizeof(double));
			for (int c = 0; c < nc; c++)
				for (int l = 0; l < nl; l++) {
					double n = cur[(size_t)c * (size_t)nl + (size_t)l];

					if (n == 0)
						continue;
					for (uint32_t moves = d->tried_after[c][l]; moves; moves &= moves - 1) {
						int mv = __builtin_ctz(moves), to = d->next_class[c][mv];

						next[(size_t)to * (size_t)nl + (size_t)mv] += n;
					}
				}
			memcpy(cur, next, layer * sizeof(double));
		}
	}
	pb_free(cur);
	return PB_SOLVED;
}

void pb_kre_tree_release(pb_kre_tree *t)
{
	pb_free(t->nodes);
	memset(t, 0, sizeof(*t));
}

double pb_kre_tree_total(const pb_kre_tree *t, int i, int c0)
{
	double sum = 0;

	for (int c = 0; c < t->nclasses; c++)
		sum += pb_kre_tree_nodes(t, i, c0, c);
	return sum;
}

double pb_kre_fraction(const pb_kre_values *v, int c, int value)
{
	uint64_t below = 0, total = 0;

	if (value < 0)
		return 0;
	if (value > PB_KRE_MAX_VALUE)
		value = PB_KRE_MAX_VALUE;
	if (v->total[c]) {
		for (int u = 0; u <= value; u++)
			below += v->count[c][u];
		return (double)below / (double)v->total[c];
	}
	for (int k = 0; k < v->nclasses; k++) {
		for (int u = 0; u <= value; u++)
			below += v->count[k][u];
		total += v->total[k];
	}
	return total ? (double)below / (double)total : 0;
}

double pb_kre_expanded(const pb_kre_tree *t, const pb_kre_values *v, int c0, int threshold)
{
	double sum = 0;

	assert(threshold <= t->depth);
	for (int i = 0; i <= threshold; i++)
		for (int c = 0; c < t->nclasses; c++) {
			double n = pb_kre_tree_nodes(t, i, c0, c);

			if (n > 0)
				sum += n * pb_kre_fraction(v, c, threshold - i);
		}
	return sum;
}

double pb_kre_run(const pb_kre_tree *t, const pb_kre_values *v, int c0, int first, int last,
		  int step)
{
	double sum = 0;

	for (int d = first; d <= last; d += step)
		sum += pb_kre_expanded(t, v, c0, d);
	return sum;
}

int pb_kre_step(const pb_heur *h)
{
	return h->ops->parity && h->d->board ? 2 : 1;
}

/* One iteration run to its end: a depth-first search with the domain's
 * kernel and the heuristic's kind constants (one function for each pair
 * of the table of heuristics, table.h, as idastar has), the heuristic
 * updated from the move (its parts kept per depth, as idastar keeps
 * them). */
typedef struct walk {
	const pb_domain *d;
	const pb_heur *h;
	pb_search *s;
	int bound, next_bound;
	uint64_t expanded;
	pb_status status;
	pb_heur_parts *parts; /* at each depth */
} walk;

#define WALK_SIG(T) (walk *w, T cells, int cls, int g, unsigned h, int last)
#define WALK_ARGS(T) (w, (T)cells, cls, g, h, last)
#define WALK_BODY(K, KIND) walk_node(w, (pb_cells)cells, cls, g, h, last, K, KIND)
PB_PAIRS_DECLARE(bool, walk, WALK_SIG)

/* The function for kernel K and kind HK. */
PB_INLINE bool walk_recurse(walk *w, pb_cells cells, int cls, int g, unsigned h, int last,
			    const pb_kernel k, const pb_heuristic_kind hk)
{
	PB_PAIRS_CALL(walk, WALK_ARGS, k, hk)
	return false;
}

/* Expand CELLS (class CLS, G moves from the start by move LAST, value H)
 * and go down to its children within the bound. False: stopped. */
PB_INLINE bool walk_node(walk *w, pb_cells cells, int cls, int g, unsigned h, int last,
			 const pb_kernel k, const pb_heuristic_kind hk)
{
	const pb_domain *d = w->d;
	uint32_t moves = d->tried_after[cls][last];

	if (__builtin_expect((w->status = pb_search_poll(w->s)) != PB_SOLVED, 0))
		return false;
	w->expanded++;
	for (; moves; moves &= moves - 1) {
		int m = __builtin_ctz(moves), to = d->next_class[cls][m], f;
		pb_cells child = pb_kernel_move_to(k, d, cells, cls, m, to);
		pb_heur_change change;
		unsigned nh;

		if (pb_kernel_stays(k, cells, child))
			continue;
		nh = pb_heur_step(w->h, k, hk, cells, cls, h, &w->parts[g], child, to, m, &change);

		f = g + 1 + (int)nh;
		if (f > w->bound) {
			if (f < w->next_bound)
				w->next_bound = f;
			continue;
		}
		pb_heur_step_keep(w->h, k, hk, &w->parts[g], &w->parts[g + 1], &change, cells, cls, to);
		if (!walk_recurse(w, child, to, g + 1, nh, m, k, hk))
			return false;
	}
	return true;
}

PB_PAIRS_DEFINE(bool, walk, WALK_SIG, WALK_BODY)

pb_status pb_kre_iterate(const pb_heur *h, const pb_state *start, int bound, pb_search *s,
			 pb_kre_iteration *out)
{
	const pb_domain *d = h->d;
	walk w = { .d = d, .h = h, .s = s, .bound = bound, .next_bound = INT_MAX,
		   .status = PB_SOLVED };
	unsigned h0 = pb_heur_value(h, start);

	out->expanded = 0;
	out->next_bound = INT_MAX;
	if (bound < 0 || bound >= PB_MAX_PATH - 1)
		return PB_UNSUPPORTED;
	if ((int)h0 > bound) {
		/* the root itself is cut off */
		out->next_bound = (int)h0;
		return PB_SOLVED;
	}
	w.parts = pb_alloc(&s->meter, (size_t)(bound + 2) * sizeof(*w.parts));
	if (!w.parts)
		return pb_search_alloc_failed(s);
	if (pb_heur_kind_has_parts(h->info->kind))
		pb_heur_parts_init(h, start->cells, &w.parts[0]);
	/* the root: the function for the kernel and the kind, chosen once */
	walk_recurse(&w, start->cells, start->cls, 0, h0, d->nmoves, d->kernel, h->info->kind);
	pb_free(w.parts);
	out->expanded = w.expanded;
	out->next_bound = w.next_bound;
	return w.status;
}

pb_status pb_kre_complete_run(const pb_heur *h, const pb_state *start, int length,
			      pb_search *s, uint64_t *expanded)
{
	int bound = (int)pb_heur_value(h, start);

	*expanded = 0;
	while (bound <= length) {
		pb_kre_iteration it;
		pb_status st = pb_kre_iterate(h, start, bound, s, &it);

		*expanded += it.expanded;
		if (st != PB_SOLVED)
			return st;
		if (it.next_bound == INT_MAX)
			break;
		bound = it.next_bound;
	}
	return PB_SOLVED;
}
