#include "twobit.h"

#include <errno.h>
#include <stddef.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../core/blob.h"
#include "../heuristics/pdb.h"

/* A 1 in the low bit of each of a word's 32 codes. */
#define LOW_BITS 0x5555555555555555ULL
#define CODES_PER_WORD 32
/* Groups a worker takes at a time (a multiple of 32, so that a chunk's
 * codes are whole words, which a worker pulling writes alone, and of 64,
 * so that a chunk's frontier bits are whole words): few enough that the
 * last chunks of a layer spread over the threads, enough that taking one
 * is rare. */
#define CHUNK_GROUPS 4096

/* Neighbours a worker looks up ahead of looking at them (tiles): as many
 * loads of far words in flight. */
#define AHEAD 16

typedef struct builder {
	pb_twobit *t;
	const pb_domain *d;
	uint64_t *codes;    /* t->codes */
	unsigned now, next; /* the layer's residue and the next one's */
	bool pull;
	uint64_t size;      /* states a group */
	uint64_t groups;
	uint64_t size_inverse; /* ceil(2^64 / size): a group's number by a multiply */
	/* The frontiers, a bit a group: the groups holding a state of the
	 * layer (read), and of the next (set as they are found). A bit a
	 * group, not a few: a group of a frontier's block with no new state
	 * may still hold states of 6, 12, ... before, which a push expands
	 * again for nothing (a bit for 8 groups: 1.3 times the expansions
	 * on 2x6, 1.2 times the time). */
	const uint64_t *frontier;
	uint64_t *next_frontier;
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
	uint64_t odd_rows;   /* the blank where the tiles' parity must be odd */
	/* the blank an even, odd number of moves from the goal's blank (a
	 * move takes it to a neighbouring cell, of the other colour of a
	 * chessboard): with the code, a state's distance mod 6 */
	uint64_t colour[2];
	uint64_t layer_colour; /* colour[] of the states a layer takes: the
				* layer's distance (push), the next (pull) */
	uint64_t weight[PB_RANK_MAX]; /* weight[i]: (tiles - 1 - i)! */
	uint64_t inverse[PB_RANK_MAX + 1]; /* inverse[r]: ceil(2^64 / r), r >= 2 */
} builder;

/* A neighbour looked up (tiles): its index, its group (push), the state
 * asking (pull). */
typedef struct queued {
	uint64_t at, group, from;
} queued;

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
	/* The neighbours looked up but not yet looked at (tiles), their
	 * words fetched meanwhile: the neighbour's index, and (pull) the
	 * state asking. */
	uint64_t queued;
	queued ring[AHEAD];
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

/* The codes of the states I..I+N-1 (N <= 32), the first lowest. */
PB_INLINE uint64_t codes_from(const uint64_t *codes, uint64_t i, uint64_t n)
{
	uint64_t w = i / CODES_PER_WORD, at = 2 * (i % CODES_PER_WORD);
	uint64_t x = __atomic_load_n(&codes[w], __ATOMIC_RELAXED) >> at;

	if (at + 2 * n > 64)
		x |= __atomic_load_n(&codes[w + 1], __ATOMIC_RELAXED) << (64 - at);
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

/* Put group G in the next frontier. */
PB_INLINE void mark_group(worker *w, uint64_t g)
{
	uint64_t bit = 1ULL << (g % 64), *word = &w->b->next_frontier[g / 64];

	if (__atomic_load_n(word, __ATOMIC_RELAXED) & bit)
		return;
	if (!(__atomic_fetch_or(word, bit, __ATOMIC_RELAXED) & bit))
		w->fresh_groups++;
}

/* Mark the state of index I, of group G, with the next residue if it is
 * unseen (push: other threads may mark it at the same time, with the same
 * code). */
PB_INLINE void reach(worker *w, uint64_t i, uint64_t g)
{
	const builder *b = w->b;
	uint64_t *word = &b->codes[i / CODES_PER_WORD];
	unsigned shift = 2 * (unsigned)(i % CODES_PER_WORD);
	/* the and that turns an unseen code (all ones) into the next one */
	const uint64_t clear = PB_TWOBIT_UNSEEN ^ b->next;

	if (((__atomic_load_n(word, __ATOMIC_RELAXED) >> shift) & 3u) != PB_TWOBIT_UNSEEN)
		return;
	if (((__atomic_fetch_and(word, ~(clear << shift), __ATOMIC_RELAXED) >> shift) & 3u) ==
	    PB_TWOBIT_UNSEEN) {
		w->fresh++;
		mark_group(w, g);
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
	mark_group(w, g);
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

/* Groups ahead of the last one that stepping reaches sooner than a
 * division of the rank into digits. */
#define STEPS_MAX 4

/* Group G into W (N tiles): the Lehmer digits of its rank 2G (a nibble each; digits
 * N - 2 and N - 1 are 0), by adding one to digit N - 3 of the group
 * before's, with carries, where it is a few behind, else by dividing the
 * rank; and their parity. */
PB_INLINE void enter_group(worker *w, const int n, uint64_t g)
{
	const builder *b = w->b;

	if (g == w->group)
		return;
	if (g > w->group && g - w->group <= STEPS_MAX) {
		for (; w->group < g; w->group++) {
			uint64_t dg = w->digits;
			int i = n - 3;

			for (; pb_nibble(dg, i) == (unsigned)(n - 1 - i); i--)
				dg &= ~(15ULL << (4 * i));
			w->digits = dg + (1ULL << (4 * i));
		}
	} else {
		uint64_t r = 2 * g, dg = 0;

		/* digit n - 1 is 0 (a radix of 1) */
		for (int i = n - 2; i >= 0; i--) {
			/* r / (n - i) by a multiply (r < 2^60) */
			uint64_t q = (uint64_t)(((unsigned __int128)r * b->inverse[n - i]) >> 64);

			dg |= (r - q * (uint64_t)(n - i)) << (4 * i);
			r = q;
		}
		w->group = g;
		w->digits = dg;
	}
	w->parity = digits_parity(w->digits);
}

/* Of the tiles a_0..a_(W-1) of a window whose Lehmer digits are the W
 * nibbles of X: whether a_M is smaller than a_K (K < M), given CNT, how
 * many of a_(K+1)..a_(M-1) are. The digit of a_K counts those, a_M if it
 * is smaller, and the smaller ones after a_M: at least a_M's digit if a_M
 * is smaller, at most it if not. */
PB_INLINE unsigned below(uint64_t x, int k, int m, unsigned cnt)
{
	return pb_nibble(x, k) - cnt > pb_nibble(x, m);
}

/* The neighbour that a move up (UP) or down of the blank leads to from
 * the state with the blank at J of the group entered, on the W x H board:
 * its group into *G, its index returned. The digits alone give it: the
 * order of the window's tiles among themselves follows from the window's
 * digits (below). */
PB_INLINE uint64_t vertical(const worker *w, const int W, const int H, int j, bool up,
			    uint64_t *g)
{
	const builder *b = w->b;
	const int n = W * H - 1;
	/* the state's digits: the group's, or digit n - 2 one where its blank
	 * needs the other parity (the last two tiles swapped, the rank one
	 * more) */
	unsigned s = (unsigned)(b->odd_rows >> (2 * j) & 1u) ^ w->parity;
	/* the window: the W tiles from P (in the order without the blank) */
	int p = up ? j - W : j;
	uint64_t x = (w->digits | (uint64_t)s << (4 * (n - 2))) >> (4 * p);
	const uint64_t *f = b->weight + p;
	int64_t delta = 0;

	if (!up) {
		/* the tile below moves up, before the W - 1 between: the
		 * window's last tile first */
		unsigned c = 0;

		for (int k = 0; k < W - 1; k++) {
			unsigned cnt = 0, smaller;

			for (int m = k + 1; m < W - 1; m++)
				cnt += below(x, k, m, cnt);
			smaller = !below(x, k, W - 1, cnt);
			c += smaller;
			delta += ((int64_t)pb_nibble(x, k) - 1 + smaller - pb_nibble(x, k + 1)) *
				 (int64_t)f[k + 1];
		}
		delta += ((int64_t)pb_nibble(x, W - 1) + c - pb_nibble(x, 0)) * (int64_t)f[0];
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
	*g = (2 * w->group + s + (uint64_t)delta) >> 1;
	return *g * (uint64_t)(n + 1) + (uint64_t)(up ? j - W : j + W);
}

/* Push: the states HITS (bits 2j) of group G, whose codes X start at
 * index FIRST, mark their unseen neighbours with the next residue. */
PB_INLINE void push_tiles(worker *w, const int W, const int H, uint64_t g, uint64_t first,
			  uint64_t x, uint64_t hits)
{
	const builder *b = w->b;
	const int cells = W * H;
	uint64_t side = ((hits & ~b->last_col) << 2) | ((hits & ~b->first_col) >> 2);
	uint64_t fresh = side & codes_equal(x, PB_TWOBIT_UNSEEN);

	w->expanded += (uint64_t)__builtin_popcountll(hits);
	w->generated += (uint64_t)(__builtin_popcountll(hits & ~b->last_col) +
				   __builtin_popcountll(hits & ~b->first_col));
	enter_group(w, cells - 1, g);
	for (uint64_t left = hits; left; left &= left - 1) {
		int j = __builtin_ctzll(left) / 2;
		uint64_t at, to;

		if (j >= W) {
			w->generated++;
			at = vertical(w, W, H, j, true, &to);
			look_up(w, at, to, 0);
		}
		if (j + W < cells) {
			w->generated++;
			at = vertical(w, W, H, j, false, &to);
			look_up(w, at, to, 0);
		}
	}
	if (fresh) {
		uint64_t was = codes_clear(b->codes, first, (uint64_t)cells,
					   fresh * (PB_TWOBIT_UNSEEN ^ b->next));

		fresh &= codes_equal(was, PB_TWOBIT_UNSEEN);
		if (fresh) {
			w->fresh += (uint64_t)__builtin_popcountll(fresh);
			mark_group(w, g);
		}
	}
}

/* Pull: the unseen states of group G (codes X from index FIRST) at the
 * next distance's colour that have a neighbour on the layer take the next
 * residue. Sideways neighbours first, all at once. */
PB_INLINE void pull_tiles(worker *w, const int W, const int H, uint64_t g, uint64_t first,
			  uint64_t x)
{
	const builder *b = w->b;
	const int cells = W * H;
	uint64_t want = codes_equal(x, PB_TWOBIT_UNSEEN) & b->layer_colour;
	uint64_t layer = codes_equal(x, b->now), found;

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
		mark_group(w, g);
	}
	if (want & ~found)
		enter_group(w, cells - 1, g);
	for (uint64_t left = want & ~found; left; left &= left - 1) {
		int j = __builtin_ctzll(left) / 2;
		uint64_t at, to;

		if (j >= W) {
			w->generated++;
			at = vertical(w, W, H, j, true, &to);
			look_up(w, at, to, first + (uint64_t)j);
		}
		if (j + W < cells) {
			w->generated++;
			at = vertical(w, W, H, j, false, &to);
			look_up(w, at, to, first + (uint64_t)j);
		}
	}
}

/* Tiles: the groups FIRST..END-1 of a chunk, on the W x H board, by W
 * (HOME's limits polled). Returns false when they say stop. */
PB_INLINE bool chunk_tiles(worker *w, worker *home, const int W, const int H, uint64_t first,
			   uint64_t end)
{
	const builder *b = w->b;
	const uint64_t cells = (uint64_t)(W * H), *codes = b->codes;

	if (!b->pull) {
		/* the groups of the frontier */
		for (uint64_t at = first; at < end; at += 64) {
			for (uint64_t bits = b->frontier[at / 64]; bits; bits &= bits - 1) {
				uint64_t g = at + (uint64_t)__builtin_ctzll(bits), x, hits;

				x = codes_from(codes, g * cells, cells);
				hits = codes_equal(x, b->now) & b->layer_colour;
				if (!hits)
					continue;
				if ((home->status = pb_search_poll(&home->poll)) != PB_SOLVED)
					return false;
				push_tiles(w, W, H, g, g * cells, x, hits);
			}
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

	if (!b->pull && !(b->frontier[g / 64] >> (g % 64) & 1u))
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
		mark_group(w, g);
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

/* The groups FIRST..END-1 of the layer's next chunk: false when none is
 * left or a worker was told to stop. */
PB_INLINE bool take_chunk(const builder *b, uint64_t *first, uint64_t *end)
{
	if (__atomic_load_n(&b->share->stopped, __ATOMIC_RELAXED))
		return false;
	*first = __atomic_fetch_add(&b->share->next_chunk, 1, __ATOMIC_RELAXED) * CHUNK_GROUPS;
	*end = *first + CHUNK_GROUPS < b->groups ? *first + CHUNK_GROUPS : b->groups;
	return *first < b->groups;
}

/* Tell every worker to stop. */
static void stop_all(const builder *b)
{
	__atomic_store_n(&b->share->stopped, 1, __ATOMIC_RELAXED);
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

/* The same on tiles, the W x H board. The loops work on copies of the
 * builder and of the worker that no other code can see, so that the
 * compiler keeps their fields in registers across the writes to the
 * table; the counts go back to W at the end. */
PB_INLINE void work_tiles(worker *w, const int W, const int H)
{
	builder b = *w->b;
	worker me = { .b = &b, .group = UINT64_MAX };
	uint64_t first, end;

	while (take_chunk(&b, &first, &end)) {
		if (!chunk_tiles(&me, w, W, H, first, end)) {
			stop_all(&b);
			break;
		}
	}
	w->fresh = me.fresh;
	w->fresh_groups = me.fresh_groups;
	w->expanded = me.expanded;
	w->generated = me.generated;
}

static void *work(void *arg)
{
	worker *w = arg;
	const pb_domain *d = w->b->d;

	if (w->b->tiles) {
		/* the board's size a constant in the loops: the 12-cell boards
		 * whole, the others by width */
		switch (d->width * 16 + d->height) {
		case 3 * 16 + 4: work_tiles(w, 3, 4); break;
		case 4 * 16 + 3: work_tiles(w, 4, 3); break;
		case 2 * 16 + 6: work_tiles(w, 2, 6); break;
		case 6 * 16 + 2: work_tiles(w, 6, 2); break;
		default:
			switch (d->width) {
			case 2: work_tiles(w, 2, d->height); break;
			case 3: work_tiles(w, 3, d->height); break;
			case 4: work_tiles(w, 4, d->height); break;
			case 5: work_tiles(w, 5, d->height); break;
			default: work_tiles(w, d->width, d->height); break;
			}
		}
		return NULL;
	}
#define WORK(K, T) case K: if (!grouped(K)) work_with(K, w); break;
	switch (d->kernel) { PB_KERNELS(WORK) }
#undef WORK
	return NULL;
}

/* One layer with NTHREADS workers (this thread one of them): how many
 * states it reached into *FRESH, in how many groups into *GROUPS. */
static pb_status run_layer(builder *b, pb_search *s, int nthreads, uint64_t *fresh,
			   uint64_t *groups)
{
	pthread_t threads[PB_TWOBIT_MAX_THREADS];
	bool started[PB_TWOBIT_MAX_THREADS] = { false };
	worker workers[PB_TWOBIT_MAX_THREADS];
	pb_status st = PB_SOLVED;
	struct share share = { 0 };

	b->share = &share;
	for (int i = 0; i < nthreads; i++) {
		workers[i] = (worker){ .b = b, .poll = *s, .status = PB_SOLVED, .group = UINT64_MAX };
		if (i)
			started[i] = !pthread_create(&threads[i], NULL, work, &workers[i]);
	}
	/* a worker that could not start leaves its chunks to the others */
	work(&workers[0]);
	*fresh = *groups = 0;
	for (int i = 0; i < nthreads; i++) {
		worker *w = &workers[i];

		if (i && started[i])
			pthread_join(threads[i], NULL);
		*fresh += w->fresh;
		*groups += w->fresh_groups;
		s->expanded += w->expanded;
		s->generated += w->generated;
		if (w->status != PB_SOLVED)
			st = w->status;
	}
	return st;
}

static int default_threads(int threads)
{
	long n = threads > 0 ? threads : sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		n = 1;
	return n > PB_TWOBIT_MAX_THREADS ? PB_TWOBIT_MAX_THREADS : (int)n;
}

/* Whether the layer at DEPTH, of LAYER states in GROUPS groups, costs
 * less pulled than pushed. Tiles: a push expands the layer's states (and
 * the few of 6, 12, ... before in its groups), a pull checks the unseen
 * states of the next distance's colour (about half the unseen), each for
 * about two thirds of what an expansion costs (the sideways neighbours at
 * once; on 3x4 and 2x6, 13 against 22 ns a state). Elsewhere a push
 * expands the states of the layer's residue in its groups (taken as a
 * third of each group: the residues come round in turn), a pull checks
 * every unseen state. */
static bool pull_cheaper(const pb_twobit *t, const builder *b, uint64_t layer, uint64_t groups)
{
	uint64_t unseen = t->states - t->reached;

	if (b->tiles)
		return unseen < 3 * layer;
	return unseen < groups * b->size / 3;
}

uint64_t pb_twobit_bytes(const pb_domain *d)
{
	return (d->index_count + CODES_PER_WORD - 1) / CODES_PER_WORD * sizeof(uint64_t);
}

/* Bytes of one frontier: a bit a group, in whole chunks. */
static uint64_t frontier_bytes(const builder *b)
{
	return (b->groups + CHUNK_GROUPS - 1) / CHUNK_GROUPS * CHUNK_GROUPS / 8;
}

static pb_status search(pb_twobit *t, builder *b, pb_search *s, int nthreads)
{
	uint64_t *frontiers[2], groups = 1, goal = pb_index(t->d, &t->d->goal);
	int depth;

	frontiers[0] = pb_calloc(&s->meter, 1, frontier_bytes(b));
	frontiers[1] = pb_calloc(&s->meter, 1, frontier_bytes(b));
	if (!frontiers[0] || !frontiers[1]) {
		pb_free(frontiers[0]);
		pb_free(frontiers[1]);
		return pb_search_alloc_failed(s);
	}
	frontiers[0][group_of(b, goal) / 64] |= 1ULL << (group_of(b, goal) % 64);
	for (depth = 0;; depth++) {
		uint64_t fresh;
		pb_status st;

		b->now = (unsigned)depth % 3;
		b->next = (unsigned)(depth + 1) % 3;
		b->pull = pull_cheaper(t, b, t->counts[depth], groups);
		b->layer_colour = b->colour[(depth + b->pull) % 2];
		b->frontier = frontiers[depth % 2];
		b->next_frontier = frontiers[(depth + 1) % 2];
		memset(b->next_frontier, 0, frontier_bytes(b));
		st = run_layer(b, s, nthreads, &fresh, &groups);
		if (st == PB_SOLVED && fresh && depth + 1 > PB_TWOBIT_MAX_DEPTH) {
			snprintf(s->message, sizeof(s->message), "%s: distances past %d", t->d->name,
				 PB_TWOBIT_MAX_DEPTH);
			st = PB_UNSUPPORTED;
		}
		if (st != PB_SOLVED || !fresh) {
			pb_free(frontiers[0]);
			pb_free(frontiers[1]);
			t->radius = depth;
			return st;
		}
		t->counts[depth + 1] = fresh;
		t->reached += fresh;
	}
}

/* Tiles: the board's masks and weights in B (see builder). */
static void set_tiles(builder *b, const pb_domain *d, uint64_t goal)
{
	int gb = (int)(goal % (uint64_t)d->cells);

	b->tiles = d->cells - 1;
	for (int j = 0; j < d->cells; j++) {
		uint64_t bit = 1ULL << (2 * j);
		int colour = (j % d->width + j / d->width + gb % d->width + gb / d->width) % 2;

		if (j % d->width == 0)
			b->first_col |= bit;
		if (j % d->width == d->width - 1)
			b->last_col |= bit;
		if (pb_tiles_parity_needed(d, j))
			b->odd_rows |= bit;
		b->colour[colour] |= bit;
	}
	for (int i = 0; i < b->tiles; i++)
		b->weight[i] = pb_factorial(b->tiles - 1 - i);
	for (int r = 2; r <= b->tiles; r++)
		b->inverse[r] = UINT64_MAX / (uint64_t)r + 1;
}

pb_status pb_twobit_build(pb_twobit *t, const pb_domain *d, pb_search *s, int threads)
{
	uint64_t goal;
	builder b;
	pb_status st;

	memset(t, 0, sizeof(*t));
	if (!d->index_count) {
		snprintf(s->message, sizeof(s->message), "%s has no index for a table", d->name);
		return PB_UNSUPPORTED;
	}
	if (pb_domain_needs_inverse(d, "the two-bit search", s->message, sizeof(s->message)))
		return PB_UNSUPPORTED;
	t->d = d;
	t->states = d->index_count;
	t->nwords = pb_twobit_bytes(d) / sizeof(uint64_t);
	/* a word more, which codes_from may read past the last state */
	t->codes = pb_alloc(&s->meter, pb_twobit_bytes(d) + sizeof(uint64_t));
	if (!t->codes)
		return pb_search_alloc_failed(s);
	pb_want_huge_pages(t->codes, pb_twobit_bytes(d));
	memset(t->codes, 0xff, pb_twobit_bytes(d) + sizeof(uint64_t));
	goal = pb_index(d, &d->goal);
	t->codes[goal / CODES_PER_WORD] &= ~((uint64_t)PB_TWOBIT_UNSEEN << (2 * (goal % CODES_PER_WORD)));
	t->counts[0] = t->reached = 1;
	b = (builder){ .t = t, .d = d, .codes = t->codes };
	PB_WITH_KERNEL(d, b.size = grouped(K) ? (uint64_t)d->cells : CODES_PER_WORD);
	PB_WITH_KERNEL(d, if (grouped(K)) set_tiles(&b, d, goal));
	b.groups = (t->states + b.size - 1) / b.size;
	b.size_inverse = UINT64_MAX / b.size + 1;
	st = search(t, &b, s, default_threads(threads));
	if (st != PB_SOLVED)
		pb_twobit_release(t);
	return st;
}

void pb_twobit_release(pb_twobit *t)
{
	pb_free(t->codes);
	t->codes = NULL;
}

/* The state a move nearer the goal than X (code C), by the least such
 * move: into *M and *Y; false where there is none. */
static bool step_down(const pb_twobit *t, const pb_state *x, unsigned c, int *m, pb_state *y,
		      uint64_t *looked)
{
	const pb_domain *d = t->d;
	unsigned want = (c + 2) % 3;

	for (int i = 0; i < d->nmoves; i++) {
		if (!pb_apply(d, x, i, y))
			continue;
		++*looked;
		if (pb_twobit_code(t, pb_index(d, y)) == want) {
			*m = i;
			return true;
		}
	}
	return false;
}

/* Where a move has no inverse (Magic Squares), a move can lead farther
 * by two (or more), which has the residue of one nearer: the walk then
 * looks for a path of exactly LEFT more moves from X (code C) on which the
 * codes go down one a move, the least first, into OUT from AT. */
static bool walk_exactly(const pb_twobit *t, const pb_state *x, unsigned c, int left,
			 pb_path *out, int at, uint64_t *looked)
{
	const pb_domain *d = t->d;
	unsigned want = (c + 2) % 3;

	if (!left)
		return pb_is_goal(d, x);
	for (int m = 0; m < d->nmoves; m++) {
		pb_state y;

		if (!pb_apply(d, x, m, &y))
			continue;
		++*looked;
		if (pb_twobit_code(t, pb_index(d, &y)) != want)
			continue;
		out->moves[at] = (uint8_t)m;
		if (walk_exactly(t, &y, want, left - 1, out, at + 1, looked))
			return true;
	}
	return false;
}

pb_status pb_twobit_walk(const pb_twobit *t, const pb_state *start, pb_path *out,
			 uint64_t *looked)
{
	const pb_domain *d = t->d;
	pb_state x = *start;
	unsigned c;

	out->length = 0;
	if (!pb_solvable(d, start) || pb_index(d, start) >= d->index_count ||
	    (c = pb_twobit_code(t, pb_index(d, start))) == PB_TWOBIT_UNSEEN)
		return PB_UNSOLVABLE;
	if (!d->invertible) {
		/* the first length of the residue that a path has is the distance */
		for (int n = (int)c; n <= t->radius; n += 3) {
			if (walk_exactly(t, start, c, n, out, 0, looked)) {
				out->length = n;
				return PB_SOLVED;
			}
		}
		return PB_FAILED;
	}
	/* each move has an inverse: a neighbour of a state at distance k is at
	 * k - 1, k or k + 1, and the code one less is the one nearer */
	while (!pb_is_goal(d, &x)) {
		pb_state y;
		int m;

		/* a table built by pb_twobit_build always has a way down */
		if (out->length == PB_MAX_PATH || !step_down(t, &x, c, &m, &y, looked))
			return PB_FAILED;
		out->moves[out->length++] = (uint8_t)m;
		x = y;
		c = (c + 2) % 3;
	}
	return PB_SOLVED;
}

int pb_twobit_distance(const pb_twobit *t, const pb_state *start)
{
	pb_path p;
	uint64_t looked = 0;

	return pb_twobit_walk(t, start, &p, &looked) == PB_SOLVED ? p.length : -1;
}

/* The cache file: this header, then the codes (and the word after them). */
#define FILE_MAGIC "pb2bit\r\n" /* text-mode tell-tales */
#define FILE_VERSION 1

typedef struct file_header {
	char magic[8];
	uint64_t version;
	char domain[16];
	int64_t goal_blank;
	uint64_t states, radius, reached;
	uint64_t counts[PB_TWOBIT_MAX_DEPTH + 1];
	uint64_t checksum; /* of the codes */
} file_header;

static size_t code_bytes(const pb_domain *d)
{
	return (size_t)pb_twobit_bytes(d) + sizeof(uint64_t);
}

/* The header's fields that name the table. */
static void name_table(const pb_domain *d, file_header *h)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->magic, FILE_MAGIC, sizeof(h->magic));
	h->version = FILE_VERSION;
	snprintf(h->domain, sizeof(h->domain), "%s", d->name);
	h->goal_blank = d->goal_blank;
	h->states = d->index_count;
}

int pb_twobit_file_name(const pb_domain *d, const char *dir, char *buf, size_t len)
{
	int k = d->goal_blank >= 0 ? snprintf(buf, len, "%s/%s-b%d.2bit", dir, d->name, d->goal_blank)
				   : snprintf(buf, len, "%s/%s.2bit", dir, d->name);

	return k < 0 || (size_t)k >= len ? -1 : 0;
}

int pb_twobit_save(const pb_twobit *t, const char *path)
{
	file_header h;

	name_table(t->d, &h);
	h.radius = (uint64_t)t->radius;
	h.reached = t->reached;
	memcpy(h.counts, t->counts, sizeof(h.counts));
	h.checksum = pb_checksum(t->codes, code_bytes(t->d));
	return pb_blob_save(path, &h, sizeof(h), t->codes, code_bytes(t->d));
}

/* Whether the header GOT, read for D, is D's table: WANT's fields, a
 * radius that fits and counts that add up. */
static bool header_fits(const file_header *got, const file_header *want)
{
	uint64_t sum = 0;

	if (memcmp(got, want, offsetof(file_header, radius)) || got->radius > PB_TWOBIT_MAX_DEPTH)
		return false;
	for (uint64_t k = 0; k <= PB_TWOBIT_MAX_DEPTH; k++) {
		if (k > got->radius && got->counts[k])
			return false;
		sum += got->counts[k];
	}
	return sum == got->reached && got->reached <= got->states && got->counts[got->radius];
}

pb_twobit_load_result pb_twobit_load(pb_twobit *t, const pb_domain *d, const char *path,
				     pb_meter *m)
{
	file_header want, got;
	pb_blob_result r;

	memset(t, 0, sizeof(*t));
	name_table(d, &want);
	if (!d->index_count)
		return PB_TWOBIT_STALE;
	t->codes = pb_alloc(m, code_bytes(d));
	if (!t->codes)
		return PB_TWOBIT_NOMEM;
	pb_want_huge_pages(t->codes, code_bytes(d));
	r = pb_blob_load(path, &got, sizeof(got), t->codes, code_bytes(d));
	if (r != PB_BLOB_READ || !header_fits(&got, &want) ||
	    pb_checksum(t->codes, code_bytes(d)) != got.checksum) {
		pb_twobit_release(t);
		return r == PB_BLOB_MISSING ? PB_TWOBIT_MISSING : PB_TWOBIT_STALE;
	}
	t->d = d;
	t->states = d->index_count;
	t->nwords = pb_twobit_bytes(d) / sizeof(uint64_t);
	t->radius = (int)got.radius;
	t->reached = got.reached;
	memcpy(t->counts, got.counts, sizeof(t->counts));
	return PB_TWOBIT_LOADED;
}

pb_status pb_twobit_open(pb_twobit *t, const pb_domain *d, const char *dir, pb_search *s,
			 int threads, bool *built)
{
	char path[PATH_MAX];
	pb_status st;

	*built = false;
	if (pb_twobit_file_name(d, pb_pdb_cache_dir(dir), path, sizeof(path))) {
		snprintf(s->message, sizeof(s->message), "cache directory name too long");
		return PB_FAILED;
	}
	switch (pb_twobit_load(t, d, path, &s->meter)) {
	case PB_TWOBIT_LOADED:
		return PB_SOLVED;
	case PB_TWOBIT_NOMEM:
		return pb_search_alloc_failed(s);
	case PB_TWOBIT_MISSING:
	case PB_TWOBIT_STALE:
		break;
	}
	st = pb_twobit_build(t, d, s, threads);
	if (st != PB_SOLVED)
		return st;
	*built = true;
	if (pb_twobit_save(t, path))
		snprintf(s->message, sizeof(s->message), "cannot write '%.100s': %s", path,
			 strerror(errno));
	return PB_SOLVED;
}
