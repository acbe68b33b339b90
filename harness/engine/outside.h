/* Solvers from outside the registry: external programs speaking the line
 * protocol (external.h) and C plugins (plugin.h). Each becomes a pb_solver
 * like the built-in ones, so the runner, verify, shards, resume and the
 * reports use it unchanged: it is found by name, serves domains, prepares
 * a context, solves and releases.
 *
 * Each outside solver takes one of OUTSIDE_MAX slots, which its pb_solver
 * carries as its data: its supports() and prepare() hand the call on to
 * its kind with the kind's data and the solver itself (a variant of it,
 * "NAME:KEY=VALUE", carries its parameters' values). The slots are the
 * harness's registry of outside solvers: filled from the command line
 * before a run, read by everything after it, emptied at exit. */
#ifndef OUTSIDE_H
#define OUTSIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "algorithms/solvers/solver.h"
#include "harness/engine/runner.h"
#include "harness/io/meta.h"

/* Outside solvers a process can hold: room for a class's worth of
 * student programs. */
#define OUTSIDE_MAX 64
/* Longest solver name, as runs.csv carries it. */
#define OUTSIDE_NAME_MAX 31

/* What one kind of outside solver does with its data SELF, as the solver
 * SOLVER (the one added, or a variant of it: pb_solver_param reads its
 * values). */
typedef struct outside_kind {
	const char *what; /* "external", "plugin" */
	const char *(*supports)(void *self, const pb_solver *solver, const pb_domain *d,
				const pb_config *cfg, char *why, size_t whylen);
	pb_status (*prepare)(void *self, const pb_solver *solver, const pb_domain *d,
			     const pb_config *cfg, pb_search *s, void **ctx);
	pb_status (*solve)(void *ctx, const pb_state *start, pb_search *s, pb_path *out);
	void (*release)(void *ctx);
	/* meta.json: the members of the solver's object, each line
	 * "      \"key\": value," (the name and kind are written already) */
	void (*meta)(FILE *out, const void *self);
	/* A row of this solver was written (run's fault log); may be NULL */
	void (*row)(void *self, const run_row *row, FILE *log);
	/* Before a run writing into DIR (NULL: none): 1 when the harness's
	 * round trip to a program should be measured, 0, or -1 with why in
	 * ERR; may be NULL */
	int (*begin)(void *self, const char *dir, bool append, char *err, size_t errlen);
	void (*free)(void *self);
	/* true: runs whenever given (--solver); false: when --algorithms
	 * names it or there is no --algorithms (a plugin's solvers) */
	bool always_runs;
	/* true: solves in a process of its own, measured by the solver
	 * (pb_search.child_measured); --isolate adds nothing to it */
	bool own_process;
	/* true: takes any parameter, declaring none (pb_solver.any_params:
	 * an external program, which finds its values in its environment) */
	bool any_params;
} outside_kind;

/* Whether NAME may name a new solver: letters, digits, '.', '_', '+' and
 * '-', at most OUTSIDE_NAME_MAX, not taken by a built-in solver or an
 * outside one. Returns 0, or -1 with why in ERR. */
int outside_check_name(const char *name, char *err, size_t errlen);

/* Add an outside solver of KIND with data SELF (its kind frees it, also
 * when this fails) called NAME, described by SUMMARY (both copied).
 * Returns the solver, or NULL with why in ERR (a name taken, no slot
 * left). */
const pb_solver *outside_add(const outside_kind *kind, void *self, const char *name,
			     const char *summary, char *err, size_t errlen);

/* Set what outside solver NAME promises of its answers' lengths from
 * "NAME=G": G optimal, none, or a factor W >= 1 (pb_solver.guarantee).
 * Returns 0, or -1 with why in ERR. */
int outside_set_guarantee(const char *arg, char *err, size_t errlen);

/* A promise G as --guarantee takes it into *BOUND: optimal 1, none
 * INFINITY, a factor W >= 1 (as 1.5) W. Returns 0, or -1 for anything
 * else. */
int outside_parse_bound(const char *g, double *bound);

/* Give the outside solver S, just added (not a variant), the guarantee G
 * with its factor: the value of parameter BOUND_PARAM, or where that is
 * NULL, BOUND (pb_solver.guarantee). */
void outside_promise(const pb_solver *s, pb_guarantee g, const char *bound_param, double bound);

/* Give the outside solver S, just added (not a variant), the parameters
 * PARAMS (pb_param; a list that outlives S). */
void outside_set_params(const pb_solver *s, const pb_param *params);

/* The solver called NAME: a built-in one or an outside one, or a variant
 * of one ("astar:ties=low", "prog:depth=3": pb_solver_variant); NULL if
 * none. */
const pb_solver *outside_solver_find(const char *name);

/* The same, with why not into WHY: "" where no solver has NAME's base
 * name, else why its values are refused, in the solver's words. */
const pb_solver *outside_solver_lookup(const char *name, char *why, size_t whylen);

/* Whether S is an outside solver, and one that solves in a process of its
 * own (an external program; --isolate leaves it in place). */
bool outside_is(const pb_solver *s);
bool outside_own_process(const pb_solver *s);

/* Outside solvers added, and the I-th of them (in the order given). */
size_t outside_count(void);
const pb_solver *outside_solver(size_t i);

/* Append to OUT[0..n) (room for MAX) the outside solvers that join a run
 * without being named: the external programs, and the plugins' solvers
 * when EXPLICIT is false (no --algorithms); those already in OUT are
 * skipped, and with D not NULL, those that do not serve D with CFG.
 * Returns the new count. */
size_t outside_extend(const pb_solver **out, size_t n, size_t max, bool explicit,
		      const pb_domain *d, const pb_config *cfg);

/* The options every command that takes outside solvers shares, as
 * getopt_long entries with the values FIRST, FIRST + 1, FIRST + 2:
 * --solver, --solver-once, --plugin, --guarantee. */
enum { OUTSIDE_SOLVER, OUTSIDE_SOLVER_ONCE, OUTSIDE_PLUGIN, OUTSIDE_GUARANTEE, OUTSIDE_OPTIONS };
#define OUTSIDE_LONGOPTS(first) \
	{ "solver", required_argument, NULL, (first) + OUTSIDE_SOLVER }, \
	{ "solver-once", required_argument, NULL, (first) + OUTSIDE_SOLVER_ONCE }, \
	{ "plugin", required_argument, NULL, (first) + OUTSIDE_PLUGIN }, \
	{ "guarantee", required_argument, NULL, (first) + OUTSIDE_GUARANTEE }
#define OUTSIDE_PLUGIN_LONGOPT(first) \
	{ "plugin", required_argument, NULL, (first) + OUTSIDE_PLUGIN }

/* The lines of --help for those options. */
#define OUTSIDE_USAGE \
"      --solver NAME=COMMAND  an external program as solver NAME: started\n" \
"                           once, fed one puzzle a line, one answer each\n" \
"                           (the format of 'bench solve'); NAME@D1,D2=...\n" \
"                           serves only those domains (repeatable)\n" \
"      --solver-once NAME=COMMAND  the same, a fresh process each puzzle;\n" \
"                           NAME<IN>OUT=... gives it the puzzle in file IN\n" \
"                           and takes the answer from file OUT, in a\n" \
"                           scratch directory (repeatable)\n" \
OUTSIDE_PLUGIN_USAGE \
"      --guarantee NAME=G   what outside solver NAME (added before) promises\n" \
"                           of its answers: optimal (the default), W (at\n" \
"                           most W times optimal, as 1.5) or none\n"
#define OUTSIDE_PLUGIN_USAGE \
"      --plugin FILE.so     load the solvers of a plugin (repeatable)\n"

/* Handle option WHICH (OUTSIDE_SOLVER, ...) with value ARG for command
 * CMD: the program is checked (it must start) or the plugin loaded.
 * Returns 0, or -1 (said why on standard error). */
int outside_option(int which, const char *arg, const char *cmd);

/* Before a run: each instance is solved REPEAT times, after WARMUP
 * solves not measured; outside_solves says what was noted (0, 0 before). */
void outside_note_solves(unsigned repeat, unsigned warmup);
void outside_solves(unsigned *repeat, unsigned *warmup);

/* Before a run writing into DIR (NULL: nothing written, as verify): the
 * fault log DIR/external.log and each program's standard error under
 * DIR/stderr/ (appended to with APPEND, else started afresh), and the
 * harness's round trip to a program measured when any external program
 * takes part. Returns 0, or -1 with why in ERR. */
int outside_begin_run(const char *dir, bool append, char *err, size_t errlen);

/* A row of runs.csv was written: a fault of an outside solver goes to the
 * fault log with what the solver answered. */
void outside_note_row(const run_row *row);

/* Add to M's meta.json the outside solvers (what each is) and the round
 * trip measured, after whatever M's extra writes. M must outlive the
 * write. */
void outside_meta_hook(meta_run *m);

#endif
