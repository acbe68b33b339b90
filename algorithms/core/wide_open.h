/* An open list of buckets by two integer keys that may pass 255, for the
 * searches whose priorities nodes.h's pb_buckets cannot hold in a byte:
 * weighted A* (q*g + p*h for a weight p/q, then h) and greedy best-first
 * (h, then g on paths of hundreds of moves).
 *
 * Entries are node numbers in buckets (A, B); the next is the newest
 * entry of the least A, and within it of the least B. Row A is an array
 * of buckets indexed by B, allocated when first used and widened as
 * larger B come; the rows themselves are one array indexed by A, grown
 * (zeroed) as larger A come. An empty row costs its header (24 bytes), a
 * used one 16 bytes a bucket up to its largest B, and an entry 4 bytes
 * (the arrays double). As in pb_buckets, entries are never removed but
 * by taking them: a search that moves a node pushes it again and skips
 * the old entry when it comes up.
 *
 * Keys need not come in order: a push below the least key so far moves
 * the search for the next entry back (weighted A* with w > 1 meets
 * children of a smaller priority than their parent). Everything is
 * allocated through the meter; a refused allocation leaves the list as
 * it was and returns -1. */
#ifndef PB_WIDE_OPEN_H
#define PB_WIDE_OPEN_H

#include <stddef.h>
#include <stdint.h>

#include "../puzzles/kernel.h"
#include "meter.h"

typedef struct pb_wide_bucket {
	uint32_t *ids;
	uint32_t count, cap;
} pb_wide_bucket;

typedef struct pb_wide_row {
	pb_wide_bucket *b; /* NULL until used */
	uint32_t width;    /* buckets allocated: B below it */
	uint32_t low;      /* no entries in the buckets below it */
	uint32_t count;    /* entries in the row */
} pb_wide_row;

typedef struct pb_wide_open {
	pb_meter *m;
	pb_wide_row *rows;
	uint32_t nrows; /* rows allocated: A below it */
	uint32_t low;   /* no entries in the rows below it */
	size_t count;   /* entries, stale ones included */
} pb_wide_open;

/* An empty list allocating through M (nothing is allocated yet). */
void pb_wide_open_init(pb_wide_open *q, pb_meter *m);

/* Free what the list holds. */
void pb_wide_open_free(pb_wide_open *q);

/* Room for row A, or for bucket B of row A (wide_open.c). Return 0, or
 * -1 when memory was refused. */
int pb_wide_open_rows(pb_wide_open *q, uint32_t a);
int pb_wide_open_widen(pb_wide_open *q, pb_wide_row *r, uint32_t b);
int pb_wide_open_grow(pb_wide_open *q, pb_wide_bucket *e);

/* Add ID to bucket (A, B). Returns 0, or -1 when memory was refused. */
PB_INLINE int pb_wide_open_push(pb_wide_open *q, uint32_t id, uint32_t a, uint32_t b)
{
	pb_wide_row *r;
	pb_wide_bucket *e;

	if (__builtin_expect(a >= q->nrows, 0) && pb_wide_open_rows(q, a))
		return -1;
	r = &q->rows[a];
	if (__builtin_expect(b >= r->width, 0) && pb_wide_open_widen(q, r, b))
		return -1;
	e = &r->b[b];
	if (__builtin_expect(e->count == e->cap, 0) && pb_wide_open_grow(q, e))
		return -1;
	e->ids[e->count++] = id;
	r->count++;
	if (b < r->low)
		r->low = b;
	if (a < q->low)
		q->low = a;
	q->count++;
	return 0;
}

/* Take the next entry (least A, then least B, then the newest); *A and *B
 * receive its keys. PB_NO_NODE (nodes.h's UINT32_MAX) when the list is
 * empty. */
PB_INLINE uint32_t pb_wide_open_pop(pb_wide_open *q, uint32_t *a, uint32_t *b)
{
	uint32_t ra = q->low;

	if (!q->count)
		return UINT32_MAX;
	/* some row at or above low holds the entries counted */
	while (!q->rows[ra].count)
		ra++;
	q->low = ra;

	pb_wide_row *r = &q->rows[ra];
	uint32_t rb = r->low;

	while (!r->b[rb].count)
		rb++;
	r->low = rb;
	r->count--;
	q->count--;
	*a = ra;
	*b = rb;
	return r->b[rb].ids[--r->b[rb].count];
}

#endif
