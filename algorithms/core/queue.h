/* A FIFO ring of packed states (one or two words each, see state.h), each
 * with one byte of tag (the move that reached it), growing by doubling: 9
 * bytes an entry of one word, 17 of two. Memory from a meter. The
 * functions take the word count as a constant argument (equal to the
 * queue's own), as the hash table's do. */
#ifndef PB_QUEUE_H
#define PB_QUEUE_H

#include <stddef.h>
#include <stdint.h>

#include "../puzzles/state.h"
#include "meter.h"

typedef struct pb_queue {
	uint64_t *cells; /* WORDS an entry */
	uint8_t *tags;
	size_t mask; /* capacity - 1 (a power of two) */
	size_t head, count;
	int words;
	pb_meter *meter;
} pb_queue;

/* An empty queue of states of WORDS words. Returns 0, or -1 when the meter
 * refused the memory. */
int pb_queue_init(pb_queue *q, pb_meter *meter, size_t capacity, int words);
void pb_queue_release(pb_queue *q);
/* Double the capacity. Returns 0 or -1 (refused; the queue is unchanged). */
int pb_queue_grow(pb_queue *q);

/* Append. Returns 0, or -1 when growing was refused. */
static inline int pb_queue_push(pb_queue *q, pb_cells cells, uint8_t tag, const int words)
{
	size_t i;

	if (q->count > q->mask && pb_queue_grow(q))
		return -1;
	i = (q->head + q->count++) & q->mask;
	pb_cells_store(&q->cells[i * (size_t)words], cells, words);
	q->tags[i] = tag;
	return 0;
}

/* Make room for N more entries. Returns 0, or -1 when refused. */
static inline int pb_queue_reserve(pb_queue *q, size_t n)
{
	while (q->count + n > q->mask + 1)
		if (pb_queue_grow(q))
			return -1;
	return 0;
}

/* Write an entry after the last and keep it only if KEEP (0 or 1): lets a
 * search queue what is new without a branch. Room must be reserved. */
static inline void pb_queue_put(pb_queue *q, pb_cells cells, uint8_t tag, unsigned keep,
				const int words)
{
	size_t i = (q->head + q->count) & q->mask;

	pb_cells_store(&q->cells[i * (size_t)words], cells, words);
	q->tags[i] = tag;
	q->count += keep;
}

/* Take the oldest entry; the queue must not be empty. */
static inline pb_cells pb_queue_pop(pb_queue *q, uint8_t *tag, const int words)
{
	pb_cells cells = pb_cells_load(&q->cells[q->head * (size_t)words], words);

	*tag = q->tags[q->head];
	q->head = (q->head + 1) & q->mask;
	q->count--;
	return cells;
}

#endif
