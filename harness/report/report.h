/* The rows of a run, kept compactly, and what is made of them: runs.csv
 * lines, summary.csv (per dataset, algorithm and optimal length) and the
 * summary table people read. Rows come from a live run (report_add) or from
 * a runs.csv file (report_load), so 'bench compare' and the run itself
 * share one reading of the numbers. */
#ifndef REPORT_H
#define REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "harness/engine/runner.h"

#define REPORT_NONE UINT32_MAX

/* The header line of runs.csv (without its line break). rss_bytes is the
 * peak resident set: with --isolate the solve's own process's (wait4);
 * without it the bench process's high-water mark so far, an upper bound
 * that never falls; '-' for rows that measured nothing. */
#define REPORT_RUNS_HEADER \
	"dataset,instance,algorithm,heuristic,repeat,phase,status,length,reference," \
	"expanded,generated,wall_ns,cpu_ns,peak_bytes,rss_bytes"
#define REPORT_SUMMARY_HEADER \
	"dataset,algorithm,heuristic,optimal_length,count,solved,median_ns,q1_ns,q3_ns," \
	"min_ns,max_ns,median_peak_bytes,median_expanded,median_generated"

/* Interned names: each distinct string once, by index. */
typedef struct report_names {
	char **names;
	size_t count, cap;
	uint32_t *slots; /* open addressing: index + 1, 0 empty */
	size_t mask;
} report_names;

typedef struct report_row {
	uint32_t dataset, instance, algorithm, heuristic; /* name indices */
	uint32_t repeat;
	uint8_t phase;  /* run_phase */
	uint8_t status; /* run_status */
	int16_t length;    /* RUN_NO_LENGTH: none */
	int16_t reference; /* as a dataset_instance's */
	uint64_t expanded, generated, wall_ns, cpu_ns, peak_bytes;
} report_row;

typedef struct report {
	report_names datasets, instances, algorithms, heuristics;
	report_row *rows;
	size_t count, cap;
	double floor_ns;  /* the harness's floor per solve (meta.json timer.floor_ns); 0 unknown */
} report;

/* One line of summary.csv. */
typedef struct report_group {
	uint32_t dataset, algorithm, heuristic;
	int optimal; /* >= 0, DATASET_REF_UNSOLVABLE, or DATASET_REF_UNKNOWN */
	size_t count, solved; /* instances; those whose every solve answered */
	size_t answered;      /* answered solve rows (the medians' sample) */
	double median_ns, q1_ns, q3_ns, min_ns, max_ns;
	double median_peak, median_expanded, median_generated;
} report_group;

void report_init(report *r);
void report_release(report *r);

/* The string of name index I. */
const char *report_name(const report_names *n, uint32_t i);

/* The index of NAME in N, or REPORT_NONE. */
uint32_t report_find(const report_names *n, const char *name);

/* Keep a row: ROW's measures with these names (INSTANCE NULL for a
 * preparation). Returns 0, or -1 when out of memory. */
int report_add(report *r, const char *dataset_name, const char *instance,
	       const char *algorithm, const char *heuristic, const report_row *row);

/* Keep a runner row (its names from the row itself). */
int report_add_run(report *r, const run_row *row);

/* Write a runner row as one runs.csv line. */
void report_write_run(FILE *out, const run_row *row);

/* Read runs.csv at PATH into R (added to what R holds). Columns are found
 * by name; later columns are ignored. Returns 0, or -1 with "PATH:LINE:
 * what is wrong" in ERR. */
int report_load(report *r, const char *path, char *err, size_t errlen);

/* Group the solve rows as summary.csv does, into *GROUPS (free() it),
 * sorted by dataset, algorithm, heuristic and optimal length. Returns the
 * count, or -1 when out of memory. */
long report_summarize(const report *r, report_group **groups);

/* Write summary.csv's header and lines. */
void report_write_summary(FILE *out, const report *r, const report_group *g, size_t n);

/* Print the table of each dataset: per algorithm solved/total, median
 * time, ratio to the best median, peak memory, median nodes expanded,
 * wrong/timeout/memout counts, the preparation; then warnings where the
 * numbers can't be trusted. Returns the count of wrong rows. */
size_t report_print_table(FILE *out, const report *r);

/* Quantile Q (0..1) of the N sorted values X, interpolating linearly
 * between closest ranks (Hyndman and Fan's type 7, as R and NumPy do by
 * default). N > 0. */
double report_quantile(const uint64_t *x, size_t n, double q);

#endif
