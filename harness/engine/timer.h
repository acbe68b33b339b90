/* Timing solves, and knowing what the timing costs.
 *
 * The clocks: wall time is CLOCK_MONOTONIC (a vDSO read, tens of ns), CPU
 * time CLOCK_PROCESS_CPUTIME_ID (a system call, about a microsecond on a
 * virtual machine). The reads nest, CPU outside: cpu, wall, the solves,
 * wall, cpu; so the wall interval holds no CPU-clock read, and each
 * interval is off by about one read of its own clock (the CPU interval
 * also holds the two wall reads).
 *
 * What the clocks cost is taken off: timer_measure_floor times empty
 * intervals (the reads around an empty solve), and each measurement's
 * intervals lose their median, the CPU interval about one system call, the
 * wall interval one vDSO read. What is left of the clocks is their spread.
 *
 * Batches (after Google Benchmark's iteration sizing): a solve is timed
 * alone first; when it took less than the threshold and the target, and
 * answered, it is timed again k at a time in one interval, k sized from
 * the solve alone (aiming 40% past the target) and then growing, at most
 * tenfold a step, until an interval reaches the target: 5 us, or
 * TIMER_CLOCK_MULTIPLE times a wall read or the CPU interval's spread,
 * where longer. The last interval is the measurement; the figures are per
 * solve, the interval over k. Every solve
 * of a batch is real: the solver's own call, with a fresh pb_search (a
 * copy of one set up before the interval, so that setting it up is not
 * timed; the deadline counts from the interval's start). The counters,
 * peak bytes and path are the first solve's; each later solve's status
 * must be the first's, and it must free what it allocated.
 *
 * The floor: an empty solve (one that returns at once) timed exactly so,
 * batches and all, the clocks' cost left in: what the harness itself
 * costs a solve (the least of 15 measurements; the clocks' costs
 * likewise). A figure near it measures the harness as much as the solver. */
#ifndef TIMER_H
#define TIMER_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "algorithms/solvers/solver.h"

/* A solve that takes less than this is timed in batches (bench run's
 * default; --batch-threshold). */
#define TIMER_BATCH_THRESHOLD_NS 50000u
/* A batch's interval is at least this many times a read of the wall
 * clock and the spread of the CPU clock's cost (the 90th percentile less
 * the median of empty intervals), and at least TIMER_MIN_TARGET_NS: what
 * the clocks leave in it, their cost taken off, is under 1%. (A longer
 * interval costs every fast row: at the 150 us that 100 reads of both
 * clocks make on a virtual machine, 3.6 million solves of a table took
 * over an hour.) */
#define TIMER_CLOCK_MULTIPLE 100u
#define TIMER_MIN_TARGET_NS 5000u
/* Solves in one interval, at most. */
#define TIMER_MAX_BATCH (1u << 24)
/* No batches under a time limit shorter than this many targets: a batch
 * shares one deadline, which must be far beyond its interval. */
#define TIMER_LIMIT_MULTIPLE 100u

/* How to time a solve. */
typedef struct timer_plan {
	uint64_t threshold_ns; /* batch solves shorter than this; 0: never */
	uint64_t target_ns;    /* a batch grows until its interval is this long;
				* 0: the threshold */
	uint64_t wall_taken_ns; /* the clocks' own cost, taken off each */
	uint64_t cpu_taken_ns;  /* interval (0: none) */
} timer_plan;

/* What the harness's timing costs, measured (timer_measure_floor). */
typedef struct timer_floor {
	double floor_ns;      /* per solve, reported for an empty solve */
	double wall_clock_ns; /* one read of the wall clock */
	double cpu_clock_ns;  /* one read of the CPU clock */
	double wall_taken_ns; /* the median empty interval, wall clock */
	double cpu_taken_ns;  /* the median empty interval, CPU clock */
	double cpu_spread_ns; /* its 90th percentile less its median */
	uint64_t batch_threshold_ns;
	uint64_t batch_target_ns; /* the target the plan should use */
} timer_floor;

/* A solve to time: SOLVER with its prepared CTX on START, each solve with
 * a pb_search under these limits. */
typedef struct timer_solve {
	const pb_solver *solver;
	void *ctx;
	const pb_state *start;
	size_t mem_limit;
	uint64_t time_limit_ns;
	const volatile sig_atomic_t *stop;
	/* an anytime solver's answers as it finds them (pb_search.on_answer),
	 * for the first solve of a batch only; NULL: not kept */
	void (*on_answer)(void *arg, const struct pb_path *path, const struct pb_search *s);
	void *answer_arg;
} timer_solve;

/* One timed interval. */
typedef struct timer_batch {
	unsigned k;             /* solves it covered */
	uint64_t wall_ns;       /* the whole interval, wall clock */
	uint64_t cpu_ns;        /* the whole interval, CPU clock */
	pb_status status;       /* the first solve's */
	pb_search search;       /* the first solve's: counters, meter, message */
	unsigned mismatches;    /* later solves whose status was not the first's */
	unsigned mismatch_at;   /* the first of them (2..k), 0: none */
	pb_status other;        /* its status */
	size_t held;            /* nonzero: a later solve kept bytes allocated */
} timer_batch;

/* Time K (>= 1) solves of T in one interval into B; the first solve's
 * path goes to PATH. */
void timer_run(const timer_solve *t, unsigned k, timer_batch *b, pb_path *path);

/* Time T under plan P into B (PATH as timer_run): with KNOWN > 0, KNOWN
 * solves in one interval (the batch size an earlier call chose); with 0,
 * alone, then in batches where the plan asks for them. B->k is the size to
 * pass as KNOWN for the instance's next measurements. B's intervals are
 * the solves' time, the clocks' cost (P) taken off. */
void timer_measure(const timer_solve *t, const timer_plan *p, unsigned known, timer_batch *b,
		   pb_path *path);

/* Per-solve time of an interval of TOTAL_NS over K solves, rounded. */
uint64_t timer_per_solve(uint64_t total_ns, unsigned k);

/* Measure the clocks' cost and the floor under batch threshold
 * THRESHOLD_NS (0: no batches) into F, choosing the target (see
 * TIMER_CLOCK_MULTIPLE). Takes some tens of milliseconds. */
void timer_measure_floor(uint64_t threshold_ns, timer_floor *f);

/* The plan F's figures call for. */
timer_plan timer_plan_of(const timer_floor *f);

#endif
