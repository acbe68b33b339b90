/* libFuzzer target: pb_replay and pb_parse_moves, for every domain. The
 * first byte picks the domain; the rest is a state, a line break, then a
 * move string.
 *
 * - The verdict, where it stopped and the state it stopped on are those
 *   of the reference (fuzz_common.h's names and moves on its own states:
 *   the blank going u d l r on the board, USACO's A B C, the flip sizes
 *   of pancakes reversing the top of the stack, the cube's turns on its
 *   model of the stickers): tiles and pancakes compare the plain values
 *   at the stop, the cube the words its stickers read as; Magic Squares
 *   (whose internal state is the target's inverse) the verdict and where.
 * - pb_parse_moves reads the same moves up to an unknown name; the moves
 *   it reads, written by pb_format_moves (letters together, words with
 *   one space between), read back the same. */
#include "fuzz_common.h"

/* The reference replay of MOVES[0..len) from the reference state V
 * (changed to where it stops): its verdict, and where in *AT (the moves
 * before the offending one, or all of them). */
static pb_verdict ref_replay(const pb_domain *d, uint8_t *v, const uint8_t *goal,
			     const char *moves, size_t len, size_t *at)
{
	size_t i = 0, n;

	for (*at = 0; (n = fuzz_ref_next_name(d, moves, len, &i)); ++*at, i += n) {
		int r = fuzz_ref_move(d, v, moves + i, n);

		if (r < 0)
			return PB_UNKNOWN_MOVE;
		if (!r)
			return PB_ILLEGAL_MOVE;
	}
	return memcmp(v, goal, (size_t)fuzz_ref_size(d)) ? PB_ENDS_ELSEWHERE : PB_REACHES_GOAL;
}

static void check_moves(const pb_domain *d, const char *moves, size_t len, const pb_replay_result *r)
{
	static uint8_t got[PB_MAX_PATH], again[PB_MAX_PATH];
	static char text[PB_MAX_PATH * (PB_MOVE_NAME_MAX + 1) + 1];
	char err[256];
	int n = pb_parse_moves(d, moves, len, got, PB_MAX_PATH, err, sizeof(err));
	size_t at = 0, k, names = 0, chars = 0;
	bool unknown = false;

	for (; (k = fuzz_ref_next_name(d, moves, len, &at)); at += k, names++) {
		unknown |= fuzz_ref_move_of(d, moves + at, k) < 0;
		chars += k;
	}
	FUZZ_CHECK(!unknown || r->verdict != PB_REACHES_GOAL);
	if (unknown) {
		FUZZ_CHECK(n < 0);
		return;
	}
	if (names > PB_MAX_PATH) {
		FUZZ_CHECK(n < 0);
		return;
	}
	FUZZ_CHECK(n == (int)names);
	at = 0;
	for (int i = 0; i < n; i++, at += k) {
		const char *name = pb_move_name(d, got[i]);

		k = fuzz_ref_next_name(d, moves, len, &at);
		FUZZ_CHECK(strlen(name) == k && !memcmp(name, moves + at, k));
	}
	/* letters together, words one space apart */
	k = pb_format_moves(d, got, n, text, sizeof(text));
	FUZZ_CHECK(strlen(text) == k);
	FUZZ_CHECK(k == chars + (fuzz_ref_letters(d) || !n ? 0 : (size_t)n - 1));
	FUZZ_CHECK(pb_parse_moves(d, text, k, again, PB_MAX_PATH, err, sizeof(err)) == n);
	FUZZ_CHECK(!memcmp(got, again, (size_t)n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data + 1, *nl, *moves;
	uint8_t v[FUZZ_REF_MAX], goal[FUZZ_REF_MAX], end[PB_MAX_CELLS];
	const pb_domain *d;
	char err[256];
	pb_replay_result r;
	pb_state start;
	size_t len, at;
	pb_verdict want;
	fuzz_kind kind;

	if (!size)
		return 0;
	d = fuzz_domain(data[0]);
	kind = fuzz_kind_of(d);
	FUZZ_CHECK(fuzz_ref_letters(d) == (d->letter_moves && !*d->move_sep));
	nl = memchr(text, '\n', size - 1);
	if (!nl || pb_parse(d, text, (size_t)(nl - text), &start, err, sizeof(err)))
		return 0;
	moves = nl + 1;
	len = size - 1 - (size_t)(moves - text);
	pb_replay(d, &start, moves, len, &r);
	FUZZ_CHECK(pb_verdict_name(r.verdict) != NULL);
	fuzz_ref_default_goal(d, goal);
	if (kind == FUZZ_MSQUARE) { /* the target reached from the identity */
		for (int c = 0; c < d->cells; c++)
			v[c] = (uint8_t)(c + 1);
		pb_to_plain(d, &start, goal);
	} else {
		FUZZ_CHECK(fuzz_ref_read(d, text, (size_t)(nl - text), v));
	}
	want = ref_replay(d, v, goal, moves, len, &at);
	FUZZ_CHECK(r.verdict == want && r.at == at);
	FUZZ_CHECK(pb_is_goal(d, &r.end) == !memcmp(v, goal, (size_t)fuzz_ref_size(d)));
	if (kind == FUZZ_CUBE) {
		char words[FUZZ_CUBE_TEXT], out[PB_STATE_TEXT_MAX];

		fuzz_cube_text(v, words);
		pb_format(d, &r.end, out, sizeof(out));
		FUZZ_CHECK(!strcmp(out, words));
	} else if (kind != FUZZ_MSQUARE) {
		pb_to_plain(d, &r.end, end);
		FUZZ_CHECK(!memcmp(end, v, (size_t)d->cells));
	}
	check_moves(d, moves, len, &r);
	return 0;
}
