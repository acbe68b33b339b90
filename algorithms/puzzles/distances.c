#include "distances.h"

#include <stdio.h>
#include <string.h>

#include "../core/queue.h"

/* The search, for the kernel K. */
static inline __attribute__((always_inline)) pb_status
search(const pb_kernel k, const pb_domain *d, pb_search *s, uint8_t *dist)
{
	const int words = pb_kernel_words(k);
	pb_status st = PB_SOLVED;
	pb_queue q;

	if (pb_queue_init(&q, &s->meter, 1024, words))
		return pb_search_alloc_failed(s);
	dist[pb_kernel_index(k, d, d->goal.cells, d->goal.cls)] = 0;
	if (pb_queue_push(&q, d->goal.cells, 0, words))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && q.count) {
		uint8_t unused, dx;
		pb_cells x = pb_queue_pop(&q, &unused, words);
		int cls = pb_kernel_class(k, d, x);

		if ((st = pb_search_poll(s)) != PB_SOLVED)
			break;
		dx = dist[pb_kernel_index(k, d, x, cls)];
		s->expanded++;
		for (int m = 0; m < d->nmoves; m++) {
			int from = d->prev_class[cls][m];
			pb_cells y;
			uint8_t *slot;

			if (from < 0)
				continue;
			y = pb_kernel_unmove(k, d, x, cls, m);
			s->generated++;
			slot = &dist[pb_kernel_index(k, d, y, from)];
			if (*slot != PB_DIST_UNSEEN)
				continue;
			*slot = (uint8_t)(dx + 1);
			if (pb_queue_push(&q, y, 0, words)) {
				st = pb_search_alloc_failed(s);
				break;
			}
		}
	}
	pb_queue_release(&q);
	return st;
}

pb_status pb_distances(const pb_domain *d, pb_search *s, uint8_t **out)
{
	uint8_t *dist;
	pb_status st = PB_SOLVED;

	*out = NULL;
	if (!d->index_count) {
		snprintf(s->message, sizeof(s->message), "%s has no index for a table", d->name);
		return PB_UNSUPPORTED;
	}
	if (pb_domain_needs_inverse(d, "a table of distances", s->message, sizeof(s->message)))
		return PB_UNSUPPORTED;
	dist = pb_alloc(&s->meter, d->index_count);
	if (!dist)
		return pb_search_alloc_failed(s);
	memset(dist, PB_DIST_UNSEEN, d->index_count);
	PB_WITH_KERNEL(d, st = search(K, d, s, dist));
	if (st != PB_SOLVED) {
		pb_free(dist);
		return st;
	}
	*out = dist;
	return PB_SOLVED;
}
