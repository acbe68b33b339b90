/* What the libFuzzer targets share: every domain, set up once (so that an
 * input costs its parse, not a domain's tables), picked by a byte of the
 * input; and the slow references the targets hold the library to, written
 * from the syntax's description in domain.h and kernel.h, not from its
 * code. Fuzzing code only (tests/fuzz; the replay build runs it too). */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/domain.h"

/* A broken promise: crash so that libFuzzer keeps the input. */
#define FUZZ_CHECK(cond) do { if (!(cond)) abort(); } while (0)

/* Every domain there is: the named boards, every tiles board W x H
 * (W, H >= 2, W*H <= PB_MAX_CELLS: 2x2 up to 5x5, 2x12, 12x2, ...), Magic
 * Squares. */
#define FUZZ_MAX_DOMAINS 64

typedef struct fuzz_domain_table {
	pb_domain d[FUZZ_MAX_DOMAINS];
	size_t count;
} fuzz_domain_table;

static inline void fuzz_add_domain(fuzz_domain_table *t, const char *name)
{
	char err[256];

	FUZZ_CHECK(t->count < FUZZ_MAX_DOMAINS);
	FUZZ_CHECK(!pb_domain_init(&t->d[t->count++], name, err, sizeof(err)));
}

static inline const fuzz_domain_table *fuzz_domains(void)
{
	static fuzz_domain_table t;
	static const char *const named[] = { "8puzzle", "15puzzle", "24puzzle", "msquare" };
	char name[32];

	if (t.count)
		return &t;
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		fuzz_add_domain(&t, named[i]);
	for (int w = 2; w * 2 <= PB_MAX_CELLS; w++)
		for (int h = 2; w * h <= PB_MAX_CELLS; h++) {
			snprintf(name, sizeof(name), "tiles%dx%d", w, h);
			fuzz_add_domain(&t, name);
		}
	return &t;
}

/* The domain byte B picks (set up once; never changed). */
static inline const pb_domain *fuzz_domain(uint8_t b)
{
	const fuzz_domain_table *t = fuzz_domains();

	return &t->d[b % t->count];
}

static inline int fuzz_same_state(const pb_state *a, const pb_state *b)
{
	return a->cells == b->cells && a->cls == b->cls;
}

/* The reference reader of the value-list syntax (domain.h, kernel.h's
 * pb_parse): tokens separated by blanks (space, tab, CR, LF), each one to
 * three decimal digits, or 'x' or 'X' for 0 where the domain has a blank;
 * exactly d->cells of them, each in plain_low..plain_high, none twice.
 * Returns whether TEXT[0..len) is one, its values in VALUES. */
static inline bool fuzz_ref_values(const pb_domain *d, const char *text, size_t len,
				   uint8_t *values)
{
	bool seen[256] = { false };
	int count = 0;
	size_t i = 0, first = 0, last = len;

	/* the one-word form (bench solve's help): where every value is one
	 * character, a line that is one word of exactly d->cells digits and
	 * x's, blanks around it only, is one value a character */
	while (first < len && text[first] && strchr(" \t\r\n", text[first]))
		first++;
	while (last > first && text[last - 1] && strchr(" \t\r\n", text[last - 1]))
		last--;
	if (d->blank && d->plain_high <= 9 && last - first == (size_t)d->cells) {
		bool word = true;

		for (size_t k = first; k < last; k++)
			word = word && ((text[k] >= '0' && text[k] <= '9') || text[k] == 'x' ||
					text[k] == 'X');
		if (word) {
			for (size_t k = first; k < last; k++) {
				unsigned v = text[k] == 'x' || text[k] == 'X' ? 0 : (unsigned)(text[k] - '0');

				if (v > (unsigned)d->plain_high || seen[v])
					return false;
				seen[v] = true;
				values[count++] = (uint8_t)v;
			}
			return true;
		}
	}
	for (;;) {
		size_t start;
		unsigned v = 0;

		while (i < len && strchr(" \t\r\n", text[i]) && text[i])
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && !(strchr(" \t\r\n", text[i]) && text[i]))
			i++;
		if (d->blank && i - start == 1 && (text[start] == 'x' || text[start] == 'X')) {
			v = 0;
		} else {
			if (i - start > 3)
				return false;
			for (size_t k = start; k < i; k++) {
				if (text[k] < '0' || text[k] > '9')
					return false;
				v = v * 10 + (unsigned)(text[k] - '0');
			}
		}
		if (v < (unsigned)d->plain_low || v > (unsigned)d->plain_high || seen[v] ||
		    count == d->cells)
			return false;
		seen[v] = true;
		values[count++] = (uint8_t)v;
	}
	return count == d->cells;
}

/* Magic Squares' three ops as USACO 3.2.5 states them, on the eight cells
 * read clockwise from the top left: the sequence 1 2 3 4 5 6 7 8 becomes
 * A: 8 7 6 5 4 3 2 1 (the rows swapped), B: 4 1 2 3 6 7 8 5 (the right
 * column moved to the left), C: 1 7 2 4 5 3 6 8 (the middle four turned
 * clockwise): the cell each cell's value comes from. */
static const uint8_t fuzz_usaco_ops[3][8] = {
	{ 7, 6, 5, 4, 3, 2, 1, 0 },
	{ 3, 0, 1, 2, 5, 6, 7, 4 },
	{ 0, 6, 1, 3, 4, 2, 5, 7 },
};

/* Apply move NAME (its name's characters [0..n)) to the plain values V of
 * D the reference way: tiles: the blank goes up, down, left or right
 * (u d l r) on the board; Magic Squares: A B C. Returns 1 when applied, 0
 * when the move is not legal there (the blank at the board's edge), -1
 * when the name is no move. */
static inline int fuzz_ref_move(const pb_domain *d, uint8_t *v, const char *name, size_t n)
{
	if (n != 1)
		return -1;
	if (!d->blank) {
		uint8_t was[8];

		if (name[0] < 'A' || name[0] > 'C' || d->cells != 8)
			return -1;
		memcpy(was, v, 8);
		for (int c = 0; c < 8; c++)
			v[c] = was[fuzz_usaco_ops[name[0] - 'A'][c]];
		return 1;
	}
	int b = 0, w = d->width, to;

	while (v[b])
		b++;
	switch (name[0]) {
	case 'u': to = b >= w ? b - w : -1; break;
	case 'd': to = b + w < d->cells ? b + w : -1; break;
	case 'l': to = b % w ? b - 1 : -1; break;
	case 'r': to = b % w < w - 1 ? b + 1 : -1; break;
	default: return -1;
	}
	if (to < 0)
		return 0;
	v[b] = v[to];
	v[to] = 0;
	return 1;
}

/* The reference's solvability of the tiles arrangement V against the
 * goal G (plain values): the permutation taking G to V, over every cell
 * the blank included, is even exactly when the blank's Manhattan distance
 * from its goal cell is (each move is a transposition that moves the blank
 * one step). Magic Squares: every arrangement (its ops generate all 8!). */
static inline bool fuzz_ref_solvable(const pb_domain *d, const uint8_t *v, const uint8_t *g)
{
	int where[PB_MAX_CELLS], n = d->cells, swaps = 0, b = 0, gb = 0;
	uint8_t p[PB_MAX_CELLS];

	if (!d->blank)
		return true;
	for (int c = 0; c < n; c++)
		where[g[c]] = c;
	for (int c = 0; c < n; c++)
		p[c] = (uint8_t)where[v[c]]; /* cell c holds the value whose goal cell is p[c] */
	for (int c = 0; c < n; c++)
		while (p[c] != c) {
			uint8_t t = p[p[c]];

			p[p[c]] = p[c];
			p[c] = t;
			swaps++;
		}
	while (v[b])
		b++;
	while (g[gb])
		gb++;
	return (swaps + abs(b / d->width - gb / d->width) + abs(b % d->width - gb % d->width)) % 2 == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
