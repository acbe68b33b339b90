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
 * Which states reach the goal. Move i sends the token at position p of
 * its segment to position 2i+K-1-p (mod N); the moves generate a group G
 * of permutations of the positions, and the states that reach the goal
 * are exactly G applied to it. Every member has an exact test, by kind:
 *
 * - K >= N-1 (all of N <= 3 among them): the ring's symmetries. K = N
 *   reverses the whole ring; K = N-1 all but position i-1, which
 *   2i+K-1-p maps to itself: every move is the reflection p -> c-p with
 *   c = 2i+K-1, and two of them a turn by an even number of places. The
 *   goal's class: token p+d+1 at each position p (the goal turned), or
 *   token c-p+1 (read backwards), mod N; any d and c where N is odd (2N
 *   states: topspin-5-4 and 5-5 reach 10), d even and c = K-1 mod 2
 *   where N is even (N states: topspin-8-7 and 8-8 reach 8).
 * - K <= N-2, K even or N odd: a move is floor(K/2) swaps, an even
 *   permutation when K = 0 or 1 mod 4; G is the alternating group then
 *   (the even arrangements, N!/2: topspin-8-4 20160), the symmetric
 *   group otherwise (every arrangement, N!: topspin-9-3 362880).
 * - K <= N-2, K odd, N even: p and 2i+K-1-p have the same parity, so a
 *   token stays on the positions of its goal position's parity (the odd
 *   tokens on the even positions, the even tokens on the odd ones: two
 *   halves of N/2). A move reverses (K+1)/2 positions of one parity and
 *   (K-1)/2 of the other: floor((K+1)/4) and floor((K-1)/4) swaps. K = 3
 *   mod 4: an odd number in one half and an even one in the other, and
 *   G is every placing within the halves ((N/2)!^2 states: topspin-8-3
 *   576); K = 5 mod 8: an odd number in each, and G is the placings of
 *   even parity ((N/2)!^2/2: topspin-8-5 288); K = 1 mod 8: an even
 *   number in each, and G is the placings even within each half
 *   ((N/2)!^2/4: topspin-12-9 129600).
 *
 * Those arguments show the goal's class within each set; that it is the
 * whole set was computed. For every member (2 <= K <= N <= 24, 276 of
 * them) each move was checked to keep its set, and the order of G, by
 * Schreier-Sims (sympy 1.14, PermutationGroup.order), is the set's size.
 * For N <= 10 a breadth-first search from the goal over all N!
 * arrangements (a scratch program driving this plugin) reached exactly
 * the arrangements the test below calls solvable, and for N = 12 (where
 * K = 1 mod 8 first occurs) a search of the goal's class, indexed by the
 * rank below, reached index_count states, each called solvable. T. Chen
 * and S. Skiena study the question for the line and the ring ("Sorting
 * with fixed-length reversals", Discrete Applied Mathematics 71, 1996).
 *
 * The rank, where the class's size fits in 64 bits (every member but the
 * even or every arrangements of N > 20): the even or every arrangements,
 * the Lehmer rank (halved for the even ones); the ring's symmetries, the
 * turn d or the reflection c; the halves, the Lehmer ranks of the two
 * halves combined (each halved where it must be even, the second where
 * the two must agree). sample draws from the class uniformly.
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
#define MAX_NUMBER_DIGITS 3 /* more cannot be a size in range */
#define NAME_SIZE (PB_PLUGIN_MOVE_NAME_MAX + 1)
#define STATE_BITS 128     /* what the harness packs a state into */
/* a quarter of a megabyte: a table filled in under a tenth of a second */
#define PDB_MAX_ENTRIES (1u << 18)
#define UNSEEN UINT8_MAX

/* Which states reach the goal (the comment at the top): the even
 * arrangements, every one, the ring's symmetries, and the halves' placings
 * (every one, the even ones, those even within each half). */
enum rule {
	EVEN_PERMUTATIONS,
	ALL_PERMUTATIONS,
	RING_SYMMETRIES,
	HALVES,
	HALVES_EVEN,
	HALVES_EACH_EVEN
};

/* One member, made by make and freed by release. */
typedef struct topspin {
	int n, k;
	enum rule rule;
	/* the states of the goal's class where they fit in 64 bits (then
	 * ranked), else 0; for the halves, the placings of one half that
	 * its rank counts (the first half's, then the second's) */
	uint64_t count;
	uint64_t half_count[2];
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

/* Whether each token of CELLS (an arrangement of the tokens) is on the
 * positions of its goal position's parity; then the two halves (side 0:
 * the even positions, holding the odd tokens; side 1: the odd ones, the
 * even tokens) into HALF[side], position p's token t as (t + 1) / 2 at
 * p / 2, each half then an arrangement of 1..N/2, and their parities into
 * ODD. */
static int halves_of(int n, const unsigned char *cells, unsigned char half[2][PB_PLUGIN_MAX_CELLS],
		     int odd[2])
{
	for (int p = 0; p < n; p++) {
		if ((cells[p] - 1) % 2 != p % 2)
			return 0;
		half[p % 2][p / 2] = (unsigned char)((cells[p] + 1) / 2);
	}
	for (int side = 0; side < 2; side++)
		permutation_parity(n / 2, half[side], &odd[side]);
	return 1;
}

/* The index of CELLS among the ring's symmetries of the goal, -1 where
 * it is none: the turns first (token p+d+1 at each position p, mod N:
 * index d, or d/2 where N is even and d must be), then the reflections
 * (token c-p+1: the turns' count plus c, or plus c/2 where N is even and
 * c must be K-1 mod 2). */
static int ring_index(const topspin *t, const unsigned char *cells)
{
	int n = t->n, even = n % 2 == 0, turns = even ? n / 2 : n;
	int d = cells[0] - 1, turned = 1, reflected = 1;

	if (d < 0 || d >= n)
		return -1;
	for (int p = 0; p < n; p++) {
		turned &= cells[p] == (p + d) % n + 1;
		reflected &= cells[p] == (d - p + n) % n + 1;
	}
	if (turned && (!even || d % 2 == 0))
		return even ? d / 2 : d;
	if (reflected && (!even || d % 2 == (t->k - 1) % 2))
		return turns + (even ? d / 2 : d);
	return -1;
}

static int solvable(const void *data, const unsigned char *cells)
{
	const topspin *t = data;
	unsigned char half[2][PB_PLUGIN_MAX_CELLS];
	int odd = 0, odd_half[2];

	if (!permutation_parity(t->n, cells, &odd))
		return 0;
	switch (t->rule) {
	case EVEN_PERMUTATIONS:
		return !odd;
	case ALL_PERMUTATIONS:
		return 1;
	case RING_SYMMETRIES:
		return ring_index(t, cells) >= 0;
	case HALVES:
		return halves_of(t->n, cells, half, odd_half);
	case HALVES_EVEN:
		return halves_of(t->n, cells, half, odd_half) && !odd;
	case HALVES_EACH_EVEN:
		return halves_of(t->n, cells, half, odd_half) && !odd_half[0] && !odd_half[1];
	}
	return 0;
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

/* Whether the rank of side SIDE's half is halved: where that half's
 * parity is fixed (even; for the second half of HALVES_EVEN, the first
 * half's). */
static int half_halved(const topspin *t, int side)
{
	return t->rule == HALVES_EACH_EVEN || (t->rule == HALVES_EVEN && side == 1);
}

/* Swap the last two cells of the N cells at CELLS. */
static void swap_last_two(int n, unsigned char *cells)
{
	unsigned char last = cells[n - 1];

	cells[n - 1] = cells[n - 2];
	cells[n - 2] = last;
}

/* Even permutations: two arrangements whose Lehmer ranks are 2j and 2j+1
 * differ in the last two cells only (the rank's last digit but one is 0
 * or 1, the last always 0), so exactly one of them is even (and one odd):
 * the rank halved is j, a bijection of the even arrangements (or of the
 * odd ones) onto 0..N!/2-1. A half's rank is halved so where its parity
 * is fixed; the halves' ranks then combine in the mixed radix of their
 * counts, and swapping the last two tokens of a half keeps every token on
 * its side. */
static uint64_t rank(const void *data, const unsigned char *cells)
{
	const topspin *t = data;
	unsigned char half[2][PB_PLUGIN_MAX_CELLS];
	int odd_half[2];
	uint64_t index[2];

	switch (t->rule) {
	case EVEN_PERMUTATIONS:
		return lehmer_rank(t->n, cells) / 2;
	case ALL_PERMUTATIONS:
		return lehmer_rank(t->n, cells);
	case RING_SYMMETRIES:
		return (uint64_t)ring_index(t, cells);
	case HALVES:
	case HALVES_EVEN:
	case HALVES_EACH_EVEN:
		break;
	}
	halves_of(t->n, cells, half, odd_half);
	for (int side = 0; side < 2; side++)
		index[side] = lehmer_rank(t->n / 2, half[side]) >> half_halved(t, side);
	return index[0] * t->half_count[1] + index[1];
}

/* The arrangement of ring index INDEX (ring_index) into CELLS. */
static void ring_unrank(const topspin *t, uint64_t index, unsigned char *cells)
{
	int n = t->n, even = n % 2 == 0, turns = even ? n / 2 : n, j = (int)index;

	if (j < turns) {
		int d = even ? 2 * j : j;

		for (int p = 0; p < n; p++)
			cells[p] = (unsigned char)((p + d) % n + 1);
	} else {
		int c = even ? 2 * (j - turns) + (t->k - 1) % 2 : j - turns;

		for (int p = 0; p < n; p++)
			cells[p] = (unsigned char)((c - p + n) % n + 1);
	}
}

static void unrank(const void *data, uint64_t index, unsigned char *cells)
{
	const topspin *t = data;
	unsigned char half[2][PB_PLUGIN_MAX_CELLS];
	uint64_t part[2];
	int h = t->n / 2, odd = 0, odd_half[2];

	switch (t->rule) {
	case ALL_PERMUTATIONS:
		lehmer_unrank(t->n, index, cells);
		return;
	case EVEN_PERMUTATIONS:
		lehmer_unrank(t->n, 2 * index, cells);
		permutation_parity(t->n, cells, &odd);
		if (odd)
			swap_last_two(t->n, cells);
		return;
	case RING_SYMMETRIES:
		ring_unrank(t, index, cells);
		return;
	case HALVES:
	case HALVES_EVEN:
	case HALVES_EACH_EVEN:
		break;
	}
	part[0] = index / t->half_count[1];
	part[1] = index % t->half_count[1];
	for (int side = 0; side < 2; side++) {
		lehmer_unrank(h, part[side] << half_halved(t, side), half[side]);
		permutation_parity(h, half[side], &odd_half[side]);
	}
	/* the parity each half must have: even, or the first half's */
	if (half_halved(t, 0) && odd_half[0])
		swap_last_two(h, half[0]);
	if (half_halved(t, 1) && odd_half[1] != (t->rule == HALVES_EVEN && odd_half[0]))
		swap_last_two(h, half[1]);
	for (int p = 0; p < t->n; p++)
		cells[p] = (unsigned char)(2 * half[p % 2][p / 2] - 1 + p % 2);
}

/* A uniform state of the goal's class. The even or every arrangement: a
 * uniform arrangement (Fisher-Yates), for the even ones the odd made even
 * by swapping the last two cells, a map two to one onto the even ones, so
 * still uniform. The other classes: the state of a uniform index (their
 * counts fit in 64 bits for every N in range: at most 2N, or (N/2)!^2 <=
 * 12!^2). */
static void sample(const void *data, uint64_t (*below)(void *rng, uint64_t n), void *rng,
		   unsigned char *cells)
{
	const topspin *t = data;
	int odd = 0;

	if (t->rule != EVEN_PERMUTATIONS && t->rule != ALL_PERMUTATIONS) {
		unrank(data, below(rng, t->count), cells);
		return;
	}
	for (int p = 0; p < t->n; p++)
		cells[p] = (unsigned char)(p + 1);
	for (int p = t->n - 1; p > 0; p--) {
		int q = (int)below(rng, (uint64_t)p + 1);
		unsigned char c = cells[p];

		cells[p] = cells[q];
		cells[q] = c;
	}
	permutation_parity(t->n, cells, &odd);
	if (t->rule == EVEN_PERMUTATIONS && odd)
		swap_last_two(t->n, cells);
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
	if (k >= n - 1)
		return RING_SYMMETRIES;
	if (k % 2 == 0 || n % 2 == 1)
		return (k / 2) % 2 == 0 ? EVEN_PERMUTATIONS : ALL_PERMUTATIONS;
	switch (k % 8) {
	case 1:
		return HALVES_EACH_EVEN;
	case 5:
		return HALVES_EVEN;
	default:
		return HALVES;
	}
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

/* The states of T's class into t->count (0 where they do not fit in 64
 * bits) and, for the halves, each half's count into t->half_count. */
static void count_class(topspin *t)
{
	uint64_t all = factorial(t->n), half = factorial(t->n / 2);

	switch (t->rule) {
	case EVEN_PERMUTATIONS:
		t->count = all / 2;
		return;
	case ALL_PERMUTATIONS:
		t->count = all;
		return;
	case RING_SYMMETRIES:
		t->count = (uint64_t)(t->n % 2 ? 2 * t->n : t->n);
		return;
	case HALVES:
	case HALVES_EVEN:
	case HALVES_EACH_EVEN:
		break;
	}
	for (int side = 0; side < 2; side++)
		t->half_count[side] = half >> half_halved(t, side);
	t->count = t->half_count[0] && t->half_count[1] <= UINT64_MAX / t->half_count[0]
			   ? t->half_count[0] * t->half_count[1]
			   : 0;
}

static int make(const char *name, pb_plugin_space *space, char *err, size_t errlen)
{
	const char *s = name + strlen(PREFIX);
	int n, k, max_n = PB_PLUGIN_MAX_MOVES;
	topspin *t;

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
	count_class(t);
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
	space->solvable = solvable;
	space->sample = sample;
	if (t->count) {
		space->index_count = t->count;
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

/* Members 'bench selftest' searches whole, at most 129600 states each:
 * every kind of rule, the even arrangements and every one (K even or N
 * odd), the ring's symmetries (N odd and even, K = N and N-1) and the
 * halves (K = 3, 5, 7 and 1 mod 8). */
static const char *const smallest[] = {
	"topspin-5-3", "topspin-6-2", "topspin-6-4", "topspin-7-3", "topspin-7-4",
	"topspin-7-5", "topspin-8-6", "topspin-5-4", "topspin-5-5", "topspin-6-5",
	"topspin-6-6", "topspin-6-3", "topspin-8-3", "topspin-8-5", "topspin-10-7",
	"topspin-12-9", NULL
};

static const pb_plugin_family families[] = {
	{
		.pattern = "topspin-N-K",
		.summary = "TopSpin: a ring of N tokens, move i reverses the K at positions i.. "
			   "(examples/domain_topspin.c)",
		.example = "topspin-8-4",
		.example_puzzle = "2 1 4 3 5 6 7 8",
		.solvability = "K >= N-1: the goal turned by d or read backwards from c (token "
			       "p+d+1 or c-p+1 at position p), d even and c = K-1 mod 2 if N is even; "
			       "else K even or N odd: the even arrangements if K is 0 or 1 mod 4, "
			       "every one if 2 or 3; else each token on positions of its goal's "
			       "parity, the arrangement even if K is 5 mod 8, each parity's tokens "
			       "even if 1 mod 8",
		.index = "every member but the even or every arrangements of N > 20 (beyond 64 "
			 "bits): the Lehmer rank (halved for the even ones), the turn or the "
			 "reflection, or the two parities' Lehmer ranks combined",
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
