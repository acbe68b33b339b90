/* 'bench plot' on small runs written here: every chart comes out as a
 * non-empty PNG and SVG, the series hold the right medians and quartiles,
 * and bad input gives exit status 2 with file:line. gnuplot must be
 * installed (CI installs it): without it these tests fail, loudly. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/support.h"

#define HEADER "dataset,instance,algorithm,heuristic,repeat,phase,status,length,reference," \
	       "expanded,generated,wall_ns,cpu_ns,peak_bytes\n"

static const char *const charts[] = { "time", "memory", "nodes", "box", "prepare" };

struct result {
	int status;
	char out[8192];
	char err[8192];
};

/* Run bench with ARGS (NULL-terminated, argv[0] included). */
static void run_bench(const char *const *args, struct result *r)
{
	char *out, *err;

	r->status = ht_run(args, &out, &err);
	snprintf(r->out, sizeof(r->out), "%s", out);
	snprintf(r->err, sizeof(r->err), "%s", err);
	free(out);
	free(err);
}

static void plot(const char *dir, struct result *r)
{
	const char *args[] = { PB_BENCH, "plot", "--scripts", PB_SOURCE_DIR "/scripts", dir, NULL };

	run_bench(args, r);
}

/* The fixture: dataset 'fix', lengths 0..4 (the reference of length 3
 * unknown, so the agreed length counts), one unsolvable instance, one
 * timeout; bfs-hash four repeats with wall (L+1) * 1000 ns * repeat;
 * idastar+manhattan; reverse-table with a 5 ms preparation and no peak
 * bytes (so it is drawn on the memory chart's zero line). */
static void write_fixture(const char *dir)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(HEADER, f);
	fputs("fix,-,reverse-table,-,1,prepare,ok,-,-,181440,725760,5000000,5000000,725760\n", f);
	for (int len = 0; len <= 4; len++) {
		char ref[8];

		snprintf(ref, sizeof(ref), "%d", len);
		for (int rep = 1; rep <= 4; rep++)
			fprintf(f, "fix,i%d,bfs-hash,-,%d,solve,ok,%d,%s,%d,%d,%d,%d,%d\n", len, rep, len,
				len == 3 ? "-" : ref, 10 * (len + 1), 40 * (len + 1),
				(len + 1) * 1000 * rep, (len + 1) * 1000 * rep, 4096 * (len + 1));
		fprintf(f, "fix,i%d,idastar,manhattan,1,solve,ok,%d,%s,%d,%d,%d,%d,%d\n", len, len,
			len == 3 ? "-" : ref, len * len * 3 + 1, len * len * 6 + 2,
			500 * (len + 1) * (len + 1), 500 * (len + 1) * (len + 1), 100 * (len + 1));
		fprintf(f, "fix,i%d,reverse-table,-,1,solve,ok,%d,%s,%d,%d,%d,%d,0\n", len, len,
			len == 3 ? "-" : ref, len, len, 200 + len, 200 + len);
	}
	fputs("fix,u,bfs-hash,-,1,solve,unsolvable,-,unsolvable,0,0,300,300,0\n", f);
	fputs("fix,u,idastar,manhattan,1,solve,unsolvable,-,unsolvable,0,0,250,250,0\n", f);
	fputs("fix,u,reverse-table,-,1,solve,unsolvable,-,unsolvable,0,0,150,150,0\n", f);
	fputs("fix,hard,idastar,manhattan,1,solve,timeout,-,-,999,999,9000000,9000000,64\n", f);
	fclose(f);
	ht_write_in(dir, "meta.json", "{\n  \"machine\": { \"cpu\": \"Test CPU 9000\", \"cores\": 2 },\n"
				    "  \"date\": \"2026-01-02T03:04:05Z\",\n  \"seeds\": [1]\n}\n");
}

static bool program_on_path(const char *name)
{
	const char *path = getenv("PATH");
	char try[1024];

	while (path && *path) {
		size_t len = strcspn(path, ":");

		snprintf(try, sizeof(try), "%.*s/%s", (int)len, path, name);
		if (!access(try, X_OK))
			return true;
		path += len + (path[len] == ':');
	}
	return false;
}

Test(plot, gnuplot_is_installed)
{
	cr_assert(program_on_path("gnuplot"),
		  "gnuplot is not installed: the chart tests need it "
		  "('apt-get install gnuplot-nox' on Debian; CI installs it)");
}

Test(plot, every_chart_as_png_and_svg)
{
	char *dir = ht_tempdir(), path[512], *png, *driver;
	struct result r;

	cr_assert_not_null(dir);
	write_fixture(dir);
	plot(dir, &r);
	cr_assert_eq(r.status, 0, "bench plot on the fixture run 'fix' exited %d:\n%s", r.status,
		     r.err);
	for (size_t i = 0; i < sizeof(charts) / sizeof(charts[0]); i++) {
		snprintf(path, sizeof(path), "%s/charts/fix-%s.png", dir, charts[i]);
		cr_assert_gt(ht_file_size(path), 1000, "'fix' %s chart: an empty PNG", charts[i]);
		png = ht_read(path);
		cr_assert(png && !memcmp(png + 1, "PNG", 3), "'fix' %s chart: '%s' is not a PNG",
			  charts[i], path);
		free(png);
		snprintf(path, sizeof(path), "%s/charts/fix-%s.svg", dir, charts[i]);
		cr_assert_gt(ht_file_size(path), 1000, "'fix' %s chart: an empty SVG", charts[i]);
	}
	snprintf(path, sizeof(path), "%s/charts/charts.gp", dir);
	driver = ht_read(path);
	cr_assert_not_null(driver, "no chart driver '%s'", path);
	cr_assert_not_null(strstr(driver, "# fix: memory\n"), "no memory chart of 'fix'");
	cr_assert_not_null(strstr(strstr(driver, "# fix: memory\n"), "zero_names = 'reverse-table, "),
			   "reverse-table (0 B) is not on the memory chart's zero line:\n%s", driver);
	free(driver);
	cr_assert_null(strstr(r.err, "reverse-table"), "a note about reverse-table:\n%s", r.err);
	cr_assert_not_null(strstr(r.out, "fix: reverse-table"),
			   "no break-even line for reverse-table on 'fix':\n%s", r.out);
	ht_remove(dir);
}

/* The row of block BLOCK whose first column is LENGTH, from a length
 * data file. */
static bool length_row(const char *path, int block, int length, double *col, int ncol)
{
	FILE *f = fopen(path, "r");
	char line[512];
	int blanks = 0, b = 0;
	bool found = false;

	cr_assert_not_null(f, "no data file '%s'", path);
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = line, *end;
		int n;

		if (*line == '\n') {
			if (++blanks == 2)
				b++;
			continue;
		}
		blanks = 0;
		if (*line == '#' || b != block || strtol(line, &end, 10) != length)
			continue;
		for (n = 0, p = end; n < ncol; n++, p = end) {
			col[n] = strtod(p, &end);
			if (end == p)
				break;
		}
		found = n == ncol;
	}
	fclose(f);
	return found;
}

Test(plot, medians_and_quartiles)
{
	char *dir = ht_tempdir(), path[512], *driver;
	double c[12];
	struct result r;

	cr_assert_not_null(dir);
	write_fixture(dir);
	plot(dir, &r);
	cr_assert_eq(r.status, 0, "bench plot on 'fix' exited %d:\n%s", r.status, r.err);
	snprintf(path, sizeof(path), "%s/charts/data/fix.length.dat", dir);
	/* bfs-hash is block 1 (reverse-table came first, with its prepare
	 * row); at length 2 its walls are 3, 6, 9, 12 µs. */
	cr_assert(length_row(path, 1, 2, c, 12), "'fix': no bfs-hash row for length 2 in '%s'", path);
	cr_assert(c[0] == 1 && c[1] == 1, "'fix' bfs-hash length 2: %g instances, %g solved, not 1",
		  c[0], c[1]);
	cr_assert_eq(c[2], 4, "'fix' bfs-hash length 2: %g runs, not 4", c[2]);
	cr_assert_float_eq(c[3], 7.5e-6, 1e-12, "'fix' bfs-hash length 2: median %g s", c[3]);
	cr_assert_float_eq(c[4], 5.25e-6, 1e-12, "'fix' bfs-hash length 2: q1 %g s", c[4]);
	cr_assert_float_eq(c[5], 9.75e-6, 1e-12, "'fix' bfs-hash length 2: q3 %g s", c[5]);
	cr_assert_float_eq(c[6], 3 * 4096, 1e-6, "'fix' bfs-hash length 2: peak %g", c[6]);
	/* Length 3 has no reference: the solvers' agreed length places it. */
	cr_assert(length_row(path, 1, 3, c, 12), "'fix': the instance with reference '-' is "
		  "not at its agreed length 3");
	cr_assert_float_eq(c[9], 40, 1e-9, "'fix' bfs-hash length 3: median expanded %g", c[9]);
	snprintf(path, sizeof(path), "%s/charts/charts.gp", dir);
	driver = ht_read(path);
	cr_assert_not_null(driver, "no chart driver '%s'", path);
	cr_assert_not_null(strstr(driver, "machine = 'Test CPU 9000'"),
			   "the machine from meta.json is not in the titles of 'fix'");
	cr_assert_not_null(strstr(driver, "date = '2026-01-02'"),
			   "the date from meta.json is not in the titles of 'fix'");
	cr_assert_not_null(strstr(driver, "'idastar+manhattan (6 of 7 solved)'"),
			   "the legend of 'fix' does not say that idastar timed out on one instance");
	/* one instance at each of the lengths 0..4, one unsolvable (drawn at 6) */
	cr_assert_not_null(strstr(driver, "array count_x[6] = [0, 1, 2, 3, 4, 6]\n"
				  "array count_n[6] = [1, 1, 1, 1, 1, 1]\n"),
			   "the instances above each length of 'fix':\n%s", driver);
	free(driver);
	ht_remove(dir);
}

Test(plot, old_charts_replaced)
{
	char *dir = ht_tempdir(), path[512];
	struct result r;

	cr_assert_not_null(dir);
	write_fixture(dir);
	snprintf(path, sizeof(path), "%s/charts", dir);
	cr_assert_eq(mkdir(path, 0777), 0);
	ht_write_in(path, "gone-time.png", "stale");
	plot(dir, &r);
	cr_assert_eq(r.status, 0, "bench plot on 'fix' exited %d:\n%s", r.status, r.err);
	snprintf(path, sizeof(path), "%s/charts/gone-time.png", dir);
	cr_assert_not(ht_exists(path), "a chart of an earlier plot of 'fix' is still there");
	ht_remove(dir);
}

/* Plot a run whose runs.csv is TEXT; expect exit 2 and WANT on stderr,
 * and no charts. */
static void expect_bad_csv(const char *text, const char *want)
{
	char *dir = ht_tempdir(), path[512];
	struct result r;

	cr_assert_not_null(dir);
	if (text)
		ht_write_in(dir, "runs.csv", text);
	plot(dir, &r);
	cr_assert_eq(r.status, 2, "bad runs.csv (%s): exit %d, not 2", want, r.status);
	cr_assert_not_null(strstr(r.err, want), "bad runs.csv: '%s' not in the message:\n%s", want,
			   r.err);
	snprintf(path, sizeof(path), "%s/charts", dir);
	cr_assert_not(ht_exists(path), "bad runs.csv (%s): a charts folder was made", want);
	ht_remove(dir);
}

Test(plot, short_row)
{
	expect_bad_csv(HEADER "d,i,bfs-hash,-,1,solve,ok,3,3,4,9,100,100,64\n"
			      "d,j,bfs-hash,-,1,solve,ok,3,3,4,9,100,100\n",
		       "runs.csv:3: 13 fields, the header has 14");
}

Test(plot, bad_number)
{
	expect_bad_csv(HEADER "d,i,bfs-hash,-,1,solve,ok,3,3,4,9,x12,100,64\n",
		       "runs.csv:2: bad wall_ns 'x12'");
}

Test(plot, missing_column)
{
	expect_bad_csv("dataset,instance,algorithm,heuristic,phase,status,length,reference\n",
		       "runs.csv:1: no column 'wall_ns'");
}

Test(plot, unknown_phase)
{
	expect_bad_csv(HEADER "d,i,bfs-hash,-,1,build,ok,3,3,4,9,100,100,64\n",
		       "runs.csv:2: unknown phase 'build'");
}

Test(plot, header_only)
{
	expect_bad_csv(HEADER, "runs.csv:1: no runs after the header");
}

Test(plot, missing_runs_csv)
{
	expect_bad_csv(NULL, "runs.csv: No such file");
}

Test(plot, no_gnuplot)
{
	char *dir = ht_tempdir(), path[512];
	const char *args[6];
	struct result r;

	cr_assert_not_null(dir);
	write_fixture(dir);
	args[0] = PB_BENCH;
	args[1] = "plot";
	args[2] = "--gnuplot";
	args[3] = "/nonexistent/gnuplot";
	args[4] = dir;
	args[5] = NULL;
	run_bench(args, &r);
	cr_assert_eq(r.status, 2, "no gnuplot: exit %d, not 2", r.status);
	cr_assert_not_null(strstr(r.err, "apt-get install gnuplot-nox"),
			   "no gnuplot: the message does not say how to install it:\n%s", r.err);
	snprintf(path, sizeof(path), "%s/charts", dir);
	cr_assert_not(ht_exists(path), "no gnuplot: a charts folder was made");
	ht_remove(dir);
}

/* A run of bench itself on pancake stacks and cube scrambles (lengths
 * that the tiles datasets never give, other solvers) is charted like any
 * other: every chart of each dataset, the series named in the driver. */
Test(plot, pancake_and_cube_runs)
{
	static const char *const domains[] = { "pancake8", "cube2" };
	char *dir = ht_tempdir(), path[1024], *out, *driver;
	struct result r;

	cr_assert_not_null(dir);
	for (size_t i = 0; i < sizeof(domains) / sizeof(domains[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s.txt", dir, domains[i]);
		cr_assert_eq(ht_bench(&out, "gen -d %s -m walk -l 2..6 -n 2 --seed 3 -o '%s'",
				      domains[i], path), 0, "%s: %s", domains[i], out);
		free(out);
	}
	cr_assert_eq(ht_bench(&out, "run -a idastar,bfs-hash -r 3 -w 0 -o '%s/run' '%s/%s.txt' "
			      "'%s/%s.txt'", dir, dir, domains[0], dir, domains[1]), 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/run", dir);
	plot(path, &r);
	cr_assert_eq(r.status, 0, "bench plot exited %d:\n%s", r.status, r.err);
	for (size_t i = 0; i < sizeof(domains) / sizeof(domains[0]); i++)
		for (size_t c = 0; c < sizeof(charts) / sizeof(charts[0]); c++) {
			snprintf(path, sizeof(path), "%s/run/charts/%s-%s.svg", dir, domains[i], charts[c]);
			cr_expect_gt(ht_file_size(path), 1000, "%s %s chart: none or empty", domains[i],
				     charts[c]);
		}
	snprintf(path, sizeof(path), "%s/run/charts/charts.gp", dir);
	driver = ht_read(path);
	cr_assert_not_null(driver, "no chart driver '%s'", path);
	cr_expect(strstr(driver, "# pancake8: time\n") && strstr(driver, "# cube2: nodes\n"), "%s",
		  driver);
	free(driver);
	ht_remove(dir);
}
