/* bench run and its runner: the files it writes, the rows it makes, and
 * limits that end a solve within 10% and let the run go on. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/registry.h"
#include "harness/io/dataset.h"
#include "harness/io/meta.h"
#include "harness/report/report.h"
#include "harness/engine/runner.h"
#include "tests/support/support.h"

#define NS_PER_S 1000000000ULL
/* A solver must stop within this share past its limit. */
#define LIMIT_SLACK 0.10

TestSuite(run, .init = ht_suite_init, .fini = ht_suite_fini);

/* Run solver S with HEURISTIC (NULL: the default) over DS into K. */
static void run_with(const dataset *ds, const pb_solver *s, const char *heuristic,
		     const runner_options *o, ht_rows *k)
{
	const runner_unit list[] = { { .solver = s, .heuristic = heuristic } };
	runner_hooks hooks = { .row = ht_keep_row, .arg = k };

	k->n = 0;
	cr_assert_eq(runner_run(ds, list, 1, NULL, o, &hooks), 0);
}

static void run_one(const dataset *ds, const pb_solver *s, const runner_options *o, ht_rows *k)
{
	run_with(ds, s, NULL, o, k);
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
			   "reference,expanded,generated,wall_ns,cpu_ns,peak_bytes,rss_bytes,batch,note\n",
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
			/* the list as given, not cut at its first comma */
			" -a bfs-cantor,bfs-hash,bibfs -r 2", "\"bfs-cantor,bfs-hash,bibfs\", \"-r\"",
		};

		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			cr_assert(strstr(meta, keys[i]), "meta.json lacks %s:\n%s", keys[i], meta);
	}
	free(meta);
	/* a dataset before the options: recorded in that order (getopt_long
	 * reorders argv while it parses) */
	rc = ht_bench(&out, "run %s/d.txt -a bibfs -r 1 -w 0 -o %s/order", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/order/meta.json", ht_dir);
	meta = ht_read(path);
	cr_assert_not_null(meta);
	cr_assert(strstr(meta, "\"command\": \"bench run ") && strstr(meta, "/d.txt -a bibfs -r 1 -w 0 -o "),
		  "meta.json's command is not in the order given:\n%s", meta);
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

/* The first line the shell command CMD (printf-formatted) prints, into
 * BUF ("" when none). Returns its exit status. */
static int first_line(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int first_line(char *buf, size_t size, const char *fmt, ...)
{
	char cmd[2048];
	va_list ap;
	FILE *p;
	int status;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	buf[0] = '\0';
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	if (!fgets(buf, (int)size, p))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The meta.json of 'bench run ARGS -r 1 -w 0' over a one-line dataset
 * (free() it). */
static char *run_meta(const char *args)
{
	char path[512], *out, *meta;
	int rc;

	rc = ht_bench(&out, "gen --method walk --length 3 --count 1 -o %s/d.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/d.txt %s -r 1 -w 0 -f -o %s/o", ht_dir, args, ht_dir);
	cr_assert_eq(rc, 0, "bench run %s: %s", args, out);
	free(out);
	snprintf(path, sizeof(path), "%s/o/meta.json", ht_dir);
	meta = ht_read(path);
	cr_assert_not_null(meta, "bench run %s wrote no meta.json", args);
	return meta;
}

/* meta.json's git revision is the one baked into the binary at build
 * time (the test is built beside bench, from the same tree), and it names
 * a commit of this repository. */
Test(run, meta_names_the_revision_the_binary_was_built_from)
{
	char want[128], hash[64], *meta = run_meta("-a bfs-hash");
	const char *rev = meta_git_revision();
	size_t n = strspn(rev, "0123456789abcdef");

	snprintf(want, sizeof(want), "\"git_revision\": \"%s\"", rev);
	cr_assert(strstr(meta, want), "meta.json lacks %s:\n%s", want, meta);
	snprintf(want, sizeof(want), "\"source\": \"%s\"", meta_source());
	cr_assert(strstr(meta, want), "meta.json lacks %s:\n%s", want, meta);
	free(meta);
	/* from a source archive: the commit 'git archive' wrote, or none */
	if (!strcmp(meta_source(), "archive")) {
		cr_assert(!strcmp(rev, "unknown") || (n >= 4 && !rev[n]), "archive revision '%s'", rev);
		return;
	}
	if (first_line(hash, sizeof(hash), "git -C '%s' rev-parse --short HEAD 2>/dev/null",
		       PB_SOURCE_DIR) || !hash[0]) {
		cr_assert_str_eq(rev, "unknown", "no git, yet a revision");
		return;
	}
	cr_assert(n >= 4 && (!rev[n] || !strcmp(rev + n, "-dirty")), "revision '%s'", rev);
	snprintf(hash, sizeof(hash), "%.*s", (int)n, rev);
	cr_assert_eq(first_line(want, sizeof(want), "git -C '%s' cat-file -e '%s^{commit}' 2>&1",
				PB_SOURCE_DIR, hash), 0,
		     "the binary's revision '%s' is no commit of %s", rev, PB_SOURCE_DIR);
}

/* The build step that bakes the revision (scripts/revision.cmake), run on
 * a repository made here: HEAD's short hash from a clean tree, "-dirty"
 * once a tracked file changes (an untracked one does not count), and the
 * header left untouched while the revision stays. */
Test(run, the_build_bakes_the_short_hash_and_dirty_for_a_changed_tree)
{
	char repo[512], header[600], file[600], hash[64], line[128], want[160], *text;
	/* longer than the file system's timestamp step */
	const struct timespec pause = { .tv_nsec = 50000000 };
	struct stat before, after;

	snprintf(repo, sizeof(repo), "%s/repo", ht_dir);
	snprintf(header, sizeof(header), "%s/pb_revision.h", ht_dir);
	if (first_line(line, sizeof(line), "cmake --version") ||
	    first_line(line, sizeof(line), "git --version"))
		cr_skip_test("needs git and cmake");
	cr_assert_eq(first_line(line, sizeof(line),
				"git init -q '%s' && cd '%s' && echo a > f && git add f && "
				"git -c user.name=t -c user.email=t@t commit -qm one 2>&1", repo, repo),
		     0, "%s", line);
	cr_assert_eq(first_line(hash, sizeof(hash), "git -C '%s' rev-parse --short HEAD", repo), 0);
#define BAKE "cmake -DSOURCE_DIR='%s' -DOUTPUT='%s' -P '%s/scripts/revision.cmake' 2>&1"
	cr_assert_eq(first_line(line, sizeof(line), BAKE, repo, header, PB_SOURCE_DIR), 0, "%s", line);
	snprintf(want, sizeof(want), "#define PB_GIT_REVISION \"%s\"", hash);
	text = ht_read(header);
	cr_assert(text && strstr(text, want), "a clean tree: want %s in:\n%s", want, text);
	free(text);
	cr_assert_eq(stat(header, &before), 0);
	nanosleep(&pause, NULL);
	snprintf(file, sizeof(file), "%s/untracked", repo);
	cr_assert_eq(ht_write(file, "x\n"), 0);
	cr_assert_eq(first_line(line, sizeof(line), BAKE, repo, header, PB_SOURCE_DIR), 0, "%s", line);
	cr_assert_eq(stat(header, &after), 0);
	cr_assert(before.st_mtim.tv_sec == after.st_mtim.tv_sec &&
		  before.st_mtim.tv_nsec == after.st_mtim.tv_nsec,
		  "the same revision rewrote the header");
	snprintf(file, sizeof(file), "%s/f", repo);
	cr_assert_eq(ht_write(file, "b\n"), 0);
	cr_assert_eq(first_line(line, sizeof(line), BAKE, repo, header, PB_SOURCE_DIR), 0, "%s", line);
	snprintf(want, sizeof(want), "#define PB_GIT_REVISION \"%s-dirty\"", hash);
	text = ht_read(header);
	cr_assert(text && strstr(text, want), "a changed tree: want %s in:\n%s", want, text);
	free(text);
#undef BAKE
}

/* meta.json's "timer" member: the floor F, the clock reads W and C, the
 * threshold T, read from META (0 when absent). */
static int read_timer(const char *meta, double *f, double *w, double *c, unsigned long long *t)
{
	const char *p = strstr(meta, "\"timer\": {");

	return p && sscanf(p, "\"timer\": {\"floor_ns\": %lf, \"wall_clock_ns\": %lf, "
			   "\"cpu_clock_ns\": %lf, \"batch_threshold_ns\": %llu}", f, w, c, t) == 4;
}

Test(run, meta_records_the_harness_s_floor)
{
	char *meta = run_meta("-a reverse-table");
	double f, w, c;
	unsigned long long t;

	cr_assert(read_timer(meta, &f, &w, &c, &t), "no timer member in:\n%s", meta);
	cr_assert(f > 0 && w > 0 && c > 0, "floor %g, clocks %g and %g ns", f, w, c);
	cr_assert_eq(t, TIMER_BATCH_THRESHOLD_NS, "the default threshold: %llu", t);
	free(meta);
	meta = run_meta("-a reverse-table --batch-threshold 0");
	cr_assert(read_timer(meta, &f, &w, &c, &t), "no timer member in:\n%s", meta);
	cr_assert_eq(t, 0, "--batch-threshold 0: %llu", t);
	cr_assert_gt(f, 0);
	free(meta);
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
	cr_assert_eq(k.r[1].status, RUN_SKIPPED, "instance 'i1' was never given to the solver");
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

static pb_status spinning_prepare(const pb_solver *self, const pb_domain *d, const pb_config *c, pb_search *s, void **ctx)
{
	(void)self;
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
	.name = "test-spin",
	.summary = "polls until a limit",
	.supports = ht_serves_all,
	.prepare = spinning_prepare,
	.solve = spinning_solve,
	.release = ht_no_release,
};
static const pb_solver interrupting = {
	.name = "test-interrupt",
	.summary = "sets the stop flag",
	.supports = ht_serves_all,
	.prepare = ht_no_prepare,
	.solve = interrupted_solve,
	.release = ht_no_release,
};
static const pb_solver one_move = {
	.name = "test-one-move",
	.summary = "always answers one move",
	.supports = ht_serves_all,
	.prepare = ht_no_prepare,
	.solve = one_move_solve,
	.release = ht_no_release,
};

static pb_status goal_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)s;
	out->length = 0;
	return pb_is_goal(ctx, start) ? PB_SOLVED : PB_FAILED;
}

/* Informed by its table alone (no name the harness knows), taking only
 * linear-conflict. */
static const pb_solver lc_only = {
	.name = "test-lc-only",
	.summary = "takes linear-conflict alone",
	.supports = ht_serves_all,
	.prepare = ht_no_prepare,
	.solve = goal_solve,
	.release = ht_no_release,
	.heuristics = PB_HEURISTIC_BIT(PB_HEUR_LINEAR_CONFLICT),
	.cost = PB_COST_INFORMED,
};

Test(run, what_a_solver_takes_comes_from_its_table)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 x" };
	runner_options o = { .repeat = 1 };
	pb_solver blind_astar = pb_solver_astar;
	dataset ds;
	ht_rows k;

	ht_make_dataset(&ds, "8puzzle", states, 1);
	/* the default heuristic (manhattan) is not one it takes */
	run_one(&ds, &lc_only, &o, &k);
	cr_assert_eq(k.n, 2);
	cr_assert_eq(k.r[0].status, RUN_UNSUPPORTED, "%s", run_status_name(k.r[0].status));
	cr_assert_str_eq(k.r[0].heuristic, "manhattan");
	run_with(&ds, &lc_only, "linear-conflict", &o, &k);
	cr_assert_eq(k.r[1].status, RUN_OK, "instance 'i1': %s", run_status_name(k.r[1].status));
	cr_assert_str_eq(k.r[1].heuristic, "linear-conflict");
	/* a table that takes no heuristic is blind, whatever its name */
	blind_astar.heuristics = PB_NO_HEURISTICS;
	cr_assert_str_eq(runner_heuristic_of(&blind_astar, &ds.domain, NULL), "-");
	cr_assert_str_eq(runner_heuristic_of(&pb_solver_astar, &ds.domain, NULL), "manhattan");
	dataset_release(&ds);
}

/* Solvers for the batch tests. */
#define NS_PER_US 1000ULL
/* Each of its solves takes this long at least (it waits on the clock). */
#define FIXED_SOLVE_NS (5 * NS_PER_US)
/* Longer than the batch threshold: timed alone. */
#define SLOW_SOLVE_NS (200 * NS_PER_US)
#define THRESHOLD_NS (50 * NS_PER_US)
#define TARGET_NS (1000 * NS_PER_US)
/* What the fixed solver counts and allocates in one solve. */
#define FIXED_EXPANDED 7
#define FIXED_BYTES 1000

static void wait_ns(uint64_t ns)
{
	uint64_t until = pb_wall_ns() + ns;

	while (pb_wall_ns() < until)
		;
}

static pb_status fixed_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	void *p = pb_alloc(&s->meter, FIXED_BYTES);

	if (!p)
		return pb_search_alloc_failed(s);
	s->expanded += FIXED_EXPANDED;
	wait_ns(FIXED_SOLVE_NS);
	pb_free(p);
	return goal_solve(ctx, start, s, out);
}

static pb_status slow_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	wait_ns(SLOW_SOLVE_NS);
	return goal_solve(ctx, start, s, out);
}

/* Solved, then unsolvable, then solved...: its batches disagree. */
static unsigned flip_calls;

static pb_status flip_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	return flip_calls++ % 2 ? PB_UNSOLVABLE : goal_solve(ctx, start, s, out);
}

static const pb_solver instant = {
	.name = "test-instant", .summary = "answers the goal at once", .supports = ht_serves_all,
	.prepare = ht_no_prepare, .solve = goal_solve, .release = ht_no_release,
};
static const pb_solver fixed = {
	.name = "test-fixed", .summary = "5 us a solve, 7 expansions, 1000 bytes",
	.supports = ht_serves_all, .prepare = ht_no_prepare, .solve = fixed_solve, .release = ht_no_release,
};
static const pb_solver slow = {
	.name = "test-slow", .summary = "200 us a solve", .supports = ht_serves_all,
	.prepare = ht_no_prepare, .solve = slow_solve, .release = ht_no_release,
};
static const pb_solver flip = {
	.name = "test-flip", .summary = "its answers alternate", .supports = ht_serves_all,
	.prepare = ht_no_prepare, .solve = flip_solve, .release = ht_no_release,
};

static const runner_options batched = {
	.repeat = 3, .warmup = 1, .batch = { .threshold_ns = THRESHOLD_NS, .target_ns = TARGET_NS },
};

Test(run, short_solves_are_timed_in_batches_long_ones_alone)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 x" };
	runner_options alone = batched;
	dataset ds;
	ht_rows k;

	ht_make_dataset(&ds, "8puzzle", states, 1);
	run_one(&ds, &instant, &batched, &k);
	cr_assert_eq(k.n, 4, "a preparation and three repeats");
	cr_assert_eq(k.r[0].batch, 1, "the preparation is timed alone");
	for (size_t i = 1; i < k.n; i++) {
		cr_assert_eq(k.r[i].status, RUN_OK);
		cr_assert_gt(k.r[i].batch, 1, "test-instant, repeat %zu: batch %u", i, k.r[i].batch);
		/* the first measurement chose the size; the others keep it */
		cr_assert_eq(k.r[i].batch, k.r[1].batch, "repeat %zu", i);
	}
	run_one(&ds, &slow, &batched, &k);
	for (size_t i = 1; i < k.n; i++)
		cr_assert_eq(k.r[i].batch, 1, "test-slow (200 us), repeat %zu: batch %u", i,
			     k.r[i].batch);
	alone.batch = (timer_plan){ 0 };
	run_one(&ds, &instant, &alone, &k);
	for (size_t i = 1; i < k.n; i++)
		cr_assert_eq(k.r[i].batch, 1, "no plan, repeat %zu: batch %u", i, k.r[i].batch);
	/* a time limit near the interval: a batch's shared deadline would
	 * come too soon, so no batch */
	alone = batched;
	alone.time_limit_ns = TARGET_NS;
	run_one(&ds, &instant, &alone, &k);
	cr_assert_eq(k.r[1].batch, 1, "a time limit of one target: batch %u", k.r[1].batch);
	dataset_release(&ds);
}

Test(run, a_batch_reports_times_per_solve_and_one_solve_s_counters)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 x" };
	uint64_t least_wall = UINT64_MAX, least_cpu = UINT64_MAX;
	dataset ds;
	ht_rows k;

	ht_make_dataset(&ds, "8puzzle", states, 1);
	run_one(&ds, &fixed, &batched, &k);
	cr_assert_eq(k.n, 4);
	for (size_t i = 1; i < k.n; i++) {
		const run_row *r = &k.r[i];

		cr_assert_eq(r->status, RUN_OK, "repeat %zu: %s", i, run_status_name(r->status));
		/* the interval reached the target: about TARGET / 5 us solves
		 * (the batch sized by the solves' own time, more than 5 us under
		 * the sanitizers; a repeat may run faster than the solves that
		 * sized it, hence a quarter) */
		cr_assert_geq((uint64_t)r->batch * r->wall_ns, TARGET_NS / 4,
			      "repeat %zu: a batch of %u, %llu ns each", i, r->batch,
			      (unsigned long long)r->wall_ns);
		cr_assert_geq(r->wall_ns, FIXED_SOLVE_NS, "repeat %zu: %llu ns, less than the solve waits",
			      i, (unsigned long long)r->wall_ns);
		cr_assert_eq(r->expanded, FIXED_EXPANDED, "repeat %zu: expanded %llu, not one solve's",
			     i, (unsigned long long)r->expanded);
		cr_assert_eq(r->peak_bytes, FIXED_BYTES, "repeat %zu: peak %llu", i,
			     (unsigned long long)r->peak_bytes);
		/* each solve waits 5 us: per solve, never less */
		cr_assert_geq(r->wall_ns, FIXED_SOLVE_NS, "repeat %zu: %llu ns a solve", i,
			      (unsigned long long)r->wall_ns);
		least_wall = r->wall_ns < least_wall ? r->wall_ns : least_wall;
		least_cpu = r->cpu_ns < least_cpu ? r->cpu_ns : least_cpu;
	}
	/* divided by the batch: not the interval's 1 ms or more (the least of
	 * three, so that one preemption does not decide) */
	cr_assert_lt(least_wall, 10 * FIXED_SOLVE_NS, "wall %llu ns a solve in a batch of %u",
		     (unsigned long long)least_wall, k.r[1].batch);
	cr_assert_gt(least_cpu, 0);
	cr_assert_lt(least_cpu, 10 * FIXED_SOLVE_NS, "cpu %llu ns a solve",
		     (unsigned long long)least_cpu);
	dataset_release(&ds);
}

Test(run, a_batch_whose_solves_disagree_is_an_error)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 x" };
	runner_options o = batched;
	dataset ds;
	ht_rows k;

	o.warmup = 0;
	flip_calls = 0;
	ht_make_dataset(&ds, "8puzzle", states, 1);
	run_one(&ds, &flip, &o, &k);
	cr_assert_eq(k.n, 2, "the preparation and the error (not repeated)");
	cr_assert_eq(k.r[1].status, RUN_ERROR, "instance 'i1': %s", run_status_name(k.r[1].status));
	cr_assert_gt(k.r[1].batch, 1);
	dataset_release(&ds);
}

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
	cr_assert(!k.r[1].measured && k.r[1].status == RUN_SKIPPED, "instance 'i1'");
	dataset_release(&ds);
}

Test(run, stop_flag_ends_the_run)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 8 x", "1 2 3 4 5 6 7 x 8" };
	runner_options o = { .repeat = 3, .stop = &test_stop };
	const runner_unit list[] = { { .solver = &interrupting }, { .solver = &pb_solver_bfs_hash } };
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
	cr_assert_str_eq(k.note[2], "the one move ends short of the goal", "instance 'i2'");
	dataset_release(&ds);
}

static pb_status no_move_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)s;
	out->length = 0;
	return PB_SOLVED;
}

static const pb_solver no_move = {
	.name = "test-no-move",
	.summary = "always answers the empty path",
	.supports = ht_serves_all,
	.prepare = ht_no_prepare,
	.solve = no_move_solve,
	.release = ht_no_release,
};

/* The note of a path that ends short of the goal is a sentence for any
 * length: none, one, more. */
Test(run, a_short_path_s_note_is_grammatical_for_any_length)
{
	static const char *const states[] = { "1 2 3 4 5 6 7 x 8" };
	runner_options o = { .repeat = 1 };
	pb_path back = { .length = 2 };
	pb_state there, again;
	char note[200];
	dataset ds;
	ht_rows k;
	bool below;

	ht_make_dataset(&ds, "8puzzle", states, 1);
	run_one(&ds, &no_move, &o, &k);
	cr_assert_eq(k.r[1].status, RUN_WRONG, "instance 'i1'");
	cr_assert_str_eq(k.note[1], "no moves, and the start is not the goal", "instance 'i1'");
	/* a move and its undoing come back to the start */
	while (!pb_apply(&ds.domain, &ds.instances[0].state, back.moves[0], &there))
		back.moves[0]++;
	while (!pb_apply(&ds.domain, &there, back.moves[1], &again) ||
	       again.cells != ds.instances[0].state.cells)
		back.moves[1]++;
	cr_assert_eq(runner_judge(&ds.domain, &ds.instances[0], PB_SOLVED, &back, 1, note, sizeof(note),
				  &below), RUN_WRONG, "instance 'i1'");
	cr_assert_str_eq(note, "the 2 moves end short of the goal", "instance 'i1'");
	dataset_release(&ds);
}

Test(run, bad_usage_exits_2)
{
	static const ht_usage_case cases[] = {
		{ "", "no dataset given" },
		{ "-d /nonexistent/x.txt", "/nonexistent/x.txt: No such file" },
		{ "-a nosuch -d x", "unknown solver 'nosuch'" },
		{ "--heuristic nosuch -d x", "unknown heuristic 'nosuch'" },
		{ "--heuristic pdb:1,1 -d x", "heuristic 'pdb:1,1': tile 1 is named twice" },
		{ "--heuristic pdb:1-3/4,pdb:1-3/4 -d x", "names 'pdb:1-3/4' twice" },
		{ "-t 1x -d x", "--time-limit '1x'" },
		{ "-m 3Q -d x", "--mem-limit '3Q'" },
		{ "-r 0 -d x", "--repeat '0'" },
		{ "--batch-threshold 5us -d x", "--batch-threshold '5us'" },
		{ "--bogus", "unknown option '--bogus'" },
		/* a solver's parameters: each refusal in the solver's words */
		{ "-a bfs-hash:x=1 -d x", "bench run: -a bfs-hash:x=1: bfs-hash takes no parameters" },
		{ "-a nosuch:x=1 -d x", "bench run: unknown solver 'nosuch' (see 'bench list')" },
		{ "--plugin '" PB_PROBE_PLUGIN "' -a probe-knob:mode=x -d x",
		  "bench run: -a probe-knob:mode=x: probe-knob: mode must be ok or fail, not 'x'" },
		{ "--plugin '" PB_PROBE_PLUGIN "' -a probe-knob:foo=1 -d x",
		  "bench run: -a probe-knob:foo=1: probe-knob takes no parameter 'foo' (it takes: "
		  "nodes, mode)" },
		{ "--plugin '" PB_PROBE_PLUGIN "' -a probe-knob:nodes=-1 -d x",
		  "probe-knob: nodes must be an integer from 0 to 1000000, not '-1'" },
		{ "--plugin '" PB_PROBE_PLUGIN "' -a probe-knob:nodes -d x",
		  "probe-knob: 'nodes' is not KEY=VALUE" },
		{ "--plugin '" PB_PROBE_PLUGIN "' -a probe-knob:nodes=1:nodes=2 -d x",
		  "probe-knob: nodes is given twice" },
		/* the same variant twice, its values in another order */
		{ "--plugin '" PB_PROBE_PLUGIN "' -a probe-knob:mode=ok:nodes=07,probe-knob:nodes=7:mode=ok "
		  "-d x", "--algorithms names 'probe-knob:nodes=7:mode=ok' twice" },
	};

	ht_expect_usage_errors("run", cases, sizeof(cases) / sizeof(cases[0]));
}

/* -a takes a solver with its parameters: each variant is a unit of its
 * own (prepared apart, its own rows, its own line in the summary), named
 * by its values in the order the solver declares them; its values reach
 * the solver (the probe counts the nodes it is told, fails when told). */
Test(run, each_variant_is_a_series_of_its_own)
{
	static const char *const series[] = {
		"probe-knob", "probe-knob:nodes=99", "probe-knob:nodes=3:mode=fail",
	};
	static const long nodes[] = { 7, 99, 3 };
	char path[512], *out, *runs, *summary, *meta;
	int rc;

	ht_write_in(ht_dir, "small.txt", "# puzzlebench dataset\n# format: 1\n# domain: 8puzzle\n"
		    "# goal: 1 2 3 4 5 6 7 8 x\n"
		    "d0\t1 2 3 4 5 6 7 8 x\t0\nd1\t1 2 3 4 5 6 7 x 8\t1\n");
	rc = ht_bench(&out, "run %s/small.txt --plugin '%s' -a probe-knob,probe-knob:nodes=0099,"
		      "probe-knob:mode=fail:nodes=3 -r 2 -w 0 -o %s/v", ht_dir, PB_PROBE_PLUGIN, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	for (size_t i = 0; i < 3; i++)
		cr_expect(strstr(out, series[i]), "the table has no line of '%s': %s", series[i], out);
	free(out);
	snprintf(path, sizeof(path), "%s/v/runs.csv", ht_dir);
	runs = ht_read(path);
	snprintf(path, sizeof(path), "%s/v/summary.csv", ht_dir);
	summary = ht_read(path);
	snprintf(path, sizeof(path), "%s/v/meta.json", ht_dir);
	meta = ht_read(path);
	cr_assert(runs && summary && meta);
	for (size_t i = 0; i < 3; i++) {
		bool fails = nodes[i] == 3;
		char prefix[128];

		snprintf(prefix, sizeof(prefix), "small,-,%s,-,1,prepare,ok,", series[i]);
		cr_expect_eq(ht_count_lines(runs, prefix), 1, "one preparation of '%s': %s", series[i],
			     runs);
		/* a solve that fails is not repeated */
		for (int r = 1; r <= (fails ? 1 : 2); r++) {
			char want[160];

			snprintf(want, sizeof(want), "small,d1,%s,-,%d,solve,%s,%s,1,%ld,", series[i], r,
				 fails ? "error" : "ok", fails ? "-" : "1", nodes[i]);
			cr_expect_eq(ht_count_lines(runs, want), 1, "no row '%s': %s", want, runs);
		}
		snprintf(prefix, sizeof(prefix), "small,%s,-,", series[i]);
		cr_expect_eq(ht_count_lines(summary, prefix), 2, "summary.csv's lines of '%s' (one an "
			     "optimal length): %s", series[i], summary);
		snprintf(prefix, sizeof(prefix), "small,%s,-,1,1,%d,", series[i], fails ? 0 : 1);
		cr_expect_eq(ht_count_lines(summary, prefix), 1, "%s: %s", prefix, summary);
	}
	cr_expect(strstr(meta, "\"algorithms\": [\"probe-knob\", \"probe-knob:nodes=99\", "
			 "\"probe-knob:nodes=3:mode=fail\"]"), "meta.json: %s", meta);
	free(runs);
	free(summary);
	free(meta);
}

Test(run, help_explains_every_option)
{
	static const char *const options[] = {
		"--dataset", "--algorithms", "--heuristic", "--pdb-cache", "--repeat", "--warmup",
		"--time-limit", "--mem-limit", "--prepare-limit", "--output", "--force", "--help",
		"--isolate", "--shard", "--resume", "--batch-threshold",
	};

	ht_expect_help("run", options, sizeof(options) / sizeof(options[0]));
}
