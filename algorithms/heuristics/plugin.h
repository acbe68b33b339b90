/* A plugin's heuristics (part of heuristic.h, read through table.h:
 * include that): the functions a plugin's family lists under their names,
 * on the domains of that family only, computed afresh for every state
 * from the cells as bytes (plugin.c). */
#ifndef PB_HEURISTIC_PLUGIN_H
#define PB_HEURISTIC_PLUGIN_H

/* The value of packed CELLS (kernel K): the function on the cells as
 * bytes. */
PB_INLINE unsigned pb_heur_plugin(const pb_heur *h, const pb_kernel k, pb_cells cells)
{
	unsigned char v[PB_MAX_CELLS];

	pb_generic_unpack(k, h->d, cells, v);
	return h->info->value(h->d->space->data, v);
}

/* The step: the child's value afresh. */
PB_INLINE unsigned pb_heur_plugin_step(const pb_heur *h, const int8_t *delta, const pb_kernel k,
				       pb_cells parent, int pcls, unsigned ph, pb_heur_parts *pp,
				       pb_cells child, int ccls, int m, pb_heur_change *c)
{
	(void)delta, (void)parent, (void)pcls, (void)ph, (void)pp, (void)ccls, (void)m, (void)c;
	return pb_kernel_generic(k) ? pb_heur_plugin(h, k, child) : 0;
}

#endif
