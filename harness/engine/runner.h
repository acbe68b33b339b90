/* The runner: each unit of work (a solver with the heuristic it runs
 * with) over a dataset's instances, under limits, timed, measured, and
 * checked. For each unit it prepares once (its own row, phase
 * 'prepare'), then for each instance runs the warm-ups and repeats,
 * each solve with a fresh pb_search (its own meter, deadline and the stop
 * flag), timed as timer.h says: wall (CLOCK_MONOTONIC) inside CPU
 * (CLOCK_PROCESS_CPUTIME_ID), around the solve calls alone. A row is one
 * timed interval: a solve alone, or, under a batch plan, a short solve
 * timed k times (the first warm-up or repeat of an instance chooses k; the
 * instance's other rows reuse it), its times per solve, its counters,
 * peak bytes and path the first solve's; a program outside the process
 * is never batched (each of its answers is timed alone and judged).
 * Every answer is judged by the harness:
 * the path is replayed with pb_apply and must end on the goal, be no longer
 * than the dataset's reference, and not contradict it on solvability.
 *
 * Rules where a run cannot go on as planned:
 * - a unit that does not serve the domain: a prepare row 'unsupported'
 *   and one 'unsupported' row (repeat 1) per instance;
 * - a preparation that fails (timeout under --prepare-limit, memout, error,
 *   interrupted): its prepare row says so and each instance gets one row
 *   (repeat 1), 'skipped', with no measures;
 * - a memout the system decided (an address-space limit, not the memory
 *   limit) is 'memout' with a note and system_memout set;
 * - a warm-up or repeat that ends in timeout, memout or error is the
 *   instance's last: no more repeats of it (a failing warm-up is written
 *   as repeat 1, being a real measurement);
 * - the stop flag: the solve in flight ends 'interrupted', nothing more
 *   runs, and runner_run returns 1;
 * - with isolate, a solve whose process dies is 'crash', one killed for
 *   runaway memory 'memout': like timeout, the instance's last try;
 * - a batch whose later solves do not all end as the first did, or keep
 *   memory, is an 'error' (a note says which); one that the stop flag
 *   broke off is 'interrupted';
 * - an instance that was never given to the solver is 'skipped', with no
 *   measures and a note saying why: its preparation failed, or a program
 *   outside was given up (pb_search.not_sent). */
#ifndef RUNNER_H
#define RUNNER_H

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algorithms/solvers/solver.h"
#include "harness/engine/timer.h"
#include "harness/io/dataset.h"

/* The status words of runs.csv, in this order. */
typedef enum run_status {
	RUN_OK,
	RUN_UNSOLVABLE,
	RUN_TIMEOUT,
	RUN_MEMOUT,
	RUN_UNSUPPORTED,
	RUN_WRONG,
	RUN_ERROR,
	RUN_INTERRUPTED,
	RUN_CRASH,
	RUN_SKIPPED,
	RUN_STATUS_COUNT
} run_status;

/* "ok", "unsolvable", "timeout", ... */
const char *run_status_name(run_status s);

/* The status called NAME, or -1. */
int run_status_parse(const char *name);

/* Whether S is an answer the harness accepted (ok or unsolvable). */
static inline bool run_status_answered(run_status s)
{
	return s == RUN_OK || s == RUN_UNSOLVABLE;
}

typedef enum run_phase { RUN_SOLVE, RUN_PREPARE } run_phase;

#define RUN_NO_INSTANCE SIZE_MAX
#define RUN_NO_LENGTH (-1)

/* One answer of an anytime solver (a row of DIR/anytime.csv): its
 * length, and the wall time (from the solve's start) and the nodes
 * expanded when it came. */
typedef struct runner_answer {
	int length;
	uint64_t wall_ns, expanded;
} runner_answer;

/* The most answers kept of one solve: past it, the last is kept in place
 * of the one before (an anytime search improves a move at a time at
 * most, so a path of PB_MAX_PATH moves bounds them; the cap bounds a
 * row's memory). */
#define RUNNER_MAX_ANSWERS 512

/* One row of runs.csv, as the runner hands it to its caller. */
typedef struct run_row {
	const dataset *ds;
	size_t instance;        /* index into ds->instances; RUN_NO_INSTANCE: prepare */
	size_t unit;            /* index into the units given to runner_run */
	const pb_solver *algorithm;
	const char *heuristic;  /* the heuristic's name, or "-" */
	unsigned repeat;        /* 1..N */
	run_phase phase;
	run_status status;
	int length;             /* moves, or RUN_NO_LENGTH */
	uint64_t expanded, generated, wall_ns, cpu_ns;
	unsigned batch;         /* solves the row's interval covered (1: timed alone; 0: not measured) */
	uint64_t peak_bytes;
	uint64_t rss_bytes;     /* peak resident set: the solve's own process
				 * with isolate, else the bench process's high-
				 * water mark so far (it never falls); 0 unknown */
	bool measured;          /* false: skipped, the measures are zero */
	bool below_reference;   /* a valid path shorter than the reference */
	bool uncounted;         /* the solver gave no node counts (a program that
				 * prints none): expanded and generated are
				 * unknown, not 0 */
	bool system_memout;     /* memout the system decided (an address-space
				 * limit: ulimit -v), not the memory limit; the
				 * note then says so, with a hint */
	const pb_path *path;    /* the moves when the solver returned some */
	const char *note;       /* why: wrong, error, unsupported; else "" */
	/* an anytime solver's answers in the order found (the last is the
	 * row's); none for other solvers */
	const runner_answer *answers;
	unsigned nanswers;
} run_row;

/* Most units runner_units makes for one dataset. */
#define RUNNER_MAX_UNITS 1024

/* One unit of work: a solver, and the heuristic it runs with. */
typedef struct runner_unit {
	const pb_solver *solver;
	const char *heuristic; /* pb_config.heuristic: a heuristic's name, or
				* NULL (the domain's default; nothing for a
				* blind solver) */
} runner_unit;

typedef struct runner_options {
	size_t mem_limit;          /* bytes for each solve and preparation; 0 none */
	uint64_t time_limit_ns;    /* each solve; 0 none */
	uint64_t prepare_limit_ns; /* each preparation; 0 none */
	unsigned repeat, warmup;
	/* the heuristics runner_units pairs the informed solvers with
	 * (names); none: each domain's default */
	const char *const *heuristics;
	size_t nheuristics;
	const char *cache_dir;     /* pb_config.cache_dir; NULL: the default */
	const volatile sig_atomic_t *stop; /* nonzero: stop; may be NULL */
	bool isolate;              /* each solve in a child process (isolate.h):
				    * a crash is a 'crash' row, not the end */
	timer_plan batch;          /* short solves timed in batches (timer.h);
				    * zero: each solve timed alone */
	/* Which limits are defaults, not asked for (RUNNER_DEFAULT_TIME,
	 * RUNNER_DEFAULT_MEM): the runner applies them all the same; the
	 * campaign's record tells them apart (a machine-sized default must not
	 * make two machines' parts different campaigns). */
	unsigned defaults;
} runner_options;

#define RUNNER_DEFAULT_TIME 1u
#define RUNNER_DEFAULT_MEM 2u

/* Added to the library's message when the system refused memory. */
#define RUNNER_SYSTEM_MEMOUT_HINT "ulimit -v?"

/* What runner_hooks.done returns for an instance with nothing left to run. */
#define RUNNER_FINISHED UINT_MAX

typedef struct runner_hooks {
	/* Each row as it is made (prepare rows, then solve rows). */
	void (*row)(void *arg, const run_row *row);
	/* N more solves done (or skipped) of those runner_work counted. */
	void (*tick)(void *arg, uint64_t n);
	/* Repeats of INSTANCE of DS by solver S with HEURISTIC (the row's
	 * heuristic column: a name, or "-") already on record (a resumed
	 * run): the runner does the warm-ups, then starts at the next repeat;
	 * or RUNNER_FINISHED to skip the instance. NULL: none on record. */
	unsigned (*done)(void *arg, const dataset *ds, const pb_solver *s, const char *heuristic,
			 size_t instance);
	void *arg;
} runner_hooks;

/* Solves runner_run will do (or skip) for DS with NUNITS units: the
 * progress line's total. ONLY as in runner_run. */
uint64_t runner_work(const dataset *ds, size_t nunits, const bool *only,
		     const runner_options *o);

/* Run UNITS[0..nunits) over DS (over the instances i with ONLY[i] when
 * ONLY is not NULL), handing every row to HOOKS. The solvers are the
 * caller's: tests pass solvers that are not in the registry. Returns 0, or 1
 * when the stop flag ended the run early. */
int runner_run(const dataset *ds, const runner_unit *units, size_t nunits,
	       const bool *only, const runner_options *o, const runner_hooks *hooks);

/* The units of SOLVERS[0..nsolvers) on domain D, in that order, into OUT
 * (room for RUNNER_MAX_UNITS): a blind solver once; an informed one once
 * with each heuristic of O->heuristics (in their order; none: the
 * domain's default) that serves D and that it takes. NAMED: the solvers
 * were named by the user, who sees why one cannot run: each is kept,
 * refused or not (an informed one with no heuristic that fits runs with
 * the first, to be refused by name); else only the units that
 * runner_refusal accepts. Returns the count. */
size_t runner_units(const pb_solver *const *solvers, size_t nsolvers, bool named,
		    const pb_domain *d, const runner_options *o, runner_unit *out);

/* The heuristic column for solver S on domain D given the heuristic
 * (NULL: the domain's default): the heuristic's name for the informed
 * solvers, else "-". */
const char *runner_heuristic_of(const pb_solver *s, const pb_domain *d, const char *heuristic);

/* Unit U on domain D as a label: "solver", or "solver+heuristic" for an
 * informed one, into BUF. Returns BUF. */
const char *runner_unit_label(const runner_unit *u, const pb_domain *d, char *buf, size_t size);

/* NULL when solver S serves D with CFG: an informed one takes the
 * heuristic CFG chooses (pb_solver.heuristics), and S->supports agrees;
 * else the reason (a constant or written into WHY). The one test of
 * whether a solver runs on a dataset, for the runner and the commands. */
const char *runner_refusal(const pb_solver *s, const pb_domain *d, const pb_config *cfg,
			   char *why, size_t whylen);

/* After PATH failed to take START to D's goal (NOTE says how): when each
 * move swapped for the move that undoes it would reach the goal, add that
 * to NOTE ("; swapping u/d, l/r reaches it: ..."). A tiles program that
 * names where the tile goes, not the blank, writes exactly that swap; a
 * cube program may turn the other way. */
void runner_hint_inverse(const pb_domain *d, const pb_state *start, const pb_path *path,
			 char *note, size_t notelen);

/* Judge solver answer ST with PATH for instance IN of domain D, from a
 * solver whose answers are at most BOUND times optimal (pb_solver_bound:
 * 1 for an optimal solver, INFINITY for one that promises nothing):
 * RUN_OK, RUN_UNSOLVABLE or RUN_WRONG (with why in NOTE), or the status
 * ST maps to (timeout, memout, ...). Sets *BELOW when a valid path is
 * shorter than the reference (the dataset is wrong there, not the
 * solver). */
run_status runner_judge(const pb_domain *d, const dataset_instance *in, pb_status st,
			const pb_path *path, double bound, char *note, size_t notelen,
			bool *below);

#endif
