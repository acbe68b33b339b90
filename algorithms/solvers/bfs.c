/* Forward breadth-first search from the start, in two flavours that differ
 * only in their visited set: bfs-hash keeps it in an open-addressing hash
 * table keyed by the packed state (the C answer to POJ 1077's
 * map<int,string>), bfs-cantor in an array indexed by the state's rank (the
 * Cantor expansion, as in the classic write-ups). Each visited state
 * remembers the move that first reached it; the path is read backwards from
 * the goal.
 *
 * Tiles go layer by layer, each layer in buckets by the blank's cell and the
 * move that reached the state (see layers.h): every state of a bucket tries
 * the same moves, so each bucket and move is one loop that slides the same
 * tile, with no branch on the board. Magic Squares keep one queue in
 * order, expanding moves in the domain's order: keeping the first parent
 * then gives the lexicographically least shortest path. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../core/layers.h"
#include "../core/queue.h"
#include "../core/table.h"
#include "registry.h"
#include "tile_layers.h"

/* A visited set: 0 unseen, else 1 + the move that reached the state, or
 * FROM_START for the start. */
#define FROM_START (PB_MAX_MOVES + 1)

typedef struct visited {
	const pb_domain *d;
	pb_table table;  /* bfs-hash */
	uint8_t *tags;   /* bfs-cantor: a byte a state, by rank */
} visited;

typedef struct visited_ops {
	int (*init)(visited *v, pb_meter *m);
	/* Record S reached by TAG: 1 new, 0 seen before, -1 memory refused. */
	int (*mark)(visited *v, const pb_state *s, uint8_t tag);
	uint8_t (*tag_of)(const visited *v, const pb_state *s);
	/* Nanoseconds of work (a rehash) the next N marks may cause, or 0. */
	uint64_t (*growth_ns)(const visited *v, size_t n);
	/* Put that work off (a fuller table): 1, or 0 when it was put off
	 * already. */
	int (*hold_growth)(visited *v);
	void (*release)(visited *v);
} visited_ops;

static int hash_init(visited *v, pb_meter *m)
{
	return pb_table_init(&v->table, m, 1024);
}

static int hash_mark(visited *v, const pb_state *s, uint8_t tag)
{
	return pb_table_insert(&v->table, s->cells, tag, NULL);
}

static uint8_t hash_tag_of(const visited *v, const pb_state *s)
{
	const uint16_t *t = pb_table_find(&v->table, s->cells);

	return t ? (uint8_t)*t : 0;
}

static uint64_t hash_growth_ns(const visited *v, size_t n)
{
	return pb_table_will_grow(&v->table, n) ? pb_table_grow_ns(&v->table) : 0;
}

static int hash_hold_growth(visited *v)
{
	if (v->table.hold)
		return 0;
	v->table.hold = 1;
	return 1;
}

static void hash_release(visited *v)
{
	pb_table_release(&v->table);
}

static int rank_init(visited *v, pb_meter *m)
{
	v->tags = pb_calloc(m, v->d->index_count, 1);
	return v->tags ? 0 : -1;
}

/* Without a branch: whether a state is new is a coin toss to the
 * processor. */
static int rank_mark(visited *v, const pb_state *s, uint8_t tag)
{
	uint8_t *slot = &v->tags[pb_index(v->d, s)], old = *slot;
	unsigned fresh = !old, keep = 0u - fresh;

	/* hidden from the optimiser, which would otherwise branch on it */
	__asm__("" : "+r"(keep));
	*slot = (uint8_t)(old | (tag & keep));
	return (int)fresh;
}

static uint8_t rank_tag_of(const visited *v, const pb_state *s)
{
	return v->tags[pb_index(v->d, s)];
}

static uint64_t rank_growth_ns(const visited *v, size_t n)
{
	(void)v, (void)n;
	return 0;
}

static int rank_hold_growth(visited *v)
{
	(void)v;
	return 0;
}

static void rank_release(visited *v)
{
	pb_free(v->tags);
}

static const visited_ops hash_ops = {
	hash_init, hash_mark, hash_tag_of, hash_growth_ns, hash_hold_growth, hash_release,
};
static const visited_ops rank_ops = {
	rank_init, rank_mark, rank_tag_of, rank_growth_ns, rank_hold_growth, rank_release,
};

/* Walk back from the goal to the start along the recorded moves. */
static void read_path(const visited_ops *ops, const visited *v, pb_path *out)
{
	const pb_domain *d = v->d;
	pb_state s = d->goal;
	uint8_t tag;

	out->length = 0;
	while ((tag = ops->tag_of(v, &s)) != FROM_START) {
		out->moves[out->length++] = (uint8_t)(tag - 1);
		pb_unapply(d, &s, tag - 1, &s);
	}
	for (int i = 0, j = out->length - 1; i < j; i++, j--) {
		uint8_t m = out->moves[i];

		out->moves[i] = out->moves[j];
		out->moves[j] = m;
	}
}

/* PB_SOLVED when the search may go on to mark N more states: a rehash
 * that would end past the deadline is put off once (the table fills
 * further instead), so the search runs up to its limit. */
static inline __attribute__((always_inline)) pb_status
afford_marks(const visited_ops *ops, visited *v, pb_search *s, size_t n)
{
	uint64_t ns = ops->growth_ns(v, n);
	pb_status st;

	if (!ns || (st = pb_search_can_afford(s, ns)) == PB_SOLVED)
		return PB_SOLVED;
	return st == PB_TIMEOUT && ops->hold_growth(v) ? PB_SOLVED : st;
}

/* Magic Squares: one queue, in order. */
static inline __attribute__((always_inline)) pb_status
bfs_queue(const visited_ops *ops, visited *v, const pb_state *start, pb_search *s,
	  bool *found)
{
	const pb_domain *d = v->d;
	pb_queue q;
	pb_status st = PB_SOLVED;

	if (pb_queue_init(&q, &s->meter, 1024))
		return pb_search_alloc_failed(s);
	if (pb_queue_push(&q, start->cells, PB_NO_MOVE))
		st = pb_search_alloc_failed(s);
	while (!*found && st == PB_SOLVED && q.count) {
		pb_state x, kids[PB_MAX_MOVES];
		int fresh[PB_MAX_MOVES];
		uint8_t last;
		const uint8_t *moves;

		x.cells = pb_queue_pop(&q, &last);
		x.blank = 0; /* unused by Magic Squares */
		if ((st = pb_search_poll(s)) != PB_SOLVED ||
		    (st = afford_marks(ops, v, s, PB_MAX_MOVES)) != PB_SOLVED)
			break;
		if (pb_queue_reserve(&q, PB_MAX_MOVES)) {
			st = pb_search_alloc_failed(s);
			break;
		}
		s->expanded++;
		/* PB_BRANCHING moves, padded with stay_move (whose state is this
		 * one, never new): the loop has no branch to mispredict */
		moves = d->moves_after[0][last == PB_NO_MOVE ? PB_MAX_MOVES : last];
		for (int k = 0; k < PB_BRANCHING; k++) {
			pb_apply(d, &x, moves[k], &kids[k]);
			s->generated += moves[k] != d->stay_move;
			fresh[k] = ops->mark(v, &kids[k], (uint8_t)(moves[k] + 1));
		}
		/* queued apart from the marking, so that one child's test does not
		 * wait for the previous child's place in the queue */
		for (int k = 0; k < PB_BRANCHING; k++) {
			if (fresh[k] < 0) {
				st = pb_search_alloc_failed(s);
				break;
			}
			pb_queue_put(&q, kids[k].cells, moves[k], (unsigned)fresh[k]);
			*found |= fresh[k] && kids[k].cells == d->goal.cells;
		}
	}
	pb_queue_release(&q);
	return st;
}

/* Slide the tile at TO into B in each of the N states FROM[], mark the
 * results as reached by TAG, and write the new ones to INTO[]. Returns how
 * many were new, or -1 when the visited set could not grow. */
static inline __attribute__((always_inline)) ptrdiff_t
slide_run(const visited_ops *ops, visited *v, const uint64_t *from, size_t n,
	  int b, int to, uint8_t tag, uint64_t *into, bool *found)
{
	uint64_t goal = v->d->goal.cells;
	size_t kept = 0;
	unsigned hit = 0;

	for (size_t i = 0; i < n; i++) {
		pb_state y = { pb_slide(from[i], b, to), to };
		int fresh = ops->mark(v, &y, tag);

		if (fresh < 0)
			return -1;
		/* written either way, kept only if new: no branch on the answer */
		into[kept] = y.cells;
		kept += (size_t)fresh;
		hit |= (unsigned)fresh & (y.cells == goal);
	}
	*found |= hit;
	return (ptrdiff_t)kept;
}

/* One pull (see tile_layers.h), PB_POLL_INTERVAL states at a time; the
 * first from its bucket counts the bucket's states expanded. */
static inline __attribute__((always_inline)) pb_status
pull(const visited_ops *ops, visited *v, pb_layers *l, const pb_tile_pull *p, pb_search *s,
     bool *found)
{
	size_t count;
	const uint64_t *from = pb_layers_bucket(l, p->from, &count);
	pb_status st;

	for (size_t at = 0; at < count; at += PB_POLL_INTERVAL) {
		size_t n = count - at < PB_POLL_INTERVAL ? count - at : PB_POLL_INTERVAL;
		uint64_t *room;
		ptrdiff_t kept;

		if ((st = afford_marks(ops, v, s, n)) != PB_SOLVED)
			return st;
		if (!(room = pb_layers_room(l, n)))
			return pb_search_alloc_failed(s);
		kept = slide_run(ops, v, from + at, n, p->from / PB_TILE_LASTS, p->to,
				 (uint8_t)(p->move + 1), room, found);
		if (kept < 0)
			return pb_search_alloc_failed(s);
		pb_layers_added(l, (size_t)kept);
		s->expanded += p->first_from ? n : 0;
		s->generated += n;
		if (*found)
			return PB_SOLVED;
		if ((st = pb_search_poll_many(s, (unsigned)n)) != PB_SOLVED)
			return st;
	}
	return PB_SOLVED;
}

static inline __attribute__((always_inline)) pb_status
bfs_layers(const visited_ops *ops, visited *v, const pb_state *start, pb_search *s,
	   bool *found)
{
	pb_tile_pull pulls[PB_TILE_PULLS_MAX];
	int npulls = pb_tile_pulls(v->d, pulls);
	pb_layers l;
	pb_status st = PB_SOLVED;

	if (pb_layers_init(&l, &s->meter, PB_TILE_BUCKETS(v->d), 1))
		return pb_search_alloc_failed(s);
	if (pb_layers_put(&l, pb_tile_bucket(start->blank, PB_MAX_MOVES), &start->cells))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && !*found && pb_layers_advance(&l)) {
		for (int i = 0; st == PB_SOLVED && !*found && i < npulls; i++) {
			st = pull(ops, v, &l, &pulls[i], s, found);
			if (pulls[i].last_into)
				pb_layers_close(&l, pulls[i].into);
		}
	}
	pb_layers_release(&l);
	return st;
}

/* The search, inlined into each flavour so the visited set costs no
 * indirect call per node. */
static inline __attribute__((always_inline)) pb_status
bfs_search(const visited_ops *ops, const pb_domain *d, const pb_state *start,
	   pb_search *s, pb_path *out)
{
	visited v = { .d = d };
	pb_status st;
	bool found = pb_is_goal(d, start);

	if (!pb_solvable(d, start))
		return PB_UNSOLVABLE;
	if (ops->init(&v, &s->meter))
		return pb_search_alloc_failed(s);
	if (ops->mark(&v, start, FROM_START) < 0)
		st = pb_search_alloc_failed(s);
	else if (d->kind == PB_TILES)
		st = bfs_layers(ops, &v, start, s, &found);
	else
		st = bfs_queue(ops, &v, start, s, &found);
	if (found)
		read_path(ops, &v, out);
	else if (st == PB_SOLVED)
		st = PB_UNSOLVABLE; /* exhausted: cannot happen past the parity test */
	ops->release(&v);
	return found ? PB_SOLVED : st;
}

/* Both flavours keep their state in the search alone: the context is the
 * domain. */
static pb_status bfs_prepare(const pb_domain *d, const pb_config *cfg,
			     pb_search *s, void **ctx)
{
	(void)cfg;
	(void)s;
	*ctx = (void *)d;
	return PB_SOLVED;
}

static void bfs_release(void *ctx)
{
	(void)ctx;
}

static pb_status hash_solve(void *ctx, const pb_state *start, pb_search *s,
			    pb_path *out)
{
	return bfs_search(&hash_ops, ctx, start, s, out);
}

static pb_status cantor_solve(void *ctx, const pb_state *start, pb_search *s,
			      pb_path *out)
{
	return bfs_search(&rank_ops, ctx, start, s, out);
}

static const char *hash_supports(const pb_domain *d, const pb_config *cfg,
				 char *why, size_t whylen)
{
	(void)d, (void)cfg, (void)why, (void)whylen;
	return NULL;
}

/* The rank array (a byte a state) and the layers (8 bytes a state of two
 * layers, twice that while a bucket doubles) must fit in this much. */
#define CANTOR_MAX_BYTES (16ULL << 30)
#define CANTOR_BYTES_PER_STATE 10

static const char *cantor_supports(const pb_domain *d, const pb_config *cfg,
				   char *why, size_t whylen)
{
	(void)cfg;
	if (d->index_count <= CANTOR_MAX_BYTES / CANTOR_BYTES_PER_STATE)
		return NULL;
	snprintf(why, whylen, "a rank array of %llu states does not fit in memory",
		 (unsigned long long)d->index_count);
	return why;
}

const pb_solver pb_solver_bfs_hash = {
	.name = "bfs-hash",
	.summary = "breadth-first search, visited set and parents in a hash table",
	.supports = hash_supports,
	.prepare = bfs_prepare,
	.solve = hash_solve,
	.release = bfs_release,
	.heuristics = PB_NO_HEURISTICS,
	.cost = PB_COST_BLIND,
};

const pb_solver pb_solver_bfs_cantor = {
	.name = "bfs-cantor",
	.summary = "breadth-first search, visited set and parents in an array indexed by Cantor rank",
	.supports = cantor_supports,
	.prepare = bfs_prepare,
	.solve = cantor_solve,
	.release = bfs_release,
	.heuristics = PB_NO_HEURISTICS,
	.cost = PB_COST_BLIND,
};
