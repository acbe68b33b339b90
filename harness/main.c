/* bench: the puzzlebench command. One table of subcommands, one lookup. */
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "harness/cmd/commands.h"
#include "harness/io/meta.h"

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
	{ "report", cmd_report, "a run's tables (text, Markdown, CSV) and its page, index.html" },
	{ "check", cmd_check, "grade a file of answers against a dataset" },
	{ "space", cmd_space, "a whole state space: the states at each distance" },
	{ "analyze", cmd_analyze, "a heuristic against the true distance; IDA*'s nodes predicted (KRE)" },
	{ "selftest", cmd_selftest, "check a domain against the domain contract" },
};
#define NSUBCOMMANDS (sizeof(subcommands) / sizeof(subcommands[0]))

static void usage(FILE *out)
{
	fputs("usage: bench <command> [options]\n"
	      "       bench help <command>\n"
	      "       bench --version\n\ncommands:\n", out);
	for (size_t i = 0; i < NSUBCOMMANDS; i++)
		fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
	fputs("\n'bench <command> --help' (or 'bench help <command>') describes each one.\n", out);
}

/* A build from a release tarball has no git to ask: it says so, with the
 * archived commit where 'git archive' wrote it (scripts/revision.cmake). */
static void print_version(void)
{
	const char *rev = meta_git_revision();

	printf("bench (puzzlebench) %s, ", meta_version());
	if (strcmp(meta_source(), "archive"))
		printf("revision %s\n", rev);
	else if (strcmp(rev, "unknown"))
		printf("from a source archive (revision %s)\n", rev);
	else
		puts("from a source archive");
}

static const struct subcommand *find(const char *name)
{
	for (size_t i = 0; i < NSUBCOMMANDS; i++)
		if (!strcmp(name, subcommands[i].name))
			return &subcommands[i];
	return NULL;
}

/* 'bench help [COMMAND]': the command's own --help. */
static int help(int argc, char **argv)
{
	char flag[] = "--help";
	const struct subcommand *s;
	char *args[3];

	if (argc < 3) {
		usage(stdout);
		return PB_EXIT_OK;
	}
	s = find(argv[2]);
	if (!s || argc > 3) {
		fprintf(stderr, s ? "bench: help: one command at a time, not '%s'\n"
			: "bench: help: unknown command '%s' (see 'bench --help')\n",
			s ? argv[3] : argv[2]);
		return PB_EXIT_USAGE;
	}
	args[0] = argv[2];
	args[1] = flag;
	args[2] = NULL;
	return s->run(2, args);
}

/* Memory a solve gives back stays in the process for the next solve:
 * glibc would otherwise return a freed block of 128 KiB or more (and the
 * free top of the heap) to the system, and the next solve would fault the
 * same pages in again, zeroed by the kernel, at a cost that has nothing
 * to do with the algorithm (30 faults and two thirds of the time of a
 * 400-node A* on 12 pancakes). Blocks of 32 MiB or more (the most glibc
 * lets the threshold be) are still mapped and unmapped one by one, and
 * up to 1 GiB of free heap is kept. The counting allocator's figures are
 * the same either way; rss_bytes already counts the process's peak. */
static void keep_freed_memory(void)
{
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

int main(int argc, char **argv)
{
	const struct subcommand *s;

	keep_freed_memory();
	if (argc < 2) {
		usage(stderr);
		return PB_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return PB_EXIT_OK;
	}
	if (!strcmp(argv[1], "help"))
		return help(argc, argv);
	if (!strcmp(argv[1], "--version")) {
		print_version();
		return ferror(stdout) ? PB_EXIT_USAGE : PB_EXIT_OK;
	}
	s = find(argv[1]);
	if (s)
		return s->run(argc - 1, argv + 1);
	fprintf(stderr, "bench: unknown command '%s' (see 'bench --help')\n", argv[1]);
	return PB_EXIT_USAGE;
}
