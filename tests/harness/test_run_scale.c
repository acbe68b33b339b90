/* bench run at scale: a million solves of every arrangement of the
 * 8-puzzle (reverse-table, each solve a row of its own) hold a few bytes
 * of the harness's memory a row, the peak resident set of the whole
 * process measured (wait4); and their journal, cut short midway with a
 * torn line, resumes to the same rows. Resource bounds, not speed: the
 * bound is ten times what the rows take. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/report/report.h"
#include "tests/support/support.h"

/* A sanitizer build is slower and its memory is not the program's: a
 * smaller board, and no bound on memory. */
#if SLOWDOWN > 1
#define DOMAIN "tiles2x4"
#else
#define DOMAIN "8puzzle"
#endif
/* Bytes of the process's peak resident set a solve row may add: the
 * harness keeps about 2 of a repeat (groups.h, runs.h); a row kept whole
 * took about 150. */
#define MAX_BYTES_A_ROW 24
/* runs.csv's columns up to 'length': a row's key, status and answer. */
#define ROW_COLUMNS 8
#define ROOM 1024

TestSuite(run_scale, .init = ht_suite_init, .fini = ht_suite_fini);

/* Run 'bench run' over every arrangement with REPEAT repeats into DIR.
 * Returns the peak resident bytes of the process. */
static long run_all(unsigned repeat, const char *dir)
{
	char data[ROOM], rep[16], out[ROOM];
	const char *argv[] = { PB_BENCH, "run", data, "-a", "reverse-table", "-r", rep, "-w", "0",
			       "--batch-threshold", "0", "-o", out, NULL };
	struct rusage ru;
	int status;
	pid_t pid;

	snprintf(data, sizeof(data), "%s/all.txt", ht_dir);
	snprintf(rep, sizeof(rep), "%u", repeat);
	snprintf(out, sizeof(out), "%s/%s", ht_dir, dir);
	pid = ht_spawn_quiet(argv);
	cr_assert_eq(wait4(pid, &status, 0, &ru), pid, "%s", strerror(errno));
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "bench run -r %u into %s: status %d",
		  repeat, dir, status);
	return ru.ru_maxrss * 1024L;
}

/* Cut runs.csv of DIR after about FRACTION of its bytes, at the end of a
 * line, then add half a row. Returns the rows left. */
static size_t cut_midway(const char *dir, double fraction)
{
	char path[ROOM], *text, *p;
	size_t rows = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/runs.csv", ht_dir, dir);
	text = ht_read(path);
	cr_assert_not_null(text);
	p = strchr(text + (size_t)(fraction * (double)strlen(text)), '\n');
	cr_assert_not_null(p);
	p[1] = '\0';
	for (const char *c = text; *c; c++)
		rows += *c == '\n';
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fputs("all,12345,reverse-ta", f);
	fclose(f);
	free(text);
	return rows - 1;
}

Test(run_scale, a_million_solves_take_a_few_bytes_a_row_and_resume_when_cut, .timeout = 900)
{
	char path[ROOM], *out, *want, *got;
	size_t rows_one, rows_three, kept;
	long rss_one, rss_three;
	int rc;

	rc = ht_bench(&out, "gen --domain " DOMAIN " --method all -o %s/all.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rss_one = run_all(1, "one");
	rss_three = run_all(3, "three");
	snprintf(path, sizeof(path), "%s/one/runs.csv", ht_dir);
	free(ht_sorted_rows(path, ROW_COLUMNS, &rows_one));
	snprintf(path, sizeof(path), "%s/three/runs.csv", ht_dir);
	want = ht_sorted_rows(path, ROW_COLUMNS, &rows_three);
	cr_assert_eq(rows_three, 3 * rows_one - 2, "one preparation, three repeats");
	if (SLOWDOWN == 1) {
		double per_row = (double)(rss_three - rss_one) / (double)(rows_three - rows_one);

		cr_assert_lt(per_row, MAX_BYTES_A_ROW, "%zu more rows took %ld more bytes of peak "
			     "resident memory (%ld, then %ld): %.1f bytes a row", rows_three - rows_one,
			     rss_three - rss_one, rss_one, rss_three, per_row);
	}
	/* the journal of a million rows killed midway, its last line torn */
	kept = cut_midway("three", 0.6);
	snprintf(path, sizeof(path), "%s/three", ht_dir);
	rc = ht_bench(&out, "run %s/all.txt -a reverse-table -r 3 -w 0 --batch-threshold 0 -o %s "
		      "--resume", ht_dir, path);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "resuming"), "%s", out);
	snprintf(path, sizeof(path), "resuming: %zu rows on record", kept);
	cr_assert(strstr(out, path), "'%s' not in: %s", path, out);
	free(out);
	snprintf(path, sizeof(path), "%s/three/runs.csv", ht_dir);
	got = ht_sorted_rows(path, ROW_COLUMNS, NULL);
	cr_assert(!strcmp(got, want), "the resumed journal's rows differ from the run's");
	free(want);
	free(got);
}
