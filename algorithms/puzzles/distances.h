/* Every state's optimal distance to the goal, by one breadth-first search
 * backwards from the goal over the dense index space. */
#ifndef PB_DISTANCES_H
#define PB_DISTANCES_H

#include <stdint.h>

#include "../solvers/solver.h"

/* Marks a state the search never reached (none, for the goal's class). */
#define PB_DIST_UNSEEN 255

/* Fill *OUT with one byte a state, indexed by pb_index: the optimal number
 * of moves to the goal. Allocated through S->meter (free with pb_free);
 * counts nodes in S and polls its limits. Returns PB_SOLVED, PB_MEMOUT,
 * PB_TIMEOUT, PB_STOPPED, PB_FAILED or PB_UNSUPPORTED (a domain without an
 * index); *OUT is NULL unless PB_SOLVED. */
pb_status pb_distances(const pb_domain *d, pb_search *s, uint8_t **out);

#endif
