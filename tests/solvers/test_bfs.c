/* The breadth-first family (bfs-hash, bfs-cantor, reverse-table, bibfs):
 * optimal answers on every small board, with other goals, on boards whose
 * index takes the rank loop (10 cells), every Magic Squares target with the
 * least sequence, a start that is the goal, unsolvable starts, and memory
 * held only while a search runs. Answers are checked against the distances
 * of one plain breadth-first search (pb_distances). */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

static const pb_solver *const family[] = {
	&pb_solver_bfs_cantor, &pb_solver_bfs_hash, &pb_solver_reverse_table, &pb_solver_bibfs,
};
enum { family_size = sizeof(family) / sizeof(family[0]) };

/* Every how many states a solver takes on a board of COUNT states: the
 * forward searches cost a search a state, the table one lookup. */
static uint64_t stride_for(const pb_solver *solver, uint64_t count)
{
	if (solver == &pb_solver_reverse_table)
		return 1;
	if (solver == &pb_solver_bibfs)
		return count > 50000 ? 13 * SLOWDOWN : 1;
	return count > 50000 ? 1999 * SLOWDOWN : count > 1000 ? 7 * SLOWDOWN : 1;
}

static void every_state_each_solver(const char *domain, const char *goal)
{
	pb_domain d = it_domain(domain, goal);

	for (int i = 0; i < family_size; i++)
		it_every_state(family[i], domain, goal, NULL, stride_for(family[i], d.index_count));
}

Test(bfs, every_small_board)
{
	const char *boards[] = { "tiles2x2", "tiles2x3", "tiles3x2", "tiles2x4", "tiles4x2", "8puzzle" };

	for (size_t k = 0; k < sizeof(boards) / sizeof(boards[0]); k++)
		every_state_each_solver(boards[k], NULL);
}

Test(bfs, other_goals)
{
	every_state_each_solver("tiles2x3", "x 1 2 3 4 5");
	every_state_each_solver("tiles4x2", "7 6 5 4 3 2 1 x");
	every_state_each_solver("8puzzle", "x 1 2 3 4 5 6 7 8");
	every_state_each_solver("8puzzle", "1 2 3 8 x 4 7 6 5");
}

/* Ten cells: the index takes the rank loop, not the tables. (One
 * orientation under the sanitizers: the other ran the same loop for 5 s of
 * CI's 20 minutes.) */
Test(bfs, boards_of_ten_cells, .timeout = 600)
{
#ifdef PB_SANITIZED
	const char *boards[] = { "tiles5x2" };
#else
	const char *boards[] = { "tiles5x2", "tiles2x5" };
#endif

	for (size_t k = 0; k < sizeof(boards) / sizeof(boards[0]); k++) {
		pb_domain d = it_domain(boards[k], NULL);

		it_every_state(&pb_solver_reverse_table, boards[k], NULL, NULL, 7 * SLOWDOWN);
		it_every_state(&pb_solver_bibfs, boards[k], NULL, NULL, 4999 * SLOWDOWN);
		it_every_state(&pb_solver_bfs_cantor, boards[k], NULL, NULL, d.index_count / 23);
		it_every_state(&pb_solver_bfs_hash, boards[k], NULL, NULL, d.index_count / 7);
	}
}

Test(bfs, every_msquare_target_least_sequence)
{
	for (int i = 0; i < family_size; i++)
		it_every_state(family[i], "msquare", NULL, NULL,
			       family[i] == &pb_solver_reverse_table ? 1 : 97 * SLOWDOWN);
}

/* The goal itself takes no moves; a state one move away takes that move. */
Test(bfs, the_goal_and_its_neighbours)
{
	pb_domain d = it_domain("8puzzle", NULL);
	const char *next_to_goal[] = { "1 2 3 4 5 6 7 x 8", "1 2 3 4 5 x 7 8 6" };
	const char *answers[] = { "r", "d" };

	for (int i = 0; i < family_size; i++) {
		it_solver t;
		pb_search s;
		pb_path p;

		it_prepare(&t, family[i], &d, NULL, NULL);
		pb_search_init(&s, 0, 0, NULL);
		cr_assert_eq(family[i]->solve(t.ctx, &d.goal, &s, &p), PB_SOLVED, "%s", family[i]->name);
		cr_assert_eq(p.length, 0, "%s: %d moves from the goal", family[i]->name, p.length);
		for (int k = 0; k < 2; k++) {
			pb_state x = it_parse(&d, next_to_goal[k]);

			cr_assert_eq(family[i]->solve(t.ctx, &x, &s, &p), PB_SOLVED);
			cr_assert(p.length == 1 && !strcmp(pb_move_name(&d, p.moves[0]), answers[k]),
				  "%s on '%s': %d moves, the first '%s'", family[i]->name,
				  next_to_goal[k], p.length, pb_move_name(&d, p.moves[0]));
		}
		it_release(&t);
	}
}

/* The forward searches hold their memory only while they run, and the
 * meter saw the visited set: a byte a state for bfs-cantor. */
Test(bfs, memory_is_metered_and_returned)
{
	pb_domain d = it_domain("8puzzle", NULL);
	pb_state far = it_parse(&d, "8 6 7 2 5 4 3 x 1");
	it_solver t;
	pb_search s;
	pb_path p;

	it_prepare(&t, &pb_solver_bfs_cantor, &d, NULL, NULL);
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(pb_solver_bfs_cantor.solve(t.ctx, &far, &s, &p), PB_SOLVED);
	cr_assert_eq(p.length, 31, "'8 6 7 2 5 4 3 x 1' is 31 moves from the goal, not %d", p.length);
	cr_assert_eq(s.meter.current, 0, "%zu bytes still held", s.meter.current);
	cr_assert_geq(s.meter.peak, d.index_count, "peak %zu below a byte a state", s.meter.peak);
	cr_assert_leq(s.meter.peak, 4 * d.index_count, "peak %zu: more than 4 bytes a state",
		      s.meter.peak);
	it_release(&t);
}

/* The forward searches keep their big blocks in their context between
 * searches: a search after a deeper one, and one after a shallower one,
 * still answers, holds nothing once done, and counts as much memory as the
 * same search in a fresh context. */
Test(bfs, a_search_after_another_counts_as_the_first)
{
	const pb_solver *const forward[] = { &pb_solver_bfs_cantor, &pb_solver_bfs_hash };
	const char *const starts[] = { "8 6 7 2 5 4 3 x 1", "1 2 3 4 5 6 7 x 8", "4 x 2 7 1 5 8 6 3",
				       "8 6 7 2 5 4 3 x 1" };
	const int lengths[] = { 31, 1, 11, 31 };
	pb_domain d = it_domain("8puzzle", NULL);

	for (size_t f = 0; f < sizeof(forward) / sizeof(forward[0]); f++) {
		size_t fresh_peak[sizeof(starts) / sizeof(starts[0])];
		it_solver t;

		for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++) {
			pb_state start = it_parse(&d, starts[i]);
			pb_search s;
			pb_path p;

			it_prepare(&t, forward[f], &d, NULL, NULL);
			pb_search_init(&s, 0, 0, NULL);
			cr_assert_eq(forward[f]->solve(t.ctx, &start, &s, &p), PB_SOLVED);
			fresh_peak[i] = s.meter.peak;
			it_release(&t);
		}
		it_prepare(&t, forward[f], &d, NULL, NULL);
		for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++) {
			pb_state start = it_parse(&d, starts[i]);
			pb_search s;
			pb_path p;

			pb_search_init(&s, 0, 0, NULL);
			cr_assert_eq(forward[f]->solve(t.ctx, &start, &s, &p), PB_SOLVED,
				     "%s: '%s'", forward[f]->name, starts[i]);
			cr_assert_eq(p.length, lengths[i], "%s: '%s' in %d moves, not %d", forward[f]->name,
				     starts[i], p.length, lengths[i]);
			cr_assert_eq(s.meter.current, 0, "%s: '%s': %zu bytes still held",
				     forward[f]->name, starts[i], s.meter.current);
			cr_assert_eq(s.meter.peak, fresh_peak[i],
				     "%s: '%s' counted %zu bytes after another search, %zu alone",
				     forward[f]->name, starts[i], s.meter.peak, fresh_peak[i]);
		}
		it_release(&t);
	}
}
