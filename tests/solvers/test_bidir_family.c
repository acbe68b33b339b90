/* The bidirectional family beside NBS: DVCBS, GBFHS (each split function,
 * each way of raising the g-limits) and BAE*. Each is optimal on a spread
 * of every state of small domains (the lengths of one breadth-first
 * search: tiles with Manhattan distance and with none, pancakes with each
 * gap heuristic and none, the cube with none; the unsolvable twin of each
 * tiles state answered unsolvable without a search); gives the published
 * distribution of every stack of 7 pancakes; the references of the
 * 8-puzzle's dataset and the published lengths of some of Korf's 100;
 * A*'s lengths on shuffled stacks of 12 and 16 pancakes and on walks of
 * the 15-puzzle; the start at the goal with its counts; the memory limit;
 * its refusals. And the harness's own checks with all of them present:
 * bench verify against A* and NBS, bench selftest on pancake8 and the
 * 8-puzzle. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

/* The solvers under test: the registry's three, and GBFHS's other
 * parameter values (copies of its table, as a variant carries them). */
static pb_solver gbfhs_balanced, gbfhs_lazy;

static const pb_solver *family(size_t i)
{
	switch (i) {
	case 0: return pb_solver_find("dvcbs");
	case 1: return pb_solver_find("gbfhs");
	case 2:
		gbfhs_balanced = pb_solver_gbfhs;
		gbfhs_balanced.name = "gbfhs:split=balanced";
		gbfhs_balanced.base = &pb_solver_gbfhs;
		gbfhs_balanced.values[0] = "balanced";
		return &gbfhs_balanced;
	case 3:
		gbfhs_lazy = pb_solver_gbfhs;
		gbfhs_lazy.name = "gbfhs:limits=lazy";
		gbfhs_lazy.base = &pb_solver_gbfhs;
		gbfhs_lazy.values[1] = "lazy";
		return &gbfhs_lazy;
	case 4: return pb_solver_find("bae");
	default: return NULL;
	}
}

#define FAMILY 5

Test(bidir_family, registered_after_nbs)
{
	size_t at[4] = { 0 };
	static const char *const names[] = { "nbs", "dvcbs", "gbfhs", "bae" };

	for (size_t i = 0; i < pb_solver_count; i++)
		for (size_t k = 0; k < 4; k++)
			if (!strcmp(pb_solvers[i]->name, names[k]))
				at[k] = i + 1;
	for (size_t k = 1; k < 4; k++)
		cr_assert_eq(at[k], at[k - 1] + 1, "%s is not registered right after %s", names[k],
			     names[k - 1]);
	cr_assert_str_eq(pb_solver_param(family(2), "split"), "balanced");
	cr_assert_str_eq(pb_solver_param(family(1), "split"), "smaller");
	cr_assert_str_eq(pb_solver_param(family(3), "limits"), "lazy");
}

Test(bidir_family, optimal_on_small_domains, .timeout = 600)
{
	for (size_t i = 0; i < FAMILY; i++) {
		const pb_solver *s = family(i);

		cr_assert_not_null(s);
		it_every_state(s, "8puzzle", NULL, "manhattan", 911 * SLOWDOWN);
		it_every_state(s, "8puzzle", "x 1 2 3 4 5 6 7 8", "manhattan", 1511 * SLOWDOWN);
		it_every_state(s, "8puzzle", NULL, "linear-conflict", 2903 * SLOWDOWN);
		it_every_state(s, "tiles2x3", NULL, "zero", 7);
		it_every_state(s, "pancake8", NULL, "gap", 131 * SLOWDOWN);
		it_every_state(s, "pancake8", NULL, "gap-1", 307 * SLOWDOWN);
		it_every_state(s, "pancake8", NULL, "gap-2", 401 * SLOWDOWN);
		it_every_state(s, "pancake8", NULL, "zero", 1009 * SLOWDOWN);
		it_every_state(s, "pancake9", NULL, "gap-3", 4999 * SLOWDOWN);
		it_every_state(s, "cube2", NULL, "zero", 183707 * SLOWDOWN);
	}
}

/* Each of the family's lengths on the N STATES of DOMAIN with HEURISTIC is
 * A*'s. */
static void agree_with_astar(const char *domain, const char *heuristic, const pb_state *states,
			     int n)
{
	pb_domain d = it_domain(domain, NULL);
	it_solver a;
	int want[16];

	cr_assert_leq(n, 16);
	it_prepare(&a, pb_solver_find("astar"), &d, heuristic, NULL);
	for (int k = 0; k < n; k++) {
		char text[PB_STATE_TEXT_MAX];

		pb_format(&d, &states[k], text, sizeof(text));
		want[k] = it_solve_length(&a, &d, &states[k], text);
	}
	it_release(&a);
	for (size_t i = 0; i < FAMILY; i++) {
		it_solver t;

		it_prepare(&t, family(i), &d, heuristic, NULL);
		for (int k = 0; k < n; k++) {
			char text[PB_STATE_TEXT_MAX];
			int got;

			pb_format(&d, &states[k], text, sizeof(text));
			got = it_solve_length(&t, &d, &states[k], text);
			cr_assert_eq(got, want[k], "%s/%s on %s '%s': %d moves, astar %d",
				     family(i)->name, heuristic, domain, text, got, want[k]);
		}
		it_release(&t);
	}
}

Test(bidir_family, lengths_of_astar_on_stacks, .timeout = 600)
{
	static const char *const heuristics[] = { "gap", "gap-1", "gap-2" };
	pb_domain d = it_domain("pancake12", NULL), wide = it_domain("pancake16", NULL);
	pb_state s[6], w[3];
	unsigned seed = 28;

	for (int i = 0; i < 6; i++)
		s[i] = it_shuffled(&d, &seed);
	for (int i = 0; i < 3; i++)
		w[i] = it_shuffled(&wide, &seed);
	for (size_t h = 0; h < sizeof(heuristics) / sizeof(heuristics[0]); h++)
		agree_with_astar("pancake12", heuristics[h], s, (6 + SLOWDOWN - 1) / SLOWDOWN);
	agree_with_astar("pancake16", "gap", w, 3);
	agree_with_astar("pancake16", "gap-1", w, 1);
}

Test(bidir_family, lengths_of_astar_on_the_15_puzzle, .timeout = 600)
{
	static const char *const walks[] = {
		"2 3 4 8 1 6 7 12 5 10 11 x 9 13 14 15",
		"5 1 3 4 9 2 7 8 13 6 11 12 x 10 14 15",
		"1 6 2 4 5 10 3 7 9 x 11 8 13 14 15 12",
		"5 1 2 4 6 x 3 8 9 10 7 11 13 14 15 12",
	};
	pb_domain d = it_domain("15puzzle", NULL);
	pb_state s[4];

	for (int i = 0; i < 4; i++)
		s[i] = it_parse(&d, walks[i]);
	agree_with_astar("15puzzle", "manhattan", s, 4);
	agree_with_astar("15puzzle", "linear-conflict", s, 2);
}

/* The stacks of 7 pancakes at each number of flips (OEIS A058986; the
 * pancake number of 7 is 8). */
Test(bidir_family, every_stack_of_7_has_the_published_distribution, .timeout = 600)
{
	static const uint64_t published[] = { 1, 6, 30, 149, 543, 1357, 1903, 1016, 35 };
	static const char *const heuristics[] = { "gap", "gap-2", "zero" };
	const int depths = (int)(sizeof(published) / sizeof(published[0]));

	for (size_t i = 0; i < FAMILY; i++) {
		for (size_t h = 0; h < sizeof(heuristics) / sizeof(heuristics[0]); h++) {
			uint64_t counts[PB_MAX_PATH];
			int n = it_lengths_of_every_state(family(i), "pancake7", heuristics[h], counts,
							  PB_MAX_PATH);

			cr_assert_eq(n, depths, "%s/%s on pancake7: the longest answer %d", family(i)->name,
				     heuristics[h], n - 1);
			for (int k = 0; k < depths; k++)
				cr_assert_eq(counts[k], published[k],
					     "%s/%s on pancake7: %lu stacks of %d flips, published %lu",
					     family(i)->name, heuristics[h], (unsigned long)counts[k], k,
					     (unsigned long)published[k]);
		}
	}
}

/* Every instance of the dataset PATH whose id is in IDS (NULL: all) solved
 * by each of the family with HEURISTIC in its reference length. */
static void references_of(const char *path, const char *heuristic, const char *const *ids)
{
	dataset ds;
	size_t checked = 0;

	ht_load_dataset(&ds, path);
	for (size_t i = 0; i < FAMILY; i++) {
		it_solver t;

		it_prepare(&t, family(i), &ds.domain, heuristic, NULL);
		for (size_t k = 0; k < ds.count; k++) {
			const dataset_instance *in = &ds.instances[k];
			char text[PB_STATE_TEXT_MAX];
			bool wanted = !ids;
			int n;

			for (size_t j = 0; ids && ids[j]; j++)
				wanted |= !strcmp(ids[j], in->id);
			if (!wanted)
				continue;
			cr_assert_geq(in->reference, 0, "%s: %s has no reference", path, in->id);
			pb_format(&ds.domain, &in->state, text, sizeof(text));
			n = it_solve_length(&t, &ds.domain, &in->state, text);
			cr_assert_eq(n, in->reference, "%s/%s on %s %s: %d moves, the reference %d",
				     family(i)->name, heuristic, path, in->id, n, in->reference);
			checked++;
		}
		it_release(&t);
	}
	cr_assert_gt(checked, 0, "%s: nothing checked", path);
	dataset_release(&ds);
}

Test(bidir_family, the_8_puzzle_dataset_at_every_depth, .timeout = 600)
{
	references_of(PB_SOURCE_DIR "/datasets/8puzzle-depth.txt", "manhattan", NULL);
}

/* Korf's 100 (published lengths): those the family answers in a few
 * seconds with Manhattan distance. */
Test(bidir_family, published_lengths_of_korf_100, .timeout = 600)
{
	static const char *const ids[] = { "79", "12", "42", NULL };

	references_of(PB_SOURCE_DIR "/datasets/korf100.txt", "manhattan", ids);
}

Test(bidir_family, start_at_the_goal_and_the_counts)
{
	pb_domain d = it_domain("15puzzle", NULL);
	pb_state one = it_parse(&d, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15");

	for (size_t i = 0; i < FAMILY; i++) {
		it_solver t;
		pb_search x;
		pb_path p;

		it_prepare(&t, family(i), &d, "manhattan", NULL);
		pb_search_init(&x, 0, 0, NULL);
		cr_assert_eq(t.solver->solve(t.ctx, &d.goal, &x, &p), PB_SOLVED, "%s", family(i)->name);
		cr_assert_eq(p.length, 0, "%s: the goal, no move", family(i)->name);
		cr_assert_eq(x.expanded, 0, "%s: the goal, nothing expanded", family(i)->name);
		cr_assert_eq(x.generated, 2, "%s: the goal, the two roots generated", family(i)->name);
		cr_assert_eq(x.meter.current, 0);
		/* one move: one root expanded, meeting the other: the start
		 * (the blank in the bottom row: 3 children) or the goal (the
		 * blank in the corner: 2) */
		pb_search_init(&x, 0, 0, NULL);
		cr_assert_eq(t.solver->solve(t.ctx, &one, &x, &p), PB_SOLVED, "%s", family(i)->name);
		cr_assert_eq(p.length, 1, "%s: one move, not %d", family(i)->name, p.length);
		cr_assert_eq(it_replay(&d, &one, &p), PB_REACHES_GOAL);
		cr_assert_eq(x.expanded, 1, "%s: one move, %lu expanded", family(i)->name,
			     (unsigned long)x.expanded);
		cr_assert(x.generated == 2 + 3 || x.generated == 2 + 2, "%s: one move, %lu generated",
			  family(i)->name, (unsigned long)x.generated);
		cr_assert_eq(x.meter.current, 0);
		it_release(&t);
	}
}

Test(bidir_family, the_memory_limit_ends_the_search)
{
	pb_domain d = it_domain("15puzzle", "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
	/* Korf's first instance (57 moves): far beyond the limit with h = 0 */
	pb_state s = it_parse(&d, "14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3");

	for (size_t i = 0; i < FAMILY; i++) {
		it_solver t;
		pb_search x;
		pb_path p;

		it_prepare(&t, family(i), &d, "zero", NULL);
		pb_search_init(&x, 1024 * 1024, 0, NULL);
		cr_assert_eq(t.solver->solve(t.ctx, &s, &x, &p), PB_MEMOUT, "%s: %s", family(i)->name,
			     x.message);
		cr_assert_eq(x.meter.current, 0, "%s: memory kept after the limit", family(i)->name);
		cr_assert_gt(x.expanded, 1000, "%s: the limit came after the search began: %lu expanded",
			     family(i)->name, (unsigned long)x.expanded);
		it_release(&t);
	}
}

Test(bidir_family, refuses_with_a_reason)
{
	static const struct {
		const char *domain, *heuristic, *why;
	} cases[] = {
		{ "msquare", "zero", "not the least one" },
		{ "cube2", "cube-pdb", "does not take" },
		{ "15puzzle", "pdb555", "built for one goal" },
	};

	for (size_t i = 0; i < FAMILY; i++) {
		for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
			pb_domain d = it_domain(cases[k].domain, NULL);
			pb_config cfg = { .heuristic = cases[k].heuristic };
			char why[160] = "";
			const char *no = pb_solver_supports(family(i), &d, &cfg, why, sizeof(why));

			cr_assert_not_null(no, "%s serves %s with %s", family(i)->name, cases[k].domain,
					   cases[k].heuristic);
			cr_assert(strstr(no, cases[k].why), "%s on %s: %s", family(i)->name,
				  cases[k].domain, no);
		}
	}
}

/* The harness's checks: the answers of all five, each heuristic, agree
 * with each other and with the datasets' references. */
Test(bidir_family, bench_verify_agrees, .timeout = 900)
{
	/* one heuristic a domain under the sanitizers (the three of the
	 * pancakes and two of the tiles took 14 s of CI's 20 minutes there) */
	const bool all = SLOWDOWN == 1;
	char *out = NULL;
	int rc = ht_bench(&out, "verify -a astar,nbs,dvcbs,gbfhs,bae --heuristic %s "
			  "'%s/datasets/pancake12-uniform.txt' -t 120", all ? "gap,gap-1,gap-2" : "gap-1",
			  PB_SOURCE_DIR);

	cr_assert_eq(rc, 0, "verify on pancake12: %s", out);
	cr_assert(strstr(out, "all agree on 5 of 5"), "%s", out);
	free(out);
	rc = ht_bench(&out, "verify -a astar,nbs,dvcbs,gbfhs,bae --heuristic %s "
		      "'%s/datasets/8puzzle-depth.txt' '%s/datasets/15puzzle-walks.txt' -t 120",
		      all ? "manhattan,linear-conflict" : "linear-conflict", PB_SOURCE_DIR, PB_SOURCE_DIR);
	cr_assert_eq(rc, 0, "verify on the tiles: %s", out);
	free(out);
}

Test(bidir_family, bench_selftest_passes, .timeout = 900)
{
	static const char *const domains[] = { "pancake8", "8puzzle" };

	for (size_t i = 0; i < sizeof(domains) / sizeof(domains[0]); i++) {
		char *out = NULL;
		int rc = ht_bench(&out, "selftest -d %s -q", domains[i]);

		cr_assert_eq(rc, 0, "selftest -d %s: %s", domains[i], out);
		free(out);
	}
}
