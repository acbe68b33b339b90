/* What the informed solvers (astar, idastar) share: a context holding the
 * domain and the heuristic built for it, and the supports, prepare and
 * release functions of their registry entries. */
#ifndef PB_INFORMED_H
#define PB_INFORMED_H

#include "../heuristics/heuristic.h"

typedef struct pb_informed {
	const pb_domain *d;
	pb_heur h;
} pb_informed;

/* NULL when the heuristic CFG chooses serves D, else why (in WHY). */
const char *pb_informed_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg, char *why,
				 size_t whylen);

/* A context of SIZE bytes (at least sizeof(pb_informed), which it starts
 * with; the rest zeroed) with the heuristic CFG chooses built for D, into
 * *CTX, allocated through S's meter. Returns as pb_heur_init. */
pb_status pb_informed_prepare(const pb_domain *d, const pb_config *cfg, pb_search *s,
			      size_t size, void **ctx);

/* Free a context pb_informed_prepare made (NULL is fine). */
void pb_informed_release(void *ctx);

#endif
