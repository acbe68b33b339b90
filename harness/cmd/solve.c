/* bench solve: answer puzzles from standard input in the classic formats.
 * Tiles (POJ 1077, HDU 1043): one puzzle a line until end of input, one
 * line out each, an optimal move string over u d l r or "unsolvable".
 * Magic Squares (USACO 3.2.5): eight numbers a line, out the minimal length
 * and the least minimal sequence in lines of 60 (an empty line for 0).
 * Pancakes: N sizes a line, top first; out the flip sizes, space-separated.
 * The 2x2x2 cube: a scramble (or the corners) a line; out the turns.
 * The domain says which (its move separator and answer lines): nothing
 * here knows one puzzle from another. */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef __SSE2__ /* and SSSE3, which implies it */
#include <immintrin.h>
#endif

#include "algorithms/solvers/registry.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/cmd/run_options.h"
#include "harness/engine/outside.h"
#include "harness/io/output.h"

static const char solve_usage[] =
	"usage: bench solve [options] < puzzles\n"
	"\n"
	"Answer each puzzle on standard input, one a line, until end of input.\n"
	"Tiles: 'x' or 0 is the blank, any spacing, tiles of two digits on boards\n"
	"over 10 cells; out comes an optimal move string (u d l r name the\n"
	"neighbour of the blank swapped with it, as in POJ 1077) or 'unsolvable'.\n"
	"Magic Squares: eight numbers, the target; out come the minimal length\n"
	"and the least minimal sequence in lines of 60.\n"
	"Pancakes (pancakeN): the N sizes 1..N, top first; out come the sizes of\n"
	"the flips of an optimal solution, space-separated, top first (an empty\n"
	"line for a sorted stack).\n"
	"The 2x2x2 cube (cube2: half turns; cube2q: quarter turns): a scramble\n"
	"over U, R and F (U2, U' and so on; spaces optional), or the corners as\n"
	"eight words (see docs/domains.md); out come the turns of an optimal\n"
	"solution, space-separated, quarter turns only in cube2q.\n"
	"\n"
	"options:\n"
	"  -a, --algorithm NAME  solver (see 'bench list'), with parameters as\n"
	"                        NAME:KEY=VALUE[:KEY=VALUE...]; default: the\n"
	"                        fastest that serves the domain\n"
	"  -d, --domain NAME     a domain (below; default: the first)\n"
	"  -g, --goal STATE      another goal for tiles, e.g. 'x 1 2 3 4 5 6 7 8'\n"
	"      --heuristic NAME  heuristic of an informed solver (see 'bench list');\n"
	"                        pdb:1-7/8-15 names pattern databases of those tiles\n"
	"      --pdb-cache DIR   where pattern databases are kept\n"
	"  -c, --check           replay every answer and fail (exit 1) on a wrong one\n"
	"      --plugin FILE.so  load the solvers of a plugin (repeatable)\n"
	"  -h, --help            this text\n"
	"\n"
	"Tiles of boards up to 10 cells may also come as one word: '23415x768'.\n"
	"Any optimal answer is right; each solver gives one of them\n"
	"(docs/command.md says which).\n"
	"\n"
	"A bad line gets 'line N: what is wrong' on standard error and the line\n"
	"'invalid' in place of its answer ('error' where the solver failed), so\n"
	"that answers stay in line with the puzzles; blank lines are skipped. The\n"
	"other puzzles are still answered, and the exit status is then 2 (1 where\n"
	"--check found a wrong answer). At a terminal, a line on standard error\n"
	"says that puzzles are awaited.\n";

typedef struct solve_options {
	const char *algorithm, *domain, *goal;
	pb_config cfg;
	bool check;
} solve_options;

static int parse_options(int argc, char **argv, solve_options *o)
{
	enum { OPT_OUTSIDE = 256 };
	static const struct option longs[] = {
		{ "algorithm", required_argument, NULL, 'a' },
		{ "domain", required_argument, NULL, 'd' },
		{ "goal", required_argument, NULL, 'g' },
		{ "heuristic", required_argument, NULL, 'H' },
		{ "pdb-cache", required_argument, NULL, 'P' },
		{ "check", no_argument, NULL, 'c' },
		OUTSIDE_PLUGIN_LONGOPT(OPT_OUTSIDE),
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->domain = cmdline_default_domain();
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":a:d:g:ch", longs, NULL)) != -1) {
		switch (c) {
		case 'a': o->algorithm = optarg; break;
		case 'd': o->domain = optarg; break;
		case 'g': o->goal = optarg; break;
		case 'H': o->cfg.heuristic = optarg; break;
		case 'P': o->cfg.cache_dir = optarg; break;
		case 'c': o->check = true; break;
		case OPT_OUTSIDE + OUTSIDE_PLUGIN:
			if (outside_option(OUTSIDE_PLUGIN, optarg, "solve"))
				return PB_EXIT_USAGE;
			break;
		case 'h':
			fputs(solve_usage, stdout);
			fputs("\ndomains (the families of 'bench list', a member and a puzzle of each):\n",
			      stdout);
			cmdline_print_domains(stdout, "  ");
			return -1;
		case ':':
			fprintf(stderr, "bench solve: option '%s' needs a value (see 'bench solve --help')\n",
				argv[optind - 1]);
			return PB_EXIT_USAGE;
		default:
			fprintf(stderr, "bench solve: unknown option '%s' (see 'bench solve --help')\n",
				argv[optind - 1]);
			return PB_EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "bench solve: unexpected argument '%s' (puzzles come on standard input)\n",
			argv[optind]);
		return PB_EXIT_USAGE;
	}
	return 0;
}

/* Room past a move string for whole vectors of letters. */
#define LETTER_SLACK 32

/* The letters of MOVES[0..n) at W (room for n + LETTER_SLACK); READABLE
 * bytes of MOVES may be read, n or more. */
static void put_letters(char *w, const char *names16, const uint8_t *moves, int n, int readable)
{
	int i = 0;
#ifdef __SSSE3__
	__m128i names = _mm_loadu_si128((const void *)names16);

	/* sixteen at a time: a move is an index into the names; 32 at least,
	 * so that how long a string is (a coin toss when puzzles come in no
	 * order) decides no branch */
	for (; i < n || i == 0; i += 32) {
		if (i + 32 > readable)
			break;
		_mm_storeu_si128((void *)(w + i),
				 _mm_shuffle_epi8(names, _mm_loadu_si128((const void *)(moves + i))));
		_mm_storeu_si128((void *)(w + i + 16),
				 _mm_shuffle_epi8(names, _mm_loadu_si128((const void *)(moves + i + 16))));
	}
#endif
	for (; i < n; i++)
		w[i] = names16[moves[i]];
}

/* One line of the moves MOVES[0..n) (READABLE bytes of MOVES may be read):
 * by the letters' fast path where the names are letters joined by nothing
 * (NAMES16 set), else as the domain writes them. */
static inline __attribute__((always_inline)) void
put_line(pb_output *out, const pb_domain *d, const char *names16, const uint8_t *moves, int n,
	 int readable)
{
	size_t len;
	char *w;

	if (names16) {
		w = pb_output_reserve(out, (size_t)n + LETTER_SLACK);
		put_letters(w, names16, moves, n, readable);
		w[n] = '\n';
		pb_output_commit(out, (size_t)n + 1);
		return;
	}
	len = pb_format_moves(d, moves, n, NULL, 0);
	w = pb_output_reserve(out, len + 1);
	pb_format_moves(d, moves, n, w, len + 1);
	w[len] = '\n';
	pb_output_commit(out, len + 1);
}

/* The answer: one line of moves, or (USACO) the length and then the moves
 * in lines of d->answer_line. */
static void put_answer(pb_output *out, const pb_domain *d, const char *names16,
		       const pb_path *p)
{
	int width = d->answer_line;

	if (!width) {
		put_line(out, d, names16, p->moves, p->length, PB_MAX_PATH);
		return;
	}
	pb_output_printf(out, "%d\n", p->length);
	for (int i = 0; i < p->length || i == 0; i += width) {
		int k = p->length - i < width ? p->length - i : width;

		put_line(out, d, names16, p->moves + i, k, PB_MAX_PATH - i);
	}
}

/* "unsolvable" and a line end: one store of a fixed size, no call. */
static void put_unsolvable(pb_output *out)
{
	static const char line[16] = "unsolvable\n";

	memcpy(pb_output_reserve(out, sizeof(line)), line, sizeof(line));
	pb_output_commit(out, strlen("unsolvable\n"));
}

/* Whether P, replayed from START, reaches the goal. */
static bool answer_checks(const pb_domain *d, const pb_state *start, const pb_path *p)
{
	pb_state x = *start;

	for (int i = 0; i < p->length; i++)
		if (!pb_apply(d, &x, p->moves[i], &x))
			return false;
	return pb_is_goal(d, &x);
}

typedef struct solve_job {
	const pb_domain *d;
	const pb_solver *solver;
	void *ctx;
	bool check;
	pb_output *out;   /* its own variable: a job set to zero leaves its
			   * buffer's pages untouched (a fault each) */
	pb_search search; /* shared by the queries: no limits */
	char names16[16]; /* the move letters, by move, in a vector's width */
	bool letters;     /* the moves are letters joined by nothing */
	int status;
} solve_job;

/* Where LINE[0..len) holds a control byte (a binary file), or LEN. */
static size_t control_byte_at(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char b = (unsigned char)line[i];

		if ((b < ' ' && b != '\t' && b != '\r') || b == 0x7f)
			return i;
	}
	return len;
}

/* Make a message that quotes input safe for a terminal: bytes other than
 * printable ASCII become '?'. */
static void printable(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < ' ' || (unsigned char)*s >= 0x7f)
			*s = '?';
}

static bool blank_line(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
			return false;
	return true;
}

/* The line for a puzzle that gets no answer, so that the answers stay in
 * line with the puzzles: MARK ("invalid" for bad input, "error" where the
 * solver failed or, under --check, answered wrongly). The message goes to
 * standard error after what is answered before it. */
static void put_no_answer(solve_job *job, const char *mark, int status)
{
	size_t n = strlen(mark);
	char *w = pb_output_reserve(job->out, n + 1);

	memcpy(w, mark, n);
	w[n] = '\n';
	pb_output_commit(job->out, n + 1);
	pb_output_flush(job->out);
	job->status = status;
}

static void answer_line(solve_job *job, const char *line, size_t len, size_t lineno)
{
	char err[200];
	pb_state start;
	pb_search *s = &job->search;
	pb_path path;
	pb_status st;
	size_t bad;

	/* The parser sees every byte once; only a line it refuses is looked at
	 * again, to tell a blank line or a binary file from a wrong puzzle. */
	if (pb_parse(job->d, line, len, &start, err, sizeof(err))) {
		if (blank_line(line, len))
			return;
		put_no_answer(job, "invalid", PB_EXIT_USAGE);
		bad = control_byte_at(line, len);
		if (bad < len) {
			fprintf(stderr, "line %zu: control byte 0x%02x in column %zu (a binary file?)\n",
				lineno, (unsigned char)line[bad], bad + 1);
		} else {
			printable(err);
			fprintf(stderr, "line %zu: %s\n", lineno, err);
		}
		return;
	}
	st = job->solver->solve(job->ctx, &start, s, &path);
	if (st == PB_UNSOLVABLE) {
		put_unsolvable(job->out);
	} else if (st != PB_SOLVED) {
		put_no_answer(job, "error", PB_EXIT_USAGE);
		fprintf(stderr, "line %zu: %s: %s%s%s\n", lineno, job->solver->name,
			pb_status_name(st), *s->message ? ": " : "", s->message);
	} else if (job->check && !answer_checks(job->d, &start, &path)) {
		put_no_answer(job, "error", PB_EXIT_CHECK);
		fprintf(stderr, "line %zu: %s returned moves that do not reach the goal\n",
			lineno, job->solver->name);
	} else {
		put_answer(job->out, job->d, job->letters ? job->names16 : NULL, &path);
	}
}

static int setup_domain(const solve_options *o, pb_domain *d)
{
	char err[200];

	if (pb_domain_init(d, o->domain, err, sizeof(err))) {
		fprintf(stderr, "bench solve: %s\n", err);
		return -1;
	}
	if (o->goal && pb_domain_set_goal(d, o->goal, strlen(o->goal), err, sizeof(err))) {
		fprintf(stderr, "bench solve: --goal: %s\n", err);
		return -1;
	}
	return 0;
}

static const pb_solver *choose_solver(const solve_options *o, const pb_domain *d)
{
	const pb_solver *solver;
	char why[160];
	const char *no;

	if (!o->algorithm) {
		solver = pb_solver_default(d, &o->cfg);
		if (!solver)
			fprintf(stderr, "bench solve: no solver serves '%s'\n", d->name);
		return solver;
	}
	solver = run_common_find_solver("solve", "-a", o->algorithm);
	if (!solver)
		return NULL;
	no = pb_solver_supports(solver, d, &o->cfg, why, sizeof(why));
	if (no) {
		fprintf(stderr, "bench solve: %s cannot serve '%s': %s\n", solver->name, d->name, no);
		return NULL;
	}
	return solver;
}

/* Input is read in blocks of this size; a longer line is refused. Small
 * enough that the buffer's pages are few (each first touch costs), large
 * enough that reads are few. */
#define INPUT_BLOCK (1u << 16)
/* Bytes past the data that a vector load may read. */
#define INPUT_SLACK 32

/* Where the line at P (of at most LEFT bytes) ends: its newline, or NULL. */
static const char *line_end(const char *p, size_t left)
{
#ifdef __SSE2__
	/* most lines are short: one look at 32 bytes (the slack makes them
	 * readable), the library's search for the rest */
	__m128i nl = _mm_set1_epi8('\n');
	unsigned hits = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const void *)p), nl)) |
			(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const void *)(p + 16)), nl)) << 16;

	if (hits) {
		size_t at = (size_t)__builtin_ctz(hits);

		return at < left ? p + at : NULL;
	}
	if (left <= INPUT_SLACK)
		return NULL;
	return memchr(p + INPUT_SLACK, '\n', left - INPUT_SLACK);
#else
	return memchr(p, '\n', left);
#endif
}

/* Answer every line of FD. Returns 0, or -1 on a read error. */
static int answer_stream(solve_job *job, int fd)
{
	/* not calloc: a page of the block is touched (a fault) only where
	 * input comes; the slack past what is read is set instead */
	char *buf = malloc(INPUT_BLOCK + INPUT_SLACK);
	size_t have = 0, lineno = 0;
	bool skipping = false, eof = false, may_wait;
	struct stat st;

	if (!buf)
		return -1;
	may_wait = fstat(fd, &st) || !S_ISREG(st.st_mode);
	while (!eof) {
		ssize_t got;
		size_t at = 0;

		/* a read may wait (a terminal, a pipe): show what is answered */
		if (may_wait)
			pb_output_flush(job->out);
		got = read(fd, buf + have, INPUT_BLOCK - have);

		if (got < 0) {
			free(buf);
			return -1;
		}
		eof = got == 0;
		have += (size_t)got;
		memset(buf + have, 0, INPUT_SLACK);
		for (;;) {
			const char *line = buf + at, *nl = line_end(line, have - at);
			size_t n;

			if (!nl && !eof)
				break;
			n = nl ? (size_t)(nl - line) : have - at;
			if (!nl && !n)
				break;
			at += n + (nl != NULL);
			if (skipping) {
				skipping = false;
				continue;
			}
			lineno++;
			answer_line(job, line, n, lineno);
		}
		memmove(buf, buf + at, have - at);
		have -= at;
		if (have == INPUT_BLOCK) {
			fprintf(stderr, "line %zu: longer than %u bytes\n", ++lineno, INPUT_BLOCK);
			job->status = PB_EXIT_USAGE;
			skipping = true;
			have = 0;
		}
	}
	free(buf);
	return 0;
}

int cmd_solve(int argc, char **argv)
{
	solve_options o;
	pb_domain d;
	pb_search prep;
	pb_output out;
	solve_job job = { .d = &d, .out = &out };
	pb_status st;
	int rc = parse_options(argc, argv, &o);

	if (rc)
		return rc < 0 ? PB_EXIT_OK : rc;
	if (setup_domain(&o, &d) || !(job.solver = choose_solver(&o, &d)))
		return PB_EXIT_USAGE;
	job.check = o.check;
	job.letters = d.letter_moves && !*d.move_sep && d.nmoves <= (int)sizeof(job.names16);
	for (int m = 0; job.letters && m < d.nmoves; m++)
		job.names16[m] = pb_move_name(&d, m)[0];
	pb_search_init(&prep, 0, 0, NULL);
	st = pb_solver_prepare(job.solver, &d, &o.cfg, &prep, &job.ctx);
	if (st != PB_SOLVED) {
		fprintf(stderr, "bench solve: %s could not prepare: %s%s%s\n", job.solver->name,
			pb_status_name(st), *prep.message ? ": " : "", prep.message);
		return PB_EXIT_USAGE;
	}
	pb_output_init(&out, stdout);
	pb_search_init(&job.search, 0, 0, NULL);
	if (isatty(STDIN_FILENO) && isatty(STDERR_FILENO)) {
		char goal[PB_STATE_TEXT_MAX];

		pb_format_goal(&d, goal, sizeof(goal));
		fprintf(stderr, "bench solve: waiting for %s puzzles, one a line (the goal is "
			"'%s'); Ctrl-D ends\n", d.name, goal);
	}
	if (answer_stream(&job, STDIN_FILENO)) {
		perror("bench solve: standard input");
		job.status = PB_EXIT_USAGE;
	}
	if (pb_output_finish(&out)) {
		perror("bench solve: standard output");
		job.status = PB_EXIT_USAGE;
	}
	job.solver->release(job.ctx);
	return job.status;
}
