/* Solvers with parameters (algorithms/solvers/params.c): a variant made
 * from a solver and "KEY=VALUE[:KEY=VALUE...]" is one solver a name (its
 * values in the order the solver declares them), carries its values and
 * its base's table, and a value that does not fit is refused in the
 * solver's words. Test-only solvers, declared here; the command line's
 * side is in test_run.c, test_list.c, test_plugin.c and the tests of
 * resume, shards, reports and outside programs. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "algorithms/solvers/solver.h"
#include "tests/support/support.h"

static pb_status no_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)s;
	out->length = 0;
	return PB_SOLVED;
}

static const pb_param knob_params[] = {
	{ .key = "ties", .summary = "which g first within one f", .choices = "low|high",
	  .def = "high" },
	{ .key = "depth", .summary = "a number", .min = 1, .max = 20, .def = "10" },
	{ .key = "side", .summary = "three words", .choices = "left|middle|right", .def = "left" },
	{ 0 },
};

/* The values together: ties=low takes a depth of 15 at most. */
static const char *knob_check(const pb_solver *self, char *why, size_t whylen)
{
	if (!strcmp(pb_solver_param(self, "ties"), "low") && pb_solver_param_long(self, "depth") > 15) {
		snprintf(why, whylen, "ties=low takes a depth of 15 at most");
		return why;
	}
	return NULL;
}

static const pb_solver knob = {
	.name = "knob", .summary = "a solver with parameters", .supports = ht_serves_all,
	.prepare = ht_no_prepare, .solve = no_solve, .release = ht_no_release,
	.heuristics = PB_ALL_HEURISTICS, .cost = PB_COST_INFORMED,
	.params = knob_params, .check = knob_check,
};
static const pb_solver plain = {
	.name = "plain", .summary = "none", .supports = ht_serves_all, .prepare = ht_no_prepare,
	.solve = no_solve, .release = ht_no_release,
};
static const pb_solver open_one = {
	.name = "open", .summary = "any KEY=VALUE", .supports = ht_serves_all,
	.prepare = ht_no_prepare, .solve = no_solve, .release = ht_no_release, .any_params = true,
};

/* The variant of BASE with VALUES, which must be made. */
static const pb_solver *made(const pb_solver *base, const char *values)
{
	char why[256] = "";
	const pb_solver *v = pb_solver_variant(base, values, why, sizeof(why));

	cr_assert_not_null(v, "%s:%s refused: %s", base->name, values, why);
	return v;
}

/* VALUES of BASE must be refused, saying WANT. */
static void refused(const pb_solver *base, const char *values, const char *want)
{
	char why[256] = "";
	const pb_solver *v = pb_solver_variant(base, values, why, sizeof(why));

	cr_expect_null(v, "%s:%s was made, as '%s'", base->name, values, v ? v->name : "");
	cr_expect_str_eq(why, want, "%s:%s", base->name, values);
}

Test(params, a_name_is_the_base_then_the_values_in_the_order_declared)
{
	const pb_solver *a = made(&knob, "depth=07:ties=low");

	cr_expect_str_eq(a->name, "knob:ties=low:depth=7");
	cr_expect_eq(a->base, &knob);
	cr_expect_str_eq(pb_solver_param(a, "ties"), "low");
	cr_expect_eq(pb_solver_param_long(a, "depth"), 7);
	/* what is not given is the default */
	cr_expect_str_eq(pb_solver_param(a, "side"), "left");
	cr_expect_null(pb_solver_param(a, "nope"));
	cr_expect_str_eq(made(&knob, "side=right")->name, "knob:side=right");
	/* the base's own values are the defaults */
	cr_expect_str_eq(pb_solver_param(&knob, "ties"), "high");
	cr_expect_eq(pb_solver_param_long(&knob, "depth"), 10);
}

Test(params, one_name_one_solver_and_each_variant_its_own)
{
	const pb_solver *a = made(&knob, "ties=low:depth=7"), *b = made(&knob, "depth=7:ties=low");
	const pb_solver *c = made(&knob, "depth=+7:ties=low"), *low = made(&knob, "ties=low");
	const pb_solver *high = made(&knob, "ties=high");

	cr_expect_eq(a, b, "the same values in another order are another solver");
	cr_expect_eq(a, c, "depth=+7 is depth=7");
	cr_expect_neq(a, low);
	cr_expect_neq(low, high);
	cr_expect_neq(low, &knob);
	/* a value given at its default still names a series of its own */
	cr_expect_neq(high, &knob);
	cr_expect_str_eq(high->name, "knob:ties=high");
	cr_expect_str_eq(pb_solver_param(low, "ties"), "low");
	cr_expect_str_eq(pb_solver_param(high, "ties"), "high");
}

Test(params, a_variant_has_its_bases_table)
{
	const pb_solver *v = made(&knob, "side=middle");

	cr_expect_eq(v->solve, knob.solve);
	cr_expect_eq(v->prepare, knob.prepare);
	cr_expect_eq(v->supports, knob.supports);
	cr_expect_eq(v->release, knob.release);
	cr_expect_eq(v->heuristics, knob.heuristics);
	cr_expect_eq(v->cost, knob.cost);
	cr_expect_eq(v->params, knob.params);
	cr_expect_str_eq(v->summary, knob.summary);
	cr_expect(pb_solver_informed(v));
}

Test(params, a_value_that_does_not_fit_is_refused_in_the_solvers_words)
{
	refused(&knob, "ties=x", "knob: ties must be low or high, not 'x'");
	refused(&knob, "side=up", "knob: side must be left, middle or right, not 'up'");
	refused(&knob, "depth=0", "knob: depth must be an integer from 1 to 20, not '0'");
	refused(&knob, "depth=21", "knob: depth must be an integer from 1 to 20, not '21'");
	refused(&knob, "depth=1x", "knob: depth must be an integer from 1 to 20, not '1x'");
	refused(&knob, "depth= 3", "knob: depth must be an integer from 1 to 20, not ' 3'");
	refused(&knob, "depth=99999999999999999999", "knob: depth must be an integer from 1 to 20, "
		"not '99999999999999999999'");
	refused(&knob, "foo=1", "knob takes no parameter 'foo' (it takes: ties, depth, side)");
	refused(&knob, "ties=low:ties=high", "knob: ties is given twice");
	refused(&knob, "ties", "knob: 'ties' is not KEY=VALUE");
	refused(&knob, "ties=", "knob: 'ties=' is not KEY=VALUE");
	refused(&knob, "=low", "knob: '=low' is not KEY=VALUE");
	refused(&knob, "", "knob: '' is not KEY=VALUE");
	refused(&knob, "ties=low:", "knob: '' is not KEY=VALUE");
	refused(&plain, "x=1", "plain takes no parameters");
	/* the solver's check of the values together */
	refused(&knob, "ties=low:depth=16", "knob: ties=low takes a depth of 15 at most");
	cr_expect_not_null(made(&knob, "ties=high:depth=16"));
}

Test(params, a_solver_that_takes_any_parameter)
{
	const pb_solver *a = made(&open_one, "zeta=1:alpha-beta=x.y");

	cr_expect_str_eq(a->name, "open:alpha-beta=x.y:zeta=1");
	cr_expect_eq(a, made(&open_one, "alpha-beta=x.y:zeta=1"));
	cr_expect_str_eq(pb_solver_param(a, "alpha-beta"), "x.y");
	cr_expect_str_eq(pb_solver_param(a, "zeta"), "1");
	cr_expect_null(pb_solver_param(a, "other"));
	cr_expect_null(pb_solver_param(&open_one, "zeta"));
	cr_expect_neq(a, made(&open_one, "zeta=1"));
	refused(&open_one, "a b=1", "open: 'a b' is no parameter's name: use letters, digits, '-' "
		"and '_'");
	refused(&open_one, "k=a/b", "open: the value of k has '/': use letters, digits, '.', '_', "
		"'+' and '-'");
	refused(&open_one, "k=1:k=2", "open: k is given twice");
	refused(&open_one, "a=1:b=1:c=1:d=1:e=1:f=1:g=1:h=1:i=1", "open: more than 8 parameters");
}

Test(params, a_name_too_long_is_refused)
{
	char values[PB_VARIANT_NAME_MAX + 8], want[128];

	memset(values, 'v', sizeof(values));
	memcpy(values, "k=", 2);
	/* fits as values, not with "open:" before them */
	values[PB_VARIANT_NAME_MAX - strlen("open:") + 1] = '\0';
	snprintf(want, sizeof(want), "open: a name of more than %d characters with its values",
		 PB_VARIANT_NAME_MAX);
	refused(&open_one, values, want);
	values[PB_VARIANT_NAME_MAX - strlen("open:")] = '\0';
	cr_expect_eq(strlen(made(&open_one, values)->name), PB_VARIANT_NAME_MAX);
}

Test(params, lookup_by_name_makes_the_variant)
{
	char why[256];

	cr_expect_eq(pb_solver_find("bfs-hash"), &pb_solver_bfs_hash);
	cr_expect_null(pb_solver_lookup("bfs-hash:x=1", why, sizeof(why)));
	cr_expect_str_eq(why, "bfs-hash takes no parameters");
	cr_expect_null(pb_solver_lookup("nosuch:x=1", why, sizeof(why)));
	cr_expect_str_eq(why, "", "an unknown solver is no refused value");
	cr_expect_null(pb_solver_lookup("bfs", why, sizeof(why)), "a prefix is no name");
	cr_expect_null(pb_solver_find("bfs-hash:"));
}

/* A list of parameters (a plugin's) that is not well made, and why. */
Test(params, a_list_not_well_made_is_refused)
{
	static const struct {
		pb_param list[3];
		const char *want;
	} cases[] = {
		{ { { .key = "a b", .choices = "x", .def = "x" } },
		  "parameter 1 has no name of letters, digits, '-' and '_'" },
		{ { { .key = "", .choices = "x", .def = "x" } },
		  "parameter 1 has no name of letters, digits, '-' and '_'" },
		{ { { .key = "k", .choices = "x", .def = "x" }, { .key = "k", .choices = "x", .def = "x" } },
		  "two parameters called 'k'" },
		{ { { .key = "k", .choices = "x||y", .def = "x" } },
		  "parameter 'k': its choices are not words (letters, digits, '.', '_', '+', '-') "
		  "separated by '|', each once" },
		{ { { .key = "k", .choices = "x|y|x", .def = "x" } },
		  "parameter 'k': its choices are not words (letters, digits, '.', '_', '+', '-') "
		  "separated by '|', each once" },
		{ { { .key = "k", .choices = "a:b", .def = "a:b" } },
		  "parameter 'k': its choices are not words (letters, digits, '.', '_', '+', '-') "
		  "separated by '|', each once" },
		{ { { .key = "k", .min = 5, .max = 1, .def = "3" } }, "parameter 'k': its range is empty" },
		{ { { .key = "k", .min = 1, .max = 5, .def = "9" } },
		  "parameter 'k': its default: k must be an integer from 1 to 5, not '9'" },
		{ { { .key = "k", .choices = "on|off" } }, "parameter 'k': no default" },
	};
	pb_param many[PB_MAX_PARAMS + 2] = { { 0 } };
	char why[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		why[0] = '\0';
		cr_expect_eq(pb_params_valid(cases[i].list, why, sizeof(why)), -1, "case %zu", i);
		cr_expect_str_eq(why, cases[i].want, "case %zu", i);
	}
	cr_expect_eq(pb_params_valid(knob_params, why, sizeof(why)), 0, "%s", why);
	cr_expect_eq(pb_params_valid(NULL, why, sizeof(why)), 0);
	for (int i = 0; i <= PB_MAX_PARAMS; i++) {
		static char keys[PB_MAX_PARAMS + 1][4];

		snprintf(keys[i], sizeof(keys[i]), "k%d", i);
		many[i] = (pb_param){ .key = keys[i], .choices = "x", .def = "x" };
	}
	cr_expect_eq(pb_params_valid(many, why, sizeof(why)), -1);
	cr_expect_str_eq(why, "more than 8 parameters");
}

Test(params, what_a_parameter_takes)
{
	char buf[64];

	cr_expect_str_eq(pb_param_takes(&knob_params[0], buf, sizeof(buf)), "low|high");
	cr_expect_str_eq(pb_param_takes(&knob_params[1], buf, sizeof(buf)), "1..20");
}
