/* The partition syntax of 'pdb:' heuristics: good input and what it means,
 * bad input and its messages, the named partitions' patterns on their
 * boards (turned for a goal blank in the second half), and the tile
 * numbers mapped to goal cells through the goal the user gave. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/heuristics/partition.h"
#include "tests/support/support.h"

static pb_partition parse_ok(const char *text)
{
	pb_partition part;
	char err[160] = "";

	cr_assert_eq(pb_partition_parse(text, &part, err, sizeof(err)), 0, "'%s': %s", text, err);
	return part;
}

static void parse_bad(const char *text, const char *message)
{
	pb_partition part;
	char err[160] = "";

	cr_assert_eq(pb_partition_parse(text, &part, err, sizeof(err)), -1, "'%s' was taken", text);
	cr_assert_str_eq(err, message, "'%s'", text);
}

/* The tiles LIST (ending with 0) as a mask. */
static uint32_t tiles(const int *list)
{
	uint32_t m = 0;

	for (; *list; list++)
		m |= 1u << *list;
	return m;
}

Test(partition, good_input)
{
	pb_partition p = parse_ok("1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24");

	cr_assert_eq(p.count, 4);
	cr_assert_eq(p.tiles[0], tiles((const int[]){ 1, 2, 5, 6, 7, 12, 0 }));
	cr_assert_eq(p.tiles[3], tiles((const int[]){ 17, 18, 19, 22, 23, 24, 0 }));
	cr_assert_eq(p.largest, 24);
	p = parse_ok("1-7/8-15");
	cr_assert_eq(p.count, 2);
	cr_assert_eq(p.tiles[0], 0xfeu, "tiles 1-7");
	cr_assert_eq(p.tiles[1], 0xff00u, "tiles 8-15");
	p = parse_ok("3");
	cr_assert_eq(p.count, 1);
	cr_assert_eq(p.tiles[0], 1u << 3);
	/* ranges and single tiles mix, in any order; a range of one */
	p = parse_ok("9,1-3,5-5");
	cr_assert_eq(p.tiles[0], (1u << 9) | 0xeu | (1u << 5));
	cr_assert_eq(p.largest, 9);
	p = parse_ok("1/2/3/4/5/6/7/8");
	cr_assert_eq(p.count, PB_PARTITION_MAX_PATTERNS);
}

Test(partition, bad_input_and_its_messages)
{
	parse_bad("", "no pattern given (patterns of tiles: 1,2,3/4-7/...)");
	parse_bad("1,2//3", "pattern 2 is empty");
	parse_bad("1,2/", "pattern 2 is empty");
	parse_bad("/1", "pattern 1 is empty");
	parse_bad("1,,2", "pattern 1 has an empty item");
	parse_bad("1,", "pattern 1 has an empty item");
	parse_bad(",1", "pattern 1 has an empty item");
	parse_bad("1,x,3", "'x' is not a tile number");
	parse_bad("1,2a", "'2a' is not a tile number or a range");
	parse_bad("-3", "'-3' is not a tile number");
	parse_bad("1,0", "'0' is not a tile number (the blank is no tile; tiles count from 1)");
	parse_bad("7-3", "range '7-3' runs backwards");
	parse_bad("3-", "'3-' is not a tile number");
	parse_bad("1-2-3", "'1-2-3' is not a tile number or a range");
	parse_bad("1,25", "tile '25' is past the largest board's 24 tiles");
	parse_bad("99999999999", "tile '99999999999' is past the largest board's 24 tiles");
	parse_bad("1,2,1", "tile 1 is named twice");
	parse_bad("1-4/4-6", "tile 4 is named twice");
	parse_bad("1-9", "pattern 1 has 9 tiles (at most 8)");
	parse_bad("1/2/3/4/5/6/7/8/9", "more than 8 patterns");
	parse_bad("1 2", "'1 2' is not a tile number or a range");
}

Test(partition, names_checked_as_heuristics)
{
	char why[160];

	cr_assert_null(pb_heuristic_check("pdb78", why, sizeof(why)));
	cr_assert_null(pb_heuristic_check("pdb:1-7/8-15", why, sizeof(why)));
	cr_assert_str_eq(pb_heuristic_check("pdb:1,1", why, sizeof(why)),
			 "heuristic 'pdb:1,1': tile 1 is named twice");
	cr_assert_str_eq(pb_heuristic_check("pdb9", why, sizeof(why)), "unknown heuristic 'pdb9'");
	cr_assert_eq(pb_heuristic_find("pdb:1-7/8-15"), pb_heuristic_find("pdb:PATTERNS"),
		     "every 'pdb:' name is the partitions' entry");
	cr_assert_null(pb_heuristic_find("pdb"), "'pdb' alone is no heuristic");
}

#define KORF_GOAL "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

/* A heuristic's patterns on a board: the goal cells of each as masks, or
 * the message when there are none. */
typedef struct patterns_case {
	const char *heuristic, *domain, *goal;
	int count;
	uint32_t cells[3];
	const char *message;
} patterns_case;

static const patterns_case patterns_cases[] = {
	/* Korf's goal: tile t's goal cell is t; the default goal: t - 1 */
	{ "pdb:1-7/8-15", "15puzzle", KORF_GOAL, 2, { 0x00fe, 0xff00 }, NULL },
	{ "pdb:1-7/8-15", "15puzzle", NULL, 2, { 0x007f, 0x7f80 }, NULL },
	/* a goal of the user's: tile 8 is on cell 0, tiles 1 and 2 on 8 and 6 */
	{ "pdb:8/1,2", "8puzzle", "8 x 6 5 4 7 2 3 1", 2, { 0x001, 0x140 }, NULL },
	{ "pdb:1-3/4-8", "tiles2x4", NULL, -1, { 0 },
	  "heuristic 'pdb:1-3/4-8': tile 8 is not on the 2x4 board (tiles 1-7)" },
	{ "pdb:1-3,x", "tiles2x4", NULL, -1, { 0 }, "heuristic 'pdb:1-3,x': 'x' is not a tile number" },
	/* 7-8 with the blank in cell 0: the top half's 7 tiles, the bottom's
	 * 8; with the blank in cell 15, turned half a turn */
	{ "pdb78", "15puzzle", KORF_GOAL, 2, { 0x00fe, 0xff00 }, NULL },
	{ "pdb78", "15puzzle", NULL, 2, { 0x7f00, 0x00ff }, NULL },
	/* 5-5-5 and 6-6-3 (the top row less the blank) */
	{ "pdb555", "15puzzle", KORF_GOAL, 3, { 0x00ce, 0x1330, 0xec00 }, NULL },
	{ "pdb663", "15puzzle", KORF_GOAL, 3, { 0x000e, 0x3330, 0xccc0 }, NULL },
	{ "pdb78", "tiles4x3", NULL, -1, { 0 }, "'pdb78' is defined on the 4x4 board only" },
};

Test(partition, patterns_on_boards)
{
	for (size_t k = 0; k < sizeof(patterns_cases) / sizeof(patterns_cases[0]); k++) {
		const patterns_case *c = &patterns_cases[k];
		const pb_heuristic_info *info = pb_heuristic_find(c->heuristic);
		pb_domain d = it_domain(c->domain, c->goal);
		uint32_t cells[PB_MAX_PATTERNS];
		pb_config cfg = { .heuristic = c->heuristic };
		char why[160] = "";
		int n;

		cr_assert_not_null(info, "'%s'", c->heuristic);
		if (c->message) {
			cr_assert_str_eq(pb_heuristic_supports_config(&d, &cfg, why, sizeof(why)),
					 c->message, "'%s' on %s", c->heuristic, c->domain);
			continue;
		}
		cr_assert_null(pb_heuristic_supports_config(&d, &cfg, why, sizeof(why)), "'%s' on %s: %s",
			       c->heuristic, c->domain, why);
		n = pb_heuristic_patterns(info, c->heuristic, &d, cells, why, sizeof(why));
		cr_assert_eq(n, c->count, "'%s' on %s: %d patterns (%s)", c->heuristic, c->domain, n,
			     why);
		for (int q = 0; q < n; q++)
			cr_assert_eq(cells[q], c->cells[q], "'%s' on %s, pattern %d: %04x", c->heuristic,
				     c->domain, q + 1, (unsigned)cells[q]);
	}
}

/* Korf & Felner's 6-6-6-6: four patterns of six of the 5x5 board's 24
 * tiles, each tile in one, the blank's cell in none. */
Test(partition, korf_felner_6666)
{
	const pb_heuristic_info *info = pb_heuristic_find("pdb6666");
	uint32_t all = 0;

	cr_assert_not_null(info);
	cr_assert_eq(info->width, 5);
	cr_assert_eq(info->height, 5);
	for (int g = 0; g < 4; g++) {
		cr_assert_eq(__builtin_popcount(info->groups[g]), 6, "pattern %d", g + 1);
		cr_assert_eq(all & info->groups[g], 0, "pattern %d overlaps", g + 1);
		all |= info->groups[g];
	}
	cr_assert_eq(all, 0x1fffffeu, "the 24 tiles but the blank's cell 0");
	cr_assert_eq(info->groups[0], tiles((const int[]){ 1, 2, 5, 6, 7, 12, 0 }));
}
