#include <criterion/criterion.h>
#include <errno.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "algorithms/core/meter.h"
#include "algorithms/core/queue.h"
#include "algorithms/core/table.h"

Test(meter, counts_current_and_peak)
{
	pb_meter m;
	char *a, *b;

	pb_meter_init(&m, 0);
	a = pb_alloc(&m, 1000);
	b = pb_calloc(&m, 10, 100);
	cr_assert(a && b);
	cr_assert_eq(m.current, 2000);
	pb_free(a);
	cr_assert_eq(m.current, 1000);
	cr_assert_eq(m.peak, 2000);
	b = pb_realloc(&m, b, 5000);
	cr_assert_eq(m.current, 5000);
	cr_assert_eq(m.peak, 5000);
	pb_free(b);
	cr_assert_eq(m.current, 0);
	pb_meter_reset_peak(&m);
	cr_assert_eq(m.peak, 0);
}

Test(meter, refuses_past_the_limit_and_keeps_the_block)
{
	pb_meter m;
	char *a, *b;

	pb_meter_init(&m, 4096);
	a = pb_alloc(&m, 3000);
	cr_assert_not_null(a);
	memset(a, 7, 3000);
	cr_assert_null(pb_alloc(&m, 2000), "2000 more bytes pass a 4096-byte limit");
	cr_assert(m.refused);
	cr_assert_null(pb_realloc(&m, a, 5000));
	cr_assert_eq(a[2999], 7, "a refused realloc must leave the block alone");
	b = pb_alloc(&m, 1096);
	cr_assert_not_null(b, "exactly up to the limit is allowed");
	cr_assert_eq(m.peak, 4096);
	pb_free(a);
	pb_free(b);
}

/* Whether BYTES bytes at P all hold V. */
static bool all_bytes(const unsigned char *p, size_t bytes, unsigned char v)
{
	for (size_t i = 0; i < bytes; i++)
		if (p[i] != v)
			return false;
	return true;
}

/* A big block in a room starts zero, grows and shrinks where it is, and
 * the meter counts its bytes, not its room. */
Test(meter, a_room_grows_in_place)
{
	const size_t bytes = 4 * PB_ROOM_FROM, room = 64 * PB_ROOM_FROM;
	pb_meter m;
	unsigned char *a, *b;

	pb_meter_init(&m, 0);
	a = pb_realloc_room(&m, NULL, bytes, room);
	cr_assert_not_null(a);
	cr_assert(all_bytes(a, bytes, 0), "a new room is zero");
	cr_assert_eq(m.current, bytes, "%zu bytes counted for %zu", m.current, bytes);
	memset(a, 5, bytes);
	b = pb_realloc(&m, a, room);
	cr_assert_eq(b, a, "a block grown within its room moved");
	cr_assert_eq(m.current, room);
	cr_assert(all_bytes(b, bytes, 5), "the bytes of a block grown in its room");
	b = pb_realloc_room(&m, b, bytes / 2, room);
	cr_assert_eq(b, a, "a block shrunk in its room moved");
	cr_assert_eq(m.current, bytes / 2);
	cr_assert_eq(m.peak, room);
	pb_free(b);
	cr_assert_eq(m.current, 0);
}

/* A small block stays an ordinary one, and moves into a room with its
 * bytes once it is big; past its room, it moves out with them. */
Test(meter, a_block_moves_into_its_room_and_out)
{
	const size_t small = PB_ROOM_FROM / 4, room = 8 * PB_ROOM_FROM;
	pb_meter m;
	unsigned char *a;

	pb_meter_init(&m, 0);
	a = pb_realloc_room(&m, NULL, small, room);
	cr_assert_not_null(a);
	cr_assert(all_bytes(a, small, 0), "a new small block is zero");
	memset(a, 3, small);
	a = pb_realloc_room(&m, a, room, room);
	cr_assert_not_null(a);
	cr_assert(all_bytes(a, small, 3), "the bytes of a block moved into its room");
	cr_assert_eq(m.current, room);
	memset(a, 4, room);
	a = pb_realloc(&m, a, 2 * room);
	cr_assert_not_null(a);
	cr_assert(all_bytes(a, room, 4), "the bytes of a block grown past its room");
	cr_assert_eq(m.current, 2 * room);
	pb_free(a);
	cr_assert_eq(m.current, 0);
}

/* A meter's limit refuses a room as any block, and leaves the block. */
Test(meter, a_room_past_the_limit_is_refused)
{
	pb_meter m;
	unsigned char *a;

	pb_meter_init(&m, 3 * PB_ROOM_FROM);
	cr_assert_null(pb_realloc_room(&m, NULL, 4 * PB_ROOM_FROM, 8 * PB_ROOM_FROM));
	cr_assert(m.refused);
	a = pb_realloc_room(&m, NULL, 2 * PB_ROOM_FROM, 8 * PB_ROOM_FROM);
	cr_assert_not_null(a);
	memset(a, 6, 2 * PB_ROOM_FROM);
	cr_assert_null(pb_realloc(&m, a, 4 * PB_ROOM_FROM));
	cr_assert(all_bytes(a, 2 * PB_ROOM_FROM, 6), "a refused growth must leave the block alone");
	pb_free(a);
	cr_assert_eq(m.current, 0);
}

/* A kept block counts nowhere, then against the meter of the search that
 * takes it, with its bytes (in place, where it is in a room); one that
 * meter refuses stays kept. */
Test(meter, a_kept_block_serves_the_next_meter)
{
	const size_t sizes[][2] = { { PB_ROOM_FROM / 4, PB_ROOM_FROM / 2 },
				    { PB_ROOM_FROM / 4, 4 * PB_ROOM_FROM },
				    { 4 * PB_ROOM_FROM, 4 * PB_ROOM_FROM } };

	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		const size_t bytes = sizes[k][0], later = sizes[k][1];
		pb_meter first, next, tight;
		unsigned char *a, *b;

		pb_meter_init(&first, 0);
		pb_meter_init(&next, 0);
		pb_meter_init(&tight, later / 2);
		a = pb_realloc_room(&first, NULL, bytes, bytes);
		cr_assert_not_null(a);
		memset(a, 9, bytes);
		pb_keep(a);
		cr_assert_eq(first.current, 0, "%zu bytes: a kept block still counts %zu", bytes,
			     first.current);
		cr_assert_null(pb_realloc_room(&tight, a, later, later));
		cr_assert_eq(tight.current, 0);
		b = pb_realloc_room(&next, a, later, later);
		cr_assert_not_null(b);
		if (bytes >= PB_ROOM_FROM)
			cr_assert_eq(b, a, "%zu bytes: a kept block in its room moved", bytes);
		cr_assert(all_bytes(b, bytes, 9), "%zu bytes, then %zu: the kept bytes", bytes, later);
		cr_assert_eq(next.current, later);
		cr_assert_eq(first.current, 0);
		pb_free(b);
		cr_assert_eq(next.current, 0);
	}
}

/* The pages of [P, P + BYTES) that are resident, of those wholly inside;
 * *PAGES receives how many those are. */
static size_t resident_pages(const void *p, size_t bytes, size_t *pages)
{
	const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t from = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t to = ((uintptr_t)p + bytes) & ~(page - 1);
	unsigned char *in;
	size_t n = 0;

	*pages = (size_t)(to - from) / page;
	in = calloc(*pages ? *pages : 1, 1);
	cr_assert_not_null(in);
	cr_assert_eq(mincore((void *)from, (size_t)(to - from), in), 0, "mincore: %s",
		     strerror(errno));
	for (size_t i = 0; i < *pages; i++)
		n += in[i] & 1;
	free(in);
	return n;
}

#if !(defined(PB_SANITIZED) && PB_SANITIZED)
/* With glibc set as bench sets it (harness/main.c), a warmed heap gives
 * the next blocks pages already there: every page of a block of 20 MiB
 * taken after warming 32 MiB is resident before the block is touched.
 * (The sanitizers' allocators keep no free heap: there it does nothing.) */
Test(meter, warming_leaves_resident_pages_for_the_next_blocks)
{
	const size_t bytes = (size_t)20 << 20;
	size_t pages, resident;
	char *p;

	cr_assert(mallopt(M_MMAP_THRESHOLD, 32 << 20));
	cr_assert(mallopt(M_TRIM_THRESHOLD, 1 << 30));
	p = malloc(bytes);
	resident = resident_pages(p, bytes, &pages);
	cr_assert_lt(resident, pages / 2, "a block from the cold heap: %zu of %zu pages there already",
		     resident, pages);
	free(p);
	pb_meter_warm(PB_WARM_BYTES);
	p = malloc(bytes);
	resident = resident_pages(p, bytes, &pages);
	cr_assert_eq(resident, pages, "after warming: %zu of %zu pages resident", resident, pages);
	free(p);
}
#endif

/* Key K of a test: for two-word tables, high words that differ while the
 * low words repeat, so that only the whole key tells them apart. */
static pb_cells test_key(uint64_t k, int words)
{
	if (words == 1)
		return k * 0x1234567ULL;
	return (pb_cells)(k % 1000 + 1) | (pb_cells)(k / 1000 + 1) << 64;
}

Test(table, inserts_finds_and_grows)
{
	for (int words = 1; words <= 2; words++) {
		pb_meter m;
		pb_table t;
		uint16_t *v;

		pb_meter_init(&m, 0);
		cr_assert_eq(pb_table_init(&t, &m, 4, words), 0);
		for (uint64_t k = 1; k <= 100000; k++)
			cr_assert_eq(pb_table_insert(&t, test_key(k, words), (uint16_t)k, NULL, words), 1,
				     "%d words: key %llu", words, (unsigned long long)k);
		cr_assert_eq(t.count, 100000);
		for (uint64_t k = 1; k <= 100000; k++) {
			v = pb_table_find(&t, test_key(k, words), words);
			cr_assert(v && *v == (uint16_t)k, "%d words: key %llu", words, (unsigned long long)k);
		}
		cr_assert_null(pb_table_find(&t, test_key(100001, words), words));
		cr_assert_eq(pb_table_insert(&t, test_key(1, words), 9, &v, words), 0,
			     "%d words: a present key is not inserted again", words);
		cr_assert_eq(*v, 1);
		cr_assert_eq(m.current, pb_table_bytes(&t));
		cr_assert_eq(pb_table_bytes(&t), (t.mask + 1) * (8 * (size_t)words + 2),
			     "%d words: 8 bytes a word of the key and 2 of the value a slot", words);
		pb_table_release(&t);
		cr_assert_eq(m.current, 0);
	}
}

Test(table, growth_refused_under_a_limit)
{
	pb_meter m;
	pb_table t;
	int r = 1;

	pb_meter_init(&m, 1 << 16);
	cr_assert_eq(pb_table_init(&t, &m, 16, 1), 0);
	for (uint64_t k = 1; k < 100000 && r >= 0; k++)
		r = pb_table_insert(&t, k, 0, NULL, 1);
	cr_assert_eq(r, -1, "the table must stop growing at the limit");
	cr_assert(m.refused);
	cr_assert_leq(m.peak, 1 << 16);
	pb_table_release(&t);
}

Test(queue, first_in_first_out_across_growth)
{
	for (int words = 1; words <= 2; words++) {
		pb_meter m;
		pb_queue q;
		uint8_t tag;
		uint64_t next_out = 1, next_in = 1;

		pb_meter_init(&m, 0);
		cr_assert_eq(pb_queue_init(&q, &m, 4, words), 0);
		/* interleave so the ring wraps before it grows */
		for (int round = 0; round < 2000; round++) {
			for (int k = 0; k < 3; k++, next_in++)
				cr_assert_eq(pb_queue_push(&q, test_key(next_in, words), (uint8_t)next_in, words), 0);
			cr_assert(pb_queue_pop(&q, &tag, words) == test_key(next_out, words),
				  "%d words: entry %llu", words, (unsigned long long)next_out);
			cr_assert_eq(tag, (uint8_t)next_out);
			next_out++;
		}
		while (q.count) {
			cr_assert(pb_queue_pop(&q, &tag, words) == test_key(next_out, words),
				  "%d words: entry %llu", words, (unsigned long long)next_out);
			next_out++;
		}
		cr_assert_eq(next_out, next_in);
		pb_queue_release(&q);
		cr_assert_eq(m.current, 0);
	}
}
