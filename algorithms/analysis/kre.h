/* A heuristic against the truth, and the nodes IDA* expands predicted from
 * its distribution (R. E. Korf, M. Reid and S. Edelkamp, "Time complexity
 * of iterative-deepening-A*", Artificial Intelligence 129, 2001: KRE).
 *
 * KRE: in the iteration of IDA* whose threshold is d, a node at depth i of
 * the tree the search walks is expanded when i + h <= d. With N_i the
 * nodes at depth i of the brute-force tree (the same tree without the
 * heuristic: here, as idastar walks it, every legal move but the one
 * undoing the last) and P(v) the equilibrium distribution (the fraction
 * of states with h <= v), the nodes expanded are
 *
 *     E(N, d, P) = sum_{i=0..d} N_i P(d - i).
 *
 * The form kept here is the conditional one: on tiles the moves a node has
 * depend on its class (the blank's cell), so N_i is counted per class c
 * of the nodes at depth i, and P per class,
 *
 *     E(d, c0) = sum_{i=0..d} sum_c N_i(c0, c) P_c(d - i),
 *
 * c0 the start's class. This form is exact in expectation: a move sequence
 * from class c0 to class c is a bijection from the states of class c0 onto
 * those of class c (of the goal's parity class), so over all starts of
 * class c0, each counted once, the sum of the depth-i nodes with h <= v is
 * exactly sum_c N_i(c0, c) times the states of class c with h <= v. The
 * nodes with i + h <= d are those IDA* expands where h is consistent (f
 * never falls along a path, so no ancestor of such a node was cut off);
 * an inconsistent heuristic (the tiles pattern databases: each keeps the
 * least distance over the blank's places) expands at most that many.
 *
 * What idastar counts (docs/measurements.md, "Nodes"): a node is expanded when its f is
 * within the bound, the root always, once an iteration; so in every
 * iteration but the last its `expanded` is exactly the count E estimates.
 * In the last it stops at the goal (generated, never expanded): it
 * expands a prefix, in its move order, of what E counts.
 * pb_kre_iterate runs an iteration to its end, which is what E counts for
 * every iteration, the last included.
 *
 * Library code: nothing here prints. */
#ifndef PB_KRE_H
#define PB_KRE_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/workers.h"
#include "../heuristics/heuristic.h"
#include "../solvers/solver.h"

/* The largest value of h or h* kept (larger ones are refused: no table
 * that fits goes that deep, and no heuristic here reaches it on a board
 * that has a table). */
#define PB_KRE_MAX_VALUE 255
#define PB_KRE_VALUES (PB_KRE_MAX_VALUE + 1)

/* The brute-force tree: nodes at each depth 0..depth, by the start's class
 * and the node's class, as doubles (exact below 2^53, then to the
 * precision of a double: the 15-puzzle's tree passes 2^53 near depth 48). */
typedef struct pb_kre_tree {
	int nclasses;
	int depth;
	double *nodes; /* at ((i * nclasses) + c0) * nclasses + c */
} pb_kre_tree;

/* Count D's tree to depth DEPTH (0..PB_KRE_MAX_VALUE) by a recurrence over
 * (class, last move): the children of a node of class c reached by move l
 * are the moves d->tried_after[c][l] (idastar's, the move undoing l left
 * out), into T, allocated through M. Returns PB_SOLVED, or PB_MEMOUT with
 * T empty. Free with pb_kre_tree_release. */
pb_status pb_kre_tree_build(pb_kre_tree *t, const pb_domain *d, int depth, pb_meter *m);

/* Free T's counts (T is then empty). */
void pb_kre_tree_release(pb_kre_tree *t);

/* Nodes at depth I of the tree from a start of class C0 whose class is C,
 * and of any class. */
static inline double pb_kre_tree_nodes(const pb_kre_tree *t, int i, int c0, int c)
{
	return t->nodes[((size_t)i * (size_t)t->nclasses + (size_t)c0) * (size_t)t->nclasses +
			(size_t)c];
}

double pb_kre_tree_total(const pb_kre_tree *t, int i, int c0);

/* The distribution of h over states, by class: count[c][v] states of
 * class c have h = v. Whole (every state) or a sample. */
typedef struct pb_kre_values {
	int nclasses;
	int hmax;      /* the largest h counted (-1: none) */
	uint64_t count[PB_MAX_CLASSES][PB_KRE_VALUES];
	uint64_t total[PB_MAX_CLASSES];
	uint64_t states; /* counted, all classes */
} pb_kre_values;

/* P_c(v): the fraction of the counted states of class C with h <= V (the
 * pooled fraction, all classes, where none of class C was counted: a
 * sample that missed it). */
double pb_kre_fraction(const pb_kre_values *v, int c, int value);

/* E(d, c0) above, from T (counted to depth THRESHOLD at least) and V. */
double pb_kre_expanded(const pb_kre_tree *t, const pb_kre_values *v, int c0, int threshold);

/* The nodes of a whole run of IDA* from a start of class C0: the sum of
 * E over the thresholds FIRST, FIRST + STEP, ... up to LAST (the start's h
 * and its optimal length), the last iteration counted whole. */
double pb_kre_run(const pb_kre_tree *t, const pb_kre_values *v, int c0, int first, int last,
		  int step);

/* The step between IDA*'s thresholds that H gives: 2 where f = g + h keeps
 * its parity along every move (its kind's code says so, pb_heuristic_ops'
 * parity: tiles with Manhattan distance, linear conflict or pattern
 * databases, each Manhattan distance plus an even number, and a move
 * changes Manhattan distance by one), else 1. */
int pb_kre_step(const pb_heur *h);

/* Everything of the goal's class at once (a board whose table fits): the
 * joint distribution of (h*, h), joint[hstar * PB_KRE_VALUES + h] states,
 * and the distribution of h by class. */
typedef struct pb_kre_space {
	uint64_t *joint;
	int hstar_max;        /* the largest h* met */
	bool over;            /* h > h* somewhere (an inadmissible heuristic) */
	pb_kre_values values;
} pb_kre_space;

/* Sweep every index of H's domain (which must have one) with THREADS
 * threads (0: one a processor, up to PB_KRE_MAX_THREADS): the state, its h, and its h* from
 * DIST (pb_distances; NULL: h alone, the joint left empty), into OUT,
 * allocated through S->meter, polling S's limits. The counts are sums, the
 * same whatever the threads. Returns PB_SOLVED, PB_MEMOUT, PB_TIMEOUT,
 * PB_STOPPED, or PB_UNSUPPORTED (no index; an h or h* past
 * PB_KRE_MAX_VALUE) with the reason in S->message; OUT holds nothing then.
 * Free with pb_kre_space_release. */
pb_status pb_kre_sweep(pb_kre_space *out, const pb_heur *h, const uint8_t *dist, int threads,
		       pb_search *s);

/* Free SP's joint distribution. */
void pb_kre_space_release(pb_kre_space *sp);

/* The most threads pb_kre_sweep takes. */
#define PB_KRE_MAX_THREADS PB_WORKERS_MAX

/* SAMPLES uniformly random states of the goal's class (d->ops->random with
 * R) into V (set to zero first), polling S. Returns PB_SOLVED, PB_TIMEOUT,
 * PB_STOPPED, or PB_UNSUPPORTED (an h past PB_KRE_MAX_VALUE). */
pb_status pb_kre_sample(pb_kre_values *v, const pb_heur *h, const pb_random *r,
			uint64_t samples, pb_search *s);

/* One iteration of IDA* with threshold BOUND from START, run to its end
 * (no goal test: the goal, where the tree meets it within the bound, is
 * expanded as any node): the nodes expanded (f = g + h <= BOUND, every
 * ancestor within it too; none where the root's own f passes BOUND, which
 * IDA* never tries) and the least f above BOUND among the nodes cut off
 * (INT_MAX: none). */
typedef struct pb_kre_iteration {
	uint64_t expanded;
	int next_bound;
} pb_kre_iteration;

/* Returns PB_SOLVED, PB_TIMEOUT, PB_STOPPED or PB_MEMOUT (the path's
 * parts, through S->meter). */
pb_status pb_kre_iterate(const pb_heur *h, const pb_state *start, int bound, pb_search *s,
			 pb_kre_iteration *out);

/* Every iteration of IDA* from START up to the one of threshold LENGTH
 * (START's optimal length), IDA*'s own thresholds (the least f cut off
 * each time), each run to its end: their nodes into *EXPANDED. Returns as
 * pb_kre_iterate. */
pb_status pb_kre_complete_run(const pb_heur *h, const pb_state *start, int length,
			      pb_search *s, uint64_t *expanded);

#endif
