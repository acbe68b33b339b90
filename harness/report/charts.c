#include "harness/report/charts.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/units.h"
#include "harness/report/charts_draw.h"

enum { M_TIME, M_MEMORY, M_NODES, METRICS };

/* What each metric is called, what it measures, the script that draws it
 * against the optimal length, and the message words for a skipped chart. */
static const struct metric {
	const char *name;
	report_measure measure;
	const char *script;
	const char *what;
} metrics[METRICS] = {
	[M_TIME] = { "time", REPORT_WALL, "time.gp", "solve time" },
	[M_MEMORY] = { "memory", REPORT_PEAK, "memory.gp", "peak memory" },
	[M_NODES] = { "nodes", REPORT_EXPANDED, "nodes.gp", "nodes expanded" },
};

/* Columns of a length data file: length, instances, solved, runs, then
 * median q1 q3 of each metric in the order of metrics[], then near_floor
 * (an unsolvable data file: slot for length, and linetype and name before
 * near_floor). */
#define LENGTH_COLUMN_OF(m) (5 + 3 * (m))
/* Room for the names of the series drawn on a chart's zero line. */
#define ZERO_NAMES_ROOM 512

static double scale_of(int m)
{
	return m == M_TIME ? NS_PER_S : 1;
}

void charts_gp_string(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("''", f);
		else
			fputc((unsigned char)*s < ' ' ? ' ' : *s, f);
	}
	fputc('\'', f);
}

/* S inside a double-quoted word of a data file: no quotes, no
 * backslashes, no control bytes. */
static void data_text(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '"' ? '\'' : *s == '\\' ? '/' : (unsigned char)*s < ' ' ? ' ' : *s, f);
}

void charts_data_string(FILE *f, const char *s)
{
	fputc('"', f);
	data_text(f, s);
	fputc('"', f);
}

void charts_data_number(FILE *f, double v)
{
	if (isnan(v))
		fputs(" NaN", f);
	else
		fprintf(f, " %.6g", v);
}

/* A file name made of NAME: letters, digits, '.', '-' and '_' kept, the
 * rest '_'. */
static void slug_of(const char *name, char *out, size_t cap)
{
	size_t n = 0;

	for (; *name && n + 1 < cap; name++)
		out[n++] = isalnum((unsigned char)*name) || strchr(".-_", *name) ? *name : '_';
	out[n] = '\0';
}

/* Dataset D's file name: its slug, with '-D' added when an earlier
 * dataset's slug is the same ('a b' and 'a_b'). */
static void slug_name(const report *r, uint32_t d, char *out, size_t cap)
{
	char other[128];

	slug_of(report_name(&r->datasets, d), out, cap);
	for (uint32_t e = 0; e < d; e++) {
		slug_of(report_name(&r->datasets, e), other, sizeof(other));
		if (!strcmp(other, out)) {
			size_t n = strlen(out);

			snprintf(out + n, cap - n, "-%u", (unsigned)d);
			return;
		}
	}
}

void charts_format_seconds(double s, char *buf, size_t cap)
{
	static const struct { double scale; const char *unit; } units[] = {
		{ 1, "s" }, { 1e-3, "ms" }, { 1e-6, "µs" }, { 1e-9, "ns" },
	};
	size_t u = 0;

	while (u + 1 < sizeof(units) / sizeof(units[0]) && s < units[u].scale)
		u++;
	snprintf(buf, cap, "%.3g %s", s / units[u].scale, units[u].unit);
}

FILE *charts_data_open(charts_state *c, const char *name, char *rel, size_t cap)
{
	char path[PATH_MAX];
	FILE *f = NULL;

	snprintf(rel, cap, "%s/%s", CHARTS_DATA_DIR, name);
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", c->o->dir, rel) < sizeof(path))
		f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "%s: cannot write '%s': %s\n", c->o->who, path,
			errno ? strerror(errno) : "the path is too long");
	return f;
}

void charts_driver_start(charts_state *c, const char *dataset_name, const char *what)
{
	FILE *f = c->driver;

	fprintf(f, "\n# %s: %s\n", dataset_name, what);
	fputs("dataset = ", f);
	charts_gp_string(f, dataset_name);
	fputs("\nmachine = ", f);
	charts_gp_string(f, c->o->machine);
	fputs("\ndate = ", f);
	charts_gp_string(f, c->o->date);
	fputs("\ncaveat = ", f);
	charts_gp_string(f, c->o->caveat);
	fputs("\nfloor_line = 0\ntrip_line = 0\n", f);
}

void charts_driver_load(charts_state *c, const char *out, const char *script)
{
	fputs("out = ", c->driver);
	charts_gp_string(c->driver, out);
	fprintf(c->driver, "\nload scripts.'%s'\n", script);
	c->charts++;
}

void charts_driver_ints(FILE *f, const char *name, const int *v, size_t n)
{
	fprintf(f, "array %s[%zu] = [", name, n);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%d", i ? ", " : "", v[i]);
	fputs("]\n", f);
}

void charts_driver_numbers(FILE *f, const char *name, const double *v, size_t n)
{
	fprintf(f, "array %s[%zu] = [", name, n);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%.9g", i ? ", " : "", v[i]);
	fputs("]\n", f);
}

void charts_driver_strings(FILE *f, const char *name, const char *const *v, size_t n)
{
	fprintf(f, "array %s[%zu] = [", name, n);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", f);
		charts_gp_string(f, v[i]);
	}
	fputs("]\n", f);
}

int charts_linetype(uint32_t series)
{
	return (int)series + 1;
}

bool charts_floors_add(chart_floors *f, const report *r, uint32_t algorithm, double ns)
{
	double floor = report_floor_of(r, algorithm);

	if (report_floor_is_round_trip(r, algorithm))
		f->round_trip = true;
	else
		f->clock = true;
	if (!stats_near_floor(ns, floor))
		return false;
	f->near_hi = fmax(f->near_hi, STATS_FLOOR_FACTOR * floor);
	return true;
}

/* One floor line's variables: NAME_line at STATS_FLOOR_FACTOR times
 * FLOOR_NS (in seconds), NAME_label saying so (DRAWN how it is drawn, WHAT
 * the floor). */
static void driver_floor_line(charts_state *c, const char *name, const char *drawn,
			      const char *what, double floor_ns)
{
	char f[32], label[128];

	charts_format_seconds(floor_ns / NS_PER_S, f, sizeof(f));
	snprintf(label, sizeof(label), "%s: %dx %s (%s):", drawn, STATS_FLOOR_FACTOR, what, f);
	fprintf(c->driver, "%s_line = %.9g\n%s_label = ", name,
		STATS_FLOOR_FACTOR * floor_ns / NS_PER_S, name);
	charts_gp_string(c->driver, label);
	fputc('\n', c->driver);
}

void charts_driver_floors(charts_state *c, const chart_floors *f)
{
	if (f->clock && c->r->floor_ns > 0)
		driver_floor_line(c, "floor", "dashes", "the timing floor", c->r->floor_ns);
	if (f->round_trip && c->r->round_trip_ns > 0)
		driver_floor_line(c, "trip", "dash-dots", "the round trip to an outside program",
				  c->r->round_trip_ns);
}

/* ", N wrong" for a line L with wrong answers (instances that are not
 * unsolved: the program answered them wrongly), else "". */
static const char *wrong_note(const report_line *l, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (l->wrong)
		snprintf(buf, cap, ", %zu wrong", l->wrong);
	return buf;
}

/* The legend labels of V's lines. Returns 0, -1 out of memory. */
static int make_labels(dataset_view *v, const report *r)
{
	v->label = calloc(v->nlines ? v->nlines : 1, sizeof(*v->label));
	if (!v->label)
		return -1;
	for (size_t i = 0; i < v->nlines; i++) {
		const report_line *l = &v->lines[i];
		char name[256], wrong[48];
		size_t len;

		report_series_label(r, l->series, "+", name, sizeof(name));
		len = strlen(name) + 64;
		v->label[i] = malloc(len);
		if (!v->label[i])
			return -1;
		if (l->solved && l->solved < v->instances)
			snprintf(v->label[i], len, "%s (%zu of %zu solved%s)", name, l->solved,
				 v->instances, wrong_note(l, wrong, sizeof(wrong)));
		else
			snprintf(v->label[i], len, "%s", name);
	}
	return 0;
}

/* The groups of line L that have answered rows. */
#define FOR_GROUPS(c, l, g)                                                            \
	for (const report_group *g = (c)->s->groups + (l)->first_group;                 \
	     g < (c)->s->groups + (l)->first_group + (l)->ngroups; g++)                 \
		if (g->answered)

/* The median and quartiles of each metric of G, as a data row has them. */
static void data_metrics(FILE *f, const report_group *g)
{
	for (int m = 0; m < METRICS; m++) {
		const stats_five *s = &g->m[metrics[m].measure];

		charts_data_number(f, s->median / scale_of(m));
		charts_data_number(f, s->q1 / scale_of(m));
		charts_data_number(f, s->q3 / scale_of(m));
	}
}

/* A data row's last column: whether G's median time is near the floor. */
static void data_floor(const charts_state *c, FILE *f, const report_group *g)
{
	fprintf(f, " %d\n", stats_near_floor(g->m[REPORT_WALL].median,
					     report_floor_of(c->r, g->algorithm)));
}

static const char metric_columns[] =
	"instances solved runs time_s(median q1 q3) peak_bytes(median q1 q3) "
	"expanded(median q1 q3)";

/* A data row's counts: G's instances, those it solved, its answered runs
 * (the sample of its statistics). */
static void data_counts(FILE *f, const report_group *g)
{
	fprintf(f, " %zu %zu %zu", g->count, g->solved, g->answered);
}

/* DIR/data/<slug>.unsolvable.dat: one row per line that answered an
 * unsolvable instance. Returns how many rows, or -1 when a write failed. */
static int write_unsolvable_data(charts_state *c, const dataset_view *v, char *rel, size_t cap)
{
	char name[160], label[256];
	FILE *f = NULL;
	int nslots = 0;

	rel[0] = '\0';
	for (size_t i = 0; i < v->nlines; i++) {
		FOR_GROUPS(c, &v->lines[i], g) {
			if (g->optimal != DATASET_REF_UNSOLVABLE)
				continue;
			if (!nslots) {
				snprintf(name, sizeof(name), "%s.unsolvable.dat", v->slug);
				f = charts_data_open(c, name, rel, cap);
				if (!f)
					return -1;
				fprintf(f, "# %s: unsolvable instances, per algorithm\n", v->name);
				fprintf(f, "# columns: slot %s linetype name near_floor\n",
					metric_columns);
			}
			fprintf(f, "%d", nslots++);
			data_counts(f, g);
			data_metrics(f, g);
			fprintf(f, " %d ", charts_linetype(g->series));
			charts_data_string(f, report_series_label(c->r, g->series, "+", label,
								  sizeof(label)));
			data_floor(c, f, g);
		}
	}
	if (nslots && fclose(f))
		return -1;
	return nslots;
}

/* DIR/data/<slug>.length.dat: one block per line with a numeric optimal
 * length; BLOCK[i] gets line i's block, -1 where none. Returns 0, or -1
 * when a write failed. */
static int write_length_data(charts_state *c, dataset_view *v, int *block, char *rel,
			     size_t cap)
{
	char name[160], label[256];
	FILE *f;
	int nblocks = 0;

	snprintf(name, sizeof(name), "%s.length.dat", v->slug);
	f = charts_data_open(c, name, rel, cap);
	if (!f)
		return -1;
	fprintf(f, "# %s: solved instances by optimal solution length, per algorithm\n", v->name);
	fprintf(f, "# columns: length %s near_floor\n", metric_columns);
	v->max_length = -1;
	for (size_t i = 0; i < v->nlines; i++) {
		block[i] = -1;
		FOR_GROUPS(c, &v->lines[i], g) {
			if (g->optimal < 0)
				continue;
			if (block[i] < 0) {
				fprintf(f, "%s# block %d: %s\n", nblocks ? "\n\n" : "", nblocks,
					report_series_label(c->r, g->series, "+", label, sizeof(label)));
				block[i] = nblocks++;
			}
			fprintf(f, "%d", g->optimal);
			data_counts(f, g);
			data_metrics(f, g);
			data_floor(c, f, g);
			if (g->optimal > v->max_length)
				v->max_length = g->optimal;
		}
	}
	return fclose(f) ? -1 : 0;
}

static bool positive(double v)
{
	return !isnan(v) && v > 0;
}

/* What one length chart draws: the lines with a block, the legend, the
 * range (of the positive values; a median of 0 is drawn on a line of its
 * own under the axis), the instances at each length. */
typedef struct length_plan {
	int *line_block, *line_lt, *key_lt;
	const char **key_name;
	size_t nlines, nkeys, xs;
	double lo, hi;
	bool unsolvable_drawn, short_of; /* a point over fewer than all */
	bool wrong;          /* a line drawn has wrong answers */
	chart_floors floors; /* of a time chart */
	size_t *instances; /* per length (then unsolvable): the most of any line */
	char zero_names[ZERO_NAMES_ROOM]; /* the series with a median of 0 */
} length_plan;

/* Add NAME to P's list of series on the zero line. */
static void add_zero_name(length_plan *p, const char *name)
{
	size_t used = strlen(p->zero_names);

	if (used + strlen(name) + 8 < sizeof(p->zero_names))
		snprintf(p->zero_names + used, sizeof(p->zero_names) - used, "%s%s",
			 used ? ", " : "", name);
	else if (!strstr(p->zero_names, "..."))
		snprintf(p->zero_names + used, sizeof(p->zero_names) - used, ", ...");
}

/* Plan metric M's chart of V into P (arrays with room for v->nlines, and
 * for v->max_length + 2 counts). */
static void plan_length(const charts_state *c, const dataset_view *v, int m, const int *block,
			length_plan *p)
{
	size_t uns = (size_t)v->max_length + 1; /* the unsolvable column's count */
	char name[256];

	p->lo = INFINITY;
	p->hi = -INFINITY;
	for (size_t i = 0; i < v->nlines; i++) {
		bool in_lines = false, in_points = false, zero = false;

		FOR_GROUPS(c, &v->lines[i], g) {
			const stats_five *s = &g->m[metrics[m].measure];
			size_t x = g->optimal >= 0 ? (size_t)g->optimal : uns;

			if (isnan(s->median) || s->median < 0 || g->optimal == DATASET_REF_UNKNOWN)
				continue;
			in_lines |= g->optimal >= 0;
			in_points |= g->optimal == DATASET_REF_UNSOLVABLE;
			if (g->optimal >= 0 && !p->instances[x])
				p->xs++;
			p->instances[x] = g->count > p->instances[x] ? g->count : p->instances[x];
			p->short_of |= g->solved < g->count;
			if (!positive(s->median)) {
				zero = true;
				continue;
			}
			if (m == M_TIME)
				charts_floors_add(&p->floors, c->r, g->algorithm, s->median);
			p->lo = fmin(p->lo, fmin(s->median, positive(s->q1) ? s->q1 : s->median));
			p->hi = fmax(p->hi, fmax(s->median, s->q3));
		}
		if (zero)
			add_zero_name(p, report_series_label(c->r, v->lines[i].series, "+", name,
							     sizeof(name)));
		if (in_lines) {
			p->line_block[p->nlines] = block[i];
			p->line_lt[p->nlines++] = charts_linetype(v->lines[i].series);
		}
		if (in_points && !p->unsolvable_drawn) {
			p->unsolvable_drawn = true;
			p->xs++;
		}
		if (in_lines || in_points) {
			p->wrong |= v->lines[i].wrong > 0;
			p->key_lt[p->nkeys] = charts_linetype(v->lines[i].series);
			p->key_name[p->nkeys++] = v->label[i];
		}
	}
}

/* The driver's arrays of the instances at each length drawn (count_x,
 * count_n). Returns -1 when out of memory. */
static int driver_counts(charts_state *c, const dataset_view *v, const length_plan *p)
{
	size_t n = (size_t)v->max_length + 2, k = 0;
	int *x = malloc(n * sizeof(int)), *count = malloc(n * sizeof(int));

	if (!x || !count) {
		free(x);
		free(count);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (!p->instances[i] || (i + 1 == n && !p->unsolvable_drawn))
			continue;
		/* the unsolvable column stands at max_length + 2 */
		x[k] = i + 1 == n ? v->max_length + 2 : (int)i;
		count[k++] = (int)p->instances[i];
	}
	charts_driver_ints(c->driver, "count_x", x, k);
	charts_driver_ints(c->driver, "count_n", count, k);
	free(x);
	free(count);
	return 0;
}

/* One length chart (metric M) of V, or a note on stderr saying why not. */
static void length_chart(charts_state *c, const dataset_view *v, int m, const int *block,
			 int nslots, const char *len_rel, const char *uns_rel)
{
	size_t n = v->nlines ? v->nlines : 1;
	length_plan p = {
		.line_block = malloc(n * sizeof(int)), .line_lt = malloc(n * sizeof(int)),
		.key_lt = malloc(n * sizeof(int)), .key_name = malloc(n * sizeof(char *)),
		.instances = calloc((size_t)v->max_length + 2, sizeof(size_t)),
	};
	double scale = scale_of(m);
	char out[200];

	if (!p.line_block || !p.line_lt || !p.key_lt || !p.key_name || !p.instances) {
		fprintf(stderr, "%s: out of memory\n", c->o->who);
		goto done;
	}
	plan_length(c, v, m, block, &p);
	if (!p.nlines || p.xs < 2 || p.lo > p.hi) {
		fprintf(stderr, "%s: %s %s chart left out: %s\n", c->o->who, v->name, metrics[m].name,
			!p.nlines ? "nothing to draw" : p.xs < 2 ?
			"every solved instance has the same optimal length (see the box plot)" :
			"every value is 0");
		goto done;
	}
	if (p.lo == p.hi && !p.zero_names[0]) {
		fprintf(stderr, "%s: %s %s chart left out: every value is %.6g, a flat line\n",
			c->o->who, v->name, metrics[m].name, p.lo / scale);
		goto done;
	}
	p.hi = fmax(p.hi, p.floors.near_hi);
	charts_driver_start(c, v->name, metrics[m].name);
	charts_driver_floors(c, &p.floors);
	fputs("datafile = ", c->driver);
	charts_gp_string(c->driver, len_rel);
	fputs("\nunsfile = ", c->driver);
	charts_gp_string(c->driver, p.unsolvable_drawn ? uns_rel : "");
	fputs("\nzero_names = ", c->driver);
	charts_gp_string(c->driver, p.zero_names);
	fprintf(c->driver, "\nnslots = %d\nxunsolvable = %d\ncol = %d\nylo = %.9g\nyhi = %.9g\n"
		"short_of = %d\nshort_rest = '%s'\n", nslots, v->max_length + 2, LENGTH_COLUMN_OF(m),
		p.lo / scale, p.hi / scale, p.short_of,
		p.wrong ? "unsolved or answered wrongly: see the legend" : "unsolved");
	charts_driver_ints(c->driver, "blk", p.line_block, p.nlines);
	charts_driver_ints(c->driver, "blk_lt", p.line_lt, p.nlines);
	charts_driver_strings(c->driver, "name", p.key_name, p.nkeys);
	charts_driver_ints(c->driver, "name_lt", p.key_lt, p.nkeys);
	if (driver_counts(c, v, &p)) {
		fprintf(stderr, "%s: out of memory\n", c->o->who);
		goto done;
	}
	snprintf(out, sizeof(out), "%s-%s", v->slug, metrics[m].name);
	charts_driver_load(c, out, metrics[m].script);
done:
	free(p.line_block);
	free(p.line_lt);
	free(p.key_lt);
	free(p.key_name);
	free(p.instances);
}

/* The box plot of solve time per line over all of V's answered rows. */
static int box_chart(charts_state *c, const dataset_view *v)
{
	char name[160], rel[200], out[200], label[256], wrong[48];
	double lo = INFINITY, hi = 0;
	int nbox = 0, ticklines = 1;
	chart_floors floors = { 0 };
	FILE *f;

	snprintf(name, sizeof(name), "%s.box.dat", v->slug);
	f = charts_data_open(c, name, rel, sizeof(rel));
	if (!f)
		return -1;
	fprintf(f, "# %s: solve time of every solved run, per algorithm\n", v->name);
	fputs("# columns: position min_s q1_s median_s q3_s max_s linetype runs solved name "
	      "near_floor\n", f);
	for (size_t i = 0; i < v->nlines; i++) {
		const report_line *l = &v->lines[i];
		bool flagged;

		if (!l->answered)
			continue;
		flagged = charts_floors_add(&floors, c->r, l->algorithm, l->wall.median);
		lo = fmin(lo, l->wall.min / NS_PER_S);
		hi = fmax(hi, l->wall.max / NS_PER_S);
		fprintf(f, "%d", ++nbox);
		charts_data_number(f, l->wall.min / NS_PER_S);
		charts_data_number(f, l->wall.q1 / NS_PER_S);
		charts_data_number(f, l->wall.median / NS_PER_S);
		charts_data_number(f, l->wall.q3 / NS_PER_S);
		charts_data_number(f, l->wall.max / NS_PER_S);
		fprintf(f, " %d %zu %zu ", charts_linetype(l->series), l->answered, l->solved);
		report_series_label(c->r, l->series, "+", label, sizeof(label));
		if (l->solved < v->instances) {
			/* two lines under the box (gnuplot reads \n in a data string) */
			fputc('"', f);
			data_text(f, label);
			fprintf(f, "\\n%zu of %zu solved%s\"", l->solved, v->instances,
				wrong_note(l, wrong, sizeof(wrong)));
			ticklines = 2;
		} else {
			charts_data_string(f, label);
		}
		fprintf(f, " %d\n", flagged);
	}
	if (fclose(f))
		return -1;
	if (!nbox) {
		fprintf(stderr, "%s: %s box plot left out: no solved runs\n", c->o->who, v->name);
		return 0;
	}
	hi = fmax(hi, floors.near_hi / NS_PER_S);
	charts_driver_start(c, v->name, "box plot of solve time");
	charts_driver_floors(c, &floors);
	fputs("boxfile = ", c->driver);
	charts_gp_string(c->driver, rel);
	fprintf(c->driver, "\nnbox = %d\nticklines = %d\nylo = %.9g\nyhi = %.9g\n", nbox,
		ticklines, fmax(lo, 1 / NS_PER_S), fmax(hi, 1 / NS_PER_S));
	snprintf(out, sizeof(out), "%s-box", v->slug);
	charts_driver_load(c, out, "box.gp");
	return 0;
}

/* Every chart of one dataset. */
static int dataset_charts(charts_state *c, dataset_view *v)
{
	int *block = malloc((v->nlines ? v->nlines : 1) * sizeof(int));
	char len_rel[200], uns_rel[200];
	int nslots, status = -1;

	if (!block || make_labels(v, c->r))
		goto done;
	if (write_length_data(c, v, block, len_rel, sizeof(len_rel)))
		goto done;
	nslots = write_unsolvable_data(c, v, uns_rel, sizeof(uns_rel));
	if (nslots < 0)
		goto done;
	for (int m = 0; m < METRICS; m++)
		length_chart(c, v, m, block, nslots, len_rel, uns_rel);
	if (box_chart(c, v) || charts_quality(c, v) || charts_anytime(c, v) ||
	    charts_prepare(c, v))
		goto done;
	status = 0;
done:
	free(block);
	if (v->label)
		for (size_t i = 0; i < v->nlines; i++)
			free(v->label[i]);
	free(v->label);
	return status;
}

/* The data files and the driver entries of every dataset. */
static int write_datasets(charts_state *c)
{
	const report_stats *s = c->s;
	size_t i = 0;

	for (uint32_t d = 0; d < c->r->datasets.count; d++) {
		dataset_view v = { .dataset = d, .name = report_name(&c->r->datasets, d),
				   .instances = s->instances[d] };
		size_t answered = 0;

		while (i < s->nlines && s->lines[i].dataset < d)
			i++;
		v.lines = s->lines + i;
		while (i + v.nlines < s->nlines && s->lines[i + v.nlines].dataset == d)
			answered += s->lines[i + v.nlines++].answered;
		slug_name(c->r, d, v.slug, sizeof(v.slug));
		if (!answered) {
			fprintf(stderr, "%s: %s: no solved instance, no charts\n", c->o->who, v.name);
			continue;
		}
		if (dataset_charts(c, &v))
			return -1;
	}
	return 0;
}

/* The run's anytime.csv into C (none: C->has_anytime false). A file that
 * cannot be read is no failure: it is said, and no profile is drawn. */
static void load_anytime(charts_state *c)
{
	const charts_options *o = c->o;
	char path[PATH_MAX], err[PATH_MAX + 256];
	int rc = -1;

	if (o->run_dir) {
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", o->run_dir,
				     QUALITY_ANYTIME_FILE) < sizeof(path))
			rc = 0;
	} else {
		/* the charts folder (or its fresh copy) is in the run's */
		size_t len = strlen(o->dir);

		while (len > 1 && o->dir[len - 1] == '/')
			len--;
		while (len > 0 && o->dir[len - 1] != '/')
			len--;
		if ((size_t)snprintf(path, sizeof(path), "%.*s%s", (int)len, len ? o->dir : "",
				     QUALITY_ANYTIME_FILE) < sizeof(path))
			rc = 0;
	}
	quality_anytime_init(&c->anytime);
	if (!rc)
		rc = quality_anytime_load(&c->anytime, c->r, path, err, sizeof(err));
	else
		snprintf(err, sizeof(err), "the path of " QUALITY_ANYTIME_FILE " is too long");
	c->has_anytime = !rc;
	if (rc < 0)
		fprintf(stderr, "%s: %s: no anytime profiles\n", o->who, err);
	if (c->anytime.unmatched)
		fprintf(stderr, "%s: %s: %zu row%s name%s a dataset, instance or series with no "
			"solve row in runs.csv: left out\n", o->who, path, c->anytime.unmatched,
			c->anytime.unmatched == 1 ? "" : "s", c->anytime.unmatched == 1 ? "s" : "");
}

long charts_write(const charts_options *o, const report_stats *s)
{
	charts_state c = { .o = o, .s = s, .r = s->rep };
	char path[PATH_MAX];
	int status;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", o->dir, CHARTS_DRIVER) >= sizeof(path) ||
	    !(c.driver = fopen(path, "w"))) {
		fprintf(stderr, "%s: cannot write '%s': %s\n", o->who, path, strerror(errno));
		return -1;
	}
	fputs("# Written by 'bench plot': draws every chart of this run from data/.\n"
	      "# Run it inside this folder: gnuplot charts.gp\n", c.driver);
	fputs("scripts = ", c.driver);
	charts_gp_string(c.driver, o->scripts);
	fputs(" . '/'\n", c.driver);
	load_anytime(&c);
	status = write_datasets(&c);
	quality_anytime_release(&c.anytime);
	if (fclose(c.driver) || status) {
		fprintf(stderr, "%s: out of memory or a write failed in '%s'\n", o->who, o->dir);
		return -1;
	}
	return (long)c.charts;
}
