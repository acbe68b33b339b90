/* The tables of 'bench report' (harness/report/tables.c): series as
 * columns, lengths or instances as rows, medians in units chosen per
 * column and named in the heading, marks for a median near the timing
 * floor and for a cell over fewer instances than its row has; as text,
 * Markdown, CSV and HTML; and on a real run, the same medians as
 * summary.csv. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"
#include "harness/report/report.h"
#include "harness/report/tables.h"
#include "tests/support/support.h"

TestSuite(tables, .init = ht_suite_init, .fini = ht_suite_fini);

/* Series 'fast' (400 and 420 ns, no bytes) and 'x|y' (20 us, 30 us and a
 * timeout at length 2; 15360 and 30720 bytes) on dataset 'd': lengths 1
 * (instance i1) and 2 (i2 and i3). */
static const char rows[] =
	HT_RUNS_HEADER_BEFORE_NOTE "\n"
	"d,i1,fast,-,1,solve,ok,1,1,2,4,400,400,0,-,8\n"
	"d,i2,fast,-,1,solve,ok,2,2,3,6,420,420,0,-,8\n"
	"d,i3,fast,-,1,solve,ok,2,2,3,6,420,420,0,-,8\n"
	"d,i1,x|y,-,1,solve,ok,1,1,20000,40000,20000,20000,15360,-,1\n"
	"d,i2,x|y,-,1,solve,ok,2,2,30000,60000,30000,30000,30720,-,1\n"
	"d,i3,x|y,-,1,solve,timeout,-,2,9,9,9000,9000,9,-,1\n";

/* The tables of TEXT (runs.csv rows) with O and the timing floor FLOOR,
 * into a string (free()). */
static char *tables_of(const char *text, const tables_options *o, double floor)
{
	char path[512], err[512], *out = NULL;
	size_t len = 0;
	report r;
	report_stats s;
	FILE *f;

	snprintf(path, sizeof(path), "%s/runs.csv", ht_dir);
	cr_assert_eq(ht_write(path, text), 0);
	report_init(&r);
	cr_assert_eq(report_load(&r, path, err, sizeof(err)), 0, "%s", err);
	r.floor_ns = floor;
	cr_assert_eq(report_stats_build(&s, &r), 0);
	f = open_memstream(&out, &len);
	cr_assert_not_null(f);
	cr_assert_eq(tables_write(f, &s, o), 0);
	fclose(f);
	report_stats_release(&s);
	report_release(&r);
	return out;
}

Test(tables, markdown_by_length)
{
	tables_options o = { .format = TABLES_MARKDOWN, .rows = TABLES_BY_LENGTH, .show = TABLES_TIME };
	char *t = tables_of(rows, &o, 0);

	cr_assert(strstr(t, "**d**: median wall time per solve, by optimal solution length"), "%s", t);
	cr_assert(strstr(t, "| length | instances | fast (ns) | x\\|y (us) |\n"
			    "| :--- | ---: | ---: | ---: |\n"), "the heading, '|' escaped:\n%s", t);
	/* the units in which the longest cell is shortest: 400 ns, not 0.400 us;
	 * 20.0 us, not 20000 ns */
	cr_assert(strstr(t, "| 1 | 1 | 400 | 20.0 |\n"), "length 1: 400 ns, 20 us:\n%s", t);
	cr_assert(strstr(t, "| 2 | 2 | 420 | 30.0 (1/2) |\n"),
		  "length 2: x|y solved one of its two instances:\n%s", t);
	cr_assert(strstr(t, "- (n/m): over the n of the m instances that were solved"), "%s", t);
	cr_assert(!strstr(t, "\\*"), "no floor, yet a mark:\n%s", t);
	free(t);
}

Test(tables, a_median_near_the_floor_is_marked)
{
	tables_options o = { .format = TABLES_TEXT, .rows = TABLES_BY_LENGTH, .show = TABLES_TIME };
	char *t = tables_of(rows, &o, 50); /* 20 x 50 ns = 1 us: fast under it, x|y not */

	cr_assert(strstr(t, " 400*") && strstr(t, " 420*"), "fast is not marked:\n%s", t);
	cr_assert(strstr(t, " 20.0\n") && !strstr(t, "20.0*"), "x|y is marked:\n%s", t);
	cr_assert(strstr(t, "* within 20x of the harness's timing floor (50 ns a solve)"), "%s", t);
	free(t);
}

Test(tables, several_measures_and_binary_units)
{
	tables_options o = { .format = TABLES_TEXT, .rows = TABLES_BY_LENGTH,
			     .show = TABLES_TIME | TABLES_NODES | TABLES_MEMORY };
	char *t = tables_of(rows, &o, 0);

	cr_assert(strstr(t, "median wall time, nodes expanded and peak bytes held per solve"), "%s", t);
	cr_assert(strstr(t, "fast time (ns)") && strstr(t, "fast nodes ") && strstr(t, "fast memory (B)"),
		  "%s", t);
	/* x|y's nodes 20000 and 30000: in thousands, 20.0 and 30.0; bytes 15360
	 * and 30720 = 15 and 30 KiB (1024 B) */
	cr_assert(strstr(t, "x|y nodes (thousands)") && strstr(t, "x|y memory (KiB)"), "%s", t);
	cr_assert(strstr(t, "       20.0  ") && strstr(t, " 15.0\n") && strstr(t, " 30.0 (1/2)\n"),
		  "%s", t);
	free(t);
}

Test(tables, by_instance_with_the_status_of_the_unsolved)
{
	tables_options o = { .format = TABLES_TEXT, .rows = TABLES_BY_INSTANCE, .show = TABLES_TIME };
	char *t = tables_of(rows, &o, 0), *line;

	cr_assert(strstr(t, "by instance (over its repeats)") && strstr(t, "  instance  length"), "%s", t);
	line = strstr(t, "\n  i3 ");
	cr_assert(line && strstr(line, " 420 ") && strstr(line, " timeout"),
		  "i3: fast 420 ns, x|y timed out:\n%s", t);
	cr_assert(strstr(t, "a status: the instance was not solved"), "%s", t);
	free(t);
}

Test(tables, csv_has_numbers_a_dataset_and_solved_columns)
{
	tables_options o = { .format = TABLES_CSV, .rows = TABLES_BY_LENGTH, .show = TABLES_TIME };
	char *t = tables_of(rows, &o, 0), *save = NULL, *f[16];
	int n, lines = 0;

	for (char *line = strtok_r(t, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		n = csv_split(line, f, 16);
		cr_assert_eq(n, 7, "7 fields: '%s'", line);
		if (!lines++) {
			cr_assert(!strcmp(f[0], "dataset") && !strcmp(f[1], "length") &&
				  !strcmp(f[3], "fast (ns)") && !strcmp(f[4], "fast solved") &&
				  !strcmp(f[5], "x|y (us)") && !strcmp(f[6], "x|y solved"), "heading");
			continue;
		}
		cr_assert(!strcmp(f[0], "d"));
		cr_assert(strtod(f[5], NULL) > 0 && !strchr(f[5], '('), "a number alone: '%s'", f[5]);
	}
	cr_assert_eq(lines, 3, "a heading and two lengths");
	free(t);
}

Test(tables, html_escapes_what_comes_from_files)
{
	tables_options o = { .format = TABLES_HTML, .rows = TABLES_BY_LENGTH, .show = TABLES_TIME };
	char *t = tables_of(HT_RUNS_HEADER_BEFORE_NOTE "\n"
			    "<d>,i1,a&b,\"<script>\",1,solve,ok,1,1,2,4,400,400,0,-,1\n", &o, 0);

	cr_assert(strstr(t, "<caption><b>&lt;d&gt;</b>"), "%s", t);
	cr_assert(strstr(t, "<th>a&amp;b+&lt;script&gt; (ns)</th>"), "%s", t);
	cr_assert(!strstr(t, "<script>") && !strstr(t, "<d>"), "unescaped:\n%s", t);
	free(t);
}

Test(tables, show_lists)
{
	unsigned show;
	char bad[32];

	cr_assert_eq(tables_parse_show("time,memory", &show, bad, sizeof(bad)), 0);
	cr_assert_eq(show, TABLES_TIME | TABLES_MEMORY);
	cr_assert_eq(tables_parse_show("nodes", &show, bad, sizeof(bad)), 0);
	cr_assert_eq(show, TABLES_NODES);
	cr_assert_eq(tables_parse_show("time,speed", &show, bad, sizeof(bad)), -1);
	cr_assert_str_eq(bad, "speed");
	cr_assert_eq(tables_parse_show("", &show, bad, sizeof(bad)), -1);
}

/* The value of median_ns in summary.csv for SERIES (alg) and LENGTH. */
static double summary_median(const char *summary, const char *alg, int length)
{
	char want[128];
	const char *p;

	snprintf(want, sizeof(want), "\nd,%s,-,%d,", alg, length);
	p = strstr(summary, want);
	cr_assert_not_null(p, "no summary.csv line for %s at length %d", alg, length);
	p += strlen(want);
	for (int k = 0; k < 2; k++)
		p = strchr(p, ',') + 1; /* count, solved */
	return strtod(p, NULL);
}

/* A real run: every cell of the Markdown table is summary.csv's median, in
 * the unit its heading names. */
Test(tables, a_real_run_s_table_is_summary_csv)
{
	static const struct { const char *name; double size; } units[] = {
		{ "(ns)", 1 }, { "(us)", 1e3 }, { "(ms)", 1e6 }, { "(s)", 1e9 },
	};
	char path[512], *out, *summary, *save = NULL, *f[16];
	double size[8] = { 0 };
	int rc, cells = 0, lines = 0;

	rc = ht_bench(&out, "gen --method depth --per-depth 2 --depth 0..12 --seed 3 -o %s/d.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/d.txt -a bibfs,bfs-hash -r 3 -w 0 -o %s/r", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "report --markdown --no-html %s/r", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	snprintf(path, sizeof(path), "%s/r/summary.csv", ht_dir);
	summary = ht_read(path);
	cr_assert_not_null(summary);
	for (char *line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *p = line + 1;
		int n = 0;

		if (line[0] != '|' || strstr(line, "---"))
			continue;
		while (n < 16 && (f[n] = strsep(&p, "|")))
			n++;
		cr_assert_eq(n, 5, "| length | instances | bibfs | bfs-hash |: '%s'", line);
		if (!lines++) {
			for (int c = 2; c < 4; c++)
				for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++)
					if (strstr(f[c], units[u].name))
						size[c] = units[u].size;
			cr_assert(size[2] > 0 && size[3] > 0, "no unit in '%s'", line);
			continue;
		}
		for (int c = 2; c < 4; c++) {
			double want = summary_median(summary, c == 2 ? "bibfs" : "bfs-hash", atoi(f[0]));
			double got = strtod(f[c], NULL) * size[c];

			cr_assert(fabs(got - want) <= 0.006 * want + 0.5, "length %d, %s: %s in the "
				  "table, %g ns in summary.csv", atoi(f[0]), c == 2 ? "bibfs" : "bfs-hash",
				  f[c], want);
			cells++;
		}
	}
	cr_assert_eq(cells, 2 * 13, "%d cells, not 2 x 13 lengths", cells);
	free(summary);
	free(out);
}

Test(tables, bad_usage_exits_2)
{
	/* the options, then the folder: none, the test's (empty), or one under it */
	static const struct { const char *options, *folder; int status; const char *want; } cases[] = {
		{ "--help", NULL, 0, "usage: bench report" },
		{ "--by size", "", 2, "--by 'size': rows by 'length' or by 'instance'" },
		{ "--show speed", "", 2, "'speed' is not one of time, nodes, memory" },
		{ "", "/none", 2, "no folder" },
		{ "", "", 2, "no runs.csv in" },
		{ "", NULL, 2, "which run?" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char args[512], *out;
		int rc;

		snprintf(args, sizeof(args), "%s %s%s", cases[i].options, cases[i].folder ? ht_dir : "",
			 cases[i].folder ? cases[i].folder : "");
		rc = ht_bench(&out, "report %s", args);
		cr_assert(rc == cases[i].status && strstr(out, cases[i].want),
			  "bench report %s: exit %d, not %d, or no '%s':\n%s", args, rc,
			  cases[i].status, cases[i].want, out);
		free(out);
	}
}
