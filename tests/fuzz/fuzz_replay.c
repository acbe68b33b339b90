/* libFuzzer target: pb_replay and pb_parse_moves, for every domain. The
 * first byte picks the domain; the rest is a state, a line break, then a
 * move string.
 *
 * - The verdict, where it stopped and the state it stopped on are those
 *   of the reference (fuzz_common.h's moves on the plain values: the
 *   blank going u d l r on the board, USACO's A B C): tiles compare the
 *   plain values at the stop; Magic Squares (whose internal state is the
 *   target's inverse) the verdict and where.
 * - pb_parse_moves reads the same moves up to an unknown name; the moves
 *   it reads, written by pb_format_moves, read back the same. */
#include "fuzz_common.h"

/* The reference replay of MOVES[0..len) from the plain values V (changed
 * to where it stops): its verdict, and where in *AT. Names are single
 * characters (every domain here writes its moves with no separator). */
static pb_verdict ref_replay(const pb_domain *d, uint8_t *v, const uint8_t *goal,
			     const char *moves, size_t len, size_t *at)
{
	for (*at = 0; *at < len; ++*at) {
		int r = fuzz_ref_move(d, v, moves + *at, 1);

		if (r < 0)
			return PB_UNKNOWN_MOVE;
		if (!r)
			return PB_ILLEGAL_MOVE;
	}
	return memcmp(v, goal, (size_t)d->cells) ? PB_ENDS_ELSEWHERE : PB_REACHES_GOAL;
}

static void check_moves(const pb_domain *d, const char *moves, size_t len, const pb_replay_result *r)
{
	static uint8_t got[PB_MAX_PATH], again[PB_MAX_PATH];
	static char text[PB_MAX_PATH * (PB_MOVE_NAME_MAX + 1) + 1];
	char err[256];
	int n = pb_parse_moves(d, moves, len, got, PB_MAX_PATH, err, sizeof(err));

	bool unknown = false;

	for (size_t i = 0; i < len; i++) {
		bool named = false;

		for (int m = 0; m < d->nmoves; m++)
			named |= moves[i] == d->move_names[m][0];
		unknown |= !named;
	}
	FUZZ_CHECK(!unknown || r->verdict != PB_REACHES_GOAL);
	if (unknown) {
		FUZZ_CHECK(n < 0);
		return;
	}
	if (len > PB_MAX_PATH) {
		FUZZ_CHECK(n < 0 || n == PB_MAX_PATH);
		return;
	}
	FUZZ_CHECK(n == (int)len);
	for (int i = 0; i < n; i++)
		FUZZ_CHECK(!strncmp(pb_move_name(d, got[i]), moves + i, 1));
	pb_format_moves(d, got, n, text, sizeof(text));
	FUZZ_CHECK(strlen(text) == len);
	FUZZ_CHECK(pb_parse_moves(d, text, len, again, PB_MAX_PATH, err, sizeof(err)) == n);
	FUZZ_CHECK(!memcmp(got, again, (size_t)n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data + 1, *nl, *moves;
	uint8_t v[PB_MAX_CELLS], goal[PB_MAX_CELLS], end[PB_MAX_CELLS];
	const pb_domain *d;
	char err[256];
	pb_replay_result r;
	pb_state start;
	size_t len, at;
	pb_verdict want;

	if (!size)
		return 0;
	d = fuzz_domain(data[0]);
	FUZZ_CHECK(d->letter_moves && !*d->move_sep);
	nl = memchr(text, '\n', size - 1);
	if (!nl || pb_parse(d, text, (size_t)(nl - text), &start, err, sizeof(err)))
		return 0;
	moves = nl + 1;
	len = size - 1 - (size_t)(moves - text);
	pb_replay(d, &start, moves, len, &r);
	FUZZ_CHECK(pb_verdict_name(r.verdict) != NULL);
	pb_to_plain(d, &d->goal, goal);
	if (d->blank) {
		pb_to_plain(d, &start, v);
	} else { /* the target reached from the identity */
		for (int c = 0; c < d->cells; c++)
			v[c] = (uint8_t)(c + 1);
		pb_to_plain(d, &start, goal);
	}
	want = ref_replay(d, v, goal, moves, len, &at);
	FUZZ_CHECK(r.verdict == want && r.at == at);
	FUZZ_CHECK(pb_is_goal(d, &r.end) == !memcmp(v, goal, (size_t)d->cells));
	if (d->blank) {
		pb_to_plain(d, &r.end, end);
		FUZZ_CHECK(!memcmp(end, v, (size_t)d->cells));
	}
	check_moves(d, moves, len, &r);
	return 0;
}
