/* A large output buffer over a FILE, for commands that print a lot. The
 * buffer is part of the struct: nothing to allocate, so nothing that can
 * fail but the writes, which pb_output_finish reports. */
#ifndef PB_OUTPUT_H
#define PB_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

/* Bytes gathered before they are written. */
#define PB_OUTPUT_CHUNK (1u << 16)
/* The most one pb_output_reserve may ask for (pb_output_write takes any
 * length). */
#define PB_OUTPUT_RESERVE_MAX (1u << 12)

typedef struct pb_output {
	FILE *file;
	size_t used;
	int failed;
	char buf[PB_OUTPUT_CHUNK + PB_OUTPUT_RESERVE_MAX];
} pb_output;

/* Start buffering output to FILE. */
void pb_output_init(pb_output *o, FILE *file);

char *pb_output_reserve_slow(pb_output *o, size_t n);

/* Room for N bytes (N <= PB_OUTPUT_RESERVE_MAX; more is a bug, and
 * aborts) at the end of the buffer; pb_output_commit(o, k) then keeps the
 * first K of them. */
static inline char *pb_output_reserve(pb_output *o, size_t n)
{
	if (o->used < PB_OUTPUT_CHUNK && n <= PB_OUTPUT_RESERVE_MAX)
		return o->buf + o->used;
	return pb_output_reserve_slow(o, n);
}

static inline void pb_output_commit(pb_output *o, size_t k)
{
	o->used += k;
}

/* Append the N bytes at S (any length: a long one goes straight to the
 * file). */
void pb_output_write(pb_output *o, const char *s, size_t n);
void pb_output_printf(pb_output *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Write what is gathered now (before a wait, so that a terminal shows
 * it). */
void pb_output_flush(pb_output *o);

/* Write what is left. Returns 0, or -1 when a write failed at any point
 * (the file's error state is not cleared). */
int pb_output_finish(pb_output *o);

#endif
