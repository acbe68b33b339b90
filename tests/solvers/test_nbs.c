/* NBS: optimal on a spread of every state of small domains (tiles with
 * Manhattan distance and with none, pancakes with each gap heuristic, the
 * cube with none), the same lengths as IDA* on larger tiles boards and
 * stacks, answers that replay, and the domains and heuristics it refuses,
 * each with its reason. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

Test(nbs, optimal_on_small_domains)
{
	const pb_solver *nbs = pb_solver_find("nbs");

	cr_assert_not_null(nbs);
	it_every_state(nbs, "8puzzle", NULL, "manhattan", 911);
	it_every_state(nbs, "8puzzle", NULL, "linear-conflict", 1901);
	it_every_state(nbs, "8puzzle", "x 1 2 3 4 5 6 7 8", "manhattan", 1511);
	it_every_state(nbs, "tiles2x3", NULL, "zero", 7);
	it_every_state(nbs, "pancake8", NULL, "gap", 131);
	it_every_state(nbs, "pancake8", NULL, "gap-1", 307);
	it_every_state(nbs, "pancake8", NULL, "gap-2", 401);
	it_every_state(nbs, "pancake9", NULL, "gap-3", 4999);
	it_every_state(nbs, "cube2", NULL, "zero", 183707);
	it_every_state(nbs, "cube2q", NULL, "zero", 367417);
}

/* A shuffled stack of D (rand_r). */
static pb_state shuffled(const pb_domain *d, unsigned *seed)
{
	uint8_t values[PB_MAX_CELLS];
	pb_state s;

	for (int i = 0; i < d->cells; i++)
		values[i] = (uint8_t)(i + 1);
	for (int i = d->cells - 1; i > 0; i--) {
		int j = rand_r(seed) % (i + 1);
		uint8_t t = values[i];

		values[i] = values[j];
		values[j] = t;
	}
	cr_assert_eq(pb_from_plain(d, values, &s, NULL, 0), 0);
	return s;
}

static int solve_length(it_solver *t, const pb_domain *d, const pb_state *s, const char *text)
{
	pb_search x;
	pb_path p;
	pb_status st;

	pb_search_init(&x, 0, 0, NULL);
	st = t->solver->solve(t->ctx, s, &x, &p);
	cr_assert_eq(st, PB_SOLVED, "%s/%s on %s '%s': %s", t->solver->name, t->heuristic, d->name,
		     text, pb_status_name(st));
	cr_assert_eq(x.meter.current, 0, "%s on %s '%s': memory kept", t->solver->name, d->name, text);
	cr_assert_eq(it_replay(d, s, &p), PB_REACHES_GOAL, "%s on %s '%s': the answer misses the goal",
		     t->solver->name, d->name, text);
	return p.length;
}

static void agree(const char *domain, const char *heuristic, const pb_state *states, int n)
{
	pb_domain d = it_domain(domain, NULL);
	it_solver a, b;

	it_prepare(&a, pb_solver_find("nbs"), &d, heuristic, NULL);
	it_prepare(&b, pb_solver_find("idastar"), &d, heuristic, NULL);
	for (int i = 0; i < n; i++) {
		char text[PB_STATE_TEXT_MAX];
		int x, y;

		pb_format(&d, &states[i], text, sizeof(text));
		x = solve_length(&a, &d, &states[i], text);
		y = solve_length(&b, &d, &states[i], text);
		cr_assert_eq(x, y, "%s/%s '%s': nbs %d moves, idastar %d", domain, heuristic, text, x, y);
	}
	it_release(&a);
	it_release(&b);
}

Test(nbs, lengths_of_idastar_on_stacks)
{
	static const char *const heuristics[] = { "gap", "gap-1", "gap-2" };
	pb_domain d = it_domain("pancake12", NULL), wide = it_domain("pancake18", NULL);
	pb_state s[4], w[2];
	unsigned seed = 17;

	for (int i = 0; i < 4; i++)
		s[i] = shuffled(&d, &seed);
	for (int i = 0; i < 2; i++)
		w[i] = shuffled(&wide, &seed);
	for (size_t k = 0; k < 3; k++)
		agree("pancake12", heuristics[k], s, 4);
	agree("pancake18", "gap", w, 2);
}

Test(nbs, lengths_of_idastar_on_the_15_puzzle)
{
	static const char *const walks[] = {
		"2 3 4 8 1 6 7 12 5 10 11 x 9 13 14 15",
		"5 1 3 4 9 2 7 8 13 6 11 12 x 10 14 15",
		"1 6 2 4 5 10 3 7 9 x 11 8 13 14 15 12",
	};
	pb_domain d = it_domain("15puzzle", NULL);
	pb_state s[3];

	for (int i = 0; i < 3; i++)
		s[i] = it_parse(&d, walks[i]);
	agree("15puzzle", "manhattan", s, 3);
}

Test(nbs, refuses_with_a_reason)
{
	static const struct {
		const char *domain, *heuristic, *why;
	} cases[] = {
		{ "msquare", NULL, "not the least one" },
		{ "cube2", "cube-pdb", "does not take" },
		{ "15puzzle", "pdb555", "built for one goal" },
	};
	const pb_solver *nbs = pb_solver_find("nbs");

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pb_domain d = it_domain(cases[i].domain, NULL);
		pb_config cfg = { .heuristic = cases[i].heuristic };
		char why[160] = "";
		const char *no = pb_solver_supports(nbs, &d, &cfg, why, sizeof(why));

		cr_assert_not_null(no, "nbs serves %s with %s", cases[i].domain, cases[i].heuristic);
		cr_assert(strstr(no, cases[i].why), "%s: %s", cases[i].domain, no);
	}
}
