/* NBS (J. Chen, R. C. Holte, S. Zilles and N. R. Sturtevant, "Front-to-end
 * bidirectional heuristic search with near-optimal node expansions", IJCAI
 * 2017): a search forward from the start with h towards the goal, and one
 * backward from the goal with h towards the start, that expands nodes in
 * pairs, one of each side, and never more than twice the states that any
 * admissible front-to-end bidirectional search must.
 *
 * Each side keeps its open nodes in two lists: waiting, by f = g + h, and
 * ready, by g. C is a lower bound on the cost of a path yet to be found:
 * every waiting node of f <= C becomes ready, and while the least g of the
 * two ready lists add up to C - 1 or less (moves cost 1), both of those
 * nodes are expanded; else C grows to the least of the waiting f values
 * and that sum plus 1. A successor that the other side holds closes a path
 * (U, the best so far); the search ends when C reaches U, which is then
 * the optimal length. Lists are buckets by the byte-sized f and g, each
 * entry checked when it comes up (a node met again by a shorter path is
 * pushed anew and its old entries skipped; a closed one reopened).
 *
 * The backward heuristic is the chosen one built for a copy of the domain
 * whose goal is the start, the states handed over in their plain values
 * (pb_to_plain, pb_from_plain): it needs a domain that takes another goal
 * (tiles, pancakes) and a heuristic built in a moment (zero, manhattan,
 * linear-conflict, gap, gap-k); with zero, every domain.
 *
 * Memory: 32 bytes a node (the cells as two words, parent, g, h, move,
 * class, flags), 4 bytes a hash slot (at most half full), 4 bytes a list
 * entry; from the meter. Not instantiated per kernel: moves through
 * pb_apply and pb_unapply, heuristics through pb_heur_value. */
#include <stdio.h>
#include <string.h>

#include "informed.h"
#include "registry.h"

#define COSTS 256 /* g, h and f in a byte */
#define NO_NODE UINT32_MAX
#define FIRST_NODES 1024u
#define FIRST_ENTRIES 16u

typedef struct nbs_node {
	pb_cells cells;
	uint32_t parent; /* on this side; NO_NODE for the root */
	uint8_t g, h;
	uint8_t move;  /* forward: the move from the parent; backward: the move to it */
	uint8_t cls;
	uint8_t open, ready;
} nbs_node;

typedef struct nbs_list {
	uint32_t *ids;
	uint32_t count, cap;
} nbs_list;

typedef struct nbs_side {
	nbs_node *nodes;
	uint32_t count, cap;
	uint32_t *slots; /* node id + 1; 0 empty */
	size_t mask;
	int shift; /* 64 - log2(slots): the product's high bits pick the slot */
	nbs_list waiting[COSTS], ready[COSTS];
	int low_f, low_g; /* no entry below these */
	size_t open_count;
	bool backward;
} nbs_side;

typedef struct nbs {
	const pb_domain *d, *back_d;
	const pb_heur *fwd_h, *back_h;
	pb_search *s;
	nbs_side side[2];
	int best; /* U */
	uint32_t meet[2]; /* the node of each side where the best path meets */
	uint8_t meet_move; /* between them: the path runs meet[0], meet_move, meet[1] */
} nbs;

/* The context: the heuristic towards the goal, and what the backward one
 * is built with. */
typedef struct nbs_ctx {
	pb_informed informed;
	const pb_heuristic_info *info;
} nbs_ctx;

static size_t hash_slot(const nbs_side *sd, pb_cells c)
{
	return (size_t)((pb_cells_fold(c, 2) * 0x9E3779B97F4A7C15ULL) >> sd->shift);
}

static uint32_t find(const nbs_side *sd, pb_cells c)
{
	for (size_t i = hash_slot(sd, c);; i = (i + 1) & sd->mask) {
		uint32_t v = sd->slots[i];

		if (!v)
			return NO_NODE;
		if (sd->nodes[v - 1].cells == c)
			return v - 1;
	}
}

static int grow_slots(nbs *x, nbs_side *sd)
{
	size_t slots = (sd->mask + 1) * 2;
	uint32_t *fresh = pb_calloc(&x->s->meter, slots, sizeof(*fresh));

	if (!fresh)
		return -1;
	pb_free(sd->slots);
	sd->slots = fresh;
	sd->mask = slots - 1;
	sd->shift--;
	for (uint32_t id = 0; id < sd->count; id++) {
		size_t i = hash_slot(sd, sd->nodes[id].cells);

		while (sd->slots[i])
			i = (i + 1) & sd->mask;
		sd->slots[i] = id + 1;
	}
	return 0;
}

/* A new node for C; NO_NODE when memory ran out. */
static uint32_t add_node(nbs *x, nbs_side *sd, pb_cells c)
{
	size_t i;

	if (sd->count == sd->cap) {
		uint32_t cap = sd->cap * 2;
		nbs_node *n = pb_realloc(&x->s->meter, sd->nodes, (size_t)cap * sizeof(*n));

		if (!n)
			return NO_NODE;
		sd->nodes = n;
		sd->cap = cap;
	}
	if (((size_t)sd->count + 1) * 2 > sd->mask + 1 && grow_slots(x, sd))
		return NO_NODE;
	for (i = hash_slot(sd, c); sd->slots[i]; i = (i + 1) & sd->mask)
		;
	sd->slots[i] = sd->count + 1;
	memset(&sd->nodes[sd->count], 0, sizeof(nbs_node));
	sd->nodes[sd->count].cells = c;
	return sd->count++;
}

static int push(nbs *x, nbs_list *l, uint32_t id)
{
	if (l->count == l->cap) {
		uint32_t cap = l->cap ? l->cap * 2 : FIRST_ENTRIES;
		uint32_t *ids = pb_realloc(&x->s->meter, l->ids, (size_t)cap * sizeof(*ids));

		if (!ids)
			return -1;
		l->ids = ids;
		l->cap = cap;
	}
	l->ids[l->count++] = id;
	return 0;
}

static int push_waiting(nbs *x, nbs_side *sd, uint32_t id)
{
	nbs_node *n = &sd->nodes[id];
	int f = n->g + n->h;

	n->ready = 0;
	if (f < sd->low_f)
		sd->low_f = f;
	return push(x, &sd->waiting[f], id);
}

/* The least f of the waiting nodes (their top entries checked), or COSTS. */
static int least_waiting(nbs_side *sd)
{
	for (; sd->low_f < COSTS; sd->low_f++) {
		nbs_list *l = &sd->waiting[sd->low_f];

		while (l->count) {
			const nbs_node *n = &sd->nodes[l->ids[l->count - 1]];

			if (n->open && !n->ready && n->g + n->h == sd->low_f)
				return sd->low_f;
			l->count--;
		}
	}
	return COSTS;
}

static int least_ready(nbs_side *sd)
{
	for (; sd->low_g < COSTS; sd->low_g++) {
		nbs_list *l = &sd->ready[sd->low_g];

		while (l->count) {
			const nbs_node *n = &sd->nodes[l->ids[l->count - 1]];

			if (n->open && n->ready && n->g == sd->low_g)
				return sd->low_g;
			l->count--;
		}
	}
	return COSTS;
}

/* Every waiting node of f <= C to ready. */
static int make_ready(nbs *x, nbs_side *sd, int c)
{
	int f;

	while ((f = least_waiting(sd)) <= c) {
		uint32_t id = sd->waiting[f].ids[--sd->waiting[f].count];
		nbs_node *n = &sd->nodes[id];

		n->ready = 1;
		if (n->g < sd->low_g)
			sd->low_g = n->g;
		if (push(x, &sd->ready[n->g], id))
			return -1;
	}
	return 0;
}

/* The heuristic of cells C (class CLS) on side SD: towards the goal
 * forward, towards the start backward. */
static unsigned estimate(const nbs *x, const nbs_side *sd, pb_cells c, int cls)
{
	pb_state s = { .cells = c, .cls = cls }, t;
	uint8_t values[PB_MAX_CELLS];

	if (!sd->backward)
		return pb_heur_value(x->fwd_h, &s);
	if (x->back_h->info->kind == PB_HEUR_ZERO)
		return 0;
	pb_to_plain(x->d, &s, values);
	pb_from_plain(x->back_d, values, &t, NULL, 0);
	return pb_heur_value(x->back_h, &t);
}

/* Expand the ready node ID of side K: its successors (forward) or
 * predecessors (backward), each checked against the other side. */
static pb_status expand(nbs *x, int k, uint32_t id)
{
	nbs_side *sd = &x->side[k], *other = &x->side[!k];
	const pb_domain *d = x->d;
	pb_state s;
	int g;

	sd->nodes[id].open = 0;
	sd->open_count--;
	x->s->expanded++;
	s.cells = sd->nodes[id].cells;
	s.cls = sd->nodes[id].cls;
	g = sd->nodes[id].g + 1;
	for (int m = 0; m < d->nmoves; m++) {
		pb_state c;
		uint32_t o, cid;
		nbs_node *n;

		if (!(sd->backward ? pb_unapply(d, &s, m, &c) : pb_apply(d, &s, m, &c)))
			continue;
		x->s->generated++;
		o = find(other, c.cells);
		if (o != NO_NODE && g + other->nodes[o].g < x->best) {
			x->best = g + other->nodes[o].g;
			x->meet[k] = id;
			x->meet[!k] = o;
			x->meet_move = (uint8_t)m;
		}
		cid = find(sd, c.cells);
		if (cid != NO_NODE && sd->nodes[cid].g <= g)
			continue;
		if (g >= COSTS - 1 || g >= x->best)
			continue; /* no better path through it */
		if (cid == NO_NODE) {
			cid = add_node(x, sd, c.cells);
			if (cid == NO_NODE)
				return pb_search_alloc_failed(x->s);
			sd->nodes[cid].cls = (uint8_t)c.cls;
			sd->nodes[cid].h = (uint8_t)estimate(x, sd, c.cells, c.cls);
		}
		n = &sd->nodes[cid];
		if (!n->open)
			sd->open_count++;
		n->open = 1;
		n->g = (uint8_t)g;
		n->parent = id;
		n->move = (uint8_t)m;
		if (n->g + n->h < COSTS && push_waiting(x, sd, cid))
			return pb_search_alloc_failed(x->s);
	}
	return PB_SOLVED;
}

static int add_root(nbs *x, int k, const pb_state *s)
{
	nbs_side *sd = &x->side[k];
	uint32_t id = add_node(x, sd, s->cells);

	if (id == NO_NODE)
		return -1;
	sd->nodes[id].cls = (uint8_t)s->cls;
	sd->nodes[id].parent = NO_NODE;
	sd->nodes[id].h = (uint8_t)estimate(x, sd, s->cells, s->cls);
	sd->nodes[id].open = 1;
	sd->open_count = 1;
	return push_waiting(x, sd, id);
}

/* The path: forward from the start to meet[0], the move between, then the
 * backward side's moves from meet[1] to the goal. */
static void write_path(const nbs *x, pb_path *out)
{
	const nbs_side *f = &x->side[0], *b = &x->side[1];
	int n = 0, k;

	for (uint32_t id = x->meet[0]; f->nodes[id].parent != NO_NODE; id = f->nodes[id].parent)
		n++;
	k = n;
	for (uint32_t id = x->meet[0]; f->nodes[id].parent != NO_NODE; id = f->nodes[id].parent)
		out->moves[--k] = f->nodes[id].move;
	out->moves[n++] = x->meet_move;
	for (uint32_t id = x->meet[1]; b->nodes[id].parent != NO_NODE; id = b->nodes[id].parent)
		out->moves[n++] = b->nodes[id].move;
	out->length = n;
}

static pb_status run(nbs *x, const pb_state *start, pb_path *out)
{
	const pb_domain *d = x->d;
	pb_status st = PB_SOLVED;
	int c = 0;

	for (int k = 0; k < 2; k++) {
		nbs_side *sd = &x->side[k];

		sd->backward = k == 1;
		sd->cap = FIRST_NODES;
		sd->nodes = pb_alloc(&x->s->meter, FIRST_NODES * sizeof(nbs_node));
		sd->slots = pb_calloc(&x->s->meter, 2 * FIRST_NODES, sizeof(uint32_t));
		sd->mask = 2 * FIRST_NODES - 1;
		sd->shift = 64 - __builtin_ctzll(2 * FIRST_NODES);
		sd->low_f = sd->low_g = COSTS;
		if (!sd->nodes || !sd->slots)
			return pb_search_alloc_failed(x->s);
	}
	x->best = COSTS;
	if (add_root(x, 0, start) || add_root(x, 1, &d->goal))
		return pb_search_alloc_failed(x->s);
	for (;;) {
		int gf, gb, next;

		if ((st = pb_search_poll(x->s)) != PB_SOLVED)
			return st;
		if (x->best <= c)
			break;
		if (!x->side[0].open_count || !x->side[1].open_count)
			break;
		if (make_ready(x, &x->side[0], c) || make_ready(x, &x->side[1], c))
			return pb_search_alloc_failed(x->s);
		gf = least_ready(&x->side[0]);
		gb = least_ready(&x->side[1]);
		if (gf < COSTS && gb < COSTS && gf + gb + 1 <= c) {
			uint32_t u = x->side[0].ready[gf].ids[--x->side[0].ready[gf].count];
			uint32_t v = x->side[1].ready[gb].ids[--x->side[1].ready[gb].count];

			if ((st = expand(x, 0, u)) != PB_SOLVED || (st = expand(x, 1, v)) != PB_SOLVED)
				return st;
			continue;
		}
		next = least_waiting(&x->side[0]);
		if (least_waiting(&x->side[1]) < next)
			next = least_waiting(&x->side[1]);
		if (gf < COSTS && gb < COSTS && gf + gb + 1 < next)
			next = gf + gb + 1;
		if (next >= COSTS)
			break;
		c = next;
	}
	if (x->best >= COSTS)
		return PB_UNSOLVABLE;
	write_path(x, out);
	return PB_SOLVED;
}

static void release_sides(nbs *x)
{
	for (int k = 0; k < 2; k++) {
		nbs_side *sd = &x->side[k];

		pb_free(sd->nodes);
		pb_free(sd->slots);
		for (int i = 0; i < COSTS; i++) {
			pb_free(sd->waiting[i].ids);
			pb_free(sd->ready[i].ids);
		}
	}
}

/* The copy of the domain whose goal is START, and the heuristic for it. */
static pb_status backward_heuristic(const nbs_ctx *c, const pb_state *start, pb_search *s,
				    pb_domain **dd, pb_heur **hh)
{
	char text[PB_STATE_TEXT_MAX];
	pb_domain *d = pb_alloc(&s->meter, sizeof(*d));
	pb_heur *h = pb_alloc(&s->meter, sizeof(*h));
	pb_status st;

	*dd = d;
	*hh = h;
	if (!d || !h)
		return pb_search_alloc_failed(s);
	*d = *c->informed.d;
	memset(h, 0, sizeof(*h));
	if (c->info->kind == PB_HEUR_ZERO)
		return pb_heur_init(h, c->info, d, NULL, s);
	pb_format(c->informed.d, start, text, sizeof(text));
	if (pb_domain_set_goal(d, text, strlen(text), s->message, sizeof(s->message)))
		return PB_FAILED;
	st = pb_heur_init(h, c->info, d, NULL, s);
	return st;
}

static pb_status nbs_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const nbs_ctx *c = ctx;
	nbs x;
	pb_domain *back_d;
	pb_heur *back_h;
	pb_status st;

	out->length = 0;
	if (!pb_solvable(c->informed.d, start))
		return PB_UNSOLVABLE;
	if (pb_is_goal(c->informed.d, start))
		return PB_SOLVED;
	memset(&x, 0, sizeof(x));
	x.d = c->informed.d;
	x.fwd_h = &c->informed.h;
	x.s = s;
	st = backward_heuristic(c, start, s, &back_d, &back_h);
	if (st == PB_SOLVED) {
		x.back_d = back_d;
		x.back_h = back_h;
		st = run(&x, start, out);
		pb_heur_release(back_h);
	}
	release_sides(&x);
	pb_free(back_h);
	pb_free(back_d);
	return st;
}

static const char *nbs_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg, char *why,
				size_t whylen)
{
	(void)self;
	const pb_heuristic_info *info = pb_heuristic_chosen(d, cfg);
	const char *no = pb_informed_supports(self, d, cfg, why, whylen);

	if (no)
		return no;
	if (pb_domain_needs_inverse(d, "nbs", why, whylen))
		return why;
	if (d->lex_smallest)
		return "nbs: gives any optimal answer, not the least one the domain asks for";
	if (info->kind == PB_HEUR_ZERO)
		return NULL;
	if (!pb_domain_has_goals(d)) {
		snprintf(why, whylen, "nbs: '%s' needs the start as a goal, which %s does not take (use "
			 "--heuristic zero)", info->name, d->name);
		return why;
	}
	if (info->kind != PB_HEUR_MANHATTAN && info->kind != PB_HEUR_LINEAR_CONFLICT &&
	    info->kind != PB_HEUR_GAP) {
		snprintf(why, whylen, "nbs: '%s' is a database built for one goal; nbs builds the backward "
			 "heuristic for each start", info->name);
		return why;
	}
	return NULL;
}

static pb_status nbs_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg, pb_search *s, void **ctx)
{
	(void)self;
	pb_status st;
	const char *no = nbs_supports(self, d, cfg, s->message, sizeof(s->message));

	*ctx = NULL;
	if (no) {
		if (no != s->message)
			snprintf(s->message, sizeof(s->message), "%s", no);
		return PB_UNSUPPORTED;
	}
	st = pb_informed_prepare(d, cfg, s, sizeof(nbs_ctx), ctx);
	if (st == PB_SOLVED)
		((nbs_ctx *)*ctx)->info = pb_heuristic_chosen(d, cfg);
	return st;
}

const pb_solver pb_solver_nbs = {
	.name = "nbs",
	.summary = "NBS: bidirectional heuristic search expanding pairs, near-optimal in expansions (Chen et al. 2017)",
	.supports = nbs_supports,
	.prepare = nbs_prepare,
	.solve = nbs_solve,
	.release = pb_informed_release,
	.heuristics = PB_HEURISTIC_BIT(PB_HEUR_ZERO) | PB_HEURISTIC_BIT(PB_HEUR_MANHATTAN) |
		      PB_HEURISTIC_BIT(PB_HEUR_LINEAR_CONFLICT) | PB_HEURISTIC_BIT(PB_HEUR_GAP),
	.cost = PB_COST_BIDIRECTIONAL,
};
