/* External programs as solvers (external.h): the outside solver's kind
 * (what a program serves, its context and environment, its preparation,
 * its rows in the fault log, its standard error's file) and the adding of
 * one from --solver or --solver-once. Its solves are in external_solve.c,
 * the waiting for an answer in external_watch.c, the parsing of its spec
 * in external_spec.c and the harness's round trip in
 * external_round_trip.c. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/engine/external_int.h"
#include "harness/engine/outside.h"
#include "harness/io/answer.h"
#include "harness/io/meta.h"
#include "harness/io/outfile.h"

extern char **environ;

/* The solver */

static void free_env(char **envp)
{
	free(envp);
}

/* The variables the harness sets (ours of these names are not passed
 * on): the domain's, and a variant's parameters. */
#define DOMAIN_VARS 4
#define ENV_PREFIX "PUZZLEBENCH_"
#define PARAM_PREFIX "PB_PARAM_"

/* Whether the variable E ("NAME=VALUE") is one the harness sets. */
static bool harness_var(const char *e)
{
	return !strncmp(e, ENV_PREFIX, strlen(ENV_PREFIX)) ||
	       !strncmp(e, PARAM_PREFIX, strlen(PARAM_PREFIX));
}

/* SOLVER's values (a variant's: "-a prog:depth=3"), each as
 * PB_PARAM_KEY=VALUE (the key upper-cased, '-' as '_'), into VARS. Returns
 * how many. */
static int param_vars(const pb_solver *solver, char vars[][PB_VARIANT_NAME_MAX + 16])
{
	int n = 0;

	for (int i = 0; solver->params && i < PB_MAX_PARAMS && solver->params[i].key; i++) {
		const char *v = pb_solver_param(solver, solver->params[i].key);
		char *w = vars[n] + snprintf(vars[n], sizeof(vars[n]), PARAM_PREFIX);

		if (!v)
			continue;
		for (const char *k = solver->params[i].key; *k; k++)
			*w++ = *k == '-' ? '_' : (char)toupper((unsigned char)*k);
		snprintf(w, sizeof(vars[n]) - (size_t)(w - vars[n]), "=%s", v);
		n++;
	}
	return n;
}

/* The environment of SOLVER's program for domain D: ours, the domain's
 * name, size and moves, and SOLVER's parameters. One block (free_env
 * it), or NULL. */
static char **make_env(const pb_domain *d, const pb_solver *solver)
{
	size_t n = 0, bytes = 0;
	char vars[DOMAIN_VARS + PB_MAX_PARAMS][PB_VARIANT_NAME_MAX + 16], **envp, *w;
	int nvars = DOMAIN_VARS;

	snprintf(vars[0], sizeof(vars[0]), ENV_PREFIX "DOMAIN=%s", d->name);
	snprintf(vars[1], sizeof(vars[1]), ENV_PREFIX "WIDTH=%d", d->width);
	snprintf(vars[2], sizeof(vars[2]), ENV_PREFIX "HEIGHT=%d", d->height);
	w = vars[3] + snprintf(vars[3], sizeof(vars[3]), ENV_PREFIX "MOVES=");
	for (int m = 0; m < d->nmoves && w + PB_MOVE_NAME_MAX + 1 < vars[3] + sizeof(vars[3]); m++)
		w += snprintf(w, PB_MOVE_NAME_MAX + 1, "%s%s", m && *d->move_sep ? "," : "",
			      pb_move_name(d, m));
	nvars += param_vars(solver, vars + DOMAIN_VARS);
	for (char **e = environ; *e; e++)
		n++;
	for (int i = 0; i < nvars; i++)
		bytes += strlen(vars[i]) + 1;
	envp = malloc((n + (size_t)nvars + 1) * sizeof(*envp) + bytes);
	if (!envp)
		return NULL;
	w = (char *)(envp + n + (size_t)nvars + 1);
	n = 0;
	for (char **e = environ; *e; e++)
		if (!harness_var(*e))
			envp[n++] = *e;
	for (int i = 0; i < nvars; i++) {
		envp[n++] = strcpy(w, vars[i]);
		w += strlen(vars[i]) + 1;
	}
	envp[n] = NULL;
	return envp;
}

static const char *program_supports(void *self, const pb_solver *solver, const pb_domain *d, const pb_config *cfg,
				    char *why, size_t whylen)
{
	(void)solver;
	const program *p = self;

	(void)cfg;
	if (p->spec.domains) {
		size_t len = strlen(d->name);
		const char *at = p->spec.domains;
		bool listed = false;

		while (!listed && (at = strstr(at, d->name))) {
			listed = (at == p->spec.domains || at[-1] == ',') && (at[len] == ',' || !at[len]);
			at += len;
		}
		if (!listed) {
			snprintf(why, whylen, "serves only %s (--solver %s@%s=...)", p->spec.domains, p->spec.name,
				 p->spec.domains);
			return why;
		}
	}
	return turn_refusal(d, why, whylen);
}

static void remove_scratch(ext_ctx *c)
{
	char path[PATH_MAX + 64];

	if (!c->scratch[0])
		return;
	snprintf(path, sizeof(path), "%s/%s", c->scratch, c->prog->spec.input_file);
	unlink(path);
	snprintf(path, sizeof(path), "%s/%s", c->scratch, c->prog->spec.output_file);
	unlink(path);
	rmdir(c->scratch);
	c->scratch[0] = '\0';
}

static void ctx_free(ext_ctx *c)
{
	if (!c)
		return;
	process_end(&c->ch);
	remove_scratch(c);
	free_env(c->envp);
	free(c);
}

/* The context for PROG on D as SOLVER (a variant: its values), with its
 * start-up puzzle, into *OUT. Returns PB_SOLVED, or why not (message in
 * S). */
static pb_status ctx_new(program *prog, const pb_solver *solver, const pb_domain *d, pb_search *s,
			 ext_ctx **out)
{
	ext_ctx *c = calloc(1, sizeof(*c));
	char why[WHY_MAX];
	int m = 0;

	*out = NULL;
	if (!c)
		return ext_fail(s, PB_FAILED, "out of memory");
	process_reset(&c->ch);
	c->prog = prog;
	c->bound = pb_solver_bound(solver);
	c->d = c->frame = d;
	if (!turn_none_needed(d) && turn_init(&c->turned, d, why, sizeof(why))) {
		free(c);
		return ext_fail(s, PB_UNSUPPORTED, "%s", why);
	}
	if (!turn_none_needed(d))
		c->frame = &c->turned.board;
	c->envp = make_env(c->frame, solver);
	if (!c->envp) {
		free(c);
		return ext_fail(s, PB_FAILED, "out of memory");
	}
	/* one move from the goal: the first move the goal allows */
	while (m < d->nmoves && !pb_apply(d, &d->goal, m, &c->startup))
		m++;
	ext_make_text(c, &c->startup);
	memcpy(c->startup_text, c->text, c->text_len);
	c->startup_len = c->text_len;
	c->have_text = false;
	*out = c;
	return PB_SOLVED;
}

/* A one-shot program whose start alone takes longer than this is told at
 * the start of a run what repeats and warm-ups cost it. */
#define SLOW_START_NS (50 * NS_PER_MS)

/* Say on stderr that a one-shot program P, measured, pays a slow start in
 * each solve, where an instance is solved more than once. */
static void note_slow_start(const program *p)
{
	unsigned repeat, warmup;

	outside_solves(&repeat, &warmup);
	if (p->start_ns <= SLOW_START_NS || repeat + warmup <= 1)
		return;
	fprintf(stderr, "bench run: '%s' takes %.2f s to start, which each of its solves pays: "
		"%u starts an instance (-r %u -w %u); -r 1 -w 0 makes it one\n", p->spec.name,
		(double)p->start_ns / NS_PER_S, repeat + warmup, repeat, warmup);
}

/* A variant ("-a prog:depth=3") is prepared apart, with its values in
 * its environment: a long-lived program runs as a process of its own. */
static pb_status program_prepare(void *self, const pb_solver *solver, const pb_domain *d, const pb_config *cfg,
				 pb_search *s, void **ctx)
{
	program *p = self;
	ext_ctx *c;
	pb_status st = ctx_new(p, solver, d, s, &c);

	(void)cfg;
	*ctx = NULL;
	if (st != PB_SOLVED)
		return st;
	if (p->spec.output_file) {
		const char *tmp = getenv("TMPDIR");

		snprintf(c->scratch, sizeof(c->scratch), "%s/pb-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp",
			 p->spec.name);
		if (!mkdtemp(c->scratch)) {
			ext_fail(s, PB_FAILED, "no scratch directory '%s': %s", c->scratch, strerror(errno));
			c->scratch[0] = '\0';
			ctx_free(c);
			return PB_FAILED;
		}
	}
	/* one-shot: nothing runs yet, nothing to measure; a start-up's
	 * counters are not taken */
	s->child_measured = true;
	s->uncounted = true;
	if (p->mode == EXTERNAL_LONG_LIVED) {
		uint64_t t0 = pb_wall_ns();

		c->startup_limit_ns = s->deadline_ns ? s->deadline_ns - t0 : 0;
		st = ext_start_program(c, s);
		s->child_measured = true;
		s->child_cpu_ns = c->cpu_seen;
		if (st == PB_SOLVED)
			c->hwm = process_peak_rss_bytes(&c->ch);
		s->child_rss_bytes = c->hwm;
		if (st != PB_SOLVED) {
			ctx_free(c);
			return st;
		}
		/* its start is its start-up check, measured once */
		if (!p->start_tried) {
			p->start_tried = true;
			p->start_ns = pb_wall_ns() - t0;
			p->start_cpu_ns = c->cpu_seen;
			p->start_runs = 1;
		}
	} else if (!p->start_tried && ext_measure_start(c, s)) {
		note_slow_start(p);
	}
	*ctx = c;
	return PB_SOLVED;
}

static pb_status program_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	ext_ctx *c = ctx;

	return c->prog->mode == EXTERNAL_LONG_LIVED ? ext_solve_long(c, start, s, out)
						    : ext_solve_once(c, start, s, out);
}

/* The end of a dataset: a long-lived program's input closes, and it has
 * EXIT_GRACE_NS to end before its group is killed. */
static void program_release(void *ctx)
{
	ext_ctx *c = ctx;

	if (!c)
		return;
	process_close(&c->ch.in);
	process_wait(&c->ch, EXIT_GRACE_NS);
	ctx_free(c);
}

/* S as a JSON string, or null where there is none. */
static void json_string_or_null(FILE *out, const char *s)
{
	if (s)
		meta_json_string(out, s);
	else
		fputs("null", out);
}

static void program_meta(FILE *out, const void *self)
{
	const program *p = self;

	fprintf(out, "      \"mode\": \"%s\",\n      \"command\": ",
		p->mode == EXTERNAL_LONG_LIVED ? "long-lived" : "one-shot");
	meta_json_string(out, p->spec.command);
	fputs(",\n      \"argv\": [", out);
	for (char **a = p->argv; *a; a++) {
		fputs(a == p->argv ? "" : ", ", out);
		meta_json_string(out, *a);
	}
	fputs("],\n      \"path\": ", out);
	meta_json_string(out, p->path);
	fputs(",\n      \"domains\": ", out);
	json_string_or_null(out, p->spec.domains);
	fputs(",\n      \"input_file\": ", out);
	json_string_or_null(out, p->spec.input_file);
	fputs(",\n      \"output_file\": ", out);
	json_string_or_null(out, p->spec.output_file);
	/* what one start of the command costs, beside the round trip */
	fprintf(out, ",\n      \"start\": {\"runs\": %u, \"wall_ns\": %" PRIu64 ", \"cpu_ns\": %"
		PRIu64 "}\n", p->start_runs, p->start_ns, p->start_cpu_ns);
}

/* A row's fault goes to the log: which, why, the puzzle as sent and what
 * came back. */
static void program_row(void *self, const run_row *row, FILE *log)
{
	program *p = self;
	char q[LOG_QUOTE * 4 + 8];
	const char *note = *row->note ? row->note : "-";
	bool fault = row->measured && !run_status_answered(row->status) &&
		     row->status != RUN_UNSUPPORTED && row->status != RUN_INTERRUPTED;

	/* a right answer after a start again: the log says the start */
	if (!fault && p->row_note[0] && row->measured && run_status_answered(row->status))
		note = p->row_note;
	else if (!fault)
		return;
	answer_quote(p->last_answer, p->last_answer_len + p->last_cut, p->last_answer_len, q, sizeof(q));
	fprintf(log, "%s\t%s\t%s\t%u\t%s\t%s\t%s\t%s\n", row->algorithm->name, row->ds->name,
		row->instance == RUN_NO_INSTANCE ? "-" : row->ds->instances[row->instance].id,
		row->repeat, run_status_name(row->status), note,
		p->last_puzzle[0] ? p->last_puzzle : "-", p->last_answer_len ? q : "-");
	p->row_note[0] = '\0';
}

/* Its standard error into DIR/stderr/NAME.log. */
static int program_begin(void *self, const char *dir, bool append, char *err, size_t errlen)
{
	program *p = self;
	char path[4200];

	if (!dir)
		return p->mode == EXTERNAL_LONG_LIVED;
	snprintf(path, sizeof(path), "%s/stderr", dir);
	if (outfile_mkdirs(path, err, errlen))
		return -1;
	snprintf(path, sizeof(path), "%s/stderr/%s.log", dir, p->spec.name);
	process_close(&p->stderr_fd);
	p->stderr_fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC),
			    0644);
	if (p->stderr_fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return p->mode == EXTERNAL_LONG_LIVED;
}

static void free_words(program *p)
{
	for (size_t i = 0; p->argv && p->argv[i]; i++)
		if (p->argv[i] != p->spec.argv[i])
			free(p->argv[i]);
	free(p->argv);
	p->argv = NULL;
}

static void program_free(void *self)
{
	program *p = self;

	if (!p)
		return;
	process_close(&p->stderr_fd);
	free_words(p);
	external_spec_release(&p->spec);
	free(p->path);
	free(p);
}

static const outside_kind external_kind = {
	.what = "external",
	.supports = program_supports,
	.prepare = program_prepare,
	.solve = program_solve,
	.release = program_release,
	.meta = program_meta,
	.row = program_row,
	.begin = program_begin,
	.free = program_free,
	.always_runs = true,
	.own_process = true,
	.any_params = true,
};

/* Adding one */

/* Whether word W of P's command (not the first) is to be made absolute:
 * in a scratch directory, a relative path to a file that is here (python3
 * solver.py) would name nothing there; the files the puzzle and answer
 * come through, and options, are left as they are. */
static bool word_to_resolve(const program *p, const char *w)
{
	return w[0] != '/' && w[0] != '-' && strcmp(w, p->spec.input_file) &&
	       strcmp(w, p->spec.output_file) && !access(w, F_OK);
}

/* P's words as run into P->argv: run from here, as given; run in a
 * scratch directory, the program's own path and each word that names a
 * file here made absolute first, as the directory changes after. Returns
 * 0, or -1 with why in ERR. */
static int resolve_words(program *p, char *err, size_t errlen)
{
	size_t n = 0;

	while (p->spec.argv[n])
		n++;
	p->argv = calloc(n + 1, sizeof(*p->argv));
	if (!p->argv) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *w = p->spec.argv[i];
		bool scratch = p->spec.output_file != NULL;

		p->argv[i] = p->spec.argv[i];
		if (scratch && !i && strchr(w, '/'))
			p->argv[i] = strdup(p->path);
		else if (scratch && i && word_to_resolve(p, w))
			p->argv[i] = realpath(w, NULL);
		if (!p->argv[i]) {
			snprintf(err, errlen, "'%s': %s", w, strerror(errno));
			/* nothing past it is its own */
			p->argv[i] = p->spec.argv[i];
			return -1;
		}
	}
	return 0;
}

/* Start P and kill it at once: an exec that fails is an error now, not
 * in the middle of a run. */
static int try_start(const program *p, char *err, size_t errlen)
{
	process ch;

	if (ext_launch(p, environ, NULL, &ch, err, errlen))
		return -1;
	process_end(&ch);
	return 0;
}

int external_add(const char *spec, external_mode mode, char *err, size_t errlen)
{
	program *p = calloc(1, sizeof(*p));
	char summary[160];

	if (!p) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	p->mode = mode;
	p->stderr_fd = -1;
	if (external_parse(spec, mode, &p->spec, err, errlen) ||
	    external_check_domains(&p->spec, err, errlen) ||
	    !(p->path = process_find(p->spec.argv[0], err, errlen)) ||
	    resolve_words(p, err, errlen) || try_start(p, err, errlen)) {
		program_free(p);
		return -1;
	}
	/* a program that goes away must not take us with it */
	signal(SIGPIPE, SIG_IGN);
	if (mode == EXTERNAL_ONCE && process_spawner_start(err, errlen)) {
		program_free(p);
		return -1;
	}
	snprintf(summary, sizeof(summary), "external program, %s: %s",
		 mode == EXTERNAL_LONG_LIVED ? "long-lived" : "one-shot", p->spec.command);
	return outside_add(&external_kind, p, p->spec.name, summary, err, errlen) ? 0 : -1;
}
