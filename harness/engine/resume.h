/* bench run --resume: runs.csv is the run's journal. A row is flushed as
 * soon as its solve ends, so after a crash or a SIGKILL the file holds every
 * finished solve, perhaps with half a line at the end. Resuming reads it
 * back in one pass (report_read: large blocks, nothing allocated per row),
 * drops the torn line and the 'interrupted' rows (solves that did not
 * finish: the file is cut short where they are its tail, as the runner
 * leaves them, else rewritten), and tells the runner what is already on
 * record, so that the run completes with no row lost and none repeated.
 * The unit on record is (dataset, instance, algorithm, heuristic): the
 * report's ledger (4 bytes an instance and series) says how far each got,
 * and for each series the runner asks about, a part (4 bytes an instance
 * of its dataset) answers by the dataset's index. Before any of that, the
 * campaign given must be the one on record in meta.json (campaign.h), or,
 * when extending, contain it. */
#ifndef RESUME_H
#define RESUME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "harness/engine/campaign.h"
#include "harness/engine/runner.h"
#include "harness/report/report.h"

/* One series on one dataset, what is on record of it by the dataset's
 * instance index: a ledger entry (report.h: the highest repeat, and
 * REPORT_LEDGER_FINAL) each. */
typedef struct resume_part {
	const dataset *ds;
	char *algorithm, *heuristic;
	bool prepared;   /* its preparation is on record */
	uint32_t *state; /* ds->count entries */
} resume_part;

typedef struct resume {
	const report *rep; /* the rows on record (with its ledger); NULL: the
			    * parts come from elsewhere (resume_part_add) */
	resume_part *parts;
	size_t nparts, cap;
	size_t last;       /* the part asked about last */
	/* per dataset of the run: its instance index to the report's */
	const dataset **maps_of;
	uint32_t **maps;
	size_t nmaps;
} resume;

/* Whether NOW, the campaign given, may continue the run whose meta.json
 * is at META_PATH: 0 when it is the campaign on record (with EXTEND: when
 * it contains it), with *RECORDED false when there is no meta.json (a run
 * with no rows on record may go on; one with rows may not); -1 with why
 * in ERR ("the arguments differ from the run on record: ..."). */
int resume_check(const char *meta_path, const campaign *now, bool extend, bool *recorded,
		 char *err, size_t errlen);

/* Remove what writers killed at once (SIGKILL) left in DIR: the temporary
 * files of runs.csv, summary.csv and meta.json (outfile.h) whose process
 * is gone. */
void resume_clean(const char *dir);

/* Make runs.csv at PATH ready to be continued: check that its header is
 * this bench's (a file that is empty or holds half a header, from a run
 * killed as it began, is given a header), drop a torn last line and the
 * 'interrupted' rows, and load the rows kept into REP (which the caller
 * has initialised; its ledger is kept) and RS. Returns the count of rows
 * kept, or -1 with "PATH:LINE: what is wrong" in ERR. resume_release
 * frees RS, also after a failure. */
long resume_load(resume *rs, const char *path, report *rep, char *err, size_t errlen);

/* An empty RS, whose parts come from resume_part_add (a rank of an MPI
 * job, from the rank that read the journal). */
void resume_init(resume *rs);

/* The part of solver ALGORITHM with HEURISTIC on DS: from the report's
 * ledger the first time. NULL when out of memory. */
resume_part *resume_part_of(resume *rs, const dataset *ds, const char *algorithm,
			    const char *heuristic);

/* Repeats of INSTANCE of DS by S with HEURISTIC on record, or
 * RUNNER_FINISHED when the instance needs no more (REPEAT reached, or a
 * final status); the shape of runner_hooks.done, with RS as the
 * argument. */
unsigned resume_done(void *rs, const dataset *ds, const pb_solver *s, const char *heuristic,
		     size_t instance);

/* Whether ROW (a prepare row, or a row with its repeat) is on record. */
bool resume_has(resume *rs, const run_row *row);

/* Free what RS holds (not the report). */
void resume_release(resume *rs);

#endif
