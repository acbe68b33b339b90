/* The node store (core/nodes.h): nodes added and found again past the
 * first capacities of the array and the hash table, on one-word and
 * two-word kernels; states whose fingerprints collide (and, on two words,
 * whose folded words are the same) told apart; the path along parents;
 * the buckets' order, largest or least second key first, stale entries
 * left for the caller to skip; and the meter's limit refusing memory as
 * failure, never as a crash or a leak. */
#include <criterion/criterion.h>
#include <string.h>

#include "algorithms/core/nodes.h"

/* More than the store's first capacities (1,024 nodes, 2,048 slots), so
 * that both grow several times. */
#define MANY 40000u

/* The inverse of odd X modulo 2^64 (Newton's iteration: each step doubles
 * the bits that are right). */
static uint64_t inverse_mod_2_64(uint64_t x)
{
	uint64_t y = x; /* right in the low 3 bits */

	for (int i = 0; i < 6; i++)
		y *= 2 - x * y;
	return y;
}

/* A node's info for a test: the parent, g and class from I. */
static pb_node info_of(uint32_t i)
{
	return (pb_node){ i ? i - 1 : PB_NO_NODE, (uint8_t)(i % 200), (uint8_t)(i % 7),
			  (uint8_t)(i % 25), (uint8_t)(i % 3) };
}

/* Add STATES[0..n) to a store of kernel K (with h: I mod 251), then find
 * each again, check its cells, info and h, and find none of MISSING. */
static void add_and_find(const pb_kernel k, const pb_cells *states, uint32_t n,
			 const pb_cells *missing, uint32_t nmissing, const char *what)
{
	pb_meter m;
	pb_nodes s;

	pb_meter_init(&m, 0);
	cr_assert_eq(pb_nodes_init(&s, &m, k, true), 0, "%s: init", what);
	for (uint32_t i = 0; i < n; i++) {
		cr_assert_eq(pb_nodes_find(&s, k, states[i]), PB_NO_NODE,
			     "%s: state %u found before it was added", what, i);
		cr_assert_eq(pb_nodes_add(&s, k, states[i], info_of(i), i % 251), i, "%s: state %u", what, i);
	}
	cr_assert_eq(s.count, n, "%s", what);
	cr_assert_gt(s.cap, 1024u, "%s: the array grew", what);
	cr_assert_gt(s.mask + 1, 2048u, "%s: the table grew", what);
	for (uint32_t i = 0; i < n; i++) {
		pb_node got;
		pb_node want = info_of(i);

		cr_assert_eq(pb_nodes_find(&s, k, states[i]), i, "%s: state %u found again", what, i);
		cr_assert(pb_kernel_equal(k, pb_nodes_cells(&s, k, i), states[i]), "%s: cells of %u", what, i);
		got = *pb_nodes_node(&s, k, i);
		cr_assert(got.parent == want.parent && got.g == want.g && got.move == want.move &&
			  got.cls == want.cls && got.flags == want.flags, "%s: info of %u", what, i);
		cr_assert_eq(s.h[i], i % 251, "%s: h of %u", what, i);
	}
	for (uint32_t i = 0; i < nmissing; i++)
		cr_assert_eq(pb_nodes_find(&s, k, missing[i]), PB_NO_NODE, "%s: missing state %u found",
			     what, i);
	cr_assert_eq(pb_nodes_bytes_each(&s, k), 8.0 * pb_nodes_words(k) + 1.0 + 8.0 * 4.0 / 3.0, "%s",
		     what);
	pb_nodes_free(&s);
	cr_assert_eq(m.current, 0, "%s: memory kept", what);
}

Test(nodes, adds_finds_and_grows_on_one_and_two_words)
{
	static pb_cells one[MANY], two[MANY], none[100];

	for (uint32_t i = 0; i < MANY; i++) {
		one[i] = (pb_cells)(0x0123456789abcdefULL + (uint64_t)i * 0x9e3779b9ULL);
		two[i] = (pb_cells)(i + 1) | (pb_cells)(uint64_t)(i % 97 + 1) << 64;
	}
	for (uint32_t i = 0; i < 100; i++)
		none[i] = (pb_cells)(uint64_t)(i + 1) << 40 | 5u;
	add_and_find(PB_KERNEL_SLIDE4, one, MANY, none, 100, "one word");
	add_and_find(PB_KERNEL_SLIDE5, two, MANY, none, 100, "two words");
}

/* States whose fingerprints are all one: the fold times the fingerprint
 * multiplier differs in its low half only, so a probe meets slot after
 * slot of the same fingerprint and must compare the cells. On two words,
 * states whose folded words are all one: the same home slot too. */
Test(nodes, tells_apart_states_of_one_fingerprint)
{
	static pb_cells one[3000], two[3000], none[64];
	uint64_t step = inverse_mod_2_64(PB_NODES_FINGERPRINT);
	uint64_t base = step * (0x12345678ULL << 32);

	for (uint32_t i = 0; i < 3000; i++)
		one[i] = (pb_cells)(base + (uint64_t)i * step);
	for (uint32_t i = 0; i < 64; i++)
		none[i] = (pb_cells)(base + (uint64_t)(3000 + i) * step);
	for (uint32_t i = 0; i < 3000; i++)
		cr_assert_eq(pb_nodes_fingerprint(PB_KERNEL_SLIDE4, one[i]),
			     pb_nodes_fingerprint(PB_KERNEL_SLIDE4, one[0]), "the test's states collide");
	add_and_find(PB_KERNEL_SLIDE4, one, 3000, none, 64, "one fingerprint");

	for (uint32_t i = 0; i < 3000; i++) {
		uint64_t high = i + 1, low = 0x5555ULL ^ high * PB_FOLD_MULT;

		two[i] = (pb_cells)low | (pb_cells)high << 64;
		cr_assert_eq(pb_kernel_fold(PB_KERNEL_SLIDE5, two[i]), 0x5555ULL, "the test's states fold alike");
	}
	for (uint32_t i = 0; i < 64; i++) {
		uint64_t high = 3001 + i, low = 0x5555ULL ^ high * PB_FOLD_MULT;

		none[i] = (pb_cells)low | (pb_cells)high << 64;
	}
	add_and_find(PB_KERNEL_SLIDE5, two, 3000, none, 64, "one fold");
}

Test(nodes, path_runs_from_the_root)
{
	pb_meter m;
	pb_nodes s;
	uint8_t moves[16];
	const pb_kernel k = PB_KERNEL_FLIP4;

	pb_meter_init(&m, 0);
	cr_assert_eq(pb_nodes_init(&s, &m, k, false), 0);
	cr_assert_null(s.h);
	cr_assert_eq(pb_nodes_add(&s, k, 10, (pb_node){ PB_NO_NODE, 0, PB_NO_MOVE, 0, 0 }, 0), 0);
	for (uint32_t i = 1; i <= 5; i++)
		cr_assert_eq(pb_nodes_add(&s, k, 10 + i,
					  (pb_node){ i - 1, (uint8_t)i, (uint8_t)(i * 2), 0, 0 }, 0), i);
	cr_assert_eq(pb_nodes_path(&s, k, 0, moves), 0, "the root's path is empty");
	cr_assert_eq(pb_nodes_path(&s, k, 5, moves), 5);
	for (int i = 0; i < 5; i++)
		cr_assert_eq(moves[i], 2 * (i + 1), "move %d of the path", i);
	pb_nodes_free(&s);
	pb_nodes_free(&s); /* twice is harmless */
	cr_assert_eq(m.current, 0);
}

/* Pop every entry of Q (HIGH or not) into IDS; returns how many, each
 * entry's keys checked to come in order. */
static int pop_all(pb_buckets *q, bool high, uint32_t *ids, int *keys_a, int *keys_b)
{
	int n = 0, a, b;
	uint32_t id;

	while ((id = pb_buckets_pop(q, high, &a, &b)) != PB_NO_NODE) {
		ids[n] = id;
		keys_a[n] = a;
		keys_b[n] = b;
		n++;
	}
	return n;
}

Test(buckets, least_a_then_largest_or_least_b_newest_first)
{
	/* (id, a, b): pushed in this order */
	static const int pushes[][3] = {
		{ 1, 5, 3 }, { 2, 5, 7 }, { 3, 4, 0 }, { 4, 5, 7 }, { 5, 9, 200 },
		{ 6, 4, 255 }, { 7, 5, 3 }, { 8, 0, 9 },
	};
	static const uint32_t high[] = { 8, 6, 3, 4, 2, 7, 1, 5 };
	static const uint32_t low[] = { 8, 3, 6, 7, 1, 4, 2, 5 };
	const size_t n = sizeof(pushes) / sizeof(pushes[0]);

	for (int order = 0; order < 2; order++) {
		pb_meter m;
		pb_buckets q;
		uint32_t ids[16];
		int a[16], b[16];
		const uint32_t *want = order ? low : high;

		pb_meter_init(&m, 0);
		pb_buckets_init(&q, &m);
		cr_assert_eq(pb_buckets_low(&q), PB_COSTS, "empty lists have no least key");
		for (size_t i = 0; i < n; i++)
			cr_assert_eq(pb_buckets_push(&q, (uint32_t)pushes[i][0], pushes[i][1], pushes[i][2]), 0);
		cr_assert_eq(q.count, n);
		cr_assert_eq(pb_buckets_low(&q), 0);
		cr_assert_eq(pop_all(&q, !order, ids, a, b), (int)n);
		for (size_t i = 0; i < n; i++)
			cr_assert_eq(ids[i], want[i], "%s: entry %zu is %u, not %u", order ? "low" : "high",
				     i, ids[i], want[i]);
		cr_assert_eq(q.count, 0);
		/* emptied rows take entries again, below and above the old ones */
		cr_assert_eq(pb_buckets_push(&q, 40, 5, 1), 0);
		cr_assert_eq(pb_buckets_push(&q, 41, 5, 250), 0);
		cr_assert_eq(pb_buckets_push(&q, 42, 3, 4), 0);
		cr_assert_eq(pop_all(&q, !order, ids, a, b), 3);
		cr_assert(ids[0] == 42 && a[0] == 3 && b[0] == 4);
		cr_assert_eq(ids[1], order ? 40u : 41u);
		pb_buckets_free(&q);
		cr_assert_eq(m.current, 0, "memory kept");
	}
}

/* A node moved to better keys is pushed again; its old entry stays, and
 * the caller skips it by its own test (here: the keys it holds now). */
Test(buckets, stale_entries_come_up_for_the_caller_to_skip)
{
	pb_meter m;
	pb_buckets q;
	int f[4] = { 9, 9, 9, 9 }, g[4] = { 3, 4, 5, 6 }, a, b;
	uint32_t id, order[8];
	int n = 0, stale = 0;

	pb_meter_init(&m, 0);
	pb_buckets_init(&q, &m);
	for (uint32_t i = 0; i < 4; i++)
		cr_assert_eq(pb_buckets_push(&q, i, f[i], g[i]), 0);
	/* node 2 met again closer: f 7, g 3; node 0: f 8, g 2 */
	f[2] = 7;
	g[2] = 3;
	cr_assert_eq(pb_buckets_push(&q, 2, 7, 3), 0);
	f[0] = 8;
	g[0] = 2;
	cr_assert_eq(pb_buckets_push(&q, 0, 8, 2), 0);
	while ((id = pb_buckets_peek(&q, true, &a, &b)) != PB_NO_NODE) {
		pb_buckets_take(&q, a, b);
		if (f[id] != a || g[id] != b) {
			stale++;
			continue;
		}
		order[n++] = id;
	}
	cr_assert_eq(stale, 2, "the two old entries come up");
	cr_assert_eq(n, 4);
	cr_assert(order[0] == 2 && order[1] == 0 && order[2] == 3 && order[3] == 1,
		  "by f, then the largest g: %u %u %u %u", order[0], order[1], order[2], order[3]);
	pb_buckets_free(&q);
	cr_assert_eq(m.current, 0);
}

Test(nodes, the_meters_limit_is_failure)
{
	pb_meter m;
	pb_nodes s;
	pb_buckets q;
	uint32_t i, id = 0;

	/* too little for the first array and table */
	pb_meter_init(&m, 1000);
	cr_assert_eq(pb_nodes_init(&s, &m, PB_KERNEL_SLIDE4, true), -1);
	cr_assert_eq(m.current, 0, "a refused init keeps nothing");

	/* enough for a few thousand nodes: adding runs into the limit */
	pb_meter_init(&m, 200 * 1024);
	cr_assert_eq(pb_nodes_init(&s, &m, PB_KERNEL_SLIDE4, true), 0);
	for (i = 0; i < 1000000; i++) {
		id = pb_nodes_add(&s, PB_KERNEL_SLIDE4, (pb_cells)(i + 1), info_of(i), 0);
		if (id == PB_NO_NODE)
			break;
	}
	cr_assert_eq(id, PB_NO_NODE, "the limit was never reached");
	cr_assert(m.refused);
	cr_assert_leq(m.current, 200 * 1024);
	cr_assert_gt(i, 1024u, "the store grew before the limit");
	/* what was added is still there */
	for (uint32_t j = 0; j < s.count; j++)
		cr_assert_eq(pb_nodes_find(&s, PB_KERNEL_SLIDE4, (pb_cells)(j + 1)), j);
	pb_nodes_free(&s);
	cr_assert_eq(m.current, 0);

	/* buckets: a row, then a bucket's entries, past the limit */
	pb_meter_init(&m, 8 * 1024);
	pb_buckets_init(&q, &m);
	cr_assert_eq(pb_buckets_push(&q, 1, 0, 0), 0);
	cr_assert_eq(pb_buckets_push(&q, 2, 1, 0), -1, "a second row of 4 KiB passes 8 KiB");
	for (i = 0; i < 100000; i++)
		if (pb_buckets_push(&q, i, 0, 0))
			break;
	cr_assert_lt(i, 100000u, "a bucket grew past the limit");
	cr_assert(m.refused);
	pb_buckets_free(&q);
	cr_assert_eq(m.current, 0);
}

/* Lists by one key (rows of one bucket): least key first, newest first
 * within it, 16 bytes a row. */
Test(buckets, rows_of_one_bucket)
{
	static const int pushes[][2] = { { 1, 9 }, { 2, 4 }, { 3, 9 }, { 4, 4 }, { 5, 200 }, { 6, 0 } };
	static const uint32_t want[] = { 6, 4, 2, 3, 1, 5 };
	pb_meter m;
	pb_buckets q;
	uint32_t ids[8];
	int a[8], b[8];

	pb_meter_init(&m, 0);
	pb_buckets_init_keys(&q, &m, 1);
	for (size_t i = 0; i < 6; i++)
		cr_assert_eq(pb_buckets_push(&q, (uint32_t)pushes[i][0], pushes[i][1], 0), 0);
	/* four rows of one bucket, each bucket's first 16 entries */
	cr_assert_eq(m.current, 4 * (sizeof(pb_bucket) + 16 * sizeof(uint32_t)));
	cr_assert_eq(pop_all(&q, true, ids, a, b), 6);
	for (int i = 0; i < 6; i++)
		cr_assert(ids[i] == want[i] && b[i] == 0, "entry %d is %u, not %u", i, ids[i], want[i]);
	pb_buckets_free(&q);
	cr_assert_eq(m.current, 0);
}
