/* A run's page, DIR/index.html, and the index of the runs in a folder:
 * one file each, readable offline (no external resources, no script: the
 * style is inline, the charts are the run's own SVGs, linked by relative
 * paths). Everything that comes from a file is escaped. */
#ifndef REPORT_HTML_H
#define REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "harness/io/meta_read.h"
#include "harness/report/groups.h"

/* The page's file name in a run's folder (and the index's in a folder of
 * runs). */
#define HTML_PAGE "index.html"

/* A run, read back, for its page. */
typedef struct html_run {
	const char *dir;       /* its folder (runs.csv, meta.json, charts/) */
	const char *name;      /* what the page calls it */
	const report_stats *s; /* its statistics (s->rep its rows, floor_ns set) */
	const meta_info *m;    /* its meta.json (m->present false: none) */
	const char *meta_error; /* why meta.json could not be read, or NULL */
} html_run;

/* Write RUN's page, RUN->dir/index.html, whole or not at all: the summary
 * table and its warnings, the tables by optimal length (time, nodes,
 * memory, and quality where an answer is longer than optimal), every
 * chart in charts/ (its SVG), the machine, the build and
 * the options from meta.json, the datasets with their headers (from the
 * dataset files where they are found: the path meta.json gives, from here
 * or from the run's folder's parents), and links to the run's files.
 * Returns 0, or -1 with "PATH: why" in ERR. */
int html_write_run(const html_run *run, char *err, size_t errlen);

/* One run in the index of a folder of runs. */
typedef struct html_index_entry {
	char *path;        /* the run's folder, relative to the index's */
	char *datasets;    /* its datasets' names, comma-separated */
	char *date, *cpu, *revision, *outcome; /* from its meta.json, "" unknown */
	size_t series, instances;
} html_index_entry;

/* Write DIR/index.html: a table of the N runs E, each linking its page.
 * Returns 0, or -1 with "PATH: why" in ERR. */
int html_write_index(const char *dir, const html_index_entry *e, size_t n, char *err,
		     size_t errlen);

/* Write S with the characters HTML gives a meaning to (& < > " ')
 * escaped, so that it reads as text in an element or an attribute. */
void html_text(FILE *out, const char *s);

#endif
