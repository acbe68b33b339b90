/* zero: h = 0, breadth-first order, on every domain (part of heuristic.h,
 * read through table.h: include that). */
#ifndef PB_HEURISTIC_ZERO_H
#define PB_HEURISTIC_ZERO_H

PB_INLINE unsigned pb_heur_zero_step(const pb_heur *h, const int8_t *delta, const pb_kernel k,
				     pb_cells parent, int pcls, unsigned ph, pb_heur_parts *pp,
				     pb_cells child, int ccls, int m, pb_heur_change *c)
{
	(void)h, (void)delta, (void)k, (void)parent, (void)pcls, (void)ph, (void)pp;
	(void)child, (void)ccls, (void)m, (void)c;
	return 0;
}

#endif
