/* The value every solver keeps and passes: a state's cells packed into one
 * 128-bit word, and its class.
 *
 * How the cells pack is the domain's kernel's business (kernel.h): four
 * bits a cell in the low 64 bits for domains of up to 16 cells (the high
 * half is then 0 and never touched by the hot loops, which keep one
 * uint64_t), five bits a cell over both halves for up to 25 cells. Whatever
 * the packing, the low 64 bits of a state are never all zero (its cells hold
 * distinct values), so a zero word can mark an empty slot.
 *
 * The class says which moves are legal: the moves of a state depend on its
 * class alone (sliding tiles: the cell of the blank; 0 in domains where
 * every move is always legal), so a search that keeps states grouped by
 * class tries the same moves on every state of a group. */
#ifndef PB_STATE_H
#define PB_STATE_H

#include <stdbool.h>
#include <stdint.h>

/* The most cells a state has (a 5x5 board), and the most moves a domain
 * has (pancakes of 25: flips of 2 to 25). */
#define PB_MAX_CELLS 25
#define PB_MAX_MOVES 24
/* The most classes a domain has (tiles: one a cell). */
#define PB_MAX_CLASSES PB_MAX_CELLS
#define PB_NO_MOVE 255
/* Longest move sequence a solver may return (well above every diameter of
 * the boards of up to 25 cells: the 5x5 board's is at most 208). */
#define PB_MAX_PATH 512
/* Longest move name, its NUL included ("U2", "25"). */
#define PB_MOVE_NAME_MAX 4

/* The packed cells (a GCC and Clang extension, as the builtins are). */
typedef unsigned __int128 pb_cells;

typedef struct pb_state {
	pb_cells cells;
	int cls; /* the state's class (tiles: the blank's cell) */
} pb_state;

/* The packed cells stored in WORDS (1 or 2) uint64_t at DST, and read
 * back; with WORDS a constant, one store or load. */
static inline void pb_cells_store(uint64_t *dst, pb_cells c, const int words)
{
	dst[0] = (uint64_t)c;
	if (words > 1)
		dst[1] = (uint64_t)(c >> 64);
}

static inline pb_cells pb_cells_load(const uint64_t *src, const int words)
{
	return words > 1 ? (pb_cells)src[0] | (pb_cells)src[1] << 64 : (pb_cells)src[0];
}

static inline bool pb_cells_equal(pb_cells a, pb_cells b, const int words)
{
	return words > 1 ? a == b : (uint64_t)a == (uint64_t)b;
}

/* The odd multiplier that folds the high half into the low one for a
 * hash (its bits well spread: xxHash's prime 2). */
#define PB_FOLD_MULT 0xC2B2AE3D27D4EB4FULL

/* One 64-bit word standing for the cells in hash tables: the low half
 * itself when that is all there is, so one-word states hash exactly as a
 * plain uint64_t does. */
static inline uint64_t pb_cells_fold(pb_cells c, const int words)
{
	return words > 1 ? (uint64_t)c ^ (uint64_t)(c >> 64) * PB_FOLD_MULT : (uint64_t)c;
}

#endif
