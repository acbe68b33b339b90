/* Boards over 16 cells (five bits a cell, both halves of a state) and the
 * wide boards up to 16: random walks back from the goal solved by idastar
 * and astar with Manhattan distance and linear conflict, by bibfs and
 * bfs-hash where the walks are short; every answer replayed, checked
 * against an optimal length that this test finds by its own breadth-first
 * search over plain arrays of tiles (no kernel, no packing) where the walk
 * is short, and against the other solvers' where it is long. Twins of the
 * walks (two tiles swapped) are unsolvable by parity, with no search. The
 * table solvers refuse what does not fit. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

/* The oracle: a breadth-first search over tiles as plain arrays of bytes
 * (the plain-data view), with a hash set of its own, from START to the goal
 * of D; the distance, or -1 past MAX moves. */
#define ORACLE_SLOTS (1u << 21)
#define KEY_BYTES 32

typedef struct oracle {
	uint8_t (*keys)[KEY_BYTES];
	uint8_t *used;
	uint8_t (*layer)[KEY_BYTES], (*next)[KEY_BYTES];
	size_t nlayer, nnext;
} oracle;

static uint64_t key_hash(const uint8_t *k)
{
	uint64_t h = 14695981039346656037ULL; /* FNV-1a */

	for (int i = 0; i < KEY_BYTES; i++)
		h = (h ^ k[i]) * 1099511628211ULL;
	return h;
}

/* Insert K; true when it was new. */
static bool oracle_add(oracle *o, const uint8_t *k)
{
	size_t i = (size_t)(key_hash(k) & (ORACLE_SLOTS - 1));

	for (; o->used[i]; i = (i + 1) & (ORACLE_SLOTS - 1))
		if (!memcmp(o->keys[i], k, KEY_BYTES))
			return false;
	o->used[i] = 1;
	memcpy(o->keys[i], k, KEY_BYTES);
	return true;
}

static int oracle_distance(const pb_domain *d, const pb_state *start, int max)
{
	oracle o = { calloc(ORACLE_SLOTS, KEY_BYTES), calloc(ORACLE_SLOTS, 1),
		     calloc(ORACLE_SLOTS, KEY_BYTES), calloc(ORACLE_SLOTS, KEY_BYTES), 0, 0 };
	uint8_t goal[KEY_BYTES] = { 0 }, first[KEY_BYTES] = { 0 };
	static const int drow[4] = { -1, 1, 0, 0 }, dcol[4] = { 0, 0, -1, 1 };
	int w = d->width, h = d->height, found = -1;

	cr_assert(o.keys && o.used && o.layer && o.next);
	pb_to_plain(d, &d->goal, goal);
	pb_to_plain(d, start, first);
	oracle_add(&o, first);
	memcpy(o.layer[o.nlayer++], first, KEY_BYTES);
	for (int depth = 0; depth <= max && found < 0 && o.nlayer; depth++) {
		o.nnext = 0;
		for (size_t i = 0; i < o.nlayer && found < 0; i++) {
			uint8_t *x = o.layer[i];
			int b = 0;

			if (!memcmp(x, goal, KEY_BYTES)) {
				found = depth;
				break;
			}
			while (x[b])
				b++;
			for (int m = 0; m < 4; m++) {
				int r = b / w + drow[m], c = b % w + dcol[m];
				uint8_t y[KEY_BYTES];

				if (r < 0 || r >= h || c < 0 || c >= w)
					continue;
				memcpy(y, x, KEY_BYTES);
				y[b] = y[r * w + c];
				y[r * w + c] = 0;
				if (oracle_add(&o, y)) {
					cr_assert_lt(o.nnext, (size_t)ORACLE_SLOTS, "the oracle's layer overflows");
					memcpy(o.next[o.nnext++], y, KEY_BYTES);
				}
			}
		}
		{
			uint8_t (*t)[KEY_BYTES] = o.layer;

			o.layer = o.next;
			o.next = t;
			o.nlayer = o.nnext;
		}
	}
	free(o.keys);
	free(o.used);
	free(o.layer);
	free(o.next);
	return found;
}

/* Solve START with T; check the answer replays to the goal, is no longer
 * than BOUND and of its parity, and equals WANT when WANT >= 0. Returns its
 * length. */
static int solve_and_check(it_solver *t, const pb_domain *d, const pb_state *start, int bound,
			   int want)
{
	char text[PB_STATE_TEXT_MAX];
	const char *h = t->heuristic ? t->heuristic : "default";
	pb_search s;
	pb_path p;
	pb_status st;
	pb_verdict v;

	pb_format(d, start, text, sizeof(text));
	pb_search_init(&s, 0, 0, NULL);
	st = t->solver->solve(t->ctx, start, &s, &p);
	cr_assert_eq(st, PB_SOLVED, "%s/%s on %s '%s': %s (%s)", t->solver->name, h, d->name, text,
		     pb_status_name(st), s.message);
	cr_assert_eq(s.meter.current, 0, "%s/%s on %s '%s': %zu bytes not freed", t->solver->name, h,
		     d->name, text, s.meter.current);
	v = it_replay(d, start, &p);
	cr_assert_eq(v, PB_REACHES_GOAL, "%s/%s on %s '%s': the answer %s", t->solver->name, h,
		     d->name, text, pb_verdict_name(v));
	cr_assert(p.length <= bound && (bound - p.length) % 2 == 0,
		  "%s/%s on %s '%s': %d moves for a walk of %d", t->solver->name, h, d->name, text,
		  p.length, bound);
	if (want >= 0)
		cr_assert_eq(p.length, want, "%s/%s on %s '%s': %d moves, optimal %d", t->solver->name,
			     h, d->name, text, p.length, want);
	return p.length;
}

/* The twin of START (another class): unsolvable, said without a search. */
static void check_twin(it_solver *t, const pb_domain *d, const pb_state *start)
{
	pb_state twin;
	pb_search s;
	pb_path p;

	d->ops->twin(d, start, &twin);
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(t->solver->solve(t->ctx, &twin, &s, &p), PB_UNSOLVABLE, "%s on %s: a twin solved",
		     t->solver->name, d->name);
	cr_assert_eq(s.expanded, 0, "%s on %s: searched to say unsolvable", t->solver->name, d->name);
}

typedef struct entrant {
	const pb_solver *solver;
	const char *heuristic;
	int longest; /* walks it takes, in moves */
} entrant;

/* Every entrant on walks of D: the short ones against the oracle, the long
 * ones against each other. */
static void walks_of(const char *name, const char *goal, const int *lengths, int nlengths)
{
	static const entrant entrants[] = {
		{ &pb_solver_idastar, "manhattan", 1000 },
		{ &pb_solver_idastar, "linear-conflict", 1000 },
		{ &pb_solver_astar, "manhattan", 1000 },
		{ &pb_solver_astar, "linear-conflict", 1000 },
		{ &pb_solver_bibfs, NULL, 16 },
		{ &pb_solver_bfs_hash, NULL, 8 },
	};
	enum { n = sizeof(entrants) / sizeof(entrants[0]) };
	pb_domain d = it_domain(name, goal);
	it_solver t[n];
	uint64_t rng = 42;

	for (int e = 0; e < n; e++)
		it_prepare(&t[e], entrants[e].solver, &d, entrants[e].heuristic, NULL);
	for (int e = 0; e < n; e++)
		cr_assert_eq(solve_and_check(&t[e], &d, &d.goal, 0, 0), 0);
	for (int i = 0; i < nlengths; i++) {
		pb_state s = it_walk(&d, lengths[i], &rng);
		int want = lengths[i] <= 12 ? oracle_distance(&d, &s, lengths[i]) : -1;

		if (lengths[i] <= 12)
			cr_assert_geq(want, 0, "%s: the oracle found no path within the walk", name);
		for (int e = 0; e < n; e++) {
			if (lengths[i] > entrants[e].longest)
				continue;
			want = solve_and_check(&t[e], &d, &s, lengths[i], want);
		}
		check_twin(&t[0], &d, &s);
		check_twin(&t[n - 1], &d, &s);
	}
	for (int e = 0; e < n; e++)
		it_release(&t[e]);
}

static const int short_and_long[] = { 1, 4, 7, 10, 12, 16, 24, 34 };
enum { nshort_and_long = sizeof(short_and_long) / sizeof(short_and_long[0]) };

Test(wide, five_by_five, .timeout = 600)
{
	walks_of("24puzzle", NULL, short_and_long, nshort_and_long);
}

Test(wide, four_by_six_and_six_by_four, .timeout = 600)
{
	walks_of("tiles4x6", NULL, short_and_long, nshort_and_long);
	walks_of("tiles6x4", NULL, short_and_long, nshort_and_long);
}

Test(wide, three_by_eight_and_eight_by_three, .timeout = 600)
{
	walks_of("tiles3x8", NULL, short_and_long, nshort_and_long);
	walks_of("tiles8x3", NULL, short_and_long, nshort_and_long);
}

Test(wide, two_by_twelve_and_twelve_by_two, .timeout = 600)
{
	walks_of("tiles2x12", NULL, short_and_long, nshort_and_long);
	walks_of("tiles12x2", NULL, short_and_long, nshort_and_long);
}

Test(wide, other_goals_and_sizes, .timeout = 600)
{
	walks_of("24puzzle", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
		 short_and_long, nshort_and_long);
	walks_of("tiles5x4", "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", short_and_long,
		 nshort_and_long);
	walks_of("tiles3x6", NULL, short_and_long, nshort_and_long);
	walks_of("tiles2x8", NULL, short_and_long, nshort_and_long);
}

/* reverse-table answers from the two-bit table up to the 14-cell boards
 * (43,589,145,600 states, 10.9 GB) and 13 pancakes (6,227,020,800
 * stacks, 1.6 GB); 5x3 (163 GB) and 14 pancakes (21.8 GB) are refused
 * below. */
Test(wide, the_two_bit_table_serves_up_to_fourteen_cells)
{
	static const char *const served[] = { "tiles7x2", "tiles2x7", "pancake13" };
	pb_config cfg = { 0 };
	char why[160];

	for (size_t i = 0; i < sizeof(served) / sizeof(served[0]); i++) {
		pb_domain d = it_domain(served[i], NULL);
		const char *no = pb_solver_supports(&pb_solver_reverse_table, &d, &cfg, why, sizeof(why));

		cr_assert_null(no, "reverse-table on %s: %s", served[i], no);
	}
}

Test(wide, tables_that_do_not_fit_are_refused)
{
	static const char *const boards[] = { "15puzzle", "tiles5x4", "24puzzle", "tiles2x12",
					       "tiles5x3", "tiles3x5", "pancake14" };
	const pb_solver *tables[] = { &pb_solver_bfs_cantor, &pb_solver_reverse_table };
	pb_config cfg = { 0 };

	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		pb_domain d = it_domain(boards[i], NULL);

		for (size_t k = 0; k < 2; k++) {
			char why[160];
			const char *no = pb_solver_supports(tables[k], &d, &cfg, why, sizeof(why));

			cr_assert(no && strstr(no, "the table does not fit"), "%s on %s: %s", tables[k]->name,
				  boards[i], no ? no : "served");
		}
	}
}
