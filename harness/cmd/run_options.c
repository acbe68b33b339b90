#include "harness/cmd/run_options.h"

#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/io/units.h"

static int add_dataset(run_common *o, const char *cmd, const char *path)
{
	if (o->ndatasets == RUN_MAX_DATASETS)
		return cmdline_bad_usage(cmd, "more than %d datasets", RUN_MAX_DATASETS);
	o->datasets[o->ndatasets++] = path;
	return 0;
}

int run_common_option(run_common *o, const char *cmd, int c, const char *arg,
		      const char *word)
{
	switch (c) {
	case 'd': return add_dataset(o, cmd, arg);
	case 'a': o->algorithms = arg; return 0;
	case RUN_OPT_HEURISTIC: o->r.heuristic = arg; return 0;
	case RUN_OPT_PDB_CACHE: o->r.cache_dir = arg; return 0;
	case 't':
		if (units_parse_seconds(arg, &o->r.time_limit_ns))
			return cmdline_bad_usage(cmd, "--time-limit '%s' is not a duration in seconds", arg);
		return 0;
	case 'm':
		if (units_parse_bytes(arg, &o->r.mem_limit))
			return cmdline_bad_usage(cmd, "--mem-limit '%s' is not a size (bytes, or with K, M, G)",
						 arg);
		return 0;
	case RUN_OPT_PREPARE_LIMIT:
		if (units_parse_seconds(arg, &o->r.prepare_limit_ns))
			return cmdline_bad_usage(cmd, "--prepare-limit '%s' is not a duration in seconds",
						 arg);
		return 0;
	case ':': return cmdline_bad_usage(cmd, "option '%s' needs a value", word);
	default: return cmdline_bad_usage(cmd, "unknown option '%s'", word);
	}
}

int run_common_finish(run_common *o, const char *cmd, int argc, char **argv, int first)
{
	for (int i = first; i < argc; i++)
		if (add_dataset(o, cmd, argv[i]))
			return PB_EXIT_USAGE;
	if (!o->ndatasets)
		return cmdline_bad_usage(cmd, "no dataset given (--dataset FILE)");
	if (o->r.heuristic && !pb_heuristic_find(o->r.heuristic)) {
		fprintf(stderr, "bench %s: unknown heuristic '%s' (see 'bench list')\n", cmd,
			o->r.heuristic);
		return PB_EXIT_USAGE;
	}
	return 0;
}

/* The solvers called NAMES[0..n) into OUT. Returns N, or -1 (said why). */
static int look_up(const char *cmd, const char *option, char *const *names, int n,
		   const pb_solver **out)
{
	for (int i = 0; i < n; i++) {
		out[i] = pb_solver_find(names[i]);
		if (!out[i]) {
			fprintf(stderr, "bench %s: unknown solver '%s' (see 'bench list')\n", cmd, names[i]);
			return -1;
		}
		for (int k = 0; k < i; k++) {
			if (out[k] == out[i]) {
				cmdline_bad_usage(cmd, "%s names '%s' twice", option, names[i]);
				return -1;
			}
		}
	}
	return n;
}

int run_common_solvers(const char *cmd, const char *option, const char *list,
		       const pb_solver **out)
{
	/* split a copy: argv stays as given, for meta.json's command line */
	char *copy = strdup(list), *names[RUN_MAX_SOLVERS];
	int n;

	if (!copy) {
		fprintf(stderr, "bench %s: out of memory\n", cmd);
		return -1;
	}
	n = cmdline_split(copy, names, RUN_MAX_SOLVERS);
	if (n < 0)
		cmdline_bad_usage(cmd, "%s names more than %d solvers", option, RUN_MAX_SOLVERS);
	else if (!n)
		cmdline_bad_usage(cmd, "%s: want one or more solver names, separated by commas", option);
	else
		n = look_up(cmd, option, names, n, out);
	free(copy);
	return n > 0 ? n : -1;
}

int run_common_load(const char *cmd, const run_common *o, dataset *ds)
{
	char err[1024];

	for (size_t i = 0; i < o->ndatasets; i++) {
		if (dataset_load(&ds[i], o->datasets[i], err, sizeof(err))) {
			fprintf(stderr, "bench %s: %s\n", cmd, err);
			return -1;
		}
	}
	return 0;
}

void run_common_usage(FILE *out)
{
	fputs(
"  -d, --dataset FILE       a dataset file (repeatable; also as arguments)\n"
"  -a, --algorithms LIST    comma-separated solver names (see 'bench list');\n"
"                           default: every solver that serves each dataset's\n"
"                           domain\n"
"      --heuristic NAME     heuristic for the informed solvers (astar,\n"
"                           idastar); default: the first 'bench list' shows\n"
"                           that serves the domain\n"
"      --pdb-cache DIR      where pattern databases are kept\n"
"  -t, --time-limit SECONDS limit of each solve, decimals allowed (default\n"
"                           none); a solver stops within 10% of it: 'timeout'\n"
"  -m, --mem-limit BYTES    limit of each solve's allocations and of each\n"
"                           preparation's, suffixes K M G (powers of 1024);\n"
"                           past it: 'memout' (default none)\n"
"      --prepare-limit SECONDS  limit of each preparation (default none); one\n"
"                           that fails leaves its solver's instances unrun,\n"
"                           with the preparation's status\n", out);
}
