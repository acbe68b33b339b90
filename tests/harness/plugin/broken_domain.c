/* A domain plugin for the tests of 'bench selftest': a small puzzle that
 * keeps the domain contract ("broken-ok"), and members that each break
 * one rule of it ("broken-inv", ...), so that a test can see the
 * check fail, and name the rule.
 *
 * The puzzle: four cells holding 0..3, each once; the moves turn three
 * neighbouring cells round ("l": cells 0 1 2 to the left, "r" back; "m":
 * cells 1 2 3 to the left, "n" back). Three-cycles are even, and these two
 * make every even arrangement: 12 states reach the goal 0 1 2 3, the odd
 * arrangements (and anything not an arrangement) none. */
#include <string.h>

#include "puzzlebench/plugin.h"

#define CELLS 4
#define MOVES 4
#define STATES 12 /* 4!/2 */

enum { OK, BAD_INVERSE, BAD_SOLVABLE, BAD_RANK, BAD_HEURISTIC, BAD_STAYS };

static const char *const member[] = {
	[OK] = "broken-ok",
	[BAD_INVERSE] = "broken-inv",
	[BAD_SOLVABLE] = "broken-solv",
	[BAD_RANK] = "broken-rank",
	[BAD_HEURISTIC] = "broken-heur",
	[BAD_STAYS] = "broken-stay",
};
#define MEMBERS (sizeof(member) / sizeof(member[0]))

static const char *const names[MOVES] = { "l", "r", "m", "n" };
static const unsigned char goal[CELLS] = { 0, 1, 2, 3 };
static const unsigned char inverse[MEMBERS][MOVES] = {
	[OK] = { 1, 0, 3, 2 },       [BAD_INVERSE] = { 0, 0, 3, 2 }, [BAD_SOLVABLE] = { 1, 0, 3, 2 },
	[BAD_RANK] = { 1, 0, 3, 2 }, [BAD_HEURISTIC] = { 1, 0, 3, 2 }, [BAD_STAYS] = { 1, 0, 3, 2 },
};

/* The member's number is its data. */
static int which(const void *data)
{
	return ((const char *)data)[0];
}

static int apply(const void *data, const unsigned char *c, int move, unsigned char *out)
{
	int first = move < 2 ? 0 : 1;

	memcpy(out, c, CELLS);
	if (which(data) == BAD_STAYS && move == 0 && c[3] == 3)
		return 1; /* legal, but nothing moves */
	if (move % 2 == 0) {
		out[first] = c[first + 1];
		out[first + 1] = c[first + 2];
		out[first + 2] = c[first];
	} else {
		out[first] = c[first + 2];
		out[first + 1] = c[first];
		out[first + 2] = c[first + 1];
	}
	return 1;
}

/* 1: even; 0: odd; -1: not an arrangement of 0..3. */
static int parity(const unsigned char *c)
{
	unsigned seen = 0, inversions = 0;

	for (int i = 0; i < CELLS; i++) {
		if (c[i] >= CELLS || seen & (1u << c[i]))
			return -1;
		seen |= 1u << c[i];
		for (int j = i + 1; j < CELLS; j++)
			inversions += c[j] < c[i];
	}
	return inversions % 2 == 0;
}

static int solvable(const void *data, const unsigned char *c)
{
	if (which(data) == BAD_SOLVABLE)
		return parity(c) >= 0; /* the odd ones too */
	return parity(c) == 1;
}

/* The Lehmer rank of the arrangement, halved (of an arrangement and the
 * one with its last two cells swapped, one is even). */
static uint64_t rank(const void *data, const unsigned char *c)
{
	uint64_t r = 0;

	for (int i = 0; i < CELLS; i++) {
		unsigned smaller = 0;

		for (int j = i + 1; j < CELLS; j++)
			smaller += c[j] < c[i];
		r = r * (uint64_t)(CELLS - i) + smaller;
	}
	if (which(data) == BAD_RANK && r / 2 == 3)
		return 2; /* two states share index 2 */
	return r / 2;
}

static void unrank(const void *data, uint64_t index, unsigned char *c)
{
	unsigned char left[CELLS] = { 0, 1, 2, 3 };
	uint64_t r = 2 * index, radix[CELLS];
	int n = CELLS;

	(void)data;
	for (int i = CELLS - 1, f = 1; i >= 0; i--) {
		radix[i] = (uint64_t)f;
		f *= CELLS - i;
	}
	for (int i = 0; i < CELLS; i++) {
		int d = (int)(r / radix[i]);

		r %= radix[i];
		c[i] = left[d];
		memmove(left + d, left + d + 1, (size_t)(n - d - 1));
		n--;
	}
	if (parity(c) != 1) {
		unsigned char t = c[CELLS - 1];

		c[CELLS - 1] = c[CELLS - 2];
		c[CELLS - 2] = t;
	}
}

/* The cells out of place, a third of them rounded up (a move moves three
 * cells, so puts at most three in place: a lower bound); three times the
 * count in "broken-heuristic", which is no bound at all. */
static unsigned misplaced(const void *data, const unsigned char *c)
{
	unsigned n = 0;

	for (int i = 0; i < CELLS; i++)
		n += c[i] != goal[i];
	if (which(data) == BAD_HEURISTIC)
		return 3 * n;
	return (n + 2) / 3;
}

static int make(const char *name, pb_plugin_space *space, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	for (size_t i = 0; i < MEMBERS; i++) {
		if (strcmp(name, member[i]))
			continue;
		space->cells = CELLS;
		space->values = CELLS;
		space->nmoves = MOVES;
		space->move_names = names;
		space->goal = goal;
		space->apply = apply;
		space->inverse = inverse[i];
		space->solvable = solvable;
		space->index_count = STATES;
		space->rank = rank;
		space->unrank = unrank;
		/* the member's number, as a pointer to a byte holding it */
		space->data = (void *)&"\0\1\2\3\4\5"[i];
		return 0;
	}
	return strncmp(name, "broken-", 7) ? 1 : -1;
}

static const pb_plugin_heuristic heuristics[] = {
	{ "misplaced3", "cells out of place, a third of them rounded up", misplaced },
};

static const pb_plugin_family families[] = {
	{
		.pattern = "broken-RULE",
		.summary = "a four-cell puzzle of three-cycles; each member breaks one rule",
		.example = "broken-ok",
		.example_puzzle = "1 2 0 3",
		.solvability = "the even arrangements",
		.make = make,
		.nheuristics = 1,
		.heuristics = heuristics,
	},
};

static const pb_plugin plugin = {
	.abi = PB_PLUGIN_ABI,
	.count = 0,
	.solvers = NULL,
	.nfamilies = 1,
	.families = families,
};

PB_PLUGIN_EXPORT const pb_plugin *puzzlebench_plugin(void)
{
	return &plugin;
}
