/* Waiting for an external program's answer (external.h): its output read
 * as it comes, the program looked at every EXTERNAL_WATCH_MS (the stop
 * flag, its memory, the deadline, whether it sits idle and why), and the
 * status and message for an answer that is not to be had. */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness/engine/external_int.h"

#define BYTES_PER_KIB 1024u
/* A program that uses no CPU at all for this long while an answer is due
 * is looked at: has it read the puzzle, does it wait for input? */
#define STALL_NS NS_PER_S
/* At the time limit, a program idle for this long is looked at the same
 * way before it is called a timeout. */
#define IDLE_MIN_NS (50 * NS_PER_MS)

/* Start watching a program whose CPU clock read CPU (its idle time is
 * counted from the first look, so that starting costs no clock read). */
void ext_watch_start(watch *w, uint64_t cpu, const pb_search *s)
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
outcome ext_await_output(ext_ctx *c, const pb_search *s, watch *w, bool until_eof,
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
void ext_keep_answer(ext_ctx *c)
{
	program *p = c->prog;
	size_t n = c->have < LOG_QUOTE ? c->have : LOG_QUOTE;

	memcpy(p->last_answer, c->buf, n);
	p->last_answer_len = n;
	p->last_cut = c->have > LOG_QUOTE;
}

pb_status ext_fail(pb_search *s, pb_status st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->message, sizeof(s->message), fmt, ap);
	va_end(ap);
	return st;
}

/* The status and message for an answer that is not to be had: OUTCOME,
 * with what was read (C->buf) and the program's end (CH, reaped). */
pb_status ext_no_answer(ext_ctx *c, pb_search *s, outcome o, const answer_frame *f,
			const watch *w)
{
	char q[ANSWER_QUOTE * 4 + 8], end[WHY_MAX];

	answer_quote(c->buf, c->have, ANSWER_QUOTE, q, sizeof(q));
	switch (o) {
	case GOT_ANSWER:
		return ext_fail(s, PB_WRONG, "%s", f->why);
	case GOT_FLOOD:
		return ext_fail(s, PB_WRONG, "more than %u KiB of output and no answer: cut off ('%s')",
				ANSWER_MAX / BYTES_PER_KIB, q);
	case HIT_TIME:
		return ext_fail(s, PB_TIMEOUT, "no answer within the time limit%s",
				w->probed ? " (it sat idle, using no CPU)" : "");
	case HIT_MEMORY:
		return ext_fail(s, PB_MEMOUT, "its resident memory passed the limit: %" PRIu64 " bytes",
				w->rss_peak);
	case HIT_STOP:
		return ext_fail(s, PB_STOPPED, "stopped");
	case STALLED:
		return ext_fail(s, PB_FAILED, "%s", c->broken_why);
	case GOT_EOF:
	case KEEP_WAITING:
		break;
	}
	process_describe_end(&c->ch, end, sizeof(end), c->have ? "in the middle of an answer"
		      : "before answering");
	return ext_fail(s, PB_CRASHED, "%s%s%s%s", end, c->have ? " ('" : "", c->have ? q : "",
			c->have ? "')" : "");
}
