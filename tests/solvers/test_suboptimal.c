/* wastar, gbfs and awastar (issue 32): answers checked against lengths
 * found outside them. On the small domains (the 8-puzzle, Magic Squares,
 * 8 pancakes) every state's distance comes from one breadth-first search
 * (it_distances); on the larger boards from astar, and on Korf's 100 from
 * the published optimal lengths (../shared/data/korf100.tsv). Weighted A*
 * must answer within its weight (and be A* at w = 1, with a consistent
 * heuristic and with an inconsistent one, which reopens states), greedy
 * must reach the goal, and anytime weighted A* must report a falling
 * series of answers ending on the optimal length, or, cut short by a
 * limit, its last answer (within the weight) with the cut said. */
#include <criterion/criterion.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

#define KORF_GOAL "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
#define KORF_LENGTHS IT_SHARED "data/korf100.tsv"
#define MAX_ANSWERS 64

/* The variant NAME ("wastar:w=1.5"), which must exist. */
static const pb_solver *variant(const char *name)
{
	char why[PB_VARIANT_NAME_MAX + 1];
	const pb_solver *s = pb_solver_lookup(name, why, sizeof(why));

	cr_assert_not_null(s, "no solver '%s': %s", name, why);
	return s;
}

/* The answers an anytime search reported, kept by on_answer. */
typedef struct answers {
	int n;
	int length[MAX_ANSWERS];
	uint64_t expanded[MAX_ANSWERS];
} answers;

static void keep_answer(void *arg, const pb_path *path, const pb_search *s)
{
	answers *a = arg;

	if (a->n < MAX_ANSWERS) {
		a->length[a->n] = path->length;
		a->expanded[a->n] = s->expanded;
	}
	a->n++;
}

/* T's answer to START (of optimal length OPT, -1 where unsolvable)
 * checked: the status, the replay to the goal, no memory kept, and the
 * length within BOUND times OPT (INFINITY: any). Returns its length. */
static int check_bounded(it_solver *t, const pb_domain *d, const pb_state *start, int opt,
			 double bound)
{
	char text[PB_STATE_TEXT_MAX];
	pb_search s;
	pb_path p;
	pb_status st;

	pb_format(d, start, text, sizeof(text));
	pb_search_init(&s, 0, 0, NULL);
	st = t->solver->solve(t->ctx, start, &s, &p);
	cr_assert_eq(s.meter.current, 0, "%s on %s '%s': %zu bytes not freed", t->solver->name,
		     d->name, text, s.meter.current);
	if (opt < 0) {
		cr_assert_eq(st, PB_UNSOLVABLE, "%s on %s '%s': %s, not unsolvable", t->solver->name,
			     d->name, text, pb_status_name(st));
		return -1;
	}
	cr_assert_eq(st, PB_SOLVED, "%s on %s '%s': %s (%s)", t->solver->name, d->name, text,
		     pb_status_name(st), s.message);
	cr_assert_eq(it_replay(d, start, &p), PB_REACHES_GOAL, "%s on %s '%s': misses the goal",
		     t->solver->name, d->name, text);
	cr_assert_geq(p.length, opt, "%s on %s '%s': %d moves, shorter than optimal %d",
		      t->solver->name, d->name, text, p.length, opt);
	/* (a bound of INFINITY: none, which pb_within_bound takes for 0 * inf
	 * on the goal itself) */
	cr_assert(isinf(bound) || pb_within_bound(p.length, opt, bound),
		  "%s on %s '%s': %d moves, past %g times optimal %d", t->solver->name, d->name,
		  text, p.length, bound, opt);
	cr_assert(!s.cut, "%s on %s '%s': cut with no limit", t->solver->name, d->name, text);
	return p.length;
}

/* Every STRIDE-th state of DOMAIN (and its unsolvable twin) through the
 * solver NAME with HEURISTIC, within the solver's bound of the
 * breadth-first distance. Returns how many answers were longer than
 * optimal. */
static int sample_domain(const char *name, const char *domain, const char *heuristic,
			 const char *cache, uint64_t stride)
{
	const pb_solver *solver = variant(name);
	double bound = pb_solver_bound(solver);
	pb_domain d = it_domain(domain, NULL);
	uint8_t *dist = it_distances(&d);
	it_solver t;
	int longer = 0;

	it_prepare(&t, solver, &d, heuristic, cache);
	for (uint64_t i = 0; i < d.index_count; i += stride) {
		pb_state s;

		pb_unindex(&d, i, &s);
		longer += check_bounded(&t, &d, &s, dist[i], bound) > dist[i];
		if (d.ops->twin) {
			d.ops->twin(&d, &s, &s);
			check_bounded(&t, &d, &s, -1, bound);
		}
	}
	it_release(&t);
	free(dist);
	return longer;
}

Test(suboptimal, weights_and_guarantees)
{
	char why[PB_VARIANT_NAME_MAX + 1];

	cr_assert_str_eq(variant("wastar:w=1.50")->name, "wastar:w=1.5");
	cr_assert_float_eq(pb_solver_bound(variant("wastar:w=1.5")), 1.5, 1e-12);
	cr_assert_float_eq(pb_solver_bound(&pb_solver_wastar), 2, 1e-12, "the default weight");
	cr_assert_float_eq(pb_solver_bound(variant("awastar:w=3")), 3, 1e-12);
	cr_assert(isinf(pb_solver_bound(&pb_solver_gbfs)), "gbfs promises nothing");
	cr_assert(pb_solver_bound(&pb_solver_awastar) == 2 && pb_solver_awastar.anytime);
	cr_assert(!pb_solver_wastar.anytime && !pb_solver_gbfs.anytime);
	cr_assert_null(pb_solver_lookup("wastar:w=0.5", why, sizeof(why)), "a weight below 1");
	cr_assert_null(pb_solver_lookup("wastar:w=101", why, sizeof(why)), "a weight past 100");
	cr_assert_null(pb_solver_lookup("gbfs:w=2", why, sizeof(why)), "gbfs takes no weight");
	/* not one of the default solvers of any domain */
	for (size_t i = 0; i < pb_solver_count; i++)
		if (pb_solvers[i] == &pb_solver_wastar)
			cr_assert_gt(i, 0);
}

Test(suboptimal, weighted_within_bound_on_the_8puzzle)
{
	static const char *const names[] = { "wastar:w=1.5", "wastar:w=2", "wastar:w=5",
					     "wastar:w=1.25" };
	int longer[4];

	for (int i = 0; i < 4; i++) {
		longer[i] = sample_domain(names[i], "8puzzle", "manhattan", NULL, 97 * SLOWDOWN);
		sample_domain(names[i], "8puzzle", "linear-conflict", NULL, 193 * SLOWDOWN);
	}
	/* the weight is used: larger ones give up length */
	cr_assert_gt(longer[2], 0, "wastar:w=5 answered every sampled state optimally");
	cr_assert_gt(longer[2], longer[0], "w=5 (%d longer) no worse than w=1.5 (%d)", longer[2],
		     longer[0]);
}

Test(suboptimal, weight_one_is_optimal)
{
	char *dir = ht_tempdir();

	cr_assert_not_null(dir);
	it_every_state(variant("wastar:w=1"), "8puzzle", NULL, "manhattan", 29 * SLOWDOWN);
	/* an additive pattern database is inconsistent: states are reopened */
	cr_assert_eq(sample_domain("wastar:w=1", "8puzzle", "pdb:1-4/5-8", dir, 31 * SLOWDOWN), 0);
	cr_assert_eq(sample_domain("wastar:w=1", "tiles3x2", "zero", NULL, 7), 0);
	ht_remove(dir);
}

Test(suboptimal, greedy_reaches_the_goal)
{
	int longer = sample_domain("gbfs", "8puzzle", "manhattan", NULL, 37 * SLOWDOWN);

	cr_assert_gt(longer, 0, "greedy answered every sampled state optimally");
	sample_domain("gbfs", "8puzzle", "linear-conflict", NULL, 101 * SLOWDOWN);
	/* h = 0: breadth-first order, so optimal */
	cr_assert_eq(sample_domain("gbfs", "tiles3x2", "zero", NULL, 3), 0);
}

Test(suboptimal, other_domains)
{
	static const char *const names[] = { "wastar:w=2", "gbfs", "awastar:w=3" };

	for (int i = 0; i < 3; i++) {
		sample_domain(names[i], "msquare", NULL, NULL, 31 * SLOWDOWN);
		sample_domain(names[i], "msquare", "zero", NULL, 997 * SLOWDOWN);
		sample_domain(names[i], "pancake8", "gap", NULL, 29 * SLOWDOWN);
	}
	/* awastar proves its last answer optimal */
	cr_assert_eq(sample_domain("awastar:w=3", "pancake8", "gap", NULL, 29 * SLOWDOWN), 0);
	cr_assert_eq(sample_domain("awastar:w=3", "msquare", NULL, NULL, 31 * SLOWDOWN), 0);
}

/* Walks of LEN moves on DOMAIN with HEURISTIC: the solvers' answers
 * within their bounds of astar's length (the two-word kernels, the cube). */
static void walks(const char *domain, const char *heuristic, int len, int count)
{
	static const char *const names[] = { "wastar:w=2", "wastar:w=1", "gbfs", "awastar:w=2" };
	pb_domain d = it_domain(domain, NULL);
	it_solver opt, t[4];
	uint64_t rng = 7;

	it_prepare(&opt, &pb_solver_astar, &d, heuristic, NULL);
	for (int i = 0; i < 4; i++)
		it_prepare(&t[i], variant(names[i]), &d, heuristic, NULL);
	for (int k = 0; k < count; k++) {
		pb_state s = it_walk(&d, len, &rng);
		char text[PB_STATE_TEXT_MAX];
		int best;

		pb_format(&d, &s, text, sizeof(text));
		best = it_solve_length(&opt, &d, &s, text);
		for (int i = 0; i < 4; i++) {
			int n = check_bounded(&t[i], &d, &s, best, pb_solver_bound(t[i].solver));

			if (i == 1 || i == 3)
				cr_assert_eq(n, best, "%s on %s '%s': %d moves, optimal %d", names[i],
					     domain, text, n, best);
		}
	}
	for (int i = 0; i < 4; i++)
		it_release(&t[i]);
	it_release(&opt);
}

Test(suboptimal, larger_domains)
{
	walks("24puzzle", "manhattan", 40, 4);
	walks("pancake20", "gap", 30, 4);
	walks("cube2", "cube-pdb", 12, 4);
}

/* awastar on every STRIDE-th state of the 8-puzzle with weight NAME: the
 * answers fall, the first within the weight, the last optimal. Returns
 * how many searches found more than one. */
static int anytime_series(const char *name, uint64_t stride)
{
	const pb_solver *solver = variant(name);
	double w = pb_solver_bound(solver);
	pb_domain d = it_domain("8puzzle", NULL);
	uint8_t *dist = it_distances(&d);
	it_solver t;
	int several = 0;

	it_prepare(&t, solver, &d, "manhattan", NULL);
	for (uint64_t i = 0; i < d.index_count; i += stride) {
		char text[PB_STATE_TEXT_MAX];
		answers a = { 0 };
		pb_search s;
		pb_path p;
		pb_status st;
		pb_state x;

		pb_unindex(&d, i, &x);
		pb_format(&d, &x, text, sizeof(text));
		pb_search_init(&s, 0, 0, NULL);
		s.on_answer = keep_answer;
		s.answer_arg = &a;
		st = t.solver->solve(t.ctx, &x, &s, &p);
		cr_assert_eq(st, PB_SOLVED, "%s '%s': %s", name, text, pb_status_name(st));
		cr_assert_eq(s.meter.current, 0, "%s '%s': memory kept", name, text);
		cr_assert(!s.cut, "%s '%s': cut with no limit", name, text);
		cr_assert_eq(it_replay(&d, &x, &p), PB_REACHES_GOAL, "%s '%s': misses the goal", name,
			     text);
		cr_assert_eq(p.length, dist[i], "%s '%s': %d moves, optimal %d", name, text, p.length,
			     dist[i]);
		cr_assert(a.n >= 1 && a.n <= MAX_ANSWERS, "%s '%s': %d answers", name, text, a.n);
		cr_assert_eq((int)s.answers, a.n, "%s '%s': answers counted %u, reported %d", name,
			     text, s.answers, a.n);
		cr_assert(pb_within_bound(a.length[0], dist[i], w), "%s '%s': first answer %d moves",
			  name, text, a.length[0]);
		for (int k = 1; k < a.n; k++) {
			cr_assert_lt(a.length[k], a.length[k - 1], "%s '%s': answer %d not better",
				     name, text, k + 1);
			cr_assert_geq(a.expanded[k], a.expanded[k - 1], "%s '%s'", name, text);
		}
		cr_assert_eq(a.length[a.n - 1], p.length, "%s '%s': the last answer reported is %d, "
			     "returned %d", name, text, a.length[a.n - 1], p.length);
		several += a.n > 1;
	}
	it_release(&t);
	free(dist);
	return several;
}

Test(suboptimal, anytime_falls_to_optimal)
{
	cr_assert_gt(anytime_series("awastar:w=5", 89 * SLOWDOWN), 0,
		     "awastar:w=5 never improved on its first answer");
	anytime_series("awastar:w=1.5", 211 * SLOWDOWN);
	anytime_series("awastar:w=1", 401 * SLOWDOWN);
}

/* Korf's 100 with their published optimal lengths: instance ID's tiles
 * into *START on D, its length returned. */
static int korf_instance(const pb_domain *d, int id, pb_state *start)
{
	char line[256], *text = NULL;
	FILE *f;
	int len = -1;

	it_need_shared(KORF_LENGTHS);
	f = fopen(KORF_LENGTHS, "r");
	cr_assert_not_null(f);
	while (fgets(line, sizeof(line), f)) {
		char *tab = strchr(line, '\t'), *tab2 = tab ? strchr(tab + 1, '\t') : NULL;

		if (!tab2 || atoi(line) != id)
			continue;
		*tab2 = '\0';
		text = tab + 1;
		len = atoi(tab2 + 1);
		break;
	}
	fclose(f);
	cr_assert(text && len > 0, "Korf #%d not in korf100.tsv", id);
	*start = it_parse(d, text);
	return len;
}

Test(suboptimal, korf_within_bound)
{
	static const int ids[] = { 1, 2, 5, 17, 60 };
	static const char *const names[] = { "wastar:w=2", "wastar:w=3", "wastar:w=5", "gbfs" };
	pb_domain d = it_domain("15puzzle", KORF_GOAL);

	for (int i = 0; i < 4; i++) {
		it_solver t;

		it_prepare(&t, variant(names[i]), &d, "manhattan", NULL);
		for (size_t k = 0; k < sizeof(ids) / sizeof(ids[0]); k++) {
			pb_state start;
			int opt = korf_instance(&d, ids[k], &start);

			check_bounded(&t, &d, &start, opt, pb_solver_bound(t.solver));
		}
		it_release(&t);
	}
}

Test(suboptimal, anytime_cut_by_limits)
{
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	const size_t limit = 32 << 20;
	volatile sig_atomic_t stop = 1;
	pb_state start;
	int opt = korf_instance(&d, 1, &start);
	answers a = { 0 };
	it_solver t;
	pb_search s;
	pb_path p;
	pb_status st;

	it_prepare(&t, variant("awastar:w=5"), &d, "manhattan", NULL);
	/* a memory limit far below the proof's gigabyte, far above the first
	 * answer's megabyte */
	pb_search_init(&s, limit, 0, NULL);
	s.on_answer = keep_answer;
	s.answer_arg = &a;
	st = t.solver->solve(t.ctx, &start, &s, &p);
	cr_assert_eq(st, PB_SOLVED, "Korf #1 in 32 MiB: %s", pb_status_name(st));
	cr_assert(s.cut, "Korf #1 in 32 MiB: not said to be cut");
	cr_assert(a.n >= 1 && a.length[a.n - 1] == p.length, "Korf #1: %d answers, the last %d",
		  a.n, a.n ? a.length[a.n - 1] : -1);
	cr_assert_eq(it_replay(&d, &start, &p), PB_REACHES_GOAL, "Korf #1 cut: misses the goal");
	cr_assert(p.length >= opt && pb_within_bound(p.length, opt, 5), "Korf #1 cut: %d moves",
		  p.length);
	cr_assert_leq(s.meter.peak, limit, "the peak %zu passed the limit", s.meter.peak);
	cr_assert_eq(s.meter.current, 0, "cut left %zu bytes", s.meter.current);

	/* too little memory for an answer: memout as any search */
	pb_search_init(&s, 64 << 10, 0, NULL);
	st = t.solver->solve(t.ctx, &start, &s, &p);
	cr_assert_eq(st, PB_MEMOUT, "Korf #1 in 64 KiB: %s", pb_status_name(st));
	cr_assert(!s.cut && s.answers == 0);
	cr_assert_eq(s.meter.current, 0, "memout left %zu bytes", s.meter.current);

	/* a deadline passed at the first look at the clock: an answer found
	 * before it is kept, else a timeout (which of the two is the
	 * expansions', not the clock's, affair) */
	pb_search_init(&s, 0, 1, NULL);
	st = t.solver->solve(t.ctx, &start, &s, &p);
	if (st == PB_SOLVED) {
		cr_assert(s.cut && s.answers >= 1, "Korf #1 in 1 ns: solved, not cut");
		cr_assert_eq(it_replay(&d, &start, &p), PB_REACHES_GOAL);
		cr_assert(pb_within_bound(p.length, opt, 5));
	} else {
		cr_assert_eq(st, PB_TIMEOUT, "Korf #1 in 1 ns: %s", pb_status_name(st));
		cr_assert(!s.cut && s.answers == 0);
	}
	cr_assert_eq(s.meter.current, 0, "timeout left %zu bytes", s.meter.current);

	/* the harness's stop is no limit: interrupted, answer or not */
	pb_search_init(&s, 0, 0, &stop);
	st = t.solver->solve(t.ctx, &start, &s, &p);
	cr_assert_eq(st, PB_STOPPED, "Korf #1 stopped: %s", pb_status_name(st));
	it_release(&t);
}

Test(suboptimal, unsolvable_by_parity)
{
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	/* Korf's #60 with tiles 6 and 8 swapped */
	pb_state odd = it_parse(&d, "11 14 13 1 2 3 12 4 15 7 9 5 10 8 6 x");
	static const char *const names[] = { "wastar:w=2", "gbfs", "awastar:w=2" };

	for (int i = 0; i < 3; i++) {
		it_solver t;
		pb_search s;
		pb_path p;

		it_prepare(&t, variant(names[i]), &d, "manhattan", NULL);
		pb_search_init(&s, 0, 0, NULL);
		cr_assert_eq(t.solver->solve(t.ctx, &odd, &s, &p), PB_UNSOLVABLE, "%s", names[i]);
		cr_assert_eq(s.expanded, 0, "%s: searched to say unsolvable", names[i]);
		it_release(&t);
	}
}
