/* What people read of a run: summary.csv (per dataset, series and optimal
 * length) and the summary table, both from the statistics of groups.h. */
#ifndef REPORT_SUMMARY_H
#define REPORT_SUMMARY_H

#include <stddef.h>
#include <stdio.h>

#include "harness/report/groups.h"
#include "harness/report/runs.h"

#define REPORT_SUMMARY_HEADER \
	"dataset,algorithm,heuristic,optimal_length,count,solved,median_ns,q1_ns,q3_ns," \
	"min_ns,max_ns,median_peak_bytes,median_expanded,median_generated"

/* The groups of R's solve rows, as summary.csv has them, into *GROUPS
 * (free() it), sorted by dataset, algorithm, heuristic and optimal length.
 * Returns the count, or -1 when out of memory. */
long report_summarize(const report *r, report_group **groups);

/* Write summary.csv's header and the lines of the N groups G of R. */
void report_write_summary(FILE *out, const report *r, const report_group *g, size_t n);

/* Write R's summary.csv at PATH, whole or not at all (outfile.h). Returns
 * 0, or -1 with "PATH: why" in ERR. */
int report_save_summary(const report *r, const char *path, char *err, size_t errlen);

/* The same from R's statistics S (built once for the file and the table). */
int report_save_summary_of(const report_stats *s, const char *path, char *err, size_t errlen);

/* Print the table of each dataset: per series solved/total, median time
 * (marked when within STATS_FLOOR_FACTOR of R->floor_ns), ratio to the best
 * median, quality (quality.h: the mean of length / optimal length), peak
 * memory, median nodes expanded, wrong/timeout/memout counts, the
 * preparation; then notes and warnings where the numbers can't be
 * trusted. Returns the count of wrong rows. */
size_t report_print_table(FILE *out, const report *r);

/* The same from R's statistics S. */
size_t report_print_table_of(FILE *out, const report_stats *s);

/* The tables of report_print_table, from S, without its warnings about
 * the build of this program (a run read back was made by another). */
void report_print_summary(FILE *out, const report_stats *s);

#endif
