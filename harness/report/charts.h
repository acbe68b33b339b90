/* The charts of a run, from the statistics of groups.h (the same numbers
 * as summary.csv and the table): small whitespace-separated data files and
 * a gnuplot driver, charts.gp, that draws each chart with the scripts in
 * scripts/ as PNG and SVG (gnuplot.h runs it). Per dataset:
 *   <slug>-time, -memory, -nodes  the medians and quartiles by optimal
 *                      length, one line per series (data/<slug>.length.dat,
 *                      unsolvable instances in <slug>.unsolvable.dat)
 *   <slug>-box         solve time per series: the five-number summary of
 *                      every answered solve (<slug>.box.dat)
 *   <slug>-prepare     where a preparation did work: total time against
 *                      queries and where it pays off (<slug>.breakeven.dat)
 *   <slug>-quality     each series' quality (quality.h) against its median
 *                      time per solve, a labelled point a series
 *                      (<slug>.quality.dat); drawn where an answer is longer
 *                      than optimal
 *   <slug>-anytime     the anytime profiles of the run's anytime.csv: each
 *                      series' mean quality against the time since a solve
 *                      began, a stepped line (<slug>.anytime.dat; the
 *                      profile of quality_profile: over the solves answered
 *                      by then, dotted until every solve has an answer)
 * Times within STATS_FLOOR_FACTOR of their timing floor (the round trip
 * for a long-lived outside program, else the clock's) are flagged: a
 * near_floor column in each data file, and on the time charts a line at
 * that height for each floor a series drawn stands on. A chart with nothing to show, or a flat one, is left
 * out with a note on standard error. */
#ifndef REPORT_CHARTS_H
#define REPORT_CHARTS_H

#include <stddef.h>

#include "harness/report/groups.h"

/* The chart data files' folder, inside the charts folder. */
#define CHARTS_DATA_DIR "data"
/* The driver's name, inside the charts folder. */
#define CHARTS_DRIVER "charts.gp"

typedef struct charts_options {
	const char *dir;      /* the charts folder; DIR/data exists */
	const char *run_dir;  /* the run's folder (its anytime.csv); NULL: the
			       * charts folder's parent */
	const char *scripts;  /* the gnuplot scripts' folder, absolute */
	const char *machine, *date, *caveat; /* for the titles; "" unknown */
	const char *who;      /* the message prefix ("bench plot") */
} charts_options;

/* Write the driver and the data files of every dataset in S (its report's
 * floor_ns the timing floor). Says on standard output where each
 * preparation pays off. Returns the number of charts asked of gnuplot, or
 * -1 (said why on standard error). */
long charts_write(const charts_options *o, const report_stats *s);

#endif
