#include "meter.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#ifndef MAP_NORESERVE
#define MAP_NORESERVE 0
#endif

/* Each block carries its size and meter just before the pointer returned. */
typedef struct block_header {
	pb_meter *meter; /* NULL: kept (pb_keep), its size counted nowhere */
	size_t size;
	/* a block in a room (pb_realloc_room): the bytes its room holds past
	 * the header (0 for a block of malloc), and where its mapping starts,
	 * before the header */
	size_t room, lead;
} block_header;

#define HEADER_SIZE ((sizeof(block_header) + 15) & ~(size_t)15)

/* A huge page, where the system has them (x86-64, and arm64 with 4 KiB
 * pages): only a mapping laid out on these boundaries can be given one. */
#define HUGE_PAGE ((size_t)2 << 20)

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
	h->room = 0;
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

/* LEN bytes (a multiple of HUGE_PAGE) of address space on huge-page
 * boundaries, zero, with huge pages asked for, its mapping starting *LEAD
 * bytes before; NULL where refused. Pages are given as touched, none set
 * aside before (MAP_NORESERVE): most of a room is never used. */
static void *map_room(size_t len, size_t *lead)
{
	char *raw = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	char *at;

	if (raw == MAP_FAILED)
		return NULL;
	/* a huge page more than asked, so that a boundary falls in its first
	 * one; what lies outside the boundaries stays mapped, never touched
	 * (no page, and no system call to give it back) */
	at = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
	*lead = (size_t)(at - raw);
#ifdef MADV_HUGEPAGE
	madvise(at, len, MADV_HUGEPAGE);
#endif
	return at;
}

/* Give back the mapping of H, a block in a room. */
static void unmap_room(block_header *h)
{
	munmap((char *)h - h->lead, h->lead + HEADER_SIZE + h->room + HUGE_PAGE);
}

/* A block grown past its room: into one of malloc, as realloc would move
 * it. NULL where refused (H stays). */
static block_header *move_out_of_room(block_header *h, size_t bytes)
{
	block_header *to = malloc(HEADER_SIZE + bytes);

	if (!to)
		return NULL;
	memcpy(to, h, HEADER_SIZE + h->size);
	unmap_room(h);
	to->room = 0;
	return to;
}

/* The meter that counts H: its own, or M for a kept block (which M
 * counts once it is handed over, not before: a refused block stays kept). */
static pb_meter *meter_of(const block_header *h, pb_meter *m)
{
	return h->meter ? h->meter : m;
}

/* The bytes of H its meter counts: none for a kept block. */
static size_t counted(const block_header *h)
{
	return h->meter ? h->size : 0;
}

void *pb_realloc(pb_meter *m, void *p, size_t bytes)
{
	block_header *h;
	size_t old;
	void *raw;

	if (!p)
		return pb_alloc(m, bytes);
	h = header_of(p);
	old = counted(h);
	m = meter_of(h, m);
	if (bytes > SIZE_MAX - HEADER_SIZE)
		return NULL;
	if (bytes > old && !meter_take(m, bytes - old))
		return NULL;
	if (!h->room)
		raw = realloc(h, HEADER_SIZE + bytes);
	else /* in its room it stays, and only the count changes */
		raw = bytes <= h->room ? h : move_out_of_room(h, bytes);
	if (!raw) {
		if (bytes > old)
			m->current -= bytes - old;
		return NULL;
	}
	if (bytes < old)
		m->current -= old - bytes;
	h = raw;
	h->meter = m;
	h->size = bytes;
	return (char *)raw + HEADER_SIZE;
}

/* Give the block H (of malloc, or NULL) up for a new one in a room of
 * ROOM bytes at least, holding BYTES, counted against M: its bytes are
 * copied (as many as both hold). NULL where the system reserves nothing. */
static block_header *move_into_room(block_header *h, pb_meter *m, size_t bytes, size_t room)
{
	size_t held = h ? h->size : 0, len, lead;
	block_header *to;

	if (room < bytes)
		room = bytes;
	if (room > SIZE_MAX - HEADER_SIZE - 2 * HUGE_PAGE)
		return NULL;
	len = (HEADER_SIZE + room + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	if (!(to = map_room(len, &lead)))
		return NULL;
	if (h) {
		memcpy((char *)to + HEADER_SIZE, (char *)h + HEADER_SIZE, held < bytes ? held : bytes);
		free(h);
	}
	to->meter = m;
	to->size = bytes;
	to->room = len - HEADER_SIZE;
	to->lead = lead;
	return to;
}

void *pb_realloc_room(pb_meter *m, void *p, size_t bytes, size_t room)
{
	block_header *h = p ? header_of(p) : NULL, *to;
	size_t old = h ? counted(h) : 0;

	/* in its room already, or too small for one */
	if ((h && h->room) || bytes < PB_ROOM_FROM)
		return p ? pb_realloc(m, p, bytes) : pb_calloc(m, bytes, 1);
	if (h)
		m = meter_of(h, m);
	if (bytes > old && !meter_take(m, bytes - old))
		return NULL;
	if (!(to = move_into_room(h, m, bytes, room))) {
		if (bytes > old)
			m->current -= bytes - old;
		return p ? pb_realloc(m, p, bytes) : pb_calloc(m, bytes, 1);
	}
	if (bytes < old)
		m->current -= old - bytes;
	return (char *)to + HEADER_SIZE;
}

void pb_keep(void *p)
{
	block_header *h;

	if (!p)
		return;
	h = header_of(p);
	if (h->meter)
		h->meter->current -= h->size;
	h->meter = NULL;
}

void pb_free(void *p)
{
	block_header *h;

	if (!p)
		return;
	h = header_of(p);
	if (h->meter)
		h->meter->current -= h->size;
	if (h->room)
		unmap_room(h);
	else
		free(h);
}

/* pb_meter_warm allocates a piece for each WARM_SPAN bytes asked, a page
 * less than that: under glibc's largest mmap threshold (32 MiB,
 * harness/main.c), so that it comes from the heap and goes back to it
 * when freed, not to the system. */
#define WARM_SPAN ((size_t)32 << 20)
#define WARM_PIECE (WARM_SPAN - 4096)
#define WARM_PIECES_MAX 64

void pb_meter_warm(size_t bytes)
{
#if defined(__GLIBC__) && !(defined(PB_SANITIZED) && PB_SANITIZED)
	static bool done;
	char *piece[WARM_PIECES_MAX];
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	size_t n = 0;

	if (done)
		return;
	done = true;
	for (size_t have = 0; have < bytes && n < WARM_PIECES_MAX; have += WARM_SPAN) {
		if (!(piece[n] = malloc(WARM_PIECE)))
			break;
		if ((uintptr_t)piece[n] < lo)
			lo = (uintptr_t)piece[n];
		if ((uintptr_t)piece[n] + WARM_PIECE > hi)
			hi = (uintptr_t)piece[n] + WARM_PIECE;
		n++;
	}
	/* The pieces follow one another at the heap's top. The whole huge
	 * pages of their span are asked for, then every page of every piece
	 * touched: one fault a huge page, and a fault a small page at the
	 * ends (the next allocations start at the lowest of them) and where
	 * malloc has written before (a piece's header between two pieces). */
	lo = (lo + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
	hi &= ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
	if (n && hi > lo)
		madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#endif
	for (size_t i = 0; i < n; i++)
		for (size_t at = 0; at < WARM_PIECE; at += 4096)
			((volatile char *)piece[i])[at] = 0;
	while (n)
		free(piece[--n]);
#else
	(void)bytes;
#endif
}
