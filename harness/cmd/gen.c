/* bench gen: write a dataset file of instances, by random walks from the
 * goal, uniformly random states, states stratified by optimal depth, or
 * every state. Randomness comes from xoshiro256** (prng.h): the same seed
 * gives the same file. References (optimal lengths) come from a table of
 * every state's distance where that table is small enough. */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/distances.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/engine/outside.h"
#include "harness/engine/turn.h"
#include "harness/io/dataset.h"
#include "harness/io/outfile.h"
#include "harness/io/prng.h"
#include "harness/io/units.h"

#define CMD "gen"
/* References are computed without being asked up to boards of 10 cells
 * (10!/2 states, tens of milliseconds); on request, or for --method depth,
 * up to 12 cells (a byte a state: 239.5 MB, a minute or so). */
#define AUTO_TABLE_MAX_STATES (PB_F10 / 2)
#define TABLE_MAX_STATES (PB_F12 / 2)
/* --method all writes at most this many lines: the arrangements of 10
 * cells. */
#define ALL_MAX_CELLS 10
#define ALL_MAX_LINES PB_F10
#define DEFAULT_COUNT 10
#define DEFAULT_LENGTH 20
#define DEFAULT_PER_DEPTH 5
#define DEFAULT_SEED 1
#define MAX_COUNT 100000000ULL
#define DEPTH_MAX (PB_DIST_UNSEEN - 1)

enum method { WALK, UNIFORM, DEPTH, ALL };
static const char *const method_names[] = { "walk", "uniform", "depth", "all" };

enum ref_mode { REF_AUTO, REF_YES, REF_NO };

typedef struct gen_options {
	const char *domain, *goal, *output, *source;
	const char *export;       /* --export DATASET, or NULL */
	const char *making;       /* the last option for making a dataset given */
	enum method method;
	enum ref_mode reference;
	uint64_t seed, count, len_lo, len_hi, step, per_depth;
	bool depth_wanted[DEPTH_MAX + 1]; /* depth: the depths asked for */
	double unsolvable;
	bool solvable_only, depth_given;
	/* which options were given, to refuse those of another method */
	bool given_count, given_length, given_step, given_unsolvable, given_per_depth;
} gen_options;

typedef struct generator {
	const gen_options *o;
	pb_domain d;
	prng rng;
	pb_search search; /* the distance table's meter */
	uint8_t *dist;    /* every state's distance, or NULL */
	FILE *out;
	char why[200];
} generator;

static void usage(FILE *out)
{
	fprintf(out,
"usage: bench gen [options] -o FILE\n"
"\n"
"Write a dataset file: a header (format, domain, goal, method, this command,\n"
"seed) and one instance a line, 'id<TAB>state<TAB>reference', the reference\n"
"being the optimal length where it is known ('-' where not, 'unsolvable').\n"
"Random choices come from xoshiro256** seeded by splitmix64: the same\n"
"command and seed give the same file on every machine.\n"
"\n"
"options:\n"
"  -d, --domain NAME       a domain (below; default %s)\n"
"      --goal 'STATE'      tiles: another goal, e.g. 'x 1 2 3 4 5 6 7 8'\n"
"                          (default 1..n-1 then the blank)\n"
"  -m, --method METHOD     how instances are made (default walk):\n"
"                            walk     random walk back from the goal, no\n"
"                                     move undoing the one before\n"
"                            uniform  uniformly random solvable states\n"
"                                     (with replacement)\n"
"                            depth    uniformly random states at each exact\n"
"                                     optimal distance (boards up to 12\n"
"                                     cells: needs every state's distance)\n"
"                            all      every arrangement, in lexicographic\n"
"                                     order (up to 10 cells)\n"
"  -n, --count N           walk: instances per length; uniform: instances\n"
"                          (default %d)\n"
"  -l, --length A[..B]     walk: moves per walk, or a range of lengths\n"
"                          (default %d)\n"
"      --step S            walk: step through the range of lengths (default 1)\n"
"      --unsolvable F      uniform: fraction of unsolvable states mixed in,\n"
"                          0..1 or a percentage (tiles only; default 0)\n"
"      --per-depth K       depth: instances per depth, all of them where\n"
"                          fewer exist (default %d)\n"
"      --depth LIST        depth: the depths, a list of depths and ranges\n"
"                          A..B, e.g. 5,10,15,20 or 0..10,20 (default 0 to\n"
"                          the deepest)\n"
"      --solvable-only     all: only the states that can reach the goal\n"
"      --reference MODE    auto (default): optimal lengths for boards up to\n"
"                          10 cells and Magic Squares; yes: also up to 12\n"
"                          cells (slow); no: '-' for every solvable state\n"
"      --source TEXT       a 'source' header line (where instances came from)\n"
"  -s, --seed N            seed of the generator (default %d)\n"
"  -o, --output FILE       write there (default: standard output); written\n"
"                          under a temporary name, then renamed\n"
"      --export DATASET    make nothing: write DATASET's puzzles one a line\n"
"                          as an outside program (--solver) receives them,\n"
"                          turned to the default goal where DATASET declares\n"
"                          another (korf100.txt: the blank first); a\n"
"                          program's answers to them are answers to DATASET\n"
"                          once 'bench check --exported' turns them back\n"
"      --plugin FILE.so    load a plugin's domains (and solvers); repeatable\n"
"  -h, --help              show this and exit\n",
		cmdline_default_domain(), DEFAULT_COUNT, DEFAULT_LENGTH, DEFAULT_PER_DEPTH, DEFAULT_SEED);
	fputs("\ndomains (the families of 'bench list', a member and a puzzle of each):\n", out);
	cmdline_print_domains(out, "  ");
}

#define bad_usage(...) cmdline_bad_usage(CMD, __VA_ARGS__)

static int parse_method(const char *s, enum method *m)
{
	for (size_t i = 0; i < sizeof(method_names) / sizeof(method_names[0]); i++) {
		if (!strcmp(s, method_names[i])) {
			*m = (enum method)i;
			return 0;
		}
	}
	return -1;
}

/* TEXT, a comma-separated list of depths and ranges A..B, into WANTED
 * (added to it). Returns 0, or -1 where a piece is neither. */
static int parse_depths(const char *text, bool *wanted)
{
	char piece[64];

	for (const char *p = text;; p++) {
		size_t n = strcspn(p, ",");
		uint64_t lo, hi;

		if (!n || n >= sizeof(piece))
			return -1;
		memcpy(piece, p, n);
		piece[n] = '\0';
		if (units_parse_range(piece, 0, DEPTH_MAX, &lo, &hi))
			return -1;
		for (uint64_t k = lo; k <= hi; k++)
			wanted[k] = true;
		p += n;
		if (!*p)
			return 0;
	}
}

static int parse_options(int argc, char **argv, gen_options *o)
{
	enum { OPT_GOAL = 256, OPT_STEP, OPT_UNSOLVABLE, OPT_PER_DEPTH, OPT_DEPTH,
	       OPT_SOLVABLE_ONLY, OPT_REFERENCE, OPT_SOURCE, OPT_EXPORT, OPT_OUTSIDE };
	static const struct option longopts[] = {
		{ "domain", required_argument, NULL, 'd' },
		{ "goal", required_argument, NULL, OPT_GOAL },
		{ "method", required_argument, NULL, 'm' },
		{ "count", required_argument, NULL, 'n' },
		{ "length", required_argument, NULL, 'l' },
		{ "step", required_argument, NULL, OPT_STEP },
		{ "unsolvable", required_argument, NULL, OPT_UNSOLVABLE },
		{ "per-depth", required_argument, NULL, OPT_PER_DEPTH },
		{ "depth", required_argument, NULL, OPT_DEPTH },
		{ "solvable-only", no_argument, NULL, OPT_SOLVABLE_ONLY },
		{ "reference", required_argument, NULL, OPT_REFERENCE },
		{ "source", required_argument, NULL, OPT_SOURCE },
		{ "seed", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "export", required_argument, NULL, OPT_EXPORT },
		{ "help", no_argument, NULL, 'h' },
		OUTSIDE_PLUGIN_LONGOPT(OPT_OUTSIDE),
		{ 0 },
	};
	int c;

	*o = (gen_options){
		.domain = cmdline_default_domain(), .method = WALK, .seed = DEFAULT_SEED,
		.count = DEFAULT_COUNT, .len_lo = DEFAULT_LENGTH, .len_hi = DEFAULT_LENGTH,
		.step = 1, .per_depth = DEFAULT_PER_DEPTH,
	};
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:m:n:l:s:o:h", longopts, NULL)) != -1) {
		if (c != 'o' && c != 'h' && c != OPT_EXPORT && c != OPT_OUTSIDE + OUTSIDE_PLUGIN)
			o->making = argv[optind - 1];
		switch (c) {
		case 'd': o->domain = optarg; break;
		case OPT_GOAL: o->goal = optarg; break;
		case 'm':
			if (parse_method(optarg, &o->method))
				return bad_usage("unknown method '%s' (walk, uniform, depth, all)", optarg);
			break;
		case 'n':
			o->given_count = true;
			if (units_parse_count(optarg, 1, MAX_COUNT, &o->count))
				return bad_usage("--count '%s' is not a count of at least 1", optarg);
			break;
		case 'l':
			o->given_length = true;
			if (units_parse_range(optarg, 0, PB_MAX_PATH, &o->len_lo, &o->len_hi))
				return bad_usage("--length '%s' is not a length or a range A..B", optarg);
			break;
		case OPT_STEP:
			o->given_step = true;
			if (units_parse_count(optarg, 1, PB_MAX_PATH, &o->step))
				return bad_usage("--step '%s' is not a count of at least 1", optarg);
			break;
		case OPT_UNSOLVABLE:
			o->given_unsolvable = true;
			if (units_parse_fraction(optarg, &o->unsolvable))
				return bad_usage("--unsolvable '%s' is not a fraction 0..1 or a percentage", optarg);
			break;
		case OPT_PER_DEPTH:
			o->given_per_depth = true;
			if (units_parse_count(optarg, 1, MAX_COUNT, &o->per_depth))
				return bad_usage("--per-depth '%s' is not a count of at least 1", optarg);
			break;
		case OPT_DEPTH:
			o->depth_given = true;
			if (parse_depths(optarg, o->depth_wanted))
				return bad_usage("--depth '%s' is not a list of depths and ranges A..B "
						 "(e.g. 5,10,15 or 0..10,20)", optarg);
			break;
		case OPT_SOLVABLE_ONLY: o->solvable_only = true; break;
		case OPT_REFERENCE:
			if (!strcmp(optarg, "auto"))
				o->reference = REF_AUTO;
			else if (!strcmp(optarg, "yes"))
				o->reference = REF_YES;
			else if (!strcmp(optarg, "no"))
				o->reference = REF_NO;
			else
				return bad_usage("--reference '%s' is not auto, yes or no", optarg);
			break;
		case OPT_SOURCE: o->source = optarg; break;
		case 's':
			if (units_parse_count(optarg, 0, UINT64_MAX, &o->seed))
				return bad_usage("--seed '%s' is not a number 0..2^64-1", optarg);
			break;
		case 'o': o->output = optarg; break;
		case OPT_EXPORT: o->export = optarg; break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case OPT_OUTSIDE + OUTSIDE_PLUGIN:
			if (outside_option(OUTSIDE_PLUGIN, optarg, CMD))
				return PB_EXIT_USAGE;
			break;
		default: return cmdline_bad_option(CMD, c, argv[optind - 1]);
		}
	}
	if (optind < argc)
		return bad_usage("unexpected argument '%s'", argv[optind]);
	if (o->export && o->making)
		return bad_usage("--export writes the puzzles of a dataset there is: '%s' is for "
				 "making one", o->making);
	return -1;
}

/* Refuse options that belong to another method. */
static int check_method_options(const gen_options *o)
{
	static const struct {
		size_t offset;
		const char *name;
		unsigned methods; /* bit per method that takes it */
	} owned[] = {
		{ offsetof(gen_options, given_count), "--count", 1u << WALK | 1u << UNIFORM },
		{ offsetof(gen_options, given_length), "--length", 1u << WALK },
		{ offsetof(gen_options, given_step), "--step", 1u << WALK },
		{ offsetof(gen_options, given_unsolvable), "--unsolvable", 1u << UNIFORM },
		{ offsetof(gen_options, given_per_depth), "--per-depth", 1u << DEPTH },
		{ offsetof(gen_options, depth_given), "--depth", 1u << DEPTH },
		{ offsetof(gen_options, solvable_only), "--solvable-only", 1u << ALL },
	};
	for (size_t i = 0; i < sizeof(owned) / sizeof(owned[0]); i++) {
		if (!*(const bool *)((const char *)o + owned[i].offset) ||
		    owned[i].methods & (1u << o->method))
			continue;
		return bad_usage("%s does not apply to --method %s", owned[i].name,
				 method_names[o->method]);
	}
	return 0;
}

static int reference_of(const generator *g, const pb_state *s)
{
	if (!pb_solvable(&g->d, s))
		return DATASET_REF_UNSOLVABLE;
	if (!g->dist)
		return DATASET_REF_UNKNOWN;
	return g->dist[pb_index(&g->d, s)];
}

static int emit(generator *g, const char *id, const pb_state *s)
{
	return dataset_write_instance(g->out, &g->d, id, s, reference_of(g, s));
}

/* walk: for each length, COUNT walks backwards from the goal (so that the
 * moves, reversed, lead to it: the reference is at most the length). */
static int gen_walk(generator *g)
{
	const gen_options *o = g->o;
	const pb_domain *d = &g->d;
	char id[DATASET_MAX_ID + 1];

	for (uint64_t len = o->len_lo; len <= o->len_hi; len += o->step) {
		for (uint64_t k = 1; k <= o->count; k++) {
			pb_state s = d->goal;
			int last = PB_NO_MOVE;

			for (uint64_t i = 0; i < len; i++) {
				pb_state options[PB_MAX_MOVES];
				int moves[PB_MAX_MOVES], n = 0;

				for (int m = 0; m < d->nmoves; m++) {
					if (last != PB_NO_MOVE && d->inverse[last] == m)
						continue;
					if (pb_unapply(d, &s, m, &options[n]))
						moves[n++] = m;
				}
				n = (int)prng_below(&g->rng, (uint64_t)n);
				s = options[n];
				last = moves[n];
			}
			snprintf(id, sizeof(id), "w%" PRIu64 "-%" PRIu64, len, k);
			if (emit(g, id, &s))
				return -1;
		}
	}
	return 0;
}

static int gen_uniform(generator *g)
{
	const gen_options *o = g->o;
	uint64_t bad = (uint64_t)llround(o->unsolvable * (double)o->count);
	bool *unsolvable = calloc(o->count, sizeof(*unsolvable));
	char id[DATASET_MAX_ID + 1];
	int rc = 0;

	if (!unsolvable) {
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return -1;
	}
	/* exactly BAD of them, at places a Fisher-Yates shuffle picks */
	for (uint64_t i = 0; i < bad; i++)
		unsolvable[i] = true;
	for (uint64_t i = o->count - 1; i > 0; i--) {
		uint64_t j = prng_below(&g->rng, i + 1);
		bool t = unsolvable[i];

		unsolvable[i] = unsolvable[j];
		unsolvable[j] = t;
	}
	for (uint64_t i = 0; i < o->count && !rc; i++) {
		pb_random r = { prng_random_below, &g->rng };
		pb_state s;

		/* the twin is a bijection between the classes, so a uniform
		 * state gives a uniform unsolvable one */
		g->d.ops->random(&g->d, &r, &s);
		if (unsolvable[i])
			g->d.ops->twin(&g->d, &s, &s);
		snprintf(id, sizeof(id), "%" PRIu64, i + 1);
		rc = emit(g, id, &s);
	}
	free(unsolvable);
	return rc;
}

/* depth: Knuth's selection sampling (TAOCP vol. 2, 3.4.2, Algorithm S) per
 * depth in one pass over the index space: a state at depth k is taken with
 * probability needed[k] / remaining[k], which takes a uniform K-subset. */
static int gen_depth(generator *g)
{
	const gen_options *o = g->o;
	const pb_domain *d = &g->d;
	uint64_t count[DEPTH_MAX + 1] = { 0 }, needed[DEPTH_MAX + 1], taken = 0;
	uint64_t *chosen, *start;
	char id[DATASET_MAX_ID + 1];
	unsigned deepest = 0;
	int rc = 0;

	for (uint64_t i = 0; i < d->index_count; i++)
		count[g->dist[i]]++;
	for (unsigned k = 0; k <= DEPTH_MAX; k++) {
		if (count[k])
			deepest = k;
		needed[k] = o->depth_given && !o->depth_wanted[k] ? 0
			    : count[k] < o->per_depth ? count[k] : o->per_depth;
		taken += needed[k];
	}
	if (!taken) {
		fprintf(stderr, "bench " CMD ": no instance: no state of %s lies at the depths asked "
			"for (the deepest is %u)\n", d->name, deepest);
		return -2;
	}
	for (unsigned k = deepest + 1; k <= DEPTH_MAX; k++)
		if (o->depth_wanted[k]) {
			fprintf(stderr, "bench " CMD ": note: no state of %s lies deeper than %u\n",
				d->name, deepest);
			break;
		}
	chosen = malloc((taken ? taken : 1) * sizeof(*chosen));
	start = calloc(DEPTH_MAX + 2, sizeof(*start));
	if (!chosen || !start) {
		free(chosen);
		free(start);
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return -1;
	}
	/* chosen[] grouped by depth: start[k] is the first slot of depth k */
	for (unsigned k = 0; k <= DEPTH_MAX; k++)
		start[k + 1] = start[k] + needed[k];
	for (uint64_t i = 0; i < d->index_count; i++) {
		unsigned k = g->dist[i];

		if (needed[k] && prng_below(&g->rng, count[k]) < needed[k]) {
			chosen[start[k + 1] - needed[k]] = i;
			needed[k]--;
		}
		count[k]--;
	}
	for (unsigned k = 0; k <= DEPTH_MAX && !rc; k++) {
		for (uint64_t j = start[k]; j < start[k + 1] && !rc; j++) {
			pb_state s;

			pb_unindex(d, chosen[j], &s);
			snprintf(id, sizeof(id), "d%u-%" PRIu64, k, j - start[k] + 1);
			rc = emit(g, id, &s);
		}
	}
	free(chosen);
	free(start);
	return rc;
}

/* The state whose plain values (see pb_to_plain) are the permutation PERM
 * of 0..n-1 plus the least plain value. */
static pb_state state_of_arrangement(const pb_domain *d, uint64_t perm)
{
	uint8_t values[PB_MAX_CELLS];
	pb_state s;

	for (int c = 0; c < d->cells; c++)
		values[c] = (uint8_t)(pb_nibble(perm, c) + (unsigned)d->plain_low);
	pb_from_plain(d, values, &s, NULL, 0);
	return s;
}

static int gen_all(generator *g)
{
	const pb_domain *d = &g->d;
	uint64_t n = pb_factorial(d->cells), next_id = 1;
	char id[DATASET_MAX_ID + 1];

	for (uint64_t r = 0; r < n; r++) {
		pb_state s = state_of_arrangement(d, pb_unrank(r, d->cells));

		if (g->o->solvable_only && !pb_solvable(d, &s))
			continue;
		snprintf(id, sizeof(id), "%" PRIu64, next_id++);
		if (emit(g, id, &s))
			return -1;
	}
	return 0;
}

/* Check the method fits the domain; build the distance table if needed. */
static int prepare(generator *g)
{
	const gen_options *o = g->o;
	const pb_domain *d = &g->d;
	bool want_table = o->method == DEPTH || o->reference == REF_YES ||
			  (o->reference == REF_AUTO && d->index_count &&
			   d->index_count <= AUTO_TABLE_MAX_STATES);
	pb_status st;

	if (o->given_unsolvable && o->unsolvable > 0 && !d->ops->twin)
		return bad_usage("--unsolvable: every state of %s is solvable", d->name);
	if (o->method == ALL && d->space && (!d->index_count || d->index_count > ALL_MAX_LINES))
		return bad_usage("--method all: %s %s", d->name, d->index_count
				 ? "has too many states to list" : "has no index of its states (its plugin "
				 "gives no rank)");
	if (o->method == ALL && !d->space &&
	    (d->cells > ALL_MAX_CELLS || pb_factorial(d->cells) > ALL_MAX_LINES))
		return bad_usage("--method all: %s has too many states to list (up to %d cells)",
				 d->name, ALL_MAX_CELLS);
	if (o->method == UNIFORM && !d->ops->random)
		return bad_usage("--method uniform: %s has no uniform sampler (its plugin gives "
				 "neither a sampler nor a rank; --method walk needs only the moves' "
				 "inverses)", d->name);
	if (o->method == WALK && pb_domain_needs_inverse(d, "--method walk", g->why, sizeof(g->why)))
		return bad_usage("%s", g->why);
	if (o->method == DEPTH && o->reference == REF_NO)
		return bad_usage("--method depth needs every state's distance: drop '--reference %s'",
				 "no");
	if (want_table && pb_domain_needs_inverse(d, "a table of every state's distance", g->why,
						  sizeof(g->why))) {
		if (o->method == DEPTH || o->reference == REF_YES)
			return bad_usage("%s", g->why);
		want_table = false;
	}
	if (!want_table || o->reference == REF_NO)
		return 0;
	if (!d->index_count || d->index_count > TABLE_MAX_STATES)
		return bad_usage("%s: %s is too large for a table of every state's distance (up to 12 cells)",
				 o->method == DEPTH ? "--method depth" : "--reference yes", d->name);
	pb_search_init(&g->search, 0, 0, NULL);
	st = pb_distances(d, &g->search, &g->dist);
	if (st != PB_SOLVED) {
		fprintf(stderr, "bench " CMD ": distance table of %s: %s%s%s\n", d->name,
			pb_status_name(st), *g->search.message ? ": " : "", g->search.message);
		return PB_EXIT_USAGE;
	}
	return 0;
}

static int generate(generator *g)
{
	static int (*const methods[])(generator *) = {
		[WALK] = gen_walk, [UNIFORM] = gen_uniform, [DEPTH] = gen_depth, [ALL] = gen_all,
	};

	return methods[g->o->method](g);
}

/* The puzzles of DS, one a line, as an outside program receives them,
 * into OUT. Returns 0, or -1 (said why, or a write that failed). */
static int write_puzzles(const dataset *ds, FILE *out)
{
	const pb_domain *frame = &ds->domain;
	char line[DATASET_MAX_LINE], why[256];
	turn t;

	if (turn_refusal(&ds->domain, why, sizeof(why))) {
		fprintf(stderr, "bench " CMD ": --export %s: %s\n", ds->path, why);
		return -1;
	}
	if (!turn_none_needed(&ds->domain)) {
		if (turn_init(&t, &ds->domain, why, sizeof(why))) {
			fprintf(stderr, "bench " CMD ": --export %s: %s\n", ds->path, why);
			return -1;
		}
		frame = &t.board;
	}
	for (size_t i = 0; i < ds->count; i++) {
		pb_state s = frame == &ds->domain ? ds->instances[i].state
			     : turn_state(&t, &ds->domain, &ds->instances[i].state);

		pb_format(frame, &s, line, sizeof(line));
		if (fprintf(out, "%s\n", line) < 0)
			return -1;
	}
	return 0;
}

/* bench gen --export: the puzzles of the dataset O->export into O->output
 * (NULL: standard output). Returns the exit status. */
static int export_dataset(const gen_options *o)
{
	outfile of = { 0 };
	dataset ds = { 0 };
	char err[1024];
	int rc;

	if (dataset_load(&ds, o->export, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		dataset_release(&ds);
		return PB_EXIT_USAGE;
	}
	if (o->output && outfile_open(&of, o->output, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		dataset_release(&ds);
		return PB_EXIT_USAGE;
	}
	rc = write_puzzles(&ds, o->output ? of.fp : stdout);
	if (!o->output)
		rc = rc || fflush(stdout) || ferror(stdout);
	else if (rc)
		outfile_abort(&of);
	else if (outfile_commit(&of, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		rc = 1;
	}
	dataset_release(&ds);
	return rc ? PB_EXIT_USAGE : PB_EXIT_OK;
}

static int gen(int argc, char **argv, const char *command)
{
	generator g = { 0 };
	gen_options o;
	outfile of = { 0 };
	char seed[24], err[512];
	int rc;

	rc = parse_options(argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (o.export)
		return export_dataset(&o);
	if (check_method_options(&o))
		return PB_EXIT_USAGE;
	g.o = &o;
	if (cmdline_domain(CMD, &g.d, o.domain, o.goal))
		return PB_EXIT_USAGE;
	if ((rc = prepare(&g)))
		return rc;
	prng_seed(&g.rng, o.seed);
	snprintf(seed, sizeof(seed), "%" PRIu64, o.seed);
	g.out = stdout;
	if (o.output && outfile_open(&of, o.output, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		rc = PB_EXIT_USAGE;
		goto out;
	}
	if (o.output)
		g.out = of.fp;
	{
		const char *keys[] = { "method", "command", "seed", "source" };
		const char *values[] = { method_names[o.method], command, seed, o.source };

		/* -2 from a method: it made no instance, and has said so */
		rc = dataset_write_header(g.out, &g.d, keys, values, 4) ? -1 : generate(&g);
	}
	if (!o.output) {
		rc = rc || fflush(stdout) || ferror(stdout);
	} else if (rc) {
		outfile_abort(&of);
	} else if (outfile_commit(&of, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		rc = 1;
	}
	if (rc && rc != -2)
		fprintf(stderr, "bench " CMD ": could not write the dataset%s%s\n",
			o.output ? " " : "", o.output ? o.output : "");
	rc = rc ? PB_EXIT_USAGE : PB_EXIT_OK;
out:
	pb_free(g.dist);
	return rc;
}

int cmd_gen(int argc, char **argv)
{
	/* the command as given: getopt_long reorders argv */
	char *command = cmdline_join(argc, argv);
	int rc;

	if (!command) {
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return PB_EXIT_USAGE;
	}
	rc = gen(argc, argv, command);
	free(command);
	return rc;
}
