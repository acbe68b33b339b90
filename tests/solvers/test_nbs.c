/* NBS: optimal on a spread of every state of small domains (tiles with
 * Manhattan distance and with none, pancakes with each gap heuristic, the
 * cube with none); the published distributions of distances (every stack
 * of 7 pancakes, every state of the 3x2 board, the 8-puzzle's states at
 * each depth up to its two at 31); the same lengths as IDA* and A* on
 * larger tiles boards and stacks; answers that replay; the start at the
 * goal; the memory limit; and the domains and heuristics it refuses, each
 * with its reason. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

Test(nbs, optimal_on_small_domains)
{
	const pb_solver *nbs = pb_solver_find("nbs");

	cr_assert_not_null(nbs);
	it_every_state(nbs, "8puzzle", NULL, "manhattan", 911);
	it_every_state(nbs, "8puzzle", NULL, "linear-conflict", 1901);
	it_every_state(nbs, "8puzzle", "x 1 2 3 4 5 6 7 8", "manhattan", 1511);
	it_every_state(nbs, "tiles2x3", NULL, "zero", 7);
	it_every_state(nbs, "pancake8", NULL, "gap", 131);
	it_every_state(nbs, "pancake8", NULL, "gap-1", 307);
	it_every_state(nbs, "pancake8", NULL, "gap-2", 401);
	it_every_state(nbs, "pancake9", NULL, "gap-3", 4999);
	it_every_state(nbs, "cube2", NULL, "zero", 183707);
	it_every_state(nbs, "cube2q", NULL, "zero", 367417);
}

/* NBS and the solver OTHER give STATES[0..n) answers of the same
 * lengths. */
static void agree_with(const char *other, const char *domain, const char *heuristic,
		       const pb_state *states, int n)
{
	pb_domain d = it_domain(domain, NULL);
	it_solver a, b;

	it_prepare(&a, pb_solver_find("nbs"), &d, heuristic, NULL);
	it_prepare(&b, pb_solver_find(other), &d, heuristic, NULL);
	for (int i = 0; i < n; i++) {
		char text[PB_STATE_TEXT_MAX];
		int x, y;

		pb_format(&d, &states[i], text, sizeof(text));
		x = it_solve_length(&a, &d, &states[i], text);
		y = it_solve_length(&b, &d, &states[i], text);
		cr_assert_eq(x, y, "%s/%s '%s': nbs %d moves, %s %d", domain, heuristic, text, x, other,
			     y);
	}
	it_release(&a);
	it_release(&b);
}

static void agree(const char *domain, const char *heuristic, const pb_state *states, int n)
{
	agree_with("idastar", domain, heuristic, states, n);
}

Test(nbs, lengths_of_idastar_on_stacks)
{
	static const char *const heuristics[] = { "gap", "gap-1", "gap-2" };
	pb_domain d = it_domain("pancake12", NULL), wide = it_domain("pancake18", NULL);
	pb_state s[4], w[2];
	unsigned seed = 17;

	for (int i = 0; i < 4; i++)
		s[i] = it_shuffled(&d, &seed);
	for (int i = 0; i < 2; i++)
		w[i] = it_shuffled(&wide, &seed);
	for (size_t k = 0; k < 3; k++)
		agree("pancake12", heuristics[k], s, 4);
	agree("pancake18", "gap", w, 2);
}

Test(nbs, lengths_of_idastar_on_the_15_puzzle)
{
	static const char *const walks[] = {
		"2 3 4 8 1 6 7 12 5 10 11 x 9 13 14 15",
		"5 1 3 4 9 2 7 8 13 6 11 12 x 10 14 15",
		"1 6 2 4 5 10 3 7 9 x 11 8 13 14 15 12",
	};
	pb_domain d = it_domain("15puzzle", NULL);
	pb_state s[3];

	for (int i = 0; i < 3; i++)
		s[i] = it_parse(&d, walks[i]);
	agree("15puzzle", "manhattan", s, 3);
}

Test(nbs, refuses_with_a_reason)
{
	static const struct {
		const char *domain, *heuristic, *why;
	} cases[] = {
		{ "msquare", NULL, "not the least one" },
		{ "cube2", "cube-pdb", "does not take" },
		{ "15puzzle", "pdb555", "built for one goal" },
	};
	const pb_solver *nbs = pb_solver_find("nbs");

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pb_domain d = it_domain(cases[i].domain, NULL);
		pb_config cfg = { .heuristic = cases[i].heuristic };
		char why[160] = "";
		const char *no = pb_solver_supports(nbs, &d, &cfg, why, sizeof(why));

		cr_assert_not_null(no, "nbs serves %s with %s", cases[i].domain, cases[i].heuristic);
		cr_assert(strstr(no, cases[i].why), "%s: %s", cases[i].domain, no);
	}
}

Test(nbs, lengths_of_astar_on_14_pancakes, .timeout = 300)
{
	pb_domain d = it_domain("pancake14", NULL);
	pb_state s[4];
	unsigned seed = 15;

	for (int i = 0; i < 4; i++)
		s[i] = it_shuffled(&d, &seed);
	agree_with("astar", "pancake14", "gap-1", s, 4);
	agree_with("astar", "pancake14", "gap-2", s, 1);
}

/* The stacks of 7 pancakes at each number of flips (OEIS A058986; the
 * pancake number of 7 is 8). */
Test(nbs, every_stack_of_7_has_the_published_distribution)
{
	static const uint64_t published[] = { 1, 6, 30, 149, 543, 1357, 1903, 1016, 35 };
	static const char *const heuristics[] = { "gap", "gap-1", "gap-3", "zero" };
	const int depths = (int)(sizeof(published) / sizeof(published[0]));

	for (size_t h = 0; h < sizeof(heuristics) / sizeof(heuristics[0]); h++) {
		uint64_t counts[PB_MAX_PATH];
		int n = it_lengths_of_every_state(pb_solver_find("nbs"), "pancake7", heuristics[h], counts,
						  PB_MAX_PATH);

		cr_assert_eq(n, depths, "pancake7/%s: the longest answer", heuristics[h]);
		for (int k = 0; k < depths; k++)
			cr_assert_eq(counts[k], published[k], "pancake7/%s: %lu stacks of %d flips, published %lu",
				     heuristics[h], (unsigned long)counts[k], k, (unsigned long)published[k]);
	}
}

Test(nbs, every_state_of_the_3x2_board_has_the_published_distribution)
{
	static const char *const heuristics[] = { "manhattan", "linear-conflict", "zero" };
	uint64_t published[64];
	int depths = it_published_distribution(3, 2, published, 64);

	for (size_t h = 0; h < sizeof(heuristics) / sizeof(heuristics[0]); h++) {
		uint64_t counts[PB_MAX_PATH];
		int n = it_lengths_of_every_state(pb_solver_find("nbs"), "tiles3x2", heuristics[h], counts,
						  PB_MAX_PATH);

		cr_assert_eq(n, depths, "tiles3x2/%s: the longest answer", heuristics[h]);
		for (int k = 0; k < depths; k++)
			cr_assert_eq(counts[k], published[k], "tiles3x2/%s: %lu states at %d, published %lu",
				     heuristics[h], (unsigned long)counts[k], k, (unsigned long)published[k]);
	}
}

/* The 8-puzzle: the distances of the breadth-first search have the
 * published distribution (181,440 states, the two farthest at 31 moves),
 * and NBS finds the distance of the first states at every depth, the two
 * at 31 among them. */
Test(nbs, the_8_puzzle_at_every_depth)
{
	static const char *const heuristics[] = { "manhattan", "linear-conflict" };
	pb_domain d = it_domain("8puzzle", NULL);
	uint64_t published[64], counts[64] = { 0 }, total = 0;
	int depths = it_published_distribution(3, 3, published, 64), tried[64] = { 0 };
	uint8_t *dist = it_distances(&d);

	for (uint64_t i = 0; i < d.index_count; i++)
		counts[dist[i]]++;
	for (int k = 0; k < 64; k++) {
		cr_assert_eq(counts[k], k < depths ? published[k] : 0, "8puzzle: %lu states at %d",
			     (unsigned long)counts[k], k);
		total += counts[k];
	}
	cr_assert_eq(total, 181440, "8puzzle: 9!/2 states");
	cr_assert_eq(depths, 32, "8puzzle: the farthest state at 31 moves");
	cr_assert_eq(published[31], 2);
	for (size_t h = 0; h < sizeof(heuristics) / sizeof(heuristics[0]); h++) {
		it_solver t;

		memset(tried, 0, sizeof(tried));
		it_prepare(&t, pb_solver_find("nbs"), &d, heuristics[h], NULL);
		for (uint64_t i = 0; i < d.index_count; i++) {
			pb_state s;

			if (tried[dist[i]] == 3)
				continue;
			tried[dist[i]]++;
			pb_unindex(&d, i, &s);
			it_check(&t, &d, dist, &s);
		}
		for (int k = 0; k < depths; k++)
			cr_assert_eq((uint64_t)tried[k], published[k] < 3 ? published[k] : 3,
				     "8puzzle/%s: depth %d", heuristics[h], k);
		it_release(&t);
	}
	free(dist);
}

Test(nbs, start_at_the_goal_and_the_counts)
{
	pb_domain d = it_domain("15puzzle", NULL);
	it_solver t;
	pb_search x;
	pb_path p;
	pb_state one = it_parse(&d, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15");

	it_prepare(&t, pb_solver_find("nbs"), &d, "manhattan", NULL);
	pb_search_init(&x, 0, 0, NULL);
	cr_assert_eq(t.solver->solve(t.ctx, &d.goal, &x, &p), PB_SOLVED);
	cr_assert_eq(p.length, 0, "the goal: no move");
	cr_assert_eq(x.expanded, 0, "the goal: nothing expanded");
	cr_assert_eq(x.generated, 2, "the goal: the two roots generated");
	cr_assert_eq(x.meter.current, 0);
	/* one move: the start expanded (3 moves, the blank in the bottom
	 * row), meeting the goal */
	pb_search_init(&x, 0, 0, NULL);
	cr_assert_eq(t.solver->solve(t.ctx, &one, &x, &p), PB_SOLVED);
	cr_assert_eq(p.length, 1);
	cr_assert_eq(it_replay(&d, &one, &p), PB_REACHES_GOAL);
	cr_assert_eq(x.meter.current, 0);
	it_release(&t);
}

Test(nbs, the_memory_limit_ends_the_search)
{
	pb_domain d = it_domain("15puzzle", "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
	/* Korf's first instance (57 moves): far beyond the limit with h = 0 */
	pb_state s = it_parse(&d, "14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3");
	it_solver t;
	pb_search x;
	pb_path p;

	it_prepare(&t, pb_solver_find("nbs"), &d, "zero", NULL);
	pb_search_init(&x, 1024 * 1024, 0, NULL);
	cr_assert_eq(t.solver->solve(t.ctx, &s, &x, &p), PB_MEMOUT, "%s", x.message);
	cr_assert_eq(x.meter.current, 0, "memory kept after the limit");
	cr_assert_gt(x.expanded, 1000, "the limit came after the search began: %lu expanded",
		     (unsigned long)x.expanded);
	it_release(&t);
}
