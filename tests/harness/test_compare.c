/* bench compare: ratios of two runs, flags past the threshold, and exit 1
 * for a regression only with --fail-on-regression. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/report/report.h"
#include "tests/support/support.h"

TestSuite(compare, .init = ht_suite_init, .fini = ht_suite_fini);

/* runs.csv as written before the rss_bytes column: still read. */
#define OLD_RUNS_HEADER \
	"dataset,instance,algorithm,heuristic,repeat,phase,status,length,reference," \
	"expanded,generated,wall_ns,cpu_ns,peak_bytes"

/* A runs.csv with algorithm 'a' on instances i1..i4 of dataset 'd', each
 * repeat's time BASE * (instance) * SCALE and peak bytes PEAK. */
static void write_runs(const char *name, double scale, unsigned peak, const char *status4)
{
	char path[512], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", ht_dir, name);
	cr_assert_eq(mkdir(path, 0777), 0);
	snprintf(path, sizeof(path), "%s/%s/runs.csv", ht_dir, name);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(OLD_RUNS_HEADER "\n", f);
	fputs("d,-,a,-,1,prepare,ok,-,-,0,0,1000,1000,0\n", f);
	for (int i = 1; i <= 4; i++) {
		for (int r = 1; r <= 3; r++) {
			unsigned long long ns = (unsigned long long)(100000.0 * i * scale) + (unsigned)r;

			snprintf(line, sizeof(line), "d,i%d,a,-,%d,solve,%s,%d,%d,10,20,%llu,%llu,%u\n", i, r,
				 i == 4 ? status4 : "ok", i, i, ns, ns, peak);
			fputs(line, f);
		}
	}
	fclose(f);
}

Test(compare, equal_runs_flag_nothing)
{
	char *out;
	int rc;

	write_runs("old", 1.0, 4096, "ok");
	write_runs("new", 1.02, 4096, "ok");
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "0 regressions flagged"), "%s", out);
	cr_assert(strstr(out, " 1.02 "), "the time ratio is 1.02: %s", out);
	free(out);
}

Test(compare, slower_and_bigger_is_a_regression)
{
	char *out;
	int rc;

	write_runs("old", 1.0, 4096, "ok");
	write_runs("new", 1.5, 8192, "ok");
	rc = ht_bench(&out, "compare %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "flagged, but no --fail-on-regression: %s", out);
	free(out);
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, "slower") && strstr(out, "more memory"), "%s", out);
	cr_assert(strstr(out, " 1.50 ") && strstr(out, " 2.00 "), "ratios 1.50 and 2.00: %s", out);
	free(out);
	/* the other way round: faster, no regression */
	rc = ht_bench(&out, "compare --fail-on-regression %s/new %s/old", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "faster") && strstr(out, "less memory"), "%s", out);
	free(out);
	/* a threshold above the change flags nothing */
	rc = ht_bench(&out, "compare --threshold 150%% --fail-on-regression %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

Test(compare, fewer_answers_or_wrong_ones_are_regressions)
{
	char *out;
	int rc;

	write_runs("old", 1.0, 4096, "ok");
	write_runs("timeouts", 1.0, 4096, "timeout");
	write_runs("wrong", 1.0, 4096, "wrong");
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/timeouts", ht_dir, ht_dir);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, "answers fewer") && strstr(out, "4/4 -> 3/4"), "%s", out);
	free(out);
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/wrong", ht_dir, ht_dir);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, "WRONG answers"), "%s", out);
	free(out);
}

Test(compare, bad_input_exits_2)
{
	char path[512], *out;
	int rc;

	write_runs("old", 1.0, 4096, "ok");
	rc = ht_bench(&out, "compare %s/old", ht_dir);
	cr_assert_eq(rc, 2);
	cr_assert(strstr(out, "want two run directories"), "%s", out);
	free(out);
	rc = ht_bench(&out, "compare %s/old %s/missing", ht_dir, ht_dir);
	cr_assert_eq(rc, 2);
	cr_assert(strstr(out, "missing/runs.csv: No such file"), "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/bad", ht_dir);
	cr_assert_eq(mkdir(path, 0777), 0);
	snprintf(path, sizeof(path), "%s/bad/runs.csv", ht_dir);
	cr_assert_eq(ht_write(path, OLD_RUNS_HEADER "\nd,i1,a,-,1,solve,fine,3,3,1,1,1,1,1\n"), 0);
	rc = ht_bench(&out, "compare %s/old %s/bad", ht_dir, ht_dir);
	cr_assert_eq(rc, 2);
	cr_assert(strstr(out, "bad/runs.csv:2: bad status"), "%s", out);
	free(out);
	rc = ht_bench(&out, "compare --threshold x %s/old %s/old", ht_dir, ht_dir);
	cr_assert_eq(rc, 2);
	free(out);
}

Test(compare, two_real_runs_compare)
{
	char *out;
	int rc;

	rc = ht_bench(&out, "gen --method depth --per-depth 1 --depth 0..20 -o %s/d.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/d.txt -a bibfs,bfs-cantor -r 1 -w 0 -o %s/r1", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/d.txt -a bibfs -r 1 -w 0 -o %s/r2", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "compare %s/r1 %s/r2", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "bfs-cantor") && strstr(out, "not in the new run"), "%s", out);
	cr_assert(strstr(out, "21/21 -> 21/21"), "bibfs answered all 21 in both: %s", out);
	free(out);
}

Test(compare, medians_near_the_timing_floor_are_flagged)
{
	char path[512], *out;
	int rc;

	write_runs("old", 1.0, 4096, "ok");
	write_runs("new", 1.0, 4096, "ok");
	rc = ht_bench(&out, "compare %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert_null(strstr(out, "near the timing floor"), "no floor recorded, yet: %s", out);
	free(out);
	/* medians of 0.1 to 0.4 ms against 20 x 0.1 ms: flagged, not a regression */
	snprintf(path, sizeof(path), "%s/new/meta.json", ht_dir);
	cr_assert_eq(ht_write(path, "{\"timer\": {\"floor_ns\": 100000}}\n"), 0);
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "near the timing floor") && strstr(out, "0 regressions"), "%s", out);
	free(out);
}
