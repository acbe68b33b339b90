#include "meter.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Each block carries its size and meter just before the pointer returned. */
typedef struct block_header {
	pb_meter *meter;
	size_t size;
} block_header;

#define HEADER_SIZE ((sizeof(block_header) + 15) & ~(size_t)15)

static block_header *header_of(void *p)
{
	/* the header sits HEADER_SIZE (a multiple of 16) before the block */
	return (block_header *)(void *)((char *)p - HEADER_SIZE);
}

static int meter_take(pb_meter *m, size_t bytes)
{
	if (m->limit && (bytes > m->limit || m->current > m->limit - bytes)) {
		m->refused = 1;
		return 0;
	}
	m->current += bytes;
	if (m->current > m->peak)
		m->peak = m->current;
	return 1;
}

void pb_meter_init(pb_meter *m, size_t limit)
{
	memset(m, 0, sizeof(*m));
	m->limit = limit;
}

void pb_meter_reset_peak(pb_meter *m)
{
	m->peak = m->current;
	m->refused = 0;
}

static void *finish_block(pb_meter *m, void *raw, size_t bytes)
{
	block_header *h;

	if (!raw) {
		m->current -= bytes;
		return NULL;
	}
	h = raw;
	h->meter = m;
	h->size = bytes;
	return (char *)raw + HEADER_SIZE;
}

void *pb_alloc(pb_meter *m, size_t bytes)
{
	if (bytes > SIZE_MAX - HEADER_SIZE || !meter_take(m, bytes))
		return NULL;
	return finish_block(m, malloc(HEADER_SIZE + bytes), bytes);
}

void *pb_calloc(pb_meter *m, size_t count, size_t size)
{
	size_t bytes;

	if (size && count > (SIZE_MAX - HEADER_SIZE) / size)
		return NULL;
	bytes = count * size;
	if (!meter_take(m, bytes))
		return NULL;
	return finish_block(m, calloc(1, HEADER_SIZE + bytes), bytes);
}

void *pb_realloc(pb_meter *m, void *p, size_t bytes)
{
	block_header *h;
	size_t old;
	void *raw;

	if (!p)
		return pb_alloc(m, bytes);
	h = header_of(p);
	old = h->size;
	m = h->meter;
	if (bytes > SIZE_MAX - HEADER_SIZE)
		return NULL;
	if (bytes > old && !meter_take(m, bytes - old))
		return NULL;
	raw = realloc(h, HEADER_SIZE + bytes);
	if (!raw) {
		if (bytes > old)
			m->current -= bytes - old;
		return NULL;
	}
	if (bytes < old)
		m->current -= old - bytes;
	h = raw;
	h->size = bytes;
	return (char *)raw + HEADER_SIZE;
}

void pb_free(void *p)
{
	block_header *h;

	if (!p)
		return;
	h = header_of(p);
	h->meter->current -= h->size;
	free(h);
}
