/* Breadth-first beam search (B. T. Lowerre, "The HARPY speech recognition
 * system", 1976; in heuristic search as Zhou & Hansen's "Beam-stack
 * search", ICAPS 2005, and Burns, Hatem, Leighton & Ruml, SoCS 2012, have
 * it): a breadth-first search that keeps, of each layer, only the WIDTH
 * states of least f = g + h, and discards the rest. It answers fast and in
 * little memory, but promises no length, and may lose every path to the
 * goal (then it fails, where a full breadth-first search would not).
 *
 * Layer by layer from the start: every successor of the layer's states is
 * generated, in Korf's order of the moves as idastar tries them (tiles:
 * up, left, right, down; informed.h), never by the move undoing the one
 * that reached its parent,
 * and one met before, in an earlier layer or in this one, is dropped: the
 * node store (core/nodes.h) holds every state generated, kept or
 * discarded, so no state is generated twice and a discarded one does not
 * come back by a longer path. The states of one layer are all at depth g,
 * so their order by f is their order by h, and f's ties (broken to the
 * smaller h) cannot arise: the best WIDTH are chosen, and put in order, by
 * counting the layer's values of h (a histogram of PB_COSTS buckets, h
 * past the last counted in it), in time linear in the layer. Among states
 * of one h, the ones generated last come first, and are kept at the cut:
 * Burns et al.'s beam takes them so (its open list's buckets are stacks,
 * and it generates the blank's moves in the same order), and on Korf's
 * 100 at width 100 its answers were 1.368 times optimal, as theirs, where
 * those of the states generated first were 1.471, and those of the order
 * up, down, left, right 1.377.
 *
 * The search stops when the goal is generated (its path is its parent's
 * and the move), or when a layer is empty: then the goal cannot be reached
 * (PB_UNSOLVABLE) where nothing was ever discarded, which makes the search
 * a whole breadth-first one; else the beam lost every path to it
 * (PB_FAILED). With a width at least the number of states, it is
 * breadth-first search, and its answers are optimal. Nodes are counted as
 * astar counts them: the start generated once, each state of a layer
 * expanded, each of its successors generated.
 *
 * The depth is the layer's number; a node keeps no g (pb_node's byte would
 * wrap on the long answers a narrow beam gives). Memory: a node of the
 * store for every state generated (16 bytes on boards of up to 16 cells,
 * 24 on larger ones, and 8 bytes a hash slot, the table at most 3/4 full),
 * and 8 bytes for each state of the layer being built and of the one
 * being expanded (at most WIDTH); everything through the meter.
 *
 * Written once and instantiated for each kernel (kernel.h), as astar is. */
#include <stdio.h>
#include <string.h>

#include "../core/nodes.h"
#include "informed.h"
#include "registry.h"

/* A state of a layer: its node and its h. */
typedef struct beam_entry {
	uint32_t id;
	uint32_t h;
} beam_entry;

/* A layer: its states, in the order generated. */
typedef struct beam_layer {
	beam_entry *e;
	size_t count, cap;
} beam_layer;

typedef struct beam {
	const pb_domain *d;
	const pb_heur *h;
	const uint8_t *order; /* the moves, in the order generated */
	pb_search *s;
	size_t width;
	pb_nodes nodes;
	beam_layer layer, next; /* the one expanded, the one built from it */
	size_t by_h[PB_COSTS];  /* the next layer's states of each h (the last: that h or more) */
	bool lost;              /* a state was discarded */
	uint32_t goal_parent;   /* where the goal was generated from, and by which move */
	uint8_t goal_move;
} beam;

/* Add node ID with heuristic H to layer L. Returns 0, or -1 when memory
 * was refused. */
static int layer_push(beam *b, beam_layer *l, uint32_t id, unsigned h)
{
	if (l->count == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		beam_entry *e = pb_realloc(&b->s->meter, l->e, cap * sizeof(*e));

		if (!e)
			return -1;
		l->e = e;
		l->cap = cap;
	}
	l->e[l->count++] = (beam_entry){ id, h };
	b->by_h[h < PB_COSTS ? h : PB_COSTS - 1]++;
	return 0;
}

/* Expand the state E of the layer (its cells X): its successors that the
 * store does not hold yet go into the next layer. Returns PB_SOLVED to go
 * on; sets goal_parent where one of them is the goal. */
PB_INLINE pb_status expand(beam *b, const pb_kernel k, beam_entry e)
{
	const pb_domain *d = b->d;
	pb_cells x = pb_nodes_cells(&b->nodes, k, e.id);
	pb_node xi = *pb_nodes_node(&b->nodes, k, e.id);
	uint32_t tried = d->tried_after[xi.cls][xi.move == PB_NO_MOVE ? d->nmoves : xi.move];
	pb_heuristic_kind kind = b->h->info->kind;
	pb_cells child[PB_MAX_MOVES];
	int cls[PB_MAX_MOVES];
	uint8_t move[PB_MAX_MOVES];
	pb_heur_parts parts;
	int n = 0;

	b->s->expanded++;
	/* the legal successors first, their slots fetched while the rest are
	 * made */
	for (int j = 0; j < pb_kernel_nmoves(k, d); j++) {
		int m = b->order[j], to = d->next_class[xi.cls][m];

		if (!(tried & (1u << m)) || to < 0)
			continue;
		child[n] = pb_kernel_move_to(k, d, x, xi.cls, m, to);
		if (pb_kernel_stays(k, x, child[n]))
			continue;
		pb_nodes_prefetch(&b->nodes, k, child[n]);
		cls[n] = to;
		move[n++] = (uint8_t)m;
	}
	b->s->generated += (uint64_t)n;
	if (pb_heur_kind_has_parts(kind) && n)
		pb_heur_parts_init(b->h, x, &parts);
	for (int i = 0; i < n; i++) {
		pb_heur_change change;
		unsigned h;
		uint32_t id;

		if (pb_kernel_equal(k, child[i], d->goal.cells)) {
			b->goal_parent = e.id;
			b->goal_move = move[i];
			return PB_SOLVED;
		}
		if (pb_nodes_find(&b->nodes, k, child[i]) != PB_NO_NODE)
			continue; /* met before: in an earlier layer, or this one */
		h = pb_heur_step(b->h, k, kind, x, xi.cls, e.h, &parts, child[i], cls[i], move[i],
				 &change);
		id = pb_nodes_add(&b->nodes, k, child[i],
				  (pb_node){ e.id, 0, move[i], (uint8_t)cls[i], 0 }, 0);
		if (id == PB_NO_NODE || layer_push(b, &b->next, id, h))
			return pb_search_alloc_failed(b->s);
	}
	return PB_SOLVED;
}

/* The next layer in the order it is expanded, cut to its WIDTH states of
 * least h: by h, and within one h the ones generated last first (the
 * order of Burns et al.'s beam, whose open list is buckets of stacks).
 * Counted into the array of the layer just expanded, which becomes it. */
static int order_next(beam *b)
{
	beam_layer *from = &b->next, *to = &b->layer;
	size_t at[PB_COSTS], below = 0, keep = from->count < b->width ? from->count : b->width;

	if (from->count > b->width)
		b->lost = true;
	if (to->cap < keep) {
		beam_entry *e = pb_realloc(&b->s->meter, to->e, keep * sizeof(*e));

		if (!e)
			return -1;
		to->e = e;
		to->cap = keep;
	}
	/* where each h starts, up to the last h the layer holds */
	for (int h = 0; below < from->count; h++) {
		at[h] = below;
		below += b->by_h[h];
	}
	for (size_t i = from->count; i-- > 0;) {
		unsigned h = from->e[i].h < PB_COSTS ? from->e[i].h : PB_COSTS - 1;

		if (at[h] < keep)
			to->e[at[h]] = from->e[i];
		at[h]++;
	}
	to->count = keep;
	return 0;
}

/* The search from START (not the goal), in layers. */
PB_INLINE pb_status search(beam *b, const pb_kernel k, const pb_state *start, pb_path *out)
{
	uint32_t root = pb_nodes_add(&b->nodes, k, start->cells,
				     (pb_node){ PB_NO_NODE, 0, PB_NO_MOVE, (uint8_t)start->cls, 0 }, 0);

	if (root == PB_NO_NODE || layer_push(b, &b->layer, root, pb_heur_value(b->h, start)))
		return pb_search_alloc_failed(b->s);
	for (int depth = 0; b->layer.count; depth++) {
		if (depth == PB_MAX_PATH) {
			snprintf(b->s->message, sizeof(b->s->message), "no answer within %d moves",
				 PB_MAX_PATH);
			return PB_FAILED;
		}
		memset(b->by_h, 0, sizeof(b->by_h));
		b->next.count = 0;
		for (size_t i = 0; i < b->layer.count; i++) {
			pb_status st = pb_search_poll(b->s);

			if (st == PB_SOLVED)
				st = expand(b, k, b->layer.e[i]);
			if (st != PB_SOLVED)
				return st;
			if (b->goal_parent != PB_NO_NODE) {
				out->length = pb_nodes_path(&b->nodes, k, b->goal_parent, out->moves);
				out->moves[out->length++] = b->goal_move;
				return PB_SOLVED;
			}
		}
		if (order_next(b))
			return pb_search_alloc_failed(b->s);
	}
	if (!b->lost)
		return PB_UNSOLVABLE; /* every state reached, none discarded */
	snprintf(b->s->message, sizeof(b->s->message), "the beam lost every path to the goal");
	return PB_FAILED;
}

/* The context: the heuristic, the width, and the moves in Korf's order. */
typedef struct beam_ctx {
	pb_informed informed;
	size_t width;
	uint8_t order[PB_MAX_MOVES];
} beam_ctx;

static pb_status beam_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const beam_ctx *c = ctx;
	const pb_domain *d = c->informed.d;
	beam b = { .d = d, .h = &c->informed.h, .order = c->order, .s = s, .width = c->width,
		   .goal_parent = PB_NO_NODE };
	pb_status st = PB_FAILED;

	s->generated++; /* the start (docs/measurements.md, Nodes) */
	out->length = 0;
	if (!pb_solvable(d, start))
		return PB_UNSOLVABLE;
	if (pb_is_goal(d, start))
		return PB_SOLVED;
	if (pb_nodes_init(&b.nodes, &s->meter, d->kernel, false))
		return pb_search_alloc_failed(s);
	/* the search instantiated for each kernel, chosen here once */
	PB_WITH_KERNEL(d, st = search(&b, K, start, out));
	pb_nodes_free(&b.nodes);
	pb_free(b.layer.e);
	pb_free(b.next.e);
	return st;
}

static pb_status beam_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			      pb_search *s, void **ctx)
{
	pb_status st = pb_informed_prepare(d, cfg, s, sizeof(beam_ctx), ctx);

	if (st == PB_SOLVED) {
		beam_ctx *c = *ctx;

		c->width = (size_t)pb_solver_param_long(self, "width");
		pb_korf_order(d, c->order);
	}
	return st;
}

static const pb_param beam_params[] = {
	{ .key = "width", .summary = "the states kept of each layer, those of least f", .min = 1,
	  .max = 10000000, .def = "100" },
	{ 0 },
};

const pb_solver pb_solver_beam = {
	.name = "beam",
	.summary = "beam search: breadth-first, each layer cut to the width states of least f, no state generated twice",
	.supports = pb_informed_supports,
	.prepare = beam_prepare,
	.solve = beam_solve,
	.release = pb_informed_release,
	.heuristics = PB_ALL_HEURISTICS,
	.cost = PB_COST_INFORMED,
	.params = beam_params,
	.guarantee = PB_GUARANTEE_NONE,
	.incomplete = true,
};
