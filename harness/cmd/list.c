/* bench list: the solvers (and the domains each serves), the domains, the
 * heuristics. */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/puzzles/family.h"
#include "algorithms/solvers/solver.h"
#include "harness/cmd/commands.h"
#include "harness/engine/outside.h"
#include "harness/engine/runner.h"

#define CMD "list"

/* Domains shown in the 'serves' column: each family's smallest member
 * (where it names its smallest) and its example (family.h). */
#define SAMPLES_MAX (2 * (PB_FAMILY_ADDED_MAX + 16))
static size_t nsamples;
#define NSAMPLES nsamples

static void usage(FILE *out)
{
	fputs("usage: bench list [--plugin FILE.so] [-h]\n"
	      "\n"
	      "List the solvers (each with the sample domains it serves and why it\n"
	      "does not serve the others, and its parameters: their choices or\n"
	      "range and default), the domains and the heuristics, by the names\n"
	      "'bench run', 'bench verify' and 'bench solve' take.\n"
	      "\n"
	      "options:\n"
	      OUTSIDE_PLUGIN_USAGE
	      "  -h, --help               show this and exit\n", out);
}

/* Print why S does not serve the sample domains: one line when the reason
 * is the same for all of them. */
static void print_refusals(const pb_solver *s, const pb_domain *domains, bool served)
{
	pb_config cfg = { 0 };
	char why[160], first[160] = "";
	bool same = true;

	for (size_t k = 0; k < NSAMPLES; k++) {
		const char *no = domains[k].name[0] ? runner_refusal(s, &domains[k], &cfg, why, sizeof(why)) : NULL;

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
		const char *no = domains[k].name[0] ? runner_refusal(s, &domains[k], &cfg, why, sizeof(why)) : NULL;

		if (no)
			printf("  %-14s not %s: %s\n", "", domains[k].name, no);
	}
}

/* The heuristics S takes, on one line; for a blind solver, that it takes
 * none. */
static void print_heuristics(const pb_solver *s)
{
	bool first = true;

	if (!pb_solver_informed(s)) {
		printf("%-17stakes no heuristic: runs once, whatever --heuristic lists\n", "");
		return;
	}
	for (size_t i = 0; i < pb_heuristic_count; i++) {
		if (!(s->heuristics & PB_HEURISTIC_BIT(pb_heuristics[i].kind)))
			continue;
		printf("%s %s", first ? "                 takes heuristics (one run each):" : "",
		       pb_heuristics[i].name);
		first = false;
	}
	if (!first)
		putchar('\n');
}

/* What S promises of its answers' lengths, where not optimal. */
static void print_guarantee(const pb_solver *s)
{
	if (s->guarantee == PB_GUARANTEE_BOUNDED && s->bound_param)
		printf("%-17sanswers at most %s times optimal%s%s\n", "", s->bound_param,
		       s->anytime ? "; anytime: betters its answer until it is optimal" : "",
		       s->incomplete ? "; may find none" : "");
	else if (s->guarantee == PB_GUARANTEE_BOUNDED)
		printf("%-17sanswers at most %g times optimal\n", "", s->bound);
	else if (s->guarantee == PB_GUARANTEE_NONE)
		printf("%-17sanswers of any length (no bound)%s\n", "",
		       s->incomplete ? "; may find none" : "");
}

/* The parameters S takes, a line each: "parameter ties=low|high (default
 * high): ..."; an outside program's, that it takes any. */
static void print_params(const pb_solver *s)
{
	char takes[160];

	if (s->any_params) {
		printf("%-17stakes any parameter (-a %s:KEY=VALUE), in its environment as "
		       "PB_PARAM_KEY\n", "", s->name);
		return;
	}
	for (int i = 0; s->params && i < PB_MAX_PARAMS && s->params[i].key; i++) {
		const pb_param *p = &s->params[i];

		printf("%-17sparameter %s=%s (default %s)%s%s\n", "", p->key,
		       pb_param_takes(p, takes, sizeof(takes)), p->def,
		       p->summary && *p->summary ? ": " : "", p->summary ? p->summary : "");
	}
}

/* The sample domains into DOMAINS (room for SAMPLES_MAX), each once. */
static void init_samples(pb_domain *domains)
{
	char err[160];

	nsamples = 0;
	for (size_t i = 0; i < pb_family_count() && nsamples + 2 <= SAMPLES_MAX; i++) {
		const pb_family *f = pb_family_at(i);
		const char *names[] = { f->smallest ? f->smallest[0] : NULL, f->example };

		for (size_t k = 0; k < 2; k++) {
			bool seen = !names[k];

			for (size_t j = 0; j < nsamples && !seen; j++)
				seen = !strcmp(domains[j].name, names[k]);
			if (!seen && !pb_domain_init(&domains[nsamples], names[k], err, sizeof(err)))
				nsamples++;
		}
	}
}

/* One solver: its line, the sample domains it serves, why not the others,
 * the heuristics it takes. */
static void list_solver(const pb_solver *s, const pb_domain *domains)
{
	pb_config cfg = { 0 };
	char why[160];
	bool served = false;

	printf("  %-14s %s\n", s->name, s->summary);
	for (size_t k = 0; k < NSAMPLES; k++) {
		if (!domains[k].name[0] || runner_refusal(s, &domains[k], &cfg, why, sizeof(why)))
			continue;
		printf("%s %s", served ? "" : "                 serves:", domains[k].name);
		served = true;
	}
	if (served)
		putchar('\n');
	print_refusals(s, domains, served);
	print_heuristics(s);
	print_params(s);
	print_guarantee(s);
}

static void list_solvers(const pb_domain *domains)
{
	puts("solvers (the default for a domain is the first listed that serves it;\n"
	     "-a NAME:KEY=VALUE runs one with a parameter set, a series of its own):");
	for (size_t i = 0; i < pb_solver_count; i++)
		list_solver(pb_solvers[i], domains);
	if (outside_count())
		puts("\nsolvers from plugins:");
	for (size_t i = 0; i < outside_count(); i++)
		list_solver(outside_solver(i), domains);
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
	puts("\ndomains (families: a name of each pattern; 'bench selftest -d NAME' checks one):");
	for (size_t i = 0; i < pb_family_count(); i++) {
		const pb_family *f = pb_family_at(i);
		char line[600];

		snprintf(line, sizeof(line), "%s. E.g. %s: '%s'. Solvable: %s. Index: %s.%s",
			 f->summary, f->example, f->example_puzzle,
			 f->solvability ? f->solvability : "no rule (only an exhaustive search says unsolvable)",
			 f->index ? f->index : "none", f->plugin ? " (a plugin's)" : "");
		print_wrapped(f->pattern, line);
	}
}

/* The sample domains heuristic H serves, on one line. */
static void print_served(const pb_heuristic_info *h, const pb_domain *domains)
{
	char why[160];
	bool first = true;

	for (size_t k = 0; k < NSAMPLES; k++) {
		if (!domains[k].name[0] || pb_heuristic_supports(h, &domains[k], why, sizeof(why)))
			continue;
		printf("%s %s", first ? "                 serves:" : "", domains[k].name);
		first = false;
	}
	puts(first ? "                 serves none of the sample domains" : "");
}

static void list_heuristics(const pb_domain *domains)
{
	puts("\nheuristics (for the informed solvers; --heuristic takes a list, and each\n"
	     "informed solver runs once with each that serves the dataset's domain;\n"
	     "the default is the first listed that serves it):");
	for (size_t i = 0; i < pb_heuristic_count; i++) {
		printf("  %-14s %s\n", pb_heuristics[i].name, pb_heuristics[i].summary);
		print_served(&pb_heuristics[i], domains);
	}
	for (size_t i = 0; i < pb_heuristic_added_count(); i++) {
		const pb_heuristic_info *h = pb_heuristic_added(i);

		printf("  %-14s %s (plugin; the family %s)\n", h->name, h->summary, h->family->pattern);
		print_served(h, domains);
	}
}

int cmd_list(int argc, char **argv)
{
	enum { OPT_OUTSIDE = 256 };
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		OUTSIDE_PLUGIN_LONGOPT(OPT_OUTSIDE),
		{ 0 },
	};
	pb_domain *domains;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return PB_EXIT_OK;
		}
		if (c == OPT_OUTSIDE + OUTSIDE_PLUGIN) {
			if (outside_option(OUTSIDE_PLUGIN, optarg, CMD))
				return PB_EXIT_USAGE;
			continue;
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
	/* the sample domains, set up once for the solvers and the heuristics,
	 * on the heap: as static arrays they were 10 MB of every bench's
	 * image, which the leak checker of a sanitizer build reads at each
	 * exit */
	domains = calloc(SAMPLES_MAX, sizeof(*domains));
	if (!domains) {
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return PB_EXIT_CHECK;
	}
	init_samples(domains);
	list_solvers(domains);
	list_domains();
	list_heuristics(domains);
	free(domains);
	return ferror(stdout) ? PB_EXIT_USAGE : PB_EXIT_OK;
}
