/* bench verify: run solvers over datasets and check that every answer is
 * accepted (replayed to the goal, no longer than the reference), that the
 * solvers agree on solvability and optimal length, that they agree with the
 * dataset's reference, and, where the domain asks for the lexicographically
 * least shortest answer (Magic Squares), on the moves themselves. */
#ifndef VERIFY_H
#define VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "harness/io/dataset.h"
#include "harness/engine/runner.h"

typedef struct verify_options {
	runner_options r;   /* limits and solver options; one solve, no warm-up,
			     * no batches (verify checks answers, times nothing) */
	size_t sample;      /* > 0: the sampled solvers take this many instances */
	size_t max_shown;   /* disagreeing instances printed in full */
} verify_options;

/* Verify the NDS datasets DS with SOLVERS[0..nsolvers): those with
 * SAMPLED[k] (SAMPLED may be NULL) answer only O->sample instances taken
 * evenly from each dataset, the others every instance. A solver that does
 * not serve a dataset's domain is left out of it, with a note. Each
 * disagreeing instance is printed to OUT with every solver's answer, and a
 * last line sums up. Returns PB_EXIT_OK when all agree, PB_EXIT_CHECK when
 * any instance disagrees or went unanswered, or 128 + the signal number
 * when O->r.stop was raised (its value is taken as the signal). */
int verify_run(const dataset *ds, size_t nds, const pb_solver *const *solvers,
	       size_t nsolvers, const bool *sampled, const verify_options *o, FILE *out);

/* Mark in ONLY[0..count) the N instances taken evenly (every count/n-th,
 * the first included); all of them when N >= COUNT. */
void verify_sample(bool *only, size_t count, size_t n);

#endif
