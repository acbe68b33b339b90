/* The preparation against per-query cost chart: for every series on a
 * dataset, the total time to answer q queries, preparation + q times the
 * mean time per query over the instances every series solved; and where a
 * prepared series' total drops below another's (its break-even). */
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
	double query_s;   /* mean solve time over the common instances */
	bool prepared;    /* the preparation did work */
	size_t queries;   /* the solve rows the mean is over */
} cost;

/* How many lines of CS[0..n) solved each instance into COUNT (by the
 * report's instance index; room for them all). Returns how many instances
 * all of them solved. */
static size_t common_instances(const charts_state *c, const cost *cs, size_t n, uint32_t *count)
{
	size_t common = 0;

	for (size_t i = 0; i < n; i++) {
		const report_key *k = c->s->keys + cs[i].line->first;
		size_t nk = cs[i].line->nkeys;

		for (size_t a = 0, b; a < nk; a = b) {
			b = report_instance_end(k, a, nk);
			if (report_instance_solved(c->r, k + a, b - a) && ++count[k[a].instance] == n)
				common++;
		}
	}
	return common;
}

/* Each cost's mean query time over the common instances (COUNT == n). */
static void mean_queries(const charts_state *c, cost *cs, size_t n, const uint32_t *count)
{
	double *buf = c->s->scratch;

	for (size_t i = 0; i < n; i++) {
		const report_key *k = c->s->keys + cs[i].line->first;
		size_t m = 0;

		for (size_t j = 0; j < cs[i].line->nkeys; j++) {
			const report_row *row = &c->r->rows[k[j].row];

			if (count[k[j].instance] == n && run_status_answered(row->status))
				buf[m++] = (double)row->wall_ns / NS_PER_S;
		}
		cs[i].queries = m;
		cs[i].query_s = m ? stats_mean(buf, m) : NAN;
	}
}

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
 * means over COMMON instances), the crossings in REL ('' none), queries up
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
			snprintf(label[i], len, "%s: %s to prepare, then %s a query", cs[i].name, ps, qs);
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

/* The costs of V's answered lines into CS, with their preparations: those
 * that did work (expanded nodes or held bytes: every solver has a prepare
 * row, most of them empty) count as prepared. Returns how many prepared. */
static size_t costs_of(charts_state *c, const dataset_view *v, cost *cs, size_t *n)
{
	size_t prepared = 0;

	*n = 0;
	for (size_t i = 0; i < v->nlines; i++) {
		const report_line *l = &v->lines[i];
		const report_row *p = l->prepare;
		bool ok = p && p->status == RUN_OK, work = ok && (p->expanded || p->peak_bytes);
		char name[256];

		report_series_label(c->r, l->series, "+", name, sizeof(name));
		if (!l->answered) {
			if (work)
				fprintf(stderr, "%s: %s preparation chart: '%s' has a preparation "
					"but no solved instance, left out\n", c->o->who, v->name, name);
			continue;
		}
		cs[*n] = (cost){ .line = l, .prepare_s = ok ? (double)p->wall_ns / NS_PER_S : 0,
				 .prepared = work };
		snprintf(cs[*n].name, sizeof(cs[*n].name), "%s", name);
		prepared += work;
		++*n;
	}
	return prepared;
}

int charts_prepare(charts_state *c, const dataset_view *v)
{
	cost *cs = malloc((v->nlines ? v->nlines : 1) * sizeof(*cs));
	uint32_t *count = calloc(c->r->instances.count ? c->r->instances.count : 1, sizeof(*count));
	size_t n = 0, common = 0;
	double qmax = min_queries_shown;
	char rel[200];
	int status = -1;

	if (!cs || !count)
		goto done;
	status = 0;
	if (!costs_of(c, v, cs, &n))
		goto done;
	common = common_instances(c, cs, n, count);
	mean_queries(c, cs, n, count);
	if (n < 2 || !common) {
		fprintf(stderr, "%s: %s preparation chart left out: %s\n", c->o->who, v->name,
			n < 2 ? "no other solver to weigh the preparation against" :
			"no instance that every solver solved");
		goto done;
	}
	if (write_crossings(c, v, cs, n, rel, sizeof(rel), &qmax) < 0)
		status = -1;
	else
		status = prepare_driver(c, v, cs, n, common, rel,
					fmin(pow(10, ceil(log10(qmax))), max_queries_shown));
done:
	if (status)
		fprintf(stderr, "%s: out of memory or a write failed\n", c->o->who);
	free(cs);
	free(count);
	return status;
}
