/* The options 'bench run' and 'bench verify' share, in one place: the
 * datasets (-d FILE, or operands), the solvers (-a LIST), the solver
 * options (--heuristic LIST, --pdb-cache) and the limits (-t, -m,
 * --prepare-limit) with their defaults: one parser, one check of each
 * value, one help text. Each command adds its own options around them.
 *
 * Default limits: RUN_DEFAULT_TIME_LIMIT_NS a solve, and half the
 * machine's memory (at most what is available at the start) for each
 * solve's and preparation's allocations; 0 means none. */
#ifndef RUN_OPTIONS_H
#define RUN_OPTIONS_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "algorithms/solvers/solver.h"
#include "harness/engine/outside.h"
#include "harness/engine/runner.h"
#include "harness/io/dataset.h"
#include "harness/io/progress.h"

#define RUN_MAX_DATASETS 64
/* the built-in solvers and the outside ones */
#define RUN_MAX_SOLVERS (64 + OUTSIDE_MAX)
#define RUN_MAX_HEURISTICS 16
/* Room for every --heuristic list given, together. */
#define RUN_HEURISTIC_TEXT_MAX 1024
/* The default time limit of a solve: a minute. */
#define RUN_DEFAULT_TIME_LIMIT_NS 60000000000ULL
/* The default memory limit is the machine's memory over this. */
#define RUN_DEFAULT_MEM_SHARE 2

/* getopt_long codes of the shared long options; a command numbers its
 * own from RUN_OPT_OWN. */
enum {
	RUN_OPT_HEURISTIC = 256, RUN_OPT_PDB_CACHE, RUN_OPT_PREPARE_LIMIT,
	RUN_OPT_INSTANCES, RUN_OPT_LIMIT,
	RUN_OPT_OUTSIDE, /* --solver, --solver-once, --plugin (outside.h) */
	RUN_OPT_OWN = RUN_OPT_OUTSIDE + OUTSIDE_OPTIONS
};

/* The shared options for getopt_long: the short letters (":" first, so a
 * missing value is told apart) and the table entries. */
#define RUN_SHORT_OPTIONS ":d:a:t:m:"
#define RUN_LONG_OPTIONS \
	{ "dataset", required_argument, NULL, 'd' }, \
	{ "algorithms", required_argument, NULL, 'a' }, \
	{ "heuristic", required_argument, NULL, RUN_OPT_HEURISTIC }, \
	{ "pdb-cache", required_argument, NULL, RUN_OPT_PDB_CACHE }, \
	{ "time-limit", required_argument, NULL, 't' }, \
	{ "mem-limit", required_argument, NULL, 'm' }, \
	{ "prepare-limit", required_argument, NULL, RUN_OPT_PREPARE_LIMIT }, \
	{ "instances", required_argument, NULL, RUN_OPT_INSTANCES }, \
	{ "limit", required_argument, NULL, RUN_OPT_LIMIT }, \
	OUTSIDE_LONGOPTS(RUN_OPT_OUTSIDE)

typedef struct run_common {
	const char *datasets[RUN_MAX_DATASETS];
	size_t ndatasets;
	const char *algorithms; /* the -a list as given (argv is left as it is), or NULL */
	const char *instances;  /* --instances as given, or NULL: every instance */
	uint64_t limit;         /* --limit; 0: none */
	/* the --heuristic names (the registry's strings, or for a partition
	 * "pdb:..." its text in heuristic_text), R.heuristics */
	const char *heuristics[RUN_MAX_HEURISTICS];
	char heuristic_text[RUN_HEURISTIC_TEXT_MAX];
	size_t heuristic_used;
	runner_options r;       /* the limits and solver options set here */
	bool time_given, mem_given; /* -t, -m given (else the defaults) */
	char mem_default_why[64];   /* how the default memory limit was chosen */
} run_common;

/* Take getopt_long's answer C (value ARG; WORD the argument it came
 * from, for messages) into O when it is a shared option. Also answers
 * for a missing value (':') and an unknown option. Returns 0 when taken,
 * or PB_EXIT_USAGE ("bench CMD: ..." said) for a bad value, a missing
 * one, or an option neither shared nor the command's. */
int run_common_option(run_common *o, const char *cmd, int c, const char *arg,
		      const char *word);

/* After getopt_long: the operands ARGV[FIRST..ARGC) are datasets too;
 * there must be one at least. The limits not given take their defaults
 * (O->r.defaults says which). Returns 0 or PB_EXIT_USAGE (said why). */
int run_common_finish(run_common *o, const char *cmd, int argc, char **argv, int first);

/* Print the limits in force, one line on standard error: "bench CMD:
 * limits: 60 s a solve (the default), 11.7 GiB (the default: half the
 * memory); -t 0, -m 0: none". */
void run_common_print_limits(const run_common *o, const char *cmd);

/* What a row tells the user beyond the table, once, on standard error
 * (the progress line PROG cleared first; PROG may be NULL): a
 * preparation's message, once per pattern database (domain, goal and
 * heuristic) built or loaded ("bench CMD: pdb663 for '15puzzle': built
 * and saved 3 pattern databases in 'cache/pdb' (41.2 s)"), and the first
 * solve the system refused memory (a memout the meter did not decide:
 * "ulimit -v?"). SEEN remembers what was said. */
#define RUN_SEEN_MAX 64
typedef struct run_seen {
	char keys[RUN_SEEN_MAX][192];
	size_t n;
	bool system_memout;
} run_seen;
void run_common_note_row(const char *cmd, const run_row *row, run_seen *seen, progress *prog);

/* The solver called NAME, given with OPTION ("-a"): a built-in or an
 * outside one, or a variant of one ("astar:ties=low"). NULL when there
 * is none, said why on standard error: "bench CMD: unknown solver 'x'
 * (see 'bench list')", "bench CMD: -a astar:ties=x: astar: ties must be
 * low or high, not 'x'". */
const pb_solver *run_common_find_solver(const char *cmd, const char *option, const char *name);

/* The solvers named in the comma-separated LIST (which is not changed)
 * into OUT (room for RUN_MAX_SOLVERS); OPTION names the list in messages.
 * Each name must be a solver's (registered or outside, or a variant of
 * one: run_common_find_solver) and given once. Returns the count, or -1
 * (said why). */
int run_common_solvers(const char *cmd, const char *option, const char *list,
		       const pb_solver **out);

/* Load O's datasets into DS (room for O->ndatasets), each cut to the
 * instances --instances and --limit choose (dataset_select.h). Returns 0,
 * or -1 (said why). Either way dataset_release each of DS[0..O->ndatasets),
 * which starts zeroed. */
int run_common_load(const char *cmd, const run_common *o, dataset *ds);

/* The help lines of the shared options. */
void run_common_usage(FILE *out);

#endif
