/* What bench analyze writes in -o DIR (analyze_int.h): heuristic.csv (the
 * joint distribution of h* and h), prediction.csv (a row an instance or
 * an h*), thresholds.csv, and with --charts the data and driver of its
 * two charts, drawn by gnuplot into DIR/charts. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>

#include "harness/cmd/analyze_int.h"
#include "harness/cmd/commands.h"
#include "harness/io/outfile.h"
#include "harness/report/charts_draw.h"
#include "harness/report/gnuplot.h"

/* --- files --------------------------------------------------------------- */

static int commit(outfile *f)
{
	char err[512];

	if (outfile_commit(f, err, sizeof(err)))
		return analyze_fail("%s", err);
	return 0;
}

static int open_in(outfile *f, const char *dir, const char *name)
{
	char path[PATH_MAX], err[512];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return analyze_fail("%s/%s: the path is too long", dir, name);
	if (outfile_open(f, path, err, sizeof(err)))
		return analyze_fail("%s", err);
	return 0;
}

static int write_joint(const analysis *a)
{
	outfile f;

	if (open_in(&f, a->o->out, "heuristic.csv"))
		return PB_EXIT_USAGE;
	fputs("hstar,h,states\n", f.fp);
	for (int k = 0; k <= a->hstar_max; k++)
		for (int v = 0; v <= PB_KRE_MAX_VALUE; v++)
			if (joint_at(a, k, v))
				fprintf(f.fp, "%d,%d,%" PRIu64 "\n", k, v, joint_at(a, k, v));
	return commit(&f);
}

/* V to CSV: a number, or nothing where there is none. */
static void csv_number(FILE *f, double v, bool has)
{
	if (has)
		fprintf(f, ",%.10g", v);
	else
		fputc(',', f);
}

static void csv_ratio(FILE *f, double num, bool has, double den)
{
	if (has && den > 0)
		fprintf(f, ",%.6f", num / den);
	else
		fputc(',', f);
}

static int write_prediction(const analysis *a)
{
	outfile f;

	if (open_in(&f, a->o->out, "prediction.csv"))
		return PB_EXIT_USAGE;
	fputs("row,hstar,h,states,starts,predicted,measured,ratio,complete,complete_ratio\n", f.fp);
	for (size_t i = 0; i < a->nrows; i++) {
		const analyze_row *r = &a->rows[i];

		if (!r->n)
			continue;
		fprintf(f.fp, "%s,%d,%.4f,%" PRIu64 ",%zu,%.10g", r->name, r->hstar, r->h, r->states,
			r->n, r->predicted);
		csv_number(f.fp, r->measured, r->measured_n > 0);
		csv_ratio(f.fp, r->measured, r->measured_n > 0, r->predicted);
		csv_number(f.fp, r->complete, r->complete_n > 0);
		csv_ratio(f.fp, r->complete, r->complete_n > 0, r->predicted);
		fputc('\n', f.fp);
	}
	return commit(&f);
}

static int write_thresholds(const analysis *a)
{
	outfile f;

	if (open_in(&f, a->o->out, "thresholds.csv"))
		return PB_EXIT_USAGE;
	fputs("threshold,starts,predicted,measured,ratio\n", f.fp);
	for (size_t j = 0; j < a->nthresholds; j++) {
		const analyze_threshold *t = &a->thresholds[j];
		double n = t->n ? (double)t->n : 1;

		fprintf(f.fp, "%d,%zu", t->threshold, t->n);
		csv_number(f.fp, t->predicted / n, t->n > 0);
		csv_number(f.fp, t->measured / n, t->n > 0);
		csv_ratio(f.fp, t->measured, t->n > 0, t->predicted);
		fputc('\n', f.fp);
	}
	return commit(&f);
}

/* --- charts --------------------------------------------------------------- */

/* The data and the driver of both charts in the fresh folder of G. */
static int write_charts(const analysis *a, const gnuplot_dir *g, const char *scripts)
{
	charts_options co = { .dir = g->tmp, .scripts = scripts, .machine = "", .date = "",
			      .caveat = "", .who = "bench " CMD };
	charts_state c = { .o = &co };
	char heat_rel[PATH_MAX], pred_rel[PATH_MAX], thr_rel[PATH_MAX];
	char path[PATH_MAX + sizeof(CHARTS_DRIVER) + 1], what[256];
	FILE *heat = charts_data_open(&c, "heuristic.dat", heat_rel, sizeof(heat_rel)), *pred, *thr;
	int failed = !heat;

	for (int k = 0; heat && k <= a->hstar_max; k++)
		for (int v = 0; v <= PB_KRE_MAX_VALUE; v++)
			if (joint_at(a, k, v))
				fprintf(heat, "%d %d %" PRIu64 "\n", k, v, joint_at(a, k, v));
	failed |= heat && fclose(heat) != 0;
	pred = failed ? NULL : charts_data_open(&c, "prediction.dat", pred_rel, sizeof(pred_rel));
	failed |= !pred;
	if (pred) {
		for (size_t i = 0; i < a->nrows; i++) {
			const analyze_row *r = &a->rows[i];
			char m[32] = "NaN", cpl[32] = "NaN";

			if (!r->n)
				continue;
			if (r->measured_n)
				snprintf(m, sizeof(m), "%.6g", r->measured);
			if (r->complete_n)
				snprintf(cpl, sizeof(cpl), "%.6g", r->complete);
			fprintf(pred, "%.6g %s %s %d\n", r->predicted, m, cpl, r->hstar);
		}
		failed |= fclose(pred) != 0;
	}
	thr = failed ? NULL : charts_data_open(&c, "thresholds.dat", thr_rel, sizeof(thr_rel));
	failed |= !thr;
	for (size_t j = 0; thr && j < a->nthresholds; j++) {
		const analyze_threshold *t = &a->thresholds[j];

		if (t->n)
			fprintf(thr, "%.6g %.6g %d\n", t->predicted / (double)t->n,
				t->measured / (double)t->n, t->threshold);
	}
	failed |= thr && fclose(thr) != 0;
	failed |= (size_t)snprintf(path, sizeof(path), "%s/%s", g->tmp, CHARTS_DRIVER) >= sizeof(path);
	if (failed || !(c.driver = fopen(path, "w")))
		return analyze_fail("cannot write the charts' files in '%s'", g->tmp);
	fputs("# Written by 'bench analyze'. Run it inside this folder: gnuplot charts.gp\nscripts = ",
	      c.driver);
	charts_gp_string(c.driver, scripts);
	fputs(" . '/'\n", c.driver);
	charts_driver_start(&c, a->d->name, "h against h*");
	fputs("heuristic = ", c.driver);
	charts_gp_string(c.driver, heuristic_name(a));
	if (a->o->dataset)
		snprintf(what, sizeof(what), "the %zu instances of %s", a->ds.count, a->ds.name);
	else
		snprintf(what, sizeof(what), "every state (%" PRIu64 ")", a->space.values.states);
	fputs("\nwhat = ", c.driver);
	charts_gp_string(c.driver, what);
	fputs("\nheatfile = ", c.driver);
	charts_gp_string(c.driver, heat_rel);
	fprintf(c.driver, "\nhstar_max = %d\nh_max = %d\n", a->hstar_max, joint_hmax(a));
	charts_driver_load(&c, "heuristic", "analyze-heuristic.gp");
	charts_driver_start(&c, a->d->name, "predicted against measured nodes");
	fputs("heuristic = ", c.driver);
	charts_gp_string(c.driver, heuristic_name(a));
	if (a->o->dataset)
		snprintf(what, sizeof(what), "a point an instance of %s", a->ds.name);
	else
		snprintf(what, sizeof(what), "a point an h*: the means over the states sampled there");
	fputs("\nwhat = ", c.driver);
	charts_gp_string(c.driver, what);
	fputs("\npredfile = ", c.driver);
	charts_gp_string(c.driver, pred_rel);
	fputs("\nthrfile = ", c.driver);
	charts_gp_string(c.driver, thr_rel);
	fprintf(c.driver, "\nwith_complete = %d\nsampled = %d\nwith_thresholds = %d\nrandom = %" PRIu64
		"\n", a->o->complete, a->sampled, a->nthresholds > 0, a->o->random);
	charts_driver_load(&c, "prediction", "analyze-prediction.gp");
	return fclose(c.driver) ? analyze_fail("cannot write '%s'", path) : 0;
}

static int draw(const analysis *a)
{
	char final[PATH_MAX], scripts[PATH_MAX];
	gnuplot_dir g;
	int rc = PB_EXIT_USAGE;

	if (gnuplot_find_scripts("bench " CMD, NULL, scripts))
		return PB_EXIT_USAGE;
	snprintf(final, sizeof(final), "%s/charts", a->o->out);
	if (!gnuplot_dir_begin(&g, "bench " CMD, final) && !write_charts(a, &g, scripts) &&
	    !gnuplot_draw(&g, a->o->gnuplot, 2))
		rc = 0;
	gnuplot_dir_end(&g);
	if (!rc)
		gnuplot_list(&g);
	return rc;
}

/* Everything that can be refused is refused before anything is written:
 * the output folder, and gnuplot where charts are asked for. */
int analyze_check_output(const analysis *a)
{
	char err[512];

	if (!a->o->out)
		return 0;
	if (a->o->charts && !gnuplot_exists(a->o->gnuplot))
		return analyze_fail("gnuplot not found as '%s' (%s)", a->o->gnuplot, GNUPLOT_INSTALL_HINT);
	if (outfile_mkdirs(a->o->out, err, sizeof(err)))
		return analyze_fail("%s", err);
	return 0;
}

int analyze_write_all(const analysis *a)
{
	int rc;

	if (!a->o->out)
		return 0;
	rc = write_joint(a);
	if (!rc)
		rc = write_prediction(a);
	if (!rc && a->nthresholds)
		rc = write_thresholds(a);
	if (!rc && a->o->charts)
		rc = draw(a);
	return rc;
}
