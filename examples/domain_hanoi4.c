/* The Towers of Hanoi with four pegs as a puzzle domain of a plugin's own
 * (plugin ABI 3): the family "hanoi4-N", N discs.
 *
 * A state is the peg, 0..3, of each disc, the smallest first (cell 0 is
 * the smallest disc): the discs on a peg lie largest at the bottom, so
 * that is all a state needs. The goal is every disc on peg 3. The twelve
 * moves take the top disc of peg a to peg b (a != b), named "ab" with the
 * digits ("01", "02", ..., "32"): legal where peg a has a disc and peg b
 * has none or a larger one on top. "ba" undoes "ab".
 *
 * Every state reaches the goal (move the discs onto peg 3 from the
 * largest down, each smaller one out of the way first), so every member
 * declares the rule "every state": the rank of a state is its pegs as a
 * number in base 4, cell 0 the lowest digit, 0..4^N-1.
 *
 * The perfect puzzle, every disc on one peg, takes the Frame-Stewart
 * number of moves (J. S. Frame and B. M. Stewart, American Mathematical
 * Monthly 48, 1941; shown optimal for four pegs by T. Bousch, "La quatrieme
 * tour de Hanoi", Bulletin of the Belgian Mathematical Society 21, 2014):
 * 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81 for 1..12 discs, checked by a
 * breadth-first search from the goal driving this plugin, which also found
 * no state of those sizes farther from the goal; 289 for 20 discs, well
 * within PB_PLUGIN_MAX_ANSWER.
 *
 * Heuristics:
 * - misplaced: the discs not on peg 3 (each takes a move).
 * - pdb: additive pattern databases (R. E. Korf and A. Felner, "Recent
 *   progress in heuristic search: a case study of the four-peg Towers of
 *   Hanoi problem", IJCAI 2007). The discs are cut into groups of at most
 *   PDB_GROUP_DISCS, the largest discs first. Every move moves one disc,
 *   and the moves of a solution that move a group's discs are a legal
 *   solution of that group alone (a disc on top of its peg is on top of
 *   its group there; the peg it goes to holds only larger discs), so that
 *   group's own shortest solution bounds them, and the groups' bounds
 *   add. One table serves every group: the distance of each placing of
 *   PDB_GROUP_DISCS discs to peg 3, by a breadth-first search from the
 *   goal in make. A smaller group is read as its discs with the table's
 *   larger ones already on peg 3: those never have to move (a solution
 *   moving them, less their moves, solves the smaller group alone), so it
 *   is that group's own distance.
 *
 * Build it outside the puzzlebench tree and use it:
 *
 *     cc -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o hanoi4.so domain_hanoi4.c
 *     bench selftest -d hanoi4-6 --plugin ./hanoi4.so
 *     echo "0 0 0 0" | bench solve -d hanoi4-4 --plugin ./hanoi4.so --heuristic pdb
 *
 * It depends on <puzzlebench/plugin.h> and the C library only. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlebench/plugin.h>

#define PREFIX "hanoi4-"
#define PEGS 4
#define GOAL_PEG (PEGS - 1)
#define MOVES (PEGS * (PEGS - 1))
#define PEG_BITS 2 /* a peg as a base-4 digit */
#define MIN_DISCS 1
#define MAX_DISCS 20
#define MAX_NUMBER_DIGITS 3 /* more cannot be a size in range */
#define NAME_SIZE (PB_PLUGIN_MOVE_NAME_MAX + 1)
#define STATE_BITS 128 /* what the harness packs a state into */
/* 4^10 one-byte entries: a megabyte, filled in under a tenth of a second */
#define PDB_GROUP_DISCS 10
#define UNSEEN UINT8_MAX

/* One member, made by make and freed by release. */
typedef struct hanoi {
	int n;
	unsigned char goal[MAX_DISCS];
	unsigned char from[MOVES], to[MOVES], inverse[MOVES];
	char names[MOVES][NAME_SIZE];
	const char *name_of[MOVES];
	int group;   /* discs in the table: PDB_GROUP_DISCS, or N if fewer */
	uint8_t *pdb; /* 4^group distances, by the pegs in base 4 (smallest disc lowest) */
} hanoi;

/* Reading the name */

/* The number at *S (digits, no leading zero, at most MAX_NUMBER_DIGITS),
 * moving *S past it; -1 where there is none. */
static int read_number(const char **s)
{
	const char *p = *s;
	int value = 0, digits = 0;

	if (*p == '0' && p[1] >= '0' && p[1] <= '9')
		return -1;
	while (*p >= '0' && *p <= '9') {
		if (++digits > MAX_NUMBER_DIGITS)
			return -1;
		value = 10 * value + (*p++ - '0');
	}
	if (!digits)
		return -1;
	*s = p;
	return value;
}

/* The bits the harness takes for a cell holding 0..values-1: those of
 * the number values. */
static int bits_of(int values)
{
	int bits = 0;

	while (values >> bits)
		bits++;
	return bits;
}

/* The moves */

/* Whether the top disc of peg FROM may go onto peg TO among the pegs
 * PEG[0..n) (smallest disc first): the smallest disc on either peg is on
 * FROM. That disc into *DISC. */
static int legal(const unsigned char *peg, int n, int from, int to, int *disc)
{
	for (int d = 0; d < n; d++) {
		if (peg[d] == from) {
			*disc = d;
			return 1;
		}
		if (peg[d] == to)
			return 0;
	}
	return 0;
}

static int apply(const void *data, const unsigned char *cells, int move, unsigned char *out)
{
	const hanoi *h = data;
	int disc;

	if (!legal(cells, h->n, h->from[move], h->to[move], &disc))
		return 0;
	memcpy(out, cells, (size_t)h->n);
	out[disc] = h->to[move];
	return 1;
}

/* The rule: every state */

static int solvable(const void *data, const unsigned char *cells)
{
	(void)data;
	(void)cells;
	return 1;
}

static uint64_t rank(const void *data, const unsigned char *cells)
{
	const hanoi *h = data;
	uint64_t index = 0;

	for (int d = h->n - 1; d >= 0; d--)
		index = (index << PEG_BITS) | cells[d];
	return index;
}

/* The pegs of N discs whose rank is INDEX, into PEG. */
static void pegs_of(uint64_t index, int n, unsigned char *peg)
{
	for (int d = 0; d < n; d++, index >>= PEG_BITS)
		peg[d] = (unsigned char)(index % PEGS);
}

static void unrank(const void *data, uint64_t index, unsigned char *cells)
{
	const hanoi *h = data;

	pegs_of(index, h->n, cells);
}

static void sample(const void *data, uint64_t (*below)(void *rng, uint64_t n), void *rng,
		   unsigned char *cells)
{
	const hanoi *h = data;

	for (int d = 0; d < h->n; d++)
		cells[d] = (unsigned char)below(rng, PEGS);
}

/* The heuristics */

static unsigned misplaced(const void *data, const unsigned char *cells)
{
	const hanoi *h = data;
	unsigned count = 0;

	for (int d = 0; d < h->n; d++)
		count += cells[d] != GOAL_PEG;
	return count;
}

/* The table by a breadth-first search from every disc on peg 3; 0 or -1
 * (no memory). */
static int pdb_build(hanoi *h)
{
	uint32_t entries = (uint32_t)1 << (PEG_BITS * h->group), head = 0, tail = 0;
	uint32_t *queue = malloc(entries * sizeof(*queue));

	h->pdb = malloc(entries);
	if (!h->pdb || !queue) {
		free(queue);
		return -1;
	}
	memset(h->pdb, UNSEEN, entries);
	queue[tail++] = entries - 1; /* every digit 3 */
	h->pdb[entries - 1] = 0;
	while (head < tail) {
		uint32_t index = queue[head++];
		unsigned char peg[PDB_GROUP_DISCS];

		pegs_of(index, h->group, peg);
		for (int m = 0; m < MOVES; m++) {
			int disc;
			uint32_t next;

			if (!legal(peg, h->group, h->from[m], h->to[m], &disc))
				continue;
			next = index - ((uint32_t)h->from[m] << (PEG_BITS * disc)) +
			       ((uint32_t)h->to[m] << (PEG_BITS * disc));
			if (h->pdb[next] != UNSEEN)
				continue;
			h->pdb[next] = (uint8_t)(h->pdb[index] + 1);
			queue[tail++] = next;
		}
	}
	free(queue);
	return 0;
}

static unsigned pdb(const void *data, const unsigned char *cells)
{
	const hanoi *h = data;
	unsigned sum = 0;

	/* the groups from the largest discs down: discs low..top-1 */
	for (int top = h->n; top > 0; top -= h->group) {
		int low = top > h->group ? top - h->group : 0;
		uint32_t index = 0;

		/* the table's discs this group lacks, on peg 3 */
		for (int d = top - low; d < h->group; d++)
			index = (index << PEG_BITS) | GOAL_PEG;
		for (int d = top - 1; d >= low; d--)
			index = (index << PEG_BITS) | cells[d];
		sum += h->pdb[index];
	}
	return sum;
}

/* The family */

static void release(pb_plugin_space *space)
{
	hanoi *h = space->data;

	if (!h)
		return;
	free(h->pdb);
	free(h);
	space->data = NULL;
}

static int make(const char *name, pb_plugin_space *space, char *err, size_t errlen)
{
	const char *s = name + strlen(PREFIX);
	hanoi *h;
	int n, m = 0;

	if (strncmp(name, PREFIX, strlen(PREFIX)))
		return 1;
	if ((n = read_number(&s)) < 0 || *s) {
		snprintf(err, errlen, "hanoi4-N: N a number of discs (no leading zeros), e.g. hanoi4-4");
		return -1;
	}
	if (n < MIN_DISCS || n > MAX_DISCS || n * bits_of(PEGS) > STATE_BITS) {
		snprintf(err, errlen, "hanoi4-N: %d <= N <= %d discs", MIN_DISCS, MAX_DISCS);
		return -1;
	}
	if (!(h = calloc(1, sizeof(*h)))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	h->n = n;
	h->group = n < PDB_GROUP_DISCS ? n : PDB_GROUP_DISCS;
	for (int d = 0; d < n; d++)
		h->goal[d] = GOAL_PEG;
	for (int a = 0; a < PEGS; a++)
		for (int b = 0; b < PEGS; b++) {
			if (a == b)
				continue;
			h->from[m] = (unsigned char)a;
			h->to[m] = (unsigned char)b;
			h->names[m][0] = (char)('0' + a);
			h->names[m][1] = (char)('0' + b);
			h->names[m][2] = '\0';
			h->name_of[m] = h->names[m];
			m++;
		}
	for (int i = 0; i < MOVES; i++)
		for (int j = 0; j < MOVES; j++)
			if (h->from[j] == h->to[i] && h->to[j] == h->from[i])
				h->inverse[i] = (unsigned char)j;
	if (pdb_build(h)) {
		space->data = h;
		release(space);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	space->cells = n;
	space->values = PEGS;
	space->nmoves = MOVES;
	space->move_names = h->name_of;
	space->goal = h->goal;
	space->apply = apply;
	space->inverse = h->inverse;
	space->solvable = solvable;
	space->index_count = (uint64_t)1 << (PEG_BITS * n);
	space->rank = rank;
	space->unrank = unrank;
	space->sample = sample;
	space->data = h;
	return 0;
}

static const pb_plugin_heuristic heuristics[] = {
	{ "pdb", "additive pattern databases over groups of discs, the largest first "
		 "(Korf and Felner 2007)", pdb },
	{ "misplaced", "the discs not on peg 3", misplaced },
};

/* The members 'bench selftest' searches whole. */
static const char *const smallest[] = { "hanoi4-1", "hanoi4-2", "hanoi4-3", "hanoi4-4",
					"hanoi4-5", "hanoi4-6", NULL };

static const pb_plugin_family families[] = {
	{
		.pattern = "hanoi4-N",
		.summary = "the Towers of Hanoi, 4 pegs and N discs onto peg 3 "
			   "(examples/domain_hanoi4.c)",
		.example = "hanoi4-4",
		.example_puzzle = "0 0 0 0",
		.solvability = "every state",
		.index = "4^N: the pegs as a number in base 4, the smallest disc lowest",
		.smallest = smallest,
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
