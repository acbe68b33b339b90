/* bench selftest: a domain held to its contract (algorithms/puzzles/
 * domain.h, "The domain contract"), rule by rule, on states it makes
 * itself: sample states (the goal, random walks from it, random and
 * indexed states), and every state of the family's smallest members,
 * searched from the goal. Exit 0 when every rule holds; 1 naming the
 * first broken rule of each kind and a state that breaks it. */
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/core/clock.h"
#include "algorithms/core/table.h"
#include "algorithms/heuristics/heuristic.h"
#include "algorithms/puzzles/family.h"
#include "algorithms/solvers/registry.h"
#include "harness/cmd/commands.h"
#include "harness/engine/outside.h"
#include "harness/engine/runner.h"
#include "harness/io/prng.h"
#include "harness/io/units.h"

#define CMD "selftest"

/* Sample states of the domain named, and their longest walk. */
#define SAMPLES 400
#define WALK_MAX 40
/* The most states a search of every state of a member keeps (the
 * smallest members have far fewer), and the most arrangements of a
 * plugin's cells that are enumerated to find states outside the goal's
 * class (beyond: as many drawn at random). */
#define SPACE_MAX (4u << 20)
#define SPACE_MOST (256u << 20)
#define ENUMERATE_MAX (1u << 22)
#define DRAWN 100000
/* The depth of the walk whose state every solver answers. */
#define ANSWER_WALK 12
/* Room for every solver, built-in and outside. */
#define SOLVERS_MAX (32 + OUTSIDE_MAX)

typedef struct options {
	const char *domain;
	uint64_t seed;
	uint64_t time_limit; /* ns, a solve's and a preparation's */
	uint64_t states;     /* the most states a search of every state keeps */
	size_t mem_limit;
	bool quiet;
} options;

/* What the checks share: the options, the generator and the tally. */
typedef struct tester {
	const options *o;
	prng rng;
	int broken;  /* rules broken */
	int checked; /* checks made */
} tester;

static void usage(FILE *out)
{
	fputs("usage: bench selftest -d DOMAIN [--plugin FILE.so] [options]\n"
	      "\n"
	      "Check a domain against every rule of the domain contract (see\n"
	      "docs/extending.md): formatting then parsing gives the state back; each\n"
	      "move is undone by its inverse; the goal test; the solvability test\n"
	      "agrees with a search of every state of the family's smallest members;\n"
	      "the index is a bijection onto the goal's class; every heuristic is\n"
	      "admissible there; every solver that serves the domain answers an\n"
	      "unsolvable state 'unsolvable' within the limits, and a solvable one\n"
	      "with an answer that replays to the goal, as short as the others'.\n"
	      "Exit 0 when every rule holds, 1 naming each broken rule and a state\n"
	      "that breaks it.\n"
	      "\n"
	      "options:\n"
	      "  -d, --domain NAME        the domain (a member of a family in 'bench list')\n"
	      OUTSIDE_PLUGIN_USAGE
	      "  -s, --seed N             the sample states' seed (default 1)\n"
	      "  -t, --time-limit SECONDS a solve's and a preparation's limit (default 10)\n"
	      "  -m, --mem-limit BYTES    a solve's memory limit (default 2G)\n"
	      "      --states N           search members of at most N states whole\n"
	      "                           (default 4194304)\n"
	      "  -q, --quiet              print only what is broken\n"
	      "  -h, --help               show this and exit\n", out);
}

/* Rule RULE broken on domain D at state S (may be NULL): say so. */
static void broken(tester *t, const pb_domain *d, const char *rule, const pb_state *s,
		   const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void broken(tester *t, const pb_domain *d, const char *rule, const pb_state *s,
		   const char *fmt, ...)
{
	char what[300], text[PB_STATE_TEXT_MAX] = "";
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (s)
		pb_format(d, s, text, sizeof(text));
	printf("%s: rule '%s' broken: %s%s%s%s\n", d->name, rule, what, s ? " (state '" : "", text,
	       s ? "')" : "");
	t->broken++;
}

static void passed(tester *t, const pb_domain *d, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void passed(tester *t, const pb_domain *d, const char *rule, const char *fmt, ...)
{
	char what[300];
	va_list ap;

	t->checked++;
	if (t->o->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	printf("%s: %-12s ok: %s\n", d->name, rule, what);
}

/* A random legal move of X into Y, not one that undoes *LAST (the move
 * before; updated); false where X has none. */
static bool random_step(tester *t, const pb_domain *d, const pb_state *x, pb_state *y, int *last)
{
	int legal[PB_MAX_MOVES], n = 0;
	pb_state z;

	for (int m = 0; m < d->nmoves; m++)
		if ((*last < 0 || d->inverse[*last] != m) && pb_apply(d, x, m, &z))
			legal[n++] = m;
	if (!n)
		return false;
	*last = legal[prng_below(&t->rng, (uint64_t)n)];
	return pb_apply(d, x, *last, y);
}

/* A state LENGTH random moves from the goal, none undoing the one
 * before. */
static pb_state walk_from_goal(tester *t, const pb_domain *d, int length)
{
	pb_state x = d->goal;
	int last = -1;

	for (int i = 0; i < length && random_step(t, d, &x, &x, &last); i++)
		;
	return x;
}

/* The sample states of D into OUT (room for SAMPLES): the goal, walks,
 * random states, indexed ones. Returns how many. */
static int samples(tester *t, const pb_domain *d, pb_state *out)
{
	pb_random r = { prng_random_below, &t->rng };
	int n = 0;

	out[n++] = d->goal;
	while (n < SAMPLES) {
		int kind = n % 3;

		if (kind == 1 && d->ops->random)
			d->ops->random(d, &r, &out[n]);
		else if (kind == 2 && d->index_count && d->ops->unindex)
			pb_unindex(d, prng_below(&t->rng, d->index_count), &out[n]);
		else
			out[n] = walk_from_goal(t, d, 1 + (int)prng_below(&t->rng, WALK_MAX));
		n++;
	}
	return n;
}

/* format: writing a state and reading it back gives the state. */
static void check_format(tester *t, const pb_domain *d, const pb_state *s, int n)
{
	char text[PB_STATE_TEXT_MAX], err[200];

	for (int i = 0; i < n; i++) {
		pb_state back;

		pb_format(d, &s[i], text, sizeof(text));
		if (pb_parse(d, text, strlen(text), &back, err, sizeof(err))) {
			broken(t, d, "format", &s[i], "what it writes does not parse: %s", err);
			return;
		}
		if (back.cells != s[i].cells || back.cls != s[i].cls) {
			broken(t, d, "format", &s[i], "read back, it is another state");
			return;
		}
	}
	passed(t, d, "format", "%d states written and read back", n);
}

/* Whether a plugin's move M is legal at S by its apply and leaves S as it
 * is. */
static bool legal_but_stays(const pb_domain *d, const pb_state *s, int m)
{
	unsigned char in[PB_MAX_CELLS], out[PB_MAX_CELLS];

	pb_to_plain(d, s, in);
	return d->space->apply(d->space->data, in, m, out) && !memcmp(in, out, (size_t)d->cells);
}

/* moves: each legal move is undone by its inverse, and by the search
 * backwards (pb_unapply) that the bidirectional solvers make. */
static void check_moves(tester *t, const pb_domain *d, const pb_state *s, int n)
{
	uint64_t tried = 0;

	for (int i = 0; i < n; i++) {
		for (int m = 0; m < d->nmoves; m++) {
			pb_state y, back;
			int inv = d->inverse[m];

			if (d->space && legal_but_stays(d, &s[i], m)) {
				broken(t, d, "moves", &s[i], "move '%s' is legal there but leaves the state as "
				       "it is (apply must return 0 for it)", pb_move_name(d, m));
				return;
			}
			if (!pb_apply(d, &s[i], m, &y))
				continue;
			tried++;
			if (inv != PB_NO_MOVE && (!pb_apply(d, &y, inv, &back) || back.cells != s[i].cells)) {
				broken(t, d, "moves", &s[i], "move '%s' is not undone by its inverse '%s'",
				       pb_move_name(d, m), pb_move_name(d, inv));
				return;
			}
			if ((!d->space || d->invertible) &&
			    (!pb_unapply(d, &y, m, &back) || back.cells != s[i].cells ||
			     back.cls != s[i].cls)) {
				broken(t, d, "moves", &s[i], "the state before move '%s' is not found again",
				       pb_move_name(d, m));
				return;
			}
		}
	}
	passed(t, d, "moves", "%llu moves undone%s", (unsigned long long)tried,
	       d->invertible ? "" : " (where an inverse is declared)");
}

/* goal: the goal is the goal, its neighbours are not. */
static void check_goal(tester *t, const pb_domain *d)
{
	pb_state y;

	if (!pb_is_goal(d, &d->goal) || !pb_solvable(d, &d->goal)) {
		broken(t, d, "goal", &d->goal, "the goal %s", pb_is_goal(d, &d->goal)
							 ? "is called unsolvable" : "is not the goal");
		return;
	}
	for (int m = 0; m < d->nmoves; m++) {
		if (pb_apply(d, &d->goal, m, &y) && pb_is_goal(d, &y)) {
			broken(t, d, "goal", &y, "move '%s' from the goal is the goal again",
			       pb_move_name(d, m));
			return;
		}
	}
	passed(t, d, "goal", "the goal is the goal and solvable; its neighbours are not the goal");
}

/* Every state that reaches the goal of D (a search backwards from it), in
 * a table from the state to its distance + 1. Returns the count, or 0
 * where the search stopped past MOST states or memory. */
static size_t search_all(const pb_domain *d, size_t most, pb_meter *meter, pb_table *seen)
{
	int words = 1;
	pb_state *queue = malloc(most * sizeof(*queue));
	size_t head = 0, tail = 0;

	PB_WITH_KERNEL(d, words = pb_kernel_words(K));
	if (!queue || pb_table_init(seen, meter, 1024, words)) {
		free(queue);
		return 0;
	}
	queue[tail++] = d->goal;
	pb_table_insert(seen, d->goal.cells, 1, NULL, words);
	while (head < tail) {
		pb_state x = queue[head++];
		const uint16_t *dx = pb_table_find(seen, x.cells, words);
		uint16_t dist = (uint16_t)(*dx + 1);

		for (int m = 0; m < d->nmoves; m++) {
			pb_state y;
			int fresh;

			if (!pb_unapply(d, &x, m, &y))
				continue;
			fresh = pb_table_insert(seen, y.cells, dist, NULL, words);
			if (fresh < 0 || (fresh && tail == most)) {
				free(queue);
				pb_table_release(seen);
				return 0;
			}
			if (fresh)
				queue[tail++] = y;
		}
	}
	free(queue);
	return tail;
}

/* The distance + 1 of S in SEEN, 0 where S is not there. */
static unsigned distance_of(const pb_domain *d, const pb_table *seen, const pb_state *s)
{
	const uint16_t *v = pb_table_find(seen, s->cells, seen->words);

	(void)d;
	return v ? *v : 0;
}

/* The states of SEEN, each as a state of D, to F with ARG; stops at the
 * first that F refuses (returns false). */
static bool each_state(const pb_domain *d, const pb_table *seen,
		       bool (*f)(const pb_domain *d, const pb_state *s, unsigned dist, void *arg),
		       void *arg)
{
	for (size_t i = 0; i <= seen->mask; i++) {
		pb_state s;

		if (!pb_table_used(seen, i))
			continue;
		s.cells = pb_table_key(seen, i, seen->words);
		s.cls = pb_class_of(d, s.cells);
		if (!f(d, &s, seen->values[i], arg))
			return false;
	}
	return true;
}

/* A state the checks below found wrong, and why. */
typedef struct finding {
	pb_state state;
	char why[200];
	const pb_heur *h;
	const pb_table *seen; /* the states found, for twin_outside */
	uint8_t *bits;
	uint64_t count;
} finding;

static bool solvable_there(const pb_domain *d, const pb_state *s, unsigned dist, void *arg)
{
	finding *f = arg;

	(void)dist;
	if (pb_solvable(d, s))
		return true;
	f->state = *s;
	snprintf(f->why, sizeof(f->why), "a state that reaches the goal is called unsolvable");
	return false;
}

static bool twin_outside(const pb_domain *d, const pb_state *s, unsigned dist, void *arg)
{
	finding *f = arg;
	const pb_table *seen = f->seen;
	pb_state twin;

	(void)dist;
	d->ops->twin(d, s, &twin);
	if (!pb_solvable(d, &twin) && !distance_of(d, seen, &twin))
		return true;
	f->state = twin;
	snprintf(f->why, sizeof(f->why), "%s", pb_solvable(d, &twin)
		 ? "a state of the other class is called solvable"
		 : "a state of the other class reaches the goal");
	return false;
}

static bool index_bijective(const pb_domain *d, const pb_state *s, unsigned dist, void *arg)
{
	finding *f = arg;
	uint64_t i = pb_index(d, s);
	pb_state back;

	(void)dist;
	if (i >= d->index_count) {
		f->state = *s;
		snprintf(f->why, sizeof(f->why), "index %llu is past the %llu states of the class",
			 (unsigned long long)i, (unsigned long long)d->index_count);
		return false;
	}
	if (f->bits[i / 8] & (1u << (i % 8))) {
		f->state = *s;
		snprintf(f->why, sizeof(f->why), "index %llu is given to two states",
			 (unsigned long long)i);
		return false;
	}
	f->bits[i / 8] |= (uint8_t)(1u << (i % 8));
	pb_unindex(d, i, &back);
	if (back.cells != s->cells) {
		f->state = *s;
		snprintf(f->why, sizeof(f->why), "the state of index %llu is another",
			 (unsigned long long)i);
		return false;
	}
	return true;
}

static bool admissible(const pb_domain *d, const pb_state *s, unsigned dist, void *arg)
{
	finding *f = arg;
	unsigned h = pb_heur_value(f->h, s);

	(void)d;
	if (h + 1 <= dist)
		return true;
	f->state = *s;
	snprintf(f->why, sizeof(f->why), "'%s' says %u where the goal is %u moves away",
		 f->h->info->name, h, dist - 1);
	return false;
}

/* A plugin's domain: the arrangements of its cells outside the class
 * SEEN holds are all called unsolvable (every one where there are few,
 * else DRAWN drawn at random). */
static bool others_unsolvable(tester *t, const pb_domain *d, const pb_table *seen, finding *f)
{
	uint64_t all = 1;
	uint8_t v[PB_MAX_CELLS];
	bool every = true;

	for (int c = 0; c < d->cells && every; c++) {
		all *= (uint64_t)(d->plain_high + 1);
		every = all <= ENUMERATE_MAX;
	}
	for (uint64_t k = 0; k < (every ? all : DRAWN); k++) {
		uint64_t x = k;
		pb_state s;

		for (int c = 0; c < d->cells; c++) {
			uint64_t r = every ? x % (uint64_t)(d->plain_high + 1)
					   : prng_below(&t->rng, (uint64_t)(d->plain_high + 1));

			v[c] = (uint8_t)r;
			x /= (uint64_t)(d->plain_high + 1);
		}
		if (pb_from_plain(d, v, &s, f->why, sizeof(f->why)))
			continue;
		if (pb_solvable(d, &s) && !distance_of(d, seen, &s)) {
			f->state = s;
			snprintf(f->why, sizeof(f->why), "a state that cannot reach the goal is called "
				 "solvable");
			return false;
		}
	}
	f->count = every ? all : DRAWN;
	return true;
}

/* The heuristics that serve D, built, to F. */
static void check_heuristics(tester *t, const pb_domain *d, const pb_table *seen, size_t n)
{
	size_t total = pb_heuristic_count + pb_heuristic_added_count();

	for (size_t i = 0; i < total; i++) {
		const pb_heuristic_info *info = i < pb_heuristic_count ? &pb_heuristics[i]
								       : pb_heuristic_added(i - pb_heuristic_count);
		pb_config cfg = { info->name, NULL };
		pb_search s;
		pb_heur *h;
		finding f = { 0 };

		/* the partitions' entry needs patterns; a database of a larger
		 * board is not built for a small one */
		if (strchr(info->name, ':') || pb_heuristic_supports_config(d, &cfg, f.why, sizeof(f.why)))
			continue;
		if (!(h = malloc(sizeof(*h))))
			return;
		pb_search_init(&s, t->o->mem_limit, 0, NULL);
		if (pb_heur_init(h, info, d, &cfg, &s) != PB_SOLVED) {
			free(h);
			continue;
		}
		f.h = h;
		if (each_state(d, seen, admissible, &f))
			passed(t, d, "heuristics", "'%s' is at most the distance on all %zu states",
			       info->name, n);
		else
			broken(t, d, "heuristics", &f.state, "%s", f.why);
		pb_heur_release(h);
		free(h);
	}
}

/* solvable, index, heuristics: member NAME of D's family, every state
 * that reaches its goal found by a search backwards from it. */
static void check_member(tester *t, const char *name)
{
	pb_domain *d = malloc(sizeof(*d));
	pb_meter meter;
	pb_table seen;
	finding f = { 0 };
	char err[300];
	size_t n;

	if (!d)
		return;
	if (pb_domain_init(d, name, err, sizeof(err))) {
		printf("%s: cannot be made: %s\n", name, err);
		t->broken++;
		free(d);
		return;
	}
	if (d->space && !d->invertible) {
		if (!t->o->quiet)
			printf("%s: %-12s skipped: no inverse moves, so no search back from the goal\n",
			       name, "solvable");
		free(d);
		return;
	}
	pb_meter_init(&meter, 0);
	n = search_all(d, (size_t)t->o->states, &meter, &seen);
	if (!n) {
		if (!t->o->quiet)
			printf("%s: %-12s skipped: more than %llu states reach the goal (--states)\n", name,
			       "solvable", (unsigned long long)t->o->states);
		free(d);
		return;
	}
	if (!each_state(d, &seen, solvable_there, &f))
		broken(t, d, "solvable", &f.state, "%s", f.why);
	else if (d->ops->twin && (f.seen = &seen, !each_state(d, &seen, twin_outside, &f)))
		broken(t, d, "solvable", &f.state, "%s", f.why);
	else if (d->space && d->space->solvable && !others_unsolvable(t, d, &seen, &f))
		broken(t, d, "solvable", &f.state, "%s", f.why);
	else if (d->index_count && n != d->index_count)
		broken(t, d, "solvable", NULL, "%zu states reach the goal, where the class has %llu", n,
		       (unsigned long long)d->index_count);
	else
		passed(t, d, "solvable", "%zu states reach the goal, each called solvable%s", n,
		       d->ops->twin ? ", and the other class's not"
		       : d->space && d->space->solvable ? ", and none of the other arrangements tried"
							: "");
	if (d->index_count) {
		f.bits = calloc((d->index_count + 7) / 8, 1);
		if (f.bits && each_state(d, &seen, index_bijective, &f))
			passed(t, d, "index", "a bijection of the %zu states onto 0..%llu", n,
			       (unsigned long long)d->index_count - 1);
		else if (f.bits)
			broken(t, d, "index", &f.state, "%s", f.why);
		free(f.bits);
	}
	check_heuristics(t, d, &seen, n);
	pb_table_release(&seen);
	free(d);
}

/* The family's smallest members (or its example), then the domain named
 * where it is none of them. */
static void check_members(tester *t, const pb_domain *d)
{
	const char *const *m = d->family ? d->family->smallest : NULL;
	bool named = false;

	if (m) {
		for (; *m; m++) {
			check_member(t, *m);
			named |= !strcmp(*m, d->name);
		}
	} else if (d->family) {
		check_member(t, d->family->example);
		named = !strcmp(d->family->example, d->name);
	}
	if (!named)
		check_member(t, d->name);
}

/* index on the domain named: sampled. */
static void check_index_sampled(tester *t, const pb_domain *d, const pb_state *s, int n)
{
	for (int i = 0; i < n && d->index_count; i++) {
		uint64_t k = pb_index(d, &s[i]), r = prng_below(&t->rng, d->index_count);
		pb_state back;

		if (!pb_solvable(d, &s[i]))
			continue;
		pb_unindex(d, k < d->index_count ? k : 0, &back);
		if (k >= d->index_count || back.cells != s[i].cells) {
			broken(t, d, "index", &s[i], "its index %llu gives another state back",
			       (unsigned long long)k);
			return;
		}
		pb_unindex(d, r, &back);
		if (pb_index(d, &back) != r) {
			broken(t, d, "index", &back, "the state of index %llu has index %llu",
			       (unsigned long long)r, (unsigned long long)pb_index(d, &back));
			return;
		}
	}
	if (d->index_count)
		passed(t, d, "index", "%d states and %d indices there and back", n, n);
}

/* A state of D that its test calls unsolvable, into U; false where none
 * was found (every state can reach the goal, or no test). */
static bool find_unsolvable(tester *t, const pb_domain *d, pb_state *u)
{
	pb_state s = walk_from_goal(t, d, ANSWER_WALK);
	uint8_t v[PB_MAX_CELLS];
	char err[200];

	if (d->ops->twin) {
		d->ops->twin(d, &s, u);
		return true;
	}
	if (!d->space || !d->space->solvable)
		return false;
	for (int k = 0; k < DRAWN; k++) {
		for (int c = 0; c < d->cells; c++)
			v[c] = (uint8_t)prng_below(&t->rng, (uint64_t)d->plain_high + 1);
		if (!pb_from_plain(d, v, u, err, sizeof(err)) && !pb_solvable(d, u))
			return true;
	}
	return false;
}

/* One solve of START by solver S on D: the status, the answer in P. */
static pb_status solve_once(tester *t, const pb_solver *s, const char *heuristic,
			    const pb_domain *d, const pb_state *start, pb_path *p, char *note,
			    size_t notelen)
{
	pb_config cfg = { heuristic, NULL };
	uint64_t limit = t->o->time_limit;
	pb_search search;
	void *ctx = NULL;
	pb_status st;

	pb_search_init(&search, t->o->mem_limit, limit, NULL);
	st = pb_solver_prepare(s, d, &cfg, &search, &ctx);
	if (st != PB_SOLVED) {
		snprintf(note, notelen, "its preparation ended %s%s%s", pb_status_name(st),
			 search.message[0] ? ": " : "", search.message);
		return st == PB_TIMEOUT || st == PB_MEMOUT ? PB_UNSUPPORTED : st;
	}
	pb_search_init(&search, t->o->mem_limit, limit, NULL);
	p->length = 0;
	st = s->solve(ctx, start, &search, p);
	snprintf(note, notelen, "%s", search.message);
	s->release(ctx);
	return st;
}

/* Every solver that serves D (built-in and outside) in SOLVERS, each with
 * the heuristic it takes there in HEURISTICS (NULL: the domain's default;
 * "zero" for an informed one that takes no other there); returns how
 * many. */
static size_t serving(const pb_domain *d, const pb_solver **solvers, const char **heuristics)
{
	pb_config cfg = { 0 }, blind = { "zero", NULL };
	char why[200];
	size_t n = 0;

	for (size_t i = 0; i < pb_solver_count + outside_count() && n < SOLVERS_MAX; i++) {
		const pb_solver *s = i < pb_solver_count ? pb_solvers[i] : outside_solver(i - pb_solver_count);

		if (!runner_refusal(s, d, &cfg, why, sizeof(why))) {
			heuristics[n] = NULL;
			solvers[n++] = s;
		} else if (pb_solver_informed(s) && !runner_refusal(s, d, &blind, why, sizeof(why))) {
			heuristics[n] = blind.heuristic;
			solvers[n++] = s;
		}
	}
	return n;
}

/* solvers: every solver answers an unsolvable state 'unsolvable', and a
 * solvable one with an answer that replays to the goal, the optimal ones
 * as short as each other, the others within their bounds of that (an
 * incomplete one, beam, may find nothing). */
static void check_solvers(tester *t, const pb_domain *d)
{
	const pb_solver *solvers[SOLVERS_MAX];
	const char *heuristics[SOLVERS_MAX];
	size_t n = serving(d, solvers, heuristics);
	pb_state u, start = walk_from_goal(t, d, ANSWER_WALK);
	bool have_u = find_unsolvable(t, d, &u);
	int shortest = -1, lengths[SOLVERS_MAX];
	pb_path p;
	char note[200];

	for (size_t i = 0; i < n; i++)
		lengths[i] = -1;
	for (size_t i = 0; i < n; i++) {
		const pb_solver *s = solvers[i];
		pb_status st;
		pb_state x;

		if (have_u) {
			st = solve_once(t, s, heuristics[i], d, &u, &p, note, sizeof(note));
			if (st == PB_UNSUPPORTED) {
				if (!t->o->quiet)
					printf("%s: %-12s skipped %s: %s\n", d->name, "solvers", s->name, note);
				continue;
			}
			if (st == PB_FAILED && s->incomplete) {
				if (!t->o->quiet)
					printf("%s: %-12s skipped %s, incomplete: %s\n", d->name, "solvers",
					       s->name, note);
			} else if (st != PB_UNSOLVABLE) {
				broken(t, d, "solvers", &u, "'%s' answered an unsolvable state %s%s%s", s->name,
				       st == PB_SOLVED ? "with moves" : pb_status_name(st), note[0] ? ": " : "",
				       note);
				continue;
			}
		}
		st = solve_once(t, s, heuristics[i], d, &start, &p, note, sizeof(note));
		if (st == PB_UNSUPPORTED)
			continue;
		/* past the limits on a solvable state: no rule broken, nothing
		 * learnt (a large domain, a blind solver) */
		if (st == PB_TIMEOUT || st == PB_MEMOUT || (st == PB_FAILED && s->incomplete)) {
			if (!t->o->quiet)
				printf("%s: %-12s skipped '%s' on the walk's state: %s%s%s\n", d->name,
				       "solvers", s->name, pb_status_name(st),
				       st == PB_FAILED ? ": " : " (-t, -m)", st == PB_FAILED ? note : "");
			continue;
		}
		x = start;
		for (int k = 0; st == PB_SOLVED && k < p.length; k++) {
			if (!pb_apply(d, &x, p.moves[k], &x)) {
				st = PB_WRONG;
				break;
			}
		}
		if (st != PB_SOLVED || !pb_is_goal(d, &x) || p.length > PB_MAX_PATH) {
			broken(t, d, "solvers", &start, "'%s' answered %s%s%s", s->name,
			       st == PB_SOLVED || st == PB_WRONG ? "with moves that do not reach the goal"
								  : pb_status_name(st),
			       note[0] ? ": " : "", note);
			continue;
		}
		/* the suboptimal ones against the optimal ones' length, after */
		if (s->guarantee != PB_GUARANTEE_OPTIMAL) {
			lengths[i] = p.length;
			continue;
		}
		if (shortest < 0)
			shortest = p.length;
		if (p.length != shortest) {
			broken(t, d, "solvers", &start, "'%s' answered in %d moves, another solver in %d",
			       s->name, p.length, shortest);
			continue;
		}
		passed(t, d, "solvers", "'%s'%s%s: %s%s in %d moves", s->name,
		       heuristics[i] ? " with " : "", heuristics[i] ? heuristics[i] : "",
		       have_u ? "the unsolvable state unsolvable, " : "", "a walk's state", p.length);
	}
	for (size_t i = 0; i < n; i++) {
		const pb_solver *s = solvers[i];

		if (lengths[i] < 0)
			continue;
		if (shortest >= 0 && !pb_within_bound(lengths[i], shortest, pb_solver_bound(s)))
			broken(t, d, "solvers", &start, "'%s' answered in %d moves, more than %g times "
			       "an optimal solver's %d", s->name, lengths[i], pb_solver_bound(s),
			       shortest);
		else
			passed(t, d, "solvers", "'%s'%s%s: a walk's state in %d moves (%s)", s->name,
			       heuristics[i] ? " with " : "", heuristics[i] ? heuristics[i] : "",
			       lengths[i], shortest < 0 ? "no optimal length to hold it to"
			       : "within its bound");
	}
	if (!have_u && !t->o->quiet)
		printf("%s: %-12s note: no unsolvable state (%s), so none was asked\n", d->name, "solvers",
		       d->family && d->family->solvability ? d->family->solvability
							    : "the domain declares no test");
}

static int parse_args(int argc, char **argv, options *o)
{
	enum { OPT_OUTSIDE = 256, OPT_STATES };
	static const struct option longopts[] = {
		{ "domain", required_argument, NULL, 'd' },
		{ "states", required_argument, NULL, OPT_STATES },
		{ "seed", required_argument, NULL, 's' },
		{ "time-limit", required_argument, NULL, 't' },
		{ "mem-limit", required_argument, NULL, 'm' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		OUTSIDE_PLUGIN_LONGOPT(OPT_OUTSIDE),
		{ 0 },
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:s:t:m:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'd':
			o->domain = optarg;
			break;
		case 's':
			if (units_parse_count(optarg, 0, UINT64_MAX, &o->seed)) {
				fprintf(stderr, "bench " CMD ": --seed '%s' is not a number\n", optarg);
				return -1;
			}
			break;
		case 't':
			if (units_parse_seconds(optarg, &o->time_limit) || !o->time_limit) {
				fprintf(stderr, "bench " CMD ": --time-limit '%s' is not a time\n", optarg);
				return -1;
			}
			break;
		case 'm':
			if (units_parse_bytes(optarg, &o->mem_limit) || !o->mem_limit) {
				fprintf(stderr, "bench " CMD ": --mem-limit '%s' is not a size\n", optarg);
				return -1;
			}
			break;
		case 'q':
			o->quiet = true;
			break;
		case OPT_STATES:
			if (units_parse_count(optarg, 1, SPACE_MOST, &o->states)) {
				fprintf(stderr, "bench " CMD ": --states '%s' is not a count 1..%u\n", optarg,
					SPACE_MOST);
				return -1;
			}
			break;
		case 'h':
			usage(stdout);
			return 1;
		case OPT_OUTSIDE + OUTSIDE_PLUGIN:
			if (outside_option(OUTSIDE_PLUGIN, optarg, CMD))
				return -1;
			break;
		case ':':
			fprintf(stderr, "bench " CMD ": option '%s' needs a value\n", argv[optind - 1]);
			return -1;
		default:
			fprintf(stderr, "bench " CMD ": unknown option '%s' (see 'bench " CMD " --help')\n",
				argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "bench " CMD ": unexpected argument '%s' (see 'bench " CMD " --help')\n",
			argv[optind]);
		return -1;
	}
	if (!o->domain) {
		fprintf(stderr, "bench " CMD ": which domain? (-d NAME; see 'bench list')\n");
		return -1;
	}
	return 0;
}

int cmd_selftest(int argc, char **argv)
{
	options o = { .seed = 1, .time_limit = 10000000000ULL, .mem_limit = (size_t)2 << 30,
		      .states = SPACE_MAX };
	tester t = { &o, { { 0 } }, 0, 0 };
	pb_domain *d;
	pb_state *s;
	char err[300];
	int r = parse_args(argc, argv, &o), n;

	if (r)
		return r > 0 ? PB_EXIT_OK : PB_EXIT_USAGE;
	d = malloc(sizeof(*d));
	s = malloc(SAMPLES * sizeof(*s));
	if (!d || !s) {
		free(d);
		free(s);
		fprintf(stderr, "bench " CMD ": out of memory\n");
		return PB_EXIT_USAGE;
	}
	if (pb_domain_init(d, o.domain, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		free(d);
		free(s);
		return PB_EXIT_USAGE;
	}
	prng_seed(&t.rng, o.seed);
	n = samples(&t, d, s);
	check_goal(&t, d);
	check_format(&t, d, s, n);
	check_moves(&t, d, s, n);
	check_index_sampled(&t, d, s, n);
	check_members(&t, d);
	check_solvers(&t, d);
	printf("%s: %d checks passed, %d rules broken\n", d->name, t.checked, t.broken);
	free(d);
	free(s);
	return t.broken ? PB_EXIT_CHECK : PB_EXIT_OK;
}
