/* bench analyze: a heuristic against the true distance h*, over every state
 * of a space whose table fits or over a dataset's instances, and the nodes
 * IDA* expands as Korf, Reid and Edelkamp's formula predicts them from the
 * heuristic's distribution, beside what idastar expands
 * (algorithms/analysis/kre.h says what is predicted and what is counted).
 *
 * Writes DIR/heuristic.csv (hstar,h,states: the joint distribution, the
 * cells that hold states), DIR/prediction.csv (a row an instance, or an
 * h* in the whole space) and, with --charts, DIR/charts/ (a heat map of h
 * against h*; predicted against measured nodes). */
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algorithms/analysis/kre.h"
#include "algorithms/core/clock.h"
#include "algorithms/core/rank.h"
#include "algorithms/puzzles/distances.h"
#include "algorithms/solvers/registry.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/engine/signals.h"
#include "harness/io/dataset.h"
#include "harness/io/outfile.h"
#include "harness/io/prng.h"
#include "harness/io/progress.h"
#include "harness/io/units.h"
#include "harness/report/charts_draw.h"
#include "harness/report/gnuplot.h"

#define CMD "analyze"
/* The whole space takes a byte a state for its distances, as 'bench gen
 * --method depth' does: boards of up to 12 cells (239.5 MB). */
#define TABLE_MAX_STATES (PB_F12 / 2)
/* Defaults: states measured at each h* of a whole space; states of the
 * sample of the equilibrium distribution where no table fits; the seed. */
#define DEFAULT_PER_DEPTH 5
#define DEFAULT_SAMPLES 1000000ULL
#define DEFAULT_SEED 1
#define MAX_SAMPLES 1000000000ULL
#define MAX_PER_DEPTH 1000000ULL
/* The uniformly random starts of --thresholds. */
#define DEFAULT_RANDOM 1000
#define MAX_RANDOM 100000000ULL
/* The exit status of a command a signal stopped: 128 + its number. */
#define EXIT_SIGNAL_BASE 128

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
	      "                       a processor, up to 8)\n"
	      "      --pdb-cache DIR  where pattern databases are kept\n"
	      "      --charts         draw DIR/charts/heuristic and prediction (png, svg)\n"
	      "      --gnuplot PATH   the gnuplot to run (default: gnuplot)\n"
	      "  -q, --quiet          leave out the distributions (the summary and the\n"
	      "                       tables stay)\n"
	      "  -h, --help           show this and exit\n", out);
}

typedef struct analyze_options {
	const char *domain, *goal, *dataset, *heuristic, *out, *cache, *gnuplot;
	uint64_t samples, seed, measure, time_limit_ns, random, lo, hi;
	bool measure_given, no_measure, complete, charts, quiet, thresholds;
	int threads;
} analyze_options;

/* A row of the table: an instance, or the states sampled at one h*. */
typedef struct analyze_row {
	char name[DATASET_MAX_ID + 1];
	int hstar;
	uint64_t states;    /* whole space: the states at this h*; else 1 */
	size_t first, n;    /* its starts, starts[first..first+n) */
	double h;           /* the starts' mean h */
	double predicted;   /* mean */
	double measured;    /* mean over the starts measured, idastar's expanded */
	double complete;    /* mean, the iterations run to their ends */
	size_t measured_n, complete_n;
} analyze_row;

/* A start: its state, h*, h, and what was predicted and measured. */
typedef struct analyze_start {
	pb_state state;
	int hstar, h;
	double predicted;
	uint64_t measured, complete;
	bool has_measured, has_complete;
} analyze_start;

/* A threshold of --thresholds: sums over the random starts that finished
 * it. */
typedef struct analyze_threshold {
	int threshold;
	double predicted, measured;
	size_t n;
} analyze_threshold;

typedef struct analysis {
	const analyze_options *o;
	const volatile sig_atomic_t *stop;
	pb_domain own;
	dataset ds;
	const pb_domain *d;
	pb_config cfg;
	const pb_heuristic_info *info;
	pb_heur h;
	bool heur_ready;
	pb_search hs; /* the heuristic's, the distances' and the sweep's meter */
	uint8_t *dist;
	pb_kre_space space;  /* every state: the joint (whole space) and P */
	pb_kre_values *sample;
	bool sampled;        /* P from a sample */
	uint64_t *joint;     /* the joint to write: the space's or the instances' */
	int hstar_max;
	pb_kre_tree tree;
	int step;
	analyze_start *starts;
	size_t nstarts;
	analyze_row *rows;
	size_t nrows;
	analyze_threshold *thresholds;
	size_t nthresholds;
	bool wrong;          /* idastar's answer disagreed with h* */
	uint64_t sweep_ns, dist_ns;
} analysis;

static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "bench analyze: ..." on standard error; the exit status of bad input. */
static int fail(const char *fmt, ...)
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
static int stopped(const analysis *a, pb_status st, const char *what, const char *message)
{
	if (st == PB_STOPPED)
		return EXIT_SIGNAL_BASE + *a->stop;
	fail("%s: %s: %s%s%s", a->d->name, what, pb_status_name(st), *message ? ": " : "",
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
		case ':': return cmdline_bad_usage(CMD, "'%s' wants a value", argv[optind - 1]);
		default: return cmdline_bad_usage(CMD, "unknown option '%s'", argv[optind - 1]);
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
		return fail("%s", err);
	a->d = &a->ds.domain;
	if (o->domain && strcmp(o->domain, a->d->name)) {
		pb_domain given;

		/* another spelling of the same board ("tiles3x3", "8puzzle") is the same */
		if (pb_domain_init(&given, o->domain, err, sizeof(err)))
			return fail("%s", err);
		if (strcmp(given.name, a->d->name))
			return fail("%s: its domain is %s, not %s", o->dataset, a->d->name, o->domain);
	}
	if (!a->ds.count)
		return fail("%s: no instance", o->dataset);
	for (size_t i = 0; i < a->ds.count; i++) {
		const dataset_instance *in = &a->ds.instances[i];

		if (in->reference < 0)
			return fail("%s:%u: instance '%s' has %s (analyze compares h with the optimal length)",
				    o->dataset, in->line, in->id,
				    in->reference == DATASET_REF_UNSOLVABLE ? "no solution"
									   : "no reference length");
		if (in->reference > PB_KRE_MAX_VALUE)
			return fail("%s:%u: instance '%s': a length past %d", o->dataset, in->line,
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
		return fail("%s: %s (see 'bench list')", a->d->name, no);
	a->info = pb_heuristic_chosen(a->d, &a->cfg);
	if (!a->info)
		return fail("%s: no heuristic serves it (see 'bench list')", a->d->name);
	if (!a->o->no_measure) {
		no = pb_solver_supports(&pb_solver_idastar, a->d, &a->cfg, why, sizeof(why));
		if (no)
			return fail("%s: idastar: %s (give --no-measure)", a->d->name, no);
	}
	st = pb_heur_init(&a->h, a->info, a->d, &a->cfg, &a->hs);
	if (st != PB_SOLVED)
		return stopped(a, st, a->info->name, a->hs.message);
	a->heur_ready = true;
	if (*a->hs.message)
		fprintf(stderr, "bench " CMD ": %s\n", a->hs.message);
	a->hs.message[0] = '\0';
	a->step = pb_kre_step(&a->h);
	return 0;
}

/* The name of the heuristic as given ("pdb:1-4/5-8"), or the default's. */
static const char *heuristic_name(const analysis *a)
{
	return a->cfg.heuristic ? a->cfg.heuristic : a->info->name;
}

static uint64_t random_below(void *rng, uint64_t n)
{
	return prng_below(rng, n);
}

/* The random streams, each its own so that none depends on how much
 * another drew: the sample of P, the states chosen at each h*, the random
 * starts of --thresholds. */
enum { STREAM_SAMPLE, STREAM_CHOSEN, STREAM_STARTS };

/* Seed RNG for stream K: the K-th word of the stream of --seed. */
static void stream_seed(const analysis *a, int k, prng *rng)
{
	prng master;
	uint64_t word = 0;

	prng_seed(&master, a->o->seed);
	for (int i = 0; i <= k; i++)
		word = prng_next(&master);
	prng_seed(rng, word);
}

/* Every state: distances (whole space only), then the sweep. */
static int sweep_space(analysis *a, bool with_distances)
{
	uint64_t t0 = pb_wall_ns();
	pb_status st;

	if (with_distances) {
		if (isatty(fileno(stderr)))
			fprintf(stderr, "bench " CMD ": %s: every state's distance (a breadth-first "
				"search of %" PRIu64 " states)...\n", a->d->name, a->d->index_count);
		st = pb_distances(a->d, &a->hs, &a->dist);
		if (st != PB_SOLVED)
			return stopped(a, st, "distances", a->hs.message);
		a->dist_ns = pb_wall_ns() - t0;
		t0 = pb_wall_ns();
	}
	st = pb_kre_sweep(&a->space, &a->h, a->dist, a->o->threads, &a->hs);
	if (st != PB_SOLVED)
		return stopped(a, st, "sweep", a->hs.message);
	a->sweep_ns = pb_wall_ns() - t0;
	return 0;
}

static int sample_space(analysis *a)
{
	prng rng;
	pb_random r = { random_below, &rng };
	pb_status st;

	stream_seed(a, STREAM_SAMPLE, &rng);
	a->sample = calloc(1, sizeof(*a->sample));
	if (!a->sample)
		return fail("out of memory");
	st = pb_kre_sample(a->sample, &a->h, &r, a->o->samples, &a->hs);
	if (st != PB_SOLVED)
		return stopped(a, st, "sample", a->hs.message);
	a->sampled = true;
	return 0;
}

/* The equilibrium distribution P in use. */
static const pb_kre_values *values_of(const analysis *a)
{
	return a->sampled ? a->sample : &a->space.values;
}

/* Whole space: N states at each h*, chosen by Knuth's selection sampling
 * (TAOCP vol. 2, 3.4.2, Algorithm S) in one pass over the index, a state
 * at h* = k taken with probability needed[k] / remaining[k]; a row for
 * each h*. */
static int choose_states(analysis *a)
{
	uint64_t count[PB_KRE_VALUES] = { 0 }, needed[PB_KRE_VALUES];
	size_t slot[PB_KRE_VALUES + 1] = { 0 };
	uint64_t per = a->o->measure_given ? a->o->measure : DEFAULT_PER_DEPTH;
	prng rng;

	for (int k = 0; k <= a->hstar_max; k++)
		for (int v = 0; v <= a->space.values.hmax; v++)
			count[k] += a->joint[(size_t)k * PB_KRE_VALUES + (size_t)v];
	for (int k = 0; k <= a->hstar_max; k++) {
		needed[k] = count[k] < per ? count[k] : per;
		slot[k + 1] = slot[k] + needed[k];
	}
	a->nstarts = slot[a->hstar_max + 1];
	a->nrows = (size_t)(a->hstar_max > 0 ? a->hstar_max : 0) + 1;
	a->starts = calloc(a->nstarts ? a->nstarts : 1, sizeof(*a->starts));
	a->rows = calloc(a->nrows, sizeof(*a->rows));
	if (!a->starts || !a->rows)
		return fail("out of memory");
	for (int k = 0; k <= a->hstar_max; k++) {
		analyze_row *r = &a->rows[k];

		snprintf(r->name, sizeof(r->name), "d%d", k);
		r->hstar = k;
		r->states = count[k];
		r->first = slot[k];
		r->n = needed[k];
	}
	stream_seed(a, STREAM_CHOSEN, &rng);
	for (uint64_t i = 0; i < a->d->index_count && per; i++) {
		unsigned k = a->dist[i];

		if (needed[k] && prng_below(&rng, count[k]) < needed[k]) {
			analyze_start *s = &a->starts[slot[k + 1] - needed[k]];

			pb_unindex(a->d, i, &s->state);
			s->hstar = (int)k;
			s->h = (int)pb_heur_value(&a->h, &s->state);
			needed[k]--;
		}
		count[k]--;
	}
	return 0;
}

/* Dataset: a row and a start for each instance, and their joint. */
static int take_instances(analysis *a)
{
	a->nstarts = a->nrows = a->ds.count;
	a->starts = calloc(a->nstarts, sizeof(*a->starts));
	a->rows = calloc(a->nrows, sizeof(*a->rows));
	a->joint = calloc((size_t)PB_KRE_VALUES * PB_KRE_VALUES, sizeof(*a->joint));
	if (!a->starts || !a->rows || !a->joint)
		return fail("out of memory");
	for (size_t i = 0; i < a->ds.count; i++) {
		const dataset_instance *in = &a->ds.instances[i];
		analyze_start *s = &a->starts[i];
		analyze_row *r = &a->rows[i];
		unsigned hv = pb_heur_value(&a->h, &in->state);

		if (hv > PB_KRE_MAX_VALUE)
			return fail("%s:%u: instance '%s': h is %u, past %d", a->o->dataset, in->line,
				    in->id, hv, PB_KRE_MAX_VALUE);
		s->state = in->state;
		s->hstar = in->reference;
		s->h = (int)hv;
		snprintf(r->name, sizeof(r->name), "%s", in->id);
		r->hstar = in->reference;
		r->states = 1;
		r->first = i;
		r->n = 1;
		a->joint[(size_t)s->hstar * PB_KRE_VALUES + hv]++;
		if (s->hstar > a->hstar_max)
			a->hstar_max = s->hstar;
	}
	return 0;
}

static int build_tree(analysis *a)
{
	int depth = a->o->thresholds && (int)a->o->hi > a->hstar_max ? (int)a->o->hi : a->hstar_max;
	pb_status st = pb_kre_tree_build(&a->tree, a->d, depth, &a->hs.meter);

	if (st != PB_SOLVED)
		return stopped(a, st, "the brute-force tree", a->hs.message);
	for (size_t i = 0; i < a->nstarts; i++) {
		analyze_start *s = &a->starts[i];

		s->predicted = pb_kre_run(&a->tree, values_of(a), s->state.cls, s->h, s->hstar,
					  a->step);
	}
	return 0;
}

/* Which starts are measured: the whole space's sample, or a dataset's
 * first N instances. */
static size_t starts_measured(const analysis *a)
{
	if (a->o->no_measure)
		return 0;
	if (a->o->dataset && a->o->measure_given)
		return a->o->measure < a->nstarts ? (size_t)a->o->measure : a->nstarts;
	return a->nstarts;
}

/* idastar on START (and, with --complete, the iterations to their ends). */
static int measure_start(analysis *a, void *ctx, analyze_start *s, size_t which)
{
	const char *name = a->o->dataset ? a->ds.instances[which].id : "a sampled state";
	pb_search ss;
	pb_path path;
	pb_status st;

	pb_search_init(&ss, 0, a->o->time_limit_ns, a->stop);
	st = pb_solver_idastar.solve(ctx, &s->state, &ss, &path);
	if (st == PB_STOPPED)
		return EXIT_SIGNAL_BASE + *a->stop;
	if (st == PB_SOLVED) {
		s->measured = ss.expanded;
		s->has_measured = true;
		if (path.length != s->hstar) {
			char text[PB_STATE_TEXT_MAX];

			pb_format(a->d, &s->state, text, sizeof(text));
			fprintf(stderr, "bench " CMD ": %s (%s): idastar's answer has %d moves, h* is %d\n",
				name, text, path.length, s->hstar);
			a->wrong = true;
		}
	} else if (st != PB_TIMEOUT) {
		fprintf(stderr, "bench " CMD ": %s: idastar: %s%s%s\n", name, pb_status_name(st),
			*ss.message ? ": " : "", ss.message);
	}
	if (!a->o->complete)
		return 0;
	pb_search_init(&ss, 0, a->o->time_limit_ns, a->stop);
	st = pb_kre_complete_run(&a->h, &s->state, s->hstar, &ss, &s->complete);
	if (st == PB_STOPPED)
		return EXIT_SIGNAL_BASE + *a->stop;
	s->has_complete = st == PB_SOLVED;
	return 0;
}

static int measure(analysis *a)
{
	size_t n = starts_measured(a), timeouts = 0;
	pb_search prep;
	progress p;
	void *ctx = NULL;
	pb_status st;
	int rc = 0;

	if (!n)
		return 0;
	pb_search_init(&prep, 0, 0, a->stop);
	st = pb_solver_prepare(&pb_solver_idastar, a->d, &a->cfg, &prep, &ctx);
	if (st != PB_SOLVED)
		return stopped(a, st, "idastar", prep.message);
	progress_start(&p, "starts", n);
	for (size_t i = 0; i < n && !rc; i++) {
		rc = measure_start(a, ctx, &a->starts[i], i);
		timeouts += !a->starts[i].has_measured ||
			    (a->o->complete && !a->starts[i].has_complete);
		progress_tick(&p, 1);
	}
	progress_end(&p);
	pb_solver_idastar.release(ctx);
	if (timeouts && !rc)
		fprintf(stderr, "bench " CMD ": %zu start%s not measured within the time limit "
			"(left out of the means)\n", timeouts, timeouts == 1 ? "" : "s");
	return rc;
}

/* --thresholds: each random start's iterations at the thresholds, run to
 * their ends, beside E at its class; a start out of time leaves the
 * thresholds it did not finish. */
static int measure_thresholds(analysis *a)
{
	const analyze_options *o = a->o;
	size_t timeouts = 0;
	progress p;
	prng rng;
	pb_random r = { random_below, &rng };

	if (!o->thresholds)
		return 0;
	stream_seed(a, STREAM_STARTS, &rng);
	a->nthresholds = (size_t)((o->hi - o->lo) / (uint64_t)a->step) + 1;
	a->thresholds = calloc(a->nthresholds, sizeof(*a->thresholds));
	if (!a->thresholds)
		return fail("out of memory");
	for (size_t j = 0; j < a->nthresholds; j++)
		a->thresholds[j].threshold = (int)o->lo + (int)j * a->step;
	progress_start(&p, "random starts", o->random);
	for (uint64_t k = 0; k < o->random; k++) {
		pb_search ss;
		pb_state x;

		a->d->ops->random(a->d, &r, &x);
		pb_search_init(&ss, 0, o->time_limit_ns, a->stop);
		for (size_t j = 0; j < a->nthresholds; j++) {
			analyze_threshold *t = &a->thresholds[j];
			pb_kre_iteration it;
			pb_status st = pb_kre_iterate(&a->h, &x, t->threshold, &ss, &it);

			if (st == PB_STOPPED) {
				progress_end(&p);
				return EXIT_SIGNAL_BASE + *a->stop;
			}
			if (st != PB_SOLVED) {
				timeouts++;
				break;
			}
			t->measured += (double)it.expanded;
			t->predicted += pb_kre_expanded(&a->tree, values_of(a), x.cls, t->threshold);
			t->n++;
		}
		progress_tick(&p, 1);
	}
	progress_end(&p);
	if (timeouts)
		fprintf(stderr, "bench " CMD ": %zu random start%s out of time before the last "
			"threshold (left out of the thresholds not finished)\n", timeouts,
			timeouts == 1 ? "" : "s");
	return 0;
}

/* The rows' means over their starts. */
static void sum_rows(analysis *a)
{
	for (size_t i = 0; i < a->nrows; i++) {
		analyze_row *r = &a->rows[i];
		double h = 0, pred = 0, meas = 0, comp = 0;

		for (size_t j = r->first; j < r->first + r->n; j++) {
			const analyze_start *s = &a->starts[j];

			h += s->h;
			pred += s->predicted;
			if (s->has_measured) {
				meas += (double)s->measured;
				r->measured_n++;
			}
			if (s->has_complete) {
				comp += (double)s->complete;
				r->complete_n++;
			}
		}
		r->h = r->n ? h / (double)r->n : 0;
		r->predicted = r->n ? pred / (double)r->n : 0;
		r->measured = r->measured_n ? meas / (double)r->measured_n : 0;
		r->complete = r->complete_n ? comp / (double)r->complete_n : 0;
	}
}

/* --- what is printed ---------------------------------------------------- */

static uint64_t joint_at(const analysis *a, int hstar, int h)
{
	return a->joint[(size_t)hstar * PB_KRE_VALUES + (size_t)h];
}

/* The largest h in the joint. */
static int joint_hmax(const analysis *a)
{
	int hmax = 0;

	for (int k = 0; k <= a->hstar_max; k++)
		for (int v = 0; v <= PB_KRE_MAX_VALUE; v++)
			if (joint_at(a, k, v) && v > hmax)
				hmax = v;
	return hmax;
}

static void print_distributions(const analysis *a)
{
	const pb_kre_values *p = values_of(a);
	int hmax = joint_hmax(a), top = hmax > a->hstar_max ? hmax : a->hstar_max;
	bool space_column = a->o->dataset != NULL;

	if (space_column && p->hmax > top)
		top = p->hmax;
	printf("%5s %14s %14s", "value", a->o->dataset ? "h* (instances)" : "h* (states)",
	       a->o->dataset ? "h (instances)" : "h (states)");
	if (space_column)
		printf(" %16s", a->sampled ? "h (sample)" : "h (every state)");
	putchar('\n');
	for (int v = 0; v <= top; v++) {
		uint64_t hs = 0, hv = 0, sp = 0;

		for (int u = 0; u <= PB_KRE_MAX_VALUE && v <= a->hstar_max; u++)
			hs += joint_at(a, v, u);
		for (int k = 0; k <= a->hstar_max; k++)
			hv += joint_at(a, k, v);
		for (int c = 0; c < p->nclasses && v <= p->hmax; c++)
			sp += p->count[c][v];
		printf("%5d %14" PRIu64 " %14" PRIu64, v, hs, hv);
		if (space_column)
			printf(" %16" PRIu64, sp);
		putchar('\n');
	}
}

/* Mean h/h* over the cells with h* > 0, the count with h = h*, and
 * whether h <= h* everywhere. */
static void print_summary(const analysis *a)
{
	uint64_t total = 0, positive = 0, exact = 0, over = 0;
	double ratio = 0, mh = 0, mhs = 0;
	const char *by;
	char buf[64];

	for (int k = 0; k <= a->hstar_max; k++)
		for (int v = 0; v <= PB_KRE_MAX_VALUE; v++) {
			uint64_t n = joint_at(a, k, v);

			if (!n)
				continue;
			total += n;
			mh += (double)n * v;
			mhs += (double)n * k;
			exact += v == k ? n : 0;
			over += v > k ? n : 0;
			if (k > 0) {
				positive += n;
				ratio += (double)n * v / k;
			}
		}
	printf("%s, %s: %" PRIu64 " %s; mean h %.3f, mean h* %.3f; mean h/h* %.4f (over the %"
	       PRIu64 " with h* > 0); h = h* at %" PRIu64 " (%.2f%%); %s\n",
	       a->d->name, heuristic_name(a), total, a->o->dataset ? "instances" : "states",
	       total ? mh / (double)total : 0, total ? mhs / (double)total : 0,
	       positive ? ratio / (double)positive : 0, positive, exact,
	       total ? 100.0 * (double)exact / (double)total : 0,
	       over ? (snprintf(buf, sizeof(buf), "h > h* at %" PRIu64 ": not admissible", over), buf)
		    : "h <= h* everywhere");
	by = a->d->nclasses > 1 ? (a->d->board ? ", by the blank's cell" : ", by class") : "";
	if (a->sampled)
		printf("P, the distribution of h: a uniform sample of %" PRIu64 " states (seed %"
		       PRIu64 ")%s\n", a->sample->states, a->o->seed, by);
	else
		printf("P, the distribution of h: every state (%" PRIu64 ")%s%s\n",
		       a->space.values.states, by,
		       a->dist_ns ? "" : "; h* from the dataset's references");
	if (a->dist_ns)
		printf("time: %.2f s for the distances (breadth-first search), ", (double)a->dist_ns / 1e9);
	if (a->sweep_ns)
		printf("%s%.2f s for h over every state\n", a->dist_ns ? "" : "time: ",
		       (double)a->sweep_ns / 1e9);
}

/* NUMBER in a column of WIDTH, or '-' where there is none. */
static void print_number(double v, bool has, int width)
{
	if (!has)
		printf(" %*s", width, "-");
	else if (v < 1e6)
		printf(" %*.1f", width, v);
	else
		printf(" %*.4g", width, v);
}

static void print_ratio(double num, bool has, double den)
{
	if (!has || den <= 0)
		printf(" %7s", "-");
	else
		printf(" %7.3g", num / den);
}

static void print_table(const analysis *a)
{
	double pred = 0, meas = 0, comp = 0, pred_m = 0, pred_c = 0;
	size_t nm = 0, nc = 0;

	printf("IDA* with %s: nodes expanded, predicted (Korf, Reid & Edelkamp, thresholds h, "
	       "h+%d, ... h*, the last whole) and measured (idastar, stopping at the goal)%s\n",
	       heuristic_name(a), a->step, a->o->complete ? "; complete: the iterations run to "
							     "their ends" : "");
	printf("%-10s %4s %10s %6s %8s %12s %12s %7s", a->o->dataset ? "instance" : "h*",
	       "h*", a->o->dataset ? "" : "states", a->o->dataset ? "" : "starts", "mean h",
	       "predicted", "measured", "ratio");
	if (a->o->complete)
		printf(" %12s %7s", "complete", "ratio");
	putchar('\n');
	for (size_t i = 0; i < a->nrows; i++) {
		const analyze_row *r = &a->rows[i];

		if (!r->n)
			continue;
		printf("%-10s %4d", r->name, r->hstar);
		if (a->o->dataset)
			printf(" %10s %6s", "", "");
		else
			printf(" %10" PRIu64 " %6zu", r->states, r->n);
		printf(" %8.2f", r->h);
		print_number(r->predicted, true, 12);
		print_number(r->measured, r->measured_n > 0, 12);
		print_ratio(r->measured, r->measured_n > 0, r->predicted);
		if (a->o->complete) {
			print_number(r->complete, r->complete_n > 0, 12);
			print_ratio(r->complete, r->complete_n > 0, r->predicted);
		}
		putchar('\n');
	}
	for (size_t i = 0; i < a->nstarts; i++) {
		const analyze_start *s = &a->starts[i];

		pred += s->predicted;
		if (s->has_measured) {
			meas += (double)s->measured;
			pred_m += s->predicted;
			nm++;
		}
		if (s->has_complete) {
			comp += (double)s->complete;
			pred_c += s->predicted;
			nc++;
		}
	}
	printf("all %zu starts: predicted %.4g", a->nstarts, pred);
	if (nm)
		printf("; the %zu measured: predicted %.4g, measured %.4g (ratio %.3g)", nm, pred_m,
		       meas, pred_m > 0 ? meas / pred_m : 0);
	if (nc)
		printf("; complete %.4g (ratio %.3g)", comp, pred_c > 0 ? comp / pred_c : 0);
	putchar('\n');
}

static void print_thresholds(const analysis *a)
{
	if (!a->nthresholds)
		return;
	printf("IDA*'s iterations at fixed thresholds, each run to its end: the mean over %" PRIu64
	       " uniformly random starts against the formula's E at their classes (exact on "
	       "average)\n", a->o->random);
	printf("%9s %7s %12s %12s %7s\n", "threshold", "starts", "predicted", "measured", "ratio");
	for (size_t j = 0; j < a->nthresholds; j++) {
		const analyze_threshold *t = &a->thresholds[j];
		double n = t->n ? (double)t->n : 1;

		printf("%9d %7zu", t->threshold, t->n);
		print_number(t->predicted / n, t->n > 0, 12);
		print_number(t->measured / n, t->n > 0, 12);
		print_ratio(t->measured, t->n > 0, t->predicted);
		putchar('\n');
	}
}

/* --- files --------------------------------------------------------------- */

static int commit(outfile *f)
{
	char err[512];

	if (outfile_commit(f, err, sizeof(err)))
		return fail("%s", err);
	return 0;
}

static int open_in(outfile *f, const char *dir, const char *name)
{
	char path[PATH_MAX], err[512];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return fail("%s/%s: the path is too long", dir, name);
	if (outfile_open(f, path, err, sizeof(err)))
		return fail("%s", err);
	return 0;
}

static int write_joint(const analysis *a)
{
	outfile f;

	if (open_in(&f, a->o->out, "heuristic.csv"))
		return PB_EXIT_USAGE;
	fputs("hstar,h,states\n", f.fp);
	for (int k = 0; k <= a->hstar_max; k++)
		for (int v = 0; v <= PB_KRE_MAX_VALUE; v++)
			if (joint_at(a, k, v))
				fprintf(f.fp, "%d,%d,%" PRIu64 "\n", k, v, joint_at(a, k, v));
	return commit(&f);
}

/* V to CSV: a number, or nothing where there is none. */
static void csv_number(FILE *f, double v, bool has)
{
	if (has)
		fprintf(f, ",%.10g", v);
	else
		fputc(',', f);
}

static void csv_ratio(FILE *f, double num, bool has, double den)
{
	if (has && den > 0)
		fprintf(f, ",%.6f", num / den);
	else
		fputc(',', f);
}

static int write_prediction(const analysis *a)
{
	outfile f;

	if (open_in(&f, a->o->out, "prediction.csv"))
		return PB_EXIT_USAGE;
	fputs("row,hstar,h,states,starts,predicted,measured,ratio,complete,complete_ratio\n", f.fp);
	for (size_t i = 0; i < a->nrows; i++) {
		const analyze_row *r = &a->rows[i];

		if (!r->n)
			continue;
		fprintf(f.fp, "%s,%d,%.4f,%" PRIu64 ",%zu,%.10g", r->name, r->hstar, r->h, r->states,
			r->n, r->predicted);
		csv_number(f.fp, r->measured, r->measured_n > 0);
		csv_ratio(f.fp, r->measured, r->measured_n > 0, r->predicted);
		csv_number(f.fp, r->complete, r->complete_n > 0);
		csv_ratio(f.fp, r->complete, r->complete_n > 0, r->predicted);
		fputc('\n', f.fp);
	}
	return commit(&f);
}

static int write_thresholds(const analysis *a)
{
	outfile f;

	if (open_in(&f, a->o->out, "thresholds.csv"))
		return PB_EXIT_USAGE;
	fputs("threshold,starts,predicted,measured,ratio\n", f.fp);
	for (size_t j = 0; j < a->nthresholds; j++) {
		const analyze_threshold *t = &a->thresholds[j];
		double n = t->n ? (double)t->n : 1;

		fprintf(f.fp, "%d,%zu", t->threshold, t->n);
		csv_number(f.fp, t->predicted / n, t->n > 0);
		csv_number(f.fp, t->measured / n, t->n > 0);
		csv_ratio(f.fp, t->measured, t->n > 0, t->predicted);
		fputc('\n', f.fp);
	}
	return commit(&f);
}

/* --- charts --------------------------------------------------------------- */

/* The data and the driver of both charts in the fresh folder of G. */
static int write_charts(const analysis *a, const gnuplot_dir *g, const char *scripts)
{
	charts_options co = { .dir = g->tmp, .scripts = scripts, .machine = "", .date = "",
			      .caveat = "", .who = "bench " CMD };
	charts_state c = { .o = &co };
	char heat_rel[PATH_MAX], pred_rel[PATH_MAX], thr_rel[PATH_MAX];
	char path[PATH_MAX + sizeof(CHARTS_DRIVER) + 1], what[256];
	FILE *heat = charts_data_open(&c, "heuristic.dat", heat_rel, sizeof(heat_rel)), *pred, *thr;
	int failed = !heat;

	for (int k = 0; heat && k <= a->hstar_max; k++)
		for (int v = 0; v <= PB_KRE_MAX_VALUE; v++)
			if (joint_at(a, k, v))
				fprintf(heat, "%d %d %" PRIu64 "\n", k, v, joint_at(a, k, v));
	failed |= heat && fclose(heat) != 0;
	pred = failed ? NULL : charts_data_open(&c, "prediction.dat", pred_rel, sizeof(pred_rel));
	failed |= !pred;
	if (pred) {
		for (size_t i = 0; i < a->nrows; i++) {
			const analyze_row *r = &a->rows[i];
			char m[32] = "NaN", cpl[32] = "NaN";

			if (!r->n)
				continue;
			if (r->measured_n)
				snprintf(m, sizeof(m), "%.6g", r->measured);
			if (r->complete_n)
				snprintf(cpl, sizeof(cpl), "%.6g", r->complete);
			fprintf(pred, "%.6g %s %s %d\n", r->predicted, m, cpl, r->hstar);
		}
		failed |= fclose(pred) != 0;
	}
	thr = failed ? NULL : charts_data_open(&c, "thresholds.dat", thr_rel, sizeof(thr_rel));
	failed |= !thr;
	for (size_t j = 0; thr && j < a->nthresholds; j++) {
		const analyze_threshold *t = &a->thresholds[j];

		if (t->n)
			fprintf(thr, "%.6g %.6g %d\n", t->predicted / (double)t->n,
				t->measured / (double)t->n, t->threshold);
	}
	failed |= thr && fclose(thr) != 0;
	failed |= (size_t)snprintf(path, sizeof(path), "%s/%s", g->tmp, CHARTS_DRIVER) >= sizeof(path);
	if (failed || !(c.driver = fopen(path, "w")))
		return fail("cannot write the charts' files in '%s'", g->tmp);
	fputs("# Written by 'bench analyze'. Run it inside this folder: gnuplot charts.gp\nscripts = ",
	      c.driver);
	charts_gp_string(c.driver, scripts);
	fputs(" . '/'\n", c.driver);
	charts_driver_start(&c, a->d->name, "h against h*");
	fputs("heuristic = ", c.driver);
	charts_gp_string(c.driver, heuristic_name(a));
	if (a->o->dataset)
		snprintf(what, sizeof(what), "the %zu instances of %s", a->ds.count, a->ds.name);
	else
		snprintf(what, sizeof(what), "every state (%" PRIu64 ")", a->space.values.states);
	fputs("\nwhat = ", c.driver);
	charts_gp_string(c.driver, what);
	fputs("\nheatfile = ", c.driver);
	charts_gp_string(c.driver, heat_rel);
	fprintf(c.driver, "\nhstar_max = %d\nh_max = %d\n", a->hstar_max, joint_hmax(a));
	charts_driver_load(&c, "heuristic", "analyze-heuristic.gp");
	charts_driver_start(&c, a->d->name, "predicted against measured nodes");
	fputs("heuristic = ", c.driver);
	charts_gp_string(c.driver, heuristic_name(a));
	if (a->o->dataset)
		snprintf(what, sizeof(what), "a point an instance of %s", a->ds.name);
	else
		snprintf(what, sizeof(what), "a point an h*: the means over the states sampled there");
	fputs("\nwhat = ", c.driver);
	charts_gp_string(c.driver, what);
	fputs("\npredfile = ", c.driver);
	charts_gp_string(c.driver, pred_rel);
	fputs("\nthrfile = ", c.driver);
	charts_gp_string(c.driver, thr_rel);
	fprintf(c.driver, "\nwith_complete = %d\nsampled = %d\nwith_thresholds = %d\nrandom = %" PRIu64
		"\n", a->o->complete, a->sampled, a->nthresholds > 0, a->o->random);
	charts_driver_load(&c, "prediction", "analyze-prediction.gp");
	return fclose(c.driver) ? fail("cannot write '%s'", path) : 0;
}

static int draw(const analysis *a)
{
	char final[PATH_MAX], scripts[PATH_MAX];
	gnuplot_dir g;
	int rc = PB_EXIT_USAGE;

	if (gnuplot_find_scripts("bench " CMD, NULL, scripts))
		return PB_EXIT_USAGE;
	snprintf(final, sizeof(final), "%s/charts", a->o->out);
	if (!gnuplot_dir_begin(&g, "bench " CMD, final) && !write_charts(a, &g, scripts) &&
	    !gnuplot_draw(&g, a->o->gnuplot, 2))
		rc = 0;
	gnuplot_dir_end(&g);
	if (!rc)
		gnuplot_list(&g);
	return rc;
}

/* Everything that can be refused is refused before anything is written:
 * the output folder, and gnuplot where charts are asked for. */
static int check_output(const analysis *a)
{
	char err[512];

	if (!a->o->out)
		return 0;
	if (a->o->charts && !gnuplot_exists(a->o->gnuplot))
		return fail("gnuplot not found as '%s' (%s)", a->o->gnuplot, GNUPLOT_INSTALL_HINT);
	if (outfile_mkdirs(a->o->out, err, sizeof(err)))
		return fail("%s", err);
	return 0;
}

static int write_all(const analysis *a)
{
	int rc;

	if (!a->o->out)
		return 0;
	rc = write_joint(a);
	if (!rc)
		rc = write_prediction(a);
	if (!rc && a->nthresholds)
		rc = write_thresholds(a);
	if (!rc && a->o->charts)
		rc = draw(a);
	return rc;
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
		return fail("%s; give --dataset FILE to analyse instances with their lengths", why);
	if ((rc = setup_heuristic(a)) || (rc = check_output(a)))
		return rc;
	if (o->dataset) {
		rc = fits ? sweep_space(a, false) : sample_space(a);
		if (!rc)
			rc = take_instances(a);
	} else {
		rc = sweep_space(a, true);
		a->joint = a->space.joint;
		a->hstar_max = a->space.hstar_max;
		if (!rc)
			rc = choose_states(a);
	}
	if (rc || (rc = build_tree(a)) || (rc = measure(a)) || (rc = measure_thresholds(a)))
		return rc;
	sum_rows(a);
	if (!o->quiet)
		print_distributions(a);
	print_summary(a);
	print_table(a);
	print_thresholds(a);
	if (fflush(stdout) || ferror(stdout))
		return PB_EXIT_USAGE;
	if ((rc = write_all(a)))
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
