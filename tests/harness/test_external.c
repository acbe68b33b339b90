/* External programs as solvers (--solver, --solver-once): every fault of
 * tests/harness/external/faulty.py costs its one row, in both modes, and
 * the run goes on within its limits; programs that cannot start are an
 * error before the run; goals other than the default are turned; what is
 * measured and recorded; the examples and the classic programs of
 * ../shared/baselines beside the built-in solvers, every row right. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/support/outside.h"

#define NS_PER_S 1000000000LL
/* The faulty program misbehaves on this puzzle (instance d2). */
#define TARGET "1 2 3 4 x 5 7 8 6"
/* A run of the small dataset with one fault stays within this (its time
 * limit is 1 s, and a fault costs a restart of the program). */
#define RUN_BOUND_S 8

/* Under AddressSanitizer bench itself takes about 0.15 s to start. */
#ifdef __SANITIZE_ADDRESS__
#define SANITIZED true
#else
#define SANITIZED false
#endif

/* The campaigns of many programs started afresh (bench among them) run
 * in the release build only: under the sanitizers they took a minute of
 * CI's twenty, and the protocol's code is run there by the tests beside
 * them. */
#define RELEASE_ONLY()                                                                   \
	do {                                                                             \
		if (SANITIZED)                                                           \
			cr_skip_test("many programs started afresh: run in the release build"); \
	} while (0)

TestSuite(external, .init = ot_suite_init, .fini = ot_suite_fini);

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / NS_PER_S;
}

/* The status of INSTANCE's row of solver F. */
static void expect_status(const char *csv, const char *instance, const char *want,
			  const char *what)
{
	char st[32];

	cr_assert_eq(ot_field(csv, "f", instance, OT_STATUS, st, sizeof(st)), 0,
		     "%s: no row for %s:\n%s", what, instance, csv);
	cr_expect_str_eq(st, want, "%s: instance %s is %s, want %s", what, instance, st, want);
}

/* Run faulty.py MODE (misbehaving on d2) as OPTION; d2's row must be
 * WANT, the others ok (the program started again after the fault), the
 * fault log must say NOTE, and the run end within its bound. */
static void check_fault(const char *mode, const char *option, const char *want,
			const char *note)
{
	char args[2048], name[64], path[1100], what[128], *csv, *log;
	double t0 = now_s(), took;
	const char *others[] = { "d0", "d1", "d3" };

	snprintf(name, sizeof(name), "%s%s", mode, option);
	snprintf(what, sizeof(what), "faulty.py %s as %s", mode, option);
	/* a second is plenty for a fault that is a time-out; a hog is given
	 * more, so that on a loaded machine it passes the memory limit before
	 * the clock (a fresh python, as --solver-once starts one, can take a
	 * second to start there) */
	snprintf(args, sizeof(args), "-a bfs-cantor -t %d -m 256M %s \"f=%s %s/tests/harness/external/faulty.py %s '%s'\"",
		 strcmp(want, "memout") ? 1 : RUN_BOUND_S / 2, option, ot_python(), PB_SOURCE_DIR, mode,
		 TARGET);
	csv = ot_run(ot_ds, name, args, !strcmp(want, "wrong") ? 1 : 0);
	took = now_s() - t0;
	cr_expect_lt(took, RUN_BOUND_S, "%s: the run took %.1f s", what, took);
	expect_status(csv, "d2", want, what);
	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		expect_status(csv, others[i], "ok", what);
	if (!strcmp(want, "timeout")) {
		long long wall = ot_number(csv, "f", "d2", OT_WALL_NS);

		cr_expect_geq(wall, NS_PER_S, "%s: the timeout came at %lld ns", what, wall);
	}
	snprintf(path, sizeof(path), "%s/%s/external.log", ot_dir, name);
	log = ht_read(path);
	cr_assert_not_null(log, "%s: no fault log", what);
	cr_expect(strstr(log, "\td2\t1\t") && strstr(log, want) && strstr(log, note),
		  "%s: the fault log lacks d2's %s, '%s':\n%s", what, want, note, log);
	cr_expect_eq(ht_count_lines(log, "f\t"), 1, "%s: one fault, one line:\n%s", what, log);
	free(log);
	free(csv);
}

#define FAULT_TESTS(mode, long_status, long_note, once_status, once_note)                     \
	Test(external, mode##_long_lived)                                  \
	{                                                                                  \
		check_fault(#mode, "--solver", long_status, long_note);                     \
	}                                                                                  \
	Test(external, mode##_one_shot)                                     \
	{                                                                                  \
		check_fault(#mode, "--solver-once", once_status, once_note);                 \
	}

FAULT_TESTS(wrong, "wrong", "short of the goal", "wrong", "short of the goal")
FAULT_TESTS(longer, "wrong", "longer than the reference 2", "wrong", "longer than the reference 2")
FAULT_TESTS(garbage, "wrong", "hello, world!", "wrong", "hello, world!")
FAULT_TESTS(crash, "crash", "signal 11", "crash", "signal 11")
FAULT_TESTS(exit, "crash", "exited (status 0) before answering", "wrong", "no answer")
FAULT_TESTS(spin, "timeout", "no answer within the time limit", "timeout",
	    "no answer within the time limit")
FAULT_TESTS(sleep, "timeout", "it sat idle", "timeout", "it sat idle")
FAULT_TESTS(flood, "wrong", "cut off", "wrong", "cut off")
FAULT_TESTS(hog, "memout", "resident memory passed the limit", "memout",
	    "resident memory passed the limit")
/* answers in another convention are told what would mend them */
FAULT_TESTS(tile, "wrong", "swapping u/d, l/r reaches it: moves name where the blank goes", "wrong",
	    "swapping u/d, l/r reaches it: moves name where the blank goes")
FAULT_TESTS(upper, "wrong", "does: write the moves in lower case", "wrong",
	    "does: write the moves in lower case")

/* Faults of every puzzle: the program as MODE (no puzzle given). */
static char *run_always(const char *mode, const char *option, int want_rc)
{
	char args[2048], name[64];

	snprintf(name, sizeof(name), "%s%s", mode, option);
	snprintf(args, sizeof(args), "-a bfs-cantor %s \"f=%s %s/tests/harness/external/faulty.py %s\"",
		 option, ot_python(), PB_SOURCE_DIR, mode);
	return ot_run(ot_ds, name, args, want_rc);
}

Test(external, a_program_that_never_flushes_is_told)
{
	char *csv = run_always("noflush", "--solver", 1), path[1100], *log;

	/* found at its start: the preparation says why, no puzzle is sent,
	 * and the run fails */
	expect_status(csv, "-", "error", "noflush");
	cr_expect_eq(ot_count(csv, "f", "skipped"), 4, "%s", csv);
	snprintf(path, sizeof(path), "%s/noflush--solver/external.log", ot_dir);
	log = ht_read(path);
	cr_expect(log && strstr(log, "does not flush after an answer"), "%s", log);
	free(log);
	free(csv);
	/* one process a puzzle: its end flushes, and the answers are right */
	csv = run_always("noflush", "--solver-once", 0);
	cr_expect_eq(ot_count(csv, "f", "ok"), 5, "%s", csv);
	free(csv);
}

/* A long-lived program in another convention fails its start-up puzzle,
 * and is told what would mend it; a one-shot program given as long-lived
 * is told to take --solver-once, which runs it rightly. */
Test(external, a_convention_mistake_of_every_answer_is_told_what_would_mend_it)
{
	char *csv = run_always("tile", "--solver", 1), path[1100], args[1400], *log;

	expect_status(csv, "-", "wrong", "tile");
	free(csv);
	snprintf(path, sizeof(path), "%s/tile--solver/external.log", ot_dir);
	log = ht_read(path);
	cr_expect(log && strstr(log, "is not that move; swapping u/d, l/r reaches it"), "%s", log);
	free(log);
	/* it answers no puzzle of the run: the run fails (exit 1), the first
	 * solve says why, the rest are never sent */
	csv = run_always("once", "--solver", 1);
	cr_expect_eq(ot_count(csv, "f", "crash"), 0, "%s", csv);
	cr_expect_eq(ot_count(csv, "f", "error") + ot_count(csv, "f", "skipped"), 4, "%s", csv);
	snprintf(path, sizeof(path), "%s/once--solver/external.log", ot_dir);
	log = ht_read(path);
	cr_expect(log && (strstr(log, "is for --solver-once") || strstr(log, "exits goes with --solver-once")),
		  "%s", log);
	free(log);
	free(csv);
	csv = run_always("once", "--solver-once", 0);
	cr_expect_eq(ot_count(csv, "f", "ok"), 5, "%s", csv);
	free(csv);
	/* one that ends after several answers is no one-shot program */
	snprintf(args, sizeof(args), "-a bfs-cantor --solver \"f=%s %s/tests/harness/external/"
		 "faulty.py exit '%s'\"", ot_python(), PB_SOURCE_DIR, TARGET);
	free(ot_run(ot_ds, "exit-hint", args, 0));
	snprintf(path, sizeof(path), "%s/exit-hint/external.log", ot_dir);
	log = ht_read(path);
	cr_expect(log && strstr(log, "before answering") && !strstr(log, "--solver-once"), "%s", log);
	free(log);
}

Test(external, a_program_that_never_reads_is_told)
{
	const char *options[] = { "--solver", "--solver-once" };

	for (size_t i = 0; i < 2; i++) {
		char *csv = run_always("noread", options[i], 1), path[1100], *log;

		/* long-lived: found at its start; one-shot: at its first puzzle
		 * (its preparation runs nothing); the other puzzles are not sent */
		cr_expect_eq(ot_count(csv, "f", "ok"), i, "%s: %s", options[i], csv);
		cr_expect_eq(ot_count(csv, "f", "error"), 1, "%s: %s", options[i], csv);
		cr_expect_eq(ot_count(csv, "f", "skipped"), 4 - i, "%s: %s", options[i], csv);
		snprintf(path, sizeof(path), "%s/noread%s/external.log", ot_dir, options[i]);
		log = ht_read(path);
		cr_expect(log && strstr(log, "does not read its input"), "%s: %s", options[i], log);
		free(log);
		free(csv);
	}
}

Test(external, a_program_that_cannot_start_stops_the_run_before_it_starts)
{
	static const struct {
		const char *spec, *says;
		bool in_dir; /* SPEC names a file of the test's directory */
	} cases[] = {
		{ "f=no-such-program-here", "cannot start 'no-such-program-here': not found on PATH", false },
		{ "f=", "not executable", true },
		{ "f=", "a missing interpreter in its '#!' line", true },
		{ "bfs-cantor=/bin/cat", "solver name 'bfs-cantor' is taken by a built-in solver", false },
		{ "f", "want NAME=COMMAND", false },
		{ "f@9puzzle=/bin/cat", "unknown domain '9puzzle'", false },
		{ "f=/bin/cat 'unclosed", "a ' without its end", false },
		{ "f<in>out=/bin/cat", "'<IN>OUT' are for --solver-once", false },
	};
	static const char *const files[] = { "plain.txt", "bad-interpreter.sh" };
	char script[1100], spec[1200], *out;

	snprintf(script, sizeof(script), "%s/plain.txt", ot_dir);
	cr_assert_eq(ht_write(script, "not a program\n"), 0);
	cr_assert_eq(ot_sh(NULL, "chmod 644 '%s'", script), 0);
	snprintf(script, sizeof(script), "%s/bad-interpreter.sh", ot_dir);
	cr_assert_eq(ht_write(script, "#!/no/such/interpreter\n"), 0);
	cr_assert_eq(ot_sh(NULL, "chmod +x '%s'", script), 0);
	for (size_t i = 0, k = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc;

		if (cases[i].in_dir)
			snprintf(spec, sizeof(spec), "%s%s/%s", cases[i].spec, ot_dir, files[k++]);
		else
			snprintf(spec, sizeof(spec), "%s", cases[i].spec);
		rc = ht_bench(&out, "run '%s' --solver \"%s\" -o '%s/never'", ot_ds, spec, ot_dir);
		cr_expect_eq(rc, 2, "--solver %s: exit %d", spec, rc);
		cr_expect(out && strstr(out, cases[i].says), "--solver %s: want '%s' in:\n%s", spec,
			  cases[i].says, out);
		free(out);
	}
	cr_expect_neq(ot_sh(NULL, "test -e '%s/never'", ot_dir), 0, "a run directory was made");
}

Test(external, counters_measures_and_the_round_trip_are_recorded)
{
	char args[1024], path[1100], *csv, *meta;

	snprintf(args, sizeof(args), "-a bfs-cantor --solver \"f=%s %s/examples/bfs.py\"", ot_python(),
		 PB_SOURCE_DIR);
	csv = ot_run(ot_ds, "measured", args, 0);
	cr_expect_eq(ot_count(csv, "f", "ok"), 5, "%s", csv);
	/* the comment line's counters: none at the goal, some further */
	cr_expect_eq(ot_number(csv, "f", "d0", OT_EXPANDED), 0);
	cr_expect_gt(ot_number(csv, "f", "d3", OT_EXPANDED), 0);
	cr_expect_gt(ot_number(csv, "f", "d3", OT_GENERATED), ot_number(csv, "f", "d3", OT_EXPANDED));
	/* the program's own CPU time and resident memory, which is also its
	 * peak (nothing of it goes through the harness's meter) */
	cr_expect_gt(ot_number(csv, "f", "-", OT_CPU_NS), 0, "the start-up's CPU time");
	cr_expect_gt(ot_number(csv, "f", "d3", OT_RSS_BYTES), 1 << 20, "python's resident set");
	cr_expect_eq(ot_number(csv, "f", "d3", OT_PEAK_BYTES), ot_number(csv, "f", "d3", OT_RSS_BYTES),
		     "a program's peak bytes are its peak resident memory");
	cr_expect_eq(ot_number(csv, "f", "-", OT_PEAK_BYTES), ot_number(csv, "f", "-", OT_RSS_BYTES),
		     "the start-up's peak bytes are the program's resident memory");
	free(csv);
	snprintf(path, sizeof(path), "%s/measured/meta.json", ot_dir);
	meta = ht_read(path);
	cr_assert_not_null(meta);
	cr_expect(strstr(meta, "\"outside_solvers\"") && strstr(meta, "\"mode\": \"long-lived\"") &&
		  strstr(meta, "examples/bfs.py"), "%s", meta);
	cr_expect(strstr(meta, "\"round_trip\": {") && strstr(meta, "\"median_ns\": ") &&
		  !strstr(meta, "\"median_ns\": 0,"), "%s", meta);
	/* its start is its start-up check, one run */
	cr_expect(strstr(meta, "\"start\": {\"runs\": 1, \"wall_ns\": ") &&
		  !strstr(meta, "\"wall_ns\": 0,"), "%s", meta);
	free(meta);
}

Test(external, one_shot_through_files)
{
	char args[2048], script[1100], *csv;

	/* a program that reads puzzle.in and writes puzzle.out, as USACO's */
	snprintf(script, sizeof(script), "%s/files.sh", ot_dir);
	cr_assert_eq(ht_write(script, "#!/bin/sh\nexec \"$1\" \"$2\" < puzzle.in > puzzle.out\n"), 0);
	cr_assert_eq(ot_sh(NULL, "chmod +x '%s'", script), 0);
	snprintf(args, sizeof(args), "-a bfs-cantor --solver-once \"f<puzzle.in>puzzle.out=%s %s %s/examples/bfs.py\"",
		 script, ot_python(), PB_SOURCE_DIR);
	csv = ot_run(ot_ds, "files", args, 0);
	cr_expect_eq(ot_count(csv, "f", "ok"), 5, "%s", csv);
	cr_expect_eq(ot_number(csv, "f", "d3", OT_LENGTH), 3);
	free(csv);
}

/* A dataset of 8-puzzles with GOAL, made by bench gen. */
static char *goal_dataset(const char *name, const char *goal)
{
	char path[1100], *out;
	int rc;

	snprintf(path, sizeof(path), "%s/%s.txt", ot_dir, name);
	rc = ht_bench(&out, "gen --domain 8puzzle --goal '%s' --method depth --depth 0..12 --per-depth 2 -o '%s'",
		      goal, path);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	return strdup(path);
}

Test(external, other_goals_are_turned_to_the_default)
{
	/* the blank in each corner, tiles in any order */
	static const char *const goals[] = {
		"x 1 2 3 4 5 6 7 8", "8 7 x 6 5 4 3 2 1", "1 2 3 4 5 6 x 7 8", "2 1 3 4 5 6 7 8 x",
	};
	char args[1024], name[32], *csv, *path;
	RELEASE_ONLY();

	snprintf(args, sizeof(args), "-a bfs-cantor --solver \"f=%s %s/examples/bfs.py\" --solver-once \"g=%s %s/examples/bfs.py\"",
		 ot_python(), PB_SOURCE_DIR, ot_python(), PB_SOURCE_DIR);
	for (size_t i = 0; i < sizeof(goals) / sizeof(goals[0]); i++) {
		snprintf(name, sizeof(name), "goal%zu", i);
		path = goal_dataset(name, goals[i]);
		csv = ot_run(path, name, args, 0);
		/* the preparation and 25 instances (0..12, two each, one at 0) */
		cr_expect_eq(ot_count(csv, "f", "ok"), 26, "goal '%s': %s", goals[i], csv);
		cr_expect_eq(ot_count(csv, "g", "ok"), 26, "goal '%s': %s", goals[i], csv);
		free(csv);
		free(path);
	}
	/* Korf's goal on the 15-puzzle, the blank first: bench solve, which
	 * is given the default goal, as the external program */
	{
		char *out;
		int rc;

		snprintf(args, sizeof(args), "%s/korf-goal.txt", ot_dir);
		rc = ht_bench(&out, "gen --domain 15puzzle --goal 'x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15' "
			      "--method walk --length 10..40 --step 10 --count 2 -o '%s'", args);
		cr_assert_eq(rc, 0, "%s", out);
		free(out);
		path = strdup(args);
		snprintf(args, sizeof(args), "-a idastar --solver \"f=%s solve -d 15puzzle -a idastar\"",
			 PB_BENCH);
		csv = ot_run(path, "korf-goal", args, 0);
		cr_expect_eq(ot_count(csv, "f", "ok"), 9, "Korf's goal: %s", csv);
		free(csv);
		free(path);
	}
	/* the blank in the middle: no symmetry takes it to a corner */
	path = goal_dataset("middle", "1 2 3 4 x 5 6 7 8");
	snprintf(args, sizeof(args), "-a bfs-cantor,f --solver \"f=%s %s/examples/bfs.py\"", ot_python(),
		 PB_SOURCE_DIR);
	csv = ot_run(path, "middle", args, 0);
	cr_expect_eq(ot_count(csv, "f", "unsupported"), 26, "%s", csv);
	free(csv);
	free(path);
}

Test(external, verify_takes_them)
{
	char *out;
	int rc;

	rc = ht_bench(&out, "verify '%s' --solver \"f=%s %s/examples/bfs.py\"", ot_ds, ot_python(), PB_SOURCE_DIR);
	cr_expect_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "verify '%s' -a bfs-cantor --solver \"f=%s %s/tests/harness/external/faulty.py wrong '%s'\"",
		      ot_ds, ot_python(), PB_SOURCE_DIR, TARGET);
	cr_expect_eq(rc, 1, "%s", out);
	cr_expect(strstr(out, "instance 'd2'") && strstr(out, "f                wrong"), "%s", out);
	free(out);
	rc = ht_bench(&out, "verify '%s' -a bfs-cantor --solver \"f=%s %s/tests/harness/external/faulty.py tile '%s'\"",
		      ot_ds, ot_python(), PB_SOURCE_DIR, TARGET);
	cr_expect_eq(rc, 1, "%s", out);
	cr_expect(strstr(out, "swapping u/d, l/r reaches it"), "verify does not tell the swap: %s", out);
	free(out);
}

/* Build the classic program NAME of ../shared/baselines into DIR, as its
 * README says. */
static void build_classic(const char *name)
{
	char source[1024], *out;
	int rc;

	snprintf(source, sizeof(source), IT_SHARED "baselines/%s.cpp", name);
	it_need_shared(source);
	rc = ot_sh(&out, "g++ -O2 -w -o '%s/%s' '%s'", ot_dir, name, source);
	cr_assert_eq(rc, 0, "g++ %s: %s", name, out);
	free(out);
}

Test(external, the_classic_programs_and_the_examples_beside_ours)
{
	static const char *const classics[] = {
		"poj1077_forward_bfs", "hdu1043_reverse_bfs", "usaco_msquare",
	};
	char args[4096], path[1100], *csv, *out;
	int rc;
	RELEASE_ONLY();

	for (size_t i = 0; i < 3; i++)
		build_classic(classics[i]);
	snprintf(args, sizeof(args),
		 "'%s/datasets/msquare-depth.txt' -a reverse-table,bfs-cantor,astar-example "
		 "--solver 'hdu1043@8puzzle=stdbuf -oL %s/hdu1043_reverse_bfs' "
		 "--solver-once 'poj1077@8puzzle=%s/poj1077_forward_bfs' "
		 "--solver-once 'usaco@msquare<msquare.in>msquare.out=%s/usaco_msquare' "
		 "--solver 'bfs-py@msquare=%s %s/examples/bfs.py' --plugin '%s'",
		 PB_SOURCE_DIR, ot_dir, ot_dir, ot_dir, ot_python(), PB_SOURCE_DIR, PB_EXAMPLE_PLUGIN);
	snprintf(path, sizeof(path), "%s/datasets/8puzzle-depth.txt", PB_SOURCE_DIR);
	/* POJ 1077's program calls the goal itself unsolvable: one wrong row */
	csv = ot_run(path, "classics", args, 1);
	for (size_t i = 0; i < 2; i++) {
		static const char *const ours[] = { "reverse-table", "bfs-cantor" };

		/* 149 + 109 instances, two preparations */
		cr_expect_eq(ot_count(csv, ours[i], "ok"), 149 + 109 + 2, "%s", ours[i]);
	}
	cr_expect_eq(ot_count(csv, "hdu1043", "ok"), 149 + 1, "HDU 1043:\n%s", csv);
	cr_expect_eq(ot_count(csv, "poj1077", "ok"), 148 + 1, "POJ 1077:\n%s", csv);
	cr_expect_eq(ot_count(csv, "poj1077", "wrong"), 1);
	cr_expect(strstr(csv, "8puzzle-depth,d0-1,poj1077,-,1,solve,wrong,"), "the goal: %s", csv);
	cr_expect_eq(ot_count(csv, "usaco", "ok"), 109 + 1, "USACO 3.2.5:\n%s", csv);
	cr_expect_eq(ot_count(csv, "bfs-py", "ok"), 109 + 1, "examples/bfs.py:\n%s", csv);
	cr_expect_eq(ot_count(csv, "astar-example", "ok"), 149 + 1, "the example plugin:\n%s", csv);
	/* a program given for one domain is no row of the other */
	cr_expect_null(strstr(csv, "msquare-depth,-,hdu1043,"), "HDU 1043 on Magic Squares:\n%s", csv);
	cr_expect_null(strstr(csv, "8puzzle-depth,-,usaco,"), "USACO 3.2.5 on the 8-puzzle:\n%s", csv);
	free(csv);
	/* and verify, the Python example sampled on the 8-puzzle */
	rc = ht_bench(&out, "verify '%s' '%s/datasets/msquare-depth.txt' -a bfs-cantor,bfs-py,usaco,hdu1043 "
		      "--solver 'hdu1043@8puzzle=stdbuf -oL %s/hdu1043_reverse_bfs' "
		      "--solver-once 'usaco@msquare<msquare.in>msquare.out=%s/usaco_msquare' "
		      "--solver 'bfs-py=%s %s/examples/bfs.py' --sample 12 --sample-algorithms bfs-py",
		      path, PB_SOURCE_DIR, ot_dir, ot_dir, ot_python(), PB_SOURCE_DIR);
	cr_expect_eq(rc, 0, "%s", out);
	free(out);
}

/* A program's answers to pancake stacks and cube scrambles are names
 * between blanks: bench solve itself, long-lived and one-shot, answers as
 * the built-in solvers do (they were all read as 'wrong' before). */
Test(external, pancake_and_cube_answers)
{
	static const char *const domains[] = { "pancake9", "cube2" };
	RELEASE_ONLY();

	for (size_t i = 0; i < sizeof(domains) / sizeof(domains[0]); i++) {
		char path[1100], args[4096], name[64], *out, *csv;
		int rc;

		snprintf(path, sizeof(path), "%s/ext-%s.txt", ot_dir, domains[i]);
		rc = ht_bench(&out, "gen --domain %s --method uniform --count 5 --seed 5 -o '%s'",
			      domains[i], path);
		cr_assert_eq(rc, 0, "%s: %s", domains[i], out);
		free(out);
		snprintf(args, sizeof(args), "-a bfs-hash --solver \"self=%s solve -d %s\" "
			 "--solver-once \"once=%s solve -d %s\"", PB_BENCH, domains[i], PB_BENCH,
			 domains[i]);
		snprintf(name, sizeof(name), "ext-%s", domains[i]);
		csv = ot_run(path, name, args, 0);
		cr_expect_eq(ot_count(csv, "self", "ok"), 6, "%s: %s", domains[i], csv);
		cr_expect_eq(ot_count(csv, "once", "ok"), 6, "%s: %s", domains[i], csv);
		for (int k = 1; k <= 5; k++) {
			char id[16];

			snprintf(id, sizeof(id), "%d", k);
			cr_expect_eq(ot_number(csv, "self", id, OT_LENGTH),
				     ot_number(csv, "bfs-hash", id, OT_LENGTH), "%s #%d", domains[i], k);
			cr_expect_eq(ot_number(csv, "once", id, OT_LENGTH),
				     ot_number(csv, "bfs-hash", id, OT_LENGTH), "%s #%d", domains[i], k);
		}
		free(csv);
	}
}

/* Rows of solver ALGORITHM in CSV (any status). */
static size_t rows_of(const char *csv, const char *algorithm)
{
	char want[128];
	size_t n = 0;

	snprintf(want, sizeof(want), ",%s,", algorithm);
	for (const char *p = csv; (p = strstr(p, want)); p++)
		n++;
	return n;
}

/* A variant of a program (-a p:KEY=VALUE) finds its values in its
 * environment as PB_PARAM_KEY, and runs as processes of its own: the
 * program (tests/harness/external/params.py) counts as expanded the
 * value of PB_PARAM_NODE_COUNT and as generated the PB_PARAM_ variables
 * it has, and logs them as it starts. The program itself gets none, not
 * even one in the harness's own environment; a program named only with
 * values runs only so. */
static void check_variants(const char *option)
{
	static const struct {
		const char *name, *env;
		long long expanded, generated;
	} series[] = {
		{ "p", "-", 0, 0 },
		{ "p:node-count=5", "PB_PARAM_NODE_COUNT=5", 5, 1 },
		{ "p:alpha=1.5:zeta=z", "PB_PARAM_ALPHA=1.5 PB_PARAM_ZETA=z", 0, 2 },
	};
	const char *ids[] = { "d0", "d1", "d2", "d3" };
	bool once = !strcmp(option, "--solver-once");
	char args[2048], name[64], log[1100], line[128], *csv, *text;

	snprintf(name, sizeof(name), "variants%s", option);
	snprintf(log, sizeof(log), "%s/%s.log", ot_dir, name);
	setenv("PB_PARAM_NODE_COUNT", "9", 1);
	snprintf(args, sizeof(args), "-a p,p:node-count=5,p:zeta=z:alpha=1.5 %s \"p=%s "
		 "%s/tests/harness/external/params.py '%s'\"", option, ot_python(), PB_SOURCE_DIR, log);
	csv = ot_run(ot_ds, name, args, 0);
	text = ht_read(log);
	cr_assert_not_null(text, "%s: no %s", option, log);
	for (size_t i = 0; i < sizeof(series) / sizeof(series[0]); i++) {
		for (size_t k = 0; k < sizeof(ids) / sizeof(ids[0]); k++) {
			char st[32];

			cr_assert_eq(ot_field(csv, series[i].name, ids[k], OT_STATUS, st, sizeof(st)), 0,
				     "%s: no row of %s on %s: %s", option, series[i].name, ids[k], csv);
			cr_expect_str_eq(st, "ok", "%s: %s on %s", option, series[i].name, ids[k]);
			cr_expect_eq(ot_number(csv, series[i].name, ids[k], OT_EXPANDED),
				     series[i].expanded, "%s: %s on %s", option, series[i].name, ids[k]);
			cr_expect_eq(ot_number(csv, series[i].name, ids[k], OT_GENERATED),
				     series[i].generated, "%s: %s on %s", option, series[i].name, ids[k]);
		}
		/* long-lived: one process a variant; one-shot: one a puzzle */
		snprintf(line, sizeof(line), "%s\n", series[i].env);
		if (i)
			cr_expect_eq(ht_count_lines(text, line), once ? 4 : 1, "%s: processes started "
				     "with '%s': %s", option, series[i].env, text);
	}
	free(text);
	free(csv);
	unsetenv("PB_PARAM_NODE_COUNT");
	snprintf(name, sizeof(name), "alone%s", option);
	snprintf(args, sizeof(args), "-a p:node-count=5 %s \"p=%s %s/tests/harness/external/params.py "
		 "'%s'\"", option, ot_python(), PB_SOURCE_DIR, log);
	csv = ot_run(ot_ds, name, args, 0);
	cr_expect_eq(rows_of(csv, "p"), 0, "%s: the program ran without values too: %s", option, csv);
	cr_expect_eq(rows_of(csv, "p:node-count=5"), 5, "%s: %s", option, csv);
	free(csv);
}

Test(external, a_variant_gets_its_parameters_in_its_environment)
{
	check_variants("--solver");
}

Test(external, a_one_shot_variant_gets_them_too)
{
	check_variants("--solver-once");
}

/* A program declares nothing, so it takes any KEY=VALUE that is well
 * formed, and no other. */
Test(external, a_variant_of_a_program_must_be_well_formed)
{
	char *out;
	int rc;

	rc = ht_bench(&out, "run '%s' -a 'p:a/b=1' --solver \"p=%s %s/examples/bfs.py\"", ot_ds,
		      ot_python(), PB_SOURCE_DIR);
	cr_expect_eq(rc, 2);
	cr_expect(strstr(out, "bench run: -a p:a/b=1: p: 'a/b' is no parameter's name: use letters, "
			 "digits, '-' and '_'"), "%s", out);
	free(out);
	rc = ht_bench(&out, "run '%s' -a 'p:k=a b' --solver \"p=%s %s/examples/bfs.py\"", ot_ds,
		      ot_python(), PB_SOURCE_DIR);
	cr_expect_eq(rc, 2);
	cr_expect(strstr(out, "p: the value of k has ' '"), "%s", out);
	free(out);
}

/* A program that goes past the memory limit passed the limit: its row's
 * note and the terminal say so, not that the system refused memory
 * below it (an address-space limit: 'ulimit -v?'). */
Test(external, a_program_past_the_memory_limit_is_not_the_system_s_memout)
{
	const char *options[] = { "--solver", "--solver-once" };

	for (size_t i = 0; i < 2; i++) {
		char path[1100], *out, *log;
		int rc;

		rc = ht_bench(&out, "run '%s' -r 1 -w 0 -t %d -m 64M -o '%s/hog-note%s' %s "
			      "\"f=%s %s/tests/harness/external/faulty.py hog '%s'\"", ot_ds,
			      RUN_BOUND_S / 2, ot_dir, options[i], options[i], ot_python(),
			      PB_SOURCE_DIR, TARGET);
		cr_expect_eq(rc, 0, "%s: exit %d:\n%s", options[i], rc, out);
		cr_expect_null(strstr(out, "ulimit -v?"), "%s: the terminal says:\n%s", options[i], out);
		cr_expect_null(strstr(out, "below the memory limit"), "%s: the terminal says:\n%s",
			       options[i], out);
		free(out);
		snprintf(path, sizeof(path), "%s/hog-note%s/external.log", ot_dir, options[i]);
		log = ht_read(path);
		cr_assert_not_null(log, "%s: no fault log", options[i]);
		cr_expect(strstr(log, "memout\tits ") && strstr(log, "memory passed the limit") &&
			  !strstr(log, "ulimit"), "%s: the fault log says:\n%s", options[i], log);
		free(log);
	}
}

/* NAME<IN>OUT=COMMAND runs in a scratch directory: a word of the command
 * that names a file where bench runs (a script given by a relative path)
 * is made absolute first, and a program that cannot start there all the
 * same (its script is missing) is given up on after its first
 * EXTERNAL_START_FAILURES runs, not run for every puzzle. */
Test(external, a_relative_path_runs_in_the_scratch_directory)
{
	char script[1100], path[1100], *out, *csv;
	int rc;

	snprintf(script, sizeof(script), "%s/rel.sh", ot_dir);
	cr_assert_eq(ht_write(script, ""), 0);
	cr_assert_eq(ot_sh(NULL, "printf '%%s\\n' 'exec %s %s/examples/bfs.py < puzzle.in > puzzle.out' > '%s'",
			   ot_python(), PB_SOURCE_DIR, script), 0);
	rc = ot_sh(&out, "cd '%s' && '%s' run small.txt -a bfs-cantor -r 1 -w 0 -o rel "
		   "--solver-once 'f<puzzle.in>puzzle.out=/bin/sh rel.sh'", ot_dir, PB_BENCH);
	cr_expect_eq(rc, 0, "exit %d:\n%s", rc, out);
	free(out);
	snprintf(path, sizeof(path), "%s/rel/runs.csv", ot_dir);
	csv = ht_read(path);
	cr_assert_not_null(csv);
	cr_expect_eq(ot_count(csv, "f", "ok"), 5, "%s", csv);
	free(csv);
	/* a script that is nowhere: sh ends at once, each time */
	rc = ot_sh(&out, "cd '%s' && '%s' run small.txt -a bfs-cantor -r 1 -w 0 -o missing "
		   "--solver-once 'f<puzzle.in>puzzle.out=/bin/sh missing.sh'", ot_dir, PB_BENCH);
	cr_expect_eq(rc, 1, "a program that answered nothing: exit %d:\n%s", rc, out);
	cr_expect(strstr(out, "bench run: 'f' answered no puzzle: its first fault, on 'd0' of "
			      "'small', 'crash': ") && strstr(out, "(see missing/external.log and "
							  "missing/stderr/f.log)"), "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/missing/runs.csv", ot_dir);
	csv = ht_read(path);
	cr_assert_not_null(csv);
	cr_expect_eq(ot_count(csv, "f", "crash"), 3, "the first three runs: %s", csv);
	expect_status(csv, "d3", "skipped", "sh missing.sh");
	cr_expect(strstr(csv, ",skipped,") && strstr(csv, "not sent: given up: its first 3 runs each "
							 "ended before writing anything"), "%s", csv);
	free(csv);
}

/* A long-lived program that ends (status 0) right after an answer, as
 * one that serves N puzzles does: its answer stands, it is started again,
 * and the next puzzle is sent again, with a line in the fault log; one
 * that ends after every answer is a one-shot program, and is told so. */
Test(external, a_program_that_ends_between_puzzles_is_started_again)
{
	char args[2048], path[1100], *csv, *log;

	snprintf(args, sizeof(args), "-a bfs-cantor --solver \"f=%s %s/tests/harness/external/faulty.py "
		 "quit '%s'\"", ot_python(), PB_SOURCE_DIR, TARGET);
	csv = ot_run(ot_ds, "quit", args, 0);
	cr_expect_eq(ot_count(csv, "f", "ok"), 5, "%s", csv);
	free(csv);
	snprintf(path, sizeof(path), "%s/quit/external.log", ot_dir);
	log = ht_read(path);
	cr_assert_not_null(log);
	cr_expect(strstr(log, "\td3\t1\tok\tit ended (status 0) after its answer before, with this "
			      "puzzle unread: started again"), "%s", log);
	/* d2 is solved again when its first time is retimed (it ends each
	 * time): those rows are right too */
	cr_expect(!strstr(log, "\tcrash\t") && !strstr(log, "\terror\t"), "%s", log);
	free(log);
	csv = run_always("quit", "--solver", 1);
	expect_status(csv, "-", "ok", "quit after each answer");
	expect_status(csv, "d0", "error", "quit after each answer");
	cr_expect_eq(ot_count(csv, "f", "skipped"), 3, "%s", csv);
	free(csv);
	snprintf(path, sizeof(path), "%s/quit--solver/external.log", ot_dir);
	log = ht_read(path);
	cr_expect(log && strstr(log, "\td0\t1\terror\tit ends (status 0) after each answer, before "
				     "reading the next puzzle: a program that answers one puzzle a "
				     "run is for --solver-once"), "%s", log);
	free(log);
}

/* A program that gives no node counts has none: expanded and generated
 * are '-' in runs.csv and summary.csv, not 0, and read back as such; one
 * that gives them (examples/bfs.py) has numbers. */
Test(external, a_program_without_counters_has_no_expanded)
{
	char args[2048], path[1100], *csv, *summary;
	size_t lines = 0;

	snprintf(args, sizeof(args), "-a bfs-cantor --solver \"f=%s %s/tests/harness/external/faulty.py "
		 "garbage 'no puzzle'\" --solver \"g=%s %s/examples/bfs.py\"", ot_python(), PB_SOURCE_DIR,
		 ot_python(), PB_SOURCE_DIR);
	csv = ot_run(ot_ds, "uncounted", args, 0);
	cr_expect_eq(ot_count(csv, "f", "ok"), 5, "%s", csv);
	cr_expect(strstr(csv, "small,d3,f,-,1,solve,ok,3,3,-,-,"), "%s", csv);
	cr_expect_gt(ot_number(csv, "g", "d3", OT_EXPANDED), 0, "%s", csv);
	free(csv);
	snprintf(path, sizeof(path), "%s/uncounted/summary.csv", ot_dir);
	summary = ht_read(path);
	cr_assert_not_null(summary);
	for (const char *p = summary; (p = strstr(p, "\nsmall,f,")); p++) {
		const char *end = strchr(p + 1, '\n');

		lines++;
		cr_expect(end && end - p > 4 && !strncmp(end - 4, ",-,-", 4), "%.*s", (int)(end - p), p);
	}
	cr_expect_eq(lines, 4, "%s", summary);
	free(summary);
	/* and the report reads it back, with '-' for f's nodes (empty in
	 * CSV), never 0; bfs-cantor's are numbers */
	{
		char *out;
		int rc = ht_bench(&out, "report '%s/uncounted' --show nodes --markdown", ot_dir);

		cr_expect_eq(rc, 0, "%s", out);
		cr_expect(strstr(out, "| bfs-cantor | f | g |"), "%s", out);
		cr_expect(strstr(out, "| 1 | 1 | 1 | - | 3 |") && strstr(out, "| 0 | 1 | 0 | - | 0 |"),
			  "%s", out);
		free(out);
		rc = ht_bench(&out, "report '%s/uncounted' --show nodes --csv", ot_dir);
		cr_expect_eq(rc, 0, "%s", out);
		cr_expect(strstr(out, ",bfs-cantor,bfs-cantor solved,f,f solved,g,g solved\n"), "%s", out);
		cr_expect(strstr(out, "small,1,1,1,1,,1,3,1\n"), "f's nodes are empty: %s", out);
		free(out);
	}
}

/* The round trip in the meta.json at PATH set to NS (the number after the
 * first "median_ns" after "round_trip"). */
static void set_round_trip(const char *path, unsigned long long ns)
{
	char *text = ht_read(path), *rt, *num, *end, *out;
	size_t len;

	cr_assert_not_null(text, "%s", path);
	rt = strstr(text, "\"round_trip\"");
	cr_assert_not_null(rt, "no round trip in %s", path);
	num = strstr(rt, "\"median_ns\": ");
	cr_assert_not_null(num, "no median in %s's round trip", path);
	num += strlen("\"median_ns\": ");
	for (end = num; *end >= '0' && *end <= '9'; end++)
		;
	len = strlen(text) + 32;
	out = malloc(len);
	cr_assert_not_null(out);
	snprintf(out, len, "%.*s%llu%s", (int)(num - text), text, ns, end);
	cr_assert_eq(ht_write(path, out), 0);
	free(out);
	free(text);
}

/* bench merge's table marks a long-lived program's median against its
 * round trip, as run's and report's do: the round trip it reads from the
 * shards' meta.json files, here set to a second (a Python program's
 * answer against the harness's C echo is too near the 20 times to test by
 * the clock), so that the program's median, well under it, is marked. */
Test(external, a_merged_run_marks_a_program_against_its_round_trip)
{
	char path[1024], *out;
	int rc;

	for (int k = 1; k <= 2; k++) {
		rc = ht_bench(&out, "run '%s' -a reverse-table --solver \"g=%s %s/examples/bfs.py\" "
			      "--shard %d/2 -r 1 -w 0 -o '%s/shard%d'", ot_ds, ot_python(), PB_SOURCE_DIR,
			      k, ot_dir, k);
		cr_assert_eq(rc, 0, "%s", out);
		free(out);
		snprintf(path, sizeof(path), "%s/shard%d/meta.json", ot_dir, k);
		set_round_trip(path, 1000000000ULL);
	}
	rc = ht_bench(&out, "merge '%s/shard1' '%s/shard2' -o '%s/merged'", ot_dir, ot_dir, ot_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "of the round trip to it (1.00 s a solve)"),
		  "no round-trip mark in merge's table:\n%s", out);
	free(out);
}

/* runs.csv's batch column, the one after those outside.h names. */
#define BATCH_COLUMN OT_COLUMNS

/* Column COLUMN (0-based) of LINE, a row of runs.csv, into OUT. */
static void column_of(const char *line, int column, char *out, size_t outlen)
{
	for (int k = 0; k < column && line; k++) {
		line = strchr(line, ',');
		line = line ? line + 1 : NULL;
	}
	snprintf(out, outlen, "%.*s", line ? (int)strcspn(line, ",\n") : 0, line ? line : "");
}

/* A program that answers a puzzle rightly the first time and wrongly each
 * later time, under a batch threshold far above its round trip: each of
 * its solves is timed alone (batch 1) and judged, so its first repeat of
 * each puzzle is ok and the later ones wrong. */
Test(external, every_answer_of_a_program_is_timed_alone_and_judged)
{
	char args[1024], *csv;
	size_t rows = 0;

	snprintf(args, sizeof(args), "-a bfs-cantor -r 3 --batch-threshold 10000000 "
		 "--solver \"f=%s %s/tests/harness/external/faulty.py later\"",
		 ot_python(), PB_SOURCE_DIR);
	csv = ot_run(ot_ds, "later", args, 1);
	for (const char *line = csv; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		char algorithm[32], instance[32], repeat[16], phase[16], status[32], batch[16];

		column_of(line, OT_ALGORITHM, algorithm, sizeof(algorithm));
		column_of(line, OT_PHASE, phase, sizeof(phase));
		if (strcmp(algorithm, "f") || strcmp(phase, "solve"))
			continue;
		column_of(line, OT_INSTANCE, instance, sizeof(instance));
		column_of(line, OT_REPEAT, repeat, sizeof(repeat));
		column_of(line, OT_STATUS, status, sizeof(status));
		column_of(line, BATCH_COLUMN, batch, sizeof(batch));
		cr_expect_str_eq(batch, "1", "%s, repeat %s: batch %s", instance, repeat, batch);
		cr_expect_str_eq(status, strcmp(repeat, "1") ? "wrong" : "ok",
				 "%s, repeat %s: %s", instance, repeat, status);
		rows++;
	}
	cr_expect_eq(rows, 4 * 3, "four puzzles, three repeats each:\n%s", csv);
	free(csv);
}

/* A program that computes past the time limit behind a wrapper that does
 * not exec it (a shell, as some version managers' shims are) is killed
 * with its group: the timeout row's CPU time is the computing program's,
 * not only the wrapper's, in both modes. */
Test(external, a_timeout_counts_the_cpu_of_the_killed_group)
{
	const char *options[] = { "--solver", "--solver-once" };

	for (size_t i = 0; i < 2; i++) {
		char name[64], args[2048], *csv;
		long long cpu;

		snprintf(name, sizeof(name), "spin-cpu%s", options[i]);
		snprintf(args, sizeof(args), "-a bfs-cantor -t 2 %s \"f=/bin/sh -c '%s %s/tests/harness/"
			 "external/faulty.py spin \\\"%s\\\"; exit \\$?'\"", options[i], ot_python(),
			 PB_SOURCE_DIR, TARGET);
		csv = ot_run(ot_ds, name, args, 0);
		expect_status(csv, "d2", "timeout", options[i]);
		cpu = ot_number(csv, "f", "d2", OT_CPU_NS);
		cr_expect_geq(cpu, NS_PER_S / 2, "%s: the timeout's CPU time is %lld ns", options[i],
			      cpu);
		free(csv);
	}
}

/* The wall time of one start of the program recorded in META ("start"),
 * and how many runs it is the median of into *RUNS; -1 when none. */
static long long start_ns(const char *meta, unsigned *runs)
{
	const char *at = meta ? strstr(meta, "\"start\": {\"runs\": ") : NULL;

	if (!at || sscanf(at, "\"start\": {\"runs\": %u, \"wall_ns\": ", runs) != 1)
		return -1;
	at = strstr(at, "\"wall_ns\": ");
	return at ? atoll(at + strlen("\"wall_ns\": ")) : -1;
}


/* What one start of a program costs is measured before the run and
 * recorded beside the round trip; a one-shot program that is slow to
 * start (faulty.py slowstart: 0.2 s) is told, with the default repeats
 * and warm-ups, that each solve pays it; a fast one ('bench solve') and a
 * run of one solve an instance are not. */
Test(external, a_slow_start_is_measured_and_told)
{
	static const struct {
		const char *name, *options;
		bool slow, told;
	} cases[] = {
		{ "slow", "", true, true },
		{ "slow-once", "-r 1 -w 0", true, false },
		{ "fast", "", false, false },
	};
	RELEASE_ONLY();

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char program[1100], path[1100], *out, *meta;
		unsigned runs = 0;
		long long ns;
		int rc;

		if (cases[i].slow)
			snprintf(program, sizeof(program), "%s %s/tests/harness/external/faulty.py slowstart",
				 ot_python(), PB_SOURCE_DIR);
		else
			snprintf(program, sizeof(program), "%s solve -a bibfs", PB_BENCH);
		rc = ht_bench(&out, "run '%s' -a f %s -o '%s/%s' --solver-once 'f=%s'", ot_ds,
			      cases[i].options, ot_dir, cases[i].name, program);
		cr_expect_eq(rc, 0, "%s: exit %d:\n%s", cases[i].name, rc, out);
		cr_expect_eq(strstr(out, "to start, which each of its solves pays") != NULL,
			     cases[i].told, "%s: the terminal says:\n%s", cases[i].name, out);
		free(out);
		snprintf(path, sizeof(path), "%s/%s/meta.json", ot_dir, cases[i].name);
		meta = ht_read(path);
		ns = start_ns(meta, &runs);
		cr_expect_eq(runs, 5, "%s: the start's runs: %s", cases[i].name, meta);
		if (cases[i].slow)
			cr_expect_geq(ns, NS_PER_S / 5, "%s: its start took %lld ns", cases[i].name, ns);
		else
			cr_expect_gt(ns, 0, "%s: its start took %lld ns", cases[i].name, ns);
		free(meta);
	}
}
