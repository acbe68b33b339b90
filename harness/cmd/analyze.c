/* bench analyze: a heuristic against the true distance h*, over every state
 * of a space whose table fits or over a dataset's instances, and the nodes
 * IDA* expands as Korf, Reid and Edelkamp's formula predicts them from the
 * heuristic's distribution, beside what idastar expands
 * (algorithms/analysis/kre.h says what is predicted and what is counted).
 *
 * Writes DIR/heuristic.csv (hstar,h,states: the joint distribution, the
 * cells that hold states), DIR/prediction.csv (a row an instance, or an
 * h* in the whole space) and, with --charts, DIR/charts/ (a heat map of h
 * against h*; predicted against measured nodes).
 *
 * The command's options, its domain, dataset and heuristic, and the order
 * of its steps are here; the starts and their measures in
 * analyze_measure.c, what it prints in analyze_print.c, its files and
 * charts in analyze_write.c (analyze_int.h, what they share). */
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cmd/analyze_int.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/engine/signals.h"
#include "harness/io/units.h"

/* The whole space takes a byte a state for its distances, as 'bench gen
 * --method depth' does: boards of up to 12 cells (239.5 MB). */
#define TABLE_MAX_STATES (PB_F12 / 2)
/* Defaults: states of the sample of the equilibrium distribution where no
 * table fits; the seed. */
#define DEFAULT_SAMPLES 1000000ULL
#define DEFAULT_SEED 1
#define MAX_SAMPLES 1000000000ULL
#define MAX_PER_DEPTH 1000000ULL
/* The uniformly random starts of --thresholds. */
#define DEFAULT_RANDOM 1000
#define MAX_RANDOM 100000000ULL

static void usage(FILE *out)
{
	fputs("usage: bench analyze --domain D [--heuristic H] [-o DIR] [options]\n"
	      "       bench analyze --dataset FILE [--heuristic H] [-o DIR] [options]\n"
	      "\n"
	      "Compare heuristic H with the true distance h*: over every state of D's\n"
	      "goal class (boards of up to 12 cells: a byte a state), or over the\n"
	      "instances of a dataset with reference lengths. Prints the distributions\n"
	      "of h* and h, the mean of h/h*, how often h = h*, and the nodes IDA*\n"
	      "expands as Korf, Reid & Edelkamp's formula (Artificial Intelligence 129,\n"
	      "2001) predicts them from the distribution of h (by the blank's cell),\n"
	      "beside the nodes idastar expands with H.\n"
	      "\n"
	      "Whole space: h* from a breadth-first search, every state's h, and IDA*\n"
	      "measured on a seeded sample of states at each h*. Dataset: h* from the\n"
	      "references, IDA* run on its instances; the distribution of h over every\n"
	      "state where a table fits, else over a seeded uniform sample of states.\n"
	      "\n"
	      "options:\n"
	      "  -d, --domain D       the domain (see 'bench list'); with --dataset, the\n"
	      "                       dataset's\n"
	      "  -g, --goal G         another goal (tiles; whole space)\n"
	      "      --dataset FILE   analyse the instances of FILE (every one with its\n"
	      "                       optimal length)\n"
	      "      --heuristic H    the heuristic (default: the domain's, as 'bench list')\n"
	      "  -o, --output DIR     write DIR/heuristic.csv (hstar,h,states) and\n"
	      "                       DIR/prediction.csv\n"
	      "      --measure N      N states at each h* (whole space; default 5), the\n"
	      "                       first N instances (dataset; default all): their\n"
	      "                       runs of idastar, each beside its prediction\n"
	      "      --no-measure     run no idastar: predict only (--thresholds still\n"
	      "                       runs its iterations)\n"
	      "      --complete       also run each measured start's iterations to their\n"
	      "                       ends (what the formula counts; the last iteration\n"
	      "                       is whole, where idastar stops at the goal)\n"
	      "      --thresholds A..B  also the iterations at thresholds A, A+step, ... B,\n"
	      "                       each run to its end, the mean over uniformly random\n"
	      "                       starts, beside the formula's E: what it predicts\n"
	      "                       exactly on average (DIR/thresholds.csv)\n"
	      "      --random N       those starts (default 1000)\n"
	      "  -t, --time-limit S   seconds for each measured start (default: none)\n"
	      "      --samples N      states of the sample where no table fits (default\n"
	      "                       1000000)\n"
	      "      --seed N         seed of the samples and of the states chosen\n"
	      "                       (default 1)\n"
	      "  -j, --threads N      threads of the sweep over every state (default: one\n"
	      "                       a processor, up to 64)\n"
	      "      --pdb-cache DIR  where pattern databases are kept\n"
	      "      --charts         draw DIR/charts/heuristic and prediction (png, svg)\n"
	      "      --gnuplot PATH   the gnuplot to run (default: gnuplot)\n"
	      "  -q, --quiet          leave out the distributions (the summary and the\n"
	      "                       tables stay)\n"
	      "  -h, --help           show this and exit\n", out);
}

/* "bench analyze: ..." on standard error; the exit status of bad input. */
int analyze_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("bench " CMD ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return PB_EXIT_USAGE;
}

/* The exit status for a search that stopped with ST (said why). */
int analyze_stopped(const analysis *a, pb_status st, const char *what, const char *message)
{
	if (st == PB_STOPPED)
		return EXIT_SIGNAL_BASE + *a->stop;
	analyze_fail("%s: %s: %s%s%s", a->d->name, what, pb_status_name(st), *message ? ": " : "",
		     message);
	return PB_EXIT_USAGE;
}

static int parse_options(int argc, char **argv, analyze_options *o)
{
	enum { OPT_DATASET = 256, OPT_HEURISTIC, OPT_MEASURE, OPT_NO_MEASURE, OPT_COMPLETE,
	       OPT_THRESHOLDS, OPT_RANDOM, OPT_SAMPLES, OPT_SEED, OPT_CACHE, OPT_CHARTS,
	       OPT_GNUPLOT };
	static const struct option longopts[] = {
		{ "domain", required_argument, NULL, 'd' },
		{ "goal", required_argument, NULL, 'g' },
		{ "dataset", required_argument, NULL, OPT_DATASET },
		{ "heuristic", required_argument, NULL, OPT_HEURISTIC },
		{ "output", required_argument, NULL, 'o' },
		{ "measure", required_argument, NULL, OPT_MEASURE },
		{ "no-measure", no_argument, NULL, OPT_NO_MEASURE },
		{ "complete", no_argument, NULL, OPT_COMPLETE },
		{ "thresholds", required_argument, NULL, OPT_THRESHOLDS },
		{ "random", required_argument, NULL, OPT_RANDOM },
		{ "time-limit", required_argument, NULL, 't' },
		{ "samples", required_argument, NULL, OPT_SAMPLES },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "threads", required_argument, NULL, 'j' },
		{ "pdb-cache", required_argument, NULL, OPT_CACHE },
		{ "charts", no_argument, NULL, OPT_CHARTS },
		{ "gnuplot", required_argument, NULL, OPT_GNUPLOT },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	uint64_t n;
	int c;

	*o = (analyze_options){ .samples = DEFAULT_SAMPLES, .seed = DEFAULT_SEED,
				.random = DEFAULT_RANDOM, .gnuplot = "gnuplot" };
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:g:o:t:j:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': o->domain = optarg; break;
		case 'g': o->goal = optarg; break;
		case 'o': o->out = optarg; break;
		case OPT_DATASET: o->dataset = optarg; break;
		case OPT_HEURISTIC: o->heuristic = optarg; break;
		case OPT_MEASURE:
			if (units_parse_count(optarg, 0, MAX_PER_DEPTH, &o->measure))
				return cmdline_bad_usage(CMD, "--measure '%s' is not a count", optarg);
			o->measure_given = true;
			break;
		case OPT_NO_MEASURE: o->no_measure = true; break;
		case OPT_COMPLETE: o->complete = true; break;
		case OPT_THRESHOLDS:
			if (units_parse_range(optarg, 0, PB_KRE_MAX_VALUE, &o->lo, &o->hi))
				return cmdline_bad_usage(CMD, "--thresholds '%s' is not a threshold or a "
							 "range A..B of 0 to %d", optarg, PB_KRE_MAX_VALUE);
			o->thresholds = true;
			break;
		case OPT_RANDOM:
			if (units_parse_count(optarg, 1, MAX_RANDOM, &o->random))
				return cmdline_bad_usage(CMD, "--random '%s' is not a count of 1 to %llu",
							 optarg, (unsigned long long)MAX_RANDOM);
			break;
		case 't':
			if (units_parse_seconds(optarg, &o->time_limit_ns))
				return cmdline_bad_usage(CMD, "--time-limit '%s' is not a duration in "
							 "seconds", optarg);
			break;
		case OPT_SAMPLES:
			if (units_parse_count(optarg, 1, MAX_SAMPLES, &o->samples))
				return cmdline_bad_usage(CMD, "--samples '%s' is not a count of 1 to "
							 "%llu", optarg, (unsigned long long)MAX_SAMPLES);
			break;
		case OPT_SEED:
			if (units_parse_count(optarg, 0, UINT64_MAX, &o->seed))
				return cmdline_bad_usage(CMD, "--seed '%s' is not a number", optarg);
			break;
		case 'j':
			if (units_parse_count(optarg, 1, PB_KRE_MAX_THREADS, &n))
				return cmdline_bad_usage(CMD, "--threads wants 1 to %d, not '%s'",
							 PB_KRE_MAX_THREADS, optarg);
			o->threads = (int)n;
			break;
		case OPT_CACHE: o->cache = optarg; break;
		case OPT_CHARTS: o->charts = true; break;
		case OPT_GNUPLOT: o->gnuplot = optarg; break;
		case 'q': o->quiet = true; break;
		case 'h': usage(stdout); return -1;
		default: return cmdline_bad_option(CMD, c, argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cmdline_bad_usage(CMD, "unexpected argument '%s'", argv[optind]);
	if (!o->domain && !o->dataset)
		return cmdline_bad_usage(CMD, "want a domain (--domain) or a dataset (--dataset)");
	if (o->dataset && o->goal)
		return cmdline_bad_usage(CMD, "--goal does not go with --dataset (the dataset "
					 "names its goal)");
	if (o->no_measure && (o->measure_given || o->complete))
		return cmdline_bad_usage(CMD, "--no-measure does not go with %s",
					 o->complete ? "--complete" : "--measure");
	if (o->charts && !o->out)
		return cmdline_bad_usage(CMD, "--charts wants an output directory (-o DIR)");
	return 0;
}

/* The domain and the dataset: every instance with its optimal length. */
static int setup_domain(analysis *a)
{
	const analyze_options *o = a->o;
	char err[512];

	if (!o->dataset) {
		if (cmdline_domain(CMD, &a->own, o->domain, o->goal))
			return PB_EXIT_USAGE;
		a->d = &a->own;
		return 0;
	}
	if (dataset_load(&a->ds, o->dataset, err, sizeof(err)))
		return analyze_fail("%s", err);
	a->d = &a->ds.domain;
	if (o->domain && strcmp(o->domain, a->d->name)) {
		pb_domain given;

		/* another spelling of the same board ("tiles3x3", "8puzzle") is the same */
		if (pb_domain_init(&given, o->domain, err, sizeof(err)))
			return analyze_fail("%s", err);
		if (strcmp(given.name, a->d->name))
			return analyze_fail("%s: its domain is %s, not %s", o->dataset, a->d->name, o->domain);
	}
	if (!a->ds.count)
		return analyze_fail("%s: no instance", o->dataset);
	for (size_t i = 0; i < a->ds.count; i++) {
		const dataset_instance *in = &a->ds.instances[i];

		if (in->reference < 0)
			return analyze_fail("%s:%u: instance '%s' has %s (analyze compares h with the optimal length)",
					    o->dataset, in->line, in->id,
					    in->reference == DATASET_REF_UNSOLVABLE ? "no solution"
									   : "no reference length");
		if (in->reference > PB_KRE_MAX_VALUE)
			return analyze_fail("%s:%u: instance '%s': a length past %d", o->dataset, in->line,
					    in->id, PB_KRE_MAX_VALUE);
	}
	return 0;
}

/* Whether D's whole space has a table here; the reason it has not into WHY. */
static bool table_fits(const pb_domain *d, char *why, size_t whylen)
{
	char count[40];

	if (d->index_count && d->index_count <= TABLE_MAX_STATES)
		return true;
	snprintf(why, whylen, "%s has %s states: a table of a byte a state fits for up to %llu "
		 "(boards of up to 12 cells)", d->name,
		 pb_cells_decimal(d->state_count, count, sizeof(count)),
		 (unsigned long long)TABLE_MAX_STATES);
	return false;
}

static int setup_heuristic(analysis *a)
{
	char why[256];
	const char *no;
	pb_status st;

	a->cfg.heuristic = a->o->heuristic;
	a->cfg.cache_dir = a->o->cache;
	no = pb_heuristic_supports_config(a->d, &a->cfg, why, sizeof(why));
	if (no)
		return analyze_fail("%s: %s (see 'bench list')", a->d->name, no);
	a->info = pb_heuristic_chosen(a->d, &a->cfg);
	if (!a->info)
		return analyze_fail("%s: no heuristic serves it (see 'bench list')", a->d->name);
	if (!a->o->no_measure) {
		no = pb_solver_supports(&pb_solver_idastar, a->d, &a->cfg, why, sizeof(why));
		if (no)
			return analyze_fail("%s: idastar: %s (give --no-measure)", a->d->name, no);
	}
	st = pb_heur_init(&a->h, a->info, a->d, &a->cfg, &a->hs);
	if (st != PB_SOLVED)
		return analyze_stopped(a, st, a->info->name, a->hs.message);
	a->heur_ready = true;
	if (*a->hs.message)
		fprintf(stderr, "bench " CMD ": %s\n", a->hs.message);
	a->hs.message[0] = '\0';
	a->step = pb_kre_step(&a->h);
	return 0;
}

static int analyze(analysis *a)
{
	const analyze_options *o = a->o;
	char why[256];
	bool fits;
	int rc;

	if ((rc = setup_domain(a)))
		return rc;
	fits = table_fits(a->d, why, sizeof(why));
	if (!o->dataset && !fits)
		return analyze_fail("%s; give --dataset FILE to analyse instances with their lengths", why);
	if ((rc = setup_heuristic(a)) || (rc = analyze_check_output(a)))
		return rc;
	if ((rc = analyze_measure(a, fits)))
		return rc;
	analyze_print(a);
	if (fflush(stdout) || ferror(stdout))
		return PB_EXIT_USAGE;
	if ((rc = analyze_write_all(a)))
		return rc;
	return a->wrong ? PB_EXIT_CHECK : PB_EXIT_OK;
}

static void release(analysis *a)
{
	pb_kre_tree_release(&a->tree);
	if (a->joint != a->space.joint)
		free(a->joint);
	pb_kre_space_release(&a->space);
	pb_free(a->dist);
	if (a->heur_ready)
		pb_heur_release(&a->h);
	free(a->sample);
	free(a->starts);
	free(a->rows);
	free(a->thresholds);
	dataset_release(&a->ds);
}

int cmd_analyze(int argc, char **argv)
{
	analyze_options o;
	analysis a;
	int rc = parse_options(argc, argv, &o);

	if (rc)
		return rc < 0 ? PB_EXIT_OK : rc;
	memset(&a, 0, sizeof(a));
	a.o = &o;
	a.stop = signals_catch();
	pb_search_init(&a.hs, 0, 0, a.stop);
	rc = analyze(&a);
	release(&a);
	signals_restore();
	return rc;
}
