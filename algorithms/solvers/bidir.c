/* The two-sided searches' common part (see bidir.h). */
#include "bidir.h"

#include <stdio.h>
#include <string.h>

const char *pb_bidir_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			      char *why, size_t whylen)
{
	const char *name = self ? self->name : "bidir";
	const pb_heuristic_info *info = pb_heuristic_chosen(d, cfg);
	const char *no = pb_informed_supports(self, d, cfg, why, whylen);

	if (no)
		return no;
	if (pb_domain_needs_inverse(d, name, why, whylen))
		return why;
	if (d->lex_smallest) {
		snprintf(why, whylen, "%s: gives any optimal answer, not the least one the domain asks for",
			 name);
		return why;
	}
	if (info->kind == PB_HEUR_ZERO)
		return NULL;
	if (!pb_domain_has_goals(d)) {
		snprintf(why, whylen, "%s: '%s' needs the start as a goal, which %s does not take (use "
			 "--heuristic zero)", name, info->name, d->name);
		return why;
	}
	if (!pb_heur_kind_any_goal(info->kind)) {
		snprintf(why, whylen, "%s: '%s' is a database built for one goal; %s builds the backward "
			 "heuristic for each start", name, info->name, name);
		return why;
	}
	return NULL;
}

/* The moves of side DIR from class CLS after move LAST (see tried in
 * bidir.h). */
static uint32_t moves_tried(const pb_domain *d, int dir, int cls, int last)
{
	int back = last < d->nmoves ? d->inverse[last] : PB_NO_MOVE;
	uint32_t mask = 0;

	for (int m = 0; m < d->nmoves; m++) {
		bool legal = dir == PB_BIDIR_FORWARD
				     ? d->next_class[cls][m] >= 0
				     : d->prev_class[cls][m] >= 0 &&
					       !(d->space && d->inverse[m] == PB_NO_MOVE);

		if (legal && m != back)
			mask |= 1u << m;
	}
	return mask;
}

pb_status pb_bidir_prepare_sized(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				 pb_search *s, size_t size, void **ctx)
{
	const char *no = pb_bidir_supports(self, d, cfg, s->message, sizeof(s->message));
	pb_bidir_ctx *c;
	pb_status st;

	*ctx = NULL;
	if (no) {
		if (no != s->message)
			snprintf(s->message, sizeof(s->message), "%s", no);
		return PB_UNSUPPORTED;
	}
	st = pb_informed_prepare(d, cfg, s, size, ctx);
	if (st != PB_SOLVED)
		return st;
	c = *ctx;
	c->info = pb_heuristic_chosen(d, cfg);
	for (int dir = 0; dir < 2; dir++)
		for (int cls = 0; cls < d->nclasses; cls++)
			for (int last = 0; last <= d->nmoves; last++)
				c->tried[dir][cls][last] = moves_tried(d, dir, cls, last);
	return PB_SOLVED;
}

pb_status pb_bidir_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			   pb_search *s, void **ctx)
{
	return pb_bidir_prepare_sized(self, d, cfg, s, sizeof(pb_bidir_ctx), ctx);
}

/* Pancakes: the gap table of H for distances to START (forward labels; the
 * plate is label n): a gap where two neighbours are not neighbours in
 * START. gap-k counts no gap of a pancake among the top k of START: what
 * the heuristic is for a domain whose goal is START (labels are places in
 * the goal, and gap-k ignores the k lowest labels). */
static void start_gaps(pb_heur *h, const pb_domain *d, const pb_state *start)
{
	const int n = d->cells;
	uint32_t counted = h->info->groups[0];
	int place[PB_MAX_CELLS + 1];

	for (int c = 0; c < n; c++)
		place[pb_cell_at(d, start->cells, c)] = c;
	place[n] = n;
	memset(h->gap, 0, sizeof(h->gap));
	for (int a = 0; a <= n; a++) {
		for (int b = 0; b <= n; b++) {
			int pa = place[a], pb = place[b];
			bool counts = (pa == n || (counted >> pa & 1u)) && (pb == n || (counted >> pb & 1u));

			h->gap[a][b] = (uint8_t)(counts && (pa - pb > 1 || pb - pa > 1));
		}
	}
}

/* The heuristic towards START, in the forward labels (see bidir.h): on a
 * copy of the domain whose goal is START as packed. What the heuristics
 * read of the goal: Manhattan distance and linear conflicts the value at
 * each cell (goal_label); the tiles' goal blank; nothing else of it. */
static pb_status backward_heuristic(pb_bidir *b, const pb_state *start)
{
	const pb_domain *d = b->d;
	pb_search *s = b->s;
	pb_status st;

	b->back_d = pb_alloc(&s->meter, sizeof(*b->back_d));
	b->back_h = pb_alloc(&s->meter, sizeof(*b->back_h));
	if (!b->back_d || !b->back_h)
		return pb_search_alloc_failed(s);
	*b->back_d = *d;
	memset(b->back_h, 0, sizeof(*b->back_h));
	if (b->c->info->kind != PB_HEUR_ZERO) {
		b->back_d->goal = *start;
		for (int c = 0; c < d->cells; c++)
			b->back_d->goal_label[c] = (uint8_t)pb_cell_at(d, start->cells, c);
		if (d->goal_blank >= 0)
			b->back_d->goal_blank = start->cls;
	}
	st = pb_heur_init(b->back_h, b->c->info, b->back_d, NULL, s);
	if (st != PB_SOLVED) {
		pb_free(b->back_h);
		b->back_h = NULL;
		return st;
	}
	if (b->c->info->kind == PB_HEUR_GAP)
		start_gaps(b->back_h, d, start);
	return PB_SOLVED;
}

/* The root of side DIR: the state ROOT, with its h. */
static int add_root(pb_bidir *b, int dir, const pb_state *root)
{
	unsigned h = pb_heur_value(b->side[dir].h, root);
	uint32_t id = PB_NO_NODE;

	PB_WITH_KERNEL(b->d, id = pb_nodes_add(&b->side[dir].nodes, K, root->cells,
					       (pb_node){ PB_NO_NODE, 0, PB_NO_MOVE,
							  (uint8_t)root->cls, 0 },
					       h));
	b->s->generated++; /* each side's start (docs/measurements.md, Nodes) */
	return id == PB_NO_NODE ? -1 : 0;
}

pb_status pb_bidir_open(pb_bidir *b, const pb_bidir_ctx *c, const pb_state *start, pb_search *s)
{
	const pb_domain *d = c->informed.d;
	pb_status st;

	memset(b, 0, sizeof(*b));
	b->d = d;
	b->c = c;
	b->s = s;
	b->best = PB_COSTS;
	if (!pb_solvable(d, start))
		return PB_UNSOLVABLE;
	st = backward_heuristic(b, start);
	if (st != PB_SOLVED)
		return st;
	b->side[PB_BIDIR_FORWARD].h = &c->informed.h;
	b->side[PB_BIDIR_BACKWARD].h = b->back_h;
	for (int dir = 0; dir < 2; dir++)
		if (pb_nodes_init(&b->side[dir].nodes, &s->meter, d->kernel, true))
			return pb_search_alloc_failed(s);
	if (add_root(b, PB_BIDIR_FORWARD, start) || add_root(b, PB_BIDIR_BACKWARD, &d->goal))
		return pb_search_alloc_failed(s);
	if (pb_is_goal(d, start)) {
		/* the roots meet */
		b->best = 0;
		b->meet_move = PB_NO_MOVE;
	}
	return PB_SOLVED;
}

void pb_bidir_close(pb_bidir *b)
{
	for (int dir = 0; dir < 2; dir++)
		pb_nodes_free(&b->side[dir].nodes);
	if (b->back_h)
		pb_heur_release(b->back_h);
	pb_free(b->back_h);
	pb_free(b->back_d);
	b->back_h = NULL;
	b->back_d = NULL;
}

pb_status pb_bidir_solve(pb_bidir *b, const pb_bidir_search_ops *ops, pb_buckets *const *lists,
			 size_t nlists, const void *ctx, const pb_state *start, pb_search *s,
			 pb_path *out)
{
	pb_status st;

	out->length = 0;
	for (size_t i = 0; i < nlists; i++)
		pb_buckets_init_keys(lists[i], &s->meter, ops->width);
	st = pb_bidir_open(b, ctx, start, s);
	if (st == PB_SOLVED &&
	    (ops->roots ? ops->roots(b) : pb_bidir_queue_roots(b, ops->visit, b)))
		st = pb_search_alloc_failed(s);
	if (st == PB_SOLVED)
		st = ops->search(b, out);
	for (size_t i = 0; i < nlists; i++)
		pb_buckets_free(lists[i]);
	pb_bidir_close(b);
	return st;
}

int pb_bidir_queue_roots(pb_bidir *b, pb_bidir_visit_fn visit, void *search)
{
	for (int dir = 0; dir < 2; dir++) {
		pb_node *n = NULL;

		PB_WITH_KERNEL(b->d, n = pb_bidir_node(b, K, dir, 0));
		if (visit(search, dir, 0, n, pb_bidir_h(b, dir, 0), true))
			return -1;
	}
	return 0;
}
