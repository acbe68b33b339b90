/* bench list: the solvers (and the domains each serves), the domains, the
 * heuristics. */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/solver.h"
#include "harness/cmd/commands.h"

#define CMD "list"

/* Domains shown in the 'serves' column: each board size a solver might
 * draw a line at, and Magic Squares. */
static const char *const sample_domains[] = {
	"tiles2x2", "8puzzle", "tiles2x5", "tiles3x4", "15puzzle", "24puzzle", "msquare",
};
#define NSAMPLES (sizeof(sample_domains) / sizeof(sample_domains[0]))

static void usage(FILE *out)
{
	fputs("usage: bench list [-h]\n"
	      "\n"
	      "List the solvers (each with the sample domains it serves and why it\n"
	      "does not serve the others), the domains and the heuristics, by the\n"
	      "names 'bench run', 'bench verify' and 'bench solve' take.\n"
	      "\n"
	      "options:\n"
	      "  -h, --help   show this and exit\n", out);
}

/* Print why S does not serve the sample domains: one line when the reason
 * is the same for all of them. */
static void print_refusals(const pb_solver *s, const pb_domain *domains, bool served)
{
	pb_config cfg = { 0 };
	char why[160], first[160] = "";
	bool same = true;

	for (size_t k = 0; k < NSAMPLES; k++) {
		const char *no = domains[k].name[0] ? s->supports(&domains[k], &cfg, why, sizeof(why)) : NULL;

		if (!no)
			continue;
		if (!first[0])
			snprintf(first, sizeof(first), "%s", no);
		else if (strcmp(first, no))
			same = false;
	}
	if (!served && same) {
		printf("  %-14s serves none: %s\n", "", first);
		return;
	}
	for (size_t k = 0; k < NSAMPLES; k++) {
		const char *no = domains[k].name[0] ? s->supports(&domains[k], &cfg, why, sizeof(why)) : NULL;

		if (no)
			printf("  %-14s not %s: %s\n", "", domains[k].name, no);
	}
}

static void list_solvers(void)
{
	pb_domain domains[NSAMPLES];
	pb_config cfg = { 0 };
	char why[160], err[160];

	for (size_t i = 0; i < NSAMPLES; i++)
		if (pb_domain_init(&domains[i], sample_domains[i], err, sizeof(err)))
			domains[i].name[0] = '\0';
	puts("solvers (the default for a domain is the first listed that serves it):");
	for (size_t i = 0; i < pb_solver_count; i++) {
		const pb_solver *s = pb_solvers[i];
		bool served = false;

		printf("  %-14s %s\n", s->name, s->summary);
		for (size_t k = 0; k < NSAMPLES; k++) {
			if (!domains[k].name[0] || s->supports(&domains[k], &cfg, why, sizeof(why)))
				continue;
			printf("%s %s", served ? "" : "                 serves:", domains[k].name);
			served = true;
		}
		if (served)
			putchar('\n');
		print_refusals(s, domains, served);
	}
}

/* The lines of a summary: at most this wide, after the name's column. */
#define SUMMARY_WIDTH 60

/* TEXT in lines of at most SUMMARY_WIDTH, broken at spaces, each after
 * the name's column (the first line after NAME). */
static void print_wrapped(const char *name, const char *text)
{
	printf("  %-14s ", name);
	while (*text) {
		size_t n = strlen(text), cut = n;

		if (n > SUMMARY_WIDTH) {
			cut = SUMMARY_WIDTH;
			while (cut && text[cut] != ' ')
				cut--;
			if (!cut)
				cut = SUMMARY_WIDTH;
		}
		printf("%.*s\n", (int)cut, text);
		text += cut;
		while (*text == ' ')
			text++;
		if (*text)
			printf("  %-14s ", "");
	}
}

static void list_domains(void)
{
	puts("\ndomains:");
	for (size_t i = 0; i < pb_domain_list_count; i++)
		print_wrapped(pb_domain_list[i].name, pb_domain_list[i].summary);
}

static void list_heuristics(void)
{
	puts("\nheuristics (for the informed solvers; the first is the default):");
	for (size_t i = 0; i < pb_heuristic_count; i++)
		printf("  %-14s %s\n", pb_heuristics[i].name, pb_heuristics[i].summary);
}

int cmd_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return PB_EXIT_OK;
		}
		fprintf(stderr, "bench " CMD ": unknown option '%s' (see 'bench " CMD " --help')\n",
			argv[optind - 1]);
		return PB_EXIT_USAGE;
	}
	if (optind < argc) {
		fprintf(stderr, "bench " CMD ": unexpected argument '%s' (see 'bench " CMD " --help')\n",
			argv[optind]);
		return PB_EXIT_USAGE;
	}
	list_solvers();
	list_domains();
	list_heuristics();
	return ferror(stdout) ? PB_EXIT_USAGE : PB_EXIT_OK;
}
