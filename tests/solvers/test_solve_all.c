/* Every 3x3 arrangement and every Magic Squares target through 'bench solve'
 * with each solver that serves the domain: answers replayed and checked
 * against distances computed here by a plain breadth-first search over
 * packed states (no parity test, no ranks). Solvers too slow for all of
 * them get an even sample. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algorithms/core/queue.h"
#include "algorithms/core/table.h"
#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

/* Every how many instances a solver takes: 1 for all. */
static const struct {
	const char *name;
	unsigned tiles_stride, msquare_stride;
} strides[] = {
	{ "reverse-table", 1, 1 },
	{ "bibfs", 5 * SLOWDOWN, 1 * SLOWDOWN },
	{ "idastar", 5 * SLOWDOWN, 97 * SLOWDOWN },
	{ "astar", 7 * SLOWDOWN, 97 * SLOWDOWN },
	{ "bfs-cantor", 97 * SLOWDOWN, 97 * SLOWDOWN },
	{ "bfs-hash", 499 * SLOWDOWN, 197 * SLOWDOWN },
};

/* PB_SOLVE_ALL=full gives every solver every instance (about 20 minutes
 * on the 3x3 board, most of them bfs-hash's); CI takes the sample. */
static unsigned stride_of(const char *solver, bool tiles)
{
	const char *all = getenv("PB_SOLVE_ALL");

	if (all && !strcmp(all, "full"))
		return 1;
	for (size_t i = 0; i < sizeof(strides) / sizeof(strides[0]); i++)
		if (!strcmp(strides[i].name, solver))
			return tiles ? strides[i].tiles_stride : strides[i].msquare_stride;
	return 997 * SLOWDOWN; /* a solver this test does not know yet */
}

/* Distances to the goal of every state reached backwards from it, as
 * depth + 1 in a hash table keyed by the packed cells. */
static void distances_by_bfs(const pb_domain *d, pb_meter *m, pb_table *t)
{
	pb_queue q;
	uint8_t unused;

	cr_assert_eq(pb_table_init(t, m, d->index_count, 1), 0);
	cr_assert_eq(pb_queue_init(&q, m, 1024, 1), 0);
	pb_table_insert(t, d->goal.cells, 1, NULL, 1);
	pb_queue_push(&q, d->goal.cells, 0, 1);
	while (q.count) {
		pb_state x = { .cells = pb_queue_pop(&q, &unused, 1) }, y;
		uint16_t depth = *pb_table_find(t, x.cells, 1);

		x.cls = pb_class_of(d, x.cells);
		for (int mv = 0; mv < d->nmoves; mv++)
			if (pb_unapply(d, &x, mv, &y) && pb_table_insert(t, y.cells, depth + 1, NULL, 1) == 1)
				pb_queue_push(&q, y.cells, 0, 1);
	}
	pb_queue_release(&q);
}

typedef struct instance {
	char text[64];
	pb_state start;
} instance;

/* Every arrangement of N values (tiles: 0 = blank as 'x'; msquare: 1..8),
 * in lexicographic order, every STRIDE-th kept. */
static instance *arrangements(const pb_domain *d, unsigned stride, size_t *count)
{
	unsigned p[PB_MAX_CELLS];
	size_t n = 0, k = 0, total = pb_factorial(d->cells);
	instance *all = calloc(total / stride + 1, sizeof(*all));
	char err[128];

	for (int i = 0; i < d->cells; i++)
		p[i] = (unsigned)i + (unsigned)d->plain_low;
	do {
		if (k++ % stride)
			continue;
		size_t used = 0;

		for (int i = 0; i < d->cells; i++)
			used += (size_t)snprintf(all[n].text + used, sizeof(all[n].text) - used, i ? " %u" : "%u", p[i]);
		if (d->board)
			*strchr(all[n].text, '0') = 'x';
		cr_assert_eq(pb_parse(d, all[n].text, strlen(all[n].text), &all[n].start, err, sizeof(err)), 0);
		n++;
	} while (it_next_permutation(p, d->cells));
	*count = n;
	return all;
}

/* Run 'bench solve' on the instances; returns its standard output. */
static char *run_solve(const char *solver, const char *domain, const instance *inst, size_t n,
		       int *status)
{
	char *dir = ht_tempdir(), in[64];
	FILE *f, *p;
	char *text;

	cr_assert_not_null(dir);
	snprintf(in, sizeof(in), "%s/in", dir);
	f = fopen(in, "w");
	cr_assert_not_null(f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s\n", inst[i].text);
	cr_assert_eq(fclose(f), 0);
	p = ht_bench_open("solve --domain %s -a %s < %s", domain, solver, in);
	text = ht_read_all(p);
	*status = ht_bench_close(p);
	cr_assert_not_null(text);
	ht_remove(dir);
	return text;
}

static char *next_line(char **at)
{
	char *line = *at, *nl;

	if (!line || !*line)
		return NULL;
	nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		*at = nl + 1;
	} else {
		*at = line + strlen(line);
	}
	return line;
}

/* Whether MOVES from START is a shortest path, and (Magic Squares) the
 * least one: at each step no smaller move also keeps to a shortest path. */
static void check_answer(const pb_domain *d, const pb_table *dist, const instance *in,
			 const char *solver, const char *moves, size_t len)
{
	const uint16_t *dv = pb_table_find(dist, in->start.cells, 1);
	pb_state x = in->start;

	cr_assert_not_null(dv, "%s: '%s' is solvable, says %s, but no search reaches it", d->name,
			   in->text, solver);
	cr_assert_eq(len, (size_t)(*dv - 1), "%s on '%s': %zu moves, optimal %d", solver, in->text,
		     len, *dv - 1);
	for (size_t i = 0; i < len; i++) {
		int mv = pb_move_from_name(d, &moves[i], 1);

		cr_assert(mv >= 0, "%s on '%s': letter '%c'", solver, in->text, moves[i]);
		for (int smaller = 0; d->lex_smallest && smaller < mv; smaller++) {
			pb_state y = x;

			pb_apply(d, &x, smaller, &y);
			cr_assert_neq(*pb_table_find(dist, y.cells, 1) - 1, (int)(len - i - 1),
				      "%s on '%s': '%.*s%s...' is a smaller shortest path than '%s'", solver,
				      in->text, (int)i, moves, pb_move_name(d, smaller), moves);
		}
		cr_assert(pb_apply(d, &x, mv, &x), "%s on '%s': move %zu leaves the board", solver,
			  in->text, i);
	}
	cr_assert(pb_is_goal(d, &x), "%s on '%s': '%s' does not reach the goal", solver, in->text, moves);
}

static void solve_everything(const char *domain_name)
{
	pb_domain d;
	pb_meter m;
	pb_table dist;
	pb_config cfg = { 0 };
	char err[128], why[128];
	int solvers_run = 0;

	cr_assert_eq(pb_domain_init(&d, domain_name, err, sizeof(err)), 0);
	pb_meter_init(&m, 0);
	distances_by_bfs(&d, &m, &dist);
	for (size_t k = 0; k < pb_solver_count; k++) {
		const pb_solver *solver = pb_solvers[k];
		unsigned stride = stride_of(solver->name, d.board);
		size_t n, unsolvable = 0, expected_unsolvable = 0;
		instance *inst;
		char *output, *at, *line;
		int status;

		/* the optimal solvers (test_suboptimal.c and test_beam.c hold the
		 * others to their bounds) */
		if (solver->guarantee != PB_GUARANTEE_OPTIMAL ||
		    pb_solver_supports(solver, &d, &cfg, why, sizeof(why)))
			continue;
		inst = arrangements(&d, stride, &n);
		output = run_solve(solver->name, domain_name, inst, n, &status);
		cr_assert_eq(status, 0, "bench solve -a %s exited %d", solver->name, status);
		at = output;
		for (size_t i = 0; i < n; i++) {
			bool solvable = pb_table_find(&dist, inst[i].start.cells, 1) != NULL;

			line = next_line(&at);
			cr_assert_not_null(line, "%s: no answer for '%s'", solver->name, inst[i].text);
			expected_unsolvable += !solvable;
			if (!strcmp(line, "unsolvable")) {
				cr_assert_not(solvable, "%s calls '%s' unsolvable", solver->name, inst[i].text);
				unsolvable++;
				continue;
			}
			if (d.answer_line) {
				/* USACO: the length, then the moves in lines of 60 */
				int length = atoi(line);
				char moves[PB_MAX_PATH + 1] = "";

				do {
					line = next_line(&at);
					cr_assert_not_null(line, "%s: '%s' has no move line", solver->name, inst[i].text);
					strcat(moves, line);
				} while ((int)strlen(moves) < length);
				cr_assert_eq((int)strlen(moves), length, "%s on '%s'", solver->name, inst[i].text);
				check_answer(&d, &dist, &inst[i], solver->name, moves, strlen(moves));
			} else {
				check_answer(&d, &dist, &inst[i], solver->name, line, strlen(line));
			}
		}
		cr_assert_null(next_line(&at), "%s: more answers than puzzles", solver->name);
		cr_assert_eq(unsolvable, expected_unsolvable, "%s: %zu unsolvable, expected %zu",
			     solver->name, unsolvable, expected_unsolvable);
		if (stride == 1 && d.board)
			cr_assert_eq(unsolvable, pb_factorial(d.cells) / 2, "half of all arrangements are unsolvable");
		printf("%s: %s answered %zu of %llu arrangements, %zu unsolvable\n", domain_name,
		       solver->name, n, (unsigned long long)pb_factorial(d.cells), unsolvable);
		free(output);
		free(inst);
		solvers_run++;
	}
	cr_assert_geq(solvers_run, 4, "every BFS-family solver serves %s", domain_name);
	pb_table_release(&dist);
}

Test(solve_all, every_3x3_arrangement, .timeout = 3600)
{
	solve_everything("8puzzle");
}

Test(solve_all, every_magic_squares_target, .timeout = 3600)
{
	solve_everything("msquare");
}
