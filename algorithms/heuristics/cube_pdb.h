/* cube-pdb, the 2x2x2 cube (part of heuristic.h, read through table.h:
 * include that): the larger of two pattern databases, the corners' twists
 * alone (729 entries) and their places alone (5,040), each the exact
 * distance in its abstract space, built by breadth-first search at init
 * (cube_pdb.c). */
#ifndef PB_HEURISTIC_CUBE_PDB_H
#define PB_HEURISTIC_CUBE_PDB_H

/* The larger of the twist and place databases for CELLS. */
PB_INLINE unsigned pb_heur_cube(const pb_heur *h, uint64_t cells)
{
	unsigned a = h->value_pdb[0].dist[pb_corners_twist(cells)];
	unsigned b = h->value_pdb[1].dist[pb_corners_perm(cells)];

	return a > b ? a : b;
}

/* The step: the child's value afresh (two table reads). */
PB_INLINE unsigned pb_heur_cube_pdb_step(const pb_heur *h, const int8_t *delta, const pb_kernel k,
					 pb_cells parent, int pcls, unsigned ph, pb_heur_parts *pp,
					 pb_cells child, int ccls, int m, pb_heur_change *c)
{
	(void)delta, (void)k, (void)parent, (void)pcls, (void)ph, (void)pp, (void)ccls, (void)m;
	(void)c;
	return pb_heur_cube(h, (uint64_t)child);
}

#endif
