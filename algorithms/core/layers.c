#include "layers.h"

#include <assert.h>
#include <string.h>

int pb_layers_init(pb_layers *l, pb_meter *meter, int buckets, int words)
{
	memset(l, 0, sizeof(*l));
	l->buckets = buckets;
	l->words = words;
	l->meter = meter;
	for (int i = 0; i < 2; i++) {
		l->pair[i].start = pb_calloc(meter, (size_t)buckets + 1, sizeof(size_t));
		if (!l->pair[i].start) {
			pb_layers_release(l);
			return -1;
		}
	}
	l->now = &l->pair[0];
	l->next = &l->pair[1];
	return 0;
}

void pb_layers_release(pb_layers *l)
{
	for (int i = 0; i < 2; i++) {
		if (l->kept) {
			pb_keep(l->pair[i].items);
			l->kept[i] = l->pair[i].items;
		} else {
			pb_free(l->pair[i].items);
		}
		pb_free(l->pair[i].start);
	}
	memset(l, 0, sizeof(*l));
}

/* The bytes of an item. */
static size_t item_bytes(const pb_layers *l)
{
	return (size_t)l->words * sizeof(*l->pair[0].items);
}

void pb_layers_reserve(pb_layers *l, size_t most)
{
	l->most = most <= SIZE_MAX / item_bytes(l) ? most : 0;
}

void pb_layers_keep(pb_layers *l, void *kept[2])
{
	for (int i = 0; i < 2; i++) {
		l->pair[i].items = kept[i];
		kept[i] = NULL;
	}
	l->kept = kept;
}

/* Give layer K room for CAP items. Returns 0, or -1 when refused. */
static int layer_resize(pb_layers *l, pb_layer *k, size_t cap)
{
	size_t item = item_bytes(l);
	uint64_t *items = l->most ? pb_realloc_room(l->meter, k->items, cap * item, l->most * item)
				  : pb_realloc(l->meter, k->items, cap * item);

	if (!items)
		return -1;
	k->items = items;
	k->cap = cap;
	return 0;
}

int pb_layer_grow(pb_layers *l, size_t n)
{
	pb_layer *k = l->next;
	/* by a quarter: a layer's array is the bulk of a search's memory, and
	 * a large block grows in place (the system remaps it, or it has its
	 * room), but no further than the room */
	size_t cap = k->cap + k->cap / 4 + 64, need = k->count + n;

	if (l->most && cap > l->most)
		cap = l->most;
	return layer_resize(l, k, cap > need ? cap : need);
}

void pb_layers_close(pb_layers *l, int b)
{
	pb_layer *k = l->next;

	/* buckets before B that were never closed are empty */
	for (; k->closed < b; k->closed++)
		k->start[k->closed + 1] = k->start[k->closed];
	k->start[b + 1] = k->count;
	k->closed = b + 1;
}

int pb_layers_put(pb_layers *l, int b, const uint64_t *item)
{
	uint64_t *to = pb_layers_room(l, 1);

	if (!to)
		return -1;
	memcpy(to, item, (size_t)l->words * sizeof(*item));
	pb_layers_added(l, 1);
	pb_layers_close(l, b);
	return 0;
}

size_t pb_layers_advance(pb_layers *l)
{
	pb_layer *old = l->now;

	/* every item is in a closed bucket; the rest are empty */
	assert(l->next->count == l->next->start[l->next->closed]);
	if (l->next->closed < l->buckets)
		pb_layers_close(l, l->buckets - 1);
	l->now = l->next;
	l->next = old;
	/* what the layer before held: the next one starts from that much */
	if (old->cap > old->count + old->count / 4 + 64 && old->count)
		layer_resize(l, old, old->count);
	old->count = 0;
	old->closed = 0;
	memset(old->start, 0, ((size_t)l->buckets + 1) * sizeof(*old->start));
	return l->now->count;
}
