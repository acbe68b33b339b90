/* Heuristics for the informed solvers (astar, idastar, nbs): named,
 * listed, and built for a domain and goal.
 *
 * Every heuristic here is admissible (never above the true distance), so
 * IDA* and A* return optimal paths. All but the tiles pattern databases are
 * also consistent (a move lowers them by one at most): a database keeps
 * the least distance over the blank's places, which one move can lower by
 * more; A* reopens a state it meets again by a shorter path.
 *
 * What there is lies in one table (table.h): the kinds, the named
 * heuristics ('bench list' shows them in its order), and the pairs of a
 * domain's kernel and a kind that exist. Each kind's code lies in files
 * of its own, which say what it computes and where it comes from:
 * - zero (zero.h, zero.c): h = 0, every domain;
 * - manhattan, linear-conflict, and the tiles pattern databases pdb555,
 *   pdb663, pdb78, pdb6666 and pdb:PATTERNS (tiles.h, tiles.c,
 *   tiles_pdb.c, with pdb.h and partition.h);
 * - msquare-pdb (msquare_pdb.h, msquare_pdb.c);
 * - gap and gap-k, pancakes (gap.h, gap.c);
 * - cube-pdb, the 2x2x2 cube (cube_pdb.h, cube_pdb.c);
 * - a plugin's heuristics (plugin.h, plugin.c): the functions its family
 *   lists under their names, on the domains of that family only
 *   (pb_heuristic_add: the plugin loader adds them).
 *
 * A kind's code is a pb_heuristic_ops (below: what it asks of a domain,
 * its init, its value from scratch) and an inline update, the value of a
 * child from its parent's, that a search instantiates with the domain's
 * kernel and the kind as constants (pb_heur_step_with): the hot loop
 * reads the cells the way the kernel packs them and decides nothing per
 * node. */
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
#include "table.h"

#define PB_HEURISTIC_ENUM_ONE(KIND, name, parts) KIND,
typedef enum pb_heuristic_kind { PB_HEURISTIC_KIND_LIST(PB_HEURISTIC_ENUM_ONE) } pb_heuristic_kind;
#undef PB_HEURISTIC_ENUM_ONE

/* The most disjoint patterns a tiles heuristic sums. */
#define PB_MAX_PATTERNS PB_PARTITION_MAX_PATTERNS

typedef struct pb_heuristic_info {
	const char *name;    /* as given to --heuristic */
	const char *summary; /* one line for 'bench list' */
	pb_heuristic_kind kind;
	/* Pattern databases: the board (tiles; 0 x 0: any board, and for a
	 * tiles database with no groups, the patterns its name gives) and the
	 * groups, as cell masks (tiles: for a goal blank in the board's first
	 * half; a goal blank in the second half takes the groups turned half a
	 * turn) or value masks (Magic Squares); gap: the pancakes counted.
	 * Unused groups are 0. */
	int width, height;
	uint32_t groups[PB_MAX_PATTERNS];
	/* A plugin's (PB_HEUR_PLUGIN): the family it serves and its function,
	 * given the space's data and the cells */
	const pb_family *family;
	unsigned (*value)(const void *data, const unsigned char *cells);
} pb_heuristic_info;

typedef struct pb_heur pb_heur;

/* A kind's code (KIND.c defines pb_heur_NAME_ops, NAME as table.h names
 * it). The functions left NULL have the defaults said. */
typedef struct pb_heuristic_ops {
	/* Why a domain is refused whose kernel the kind does not pair with
	 * (table.h); NULL for a kind that pairs with every kernel. */
	const char *refusal;
	/* What else heuristic INFO asks of D, a domain of a kernel it pairs
	 * with: NULL when D has it, else why (a constant, or written into WHY
	 * where given). NULL: nothing more. */
	const char *(*supports)(const pb_heuristic_info *info, const pb_domain *d, char *why,
				size_t whylen);
	/* Whether INFO, as CFG names it (a partition of the tiles), fits D:
	 * NULL, else why (in WHY). NULL: every name fits. */
	const char *(*fits)(const pb_heuristic_info *info, const pb_domain *d, const pb_config *cfg,
			    char *why, size_t whylen);
	/* A heuristic of the kind called NAME that pb_heuristics does not
	 * list (the names of a family: gap-k, pdb:...), or NULL. NULL: none. */
	const pb_heuristic_info *(*find)(const char *name);
	/* For a NAME that find answered: NULL when it is well written, else
	 * why (in WHY). NULL: every such name is. */
	const char *(*check)(const char *name, char *why, size_t whylen);
	/* Build H's tables for H->d (H zeroed but for info, d and ops, and
	 * identity) and CFG, allocating through S's meter and polling S.
	 * Returns PB_SOLVED or as pb_heur_init. NULL: nothing to build. */
	pb_status (*init)(pb_heur *h, const pb_config *cfg, pb_search *s);
	/* Free what init allocated, leaving NULL (also after init failed, and
	 * twice). NULL: nothing to free. */
	void (*release)(pb_heur *h);
	/* The value of S from scratch. */
	unsigned (*value)(const pb_heur *h, const pb_state *s);
	/* Whether every move changes the parity of the value (tiles: Manhattan
	 * distance changes by one, the rest by even numbers), so that f = g + h
	 * keeps its parity and IDA*'s thresholds rise by 2. */
	bool parity;
} pb_heuristic_ops;

#define PB_HEURISTIC_OPS_ONE(KIND, name, parts) extern const pb_heuristic_ops pb_heur_##name##_ops;
PB_HEURISTIC_KIND_LIST(PB_HEURISTIC_OPS_ONE)
#undef PB_HEURISTIC_OPS_ONE

/* The code of KIND. */
const pb_heuristic_ops *pb_heuristic_ops_of(pb_heuristic_kind kind);

/* Every named heuristic (table.h's PB_HEURISTIC_NAMED), the default for
 * tiles first. */
extern const pb_heuristic_info pb_heuristics[];
extern const size_t pb_heuristic_count;

/* The heuristic called NAME (a name of a family, as gap-k or pdb:..., its
 * kind's find answers), or NULL. */
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

/* NULL when NAME names a heuristic, well written (a partition "pdb:..."),
 * else what is wrong, written into WHY. */
const char *pb_heuristic_check(const char *name, char *why, size_t whylen);

/* The heuristic used on D when none is named: the first of a plugin's
 * family's own that serves it, else of pb_heuristics (manhattan for tiles,
 * msquare-pdb for Magic Squares). */
const pb_heuristic_info *pb_heuristic_default(const pb_domain *d);

/* NULL when INFO serves D (its kind pairs with D's kernel in the table, and
 * D has what its code asks), else the reason (a constant or written into
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

/* Magic Squares and the cube: a pattern database over where some values
 * stand (or a coordinate of the state), one byte an entry (the exact
 * distance in the abstract space). */
typedef struct pb_value_pdb {
	int nvalues;
	uint8_t values[PB_MAX_CELLS];
	uint64_t weight[PB_MAX_CELLS];
	uint64_t entries;
	uint8_t *dist;
} pb_value_pdb;

/* Free the value databases of H (a kind's release, where it keeps them). */
void pb_value_pdbs_release(pb_heur *h);

/* The lines of a board for linear conflicts: rows 0..H-1, then columns
 * H..H+W-1. */
#define PB_MAX_LINES (2 * PB_MAX_CELLS)

/* A heuristic built for one domain and goal (tables in memory); each
 * kind's init fills the fields it uses. */
struct pb_heur {
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
	/* Magic Squares, the cube */
	int nvalue_pdbs;
	pb_value_pdb value_pdb[PB_MAX_PATTERNS];
	int built; /* pattern databases built by init (not loaded) */
	const pb_heuristic_ops *ops; /* the kind's code */
	/* a kind's own tables, where the fields above do not serve: its init
	 * allocates them, its release frees them */
	void *data;
};

/* Build INFO for D into H (which keeps pointers to INFO and D: both must
 * outlive it), allocating through S's meter and polling S. Tiles pattern
 * databases are loaded from the cache directory (pdb.h's
 * pb_pdb_cache_dir(CFG->cache_dir)) or built and saved there; S->message
 * then says what happened. Returns PB_SOLVED, PB_UNSUPPORTED (reason in
 * S->message), PB_MEMOUT, PB_TIMEOUT, PB_STOPPED or PB_FAILED. On failure H
 * holds nothing. */
pb_status pb_heur_init(pb_heur *h, const pb_heuristic_info *info, const pb_domain *d,
		       const pb_config *cfg, pb_search *s);

/* Free what pb_heur_init allocated (a zeroed H, or one freed already, is
 * fine). */
void pb_heur_release(pb_heur *h);

/* The heuristic's value of S, computed from scratch. */
unsigned pb_heur_value(const pb_heur *h, const pb_state *s);

/* The parts of a heuristic that one move updates, so that a search pays
 * for the moved tile only (the tiles heuristics: Manhattan distance,
 * linear conflicts, each pattern's excess as is and reflected, and where
 * each tile is). A search keeps them per depth for the kinds that keep
 * parts (table.h, pb_heur_kind_has_parts). */
typedef struct pb_heur_parts {
	unsigned md, lc;
	unsigned plain_sum, mirrored_sum;
	uint8_t plain[PB_MAX_PATTERNS], mirrored[PB_MAX_PATTERNS];
	uint8_t where[PB_MAX_CELLS];
} pb_heur_parts;

/* What one move changes in the parts: the new sums, and the pattern
 * whose excess changes as is (Q, to E) and reflected (MQ, to ME). */
typedef struct pb_heur_change {
	unsigned md, lc, plain_sum, mirrored_sum;
	uint8_t q, e, mq, me;
} pb_heur_change;

/* Fill P, the parts of the state CELLS (a kind that keeps them), choosing
 * the kernel at run time. */
void pb_heur_parts_init(const pb_heur *h, pb_cells cells, pb_heur_parts *p);

/* The kinds' own inline code (table.h, its second reading). Each kind
 * NAME has pb_heur_NAME_step, with the parameters of pb_heur_step_with
 * but the kind, and, where it keeps parts, pb_heur_NAME_keep, with those
 * of pb_heur_step_keep but the kind. */
#define PB_HEURISTIC_KINDS_CODE
#include "table.h"

/* Whether kind KIND pairs with kernel K in the table (a constant where
 * both are). */
PB_INLINE bool pb_heuristic_pairs_with(const pb_heuristic_kind kind, const pb_kernel k)
{
#define PB_PAIRED_ONE(kind_, k_, K, T, KIND)                                             \
	if ((kind_) == KIND && (k_) == K)                                                \
		return true;
	PB_HEURISTIC_PAIRS(PB_PAIRED_ONE, kind, k)
#undef PB_PAIRED_ONE
	return false;
}

/* Whether the kind keeps parts that a move updates (the tiles
 * heuristics but Manhattan distance, which a single delta updates). */
PB_INLINE bool pb_heur_kind_has_parts(const pb_heuristic_kind kind)
{
#define PB_PARTS_ONE(KIND, name, parts)                                                  \
	if (kind == KIND)                                                                \
		return parts;
	PB_HEURISTIC_KIND_LIST(PB_PARTS_ONE)
#undef PB_PARTS_ONE
	return false;
}

/* Whether the kind is built in a moment for any goal (table.h,
 * PB_HEURISTICS_ANY_GOAL): a search may build one towards each start. */
static inline bool pb_heur_kind_any_goal(pb_heuristic_kind kind)
{
	return (PB_HEURISTICS_ANY_GOAL & PB_HEURISTIC_BIT(kind)) != 0;
}

/* The value of the child CHILD (class CCLS) reached by move M from PARENT
 * (class PCLS, value PH, parts *PP where the kind keeps them, see
 * pb_heur_kind_has_parts), with the kernel K and kind KIND constants: from
 * the one tile that moved where the kernel slides tiles, else afresh. *PP
 * is only borrowed; *C receives what the move changes in the parts, for
 * pb_heur_step_keep (a search that keeps parts per depth, as IDA* does,
 * makes the child's only for the children it goes down to). DELTA is
 * h->md_delta or a copy of it (pb_heur_delta_bytes of it) where the search
 * keeps one next to its other tables. With KIND chosen at run time (K a
 * constant), the kinds that do not pair with K are left out. */
PB_INLINE unsigned pb_heur_step_with(const pb_heur *h, const int8_t *delta, const pb_kernel k,
				     const pb_heuristic_kind kind, pb_cells parent, int pcls,
				     unsigned ph, pb_heur_parts *pp, pb_cells child, int ccls,
				     int m, pb_heur_change *c)
{
#define PB_STEP_ONE(KIND, name, parts)                                                   \
	if (kind == KIND && pb_heuristic_pairs_with(KIND, k))                            \
		return pb_heur_##name##_step(h, delta, k, parent, pcls, ph, pp, child, ccls, m, c);
	PB_HEURISTIC_KIND_LIST(PB_STEP_ONE)
#undef PB_STEP_ONE
	return 0;
}

/* pb_heur_step_with the heuristic's own table. */
PB_INLINE unsigned pb_heur_step(const pb_heur *h, const pb_kernel k, const pb_heuristic_kind kind,
				pb_cells parent, int pcls, unsigned ph, pb_heur_parts *pp,
				pb_cells child, int ccls, int m, pb_heur_change *c)
{
	return pb_heur_step_with(h, h->md_delta, k, kind, parent, pcls, ph, pp, child, ccls, m, c);
}

/* The child's parts *CP from the parent's *PP (PARENT, of class PCLS) and
 * the change C that pb_heur_step gave for the child of class CCLS; nothing
 * for the kinds that keep no parts (those have no pb_heur_NAME_keep: the
 * table's 0 leaves out their test). */
PB_INLINE void pb_heur_step_keep(const pb_heur *h, const pb_kernel k, const pb_heuristic_kind kind,
				 const pb_heur_parts *pp, pb_heur_parts *cp, const pb_heur_change *c,
				 pb_cells parent, int pcls, int ccls)
{
#define PB_KEEP_IF_0(KIND, name)
#define PB_KEEP_IF_1(KIND, name)                                                         \
	if (kind == KIND && pb_heuristic_pairs_with(KIND, k))                            \
		pb_heur_##name##_keep(h, k, pp, cp, c, parent, pcls, ccls);
#define PB_KEEP_ONE(KIND, name, parts) PB_KEEP_IF_##parts(KIND, name)
	PB_HEURISTIC_KIND_LIST(PB_KEEP_ONE)
#undef PB_KEEP_ONE
#undef PB_KEEP_IF_1
#undef PB_KEEP_IF_0
}

#endif
