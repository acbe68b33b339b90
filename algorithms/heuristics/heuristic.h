/* Heuristics for the informed solvers (astar, idastar): named, listed, and
 * built for a domain and goal.
 *
 * Every heuristic here is admissible (never above the true distance), so
 * IDA* and A* return optimal paths. All but the tiles pattern databases are
 * also consistent (a move lowers them by one at most): a database keeps
 * the least distance over the blank's places, which one move can lower by
 * more; A* reopens a state it meets again by a shorter path.
 * - zero: h = 0 (breadth-first order; every domain).
 * - manhattan: the sum of the tiles' distances from their goal cells.
 * - linear-conflict: Manhattan plus two moves for each tile that must leave
 *   its goal row or column to let another pass (Hansson, Mayer & Yung,
 *   Information Sciences 63, 1992):
 *   per line, the tiles in their goal line less the longest run of them
 *   already in goal order.
 * - pdb555, pdb663, pdb78: the sum of disjoint pattern databases (pdb.h) on
 *   the 4x4 board, looked up as is and, when the goal is symmetric about the
 *   main diagonal, also reflected about it, taking the larger sum (Felner,
 *   Korf & Hanan 2004); pdb6666 the same on the 5x5 board, and pdb:... on
 *   any board, the patterns given (partition.h).
 * - msquare-pdb: Magic Squares: the larger of two pattern databases that
 *   each track where six of the eight values are (the other two
 *   unlabelled), built by a breadth-first search backwards from the goal
 *   in memory (20,160 bytes each, in milliseconds). */
#ifndef PB_HEURISTIC_H
#define PB_HEURISTIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../puzzles/domain.h"
#include "../solvers/solver.h"
#include "partition.h"
#include "pdb.h"

typedef enum pb_heuristic_kind {
	PB_HEUR_ZERO,
	PB_HEUR_MANHATTAN,
	PB_HEUR_LINEAR_CONFLICT,
	PB_HEUR_TILES_PDB,
	PB_HEUR_MSQUARE_PDB,
} pb_heuristic_kind;

#define PB_MAX_PATTERNS PB_PARTITION_MAX_PATTERNS

typedef struct pb_heuristic_info {
	const char *name;    /* as given to --heuristic */
	const char *summary; /* one line for 'bench list' */
	pb_heuristic_kind kind;
	/* Pattern databases: the board (tiles; 0 for Magic Squares) and the
	 * groups, as cell masks (tiles: for a goal blank in the board's first
	 * half; a goal blank in the second half takes the groups turned half a
	 * turn) or value masks (Magic Squares). Unused groups are 0. The
	 * partitions' entry ("pdb:PATTERNS") has none: the name gives them. */
	int width, height;
	uint32_t groups[PB_MAX_PATTERNS];
} pb_heuristic_info;

/* Every heuristic, the default for tiles first. */
extern const pb_heuristic_info pb_heuristics[];
extern const size_t pb_heuristic_count;

/* The heuristic called NAME (for a name "pdb:...", the partitions' entry,
 * whatever follows), or NULL. */
const pb_heuristic_info *pb_heuristic_find(const char *name);

/* NULL when NAME names a heuristic (the table's, or "pdb:" and a partition
 * well written), else what is wrong, written into WHY. */
const char *pb_heuristic_check(const char *name, char *why, size_t whylen);

/* The patterns of tiles pattern database heuristic INFO on tiles board D
 * (NAME: the name given, for the partitions' entry) as goal cell masks
 * into CELLS[PB_MAX_PATTERNS]. Returns how many, or -1 with why in WHY. */
int pb_heuristic_patterns(const pb_heuristic_info *info, const char *name, const pb_domain *d,
			  uint32_t *cells, char *why, size_t whylen);

/* The heuristic used on D when none is named: manhattan for tiles,
 * msquare-pdb for Magic Squares. */
const pb_heuristic_info *pb_heuristic_default(const pb_domain *d);

/* NULL when INFO serves D, else the reason (a constant or written into
 * WHY). */
const char *pb_heuristic_supports(const pb_heuristic_info *info, const pb_domain *d,
				  char *why, size_t whylen);

/* The heuristic CFG names, or D's default when it names none; NULL when
 * the name is unknown. */
const pb_heuristic_info *pb_heuristic_chosen(const pb_domain *d, const pb_config *cfg);

/* For the informed solvers' supports(): NULL when the heuristic CFG
 * chooses serves D, else a reason (written into WHY). */
const char *pb_heuristic_supports_config(const pb_domain *d, const pb_config *cfg,
					 char *why, size_t whylen);

/* Magic Squares: a pattern database over where some values stand, one byte
 * a placement (the exact distance in the abstract space). */
typedef struct pb_value_pdb {
	int nvalues;
	uint8_t values[PB_MAX_CELLS];
	uint64_t weight[PB_MAX_CELLS];
	uint64_t entries;
	uint8_t *dist;
} pb_value_pdb;

/* A heuristic built for one domain and goal (tables in memory). */
typedef struct pb_heur {
	const pb_heuristic_info *info;
	const pb_domain *d;
	/* tiles: Manhattan distance of tile t (internal label) from cell c */
	uint8_t md[PB_MAX_CELLS][PB_MAX_CELLS];
	/* linear conflict: lines 0..H-1 are the rows, H..H+W-1 the columns */
	int nlines;
	uint8_t line_of[PB_MAX_CELLS][2]; /* cell -> its row line, its column line */
	uint64_t line_mask[2 * PB_MAX_CELLS]; /* the nibbles of the line's cells */
	uint8_t line_len[2 * PB_MAX_CELLS];
	uint8_t goal_line[PB_MAX_CELLS][2];  /* tile -> line of its goal row, column */
	uint8_t goal_place[PB_MAX_CELLS][2]; /* tile -> its goal's place along them */
	uint8_t *conflicts[2 * PB_MAX_CELLS]; /* per line, by its packed tiles; or
					       * NULL: counted each time */
	/* pattern databases */
	int npatterns;
	pb_pdb pdb[PB_MAX_PATTERNS];
	uint8_t pattern_of[PB_MAX_CELLS]; /* tile -> its pattern */
	uint8_t identity[PB_MAX_CELLS];   /* cell -> cell */
	bool mirror;                      /* also look up the reflected state */
	uint8_t mirror_cell[PB_MAX_CELLS];
	/* the tiles whose cells, reflected, are pattern q's in the mirror */
	uint8_t mirror_tiles[PB_MAX_PATTERNS][PB_PDB_MAX_TILES];
	uint8_t mirror_pattern_of[PB_MAX_CELLS]; /* tile -> pattern it moves in the mirror */
	/* Magic Squares */
	int nvalue_pdbs;
	pb_value_pdb value_pdb[PB_MAX_PATTERNS];
	int built; /* pattern databases built by init (not loaded) */
} pb_heur;

/* Build INFO for D into H (which keeps pointers to INFO and D: both must
 * outlive it), allocating through S's meter and polling S. Tiles pattern
 * databases are loaded from the cache directory (pdb.h's
 * pb_pdb_cache_dir(CFG->cache_dir)) or built and saved there; S->message
 * then says what happened. Returns PB_SOLVED, PB_UNSUPPORTED (reason in
 * S->message), PB_MEMOUT, PB_TIMEOUT, PB_STOPPED or PB_FAILED. On failure H
 * holds nothing. */
pb_status pb_heur_init(pb_heur *h, const pb_heuristic_info *info, const pb_domain *d,
		       const pb_config *cfg, pb_search *s);

/* Free what pb_heur_init allocated. */
void pb_heur_release(pb_heur *h);

/* The heuristic's value of S, computed from scratch. */
unsigned pb_heur_value(const pb_heur *h, const pb_state *s);

/* Tiles: the Manhattan distance of packed CELLS. */
static inline unsigned pb_heur_manhattan(const pb_heur *h, uint64_t cells)
{
	unsigned sum = 0;

	for (int c = 0; c < h->d->cells; c++)
		sum += h->md[pb_nibble(cells, c)][c];
	return sum;
}

/* The tiles of line L of packed CELLS, in order along it, 4 bits each. */
static inline uint32_t pb_heur_line_key(const pb_heur *h, int l, uint64_t cells)
{
#ifdef __BMI2__
	return (uint32_t)__builtin_ia32_pext_di(cells, h->line_mask[l]);
#else
	uint64_t mask = h->line_mask[l];
	uint32_t key = 0;

	for (int shift = 0; mask; shift += 4) {
		int bit = __builtin_ctzll(mask);

		key |= (uint32_t)((cells >> bit) & 15u) << shift;
		mask &= ~(15ULL << bit);
	}
	return key;
#endif
}

/* The conflicts of line L counted from its tiles (for lines too long for a
 * table). */
unsigned pb_heur_count_conflicts(const pb_heur *h, int l, uint32_t key);

/* Tiles that must leave line L of packed CELLS so that the rest can pass. */
static inline unsigned pb_heur_line_conflicts(const pb_heur *h, int l, uint64_t cells)
{
	uint32_t key = pb_heur_line_key(h, l, cells);

	return h->conflicts[l] ? h->conflicts[l][key] : pb_heur_count_conflicts(h, l, key);
}

/* The linear conflicts (tiles to move aside) of packed CELLS, all lines. */
static inline unsigned pb_heur_all_conflicts(const pb_heur *h, uint64_t cells)
{
	unsigned sum = 0;

	for (int l = 0; l < h->nlines; l++)
		sum += pb_heur_line_conflicts(h, l, cells);
	return sum;
}

/* Tiles pattern databases: the excess over Manhattan distance that
 * pattern Q's database holds for the tiles at cells WHERE[t], as is and in
 * the state reflected about the diagonal. */
static inline unsigned pb_heur_pattern_excess(const pb_heur *h, int q, const uint8_t *where)
{
	const pb_pdb *p = &h->pdb[q];

	return pb_pdb_excess(p, pb_pdb_rank(p, where, p->tiles, h->identity));
}

static inline unsigned pb_heur_mirror_excess(const pb_heur *h, int q, const uint8_t *where)
{
	const pb_pdb *p = &h->pdb[q];

	return pb_pdb_excess(p, pb_pdb_rank(p, where, h->mirror_tiles[q], h->mirror_cell));
}

/* The parts of a tiles heuristic that one move updates, so that a search
 * pays for the moved tile only: Manhattan distance, linear conflicts, each
 * pattern's excess as is and reflected, and where each tile is. */
typedef struct pb_heur_parts {
	unsigned md, lc;
	unsigned plain_sum, mirrored_sum;
	uint8_t plain[PB_MAX_PATTERNS], mirrored[PB_MAX_PATTERNS];
	uint8_t where[PB_MAX_CELLS];
} pb_heur_parts;

/* Fill P for the tiles state CELLS. */
void pb_heur_parts_init(const pb_heur *h, uint64_t cells, pb_heur_parts *p);

/* The heuristic's value from its parts. */
static inline unsigned pb_heur_parts_value(const pb_heur *h, const pb_heur_parts *p)
{
	switch (h->info->kind) {
	case PB_HEUR_MANHATTAN:
		return p->md;
	case PB_HEUR_LINEAR_CONFLICT:
		return p->md + 2 * p->lc;
	case PB_HEUR_TILES_PDB:
		return p->md + 2 * (p->plain_sum > p->mirrored_sum ? p->plain_sum : p->mirrored_sum);
	default:
		return 0;
	}
}

/* Update P, the parts of packed tiles CELLS, for the move of TILE from
 * cell FROM to the blank's cell TO, which gives CHILD. */
static inline void pb_heur_parts_move(const pb_heur *h, pb_heur_parts *p, uint64_t cells,
				      uint64_t child, unsigned tile, int from, int to)
{
	p->md = p->md + h->md[tile][to] - h->md[tile][from];
	if (h->info->kind == PB_HEUR_LINEAR_CONFLICT) {
		int dir = from / h->d->width == to / h->d->width; /* sideways: columns */
		int a = h->line_of[from][dir], b = h->line_of[to][dir];

		p->lc = p->lc - pb_heur_line_conflicts(h, a, cells) - pb_heur_line_conflicts(h, b, cells) +
			pb_heur_line_conflicts(h, a, child) + pb_heur_line_conflicts(h, b, child);
	} else if (h->info->kind == PB_HEUR_TILES_PDB) {
		unsigned q = h->pattern_of[tile], e;

		p->where[tile] = (uint8_t)to;
		e = pb_heur_pattern_excess(h, (int)q, p->where);
		p->plain_sum = p->plain_sum - p->plain[q] + e;
		p->plain[q] = (uint8_t)e;
		if (h->mirror) {
			q = h->mirror_pattern_of[tile];
			e = pb_heur_mirror_excess(h, (int)q, p->where);
			p->mirrored_sum = p->mirrored_sum - p->mirrored[q] + e;
			p->mirrored[q] = (uint8_t)e;
		}
	}
}

#endif
