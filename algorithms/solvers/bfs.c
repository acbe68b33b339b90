/* Forward breadth-first search from the start, in two flavours that differ
 * only in their visited set: bfs-hash keeps it in an open-addressing hash
 * table keyed by the packed state (the C answer to POJ 1077's
 * map<int,string>), bfs-cantor in an array indexed by the state's rank (the
 * Cantor expansion, as in the classic write-ups). Each visited state
 * remembers the move that first reached it; the path is read backwards from
 * the goal.
 *
 * The search goes layer by layer, each layer in buckets by the state's class
 * (tiles: the blank's cell) and the move that reached it (see layers.h):
 * every state of a bucket tries the same moves, so each bucket and move is
 * one loop that applies the same move (tiles: slides the same tile), with
 * no branch on the board. Where answers must be the lexicographically
 * least (Magic Squares), one queue in order serves instead, expanding
 * moves in the domain's order: keeping the first parent then gives the
 * least shortest path. Both are written once, for any kernel, and
 * instantiated for each (kernel.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../core/layers.h"
#include "../core/queue.h"
#include "../core/table.h"
#include "registry.h"
#include "pulls.h"

/* A visited set: 0 unseen, else 1 + the move that reached the state, or
 * FROM_START for the start. */
#define FROM_START (PB_MAX_MOVES + 1)

typedef struct visited {
	const pb_domain *d;
	pb_table table;  /* bfs-hash */
	uint8_t *tags;   /* bfs-cantor: a byte a state, by rank */
	void **kept;     /* bfs-cantor: where the tags are kept between searches */
} visited;

/* The visited set's operations, for the kernel K (inlined with it). */
typedef struct visited_ops {
	int (*init)(visited *v, pb_meter *m, pb_kernel k);
	/* Record the state C of class CLS reached by TAG: 1 new, 0 seen
	 * before, -1 memory refused. */
	int (*mark)(visited *v, pb_cells c, int cls, uint8_t tag, pb_kernel k);
	uint8_t (*tag_of)(const visited *v, pb_cells c, int cls, pb_kernel k);
	/* Nanoseconds of work (a rehash) the next N marks may cause, or 0. */
	uint64_t (*growth_ns)(const visited *v, size_t n);
	/* Put that work off (a fuller table): 1, or 0 when it was put off
	 * already. */
	int (*hold_growth)(visited *v);
	void (*release)(visited *v);
	/* A visited state that move M takes to C, where the domain (a
	 * plugin's) has no move undoing M: a scan of the set; C if none. */
	pb_cells (*parent_of)(const visited *v, pb_cells c, int m, pb_kernel k);
} visited_ops;

static int hash_init(visited *v, pb_meter *m, pb_kernel k)
{
	return pb_table_init(&v->table, m, 1024, pb_kernel_words(k));
}

static inline __attribute__((always_inline)) int
hash_mark(visited *v, pb_cells c, int cls, uint8_t tag, pb_kernel k)
{
	(void)cls;
	return pb_table_insert(&v->table, c, tag, NULL, pb_kernel_words(k));
}

static inline __attribute__((always_inline)) uint8_t
hash_tag_of(const visited *v, pb_cells c, int cls, pb_kernel k)
{
	const uint16_t *t = pb_table_find(&v->table, c, pb_kernel_words(k));

	(void)cls;
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

static pb_cells hash_parent_of(const visited *v, pb_cells c, int m, pb_kernel k)
{
	const int words = pb_kernel_words(k);

	for (size_t i = 0; i <= v->table.mask; i++) {
		pb_cells x;

		if (!pb_table_used(&v->table, i))
			continue;
		x = pb_table_key(&v->table, i, words);
		if (!pb_kernel_equal(k, x, c) && pb_kernel_equal(k, pb_kernel_move(k, v->d, x, 0, m), c))
			return x;
	}
	return c;
}

static int rank_init(visited *v, pb_meter *m, pb_kernel k)
{
	/* one byte past the index: where a plugin's rank that broke its
	 * contract is sent (pb_generic_index) */
	size_t bytes = v->d->index_count + 1;
	void *kept = *v->kept;

	(void)k;
	/* in a room of huge pages, as the states come at random; the last
	 * search's, where there was one, set to zero again */
	v->tags = pb_realloc_room(m, kept, bytes, bytes);
	if (!v->tags)
		return -1;
	if (kept)
		memset(v->tags, 0, bytes);
	*v->kept = NULL;
	return 0;
}

/* Without a branch: whether a state is new is a coin toss to the
 * processor. */
static inline __attribute__((always_inline)) int
rank_mark(visited *v, pb_cells c, int cls, uint8_t tag, pb_kernel k)
{
	uint8_t *slot = &v->tags[pb_kernel_index(k, v->d, c, cls)], old = *slot;
	unsigned fresh = !old, keep = 0u - fresh;

	/* hidden from the optimiser, which would otherwise branch on it */
	__asm__("" : "+r"(keep));
	*slot = (uint8_t)(old | (tag & keep));
	return (int)fresh;
}

static inline __attribute__((always_inline)) uint8_t
rank_tag_of(const visited *v, pb_cells c, int cls, pb_kernel k)
{
	return v->tags[pb_kernel_index(k, v->d, c, cls)];
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
	pb_keep(v->tags);
	*v->kept = v->tags;
}

static pb_cells rank_parent_of(const visited *v, pb_cells c, int m, pb_kernel k)
{
	for (uint64_t i = 0; i < v->d->index_count; i++) {
		pb_state x;

		if (!v->tags[i])
			continue;
		pb_unindex(v->d, i, &x);
		if (!pb_kernel_equal(k, x.cells, c) &&
		    pb_kernel_equal(k, pb_kernel_move(k, v->d, x.cells, 0, m), c))
			return x.cells;
	}
	return c;
}

static const visited_ops hash_ops = {
	hash_init, hash_mark, hash_tag_of, hash_growth_ns, hash_hold_growth, hash_release,
	hash_parent_of,
};
static const visited_ops rank_ops = {
	rank_init, rank_mark, rank_tag_of, rank_growth_ns, rank_hold_growth, rank_release,
	rank_parent_of,
};

/* Walk back from the goal to the start along the recorded moves. */
static inline __attribute__((always_inline)) void
read_path(const visited_ops *ops, const pb_kernel k, const visited *v, pb_path *out)
{
	const pb_domain *d = v->d;
	pb_state s = d->goal;
	uint8_t tag;

	out->length = 0;
	while ((tag = ops->tag_of(v, s.cells, s.cls, k)) != FROM_START && out->length < PB_MAX_PATH) {
		int m = tag - 1;

		out->moves[out->length++] = (uint8_t)m;
		/* a plugin's move that nothing undoes: its parent found in the set */
		if (pb_kernel_generic(k) && d->inverse[m] == PB_NO_MOVE)
			s.cells = ops->parent_of(v, s.cells, m, k);
		else
			s.cells = pb_kernel_unmove(k, d, s.cells, s.cls, m);
		s.cls = d->prev_class[s.cls][m];
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

/* The least answers (Magic Squares): one queue, in order. A state's class
 * is found again from its cells when it comes out. */
static inline __attribute__((always_inline)) pb_status
bfs_queue(const visited_ops *ops, const pb_kernel k, visited *v, const pb_state *start,
	  pb_search *s, bool *found)
{
	const pb_domain *d = v->d;
	const int words = pb_kernel_words(k), branching = d->branching;
	pb_queue q;
	pb_status st = PB_SOLVED;

	if (pb_queue_init(&q, &s->meter, 1024, words))
		return pb_search_alloc_failed(s);
	if (pb_queue_push(&q, start->cells, (uint8_t)d->nmoves, words))
		st = pb_search_alloc_failed(s);
	while (!*found && st == PB_SOLVED && q.count) {
		pb_cells x, kids[PB_MAX_MOVES];
		int fresh[PB_MAX_MOVES], cls;
		uint8_t last;
		const uint8_t *moves;

		x = pb_queue_pop(&q, &last, words);
		cls = pb_kernel_class(k, d, x);
		if ((st = pb_search_poll(s)) != PB_SOLVED ||
		    (st = afford_marks(ops, v, s, (size_t)branching)) != PB_SOLVED)
			break;
		if (pb_queue_reserve(&q, (size_t)branching)) {
			st = pb_search_alloc_failed(s);
			break;
		}
		s->expanded++;
		/* the moves tried after the last, padded with stay_move (whose
		 * state is this one, never new): the loop has no branch to
		 * mispredict */
		moves = d->moves_after[cls][last];
		for (int i = 0; i < branching; i++) {
			kids[i] = pb_kernel_move(k, d, x, cls, moves[i]);
			s->generated += moves[i] != d->stay_move && !pb_kernel_stays(k, x, kids[i]);
			fresh[i] = ops->mark(v, kids[i], d->next_class[cls][moves[i]],
					     (uint8_t)(moves[i] + 1), k);
		}
		/* queued apart from the marking, so that one child's test does not
		 * wait for the previous child's place in the queue */
		for (int i = 0; i < branching; i++) {
			if (fresh[i] < 0) {
				st = pb_search_alloc_failed(s);
				break;
			}
			pb_queue_put(&q, kids[i], moves[i], (unsigned)fresh[i], words);
			*found |= fresh[i] && pb_kernel_equal(k, kids[i], d->goal.cells);
		}
	}
	pb_queue_release(&q);
	return st;
}

/* Apply move M (from class B to class TO) to each of the N states FROM[],
 * mark the results as reached by TAG, and write the new ones to INTO[].
 * Returns how many were new, or -1 when the visited set could not grow. */
static inline __attribute__((always_inline)) ptrdiff_t
move_run(const visited_ops *ops, const pb_kernel k, visited *v, const uint64_t *from, size_t n,
	 int b, int m, int to, uint8_t tag, uint64_t *into, bool *found, size_t *stayed)
{
	const pb_domain *d = v->d;
	const int words = pb_kernel_words(k);
	pb_cells goal = d->goal.cells;
	size_t kept = 0;
	unsigned hit = 0;

	for (size_t i = 0; i < n; i++) {
		pb_cells x = pb_cells_load(from + words * i, words);
		pb_cells y = pb_kernel_move_to(k, d, x, b, m, to);
		int fresh = ops->mark(v, y, to, tag, k);

		/* a plugin's move not legal there: the state itself, seen already */
		*stayed += pb_kernel_stays(k, x, y);
		if (fresh < 0)
			return -1;
		/* written either way, kept only if new: no branch on the answer */
		pb_cells_store(into + words * kept, y, words);
		kept += (size_t)fresh;
		hit |= (unsigned)fresh & pb_kernel_equal(k, y, goal);
	}
	*found |= hit;
	return (ptrdiff_t)kept;
}

/* One pull (see pulls.h), PB_POLL_INTERVAL states at a time; the first
 * from its bucket counts the bucket's states expanded. */
static inline __attribute__((always_inline)) pb_status
pull(const visited_ops *ops, const pb_kernel k, visited *v, pb_layers *l, const pb_pull *p,
     pb_search *s, bool *found)
{
	const int words = pb_kernel_words(k);
	size_t count;
	const uint64_t *from = pb_layers_bucket(l, p->from, &count);
	pb_status st;

	for (size_t at = 0; at < count; at += PB_POLL_INTERVAL) {
		size_t n = count - at < PB_POLL_INTERVAL ? count - at : PB_POLL_INTERVAL;
		uint64_t *room;
		ptrdiff_t kept;
		size_t stayed = 0;

		if ((st = afford_marks(ops, v, s, n)) != PB_SOLVED)
			return st;
		if (!(room = pb_layers_room(l, n)))
			return pb_search_alloc_failed(s);
		kept = move_run(ops, k, v, from + words * at, n, p->from_class, p->move, p->to,
				(uint8_t)(p->move + 1), room, found, &stayed);
		if (kept < 0)
			return pb_search_alloc_failed(s);
		pb_layers_added(l, (size_t)kept);
		s->expanded += p->first_from ? n : 0;
		s->generated += n - stayed;
		if (*found)
			return PB_SOLVED;
		if ((st = pb_search_poll_many(s, (unsigned)n)) != PB_SOLVED)
			return st;
	}
	return PB_SOLVED;
}

/* Both flavours' context: the domain and the pulls of its layers, and
 * the big blocks of the last search (bfs-cantor's tags, the layers' arrays
 * where the states have an index), kept for the next (pb_keep): their
 * pages are there already, so that a search after the first makes no
 * system call and takes no fault for them. */
typedef struct bfs_ctx {
	const pb_domain *d;
	int npulls;
	pb_pull *pulls;
	void *kept[3]; /* the tags, the two layers' arrays */
} bfs_ctx;

/* The least bytes a layer's array may reach for the layers to get rooms. */
#define LAYER_ROOM_FROM ((uint64_t)1 << 20)

static inline __attribute__((always_inline)) pb_status
bfs_layers(const visited_ops *ops, const pb_kernel k, bfs_ctx *c, visited *v,
	   const pb_state *start, pb_search *s, bool *found)
{
	const pb_domain *d = v->d;
	const int words = pb_kernel_words(k);
	uint64_t first[2];
	pb_layers l;
	pb_status st = PB_SOLVED;

	if (pb_layers_init(&l, &s->meter, pb_buckets(d), words))
		return pb_search_alloc_failed(s);
	/* a layer holds each state of the class once at most (the layers are
	 * disjoint), and a pull asks room for as many more as it moves: the
	 * arrays get their rooms, kept for the next search, where they may
	 * grow past LAYER_ROOM_FROM (Magic Squares' 322 KB were 7 to 10%
	 * slower in rooms on searches of a few thousand states; the
	 * 8-puzzle's 1.45 MB, 5 to 25% faster on a whole search) */
	if (d->index_count &&
	    (d->index_count + PB_POLL_INTERVAL) * (uint64_t)words * sizeof(uint64_t) >= LAYER_ROOM_FROM) {
		pb_layers_reserve(&l, d->index_count + PB_POLL_INTERVAL);
		pb_layers_keep(&l, c->kept + 1);
	}
	pb_cells_store(first, start->cells, words);
	if (pb_layers_put(&l, pb_bucket(d, start->cls, d->nmoves), first))
		st = pb_search_alloc_failed(s);
	while (st == PB_SOLVED && !*found && pb_layers_advance(&l)) {
		for (int i = 0; st == PB_SOLVED && !*found && i < c->npulls; i++) {
			st = pull(ops, k, v, &l, &c->pulls[i], s, found);
			if (c->pulls[i].last_into)
				pb_layers_close(&l, c->pulls[i].into);
		}
	}
	pb_layers_release(&l);
	return st;
}

/* The search, inlined into each flavour and kernel so that neither the
 * visited set nor the moves cost an indirect call per node. */
static inline __attribute__((always_inline)) pb_status
bfs_search(const visited_ops *ops, const pb_kernel k, bfs_ctx *c, const pb_state *start,
	   pb_search *s, pb_path *out)
{
	const pb_domain *d = c->d;
	visited v = { .d = d, .kept = &c->kept[0] };
	pb_status st;
	bool found = pb_kernel_equal(k, start->cells, d->goal.cells);

	if (!pb_kernel_solvable(k, d, start->cells, start->cls))
		return PB_UNSOLVABLE;
	if (ops->init(&v, &s->meter, k))
		return pb_search_alloc_failed(s);
	if (ops->mark(&v, start->cells, start->cls, FROM_START, k) < 0)
		st = pb_search_alloc_failed(s);
	else if (!d->lex_smallest)
		st = bfs_layers(ops, k, c, &v, start, s, &found);
	else
		st = bfs_queue(ops, k, &v, start, s, &found);
	if (found)
		read_path(ops, k, &v, out);
	else if (st == PB_SOLVED)
		st = PB_UNSOLVABLE; /* exhausted: cannot happen past the parity test */
	ops->release(&v);
	return found ? PB_SOLVED : st;
}

/* The pulls are the same for every search of a domain: made once. */
static pb_status bfs_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			     pb_search *s, void **ctx)
{
	(void)self;
	bfs_ctx *c = pb_alloc(&s->meter, sizeof(*c));

	(void)cfg;
	*ctx = NULL;
	if (!c)
		return pb_search_alloc_failed(s);
	c->d = d;
	memset(c->kept, 0, sizeof(c->kept));
	c->npulls = pb_pulls(d, &s->meter, &c->pulls);
	if (c->npulls < 0) {
		pb_free(c);
		return pb_search_alloc_failed(s);
	}
	*ctx = c;
	return PB_SOLVED;
}

static void bfs_release(void *ctx)
{
	bfs_ctx *c = ctx;

	if (!c)
		return;
	for (size_t i = 0; i < sizeof(c->kept) / sizeof(c->kept[0]); i++)
		pb_free(c->kept[i]);
	pb_free(c->pulls);
	pb_free(c);
}

/* The search for the domain's kernel, with the visited set OPS. */
static inline __attribute__((always_inline)) pb_status
solve_with(const visited_ops *ops, bfs_ctx *c, const pb_state *start, pb_search *s,
	   pb_path *out)
{
	s->generated++; /* the start (docs/measurements.md, Nodes) */
#define SOLVE(K, T) case K: return bfs_search(ops, K, c, start, s, out);
	switch (c->d->kernel) { PB_KERNELS(SOLVE) }
#undef SOLVE
	return PB_FAILED;
}

static pb_status hash_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	return solve_with(&hash_ops, ctx, start, s, out);
}

static pb_status cantor_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	return solve_with(&rank_ops, ctx, start, s, out);
}

static const char *hash_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				 char *why, size_t whylen)
{
	(void)self;
	(void)d, (void)cfg, (void)why, (void)whylen;
	return NULL;
}

/* The rank array (a byte a state) and the layers (8 bytes a state of two
 * layers, twice that while a bucket doubles) must fit in this much. */
#define CANTOR_MAX_BYTES (16ULL << 30)
#define CANTOR_BYTES_PER_STATE 10

static const char *cantor_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				   char *why, size_t whylen)
{
	(void)self;
	char count[40];

	(void)cfg;
	if (d->index_count && d->index_count <= CANTOR_MAX_BYTES / CANTOR_BYTES_PER_STATE)
		return NULL;
	snprintf(why, whylen, "the table does not fit: a rank array of %s states",
		 pb_cells_decimal(d->state_count, count, sizeof(count)));
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
