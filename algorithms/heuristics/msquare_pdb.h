/* msquare-pdb, Magic Squares (part of heuristic.h, read through table.h:
 * include that): the larger of two pattern databases that each track
 * where six of the eight values are (the other two unlabelled), built by
 * a breadth-first search backwards from the goal in memory (20,160 bytes
 * each, in milliseconds; msquare_pdb.c). */
#ifndef PB_HEURISTIC_MSQUARE_PDB_H
#define PB_HEURISTIC_MSQUARE_PDB_H

/* The larger of the value databases for packed CELLS. */
unsigned pb_heur_value_pdbs(const pb_heur *h, uint64_t cells);

/* The step: the child's value afresh (a move permutes every cell). */
PB_INLINE unsigned pb_heur_msquare_pdb_step(const pb_heur *h, const int8_t *delta,
					    const pb_kernel k, pb_cells parent, int pcls,
					    unsigned ph, pb_heur_parts *pp, pb_cells child,
					    int ccls, int m, pb_heur_change *c)
{
	(void)delta, (void)k, (void)parent, (void)pcls, (void)ph, (void)pp, (void)ccls, (void)m;
	(void)c;
	return pb_heur_value_pdbs(h, (uint64_t)child);
}

#endif
