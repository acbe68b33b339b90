/* The table of domain families (family.h): the built-in ones here, a
 * plugin's added after them. */
#include "family.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/puzzlebench/plugin.h"

/* The smallest members of each family, whose solvability rule 'bench
 * selftest' holds against a search of every state. */
static const char *const small_boards[] = { "tiles2x2", "tiles2x3", "tiles3x2", "tiles2x4",
					    "tiles4x2", NULL };
static const char *const small_stacks[] = { "pancake3", "pancake4", "pancake5", "pancake6",
					    "pancake7", NULL };

#define TILES_RULE                                                                       \
	"the tiles' inversions, plus the blank's row on a board of even width, have the "  \
	"goal's parity: half of the arrangements"
#define TILES_INDEX "n!/2: the tiles' rank halved, times the cells, plus the blank's cell"

static const pb_family builtin[] = {
	{ "8puzzle", "sliding tiles on a 3x3 board (9!/2 states a parity class)", "8puzzle",
	  "2 3 4 1 5 x 7 6 8", TILES_RULE, TILES_INDEX, small_boards, PB_PLUGIN_TILES, 1, pb_tiles_make,
	  NULL, NULL },
	{ "15puzzle", "sliding tiles on a 4x4 board (16!/2 states a parity class)", "15puzzle",
	  "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15", TILES_RULE, TILES_INDEX, small_boards, PB_PLUGIN_TILES, 1,
	  pb_tiles_make, NULL, NULL },
	{ "24puzzle", "sliding tiles on a 5x5 board (25!/2 states a parity class)", "24puzzle",
	  "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24", TILES_RULE, NULL,
	  small_boards, PB_PLUGIN_TILES, 1, pb_tiles_make, NULL, NULL },
	{ "tilesWxH", "sliding tiles, W columns by H rows, W, H >= 2, W*H <= 25 (moves u d l r "
	  "name where the blank goes; another goal with --goal or a dataset's 'goal' header)",
	  "tiles3x4", "1 2 3 4 5 6 7 8 9 10 x 11", TILES_RULE, TILES_INDEX " (boards of up to 16 cells)",
	  small_boards, PB_PLUGIN_TILES, 1, pb_tiles_make, NULL, NULL },
	{ "msquare", "USACO 3.2.5 Magic Squares, ops A B C (8! states; the answer is the "
	  "lexicographically least shortest sequence)", "msquare", "2 6 8 4 5 7 3 1",
	  "every arrangement of 1..8", "8!: the target's rank", NULL, PB_PLUGIN_MSQUARE, 1,
	  pb_msquare_make, NULL, NULL },
	{ "cube2", "the 2x2x2 cube, half-turn metric: U U2 U' R R2 R' F F2 F' (3,674,160 states; "
	  "a scramble over U R F, or the corners, one word each)", "cube2", "R U2 F' R",
	  "every cube the parser takes (DLB in place, the twists adding up to a multiple of 3)",
	  "7! * 3^6: the corners' places' rank times 729, plus their twists", NULL, PB_PLUGIN_CUBE, 2,
	  pb_cube_make, NULL, NULL },
	{ "cube2q", "the 2x2x2 cube, quarter-turn metric: U U' R R' F F'", "cube2q", "R U F' R'",
	  "every cube the parser takes (DLB in place, the twists adding up to a multiple of 3)",
	  "7! * 3^6: the corners' places' rank times 729, plus their twists", NULL, PB_PLUGIN_CUBE, 2,
	  pb_cube_make, NULL, NULL },
	{ "pancakeN", "N pancakes of sizes 1..N listed top first, 3 <= N <= 25 (N! states); move k "
	  "flips the top k (answers: the flip sizes, space-separated)", "pancake10",
	  "3 1 4 10 5 9 2 6 8 7", "every stack", "N!: the stack's rank (up to 16 pancakes)",
	  small_stacks, PB_PLUGIN_PANCAKE, 2, pb_pancake_make, NULL, NULL },
};

#define BUILTIN_COUNT (sizeof(builtin) / sizeof(builtin[0]))

/* The families added (a plugin's): the one registry of the library, filled
 * as plugins load, before any search. */
static const pb_family *added[PB_FAMILY_ADDED_MAX];
static size_t added_count;

size_t pb_family_count(void)
{
	return BUILTIN_COUNT + added_count;
}

const pb_family *pb_family_at(size_t i)
{
	if (i < BUILTIN_COUNT)
		return &builtin[i];
	return i - BUILTIN_COUNT < added_count ? added[i - BUILTIN_COUNT] : NULL;
}

int pb_family_add(const pb_family *f, char *err, size_t errlen)
{
	for (size_t i = 0; i < pb_family_count(); i++) {
		const pb_family *g = pb_family_at(i);

		if (!strcmp(g->pattern, f->pattern))
			return pb_domain_fail(err, errlen, "a family '%s' is there already", f->pattern);
		if (f->example && pb_family_of(f->example) == g)
			return pb_domain_fail(err, errlen, "family '%s': its example '%s' is a member "
					      "of '%s' already", f->pattern, f->example, g->pattern);
	}
	if (added_count == PB_FAMILY_ADDED_MAX)
		return pb_domain_fail(err, errlen, "more than %d families", PB_FAMILY_ADDED_MAX);
	added[added_count++] = f;
	return 0;
}

void pb_family_clear(void)
{
	added_count = 0;
}

const pb_family *pb_family_of(const char *name)
{
	pb_domain *scratch = malloc(sizeof(*scratch));
	const pb_family *found = NULL;

	for (size_t i = 0; scratch && !found && i < pb_family_count(); i++) {
		const pb_family *f = pb_family_at(i);
		char why[8];

		memset(scratch, 0, sizeof(*scratch));
		if (f->make(f, scratch, name, why, sizeof(why)) <= 0)
			found = f;
	}
	free(scratch);
	return found;
}
