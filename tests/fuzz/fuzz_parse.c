/* libFuzzer target: pb_parse (kernel.h's vector parser of small boards
 * and each domain's own) and pb_domain_set_goal on any bytes, for every
 * domain (tiles of every size, Magic Squares, pancakes, the 2x2x2 cube).
 * The first byte picks the domain; with its high bit set (and a domain
 * that takes goals), the first line is a goal set first, the rest the
 * instance.
 *
 * - A goal is taken exactly when the reference reader (fuzz_common.h)
 *   reads an arrangement; the goal written back parses to a goal state.
 * - An instance is taken exactly when the reference reads one (the value
 *   list; for the cube, its corners or a scramble, applied to the
 *   reference's own model of the stickers), and then its plain values are
 *   the reference's (the cube: those of the reference's stickers, and it
 *   writes the words they read as), its state is pb_from_plain's of them,
 *   and it writes back to text that parses to the same state; a refused
 *   one comes with a message.
 * - Its solvability is the reference's (the parity of the permutation
 *   from the goal against the blank's distance; every state of the other
 *   domains), its twin (where the domain has one) is of the other kind,
 *   and where the domain has an index, a solvable state's index is below
 *   the count and unindexes to it. */
#include "fuzz_common.h"

/* The goal, its plain values, as D has it. */
static void check_goal(const pb_domain *d, const char *text, size_t len)
{
	char err[256], out[PB_STATE_TEXT_MAX];
	uint8_t want[PB_MAX_CELLS], got[PB_MAX_CELLS];
	pb_state s;

	pb_format_goal(d, out, sizeof(out));
	FUZZ_CHECK(!pb_parse(d, out, strlen(out), &s, err, sizeof(err)));
	FUZZ_CHECK(pb_is_goal(d, &s));
	if (text) {
		FUZZ_CHECK(fuzz_ref_values(d, text, len, want));
		pb_to_plain(d, &d->goal, got);
		FUZZ_CHECK(!memcmp(want, got, (size_t)d->cells));
	}
}

static void check_instance(const pb_domain *d, const char *text, size_t len)
{
	char err[256], out[PB_STATE_TEXT_MAX];
	uint8_t ref[FUZZ_REF_MAX], want[PB_MAX_CELLS], got[PB_MAX_CELLS], goal[PB_MAX_CELLS];
	pb_state s, again, twin;
	bool ok = fuzz_ref_read(d, text, len, ref), cube = fuzz_kind_of(d) == FUZZ_CUBE;

	err[0] = '\0';
	if (pb_parse(d, text, len, &s, err, sizeof(err))) {
		FUZZ_CHECK(!ok);
		FUZZ_CHECK(err[0] && memchr(err, '\0', sizeof(err)));
		return;
	}
	FUZZ_CHECK(ok);
	if (cube) {
		char words[FUZZ_CUBE_TEXT];

		fuzz_cube_text(ref, words);
		FUZZ_CHECK(pb_format(d, &s, out, sizeof(out)) == strlen(words) && !strcmp(out, words));
		fuzz_cube_plain(ref, want);
	} else {
		memcpy(want, ref, (size_t)d->cells);
	}
	pb_to_plain(d, &s, got);
	FUZZ_CHECK(!memcmp(want, got, (size_t)d->cells));
	FUZZ_CHECK(!pb_from_plain(d, want, &again, err, sizeof(err)));
	FUZZ_CHECK(fuzz_same_state(&s, &again));
	pb_format(d, &s, out, sizeof(out));
	FUZZ_CHECK(!pb_parse(d, out, strlen(out), &again, err, sizeof(err)));
	FUZZ_CHECK(fuzz_same_state(&s, &again));

	pb_to_plain(d, &d->goal, goal);
	FUZZ_CHECK(pb_solvable(d, &s) == fuzz_ref_solvable(d, got, goal));
	if (d->ops->twin) {
		d->ops->twin(d, &s, &twin);
		FUZZ_CHECK(pb_solvable(d, &twin) != pb_solvable(d, &s));
	}
	if (d->index_count && pb_solvable(d, &s)) {
		uint64_t i = pb_index(d, &s);

		FUZZ_CHECK(i < d->index_count);
		pb_unindex(d, i, &again);
		FUZZ_CHECK(fuzz_same_state(&s, &again));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static pb_domain with_goal; /* a copy: the table's domains stay as set up */
	const char *text = (const char *)data + 1, *nl;
	const pb_domain *d;
	size_t len;
	char err[256];

	if (!size)
		return 0;
	d = fuzz_domain(data[0]);
	len = size - 1;
	nl = memchr(text, '\n', len);
	if ((data[0] & 0x80) && pb_domain_has_goals(d) && nl) {
		size_t glen = (size_t)(nl - text);
		uint8_t values[PB_MAX_CELLS];

		memcpy(&with_goal, d, sizeof(with_goal));
		if (pb_domain_set_goal(&with_goal, text, glen, err, sizeof(err))) {
			FUZZ_CHECK(!fuzz_ref_values(d, text, glen, values));
			FUZZ_CHECK(fuzz_same_state(&with_goal.goal, &d->goal));
			check_goal(&with_goal, NULL, 0);
		} else {
			check_goal(&with_goal, text, glen);
		}
		d = &with_goal;
		len -= glen + 1;
		text = nl + 1;
	}
	check_instance(d, text, len);
	return 0;
}
