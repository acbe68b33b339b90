/* The rows of a run, kept compactly with their names interned: from a live
 * run (report_add_run) or from a runs.csv file (report_load). This is the
 * one reader and the one writer of runs.csv; everything that reads a run
 * (the summary, plot, compare, merge, resume) reads it through here. */
#ifndef REPORT_RUNS_H
#define REPORT_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "harness/engine/runner.h"

#define REPORT_NONE UINT32_MAX

/* The header line of runs.csv (without its line break). rss_bytes is the
 * peak resident set: with --isolate the solve's own process's (wait4);
 * without it the bench process's high-water mark so far, an upper bound
 * that never falls; '-' for rows that measured nothing. batch is how many
 * solves the row's timed interval covered (1: timed alone; 0: nothing
 * measured); wall_ns and cpu_ns are per solve either way. Files from before
 * the rss_bytes and batch columns are read too. */
#define REPORT_RUNS_HEADER \
	"dataset,instance,algorithm,heuristic,repeat,phase,status,length,reference," \
	"expanded,generated,wall_ns,cpu_ns,peak_bytes,rss_bytes,batch"

/* Interned names: each distinct string once, by index. */
typedef struct report_names {
	char **names;
	size_t count, cap;
	uint32_t *slots; /* open addressing: index + 1, 0 empty */
	size_t mask;
} report_names;

/* A series: one algorithm with one heuristic, what a chart draws as one
 * line and a table shows as one row. Numbered in the order first seen. */
typedef struct report_series {
	uint32_t algorithm, heuristic;
} report_series;

typedef struct report_row {
	uint32_t dataset, instance, algorithm, heuristic; /* name indices */
	uint32_t series;
	uint32_t repeat;
	uint8_t phase;  /* run_phase */
	uint8_t status; /* run_status */
	int16_t length;    /* RUN_NO_LENGTH: none */
	int16_t reference; /* as a dataset_instance's */
	uint32_t batch;    /* solves the timed interval covered; 0: not measured */
	uint64_t expanded, generated, wall_ns, cpu_ns, peak_bytes;
	uint64_t rss_bytes; /* 0: unknown */
} report_row;

typedef struct report {
	report_names datasets, instances, algorithms, heuristics;
	report_series *series;
	size_t nseries, series_cap;
	report_row *rows;
	size_t count, cap;
	double floor_ns; /* the harness's timing floor (meta.json "timer"); 0 unknown */
} report;

void report_init(report *r);
void report_release(report *r);

/* The string of name index I ("-" for REPORT_NONE). */
const char *report_name(const report_names *n, uint32_t i);

/* The index of NAME in N, or REPORT_NONE. */
uint32_t report_find(const report_names *n, const char *name);

/* Series S as "algorithm" or, with a heuristic, "algorithm" SEP
 * "heuristic", into BUF. Returns BUF. */
const char *report_series_label(const report *r, uint32_t s, const char *sep, char *buf,
				size_t size);

/* Keep a row: ROW's measures with these names (INSTANCE NULL for a
 * preparation); the indices in ROW are set here. Returns 0, or -1 when out
 * of memory. */
int report_add(report *r, const char *dataset_name, const char *instance,
	       const char *algorithm, const char *heuristic, const report_row *row);

/* Keep a runner row (its names from the row itself). */
int report_add_run(report *r, const run_row *row);

/* Write a runner row as one runs.csv line. */
void report_write_run(FILE *out, const run_row *row);

/* Read runs.csv at PATH into R (added to what R holds). Columns are found
 * by name; unknown ones are ignored, rss_bytes and batch may be missing
 * (older files: batch is then 1 where a time was measured). A file with a
 * header and no rows is fine. Returns 0, or -1 with "PATH: why" or
 * "PATH:LINE: what is wrong" in ERR. */
int report_load(report *r, const char *path, char *err, size_t errlen);

/* The same from the stream IN (PATH its name in messages): a runs.csv in
 * memory (fmemopen), or a file opened otherwise. */
int report_load_stream(report *r, FILE *in, const char *path, char *err, size_t errlen);

#endif
