#include <criterion/criterion.h>

#include "algorithms/core/rank.h"
#include "tests/support/support.h"

static uint64_t pack(const unsigned *p, int n)
{
	uint64_t x = 0;

	for (int i = 0; i < n; i++)
		x |= (uint64_t)p[i] << (4 * i);
	return x;
}

Test(rank, factorials_are_products)
{
	uint64_t f = 1;

	for (int n = 1; n <= PB_RANK_MAX; n++) {
		f *= (uint64_t)n;
		cr_assert_eq(pb_factorial(n), f, "%d! is %llu, not %llu", n,
			     (unsigned long long)f, (unsigned long long)pb_factorial(n));
	}
}

Test(rank, lexicographic_bijection_over_all_9_permutations)
{
	const int n = 9;
	unsigned p[9];
	uint64_t expected = 0;

	for (int i = 0; i < n; i++)
		p[i] = (unsigned)i;
	do {
		uint64_t x = pack(p, n);

		cr_assert_eq(pb_rank(x, n), expected, "rank of permutation %llu in order is %llu",
			     (unsigned long long)expected, (unsigned long long)pb_rank(x, n));
		cr_assert_eq(pb_unrank(expected, n), x, "unrank(%llu) is not the permutation",
			     (unsigned long long)expected);
		expected++;
	} while (it_next_permutation(p, n));
	cr_assert_eq(expected, pb_factorial(n));
}

/* A small PRNG of the test's own (splitmix64). */
static uint64_t next_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* The rank by its definition: sum of (later smaller values) * (n-1-i)!. */
static uint64_t naive_rank(const unsigned *p, int n)
{
	uint64_t r = 0;

	for (int i = 0; i < n; i++) {
		unsigned smaller = 0;

		for (int j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		r += smaller * pb_factorial(n - 1 - i);
	}
	return r;
}

Test(rank, random_16_permutations_round_trip)
{
	uint64_t seed = 16;

	for (int k = 0; k < 100000; k++) {
		unsigned p[16];

		for (int i = 0; i < 16; i++)
			p[i] = (unsigned)i;
		for (int i = 15; i > 0; i--) {
			int j = (int)(next_random(&seed) % (uint64_t)(i + 1));
			unsigned t = p[i];

			p[i] = p[j];
			p[j] = t;
		}
		uint64_t x = pack(p, 16), r = pb_rank(x, 16);

		cr_assert_eq(r, naive_rank(p, 16), "sample %d: rank %llu, by definition %llu", k,
			     (unsigned long long)r, (unsigned long long)naive_rank(p, 16));
		cr_assert(r < pb_factorial(16));
		cr_assert_eq(pb_unrank(r, 16), x, "sample %d: unrank(rank) differs", k);
	}
	cr_assert_eq(pb_unrank(pb_factorial(16) - 1, 16), pack((unsigned[]){ 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 }, 16));
}

/* The rank read from the last cell is the definition's rank of the
 * reversed permutation, for every n up to 16. */
Test(rank, reversed_rank_is_the_rank_of_the_reversal)
{
	uint64_t seed = 61;

	for (int n = 2; n <= 16; n++)
		for (int k = 0; k < 5000; k++) {
			unsigned p[16], q[16];

			for (int i = 0; i < n; i++)
				p[i] = (unsigned)i;
			for (int i = n - 1; i > 0; i--) {
				int j = (int)(next_random(&seed) % (uint64_t)(i + 1));
				unsigned t = p[i];

				p[i] = p[j];
				p[j] = t;
			}
			for (int i = 0; i < n; i++)
				q[i] = p[n - 1 - i];
			cr_assert_eq(pb_rank_reversed(pack(p, n), n), naive_rank(q, n), "n %d, sample %d",
				     n, k);
		}
}

Test(rank, inversions_count_pairs_out_of_order)
{
	uint64_t seed = 3;

	for (int k = 0; k < 10000; k++) {
		unsigned p[12], naive = 0;

		for (int i = 0; i < 12; i++)
			p[i] = (unsigned)i;
		for (int i = 11; i > 0; i--) {
			int j = (int)(next_random(&seed) % (uint64_t)(i + 1));
			unsigned t = p[i];

			p[i] = p[j];
			p[j] = t;
		}
		for (int i = 0; i < 12; i++)
			for (int j = i + 1; j < 12; j++)
				naive += p[i] > p[j];
		cr_assert_eq(pb_inversions(pack(p, 12), 12), naive, "sample %d", k);
	}
}
