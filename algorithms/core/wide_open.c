#include "wide_open.h"

#include <string.h>

/* The first sizes: rows, buckets a row, entries a bucket. */
#define FIRST_ROWS 256u
#define FIRST_WIDTH 16u
#define FIRST_ENTRIES 16u
/* The most of each an array holds: doubling stops here, and a push past
 * it is refused (as memory is), never wrapped to 0. */
#define MAX_LENGTH (UINT32_MAX / 2 + 1)

void pb_wide_open_init(pb_wide_open *q, pb_meter *m)
{
	memset(q, 0, sizeof(*q));
	q->m = m;
}

void pb_wide_open_free(pb_wide_open *q)
{
	for (uint32_t a = 0; a < q->nrows; a++) {
		pb_wide_row *r = &q->rows[a];

		for (uint32_t b = 0; b < r->width; b++)
			pb_free(r->b[b].ids);
		pb_free(r->b);
	}
	pb_free(q->rows);
	pb_wide_open_init(q, q->m);
}

/* The next size after HAVE (FIRST where 0, else doubled) that exceeds
 * NEED; 0 where it would pass MAX_LENGTH. */
static uint32_t next_size(uint32_t have, uint32_t need, uint32_t first)
{
	uint64_t n = have ? have : first;

	while (n <= need)
		n *= 2;
	return n > MAX_LENGTH ? 0 : (uint32_t)n;
}

int pb_wide_open_rows(pb_wide_open *q, uint32_t a)
{
	uint32_t n = next_size(q->nrows, a, FIRST_ROWS);
	pb_wide_row *rows = n ? pb_realloc(q->m, q->rows, (size_t)n * sizeof(*rows)) : NULL;

	if (!rows)
		return -1;
	memset(rows + q->nrows, 0, (size_t)(n - q->nrows) * sizeof(*rows));
	q->rows = rows;
	q->nrows = n;
	return 0;
}

int pb_wide_open_widen(pb_wide_open *q, pb_wide_row *r, uint32_t b)
{
	uint32_t n = next_size(r->width, b, FIRST_WIDTH);
	pb_wide_bucket *e = n ? pb_realloc(q->m, r->b, (size_t)n * sizeof(*e)) : NULL;

	if (!e)
		return -1;
	memset(e + r->width, 0, (size_t)(n - r->width) * sizeof(*e));
	r->b = e;
	r->width = n;
	return 0;
}

int pb_wide_open_grow(pb_wide_open *q, pb_wide_bucket *e)
{
	uint32_t n = next_size(e->cap, e->cap, FIRST_ENTRIES);
	uint32_t *ids = n ? pb_realloc(q->m, e->ids, (size_t)n * sizeof(*ids)) : NULL;

	if (!ids)
		return -1;
	e->ids = ids;
	e->cap = n;
	return 0;
}
