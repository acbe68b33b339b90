/* bench run under mpirun (a PB_MPI build): two ranks give the same rows,
 * timings and peak bytes aside, as one process, the units of work being
 * (solver, heuristic) pairs; rank 0 writes the files and the concurrency
 * is recorded and warned about. A rank killed midway: the run says so,
 * and 'mpirun ... --resume' completes it to the rows and summary of one
 * process. In a build without MPI the tests are skipped. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/support/support.h"

#define RANKS 2
#define ALGORITHMS "bfs-hash,bibfs,reverse-table,idastar"
/* Columns of runs.csv that do not depend on timing: up to 'generated'. */
#define STABLE_COLUMNS 11

TestSuite(mpi, .init = ht_suite_init, .fini = ht_suite_fini);

#if defined(PB_MPI) && PB_MPI

/* "mpirun -np RANKS bench ARGS" as the shell runs it, output merged. */
static void mpirun_command(char *cmd, size_t cap, const char *args)
{
	/* as root Open MPI wants to be told; two ranks on 2 cores may need
	 * oversubscription where fewer slots are seen */
	snprintf(cmd, cap, "mpirun %s--oversubscribe -np %d '%s' %s 2>&1",
		 geteuid() ? "" : "--allow-run-as-root ", RANKS, PB_BENCH, args);
}

static void skip_without_mpirun(void)
{
	if (system("command -v mpirun >/dev/null 2>&1")) {
		ht_suite_fini(); /* a skipped test's .fini does not run */
		cr_skip_test("no mpirun here (apt-get install openmpi-bin)");
	}
}

/* Run "mpirun -np RANKS bench ARGS", which must end well: its output
 * (free() it). */
static char *mpirun_ok(const char *args)
{
	char cmd[4096], *out = malloc(1 << 16);
	FILE *p;
	int rc;

	cr_assert_not_null(out);
	mpirun_command(cmd, sizeof(cmd), args);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	out[fread(out, 1, (1 << 16) - 1, p)] = '\0';
	rc = pclose(p);
	cr_assert_eq(rc, 0, "%s: status %d: %s", cmd, rc, out);
	return out;
}

/* CAMPAIGN (bench run's arguments) in one process, into DIR/one, then
 * on RANKS ranks into DIR/two: mpirun's output (free() it). */
static char *one_then_ranks(const char *campaign)
{
	char path[1024], *out;
	int rc;

	rc = ht_bench(&out, "run %s -o %s/one", campaign, ht_dir);
	cr_assert_eq(rc, 0, "single process: exit %d: %s", rc, out);
	free(out);
	snprintf(path, sizeof(path), "run %s -o %s/two", campaign, ht_dir);
	return mpirun_ok(path);
}

/* DIR/NAME/runs.csv cut to STABLE_COLUMNS fields, the rows sorted (free()
 * it). */
static char *stable_rows(const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s/runs.csv", ht_dir, name);
	return ht_sorted_rows(path, STABLE_COLUMNS, NULL);
}

Test(mpi, two_ranks_give_the_rows_of_one_process)
{
	char path[512], *out, *one, *two, *meta;

	skip_without_mpirun();
	out = one_then_ranks("-d " PB_SOURCE_DIR "/datasets/8puzzle-depth.txt -d " PB_SOURCE_DIR
			     "/datasets/msquare-depth.txt -a " ALGORITHMS " -r 1 -w 0 "
			     "--heuristic manhattan,linear-conflict,msquare-pdb");
	cr_assert(strstr(out, "149/149") && strstr(out, "109/109"), "rank 0's table: %s", out);
	cr_assert(strstr(out, "ran at once on host"), "no concurrency warning: %s", out);
	free(out);
	one = stable_rows("one");
	two = stable_rows("two");
	cr_assert_str_eq(two, one, "mpirun -np %d rows differ from one process's", RANKS);
	cr_assert(strstr(two, "\n8puzzle-depth,-,idastar,linear-conflict,1,prepare,") &&
		  strstr(two, "\nmsquare-depth,-,idastar,msquare-pdb,1,prepare,"),
		  "a pair's rows are missing: %.2000s", two);
	free(one);
	free(two);
	snprintf(path, sizeof(path), "%s/two/meta.json", ht_dir);
	meta = ht_read(path);
	cr_assert(meta && strstr(meta, "\"mpi_ranks\": 2") && strstr(meta, "\"ranks_on_host\": 2"),
		  "meta.json records the ranks: %.3000s", meta);
	free(meta);
	snprintf(path, sizeof(path), "%s/two/summary.csv", ht_dir);
	meta = ht_read(path);
	cr_assert_not_null(meta, "rank 0 wrote no summary.csv");
	free(meta);
}

/* DIR/NAME/anytime.csv cut to its columns up to 'length' (no times),
 * sorted (free() it). */
static char *stable_answers(const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s/anytime.csv", ht_dir, name);
	return ht_sorted_rows(path, 6, NULL);
}

/* Anytime weighted A*'s answers, each a row of anytime.csv, come to rank
 * 0 from every rank: two ranks' file holds those of one process. */
Test(mpi, two_ranks_give_the_anytime_answers_of_one_process)
{
	char path[512], *one, *two;
	size_t rows;

	skip_without_mpirun();
	free(one_then_ranks("-d " PB_SOURCE_DIR "/datasets/8puzzle-depth.txt --limit 60 "
			    "-a awastar:w=5,awastar:w=3 --heuristic manhattan -r 1 -w 0"));
	snprintf(path, sizeof(path), "%s/one/anytime.csv", ht_dir);
	free(ht_sorted_rows(path, 6, &rows));
	cr_assert_gt(rows, 120, "60 instances, two weights: %zu answers", rows);
	one = stable_answers("one");
	two = stable_answers("two");
	cr_assert_str_eq(two, one, "mpirun -np %d answers differ from one process's", RANKS);
	free(one);
	free(two);
}

/* The campaign a rank of is killed: long enough to be caught midway. */
#define KILLED_CAMPAIGN "-d " PB_SOURCE_DIR "/datasets/8puzzle-depth.txt -d " PB_SOURCE_DIR \
	"/datasets/msquare-depth.txt -a bfs-hash,bibfs,idastar --heuristic manhattan,msquare-pdb " \
	"-r 2 -w 0"
/* Kill once rank 0's runs.csv holds this many lines. */
#define KILL_AFTER_LINES 200
#define POLL_NS 5000000L
/* Give up waiting after this many polls (60 s). */
#define POLL_MAX 12000

/* Whether the NUL-separated entries of /proc/PID/NAME hold WANT (with
 * AFTER: the entry after an entry WANT is AFTER). */
static bool proc_has(long pid, const char *name, const char *want, const char *after)
{
	char path[64], *text, *p;
	size_t len = 0;
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/%s", pid, name);
	f = fopen(path, "r");
	if (!f)
		return false;
	text = malloc(1 << 20);
	if (text)
		len = fread(text, 1, (1 << 20) - 1, f);
	fclose(f);
	if (!text)
		return false;
	text[len] = '\0';
	for (p = text; p < text + len && !found; p += strlen(p) + 1)
		found = !strcmp(p, want) && (!after || (p + strlen(p) + 1 < text + len &&
							!strcmp(p + strlen(p) + 1, after)));
	free(text);
	return found;
}

/* The process of rank RANK of the job writing into OUTDIR, or 0. */
static long rank_pid(const char *outdir, int rank)
{
	char env[64];
	struct dirent *e;
	long found = 0;
	DIR *d = opendir("/proc");

	cr_assert_not_null(d);
	snprintf(env, sizeof(env), "OMPI_COMM_WORLD_RANK=%d", rank);
	while (!found && (e = readdir(d))) {
		long pid = strtol(e->d_name, NULL, 10);

		if (pid > 0 && proc_has(pid, "cmdline", "-o", outdir) &&
		    proc_has(pid, "environ", env, NULL))
			found = pid;
	}
	closedir(d);
	return found;
}

/* mpirun's output (free() it) and exit status into *STATUS, of CMD
 * started by P, once it ends. */
static char *finish(FILE *p, int *status)
{
	char *out = ht_read_all(p);

	*status = pclose(p);
	cr_assert_not_null(out);
	return out;
}

Test(mpi, a_killed_rank_is_said_and_resume_completes_the_run, .timeout = 600)
{
	char cmd[4096], args[2048], path[1024], *out, *rows, *want, *summary, *want_summary;
	const struct timespec nap = { .tv_nsec = POLL_NS };
	long pid = 0;
	int status, rc;
	FILE *p;

	skip_without_mpirun();
	rc = ht_bench(&out, "run " KILLED_CAMPAIGN " -o %s/one", ht_dir);
	cr_assert_eq(rc, 0, "single process: exit %d: %s", rc, out);
	free(out);
	snprintf(args, sizeof(args), "run " KILLED_CAMPAIGN " -o %s/k", ht_dir);
	mpirun_command(cmd, sizeof(cmd), args);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	snprintf(path, sizeof(path), "%s/k/runs.csv", ht_dir);
	for (int i = 0; i < POLL_MAX && !pid; i++) {
		nanosleep(&nap, NULL);
		if (ht_lines_in(path) >= KILL_AFTER_LINES) {
			snprintf(args, sizeof(args), "%s/k", ht_dir);
			pid = rank_pid(args, 1);
		}
	}
	cr_assert_gt(pid, 0, "rank 1 not found while the job ran");
	cr_assert_eq(kill((pid_t)pid, SIGKILL), 0);
	out = finish(p, &status);
	cr_assert_neq(status, 0, "mpirun ended well with rank 1 killed: %s", out);
	cr_assert(strstr(out, "rank 1 did not report its end") || strstr(out, "rank 1 with PID"),
		  "nothing says rank 1 was lost: %s", out);
	free(out);
	rows = stable_rows("k");
	want = stable_rows("one");
	cr_assert(strcmp(rows, want), "killed, yet every row is in");
	free(rows);
	/* the job as a whole resumed, each rank its own part */
	snprintf(args, sizeof(args), "run " KILLED_CAMPAIGN " -o %s/k --resume", ht_dir);
	mpirun_command(cmd, sizeof(cmd), args);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	out = finish(p, &status);
	cr_assert_eq(status, 0, "%s: status %d: %s", cmd, status, out);
	cr_assert(strstr(out, "resuming"), "%s", out);
	free(out);
	/* no row lost, none twice */
	rows = stable_rows("k");
	cr_assert_str_eq(rows, want, "the resumed job's rows differ from one process's");
	free(rows);
	free(want);
	snprintf(path, sizeof(path), "cut -d, -f1-6,12-14 %s/one/summary.csv", ht_dir);
	p = popen(path, "r");
	want_summary = finish(p, &status);
	snprintf(path, sizeof(path), "cut -d, -f1-6,12-14 %s/k/summary.csv", ht_dir);
	p = popen(path, "r");
	summary = finish(p, &status);
	cr_assert_str_eq(summary, want_summary, "the resumed job's summary differs, timings aside");
	free(summary);
	free(want_summary);
	snprintf(path, sizeof(path), "%s/k/meta.json", ht_dir);
	out = ht_read(path);
	cr_assert(out && strstr(out, "\"outcome\": \"complete\""), "meta.json: %.300s", out);
	free(out);
}

#else

Test(mpi, two_ranks_give_the_rows_of_one_process)
{
	ht_suite_fini(); /* a skipped test's .fini does not run */
	cr_skip_test("bench built without MPI (cmake -DPB_MPI=ON)");
}

Test(mpi, a_killed_rank_is_said_and_resume_completes_the_run)
{
	ht_suite_fini();
	cr_skip_test("bench built without MPI (cmake -DPB_MPI=ON)");
}

Test(mpi, two_ranks_give_the_anytime_answers_of_one_process)
{
	ht_suite_fini();
	cr_skip_test("bench built without MPI (cmake -DPB_MPI=ON)");
}

#endif
