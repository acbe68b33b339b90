/* reverse-table: one breadth-first search backwards from the goal fills a
 * table indexed by the state's rank (HDU 1043's classic answer to many
 * queries); each query is then a walk down the table.
 *
 * An entry is one 64-bit word: the distance to the goal plus one in the top
 * 6 bits (0: not reached) and, below, the first TABLE_MOVES moves of an
 * optimal path two bits each, the first move highest. A state's entry is its
 * parent's with one move put in front, so the build costs O(1) a state, and
 * a query reads one word per TABLE_MOVES moves instead of one per move.
 * Tiles are built layer by layer, in buckets by the blank's cell and the
 * entry's first move (see layers.h), so each bucket and move is one loop
 * with no branch on the board. Where answers must be the lexicographically
 * least (Magic Squares), one queue in order serves, and a state keeps the
 * least of its candidate entries: with the first move highest, comparing
 * words compares the move strings. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#if defined(__BMI2__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "../core/layers.h"
#include "../core/queue.h"
#include "registry.h"
#include "tile_layers.h"

#define DIST_BITS 6
#define DIST_SHIFT (64 - DIST_BITS)
#define MOVE_BITS 2
#define TABLE_MOVES (DIST_SHIFT / MOVE_BITS)
#define FIRST_MOVE_SHIFT (DIST_SHIFT - MOVE_BITS)
#define MOVES_MASK ((1ULL << DIST_SHIFT) - 1)
#define MAX_DIST ((1 << DIST_BITS) - 2)

typedef struct table_ctx {
	const pb_domain *d;
	uint64_t *entries; /* index_count of them, then one that takes the
			    * writes a branch-free loop throws away */
	uint64_t *reached; /* the build's visited set, a bit a state: small
			    * enough to stay in cache while entries fill */
} table_ctx;

static unsigned entry_dist(uint64_t e)
{
	return (unsigned)(e >> DIST_SHIFT) - 1;
}

/* The entry of a state one move M farther than the state with entry E. */
static uint64_t entry_before(uint64_t e, unsigned m)
{
	return (uint64_t)(entry_dist(e) + 2) << DIST_SHIFT |
	       (uint64_t)m << FIRST_MOVE_SHIFT | (e & MOVES_MASK) >> MOVE_BITS;
}

#define GOAL_ENTRY (1ULL << DIST_SHIFT)

static pb_status too_far(pb_search *s)
{
	snprintf(s->message, sizeof(s->message),
		 "distances beyond %d do not fit the table's entries", MAX_DIST);
	return PB_UNSUPPORTED;
}

/* Record Y, one move (MY, from Y towards the goal) farther than the state
 * with entry EX. Returns 1 when Y is new, 0 when it was reached before. */
static int reach(table_ctx *t, const pb_state *y, uint64_t ex, unsigned my)
{
	const pb_domain *d = t->d;
	uint64_t ey = entry_before(ex, my), iy = pb_index(d, y), *slot = &t->entries[iy];
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

/* Magic Squares: generate every predecessor of X (entry EX), one move
 * farther from the goal. */
static pb_status visit_predecessors(table_ctx *t, const pb_state *x, uint64_t ex,
				    pb_search *s, pb_queue *q)
{
	const pb_domain *d = t->d;
	pb_state y = *x;

	if (entry_dist(ex) + 1 > MAX_DIST)
		return too_far(s);
	if (pb_queue_reserve(q, PB_MAX_MOVES))
		return pb_search_alloc_failed(s);
	s->expanded++;
	s->generated += (uint64_t)d->nmoves;
	for (int m = 0; m < d->nmoves; m++) {
		pb_unapply(d, x, m, &y);
		pb_queue_put(q, y.cells, 0, (unsigned)reach(t, &y, ex, (unsigned)m));
	}
	return PB_SOLVED;
}

/* Magic Squares: one queue of states in order; each state's entry is read
 * from the table when its turn comes, since a lexicographically smaller
 * one may have replaced it after it was queued. */
static pb_status build_queue(table_ctx *t, pb_search *s)
{
	const pb_domain *d = t->d;
	pb_queue q;
	pb_status st = PB_SOLVED;

	if (pb_queue_init(&q, &s->meter, 1024))
		return pb_search_alloc_failed(s);
	if (pb_queue_push(&q, d->goal.cells, 0))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && q.count) {
		pb_state x;
		uint8_t unused;

		x.cells = pb_queue_pop(&q, &unused);
		x.blank = 0; /* unused by Magic Squares */
		if ((st = pb_search_poll(s)) == PB_SOLVED)
			st = visit_predecessors(t, &x, t->entries[pb_index(d, &x)], s, &q);
	}
	pb_queue_release(&q);
	return st;
}

/* Tiles: the buckets of a layer (see tile_layers.h), the move that reached
 * a state being the inverse of its entry's first move. An item is the state
 * and its entry. */
#define ITEM_WORDS 2

/* Slide the tile at TO into B in each of the N states of FROM[] (items),
 * whose entries all have the same first move and distance; enter the new
 * states into the table with their entry, one move M farther, and write
 * them to INTO[]. Returns how many were new. */
static size_t slide_run(table_ctx *t, const uint64_t *from, size_t n, int b, int to,
			unsigned m, uint64_t *into)
{
	const pb_domain *d = t->d;
	uint64_t *entries = t->entries, *reached = t->reached, sink = d->index_count;
	size_t kept = 0;

	for (size_t i = 0; i < n; i++) {
		pb_state y = { pb_slide(from[ITEM_WORDS * i], b, to), to };
		uint64_t iy = pb_index(d, &y), word = reached[iy / 64];
		uint64_t ey = entry_before(from[ITEM_WORDS * i + 1], m);
		uint64_t fresh = ~word >> (iy % 64) & 1u, keep = 0 - fresh;

		/* hidden from the optimiser, which would otherwise branch on it */
		__asm__("" : "+r"(keep));
		reached[iy / 64] = word | 1ULL << (iy % 64);
		entries[(iy & keep) | (sink & ~keep)] = ey;
		into[ITEM_WORDS * kept] = y.cells;
		into[ITEM_WORDS * kept + 1] = ey;
		kept += fresh;
	}
	return kept;
}

/* One pull (see tile_layers.h), PB_POLL_INTERVAL states at a time; the
 * first from its bucket counts the bucket's states expanded. */
static pb_status pull(table_ctx *t, pb_layers *l, const pb_tile_pull *p, pb_search *s)
{
	size_t count;
	const uint64_t *from = pb_layers_bucket(l, p->from, &count);
	pb_status st;

	for (size_t at = 0; at < count; at += PB_POLL_INTERVAL) {
		size_t n = count - at < PB_POLL_INTERVAL ? count - at : PB_POLL_INTERVAL;
		uint64_t *room = pb_layers_room(l, n);

		if (!room)
			return pb_search_alloc_failed(s);
		pb_layers_added(l, slide_run(t, from + ITEM_WORDS * at, n, p->from / PB_TILE_LASTS,
					     p->to, t->d->inverse[p->move], room));
		s->expanded += p->first_from ? n : 0;
		s->generated += n;
		if ((st = pb_search_poll_many(s, (unsigned)n)) != PB_SOLVED)
			return st;
	}
	return PB_SOLVED;
}

static pb_status build_layers(table_ctx *t, pb_search *s)
{
	const pb_domain *d = t->d;
	uint64_t goal[ITEM_WORDS] = { d->goal.cells, GOAL_ENTRY };
	pb_tile_pull pulls[PB_TILE_PULLS_MAX];
	int npulls = pb_tile_pulls(d, pulls);
	unsigned dist = 0;
	pb_layers l;
	pb_status st = PB_SOLVED;

	if (pb_layers_init(&l, &s->meter, PB_TILE_BUCKETS(d), ITEM_WORDS))
		return pb_search_alloc_failed(s);
	if (pb_layers_put(&l, pb_tile_bucket(d->goal.blank, PB_MAX_MOVES), goal))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && pb_layers_advance(&l)) {
		if (++dist > MAX_DIST)
			st = too_far(s);
		for (int i = 0; st == PB_SOLVED && i < npulls; i++) {
			st = pull(t, &l, &pulls[i], s);
			if (pulls[i].last_into)
				pb_layers_close(&l, pulls[i].into);
		}
	}
	pb_layers_release(&l);
	return st;
}

static pb_status build(table_ctx *t, pb_search *s)
{
	const pb_domain *d = t->d;
	uint64_t ig = pb_index(d, &d->goal);
	pb_status st;

	t->reached = pb_calloc(&s->meter, (d->index_count + 63) / 64, sizeof(*t->reached));
	if (!t->reached)
		return pb_search_alloc_failed(s);
	t->entries[ig] = GOAL_ENTRY;
	t->reached[ig / 64] |= 1ULL << (ig % 64);
	st = d->kind == PB_TILES ? build_layers(t, s) : build_queue(t, s);
	pb_free(t->reached);
	t->reached = NULL;
	return st;
}

/* The table (8 bytes a state) and the build's queues must fit in this. */
#define TABLE_MAX_BYTES (16ULL << 30)
#define TABLE_BYTES_PER_STATE 16

static const char *table_supports(const pb_domain *d, const pb_config *cfg,
				  char *why, size_t whylen)
{
	(void)cfg;
	if (d->index_count <= TABLE_MAX_BYTES / TABLE_BYTES_PER_STATE)
		return NULL;
	snprintf(why, whylen, "a table of %llu states does not fit in memory",
		 (unsigned long long)d->index_count);
	return why;
}

static pb_status table_prepare(const pb_domain *d, const pb_config *cfg,
			       pb_search *s, void **ctx)
{
	table_ctx *t = pb_alloc(&s->meter, sizeof(*t));
	pb_status st;

	(void)cfg;
	*ctx = NULL;
	if (!t)
		return pb_search_alloc_failed(s);
	t->d = d;
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

/* Write the first TABLE_MOVES moves of entry E to OUT[0..32). */
static void entry_moves(uint64_t e, uint8_t *out)
{
#if defined(__BMI2__) && defined(__GNUC__)
	/* eight at a time: sixteen bits spread over eight bytes, then turned
	 * round, the first move being highest */
	const uint64_t two_bits_a_byte = 0x0303030303030303ULL;
	uint64_t groups[4] = {
		e >> (FIRST_MOVE_SHIFT - 14), e >> (FIRST_MOVE_SHIFT - 30),
		e >> (FIRST_MOVE_SHIFT - 46), e << (62 - FIRST_MOVE_SHIFT),
	};
	uint64_t bytes[4];

	for (int g = 0; g < 4; g++)
		bytes[g] = __builtin_bswap64(_pdep_u64(groups[g] & 0xffff, two_bits_a_byte));
	/* sixteen bytes a store, as the letters are read back: a load that
	 * spans two smaller stores waits for them to reach the cache */
	_mm_storeu_si128((void *)out, _mm_set_epi64x((long long)bytes[1], (long long)bytes[0]));
	_mm_storeu_si128((void *)(out + 16), _mm_set_epi64x((long long)bytes[3], (long long)bytes[2]));
#else
	for (int k = 0; k < TABLE_MOVES; k++)
		out[k] = (uint8_t)(e >> (FIRST_MOVE_SHIFT - MOVE_BITS * k)) & 3u;
#endif
}

static pb_status table_solve(void *ctx, const pb_state *start, pb_search *s,
			     pb_path *out)
{
	table_ctx *t = ctx;
	const pb_domain *d = t->d;
	pb_state x = *start;

	if (!pb_solvable(d, start))
		return PB_UNSOLVABLE;
	out->length = 0;
	for (;;) {
		uint64_t e = t->entries[pb_index(d, &x)];
		unsigned left = entry_dist(e);

		s->expanded++;
		entry_moves(e, out->moves + out->length);
		if (left <= TABLE_MOVES) {
			out->length += (int)left;
			return PB_SOLVED;
		}
		for (int k = 0; k < TABLE_MOVES; k++)
			pb_apply(d, &x, out->moves[out->length + k], &x);
		out->length += TABLE_MOVES;
	}
}

static void table_release(void *ctx)
{
	table_ctx *t = ctx;

	if (!t)
		return;
	pb_free(t->entries);
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
