/* The 2x2x2 cube's pattern databases (see cube_pdb.h): the corners'
 * twists alone and their places alone, each an abstract space whose
 * states a coordinate of the kernel (kernel.h) numbers. A turn moves an
 * abstract state to one abstract state whatever the rest holds, so a
 * breadth-first search over the coordinate, turning a representative
 * state of each, gives the exact abstract distances: lower bounds. */
#include "heuristic.h"

#include <string.h>

#include "../core/rank.h"

enum { TWISTS, PLACES };

/* A state whose coordinate KIND is X (the other part solved). */
static pb_state representative(const pb_domain *d, int kind, uint64_t x)
{
	pb_state s;

	pb_unindex(d, kind == TWISTS ? x : x * PB_TWIST_COUNT, &s);
	return s;
}

static uint64_t coordinate(int kind, const pb_state *s)
{
	return kind == TWISTS ? pb_corners_twist((uint64_t)s->cells) : pb_corners_perm((uint64_t)s->cells);
}

static pb_status build(pb_value_pdb *v, const pb_domain *d, int kind, pb_search *s)
{
	uint64_t entries = kind == TWISTS ? PB_TWIST_COUNT : pb_factorial(PB_CORNERS_MOVING);
	uint8_t *dist = pb_alloc(&s->meter, entries);
	pb_status st = PB_SOLVED;
	uint64_t reached = 1;

	if (!dist)
		return pb_search_alloc_failed(s);
	memset(dist, 0xff, entries);
	dist[coordinate(kind, &d->goal)] = 0;
	/* level by level over the table (it is small: no queue) */
	for (uint8_t depth = 0, more = 1; more && reached < entries && st == PB_SOLVED; depth++) {
		more = 0;
		for (uint64_t x = 0; x < entries; x++) {
			pb_state r;

			if (dist[x] != depth)
				continue;
			if ((st = pb_search_poll(s)) != PB_SOLVED)
				break;
			s->expanded++;
			r = representative(d, kind, x);
			for (int m = 0; m < d->nmoves; m++) {
				pb_state c = r;
				uint64_t y;

				pb_apply(d, &r, m, &c);
				s->generated++;
				y = coordinate(kind, &c);
				if (dist[y] == 0xff) {
					dist[y] = (uint8_t)(depth + 1);
					reached++;
					more = 1;
				}
			}
		}
	}
	if (st != PB_SOLVED) {
		pb_free(dist);
		return st;
	}
	v->entries = entries;
	v->dist = dist;
	return PB_SOLVED;
}

/* The two databases of H: value_pdb[0] the twists, value_pdb[1] the
 * places. */
static pb_status cube_init(pb_heur *h, const pb_config *cfg, pb_search *s)
{
	pb_status st = build(&h->value_pdb[TWISTS], h->d, TWISTS, s);

	(void)cfg;
	if (st == PB_SOLVED)
		st = build(&h->value_pdb[PLACES], h->d, PLACES, s);
	h->nvalue_pdbs = 2;
	return st;
}

static unsigned cube_value(const pb_heur *h, const pb_state *s)
{
	return pb_heur_cube(h, (uint64_t)s->cells);
}

const pb_heuristic_ops pb_heur_cube_pdb_ops = {
	.refusal = "serves the 2x2x2 cube only",
	.init = cube_init,
	.release = pb_value_pdbs_release,
	.value = cube_value,
};
