#include "queue.h"

#include <string.h>

int pb_queue_init(pb_queue *q, pb_meter *meter, size_t capacity, int words)
{
	size_t cap = 16;

	while (cap < capacity)
		cap *= 2;
	memset(q, 0, sizeof(*q));
	q->meter = meter;
	q->words = words;
	q->cells = pb_alloc(meter, cap * (size_t)words * sizeof(*q->cells));
	q->tags = q->cells ? pb_alloc(meter, cap) : NULL;
	if (!q->tags) {
		pb_free(q->cells);
		q->cells = NULL;
		return -1;
	}
	q->mask = cap - 1;
	return 0;
}

void pb_queue_release(pb_queue *q)
{
	pb_free(q->cells);
	pb_free(q->tags);
	memset(q, 0, sizeof(*q));
}

int pb_queue_grow(pb_queue *q)
{
	size_t cap = q->mask + 1, wrapped, entry = (size_t)q->words * sizeof(*q->cells);
	uint64_t *cells = pb_realloc(q->meter, q->cells, 2 * cap * entry);
	uint8_t *tags;

	if (!cells)
		return -1;
	q->cells = cells;
	tags = pb_realloc(q->meter, q->tags, 2 * cap);
	if (!tags)
		return -1; /* cells grew, tags did not: capacity stays cap */
	q->tags = tags;
	/* Move the part that wrapped past the end to just after the old end. */
	wrapped = q->head + q->count > cap ? q->head + q->count - cap : 0;
	memcpy((char *)cells + cap * entry, cells, wrapped * entry);
	memcpy(tags + cap, tags, wrapped);
	q->mask = 2 * cap - 1;
	return 0;
}
