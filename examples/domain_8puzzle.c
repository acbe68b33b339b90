/* The 8-puzzle as a puzzle domain of a plugin's own (plugin ABI 3): the
 * family "p8puzzle", of one member, "p8puzzle".
 *
 * The same puzzle as the built-in "8puzzle", through the generic path: a
 * bench run of the two measures what that path costs. Nine cells row by
 * row, 0 the blank, the tiles 1..8; the goal 1 2 3 4 5 6 7 8 0. The moves
 * u d l r name where the blank goes (u: it swaps with the tile above
 * it), illegal at the edge; u and d undo each other, and l and r.
 *
 * Which states reach the goal: those whose tiles, read row by row with
 * the blank left out, have an even number of inversions. A move left or
 * right keeps that order; one up or down takes a tile past the two
 * others between its cells, and the width, 3, is odd, so the parity
 * holds; and the states of each parity are connected (W. W. Johnson and
 * W. E. Story, "Notes on the 15 puzzle", American Journal of Mathematics
 * 2, 1879). That is 9!/2 = 181440 states.
 *
 * The rank of such a state: the Lehmer rank of the tiles' order (blank
 * left out), halved, times 9, plus the blank's cell. Two orders whose
 * ranks are 2j and 2j+1 differ in their last two tiles only (the rank's
 * last digit but one is 0 or 1, the last always 0), so one has an even
 * number of inversions and the other an odd: the halved rank is a
 * bijection of the solvable orders onto 0..8!/2-1, and with the blank's
 * cell, of the solvable states onto 0..9!/2-1.
 *
 * The heuristic, manhattan: the tiles' distances, across plus up and
 * down, to their cells in the goal; a move takes one tile one step. From
 * a table of cell and tile made in make, so a state costs nine lookups.
 *
 * Build it outside the puzzlebench tree and run it:
 *
 *     cc -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o p8puzzle.so domain_8puzzle.c
 *     bench selftest -d p8puzzle --plugin ./p8puzzle.so
 *     echo "1 2 3 4 5 6 0 7 8" | bench solve -d p8puzzle --plugin ./p8puzzle.so
 *
 * It depends on <puzzlebench/plugin.h> and the C library only. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlebench/plugin.h>

#define NAME "p8puzzle"
#define WIDTH 3
#define CELLS (WIDTH * WIDTH)
#define TILES (CELLS - 1)
#define BLANK 0
#define MOVES 4
#define NO_CELL (-1)

/* The moves: where the blank goes, as a step across and down. */
static const struct {
	const char *name;
	int dx, dy;
} steps[MOVES] = {
	{ "u", 0, -1 },
	{ "d", 0, 1 },
	{ "l", -1, 0 },
	{ "r", 1, 0 },
};

/* The member, made by make and freed by release. */
typedef struct puzzle {
	unsigned char goal[CELLS];
	unsigned char inverse[MOVES];
	const char *name_of[MOVES];
	/* the cell the blank goes to from each cell by each move, or NO_CELL */
	signed char target[MOVES][CELLS];
	/* distance[c][t]: from cell c to tile t's goal cell (0 for the blank) */
	unsigned char distance[CELLS][CELLS];
	uint64_t orders; /* 8!/2: the tiles' orders of the goal's class */
} puzzle;

static int apply(const void *data, const unsigned char *cells, int move, unsigned char *out)
{
	const puzzle *p = data;
	int blank = CELLS, to;

	/* the blank's cell, every cell looked at (no branch on where it is,
	 * which a search cannot predict) */
	for (int c = 0; c < CELLS; c++)
		blank = cells[c] == BLANK ? c : blank;
	if (blank == CELLS || (to = p->target[move][blank]) == NO_CELL)
		return 0; /* no blank (not a state of the puzzle), or the edge */
	memcpy(out, cells, CELLS);
	out[blank] = cells[to];
	out[to] = BLANK;
	return 1;
}

static unsigned manhattan(const void *data, const unsigned char *cells)
{
	const puzzle *p = data;
	unsigned h = 0;

	for (int c = 0; c < CELLS; c++)
		h += p->distance[c][cells[c]];
	return h;
}

/* The tiles of CELLS in reading order, the blank left out, into TILE;
 * the blank's cell into *BLANK. 0 where CELLS are not 0..8 each once. */
static int tiles_of(const unsigned char *cells, unsigned char *tile, int *blank)
{
	unsigned seen = 0;
	int t = 0;

	for (int c = 0; c < CELLS; c++) {
		if (cells[c] >= CELLS || seen & (1u << cells[c]))
			return 0;
		seen |= 1u << cells[c];
		if (cells[c] == BLANK)
			*blank = c;
		else
			tile[t++] = cells[c];
	}
	return 1;
}

static int inversions_odd(const unsigned char *tile)
{
	int inversions = 0;

	for (int i = 0; i < TILES; i++)
		for (int j = i + 1; j < TILES; j++)
			inversions += tile[i] > tile[j];
	return inversions & 1;
}

static int solvable(const void *data, const unsigned char *cells)
{
	unsigned char tile[TILES];
	int blank;

	(void)data;
	return tiles_of(cells, tile, &blank) && !inversions_odd(tile);
}

static uint64_t rank(const void *data, const unsigned char *cells)
{
	unsigned char tile[TILES] = { 0 };
	uint64_t order = 0;
	int blank = 0;

	(void)data;
	tiles_of(cells, tile, &blank);
	for (int i = 0; i < TILES; i++) {
		int smaller = 0;

		for (int j = i + 1; j < TILES; j++)
			smaller += tile[j] < tile[i];
		order = order * (uint64_t)(TILES - i) + (uint64_t)smaller;
	}
	return order / 2 * CELLS + (uint64_t)blank;
}

static void unrank(const void *data, uint64_t index, unsigned char *cells)
{
	unsigned char tile[TILES];
	int digit[TILES], blank = (int)(index % CELLS), t = 0;
	uint64_t order = index / CELLS * 2;
	unsigned used = 0;

	(void)data;
	for (int i = TILES - 1; i >= 0; i--) {
		digit[i] = (int)(order % (uint64_t)(TILES - i));
		order /= (uint64_t)(TILES - i);
	}
	for (int i = 0; i < TILES; i++) {
		int v = 1;

		/* the digit[i]-th tile not used yet */
		for (int skip = digit[i];; v++)
			if (!(used & (1u << v)) && !skip--)
				break;
		used |= 1u << v;
		tile[i] = (unsigned char)v;
	}
	if (inversions_odd(tile)) {
		unsigned char last = tile[TILES - 1];

		tile[TILES - 1] = tile[TILES - 2];
		tile[TILES - 2] = last;
	}
	for (int c = 0; c < CELLS; c++)
		cells[c] = c == blank ? BLANK : tile[t++];
}

static void sample(const void *data, uint64_t (*below)(void *rng, uint64_t n), void *rng,
		   unsigned char *cells)
{
	const puzzle *p = data;

	unrank(data, below(rng, p->orders * CELLS), cells);
}

static void release(pb_plugin_space *space)
{
	free(space->data);
	space->data = NULL;
}

static int make(const char *name, pb_plugin_space *space, char *err, size_t errlen)
{
	puzzle *p;

	if (strcmp(name, NAME))
		return 1;
	if (!(p = calloc(1, sizeof(*p)))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* tile t belongs in cell t - 1, the blank in the last */
	for (int c = 0; c < CELLS; c++)
		p->goal[c] = (unsigned char)(c + 1 < CELLS ? c + 1 : BLANK);
	for (int m = 0; m < MOVES; m++) {
		p->name_of[m] = steps[m].name;
		for (int i = 0; i < MOVES; i++)
			if (steps[i].dx == -steps[m].dx && steps[i].dy == -steps[m].dy)
				p->inverse[m] = (unsigned char)i;
		for (int c = 0; c < CELLS; c++) {
			int x = c % WIDTH + steps[m].dx, y = c / WIDTH + steps[m].dy;

			p->target[m][c] = (signed char)(x >= 0 && x < WIDTH && y >= 0 && y < WIDTH
							    ? y * WIDTH + x : NO_CELL);
		}
	}
	for (int c = 0; c < CELLS; c++)
		for (int t = 1; t < CELLS; t++) {
			int dx = c % WIDTH - (t - 1) % WIDTH, dy = c / WIDTH - (t - 1) / WIDTH;

			p->distance[c][t] = (unsigned char)((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy));
		}
	p->orders = 1;
	for (int i = 2; i <= TILES; i++)
		p->orders *= (uint64_t)i;
	p->orders /= 2;
	space->cells = CELLS;
	space->values = CELLS;
	space->nmoves = MOVES;
	space->move_names = p->name_of;
	space->goal = p->goal;
	space->apply = apply;
	space->inverse = p->inverse;
	space->solvable = solvable;
	space->index_count = p->orders * CELLS;
	space->rank = rank;
	space->unrank = unrank;
	space->sample = sample;
	space->data = p;
	return 0;
}

static const pb_plugin_heuristic heuristics[] = {
	{ "manhattan", "the tiles' distances to their goal cells", manhattan },
};

static const pb_plugin_family families[] = {
	{
		.pattern = NAME,
		.summary = "the 8-puzzle through the generic path, to weigh it against the "
			   "built-in 8puzzle (examples/domain_8puzzle.c)",
		.example = NAME,
		.example_puzzle = "1 2 3 4 5 6 0 7 8",
		.solvability = "an even number of inversions among the tiles read row by row "
			       "(the blank left out)",
		.index = "9!/2: the tiles' order ranked and halved, times 9, plus the blank's cell",
		.make = make,
		.release = release,
		.nheuristics = sizeof(heuristics) / sizeof(heuristics[0]),
		.heuristics = heuristics,
	},
};

static const pb_plugin plugin = {
	.abi = PB_PLUGIN_ABI,
	.count = 0,
	.solvers = NULL,
	.nfamilies = sizeof(families) / sizeof(families[0]),
	.families = families,
};

PB_PLUGIN_EXPORT const pb_plugin *puzzlebench_plugin(void)
{
	return &plugin;
}
