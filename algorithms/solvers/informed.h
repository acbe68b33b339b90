/* What the informed solvers (astar, idastar) share: a context holding the
 * domain and the heuristic built for it, and the supports, prepare and
 * release functions of their registry entries. */
#ifndef PB_INFORMED_H
#define PB_INFORMED_H

#include "../core/nodes.h"
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

/* Where move M takes the blank of a tiles board D, relative to where it
 * is (-width, -1, 1, width). */
int pb_slide_offset(const pb_domain *d, int m);

/* D's moves in Korf's order (idastar tries them so, and beam generates
 * them so): on tiles boards by the blank's new cell, lowest first (up,
 * left, right, down); any other domain's in the order of their indices
 * (the lexicographic order of the least answers). */
void pb_korf_order(const pb_domain *d, uint8_t *order);

/* The successor of X (class CLS) by move M into *CHILD (class *TO); false
 * when M is not legal there: the best-first searches' step (astar,
 * wastar), inlined with the kernel K a constant. */
PB_INLINE bool pb_informed_successor(const pb_kernel k, const pb_domain *d, pb_cells x, int cls,
				     int m, pb_cells *child, int *to)
{
	*to = d->next_class[cls][m];
	if (*to < 0)
		return false;
	*child = pb_kernel_move_to(k, d, x, cls, m, *to);
	return !pb_kernel_stays(k, x, *child);
}

/* The successors of node ID of the store N (its cells into *X, its class
 * into *CLS) into CHILDREN, their classes into TO and the moves into
 * MOVES, each slot of the hash table they will be looked up in fetched
 * ahead; never the move undoing the one that reached the node. Returns
 * how many. */
PB_INLINE int pb_informed_children(const pb_kernel k, const pb_domain *d, const pb_nodes *n,
				   uint32_t id, pb_cells *x, int *cls, pb_cells *children, int *to,
				   uint8_t *moves)
{
	pb_node xi = *pb_nodes_node(n, k, id);
	uint32_t tried = d->tried_after[xi.cls][xi.move == PB_NO_MOVE ? d->nmoves : xi.move];
	int count = 0;

	*x = pb_nodes_cells(n, k, id);
	*cls = xi.cls;
	for (int m = 0; m < pb_kernel_nmoves(k, d); m++) {
		if (!(tried & (1u << m)) ||
		    !pb_informed_successor(k, d, *x, *cls, m, &children[count], &to[count]))
			continue;
		pb_nodes_prefetch(n, k, children[count]);
		moves[count++] = (uint8_t)m;
	}
	return count;
}

/* The heuristic HEUR of CHILD (class TO), reached from X (class CLS,
 * heuristic H) by move M: from the one tile that moved, or afresh; PARTS
 * are X's, filled on first use (*HAVE_PARTS) for the kinds that keep
 * them, once an expansion. The kind is chosen per child, as a best-first
 * search spends its time on its tables; the child's parts are not kept. */
PB_INLINE int pb_informed_child_h(const pb_heur *heur, const pb_kernel k, pb_cells x, int cls,
				  int h, pb_heur_parts *parts, bool *have_parts, pb_cells child,
				  int to, int m)
{
	pb_heuristic_kind kind = heur->info->kind;
	pb_heur_change c;

	if (pb_heur_kind_has_parts(kind) && !*have_parts) {
		pb_heur_parts_init(heur, x, parts);
		*have_parts = true;
	}
	return (int)pb_heur_step(heur, k, kind, x, cls, (unsigned)h, parts, child, to, m, &c);
}

#endif
