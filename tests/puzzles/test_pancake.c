/* Pancakes: every stack of 3 to 9 pancakes against a breadth-first search
 * written here on plain arrays (and the diameters against the published
 * pancake numbers), the flips of both kernels against a plain reversal,
 * gap and gap-k admissible and consistent on every stack of up to 9 with
 * the value a search updates per flip equal to the value from scratch, the
 * solvers' answers optimal and replaying, and the syntax's errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/puzzles/distances.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

#define MAX_SMALL 9

/* The pancake numbers, the most flips any stack of N needs, N = 0..9
 * (OEIS A058986; Gates & Papadimitriou 1979 and the searches since). */
static const int pancake_number[MAX_SMALL + 1] = { 0, 0, 1, 3, 4, 5, 7, 8, 9, 10 };

/* The lexicographic rank of the permutation P of 0..n-1, written here. */
static uint64_t plain_rank(const unsigned *p, int n)
{
	uint64_t r = 0;

	for (int i = 0; i < n; i++) {
		unsigned smaller = 0;

		for (int j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		r = r * (uint64_t)(n - i) + smaller;
	}
	return r;
}

static void plain_unrank(uint64_t r, int n, unsigned *p)
{
	unsigned digits[MAX_SMALL];
	bool used[MAX_SMALL] = { false };

	for (int i = n - 1; i >= 0; i--) {
		digits[i] = (unsigned)(r % (uint64_t)(n - i));
		r /= (uint64_t)(n - i);
	}
	for (int i = 0; i < n; i++) {
		unsigned k = digits[i], v;

		/* the k-th value not used yet */
		for (v = 0;; v++)
			if (!used[v] && !k--)
				break;
		used[v] = true;
		p[i] = v;
	}
}

static uint64_t factorial(int n)
{
	return n ? (uint64_t)n * factorial(n - 1) : 1;
}

/* Breadth-first search from the sorted stack over plain arrays: the
 * distance of each stack, by plain_rank. */
static uint8_t *plain_bfs(int n)
{
	uint64_t count = factorial(n), *queue = malloc(count * sizeof(*queue)), head = 0, tail = 0;
	uint8_t *dist = malloc(count);
	unsigned p[MAX_SMALL];

	cr_assert(queue && dist);
	memset(dist, 0xff, count);
	dist[0] = 0;
	queue[tail++] = 0;
	while (head < tail) {
		uint64_t r = queue[head++];

		plain_unrank(r, n, p);
		for (int k = 2; k <= n; k++) {
			unsigned q[MAX_SMALL];
			uint64_t c;

			memcpy(q, p, sizeof(q));
			for (int i = 0; i < k; i++)
				q[i] = p[k - 1 - i];
			c = plain_rank(q, n);
			if (dist[c] == 0xff) {
				dist[c] = (uint8_t)(dist[r] + 1);
				queue[tail++] = c;
			}
		}
	}
	cr_assert_eq(tail, count, "pancake%d: the plain search reached %llu of %llu", n,
		     (unsigned long long)tail, (unsigned long long)count);
	free(queue);
	return dist;
}

static pb_state from_plain_perm(const pb_domain *d, const unsigned *p)
{
	uint8_t values[PB_MAX_CELLS];
	pb_state s;
	char err[128];

	for (int i = 0; i < d->cells; i++)
		values[i] = (uint8_t)(p[i] + 1);
	cr_assert_eq(pb_from_plain(d, values, &s, err, sizeof(err)), 0, "%s: %s", d->name, err);
	return s;
}

Test(pancake, every_small_stack_against_a_plain_search)
{
	for (int n = 3; n <= MAX_SMALL; n++) {
		char name[16];
		pb_domain d;
		uint8_t *mine, *lib;
		int most = 0;

		snprintf(name, sizeof(name), "pancake%d", n);
		d = it_domain(name, NULL);
		cr_assert_eq(d.index_count, factorial(n), "%s: %llu states", name,
			     (unsigned long long)d.index_count);
		mine = plain_bfs(n);
		lib = it_distances(&d);
		for (uint64_t r = 0; r < d.index_count; r++) {
			unsigned p[MAX_SMALL], up[MAX_SMALL];
			uint64_t i;
			pb_state s;

			plain_unrank(r, n, p);
			s = from_plain_perm(&d, p);
			/* the index: the rank of the stack read from the bottom */
			for (int c = 0; c < n; c++)
				up[c] = p[n - 1 - c];
			i = pb_index(&d, &s);
			cr_assert_eq(i, plain_rank(up, n), "%s: stack of rank %llu from the bottom "
				     "indexed %llu", name, (unsigned long long)plain_rank(up, n),
				     (unsigned long long)i);
			cr_assert_eq(lib[i], mine[r], "%s: stack of rank %llu at %u, the plain search says %u",
				     name, (unsigned long long)r, lib[i], mine[r]);
			if (mine[r] > most)
				most = mine[r];
		}
		cr_assert_eq(most, pancake_number[n], "%s: diameter %d, published %d", name, most,
			     pancake_number[n]);
		free(mine);
		free(lib);
	}
}

Test(pancake, flips_reverse_the_top_on_both_kernels)
{
	static const int sizes[] = { 3, 5, 15, 16, 17, 24, 25 };
	unsigned seed = 15;

	for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
		char name[16];
		pb_domain d;

		snprintf(name, sizeof(name), "pancake%d", sizes[z]);
		d = it_domain(name, NULL);
		cr_assert_eq(d.kernel, sizes[z] <= 16 ? PB_KERNEL_FLIP4 : PB_KERNEL_FLIP5, "%s", name);
		cr_assert_eq(d.nmoves, sizes[z] - 1, "%s: %d moves", name, d.nmoves);
		for (int trial = 0; trial < 20; trial++) {
			pb_state s = it_shuffled(&d, &seed), t, back;
			uint8_t before[PB_MAX_CELLS], after[PB_MAX_CELLS];

			pb_to_plain(&d, &s, before);
			for (int m = 0; m < d.nmoves; m++) {
				int k = atoi(pb_move_name(&d, m));

				cr_assert_eq(pb_move_from_name(&d, pb_move_name(&d, m), strlen(pb_move_name(&d, m))),
					     m, "%s: move %d", name, m);
				cr_assert(pb_apply(&d, &s, m, &t), "%s: flip %d refused", name, k);
				pb_to_plain(&d, &t, after);
				for (int i = 0; i < d.cells; i++)
					cr_assert_eq(after[i], i < k ? before[k - 1 - i] : before[i],
						     "%s: flip %d, cell %d holds %u", name, k, i, after[i]);
				cr_assert(pb_unapply(&d, &t, m, &back) && back.cells == s.cells,
					  "%s: flip %d not undone by itself", name, k);
			}
		}
	}
}

/* A heuristic of the gap family on D (the caller frees it). */
static pb_heur *gap_heuristic(const pb_domain *d, const char *name)
{
	const pb_heuristic_info *info = pb_heuristic_find(name);
	pb_heur *h = malloc(sizeof(*h));
	pb_search s;

	cr_assert(info && h, "no heuristic '%s'", name);
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(pb_heur_init(h, info, d, NULL, &s), PB_SOLVED, "'%s' on %s: %s", name, d->name,
		     s.message);
	return h;
}

/* The gaps of S counted here from its plain values, those involving a
 * pancake of size K or less left out. */
static unsigned plain_gaps(const pb_domain *d, const pb_state *s, int k)
{
	uint8_t v[PB_MAX_CELLS + 1];
	unsigned gaps = 0;

	pb_to_plain(d, s, v);
	v[d->cells] = (uint8_t)(d->cells + 1);
	for (int i = 0; i < d->cells; i++)
		if (v[i] > k && v[i + 1] > k && abs(v[i] - v[i + 1]) > 1)
			gaps++;
	return gaps;
}

Test(pancake, gap_admissible_consistent_and_updated_per_flip)
{
	static const char *const names[] = { "gap", "gap-1", "gap-2" };

	for (int n = 4; n <= MAX_SMALL; n++) {
		char name[16];
		pb_domain d;
		uint8_t *dist;

		snprintf(name, sizeof(name), "pancake%d", n);
		d = it_domain(name, NULL);
		cr_assert_str_eq(pb_heuristic_default(&d)->name, "gap", "%s", name);
		dist = it_distances(&d);
		for (int k = 0; k < 3; k++) {
			pb_heur *h = gap_heuristic(&d, names[k]);

			for (uint64_t r = 0; r < d.index_count; r++) {
				pb_state s, c;
				unsigned v;

				pb_unindex(&d, r, &s);
				v = pb_heur_value(h, &s);
				cr_assert_eq(v, plain_gaps(&d, &s, k), "%s, %s: stack %llu: %u", name,
					     names[k], (unsigned long long)r, v);
				cr_assert_leq(v, dist[r], "%s, %s: stack %llu: h %u over its distance %u",
					      name, names[k], (unsigned long long)r, v, dist[r]);
				for (int m = 0; n <= 8 && m < d.nmoves; m++) {
					unsigned step = 0, fresh;

					pb_apply(&d, &s, m, &c);
					fresh = pb_heur_value(h, &c);
					PB_WITH_KERNEL(&d, step = pb_heur_step(h, K, PB_HEUR_GAP, s.cells, 0, v,
									      NULL, c.cells, 0, m, NULL));
					cr_assert_eq(step, fresh, "%s, %s: stack %llu, flip %s: %u per flip, %u afresh",
						     name, names[k], (unsigned long long)r, pb_move_name(&d, m),
						     step, fresh);
					cr_assert_leq(abs((int)fresh - (int)v), 1, "%s, %s: stack %llu, flip %s: "
						      "h from %u to %u", name, names[k], (unsigned long long)r,
						      pb_move_name(&d, m), v, fresh);
				}
			}
			pb_heur_release(h);
			free(h);
		}
		free(dist);
	}
}

Test(pancake, gap_k_serves_pancakes_only_and_fewer_than_all)
{
	pb_domain d = it_domain("pancake5", NULL), tiles = it_domain("8puzzle", NULL);
	char why[160];

	cr_assert_null(pb_heuristic_supports(pb_heuristic_find("gap-4"), &d, why, sizeof(why)));
	cr_assert_not_null(pb_heuristic_supports(pb_heuristic_find("gap-5"), &d, why, sizeof(why)),
			   "gap-5 on 5 pancakes ignores all of them");
	cr_assert_not_null(pb_heuristic_supports(pb_heuristic_find("gap"), &tiles, why, sizeof(why)));
	cr_assert_null(pb_heuristic_find("gap-0"));
	cr_assert_null(pb_heuristic_find("gap-25"));
	cr_assert_str_eq(pb_heuristic_default(&tiles)->name, "manhattan");
}

/* Every solver that serves pancakes, on a spread of the stacks of 8 and 9
 * (the informed ones with each gap heuristic): optimal, replaying, no
 * memory kept. */
Test(pancake, solvers_optimal_on_small_stacks)
{
	static const char *const blind[] = { "reverse-table", "bibfs", "bfs-cantor", "bfs-hash" };
	static const char *const informed[] = { "idastar", "astar" };
	static const char *const heuristics[] = { "gap", "gap-1", "gap-2" };

	for (size_t i = 0; i < sizeof(blind) / sizeof(blind[0]); i++)
		it_every_state(pb_solver_find(blind[i]), "pancake8", NULL, NULL, 211);
	for (size_t i = 0; i < sizeof(informed) / sizeof(informed[0]); i++)
		for (size_t k = 0; k < sizeof(heuristics) / sizeof(heuristics[0]); k++) {
			it_every_state(pb_solver_find(informed[i]), "pancake8", NULL, heuristics[k], 97);
			it_every_state(pb_solver_find(informed[i]), "pancake9", NULL, heuristics[k], 3001);
		}
	it_every_state(pb_solver_find("astar"), "pancake8", NULL, "zero", 997);
}

/* Larger stacks, both kernels: IDA* and A* agree on the length, no answer
 * is shorter than the gaps, and each replays. */
Test(pancake, idastar_and_astar_agree_on_large_stacks)
{
	static const int sizes[] = { 12, 16, 17, 20, 25 };
	unsigned seed = 2017;

	for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
		char name[16];
		pb_domain d;
		it_solver ida, a;

		snprintf(name, sizeof(name), "pancake%d", sizes[z]);
		d = it_domain(name, NULL);
		it_prepare(&ida, pb_solver_find("idastar"), &d, "gap", NULL);
		it_prepare(&a, pb_solver_find("astar"), &d, "gap-1", NULL);
		for (int trial = 0; trial < 3; trial++) {
			pb_state s = it_shuffled(&d, &seed);
			char text[PB_STATE_TEXT_MAX];
			pb_search sx, sa;
			pb_path px, pa;

			pb_format(&d, &s, text, sizeof(text));
			pb_search_init(&sx, 0, 0, NULL);
			pb_search_init(&sa, 0, 0, NULL);
			cr_assert_eq(ida.solver->solve(ida.ctx, &s, &sx, &px), PB_SOLVED, "%s '%s'", name, text);
			cr_assert_eq(a.solver->solve(a.ctx, &s, &sa, &pa), PB_SOLVED, "%s '%s'", name, text);
			cr_assert_eq(px.length, pa.length, "%s '%s': idastar %d moves, astar %d", name, text,
				     px.length, pa.length);
			cr_assert_geq(px.length, plain_gaps(&d, &s, 0), "%s '%s': %d moves, fewer than the gaps",
				      name, text, px.length);
			cr_assert_eq(it_replay(&d, &s, &px), PB_REACHES_GOAL, "%s '%s': idastar", name, text);
			cr_assert_eq(it_replay(&d, &s, &pa), PB_REACHES_GOAL, "%s '%s': astar", name, text);
		}
		it_release(&ida);
		it_release(&a);
	}
}

/* The syntax: N sizes a line in, the flip sizes out; a sorted stack an
 * empty line; wrong lines told why. */
Test(pancake, solve_lines_round_trip)
{
	static const char *const bad[][2] = {
		{ "1 2 3 4", "4 values where 5 are wanted" },
		{ "1 2 3 4 6", "value 6 is out of range 1..5" },
		{ "1 2 3 4 4", "value 4 appears twice" },
		{ "1 2 x 4 5", "unexpected 'x'" },
	};
	pb_domain d = it_domain("pancake5", NULL);
	char *out = NULL, *dir, text[PB_STATE_TEXT_MAX];
	uint8_t moves[PB_MAX_PATH];
	pb_state s = it_parse(&d, "3 5 1 4 2");
	pb_replay_result r;
	int status;

	pb_format(&d, &s, text, sizeof(text));
	cr_assert_str_eq(text, "3 5 1 4 2");
	cr_assert_eq(pb_parse_moves(&d, "5 2 13", 6, moves, PB_MAX_PATH, text, sizeof(text)), -1);
	cr_assert(strstr(text, "'13' names no move"), "%s", text);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		pb_state x;

		cr_assert_eq(pb_parse(&d, bad[i][0], strlen(bad[i][0]), &x, text, sizeof(text)), -1,
			     "'%s' taken", bad[i][0]);
		cr_assert(strstr(text, bad[i][1]), "'%s': %s", bad[i][0], text);
	}
	dir = ht_tempdir();
	ht_write_in(dir, "stacks", "3 5 1 4 2\n1 2 3 4 5\n5 4 3 2 1\n");
	status = ht_bench(&out, "solve -d pancake5 -c < %s/stacks", dir);
	ht_remove(dir);
	cr_assert_eq(status, 0, "%s", out);
	{
		char *second = strchr(out, '\n'), *third;

		cr_assert_not_null(second, "%s", out);
		third = strchr(second + 1, '\n');
		cr_assert_not_null(third, "%s", out);
		pb_replay(&d, &s, out, (size_t)(second - out), &r);
		cr_assert_eq(r.verdict, PB_REACHES_GOAL, "'%.*s' %s", (int)(second - out), out,
			     pb_verdict_name(r.verdict));
		cr_assert_eq(third, second + 1, "a sorted stack: '%.*s'", (int)(third - second - 1),
			     second + 1);
		cr_assert_str_eq(third + 1, "5\n");
	}
	free(out);
}
