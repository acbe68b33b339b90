/* The named heuristics, the default first, and which domains each serves. */
#include "heuristic.h"

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
/* Magic Squares: values 0-5 and 2-7 (internal labels: the goal cell). */
#define LOW_VALUES 0x3fu
#define HIGH_VALUES 0xfcu

const pb_heuristic_info pb_heuristics[] = {
	{ "manhattan", "sum of the tiles' Manhattan distances (tiles)", PB_HEUR_MANHATTAN, 0, 0, { 0 } },
	{ "linear-conflict", "Manhattan distance plus 2 for each tile to move aside in its goal row or column (tiles)",
	  PB_HEUR_LINEAR_CONFLICT, 0, 0, { 0 } },
	{ "pdb555", "additive pattern databases, 5-5-5 tiles, with the diagonal reflection (4x4; builds in a second)",
	  PB_HEUR_TILES_PDB, 4, 4, { TOP_L, LEFT_L, CORNER } },
	{ "pdb663", "additive pattern databases, 6-6-3 tiles, with the diagonal reflection (4x4; builds in seconds)",
	  PB_HEUR_TILES_PDB, 4, 4, { ROW(0), LEFT_LOW, RIGHT_LOW } },
	{ "pdb78", "additive pattern databases, 7-8 tiles (two rows each), with the diagonal reflection (4x4; builds in minutes, then cached)",
	  PB_HEUR_TILES_PDB, 4, 4, { TOP_HALF, BOTTOM_HALF, 0 } },
	{ "msquare-pdb", "larger of two pattern databases over six of the eight values each (Magic Squares)",
	  PB_HEUR_MSQUARE_PDB, 0, 0, { LOW_VALUES, HIGH_VALUES, 0 } },
	{ "gap", "the gaps between neighbours, the plate included (pancakes; gap-k ignores the k smallest pancakes)",
	  PB_HEUR_GAP, 0, 0, { PB_GAP_ALL } },
	{ "cube-pdb", "larger of two pattern databases, the corners' twists and their places (2x2x2 cube)",
	  PB_HEUR_CUBE_PDB, 0, 0, { 0 } },
	{ "zero", "h = 0: breadth-first order (every domain)", PB_HEUR_ZERO, 0, 0, { 0 } },
};
const size_t pb_heuristic_count = sizeof(pb_heuristics) / sizeof(pb_heuristics[0]);

const pb_heuristic_info *pb_heuristic_find(const char *name)
{
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!strcmp(pb_heuristics[i].name, name))
			return &pb_heuristics[i];
	return pb_gap_find(name);
}

const pb_heuristic_info *pb_heuristic_default(const pb_domain *d)
{
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
		if (d->board && d->width == info->width && d->height == info->height)
			return NULL;
		if (why && whylen)
			snprintf(why, whylen, "'%s' is defined on the %dx%d board only", info->name,
				 info->width, info->height);
		return why && whylen ? why : "defined on another board";
	case PB_HEUR_MSQUARE_PDB:
		return !strcmp(d->name, "msquare") ? NULL : "serves Magic Squares only";
	case PB_HEUR_GAP:
		return pb_gap_supports(info, d, why, whylen);
	case PB_HEUR_CUBE_PDB:
		return d->kernel == PB_KERNEL_CORNERS ? NULL : "serves the 2x2x2 cube only";
	}
	return "unknown kind of heuristic";
}
