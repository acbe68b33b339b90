/* Partitions of a board's tiles into patterns, as written on the command
 * line after "pdb:" (`--heuristic pdb:1,2,5,6,7,12/3,4,8,9,13,14/...`):
 *
 *   partition = pattern { "/" pattern }
 *   pattern   = item { "," item }
 *   item      = tile | tile "-" tile      (a range, both ends included)
 *   tile      = a decimal number, 1 up to the board's cells less one
 *
 * Tiles are named by their numbers, as the puzzle's goal writes them (in
 * Korf's goal "x 1 2 ... 15", tile t's goal cell is t; in the default goal
 * "1 2 ... 15 x", it is t - 1). A tile may be in one pattern at most; a
 * tile in none counts its Manhattan distance (a pattern of one tile). */
#ifndef PB_PARTITION_H
#define PB_PARTITION_H

#include <stddef.h>
#include <stdint.h>

#include "pdb.h"

/* What names a partition in a heuristic's name. */
#define PB_PARTITION_PREFIX "pdb:"
/* The most patterns in a partition. */
#define PB_PARTITION_MAX_PATTERNS 8
/* The largest tile number any board has. */
#define PB_PARTITION_MAX_TILE (PB_PDB_MAX_CELLS - 1)

typedef struct pb_partition {
	int count;
	uint32_t tiles[PB_PARTITION_MAX_PATTERNS]; /* bit t: tile t is in pattern i */
	int largest;                               /* the largest tile named */
} pb_partition;

/* Parse TEXT (what follows "pdb:") into OUT. Returns 0, or -1 with what is
 * wrong in ERR (for instance "tile 3 is in two patterns"). */
int pb_partition_parse(const char *text, pb_partition *out, char *err, size_t errlen);

#endif
