/* The quality of answers (harness/report/quality.c): length / the
 * reference, else / the shortest ok answer in the run; an instance's
 * repeats averaged, a series' instances averaged; rows not ok left out.
 * Shown in the summary table and the tables of 'bench report'; charted
 * against time, with the anytime profiles of anytime.csv (the steps
 * computed by hand); the page links both charts and, where some answer is
 * longer than optimal, shows a quality table. gnuplot must be installed
 * (as for test_plot). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/report/quality.h"
#include "harness/report/report.h"
#include "harness/report/tables.h"
#include "tests/support/support.h"

TestSuite(quality, .init = ht_suite_init, .fini = ht_suite_fini);

#define BENCH_OK(...)                                                           \
	do {                                                                    \
		char *out_;                                                     \
		int rc_ = ht_bench(&out_, __VA_ARGS__);                         \
		cr_assert_eq(rc_, 0, "bench: exit %d:\n%s", rc_, out_);         \
		free(out_);                                                     \
	} while (0)

/* Dataset 'd': i1 (reference 10), i2 (4), i3 and i4 (no reference), i5
 * (none, and no answer), i6 (0: the goal). Bases: 10, 4, 6 (astar's, the
 * shortest ok), 8 (gbfs's 8 under wastar's 10), none, 0.
 *   astar:       10, 4, 6, timeout, timeout, 0   -> 1, 1, 1, 1: 1.000
 *   wastar:w=2:  i1 12 and 14 (two repeats: 1.3), i2 5 (1.25), i3 9
 *                (1.5), i4 10 (1.25)               -> 5.3 / 4 = 1.325
 *   gbfs:        i1 wrong (8: left out, and not i1's shortest), i2 6
 *                (1.5), i3 timeout, i4 8 (1)      -> 2.5 / 2 = 1.250
 *   awastar:w=3: i1 10, i2 4, i3 9, and its anytime answers (anytime_csv)
 *                                                  -> 3.5 / 3 = 1.1667 */
static const char runs_csv[] =
	HT_RUNS_HEADER_BEFORE_NOTE "\n"
	"d,i1,astar,manhattan,1,solve,ok,10,10,50,90,2000,2000,64,-,1\n"
	"d,i2,astar,manhattan,1,solve,ok,4,4,5,9,1000,1000,64,-,1\n"
	"d,i3,astar,manhattan,1,solve,ok,6,-,7,9,1500,1500,64,-,1\n"
	"d,i4,astar,manhattan,1,solve,timeout,-,-,70,90,90000,90000,64,-,1\n"
	"d,i5,astar,manhattan,1,solve,timeout,-,-,70,90,90000,90000,64,-,1\n"
	"d,i6,astar,manhattan,1,solve,ok,0,0,0,0,100,100,64,-,1\n"
	"d,i1,wastar:w=2,manhattan,1,solve,ok,12,10,20,40,400,400,64,-,1\n"
	"d,i1,wastar:w=2,manhattan,2,solve,ok,14,10,20,40,400,400,64,-,1\n"
	"d,i2,wastar:w=2,manhattan,1,solve,ok,5,4,20,40,400,400,64,-,1\n"
	"d,i3,wastar:w=2,manhattan,1,solve,ok,9,-,20,40,400,400,64,-,1\n"
	"d,i4,wastar:w=2,manhattan,1,solve,ok,10,-,20,40,400,400,64,-,1\n"
	"d,i1,gbfs,manhattan,1,solve,wrong,8,10,2,4,100,100,64,-,1\n"
	"d,i2,gbfs,manhattan,1,solve,ok,6,4,2,4,100,100,64,-,1\n"
	"d,i3,gbfs,manhattan,1,solve,timeout,-,-,2,4,100,100,64,-,1\n"
	"d,i4,gbfs,manhattan,1,solve,ok,8,-,2,4,100,100,64,-,1\n"
	"d,i1,awastar:w=3,manhattan,1,solve,ok,10,10,30,60,30000,30000,64,-,1\n"
	"d,i2,awastar:w=3,manhattan,1,solve,ok,4,4,30,60,12000,12000,64,-,1\n"
	"d,i3,awastar:w=3,manhattan,1,solve,ok,9,-,30,60,8000,8000,64,-,1\n";

/* awastar's answers as it found them, and rows of what runs.csv does not
 * have (a series, an instance, a dataset): left out. The profile, by hand:
 *   t = 1000: i1 14 (1.4)                      1 answered: 1.4
 *   t = 1002: i3 9 (1.5), within 0.5% of 1000: 2 answered: 1.45 (one step)
 *   t = 3000: i2 6 (1.5)                       3: (1.4 + 1.5 + 1.5) / 3
 *   t = 5000: i1 12 (1.2)                      3: (1.2 + 1.5 + 1.5) / 3 = 1.4
 *   t = 10000: i2 4 (1)                        3: (1.2 + 1 + 1.5) / 3
 *   t = 20000: i1 10 (1)                       3: (1 + 1 + 1.5) / 3
 * and on the chart, the last again at awastar's slowest solve (30 us). */
static const char anytime_csv[] =
	ANYTIME_HEADER "\n"
	"d,i1,awastar:w=3,manhattan,1,14,1000,3\n"
	"d,i3,awastar:w=3,manhattan,1,9,1002,4\n"
	"d,i2,awastar:w=3,manhattan,1,6,3000,5\n"
	"d,i1,awastar:w=3,manhattan,1,12,5000,9\n"
	"d,i2,awastar:w=3,manhattan,1,4,10000,12\n"
	"d,i1,awastar:w=3,manhattan,1,10,20000,-\n"
	"d,i1,arastar,manhattan,1,10,20000,1\n"
	"d,i9,awastar:w=3,manhattan,1,10,20000,1\n"
	"e,i1,awastar:w=3,manhattan,1,10,20000,1\n";

static const struct step { double t, mean; size_t answered; } profile[] = {
	{ 1002, 1.45, 2 },
	{ 3000, 4.4 / 3, 3 },
	{ 5000, 1.4, 3 },
	{ 10000, 3.7 / 3, 3 },
	{ 20000, 3.5 / 3, 3 },
};
#define NSTEPS (sizeof(profile) / sizeof(profile[0]))

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

/* A run folder DIR/NAME holding RUNS as runs.csv and ANYTIME (NULL: none)
 * as anytime.csv. */
static void write_run(const char *name, const char *runs, const char *anytime)
{
	char dir[512];

	snprintf(dir, sizeof(dir), "%s/%s", ht_dir, name);
	cr_assert_eq(mkdir(dir, 0777), 0, "cannot make '%s'", dir);
	ht_write_in(dir, "runs.csv", runs);
	if (anytime)
		ht_write_in(dir, QUALITY_ANYTIME_FILE, anytime);
}

/* runs_csv read into R and its statistics S. */
static void load(report *r, report_stats *s)
{
	char path[512], err[512];

	snprintf(path, sizeof(path), "%s/runs.csv", ht_dir);
	cr_assert_eq(ht_write(path, runs_csv), 0);
	report_init(r);
	cr_assert_eq(report_load(r, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(report_stats_build(s, r), 0);
}

/* The line of S for ALGORITHM. */
static const report_line *line_of(const report_stats *s, const char *algorithm)
{
	uint32_t a = report_find(&s->rep->algorithms, algorithm);

	for (size_t i = 0; i < s->nlines; i++)
		if (s->lines[i].algorithm == a)
			return &s->lines[i];
	cr_assert_fail("no line of %s", algorithm);
	return NULL;
}

Test(quality, with_and_without_references)
{
	static const struct { const char *instance; int base; } bases[] = {
		{ "i1", 10 }, { "i2", 4 }, { "i3", 6 }, { "i4", 8 }, { "i5", -1 }, { "i6", 0 },
	};
	static const struct {
		const char *algorithm;
		double mean, worst;
		size_t instances, optimal;
	} want[] = {
		{ "astar", 1, 1, 4, 4 },
		{ "wastar:w=2", 5.3 / 4, 1.5, 4, 0 },
		{ "gbfs", 1.25, 1.5, 2, 1 },
		{ "awastar:w=3", 3.5 / 3, 1.5, 3, 2 },
	};
	report_stats s;
	report r;
	uint32_t d;

	load(&r, &s);
	d = report_find(&r.datasets, "d");
	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		uint32_t in = report_find(&r.instances[d].names, bases[i].instance);

		cr_assert_eq(quality_base(&r, d, in), bases[i].base, "%s: base %d, not %d",
			     bases[i].instance, quality_base(&r, d, in), bases[i].base);
	}
	cr_assert(near(quality_of(&r, d, report_find(&r.instances[d].names, "i6"), 0), 1));
	cr_assert(near(quality_of(&r, d, report_find(&r.instances[d].names, "i6"), 3), 3));
	cr_assert(isnan(quality_of(&r, d, report_find(&r.instances[d].names, "i5"), 3)));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		quality_figures f;

		cr_assert_eq(quality_line(&s, line_of(&s, want[i].algorithm), &f), 0);
		cr_assert(near(f.mean, want[i].mean) && near(f.worst, want[i].worst) &&
			  f.instances == want[i].instances && f.optimal == want[i].optimal,
			  "%s: mean %.6f worst %.6f over %zu (%zu optimal), not %.6f %.6f %zu (%zu)",
			  want[i].algorithm, f.mean, f.worst, f.instances, f.optimal, want[i].mean,
			  want[i].worst, want[i].instances, want[i].optimal);
	}
	cr_assert_eq(quality_any_longer(&s), 1);
	report_stats_release(&s);
	report_release(&r);
}

Test(quality, per_instance_for_compare)
{
	report_stats s;
	report r;
	double q[8];
	const report_line *l;
	uint32_t d;

	load(&r, &s);
	d = report_find(&r.datasets, "d");
	l = line_of(&s, "wastar:w=2");
	cr_assert_eq(r.instances[d].names.count, 6);
	cr_assert_eq(quality_instances(&r, &r.tracks[l->track], q), 4);
	cr_assert(near(q[report_find(&r.instances[d].names, "i1")], 1.3), "i1: the mean of 12 "
		  "and 14 over 10 is 1.3, not %g", q[report_find(&r.instances[d].names, "i1")]);
	cr_assert(isnan(q[report_find(&r.instances[d].names, "i5")]));
	l = line_of(&s, "gbfs");
	cr_assert_eq(quality_instances(&r, &r.tracks[l->track], q), 2);
	cr_assert(isnan(q[report_find(&r.instances[d].names, "i1")]), "gbfs's wrong i1 counted");
	report_stats_release(&s);
	report_release(&r);
}

/* The text of the summary table of runs_csv. */
static char *summary_of(void)
{
	report_stats s;
	report r;
	FILE *f = tmpfile();
	char *text;

	cr_assert_not_null(f);
	load(&r, &s);
	report_print_summary(f, &s);
	rewind(f);
	text = ht_read_all(f);
	fclose(f);
	report_stats_release(&s);
	report_release(&r);
	return text;
}

Test(quality, the_summary_has_a_quality_column)
{
	static const struct { const char *algorithm, *quality; } want[] = {
		{ "astar/manhattan", " 1.000 " }, { "wastar:w=2/manhattan", " 1.325 " },
		{ "gbfs/manhattan", " 1.250 " }, { "awastar:w=3/manhattan", " 1.167 " },
	};
	char *text = summary_of(), *head = strstr(text, "  algorithm ");

	cr_assert(head && strstr(head, " x best  quality   max peak "), "the heading:\n%s", text);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		char prefix[64], *line;

		snprintf(prefix, sizeof(prefix), "\n  %s ", want[i].algorithm);
		line = strstr(text, prefix);
		cr_assert_not_null(line, "no line of %s:\n%s", want[i].algorithm, text);
		cr_assert(strstr(line, want[i].quality) &&
			  strstr(line, want[i].quality) < strchr(line + 1, '\n'),
			  "%s: quality%s:\n%s", want[i].algorithm, want[i].quality, text);
	}
	cr_assert(strstr(text, "  quality: answer length / optimal length"), "the legend:\n%s", text);
	free(text);
}

/* The tables of runs_csv with O, into a string (free()). */
static char *tables_of(const tables_options *o)
{
	report_stats s;
	report r;
	FILE *f = tmpfile();
	char *text;

	cr_assert_not_null(f);
	load(&r, &s);
	cr_assert_eq(tables_write(f, &s, o), 0);
	rewind(f);
	text = ht_read_all(f);
	fclose(f);
	report_stats_release(&s);
	report_release(&r);
	return text;
}

Test(quality, the_tables_show_quality_where_an_answer_is_longer)
{
	tables_options o = { .format = TABLES_MARKDOWN, .rows = TABLES_BY_LENGTH, .show = TABLES_TIME };
	char *t = tables_of(&o);

	/* asked for time alone: a quality column beside each, as wastar's
	 * answers are longer than optimal */
	cr_assert(strstr(t, "median wall time per solve and mean answer quality (length / optimal "
			    "length), by optimal solution length"), "%s", t);
	cr_assert(strstr(t, "| wastar:w=2+manhattan quality |"), "%s", t);
	/* length 10 is i1 alone: wastar 1.3; length 4, i2: gbfs 1.5 */
	cr_assert(strstr(t, "| 10 | 1 | 2000 | 1.000 | 400 | 1.300 | - (0/1) | - (0/1) | 30.0 | 1.000 |"),
		  "length 10:\n%s", t);
	cr_assert(strstr(t, "- quality: answer length / optimal length"), "%s", t);
	free(t);
	o.exact = true;
	t = tables_of(&o);
	cr_assert_null(strstr(t, "quality"), "exact: time alone:\n%s", t);
	free(t);
	o = (tables_options){ .format = TABLES_TEXT, .rows = TABLES_BY_INSTANCE,
			      .show = TABLES_QUALITY, .exact = true };
	t = tables_of(&o);
	cr_assert(strstr(t, "d: mean answer quality (length / optimal length), by instance"), "%s", t);
	cr_assert(strstr(t, "\n  i1 ") && strstr(strstr(t, "\n  i1 "), " 1.300 "), "i1:\n%s", t);
	free(t);
}

Test(quality, the_anytime_profile_by_hand)
{
	char path[512], err[512];
	quality_anytime any;
	quality_step *steps;
	report_stats s;
	report r;
	long n;

	load(&r, &s);
	snprintf(path, sizeof(path), "%s/" QUALITY_ANYTIME_FILE, ht_dir);
	cr_assert_eq(quality_anytime_load(&any, &r, path, err, sizeof(err)), 1, "no file: 1");
	cr_assert_eq(ht_write(path, anytime_csv), 0);
	cr_assert_eq(quality_anytime_load(&any, &r, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(any.n, 6);
	cr_assert_eq(any.unmatched, 3, "arastar, i9 and dataset e: %zu", any.unmatched);
	n = quality_profile(&r, &any, report_find(&r.datasets, "d"),
			    line_of(&s, "awastar:w=3")->series, &steps);
	cr_assert_eq(n, (long)NSTEPS, "%ld steps", n);
	for (size_t i = 0; i < NSTEPS; i++)
		cr_assert(near(steps[i].wall_ns, profile[i].t) && near(steps[i].mean, profile[i].mean) &&
			  steps[i].answered == profile[i].answered,
			  "step %zu: %g ns, %.6f over %zu; not %g, %.6f over %zu", i, steps[i].wall_ns,
			  steps[i].mean, steps[i].answered, profile[i].t, profile[i].mean,
			  profile[i].answered);
	free(steps);
	cr_assert_eq(quality_profile(&r, &any, report_find(&r.datasets, "d"),
				     line_of(&s, "astar")->series, &steps), 0);
	quality_anytime_release(&any);
	cr_assert_eq(ht_write(path, ANYTIME_HEADER "\nd,i1,astar,manhattan,1,x,5,1\n"), 0);
	cr_assert_eq(quality_anytime_load(&any, &r, path, err, sizeof(err)), -1);
	cr_assert(strstr(err, ":2: the length is not a whole number"), "%s", err);
	report_stats_release(&s);
	report_release(&r);
}

/* The rows of data file PATH that are not comments, each a line. */
static char *data_rows(const char *path)
{
	char *text = ht_read(path), *out, *o;

	cr_assert_not_null(text, "no data file '%s'", path);
	out = o = calloc(strlen(text) + 1, 1);
	cr_assert_not_null(out);
	for (char *line = text; *line;) {
		size_t len = strcspn(line, "\n");

		if (*line != '#' && len) {
			memcpy(o, line, len);
			o += len;
			*o++ = '\n';
		}
		line += len + (line[len] == '\n');
	}
	free(text);
	return out;
}

Test(quality, the_charts_hold_the_points_and_the_page_links_them)
{
	char path[512], *rows, *driver, *page;

	write_run("q", runs_csv, anytime_csv);
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/q", ht_dir);
	/* a point a series: median time (s), quality, instances counted,
	 * instances solved, linetype (the series' order), near_floor, name */
	snprintf(path, sizeof(path), "%s/q/charts/data/d.quality.dat", ht_dir);
	rows = data_rows(path);
	cr_assert(strstr(rows, " 1.25e-06 1 4 4 1 0 \"astar+manhattan\"\n"), "astar:\n%s", rows);
	cr_assert(strstr(rows, " 4e-07 1.325 4 4 2 0 \"wastar:w=2+manhattan\"\n"), "wastar:\n%s",
		  rows);
	cr_assert(strstr(rows, " 1e-07 1.25 2 2 3 0 \"gbfs+manhattan\"\n"), "gbfs:\n%s", rows);
	cr_assert(strstr(rows, " 1.2e-05 1.16667 3 3 4 0 \"awastar:w=3+manhattan\"\n"),
		  "awastar:\n%s", rows);
	free(rows);
	/* the steps, then the last again at the slowest solve (30 us) */
	snprintf(path, sizeof(path), "%s/q/charts/data/d.anytime.dat", ht_dir);
	rows = data_rows(path);
	cr_assert_str_eq(rows, " 1.002e-06 1.45 2 3\n 3e-06 1.46667 3 3\n 5e-06 1.4 3 3\n"
			       " 1e-05 1.23333 3 3\n 2e-05 1.16667 3 3\n 3e-05 1.16667 3 3\n");
	free(rows);
	snprintf(path, sizeof(path), "%s/q/charts/charts.gp", ht_dir);
	driver = ht_read(path);
	cr_assert(driver && strstr(driver, "load scripts.'quality.gp'") &&
		  strstr(driver, "load scripts.'anytime.gp'"), "%s", driver);
	free(driver);
	snprintf(path, sizeof(path), "%s/q/charts/d-anytime.png", ht_dir);
	cr_assert(ht_exists(path), "no anytime chart drawn");
	BENCH_OK("report %s/q", ht_dir);
	snprintf(path, sizeof(path), "%s/q/index.html", ht_dir);
	page = ht_read(path);
	cr_assert_not_null(page);
	cr_assert(strstr(page, "<img src=\"charts/d-quality.svg\"") &&
		  strstr(page, "<img src=\"charts/d-anytime.svg\""), "the page shows no quality "
		  "or anytime chart");
	cr_assert(strstr(page, "answer quality (mean length / optimal length) against median wall "
			       "time per solve"), "the quality chart's caption");
	cr_assert(strstr(page, "<b>d</b>: mean answer quality (length / optimal length), by optimal "
			       "solution length"), "no quality table on the page");
	free(page);
}

Test(quality, an_optimal_run_has_no_quality_chart_or_table)
{
	char path[512], *out, *page;
	int rc;

	write_run("o", HT_RUNS_HEADER_BEFORE_NOTE "\n"
		       "d,i1,a,-,1,solve,ok,3,3,5,9,1000,1000,64,-,1\n"
		       "d,i2,a,-,1,solve,ok,4,-,5,9,2000,2000,64,-,1\n"
		       "d,i1,b,-,1,solve,ok,3,3,5,9,3000,3000,64,-,1\n"
		       "d,i2,b,-,1,solve,ok,4,-,5,9,4000,4000,64,-,1\n", NULL);
	rc = ht_bench(&out, "plot --scripts " PB_SOURCE_DIR "/scripts %s/o", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "d quality chart left out: every answer is optimal (quality 1)"),
		  "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/o/charts/data/d.quality.dat", ht_dir);
	cr_assert(!ht_exists(path), "a quality chart's data");
	BENCH_OK("report %s/o", ht_dir);
	snprintf(path, sizeof(path), "%s/o/index.html", ht_dir);
	page = ht_read(path);
	cr_assert(page && !strstr(page, "mean answer quality") && !strstr(page, "-quality.svg") &&
		  !strstr(page, "-anytime.svg"), "quality where every answer is optimal");
	cr_assert(strstr(page, " quality ") && strstr(page, " 1.000 "), "the summary's column");
	free(page);
}
