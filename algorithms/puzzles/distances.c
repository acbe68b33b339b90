#include "distances.h"

#include <string.h>

#include "../core/queue.h"

pb_status pb_distances(const pb_domain *d, pb_search *s, uint8_t **out)
{
	uint8_t *dist = pb_alloc(&s->meter, d->index_count);
	pb_status st = PB_SOLVED;
	pb_queue q;

	*out = NULL;
	if (!dist)
		return pb_search_alloc_failed(s);
	if (pb_queue_init(&q, &s->meter, 1024)) {
		pb_free(dist);
		return pb_search_alloc_failed(s);
	}
	memset(dist, PB_DIST_UNSEEN, d->index_count);
	dist[pb_index(d, &d->goal)] = 0;
	if (pb_queue_push(&q, d->goal.cells, 0))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && q.count) {
		pb_state x, y;
		uint8_t unused, dx;

		x.cells = pb_queue_pop(&q, &unused);
		x.blank = d->kind == PB_TILES ? pb_find_blank(d, x.cells) : -1;
		if ((st = pb_search_poll(s)) != PB_SOLVED)
			break;
		dx = dist[pb_index(d, &x)];
		s->expanded++;
		for (int m = 0; m < d->nmoves; m++) {
			uint8_t *slot;

			if (!pb_unapply(d, &x, m, &y))
				continue;
			s->generated++;
			slot = &dist[pb_index(d, &y)];
			if (*slot != PB_DIST_UNSEEN)
				continue;
			*slot = (uint8_t)(dx + 1);
			if (pb_queue_push(&q, y.cells, 0)) {
				st = pb_search_alloc_failed(s);
				break;
			}
		}
	}
	pb_queue_release(&q);
	if (st != PB_SOLVED) {
		pb_free(dist);
		return st;
	}
	*out = dist;
	return PB_SOLVED;
}
