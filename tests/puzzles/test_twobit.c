/* The two-bit tables (twobit.h) against published figures and against
 * the one-byte distances of pb_distances:
 * - on every board of up to 10 cells, in both orientations and with the
 *   goal's blank in each corner, the states at each distance are the ones
 *   published in ../shared/data/tiles_distributions.tsv (Tarakanov, SoCS
 *   2023; the README there names the source);
 * - every state's code is its distance mod 3, on the 3x3 and 5x2 boards and
 *   Magic Squares, with one thread and with several (the same table), and
 *   pushed in rounds (the push of the tiles' tables of GBs, made to take
 *   many rounds on small boards);
 * - a walk down the table is an optimal answer from every state of the 3x3
 *   board and of Magic Squares, the least one on Magic Squares;
 * - PB_SPACE_12=1 adds the 3x4, 2x6 and 6x2 boards (239,500,800 states
 *   each): their published counts, radius 53 with 18 states and 80 with 2
 *   (4x3: test_mpi_space). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/distances.h"
#include "algorithms/puzzles/twobit.h"
#include "tests/support/support.h"

#define MAX_DEPTHS (PB_TWOBIT_MAX_DEPTH + 1)

/* T built for D with THREADS threads: the states it expanded or checked. */
static uint64_t build(pb_twobit *t, const pb_domain *d, int threads)
{
	pb_search s;
	pb_status st;

	pb_search_init(&s, 0, 0, NULL);
	st = pb_twobit_build(t, d, &s, threads);
	cr_assert_eq(st, PB_SOLVED, "%s: %s (%s)", d->name, pb_status_name(st), s.message);
	cr_assert_eq(s.meter.current, pb_twobit_bytes(d) + sizeof(uint64_t),
		     "%s: the build kept %zu bytes, the table takes %llu", d->name, s.meter.current,
		     (unsigned long long)pb_twobit_bytes(d));
	return s.expanded;
}

/* T's counts against the published ones of the W x H board. */
static void check_published(const pb_twobit *t, int w, int h, const char *goal)
{
	uint64_t published[MAX_DEPTHS];
	int depths = it_published_distribution(w, h, published, MAX_DEPTHS);

	cr_assert_eq(t->radius + 1, depths, "%dx%d, goal '%s': radius %d, published %d", w, h, goal,
		     t->radius, depths - 1);
	cr_assert_eq(t->reached, t->states, "%dx%d, goal '%s': %llu of %llu states reached", w, h,
		     goal, (unsigned long long)t->reached, (unsigned long long)t->states);
	for (int k = 0; k < depths; k++)
		cr_assert_eq(t->counts[k], published[k],
			     "%dx%d, goal '%s': %llu states at distance %d, published %llu", w, h, goal,
			     (unsigned long long)t->counts[k], k, (unsigned long long)published[k]);
}

static void check_board(int w, int h, int blank)
{
	char name[32], goal[64];
	pb_domain d;
	pb_twobit t;

	snprintf(name, sizeof(name), "tiles%dx%d", w, h);
	it_corner_goal(w * h, blank, goal, sizeof(goal));
	d = it_domain(name, goal);
	build(&t, &d, 0);
	check_published(&t, w, h, goal);
	pb_twobit_release(&t);
}

Test(twobit, every_board_of_up_to_ten_cells_matches_the_published_counts, .timeout = 600)
{
	static const struct {
		int w, h;
	} boards[] = {
		{ 2, 2 }, { 3, 2 }, { 2, 3 }, { 4, 2 }, { 2, 4 }, { 3, 3 }, { 5, 2 }, { 2, 5 },
	};

	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		int w = boards[i].w, h = boards[i].h, n = w * h;
		const int corners[] = { 0, w - 1, n - w, n - 1 };

		for (int c = 0; c < 4; c++)
			check_board(w, h, corners[c]);
	}
}

/* Every code of D's table, built with THREADS threads, is the distance
 * mod 3; the counts are those of the distances. Returns the states the
 * build expanded or checked. */
static uint64_t check_codes(const char *name, int threads)
{
	pb_domain d = it_domain(name, NULL);
	uint8_t *dist = it_distances(&d);
	uint64_t counts[MAX_DEPTHS] = { 0 }, expanded;
	pb_twobit t;

	expanded = build(&t, &d, threads);
	for (uint64_t i = 0; i < d.index_count; i++) {
		pb_state s;
		unsigned c;

		/* (the codes of a board narrower than high in the turned
		 * board's index) */
		pb_unindex(&d, i, &s);
		c = pb_twobit_code(&t, pb_twobit_index(&t, &s));
		cr_assert_eq(c, dist[i] % 3u, "%s, %d threads: state %llu has code %u, distance %u",
			     name, threads, (unsigned long long)i, c, dist[i]);
		counts[dist[i]]++;
	}
	for (int k = 0; k < MAX_DEPTHS; k++)
		cr_assert_eq(k <= t.radius ? t.counts[k] : 0, counts[k],
			     "%s, %d threads: %llu states at distance %d, the distances say %llu", name,
			     threads, (unsigned long long)(k <= t.radius ? t.counts[k] : 0), k,
			     (unsigned long long)counts[k]);
	pb_twobit_release(&t);
	free(dist);
	return expanded;
}

Test(twobit, every_code_is_the_distance_mod_three, .timeout = 300)
{
	/* pancakes of 8 to 10 by groups of 8! stacks: one group, then 9 and
	 * 90, with the flips of 9 and 10 out of them */
	static const char *const names[] = { "8puzzle", "tiles5x2", "tiles2x5", "msquare",
					     "pancake8", "pancake9", "pancake10" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		check_codes(names[i], 1);
		check_codes(names[i], 2);
		/* past 8 threads (the cap until issue 31) on a board and a
		 * stack of each kind of group */
		check_codes(names[i], i == 1 || i == 6 ? 16 : 8);
	}
}

/* Pushed in rounds (as the tiles' tables of GBs are), with regions of 64
 * groups and bins as small as they may be (so that a layer takes many
 * rounds and a bin many blocks): the codes are the distances mod 3 and the
 * counts the published ones, with one thread and several; and the states
 * expanded are those of the push without rounds, which puts the same
 * groups in each frontier (a push in rounds that put a group there for
 * nothing, as one build did on the boards with a frontier bit a group,
 * expanded more and still found the right codes). */
Test(twobit, a_push_in_rounds_gives_the_same_codes, .timeout = 300)
{
	/* the 10-cell boards in the release build; under the sanitizers the
	 * 8-cell ones, which take the same loops (CI's 20 minutes) */
#ifdef PB_SANITIZED
	static const char *const names[] = { "8puzzle", "tiles4x2", "tiles2x4" };
#else
	static const char *const names[] = { "8puzzle", "tiles5x2", "tiles2x5" };
#endif
	uint64_t direct[sizeof(names) / sizeof(names[0])];
	pb_twobit_rounds was;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		direct[i] = check_codes(names[i], 1);
	was = pb_twobit_set_rounds((pb_twobit_rounds){ 0, 1, 1 });
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		for (int threads = 1; threads <= 3; threads += 2) {
			uint64_t expanded = check_codes(names[i], threads);

			cr_assert_eq(expanded, direct[i],
				     "%s, %d threads: %llu states expanded in rounds, %llu without",
				     names[i], threads, (unsigned long long)expanded,
				     (unsigned long long)direct[i]);
		}
	}
	check_board(3, 3, 0);
#ifndef PB_SANITIZED
	check_board(5, 2, 4);
	check_board(2, 5, 9);
#endif
	check_board(4, 2, 7);
	pb_twobit_set_rounds(was);
}

/* The search over K parts (pb_twobit_part, as the MPI ranks run it), in
 * this process: each layer every part pushes its rounds in turn, each
 * round's outbox marked by the parts that own its indices (checked to be
 * outside the sender's part and inside the owner's); the codes, laid end
 * to end, are the one-process table's, and the counts too. */
static void check_parts(const pb_domain *dp, const pb_twobit *tp, int k, bool once)
{
	const pb_domain d = *dp;
	const pb_twobit t = *tp;
	const char *name = d.name;
	pb_twobit_part parts[4];
	uint64_t counts[MAX_DEPTHS] = { 1 }, words = 0, radius = 0;
	pb_search s;

	pb_search_init(&s, 0, 0, NULL);
	for (int r = 0; r < k; r++) {
		pb_status st = pb_twobit_part_init(&parts[r], &d, k, r, &s);

		cr_assert_eq(st, PB_SOLVED, "%s, part %d of %d: %s", name, r, k, s.message);
		cr_assert_eq(parts[r].first_word, words, "%s: part %d of %d starts at word %llu", name,
			     r, k, (unsigned long long)parts[r].first_word);
		words += parts[r].words;
	}
	cr_assert_eq(words, t.nwords, "%s: %d parts hold %llu words of %llu", name, k,
		     (unsigned long long)words, (unsigned long long)t.nwords);
	for (int depth = 0;; depth++) {
		uint64_t fresh = 0;
		bool left = true;

		for (int r = 0; r < k; r++)
			pb_twobit_part_layer(&parts[r], depth);
		while (left) {
			left = false;
			for (int r = 0; r < k; r++) {
				const uint64_t *out;
				size_t n;
				bool more;
				pb_status st = pb_twobit_part_push(&parts[r], &s, &out, &n, &more, &fresh);

				cr_assert_eq(st, PB_SOLVED, "%s, part %d: %s", name, r, s.message);
				left |= more;
				for (size_t x = 0; x < n; x++) {
					uint64_t w = out[x] / 32;
					int owner = 0;

					cr_assert(w < parts[r].first_word ||
						  w >= parts[r].first_word + parts[r].words,
						  "%s: part %d sent out its own state %llu", name, r,
						  (unsigned long long)out[x]);
					while (w >= parts[owner].first_word + parts[owner].words)
						owner++;
					fresh += pb_twobit_part_mark(&parts[owner], &out[x], 1);
				}
			}
		}
		if (!fresh)
			break;
		cr_assert_lt(depth + 1, MAX_DEPTHS);
		counts[depth + 1] = fresh;
		radius = (uint64_t)depth + 1;
	}
	cr_assert_eq(radius, (uint64_t)t.radius, "%s, %d parts: radius %llu, one process %d", name,
		     k, (unsigned long long)radius, t.radius);
	for (int i = 0; i <= t.radius; i++)
		cr_assert_eq(counts[i], t.counts[i], "%s, %d parts: %llu at distance %d, one process "
			     "%llu", name, k, (unsigned long long)counts[i], i,
			     (unsigned long long)t.counts[i]);
	/* parts always push: with a frontier bit a row on two-row boards,
	 * where no two states of a row are 6 moves apart (6 columns), each
	 * state is expanded once, on its layer */
	if (once)
		cr_assert_eq(s.expanded, t.states, "%s, %d parts: %llu states expanded of %llu", name,
			     k, (unsigned long long)s.expanded, (unsigned long long)t.states);
	for (int r = 0; r < k; r++) {
		cr_assert(!memcmp(parts[r].codes, t.codes + parts[r].first_word,
				  parts[r].words * sizeof(uint64_t)),
			  "%s: part %d of %d's codes differ from the one process's", name, r, k);
		pb_twobit_part_release(&parts[r]);
	}
	cr_assert_eq(s.meter.current, 0, "%s: the parts left %zu bytes", name, s.meter.current);
}

Test(twobit, parts_give_the_one_process_table, .timeout = 300)
{
	/* a group a board's arrangement (5x2: a frontier bit a row), a block
	 * of 8! stacks (9 of them), a word of codes (Magic Squares, whose
	 * moves take three to undo) */
	static const char *const names[] = { "8puzzle", "tiles5x2", "tiles2x5", "msquare",
					     "pancake9" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		pb_domain d = it_domain(names[i], NULL);
		pb_twobit t;

		build(&t, &d, 1);
		for (int k = 1; k <= 4; k++)
			check_parts(&d, &t, k, i == 1);
		pb_twobit_release(&t);
	}
}

/* A walk from every state of D: as long as the distance, a replay reaches
 * the goal, and where D wants the least answers, no smaller move at any
 * step starts a shortest path. */
static void check_walks(const char *name, const char *goal)
{
	pb_domain d = it_domain(name, goal);
	uint8_t *dist = it_distances(&d);
	pb_twobit t;

	build(&t, &d, 0);
	for (uint64_t i = 0; i < d.index_count; i++) {
		pb_state s, x;
		pb_path p;
		uint64_t looked = 0;
		pb_status st;

		pb_unindex(&d, i, &s);
		st = pb_twobit_walk(&t, &s, &p, &looked);
		cr_assert_eq(st, PB_SOLVED, "%s, state %llu: %s", name, (unsigned long long)i,
			     pb_status_name(st));
		cr_assert_eq(p.length, dist[i], "%s, state %llu: %d moves, optimal %u", name,
			     (unsigned long long)i, p.length, dist[i]);
		cr_assert_eq(it_replay(&d, &s, &p), PB_REACHES_GOAL, "%s, state %llu: no answer", name,
			     (unsigned long long)i);
		x = s;
		for (int k = 0; d.lex_smallest && k < p.length; k++) {
			for (int m = 0; m < p.moves[k]; m++) {
				pb_state y;

				if (pb_apply(&d, &x, m, &y))
					cr_assert_neq(dist[pb_index(&d, &y)], p.length - k - 1,
						      "%s, state %llu: move %s at step %d starts a "
						      "smaller shortest path",
						      name, (unsigned long long)i, pb_move_name(&d, m), k + 1);
			}
			pb_apply(&d, &x, p.moves[k], &x);
		}
	}
	pb_twobit_release(&t);
	free(dist);
}

Test(twobit, a_walk_down_is_an_optimal_answer_from_every_state, .timeout = 300)
{
	check_walks("8puzzle", NULL);
	check_walks("msquare", NULL);
	check_walks("pancake9", NULL);
	/* boards searched turned (2x5 as 5x2), the goal's blank inside and
	 * its tiles out of order: the answers are the board's own */
	check_walks("tiles2x5", NULL);
	check_walks("tiles2x5", "3 1 9 2 5 0 4 8 7 6");
	check_walks("tiles2x4", "7 1 2 3 0 6 5 4");
}

Test(twobit, a_state_of_the_other_class_is_unsolvable)
{
	pb_domain d = it_domain("8puzzle", NULL);
	pb_state s = it_parse(&d, "2 1 3 4 5 6 7 8 x");
	pb_twobit t;
	pb_path p;
	uint64_t looked = 0;

	build(&t, &d, 0);
	cr_assert_eq(pb_twobit_walk(&t, &s, &p, &looked), PB_UNSOLVABLE,
		     "8puzzle '2 1 3 4 5 6 7 8 x': not unsolvable");
	cr_assert_eq(pb_twobit_distance(&t, &s), -1, "8puzzle '2 1 3 4 5 6 7 8 x': a distance");
	pb_twobit_release(&t);
}

/* A build of NAME under MEM bytes and NS nanoseconds must end WANT,
 * keeping no byte and no table. */
static void expect_failure(const char *name, size_t mem, uint64_t ns, pb_status want)
{
	pb_domain d = it_domain(name, NULL);
	pb_search s;
	pb_twobit t;
	pb_status st;

	pb_search_init(&s, mem, ns, NULL);
	st = pb_twobit_build(&t, &d, &s, 2);
	cr_assert_eq(st, want, "%s: %s, not %s", name, pb_status_name(st), pb_status_name(want));
	cr_assert_eq(s.meter.current, 0, "%s: %zu bytes kept", name, s.meter.current);
	cr_assert_null(t.codes, "%s: a table after %s", name, pb_status_name(st));
}

Test(twobit, a_domain_without_an_index_is_unsupported)
{
	expect_failure("24puzzle", 0, 0, PB_UNSUPPORTED);
}

Test(twobit, a_memory_limit_below_the_table_is_a_memout)
{
	pb_domain d = it_domain("tiles5x2", NULL);

	expect_failure("tiles5x2", (size_t)pb_twobit_bytes(&d) / 2, 0, PB_MEMOUT);
}

/* A nanosecond: past before the first poll looks at the clock. */
Test(twobit, a_deadline_passed_is_a_timeout)
{
	expect_failure("tiles5x2", 0, 1, PB_TIMEOUT);
}

/* The pancake numbers (OEIS A058986, Gates & Papadimitriou 1979 and
 * the searches since: Heydari & Sudborough 1997, Cibulka 2011), N = 10
 * to 13. */
static const int pancake_radius[] = { [10] = 11, [11] = 13, [12] = 14, [13] = 15 };

/* The stacks of N pancakes: every one reached, the farthest at the
 * pancake number, the counts adding up. */
static void check_pancakes(int n)
{
	char name[16];
	pb_domain d;
	pb_twobit t;
	uint64_t sum = 0;

	snprintf(name, sizeof(name), "pancake%d", n);
	d = it_domain(name, NULL);
	build(&t, &d, 0);
	cr_assert_eq(t.radius, pancake_radius[n], "%s: radius %d, the pancake number is %d", name,
		     t.radius, pancake_radius[n]);
	cr_assert_eq(t.reached, d.index_count, "%s: %llu of %llu stacks reached", name,
		     (unsigned long long)t.reached, (unsigned long long)d.index_count);
	for (int k = 0; k <= t.radius; k++) {
		cr_assert_gt(t.counts[k], 0, "%s: no stack at distance %d", name, k);
		sum += t.counts[k];
	}
	cr_assert_eq(sum, d.index_count, "%s: the counts add up to %llu", name,
		     (unsigned long long)sum);
	pb_twobit_release(&t);
}

/* The stacks of 10 pancakes at each distance, as published (OEIS
 * A092113, the numbers of stacks of n pancakes needing k flips; also in
 * MathWorld's "Pancake Sorting"). */
static const uint64_t pancake10_published[] = {
	1, 9, 72, 575, 3963, 22825, 106461, 377863, 919365, 1309756, 814678, 73232,
};

Test(twobit, pancakes_of_10_and_11_reach_the_pancake_numbers, .timeout = 600)
{
	pb_domain d = it_domain("pancake10", NULL);
	pb_twobit t;

	check_pancakes(10);
#ifndef PB_SANITIZED
	/* 39.9 million stacks: the release build's (under the sanitizers
	 * this one stack took a sixth of the test's time, and CI must stay
	 * under 20 minutes; pancake10 runs the same loops there) */
	check_pancakes(11);
#endif
	build(&t, &d, 2);
	for (int k = 0; k <= 11; k++)
		cr_assert_eq(t.counts[k], pancake10_published[k],
			     "pancake10: %llu stacks at distance %d, published %llu",
			     (unsigned long long)t.counts[k], k,
			     (unsigned long long)pancake10_published[k]);
	pb_twobit_release(&t);
}

/* Opt in: the 12-cell boards (60 MB and a few seconds each; the test
 * command runs it in the release build): 3x4, and 2x6 and 6x2, the goal's
 * blank in the last cell and in another corner. (4x3 is test_mpi_space's,
 * in the MPI build, which holds its one-process counts to the published
 * ones: CI must stay under 20 minutes.) */
Test(twobit, the_twelve_cell_boards_match_the_published_counts, .timeout = 1200)
{
	static const struct {
		int w, h, blank;
	} boards[] = { { 3, 4, 11 }, { 2, 6, 11 }, { 6, 2, 5 } };
	const char *opt = getenv("PB_SPACE_12");

	/* opt-in; said, not skipped: Criterion 2.4's skip leaks an
	 * allocation, which the sanitizer build's leak checker fails */
	if (!opt || strcmp(opt, "1")) {
		cr_log_info("set PB_SPACE_12=1 to search the 3x4, 2x6 and 6x2 boards");
		return;
	}
	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++)
		check_board(boards[i].w, boards[i].h, boards[i].blank);
}

/* Opt in (PB_SPACE_PANCAKES=1): 12 pancakes, 479,001,600 stacks, 120 MB
 * and 13 s here; left out of CI for its time. */
Test(twobit, twelve_pancakes_reach_the_pancake_number, .timeout = 1200)
{
	const char *opt = getenv("PB_SPACE_PANCAKES");

	if (!opt || strcmp(opt, "1")) {
		cr_log_info("set PB_SPACE_PANCAKES=1 to search the stacks of 12 pancakes");
		return;
	}
	check_pancakes(12);
}
