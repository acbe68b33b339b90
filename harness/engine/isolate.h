/* One solve in a child process (bench run --isolate): the solver runs in a
 * fork of the bench process, its answer comes back through a pipe, and the
 * parent watches it. A child that dies (a signal, an exit without an
 * answer) is a crash, not the end of the run; one whose resident memory
 * runs away past the memory limit, or that does not stop at its time limit,
 * is killed and reported as memout or timeout. The child's peak resident
 * set comes from wait4's rusage. */
#ifndef ISOLATE_H
#define ISOLATE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algorithms/solvers/solver.h"

typedef enum isolate_outcome {
	ISOLATE_ANSWERED, /* the child returned: STATUS and the rest are its */
	ISOLATE_CRASHED,  /* it died or exited without an answer: see NOTE */
	ISOLATE_MEMOUT,   /* killed: its resident memory passed the limit */
	ISOLATE_TIMEOUT,  /* killed: it ran well past its time limit */
	ISOLATE_STOPPED   /* killed: the stop flag, and it did not stop */
} isolate_outcome;

typedef struct isolate_limits {
	size_t mem_limit;       /* the solve's allocation limit; 0 none */
	uint64_t time_limit_ns; /* 0 none */
	const volatile sig_atomic_t *stop; /* may be NULL */
} isolate_limits;

typedef struct isolate_result {
	isolate_outcome outcome;
	pb_status status;       /* the solver's, when answered */
	uint64_t expanded, generated, wall_ns, cpu_ns;
	uint64_t peak_bytes;    /* the counting allocator's peak */
	uint64_t held_bytes;    /* what the solver still held on return */
	uint64_t rss_bytes;     /* the child's peak resident set (ru_maxrss) */
	pb_path path;           /* when answered and solved */
	char message[160];      /* the solver's message (pb_search.message) */
	char note[160];         /* why, when not answered */
} isolate_result;

/* Solve START with SOLVER (prepared context CTX) in a child process under
 * LIMITS, into R. The child gets its own pb_search, as an in-process solve
 * does; wall and CPU time are the child's, around the solve call. Returns 0,
 * or -1 when no child could be made (R->note says why). */
int isolate_solve(const pb_solver *solver, void *ctx, const pb_state *start,
		  const isolate_limits *limits, isolate_result *r);

/* The peak resident set of this process so far, in bytes (getrusage). */
uint64_t isolate_self_rss(void);

#endif
