/* bench run killed at any moment. A campaign of built-in solvers, each
 * solve in a child process (--isolate), and an external program (the
 * Python example) is killed with SIGKILL at twenty random moments, each
 * time resumed with --resume, then resumed to its end; another, of solves
 * in this process (the fast ones in batches) and a program started afresh
 * for each puzzle, at twelve. No row is lost or repeated, runs.csv's rows
 * and the summary, timings aside, are those of the same campaign run once
 * without a stop, no temporary file is left, and meta.json says complete.
 * The moments come from a seeded generator (PB_KILL_SEED overrides the
 * seed): a failure names the seed and every moment, to be run again. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/io/prng.h"
#include "harness/report/report.h"
#include "tests/support/support.h"

/* Kills in a release build; a sanitizer build runs slower, so it makes
 * fewer. */
#define KILLS(n) ((n) / (SLOWDOWN > 1 ? 4 : 1))
#define DEFAULT_SEED 20240601u
/* runs.csv's columns up to 'length': the row's key, status and answer. */
#define ROW_COLUMNS 8
/* Of them the key of a row: dataset .. phase. */
#define KEY_COLUMNS 6
/* summary.csv's columns that do not depend on timing: up to 'solved', and
 * the medians of expanded and generated (not of peak bytes: a program
 * outside the process has its peak resident memory there, which differs
 * from run to run). */
static const int summary_columns[] = { 1, 2, 3, 4, 5, 6, 13, 14 };
#define NS_PER_S 1000000000LL
#define ROOM 4096

TestSuite(kill, .init = ht_suite_init, .fini = ht_suite_fini);

/* The campaigns: instances of 1 to 12 moves, three built-in solvers and
 * a program, warm-ups and repeats. Each built-in solve in a child
 * process, and the Python breadth-first search, long-lived; or the
 * built-in solves in this process (the fast ones timed in batches), and
 * 'bench solve' as a program started afresh for each puzzle. */
#define ISOLATED "-a bfs-hash,idastar,reverse-table --solver 'bfs-py=python3 " PB_SOURCE_DIR \
	"/examples/bfs.py' -r 3 -w 1 --isolate"
#define IN_PROCESS "-a bfs-hash,bibfs,reverse-table --solver-once 'once=" PB_BENCH \
	" solve -a bibfs' -r 2 -w 1"

static void campaign(char *buf, size_t cap, const char *units, const char *outdir)
{
	snprintf(buf, cap, "run %s/k.txt %s -o %s", ht_dir, units, outdir);
}

/* Instances of each length: fewer under the sanitizers, where the
 * campaigns, run whole three times, took two of CI's twenty minutes. */
#define PER_LENGTH (SLOWDOWN > 1 ? 2 : 6)

static void make_dataset(void)
{
	char *out;
	int rc = ht_bench(&out, "gen --domain 8puzzle --method walk --length 1..12 --count %d "
			  "--seed 3 -o %s/k.txt", PER_LENGTH, ht_dir);

	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

static int64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * NS_PER_S + t.tv_nsec;
}

/* Run "bench ARGS" (through the shell, output dropped) to its end: its
 * exit status; *NS how long it took. */
static int run_timed(const char *args, int64_t *ns)
{
	char cmd[3 * ROOM];
	int64_t t0 = now_ns();
	int status;

	snprintf(cmd, sizeof(cmd), "exec '%s' %s >/dev/null 2>&1", PB_BENCH, args);
	status = system(cmd);
	*ns = now_ns() - t0;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Start "bench ARGS" and kill it with SIGKILL after DELAY_NS. Returns true
 * when it was killed, false when it had ended (with status 0) before. */
static bool run_and_kill(const char *args, int64_t delay_ns, const char *what)
{
	char cmd[3 * ROOM];
	struct timespec nap = { .tv_sec = delay_ns / NS_PER_S, .tv_nsec = delay_ns % NS_PER_S };
	int status;
	pid_t pid;

	snprintf(cmd, sizeof(cmd), "exec '%s' %s >/dev/null 2>&1", PB_BENCH, args);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (!pid) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	nanosleep(&nap, NULL);
	kill(pid, SIGKILL);
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
		return true;
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s: bench run ended with status "
		  "%d before it was killed", what, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return false;
}

static bool wanted(int field, const int *columns, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (columns[i] == field)
			return true;
	return false;
}

/* The lines of TEXT with only the (1-based) COLUMNS[0..n) kept. */
static char *columns_of(const char *text, const int *columns, size_t n)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	const char *p = text;

	cr_assert_not_null(out);
	while (*p) {
		bool first = true;

		for (int field = 1;; field++) {
			size_t len = strcspn(p, ",\n");

			if (wanted(field, columns, n)) {
				if (!first)
					*o++ = ',';
				memcpy(o, p, len);
				o += len;
				first = false;
			}
			p += len;
			if (*p != ',')
				break;
			p++;
		}
		*o++ = '\n';
		p += *p == '\n';
	}
	*o = '\0';
	return out;
}

/* No two rows of the sorted ROWS (cut to ROW_COLUMNS) share a key. */
static void expect_unique(const char *rows, const char *what)
{
	char *copy = strdup(rows), *save, *line, *prev = NULL;

	cr_assert_not_null(copy);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *c = line;

		for (int f = 0; f < KEY_COLUMNS && c; f++)
			c = strchr(c + (f ? 1 : 0), ',');
		if (c)
			*c = '\0';
		cr_assert(!prev || strcmp(prev, line), "%s: row '%s' twice", what, line);
		prev = line;
	}
	free(copy);
}

/* DIR's files: runs.csv's rows sorted (with no key twice), the summary's
 * stable columns, and no temporary file left behind. */
static void outcome_of(const char *dir, char **rows, char **summary, const char *what)
{
	char path[2 * ROOM], *text;
	FILE *p;

	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	*rows = ht_sorted_rows(path, ROW_COLUMNS, NULL);
	expect_unique(*rows, what);
	snprintf(path, sizeof(path), "%s/summary.csv", dir);
	text = ht_read(path);
	cr_assert_not_null(text, "%s: no summary.csv", what);
	*summary = columns_of(text, summary_columns, sizeof(summary_columns) / sizeof(summary_columns[0]));
	free(text);
	snprintf(path, sizeof(path), "ls -a '%s' | grep '\\.tmp\\.'", dir);
	p = popen(path, "r");
	cr_assert_not_null(p);
	text = ht_read_all(p);
	pclose(p);
	cr_assert(text && !*text, "%s: temporary files are left in %s: %s", what, dir, text);
	free(text);
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	text = ht_read(path);
	cr_assert(text && strstr(text, "\"outcome\": \"complete\""), "%s: meta.json: %.300s", what,
		  text ? text : "(none)");
	free(text);
}

/* The rows runs.csv in DIR holds (its lines but the header; 0 when there
 * is none yet). */
static long rows_in(const char *dir)
{
	char path[2 * ROOM], *text;
	long lines = 0;

	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	text = ht_read(path);
	if (!text)
		return 0;
	for (const char *c = text; *c; c++)
		lines += *c == '\n';
	free(text);
	return lines > 0 ? lines - 1 : 0;
}

/* Run the campaign of UNITS once to its end, then again killed kills
 * times and resumed: the same rows and summary. */
static void kill_and_resume(const char *units, int kills)
{
	char whole[ROOM / 2], killed[ROOM / 2], again[ROOM / 2], args[ROOM], resume[2 * ROOM], moments[ROOM] = "";
	char *want_rows, *want_summary, *rows, *summary;
	const char *env = getenv("PB_KILL_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 10) : DEFAULT_SEED;
	int64_t full_ns, again_ns, idle_ns, span;
	size_t used = 0;
	long total;
	int midway = 0, rc;
	prng g;

	prng_seed(&g, seed);
	make_dataset();
	snprintf(whole, sizeof(whole), "%s/whole", ht_dir);
	snprintf(killed, sizeof(killed), "%s/killed", ht_dir);
	/* the run's length, the lesser of two (a busy moment must not stretch
	 * the kills past the end of every run) */
	snprintf(again, sizeof(again), "%s/whole-again", ht_dir);
	campaign(args, sizeof(args), units, again);
	cr_assert_eq(run_timed(args, &again_ns), 0, "the campaign without a stop failed");
	campaign(args, sizeof(args), units, whole);
	cr_assert_eq(run_timed(args, &full_ns), 0, "the campaign without a stop failed");
	if (again_ns < full_ns)
		full_ns = again_ns;
	snprintf(resume, sizeof(resume), "%s --resume", args);
	/* a resume with nothing left to do: the cost of starting and ending */
	cr_assert_eq(run_timed(resume, &idle_ns), 0, "resuming a finished campaign failed");
	outcome_of(whole, &want_rows, &want_summary, "the run without a stop");
	total = rows_in(whole);
	cr_assert_gt(total, 0, "the run without a stop wrote no rows");
	campaign(args, sizeof(args), units, killed);
	snprintf(resume, sizeof(resume), "%s --resume", args);
	for (int k = 0; k < kills; k++) {
		/* moments from the start of a run to past its start by twice
		 * the work left over the kills left: some fall as it starts,
		 * the others all through the campaign, which ends only with
		 * the last resume. The work left is read from the rows
		 * written, so a run timed on a busy machine and resumed on an
		 * idle one (work three times as fast: 7 of 20 kills midway,
		 * once in CI) still spreads its kills to the end. */
		long left = total - rows_in(killed);
		int64_t work = full_ns > idle_ns ? full_ns - idle_ns : 0;
		int64_t delay;
		char what[128];

		if (left < 0)
			left = 0;
		span = idle_ns + 2 * (int64_t)((double)work * (double)left / (double)total) / (kills - k);
		delay = (int64_t)prng_below(&g, (uint64_t)(span > 0 ? span : 1));

		used += (size_t)snprintf(moments + used, sizeof(moments) - used, " %.3f",
					 (double)delay / 1e9);
		snprintf(what, sizeof(what), "seed %" PRIu64 ", kill %d after %.3f s", seed, k + 1,
			 (double)delay / 1e9);
		midway += run_and_kill(k ? resume : args, delay, what);
	}
	rc = run_timed(resume, &full_ns);
	cr_assert_eq(rc, 0, "seed %" PRIu64 ": the last resume exited %d (kills at%s s)", seed, rc,
		     moments);
	outcome_of(killed, &rows, &summary, "the run killed and resumed");
	cr_assert_str_eq(rows, want_rows, "seed %" PRIu64 " (kills at%s s): runs.csv's rows differ "
			 "from those of the run without a stop", seed, moments);
	cr_assert_str_eq(summary, want_summary, "seed %" PRIu64 " (kills at%s s): the summary "
			 "differs from that of the run without a stop", seed, moments);
	cr_assert_geq(midway, kills / 2, "seed %" PRIu64 ": only %d of %d kills came before the run "
		      "ended (kills at%s s)", seed, midway, kills, moments);
	free(want_rows);
	free(want_summary);
	free(rows);
	free(summary);
}

Test(kill, twenty_sigkills_of_isolated_solves_and_a_program_lose_and_repeat_nothing,
     .timeout = 600)
{
	kill_and_resume(ISOLATED, KILLS(20));
}

Test(kill, sigkills_of_batched_solves_and_one_shot_programs_lose_and_repeat_nothing,
     .timeout = 600)
{
#ifdef PB_SANITIZED
	/* a bench started afresh for each puzzle takes 0.15 s to start under
	 * AddressSanitizer: the three campaigns took 45 s of CI's twenty
	 * minutes there; the release build runs them, and the test above
	 * kills and resumes under the sanitizers */
	cr_skip_test("one-shot programs under the sanitizers: run in the release build");
#endif
	kill_and_resume(IN_PROCESS, KILLS(12));
}
