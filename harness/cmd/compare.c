/* bench compare OLD NEW: per dataset and algorithm, how the median time,
 * peak memory and the answers' quality (quality.h) moved between two
 * runs, over the instances both answered.
 * Each ratio is the median of per-instance ratios (new over old, each
 * instance's value the median of its repeats), so that instances pair up
 * and one slow outlier moves nothing. A time ratio past the threshold is
 * flagged only when the Wilcoxon signed-rank test over the same pairs
 * (report/stats.h) finds the change significant; so is a change in
 * quality (the ratio of the mean qualities, the test over the
 * per-instance quality ratios). */
#include <float.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/io/meta_read.h"
#include "harness/io/units.h"
#include "harness/report/quality.h"
#include "harness/report/report.h"

#define CMD "compare"
#define DEFAULT_THRESHOLD 0.10
#define DEFAULT_ALPHA 0.05
/* The per-instance log ratios the test ranks are rounded to this, so that
 * equal ratios tie as they should (100 -> 110 and 200 -> 220). */
#define LOG_RATIO_GRAIN 1e-9
#define NO_VALUE "-"
/* Preparations quicker than this are noise: their ratios are not flagged. */
#define PREPARE_MIN_NS 1e6

/* One instance of one algorithm in one run: the medians of its repeats. */
typedef struct entry {
	const char *dataset, *algorithm, *heuristic, *instance; /* instance "-": prepare */
	double wall, peak;
	double quality; /* the mean of its ok repeats' (quality.h); NaN: none */
	bool solved; /* every repeat answered */
	size_t wrong;
} entry;

typedef struct run_entries {
	report rep;
	meta_info meta;
	entry *e;
	size_t n;
} run_entries;

/* A line of the table: one dataset and algorithm in both runs. */
typedef struct comparison {
	const char *dataset, *algorithm, *heuristic;
	size_t common, old_solved, new_solved, old_total, new_total, new_wrong;
	double old_wall, new_wall, time_ratio, old_peak, new_peak, mem_ratio;
	bool have_old, have_new, have_prepare;
	bool near_floor; /* a median within STATS_FLOOR_FACTOR of its run's timing floor */
	double prepare_ratio;
	stats_wilcoxon test; /* of the time pairs; test.n 0: none */
	bool tested;         /* the test ran */
	/* the mean quality of the common instances that have one, old and new,
	 * the ratio new / old, and the test of the per-instance ratios */
	double old_quality, new_quality, quality_ratio;
	size_t quality_common;
	stats_wilcoxon quality_test;
	bool quality_tested;
} comparison;

/* What the flags depend on. */
typedef struct compare_options {
	double threshold, alpha;
	bool fail;
} compare_options;

static void usage(FILE *out)
{
	fprintf(out,
"usage: bench compare [options] OLD_DIR NEW_DIR\n"
"\n"
"Compare two runs of 'bench run' (their runs.csv): for each dataset and\n"
"algorithm, over the instances both runs answered, the median time and\n"
"the median peak memory of each, and their ratio (new / old; the median of\n"
"the per-instance ratios, each instance's value the median of its\n"
"repeats).\n"
"\n"
"A change in time is flagged ('slower', a regression, or 'faster') only\n"
"when its ratio is past the threshold and the change is significant: a\n"
"Wilcoxon signed-rank test (two-sided) over the per-instance pairs, on the\n"
"logarithms of their ratios, gives a p-value under alpha (exact up to %d\n"
"instances, the normal approximation with the tie correction past that;\n"
"instances whose medians are equal are dropped, as Wilcoxon did). The p\n"
"column shows it. A ratio past the threshold that is not significant is\n"
"shown as 'not significant'; with fewer than 6 instances no change can be\n"
"significant at 0.05 ('too few instances to test'). Peak memory is counted,\n"
"not sampled: a memory ratio past the threshold is flagged alone ('more\n"
"memory', a regression, or 'less memory'). Quality (q old, q new: the mean\n"
"over the common instances of length / reference, or where there is no\n"
"reference, / the run's shortest answer) is flagged as time is: 'worse\n"
"quality' (a regression) or 'better quality' when the ratio of the means\n"
"is past the threshold and the same test over the per-instance ratios\n"
"finds it significant. An algorithm that now answers\n"
"fewer instances, or gives wrong answers, is a regression too. A\n"
"preparation is timed once: its ratio is shown as a flag ('slower\n"
"preparation'), never counted as a regression; those under a millisecond\n"
"are not compared. A median within %dx of its run's timing floor\n"
"(meta.json; for a long-lived outside program, the round trip to it) is\n"
"flagged 'near the timing floor': its ratio tells more of the clock than\n"
"of the solver.\n"
"\n"
"options:\n"
"  -t, --threshold F          how far a ratio may move before it is\n"
"                             flagged: a fraction or a percentage (default\n"
"                             %.0f%%: flagged below 1/1.1 or above 1.1)\n"
"      --alpha P              the test's significance level (default %g)\n"
"      --fail-on-regression   exit 1 when a regression is flagged (a\n"
"                             significant slowdown, more memory, worse\n"
"                             quality, fewer or wrong answers)\n"
"  -h, --help                 show this and exit\n"
"\n"
"Exit status: 0, 1 for a flagged regression with --fail-on-regression, 2 for\n"
"bad usage or unreadable runs.\n", STATS_WILCOXON_EXACT_MAX, STATS_FLOOR_FACTOR,
		100 * DEFAULT_THRESHOLD, DEFAULT_ALPHA);
}

#define bad_usage(...) cmdline_bad_usage(CMD, __VA_ARGS__)

static int cmp_entry(const void *pa, const void *pb)
{
	const entry *a = pa, *b = pb;
	int c;

	if ((c = strcmp(a->dataset, b->dataset)) || (c = strcmp(a->algorithm, b->algorithm)) ||
	    (c = strcmp(a->heuristic, b->heuristic)))
		return c;
	return strcmp(a->instance, b->instance);
}

static bool same_algorithm(const entry *a, const entry *b)
{
	return !strcmp(a->dataset, b->dataset) && !strcmp(a->algorithm, b->algorithm) &&
	       !strcmp(a->heuristic, b->heuristic);
}

/* An entry of line L's names for INSTANCE. */
static entry entry_of(const report *r, const report_line *l, const char *instance)
{
	return (entry){
		.dataset = report_name(&r->datasets, l->dataset),
		.algorithm = report_name(&r->algorithms, l->algorithm),
		.heuristic = report_name(&r->heuristics, l->heuristic),
		.instance = instance,
	};
}

/* The entry of line L's preparation. */
static entry prepare_entry(const report *r, const report_line *l)
{
	entry e = entry_of(r, l, NO_VALUE);

	e.quality = NAN;
	e.solved = l->prepare->status == RUN_OK;
	e.wrong = l->prepare->status == RUN_WRONG;
	if (e.solved) {
		e.wall = (double)l->prepare->wall_ns;
		e.peak = (double)l->prepare->peak_bytes;
	}
	return e;
}

/* The entry of the cell of keys [I, J) of line L: the medians of its
 * answered repeats. */
static entry instance_entry(const report_stats *s, const report_line *l, size_t i, size_t j,
			    const double *q)
{
	const report *r = s->rep;
	report_cell c;
	entry e;
	size_t m;

	report_cell_read(s, l, i, j, &c);
	e = entry_of(r, l, report_instance(r, l->dataset, c.instance));
	e.quality = q ? q[c.instance] : NAN;
	e.solved = report_cell_solved(&c);
	e.wrong = c.wrong;
	m = report_cell_values(s, l, i, j, REPORT_WALL, s->scratch);
	if (m) {
		e.wall = stats_median(s->scratch, m);
		report_cell_values(s, l, i, j, REPORT_PEAK, s->scratch);
		e.peak = stats_median(s->scratch, m);
	}
	return e;
}

/* R's entries from its statistics S, sorted by names. Returns 0, or -1
 * when out of memory. */
static int make_entries(run_entries *r, const report_stats *s)
{
	for (size_t i = 0; i < s->nlines; i++) {
		const report_line *l = &s->lines[i];
		size_t n = r->rep.instances[l->dataset].names.count;
		double *q = malloc((n ? n : 1) * sizeof(*q));

		if (!q || quality_instances(&r->rep, &r->rep.tracks[l->track], q) < 0) {
			free(q);
			return -1;
		}
		if (l->prepare)
			r->e[r->n++] = prepare_entry(&r->rep, l);
		for (size_t a = l->first, b, end = a + l->nkeys; a < end; a = b) {
			b = report_cell_end(s, a, end);
			r->e[r->n++] = instance_entry(s, l, a, b, q);
		}
		free(q);
	}
	qsort(r->e, r->n, sizeof(*r->e), cmp_entry);
	return 0;
}

/* Load DIR/runs.csv and DIR/meta.json into R's entries. Returns 0, or -1
 * (said why). */
static int load_run(const char *dir, run_entries *r)
{
	char err[1024], warn[1024];
	report_stats s;

	if (report_load_dir(&r->rep, &r->meta, dir, err, sizeof(err), warn, sizeof(warn))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return -1;
	}
	if (warn[0])
		fprintf(stderr, "bench " CMD ": warning: %s\n", warn);
	if (report_stats_build(&s, &r->rep)) {
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return -1;
	}
	/* an entry per cell and per preparation: no more than the keys and lines */
	r->e = malloc((s.nkeys + s.nlines + 1) * sizeof(*r->e));
	if (!r->e) {
		report_stats_release(&s);
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return -1;
	}
	if (make_entries(r, &s)) {
		report_stats_release(&s);
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return -1;
	}
	report_stats_release(&s);
	return 0;
}

static void init_run(run_entries *r)
{
	report_init(&r->rep);
	meta_info_init(&r->meta);
	r->e = NULL;
	r->n = 0;
}

static void release_run(run_entries *r)
{
	free(r->e);
	report_release(&r->rep);
	meta_info_release(&r->meta);
}

static bool is_prepare(const entry *e)
{
	return !strcmp(e->instance, NO_VALUE);
}

static double mean_of(const double *x, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += x[i];
	return sum / (double)n;
}

/* Compare the entries of one algorithm: A[0..na) old, B[0..nb) new (either
 * may be empty). */
static void compare_one(const entry *a, size_t na, const entry *b, size_t nb, double *buf,
			comparison *c)
{
	size_t i = 0, j = 0, m = 0;
	double *ow = buf, *nw = buf + na, *ratios = buf + 2 * na, *mem = buf + 3 * na;
	double *op = buf + 4 * na, *np = buf + 5 * na, *logs = buf + 6 * na;
	double *oq = buf + 7 * na, *nq = buf + 8 * na, *qlogs = buf + 9 * na;
	size_t mq = 0;

	memset(c, 0, sizeof(*c));
	c->have_old = na > 0;
	c->have_new = nb > 0;
	for (size_t k = 0; k < na; k++)
		if (!is_prepare(&a[k])) {
			c->old_total++;
			c->old_solved += a[k].solved;
		}
	for (size_t k = 0; k < nb; k++)
		if (!is_prepare(&b[k])) {
			c->new_total++;
			c->new_solved += b[k].solved;
			c->new_wrong += b[k].wrong;
		}
	while (i < na && j < nb) {
		int d = strcmp(a[i].instance, b[j].instance);

		if (d) {
			d < 0 ? i++ : j++;
			continue;
		}
		if (is_prepare(&a[i])) {
			if (a[i].solved && b[j].solved && a[i].wall >= PREPARE_MIN_NS) {
				c->have_prepare = true;
				c->prepare_ratio = b[j].wall / a[i].wall;
			}
		} else if (a[i].solved && b[j].solved) {
			ow[m] = a[i].wall;
			nw[m] = b[j].wall;
			ratios[m] = b[j].wall / (a[i].wall > 0 ? a[i].wall : 1);
			logs[m] = round(log(ratios[m] > 0 ? ratios[m] : DBL_MIN) / LOG_RATIO_GRAIN) *
				  LOG_RATIO_GRAIN;
			op[m] = a[i].peak;
			np[m] = b[j].peak;
			mem[m] = a[i].peak > 0 ? b[j].peak / a[i].peak : b[j].peak > 0 ? INFINITY : 1;
			m++;
			if (!isnan(a[i].quality) && !isnan(b[j].quality)) {
				oq[mq] = a[i].quality;
				nq[mq] = b[j].quality;
				qlogs[mq] = round(log(b[j].quality / a[i].quality) / LOG_RATIO_GRAIN) *
					    LOG_RATIO_GRAIN;
				mq++;
			}
		}
		i++;
		j++;
	}
	c->common = m;
	c->quality_common = mq;
	if (mq) {
		c->old_quality = mean_of(oq, mq);
		c->new_quality = mean_of(nq, mq);
		c->quality_ratio = c->new_quality / c->old_quality;
		c->quality_tested = !stats_wilcoxon_test(qlogs, mq, &c->quality_test);
	}
	if (!m)
		return;
	c->tested = !stats_wilcoxon_test(logs, m, &c->test);
	c->old_wall = stats_median(ow, m);
	c->new_wall = stats_median(nw, m);
	c->time_ratio = stats_median(ratios, m);
	c->old_peak = stats_median(op, m);
	c->new_peak = stats_median(np, m);
	c->mem_ratio = stats_median(mem, m);
}

/* Whether C's time ratio is past the threshold (-1 faster, 1 slower, 0
 * not). */
static int time_change(const comparison *c, const compare_options *o)
{
	if (!c->common)
		return 0;
	return c->time_ratio > 1 + o->threshold ? 1 : c->time_ratio < 1 / (1 + o->threshold) ? -1 : 0;
}

/* The flags of C as text into BUF; returns whether one is a regression. */
static bool flags_of(const comparison *c, const compare_options *o, char *buf, size_t size)
{
	double hi = 1 + o->threshold, lo = 1 / (1 + o->threshold);
	int change = time_change(c, o);
	bool significant = c->tested && c->test.p < o->alpha;
	bool testable = c->tested && stats_wilcoxon_min_p(c->test.n) < o->alpha;
	bool regression = false;
	/* quality as time: past the threshold and significant (its test
	 * finds nothing where every answer kept its length) */
	int quality = !c->quality_common ? 0 : c->quality_ratio > hi ? 1 : c->quality_ratio < lo ? -1 : 0;
	bool quality_significant = c->quality_tested && c->quality_test.p < o->alpha;
	size_t used = 0;

	buf[0] = '\0';
#define FLAG(cond, text, bad)                                                        \
	do {                                                                         \
		if (cond) {                                                          \
			used += (size_t)snprintf(buf + used, used < size ? size - used : 0, \
						 "%s%s", used ? ", " : "", text);    \
			regression |= bad;                                           \
		}                                                                    \
	} while (0)
	FLAG(!c->have_new, "not in the new run", false);
	FLAG(!c->have_old, "not in the old run", false);
	FLAG(c->new_wrong, "WRONG answers", true);
	FLAG(c->have_old && c->have_new && c->new_solved < c->old_solved, "answers fewer", true);
	FLAG(change > 0 && significant, "slower", true);
	FLAG(change < 0 && significant, "faster", false);
	FLAG(change && !significant && testable, "not significant", false);
	FLAG(change && !testable, "too few instances to test", false);
	FLAG(c->common && c->mem_ratio > hi, "more memory", true);
	FLAG(c->common && c->mem_ratio < lo, "less memory", false);
	FLAG(c->have_prepare && c->prepare_ratio > hi, "slower preparation", false);
	FLAG(c->have_prepare && c->prepare_ratio < lo, "faster preparation", false);
	FLAG(quality > 0 && quality_significant, "worse quality", true);
	FLAG(quality < 0 && quality_significant, "better quality", false);
	FLAG(quality && !quality_significant, "quality: not significant", false);
	FLAG(c->near_floor, "near the timing floor", false);
#undef FLAG
	return regression;
}

/* A p-value for the table: three decimals, '<0.001' below them. */
static void format_p(const comparison *c, char *buf, size_t size)
{
	if (!c->tested || !c->test.n)
		snprintf(buf, size, NO_VALUE);
	else if (c->test.p < 0.001)
		snprintf(buf, size, "<0.001");
	else
		snprintf(buf, size, "%.3f", c->test.p);
}

/* The narrowest the label column is, and room for a label: a solver's
 * name (a variant's is long: "astar:ties=low") and a heuristic's. */
#define LABEL_MIN 22
#define LABEL_MAX 600

/* An entry's label: ALGORITHM, or ALGORITHM/HEURISTIC, into BUF. */
static const char *label_of(const char *algorithm, const char *heuristic, char *buf, size_t size)
{
	if (strcmp(heuristic, NO_VALUE))
		snprintf(buf, size, "%s/%s", algorithm, heuristic);
	else
		snprintf(buf, size, "%s", algorithm);
	return buf;
}

/* The label column's width: the longest label of O and N, LABEL_MIN at
 * least, so that a variant's name does not push its line out of line. */
static int label_width(const run_entries *o, const run_entries *n)
{
	const run_entries *runs[] = { o, n };
	char label[LABEL_MAX];
	size_t w = LABEL_MIN;

	for (size_t r = 0; r < 2; r++)
		for (size_t i = 0; i < runs[r]->n; i++) {
			size_t len = strlen(label_of(runs[r]->e[i].algorithm, runs[r]->e[i].heuristic,
						     label, sizeof(label)));

			w = len > w ? len : w;
		}
	return (int)w;
}

static void print_comparison(FILE *out, const comparison *c, const char *flags, int width)
{
	char label[LABEL_MAX], ot[24], nt[24], tr[16], om[24], nm[24], mr[16], solved[48], p[16];
	char oq[16] = NO_VALUE, nq[16] = NO_VALUE;

	label_of(c->algorithm, c->heuristic, label, sizeof(label));
	snprintf(solved, sizeof(solved), "%zu/%zu -> %zu/%zu", c->old_solved, c->old_total,
		 c->new_solved, c->new_total);
	if (c->common) {
		units_format_ns((uint64_t)llround(c->old_wall), ot, sizeof(ot));
		units_format_ns((uint64_t)llround(c->new_wall), nt, sizeof(nt));
		snprintf(tr, sizeof(tr), "%.2f", c->time_ratio);
		units_format_bytes((uint64_t)llround(c->old_peak), om, sizeof(om));
		units_format_bytes((uint64_t)llround(c->new_peak), nm, sizeof(nm));
		snprintf(mr, sizeof(mr), isinf(c->mem_ratio) ? "from 0" : "%.2f", c->mem_ratio);
	} else {
		snprintf(ot, sizeof(ot), NO_VALUE);
		snprintf(nt, sizeof(nt), NO_VALUE);
		snprintf(tr, sizeof(tr), NO_VALUE);
		snprintf(om, sizeof(om), NO_VALUE);
		snprintf(nm, sizeof(nm), NO_VALUE);
		snprintf(mr, sizeof(mr), NO_VALUE);
	}
	format_p(c, p, sizeof(p));
	if (c->quality_common) {
		snprintf(oq, sizeof(oq), "%.3f", c->old_quality);
		snprintf(nq, sizeof(nq), "%.3f", c->new_quality);
	}
	fprintf(out, "  %-*s %17s %6zu %10s %10s %6s %6s %10s %10s %6s %7s %7s  %s\n", width, label,
		solved, c->common, ot, nt, tr, p, om, nm, mr, oq, nq, flags);
}

/* Walk both runs' entries, algorithm by algorithm. Returns the count of
 * regressions. */
/* Whether a median of NS by ALGORITHM is near the floor under its times
 * in R: the round trip for a long-lived outside program, else the clock's. */
static bool near_floor(const report *r, const char *algorithm, double ns)
{
	return stats_near_floor(ns, report_floor_of(r, report_find(&r->algorithms, algorithm)));
}

static size_t compare_runs(FILE *out, const run_entries *o, const run_entries *n,
			   const compare_options *opt)
{
	size_t i = 0, j = 0, regressions = 0;
	double *buf = malloc(10 * (o->n + 1) * sizeof(*buf));
	const char *shown = NULL;
	int width = label_width(o, n);

	if (!buf) {
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return 1;
	}
	while (i < o->n || j < n->n) {
		size_t i2 = i, j2 = j;
		const entry *first;
		comparison c;
		char flags[160];
		int d;

		if (i == o->n)
			d = 1;
		else if (j == n->n)
			d = -1;
		else
			d = cmp_entry(&(entry){ o->e[i].dataset, o->e[i].algorithm, o->e[i].heuristic, "", 0, 0, 0, 0, 0 },
				      &(entry){ n->e[j].dataset, n->e[j].algorithm, n->e[j].heuristic, "", 0, 0, 0, 0, 0 });
		first = d <= 0 ? &o->e[i] : &n->e[j];
		if (d <= 0)
			while (i2 < o->n && same_algorithm(&o->e[i2], first))
				i2++;
		if (d >= 0)
			while (j2 < n->n && same_algorithm(&n->e[j2], first))
				j2++;
		compare_one(o->e + i, i2 - i, n->e + j, j2 - j, buf, &c);
		c.dataset = first->dataset;
		c.algorithm = first->algorithm;
		c.heuristic = first->heuristic;
		c.near_floor = c.common && (near_floor(&o->rep, c.algorithm, c.old_wall) ||
					    near_floor(&n->rep, c.algorithm, c.new_wall));
		if (!shown || strcmp(shown, c.dataset)) {
			shown = c.dataset;
			fprintf(out, "\n%s\n  %-*s %17s %6s %10s %10s %6s %6s %10s %10s %6s %7s %7s  %s\n",
				shown, width, "algorithm", "solved old -> new", "common", "time old", "time new",
				"ratio", "p", "mem old", "mem new", "ratio", "q old", "q new", "flags");
		}
		regressions += flags_of(&c, opt, flags, sizeof(flags));
		print_comparison(out, &c, flags, width);
		i = i2;
		j = j2;
	}
	free(buf);
	return regressions;
}

/* Say where the two runs were made differently. */
static void warn_setup(FILE *out, const meta_info *a, const meta_info *b)
{
	const struct { const char *key, *old, *new; } items[] = {
		{ "cpu", a->cpu, b->cpu },
		{ "build_type", a->build_type, b->build_type },
		{ "compiler", a->compiler, b->compiler },
		{ "flags", a->flags, b->flags },
		{ "git_revision", a->git_revision, b->git_revision },
	};

	for (size_t i = 0; i < sizeof(items) / sizeof(items[0]); i++)
		if (strcmp(items[i].old, items[i].new))
			fprintf(out, "note: %s differs: '%s' then '%s'\n", items[i].key, items[i].old,
				items[i].new);
}

int cmd_compare(int argc, char **argv)
{
	enum { OPT_ALPHA = 256 };
	static const struct option longopts[] = {
		{ "threshold", required_argument, NULL, 't' },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "fail-on-regression", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	compare_options opt = { .threshold = DEFAULT_THRESHOLD, .alpha = DEFAULT_ALPHA };
	run_entries o, n;
	size_t regressions;
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":t:h", longopts, NULL)) != -1) {
		switch (c) {
		case 't':
			if (units_parse_ratio(optarg, &opt.threshold) || opt.threshold <= 0)
				return bad_usage("--threshold '%s' is not a fraction above 0 (or a percentage)",
						 optarg);
			break;
		case OPT_ALPHA:
			if (units_parse_fraction(optarg, &opt.alpha) || opt.alpha <= 0 || opt.alpha >= 1)
				return bad_usage("--alpha '%s' is not a probability between 0 and 1", optarg);
			break;
		case 'F': opt.fail = true; break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case ':': return bad_usage("option '%s' needs a value", argv[optind - 1]);
		default: return bad_usage("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (argc - optind != 2)
		return bad_usage("want two run directories, OLD and NEW, not %d", argc - optind);
	init_run(&o);
	init_run(&n);
	rc = load_run(argv[optind], &o);
	if (!rc)
		rc = load_run(argv[optind + 1], &n);
	if (rc) {
		release_run(&o);
		release_run(&n);
		return PB_EXIT_USAGE;
	}
	printf("bench compare %s -> %s (threshold %.0f%%; times: Wilcoxon signed-rank test, "
	       "alpha %g)\n", argv[optind], argv[optind + 1], 100 * opt.threshold, opt.alpha);
	warn_setup(stdout, &o.meta, &n.meta);
	regressions = compare_runs(stdout, &o, &n, &opt);
	printf("\n%zu regression%s flagged\n", regressions, regressions == 1 ? "" : "s");
	release_run(&o);
	release_run(&n);
	return opt.fail && regressions ? PB_EXIT_CHECK : PB_EXIT_OK;
}
