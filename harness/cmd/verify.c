#include "harness/cmd/verify.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/io/progress.h"
#include "harness/engine/signals.h"
#include "harness/io/units.h"

#define CMD "verify"
#define MAX_DATASETS 64
#define MAX_SOLVERS 64
#define DEFAULT_SHOWN 20
#define EXIT_SIGNAL_BASE 128
#define NO_TEXT UINT32_MAX
/* Moves shown of a path, at most. */
#define SHOWN_MOVES 64

/* One solver's answer to one instance. */
typedef struct answer {
	uint8_t ran;
	uint8_t status; /* run_status */
	int16_t length;
	uint32_t moves; /* arena offset of the move letters, or NO_TEXT */
	uint32_t note;  /* arena offset of why, or NO_TEXT */
} answer;

/* The check of one dataset. */
typedef struct verifier {
	const dataset *ds;
	const pb_solver *solvers[MAX_SOLVERS];
	bool sampled[MAX_SOLVERS];
	size_t nsolvers, base; /* base: index of solver 0 of the current runner call */
	uint32_t prepare_note[MAX_SOLVERS];
	answer *answers;       /* count x nsolvers */
	char *arena;
	size_t used, cap;
	bool oom;
	progress *prog;
} verifier;

typedef struct totals {
	size_t checked, solvable, unsolvable, bad, instances;
} totals;

static uint32_t keep_text(verifier *v, const char *s, size_t n)
{
	uint32_t at;

	if (v->used + n + 1 > v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 4096;
		char *p;

		while (cap < v->used + n + 1)
			cap *= 2;
		if (cap > UINT32_MAX || !(p = realloc(v->arena, cap))) {
			v->oom = true;
			return NO_TEXT;
		}
		v->arena = p;
		v->cap = cap;
	}
	at = (uint32_t)v->used;
	memcpy(v->arena + v->used, s, n);
	v->arena[v->used + n] = '\0';
	v->used += n + 1;
	return at;
}

static const char *text_at(const verifier *v, uint32_t at)
{
	return at == NO_TEXT ? "" : v->arena + at;
}

static void on_row(void *arg, const run_row *row)
{
	verifier *v = arg;
	size_t k = v->base + row->solver;
	answer *a;

	if (row->phase == RUN_PREPARE) {
		if (row->status != RUN_OK) {
			char why[256];

			snprintf(why, sizeof(why), "preparation %s%s%s", run_status_name(row->status),
				 *row->note ? ": " : "", row->note);
			v->prepare_note[k] = keep_text(v, why, strlen(why));
		}
		return;
	}
	a = &v->answers[row->instance * v->nsolvers + k];
	a->ran = 1;
	a->status = (uint8_t)row->status;
	a->length = (int16_t)row->length;
	if (*row->note)
		a->note = keep_text(v, row->note, strlen(row->note));
	if (row->path && (v->ds->domain.lex_smallest || row->status == RUN_WRONG)) {
		char moves[PB_MAX_PATH * PB_MOVE_NAME_MAX + 1];
		int n = row->path->length < 0 ? 0 : row->path->length;
		size_t len;

		if (n > PB_MAX_PATH)
			n = PB_MAX_PATH;
		len = pb_format_moves(&v->ds->domain, row->path->moves, n, moves, sizeof(moves));
		a->moves = keep_text(v, moves, len < sizeof(moves) ? len : sizeof(moves) - 1);
	}
}

static void on_tick(void *arg, uint64_t n)
{
	verifier *v = arg;

	progress_tick(v->prog, n);
}

/* Whether the answers to instance I agree with each other and with the
 * reference. Counts the agreed answer into T. */
static bool instance_agrees(const verifier *v, size_t i, totals *t)
{
	const answer *a = &v->answers[i * v->nsolvers];
	const dataset_instance *in = &v->ds->instances[i];
	int solvable = -1, length = -1;
	const char *moves = NULL;
	bool ran = false, good = true;

	for (size_t k = 0; k < v->nsolvers; k++) {
		if (!a[k].ran)
			continue;
		ran = true;
		if (!run_status_answered(a[k].status)) {
			good = false;
			continue;
		}
		if (solvable >= 0 && (a[k].status == RUN_OK) != solvable)
			good = false;
		solvable = a[k].status == RUN_OK;
		if (a[k].status != RUN_OK)
			continue;
		if (length >= 0 && a[k].length != length)
			good = false;
		length = a[k].length;
		if (in->reference >= 0 && a[k].length != in->reference)
			good = false;
		if (v->ds->domain.lex_smallest) {
			if (moves && strcmp(moves, text_at(v, a[k].moves)))
				good = false;
			moves = text_at(v, a[k].moves);
		}
	}
	if (!ran)
		return true;
	t->checked++;
	if (good && solvable == 1)
		t->solvable++;
	else if (good && solvable == 0)
		t->unsolvable++;
	return good;
}

static void show_instance(FILE *out, const verifier *v, size_t i)
{
	const dataset_instance *in = &v->ds->instances[i];
	const answer *a = &v->answers[i * v->nsolvers];
	char state[PB_STATE_TEXT_MAX], ref[16];

	pb_format(&v->ds->domain, &in->state, state, sizeof(state));
	fprintf(out, "%s:%u: instance '%s' (%s), reference %s:\n", v->ds->path, in->line, in->id,
		state, dataset_format_reference(in->reference, ref, sizeof(ref)));
	for (size_t k = 0; k < v->nsolvers; k++) {
		const char *moves = text_at(v, a[k].moves), *note = text_at(v, a[k].note);
		int n = (int)strlen(moves);

		if (!a[k].ran)
			continue;
		fprintf(out, "  %-16s %s", v->solvers[k]->name, run_status_name(a[k].status));
		if (a[k].length != RUN_NO_LENGTH)
			fprintf(out, ", %d move%s", a[k].length, a[k].length == 1 ? "" : "s");
		if (n)
			fprintf(out, " %.*s%s", SHOWN_MOVES, moves, n > SHOWN_MOVES ? "..." : "");
		if (*note)
			fprintf(out, " (%s)", note);
		putc('\n', out);
	}
}

void verify_sample(bool *only, size_t count, size_t n)
{
	memset(only, 0, count * sizeof(*only));
	if (n >= count) {
		memset(only, 1, count * sizeof(*only));
		return;
	}
	for (size_t j = 0; j < n; j++)
		only[j * count / n] = true;
}

/* Keep in V the solvers that serve the dataset's domain. */
static void pick_solvers(verifier *v, const pb_solver *const *solvers, size_t nsolvers,
			 const bool *sampled, const verify_options *o, bool noisy, FILE *out)
{
	pb_config cfg = { .heuristic = o->r.heuristic, .cache_dir = o->r.cache_dir };
	char why[160];

	v->nsolvers = 0;
	for (size_t k = 0; k < nsolvers && v->nsolvers < MAX_SOLVERS; k++) {
		const char *no = solvers[k]->supports(&v->ds->domain, &cfg, why, sizeof(why));

		if (no) {
			if (noisy)
				fprintf(out, "note: %s left out of '%s': %s\n", solvers[k]->name,
					v->ds->name, no);
			continue;
		}
		v->sampled[v->nsolvers] = sampled && sampled[k];
		v->prepare_note[v->nsolvers] = NO_TEXT;
		v->solvers[v->nsolvers++] = solvers[k];
	}
}

/* Run V's solvers: the unsampled over everything, then the sampled over
 * ONLY. Returns 1 when stopped. */
static int run_solvers(verifier *v, const bool *only, const verify_options *o)
{
	runner_hooks hooks = { .row = on_row, .tick = on_tick, .arg = v };
	const pb_solver *group[MAX_SOLVERS];

	for (int pass = 0; pass < 2; pass++) {
		bool want = pass == 1;

		for (size_t k = 0; k < v->nsolvers; k++) {
			size_t n = 0;

			/* one runner call per solver keeps answers[] indices simple */
			if (v->sampled[k] != want)
				continue;
			group[n++] = v->solvers[k];
			v->base = k;
			if (runner_run(v->ds, group, n, want ? only : NULL, &o->r, &hooks))
				return 1;
		}
	}
	return 0;
}

static uint64_t work_of(const verifier *v, const bool *only, const verify_options *o)
{
	uint64_t w = 0;

	for (size_t k = 0; k < v->nsolvers; k++)
		w += runner_work(v->ds, 1, v->sampled[k] ? only : NULL, &o->r);
	return w;
}

/* Check the answers to one dataset; print what disagrees. */
static void check_dataset(const verifier *v, const verify_options *o, totals *t, FILE *out)
{
	for (size_t k = 0; k < v->nsolvers; k++)
		if (v->prepare_note[k] != NO_TEXT)
			fprintf(out, "%s: %s: %s\n", v->ds->path, v->solvers[k]->name,
				text_at(v, v->prepare_note[k]));
	for (size_t i = 0; i < v->ds->count; i++) {
		if (instance_agrees(v, i, t))
			continue;
		if (t->bad++ < o->max_shown)
			show_instance(out, v, i);
	}
	t->instances += v->ds->count;
}

static int verify_dataset(verifier *v, const verify_options *o, const bool *only, totals *t,
			  FILE *out)
{
	int stopped;

	v->answers = calloc(v->ds->count * (v->nsolvers ? v->nsolvers : 1), sizeof(*v->answers));
	if (!v->answers) {
		fprintf(out, "%s: out of memory for the answers\n", v->ds->path);
		t->bad++;
		return 0;
	}
	for (size_t i = 0; i < v->ds->count * v->nsolvers; i++)
		v->answers[i].moves = v->answers[i].note = NO_TEXT;
	stopped = run_solvers(v, only, o);
	if (v->oom) {
		fprintf(out, "%s: out of memory for the answers\n", v->ds->path);
		t->bad++;
	}
	if (!stopped)
		check_dataset(v, o, t, out);
	free(v->answers);
	free(v->arena);
	v->answers = NULL;
	v->arena = NULL;
	v->used = v->cap = 0;
	return stopped;
}

static int verify_all(const dataset *ds, size_t nds, const pb_solver *const *solvers,
		      size_t nsolvers, const bool *sampled, const verify_options *o, bool noisy,
		      FILE *out)
{
	verifier *v = calloc(nds ? nds : 1, sizeof(*v));
	bool **only = calloc(nds ? nds : 1, sizeof(*only));
	totals t = { 0 };
	progress prog;
	uint64_t work = 0;
	int rc = PB_EXIT_OK, stopped = 0;

	if (!v || !only) {
		free(v);
		free(only);
		fprintf(out, "verify: out of memory\n");
		return PB_EXIT_CHECK;
	}
	for (size_t d = 0; d < nds; d++) {
		v[d].ds = &ds[d];
		v[d].prog = &prog;
		pick_solvers(&v[d], solvers, nsolvers, sampled, o, noisy, out);
		only[d] = malloc((ds[d].count ? ds[d].count : 1) * sizeof(bool));
		if (!only[d]) {
			rc = PB_EXIT_CHECK;
			fprintf(out, "verify: out of memory\n");
			goto out;
		}
		verify_sample(only[d], ds[d].count, o->sample ? o->sample : ds[d].count);
		work += work_of(&v[d], only[d], o);
	}
	progress_start(&prog, "solves", work);
	for (size_t d = 0; d < nds && !stopped; d++)
		stopped = verify_dataset(&v[d], o, only[d], &t, out);
	progress_end(&prog);
	if (stopped) {
		fprintf(out, "verify: interrupted\n");
		rc = EXIT_SIGNAL_BASE + *o->r.stop;
	} else if (t.bad) {
		fprintf(out, "verify: %zu of %zu instances disagree or went unanswered%s\n", t.bad,
			t.checked, t.bad > o->max_shown ? " (the first shown)" : "");
		rc = PB_EXIT_CHECK;
	} else {
		fprintf(out, "verify: all agree on %zu of %zu instances in %zu dataset%s "
			"(%zu solvable, %zu unsolvable)\n", t.checked, t.instances, nds,
			nds == 1 ? "" : "s", t.solvable, t.unsolvable);
	}
out:
	for (size_t d = 0; d < nds; d++)
		free(only[d]);
	free(only);
	free(v);
	return rc;
}

int verify_run(const dataset *ds, size_t nds, const pb_solver *const *solvers,
	       size_t nsolvers, const bool *sampled, const verify_options *o, FILE *out)
{
	return verify_all(ds, nds, solvers, nsolvers, sampled, o, true, out);
}

/* The command */

typedef struct verify_args {
	const char *datasets[MAX_DATASETS];
	size_t ndatasets;
	char *algorithms, *sampled;
	verify_options v;
} verify_args;

static void usage(FILE *out)
{
	fprintf(out,
"usage: bench verify [options] --dataset FILE [--dataset FILE ...]\n"
"       bench verify [options] FILE...\n"
"\n"
"Run solvers over datasets and check that every answer is accepted (its\n"
"moves replayed to the goal, no longer than the reference), that the\n"
"solvers agree on solvability and optimal length, that they agree with\n"
"each dataset's reference length, and, for Magic Squares, on the\n"
"lexicographically least moves. Each disagreeing instance is printed with\n"
"every solver's answer. Exit status: 0 when all agree, 1 when any instance\n"
"disagrees or went unanswered (timeout, memout, error), 2 for bad usage or\n"
"input.\n"
"\n"
"options:\n"
"  -d, --dataset FILE         a dataset file (repeatable; also as arguments)\n"
"  -a, --algorithms LIST      comma-separated solver names (default: every\n"
"                             solver that serves each dataset's domain)\n"
"      --heuristic NAME       heuristic for the informed solvers\n"
"      --pdb-cache DIR        where pattern databases are kept\n"
"  -s, --sample N             the sampled solvers answer only N instances of\n"
"                             each dataset, taken evenly (first included)\n"
"      --sample-algorithms LIST  which solvers are sampled (default: all of\n"
"                             them, when --sample is given); the others\n"
"                             answer every instance\n"
"  -t, --time-limit SECONDS   limit of each solve (default none)\n"
"  -m, --mem-limit BYTES      limit of each solve and preparation, suffixes\n"
"                             K M G (default none)\n"
"      --prepare-limit SECONDS  limit of each preparation (default none)\n"
"      --show N               disagreeing instances printed in full\n"
"                             (default %d)\n"
"  -h, --help                 show this and exit\n",
		DEFAULT_SHOWN);
}

#define bad_usage(...) cmdline_bad_usage(CMD, __VA_ARGS__)

static int add_dataset(verify_args *a, const char *path)
{
	if (a->ndatasets == MAX_DATASETS)
		return bad_usage("more than %d datasets", MAX_DATASETS);
	a->datasets[a->ndatasets++] = path;
	return 0;
}

static int parse_options(int argc, char **argv, verify_args *a)
{
	enum { OPT_HEURISTIC = 256, OPT_PDB_CACHE, OPT_SAMPLED, OPT_PREPARE_LIMIT, OPT_SHOW };
	static const struct option longopts[] = {
		{ "dataset", required_argument, NULL, 'd' },
		{ "algorithms", required_argument, NULL, 'a' },
		{ "heuristic", required_argument, NULL, OPT_HEURISTIC },
		{ "pdb-cache", required_argument, NULL, OPT_PDB_CACHE },
		{ "sample", required_argument, NULL, 's' },
		{ "sample-algorithms", required_argument, NULL, OPT_SAMPLED },
		{ "time-limit", required_argument, NULL, 't' },
		{ "mem-limit", required_argument, NULL, 'm' },
		{ "prepare-limit", required_argument, NULL, OPT_PREPARE_LIMIT },
		{ "show", required_argument, NULL, OPT_SHOW },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	uint64_t n;
	int c;

	memset(a, 0, sizeof(*a));
	a->v.r.repeat = 1;
	a->v.max_shown = DEFAULT_SHOWN;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:a:s:t:m:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd':
			if (add_dataset(a, optarg))
				return PB_EXIT_USAGE;
			break;
		case 'a': a->algorithms = optarg; break;
		case OPT_HEURISTIC: a->v.r.heuristic = optarg; break;
		case OPT_PDB_CACHE: a->v.r.cache_dir = optarg; break;
		case 's':
			if (units_parse_count(optarg, 1, SIZE_MAX, &n))
				return bad_usage("--sample '%s' is not a count of at least 1", optarg);
			a->v.sample = (size_t)n;
			break;
		case OPT_SAMPLED: a->sampled = optarg; break;
		case 't':
			if (units_parse_seconds(optarg, &a->v.r.time_limit_ns))
				return bad_usage("--time-limit '%s' is not a duration in seconds", optarg);
			break;
		case 'm':
			if (units_parse_bytes(optarg, &a->v.r.mem_limit))
				return bad_usage("--mem-limit '%s' is not a size (bytes, or with K, M, G)",
						 optarg);
			break;
		case OPT_PREPARE_LIMIT:
			if (units_parse_seconds(optarg, &a->v.r.prepare_limit_ns))
				return bad_usage("--prepare-limit '%s' is not a duration in seconds", optarg);
			break;
		case OPT_SHOW:
			if (units_parse_count(optarg, 0, SIZE_MAX, &n))
				return bad_usage("--show '%s' is not a count", optarg);
			a->v.max_shown = (size_t)n;
			break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case ':': return bad_usage("option '%s' needs a value", argv[optind - 1]);
		default: return bad_usage("unknown option '%s'", argv[optind - 1]);
		}
	}
	for (; optind < argc; optind++)
		if (add_dataset(a, argv[optind]))
			return PB_EXIT_USAGE;
	if (!a->ndatasets)
		return bad_usage("no dataset given (--dataset FILE)");
	if (a->sampled && !a->v.sample)
		return bad_usage("--sample-algorithms needs --sample N");
	return -1;
}

/* Solvers named in LIST (cut in place) into OUT. Returns the count, or -1
 * (said why). */
static int solvers_named(char *list, const char *option, const pb_solver **out)
{
	char *names[MAX_SOLVERS];
	int n = cmdline_split(list, names, MAX_SOLVERS);

	if (n <= 0) {
		bad_usage("%s: want one or more solver names, separated by commas", option);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		out[i] = pb_solver_find(names[i]);
		if (!out[i]) {
			fprintf(stderr, "bench " CMD ": unknown solver '%s' (see 'bench list')\n", names[i]);
			return -1;
		}
		for (int k = 0; k < i; k++) {
			if (out[k] == out[i]) {
				bad_usage("%s names '%s' twice", option, names[i]);
				return -1;
			}
		}
	}
	return n;
}

static int check_heuristic(const char *name)
{
	if (!name)
		return 0;
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!strcmp(pb_heuristics[i].name, name))
			return 0;
	fprintf(stderr, "bench " CMD ": unknown heuristic '%s' (see 'bench list')\n", name);
	return -1;
}

/* Solvers and their sampled flags from the options. Returns the count, or
 * -1 (said why). */
static int choose(verify_args *a, const pb_solver **solvers, bool *sampled)
{
	const pb_solver *marked[MAX_SOLVERS];
	int n, nmarked = 0;

	if (a->algorithms) {
		n = solvers_named(a->algorithms, "--algorithms", solvers);
		if (n < 0)
			return -1;
	} else {
		for (n = 0; (size_t)n < pb_solver_count && n < MAX_SOLVERS; n++)
			solvers[n] = pb_solvers[n];
	}
	if (a->sampled && (nmarked = solvers_named(a->sampled, "--sample-algorithms", marked)) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		sampled[i] = a->v.sample && !a->sampled;
		for (int k = 0; k < nmarked; k++)
			sampled[i] |= marked[k] == solvers[i];
	}
	for (int k = 0; k < nmarked; k++) {
		int i = 0;

		while (i < n && solvers[i] != marked[k])
			i++;
		if (i == n) {
			bad_usage("--sample-algorithms names '%s', which is not among those verified",
				  marked[k]->name);
			return -1;
		}
	}
	return n;
}

int cmd_verify(int argc, char **argv)
{
	verify_args a;
	const pb_solver *solvers[MAX_SOLVERS];
	bool sampled[MAX_SOLVERS];
	dataset ds[MAX_DATASETS];
	char err[1024];
	size_t loaded = 0;
	int rc, n;

	rc = parse_options(argc, argv, &a);
	if (rc >= 0)
		return rc;
	n = choose(&a, solvers, sampled);
	if (n < 0 || check_heuristic(a.v.r.heuristic))
		return PB_EXIT_USAGE;
	for (; loaded < a.ndatasets; loaded++) {
		if (dataset_load(&ds[loaded], a.datasets[loaded], err, sizeof(err))) {
			fprintf(stderr, "bench " CMD ": %s\n", err);
			dataset_release(&ds[loaded]);
			rc = PB_EXIT_USAGE;
			goto out;
		}
	}
	a.v.r.stop = signals_catch();
	rc = verify_all(ds, loaded, solvers, (size_t)n, sampled, &a.v, a.algorithms != NULL,
			stdout);
	signals_restore();
	fflush(stdout);
out:
	for (size_t i = 0; i < loaded; i++)
		dataset_release(&ds[i]);
	return rc;
}
