/* The solves of external programs (external.h): a long-lived program
 * started and checked on the one-move puzzle, fed one puzzle at a time,
 * and started again after a fault; a one-shot program started for each
 * puzzle, through its standard input and output or through files in a
 * scratch directory, its whole output judged once it has ended. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/engine/external_int.h"
#include "harness/report/stats.h"

/* The longest a run measured for a program's start may take: one that
 * does not answer (it never reads) is not waited on longer. */
#define START_RUN_MAX_NS (5 * NS_PER_S)

/* A solve longer than this is followed by a read of the program's peak
 * resident set (about 6 us); after a shorter one, the last value read. */
#define HWM_AFTER_NS NS_PER_MS

/* Start P with ENVP in DIR (NULL: ours) into CH. */
int ext_launch(const program *p, char *const *envp, const char *dir, process *ch, char *why,
	       size_t whylen)
{
	process_spec spec = {
		.path = p->path, .argv = p->argv, .envp = envp, .dir = dir, .stderr_fd = p->stderr_fd,
		.own_peak = p->mode == EXTERNAL_ONCE,
	};

	return process_spawn(&spec, ch, why, whylen);
}

/* The puzzle's line (with its line break) for S, kept while S stays. */
void ext_make_text(ext_ctx *c, const pb_state *s)
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
	ext_watch_start(&x->w, x->cpu0, s);
	c->have = 0;
	if (c->ch.in < 0 || process_write_all(c->ch.in, text, len)) {
		x->o = GOT_EOF;
		return;
	}
	x->o = ext_await_output(c, s, &x->w, false, true, &x->f, path);
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
 * puzzle, whose answer must be its one move (or, from a program that
 * promises less than optimal, a path to the goal within its bound).
 * Returns PB_SOLVED, or why not (message in S; the program ended). */
pb_status ext_start_program(ext_ctx *c, pb_search *s)
{
	const char *dir = c->prog->spec.output_file ? c->scratch : NULL;
	pb_replay_result r;
	char why[WHY_MAX], letters[PB_MAX_PATH * PB_MOVE_NAME_MAX + 1], hint[sizeof(s->message)];
	pb_path path;
	exchange x;
	pb_status st;

	if (ext_launch(c->prog, c->envp, dir, &c->ch, why, sizeof(why)))
		return ext_fail(s, PB_FAILED, "%s", why);
	snprintf(c->prog->last_puzzle, sizeof(c->prog->last_puzzle), "%.*s",
		 (int)c->startup_len - 1, c->startup_text);
	exchange_once(c, s, c->startup_text, c->startup_len, &path, &x);
	ext_keep_answer(c);
	if (x.o == GOT_ANSWER && x.f.state == ANSWER_DONE && !x.w.probed && !left_over(c, &x)) {
		pb_replay(c->d, &c->startup, letters,
			  pb_format_moves(c->d, path.moves, path.length, letters, sizeof(letters)), &r);
		if (x.f.status == PB_SOLVED && r.verdict == PB_REACHES_GOAL &&
		    pb_within_bound(path.length, 1, c->bound)) {
			c->have = 0;
			c->answered = 1;
			c->cpu_seen = process_cpu_ns(&c->ch);
			return PB_SOLVED;
		}
		process_end(&c->ch);
		/* a program in another convention is told what would mend it,
		 * before the puzzle, which room may not be left for */
		hint[0] = '\0';
		if (x.f.status == PB_SOLVED)
			runner_hint_inverse(c->d, &c->startup, &path, hint, sizeof(hint));
		if (hint[0])
			return ext_fail(s, PB_WRONG, "its answer to the start-up puzzle, one move from "
					"the goal, is not that move%s", hint);
		return ext_fail(s, PB_WRONG, "its answer to the start-up puzzle '%.*s', one move from "
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
	st = ext_no_answer(c, s, x.o, &x.f, &x.w);
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
	if (ext_start_program(c, &again) == PB_SOLVED)
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

/* A puzzle that a broken program is not sent: why, into S. */
static pb_status not_sent(ext_ctx *c, pb_search *s)
{
	s->not_sent = true;
	return ext_fail(s, PB_FAILED, "not sent: %s", c->broken_why);
}

/* The start of a solve of START: its text, and the log's record of it. */
static void begin_solve(ext_ctx *c, const pb_state *start)
{
	ext_make_text(c, start);
	c->prog->last_answer_len = 0;
	memcpy(c->prog->last_puzzle, c->text, c->text_len - 1);
	c->prog->last_puzzle[c->text_len - 1] = '\0';
}

/* A long-lived program that ended well, silent, after its one answer to
 * the start-up puzzle (outcome O) is most likely one that answers a
 * puzzle and exits: add to S's message what takes such a program. */
static void hint_one_shot(const ext_ctx *c, pb_search *s, outcome o)
{
	size_t used = strlen(s->message);

	if (o != GOT_EOF || c->answered != 1 || c->have || !c->ch.reaped ||
	    !WIFEXITED(c->ch.status) || WEXITSTATUS(c->ch.status) || used >= sizeof(s->message))
		return;
	snprintf(s->message + used, sizeof(s->message) - used, "; it had answered one puzzle: "
		 "a program that answers one and exits goes with --solver-once");
}

/* Whether the program, whose output ended with nothing of an answer
 * (reaped), ended well with the puzzle unread: it stopped after its last
 * answer, as a program that reads a count first or serves N puzzles does,
 * and the puzzle found it gone. */
static bool ended_between_puzzles(ext_ctx *c)
{
	return c->ch.reaped && !c->ch.killed && WIFEXITED(c->ch.status) &&
	       !WEXITSTATUS(c->ch.status) && process_unread(&c->ch) > 0;
}

/* The program ended between puzzles (ended_between_puzzles): start it
 * again, for the puzzle to be sent again, and say so in the fault log; a
 * second time in one solve it ends after each answer, and is given up.
 * Returns whether to send the puzzle again. */
static bool start_again_between(ext_ctx *c, const pb_search *s, bool again)
{
	if (again) {
		c->broken = true;
		snprintf(c->broken_why, sizeof(c->broken_why), "it ends (status 0) after each "
			 "answer, before reading the next puzzle: a program that answers one puzzle "
			 "a run is for --solver-once");
		return false;
	}
	restart(c, s);
	if (c->broken)
		return false;
	snprintf(c->prog->row_note, sizeof(c->prog->row_note), "it ended (status 0) after its "
		 "answer before, with this puzzle unread: started again and sent it again (the "
		 "row's time includes the start)");
	return true;
}

pb_status ext_solve_long(ext_ctx *c, const pb_state *start, pb_search *s, pb_path *out)
{
	uint64_t t0, rss;
	bool again = false;
	exchange x;
	pb_status st;

	begin_solve(c, start);
	if (!c->ch.pid && !c->broken)
		restart(c, s);
	/* nothing runs for a broken program: no measures */
	s->child_measured = true;
	if (c->broken)
		return not_sent(c, s);
	t0 = pb_wall_ns();
send:
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
		s->uncounted = !x.f.counted;
		ext_keep_answer(c);
		c->have = 0;
		c->answered++;
		if (x.w.rss_limit && rss > x.w.rss_limit) {
			restart(c, s);
			return ext_fail(s, PB_MEMOUT, "its peak resident memory passed the limit: %" PRIu64
					" bytes", rss);
		}
		return x.f.status;
	}
	ext_keep_answer(c);
	judge_probe(c, &x);
	if (x.o == GOT_EOF)
		process_wait(&c->ch, EXIT_GRACE_NS);
	process_kill(&c->ch);
	if (x.o == GOT_EOF && !c->have && ended_between_puzzles(c)) {
		bool send_again = start_again_between(c, s, again);

		again = true;
		if (send_again)
			goto send;
		if (c->broken)
			return ext_fail(s, PB_FAILED, "%s", c->broken_why);
	}
	if (c->ch.reaped) {
		uint64_t total = process_rusage_cpu_ns(&c->ch);

		s->child_cpu_ns += total > x.cpu0 ? total - x.cpu0 : 0;
		s->child_rss_bytes = process_rusage_rss_bytes(&c->ch);
	}
	st = ext_no_answer(c, s, x.o, &x.f, &x.w);
	hint_one_shot(c, s, x.o);
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
		ext_fail(s, PB_FAILED, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = process_write_all(fd, c->text, c->text_len);
	if (close(fd) || rc) {
		ext_fail(s, PB_FAILED, "%s: %s", path, strerror(errno));
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
		ext_fail(s, PB_WRONG, "no answer: it wrote no file '%s'", c->prog->spec.output_file);
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
		return ext_fail(s, PB_WRONG, "%s", f.why);
	if (f.state == ANSWER_MORE)
		return c->have ? ext_fail(s, PB_WRONG, "an answer cut short: '%s'", q)
			       : ext_fail(s, PB_WRONG, "no answer: it wrote nothing");
	if (f.used != c->have) {
		answer_quote(c->buf + f.used, c->have - f.used, ANSWER_QUOTE, q, sizeof(q));
		return ext_fail(s, PB_WRONG, "more output after its answer: '%s'", q);
	}
	if (f.counted) {
		s->expanded += f.expanded;
		s->generated += f.generated;
	}
	s->uncounted = !f.counted;
	return f.status;
}

/* A one-shot run that ended in ST: while none has started well, count
 * those that ended badly before writing anything, and give the program
 * up after EXTERNAL_START_FAILURES of them. */
static void count_start(ext_ctx *c, pb_status st)
{
	if (c->started)
		return;
	if (st != PB_CRASHED || c->have) {
		c->started = true;
		return;
	}
	if (++c->start_failures < EXTERNAL_START_FAILURES)
		return;
	c->broken = true;
	snprintf(c->broken_why, sizeof(c->broken_why), "given up: its first %d runs each ended "
		 "before writing anything (see stderr/%s.log)", EXTERNAL_START_FAILURES,
		 c->prog->spec.name);
}

pb_status ext_solve_once(ext_ctx *c, const pb_state *start, pb_search *s, pb_path *out)
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
		return not_sent(c, s);
	if (files && put_input_file(c, s))
		return PB_FAILED;
	c->have = 0;
	if (ext_launch(c->prog, c->envp, files ? c->scratch : NULL, &c->ch, why, sizeof(why))) {
		count_start(c, PB_CRASHED);
		return ext_fail(s, PB_FAILED, "%s", why);
	}
	if (!files)
		process_write_all(c->ch.in, c->text, c->text_len);
	process_close(&c->ch.in);
	ext_watch_start(&w, 0, s);
	c->have = 0;
	o = ext_await_output(c, s, &w, true, false, &f, out);
	if (o == GOT_EOF)
		process_reap(&c->ch);
	else
		process_kill(&c->ch);
	s->child_cpu_ns += process_rusage_cpu_ns(&c->ch);
	rss = process_rusage_rss_bytes(&c->ch);
	if (rss > s->child_rss_bytes)
		s->child_rss_bytes = rss;
	if (o != GOT_EOF) {
		ext_keep_answer(c);
		st = ext_no_answer(c, s, o, &f, &w);
	} else if (w.rss_limit && rss > w.rss_limit) {
		st = ext_fail(s, PB_MEMOUT, "its peak resident memory passed the limit: %" PRIu64 " bytes",
			      rss);
	} else if (WIFSIGNALED(c->ch.status) || WEXITSTATUS(c->ch.status)) {
		process_describe_end(&c->ch, end, sizeof(end), "");
		st = ext_fail(s, PB_CRASHED, "%s", end);
	} else if (files && get_output_file(c, s)) {
		st = PB_WRONG;
	} else {
		ext_keep_answer(c);
		st = judge_output(c, s, out);
	}
	process_end(&c->ch);
	count_start(c, st);
	return st;
}

/* Start measures */

/* The time a run measured for a start may take within S's limits. */
static uint64_t start_run_limit(const pb_search *s)
{
	uint64_t now = pb_wall_ns();

	if (!s->deadline_ns || s->deadline_ns >= now + START_RUN_MAX_NS)
		return START_RUN_MAX_NS;
	return s->deadline_ns > now ? s->deadline_ns - now : 1;
}

bool ext_measure_start(ext_ctx *c, pb_search *s)
{
	program *p = c->prog;
	char puzzle[sizeof(p->last_puzzle)], answer[sizeof(p->last_answer)];
	size_t answer_len = p->last_answer_len;
	bool cut = p->last_cut;
	double wall[START_RUNS], cpu[START_RUNS];
	/* the runs go on a copy: a fault in one is no fault of the program's
	 * context (its counts of failed starts, its broken state) */
	ext_ctx *t = malloc(sizeof(*t));
	unsigned n = 0;

	p->start_tried = true;
	if (!t)
		return false;
	memcpy(t, c, sizeof(*t));
	process_reset(&t->ch);
	memcpy(puzzle, p->last_puzzle, sizeof(puzzle));
	memcpy(answer, p->last_answer, sizeof(answer));
	for (; n < START_RUNS; n++) {
		pb_search run;
		pb_path path;
		uint64_t t0;
		pb_status st;

		pb_search_init(&run, s->meter.limit, start_run_limit(s), s->stop);
		t0 = pb_wall_ns();
		st = ext_solve_once(t, &t->startup, &run, &path);
		wall[n] = (double)(pb_wall_ns() - t0);
		cpu[n] = (double)run.child_cpu_ns;
		s->child_cpu_ns += run.child_cpu_ns;
		if (run.child_rss_bytes > s->child_rss_bytes)
			s->child_rss_bytes = run.child_rss_bytes;
		if (st != PB_SOLVED)
			break;
	}
	memcpy(p->last_puzzle, puzzle, sizeof(puzzle));
	memcpy(p->last_answer, answer, sizeof(answer));
	p->last_answer_len = answer_len;
	p->last_cut = cut;
	free(t);
	if (n < START_RUNS)
		return false;
	stats_sort(wall, n);
	stats_sort(cpu, n);
	p->start_ns = (uint64_t)stats_quantile(wall, n, 0.5);
	p->start_cpu_ns = (uint64_t)stats_quantile(cpu, n, 0.5);
	p->start_runs = n;
	return true;
}
