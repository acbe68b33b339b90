/* A textbook A* for the sliding-tile puzzle, as a puzzlebench plugin.
 *
 * The search: an open list in a binary heap ordered by f = g + h (ties to
 * the larger g), h the Manhattan distance of the tiles to their goal
 * cells; a hash table of the best g found for each state; each node
 * remembers its parent, so the moves are read back from the goal. With a
 * consistent heuristic the first time the goal leaves the heap its path
 * is a shortest one (Hart, Nilsson and Raphael 1968).
 *
 * Build it outside the puzzlebench tree and run it:
 *
 *     cc -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o astar.so astar_plugin.c
 *     bench run datasets/8puzzle-depth.txt --plugin ./astar.so -a astar-example
 *
 * Everything it allocates comes from the harness's environment, which
 * counts it; it counts its nodes there and polls there for the deadline. */
#include <stdint.h>
#include <string.h>

#include <puzzlebench/plugin.h>

#define MAX_CELLS 16

/* One node of the search: a state, how it was reached, its cost. */
typedef struct node {
	uint64_t state;  /* four bits a cell, cell 0 lowest */
	uint32_t parent; /* index of the node before, or NO_PARENT */
	uint8_t move;    /* the move from the parent (an index into "udlr") */
	uint8_t blank;
	uint16_t g;
} node;

#define NO_PARENT UINT32_MAX
#define EMPTY UINT32_MAX

/* A heap entry: the node and its f. */
typedef struct entry {
	uint32_t f, g, index;
} entry;

/* Everything one search holds. */
typedef struct search {
	pb_plugin_env *env;
	int width, cells;
	int goal_x[MAX_CELLS], goal_y[MAX_CELLS]; /* where each tile belongs */
	node *nodes;
	size_t nnodes, node_cap;
	entry *heap;
	size_t nheap, heap_cap;
	uint32_t *table; /* open addressing: node index, EMPTY when free */
	size_t table_cap;
} search;

static int cell_of(uint64_t state, int c)
{
	return (int)((state >> (4 * c)) & 15);
}

static int manhattan(const search *s, uint64_t state)
{
	int h = 0;

	for (int c = 0; c < s->cells; c++) {
		int tile = cell_of(state, c);

		if (tile) {
			int dx = c % s->width - s->goal_x[tile], dy = c / s->width - s->goal_y[tile];

			h += (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
		}
	}
	return h;
}

/* Grow an array of *CAP items of SIZE bytes to hold one more. */
static int grow(search *s, void **array, size_t *cap, size_t used, size_t size)
{
	void *p;

	if (used < *cap)
		return 0;
	p = s->env->realloc(s->env, *array, (*cap ? 2 * *cap : 1024) * size);
	if (!p)
		return -1;
	*array = p;
	*cap = *cap ? 2 * *cap : 1024;
	return 0;
}

static uint64_t hash(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return x;
}

/* The slot of STATE in the table: its node, or the empty slot for it. */
static size_t slot_of(const search *s, uint64_t state)
{
	size_t i = hash(state) & (s->table_cap - 1);

	while (s->table[i] != EMPTY && s->nodes[s->table[i]].state != state)
		i = (i + 1) & (s->table_cap - 1);
	return i;
}

/* Double the table when it is half full. */
static int grow_table(search *s)
{
	uint32_t *old = s->table;
	size_t old_cap = s->table_cap;

	if (s->table && 2 * s->nnodes < s->table_cap)
		return 0;
	s->table_cap = old_cap ? 2 * old_cap : 4096;
	s->table = s->env->alloc(s->env, s->table_cap * sizeof(*s->table));
	if (!s->table) {
		s->table = old;
		s->table_cap = old_cap;
		return -1;
	}
	memset(s->table, 0xff, s->table_cap * sizeof(*s->table));
	for (size_t i = 0; i < old_cap; i++)
		if (old[i] != EMPTY)
			s->table[slot_of(s, s->nodes[old[i]].state)] = old[i];
	s->env->free(s->env, old);
	return 0;
}

static int before(const entry *a, const entry *b)
{
	return a->f < b->f || (a->f == b->f && a->g > b->g);
}

static int push(search *s, uint32_t index)
{
	const node *n = &s->nodes[index];
	entry e = { (uint32_t)(n->g + manhattan(s, n->state)), n->g, index };
	size_t i;

	if (grow(s, (void **)&s->heap, &s->heap_cap, s->nheap, sizeof(entry)))
		return -1;
	for (i = s->nheap++; i && before(&e, &s->heap[(i - 1) / 2]); i = (i - 1) / 2)
		s->heap[i] = s->heap[(i - 1) / 2];
	s->heap[i] = e;
	return 0;
}

static entry pop(search *s)
{
	entry top = s->heap[0], last = s->heap[--s->nheap];
	size_t i = 0;

	for (;;) {
		size_t child = 2 * i + 1;

		if (child >= s->nheap)
			break;
		if (child + 1 < s->nheap && before(&s->heap[child + 1], &s->heap[child]))
			child++;
		if (!before(&s->heap[child], &last))
			break;
		s->heap[i] = s->heap[child];
		i = child;
	}
	if (s->nheap)
		s->heap[i] = last;
	return top;
}

/* Add the node for STATE reached from PARENT by MOVE with cost G, unless
 * the state was reached as cheaply before. */
static int add(search *s, uint64_t state, int blank, uint32_t parent, int move, int g)
{
	size_t at;

	if (grow_table(s))
		return -1;
	at = slot_of(s, state);
	if (s->table[at] != EMPTY && s->nodes[s->table[at]].g <= g)
		return 0;
	if (grow(s, (void **)&s->nodes, &s->node_cap, s->nnodes, sizeof(node)))
		return -1;
	s->nodes[s->nnodes] = (node){ state, parent, (uint8_t)move, (uint8_t)blank, (uint16_t)g };
	s->table[at] = (uint32_t)s->nnodes;
	return push(s, (uint32_t)s->nnodes++);
}

/* Whether START can reach GOAL: the permutation taking one to the other
 * has the parity of the blank's distance (each move is one swap and one
 * step of the blank). */
static int solvable(const unsigned char *start, const unsigned char *goal, int cells, int width)
{
	int where[MAX_CELLS], seen[MAX_CELLS] = { 0 }, swaps = 0, sb = 0, gb = 0;

	for (int c = 0; c < cells; c++) {
		where[goal[c]] = c;
		if (!start[c])
			sb = c;
		if (!goal[c])
			gb = c;
	}
	for (int c = 0; c < cells; c++) {
		int len = 0;

		for (int k = c; !seen[k]; k = where[start[k]], len++)
			seen[k] = 1;
		if (len)
			swaps += len - 1;
	}
	int dx = sb % width - gb % width, dy = sb / width - gb / width;
	int distance = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);

	return swaps % 2 == distance % 2;
}

static void release_all(search *s)
{
	s->env->free(s->env, s->nodes);
	s->env->free(s->env, s->heap);
	s->env->free(s->env, s->table);
}

static const char *astar_supports(const pb_plugin_domain *d)
{
	if (d->kind != PB_PLUGIN_TILES)
		return "sliding tiles only";
	if (d->cells > MAX_CELLS)
		return "boards of up to 16 cells";
	return NULL;
}

static int astar_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
		       pb_plugin_answer *answer)
{
	const pb_plugin_domain *d = p->domain;
	int step_x[4], step_y[4];
	search s = { .env = env, .width = d->width, .cells = d->cells };
	uint64_t start = 0, goal = 0;
	int blank = 0, status = PB_PLUGIN_MEMOUT;

	(void)ctx;
	/* where the blank goes by each move: the letter says (u d l r) */
	for (int m = 0; m < d->nmoves && m < 4; m++) {
		step_x[m] = d->moves[m] == 'l' ? -1 : d->moves[m] == 'r' ? 1 : 0;
		step_y[m] = d->moves[m] == 'u' ? -1 : d->moves[m] == 'd' ? 1 : 0;
	}
	if (!solvable(p->start, p->goal, d->cells, d->width))
		return PB_PLUGIN_UNSOLVABLE;
	for (int c = 0; c < d->cells; c++) {
		start |= (uint64_t)p->start[c] << (4 * c);
		goal |= (uint64_t)p->goal[c] << (4 * c);
		s.goal_x[p->goal[c]] = c % d->width;
		s.goal_y[p->goal[c]] = c / d->width;
		if (!p->start[c])
			blank = c;
	}
	if (add(&s, start, blank, NO_PARENT, 0, 0))
		goto out;
	while (s.nheap) {
		entry e = pop(&s);
		node n = s.nodes[e.index];
		int stop;

		if (s.table[slot_of(&s, n.state)] != e.index)
			continue; /* reached more cheaply since */
		if (n.state == goal) {
			size_t len = 0;

			for (uint32_t i = e.index; s.nodes[i].parent != NO_PARENT; i = s.nodes[i].parent)
				len++;
			if (len > answer->capacity) {
				status = PB_PLUGIN_FAILED;
				goto out;
			}
			answer->length = len;
			for (uint32_t i = e.index; s.nodes[i].parent != NO_PARENT; i = s.nodes[i].parent)
				answer->moves[--len] = d->moves[s.nodes[i].move];
			status = PB_PLUGIN_SOLVED;
			goto out;
		}
		if ((stop = pb_plugin_poll(env))) {
			status = stop;
			goto out;
		}
		env->expanded++;
		for (int m = 0; m < d->nmoves && m < 4; m++) {
			int x = n.blank % d->width + step_x[m], y = n.blank / d->width + step_y[m];
			int to = y * d->width + x;
			uint64_t tile;

			if (x < 0 || x >= d->width || y < 0 || y >= d->height)
				continue;
			tile = (n.state >> (4 * to)) & 15;
			env->generated++;
			if (add(&s, (n.state & ~(15ULL << (4 * to))) | tile << (4 * n.blank), to,
				e.index, m, n.g + 1))
				goto out;
		}
	}
	status = PB_PLUGIN_UNSOLVABLE;
out:
	release_all(&s);
	return status;
}

static const pb_plugin_solver solvers[] = {
	{
		.name = "astar-example",
		.summary = "textbook A*, Manhattan distance, binary heap (examples/astar_plugin.c)",
		.supports = astar_supports,
		.solve = astar_solve,
	},
};

static const pb_plugin plugin = {
	.abi = PB_PLUGIN_ABI,
	.count = sizeof(solvers) / sizeof(solvers[0]),
	.solvers = solvers,
};

PB_PLUGIN_EXPORT const pb_plugin *puzzlebench_plugin(void)
{
	return &plugin;
}
