/* bench check: grade a file of answers against a dataset without running
 * the program that wrote them. Each answer (in the format 'bench solve'
 * writes, read by the one reader of it, answer.h) is judged as the runner
 * judges a solver's: replayed to the goal, no longer than the reference,
 * unsolvable only when it is; for Magic Squares also the least of the
 * shortest answers, as USACO demands. */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/solver.h"
#include "harness/cmd/commands.h"
#include "harness/cmd/cmdline.h"
#include "harness/engine/runner.h"
#include "harness/io/answer.h"
#include "harness/io/dataset.h"

#define CMD "check"
/* The largest answer file read. */
#define ANSWERS_MAX (1u << 30)
/* Wrong instances named in the last line, at most. */
#define NAMED_MAX 10

static void usage(FILE *out)
{
	fputs("usage: bench check [options] DATASET ANSWERS\n"
	      "\n"
	      "Grade a file of answers, one for each instance of DATASET in order,\n"
	      "in the format 'bench solve' writes (tiles: a line of moves or\n"
	      "'unsolvable'; Magic Squares: the length, then the moves in lines of\n"
	      "60, an empty line for none; '#' lines before an answer are comments).\n"
	      "Each answer is replayed and must reach the goal, be as short as the\n"
	      "dataset's reference and say 'unsolvable' only when it is; Magic\n"
	      "Squares answers must also be the least of the shortest ones. Prints a\n"
	      "line for each instance, then a summary. Exit status: 0 when every\n"
	      "answer is right, 1 when one is not, 2 for bad usage or a file that\n"
	      "is not a file of answers to DATASET.\n"
	      "\n"
	      "options:\n"
	      "  -q, --quiet   print only the wrong answers and the summary\n"
	      "  -h, --help    show this and exit\n", out);
}

/* The whole of PATH, with a line break at its end, into *BUF and *LEN.
 * Returns 0, or -1 (said why). */
static int read_answers(const char *path, char **buf, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, got;
	char *b = malloc(cap + 1);

	if (!f || !b) {
		fprintf(stderr, "bench " CMD ": %s: %s\n", path, f ? "out of memory" : strerror(errno));
		free(b);
		if (f)
			fclose(f);
		return -1;
	}
	while ((got = fread(b + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			char *p = cap < ANSWERS_MAX ? realloc(b, 2 * cap + 1) : NULL;

			if (!p) {
				fprintf(stderr, "bench " CMD ": %s: larger than %u bytes\n", path, ANSWERS_MAX);
				free(b);
				fclose(f);
				return -1;
			}
			b = p;
			cap *= 2;
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "bench " CMD ": %s: %s\n", path, strerror(errno));
		free(b);
		fclose(f);
		return -1;
	}
	fclose(f);
	if (n && b[n - 1] != '\n')
		b[n++] = '\n';
	*buf = b;
	*len = n;
	return 0;
}

/* The line of byte AT, counting from *LINE at byte *FROM (both moved on). */
static unsigned line_at(const char *buf, size_t at, size_t *from, unsigned *line)
{
	for (; *from < at; (*from)++)
		*line += buf[*from] == '\n';
	return *line;
}

/* A control byte (a binary file) in BUF[0..n): its offset, or N. */
static size_t control_byte(const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)buf[i];

		if ((b < ' ' && b != '\n' && b != '\r' && b != '\t') || b == 0x7f)
			return i;
	}
	return n;
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
	if (!l->solver || l->solver->prepare(d, &cfg, &l->prep, &l->ctx) != PB_SOLVED) {
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
	char moves[PB_MAX_PATH + 1];

	if (!l->solver)
		return true;
	pb_search_init(&s, 0, 0, NULL);
	if (l->solver->solve(l->ctx, start, &s, &best) != PB_SOLVED || best.length != path->length ||
	    !memcmp(best.moves, path->moves, (size_t)path->length))
		return true;
	for (int i = 0; i < best.length; i++)
		moves[i] = pb_move_name(d, best.moves[i]);
	moves[best.length] = '\0';
	snprintf(why, whylen, "a shortest answer, but not the least: that is %.64s", moves);
	return false;
}

typedef struct tally {
	size_t right, wrong;
	char named[NAMED_MAX][DATASET_MAX_ID + 1];
} tally;

/* Judge answer F (PATH) to instance IN, print its line. */
static void judge(const dataset *ds, const dataset_instance *in, const answer_frame *f,
		  const pb_path *path, least *l, const char *file, unsigned line, bool quiet,
		  tally *t)
{
	char note[200];
	bool below = false;
	run_status st = RUN_WRONG;

	if (f->state == ANSWER_BAD)
		snprintf(note, sizeof(note), "%s", f->why);
	else
		st = runner_judge(&ds->domain, in, f->status, path, note, sizeof(note), &below);
	if (st == RUN_OK && !below && !least_agrees(l, &ds->domain, &in->state, path, note,
						   sizeof(note)))
		st = RUN_WRONG;
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
	else
		printf("%s: ok, %d move%s%s\n", in->id, path->length, path->length == 1 ? "" : "s",
		       in->reference == DATASET_REF_UNKNOWN ? " (no reference to compare)" : "");
}

/* A walk through a file of answers, one answer at a time. */
typedef struct walk {
	const char *buf;
	size_t n, at, counted;
	unsigned line;
} walk;

/* The answer at W's place into F and PATH, the walk moved past it.
 * Returns the line where it starts. */
static unsigned walk_next(walk *w, const pb_domain *d, answer_frame *f, pb_path *path)
{
	unsigned first = line_at(w->buf, w->at, &w->counted, &w->line);

	answer_parse(d, NULL, w->buf + w->at, w->n - w->at, f, path);
	w->at += f->used;
	return first;
}

/* Whether BUF[0..n) (the file FILE) holds one answer for each instance
 * of DS and nothing more; if not, says where it goes wrong. */
static bool well_formed(const dataset *ds, const char *file, const char *buf, size_t n)
{
	walk w = { buf, n, 0, 0, 1 };
	size_t bad = control_byte(buf, n);

	if (bad < n) {
		fprintf(stderr, "%s:%u: control byte 0x%02x (a binary file?)\n", file,
			line_at(buf, bad, &w.counted, &w.line), (unsigned char)buf[bad]);
		return false;
	}
	for (size_t i = 0; i < ds->count; i++) {
		size_t at = w.at;
		answer_frame f;
		pb_path path;
		unsigned first = walk_next(&w, &ds->domain, &f, &path);

		if (f.state == ANSWER_MORE && at == n) {
			fprintf(stderr, "%s:%u: the file ends after %zu answers; the dataset has %zu "
				"instances\n", file, first, i, ds->count);
			return false;
		}
		if (f.state == ANSWER_MORE || (f.state == ANSWER_BAD && !f.used)) {
			fprintf(stderr, "%s:%u: %s\n", file, first, f.state == ANSWER_MORE
				? "an answer cut short at the end of the file" : f.why);
			return false;
		}
	}
	for (size_t k = w.at; k < n; k++) {
		if (buf[k] != '\n' && buf[k] != '\r' && buf[k] != ' ' && buf[k] != '\t') {
			fprintf(stderr, "%s:%u: more answers than the dataset's %zu instances\n", file,
				line_at(buf, k, &w.counted, &w.line), ds->count);
			return false;
		}
	}
	return true;
}

/* Grade BUF[0..n) (the file FILE) against DS. Returns the exit status. */
static int grade(const dataset *ds, const char *file, const char *buf, size_t n, bool quiet)
{
	walk w = { buf, n, 0, 0, 1 };
	tally t = { 0 };
	least l;

	if (!well_formed(ds, file, buf, n) || least_start(&l, &ds->domain))
		return PB_EXIT_USAGE;
	for (size_t i = 0; i < ds->count; i++) {
		answer_frame f;
		pb_path path;
		unsigned first = walk_next(&w, &ds->domain, &f, &path);

		judge(ds, &ds->instances[i], &f, &path, &l, file, first, quiet, &t);
	}
	least_end(&l);
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

int cmd_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	char err[1024], *buf = NULL;
	bool quiet = false;
	dataset ds;
	size_t n;
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'q': quiet = true; break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		default: return cmdline_bad_usage(CMD, "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (argc - optind != 2)
		return cmdline_bad_usage(CMD, "want a dataset and a file of answers");
	memset(&ds, 0, sizeof(ds));
	if (dataset_load(&ds, argv[optind], err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		dataset_release(&ds);
		return PB_EXIT_USAGE;
	}
	if (read_answers(argv[optind + 1], &buf, &n)) {
		dataset_release(&ds);
		return PB_EXIT_USAGE;
	}
	rc = grade(&ds, argv[optind + 1], buf, n, quiet);
	free(buf);
	dataset_release(&ds);
	if (fflush(stdout) || ferror(stdout))
		rc = PB_EXIT_USAGE;
	return rc;
}
