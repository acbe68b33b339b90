/* Heuristics for the informed solvers (astar, idastar): named, listed, and
 * built for a domain and goal. */
#ifndef PB_HEURISTIC_H
#define PB_HEURISTIC_H

#include <stddef.h>

typedef struct pb_heuristic_info {
	const char *name;    /* as given to --heuristic */
	const char *summary; /* one line for 'bench list' */
} pb_heuristic_info;

/* Every heuristic, the default first. */
extern const pb_heuristic_info pb_heuristics[];
extern const size_t pb_heuristic_count;

#endif
