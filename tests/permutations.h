/* Test helper: lexicographic enumeration of permutations, independent of
 * the code under test. */
#ifndef PB_TEST_PERMUTATIONS_H
#define PB_TEST_PERMUTATIONS_H

#include <stdbool.h>

/* Advance P (n values) to the next permutation in lexicographic order;
 * false after the last. */
static inline bool next_permutation(unsigned *p, int n)
{
	int i = n - 2, j = n - 1;
	unsigned t;

	while (i >= 0 && p[i] >= p[i + 1])
		i--;
	if (i < 0)
		return false;
	while (p[j] <= p[i])
		j--;
	t = p[i];
	p[i] = p[j];
	p[j] = t;
	for (int a = i + 1, b = n - 1; a < b; a++, b--) {
		t = p[a];
		p[a] = p[b];
		p[b] = t;
	}
	return true;
}

#endif
