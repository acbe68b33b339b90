/* The 15-puzzle's additive pattern databases as the solvers use them
 * (pb_heur_init on Korf's goal, the cache as the solvers find it), checked
 * on random states against an independent search of each pattern's
 * abstract space (tests/support/pattern_space.h: A* over the pattern tiles'
 * cells and the blank's exact cell, with a heuristic of its own, no ranks,
 * regions or breadth-first search of the builder's).
 *
 * For each random state and each pattern, the value a lookup returns, the
 * pattern tiles' Manhattan distance plus twice the stored excess, must be
 * the least number of pattern moves that bring the pattern's tiles home
 * (the least over the blank's cells); likewise the lookup of the state
 * reflected about the main diagonal, which reads the same database at
 * another entry and must give the distance of the reflected pattern's
 * tiles; and the heuristic must be the larger of the two sums (Felner,
 * Korf & Hanan, JAIR 22, 2004). Every random state thus checks two random
 * entries of each database.
 *
 * pdb78 (the 7-8 partition of the headline Korf runs) holds 518 million
 * entries of its 8-tile pattern and takes minutes and 1.3 GB to build the
 * first time, then loads from the cache: $PUZZLEBENCH_CACHE when set, else
 * PB_BUILD_DIR/cache/pdb. Opted in with PB_PDB78=1 (CI builds afresh, and
 * the build cost two of its twenty minutes), never under the sanitizers;
 * pdb555 and pdb663 are checked in every build. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "harness/io/prng.h"
#include "tests/support/pattern_space.h"
#include "tests/support/support.h"

#define SIDE 4
#define CELLS (SIDE * SIDE)
/* Korf's goal: the blank in cell 0, tile t in cell t. */
#define KORF_GOAL "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
#define KORF_BLANK 0
#define SEED 2002
/* Random states a database is checked on (each reads two of its entries). */
#define STATES 2000

static const char *cache_dir(void)
{
	const char *env = getenv("PUZZLEBENCH_CACHE");

	return env && *env ? env : PB_BUILD_DIR "/cache/pdb";
}

static int mirror(int c)
{
	return (c % SIDE) * SIDE + c / SIDE;
}

/* The goal cells of a pattern in cell order, the goal blank's left out;
 * their count. */
static int pattern_cells(uint16_t mask, uint8_t *goal)
{
	int k = 0;

	for (int c = 0; c < CELLS; c++)
		if (mask & (1u << c) && c != KORF_BLANK)
			goal[k++] = (uint8_t)c;
	return k;
}

/* A random arrangement of the tiles (every one as likely; solvable or not,
 * the lookups do not care) as text, and where each tile stands. */
static void random_state(prng *r, char *text, size_t size, uint8_t *cell_of)
{
	unsigned at[CELLS];
	size_t used = 0;

	for (int c = 0; c < CELLS; c++)
		at[c] = (unsigned)c;
	for (int c = CELLS - 1; c > 0; c--) {
		int j = (int)prng_below(r, (uint64_t)c + 1);
		unsigned t = at[c];

		at[c] = at[j];
		at[j] = t;
	}
	for (int c = 0; c < CELLS; c++) {
		cell_of[at[c]] = (uint8_t)c;
		if (at[c])
			used += (size_t)snprintf(text + used, size - used, c ? " %u" : "%u", at[c]);
		else
			used += (size_t)snprintf(text + used, size - used, c ? " x" : "x");
	}
}

/* The distance in the abstract space of the pattern whose goal cells are
 * those of O of the tiles of state CELL_OF (tile t's goal is cell t). */
static unsigned distance(ps_oracle *o, const uint8_t *cell_of, unsigned *md)
{
	uint8_t pos[PS_MAX_TILES];

	for (int i = 0; i < o->p.k; i++)
		pos[i] = cell_of[o->p.goal[i]];
	*md = ps_manhattan(&o->p, pos);
	return ps_oracle_distance(o, pos);
}

/* Check NAME on STATES random states; its patterns must be those of
 * PARTITION (goal cell masks) when that is not NULL. */
static void check_partition(const char *name, int states, const uint16_t *partition)
{
	const pb_heuristic_info *info = pb_heuristic_find(name);
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	pb_config cfg = { .heuristic = name, .cache_dir = cache_dir() };
	ps_oracle plain[PB_MAX_PATTERNS], mirrored[PB_MAX_PATTERNS];
	uint64_t expanded = 0;
	pb_heur h;
	pb_search s;
	pb_status st;
	prng r;
	int tiles = 0;

	cr_assert_not_null(info, "no heuristic '%s'", name);
	pb_search_init(&s, 0, 0, NULL);
	st = pb_heur_init(&h, info, &d, &cfg, &s);
	cr_assert_eq(st, PB_SOLVED, "'%s': %s (%s)", name, pb_status_name(st), s.message);
	printf("%s: %s\n", name, s.message);
	cr_assert(h.mirror, "Korf's goal is symmetric about the diagonal: '%s' looks up the mirror",
		  name);
	for (int q = 0; q < h.npatterns; q++) {
		uint8_t goal[PS_MAX_TILES], flipped[PS_MAX_TILES];
		int k = pattern_cells(h.pdb[q].goal_cells, goal);
		ps_pattern p;

		cr_assert_eq(k, h.pdb[q].ntiles, "'%s' pattern %d: %d tiles, its cells hold %d", name,
			     q, h.pdb[q].ntiles, k);
		cr_assert(!partition || h.pdb[q].goal_cells == partition[q], "'%s' pattern %d: cells "
			  "%04x, not %04x", name, q, (unsigned)h.pdb[q].goal_cells, (unsigned)partition[q]);
		tiles += k;
		for (int i = 0; i < k; i++)
			flipped[i] = (uint8_t)mirror(goal[i]);
		p = ps_pattern_make(SIDE, SIDE, KORF_BLANK, goal, k);
		ps_oracle_init(&plain[q], &p);
		p = ps_pattern_make(SIDE, SIDE, KORF_BLANK, flipped, k);
		ps_oracle_init(&mirrored[q], &p);
	}
	cr_assert_eq(tiles, CELLS - 1, "'%s': the patterns hold %d tiles, not all 15", name, tiles);

	prng_seed(&r, SEED);
	for (int n = 0; n < states; n++) {
		char text[64];
		uint8_t cell_of[CELLS];
		unsigned sum = 0, mirror_sum = 0;
		pb_heur_parts parts;
		pb_state x;

		random_state(&r, text, sizeof(text), cell_of);
		x = it_parse(&d, text);
		pb_heur_parts_init(&h, x.cells, &parts);
		for (int q = 0; q < h.npatterns; q++) {
			unsigned md, dist = distance(&plain[q], cell_of, &md);
			unsigned mmd, mdist = distance(&mirrored[q], cell_of, &mmd);

			cr_assert_eq(md + 2u * parts.plain[q], dist, "'%s' pattern %d on '%s' (seed %d, "
				     "state %d): the database gives %u, the search %u", name, q, text,
				     SEED, n + 1, md + 2u * parts.plain[q], dist);
			cr_assert_eq(mmd + 2u * parts.mirrored[q], mdist, "'%s' pattern %d on the mirror of "
				     "'%s' (seed %d, state %d): the database gives %u, the search %u",
				     name, q, text, SEED, n + 1, mmd + 2u * parts.mirrored[q], mdist);
			sum += dist;
			mirror_sum += mdist;
		}
		cr_assert_eq(pb_heur_value(&h, &x), sum > mirror_sum ? sum : mirror_sum,
			     "'%s' on '%s': h = %u; the patterns' sums are %u, mirrored %u", name, text,
			     pb_heur_value(&h, &x), sum, mirror_sum);
	}
	for (int q = 0; q < h.npatterns; q++) {
		expanded += plain[q].expanded + mirrored[q].expanded;
		ps_oracle_release(&plain[q]);
		ps_oracle_release(&mirrored[q]);
	}
	printf("%s: %d random states, %d entries of each of %d databases checked (the searches "
	       "expanded %llu states)\n", name, states, 2 * states, h.npatterns,
	       (unsigned long long)expanded);
	pb_heur_release(&h);
	cr_assert_eq(s.meter.current, 0, "'%s': %zu bytes left after the release", name,
		     s.meter.current);
}

Test(pdb_partitions, pdb555, .timeout = 600)
{
	check_partition("pdb555", STATES, NULL);
}

Test(pdb_partitions, pdb663, .timeout = 600)
{
	check_partition("pdb663", STATES, NULL);
}

Test(pdb_partitions, pdb78, .timeout = 900)
{
#ifdef PB_SANITIZED
	cr_skip_test("the 7-8 databases take far too long to build under the sanitizers: "
		     "checked in the release build with PB_PDB78=1");
#else
	const char *opt = getenv("PB_PDB78");

	/* the 8-tile database's first build is about two minutes of CPU of
	 * CI's twenty: opted in (its builder is pdb555's and pdb663's) */
	if (!opt || strcmp(opt, "1")) {
		cr_skip_test("set PB_PDB78=1 to build and check the 7-8 databases (minutes the "
			     "first time, then from the cache)");
	}
#endif
#ifndef PB_SANITIZED
	/* the 7-8 split as heuristic.h documents it (after Korf & Felner
	 * 2002): tiles 1-7, the top two rows but the blank's goal, and tiles
	 * 8-15, the bottom two */
	static const uint16_t korf_felner_78[] = { 0x00fe, 0xff00 };

	check_partition("pdb78", STATES, korf_felner_78);
#endif
}
