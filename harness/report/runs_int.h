/* What the parts of runs.h share (runs.c, the names, tracks and the
 * keeping of rows; runs_code.c, the code of a track's solve rows;
 * runs_csv.c, the one writer and the one reader of runs.csv): the word of
 * a field with no value, a row's instance, the growth of a byte buffer,
 * and the coding of a solve row. Internal to harness/report. */
#ifndef REPORT_RUNS_INT_H
#define REPORT_RUNS_INT_H

#include <stddef.h>
#include <stdint.h>

#include "harness/report/runs.h"

/* A field with no value in runs.csv, and the name of what is not there. */
#define NO_VALUE "-"

/* The instance of ROW, or NULL for a preparation row. */
static inline const dataset_instance *instance_of(const run_row *row)
{
	return row->instance == RUN_NO_INSTANCE ? NULL : &row->ds->instances[row->instance];
}

/* Room for NEED bytes (NEED > 0) in BUF, a buffer of *ROOM bytes that
 * grows from FIRST bytes, doubling up to DOUBLING_MAX bytes and by an
 * eighth past it, to UINT32_MAX at most (offsets into it are 32 bits):
 * BUF, or its larger copy (*ROOM updated); NULL when out of memory or
 * NEED is past UINT32_MAX (BUF is then kept). */
void *runs_room(void *buf, size_t *room, size_t need, size_t first, size_t doubling_max);

/* runs_code.c: code solve row V of INSTANCE at the end of T's rows.
 * Returns 0, or -1 when out of memory (T's code as it was). */
int runs_code_row(report_track *t, uint32_t instance, const report_row *v);

#endif
