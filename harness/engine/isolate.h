/* One measurement in a child process (bench run --isolate): the solver
 * runs in a fork of the bench process, timed there as in-process solves
 * are (timer.h: alone, or a short solve in a batch, sized in the child),
 * its answer comes back through a pipe, and the parent watches it. A child
 * that dies (a signal, an exit without an answer) is a crash, not the end
 * of the run; one whose resident memory runs away past the memory limit,
 * or that does not stop at its time limit, is killed and reported as
 * memout or timeout.
 *
 * The resident memory reported is what the solve added to the child's: a
 * fork starts with the parent's resident pages (the tables prepare built
 * among them), so the child resets its high-water mark
 * (/proc/self/clear_refs, "5"), reads its resident size (VmRSS) before the
 * solve and its high-water mark (VmHWM) after; where /proc lacks these,
 * the growth of getrusage's ru_maxrss over the solve. A killed or crashed
 * child: its ru_maxrss (wait4) less the parent's resident size at the
 * fork. */
#ifndef ISOLATE_H
#define ISOLATE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algorithms/solvers/solver.h"
#include "harness/engine/timer.h"

typedef enum isolate_outcome {
	ISOLATE_ANSWERED, /* the child returned: STATUS and the rest are its */
	ISOLATE_CRASHED,  /* it died or exited without an answer: see NOTE */
	ISOLATE_MEMOUT,   /* killed: its resident memory passed the limit */
	ISOLATE_TIMEOUT,  /* killed: it ran well past its time limit */
	ISOLATE_STOPPED   /* killed: the stop flag, and it did not stop */
} isolate_outcome;

typedef struct isolate_result {
	isolate_outcome outcome;
	timer_batch batch;      /* answered: the child's measurement */
	uint64_t wall_ns;       /* not answered: from the fork to the end */
	uint64_t cpu_ns;        /* not answered: the child's (its rusage) */
	uint64_t rss_bytes;     /* what the solve added to the child's resident
				 * set, at its peak; 0 unknown */
	pb_path path;           /* when answered: the first solve's */
	char note[160];         /* why, when not answered */
} isolate_result;

/* Measure T (its solver's prepared context in this process) under plan P
 * (KNOWN: as timer_measure) in a child process, into R. The child's time
 * limit is T's, its memory limit T's allocation limit plus slack for the
 * resident set. The CARRY_SIZE bytes at CARRY (NULL: none), which T's
 * callbacks fill in the child (an anytime solver's answers), come back
 * with its answer: when R->outcome is ISOLATE_ANSWERED they hold the
 * child's bytes, else they are as they were. Returns 0, or -1 when no
 * child could be made (R->note says why). */
int isolate_solve(const timer_solve *t, const timer_plan *p, unsigned known, void *carry,
		  size_t carry_size, isolate_result *r);

/* The peak resident set of this process so far, in bytes (getrusage). */
uint64_t isolate_self_rss(void);

#endif
