/* bench: the puzzlebench command. One table of subcommands, one lookup. */
#include <stdio.h>
#include <string.h>

#include "harness/cmd/commands.h"

static const struct subcommand {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} subcommands[] = {
	{ "list", cmd_list, "solvers, domains and heuristics" },
	{ "gen", cmd_gen, "write a dataset of instances" },
	{ "run", cmd_run, "run solvers over datasets: runs.csv, summary.csv, meta.json" },
	{ "verify", cmd_verify, "check that solvers agree on every instance" },
	{ "compare", cmd_compare, "median time and memory ratios of two runs" },
	{ "plot", cmd_plot, "regenerate a run's charts from its CSV files" },
	{ "solve", cmd_solve, "answer puzzles from standard input (POJ 1077, HDU 1043, USACO)" },
	{ "merge", cmd_merge, "join the shards of a run into one" },
	{ "check", cmd_check, "grade a file of answers against a dataset" },
};

static void usage(FILE *out)
{
	fputs("usage: bench <command> [options]\n\ncommands:\n", out);
	for (size_t i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
	fputs("\n'bench <command> --help' describes each one.\n", out);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return PB_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return PB_EXIT_OK;
	}
	for (size_t i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (!strcmp(argv[1], subcommands[i].name))
			return subcommands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "bench: unknown command '%s' (see 'bench --help')\n", argv[1]);
	return PB_EXIT_USAGE;
}
