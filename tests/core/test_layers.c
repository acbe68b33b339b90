#include <criterion/criterion.h>

#include "algorithms/core/layers.h"

/* Items put in buckets come back from those buckets, in order, after the
 * layer advances; skipped buckets are empty; the old layer is emptied. */
Test(layers, buckets_hold_what_was_put)
{
	pb_meter m;
	pb_layers l;
	size_t n;
	const uint64_t *at;

	pb_meter_init(&m, 0);
	cr_assert_eq(pb_layers_init(&l, &m, 6, 2), 0);
	for (int b = 0; b < 6; b += 2) {
		/* bucket b gets b + 1 items {b, i} */
		uint64_t *room = pb_layers_room(&l, (size_t)b + 1);

		cr_assert_not_null(room);
		for (int i = 0; i <= b; i++) {
			room[2 * i] = (uint64_t)b;
			room[2 * i + 1] = (uint64_t)i;
		}
		pb_layers_added(&l, (size_t)b + 1);
		pb_layers_close(&l, b);
	}
	cr_assert_eq(pb_layers_advance(&l), 1 + 3 + 5);
	for (int b = 0; b < 6; b++) {
		at = pb_layers_bucket(&l, b, &n);
		cr_assert_eq(n, b % 2 ? 0 : (size_t)b + 1, "bucket %d holds %zu", b, n);
		for (size_t i = 0; i < n; i++)
			cr_assert(at[2 * i] == (uint64_t)b && at[2 * i + 1] == i, "bucket %d item %zu", b, i);
	}
	cr_assert_eq(pb_layers_advance(&l), 0, "the next layer starts empty");
	for (int b = 0; b < 6; b++) {
		pb_layers_bucket(&l, b, &n);
		cr_assert_eq(n, 0, "bucket %d of an empty layer holds %zu", b, n);
	}
	pb_layers_release(&l);
	cr_assert_eq(m.current, 0, "%zu bytes not freed", m.current);
}

/* Only what pb_layers_added counts is kept: a branch-free loop writes
 * every candidate and keeps some. */
Test(layers, room_written_but_not_added_is_dropped)
{
	pb_meter m;
	pb_layers l;
	uint64_t one = 7, *room;
	size_t n;
	const uint64_t *at;

	pb_meter_init(&m, 0);
	cr_assert_eq(pb_layers_init(&l, &m, 3, 1), 0);
	room = pb_layers_room(&l, 4);
	for (int i = 0; i < 4; i++)
		room[i] = 100 + (uint64_t)i;
	pb_layers_added(&l, 2);
	pb_layers_close(&l, 1);
	cr_assert_eq(pb_layers_put(&l, 2, &one), 0);
	cr_assert_eq(pb_layers_advance(&l), 3);
	at = pb_layers_bucket(&l, 1, &n);
	cr_assert(n == 2 && at[0] == 100 && at[1] == 101, "bucket 1: %zu items", n);
	at = pb_layers_bucket(&l, 2, &n);
	cr_assert(n == 1 && at[0] == 7);
	pb_layers_release(&l);
}

/* Many layers of growing and shrinking size: the arrays grow and are cut
 * back, the items survive, and the meter sees about two layers' worth. */
Test(layers, arrays_grow_and_shrink_with_the_layers)
{
	pb_meter m;
	pb_layers l;
	size_t sizes[] = { 10, 50000, 200, 80000, 3, 120000, 0 };

	pb_meter_init(&m, 0);
	cr_assert_eq(pb_layers_init(&l, &m, 1, 1), 0);
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		size_t n;
		const uint64_t *at;

		for (size_t i = 0; i < sizes[k]; i += 1000) {
			size_t chunk = sizes[k] - i < 1000 ? sizes[k] - i : 1000;
			uint64_t *room = pb_layers_room(&l, chunk);

			cr_assert_not_null(room);
			for (size_t j = 0; j < chunk; j++)
				room[j] = k << 32 | (i + j);
			pb_layers_added(&l, chunk);
		}
		pb_layers_close(&l, 0);
		cr_assert_eq(pb_layers_advance(&l), sizes[k]);
		at = pb_layers_bucket(&l, 0, &n);
		cr_assert_eq(n, sizes[k]);
		for (size_t i = 0; i < n; i++)
			cr_assert_eq(at[i], k << 32 | i, "layer %zu item %zu", k, i);
		if (k)
			cr_assert_leq(m.current, 2 * (sizes[k] + sizes[k - 1]) * sizeof(uint64_t) + 4096,
				      "layer %zu: %zu bytes held for %zu + %zu items", k, m.current,
				      sizes[k - 1], sizes[k]);
	}
	pb_layers_release(&l);
	cr_assert_eq(m.current, 0);
}

/* A meter that refuses the memory makes room NULL, and the layers stay
 * usable and freeable. */
Test(layers, a_refused_growth_is_reported)
{
	pb_meter m;
	pb_layers l;

	pb_meter_init(&m, 4096);
	cr_assert_eq(pb_layers_init(&l, &m, 2, 1), 0);
	cr_assert_not_null(pb_layers_room(&l, 16));
	cr_assert_null(pb_layers_room(&l, 100000), "a room past the limit was granted");
	cr_assert(m.refused);
	pb_layers_release(&l);
	cr_assert_eq(m.current, 0);
}

/* Layers with a room (pb_layers_reserve) keep their items as they grow,
 * count as layers without, and hand their arrays to the next search's
 * layers (pb_layers_keep), which find them where they were. */
Test(layers, kept_arrays_serve_the_next_layers)
{
	/* the arrays take the layers in turn: each holds a big one, in its room */
	const size_t sizes[] = { 100000, 30, 150000, 120000, 0 }, most = 200000;
	void *kept[2] = { NULL, NULL }, *first[2];
	size_t peak = 0;

	for (int search = 0; search < 2; search++) {
		pb_meter m;
		pb_layers l;

		pb_meter_init(&m, 0);
		cr_assert_eq(pb_layers_init(&l, &m, 1, 1), 0);
		pb_layers_reserve(&l, most);
		pb_layers_keep(&l, kept);
		for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
			uint64_t *room = pb_layers_room(&l, sizes[k]);
			size_t n;
			const uint64_t *at;

			cr_assert_not_null(room);
			for (size_t i = 0; i < sizes[k]; i++)
				room[i] = k << 32 | i;
			pb_layers_added(&l, sizes[k]);
			pb_layers_close(&l, 0);
			cr_assert_eq(pb_layers_advance(&l), sizes[k]);
			at = pb_layers_bucket(&l, 0, &n);
			for (size_t i = 0; i < n; i++)
				cr_assert_eq(at[i], k << 32 | i, "search %d layer %zu item %zu", search, k,
					     i);
		}
		pb_layers_release(&l);
		cr_assert_eq(m.current, 0, "search %d: %zu bytes held", search, m.current);
		cr_assert(kept[0] && kept[1], "search %d kept no arrays", search);
		if (!search) {
			peak = m.peak;
			first[0] = kept[0];
			first[1] = kept[1];
		} else {
			cr_assert_eq(m.peak, peak, "the second search counted %zu bytes, the first %zu",
				     m.peak, peak);
			cr_assert(kept[0] == first[0] && kept[1] == first[1],
				  "the second search's arrays are not the first's");
		}
	}
	pb_free(kept[0]);
	pb_free(kept[1]);
}
