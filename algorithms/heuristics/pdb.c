#include "pdb.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

#include "../core/blob.h"

/* The build is a breadth-first search over (placement, slot) pairs, layer
 * by layer, with two bit arrays: `seen`, a bit per pair at placement *
 * slots + slot, and `front`, two bits per placement at 2 * placement: its
 * slot 0 (the region of the lowest free cell), and another slot, was
 * first seen at the depth being expanded or at the next. A pair's depth
 * has the parity of its placement's Manhattan distance, so a layer's pairs
 * and the next one's belong to placements of opposite parities, and one
 * pair of bits serves both layers; a third array, `parity`, a bit per
 * placement filled before the search, holds that parity, so that a
 * layer's scan passes over the next layer's placements (set in `front`
 * while it runs) a word at a time. A layer expands a placement's slot 0
 * when its first bit is set, and every other seen slot when its second is
 * (those seen earlier too: their successors are all seen, so they cost
 * work, not states), all in one go: the moves into the cells of those
 * regions.
 *
 * Bits are set by atomic operations, only where a plain load shows them
 * clear, so that a successor seen already (most of them) costs one load.
 * A placement's entry is written when a layer first expands it (its first
 * depth), by the worker whose chunk holds its front word. */
#define WORD_BITS 64
/* A worker writes the successors of the placements it expands into an
 * array of its own, prefetching their seen words as it goes, and looks them
 * up once it holds BATCH of them: by then the first ones' cache misses have
 * overlapped with the work on the others. A placement has at most
 * MAX_SUCCESSORS (four moves a tile). */
#define BATCH 512
#define MAX_SUCCESSORS (4 * PB_PDB_MAX_TILES)
/* Words of `front` a worker takes at a time: at least CHUNK_WORDS, and
 * large enough that a layer has CHUNKS_PER_THREAD of them for each thread
 * at most (so that the regions where the threads' successors land, most of
 * them near the placements expanded, seldom meet), but no larger. */
#define CHUNK_WORDS 1024
#define CHUNKS_PER_THREAD 64
/* The widest board's columns (12x2). */
#define MAX_WIDTH 12
/* Boards of up to TABLE_CELLS cells have a table indexed by the set of
 * free cells (2^16 of them): the slot of each cell's region, TABLE_BITS a
 * cell. */
#define TABLE_CELLS 16
#define TABLE_BITS 4
#define TABLE_MASK ((1u << TABLE_BITS) - 1)
/* A 1 in the low bit of each field of a table entry. */
#define TABLE_LOW_BITS 0x1111111111111111ULL
/* Digits of a placement's rank in the unrank tables: five bits each (cells
 * up to 31). */
#define DIGIT_BITS 5
#define DIGIT_MASK ((1u << DIGIT_BITS) - 1)
/* The two front bits of a placement. */
#define FRONT_BITS 2
#define FRONT_FIRST 1u /* slot 0 */
#define FRONT_OTHER 2u /* another slot */
/* The first front bit of each placement of a word. */
#define FRONT_LOW_BITS 0x5555555555555555ULL

/* PDEP and PEXT are microcoded on AMD's Zen 1 and Zen 2, where they take
 * tens to hundreds of cycles (more, the more bits the mask has); elsewhere
 * (Intel since Haswell, Zen 3 on) three. */
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
#define FAST_BMI2 1
#else
#define FAST_BMI2 0
#endif

/* The N-th (from 0) set bit of MASK (which has more than N): by PDEP where
 * it is fast, else by halving the window five times, each time keeping the
 * half that holds the bit. */
static inline int select_bit(uint32_t mask, unsigned n)
{
#if FAST_BMI2
	return __builtin_ctz(__builtin_ia32_pdep_si(1u << n, mask));
#else
	unsigned base = 0;

	for (unsigned half = 16; half; half >>= 1) {
		uint32_t low = mask & ((1u << half) - 1);
		unsigned c = (unsigned)__builtin_popcount(low), up = n >= c;

		n -= up ? c : 0;
		mask = up ? mask >> half : low;
		base += up ? half : 0;
	}
	return (int)base;
#endif
}

/* The bits 0, 4, 8, ..., 60 of X (the others clear) gathered into bits 0 to
 * 15. */
_Static_assert(TABLE_BITS == 4, "a slot table field is a nibble");
static inline uint32_t gather_nibble_bits(uint64_t x)
{
#if FAST_BMI2
	return (uint32_t)__builtin_ia32_pext_di(x, 0x1111111111111111ULL);
#else
	x = (x | x >> 3) & 0x0303030303030303ULL;
	x = (x | x >> 6) & 0x000f000f000f000fULL;
	x = (x | x >> 12) & 0x000000ff000000ffULL;
	return (uint32_t)((x | x >> 24) & 0xffff);
#endif
}

uint64_t pb_placement_weights(int n, int k, uint64_t *weight)
{
	uint64_t count = 1;

	for (int i = k - 1; i >= 0; i--) {
		weight[i] = count;
		count *= (uint64_t)(n - i);
	}
	return count;
}

void pb_placement_unrank(int n, int k, const uint64_t *weight, uint64_t r, uint8_t *pos)
{
	uint32_t avail = (uint32_t)((1ULL << n) - 1);

	for (int i = 0; i < k; i++) {
		uint64_t digit = r / weight[i];
		int c = select_bit(avail, (unsigned)digit);

		r -= digit * weight[i];
		pos[i] = (uint8_t)c;
		avail &= ~(1u << c);
	}
}

int pb_pdb_init(pb_pdb *p, int width, int height, int goal_blank, uint32_t goal_cells,
		const uint8_t *labels)
{
	int k = 0, n = width * height;

	memset(p, 0, sizeof(*p));
	if (width < 2 || height < 2 || n > PB_PDB_MAX_CELLS || goal_blank < 0 || goal_blank >= n)
		return -1;
	p->width = width;
	p->height = height;
	p->cells = n;
	p->goal_blank = goal_blank;
	goal_cells &= (uint32_t)((1ULL << n) - 1) & ~(1u << goal_blank);
	p->goal_cells = goal_cells;
	for (int c = 0; c < n; c++) {
		if (!(goal_cells & (1u << c)))
			continue;
		if (k == PB_PDB_MAX_TILES)
			return -1;
		p->goal_cell[k] = (uint8_t)c;
		p->tiles[k++] = labels ? labels[c] : (uint8_t)c;
	}
	if (!k)
		return -1;
	p->ntiles = k;
	p->entries = pb_placement_weights(n, k, p->weight);
	return 0;
}

void pb_pdb_release(pb_pdb *p)
{
	pb_free(p->excess);
	p->excess = NULL;
}

/* The quotient X / D by a multiplication with INVERSE (inverse_of(D)):
 * exact for every X below 2^64 / D. */
static inline uint64_t inverse_of(uint64_t d)
{
	return d > 1 ? UINT64_MAX / d + 1 : 0; /* 2^64 / D rounded up; D = 1: unused */
}

static inline uint64_t quotient(uint64_t x, uint64_t d, uint64_t inverse)
{
	return d == 1 ? x : (uint64_t)(((unsigned __int128)x * inverse) >> 64);
}

typedef struct worker worker;
/* What a worker does with a chunk of `front` words: returns whether the
 * limits say go on. */
typedef bool expand_fn(worker *w, uint64_t first, uint64_t end);

/* The state of one build. */
typedef struct builder {
	pb_pdb *p;
	int k;           /* pattern tiles */
	int slots;       /* free cells of a placement: the blank's choices */
	uint64_t slots_inverse; /* inverse_of(slots) */
	int width;
	uint32_t all;    /* every cell */
	/* the cells with a neighbour on the left (right): where a step right
	 * (left) can land */
	uint32_t has_left, has_right;
	uint8_t dist[PB_PDB_MAX_TILES][PB_PDB_MAX_CELLS]; /* Manhattan, tile i, cell c */
	uint8_t identity[PB_PDB_MAX_CELLS]; /* i -> i */
	/* the weight of digit i in seen bits: weight[i] * slots, so that a
	 * successor's seen bit is the placement's first bit plus a sum of
	 * these plus its slot */
	uint64_t bit_weight[PB_PDB_MAX_TILES];
	/* boards of up to TABLE_CELLS cells (else NULL): for each set of free
	 * cells, the slot of the region of each cell */
	uint64_t *slot_table;
	/* a placement's digits, DIGIT_BITS each, from two tables: the high
	 * digits by r / low_count, the low ones by r % low_count (the
	 * quotient by a multiplication with low_inverse) */
	int high_digits;
	uint64_t low_count, low_inverse;
	uint64_t last_radix; /* of the last digit: the cells left to the last tile */
	uint32_t *high_table, *low_table;
	uint64_t *seen, *front;
	uint64_t front_words, chunk_words;
	/* bit j of parity[i]: the parity of the Manhattan distance of
	 * placement 32 i + j (the placements of front word i), so that a
	 * layer's scan passes over those of the next layer without unranking
	 * them; the cells of the chessboard's second colour, which fill it */
	uint32_t *parity;
	uint32_t colour;
	/* what the workers do with their chunks of `front`: expand them, or
	 * fill their parity bits */
	expand_fn *job;
	/* the layer being expanded: its depth, the next chunk of words to
	 * take, and whether a worker was told to stop */
	unsigned depth;
	uint64_t next_chunk;
	int stopped;
} builder;

/* A pattern placement, unranked, with what its moves need, kept level by
 * level so that the next placement of a scan is unranked from the first
 * digit that differs: its rank and the rank's parts for the digit tables
 * (rank / low_count, and the rest); the packed digits; tile i on cell
 * pos[i]; the cells the tiles before tile i leave (avail[i]) and their
 * Manhattan distance (md[i]); the index of the tile on each cell, and its
 * weight in seen bits (room past the last cell for move_delta's look
 * between). Cells
 * no tile holds keep stale values, which count for nothing: move_delta's
 * vector load reads them but masks them out. */
typedef struct layout {
	uint64_t rank, high, low;
	uint64_t digits;
	uint8_t pos[PB_PDB_MAX_TILES];
	uint32_t avail[PB_PDB_MAX_TILES + 1];
	unsigned md[PB_PDB_MAX_TILES + 1];
	uint8_t at[PB_PDB_MAX_CELLS];
	uint64_t wcell[PB_PDB_MAX_CELLS + MAX_WIDTH]; /* in seen bits: bit_weight */
} layout;

/* One thread's share of a layer: its pairs waiting to be looked up, its
 * last unranked placement, and its counts, summed when the layer is
 * done. */
struct worker {
	builder *b;
	pb_search poll;  /* a copy of the build's limits, polled alone */
	pb_status status;
	uint64_t fresh;  /* pairs first seen */
	uint64_t expanded, generated;
	int max_excess;
	bool overflow;   /* an excess past PB_PDB_MAX_EXCESS */
	layout x; /* the last placement unranked */
};

/* The bits of X spread to the even bits of a word: bit j to bit 2 j. */
static inline uint64_t spread_even(uint32_t x)
{
#if FAST_BMI2
	return __builtin_ia32_pdep_di(x, 0x5555555555555555ULL);
#else
	uint64_t y = x;

	y = (y | y << 16) & 0x0000ffff0000ffffULL;
	y = (y | y << 8) & 0x00ff00ff00ff00ffULL;
	y = (y | y << 4) & 0x0f0f0f0f0f0f0f0fULL;
	y = (y | y << 2) & 0x3333333333333333ULL;
	return (y | y << 1) & 0x5555555555555555ULL;
#endif
}

/* The cells next to the cells X, on the board. */
static inline uint32_t spread(const builder *b, uint32_t x)
{
	return (x << b->width) | (x >> b->width) | ((x << 1) & b->has_left) |
	       ((x >> 1) & b->has_right);
}

/* The cells reached from the cells X over FREE cells (X among them). */
static uint32_t flood(const builder *b, uint32_t x, uint32_t free)
{
	for (;;) {
		uint32_t y = (x | spread(b, x)) & free;

		if (y == x)
			return x;
		x = y;
	}
}

/* The slot of the region of FREE that holds cell C: the rank among the
 * free cells of the region's lowest cell. From the table where B has one
 * (TABLE, a constant where the callers are specialised); else the flood
 * from C, which stops as soon as it holds the lowest free cell (slot 0,
 * the usual case). */
static inline __attribute__((always_inline)) unsigned
slot_in(const builder *b, uint32_t free, int c, bool table)
{
	uint32_t x = 1u << c, lowest = free & -free;

	if (table)
		return (unsigned)(b->slot_table[free] >> (TABLE_BITS * c)) & TABLE_MASK;
	for (;;) {
		uint32_t y;

		if (x & lowest)
			return 0;
		y = (x | spread(b, x)) & free;
		if (y == x)
			return (unsigned)__builtin_popcount(free & ((x & -x) - 1));
		x = y;
	}
}

static inline unsigned slot_of(const builder *b, uint32_t free, int c)
{
	return slot_in(b, free, c, b->slot_table != NULL);
}

/* The cells of the regions of FREE that the slots SLOTS name. */
static inline uint32_t slot_cells(const builder *b, uint32_t free, uint32_t slots)
{
	uint32_t cells = 0;

	if (b->slot_table) {
		uint64_t fields = b->slot_table[free];

		/* one slot (most placements): the fields equal to it, found
		 * as the zero fields of the xor with it */
		for (; slots; slots &= slots - 1) {
			uint64_t x = fields ^ ((uint64_t)__builtin_ctz(slots) * TABLE_LOW_BITS);
			uint64_t same = ~(x | x >> 1 | x >> 2 | x >> 3) & TABLE_LOW_BITS;

			cells |= gather_nibble_bits(same);
		}
		return cells & free;
	}
	for (; slots; slots &= slots - 1)
		cells |= flood(b, 1u << select_bit(free, (unsigned)__builtin_ctz(slots)), free);
	return cells;
}

/* The most free cells unrank steps over, one at a time, to the next cell
 * of a digit that went up; past that it selects the cell afresh. */
#define STEP_SCAN 4

/* Unrank R into W's layout, from the first digit that differs from the
 * last placement's (all of them after a reset: digits ~0). R's parts for
 * the digit tables come from the last placement's when R is a little
 * past it (a scan's next placement), by a division else. */
static void unrank(worker *w, uint64_t r)
{
	const builder *b = w->b;
	layout *x = &w->x;
	const unsigned last = DIGIT_BITS * (unsigned)(b->k - 1);
	uint64_t digits;
	unsigned step;
	int i;

	if (r > x->rank && b->high_digits < b->k &&
	    r - x->rank < b->last_radix - (x->digits >> last & DIGIT_MASK)) {
		/* only the last digit changes (a scan's next placement in the
		 * same group), and it is one of the low digits */
		step = (unsigned)(r - x->rank);
		x->low += step;
		x->rank = r;
		x->digits += (uint64_t)step << last;
		i = b->k - 1;
		digits = x->digits >> last;
		goto cells;
	}
	if (r > x->rank && r - x->rank < b->low_count) {
		x->low += r - x->rank;
		if (x->low >= b->low_count) {
			x->low -= b->low_count;
			x->high++;
		}
	} else {
		x->high = quotient(r, b->low_count, b->low_inverse);
		x->low = r - x->high * b->low_count;
	}
	x->rank = r;
	digits = b->high_table[x->high] | (uint64_t)b->low_table[x->low] << (DIGIT_BITS * b->high_digits);
	i = __builtin_ctzll((digits ^ x->digits) | 1ULL << (DIGIT_BITS * b->k)) / DIGIT_BITS;
	step = x->digits != ~0ULL && i < b->k ? (unsigned)(digits >> (DIGIT_BITS * i) & DIGIT_MASK) -
							(unsigned)(x->digits >> (DIGIT_BITS * i) & DIGIT_MASK) :
						  0;
	x->digits = digits;
	digits >>= DIGIT_BITS * i;
cells:
	for (; i < b->k; i++, digits >>= DIGIT_BITS) {
		int c;

		if (step - 1 < STEP_SCAN) {
			/* the first digit that changed went up by STEP (a scan's
			 * next placement): the STEP-th free cell past the old one */
			uint32_t above = x->avail[i] & ~((2u << x->pos[i]) - 1);

			while (--step)
				above &= above - 1;
			c = __builtin_ctz(above);
		} else {
			c = select_bit(x->avail[i], (unsigned)digits & DIGIT_MASK);
		}
		step = 0;
		x->pos[i] = (uint8_t)c;
		x->at[c] = (uint8_t)i;
		x->wcell[c] = b->bit_weight[i];
		x->avail[i + 1] = x->avail[i] & ~(1u << c);
		x->md[i + 1] = x->md[i] + b->dist[i][c];
	}
}

/* The cells X's tiles hold, and their Manhattan distance. */
static inline uint32_t occupied(const builder *b, const layout *x)
{
	return b->all & ~x->avail[b->k];
}

static inline unsigned layout_md(const builder *b, const layout *x)
{
	return x->md[b->k];
}

/* Set bit I of the array A unless it is set; returns whether this call set
 * it (several threads may race for one bit: exactly one wins). */
static inline bool claim(uint64_t *a, uint64_t i)
{
	uint64_t *word = &a[i / WORD_BITS], bit = 1ULL << (i % WORD_BITS);

	if (__atomic_load_n(word, __ATOMIC_RELAXED) & bit)
		return false;
	return !(__atomic_fetch_or(word, bit, __ATOMIC_RELAXED) & bit);
}

/* The seen bits of placement R's slots. */
static inline uint32_t seen_slots(const builder *b, uint64_t r)
{
	uint64_t first = r * (uint64_t)b->slots, word = first / WORD_BITS;
	unsigned shift = (unsigned)(first % WORD_BITS);
	uint64_t bits = __atomic_load_n(&b->seen[word], __ATOMIC_RELAXED) >> shift;

	if (shift + (unsigned)b->slots > WORD_BITS)
		bits |= __atomic_load_n(&b->seen[word + 1], __ATOMIC_RELAXED) << (WORD_BITS - shift);
	return (uint32_t)bits & ((1u << b->slots) - 1);
}

/* Write the entry of placement R, of Manhattan distance MD, first seen at
 * the depth being expanded, unless it has one. The layer's scan does it,
 * and the two entries of a byte are in one word of `front`, so in one
 * worker's chunk: no other thread writes the byte. */
static void write_entry(worker *w, uint64_t r, unsigned md)
{
	uint8_t *entry = &w->b->p->excess[r >> 1];
	unsigned shift = (unsigned)(r & 1) * PB_PDB_ENTRY_BITS, excess;

	if (((*entry >> shift) & PB_PDB_UNSET) != PB_PDB_UNSET)
		return;
	excess = (w->b->depth - md) / 2;
	if (excess > PB_PDB_MAX_EXCESS) {
		w->overflow = true;
		excess = PB_PDB_MAX_EXCESS;
	}
	if ((int)excess > w->max_excess)
		w->max_excess = (int)excess;
	*entry &= (uint8_t)~((PB_PDB_UNSET & ~excess) << shift);
}

/* The front bit of the pair whose seen bit is BIT: the placement's first
 * for its slot 0, else its second (a pattern of all tiles but one has one
 * slot). */
static inline uint64_t front_bit(const builder *b, uint64_t bit)
{
	uint64_t placement = quotient(bit, (uint64_t)b->slots, b->slots_inverse);

	return FRONT_BITS * placement + (bit != placement * (uint64_t)b->slots);
}

/* Look up the N successors in BATCH (seen bits), and claim those that a
 * plain load shows not seen (by an atomic or: another thread may be first,
 * or the batch may hold one twice); the one who claims a pair puts its
 * placement in the next layer, after a pass that prefetches the front
 * words. The batch is compacted in place, a pass at a time. */
static __attribute__((noinline)) void check_batch(worker *w, uint64_t *batch, unsigned n)
{
	const builder *b = w->b;
	uint64_t *seen = b->seen;
	unsigned candidates = 0, fresh = 0;

	for (unsigned i = 0; i < n; i++) {
		uint64_t bit = batch[i];
		uint64_t word = __atomic_load_n(&seen[bit / WORD_BITS], __ATOMIC_RELAXED);

		batch[candidates] = bit;
		candidates += (unsigned)(~word >> (bit % WORD_BITS) & 1u);
	}
	for (unsigned i = 0; i < candidates; i++) {
		if (!claim(seen, batch[i]))
			continue;
		batch[fresh] = front_bit(b, batch[i]);
		__builtin_prefetch(&b->front[batch[fresh] / WORD_BITS], 1);
		fresh++;
	}
	for (unsigned i = 0; i < fresh; i++)
		claim(b->front, batch[i]);
	w->fresh += fresh;
}

/* The rank delta of a move of tile I between cell LO and cell LO + W (W:
 * the board's width, or 1 for a move sideways), in the unit of its weight
 * WI and of WCELL (the callers': seen bits): its digit changes by W less
 * the earlier tiles passed over (BEFORE: their cells), and each later tile
 * passed over (of the cells OCCUPIED) changes its digit by one (WCELL: the
 * weight of the tile on each cell). No branch on what is there: with AVX2
 * and up to 4 cells between, one masked vector sum; else a loop of fixed
 * length over them. */
static inline __attribute__((always_inline)) uint64_t
move_delta(const uint64_t *wcell, uint64_t wi, uint32_t before, uint32_t occupied, int lo, int w)
{
	uint32_t between = ((1u << w) - 2u) << lo, later = between & occupied & ~before;
	uint64_t delta = (uint64_t)(w - __builtin_popcount(between & before)) * wi;

#ifdef __AVX2__
	if (w <= 5) {
		/* the w - 1 cells between in four lanes (wcell has room past
		 * the last cell), each lane kept where a later tile is */
		const __m256i bit = _mm256_set_epi64x(8, 4, 2, 1);
		__m256i keep = _mm256_cmpeq_epi64(
			_mm256_and_si256(_mm256_set1_epi64x((long long)(later >> (lo + 1))), bit), bit);
		__m256i v = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)&wcell[lo + 1]), keep);
		__m128i h = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));

		return delta + (uint64_t)_mm_cvtsi128_si64(h) + (uint64_t)_mm_extract_epi64(h, 1);
	}
#endif
	for (int j = 1; j < w; j++)
		delta += wcell[lo + j] & -(uint64_t)((later >> (lo + j)) & 1u);
	return delta;
}

/* The seen bit BIT of a successor, with its word prefetched. */
static inline uint64_t successor(const uint64_t *seen, uint64_t bit)
{
	__builtin_prefetch(&seen[bit / WORD_BITS], 1);
	return bit;
}

/* Write into OUT the successors of placement R (unranked in X) by the moves
 * of its tiles into the cells TO, on a board of width WD, with a slot table
 * or not (constants where the callers are specialised), a direction at a
 * time: the tiles that can step left are one mask, and so on. Returns how
 * many. */
static inline __attribute__((always_inline)) unsigned
successors(const builder *b, const layout *x, uint64_t r, uint32_t to, int wd, bool table,
	   uint64_t *out)
{
	const uint64_t *weight = b->bit_weight, *seen = b->seen;
	const uint64_t first = r * (uint64_t)b->slots; /* the placement's first seen bit */
	uint32_t tiles = occupied(b, x), free = b->all & ~tiles;
	uint32_t left = tiles & b->has_left & (to << 1), right = tiles & b->has_right & (to >> 1);
	uint32_t up = tiles & (to << wd), down = tiles & (to >> wd);
	unsigned n = 0;

	for (; left; left &= left - 1) {
		int c = __builtin_ctz(left);

		out[n++] = successor(seen, first - x->wcell[c] +
						   slot_in(b, free ^ (3u << (c - 1)), c, table));
	}
	for (; right; right &= right - 1) {
		int c = __builtin_ctz(right);

		out[n++] = successor(seen, first + x->wcell[c] + slot_in(b, free ^ (3u << c), c, table));
	}
	for (; up; up &= up - 1) {
		int c = __builtin_ctz(up), i = x->at[c];
		uint64_t to_first = first - move_delta(x->wcell, weight[i], ~x->avail[i], tiles, c - wd, wd);

		out[n++] = successor(seen, to_first +
						   slot_in(b, free ^ (1u << (c - wd)) ^ (1u << c), c, table));
	}
	for (; down; down &= down - 1) {
		int c = __builtin_ctz(down), i = x->at[c];
		uint64_t to_first = first + move_delta(x->wcell, weight[i], ~x->avail[i], tiles, c, wd);

		out[n++] = successor(seen, to_first +
						   slot_in(b, free ^ (1u << (c + wd)) ^ (1u << c), c, table));
	}
	return n;
}

/* Expand the placements of the current layer in the words FIRST..END of
 * `front` (those whose Manhattan distance has the depth's parity; the
 * others were just put there for the next layer): each one's slot 0, or
 * every other seen slot, or both, in one go, by the moves of the pattern
 * tiles into the cells of those regions (as FLAGS, its front bits, say).
 * Its entry is written first, and its bits are cleared after (by an atomic
 * and: other workers may be setting next-layer bits of the word). On a
 * board of width WD, with a slot table or not (constants where the callers
 * are specialised). Returns whether the limits say go on. */
static inline __attribute__((always_inline)) bool
expand_words(worker *w, uint64_t first, uint64_t end, int wd, bool table)
{
	const builder *b = w->b;
	uint32_t flip = b->depth & 1u ? 0 : ~0u;
	uint64_t batch[BATCH + MAX_SUCCESSORS];
	uint64_t expanded = 0, generated = 0;
	unsigned n = 0;
	bool go = true;

	for (uint64_t i = first; i < end && go; i++) {
		uint64_t bits = __atomic_load_n(&b->front[i], __ATOMIC_RELAXED), done = 0;
		uint64_t hits = (bits | bits >> 1) & FRONT_LOW_BITS;

		if (!hits)
			continue;
		hits &= spread_even(b->parity[i] ^ flip);
		for (; hits; hits &= hits - 1) {
			unsigned j = (unsigned)__builtin_ctzll(hits), flags = (unsigned)(bits >> j);
			uint64_t r = (i * WORD_BITS + j) / FRONT_BITS;
			uint32_t free, slots, to, m;

			unrank(w, r);
			write_entry(w, r, layout_md(b, &w->x));
			free = b->all & ~occupied(b, &w->x);
			slots = seen_slots(b, r) & ((flags & FRONT_FIRST ? 1u : 0u) |
						    (flags & FRONT_OTHER ? ~1u : 0u));
			to = slot_cells(b, free, slots);
			w->status = pb_search_poll_many(&w->poll, (unsigned)__builtin_popcount(slots));
			if (w->status != PB_SOLVED) {
				go = false;
				break;
			}
			m = successors(b, &w->x, r, to, wd, table, batch + n);
			n += m;
			generated += m;
			expanded += (unsigned)__builtin_popcount(slots);
			done |= (uint64_t)(FRONT_FIRST | FRONT_OTHER) << j;
			if (n >= BATCH) {
				check_batch(w, batch, n);
				n = 0;
			}
		}
		if (done)
			__atomic_fetch_and(&b->front[i], ~done, __ATOMIC_RELAXED);
	}
	check_batch(w, batch, n);
	w->expanded += expanded;
	w->generated += generated;
	return go;
}

/* expand_words for the common boards, their loops unrolled: widths 3 to 5
 * with the slot table (boards of up to 16 cells), 5 with the flood (5x4,
 * 5x5); and any board. */
#define DEFINE_EXPAND(name, wd, table)                                        \
	static bool name(worker *w, uint64_t first, uint64_t end)             \
	{                                                                     \
		return expand_words(w, first, end, wd, table);                \
	}
DEFINE_EXPAND(expand_3, 3, true)
DEFINE_EXPAND(expand_4, 4, true)
DEFINE_EXPAND(expand_5, 5, true)
DEFINE_EXPAND(expand_5_flood, 5, false)

static bool expand_any(worker *w, uint64_t first, uint64_t end)
{
	return expand_words(w, first, end, w->b->width, w->b->slot_table != NULL);
}

static expand_fn *expander(const builder *b)
{
	if (b->width == 5)
		return b->slot_table ? expand_5 : expand_5_flood;
	if (b->slot_table && b->width == 3)
		return expand_3;
	if (b->slot_table && b->width == 4)
		return expand_4;
	return expand_any;
}

/* Fill the parity bits of the placements of the front words FIRST..END: a
 * group of placements that differ only in the last tile's cell at a time,
 * from the colours of the cells left to that tile (a step on the board
 * changes a tile's distance by one and a cell's colour). Returns whether
 * the limits say go on. */
static bool fill_parity(worker *w, uint64_t first, uint64_t end)
{
	const builder *b = w->b;
	const int k = b->k;
	const uint64_t radix = (uint64_t)(b->p->cells - k + 1), per_word = WORD_BITS / FRONT_BITS;
	const uint64_t from = first * per_word;
	const uint64_t to = end * per_word < b->p->entries ? end * per_word : b->p->entries;
	const unsigned goal_colour = b->colour >> b->p->goal_cell[k - 1] & 1u;

	for (uint64_t group = from - from % radix; group < to; group += radix) {
		uint64_t q = group < from ? from : group, stop = group + radix < to ? group + radix : to;
		uint32_t pattern = 0, cells;
		unsigned base;

		w->status = pb_search_poll(&w->poll);
		if (w->status != PB_SOLVED)
			return false;
		unrank(w, group);
		cells = w->x.avail[k - 1];
		base = (w->x.md[k - 1] ^ goal_colour) & 1u;
		for (unsigned j = 0; cells; cells &= cells - 1, j++)
			pattern |= ((b->colour >> __builtin_ctz(cells) & 1u) ^ base) << j;
		/* placement q's bit is bit q - group of the pattern */
		while (q < stop) {
			unsigned bit = (unsigned)(q % 32), take = 32 - bit;
			uint32_t part = (uint32_t)(pattern >> (q - group));

			if (take > stop - q)
				take = (unsigned)(stop - q);
			if (take < 32)
				part &= (1u << take) - 1;
			b->parity[q / 32] |= part << bit;
			q += take;
		}
	}
	return true;
}

/* A worker's loop: take chunks of `front` until none is left and do the
 * builder's job with them. Stops early when its limits say so, or
 * another's did. */
static void *work(void *arg)
{
	worker *w = arg;
	builder *b = w->b;
	expand_fn *expand = b->job;

	while (!__atomic_load_n(&b->stopped, __ATOMIC_RELAXED)) {
		uint64_t first = __atomic_fetch_add(&b->next_chunk, 1, __ATOMIC_RELAXED) * b->chunk_words;
		uint64_t end = first + b->chunk_words < b->front_words ? first + b->chunk_words : b->front_words;

		if (first >= b->front_words)
			break;
		if (!expand(w, first, end)) {
			__atomic_store_n(&b->stopped, 1, __ATOMIC_RELAXED);
			break;
		}
	}
	return NULL;
}

#define MAX_THREADS PB_PDB_MAX_THREADS

/* Work on the layer at B->depth with NTHREADS workers (this thread one of
 * them). Returns PB_SOLVED or why the build stopped; *FRESH: the pairs of
 * the next layer. */
static pb_status expand_layer(builder *b, pb_search *s, worker *workers, int nthreads,
			      uint64_t *fresh)
{
	pthread_t threads[MAX_THREADS];
	bool started[MAX_THREADS] = { false };
	pb_status st = PB_SOLVED;

	b->next_chunk = 0;
	b->stopped = 0;
	for (int t = 0; t < nthreads; t++) {
		worker *w = &workers[t];

		w->b = b;
		w->poll = *s;
		w->status = PB_SOLVED;
		w->fresh = w->expanded = w->generated = 0;
		w->x.digits = ~0ULL;
		w->x.rank = UINT64_MAX;
		w->x.avail[0] = b->all;
		w->x.md[0] = 0;
		if (t)
			started[t] = !pthread_create(&threads[t], NULL, work, w);
	}
	work(&workers[0]);
	*fresh = 0;
	for (int t = 0; t < nthreads; t++) {
		worker *w = &workers[t];

		if (t && started[t])
			pthread_join(threads[t], NULL);
		*fresh += w->fresh;
		s->expanded += w->expanded;
		s->generated += w->generated;
		if (w->status != PB_SOLVED)
			st = w->status;
	}
	/* a worker that could not start left its chunks to the others */
	return st;
}

/* The digits of placements, DIGIT_BITS each, the first in the low bits:
 * TABLE[r] for the COUNT values of NDIGITS digits of radices RADIX. */
static void fill_digits(uint32_t *table, uint64_t count, const int *radix, int ndigits)
{
	for (uint64_t r = 0; r < count; r++) {
		uint64_t x = r;
		uint32_t digits = 0;

		for (int i = ndigits - 1; i >= 0; i--) {
			digits |= (uint32_t)(x % (uint64_t)radix[i]) << (DIGIT_BITS * i);
			x /= (uint64_t)radix[i];
		}
		table[r] = digits;
	}
}

/* The slot table of B's board (the flood's answers, once for each set of
 * free cells). Returns 0, or -1 when the meter refuses it. */
static int fill_slot_table(builder *b, pb_search *s)
{
	uint64_t masks = (uint64_t)b->all + 1;

	b->slot_table = pb_alloc(&s->meter, masks * sizeof(*b->slot_table));
	if (!b->slot_table)
		return -1;
	for (uint64_t free = 0; free < masks; free++) {
		uint64_t fields = 0;

		for (uint32_t left = (uint32_t)free; left;) {
			uint32_t low = left & -left, region = flood(b, low, (uint32_t)free);
			uint64_t slot = (uint64_t)__builtin_popcount((uint32_t)free & (low - 1));

			left &= ~region;
			for (uint32_t x = region; x; x &= x - 1)
				fields |= slot << (TABLE_BITS * __builtin_ctz(x));
		}
		b->slot_table[free] = fields;
	}
	return 0;
}

static int builder_init(builder *b, pb_pdb *p, pb_search *s)
{
	int w = p->width, k = p->ntiles, n = p->cells;
	int radix[PB_PDB_MAX_TILES];
	uint64_t high_count;

	memset(b, 0, sizeof(*b));
	b->p = p;
	b->k = k;
	b->slots = n - k;
	b->slots_inverse = inverse_of((uint64_t)b->slots);
	b->width = w;
	b->all = (uint32_t)((1ULL << n) - 1);
	for (int c = 0; c < n; c++) {
		b->identity[c] = (uint8_t)c;
		if ((c / w + c % w) & 1)
			b->colour |= 1u << c;
		if (c % w)
			b->has_left |= 1u << c;
		if (c % w < w - 1)
			b->has_right |= 1u << c;
	}
	for (int i = 0; i < k; i++) {
		int g = p->goal_cell[i];

		radix[i] = n - i;
		for (int c = 0; c < n; c++)
			b->dist[i][c] = (uint8_t)(abs(c / w - g / w) + abs(c % w - g % w));
	}
	b->high_digits = (k + 1) / 2;
	for (int i = 0; i < k; i++)
		b->bit_weight[i] = p->weight[i] * (uint64_t)b->slots;
	b->low_count = p->weight[b->high_digits - 1];
	b->last_radix = (uint64_t)(n - k + 1);
	b->low_inverse = inverse_of(b->low_count);
	high_count = p->entries / b->low_count;
	b->high_table = pb_alloc(&s->meter, high_count * sizeof(*b->high_table));
	b->low_table = pb_alloc(&s->meter, b->low_count * sizeof(*b->low_table));
	if (!b->high_table || !b->low_table)
		return -1;
	fill_digits(b->high_table, high_count, radix, b->high_digits);
	fill_digits(b->low_table, b->low_count, radix + b->high_digits, k - b->high_digits);
	return n <= TABLE_CELLS ? fill_slot_table(b, s) : 0;
}

static void builder_release(builder *b)
{
	pb_free(b->slot_table);
	pb_free(b->high_table);
	pb_free(b->low_table);
	pb_free(b->seen);
	pb_free(b->front);
	pb_free(b->parity);
}

/* How many threads a build uses: the processors online, at most
 * MAX_THREADS, and none past what the layer's chunks can feed. */
static int thread_count(uint64_t nwords)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t chunks = (nwords + CHUNK_WORDS - 1) / CHUNK_WORDS;

	if (n < 1)
		n = 1;
	if (n > MAX_THREADS)
		n = MAX_THREADS;
	return (uint64_t)n > chunks ? (int)chunks : (int)n;
}

pb_status pb_pdb_build(pb_pdb *p, pb_search *s)
{
	builder b;
	worker *workers = NULL;
	uint64_t goal, fresh = 1, seen_words;
	size_t bytes = (size_t)((p->entries + 1) / 2);
	uint32_t free;
	pb_status st = PB_SOLVED;
	int nthreads;

	p->max_excess = 0;
	p->excess = pb_alloc(&s->meter, bytes);
	if (builder_init(&b, p, s) || !p->excess)
		goto refused;
	seen_words = (p->entries * (uint64_t)b.slots + WORD_BITS - 1) / WORD_BITS + 1;
	b.front_words = (FRONT_BITS * p->entries + WORD_BITS - 1) / WORD_BITS;
	nthreads = thread_count(b.front_words);
	b.chunk_words = b.front_words / ((uint64_t)nthreads * CHUNKS_PER_THREAD);
	if (b.chunk_words < CHUNK_WORDS)
		b.chunk_words = CHUNK_WORDS;
	workers = pb_calloc(&s->meter, (size_t)nthreads, sizeof(*workers));
	b.seen = pb_calloc(&s->meter, seen_words, sizeof(uint64_t));
	b.front = pb_calloc(&s->meter, b.front_words, sizeof(uint64_t));
	b.parity = pb_calloc(&s->meter, b.front_words, sizeof(uint32_t));
	if (!workers || !b.seen || !b.front || !b.parity)
		goto refused;
	pb_want_huge_pages(b.seen, seen_words * sizeof(uint64_t));
	pb_want_huge_pages(b.front, b.front_words * sizeof(uint64_t));
	pb_want_huge_pages(b.parity, b.front_words * sizeof(uint32_t));
	pb_want_huge_pages(p->excess, bytes);
	memset(p->excess, 0xff, bytes);

	/* the goal: every pattern tile home, the blank in the goal blank's
	 * region (its entry, 0, is written when layer 0 expands it) */
	goal = pb_placement_rank(p->ntiles, p->weight, p->goal_cell, b.identity, b.identity);
	free = b.all & ~p->goal_cells;
	claim(b.seen, goal * (uint64_t)b.slots + slot_of(&b, free, p->goal_blank));
	claim(b.front, FRONT_BITS * goal + (slot_of(&b, free, p->goal_blank) != 0));
	b.job = fill_parity;
	st = expand_layer(&b, s, workers, nthreads, &fresh);
	b.job = expander(&b);
	fresh = 1; /* the goal */
	for (b.depth = 0; fresh && st == PB_SOLVED; b.depth++)
		st = expand_layer(&b, s, workers, nthreads, &fresh);
	for (int t = 0; st == PB_SOLVED && t < nthreads; t++) {
		if (workers[t].max_excess > p->max_excess)
			p->max_excess = workers[t].max_excess;
		if (workers[t].overflow) {
			snprintf(s->message, sizeof(s->message),
				 "a pattern database entry exceeds %d (the most %d bits hold)",
				 PB_PDB_MAX_EXCESS, PB_PDB_ENTRY_BITS);
			st = PB_FAILED;
		}
	}
	pb_free(workers);
	builder_release(&b);
	if (st != PB_SOLVED)
		pb_pdb_release(p);
	return st;
refused:
	pb_free(workers);
	builder_release(&b);
	pb_pdb_release(p);
	return pb_search_alloc_failed(s);
}

/* The cache file: a header of 64-bit fields, then the entries. */
#define PDB_MAGIC "pbpdb\r\n\032" /* text-mode and truncation tell-tales */
#define PDB_FORMAT_VERSION 1

typedef struct pdb_header {
	char magic[8];
	uint64_t version;
	uint64_t width, height, goal_blank, goal_cells;
	uint64_t entry_bits, entries, max_excess;
	uint64_t checksum; /* of the entries */
} pdb_header;

static void fill_header(const pb_pdb *p, pdb_header *h)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->magic, PDB_MAGIC, sizeof(h->magic));
	h->version = PDB_FORMAT_VERSION;
	h->width = (uint64_t)p->width;
	h->height = (uint64_t)p->height;
	h->goal_blank = (uint64_t)p->goal_blank;
	h->goal_cells = p->goal_cells;
	h->entry_bits = PB_PDB_ENTRY_BITS;
	h->entries = p->entries;
}

/* Hex digits of the pattern in a file name, at least (the four of a board
 * of 16 cells, so that the names of the boards up to 16 cells stay as they
 * were). */
#define MIN_NAME_DIGITS 4

int pb_pdb_file_name(const pb_pdb *p, const char *dir, char *buf, size_t len)
{
	int digits = (p->cells + 3) / 4 > MIN_NAME_DIGITS ? (p->cells + 3) / 4 : MIN_NAME_DIGITS;
	int k = snprintf(buf, len, "%s/tiles%dx%d-b%d-%0*x.pdb", dir, p->width, p->height,
			 p->goal_blank, digits, (unsigned)p->goal_cells);

	return k < 0 || (size_t)k >= len ? -1 : 0;
}

pb_pdb_load_result pb_pdb_load(pb_pdb *p, const char *path, pb_meter *m)
{
	pdb_header want, got;
	size_t bytes = (size_t)((p->entries + 1) / 2);
	pb_blob_result r;

	p->excess = pb_alloc(m, bytes);
	if (!p->excess)
		return PB_PDB_NOMEM;
	pb_want_huge_pages(p->excess, bytes);
	r = pb_blob_load(path, &got, sizeof(got), p->excess, bytes);
	if (r != PB_BLOB_READ) {
		pb_pdb_release(p);
		return r == PB_BLOB_MISSING ? PB_PDB_MISSING : PB_PDB_STALE;
	}
	fill_header(p, &want);
	want.max_excess = got.max_excess;
	want.checksum = got.checksum;
	if (memcmp(&want, &got, sizeof(want)) || got.max_excess > PB_PDB_MAX_EXCESS ||
	    pb_checksum(p->excess, bytes) != got.checksum) {
		pb_pdb_release(p);
		return PB_PDB_STALE;
	}
	p->max_excess = (int)got.max_excess;
	return PB_PDB_LOADED;
}

int pb_pdb_save(const pb_pdb *p, const char *path)
{
	size_t bytes = (size_t)((p->entries + 1) / 2);
	pdb_header h;

	fill_header(p, &h);
	h.max_excess = (uint64_t)p->max_excess;
	h.checksum = pb_checksum(p->excess, bytes);
	return pb_blob_save(path, &h, sizeof(h), p->excess, bytes);
}

const char *pb_pdb_cache_dir(const char *dir)
{
	const char *env;

	if (dir)
		return dir;
	env = getenv("PUZZLEBENCH_CACHE");
	return env && *env ? env : "cache/pdb";
}

pb_status pb_pdb_open(pb_pdb *p, const char *dir, pb_search *s, bool *built)
{
	char path[PATH_MAX];
	pb_status st;

	*built = false;
	if (pb_pdb_file_name(p, pb_pdb_cache_dir(dir), path, sizeof(path))) {
		snprintf(s->message, sizeof(s->message), "cache directory name too long");
		return PB_FAILED;
	}
	switch (pb_pdb_load(p, path, &s->meter)) {
	case PB_PDB_LOADED:
		return PB_SOLVED;
	case PB_PDB_NOMEM:
		return pb_search_alloc_failed(s);
	case PB_PDB_MISSING:
	case PB_PDB_STALE:
		break;
	}
	st = pb_pdb_build(p, s);
	if (st != PB_SOLVED)
		return st;
	*built = true;
	if (pb_pdb_save(p, path))
		snprintf(s->message, sizeof(s->message), "cannot write '%.100s': %s", path,
			 strerror(errno));
	return PB_SOLVED;
}
