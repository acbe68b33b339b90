/* The answers of a run kept for 'bench check' ('bench run --save-answers'):
 * for each dataset and series, the first answer of each instance, written
 * in the format answer.h reads, one file a series, so that a run's answers
 * can be graded again, or compared, without running it again. */
#ifndef ANSWER_SAVE_H
#define ANSWER_SAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "algorithms/solvers/solver.h"
#include "harness/io/dataset.h"

/* One dataset's answers of one series. */
typedef struct answer_series answer_series;

typedef struct answer_save {
	answer_series *series;
	size_t n, cap;
	bool out_of_memory;
} answer_save;

void answer_save_init(answer_save *a);
void answer_save_release(answer_save *a);

/* Keep the answer of a solve of instance I of DS by series ALGORITHM with
 * HEURISTIC ("-" for none), whose solver promised BOUND (1 optimal, a
 * factor W, INFINITY nothing: the file's 'bench check' command says it),
 * unless one is kept already: PATH (NULL: none), UNSOLVABLE when the
 * solver said so, STATUS the row's status (said in a comment where no
 * answer came). */
void answer_save_keep(answer_save *a, const dataset *ds, size_t i, const char *algorithm,
		      const char *heuristic, double bound, const pb_path *path, bool unsolvable,
		      const char *status);

/* Write DIR/answers/DATASET/SERIES.txt for each series kept ('/' in a
 * name as '_'): a comment with the command that grades it ('bench check'
 * with the options CHECK_OPTIONS, such as the run's "--limit 5 ", or ""),
 * then an answer for each instance in order, "none" after a comment that
 * says why for one with no answer. Returns 0, or -1 with why in ERR. */
int answer_save_write(const answer_save *a, const char *dir, const char *check_options,
		      char *err, size_t errlen);

#endif
