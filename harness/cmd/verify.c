#include "harness/cmd/verify.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/cmd/run_options.h"
#include "harness/io/progress.h"
#include "harness/engine/signals.h"
#include "harness/io/units.h"

#define CMD "verify"
#define MAX_UNITS RUNNER_MAX_UNITS
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

/* The check of one dataset: its units (a solver with a heuristic) are the
 * answerers. */
typedef struct verifier {
	const dataset *ds;
	runner_unit units[MAX_UNITS];
	bool sampled[MAX_UNITS];
	size_t nunits, base; /* base: index of unit 0 of the current runner call */
	uint32_t prepare_note[MAX_UNITS];
	answer *answers;       /* count x nunits */
	char *arena;
	size_t used, cap;
	bool oom;
	progress *prog;
	run_seen *seen;        /* what was said beyond the report, all datasets */
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
	size_t k = v->base + row->unit;
	answer *a;

	run_common_note_row(CMD, row, v->seen, v->prog);
	if (row->phase == RUN_PREPARE) {
		if (row->status != RUN_OK) {
			char why[256];

			snprintf(why, sizeof(why), "preparation %s%s%s", run_status_name(row->status),
				 *row->note ? ": " : "", row->note);
			v->prepare_note[k] = keep_text(v, why, strlen(why));
		}
		return;
	}
	a = &v->answers[row->instance * v->nunits + k];
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
	const answer *a = &v->answers[i * v->nunits];
	const dataset_instance *in = &v->ds->instances[i];
	int solvable = -1, length = -1, least = -1, best;
	const char *moves = NULL;
	bool ran = false, good = true;

	for (size_t k = 0; k < v->nunits; k++) {
		if (!a[k].ran)
			continue;
		/* an incomplete solver (beam) may find nothing */
		if (v->units[k].solver->incomplete && a[k].status == RUN_ERROR)
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
		if (least < 0 || a[k].length < least)
			least = a[k].length;
		/* a suboptimal solver is held to its bound below */
		if (v->units[k].solver->guarantee != PB_GUARANTEE_OPTIMAL)
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
	/* the bounded against the reference, else the optimal solvers'
	 * length, else the best answer of all */
	best = in->reference >= 0 ? in->reference : length >= 0 ? length : least;
	for (size_t k = 0; k < v->nunits && best >= 0; k++)
		if (a[k].ran && a[k].status == RUN_OK &&
		    !pb_within_bound(a[k].length, best, pb_solver_bound(v->units[k].solver)))
			good = false;
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
	const answer *a = &v->answers[i * v->nunits];
	char state[PB_STATE_TEXT_MAX], ref[16], label[128];

	pb_format(&v->ds->domain, &in->state, state, sizeof(state));
	fprintf(out, "%s:%u: instance '%s' (%s), reference %s:\n", v->ds->path, in->line, in->id,
		state, dataset_format_reference(in->reference, ref, sizeof(ref)));
	for (size_t k = 0; k < v->nunits; k++) {
		const char *moves = text_at(v, a[k].moves), *note = text_at(v, a[k].note);
		int n = (int)strlen(moves);

		if (!a[k].ran)
			continue;
		fprintf(out, "  %-16s %s", runner_unit_label(&v->units[k], &v->ds->domain, label,
							    sizeof(label)),
			run_status_name(a[k].status));
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

/* Keep in V the units of SOLVERS that serve the dataset's domain (each
 * informed solver with each heuristic that fits); NOISY: the solvers were
 * named, and the units left out get a note. */
static void pick_units(verifier *v, const pb_solver *const *solvers, size_t nsolvers,
		       const bool *sampled, const verify_options *o, bool noisy, FILE *out)
{
	runner_unit *all = v->units;
	size_t n = runner_units(solvers, nsolvers, noisy, &v->ds->domain, &o->r, all);
	char why[160], label[128];

	v->nunits = 0;
	for (size_t u = 0; u < n; u++) {
		pb_config cfg = { .heuristic = all[u].heuristic, .cache_dir = o->r.cache_dir };
		const char *no = runner_refusal(all[u].solver, &v->ds->domain, &cfg, why, sizeof(why));
		size_t k = 0;

		if (no) {
			if (noisy)
				fprintf(out, "note: %s left out of '%s': %s\n",
					runner_unit_label(&all[u], &v->ds->domain, label, sizeof(label)),
					v->ds->name, no);
			continue;
		}
		while (k < nsolvers && solvers[k] != all[u].solver)
			k++;
		v->sampled[v->nunits] = sampled && k < nsolvers && sampled[k];
		v->prepare_note[v->nunits] = NO_TEXT;
		/* kept in place: the units kept are never ahead of the one read */
		v->units[v->nunits++] = all[u];
	}
}

/* Run V's units: the unsampled over everything, then the sampled over
 * ONLY. Returns 1 when stopped. */
static int run_units(verifier *v, const bool *only, const verify_options *o)
{
	runner_hooks hooks = { .row = on_row, .tick = on_tick, .arg = v };

	for (int pass = 0; pass < 2; pass++) {
		bool want = pass == 1;

		for (size_t k = 0; k < v->nunits; k++) {
			/* one runner call per unit keeps answers[] indices simple */
			if (v->sampled[k] != want)
				continue;
			v->base = k;
			if (runner_run(v->ds, &v->units[k], 1, want ? only : NULL, &o->r, &hooks))
				return 1;
		}
	}
	return 0;
}

static uint64_t work_of(const verifier *v, const bool *only, const verify_options *o)
{
	uint64_t w = 0;

	for (size_t k = 0; k < v->nunits; k++)
		w += runner_work(v->ds, 1, v->sampled[k] ? only : NULL, &o->r);
	return w;
}

/* Check the answers to one dataset; print what disagrees. */
static void check_dataset(const verifier *v, const verify_options *o, totals *t, FILE *out)
{
	char label[128];

	for (size_t k = 0; k < v->nunits; k++)
		if (v->prepare_note[k] != NO_TEXT)
			fprintf(out, "%s: %s: %s\n", v->ds->path,
				runner_unit_label(&v->units[k], &v->ds->domain, label, sizeof(label)),
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

	v->answers = calloc(v->ds->count * (v->nunits ? v->nunits : 1), sizeof(*v->answers));
	if (!v->answers) {
		fprintf(out, "%s: out of memory for the answers\n", v->ds->path);
		t->bad++;
		return 0;
	}
	for (size_t i = 0; i < v->ds->count * v->nunits; i++)
		v->answers[i].moves = v->answers[i].note = NO_TEXT;
	stopped = run_units(v, only, o);
	/* the report starts at the line's beginning, not after the progress */
	progress_clear(v->prog);
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
	run_seen seen = { .n = 0 };
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
		v[d].seen = &seen;
		pick_units(&v[d], solvers, nsolvers, sampled, o, noisy, out);
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
	} else if (!t.checked) {
		fprintf(out, "verify: nothing was checked: %s\n", t.instances
			? "no solver serves the datasets' domains" : "the datasets hold no instances");
		rc = PB_EXIT_CHECK;
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
	run_common c;           /* datasets, solvers, limits: shared with run */
	const char *sampled;    /* the --sample-algorithms list, or NULL */
	verify_options v;
} verify_args;

static void usage(FILE *out)
{
	fputs(
"usage: bench verify [options] --dataset FILE [--dataset FILE ...]\n"
"       bench verify [options] FILE...\n"
"\n"
"Run solvers over datasets and check that every answer is accepted (its\n"
"moves replayed to the goal, within its solver's guarantee against the\n"
"reference), that the optimal solvers agree on solvability and optimal\n"
"length, that they agree with each dataset's reference length, and, for\n"
"Magic Squares, on the lexicographically least moves. A bounded solver\n"
"(wastar:w=W) is held to W times the reference, or where there is none\n"
"the optimal solvers' length, or else the best answer of all; one that\n"
"promises nothing (gbfs) to reaching the goal; an incomplete one (beam)\n"
"may find nothing. Each disagreeing instance is printed with\n"
"every solver's answer. A solver named with -a that does not serve a\n"
"dataset's domain is left out of it, with a note. Exit status: 0 when all\n"
"agree, 1 when any instance disagrees or went unanswered (timeout, memout,\n"
"error) or when nothing was checked (no solver serves the datasets), 2 for\n"
"bad usage or input.\n"
"\n"
"options:\n", out);
	run_common_usage(out);
	fprintf(out,
"  -s, --sample N           the sampled solvers answer only N instances of\n"
"                           each dataset, taken evenly (first included)\n"
"      --sample-algorithms LIST  which solvers are sampled (default: all of\n"
"                           them, when --sample is given); the others answer\n"
"                           every instance\n"
"      --show N             disagreeing instances printed in full\n"
"                           (default %d)\n"
"  -h, --help               show this and exit\n",
		DEFAULT_SHOWN);
}

#define bad_usage(...) cmdline_bad_usage(CMD, __VA_ARGS__)

static int parse_options(int argc, char **argv, verify_args *a)
{
	enum { OPT_SAMPLED = RUN_OPT_OWN, OPT_SHOW };
	static const struct option longopts[] = {
		RUN_LONG_OPTIONS,
		{ "sample", required_argument, NULL, 's' },
		{ "sample-algorithms", required_argument, NULL, OPT_SAMPLED },
		{ "show", required_argument, NULL, OPT_SHOW },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	uint64_t n;
	int c, rc;

	memset(a, 0, sizeof(*a));
	a->c.r.repeat = 1;
	a->v.max_shown = DEFAULT_SHOWN;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, RUN_SHORT_OPTIONS "s:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (units_parse_count(optarg, 1, SIZE_MAX, &n))
				return bad_usage("--sample '%s' is not a count of at least 1", optarg);
			a->v.sample = (size_t)n;
			break;
		case OPT_SAMPLED: a->sampled = optarg; break;
		case OPT_SHOW:
			if (units_parse_count(optarg, 0, SIZE_MAX, &n))
				return bad_usage("--show '%s' is not a count", optarg);
			a->v.max_shown = (size_t)n;
			break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		default:
			rc = run_common_option(&a->c, CMD, c, optarg, argv[optind - 1]);
			if (rc)
				return rc;
		}
	}
	rc = run_common_finish(&a->c, CMD, argc, argv, optind);
	if (rc)
		return rc;
	if (a->sampled && !a->v.sample)
		return bad_usage("--sample-algorithms needs --sample N");
	a->v.r = a->c.r;
	return -1;
}

/* Solvers and their sampled flags from the options. Returns the count, or
 * -1 (said why). */
static int choose(verify_args *a, const pb_solver **solvers, bool *sampled)
{
	const pb_solver *marked[RUN_MAX_SOLVERS];
	int n, nmarked = 0;

	if (a->c.algorithms) {
		n = run_common_solvers(CMD, "--algorithms", a->c.algorithms, solvers);
		if (n < 0)
			return -1;
	} else {
		for (n = 0; (size_t)n < pb_solver_count && n < RUN_MAX_SOLVERS; n++)
			solvers[n] = pb_solvers[n];
	}
	n = (int)outside_extend(solvers, (size_t)n, RUN_MAX_SOLVERS, a->c.algorithms != NULL, NULL,
				NULL);
	if (a->sampled &&
	    (nmarked = run_common_solvers(CMD, "--sample-algorithms", a->sampled, marked)) < 0)
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
	const pb_solver *solvers[RUN_MAX_SOLVERS];
	bool sampled[RUN_MAX_SOLVERS];
	dataset ds[RUN_MAX_DATASETS];
	int rc, n;

	rc = parse_options(argc, argv, &a);
	if (rc >= 0)
		return rc;
	n = choose(&a, solvers, sampled);
	if (n < 0)
		return PB_EXIT_USAGE;
	memset(ds, 0, sizeof(ds));
	if (run_common_load(CMD, &a.c, ds)) {
		rc = PB_EXIT_USAGE;
		goto out;
	}
	run_common_print_limits(&a.c, CMD);
	a.v.r.stop = signals_catch();
	rc = verify_all(ds, a.c.ndatasets, solvers, (size_t)n, sampled, &a.v,
			a.c.algorithms != NULL, stdout);
	signals_restore();
	fflush(stdout);
out:
	for (size_t i = 0; i < a.c.ndatasets; i++)
		dataset_release(&ds[i]);
	return rc;
}
