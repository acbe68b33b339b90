/* The charts of answer quality (quality.h), per dataset:
 * - quality against time: one labelled point a series, its median wall
 *   time per solve (the summary table's median) across, its quality (the
 *   mean of length / optimal length over the instances it answered) up;
 *   drawn where a series has an answer longer than optimal (else every
 *   point would stand on the line of 1, and the box plot shows the times);
 * - the anytime profiles, from the run's anytime.csv: for each series with
 *   anytime answers, the mean quality of the solves answered by each moment
 *   since a solve began (quality_profile), a stepped line; dotted until
 *   every solve of the series has an answer (a mean over fewer, which may
 *   rise as a hard instance's first answer comes), solid from there on,
 *   to the series' slowest solve. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "harness/report/charts_draw.h"

/* The room around the points: a fraction of the range of quality, or this
 * much where it is one value. */
#define QUALITY_PAD 0.08
#define QUALITY_PAD_FLAT 0.05

/* The y range of qualities from LO to HI (1 always shown) into the
 * driver. */
static void driver_quality_range(FILE *f, double lo, double hi)
{
	double pad;

	lo = fmin(lo, 1);
	pad = hi > lo ? QUALITY_PAD * (hi - lo) : QUALITY_PAD_FLAT;
	fprintf(f, "qlo = %.9g\nqhi = %.9g\n", lo - pad, hi + pad);
}

/* A point of the quality chart: a line with a quality and a time. */
typedef struct quality_point {
	const report_line *line;
	quality_figures q;
	bool near; /* its median near its floor */
} quality_point;

/* The points of V into P (*N of them; room for v->nlines), the floors
 * under them into FL. Returns how many have an answer longer than optimal,
 * or -1 when out of memory. */
static long quality_points(charts_state *c, const dataset_view *v, quality_point *p, size_t *n,
			   chart_floors *fl)
{
	long longer = 0;

	*n = 0;
	for (size_t i = 0; i < v->nlines; i++) {
		const report_line *l = &v->lines[i];
		quality_figures q;

		if (quality_line(c->s, l, &q))
			return -1;
		if (!q.instances || !l->answered || !(l->wall.median > 0))
			continue;
		p[*n] = (quality_point){ l, q, charts_floors_add(fl, c->r, l->algorithm,
								 l->wall.median) };
		longer += !quality_all_optimal(&q);
		++*n;
	}
	return longer;
}

/* DIR/data/<slug>.quality.dat: the N points P. Returns 0, or -1 when a
 * write failed. */
static int write_quality_data(charts_state *c, const dataset_view *v, const quality_point *p,
			      size_t n, char *rel, size_t cap)
{
	char name[160], label[256];
	FILE *f;

	snprintf(name, sizeof(name), "%s.quality.dat", v->slug);
	f = charts_data_open(c, name, rel, cap);
	if (!f)
		return -1;
	fprintf(f, "# %s: answer quality (mean of length / optimal length over the instances "
		"answered) against median wall time per solve, a row per series\n", v->name);
	fputs("# columns: median_s quality instances solved linetype near_floor name\n", f);
	for (size_t i = 0; i < n; i++) {
		charts_data_number(f, p[i].line->wall.median / NS_PER_S);
		charts_data_number(f, p[i].q.mean);
		fprintf(f, " %zu %zu %d %d ", p[i].q.instances, p[i].line->solved,
			charts_linetype(p[i].line->series), p[i].near);
		charts_data_string(f, report_series_label(c->r, p[i].line->series, "+", label,
							  sizeof(label)));
		fputc('\n', f);
	}
	return fclose(f) ? -1 : 0;
}

/* The driver entry of the quality chart of the N points P (data in REL). */
static int quality_driver(charts_state *c, const dataset_view *v, const quality_point *p,
			  size_t n, const chart_floors *fl, const char *rel)
{
	const char **name = malloc(n * sizeof(*name));
	int *lt = malloc(n * sizeof(*lt));
	double xlo = INFINITY, xhi = 0, qlo = INFINITY, qhi = -INFINITY;
	char out[200];

	if (!name || !lt) {
		free(name);
		free(lt);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		/* the legend's label of the line: how many it solved, when not all */
		for (size_t k = 0; k < v->nlines; k++)
			if (&v->lines[k] == p[i].line)
				name[i] = v->label[k];
		lt[i] = charts_linetype(p[i].line->series);
		xlo = fmin(xlo, p[i].line->wall.median / NS_PER_S);
		xhi = fmax(xhi, p[i].line->wall.median / NS_PER_S);
		qlo = fmin(qlo, p[i].q.mean);
		qhi = fmax(qhi, p[i].q.mean);
	}
	charts_driver_start(c, v->name, "quality against time");
	charts_driver_floors(c, fl);
	fputs("datafile = ", c->driver);
	charts_gp_string(c->driver, rel);
	fprintf(c->driver, "\nxlo = %.9g\nxhi = %.9g\n", xlo, fmax(xhi, fl->near_hi / NS_PER_S));
	driver_quality_range(c->driver, qlo, qhi);
	charts_driver_strings(c->driver, "name", name, n);
	charts_driver_ints(c->driver, "name_lt", lt, n);
	snprintf(out, sizeof(out), "%s-quality", v->slug);
	charts_driver_load(c, out, "quality.gp");
	free(name);
	free(lt);
	return 0;
}

int charts_quality(charts_state *c, const dataset_view *v)
{
	quality_point *p = malloc((v->nlines ? v->nlines : 1) * sizeof(*p));
	chart_floors fl = { 0 };
	char rel[200];
	size_t n = 0;
	long longer = p ? quality_points(c, v, p, &n, &fl) : -1;
	int status = -1;

	if (longer < 0)
		goto done;
	status = 0;
	if (!longer) {
		fprintf(stderr, "%s: %s quality chart left out: %s\n", c->o->who, v->name,
			n ? "every answer is optimal (quality 1)"
			  : "no answer whose optimal length is known");
		goto done;
	}
	if (write_quality_data(c, v, p, n, rel, sizeof(rel)) ||
	    quality_driver(c, v, p, n, &fl, rel))
		status = -1;
done:
	if (status)
		fprintf(stderr, "%s: out of memory or a write failed\n", c->o->who);
	free(p);
	return status;
}

/* --- the anytime profiles ---------------------------------------------- */

/* What the anytime chart of a dataset draws, and its ranges. */
typedef struct anytime_plan {
	int *blk, *lt;
	char **name;
	size_t n;
	double xlo, xhi, qlo, qhi;
} anytime_plan;

/* The profile of line L as block P->n of F: its STEPS[0..k), then its
 * last value again at the slowest of its solves (where that is later).
 * Returns 0, or -1 when out of memory. */
static int write_profile(FILE *f, const report *r, const report_line *l,
			 const quality_step *steps, size_t k, anytime_plan *p)
{
	size_t solves = r->tracks[l->track].rows, answered = steps[k - 1].answered;
	double end = fmax(steps[k - 1].wall_ns, l->answered ? l->wall.max : 0);
	char label[256];
	size_t len;

	if (answered > solves)
		solves = answered;
	report_series_label(r, l->series, "+", label, sizeof(label));
	fprintf(f, "%s# block %zu: %s\n", p->n ? "\n\n" : "", p->n, label);
	for (size_t i = 0; i <= k; i++) {
		const quality_step *s = &steps[i < k ? i : k - 1];
		double t = i < k ? s->wall_ns : end;

		if (i == k && !(end > s->wall_ns))
			break;
		charts_data_number(f, t / NS_PER_S);
		charts_data_number(f, s->mean);
		fprintf(f, " %zu %zu\n", s->answered, solves);
		if (t > 0)
			p->xlo = fmin(p->xlo, t / NS_PER_S);
		p->xhi = fmax(p->xhi, t / NS_PER_S);
		p->qlo = fmin(p->qlo, s->mean);
		p->qhi = fmax(p->qhi, s->mean);
	}
	len = strlen(label) + 64;
	p->name[p->n] = malloc(len);
	if (!p->name[p->n])
		return -1;
	if (answered < solves)
		snprintf(p->name[p->n], len, "%s (%zu of %zu solves answered)", label, answered,
			 solves);
	else
		snprintf(p->name[p->n], len, "%s", label);
	p->blk[p->n] = (int)p->n;
	p->lt[p->n] = charts_linetype(l->series);
	p->n++;
	return 0;
}

/* DIR/data/<slug>.anytime.dat: a block per line of V with anytime
 * answers, planned into P. Returns 0, or -1 when out of memory or a write
 * failed. */
static int write_anytime_data(charts_state *c, const dataset_view *v, anytime_plan *p,
			      char *rel, size_t cap)
{
	char name[160];
	FILE *f = NULL;
	int status = 0;

	for (size_t i = 0; i < v->nlines && !status; i++) {
		quality_step *steps;
		long k = quality_profile(c->r, &c->anytime, v->dataset, v->lines[i].series, &steps);

		if (k < 0)
			return -1;
		if (!k)
			continue;
		if (!f) {
			snprintf(name, sizeof(name), "%s.anytime.dat", v->slug);
			f = charts_data_open(c, name, rel, cap);
			if (!f) {
				free(steps);
				return -1;
			}
			fprintf(f, "# %s: anytime profiles: the mean quality (length / optimal "
				"length) of the last answer found by each moment of the solves "
				"answered by then\n", v->name);
			fputs("# columns: time_s quality answered solves\n", f);
		}
		status = write_profile(f, c->r, &v->lines[i], steps, (size_t)k, p);
		free(steps);
	}
	if (f && fclose(f))
		status = -1;
	return status;
}

int charts_anytime(charts_state *c, const dataset_view *v)
{
	size_t room = v->nlines ? v->nlines : 1;
	anytime_plan p = { .blk = malloc(room * sizeof(int)), .lt = malloc(room * sizeof(int)),
			   .name = calloc(room, sizeof(char *)), .xlo = INFINITY, .xhi = 0,
			   .qlo = INFINITY, .qhi = -INFINITY };
	char rel[200], out[200];
	int status = -1;

	if (!p.blk || !p.lt || !p.name)
		goto done;
	status = 0;
	if (!c->has_anytime || !c->anytime.n)
		goto done;
	if (write_anytime_data(c, v, &p, rel, sizeof(rel))) {
		status = -1;
		goto done;
	}
	if (!p.n || !(p.xhi > 0))
		goto done;
	if (!(p.xlo < p.xhi))
		p.xlo = p.xhi;
	charts_driver_start(c, v->name, "anytime profiles");
	fputs("datafile = ", c->driver);
	charts_gp_string(c->driver, rel);
	fprintf(c->driver, "\nxlo = %.9g\nxhi = %.9g\n", p.xlo, p.xhi);
	driver_quality_range(c->driver, p.qlo, p.qhi);
	charts_driver_ints(c->driver, "blk", p.blk, p.n);
	charts_driver_ints(c->driver, "blk_lt", p.lt, p.n);
	charts_driver_strings(c->driver, "name", (const char *const *)p.name, p.n);
	snprintf(out, sizeof(out), "%s-anytime", v->slug);
	charts_driver_load(c, out, "anytime.gp");
done:
	if (status)
		fprintf(stderr, "%s: out of memory or a write failed\n", c->o->who);
	if (p.name)
		for (size_t i = 0; i < p.n; i++)
			free(p.name[i]);
	free(p.name);
	free(p.blk);
	free(p.lt);
	return status;
}
