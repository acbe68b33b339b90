/* The solvers, through 'bench solve', against published figures: on every
 * board of up to 10 cells, in both orientations, the number of
 * arrangements at each optimal length must be the one published in
 * ../shared/data/tiles_distributions.tsv (complete breadth-first searches
 * of Tarakanov, SoCS 2023; the README there names the source).
 *
 * reverse-table answers every one of the n! arrangements; each answer is
 * replayed here (moves applied by this file, not by the project) and must
 * reach the goal, exactly n!/2 must be 'unsolvable', and the lengths must
 * have the published distribution. Since each replayed answer is at least
 * as long as the optimum, and the lengths add up to the published sum of
 * the optima, every answer is then optimal: its lengths are the distances
 * of every arrangement. Each other solver answers every arrangement where
 * that is cheap (the same checks) and otherwise an even sample, whose
 * lengths must equal those distances. The 10-cell boards are the release
 * build's; the sanitizer build takes those of up to 9. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

/* More depths than any board of up to 16 cells has (the 4x4 radius is 80). */
#define MAX_DEPTHS 128
/* A length marking an arrangement answered 'unsolvable'. */
#define UNSOLVABLE 255
/* The solver whose answers give every arrangement's distance. */
#define TABLE "reverse-table"

/* How much of a board each solver takes: every arrangement where there are
 * at most ALL_UP_TO of them (sanitizer builds: a SLOWDOWN-th of that),
 * else about SAMPLE, evenly spaced (on the 10-cell boards a solvable
 * arrangement costs bfs-hash about 70 ms, bfs-cantor 30 ms, bibfs, astar
 * and idastar 2 to 3 ms; all 8! arrangements of 8 cells cost bfs-cantor
 * 1.3 s). */
static const struct {
	const char *name;
	uint64_t all_up_to, sample;
} shares[] = {
	{ "bibfs", 40320, 400 },     { "bfs-cantor", 40320, 24 }, { "bfs-hash", 720, 12 },
	{ "astar", 720, 200 },       { "idastar", 720, 200 },
};
/* A solver this test does not know yet. */
#define OTHER_ALL_UP_TO 720
#define OTHER_SAMPLE 12

/* Every how many arrangements (in lexicographic order) SOLVER takes of
 * TOTAL: 1 for all. */
static uint64_t stride_of(const char *solver, uint64_t total)
{
	uint64_t all = OTHER_ALL_UP_TO, sample = OTHER_SAMPLE;

	for (size_t i = 0; i < sizeof(shares) / sizeof(shares[0]); i++)
		if (!strcmp(shares[i].name, solver)) {
			all = shares[i].all_up_to;
			sample = shares[i].sample;
		}
	if (!strcmp(solver, TABLE) || total <= all / SLOWDOWN)
		return 1;
	sample = sample / SLOWDOWN ? sample / SLOWDOWN : 1;
	/* odd, so that the sample does not follow the factorial's structure */
	return (total / sample) | 1;
}

typedef struct board {
	int w, h, n;
	char name[16], goal[64];
	uint64_t total;                   /* n! arrangements */
	uint64_t published[MAX_DEPTHS];  /* states at each distance */
	int depths;
	uint8_t *length;                 /* the table's answer for each arrangement */
} board;

/* The arrangements of B.n values (0 the blank), in lexicographic order. */
typedef struct walk {
	unsigned p[PB_MAX_CELLS];
	uint64_t index;
} walk;

static void walk_start(walk *a, const board *b)
{
	for (int i = 0; i < b->n; i++)
		a->p[i] = (unsigned)i;
	a->index = 0;
}

/* On STRIDE arrangements; false past the last. */
static bool walk_next(walk *a, const board *b, uint64_t stride)
{
	for (uint64_t k = 0; k < stride; k++)
		if (!it_next_permutation(a->p, b->n))
			return false;
	a->index += stride;
	return true;
}

static void format(const unsigned *p, int n, char *text, size_t size)
{
	size_t used = 0;

	for (int i = 0; i < n; i++) {
		if (p[i])
			used += (size_t)snprintf(text + used, size - used, i ? " %u" : "%u", p[i]);
		else
			used += (size_t)snprintf(text + used, size - used, i ? " x" : "x");
	}
}

/* Every STRIDE-th arrangement of B into PATH, one a line; their count. */
static uint64_t write_arrangements(const board *b, const char *path, uint64_t stride)
{
	FILE *f = fopen(path, "w");
	uint64_t count = 0;
	walk a;

	cr_assert_not_null(f, "cannot write %s", path);
	walk_start(&a, b);
	do {
		char text[64];

		format(a.p, b->n, text, sizeof(text));
		fprintf(f, "%s\n", text);
		count++;
	} while (walk_next(&a, b, stride));
	cr_assert_eq(fclose(f), 0, "writing %s", path);
	return count;
}

/* Apply MOVES (the letter names where the blank goes) to the arrangement
 * P of B: whether every move stays on the board and the end is the goal,
 * 1 .. n-1 in reading order with the blank last. */
static bool replay_reaches_goal(const board *b, const unsigned *p, const char *moves, size_t len)
{
	unsigned cell[PB_MAX_CELLS];
	int blank = -1;

	for (int i = 0; i < b->n; i++) {
		cell[i] = p[i];
		if (!p[i])
			blank = i;
	}
	for (size_t k = 0; k < len; k++) {
		int to, row = blank / b->w, col = blank % b->w;

		switch (moves[k]) {
		case 'u': to = row > 0 ? blank - b->w : -1; break;
		case 'd': to = row < b->h - 1 ? blank + b->w : -1; break;
		case 'l': to = col > 0 ? blank - 1 : -1; break;
		case 'r': to = col < b->w - 1 ? blank + 1 : -1; break;
		default: to = -1;
		}
		if (to < 0)
			return false;
		cell[blank] = cell[to];
		cell[to] = 0;
		blank = to;
	}
	for (int i = 0; i + 1 < b->n; i++)
		if (cell[i] != (unsigned)i + 1)
			return false;
	return cell[b->n - 1] == 0;
}

/* Run SOLVER through 'bench solve' on every STRIDE-th arrangement of B and
 * check each answer (it replays to the goal; with STRIDE > 1 or another
 * solver than the table, its length is the table's). COUNTED: the
 * histogram of the lengths; returns how many were 'unsolvable'. */
static uint64_t answer(board *b, const char *solver, uint64_t stride, uint64_t *counted)
{
	char *dir = ht_tempdir(), in[64], *line = NULL;
	size_t cap = 0;
	uint64_t count, seen = 0, unsolvable = 0;
	bool table = !strcmp(solver, TABLE);
	FILE *out;
	walk a;
	ssize_t got;
	int rc;

	cr_assert_not_null(dir);
	snprintf(in, sizeof(in), "%s/in", dir);
	count = write_arrangements(b, in, stride);
	out = ht_bench_open("solve --domain %s -a %s --goal '%s' < %s", b->name, solver, b->goal, in);
	walk_start(&a, b);
	memset(counted, 0, MAX_DEPTHS * sizeof(*counted));
	while ((got = getline(&line, &cap, out)) > 0) {
		char text[64];
		size_t len = (size_t)got - (line[got - 1] == '\n');
		unsigned length;

		cr_assert_lt(seen, count, "%s on %s: more answers than the %llu arrangements", solver,
			     b->name, (unsigned long long)count);
		format(a.p, b->n, text, sizeof(text));
		line[len] = '\0';
		if (!strcmp(line, "unsolvable")) {
			length = UNSOLVABLE;
			unsolvable++;
		} else {
			cr_assert(replay_reaches_goal(b, a.p, line, len), "%s on %s '%s': '%s' does not "
				  "reach the goal '%s'", solver, b->name, text, line, b->goal);
			cr_assert_lt(len, MAX_DEPTHS, "%s on %s '%s': %zu moves", solver, b->name, text, len);
			length = (unsigned)len;
			counted[len]++;
		}
		if (table)
			b->length[a.index] = (uint8_t)length;
		else if (length == UNSOLVABLE || b->length[a.index] == UNSOLVABLE)
			cr_assert_eq(length, b->length[a.index], "%s on %s '%s': '%s', %s says %s", solver,
				     b->name, text, line, TABLE,
				     b->length[a.index] == UNSOLVABLE ? "unsolvable" : "solvable");
		else
			cr_assert_eq(length, b->length[a.index], "%s on %s '%s': %u moves, optimal %u",
				     solver, b->name, text, length, b->length[a.index]);
		seen++;
		walk_next(&a, b, stride);
	}
	free(line);
	rc = ht_bench_close(out);
	cr_assert_eq(rc, 0, "bench solve -a %s on %s: exit %d", solver, b->name, rc);
	cr_assert_eq(seen, count, "%s on %s: %llu answers to %llu arrangements", solver, b->name,
		     (unsigned long long)seen, (unsigned long long)count);
	ht_remove(dir);
	return unsolvable;
}

/* The answers to every arrangement: half unsolvable, the lengths of the
 * rest distributed as published. */
static void check_distribution(const board *b, const char *solver, const uint64_t *counted,
			       uint64_t unsolvable)
{
	cr_assert_eq(unsolvable, b->total / 2, "%s on %s: %llu of %llu arrangements unsolvable, "
		     "not half", solver, b->name, (unsigned long long)unsolvable,
		     (unsigned long long)b->total);
	for (int k = 0; k < MAX_DEPTHS; k++)
		cr_assert_eq(counted[k], k < b->depths ? b->published[k] : 0,
			     "%s on %s: %llu arrangements of optimal length %d, published %llu", solver,
			     b->name, (unsigned long long)counted[k], k,
			     (unsigned long long)(k < b->depths ? b->published[k] : 0));
}

static void check_board(int w, int h)
{
	board b = { .w = w, .h = h, .n = w * h };
	uint64_t counted[MAX_DEPTHS], unsolvable;
	unsigned goal[PB_MAX_CELLS];
	pb_config cfg = { 0 };
	pb_domain d;
	char why[160];
	int others = 0;

	snprintf(b.name, sizeof(b.name), "tiles%dx%d", w, h);
	for (int i = 0; i < b.n; i++)
		goal[i] = (unsigned)(i + 1) % (unsigned)b.n;
	format(goal, b.n, b.goal, sizeof(b.goal));
	b.total = pb_factorial(b.n);
	b.depths = it_published_distribution(w, h, b.published, MAX_DEPTHS);
	b.length = malloc(b.total);
	cr_assert_not_null(b.length);
	unsolvable = answer(&b, TABLE, 1, counted);
	check_distribution(&b, TABLE, counted, unsolvable);

	d = it_domain(b.name, NULL);
	for (size_t k = 0; k < pb_solver_count; k++) {
		const char *name = pb_solvers[k]->name;
		uint64_t stride = stride_of(name, b.total);

		/* the optimal solvers: the others answer other lengths */
		if (!strcmp(name, TABLE) || pb_solvers[k]->guarantee != PB_GUARANTEE_OPTIMAL ||
		    pb_solver_supports(pb_solvers[k], &d, &cfg, why, sizeof(why)))
			continue;
		unsolvable = answer(&b, name, stride, counted);
		if (stride == 1)
			check_distribution(&b, name, counted, unsolvable);
		others++;
	}
	cr_assert_geq(others, 5, "%s: every solver but the table serves it, %d do", b.name, others);
	free(b.length);
}

Test(distributions, tiles2x2) { check_board(2, 2); }
Test(distributions, tiles3x2) { check_board(3, 2); }
Test(distributions, tiles2x3) { check_board(2, 3); }
Test(distributions, tiles4x2) { check_board(4, 2); }
Test(distributions, tiles2x4) { check_board(2, 4); }
Test(distributions, tiles3x3) { check_board(3, 3); }
/* The 10-cell boards in the release build: under the sanitizers their
 * 3.6 million answers took 28 s of CI's 20 minutes, through the same code
 * as the 3x3 board's 362,880. (Said, not skipped: Criterion 2.4's skip
 * leaks an allocation, which the sanitizer build's leak checker fails.) */
static void check_large_board(int w, int h)
{
#ifdef PB_SANITIZED
	cr_log_info("tiles%dx%d: in the release build only", w, h);
#else
	check_board(w, h);
#endif
}

Test(distributions, tiles5x2, .timeout = 600) { check_large_board(5, 2); }
Test(distributions, tiles2x5, .timeout = 600) { check_large_board(2, 5); }
