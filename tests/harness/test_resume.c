/* bench run stopped midway: SIGINT/SIGTERM give 130/143 with the rows so
 * far and a summary of them; after SIGKILL (and a torn last line),
 * 'bench run --resume' with the same arguments completes the run with no
 * row lost and none repeated. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/report/report.h"
#include "tests/support/support.h"

/* The run the tests stop: walks of 16 moves on the 15-puzzle, two solvers,
 * two repeats: 2 x (1 + 30 x 2) rows, long enough to be caught midway. */
#define COUNT 30
#define REPEAT 2
#define ROWS (2 * (1 + COUNT * REPEAT))
#define RUN_ARGS "-a bfs-hash,bibfs -r 2 -w 0"
/* The same as an argument vector. */
static const char *const run_argv[] = { "-a", "bfs-hash,bibfs", "-r", "2", "-w", "0", NULL };
/* Kill once runs.csv holds this many lines (header included). */
#define KILL_AFTER_LINES 8
#define POLL_NS 2000000L
/* Give up waiting for rows after this many polls (20 s). */
#define POLL_MAX 10000

static void setup(void)
{
	char *out;
	int rc;

	ht_suite_init();
	rc = ht_bench(&out, "gen --domain 15puzzle --method walk --length 16 --count %d --seed 5 "
		      "-o %s/k.txt", COUNT, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

TestSuite(resume, .init = setup, .fini = ht_suite_fini);

/* Start 'bench run' on the dataset with ARGS (NULL-terminated) into
 * OUTDIR; once runs.csv holds KILL_AFTER_LINES lines, send SIG. Returns
 * the wait status; *MIDWAY says whether the run was still going when the
 * signal came. */
static int run_and_signal(const char *const *args, const char *outdir, int sig, bool *midway)
{
	char data[512], runs[512];
	const char *argv[32] = { PB_BENCH, "run", data, "-o", outdir };
	const struct timespec nap = { .tv_nsec = POLL_NS };
	int status, n = 5;
	pid_t pid;

	snprintf(data, sizeof(data), "%s/k.txt", ht_dir);
	snprintf(runs, sizeof(runs), "%s/runs.csv", outdir);
	while (*args && n < 31)
		argv[n++] = *args++;
	pid = ht_spawn_quiet(argv);
	*midway = false;
	for (int i = 0; i < POLL_MAX; i++) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return status;
		if (ht_lines_in(runs) >= KILL_AFTER_LINES) {
			*midway = true;
			break;
		}
		nanosleep(&nap, NULL);
	}
	kill(pid, sig);
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	return status;
}

/* Each row's key (dataset..phase: the first six fields) once, and the
 * count of rows (at most ROWS_MAX). */
#define ROWS_MAX (4 * ROWS)
static size_t check_unique(const char *runs, const char *what)
{
	size_t n = 0;
	char *copy = strdup(runs), *save, *line;
	char **keys = calloc(ROWS_MAX, sizeof(*keys));

	cr_assert(copy && keys);
	line = strtok_r(copy, "\n", &save); /* the header */
	cr_assert_str_eq(line, REPORT_RUNS_HEADER, "%s: header", what);
	while ((line = strtok_r(NULL, "\n", &save))) {
		char *c = line;

		for (int f = 0; f < 6 && c; f++)
			c = strchr(c + 1, ',');
		cr_assert_not_null(c, "%s: short row '%s'", what, line);
		*c = '\0';
		for (size_t i = 0; i < n; i++)
			cr_assert_str_neq(keys[i], line, "%s: row '%s' twice", what, line);
		cr_assert_lt(n, ROWS_MAX, "%s: too many rows", what);
		keys[n++] = line;
	}
	free(keys);
	free(copy);
	return n;
}

Test(resume, after_sigkill_and_a_torn_line_no_row_lost_none_repeated)
{
	char outdir[512], path[1024], *out, *runs;
	bool midway;
	int status, rc;
	FILE *f;

	snprintf(outdir, sizeof(outdir), "%s/o", ht_dir);
	status = run_and_signal(run_argv, outdir, SIGKILL, &midway);
	if (!midway)
		cr_skip("the run ended before it could be killed");
	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	snprintf(path, sizeof(path), "%s/runs.csv", outdir);
	cr_assert_lt(ht_lines_in(path), ROWS + 1, "killed midway");
	/* a row cut short as it was written */
	f = fopen(path, "a");
	cr_assert_not_null(f);
	fputs("k,w16-29,bfs-h", f);
	fclose(f);
	rc = ht_bench(&out, "run %s/k.txt " RUN_ARGS " -o %s --resume", ht_dir, outdir);
	cr_assert_eq(rc, 0, "bench run --resume: exit %d: %s", rc, out);
	cr_assert(strstr(out, "resuming"), "%s", out);
	cr_assert(strstr(out, "60/60") || strstr(out, "30/30"), "the table counts every instance: %s", out);
	free(out);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	cr_assert_eq(check_unique(runs, "resumed run"), ROWS, "%s", runs);
	cr_assert_eq(ht_count_lines(runs, "k,-,bfs-hash,-,1,prepare,ok,"), 1);
	cr_assert_eq(ht_count_lines(runs, "k,w16-30,bibfs,-,2,solve,ok,"), 1, "%s", runs);
	cr_assert_null(strstr(runs, "bfs-h\n"), "the torn line is gone");
	free(runs);
	/* resuming a finished run does nothing more */
	rc = ht_bench(&out, "run %s/k.txt " RUN_ARGS " -o %s --resume", ht_dir, outdir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	runs = ht_read(path);
	cr_assert_eq(check_unique(runs, "resumed twice"), ROWS);
	free(runs);
}

Test(resume, sigterm_keeps_the_rows_and_the_summary_then_resume_completes)
{
	char outdir[512], path[1024], *out, *runs, *meta;
	bool midway;
	int status, rc;

	snprintf(outdir, sizeof(outdir), "%s/o", ht_dir);
	status = run_and_signal(run_argv, outdir, SIGTERM, &midway);
	if (!midway)
		cr_skip("the run ended before it could be stopped");
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM,
		  "exit status %d after SIGTERM", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	snprintf(path, sizeof(path), "%s/summary.csv", outdir);
	cr_assert_not_null(runs = ht_read(path), "summary.csv of what finished");
	cr_assert(!strncmp(runs, REPORT_SUMMARY_HEADER "\n", strlen(REPORT_SUMMARY_HEADER) + 1));
	free(runs);
	snprintf(path, sizeof(path), "%s/meta.json", outdir);
	meta = ht_read(path);
	cr_assert(meta && strstr(meta, "interrupted"), "meta.json says interrupted: %s", meta);
	free(meta);
	snprintf(path, sizeof(path), "ls '%s' | grep -q tmp", outdir);
	cr_assert_neq(system(path), 0, "no temporary file left in %s", outdir);
	rc = ht_bench(&out, "run %s/k.txt " RUN_ARGS " -o %s --resume", ht_dir, outdir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/runs.csv", outdir);
	runs = ht_read(path);
	cr_assert_eq(check_unique(runs, "resumed run"), ROWS, "%s", runs);
	cr_assert_null(strstr(runs, "interrupted"), "the interrupted solve was done again");
	free(runs);
	snprintf(path, sizeof(path), "%s/meta.json", outdir);
	meta = ht_read(path);
	cr_assert(meta && strstr(meta, "complete"), "meta.json: %s", meta);
	free(meta);
}

Test(resume, refuses_a_file_that_is_not_a_runs_csv)
{
	char path[512], *out;
	int rc;

	snprintf(path, sizeof(path), "%s/o", ht_dir);
	cr_assert_eq(mkdir(path, 0777), 0);
	snprintf(path, sizeof(path), "%s/o/runs.csv", ht_dir);
	cr_assert_eq(ht_write(path, "name,value\nx,1\n"), 0);
	rc = ht_bench(&out, "run %s/k.txt " RUN_ARGS " -o %s/o --resume", ht_dir, ht_dir);
	cr_assert_eq(rc, 2, "%s", out);
	cr_assert(strstr(out, "runs.csv:1: not the header"), "%s", out);
	free(out);
	out = ht_read(path);
	cr_assert_str_eq(out, "name,value\nx,1\n", "left as it was");
	free(out);
	rc = ht_bench(&out, "run %s/k.txt -o %s/o --resume --force", ht_dir, ht_dir);
	cr_assert_eq(rc, 2, "%s", out);
	free(out);
}

/* The unit on record is (solver, heuristic): killed while IDA* runs with
 * the first heuristic of two, the resumed run finishes that one and runs
 * the second over every instance, though the solver is the same. */
Test(resume, a_heuristic_list_resumes_by_solver_and_heuristic)
{
	static const char *const args[] = {
		"-a", "idastar", "--heuristic", "zero,manhattan", "-r", "2", "-w", "0", NULL,
	};
	char outdir[512], path[1024], *out, *runs;
	bool midway;
	int status, rc;

	snprintf(outdir, sizeof(outdir), "%s/h", ht_dir);
	status = run_and_signal(args, outdir, SIGKILL, &midway);
	if (!midway)
		cr_skip("the run ended before it could be killed");
	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	snprintf(path, sizeof(path), "%s/runs.csv", outdir);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	if (ht_count_lines(runs, "k,-,idastar,manhattan,"))
		cr_skip("killed after the first heuristic's rows: not the case tested");
	free(runs);
	rc = ht_bench(&out, "run %s/k.txt -a idastar --heuristic zero,manhattan -r 2 -w 0 -o %s "
		      "--resume", ht_dir, outdir);
	cr_assert_eq(rc, 0, "bench run --resume: exit %d: %s", rc, out);
	free(out);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	cr_assert_eq(check_unique(runs, "resumed run"), ROWS, "%s", runs);
	cr_assert_eq(ht_count_lines(runs, "k,-,idastar,zero,1,prepare,ok,"), 1, "%s", runs);
	cr_assert_eq(ht_count_lines(runs, "k,-,idastar,manhattan,1,prepare,ok,"), 1, "%s", runs);
	for (int i = 1; i <= COUNT; i++) {
		char row[64];

		snprintf(row, sizeof(row), "k,w16-%d,idastar,manhattan,2,solve,ok,", i);
		cr_assert_eq(ht_count_lines(runs, row), 1, "no '%s' after the resume:\n%s", row, runs);
	}
	free(runs);
}

/* Run the campaign of RUN_ARGS into DIR to its end (RESUME: --resume).
 * Returns its output (free() it). */
static char *run_campaign(const char *dir, bool resume)
{
	char *out;
	int rc = ht_bench(&out, "run %s/k.txt " RUN_ARGS " -o %s%s", ht_dir, dir,
			  resume ? " --resume" : "");

	cr_assert_eq(rc, 0, "bench run%s: exit %d: %s", resume ? " --resume" : "", rc, out);
	return out;
}

/* A process id that is no more: a child that has ended. */
static pid_t gone_pid(void)
{
	pid_t pid = fork();

	cr_assert_geq(pid, 0);
	if (!pid)
		_exit(0);
	cr_assert_eq(waitpid(pid, NULL, 0), pid);
	return pid;
}

/* A writer killed at once (SIGKILL) leaves its temporary file; a resume
 * removes those of runs.csv, summary.csv and meta.json whose writer is
 * gone, and nothing else. */
Test(resume, leftovers_of_writers_killed_at_once_are_removed)
{
	static const char *const gone[] = { "runs.csv", "summary.csv", "meta.json" };
	char dir[512], path[1024];
	pid_t dead = gone_pid();

	snprintf(dir, sizeof(dir), "%s/o", ht_dir);
	free(run_campaign(dir, false));
	for (size_t i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s.tmp.%ld", gone[i], (long)dead);
		ht_write_in(dir, path, "half a file");
	}
	snprintf(path, sizeof(path), "summary.csv.tmp.%ld", (long)getpid());
	ht_write_in(dir, path, "a live writer's");
	ht_write_in(dir, "notes.tmp.1", "not ours");
	free(run_campaign(dir, true));
	for (size_t i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s.tmp.%ld", dir, gone[i], (long)dead);
		cr_assert(!ht_exists(path), "%s is left", path);
	}
	snprintf(path, sizeof(path), "%s/summary.csv.tmp.%ld", dir, (long)getpid());
	cr_assert(ht_exists(path), "the file of a writer still running was removed");
	snprintf(path, sizeof(path), "%s/notes.tmp.1", dir);
	cr_assert(ht_exists(path), "a file not the run's was removed");
}

/* Killed after it made runs.csv and before its header was written whole:
 * an empty file, or half the header, resumes as a run with no rows. */
Test(resume, a_run_killed_before_its_header_was_written_resumes)
{
	static const char *const starts[] = { "", "dataset,instance,algo" };
	char dir[512], path[1024], *runs, *out;

	for (size_t i = 0; i < 2; i++) {
		snprintf(dir, sizeof(dir), "%s/h%zu", ht_dir, i);
		cr_assert_eq(mkdir(dir, 0777), 0);
		ht_write_in(dir, "runs.csv", starts[i]);
		out = run_campaign(dir, true);
		cr_assert(strstr(out, "resuming: 0 rows on record"), "'%s': %s", starts[i], out);
		free(out);
		snprintf(path, sizeof(path), "%s/runs.csv", dir);
		runs = ht_read(path);
		cr_assert_eq(check_unique(runs, starts[i]), ROWS, "after '%s': %s", starts[i], runs);
		free(runs);
	}
}

/* Interrupted rows are dropped wherever they are: at the end (cut short)
 * or amid others (runs.csv written again). */
Test(resume, interrupted_rows_amid_others_are_dropped)
{
	char dir[512], path[1024], row[512], *runs, *third, *ok, *text;
	size_t len;

	snprintf(dir, sizeof(dir), "%s/o", ht_dir);
	free(run_campaign(dir, false));
	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	/* the third row again, interrupted, before it */
	third = strchr(strchr(strchr(runs, '\n') + 1, '\n') + 1, '\n') + 1;
	ok = strstr(third, ",ok,");
	cr_assert(ok && ok < strchr(third, '\n'), "%.200s", third);
	snprintf(row, sizeof(row), "%.*s,interrupted,%.*s\n", (int)(ok - third), third,
		 (int)(strchr(third, '\n') - ok - 4), ok + 4);
	len = strlen(runs) + strlen(row) + 1;
	text = malloc(len);
	cr_assert_not_null(text);
	snprintf(text, len, "%.*s%s%s", (int)(third - runs), runs, row, third);
	cr_assert_eq(ht_write(path, text), 0);
	free(text);
	free(runs);
	free(run_campaign(dir, true));
	runs = ht_read(path);
	cr_assert_null(strstr(runs, "interrupted"), "an interrupted row is left: %s", runs);
	cr_assert_eq(check_unique(runs, "resumed"), ROWS, "%s", runs);
	free(runs);
}

/* The variants of the IDA* example plugin the tests of variants run, on
 * the cube (each within 7 moves: a few milliseconds a solve), and a third
 * that --extend adds. */
#define VARIANTS "idastar-example:max-depth=7,idastar-example:prune=off:max-depth=7"
#define VARIANTS_REORDERED "idastar-example:max-depth=07,idastar-example:max-depth=7:prune=off"
#define VARIANT_ADDED "idastar-example:max-depth=6"
/* Fields of runs.csv that do not depend on timing: up to 'generated'. */
#define STABLE_COLUMNS 11

/* bench run of the cube's dataset with the IDA* example's solvers LIST and
 * EXTRA options into DIR/NAME, exit status WANT; its output (free() it). */
static char *run_variants(const char *name, const char *list, const char *extra, int want)
{
	char *out;
	int rc = ht_bench(&out, "run %s/datasets/cube2-depth.txt --plugin '%s' -a %s -r 2 -w 0 "
			  "-o %s/%s %s", PB_SOURCE_DIR, PB_IDASTAR_PLUGIN, list, ht_dir, name, extra);

	cr_assert_eq(rc, want, "bench run -a %s %s: exit %d, want %d: %s", list, extra, rc, want, out);
	return out;
}

/* DIR/NAME/runs.csv's stable fields, rows sorted (free() it); *N rows. */
static char *stable_rows(const char *name, size_t *n)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s/runs.csv", ht_dir, name);
	return ht_sorted_rows(path, STABLE_COLUMNS, n);
}

/* Variants are series of their own on resume: a run of two variants cut
 * short (its last line torn) and resumed, their values given in another
 * order, has the rows of the whole run, each once; --extend adds a third
 * variant's rows and runs nothing else again; a variant not on record is
 * refused by --resume. */
Test(resume, variants_resume_and_extend_as_series_of_their_own)
{
	char path[1024], *whole, *resumed, *out, *runs, *cut;
	size_t nwhole, nresumed, lines = 0;

	free(run_variants("whole", VARIANTS, "", 0));
	whole = stable_rows("whole", &nwhole);
	cr_assert_gt(nwhole, 40);
	/* what a kill leaves: the header and some rows, the last torn */
	snprintf(path, sizeof(path), "%s/whole/runs.csv", ht_dir);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	for (cut = runs; cut && lines < nwhole / 2; lines++)
		cut = strchr(cut, '\n') + 1;
	cr_assert_not_null(cut);
	cut[10] = '\0';
	snprintf(path, sizeof(path), "mkdir -p %s/cut && cp %s/whole/meta.json %s/cut/", ht_dir, ht_dir,
		 ht_dir);
	cr_assert_eq(system(path), 0);
	ht_write_in(ht_dir, "cut/runs.csv", runs);
	free(runs);
	out = run_variants("cut", VARIANTS_REORDERED, "--resume", 0);
	cr_expect(strstr(out, "resuming"), "%s", out);
	free(out);
	resumed = stable_rows("cut", &nresumed);
	cr_expect_eq(nresumed, nwhole, "rows after the resume: %s", resumed);
	cr_expect_str_eq(resumed, whole, "the resumed rows differ from the whole run's");
	free(resumed);
	/* a third variant added: its rows, and only them */
	out = run_variants("cut", VARIANTS "," VARIANT_ADDED, "--extend", 0);
	free(out);
	free(run_variants("all", VARIANTS "," VARIANT_ADDED, "", 0));
	free(whole);
	whole = stable_rows("all", &nwhole);
	resumed = stable_rows("cut", &nresumed);
	cr_expect_eq(nresumed, nwhole);
	cr_expect_str_eq(resumed, whole, "the extended rows differ from a whole run's");
	free(resumed);
	free(whole);
	/* a variant that is not the one on record */
	out = run_variants("cut", "idastar-example:max-depth=7,idastar-example:prune=off:max-depth=8",
			   "--resume", 2);
	cr_expect(strstr(out, "cannot resume") && strstr(out, "idastar-example:prune=off:max-depth=8"),
		  "%s", out);
	free(out);
}
