/* Helpers for the tests of the solvers (astar, idastar, the BFS family): a
 * domain with an optional goal, a prepared solver, and a check of each answer
 * against the distances of one breadth-first search (pb_distances):
 * optimal length, replay to the goal, and for Magic Squares the least
 * sequence (no smaller op at any step also keeps to a shortest path). */
#ifndef SOLVER_TEST_H
#define SOLVER_TEST_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/puzzles/distances.h"
#include "algorithms/solvers/registry.h"

#ifdef PB_SANITIZED
#define SLOWDOWN 8
#else
#define SLOWDOWN 1
#endif

static inline pb_domain it_domain(const char *name, const char *goal)
{
	pb_domain d;
	char err[200];

	cr_assert_eq(pb_domain_init(&d, name, err, sizeof(err)), 0, "%s: %s", name, err);
	if (goal)
		cr_assert_eq(pb_domain_set_goal(&d, goal, strlen(goal), err, sizeof(err)), 0,
			     "%s goal '%s': %s", name, goal, err);
	return d;
}

static inline pb_state it_parse(const pb_domain *d, const char *text)
{
	pb_state s;
	char err[200];

	cr_assert_eq(pb_parse(d, text, strlen(text), &s, err, sizeof(err)), 0, "'%s': %s", text, err);
	return s;
}

/* A fresh directory for pattern databases in DIR (64 bytes); remove it
 * with it_rmdir. */
static inline void it_tempdir(char *dir)
{
	snprintf(dir, 64, "/tmp/pb-informed-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static inline void it_rmdir(const char *dir)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

typedef struct it_solver {
	const pb_solver *solver;
	const char *heuristic;
	pb_config cfg;
	pb_search prep; /* holds what prepare allocated */
	void *ctx;
} it_solver;

static inline void it_prepare(it_solver *t, const pb_solver *solver, const pb_domain *d,
			      const char *heuristic, const char *cache)
{
	pb_status st;

	t->solver = solver;
	t->heuristic = heuristic;
	t->cfg = (pb_config){ .heuristic = heuristic, .cache_dir = cache };
	pb_search_init(&t->prep, 0, 0, NULL);
	st = solver->prepare(d, &t->cfg, &t->prep, &t->ctx);
	cr_assert_eq(st, PB_SOLVED, "%s with '%s' on %s: prepare says %s (%s)", solver->name,
		     heuristic ? heuristic : "default", d->name, pb_status_name(st), t->prep.message);
}

static inline void it_release(it_solver *t)
{
	t->solver->release(t->ctx);
	cr_assert_eq(t->prep.meter.current, 0, "%s: %zu bytes of the preparation not freed",
		     t->solver->name, t->prep.meter.current);
}

/* Where the answer P to START ends, replayed from its text (the answer
 * line pb_format_moves writes, read back by pb_replay). */
static inline pb_verdict it_replay(const pb_domain *d, const pb_state *start, const pb_path *p)
{
	char moves[PB_MAX_PATH * PB_MOVE_NAME_MAX + 1];
	pb_replay_result r;

	pb_replay(d, start, moves, pb_format_moves(d, p->moves, p->length, moves, sizeof(moves)), &r);
	cr_assert_eq(r.at, (size_t)p->length, "the replay read %zu moves of %d", r.at, p->length);
	return r.verdict;
}

/* Solve START and check the answer against DIST (indexed by pb_index). */
static inline void it_check(it_solver *t, const pb_domain *d, const uint8_t *dist,
			    const pb_state *start)
{
	char text[PB_STATE_TEXT_MAX];
	pb_search s;
	pb_path p;
	pb_status st;
	pb_verdict v;
	pb_state x = *start;
	const char *name = t->solver->name, *h = t->heuristic ? t->heuristic : "default";

	pb_format(d, start, text, sizeof(text));
	pb_search_init(&s, 0, 0, NULL);
	st = t->solver->solve(t->ctx, start, &s, &p);
	cr_assert_eq(s.meter.current, 0, "%s/%s on %s '%s': %zu bytes not freed", name, h,
		     d->name, text, s.meter.current);
	if (!pb_solvable(d, start)) {
		cr_assert_eq(st, PB_UNSOLVABLE, "%s/%s on %s '%s': %s, not unsolvable", name, h,
			     d->name, text, pb_status_name(st));
		cr_assert_eq(s.expanded, 0, "%s/%s on %s '%s': searched to say unsolvable", name, h,
			     d->name, text);
		return;
	}
	cr_assert_eq(st, PB_SOLVED, "%s/%s on %s '%s': %s (%s)", name, h, d->name, text,
		     pb_status_name(st), s.message);
	cr_assert_eq(p.length, dist[pb_index(d, start)], "%s/%s on %s '%s': %d moves, optimal %d",
		     name, h, d->name, text, p.length, dist[pb_index(d, start)]);
	for (int i = 0; i < p.length; i++) {
		for (int m = 0; d->lex_smallest && m < p.moves[i]; m++) {
			pb_state y = x;

			pb_apply(d, &x, m, &y);
			cr_assert_neq(dist[pb_index(d, &y)], p.length - i - 1,
				      "%s/%s on '%s': op %s at step %d starts a smaller shortest path",
				      name, h, text, pb_move_name(d, m), i + 1);
		}
		pb_apply(d, &x, p.moves[i], &x);
	}
	v = it_replay(d, start, &p);
	cr_assert_eq(v, PB_REACHES_GOAL, "%s/%s on %s '%s': the answer %s", name, h, d->name, text,
		     pb_verdict_name(v));
}

/* Distances to the goal of D, one byte a state (free with free()). */
static inline uint8_t *it_distances(const pb_domain *d)
{
	pb_search s;
	uint8_t *dist, *copy;

	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(pb_distances(d, &s, &dist), PB_SOLVED, "%s: no distance table", d->name);
	copy = malloc(d->index_count);
	memcpy(copy, dist, d->index_count);
	pb_free(dist);
	return copy;
}

/* Every STRIDE-th state of D's goal class, and (where some states cannot
 * reach the goal) its twin in another class (tiles: two tiles swapped). */
static inline void it_every_state(const pb_solver *solver, const char *domain, const char *goal,
				  const char *heuristic, uint64_t stride)
{
	pb_domain d = it_domain(domain, goal);
	uint8_t *dist = it_distances(&d);
	it_solver t;

	it_prepare(&t, solver, &d, heuristic, NULL);
	for (uint64_t i = 0; i < d.index_count; i += stride) {
		pb_state s;

		pb_unindex(&d, i, &s);
		it_check(&t, &d, dist, &s);
		if (d.ops->twin) {
			d.ops->twin(&d, &s, &s);
			it_check(&t, &d, dist, &s);
		}
	}
	it_release(&t);
	free(dist);
}

#endif
