/* reverse-table: one breadth-first search backwards from the goal fills a
 * table indexed by the state's rank (HDU 1043's classic answer to many
 * queries); each query is then a walk down the table.
 *
 * An entry is one 64-bit word: the distance to the goal plus one in the top
 * 6 bits (0: not reached) and, below, the first TABLE_MOVES moves of an
 * optimal path two bits each, the first move highest. A state's entry is its
 * parent's with one move put in front, so the build costs O(1) a state, and
 * a query reads one word per TABLE_MOVES moves instead of one per move.
 * Where answers must be the lexicographically least (Magic Squares), a state
 * keeps the least of its candidate entries: with the first move highest,
 * comparing words compares the move strings. */
#include <stdio.h>
#include <string.h>

#include "../core/queue.h"
#include "registry.h"

#define DIST_BITS 6
#define DIST_SHIFT (64 - DIST_BITS)
#define MOVE_BITS 2
#define TABLE_MOVES (DIST_SHIFT / MOVE_BITS)
#define FIRST_MOVE_SHIFT (DIST_SHIFT - MOVE_BITS)
#define MOVES_MASK ((1ULL << DIST_SHIFT) - 1)
#define MAX_DIST ((1 << DIST_BITS) - 2)

typedef struct table_ctx {
	const pb_domain *d;
	uint64_t *entries;
	uint64_t *reached; /* the build's visited set, a bit a state: small
			    * enough to stay in cache while entries fill */
} table_ctx;

static unsigned entry_dist(uint64_t e)
{
	return (unsigned)(e >> DIST_SHIFT) - 1;
}

static unsigned entry_move(uint64_t e, int k)
{
	return (unsigned)(e >> (FIRST_MOVE_SHIFT - MOVE_BITS * k)) & 3u;
}

/* The entry of a state one move M farther than the state with entry E. */
static uint64_t entry_before(uint64_t e, unsigned m)
{
	return (uint64_t)(entry_dist(e) + 2) << DIST_SHIFT |
	       (uint64_t)m << FIRST_MOVE_SHIFT | (e & MOVES_MASK) >> MOVE_BITS;
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

/* Generate the states one move farther from the goal than X (entry EX):
 * for tiles, every neighbour but the one EX's first move leads to; for
 * Magic Squares, every predecessor. */
static pb_status visit_neighbours(table_ctx *t, const pb_state *x, uint64_t ex,
				  pb_search *s, pb_queue *q, pb_queue *qe)
{
	const pb_domain *d = t->d;
	unsigned dx = entry_dist(ex);
	pb_state y;

	if (dx + 1 > MAX_DIST) {
		snprintf(s->message, sizeof(s->message),
			 "distances beyond %d do not fit the table's entries", MAX_DIST);
		return PB_UNSUPPORTED;
	}
	if (pb_queue_reserve(q, PB_MAX_MOVES) || pb_queue_reserve(qe, PB_MAX_MOVES))
		return pb_search_alloc_failed(s);
	s->expanded++;
	if (d->kind == PB_TILES) {
		/* the state x came from lies the way EX's first move goes */
		int came = dx ? d->inverse[entry_move(ex, 0)] : PB_MAX_MOVES;
		const uint8_t *moves = d->moves_after[x->blank][came];
		int n = d->moves_after_count[x->blank][came];

		s->generated += (uint64_t)n;
		for (int k = 0; k < n; k++) {
			unsigned keep;

			pb_apply(d, x, moves[k], &y);
			keep = (unsigned)reach(t, &y, ex, d->inverse[moves[k]]);
			pb_queue_put(q, y.cells, (uint8_t)y.blank, keep);
			pb_queue_put(qe, entry_before(ex, d->inverse[moves[k]]), 0, keep);
		}
		return PB_SOLVED;
	}
	s->generated += (uint64_t)d->nmoves;
	for (int m = 0; m < d->nmoves; m++) {
		unsigned keep;

		pb_unapply(d, x, m, &y);
		keep = (unsigned)reach(t, &y, ex, (unsigned)m);
		pb_queue_put(q, y.cells, 0, keep);
		pb_queue_put(qe, entry_before(ex, (unsigned)m), 0, keep);
	}
	return PB_SOLVED;
}

static pb_status build(table_ctx *t, pb_search *s)
{
	const pb_domain *d = t->d;
	pb_queue q, qe;
	pb_status st = PB_SOLVED;
	uint64_t goal_entry = 1ULL << DIST_SHIFT;

	if (pb_queue_init(&q, &s->meter, 1024))
		return pb_search_alloc_failed(s);
	if (pb_queue_init(&qe, &s->meter, 1024)) {
		pb_queue_release(&q);
		return pb_search_alloc_failed(s);
	}
	t->reached = pb_calloc(&s->meter, (d->index_count + 63) / 64, sizeof(*t->reached));
	if (!t->reached) {
		pb_queue_release(&q);
		pb_queue_release(&qe);
		return pb_search_alloc_failed(s);
	}
	t->entries[pb_index(d, &d->goal)] = goal_entry;
	t->reached[pb_index(d, &d->goal) / 64] |= 1ULL << (pb_index(d, &d->goal) % 64);
	if (pb_queue_push(&q, d->goal.cells, (uint8_t)d->goal.blank) ||
	    pb_queue_push(&qe, goal_entry, 0))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && q.count) {
		pb_state x;
		uint8_t tag, unused;
		uint64_t ex = pb_queue_pop(&qe, &unused);

		x.cells = pb_queue_pop(&q, &tag);
		x.blank = d->kind == PB_TILES ? tag : -1;
		/* a lexicographic entry may have improved since it was queued */
		if (d->lex_smallest)
			ex = t->entries[pb_index(d, &x)];
		if ((st = pb_search_poll(s)) == PB_SOLVED)
			st = visit_neighbours(t, &x, ex, s, &q, &qe);
	}
	pb_queue_release(&q);
	pb_queue_release(&qe);
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
	t->entries = pb_calloc(&s->meter, d->index_count, sizeof(*t->entries));
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
		int k, take = left < TABLE_MOVES ? (int)left : TABLE_MOVES;

		s->expanded++;
		for (k = 0; k < take; k++)
			out->moves[out->length + k] = (uint8_t)entry_move(e, k);
		if ((unsigned)take == left) {
			out->length += take;
			return PB_SOLVED;
		}
		for (k = 0; k < take; k++)
			pb_apply(d, &x, out->moves[out->length + k], &x);
		out->length += take;
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
};
