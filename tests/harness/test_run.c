/* bench run and its runner: the files it writes, the rows it makes, and
 * limits that end a solve within 10% and let the run go on. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "harness/io/dataset.h"
#include "harness/report/report.h"
#include "harness/engine/runner.h"
#include "tests/support/support.h"

#define NS_PER_S 1000000000ULL
/* A solver must stop within this share past its limit. */
#define LIMIT_SLACK 0.10

TestSuite(run, .init = ht_suite_init, .fini = ht_suite_fini);

static void run_one(const dataset *ds, const pb_solver *s, const runner_options *o, ht_rows *k)
{
	const pb_solver *list[] = { s };
	runner_hooks hooks = { .row = ht_keep_row, .arg = k };

	k->n = 0;
	cr_assert_eq(runner_run(ds, list, 1, NULL, o, &hooks), 0);
}

/* A 15-puzzle start far from the goal: breadth-first search cannot finish. */
#define FAR15 "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 x"
#define GOAL15 "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x"

Test(run, writes_runs_summary_and_meta)
{
	char path[512], *out, *runs, *summary, *meta;
	int rc;

	rc = ht_bench(&out, "gen --method depth --per-depth 1 --seed 4 -o %s/d.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run -d %s/d.txt -a bfs-cantor,bfs-hash,bibfs -r 2 -w 1 -o %s/out", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "bench run: exit %d: %s", rc, out);
	cr_assert(strstr(out, "bfs-cantor") && strstr(out, "bibfs") && strstr(out, "32/32"),
		  "the table names each algorithm and 32/32 solved: %s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/out/runs.csv", ht_dir);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	cr_assert(!strncmp(runs, "dataset,instance,algorithm,heuristic,repeat,phase,status,length,"
			   "reference,expanded,generated,wall_ns,cpu_ns,peak_bytes,rss_bytes\n",
			   strlen(REPORT_RUNS_HEADER) + 1), "runs.csv header: %.200s", runs);
	/* 3 solvers x (1 preparation + 32 instances x 2 repeats) */
	cr_assert_eq(ht_count_lines(runs, "d,"), 3 * (1 + 32 * 2));
	cr_assert_eq(ht_count_lines(runs, "d,-,bibfs,-,1,prepare,ok,-,-,"), 1);
	cr_assert_eq(ht_count_lines(runs, "d,d31-1,bfs-hash,-,2,solve,ok,31,31,"), 1,
		     "instance 'd31-1' repeat 2 of bfs-hash: %s", runs);
	cr_assert_eq(ht_count_lines(runs, "d,d0-1,bfs-cantor,-,3,"), 0, "two repeats, not three");
	free(runs);
	snprintf(path, sizeof(path), "%s/out/summary.csv", ht_dir);
	summary = ht_read(path);
	cr_assert_not_null(summary);
	cr_assert(!strncmp(summary, REPORT_SUMMARY_HEADER "\n", strlen(REPORT_SUMMARY_HEADER) + 1));
	cr_assert(!strncmp(summary, "dataset,algorithm,heuristic,optimal_length,count,solved,median_ns,"
			   "q1_ns,q3_ns,min_ns,max_ns,median_peak_bytes,median_expanded,median_generated\n",
			   strlen(REPORT_SUMMARY_HEADER) + 1), "summary.csv header");
	/* one line per algorithm and optimal length 0..31 */
	cr_assert_eq(ht_count_lines(summary, "d,"), 3 * 32);
	cr_assert_eq(ht_count_lines(summary, "d,bfs-cantor,-,31,1,1,"), 1, "%s", summary);
	free(summary);
	snprintf(path, sizeof(path), "%s/out/meta.json", ht_dir);
	meta = ht_read(path);
	cr_assert_not_null(meta);
	{
		static const char *const keys[] = {
			"\"cpu\"", "\"cores\"", "\"kernel\"", "\"compiler\"", "\"flags\"",
			"\"build_type\"", "\"git_revision\"", "\"command\": \"bench run -d",
			"\"seeds\": [\"4\"]", "\"date\"", "\"algorithms\": [\"bfs-cantor\", \"bfs-hash\", \"bibfs\"]",
		};

		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			cr_assert(strstr(meta, keys[i]), "meta.json lacks %s:\n%s", keys[i], meta);
	}
	free(meta);
	/* a second run into the same place needs --force */
	rc = ht_bench(&out, "run -d %s/d.txt -a bibfs -r 1 -w 0 -o %s/out", ht_dir, ht_dir);
	cr_assert_eq(rc, 2);
	cr_assert(strstr(out, "exists"), "%s", out);
	free(out);
	rc = ht_bench(&out, "run -d %s/d.txt -a bibfs -r 1 -w 0 -o %s/out --force", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

Test(run, unsupported_solver_gets_unsupported_rows)
{
	char path[512], *out, *runs;
	int rc;

	rc = ht_bench(&out, "gen --domain 15puzzle --length 4 --count 3 -o %s/w.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/w.txt -a bfs-cantor,bfs-hash -r 1 -w 0 -o %s/o", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/o/runs.csv", ht_dir);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	cr_assert_eq(ht_count_lines(runs, "w,-,bfs-cantor,-,1,prepare,unsupported,"), 1, "%s", runs);
	cr_assert_eq(ht_count_lines(runs, "w,w4-"), 6, "one row per instance and solver: %s", runs);
	cr_assert_eq(ht_count_lines(runs, "w,w4-2,bfs-cantor,-,1,solve,unsupported,-,-,0,0,0,0,0"), 1);
	cr_assert_eq(ht_count_lines(runs, "w,w4-2,bfs-hash,-,1,solve,ok,4,-,"), 1, "%s", runs);
	free(runs);
}

Test(run, real_solver_times_out_and_the_run_goes_on)
{
	static const char *const states[] = { FAR15, GOAL15 };
	runner_options o = { .repeat = 1, .time_limit_ns = 3 * NS_PER_S / 10 };
	dataset ds;
	ht_rows k;

	ht_make_dataset(&ds, "15puzzle", states, 2);
	run_one(&ds, &pb_solver_bfs_hash, &o, &k);
	cr_assert_eq(k.n, 3, "a preparation and two solves");
	cr_assert_eq(k.r[1].status, RUN_TIMEOUT, "instance 'i1' (%s): %s", FAR15,
		     run_status_name(k.r[1].status));
	cr_assert_geq(k.r[1].wall_ns, o.time_limit_ns, "stopped before the limit");
	cr_assert_eq(k.r[1].length, RUN_NO_LENGTH);
	cr_assert_eq(k.r[2].status, RUN_OK, "instance 'i2' (the goal) after a timeout");
	cr_assert_eq(k.r[2].length, 0);
	dataset_release(&ds);
}

Test(run, memout_stays_under_the_limit_and_the_run_goes_on)
{
	static const char *const states[] = { FAR15, GOAL15 };
	runner_options o = { .repeat = 2, .mem_limit = 4 << 20 };
	dataset ds;
	ht_rows k;

	ht_make_dataset(&ds, "15puzzle", states, 2);
	run_one(&ds, &pb_solver_bfs_hash, &o, &k);
	cr_assert_eq(k.n, 4, "a preparation, one memout (not repeated), two solves of 'i2'");
	cr_assert_eq(k.r[1].status, RUN_MEMOUT, "instance 'i1': %s", run_status_name(k.r[1].status));
	cr_assert_leq(k.r[1].peak_bytes, o.mem_limit, "instance 'i1': peak %llu past the limit",
		      (unsigned long long)k.r[1].peak_bytes);
	cr_assert_gt(k.r[1].peak_bytes, o.mem_limit / 4, "instance 'i1' stopped long before the limit");
	cr_assert_eq(k.r[2].status, RUN_OK);
	cr_assert_eq(k.r[3].status, RUN_OK);
	cr_assert_eq(k.r[3].repeat, 2);
	dataset_release(&ds);
}

Test(run, failed_preparation_skips_the_solver)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 9 10 11 x" };
	runner_options o = { .repeat = 3, .prepare_limit_ns = 2 * NS_PER_S / 10 };
	dataset ds;
	ht_rows k;

	/* a table of 12!/2 states takes far longer than 0.2 s to build */
	ht_make_dataset(&ds, "tiles4x3", states, 1);
	run_one(&ds, &pb_solver_reverse_table, &o, &k);
	cr_assert_eq(k.n, 2, "the preparation and one skipped row");
	cr_assert_eq(k.r[0].phase, RUN_PREPARE);
	cr_assert_eq(k.r[0].status, RUN_TIMEOUT, "%s", run_status_name(k.r[0].status));
	cr_assert_geq(k.r[0].wall_ns, o.prepare_limit_ns);
	cr_assert_eq(k.r[1].status, RUN_TIMEOUT);
	cr_assert(!k.r[1].measured);
	dataset_release(&ds);
}

/* Test-only solvers (never in the registry): one that sets the stop flag
 * as a signal handler would, one that claims a short wrong path. */
static volatile sig_atomic_t test_stop;

static pb_status interrupted_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)out;
	test_stop = SIGINT;
	return pb_search_check(s);
}

static pb_status one_move_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)s;
	out->length = 1;
	out->moves[0] = 0;
	return PB_SOLVED;
}

/* Polls its limits once per step, as a solver polls once per expansion,
 * and never finishes: in prepare and in solve. */
static pb_status spin(pb_search *s)
{
	pb_status st;

	while ((st = pb_search_poll(s)) == PB_SOLVED)
		s->expanded++;
	return st;
}

static pb_status spinning_prepare(const pb_domain *d, const pb_config *c, pb_search *s, void **ctx)
{
	(void)d, (void)c;
	*ctx = NULL;
	return s->deadline_ns ? spin(s) : PB_SOLVED;
}

static pb_status spinning_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)out;
	return spin(s);
}

static const pb_solver spinning = {
	"test-spin", "polls until a limit", ht_serves_all, spinning_prepare, spinning_solve, ht_no_release,
};
static const pb_solver interrupting = {
	"test-interrupt", "sets the stop flag", ht_serves_all, ht_no_prepare, interrupted_solve, ht_no_release,
};
static const pb_solver one_move = {
	"test-one-move", "always answers one move", ht_serves_all, ht_no_prepare, one_move_solve, ht_no_release,
};

Test(run, time_limits_end_solves_and_preparations_within_10_percent)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 x", "1 2 3 4 5 6 7 x 8" };
	runner_options o = { .repeat = 2, .time_limit_ns = 3 * NS_PER_S / 10 };
	dataset ds;
	ht_rows k;

	ht_make_dataset(&ds, "8puzzle", states, 2);
	run_one(&ds, &spinning, &o, &k);
	cr_assert_eq(k.n, 3, "a preparation and one timeout per instance (not repeated)");
	for (size_t i = 1; i < k.n; i++) {
		cr_assert_eq(k.r[i].status, RUN_TIMEOUT, "instance 'i%zu'", i);
		cr_assert_geq(k.r[i].wall_ns, o.time_limit_ns, "instance 'i%zu' stopped early", i);
		cr_assert_leq((double)k.r[i].wall_ns, (1 + LIMIT_SLACK) * (double)o.time_limit_ns,
			      "instance 'i%zu': %llu ns for a limit of %llu ns", i,
			      (unsigned long long)k.r[i].wall_ns, (unsigned long long)o.time_limit_ns);
	}
	o.prepare_limit_ns = 2 * NS_PER_S / 10;
	run_one(&ds, &spinning, &o, &k);
	cr_assert_eq(k.n, 3, "a preparation and a skipped row per instance");
	cr_assert_eq(k.r[0].status, RUN_TIMEOUT);
	cr_assert_geq(k.r[0].wall_ns, o.prepare_limit_ns);
	cr_assert_leq((double)k.r[0].wall_ns, (1 + LIMIT_SLACK) * (double)o.prepare_limit_ns,
		      "the preparation took %llu ns for a limit of %llu ns",
		      (unsigned long long)k.r[0].wall_ns, (unsigned long long)o.prepare_limit_ns);
	cr_assert(!k.r[1].measured && k.r[1].status == RUN_TIMEOUT);
	dataset_release(&ds);
}

Test(run, stop_flag_ends_the_run)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 x", "1 2 3 4 5 6 7 x 8" };
	runner_options o = { .repeat = 3, .stop = &test_stop };
	const pb_solver *list[] = { &interrupting, &pb_solver_bfs_hash };
	dataset ds;
	ht_rows k = { .n = 0 };
	runner_hooks hooks = { .row = ht_keep_row, .arg = &k };

	test_stop = 0;
	ht_make_dataset(&ds, "8puzzle", states, 2);
	cr_assert_eq(runner_run(&ds, list, 2, NULL, &o, &hooks), 1, "the runner says it stopped");
	cr_assert_eq(k.n, 2, "the preparation and the interrupted solve, nothing after");
	cr_assert_eq(k.r[1].status, RUN_INTERRUPTED);
	dataset_release(&ds);
}

Test(run, wrong_answers_are_caught_by_replay)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 x", "1 2 3 4 5 6 7 x 8",
					      "1 2 3 4 5 x 7 8 6", "2 1 3 4 5 6 7 8 x" };
	runner_options o = { .repeat = 1 };
	dataset ds;
	ht_rows k;

	ht_make_dataset(&ds, "8puzzle", states, 4);
	ds.instances[2].reference = 1; /* a wrong reference: the true length is 1 */
	run_one(&ds, &one_move, &o, &k);
	cr_assert_eq(k.n, 5);
	/* from the goal, 'u' leaves it */
	cr_assert_eq(k.r[1].status, RUN_WRONG, "instance 'i1': one move from the goal");
	/* 'u' from 1 2 3 4 5 6 7 x 8 leaves the goal too */
	cr_assert_eq(k.r[2].status, RUN_WRONG, "instance 'i2'");
	/* 'u' from 1 2 3 4 5 x 7 8 6 moves the blank up, not down */
	cr_assert_eq(k.r[3].status, RUN_WRONG, "instance 'i3'");
	/* an unsolvable state cannot be solved */
	cr_assert_eq(k.r[4].status, RUN_WRONG, "instance 'i4' is unsolvable");
	dataset_release(&ds);
}

Test(run, bad_usage_exits_2)
{
	static const ht_usage_case cases[] = {
		{ "", "no dataset given" },
		{ "-d /nonexistent/x.txt", "/nonexistent/x.txt: No such file" },
		{ "-a nosuch -d x", "unknown solver 'nosuch'" },
		{ "--heuristic nosuch -d x", "unknown heuristic 'nosuch'" },
		{ "-t 1x -d x", "--time-limit '1x'" },
		{ "-m 3Q -d x", "--mem-limit '3Q'" },
		{ "-r 0 -d x", "--repeat '0'" },
		{ "--bogus", "unknown option '--bogus'" },
	};

	ht_expect_usage_errors("run", cases, sizeof(cases) / sizeof(cases[0]));
}

Test(run, help_explains_every_option)
{
	static const char *const options[] = {
		"--dataset", "--algorithms", "--heuristic", "--pdb-cache", "--repeat", "--warmup",
		"--time-limit", "--mem-limit", "--prepare-limit", "--output", "--force", "--help",
	};

	ht_expect_help("run", options, sizeof(options) / sizeof(options[0]));
}
