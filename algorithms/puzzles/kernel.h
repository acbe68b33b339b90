/* Kernels: how a domain's states pack and its moves apply, as inline code
 * for the hot loops (included by domain.h; read that first).
 *
 * A kernel is named by a constant (pb_kernel). Every function here takes it
 * as its first argument, and a search writes its hot loop once, as an
 * always-inline function of a `const pb_kernel k`, then instantiates it for
 * each kernel of PB_KERNELS, choosing among the instances once per search:
 *
 *     #define SOLVE(K, T) case K: return search(K, d, start, s, out);
 *     switch (d->kernel) { PB_KERNELS(SOLVE) }
 *
 * With k a constant, every switch below folds away: the loop of a board of
 * up to 16 cells works on one uint64_t with four-bit shifts (exactly the
 * code written for it alone), a 5x5 board's on both halves, Magic
 * Squares' on a table of cell sources; none makes an indirect call. This is
 * hog2's template over an environment, in C. Outside the hot loops,
 * pb_apply and the others below choose the kernel at run time.
 *
 * The kernels:
 * - SLIDE4 (tiles up to 16 cells) and SLIDE5 (17 to 25): cell i in bits
 *   b*i to b*i+b-1 (b = 4 or 5), the blank 0; the class is the blank's
 *   cell; move m slides the tile at next_class[cls][m] into the blank.
 * - PERMUTE4 (Magic Squares): cell i in bits 4i..4i+3, one class, move m
 *   puts in cell i what cell op_source[m][i] held.
 * - FLIP4 (pancakes up to 16) and FLIP5 (17 to 25): cell i (from the top)
 *   in bits b*i to b*i+b-1, one class, move m reverses the first
 *   pb_flip_size(m) = m + 2 cells (its own inverse).
 * - CORNERS (the 2x2x2 cube): a byte a corner place (the corner, its
 *   twist), one class; move m takes op_source as PERMUTE4 does, then adds
 *   twist[m] to the twists mod 3; undone by its inverse move.
 * - GENERIC1 (up to 64 bits) and GENERIC2 (65 to 128): a plugin's domain
 *   (generic.c): cell i in bits b*i to b*i+b-1 (b = d->cell_bits) holding
 *   its value + 1, one class; move m is the space's apply on the cells
 *   unpacked to bytes, and leaves the state as it is where the move is not
 *   legal there (pb_kernel_stays): the searches skip such a child, a test
 *   that folds away for every other kernel.
 * A kernel for pancakes (a flip reverses a prefix) or the 2x2x2 cube (a
 * turn permutes and twists corners) is a new constant, its cases here and
 * its line in PB_KERNELS; the solvers pick it up unchanged. */
#ifndef PB_KERNEL_H
#define PB_KERNEL_H

#include "domain.h"

#include <string.h>

#if defined(__BMI2__) || defined(__SSSE3__) || defined(__SSE2__)
#include <immintrin.h>
#endif

#define PB_INLINE static inline __attribute__((always_inline))

/* The part of the public plugin header that a plugin's space is (its
 * apply, solvable and rank, called from the kernels below). */
#include "include/puzzlebench/plugin.h"

/* Sliding tiles have four moves. */
#define PB_SLIDE_MOVES 4

/* Words a state of kernel K takes (1 or 2) and bits a cell. */
PB_INLINE int pb_kernel_words(const pb_kernel k)
{
	return k == PB_KERNEL_SLIDE5 || k == PB_KERNEL_FLIP5 || k == PB_KERNEL_GENERIC2 ? 2 : 1;
}

/* Whether K is a plugin's domain (moves by its functions; a move may be
 * illegal in any state). */
PB_INLINE bool pb_kernel_generic(const pb_kernel k)
{
	return k == PB_KERNEL_GENERIC1 || k == PB_KERNEL_GENERIC2;
}

PB_INLINE int pb_kernel_bits(const pb_kernel k)
{
	/* (a plugin's domain has d->cell_bits, which pb_generic_unpack reads:
	 * pb_cell does not serve it) */
	return k == PB_KERNEL_CORNERS || pb_kernel_generic(k) ? 8 : pb_kernel_words(k) == 2 ? 5 : 4;
}

/* Whether a move of K reverses a prefix of the cells (pancakes). */
PB_INLINE bool pb_kernel_flips(const pb_kernel k)
{
	return k == PB_KERNEL_FLIP4 || k == PB_KERNEL_FLIP5;
}

/* The cells a flip move M reverses (pancakes: flip sizes 2..n). */
PB_INLINE int pb_flip_size(int m)
{
	return m + 2;
}

/* Whether a move of K slides one tile into the blank (the tiles
 * heuristics update from the tile that moved). */
PB_INLINE bool pb_kernel_slides(const pb_kernel k)
{
	return k == PB_KERNEL_SLIDE4 || k == PB_KERNEL_SLIDE5;
}

/* The domain's moves: a constant where the kernel fixes it, so that loops
 * over moves unroll. */
PB_INLINE int pb_kernel_nmoves(const pb_kernel k, const pb_domain *d)
{
	return pb_kernel_slides(k) ? PB_SLIDE_MOVES : d->nmoves;
}

/* The value in cell I of C. */
PB_INLINE unsigned pb_cell(const pb_kernel k, pb_cells c, int i)
{
	const int b = pb_kernel_bits(k);

	if (pb_kernel_words(k) == 1)
		return (unsigned)((uint64_t)c >> (b * i)) & ((1u << b) - 1);
	return (unsigned)(c >> (5 * i)) & 31u;
}

/* C with value V put into cell I, which holds 0. */
PB_INLINE pb_cells pb_cell_put(const pb_kernel k, pb_cells c, int i, unsigned v)
{
	if (pb_kernel_words(k) == 1)
		return (pb_cells)((uint64_t)c | (uint64_t)v << (pb_kernel_bits(k) * i));
	return c | (pb_cells)v << (5 * i);
}

/* Sliding: C after the tile at cell TO slides into the blank at B. */
PB_INLINE pb_cells pb_kernel_slide(const pb_kernel k, pb_cells c, int b, int to)
{
	if (pb_kernel_words(k) == 1) {
		uint64_t x = (uint64_t)c, tile = (x >> (4 * to)) & 15u;

		return (pb_cells)(x - (tile << (4 * to)) + (tile << (4 * b)));
	}
	pb_cells tile = (c >> (5 * to)) & 31u;

	return c - (tile << (5 * to)) + (tile << (5 * b));
}

/* GENERIC, four bits a cell (up to 15 values, 16 cells): the low bytes
 * of every cell, each the cell's value + 1, and back. */
#define PB_LOW_NIBBLES 0x0f0f0f0f0f0f0f0fULL
#define PB_BYTE_ONES 0x0101010101010101ULL

/* The nibbles of X as the sixteen bytes at OUT, each less one (the bytes
 * past the cells are left as they come). */
PB_INLINE void pb_nibbles_to_bytes(uint64_t x, unsigned char *out)
{
	uint64_t lo = x & PB_LOW_NIBBLES, hi = (x >> 4) & PB_LOW_NIBBLES;
	/* byte i of lo holds cell 2i, of hi cell 2i + 1: interleaved */
#ifdef __SSE2__
	__m128i v = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)lo), _mm_cvtsi64_si128((long long)hi));

	_mm_storeu_si128((void *)out, _mm_sub_epi8(v, _mm_set1_epi8(1)));
#else
	for (int i = 0; i < 8; i++) {
		out[2 * i] = (unsigned char)(((lo >> (8 * i)) & 0xffu) - 1);
		out[2 * i + 1] = (unsigned char)(((hi >> (8 * i)) & 0xffu) - 1);
	}
#endif
}

/* Eight bytes, each below 16, as eight nibbles (byte i to nibble i). */
PB_INLINE uint64_t pb_bytes_nibbled(uint64_t x)
{
	x = (x | x >> 4) & 0x00ff00ff00ff00ffULL;
	x = (x | x >> 8) & 0x0000ffff0000ffffULL;
	return (x | x >> 16) & 0xffffffffULL;
}

/* GENERIC: the cells of C as bytes, VALUES[0..d->cells) (a cell keeps
 * its value + 1); room for 16 where a cell has four bits. */
PB_INLINE void pb_generic_unpack(const pb_kernel k, const pb_domain *d, pb_cells c,
				 unsigned char *values)
{
	const int b = d->cell_bits, n = d->cells;

	if (pb_kernel_words(k) == 1 && b == 4) {
		pb_nibbles_to_bytes((uint64_t)c, values);
		return;
	}
	if (pb_kernel_words(k) == 1) {
		uint64_t x = (uint64_t)c, mask = (1ULL << b) - 1;

		for (int i = 0; i < n; i++, x >>= b)
			values[i] = (unsigned char)((x & mask) - 1);
		return;
	}
	for (int i = 0; i < n; i++, c >>= b)
		values[i] = (unsigned char)(((uint64_t)c & ((1ULL << b) - 1)) - 1);
}

/* GENERIC: the bytes VALUES packed. */
PB_INLINE pb_cells pb_generic_pack(const pb_kernel k, const pb_domain *d,
				   const unsigned char *values)
{
	const int b = d->cell_bits;

	if (pb_kernel_words(k) == 1 && b == 4) {
		/* the cells' bytes, those past them zeroed, each plus one */
		uint64_t lo, hi;

		memcpy(&lo, values, sizeof(lo));
		memcpy(&hi, values + 8, sizeof(hi));
		lo = (lo & d->generic_mask[0]) + (PB_BYTE_ONES & d->generic_mask[0]);
		hi = (hi & d->generic_mask[1]) + (PB_BYTE_ONES & d->generic_mask[1]);
		return (pb_cells)(pb_bytes_nibbled(lo) | pb_bytes_nibbled(hi) << 32);
	}
	if (pb_kernel_words(k) == 1) {
		uint64_t x = 0;

		for (int i = d->cells - 1; i >= 0; i--)
			x = x << b | (uint64_t)(values[i] + 1u);
		return (pb_cells)x;
	}
	pb_cells x = 0;

	for (int i = d->cells - 1; i >= 0; i--)
		x = x << b | (pb_cells)(values[i] + 1u);
	return x;
}

/* GENERIC: C after move M, or C itself where M is not legal there (or is
 * the stay move). */
PB_INLINE pb_cells pb_generic_move(const pb_kernel k, const pb_domain *d, pb_cells c, int m)
{
	unsigned char in[PB_MAX_CELLS], out[PB_MAX_CELLS];

	if (m >= d->nmoves)
		return c;
	pb_generic_unpack(k, d, c, in);
	if (!d->space->apply(d->space->data, in, m, out))
		return c;
	return pb_generic_pack(k, d, out);
}

/* Whether the move from PARENT to CHILD was no move: a plugin's move not
 * legal there (false at once for every other kernel). */
PB_INLINE bool pb_kernel_stays(const pb_kernel k, pb_cells parent, pb_cells child)
{
	return pb_kernel_generic(k) && pb_cells_equal(parent, child, pb_kernel_words(k));
}

/* Permuting: C after move M (cell i takes what cell op_source[m][i]
 * held), and before it (the inverse). */
PB_INLINE uint64_t pb_kernel_permute(const pb_domain *d, uint64_t c, int m)
{
	uint64_t out = 0;

	for (int i = 0; i < d->cells; i++)
		out |= (uint64_t)pb_nibble(c, d->op_source[m][i]) << (4 * i);
	return out;
}

PB_INLINE uint64_t pb_kernel_unpermute(const pb_domain *d, uint64_t c, int m)
{
	uint64_t out = 0;

	for (int i = 0; i < d->cells; i++)
		out |= (uint64_t)pb_nibble(c, i) << (4 * d->op_source[m][i]);
	return out;
}

/* Flipping: C with its first N cells reversed. One word: the nibbles of
 * the whole word reversed (a byte swap, then the nibbles of each byte),
 * whose top N are the first N reversed; two words, cell by cell. */
PB_INLINE pb_cells pb_kernel_flip(const pb_kernel k, pb_cells c, int n)
{
	if (pb_kernel_words(k) == 1) {
		const uint64_t low_nibbles = 0x0f0f0f0f0f0f0f0fULL;
		uint64_t x = (uint64_t)c, r = __builtin_bswap64(x), mask = ~0ULL >> (64 - 4 * n);

		r = (r >> 4 & low_nibbles) | (r & low_nibbles) << 4;
		return (pb_cells)((x & ~mask) | r >> (64 - 4 * n));
	}
	pb_cells mask = ((pb_cells)1 << (5 * n)) - 1, out = c & ~mask;

	for (int i = 0; i < n; i++)
		out |= ((c >> (5 * (n - 1 - i))) & 31u) << (5 * i);
	return out;
}

/* The 2x2x2 cube: a byte a corner place, the corner there (0..7) in bits
 * 4..6 and its twist (0..2) in bits 0..1. */
#define PB_CORNER_PLACES 8
#define PB_CORNER_SHIFT 4
/* The place whose corner never moves (DLB), and the corners that do. */
#define PB_CORNER_FIXED 6
#define PB_CORNERS_MOVING (PB_CORNER_PLACES - 1)
/* The twists of the first PB_CORNERS_MOVING - 1 moving places (the last
 * follows: the twists sum to 0 mod 3), and their count. */
#define PB_TWIST_PLACES (PB_CORNERS_MOVING - 1)
#define PB_TWIST_COUNT 729u /* 3^6 */

/* CORNERS: C after move M: each place takes the byte of its source, then
 * its twist grows by the move's, mod 3 with no branch (a twist of 3 or 4
 * is the one whose low three bits plus 5 reach 8). */
PB_INLINE uint64_t pb_kernel_twist(const pb_domain *d, uint64_t c, int m)
{
	const uint64_t low3 = 0x0707070707070707ULL, fives = 0x0505050505050505ULL;
	const uint64_t eights = 0x0808080808080808ULL;
	uint64_t out = 0, over;

	for (int i = 0; i < PB_CORNER_PLACES; i++)
		out |= ((c >> (8 * d->op_source[m][i])) & 0xffu) << (8 * i);
	out += d->twist[m];
	over = ((out & low3) + fives) & eights;
	return out - (over >> 3) * 3;
}

/* CORNERS: the places as they read in the index: the moving ones in order
 * (the fixed place skipped). */
PB_INLINE int pb_corner_place(int j)
{
	return j < PB_CORNER_FIXED ? j : j + 1;
}

/* CORNERS: the permutation coordinate of C (0..7!-1): the rank of the
 * moving corners over the moving places (corner 7 counted as 6). */
PB_INLINE uint64_t pb_corners_perm(uint64_t c)
{
	uint64_t packed = 0;

	for (int j = 0; j < PB_CORNERS_MOVING; j++) {
		unsigned v = (unsigned)(c >> (8 * pb_corner_place(j) + PB_CORNER_SHIFT)) & 7u;

		packed |= (uint64_t)(v > PB_CORNER_FIXED ? v - 1 : v) << (4 * j);
	}
	return pb_rank(packed, PB_CORNERS_MOVING);
}

/* CORNERS: the twist coordinate of C (0..728): the first six moving
 * places' twists, base 3. */
PB_INLINE uint32_t pb_corners_twist(uint64_t c)
{
	uint32_t t = 0;

	for (int j = 0; j < PB_TWIST_PLACES; j++)
		t = t * 3 + ((unsigned)(c >> (8 * pb_corner_place(j))) & 3u);
	return t;
}

/* The cells after legal move M from C, of class CLS, to class TO
 * (d->next_class[cls][m], which a loop over one bucket knows already). */
PB_INLINE pb_cells pb_kernel_move_to(const pb_kernel k, const pb_domain *d, pb_cells c, int cls,
				     int m, int to)
{
	if (pb_kernel_slides(k))
		return pb_kernel_slide(k, c, cls, to);
	if (pb_kernel_flips(k))
		return pb_kernel_flip(k, c, pb_flip_size(m));
	if (k == PB_KERNEL_CORNERS)
		return (pb_cells)pb_kernel_twist(d, (uint64_t)c, m);
	if (pb_kernel_generic(k))
		return pb_generic_move(k, d, c, m);
	return (pb_cells)pb_kernel_permute(d, (uint64_t)c, m);
}

/* The cells after legal move M from C, of class CLS (the child's class is
 * d->next_class[cls][m]). */
PB_INLINE pb_cells pb_kernel_move(const pb_kernel k, const pb_domain *d, pb_cells c, int cls,
				  int m)
{
	return pb_kernel_move_to(k, d, c, cls, m, d->next_class[cls][m]);
}

/* The cells of the state that move M takes to C, of class CLS (where
 * d->prev_class[cls][m] >= 0: that state's class). */
PB_INLINE pb_cells pb_kernel_unmove(const pb_kernel k, const pb_domain *d, pb_cells c, int cls,
				    int m)
{
	if (pb_kernel_slides(k))
		return pb_kernel_slide(k, c, cls, d->prev_class[cls][m]);
	if (pb_kernel_flips(k))
		return pb_kernel_flip(k, c, pb_flip_size(m));
	if (k == PB_KERNEL_CORNERS)
		return (pb_cells)pb_kernel_twist(d, (uint64_t)c, d->inverse[m]);
	if (pb_kernel_generic(k))
		return pb_generic_move(k, d, c, m < d->nmoves ? d->inverse[m] : m);
	return (pb_cells)pb_kernel_unpermute(d, (uint64_t)c, m);
}

/* The class of the state with cells C: the blank's cell (the one field
 * that is zero, found without a loop), or 0. */
PB_INLINE int pb_kernel_class(const pb_kernel k, const pb_domain *d, pb_cells c)
{
	if (!pb_kernel_slides(k))
		return 0;
	if (pb_kernel_words(k) == 1) {
		uint64_t x = (uint64_t)c, any = x | x >> 1;

		any |= any >> 2;
		return __builtin_ctzll(~any & (uint64_t)d->cell_ones) / 4;
	}
	pb_cells any = c | c >> 1 | c >> 2 | c >> 3 | c >> 4, zero = ~any & d->cell_ones;
	uint64_t lo = (uint64_t)zero;

	return (lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(zero >> 64))) / 5;
}

PB_INLINE bool pb_kernel_equal(const pb_kernel k, pb_cells a, pb_cells b)
{
	return pb_cells_equal(a, b, pb_kernel_words(k));
}

/* The word a hash table keys on. */
PB_INLINE uint64_t pb_kernel_fold(const pb_kernel k, pb_cells c)
{
	return pb_cells_fold(c, pb_kernel_words(k));
}

/* SLIDE4: the tiles of C without the blank at B, packed, as labels
 * 0..n-2. */
PB_INLINE uint64_t pb_tiles_only(const pb_domain *d, uint64_t c, int b)
{
	uint64_t low = c & ((1ULL << (4 * b)) - 1);
	uint64_t high = b + 1 < PB_RANK_MAX ? (c >> (4 * (b + 1))) << (4 * b) : 0;

	return (low | high) - d->tile_ones;
}

/* Tiles: the parity the tiles' inversions must have with the blank at B.
 * Each move keeps (inversions + [W even] * blank row) mod 2; the internal
 * goal has no inversions. */
PB_INLINE unsigned pb_tiles_parity_needed(const pb_domain *d, int b)
{
	if (d->width % 2)
		return 0;
	return ((unsigned)(b / d->width) & 1u) ^ d->goal_row_parity;
}

/* Squeeze PB_SMALL_VALUES nibbles (each < 8) to three bits each. */
PB_INLINE uint32_t pb_squeeze_nibbles(uint64_t packed)
{
#ifdef __BMI2__
	return (uint32_t)_pext_u64(packed, 0x77777777u);
#else
	uint32_t x = 0;

	for (int i = 0; i < PB_SMALL_VALUES; i++)
		x |= (uint32_t)pb_nibble(packed, i) << (3 * i);
	return x;
#endif
}

/* A small tiles board's table key for CELLS with the blank at B: the tiles
 * in reading order, the blank skipped, each label less one, three bits
 * apiece. One subtraction and one bit gather where BMI2 has them. */
PB_INLINE uint32_t pb_tiles_key(const pb_domain *d, uint64_t cells, int b)
{
#ifdef __BMI2__
	uint64_t hole = 15ULL << (4 * b);

	return (uint32_t)_pext_u64(cells - ((uint64_t)d->cell_ones & ~hole), d->cell_sevens & ~hole);
#else
	return pb_squeeze_nibbles(pb_tiles_only(d, cells, b));
#endif
}

/* A table entry's bit holding the parity of its Lehmer digits; the index
 * part lies below it. */
#define PB_INDEX_PARITY 24
#define PB_INDEX_MASK ((1u << PB_INDEX_PARITY) - 1)

/* The sum of the two table entries for KEY: below PB_INDEX_PARITY, the
 * index without the blank's cell (tiles: the rank halved, times the cells;
 * Magic Squares: the rank); at PB_INDEX_PARITY, the parity of the
 * permutation, since adding the entries adds their parity bits and the
 * index parts never carry into them. A value's Lehmer digit (later values
 * smaller than it) is also the value less the earlier values smaller than
 * it, so the first half's digits depend on the first half alone and the
 * second half's on the second half alone. */
PB_INLINE uint32_t pb_small_entry(const pb_domain *d, uint32_t key)
{
	const uint32_t half_mask = (1u << (3 * PB_SMALL_HALF)) - 1;

	return d->index_head[key & half_mask] + d->index_tail[key >> (3 * PB_SMALL_HALF)];
}

/* The inversions of the tiles of C (5 bits a cell) with the blank at B:
 * of all n values, less the B that the blank (0) stands behind. */
PB_INLINE unsigned pb_wide_inversions(const pb_domain *d, pb_cells c, int b)
{
	uint32_t seen = 0;
	unsigned inv = 0;

	for (int i = 0; i < d->cells; i++) {
		unsigned v = (unsigned)(c >> (5 * i)) & 31u;

		inv += (unsigned)__builtin_popcount(seen & ~((2u << v) - 1));
		seen |= 1u << v;
	}
	return inv - (unsigned)b;
}

/* Whether D has a solvability test (every built-in domain; a plugin's
 * where its space gives one). Without one, pb_solvable says true of every
 * state, and only a search that runs out of states can tell otherwise. */
static inline bool pb_domain_tests_solvable(const pb_domain *d)
{
	return !d->space || d->space->solvable;
}

/* GENERIC: whether C can reach the goal by the space's test; true where
 * the space has none. */
PB_INLINE bool pb_generic_solvable(const pb_kernel k, const pb_domain *d, pb_cells c)
{
	unsigned char v[PB_MAX_CELLS];

	if (!d->space->solvable)
		return true;
	pb_generic_unpack(k, d, c, v);
	return d->space->solvable(d->space->data, v) != 0;
}

/* GENERIC: the space's rank of C, or index_count where that is out of
 * range (a state outside the goal's class, a rank that broke its
 * contract): the caller's cue that C has no index. */
PB_INLINE uint64_t pb_generic_index(const pb_kernel k, const pb_domain *d, pb_cells c)
{
	unsigned char v[PB_MAX_CELLS];
	uint64_t r;

	pb_generic_unpack(k, d, c, v);
	r = d->space->rank(d->space->data, v);
	return r < d->index_count ? r : d->index_count;
}

/* Whether the state C of class CLS can reach the goal, by parity alone
 * (no search; a plugin's domain by its own test). */
PB_INLINE bool pb_kernel_solvable(const pb_kernel k, const pb_domain *d, pb_cells c, int cls)
{
	unsigned parity;

	if (pb_kernel_generic(k))
		return pb_generic_solvable(k, d, c);
	if (!pb_kernel_slides(k))
		return true;
	if (pb_kernel_words(k) == 2)
		parity = pb_wide_inversions(d, c, cls) & 1u;
	else if (__builtin_expect(d->small_values != 0, 1))
		parity = (pb_small_entry(d, pb_tiles_key(d, (uint64_t)c, cls)) >> PB_INDEX_PARITY) & 1u;
	else
		parity = pb_inversions(pb_tiles_only(d, (uint64_t)c, cls), d->cells - 1) & 1u;
	return parity == pb_tiles_parity_needed(d, cls);
}

/* Dense index of a state of the goal's class, 0..index_count-1 (kernels
 * of one word; d->index_count is 0 elsewhere).
 * Tiles: (the rank of the tiles without the blank, halved) * n + the blank's
 * cell. Of two arrangements that differ by swapping the last two tiles
 * exactly one has the goal's parity, so halving the rank loses nothing; and
 * with the blank's cell lowest, a sideways move (which leaves the order of
 * the tiles alone) lands on a neighbouring entry, in the same cache line.
 * Magic Squares and pancakes: the rank (by the tables where there are up
 * to PB_SMALL_VALUES values). The cube: the permutation coordinate times
 * 729 plus the twist coordinate. */
PB_INLINE uint64_t pb_kernel_index(const pb_kernel k, const pb_domain *d, pb_cells c, int cls)
{
	uint64_t x = (uint64_t)c;
	int m = d->cells - 1;

	if (pb_kernel_generic(k))
		return pb_generic_index(k, d, c);
	if (pb_kernel_words(k) == 2)
		return 0;
	if (k == PB_KERNEL_CORNERS)
		return pb_corners_perm(x) * PB_TWIST_COUNT + pb_corners_twist(x);
	/* pancakes: the rank of the stack read from the bottom, so that a flip
	 * of the top j changes the index modulo j! only (twobit_layer.c's
	 * groups) */
	if (k == PB_KERNEL_FLIP4)
		return d->small_values ? pb_small_entry(d, pb_squeeze_nibbles((uint64_t)pb_kernel_flip(k, c, d->cells))) &
						 PB_INDEX_MASK
				       : pb_rank_reversed(x, d->cells);
	if (!pb_kernel_slides(k))
		return d->small_values ? pb_small_entry(d, pb_squeeze_nibbles(x)) & PB_INDEX_MASK
				       : pb_rank(x, d->cells);
	/* the tables on the boards where speed counts most (in line) */
	if (__builtin_expect(d->small_values != 0, 1))
		return (pb_small_entry(d, pb_tiles_key(d, x, cls)) & PB_INDEX_MASK) + (uint64_t)cls;
	return pb_rank_prefix(pb_tiles_only(d, x, cls), m, m - 2) / 2 * (uint64_t)d->cells +
	       (uint64_t)cls;
}

/* Run-time choice of the kernel, for code outside the hot loops: STMT
 * with K the kernel constant. */
#define PB_WITH_KERNEL(d, STMT)                                                          \
	do {                                                                             \
		switch ((d)->kernel) {                                                   \
		case PB_KERNEL_SLIDE4: { const pb_kernel K = PB_KERNEL_SLIDE4; STMT; } break; \
		case PB_KERNEL_SLIDE5: { const pb_kernel K = PB_KERNEL_SLIDE5; STMT; } break; \
		case PB_KERNEL_PERMUTE4: { const pb_kernel K = PB_KERNEL_PERMUTE4; STMT; } break; \
		case PB_KERNEL_FLIP4: { const pb_kernel K = PB_KERNEL_FLIP4; STMT; } break; \
		case PB_KERNEL_FLIP5: { const pb_kernel K = PB_KERNEL_FLIP5; STMT; } break; \
		case PB_KERNEL_CORNERS: { const pb_kernel K = PB_KERNEL_CORNERS; STMT; } break; \
		case PB_KERNEL_GENERIC1: { const pb_kernel K = PB_KERNEL_GENERIC1; STMT; } break; \
		case PB_KERNEL_GENERIC2: { const pb_kernel K = PB_KERNEL_GENERIC2; STMT; } break; \
		}                                                                        \
	} while (0)

/* Apply move M to S into OUT (which may be S). Returns false (OUT
 * untouched) when M is not legal there (the blank at an edge; a plugin's
 * move that its apply refuses, or that changes nothing). */
static inline bool pb_apply(const pb_domain *d, const pb_state *s, int m, pb_state *out)
{
	int to = d->next_class[s->cls][m];
	pb_cells c = 0;
	bool stays = false;

	if (to < 0)
		return false;
	PB_WITH_KERNEL(d, c = pb_kernel_move(K, d, s->cells, s->cls, m);
		       stays = pb_kernel_stays(K, s->cells, c));
	if (stays)
		return false;
	out->cells = c;
	out->cls = to;
	return true;
}

/* The predecessor of S by move M: the state that M takes to S. Returns
 * false when no state does (tiles: the blank could not have come from
 * there). */
static inline bool pb_unapply(const pb_domain *d, const pb_state *s, int m, pb_state *out)
{
	int from = d->prev_class[s->cls][m];
	pb_cells c = 0;
	bool stays = false;

	if (from < 0 || (d->space && d->inverse[m] == PB_NO_MOVE))
		return false;
	PB_WITH_KERNEL(d, c = pb_kernel_unmove(K, d, s->cells, s->cls, m);
		       stays = pb_kernel_stays(K, s->cells, c));
	if (stays)
		return false;
	out->cells = c;
	out->cls = from;
	return true;
}

static inline bool pb_is_goal(const pb_domain *d, const pb_state *s)
{
	return s->cells == d->goal.cells;
}

/* Whether S can reach the goal, by parity alone (no search). */
static inline bool pb_solvable(const pb_domain *d, const pb_state *s)
{
	bool ok = true;

	PB_WITH_KERNEL(d, ok = pb_kernel_solvable(K, d, s->cells, s->cls));
	return ok;
}

/* Dense index of S (of the goal's class), 0..index_count-1, where the
 * domain has one. */
static inline uint64_t pb_index(const pb_domain *d, const pb_state *s)
{
	uint64_t i = 0;

	PB_WITH_KERNEL(d, i = pb_kernel_index(K, d, s->cells, s->cls));
	return i;
}

/* The value in cell I of C. */
static inline unsigned pb_cell_at(const pb_domain *d, pb_cells c, int i)
{
	unsigned v = 0;

	PB_WITH_KERNEL(d, v = pb_cell(K, c, i));
	return v;
}

/* The class of the state with cells C. */
static inline int pb_class_of(const pb_domain *d, pb_cells c)
{
	int cls = 0;

	PB_WITH_KERNEL(d, cls = pb_kernel_class(K, d, c));
	return cls;
}

#ifdef __SSSE3__
/* Bytes to nibbles: the low nibble of each byte of X (each < 16), byte i
 * to nibble i. */
static inline uint32_t pb_bytes_to_nibbles(uint64_t x)
{
	x = (x | x >> 4) & 0x00ff00ff00ff00ffULL;
	x = (x | x >> 8) & 0x0000ffff0000ffffULL;
	return (uint32_t)(x | x >> 16);
}

/* The one-character shape on boards of 9 or 10 cells (the 8-puzzle's
 * "2 3 4 1 5 x 7 6 8"), the first sixteen bytes in one vector: the state's
 * cells into *CELLS and true, or false for anything else, left to the
 * domain's parser (which also words the errors). */
static inline bool pb_parse_compact(const pb_domain *d, const char *text, size_t len,
				    uint64_t *cells)
{
	const unsigned char *p = (const unsigned char *)text;
	unsigned n = (unsigned)d->cells, seen = 0;
	__m128i v, blank, digit, fits, labels, low, high;
	uint64_t packed;

	if (len == 2 * n && p[len - 1] == '\r')
		len--;
	if (!d->compact_parse || n < 9 || n > 10 || len != 2 * n - 1)
		return false;
	v = _mm_loadu_si128((const void *)p);
	blank = _mm_cmpeq_epi8(v, _mm_set1_epi8('x'));
	digit = _mm_andnot_si128(blank, _mm_sub_epi8(v, _mm_set1_epi8('0')));
	fits = _mm_or_si128(blank, _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8((char)(n - 1))), digit));
	/* tokens at the even bytes, single spaces at the odd ones */
	if ((_mm_movemask_epi8(fits) & 0x5555) != 0x5555 ||
	    (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))) & 0xaaaa) != 0xaaaa)
		return false;
	/* every value once: the powers of two of n values below n add up to
	 * 2^n - 1 only if no two are the same (n ones take n distinct terms);
	 * a byte of each power, the low eight in one vector and the high in
	 * another, summed by SAD (the spaces, 0xf0 less '0', look up 0) */
	low = _mm_shuffle_epi8(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0), digit);
	high = _mm_shuffle_epi8(_mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 0, 0, 0, 0), digit);
	low = _mm_sad_epu8(low, _mm_setzero_si128());
	high = _mm_sad_epu8(high, _mm_setzero_si128());
	seen = (unsigned)(_mm_cvtsi128_si32(low) + _mm_extract_epi16(low, 4)) +
	       ((unsigned)(_mm_cvtsi128_si32(high) + _mm_extract_epi16(high, 4)) << 8);
	labels = _mm_shuffle_epi8(_mm_loadu_si128((const void *)d->label), digit);
	labels = _mm_shuffle_epi8(labels, _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, -1, -1, -1, -1,
							-1, -1, -1, -1));
	packed = pb_bytes_to_nibbles((uint64_t)_mm_cvtsi128_si64(labels));
	/* the tokens past the vector: one, or a space and one more (len is
	 * 2n - 1, so 2i < len is i < n) */
	for (unsigned i = 8; 2 * i < len; i++) {
		unsigned c = p[2 * i], value = c == 'x' ? 0 : c - '0';

		if (value >= n || (i > 8 && p[2 * i - 1] != ' '))
			return false;
		seen += 1u << value;
		packed |= (uint64_t)d->label[value] << (4 * i);
	}
	if (seen != (1u << n) - 1)
		return false;
	*cells = packed;
	return true;
}
#endif

/* Parse one instance from TEXT[0..len) in the domain's syntax (tiles:
 * whitespace-separated tokens, any spacing, 'x' or 0 for the blank).
 * Returns 0, or -1 with a message naming what is wrong in ERR (wrong count,
 * repeated or out-of-range value, junk). Inline for the common shape of
 * small boards, which is most of the cost of reading a file of puzzles. */
static inline int pb_parse(const pb_domain *d, const char *text, size_t len, pb_state *out,
			   char *err, size_t errlen)
{
#ifdef __SSSE3__
	uint64_t cells;

	if (pb_parse_compact(d, text, len, &cells)) {
		out->cells = cells;
		out->cls = pb_kernel_class(PB_KERNEL_SLIDE4, d, cells);
		return 0;
	}
#endif
	return d->ops->parse(d, text, len, out, err, errlen);
}

#endif
