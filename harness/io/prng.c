#include "harness/io/prng.h"

/* splitmix64's additive constant (the golden ratio in 64-bit fixed point)
 * and its two mixing multipliers, as published. */
#define SPLITMIX_GAMMA 0x9e3779b97f4a7c15ULL
#define SPLITMIX_MUL1 0xbf58476d1ce4e5b9ULL
#define SPLITMIX_MUL2 0x94d049bb133111ebULL

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += SPLITMIX_GAMMA);

	z = (z ^ (z >> 30)) * SPLITMIX_MUL1;
	z = (z ^ (z >> 27)) * SPLITMIX_MUL2;
	return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void prng_seed(prng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

uint64_t prng_next(prng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Rejection sampling: draws falling in the incomplete last block of BOUND
 * values are thrown away, so every residue is equally likely. */
uint64_t prng_below(prng *r, uint64_t bound)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
	uint64_t x;

	do
		x = prng_next(r);
	while (x >= limit);
	return x % bound;
}
