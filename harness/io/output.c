#include "harness/io/output.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void pb_output_init(pb_output *o, FILE *file)
{
	o->file = file;
	o->used = 0;
	o->failed = 0;
}

static void flush(pb_output *o)
{
	if (o->used && fwrite(o->buf, 1, o->used, o->file) != o->used)
		o->failed = 1;
	o->used = 0;
}

char *pb_output_reserve_slow(pb_output *o, size_t n)
{
	/* a caller asking past the bound would write past the buffer */
	if (n > PB_OUTPUT_RESERVE_MAX)
		abort();
	flush(o);
	return o->buf;
}

void pb_output_write(pb_output *o, const char *s, size_t n)
{
	if (n > PB_OUTPUT_RESERVE_MAX) {
		flush(o);
		if (fwrite(s, 1, n, o->file) != n)
			o->failed = 1;
		return;
	}
	memcpy(pb_output_reserve(o, n), s, n);
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
	return o->failed ? -1 : 0;
}
