/* DIR/anytime.csv: every answer an anytime solver (awastar) found, a row
 * each, with the wall time from its solve's start and the nodes it had
 * expanded when it found it. The row of runs.csv holds the last of them.
 *
 * The file lives beside runs.csv and follows it: bench run writes a
 * solve's answers just before its row of runs.csv, a resumed or extended
 * run first drops the answers of solves runs.csv does not hold (those
 * will run again), and bench merge joins the shards' files. */
#ifndef ANYTIME_H
#define ANYTIME_H

#include <stdbool.h>
#include <stdio.h>

#include "harness/engine/runner.h"

#define ANYTIME_HEADER "dataset,instance,algorithm,heuristic,repeat,length,wall_ns,expanded"

/* Open DIR/anytime.csv: to append (APPEND: a resumed run; the header
 * where the file is new) or anew, the header written. NULL with why in
 * ERR. */
FILE *anytime_open(const char *dir, bool append, char *err, size_t errlen);

/* Remove DIR/anytime.csv, an earlier run's (a new run there writes its
 * own). Returns 0 (none was there too), or -1 with why in ERR. */
int anytime_clear(const char *dir, char *err, size_t errlen);

/* ROW's answers (none: nothing), a line each, to OUT. */
void anytime_write_row(FILE *out, const run_row *row);

/* Keep in DIR/anytime.csv only the answers of solves that DIR/runs.csv
 * holds as rows: the rest were cut off with their solve and run again.
 * The file is written anew beside and renamed over the old (nothing is
 * half-written). No anytime.csv: nothing to do. Returns 0, or -1 with
 * why in ERR. */
int anytime_prune(const char *dir, char *err, size_t errlen);

/* Join the anytime.csv of DIRS[0..n) (those that have one) into
 * OUT/anytime.csv, the header once; none: no file (one OUT held is
 * removed). Returns 0, or -1 with
 * why in ERR. */
int anytime_join(const char *const *dirs, size_t n, const char *out, char *err,
		 size_t errlen);

#endif
