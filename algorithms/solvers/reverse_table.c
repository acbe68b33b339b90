/* reverse-table: one breadth-first search backwards from the goal fills a
 * table indexed by the state's rank (HDU 1043's classic answer to many
 * queries); each query is then a walk down the table.
 *
 * An entry is one 64-bit word: the distance to the goal plus one in the top
 * 6 bits (0: not reached) and, below, the first moves of an optimal path,
 * as many as fit at the bits a move takes (two for tiles and Magic
 * Squares: 29 moves), the first move highest. A state's entry is its
 * parent's with one move put in front, so the build costs O(1) a state, and
 * a query reads one word per 29 moves instead of one per move. The build
 * goes layer by layer, in buckets by the state's class (tiles: the blank's
 * cell) and the entry's first move (see layers.h), so each bucket and move
 * is one loop with no branch on the board. Where answers must be the
 * lexicographically least (Magic Squares), one queue in order serves, and
 * a state keeps the least of its candidate entries: with the first move
 * highest, comparing words compares the move strings. Build and queries
 * are written once and instantiated for each kernel (kernel.h).
 *
 * Where those entries would take more than ENTRIES_MAX_BYTES (boards of
 * 12 cells and more), the table is the two-bit one of twobit.h instead:
 * the distance mod 3 of every state, a quarter of a byte each, built on
 * every thread and cached on disk like the pattern databases; a query
 * walks down it, a move at a time, to the least neighbour one nearer. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#if defined(__BMI2__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "../core/layers.h"
#include "../core/queue.h"
#include "../puzzles/twobit.h"
#include "registry.h"
#include "pulls.h"

#define DIST_BITS 6
#define DIST_SHIFT (64 - DIST_BITS)
#define MOVES_MASK ((1ULL << DIST_SHIFT) - 1)
#define MAX_DIST ((1 << DIST_BITS) - 2)
/* Two bits a move (up to four moves) have a fast path. */
#define NARROW_MOVE_BITS 2
#define NARROW_TABLE_MOVES (DIST_SHIFT / NARROW_MOVE_BITS)

typedef struct table_ctx {
	const pb_domain *d;
	uint64_t *entries; /* index_count of them, then one that takes the
			    * writes a branch-free loop throws away */
	uint64_t *reached; /* the build's visited set, a bit a state: small
			    * enough to stay in cache while entries fill */
	bool two_bit;      /* entries is NULL: the table is this one */
	pb_twobit codes;
} table_ctx;

/* Bits that hold a move 0..N-1. */
PB_INLINE unsigned bits_for(int n)
{
	unsigned b = 1;

	while ((1 << b) < n)
		b++;
	return b;
}

/* Bits a move of D takes in an entry, and moves an entry holds: constants
 * where the kernel fixes the moves. */
PB_INLINE unsigned move_bits(const pb_kernel k, const pb_domain *d)
{
	return bits_for(pb_kernel_nmoves(k, d));
}

PB_INLINE unsigned table_moves(const pb_kernel k, const pb_domain *d)
{
	return DIST_SHIFT / move_bits(k, d);
}

static unsigned entry_dist(uint64_t e)
{
	return (unsigned)(e >> DIST_SHIFT) - 1;
}

/* The entry of a state one move M (of BITS bits) farther than the state
 * with entry E. */
PB_INLINE uint64_t entry_before(unsigned bits, uint64_t e, unsigned m)
{
	return (uint64_t)(entry_dist(e) + 2) << DIST_SHIFT | (uint64_t)m << (DIST_SHIFT - bits) |
	       (e & MOVES_MASK) >> bits;
}

#define GOAL_ENTRY (1ULL << DIST_SHIFT)

static pb_status too_far(pb_search *s)
{
	snprintf(s->message, sizeof(s->message),
		 "distances beyond %d do not fit the table's entries", MAX_DIST);
	return PB_UNSUPPORTED;
}

/* Record Y (class CLS), one move (MY, from Y towards the goal) farther
 * than the state with entry EX. Returns 1 when Y is new, 0 when it was
 * reached before. */
static inline __attribute__((always_inline)) int
reach(const pb_kernel k, table_ctx *t, pb_cells y, int cls, uint64_t ex, unsigned my)
{
	const pb_domain *d = t->d;
	uint64_t ey = entry_before(move_bits(k, d), ex, my), iy = pb_kernel_index(k, d, y, cls);
	uint64_t *slot = &t->entries[iy];
	uint64_t *word = &t->reached[iy / 64], bit = 1ULL << (iy % 64);

	if (*word & bit) {
		if (d->lex_smallest && entry_dist(*slot) == entry_dist(ex) + 1 && ey < *slot)
			*slot = ey;
		return 0;
	}
	*word |= bit;
	*slot = ey;
	return 1;
}

/* The least answers (Magic Squares): generate every predecessor of X
 * (class CLS, entry EX), one move farther from the goal. */
static inline __attribute__((always_inline)) pb_status
visit_predecessors(const pb_kernel k, table_ctx *t, pb_cells x, int cls, uint64_t ex,
		   pb_search *s, pb_queue *q)
{
	const pb_domain *d = t->d;
	const int words = pb_kernel_words(k);

	if (entry_dist(ex) + 1 > MAX_DIST)
		return too_far(s);
	if (pb_queue_reserve(q, (size_t)d->nmoves))
		return pb_search_alloc_failed(s);
	s->expanded++;
	for (int m = 0; m < d->nmoves; m++) {
		int from = d->prev_class[cls][m];
		pb_cells y;

		if (from < 0)
			continue;
		s->generated++;
		y = pb_kernel_unmove(k, d, x, cls, m);
		pb_queue_put(q, y, 0, (unsigned)reach(k, t, y, from, ex, (unsigned)m), words);
	}
	return PB_SOLVED;
}

/* The least answers: one queue of states in order; each state's entry is
 * read from the table when its turn comes, since a lexicographically
 * smaller one may have replaced it after it was queued. */
static inline __attribute__((always_inline)) pb_status
build_queue(const pb_kernel k, table_ctx *t, pb_search *s)
{
	const pb_domain *d = t->d;
	const int words = pb_kernel_words(k);
	pb_queue q;
	pb_status st = PB_SOLVED;

	if (pb_queue_init(&q, &s->meter, 1024, words))
		return pb_search_alloc_failed(s);
	if (pb_queue_push(&q, d->goal.cells, 0, words))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && q.count) {
		uint8_t unused;
		pb_cells x = pb_queue_pop(&q, &unused, words);
		int cls = pb_kernel_class(k, d, x);

		if ((st = pb_search_poll(s)) == PB_SOLVED)
			st = visit_predecessors(k, t, x, cls, t->entries[pb_kernel_index(k, d, x, cls)],
						s, &q);
	}
	pb_queue_release(&q);
	return st;
}

/* The buckets of a layer (see pulls.h), the move that reached a state
 * being the inverse of its entry's first move. An item is the state and
 * its entry. */
static inline int item_words(const pb_kernel k)
{
	return pb_kernel_words(k) + 1;
}

/* Apply move MOVE (from class B to class TO) to each of the N states of
 * FROM[] (items), whose entries all have the same first move and distance;
 * enter the new states into the table with their entry, one move M (the
 * inverse of MOVE) farther, and write them to INTO[]. Returns how many
 * were new. */
static inline __attribute__((always_inline)) size_t
move_run(const pb_kernel k, table_ctx *t, const uint64_t *from, size_t n, int b, int move,
	 int to, unsigned m, uint64_t *into)
{
	const pb_domain *d = t->d;
	const int words = pb_kernel_words(k), item = item_words(k);
	uint64_t *entries = t->entries, *reached = t->reached, sink = d->index_count;
	size_t kept = 0;

	for (size_t i = 0; i < n; i++) {
		pb_cells y = pb_kernel_move_to(k, d, pb_cells_load(from + item * i, words), b, move, to);
		uint64_t iy = pb_kernel_index(k, d, y, to), word = reached[iy / 64];
		uint64_t ey = entry_before(move_bits(k, d), from[item * i + words], m);
		uint64_t fresh = ~word >> (iy % 64) & 1u, keep = 0 - fresh;

		/* hidden from the optimiser, which would otherwise branch on it */
		__asm__("" : "+r"(keep));
		reached[iy / 64] = word | 1ULL << (iy % 64);
		entries[(iy & keep) | (sink & ~keep)] = ey;
		pb_cells_store(into + item * kept, y, words);
		into[item * kept + words] = ey;
		kept += fresh;
	}
	return kept;
}

/* One pull (see pulls.h), PB_POLL_INTERVAL states at a time; the first
 * from its bucket counts the bucket's states expanded. */
static inline __attribute__((always_inline)) pb_status
pull(const pb_kernel k, table_ctx *t, pb_layers *l, const pb_pull *p, pb_search *s)
{
	size_t count;
	const uint64_t *from = pb_layers_bucket(l, p->from, &count);
	pb_status st;

	for (size_t at = 0; at < count; at += PB_POLL_INTERVAL) {
		size_t n = count - at < PB_POLL_INTERVAL ? count - at : PB_POLL_INTERVAL;
		uint64_t *room = pb_layers_room(l, n);

		if (!room)
			return pb_search_alloc_failed(s);
		pb_layers_added(l, move_run(k, t, from + (size_t)item_words(k) * at, n, p->from_class,
					    p->move, p->to, t->d->inverse[p->move], room));
		s->expanded += p->first_from ? n : 0;
		s->generated += n;
		if ((st = pb_search_poll_many(s, (unsigned)n)) != PB_SOLVED)
			return st;
	}
	return PB_SOLVED;
}

static inline __attribute__((always_inline)) pb_status
build_layers(const pb_kernel k, table_ctx *t, pb_search *s)
{
	const pb_domain *d = t->d;
	const int words = pb_kernel_words(k);
	uint64_t goal[3];
	pb_pull *pulls;
	int npulls = pb_pulls(d, &s->meter, &pulls);
	unsigned dist = 0;
	pb_layers l;
	pb_status st = PB_SOLVED;

	if (npulls < 0)
		return pb_search_alloc_failed(s);
	pb_cells_store(goal, d->goal.cells, words);
	goal[words] = GOAL_ENTRY;
	if (pb_layers_init(&l, &s->meter, pb_buckets(d), item_words(k))) {
		pb_free(pulls);
		return pb_search_alloc_failed(s);
	}
	if (pb_layers_put(&l, pb_bucket(d, d->goal.cls, d->nmoves), goal))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && pb_layers_advance(&l)) {
		if (++dist > MAX_DIST)
			st = too_far(s);
		for (int i = 0; st == PB_SOLVED && i < npulls; i++) {
			st = pull(k, t, &l, &pulls[i], s);
			if (pulls[i].last_into)
				pb_layers_close(&l, pulls[i].into);
		}
	}
	pb_layers_release(&l);
	pb_free(pulls);
	return st;
}

/* The layers name a state's first move as the inverse of the move that
 * reached it: where some move has none, or the answers must be the least,
 * the queue builds. */
static inline __attribute__((always_inline)) pb_status
build_with(const pb_kernel k, table_ctx *t, pb_search *s)
{
	const pb_domain *d = t->d;

	return d->lex_smallest || !d->invertible ? build_queue(k, t, s) : build_layers(k, t, s);
}

static pb_status build(table_ctx *t, pb_search *s)
{
	const pb_domain *d = t->d;
	uint64_t ig = pb_index(d, &d->goal);
	pb_status st = PB_FAILED;

	t->reached = pb_calloc(&s->meter, (d->index_count + 63) / 64, sizeof(*t->reached));
	if (!t->reached)
		return pb_search_alloc_failed(s);
	t->entries[ig] = GOAL_ENTRY;
	t->reached[ig / 64] |= 1ULL << (ig % 64);
#define BUILD(K, T) case K: st = build_with(K, t, s); break;
	switch (d->kernel) { PB_KERNELS(BUILD) }
#undef BUILD
	pb_free(t->reached);
	t->reached = NULL;
	return st;
}

/* The most the entries (8 bytes a state) and the build's queues may take
 * (another 8 a state), and the most a two-bit table may: the 14-cell
 * boards (10.9 GB, about 9 minutes of search on 2 cores, or read from the
 * cache) and 13 pancakes (1.6 GB), not 5x3 (163 GB) nor 14 pancakes
 * (21.8 GB). Whether it fits the memory the meter says, at the start of
 * the preparation (memout). */
#define ENTRIES_MAX_BYTES (1ULL << 30)
#define TABLE_BYTES_PER_STATE 16
#define TWO_BIT_MAX_BYTES (16ULL << 30)

static bool entries_fit(const pb_domain *d)
{
	return d->index_count <= ENTRIES_MAX_BYTES / TABLE_BYTES_PER_STATE;
}

static const char *table_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				  char *why, size_t whylen)
{
	(void)self;
	char count[40];

	(void)cfg;
	if (pb_domain_needs_inverse(d, "reverse-table", why, whylen))
		return why;
	if (d->index_count && (entries_fit(d) || pb_twobit_bytes(d) <= TWO_BIT_MAX_BYTES))
		return NULL;
	snprintf(why, whylen, "the table does not fit: a table of %s states",
		 pb_cells_decimal(d->state_count, count, sizeof(count)));
	return why;
}

static pb_status table_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			       pb_search *s, void **ctx)
{
	(void)self;
	table_ctx *t = pb_alloc(&s->meter, sizeof(*t));
	pb_status st;
	bool built;

	*ctx = NULL;
	if (!t)
		return pb_search_alloc_failed(s);
	memset(t, 0, sizeof(*t));
	t->d = d;
	if (!entries_fit(d)) {
		t->two_bit = true;
		st = pb_twobit_open(&t->codes, d, cfg ? cfg->cache_dir : NULL, s, 0, &built);
		if (st != PB_SOLVED) {
			pb_free(t);
			return st;
		}
		*ctx = t;
		return PB_SOLVED;
	}
	t->entries = pb_calloc(&s->meter, d->index_count + 1, sizeof(*t->entries));
	if (!t->entries) {
		pb_free(t);
		return pb_search_alloc_failed(s);
	}
	st = build(t, s);
	if (st != PB_SOLVED) {
		pb_free(t->entries);
		pb_free(t);
		return st;
	}
	*ctx = t;
	return PB_SOLVED;
}

/* Write the first moves of entry E (two bits each) to OUT[0..32). */
static inline void narrow_entry_moves(uint64_t e, uint8_t *out)
{
	const int first_move_shift = DIST_SHIFT - NARROW_MOVE_BITS;
#if defined(__BMI2__) && defined(__GNUC__)
	/* eight at a time: sixteen bits spread over eight bytes, then turned
	 * round, the first move being highest */
	const uint64_t two_bits_a_byte = 0x0303030303030303ULL;
	uint64_t groups[4] = {
		e >> (first_move_shift - 14), e >> (first_move_shift - 30),
		e >> (first_move_shift - 46), e << (62 - first_move_shift),
	};
	uint64_t bytes[4];

	for (int g = 0; g < 4; g++)
		bytes[g] = __builtin_bswap64(_pdep_u64(groups[g] & 0xffff, two_bits_a_byte));
	/* sixteen bytes a store, as the letters are read back: a load that
	 * spans two smaller stores waits for them to reach the cache */
	_mm_storeu_si128((void *)out, _mm_set_epi64x((long long)bytes[1], (long long)bytes[0]));
	_mm_storeu_si128((void *)(out + 16), _mm_set_epi64x((long long)bytes[3], (long long)bytes[2]));
#else
	for (int k = 0; k < NARROW_TABLE_MOVES; k++)
		out[k] = (uint8_t)(e >> (first_move_shift - NARROW_MOVE_BITS * k)) & 3u;
#endif
}

/* Write the first moves of entry E (BITS a move) to OUT[0..n). */
PB_INLINE void entry_moves(unsigned bits, uint64_t e, uint8_t *out)
{
	if (bits == NARROW_MOVE_BITS) {
		narrow_entry_moves(e, out);
		return;
	}
	for (unsigned i = 0; i < DIST_SHIFT / bits; i++)
		out[i] = (uint8_t)(e >> (DIST_SHIFT - bits * (i + 1))) & ((1u << bits) - 1);
}

static inline __attribute__((always_inline)) pb_status
solve_with(const pb_kernel k, table_ctx *t, const pb_state *start, pb_search *s, pb_path *out)
{
	const pb_domain *d = t->d;
	const int moves = (int)table_moves(k, d);
	pb_cells x = start->cells;
	int cls = start->cls;

	if (!pb_kernel_solvable(k, d, x, cls))
		return PB_UNSOLVABLE;
	out->length = 0;
	for (;;) {
		uint64_t e = t->entries[pb_kernel_index(k, d, x, cls)];
		unsigned left = entry_dist(e);

		/* a plugin's domain: a state the build never reached (a rank or a
		 * test that broke the contract), or a walk past any answer's
		 * length; the built-in domains' tables are whole (folded away) */
		if (pb_kernel_generic(k) && !e)
			return PB_UNSOLVABLE;
		if (pb_kernel_generic(k) &&
		    out->length + (int)(left < (unsigned)moves ? left : (unsigned)moves) > PB_MAX_PATH) {
			snprintf(s->message, sizeof(s->message), "no answer within %d moves", PB_MAX_PATH);
			return PB_FAILED;
		}
		s->expanded++;
		entry_moves(move_bits(k, d), e, out->moves + out->length);
		if (left <= (unsigned)moves) {
			out->length += (int)left;
			return PB_SOLVED;
		}
		for (int i = 0; i < moves; i++) {
			int m = out->moves[out->length + i];

			x = pb_kernel_move(k, d, x, cls, m);
			cls = d->next_class[cls][m];
		}
		out->length += moves;
	}
}

static pb_status table_solve(void *ctx, const pb_state *start, pb_search *s,
			     pb_path *out)
{
	table_ctx *t = ctx;

	s->generated++; /* the start (docs/measurements.md, Nodes) */
	if (t->two_bit) {
		uint64_t looked = 0;
		pb_status st = pb_twobit_walk(&t->codes, start, out, &looked);

		s->expanded += st == PB_SOLVED ? (uint64_t)out->length : 0;
		s->generated += looked;
		return st;
	}
#define SOLVE(K, T) case K: return solve_with(K, t, start, s, out);
	switch (t->d->kernel) { PB_KERNELS(SOLVE) }
#undef SOLVE
	return PB_FAILED;
}

static void table_release(void *ctx)
{
	table_ctx *t = ctx;

	if (!t)
		return;
	pb_free(t->entries);
	if (t->two_bit)
		pb_twobit_release(&t->codes);
	pb_free(t);
}

const pb_solver pb_solver_reverse_table = {
	.name = "reverse-table",
	.summary = "one backward breadth-first search fills a table by rank; each query walks it",
	.supports = table_supports,
	.prepare = table_prepare,
	.solve = table_solve,
	.release = table_release,
	.heuristics = PB_NO_HEURISTICS,
	.cost = PB_COST_TABLE,
};
