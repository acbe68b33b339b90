/* bench list: every solver, domain and heuristic by name. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/solver.h"
#include "harness_test.h"

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
