/* TopSpin as a puzzle domain of a plugin's own (plugin ABI 3): the family
 * "topspin-N-K".
 *
 * A ring of N tokens, 1..N, listed from position 0 (cell p holds the
 * token at position p). Move i, i = 0..N-1, named by the number i ("0"
 * to "N-1"), reverses the K tokens at positions i, i+1, ..., i+K-1, each
 * taken mod N (the puzzle sold as TopSpin is topspin-20-4: a loop of 20
 * numbered discs and a turntable that reverses 4 of them). The goal is 1 2 ... N as listed: a
 * rotation of it is another state. Every move is its own inverse.
 *
 * Which states reach the goal. A move is floor(K/2) swaps, so it is an
 * even permutation of the cells when floor(K/2) is even (K = 0 or 1 mod
 * 4) and an odd one otherwise; the moves generate a group G of
 * permutations of the positions, and the states that reach the goal are
 * exactly G applied to it. The order of G was computed for every member
 * of the family (2 <= K <= N <= 24) by Schreier-Sims (sympy 1.14,
 * PermutationGroup.order) and, for N <= 10, by a breadth-first search
 * from the goal over all N! arrangements (a scratch program driving this
 * plugin; the counts agree). G is the whole alternating group (N!/2
 * states: K = 0 or 1 mod 4) or the whole symmetric group (N!: K = 2 or
 * 3 mod 4) exactly when
 *
 *     N <= 3, or K <= N - 2 and (K is even or N is odd);
 *
 * e.g. topspin-8-4 reaches 20160 = 8!/2 states, topspin-9-3 all 9! =
 * 362880, topspin-10-6 all 10! = 3628800. The other members reach fewer:
 * K = N or N - 1 gives the turns and reflections of the ring, or fewer
 * (topspin-4-4 reaches 4 states, topspin-5-4 10, topspin-9-8 18); K odd
 * with N even never takes a token between the even and the odd positions
 * (a reversal of odd length moves a token an even number of places, and
 * N is even), topspin-8-3 reaching 576 = 4! 4! states, topspin-8-5 288.
 * Only the members where the rule holds declare it (solvable, and
 * rank/unrank where N! fits in 64 bits: N <= 20); the others declare
 * none. T. Chen and S. Skiena study the question for the line and the
 * ring ("Sorting with fixed-length reversals", Discrete Applied
 * Mathematics 71, 1996); the rule here rests on the computation above.
 *
 * Heuristics:
 * - breakpoints: the ring-neighbour pairs of positions (N-1 and 0
 *   included) whose tokens are not neighbours in the goal's ring (their
 *   difference is not 1, and they are not 1 and N), halved, rounded up.
 *   A reversal keeps every pair inside its segment (the same two tokens,
 *   the other way round) and every pair outside; only the two pairs at
 *   its ends change, so a move takes away at most two breakpoints and the
 *   goal has none.
 * - pdb: a pattern database (J. C. Culberson and J. Schaeffer, "Pattern
 *   databases", Computational Intelligence 14, 1998) over where the
 *   tokens 1..k are, the others alike: the exact distance in that
 *   smaller puzzle, by a breadth-first search from the goal in make, k
 *   the largest (at most N-1) whose table has at most PDB_MAX_ENTRIES
 *   entries. Turning the ring by s places and every token's label down by
 *   s (mod N) maps the goal to itself and moves to moves, so the same
 *   table bounds the distance of the tokens s+1..s+k; the heuristic is
 *   the largest of those lookups, s = 0, k, 2k, ..., and of the
 *   breakpoints' bound (a maximum of lower bounds is one).
 *
 * Build it outside the puzzlebench tree and use it:
 *
 *     cc -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o topspin.so domain_topspin.c
 *     bench selftest -d topspin-8-4 --plugin ./topspin.so
 *     echo "2 1 4 3 5 6 7 8" | bench solve -d topspin-8-4 --plugin ./topspin.so
 *
 * It depends on <puzzlebench/plugin.h> and the C library only. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlebench/plugin.h>

#define PREFIX "topspin-"
#define MIN_K 2            /* a reversal of one token is no move */
#define SMALL_RING 3       /* up to here every arrangement is a turn or a reflection */
#define MAX_NUMBER_DIGITS 3 /* more cannot be a size in range */
#define NAME_SIZE (PB_PLUGIN_MOVE_NAME_MAX + 1)
#define STATE_BITS 128     /* what the harness packs a state into */
/* a quarter of a megabyte: a table filled in under a tenth of a second */
#define PDB_MAX_ENTRIES (1u << 18)
#define UNSEEN UINT8_MAX

/* Which states reach the goal, where a member declares it. */
enum rule { NO_RULE, EVEN_PERMUTATIONS, ALL_PERMUTATIONS };

/* One member, made by make and freed by release. */
typedef struct topspin {
	int n, k;
	enum rule rule;
	unsigned char goal[PB_PLUGIN_MAX_CELLS];
	unsigned char inverse[PB_PLUGIN_MAX_MOVES];
	char names[PB_PLUGIN_MAX_MOVES][NAME_SIZE];
	const char *name_of[PB_PLUGIN_MAX_MOVES];
	/* the pattern database: the distance of each placing of the tokens
	 * 1..pdb_k, by pdb_index; pdb_entries of them */
	int pdb_k;
	uint32_t pdb_entries;
	uint8_t *pdb;
} topspin;

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

/* The decimal digits of V (0 <= V < PB_PLUGIN_MAX_MOVES) into NAME. */
static void name_number(char *name, int v)
{
	int digits = 1;

	for (int rest = v / 10; rest; rest /= 10)
		digits++;
	name[digits] = '\0';
	do
		name[--digits] = (char)('0' + v % 10);
	while (v /= 10);
}

/* The moves */

static int apply(const void *data, const unsigned char *cells, int move, unsigned char *out)
{
	const topspin *t = data;
	int n = t->n, first = move, last = move + t->k - 1;

	memcpy(out, cells, (size_t)n);
	for (int j = 0; j < t->k; j++) {
		int to = first + j, from = last - j;

		out[to < n ? to : to - n] = cells[from < n ? from : from - n];
	}
	return 1;
}

/* The rule */

/* Whether CELLS hold the tokens 1..N, each once; the parity of that
 * permutation (its inversions mod 2) into *ODD. */
static int permutation_parity(int n, const unsigned char *cells, int *odd)
{
	uint32_t seen = 0;
	int inversions = 0;

	for (int p = 0; p < n; p++) {
		if (cells[p] < 1 || cells[p] > n || seen & (1u << cells[p]))
			return 0;
		seen |= 1u << cells[p];
		for (int q = 0; q < p; q++)
			inversions += cells[q] > cells[p];
	}
	*odd = inversions & 1;
	return 1;
}

static int solvable(const void *data, const unsigned char *cells)
{
	const topspin *t = data;
	int odd = 0;

	if (!permutation_parity(t->n, cells, &odd))
		return 0;
	return t->rule == ALL_PERMUTATIONS || !odd;
}

/* The Lehmer rank of the tokens, 0..N!-1 (N <= 20: N! fits). */
static uint64_t lehmer_rank(int n, const unsigned char *cells)
{
	uint64_t index = 0;

	for (int p = 0; p < n; p++) {
		int smaller = 0;

		for (int q = p + 1; q < n; q++)
			smaller += cells[q] < cells[p];
		index = index * (uint64_t)(n - p) + (uint64_t)smaller;
	}
	return index;
}

static void lehmer_unrank(int n, uint64_t index, unsigned char *cells)
{
	int digit[PB_PLUGIN_MAX_CELLS];
	uint32_t used = 0;

	for (int p = n - 1; p >= 0; p--) {
		digit[p] = (int)(index % (uint64_t)(n - p));
		index /= (uint64_t)(n - p);
	}
	for (int p = 0; p < n; p++) {
		int token = 1;

		/* the digit[p]-th token not used yet */
		for (int skip = digit[p];; token++)
			if (!(used & (1u << token)) && !skip--)
				break;
		used |= 1u << token;
		cells[p] = (unsigned char)token;
	}
}

/* Even permutations: two arrangements whose Lehmer ranks are 2j and 2j+1
 * differ in the last two cells only (the rank's last digit but one is 0
 * or 1, the last always 0), so exactly one of them is even: its rank
 * halved is j, a bijection onto 0..N!/2-1. */
static uint64_t rank(const void *data, const unsigned char *cells)
{
	const topspin *t = data;
	uint64_t index = lehmer_rank(t->n, cells);

	return t->rule == EVEN_PERMUTATIONS ? index / 2 : index;
}

static void unrank(const void *data, uint64_t index, unsigned char *cells)
{
	const topspin *t = data;
	int odd = 0;

	if (t->rule != EVEN_PERMUTATIONS) {
		lehmer_unrank(t->n, index, cells);
		return;
	}
	lehmer_unrank(t->n, 2 * index, cells);
	permutation_parity(t->n, cells, &odd);
	if (odd) {
		unsigned char last = cells[t->n - 1];

		cells[t->n - 1] = cells[t->n - 2];
		cells[t->n - 2] = last;
	}
}

/* A uniform arrangement (Fisher-Yates); for the even ones, the odd made
 * even by swapping the last two cells: a map two to one onto the even
 * ones, so still uniform. */
static void sample(const void *data, uint64_t (*below)(void *rng, uint64_t n), void *rng,
		   unsigned char *cells)
{
	const topspin *t = data;
	int odd = 0;

	for (int p = 0; p < t->n; p++)
		cells[p] = (unsigned char)(p + 1);
	for (int p = t->n - 1; p > 0; p--) {
		int q = (int)below(rng, (uint64_t)p + 1);
		unsigned char c = cells[p];

		cells[p] = cells[q];
		cells[q] = c;
	}
	permutation_parity(t->n, cells, &odd);
	if (t->rule == EVEN_PERMUTATIONS && odd) {
		unsigned char last = cells[t->n - 1];

		cells[t->n - 1] = cells[t->n - 2];
		cells[t->n - 2] = last;
	}
}

/* The heuristics */

/* Whether tokens A and B are neighbours on the goal's ring. */
static int neighbours(int n, int a, int b)
{
	int d = a > b ? a - b : b - a;

	return d == 1 || d == n - 1;
}

static unsigned breakpoints(const void *data, const unsigned char *cells)
{
	const topspin *t = data;
	unsigned count = 0;

	for (int p = 0; p < t->n; p++)
		count += !neighbours(t->n, cells[p], cells[p + 1 < t->n ? p + 1 : 0]);
	return (count + 1) / 2;
}

/* The index of a placing of the tokens 1..k at the positions AT[0..k):
 * each position counted among those the tokens before it left free, in
 * the mixed radix N, N-1, ..., N-k+1. */
static uint32_t pdb_index(const topspin *t, const int *at)
{
	uint32_t index = 0;

	for (int j = 0; j < t->pdb_k; j++) {
		int free_below = at[j];

		for (int i = 0; i < j; i++)
			free_below -= at[i] < at[j];
		index = index * (uint32_t)(t->n - j) + (uint32_t)free_below;
	}
	return index;
}

static void pdb_placing(const topspin *t, uint32_t index, int *at)
{
	int digit[PB_PLUGIN_MAX_CELLS];
	uint32_t used = 0;

	for (int j = t->pdb_k - 1; j >= 0; j--) {
		digit[j] = (int)(index % (uint32_t)(t->n - j));
		index /= (uint32_t)(t->n - j);
	}
	for (int j = 0; j < t->pdb_k; j++) {
		int p = 0;

		for (int skip = digit[j];; p++)
			if (!(used & (1u << p)) && !skip--)
				break;
		used |= 1u << p;
		at[j] = p;
	}
}

/* Move MOVE on the positions AT[0..k) of the tokens 1..k. */
static void pdb_move(const topspin *t, int move, const int *at, int *to)
{
	for (int j = 0; j < t->pdb_k; j++) {
		int offset = at[j] - move;

		if (offset < 0)
			offset += t->n;
		if (offset < t->k) {
			int p = move + t->k - 1 - offset;

			to[j] = p < t->n ? p : p - t->n;
		} else {
			to[j] = at[j];
		}
	}
}

/* The pattern database by a breadth-first search from the goal's
 * placing (token j+1 at position j); 0 or -1 (no memory). */
static int pdb_build(topspin *t)
{
	uint32_t *queue, head = 0, tail = 0;
	int at[PB_PLUGIN_MAX_CELLS], to[PB_PLUGIN_MAX_CELLS];

	t->pdb_k = 0;
	t->pdb_entries = 1;
	while (t->pdb_k < t->n - 1 &&
	       (uint64_t)t->pdb_entries * (uint64_t)(t->n - t->pdb_k) <= PDB_MAX_ENTRIES)
		t->pdb_entries *= (uint32_t)(t->n - t->pdb_k++);
	t->pdb = malloc(t->pdb_entries);
	queue = malloc(t->pdb_entries * sizeof(*queue));
	if (!t->pdb || !queue) {
		free(queue);
		return -1;
	}
	memset(t->pdb, UNSEEN, t->pdb_entries);
	for (int j = 0; j < t->pdb_k; j++)
		at[j] = j;
	queue[tail++] = pdb_index(t, at);
	t->pdb[queue[0]] = 0;
	while (head < tail) {
		uint32_t from = queue[head++];

		pdb_placing(t, from, at);
		for (int m = 0; m < t->n; m++) {
			uint32_t i;

			pdb_move(t, m, at, to);
			i = pdb_index(t, to);
			if (t->pdb[i] != UNSEEN)
				continue;
			/* depths past UNSEEN - 1 (never met) would be kept
			 * there: lower, so still a bound */
			t->pdb[i] = (uint8_t)(t->pdb[from] < UNSEEN - 1 ? t->pdb[from] + 1 : UNSEEN - 1);
			queue[tail++] = i;
		}
	}
	/* placings the goal's cannot reach: no state reaching the goal has
	 * them, any bound holds; 0 is the plainest */
	for (uint32_t i = 0; i < t->pdb_entries; i++)
		if (t->pdb[i] == UNSEEN)
			t->pdb[i] = 0;
	free(queue);
	return 0;
}

static unsigned pdb(const void *data, const unsigned char *cells)
{
	const topspin *t = data;
	int where[PB_PLUGIN_MAX_CELLS + 1], at[PB_PLUGIN_MAX_CELLS];
	unsigned best = breakpoints(data, cells);
	uint32_t seen = 0;

	for (int p = 0; p < t->n; p++) {
		if (cells[p] < 1 || cells[p] > t->n || seen & (1u << cells[p]))
			return best; /* not an arrangement of the tokens: none reaches the goal */
		seen |= 1u << cells[p];
		where[cells[p]] = p;
	}
	/* the tokens s+1..s+k, each label and position turned down by s */
	for (int s = 0; s < t->n; s += t->pdb_k) {
		unsigned h;

		for (int j = 0; j < t->pdb_k; j++) {
			int token = (s + j) % t->n + 1, p = where[token] - s;

			at[j] = p < 0 ? p + t->n : p;
		}
		h = t->pdb[pdb_index(t, at)];
		if (h > best)
			best = h;
	}
	return best;
}

/* The family */

static void release(pb_plugin_space *space)
{
	topspin *t = space->data;

	if (!t)
		return;
	free(t->pdb);
	free(t);
	space->data = NULL;
}

/* The rule of topspin-N-K, as the comment at the top tells it. */
static enum rule rule_of(int n, int k)
{
	int reaches_all = n <= SMALL_RING || (k <= n - 2 && (k % 2 == 0 || n % 2 == 1));

	if (!reaches_all)
		return NO_RULE;
	return (k / 2) % 2 == 0 ? EVEN_PERMUTATIONS : ALL_PERMUTATIONS;
}

/* N! where it fits in 64 bits, else 0. */
static uint64_t factorial(int n)
{
	uint64_t f = 1;

	for (int i = 2; i <= n; i++) {
		if (f > UINT64_MAX / (uint64_t)i)
			return 0;
		f *= (uint64_t)i;
	}
	return f;
}

static int make(const char *name, pb_plugin_space *space, char *err, size_t errlen)
{
	const char *s = name + strlen(PREFIX);
	int n, k, max_n = PB_PLUGIN_MAX_MOVES;
	topspin *t;
	uint64_t states;

	if (strncmp(name, PREFIX, strlen(PREFIX)))
		return 1;
	if ((n = read_number(&s)) < 0 || *s++ != '-' || (k = read_number(&s)) < 0 || *s) {
		snprintf(err, errlen, "topspin-N-K: N and K numbers (no leading zeros), e.g. topspin-8-4");
		return -1;
	}
	/* N moves, N cells of N + 1 values packed in STATE_BITS */
	while (max_n > PB_PLUGIN_MAX_CELLS || max_n * bits_of(max_n + 1) > STATE_BITS)
		max_n--;
	if (k < MIN_K || k > n || n > max_n) {
		snprintf(err, errlen, "topspin-N-K: %d <= K <= N <= %d", MIN_K, max_n);
		return -1;
	}
	if (!(t = calloc(1, sizeof(*t)))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	t->n = n;
	t->k = k;
	t->rule = rule_of(n, k);
	for (int p = 0; p < n; p++) {
		t->goal[p] = (unsigned char)(p + 1);
		t->inverse[p] = (unsigned char)p;
		name_number(t->names[p], p);
		t->name_of[p] = t->names[p];
	}
	if (pdb_build(t)) {
		space->data = t;
		release(space);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	space->cells = n;
	space->values = n + 1;
	space->nmoves = n;
	space->move_names = t->name_of;
	space->goal = t->goal;
	space->apply = apply;
	space->inverse = t->inverse;
	space->data = t;
	if (t->rule == NO_RULE)
		return 0;
	space->solvable = solvable;
	space->sample = sample;
	if ((states = factorial(n))) {
		space->index_count = t->rule == EVEN_PERMUTATIONS ? states / 2 : states;
		space->rank = rank;
		space->unrank = unrank;
	}
	return 0;
}

static const pb_plugin_heuristic heuristics[] = {
	{ "breakpoints", "ring neighbours that are not the goal's, halved (a move mends at most two)",
	  breakpoints },
	{ "pdb", "a table by BFS of where k tokens are, read for runs of k; at least breakpoints",
	  pdb },
};

/* Members 'bench selftest' searches whole: each kind of rule (the even
 * arrangements, every one) and a member with none (topspin-6-3). */
static const char *const smallest[] = { "topspin-5-3", "topspin-6-2", "topspin-6-3",
					"topspin-6-4", "topspin-7-3", "topspin-7-4",
					"topspin-7-5", "topspin-8-6", NULL };

static const pb_plugin_family families[] = {
	{
		.pattern = "topspin-N-K",
		.summary = "TopSpin: a ring of N tokens, move i reverses the K at positions i.. "
			   "(examples/domain_topspin.c)",
		.example = "topspin-8-4",
		.example_puzzle = "2 1 4 3 5 6 7 8",
		.solvability = "where N <= 3, or K <= N-2 and K is even or N odd: the even "
			       "arrangements if K is 0 or 1 mod 4, every one if 2 or 3 mod 4; "
			       "no rule for the other members",
		.index = "where a rule is declared and N <= 20: the Lehmer rank, halved where the "
			 "class is the even arrangements",
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
