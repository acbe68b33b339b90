/* The pattern databases' build (pdb.h, pdb_int.h): the builder set up
 * (the board's masks, the Manhattan distances, the digit tables of the
 * placements' ranks, the slot table of small boards), the bit arrays
 * allocated, the goal put in the first layer, and the layers expanded
 * (pdb_layer.c) until one adds nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/blob.h"
#include "../core/workers.h"
#include "pdb_int.h"

/* Words of `front` a worker takes at a time: at least CHUNK_WORDS, and
 * large enough that a layer has CHUNKS_PER_THREAD of them for each thread
 * at most (so that the regions where the threads' successors land, most of
 * them near the placements expanded, seldom meet), but no larger. */
#define CHUNK_WORDS 1024
#define CHUNKS_PER_THREAD 64

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

/* How many threads a build uses: the processors it may run on, at most
 * MAX_THREADS, and none past what the layer's chunks can feed. */
static int thread_count(uint64_t nwords)
{
	int n = pb_workers_count(0, MAX_THREADS);
	uint64_t chunks = (nwords + CHUNK_WORDS - 1) / CHUNK_WORDS;

	return (uint64_t)n > chunks ? (int)chunks : n;
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
	p->excess = pb_realloc_room(&s->meter, NULL, bytes, bytes); /* as pb_pdb_load's */
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
	memset(p->excess, 0xff, bytes);

	/* the goal: every pattern tile home, the blank in the goal blank's
	 * region (its entry, 0, is written when layer 0 expands it) */
	goal = pb_placement_rank(p->ntiles, p->weight, p->goal_cell, b.identity, b.identity);
	free = b.all & ~p->goal_cells;
	claim(b.seen, goal * (uint64_t)b.slots + slot_of(&b, free, p->goal_blank));
	claim(b.front, FRONT_BITS * goal + (slot_of(&b, free, p->goal_blank) != 0));
	b.job = pdb_fill_parity;
	st = pdb_expand_layer(&b, s, workers, nthreads, &fresh);
	b.job = pdb_expander(&b);
	fresh = 1; /* the goal */
	for (b.depth = 0; fresh && st == PB_SOLVED; b.depth++)
		st = pdb_expand_layer(&b, s, workers, nthreads, &fresh);
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
