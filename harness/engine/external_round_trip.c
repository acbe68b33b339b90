/* The harness's round trip to a long-lived program (external.h): a fork
 * of this process that answers each line at once stands in for the
 * program, and the runner's solve of a puzzle one move from the goal is
 * timed against it, with the making of a puzzle's text timed apart. */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "algorithms/puzzles/family.h"
#include "harness/engine/external_int.h"
#include "harness/report/stats.h"

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
		st = ext_solve_long(c, &puzzles[0], &s, &path);
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
