/* libFuzzer target: the file of answers 'bench check' reads
 * (harness/io/answer_file.c), on any bytes: the first byte picks the
 * domain (its low bit and its top two: the 8-puzzle, Magic Squares, the
 * cube in both metrics, pancakes of 3, 9, 10 and 25, the first of
 * fuzz_answer_ref.h's) and how many instances the dataset has (0 to 31:
 * bits 1..5), the others are the file.
 *
 * - answer_file_check accepts the file exactly when a slow reference here
 *   does: no control byte but tab, CR and LF; one answer (by the reference
 *   reader of fuzz_answer_ref.h) for each instance, a tiles line that is
 *   no answer counting as a wrong one; then only blanks. A refused file
 *   says "fuzz.txt:LINE: what is wrong" with the reference's LINE: the
 *   control byte's, the answer's that is cut short or no answer, or the
 *   first extra one's.
 * - Walked one answer at a time, an accepted file gives the reference's
 *   answers (verdict, path, counters), each with the line it starts on. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_answer_ref.h"
#include "harness/io/answer_file.h"

#define FUZZ_NAME "fuzz.txt"
/* The most instances a dataset has here (bits 1..5 of the first byte). */
#define MAX_COUNT 31

/* Lines start at 1; the line of byte AT of BUF. */
static unsigned line_of(const char *buf, size_t at)
{
	unsigned line = 1;

	for (size_t i = 0; i < at; i++)
		line += buf[i] == '\n';
	return line;
}

static bool is_control(unsigned char b)
{
	return (b < ' ' && b != '\t' && b != '\r' && b != '\n') || b == 0x7f;
}

/* The reference: whether BUF[0..n) (its last byte a line break) holds
 * COUNT answers of domain K and then only blanks; the line where it goes
 * wrong in *LINE; the answers in V. */
static bool ref_check(const setup *s, int k, const char *buf, size_t n, size_t count, verdict *v,
		      unsigned *line)
{
	size_t at = 0;

	for (size_t i = 0; i < n; i++)
		if (is_control((unsigned char)buf[i])) {
			*line = line_of(buf, i);
			return false;
		}
	for (size_t i = 0; i < count; i++) {
		ref_read(s, k, false, buf + at, n - at, &v[i]);
		if (v[i].state == ANSWER_MORE || (v[i].state == ANSWER_BAD && !v[i].used)) {
			*line = line_of(buf, at);
			return false;
		}
		at += v[i].used;
	}
	for (; at < n; at++)
		if (!strchr(" \t\r\n", buf[at])) {
			*line = line_of(buf, at);
			return false;
		}
	return true;
}

static void check_walk(const setup *s, int k, const answer_file *a, size_t count, const verdict *v)
{
	size_t at = 0;
	answer_walk w;

	answer_walk_init(&w, a);
	for (size_t i = 0; i < count; i++) {
		answer_frame f;
		pb_path path;
		unsigned first = answer_walk_next(&w, &s->d[k], &f, &path);

		FUZZ_CHECK(first == line_of(a->buf, at));
		FUZZ_CHECK(f.state == v[i].state && f.used == v[i].used);
		if (f.state == ANSWER_DONE) {
			FUZZ_CHECK(f.status == v[i].status && f.counted == v[i].counted &&
				   f.expanded == v[i].expanded && f.generated == v[i].generated);
			FUZZ_CHECK(f.status != PB_SOLVED || (path.length == v[i].path.length &&
				   !memcmp(path.moves, v[i].path.moves, (size_t)path.length)));
		}
		at += f.used;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static verdict v[MAX_COUNT + 1];
	const setup *s = get_setup();
	char err[512] = "";
	answer_file a;
	unsigned line = 0;
	size_t count;
	bool ok, want;
	int k;

	if (!size)
		return 0;
	k = (data[0] & 1) | (data[0] >> 6) << 1;
	count = (size_t)(data[0] >> 1) & MAX_COUNT;
	FUZZ_CHECK(!answer_file_from_memory(&a, FUZZ_NAME, (const char *)data + 1, size - 1));
	/* the bytes, and a line break where the last line lacks one */
	FUZZ_CHECK(!memcmp(a.buf, data + 1, size - 1) &&
		   a.n == size - 1 + (size > 1 && data[size - 1] != '\n'));
	FUZZ_CHECK(a.n == 0 || a.buf[a.n - 1] == '\n');
	ok = !answer_file_check(&a, &s->d[k], count, err, sizeof(err));
	want = ref_check(s, k, a.buf, a.n, count, v, &line);
	FUZZ_CHECK(ok == want);
	if (!ok) {
		char *end;

		FUZZ_CHECK(!strncmp(err, FUZZ_NAME ":", strlen(FUZZ_NAME ":")));
		FUZZ_CHECK(strtoul(err + strlen(FUZZ_NAME ":"), &end, 10) == line);
		FUZZ_CHECK(!strncmp(end, ": ", 2) && end[2]);
	} else {
		check_walk(s, k, &a, count, v);
	}
	answer_file_release(&a);
	return 0;
}
