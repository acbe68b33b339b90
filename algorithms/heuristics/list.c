/* The named heuristics, the default first, which domains each serves, and
 * the patterns of the pattern database heuristics on a board. */
#include "heuristic.h"
#include "../puzzles/family.h"

#include <stdio.h>
#include <string.h>

/* Cell masks on the 4x4 board (cell = 4 * row + column). */
#define ROW(r) (0xfu << (4 * (r)))
#define CELL(c) (1u << (c))

/* 7-8: the top two rows against the bottom two (Korf & Felner 2002). */
#define TOP_HALF (ROW(0) | ROW(1))
#define BOTTOM_HALF (ROW(2) | ROW(3))
/* 6-6-3 (with the blank in cell 0): the top row, then the two left and the
 * two right columns of the three rows below. */
#define LEFT_LOW (CELL(4) | CELL(5) | CELL(8) | CELL(9) | CELL(12) | CELL(13))
#define RIGHT_LOW (CELL(6) | CELL(7) | CELL(10) | CELL(11) | CELL(14) | CELL(15))
/* 5-5-5 (with the blank in cell 0): the top row with the right end of the
 * second, an L on the left, and the bottom right corner. */
#define TOP_L (ROW(0) | CELL(6) | CELL(7))
#define LEFT_L (CELL(4) | CELL(5) | CELL(8) | CELL(9) | CELL(12))
#define CORNER (CELL(10) | CELL(11) | CELL(13) | CELL(14) | CELL(15))
/* 6-6-6-6 on the 5x5 board (cell = 5 * row + column, the blank in cell 0):
 * Korf & Felner's partition of the 24-puzzle (R. E. Korf and A. Felner,
 * "Disjoint pattern database heuristics", Artificial Intelligence 134
 * (2002) 9-22; the tiles as Korf's published IDA* program for the
 * 24-puzzle lists them: {1,2,5,6,7,12} {3,4,8,9,13,14} {10,11,15,16,20,21}
 * {17,18,19,22,23,24}): an irregular six around the blank and three blocks
 * of 2x3, one a quarter turn of another. */
#define CELLS6(a, b, c, d, e, f) (CELL(a) | CELL(b) | CELL(c) | CELL(d) | CELL(e) | CELL(f))
#define KF_BLANK_SIDE CELLS6(1, 2, 5, 6, 7, 12)
#define KF_TOP_RIGHT CELLS6(3, 4, 8, 9, 13, 14)
#define KF_BOTTOM_LEFT CELLS6(10, 11, 15, 16, 20, 21)
#define KF_BOTTOM_RIGHT CELLS6(17, 18, 19, 22, 23, 24)
/* Magic Squares: values 0-5 and 2-7 (internal labels: the goal cell). */
#define LOW_VALUES 0x3fu
#define HIGH_VALUES 0xfcu

const pb_heuristic_info pb_heuristics[] = {
	{ "manhattan", "sum of the tiles' Manhattan distances (tiles)", PB_HEUR_MANHATTAN, 0, 0, { 0 }, NULL, NULL },
	{ "linear-conflict", "Manhattan distance plus 2 for each tile to move aside in its goal row or column (tiles)",
	  PB_HEUR_LINEAR_CONFLICT, 0, 0, { 0 }, NULL, NULL },
	{ "pdb555", "additive pattern databases, 5-5-5 tiles, with the diagonal reflection (4x4; builds in a second)",
	  PB_HEUR_TILES_PDB, 4, 4, { TOP_L, LEFT_L, CORNER }, NULL, NULL },
	{ "pdb663", "additive pattern databases, 6-6-3 tiles, with the diagonal reflection (4x4; builds in seconds)",
	  PB_HEUR_TILES_PDB, 4, 4, { ROW(0), LEFT_LOW, RIGHT_LOW }, NULL, NULL },
	{ "pdb78", "additive pattern databases, 7-8 tiles (two rows each), with the diagonal reflection (4x4; builds in about a minute, then cached)",
	  PB_HEUR_TILES_PDB, 4, 4, { TOP_HALF, BOTTOM_HALF }, NULL, NULL },
	{ "pdb6666", "additive pattern databases, Korf & Felner's 6-6-6-6 tiles, with the diagonal reflection (5x5; builds in minutes, then cached)",
	  PB_HEUR_TILES_PDB, 5, 5, { KF_BLANK_SIDE, KF_TOP_RIGHT, KF_BOTTOM_LEFT, KF_BOTTOM_RIGHT }, NULL, NULL },
	{ PB_PARTITION_PREFIX "PATTERNS", "additive pattern databases of the patterns given, with the diagonal "
	  "reflection where the goal has it (tiles, any board): the goal's tile numbers, ',' between tiles, "
	  "a-b for a range, '/' between patterns, at most 8 tiles a pattern (e.g. pdb:1-7/8-15); a tile in "
	  "none counts its Manhattan distance", PB_HEUR_TILES_PDB, 0, 0, { 0 }, NULL, NULL },
	{ "msquare-pdb", "larger of two pattern databases over six of the eight values each (Magic Squares)",
	  PB_HEUR_MSQUARE_PDB, 0, 0, { LOW_VALUES, HIGH_VALUES }, NULL, NULL },
	{ "gap", "the gaps between neighbours, the plate included (pancakes; gap-k ignores the k smallest pancakes)",
	  PB_HEUR_GAP, 0, 0, { PB_GAP_ALL }, NULL, NULL },
	{ "cube-pdb", "larger of two pattern databases, the corners' twists and their places (2x2x2 cube)",
	  PB_HEUR_CUBE_PDB, 0, 0, { 0 }, NULL, NULL },
	{ "zero", "h = 0: breadth-first order (every domain)", PB_HEUR_ZERO, 0, 0, { 0 }, NULL, NULL },
};
const size_t pb_heuristic_count = sizeof(pb_heuristics) / sizeof(pb_heuristics[0]);

/* Whether NAME names a partition ("pdb:..."). */
static bool is_partition(const char *name)
{
	return !strncmp(name, PB_PARTITION_PREFIX, strlen(PB_PARTITION_PREFIX));
}

/* The table's entry for the partitions. */
static const pb_heuristic_info *partition_entry(void)
{
	return pb_heuristic_find(PB_PARTITION_PREFIX);
}


/* The heuristics added (a plugin's): filled as plugins load, before any
 * search. */
static const pb_heuristic_info *added[PB_HEURISTIC_ADDED_MAX];
static size_t added_count;

size_t pb_heuristic_added_count(void)
{
	return added_count;
}

const pb_heuristic_info *pb_heuristic_added(size_t i)
{
	return i < added_count ? added[i] : NULL;
}

int pb_heuristic_add(const pb_heuristic_info *info, char *err, size_t errlen)
{
	for (size_t i = 0; i < added_count; i++) {
		if (!strcmp(added[i]->name, info->name) && added[i]->family == info->family) {
			snprintf(err, errlen, "the family %s has two heuristics '%s'",
				 info->family ? info->family->pattern : "?", info->name);
			return -1;
		}
	}
	if (added_count == PB_HEURISTIC_ADDED_MAX) {
		snprintf(err, errlen, "more than %d heuristics", PB_HEURISTIC_ADDED_MAX);
		return -1;
	}
	added[added_count++] = info;
	return 0;
}

void pb_heuristic_clear(void)
{
	added_count = 0;
}

const pb_heuristic_info *pb_heuristic_find_for(const char *name, const pb_domain *d)
{
	for (size_t i = 0; i < added_count; i++)
		if (!strcmp(added[i]->name, name) && added[i]->family == d->family)
			return added[i];
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!strcmp(pb_heuristics[i].name, name) && !pb_heuristic_supports(&pb_heuristics[i], d, NULL, 0))
			return &pb_heuristics[i];
	return pb_heuristic_find(name);
}

const pb_heuristic_info *pb_heuristic_find(const char *name)
{
	for (size_t i = 0; i < added_count; i++)
		if (!strcmp(added[i]->name, name))
			return added[i];
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!strcmp(pb_heuristics[i].name, name) ||
		    (is_partition(name) && is_partition(pb_heuristics[i].name)))
			return &pb_heuristics[i];
	return pb_gap_find(name);
}

const char *pb_heuristic_check(const char *name, char *why, size_t whylen)
{
	pb_partition part;
	char err[120];

	if (!is_partition(name)) {
		if (pb_heuristic_find(name))
			return NULL;
		snprintf(why, whylen, "unknown heuristic '%s'", name);
		return why;
	}
	if (!pb_partition_parse(name + strlen(PB_PARTITION_PREFIX), &part, err, sizeof(err)))
		return NULL;
	snprintf(why, whylen, "heuristic '%.60s': %s", name, err);
	return why;
}

const pb_heuristic_info *pb_heuristic_default(const pb_domain *d)
{
	/* a plugin's family's own first, where it has one */
	for (size_t i = 0; i < added_count; i++)
		if (!pb_heuristic_supports(added[i], d, NULL, 0))
			return added[i];
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!pb_heuristic_supports(&pb_heuristics[i], d, NULL, 0))
			return &pb_heuristics[i];
	return NULL;
}

const char *pb_heuristic_supports(const pb_heuristic_info *info, const pb_domain *d,
				  char *why, size_t whylen)
{
	switch (info->kind) {
	case PB_HEUR_ZERO:
		return NULL;
	case PB_HEUR_MANHATTAN:
	case PB_HEUR_LINEAR_CONFLICT:
		return d->board ? NULL : "serves sliding tiles only";
	case PB_HEUR_TILES_PDB:
		if (!d->board)
			return "serves sliding tiles only";
		if (info == partition_entry() || (d->width == info->width && d->height == info->height))
			return NULL;
		if (why && whylen)
			snprintf(why, whylen, "'%s' is defined on the %dx%d board only", info->name,
				 info->width, info->height);
		return why && whylen ? why : "defined on another board";
	case PB_HEUR_MSQUARE_PDB:
		/* its databases track values under the permutation tables */
		return d->kernel == PB_KERNEL_PERMUTE4 ? NULL
						       : "serves the permutation-table domains (Magic Squares) only";
	case PB_HEUR_GAP:
		return pb_gap_supports(info, d, why, whylen);
	case PB_HEUR_CUBE_PDB:
		return d->kernel == PB_KERNEL_CORNERS ? NULL : "serves the 2x2x2 cube only";
	case PB_HEUR_PLUGIN:
		if (d->family == info->family)
			return NULL;
		if (why && whylen)
			snprintf(why, whylen, "'%s' serves the family %s only", info->name,
				 info->family ? info->family->pattern : "of its plugin");
		return why && whylen ? why : "serves its plugin's family only";
	}
	return "unknown kind of heuristic";
}

/* The cell mask M turned half a turn on a board of N cells. */
static uint32_t turn_half(uint32_t m, int n)
{
	uint32_t t = 0;

	for (int c = 0; c < n; c++)
		if (m & (1u << c))
			t |= 1u << (n - 1 - c);
	return t;
}

/* The goal cell of the tile the user numbers V on D, or -1 when D has no
 * such tile. */
static int goal_cell_of(const pb_domain *d, unsigned v)
{
	for (int c = 0; c < d->cells; c++)
		if (c != d->goal_blank && d->unlabel[d->goal_label[c]] == v)
			return c;
	return -1;
}

/* The goal cells of PART's patterns on D into CELLS. Returns the count, or
 * -1 with why in WHY. */
static int partition_cells(const pb_partition *part, const pb_domain *d, uint32_t *cells,
			   char *why, size_t whylen)
{
	if (part->largest >= d->cells) {
		snprintf(why, whylen, "tile %d is not on the %dx%d board (tiles 1-%d)", part->largest,
			 d->width, d->height, d->cells - 1);
		return -1;
	}
	for (int q = 0; q < part->count; q++) {
		cells[q] = 0;
		for (uint32_t t = part->tiles[q]; t; t &= t - 1)
			cells[q] |= 1u << goal_cell_of(d, (unsigned)__builtin_ctz(t));
	}
	return part->count;
}

int pb_heuristic_patterns(const pb_heuristic_info *info, const char *name, const pb_domain *d,
			  uint32_t *cells, char *why, size_t whylen)
{
	bool turn = d->goal_blank >= d->cells / 2;
	pb_partition part;
	char err[120];
	int n = 0;

	if (info == partition_entry()) {
		if (!name || !is_partition(name))
			name = info->name;
		if (pb_partition_parse(name + strlen(PB_PARTITION_PREFIX), &part, err, sizeof(err)) ||
		    partition_cells(&part, d, cells, err, sizeof(err)) < 0) {
			snprintf(why, whylen, "heuristic '%.60s': %s", name, err);
			return -1;
		}
		return part.count;
	}
	/* a group holding only the goal blank has no tiles */
	for (int g = 0; g < PB_MAX_PATTERNS && info->groups[g]; g++) {
		uint32_t m = turn ? turn_half(info->groups[g], d->cells) : info->groups[g];

		m &= ~(1u << d->goal_blank);
		if (!m)
			continue;
		if (__builtin_popcount(m) > PB_PDB_MAX_TILES) {
			snprintf(why, whylen, "a pattern of '%s' has more than %d tiles", info->name,
				 PB_PDB_MAX_TILES);
			return -1;
		}
		cells[n++] = m;
	}
	return n;
}
