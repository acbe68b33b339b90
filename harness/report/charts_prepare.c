/* The preparation against per-query cost chart: for every series on a
 * dataset, the total time to answer q queries, preparation + q times the
 * median time per query over the instances every series solved (the
 * summary table's 'x best' statistic, report_common_medians); and where a
 * prepared series' total drops below another's (its break-even). Drawn
 * only where a series has a preparation (report_has_preparation). */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "harness/report/charts_draw.h"

/* Queries shown (at least, at most, and how far past the last crossing),
 * and how far a crossing's label sits from it (a factor: the axis is
 * logarithmic). */
static const double min_queries_shown = 100;
static const double max_queries_shown = 1e15;
static const double crossing_room = 10;
static const double label_shift = 2.2;

/* One series' cost on the chart. */
typedef struct cost {
	const report_line *line;
	char name[256];
	double prepare_s; /* the preparation's time, 0 without one */
	double query_s;   /* median solve time over the common instances */
	bool prepared;    /* it has a preparation */
} cost;

/* Where P's total time (preparation + queries) drops below S's: the
 * number of queries, 1 when P is ahead from the first, 0 when never. */
static double break_even(const cost *p, const cost *s)
{
	double q;

	if (p->query_s >= s->query_s)
		return p->prepare_s + p->query_s <= s->prepare_s + s->query_s ? 1 : 0;
	q = (p->prepare_s - s->prepare_s) / (s->query_s - p->query_s);
	return q < 1 ? 1 : ceil(q);
}

/* A point where a prepared series' total time drops below another's. */
typedef struct crossing {
	double queries, total_s;
	int linetype; /* of the series overtaken */
} crossing;

static int cmp_crossing(const void *a, const void *b)
{
	const crossing *x = a, *y = b;

	return (x->queries > y->queries) - (x->queries < y->queries);
}

/* Say on standard output where prepared cost I pays off against each
 * other; its crossings into X (*NX of them). */
static void crossings_of(const dataset_view *v, const cost *cs, size_t n, size_t i, crossing *x,
			 size_t *nx, double *qmax)
{
	char ps[32], qs[32];

	charts_format_seconds(cs[i].prepare_s, ps, sizeof(ps));
	charts_format_seconds(cs[i].query_s, qs, sizeof(qs));
	for (size_t j = 0; j < n; j++) {
		double q;

		if (j == i)
			continue;
		q = break_even(&cs[i], &cs[j]);
		printf("%s: %s (%s to prepare, %s a query) ", v->name, cs[i].name, ps, qs);
		if (q == 0)
			printf("never catches up with %s\n", cs[j].name);
		else if (q == 1)
			printf("is ahead of %s from the first query\n", cs[j].name);
		else
			printf("is ahead of %s from query %.0f on\n", cs[j].name, q);
		if (q <= 1)
			continue;
		x[(*nx)++] = (crossing){ q, cs[i].prepare_s + q * cs[i].query_s,
					 charts_linetype(cs[j].line->series) };
		*qmax = fmax(*qmax, crossing_room * q);
	}
}

/* Write the crossings of the prepared costs to REL (labels above and
 * below them by turns). Returns how many points, -1 on failure; *QMAX
 * grows to show them all. */
static int write_crossings(charts_state *c, const dataset_view *v, const cost *cs, size_t n,
			   char *rel, size_t cap, double *qmax)
{
	crossing *x = malloc(n * n * sizeof(*x));
	size_t nx = 0;
	char name[160];
	FILE *f;

	if (!x)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (cs[i].prepared)
			crossings_of(v, cs, n, i, x, &nx, qmax);
	qsort(x, nx, sizeof(*x), cmp_crossing);
	rel[0] = '\0';
	if (nx) {
		snprintf(name, sizeof(name), "%s.breakeven.dat", v->slug);
		f = charts_data_open(c, name, rel, cap);
		if (!f) {
			free(x);
			return -1;
		}
		fprintf(f, "# %s: where a prepared solver's total time drops below another's\n",
			v->name);
		fputs("# columns: queries total_s linetype(of the solver overtaken) label label_y\n", f);
		for (size_t i = 0; i < nx; i++)
			fprintf(f, "%.0f %.9g %d \"%.0f\" %.9g\n", x[i].queries, x[i].total_s,
				x[i].linetype, x[i].queries,
				i % 2 ? x[i].total_s / label_shift : x[i].total_s * label_shift);
		if (fclose(f))
			nx = (size_t)-1;
	}
	free(x);
	return (int)nx;
}

/* The driver entry of the chart: one line per cost of CS[0..n) (their
 * medians over COMMON instances), the crossings in REL ('' none), queries up
 * to QMAX. */
static int prepare_driver(charts_state *c, const dataset_view *v, const cost *cs, size_t n,
			  size_t common, const char *rel, double qmax)
{
	char **label = calloc(n, sizeof(*label));
	double *prep = malloc(n * sizeof(*prep)), *query = malloc(n * sizeof(*query));
	int *lt = malloc(n * sizeof(*lt)), *dash = malloc(n * sizeof(*dash));
	double ylo = INFINITY, yhi = 0;
	char out[200];
	int status = -1;

	if (!label || !prep || !query || !lt || !dash)
		goto done;
	for (size_t i = 0; i < n; i++) {
		char ps[32], qs[32];
		size_t len = strlen(cs[i].name) + 96;

		label[i] = malloc(len);
		if (!label[i])
			goto done;
		charts_format_seconds(cs[i].prepare_s, ps, sizeof(ps));
		charts_format_seconds(cs[i].query_s, qs, sizeof(qs));
		if (cs[i].prepared)
			snprintf(label[i], len, "%s: %s + %s a query", cs[i].name, ps, qs);
		else
			snprintf(label[i], len, "%s: %s a query", cs[i].name, qs);
		prep[i] = cs[i].prepare_s;
		query[i] = cs[i].query_s;
		lt[i] = charts_linetype(cs[i].line->series);
		dash[i] = cs[i].prepared ? 1 : 2;
		ylo = fmin(ylo, prep[i] + query[i]);
		yhi = fmax(yhi, prep[i] + qmax * query[i]);
	}
	charts_driver_start(c, v->name, "preparation against queries");
	fputs("beven = ", c->driver);
	charts_gp_string(c->driver, rel);
	fprintf(c->driver, "\nqmax = %.0f\nylo = %.9g\nyhi = %.9g\ncommon = %zu\n", qmax,
		fmax(ylo, 1 / NS_PER_S), fmax(yhi, 2 / NS_PER_S), common);
	charts_driver_strings(c->driver, "name", (const char *const *)label, n);
	charts_driver_numbers(c->driver, "prep", prep, n);
	charts_driver_numbers(c->driver, "query", query, n);
	charts_driver_ints(c->driver, "series_lt", lt, n);
	charts_driver_ints(c->driver, "series_dash", dash, n);
	snprintf(out, sizeof(out), "%s-prepare", v->slug);
	charts_driver_load(c, out, "prepare.gp");
	status = 0;
done:
	if (label)
		for (size_t i = 0; i < n; i++)
			free(label[i]);
	free(label);
	free(prep);
	free(query);
	free(lt);
	free(dash);
	return status;
}

/* The costs of V's lines that solved an instance into CS (*N of them),
 * with their preparations and their medians over the common instances
 * (*COMMON). Returns how many have a preparation that went well, or -1
 * when out of memory. */
static long costs_of(charts_state *c, const dataset_view *v, cost *cs, size_t *n, long *common)
{
	double *median = malloc((v->nlines ? v->nlines : 1) * sizeof(*median));
	long prepared = 0;

	*n = 0;
	*common = median ? report_common_medians(c->s, v->lines, v->nlines, median) : -1;
	if (*common < 0) {
		free(median);
		return -1;
	}
	for (size_t i = 0; i < v->nlines; i++) {
		const report_line *l = &v->lines[i];
		const report_row *p = l->prepare;
		bool work = report_has_preparation(p) && p->status == RUN_OK;
		char name[256];

		report_series_label(c->r, l->series, "+", name, sizeof(name));
		if (isnan(median[i])) {
			if (work)
				fprintf(stderr, "%s: %s preparation chart: '%s' has a preparation "
					"but no solved instance, left out\n", c->o->who, v->name, name);
			continue;
		}
		cs[*n] = (cost){ .line = l, .prepare_s = work ? (double)p->wall_ns / NS_PER_S : 0,
				 .query_s = median[i] / NS_PER_S, .prepared = work };
		snprintf(cs[*n].name, sizeof(cs[*n].name), "%s", name);
		prepared += work;
		++*n;
	}
	free(median);
	return prepared;
}

int charts_prepare(charts_state *c, const dataset_view *v)
{
	cost *cs = malloc((v->nlines ? v->nlines : 1) * sizeof(*cs));
	size_t n = 0;
	long common = 0, prepared;
	double qmax = min_queries_shown;
	char rel[200];
	int status = -1;

	if (!cs)
		goto done;
	prepared = costs_of(c, v, cs, &n, &common);
	if (prepared < 0)
		goto done;
	status = 0;
	if (!prepared) {
		fprintf(stderr, "%s: %s preparation chart left out: no solver here has a preparation\n",
			c->o->who, v->name);
		goto done;
	}
	if (n < 2 || !common) {
		fprintf(stderr, "%s: %s preparation chart left out: %s\n", c->o->who, v->name,
			n < 2 ? "no other solver to weigh the preparation against" :
			"no instance that every solver solved");
		goto done;
	}
	if (write_crossings(c, v, cs, n, rel, sizeof(rel), &qmax) < 0)
		status = -1;
	else
		status = prepare_driver(c, v, cs, n, (size_t)common, rel,
					fmin(pow(10, ceil(log10(qmax))), max_queries_shown));
done:
	if (status)
		fprintf(stderr, "%s: out of memory or a write failed\n", c->o->who);
	free(cs);
	return status;
}
