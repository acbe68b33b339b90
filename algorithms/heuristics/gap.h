/* gap and gap-k, pancakes (part of heuristic.h, read through table.h:
 * include that): the gaps, neighbours (the plate below the stack
 * included) whose sizes differ by more than one (M. Helmert, "Landmark
 * heuristics for the pancake problem", SoCS 2010); gap-k counts no gap
 * that involves one of the k smallest pancakes (the weaker heuristics of
 * the bidirectional papers). Consistent: a flip changes one
 * neighbourhood. The rest is in gap.c. */
#ifndef PB_HEURISTIC_GAP_H
#define PB_HEURISTIC_GAP_H

/* The pancakes whose gaps gap counts (groups[0]): all; gap-k's are
 * PB_GAP_ALL << k. */
#define PB_GAP_ALL (~0u)

/* The gaps of packed CELLS (kernel K), from scratch. */
PB_INLINE unsigned pb_heur_gaps(const pb_heur *h, const pb_kernel k, pb_cells cells)
{
	const int n = h->d->cells;
	unsigned sum = 0, a = pb_cell(k, cells, 0);

	for (int c = 1; c < n; c++) {
		unsigned b = pb_cell(k, cells, c);

		sum += h->gap[a][b];
		a = b;
	}
	return sum + h->gap[a][n];
}

/* The step: the gaps after flip M of PARENT, which has PH. Only the
 * neighbourhood below the flipped pancakes changes, the pancake under them
 * (or the plate) now below the old top one. */
PB_INLINE unsigned pb_heur_gap_step(const pb_heur *h, const int8_t *delta, const pb_kernel k,
				    pb_cells parent, int pcls, unsigned ph, pb_heur_parts *pp,
				    pb_cells child, int ccls, int m, pb_heur_change *c)
{
	const int n = h->d->cells, f = pb_flip_size(m);
	unsigned below = f < n ? pb_cell(k, parent, f) : (unsigned)n;

	(void)delta, (void)pcls, (void)pp, (void)child, (void)ccls, (void)c;
	return ph - h->gap[pb_cell(k, parent, f - 1)][below] + h->gap[pb_cell(k, parent, 0)][below];
}

#endif
