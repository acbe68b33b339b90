/* Heuristics for the informed solvers (astar, idastar): named, listed, and
 * built for a domain and goal.
 *
 * Every heuristic here is admissible (never above the true distance), so
 * IDA* and A* return optimal paths. All but the tiles pattern databases are
 * also consistent (a move lowers them by one at most): a database keeps
 * the least distance over the blank's places, which one move can lower by
 * more; A* reopens a state it meets again by a shorter path.
 * - zero: h = 0 (breadth-first order; every domain).
 * - manhattan: the sum of the tiles' distances from their goal cells (any
 *   board).
 * - linear-conflict: Manhattan plus two moves for each tile that must leave
 *   its goal row or column to let another pass (Hansson, Mayer & Yung,
 *   Information Sciences 63, 1992):
 *   per line, the tiles in their goal line less the longest run of them
 *   already in goal order (any board).
 * - pdb555, pdb663, pdb78: the sum of disjoint pattern databases (pdb.h) on
 *   the 4x4 board, looked up as is and, when the goal is symmetric about the
 *   main diagonal, also reflected about it, taking the larger sum (Felner,
 *   Korf & Hanan 2004); pdb6666 the same on the 5x5 board, and pdb:... on
 *   any board, the patterns given (partition.h).
 * - msquare-pdb: Magic Squares: the larger of two pattern databases that
 *   each track where six of the eight values are (the other two
 *   unlabelled), built by a breadth-first search backwards from the goal
 *   in memory (20,160 bytes each, in milliseconds).
 * - gap, gap-k: pancakes: the gaps, neighbours (the plate below the stack
 *   included) whose sizes differ by more than one (M. Helmert, "Landmark
 *   heuristics for the pancake problem", SoCS 2010); gap-k counts no gap
 *   that involves one of the k smallest pancakes (the weaker heuristics
 *   of the bidirectional papers). Consistent: a flip changes one
 *   neighbourhood. See gap.c.
 * - cube-pdb: the 2x2x2 cube: the larger of two pattern databases, the
 *   corners' twists alone (729 entries) and their places alone (5,040),
 *   each the exact distance in its abstract space, built by breadth-first
 *   search at init (cube_pdb.c).
 * - a plugin's heuristics (PB_HEUR_PLUGIN): the functions its family lists
 *   under their names, on the domains of that family only, computed afresh
 *   for every state (pb_heuristic_add: the plugin loader adds them).
 *
 * The tiles heuristics are updated from the one tile a move slides: the
 * inline functions below take the domain's kernel as a constant (see
 * kernel.h), so a search instantiated for a kernel reads the cells the way
 * that kernel packs them, with nothing decided per node but the
 * heuristic's kind (itself a constant where the search instantiates for
 * it, as IDA* does). */
#ifndef PB_HEURISTIC_H
#define PB_HEURISTIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
	PB_HEUR_GAP,
	PB_HEUR_CUBE_PDB,
	PB_HEUR_PLUGIN,
} pb_heuristic_kind;

/* Every kind, for a search that instantiates its hot loop per kind:
 * X(..., kind), the arguments after X passed first. */
#define PB_HEURISTIC_KINDS(X, ...)                                                       \
	X(__VA_ARGS__, PB_HEUR_ZERO)                                                      \
	X(__VA_ARGS__, PB_HEUR_MANHATTAN)                                                 \
	X(__VA_ARGS__, PB_HEUR_LINEAR_CONFLICT)                                           \
	X(__VA_ARGS__, PB_HEUR_TILES_PDB)                                                 \
	X(__VA_ARGS__, PB_HEUR_MSQUARE_PDB)                                               \
	X(__VA_ARGS__, PB_HEUR_GAP)                                                       \
	X(__VA_ARGS__, PB_HEUR_CUBE_PDB)                                                  \
	X(__VA_ARGS__, PB_HEUR_PLUGIN)

/* The most disjoint patterns a tiles heuristic sums. */
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
	/* A plugin's (PB_HEUR_PLUGIN): the family it serves and its function,
	 * given the space's data and the cells */
	const pb_family *family;
	unsigned (*value)(const void *data, const unsigned char *cells);
} pb_heuristic_info;

/* Every heuristic, the default for tiles first. */
extern const pb_heuristic_info pb_heuristics[];
extern const size_t pb_heuristic_count;

/* The heuristic called NAME (for a name "pdb:...", the partitions' entry,
 * whatever follows), or NULL. */
const pb_heuristic_info *pb_heuristic_find(const char *name);

/* The heuristic called NAME that serves D where there is one (a plugin's
 * family may call its own by a name a built-in one has), else as
 * pb_heuristic_find. */
const pb_heuristic_info *pb_heuristic_find_for(const char *name, const pb_domain *d);

/* Add INFO (a plugin's heuristic, which must outlive every use) to those
 * pb_heuristic_find finds. Returns 0, or -1 with why in ERR (a name taken,
 * no room). */
int pb_heuristic_add(const pb_heuristic_info *info, char *err, size_t errlen);

/* Forget the heuristics added. */
void pb_heuristic_clear(void);

/* The heuristics added, and the I-th. */
size_t pb_heuristic_added_count(void);
const pb_heuristic_info *pb_heuristic_added(size_t i);

/* The most heuristics a process can add. */
#define PB_HEURISTIC_ADDED_MAX 64

/* NULL when NAME names a heuristic (the table's, or "pdb:" and a partition
 * well written), else what is wrong, written into WHY. */
const char *pb_heuristic_check(const char *name, char *why, size_t whylen);

/* The patterns of tiles pattern database heuristic INFO on tiles board D
 * (NAME: the name given, for the partitions' entry) as goal cell masks
 * into CELLS[PB_MAX_PATTERNS]. Returns how many, or -1 with why in WHY. */
int pb_heuristic_patterns(const pb_heuristic_info *info, const char *name, const pb_domain *d,
			  uint32_t *cells, char *why, size_t whylen);

/* The pancakes whose gaps gap counts (groups[0]): all; gap-k's are
 * PB_GAP_ALL << k. */
#define PB_GAP_ALL (~0u)

/* gap.c: "gap-K" for K = 1 .. PB_MAX_CELLS - 1 (the family is not in
 * pb_heuristics, whose "gap" stands for it in 'bench list'), or NULL. */
const pb_heuristic_info *pb_gap_find(const char *name);

/* gap.c: NULL when the gap heuristic INFO serves D (pancakes, and fewer
 * ignored than there are), else the reason (written into WHY where
 * given). */
const char *pb_gap_supports(const pb_heuristic_info *info, const pb_domain *d, char *why,
			    size_t whylen);

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

/* The lines of a board for linear conflicts: rows 0..H-1, then columns
 * H..H+W-1. */
#define PB_MAX_LINES (2 * PB_MAX_CELLS)

/* A heuristic built for one domain and goal (tables in memory). */
typedef struct pb_heur {
	const pb_heuristic_info *info;
	const pb_domain *d;
	/* tiles: Manhattan distance of tile t (internal label) from cell c */
	uint8_t md[PB_MAX_CELLS][PB_MAX_CELLS];
	/* the change of Manhattan distance when the blank at cell c moves by m
	 * and the tile t there comes to c, at pb_heur_delta_at */
	int8_t md_delta[PB_MAX_CELLS * PB_MAX_CELLS * PB_SLIDE_MOVES];
	/* linear conflict: lines 0..H-1 are the rows, H..H+W-1 the columns */
	int nlines;
	uint8_t line_of[PB_MAX_CELLS][2];   /* cell -> its row line, its column line */
	pb_cells line_mask[PB_MAX_LINES];   /* the fields of the line's cells */
	uint8_t line_len[PB_MAX_LINES];
	uint8_t goal_line[PB_MAX_CELLS][2];  /* tile -> line of its goal row, column */
	uint8_t goal_place[PB_MAX_CELLS][2]; /* tile -> its goal's place along them */
	uint8_t *conflicts[PB_MAX_LINES]; /* per line, by its packed tiles; or
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
	/* pancakes: 1 where neighbours A and B (internal labels, the plate N)
	 * make a gap that counts */
	uint8_t gap[PB_MAX_CELLS + 1][PB_MAX_CELLS + 1];
	/* Magic Squares */
	int nvalue_pdbs;
	pb_value_pdb value_pdb[PB_MAX_PATTERNS];
	int built; /* pattern databases built by init (not loaded) */
} pb_heur;

/* Where the Manhattan delta of tile T, blank cell C and move M lies in
 * md_delta: rows of 16 cells on the one-word kernels (a shift), of 25 on
 * the others. */
PB_INLINE size_t pb_heur_delta_at(const pb_kernel k, unsigned t, int c, int m)
{
	const size_t row = pb_kernel_words(k) == 1 ? PB_RANK_MAX : PB_MAX_CELLS;

	return ((size_t)t * row + (size_t)c) * PB_SLIDE_MOVES + (size_t)m;
}

/* Bytes of md_delta a board of N cells uses (a search may copy them next
 * to its other tables). */
PB_INLINE size_t pb_heur_delta_bytes(const pb_kernel k, int n)
{
	return pb_heur_delta_at(k, (unsigned)n, 0, 0);
}

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

/* Tiles: the Manhattan distance of packed CELLS (kernel K). */
PB_INLINE unsigned pb_heur_manhattan(const pb_heur *h, const pb_kernel k, pb_cells cells)
{
	unsigned sum = 0;

	for (int c = 0; c < h->d->cells; c++)
		sum += h->md[pb_cell(k, cells, c)][c];
	return sum;
}

/* The bits of the fields of MASK in X, gathered low to high. */
PB_INLINE uint64_t pb_heur_gather(uint64_t x, uint64_t mask)
{
#ifdef __BMI2__
	return _pext_u64(x, mask);
#else
	uint64_t key = 0;

	for (int shift = 0; mask; mask &= mask - 1, shift++)
		key |= ((x >> __builtin_ctzll(mask)) & 1u) << shift;
	return key;
#endif
}

/* The tiles of line L of packed CELLS, in order along it, one field of the
 * kernel's bits each. Both halves of a wide state are gathered, the low
 * first: a cell split between them comes out whole. */
PB_INLINE uint64_t pb_heur_line_key(const pb_heur *h, const pb_kernel k, int l, pb_cells cells)
{
	pb_cells mask = h->line_mask[l];
	uint64_t low = pb_heur_gather((uint64_t)cells, (uint64_t)mask);

	if (pb_kernel_words(k) == 1)
		return low;
	return low | pb_heur_gather((uint64_t)(cells >> 64), (uint64_t)(mask >> 64))
			     << __builtin_popcountll((uint64_t)mask);
}

/* The conflicts of line L counted from its tiles KEY (BITS a tile), for
 * lines too long for a table. */
unsigned pb_heur_count_conflicts(const pb_heur *h, int l, uint64_t key, int bits);

/* Tiles that must leave line L of packed CELLS so that the rest can pass. */
PB_INLINE unsigned pb_heur_line_conflicts(const pb_heur *h, const pb_kernel k, int l,
					  pb_cells cells)
{
	uint64_t key = pb_heur_line_key(h, k, l, cells);

	return h->conflicts[l] ? h->conflicts[l][key]
			       : pb_heur_count_conflicts(h, l, key, pb_kernel_bits(k));
}

/* The linear conflicts (tiles to move aside) of packed CELLS, all lines. */
PB_INLINE unsigned pb_heur_all_conflicts(const pb_heur *h, const pb_kernel k, pb_cells cells)
{
	unsigned sum = 0;

	for (int l = 0; l < h->nlines; l++)
		sum += pb_heur_line_conflicts(h, k, l, cells);
	return sum;
}

/* Tiles pattern databases: the excess over Manhattan distance that
 * pattern Q's database holds for the tiles at cells WHERE[t], as is and in
 * the state reflected about the diagonal. */
PB_INLINE unsigned pb_heur_pattern_excess(const pb_heur *h, int q, const uint8_t *where)
{
	const pb_pdb *p = &h->pdb[q];

	return pb_pdb_excess(p, pb_pdb_rank(p, where, p->tiles, h->identity));
}

PB_INLINE unsigned pb_heur_mirror_excess(const pb_heur *h, int q, const uint8_t *where)
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

/* Fill P for the tiles state CELLS (kernel K). */
PB_INLINE void pb_heur_parts_fill(const pb_heur *h, const pb_kernel k, pb_cells cells,
				  pb_heur_parts *p)
{
	memset(p, 0, sizeof(*p));
	p->md = pb_heur_manhattan(h, k, cells);
	if (h->info->kind == PB_HEUR_LINEAR_CONFLICT)
		p->lc = pb_heur_all_conflicts(h, k, cells);
	if (h->info->kind != PB_HEUR_TILES_PDB)
		return;
	for (int c = 0; c < h->d->cells; c++)
		p->where[pb_cell(k, cells, c)] = (uint8_t)c;
	for (int q = 0; q < h->npatterns; q++) {
		p->plain[q] = (uint8_t)pb_heur_pattern_excess(h, q, p->where);
		p->plain_sum += p->plain[q];
		if (h->mirror) {
			p->mirrored[q] = (uint8_t)pb_heur_mirror_excess(h, q, p->where);
			p->mirrored_sum += p->mirrored[q];
		}
	}
}

/* As pb_heur_parts_fill, choosing the kernel at run time. */
void pb_heur_parts_init(const pb_heur *h, pb_cells cells, pb_heur_parts *p);

/* The value of a tiles heuristic of kind KIND from its sums: Manhattan
 * distance MD, the conflicts LC, the patterns' excesses PLAIN and MIRRORED
 * (the larger counts). */
PB_INLINE unsigned pb_heur_sums_value(const pb_heuristic_kind kind, unsigned md, unsigned lc,
				      unsigned plain, unsigned mirrored)
{
	switch (kind) {
	case PB_HEUR_MANHATTAN:
		return md;
	case PB_HEUR_LINEAR_CONFLICT:
		return md + 2 * lc;
	case PB_HEUR_TILES_PDB:
		return md + 2 * (plain > mirrored ? plain : mirrored);
	default:
		return 0;
	}
}

/* The heuristic's value from its parts (KIND the heuristic's kind). */
PB_INLINE unsigned pb_heur_parts_value(const pb_heur_parts *p, const pb_heuristic_kind kind)
{
	return pb_heur_sums_value(kind, p->md, p->lc, p->plain_sum, p->mirrored_sum);
}

/* What one move changes in the parts: the new sums, and the pattern
 * whose excess changes as is (Q, to E) and reflected (MQ, to ME). */
typedef struct pb_heur_change {
	unsigned md, lc, plain_sum, mirrored_sum;
	uint8_t q, e, mq, me;
} pb_heur_change;

/* The change to P, the parts of packed tiles CELLS, that the move of TILE
 * from cell FROM to the blank's cell TO makes, giving CHILD. P's where[]
 * is borrowed (TILE put at TO while the patterns are ranked) and given
 * back as it was. */
PB_INLINE void pb_heur_change_of(const pb_heur *h, const pb_kernel k,
				 const pb_heuristic_kind kind, pb_heur_parts *p, pb_cells cells,
				 pb_cells child, unsigned tile, int from, int to, pb_heur_change *c)
{
	c->md = p->md + h->md[tile][to] - h->md[tile][from];
	if (kind == PB_HEUR_LINEAR_CONFLICT) {
		int dir = from / h->d->width == to / h->d->width; /* sideways: columns */
		int a = h->line_of[from][dir], b = h->line_of[to][dir];

		c->lc = p->lc - pb_heur_line_conflicts(h, k, a, cells) -
			pb_heur_line_conflicts(h, k, b, cells) + pb_heur_line_conflicts(h, k, a, child) +
			pb_heur_line_conflicts(h, k, b, child);
	} else if (kind == PB_HEUR_TILES_PDB) {
		uint8_t was = p->where[tile];

		p->where[tile] = (uint8_t)to;
		c->q = h->pattern_of[tile];
		c->e = (uint8_t)pb_heur_pattern_excess(h, c->q, p->where);
		c->plain_sum = p->plain_sum - p->plain[c->q] + c->e;
		c->mirrored_sum = p->mirrored_sum;
		if (h->mirror) {
			c->mq = h->mirror_pattern_of[tile];
			c->me = (uint8_t)pb_heur_mirror_excess(h, c->mq, p->where);
			c->mirrored_sum = p->mirrored_sum - p->mirrored[c->mq] + c->me;
		}
		p->where[tile] = was;
	}
}

/* The heuristic's value after the change C. */
PB_INLINE unsigned pb_heur_change_value(const pb_heur_change *c, const pb_heuristic_kind kind)
{
	return pb_heur_sums_value(kind, c->md, c->lc, c->plain_sum, c->mirrored_sum);
}

/* Make P the parts after the change C, TILE now at cell TO. */
PB_INLINE void pb_heur_change_apply(const pb_heur *h, const pb_heuristic_kind kind,
				    pb_heur_parts *p, const pb_heur_change *c, unsigned tile, int to)
{
	p->md = c->md;
	if (kind == PB_HEUR_LINEAR_CONFLICT) {
		p->lc = c->lc;
	} else if (kind == PB_HEUR_TILES_PDB) {
		p->where[tile] = (uint8_t)to;
		p->plain_sum = c->plain_sum;
		p->plain[c->q] = c->e;
		if (h->mirror) {
			p->mirrored_sum = c->mirrored_sum;
			p->mirrored[c->mq] = c->me;
		}
	}
}

/* gap.c: fill H's gap table for D. */
void pb_heur_gap_init(pb_heur *h, const pb_domain *d);

/* Pancakes: the gaps of packed CELLS (kernel K), from scratch. */
PB_INLINE unsigned pb_heur_gaps(const pb_heur *h, const pb_kernel k, pb_cells cells)
{
	const int n = h->d->cells;
	unsigned sum = 0, a = pb_cell(k, cells, 0);

	for (int c = 1; c < n; c++) {
		unsigned b = pb_cell(k, cells, c);

		sum += h->gap[a][b];
		a = b;
	}
	return sum + h->gap[a][n];
}

/* Pancakes: the gaps after flip M of PARENT, which has PH: only the
 * neighbourhood below the flipped pancakes changes, the pancake under them
 * (or the plate) now below the old top one. */
PB_INLINE unsigned pb_heur_gap_step(const pb_heur *h, const pb_kernel k, pb_cells parent,
				    unsigned ph, int m)
{
	const int n = h->d->cells, f = pb_flip_size(m);
	unsigned below = f < n ? pb_cell(k, parent, f) : (unsigned)n;

	return ph - h->gap[pb_cell(k, parent, f - 1)][below] + h->gap[pb_cell(k, parent, 0)][below];
}

/* cube_pdb.c: build the two cube databases of H (in value_pdb[0], the
 * twists, and value_pdb[1], the places) for D. */
pb_status pb_heur_cube_init(pb_heur *h, const pb_domain *d, pb_search *s);

/* The cube: the larger of its twist and place databases for CELLS. */
PB_INLINE unsigned pb_heur_cube(const pb_heur *h, uint64_t cells)
{
	unsigned a = h->value_pdb[0].dist[pb_corners_twist(cells)];
	unsigned b = h->value_pdb[1].dist[pb_corners_perm(cells)];

	return a > b ? a : b;
}

/* Magic Squares: the larger of the value databases for packed CELLS. */
unsigned pb_heur_value_pdbs(const pb_heur *h, uint64_t cells);

/* A plugin's heuristic of packed CELLS (kernel K): its function on the
 * cells as bytes. */
PB_INLINE unsigned pb_heur_plugin(const pb_heur *h, const pb_kernel k, pb_cells cells)
{
	unsigned char v[PB_MAX_CELLS];

	pb_generic_unpack(k, h->d, cells, v);
	return h->info->value(h->d->space->data, v);
}

/* Whether the kind keeps parts that a move updates (the tiles
 * heuristics but Manhattan distance, which a single delta updates). */
PB_INLINE bool pb_heur_kind_has_parts(const pb_heuristic_kind kind)
{
	return kind == PB_HEUR_LINEAR_CONFLICT || kind == PB_HEUR_TILES_PDB;
}

/* The value of the child CHILD (class CCLS) reached by move M from PARENT
 * (class PCLS, value PH, parts *PP where the kind keeps them, see
 * pb_heur_kind_has_parts), with the kernel K and kind KIND constants: from
 * the one tile that moved where the kernel slides tiles, else afresh. *PP
 * is only borrowed; *C receives what the move changes in the parts, for
 * pb_heur_step_keep (a search that keeps parts per depth, as IDA* does,
 * makes the child's only for the children it goes down to). DELTA is
 * h->md_delta or a copy of it (pb_heur_delta_bytes of it) where the search
 * keeps one next to its other tables. */
PB_INLINE unsigned pb_heur_step_with(const pb_heur *h, const int8_t *delta, const pb_kernel k,
				     const pb_heuristic_kind kind, pb_cells parent, int pcls,
				     unsigned ph, pb_heur_parts *pp, pb_cells child, int ccls,
				     int m, pb_heur_change *c)
{
	unsigned tile = pb_cell(k, parent, ccls);

	switch (kind) {
	case PB_HEUR_ZERO:
		return 0;
	case PB_HEUR_MANHATTAN:
		return (unsigned)((int)ph + delta[pb_heur_delta_at(k, tile, pcls, m)]);
	case PB_HEUR_LINEAR_CONFLICT:
	case PB_HEUR_TILES_PDB:
		pb_heur_change_of(h, k, kind, pp, parent, child, tile, ccls, pcls, c);
		return pb_heur_change_value(c, kind);
	case PB_HEUR_MSQUARE_PDB:
		return pb_heur_value_pdbs(h, (uint64_t)child);
	case PB_HEUR_GAP:
		return pb_heur_gap_step(h, k, parent, ph, m);
	case PB_HEUR_CUBE_PDB:
		return pb_heur_cube(h, (uint64_t)child);
	case PB_HEUR_PLUGIN:
		return pb_kernel_generic(k) ? pb_heur_plugin(h, k, child) : 0;
	}
	return 0;
}

/* pb_heur_step_with the heuristic's own table. */
PB_INLINE unsigned pb_heur_step(const pb_heur *h, const pb_kernel k, const pb_heuristic_kind kind,
				pb_cells parent, int pcls, unsigned ph, pb_heur_parts *pp,
				pb_cells child, int ccls, int m, pb_heur_change *c)
{
	return pb_heur_step_with(h, h->md_delta, k, kind, parent, pcls, ph, pp, child, ccls, m, c);
}

/* The child's parts *CP from the parent's *PP (PARENT, blank at PCLS) and
 * the change C that pb_heur_step gave for the child of class CCLS; nothing
 * for the kinds that keep no parts. */
PB_INLINE void pb_heur_step_keep(const pb_heur *h, const pb_kernel k, const pb_heuristic_kind kind,
				 const pb_heur_parts *pp, pb_heur_parts *cp, const pb_heur_change *c,
				 pb_cells parent, int pcls, int ccls)
{
	if (!pb_heur_kind_has_parts(kind))
		return;
	*cp = *pp;
	pb_heur_change_apply(h, kind, cp, c, pb_cell(k, parent, ccls), pcls);
}

#endif
