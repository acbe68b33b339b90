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

/* Give R the floors M records (R->floor_ns from its timer, the round trip
 * and which of R's algorithms it is the floor of), for the algorithms R
 * holds now. Returns 0, or -1 when out of memory (R then has the clock
 * floor alone). */
int report_take_floors(report *r, const meta_info *m);

/* Read DIR/runs.csv into R (added to what R holds) and DIR/meta.json into
 * M (which this initialises), R's floors from it (report_take_floors). A meta.json that
 * cannot be read is no failure: M is then empty and WARN says why (else
 * WARN is ""). Returns 0, or -1 with why in ERR when runs.csv cannot be
 * read. */
int report_load_dir(report *r, meta_info *m, const char *dir, char *err, size_t errlen,
		    char *warn, size_t warnlen);

/* Read DIR/meta.json and give R its floors (report_take_floors): what a
 * live run does before its summary. Returns 0, or -1 with why in ERR (R
 * then keeps what floors it had). */
int report_read_floors(report *r, const char *dir, char *err, size_t errlen);

#endif
