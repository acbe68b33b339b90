/* What the chart writers share (charts.c, charts_prepare.c): the state of
 * one charts_write, one dataset's view, and the driver's and the data
 * files' helpers. Internal to harness/report. */
#ifndef REPORT_CHARTS_DRAW_H
#define REPORT_CHARTS_DRAW_H

#include <stdint.h>
#include <stdio.h>

#include "harness/report/charts.h"
#include "harness/report/quality.h"

#define NS_PER_S 1e9

typedef struct charts_state {
	const charts_options *o;
	const report_stats *s;
	const report *r;
	FILE *driver;
	size_t charts;
	quality_anytime anytime; /* the run's anytime.csv (empty: none) */
	bool has_anytime;        /* it has one */
} charts_state;

/* One dataset's lines (one per series) and what its charts share. */
typedef struct dataset_view {
	uint32_t dataset;
	const char *name;
	char slug[128];
	const report_line *lines;
	size_t nlines;
	size_t instances;  /* in the dataset */
	char **label;      /* per line: its legend (how many it solved when not all) */
	int max_length;    /* the largest numeric optimal length drawn, or -1 */
} dataset_view;

/* S as a gnuplot single-quoted string. */
void charts_gp_string(FILE *f, const char *s);

/* S as a double-quoted word of a data file; V as a number (NaN too), a
 * blank before it. */
void charts_data_string(FILE *f, const char *s);
void charts_data_number(FILE *f, double v);

/* Open data file NAME in the charts folder's data/ for writing; its name
 * as the driver gives it into REL. NULL (said why) when it cannot. */
FILE *charts_data_open(charts_state *c, const char *name, char *rel, size_t cap);

/* Start a chart in the driver: its dataset, machine, date, caveat, and no
 * floor line. */
void charts_driver_start(charts_state *c, const char *dataset_name, const char *what);

/* End a chart: draw it as OUT (without extension) with SCRIPT. */
void charts_driver_load(charts_state *c, const char *out, const char *script);

/* gnuplot arrays in the driver. */
void charts_driver_ints(FILE *f, const char *name, const int *v, size_t n);
void charts_driver_numbers(FILE *f, const char *name, const double *v, size_t n);
void charts_driver_strings(FILE *f, const char *name, const char *const *v, size_t n);

/* The floors under the series of one time chart: the clock's (built-in
 * solvers, plugins, one-shot programs) and the round trip (long-lived
 * outside programs); each is drawn where a series stands on it. */
typedef struct chart_floors {
	bool clock, round_trip; /* a series on each */
	double near_hi;         /* the highest line under which a median stands,
				 * in ns (0: none near its floor) */
} chart_floors;

/* Note in F a series of ALGORITHM with a median time of NS. Returns
 * whether the median is near its floor. */
bool charts_floors_add(chart_floors *f, const report *r, uint32_t algorithm, double ns);

/* The chart's floor lines in the driver (floor.gp): the clock's where a
 * series stands on it, the round trip's where an outside program does. */
void charts_driver_floors(charts_state *c, const chart_floors *f);

/* The linetype (colour) of series S: the same on every chart. */
int charts_linetype(uint32_t series);

/* Seconds with a unit that keeps 1 to 3 digits before the point. */
void charts_format_seconds(double s, char *buf, size_t cap);

/* The preparation against queries chart of V (charts_prepare.c). Returns
 * 0, or -1 when out of memory or a write failed. */
int charts_prepare(charts_state *c, const dataset_view *v);

/* The quality against time chart of V, and its anytime profiles
 * (charts_quality.c). Each returns 0, or -1 when out of memory or a write
 * failed. */
int charts_quality(charts_state *c, const dataset_view *v);
int charts_anytime(charts_state *c, const dataset_view *v);

#endif
