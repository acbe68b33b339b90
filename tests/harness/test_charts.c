/* The charts and summary.csv come from the same statistics: the medians
 * and quartiles a chart's data file holds are summary.csv's for the same
 * run; a median near the timing floor is flagged in the data and drawn in
 * the time charts; a merged run keeps its shards' batch column and the
 * worst of their floors. gnuplot must be installed (as for test_plot). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/io/meta_read.h"
#include "harness/report/report.h"
#include "tests/support/outside.h"
#include "tests/support/support.h"

#define MAX_ROWS 512

TestSuite(charts, .init = ht_suite_init, .fini = ht_suite_fini);

/* Run bench with these arguments (printf's); it must exit 0. */
#define BENCH_OK(...)                                                           \
	do {                                                                    \
		char *out_;                                                     \
		int rc_ = ht_bench(&out_, __VA_ARGS__);                         \
		cr_assert_eq(rc_, 0, "bench: exit %d:\n%s", rc_, out_);         \
		free(out_);                                                     \
	} while (0)

/* A row of a length data file: its series, length and columns. */
typedef struct chart_row {
	char series[64];
	int length;
	double col[12]; /* instances, solved, runs, time (median q1 q3), peak (...), expanded (...) */
	int near_floor;
} chart_row;

/* The rows of data file PATH (blocks named by their '# block N: NAME'
 * comments). Returns how many. */
static size_t read_length_data(const char *path, chart_row *rows)
{
	char *text = ht_read(path), *save = NULL, series[64] = "";
	size_t n = 0;

	cr_assert_not_null(text, "no data file '%s'", path);
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		chart_row *r = &rows[n];
		char *p = line, *end;
		int k;

		if (sscanf(line, "# block %*d: %63s", series) == 1 || *line == '#')
			continue;
		cr_assert_lt(n, MAX_ROWS);
		snprintf(r->series, sizeof(r->series), "%s", series);
		r->length = (int)strtol(p, &end, 10);
		for (k = 0, p = end; k < 12; k++, p = end)
			r->col[k] = strtod(p, &end);
		r->near_floor = (int)strtol(p, &end, 10);
		cr_assert(end != p, "'%s': no near_floor column in '%s'", path, line);
		n++;
	}
	free(text);
	return n;
}

static bool close_to(double a, double b)
{
	return fabs(a - b) <= fmax(1e-5 * fabs(a), 1.0);
}

/* A real run of bibfs and idastar over lengths 0..14, then its charts:
 * every point of the time, memory and nodes charts is summary.csv's. */
Test(charts, the_charts_data_is_summary_csv)
{
	char path[512], err[256], *summary, *save = NULL;
	chart_row rows[MAX_ROWS];
	size_t n, matched = 0, numeric = 0;
	meta_info meta;

	BENCH_OK("gen --method depth --per-depth 2 --depth 0..14 --seed 5 -o %s/d.txt", ht_dir);
	BENCH_OK("run %s/d.txt -a bibfs,idastar -r 3 -w 0 -o %s/r", ht_dir, ht_dir);
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/r", ht_dir);
	snprintf(path, sizeof(path), "%s/r/charts/data/d.length.dat", ht_dir);
	n = read_length_data(path, rows);
	/* the run measured its timing floor: the flags must follow it */
	meta_info_init(&meta);
	snprintf(path, sizeof(path), "%s/r/meta.json", ht_dir);
	cr_assert_eq(meta_read(&meta, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_gt(meta.timer.floor_ns, 0, "meta.json records no timing floor");
	snprintf(path, sizeof(path), "%s/r/summary.csv", ht_dir);
	summary = ht_read(path);
	cr_assert_not_null(summary);
	for (char *line = strtok_r(summary, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char ds[32], alg[32], heur[32], series[64];
		double med, q1, q3, mn, mx, peak, expanded;
		int len, count, solved;

		if (sscanf(line, "%31[^,],%31[^,],%31[^,],%d,%d,%d,%lf,%lf,%lf,%lf,%lf,%lf,%lf", ds,
			   alg, heur, &len, &count, &solved, &med, &q1, &q3, &mn, &mx, &peak,
			   &expanded) != 13)
			continue;
		numeric++;
		snprintf(series, sizeof(series), strcmp(heur, "-") ? "%s+%s" : "%s", alg, heur);
		for (size_t i = 0; i < n; i++) {
			const chart_row *r = &rows[i];

			if (strcmp(r->series, series) || r->length != len)
				continue;
			matched++;
			cr_assert(close_to(r->col[3] * 1e9, med), "%s length %d: median %g s in the "
				  "chart, %g ns in summary.csv", series, len, r->col[3], med);
			cr_assert(close_to(r->col[4] * 1e9, q1) && close_to(r->col[5] * 1e9, q3),
				  "%s length %d: quartiles differ from summary.csv", series, len);
			cr_assert(close_to(r->col[6], peak), "%s length %d: peak %g, summary.csv %g",
				  series, len, r->col[6], peak);
			cr_assert(close_to(r->col[9], expanded), "%s length %d: expanded %g, "
				  "summary.csv %g", series, len, r->col[9], expanded);
			cr_assert(r->col[0] == count && r->col[1] == solved,
				  "%s length %d: %g instances, %g solved; summary.csv %d, %d", series,
				  len, r->col[0], r->col[1], count, solved);
			/* summary.csv rounds the median to whole nanoseconds: a
			 * median within that of the threshold may be flagged
			 * either way (a median of 48.5 ns against 20 x 2.42 ns
			 * read 48 here) */
			if (stats_near_floor(med - 0.5, meta.timer.floor_ns) ==
			    stats_near_floor(med + 0.5, meta.timer.floor_ns))
				cr_assert_eq(r->near_floor, stats_near_floor(med, meta.timer.floor_ns),
					     "%s length %d: median %g ns, floor %g ns, flagged %d",
					     series, len, med, meta.timer.floor_ns, r->near_floor);
		}
	}
	free(summary);
	meta_info_release(&meta);
	cr_assert_eq(numeric, 2 * 15, "summary.csv: %zu lines with a median, not 2 x 15", numeric);
	cr_assert_eq(matched, numeric, "%zu of summary.csv's %zu lines are in the chart data",
		     matched, numeric);
	cr_assert_eq(n, numeric, "the chart has %zu points, summary.csv %zu", n, numeric);
}

/* A new run folder DIR/NAME and its runs.csv, open for writing, the
 * header written. */
static FILE *open_run(const char *name)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", ht_dir, name);
	cr_assert_eq(mkdir(path, 0777), 0, "cannot make '%s'", path);
	snprintf(path, sizeof(path), "%s/%s/runs.csv", ht_dir, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "cannot write '%s'", path);
	fputs(HT_RUNS_HEADER_BEFORE_NOTE "\n", f);
	return f;
}

/* Write a run with a timing floor of FLOOR_NS into DIR/NAME: algorithm
 * 'quick' at 300 ns a solve, 'slow' at (L + 1) ms, lengths 0..3. */
static void write_floor_run(const char *name, const char *floor)
{
	char path[512];
	FILE *f = open_run(name);

	for (int len = 0; len <= 3; len++) {
		fprintf(f, "f,i%d,quick,-,1,solve,ok,%d,%d,1,1,300,300,64,-,16\n", len, len, len);
		fprintf(f, "f,i%d,slow,-,1,solve,ok,%d,%d,9,9,%d,%d,64,-,1\n", len, len, len,
			(len + 1) * 1000000, (len + 1) * 1000000);
	}
	fclose(f);
	snprintf(path, sizeof(path), "%s/%s/meta.json", ht_dir, name);
	if (floor) {
		char meta[256];

		snprintf(meta, sizeof(meta), "{\"machine\": {\"cpu\": \"Test\"}, \"timer\": "
			 "{\"floor_ns\": %s, \"wall_clock_ns\": 20, \"cpu_clock_ns\": 800, "
			 "\"batch_threshold_ns\": 50000}}\n", floor);
		cr_assert_eq(ht_write(path, meta), 0);
	}
}

Test(charts, a_median_near_the_floor_is_flagged_in_the_data_and_the_time_charts)
{
	char path[512], *driver, *box;
	chart_row rows[MAX_ROWS];
	size_t n;

	write_floor_run("fl", "50");
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/fl", ht_dir);
	snprintf(path, sizeof(path), "%s/fl/charts/data/f.length.dat", ht_dir);
	n = read_length_data(path, rows);
	cr_assert_eq(n, 8);
	for (size_t i = 0; i < n; i++)
		cr_assert_eq(rows[i].near_floor, !strcmp(rows[i].series, "quick"),
			     "%s length %d (median %g s) against 20 x 50 ns: near_floor %d",
			     rows[i].series, rows[i].length, rows[i].col[3], rows[i].near_floor);
	snprintf(path, sizeof(path), "%s/fl/charts/data/f.box.dat", ht_dir);
	box = ht_read(path);
	cr_assert(box && strstr(box, "\"quick\" 1\n") && strstr(box, "\"slow\" 0\n"),
		  "the box data flags quick alone:\n%s", box);
	free(box);
	snprintf(path, sizeof(path), "%s/fl/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	cr_assert_not_null(driver);
	/* the time chart and the box plot draw the line at 20 x 50 ns */
	cr_assert_eq(ht_count_lines(driver, "floor_line = 1e-06"), 2, "%s", driver);
	cr_assert(strstr(driver, "20x the timing floor (50 ns)"), "%s", driver);
	free(driver);
	snprintf(path, sizeof(path), "%s/fl/charts/f-time.png", ht_dir);
	driver = ht_read(path);
	cr_assert_not_null(driver, "no time chart");
	free(driver);
}

Test(charts, an_old_run_has_no_floor_line)
{
	char path[512], *driver;

	write_floor_run("old", NULL);
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/old", ht_dir);
	snprintf(path, sizeof(path), "%s/old/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	cr_assert_not_null(driver);
	cr_assert_null(strstr(driver, "floor_label"), "a floor line without a floor:\n%s", driver);
	free(driver);
}

/* Write into DIR/NAME a run of 'quick' (300 ns a solve), 'slow' ((L + 1)
 * ms) and the long-lived outside program 'prog' (20 us, nearly all of it
 * the round trip), lengths 0..3, and a meta.json with a clock floor of
 * 50 ns and the round trip ROUND_TRIP ("": a run from before it was
 * recorded). */
static void write_outside_run(const char *name, const char *round_trip)
{
	char path[512], meta[512];
	FILE *f = open_run(name);

	for (int len = 0; len <= 3; len++) {
		fprintf(f, "f,i%d,quick,-,1,solve,ok,%d,%d,1,1,300,300,64,-,16\n", len, len, len);
		fprintf(f, "f,i%d,slow,-,1,solve,ok,%d,%d,9,9,%d,%d,64,-,1\n", len, len, len,
			(len + 1) * 1000000, (len + 1) * 1000000);
		fprintf(f, "f,i%d,prog,-,1,solve,ok,%d,%d,0,0,20000,500,0,-,1\n", len, len, len);
	}
	fclose(f);
	snprintf(path, sizeof(path), "%s/%s/meta.json", ht_dir, name);
	snprintf(meta, sizeof(meta), "{\"timer\": {\"floor_ns\": 50}, \"outside_solvers\": "
		 "[{\"name\": \"prog\", \"kind\": \"external\", \"mode\": \"long-lived\"}]%s}\n",
		 round_trip);
	cr_assert_eq(ht_write(path, meta), 0);
}

Test(charts, an_outside_program_is_flagged_and_drawn_against_its_round_trip)
{
	char path[512], *driver, *box;
	chart_row rows[MAX_ROWS];
	size_t n;

	write_outside_run("rt", ", \"external\": {\"round_trip\": {\"median_ns\": 17400}}");
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/rt", ht_dir);
	snprintf(path, sizeof(path), "%s/rt/charts/data/f.length.dat", ht_dir);
	n = read_length_data(path, rows);
	cr_assert_eq(n, 12);
	for (size_t i = 0; i < n; i++)
		cr_assert_eq(rows[i].near_floor, strcmp(rows[i].series, "slow") != 0,
			     "%s length %d (median %g s): near_floor %d", rows[i].series,
			     rows[i].length, rows[i].col[3], rows[i].near_floor);
	snprintf(path, sizeof(path), "%s/rt/charts/data/f.box.dat", ht_dir);
	box = ht_read(path);
	cr_assert(box && strstr(box, "\"prog\" 1\n") && strstr(box, "\"slow\" 0\n"),
		  "the box data does not flag prog against its round trip:\n%s", box);
	free(box);
	snprintf(path, sizeof(path), "%s/rt/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	cr_assert_not_null(driver);
	/* the time chart and the box plot draw both floors: 20 x 50 ns, 20 x 17.4 us */
	cr_assert_eq(ht_count_lines(driver, "floor_line = 1e-06"), 2, "%s", driver);
	cr_assert_eq(ht_count_lines(driver, "trip_line = 0.000348"), 2, "%s", driver);
	cr_assert(strstr(driver, "20x the round trip to an outside program (17.4 µs)"), "%s",
		  driver);
	free(driver);
	snprintf(path, sizeof(path), "%s/rt/charts/f-time.png", ht_dir);
	driver = ht_read(path);
	cr_assert_not_null(driver, "no time chart");
	free(driver);
}

Test(charts, a_run_without_the_round_trip_draws_the_clock_floor_alone)
{
	char path[512], *driver;
	chart_row rows[MAX_ROWS];
	size_t n;

	write_outside_run("nort", "");
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/nort", ht_dir);
	snprintf(path, sizeof(path), "%s/nort/charts/data/f.length.dat", ht_dir);
	n = read_length_data(path, rows);
	cr_assert_eq(n, 12);
	for (size_t i = 0; i < n; i++)
		cr_assert_eq(rows[i].near_floor, !strcmp(rows[i].series, "quick"),
			     "%s length %d against 20 x 50 ns: near_floor %d", rows[i].series,
			     rows[i].length, rows[i].near_floor);
	snprintf(path, sizeof(path), "%s/nort/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	cr_assert_not_null(driver);
	cr_assert_null(strstr(driver, "trip_label"), "a round trip's line without one:\n%s", driver);
	free(driver);
}

Test(charts, wrong_answers_are_shown_as_wrong_not_unsolved)
{
	char path[512], *driver, *box;
	FILE *f = open_run("wr");

	/* 'bad' answers i1 wrongly and times out on i2: 2 of 4 solved, 1 wrong */
	for (int len = 0; len <= 3; len++) {
		fprintf(f, "f,i%d,good,-,1,solve,ok,%d,%d,1,1,%d,%d,64,-,1\n", len, len, len,
			(len + 1) * 1000000, (len + 1) * 1000000);
		if (len == 2)
			fprintf(f, "f,i2,bad,-,1,solve,timeout,-,2,1,1,9000000,9000000,64,-,1\n");
		else
			fprintf(f, "f,i%d,bad,-,1,solve,%s,%d,%d,1,1,%d,%d,64,-,1\n", len,
				len == 1 ? "wrong" : "ok", len, len, (len + 1) * 2000000,
				(len + 1) * 2000000);
	}
	fclose(f);
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/wr", ht_dir);
	snprintf(path, sizeof(path), "%s/wr/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	cr_assert(driver && strstr(driver, "'bad (2 of 4 solved, 1 wrong)'"),
		  "the legend does not say bad answered wrongly:\n%s", driver);
	cr_assert(strstr(driver, "short_rest = 'unsolved or answered wrongly"), "%s", driver);
	free(driver);
	snprintf(path, sizeof(path), "%s/wr/charts/data/f.box.dat", ht_dir);
	box = ht_read(path);
	cr_assert(box && strstr(box, "\"bad\\n2 of 4 solved, 1 wrong\""),
		  "the box plot does not say bad answered wrongly:\n%s", box);
	free(box);
}

/* Set the timer of the meta.json of shard DIR/NAME to one with FLOOR (in
 * place of the one the run measured: a name given twice is not JSON). */
static void add_timer(const char *name, const char *floor)
{
	char path[512], *meta, *text, *at, *end;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s/meta.json", ht_dir, name);
	meta = ht_read(path);
	cr_assert(meta && meta[0] == '{', "shard '%s': no meta.json", name);
	at = strstr(meta, "\"timer\": {");
	cr_assert_not_null(at, "shard '%s': meta.json has no timer", name);
	end = strchr(at, '}');
	cr_assert_not_null(end);
	len = strlen(meta) + 256;
	text = malloc(len);
	cr_assert_not_null(text);
	snprintf(text, len, "%.*s\"timer\": {\"floor_ns\": %s, \"wall_clock_ns\": 30, "
		 "\"cpu_clock_ns\": 900, \"batch_threshold_ns\": 50000}%s", (int)(at - meta), meta,
		 floor, end + 1);
	cr_assert_eq(ht_write(path, text), 0);
	free(text);
	free(meta);
}

Test(charts, a_merge_keeps_the_batch_column_and_the_worst_floor)
{
	char path[512], *out, *merged, *shard, *meta, *save = NULL;
	size_t rows = 0;
	int rc;

	for (int k = 1; k <= 2; k++) {
		char args[512];

		snprintf(args, sizeof(args), "run -d %s/datasets/msquare-depth.txt -a bibfs,reverse-table "
			 "--shard %d/2 -r 1 -w 0 -o %s/s%d", PB_SOURCE_DIR, k, ht_dir, k);
		rc = ht_bench(&out, "%s", args);
		cr_assert_eq(rc, 0, "shard %d: %s", k, out);
		free(out);
	}
	/* one floor so high that every median is within 20x of it */
	add_timer("s1", "1000000000");
	add_timer("s2", "40");
	rc = ht_bench(&out, "merge -o %s/m %s/s1 %s/s2", ht_dir, ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "* the median is within 20x of the harness's timing floor (1.00 s"),
		  "the merged table does not mark the medians near the worst floor:\n%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/m/meta.json", ht_dir);
	meta = ht_read(path);
	cr_assert(meta && strstr(meta, "\"timer\": {\"floor_ns\": 1000000000,"),
		  "merged meta.json: %s", meta);
	free(meta);
	snprintf(path, sizeof(path), "%s/m/runs.csv", ht_dir);
	merged = ht_read(path);
	cr_assert(merged && !strncmp(merged, REPORT_RUNS_HEADER "\n", strlen(REPORT_RUNS_HEADER) + 1),
		  "merged runs.csv header: %.200s", merged);
	for (int k = 1; k <= 2; k++) {
		snprintf(path, sizeof(path), "%s/s%d/runs.csv", ht_dir, k);
		shard = ht_read(path);
		cr_assert_not_null(shard);
		for (char *line = strtok_r(shard, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			if (!strstr(line, ",solve,"))
				continue;
			rows++;
			cr_assert(strstr(merged, line), "shard %d's row '%s' (its batch the last "
				  "field) is not in the merged runs.csv", k, line);
		}
		free(shard);
	}
	cr_assert_gt(rows, 0);
	free(merged);
	rc = ht_bench(&out, "plot --scripts " PB_SOURCE_DIR "/scripts %s/m", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/m/charts/charts.gp", ht_dir);
	meta = ht_read(path);
	cr_assert(meta && strstr(meta, "floor_line = 20\n"), "the merged run's charts draw no "
		  "floor line at 20 x 1 s:\n%s", meta);
	free(meta);
}

/* A real run of IDA* (which holds no memory during a solve) and bibfs:
 * the memory chart draws IDA* on its zero line, in binary units. */
Test(charts, the_memory_chart_shows_a_solver_that_holds_nothing)
{
	char path[512], *driver, *svg, *mem;

	BENCH_OK("gen --method depth --per-depth 2 --depth 0..14 --seed 5 -o %s/d.txt", ht_dir);
	BENCH_OK("run %s/d.txt -a idastar,bibfs -r 1 -w 0 -o %s/r", ht_dir, ht_dir);
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/r", ht_dir);
	snprintf(path, sizeof(path), "%s/r/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	cr_assert_not_null(driver);
	mem = strstr(driver, "# d: memory\n");
	cr_assert_not_null(mem, "no memory chart:\n%s", driver);
	cr_assert(strstr(mem, "zero_names = 'idastar+manhattan") &&
		  strstr(mem, "zero_names = 'idastar+manhattan") < strstr(mem, "load scripts.'memory.gp'"),
		  "IDA* is not on the memory chart's zero line:\n%s", mem);
	free(driver);
	snprintf(path, sizeof(path), "%s/r/charts/d-memory.svg", ht_dir);
	svg = ht_read(path);
	cr_assert_not_null(svg, "no memory chart");
	cr_assert(strstr(svg, "KiB") && strstr(svg, ">0 B<"), "the memory axis: binary units and 0 B");
	cr_assert(!strstr(svg, " kB<") && !strstr(svg, " MB<"), "decimal units on the memory axis");
	cr_assert(strstr(svg, "0 B: idastar+manhattan") &&
		  strstr(svg, "(no bytes held during a solve)"), "the zero line does not say who is on it");
	free(svg);
}

/* Write DIR/NAME/runs.csv: TEXT after the header. */
static void write_run(const char *name, const char *text)
{
	FILE *f = open_run(name);

	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
}

/* No solver with a preparation (BFS: no nodes, no bytes): no preparation
 * chart. */
Test(charts, no_preparation_chart_without_a_preparation)
{
	char path[512], *out, *driver;
	int rc;

	write_run("np", "n,-,a,-,1,prepare,ok,-,-,0,0,4460,4460,0,-,1\n"
			"n,-,b,-,1,prepare,ok,-,-,0,0,900,900,0,-,1\n"
			"n,i1,a,-,1,solve,ok,1,1,5,5,1000,1000,64,-,1\n"
			"n,i2,a,-,1,solve,ok,2,2,9,9,2000,2000,64,-,1\n"
			"n,i1,b,-,1,solve,ok,1,1,5,5,3000,3000,64,-,1\n"
			"n,i2,b,-,1,solve,ok,2,2,9,9,4000,4000,64,-,1\n");
	rc = ht_bench(&out, "plot --scripts " PB_SOURCE_DIR "/scripts %s/np", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "n preparation chart left out: no solver here has a preparation"),
		  "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/np/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	cr_assert(driver && !strstr(driver, "prepare.gp"), "a preparation chart:\n%s", driver);
	free(driver);
}

/* Two prepared solvers, 'p1' (2 ms to prepare) taking 1, 1, 1, 1 and 100
 * us on five instances (median 1 us, mean 20.8 us), 'p2' (1 ms) 2 us on
 * each (median and mean 2 us). The table ranks p1 first (x best 1.00
 * against 2.00); so does the break-even verdict: p1 overtakes p2 after
 * (2 - 1) ms / (2 - 1) us = 1000 queries, where a mean would say never.
 * Only crossings are told. */
Test(charts, the_break_even_verdicts_follow_the_table)
{
	char rows[2048], path[512], err[512], *out, *text = NULL;
	size_t n = 0, len = 0;
	FILE *table;
	report r;
	int rc;

	n += (size_t)snprintf(rows + n, sizeof(rows) - n,
			      "m,-,p1,-,1,prepare,ok,-,-,100,0,2000000,2000000,8192,-,1\n"
			      "m,-,p2,-,1,prepare,ok,-,-,100,0,1000000,1000000,8192,-,1\n");
	for (int i = 1; i <= 5; i++)
		n += (size_t)snprintf(rows + n, sizeof(rows) - n,
				      "m,i%d,p1,-,1,solve,ok,%d,%d,1,1,%d,%d,64,-,1\n"
				      "m,i%d,p2,-,1,solve,ok,%d,%d,1,1,2000,2000,64,-,1\n", i, i, i,
				      i == 5 ? 100000 : 1000, i == 5 ? 100000 : 1000, i, i, i);
	write_run("be", rows);
	rc = ht_bench(&out, "plot --scripts " PB_SOURCE_DIR "/scripts %s/be", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "m: p1 (2 ms to prepare, 1 µs a query) is ahead of p2 from query 1000 "
			      "on"), "p1 (median 1 us) does not overtake p2 (2 us):\n%s", out);
	cr_assert(!strstr(out, "m: p2 ("), "p2 never overtakes p1:\n%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/be/runs.csv", ht_dir);
	report_init(&r);
	cr_assert_eq(report_load(&r, path, err, sizeof(err)), 0, "%s", err);
	table = open_memstream(&text, &len);
	cr_assert_not_null(table);
	report_print_table(table, &r);
	fclose(table);
	cr_assert(strstr(text, "\n  p1 ") && strstr(strstr(text, "\n  p1 "), " 1.00 ") &&
		  strstr(strstr(text, "\n  p2 "), " 2.00 "), "the table ranks p1 first:\n%s", text);
	free(text);
	report_release(&r);
}

/* A series' name comes out whole in the charts, whatever it holds of
 * ':', '=' and '_' (the variants of a solver: a plugin's, an external
 * program's): in the driver's arrays of names, as gnuplot strings, and in
 * the drawn SVG as it is (the terminals are noenhanced, so '_' is no
 * subscript). */
Test(charts, a_variants_name_comes_out_whole)
{
	static const char *const names[] = { "probe-knob:nodes=99", "p:alpha_beta=x_y:node-count=3" };
	char path[512], *driver, *svg;

	ht_write_in(ht_dir, "s.txt", "# puzzlebench dataset\n# format: 1\n# domain: 8puzzle\n"
		    "# goal: 1 2 3 4 5 6 7 8 x\nd0\t1 2 3 4 5 6 7 8 x\t0\nd1\t1 2 3 4 5 6 7 x 8\t1\n");
	BENCH_OK("run %s/s.txt --plugin '%s' --solver \"p=%s %s/tests/harness/external/params.py "
		 "%s/p.log\" -a 'probe-knob:nodes=99,p:node-count=3:alpha_beta=x_y' -o %s/v", ht_dir,
		 PB_PROBE_PLUGIN, ot_python(), PB_SOURCE_DIR, ht_dir, ht_dir);
	BENCH_OK("plot %s/v", ht_dir);
	snprintf(path, sizeof(path), "%s/v/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	snprintf(path, sizeof(path), "%s/v/charts/s-time.svg", ht_dir);
	svg = ht_read(path);
	cr_assert(driver && svg, "no charts in %s/v/charts", ht_dir);
	for (size_t i = 0; i < 2; i++) {
		char quoted[128], shown[128];

		snprintf(quoted, sizeof(quoted), "'%s'", names[i]);
		snprintf(shown, sizeof(shown), ">%s<", names[i]);
		cr_expect(strstr(driver, quoted), "the driver does not name %s: %s", quoted, driver);
		cr_expect(strstr(svg, shown), "the time chart does not show '%s'", names[i]);
	}
	free(driver);
	free(svg);
}
