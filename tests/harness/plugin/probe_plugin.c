/* A plugin whose solvers do known things through the environment, for
 * tests/harness/test_plugin.c. Each serves tiles and answers puzzles at
 * most one move from the goal (it tries each move), after:
 *   probe-bytes  allocating PROBE_A bytes, then PROBE_B more (calloc),
 *                growing the first to PROBE_C (realloc), freeing all: the
 *                peak is PROBE_B + PROBE_C; counts PROBE_EXPANDED and
 *                PROBE_GENERATED nodes
 *   probe-hog    allocating a MiB at a time until refused: memout
 *   probe-spin   polling until told to stop: timeout
 *   probe-leak   keeping PROBE_A bytes
 *   probe-prep   preparing a table of PROBE_C bytes, freed in release
 * and two serve pancakes (ABI 2):
 *   probe-numbers  tiles and pancakes, one move at most, answered by its
 *                  number
 *   probe-range    pancakes, answering the move number nmoves (one past
 *                  the last)
 * and one takes parameters (ABI 4), read in its prepare:
 *   probe-knob     tiles, one move at most, counting `nodes` nodes a solve
 *                  (default PROBE_EXPANDED); with mode=fail it fails,
 *                  saying its nodes */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/puzzlebench/plugin.h"

#define PROBE_A 1000
#define PROBE_B 3000
#define PROBE_C 5000
#define PROBE_EXPANDED 7
#define PROBE_GENERATED 11
#define MIB (1u << 20)
#define MAX_HOARD 4096

static const char *tiles_only(const pb_plugin_domain *d)
{
	return d->kind == PB_PLUGIN_TILES ? NULL : "tiles only";
}

/* The move (as a letter) taking START to GOAL, "" if they are equal. */
static int one_move(const pb_plugin_puzzle *p, pb_plugin_answer *a)
{
	const pb_plugin_domain *d = p->domain;
	int blank = 0;

	a->length = 0;
	if (!memcmp(p->start, p->goal, (size_t)d->cells))
		return PB_PLUGIN_SOLVED;
	while (p->start[blank])
		blank++;
	for (int m = 0; m < d->nmoves; m++) {
		int x = blank % d->width, y = blank / d->width, to;
		unsigned char after[64];

		x += d->moves[m] == 'l' ? -1 : d->moves[m] == 'r' ? 1 : 0;
		y += d->moves[m] == 'u' ? -1 : d->moves[m] == 'd' ? 1 : 0;
		if (x < 0 || y < 0 || x >= d->width || y >= d->height)
			continue;
		to = y * d->width + x;
		memcpy(after, p->start, (size_t)d->cells);
		after[blank] = after[to];
		after[to] = 0;
		if (!memcmp(after, p->goal, (size_t)d->cells)) {
			a->moves[0] = d->moves[m];
			a->length = 1;
			return PB_PLUGIN_SOLVED;
		}
	}
	return PB_PLUGIN_FAILED;
}

static const char *tiles_or_pancakes(const pb_plugin_domain *d)
{
	return d->kind == PB_PLUGIN_TILES || d->kind == PB_PLUGIN_PANCAKE ? NULL
									  : "tiles and pancakes only";
}

static const char *pancakes_only(const pb_plugin_domain *d)
{
	return d->kind == PB_PLUGIN_PANCAKE ? NULL : "pancakes only";
}

/* The flip (its move number) taking START to GOAL, none if they are
 * equal. */
static int one_flip(const pb_plugin_puzzle *p, pb_plugin_answer *a)
{
	const pb_plugin_domain *d = p->domain;

	a->length = 0;
	if (!memcmp(p->start, p->goal, (size_t)d->cells))
		return PB_PLUGIN_SOLVED;
	for (int m = 0; m < d->nmoves; m++) {
		unsigned char after[64];

		memcpy(after, p->start, (size_t)d->cells);
		for (int i = 0, j = m + 1; i < j; i++, j--) {
			after[i] = p->start[j];
			after[j] = p->start[i];
		}
		if (!memcmp(after, p->goal, (size_t)d->cells)) {
			a->moves[0] = (char)m;
			a->length = 1;
			return PB_PLUGIN_SOLVED;
		}
	}
	return PB_PLUGIN_FAILED;
}

static int numbers_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
			 pb_plugin_answer *a)
{
	int st;

	(void)ctx, (void)env;
	if (p->domain->kind == PB_PLUGIN_PANCAKE)
		return one_flip(p, a);
	st = one_move(p, a);
	if (st == PB_PLUGIN_SOLVED && a->length)
		a->moves[0] = (char)(strchr(p->domain->moves, a->moves[0]) - p->domain->moves);
	return st;
}

static int range_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
		       pb_plugin_answer *a)
{
	(void)ctx, (void)env;
	a->moves[0] = (char)p->domain->nmoves;
	a->length = 1;
	return PB_PLUGIN_SOLVED;
}

static int bytes_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
		       pb_plugin_answer *a)
{
	char *x = env->alloc(env, PROBE_A), *y = env->calloc(env, PROBE_B, 1), *z;

	(void)ctx;
	if (!x || !y)
		return PB_PLUGIN_MEMOUT;
	z = env->realloc(env, x, PROBE_C);
	if (!z)
		return PB_PLUGIN_MEMOUT;
	env->free(env, z);
	env->free(env, y);
	env->expanded += PROBE_EXPANDED;
	env->generated += PROBE_GENERATED;
	return one_move(p, a);
}

static int hog_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
		     pb_plugin_answer *a)
{
	void *hoard[MAX_HOARD];
	int n = 0, st = PB_PLUGIN_FAILED;

	(void)ctx, (void)p, (void)a;
	while (n < MAX_HOARD && (hoard[n] = env->alloc(env, MIB)))
		n++;
	if (n < MAX_HOARD)
		st = PB_PLUGIN_MEMOUT;
	while (n)
		env->free(env, hoard[--n]);
	return st;
}

static int spin_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
		      pb_plugin_answer *a)
{
	int st;

	(void)ctx, (void)p, (void)a;
	while (!(st = pb_plugin_poll(env)))
		env->expanded++;
	return st;
}

static int leak_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
		      pb_plugin_answer *a)
{
	(void)ctx;
	if (!env->alloc(env, PROBE_A))
		return PB_PLUGIN_MEMOUT;
	return one_move(p, a);
}

static int prep_prepare(const pb_plugin_domain *d, pb_plugin_env *env, void **ctx)
{
	(void)d;
	*ctx = env->alloc(env, PROBE_C);
	return *ctx ? PB_PLUGIN_SOLVED : PB_PLUGIN_MEMOUT;
}

static int prep_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
		      pb_plugin_answer *a)
{
	(void)env;
	if (!ctx)
		return PB_PLUGIN_FAILED;
	return one_move(p, a);
}

static void prep_release(void *ctx, pb_plugin_env *env)
{
	env->free(env, ctx);
}

/* probe-knob: what its parameters said, read once in prepare. */
typedef struct knob {
	long nodes;
	int fail;
} knob;

static const pb_plugin_param knob_params[] = {
	{ .key = "nodes", .summary = "nodes it counts a solve", .min = 0, .max = 1000000,
	  .def = "7" },
	{ .key = "mode", .summary = "ok: it answers; fail: it fails", .choices = "ok|fail",
	  .def = "ok" },
	{ 0 },
};

static int knob_prepare(const pb_plugin_domain *d, pb_plugin_env *env, void **ctx)
{
	knob *k = env->alloc(env, sizeof(*k));

	(void)d;
	*ctx = k;
	if (!k)
		return PB_PLUGIN_MEMOUT;
	k->nodes = strtol(env->param(env, "nodes"), NULL, 10);
	k->fail = !strcmp(env->param(env, "mode"), "fail");
	return PB_PLUGIN_SOLVED;
}

static int knob_solve(void *ctx, const pb_plugin_puzzle *p, pb_plugin_env *env,
		      pb_plugin_answer *a)
{
	const knob *k = ctx;

	env->expanded += (uint64_t)k->nodes;
	if (k->fail) {
		snprintf(env->message, sizeof(env->message), "told to fail (nodes=%ld)", k->nodes);
		return PB_PLUGIN_FAILED;
	}
	return one_move(p, a);
}

static const pb_plugin_solver solvers[] = {
	{ "probe-bytes", "known bytes and counters", tiles_only, NULL, bytes_solve, NULL,
	  NULL, PB_PLUGIN_OPTIMAL, NULL, 0 },
	{ "probe-hog", "allocates until refused", tiles_only, NULL, hog_solve, NULL,
	  NULL, PB_PLUGIN_OPTIMAL, NULL, 0 },
	{ "probe-spin", "polls until stopped", tiles_only, NULL, spin_solve, NULL,
	  NULL, PB_PLUGIN_OPTIMAL, NULL, 0 },
	{ "probe-leak", "keeps what it allocates", tiles_only, NULL, leak_solve, NULL,
	  NULL, PB_PLUGIN_OPTIMAL, NULL, 0 },
	{ "probe-prep", "a prepared table", tiles_only, prep_prepare, prep_solve, prep_release,
	  NULL, PB_PLUGIN_OPTIMAL, NULL, 0 },
	{ "probe-numbers", "answers by move number", tiles_or_pancakes, NULL, numbers_solve, NULL,
	  NULL, PB_PLUGIN_OPTIMAL, NULL, 0 },
	{ "probe-range", "answers a move number out of range", pancakes_only, NULL, range_solve,
	  NULL, NULL, PB_PLUGIN_OPTIMAL, NULL, 0 },
	{ "probe-knob", "counts the nodes its parameter says", tiles_only, knob_prepare,
	  knob_solve, prep_release, knob_params, PB_PLUGIN_OPTIMAL, NULL, 0 },
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
