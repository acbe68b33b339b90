#include "rank.h"

void pb_rank_digits(uint64_t rank, int n, unsigned *digits)
{
	for (int i = 0; i < n; i++) {
		uint64_t f = pb_factorial(n - 1 - i);

		digits[i] = (unsigned)(rank / f);
		rank %= f;
	}
}

/* The unused values live as a packed list; digit d takes its d-th entry and
 * closes the gap with one shift. */
uint64_t pb_perm_from_digits(const unsigned *digits, int n)
{
	uint64_t pool = 0, perm = 0;

	for (int v = 0; v < n; v++)
		pool |= (uint64_t)v << (4 * v);
	for (int i = 0; i < n; i++) {
		unsigned shift = 4 * digits[i];
		uint64_t low = shift ? pool & ((1ULL << shift) - 1) : 0;

		perm |= ((pool >> shift) & 15u) << (4 * i);
		pool = low | (shift + 4 < 64 ? (pool >> (shift + 4)) << shift : 0);
	}
	return perm;
}

uint64_t pb_unrank(uint64_t rank, int n)
{
	unsigned digits[PB_RANK_MAX];

	pb_rank_digits(rank, n, digits);
	return pb_perm_from_digits(digits, n);
}
