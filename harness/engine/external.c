#define _GNU_SOURCE /* pipe2, close_range */
#include "harness/engine/external.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "algorithms/puzzles/family.h"
#include "harness/engine/outside.h"
#include "harness/engine/process.h"
#include "harness/engine/turn.h"
#include "harness/io/answer.h"
#include "harness/io/meta.h"
#include "harness/io/outfile.h"
#include "harness/report/report.h"

extern char **environ;

#define NS_PER_MS 1000000ULL
#define NS_PER_S 1000000000ULL
#define BYTES_PER_KIB 1024u
/* Bytes of output one answer may take before it is cut off. */
#define ANSWER_MAX (64u << 10)
/* Longest puzzle line written (16 cells of up to two digits). */
#define TEXT_MAX 64
/* A program that uses no CPU at all for this long while an answer is due
 * is looked at: has it read the puzzle, does it wait for input? */
#define STALL_NS NS_PER_S
/* At the time limit, a program idle for this long is looked at the same
 * way before it is called a timeout. */
#define IDLE_MIN_NS (50 * NS_PER_MS)
/* At the end of a dataset: how long it has to end after its input closes. */
#define EXIT_GRACE_NS (500 * NS_PER_MS)
/* A solve longer than this is followed by a read of the program's peak
 * resident set (about 6 us); after a shorter one, the last value read. */
#define HWM_AFTER_NS NS_PER_MS
/* Bytes of an answer quoted in the fault log. */
#define LOG_QUOTE 400
#define WHY_MAX 160

/* What --solver or --solver-once said: the outside solver's data. */
typedef struct program {
	external_spec spec;
	external_mode mode;
	char *path;         /* the executable argv[0] names */
	int stderr_fd;      /* where its standard error goes; -1: ours */
	/* the last puzzle sent and what came back (the fault log) */
	char last_puzzle[TEXT_MAX];
	char last_answer[LOG_QUOTE + 1];
	size_t last_answer_len;
	bool last_cut;
} program;

/* One prepared program: what the runner's context points to. */
typedef struct ext_ctx {
	program *prog;
	const pb_domain *d;     /* the dataset's domain */
	const pb_domain *frame; /* what the program sees: d, or turned.board */
	turn turned;            /* when d has another goal than its default */
	char **envp;
	process ch;
	uint64_t startup_limit_ns; /* for a start after a fault; 0 none */
	/* the puzzle's text, kept for the state it was made for */
	pb_state text_state;
	bool have_text;
	char text[TEXT_MAX];
	size_t text_len;
	/* the start-up puzzle and its text */
	pb_state startup;
	char startup_text[TEXT_MAX];
	size_t startup_len;
	/* what came back */
	char buf[ANSWER_MAX + 1];
	size_t have;
	uint64_t hwm;           /* the program's peak resident set, last read */
	uint64_t cpu_seen;      /* its CPU clock after its last answer */
	/* a fault that will not go away (it does not flush, never reads) */
	bool broken;
	char broken_why[WHY_MAX];
	char scratch[PATH_MAX]; /* one-shot through files: its directory */
} ext_ctx;

/* Start P with ENVP in DIR (NULL: ours) into CH. */
static int launch(const program *p, char *const *envp, const char *dir, process *ch, char *why,
		 size_t whylen)
{
	process_spec spec = {
		.path = p->path, .argv = p->spec.argv, .envp = envp, .dir = dir, .stderr_fd = p->stderr_fd,
		.own_peak = p->mode == EXTERNAL_ONCE,
	};

	return process_spawn(&spec, ch, why, whylen);
}

/* The puzzle's line (with its line break) for S, kept while S stays. */
static void make_text(ext_ctx *c, const pb_state *s)
{
	pb_state t;

	if (c->have_text && c->text_state.cells == s->cells && c->text_state.cls == s->cls)
		return;
	t = c->frame == c->d ? *s : turn_state(&c->turned, c->d, s);
	c->text_len = pb_format(c->frame, &t, c->text, sizeof(c->text) - 1);
	c->text[c->text_len++] = '\n';
	c->text_state = *s;
	c->have_text = true;
}

/* Waiting for an answer */

typedef enum outcome {
	GOT_ANSWER, /* the frame is done or bad */
	GOT_EOF,    /* its output closed before a whole answer (or, one-shot, at all) */
	GOT_FLOOD,  /* ANSWER_MAX bytes and no answer */
	HIT_TIME,
	HIT_MEMORY,
	HIT_STOP,
	STALLED,    /* idle in a way that will not change: C->broken says why */
	KEEP_WAITING
} outcome;

/* What watching one answer has seen. */
typedef struct watch {
	uint64_t cpu, cpu_at;   /* the program's CPU time, and when it last moved */
	uint64_t group_ticks;
	bool probed;            /* its input was closed to see whether it waits for more */
	uint64_t rss_peak;      /* the most resident bytes seen */
	uint64_t rss_limit;     /* 0: none */
} watch;

/* Start watching a program whose CPU clock read CPU (its idle time is
 * counted from the first look, so that starting costs no clock read). */
static void watch_start(watch *w, uint64_t cpu, const pb_search *s)
{
	memset(w, 0, sizeof(*w));
	w->cpu = cpu;
	w->rss_limit = s->meter.limit;
}

/* The program sits idle with an answer due: why? */
static outcome diagnose(ext_ctx *c, watch *w, bool long_lived, uint64_t idle_ns)
{
	if (process_unread(&c->ch) > 0) {
		snprintf(c->broken_why, sizeof(c->broken_why),
			 "the program does not read its input: it sat idle for %.2f s with the "
			 "puzzle unread on its standard input", (double)idle_ns / NS_PER_S);
		c->broken = true;
		return STALLED;
	}
	/* it read the puzzle; a long-lived program may be waiting for more
	 * input: close it, and see what comes (the caller knows it probed) */
	w->probed = true;
	w->cpu_at = pb_wall_ns();
	if (long_lived)
		process_close(&c->ch.in);
	return KEEP_WAITING;
}

/* A look at the program every EXTERNAL_WATCH_MS: the stop flag, its
 * memory, the deadline, and whether it has gone idle. */
static outcome look(ext_ctx *c, const pb_search *s, watch *w, bool long_lived)
{
	uint64_t now = pb_wall_ns(), cpu, rss;
	bool late = s->deadline_ns && now >= s->deadline_ns;

	if (s->stop && *s->stop)
		return HIT_STOP;
	rss = process_rss_bytes(&c->ch);
	if (rss > w->rss_peak)
		w->rss_peak = rss;
	if (w->rss_limit && rss > w->rss_limit)
		return HIT_MEMORY;
	cpu = process_cpu_ns(&c->ch);
	if (cpu != w->cpu || !w->cpu_at) {
		w->cpu = cpu;
		w->cpu_at = now;
	}
	if (w->probed) {
		/* after the probe it had its chance: it sleeps, a hang */
		return late ? HIT_TIME : KEEP_WAITING;
	}
	if (now - w->cpu_at < (late ? IDLE_MIN_NS : STALL_NS))
		return late ? HIT_TIME : KEEP_WAITING;
	if (process_group_busy(&c->ch, &w->group_ticks)) {
		w->cpu_at = now;
		return late ? HIT_TIME : KEEP_WAITING;
	}
	return diagnose(c, w, long_lived, now - w->cpu_at);
}

/* Read the program's output into C->buf until an answer is whole (or,
 * UNTIL_EOF, until the output ends), watching it. A long-lived program
 * is read as it writes: poll, then read, nothing else between two
 * answers' bytes. */
static outcome await_output(ext_ctx *c, const pb_search *s, watch *w, bool until_eof,
			    bool long_lived, answer_frame *f, pb_path *path)
{
	struct pollfd p = { .fd = c->ch.out, .events = POLLIN };

	for (;;) {
		int ms = EXTERNAL_WATCH_MS, r;
		outcome o;

		if (c->have && !until_eof) {
			answer_parse(c->frame, c->frame == c->d ? NULL : c->turned.move_back, c->buf, c->have, f, path);
			if (f->state != ANSWER_MORE)
				return GOT_ANSWER;
		}
		if (c->have == ANSWER_MAX) {
			if (c->prog->spec.output_file)
				c->have = 0; /* through files: standard output is not the answer */
			else
				return GOT_FLOOD;
		}
		if (s->deadline_ns) {
			uint64_t now = pb_wall_ns();
			uint64_t left = now < s->deadline_ns ? s->deadline_ns - now : 0;

			if (left / NS_PER_MS < (uint64_t)ms)
				ms = (int)((left + NS_PER_MS - 1) / NS_PER_MS);
		}
		r = poll(&p, 1, ms);
		if (r > 0) {
			ssize_t k = read(c->ch.out, c->buf + c->have, ANSWER_MAX - c->have);

			if (k > 0) {
				c->have += (size_t)k;
				continue;
			}
			if (k == 0 || (errno != EINTR && errno != EAGAIN))
				return GOT_EOF;
			continue;
		}
		if (r < 0 && errno != EINTR)
			return GOT_EOF;
		o = look(c, s, w, long_lived);
		if (o != KEEP_WAITING)
			return o;
	}
}


/* Keep what came back for the fault log. */
static void keep_answer(ext_ctx *c)
{
	program *p = c->prog;
	size_t n = c->have < LOG_QUOTE ? c->have : LOG_QUOTE;

	memcpy(p->last_answer, c->buf, n);
	p->last_answer_len = n;
	p->last_cut = c->have > LOG_QUOTE;
}

static pb_status fail(pb_search *s, pb_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static pb_status fail(pb_search *s, pb_status st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->message, sizeof(s->message), fmt, ap);
	va_end(ap);
	return st;
}

/* The status and message for an answer that is not to be had: OUTCOME,
 * with what was read (C->buf) and the program's end (CH, reaped). */
static pb_status no_answer(ext_ctx *c, pb_search *s, outcome o, const answer_frame *f,
			   const watch *w)
{
	char q[ANSWER_QUOTE * 4 + 8], end[WHY_MAX];

	answer_quote(c->buf, c->have, ANSWER_QUOTE, q, sizeof(q));
	switch (o) {
	case GOT_ANSWER:
		return fail(s, PB_WRONG, "%s", f->why);
	case GOT_FLOOD:
		return fail(s, PB_WRONG, "more than %u KiB of output and no answer: cut off ('%s')",
			    ANSWER_MAX / BYTES_PER_KIB, q);
	case HIT_TIME:
		return fail(s, PB_TIMEOUT, "no answer within the time limit%s",
			    w->probed ? " (it sat idle, using no CPU)" : "");
	case HIT_MEMORY:
		return fail(s, PB_MEMOUT, "its resident memory passed the limit: %" PRIu64 " bytes",
			    w->rss_peak);
	case HIT_STOP:
		return fail(s, PB_STOPPED, "stopped");
	case STALLED:
		return fail(s, PB_FAILED, "%s", c->broken_why);
	case GOT_EOF:
	case KEEP_WAITING:
		break;
	}
	process_describe_end(&c->ch, end, sizeof(end), c->have ? "in the middle of an answer"
		      : "before answering");
	return fail(s, PB_CRASHED, "%s%s%s%s", end, c->have ? " ('" : "", c->have ? q : "",
		    c->have ? "')" : "");
}

/* Long-lived programs */

/* The answer to the puzzle just written, one-move start-up or not. */
typedef struct exchange {
	outcome o;
	answer_frame f;
	watch w;
	uint64_t cpu0;
} exchange;

/* Write the puzzle TEXT and read the answer into PATH. */
static void exchange_once(ext_ctx *c, const pb_search *s, const char *text, size_t len,
			  pb_path *path, exchange *x)
{
	/* the program sat idle since its last answer: that clock reading
	 * stands for now */
	x->cpu0 = c->cpu_seen;
	watch_start(&x->w, x->cpu0, s);
	c->have = 0;
	if (c->ch.in < 0 || process_write_all(c->ch.in, text, len)) {
		x->o = GOT_EOF;
		return;
	}
	x->o = await_output(c, s, &x->w, false, true, &x->f, path);
}

/* The program may have been told the whole answer was read, and yet more
 * came with it: a fault, as the next answer would be out of step. */
static bool left_over(ext_ctx *c, exchange *x)
{
	char q[ANSWER_QUOTE * 4 + 8];

	if (x->o != GOT_ANSWER || x->f.state != ANSWER_DONE || c->have == x->f.used)
		return false;
	answer_quote(c->buf + x->f.used, c->have - x->f.used, ANSWER_QUOTE, q, sizeof(q));
	snprintf(x->f.why, sizeof(x->f.why), "more output after its answer: '%s'", q);
	x->f.state = ANSWER_BAD;
	return true;
}

/* After its input was closed (the program sat idle with the puzzle read),
 * what came is the verdict: an answer then means it does not flush (or it
 * reads all its input first); an end means it waited for more input. */
static void judge_probe(ext_ctx *c, exchange *x)
{
	if (!x->w.probed)
		return;
	if (x->o == GOT_ANSWER && x->f.state == ANSWER_DONE)
		snprintf(c->broken_why, sizeof(c->broken_why), "it answered only once its input "
			 "closed: it does not flush after an answer (fflush, flush=True, "
			 "stdbuf -oL) or reads all input first");
	else if (x->o == GOT_EOF)
		snprintf(c->broken_why, sizeof(c->broken_why), "it read the puzzle, waited for more "
			 "input, and ended without an answer when its input closed");
	else
		return;
	c->broken = true;
	x->o = STALLED;
}

/* The start of a long-lived program: spawned, then fed the one-move
 * puzzle, whose answer must be its one move. Returns PB_SOLVED, or why
 * not (message in S; the program ended). */
static pb_status start_program(ext_ctx *c, pb_search *s)
{
	const char *dir = c->prog->spec.output_file ? c->scratch : NULL;
	pb_replay_result r;
	char why[WHY_MAX], letters[PB_MAX_PATH * PB_MOVE_NAME_MAX + 1];
	pb_path path;
	exchange x;
	pb_status st;

	if (launch(c->prog, c->envp, dir, &c->ch, why, sizeof(why)))
		return fail(s, PB_FAILED, "%s", why);
	snprintf(c->prog->last_puzzle, sizeof(c->prog->last_puzzle), "%.*s",
		 (int)c->startup_len - 1, c->startup_text);
	exchange_once(c, s, c->startup_text, c->startup_len, &path, &x);
	keep_answer(c);
	if (x.o == GOT_ANSWER && x.f.state == ANSWER_DONE && !x.w.probed && !left_over(c, &x)) {
		pb_replay(c->d, &c->startup, letters,
			  pb_format_moves(c->d, path.moves, path.length, letters, sizeof(letters)), &r);
		if (x.f.status == PB_SOLVED && path.length == 1 && r.verdict == PB_REACHES_GOAL) {
			c->have = 0;
			c->cpu_seen = process_cpu_ns(&c->ch);
			return PB_SOLVED;
		}
		process_end(&c->ch);
		return fail(s, PB_WRONG, "its answer to the start-up puzzle '%.*s', one move from "
			    "the goal, is not that move", (int)c->startup_len - 1, c->startup_text);
	}
	judge_probe(c, &x);
	left_over(c, &x);
	if (x.o == GOT_EOF)
		process_wait(&c->ch, EXIT_GRACE_NS);
	process_kill(&c->ch);
	/* what it used before it ended, for the row */
	c->cpu_seen = process_rusage_cpu_ns(&c->ch);
	c->hwm = process_rusage_rss_bytes(&c->ch);
	st = no_answer(c, s, x.o, &x.f, &x.w);
	process_end(&c->ch);
	return st;
}

/* Start the program again after a fault, before the next puzzle (what
 * the fault log keeps of the fault stays). */
static void restart(ext_ctx *c, const pb_search *s)
{
	program *p = c->prog;
	char puzzle[sizeof(p->last_puzzle)], answer[sizeof(p->last_answer)];
	size_t answer_len = p->last_answer_len;
	bool cut = p->last_cut;
	pb_search again;

	process_end(&c->ch);
	if (c->broken)
		return;
	memcpy(puzzle, p->last_puzzle, sizeof(puzzle));
	memcpy(answer, p->last_answer, sizeof(answer));
	pb_search_init(&again, s->meter.limit, c->startup_limit_ns, s->stop);
	if (start_program(c, &again) == PB_SOLVED)
		c->hwm = process_peak_rss_bytes(&c->ch);
	else if (!again.stop || !*again.stop) {
		c->broken = true;
		snprintf(c->broken_why, sizeof(c->broken_why), "it could not be started again: %.120s",
			 again.message);
	}
	memcpy(p->last_puzzle, puzzle, sizeof(puzzle));
	memcpy(p->last_answer, answer, sizeof(answer));
	p->last_answer_len = answer_len;
	p->last_cut = cut;
}

/* The start of a solve of START: its text, and the log's record of it. */
static void begin_solve(ext_ctx *c, const pb_state *start)
{
	make_text(c, start);
	c->prog->last_answer_len = 0;
	memcpy(c->prog->last_puzzle, c->text, c->text_len - 1);
	c->prog->last_puzzle[c->text_len - 1] = '\0';
}

static pb_status solve_long(ext_ctx *c, const pb_state *start, pb_search *s, pb_path *out)
{
	uint64_t t0, rss;
	exchange x;
	pb_status st;

	begin_solve(c, start);
	if (!c->ch.pid && !c->broken)
		restart(c, s);
	/* nothing runs for a broken program: no measures */
	s->child_measured = true;
	if (c->broken)
		return fail(s, PB_FAILED, "%s", c->broken_why);
	t0 = pb_wall_ns();
	exchange_once(c, s, c->text, c->text_len, out, &x);
	s->child_measured = true;
	if (x.o == GOT_ANSWER && x.f.state == ANSWER_DONE && !x.w.probed && !left_over(c, &x)) {
		c->cpu_seen = process_cpu_ns(&c->ch);
		s->child_cpu_ns += c->cpu_seen - x.cpu0;
		if (pb_wall_ns() - t0 > HWM_AFTER_NS)
			c->hwm = process_peak_rss_bytes(&c->ch);
		rss = c->hwm > x.w.rss_peak ? c->hwm : x.w.rss_peak;
		if (rss > s->child_rss_bytes)
			s->child_rss_bytes = rss;
		if (x.f.counted) {
			s->expanded += x.f.expanded;
			s->generated += x.f.generated;
		}
		keep_answer(c);
		c->have = 0;
		if (x.w.rss_limit && rss > x.w.rss_limit) {
			restart(c, s);
			return fail(s, PB_MEMOUT, "its peak resident memory passed the limit: %" PRIu64
				    " bytes", rss);
		}
		return x.f.status;
	}
	keep_answer(c);
	judge_probe(c, &x);
	if (x.o == GOT_EOF)
		process_wait(&c->ch, EXIT_GRACE_NS);
	process_kill(&c->ch);
	if (c->ch.reaped) {
		uint64_t total = process_rusage_cpu_ns(&c->ch);

		s->child_cpu_ns += total > x.cpu0 ? total - x.cpu0 : 0;
		s->child_rss_bytes = process_rusage_rss_bytes(&c->ch);
	}
	st = no_answer(c, s, x.o, &x.f, &x.w);
	if (st != PB_STOPPED)
		restart(c, s);
	else
		process_end(&c->ch);
	return st;
}

/* One-shot programs */

/* Write the puzzle into the scratch directory's input file (and remove
 * an old answer). Returns 0, or -1 with why in S. */
static int put_input_file(ext_ctx *c, pb_search *s)
{
	char path[PATH_MAX + 64];
	int fd, rc;

	snprintf(path, sizeof(path), "%s/%s", c->scratch, c->prog->spec.output_file);
	unlink(path);
	snprintf(path, sizeof(path), "%s/%s", c->scratch, c->prog->spec.input_file);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		fail(s, PB_FAILED, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = process_write_all(fd, c->text, c->text_len);
	if (close(fd) || rc) {
		fail(s, PB_FAILED, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Read the scratch directory's output file into C->buf. */
static int get_output_file(ext_ctx *c, pb_search *s)
{
	char path[PATH_MAX + 64];
	ssize_t k;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", c->scratch, c->prog->spec.output_file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	c->have = 0;
	if (fd < 0) {
		fail(s, PB_WRONG, "no answer: it wrote no file '%s'", c->prog->spec.output_file);
		return -1;
	}
	while (c->have < ANSWER_MAX &&
	       ((k = read(fd, c->buf + c->have, ANSWER_MAX - c->have)) > 0 || (k < 0 && errno == EINTR)))
		c->have += k > 0 ? (size_t)k : 0;
	close(fd);
	return 0;
}

/* Judge the whole output of a one-shot program that ended well. */
static pb_status judge_output(ext_ctx *c, pb_search *s, pb_path *out)
{
	char q[ANSWER_QUOTE * 4 + 8];
	answer_frame f;

	answer_parse(c->frame, c->frame == c->d ? NULL : c->turned.move_back, c->buf, c->have, &f, out);
	answer_quote(c->buf, c->have, ANSWER_QUOTE, q, sizeof(q));
	if (f.state == ANSWER_BAD)
		return fail(s, PB_WRONG, "%s", f.why);
	if (f.state == ANSWER_MORE)
		return c->have ? fail(s, PB_WRONG, "an answer cut short: '%s'", q)
			       : fail(s, PB_WRONG, "no answer: it wrote nothing");
	if (f.used != c->have) {
		answer_quote(c->buf + f.used, c->have - f.used, ANSWER_QUOTE, q, sizeof(q));
		return fail(s, PB_WRONG, "more output after its answer: '%s'", q);
	}
	if (f.counted) {
		s->expanded += f.expanded;
		s->generated += f.generated;
	}
	return f.status;
}

static pb_status solve_once(ext_ctx *c, const pb_state *start, pb_search *s, pb_path *out)
{
	const bool files = c->prog->spec.output_file != NULL;
	char why[WHY_MAX], end[WHY_MAX];
	uint64_t rss;
	pb_status st;
	answer_frame f;
	watch w;
	outcome o;

	begin_solve(c, start);
	s->child_measured = true;
	if (c->broken)
		return fail(s, PB_FAILED, "%s", c->broken_why);
	if (files && put_input_file(c, s))
		return PB_FAILED;
	if (launch(c->prog, c->envp, files ? c->scratch : NULL, &c->ch, why, sizeof(why)))
		return fail(s, PB_FAILED, "%s", why);
	if (!files)
		process_write_all(c->ch.in, c->text, c->text_len);
	process_close(&c->ch.in);
	watch_start(&w, 0, s);
	c->have = 0;
	o = await_output(c, s, &w, true, false, &f, out);
	if (o == GOT_EOF)
		process_reap(&c->ch);
	else
		process_kill(&c->ch);
	s->child_cpu_ns += process_rusage_cpu_ns(&c->ch);
	rss = process_rusage_rss_bytes(&c->ch);
	if (rss > s->child_rss_bytes)
		s->child_rss_bytes = rss;
	if (o != GOT_EOF) {
		keep_answer(c);
		st = no_answer(c, s, o, &f, &w);
	} else if (w.rss_limit && rss > w.rss_limit) {
		st = fail(s, PB_MEMOUT, "its peak resident memory passed the limit: %" PRIu64 " bytes",
			  rss);
	} else if (WIFSIGNALED(c->ch.status) || WEXITSTATUS(c->ch.status)) {
		process_describe_end(&c->ch, end, sizeof(end), "");
		st = fail(s, PB_CRASHED, "%s", end);
	} else if (files && get_output_file(c, s)) {
		st = PB_WRONG;
	} else {
		keep_answer(c);
		st = judge_output(c, s, out);
	}
	process_end(&c->ch);
	return st;
}

/* The solver */

static void free_env(char **envp)
{
	free(envp);
}

/* The environment of the program for domain D: ours, and the domain's
 * name, size and moves. One block (free_env it), or NULL. */
static char **make_env(const pb_domain *d)
{
	static const char prefix[] = "PUZZLEBENCH_";
	size_t n = 0, bytes = 0;
	char vars[4][64], **envp, *w;
	int nvars = 4;

	snprintf(vars[0], sizeof(vars[0]), "PUZZLEBENCH_DOMAIN=%s", d->name);
	snprintf(vars[1], sizeof(vars[1]), "PUZZLEBENCH_WIDTH=%d", d->width);
	snprintf(vars[2], sizeof(vars[2]), "PUZZLEBENCH_HEIGHT=%d", d->height);
	w = vars[3] + snprintf(vars[3], sizeof(vars[3]), "PUZZLEBENCH_MOVES=");
	for (int m = 0; m < d->nmoves && w + PB_MOVE_NAME_MAX + 1 < vars[3] + sizeof(vars[3]); m++)
		w += snprintf(w, PB_MOVE_NAME_MAX + 1, "%s%s", m && *d->move_sep ? "," : "",
			      pb_move_name(d, m));
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
		if (strncmp(*e, prefix, strlen(prefix)))
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

/* The context for PROG on D, with its start-up puzzle, into *OUT.
 * Returns PB_SOLVED, or why not (message in S). */
static pb_status ctx_new(program *prog, const pb_domain *d, pb_search *s, ext_ctx **out)
{
	ext_ctx *c = calloc(1, sizeof(*c));
	char why[WHY_MAX];
	int m = 0;

	*out = NULL;
	if (!c)
		return fail(s, PB_FAILED, "out of memory");
	process_reset(&c->ch);
	c->prog = prog;
	c->d = c->frame = d;
	if (!turn_none_needed(d) && turn_init(&c->turned, d, why, sizeof(why))) {
		free(c);
		return fail(s, PB_UNSUPPORTED, "%s", why);
	}
	if (!turn_none_needed(d))
		c->frame = &c->turned.board;
	c->envp = make_env(c->frame);
	if (!c->envp) {
		free(c);
		return fail(s, PB_FAILED, "out of memory");
	}
	/* one move from the goal: the first move the goal allows */
	while (m < d->nmoves && !pb_apply(d, &d->goal, m, &c->startup))
		m++;
	make_text(c, &c->startup);
	memcpy(c->startup_text, c->text, c->text_len);
	c->startup_len = c->text_len;
	c->have_text = false;
	*out = c;
	return PB_SOLVED;
}

static pb_status program_prepare(void *self, const pb_solver *solver, const pb_domain *d, const pb_config *cfg,
				 pb_search *s, void **ctx)
{
	(void)solver;
	program *p = self;
	ext_ctx *c;
	pb_status st = ctx_new(p, d, s, &c);

	(void)cfg;
	*ctx = NULL;
	if (st != PB_SOLVED)
		return st;
	if (p->spec.output_file) {
		const char *tmp = getenv("TMPDIR");

		snprintf(c->scratch, sizeof(c->scratch), "%s/pb-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp",
			 p->spec.name);
		if (!mkdtemp(c->scratch)) {
			fail(s, PB_FAILED, "no scratch directory '%s': %s", c->scratch, strerror(errno));
			c->scratch[0] = '\0';
			ctx_free(c);
			return PB_FAILED;
		}
	}
	/* one-shot: nothing runs yet, nothing to measure */
	s->child_measured = true;
	if (p->mode == EXTERNAL_LONG_LIVED) {
		c->startup_limit_ns = s->deadline_ns ? s->deadline_ns - pb_wall_ns() : 0;
		st = start_program(c, s);
		s->child_measured = true;
		s->child_cpu_ns = c->cpu_seen;
		if (st == PB_SOLVED)
			c->hwm = process_peak_rss_bytes(&c->ch);
		s->child_rss_bytes = c->hwm;
		if (st != PB_SOLVED) {
			ctx_free(c);
			return st;
		}
	}
	*ctx = c;
	return PB_SOLVED;
}

static pb_status program_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	ext_ctx *c = ctx;

	return c->prog->mode == EXTERNAL_LONG_LIVED ? solve_long(c, start, s, out)
						    : solve_once(c, start, s, out);
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

static void program_meta(FILE *out, const void *self)
{
	const program *p = self;

	fprintf(out, "      \"mode\": \"%s\",\n      \"command\": ",
		p->mode == EXTERNAL_LONG_LIVED ? "long-lived" : "one-shot");
	meta_json_string(out, p->spec.command);
	fputs(",\n      \"argv\": [", out);
	for (char **a = p->spec.argv; *a; a++) {
		fputs(a == p->spec.argv ? "" : ", ", out);
		meta_json_string(out, *a);
	}
	fputs("],\n      \"path\": ", out);
	meta_json_string(out, p->path);
	fputs(",\n      \"domains\": ", out);
	if (p->spec.domains)
		meta_json_string(out, p->spec.domains);
	else
		fputs("null", out);
	fputs(",\n      \"input_file\": ", out);
	if (p->spec.input_file)
		meta_json_string(out, p->spec.input_file);
	else
		fputs("null", out);
	fputs(",\n      \"output_file\": ", out);
	if (p->spec.output_file)
		meta_json_string(out, p->spec.output_file);
	else
		fputs("null", out);
	fputs("\n", out);
}

/* A row's fault goes to the log: which, why, the puzzle as sent and what
 * came back. */
static void program_row(void *self, const run_row *row, FILE *log)
{
	program *p = self;
	char q[LOG_QUOTE * 4 + 8];

	if (!row->measured || run_status_answered(row->status) || row->status == RUN_UNSUPPORTED ||
	    row->status == RUN_INTERRUPTED)
		return;
	answer_quote(p->last_answer, p->last_answer_len + p->last_cut, p->last_answer_len, q, sizeof(q));
	fprintf(log, "%s\t%s\t%s\t%u\t%s\t%s\t%s\t%s\n", p->spec.name, row->ds->name,
		row->instance == RUN_NO_INSTANCE ? "-" : row->ds->instances[row->instance].id,
		row->repeat, run_status_name(row->status), *row->note ? row->note : "-",
		p->last_puzzle[0] ? p->last_puzzle : "-", p->last_answer_len ? q : "-");
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

static void program_free(void *self)
{
	program *p = self;

	if (!p)
		return;
	process_close(&p->stderr_fd);
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
};

/* Adding one */


/* A plain file name for the scratch directory. */
static bool file_name_ok(const char *s)
{
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

/* Parse SPEC's head "NAME[@DOMAINS][<IN>OUT]" (N bytes) into P, for MODE. */
static int parse_head(const char *spec, size_t n, external_mode mode, external_spec *p,
		      char *err, size_t errlen)
{
	const char *end = spec + n, *name_end = spec, *at, *lt, *gt;

	while (name_end < end && !strchr("@<>", *name_end))
		name_end++;
	if ((size_t)(name_end - spec) > OUTSIDE_NAME_MAX) {
		snprintf(err, errlen, "solver name '%.*s' is longer than %d characters",
			 (int)(name_end - spec), spec, OUTSIDE_NAME_MAX);
		return -1;
	}
	snprintf(p->name, sizeof(p->name), "%.*s", (int)(name_end - spec), spec);
	if (outside_check_name(p->name, err, errlen))
		return -1;
	at = memchr(spec, '@', n);
	lt = memchr(spec, '<', n);
	gt = memchr(spec, '>', n);
	if ((lt && (!gt || gt < lt)) || (gt && !lt) || (at && ((lt && at > lt) || (gt && at > gt)))) {
		snprintf(err, errlen, "'%.*s': want NAME, NAME@DOMAIN,... or NAME<IN>OUT before '='",
			 (int)n, spec);
		return -1;
	}
	if (at) {
		const char *dend = lt ? lt : end;
		size_t len = (size_t)(dend - at - 1);
		const char *list = p->domains = strndup(at + 1, len);

		if (!list) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (!len) {
			snprintf(err, errlen, "solver '%s': '@' and no domain", p->name);
			return -1;
		}
		/* an empty name would serve nothing */
		if (list[0] == ',' || list[len - 1] == ',' || strstr(list, ",,")) {
			snprintf(err, errlen, "solver '%s': an empty domain name in '%s'", p->name, list);
			return -1;
		}
	}
	if (lt) {
		p->input_file = strndup(lt + 1, (size_t)(gt - lt - 1));
		p->output_file = strndup(gt + 1, (size_t)(end - gt - 1));
		if (!p->input_file || !p->output_file || !file_name_ok(p->input_file) ||
		    !file_name_ok(p->output_file) || !strcmp(p->input_file, p->output_file)) {
			snprintf(err, errlen, "solver '%s': '<IN>OUT' wants two plain file names",
				 p->name);
			return -1;
		}
		if (mode != EXTERNAL_ONCE) {
			snprintf(err, errlen, "solver '%s': files '<IN>OUT' are for --solver-once",
				 p->name);
			return -1;
		}
	}
	return 0;
}

int external_parse(const char *spec, external_mode mode, external_spec *s, char *err,
		   size_t errlen)
{
	const char *eq = strchr(spec, '=');

	memset(s, 0, sizeof(*s));
	if (!eq || eq == spec) {
		snprintf(err, errlen, "'%s': want NAME=COMMAND", spec);
		return -1;
	}
	if (parse_head(spec, (size_t)(eq - spec), mode, s, err, errlen))
		return -1;
	s->command = strdup(eq + 1);
	if (!s->command) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s->argv = process_split(s->command, err, errlen);
	return s->argv ? 0 : -1;
}

int external_check_domains(const external_spec *s, char *err, size_t errlen)
{
	char *list, msg[256];
	int rc = 0;

	if (!s->domains)
		return 0;
	list = strdup(s->domains);
	if (!list) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (char *d = list, *save = NULL, *tok; !rc && (tok = strtok_r(d, ",", &save)); d = NULL) {
		pb_domain probe;

		if (pb_domain_init(&probe, tok, msg, sizeof(msg))) {
			snprintf(err, errlen, "solver '%s': %s", s->name, msg);
			rc = -1;
		}
	}
	free(list);
	return rc;
}

void external_spec_release(external_spec *s)
{
	free(s->command);
	free(s->argv);
	free(s->domains);
	free(s->input_file);
	free(s->output_file);
	memset(s, 0, sizeof(*s));
}

/* Start P and kill it at once: an exec that fails is an error now, not
 * in the middle of a run. */
static int try_start(const program *p, char *err, size_t errlen)
{
	process ch;

	if (launch(p, environ, NULL, &ch, err, errlen))
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
	    !(p->path = process_find(p->spec.argv[0], err, errlen)) || try_start(p, err, errlen)) {
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

/* The round trip */

/* The stand-in: a fork of this process that answers "r" to each line at
 * once. */
static int spawn_echo(process *ch, char *why, size_t whylen)
{
	int in[2], out[2];

	process_reset(ch);
	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) {
		snprintf(why, whylen, "no pipe: %s", strerror(errno));
		return -1;
	}
	ch->pid = fork();
	if (ch->pid < 0) {
		snprintf(why, whylen, "no process: %s", strerror(errno));
		return -1;
	}
	if (!ch->pid) {
		char buf[4096], answers[sizeof(buf) * 2];

		setpgid(0, 0);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(in[1]);
		close(out[0]);
		for (;;) {
			ssize_t n = read(in[0], buf, sizeof(buf));
			size_t k = 0;

			if (n <= 0)
				_exit(0);
			for (ssize_t i = 0; i < n; i++)
				if (buf[i] == '\n') {
					answers[k++] = 'r';
					answers[k++] = '\n';
				}
			if (k && process_write_all(out[1], answers, k))
				_exit(1);
		}
	}
	setpgid(ch->pid, ch->pid);
	close(in[0]);
	close(out[1]);
	ch->in = in[1];
	ch->out = out[0];
	process_watch(ch);
	return 0;
}

/* Formatting's share: PER formats of alternating states, timed together. */
#define FORMATS_PER_SAMPLE 64

int external_measure_round_trip(unsigned rounds, external_round_trip *r, char *err,
				size_t errlen)
{
	static program echo = { .spec.name = "round-trip", .stderr_fd = -1 };
	double *t = malloc((rounds ? rounds : 1) * sizeof(*t));
	ext_ctx *c = calloc(1, sizeof(*c));
	pb_state puzzles[2];
	pb_domain *d = malloc(sizeof(*d));
	char text[TEXT_MAX];
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (!t || !c || !d || !rounds) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (pb_domain_init(d, pb_family_at(0)->example, err, errlen))
		goto out;
	process_reset(&c->ch);
	c->prog = &echo;
	c->d = c->frame = d;
	/* a puzzle one move from the goal, again and again as the repeats of
	 * an instance come (its text made once); formatting timed apart */
	for (int m = 0, k = 0; m < d->nmoves && k < 2; m++)
		k += pb_apply(d, &d->goal, m, &puzzles[k]);
	if (spawn_echo(&c->ch, err, errlen))
		goto out;
	c->cpu_seen = process_cpu_ns(&c->ch);
	for (unsigned i = 0; i < rounds; i++) {
		pb_search s;
		pb_path path;
		uint64_t t0;
		pb_status st;

		pb_search_init(&s, 0, 0, NULL);
		t0 = pb_wall_ns();
		st = solve_long(c, &puzzles[0], &s, &path);
		t[i] = (double)(pb_wall_ns() - t0);
		if (st != PB_SOLVED) {
			snprintf(err, errlen, "the round trip's stand-in failed: %s", s.message);
			goto out;
		}
	}
	stats_sort(t, rounds);
	r->rounds = rounds;
	r->median_ns = (uint64_t)stats_quantile(t, rounds, 0.5);
	r->p10_ns = (uint64_t)stats_quantile(t, rounds, 0.1);
	r->p90_ns = (uint64_t)stats_quantile(t, rounds, 0.9);
	for (unsigned i = 0; i < rounds; i++) {
		uint64_t t0 = pb_wall_ns();

		for (unsigned k = 0; k < FORMATS_PER_SAMPLE; k++)
			pb_format(d, &puzzles[k & 1], text, sizeof(text));
		t[i] = (double)(pb_wall_ns() - t0) / FORMATS_PER_SAMPLE;
	}
	stats_sort(t, rounds);
	r->format_ns = (uint64_t)stats_quantile(t, rounds, 0.5);
	rc = 0;
out:
	if (c)
		process_end(&c->ch);
	free(c);
	free(d);
	free(t);
	return rc;
}

void external_round_trip_json(FILE *out, const char *indent, const external_round_trip *r)
{
	fprintf(out, "%s\"rounds\": %u,\n", indent, r->rounds);
	fprintf(out, "%s\"median_ns\": %" PRIu64 ",\n", indent, r->median_ns);
	fprintf(out, "%s\"p10_ns\": %" PRIu64 ",\n", indent, r->p10_ns);
	fprintf(out, "%s\"p90_ns\": %" PRIu64 ",\n", indent, r->p90_ns);
	fprintf(out, "%s\"format_ns\": %" PRIu64 "\n", indent, r->format_ns);
}
