/* The quality of answers and the anytime profiles (quality.h). */
#include "harness/report/quality.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"

#define NO_VALUE "-"
/* The most fields a line of anytime.csv has that we read. */
#define MAX_FIELDS 64

/* --- the quality of answers -------------------------------------------- */

int quality_base(const report *r, uint32_t d, uint32_t i)
{
	const report_instances *in;

	if (d >= r->datasets.count || i >= r->instances[d].names.count)
		return -1;
	in = &r->instances[d];
	if (in->reference[i] >= 0)
		return in->reference[i];
	if (in->reference[i] == DATASET_REF_UNKNOWN && in->shortest[i] >= 0)
		return in->shortest[i];
	return -1;
}

double quality_of(const report *r, uint32_t d, uint32_t i, int length)
{
	int base = quality_base(r, d, i);

	if (base < 0 || length < 0)
		return NAN;
	if (!base)
		return length ? (double)length : 1.0;
	return (double)length / base;
}

long quality_instances(const report *r, const report_track *t, double *q)
{
	size_t n = r->instances[t->dataset].names.count;
	uint32_t *count = calloc(n ? n : 1, sizeof(*count));
	report_cursor c;
	long numbers = 0;

	if (!count)
		return -1;
	for (size_t i = 0; i < n; i++)
		q[i] = 0;
	report_cursor_init(&c, t, 0, 0);
	while (report_cursor_next(&c)) {
		double v;

		if (c.row.status != RUN_OK || c.row.instance >= n)
			continue;
		v = quality_of(r, t->dataset, c.row.instance, c.row.length);
		if (isnan(v))
			continue;
		q[c.row.instance] += v;
		count[c.row.instance]++;
	}
	for (size_t i = 0; i < n; i++) {
		q[i] = count[i] ? q[i] / count[i] : NAN;
		numbers += count[i] > 0;
	}
	free(count);
	return numbers;
}

/* Add Q (NaN: nothing) to F, whose mean holds the sum so far. */
static void figures_add(quality_figures *f, double q)
{
	if (isnan(q))
		return;
	f->mean += q;
	f->worst = f->instances && f->worst >= q ? f->worst : q;
	f->instances++;
	f->optimal += q == 1.0;
}

/* F's mean from its sum. */
static quality_figures figures_end(quality_figures f)
{
	if (!f.instances) {
		f.mean = NAN;
		f.worst = NAN;
	} else {
		f.mean /= (double)f.instances;
	}
	return f;
}

quality_figures quality_figures_of(const double *q, size_t n)
{
	quality_figures f = { 0 };

	for (size_t i = 0; i < n; i++)
		figures_add(&f, q[i]);
	return figures_end(f);
}

quality_figures quality_group(const report_stats *s, const report_group *g, const double *q)
{
	quality_figures f = { 0 };
	size_t end = g->first + g->nkeys;

	/* an instance's keys (its segments) are next to each other: a cell */
	for (size_t i = g->first; i < end; i = report_cell_end(s, i, end))
		figures_add(&f, q[s->keys[i].instance]);
	return figures_end(f);
}

int quality_line(const report_stats *s, const report_line *l, quality_figures *out)
{
	const report *r = s->rep;
	size_t n = r->instances[l->dataset].names.count;
	double *q = malloc((n ? n : 1) * sizeof(*q));

	if (!q || quality_instances(r, &r->tracks[l->track], q) < 0) {
		free(q);
		return -1;
	}
	*out = quality_figures_of(q, n);
	free(q);
	return 0;
}

bool quality_all_optimal(const quality_figures *f)
{
	return f->optimal == f->instances;
}

int quality_any_longer(const report_stats *s)
{
	for (size_t i = 0; i < s->nlines; i++) {
		quality_figures f;

		if (quality_line(s, &s->lines[i], &f))
			return -1;
		if (!quality_all_optimal(&f))
			return 1;
	}
	return 0;
}

const char *quality_format(const quality_figures *f, char *buf, size_t size)
{
	if (!f->instances || isnan(f->mean))
		snprintf(buf, size, NO_VALUE);
	else
		snprintf(buf, size, "%.3f", f->mean);
	return buf;
}

/* --- anytime.csv -------------------------------------------------------- */

void quality_anytime_init(quality_anytime *any)
{
	memset(any, 0, sizeof(*any));
}

void quality_anytime_release(quality_anytime *any)
{
	free(any->a);
	quality_anytime_init(any);
}

/* The columns of anytime.csv, in the order a missing one is said; those
 * from COL_OPTIONAL on may be missing. */
enum { COL_DATASET, COL_INSTANCE, COL_ALGORITHM, COL_HEURISTIC, COL_REPEAT, COL_LENGTH,
       COL_WALL_NS, COL_OPTIONAL, COL_EXPANDED = COL_OPTIONAL, NCOLS };

static const char *const column_names[NCOLS] = {
	"dataset", "instance", "algorithm", "heuristic", "repeat", "length", "wall_ns", "expanded",
};

/* FIELD as a whole number up to MAX into *V. Returns 0, or -1. */
static int parse_count(const char *field, uint64_t max, uint64_t *v)
{
	char *end;
	unsigned long long x;

	if (*field < '0' || *field > '9')
		return -1;
	errno = 0;
	x = strtoull(field, &end, 10);
	if (errno || *end || x > max)
		return -1;
	*v = x;
	return 0;
}

/* The series of R with ALGORITHM and HEURISTIC (names), or REPORT_NONE. */
static uint32_t series_named(const report *r, const char *algorithm, const char *heuristic)
{
	uint32_t a = report_find(&r->algorithms, algorithm);
	uint32_t h = report_find(&r->heuristics, heuristic);

	for (size_t s = 0; a != REPORT_NONE && h != REPORT_NONE && s < r->nseries; s++)
		if (r->series[s].algorithm == a && r->series[s].heuristic == h)
			return (uint32_t)s;
	return REPORT_NONE;
}

/* Room for one more answer in ANY. */
static int answers_room(quality_anytime *any)
{
	size_t cap = any->cap ? 2 * any->cap : 256;
	quality_answer *a;

	if (any->n < any->cap)
		return 0;
	a = realloc(any->a, cap * sizeof(*a));
	if (!a)
		return -1;
	any->a = a;
	any->cap = cap;
	return 0;
}

/* The row F (its fields by column, COL giving each column's field) into
 * *A. Returns 0, 1 when R has no such dataset, instance or series, or -1
 * with what is wrong in WHY. */
static int parse_answer(const report *r, char **f, const int *col, quality_answer *a,
			const char **why)
{
	uint64_t repeat = 0, length = 0;
	const char *expanded = col[COL_EXPANDED] >= 0 ? f[col[COL_EXPANDED]] : NO_VALUE;

	a->expanded = 0;
	*why = parse_count(f[col[COL_REPEAT]], UINT32_MAX, &repeat) ? "repeat"
	       : parse_count(f[col[COL_LENGTH]], INT16_MAX, &length) ? "length"
	       : parse_count(f[col[COL_WALL_NS]], UINT64_MAX, &a->wall_ns) ? "wall_ns"
	       : strcmp(expanded, NO_VALUE) && parse_count(expanded, UINT64_MAX, &a->expanded)
	       ? "expanded" : NULL;
	a->repeat = (uint32_t)repeat;
	a->length = (int)length;
	if (*why)
		return -1;
	a->dataset = report_find(&r->datasets, f[col[COL_DATASET]]);
	a->instance = a->dataset == REPORT_NONE ? REPORT_NONE
		      : report_find(&r->instances[a->dataset].names, f[col[COL_INSTANCE]]);
	a->series = series_named(r, f[col[COL_ALGORITHM]], f[col[COL_HEURISTIC]]);
	return a->instance == REPORT_NONE || a->series == REPORT_NONE ? 1 : 0;
}

/* The header F[0..n) into COL. Returns 0, or -1 with the missing column
 * in ERR. */
static int read_header(char **f, int n, int *col, const char *path, char *err, size_t errlen)
{
	for (int k = 0; k < NCOLS; k++) {
		col[k] = csv_column(f, n, column_names[k]);
		if (col[k] < 0 && k < COL_OPTIONAL) {
			snprintf(err, errlen, "%s:1: no '%s' column (the header is '%s')", path,
				 column_names[k], ANYTIME_HEADER);
			return -1;
		}
	}
	return 0;
}

static int cmp_answer(const void *x, const void *y)
{
	const quality_answer *a = x, *b = y;

	if (a->dataset != b->dataset)
		return a->dataset < b->dataset ? -1 : 1;
	if (a->series != b->series)
		return a->series < b->series ? -1 : 1;
	if (a->wall_ns != b->wall_ns)
		return a->wall_ns < b->wall_ns ? -1 : 1;
	if (a->instance != b->instance)
		return a->instance < b->instance ? -1 : 1;
	return (a->repeat > b->repeat) - (a->repeat < b->repeat);
}

/* The rows of IN (PATH) after its header into ANY. */
static int read_rows(quality_anytime *any, const report *r, FILE *in, const char *path,
		     char *err, size_t errlen)
{
	char line[CSV_MAX_LINE], *f[MAX_FIELDS];
	int col[NCOLS], n, most = 0;
	unsigned lineno = 1;
	long len;

	len = csv_read_line(in, line);
	if (len < 0) {
		snprintf(err, errlen, "%s:1: %s", path, len == -1 ? "empty: no header"
			 : "the header is too long or holds a NUL byte");
		return -1;
	}
	n = csv_split(line, f, MAX_FIELDS);
	if (n < 0) {
		snprintf(err, errlen, "%s:1: a bad header (a quote not closed, or too many fields)",
			 path);
		return -1;
	}
	if (read_header(f, n, col, path, err, errlen))
		return -1;
	for (int k = 0; k < NCOLS; k++)
		most = col[k] > most ? col[k] : most;
	while ((len = csv_read_line(in, line)) != -1) {
		const char *why;
		int rc;

		lineno++;
		if (len == -2) {
			snprintf(err, errlen, "%s:%u: the line is too long or holds a NUL byte",
				 path, lineno);
			return -1;
		}
		if (!len)
			continue;
		n = csv_split(line, f, MAX_FIELDS);
		if (n <= most) {
			snprintf(err, errlen, "%s:%u: %d fields, the header has more", path, lineno,
				 n < 0 ? 0 : n);
			return -1;
		}
		if (answers_room(any)) {
			snprintf(err, errlen, "%s: out of memory", path);
			return -1;
		}
		rc = parse_answer(r, f, col, &any->a[any->n], &why);
		if (rc < 0) {
			snprintf(err, errlen, "%s:%u: the %s is not a whole number in range", path,
				 lineno, why);
			return -1;
		}
		if (rc)
			any->unmatched++;
		else
			any->n++;
	}
	return 0;
}

int quality_anytime_load(quality_anytime *any, const report *r, const char *path, char *err,
			 size_t errlen)
{
	FILE *in = fopen(path, "r");
	int rc;

	quality_anytime_init(any);
	if (!in) {
		if (errno == ENOENT)
			return 1;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = read_rows(any, r, in, path, err, errlen);
	if (!rc && ferror(in)) {
		snprintf(err, errlen, "%s: a read failed", path);
		rc = -1;
	}
	fclose(in);
	if (rc) {
		quality_anytime_release(any);
		return -1;
	}
	if (any->n)
		qsort(any->a, any->n, sizeof(*any->a), cmp_answer);
	return 0;
}

/* --- the profiles ------------------------------------------------------- */

/* An answer of a profile: its place among them and its solve. */
typedef struct solve_key {
	uint32_t instance, repeat;
	size_t at; /* in the profile's answers */
} solve_key;

static int cmp_solve(const void *x, const void *y)
{
	const solve_key *a = x, *b = y;

	if (a->instance != b->instance)
		return a->instance < b->instance ? -1 : 1;
	if (a->repeat != b->repeat)
		return a->repeat < b->repeat ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/* The solve (instance and repeat) of each of the N answers A, numbered
 * from 0, into SOLVE. Returns 0, or -1 when out of memory. */
static int number_solves(const quality_answer *a, size_t n, uint32_t *solve)
{
	solve_key *k = malloc(n * sizeof(*k));
	uint32_t id = 0;

	if (!k)
		return -1;
	for (size_t i = 0; i < n; i++)
		k[i] = (solve_key){ a[i].instance, a[i].repeat, i };
	qsort(k, n, sizeof(*k), cmp_solve);
	for (size_t i = 0; i < n; i++) {
		if (i && (k[i].instance != k[i - 1].instance || k[i].repeat != k[i - 1].repeat))
			id++;
		solve[k[i].at] = id;
	}
	free(k);
	return 0;
}

/* The answers of series S on dataset D: [*LO, *HI) of ANY's. */
static void answers_of(const quality_anytime *any, uint32_t d, uint32_t s, size_t *lo,
		       size_t *hi)
{
	size_t a = 0, b = any->n;

	/* the first at or after (D, S) */
	while (a < b) {
		size_t m = a + (b - a) / 2;
		const quality_answer *x = &any->a[m];

		if (x->dataset < d || (x->dataset == d && x->series < s))
			a = m + 1;
		else
			b = m;
	}
	*lo = a;
	while (a < any->n && any->a[a].dataset == d && any->a[a].series == s)
		a++;
	*hi = a;
}

long quality_profile(const report *r, const quality_anytime *any, uint32_t d, uint32_t s,
		     quality_step **steps)
{
	size_t lo, hi, n, k = 0, answered = 0;
	uint32_t *solve = NULL;
	double *now = NULL, sum = 0;
	quality_step *out = NULL;

	*steps = NULL;
	answers_of(any, d, s, &lo, &hi);
	n = hi - lo;
	if (!n)
		return 0;
	solve = malloc(n * sizeof(*solve));
	now = malloc(n * sizeof(*now));
	out = malloc(n * sizeof(*out));
	if (!solve || !now || !out || number_solves(any->a + lo, n, solve))
		goto fail;
	for (size_t i = 0; i < n; i++)
		now[i] = NAN;
	for (size_t i = 0; i < n;) {
		/* the answers within the merge factor of the first: one step */
		double from = (double)any->a[lo + i].wall_ns, at = from;
		bool any_counted = false;

		double until = from * (1 + QUALITY_STEP_MERGE);

		for (; i < n && (double)any->a[lo + i].wall_ns <= until; i++) {
			const quality_answer *a = &any->a[lo + i];
			double q = quality_of(r, d, a->instance, a->length);

			if (isnan(q))
				continue;
			if (isnan(now[solve[i]])) {
				answered++;
				sum += q;
			} else {
				sum += q - now[solve[i]];
			}
			now[solve[i]] = q;
			at = (double)a->wall_ns;
			any_counted = true;
		}
		if (any_counted)
			out[k++] = (quality_step){ at, sum / (double)answered, answered };
	}
	free(solve);
	free(now);
	if (!k) {
		free(out);
		return 0;
	}
	*steps = out;
	return (long)k;
fail:
	free(solve);
	free(now);
	free(out);
	return -1;
}
