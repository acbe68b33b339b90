/* The slow reference reader of answers that fuzz_answer and fuzz_check
 * hold harness/io/answer.c to, written from answer.h's description: whole
 * lines only, trailing blanks and CR dropped; '#' lines before an answer
 * are comments whose "expanded=N" / "generated=M" (N a decimal that fits
 * 64 bits, the key not preceded by a letter or digit) are the counters,
 * the last such comment's; tiles, pancakes, the cube: a line of moves (at
 * most PB_MAX_PATH; tiles letters together, pancakes' flip sizes and the
 * cube's turns words between blanks, fuzz_common.h's names) or
 * "unsolvable"; Magic Squares: "unsolvable", or a length of digits up to
 * PB_MAX_PATH and then lines of moves that make it exactly (an empty line
 * for a length of 0); in any domain "none" (ANSWER_NONE) before an
 * answer is no answer, one wrong answer that ends on its line. Its domains, set up once: the 8-puzzle, Magic
 * Squares, the cube in both metrics, pancakes of every size (the sizes
 * whose names differ in kind first: 3, 9 and 10, 25). Fuzzing code
 * only. */
#ifndef FUZZ_ANSWER_REF_H
#define FUZZ_ANSWER_REF_H

#include <stdbool.h>
#include <string.h>

#include "fuzz_common.h"
#include "harness/io/answer.h"

#define ANSWER_DOMAINS (4 + PB_MAX_CELLS - FUZZ_PANCAKES_MIN + 1)
/* The tiles' moves, which a turned board's answer rotates. */
#define TILE_MOVES 4

typedef struct setup {
	pb_domain d[ANSWER_DOMAINS];
	size_t count;
	uint8_t turn[TILE_MOVES]; /* a tiles move's turned-back move: a rotation */
	int letter[ANSWER_DOMAINS][256]; /* a letter's move (the reference's), or -1 */
} setup;

static inline void setup_add(setup *s, const char *name)
{
	char err[256];
	pb_domain *d = &s->d[s->count];

	FUZZ_CHECK(s->count < ANSWER_DOMAINS);
	FUZZ_CHECK(!pb_domain_init(d, name, err, sizeof(err)));
	for (int c = 0; c < 256; c++) {
		char letter = (char)c;

		s->letter[s->count][c] = fuzz_ref_letters(d) ? fuzz_ref_move_of(d, &letter, 1) : -1;
	}
	s->count++;
}

static inline const setup *get_setup(void)
{
	static setup s;
	static bool done;
	static const char *const first[] = { "8puzzle", "msquare", "cube2",    "cube2q",
					     "pancake3", "pancake9", "pancake10", "pancake25" };
	char name[32];

	if (done)
		return &s;
	for (size_t i = 0; i < sizeof(first) / sizeof(first[0]); i++)
		setup_add(&s, first[i]);
	for (int n = FUZZ_PANCAKES_MIN; n < PB_MAX_CELLS; n++)
		if (n != 3 && n != 9 && n != 10) {
			snprintf(name, sizeof(name), "pancake%d", n);
			setup_add(&s, name);
		}
	FUZZ_CHECK(s.count == ANSWER_DOMAINS);
	for (int m = 0; m < TILE_MOVES; m++)
		s.turn[m] = (uint8_t)((m + 1) % TILE_MOVES);
	done = true;
	return &s;
}

/* The reference's verdict; DECIDED is the end of the line that decided it
 * (0 when more is to come). */
typedef struct verdict {
	answer_state state;
	pb_status status;
	size_t used, decided;
	uint64_t expanded, generated;
	bool counted;
	pb_path path;
} verdict;

static inline bool is_alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* KEY's value in the comment LINE[0..n), if there is one. */
static inline bool ref_counter(const char *line, size_t n, const char *key, uint64_t *out)
{
	size_t k = strlen(key);

	for (size_t i = 0; i + k <= n; i++) {
		uint64_t v = 0;
		size_t j = i + k;
		bool fits = true;

		if (memcmp(line + i, key, k) || (i > 0 && is_alnum(line[i - 1])) || j == n ||
		    line[j] < '0' || line[j] > '9')
			continue;
		for (; j < n && line[j] >= '0' && line[j] <= '9'; j++) {
			unsigned d = (unsigned)(line[j] - '0');

			if (v > (UINT64_MAX - d) / 10)
				fits = false;
			v = v * 10 + d;
		}
		if (!fits)
			continue;
		*out = v;
		return true;
	}
	return false;
}

/* Append the moves of LINE[0..n) to V's path. Returns false on a name
 * that is no move or a path past PB_MAX_PATH. */
static inline bool ref_moves(const setup *s, int k, bool turned, const char *line, size_t n, verdict *v)
{
	const pb_domain *d = &s->d[k];
	size_t at = 0, len;

	if (fuzz_ref_letters(d)) {
		for (size_t i = 0; i < n; i++) {
			int m = s->letter[k][(unsigned char)line[i]];

			if (m < 0 || v->path.length == PB_MAX_PATH)
				return false;
			v->path.moves[v->path.length++] = turned ? s->turn[m] : (uint8_t)m;
		}
		return true;
	}
	for (; (len = fuzz_ref_next_name(d, line, n, &at)); at += len) {
		int m = fuzz_ref_move_of(d, line + at, len);

		if (m < 0 || v->path.length == PB_MAX_PATH)
			return false;
		v->path.moves[v->path.length++] = (uint8_t)m;
	}
	return true;
}

static inline void ref_read(const setup *s, int k, bool turned, const char *buf, size_t n, verdict *v)
{
	long want = -1;

	memset(v, 0, sizeof(*v));
	v->state = ANSWER_MORE;
	for (size_t at = 0; at < n;) {
		const char *line = buf + at, *nl = memchr(line, '\n', n - at);
		size_t len;

		if (!nl)
			return;
		len = (size_t)(nl - line);
		at += len + 1;
		while (len && strchr(" \t\r", line[len - 1]) && line[len - 1])
			len--;
		v->decided = at;
		if (want < 0 && len && line[0] == '#') {
			v->counted |= ref_counter(line, len, "expanded=", &v->expanded);
			v->counted |= ref_counter(line, len, "generated=", &v->generated);
			continue;
		}
		if (want < 0 && len == strlen(ANSWER_NONE) && !memcmp(line, ANSWER_NONE, len)) {
			v->state = ANSWER_BAD;
			v->used = at;
			return;
		}
		if (want < 0 && len == strlen("unsolvable") && !memcmp(line, "unsolvable", len)) {
			v->state = ANSWER_DONE;
			v->status = PB_UNSOLVABLE;
			v->used = at;
			return;
		}
		if (!s->d[k].answer_line) { /* tiles: one line of moves */
			v->state = ref_moves(s, k, turned, line, len, v) ? ANSWER_DONE : ANSWER_BAD;
			v->status = PB_SOLVED;
			v->used = at;
			return;
		}
		if (want < 0) {
			want = len ? 0 : -1;
			for (size_t i = 0; i < len && want >= 0; i++)
				want = line[i] >= '0' && line[i] <= '9' && want <= PB_MAX_PATH
				       ? want * 10 + (line[i] - '0') : -1;
			if (want < 0 || want > PB_MAX_PATH) {
				v->state = ANSWER_BAD;
				return;
			}
			continue;
		}
		if (!want != !len || !ref_moves(s, k, turned, line, len, v) || v->path.length > want) {
			v->state = ANSWER_BAD;
			return;
		}
		if (v->path.length == want) {
			v->state = ANSWER_DONE;
			v->status = PB_SOLVED;
			v->used = at;
			return;
		}
	}
}

#endif
