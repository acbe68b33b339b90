/* The reader of answers (harness/io/answer.c), on what tests/fuzz/fuzz_answer
 * found: a Magic Squares length was read by strtol, which runs past the
 * line (the buffer is a program's output, not a C string) and takes
 * leading blanks and a sign; a counter too long for 64 bits was kept cut
 * short; and the answers of pancakes and the cube (names between blanks,
 * "5 3 2", "R U2 F'") were read a character a move, so that none was
 * taken. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/answer.h"

static pb_domain msquare, tiles, pancakes, cube, cube_q;

static void init(void)
{
	char err[256];

	cr_assert_eq(pb_domain_init(&msquare, "msquare", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(pb_domain_init(&tiles, "8puzzle", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(pb_domain_init(&pancakes, "pancake12", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(pb_domain_init(&cube, "cube2", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(pb_domain_init(&cube_q, "cube2q", err, sizeof(err)), 0, "%s", err);
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

/* PATH's moves written back with D's names, one space between. */
static void names_of(const pb_domain *d, const pb_path *path, char *buf, size_t size)
{
	pb_format_moves(d, path->moves, path->length, buf, size);
}

Test(answer, pancakes_and_the_cube_answer_with_names_between_blanks)
{
	static const struct {
		const pb_domain *d;
		const char *text, *moves; /* NULL: not an answer */
	} cases[] = {
		{ &pancakes, "12 2 10\n", "12 2 10" },
		{ &pancakes, "# expanded=3 generated=30\n 5\t 3  2 \r\n", "5 3 2" },
		{ &pancakes, "\n", "" },
		{ &pancakes, "13 2\n", NULL },  /* no flip of 13 in a stack of 12 */
		{ &pancakes, "1\n", NULL },     /* nor of one pancake */
		{ &pancakes, "02\n", NULL },
		{ &pancakes, "5,3\n", NULL },
		{ &cube, "R U2 F' U'\n", "R U2 F' U'" },
		{ &cube, "R U2F'\n", NULL },    /* names are words */
		{ &cube, "L\n", NULL },
		{ &cube_q, "R U' F\n", "R U' F" },
		{ &cube_q, "R U2\n", NULL },    /* no half turns in the quarter-turn metric */
	};
	char got[256];
	answer_frame f;
	pb_path path;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		parse_exact(cases[i].d, cases[i].text, &f, &path);
		if (!cases[i].moves) {
			cr_expect_eq(f.state, ANSWER_BAD, "%s: '%s' is no answer, yet read as %s",
				     cases[i].d->name, cases[i].text,
				     f.state == ANSWER_DONE ? "an answer" : "more to come");
			cr_expect(strstr(f.why, "names no move of"), "%s: '%s': %s", cases[i].d->name,
				  cases[i].text, f.why);
			continue;
		}
		cr_expect_eq(f.state, ANSWER_DONE, "%s: '%s': %s", cases[i].d->name, cases[i].text, f.why);
		cr_expect_eq(f.status, PB_SOLVED, "%s: '%s'", cases[i].d->name, cases[i].text);
		cr_expect_eq(f.used, strlen(cases[i].text), "%s: '%s'", cases[i].d->name, cases[i].text);
		names_of(cases[i].d, &path, got, sizeof(got));
		cr_expect_str_eq(got, cases[i].moves, "%s: '%s' read as '%s'", cases[i].d->name,
				 cases[i].text, got);
	}
	parse_exact(&pancakes, "# expanded=3 generated=30\n 5\t 3  2 \r\n", &f, &path);
	cr_expect(f.counted && f.expanded == 3 && f.generated == 30, "the counters before 5 3 2");
}
