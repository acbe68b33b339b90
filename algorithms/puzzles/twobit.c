/* Whole state spaces at two bits a state (twobit.h): the table built by
 * a breadth-first search, a layer at a time (each layer's work, pushed or
 * pulled, in twobit_layer.c); an optimal path walked down it; and its
 * cache file. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../core/blob.h"
#include "../core/workers.h"
#include "../heuristics/pdb.h"
#include "twobit_int.h"

/* Whether the layer of LAYER states in GROUPS groups costs less pulled
 * than pushed, the last push having expanded EXPANDED states for a layer
 * of PUSHED. Tiles: a push expands the layer's states and those of 6, 12,
 * ... before in its groups (or rows), taken in the same proportion as in
 * the last push (on 7x2 about none; on the last layers of 2x6 up to as
 * many again); a pull checks the unseen states of the next distance's
 * colour (about half the unseen), each for about two thirds of what an
 * expansion costs (the sideways neighbours at once), but reads every
 * group's codes to find them, where a push reads the frontier: on 7x2,
 * 1.3 s a layer however few it finds, which is what expanding some 1/512
 * of the states costs. Elsewhere a push expands the states of the
 * layer's residue in its groups (taken as a third of each group: the
 * residues come round in turn), a pull checks every unseen state. */
static bool pull_cheaper(const pb_twobit *t, const builder *b, uint64_t layer, uint64_t groups,
			 uint64_t expanded, uint64_t pushed)
{
	uint64_t unseen = t->states - t->reached;

	if (b->tiles)
		return (double)(unseen / 3 + t->states / 512) <
		       (double)layer * ((double)expanded / (double)pushed);
	return unseen < groups * b->size / 3;
}

uint64_t pb_twobit_bytes(const pb_domain *d)
{
	return (d->index_count + CODES_PER_WORD - 1) / CODES_PER_WORD * sizeof(uint64_t);
}

/* Bytes of one frontier: a bit a group (or a row), in whole chunks. */
static uint64_t frontier_bytes(const builder *b)
{
	return (b->groups - b->base + CHUNK_GROUPS - 1) / CHUNK_GROUPS * CHUNK_GROUPS / 8 *
	       (uint64_t)b->fbits;
}

/* The hook pb_twobit_on_layer sets. */
static void (*on_layer)(void *arg, int depth, uint64_t reached, uint64_t states);
static void *on_layer_arg;

void pb_twobit_on_layer(void (*fn)(void *arg, int depth, uint64_t reached, uint64_t states),
			void *arg)
{
	on_layer = fn;
	on_layer_arg = arg;
}

/* A fill of a big block by the threads, a slice at a time from a shared
 * counter: the first touch of a table's pages (the kernel zeroing each,
 * which on this virtual machine took 9 s of CPU for 7x2's 12 GB) and a
 * frontier's clearing each layer spread over the processors. */
#define FILL_SLICE ((size_t)1 << 22)
struct fill {
	unsigned char *p;
	int c;
	size_t n, next; /* next: atomic */
};

static void *fill_slices(void *arg)
{
	struct fill *f = *(struct fill **)arg;
	size_t k, slices = (f->n + FILL_SLICE - 1) / FILL_SLICE;

	while ((k = __atomic_fetch_add(&f->next, 1, __ATOMIC_RELAXED)) < slices) {
		size_t at = k * FILL_SLICE;

		memset(f->p + at, f->c, f->n - at < FILL_SLICE ? f->n - at : FILL_SLICE);
	}
	return NULL;
}

/* memset(P, C, N) by NTHREADS threads (one where N is small). */
static void fill(void *p, int c, size_t n, int nthreads)
{
	struct fill f = { .p = p, .c = c, .n = n };
	struct fill *args[PB_TWOBIT_MAX_THREADS];

	if (n < 2 * FILL_SLICE)
		nthreads = 1;
	for (int i = 0; i < nthreads; i++)
		args[i] = &f;
	pb_workers_run(fill_slices, args, sizeof(*args), nthreads);
}

/* A frontier, in huge pages where the kernel has them, cleared by
 * NTHREADS threads; NULL where the meter refuses it. */
static uint64_t *frontier_alloc(const builder *b, pb_meter *m, int nthreads)
{
	uint64_t bytes = frontier_bytes(b), *f = pb_alloc(m, bytes);

	if (f) {
		pb_want_huge_pages(f, bytes);
		fill(f, 0, bytes, nthreads);
	}
	return f;
}

/* B set for the layer at DEPTH (pulled or not) with FRONTIERS: the
 * layer's the one of DEPTH's parity, the next's cleared by NTHREADS
 * threads. */
static void begin_layer(builder *b, int depth, bool pull, uint64_t **frontiers, int nthreads)
{
	b->now = (unsigned)depth % 3;
	b->next = (unsigned)(depth + 1) % 3;
	b->pull = pull;
	b->layer_colour = b->colour[(depth + b->pull) % 2];
	b->before = (unsigned)(depth + 2) % 3;
	/* (on one row, no far moves: none) */
	b->skip_one_far = depth > 0 ? b->first_row ^ b->last_row : 0;
	b->frontier = frontiers[depth % 2];
	b->next_frontier = frontiers[(depth + 1) % 2];
	fill(b->next_frontier, 0, frontier_bytes(b), nthreads);
}

static pb_status search(pb_twobit *t, builder *b, pb_search *s, int nthreads)
{
	uint64_t *frontiers[2], groups = 1, goal = pb_index(b->d, &b->d->goal);
	/* the last push's states expanded, and its layer's */
	uint64_t expanded = 1, pushed = 1;
	int depth;

	frontiers[0] = frontier_alloc(b, &s->meter, nthreads);
	frontiers[1] = frontier_alloc(b, &s->meter, nthreads);
	if (!frontiers[0] || !frontiers[1]) {
		pb_free(frontiers[0]);
		pb_free(frontiers[1]);
		return pb_search_alloc_failed(s);
	}
	frontier_put(b, frontiers[0], goal, group_of(b, goal));
	for (depth = 0;; depth++) {
		uint64_t fresh, before = s->expanded;
		pb_status st;

		begin_layer(b, depth,
			    pull_cheaper(t, b, t->counts[depth], groups, expanded, pushed), frontiers,
			    nthreads);
		st = twobit_run_layer(b, s, nthreads, &fresh, &groups);
		if (!b->pull && s->expanded > before) {
			expanded = s->expanded - before;
			pushed = t->counts[depth];
		}
		if (st == PB_SOLVED && fresh && depth + 1 > PB_TWOBIT_MAX_DEPTH) {
			snprintf(s->message, sizeof(s->message), "%s: distances past %d", t->d->name,
				 PB_TWOBIT_MAX_DEPTH);
			st = PB_UNSUPPORTED;
		}
		if (st != PB_SOLVED || !fresh) {
			pb_free(frontiers[0]);
			pb_free(frontiers[1]);
			t->radius = depth;
			return st;
		}
		t->counts[depth + 1] = fresh;
		t->reached += fresh;
		if (on_layer)
			on_layer(on_layer_arg, depth + 1, t->reached, t->states);
	}
}

/* Digits a tiles group's table of its last digits covers (at most):
 * 7! / 2 groups, 20 KB. */
#define LOW_DIGITS 5

/* Tiles: the board's masks and weights in B (see builder), its table of
 * the last digits in a block through M that *BLOCK holds. Returns false
 * when the meter refuses it. */
static bool set_tiles(builder *b, const pb_domain *d, uint64_t goal, pb_meter *m, void **block)
{
	int gb = (int)(goal % (uint64_t)d->cells);
	int n = d->cells - 1, digits = n - 2 < LOW_DIGITS ? n - 2 : LOW_DIGITS;
	uint64_t *low;

	b->tiles = d->cells - 1;
	if (d->height == 2)
		b->row_mask[1] = b->row_mask[2] = 0;
	for (int j = 0; j < d->cells; j++) {
		uint64_t bit = 1ULL << (2 * j);
		int colour = (j % d->width + j / d->width + gb % d->width + gb / d->width) % 2;

		if (j % d->width == 0)
			b->first_col |= bit;
		if (j % d->width == d->width - 1)
			b->last_col |= bit;
		if (j < d->width)
			b->first_row |= bit;
		if (j >= d->cells - d->width)
			b->last_row |= bit;
		if (pb_tiles_parity_needed(d, j))
			b->odd_rows |= bit;
		b->colour[colour] |= bit;
		if (d->height == 2)
			b->row_mask[1 + (j >= d->width)] |= bit;
	}
	if (d->height == 2) {
		b->fbits = 2;
		b->row_cell = (uint64_t)d->width;
		b->row_mask[3] = b->row_mask[1] | b->row_mask[2];
	}
	for (int i = 0; i < b->tiles; i++)
		b->weight[i] = pb_factorial(b->tiles - 1 - i);
	for (int r = 2; r <= b->tiles; r++)
		b->inverse[r] = UINT64_MAX / (uint64_t)r + 1;
	/* the digits LOW_FIRST..n - 3 (radices DIGITS + 2 .. 3) of the
	 * ranks 2l, l < (DIGITS + 2)! / 2 (digit n - 2, of radix 2, is 0) */
	b->low_first = n - 2 - digits;
	b->low_groups = pb_factorial(digits + 2) / 2;
	b->low_inverse = UINT64_MAX / b->low_groups + 1;
	*block = low = pb_alloc(m, b->low_groups * sizeof(*low));
	if (!low)
		return false;
	for (uint64_t l = 0; l < b->low_groups; l++) {
		uint64_t r = 2 * l, dg = 0;

		for (int i = n - 2; i >= b->low_first; i--) {
			dg |= r % (uint64_t)(n - i) << (4 * i);
			r /= (uint64_t)(n - i);
		}
		low[l] = dg;
	}
	b->low_digits = low;
	return true;
}

/* Pancakes: B's groups and their tables (see twobit_int.h), allocated in
 * one block through M, which *BLOCK holds (pb_free it after the search).
 * Returns false when the meter refuses it. */
static bool set_pancakes(builder *b, const pb_domain *d, pb_meter *m, void **block)
{
	const int cells = pancake_group_cells(d->cells);
	uint64_t words = 0, *top;
	uint32_t *at;

	for (int j = 0; j <= PB_RANK_MAX && j <= d->cells; j++) {
		b->fact[j] = pb_factorial(j);
		b->fact_inverse[j] = UINT64_MAX / b->fact[j] + 1;
	}
	for (int j = 2; j <= cells; j++)
		words += (b->fact[j] + 1) / 2;
	*block = pb_alloc(m, (b->fact[cells] + words) * sizeof(uint64_t));
	if (!*block)
		return false;
	top = *block;
	/* the order whose index (from the bottom) is L, from the top */
	for (uint64_t l = 0; l < b->fact[cells]; l++)
		top[l] = (uint64_t)pb_kernel_flip(PB_KERNEL_FLIP4, (pb_cells)pb_unrank(l, cells), cells);
	at = (uint32_t *)(top + b->fact[cells]);
	for (int j = 2; j <= cells; j++) {
		/* the top J in the order of index U; flipped, in the order
		 * whose index read from the top is U */
		for (uint64_t u = 0; u < b->fact[j]; u++)
			at[u] = (uint32_t)pb_rank((uint64_t)pb_kernel_flip(PB_KERNEL_FLIP4,
									     (pb_cells)pb_unrank(u, j), j), j);
		b->flip[j] = at;
		at += (b->fact[j] + 1) / 2 * 2;
	}
	b->top = top;
	b->flips_in = cells;
	b->top_mask = ~0ULL >> (64 - 4 * cells);
	b->chunk = 1;
	return true;
}

/* Whether D has a table to search: an index, and moves the search can
 * undo; else the reason in S->message. */
static bool searchable(const pb_domain *d, pb_search *s)
{
	if (!d->index_count) {
		snprintf(s->message, sizeof(s->message), "%s has no index for a table", d->name);
		return false;
	}
	return !pb_domain_needs_inverse(d, "the two-bit search", s->message, sizeof(s->message));
}

/* The goal of index GOAL at distance 0 in CODES. */
static void mark_goal(uint64_t *codes, uint64_t goal)
{
	codes[goal / CODES_PER_WORD] &= ~((uint64_t)PB_TWOBIT_UNSEEN << (2 * (goal % CODES_PER_WORD)));
}

/* Whether D's search goes by blocks of pancake stacks (set_pancakes). */
static bool stack_groups(const pb_domain *d)
{
	return d->kernel == PB_KERNEL_FLIP4 && pancake_group_cells(d->cells);
}

/* The states of a group of D's search: a tiles arrangement's cells, a
 * block of m! pancake stacks, or a word of codes. */
static uint64_t group_size(const pb_domain *d)
{
	uint64_t size = CODES_PER_WORD;

	if (stack_groups(d))
		return pb_factorial(pancake_group_cells(d->cells));
	PB_WITH_KERNEL(d, size = grouped(K) ? (uint64_t)d->cells : CODES_PER_WORD);
	return size;
}

/* ---- Turned boards (pb_twobit's turn) ---------------------------------- */

struct pb_twobit_turn {
	pb_domain d;                 /* the board turned over its diagonal */
	uint8_t cell[PB_MAX_CELLS];  /* a cell of the board: where it goes */
	uint8_t label[PB_MAX_CELLS]; /* an internal label of the board: the
				      * turned goal's at the cell its tile's
				      * goal cell goes to (the blank 0) */
};

/* Whether D's table is searched on its board turned: tiles in groups (see
 * grouped) on a board two wide and higher, which turned has two rows
 * (see the builder's fbits and skip_one_far). Where the turned board would
 * have more, the turn bought nothing: 3x4 searched as 4x3, 4 pairs, 0.99
 * to 1.05 times as slow. */
static bool turns(const pb_domain *d)
{
	bool g = false;

	if (!d->board || d->width != 2 || d->height <= 2 || !d->index_count)
		return false;
	PB_WITH_KERNEL(d, g = grouped(K));
	return g;
}

/* D's board turned into *OUT (NULL where D's is not turned): the goal
 * turned with it, so that the turned board's search from its goal is D's
 * search, state for state. A domain, as D is, about 50 KB: outside the
 * meter, which counts the search's memory. Returns PB_SOLVED, PB_MEMOUT
 * where there is no memory for it, or PB_UNSUPPORTED where the turned
 * board cannot be made, the reason in MSG (LEN bytes). */
static pb_status turn_make(const pb_domain *d, struct pb_twobit_turn **out, char *msg,
			   size_t len)
{
	struct pb_twobit_turn *u;
	char name[sizeof(d->name)], goal[4 * PB_MAX_CELLS], err[200];
	size_t at = 0;
	int label = 1;

	*out = NULL;
	if (!turns(d))
		return PB_SOLVED;
	u = malloc(sizeof(*u));
	if (!u)
		return PB_MEMOUT;
	/* cell (r, c) of the W x H board, r W + c, goes to (c, r) of the
	 * H x W one, c H + r */
	for (int i = 0; i < d->cells; i++)
		u->cell[i] = (uint8_t)(i % d->width * d->height + i / d->width);
	/* the turned goal: 1, 2, ... in its reading order, the blank where
	 * the goal's goes */
	for (int i = 0; i < d->cells; i++)
		at += (size_t)snprintf(goal + at, sizeof(goal) - at, "%d ",
				       i == u->cell[d->goal_blank] ? 0 : label++);
	snprintf(name, sizeof(name), "tiles%dx%d", d->height, d->width);
	if (pb_domain_init(&u->d, name, err, sizeof(err)) ||
	    pb_domain_set_goal(&u->d, goal, at, err, sizeof(err))) {
		snprintf(msg, len, "%s turned: %s", d->name, err);
		free(u);
		return PB_UNSUPPORTED;
	}
	for (int i = 0; i < d->cells; i++)
		u->label[d->goal_label[i]] = u->d.goal_label[u->cell[i]];
	*out = u;
	return PB_SOLVED;
}

uint64_t pb_twobit_index(const pb_twobit *t, const pb_state *s)
{
	const struct pb_twobit_turn *u = t->turn;
	pb_state y = { .cells = 0 };

	if (!u)
		return pb_index(t->d, s);
	for (int i = 0; i < t->d->cells; i++) {
		unsigned v = u->label[pb_cell_at(t->d, s->cells, i)];

		PB_WITH_KERNEL(&u->d, y.cells = pb_cell_put(K, y.cells, u->cell[i], v));
	}
	y.cls = u->cell[s->cls];
	return pb_index(&u->d, &y);
}

/* The domain T's codes are searched on: its board, or that turned. */
static const pb_domain *searched(const pb_twobit *t)
{
	return t->turn ? &t->turn->d : t->d;
}

/* B for D's table T (whose states are set; the codes are the caller's to
 * set): the groups, and the tiles' or the pancakes' tables, these in a
 * block through M that *BLOCK holds (pb_free it after the search), the
 * whole index one part. Returns false when the meter refuses it. */
static bool set_builder(builder *b, pb_twobit *t, const pb_domain *d, pb_meter *m, void **block)
{
	*b = (builder){ .t = t, .d = d, .fbits = 1, .row_mask = { 0, ~0ULL, ~0ULL, ~0ULL } };
	*block = NULL;
	b->chunk = CHUNK_GROUPS;
	b->size = group_size(d);
	PB_WITH_KERNEL(d, b->tiles = grouped(K));
	if (b->tiles && !set_tiles(b, d, pb_index(d, &d->goal), m, block))
		return false;
	if (stack_groups(d) && !set_pancakes(b, d, m, block))
		return false;
	b->groups = (t->states + b->size - 1) / b->size;
	b->size_inverse = UINT64_MAX / b->size + 1;
	b->round_end = b->groups;
	b->span = t->states;
	return true;
}

/* The defaults (twobit.h) */
static pb_twobit_rounds rounds = { (uint64_t)1 << 30, (uint64_t)4 << 20, (uint64_t)256 << 20 };

pb_twobit_rounds pb_twobit_set_rounds(pb_twobit_rounds r)
{
	pb_twobit_rounds was = rounds;

	rounds = r;
	return was;
}

bool twobit_bins_set(builder *b, pb_meter *m, int nthreads)
{
	struct bins *bins;
	uint64_t blocks;
	unsigned shift = 6;

	b->bins = NULL;
	/* the tiles' groups; the pancakes' (a chunk of a group of 362,880
	 * stacks, whose far flips could fill 6 MB of bins) are left to the
	 * push without rounds for now, for the memory */
	if (pb_twobit_bytes(b->d) <= rounds.above || !b->tiles)
		return false;
	/* the largest region of whole words within the bytes set (and its
	 * states' offsets 32 bits) */
	while ((b->size << (shift + 1)) / 4 <= rounds.region_bytes &&
	       (b->size << (shift + 1)) < ((uint64_t)1 << 32) && ((uint64_t)1 << shift) < b->groups)
		shift++;
	bins = pb_calloc(m, 1, sizeof(*bins));
	if (!bins)
		return false;
	bins->shift = shift;
	bins->regions = ((b->groups - b->base) + ((uint64_t)1 << shift) - 1) >> shift;
	/* a state's neighbours outside its group: a move up and one down
	 * at most */
	b->bin_room = bins->regions + (b->chunk * b->size * 2 + BIN_BLOCK - 1) / BIN_BLOCK + 1;
	blocks = rounds.bin_bytes / (uint64_t)nthreads / sizeof(bin_block);
	if (blocks < 4 * b->bin_room)
		blocks = 4 * b->bin_room;
	b->bins = bins;
	b->bin_shift = shift;
	for (int k = 0; k < nthreads; k++) {
		bin_set *set = &bins->set[k];

		bins->sets = k + 1;
		set->blocks = blocks;
		set->pool = pb_alloc(m, blocks * sizeof(bin_block));
		set->head = pb_calloc(m, bins->regions, sizeof(*set->head));
		set->tail = pb_calloc(m, bins->regions, sizeof(*set->tail));
		set->end = pb_calloc(m, bins->regions, sizeof(*set->end));
		if (!set->pool || !set->head || !set->tail || !set->end) {
			twobit_bins_free(b);
			return false;
		}
	}
	return true;
}

void twobit_bins_free(builder *b)
{
	struct bins *bins = b->bins;

	if (!bins)
		return;
	for (int k = 0; k < bins->sets; k++) {
		pb_free(bins->set[k].pool);
		pb_free(bins->set[k].head);
		pb_free(bins->set[k].tail);
		pb_free(bins->set[k].end);
	}
	pb_free(bins);
	b->bins = NULL;
}

pb_status pb_twobit_build(pb_twobit *t, const pb_domain *d, pb_search *s, int threads)
{
	void *block = NULL;
	uint64_t goal;
	builder b;
	pb_status st;
	int nthreads;

	memset(t, 0, sizeof(*t));
	if (!searchable(d, s))
		return PB_UNSUPPORTED;
	t->d = d;
	t->states = d->index_count;
	t->nwords = pb_twobit_bytes(d) / sizeof(uint64_t);
	/* a word more, which codes_from may read past the last state */
	t->codes = pb_alloc(&s->meter, pb_twobit_bytes(d) + sizeof(uint64_t));
	if (!t->codes)
		return pb_search_alloc_failed(s);
	st = turn_make(d, &t->turn, s->message, sizeof(s->message));
	if (st != PB_SOLVED) {
		pb_twobit_release(t);
		return st == PB_MEMOUT ? pb_search_alloc_failed(s) : st;
	}
	pb_want_huge_pages(t->codes, pb_twobit_bytes(d));
	nthreads = pb_workers_count(threads, PB_TWOBIT_MAX_THREADS);
	fill(t->codes, 0xff, pb_twobit_bytes(d) + sizeof(uint64_t), nthreads);
	goal = pb_index(searched(t), &searched(t)->goal);
	mark_goal(t->codes, goal);
	t->counts[0] = t->reached = 1;
	if (!set_builder(&b, t, searched(t), &s->meter, &block)) {
		pb_twobit_release(t);
		return pb_search_alloc_failed(s);
	}
	b.codes = t->codes;
	twobit_bins_set(&b, &s->meter, nthreads);
	st = search(t, &b, s, nthreads);
	twobit_bins_free(&b);
	pb_free(block);
	if (st != PB_SOLVED)
		pb_twobit_release(t);
	return st;
}

void pb_twobit_release(pb_twobit *t)
{
	pb_free(t->codes);
	free(t->turn);
	t->codes = NULL;
	t->turn = NULL;
}

/* ---- Parts (pb_twobit_part) ------------------------------------------ */

/* Groups a part's edges fall on: 128 (whole words of codes, whole words
 * of the frontiers, whatever the group's size), or one where a group is
 * whole words itself (pancakes: m! stacks, a multiple of 128). */
#define PART_UNIT 128
/* States a round of a part's push covers, about: its outbox a few MB. */
#define ROUND_STATES ((uint64_t)1 << 20)

struct pb_twobit_run {
	builder b;
	pb_twobit t;
	uint64_t *frontiers[2];
	void *block;
	struct outbox out;
	uint64_t *alloc;    /* the part's codes as allocated */
	uint64_t round_groups;
	uint64_t next;      /* the layer's next group */
};

/* The groups of D's search (see set_builder) and the part's unit. */
static void part_groups(const pb_domain *d, uint64_t *size, uint64_t *groups, uint64_t *unit)
{
	*size = group_size(d);
	*groups = (d->index_count + *size - 1) / *size;
	*unit = stack_groups(d) ? 1 : PART_UNIT;
}

/* The groups [*G0, *G1) of part R of K. */
static void part_range(const pb_domain *d, int k, int r, uint64_t *g0, uint64_t *g1)
{
	uint64_t size, groups, unit, units;

	part_groups(d, &size, &groups, &unit);
	units = (groups + unit - 1) / unit;
	*g0 = (uint64_t)((unsigned __int128)units * (unsigned)r / (unsigned)k) * unit;
	*g1 = (uint64_t)((unsigned __int128)units * (unsigned)(r + 1) / (unsigned)k) * unit;
	if (*g0 > groups)
		*g0 = groups;
	if (*g1 > groups || r == k - 1)
		*g1 = groups;
}

void pb_twobit_part_bounds(const pb_domain *d, int k, int r, uint64_t *first, uint64_t *words)
{
	uint64_t size, groups, unit, g0, g1, end;

	part_groups(d, &size, &groups, &unit);
	part_range(d, k, r, &g0, &g1);
	*first = g0 * size / CODES_PER_WORD;
	end = g1 == groups ? pb_twobit_bytes(d) / sizeof(uint64_t) : g1 * size / CODES_PER_WORD;
	*words = end - *first;
}

pb_status pb_twobit_part_init(pb_twobit_part *p, const pb_domain *d, int k, int r, pb_search *s)
{
	struct pb_twobit_run *run;
	uint64_t g0, g1, goal, bytes;
	builder *b;
	pb_status st;

	memset(p, 0, sizeof(*p));
	if (!searchable(d, s))
		return PB_UNSUPPORTED;
	p->d = d;
	pb_twobit_part_bounds(d, k, r, &p->first_word, &p->words);
	part_range(d, k, r, &g0, &g1);
	run = pb_calloc(&s->meter, 1, sizeof(*run));
	if (!run)
		return pb_search_alloc_failed(s);
	p->run = run;
	/* (a turned board's parts are the same words: a group is the
	 * board's cells either way) */
	st = turn_make(d, &run->t.turn, s->message, sizeof(s->message));
	if (st != PB_SOLVED) {
		pb_twobit_part_release(p);
		return st == PB_MEMOUT ? pb_search_alloc_failed(s) : st;
	}
	/* T's domain the caller's, as a table built in one process has it;
	 * the search's, the one its codes are in */
	run->t.d = d;
	d = searched(&run->t);
	run->t.states = d->index_count;
	/* a word more, which codes_from may read past the part's last state */
	run->alloc = pb_alloc(&s->meter, (p->words + 1) * sizeof(uint64_t));
	if (!run->alloc || !set_builder(&run->b, &run->t, d, &s->meter, &run->block)) {
		pb_twobit_part_release(p);
		return pb_search_alloc_failed(s);
	}
	pb_want_huge_pages(run->alloc, p->words * sizeof(uint64_t));
	memset(run->alloc, 0xff, (p->words + 1) * sizeof(uint64_t));
	p->codes = run->alloc;
	b = &run->b;
	/* the codes addressed by the whole index's word numbers (the
	 * address arithmetic on integers: the words before the part are
	 * never read) */
	b->codes = (uint64_t *)((uintptr_t)run->alloc - (uintptr_t)(p->first_word * sizeof(uint64_t)));
	run->t.codes = b->codes;
	b->base = g0;
	b->groups = g1;
	b->lo = p->first_word * CODES_PER_WORD;
	b->span = g1 == g0 ? 0 : (g1 * b->size < d->index_count ? g1 * b->size : d->index_count) - b->lo;
	run->out.meter = &s->meter;
	b->outbox = &run->out;
	bytes = frontier_bytes(b);
	run->frontiers[0] = pb_calloc(&s->meter, 1, bytes ? bytes : 8);
	run->frontiers[1] = pb_calloc(&s->meter, 1, bytes ? bytes : 8);
	if (!run->frontiers[0] || !run->frontiers[1]) {
		pb_twobit_part_release(p);
		return pb_search_alloc_failed(s);
	}
	run->round_groups = (ROUND_STATES + b->size - 1) / b->size;
	run->round_groups = (run->round_groups + b->chunk - 1) / b->chunk * b->chunk;
	goal = pb_index(d, &d->goal);
	if (goal - b->lo < b->span) {
		mark_goal(b->codes, goal);
		frontier_put(b, run->frontiers[0], goal, group_of(b, goal));
	}
	return PB_SOLVED;
}

void pb_twobit_part_layer(pb_twobit_part *p, int depth)
{
	struct pb_twobit_run *run = p->run;

	/* pushed always: a pull reads the neighbours' codes, which are the
	 * other parts' */
	begin_layer(&run->b, depth, false, run->frontiers, 1);
	run->next = run->b.base;
}

pb_status pb_twobit_part_push(pb_twobit_part *p, pb_search *s, const uint64_t **out, size_t *n,
			      bool *more, uint64_t *fresh)
{
	struct pb_twobit_run *run = p->run;
	builder *b = &run->b;
	uint64_t got = 0, groups = 0;
	pb_status st = PB_SOLVED;

	run->out.n = 0;
	if (run->next < b->groups) {
		b->round = run->next;
		b->round_end = b->groups - run->next < run->round_groups ? b->groups
									 : run->next + run->round_groups;
		run->next = b->round_end;
		st = twobit_run_layer(b, s, 1, &got, &groups);
		*fresh += got;
	}
	if (st == PB_SOLVED && run->out.failed)
		st = pb_search_alloc_failed(s);
	*out = run->out.at;
	*n = run->out.n;
	*more = run->next < b->groups;
	return st;
}

uint64_t pb_twobit_part_mark(pb_twobit_part *p, const uint64_t *in, size_t n)
{
	return twobit_mark_in(&p->run->b, in, n);
}

void pb_twobit_part_release(pb_twobit_part *p)
{
	struct pb_twobit_run *run = p->run;

	if (run) {
		pb_free(run->alloc);
		pb_free(run->block);
		pb_free(run->frontiers[0]);
		pb_free(run->frontiers[1]);
		pb_free(run->out.at);
		free(run->t.turn);
		pb_free(run);
	}
	memset(p, 0, sizeof(*p));
}

/* The state a move nearer the goal than X (code C), by the least such
 * move: into *M and *Y; false where there is none. */
static bool step_down(const pb_twobit *t, const pb_state *x, unsigned c, int *m, pb_state *y,
		      uint64_t *looked)
{
	const pb_domain *d = t->d;
	unsigned want = (c + 2) % 3;

	for (int i = 0; i < d->nmoves; i++) {
		if (!pb_apply(d, x, i, y))
			continue;
		++*looked;
		if (pb_twobit_code(t, pb_twobit_index(t, y)) == want) {
			*m = i;
			return true;
		}
	}
	return false;
}

/* Where a move has no inverse (Magic Squares), a move can lead farther
 * by two (or more), which has the residue of one nearer: the walk then
 * looks for a path of exactly LEFT more moves from X (code C) on which the
 * codes go down one a move, the least first, into OUT from AT. */
static bool walk_exactly(const pb_twobit *t, const pb_state *x, unsigned c, int left,
			 pb_path *out, int at, uint64_t *looked)
{
	const pb_domain *d = t->d;
	unsigned want = (c + 2) % 3;

	if (!left)
		return pb_is_goal(d, x);
	for (int m = 0; m < d->nmoves; m++) {
		pb_state y;

		if (!pb_apply(d, x, m, &y))
			continue;
		++*looked;
		if (pb_twobit_code(t, pb_twobit_index(t, &y)) != want)
			continue;
		out->moves[at] = (uint8_t)m;
		if (walk_exactly(t, &y, want, left - 1, out, at + 1, looked))
			return true;
	}
	return false;
}

pb_status pb_twobit_walk(const pb_twobit *t, const pb_state *start, pb_path *out,
			 uint64_t *looked)
{
	const pb_domain *d = t->d;
	pb_state x = *start;
	unsigned c;

	out->length = 0;
	if (!pb_solvable(d, start) || pb_index(d, start) >= d->index_count ||
	    (c = pb_twobit_code(t, pb_twobit_index(t, start))) == PB_TWOBIT_UNSEEN)
		return PB_UNSOLVABLE;
	if (!d->invertible) {
		/* the first length of the residue that a path has is the distance */
		for (int n = (int)c; n <= t->radius; n += 3) {
			if (walk_exactly(t, start, c, n, out, 0, looked)) {
				out->length = n;
				return PB_SOLVED;
			}
		}
		return PB_FAILED;
	}
	/* each move has an inverse: a neighbour of a state at distance k is at
	 * k - 1, k or k + 1, and the code one less is the one nearer */
	while (!pb_is_goal(d, &x)) {
		pb_state y;
		int m;

		/* a table built by pb_twobit_build always has a way down */
		if (out->length == PB_MAX_PATH || !step_down(t, &x, c, &m, &y, looked))
			return PB_FAILED;
		out->moves[out->length++] = (uint8_t)m;
		x = y;
		c = (c + 2) % 3;
	}
	return PB_SOLVED;
}

int pb_twobit_distance(const pb_twobit *t, const pb_state *start)
{
	pb_path p;
	uint64_t looked = 0;

	return pb_twobit_walk(t, start, &p, &looked) == PB_SOLVED ? p.length : -1;
}

/* The cache file: this header, then the codes (and the word after them). */
#define FILE_MAGIC "pb2bit\r\n" /* text-mode tell-tales */
#define FILE_VERSION 1

typedef struct file_header {
	char magic[8];
	uint64_t version;
	char domain[16];
	int64_t goal_blank;
	uint64_t states, radius, reached;
	uint64_t counts[PB_TWOBIT_MAX_DEPTH + 1];
	uint64_t checksum; /* of the codes */
} file_header;

static size_t code_bytes(const pb_domain *d)
{
	return (size_t)pb_twobit_bytes(d) + sizeof(uint64_t);
}

/* The header's fields that name the table. */
static void name_table(const pb_domain *d, file_header *h)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->magic, FILE_MAGIC, sizeof(h->magic));
	/* version 2 on pancakes: their index reads the stack from the bottom
	 * since issue 31 (a table of version 1 is of the other index); 3 on
	 * a turned board, whose codes are in the turned board's index since
	 * then too */
	h->version = d->kernel == PB_KERNEL_FLIP4 ? 2 : turns(d) ? 3 : FILE_VERSION;
	snprintf(h->domain, sizeof(h->domain), "%s", d->name);
	h->goal_blank = d->goal_blank;
	h->states = d->index_count;
}

int pb_twobit_file_name(const pb_domain *d, const char *dir, char *buf, size_t len)
{
	int k = d->goal_blank >= 0 ? snprintf(buf, len, "%s/%s-b%d.2bit", dir, d->name, d->goal_blank)
				   : snprintf(buf, len, "%s/%s.2bit", dir, d->name);

	return k < 0 || (size_t)k >= len ? -1 : 0;
}

int pb_twobit_save(const pb_twobit *t, const char *path)
{
	file_header h;

	name_table(t->d, &h);
	h.radius = (uint64_t)t->radius;
	h.reached = t->reached;
	memcpy(h.counts, t->counts, sizeof(h.counts));
	h.checksum = pb_checksum(t->codes, code_bytes(t->d));
	return pb_blob_save(path, &h, sizeof(h), t->codes, code_bytes(t->d));
}

int pb_twobit_write_begin(pb_twobit_writer *w, const pb_domain *d, const char *path)
{
	w->d = d;
	w->words = 0;
	pb_checksum_begin(&w->sum);
	return pb_blob_begin(&w->blob, path, sizeof(file_header));
}

int pb_twobit_write_codes(pb_twobit_writer *w, const uint64_t *codes, uint64_t nwords)
{
	pb_checksum_add(&w->sum, codes, nwords * sizeof(uint64_t));
	w->words += nwords;
	return pb_blob_write(&w->blob, codes, nwords * sizeof(uint64_t));
}

int pb_twobit_write_end(pb_twobit_writer *w, int radius, uint64_t reached, const uint64_t *counts)
{
	/* the word after the last state's, which the table keeps all ones */
	const uint64_t after = ~0ULL;
	file_header h;

	if (w->words != pb_twobit_bytes(w->d) / sizeof(uint64_t)) {
		pb_blob_abort(&w->blob);
		errno = EINVAL;
		return -1;
	}
	if (pb_twobit_write_codes(w, &after, 1))
		return -1;
	name_table(w->d, &h);
	h.radius = (uint64_t)radius;
	h.reached = reached;
	memcpy(h.counts, counts, sizeof(h.counts));
	h.checksum = pb_checksum_end(&w->sum);
	return pb_blob_finish(&w->blob, &h, sizeof(h));
}

/* Whether the header GOT, read for D, is D's table: WANT's fields, a
 * radius that fits and counts that add up. */
static bool header_fits(const file_header *got, const file_header *want)
{
	uint64_t sum = 0;

	if (memcmp(got, want, offsetof(file_header, radius)) || got->radius > PB_TWOBIT_MAX_DEPTH)
		return false;
	for (uint64_t k = 0; k <= PB_TWOBIT_MAX_DEPTH; k++) {
		if (k > got->radius && got->counts[k])
			return false;
		sum += got->counts[k];
	}
	return sum == got->reached && got->reached <= got->states && got->counts[got->radius];
}

pb_twobit_load_result pb_twobit_load(pb_twobit *t, const pb_domain *d, const char *path,
				     pb_meter *m)
{
	file_header want, got;
	pb_blob_result r;
	char msg[256];

	memset(t, 0, sizeof(*t));
	name_table(d, &want);
	if (!d->index_count)
		return PB_TWOBIT_STALE;
	t->codes = pb_alloc(m, code_bytes(d));
	if (!t->codes)
		return PB_TWOBIT_NOMEM;
	pb_want_huge_pages(t->codes, code_bytes(d));
	r = pb_blob_load(path, &got, sizeof(got), t->codes, code_bytes(d));
	if (r != PB_BLOB_READ || !header_fits(&got, &want) ||
	    pb_checksum(t->codes, code_bytes(d)) != got.checksum) {
		pb_twobit_release(t);
		return r == PB_BLOB_MISSING ? PB_TWOBIT_MISSING : PB_TWOBIT_STALE;
	}
	/* (where the turned board cannot be made, the build says why) */
	switch (turn_make(d, &t->turn, msg, sizeof(msg))) {
	case PB_SOLVED: break;
	case PB_MEMOUT: pb_twobit_release(t); return PB_TWOBIT_NOMEM;
	default: pb_twobit_release(t); return PB_TWOBIT_STALE;
	}
	t->d = d;
	t->states = d->index_count;
	t->nwords = pb_twobit_bytes(d) / sizeof(uint64_t);
	t->radius = (int)got.radius;
	t->reached = got.reached;
	memcpy(t->counts, got.counts, sizeof(t->counts));
	return PB_TWOBIT_LOADED;
}

pb_status pb_twobit_open(pb_twobit *t, const pb_domain *d, const char *dir, pb_search *s,
			 int threads, bool *built)
{
	char path[PATH_MAX];
	pb_status st;

	*built = false;
	if (pb_twobit_file_name(d, pb_pdb_cache_dir(dir), path, sizeof(path))) {
		snprintf(s->message, sizeof(s->message), "cache directory name too long");
		return PB_FAILED;
	}
	switch (pb_twobit_load(t, d, path, &s->meter)) {
	case PB_TWOBIT_LOADED:
		return PB_SOLVED;
	case PB_TWOBIT_NOMEM:
		return pb_search_alloc_failed(s);
	case PB_TWOBIT_MISSING:
	case PB_TWOBIT_STALE:
		break;
	}
	st = pb_twobit_build(t, d, s, threads);
	if (st != PB_SOLVED)
		return st;
	*built = true;
	if (pb_twobit_save(t, path))
		snprintf(s->message, sizeof(s->message), "cannot write '%.100s': %s", path,
			 strerror(errno));
	return PB_SOLVED;
}
