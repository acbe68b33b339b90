/* The layers of a breadth-first search, each one array in buckets: states
 * that share a bucket share the moves worth trying (tiles: the blank's cell
 * and the move that reached them), so a search runs one tight loop per
 * bucket and move, with nothing to decide per state. Two layers live at
 * once, the one being expanded and the next, which is filled one bucket
 * after another (a search pulls each bucket of it from the buckets of the
 * layer before). An item is WORDS uint64_t: a packed state and what
 * travels with it. Memory comes from a meter: 8 bytes a word of each item
 * of the two layers, and up to a quarter more (an array grows by a
 * quarter; the emptied one keeps room for as many items as it held). */
#ifndef PB_LAYERS_H
#define PB_LAYERS_H

#include <stddef.h>
#include <stdint.h>

#include "meter.h"

typedef struct pb_layer {
	uint64_t *items;
	size_t count, cap; /* in items */
	size_t *start;     /* bucket b: items start[b] to start[b + 1] - 1 */
	int closed;        /* buckets whose items are all in */
} pb_layer;

typedef struct pb_layers {
	pb_layer *now, *next;
	pb_layer pair[2];
	int buckets, words;
	pb_meter *meter;
	size_t most;  /* items an array may grow to in its room; 0: no room */
	void **kept;  /* where the arrays go at release (pb_layers_keep) */
} pb_layers;

/* Two empty layers of BUCKETS buckets, items of WORDS words. Returns 0, or
 * -1 when the meter refused the memory. */
int pb_layers_init(pb_layers *l, pb_meter *meter, int buckets, int words);
void pb_layers_release(pb_layers *l);

/* Before the first item: each layer's array may grow to MOST items (the
 * most it holds, and the room asked past them), in a room of huge pages
 * once it is big (pb_realloc_room), where it is never copied. The meter
 * counts the same as without. */
void pb_layers_reserve(pb_layers *l, size_t most);

/* Before the first item: the arrays are the blocks KEPT[0..1] holds (what
 * the search before kept, or NULL), and go back there at release, kept
 * (pb_keep), for the next search to find its pages there. */
void pb_layers_keep(pb_layers *l, void *kept[2]);

/* Grow the next layer's array to hold N more items. Returns 0, or -1. */
int pb_layer_grow(pb_layers *l, size_t n);

/* Room for N more items at the end of the next layer: where the first
 * goes, or NULL when the meter refused. What is written there counts once
 * pb_layers_added says how many items were kept. */
static inline uint64_t *pb_layers_room(pb_layers *l, size_t n)
{
	pb_layer *k = l->next;

	if (k->count + n > k->cap && pb_layer_grow(l, n))
		return NULL;
	return k->items + k->count * (size_t)l->words;
}

static inline void pb_layers_added(pb_layers *l, size_t n)
{
	l->next->count += n;
}

/* The items added to the next layer since the last close are bucket B's
 * (buckets close in order; those skipped stay empty). */
void pb_layers_close(pb_layers *l, int b);

/* Put ITEM in bucket B of the next layer (B at or past the last closed),
 * and close B. Returns 0, or -1 when the meter refused. */
int pb_layers_put(pb_layers *l, int b, const uint64_t *item);

/* Bucket B of the layer being expanded: its first item, and *N of them. */
static inline const uint64_t *pb_layers_bucket(const pb_layers *l, int b, size_t *n)
{
	const pb_layer *k = l->now;

	*n = k->start[b + 1] - k->start[b];
	return k->items + k->start[b] * (size_t)l->words;
}

/* Make the next layer the one to expand and empty the old one. Returns how
 * many items the new one holds. */
size_t pb_layers_advance(pb_layers *l);

#endif
