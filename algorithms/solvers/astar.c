/* A* (Hart, Nilsson & Raphael, "A formal basis for the heuristic
 * determination of minimum cost paths", 1968) over an open list of buckets
 * by f and, within f, by g, taking the largest g first; a closed set hashed
 * on the packed state; parent links for the path.
 *
 * A state met again by a shorter path is moved to its new bucket (its old
 * open entry is skipped when it comes up), and reopened if it was expanded
 * already, which only an inconsistent heuristic (the tiles pattern
 * databases) can cause. Within one (f, g) bucket the newest entry goes
 * first.
 *
 * Where answers must be the lexicographically least of the minimal ones
 * (Magic Squares), A* gives the optimal length L, and the answer is then
 * read by a depth-first walk from the start that tries the ops in order and
 * keeps to paths of length L: a successor is skipped when g + 1 + h passes
 * L, when A* reached it in fewer moves (no minimal path goes through it this
 * late), or when the walk already failed from it at this depth (it is
 * marked in the table). The first path found is the least, and no state is
 * walked from twice at one depth.
 *
 * Memory: a state in one array, 8 bytes for each word of its cells and 8
 * for the rest (16 bytes on boards of up to 16 cells and Magic Squares, 24
 * on larger boards), 8 bytes a slot in the hash table (at most 3/4 full; a
 * slot holds the state's number and a fingerprint of it, so that a probe
 * seldom visits a state that is not the one sought), 4 bytes an open
 * entry; everything from the meter, so the memory limit ends the search
 * with PB_MEMOUT.
 *
 * Written once and instantiated for each kernel (kernel.h): the nodes'
 * width, the moves and the heuristic's update are the kernel's. */
#include <stdio.h>
#include <string.h>

#include "informed.h"
#include "registry.h"

/* g and f are kept in a byte: far above every optimal length of a board of
 * 25 cells (the 5x5 board's diameter is at most 208) and of Magic Squares
 * (22). */
#define MAX_COST UINT8_MAX
#define NO_NODE UINT32_MAX
#define FIRST_NODES 1024
#define FIRST_SLOTS 2048
#define FIRST_ENTRIES 16

/* A node is the state's cells (one or two words) and then this word. */
typedef struct node_info {
	uint32_t parent;
	uint8_t g;
	uint8_t move; /* that reached it; PB_NO_MOVE for the start */
	uint8_t cls;
	uint8_t closed; /* expanded; or, in the least-path walk, failed at g */
} node_info;

_Static_assert(sizeof(node_info) == sizeof(uint64_t), "a node's info is one word");

typedef struct entries {
	uint32_t *ids;
	uint32_t count, cap;
} entries;

/* The most entries a bucket holds: its capacity doubles up to this, and a
 * push past it is refused (as memory is), never wrapped to 0. */
#define MAX_ENTRIES (UINT32_MAX / 2 + 1)

typedef struct astar {
	const pb_domain *d;
	const pb_heur *h;
	pb_search *s;
	pb_meter *m;
	uint64_t *nodes; /* node_words() a node */
	uint32_t count, cap;
	uint64_t *slots; /* fingerprint | node id + 1; 0 empty */
	size_t mask, used;
	int shift;
	entries *open[MAX_COST + 1]; /* [f][g], allocated per f when first used */
	int top_g[MAX_COST + 1];     /* no entries above it in that f */
	int fmin;
	size_t open_count;
	pb_status stop; /* why the walk stopped early */
} astar;

static void astar_free(astar *a)
{
	for (int f = 0; f <= MAX_COST; f++) {
		if (!a->open[f])
			continue;
		for (int g = 0; g <= MAX_COST; g++)
			pb_free(a->open[f][g].ids);
		pb_free(a->open[f]);
	}
	pb_free(a->nodes);
	pb_free(a->slots);
}

/* Words a node takes, its cells and its info. */
PB_INLINE int node_words(const pb_kernel k)
{
	return pb_kernel_words(k) + 1;
}

PB_INLINE pb_cells cells_of(const astar *a, uint32_t id, const pb_kernel k)
{
	return pb_cells_load(a->nodes + (size_t)id * (size_t)node_words(k), pb_kernel_words(k));
}

PB_INLINE node_info *info_of(const astar *a, uint32_t id, const pb_kernel k)
{
	return (node_info *)(void *)(a->nodes + (size_t)id * (size_t)node_words(k) +
				      pb_kernel_words(k));
}

/* Write node ID: CELLS and INFO. */
PB_INLINE void set_node(astar *a, uint32_t id, pb_cells cells, node_info info, const pb_kernel k)
{
	pb_cells_store(a->nodes + (size_t)id * (size_t)node_words(k), cells, pb_kernel_words(k));
	*info_of(a, id, k) = info;
}

/* A slot: the node's id + 1 in the low half, a fingerprint of its cells
 * (the high half of another product) in the high half. */
#define ID_MASK 0xffffffffULL
#define FINGERPRINT_MULT 0xC2B2AE3D27D4EB4FULL /* odd, bits well spread (xxHash's) */

PB_INLINE uint64_t fingerprint(const pb_kernel k, pb_cells cells)
{
	return (pb_kernel_fold(k, cells) * FINGERPRINT_MULT) & ~ID_MASK;
}

PB_INLINE size_t slot_of(const astar *a, const pb_kernel k, pb_cells cells)
{
	return (size_t)((pb_kernel_fold(k, cells) * 0x9E3779B97F4A7C15ULL) >> a->shift);
}

/* The node in slot I, or NO_NODE. */
static inline uint32_t node_in(const astar *a, size_t i)
{
	return (uint32_t)(a->slots[i] & ID_MASK) - 1;
}

/* The slot of CELLS: where its node is, or the empty slot for it. */
PB_INLINE size_t find_slot(const astar *a, const pb_kernel k, pb_cells cells)
{
	uint64_t fp = fingerprint(k, cells);
	size_t i = slot_of(a, k, cells);

	for (; a->slots[i]; i = (i + 1) & a->mask)
		if ((a->slots[i] & ~ID_MASK) == fp &&
		    pb_kernel_equal(k, cells_of(a, node_in(a, i), k), cells))
			break;
	return i;
}

PB_INLINE void fill_slot(astar *a, const pb_kernel k, size_t i, pb_cells cells, uint32_t id)
{
	a->slots[i] = fingerprint(k, cells) | (id + 1);
}

PB_INLINE int grow_slots(astar *a, const pb_kernel k)
{
	size_t n = (a->mask + 1) * 2;
	uint64_t *old = a->slots, *slots = pb_calloc(a->m, n, sizeof(*slots));

	if (!slots)
		return -1;
	a->slots = slots;
	a->mask = n - 1;
	a->shift--;
	for (uint32_t id = 0; id < a->count; id++) {
		pb_cells c = cells_of(a, id, k);

		fill_slot(a, k, find_slot(a, k, c), c, id);
	}
	pb_free(old);
	return 0;
}

/* Room for one more node. */
PB_INLINE int reserve_node(astar *a, const pb_kernel k)
{
	uint32_t cap;
	uint64_t *nodes;

	if ((a->used + 1) * 4 > (a->mask + 1) * 3 && grow_slots(a, k))
		return -1;
	if (a->count < a->cap)
		return 0;
	if (a->cap >= NO_NODE - a->cap / 2)
		return -1;
	cap = a->cap + a->cap / 2;
	nodes = pb_realloc(a->m, a->nodes, (size_t)cap * (size_t)node_words(k) * sizeof(*nodes));
	if (!nodes)
		return -1;
	a->nodes = nodes;
	a->cap = cap;
	return 0;
}

static int push(astar *a, uint32_t id, int f, int g)
{
	entries *e;

	if (!a->open[f]) {
		a->open[f] = pb_calloc(a->m, MAX_COST + 1, sizeof(entries));
		if (!a->open[f])
			return -1;
		a->top_g[f] = 0;
	}
	e = &a->open[f][g];
	if (e->count == e->cap) {
		uint32_t cap = e->cap ? 2 * e->cap : FIRST_ENTRIES;
		uint32_t *ids = e->cap < MAX_ENTRIES
					? pb_realloc(a->m, e->ids, (size_t)cap * sizeof(*ids)) : NULL;

		if (!ids)
			return -1;
		e->ids = ids;
		e->cap = cap;
	}
	e->ids[e->count++] = id;
	if (g > a->top_g[f])
		a->top_g[f] = g;
	if (f < a->fmin)
		a->fmin = f;
	a->open_count++;
	return 0;
}

/* Take the next entry: least f, then largest g. */
static uint32_t pop(astar *a, int *f_out, int *g_out)
{
	for (int f = a->fmin; f <= MAX_COST; f++) {
		if (!a->open[f])
			continue;
		for (int g = a->top_g[f]; g >= 0; g--) {
			entries *e = &a->open[f][g];
			uint32_t id;

			if (!e->count)
				continue;
			a->fmin = f;
			a->top_g[f] = g;
			id = e->ids[--e->count];
			a->open_count--;
			*f_out = f;
			*g_out = g;
			return id;
		}
		a->top_g[f] = 0;
	}
	return NO_NODE;
}

/* The successor of X (class CLS) by move M into *CHILD (class *TO); false
 * when M is not legal there. */
PB_INLINE bool successor(const pb_kernel k, const pb_domain *d, pb_cells x, int cls, int m,
			 pb_cells *child, int *to)
{
	*to = d->next_class[cls][m];
	if (*to < 0)
		return false;
	*child = pb_kernel_move_to(k, d, x, cls, m, *to);
	return !pb_kernel_stays(k, x, *child);
}

/* The heuristic of CHILD (class TO), reached from X (class CLS, heuristic
 * H, PARTS its parts for the kinds that keep them, filled on first use)
 * by move M: from the one tile that moved, or afresh. */
PB_INLINE int child_h(const astar *a, const pb_kernel k, pb_cells x, int cls, int h,
		      pb_heur_parts *parts, bool *have_parts, pb_cells child, int to, int m)
{
	const pb_heur *heur = a->h;
	pb_heuristic_kind kind = heur->info->kind;
	pb_heur_change c;

	if (pb_heur_kind_has_parts(kind) && !*have_parts) {
		pb_heur_parts_init(heur, x, parts); /* once an expansion: a call */
		*have_parts = true;
	}
	/* the kind chosen per child, as A* spends its time on the table; the
	 * child's parts are not kept */
	return (int)pb_heur_step(heur, k, kind, x, cls, (unsigned)h, parts, child, to, m, &c);
}

PB_INLINE void read_path(const astar *a, const pb_kernel k, uint32_t id, pb_path *out)
{
	out->length = 0;
	for (; info_of(a, id, k)->parent != NO_NODE; id = info_of(a, id, k)->parent)
		out->moves[out->length++] = info_of(a, id, k)->move;
	for (int i = 0, j = out->length - 1; i < j; i++, j--) {
		uint8_t m = out->moves[i];

		out->moves[i] = out->moves[j];
		out->moves[j] = m;
	}
}

/* Add a node for CELLS (class CLS) reached in G moves; NO_NODE when
 * memory is refused. */
PB_INLINE uint32_t add_node(astar *a, const pb_kernel k, pb_cells cells, int cls, int g)
{
	uint32_t id;

	if (reserve_node(a, k))
		return NO_NODE;
	id = a->count++;
	fill_slot(a, k, find_slot(a, k, cells), cells, id);
	a->used++;
	set_node(a, id, cells, (node_info){ NO_NODE, (uint8_t)g, PB_NO_MOVE, (uint8_t)cls, 0 }, k);
	return id;
}

/* Expand node ID (at f, g): generate, look up and queue its successors.
 * Returns PB_SOLVED to go on. */
PB_INLINE pb_status expand(astar *a, const pb_kernel k, uint32_t id, int f, int g)
{
	const pb_domain *d = a->d;
	pb_cells x = cells_of(a, id, k);
	node_info xi = *info_of(a, id, k);
	int h = f - g, cls = xi.cls;
	uint32_t tried = d->tried_after[cls][xi.move == PB_NO_MOVE ? d->nmoves : xi.move];
	pb_heur_parts parts;
	bool have_parts = false;

	pb_cells children[PB_MAX_MOVES];
	int to[PB_MAX_MOVES];
	uint8_t moves[PB_MAX_MOVES];
	int n = 0;

	a->s->expanded++;
	/* the successors' slots first, fetched together */
	for (int m = 0; m < pb_kernel_nmoves(k, d); m++) {
		if (!(tried & (1u << m)) || !successor(k, d, x, cls, m, &children[n], &to[n]))
			continue;
		__builtin_prefetch(&a->slots[slot_of(a, k, children[n])]);
		moves[n++] = (uint8_t)m;
	}
	a->s->generated += (uint64_t)n;
	for (int i = 0; i < n; i++) {
		pb_cells child = children[i];
		int ng = g + 1, nh, nf;
		uint32_t cid = node_in(a, find_slot(a, k, child));
		node_info *ci;

		if (cid != NO_NODE && info_of(a, cid, k)->g <= ng)
			continue;
		nh = child_h(a, k, x, cls, h, &parts, &have_parts, child, to[i], moves[i]);
		nf = ng + nh;
		if (nf > MAX_COST) {
			snprintf(a->s->message, sizeof(a->s->message),
				 "a path longer than %d moves", MAX_COST);
			return PB_FAILED;
		}
		if (cid == NO_NODE) {
			cid = add_node(a, k, child, to[i], ng);
			if (cid == NO_NODE)
				return pb_search_alloc_failed(a->s);
		} /* else met again, closer: move it */
		ci = info_of(a, cid, k);
		ci->parent = id;
		ci->g = (uint8_t)ng;
		ci->move = moves[i];
		ci->closed = 0;
		if (push(a, cid, nf, ng))
			return pb_search_alloc_failed(a->s);
	}
	return PB_SOLVED;
}

/* The least-path walk (see the top) from X (class CLS), DEPTH moves from
 * the start, toward the goal at LENGTH moves; LAST is the move that
 * reached X (d->nmoves: none). Returns 1 when found (the moves in OUT), 0
 * when not, -1 when stopped. */
PB_INLINE int least_walk(astar *a, const pb_kernel k, pb_cells x, int cls, int depth, int length,
			 int last, pb_path *out);

static int least_walk_any(astar *a, pb_cells x, int cls, int depth, int length, int last,
			  pb_path *out);

PB_INLINE int least_walk(astar *a, const pb_kernel k, pb_cells x, int cls, int depth, int length,
			 int last, pb_path *out)
{
	const pb_domain *d = a->d;
	pb_status st = pb_search_poll(a->s);
	uint32_t tried = d->tried_after[cls][last];

	if (st != PB_SOLVED) {
		a->stop = st;
		return -1;
	}
	a->s->expanded++;
	for (int m = 0; m < d->nmoves; m++) {
		pb_state child;
		uint32_t cid;
		node_info *ci;
		int r;

		if (!(tried & (1u << m)) || !successor(k, d, x, cls, m, &child.cells, &child.cls))
			continue;
		a->s->generated++;
		if (depth + 1 + (int)pb_heur_value(a->h, &child) > length)
			continue;
		out->moves[depth] = (uint8_t)m;
		if (pb_kernel_equal(k, child.cells, d->goal.cells))
			return 1;
		cid = node_in(a, find_slot(a, k, child.cells));
		if (cid != NO_NODE && (info_of(a, cid, k)->g < depth + 1 ||
				       (info_of(a, cid, k)->g == depth + 1 && info_of(a, cid, k)->closed)))
			continue;
		r = least_walk_any(a, child.cells, child.cls, depth + 1, length, m, out);
		if (r)
			return r;
		/* no minimal path goes on from here at this depth */
		if (cid == NO_NODE)
			cid = add_node(a, k, child.cells, child.cls, depth + 1);
		if (cid == NO_NODE) {
			a->stop = pb_search_alloc_failed(a->s);
			return -1;
		}
		ci = info_of(a, cid, k);
		ci->g = (uint8_t)(depth + 1);
		ci->closed = 1;
	}
	return 0;
}

/* The walk recurses through the kernel chosen at run time: it is not a hot
 * loop, and an inline function cannot call itself. */
static int least_walk_any(astar *a, pb_cells x, int cls, int depth, int length, int last,
			  pb_path *out)
{
	int r = -1;

	PB_WITH_KERNEL(a->d, r = least_walk(a, K, x, cls, depth, length, last, out));
	return r;
}

/* Replace A*'s path of LENGTH moves by the lexicographically least one. */
PB_INLINE pb_status least_path(astar *a, const pb_kernel k, const pb_state *start, int length,
			       pb_path *out)
{
	int r;

	/* the walk's marks reuse the closed flags */
	for (uint32_t id = 0; id < a->count; id++)
		info_of(a, id, k)->closed = 0;
	r = least_walk_any(a, start->cells, start->cls, 0, length, a->d->nmoves, out);
	if (r < 0)
		return a->stop;
	if (!r) {
		snprintf(a->s->message, sizeof(a->s->message),
			 "no path of %d moves found again (a heuristic that overestimates?)", length);
		return PB_FAILED;
	}
	out->length = length;
	return PB_SOLVED;
}

PB_INLINE pb_status search(astar *a, const pb_kernel k, const pb_state *start, pb_path *out)
{
	int h = (int)pb_heur_value(a->h, start);

	if (h > MAX_COST) {
		snprintf(a->s->message, sizeof(a->s->message), "a path longer than %d moves", MAX_COST);
		return PB_FAILED;
	}
	set_node(a, 0, start->cells,
		 (node_info){ NO_NODE, 0, PB_NO_MOVE, (uint8_t)start->cls, 0 }, k);
	a->count = 1;
	a->used = 1;
	fill_slot(a, k, find_slot(a, k, start->cells), start->cells, 0);
	a->fmin = h;
	if (push(a, 0, h, 0))
		return pb_search_alloc_failed(a->s);
	for (;;) {
		int f, g;
		uint32_t id = pop(a, &f, &g);
		pb_status st;

		if (id == NO_NODE)
			return PB_UNSOLVABLE; /* exhausted: not past the parity test */
		if (info_of(a, id, k)->closed || info_of(a, id, k)->g != g)
			continue; /* an entry left behind when the state moved */
		if (pb_kernel_equal(k, cells_of(a, id, k), a->d->goal.cells)) {
			read_path(a, k, id, out);
			if (a->d->lex_smallest && out->length)
				return least_path(a, k, start, out->length, out);
			return PB_SOLVED;
		}
		st = pb_search_poll(a->s);
		if (st != PB_SOLVED)
			return st;
		info_of(a, id, k)->closed = 1;
		st = expand(a, k, id, f, g);
		if (st != PB_SOLVED)
			return st;
	}
}

PB_INLINE pb_status solve_with(const pb_kernel k, const pb_informed *c, const pb_state *start,
			       pb_search *s, pb_path *out)
{
	astar a;
	pb_status st;

	if (!pb_kernel_solvable(k, c->d, start->cells, start->cls))
		return PB_UNSOLVABLE;
	memset(&a, 0, sizeof(a));
	a.d = c->d;
	a.h = &c->h;
	a.s = s;
	a.m = &s->meter;
	a.cap = FIRST_NODES;
	a.nodes = pb_alloc(a.m, a.cap * (size_t)node_words(k) * sizeof(*a.nodes));
	a.slots = pb_calloc(a.m, FIRST_SLOTS, sizeof(*a.slots));
	a.mask = FIRST_SLOTS - 1;
	a.shift = 64 - __builtin_ctz(FIRST_SLOTS);
	if (!a.nodes || !a.slots)
		st = pb_search_alloc_failed(s);
	else
		st = search(&a, k, start, out);
	astar_free(&a);
	return st;
}

static pb_status astar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const pb_informed *c = ctx;

	s->generated++; /* the start (README, Nodes) */
#define SOLVE(K, T) case K: return solve_with(K, c, start, s, out);
	switch (c->d->kernel) { PB_KERNELS(SOLVE) }
#undef SOLVE
	return PB_FAILED;
}

static pb_status astar_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg, pb_search *s,
			       void **ctx)
{
	(void)self;
	return pb_informed_prepare(d, cfg, s, sizeof(pb_informed), ctx);
}

const pb_solver pb_solver_astar = {
	.name = "astar",
	.summary = "A*: buckets by f (ties to larger g), closed set hashed on the packed state",
	.supports = pb_informed_supports,
	.prepare = astar_prepare,
	.solve = astar_solve,
	.release = pb_informed_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
};
