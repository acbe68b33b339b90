/* Counting allocator: every byte a solver holds goes through a meter, so the
 * harness can report exact current and peak bytes and enforce a limit
 * (after Redis' zmalloc, but with no global state: a meter is a value). */
#ifndef PB_METER_H
#define PB_METER_H

#include <stddef.h>

typedef struct pb_meter {
	size_t current; /* bytes held now */
	size_t peak;    /* largest value of current since the last reset */
	size_t limit;   /* 0: none; an allocation past it fails */
	int refused;    /* set when an allocation was refused for the limit */
} pb_meter;

/* Start counting from zero under LIMIT bytes (0 for none). */
void pb_meter_init(pb_meter *m, size_t limit);

/* Forget the peak: it becomes the bytes held now; clears refused. */
void pb_meter_reset_peak(pb_meter *m);

/* Allocate BYTES counted against M. Returns NULL (and sets m->refused) when
 * the limit would be passed, NULL when the system is out of memory. The
 * block remembers its meter: free it with pb_free alone. */
void *pb_alloc(pb_meter *m, size_t bytes);

/* As pb_alloc, zero-filled (large blocks come straight from calloc, so
 * untouched pages cost nothing until used). */
void *pb_calloc(pb_meter *m, size_t count, size_t size);

/* Grow or shrink a block from pb_alloc/pb_calloc (NULL allocates). Returns
 * NULL and leaves P intact when refused. */
void *pb_realloc(pb_meter *m, void *p, size_t bytes);

/* Release a block from this module, crediting its meter. NULL is a no-op. */
void pb_free(void *p);

#endif
