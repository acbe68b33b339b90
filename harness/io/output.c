#include "harness/io/output.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Room past the chunk, for reserves while it fills. */
#define OUTPUT_SLACK (1u << 12)

void pb_output_init(pb_output *o, FILE *file)
{
	o->file = file;
	o->cap = PB_OUTPUT_CHUNK + OUTPUT_SLACK;
	o->buf = malloc(o->cap);
	o->used = 0;
	o->failed = !o->buf;
}

static void flush(pb_output *o)
{
	if (o->used && fwrite(o->buf, 1, o->used, o->file) != o->used)
		o->failed = 1;
	o->used = 0;
}

char *pb_output_reserve_slow(pb_output *o, size_t n)
{
	if (o->used + n > o->cap || o->used >= PB_OUTPUT_CHUNK)
		flush(o);
	if (n > o->cap) {
		char *bigger = realloc(o->buf, n);

		if (bigger) {
			o->buf = bigger;
			o->cap = n;
		}
	}
	return o->buf + o->used;
}

void pb_output_write(pb_output *o, const char *s, size_t n)
{
	char *w = pb_output_reserve(o, n);

	memcpy(w, s, n);
	pb_output_commit(o, n);
}

void pb_output_printf(pb_output *o, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n > 0)
		pb_output_write(o, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
}

void pb_output_flush(pb_output *o)
{
	flush(o);
	if (fflush(o->file))
		o->failed = 1;
}

int pb_output_finish(pb_output *o)
{
	pb_output_flush(o);
	free(o->buf);
	o->buf = NULL;
	return o->failed ? -1 : 0;
}
