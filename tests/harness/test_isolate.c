/* bench run --isolate: each solve in a child process, so that a solver
 * that crashes, whose memory runs away, or that ignores its time limit
 * costs one row ('crash', 'memout', 'timeout') and the run goes on. The
 * faulty solvers here are test-only: the runner takes the caller's list. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "algorithms/solvers/registry.h"
#include "harness/io/dataset.h"
#include "harness/report/report.h"
#include "harness/engine/runner.h"
#include "tests/support/support.h"

#define NS_PER_S 1000000000ULL
#define MIB (1024ULL * 1024ULL)
/* The runaway solver's allocation step. */
#define HOG_CHUNK (8 * MIB)

/* The goal in no moves; on any other start, a crash. */
static pb_status goal_or_crash(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)s;
	if (!pb_is_goal(ctx, start))
		abort();
	out->length = 0;
	return PB_SOLVED;
}

/* Allocates behind the counting allocator's back, without end. */
static pb_status hog(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	void *volatile last = NULL;

	(void)ctx, (void)start, (void)out;
	/* s->generated stays 0: the loop ends only when the process does */
	while (!s->generated) {
		void **p = malloc(HOG_CHUNK);

		if (!p)
			abort();
		memset(p, 1, HOG_CHUNK);
		*p = last;
		last = p;
	}
	return PB_FAILED;
}

/* Never polls its limits. */
static pb_status hang(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const struct timespec nap = { .tv_nsec = 1000000 };

	(void)ctx, (void)start, (void)out;
	while (!s->generated)
		nanosleep(&nap, NULL);
	return PB_FAILED;
}

static const pb_solver crashing = {
	.name = "test-crash",
	.summary = "crashes off the goal",
	.supports = ht_serves_all,
	.prepare = ht_no_prepare,
	.solve = goal_or_crash,
	.release = ht_no_release,
};
static const pb_solver hogging = {
	.name = "test-hog",
	.summary = "allocates without end",
	.supports = ht_serves_all,
	.prepare = ht_no_prepare,
	.solve = hog,
	.release = ht_no_release,
};
static const pb_solver hanging = {
	.name = "test-hang",
	.summary = "ignores its limits",
	.supports = ht_serves_all,
	.prepare = ht_no_prepare,
	.solve = hang,
	.release = ht_no_release,
};

/* The parent's tables and the solve's own memory, for the resident set
 * test. */
#define TABLES (100 * MIB)
#define SOLVE_BYTES (10 * MIB)

/* A preparation that holds 100 MB resident, as a table would. */
static pb_status big_prepare(const pb_solver *self, const pb_domain *d, const pb_config *c, pb_search *s, void **ctx)
{
	(void)self;
	char *t = malloc(TABLES);

	(void)d, (void)c, (void)s;
	if (!t)
		return PB_FAILED;
	memset(t, 1, TABLES);
	*ctx = t;
	return PB_SOLVED;
}

static void big_release(void *ctx)
{
	free(ctx);
}

/* Touches 10 MB of its own (a byte a page, through a volatile pointer,
 * which no compiler elides), then answers the goal. */
static pb_status ten_mb_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	volatile char *p = malloc(SOLVE_BYTES);
	long page = sysconf(_SC_PAGESIZE);

	(void)ctx, (void)start, (void)s;
	if (!p)
		abort();
	for (size_t i = 0; i < SOLVE_BYTES; i += (size_t)page)
		p[i] = 1;
	free((void *)p);
	out->length = 0;
	return PB_SOLVED;
}

static pb_status instant_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	return goal_or_crash(ctx, start, s, out);
}

static const pb_solver ten_mb = {
	.name = "test-10mb", .summary = "10 MB a solve, after 100 MB of tables",
	.supports = ht_serves_all, .prepare = big_prepare, .solve = ten_mb_solve,
	.release = big_release,
};
static const pb_solver instant = {
	.name = "test-instant", .summary = "answers the goal at once", .supports = ht_serves_all,
	.prepare = ht_no_prepare, .solve = instant_solve, .release = ht_no_release,
};

#define FAR "8 6 7 2 5 4 3 x 1"
#define GOAL "1 2 3 4 5 6 7 8 x"

static void run_list(const char *const *states, size_t nstates, const pb_solver *const *list,
		     size_t n, const runner_options *o, ht_rows *k)
{
	runner_hooks hooks = { .row = ht_keep_row, .arg = k };
	runner_unit units[4];
	dataset ds;

	cr_assert_leq(n, 4);
	for (size_t i = 0; i < n; i++)
		units[i] = (runner_unit){ .solver = list[i] };
	ht_make_dataset(&ds, "8puzzle", states, nstates);
	k->n = 0;
	cr_assert_eq(runner_run(&ds, units, n, NULL, o, &hooks), 0);
	dataset_release(&ds);
}

Test(isolate, a_crash_is_a_row_and_the_run_goes_on)
{
	static const char *const states[] = { FAR, GOAL };
	const pb_solver *list[] = { &crashing, &pb_solver_bfs_hash };
	runner_options o = { .repeat = 2, .isolate = true };
	ht_rows k;

	run_list(states, 2, list, 2, &o, &k);
	/* crashing: prepare, i1 crash (not repeated), i2 twice; bfs-hash:
	 * prepare, i1 twice, i2 twice */
	cr_assert_eq(k.n, 9, "rows: %zu", k.n);
	cr_assert_eq(k.r[1].status, RUN_CRASH, "instance 'i1' (%s) under test-crash: %s", FAR,
		     run_status_name(k.r[1].status));
	cr_assert(strstr(k.r[1].note, "signal"), "instance 'i1': note '%s'", k.r[1].note);
	cr_assert_eq(k.r[1].length, RUN_NO_LENGTH);
	cr_assert_eq(k.r[2].status, RUN_OK, "instance 'i2' (the goal) after the crash");
	cr_assert_eq(k.r[3].repeat, 2);
	for (size_t i = 5; i < 9; i++) {
		cr_assert_eq(k.r[i].status, RUN_OK, "row %zu of bfs-hash: %s", i,
			     run_status_name(k.r[i].status));
		cr_assert_gt(k.r[i].rss_bytes, 0, "row %zu: the child's peak resident set", i);
	}
	cr_assert_gt(k.r[5].expanded, 0, "instance 'i1': counts come back from the child");
	cr_assert_eq(k.r[5].length, 31, "instance 'i1' (%s): bfs-hash length %d", FAR,
		     k.r[5].length);
}

Test(isolate, runaway_memory_is_memout)
{
	static const char *const states[] = { FAR, GOAL };
	const pb_solver *list[] = { &hogging };
	runner_options o = { .repeat = 1, .mem_limit = 32 * MIB, .isolate = true };
	ht_rows k;

	run_list(states, 2, list, 1, &o, &k);
	cr_assert_eq(k.n, 3);
	for (size_t i = 1; i < 3; i++) {
		cr_assert_eq(k.r[i].status, RUN_MEMOUT, "instance 'i%zu' under test-hog: %s (%s)", i,
			     run_status_name(k.r[i].status), k.r[i].note);
		cr_assert_gt(k.r[i].rss_bytes, o.mem_limit, "instance 'i%zu': rss %llu", i,
			     (unsigned long long)k.r[i].rss_bytes);
	}
}

Test(isolate, a_solver_that_ignores_its_time_limit_is_killed)
{
	static const char *const states[] = { GOAL };
	const pb_solver *list[] = { &hanging, &pb_solver_bfs_hash };
	runner_options o = { .repeat = 1, .time_limit_ns = NS_PER_S / 5, .isolate = true };
	ht_rows k;

	run_list(states, 1, list, 2, &o, &k);
	cr_assert_eq(k.n, 4);
	cr_assert_eq(k.r[1].status, RUN_TIMEOUT, "instance 'i1' under test-hang: %s",
		     run_status_name(k.r[1].status));
	cr_assert_geq(k.r[1].wall_ns, o.time_limit_ns);
	cr_assert_eq(k.r[3].status, RUN_OK, "instance 'i1' under bfs-hash after the kill");
}

Test(isolate, bench_run_writes_crash_rows_and_rss)
{
	char *dir = ht_tempdir(), path[512], *out, *runs;
	int rc;

	cr_assert_not_null(dir);
	rc = ht_bench(&out, "gen --method walk --length 10 --count 3 --seed 2 -o %s/w.txt", dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/w.txt -a bfs-hash -r 1 -w 0 --isolate -o %s/o", dir, dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/o/runs.csv", dir);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	cr_assert(strstr(runs, ",peak_bytes,rss_bytes,batch,note\n"), "header: %.200s", runs);
	cr_assert_eq(ht_count_lines(runs, "w,w10-"), 3, "%s", runs);
	/* every solve row ends in a byte count, not '-' */
	cr_assert_null(strstr(runs, ",solve,ok,10,-,0,"), "%s", runs);
	cr_assert_eq(ht_count_lines(runs, "w,w10-1,bfs-hash,-,1,solve,ok,"), 1, "%s", runs);
	for (const char *p = strstr(runs, "\nw,w10-"); p; p = strstr(p + 1, "\nw,w10-")) {
		const char *eol = strchr(p + 1, '\n'), *comma = p, *before = p, *last = p;

		/* rss_bytes is the last column but two (batch, then an empty note) */
		for (const char *q = p + 1; q < eol; q++)
			if (*q == ',') {
				comma = before;
				before = last;
				last = q;
			}
		cr_assert(comma[1] >= '1' && comma[1] <= '9', "rss_bytes of %.40s", p + 1);
	}
	free(runs);
	ht_remove(dir);
}

/* bench run --isolate: a solve's rss_bytes counts the memory it used.
 * The bench process warms its heap where solves run in it; a child forked
 * from a warmed heap would find those pages resident already and count
 * none of them (Korf's #1 and #2 with weighted A*, 21.7 and 3.6 MB at
 * their peaks: 1 MB of rss each when it did). */
Test(isolate, bench_run_counts_what_each_child_touched)
{
	char *dir = ht_tempdir(), path[512], *out, *runs, *line;
	int rc, rows = 0;

	cr_assert_not_null(dir);
	rc = ht_bench(&out, "run " PB_SOURCE_DIR "/datasets/korf100.txt --instances 1,2 "
		      "-a wastar:w=1.5 --heuristic manhattan -r 1 -w 0 --isolate -o %s/o", dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/o/runs.csv", dir);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	for (line = strstr(runs, "\nkorf100,"); line; line = strstr(line + 1, "\nkorf100,")) {
		unsigned long long peak, rss;

		if (!strstr(line, ",solve,") || strstr(line, ",solve,") > strchr(line + 1, '\n'))
			continue;
		/* ...,wall_ns,cpu_ns,peak_bytes,rss_bytes,batch,note */
		cr_assert_eq(sscanf(line + 1, "%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],solve,ok,%*[^,],"
				    "%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%llu,%llu,", &peak, &rss), 2,
			     "%.200s", line + 1);
		cr_assert_gt(peak, 2ULL << 20, "%.200s", line + 1);
		cr_assert_geq(rss, peak / 2, "rss_bytes %llu, peak_bytes %llu: %.200s", rss, peak,
			      line + 1);
		rows++;
	}
	cr_assert_eq(rows, 2, "%s", runs);
	free(runs);
	ht_remove(dir);
}

/* A fork starts with the parent's resident pages: the child's rss_bytes
 * is what the solve added (10 MB), not that plus the 100 MB of tables the
 * parent holds. */
Test(isolate, rss_is_what_the_solve_added_not_the_parent_s_tables)
{
	static const char *const states[] = { GOAL };
	const pb_solver *list[] = { &ten_mb };
	runner_options o = { .repeat = 2, .isolate = true };
	ht_rows k;

	run_list(states, 1, list, 1, &o, &k);
	cr_assert_eq(k.n, 3);
	for (size_t i = 1; i < k.n; i++) {
		cr_assert_eq(k.r[i].status, RUN_OK, "repeat %zu: %s (%s)", i,
			     run_status_name(k.r[i].status), k.r[i].note);
		cr_assert_geq(k.r[i].rss_bytes, SOLVE_BYTES * 9 / 10,
			      "repeat %zu: rss %llu, below the 10 MB the solve touched", i,
			      (unsigned long long)k.r[i].rss_bytes);
		cr_assert_lt(k.r[i].rss_bytes, SOLVE_BYTES + TABLES / 4,
			     "repeat %zu: rss %llu counts the parent's 100 MB of tables", i,
			     (unsigned long long)k.r[i].rss_bytes);
	}
}

/* Short solves are batched inside the child, sized by the first
 * measurement, and the size carried to the next child. The threshold
 * sits far above the target: a first solve stalled past the target (a
 * busy machine, four sanitized tests on two cores) is then timed again
 * rather than judged too slow to batch (it failed once in CI with a
 * threshold of 50 us). */
Test(isolate, short_solves_are_batched_in_the_child)
{
	static const char *const states[] = { GOAL };
	const pb_solver *list[] = { &instant };
	runner_options o = { .repeat = 3, .isolate = true,
			     .batch = { .threshold_ns = 200000000, .target_ns = 1000000 } };
	ht_rows k;

	run_list(states, 1, list, 1, &o, &k);
	cr_assert_eq(k.n, 4);
	for (size_t i = 1; i < k.n; i++) {
		cr_assert_eq(k.r[i].status, RUN_OK, "repeat %zu: %s", i, run_status_name(k.r[i].status));
		cr_assert_gt(k.r[i].batch, 1, "repeat %zu: batch %u", i, k.r[i].batch);
		cr_assert_eq(k.r[i].batch, k.r[1].batch, "repeat %zu", i);
	}
}
