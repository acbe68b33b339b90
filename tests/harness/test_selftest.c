/* bench selftest: every built-in family and every example domain plugin
 * keep the domain contract; a plugin that breaks one rule is caught, with
 * the rule named and a state that breaks it (tests/harness/plugin/
 * broken_domain.c). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/family.h"
#include "tests/support/support.h"

TestSuite(selftest, .init = ht_suite_init, .fini = ht_suite_fini);

/* 'bench selftest -q -d NAME EXTRA' passes: exit 0, nothing broken. */
static void expect_pass(const char *name, const char *extra)
{
	char *out = NULL;
	int rc = ht_bench(&out, "selftest -q -d %s %s", name, extra);

	cr_assert_eq(rc, 0, "selftest of %s: exit %d:\n%s", name, rc, out);
	cr_assert(strstr(out, " 0 rules broken"), "selftest of %s:\n%s", name, out);
	free(out);
}

/* Every built-in family: its smallest members (solvability, index and
 * heuristics against a search of every state) and its example (moves,
 * format, every solver on an unsolvable and a solvable state); the
 * preparations capped at 3 s (reverse-table's two-bit table of tiles3x4
 * is skipped then, as the run says). */
Test(selftest, passes_on_every_built_in_family, .timeout = 900)
{
	for (size_t i = 0; i < pb_family_count(); i++) {
		const pb_family *f = pb_family_at(i);

		cr_assert_null(f->plugin, "a built-in family first");
		/* under the sanitizers, the millions of states of cube2,
		 * pancake10 and the capped searches of the larger boards are
		 * left to the plain build, and each preparation capped at 1 s */
		expect_pass(f->example, SLOWDOWN > 1 ? "-t 1 --states 50000" : "-t 3");
	}
}

/* The example plugins, built in this tree as they are built anywhere. */
Test(selftest, passes_on_the_example_domain_plugins, .timeout = 600)
{
	static const struct {
		const char *name, *plugin;
	} cases[] = {
		{ "topspin-8-4", PB_TOPSPIN_PLUGIN }, /* the even arrangements */
		{ "topspin-9-3", PB_TOPSPIN_PLUGIN }, /* every arrangement */
		{ "topspin-10-5", PB_TOPSPIN_PLUGIN }, /* each token on its goal's parity */
		{ "topspin-7-7", PB_TOPSPIN_PLUGIN }, /* the ring turned or read backwards */
		{ "hanoi4-4", PB_HANOI4_PLUGIN },
		{ "hanoi4-7", PB_HANOI4_PLUGIN },
		{ "p8puzzle", PB_P8PUZZLE_PLUGIN },
	};
	char extra[600];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		/* (under the sanitizers, the members of up to 50,000 states
		 * searched whole, as above) */
		snprintf(extra, sizeof(extra), "-t 3 %s--plugin '%s'",
			 SLOWDOWN > 1 ? "--states 50000 " : "", cases[i].plugin);
		expect_pass(cases[i].name, extra);
	}
}

/* Each member of the broken plugin breaks one rule, which the output
 * names with a state; the member that keeps every rule passes. */
Test(selftest, names_the_rule_a_plugin_breaks)
{
	static const struct {
		const char *member, *rule;
	} cases[] = {
		{ "broken-inv", "rule 'moves' broken: move 'l' is not undone by its inverse 'l'" },
		{ "broken-stay", "rule 'moves' broken: move 'l' is legal there but leaves the state as it is" },
		{ "broken-solv", "rule 'solvable' broken: a state that cannot reach the goal is called solvable" },
		{ "broken-rank", "rule 'index' broken" },
		{ "broken-heur", "rule 'heuristics' broken: 'misplaced3' says" },
	};
	char *out = NULL;
	int rc;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rc = ht_bench(&out, "selftest -q -d %s --plugin '%s'", cases[i].member,
			      PB_BROKEN_DOMAIN_PLUGIN);
		cr_assert_eq(rc, 1, "%s: exit %d:\n%s", cases[i].member, rc, out);
		cr_assert(strstr(out, cases[i].rule), "%s: want '%s':\n%s", cases[i].member,
			  cases[i].rule, out);
		cr_assert(strstr(out, "(state '"), "%s: no state named:\n%s", cases[i].member, out);
		free(out);
	}
	expect_pass("broken-ok", "--plugin '" PB_BROKEN_DOMAIN_PLUGIN "'");
}

Test(selftest, usage_errors)
{
	static const ht_usage_case cases[] = {
		{ "", "which domain? (-d NAME" },
		{ "-d 9puzzle", "unknown domain '9puzzle'" },
		{ "-d 8puzzle --bogus", "unknown option '--bogus'" },
		{ "-d 8puzzle extra", "unexpected argument 'extra'" },
		{ "-d 8puzzle -t x", "--time-limit 'x' is not a time" },
		{ "-d 8puzzle --plugin /nonexistent.so", "cannot load plugin '/nonexistent.so'" },
	};

	ht_expect_usage_errors("selftest", cases, sizeof(cases) / sizeof(cases[0]));
}

Test(selftest, help)
{
	static const char *const words[] = { "usage: bench selftest", "--domain", "--plugin",
					     "inverse", "bijection", "admissible", "unsolvable" };

	ht_expect_help("selftest", words, sizeof(words) / sizeof(words[0]));
}
