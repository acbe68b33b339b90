/* The node store of the best-first searches (A*, NBS, DVCBS, GBFHS, BAE*
 * and the suboptimal ones): nodes in one array, a hash table over them
 * holding a fingerprint of each state beside its number, and open lists
 * of buckets by two small costs (f and g, or g and f).
 *
 * A node is its packed cells (one or two words, as the kernel packs them)
 * and one word of pb_node: parent, g, the move that reached it, the
 * state's class and a byte of the search's own flags; where the search
 * asks, also a byte of h beside it. So a node costs 16 bytes on the
 * one-word kernels (24 on the two-word ones), 17 (25) with h; a hash slot
 * 8 bytes (the table at most 3/4 full); an open entry 4 bytes. Everything
 * is allocated through the meter, so the memory limit ends a search with
 * PB_MEMOUT (a function here returns -1 or PB_NO_NODE, and the search
 * asks pb_search_alloc_failed).
 *
 * The functions that a search calls per node are inline and take the
 * kernel as a constant (kernel.h): a search written once and instantiated
 * per kernel (PB_KERNELS) reads and hashes the cells the way that kernel
 * packs them. */
#ifndef PB_NODES_H
#define PB_NODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../puzzles/kernel.h"
#include "meter.h"

#define PB_NO_NODE UINT32_MAX
/* Costs (g, h, f and the buckets' keys) are kept in a byte: far above
 * every optimal length of the domains here (the 5x5 board's diameter is
 * at most 208). */
#define PB_COSTS 256

/* The word after a node's cells. */
typedef struct pb_node {
	uint32_t parent; /* PB_NO_NODE for a root */
	uint8_t g;
	uint8_t move;  /* that reached it (the search says which way); PB_NO_MOVE for a root */
	uint8_t cls;   /* the state's class (kernel.h) */
	uint8_t flags; /* the search's own: closed, open, ready... */
} pb_node;

_Static_assert(sizeof(pb_node) == sizeof(uint64_t), "a node's info is one word");

typedef struct pb_nodes {
	pb_meter *m;
	uint64_t *words; /* the nodes: cells, then a pb_node */
	uint8_t *h;      /* one byte a node; NULL unless kept */
	uint32_t count, cap;
	uint64_t *slots; /* fingerprint | node number + 1; 0 empty */
	size_t mask, used;
	int shift; /* 64 - log2(slots): a product's high bits pick the slot */
	int cell_words; /* the kernel's words a state */
} pb_nodes;

/* An empty store for the states of kernel K, allocating through M; with
 * KEEP_H a byte of h a node. Returns 0, or -1 (memory refused; nothing
 * held). */
int pb_nodes_init(pb_nodes *n, pb_meter *m, pb_kernel k, bool keep_h);

/* Free what the store holds (an empty one too). */
void pb_nodes_free(pb_nodes *n);

/* The bytes one node costs: its words, its h where kept, and the share of
 * the hash table a node has at the table's fullest (4/3 slots). */
double pb_nodes_bytes_each(const pb_nodes *n, pb_kernel k);

/* Words a node takes, its cells and its info. */
PB_INLINE int pb_nodes_words(const pb_kernel k)
{
	return pb_kernel_words(k) + 1;
}

PB_INLINE pb_cells pb_nodes_cells(const pb_nodes *n, const pb_kernel k, uint32_t id)
{
	return pb_cells_load(n->words + (size_t)id * (size_t)pb_nodes_words(k), pb_kernel_words(k));
}

PB_INLINE pb_node *pb_nodes_node(const pb_nodes *n, const pb_kernel k, uint32_t id)
{
	return (pb_node *)(void *)(n->words + (size_t)id * (size_t)pb_nodes_words(k) +
				   pb_kernel_words(k));
}

/* A slot: the node's number + 1 in the low half, a fingerprint of its
 * cells (the high half of another product) in the high half. */
#define PB_NODES_ID_MASK 0xffffffffULL
#define PB_NODES_FINGERPRINT 0xC2B2AE3D27D4EB4FULL /* odd, bits well spread (xxHash's) */

PB_INLINE uint64_t pb_nodes_fingerprint(const pb_kernel k, pb_cells cells)
{
	return (pb_kernel_fold(k, cells) * PB_NODES_FINGERPRINT) & ~PB_NODES_ID_MASK;
}

/* Where CELLS's search in the table starts. */
PB_INLINE size_t pb_nodes_home(const pb_nodes *n, const pb_kernel k, pb_cells cells)
{
	return (size_t)((pb_kernel_fold(k, cells) * 0x9E3779B97F4A7C15ULL) >> n->shift);
}

/* Fetch CELLS's first slot ahead of a lookup. */
PB_INLINE void pb_nodes_prefetch(const pb_nodes *n, const pb_kernel k, pb_cells cells)
{
	__builtin_prefetch(&n->slots[pb_nodes_home(n, k, cells)]);
}

/* The node in slot I, or PB_NO_NODE. */
PB_INLINE uint32_t pb_nodes_in(const pb_nodes *n, size_t i)
{
	return (uint32_t)(n->slots[i] & PB_NODES_ID_MASK) - 1;
}

/* The slot of CELLS: where its node is, or the empty slot for it. */
PB_INLINE size_t pb_nodes_slot(const pb_nodes *n, const pb_kernel k, pb_cells cells)
{
	uint64_t fp = pb_nodes_fingerprint(k, cells);
	size_t i = pb_nodes_home(n, k, cells);

	for (; n->slots[i]; i = (i + 1) & n->mask)
		if ((n->slots[i] & ~PB_NODES_ID_MASK) == fp &&
		    pb_kernel_equal(k, pb_nodes_cells(n, k, pb_nodes_in(n, i)), cells))
			break;
	return i;
}

/* The node of CELLS, or PB_NO_NODE. */
PB_INLINE uint32_t pb_nodes_find(const pb_nodes *n, const pb_kernel k, pb_cells cells)
{
	return pb_nodes_in(n, pb_nodes_slot(n, k, cells));
}

/* Double the table (nodes.c). */
int pb_nodes_grow_slots(pb_nodes *n);

/* Room for one more node (nodes.c). */
int pb_nodes_grow(pb_nodes *n);

/* A new node for CELLS, which the store must not hold, with INFO (and H
 * where kept). Returns its number, or PB_NO_NODE when memory was refused. */
PB_INLINE uint32_t pb_nodes_add(pb_nodes *n, const pb_kernel k, pb_cells cells, pb_node info,
				unsigned h)
{
	uint32_t id;

	if ((n->used + 1) * 4 > (n->mask + 1) * 3 && pb_nodes_grow_slots(n))
		return PB_NO_NODE;
	if (n->count == n->cap && pb_nodes_grow(n))
		return PB_NO_NODE;
	id = n->count++;
	n->slots[pb_nodes_slot(n, k, cells)] = pb_nodes_fingerprint(k, cells) | (id + 1);
	n->used++;
	pb_cells_store(n->words + (size_t)id * (size_t)pb_nodes_words(k), cells, pb_kernel_words(k));
	*pb_nodes_node(n, k, id) = info;
	if (n->h)
		n->h[id] = (uint8_t)h;
	return id;
}

/* The moves from the root to node ID, in order, into MOVES; returns how
 * many. (The moves a backward search keeps run from the node to its root:
 * it reads them reversed.) */
PB_INLINE int pb_nodes_path(const pb_nodes *n, const pb_kernel k, uint32_t id, uint8_t *moves)
{
	int len = 0;

	for (; pb_nodes_node(n, k, id)->parent != PB_NO_NODE; id = pb_nodes_node(n, k, id)->parent)
		moves[len++] = pb_nodes_node(n, k, id)->move;
	for (int i = 0, j = len - 1; i < j; i++, j--) {
		uint8_t m = moves[i];

		moves[i] = moves[j];
		moves[j] = m;
	}
	return len;
}

/* Open lists: buckets of node numbers by two keys A and B (each below
 * PB_COSTS), a row of PB_COSTS buckets for each A (or fewer, where B is
 * known to stay below a bound: pb_buckets_init_keys), allocated when
 * first used. Entries are never removed but by taking them: a search that moves
 * a node pushes it again and skips the old entry when it comes up (its
 * own test). Within a bucket the newest entry comes first. */
typedef struct pb_bucket {
	uint32_t *ids;
	uint32_t count, cap;
} pb_bucket;

typedef struct pb_buckets {
	pb_meter *m;
	pb_bucket *rows[PB_COSTS];
	uint8_t top[PB_COSTS], bottom[PB_COSTS]; /* no entries of row A above, below */
	uint8_t first[PB_COSTS], last[PB_COSTS]; /* no bucket of row A allocated outside */
	int low;      /* no entries in the rows below it */
	size_t count; /* entries, stale ones included */
	int width;    /* buckets a row: B is below it */
} pb_buckets;

/* Empty lists allocating through M. */
void pb_buckets_init(pb_buckets *q, pb_meter *m);

/* Empty lists whose second key B stays below WIDTH (1 .. PB_COSTS): rows
 * of WIDTH buckets, so that a list by one key (B always 0) costs 16 bytes
 * a row, not 4 KiB. */
void pb_buckets_init_keys(pb_buckets *q, pb_meter *m, int width);

void pb_buckets_free(pb_buckets *q);

/* A new row (nodes.c). */
int pb_buckets_row(pb_buckets *q, int a);

/* Room in bucket (A, B) (nodes.c). */
int pb_buckets_grow(pb_buckets *q, int a, int b);

/* Add ID to bucket (A, B). Returns 0, or -1 when memory was refused. */
PB_INLINE int pb_buckets_push(pb_buckets *q, uint32_t id, int a, int b)
{
	pb_bucket *e;

	if (!q->rows[a] && pb_buckets_row(q, a))
		return -1;
	e = &q->rows[a][b];
	if (e->count == e->cap && pb_buckets_grow(q, a, b))
		return -1;
	e->ids[e->count++] = id;
	if (b > q->top[a])
		q->top[a] = (uint8_t)b;
	if (b < q->bottom[a])
		q->bottom[a] = (uint8_t)b;
	if (a < q->low)
		q->low = a;
	q->count++;
	return 0;
}

/* The next entry, without taking it: least A, then largest B (HIGH) or
 * least B; *A and *B receive its keys. PB_NO_NODE when the lists are
 * empty. */
PB_INLINE uint32_t pb_buckets_peek(pb_buckets *q, const bool high, int *a, int *b)
{
	for (int r = q->low; r < PB_COSTS; r++) {
		pb_bucket *row = q->rows[r];

		if (!row || q->top[r] < q->bottom[r])
			continue; /* none, or emptied */
		if (high) {
			for (int c = q->top[r];; c--) {
				if (row[c].count) {
					q->low = r;
					q->top[r] = (uint8_t)c;
					*a = r;
					*b = c;
					return row[c].ids[row[c].count - 1];
				}
				if (c == q->bottom[r])
					break;
			}
		} else {
			for (int c = q->bottom[r];; c++) {
				if (row[c].count) {
					q->low = r;
					q->bottom[r] = (uint8_t)c;
					*a = r;
					*b = c;
					return row[c].ids[row[c].count - 1];
				}
				if (c == q->top[r])
					break;
			}
		}
		/* the row is empty: marked so */
		q->top[r] = 0;
		q->bottom[r] = PB_COSTS - 1;
	}
	q->low = PB_COSTS;
	return PB_NO_NODE;
}

/* Take the entry pb_buckets_peek gave, from bucket (A, B). */
PB_INLINE void pb_buckets_take(pb_buckets *q, int a, int b)
{
	q->rows[a][b].count--;
	q->count--;
}

/* Take the next entry (as pb_buckets_peek). */
PB_INLINE uint32_t pb_buckets_pop(pb_buckets *q, const bool high, int *a, int *b)
{
	uint32_t id = pb_buckets_peek(q, high, a, b);

	if (id != PB_NO_NODE)
		pb_buckets_take(q, *a, *b);
	return id;
}

/* The least A with entries (stale ones too), or PB_COSTS. */
PB_INLINE int pb_buckets_low(pb_buckets *q)
{
	int a, b;

	return pb_buckets_peek(q, true, &a, &b) == PB_NO_NODE ? PB_COSTS : a;
}

#endif
