/* msquare-pdb (see msquare_pdb.h): the value databases, built by a
 * breadth-first search back from the goal, and their lookup. */
#include "heuristic.h"

#include <string.h>

/* The placements of the values VALUES (a mask) by breadth-first search
 * back from the goal (value v in cell v). An op puts in cell i what cell
 * op_source[i] held, so a value in cell c came from op_source[c]. */
static pb_status init_value_pdb(pb_value_pdb *v, const pb_domain *d, uint32_t values,
				pb_search *s)
{
	uint8_t pos[PB_MAX_CELLS], goal[PB_MAX_CELLS], cell[PB_MAX_CELLS];
	uint32_t *queue;
	size_t head = 0, tail = 0;

	v->nvalues = 0;
	for (int x = 0; x < d->cells; x++) {
		cell[x] = (uint8_t)x;
		if (values & (1u << x)) {
			goal[v->nvalues] = (uint8_t)x;
			v->values[v->nvalues++] = (uint8_t)x;
		}
	}
	v->entries = pb_placement_weights(d->cells, v->nvalues, v->weight);
	v->dist = pb_alloc(&s->meter, v->entries);
	queue = pb_alloc(&s->meter, v->entries * sizeof(*queue));
	if (!v->dist || !queue) {
		pb_free(queue);
		return pb_search_alloc_failed(s);
	}
	memset(v->dist, 0xff, v->entries);
	queue[tail] = (uint32_t)pb_placement_rank(v->nvalues, v->weight, goal, cell, cell);
	v->dist[queue[tail++]] = 0;
	while (head < tail) {
		uint32_t r = queue[head++];

		s->expanded++;
		pb_placement_unrank(d->cells, v->nvalues, v->weight, r, pos);
		for (int m = 0; m < d->nmoves; m++) {
			uint8_t prev[PB_MAX_CELLS];
			uint64_t q;

			for (int i = 0; i < v->nvalues; i++)
				prev[i] = d->op_source[m][pos[i]];
			q = pb_placement_rank(v->nvalues, v->weight, prev, cell, cell);
			s->generated++;
			if (v->dist[q] == UINT8_MAX) {
				v->dist[q] = (uint8_t)(v->dist[r] + 1);
				queue[tail++] = (uint32_t)q;
			}
		}
	}
	pb_free(queue);
	return PB_SOLVED;
}

/* One database for each group of the heuristic. */
static pb_status msquare_init(pb_heur *h, const pb_config *cfg, pb_search *s)
{
	const uint32_t *groups = h->info->groups;
	pb_status st = PB_SOLVED;

	(void)cfg;
	for (int g = 0; g < PB_MAX_PATTERNS && groups[g] && st == PB_SOLVED; g++)
		st = init_value_pdb(&h->value_pdb[h->nvalue_pdbs++], h->d, groups[g], s);
	return st;
}

unsigned pb_heur_value_pdbs(const pb_heur *h, uint64_t cells)
{
	uint8_t where[PB_MAX_CELLS];
	unsigned best = 0;

	for (int c = 0; c < h->d->cells; c++)
		where[pb_nibble(cells, c)] = (uint8_t)c;
	for (int q = 0; q < h->nvalue_pdbs; q++) {
		const pb_value_pdb *v = &h->value_pdb[q];
		unsigned x = v->dist[pb_placement_rank(v->nvalues, v->weight, where, v->values,
						       h->identity)];

		if (x > best)
			best = x;
	}
	return best;
}

static unsigned msquare_value(const pb_heur *h, const pb_state *s)
{
	return pb_heur_value_pdbs(h, (uint64_t)s->cells);
}

/* Its databases track values under the permutation tables. */
const pb_heuristic_ops pb_heur_msquare_pdb_ops = {
	.refusal = "serves the permutation-table domains (Magic Squares) only",
	.init = msquare_init,
	.release = pb_value_pdbs_release,
	.value = msquare_value,
};
