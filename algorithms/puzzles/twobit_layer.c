/* A layer of the two-bit search (twobit.h, twobit_int.h): the workers take
 * chunks of groups and push or pull them; on tiles a group at a time (its
 * sideways moves shifts of its codes, its vertical ones from the Lehmer
 * digits of its rank), elsewhere a word of codes at a time. The hot loops
 * of the build: what they call is inline, here or in twobit_int.h. */
#include <string.h>
/* The moves eight at a time (vertical8) where the processor has AVX-512,
 * but not in the sanitizers' build: its compiler took 15 times as long on
 * this file with them (406 s against 27 at -O1), past CI's 20 minutes.
 * That build runs the scalar loop; the release tests check the lanes. */
#if defined(__AVX512F__) && defined(__AVX512DQ__) && !defined(PB_SANITIZED)
#include <immintrin.h>
#define VERTICAL_LANES 8
/* and a push in rounds on boards of two rows eight groups at a time
 * (chunk_rows) where it has the byte permutes and popcounts too */
#if defined(__AVX512BW__) && defined(__AVX512VBMI__) && defined(__AVX512VPOPCNTDQ__) && \
	defined(__BMI2__)
#define ROW_LANES 1
#endif
#endif

#include "../core/workers.h"
#include "twobit_int.h"

/* A 1 in the low bit of each of a word's 32 codes. */
#define LOW_BITS 0x5555555555555555ULL
/* Neighbours a worker looks up ahead of looking at them (tiles): as many
 * loads of far words in flight. */
#define AHEAD 16
/* Entries of a bin the marking from the bins fetches the words of ahead
 * of marking them: its looks go to memory (a region of the table is not
 * in the caches when its bins are marked), and more of them in flight
 * pay (2x7's layers 41 to 50, marking from the bins: 12.0 s with 16,
 * 10.5 to 10.7 with 48, 10.8 with 32, 11.9 with 96). */
#define APPLY_AHEAD 48

/* A neighbour looked up (tiles): its index, its group (push), the state
 * asking (pull). */
typedef struct queued {
	uint64_t at, group, from;
} queued;

/* Tiles: a group entered (see enter_group), and the states of it whose
 * moves of one way, up or down, are yet to be made (bits 2j). */
typedef struct entered {
	uint64_t group, digits, states;
	unsigned parity;
} entered;

/* Groups a frontier word covers, at most (a bit a group). */
#define WORD_GROUPS 64

typedef struct worker {
	builder *b;
	pb_search poll; /* a copy of the caller's limits */
	pb_status status;
	uint64_t fresh, fresh_groups, expanded, generated;
	/* Tiles: the group entered last, the Lehmer digits of its rank (a
	 * nibble each: digit i counts the tiles after the i-th, in reading
	 * order, that are smaller) and their parity. */
	uint64_t group, digits;
	unsigned parity;
	/* the block of the table's groups (see builder's low_digits)
	 * entered last, and its digits */
	uint64_t high, high_digits;
	/* The neighbours looked up but not yet looked at (tiles), their
	 * words fetched meanwhile: the neighbour's index, and (pull) the
	 * state asking. */
	uint64_t queued;
	queued ring[AHEAD];
	/* Pancakes: the group entered last's bottom cells (the top m cells
	 * 0), and its top m pancakes, the smallest first. */
	uint64_t bottom;
	uint8_t value[PB_RANK_MAX];
	/* A push in rounds: the worker's bins. */
	bin_set *set;
} worker;

/* Bits 2j of the result: code j of X is C. */
PB_INLINE uint64_t codes_equal(uint64_t x, unsigned c)
{
	uint64_t y = x ^ (LOW_BITS * c);

	return ~(y | y >> 1) & LOW_BITS;
}

PB_INLINE unsigned code_at(const uint64_t *codes, uint64_t i)
{
	return (unsigned)(__atomic_load_n(&codes[i / CODES_PER_WORD], __ATOMIC_RELAXED) >>
			  (2 * (i % CODES_PER_WORD))) & 3u;
}

/* The codes of the states I..I+N-1 (N <= 32), the first lowest. The word
 * after the first is read whether they reach it or not (the table has a
 * word past its last state): without a branch, which is a toss-up where a
 * group's codes straddle words as often as not. */
PB_INLINE uint64_t codes_from(const uint64_t *codes, uint64_t i, uint64_t n)
{
	uint64_t w = i / CODES_PER_WORD, at = 2 * (i % CODES_PER_WORD);
	uint64_t x = __atomic_load_n(&codes[w], __ATOMIC_RELAXED) >> at;

	/* (shifted in two steps: by 64 where AT is 0) */
	x |= __atomic_load_n(&codes[w + 1], __ATOMIC_RELAXED) << 1 << (63 - at);
	return 2 * n < 64 ? x & ((1ULL << (2 * n)) - 1) : x;
}

/* Clear, in the codes of states I..I+N-1, the bits set in MASK (laid out
 * as codes_from gives them), other threads writing the same words; the
 * codes as they were, laid out the same (beyond the cleared bits, as
 * they were at some moment). */
PB_INLINE uint64_t codes_clear(uint64_t *codes, uint64_t i, uint64_t n, uint64_t mask)
{
	uint64_t w = i / CODES_PER_WORD, at = 2 * (i % CODES_PER_WORD), was;

	was = __atomic_fetch_and(&codes[w], ~(mask << at), __ATOMIC_RELAXED) >> at;
	if (at + 2 * n > 64)
		was |= __atomic_fetch_and(&codes[w + 1], ~(mask >> (64 - at)), __ATOMIC_RELAXED)
		       << (64 - at);
	return was;
}

/* The same where no other thread writes these words (they may read
 * them). */
PB_INLINE void codes_clear_own(uint64_t *codes, uint64_t i, uint64_t n, uint64_t mask)
{
	uint64_t w = i / CODES_PER_WORD, at = 2 * (i % CODES_PER_WORD);

	__atomic_store_n(&codes[w], __atomic_load_n(&codes[w], __ATOMIC_RELAXED) & ~(mask << at),
			 __ATOMIC_RELAXED);
	if (at + 2 * n > 64)
		__atomic_store_n(&codes[w + 1],
				 __atomic_load_n(&codes[w + 1], __ATOMIC_RELAXED) & ~(mask >> (64 - at)),
				 __ATOMIC_RELAXED);
}

/* P where USE (0 or 1) is 1, else Q: without a branch, for a write that
 * goes to Q (a word of the stack) where it would change nothing, so that
 * a line of the table stays clean. */
PB_INLINE uint64_t *pick(uint64_t *p, uint64_t *q, uint64_t use)
{
	return (uint64_t *)((uintptr_t)p ^ (((uintptr_t)p ^ (uintptr_t)q) & ((uintptr_t)use - 1)));
}

/* As codes_clear_own, without a branch on MASK: a word whose bits to
 * clear are none is not written (SPARE is). */
PB_INLINE void codes_clear_quiet(uint64_t *codes, uint64_t i, uint64_t mask, uint64_t *spare)
{
	uint64_t w = i / CODES_PER_WORD, at = 2 * (i % CODES_PER_WORD), bits = mask << at;
	uint64_t *p = pick(&codes[w], spare, bits != 0);

	__atomic_store_n(p, __atomic_load_n(p, __ATOMIC_RELAXED) & ~bits, __ATOMIC_RELAXED);
	/* the next word's bits, none where the states stop before it */
	bits = mask >> 1 >> (63 - at);
	p = pick(&codes[w + 1], spare, bits != 0);
	__atomic_store_n(p, __atomic_load_n(p, __ATOMIC_RELAXED) & ~bits, __ATOMIC_RELAXED);
}

/* Put group G in the next frontier, with the bits ROWS (see builder's
 * fbits). */
PB_INLINE void mark_group(worker *w, uint64_t g, uint64_t rows)
{
	const builder *b = w->b;
	uint64_t at, *word, bits, old;

	if (b->fbits == 1) {
		/* a bit a group (the loops of the other boards as before) */
		at = g - b->base;
		word = &b->next_frontier[at / 64];
		bits = 1ULL << (at % 64);
		if (__atomic_load_n(word, __ATOMIC_RELAXED) & bits)
			return;
		if (!(__atomic_fetch_or(word, bits, __ATOMIC_RELAXED) & bits))
			w->fresh_groups++;
		return;
	}
	at = 2 * (g - b->base);
	word = &b->next_frontier[at / 64];
	bits = rows << (at % 64);
	if ((__atomic_load_n(word, __ATOMIC_RELAXED) & bits) == bits)
		return;
	old = __atomic_fetch_or(word, bits, __ATOMIC_RELAXED);
	if (!(old & (3ULL << (at % 64))))
		w->fresh_groups++;
}

/* The same where no other worker writes its word meanwhile, ROWS none
 * or some; without a branch (the frontier's words are written anyway). */
PB_INLINE void mark_own_group(worker *w, uint64_t g, uint64_t rows)
{
	const builder *b = w->b;
	uint64_t at = (g - b->base) * (uint64_t)b->fbits, *word = &b->next_frontier[at / 64];
	uint64_t x = __atomic_load_n(word, __ATOMIC_RELAXED);

	__atomic_store_n(word, x | rows << (at % 64), __ATOMIC_RELAXED);
	w->fresh_groups += (rows != 0) & !(x & ((1ULL << b->fbits) - 1) << (at % 64));
}

/* Whether group G is in the layer's frontier. */
PB_INLINE bool in_frontier(const builder *b, uint64_t g)
{
	uint64_t at = (g - b->base) * (uint64_t)b->fbits;

	return b->frontier[at / 64] >> (at % 64) & ((1ULL << b->fbits) - 1);
}

/* A part's neighbour I outside it: to the outbox. */
static void send_out(const builder *b, uint64_t i)
{
	struct outbox *o = b->outbox;

	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 4096;
		uint64_t *at = pb_realloc(o->meter, o->at, cap * sizeof(*at));

		if (!at) {
			o->failed = true;
			return;
		}
		o->at = at;
		o->cap = cap;
	}
	o->at[o->n++] = i;
}

/* Mark the state of index I, of group G, with the next residue if it is
 * unseen (push: other threads may mark it at the same time, with the same
 * code); in a part, one outside it goes to the outbox. */
PB_INLINE void reach(worker *w, uint64_t i, uint64_t g)
{
	const builder *b = w->b;
	uint64_t *word = &b->codes[i / CODES_PER_WORD];
	unsigned shift = 2 * (unsigned)(i % CODES_PER_WORD);
	/* the and that turns an unseen code (all ones) into the next one */
	const uint64_t clear = PB_TWOBIT_UNSEEN ^ b->next;

	if (__builtin_expect(i - b->lo >= b->span, 0)) {
		send_out(b, i);
		return;
	}
	if (((__atomic_load_n(word, __ATOMIC_RELAXED) >> shift) & 3u) != PB_TWOBIT_UNSEEN)
		return;
	if (((__atomic_fetch_and(word, ~(clear << shift), __ATOMIC_RELAXED) >> shift) & 3u) ==
	    PB_TWOBIT_UNSEEN) {
		w->fresh++;
		mark_group(w, g, rows_of_index(b, i, g));
	}
}

/* Pull: the state of index I, of group G (of the worker's own chunk), has
 * a neighbour on the layer: it takes the next residue, unless it did
 * already. */
PB_INLINE void take(worker *w, uint64_t i, uint64_t g)
{
	const builder *b = w->b;
	uint64_t *word = &b->codes[i / CODES_PER_WORD], x = __atomic_load_n(word, __ATOMIC_RELAXED);
	unsigned shift = 2 * (unsigned)(i % CODES_PER_WORD);

	if (((x >> shift) & 3u) != PB_TWOBIT_UNSEEN)
		return;
	/* each chunk's words are its worker's alone to write */
	__atomic_store_n(word, x & ~((uint64_t)(PB_TWOBIT_UNSEEN ^ b->next) << shift), __ATOMIC_RELAXED);
	w->fresh++;
	mark_group(w, g, rows_of_index(b, i, g));
}

/* Tiles: look at the neighbour queued in SLOT. */
PB_INLINE void settle(worker *w, unsigned slot)
{
	const queued *q = &w->ring[slot];

	if (!w->b->pull)
		reach(w, q->at, q->group);
	else if (code_at(w->b->codes, q->at) == w->b->now)
		take(w, q->from, group_of(w->b, q->from));
}

/* Queue the neighbour of index I, of group G (pushing), or of the state
 * FROM (pulling), fetching its words; the one queued AHEAD before is
 * looked at. */
PB_INLINE void look_up(worker *w, uint64_t i, uint64_t g, uint64_t from)
{
	unsigned slot = (unsigned)(w->queued++ % AHEAD);

	__builtin_prefetch(&w->b->codes[i / CODES_PER_WORD], 1);
	if (w->queued > AHEAD)
		settle(w, slot);
	w->ring[slot] = (queued){ .at = i, .group = g, .from = from };
}

/* Look at every neighbour queued. */
PB_INLINE void settle_all(worker *w)
{
	for (uint64_t q = w->queued > AHEAD ? w->queued - AHEAD : 0; q < w->queued; q++)
		settle(w, (unsigned)(q % AHEAD));
	w->queued = 0;
}

/* A push in rounds: a new block for the bin of region R (there is one
 * free: see room). */
static uint32_t *bin_grow(bin_set *set, uint64_t r)
{
	bin_block *k = &set->pool[set->used++];

	k->next = NULL;
	k->n = 0;
	if (set->tail[r]) {
		set->tail[r]->n = BIN_BLOCK;
		set->tail[r]->next = k;
	} else {
		set->head[r] = k;
	}
	set->tail[r] = k;
	return k->at;
}

/* Whether the worker's bins have room for a chunk (or there are none). */
PB_INLINE bool room(const worker *w)
{
	return !w->set || w->set->blocks - w->set->used >= w->b->bin_room;
}

/* A push in rounds: the entry AT (a neighbour's index less its region's
 * first) to the worker's bin of region R. */
PB_INLINE void push_bin(worker *w, uint64_t r, uint32_t at)
{
	bin_set *set = w->set;
	uint32_t *end = set->end[r];

	if (!end || end == set->tail[r]->at + BIN_BLOCK)
		end = bin_grow(set, r);
	*end = at;
	set->end[r] = end + 1;
}

/* Push: the neighbour of index I, of group G, outside the group being
 * expanded: to the worker's bin of its region in a push in rounds
 * (BINNED), else looked up. */
PB_INLINE void push_far(worker *w, const bool binned, uint64_t i, uint64_t g)
{
	const builder *b = w->b;
	uint64_t r;

	if (!binned) {
		look_up(w, i, g, 0);
		return;
	}
	/* (rounds are the one process's: no part, no outbox) */
	r = (g - b->base) >> b->bin_shift;
	push_bin(w, r, (uint32_t)(i - (b->base + (r << b->bin_shift)) * b->size));
}

/* ---- Tiles: a group at a time ------------------------------------------
 * A group is one arrangement of the tiles in reading order with the blank
 * in each cell. A sideways move leaves the arrangement as it is: the
 * group's sideways moves are shifts of its codes, all at once. A move up
 * or down takes the tile W cells away past the W - 1 between: it rotates
 * a window of W tiles of the arrangement, which changes W of its Lehmer
 * digits, so that the neighbour's rank is the group's plus a sum over the
 * window (vertical), not a rank of all the tiles. */

/* The digit sum's parity of Lehmer digits DG (a nibble each): the
 * parity of the arrangement's inversions. */
PB_INLINE unsigned digits_parity(uint64_t dg)
{
	return (unsigned)__builtin_popcountll(dg & 0x1111111111111111ULL) & 1u;
}

/* The block HIGH of the table's groups (see builder's low_digits) into
 * W (N tiles): the Lehmer digits of its first group's rank before the
 * table's, as they were where the block is the one entered last (the
 * frontier's groups come in order), else by adding the difference of
 * the blocks to them, with carries, which stop after a digit or two
 * where the difference is small, else by dividing. */
PB_INLINE void enter_high(worker *w, const int n, uint64_t high)
{
	const builder *b = w->b;
	uint64_t dg = w->high_digits;

	if (high == w->high)
		return;
	if (high > w->high && w->high != UINT64_MAX) {
		/* the difference added from the digit before the table's */
		uint64_t carry = high - w->high;

		for (int i = b->low_first - 1; carry; i--) {
			uint64_t t = pb_nibble(dg, i) + carry;
			uint64_t q = (uint64_t)(((unsigned __int128)t * b->inverse[n - i]) >> 64);

			dg = (dg & ~(15ULL << (4 * i))) | (t - q * (uint64_t)(n - i)) << (4 * i);
			carry = q;
		}
	} else {
		uint64_t r = high;

		dg = 0;
		for (int i = b->low_first - 1; i >= 0; i--) {
			/* r / (n - i) by a multiply (r < 2^60) */
			uint64_t q = (uint64_t)(((unsigned __int128)r * b->inverse[n - i]) >> 64);

			dg |= (r - q * (uint64_t)(n - i)) << (4 * i);
			r = q;
		}
	}
	w->high = high;
	w->high_digits = dg;
}

/* Group G into W (N tiles): the Lehmer digits of its rank 2G (a nibble
 * each; digits N - 2 and N - 1 are 0), and their parity. The last ones
 * from the builder's table (G modulo its groups), the others those of
 * G's block of the table's groups (enter_high). */
PB_INLINE void enter_group(worker *w, const int n, uint64_t g)
{
	const builder *b = w->b;
	uint64_t high, low;

	if (g == w->group)
		return;
	high = (uint64_t)(((unsigned __int128)g * b->low_inverse) >> 64);
	low = g - high * b->low_groups;
	enter_high(w, n, high);
	w->group = g;
	w->digits = w->high_digits | b->low_digits[low];
	w->parity = digits_parity(w->digits);
}

/* Of the tiles a_0..a_(W-1) of a window whose Lehmer digits are the W
 * nibbles of X: whether a_M is smaller than a_K (K < M), given CNT, how
 * many of a_(K+1)..a_(M-1) are. The digit of a_K counts those, a_M if it
 * is smaller, and the smaller ones after a_M: at least a_M's digit if a_M
 * is smaller, at most it if not. (The move down asks the same of the
 * window's last tile, from the right.) */
PB_INLINE unsigned below(uint64_t x, int k, int m, unsigned cnt)
{
	return pb_nibble(x, k) - cnt > pb_nibble(x, m);
}

/* The neighbour that a move up (UP) or down of the blank leads to from
 * the state with the blank at J of group E (entered), on the W x H
 * board: its group into *G, its index returned. The digits alone give it: how
 * the moving tile compares with the others of the window follows from the
 * window's digits, in W - 1 steps. */
PB_INLINE uint64_t vertical(const builder *b, const int W, const int H, const entered *e, int j,
			    bool up, uint64_t *g)
{
	const int n = W * H - 1;
	/* the state's digits: the group's, or digit n - 2 one where its blank
	 * needs the other parity (the last two tiles swapped, the rank one
	 * more) */
	unsigned s = (unsigned)(b->odd_rows >> (2 * j) & 1u) ^ e->parity;
	/* the window: the W tiles from P (in the order without the blank) */
	int p = up ? j - W : j;
	uint64_t x = (e->digits | (uint64_t)s << (4 * (n - 2))) >> (4 * p);
	const uint64_t *f = b->weight + p;
	int64_t delta = 0;

	if (!up) {
		/* the tile below, t = a_(W-1), moves up, before the W - 1
		 * between: the window's last tile first. Going left from t,
		 * R counts the tiles after a_K but t that are smaller than
		 * t; a_K is smaller than t exactly where its digit is at most
		 * R (its digit counts the smaller ones after it: if a_K is
		 * smaller, a subset of those R; if not, those R and t) */
		unsigned r = pb_nibble(x, W - 1);

		for (int k = W - 2; k >= 0; k--) {
			unsigned smaller = pb_nibble(x, k) <= r;

			r += smaller;
			delta += ((int64_t)pb_nibble(x, k) - 1 + smaller - pb_nibble(x, k + 1)) *
				 (int64_t)f[k + 1];
		}
		/* t's digit: the smaller ones after it, R at the end */
		delta += ((int64_t)r - pb_nibble(x, 0)) * (int64_t)f[0];
	} else {
		/* the tile above moves down, after the W - 1 between: the
		 * window's first tile last */
		unsigned c = 0;

		for (int k = 0; k < W - 1; k++) {
			unsigned smaller = below(x, 0, k + 1, c);

			c += smaller;
			delta += ((int64_t)pb_nibble(x, k + 1) + !smaller - pb_nibble(x, k)) *
				 (int64_t)f[k];
		}
		delta += ((int64_t)pb_nibble(x, 0) - c - pb_nibble(x, W - 1)) * (int64_t)f[W - 1];
	}
	*g = (2 * e->group + s + (uint64_t)delta) >> 1;
	return *g * (uint64_t)(n + 1) + (uint64_t)(up ? j - W : j + W);
}

#ifdef VERTICAL_LANES
/* VERTICAL for eight states at once, a lane each (AVX-512): from the
 * states with the blank at cell J of the groups GROUP (their DIGITS and
 * PARITY, entered), their neighbours' groups into *G and indices into
 * *AT. The same steps as VERTICAL's, each
 * on the eight lanes, the weights of each lane's window picked from the
 * builder's sixteen. */
PB_INLINE void vertical8(const builder *b, const int W, const int H, __m512i group,
			 __m512i digits, __m512i parity, __m512i j, bool up, __m512i *g,
			 __m512i *at)
{
	const int n = W * H - 1;
	const __m512i nib = _mm512_set1_epi64(15), one = _mm512_set1_epi64(1);
	const __m512i w_lo = _mm512_loadu_si512(b->weight), w_hi = _mm512_loadu_si512(b->weight + 8);
	__m512i sv, p, x, delta = _mm512_setzero_si512(), d[16];

	/* s: the parity of the state's digits (see vertical) */
	sv = _mm512_xor_si512(
		_mm512_and_si512(_mm512_srlv_epi64(_mm512_set1_epi64((long long)b->odd_rows),
						   _mm512_add_epi64(j, j)),
				 one),
		parity);
	p = up ? _mm512_sub_epi64(j, _mm512_set1_epi64(W)) : j;
	x = _mm512_srlv_epi64(_mm512_or_si512(digits,
					      _mm512_slli_epi64(sv, (unsigned)(4 * (n - 2)))),
			      _mm512_slli_epi64(p, 2));
	for (int k = 0; k < W; k++)
		d[k] = _mm512_and_si512(_mm512_srli_epi64(x, (unsigned)(4 * k)), nib);
	if (!up) {
		__m512i r = d[W - 1];

		for (int k = W - 2; k >= 0; k--) {
			__mmask8 smaller = _mm512_cmple_epu64_mask(d[k], r);
			__m512i f = _mm512_permutex2var_epi64(
				w_lo, _mm512_add_epi64(p, _mm512_set1_epi64(k + 1)), w_hi);
			__m512i t = _mm512_sub_epi64(_mm512_sub_epi64(d[k], one), d[k + 1]);

			r = _mm512_mask_add_epi64(r, smaller, r, one);
			t = _mm512_mask_add_epi64(t, smaller, t, one);
			delta = _mm512_add_epi64(delta, _mm512_mullo_epi64(t, f));
		}
		delta = _mm512_add_epi64(delta, _mm512_mullo_epi64(_mm512_sub_epi64(r, d[0]),
					   _mm512_permutex2var_epi64(w_lo, p, w_hi)));
	} else {
		__m512i c = _mm512_setzero_si512();

		for (int k = 0; k < W - 1; k++) {
			/* below(x, 0, k + 1, c): d0 - c > d[k + 1], unsigned */
			__mmask8 smaller =
				_mm512_cmpgt_epu64_mask(_mm512_sub_epi64(d[0], c), d[k + 1]);
			__m512i f = _mm512_permutex2var_epi64(
				w_lo, _mm512_add_epi64(p, _mm512_set1_epi64(k)), w_hi);
			__m512i t = _mm512_sub_epi64(_mm512_add_epi64(d[k + 1], one), d[k]);

			c = _mm512_mask_add_epi64(c, smaller, c, one);
			t = _mm512_mask_sub_epi64(t, smaller, t, one);
			delta = _mm512_add_epi64(delta, _mm512_mullo_epi64(t, f));
		}
		delta = _mm512_add_epi64(
			delta,
			_mm512_mullo_epi64(_mm512_sub_epi64(_mm512_sub_epi64(d[0], c), d[W - 1]),
					   _mm512_permutex2var_epi64(
						   w_lo, _mm512_add_epi64(p, _mm512_set1_epi64(W - 1)),
						   w_hi)));
	}
	{
		__m512i gv = _mm512_srli_epi64(
			_mm512_add_epi64(_mm512_add_epi64(_mm512_add_epi64(group, group), sv), delta), 1);
		__m512i cell = up ? p : _mm512_add_epi64(j, _mm512_set1_epi64(W));

		*g = gv;
		*at = _mm512_add_epi64(_mm512_mullo_epi64(gv, _mm512_set1_epi64(n + 1)), cell);
	}
}
#endif

/* Put group G (entered) in the list whose end is *TO, with its states
 * STATES (bits 2j): the end moves on past it only where it has any. */
PB_INLINE void list_group(const worker *w, uint64_t g, uint64_t states, entered **to)
{
	**to = (entered){ .group = g, .digits = w->digits, .states = states, .parity = w->parity };
	*to += states != 0;
}

/* Push: the states HITS (bits 2j) of group G, whose codes X start at
 * index FIRST, mark their unseen neighbours in the group with the next
 * residue; the group is entered, and listed at *DOWN and *UP (the lists'
 * ends) with its states to move down and up (push_vertical), counted in
 * *N_DOWN and *N_UP. */
PB_INLINE void push_group(worker *w, const int W, const int H, const bool binned, uint64_t g,
			  uint64_t first, uint64_t x, uint64_t hits, entered **down, uint64_t *n_down,
			  entered **up, uint64_t *n_up)
{
	const builder *b = w->b;
	const int cells = W * H;
	uint64_t side = ((hits & ~b->last_col) << 2) | ((hits & ~b->first_col) >> 2);
	uint64_t fresh = side & codes_equal(x, PB_TWOBIT_UNSEEN);
	/* the states with a neighbour in the group on the layer before */
	uint64_t before = codes_equal(x, b->before);
	uint64_t near = ((before >> 2) & ~b->last_col) | ((before << 2) & ~b->first_col);
	/* those to make their far moves: not those whose one far move goes
	 * to the layer before */
	uint64_t moving = hits & ~(b->skip_one_far & ~near);
	uint64_t downs = moving & ~b->last_row, ups = moving & ~b->first_row;
	uint64_t n_downs = (uint64_t)__builtin_popcountll(downs);
	uint64_t n_ups = (uint64_t)__builtin_popcountll(ups);

	*n_down += n_downs;
	*n_up += n_ups;
	w->expanded += (uint64_t)__builtin_popcountll(hits);
	w->generated += (uint64_t)(__builtin_popcountll(hits & ~b->last_col) +
				   __builtin_popcountll(hits & ~b->first_col)) + n_downs + n_ups;
	enter_group(w, cells - 1, g);
	list_group(w, g, downs, down);
	list_group(w, g, ups, up);
	if (binned) {
		/* a push in rounds: while the workers expand, each chunk's
		 * words, and its frontier's, are its worker's alone to write.
		 * Without a branch on FRESH, which is a toss-up. */
		uint64_t spare;

		codes_clear_quiet(b->codes, first, fresh * (PB_TWOBIT_UNSEEN ^ b->next), &spare);
		w->fresh += (uint64_t)__builtin_popcountll(fresh);
		mark_own_group(w, g, rows_of_mask(b, fresh));
	} else if (fresh) {
		uint64_t was = codes_clear(b->codes, first, (uint64_t)cells,
					   fresh * (PB_TWOBIT_UNSEEN ^ b->next));

		fresh &= codes_equal(was, PB_TWOBIT_UNSEEN);
		if (fresh) {
			w->fresh += (uint64_t)__builtin_popcountll(fresh);
			mark_group(w, g, rows_of_mask(b, fresh));
		}
	}
}

/* The next listed state after the last of LEFT (its group's states yet
 * to move) of the entry *E: the next of its group, else the first of
 * the next entry's (past the last group, the read of the list's spare
 * entry). Without a branch (see push_vertical). */
PB_INLINE void next_listed(const entered **e, uint64_t *left)
{
	bool next;

	*left &= *left - 1;
	next = !*left;
	*e += next;
	*left = next ? (*e)->states : *left;
}

/* Push: the moves up (UP) or down of the states of the groups listed
 * from E (N states in all; the list ends with a spare entry), their
 * neighbours to push_far. One loop over the states, whatever their
 * groups: the next group is taken where a group's states run out without
 * a branch, so that the branches left (the loop's end) are taken once for
 * a list, not once for each group and state: on two rows the loop over a
 * group's states and the choice of up or down were each a toss-up (6x2
 * pushed in rounds: 0.90 of the time expanding). */
PB_INLINE void push_vertical(worker *w, const int W, const int H, const bool binned, bool up,
			     const entered *e, uint64_t n)
{
	const builder *b = w->b;
	uint64_t left = e->states;

#ifdef VERTICAL_LANES
	/* eight at a time where a move's steps are many */
	for (; W >= 4 && n >= VERTICAL_LANES; n -= VERTICAL_LANES) {
		uint64_t group[8], digits[8], parity[8], j[8], g[8], at[8];

		for (int l = 0; l < VERTICAL_LANES; l++) {
			group[l] = e->group;
			digits[l] = e->digits;
			parity[l] = e->parity;
			j[l] = (uint64_t)__builtin_ctzll(left) / 2;
			next_listed(&e, &left);
		}
		__m512i gv, atv;

		vertical8(b, W, H, _mm512_loadu_si512(group), _mm512_loadu_si512(digits),
			  _mm512_loadu_si512(parity), _mm512_loadu_si512(j), up, &gv, &atv);
		_mm512_storeu_si512(g, gv);
		_mm512_storeu_si512(at, atv);
		for (int l = 0; l < VERTICAL_LANES; l++)
			push_far(w, binned, at[l], g[l]);
	}
#endif
	for (; n; n--) {
		uint64_t to, at = vertical(b, W, H, e, __builtin_ctzll(left) / 2, up, &to);

		push_far(w, binned, at, to);
		next_listed(&e, &left);
	}
}

#ifdef ROW_LANES
/* A push in rounds on boards of two rows, eight groups at a time (a
 * vector lane each) where the processor has AVX-512 with its byte
 * permutes: the steps of push_group on the eight groups' codes at once,
 * without a branch, the groups' states to move up or down then staged a
 * state a lane at a time, and moved eight at a time (vertical8). A
 * frontier word's 32 groups hold 16W bytes of codes, each eight of them
 * 4W bytes, group i's from nibble W i. (6x2 pushed in rounds: 0.72 of
 * the time of a group at a time; 7x2's layers 37 to 52: 0.81.) */

/* States staged to move one way, up or down: their groups and their
 * blanks' cells, and their groups' digits (the parity in bit 63). */
typedef struct staged {
	uint64_t at[2 * VERTICAL_LANES];     /* the group times 16 plus the cell */
	uint64_t digits[2 * VERTICAL_LANES];
	unsigned n;
} staged;

/* The first eight states staged in S moved up (UP) or down: their
 * neighbours to the worker's bins. */
PB_INLINE void move_staged(worker *w, const int W, bool up, staged *s)
{
	const builder *b = w->b;
	const __m512i top = _mm512_set1_epi64((long long)(1ULL << 63));
	__m512i dg = _mm512_loadu_si512(s->digits), gj = _mm512_loadu_si512(s->at), g, at, r, off;
	uint64_t rr[VERTICAL_LANES], oo[VERTICAL_LANES];

	vertical8(b, W, 2, _mm512_srli_epi64(gj, 4), _mm512_andnot_si512(top, dg),
		  _mm512_srli_epi64(dg, 63), _mm512_and_si512(gj, _mm512_set1_epi64(15)), up, &g,
		  &at);
	/* (rounds are the one process's: no part, no outbox) */
	r = _mm512_srl_epi64(_mm512_sub_epi64(g, _mm512_set1_epi64((long long)b->base)),
			     _mm_cvtsi32_si128((int)b->bin_shift));
	off = _mm512_sub_epi64(
		at, _mm512_mullo_epi64(
			    _mm512_add_epi64(_mm512_set1_epi64((long long)b->base),
					     _mm512_sll_epi64(r, _mm_cvtsi32_si128((int)b->bin_shift))),
			    _mm512_set1_epi64((long long)b->size)));
	_mm512_storeu_si512(rr, r);
	_mm512_storeu_si512(oo, off);
	for (int l = 0; l < VERTICAL_LANES; l++)
		push_bin(w, rr[l], (uint32_t)oo[l]);
	s->n -= VERTICAL_LANES;
	_mm512_storeu_si512(s->at, _mm512_loadu_si512(s->at + VERTICAL_LANES));
	_mm512_storeu_si512(s->digits, _mm512_loadu_si512(s->digits + VERTICAL_LANES));
}

/* The states STATES (bits 2j) of the eight groups GROUP (times 16;
 * DIGITS, the parity in bit 63) staged in S to move one way (UP or
 * down), a state a lane at a time, the lowest first; eight at a time
 * moved. */
PB_INLINE void stage(worker *w, const int W, bool up, staged *s, __m512i group, __m512i digits,
		     __m512i states)
{
	const __m512i one = _mm512_set1_epi64(1);
	__mmask8 m;

	while ((m = _mm512_test_epi64_mask(states, states))) {
		__m512i low = _mm512_and_si512(states, _mm512_sub_epi64(_mm512_setzero_si512(), states));
		__m512i j = _mm512_srli_epi64(_mm512_popcnt_epi64(_mm512_sub_epi64(low, one)), 1);

		states = _mm512_xor_si512(states, low);
		_mm512_storeu_si512(s->at + s->n,
				    _mm512_maskz_compress_epi64(m, _mm512_or_si512(group, j)));
		_mm512_storeu_si512(s->digits + s->n, _mm512_maskz_compress_epi64(m, digits));
		s->n += (unsigned)__builtin_popcount(m);
		if (s->n >= VERTICAL_LANES)
			move_staged(w, W, up, s);
	}
}

/* The states left staged in S moved one at a time. */
PB_INLINE void move_staged_rest(worker *w, const int W, bool up, staged *s)
{
	for (unsigned k = 0; k < s->n; k++) {
		entered e = { .group = s->at[k] >> 4,
			      .digits = s->digits[k] & ~(1ULL << 63),
			      .parity = (unsigned)(s->digits[k] >> 63) };
		uint64_t to, at = vertical(w->b, W, 2, &e, (int)(s->at[k] & 15), up, &to);

		push_far(w, true, at, to);
	}
	s->n = 0;
}

/* Push in rounds, the W x 2 board: the groups FIRST..END-1 of a chunk
 * (whole frontier words), as chunk_tiles pushes them. Returns false when
 * HOME's limits say stop. */
PB_INLINE bool chunk_rows(worker *w, worker *home, const int W, uint64_t first, uint64_t end)
{
	const builder *b = w->b;
	/* BYTES: eight groups' codes (4W bits a group) */
	const int cells = 2 * W, n = cells - 1, bytes = 4 * W;
	const uint64_t *codes = b->codes;
	uint8_t *table = (uint8_t *)b->codes;
	const __m512i low = _mm512_set1_epi64((long long)LOW_BITS), three = _mm512_set1_epi64(3);
	const __m512i now = _mm512_set1_epi64((long long)(LOW_BITS * b->now));
	const __m512i before = _mm512_set1_epi64((long long)(LOW_BITS * b->before));
	const __m512i clear = _mm512_set1_epi64((long long)(LOW_BITS * (PB_TWOBIT_UNSEEN ^ b->next)));
	const __m512i colour = _mm512_set1_epi64((long long)(b->layer_colour & LOW_BITS));
	const __m512i first_col = _mm512_set1_epi64((long long)b->first_col);
	const __m512i last_col = _mm512_set1_epi64((long long)b->last_col);
	const __m512i first_row = _mm512_set1_epi64((long long)b->first_row);
	const __m512i last_row = _mm512_set1_epi64((long long)b->last_row);
	const __m512i skip = _mm512_set1_epi64((long long)b->skip_one_far);
	const __m512i row1 = _mm512_set1_epi64((long long)b->row_mask[1]);
	const __m512i row2 = _mm512_set1_epi64((long long)b->row_mask[2]);
	const __m512i rows_mask = _mm512_set_epi64(0, 0, 0, 0, (long long)b->row_mask[3],
						   (long long)b->row_mask[2],
						   (long long)b->row_mask[1], 0);
	const __m512i field = _mm512_set1_epi64((long long)((1ULL << 2 * cells) - 1));
	const __m512i nibbles = _mm512_set1_epi64(0x1111111111111111LL);
	const __m512i lanes = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
	/* the bytes of eight groups' codes: a chunk's groups are whole eights
	 * (its ends multiples of CHUNK_GROUPS or the table's end, the table's
	 * groups a multiple of its blocks of the last digits, which are, see
	 * work_groups) */
	const __mmask64 mine = _bzhi_u64(~0ULL, (unsigned)bytes);
	__m512i take, take_shift, put_shift, put, rows_shift;
	__m512i expanded = _mm512_setzero_si512(), generated = _mm512_setzero_si512();
	__m512i fresh_n = _mm512_setzero_si512();
	staged downs = { .n = 0 }, ups = { .n = 0 };

	{
		/* the bytes of lane i's codes, from byte W i / 2 (shifted by
		 * its nibble), and back: lane 2k's pair of groups (lane 2k + 1's
		 * shifted up to it) to bytes W k.. */
		uint8_t t[64], p[64];
		uint64_t ts[8], ps[8], rs[8];

		for (int i = 0; i < 8; i++) {
			for (int k = 0; k < 8; k++)
				t[8 * i + k] = (uint8_t)(W * i / 2 + k);
			ts[i] = (uint64_t)(4 * (W * i % 2));
			ps[i] = (uint64_t)(i % 2 ? bytes : 0);
			rs[i] = (uint64_t)(2 * i);
		}
		for (int k = 0; k < 64; k++)
			p[k] = (uint8_t)(k < bytes ? 16 * (k / W) + k % W : 0);
		take = _mm512_loadu_si512(t);
		put = _mm512_loadu_si512(p);
		take_shift = _mm512_loadu_si512(ts);
		put_shift = _mm512_loadu_si512(ps);
		rows_shift = _mm512_loadu_si512(rs);
	}
	for (uint64_t at = first; at < end; at += 32) {
		uint64_t bits = b->frontier[(at - b->base) / 32], new_rows = 0, y, *word;

		__builtin_prefetch(&b->frontier[(at - b->base) / 32 + 32]);
		if (!bits)
			continue;
		{
			/* the codes of the groups a few frontier words on */
			const uint64_t *ahead = &codes[(at + 768) * cells / CODES_PER_WORD];

			for (uint64_t k = 0; k < 2 * (uint64_t)cells; k += 8)
				__builtin_prefetch(ahead + k);
		}
		for (int a = 0; a < 4; a++) {
			uint64_t sub = bits >> (16 * a) & 0xffff, g0 = at + 8 * (uint64_t)a, lo, high;
			uint8_t *from = table + g0 * (uint64_t)cells / 4;
			__m512i raw, x, y8, hits, side, fresh, seen_before, near, moving, group, digits;
			__m512i rows, parity;
			__mmask8 r1, r2;

			if (!sub)
				continue;
			if ((home->status = pb_search_poll_many(
				     &home->poll, (unsigned)__builtin_popcountll(
							  (sub | sub >> 1) & 0x5555))) != PB_SOLVED)
				return false;
			raw = _mm512_maskz_loadu_epi8(mine, from);
			x = _mm512_and_si512(
				_mm512_srlv_epi64(_mm512_permutexvar_epi8(take, raw), take_shift), field);
			rows = _mm512_and_si512(
				_mm512_srlv_epi64(_mm512_set1_epi64((long long)sub), rows_shift), three);
			/* the states of the layer in the frontier's rows */
			y8 = _mm512_xor_si512(x, now);
			hits = _mm512_andnot_si512(_mm512_or_si512(y8, _mm512_srli_epi64(y8, 1)),
						   _mm512_and_si512(colour, _mm512_permutexvar_epi64(
										    rows, rows_mask)));
			/* their sideways neighbours unseen */
			side = _mm512_or_si512(_mm512_slli_epi64(_mm512_andnot_si512(last_col, hits), 2),
					       _mm512_srli_epi64(_mm512_andnot_si512(first_col, hits), 2));
			fresh = _mm512_and_si512(
				side, _mm512_and_si512(_mm512_and_si512(x, _mm512_srli_epi64(x, 1)), low));
			/* their moves up and down, not those that lead back */
			y8 = _mm512_xor_si512(x, before);
			seen_before = _mm512_andnot_si512(_mm512_or_si512(y8, _mm512_srli_epi64(y8, 1)),
							  low);
			near = _mm512_or_si512(
				_mm512_andnot_si512(last_col, _mm512_srli_epi64(seen_before, 2)),
				_mm512_andnot_si512(first_col, _mm512_slli_epi64(seen_before, 2)));
			moving = _mm512_andnot_si512(_mm512_andnot_si512(near, skip), hits);
			expanded = _mm512_add_epi64(expanded, _mm512_popcnt_epi64(hits));
			generated = _mm512_add_epi64(
				generated,
				_mm512_add_epi64(
					_mm512_add_epi64(
						_mm512_popcnt_epi64(_mm512_andnot_si512(last_col, hits)),
						_mm512_popcnt_epi64(_mm512_andnot_si512(first_col, hits))),
					_mm512_popcnt_epi64(moving)));
			fresh_n = _mm512_add_epi64(fresh_n, _mm512_popcnt_epi64(fresh));
			{
				/* the fresh ones marked: the codes written back
				 * where a byte changed (a line with none stays
				 * clean) */
				__m512i nx = _mm512_andnot_si512(
					_mm512_and_si512(_mm512_or_si512(fresh, _mm512_slli_epi64(fresh, 1)),
							 clear),
					x);
				__m512i pair = _mm512_sllv_epi64(nx, put_shift), out;

				pair = _mm512_or_si512(pair, _mm512_shuffle_epi32(pair, _MM_PERM_BADC));
				out = _mm512_permutexvar_epi8(put, pair);
				_mm512_mask_storeu_epi8(from, _mm512_mask_cmpneq_epi8_mask(mine, out, raw),
							out);
			}
			/* their rows in the next frontier */
			r1 = _mm512_test_epi64_mask(fresh, row1);
			r2 = _mm512_test_epi64_mask(fresh, row2);
			new_rows |= (_pdep_u64(r1, 0x5555) | _pdep_u64(r2, 0xaaaa)) << (16 * a);
			/* the groups' digits: one block of the table's (its
			 * groups a multiple of eight) */
			high = (uint64_t)(((unsigned __int128)g0 * b->low_inverse) >> 64);
			lo = g0 - high * b->low_groups;
			enter_high(w, n, high);
			digits = _mm512_or_si512(_mm512_set1_epi64((long long)w->high_digits),
						 _mm512_loadu_si512(b->low_digits + lo));
			parity = _mm512_popcnt_epi64(_mm512_and_si512(digits, nibbles));
			digits = _mm512_or_si512(digits, _mm512_slli_epi64(parity, 63));
			group = _mm512_slli_epi64(
				_mm512_add_epi64(_mm512_set1_epi64((long long)g0), lanes), 4);
			stage(w, W, false, &downs, group, digits, _mm512_andnot_si512(last_row, moving));
			stage(w, W, true, &ups, group, digits, _mm512_andnot_si512(first_row, moving));
		}
		/* the next frontier's word, the chunk's alone */
		word = &b->next_frontier[(at - b->base) / 32];
		y = *word;
		w->fresh_groups += (uint64_t)__builtin_popcountll((new_rows | new_rows >> 1) &
								 ~(y | y >> 1) & LOW_BITS);
		*word = y | new_rows;
	}
	move_staged_rest(w, W, false, &downs);
	move_staged_rest(w, W, true, &ups);
	w->expanded += (uint64_t)_mm512_reduce_add_epi64(expanded);
	w->generated += (uint64_t)_mm512_reduce_add_epi64(generated);
	w->fresh += (uint64_t)_mm512_reduce_add_epi64(fresh_n);
	return true;
}
#endif

/* Pull: the unseen states of group G (codes X from index FIRST) at the
 * next distance's colour that have a neighbour on the layer take the next
 * residue. Sideways neighbours first, all at once. (The moves up and down
 * listed and made as a push makes them measured 1.02 times as slow on
 * 2x6, 1.00 on 3x4.) */
PB_INLINE void pull_tiles(worker *w, const int W, const int H, uint64_t g, uint64_t first,
			  uint64_t x)
{
	const builder *b = w->b;
	const int cells = W * H;
	uint64_t want = codes_equal(x, PB_TWOBIT_UNSEEN) & b->layer_colour;
	uint64_t layer = codes_equal(x, b->now), found;
	entered e;

	if (!want)
		return;
	found = want & (((layer << 2) & ~b->first_col) | ((layer >> 2) & ~b->last_col));
	w->expanded += (uint64_t)__builtin_popcountll(want);
	w->generated += (uint64_t)(__builtin_popcountll(want & ~b->first_col) +
				   __builtin_popcountll(want & ~b->last_col));
	if (found) {
		/* each chunk's words are its worker's alone to write */
		codes_clear_own(b->codes, first, (uint64_t)cells, found * (PB_TWOBIT_UNSEEN ^ b->next));
		w->fresh += (uint64_t)__builtin_popcountll(found);
		mark_group(w, g, rows_of_mask(b, found));
	}
	if (!(want & ~found))
		return;
	enter_group(w, cells - 1, g);
	e = (entered){ .group = g, .digits = w->digits, .parity = w->parity };
	for (uint64_t left = want & ~found; left; left &= left - 1) {
		int j = __builtin_ctzll(left) / 2;
		uint64_t at, to;

		if (j >= W) {
			w->generated++;
			at = vertical(b, W, H, &e, j, true, &to);
			look_up(w, at, to, first + (uint64_t)j);
		}
		if (j + W < cells) {
			w->generated++;
			at = vertical(b, W, H, &e, j, false, &to);
			look_up(w, at, to, first + (uint64_t)j);
		}
	}
}

/* Tiles: the groups FIRST..END-1 of a chunk, on the W x H board, by W
 * (HOME's limits polled). Returns false when they say stop. */
PB_INLINE bool chunk_tiles(worker *w, worker *home, const int W, const int H, const bool binned,
			   uint64_t first, uint64_t end)
{
	const builder *b = w->b;
	const uint64_t cells = (uint64_t)(W * H), *codes = b->codes;

	if (!b->pull) {
		/* the groups of the frontier: a word holds 64 / FB groups' bits */
		const int fb = H == 2 ? 2 : 1;

		for (uint64_t at = first; at < end; at += 64 / fb) {
			uint64_t bits = b->frontier[(at - b->base) * fb / 64];

			if (!bits)
				continue;
			/* the codes of the groups a few frontier words on */
			if (binned) {
				const uint64_t *ahead = &codes[(at + 256) * cells / CODES_PER_WORD];

				for (uint64_t k = 0; k < 2 * cells; k += 8)
					__builtin_prefetch(ahead + k);
			}
			/* the word's groups' states to move down and up, and
			 * how many (each list with a spare entry at its end) */
			entered downs[WORD_GROUPS + 1], ups[WORD_GROUPS + 1], *down = downs, *up = ups;
			uint64_t n_down = 0, n_up = 0;

			while (bits) {
				unsigned k = (unsigned)__builtin_ctzll(bits) / fb * fb;
				uint64_t g = at + k / fb, x, hits;
				/* the group's rows of the layer (its bits) */
				uint64_t rows = fb == 1 ? 1 : bits >> k & 3u;

				bits &= fb == 1 ? bits - 1 : ~(3ULL << k);
				x = codes_from(codes, g * cells, cells);
				hits = codes_equal(x, b->now) & b->layer_colour & b->row_mask[rows];
				if (!hits)
					continue;
				if ((home->status = pb_search_poll(&home->poll)) != PB_SOLVED)
					return false;
				push_group(w, W, H, binned, g, g * cells, x, hits, &down, &n_down, &up,
					   &n_up);
			}
			down->states = up->states = 0;
			push_vertical(w, W, H, binned, false, downs, n_down);
			push_vertical(w, W, H, binned, true, ups, n_up);
		}
		settle_all(w);
		return true;
	}
	/* the groups with an unseen state: a word of codes at a time */
	for (uint64_t i = first * cells, stop = end * cells; i < stop;) {
		uint64_t word = __atomic_load_n(&codes[i / CODES_PER_WORD], __ATOMIC_RELAXED);
		uint64_t unseen = word & word >> 1 & LOW_BITS & (~0ULL << (2 * (i % CODES_PER_WORD)));
		uint64_t g;

		if (!unseen) {
			i = (i / CODES_PER_WORD + 1) * CODES_PER_WORD;
			continue;
		}
		g = group_of(b, i / CODES_PER_WORD * CODES_PER_WORD +
				   (uint64_t)__builtin_ctzll(unseen) / 2);
		if (g >= end) /* the codes past the last state, unseen */
			break;
		if ((home->status = pb_search_poll(&home->poll)) != PB_SOLVED)
			return false;
		pull_tiles(w, W, H, g, g * cells, codes_from(codes, g * cells, cells));
		i = (g + 1) * cells;
	}
	settle_all(w);
	return true;
}

/* The groups FIRST..END-1 of the layer's next chunk: false when none is
 * left or a worker was told to stop. */
PB_INLINE bool take_chunk(const builder *b, uint64_t *first, uint64_t *end)
{
	if (__atomic_load_n(&b->share->stopped, __ATOMIC_RELAXED))
		return false;
	*first = b->round + __atomic_fetch_add(&b->share->next_chunk, 1, __ATOMIC_RELAXED) * b->chunk;
	*end = *first + b->chunk < b->round_end ? *first + b->chunk : b->round_end;
	return *first < b->round_end;
}

/* Tell every worker to stop. */
static void stop_all(const builder *b)
{
	__atomic_store_n(&b->share->stopped, 1, __ATOMIC_RELAXED);
}

/* ---- Pancakes: a group at a time ---------------------------------------
 * The index reads the stack from the bottom (pb_kernel_index): it is the
 * sum over the cells p of c_p * p!, where c_p counts the pancakes above
 * cell p that are smaller. A flip of the top j leaves c_p as it is for
 * p >= j, so it changes the index modulo j! only, and how depends on that
 * alone. A group is the m! stacks that share their bottom n - m pancakes
 * (a block of the index): a flip of j <= m stays in it, the look-up
 * b->flip[j] of the index modulo j!, and reads codes the group's words
 * hold, in the cache. A flip of more takes the stack to another group:
 * the stack is made (b->top and the group's pancakes), flipped and ranked,
 * its word fetched ahead as the tiles' vertical moves are. */

/* The index modulo J! of L (L < m!: the quotient by a multiply is exact). */
PB_INLINE uint64_t low_part(const builder *b, uint64_t l, int j)
{
	uint64_t q = (uint64_t)(((unsigned __int128)l * b->fact_inverse[j]) >> 64);

	return l - q * b->fact[j];
}

/* The neighbour by flip J (<= m) of the stack at L in its group, there. */
PB_INLINE uint64_t flip_in(const builder *b, uint64_t l, int j)
{
	uint64_t u = low_part(b, l, j);

	return l - u + b->flip[j][u];
}

/* Group G into W: its bottom cells and top pancakes. The stack at 0 in
 * a group has c_p = 0 for p < m: its top m from the largest down. */
PB_INLINE void enter_stacks(worker *w, const int m, uint64_t g)
{
	const builder *b = w->b;
	pb_state s;

	if (g == w->group)
		return;
	w->group = g;
	pb_unindex(b->d, g * b->size, &s);
	w->bottom = (uint64_t)s.cells & ~b->top_mask;
	for (int r = 0; r < m; r++)
		w->value[r] = (uint8_t)pb_nibble((uint64_t)s.cells, m - 1 - r);
}

/* The cells of the stack at L in the group entered. */
PB_INLINE uint64_t stack_at(const worker *w, const int m, uint64_t l)
{
	uint64_t order = w->b->top[l], cells = w->bottom;

	for (int p = 0; p < m; p++)
		cells |= (uint64_t)w->value[(order >> (4 * p)) & 15u] << (4 * p);
	return cells;
}

/* The flips of more than m of the stack at L of the group entered (N
 * pancakes): each neighbour queued, pushing (FROM unused) or for the
 * state FROM (pulling). */
PB_INLINE void flips_out(worker *w, const int n, const int m, uint64_t l, uint64_t from)
{
	const builder *b = w->b;
	uint64_t c = stack_at(w, m, l);

	for (int j = m + 1; j <= n; j++) {
		uint64_t i = pb_kernel_index(PB_KERNEL_FLIP4, b->d,
					     pb_kernel_flip(PB_KERNEL_FLIP4, c, j), 0);

		look_up(w, i, group_of(b, i), from);
	}
	w->generated += (uint64_t)(n - m);
}

/* Push: the stacks of group G of the layer (codes X of the word at
 * L0 in it, HITS: bits 2j). */
PB_INLINE void push_stacks(worker *w, const int n, const int m, uint64_t g, uint64_t l0,
			   uint64_t hits)
{
	const builder *b = w->b;
	uint64_t first = g * b->size;

	for (; hits; hits &= hits - 1) {
		uint64_t l = l0 + (uint64_t)__builtin_ctzll(hits) / 2;

		w->expanded++;
		for (int j = 2; j <= m; j++)
			reach(w, first + flip_in(b, l, j), g);
		w->generated += (uint64_t)(m - 1);
		if (n > m)
			flips_out(w, n, m, l, 0);
	}
}

/* Pull: the unseen stacks of group G (UNSEEN: bits 2j of the word at L0
 * in it) with a neighbour on the layer take the next residue; those
 * with none in the group ask the groups outside. */
PB_INLINE void pull_stacks(worker *w, const int n, const int m, uint64_t g, uint64_t l0,
			   uint64_t unseen)
{
	const builder *b = w->b;
	uint64_t first = g * b->size;

	for (; unseen; unseen &= unseen - 1) {
		uint64_t l = l0 + (uint64_t)__builtin_ctzll(unseen) / 2;
		int j;

		w->expanded++;
		for (j = 2; j <= m; j++)
			if (code_at(b->codes, first + flip_in(b, l, j)) == b->now)
				break;
		w->generated += (uint64_t)(j <= m ? j - 1 : m - 1);
		if (j <= m)
			take(w, first + l, g);
		else if (n > m)
			flips_out(w, n, m, l, first + l);
	}
}

/* Pancakes: the groups FIRST..END-1 of a chunk, stacks of N, groups of
 * M cells. Returns false when the worker's limits say stop. */
PB_INLINE bool chunk_stacks(worker *w, worker *home, const int n, const int m, uint64_t first,
			    uint64_t end)
{
	const builder *b = w->b;
	const uint64_t words = b->size / CODES_PER_WORD;

	for (uint64_t g = first; g < end; g++) {
		const uint64_t *codes = b->codes + g * words;

		if (!b->pull && !in_frontier(b, g))
			continue;
		if ((home->status = pb_search_poll(&home->poll)) != PB_SOLVED)
			return false;
		enter_stacks(w, m, g);
		for (uint64_t k = 0; k < words; k++) {
			uint64_t x = __atomic_load_n(&codes[k], __ATOMIC_RELAXED);

			if (!b->pull)
				push_stacks(w, n, m, g, k * CODES_PER_WORD, codes_equal(x, b->now));
			else
				pull_stacks(w, n, m, g, k * CODES_PER_WORD, x & x >> 1 & LOW_BITS);
		}
	}
	settle_all(w);
	return true;
}

/* ---- Other domains: a word of codes at a time ------------------------- */

/* Push: mark the unseen predecessors of X, of the layer, with the next
 * residue. */
PB_INLINE void push_state(const pb_kernel k, worker *w, const pb_state *x)
{
	const pb_domain *d = w->b->d;

	w->expanded++;
	for (int m = 0; m < pb_kernel_nmoves(k, d); m++) {
		int from = d->prev_class[x->cls][m];
		uint64_t i;

		if (from < 0)
			continue;
		w->generated++;
		i = pb_kernel_index(k, d, pb_kernel_unmove(k, d, x->cells, x->cls, m), from);
		reach(w, i, i / CODES_PER_WORD); /* a group is a word here */
	}
}

/* Pull: whether the unseen state Y has a successor on the layer. */
PB_INLINE bool pull_state(const pb_kernel k, worker *w, const pb_state *y)
{
	const builder *b = w->b;
	const pb_domain *d = b->d;

	w->expanded++;
	for (int m = 0; m < pb_kernel_nmoves(k, d); m++) {
		int to = d->next_class[y->cls][m];

		if (to < 0)
			continue;
		w->generated++;
		if (code_at(b->codes,
			    pb_kernel_index(k, d, pb_kernel_move_to(k, d, y->cells, y->cls, m, to),
					    to)) == b->now)
			return true;
	}
	return false;
}

/* The states of group (word) G that the layer touches: pushed or pulled.
 * Returns false when the worker's limits say stop. */
PB_INLINE bool layer_group(const pb_kernel k, worker *w, uint64_t g)
{
	builder *b = w->b;
	uint64_t first = g * b->size, n = b->t->states - first < b->size ? b->t->states - first : b->size;
	uint64_t x, hits, found = 0;

	if (!b->pull && !in_frontier(b, g))
		return true;
	x = codes_from(b->codes, first, n);
	hits = codes_equal(x, b->pull ? PB_TWOBIT_UNSEEN : b->now);
	if (2 * n < 64)
		hits &= (1ULL << (2 * n)) - 1;
	for (uint64_t left = hits; left; left &= left - 1) {
		int at = __builtin_ctzll(left);
		pb_state s;

		if ((w->status = pb_search_poll(&w->poll)) != PB_SOLVED)
			return false;
		pb_unindex(b->d, first + (uint64_t)(at / 2), &s);
		if (!b->pull)
			push_state(k, w, &s);
		else if (pull_state(k, w, &s))
			found |= 1ULL << at;
	}
	if (found) {
		codes_clear_own(b->codes, first, n, found * (PB_TWOBIT_UNSEEN ^ b->next));
		w->fresh += (uint64_t)__builtin_popcountll(found);
		mark_group(w, g, 1);
	}
	return true;
}

PB_INLINE bool chunk_with(const pb_kernel k, worker *w, uint64_t first, uint64_t end)
{
	for (uint64_t g = first; g < end; g++)
		if (!layer_group(k, w, g))
			return false;
	return true;
}

/* The chunks of a layer, as long as there are any. */
PB_INLINE void work_with(const pb_kernel k, worker *w)
{
	uint64_t first, end;

	while (take_chunk(w->b, &first, &end)) {
		if (!chunk_with(k, w, first, end)) {
			stop_all(w->b);
			return;
		}
	}
}

/* The chunks of a layer by groups: tiles on the W x H board (STACKS
 * false: A = W, B = H), or stacks of A pancakes in groups of B cells. The
 * loops work on copies of the builder and of the worker that no other code
 * can see, so that the compiler keeps their fields in registers across the
 * writes to the table; the counts go back to W at the end. */
PB_INLINE void work_groups(worker *w, const bool stacks, const int a, const int b)
{
	builder copy = *w->b;
	worker me = { .b = &copy, .group = UINT64_MAX, .high = UINT64_MAX, .set = w->set };
	uint64_t first, end;

	while (room(&me) && take_chunk(&copy, &first, &end)) {
		/* BINNED a constant in each loop: the loops without bins as
		 * they were before them */
		bool done = stacks ? chunk_stacks(&me, w, a, b, first, end)
#ifdef ROW_LANES
			    /* (eight groups from a multiple of eight share their
			     * block of the last digits, and a chunk is whole
			     * eights) */
			    : me.set && b == 2 && a >= 4 && a <= 8 && copy.low_groups % 8 == 0
			    ? chunk_rows(&me, w, a, first, end)
#endif
			    : (me.set ? chunk_tiles(&me, w, a, b, true, first, end)
				      : chunk_tiles(&me, w, a, b, false, first, end));

		if (!done) {
			stop_all(&copy);
			break;
		}
	}
	w->fresh += me.fresh;
	w->fresh_groups += me.fresh_groups;
	w->expanded += me.expanded;
	w->generated += me.generated;
}

static void *work(void *arg)
{
	worker *w = arg;
	const pb_domain *d = w->b->d;

	if (w->b->tiles) {
		/* the board's size a constant in the loops: the 12- and 14-cell
		 * boards whole, the others by width */
		switch (d->width * 16 + d->height) {
		case 3 * 16 + 4: work_groups(w, false, 3, 4); break;
		case 4 * 16 + 3: work_groups(w, false, 4, 3); break;
		case 2 * 16 + 6: work_groups(w, false, 2, 6); break;
		case 6 * 16 + 2: work_groups(w, false, 6, 2); break;
		case 7 * 16 + 2: work_groups(w, false, 7, 2); break;
		case 2 * 16 + 7: work_groups(w, false, 2, 7); break;
		default:
			switch (d->width) {
			case 2: work_groups(w, false, 2, d->height); break;
			case 3: work_groups(w, false, 3, d->height); break;
			case 4: work_groups(w, false, 4, d->height); break;
			case 5: work_groups(w, false, 5, d->height); break;
			default: work_groups(w, false, d->width, d->height); break;
			}
		}
		return NULL;
	}
	if (w->b->flips_in) {
		/* the stack's size and the group's constants in the loops
		 * where the searches are long */
		switch (d->cells * 16 + w->b->flips_in) {
		case 12 * 16 + 9: work_groups(w, true, 12, 9); break;
		case 13 * 16 + 9: work_groups(w, true, 13, 9); break;
		default: work_groups(w, true, d->cells, w->b->flips_in); break;
		}
		return NULL;
	}
#define WORK(K, T) case K: if (!grouped(K)) work_with(K, w); break;
	switch (d->kernel) { PB_KERNELS(WORK) }
#undef WORK
	return NULL;
}

uint64_t twobit_mark_in(builder *b, const uint64_t *in, size_t n)
{
	worker w = { .b = b };

	for (size_t k = 0; k < n; k++)
		reach(&w, in[k], group_of(b, in[k]));
	return w.fresh;
}

/* A push in rounds: mark the neighbours in the bins of region R, which
 * no other worker touches meanwhile. Without a branch on what a look
 * finds (whether a neighbour is unseen is a toss-up in the big layers):
 * a code is written where it was unseen, else the write goes to a word
 * of the stack, so that a line stays clean; the frontier's word is
 * written either way (its bits where the state was unseen). */
static void apply_region(worker *w, uint64_t r)
{
	const builder *b = w->b;
	const struct bins *bins = b->bins;
	const uint64_t first = (b->base + (r << b->bin_shift)) * b->size;
	const uint64_t clear = PB_TWOBIT_UNSEEN ^ b->next;
	const unsigned fbits = (unsigned)b->fbits;
	const uint64_t own = (1ULL << fbits) - 1;
	uint64_t *codes = b->codes, *front = b->next_frontier, fresh = 0, groups = 0, spare;
	/* the region's frontier, and a state's group in it (about: for the
	 * fetches ahead) by a multiply */
	const uint64_t *front_r = front + (r << b->bin_shift) * fbits / 64;
	const uint64_t per_group = ((uint64_t)1 << 32) / b->size;

	for (int k = 0; k < bins->sets; k++) {
		for (const bin_block *q = bins->set[k].head[r]; q; q = q->next) {
			for (uint32_t j = 0; j < q->n; j++) {
				uint64_t i = first + q->at[j], *word = &codes[i / CODES_PER_WORD], x, u;
				uint64_t g = group_of(b, i), at = (g - b->base) * fbits, y, bits;
				unsigned shift = 2 * (unsigned)(i % CODES_PER_WORD);
				/* the entry APPLY_AHEAD on, in this block or the next */
				uint32_t ahead = j + APPLY_AHEAD < q->n ? q->at[j + APPLY_AHEAD]
						 : q->next && j + APPLY_AHEAD - q->n < q->next->n
						 ? q->next->at[j + APPLY_AHEAD - q->n]
						 : q->at[j];

				/* its word of codes and its word of the frontier: the
				 * region's frontier does not stay in the caches
				 * while its codes' lines pass through them */
				__builtin_prefetch(&codes[(first + ahead) / CODES_PER_WORD], 1);
				__builtin_prefetch(&front_r[(ahead * per_group >> 32) * fbits / 64], 1);
				x = __atomic_load_n(word, __ATOMIC_RELAXED);
				u = x >> shift & x >> (shift + 1) & 1u; /* unseen */
				__atomic_store_n(pick(word, &spare, u), x & ~(clear << shift),
						 __ATOMIC_RELAXED);
				y = __atomic_load_n(&front[at / 64], __ATOMIC_RELAXED);
				bits = (rows_of_index(b, i, g) & (0 - u)) << (at % 64);
				__atomic_store_n(&front[at / 64], y | bits, __ATOMIC_RELAXED);
				fresh += u;
				groups += u & !(y & own << (at % 64));
			}
		}
	}
	w->fresh += fresh;
	w->fresh_groups += groups;
}

static void *apply_bins(void *arg)
{
	worker *w = arg;
	struct bins *bins = w->b->bins;
	uint64_t r;

	while ((r = __atomic_fetch_add(&bins->next_region, 1, __ATOMIC_RELAXED)) < bins->regions)
		apply_region(w, r);
	return NULL;
}

/* The bins' tails closed (their counts set), for the apply. */
static void close_bins(struct bins *bins)
{
	for (int k = 0; k < bins->sets; k++) {
		bin_set *set = &bins->set[k];

		for (uint64_t r = 0; r < bins->regions; r++)
			if (set->tail[r])
				set->tail[r]->n = (uint32_t)(set->end[r] - set->tail[r]->at);
	}
	bins->next_region = 0;
}

/* The bins emptied, for the next round. */
static void empty_bins(struct bins *bins)
{
	for (int k = 0; k < bins->sets; k++) {
		bin_set *set = &bins->set[k];

		if (!set->used)
			continue;
		memset(set->head, 0, bins->regions * sizeof(*set->head));
		memset(set->tail, 0, bins->regions * sizeof(*set->tail));
		memset(set->end, 0, bins->regions * sizeof(*set->end));
		set->used = 0;
	}
}

/* One layer with NTHREADS workers (this thread one of them): how many
 * states it reached into *FRESH, in how many groups into *GROUPS. */
pb_status twobit_run_layer(builder *b, pb_search *s, int nthreads, uint64_t *fresh,
			   uint64_t *groups)
{
	worker workers[PB_TWOBIT_MAX_THREADS];
	pb_status st = PB_SOLVED;
	struct share share = { 0 };

	b->share = &share;
	for (int i = 0; i < nthreads; i++)
		workers[i] = (worker){ .b = b, .poll = *s, .status = PB_SOLVED, .group = UINT64_MAX,
				     .high = UINT64_MAX };
	if (b->bins && !b->pull) {
		/* rounds: the workers expand chunks while their bins have
		 * room, then mark what the bins hold */
		for (int i = 0; i < nthreads && i < b->bins->sets; i++)
			workers[i].set = &b->bins->set[i];
		do {
			pb_workers_run(work, workers, sizeof(*workers), nthreads);
			if (share.stopped)
				break;
			close_bins(b->bins);
			pb_workers_run(apply_bins, workers, sizeof(*workers), nthreads);
			empty_bins(b->bins);
		} while (b->round + share.next_chunk * b->chunk < b->round_end);
	} else {
		/* a worker that could not start leaves its chunks to the others */
		pb_workers_run(work, workers, sizeof(*workers), nthreads);
	}
	*fresh = *groups = 0;
	for (int i = 0; i < nthreads; i++) {
		worker *w = &workers[i];

		*fresh += w->fresh;
		*groups += w->fresh_groups;
		s->expanded += w->expanded;
		s->generated += w->generated;
		if (w->status != PB_SOLVED)
			st = w->status;
	}
	return st;
}
