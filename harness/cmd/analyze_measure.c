/* bench analyze's starts (analyze_int.h): every state swept (with its
 * distance where the whole space is analysed) or a seeded sample of them;
 * the states chosen at each h*, or the dataset's instances; the formula's
 * prediction for each (Korf, Reid & Edelkamp 2001, algorithms/analysis/
 * kre.h); idastar's measure of each, and the iterations of --thresholds
 * from random starts; the rows' means. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "algorithms/core/clock.h"
#include "algorithms/core/rank.h"
#include "algorithms/puzzles/distances.h"
#include "harness/cmd/analyze_int.h"
#include "harness/io/prng.h"
#include "harness/io/progress.h"

/* States measured at each h* of a whole space by default. */
#define DEFAULT_PER_DEPTH 5

/* The random streams, each its own so that none depends on how much
 * another drew: the sample of P, the states chosen at each h*, the random
 * starts of --thresholds. */
enum { STREAM_SAMPLE, STREAM_CHOSEN, STREAM_STARTS };

/* Seed RNG for stream K: the K-th word of the stream of --seed. */
static void stream_seed(const analysis *a, int k, prng *rng)
{
	prng master;
	uint64_t word = 0;

	prng_seed(&master, a->o->seed);
	for (int i = 0; i <= k; i++)
		word = prng_next(&master);
	prng_seed(rng, word);
}

/* Every state: distances (whole space only), then the sweep. */
static int sweep_space(analysis *a, bool with_distances)
{
	uint64_t t0 = pb_wall_ns();
	pb_status st;

	if (with_distances) {
		if (isatty(fileno(stderr)))
			fprintf(stderr, "bench " CMD ": %s: every state's distance (a breadth-first "
				"search of %" PRIu64 " states)...\n", a->d->name, a->d->index_count);
		st = pb_distances(a->d, &a->hs, &a->dist);
		if (st != PB_SOLVED)
			return analyze_stopped(a, st, "distances", a->hs.message);
		a->dist_ns = pb_wall_ns() - t0;
		t0 = pb_wall_ns();
	}
	st = pb_kre_sweep(&a->space, &a->h, a->dist, a->o->threads, &a->hs);
	if (st != PB_SOLVED)
		return analyze_stopped(a, st, "sweep", a->hs.message);
	a->sweep_ns = pb_wall_ns() - t0;
	return 0;
}

static int sample_space(analysis *a)
{
	prng rng;
	pb_random r = { prng_random_below, &rng };
	pb_status st;

	stream_seed(a, STREAM_SAMPLE, &rng);
	a->sample = calloc(1, sizeof(*a->sample));
	if (!a->sample)
		return analyze_fail("out of memory");
	st = pb_kre_sample(a->sample, &a->h, &r, a->o->samples, &a->hs);
	if (st != PB_SOLVED)
		return analyze_stopped(a, st, "sample", a->hs.message);
	a->sampled = true;
	return 0;
}

/* Whole space: N states at each h*, chosen by Knuth's selection sampling
 * (TAOCP vol. 2, 3.4.2, Algorithm S) in one pass over the index, a state
 * at h* = k taken with probability needed[k] / remaining[k]; a row for
 * each h*. */
static int choose_states(analysis *a)
{
	uint64_t count[PB_KRE_VALUES] = { 0 }, needed[PB_KRE_VALUES];
	size_t slot[PB_KRE_VALUES + 1] = { 0 };
	uint64_t per = a->o->measure_given ? a->o->measure : DEFAULT_PER_DEPTH;
	prng rng;

	for (int k = 0; k <= a->hstar_max; k++)
		for (int v = 0; v <= a->space.values.hmax; v++)
			count[k] += a->joint[(size_t)k * PB_KRE_VALUES + (size_t)v];
	for (int k = 0; k <= a->hstar_max; k++) {
		needed[k] = count[k] < per ? count[k] : per;
		slot[k + 1] = slot[k] + needed[k];
	}
	a->nstarts = slot[a->hstar_max + 1];
	a->nrows = (size_t)(a->hstar_max > 0 ? a->hstar_max : 0) + 1;
	a->starts = calloc(a->nstarts ? a->nstarts : 1, sizeof(*a->starts));
	a->rows = calloc(a->nrows, sizeof(*a->rows));
	if (!a->starts || !a->rows)
		return analyze_fail("out of memory");
	for (int k = 0; k <= a->hstar_max; k++) {
		analyze_row *r = &a->rows[k];

		snprintf(r->name, sizeof(r->name), "d%d", k);
		r->hstar = k;
		r->states = count[k];
		r->first = slot[k];
		r->n = needed[k];
	}
	stream_seed(a, STREAM_CHOSEN, &rng);
	for (uint64_t i = 0; i < a->d->index_count && per; i++) {
		unsigned k = a->dist[i];

		if (needed[k] && prng_below(&rng, count[k]) < needed[k]) {
			analyze_start *s = &a->starts[slot[k + 1] - needed[k]];

			pb_unindex(a->d, i, &s->state);
			s->hstar = (int)k;
			s->h = (int)pb_heur_value(&a->h, &s->state);
			needed[k]--;
		}
		count[k]--;
	}
	return 0;
}

/* Dataset: a row and a start for each instance, and their joint. */
static int take_instances(analysis *a)
{
	a->nstarts = a->nrows = a->ds.count;
	a->starts = calloc(a->nstarts, sizeof(*a->starts));
	a->rows = calloc(a->nrows, sizeof(*a->rows));
	a->joint = calloc((size_t)PB_KRE_VALUES * PB_KRE_VALUES, sizeof(*a->joint));
	if (!a->starts || !a->rows || !a->joint)
		return analyze_fail("out of memory");
	for (size_t i = 0; i < a->ds.count; i++) {
		const dataset_instance *in = &a->ds.instances[i];
		analyze_start *s = &a->starts[i];
		analyze_row *r = &a->rows[i];
		unsigned hv = pb_heur_value(&a->h, &in->state);

		if (hv > PB_KRE_MAX_VALUE)
			return analyze_fail("%s:%u: instance '%s': h is %u, past %d", a->o->dataset, in->line,
					    in->id, hv, PB_KRE_MAX_VALUE);
		s->state = in->state;
		s->hstar = in->reference;
		s->h = (int)hv;
		snprintf(r->name, sizeof(r->name), "%s", in->id);
		r->hstar = in->reference;
		r->states = 1;
		r->first = i;
		r->n = 1;
		a->joint[(size_t)s->hstar * PB_KRE_VALUES + hv]++;
		if (s->hstar > a->hstar_max)
			a->hstar_max = s->hstar;
	}
	return 0;
}

static int build_tree(analysis *a)
{
	int depth = a->o->thresholds && (int)a->o->hi > a->hstar_max ? (int)a->o->hi : a->hstar_max;
	pb_status st = pb_kre_tree_build(&a->tree, a->d, depth, &a->hs.meter);

	if (st != PB_SOLVED)
		return analyze_stopped(a, st, "the brute-force tree", a->hs.message);
	for (size_t i = 0; i < a->nstarts; i++) {
		analyze_start *s = &a->starts[i];

		s->predicted = pb_kre_run(&a->tree, values_of(a), s->state.cls, s->h, s->hstar,
					  a->step);
	}
	return 0;
}

/* Which starts are measured: the whole space's sample, or a dataset's
 * first N instances. */
static size_t starts_measured(const analysis *a)
{
	if (a->o->no_measure)
		return 0;
	if (a->o->dataset && a->o->measure_given)
		return a->o->measure < a->nstarts ? (size_t)a->o->measure : a->nstarts;
	return a->nstarts;
}

/* idastar on START (and, with --complete, the iterations to their ends). */
static int measure_start(analysis *a, void *ctx, analyze_start *s, size_t which)
{
	const char *name = a->o->dataset ? a->ds.instances[which].id : "a sampled state";
	pb_search ss;
	pb_path path;
	pb_status st;

	pb_search_init(&ss, 0, a->o->time_limit_ns, a->stop);
	st = pb_solver_idastar.solve(ctx, &s->state, &ss, &path);
	if (st == PB_STOPPED)
		return EXIT_SIGNAL_BASE + *a->stop;
	if (st == PB_SOLVED) {
		s->measured = ss.expanded;
		s->has_measured = true;
		if (path.length != s->hstar) {
			char text[PB_STATE_TEXT_MAX];

			pb_format(a->d, &s->state, text, sizeof(text));
			fprintf(stderr, "bench " CMD ": %s (%s): idastar's answer has %d moves, h* is %d\n",
				name, text, path.length, s->hstar);
			a->wrong = true;
		}
	} else if (st != PB_TIMEOUT) {
		fprintf(stderr, "bench " CMD ": %s: idastar: %s%s%s\n", name, pb_status_name(st),
			*ss.message ? ": " : "", ss.message);
	}
	if (!a->o->complete)
		return 0;
	pb_search_init(&ss, 0, a->o->time_limit_ns, a->stop);
	st = pb_kre_complete_run(&a->h, &s->state, s->hstar, &ss, &s->complete);
	if (st == PB_STOPPED)
		return EXIT_SIGNAL_BASE + *a->stop;
	s->has_complete = st == PB_SOLVED;
	return 0;
}

static int measure(analysis *a)
{
	size_t n = starts_measured(a), timeouts = 0;
	pb_search prep;
	progress p;
	void *ctx = NULL;
	pb_status st;
	int rc = 0;

	if (!n)
		return 0;
	pb_search_init(&prep, 0, 0, a->stop);
	st = pb_solver_prepare(&pb_solver_idastar, a->d, &a->cfg, &prep, &ctx);
	if (st != PB_SOLVED)
		return analyze_stopped(a, st, "idastar", prep.message);
	progress_start(&p, "starts", n);
	for (size_t i = 0; i < n && !rc; i++) {
		rc = measure_start(a, ctx, &a->starts[i], i);
		timeouts += !a->starts[i].has_measured ||
			    (a->o->complete && !a->starts[i].has_complete);
		progress_tick(&p, 1);
	}
	progress_end(&p);
	pb_solver_idastar.release(ctx);
	if (timeouts && !rc)
		fprintf(stderr, "bench " CMD ": %zu start%s not measured within the time limit "
			"(left out of the means)\n", timeouts, timeouts == 1 ? "" : "s");
	return rc;
}

/* --thresholds: each random start's iterations at the thresholds, run to
 * their ends, beside E at its class; a start out of time leaves the
 * thresholds it did not finish. */
static int measure_thresholds(analysis *a)
{
	const analyze_options *o = a->o;
	size_t timeouts = 0;
	progress p;
	prng rng;
	pb_random r = { prng_random_below, &rng };

	if (!o->thresholds)
		return 0;
	stream_seed(a, STREAM_STARTS, &rng);
	a->nthresholds = (size_t)((o->hi - o->lo) / (uint64_t)a->step) + 1;
	a->thresholds = calloc(a->nthresholds, sizeof(*a->thresholds));
	if (!a->thresholds)
		return analyze_fail("out of memory");
	for (size_t j = 0; j < a->nthresholds; j++)
		a->thresholds[j].threshold = (int)o->lo + (int)j * a->step;
	progress_start(&p, "random starts", o->random);
	for (uint64_t k = 0; k < o->random; k++) {
		pb_search ss;
		pb_state x;

		a->d->ops->random(a->d, &r, &x);
		pb_search_init(&ss, 0, o->time_limit_ns, a->stop);
		for (size_t j = 0; j < a->nthresholds; j++) {
			analyze_threshold *t = &a->thresholds[j];
			pb_kre_iteration it;
			pb_status st = pb_kre_iterate(&a->h, &x, t->threshold, &ss, &it);

			if (st == PB_STOPPED) {
				progress_end(&p);
				return EXIT_SIGNAL_BASE + *a->stop;
			}
			if (st != PB_SOLVED) {
				timeouts++;
				break;
			}
			t->measured += (double)it.expanded;
			t->predicted += pb_kre_expanded(&a->tree, values_of(a), x.cls, t->threshold);
			t->n++;
		}
		progress_tick(&p, 1);
	}
	progress_end(&p);
	if (timeouts)
		fprintf(stderr, "bench " CMD ": %zu random start%s out of time before the last "
			"threshold (left out of the thresholds not finished)\n", timeouts,
			timeouts == 1 ? "" : "s");
	return 0;
}

/* The rows' means over their starts. */
static void sum_rows(analysis *a)
{
	for (size_t i = 0; i < a->nrows; i++) {
		analyze_row *r = &a->rows[i];
		double h = 0, pred = 0, meas = 0, comp = 0;

		for (size_t j = r->first; j < r->first + r->n; j++) {
			const analyze_start *s = &a->starts[j];

			h += s->h;
			pred += s->predicted;
			if (s->has_measured) {
				meas += (double)s->measured;
				r->measured_n++;
			}
			if (s->has_complete) {
				comp += (double)s->complete;
				r->complete_n++;
			}
		}
		r->h = r->n ? h / (double)r->n : 0;
		r->predicted = r->n ? pred / (double)r->n : 0;
		r->measured = r->measured_n ? meas / (double)r->measured_n : 0;
		r->complete = r->complete_n ? comp / (double)r->complete_n : 0;
	}
}

int analyze_measure(analysis *a, bool fits)
{
	int rc;

	if (a->o->dataset) {
		rc = fits ? sweep_space(a, false) : sample_space(a);
		if (!rc)
			rc = take_instances(a);
	} else {
		rc = sweep_space(a, true);
		a->joint = a->space.joint;
		a->hstar_max = a->space.hstar_max;
		if (!rc)
			rc = choose_states(a);
	}
	if (rc || (rc = build_tree(a)) || (rc = measure(a)) || (rc = measure_thresholds(a)))
		return rc;
	sum_rows(a);
	return 0;
}
