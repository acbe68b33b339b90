/* bench compare: ratios of two runs, flags past the threshold where the
 * signed-rank test finds the change significant, and exit 1 for a
 * regression only with --fail-on-regression. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdint.h>
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

/* A new run folder DIR/NAME and its runs.csv, open for writing, with
 * HEADER's line written (none when NULL). */
static FILE *open_run(const char *name, const char *header)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", ht_dir, name);
	cr_assert_eq(mkdir(path, 0777), 0, "cannot make '%s'", path);
	snprintf(path, sizeof(path), "%s/%s/runs.csv", ht_dir, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "cannot write '%s'", path);
	if (header)
		fprintf(f, "%s\n", header);
	return f;
}

/* Instances in the runs write_runs makes: enough for the test (8 of one
 * sign: p = 2/256). */
#define INSTANCES 8

/* A runs.csv with algorithm 'a' on instances i1..iN of dataset 'd', each
 * repeat's time 100 us * (instance) * SCALE and peak bytes PEAK; the last
 * instance's status STATUS_LAST. */
static void write_runs_of(const char *name, int n, double scale, unsigned peak,
			  const char *status_last)
{
	char line[256];
	FILE *f = open_run(name, OLD_RUNS_HEADER);

	fputs("d,-,a,-,1,prepare,ok,-,-,0,0,1000,1000,0\n", f);
	for (int i = 1; i <= n; i++) {
		for (int r = 1; r <= 3; r++) {
			unsigned long long ns = (unsigned long long)(100000.0 * i * scale) + (unsigned)r;

			snprintf(line, sizeof(line), "d,i%d,a,-,%d,solve,%s,%d,%d,10,20,%llu,%llu,%u\n", i, r,
				 i == n ? status_last : "ok", i, i, ns, ns, peak);
			fputs(line, f);
		}
	}
	fclose(f);
}

static void write_runs(const char *name, double scale, unsigned peak, const char *status_last)
{
	write_runs_of(name, INSTANCES, scale, peak, status_last);
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
	cr_assert(strstr(out, "answers fewer") && strstr(out, "8/8 -> 7/8"), "%s", out);
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
	rc = ht_bench(&out, "compare --alpha 1.5 %s/old %s/old", ht_dir, ht_dir);
	cr_assert_eq(rc, 2);
	cr_assert(strstr(out, "--alpha '1.5' is not a probability"), "%s", out);
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

/* meta.json of a run where 'a' is an outside program run MODE, the clock
 * floor 50 ns and the round trip 40 us. */
static void write_outside_meta(const char *name, const char *mode)
{
	char path[512], text[512];

	snprintf(path, sizeof(path), "%s/%s/meta.json", ht_dir, name);
	snprintf(text, sizeof(text), "{\"timer\": {\"floor_ns\": 50}, \"outside_solvers\": "
		 "[{\"name\": \"a\", \"kind\": \"external\", \"mode\": \"%s\"}], "
		 "\"external\": {\"round_trip\": {\"median_ns\": 40000}}}\n", mode);
	cr_assert_eq(ht_write(path, text), 0);
}

Test(compare, an_outside_program_is_flagged_near_its_round_trip)
{
	char *out;
	int rc;

	/* medians of 0.1 to 0.8 ms: far above 20 x 50 ns, under 20 x 40 us */
	write_runs("old", 1.0, 4096, "ok");
	write_runs("new", 1.0, 4096, "ok");
	write_outside_meta("old", "one-shot");
	write_outside_meta("new", "one-shot");
	rc = ht_bench(&out, "compare %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert_null(strstr(out, "near the timing floor"), "a one-shot program on the round "
		       "trip: %s", out);
	free(out);
	write_outside_meta("new", "long-lived");
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "near the timing floor") && strstr(out, "0 regressions"),
		  "a long-lived program at 0.1 to 0.8 ms against a 40 us round trip: %s", out);
	free(out);
}

Test(compare, too_few_instances_cannot_be_significant)
{
	char *out;
	int rc;

	/* 4 instances all 1.5x slower: the smallest p the test can give is 2/16 */
	write_runs_of("old", 4, 1.0, 4096, "ok");
	write_runs_of("new", 4, 1.5, 4096, "ok");
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "too few instances to test") && !strstr(out, "slower"), "%s", out);
	cr_assert(strstr(out, " 1.50  0.125 "), "ratio 1.50, p = 2/16: %s", out);
	free(out);
}

Test(compare, alpha_sets_the_significance_level)
{
	char *out;
	FILE *f;
	int rc;

	/* 8 instances all slower: p = 2/256 = 0.0078, significant at 0.05; at
	 * 0.005 no outcome of 8 instances could be */
	write_runs("old", 1.0, 4096, "ok");
	write_runs("new", 1.5, 4096, "ok");
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, " 0.008 ") && strstr(out, "slower"), "%s", out);
	free(out);
	rc = ht_bench(&out, "compare --alpha 0.005 --fail-on-regression %s/old %s/new", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "too few instances to test") && !strstr(out, "slower"), "%s", out);
	free(out);
	/* 10 instances, 7 of them 1.5x slower and 3 0.9x: W+ = 7 * 7 = 49 (the
	 * ties' mean ranks 7 and 2) is reached by 8 of the 1024 sign patterns,
	 * p = 16/1024 = 0.0156: significant at 0.05, not at 0.01 */
	write_runs_of("ten", 10, 1.0, 4096, "ok");
	f = open_run("mixed", OLD_RUNS_HEADER);
	for (int i = 1; i <= 10; i++)
		for (int r = 1; r <= 3; r++) {
			unsigned long long ns = (unsigned long long)((100000.0 * i + r) * (i <= 7 ? 1.5 : 0.9));

			fprintf(f, "d,i%d,a,-,%d,solve,ok,%d,%d,10,20,%llu,%llu,4096\n", i, r, i, i, ns, ns);
		}
	fclose(f);
	rc = ht_bench(&out, "compare --fail-on-regression %s/ten %s/mixed", ht_dir, ht_dir);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, " 1.50  0.016 ") && strstr(out, "slower"), "%s", out);
	free(out);
	rc = ht_bench(&out, "compare --alpha 0.01 --fail-on-regression %s/ten %s/mixed", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "not significant") && !strstr(out, "slower"), "%s", out);
	free(out);
}

/* A run of N instances whose repeats take 10 us * (instance) * SCALE,
 * each repeat's time off by up to 30% either way (a fixed sequence of
 * pseudo-random numbers from SEED: a 64-bit LCG, Knuth's MMIX constants). */
static void write_noisy(const char *name, int n, double scale, uint64_t seed)
{
	FILE *f = open_run(name, OLD_RUNS_HEADER);

	for (int i = 1; i <= n; i++) {
		for (int r = 1; r <= 3; r++) {
			double u;
			unsigned long long ns;

			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			u = (double)(seed >> 11) / 9007199254740992.0; /* [0, 1) */
			ns = (unsigned long long)(10000.0 * i * scale * (0.7 + 0.6 * u));
			fprintf(f, "d,i%d,a,-,%d,solve,ok,%d,%d,10,20,%llu,%llu,64\n", i, r, i % 30,
				i % 30, ns, ns);
		}
	}
	fclose(f);
}

Test(compare, noise_is_not_flagged_a_slowdown_of_2x_is)
{
	char *out;
	int rc;

	write_noisy("old", 40, 1.0, 1);
	write_noisy("same", 40, 1.0, 2);
	write_noisy("slow", 40, 2.0, 3);
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/same", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(!strstr(out, "slower") && !strstr(out, "faster"), "the same solver, other noise: %s",
		  out);
	free(out);
	rc = ht_bench(&out, "compare --fail-on-regression %s/old %s/slow", ht_dir, ht_dir);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, "<0.001") && strstr(out, "slower"), "2x slower over 40 instances: %s",
		  out);
	free(out);
}

/* Write the rows of runs.csv IN whose repeat is odd (ODD) or even into
 * DIR/NAME/runs.csv, their times multiplied by SCALE. */
static void split_run(const char *in, const char *name, bool odd, int scale)
{
	char *text = ht_read(in), *save = NULL;
	FILE *f;
	bool header = true;

	cr_assert_not_null(text, "no '%s'", in);
	f = open_run(name, NULL);
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *field[20], *p = line;
		int n = 0;

		if (header) {
			fprintf(f, "%s\n", line);
			header = false;
			continue;
		}
		while (n < 20 && (field[n++] = strsep(&p, ",")))
			;
		cr_assert_geq(n, 15, "a runs.csv row of %d fields", n);
		if (strcmp(field[5], "solve") || (atoi(field[4]) % 2 == 1) != odd)
			continue;
		for (int k = 0; k < n - 1; k++) {
			if (k == 11 || k == 12)
				fprintf(f, "%s%llu", k ? "," : "", strtoull(field[k], NULL, 10) * (unsigned)scale);
			else
				fprintf(f, "%s%s", k ? "," : "", field[k]);
		}
		fputc('\n', f);
	}
	fclose(f);
	free(text);
}

/* The same solvers on the same instances: one real run of 6 repeats whose
 * odd and even repeats (solved one after the other, so under the same
 * load) make two runs. Nothing is flagged; with every time of the second
 * doubled, each solver is 'slower'. */
Test(compare, two_halves_of_one_real_run_are_not_flagged_a_doubled_half_is)
{
	char runs[512], *out;
	int rc;

	rc = ht_bench(&out, "gen --method depth --per-depth 2 --depth 0..20 -o %s/d.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	/* 41 instances: depth 0 has one */
	rc = ht_bench(&out, "run %s/d.txt -a bibfs,idastar -r 6 -w 1 -o %s/r", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(runs, sizeof(runs), "%s/r/runs.csv", ht_dir);
	split_run(runs, "odd", true, 1);
	split_run(runs, "even", false, 1);
	split_run(runs, "doubled", false, 2);
	rc = ht_bench(&out, "compare --fail-on-regression %s/odd %s/even", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(!strstr(out, "slower") && !strstr(out, "faster") && strstr(out, "41/41 -> 41/41"),
		  "the same solvers under the same load: %s", out);
	free(out);
	rc = ht_bench(&out, "compare --fail-on-regression %s/odd %s/doubled", ht_dir, ht_dir);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert_eq(ht_count_lines(out, "  bibfs "), 1, "%s", out);
	for (const char *p = out; (p = strstr(p, "\n  ")); p++)
		if (!strncmp(p + 3, "bibfs", 5) || !strncmp(p + 3, "idastar", 7))
			cr_assert(strstr(p, " slower") && strstr(p, " slower") < strchr(p + 1, '\n'),
				  "doubled, so slower: %.120s", p + 1);
	free(out);
}

/* A variant of a solver is a series of its own in compare and report: a
 * run with probe-knob and probe-knob:nodes=99 against one with probe-knob
 * and probe-knob:mode=fail pairs only probe-knob, and says which variant
 * each run lacks; report tables each variant apart. */
Test(compare, variants_are_series_of_their_own)
{
	char *out;
	int rc;

	ht_write_in(ht_dir, "s.txt", "# puzzlebench dataset\n# format: 1\n# domain: 8puzzle\n"
		    "# goal: 1 2 3 4 5 6 7 8 x\nd0\t1 2 3 4 5 6 7 8 x\t0\nd1\t1 2 3 4 5 6 7 x 8\t1\n");
	rc = ht_bench(&out, "run %s/s.txt --plugin '%s' -a probe-knob,probe-knob:nodes=99 -o %s/va",
		      ht_dir, PB_PROBE_PLUGIN, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/s.txt --plugin '%s' -a probe-knob,probe-knob:mode=fail -o %s/vb",
		      ht_dir, PB_PROBE_PLUGIN, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "compare %s/va %s/vb", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_expect(strstr(out, "\n  probe-knob                    2/2 -> 2/2      2 "), "%s", out);
	cr_expect(strstr(out, "\n  probe-knob:mode=fail          0/0 -> 0/2      0 ") &&
		  strstr(out, "not in the old run"), "%s", out);
	cr_expect(strstr(out, "\n  probe-knob:nodes=99           2/2 -> 0/0      0 ") &&
		  strstr(out, "not in the new run"), "%s", out);
	free(out);
	rc = ht_bench(&out, "report %s/va", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_expect(strstr(out, "  probe-knob (ns)  probe-knob:nodes=99 (ns)"), "%s", out);
	free(out);
}

/* A name longer than the label column widens it: each line stays in line. */
Test(compare, a_long_variant_name_widens_the_label_column)
{
	static const char name[] = "probe-knob:nodes=123456:mode=ok";
	char *out, *line, want[128];
	int rc;

	ht_write_in(ht_dir, "s.txt", "# puzzlebench dataset\n# format: 1\n# domain: 8puzzle\n"
		    "# goal: 1 2 3 4 5 6 7 8 x\nd1\t1 2 3 4 5 6 7 x 8\t1\n");
	for (int k = 0; k < 2; k++) {
		rc = ht_bench(&out, "run %s/s.txt --plugin '%s' -a probe-knob:mode=ok:nodes=123456 "
			      "-o %s/long%d", ht_dir, PB_PROBE_PLUGIN, ht_dir, k);
		cr_assert_eq(rc, 0, "%s", out);
		free(out);
	}
	rc = ht_bench(&out, "compare %s/long0 %s/long1", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	snprintf(want, sizeof(want), "\n  %-*s solved old -> new", (int)strlen(name), "algorithm");
	cr_expect(strstr(out, want), "the header's label column: %s", out);
	snprintf(want, sizeof(want), "\n  %s        1/1 -> 1/1 ", name);
	line = strstr(out, want);
	cr_expect_not_null(line, "%s", out);
	free(out);
}

/* A runs.csv of a bounded solver 'w' on instances i1..i8 of dataset 'd'
 * (reference 10 each): lengths 10 + EXTRA[i], the same time throughout. */
static void write_quality_run(const char *name, const int *extra)
{
	FILE *f = open_run(name, OLD_RUNS_HEADER);

	fputs("d,-,w,-,1,prepare,ok,-,-,0,0,1000,1000,0\n", f);
	for (int i = 1; i <= INSTANCES; i++)
		fprintf(f, "d,i%d,w,-,1,solve,ok,%d,10,10,20,%d,%d,4096\n", i, 10 + extra[i - 1],
			100000 * i, 100000 * i);
	fclose(f);
}

/* Longer answers at the same time: 'worse quality', a regression, by the
 * same test as a slowdown (8 instances of one sign: p = 2/256); shorter
 * ones 'better quality'; one instance alone longer is not significant. */
Test(compare, worse_quality_is_a_regression)
{
	static const int none[INSTANCES], longer[INSTANCES] = { 2, 3, 2, 4, 2, 3, 2, 6 },
		one[INSTANCES] = { 0, 0, 0, 0, 0, 0, 0, 9 };
	char *out;
	int rc;

	write_quality_run("q-old", none);
	write_quality_run("q-new", longer);
	write_quality_run("q-one", one);
	rc = ht_bench(&out, "compare --fail-on-regression %s/q-old %s/q-new", ht_dir, ht_dir);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, "worse quality"), "%s", out);
	cr_assert(strstr(out, "  1.000   1.300  "), "the mean qualities: %s", out);
	free(out);
	rc = ht_bench(&out, "compare --fail-on-regression %s/q-new %s/q-old", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "better quality"), "%s", out);
	free(out);
	rc = ht_bench(&out, "compare --fail-on-regression %s/q-old %s/q-one", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "quality: not significant"), "%s", out);
	free(out);
}
