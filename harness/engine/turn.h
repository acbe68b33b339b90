/* Turning a board: a dataset that declares another goal than the default
 * (Korf's instances: the blank first) is given to a program that knows
 * only the default goal by a symmetry of the board that takes the goal's
 * blank to the last cell (a reflection, left-right, top-bottom or both,
 * which keeps the board's shape) and a relabelling of the tiles that makes
 * the goal the default one. The moves of an answer on the turned board are
 * turned back. A goal whose blank is not in a corner has no such symmetry. */
#ifndef TURN_H
#define TURN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algorithms/puzzles/domain.h"

typedef struct turn {
	pb_domain board;                 /* the same board with the default goal */
	uint8_t cell_to[PB_MAX_CELLS];   /* the dataset's cell -> the board's */
	uint8_t tile_to[PB_MAX_CELLS];   /* the dataset's tile (user label) -> the board's */
	uint8_t move_back[PB_MAX_MOVES]; /* the board's move -> the dataset's */
} turn;

/* Whether D's goal is its default goal (nothing to turn). */
bool turn_none_needed(const pb_domain *d);

/* Why D cannot be turned to its default goal (into WHY), or NULL when it
 * can (or needs not be). */
const char *turn_refusal(const pb_domain *d, char *why, size_t whylen);

/* Set up T for D (which turn_refusal accepts, with another goal). Returns
 * 0, or -1 with why in WHY. */
int turn_init(turn *t, const pb_domain *d, char *why, size_t whylen);

/* S, a state of D, as a state of T's board. */
pb_state turn_state(const turn *t, const pb_domain *d, const pb_state *s);

#endif
