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

/* Grow or shrink a block from this module (NULL allocates). Returns NULL
 * and leaves P intact when refused. A block kept (pb_keep) counts against
 * M from here. */
void *pb_realloc(pb_meter *m, void *p, size_t bytes);

/* As pb_realloc, for a big block that may grow to ROOM bytes (a search's
 * layers, its array of visited states): once it holds PB_ROOM_FROM bytes,
 * the block moves (copied once) into address space reserved for ROOM,
 * laid out for huge pages, which the system is asked for; there it grows
 * and shrinks in place, never copied. Pages come only where first touched,
 * a huge page at a time where the system gives them: a fault each 2 MiB
 * instead of each 4 KiB, which is most of what a cold search of a few
 * megabytes costs. A new room is zero; so is a new block under
 * PB_ROOM_FROM (pb_calloc's). Where the system reserves nothing, a block
 * of pb_realloc. */
void *pb_realloc_room(pb_meter *m, void *p, size_t bytes, size_t room);

/* Below this, a block stays an ordinary one: from about eight small pages
 * on, their faults cost more than a huge page's one (on a virtual machine
 * where a fault costs 12 us: sixteen cost three times as much). */
#define PB_ROOM_FROM ((size_t)32 << 10)

/* Keep block P past the search whose meter counts it (a solver keeps its
 * big blocks in its context for the next search, whose pages are then
 * there already, with no system call and no fault): P stops counting
 * against its meter, and counts against the one of the next pb_realloc
 * or pb_realloc_room handed it. Its bytes stay as they were. */
void pb_keep(void *p);

/* Have the process's heap hold BYTES already touched, for the blocks of
 * the solves to come (once a process; later calls do nothing). The heap
 * keeps what a solve frees (harness/main.c sets glibc so), but the first
 * solve of a process would fault every page it uses, one 4 KiB page at a
 * time: on a virtual machine 12 us a page, 3 ns a byte, most of a small
 * search's time (a greedy search of 4,000 nodes: 2.4 ms cold, 0.4 ms on
 * touched pages). Here the pages come as huge pages where the system
 * gives them, a fault each 2 MiB. Counted against no meter: it is free
 * memory the allocator holds, which any meter's blocks may then take.
 * Does nothing where the allocator is not glibc's or the build is
 * sanitized (whose allocator keeps no free heap). */
void pb_meter_warm(size_t bytes);

/* What bench run warms (pb_meter_warm) before its first preparation. */
#define PB_WARM_BYTES ((size_t)32 << 20)

/* Release a block from this module, crediting its meter. NULL is a no-op. */
void pb_free(void *p);

#endif
