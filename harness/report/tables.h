/* The tables a slide or a paper wants, from the statistics of groups.h
 * (the numbers of summary.csv): per dataset, the series (algorithm and
 * heuristic) as columns, the optimal length (or each instance) as rows,
 * medians in the cells, in units chosen per column for reading and named
 * in its heading. As plain text, Markdown (a GitHub pipe table), CSV (RFC
 * 4180) or an HTML table. */
#ifndef REPORT_TABLES_H
#define REPORT_TABLES_H

#include <stdbool.h>
#include <stdio.h>

#include "harness/report/groups.h"

typedef enum tables_format {
	TABLES_TEXT,
	TABLES_MARKDOWN,
	TABLES_CSV,
	TABLES_HTML
} tables_format;

typedef enum tables_rows {
	TABLES_BY_LENGTH,   /* a row per optimal length: the median over its instances */
	TABLES_BY_INSTANCE  /* a row per instance: the median over its repeats */
} tables_rows;

/* What the cells show, as a set of bits, in this order. Quality
 * (quality.h) is the mean of answer length / optimal length over the
 * instances answered (by instance: over its ok repeats), 3 decimals. */
enum { TABLES_TIME = 1, TABLES_NODES = 2, TABLES_MEMORY = 4, TABLES_QUALITY = 8 };

typedef struct tables_options {
	tables_format format;
	tables_rows rows;
	unsigned show; /* TABLES_TIME ...; 0 means TABLES_TIME */
	bool exact;    /* show SHOW alone; else a dataset where a series has an
			* answer longer than optimal (quality above 1) gets
			* TABLES_QUALITY too */
} tables_options;

/* Parse a --show list ("time,nodes", "memory", "time,quality") into *SHOW. Returns 0, or
 * -1 with the word that is not one of them in BAD (of BADLEN bytes). */
int tables_parse_show(const char *list, unsigned *show, char *bad, size_t badlen);

/* Write the table of each dataset of S (its report's floor_ns the timing
 * floor) to OUT: a title, the table, and notes on its marks (a median near
 * the timing floor, a cell over fewer instances than its row has); CSV
 * has no title or notes, a dataset column, and a blank line between
 * datasets. Returns 0, or -1 when out of memory. */
int tables_write(FILE *out, const report_stats *s, const tables_options *o);

#endif
