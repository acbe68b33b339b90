/* idastar: optimal answers on every state of the small boards with every
 * tiles heuristic, other goals and board shapes, every Magic Squares
 * target with the least sequence, Korf's shortest 15-puzzle instances with
 * a pattern database, unsolvable states, limits and unsupported
 * heuristics. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

#define KORF_GOAL "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

/* The four shortest of Korf's 100 (1985), with their optimal lengths. */
static const struct {
	const char *id, *tiles;
	int length;
} korf_short[] = {
	{ "55", "13 8 14 3 9 1 x 7 15 5 4 10 12 2 6 11", 41 },
	{ "16", "1 3 2 5 10 9 15 6 8 14 13 11 12 4 7 x", 42 },
	{ "42", "4 5 7 2 9 14 12 13 x 3 6 11 8 1 15 10", 42 },
	{ "79", "x 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15", 42 },
};

Test(idastar, every_3x3_state)
{
	it_every_state(&pb_solver_idastar, "8puzzle", NULL, "linear-conflict", SLOWDOWN);
	it_every_state(&pb_solver_idastar, "8puzzle", NULL, "manhattan", 3 * SLOWDOWN);
}

Test(idastar, other_boards_and_goals)
{
	static const char *const tiles_heuristics[] = { "zero", "manhattan", "linear-conflict" };

	for (int i = 0; i < 3; i++) {
		it_every_state(&pb_solver_idastar, "tiles2x3", NULL, tiles_heuristics[i], 1);
		it_every_state(&pb_solver_idastar, "tiles3x2", NULL, tiles_heuristics[i], 1);
	}
	it_every_state(&pb_solver_idastar, "tiles2x2", NULL, NULL, 1);
	it_every_state(&pb_solver_idastar, "tiles4x2", NULL, "linear-conflict", SLOWDOWN);
	it_every_state(&pb_solver_idastar, "tiles2x4", "x 7 6 5 4 3 2 1", "manhattan", SLOWDOWN);
	it_every_state(&pb_solver_idastar, "8puzzle", "x 1 2 3 4 5 6 7 8", "linear-conflict",
		       5 * SLOWDOWN);
	it_every_state(&pb_solver_idastar, "8puzzle", "1 2 3 8 x 4 7 6 5", "manhattan",
		       7 * SLOWDOWN);
	/* rows of five: conflicts counted without a table */
	it_every_state(&pb_solver_idastar, "tiles5x2", NULL, "linear-conflict", 9973 * SLOWDOWN);
}

Test(idastar, every_msquare_target_least_sequence)
{
	pb_domain d = it_domain("msquare", NULL);
	it_solver t;
	pb_path p;
	pb_search s;
	pb_state usaco = it_parse(&d, "2 6 8 4 5 7 3 1");
	const char *want = "BCABCCB";

	it_every_state(&pb_solver_idastar, "msquare", NULL, NULL, 1);
	/* USACO 3.2.5's sample, with and without the pattern databases */
	for (int z = 0; z < 2; z++) {
		it_prepare(&t, &pb_solver_idastar, &d, z ? "zero" : "msquare-pdb", NULL);
		pb_search_init(&s, 0, 0, NULL);
		cr_assert_eq(t.solver->solve(t.ctx, &usaco, &s, &p), PB_SOLVED);
		cr_assert_eq(p.length, (int)strlen(want), "USACO sample: %d moves, want 7", p.length);
		for (int i = 0; i < p.length; i++)
			cr_assert_eq(pb_move_name(&d, p.moves[i])[0], want[i],
				     "USACO sample with '%s': move %d is %s, want %s", t.heuristic, i + 1,
				     pb_move_name(&d, p.moves[i]), want);
		it_release(&t);
	}
}

static void solve_korf(it_solver *t, const pb_domain *d, int first, int count)
{
	for (int i = first; i < first + count; i++) {
		pb_state start = it_parse(d, korf_short[i].tiles);
		pb_search s;
		pb_path p;
		pb_status st;
		pb_verdict v;

		pb_search_init(&s, 0, 0, NULL);
		st = t->solver->solve(t->ctx, &start, &s, &p);
		cr_assert_eq(st, PB_SOLVED, "Korf #%s with %s: %s", korf_short[i].id, t->heuristic,
			     pb_status_name(st));
		cr_assert_eq(p.length, korf_short[i].length, "Korf #%s with %s: %d moves, optimal %d",
			     korf_short[i].id, t->heuristic, p.length, korf_short[i].length);
		v = it_replay(d, &start, &p);
		cr_assert_eq(v, PB_REACHES_GOAL, "Korf #%s with %s: the path %s", korf_short[i].id,
			     t->heuristic, pb_verdict_name(v));
	}
}

Test(idastar, korf_shortest_instances, .timeout = 600)
{
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	char *dir = ht_tempdir();
	it_solver t;
	int n = (int)(sizeof(korf_short) / sizeof(korf_short[0]));

	cr_assert_not_null(dir);
	it_prepare(&t, &pb_solver_idastar, &d, "pdb555", dir);
	cr_assert(strstr(t.prep.message, "built"), "pdb555 in an empty cache: '%s'", t.prep.message);
	solve_korf(&t, &d, 0, n);
	it_release(&t);
	/* again: from the cache this time */
	it_prepare(&t, &pb_solver_idastar, &d, "pdb555", dir);
	cr_assert(strstr(t.prep.message, "loaded"), "pdb555 in a full cache: '%s'", t.prep.message);
	solve_korf(&t, &d, 0, n);
	it_release(&t);
	ht_remove(dir);
	it_prepare(&t, &pb_solver_idastar, &d, "linear-conflict", NULL);
	solve_korf(&t, &d, 0, 1);
	it_release(&t);
}

Test(idastar, unsolvable_and_limits)
{
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	/* Korf's #60 with tiles 6 and 8 swapped, and as it is (66 moves) */
	pb_state odd = it_parse(&d, "11 14 13 1 2 3 12 4 15 7 9 5 10 8 6 x");
	pb_state hard = it_parse(&d, "11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 x");
	volatile sig_atomic_t stop = 1;
	it_solver t;
	pb_search s;
	pb_path p;
	pb_status st;

	it_prepare(&t, &pb_solver_idastar, &d, "manhattan", NULL);
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(t.solver->solve(t.ctx, &odd, &s, &p), PB_UNSOLVABLE,
		     "Korf #60 with 6 and 8 swapped is unsolvable");
	cr_assert_eq(s.expanded, 0, "unsolvable found by search, not by parity");
	pb_search_init(&s, 0, 20 * 1000 * 1000, NULL);
	st = t.solver->solve(t.ctx, &hard, &s, &p);
	cr_assert_eq(st, PB_TIMEOUT, "Korf #60 in 20 ms: %s", pb_status_name(st));
	pb_search_init(&s, 0, 0, &stop);
	st = t.solver->solve(t.ctx, &hard, &s, &p);
	cr_assert_eq(st, PB_STOPPED, "Korf #60 with the stop flag up: %s", pb_status_name(st));
	it_release(&t);
}

Test(idastar, unsupported_heuristics)
{
	pb_domain d3 = it_domain("8puzzle", NULL), ms = it_domain("msquare", NULL);
	pb_config pdb = { .heuristic = "pdb78" }, nope = { .heuristic = "nope" },
		  md = { .heuristic = "manhattan" };
	char why[160];
	const char *r;
	pb_search s;
	void *ctx = NULL;

	r = pb_solver_supports(&pb_solver_idastar, &d3, &pdb, why, sizeof(why));
	cr_assert(r && strstr(r, "4x4"), "pdb78 on 3x3: '%s'", r ? r : "(served)");
	r = pb_solver_supports(&pb_solver_idastar, &d3, &nope, why, sizeof(why));
	cr_assert(r && strstr(r, "unknown heuristic 'nope'"), "'nope': '%s'", r ? r : "(served)");
	r = pb_solver_supports(&pb_solver_idastar, &ms, &md, why, sizeof(why));
	cr_assert(r && strstr(r, "tiles"), "manhattan on msquare: '%s'", r ? r : "(served)");
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(pb_solver_prepare(&pb_solver_idastar, &d3, &pdb, &s, &ctx), PB_UNSUPPORTED);
	cr_assert(strstr(s.message, "4x4"), "prepare's reason: '%s'", s.message);
	cr_assert_eq(s.meter.current, 0, "an unsupported prepare holds %zu bytes", s.meter.current);
}
