/* Lexicographic ranks of permutations (the Cantor expansion, or Lehmer code)
 * for n <= PB_RANK_MAX (16) elements, packed four bits an element in a uint64_t (element i
 * in bits 4i..4i+3). Each rank or unrank is O(n) word operations: a 16-bit
 * mask and popcount give the count of smaller unused values, and unrank keeps
 * the unused values as a packed list from which it cuts one nibble. */
#ifndef PB_RANK_H
#define PB_RANK_H

#include <stdint.h>

/* The most elements a packed permutation holds. */
#define PB_RANK_MAX 16

/* n! for 0 <= n <= 20 (21! needs 66 bits), built by multiplication (a
 * table of products, not of pasted values). */
#define PB_F1 1ULL
#define PB_F2 (PB_F1 * 2)
#define PB_F3 (PB_F2 * 3)
#define PB_F4 (PB_F3 * 4)
#define PB_F5 (PB_F4 * 5)
#define PB_F6 (PB_F5 * 6)
#define PB_F7 (PB_F6 * 7)
#define PB_F8 (PB_F7 * 8)
#define PB_F9 (PB_F8 * 9)
#define PB_F10 (PB_F9 * 10)
#define PB_F11 (PB_F10 * 11)
#define PB_F12 (PB_F11 * 12)
#define PB_F13 (PB_F12 * 13)
#define PB_F14 (PB_F13 * 14)
#define PB_F15 (PB_F14 * 15)
#define PB_F16 (PB_F15 * 16)
#define PB_F17 (PB_F16 * 17)
#define PB_F18 (PB_F17 * 18)
#define PB_F19 (PB_F18 * 19)
#define PB_F20 (PB_F19 * 20)
#define PB_FACTORIAL_MAX 20
static const uint64_t pb_factorial_table[PB_FACTORIAL_MAX + 1] = {
	PB_F1, PB_F1, PB_F2, PB_F3, PB_F4, PB_F5, PB_F6, PB_F7, PB_F8, PB_F9, PB_F10,
	PB_F11, PB_F12, PB_F13, PB_F14, PB_F15, PB_F16, PB_F17, PB_F18, PB_F19, PB_F20,
};

/* n! for 0 <= n <= 20. */
static inline uint64_t pb_factorial(int n)
{
	return pb_factorial_table[n];
}

static inline unsigned pb_nibble(uint64_t packed, int i)
{
	return (unsigned)(packed >> (4 * i)) & 15u;
}

/* The sum over the first K positions of digit_i * (n-1-i)!, where digit_i is
 * the count of values smaller than element i that no earlier position holds.
 * With K = n (or n-1) it is the full lexicographic rank, 0..n!-1. */
static inline uint64_t pb_rank_prefix(uint64_t packed, int n, int k)
{
	unsigned used = 0;
	uint64_t rank = 0;

	for (int i = 0; i < k; i++) {
		unsigned v = pb_nibble(packed, i);
		unsigned smaller = v - (unsigned)__builtin_popcount(used & ((1u << v) - 1));

		used |= 1u << v;
		rank += smaller * pb_factorial_table[n - 1 - i];
	}
	return rank;
}

/* Lexicographic rank of the permutation of 0..n-1 in PACKED: 0..n!-1. */
static inline uint64_t pb_rank(uint64_t packed, int n)
{
	return pb_rank_prefix(packed, n, n - 1);
}

/* The rank of PACKED's n cells read from the last to the first: the
 * pb_rank of their reversal, without reversing them first (cell i's
 * Lehmer digit weighs i!). */
static inline uint64_t pb_rank_reversed(uint64_t packed, int n)
{
	unsigned used = 0;
	uint64_t rank = 0;

	for (int i = n - 1; i > 0; i--) {
		unsigned v = pb_nibble(packed, i);
		unsigned smaller = v - (unsigned)__builtin_popcount(used & ((1u << v) - 1));

		used |= 1u << v;
		rank += smaller * pb_factorial_table[i];
	}
	return rank;
}

/* The permutation of 0..n-1 whose lexicographic rank is RANK (< n!). */
uint64_t pb_unrank(uint64_t rank, int n);

/* Lehmer digits of RANK, most significant first, into DIGITS[0..n-1]. */
void pb_rank_digits(uint64_t rank, int n, unsigned *digits);

/* Build the permutation from Lehmer DIGITS (digit i < n - i). */
uint64_t pb_perm_from_digits(const unsigned *digits, int n);

/* Number of inversions of the n elements in PACKED (values need not be
 * 0..n-1, only distinct and < 16). Its parity is the permutation's parity. */
static inline unsigned pb_inversions(uint64_t packed, int n)
{
	unsigned seen = 0, inv = 0;

	for (int i = 0; i < n; i++) {
		unsigned v = pb_nibble(packed, i);

		inv += (unsigned)__builtin_popcount(seen & ~((2u << v) - 1));
		seen |= 1u << v;
	}
	return inv;
}

#endif
