/* The reader of answers (harness/io/answer.c), on what tests/fuzz/fuzz_answer
 * found: a Magic Squares length was read by strtol, which runs past the
 * line (the buffer is a program's output, not a C string) and takes
 * leading blanks and a sign; and a counter too long for 64 bits was kept
 * cut short. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/answer.h"

static pb_domain msquare, tiles, pancakes, cube;

static void init(void)
{
	char err[256];

	cr_assert_eq(pb_domain_init(&msquare, "msquare", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(pb_domain_init(&tiles, "8puzzle", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(pb_domain_init(&pancakes, "pancake12", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(pb_domain_init(&cube, "cube2", err, sizeof(err)), 0, "%s", err);
}

TestSuite(answer, .init = init);

/* TEXT parsed for D from a buffer of exactly its bytes (no NUL after it,
 * so that a read past it is one past the allocation). */
static void parse_exact(const pb_domain *d, const char *text, answer_frame *f, pb_path *path)
{
	size_t n = strlen(text);
	char *buf = malloc(n);

	cr_assert_not_null(buf);
	memcpy(buf, text, n);
	answer_parse(d, NULL, buf, n, f, path);
	free(buf);
}

Test(answer, a_length_is_digits_and_nothing_read_past_the_line)
{
	static const char *const not_lengths[] = { "\v\n\n", " 3\nABC\n", "+3\nABC\n", "3x\nABC\n",
						    "-0\n\n", "\t\n\n" };
	answer_frame f;
	pb_path path;

	for (size_t i = 0; i < sizeof(not_lengths) / sizeof(not_lengths[0]); i++) {
		parse_exact(&msquare, not_lengths[i], &f, &path);
		cr_expect_eq(f.state, ANSWER_BAD, "'%s' is no length, yet read as %s",
			     not_lengths[i], f.state == ANSWER_DONE ? "an answer" : "more to come");
		cr_expect(strstr(f.why, "is not a length"), "'%s': %s", not_lengths[i], f.why);
	}
	/* what is a length: digits, trailing blanks and a CR dropped */
	parse_exact(&msquare, "3 \r\nABC\n", &f, &path);
	cr_expect_eq(f.state, ANSWER_DONE, "'3 \\r' then ABC: %s", f.why);
	cr_expect_eq(path.length, 3, "3 then ABC");
	parse_exact(&msquare, "007\nBCABCCB\n", &f, &path);
	cr_expect_eq(f.state, ANSWER_DONE, "'007' then BCABCCB: %s", f.why);
	cr_expect_eq(path.length, 7, "007 then BCABCCB");
}

Test(answer, a_counter_that_does_not_fit_64_bits_is_not_taken)
{
	answer_frame f;
	pb_path path;

	/* 2^64 - 1 fits; 2^64 does not, nor does a longer one */
	parse_exact(&tiles, "# expanded=18446744073709551615 generated=18446744073709551616\nud\n",
		    &f, &path);
	cr_assert_eq(f.state, ANSWER_DONE, "%s", f.why);
	cr_expect(f.counted && f.expanded == UINT64_MAX, "expanded=2^64-1 read as %llu",
		  (unsigned long long)f.expanded);
	cr_expect_eq(f.generated, 0, "generated=2^64 read as %llu (cut short)",
		     (unsigned long long)f.generated);
	parse_exact(&tiles, "# expanded=777777777777777777777 expanded=12\nud\n", &f, &path);
	cr_expect_eq(f.expanded, 12, "a 21-digit count is skipped for the next: read %llu",
		     (unsigned long long)f.expanded);
}

/* Pancake flips and cube turns are names between blanks, as bench solve
 * writes them (README: the pancake puzzle, the 2x2x2 cube), not letters:
 * an answer of them was read a character at a time and refused. */
Test(answer, names_between_blanks)
{
	static const struct {
		const pb_domain *d;
		const char *text;
		int length;
		const char *first, *last; /* the names of the first and last moves */
	} good[] = {
		{ &pancakes, "3 12 2\n", 3, "3", "2" },
		{ &pancakes, "  10\t11 \r\n", 2, "10", "11" },
		{ &pancakes, "\n", 0, NULL, NULL },
		{ &cube, "R2 F' U\n", 3, "R2", "U" },
		{ &cube, "U' U2\n", 2, "U'", "U2" },
	};
	static const struct {
		const pb_domain *d;
		const char *text, *named;
	} bad[] = {
		{ &pancakes, "3 1 2\n", "'1' names no move" },   /* no flip of one */
		{ &pancakes, "3 13\n", "'13' names no move" },   /* past the stack */
		{ &pancakes, "32\n", "'32' names no move" },
		{ &cube, "R2F\n", "'R2F' names no move" },
		{ &cube, "D\n", "'D' names no move" },           /* the D face stays put */
	};
	answer_frame f;
	pb_path path;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		const pb_domain *d = good[i].d;
		char name[PB_MOVE_NAME_MAX];

		parse_exact(d, good[i].text, &f, &path);
		cr_assert_eq(f.state, ANSWER_DONE, "%s '%s': %s", d->name, good[i].text, f.why);
		cr_expect_eq(path.length, good[i].length, "%s '%s'", d->name, good[i].text);
		if (!good[i].first)
			continue;
		snprintf(name, sizeof(name), "%s", d->move_names[path.moves[0]]);
		cr_expect_str_eq(name, good[i].first, "%s '%s': first move", d->name, good[i].text);
		snprintf(name, sizeof(name), "%s", d->move_names[path.moves[path.length - 1]]);
		cr_expect_str_eq(name, good[i].last, "%s '%s': last move", d->name, good[i].text);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		parse_exact(bad[i].d, bad[i].text, &f, &path);
		cr_expect_eq(f.state, ANSWER_BAD, "%s '%s' taken", bad[i].d->name, bad[i].text);
		cr_expect(strstr(f.why, bad[i].named), "%s '%s': %s", bad[i].d->name, bad[i].text,
			  f.why);
	}
	/* the tiles' letters still run together */
	parse_exact(&tiles, "ldru\n", &f, &path);
	cr_expect(f.state == ANSWER_DONE && path.length == 4, "8puzzle 'ldru': %s", f.why);
}
