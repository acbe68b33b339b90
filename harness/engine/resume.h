/* bench run --resume: runs.csv is the run's journal. A row is flushed as
 * soon as its solve ends, so after a crash or a SIGKILL the file holds every
 * finished solve, perhaps with half a line at the end. Resuming reads it
 * back, drops the torn line and the 'interrupted' rows (solves that did not
 * finish), and tells the runner what is already on record, so that the run
 * completes with no row lost and none repeated. The unit on record is
 * (dataset, instance, algorithm, heuristic). Before any of that, the
 * campaign given must be the one on record in meta.json (campaign.h), or,
 * when extending, contain it. */
#ifndef RESUME_H
#define RESUME_H

#include <stdbool.h>
#include <stddef.h>

#include "harness/engine/campaign.h"
#include "harness/engine/runner.h"
#include "harness/report/report.h"

/* One (dataset, instance, algorithm, heuristic) on record: how far it got. */
typedef struct resume_key {
	uint32_t dataset, instance, algorithm, heuristic; /* names in the report */
	uint32_t repeats;  /* the highest repeat on record */
	bool finished;     /* a row that ends the instance (timeout, memout...) */
} resume_key;

typedef struct resume {
	const report *rep;
	resume_key *keys; /* sorted by dataset, instance, algorithm, heuristic */
	size_t count;
} resume;

/* Whether NOW, the campaign given, may continue the run whose meta.json
 * is at META_PATH: 0 when it is the campaign on record (with EXTEND: when
 * it contains it), with *RECORDED false when there is no meta.json (a run
 * with no rows on record may go on; one with rows may not); -1 with why
 * in ERR ("the arguments differ from the run on record: ..."). */
int resume_check(const char *meta_path, const campaign *now, bool extend, bool *recorded,
		 char *err, size_t errlen);

/* Make runs.csv at PATH ready to be continued: check that its header is
 * this bench's, drop a torn last line and the 'interrupted' rows (the file
 * is rewritten under a temporary name and renamed), and load the rows kept
 * into REP (which the caller has initialised) and RS. Returns the count of
 * rows kept, or -1 with "PATH:LINE: what is wrong" in ERR. resume_release
 * frees RS, also after a failure. */
long resume_load(resume *rs, const char *path, report *rep, char *err, size_t errlen);

/* Repeats of INSTANCE of DS by S with HEURISTIC on record, or
 * RUNNER_FINISHED when the instance needs no more (REPEAT reached, or a
 * final status); the shape of runner_hooks.done, with RS as the
 * argument. */
unsigned resume_done(void *rs, const dataset *ds, const pb_solver *s, const char *heuristic,
		     size_t instance);

/* Whether ROW (a prepare row, or a row with its repeat) is on record. */
bool resume_has(const resume *rs, const run_row *row);

/* Free what RS holds (not the report). */
void resume_release(resume *rs);

#endif
