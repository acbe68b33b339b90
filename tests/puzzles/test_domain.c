#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "algorithms/puzzles/distances.h"
#include "algorithms/puzzles/domain.h"
#include "tests/support/support.h"

static void expect_parse_error(const pb_domain *d, const char *text, const char *message)
{
	pb_state s;
	char err[200] = "";

	cr_assert_eq(pb_parse(d, text, strlen(text), &s, err, sizeof(err)), -1,
		     "'%s' should not parse on %s", text, d->name);
	cr_assert_str_eq(err, message, "'%s'", text);
}

Test(domain, names_and_boards)
{
	pb_domain d;
	char err[200];
	const char *bad[] = { "tiles1x9", "tiles5x6", "tiles13x2", "tiles2x13", "tiles3", "tilesx3",
			      "9puzzle", "tiles3x3junk", "", "35puzzle",
			      /* sides whose product overflows a long */
			      "tiles4611686018427387904x4", "tiles4611686018427387906x8",
			      "tiles99999999999999999999x2" };

	d = it_domain("8puzzle", NULL);
	cr_assert(d.width == 3 && d.height == 3 && d.index_count == pb_factorial(9) / 2);
	d = it_domain("15puzzle", NULL);
	cr_assert(d.width == 4 && d.height == 4);
	d = it_domain("tiles2x8", NULL);
	cr_assert(d.width == 2 && d.height == 8 && d.cells == 16);
	/* past 16 cells: no index, and the count is 25!/2, 7755605021665492992000000 (each
	 * factor a table entry: 25! = 20! * 21 * 22 * 23 * 24 * 25) */
	d = it_domain("24puzzle", NULL);
	cr_assert(d.width == 5 && d.height == 5 && d.cells == 25 && d.index_count == 0);
	cr_assert(d.state_count == (pb_cells)pb_factorial(20) * 21 * 22 * 23 * 24 * 25 / 2);
	d = it_domain("tiles5x4", NULL);
	cr_assert(d.width == 5 && d.height == 4 && d.cells == 20 && d.index_count == 0);
	d = it_domain("tiles2x12", NULL);
	cr_assert(d.width == 2 && d.height == 12 && d.cells == 24);
	d = it_domain("msquare", NULL);
	cr_assert(d.cells == 8 && d.nmoves == 3 && d.lex_smallest);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_eq(pb_domain_init(&d, bad[i], err, sizeof(err)), -1, "'%s' accepted", bad[i]);
}

Test(domain, parse_errors_say_what_is_wrong)
{
	pb_domain d = it_domain("8puzzle", NULL), m = it_domain("msquare", NULL);

	expect_parse_error(&d, "1 2 3 4 5 6 7 8", "8 values where 9 are wanted");
	expect_parse_error(&d, "1 2 3 4 5 6 7 8 x 9", "tile 9 is out of range 0..8");
	expect_parse_error(&d, "1 2 3 4 5 6 7 8 x x", "too many values: want 9");
	expect_parse_error(&d, "1 2 3 4 5 6 x 8 x", "two blanks");
	expect_parse_error(&d, "1 2 3 4 5 6 7 7 x", "tile 7 appears twice");
	expect_parse_error(&d, "1 2 3 4 5 6 7 8 y", "unexpected 'y' (want a tile number or x for the blank)");
	expect_parse_error(&d, "1 2 3 4 5 6 7 8x", "unexpected '8x' (want a tile number or x for the blank)");
	expect_parse_error(&d, "", "0 values where 9 are wanted");
	expect_parse_error(&m, "1 2 3 4 5 6 7 9", "value 9 is out of range 1..8");
	expect_parse_error(&m, "0 2 3 4 5 6 7 8", "value 0 is out of range 1..8");
	expect_parse_error(&m, "1 2 3 4 5 6 7 8 1", "too many values: want 8");
	expect_parse_error(&m, "1 2 3 4 5 6 7 x", "unexpected 'x' (want a number 1..8)");
}

Test(domain, any_spacing_and_both_blanks)
{
	pb_domain d = it_domain("8puzzle", NULL);
	pb_state a = it_parse(&d, "2 3 4 1 5 x 7 6 8"), b = it_parse(&d, "  2\t3 4  1 5 0 7 6 8 \r");
	char buf[64];

	cr_assert(a.cells == b.cells);
	cr_assert_eq(a.cls, 5);
	pb_format(&d, &b, buf, sizeof(buf));
	cr_assert_str_eq(buf, "2 3 4 1 5 x 7 6 8");
}

/* The compact shape ("2 3 4 1 5 x 7 6 8") has a fast path; every line of
 * that shape must parse exactly as the same tokens spaced otherwise (which
 * the general parser reads), accepted or refused alike, with its message.
 * Every arrangement of the 3x3 board, under two goals, a sample of the
 * boards of ten cells, and near misses: a repeated, out-of-range or
 * upper-case token, a missing space, a line break, a carriage return. */
static void expect_same_parse(const pb_domain *d, const char *compact)
{
	char spaced[64], e1[200] = "", e2[200] = "";
	pb_state a, b;
	int ra, rb;

	snprintf(spaced, sizeof(spaced), " %s", compact);
	ra = pb_parse(d, compact, strlen(compact), &a, e1, sizeof(e1));
	rb = pb_parse(d, spaced, strlen(spaced), &b, e2, sizeof(e2));
	cr_assert_eq(ra, rb, "%s: '%s' gives %d, '%s' gives %d (%s%s)", d->name, compact, ra, spaced,
		     rb, e1, e2);
	if (ra)
		cr_assert_str_eq(e1, e2, "%s: '%s'", d->name, compact);
	else
		cr_assert(a.cells == b.cells && a.cls == b.cls, "%s: '%s' parses differently",
			  d->name, compact);
}

static void compact_text(const unsigned *p, int n, char *text)
{
	for (int i = 0; i < n; i++) {
		text[2 * i] = p[i] ? (char)('0' + p[i]) : 'x';
		text[2 * i + 1] = ' ';
	}
	text[2 * n - 1] = '\0';
}

Test(domain, compact_lines_parse_as_spaced_ones)
{
	const char *goals[] = { NULL, "x 8 7 6 5 4 3 2 1" };
	const char *near[] = {
		"1 2 3 4 5 6 7 7 x", "1 2 3 4 5 6 7 8 9", "1 2 3 4 5 6 7 8 X", "1 2 3 4 5 6 7 8x ",
		"1 2 3 4\n5 6 7 8 x", "1 2 3 4 5 6 7 8 x\r", "1 2 3 4 5 6 7 x\r8", "x 2 3 4 5 6 7 8 1",
		"0 2 3 4 5 6 7 8 1", "1 2 3 4 5 6 7 8 /", "1 2 3 4 5 6 7 8 :", "1 2 3 4 5 6 7 8 \x80",
		"1 2 3 4 5 6 7,8 x", "1 2 3 4 5 6 7 8 x 9", "12 3 4 5 6 7 8 x",
	};
	unsigned p[10];
	char text[32];

	for (size_t g = 0; g < sizeof(goals) / sizeof(goals[0]); g++) {
		pb_domain d = it_domain("8puzzle", NULL);
		char err[200];

		if (goals[g])
			cr_assert_eq(pb_domain_set_goal(&d, goals[g], strlen(goals[g]), err, sizeof(err)), 0);
		for (int i = 0; i < 9; i++)
			p[i] = (unsigned)i;
		do {
			compact_text(p, 9, text);
			expect_same_parse(&d, text);
		} while (it_next_permutation(p, 9));
		for (size_t k = 0; k < sizeof(near) / sizeof(near[0]); k++)
			expect_same_parse(&d, near[k]);
	}
	for (int k = 0; k < 2; k++) {
		pb_domain d = it_domain(k ? "tiles2x5" : "tiles5x2", NULL);
		unsigned long step = 0;

		for (int i = 0; i < 10; i++)
			p[i] = (unsigned)i;
		do {
			if (step++ % 101)
				continue;
			compact_text(p, 10, text);
			expect_same_parse(&d, text);
			text[17] = ',';
			expect_same_parse(&d, text);
		} while (it_next_permutation(p, 10));
	}
}

Test(domain, poj1077_sample_replays)
{
	pb_domain d = it_domain("8puzzle", NULL);
	pb_state s = it_parse(&d, "2 3 4 1 5 x 7 6 8");
	pb_replay_result r;

	pb_replay(&d, &s, "ullddrurdllurdruldr", 19, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
	s = it_parse(&d, "1 2 3 x 4 6 7 5 8");
	pb_replay(&d, &s, "rdr", 3, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
	pb_replay(&d, &s, "rd", 2, &r);
	cr_assert_eq(r.verdict, PB_ENDS_ELSEWHERE);
	pb_replay(&d, &s, "l", 1, &r);
	cr_assert_eq(r.verdict, PB_ILLEGAL_MOVE, "the blank is in the left column");
	cr_assert_eq(r.at, 0);
	pb_replay(&d, &s, "rqr", 3, &r);
	cr_assert_eq(r.verdict, PB_UNKNOWN_MOVE);
	cr_assert_eq(r.at, 1);
}

Test(domain, usaco_sample_replays)
{
	pb_domain d = it_domain("msquare", NULL);
	pb_state s = it_parse(&d, "2 6 8 4 5 7 3 1");
	pb_replay_result r;
	char buf[64];

	pb_replay(&d, &s, "BCABCCB", 7, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
	pb_format(&d, &s, buf, sizeof(buf));
	cr_assert_str_eq(buf, "2 6 8 4 5 7 3 1", "the target formats as it was given");
	/* each op on its own, from the start, gives USACO's pictures read clockwise */
	s = it_parse(&d, "8 7 6 5 4 3 2 1");
	pb_replay(&d, &s, "A", 1, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
	s = it_parse(&d, "4 1 2 3 6 7 8 5");
	pb_replay(&d, &s, "B", 1, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
	s = it_parse(&d, "1 7 2 4 5 3 6 8");
	pb_replay(&d, &s, "C", 1, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
}

/* On every board small enough, the index is a bijection onto the goal's
 * class, and exactly the states the parity test calls solvable are those a
 * search from the goal reaches. */
Test(domain, index_bijection_and_parity_agree_with_reachability)
{
	const char *boards[] = { "tiles2x2", "tiles2x3", "tiles3x2", "tiles2x4", "tiles4x2", "8puzzle" };

	for (size_t k = 0; k < sizeof(boards) / sizeof(boards[0]); k++) {
		pb_domain d = it_domain(boards[k], NULL);
		pb_search s;
		uint8_t *dist;
		uint64_t reached = 0;

		pb_search_init(&s, 0, 0, NULL);
		cr_assert_eq(pb_distances(&d, &s, &dist), PB_SOLVED);
		for (uint64_t i = 0; i < d.index_count; i++) {
			pb_state x;

			pb_unindex(&d, i, &x);
			cr_assert_eq(pb_index(&d, &x), i, "%s: index %llu", boards[k], (unsigned long long)i);
			cr_assert(pb_solvable(&d, &x), "%s: unindex(%llu) has the wrong parity", boards[k],
				  (unsigned long long)i);
			reached += dist[i] != PB_DIST_UNSEEN;
			/* swapping two tiles leaves the goal's class */
			int a = x.cls == 0 ? 1 : 0, b = x.cls == d.cells - 1 ? d.cells - 2 : d.cells - 1;
			uint8_t v[PB_MAX_CELLS], t;
			pb_state y;

			pb_to_plain(&d, &x, v);
			t = v[a];
			v[a] = v[b];
			v[b] = t;
			cr_assert_eq(pb_from_plain(&d, v, &y, NULL, 0), 0);
			cr_assert_not(pb_solvable(&d, &y), "%s: a swapped pair stays solvable", boards[k]);
		}
		cr_assert_eq(reached, d.index_count, "%s: BFS reached %llu of %llu", boards[k],
			     (unsigned long long)reached, (unsigned long long)d.index_count);
		pb_free(dist);
	}
}

Test(domain, another_goal_is_relabelled)
{
	pb_domain d = it_domain("15puzzle", NULL);
	char err[200], buf[128];
	const char *korf_goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
	pb_state s;
	pb_replay_result r;

	cr_assert_eq(pb_domain_set_goal(&d, korf_goal, strlen(korf_goal), err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(d.goal_blank, 0);
	pb_format_goal(&d, buf, sizeof(buf));
	cr_assert_str_eq(buf, "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
	s = it_parse(&d, "1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
	cr_assert(pb_solvable(&d, &s));
	pb_replay(&d, &s, "l", 1, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
	pb_format(&d, &s, buf, sizeof(buf));
	cr_assert_str_eq(buf, "1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "labels come back as given");
	s = it_parse(&d, "2 1 x 3 4 5 6 7 8 9 10 11 12 13 14 15");
	cr_assert_not(pb_solvable(&d, &s));
	cr_assert_eq(pb_domain_set_goal(&d, "1 2 3", 5, err, sizeof(err)), -1);
	cr_assert_eq(d.goal_blank, 0, "a refused goal leaves the old one");
}

/* The distances of the 3x3 board from POJ 1077's goal: how many of the
 * 181,440 solvable states lie at each optimal distance, as published by
 * A. Reinefeld, "Complete solution of the eight-puzzle and the benefit of
 * node ordering in IDA*", IJCAI 1993 (the farthest: two states at 31). */
Test(domain, eight_puzzle_distance_distribution)
{
	static const unsigned published[] = {
		1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512,
		4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578,
		14560, 6274, 3910, 760, 221, 2,
	};
	enum { depths = sizeof(published) / sizeof(published[0]) };
	unsigned count[256] = { 0 };
	pb_domain d = it_domain("8puzzle", NULL);
	pb_search s;
	uint8_t *dist;

	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(pb_distances(&d, &s, &dist), PB_SOLVED);
	for (uint64_t i = 0; i < d.index_count; i++)
		count[dist[i]]++;
	printf("3x3 states by optimal distance to '1 2 3 4 5 6 7 8 x':\n");
	for (int k = 0; k < depths; k++)
		printf("  %2d: %6u\n", k, count[k]);
	for (int k = 0; k < depths; k++)
		cr_assert_eq(count[k], published[k], "distance %d: %u states, published %u", k, count[k],
			     published[k]);
	for (int k = depths; k < 256; k++)
		cr_assert_eq(count[k], 0, "a state at distance %d", k);
	pb_free(dist);
}

/* A small generator for the tests below (not the harness's). */
static uint64_t test_below(void *rng, uint64_t n)
{
	uint64_t *x = rng;

	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (*x >> 33) % n;
}

static const char *const every_shape[] = {
	"tiles2x2", "8puzzle", "tiles5x2", "tiles4x3", "15puzzle", "tiles2x8", "tiles3x5",
	"tiles5x4", "tiles4x5", "24puzzle", "tiles4x6", "tiles6x4", "tiles3x8", "tiles8x3",
	"tiles2x12", "tiles12x2", "msquare",
};

/* The plain-data view (what a plugin sees) round-trips, parsing what
 * formatting writes gives the state back, random states are in the goal's
 * class and their twins are not, on every shape and packing. */
Test(domain, plain_data_and_text_round_trip_on_every_board)
{
	for (size_t k = 0; k < sizeof(every_shape) / sizeof(every_shape[0]); k++) {
		pb_domain d = it_domain(every_shape[k], NULL);
		uint64_t seed = k + 1;
		pb_random r = { test_below, &seed };
		uint8_t goal[PB_MAX_CELLS];
		char err[200];

		/* the goal's plain view: tiles 1..n-1 then the blank, or 1..8 */
		pb_to_plain(&d, &d.goal, goal);
		for (int c = 0; c < d.cells; c++)
			cr_assert_eq(goal[c], d.board ? (c + 1) % d.cells : c + 1, "%s: goal cell %d holds %u",
				     d.name, c, goal[c]);
		for (int i = 0; i < 200; i++) {
			pb_state s, back, twin;
			uint8_t v[PB_MAX_CELLS], seen[PB_MAX_CELLS + 1] = { 0 };
			char text[PB_STATE_TEXT_MAX];

			d.ops->random(&d, &r, &s);
			cr_assert(pb_solvable(&d, &s), "%s: a random state outside the goal's class", d.name);
			cr_assert_eq(s.cls, pb_class_of(&d, s.cells), "%s: the class is not the blank's cell",
				     d.name);
			pb_to_plain(&d, &s, v);
			for (int c = 0; c < d.cells; c++) {
				cr_assert(v[c] >= d.plain_low && v[c] <= d.plain_high && !seen[v[c]],
					  "%s: plain value %u at cell %d", d.name, v[c], c);
				seen[v[c]] = 1;
			}
			cr_assert_eq(pb_from_plain(&d, v, &back, err, sizeof(err)), 0, "%s: %s", d.name, err);
			cr_assert(back.cells == s.cells && back.cls == s.cls, "%s: the plain view does not come back",
				  d.name);
			pb_format(&d, &s, text, sizeof(text));
			back = it_parse(&d, text);
			cr_assert(back.cells == s.cells && back.cls == s.cls, "%s: '%s' parses to another state",
				  d.name, text);
			if (d.ops->twin) {
				d.ops->twin(&d, &s, &twin);
				cr_assert_not(pb_solvable(&d, &twin), "%s: the twin of '%s' is solvable", d.name, text);
			}
			/* not an arrangement: a value twice */
			v[0] = v[1];
			cr_assert_eq(pb_from_plain(&d, v, &back, err, sizeof(err)), -1, "%s: a value twice accepted",
				     d.name);
		}
	}
}

/* Past 16 cells: tiles of two digits, the same messages, and states that
 * moves reach keep the goal's parity while a swapped pair leaves it. */
Test(domain, boards_of_25_cells)
{
	pb_domain d = it_domain("24puzzle", NULL);
	/* Korf & Felner's instance 1 (Artificial Intelligence 134, 2002;
	 * ../shared/data/korf24.tsv) */
	const char *korf1 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13";
	pb_state s = it_parse(&d, korf1), x = d.goal, y;
	pb_replay_result r;
	char buf[PB_STATE_TEXT_MAX];
	uint64_t seed = 7;

	pb_format(&d, &s, buf, sizeof(buf));
	cr_assert_str_eq(buf, "14 5 9 2 18 8 23 19 12 17 15 x 10 20 4 6 11 21 1 7 24 3 16 22 13");
	cr_assert_eq(s.cls, 11);
	expect_parse_error(&d, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25",
			   "tile 25 is out of range 0..24");
	expect_parse_error(&d, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
			   "24 values where 25 are wanted");
	expect_parse_error(&d, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 23 x",
			   "tile 23 appears twice");
	/* a random walk: every state reached is solvable, each move undone by
	 * its inverse, the twin never solvable */
	for (int i = 0; i < 20000; i++) {
		int m = (int)test_below(&seed, (uint64_t)d.nmoves);
		pb_state back, twin;

		if (!pb_apply(&d, &x, m, &y))
			continue;
		cr_assert(pb_solvable(&d, &y), "step %d: a state reached by moves is unsolvable", i);
		cr_assert(pb_unapply(&d, &y, m, &back) && back.cells == x.cells && back.cls == x.cls,
			  "step %d: undoing move %s does not give the state back", i, pb_move_name(&d, m));
		cr_assert_eq(y.cls, pb_class_of(&d, y.cells), "step %d: the blank's cell", i);
		d.ops->twin(&d, &y, &twin);
		cr_assert_not(pb_solvable(&d, &twin), "step %d: a swapped pair stays solvable", i);
		x = y;
	}
	/* a replay across the two halves: the blank from cell 24 up to 4 */
	s = it_parse(&d, "1 2 3 4 x 6 7 8 9 5 11 12 13 14 10 16 17 18 19 15 21 22 23 24 20");
	pb_replay(&d, &s, "dddd", 4, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
	pb_replay(&d, &s, "ddddd", 5, &r);
	cr_assert_eq(r.verdict, PB_ILLEGAL_MOVE);
	cr_assert_eq(r.at, 4);
}

/* Another goal on a wide board: Korf & Felner's (the blank first). */
Test(domain, another_goal_on_a_wide_board)
{
	pb_domain d = it_domain("24puzzle", NULL);
	const char *goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24";
	char err[200], buf[PB_STATE_TEXT_MAX];
	pb_state s;
	pb_replay_result r;

	cr_assert_eq(pb_domain_set_goal(&d, goal, strlen(goal), err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(d.goal_blank, 0);
	pb_format_goal(&d, buf, sizeof(buf));
	cr_assert_str_eq(buf, "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24");
	s = it_parse(&d, "5 1 2 3 4 x 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24");
	pb_replay(&d, &s, "u", 1, &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL);
	s = it_parse(&d, "1 5 2 3 4 x 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24");
	cr_assert_not(pb_solvable(&d, &s), "two tiles swapped from the goal's neighbour");
}

/* Answer lines: letters joined by nothing, read back move by move. */
Test(domain, answer_lines_write_and_read_back)
{
	pb_domain d = it_domain("24puzzle", NULL), m = it_domain("msquare", NULL);
	uint8_t moves[8] = { 0, 1, 2, 3, 3, 2 }, back[8];
	char buf[32], err[100];

	cr_assert_eq(pb_format_moves(&d, moves, 6, buf, sizeof(buf)), 6);
	cr_assert_str_eq(buf, "udlrrl");
	cr_assert_eq(pb_parse_moves(&d, buf, strlen(buf), back, 8, err, sizeof(err)), 6, "%s", err);
	cr_assert_eq(memcmp(moves, back, 6), 0);
	cr_assert_eq(pb_parse_moves(&d, "udq", 3, back, 8, err, sizeof(err)), -1);
	cr_assert_str_eq(err, "'q' names no move of 24puzzle");
	cr_assert_eq(pb_parse_moves(&d, "udlrudlru", 9, back, 8, err, sizeof(err)), -1);
	cr_assert_str_eq(err, "more than 8 moves");
	pb_format_moves(&m, moves, 3, buf, sizeof(buf));
	cr_assert_str_eq(buf, "ABC");
}

/* The moves tried after a move: all the legal ones but those the family
 * prunes, by default the one undoing it; a family may prune more (as a
 * cube prunes every turn of the same face). */
Test(domain, moves_tried_after_a_move)
{
	pb_domain d = it_domain("8puzzle", NULL), m = it_domain("msquare", NULL);
	const int centre = 4, corner = 0;
	int u = pb_move_from_name(&d, "u", 1), dn = pb_move_from_name(&d, "d", 1);

	cr_assert_eq(d.tried_after[centre][d.nmoves], 0xfu, "from the centre at the start: all four");
	cr_assert_eq(d.tried_after[centre][u], 0xfu & ~(1u << dn), "after u: all but d");
	cr_assert_eq(__builtin_popcount(d.tried_after[corner][d.nmoves]), 2, "a corner has two moves");
	cr_assert(d.invertible && !m.invertible, "tiles moves have inverses, B and C have none");
	cr_assert_eq(m.tried_after[0][0], 6u, "Magic Squares after A: B and C");
	cr_assert_eq(m.tried_after[0][1], 7u, "after B: all three");
	cr_assert_eq(d.branching, 4);
	cr_assert_eq(m.branching, 3);
	/* a family's own pruning: after u, neither d nor l */
	d.pruned_after[u] |= 1u << pb_move_from_name(&d, "l", 1);
	pb_domain_finish_moves(&d);
	cr_assert_eq(d.tried_after[centre][u], 0xfu & ~(1u << dn) & ~(1u << 2));
	cr_assert_eq(d.moves_after[centre][u][0], (uint8_t)u);
	cr_assert_eq(d.moves_after[centre][u][2], (uint8_t)d.stay_move, "padded with the stay move");
}
