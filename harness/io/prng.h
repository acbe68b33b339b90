/* The pseudo-random generator of 'bench gen': xoshiro256** (D. Blackman and
 * S. Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 47,
 * 2021), its 256-bit state filled from the 64-bit seed by splitmix64 (Steele,
 * Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA
 * 2014), as its authors advise. The same seed gives the same stream on every
 * machine, so the same 'bench gen' command gives the same file. */
#ifndef PRNG_H
#define PRNG_H

#include <stdint.h>

typedef struct prng {
	uint64_t s[4];
} prng;

/* Seed R from SEED (any value, zero included). */
void prng_seed(prng *r, uint64_t seed);

/* The next 64 random bits. */
uint64_t prng_next(prng *r);

/* A uniform integer in 0..bound-1 (BOUND > 0), without modulo bias. */
uint64_t prng_below(prng *r, uint64_t bound);

/* prng_below as a pb_random's below (algorithms/puzzles/domain.h), RNG a
 * prng: { prng_random_below, &r } lends R to the domains' random states. */
static inline uint64_t prng_random_below(void *rng, uint64_t n)
{
	return prng_below(rng, n);
}

#endif
