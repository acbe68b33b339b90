/* The suboptimal solvers, beam and widastar, against facts from outside
 * them: optimal lengths from a breadth-first search of the whole 3x3 board
 * (it_distances) and Magic Squares, and the published optimal lengths of
 * Korf's 100 (../shared/data/korf100.tsv). widastar answers within its
 * weight (and with weight 1 optimally); beam as wide as the state space is
 * breadth-first search (optimal); a narrow beam answers a path that
 * reaches the goal or says it lost every path, and expands at most its
 * width a layer, and keeps the states a plain reference beam here keeps.
 * Then the limits. */
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

#define KORF_GOAL "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
#define KORF_OPTIMAL IT_SHARED "data/korf100.tsv"
#define KORF_INSTANCES 100

/* Random 3x3 instances a check takes (fewer under the sanitizers). */
#define RANDOM_3X3 (240 / SLOWDOWN)
/* The fewest states a narrow beam is tried on. */
#define NARROW_MIN 30

/* A variant of BASE with VALUES ("w=1.5"). */
static const pb_solver *variant(const pb_solver *base, const char *values)
{
	char why[PB_VARIANT_NAME_MAX + 1];
	const pb_solver *s = pb_solver_variant(base, values, why, sizeof(why));

	cr_assert_not_null(s, "%s:%s: %s", base->name, values, why);
	return s;
}

/* T's answer to START (TEXT names it in the failures) into *P, its search
 * in *S: the status. Whatever it is, no memory is kept; a solved one
 * reaches the goal when replayed. */
static pb_status solve(it_solver *t, const pb_domain *d, const pb_state *start, const char *text,
		       pb_search *s, pb_path *p)
{
	pb_status st;

	pb_search_init(s, 0, 0, NULL);
	st = t->solver->solve(t->ctx, start, s, p);
	cr_assert_eq(s->meter.current, 0, "%s/%s on '%s': %zu bytes kept", t->solver->name,
		     t->heuristic, text, s->meter.current);
	if (st == PB_SOLVED)
		cr_assert_eq(it_replay(d, start, p), PB_REACHES_GOAL,
			     "%s/%s on '%s': the answer of %d moves misses the goal", t->solver->name,
			     t->heuristic, text, p->length);
	return st;
}

/* The next random solvable state of D from *SEED (the goal's values
 * shuffled: a plain Fisher-Yates of rand_r), as text into TEXT. */
static pb_state random_solvable(const pb_domain *d, unsigned *seed, char *text, size_t size)
{
	uint8_t values[PB_MAX_CELLS];
	pb_state s;

	do {
		pb_to_plain(d, &d->goal, values);
		for (int i = d->cells - 1; i > 0; i--) {
			int j = rand_r(seed) % (i + 1);
			uint8_t v = values[i];

			values[i] = values[j];
			values[j] = v;
		}
		cr_assert_eq(pb_from_plain(d, values, &s, NULL, 0), 0);
	} while (!pb_solvable(d, &s));
	pb_format(d, &s, text, size);
	return s;
}

/* The weights tried, as text and as the fraction NUM / DEN. */
static const struct {
	const char *values;
	int num, den;
} weights[] = {
	{ "w=1", 1, 1 },
	{ "w=1.5", 3, 2 },
	{ "w=2", 2, 1 },
	{ "w=5", 5, 1 },
};

/* widastar with each weight on random states of DOMAIN with HEURISTIC:
 * every answer within its weight of the optimal length (DIST), weight 1's
 * optimal; the largest weight must answer some longer than optimal (or it
 * is not weighted), and where FEWER, expand fewer nodes in all than weight
 * 1. (Not on Magic Squares: with a weak heuristic and every state met
 * again by many paths, the deeper trees a weight allows cost more than its
 * fewer iterations save.) */
static void widastar_within_weights(const char *domain, const char *heuristic, int instances,
				    bool fewer)
{
	pb_domain d = it_domain(domain, NULL);
	uint8_t *dist = it_distances(&d);
	size_t nw = sizeof(weights) / sizeof(weights[0]);
	uint64_t expanded[sizeof(weights) / sizeof(weights[0])] = { 0 };
	int longer = 0;

	for (size_t w = 0; w < nw; w++) {
		unsigned seed = 32;
		it_solver t;

		it_prepare(&t, variant(&pb_solver_widastar, weights[w].values), &d, heuristic, NULL);
		for (int i = 0; i < instances; i++) {
			char text[PB_STATE_TEXT_MAX];
			pb_state start = random_solvable(&d, &seed, text, sizeof(text));
			int opt = dist[pb_index(&d, &start)];
			pb_search s;
			pb_path p;
			pb_status st = solve(&t, &d, &start, text, &s, &p);

			cr_assert_eq(st, PB_SOLVED, "%s/%s on %s '%s': %s (%s)", t.solver->name,
				     heuristic, domain, text, pb_status_name(st), s.message);
			cr_assert_leq(p.length * weights[w].den, opt * weights[w].num,
				      "%s/%s on %s '%s': %d moves, optimal %d", t.solver->name, heuristic,
				      domain, text, p.length, opt);
			if (weights[w].num == weights[w].den)
				cr_assert_eq(p.length, opt, "%s/%s on %s '%s': %d moves, optimal %d",
					     t.solver->name, heuristic, domain, text, p.length, opt);
			longer += w == nw - 1 && p.length > opt;
			expanded[w] += s.expanded;
		}
		it_release(&t);
	}
	cr_assert_gt(longer, 0, "widastar:%s/%s on %s: every answer optimal", weights[nw - 1].values,
		     heuristic, domain);
	cr_assert(!fewer || expanded[nw - 1] < expanded[0],
		     "widastar/%s on %s: %llu nodes with %s, %llu with %s", heuristic, domain,
		     (unsigned long long)expanded[nw - 1], weights[nw - 1].values,
		     (unsigned long long)expanded[0], weights[0].values);
	free(dist);
}

Test(widastar, within_the_weight_on_3x3)
{
	widastar_within_weights("8puzzle", "manhattan", RANDOM_3X3, true);
	widastar_within_weights("8puzzle", "linear-conflict", RANDOM_3X3 / 4, true);
}

Test(widastar, within_the_weight_on_msquare)
{
	widastar_within_weights("msquare", "msquare-pdb", RANDOM_3X3 / 4, false);
}

/* Korf's 100 (1985) as published with their optimal lengths: the states,
 * their lengths, and their texts (for the failures). */
typedef struct korf100 {
	pb_domain d;
	pb_state start[KORF_INSTANCES];
	int opt[KORF_INSTANCES];
	char text[KORF_INSTANCES][PB_STATE_TEXT_MAX];
} korf100;

/* The rows of KORF_OPTIMAL (a header, then "id<TAB>tiles<TAB>length", the
 * blank 0) into K. */
static void read_korf(korf100 *k)
{
	FILE *f;
	char line[512];
	int n = 0, lineno = 0;

	it_need_shared(KORF_OPTIMAL);
	k->d = it_domain("15puzzle", KORF_GOAL);
	f = fopen(KORF_OPTIMAL, "r");
	cr_assert_not_null(f, "%s: %s", KORF_OPTIMAL, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char *tiles = strchr(line, '\t'), *len = tiles ? strchr(tiles + 1, '\t') : NULL;
		char *out = k->text[n], *tile, *save = NULL;
		size_t used = 0;

		if (++lineno == 1)
			continue;
		cr_assert(len, "%s:%d: want id<TAB>tiles<TAB>length", KORF_OPTIMAL, lineno);
		cr_assert_lt(n, KORF_INSTANCES, "%s: more than %d rows", KORF_OPTIMAL, KORF_INSTANCES);
		*len++ = '\0';
		out[0] = '\0';
		for (tile = strtok_r(tiles + 1, " ", &save); tile; tile = strtok_r(NULL, " ", &save))
			used += (size_t)snprintf(out + used, PB_STATE_TEXT_MAX - used, "%s%s",
						 used ? " " : "", strcmp(tile, "0") ? tile : "x");
		k->start[n] = it_parse(&k->d, out);
		k->opt[n] = atoi(len);
		cr_assert_gt(k->opt[n], 0, "%s:%d: length '%s'", KORF_OPTIMAL, lineno, len);
		n++;
	}
	fclose(f);
	cr_assert_eq(n, KORF_INSTANCES, "%s: %d rows", KORF_OPTIMAL, n);
}

/* Every STRIDE-th of Korf's 100 through SOLVER with Manhattan distance:
 * each answer reaches the goal and is no shorter than optimal; where
 * MAY_FAIL, it may say it lost every path instead. Returns how many
 * answers were longer than optimal; *MOST receives the greatest length /
 * optimal. */
static int korf_answers(const pb_solver *solver, int stride, bool may_fail, double *most)
{
	static korf100 k;
	it_solver t;
	int longer = 0;

	read_korf(&k);
	*most = 0;
	it_prepare(&t, solver, &k.d, "manhattan", NULL);
	for (int i = 0; i < KORF_INSTANCES; i += stride) {
		pb_search s;
		pb_path p;
		pb_status st = solve(&t, &k.d, &k.start[i], k.text[i], &s, &p);

		if (may_fail && st == PB_FAILED && strstr(s.message, "lost every path"))
			continue;
		cr_assert_eq(st, PB_SOLVED, "%s on Korf #%d: %s (%s)", solver->name, i + 1,
			     pb_status_name(st), s.message);
		cr_assert_geq(p.length, k.opt[i], "%s on Korf #%d: %d moves, below the optimal %d",
			      solver->name, i + 1, p.length, k.opt[i]);
		longer += p.length > k.opt[i];
		if ((double)p.length / k.opt[i] > *most)
			*most = (double)p.length / k.opt[i];
	}
	it_release(&t);
	return longer;
}

/* Every how many of Korf's 100 the 15-puzzle checks take: widastar's
 * (a millisecond each), beam's (a tenth of a second). */
#define KORF_STRIDE_WIDASTAR (3 * SLOWDOWN)
#define KORF_STRIDE_BEAM (9 * SLOWDOWN)

Test(widastar, korf100_within_twice_optimal)
{
	double most;
	int longer = korf_answers(variant(&pb_solver_widastar, "w=2"), KORF_STRIDE_WIDASTAR,
				  false, &most);

	cr_assert_leq(most, 2.0, "widastar:w=2 on Korf's 100: an answer %.3f times optimal", most);
	cr_assert_gt(longer, 0, "widastar:w=2 answered every one of Korf's 100 tried optimally");
}

Test(beam, korf100_answers_reach_the_goal)
{
	double most;

	korf_answers(variant(&pb_solver_beam, "width=1000"), KORF_STRIDE_BEAM, true, &most);
}

Test(beam, wide_as_the_space_is_breadth_first)
{
	pb_domain d = it_domain("8puzzle", NULL);
	uint8_t *dist = it_distances(&d);
	char values[64], text[PB_STATE_TEXT_MAX];
	unsigned seed = 7;
	it_solver t;

	/* the states of the goal's class: a layer holds fewer */
	snprintf(values, sizeof(values), "width=%llu", (unsigned long long)d.index_count);
	it_prepare(&t, variant(&pb_solver_beam, values), &d, "manhattan", NULL);
	for (int i = 0; i < RANDOM_3X3 / 4; i++) {
		pb_state start = random_solvable(&d, &seed, text, sizeof(text));
		int opt = dist[pb_index(&d, &start)];
		pb_search s;
		pb_path p;
		pb_status st = solve(&t, &d, &start, text, &s, &p);

		cr_assert_eq(st, PB_SOLVED, "beam:%s on '%s': %s (%s)", values, text,
			     pb_status_name(st), s.message);
		cr_assert_eq(p.length, opt, "beam:%s on '%s': %d moves, optimal %d", values, text,
			     p.length, opt);
	}
	/* one the parity rules out: said so before any search */
	{
		pb_state odd = it_parse(&d, "2 1 3 4 5 6 7 8 x");
		pb_search s;
		pb_path p;

		cr_assert_eq(solve(&t, &d, &odd, "2 1 3 4 5 6 7 8 x", &s, &p), PB_UNSOLVABLE);
		cr_assert_eq(s.expanded, 0, "beam searched to say unsolvable");
	}
	it_release(&t);
	free(dist);
}

/* Beams of widths 1 to 10 on random states of DOMAIN with HEURISTIC: a
 * valid path or the failure that says so, never another status; a layer
 * holds at most WIDTH states, so a path of L moves costs at most
 * 1 + WIDTH (L - 1) expansions. Some must be solved, and with width 1
 * not all optimally; where LOSES, some must be lost (on the 3x3 board
 * a beam of one state soon meets only states seen before). */
static void narrow_beams(const char *domain, const char *heuristic, int instances, bool loses)
{
	pb_domain d = it_domain(domain, NULL);
	uint8_t *dist = it_distances(&d);
	int solved = 0, failed = 0, longer = 0;

	/* enough states that a beam of one errs on some, in the sparser
	 * samples of the sanitizer build too (these solves take microseconds) */
	if (instances < NARROW_MIN)
		instances = NARROW_MIN;
	for (int width = 1; width <= 10; width++) {
		char values[32];
		unsigned seed = 11;
		it_solver t;

		snprintf(values, sizeof(values), "width=%d", width);
		it_prepare(&t, variant(&pb_solver_beam, values), &d, heuristic, NULL);
		for (int i = 0; i < instances; i++) {
			char text[PB_STATE_TEXT_MAX];
			pb_state start = random_solvable(&d, &seed, text, sizeof(text));
			pb_search s;
			pb_path p;
			pb_status st = solve(&t, &d, &start, text, &s, &p);

			if (st == PB_FAILED) {
				cr_assert(strstr(s.message, "lost every path"),
					  "beam:%s/%s on %s '%s': failed with '%s'", values, heuristic,
					  domain, text, s.message);
				failed++;
				continue;
			}
			cr_assert_eq(st, PB_SOLVED, "beam:%s/%s on %s '%s': %s (%s)", values, heuristic,
				     domain, text, pb_status_name(st), s.message);
			cr_assert_geq(p.length, dist[pb_index(&d, &start)],
				      "beam:%s on %s '%s': %d moves, below the optimal", values, domain,
				      text, p.length);
			cr_assert_leq(s.expanded, 1 + (uint64_t)width * (uint64_t)(p.length - 1),
				      "beam:%s on %s '%s': %llu expanded for %d moves", values, domain,
				      text, (unsigned long long)s.expanded, p.length);
			solved++;
			longer += width == 1 && p.length > dist[pb_index(&d, &start)];
		}
		it_release(&t);
	}
	cr_assert_gt(solved, 0, "beam/%s on %s: nothing solved at widths 1 to 10", heuristic, domain);
	cr_assert_gt(longer, 0, "beam:width=1/%s on %s: every answer optimal", heuristic, domain);
	cr_assert(!loses || failed > 0, "beam/%s on %s: no beam of widths 1 to 10 lost its way",
		  heuristic, domain);
	free(dist);
}

/* Manhattan distance of S on board D, from the plain values (0 the blank):
 * this file's own, for the reference beam below. */
static int manhattan_of(const pb_domain *d, const pb_state *s)
{
	uint8_t at[PB_MAX_CELLS], goal[PB_MAX_CELLS];
	int where[PB_MAX_CELLS], sum = 0;

	pb_to_plain(d, s, at);
	pb_to_plain(d, &d->goal, goal);
	for (int c = 0; c < d->cells; c++)
		where[goal[c]] = c;
	for (int c = 0; c < d->cells; c++)
		if (at[c])
			sum += abs(c / d->width - where[at[c]] / d->width) +
			       abs(c % d->width - where[at[c]] % d->width);
	return sum;
}

/* A state of the reference beam: the state, its h and its path. */
typedef struct ref_entry {
	pb_state s;
	int h, length;
	uint8_t moves[PB_MAX_PATH];
} ref_entry;

/* The beam search the solver's header describes, written plainly over
 * pb_apply (every successor in Korf's order of the blank's moves, up,
 * left, right, down, found by their names; one seen before
 * dropped; the goal taken when generated; each layer by h, and among one
 * h the states generated last first, cut to WIDTH), on START of D: its
 * status, and its answer in *P. */
static pb_status reference_beam(const pb_domain *d, const pb_state *start, int width, pb_path *p)
{
	uint8_t *seen = calloc(d->index_count, 1);
	ref_entry *layer = calloc((size_t)width, sizeof(*layer));
	ref_entry *next = calloc((size_t)width * PB_MAX_MOVES, sizeof(*next));
	static const char *const korf[] = { "u", "l", "r", "d" };
	int count = 1, order[4];
	pb_status st = PB_FAILED;

	cr_assert(seen && layer && next);
	cr_assert_eq(d->nmoves, 4);
	for (int k = 0; k < 4; k++)
		cr_assert_geq(order[k] = pb_move_from_name(d, korf[k], 1), 0);
	layer[0].s = *start;
	seen[pb_index(d, start)] = 1;
	while (count && st == PB_FAILED) {
		int made = 0;

		for (int i = 0; i < count && st == PB_FAILED; i++)
			for (int k = 0; k < 4 && st == PB_FAILED; k++) {
				ref_entry *e = &next[made];
				int m = order[k];

				if (!pb_apply(d, &layer[i].s, m, &e->s))
					continue;
				cr_assert_lt(layer[i].length, PB_MAX_PATH);
				memcpy(e->moves, layer[i].moves, (size_t)layer[i].length);
				e->moves[layer[i].length] = (uint8_t)m;
				e->length = layer[i].length + 1;
				if (pb_is_goal(d, &e->s)) {
					p->length = e->length;
					memcpy(p->moves, e->moves, (size_t)e->length);
					st = PB_SOLVED;
				} else if (!seen[pb_index(d, &e->s)]) {
					seen[pb_index(d, &e->s)] = 1;
					e->h = manhattan_of(d, &e->s);
					made++;
				}
			}
		/* the least h first, the later of one h first (an insertion
		 * sort of their numbers), the first WIDTH kept */
		{
			int sorted[PB_MAX_MOVES * 64];

			cr_assert_leq(made, (int)(sizeof(sorted) / sizeof(sorted[0])));
			for (int j = 0; j < made; j++) {
				int at = j;

				while (at > 0 && (next[sorted[at - 1]].h > next[j].h ||
						  (next[sorted[at - 1]].h == next[j].h && sorted[at - 1] < j))) {
					sorted[at] = sorted[at - 1];
					at--;
				}
				sorted[at] = j;
			}
			count = made < width ? made : width;
			for (int j = 0; st == PB_FAILED && j < count; j++)
				layer[j] = next[sorted[j]];
		}
	}
	free(seen);
	free(layer);
	free(next);
	return st;
}

/* Narrow beams give exactly the reference beam's answers, move for move,
 * and fail where it fails: which states a layer keeps, and in what order
 * (the least h; among one h the ones generated last, in Korf's order of
 * the moves), is the solver's rule and no other. */
Test(beam, narrow_beams_keep_the_states_the_rule_names)
{
	pb_domain d = it_domain("8puzzle", NULL);
	int solved = 0, failed = 0;

	for (int width = 1; width <= 6; width++) {
		char values[32];
		unsigned seed = 29;
		it_solver t;

		snprintf(values, sizeof(values), "width=%d", width);
		it_prepare(&t, variant(&pb_solver_beam, values), &d, "manhattan", NULL);
		for (int i = 0; i < (RANDOM_3X3 < NARROW_MIN ? NARROW_MIN : RANDOM_3X3); i++) {
			char text[PB_STATE_TEXT_MAX];
			pb_state start = random_solvable(&d, &seed, text, sizeof(text));
			pb_search s;
			pb_path p, want;
			pb_status st = solve(&t, &d, &start, text, &s, &p);
			pb_status ref = reference_beam(&d, &start, width, &want);

			cr_assert_eq(st, ref, "beam:%s on '%s': %s, the reference %s", values, text,
				     pb_status_name(st), pb_status_name(ref));
			if (st != PB_SOLVED) {
				failed++;
				continue;
			}
			cr_assert_eq(p.length, want.length, "beam:%s on '%s': %d moves, the reference %d",
				     values, text, p.length, want.length);
			cr_assert(!memcmp(p.moves, want.moves, (size_t)p.length),
				  "beam:%s on '%s': another path than the reference's", values, text);
			solved++;
		}
		it_release(&t);
	}
	cr_assert_gt(solved, 0);
	cr_assert_gt(failed, 0, "no narrow beam lost its way: the failures went untested");
}

Test(beam, narrow_beams_answer_or_say_they_lost)
{
	narrow_beams("8puzzle", "manhattan", RANDOM_3X3 / 2, true);
	narrow_beams("8puzzle", "linear-conflict", RANDOM_3X3 / 8, false);
	narrow_beams("msquare", "msquare-pdb", RANDOM_3X3 / 8, false);
}

/* T's status on START within MEM bytes (0: no limit) and with the STOP
 * flag: the limit kept, nothing left held. */
static pb_status limited(it_solver *t, const pb_state *start, size_t mem,
			 const volatile sig_atomic_t *stop)
{
	pb_search s;
	pb_path p;
	pb_status st;

	pb_search_init(&s, mem, 0, stop);
	st = t->solver->solve(t->ctx, start, &s, &p);
	cr_assert(!mem || s.meter.peak <= mem, "%s: the peak %zu passed the limit %zu",
		  t->solver->name, s.meter.peak, mem);
	cr_assert_eq(s.meter.current, 0, "%s: %s left %zu bytes", t->solver->name,
		     pb_status_name(st), s.meter.current);
	return st;
}

Test(beam, limits)
{
	pb_domain d = it_domain("15puzzle", KORF_GOAL);
	/* Korf's #60 (66 moves) */
	pb_state hard = it_parse(&d, "11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 x");
	volatile sig_atomic_t stop = 1;
	it_solver t;
	pb_status st;

	it_prepare(&t, variant(&pb_solver_beam, "width=10000000"), &d, "manhattan", NULL);
	st = limited(&t, &hard, 16 << 20, NULL);
	cr_assert_eq(st, PB_MEMOUT, "beam:width=10000000 on Korf #60 in 16 MiB: %s", pb_status_name(st));
	st = limited(&t, &hard, 0, &stop);
	cr_assert_eq(st, PB_STOPPED, "beam on Korf #60 with the stop flag up: %s", pb_status_name(st));
	it_release(&t);
	it_prepare(&t, variant(&pb_solver_widastar, "w=1"), &d, "manhattan", NULL);
	st = limited(&t, &hard, 0, &stop);
	cr_assert_eq(st, PB_STOPPED, "widastar:w=1 on Korf #60 with the stop flag up: %s",
		     pb_status_name(st));
	it_release(&t);
}
