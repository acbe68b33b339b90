/* bench list: every solver, domain and heuristic by name. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/solver.h"
#include "tests/support/support.h"

Test(list, names_every_solver_domain_and_heuristic)
{
	char *out;
	int rc = ht_bench(&out, "list");

	cr_assert_eq(rc, 0, "%s", out);
	for (size_t i = 0; i < pb_solver_count; i++) {
		char want[64];

		snprintf(want, sizeof(want), "  %s ", pb_solvers[i]->name);
		cr_assert(strstr(out, want), "'bench list' does not list solver '%s'", pb_solvers[i]->name);
	}
	for (size_t i = 0; i < pb_heuristic_count; i++)
		cr_assert(strstr(out, pb_heuristics[i].name), "'bench list' does not list heuristic '%s'",
			  pb_heuristics[i].name);
	cr_assert(strstr(out, "8puzzle") && strstr(out, "15puzzle") && strstr(out, "24puzzle") &&
		  strstr(out, "tilesWxH") && strstr(out, "msquare"), "%s", out);
	cr_assert(strstr(out, "not 15puzzle: the table does not fit: a rank array of 10461394944000 states"),
		  "bfs-cantor's refusal: %s", out);
	cr_assert(strstr(out, "not 24puzzle: the table does not fit: a table of 7755605021665492992000000 states"),
		  "reverse-table's refusal: %s", out);
	free(out);
}

Test(list, help_and_bad_usage)
{
	char *out;

	cr_assert_eq(ht_bench(&out, "list --help"), 0);
	cr_assert(strstr(out, "usage: bench list"), "%s", out);
	free(out);
	cr_assert_eq(ht_bench(&out, "list --nope"), 2);
	cr_assert(strstr(out, "unknown option '--nope'"), "%s", out);
	free(out);
}

/* Which solvers take heuristics (from each solver's table), and which
 * domains each heuristic serves: the 6-6-3 database is a 4x4 one (Felner,
 * Korf & Hanan 2004), Manhattan distance serves every board, and neither
 * serves Magic Squares. */
Test(list, says_which_solvers_take_heuristics_and_what_each_heuristic_serves)
{
	char *out, *p;

	cr_assert_eq(ht_bench(&out, "list"), 0, "%s", out);
	for (size_t i = 0; i < pb_solver_count; i++) {
		char want[64];

		snprintf(want, sizeof(want), "  %s ", pb_solvers[i]->name);
		p = strstr(out, want);
		cr_assert_not_null(p);
		p = strstr(p, pb_solver_informed(pb_solvers[i]) ? "takes heuristics (one run each): "
			   : "takes no heuristic");
		cr_assert_not_null(p, "'bench list' does not say what '%s' takes: %s", pb_solvers[i]->name,
				   out);
		/* before the next solver */
		if (i + 1 < pb_solver_count) {
			snprintf(want, sizeof(want), "  %s ", pb_solvers[i + 1]->name);
			cr_assert_lt(p, strstr(out, want), "solver '%s': %s", pb_solvers[i]->name, out);
		}
	}
	p = strstr(out, "\n  pdb663 ");
	cr_assert_not_null(p, "%s", out);
	p = strchr(p + 1, '\n');
	cr_assert(p && !strncmp(p, "\n                 serves: 15puzzle\n",
				strlen("\n                 serves: 15puzzle\n")), "pdb663: %.200s", p);
	p = strstr(out, "\n  manhattan ");
	cr_assert_not_null(p, "%s", out);
	p = strchr(p + 1, '\n');
	/* the samples: each family's smallest member and its example, in
	 * the table's order, each once */
	cr_assert(p && !strncmp(p, "\n                 serves: tiles2x2 8puzzle 15puzzle 24puzzle "
				"tiles3x4\n", strlen("\n                 serves: tiles2x2 8puzzle "
						     "15puzzle 24puzzle tiles3x4\n")),
		  "manhattan: %.200s", p);
	free(out);
}

/* The end of the block of lines of the solver whose line is at LINE: the
 * next line that starts a solver or a part ("  name", or no indent). */
static const char *block_end(const char *line)
{
	const char *p = strchr(line + 1, '\n');

	while (p && p[1] == ' ' && p[2] == ' ' && p[3] == ' ')
		p = strchr(p + 1, '\n');
	return p ? p : line + strlen(line);
}

/* Each solver's parameters, a line each under it: the key, its choices
 * or range, its default and what it changes (a plugin's, declared in its
 * table: the probe's and the IDA* example's). */
Test(list, shows_each_solvers_parameters)
{
	static const char *const lines[] = {
		"\n                 parameter nodes=0..1000000 (default 7): nodes it counts a solve\n"
		"                 parameter mode=ok|fail (default ok): ok: it answers; fail: it fails\n",
		"\n                 parameter prune=on|off (default on): skip a move that undoes the "
		"last or repeats its face (off: try every move)\n"
		"                 parameter max-depth=1..255 (default 255): the longest answer looked "
		"for; past it the solve fails\n",
	};
	static const char *const owners[] = { "\n  probe-knob ", "\n  idastar-example " };
	const char *bytes;
	char *out;
	int rc = ht_bench(&out, "list --plugin '%s' --plugin '%s'", PB_PROBE_PLUGIN, PB_IDASTAR_PLUGIN);

	cr_assert_eq(rc, 0, "%s", out);
	for (size_t i = 0; i < 2; i++) {
		const char *owner = strstr(out, owners[i]), *at = strstr(out, lines[i]);

		cr_assert(owner && at, "'bench list' does not show %s's parameters: %s", owners[i] + 3,
			  out);
		cr_expect(at > owner && at < block_end(owner), "%s's parameters are not under it: %s",
			  owners[i] + 3, out);
	}
	/* a solver without parameters shows none */
	bytes = strstr(out, "\n  probe-bytes ");
	cr_assert_not_null(bytes);
	cr_expect(!strstr(bytes, "parameter") || strstr(bytes, "parameter") > block_end(bytes),
		  "%.400s", bytes);
	free(out);
}
