/* What the two-sided (front-to-end bidirectional) searches share: NBS,
 * DVCBS, GBFHS and BAE*. A search runs forward from the start with a
 * heuristic towards the goal and backward from the goal with one towards
 * the start; a child that the other side holds closes a path, and the
 * shortest so far is U (b->best). What differs between them is which
 * nodes they expand and when, which is theirs alone: their open lists, the
 * flags of their nodes, their bound.
 *
 * Here, for all of them:
 * - the context (pb_bidir_ctx, from prepare to release): the heuristic
 *   towards the goal, which one to build towards each start, and the moves
 *   each side tries after each move (the legal ones but the one that goes
 *   back to the parent); pb_bidir_supports, pb_bidir_prepare and
 *   pb_informed_release are a registry entry's functions (the solver's
 *   name goes into the reasons), and PB_BIDIR_SOLVER the fields of the
 *   entry that all of them share;
 * - the two sides (pb_bidir_side): a node store each (core/nodes.h, with a
 *   byte of h a node: towards the other side's root), side
 *   PB_BIDIR_FORWARD's root the start, PB_BIDIR_BACKWARD's the goal;
 * - pb_bidir_open: the solvability test (parity), the backward heuristic
 *   built for the start, both stores and both roots (counted as
 *   generated); pb_bidir_close frees what it made;
 * - pb_bidir_expand, written once and instantiated per kernel (kernel.h):
 *   a node of one side expanded (counted), its children made by the
 *   kernel's moves (forward) or unmoves (backward), its h made from the
 *   parent's where the kernel allows (as A* does), checked against the
 *   other side where g + h is below U (U and the meeting point updated),
 *   looked up on its own side, and where it is new or closer, its node set
 *   (parent, g, move, h) and handed to the search's visit function, which
 *   queues it;
 * - pb_bidir_path: the answer through the meeting point (pb_bidir_answer:
 *   that, or PB_UNSOLVABLE where the sides never met);
 * - pb_bidir_solve: a registry entry's solve around a search's own parts
 *   (pb_bidir_search_ops: its lists, its roots, its loop).
 *
 * A search's solve then reads:
 *
 *     PB_BIDIR_SEARCH_FN(my_run, my, my_search)
 *     static const pb_bidir_search_ops my_ops = {
 *             .visit = my_visit, .search = my_run, .width = PB_COSTS,
 *     };
 *     my x;
 *     pb_buckets *lists[] = { &x.side[0].open, &x.side[1].open };
 *
 *     memset(x.side, 0, sizeof(x.side));
 *     return pb_bidir_solve(&x.b, &my_ops, lists, 2, ctx, start, s, out);
 *
 * with my the search's struct (its pb_bidir b first, then its sides),
 * my_search an always-inline function of `const pb_kernel k` that loops:
 * poll, stop when its bound reaches U (then pb_bidir_answer), pick a node,
 * pb_bidir_expand(&x->b, k, dir, id, my_visit, x). Where the start is
 * the goal, U is 0 when the search begins (the two roots meet): a search
 * that stops when its bound reaches U stops before expanding anything, and
 * pb_bidir_path gives the empty answer.
 *
 * The backward heuristic works on the forward side's packing: internal
 * labels are the user's values relabelled by their place in the goal
 * (domain.h), so a copy of the domain whose goal is the start (what
 * pb_domain_set_goal makes) labels every value differently, and a state
 * would have to go to plain values and back before every estimate. Instead
 * the heuristic's tables are built in the forward labels for the start's
 * arrangement: a copy of the domain whose goal (goal cells, goal_label,
 * goal_blank) is the start as it is packed, everything else kept (bidir.c
 * says what each heuristic reads of it). Manhattan distance and linear
 * conflicts read only that; the gap table, which reads adjacency from the
 * labels themselves, is filled by bidir.c from the start's order. */
#ifndef PB_BIDIR_H
#define PB_BIDIR_H

#include <assert.h>

#include "../core/nodes.h"
#include "informed.h"

#define PB_BIDIR_FORWARD 0
#define PB_BIDIR_BACKWARD 1

/* From prepare to release. A solver whose context holds more starts its
 * own struct with this one. */
typedef struct pb_bidir_ctx {
	pb_informed informed;          /* the domain, the heuristic towards the goal */
	const pb_heuristic_info *info; /* the heuristic built towards each start */
	/* Side DIR tries from class C after move L (d->nmoves: a root) the
	 * moves of bit mask tried[DIR][C][L]: the legal ones (forward: moves;
	 * backward: moves that some state makes into C, pb_unapply's test)
	 * but the one that goes back to the parent (d->inverse[L]). A child
	 * that is its parent cannot be closer, and cannot lower U: every g a
	 * node gets is checked against the other side's node of its state as
	 * it is set (and that node's, as it is set, against this side's), so
	 * U is already at most the parent's g plus the other side's. */
	uint32_t tried[2][PB_MAX_CLASSES][PB_MAX_MOVES + 1];
} pb_bidir_ctx;

/* NULL when SELF (a two-sided solver; its name goes into the reasons)
 * serves D with the heuristic CFG chooses, else why (a constant or written
 * into WHY): the heuristic must be of a kind built in a moment for another
 * goal (pb_heur_kind_any_goal: zero, manhattan, linear-conflict, gap,
 * gap-k; with zero, every domain whose moves have inverses), and the
 * domain must not ask for the least answer (Magic Squares). */
const char *pb_bidir_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			      char *why, size_t whylen);

/* A context of SIZE bytes (at least sizeof(pb_bidir_ctx), which it starts
 * with; the rest zeroed) for D and CFG into *CTX, through S's meter;
 * freed by pb_informed_release. Returns PB_SOLVED, PB_UNSUPPORTED (why in
 * S->message) or as pb_heur_init. For a search whose context holds more. */
pb_status pb_bidir_prepare_sized(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				 pb_search *s, size_t size, void **ctx);

/* pb_bidir_prepare_sized of a plain pb_bidir_ctx: a registry entry's
 * prepare, for a search that keeps nothing more between solves. */
pb_status pb_bidir_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			   pb_search *s, void **ctx);

/* The fields of a registry entry that every two-sided search shares: its
 * refusals, its context's release, the heuristics it takes (those that
 * pb_bidir_supports can build towards a start) and what its cost grows
 * with. Each entry adds its name, summary, prepare and solve. */
#define PB_BIDIR_SOLVER                                                                  \
	.supports = pb_bidir_supports, .release = pb_informed_release,                   \
	.heuristics = PB_HEURISTICS_ANY_GOAL, .cost = PB_COST_BIDIRECTIONAL

typedef struct pb_bidir_side {
	pb_nodes nodes;   /* with h: towards the other side's root */
	const pb_heur *h; /* forward: the context's; backward: built for the start */
} pb_bidir_side;

typedef struct pb_bidir {
	const pb_domain *d;
	const pb_bidir_ctx *c;
	pb_search *s;
	pb_bidir_side side[2]; /* PB_BIDIR_FORWARD, PB_BIDIR_BACKWARD */
	int best;              /* U: the shortest path found; PB_COSTS while none */
	uint32_t meet[2];      /* each side's node where that path meets */
	uint8_t meet_move;     /* the move from meet[0]'s state to meet[1]'s
				* (PB_NO_MOVE: they are one state) */
	/* the backward heuristic and the domain copy it is built on */
	pb_domain *back_d;
	pb_heur *back_h;
} pb_bidir;

/* Set B up to search from START with context C: both stores, each with its
 * root (node 0; the start forward, the goal backward; flags 0), h of
 * each, and both counted in S->generated. Returns PB_SOLVED, PB_UNSOLVABLE
 * (the parity test says so: nothing searched), PB_MEMOUT, or as
 * pb_heur_init. Call pb_bidir_close in every case. */
pb_status pb_bidir_open(pb_bidir *b, const pb_bidir_ctx *c, const pb_state *start, pb_search *s);

/* Free what pb_bidir_open made (all of it, whatever it returned). */
void pb_bidir_close(pb_bidir *b);

/* What a search does with a node that pb_bidir_expand added or brought
 * closer: ID of side DIR, whose pb_node *N has its new parent, g and move
 * (its flags as they were: 0 where FRESH, a node just added), and H its
 * heuristic. Queue it (and set its flags). Returns 0, or -1 when memory
 * was refused. Pass a static inline function, named: once the expansion
 * is inlined the call is direct, and the compiler inlines it (not
 * PB_INLINE: without optimisation an always-inline function called
 * through a pointer cannot be inlined, and the build fails). */
typedef int (*pb_bidir_visit_fn)(void *search, int dir, uint32_t id, pb_node *n, unsigned h,
				 bool fresh);

/* What a search adds to pb_bidir_solve. Each function gets the search's
 * own struct by its pb_bidir, which that struct starts with. */
typedef struct pb_bidir_search_ops {
	/* Queue each side's root (node 0, which pb_bidir_open made). Returns
	 * 0, or -1 when memory was refused. NULL: each is handed to VISIT
	 * (pb_bidir_queue_roots). */
	int (*roots)(pb_bidir *b);
	pb_bidir_visit_fn visit;
	/* The search on the domain's kernel: PB_SOLVED with the answer in
	 * OUT, or why not (PB_BIDIR_SEARCH_FN). */
	pb_status (*search)(pb_bidir *b, pb_path *out);
	/* The second key of its lists stays below it (pb_buckets_init_keys;
	 * PB_COSTS: any). */
	int width;
} pb_bidir_search_ops;

/* A two-sided search's solve (pb_solver.solve) from START with context
 * CTX, through S, the answer into OUT (empty where there is none): B is
 * the start of the search's own struct, OPS what the search adds, LISTS
 * its NLISTS open lists (both sides'). Sets the lists up, empty, opens B,
 * queues the roots and searches, each only where all before went well,
 * then frees the lists and closes B whatever happened. Returns the first
 * status that is not PB_SOLVED (the roots' refused memory as PB_MEMOUT),
 * else the search's. */
pb_status pb_bidir_solve(pb_bidir *b, const pb_bidir_search_ops *ops, pb_buckets *const *lists,
			 size_t nlists, const void *ctx, const pb_state *start, pb_search *s,
			 pb_path *out);

/* Define NAME, a search function of pb_bidir_search_ops: SEARCH(X, K, OUT),
 * with X the search's struct of TYPE and K the constant of the domain's
 * kernel, SEARCH an always-inline function that the kernel specialises. */
#define PB_BIDIR_SEARCH_FN(NAME, TYPE, SEARCH)                                           \
	static pb_status NAME(pb_bidir *b, pb_path *out)                                 \
	{                                                                                \
		pb_status st = PB_FAILED;                                                \
                                                                                         \
		PB_WITH_KERNEL(b->d, st = SEARCH((TYPE *)b, K, out));                    \
		return st;                                                               \
	}

/* Each side's root (node 0) handed to VISIT(SEARCH, ...) as a node just
 * added, with its h: the roots function of a search that queues its roots
 * as it queues any node. Returns 0, or -1 when memory was refused. */
int pb_bidir_queue_roots(pb_bidir *b, pb_bidir_visit_fn visit, void *search);

/* The node of side DIR (kernel K). */
PB_INLINE pb_node *pb_bidir_node(const pb_bidir *b, const pb_kernel k, int dir, uint32_t id)
{
	return pb_nodes_node(&b->side[dir].nodes, k, id);
}

/* The h of node ID of side DIR. */
PB_INLINE unsigned pb_bidir_h(const pb_bidir *b, int dir, uint32_t id)
{
	return b->side[dir].nodes.h[id];
}

/* A node's flag for open (queued), the same in every search; each numbers
 * its other flags above it. */
#define PB_BIDIR_OPEN 1
/* The flag of an open node of a search that keeps its open nodes in two
 * lists, waiting (by f) and ready (by g, f within the bound): NBS, DVCBS. */
#define PB_BIDIR_READY 2

/* The least g of the ready list Q of side DIR, its node's id in *ID: the
 * entries left behind (a node since moved, closed, or reached by a shorter
 * path: its flags or g no longer match the entry) are dropped on the way.
 * PB_COSTS when Q holds no live entry. */
PB_INLINE int pb_bidir_least_ready(const pb_bidir *b, const pb_kernel k, int dir, pb_buckets *q,
				   uint32_t *id)
{
	int g, zero;

	while ((*id = pb_buckets_peek(q, true, &g, &zero)) != PB_NO_NODE) {
		const pb_node *n = pb_bidir_node(b, k, dir, *id);

		if (n->flags == (PB_BIDIR_OPEN | PB_BIDIR_READY) && n->g == g)
			return g;
		pb_buckets_take(q, g, zero);
	}
	return PB_COSTS;
}

/* For the visit function of a search that queues no node of f >= U: mark
 * node N of a side (of f = g + h F) open where a path through it can be
 * shorter than U, else not open (no shorter path runs through it), and
 * keep *OPEN_COUNT, the side's open nodes, right either way. Returns
 * whether N is open: whether to queue it. */
PB_INLINE bool pb_bidir_mark_open(const pb_bidir *b, pb_node *n, int f, size_t *open_count)
{
	if (f >= b->best) {
		if (n->flags & PB_BIDIR_OPEN)
			(*open_count)--;
		n->flags = 0;
		return false;
	}
	if (!(n->flags & PB_BIDIR_OPEN))
		(*open_count)++;
	n->flags = PB_BIDIR_OPEN;
	return true;
}

/* Side DIR's heuristic of CELLS (class CLS) from scratch: towards the goal
 * (DIR forward) or the start (backward). For a search that keeps both
 * estimates of a node (BAE*). */
PB_INLINE unsigned pb_bidir_h_value(const pb_bidir *b, const pb_kernel k, int dir, pb_cells cells,
				    int cls)
{
	const pb_heur *h = b->side[dir].h;
	pb_state st = { .cells = cells, .cls = cls };

	switch (h->info->kind) {
	case PB_HEUR_ZERO:
		return 0;
	case PB_HEUR_MANHATTAN:
		return pb_heur_manhattan(h, k, cells);
	case PB_HEUR_GAP:
		return pb_kernel_flips(k) ? pb_heur_gaps(h, k, cells) : 0;
	default:
		return pb_heur_value(h, &st);
	}
}

/* The h of CHILD (class TO), made on side DIR by move M from X (class CLS,
 * heuristic H; PARTS its parts, filled on first use where the kind keeps
 * them): from the one tile that moved where the kernel allows, else from
 * scratch. Backward, CHILD is made from X by the move d->inverse[M]. */
PB_INLINE unsigned pb_bidir_child_h(const pb_bidir *b, const pb_kernel k, int dir, pb_cells x,
				    int cls, unsigned h, pb_heur_parts *parts, bool *have_parts,
				    pb_cells child, int to, int m)
{
	const pb_heur *heur = b->side[dir].h;
	pb_heuristic_kind kind = heur->info->kind;
	int made = dir == PB_BIDIR_FORWARD ? m : b->d->inverse[m];
	pb_heur_change c;

	if (made == PB_NO_MOVE)
		return pb_bidir_h_value(b, k, dir, child, to);
	if (pb_heur_kind_has_parts(kind) && !*have_parts) {
		pb_heur_parts_init(heur, x, parts); /* once an expansion: a call */
		*have_parts = true;
	}
	return pb_heur_step(heur, k, kind, x, cls, h, parts, child, to, made, &c);
}

/* Expand node ID of side DIR: count it, make its children (forward: the
 * states its moves lead to; backward: the states whose moves lead to it),
 * and for each: a path through it to the other side's node of that state
 * shorter than U becomes U (meet[] and meet_move say where); then, where
 * its side does not hold it at a g this low or lower, and its g is below U
 * (no shorter path runs through it otherwise) and below PB_COSTS - 1, its
 * node is added or moved (parent ID, g, the move: forward the move from
 * the parent, backward the move to it) and VISIT(SEARCH, ...) queues it.
 * Returns PB_SOLVED to go on, PB_MEMOUT (pb_search_alloc_failed).
 *
 * The other side is not looked at where g + h of the child reaches U: a
 * node of the other side holds a path between the child and its root, at
 * least as long as h says (the heuristics are admissible), so the two
 * cannot make a path shorter than U. Nor is the own side where g reaches
 * U. Each child's h is made from its parent's first, for that test. */
PB_INLINE pb_status pb_bidir_expand(pb_bidir *b, const pb_kernel k, const int dir, uint32_t id,
				    const pb_bidir_visit_fn visit, void *search)
{
	const pb_domain *d = b->d;
	pb_nodes *own = &b->side[dir].nodes, *other = &b->side[!dir].nodes;
	pb_cells x = pb_nodes_cells(own, k, id);
	pb_node xi = *pb_nodes_node(own, k, id);
	unsigned h = own->h[id];
	int cls = xi.cls, g = xi.g + 1;
	uint32_t tried = b->c->tried[dir][cls][xi.move == PB_NO_MOVE ? d->nmoves : xi.move];
	pb_heur_parts parts;
	bool have_parts = false, closer = g < b->best && g < PB_COSTS - 1;

	pb_cells children[PB_MAX_MOVES];
	int to[PB_MAX_MOVES];
	unsigned hs[PB_MAX_MOVES];
	uint8_t moves[PB_MAX_MOVES];
	int n = 0;

	b->s->expanded++;
	/* the children's slots on both sides first, fetched together */
	for (int m = 0; m < pb_kernel_nmoves(k, d); m++) {
		if (!(tried & (1u << m)))
			continue;
		if (dir == PB_BIDIR_FORWARD) {
			to[n] = d->next_class[cls][m];
			children[n] = pb_kernel_move_to(k, d, x, cls, m, to[n]);
		} else {
			to[n] = d->prev_class[cls][m];
			children[n] = pb_kernel_unmove(k, d, x, cls, m);
		}
		if (pb_kernel_stays(k, x, children[n]))
			continue;
		hs[n] = pb_bidir_child_h(b, k, dir, x, cls, h, &parts, &have_parts, children[n], to[n], m);
		if (g + (int)hs[n] < b->best)
			pb_nodes_prefetch(other, k, children[n]);
		if (closer)
			pb_nodes_prefetch(own, k, children[n]);
		moves[n++] = (uint8_t)m;
	}
	b->s->generated += (uint64_t)n;
	for (int i = 0; i < n; i++) {
		pb_cells child = children[i];
		uint32_t o, cid;
		pb_node *ci;
		bool fresh;

		if (g + (int)hs[i] < b->best && (o = pb_nodes_find(other, k, child)) != PB_NO_NODE &&
		    g + pb_nodes_node(other, k, o)->g < b->best) {
			b->best = g + pb_nodes_node(other, k, o)->g;
			b->meet[dir] = id;
			b->meet[!dir] = o;
			b->meet_move = moves[i];
		}
		if (g >= PB_COSTS - 1 || g >= b->best)
			continue; /* no shorter path through it */
		cid = pb_nodes_find(own, k, child);
		if (cid != PB_NO_NODE && pb_nodes_node(own, k, cid)->g <= g)
			continue;
		fresh = cid == PB_NO_NODE;
		assert(fresh || own->h[cid] == hs[i]);
		if (fresh) {
			cid = pb_nodes_add(own, k, child,
					   (pb_node){ id, (uint8_t)g, moves[i], (uint8_t)to[i], 0 }, hs[i]);
			if (cid == PB_NO_NODE)
				return pb_search_alloc_failed(b->s);
		}
		ci = pb_nodes_node(own, k, cid);
		ci->parent = id;
		ci->g = (uint8_t)g;
		ci->move = moves[i];
		if (visit(search, dir, cid, ci, hs[i], fresh))
			return pb_search_alloc_failed(b->s);
	}
	return PB_SOLVED;
}

/* The answer: the forward side's moves from the start to meet[0], the
 * meeting move, then the backward side's from meet[1] to the goal (read
 * along its parents). B must have met (best < PB_COSTS). */
PB_INLINE void pb_bidir_path(const pb_bidir *b, const pb_kernel k, pb_path *out)
{
	const pb_nodes *back = &b->side[PB_BIDIR_BACKWARD].nodes;
	int n = pb_nodes_path(&b->side[PB_BIDIR_FORWARD].nodes, k, b->meet[PB_BIDIR_FORWARD],
			      out->moves);

	if (b->meet_move != PB_NO_MOVE)
		out->moves[n++] = b->meet_move;
	for (uint32_t id = b->meet[PB_BIDIR_BACKWARD]; pb_nodes_node(back, k, id)->parent != PB_NO_NODE;
	     id = pb_nodes_node(back, k, id)->parent)
		out->moves[n++] = pb_nodes_node(back, k, id)->move;
	out->length = n;
}

/* The search's end: PB_UNSOLVABLE where the sides never met (U is still
 * PB_COSTS), else PB_SOLVED with the answer through the meeting point in
 * OUT (pb_bidir_path). */
PB_INLINE pb_status pb_bidir_answer(const pb_bidir *b, const pb_kernel k, pb_path *out)
{
	if (b->best >= PB_COSTS)
		return PB_UNSOLVABLE;
	pb_bidir_path(b, k, out);
	return PB_SOLVED;
}

#endif
