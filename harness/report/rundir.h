/* A run's folder read back: its rows (runs.csv, by report/runs.h's one
 * reader) and its meta.json (io/meta_read.h), the timing floor carried
 * from the one to the other. What plot, compare and report read. */
#ifndef REPORT_RUNDIR_H
#define REPORT_RUNDIR_H

#include <stddef.h>

#include "harness/io/meta_read.h"
#include "harness/report/runs.h"

/* The names of the files in a run's folder. */
#define RUNDIR_RUNS "runs.csv"
#define RUNDIR_META "meta.json"

/* Read DIR/runs.csv into R (added to what R holds) and DIR/meta.json into
 * M (which this initialises), R->floor_ns from its timer. A meta.json that
 * cannot be read is no failure: M is then empty and WARN says why (else
 * WARN is ""). Returns 0, or -1 with why in ERR when runs.csv cannot be
 * read. */
int report_load_dir(report *r, meta_info *m, const char *dir, char *err, size_t errlen,
		    char *warn, size_t warnlen);

#endif
