/* bench check DATASET ANSWERS: right answers pass, each wrong one is named
 * with its file and line (moves that miss the goal or leave the board, a
 * longer path, 'unsolvable' for a solvable state, garbage, a Magic
 * Squares answer that is shortest but not the least), and a file that is
 * not a file of answers to the dataset is refused whole (exit 2). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/domain.h"
#include "harness/io/dataset.h"
#include "tests/support/outside.h"

TestSuite(check, .init = ot_suite_init, .fini = ot_suite_fini);

/* bench solve's answers to DATASET (DOMAIN, GOAL or NULL) into DIR/NAME. */
static void solve_into(const char *path, const char *domain, const char *goal, const char *name)
{
	char *out;
	int rc = ot_sh(&out, "grep -v '^#' '%s' | cut -f2 | '%s' solve --domain %s %s%s%s > '%s/%s'",
		       path, PB_BENCH, domain, goal ? "--goal '" : "", goal ? goal : "",
		       goal ? "'" : "", ot_dir, name);

	cr_assert_eq(rc, 0, "bench solve: %s", out);
	free(out);
}

/* Replace line LINE (1-based) of DIR/NAME by TEXT (NULL: drop it). */
static void edit_line(const char *name, int line, const char *text)
{
	char *out;
	int rc = text ? ot_sh(&out, "sed -i '%dc %s' '%s/%s'", line, text, ot_dir, name)
		      : ot_sh(&out, "sed -i '%dd' '%s/%s'", line, ot_dir, name);

	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

static int check(char **out, const char *path, const char *name)
{
	return ht_bench(out, "check '%s' '%s/%s'", path, ot_dir, name);
}

static const char *dataset_8 = PB_SOURCE_DIR "/datasets/8puzzle-depth.txt";
static const char *dataset_ms = PB_SOURCE_DIR "/datasets/msquare-depth.txt";
static const char *dataset_pancakes = PB_SOURCE_DIR "/datasets/pancake12-uniform.txt";
static const char *dataset_cube = PB_SOURCE_DIR "/datasets/cube2-depth.txt";

Test(check, right_answers_pass)
{
	char *out;

	solve_into(dataset_8, "8puzzle", NULL, "a8");
	cr_expect_eq(check(&out, dataset_8, "a8"), 0, "%s", out);
	cr_expect(strstr(out, "d31-2: ok, 31 moves") && strstr(out, "check: all 149 answers right"),
		  "%s", out);
	free(out);
	solve_into(dataset_ms, "msquare", NULL, "ams");
	cr_expect_eq(check(&out, dataset_ms, "ams"), 0, "%s", out);
	cr_expect(strstr(out, "check: all 109 answers right"), "%s", out);
	free(out);
}

/* Pancakes' and the cube's answers are names between blanks ("12 2 10",
 * "R U2 F'"): bench check read them a character a move, and graded every
 * answer but the one-letter ones garbage (found by fuzz_check). */
Test(check, pancake_and_cube_answers_pass)
{
	char *out;

	solve_into(dataset_pancakes, "pancake12", NULL, "ap");
	cr_expect_eq(check(&out, dataset_pancakes, "ap"), 0, "%s", out);
	cr_expect(strstr(out, "check: all 5 answers right"), "%s", out);
	free(out);
	edit_line("ap", 2, "12 13"); /* no flip of 13 pancakes */
	cr_expect_eq(check(&out, dataset_pancakes, "ap"), 1, "%s", out);
	cr_expect(strstr(out, "/ap:2: 2: wrong: garbage: '12 13' ('13' names no move of pancake12)"),
		  "%s", out);
	free(out);
	solve_into(dataset_cube, "cube2", NULL, "ac");
	cr_expect_eq(check(&out, dataset_cube, "ac"), 0, "%s", out);
	cr_expect(strstr(out, "d11-3: ok, 11 moves") && strstr(out, "check: all 34 answers right"),
		  "%s", out);
	free(out);
}

Test(check, each_wrong_answer_is_named)
{
	char *out;

	solve_into(dataset_8, "8puzzle", NULL, "a8");
	/* lines 2..5 answer d1-1 d1-2 d2-1 d2-2 */
	edit_line("a8", 2, "l");          /* d1-1 takes r: l goes elsewhere */
	edit_line("a8", 3, "dud");        /* d1-2 takes d: three moves */
	edit_line("a8", 4, "unsolvable"); /* d2-1 is solvable */
	edit_line("a8", 5, "hello");      /* garbage */
	cr_expect_eq(check(&out, dataset_8, "a8"), 1, "%s", out);
	cr_expect(strstr(out, "/a8:2: d1-1: wrong: the one move ends short of the goal"), "%s", out);
	cr_expect(strstr(out, "/a8:3: d1-2: wrong: 3 moves, longer than the reference 1"), "%s", out);
	cr_expect(strstr(out, "/a8:4: d2-1: wrong: said unsolvable, but the state is solvable"),
		  "%s", out);
	cr_expect(strstr(out, "/a8:5: d2-2: wrong: garbage: 'hello'"), "%s", out);
	cr_expect(strstr(out, "check: 4 of 149 answers wrong: d1-1 d1-2 d2-1 d2-2"), "%s", out);
	cr_expect(strstr(out, "d2-3: ok, 2 moves"), "%s", out);
	free(out);
}

Test(check, answers_to_another_goal_and_to_unsolvable_states)
{
	const char *goal = "x 1 2 3 4 5 6 7 8";
	char path[1100], *out;
	int rc;

	snprintf(path, sizeof(path), "%s/mixed.txt", ot_dir);
	rc = ht_bench(&out, "gen --domain 8puzzle --goal '%s' --method uniform --count 40 "
		      "--unsolvable 0.5 --seed 7 -o '%s'", goal, path);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	solve_into(path, "8puzzle", goal, "amixed");
	cr_expect_eq(check(&out, path, "amixed"), 0, "%s", out);
	cr_expect(strstr(out, ": ok, unsolvable"), "no unsolvable instance among them: %s", out);
	free(out);
	/* the same answers graded against the default goal's puzzles fail */
	rc = ot_sh(&out, "sed -i 's/^# goal: .*/# goal: 1 2 3 4 5 6 7 8 x/' '%s'", path);
	cr_assert_eq(rc, 0);
	free(out);
	cr_expect_eq(check(&out, path, "amixed"), 1, "%s", out);
	free(out);
}

Test(check, a_shortest_answer_that_is_not_the_least)
{
	char err[256], *out;
	dataset ds;
	size_t target = 0;
	char other[8] = "";

	memset(&ds, 0, sizeof(ds));
	cr_assert_eq(dataset_load(&ds, dataset_ms, err, sizeof(err)), 0, "%s", err);
	/* an instance of depth 2 or 3 with two shortest answers: the later
	 * of them, found by trying every sequence */
	for (size_t i = 0; i < ds.count && !other[0]; i++) {
		int depth = ds.instances[i].reference, found = 0;

		if (depth < 2 || depth > 3)
			continue;
		for (int code = 0, n = depth == 2 ? 9 : 27; code < n; code++) {
			char moves[4] = { 0 };
			pb_replay_result r;

			for (int k = 0, c = code; k < depth; k++, c /= 3)
				moves[depth - 1 - k] = "ABC"[c % 3];
			pb_replay(&ds.domain, &ds.instances[i].state, moves, (size_t)depth, &r);
			if (r.verdict == PB_REACHES_GOAL && found++) {
				snprintf(other, sizeof(other), "%s", moves);
				target = i;
				break;
			}
		}
	}
	cr_assert(other[0], "no instance of depth 2 or 3 with two shortest answers");
	solve_into(dataset_ms, "msquare", NULL, "ams");
	/* each answer takes two lines (the length, the moves) */
	edit_line("ams", (int)(2 * target + 2), other);
	cr_expect_eq(check(&out, dataset_ms, "ams"), 1, "%s", out);
	cr_expect(strstr(out, "a shortest answer, but not the least"), "instance %s with %s: %s",
		  ds.instances[target].id, other, out);
	free(out);
	dataset_release(&ds);
}

Test(check, a_file_that_does_not_fit_is_refused_whole)
{
	char *out;

	solve_into(dataset_8, "8puzzle", NULL, "a8");
	edit_line("a8", 149, NULL);
	cr_expect_eq(check(&out, dataset_8, "a8"), 2);
	cr_expect(strstr(out, "/a8:149: the file ends after 148 answers; the dataset has 149 instances"),
		  "%s", out);
	cr_expect_null(strstr(out, ": ok"), "answers printed before the refusal: %s", out);
	free(out);
	cr_assert_eq(ot_sh(NULL, "echo ud >> '%s/a8' && echo ud >> '%s/a8'", ot_dir, ot_dir), 0);
	cr_expect_eq(check(&out, dataset_8, "a8"), 2);
	cr_expect(strstr(out, "/a8:150: more answers than the dataset's 149 instances"), "%s", out);
	free(out);
	cr_assert_eq(ot_sh(NULL, "printf 'ud\\000\\n' > '%s/bin'", ot_dir), 0);
	cr_expect_eq(check(&out, dataset_8, "bin"), 2);
	cr_expect(strstr(out, "/bin:1: control byte 0x00"), "%s", out);
	free(out);
	solve_into(dataset_ms, "msquare", NULL, "ams");
	edit_line("ams", 3, "x7");
	cr_expect_eq(check(&out, dataset_ms, "ams"), 2);
	cr_expect(strstr(out, "/ams:3: garbage: 'x7' is not a length"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check '%s'", dataset_8), 2);
	cr_expect(strstr(out, "want a dataset and a file of answers"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check '%s/none' '%s/a8'", ot_dir, ot_dir), 2);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --help"), 0);
	free(out);
}

/* Answers in another convention are told what would make them right:
 * moves that name where the tile goes (u/d and l/r swapped), and moves
 * in upper case. A wrong answer that no swap mends gets no such hint. */
Test(check, a_convention_mistake_is_told_what_would_mend_it)
{
	char *out;

	solve_into(dataset_8, "8puzzle", NULL, "a8");
	cr_assert_eq(ot_sh(&out, "tr udlr durl < '%s/a8' > '%s/swapped' && tr udlr UDLR < '%s/a8' "
			   "> '%s/upper'", ot_dir, ot_dir, ot_dir, ot_dir), 0, "%s", out);
	free(out);
	cr_expect_eq(check(&out, dataset_8, "swapped"), 1, "%s", out);
	cr_expect(strstr(out, "/swapped:149: d31-2: wrong: ") &&
		  strstr(out, "swapping u/d, l/r reaches it: moves name where the blank goes"),
		  "the last instance, swapped, is not told to swap back: %s", out);
	free(out);
	cr_expect_eq(check(&out, dataset_8, "upper"), 1, "%s", out);
	cr_expect(strstr(out, "names no move of 8puzzle, 'u' does: write the moves in lower case"),
		  "upper-case moves are not told to be lower case: %s", out);
	free(out);
	edit_line("a8", 149, "uu");
	cr_expect_eq(check(&out, dataset_8, "a8"), 1, "%s", out);
	cr_expect(strstr(out, "d31-2: wrong") && !strstr(out, "swapping"),
		  "an answer no swap mends is given a hint: %s", out);
	free(out);
}

/* --instances and --limit grade the answers to part of a dataset: ids and
 * ranges of ids, the first N; a bad item or count is bad usage. */
Test(check, instances_and_limit_grade_part_of_a_dataset)
{
	char *out;

	cr_assert_eq(ot_sh(&out, "grep -v '^#' '%s' | sed -n '4,7p;13p' | cut -f2 | '%s' solve "
			   "--domain 8puzzle > '%s/part'", dataset_8, PB_BENCH, ot_dir), 0, "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --instances d2-1-d2-4,d4-1 '%s' '%s/part'", dataset_8,
			      ot_dir), 0, "%s", out);
	cr_expect(strstr(out, "check: all 5 answers right") && strstr(out, "d4-1: ok"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --instances d2-1-d2-4,d4-1 --limit 2 '%s' '%s/part'",
			      dataset_8, ot_dir), 2, "%s", out);
	cr_expect(strstr(out, "more answers than the dataset's 2 instances"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --limit 3 '%s' '%s/part'", dataset_8, ot_dir), 2, "%s",
		     out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --instances d2-1,nine '%s' '%s/part'", dataset_8, ot_dir),
		     2, "%s", out);
	cr_expect(strstr(out, "bench check: --instances: no instance 'nine' in '8puzzle-depth'"), "%s",
		  out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --instances d4-1-d2-1 '%s' '%s/part'", dataset_8, ot_dir),
		     2, "%s", out);
	cr_expect(strstr(out, "runs backwards"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --limit 0 '%s' '%s/part'", dataset_8, ot_dir), 2, "%s",
		     out);
	cr_expect(strstr(out, "bench check: --limit '0' is not a count"), "%s", out);
	free(out);
}

/* A dataset whose goal is not the default (the blank first, as Korf's):
 * 'bench gen --export' writes its puzzles as a program receives them,
 * turned to the default goal; 'bench check --exported' takes the
 * program's answers to those, and each way round a file of the other is
 * told which it is. An answer to an instance without a reference is
 * right by its moves alone, and the summary says its length went
 * unjudged. */
Test(check, answers_to_the_exported_puzzles_of_another_goal)
{
	char *out, path[1024];

	ht_write_in(ot_dir, "blank-first.txt", "# puzzlebench dataset\n# format: 1\n"
		    "# domain: 8puzzle\n# goal: x 1 2 3 4 5 6 7 8\n"
		    "k1\t1 2 x 3 4 5 6 7 8\t2\nk2\t3 1 2 4 x 5 6 7 8\t-\n");
	cr_assert_eq(ht_bench(&out, "gen --export '%s/blank-first.txt' -o '%s/exported'", ot_dir,
			      ot_dir), 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/exported", ot_dir);
	out = ht_read(path);
	cr_assert_not_null(out, "%s", path);
	cr_expect_str_eq(out, "1 2 3 4 5 6 x 7 8\n1 2 3 4 x 5 7 8 6\n", "the puzzles turned");
	free(out);
	cr_assert_eq(ot_sh(&out, "'%s' solve --domain 8puzzle < '%s/exported' > '%s/program' && "
			   "grep -v '^#' '%s/blank-first.txt' | cut -f2 | '%s' solve --domain 8puzzle "
			   "--goal 'x 1 2 3 4 5 6 7 8' > '%s/own'", PB_BENCH, ot_dir, ot_dir, ot_dir,
			   PB_BENCH, ot_dir), 0, "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --exported '%s/blank-first.txt' '%s/program'", ot_dir,
			      ot_dir), 0, "%s", out);
	cr_expect(strstr(out, "check: 1 right answer had no reference") &&
		  strstr(out, "no length is judged"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check '%s/blank-first.txt' '%s/program'", ot_dir, ot_dir), 1,
		     "%s", out);
	cr_expect(strstr(out, "k1: wrong: it answers the puzzle turned to the default goal, as "
			 "'bench gen --export' writes it, not the dataset's own: add --exported"),
		  "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check '%s/blank-first.txt' '%s/own'", ot_dir, ot_dir), 0, "%s",
		     out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --exported '%s/blank-first.txt' '%s/own'", ot_dir, ot_dir),
		     1, "%s", out);
	cr_expect(strstr(out, "k2: wrong: it answers the dataset's own puzzle") &&
		  strstr(out, "drop --exported"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "gen --export '%s/blank-first.txt' -n 3", ot_dir), 2, "%s", out);
	cr_expect(strstr(out, "bench gen: --export writes the puzzles of a dataset there is"), "%s",
		  out);
	free(out);
}

/* bench run --save-answers writes, for each dataset and series, a file
 * that bench check grades as the run did: the same part of the dataset,
 * Magic Squares' format too, and 'none' (counted wrong) where a solve
 * gave no answer. */
Test(check, the_answers_a_run_saves_are_graded_as_the_run_judged_them)
{
	const char *korf = PB_SOURCE_DIR "/datasets/korf100.txt";
	char *out;

	cr_assert_eq(ht_bench(&out, "run '%s' '%s' --limit 6 -a bfs-hash,idastar -r 1 -w 0 "
			      "--save-answers -o '%s/saved'", dataset_8, dataset_ms, ot_dir), 0, "%s",
		     out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --limit 6 '%s' '%s/saved/answers/8puzzle-depth/"
			      "idastar+manhattan.txt'", dataset_8, ot_dir), 0, "%s", out);
	cr_expect(strstr(out, "check: all 6 answers right"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --limit 6 '%s' '%s/saved/answers/msquare-depth/"
			      "bfs-hash.txt'", dataset_ms, ot_dir), 0, "%s", out);
	cr_expect(strstr(out, "check: all 6 answers right"), "%s", out);
	free(out);
	/* a time limit no search of Korf's first instance meets: no answer */
	cr_assert_eq(ht_bench(&out, "run '%s' --instances 1 -a idastar -t 0.001 -r 1 -w 0 "
			      "--save-answers -o '%s/none'", korf, ot_dir), 0, "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --instances 1 '%s' '%s/none/answers/korf100/"
			      "idastar+manhattan.txt'", korf, ot_dir), 1, "%s", out);
	cr_expect(strstr(out, "1: wrong: no answer ('none'"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "run '%s' --save-answers --resume -o '%s/saved'", dataset_8,
			      ot_dir), 2, "%s", out);
	free(out);
}

/* Answers of solvers that promise less than optimal: the saved file's
 * command grades each by its solver's promise (wastar:w=2 within twice
 * the reference, gbfs any length), where graded as optimal some are
 * wrong (both answer longer than optimal on these 149 puzzles); a factor
 * below the answers' is wrong too, and a promise that is none of these is
 * refused. */
Test(check, a_promise_less_than_optimal_is_graded_by_it)
{
	static const char *const series[][2] = { { "wastar:w=2+manhattan", "--guarantee 2 " },
						 { "gbfs+manhattan", "--guarantee none " } };
	char *out, file[1024];

	cr_assert_eq(ht_bench(&out, "run '%s' -a wastar:w=2,gbfs -r 1 -w 0 --save-answers -o "
			      "'%s/sub'", dataset_8, ot_dir), 0, "%s", out);
	free(out);
	for (size_t i = 0; i < sizeof(series) / sizeof(series[0]); i++) {
		char *text;

		snprintf(file, sizeof(file), "%s/sub/answers/8puzzle-depth/%s.txt", ot_dir,
			 series[i][0]);
		text = ht_read(file);
		cr_assert(text && strstr(text, series[i][1]), "%s: its command: %.300s", file, text);
		free(text);
		cr_expect_eq(ht_bench(&out, "check -q %s'%s' '%s'", series[i][1], dataset_8, file), 0,
			     "%s", out);
		cr_expect(strstr(out, "check: all 149 answers right"), "%s", out);
		free(out);
		cr_expect_eq(ht_bench(&out, "check -q '%s' '%s'", dataset_8, file), 1, "%s", out);
		cr_expect(strstr(out, "longer than the reference"), "%s", out);
		free(out);
	}
	cr_expect_eq(ht_bench(&out, "check -q --guarantee 1.05 '%s' '%s'", dataset_8, file), 1,
		     "%s", out);
	cr_expect(strstr(out, "more than 1.05 times the reference"), "%s", out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --guarantee 0.5 '%s' '%s'", dataset_8, file), 2, "%s",
		     out);
	free(out);
	cr_expect_eq(ht_bench(&out, "check --guarantee two '%s' '%s'", dataset_8, file), 2, "%s",
		     out);
	free(out);
}
