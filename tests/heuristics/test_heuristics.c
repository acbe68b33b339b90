/* Heuristics: names and defaults, hand-counted values, and on every state
 * of small boards (and Magic Squares) admissible (never above the true
 * distance, from one breadth-first search), consistent (a move lowers h by
 * one at most) and zero at the goal; the 15-puzzle pattern databases on
 * every state within a few moves of the goal, and the reflected lookup
 * giving a state and its mirror image the same value; the table of
 * heuristics: which domains each serves, and on a domain of each pair
 * (kernel, kind) the update agreeing with the value. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/core/queue.h"
#include "algorithms/core/table.h"
#include "algorithms/heuristics/heuristic.h"
#include "algorithms/puzzles/distances.h"
#include "tests/support/support.h"

#define KORF_GOAL "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

static void build(pb_heur *h, const char *name, const pb_domain *d, const char *cache,
		  pb_search *s)
{
	const pb_heuristic_info *info = pb_heuristic_find(name);
	pb_config cfg = { .heuristic = name, .cache_dir = cache };
	pb_status st;

	cr_assert_not_null(info, "no heuristic '%s'", name);
	pb_search_init(s, 0, 0, NULL);
	st = pb_heur_init(h, info, d, &cfg, s);
	cr_assert_eq(st, PB_SOLVED, "'%s' on %s: %s (%s)", name, d->name, pb_status_name(st),
		     s->message);
}

static void release(pb_heur *h, pb_search *s)
{
	pb_heur_release(h);
	cr_assert_eq(s->meter.current, 0, "'%s': %zu bytes left", h->info->name, s->meter.current);
}

Test(heuristics, names_defaults_and_domains)
{
	pb_domain tiles = it_domain("8puzzle", NULL), ms = it_domain("msquare", NULL);
	pb_domain wide = it_domain("tiles4x3", NULL);
	char why[160];
	const char *r;

	for (size_t i = 0; i < pb_heuristic_count; i++)
		cr_assert_eq(pb_heuristic_find(pb_heuristics[i].name), &pb_heuristics[i]);
	cr_assert_null(pb_heuristic_find("nope"));
	cr_assert_str_eq(pb_heuristic_default(&tiles)->name, "manhattan");
	cr_assert_str_eq(pb_heuristic_default(&ms)->name, "msquare-pdb");
	r = pb_heuristic_supports(pb_heuristic_find("pdb78"), &wide, why, sizeof(why));
	cr_assert(r && strstr(r, "4x4"), "pdb78 on 4x3: '%s'", r ? r : "(served)");
	cr_assert_not_null(pb_heuristic_supports(pb_heuristic_find("manhattan"), &ms, why, sizeof(why)));
	cr_assert_not_null(pb_heuristic_supports(pb_heuristic_find("msquare-pdb"), &tiles, why,
						 sizeof(why)));
	cr_assert_null(pb_heuristic_supports(pb_heuristic_find("zero"), &ms, why, sizeof(why)));
}

Test(heuristics, values_counted_by_hand)
{
	pb_domain d = it_domain("8puzzle", NULL);
	pb_heur md, lc;
	pb_search s1, s2;
	static const struct {
		const char *state;
		unsigned manhattan, conflicts;
	} cases[] = {
		{ "1 2 3 4 5 6 7 8 x", 0, 0 },
		{ "2 1 3 4 5 6 7 8 x", 2, 1 },  /* 1 and 2 swapped in their row */
		{ "3 2 1 4 5 6 7 8 x", 4, 2 },  /* a row reversed: one tile stays */
		{ "4 2 3 1 5 6 7 8 x", 2, 1 },  /* 1 and 4 swapped in their column */
		{ "7 2 3 4 5 6 1 8 x", 4, 2 },  /* a column reversed */
		{ "1 2 3 4 5 6 x 7 8", 2, 0 },  /* no conflict: in order */
		{ "8 6 7 2 5 4 3 x 1", 21, 1 }, /* a farthest state (31 moves) */
	};

	build(&md, "manhattan", &d, NULL, &s1);
	build(&lc, "linear-conflict", &d, NULL, &s2);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pb_state x = it_parse(&d, cases[i].state);

		cr_assert_eq(pb_heur_value(&md, &x), cases[i].manhattan, "manhattan of '%s': %u",
			     cases[i].state, pb_heur_value(&md, &x));
		cr_assert_eq(pb_heur_value(&lc, &x), cases[i].manhattan + 2 * cases[i].conflicts,
			     "linear-conflict of '%s': %u", cases[i].state, pb_heur_value(&lc, &x));
	}
	release(&md, &s1);
	release(&lc, &s2);
}

/* The user's tiles of S mirrored about the main diagonal, relabelled so
 * that the goal stays the goal: the tile at cell x goes to the mirror of x
 * and becomes the tile whose goal cell mirrors its own. */
static pb_state mirror_of(const pb_domain *d, const pb_state *s)
{
	char text[80], goal[80], out[80];
	unsigned cell_of[PB_MAX_CELLS], tile_at[PB_MAX_CELLS], vals[PB_MAX_CELLS], mirrored[PB_MAX_CELLS];
	int w = d->width, used = 0;
	char *tok;

	pb_format_goal(d, goal, sizeof(goal));
	tok = strtok(goal, " ");
	for (int c = 0; c < d->cells; c++, tok = strtok(NULL, " ")) {
		tile_at[c] = *tok == 'x' ? 0 : (unsigned)atoi(tok);
		cell_of[tile_at[c]] = (unsigned)c;
	}
	pb_format(d, s, text, sizeof(text));
	tok = strtok(text, " ");
	for (int c = 0; c < d->cells; c++, tok = strtok(NULL, " "))
		vals[c] = *tok == 'x' ? 0 : (unsigned)atoi(tok);
	for (int c = 0; c < d->cells; c++) {
		unsigned g = cell_of[vals[c]];

		mirrored[(c % w) * w + c / w] = tile_at[(g % w) * w + g / w];
	}
	for (int c = 0; c < d->cells; c++)
		used += snprintf(out + used, sizeof(out) - (size_t)used, c ? " %u" : "%u", mirrored[c]);
	return it_parse(d, out);
}

/* What check_states asserts besides h(goal) = 0 and h never above the
 * distance: consistency (a move lowers h by one at most: all but the
 * tiles pattern databases), h at least Manhattan, and (with the
 * reflection) equal values on a state and its mirror image. */
#define CHECK_CONSISTENT 1u
#define CHECK_ABOVE_MANHATTAN 2u
#define CHECK_MIRROR 4u

/* HEURISTIC on every state of the board NAME with goal GOAL, from one
 * breadth-first search (databases cached under CACHE). */
static void check_states(const char *name, const char *goal, const char *heuristic,
			 const char *cache, unsigned checks)
{
	pb_domain d = it_domain(name, goal);
	pb_heur h, md;
	pb_search s, ms, ds;
	uint8_t *dist;

	build(&h, heuristic, &d, cache, &s);
	if (checks & CHECK_ABOVE_MANHATTAN)
		build(&md, "manhattan", &d, NULL, &ms);
	if (checks & (CHECK_ABOVE_MANHATTAN | CHECK_MIRROR))
		cr_assert_eq(h.mirror, !!(checks & CHECK_MIRROR), "'%s' on %s: reflected %d", heuristic,
			     name, h.mirror);
	pb_search_init(&ds, 0, 0, NULL);
	cr_assert_eq(pb_distances(&d, &ds, &dist), PB_SOLVED);
	cr_assert_eq(pb_heur_value(&h, &d.goal), 0, "'%s' on %s: h(goal) = %u", heuristic, name,
		     pb_heur_value(&h, &d.goal));
	for (uint64_t i = 0; i < d.index_count; i++) {
		pb_state x, y;
		unsigned hx;
		char text[80];

		pb_unindex(&d, i, &x);
		hx = pb_heur_value(&h, &x);
		pb_format(&d, &x, text, sizeof(text));
		cr_assert_leq(hx, dist[i], "'%s' on %s '%s': h = %u, distance %u", heuristic, name,
			      text, hx, dist[i]);
		if (checks & CHECK_ABOVE_MANHATTAN)
			cr_assert_geq(hx, pb_heur_value(&md, &x), "'%s' below Manhattan on %s '%s'",
				      heuristic, name, text);
		if (checks & CHECK_MIRROR) {
			y = mirror_of(&d, &x);
			cr_assert_eq(pb_heur_value(&h, &y), hx, "'%s' on %s '%s': %u, on its mirror %u",
				     heuristic, name, text, hx, pb_heur_value(&h, &y));
		}
		for (int m = 0; checks & CHECK_CONSISTENT && m < d.nmoves; m++) {
			unsigned hy;

			if (!pb_apply(&d, &x, m, &y))
				continue;
			hy = pb_heur_value(&h, &y);
			cr_assert(hy + 1 >= hx, "'%s' on %s '%s': move %s takes h from %u to %u",
				  heuristic, name, text, pb_move_name(&d, m), hx, hy);
		}
	}
	pb_free(dist);
	if (checks & CHECK_ABOVE_MANHATTAN)
		release(&md, &ms);
	release(&h, &s);
}

static void check_everywhere(const char *name, const char *goal, const char *heuristic)
{
	check_states(name, goal, heuristic, NULL, CHECK_CONSISTENT);
}

Test(heuristics, admissible_and_consistent_on_small_boards)
{
	static const char *const names[] = { "zero", "manhattan", "linear-conflict" };

	for (int i = 0; i < 3; i++) {
		check_everywhere("8puzzle", NULL, names[i]);
		check_everywhere("8puzzle", "x 1 2 3 4 5 6 7 8", names[i]);
		check_everywhere("tiles2x4", "4 3 2 1 x 5 6 7", names[i]);
	}
	/* rows of five: conflicts counted without a table */
	check_everywhere("tiles5x2", NULL, "linear-conflict");
	check_everywhere("tiles2x5", "x 1 2 3 4 5 6 7 8 9", "linear-conflict");
}

Test(heuristics, msquare_pattern_databases)
{
	check_everywhere("msquare", NULL, "msquare-pdb");
	check_everywhere("msquare", NULL, "zero");
}

/* Breadth-first from the goal of the 15-puzzle to DEPTH moves: h never
 * above the distance, at least Manhattan, and (where the goal is
 * symmetric) equal on a state and its mirror image; and consistent but for
 * the pattern databases, whose least value over the blank's places a move
 * may lower by more than one. */
static void check_near_goal(const char *goal, const char *heuristic, const char *cache, int depth)
{
	bool consistent = pb_heuristic_find(heuristic)->kind != PB_HEUR_TILES_PDB;
	pb_domain d = it_domain("15puzzle", goal);
	pb_search s;
	pb_heur h, md;
	pb_search ms;
	pb_table seen;
	pb_queue q;
	uint8_t unused;
	char text[80];

	build(&h, heuristic, &d, cache, &s);
	build(&md, "manhattan", &d, NULL, &ms);
	cr_assert_eq(pb_table_init(&seen, &ms.meter, 1024, 1), 0);
	cr_assert_eq(pb_queue_init(&q, &ms.meter, 1024, 1), 0);
	pb_table_insert(&seen, d.goal.cells, 0, NULL, 1);
	pb_queue_push(&q, d.goal.cells, 0, 1);
	cr_assert_eq(pb_heur_value(&h, &d.goal), 0);
	while (q.count) {
		pb_state x = { .cells = pb_queue_pop(&q, &unused, 1) }, y;
		unsigned dx = *pb_table_find(&seen, x.cells, 1), hx;

		x.cls = pb_class_of(&d, x.cells);
		hx = pb_heur_value(&h, &x);
		pb_format(&d, &x, text, sizeof(text));
		cr_assert_leq(hx, dx, "'%s' on '%s': h = %u, distance %u", heuristic, text, hx, dx);
		cr_assert_geq(hx, pb_heur_value(&md, &x), "'%s' below Manhattan on '%s'", heuristic, text);
		if (h.mirror) {
			pb_state y2 = mirror_of(&d, &x);

			cr_assert_eq(pb_heur_value(&h, &y2), hx, "'%s' on '%s': %u, on its mirror %u",
				     heuristic, text, hx, pb_heur_value(&h, &y2));
		}
		for (int m = 0; m < d.nmoves; m++) {
			unsigned hy;

			if (!pb_apply(&d, &x, m, &y))
				continue;
			hy = pb_heur_value(&h, &y);
			cr_assert(!consistent || hy + 1 >= hx, "'%s' on '%s': move %s takes h from %u to %u",
				  heuristic, text, pb_move_name(&d, m), hx, hy);
			if ((int)dx < depth && pb_table_insert(&seen, y.cells, (uint16_t)(dx + 1), NULL, 1) == 1)
				pb_queue_push(&q, y.cells, 0, 1);
		}
	}
	pb_queue_release(&q);
	pb_table_release(&seen);
	release(&md, &ms);
	release(&h, &s);
}

Test(heuristics, fifteen_puzzle_pattern_databases, .timeout = 600)
{
	char *dir = ht_tempdir();
	pb_domain korf = it_domain("15puzzle", KORF_GOAL);
	pb_heur h;
	pb_search s;

	cr_assert_not_null(dir);
	check_near_goal(KORF_GOAL, "pdb555", dir, 12);
	check_near_goal(NULL, "pdb555", dir, 12);
	/* a goal off the diagonal: no reflection */
	check_near_goal("1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "pdb555", dir, 10);
	build(&h, "pdb555", &korf, dir, &s);
	cr_assert(h.mirror, "Korf's goal is symmetric about the diagonal");
	cr_assert_eq(h.npatterns, 3);
	release(&h, &s);
	check_near_goal(KORF_GOAL, "linear-conflict", NULL, 12);
	ht_remove(dir);
}

/* Hand-counted values past 16 cells (five bits a cell, lines read across
 * both halves of the state) and on lines too long for a table. */
Test(heuristics, values_counted_by_hand_on_wide_boards)
{
	static const struct {
		const char *domain, *state;
		unsigned manhattan, conflicts;
	} cases[] = {
		{ "24puzzle", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x", 0, 0 },
		/* 1 and 2 swapped in their row */
		{ "24puzzle", "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x", 2, 1 },
		/* 1 and 21 swapped in their column: goal rows 4 1 2 3 0 along it,
		 * of which 1 2 3 stay */
		{ "24puzzle", "21 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 1 22 23 24 x", 8, 2 },
		/* 12 and 13 swapped: cell 12 lies across the two halves */
		{ "24puzzle", "1 2 3 4 5 6 7 8 9 10 11 13 12 14 15 16 17 18 19 20 21 22 23 24 x", 2, 1 },
		/* a row of twelve reversed: |13 - 2t| summed, one tile stays */
		{ "tiles12x2", "12 11 10 9 8 7 6 5 4 3 2 1 13 14 15 16 17 18 19 20 21 22 23 x", 72, 11 },
		/* a column of three (a table on five bits) reversed */
		{ "tiles8x3", "17 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 1 18 19 20 21 22 23 x", 4, 2 },
		/* the 4x4 board: as the 3x3 cases, four bits a cell */
		{ "15puzzle", "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 x", 2, 1 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pb_domain d = it_domain(cases[i].domain, NULL);
		pb_state x = it_parse(&d, cases[i].state);
		pb_heur md, lc;
		pb_search s1, s2;

		build(&md, "manhattan", &d, NULL, &s1);
		build(&lc, "linear-conflict", &d, NULL, &s2);
		cr_assert_eq(pb_heur_value(&md, &x), cases[i].manhattan, "manhattan of %s '%s': %u",
			     cases[i].domain, cases[i].state, pb_heur_value(&md, &x));
		cr_assert_eq(pb_heur_value(&lc, &x), cases[i].manhattan + 2 * cases[i].conflicts,
			     "linear-conflict of %s '%s': %u", cases[i].domain, cases[i].state,
			     pb_heur_value(&lc, &x));
		release(&md, &s1);
		release(&lc, &s2);
	}
}

/* Along a random walk on boards of every shape and both packings, the value
 * a move's update gives (pb_heur_step, as IDA* and A* use it) equals the
 * value computed afresh; and it never passes the walk's length. */
static void check_updates(const char *name, const char *heuristic, int steps)
{
	pb_domain d = it_domain(name, NULL);
	pb_state x = d.goal;
	pb_heur h;
	pb_search s;
	pb_heur_parts parts;
	unsigned hx, rng = 12345;
	char text[PB_STATE_TEXT_MAX];

	build(&h, heuristic, &d, NULL, &s);
	memset(&parts, 0, sizeof(parts));
	if (pb_heur_kind_has_parts(h.info->kind))
		pb_heur_parts_init(&h, x.cells, &parts);
	hx = pb_heur_value(&h, &x);
	for (int i = 0; i < steps; i++) {
		pb_heur_parts next;
		pb_heur_change change = { 0 };
		pb_state y;
		unsigned hy = 0;
		int m;

		do {
			rng = rng * 1103515245u + 12345u;
			m = (int)((rng >> 16) % (unsigned)d.nmoves);
		} while (!pb_apply(&d, &x, m, &y));
		PB_WITH_KERNEL(&d, hy = pb_heur_step(&h, K, h.info->kind, x.cells, x.cls, hx, &parts,
						     y.cells, y.cls, m, &change);
			       pb_heur_step_keep(&h, K, h.info->kind, &parts, &next, &change, x.cells,
						 x.cls, y.cls));
		pb_format(&d, &y, text, sizeof(text));
		cr_assert_eq(hy, pb_heur_value(&h, &y), "'%s' on %s '%s' after move %s: %u by the update, %u afresh",
			     heuristic, name, text, pb_move_name(&d, m), hy, pb_heur_value(&h, &y));
		x = y;
		hx = hy;
		if (pb_heur_kind_has_parts(h.info->kind))
			parts = next;
	}
	release(&h, &s);
}

Test(heuristics, updates_agree_with_values_on_every_board)
{
	static const char *const boards[] = {
		"tiles2x2", "8puzzle", "tiles2x8", "tiles8x2", "15puzzle", "tiles5x3", "tiles3x5",
		"tiles5x4", "24puzzle", "tiles4x6", "tiles6x4", "tiles3x8", "tiles8x3", "tiles2x12",
		"tiles12x2",
	};

	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		check_updates(boards[i], "manhattan", 3000);
		check_updates(boards[i], "linear-conflict", 3000);
	}
}

/* A domain of each kernel but a plugin's, and a heuristic of each kind
 * but a plugin's (a partition for the tiles databases: built in a
 * moment). */
static const char *const table_domains[] = {
	"8puzzle", "24puzzle", "msquare", "pancake8", "pancake20", "cube2",
};
static const char *const table_heuristics[] = {
	"zero", "manhattan", "linear-conflict", "pdb:1-4/5-8", "msquare-pdb", "gap", "gap-2",
	"cube-pdb",
};

#define COUNT_ONE(KIND, name, parts) +1
enum { KINDS = 0 PB_HEURISTIC_KIND_LIST(COUNT_ONE) };
#undef COUNT_ONE

/* The table (table.h): every kind has its code; a heuristic serves a
 * domain only where its kind pairs with the domain's kernel, and serves
 * every domain of such a kernel that has what its code asks (zero every
 * domain); a domain's default serves it. */
Test(heuristics, the_table_says_which_domains_each_heuristic_serves)
{
	static const struct {
		const char *heuristic, *serves; /* the sample domains, by initial */
	} expect[] = {
		/* 8puzzle, 24puzzle, msquare, pancake8, pancake20, cube2 */
		{ "zero", "123456" },	     { "manhattan", "12" },  { "linear-conflict", "12" },
		{ "pdb:1-4/5-8", "12" },     { "pdb78", "" },	     { "pdb6666", "2" },
		{ "msquare-pdb", "3" },	     { "gap", "45" },	     { "gap-2", "45" },
		{ "cube-pdb", "6" },
	};
	char why[160];

	for (int kind = 0; kind < KINDS; kind++) {
		const pb_heuristic_ops *ops = pb_heuristic_ops_of((pb_heuristic_kind)kind);

		cr_assert(ops && ops->value, "kind %d has no code", kind);
	}
	cr_assert_null(pb_heuristic_ops_of((pb_heuristic_kind)KINDS));
	for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); i++) {
		const pb_heuristic_info *info = pb_heuristic_find(expect[i].heuristic);

		cr_assert_not_null(info, "no heuristic '%s'", expect[i].heuristic);
		for (size_t j = 0; j < sizeof(table_domains) / sizeof(table_domains[0]); j++) {
			pb_domain d = it_domain(table_domains[j], NULL);
			const char *r = pb_heuristic_supports(info, &d, why, sizeof(why));
			bool paired = pb_heuristic_pairs_with(info->kind, d.kernel);
			bool served = strchr(expect[i].serves, (int)('1' + j)) != NULL;

			cr_assert_eq(!r, served, "'%s' on %s: %s", expect[i].heuristic, d.name,
				     r ? r : "served");
			cr_assert(paired || r, "'%s' serves %s, whose kernel its kind does not pair with",
				  expect[i].heuristic, d.name);
			if (!paired)
				cr_assert_str_eq(r, pb_heuristic_ops_of(info->kind)->refusal,
						 "'%s' on %s: '%s'", expect[i].heuristic, d.name, r);
		}
	}
	for (size_t j = 0; j < sizeof(table_domains) / sizeof(table_domains[0]); j++) {
		pb_domain d = it_domain(table_domains[j], NULL);
		const pb_heuristic_info *info = pb_heuristic_default(&d);

		cr_assert(info && !pb_heuristic_supports(info, &d, NULL, 0), "%s: default '%s'", d.name,
			  info ? info->name : "(none)");
		cr_assert(pb_heuristic_pairs_with(PB_HEUR_ZERO, d.kernel), "zero does not pair with %s's kernel",
			  d.name);
	}
}

/* Every pair of the table but a plugin's (test_domain_plugin has those):
 * on a domain of the kernel, each heuristic of the kind updates along a
 * walk to the value computed afresh (pb_heur_step's dispatch over the
 * kinds, with the kind chosen at run time as A* has it). */
Test(heuristics, every_pair_of_the_table_updates_as_it_values, .timeout = 300)
{
	bool tried[PB_KERNEL_GENERIC2 + 1][KINDS] = { { false } };

	for (size_t j = 0; j < sizeof(table_domains) / sizeof(table_domains[0]); j++) {
		pb_domain d = it_domain(table_domains[j], NULL);

		for (size_t i = 0; i < sizeof(table_heuristics) / sizeof(table_heuristics[0]); i++) {
			const pb_heuristic_info *info = pb_heuristic_find(table_heuristics[i]);
			pb_config cfg = { .heuristic = table_heuristics[i] };
			char why[160];

			if (pb_heuristic_supports_config(&d, &cfg, why, sizeof(why)))
				continue;
			check_updates(table_domains[j], table_heuristics[i], 1000 / SLOWDOWN);
			tried[d.kernel][info->kind] = true;
		}
	}
#define TRIED_ONE(unused, K, T, KIND)                                                    \
	cr_assert(pb_kernel_generic(K) || tried[K][KIND], "no walk for the pair (%s, %s)", #K, #KIND);
	PB_HEURISTIC_PAIRS(TRIED_ONE, 0)
#undef TRIED_ONE
}

/* Breadth-first from the goal of a wide board to DEPTH moves (states of two
 * words): h never above the distance, and consistent. */
static void check_wide_near_goal(const char *name, const char *heuristic, int depth)
{
	pb_domain d = it_domain(name, NULL);
	pb_search s, ts;
	pb_heur h;
	pb_table seen;
	pb_queue q;
	uint8_t unused;
	size_t count = 0;
	char text[PB_STATE_TEXT_MAX];

	build(&h, heuristic, &d, NULL, &s);
	pb_search_init(&ts, 0, 0, NULL);
	cr_assert_eq(pb_table_init(&seen, &ts.meter, 1024, 2), 0);
	cr_assert_eq(pb_queue_init(&q, &ts.meter, 1024, 2), 0);
	pb_table_insert(&seen, d.goal.cells, 0, NULL, 2);
	pb_queue_push(&q, d.goal.cells, 0, 2);
	while (q.count) {
		pb_state x = { .cells = pb_queue_pop(&q, &unused, 2) }, y;
		unsigned dx = *pb_table_find(&seen, x.cells, 2), hx;

		x.cls = pb_class_of(&d, x.cells);
		hx = pb_heur_value(&h, &x);
		pb_format(&d, &x, text, sizeof(text));
		cr_assert_leq(hx, dx, "'%s' on %s '%s': h = %u, distance %u", heuristic, name, text, hx, dx);
		count++;
		for (int m = 0; m < d.nmoves; m++) {
			unsigned hy;

			if (!pb_apply(&d, &x, m, &y))
				continue;
			hy = pb_heur_value(&h, &y);
			cr_assert(hy + 1 >= hx && hx + 1 >= hy, "'%s' on %s '%s': move %s takes h from %u to %u",
				  heuristic, name, text, pb_move_name(&d, m), hx, hy);
			if ((int)dx < depth && pb_table_insert(&seen, y.cells, (uint16_t)(dx + 1), NULL, 2) == 1)
				pb_queue_push(&q, y.cells, 0, 2);
		}
	}
	cr_assert_gt(count, (size_t)depth, "%s: %zu states within %d moves", name, count, depth);
	pb_queue_release(&q);
	pb_table_release(&seen);
	release(&h, &s);
}

Test(heuristics, admissible_and_consistent_near_the_goal_of_wide_boards)
{
	static const char *const boards[] = { "24puzzle", "tiles4x6", "tiles3x8", "tiles2x12" };

	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		check_wide_near_goal(boards[i], "manhattan", 10);
		check_wide_near_goal(boards[i], "linear-conflict", 10);
	}
}

/* A partition given by name ('pdb:...') on every state of a small board:
 * zero at the goal, never above the distance, at least Manhattan, and
 * where the goal is symmetric about the diagonal, equal on a state and its
 * mirror image. */
static void check_partition_everywhere(const char *name, const char *goal, const char *heuristic,
				       const char *cache, bool mirrored)
{
	check_states(name, goal, heuristic, cache, CHECK_ABOVE_MANHATTAN | (mirrored ? CHECK_MIRROR : 0));
}

Test(heuristics, partitions_on_small_boards, .timeout = 300)
{
	char dir[] = "/tmp/pb-part-XXXXXX", cmd[64];

	cr_assert_not_null(mkdtemp(dir));
	/* the blank in the corner: the goal is its own mirror image */
	check_partition_everywhere("8puzzle", "x 1 2 3 4 5 6 7 8", "pdb:1,2,3,4/5-8", dir, true);
	check_partition_everywhere("8puzzle", NULL, "pdb:8,7,6/5,4,3,2", dir, true);
	/* tiles in no pattern count their Manhattan distance */
	check_partition_everywhere("8puzzle", "x 1 2 3 4 5 6 7 8", "pdb:1,3,5", dir, true);
	/* a goal off the diagonal, and boards that are not square */
	check_partition_everywhere("8puzzle", "1 x 2 3 4 5 6 7 8", "pdb:1-4/5-8", dir, false);
	check_partition_everywhere("tiles2x4", "x 1 2 3 4 5 6 7", "pdb:1-3/4-7", dir, false);
	check_partition_everywhere("tiles4x2", NULL, "pdb:7,5,3,1/2,4,6", dir, false);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* A named partition and the same tiles given as 'pdb:...': the same
 * values on every state near the goal, from the same cache files. */
Test(heuristics, named_and_given_partitions_agree, .timeout = 600)
{
	char dir[] = "/tmp/pb-same-XXXXXX", cmd[64], text[80];
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	const char *given = "pdb:1,2,3,6,7/4,5,8,9,12/10,11,13,14,15";
	pb_heur named, mine;
	pb_search s, t;
	pb_state x = d.goal;
	uint64_t seed = 1;

	cr_assert_not_null(mkdtemp(dir));
	build(&named, "pdb555", &d, dir, &s);
	cr_assert_eq(named.built, 3, "an empty cache: three databases built");
	build(&mine, given, &d, dir, &t);
	cr_assert_eq(mine.built, 0, "'%s' loads pdb555's files: %s", given, t.message);
	cr_assert_eq(mine.npatterns, 3);
	/* a random walk of 2000 moves from the goal */
	for (int step = 0; step < 2000; step++) {
		pb_state y;

		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		if (!pb_apply(&d, &x, (int)(seed >> 62), &y))
			continue;
		x = y;
		pb_format(&d, &x, text, sizeof(text));
		cr_assert_eq(pb_heur_value(&mine, &x), pb_heur_value(&named, &x),
			     "'%s' %u, pdb555 %u on '%s'", given, pb_heur_value(&mine, &x),
			     pb_heur_value(&named, &x), text);
	}
	release(&mine, &t);
	release(&named, &s);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* A cache that holds some of a heuristic's databases: the rest are built,
 * and the message says how many of each. */
Test(heuristics, a_partly_cached_heuristic_says_what_it_built_and_loaded)
{
	char *dir = ht_tempdir(), path[512];
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	pb_heur h;
	pb_search s;

	cr_assert_not_null(dir);
	build(&h, "pdb555", &d, dir, &s);
	cr_assert(strstr(s.message, "built and saved 3 pattern databases"), "'%s'", s.message);
	cr_assert_eq(pb_pdb_file_name(&h.pdb[1], dir, path, sizeof(path)), 0);
	release(&h, &s);
	cr_assert_eq(remove(path), 0, "%s", path);
	build(&h, "pdb555", &d, dir, &s);
	cr_assert(strstr(s.message, "built and saved 1 and loaded 2 of 3 pattern databases"), "'%s'",
		  s.message);
	release(&h, &s);
	build(&h, "pdb555", &d, dir, &s);
	cr_assert(strstr(s.message, "loaded 3 pattern databases"), "'%s'", s.message);
	release(&h, &s);
	ht_remove(dir);
}
