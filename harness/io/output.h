/* A large output buffer over a FILE, for commands that print a lot. */
#ifndef PB_OUTPUT_H
#define PB_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

typedef struct pb_output {
	FILE *file;
	char *buf;
	size_t used, cap;
	int failed;
} pb_output;

/* Start buffering output to FILE. */
void pb_output_init(pb_output *o, FILE *file);

/* Bytes gathered before they are written. */
#define PB_OUTPUT_CHUNK (1u << 16)

char *pb_output_reserve_slow(pb_output *o, size_t n);

/* Room for N bytes at the end of the buffer; pb_output_commit(o, k) then
 * keeps the first K of them. */
static inline char *pb_output_reserve(pb_output *o, size_t n)
{
	if (o->used + n <= o->cap && o->used < PB_OUTPUT_CHUNK)
		return o->buf + o->used;
	return pb_output_reserve_slow(o, n);
}

static inline void pb_output_commit(pb_output *o, size_t k)
{
	o->used += k;
}

void pb_output_write(pb_output *o, const char *s, size_t n);
void pb_output_printf(pb_output *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Write what is gathered now (before a wait, so that a terminal shows
 * it). */
void pb_output_flush(pb_output *o);

/* Write what is left and free the buffer. Returns 0, or -1 when a write
 * failed at any point. */
int pb_output_finish(pb_output *o);

#endif
