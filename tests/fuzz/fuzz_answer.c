/* libFuzzer target: the reader of the answers an external program writes
 * (harness/io/answer.c, answer_parse, as external.c calls it on what a
 * long-lived or one-shot program has written so far), on any bytes: the
 * first byte picks the domain (its low bit and bits 2..7: the 8-puzzle,
 * Magic Squares, the cube, pancakes of every size; fuzz_answer_ref.h) and
 * whether the moves are turned back (bit 1: a board given turned), the
 * rest is the output.
 *
 * - Its verdict (more to come, an answer, or garbage), status, bytes
 *   used, path and counters equal those of the slow reference reader of
 *   fuzz_answer_ref.h.
 * - Read as it arrives, the output gives the same: every prefix cut before
 *   the answer is decided reads as more to come, every longer one as the
 *   same answer (what a program's output split across reads needs).
 * - An answer, written back as 'bench solve' writes it (with its counters
 *   in a comment), reads the same. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_answer_ref.h"

/* Prefixes tried. */
#define CUTS 5

/* The reader's verdict F, PATH agrees with V. */
static void check_same(const answer_frame *f, const pb_path *path, const verdict *v)
{
	FUZZ_CHECK(f->state == v->state);
	if (f->state == ANSWER_BAD) {
		FUZZ_CHECK(f->why[0] && memchr(f->why, '\0', sizeof(f->why)));
		FUZZ_CHECK(f->used == v->used);
		return;
	}
	if (f->state == ANSWER_MORE)
		return;
	FUZZ_CHECK(f->status == v->status && f->used == v->used);
	FUZZ_CHECK(f->counted == v->counted);
	FUZZ_CHECK(f->expanded == v->expanded && f->generated == v->generated);
	if (f->status == PB_SOLVED)
		FUZZ_CHECK(path->length == v->path.length &&
			   !memcmp(path->moves, v->path.moves, (size_t)path->length));
}

/* Read BUF[0..n) as it may arrive: cut just before and at the end of
 * the line that decides (where the verdict must change), and at the first
 * line's end and halfway (where it must not, unless they are past it). */
static void check_prefixes(const setup *s, int k, const uint8_t *turn, const char *buf, size_t n,
			   const verdict *whole)
{
	const char *nl = memchr(buf, '\n', n);
	size_t cuts[CUTS], ncuts = 0;

	if (whole->state != ANSWER_MORE) {
		cuts[ncuts++] = whole->decided - 1;
		cuts[ncuts++] = whole->decided;
	}
	if (nl) {
		cuts[ncuts++] = (size_t)(nl - buf);
		cuts[ncuts++] = (size_t)(nl - buf) + 1;
	}
	cuts[ncuts++] = n / 2;
	for (size_t c = 0; c < ncuts; c++) {
		answer_frame f;
		pb_path path;
		verdict v;

		answer_parse(&s->d[k], turn, buf, cuts[c], &f, &path);
		ref_read(s, k, turn != NULL, buf, cuts[c], &v);
		check_same(&f, &path, &v);
		if (whole->state != ANSWER_MORE && cuts[c] >= whole->decided)
			check_same(&f, &path, whole);
		else
			FUZZ_CHECK(f.state == ANSWER_MORE);
	}
}

/* Write answer F, PATH back as 'bench solve' does, and read it again. */
static void check_written_back(const setup *s, int k, const uint8_t *turn, const answer_frame *f,
			       const pb_path *path)
{
	static char buf[(PB_MOVE_NAME_MAX + 1) * PB_MAX_PATH + 128];
	const pb_domain *d = &s->d[k];
	size_t n = 0;
	answer_frame g;
	pb_path again;

	if (f->counted)
		n += (size_t)snprintf(buf, sizeof(buf), "# expanded=%llu generated=%llu\n",
				      (unsigned long long)f->expanded, (unsigned long long)f->generated);
	if (f->status == PB_UNSOLVABLE) {
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "unsolvable\n");
	} else {
		if (d->answer_line)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%d\n", path->length);
		for (int i = 0; i < path->length; i++) {
			int m = path->moves[i];
			const char *name;

			if (turn) /* the move whose turned-back move is m */
				m = (m + TILE_MOVES - 1) % TILE_MOVES;
			name = pb_move_name(d, m);
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? d->move_sep : "", name);
			if (d->answer_line && (i + 1) % d->answer_line == 0 && i + 1 < path->length)
				buf[n++] = '\n';
		}
		buf[n++] = '\n'; /* for a length of 0, the empty line */
	}
	answer_parse(d, turn, buf, n, &g, &again);
	FUZZ_CHECK(g.state == ANSWER_DONE && g.used == n && g.status == f->status);
	FUZZ_CHECK(g.counted == f->counted && g.expanded == f->expanded &&
		   g.generated == f->generated);
	FUZZ_CHECK(again.length == path->length &&
		   !memcmp(again.moves, path->moves, (size_t)path->length));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const setup *s = get_setup();
	const char *buf = (const char *)data + 1;
	const uint8_t *turn;
	answer_frame f;
	pb_path path;
	verdict v;
	size_t n;
	int k;

	if (!size)
		return 0;
	k = (int)((data[0] & 1) | (data[0] >> 2) << 1) % (int)s->count;
	/* only the tiles' four moves rotate into one another */
	turn = (data[0] & 2) && s->d[k].board ? s->turn : NULL;
	n = size - 1;
	answer_parse(&s->d[k], turn, buf, n, &f, &path);
	ref_read(s, k, turn != NULL, buf, n, &v);
	check_same(&f, &path, &v);
	check_prefixes(s, k, turn, buf, n, &v);
	if (f.state == ANSWER_DONE)
		check_written_back(s, k, turn, &f, &path);
	return 0;
}
