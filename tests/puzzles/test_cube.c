/* The 2x2x2 cube: the distance distributions of both metrics against the
 * published ones, the instance syntax (scrambles and corners) and its
 * errors, cube-pdb admissible on every state, and the solvers' answers
 * optimal and replaying. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

/* The number of states at each distance from solved, the DLB corner fixed:
 * J. Scherphuis, "Pocket Cube" (jaapsch.net/puzzles/cube2.htm), as quoted
 * by Wikipedia's "Pocket Cube": at most 11 half turns (2,644 states) and 14
 * quarter turns (276 states). */
static const uint64_t half_turns[] = { 1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072,
				       1887748, 623800, 2644 };
static const uint64_t quarter_turns[] = { 1, 6, 27, 120, 534, 2256, 8969, 33058, 114149,
					  360508, 930588, 1350852, 782536, 90280, 276 };
#define STATES 3674160u

static void check_distribution(const char *name, const uint64_t *published, int depths)
{
	pb_domain d = it_domain(name, NULL);
	uint8_t *dist = it_distances(&d);
	uint64_t counted[32] = { 0 };

	cr_assert_eq(d.index_count, STATES, "%s: %llu states", name, (unsigned long long)d.index_count);
	for (uint64_t i = 0; i < d.index_count; i++) {
		pb_state s;

		cr_assert_lt(dist[i], 32, "%s: state %llu at %u", name, (unsigned long long)i, dist[i]);
		counted[dist[i]]++;
		/* the index is a bijection: each state back to its own */
		if (i % 97 == 0) {
			pb_unindex(&d, i, &s);
			cr_assert_eq(pb_index(&d, &s), i, "%s: state %llu indexed %llu", name,
				     (unsigned long long)i, (unsigned long long)pb_index(&d, &s));
		}
	}
	for (int k = 0; k < 32; k++)
		cr_assert_eq(counted[k], k < depths ? published[k] : 0,
			     "%s: %llu states at %d moves, published %llu", name,
			     (unsigned long long)counted[k], k, (unsigned long long)(k < depths ? published[k] : 0));
	free(dist);
}

Test(cube, half_turn_distribution)
{
	check_distribution("cube2", half_turns, (int)(sizeof(half_turns) / sizeof(half_turns[0])));
}

Test(cube, quarter_turn_distribution)
{
	check_distribution("cube2q", quarter_turns, (int)(sizeof(quarter_turns) / sizeof(quarter_turns[0])));
}

Test(cube, scrambles_and_corners)
{
	static const char *const bad[][2] = {
		{ "R U D", "names no corner" },
		{ "R U X", "unexpected 'X'" },
		{ "URF UFL ULB UBR DFR DLF DBL", "7 corners where 8 are wanted" },
		{ "RFU UFL ULB UBR DFR DLF DBL DRB", "add up to 2" },
		{ "URF URF ULB UBR DFR DLF DBL DRB", "a corner again" },
		{ "URF UFL DBL UBR DFR DLF ULB DRB", "DBL corner moves" },
		{ "URF UFL ULB UBR DFR DLF DBL RFD", "names no corner" },
	};
	pb_domain d = it_domain("cube2", NULL), q = it_domain("cube2q", NULL);
	char text[PB_STATE_TEXT_MAX];
	pb_state s, t, u;

	pb_format(&d, &d.goal, text, sizeof(text));
	cr_assert_str_eq(text, "URF UFL ULB UBR DFR DLF DBL DRB");
	cr_assert_eq(d.nmoves, 9);
	cr_assert_eq(q.nmoves, 6);
	cr_assert_str_eq(pb_move_name(&d, 2), "U'");
	cr_assert_str_eq(pb_move_name(&q, 3), "R'");
	/* a scramble, spaced or not, and its corners read back */
	s = it_parse(&d, "R U R' U' F2");
	t = it_parse(&d, "RUR'U'F2");
	cr_assert_eq(s.cells, t.cells, "the spaces change the scramble");
	pb_format(&d, &s, text, sizeof(text));
	u = it_parse(&d, text);
	cr_assert_eq(u.cells, s.cells, "'%s' read back as another state", text);
	/* four quarter turns, and the sexy move six times, are no change */
	cr_assert_eq(it_parse(&d, "F F F F").cells, d.goal.cells);
	cr_assert_eq(it_parse(&d, "R U R' U' R U R' U' R U R' U' R U R' U' R U R' U' R U R' U'").cells,
		     d.goal.cells, "(R U R' U')^6 is not the identity");
	cr_assert_neq(it_parse(&d, "R U R' U'").cells, d.goal.cells);
	/* a quarter-turn cube reads half turns in scrambles */
	cr_assert_eq(it_parse(&q, "U2").cells, it_parse(&q, "U U").cells);
	/* the corner word of a twisted corner: R turns URF's U facelet to F */
	pb_format(&d, &s, text, sizeof(text));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		pb_state x;

		cr_assert_eq(pb_parse(&d, bad[i][0], strlen(bad[i][0]), &x, text, sizeof(text)), -1,
			     "'%s' taken", bad[i][0]);
		cr_assert(strstr(text, bad[i][1]), "'%s': %s", bad[i][0], text);
	}
}

Test(cube, pdb_admissible_everywhere)
{
	pb_domain d = it_domain("cube2", NULL);
	uint8_t *dist = it_distances(&d);
	pb_heur *h = malloc(sizeof(*h));
	pb_search s;
	unsigned most = 0;

	cr_assert_not_null(h);
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_str_eq(pb_heuristic_default(&d)->name, "cube-pdb");
	cr_assert_eq(pb_heur_init(h, pb_heuristic_find("cube-pdb"), &d, NULL, &s), PB_SOLVED, "%s",
		     s.message);
	for (uint64_t i = 0; i < d.index_count; i++) {
		pb_state x;
		unsigned v;

		pb_unindex(&d, i, &x);
		v = pb_heur_value(h, &x);
		cr_assert_leq(v, dist[i], "cube2 state %llu: h %u over its distance %u",
			      (unsigned long long)i, v, dist[i]);
		if (v > most)
			most = v;
	}
	/* not a zero heuristic: the twists alone need up to 6 half turns */
	cr_assert_geq(most, 6, "cube-pdb at most %u", most);
	pb_heur_release(h);
	free(h);
	free(dist);
}

/* Each solver on one of the metrics (each check builds the distance table
 * anew, so each solver once). The breadth-first searches, each a search
 * of the whole cube, on half as many states under the sanitizers. */
Test(cube, solvers_optimal_and_replaying)
{
	const uint64_t whole = 918541 * (SLOWDOWN > 1 ? 2 : 1);

	it_every_state(pb_solver_find("reverse-table"), "cube2", NULL, NULL, 367417);
	it_every_state(pb_solver_find("bfs-hash"), "cube2", NULL, NULL, whole);
	it_every_state(pb_solver_find("idastar"), "cube2", NULL, "cube-pdb", 91909);
	it_every_state(pb_solver_find("bibfs"), "cube2q", NULL, NULL, 367417);
	it_every_state(pb_solver_find("bfs-cantor"), "cube2q", NULL, NULL, whole);
	it_every_state(pb_solver_find("astar"), "cube2q", NULL, "cube-pdb", 91909);
}

/* Each answer line of 'bench solve' replays from its scramble and is as
 * long as the distance table says, in both metrics. */
static void check_solve_lines(const char *name, const char *algorithm)
{
	static const char *const scrambles[] = { "R U R' U'", "F2 R2 U' R F' U2 R2 F U'",
						 "R U2 F' R2 U F R' U' F2 R U F'" };
	pb_domain d = it_domain(name, NULL);
	uint8_t *dist = it_distances(&d);
	char *out = NULL, *dir = ht_tempdir(), *line;
	int status;

	ht_write_in(dir, "scrambles", "R U R' U'\nF2 R2 U' R F' U2 R2 F U'\nR U2 F' R2 U F R' U' F2 R U F'\n");
	status = ht_bench(&out, "solve -d %s -a %s -c < %s/scrambles", name, algorithm, dir);
	ht_remove(dir);
	cr_assert_eq(status, 0, "%s", out);
	line = out;
	for (size_t i = 0; i < sizeof(scrambles) / sizeof(scrambles[0]); i++) {
		char *nl = strchr(line, '\n');
		pb_state s = it_parse(&d, scrambles[i]);
		pb_replay_result r;

		cr_assert_not_null(nl, "%s: %zu lines: %s", name, i, out);
		pb_replay(&d, &s, line, (size_t)(nl - line), &r);
		cr_assert_eq(r.verdict, PB_REACHES_GOAL, "%s '%s': '%.*s' %s", name, scrambles[i],
			     (int)(nl - line), line, pb_verdict_name(r.verdict));
		cr_assert_eq(r.at, dist[pb_index(&d, &s)], "%s '%s': '%.*s' is %zu turns, optimal %u", name,
			     scrambles[i], (int)(nl - line), line, r.at, dist[pb_index(&d, &s)]);
		line = nl + 1;
	}
	cr_assert_str_eq(line, "", "%s: more lines than scrambles: %s", name, out);
	free(out);
	free(dist);
}

Test(cube, solve_lines_replay)
{
	check_solve_lines("cube2", "reverse-table");
	check_solve_lines("cube2", "idastar");
	check_solve_lines("cube2q", "idastar");
	check_solve_lines("cube2q", "bibfs");
}
