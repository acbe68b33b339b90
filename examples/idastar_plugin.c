/* IDA* for the pancake puzzle and the 2x2x2 cube, as a puzzlebench plugin
 * of plugin ABI 4 (the pancakes and the cube came with ABI 2, parameters
 * with ABI 4).
 *
 * The search: iterative-deepening A* (R. E. Korf, "Depth-first
 * iterative-deepening: an optimal admissible tree search", Artificial
 * Intelligence 27, 1985): depth-first searches that cut a path where
 * f = g + h passes a bound, the bound each time the least f cut the time
 * before; with an admissible h the first path found is a shortest one.
 * No move follows one that, with it, undoes itself or makes a single move
 * (a flip twice; two turns of one face).
 *
 * Its parameters (-a idastar-example:KEY=VALUE), read in prepare:
 * - prune=on|off (default on): that pruning of moves, or every move tried
 *   after every other (the same answers, more nodes: what it saves);
 * - max-depth=1..255 (default 255): the longest answer looked for; past
 *   it the solve fails, saying so.
 *
 * The heuristics:
 * - pancakes: the gaps (M. Helmert, "Landmark heuristics for the pancake
 *   problem", SoCS 2010): neighbours in the stack, the plate below the
 *   bottom pancake counted as the largest, that are not neighbours in the
 *   goal. A flip changes one neighbourhood, so each gap takes a flip.
 * - the cube: the larger of two distances to the goal, of the corners'
 *   places alone and of their twists alone, each read from a table that
 *   prepare fills by a breadth-first search back from the goal (8! and
 *   3^8 entries of a byte). A turn moves places and twists apart from
 *   each other, so each table is a true distance in a smaller puzzle.
 *
 * It knows the puzzles only from <puzzlebench/plugin.h>: the cells as the
 * header defines them, the moves as it describes them (the cube's turns
 * are written below from its table), answers as move numbers.
 *
 * Build it outside the puzzlebench tree and run it:
 *
 *     cc -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o idastar.so idastar_plugin.c
 *     bench run datasets/cube2-depth.txt --plugin ./idastar.so -a idastar-example
 *     echo "R U2 F' R U" | bench solve -d cube2 --plugin ./idastar.so -a idastar-example
 *
 * Everything it allocates comes from the harness's environment, which
 * counts it; it counts its nodes there and polls there for the deadline. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlebench/plugin.h>

#define MAX_CELLS 25
#define MAX_MOVES 24
#define MAX_DEPTH 255
#define CUBE_PLACES PB_PLUGIN_CORNERS
#define TWISTS 3
#define QUARTERS 4 /* quarter turns that make a whole one */
#define CYCLE 4    /* places a quarter turn moves */
#define NOT_FOUND (-1)

/* What -a idastar-example:KEY=VALUE sets, as 'bench list' shows it; the
 * harness checks each value against this before prepare reads it. */
static const pb_plugin_param params[] = {
	{ .key = "prune", .summary = "skip a move that undoes the last or repeats its face (off: "
	  "try every move)", .choices = "on|off", .def = "on" },
	{ .key = "max-depth", .summary = "the longest answer looked for; past it the solve fails",
	  .min = 1, .max = MAX_DEPTH, .def = "255" },
	{ 0 },
};

/* The cube's quarter turns as plugin.h tells them: the corner at
 * cycle[k] goes to cycle[k + 1] (the last to the first), its twist grown
 * by add[k]. */
static const struct {
	char face;
	uint8_t cycle[CYCLE], add[CYCLE];
} quarter_turns[] = {
	{ 'U', { PB_PLUGIN_UBR, PB_PLUGIN_URF, PB_PLUGIN_UFL, PB_PLUGIN_ULB }, { 0, 0, 0, 0 } },
	{ 'R', { PB_PLUGIN_URF, PB_PLUGIN_UBR, PB_PLUGIN_DRB, PB_PLUGIN_DFR }, { 1, 2, 1, 2 } },
	{ 'F', { PB_PLUGIN_UFL, PB_PLUGIN_URF, PB_PLUGIN_DFR, PB_PLUGIN_DLF }, { 1, 2, 1, 2 } },
};
#define FACES (sizeof(quarter_turns) / sizeof(quarter_turns[0]))

/* What a domain's search needs, built by prepare. */
typedef struct context {
	int kind, cells, nmoves;
	int prune, max_depth; /* the parameters' values */
	/* the moves not tried after move m, a bit each ([nmoves]: after none) */
	uint32_t skipped_after[MAX_MOVES + 1];
	/* the cube: move m takes the corner at place p to to[m][p], its twist
	 * grown by add[m][p]; and the two tables of distances */
	uint8_t to[MAX_MOVES][CUBE_PLACES], add[MAX_MOVES][CUBE_PLACES];
	uint8_t *place_distance, *twist_distance;
} context;

/* One solve. */
typedef struct search {
	const context *c;
	pb_plugin_env *env;
	const unsigned char *goal;
	int bound, next_bound, max_depth, length;
	/* the moves to each depth, and the state there (the bound is at most
	 * MAX_DEPTH: a node there still makes its children) */
	uint8_t path[MAX_DEPTH + 1];
	uint8_t stack[MAX_DEPTH + 2][MAX_CELLS];
} search;

/* The cube's moves */

/* The face (an index into quarter_turns) and the quarter turns of the
 * move called NAME ("U", "U2", "U'"); -1 if it is no turn of U, R or F. */
static int parse_turn(const char *name, int *power)
{
	for (size_t f = 0; f < FACES; f++) {
		if (name[0] != quarter_turns[f].face)
			continue;
		if (!name[1])
			*power = 1;
		else if (!strcmp(name + 1, "2"))
			*power = 2;
		else if (!strcmp(name + 1, "'"))
			*power = QUARTERS - 1;
		else
			return -1;
		return (int)f;
	}
	return -1;
}

/* Move M as POWER quarter turns of FACE, into C's tables. */
static void set_turn(context *c, int m, int face, int power)
{
	for (int p = 0; p < CUBE_PLACES; p++) {
		int at = p, add = 0;

		for (int q = 0; q < power; q++)
			for (int k = 0; k < CYCLE; k++)
				if (quarter_turns[face].cycle[k] == at) {
					add += quarter_turns[face].add[k];
					at = quarter_turns[face].cycle[(k + 1) % CYCLE];
					break;
				}
		c->to[m][p] = (uint8_t)at;
		c->add[m][p] = (uint8_t)(add % TWISTS);
	}
}

static void cube_turn(const context *c, int m, const uint8_t *from, uint8_t *to)
{
	for (int p = 0; p < CUBE_PLACES; p++) {
		int corner = from[p] / TWISTS, twist = from[p] % TWISTS;

		to[c->to[m][p]] = (uint8_t)(TWISTS * corner + (twist + c->add[m][p]) % TWISTS);
	}
}

/* The rank of the corners' places (Lehmer's code), 0..8!-1. */
static uint32_t place_index(const uint8_t *cells)
{
	uint32_t index = 0;

	for (int p = 0; p < CUBE_PLACES; p++) {
		int smaller = 0;

		for (int q = p + 1; q < CUBE_PLACES; q++)
			smaller += cells[q] / TWISTS < cells[p] / TWISTS;
		index = index * (uint32_t)(CUBE_PLACES - p) + (uint32_t)smaller;
	}
	return index;
}

/* The twists in base 3, 0..3^8-1. */
static uint32_t twist_index(const uint8_t *cells)
{
	uint32_t index = 0;

	for (int p = 0; p < CUBE_PLACES; p++)
		index = index * TWISTS + cells[p] % TWISTS;
	return index;
}

/* Only the corners' places (TWIST 0) or only their twists (nonzero). */
static void project(uint8_t *cells, int twist)
{
	for (int p = 0; p < CUBE_PLACES; p++)
		cells[p] = (uint8_t)(twist ? cells[p] % TWISTS : cells[p] - cells[p] % TWISTS);
}

/* Fill *TABLE (SIZE entries, from ENV) with the distance from the goal of
 * each projection (see project) of the cube, by breadth-first search.
 * Returns a status. */
static int fill_table(const context *c, pb_plugin_env *env, int twist, uint32_t size,
		      uint32_t (*index)(const uint8_t *), uint8_t **table)
{
	uint64_t *queue = env->alloc(env, size * sizeof(*queue));
	uint8_t *d = env->alloc(env, size), cells[CUBE_PLACES];
	uint32_t head = 0, tail = 0;

	*table = d;
	if (!queue || !d) {
		env->free(env, queue);
		return PB_PLUGIN_MEMOUT;
	}
	memset(d, UINT8_MAX, size);
	for (int p = 0; p < CUBE_PLACES; p++)
		cells[p] = (uint8_t)(TWISTS * p);
	project(cells, twist);
	d[index(cells)] = 0;
	memcpy(&queue[tail++], cells, sizeof(cells));
	while (head < tail) {
		uint8_t from[CUBE_PLACES];

		memcpy(from, &queue[head++], sizeof(from));
		for (int m = 0; m < c->nmoves; m++) {
			uint32_t i;

			cube_turn(c, m, from, cells);
			project(cells, twist);
			i = index(cells);
			if (d[i] != UINT8_MAX)
				continue;
			d[i] = (uint8_t)(d[index(from)] + 1);
			memcpy(&queue[tail++], cells, sizeof(cells));
		}
	}
	env->free(env, queue);
	return PB_PLUGIN_SOLVED;
}

/* The domains */

/* The pancakes' cells as their places in the goal, 0..N-1: the goal is
 * then 0 1 ... N-1 whatever it was. */
static void pancake_relabel(const pb_plugin_puzzle *p, uint8_t *cells)
{
	uint8_t place[MAX_CELLS + 1];

	for (int c = 0; c < p->domain->cells; c++)
		place[p->goal[c]] = (uint8_t)c;
	for (int c = 0; c < p->domain->cells; c++)
		cells[c] = place[p->start[c]];
}

static int gaps(int n, const uint8_t *cells)
{
	int count = 0;

	for (int c = 0; c < n; c++) {
		int a = cells[c], b = c + 1 < n ? cells[c + 1] : n;

		count += a - b > 1 || b - a > 1;
	}
	return count;
}

static int heuristic(const context *c, const uint8_t *cells)
{
	int places, twists;

	if (c->kind == PB_PLUGIN_PANCAKE)
		return gaps(c->cells, cells);
	places = c->place_distance[place_index(cells)];
	twists = c->twist_distance[twist_index(cells)];
	return places > twists ? places : twists;
}

/* Move M from FROM into TO: flip the top M + 2 pancakes, or turn. */
static void apply(const context *c, int m, const uint8_t *from, uint8_t *to)
{
	if (c->kind == PB_PLUGIN_CUBE) {
		cube_turn(c, m, from, to);
		return;
	}
	memcpy(to, from, (size_t)c->cells);
	for (int i = 0, j = m + 1; i < j; i++, j--) {
		uint8_t t = to[i];

		to[i] = to[j];
		to[j] = t;
	}
}

/* The search */

/* Below the state at depth G, reached by move LAST: PB_PLUGIN_SOLVED with
 * the path in S, NOT_FOUND, or the status poll said. */
static int dfs(search *s, int g, int last)
{
	const context *c = s->c;
	const uint8_t *cells = s->stack[g];
	int f = g + heuristic(c, cells), st;

	if (f > s->bound) {
		if (f < s->next_bound)
			s->next_bound = f;
		return NOT_FOUND;
	}
	if (!memcmp(cells, s->goal, (size_t)c->cells)) {
		s->length = g;
		return PB_PLUGIN_SOLVED;
	}
	if ((st = pb_plugin_poll(s->env)))
		return st;
	s->env->expanded++;
	for (int m = 0; m < c->nmoves; m++) {
		if (c->skipped_after[last] & (1u << m))
			continue;
		apply(c, m, cells, s->stack[g + 1]);
		s->env->generated++;
		s->path[g] = (uint8_t)m;
		if ((st = dfs(s, g + 1, m)) != NOT_FOUND)
			return st;
	}
	return NOT_FOUND;
}

static int idastar_supports_cube(const pb_plugin_domain *d)
{
	if (d->cells != CUBE_PLACES || d->nmoves > MAX_MOVES)
		return 0;
	for (int m = 0; m < d->nmoves; m++) {
		int power;

		if (parse_turn(d->move_names[m], &power) < 0)
			return 0;
	}
	return 1;
}

static const char *idastar_supports(const pb_plugin_domain *d)
{
	if (d->kind == PB_PLUGIN_PANCAKE)
		return d->cells <= MAX_CELLS ? NULL : "stacks of up to 25 pancakes";
	if (d->kind == PB_PLUGIN_CUBE)
		return idastar_supports_cube(d) ? NULL : "a cube turned by U, R and F";
	return "pancakes and the 2x2x2 cube only (astar-example serves tiles)";
}

/* Which moves skip which: a flip twice is none; two turns of a face make
 * one or none where the domain has the turn they make. */
static void set_skipped(context *c, const pb_plugin_domain *d)
{
	int face[MAX_MOVES], power[MAX_MOVES];
	unsigned powers[FACES] = { 0 }; /* the turns of each face, a bit a power */

	for (int m = 0; m < c->nmoves; m++)
		c->skipped_after[m] = c->kind == PB_PLUGIN_PANCAKE && c->prune ? 1u << m : 0;
	if (c->kind != PB_PLUGIN_CUBE)
		return;
	for (int m = 0; m < c->nmoves; m++) {
		face[m] = parse_turn(d->move_names[m], &power[m]);
		powers[face[m]] |= 1u << power[m];
		set_turn(c, m, face[m], power[m]);
	}
	for (int l = 0; l < c->nmoves && c->prune; l++)
		for (int m = 0; m < c->nmoves; m++) {
			int both = (power[l] + power[m]) % QUARTERS;

			if (face[l] == face[m] && (!both || powers[face[m]] & (1u << both)))
				c->skipped_after[l] |= 1u << m;
		}
}

static void idastar_release(void *ctx, pb_plugin_env *env)
{
	context *c = ctx;

	if (!c)
		return;
	env->free(env, c->place_distance);
	env->free(env, c->twist_distance);
	env->free(env, c);
}

static int idastar_prepare(const pb_plugin_domain *d, pb_plugin_env *env, void **ctx)
{
	context *c = env->calloc(env, 1, sizeof(*c));
	uint32_t places = 1, twists = 1;
	const char *no = idastar_supports(d);
	int st;

	*ctx = c;
	if (!c)
		return PB_PLUGIN_MEMOUT;
	if (no) {
		snprintf(env->message, sizeof(env->message), "%s", no);
		env->free(env, c);
		*ctx = NULL;
		return PB_PLUGIN_UNSUPPORTED;
	}
	c->kind = d->kind;
	c->cells = d->cells;
	c->nmoves = d->nmoves;
	/* the values as written, each one the harness has checked */
	c->prune = !strcmp(env->param(env, "prune"), "on");
	c->max_depth = atoi(env->param(env, "max-depth"));
	set_skipped(c, d);
	if (c->kind != PB_PLUGIN_CUBE)
		return PB_PLUGIN_SOLVED;
	for (int p = 0; p < CUBE_PLACES; p++) {
		places *= (uint32_t)(p + 1);
		twists *= TWISTS;
	}
	st = fill_table(c, env, 0, places, place_index, &c->place_distance);
	if (st == PB_PLUGIN_SOLVED)
		st = fill_table(c, env, 1, twists, twist_index, &c->twist_distance);
	if (st != PB_PLUGIN_SOLVED) {
		/* a preparation that fails is not released: free it here */
		idastar_release(c, env);
		*ctx = NULL;
	}
	return st;
}

static int idastar_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
			 pb_plugin_answer *answer)
{
	const context *c = ctx;
	search *s = env->alloc(env, sizeof(*s));
	uint8_t goal[MAX_CELLS];
	int st;

	if (!s)
		return PB_PLUGIN_MEMOUT;
	s->c = c;
	s->env = env;
	s->max_depth = answer->capacity < (size_t)c->max_depth ? (int)answer->capacity : c->max_depth;
	if (c->kind == PB_PLUGIN_PANCAKE) {
		pancake_relabel(p, s->stack[0]);
		for (int i = 0; i < c->cells; i++)
			goal[i] = (uint8_t)i;
		s->goal = goal;
	} else {
		memcpy(s->stack[0], p->start, (size_t)c->cells);
		s->goal = p->goal;
	}
	s->bound = heuristic(c, s->stack[0]);
	for (;;) {
		if (s->bound > s->max_depth) {
			snprintf(env->message, sizeof(env->message), "no answer within %d moves",
				 s->max_depth);
			st = PB_PLUGIN_FAILED;
			break;
		}
		s->next_bound = INT_MAX;
		st = dfs(s, 0, c->nmoves);
		if (st != NOT_FOUND)
			break;
		if (s->next_bound == INT_MAX) {
			st = PB_PLUGIN_UNSOLVABLE;
			break;
		}
		s->bound = s->next_bound;
	}
	if (st == PB_PLUGIN_SOLVED) {
		answer->length = (size_t)s->length;
		for (int i = 0; i < s->length; i++)
			answer->moves[i] = (char)s->path[i];
	}
	env->free(env, s);
	return st;
}

static const pb_plugin_solver solvers[] = {
	{
		.name = "idastar-example",
		.summary = "textbook IDA*: pancakes by the gaps, the cube by places and twists "
			   "(examples/idastar_plugin.c)",
		.supports = idastar_supports,
		.prepare = idastar_prepare,
		.solve = idastar_solve,
		.release = idastar_release,
		.params = params,
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
