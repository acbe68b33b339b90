/* What --solver and --solver-once say, parsed (external_parse): the
 * parts of NAME[@DOMAIN,...][<IN>OUT]=COMMAND, and what is refused, as
 * tests/fuzz/fuzz_command checks them against its reference; here the
 * cases it found. */
#include <criterion/criterion.h>
#include <string.h>

#include "harness/engine/external.h"

static void refused(const char *spec, external_mode mode, const char *why)
{
	char err[512] = "";
	external_spec s;

	cr_expect_neq(external_parse(spec, mode, &s, err, sizeof(err)), 0,
		      "'%s' is accepted, yet %s", spec, why);
	cr_expect(err[0], "'%s': refused without a word", spec);
	external_spec_release(&s);
}

Test(external_parse, the_parts)
{
	char err[512] = "";
	external_spec s;

	cr_assert_eq(external_parse("usaco@msquare,8puzzle<msquare.in>msquare.out=sh -c 'exec ./m' x",
				    EXTERNAL_ONCE, &s, err, sizeof(err)), 0, "%s", err);
	cr_expect_str_eq(s.name, "usaco");
	cr_expect_str_eq(s.domains, "msquare,8puzzle");
	cr_expect_str_eq(s.input_file, "msquare.in");
	cr_expect_str_eq(s.output_file, "msquare.out");
	cr_expect_str_eq(s.command, "sh -c 'exec ./m' x");
	cr_assert(s.argv[0] && s.argv[1] && s.argv[2] && s.argv[3] && !s.argv[4],
		  "four words in sh -c 'exec ./m' x");
	cr_expect_str_eq(s.argv[2], "exec ./m");
	external_spec_release(&s);
	refused("f<in>out=prog", EXTERNAL_LONG_LIVED, "files are for --solver-once");
	refused("idastar=prog", EXTERNAL_LONG_LIVED, "the name is a built-in solver's");
}

/* Found by tests/fuzz/fuzz_command: "x@tiles2x3,=prog" was taken, the
 * empty name after the comma passed over, and "x@,=prog" too: a solver
 * listed for no domain at all, which then served none, unsaid. */
Test(external_parse, an_empty_domain_name_is_refused)
{
	static const char *const specs[] = { "x@tiles2x3,=prog", "x@,8puzzle=prog",
					     "x@8puzzle,,msquare=prog", "x@,=prog", "x@=prog" };

	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		refused(specs[i], EXTERNAL_LONG_LIVED, "a domain name in it is empty");
}

Test(external_parse, the_domains_are_checked_apart)
{
	char err[512] = "";
	external_spec s;

	cr_assert_eq(external_parse("x@8puzzle,msquare=prog", EXTERNAL_LONG_LIVED, &s, err,
				    sizeof(err)), 0, "%s", err);
	cr_expect_eq(external_check_domains(&s, err, sizeof(err)), 0, "8puzzle,msquare: %s", err);
	external_spec_release(&s);
	cr_assert_eq(external_parse("x@8puzzle,9puzzle=prog", EXTERNAL_LONG_LIVED, &s, err,
				    sizeof(err)), 0, "%s", err);
	cr_expect_neq(external_check_domains(&s, err, sizeof(err)), 0, "9puzzle is no domain");
	cr_expect(strstr(err, "solver 'x'") && strstr(err, "9puzzle"), "%s", err);
	external_spec_release(&s);
	cr_assert_eq(external_parse("x=prog", EXTERNAL_LONG_LIVED, &s, err, sizeof(err)), 0, "%s", err);
	cr_expect_eq(external_check_domains(&s, err, sizeof(err)), 0, "no list: any domain");
	external_spec_release(&s);
}
