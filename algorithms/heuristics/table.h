/* The table of heuristics: the kinds there are, the heuristics named for
 * --heuristic, and the pairs of a domain's kernel (kernel.h) and a kind
 * that exist. The rest reads it: the enum of kinds, each kind's code
 * found by its name, 'bench list' and the default heuristic of a domain,
 * which domains a heuristic serves (a kernel it pairs with, then what its
 * own code asks of the domain: pb_heuristic_supports), and the informed
 * searches' specialisations, one function per pair (PB_PAIRS_DECLARE
 * below), so that a pair no domain has is never compiled.
 *
 * A new heuristic is its own files (its inline update in KIND.h, the rest
 * in KIND.c: see pb_heuristic_ops in heuristic.h) and its lines here: a
 * kind, whether it is built for any goal, its names, its pairs, its
 * header. Read heuristic.h first: it includes this file twice, the lists
 * at its top and the kinds' headers at its end. */
#ifndef PB_HEURISTIC_TABLE_H
#define PB_HEURISTIC_TABLE_H

/* Every kind: X(KIND, name, parts), in the order of pb_heuristic_kind's
 * values (PB_HEURISTIC_BIT numbers them). NAME names its code, in its own
 * files: pb_heuristic_ops pb_heur_NAME_ops and pb_heur_NAME_step (inline;
 * the tiles kinds share tiles.h, tiles.c and tiles_pdb.c).
 * PARTS: 1 where it keeps parts that a move updates (pb_heur_parts, which
 * a search keeps per depth), 0 where its step needs only the parent's
 * value. */
#define PB_HEURISTIC_KIND_LIST(X)                                                        \
	X(PB_HEUR_ZERO, zero, 0)                                                          \
	X(PB_HEUR_MANHATTAN, manhattan, 0)                                                \
	X(PB_HEUR_LINEAR_CONFLICT, linear_conflict, 1)                                    \
	X(PB_HEUR_TILES_PDB, tiles_pdb, 1)                                                \
	X(PB_HEUR_MSQUARE_PDB, msquare_pdb, 0)                                            \
	X(PB_HEUR_GAP, gap, 0)                                                            \
	X(PB_HEUR_CUBE_PDB, cube_pdb, 0)                                                  \
	X(PB_HEUR_PLUGIN, plugin, 0)

/* The kinds built in a moment for any goal, as PB_HEURISTIC_BIT of each:
 * a search may build one towards each start (the two-sided searches'
 * backward heuristic, on a copy of the domain whose goal is the start:
 * solvers/bidir.c). A pattern database, built once for one goal, is not
 * one; nor is a plugin's, which knows only its own goal. */
#define PB_HEURISTICS_ANY_GOAL                                                           \
	(PB_HEURISTIC_BIT(PB_HEUR_ZERO) | PB_HEURISTIC_BIT(PB_HEUR_MANHATTAN) |           \
	 PB_HEURISTIC_BIT(PB_HEUR_LINEAR_CONFLICT) | PB_HEURISTIC_BIT(PB_HEUR_GAP))

/* The pairs that exist: X(..., K, T, KIND), T the type of K's cells (as
 * in PB_KERNELS), the arguments after X passed first. zero serves every
 * kernel; a plugin's heuristics serve the plugins' kernels. */
#define PB_HEURISTIC_PAIRS(X, ...)                                                       \
	X(__VA_ARGS__, PB_KERNEL_SLIDE4, uint64_t, PB_HEUR_ZERO)                          \
	X(__VA_ARGS__, PB_KERNEL_SLIDE4, uint64_t, PB_HEUR_MANHATTAN)                     \
	X(__VA_ARGS__, PB_KERNEL_SLIDE4, uint64_t, PB_HEUR_LINEAR_CONFLICT)               \
	X(__VA_ARGS__, PB_KERNEL_SLIDE4, uint64_t, PB_HEUR_TILES_PDB)                     \
	X(__VA_ARGS__, PB_KERNEL_SLIDE5, pb_cells, PB_HEUR_ZERO)                          \
	X(__VA_ARGS__, PB_KERNEL_SLIDE5, pb_cells, PB_HEUR_MANHATTAN)                     \
	X(__VA_ARGS__, PB_KERNEL_SLIDE5, pb_cells, PB_HEUR_LINEAR_CONFLICT)               \
	X(__VA_ARGS__, PB_KERNEL_SLIDE5, pb_cells, PB_HEUR_TILES_PDB)                     \
	X(__VA_ARGS__, PB_KERNEL_PERMUTE4, uint64_t, PB_HEUR_ZERO)                        \
	X(__VA_ARGS__, PB_KERNEL_PERMUTE4, uint64_t, PB_HEUR_MSQUARE_PDB)                 \
	X(__VA_ARGS__, PB_KERNEL_FLIP4, uint64_t, PB_HEUR_ZERO)                           \
	X(__VA_ARGS__, PB_KERNEL_FLIP4, uint64_t, PB_HEUR_GAP)                            \
	X(__VA_ARGS__, PB_KERNEL_FLIP5, pb_cells, PB_HEUR_ZERO)                           \
	X(__VA_ARGS__, PB_KERNEL_FLIP5, pb_cells, PB_HEUR_GAP)                            \
	X(__VA_ARGS__, PB_KERNEL_CORNERS, uint64_t, PB_HEUR_ZERO)                         \
	X(__VA_ARGS__, PB_KERNEL_CORNERS, uint64_t, PB_HEUR_CUBE_PDB)                     \
	X(__VA_ARGS__, PB_KERNEL_GENERIC1, uint64_t, PB_HEUR_ZERO)                        \
	X(__VA_ARGS__, PB_KERNEL_GENERIC1, uint64_t, PB_HEUR_PLUGIN)                      \
	X(__VA_ARGS__, PB_KERNEL_GENERIC2, pb_cells, PB_HEUR_ZERO)                        \
	X(__VA_ARGS__, PB_KERNEL_GENERIC2, pb_cells, PB_HEUR_PLUGIN)

/* The patterns of the named pattern databases. Tiles: cell masks on the
 * 4x4 board (cell = 4 * row + column) for a goal with the blank in cell 0
 * (a goal blank in the board's second half takes them turned half a
 * turn). */
#define PB_PDB_ROW(r) (0xfu << (4 * (r)))
#define PB_PDB_CELL(c) (1u << (c))
/* 7-8: the top two rows against the bottom two (Korf & Felner 2002). */
#define PB_PDB_TOP_HALF (PB_PDB_ROW(0) | PB_PDB_ROW(1))
#define PB_PDB_BOTTOM_HALF (PB_PDB_ROW(2) | PB_PDB_ROW(3))
/* 6-6-3: the top row, then the two left and the two right columns of the
 * three rows below. */
#define PB_PDB_CELLS6(a, b, c, d, e, f)                                                  \
	(PB_PDB_CELL(a) | PB_PDB_CELL(b) | PB_PDB_CELL(c) | PB_PDB_CELL(d) | PB_PDB_CELL(e) | \
	 PB_PDB_CELL(f))
#define PB_PDB_LEFT_LOW PB_PDB_CELLS6(4, 5, 8, 9, 12, 13)
#define PB_PDB_RIGHT_LOW PB_PDB_CELLS6(6, 7, 10, 11, 14, 15)
/* 5-5-5: the top row with the right end of the second, an L on the left,
 * and the bottom right corner. */
#define PB_PDB_TOP_L (PB_PDB_ROW(0) | PB_PDB_CELL(6) | PB_PDB_CELL(7))
#define PB_PDB_LEFT_L                                                                    \
	(PB_PDB_CELL(4) | PB_PDB_CELL(5) | PB_PDB_CELL(8) | PB_PDB_CELL(9) | PB_PDB_CELL(12))
#define PB_PDB_CORNER                                                                    \
	(PB_PDB_CELL(10) | PB_PDB_CELL(11) | PB_PDB_CELL(13) | PB_PDB_CELL(14) | PB_PDB_CELL(15))
/* 6-6-6-6 on the 5x5 board (cell = 5 * row + column, the blank in cell 0):
 * Korf & Felner's partition of the 24-puzzle (R. E. Korf and A. Felner,
 * "Disjoint pattern database heuristics", Artificial Intelligence 134
 * (2002) 9-22; the tiles as Korf's published IDA* program for the
 * 24-puzzle lists them: {1,2,5,6,7,12} {3,4,8,9,13,14} {10,11,15,16,20,21}
 * {17,18,19,22,23,24}): an irregular six around the blank and three blocks
 * of 2x3, one a quarter turn of another. */
#define PB_PDB_KF_BLANK_SIDE PB_PDB_CELLS6(1, 2, 5, 6, 7, 12)
#define PB_PDB_KF_TOP_RIGHT PB_PDB_CELLS6(3, 4, 8, 9, 13, 14)
#define PB_PDB_KF_BOTTOM_LEFT PB_PDB_CELLS6(10, 11, 15, 16, 20, 21)
#define PB_PDB_KF_BOTTOM_RIGHT PB_PDB_CELLS6(17, 18, 19, 22, 23, 24)
/* Magic Squares: values 0-5 and 2-7 (internal labels: the goal cell). */
#define PB_PDB_LOW_VALUES 0x3fu
#define PB_PDB_HIGH_VALUES 0xfcu

/* Every named heuristic, as pb_heuristics[] lists them ('bench list'; a
 * domain's default is the first that serves it, so zero, which serves
 * every domain, comes last): pb_heuristic_info initialisers. A pattern
 * database names its board (0 x 0: any) and its groups. gap stands for
 * its family gap-k (gap.c). */
#define PB_HEURISTIC_NAMED                                                               \
	{ .name = "manhattan", .kind = PB_HEUR_MANHATTAN,                                 \
	  .summary = "sum of the tiles' Manhattan distances (tiles)" },                   \
	{ .name = "linear-conflict", .kind = PB_HEUR_LINEAR_CONFLICT,                     \
	  .summary = "Manhattan distance plus 2 for each tile to move aside in its goal row or column (tiles)" }, \
	{ .name = "pdb555", .kind = PB_HEUR_TILES_PDB, .width = 4, .height = 4,           \
	  .groups = { PB_PDB_TOP_L, PB_PDB_LEFT_L, PB_PDB_CORNER },                       \
	  .summary = "additive pattern databases, 5-5-5 tiles, with the diagonal reflection (4x4; builds in a second)" }, \
	{ .name = "pdb663", .kind = PB_HEUR_TILES_PDB, .width = 4, .height = 4,           \
	  .groups = { PB_PDB_ROW(0), PB_PDB_LEFT_LOW, PB_PDB_RIGHT_LOW },                 \
	  .summary = "additive pattern databases, 6-6-3 tiles, with the diagonal reflection (4x4; builds in seconds)" }, \
	{ .name = "pdb78", .kind = PB_HEUR_TILES_PDB, .width = 4, .height = 4,            \
	  .groups = { PB_PDB_TOP_HALF, PB_PDB_BOTTOM_HALF },                              \
	  .summary = "additive pattern databases, 7-8 tiles (two rows each), with the diagonal reflection (4x4; builds in about a minute, then cached)" }, \
	{ .name = "pdb6666", .kind = PB_HEUR_TILES_PDB, .width = 5, .height = 5,          \
	  .groups = { PB_PDB_KF_BLANK_SIDE, PB_PDB_KF_TOP_RIGHT, PB_PDB_KF_BOTTOM_LEFT,   \
		      PB_PDB_KF_BOTTOM_RIGHT },                                           \
	  .summary = "additive pattern databases, Korf & Felner's 6-6-6-6 tiles, with the diagonal reflection (5x5; builds in minutes, then cached)" }, \
	{ .name = PB_PARTITION_PREFIX "PATTERNS", .kind = PB_HEUR_TILES_PDB,              \
	  .summary = "additive pattern databases of the patterns given, with the diagonal " \
		     "reflection where the goal has it (tiles, any board): the goal's tile numbers, ',' between tiles, " \
		     "a-b for a range, '/' between patterns, at most 8 tiles a pattern (e.g. pdb:1-7/8-15); a tile in " \
		     "none counts its Manhattan distance" },                              \
	{ .name = "msquare-pdb", .kind = PB_HEUR_MSQUARE_PDB,                             \
	  .groups = { PB_PDB_LOW_VALUES, PB_PDB_HIGH_VALUES },                            \
	  .summary = "larger of two pattern databases over six of the eight values each (Magic Squares)" }, \
	{ .name = "gap", .kind = PB_HEUR_GAP, .groups = { PB_GAP_ALL },                   \
	  .summary = "the gaps between neighbours, the plate included (pancakes; gap-k ignores the k smallest pancakes)" }, \
	{ .name = "cube-pdb", .kind = PB_HEUR_CUBE_PDB,                                   \
	  .summary = "larger of two pattern databases, the corners' twists and their places (2x2x2 cube)" }, \
	{ .name = "zero", .kind = PB_HEUR_ZERO, .summary = "h = 0: breadth-first order (every domain)" }

/* A search specialised for every pair (hog2's template over an
 * environment and a heuristic, in C): one function NAME_K_KIND a pair,
 * declared by PB_PAIRS_DECLARE and defined by PB_PAIRS_DEFINE, and
 * PB_PAIRS_CALL, statements that return what the one for a kernel and a
 * kind returns (the function goes on past them where no pair matches):
 * with both constants, one direct call; with either chosen at run time
 * (at a search's root), a chain of tests. noinline keeps the compiler from
 * unrolling a search's recursion into itself (which took minutes and a
 * gigabyte to compile, for no gain at run time).
 * RET: what the functions return. SIG(T): their parameter list, the cells
 * of type T. ARGS(T): the arguments PB_PAIRS_CALL passes them, the cells
 * cast to T. BODY(K, KIND): the expression a function returns, K and KIND
 * its constants. */
#define PB_PAIR_FN(NAME, K, KIND) NAME##_##K##_##KIND
#define PB_PAIR_DECLARE_ONE(RET, NAME, SIG, K, T, KIND)                                  \
	static __attribute__((noinline)) RET PB_PAIR_FN(NAME, K, KIND) SIG(T);
#define PB_PAIRS_DECLARE(RET, NAME, SIG) PB_HEURISTIC_PAIRS(PB_PAIR_DECLARE_ONE, RET, NAME, SIG)
#define PB_PAIR_DEFINE_ONE(RET, NAME, SIG, BODY, K, T, KIND)                             \
	static __attribute__((noinline)) RET PB_PAIR_FN(NAME, K, KIND) SIG(T)            \
	{                                                                                \
		return BODY(K, KIND);                                                    \
	}
#define PB_PAIRS_DEFINE(RET, NAME, SIG, BODY)                                            \
	PB_HEURISTIC_PAIRS(PB_PAIR_DEFINE_ONE, RET, NAME, SIG, BODY)
#define PB_PAIR_CALL_ONE(NAME, ARGS, k, kind, K, T, KIND)                                \
	if ((k) == K && (kind) == KIND)                                                  \
		return PB_PAIR_FN(NAME, K, KIND) ARGS(T);
#define PB_PAIRS_CALL(NAME, ARGS, k, kind) PB_HEURISTIC_PAIRS(PB_PAIR_CALL_ONE, NAME, ARGS, k, kind)

#endif

/* The second reading, at the end of heuristic.h, where the types they use
 * are declared: each kind's header, its inline code. */
#if defined(PB_HEURISTIC_KINDS_CODE) && !defined(PB_HEURISTIC_TABLE_CODE)
#define PB_HEURISTIC_TABLE_CODE
#include "zero.h"
#include "tiles.h"
#include "msquare_pdb.h"
#include "gap.h"
#include "cube_pdb.h"
#include "plugin.h"
#endif
