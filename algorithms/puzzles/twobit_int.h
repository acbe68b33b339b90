/* What the parts of the two-bit search share (twobit.c, the table built
 * layer by layer, walked down and cached; twobit_layer.c, a layer's work
 * by the threads, the hot loops): the builder, the layout of the codes and
 * the groups, and the inline helpers both sides call. Internal to
 * algorithms/puzzles; what the rest sees is twobit.h. */
#ifndef PB_TWOBIT_INT_H
#define PB_TWOBIT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel.h"
#include "twobit.h"

/* Codes a word of the table holds. */
#define CODES_PER_WORD 32
/* Groups a worker takes at a time (a multiple of 32, so that a chunk's
 * codes are whole words, which a worker pulling writes alone, and of 64,
 * so that a chunk's frontier bits are whole words): few enough that the
 * last chunks of a layer spread over the threads, enough that taking one
 * is rare. */
#define CHUNK_GROUPS 4096

typedef struct builder {
	pb_twobit *t;
	const pb_domain *d;
	uint64_t *codes;    /* t->codes */
	unsigned now, next; /* the layer's residue and the next one's */
	bool pull;
	uint64_t size;      /* states a group */
	uint64_t groups;
	uint64_t chunk;     /* groups a worker takes at a time: CHUNK_GROUPS, or
			     * 1 where a group is big (pancakes) */
	uint64_t size_inverse; /* ceil(2^64 / size): a group's number by a multiply */
	/* The frontiers, a bit a group: the groups holding a state of the
	 * layer (read), and of the next (set as they are found). A bit a
	 * group, not a few: a group of a frontier's block with no new state
	 * may still hold states of 6, 12, ... before, which a push expands
	 * again for nothing (a bit for 8 groups: 1.3 times the expansions
	 * on 2x6, 1.2 times the time). */
	const uint64_t *frontier;
	uint64_t *next_frontier;
	/* Bits a group in the frontiers (FBITS): one, or on tiles with two
	 * rows one a row: the group holds a state of the layer with the blank
	 * in that row. A row's states are a path of sideways moves, whose
	 * distances differ by at most the columns between them, so a state 6
	 * or 12 moves before the layer, which has the layer's code and colour,
	 * shares a row with one of the layer only where they are 6 columns
	 * apart: a push expands a group's rows of the layer and almost none
	 * of those states (on 7x2, a bit a group expanded 1.29 times the
	 * layer's states). ROW_MASK[r]: the states (bits 2j) of the rows R
	 * names (bit 0 the first row, bit 1 the second; all where a bit is a
	 * group); ROW_CELL: the first cell of the second row. */
	int fbits;
	uint64_t row_mask[4];
	uint64_t row_cell;
	/* The layer's share-out (run_layer's), which the workers change
	 * while they read the rest. */
	struct share {
		uint64_t next_chunk; /* atomic */
		int stopped;         /* atomic: a worker hit a limit */
	} *share;
	/* Tiles (see enter_group): masks over a group's codes, bit 2j for the
	 * state with the blank at cell j. */
	int tiles;           /* tiles on the board */
	uint64_t first_col, last_col; /* the blank in the first, last column */
	uint64_t first_row, last_row; /* the blank in the first, last row */
	uint64_t odd_rows;   /* the blank where the tiles' parity must be odd */
	/* the blank an even, odd number of moves from the goal's blank (a
	 * move takes it to a neighbouring cell, of the other colour of a
	 * chessboard): with the code, a state's distance mod 6 */
	uint64_t colour[2];
	uint64_t layer_colour; /* colour[] of the states a layer takes: the
				* layer's distance (push), the next (pull) */
	/* A push's states with one far move (the blank in the first or the
	 * last row; on two rows, all), and the layer's residue before: a
	 * state of the layer with no neighbour of that residue in its group
	 * (in its row) has its move nearer the goal outside the group, and
	 * where that is its only far move the push leaves it out (it leads
	 * to the layer before, seen). None at the goal, which has no move
	 * nearer. */
	uint64_t skip_one_far;
	unsigned before;
	/* Pancakes (see their part of twobit_layer.c): a group is the m!
	 * stacks that share their bottom cells - m pancakes, m = flips_in
	 * (0: not pancakes' groups); the flips of 2..m stay in the group. */
	int flips_in;
	uint64_t top_mask;   /* the top m cells' nibbles */
	const uint32_t *flip[PB_RANK_MAX + 1]; /* flip[j][u], u < j!: the index
						* mod j! after flip j (j <= m) */
	const uint64_t *top; /* top[l], l < m!: the top m cells' order (nibble p:
			      * the rank among them of cell p's pancake) at
			      * index l mod m! */
	uint64_t fact[PB_RANK_MAX + 1];         /* j! */
	uint64_t fact_inverse[PB_RANK_MAX + 1]; /* ceil(2^64 / j!) */
	uint64_t weight[PB_RANK_MAX]; /* weight[i]: (tiles - 1 - i)! */
	/* Tiles: a group's last Lehmer digits by a look-up. Its number G
	 * (its rank halved) is G / LOW_GROUPS in the digits before
	 * LOW_FIRST and G % LOW_GROUPS in LOW_FIRST..tiles - 3:
	 * LOW_DIGITS[G % LOW_GROUPS] holds those (a nibble each, where
	 * the rank's digits go; the others 0). */
	const uint64_t *low_digits;
	uint64_t low_groups, low_inverse;
	int low_first;
	uint64_t inverse[PB_RANK_MAX + 1]; /* inverse[r]: ceil(2^64 / r), r >= 2 */
	/* What the workers take: the groups [round, round_end) (the whole
	 * index in one process; a round of a part's groups). */
	uint64_t round, round_end;
	/* A part (pb_twobit_part, a process's share of the index): its groups
	 * from BASE (the frontiers' bit 0) and its states [lo, lo + span);
	 * the codes are addressed as though the whole table were there. A
	 * push's neighbour outside the part goes to the outbox (one worker
	 * only). In one process: BASE and LO 0, SPAN every state, no outbox. */
	uint64_t base, lo, span;
	/* The bins of a push in rounds (see twobit_layer.c), or NULL where a
	 * push marks each neighbour as it goes. */
	struct bins *bins;
	unsigned bin_shift; /* bins->shift */
	uint64_t bin_room;  /* blocks a worker's bins must have free to take a
			     * chunk: a block a region and the chunk's
			     * neighbours outside their group at most */
	struct outbox {
		uint64_t *at;
		size_t n, cap;
		pb_meter *meter;
		bool failed; /* the meter refused more room */
	} *outbox;
} builder;

/* Pancakes' groups: the most cells a group's flips cover (its table of
 * flips is about 1.1 times 4 * m! bytes, its top table 8 * m!), and the
 * fewest (for a group of whole words of codes: 8! = 32 * 1260). */
#define PANCAKE_GROUP_MAX 9
#define PANCAKE_GROUP_MIN 8

/* The cells a pancakes' group covers for a stack of N (0: no groups). */
static inline int pancake_group_cells(int n)
{
	if (n < PANCAKE_GROUP_MIN)
		return 0;
	return n - 2 < PANCAKE_GROUP_MIN ? PANCAKE_GROUP_MIN
	       : n - 2 > PANCAKE_GROUP_MAX ? PANCAKE_GROUP_MAX : n - 2;
}

/* Whether the kernel's index has the tiles' groups: the index is the
 * tiles' rank (halved) times the cells plus the blank's cell (see
 * pb_kernel_index), so the d->cells states of a group share their tiles
 * (but for the parity: the last two swapped), and a sideways move stays in
 * the group. Elsewhere a group is a word of codes. */
PB_INLINE bool grouped(const pb_kernel k)
{
	return pb_kernel_slides(k) && pb_kernel_words(k) == 1;
}

/* The group of index I. */
PB_INLINE uint64_t group_of(const builder *b, uint64_t i)
{
	return (uint64_t)(((unsigned __int128)i * b->size_inverse) >> 64);
}

/* The frontier bits (see builder's fbits) of the state of index I, of
 * group G, laid out as a group's bits are: its row's, or its group's. */
PB_INLINE uint64_t rows_of_index(const builder *b, uint64_t i, uint64_t g)
{
	return b->fbits == 1 ? 1u : 1u << (i - g * b->size >= b->row_cell);
}

/* The same for the states MASK (bits 2j) of a group (none where MASK is
 * 0). */
PB_INLINE uint64_t rows_of_mask(const builder *b, uint64_t mask)
{
	return b->fbits == 1 ? (uint64_t)(mask != 0) : (uint64_t)!!(mask & b->row_mask[1]) |
				    (uint64_t)!!(mask & b->row_mask[2]) << 1;
}

/* Put the state of index I, of group G, in FRONTIER (of B's part) before
 * the workers start. */
PB_INLINE void frontier_put(const builder *b, uint64_t *frontier, uint64_t i, uint64_t g)
{
	uint64_t at = (g - b->base) * (uint64_t)b->fbits;

	frontier[at / 64] |= rows_of_index(b, i, g) << (at % 64);
}

/* A push in rounds, for a table far bigger than the caches. A state's
 * neighbours in other groups fall anywhere in the table, and a look at a
 * random word of a table of gigabytes costs a miss of the caches and of
 * the page tables' cache (on the machines we measured, 50 ns a look in
 * 10.9 GB against 2.5 in 8 MB, with 16 looks in flight). So a round first
 * expands chunks of the frontier, its neighbours outside their group put
 * in bins, a bin for each region of the table (2^shift groups, a few MB
 * of codes) and worker, and then the workers mark the neighbours a region
 * at a time, each region by one worker: its looks within a few MB, and
 * its words, and its frontier's, its worker's alone. A neighbour costs 4
 * bytes of a bin, written and read once. The bins are big (256 MiB in
 * all by default): a round's marking reads a line of the table for most
 * of its entries, and the more entries a round holds, the more of them
 * share a line (7x2's layers 46 to 56: 0.96 of the time with 256 MiB
 * of bins against 100). */
#define BIN_BLOCK 1024 /* entries a block of a bin */
typedef struct bin_block {
	struct bin_block *next;
	uint32_t n;
	uint32_t at[BIN_BLOCK]; /* the neighbour's index less its region's first */
} bin_block;

typedef struct bin_set { /* a worker's bins */
	bin_block *pool;
	size_t blocks, used;
	bin_block **head, **tail; /* [region]: the bin's blocks, NULL: none */
	uint32_t **end;           /* [region]: the tail's entries' end, where the next goes */
} bin_set;

struct bins {
	unsigned shift;   /* a region: 2^shift groups (shift >= 6: whole words of
			   * the frontiers, whole words of codes) */
	uint64_t regions;
	int sets;
	bin_set set[PB_TWOBIT_MAX_THREADS];
	uint64_t next_region; /* atomic: the regions' share-out */
};

/* twobit.c: bins for B's push with NTHREADS workers, through M; false
 * (B->bins NULL) where the table is small enough to push directly or the
 * meter refuses them. */
bool twobit_bins_set(builder *b, pb_meter *m, int nthreads);
void twobit_bins_free(builder *b);

/* twobit_layer.c: mark the states IN[0..N) (of B's part) with the next
 * residue where unseen, their groups in the next frontier; how many were. */
uint64_t twobit_mark_in(builder *b, const uint64_t *in, size_t n);

/* twobit_layer.c: one layer with NTHREADS workers (this thread one of
 * them): how many states it reached into *FRESH, in how many groups into
 * *GROUPS. Returns PB_SOLVED, or why a worker stopped. */
pb_status twobit_run_layer(builder *b, pb_search *s, int nthreads, uint64_t *fresh,
			   uint64_t *groups);

#endif
