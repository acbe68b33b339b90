/* What the parts of the pattern databases' build share (pdb_build.c, the
 * build set up and driven a layer at a time; pdb_layer.c, a layer's
 * expansion by the threads, the hot loops) and pdb.c (the placements'
 * ranks): the builder, a worker and its unranked placement, the bit
 * layout of the search, and the small inline helpers both sides call
 * (inline here, so that the hot loops keep them inlined). Internal to
 * algorithms/heuristics; what the rest sees is pdb.h. */
#ifndef PB_PDB_INT_H
#define PB_PDB_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "pdb.h"

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

/* The most threads a build runs. */
#define MAX_THREADS PB_PDB_MAX_THREADS

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

/* The cells next to the cells X, on the board. */
static inline uint32_t spread(const builder *b, uint32_t x)
{
	return (x << b->width) | (x >> b->width) | ((x << 1) & b->has_left) |
	       ((x >> 1) & b->has_right);
}

/* The cells reached from the cells X over FREE cells (X among them). */
static inline uint32_t flood(const builder *b, uint32_t x, uint32_t free)
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

/* Set bit I of the array A unless it is set; returns whether this call set
 * it (several threads may race for one bit: exactly one wins). */
static inline bool claim(uint64_t *a, uint64_t i)
{
	uint64_t *word = &a[i / WORD_BITS], bit = 1ULL << (i % WORD_BITS);

	if (__atomic_load_n(word, __ATOMIC_RELAXED) & bit)
		return false;
	return !(__atomic_fetch_or(word, bit, __ATOMIC_RELAXED) & bit);
}

/* pdb_layer.c */

/* The expansion of a layer for B's board (specialised for the common
 * boards), and the filling of the parity bits before the search: what
 * the workers do with their chunks of `front` (B->job). */
expand_fn *pdb_expander(const builder *b);
bool pdb_fill_parity(worker *w, uint64_t first, uint64_t end);

/* Work on the layer at B->depth with NTHREADS workers (this thread one of
 * them). Returns PB_SOLVED or why the build stopped; *FRESH: the pairs of
 * the next layer. */
pb_status pdb_expand_layer(builder *b, pb_search *s, worker *workers, int nthreads,
			   uint64_t *fresh);

#endif
