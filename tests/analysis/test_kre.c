/* KRE's prediction (algorithms/analysis/kre.h):
 * - the brute-force tree's counts against an enumeration written here, on
 *   the board alone (cells and their neighbours, no domain tables);
 * - what is provable: over all starts of a class, each once, the nodes
 *   with f <= d of the iteration at threshold d, summed, are exactly
 *   E(d, c0) times the starts (consistent heuristics; at most that for
 *   the pattern databases, which are not consistent), on the 2x3 and 3x3
 *   boards;
 * - what idastar counts: every iteration but the last whole, then part of
 *   the last (docs/measurements.md, "Nodes");
 * - what holds on average only: on the 8-puzzle the mean over random
 *   starts of an iteration at a threshold within 10% of E, while for the
 *   starts of one h* the whole run's prediction is off, low for the near
 *   ones and high for the far ones (KRE ignores what the start is);
 * - the sweep the same with any number of threads; a sample near the
 *   exact distribution. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/analysis/kre.h"
#include "algorithms/puzzles/distances.h"
#include "algorithms/solvers/registry.h"
#include "harness/io/prng.h"
#include "tests/support/support.h"

TestSuite(kre, .init = ht_suite_init, .fini = ht_suite_fini);

/* The depths the enumeration counts to. */
#define ENUM_DEPTH 12
/* Directions of the blank on a board: row and column steps, the opposite
 * of direction i being 3 - i. */
static const int step_row[4] = { -1, 0, 0, 1 }, step_col[4] = { 0, -1, 1, 0 };

/* Paths of the blank from cell C of a W x H board, never straight back:
 * counts[i][c'] more for each path of I moves ending at c'. */
static void enumerate(int w, int h, int c, int came, int depth, int max,
		      double counts[ENUM_DEPTH + 1][PB_MAX_CELLS])
{
	counts[depth][c] += 1;
	if (depth == max)
		return;
	for (int dir = 0; dir < 4; dir++) {
		int r = c / w + step_row[dir], k = c % w + step_col[dir];

		if (dir == 3 - came || r < 0 || r >= h || k < 0 || k >= w)
			continue;
		enumerate(w, h, r * w + k, dir, depth + 1, max, counts);
	}
}

/* The tree of the W x H board, every start cell, against the enumeration. */
static void check_tree(int w, int h)
{
	char name[32];
	pb_domain d;
	pb_kre_tree t;
	pb_meter m;

	snprintf(name, sizeof(name), "tiles%dx%d", w, h);
	d = it_domain(name, NULL);
	pb_meter_init(&m, 0);
	cr_assert_eq(pb_kre_tree_build(&t, &d, ENUM_DEPTH, &m), PB_SOLVED, "%s: no tree", name);
	for (int c0 = 0; c0 < w * h; c0++) {
		double counts[ENUM_DEPTH + 1][PB_MAX_CELLS] = { { 0 } };

		enumerate(w, h, c0, -1, 0, ENUM_DEPTH, counts);
		for (int i = 0; i <= ENUM_DEPTH; i++) {
			double total = 0;

			for (int c = 0; c < w * h; c++) {
				cr_assert_eq(pb_kre_tree_nodes(&t, i, c0, c), counts[i][c],
					     "%s from cell %d: %.0f nodes at depth %d on cell %d, "
					     "enumerated %.0f", name, c0, pb_kre_tree_nodes(&t, i, c0, c),
					     i, c, counts[i][c]);
				total += counts[i][c];
			}
			cr_assert_eq(pb_kre_tree_total(&t, i, c0), total, "%s from cell %d, depth %d",
				     name, c0, i);
		}
	}
	pb_kre_tree_release(&t);
	cr_assert_eq(m.current, 0, "%s: the tree kept %zu bytes", name, m.current);
}

Test(kre, the_tree_counts_the_blanks_paths_that_never_turn_back)
{
	check_tree(3, 3);
	check_tree(2, 3);
	check_tree(4, 4);
}

Test(kre, from_a_corner_the_8_puzzles_tree_has_the_counts_of_the_enumeration)
{
	/* the corner the default goal's blank is in, and the first few depths
	 * worked by hand: 2 moves, then 1 + 2 (edge cells go on 2 ways each,
	 * one of them to the centre), ... */
	pb_domain d = it_domain("8puzzle", NULL);
	pb_kre_tree t;
	pb_meter m;

	pb_meter_init(&m, 0);
	cr_assert_eq(pb_kre_tree_build(&t, &d, 3, &m), PB_SOLVED);
	cr_assert_eq(pb_kre_tree_total(&t, 0, d.goal_blank), 1);
	cr_assert_eq(pb_kre_tree_total(&t, 1, d.goal_blank), 2);
	cr_assert_eq(pb_kre_tree_total(&t, 2, d.goal_blank), 4);
	/* from the edges: the centre (3 onward) and the corner (1) */
	cr_assert_eq(pb_kre_tree_total(&t, 3, d.goal_blank), 8);
	pb_kre_tree_release(&t);
}

/* The pattern databases' cache: in the suite's folder. */
static const char *cache_dir(void)
{
	static char cache[512];

	snprintf(cache, sizeof(cache), "%s/cache", ht_dir);
	return cache;
}

/* H of name HEUR on D. */
static void heuristic(pb_heur *h, const pb_domain *d, const char *heur, pb_search *s)
{
	pb_config cfg = { .heuristic = heur, .cache_dir = cache_dir() };
	const pb_heuristic_info *info = pb_heuristic_chosen(d, &cfg);

	cr_assert_not_null(info, "no heuristic %s", heur);
	pb_search_init(s, 0, 0, NULL);
	cr_assert_eq(pb_heur_init(h, info, d, &cfg, s), PB_SOLVED, "%s on %s: %s", heur, d->name,
		     s->message);
}

/* Over every state of D (by class), the iteration at each threshold
 * 0..MAX, summed, against E(d, c0) times the states of the class: equal
 * (EXACT), or never above and below somewhere (an inconsistent
 * heuristic). */
static void check_exact(const char *domain, const char *heur, int max, bool exact)
{
	pb_domain d = it_domain(domain, NULL);
	static double sum[PB_MAX_CLASSES][PB_KRE_VALUES];
	static uint64_t starts[PB_MAX_CLASSES];
	bool below = false;
	pb_kre_space sp;
	pb_kre_tree t;
	pb_search s;
	pb_heur h;

	memset(sum, 0, sizeof(sum));
	memset(starts, 0, sizeof(starts));
	heuristic(&h, &d, heur, &s);
	cr_assert_eq(pb_kre_sweep(&sp, &h, NULL, 2, &s), PB_SOLVED, "%s: sweep", domain);
	cr_assert_eq(pb_kre_tree_build(&t, &d, max, &s.meter), PB_SOLVED);
	for (uint64_t i = 0; i < d.index_count; i++) {
		pb_state x;

		pb_unindex(&d, i, &x);
		starts[x.cls]++;
		for (int th = 0; th <= max; th++) {
			pb_kre_iteration it;

			cr_assert_eq(pb_kre_iterate(&h, &x, th, &s, &it), PB_SOLVED);
			sum[x.cls][th] += (double)it.expanded;
		}
	}
	for (int c = 0; c < d.nclasses; c++)
		for (int th = 0; th <= max; th++) {
			double want = pb_kre_expanded(&t, &sp.values, c, th) * (double)starts[c];
			double got = sum[c][th];

			if (exact)
				cr_assert(fabs(got - want) <= 1e-9 * want + 1e-9,
					  "%s, %s, blank on %d, threshold %d: %.0f nodes over the %llu "
					  "starts, E gives %.6f", domain, heur, c, th, got,
					  (unsigned long long)starts[c], want);
			else
				cr_assert(got <= want * (1 + 1e-9) + 1e-9,
					  "%s, %s, blank on %d, threshold %d: %.0f nodes, above E's %.3f",
					  domain, heur, c, th, got, want);
			below |= got < want * (1 - 1e-6);
		}
	if (!exact)
		cr_assert(below, "%s, %s: never below E (the heuristic looks consistent)", domain, heur);
	pb_kre_tree_release(&t);
	pb_kre_space_release(&sp);
	pb_heur_release(&h);
}

Test(kre, over_all_starts_of_a_class_the_prediction_is_exact_for_consistent_heuristics)
{
	check_exact("tiles2x3", "manhattan", 21, true);
	check_exact("tiles2x3", "linear-conflict", 21, true);
	check_exact("8puzzle", "manhattan", 14 / SLOWDOWN + 4, true);
	check_exact("8puzzle", "linear-conflict", 14 / SLOWDOWN + 4, true);
}

Test(kre, an_inconsistent_heuristic_expands_at_most_the_prediction)
{
	/* a pattern database keeps the least distance over the blank's
	 * places: one move can lower it by more than one */
	check_exact("8puzzle", "pdb:1-4/5-8", 12, false);
}

/* idastar's nodes on START (optimal length L) between its iterations but
 * the last, each whole, plus the last's root, and all of them whole. */
static void check_idastar(const pb_heur *h, void *ctx, const pb_state *start, int length)
{
	pb_search s, w;
	pb_path p;
	uint64_t before = 0, all = 0;
	int bound = (int)pb_heur_value(h, start);
	char text[PB_STATE_TEXT_MAX];

	pb_format(h->d, start, text, sizeof(text));
	pb_search_init(&s, 0, 0, NULL);
	pb_search_init(&w, 0, 0, NULL);
	cr_assert_eq(pb_solver_idastar.solve(ctx, start, &s, &p), PB_SOLVED, "%s", text);
	cr_assert_eq(p.length, length, "%s: idastar's %d moves, h* %d", text, p.length, length);
	while (bound <= length) {
		pb_kre_iteration it;

		cr_assert_eq(pb_kre_iterate(h, start, bound, &w, &it), PB_SOLVED);
		all += it.expanded;
		if (bound < length)
			before += it.expanded;
		bound = it.next_bound;
	}
	if (length == 0) {
		cr_assert_eq(s.expanded, 0, "%s: the goal, %llu nodes expanded", text,
			     (unsigned long long)s.expanded);
		return;
	}
	cr_assert(s.expanded >= before + 1 && s.expanded <= all,
		  "%s (h* %d): idastar expanded %llu, the iterations before the last %llu, all "
		  "%llu", text, length, (unsigned long long)s.expanded,
		  (unsigned long long)before, (unsigned long long)all);
}

static void check_idastar_on(const char *domain, const char *heur, uint64_t stride)
{
	pb_domain d = it_domain(domain, NULL);
	uint8_t *dist = it_distances(&d);
	it_solver solver;
	pb_search s;
	pb_heur h;

	heuristic(&h, &d, heur, &s);
	it_prepare(&solver, &pb_solver_idastar, &d, heur, cache_dir());
	for (uint64_t i = 0; i < d.index_count; i += stride) {
		pb_state x;

		pb_unindex(&d, i, &x);
		check_idastar(&h, solver.ctx, &x, dist[i]);
	}
	it_release(&solver);
	pb_heur_release(&h);
	free(dist);
}

Test(kre, idastar_expands_its_iterations_before_the_last_whole_and_part_of_the_last)
{
	check_idastar_on("tiles2x3", "manhattan", 1);
	check_idastar_on("tiles2x3", "linear-conflict", 1);
	check_idastar_on("8puzzle", "manhattan", 37 * SLOWDOWN);
	check_idastar_on("8puzzle", "linear-conflict", 37 * SLOWDOWN);
}

/* KRE's own check: the mean over random starts of the iteration at a
 * threshold, run to its end, against E. */
Test(kre, on_the_8_puzzle_random_starts_expand_on_average_what_is_predicted)
{
	pb_domain d = it_domain("8puzzle", NULL);
	/* the same starts under the sanitizers, to fewer thresholds */
	const int starts = 1000, lo = 20, hi = SLOWDOWN > 1 ? 24 : 28;
	pb_kre_space sp;
	pb_kre_tree t;
	pb_search s;
	pb_heur h;
	prng rng;
	pb_random r = { prng_random_below, &rng };
	double pred[PB_KRE_VALUES] = { 0 }, meas[PB_KRE_VALUES] = { 0 };

	heuristic(&h, &d, "manhattan", &s);
	cr_assert_eq(pb_kre_sweep(&sp, &h, NULL, 1, &s), PB_SOLVED);
	cr_assert_eq(pb_kre_tree_build(&t, &d, hi, &s.meter), PB_SOLVED);
	prng_seed(&rng, 1);
	for (int k = 0; k < starts; k++) {
		pb_state x;

		d.ops->random(&d, &r, &x);
		for (int th = lo; th <= hi; th += 2) {
			pb_kre_iteration it;

			cr_assert_eq(pb_kre_iterate(&h, &x, th, &s, &it), PB_SOLVED);
			meas[th] += (double)it.expanded;
			pred[th] += pb_kre_expanded(&t, &sp.values, x.cls, th);
		}
	}
	for (int th = lo; th <= hi; th += 2)
		cr_assert(fabs(meas[th] / pred[th] - 1) < 0.1,
			  "threshold %d: %.1f nodes on average over %d random starts, predicted %.1f",
			  th, meas[th] / starts, starts, pred[th] / starts);
	pb_kre_tree_release(&t);
	pb_kre_space_release(&sp);
	pb_heur_release(&h);
}

/* The mean over the states at h* = HSTAR (every STRIDE-th) of the whole
 * run, each iteration to its end, over the mean prediction. */
static double run_ratio(const pb_heur *h, const pb_kre_tree *t, const pb_kre_values *v,
			const uint8_t *dist, int hstar, uint64_t stride)
{
	double pred = 0, meas = 0;
	uint64_t seen = 0;

	for (uint64_t i = 0; i < h->d->index_count; i++) {
		pb_state x;
		pb_search s;
		uint64_t n;

		if (dist[i] != hstar || seen++ % stride)
			continue;
		pb_unindex(h->d, i, &x);
		pb_search_init(&s, 0, 0, NULL);
		cr_assert_eq(pb_kre_complete_run(h, &x, hstar, &s, &n), PB_SOLVED);
		meas += (double)n;
		pred += pb_kre_run(t, v, x.cls, (int)pb_heur_value(h, &x), hstar, pb_kre_step(h));
	}
	return meas / pred;
}

Test(kre, for_the_starts_of_one_hstar_the_prediction_is_off)
{
	pb_domain d = it_domain("8puzzle", NULL);
	uint8_t *dist = it_distances(&d);
	pb_kre_space sp;
	pb_kre_tree t;
	pb_search s;
	pb_heur h;
	double near, far;

	heuristic(&h, &d, "manhattan", &s);
	cr_assert_eq(pb_kre_sweep(&sp, &h, NULL, 1, &s), PB_SOLVED);
	cr_assert_eq(pb_kre_tree_build(&t, &d, 31, &s.meter), PB_SOLVED);
	/* the mean h* is 22: near states have low h, far ones high h and
	 * neighbourhoods of high h, which a random start has not */
	near = run_ratio(&h, &t, &sp.values, dist, 14, 7 * SLOWDOWN);
	far = run_ratio(&h, &t, &sp.values, dist, 28, 7 * SLOWDOWN);
	cr_assert_gt(near, 2, "h* 14: measured over predicted %.3f, not above 2", near);
	cr_assert_lt(far, 0.6, "h* 28: measured over predicted %.3f, not below 0.6", far);
	pb_kre_tree_release(&t);
	pb_kre_space_release(&sp);
	pb_heur_release(&h);
	free(dist);
}

Test(kre, the_sweep_counts_the_same_with_any_number_of_threads)
{
	pb_domain d = it_domain("8puzzle", NULL);
	uint8_t *dist = it_distances(&d);
	pb_kre_space one, many;
	pb_search s;
	pb_heur h;

	heuristic(&h, &d, "linear-conflict", &s);
	cr_assert_eq(pb_kre_sweep(&one, &h, dist, 1, &s), PB_SOLVED);
	for (int threads = 2; threads <= 3; threads++) {
		cr_assert_eq(pb_kre_sweep(&many, &h, dist, threads, &s), PB_SOLVED);
		cr_assert(!memcmp(one.joint, many.joint,
				  sizeof(uint64_t) * PB_KRE_VALUES * PB_KRE_VALUES),
			  "%d threads: another joint distribution", threads);
		cr_assert(!memcmp(&one.values, &many.values, sizeof(one.values)),
			  "%d threads: another distribution of h", threads);
		cr_assert_eq(one.hstar_max, many.hstar_max);
		pb_kre_space_release(&many);
	}
	cr_assert_eq(one.hstar_max, 31, "h* up to %d, the 8-puzzle's radius is 31", one.hstar_max);
	cr_assert_eq(one.values.states, d.index_count);
	cr_assert(!one.over, "linear conflict above h* somewhere");
	pb_kre_space_release(&one);
	pb_heur_release(&h);
	free(dist);
}

Test(kre, a_sample_comes_near_the_exact_distribution)
{
	pb_domain d = it_domain("8puzzle", NULL);
	const uint64_t samples = 200000;
	pb_kre_values *v = malloc(sizeof(*v));
	pb_kre_space sp;
	pb_search s;
	pb_heur h;
	prng rng;
	pb_random r = { prng_random_below, &rng };

	cr_assert_not_null(v);
	heuristic(&h, &d, "manhattan", &s);
	cr_assert_eq(pb_kre_sweep(&sp, &h, NULL, 1, &s), PB_SOLVED);
	prng_seed(&rng, 3);
	cr_assert_eq(pb_kre_sample(v, &h, &r, samples, &s), PB_SOLVED);
	cr_assert_eq(v->states, samples);
	for (int c = 0; c < d.nclasses; c++)
		for (int x = 0; x <= sp.values.hmax; x++) {
			double a = pb_kre_fraction(v, c, x), b = pb_kre_fraction(&sp.values, c, x);

			/* a class holds a ninth of the sample: 22,000 states */
			cr_assert(fabs(a - b) < 0.02, "blank on %d, h <= %d: %.4f of the sample, %.4f of "
				  "every state", c, x, a, b);
		}
	free(v);
	pb_kre_space_release(&sp);
	pb_heur_release(&h);
}
