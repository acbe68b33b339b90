/* The options 'bench run' and 'bench verify' share, in one place: the
 * datasets (-d FILE, or operands), the solvers (-a LIST), the solver
 * options (--heuristic, --pdb-cache) and the limits (-t, -m,
 * --prepare-limit): one parser, one check of each value, one help text.
 * Each command adds its own options around them. */
#ifndef RUN_OPTIONS_H
#define RUN_OPTIONS_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "algorithms/solvers/solver.h"
#include "harness/engine/runner.h"
#include "harness/io/dataset.h"

#define RUN_MAX_DATASETS 64
#define RUN_MAX_SOLVERS 64

/* getopt_long codes of the shared long options; a command numbers its
 * own from RUN_OPT_OWN. */
enum { RUN_OPT_HEURISTIC = 256, RUN_OPT_PDB_CACHE, RUN_OPT_PREPARE_LIMIT, RUN_OPT_OWN };

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
	{ "prepare-limit", required_argument, NULL, RUN_OPT_PREPARE_LIMIT }

typedef struct run_common {
	const char *datasets[RUN_MAX_DATASETS];
	size_t ndatasets;
	const char *algorithms; /* the -a list as given (argv is left as it is), or NULL */
	runner_options r;       /* the limits and solver options set here */
} run_common;

/* Take getopt_long's answer C (value ARG; WORD the argument it came
 * from, for messages) into O when it is a shared option. Also answers
 * for a missing value (':') and an unknown option. Returns 0 when taken,
 * or PB_EXIT_USAGE ("bench CMD: ..." said) for a bad value, a missing
 * one, or an option neither shared nor the command's. */
int run_common_option(run_common *o, const char *cmd, int c, const char *arg,
		      const char *word);

/* After getopt_long: the operands ARGV[FIRST..ARGC) are datasets too;
 * there must be one at least, and a known --heuristic. Returns 0 or
 * PB_EXIT_USAGE (said why). */
int run_common_finish(run_common *o, const char *cmd, int argc, char **argv, int first);

/* The solvers named in the comma-separated LIST (which is not changed)
 * into OUT (room for RUN_MAX_SOLVERS); OPTION names the list in messages.
 * Each name must be registered and given once. Returns the count, or -1
 * (said why). */
int run_common_solvers(const char *cmd, const char *option, const char *list,
		       const pb_solver **out);

/* Load O's datasets into DS (room for O->ndatasets). Returns 0, or -1
 * (said why). Either way dataset_release each of DS[0..O->ndatasets),
 * which starts zeroed. */
int run_common_load(const char *cmd, const run_common *o, dataset *ds);

/* The help lines of the shared options. */
void run_common_usage(FILE *out);

#endif
