/* bench check: grade a file of answers against a dataset without running
 * the program that wrote them. Each answer (in the format 'bench solve'
 * writes, read by the one reader of it, answer.h) is judged as the runner
 * judges a solver's: replayed to the goal, no longer than the reference,
 * unsolvable only when it is; for Magic Squares also the least of the
 * shortest answers, as USACO demands. */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "algorithms/solvers/solver.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/engine/outside.h"
#include "harness/engine/runner.h"
#include "harness/engine/turn.h"
#include "harness/io/answer.h"
#include "harness/io/answer_file.h"
#include "harness/io/dataset.h"
#include "harness/io/dataset_select.h"
#include "harness/io/units.h"

#define CMD "check"
/* Wrong instances named in the last line, at most. */
#define NAMED_MAX 10

static void usage(FILE *out)
{
	fputs("usage: bench check [options] DATASET ANSWERS\n"
	      "\n"
	      "Grade a file of answers, one for each instance of DATASET in order,\n"
	      "in the format 'bench solve' writes (tiles: a line of moves or\n"
	      "'unsolvable'; Magic Squares: the length, then the moves in lines of\n"
	      "60, an empty line for none; pancakes, the cube: a line of flip sizes\n"
	      "or turns between blanks; '#' lines before an answer are comments).\n"
	      "Each answer is replayed and must reach the goal, be as short as the\n"
	      "dataset's reference (or within --guarantee of it) and say\n"
	      "'unsolvable' only when it is; optimal Magic Squares answers must\n"
	      "also be the least of the shortest ones. Prints a\n"
	      "line for each instance, then a summary. Exit status: 0 when every\n"
	      "answer is right, 1 when one is not, 2 for bad usage or a file that\n"
	      "is not a file of answers to DATASET. With --instances or --limit,\n"
	      "ANSWERS holds an answer for each instance chosen, in order. An\n"
	      "instance without a reference (a walk dataset's '-') is judged by\n"
	      "its moves alone: its length cannot be, and the summary says how many\n"
	      "went so. Answers are to DATASET's own puzzles, for its goal (which\n"
	      "'bench run' hides from a program by turning the board: for those,\n"
	      "--exported).\n"
	      "\n"
	      "options:\n"
	      "  -q, --quiet              print only the wrong answers and the summary\n"
	      "      --exported           the answers are to the puzzles as 'bench gen\n"
	      "                           --export DATASET' writes them (turned to the\n"
	      "                           default goal), and are turned back\n"
	      "      --guarantee G        what the answers' solver promised: optimal (the\n"
	      "                           default), a factor W >= 1 of the reference (as\n"
	      "                           2: at most twice as long), or none (any length)\n"
	      DATASET_SELECT_USAGE
	      "      --plugin FILE.so     load a plugin's domains (repeatable)\n"
	      "  -h, --help               show this and exit\n", out);
}

/* The least shortest answers, for the domains that demand them. */
typedef struct least {
	const pb_solver *solver;
	void *ctx;
	pb_search prep;
} least;

static int least_start(least *l, const pb_domain *d)
{
	pb_config cfg = { 0 };

	memset(l, 0, sizeof(*l));
	if (!d->lex_smallest)
		return 0;
	l->solver = pb_solver_default(d, &cfg);
	pb_search_init(&l->prep, 0, 0, NULL);
	if (!l->solver || pb_solver_prepare(l->solver, d, &cfg, &l->prep, &l->ctx) != PB_SOLVED) {
		fprintf(stderr, "bench " CMD ": no solver to find the least answers of '%s'\n", d->name);
		l->solver = NULL;
		return -1;
	}
	return 0;
}

static void least_end(least *l)
{
	if (l->solver)
		l->solver->release(l->ctx);
}

/* Whether PATH for START is the least of the shortest answers; if not,
 * the least into WHY. */
static bool least_agrees(least *l, const pb_domain *d, const pb_state *start, const pb_path *path,
			 char *why, size_t whylen)
{
	pb_search s;
	pb_path best;
	char moves[PB_MAX_PATH * PB_MOVE_NAME_MAX + 1];

	if (!l->solver)
		return true;
	pb_search_init(&s, 0, 0, NULL);
	if (l->solver->solve(l->ctx, start, &s, &best) != PB_SOLVED || best.length != path->length ||
	    !memcmp(best.moves, path->moves, (size_t)path->length))
		return true;
	pb_format_moves(d, best.moves, best.length, moves, sizeof(moves));
	snprintf(why, whylen, "a shortest answer, but not the least: that is %.64s", moves);
	return false;
}

typedef struct tally {
	size_t right, wrong;
	size_t unmeasured; /* right answers whose length no reference judged */
	char named[NAMED_MAX][DATASET_MAX_ID + 1];
} tally;

/* Which puzzles the answers are to: the dataset's own, or (--exported)
 * those turned to the default goal, as a program is given them. */
typedef struct frame {
	double bound;  /* --guarantee: 1 optimal, W, or INFINITY (none) */
	bool exported; /* --exported */
	bool turns;    /* the dataset has a goal other than the default: T */
	turn t;
} frame;

/* GIVEN, an answer to the turned puzzle, with its moves turned back into
 * OUT: an answer to the dataset's. */
static void turn_back(const frame *fr, const pb_path *given, pb_path *out)
{
	*out = *given;
	for (int i = 0; i < given->length; i++)
		out->moves[i] = fr->t.move_back[given->moves[i]];
}

/* After GIVEN was judged wrong (why in NOTE) as an answer to the puzzles
 * FR says: when it answers the others rightly, NOTE says that instead
 * (how it fails here is then beside the point). */
static void hint_frame(const frame *fr, const dataset *ds, const dataset_instance *in,
		       const answer_frame *f, const pb_path *given, char *note, size_t notelen)
{
	char other[200];
	pb_path path;
	bool below;

	if (!fr->turns || f->state != ANSWER_DONE || f->status != PB_SOLVED)
		return;
	if (fr->exported)
		path = *given;
	else
		turn_back(fr, given, &path);
	if (runner_judge(&ds->domain, in, f->status, &path, fr->bound, other, sizeof(other),
			 &below) != RUN_OK)
		return;
	snprintf(note, notelen, fr->exported
		 ? "it answers the dataset's own puzzle, not the one turned to the default goal: "
		   "drop --exported"
		 : "it answers the puzzle turned to the default goal, as 'bench gen --export' "
		   "writes it, not the dataset's own: add --exported");
}

/* Judge answer F (PATH) to instance IN, print its line. */
static void judge(const dataset *ds, const dataset_instance *in, const answer_frame *f,
		  const pb_path *given, const frame *fr, least *l, const char *file, unsigned line,
		  bool quiet, tally *t)
{
	char note[300];
	bool below = false;
	run_status st = RUN_WRONG;
	pb_path turned;
	const pb_path *path = given;

	if (fr->exported && fr->turns) {
		turn_back(fr, given, &turned);
		path = &turned;
	}
	if (f->state == ANSWER_BAD)
		snprintf(note, sizeof(note), "%s", f->why);
	else
		st = runner_judge(&ds->domain, in, f->status, path, fr->bound, note, sizeof(note),
				  &below);
	/* the least of the shortest answers is an optimal solver's promise */
	if (st == RUN_OK && !below && fr->bound == 1 &&
	    !least_agrees(l, &ds->domain, &in->state, path, note, sizeof(note)))
		st = RUN_WRONG;
	if (st == RUN_WRONG)
		hint_frame(fr, ds, in, f, given, note, sizeof(note));
	if (st == RUN_OK && in->reference == DATASET_REF_UNKNOWN)
		t->unmeasured++;
	if (st == RUN_WRONG) {
		if (t->wrong < NAMED_MAX)
			snprintf(t->named[t->wrong], sizeof(t->named[0]), "%s", in->id);
		t->wrong++;
		printf("%s:%u: %s: wrong: %s\n", file, line, in->id, note);
		return;
	}
	t->right++;
	if (quiet)
		return;
	if (st == RUN_UNSOLVABLE)
		printf("%s: ok, unsolvable\n", in->id);
	else if (below)
		printf("%s: ok, %d moves (%s)\n", in->id, path->length, note);
	else if (in->reference >= 0 && path->length > in->reference)
		printf("%s: ok, %d moves (the reference %d; within the guarantee)\n", in->id,
		       path->length, in->reference);
	else
		printf("%s: ok, %d move%s%s\n", in->id, path->length, path->length == 1 ? "" : "s",
		       in->reference == DATASET_REF_UNKNOWN ? " (no reference to compare)" : "");
}

/* Grade the answers A against DS (to the puzzles FR says). Returns the
 * exit status. */
static int grade(const dataset *ds, const answer_file *a, const frame *fr, bool quiet)
{
	answer_walk w;
	tally t = { 0 };
	least l;
	char err[512];

	if (answer_file_check(a, &ds->domain, ds->count, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return PB_EXIT_USAGE;
	}
	if (least_start(&l, &ds->domain))
		return PB_EXIT_USAGE;
	answer_walk_init(&w, a);
	for (size_t i = 0; i < ds->count; i++) {
		answer_frame f;
		pb_path path;
		unsigned first = answer_walk_next(&w, &ds->domain, &f, &path);

		judge(ds, &ds->instances[i], &f, &path, fr, &l, a->name, first, quiet, &t);
	}
	least_end(&l);
	if (t.unmeasured)
		printf("check: %zu right answer%s had no reference: %s moves reach the goal, but "
		       "without a reference no length is judged optimal or not\n", t.unmeasured,
		       t.unmeasured == 1 ? "" : "s", t.unmeasured == 1 ? "its" : "their");
	if (!t.wrong) {
		printf("check: all %zu answers right\n", t.right);
		return PB_EXIT_OK;
	}
	printf("check: %zu of %zu answers wrong:", t.wrong, t.wrong + t.right);
	for (size_t k = 0; k < t.wrong && k < NAMED_MAX; k++)
		printf(" %s", t.named[k]);
	printf("%s\n", t.wrong > NAMED_MAX ? " ..." : "");
	return PB_EXIT_CHECK;
}

/* Set up FR for DS: the turn to the default goal, where there is one.
 * Returns 0, or -1 (said why) when --exported asks for one there is not. */
static int start_frame(frame *fr, const dataset *ds)
{
	char why[256];

	fr->turns = !turn_none_needed(&ds->domain) && !turn_refusal(&ds->domain, why, sizeof(why)) &&
		    !turn_init(&fr->t, &ds->domain, why, sizeof(why));
	if (fr->exported && turn_refusal(&ds->domain, why, sizeof(why))) {
		fprintf(stderr, "bench " CMD ": --exported: %s\n", why);
		return -1;
	}
	return 0;
}

int cmd_check(int argc, char **argv)
{
	enum { OPT_INSTANCES = 256, OPT_LIMIT, OPT_EXPORTED, OPT_GUARANTEE, OPT_OUTSIDE };
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "exported", no_argument, NULL, OPT_EXPORTED },
		{ "guarantee", required_argument, NULL, OPT_GUARANTEE },
		{ "instances", required_argument, NULL, OPT_INSTANCES },
		{ "limit", required_argument, NULL, OPT_LIMIT },
		{ "help", no_argument, NULL, 'h' },
		OUTSIDE_PLUGIN_LONGOPT(OPT_OUTSIDE),
		{ 0 },
	};
	char err[1024];
	const char *instances = NULL;
	uint64_t limit = 0;
	bool quiet = false;
	frame fr = { .bound = 1 };
	answer_file a;
	dataset ds;
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'q': quiet = true; break;
		case OPT_EXPORTED: fr.exported = true; break;
		case OPT_GUARANTEE:
			if (outside_parse_bound(optarg, &fr.bound))
				return cmdline_bad_usage(CMD, "--guarantee '%s' is not optimal, none or a "
							 "factor of at least 1 (as 1.5)", optarg);
			break;
		case OPT_INSTANCES: instances = optarg; break;
		case OPT_LIMIT:
			if (units_parse_count(optarg, 1, DATASET_SELECT_LIMIT_MAX, &limit))
				return cmdline_bad_usage(CMD, "--limit '%s' is not a count 1..%u", optarg,
							 DATASET_SELECT_LIMIT_MAX);
			break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case OPT_OUTSIDE + OUTSIDE_PLUGIN:
			if (outside_option(OUTSIDE_PLUGIN, optarg, CMD))
				return PB_EXIT_USAGE;
			break;
		default: return cmdline_bad_option(CMD, c, argv[optind - 1]);
		}
	}
	if (argc - optind != 2)
		return cmdline_bad_usage(CMD, "want a dataset and a file of answers");
	memset(&ds, 0, sizeof(ds));
	if (dataset_load(&ds, argv[optind], err, sizeof(err)) ||
	    dataset_select(&ds, instances, limit, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		dataset_release(&ds);
		return PB_EXIT_USAGE;
	}
	if (answer_file_load(&a, argv[optind + 1], err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		answer_file_release(&a);
		dataset_release(&ds);
		return PB_EXIT_USAGE;
	}
	rc = start_frame(&fr, &ds) ? PB_EXIT_USAGE : grade(&ds, &a, &fr, quiet);
	answer_file_release(&a);
	dataset_release(&ds);
	if (fflush(stdout) || ferror(stdout))
		rc = PB_EXIT_USAGE;
	return rc;
}
