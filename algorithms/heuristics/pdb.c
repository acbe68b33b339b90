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

/* Two bits for each (placement, blank region) pair during the build: not
 * seen, in the layer being expanded, in the next layer, or done (two-bit
 * breadth-first search: Cooperman & Finkelstein 1992; Korf, "Minimizing
 * disk I/O in two-bit breadth-first search", AAAI 2008). The two layer
 * codes swap roles from one layer to the next, and an expanded pair
 * becomes done at once, so a layer needs one pass over the array. The
 * pass is shared by threads, chunk by chunk. */
#define CODE_BITS 2
#define CODES_PER_WORD (64 / CODE_BITS)
#define CODE_MASK ((1u << CODE_BITS) - 1)
#define CODE_DONE CODE_MASK
/* A code field of each word, low bit set: 0x5555... */
#define CODE_LOW_BITS (~0ULL / CODE_MASK)
/* Successors gathered (and prefetched) before they are looked at, so that
 * the cache misses of a batch overlap. */
#define BATCH 64

/* The code of the layer at DEPTH: 1 or 2. */
static unsigned layer_code(unsigned depth)
{
	return 1 + depth % 2;
}

/* The N-th (from 0) set bit of MASK. */
static inline int select_bit(uint32_t mask, unsigned n)
{
#ifdef __BMI2__
	return __builtin_ctz(__builtin_ia32_pdep_si(1u << n, mask));
#else
	while (n--)
		mask &= mask - 1;
	return __builtin_ctz(mask);
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
	uint32_t avail = (1u << n) - 1;

	for (int i = 0; i < k; i++) {
		uint64_t digit = r / weight[i];
		int c = select_bit(avail, (unsigned)digit);

		r -= digit * weight[i];
		pos[i] = (uint8_t)c;
		avail &= ~(1u << c);
	}
}

int pb_pdb_init(pb_pdb *p, const pb_domain *d, uint16_t goal_cells)
{
	int k = 0;

	memset(p, 0, sizeof(*p));
	if (!d->board)
		return -1;
	p->cells = d->cells;
	p->width = d->width;
	p->goal_blank = d->goal_blank;
	goal_cells &= (uint16_t)(((1u << d->cells) - 1) & ~(1u << d->goal_blank));
	p->goal_cells = goal_cells;
	for (int c = 0; c < d->cells; c++) {
		if (!(goal_cells & (1u << c)))
			continue;
		if (k == PB_PDB_MAX_TILES)
			return -1;
		p->goal_cell[k] = (uint8_t)c;
		p->tiles[k++] = d->goal_label[c];
	}
	if (!k)
		return -1;
	p->ntiles = k;
	p->entries = pb_placement_weights(d->cells, k, p->weight);
	return 0;
}

void pb_pdb_release(pb_pdb *p)
{
	pb_free(p->excess);
	p->excess = NULL;
}

/* The state of one build. */
typedef struct builder {
	pb_pdb *p;
	int slots;       /* free cells of a placement: the blank's choices */
	uint32_t all;    /* every cell */
	uint32_t nb[PB_MAX_CELLS]; /* neighbours of each cell */
	uint8_t dist[PB_PDB_MAX_TILES][PB_MAX_CELLS]; /* Manhattan, tile i, cell c */
	/* for each set of free cells, nibble c: the lowest cell of the region
	 * (connected free cells) holding cell c */
	uint64_t *regions;
	/* a placement's digits, 4 bits each, from two tables: the high digits
	 * by r / low_count, the low ones by r % low_count */
	int high_digits;
	uint64_t low_count;
	uint16_t *high_table, *low_table;
	uint64_t *codes; /* written by the workers with atomic operations */
	uint64_t nwords;
	/* the layer being expanded: its depth, the next chunk of words to
	 * take, and whether a worker was told to stop */
	unsigned depth;
	uint64_t next_chunk;
	int stopped;
} builder;

/* One thread's share of a layer: its successors waiting to be looked up,
 * and its counts, summed when the layer is done. */
typedef struct worker {
	builder *b;
	pb_search poll;  /* a copy of the build's limits, polled alone */
	pb_status status;
	uint64_t fresh;  /* pairs first seen */
	uint64_t expanded, generated;
	int max_excess;
	bool overflow;   /* an excess past PB_PDB_MAX_EXCESS */
	int nbatch;
	struct successor {
		uint64_t pair;      /* placement * slots + slot */
		uint64_t placement;
		unsigned md;        /* its Manhattan distance */
	} batch[BATCH];
} worker;

/* The cells reached from START over FREE cells. */
static uint32_t flood(const builder *b, int start, uint32_t free)
{
	uint32_t r = 1u << start, prev;

	do {
		prev = r;
		for (uint32_t x = prev; x; x &= x - 1)
			r |= b->nb[__builtin_ctz(x)] & free;
	} while (r != prev);
	return r;
}

/* The lowest cell of the region of FREE that holds C. */
static inline unsigned region_low(const builder *b, uint32_t free, int c)
{
	return (unsigned)(b->regions[free] >> (4 * c)) & 15u;
}

/* The slot of the region of FREE holding cell C: the rank of its lowest
 * cell among the free cells. */
static inline unsigned region_slot(const builder *b, int c, uint32_t free)
{
	return (unsigned)__builtin_popcount(free & ((1u << region_low(b, free, c)) - 1));
}

/* A 1 in the low bit of each nibble. */
#define NIBBLE_LOW_BITS 0x1111111111111111ULL

/* The region of FREE holding C, as a cell mask: the cells whose label is
 * C's (four bits a cell: xor with C's label repeated, then find the zero
 * nibbles). */
static inline uint32_t region_cells(const builder *b, int c, uint32_t free)
{
	uint64_t labels = b->regions[free];
	uint64_t x = labels ^ (((labels >> (4 * c)) & 15u) * NIBBLE_LOW_BITS);
	uint64_t same = ~(x | x >> 1 | x >> 2 | x >> 3) & NIBBLE_LOW_BITS;

#ifdef __BMI2__
	return (uint32_t)__builtin_ia32_pext_di(same, NIBBLE_LOW_BITS) & free;
#else
	uint32_t r = 0;

	for (; same; same &= same - 1)
		r |= 1u << (__builtin_ctzll(same) / 4);
	return r & free;
#endif
}

static void unrank(const builder *b, uint64_t r, uint8_t *pos, uint32_t *occupied)
{
	const pb_pdb *p = b->p;
	uint64_t high = r / b->low_count;
	uint32_t digits = b->high_table[high] |
			  (uint32_t)b->low_table[r - high * b->low_count] << (4 * b->high_digits);
	uint32_t avail = b->all;

	for (int i = 0; i < p->ntiles; i++, digits >>= 4) {
		int c = select_bit(avail, digits & 15u);

		pos[i] = (uint8_t)c;
		avail &= ~(1u << c);
	}
	*occupied = b->all & ~avail;
}

static uint64_t rank(const builder *b, const uint8_t *pos)
{
	static const uint8_t order[PB_PDB_MAX_TILES] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	static const uint8_t same[PB_MAX_CELLS] = {
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	};

	return pb_pdb_rank(b->p, pos, order, same);
}

/* Record W's batched successors, found at the next depth. A field goes
 * from unseen to the next layer's code by an atomic or (every thread that
 * finds it writes the same code; the returned old value says who was
 * first), and the first to reach a placement writes its entry by an atomic
 * and on its nibble (all who might write it in this layer write the same
 * value; the other nibble is another placement's). */
static void settle(worker *w)
{
	const builder *b = w->b;
	pb_pdb *p = b->p;
	unsigned depth = b->depth + 1;
	uint64_t code = layer_code(depth);

	for (int i = 0; i < w->nbatch; i++) {
		const struct successor *x = &w->batch[i];
		uint64_t *word = &b->codes[x->pair / CODES_PER_WORD];
		unsigned shift = (unsigned)(x->pair % CODES_PER_WORD) * CODE_BITS;
		uint8_t *entry;
		unsigned eshift, excess;

		if ((__atomic_load_n(word, __ATOMIC_RELAXED) >> shift) & CODE_MASK)
			continue;
		if ((__atomic_fetch_or(word, code << shift, __ATOMIC_RELAXED) >> shift) & CODE_MASK)
			continue;
		w->fresh++;
		entry = &p->excess[x->placement >> 1];
		eshift = (unsigned)(x->placement & 1) * PB_PDB_ENTRY_BITS;
		if (((__atomic_load_n(entry, __ATOMIC_RELAXED) >> eshift) & PB_PDB_UNSET) != PB_PDB_UNSET)
			continue;
		excess = (depth - x->md) / 2;
		if (excess > PB_PDB_MAX_EXCESS) {
			w->overflow = true;
			excess = PB_PDB_MAX_EXCESS;
		}
		if ((int)excess > w->max_excess)
			w->max_excess = (int)excess;
		__atomic_fetch_and(entry, (uint8_t)~((PB_PDB_UNSET & ~excess) << eshift),
				   __ATOMIC_RELAXED);
	}
	w->nbatch = 0;
}

static inline void push(worker *w, uint64_t placement, unsigned slot, unsigned md)
{
	const builder *b = w->b;
	struct successor *x = &w->batch[w->nbatch++];

	x->placement = placement;
	x->pair = placement * (uint64_t)b->slots + slot;
	x->md = md;
	__builtin_prefetch(&b->codes[x->pair / CODES_PER_WORD], 1);
	__builtin_prefetch(&b->p->excess[placement >> 1], 1);
	if (w->nbatch == BATCH)
		settle(w);
}

/* The rank of the placement R after tile I (of those at cells OCCUPIED,
 * AT[cell] naming each one's index) moves from cell C to the free cell T
 * next to it. Only digit I changes, by one, in a move sideways; in a move
 * down (up), digit I grows (shrinks) by the width less the earlier tiles
 * passed over, and each later tile passed over gains (loses) one. */
static inline uint64_t rank_after(const builder *b, uint64_t r, int i, int c, int t,
				  uint32_t occupied, const uint8_t *at)
{
	const uint64_t *weight = b->p->weight;
	int lo = c < t ? c : t, hi = c < t ? t : c;
	uint64_t delta;

	if (hi - lo == 1)
		return t > c ? r + weight[i] : r - weight[i];
	delta = (uint64_t)(hi - lo) * weight[i];
	for (uint32_t x = occupied & ((1u << hi) - (2u << lo)); x; x &= x - 1) {
		int j = at[__builtin_ctz(x)];

		delta += j < i ? -weight[i] : weight[j];
	}
	return t > c ? r + delta : r - delta;
}

/* Generate the successors of (placement R, blank region SLOT): each pattern
 * tile next to the region steps into it, at a cost of one. */
static void expand(worker *w, uint64_t r, unsigned slot)
{
	const builder *b = w->b;
	const pb_pdb *p = b->p;
	uint8_t pos[PB_PDB_MAX_TILES], at[PB_MAX_CELLS];
	uint32_t occupied, free, region;
	unsigned md = 0;

	unrank(b, r, pos, &occupied);
	free = b->all & ~occupied;
	region = region_cells(b, select_bit(free, slot), free);
	for (int i = 0; i < p->ntiles; i++) {
		md += b->dist[i][pos[i]];
		at[pos[i]] = (uint8_t)i;
	}
	for (int i = 0; i < p->ntiles; i++) {
		int c = pos[i];
		uint32_t to = b->nb[c] & region;

		while (to) {
			int t = __builtin_ctz(to);
			uint32_t nfree = free ^ (1u << t) ^ (1u << c);

			to &= to - 1;
			push(w, rank_after(b, r, i, c, t, occupied, at), region_slot(b, c, nfree),
			     md - b->dist[i][c] + b->dist[i][t]);
			w->generated++;
		}
	}
	w->expanded++;
}

/* Words of the code array a worker takes at a time. */
#define CHUNK_WORDS 4096

/* A worker's loop: take chunks of the code array until none is left and
 * expand the pairs of the current layer in them; each expanded pair
 * becomes done (by an atomic or: other workers may be filling other fields
 * of the word). Stops early when its limits say so, or another's did. */
static void *work(void *arg)
{
	worker *w = arg;
	builder *b = w->b;
	uint64_t want = CODE_LOW_BITS * layer_code(b->depth);

	while (!__atomic_load_n(&b->stopped, __ATOMIC_RELAXED)) {
		uint64_t first = __atomic_fetch_add(&b->next_chunk, 1, __ATOMIC_RELAXED) * CHUNK_WORDS;
		uint64_t end = first + CHUNK_WORDS < b->nwords ? first + CHUNK_WORDS : b->nwords;

		for (uint64_t i = first; i < end; i++) {
			uint64_t x = __atomic_load_n(&b->codes[i], __ATOMIC_RELAXED) ^ want;
			uint64_t hits = ~(x | (x >> 1)) & CODE_LOW_BITS;

			for (uint64_t left = hits; left; left &= left - 1) {
				uint64_t pair = i * CODES_PER_WORD +
						(unsigned)__builtin_ctzll(left) / CODE_BITS;

				w->status = pb_search_poll(&w->poll);
				if (w->status != PB_SOLVED) {
					__atomic_store_n(&b->stopped, 1, __ATOMIC_RELAXED);
					return NULL;
				}
				expand(w, pair / (uint64_t)b->slots, (unsigned)(pair % (uint64_t)b->slots));
			}
			if (hits)
				__atomic_fetch_or(&b->codes[i], hits * CODE_DONE, __ATOMIC_RELAXED);
		}
		if (end == b->nwords)
			break;
	}
	settle(w);
	return NULL;
}

#define MAX_THREADS PB_PDB_MAX_THREADS

/* Expand the layer at B->depth with NTHREADS workers (this thread one of
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
		w->nbatch = 0;
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

/* Ask for huge pages for the block P of BYTES (fewer TLB misses in the
 * random accesses of the search); a hint only. */
static void want_huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t from = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t to = ((uintptr_t)p + bytes) & ~(page - 1);

	if (to > from)
		madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)p, (void)bytes;
#endif
}

/* The digits of placements: the high ones' table counts up the first
 * HIGH_DIGITS radices, the low one's the rest. */
static void fill_digits(uint16_t *table, uint64_t count, const int *radix, int ndigits)
{
	for (uint64_t r = 0; r < count; r++) {
		uint64_t x = r;
		uint16_t digits = 0;

		for (int i = ndigits - 1; i >= 0; i--) {
			digits |= (uint16_t)((x % (uint64_t)radix[i]) << (4 * i));
			x /= (uint64_t)radix[i];
		}
		table[r] = digits;
	}
}

static int builder_init(builder *b, pb_pdb *p, pb_search *s)
{
	int w = p->width, h = p->cells / p->width, k = p->ntiles;
	int radix[PB_PDB_MAX_TILES];
	uint64_t masks = 1ULL << p->cells;

	memset(b, 0, sizeof(*b));
	b->p = p;
	b->slots = p->cells - k;
	b->all = (uint32_t)(masks - 1);
	for (int c = 0; c < p->cells; c++) {
		int row = c / w, col = c % w;

		b->nb[c] = (row ? 1u << (c - w) : 0) | (row < h - 1 ? 1u << (c + w) : 0) |
			   (col ? 1u << (c - 1) : 0) | (col < w - 1 ? 1u << (c + 1) : 0);
	}
	for (int i = 0; i < k; i++) {
		int g = p->goal_cell[i];

		radix[i] = p->cells - i;
		for (int c = 0; c < p->cells; c++)
			b->dist[i][c] = (uint8_t)(abs(c / w - g / w) + abs(c % w - g % w));
	}
	b->high_digits = (k + 1) / 2;
	b->low_count = p->weight[b->high_digits - 1];
	b->regions = pb_alloc(&s->meter, masks * sizeof(*b->regions));
	b->high_table = pb_alloc(&s->meter, p->entries / b->low_count * sizeof(uint16_t));
	b->low_table = pb_alloc(&s->meter, b->low_count * sizeof(uint16_t));
	if (!b->regions || !b->high_table || !b->low_table)
		return -1;
	fill_digits(b->high_table, p->entries / b->low_count, radix, b->high_digits);
	fill_digits(b->low_table, b->low_count, radix + b->high_digits, k - b->high_digits);
	for (uint64_t free = 0; free < masks; free++) {
		uint64_t labels = ~0ULL;

		for (uint32_t left = (uint32_t)free; left;) {
			uint32_t r = flood(b, __builtin_ctz(left), (uint32_t)free);

			left &= ~r;
			for (uint32_t x = r; x; x &= x - 1) {
				int c = __builtin_ctz(x);

				labels &= ~(15ULL << (4 * c));
				labels |= (uint64_t)__builtin_ctz(r) << (4 * c);
			}
		}
		b->regions[free] = labels;
	}
	return 0;
}

static void builder_release(builder *b)
{
	pb_free(b->regions);
	pb_free(b->high_table);
	pb_free(b->low_table);
	pb_free(b->codes);
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
	uint64_t pairs, goal, fresh = 1;
	uint32_t free = 0;
	pb_status st = PB_SOLVED;
	int nthreads;

	p->max_excess = 0;
	pairs = p->entries * (uint64_t)(p->cells - p->ntiles);
	p->excess = pb_alloc(&s->meter, (p->entries + 1) / 2);
	if (builder_init(&b, p, s) || !p->excess)
		goto refused;
	b.nwords = (pairs + CODES_PER_WORD - 1) / CODES_PER_WORD;
	nthreads = thread_count(b.nwords);
	workers = pb_calloc(&s->meter, (size_t)nthreads, sizeof(*workers));
	b.codes = pb_calloc(&s->meter, b.nwords, sizeof(uint64_t));
	if (!workers || !b.codes)
		goto refused;
	want_huge_pages(b.codes, b.nwords * sizeof(uint64_t));
	want_huge_pages(p->excess, (p->entries + 1) / 2);
	memset(p->excess, 0xff, (p->entries + 1) / 2);

	/* the goal: every pattern tile home, the blank in the goal blank's
	 * region; its entry is 0 */
	goal = rank(&b, p->goal_cell);
	free = b.all;
	for (int i = 0; i < p->ntiles; i++)
		free &= ~(1u << p->goal_cell[i]);
	{
		uint64_t pair = goal * (uint64_t)b.slots + region_slot(&b, p->goal_blank, free);

		b.codes[pair / CODES_PER_WORD] |= (uint64_t)layer_code(0)
						  << (pair % CODES_PER_WORD * CODE_BITS);
		p->excess[goal >> 1] &= (uint8_t)~(PB_PDB_UNSET << (goal & 1) * PB_PDB_ENTRY_BITS);
	}
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

/* A 64-bit checksum over four interleaved lanes (so it runs at memory
 * speed), each a multiply-xorshift mix; the constants are odd 64-bit
 * multipliers with well-spread bits (the golden ratio's and MurmurHash3's). */
#define MIX_A 0x9E3779B97F4A7C15ULL
#define MIX_B 0xFF51AFD7ED558CCDULL
#define LANES 4

static uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * MIX_A;
	return h ^ (h >> 29);
}

static uint64_t checksum(const uint8_t *data, size_t len)
{
	uint64_t lane[LANES], h = len * MIX_B;
	size_t i = 0;

	for (int l = 0; l < LANES; l++)
		lane[l] = MIX_B * (uint64_t)(l + 1);
	for (; i + LANES * sizeof(uint64_t) <= len; i += LANES * sizeof(uint64_t)) {
		for (int l = 0; l < LANES; l++) {
			uint64_t w;

			memcpy(&w, data + i + (size_t)l * sizeof(w), sizeof(w));
			lane[l] = mix(lane[l], w);
		}
	}
	for (; i < len; i++)
		h = mix(h, data[i]);
	for (int l = 0; l < LANES; l++)
		h = mix(h, lane[l]);
	return h;
}

static void fill_header(const pb_pdb *p, pdb_header *h)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->magic, PDB_MAGIC, sizeof(h->magic));
	h->version = PDB_FORMAT_VERSION;
	h->width = (uint64_t)p->width;
	h->height = (uint64_t)(p->cells / p->width);
	h->goal_blank = (uint64_t)p->goal_blank;
	h->goal_cells = p->goal_cells;
	h->entry_bits = PB_PDB_ENTRY_BITS;
	h->entries = p->entries;
}

int pb_pdb_file_name(const pb_pdb *p, const char *dir, char *buf, size_t len)
{
	int k = snprintf(buf, len, "%s/tiles%dx%d-b%d-%04x.pdb", dir, p->width,
			 p->cells / p->width, p->goal_blank, (unsigned)p->goal_cells);

	return k < 0 || (size_t)k >= len ? -1 : 0;
}

static bool read_all(int fd, void *buf, size_t len)
{
	char *at = buf;

	while (len) {
		ssize_t k = read(fd, at, len);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		at += k;
		len -= (size_t)k;
	}
	return true;
}

static bool write_all(int fd, const void *buf, size_t len)
{
	const char *at = buf;

	while (len) {
		ssize_t k = write(fd, at, len);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		at += k;
		len -= (size_t)k;
	}
	return true;
}

pb_pdb_load_result pb_pdb_load(pb_pdb *p, const char *path, pb_meter *m)
{
	pdb_header want, got;
	size_t bytes = (size_t)((p->entries + 1) / 2);
	struct stat st;
	int fd = open(path, O_RDONLY);
	pb_pdb_load_result result = PB_PDB_STALE;

	if (fd < 0)
		return errno == ENOENT ? PB_PDB_MISSING : PB_PDB_STALE;
	fill_header(p, &want);
	if (fstat(fd, &st) || (uint64_t)st.st_size != sizeof(got) + bytes ||
	    !read_all(fd, &got, sizeof(got)))
		goto out;
	want.max_excess = got.max_excess;
	want.checksum = got.checksum;
	if (memcmp(&want, &got, sizeof(want)) || got.max_excess > PB_PDB_MAX_EXCESS)
		goto out;
	p->excess = pb_alloc(m, bytes);
	if (!p->excess) {
		result = PB_PDB_NOMEM;
		goto out;
	}
	want_huge_pages(p->excess, bytes);
	if (!read_all(fd, p->excess, bytes) || checksum(p->excess, bytes) != got.checksum) {
		pb_pdb_release(p);
		goto out;
	}
	p->max_excess = (int)got.max_excess;
	result = PB_PDB_LOADED;
out:
	close(fd);
	return result;
}

/* mkdir -p for the directories above the file PATH. */
static int make_parents(const char *path)
{
	char dir[PATH_MAX];
	size_t len = strlen(path);

	if (len >= sizeof(dir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(dir, path, len + 1);
	for (char *at = dir + 1; *at; at++) {
		if (*at != '/')
			continue;
		*at = '\0';
		if (mkdir(dir, 0777) && errno != EEXIST)
			return -1;
		*at = '/';
	}
	return 0;
}

int pb_pdb_save(const pb_pdb *p, const char *path)
{
	char tmp[PATH_MAX];
	size_t bytes = (size_t)((p->entries + 1) / 2);
	pdb_header h;
	int fd, saved;

	if (make_parents(path))
		return -1;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0)
		return -1;
	fill_header(p, &h);
	h.max_excess = (uint64_t)p->max_excess;
	h.checksum = checksum(p->excess, bytes);
	if (!write_all(fd, &h, sizeof(h)) || !write_all(fd, p->excess, bytes)) {
		saved = errno ? errno : EIO;
		close(fd);
		unlink(tmp);
		errno = saved;
		return -1;
	}
	if (close(fd) || rename(tmp, path)) {
		saved = errno;
		unlink(tmp);
		errno = saved;
		return -1;
	}
	return 0;
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
