#include "nodes.h"

#include <string.h>

#define FIRST_NODES 1024
#define FIRST_SLOTS 2048
#define FIRST_ENTRIES 16
/* The most entries a bucket holds: its capacity doubles up to this, and a
 * push past it is refused (as memory is), never wrapped to 0. */
#define MAX_ENTRIES (UINT32_MAX / 2 + 1)

int pb_nodes_init(pb_nodes *n, pb_meter *m, pb_kernel k, bool keep_h)
{
	memset(n, 0, sizeof(*n));
	n->m = m;
	n->cell_words = pb_kernel_words(k);
	n->cap = FIRST_NODES;
	n->words = pb_alloc(m, n->cap * (size_t)pb_nodes_words(k) * sizeof(*n->words));
	n->slots = pb_calloc(m, FIRST_SLOTS, sizeof(*n->slots));
	n->h = keep_h ? pb_alloc(m, n->cap) : NULL;
	n->mask = FIRST_SLOTS - 1;
	n->shift = 64 - __builtin_ctz(FIRST_SLOTS);
	if (!n->words || !n->slots || (keep_h && !n->h)) {
		pb_nodes_free(n);
		return -1;
	}
	return 0;
}

void pb_nodes_free(pb_nodes *n)
{
	pb_free(n->words);
	pb_free(n->slots);
	pb_free(n->h);
	n->words = NULL;
	n->slots = NULL;
	n->h = NULL;
	n->count = n->cap = 0;
}

double pb_nodes_bytes_each(const pb_nodes *n, pb_kernel k)
{
	return (double)pb_nodes_words(k) * 8.0 + (n->h ? 1.0 : 0.0) + 8.0 * 4.0 / 3.0;
}

/* Rehashing needs only the number of words a state takes: every
 * kernel's fold (kernel.h) is the fold of its words. */
int pb_nodes_grow_slots(pb_nodes *n)
{
	const int cw = n->cell_words;
	size_t size = (n->mask + 1) * 2;
	uint64_t *old = n->slots, *slots = pb_calloc(n->m, size, sizeof(*slots));

	if (!slots)
		return -1;
	n->slots = slots;
	n->mask = size - 1;
	n->shift--;
	for (uint32_t id = 0; id < n->count; id++) {
		pb_cells c = pb_cells_load(n->words + (size_t)id * (size_t)(cw + 1), cw);
		uint64_t fold = pb_cells_fold(c, cw);
		size_t i = (size_t)((fold * 0x9E3779B97F4A7C15ULL) >> n->shift);

		while (n->slots[i])
			i = (i + 1) & n->mask;
		n->slots[i] = ((fold * PB_NODES_FINGERPRINT) & ~PB_NODES_ID_MASK) | (id + 1);
	}
	pb_free(old);
	return 0;
}

int pb_nodes_grow(pb_nodes *n)
{
	uint32_t cap;
	uint64_t *words;

	if (n->cap >= PB_NO_NODE - n->cap / 2)
		return -1;
	cap = n->cap + n->cap / 2;
	words = pb_realloc(n->m, n->words,
			   (size_t)cap * (size_t)(n->cell_words + 1) * sizeof(*words));
	if (!words)
		return -1;
	n->words = words;
	if (n->h) {
		uint8_t *h = pb_realloc(n->m, n->h, cap);

		if (!h)
			return -1;
		n->h = h;
	}
	n->cap = cap;
	return 0;
}

void pb_buckets_init_keys(pb_buckets *q, pb_meter *m, int width)
{
	memset(q, 0, sizeof(*q));
	q->m = m;
	q->low = PB_COSTS;
	q->width = width;
}

void pb_buckets_init(pb_buckets *q, pb_meter *m)
{
	pb_buckets_init_keys(q, m, PB_COSTS);
}

void pb_buckets_free(pb_buckets *q)
{
	for (int a = 0; a < PB_COSTS; a++) {
		if (!q->rows[a])
			continue;
		/* the buckets that hold memory only: a row has 256 */
		for (int b = q->first[a]; b <= q->last[a]; b++)
			pb_free(q->rows[a][b].ids);
		pb_free(q->rows[a]);
		q->rows[a] = NULL;
	}
	q->count = 0;
	q->low = PB_COSTS;
}

int pb_buckets_row(pb_buckets *q, int a)
{
	q->rows[a] = pb_calloc(q->m, (size_t)q->width, sizeof(pb_bucket));
	if (!q->rows[a])
		return -1;
	q->top[a] = q->last[a] = 0;
	q->bottom[a] = q->first[a] = PB_COSTS - 1;
	return 0;
}

int pb_buckets_grow(pb_buckets *q, int a, int b)
{
	pb_bucket *e = &q->rows[a][b];
	uint32_t cap = e->cap ? 2 * e->cap : FIRST_ENTRIES;
	uint32_t *ids = e->cap < MAX_ENTRIES ? pb_realloc(q->m, e->ids, (size_t)cap * sizeof(*ids))
					     : NULL;

	if (!ids)
		return -1;
	if (b < q->first[a])
		q->first[a] = (uint8_t)b;
	if (b > q->last[a])
		q->last[a] = (uint8_t)b;
	e->ids = ids;
	e->cap = cap;
	return 0;
}
