/* astar: optimal answers on the small boards with each tiles heuristic and
 * other goals and shapes, every Magic Squares target with the least
 * sequence (with the pattern databases and with h = 0), Korf's shortest
 * 15-puzzle instances with a pattern database (which is inconsistent, so
 * states are reopened), unsolvable states, and the memory and time
 * limits. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

#define KORF_GOAL "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

Test(astar, every_3x3_state)
{
	it_every_state(&pb_solver_astar, "8puzzle", NULL, "linear-conflict", 3 * SLOWDOWN);
	it_every_state(&pb_solver_astar, "8puzzle", NULL, "manhattan", 7 * SLOWDOWN);
	it_every_state(&pb_solver_astar, "8puzzle", NULL, "zero", 997 * SLOWDOWN);
}

Test(astar, other_boards_and_goals)
{
	it_every_state(&pb_solver_astar, "tiles2x3", NULL, "zero", 1);
	it_every_state(&pb_solver_astar, "tiles3x2", NULL, "manhattan", 1);
	it_every_state(&pb_solver_astar, "tiles2x2", NULL, NULL, 1);
	it_every_state(&pb_solver_astar, "tiles4x2", NULL, "linear-conflict", 3 * SLOWDOWN);
	it_every_state(&pb_solver_astar, "8puzzle", "x 1 2 3 4 5 6 7 8", "linear-conflict",
		       11 * SLOWDOWN);
	it_every_state(&pb_solver_astar, "tiles5x2", NULL, "linear-conflict", 9973 * SLOWDOWN);
}

Test(astar, every_msquare_target_least_sequence)
{
	it_every_state(&pb_solver_astar, "msquare", NULL, NULL, 1);
	it_every_state(&pb_solver_astar, "msquare", NULL, "zero", 101 * SLOWDOWN);
}

Test(astar, korf_shortest_instances, .timeout = 600)
{
	static const struct {
		const char *id, *tiles;
		int length;
	} korf[] = {
		{ "55", "13 8 14 3 9 1 x 7 15 5 4 10 12 2 6 11", 41 },
		{ "16", "1 3 2 5 10 9 15 6 8 14 13 11 12 4 7 x", 42 },
		{ "42", "4 5 7 2 9 14 12 13 x 3 6 11 8 1 15 10", 42 },
		{ "79", "x 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15", 42 },
	};
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	char *dir = ht_tempdir();
	it_solver t;

	cr_assert_not_null(dir);
	it_prepare(&t, &pb_solver_astar, &d, "pdb555", dir);
	for (size_t i = 0; i < sizeof(korf) / sizeof(korf[0]); i++) {
		pb_state start = it_parse(&d, korf[i].tiles);
		pb_search s;
		pb_path p;
		pb_status st;
		pb_verdict v;

		pb_search_init(&s, 0, 0, NULL);
		st = t.solver->solve(t.ctx, &start, &s, &p);
		cr_assert_eq(st, PB_SOLVED, "Korf #%s: %s", korf[i].id, pb_status_name(st));
		cr_assert_eq(p.length, korf[i].length, "Korf #%s: %d moves, optimal %d", korf[i].id,
			     p.length, korf[i].length);
		cr_assert_eq(s.meter.current, 0, "Korf #%s: %zu bytes not freed", korf[i].id,
			     s.meter.current);
		v = it_replay(&d, &start, &p);
		cr_assert_eq(v, PB_REACHES_GOAL, "Korf #%s: the path %s", korf[i].id, pb_verdict_name(v));
	}
	it_release(&t);
	ht_remove(dir);
}

Test(astar, unsolvable_and_limits)
{
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	/* Korf's #60 with tiles 6 and 8 swapped, and as it is (66 moves) */
	pb_state odd = it_parse(&d, "11 14 13 1 2 3 12 4 15 7 9 5 10 8 6 x");
	pb_state hard = it_parse(&d, "11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 x");
	const size_t limit = 16 << 20;
	volatile sig_atomic_t stop = 1;
	it_solver t;
	pb_search s;
	pb_path p;
	pb_status st;

	it_prepare(&t, &pb_solver_astar, &d, "manhattan", NULL);
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(t.solver->solve(t.ctx, &odd, &s, &p), PB_UNSOLVABLE,
		     "Korf #60 with 6 and 8 swapped is unsolvable");
	cr_assert_eq(s.expanded, 0, "unsolvable found by search, not by parity");
	pb_search_init(&s, limit, 0, NULL);
	st = t.solver->solve(t.ctx, &hard, &s, &p);
	cr_assert_eq(st, PB_MEMOUT, "Korf #60 in 16 MiB: %s", pb_status_name(st));
	cr_assert_leq(s.meter.peak, limit, "the peak %zu passed the limit", s.meter.peak);
	cr_assert_eq(s.meter.current, 0, "memout left %zu bytes", s.meter.current);
	pb_search_init(&s, 0, 20 * 1000 * 1000, NULL);
	st = t.solver->solve(t.ctx, &hard, &s, &p);
	cr_assert_eq(st, PB_TIMEOUT, "Korf #60 in 20 ms: %s", pb_status_name(st));
	cr_assert_eq(s.meter.current, 0, "timeout left %zu bytes", s.meter.current);
	pb_search_init(&s, 0, 0, &stop);
	st = t.solver->solve(t.ctx, &hard, &s, &p);
	cr_assert_eq(st, PB_STOPPED, "Korf #60 with the stop flag up: %s", pb_status_name(st));
	it_release(&t);
}
