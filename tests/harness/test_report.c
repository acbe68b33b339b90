/* The one reader and writer of runs.csv (harness/report/runs.c), the
 * statistics (stats.c, groups.c) and the summary table (summary.c): the
 * batch column round-trips and older files still read; quantiles are R's;
 * the rule for instances without a reference; a median near the timing
 * floor marked in the table. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "harness/report/report.h"
#include "tests/support/support.h"

TestSuite(report, .init = ht_suite_init, .fini = ht_suite_fini);

/* A dataset 'mem' of the 8-puzzle with instances i1 (reference 2) and i2
 * (reference unknown). */
static void make_dataset(dataset *ds)
{
	static const char *const texts[] = { "1 2 3 4 5 6 x 7 8", "1 2 3 4 5 6 7 8 x" };
	static const int refs[] = { 2, DATASET_REF_UNKNOWN };
	char err[256];

	memset(ds, 0, sizeof(*ds));
	cr_assert_eq(pb_domain_init(&ds->domain, "8puzzle", err, sizeof(err)), 0, "%s", err);
	ds->name = strdup("mem");
	ds->path = strdup("mem");
	for (size_t i = 0; i < 2; i++) {
		char id[8];
		pb_state s;

		cr_assert_eq(pb_parse(&ds->domain, texts[i], strlen(texts[i]), &s, err, sizeof(err)),
			     0, "%s", err);
		snprintf(id, sizeof(id), "i%zu", i + 1);
		cr_assert_eq(dataset_append(ds, id, &s, refs[i]), 0);
	}
}

static void load(report *r, const char *text)
{
	char path[512], err[512];

	snprintf(path, sizeof(path), "%s/runs.csv", ht_dir);
	cr_assert_eq(ht_write(path, text), 0);
	report_init(r);
	cr_assert_eq(report_load(r, path, err, sizeof(err)), 0, "%s", err);
}

/* The rows the reader hands over, whole. */
#define READ_MAX 8
typedef struct read_rows {
	report_row v[READ_MAX];
	bool prepare[READ_MAX];
	size_t n;
} read_rows;

static int keep_whole(void *arg, const report_read_row *row, char *err, size_t errlen)
{
	read_rows *r = arg;

	(void)err;
	(void)errlen;
	cr_assert_lt(r->n, READ_MAX);
	r->prepare[r->n] = row->instance == NULL;
	r->v[r->n++] = row->v;
	return 0;
}

/* PATH's rows as the reader parses them, into R. */
static void read_whole(const char *path, read_rows *r)
{
	FILE *in = fopen(path, "r");
	report_read_end end;
	char err[512];

	cr_assert_not_null(in, "%s", path);
	r->n = 0;
	cr_assert_eq(report_read(in, path, false, keep_whole, r, &end, err, sizeof(err)), 0, "%s",
		     err);
	fclose(in);
}

/* TEXT as runs.csv, read whole into R. */
static void read_text(const char *text, read_rows *r)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/runs.csv", ht_dir);
	cr_assert_eq(ht_write(path, text), 0);
	read_whole(path, r);
}

Test(report, batch_and_rss_round_trip)
{
	const pb_solver *s = pb_solver_find("bfs-hash");
	dataset ds;
	run_row rows[3] = {
		{ .instance = RUN_NO_INSTANCE, .repeat = 1, .phase = RUN_PREPARE, .status = RUN_OK,
		  .length = RUN_NO_LENGTH, .wall_ns = 5000, .batch = 1, .rss_bytes = 4096,
		  .measured = true },
		{ .instance = 0, .repeat = 2, .phase = RUN_SOLVE, .status = RUN_OK, .length = 2,
		  .expanded = 3, .generated = 7, .wall_ns = 123, .cpu_ns = 120, .peak_bytes = 64,
		  .batch = 7, .rss_bytes = 8192, .measured = true },
		{ .instance = 1, .repeat = 1, .phase = RUN_SOLVE, .status = RUN_UNSUPPORTED,
		  .length = RUN_NO_LENGTH },
	};
	char path[512], err[512];
	read_rows got;
	report r;
	FILE *f;

	cr_assert_not_null(s);
	make_dataset(&ds);
	snprintf(path, sizeof(path), "%s/runs.csv", ht_dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(REPORT_RUNS_HEADER "\n", f);
	for (size_t i = 0; i < 3; i++) {
		rows[i].ds = &ds;
		rows[i].algorithm = s;
		rows[i].heuristic = "-";
		report_write_run(f, &rows[i]);
	}
	fclose(f);
	report_init(&r);
	cr_assert_eq(report_load(&r, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(r.count, 3);
	report_release(&r);
	read_whole(path, &got);
	cr_assert_eq(got.n, 3);
	for (size_t i = 0; i < 3; i++) {
		cr_assert_eq(got.v[i].batch, rows[i].batch, "row %zu: batch %u, written %u", i,
			     got.v[i].batch, rows[i].batch);
		cr_assert_eq(got.v[i].rss_bytes, rows[i].rss_bytes, "row %zu: rss_bytes", i);
		cr_assert_eq(got.v[i].wall_ns, rows[i].wall_ns, "row %zu: wall_ns", i);
		cr_assert_eq(got.v[i].repeat, rows[i].repeat, "row %zu: repeat", i);
		cr_assert_eq(got.v[i].status, rows[i].status, "row %zu: status", i);
	}
	cr_assert_eq(got.v[1].reference, 2, "instance 'i1': reference %d", got.v[1].reference);
	cr_assert_eq(got.v[1].length, 2);
	cr_assert(got.prepare[0], "the preparation has an instance");
	dataset_release(&ds);
}

/* Write runs.csv's header and the N ROWS of solver S on DS into NAME in
 * the test's directory, whose path goes to PATH. */
static void write_rows(const char *name, run_row *rows, size_t n, const dataset *ds,
		       const pb_solver *s, char *path, size_t size)
{
	FILE *f;

	cr_assert_not_null(s);
	snprintf(path, size, "%s/%s", ht_dir, name);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(REPORT_RUNS_HEADER "\n", f);
	for (size_t i = 0; i < n; i++) {
		rows[i].ds = ds;
		rows[i].algorithm = s;
		rows[i].heuristic = "-";
		report_write_run(f, &rows[i]);
	}
	cr_assert_eq(fclose(f), 0);
}

/* A row's note is its last field, one line however it reads; an
 * instance never given to the solver is 'skipped': each reads back. */
Test(report, notes_and_skipped_rows_round_trip)
{
	const pb_solver *s = pb_solver_find("bfs-hash");
	dataset ds;
	run_row rows[2] = {
		{ .instance = 0, .repeat = 1, .phase = RUN_SOLVE, .status = RUN_OK, .length = 2,
		  .wall_ns = 123, .batch = 1, .measured = true, .note = "" },
		{ .instance = 1, .repeat = 1, .phase = RUN_SOLVE, .status = RUN_SKIPPED,
		  .length = RUN_NO_LENGTH, .note = "not sent: it said \"no\", then\nstopped" },
	};
	char path[512], *text;
	read_rows got;

	make_dataset(&ds);
	write_rows("notes.csv", rows, 2, &ds, s, path, sizeof(path));
	text = ht_read(path);
	cr_assert_not_null(text);
	cr_expect(strstr(text, ",ok,2,2,0,0,123,") && strstr(text, ",1,\n"), "%s", text);
	cr_expect(strstr(text, ",skipped,-,") &&
		  strstr(text, ",0,\"not sent: it said \"\"no\"\", then stopped\"\n"), "%s", text);
	free(text);
	read_whole(path, &got);
	cr_assert_eq(got.n, 2);
	cr_expect_eq(got.v[1].status, RUN_SKIPPED, "instance 'i2': %s", run_status_name(got.v[1].status));
	dataset_release(&ds);
}

/* A row of a program that gave no node counts has '-' for them, not 0,
 * and reads back so; a row with counts keeps them. */
Test(report, missing_node_counts_round_trip_as_dashes)
{
	const pb_solver *s = pb_solver_find("bfs-hash");
	dataset ds;
	run_row rows[2] = {
		{ .instance = 0, .repeat = 1, .phase = RUN_SOLVE, .status = RUN_OK, .length = 2,
		  .wall_ns = 123, .batch = 1, .measured = true, .uncounted = true },
		{ .instance = 0, .repeat = 2, .phase = RUN_SOLVE, .status = RUN_OK, .length = 2,
		  .expanded = 5, .generated = 9, .wall_ns = 124, .batch = 1, .measured = true },
	};
	char path[512], *text;
	read_rows got;

	make_dataset(&ds);
	write_rows("uncounted.csv", rows, 2, &ds, s, path, sizeof(path));
	text = ht_read(path);
	cr_assert_not_null(text);
	cr_expect(strstr(text, ",ok,2,2,-,-,123,") && strstr(text, ",ok,2,2,5,9,124,"), "%s", text);
	free(text);
	read_whole(path, &got);
	cr_assert_eq(got.n, 2);
	cr_expect(got.v[0].uncounted && got.v[0].expanded == 0, "instance 'i1' repeat 1: no counts");
	cr_expect(!got.v[1].uncounted && got.v[1].expanded == 5 && got.v[1].generated == 9,
		  "instance 'i1' repeat 2");
	dataset_release(&ds);
}

Test(report, older_files_read_batch_as_one_where_measured)
{
	read_rows r;

	read_text("dataset,instance,algorithm,heuristic,repeat,phase,status,length,reference,"
		  "expanded,generated,wall_ns,cpu_ns,peak_bytes\n"
		  "d,-,a,-,1,prepare,ok,-,-,0,0,900,900,0\n"
		  "d,i1,a,-,1,solve,ok,3,3,1,2,100,100,8\n"
		  "d,i2,a,-,1,solve,unsupported,-,-,0,0,0,0,0\n", &r);
	cr_assert_eq(r.n, 3);
	cr_assert_eq(r.v[0].batch, 1, "a measured preparation: batch %u", r.v[0].batch);
	cr_assert_eq(r.v[1].batch, 1, "a measured solve: batch %u", r.v[1].batch);
	cr_assert_eq(r.v[2].batch, 0, "an unmeasured row: batch %u", r.v[2].batch);
	cr_assert_eq(r.v[1].rss_bytes, 0);
	read_text(HT_RUNS_HEADER_BEFORE_NOTE "\nd,i1,a,-,1,solve,ok,3,3,1,2,100,100,8,-,\n"
		  "d,i2,a,-,1,solve,ok,3,3,1,2,100,100,8,512,32\n", &r);
	cr_assert_eq(r.v[0].batch, 0, "an empty batch field: %u", r.v[0].batch);
	cr_assert_eq(r.v[1].batch, 32);
	cr_assert_eq(r.v[1].rss_bytes, 512);
}

/* Load TEXT as runs.csv; expect it refused with WANT in the message. */
static void refuse(const char *text, const char *want)
{
	char path[512], err[512];
	report r;

	snprintf(path, sizeof(path), "%s/runs.csv", ht_dir);
	cr_assert_eq(ht_write(path, text), 0);
	report_init(&r);
	cr_assert_neq(report_load(&r, path, err, sizeof(err)), 0, "read, but it says '%s'", want);
	cr_assert(strstr(err, want), "'%s' not in '%s'", want, err);
	report_release(&r);
}

Test(report, bad_rows_are_refused_with_file_and_line)
{
	refuse(HT_RUNS_HEADER_BEFORE_NOTE "\nd,i,a,-,1,solve,ok,3,3,1,2,100,100,8,-,x\n",
	       "runs.csv:2: bad batch 'x'");
	refuse(HT_RUNS_HEADER_BEFORE_NOTE "\nd,i,a,-,0,solve,ok,3,3,1,2,100,100,8,-,1\n",
	       "runs.csv:2: bad repeat '0'");
	refuse(HT_RUNS_HEADER_BEFORE_NOTE "\nd,i,a,-,1,solve,ok,-,3,1,2,100,100,8,-,1\n",
	       "runs.csv:2: no length on a solve row with status 'ok'");
	refuse(HT_RUNS_HEADER_BEFORE_NOTE "\n,i,a,-,1,solve,ok,3,3,1,2,100,100,8,-,1\n",
	       "runs.csv:2: empty dataset");
	refuse(HT_RUNS_HEADER_BEFORE_NOTE "\nd,\"i,a,-,1\n", "runs.csv:2: more than 64 fields or a quote");
	refuse("", "runs.csv:1: empty file");
}

/* The example data set of the Wikipedia article "Quartile" (6, 7, 15, 36,
 * 39, 40, 41, 42, 43, 47, 49): R's quantile() (type 7, its default) gives
 * 6, 25.5, 40, 42.5, 49; NumPy's percentile() the same. */
Test(report, quantiles_are_type_7)
{
	double x[] = { 43, 6, 40, 7, 49, 15, 42, 36, 47, 39, 41 };
	double even[] = { 4, 1, 3, 2 };
	stats_five f = stats_five_of(x, sizeof(x) / sizeof(x[0]));

	cr_assert_float_eq(f.min, 6, 1e-12);
	cr_assert_float_eq(f.q1, 25.5, 1e-12, "q1 %g", f.q1);
	cr_assert_float_eq(f.median, 40, 1e-12, "median %g", f.median);
	cr_assert_float_eq(f.q3, 42.5, 1e-12, "q3 %g", f.q3);
	cr_assert_float_eq(f.max, 49, 1e-12);
	/* R: quantile(1:4) is 1, 1.75, 2.5, 3.25, 4 */
	f = stats_five_of(even, 4);
	cr_assert_float_eq(f.q1, 1.75, 1e-12, "q1 of 1..4: %g", f.q1);
	cr_assert_float_eq(f.median, 2.5, 1e-12);
	cr_assert_float_eq(f.q3, 3.25, 1e-12);
	cr_assert(stats_near_floor(999, 50) && !stats_near_floor(1000, 50) &&
		  !stats_near_floor(1, 0), "the floor rule: under 20x, and never without a floor");
}

/* Instances without a reference: 'u' said unsolvable by one solver, 'n'
 * answered with paths of 6 and 4 moves (4 wins: the shortest accepted
 * path), 'z' answered by none (unknown); 'r' has reference 5 and a
 * timeout on its second repeat (not solved, its answered repeat counted). */
Test(report, the_rule_for_instances_without_a_reference)
{
	report r;
	report_stats s;

	load(&r, HT_RUNS_HEADER_BEFORE_NOTE "\n"
		 "d,u,a,-,1,solve,unsolvable,-,-,0,0,10,10,0,-,1\n"
		 "d,u,b,-,1,solve,timeout,-,-,0,0,90,90,0,-,1\n"
		 "d,n,a,-,1,solve,ok,6,-,0,0,30,30,0,-,1\n"
		 "d,n,b,-,1,solve,ok,4,-,0,0,50,50,0,-,1\n"
		 "d,z,a,-,1,solve,timeout,-,-,0,0,70,70,0,-,1\n"
		 "d,r,a,-,1,solve,ok,5,5,0,0,100,100,0,-,1\n"
		 "d,r,a,-,2,solve,timeout,-,5,0,0,300,300,0,-,1\n");
	cr_assert_eq(report_stats_build(&s, &r), 0);
	cr_assert_eq(s.instances[0], 4, "dataset 'd': %zu instances", s.instances[0]);
	/* a: lengths 4 (n), 5 (r), unsolvable (u), unknown (z); b: 4, unsolvable */
	cr_assert_eq(s.ngroups, 6, "%zu groups", s.ngroups);
	cr_assert_eq(s.groups[0].optimal, 4, "'n' of a is at the shortest path, not %d",
		     s.groups[0].optimal);
	cr_assert_float_eq(s.groups[0].m[REPORT_WALL].median, 30, 1e-9);
	cr_assert_eq(s.groups[1].optimal, 5);
	cr_assert_eq(s.groups[1].count, 1);
	cr_assert_eq(s.groups[1].solved, 0, "'r' timed out once: not solved");
	cr_assert_eq(s.groups[1].answered, 1);
	cr_assert_float_eq(s.groups[1].m[REPORT_WALL].median, 100, 1e-9);
	cr_assert_eq(s.groups[2].optimal, DATASET_REF_UNSOLVABLE);
	cr_assert_eq(s.groups[3].optimal, DATASET_REF_UNKNOWN);
	cr_assert_eq(s.groups[3].answered, 0);
	cr_assert_eq(s.groups[5].optimal, DATASET_REF_UNSOLVABLE,
		     "'u' is unsolvable for b too, which timed out on it");
	cr_assert_eq(s.groups[5].solved, 0);
	cr_assert_eq(s.nlines, 2);
	cr_assert_eq(s.lines[0].total, 4);
	cr_assert_eq(s.lines[0].solved, 2, "a solved 'u' and 'n'");
	cr_assert_eq(s.lines[0].timeout, 2);
	cr_assert_eq(s.lines[0].answered, 3);
	cr_assert_float_eq(s.lines[0].wall.median, 30, 1e-9);
	report_stats_release(&s);
	report_release(&r);
}

/* The table of R with the timing floor FLOOR_NS, into a string (free()). */
static char *table_of(report *r, double floor_ns)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_not_null(f);
	r->floor_ns = floor_ns;
	report_print_table(f, r);
	fclose(f);
	return text;
}

/* The table line of LABEL in TEXT, into LINE. */
static void line_of(const char *text, const char *label, char *line, size_t cap)
{
	char want[64];
	const char *p, *end;

	snprintf(want, sizeof(want), "\n  %s ", label);
	p = strstr(text, want);
	cr_assert_not_null(p, "no line for '%s' in:\n%s", label, text);
	p += 3;
	end = strchr(p, '\n');
	snprintf(line, cap, "%.*s", (int)(end - p), p);
}

Test(report, a_median_near_the_floor_is_marked)
{
	char line[256], *text;
	report r;

	/* fast's median is 1.5 us, slow's 9 us: under and over 20 x 100 ns */
	load(&r, HT_RUNS_HEADER_BEFORE_NOTE "\n"
		 "d,i1,fast,-,1,solve,ok,1,1,0,0,1000,1000,0,-,1\n"
		 "d,i2,fast,-,1,solve,ok,1,1,0,0,2000,2000,0,-,1\n"
		 "d,i1,slow,-,1,solve,ok,1,1,0,0,8000,8000,0,-,1\n"
		 "d,i2,slow,-,1,solve,ok,1,1,0,0,10000,10000,0,-,1\n");
	text = table_of(&r, 100);
	line_of(text, "fast", line, sizeof(line));
	cr_assert(strstr(line, "1.50 us*"), "fast (1.5 us) is not marked: '%s'", line);
	line_of(text, "slow", line, sizeof(line));
	cr_assert(strstr(line, "9.00 us ") && !strchr(line, '*'), "slow (9 us) is marked: '%s'",
		  line);
	cr_assert(strstr(text, "* the median is within 20x of the harness's timing floor "
			 "(100 ns a solve)"), "no note under the table:\n%s", text);
	free(text);
	text = table_of(&r, 0);
	cr_assert_null(strchr(text, '*'), "no floor, yet a mark:\n%s", text);
	free(text);
	report_release(&r);
}

/* A meta.json of a run with a clock floor of 50 ns, the long-lived program
 * 'prog' and the one-shot 'once', and the round trip ROUND_TRIP ("" for a
 * run from before it was recorded). */
static void take_meta(report *r, const char *round_trip)
{
	char text[1024], err[256];
	meta_info m;

	snprintf(text, sizeof(text), "{\"timer\": {\"floor_ns\": 50},\n"
		 " \"outside_solvers\": [{\"name\": \"prog\", \"kind\": \"external\", "
		 "\"mode\": \"long-lived\"},\n  {\"name\": \"once\", \"kind\": \"external\", "
		 "\"mode\": \"one-shot\"}]%s}\n", round_trip);
	cr_assert_eq(meta_parse(&m, text, strlen(text), "meta.json", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(report_take_floors(r, &m), 0);
	meta_info_release(&m);
}

Test(report, an_outside_programs_median_is_marked_against_its_round_trip)
{
	char line[256], *text;
	report r;

	/* prog (and its variant) at 20 us, nearly all the 17.4 us round trip;
	 * idastar at 20 us and once at 2 ms stand on the clock's 50 ns */
	load(&r, REPORT_RUNS_HEADER "\n"
		 "d,i1,prog,-,1,solve,ok,1,1,0,0,20000,1000,0,-,1,\n"
		 "d,i1,prog:depth=3,-,1,solve,ok,1,1,0,0,20000,1000,0,-,1,\n"
		 "d,i1,idastar,-,1,solve,ok,1,1,0,0,20000,20000,0,-,1,\n"
		 "d,i1,once,-,1,solve,ok,1,1,0,0,2000000,1000,0,-,1,\n");
	take_meta(&r, ",\n \"external\": {\"one_shot_rss_floor_bytes\": 1600000, "
		  "\"round_trip\": {\"rounds\": 2000, \"median_ns\": 17400}}");
	text = table_of(&r, 50);
	line_of(text, "prog", line, sizeof(line));
	cr_assert(strstr(line, "20.0 us*"), "prog (20 us) is not marked: '%s'", line);
	line_of(text, "prog:depth=3", line, sizeof(line));
	cr_assert(strstr(line, "20.0 us*"), "prog's variant (20 us) is not marked: '%s'", line);
	line_of(text, "idastar", line, sizeof(line));
	cr_assert_null(strchr(line, '*'), "idastar (20 us, 1 us floor) is marked: '%s'", line);
	line_of(text, "once", line, sizeof(line));
	cr_assert_null(strchr(line, '*'), "a one-shot program is marked: '%s'", line);
	cr_assert(strstr(text, "* an outside program's median is within 20x of the round trip "
			 "to it (17.4 us a solve)"), "no note on the round trip:\n%s", text);
	cr_assert_null(strstr(text, "harness's timing floor"), "a note on the clock's floor:\n%s",
		       text);
	free(text);
	/* a run from before the round trip was recorded: the clock's floor */
	take_meta(&r, "");
	text = table_of(&r, 50);
	cr_assert_null(strchr(text, '*'), "no round trip, yet a mark:\n%s", text);
	free(text);
	report_release(&r);
}

/* 'a' solves i1..i3 (10, 20, 30 us), 'b' i1 and i2 (100, 200 us) and
 * times out on i3, 'c' solves none: 'x best' is over i1 and i2 (a 15 us,
 * b 150 us: 10.00, where the medians over each one's own instances would
 * give 7.50), 'c' is not compared. 'a' prepared nothing (no nodes, 1928
 * bytes of context as IDA* holds): no preparation shown; 'b' built a table
 * (nodes expanded); 'c' ran out of memory preparing; 'e' loaded a table
 * (no nodes, 64 KiB). */
Test(report, x_best_is_over_the_instances_all_solved_and_empty_preparations_are_not_shown)
{
	char line[256], *text;
	report r;

	load(&r, HT_RUNS_HEADER_BEFORE_NOTE "\n"
		 "d,-,a,-,1,prepare,ok,-,-,0,0,4460,4460,1928,-,1\n"
		 "d,-,e,-,1,prepare,ok,-,-,0,0,3000000,3000000,65536,-,1\n"
		 "d,i1,e,-,1,solve,ok,1,1,0,0,50000,50000,0,-,1\n"
		 "d,i2,e,-,1,solve,ok,1,1,0,0,60000,60000,0,-,1\n"
		 "d,-,b,-,1,prepare,ok,-,-,181440,0,2000000,2000000,2048,-,1\n"
		 "d,-,c,-,1,prepare,memout,-,-,0,0,5000,5000,0,-,0\n"
		 "d,i1,a,-,1,solve,ok,1,1,0,0,10000,10000,0,-,1\n"
		 "d,i2,a,-,1,solve,ok,1,1,0,0,20000,20000,0,-,1\n"
		 "d,i3,a,-,1,solve,ok,1,1,0,0,30000,30000,0,-,1\n"
		 "d,i1,b,-,1,solve,ok,1,1,0,0,100000,100000,0,-,1\n"
		 "d,i2,b,-,1,solve,ok,1,1,0,0,200000,200000,0,-,1\n"
		 "d,i3,b,-,1,solve,timeout,-,1,0,0,900000,900000,0,-,1\n"
		 "d,i1,c,-,1,solve,timeout,-,1,0,0,900000,900000,0,-,1\n");
	text = table_of(&r, 0);
	line_of(text, "a", line, sizeof(line));
	cr_assert(strstr(line, " 20.0 us ") && strstr(line, " 1.00 "), "a: median 20 us, 1.00: '%s'",
		  line);
	cr_assert(!strstr(line, "4.46 us") && !strstr(line, "1.88 KiB,"),
		  "a prepared nothing, yet shows a preparation: '%s'", line);
	line_of(text, "e", line, sizeof(line));
	cr_assert(strstr(line, "3.00 ms, 64.0 KiB"), "e's table load: '%s'", line);
	line_of(text, "b", line, sizeof(line));
	cr_assert(strstr(line, " 10.00 "), "b: 150 us against a's 15 us over i1 and i2: '%s'", line);
	cr_assert(strstr(line, "2.00 ms, 2.00 KiB"), "b's table build: '%s'", line);
	line_of(text, "c", line, sizeof(line));
	cr_assert(strstr(line, "0/1") && strstr(line, "memout"), "c: '%s'", line);
	cr_assert(strstr(text, "x best: the same median over the 2 instances every algorithm here "
			 "solved") && strstr(text, "(not compared: c, which solved none)"),
		  "the legend says what 'x best' is over:\n%s", text);
	cr_assert(strstr(text, "expanded: nodes expanded per solve, the median"), "%s", text);
	free(text);
	report_release(&r);
}

Test(report, x_best_without_a_common_instance_says_so)
{
	char line[256], *text;
	report r;

	load(&r, HT_RUNS_HEADER_BEFORE_NOTE "\n"
		 "d,i1,a,-,1,solve,ok,1,1,0,0,10000,10000,0,-,1\n"
		 "d,i2,a,-,1,solve,timeout,-,1,0,0,20000,20000,0,-,1\n"
		 "d,i1,b,-,1,solve,timeout,-,1,0,0,100000,100000,0,-,1\n"
		 "d,i2,b,-,1,solve,ok,1,1,0,0,200000,200000,0,-,1\n");
	text = table_of(&r, 0);
	cr_assert(strstr(text, "x best: not computed: no instance that every algorithm here solved"),
		  "%s", text);
	line_of(text, "a", line, sizeof(line));
	/* no ratio ('-' in x best); its quality, 1.000, beside it */
	cr_assert(strstr(line, " 10.0 us        -    1.000 "), "a: no ratio: '%s'", line);
	free(text);
	report_release(&r);
}
