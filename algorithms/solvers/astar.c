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
 * Memory: 16 bytes a state in one array, 8 bytes a slot in the hash table
 * (at most 3/4 full; a slot holds the state's number and a fingerprint of
 * it, so that a probe seldom visits a state that is not the one sought),
 * 4 bytes an open entry; everything from the meter, so the memory limit
 * ends the search with PB_MEMOUT. */
#include <stdio.h>
#include <string.h>

#include "../heuristics/heuristic.h"
#include "registry.h"

/* g and f are kept in a byte: far above every optimal length of a board of
 * 16 cells (80 moves at most for 4x4) and of Magic Squares (22). */
#define MAX_COST UINT8_MAX
#define NO_NODE UINT32_MAX
#define FIRST_NODES 1024
#define FIRST_SLOTS 2048
#define FIRST_ENTRIES 16

typedef struct node {
	uint64_t cells;
	uint32_t parent;
	uint8_t g;
	uint8_t move; /* that reached it; PB_NO_MOVE for the start */
	int8_t blank;
	uint8_t closed; /* expanded; or, in the least-path walk, failed at g */
} node;

typedef struct entries {
	uint32_t *ids;
	uint32_t count, cap;
} entries;

typedef struct astar_ctx {
	const pb_domain *d;
	pb_heur h;
} astar_ctx;

typedef struct astar {
	const pb_domain *d;
	const pb_heur *h;
	pb_search *s;
	pb_meter *m;
	node *nodes;
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

/* A slot: the node's id + 1 in the low half, a fingerprint of its cells
 * (the high half of another product) in the high half. */
#define ID_MASK 0xffffffffULL
#define FINGERPRINT_MULT 0xC2B2AE3D27D4EB4FULL /* odd, bits well spread (xxHash's) */

static inline uint64_t fingerprint(uint64_t cells)
{
	return (cells * FINGERPRINT_MULT) & ~ID_MASK;
}

static inline size_t slot_of(const astar *a, uint64_t cells)
{
	return (size_t)((cells * 0x9E3779B97F4A7C15ULL) >> a->shift);
}

/* The node in slot I, or NO_NODE. */
static inline uint32_t node_in(const astar *a, size_t i)
{
	return (uint32_t)(a->slots[i] & ID_MASK) - 1;
}

/* The slot of CELLS: where its node is, or the empty slot for it. */
static inline size_t find_slot(const astar *a, uint64_t cells)
{
	uint64_t fp = fingerprint(cells);
	size_t i = slot_of(a, cells);

	for (; a->slots[i]; i = (i + 1) & a->mask)
		if ((a->slots[i] & ~ID_MASK) == fp && a->nodes[node_in(a, i)].cells == cells)
			break;
	return i;
}

static inline void fill_slot(astar *a, size_t i, uint64_t cells, uint32_t id)
{
	a->slots[i] = fingerprint(cells) | (id + 1);
}

static int grow_slots(astar *a)
{
	size_t n = (a->mask + 1) * 2;
	uint64_t *old = a->slots, *slots = pb_calloc(a->m, n, sizeof(*slots));

	if (!slots)
		return -1;
	a->slots = slots;
	a->mask = n - 1;
	a->shift--;
	for (uint32_t id = 0; id < a->count; id++)
		fill_slot(a, find_slot(a, a->nodes[id].cells), a->nodes[id].cells, id);
	pb_free(old);
	return 0;
}

/* Room for one more node. */
static int reserve_node(astar *a)
{
	uint32_t cap;
	node *nodes;

	if ((a->used + 1) * 4 > (a->mask + 1) * 3 && grow_slots(a))
		return -1;
	if (a->count < a->cap)
		return 0;
	if (a->cap >= NO_NODE - a->cap / 2)
		return -1;
	cap = a->cap + a->cap / 2;
	nodes = pb_realloc(a->m, a->nodes, (size_t)cap * sizeof(*nodes));
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
		uint32_t *ids = pb_realloc(a->m, e->ids, (size_t)cap * sizeof(*ids));

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

static inline uint64_t msquare_apply(const pb_domain *d, uint64_t cells, int m)
{
	uint64_t out = 0;

	for (int i = 0; i < d->cells; i++)
		out |= (uint64_t)pb_nibble(cells, d->op_source[m][i]) << (4 * i);
	return out;
}

/* The successor of X by move M into CHILD; false when M is illegal. */
static inline bool successor(const pb_domain *d, const node *x, int m, pb_state *child)
{
	pb_state here = { x->cells, x->blank };

	if (d->kind == PB_MSQUARE) {
		child->cells = msquare_apply(d, x->cells, m);
		child->blank = -1;
		return true;
	}
	return pb_apply(d, &here, m, child);
}

/* The heuristic of CHILD, reached from X (heuristic H, PARTS its parts
 * for linear conflicts and pattern databases, filled on first use): from
 * the one tile that moved, from the child's blank cell to X's. */
static inline int child_h(const astar *a, const node *x, int h, pb_heur_parts *parts,
			  bool *have_parts, const pb_state *child)
{
	const pb_heur *heur = a->h;
	pb_heur_parts p;
	unsigned tile;

	if (a->d->kind != PB_TILES)
		return (int)pb_heur_value(heur, child);
	tile = pb_nibble(x->cells, child->blank);
	switch (heur->info->kind) {
	case PB_HEUR_ZERO:
		return 0;
	case PB_HEUR_MANHATTAN:
		return h + heur->md[tile][x->blank] - heur->md[tile][child->blank];
	default:
		if (!*have_parts) {
			pb_heur_parts_init(heur, x->cells, parts);
			*have_parts = true;
		}
		p = *parts;
		pb_heur_parts_move(heur, &p, x->cells, child->cells, tile, child->blank, x->blank);
		return (int)pb_heur_parts_value(heur, &p);
	}
}

static void read_path(const astar *a, uint32_t id, pb_path *out)
{
	out->length = 0;
	for (; a->nodes[id].parent != NO_NODE; id = a->nodes[id].parent)
		out->moves[out->length++] = a->nodes[id].move;
	for (int i = 0, j = out->length - 1; i < j; i++, j--) {
		uint8_t m = out->moves[i];

		out->moves[i] = out->moves[j];
		out->moves[j] = m;
	}
}

/* Add a node for CELLS (blank BLANK) reached in G moves; NO_NODE when
 * memory is refused. */
static uint32_t add_node(astar *a, uint64_t cells, int blank, int g)
{
	uint32_t id;

	if (reserve_node(a))
		return NO_NODE;
	id = a->count++;
	fill_slot(a, find_slot(a, cells), cells, id);
	a->used++;
	a->nodes[id] = (node){ cells, NO_NODE, (uint8_t)g, PB_NO_MOVE, (int8_t)blank, 0 };
	return id;
}

/* Expand node ID (at f, g): generate, look up and queue its successors.
 * Returns PB_SOLVED to go on. */
static pb_status expand(astar *a, uint32_t id, int f, int g)
{
	const pb_domain *d = a->d;
	node x = a->nodes[id];
	int h = f - g, undo = x.move == PB_NO_MOVE ? PB_NO_MOVE : d->inverse[x.move];
	pb_heur_parts parts;
	bool have_parts = false;

	pb_state children[PB_MAX_MOVES];
	uint8_t moves[PB_MAX_MOVES];
	int n = 0;

	a->s->expanded++;
	/* the successors' slots first, fetched together */
	for (int m = 0; m < d->nmoves; m++) {
		if (m == undo || !successor(d, &x, m, &children[n]))
			continue;
		__builtin_prefetch(&a->slots[slot_of(a, children[n].cells)]);
		moves[n++] = (uint8_t)m;
	}
	a->s->generated += (uint64_t)n;
	for (int i = 0; i < n; i++) {
		const pb_state *child = &children[i];
		int ng = g + 1, nh, nf;
		uint32_t cid = node_in(a, find_slot(a, child->cells));

		if (cid != NO_NODE && a->nodes[cid].g <= ng)
			continue;
		nh = child_h(a, &x, h, &parts, &have_parts, child);
		nf = ng + nh;
		if (nf > MAX_COST) {
			snprintf(a->s->message, sizeof(a->s->message),
				 "a path longer than %d moves", MAX_COST);
			return PB_FAILED;
		}
		if (cid == NO_NODE) {
			cid = add_node(a, child->cells, child->blank, ng);
			if (cid == NO_NODE)
				return pb_search_alloc_failed(a->s);
		} /* else met again, closer: move it */
		a->nodes[cid].parent = id;
		a->nodes[cid].g = (uint8_t)ng;
		a->nodes[cid].move = moves[i];
		a->nodes[cid].closed = 0;
		if (push(a, cid, nf, ng))
			return pb_search_alloc_failed(a->s);
	}
	return PB_SOLVED;
}

/* The least-path walk (see the top) from X, K moves from the start, toward
 * the goal at LENGTH moves; UNDO is the move that would undo the last.
 * Returns 1 when found (the moves in OUT), 0 when not, -1 when stopped. */
static int least_walk(astar *a, const node *x, int k, int length, int undo, pb_path *out)
{
	const pb_domain *d = a->d;
	pb_status st = pb_search_poll(a->s);

	if (st != PB_SOLVED) {
		a->stop = st;
		return -1;
	}
	a->s->expanded++;
	for (int m = 0; m < d->nmoves; m++) {
		pb_state child;
		node next;
		uint32_t cid;
		int r;

		if (m == undo || !successor(d, x, m, &child))
			continue;
		a->s->generated++;
		if (k + 1 + (int)pb_heur_value(a->h, &child) > length)
			continue;
		out->moves[k] = (uint8_t)m;
		if (child.cells == d->goal.cells)
			return 1;
		cid = node_in(a, find_slot(a, child.cells));
		if (cid != NO_NODE && (a->nodes[cid].g < k + 1 ||
				       (a->nodes[cid].g == k + 1 && a->nodes[cid].closed)))
			continue;
		next = (node){ child.cells, NO_NODE, 0, (uint8_t)m, (int8_t)child.blank, 0 };
		r = least_walk(a, &next, k + 1, length, d->inverse[m], out);
		if (r)
			return r;
		/* no minimal path goes on from here at this depth */
		if (cid == NO_NODE)
			cid = add_node(a, child.cells, child.blank, k + 1);
		if (cid == NO_NODE) {
			a->stop = pb_search_alloc_failed(a->s);
			return -1;
		}
		a->nodes[cid].g = (uint8_t)(k + 1);
		a->nodes[cid].closed = 1;
	}
	return 0;
}

/* Replace A*'s path of LENGTH moves by the lexicographically least one. */
static pb_status least_path(astar *a, const pb_state *start, int length, pb_path *out)
{
	node first = { start->cells, NO_NODE, 0, PB_NO_MOVE, (int8_t)start->blank, 0 };
	int r;

	/* the walk's marks reuse the closed flags */
	for (uint32_t id = 0; id < a->count; id++)
		a->nodes[id].closed = 0;
	r = least_walk(a, &first, 0, length, PB_NO_MOVE, out);
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

static pb_status search(astar *a, const pb_state *start, pb_path *out)
{
	int h = (int)pb_heur_value(a->h, start);

	if (h > MAX_COST) {
		snprintf(a->s->message, sizeof(a->s->message), "a path longer than %d moves", MAX_COST);
		return PB_FAILED;
	}
	a->nodes[0] = (node){ start->cells, NO_NODE, 0, PB_NO_MOVE, (int8_t)start->blank, 0 };
	a->count = 1;
	a->used = 1;
	fill_slot(a, find_slot(a, start->cells), start->cells, 0);
	a->fmin = h;
	if (push(a, 0, h, 0))
		return pb_search_alloc_failed(a->s);
	for (;;) {
		int f, g;
		uint32_t id = pop(a, &f, &g);
		pb_status st;

		if (id == NO_NODE)
			return PB_UNSOLVABLE; /* exhausted: not past the parity test */
		if (a->nodes[id].closed || a->nodes[id].g != g)
			continue; /* an entry left behind when the state moved */
		if (a->nodes[id].cells == a->d->goal.cells) {
			read_path(a, id, out);
			if (a->d->lex_smallest && out->length)
				return least_path(a, start, out->length, out);
			return PB_SOLVED;
		}
		st = pb_search_poll(a->s);
		if (st != PB_SOLVED)
			return st;
		a->nodes[id].closed = 1;
		st = expand(a, id, f, g);
		if (st != PB_SOLVED)
			return st;
	}
}

static pb_status astar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const astar_ctx *c = ctx;
	astar a;
	pb_status st;

	if (!pb_solvable(c->d, start))
		return PB_UNSOLVABLE;
	memset(&a, 0, sizeof(a));
	a.d = c->d;
	a.h = &c->h;
	a.s = s;
	a.m = &s->meter;
	a.cap = FIRST_NODES;
	a.nodes = pb_alloc(a.m, a.cap * sizeof(*a.nodes));
	a.slots = pb_calloc(a.m, FIRST_SLOTS, sizeof(*a.slots));
	a.mask = FIRST_SLOTS - 1;
	a.shift = 64 - __builtin_ctz(FIRST_SLOTS);
	if (!a.nodes || !a.slots)
		st = pb_search_alloc_failed(s);
	else
		st = search(&a, start, out);
	astar_free(&a);
	return st;
}

static const char *astar_supports(const pb_domain *d, const pb_config *cfg, char *why,
				  size_t whylen)
{
	return pb_heuristic_supports_config(d, cfg, why, whylen);
}

static pb_status astar_prepare(const pb_domain *d, const pb_config *cfg, pb_search *s,
			       void **ctx)
{
	astar_ctx *c;
	pb_status st;

	*ctx = NULL;
	if (astar_supports(d, cfg, s->message, sizeof(s->message)))
		return PB_UNSUPPORTED;
	c = pb_alloc(&s->meter, sizeof(*c));
	if (!c)
		return pb_search_alloc_failed(s);
	c->d = d;
	st = pb_heur_init(&c->h, pb_heuristic_chosen(d, cfg), d, cfg, s);
	if (st != PB_SOLVED) {
		pb_free(c);
		return st;
	}
	*ctx = c;
	return PB_SOLVED;
}

static void astar_release(void *ctx)
{
	astar_ctx *c = ctx;

	if (!c)
		return;
	pb_heur_release(&c->h);
	pb_free(c);
}

const pb_solver pb_solver_astar = {
	.name = "astar",
	.summary = "A*: buckets by f (ties to larger g), closed set hashed on the packed state",
	.supports = astar_supports,
	.prepare = astar_prepare,
	.solve = astar_solve,
	.release = astar_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
};
