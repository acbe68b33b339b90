/* A layer of the pattern databases' build (pdb_int.h, pdb.h): the
 * placements of the layer unranked in scan order, their entries written,
 * their successors generated a direction at a time and looked up in
 * batches, the threads taking chunks of `front` until none is left; and
 * the parity bits filled before the search. The hot loops of the build:
 * what they call is inline, here or in pdb_int.h. */
#ifdef __AVX2__
#include <immintrin.h>
#endif

#include "../core/workers.h"
#include "pdb_int.h"

/* A worker writes the successors of the placements it expands into an
 * array of its own, prefetching their seen words as it goes, and looks them
 * up once it holds BATCH of them: by then the first ones' cache misses have
 * overlapped with the work on the others. A placement has at most
 * MAX_SUCCESSORS (four moves a tile). */
#define BATCH 512
#define MAX_SUCCESSORS (4 * PB_PDB_MAX_TILES)

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

expand_fn *pdb_expander(const builder *b)
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
bool pdb_fill_parity(worker *w, uint64_t first, uint64_t end)
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

/* Work on the layer at B->depth with NTHREADS workers (this thread one of
 * them). Returns PB_SOLVED or why the build stopped; *FRESH: the pairs of
 * the next layer. */
pb_status pdb_expand_layer(builder *b, pb_search *s, worker *workers, int nthreads,
			   uint64_t *fresh)
{
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
	}
	/* a worker that could not start left its chunks to the others */
	pb_workers_run(work, workers, sizeof(*workers), nthreads);
	*fresh = 0;
	for (int t = 0; t < nthreads; t++) {
		worker *w = &workers[t];

		*fresh += w->fresh;
		s->expanded += w->expanded;
		s->generated += w->generated;
		if (w->status != PB_SOLVED)
			st = w->status;
	}
	return st;
}
