/* Additive pattern databases for the sliding-tile puzzle (Korf & Felner,
 * "Disjoint pattern database heuristics", Artificial Intelligence 134, 2002;
 * Felner, Korf & Hanan, "Additive pattern database heuristics", JAIR 22,
 * 2004), on any board of up to PB_PDB_MAX_CELLS cells.
 *
 * A pattern is a set of tiles, named by their goal cells. Its abstract
 * space forgets the other tiles but keeps the blank: a state is where the
 * pattern tiles stand plus where the blank is, and only a move of a pattern
 * tile costs 1 (the blank crossing the other tiles is free). The database
 * holds, for each placement of the pattern tiles, the fewest pattern moves
 * that bring them home, minimised over the blank's position. The sum over
 * disjoint patterns never overestimates, since each move moves one tile.
 *
 * Building: a breadth-first search backwards from the goal over (placement,
 * blank region) pairs: the free cells that the blank reaches without moving
 * a pattern tile form one state, named by the rank of its lowest cell among
 * the free cells (its slot). A pair costs one bit (seen) while the search
 * runs, and a placement two more (it has pairs in the layer to expand, in
 * its slot 0 or in others): a pair's depth has the parity of its
 * placement's Manhattan distance (each pattern move changes both by one),
 * so the placements of one layer and of the next are told apart by that
 * parity and one pair of bits serves both. The layers are expanded in
 * placement order, so that most successors (the moves of the later tiles,
 * whose digits weigh little) land near the placement expanded, and each
 * placement's entry is written when it is first expanded. A bit a
 * placement more holds its parity, so that a layer's scan passes over the
 * next layer's placements without unranking them. The 8 tiles of 7-8 on
 * the 4x4 board cost 8 + 2 + 1 + 4 bits a placement: 973 MB.
 *
 * Storing: a placement's distance d is at least the Manhattan distance m of
 * the pattern tiles, and d - m is even, so an entry keeps (d - m) / 2 in
 * four bits. Placements are indexed by the ordered cells of the pattern
 * tiles, n!/(n-k)! of them. */
#ifndef PB_PDB_H
#define PB_PDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/meter.h"
#include "../core/workers.h"
#include "../solvers/solver.h"

/* The largest board (5x5) and the most tiles in one pattern (the 8 of the
 * 7-8 partition of the 4x4 board). */
#define PB_PDB_MAX_CELLS 25
#define PB_PDB_MAX_TILES 8
/* The most threads a build runs (one a processor it may run on). */
#define PB_PDB_MAX_THREADS PB_WORKERS_MAX
/* Bits an entry costs, and the largest excess an entry can hold; the value
 * above it marks an entry not reached yet during the build, and after it
 * the placements never reached (a pattern of all the tiles but one, or of
 * all: half the placements have the wrong parity). */
#define PB_PDB_ENTRY_BITS 4
#define PB_PDB_UNSET ((1u << PB_PDB_ENTRY_BITS) - 1)
#define PB_PDB_MAX_EXCESS (PB_PDB_UNSET - 1)

typedef struct pb_pdb {
	int width, height, cells; /* of the board */
	int goal_blank;
	uint32_t goal_cells; /* the pattern: the goal cells of its tiles */
	int ntiles;
	uint8_t tiles[PB_PDB_MAX_TILES];     /* lookup labels, in index order */
	uint8_t goal_cell[PB_PDB_MAX_TILES]; /* of tiles[i] */
	uint64_t weight[PB_PDB_MAX_TILES];   /* of digit i of a placement's rank */
	uint64_t entries;                    /* placements: n!/(n-k)! */
	int max_excess;                      /* largest entry stored */
	uint8_t *excess; /* entry r in the low (r even) or high nibble of byte r/2 */
} pb_pdb;

/* Describe the pattern of the tiles whose goal cells are in GOAL_CELLS (the
 * goal blank's cell is left out) on the WIDTH x HEIGHT board whose goal has
 * the blank at GOAL_BLANK, with no table yet. LABELS[c] is the label that
 * lookups know the tile of goal cell c by (the index into their WHERE
 * arrays: see pb_pdb_rank); NULL: the goal cell itself. Returns 0, or -1
 * when the board is not one of 2..PB_PDB_MAX_CELLS cells, W, H >= 2, or
 * the pattern is empty or has more than PB_PDB_MAX_TILES tiles. */
int pb_pdb_init(pb_pdb *p, int width, int height, int goal_blank, uint32_t goal_cells,
		const uint8_t *labels);

/* Build P's table by breadth-first search, one thread a processor (up to
 * PB_PDB_MAX_THREADS), allocating through S's meter and polling S's limits
 * once per abstract state expanded (each thread polls a copy, so a stop is
 * seen within PB_POLL_INTERVAL states of each thread); S's expanded and
 * generated count the abstract states. Returns PB_SOLVED, PB_MEMOUT,
 * PB_TIMEOUT, PB_STOPPED, or PB_FAILED (message in S) when an entry does
 * not fit. On failure P holds no table. */
pb_status pb_pdb_build(pb_pdb *p, pb_search *s);

/* The cache file of P under DIR, as DIR/tiles4x4-b0-fe00.pdb (board, goal
 * blank, pattern cells in hex, at least four digits), into BUF. Returns 0,
 * or -1 when it does not fit in LEN. */
int pb_pdb_file_name(const pb_pdb *p, const char *dir, char *buf, size_t len);

typedef enum pb_pdb_load_result {
	PB_PDB_LOADED,  /* the table is in P */
	PB_PDB_MISSING, /* no such file */
	PB_PDB_STALE,   /* a file, but not this table (or damaged) */
	PB_PDB_NOMEM    /* the meter refused the table */
} pb_pdb_load_result;

/* Read P's table from PATH, allocating it through M, and check it: magic,
 * format version, board, goal, pattern, size and checksum must all match. */
pb_pdb_load_result pb_pdb_load(pb_pdb *p, const char *path, pb_meter *m);

/* Write P's table to PATH by way of a temporary file in the same directory
 * renamed into place, creating the directories on the way. Returns 0, or -1
 * with errno set. */
int pb_pdb_save(const pb_pdb *p, const char *path);

/* The cache directory: DIR when not NULL, else $PUZZLEBENCH_CACHE when set
 * and not empty, else "cache/pdb" (relative to the current directory). */
const char *pb_pdb_cache_dir(const char *dir);

/* Load P's table from the cache under DIR (see pb_pdb_cache_dir), or build
 * it when the file is missing or stale and then save it (a failure to save
 * is noted in S->message, not returned). Returns as pb_pdb_build; *BUILT
 * says whether it was built. */
pb_status pb_pdb_open(pb_pdb *p, const char *dir, pb_search *s, bool *built);

/* Free P's table. */
void pb_pdb_release(pb_pdb *p);

/* Fill WEIGHT[0..k) for placements of K items on N cells (see
 * pb_placement_rank) and return how many placements there are, n!/(n-k)!. */
uint64_t pb_placement_weights(int n, int k, uint64_t *weight);

/* The cells POS[0..k) of placement R of K items on N cells. */
void pb_placement_unrank(int n, int k, const uint64_t *weight, uint64_t r, uint8_t *pos);

/* Rank of an ordered placement of K items on distinct cells: item i stands
 * on cell CELL_MAP[WHERE[ITEMS[i]]]; its digit counts the cells below it
 * that no earlier item holds, and WEIGHT[i] is the product of the radices
 * of the digits after it. */
static inline uint64_t pb_placement_rank(int k, const uint64_t *weight, const uint8_t *where,
					 const uint8_t *items, const uint8_t *cell_map)
{
	uint32_t used = 0;
	uint64_t r = 0;

	for (int i = 0; i < k; i++) {
		unsigned c = cell_map[where[items[i]]];

		r += (c - (unsigned)__builtin_popcount(used & ((1u << c) - 1))) * weight[i];
		used |= 1u << c;
	}
	return r;
}

/* Rank of the placement of P's pattern with tile TILES[i] on cell
 * CELL_MAP[WHERE[TILES[i]]]. */
static inline uint64_t pb_pdb_rank(const pb_pdb *p, const uint8_t *where,
				   const uint8_t *tiles, const uint8_t *cell_map)
{
	return pb_placement_rank(p->ntiles, p->weight, where, tiles, cell_map);
}

/* The excess stored for placement R: (distance - Manhattan distance) / 2. */
static inline unsigned pb_pdb_excess(const pb_pdb *p, uint64_t r)
{
	return (p->excess[r >> 1] >> ((r & 1) * PB_PDB_ENTRY_BITS)) & PB_PDB_UNSET;
}

#endif
