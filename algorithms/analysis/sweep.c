/* The distributions of kre.h: every state of a space (threads over the
 * index, each with counts of its own, added up at the end: sums, so the
 * same whatever the threads), or a sample. */
#include "kre.h"

#include "../core/workers.h"
#include "../puzzles/distances.h"

#include <stdio.h>
#include <string.h>

/* States a thread takes at a time. */
#define CHUNK_STATES 65536u

typedef struct sweeper {
	const pb_heur *h;
	const uint8_t *dist;
	uint64_t states;
	uint64_t next_chunk; /* atomic */
	int stopped;         /* atomic: a worker stopped, or met a value too large */
} sweeper;

typedef struct sweep_worker {
	sweeper *b;
	pb_search poll; /* a copy of the caller's, for its limits */
	pb_status status;
	uint64_t *joint; /* NULL without distances */
	pb_kre_values values;
	bool over, too_large;
} sweep_worker;

/* Count the state of index I, value HV, class CLS into W. */
static inline bool count_state(sweep_worker *w, uint64_t i, unsigned hv, int cls)
{
	if (hv > PB_KRE_MAX_VALUE) {
		w->too_large = true;
		return false;
	}
	w->values.count[cls][hv]++;
	w->values.total[cls]++;
	if ((int)hv > w->values.hmax)
		w->values.hmax = (int)hv;
	if (w->joint) {
		unsigned hs = w->b->dist[i];

		if (hs == PB_DIST_UNSEEN) {
			w->too_large = true;
			return false;
		}
		w->joint[(size_t)hs * PB_KRE_VALUES + hv]++;
		w->over |= hv > hs;
	}
	return true;
}

static void *sweep_work(void *arg)
{
	sweep_worker *w = arg;
	sweeper *b = w->b;
	const pb_domain *d = b->h->d;

	while (!__atomic_load_n(&b->stopped, __ATOMIC_RELAXED)) {
		uint64_t first = __atomic_fetch_add(&b->next_chunk, 1, __ATOMIC_RELAXED) * CHUNK_STATES;
		uint64_t end = first + CHUNK_STATES < b->states ? first + CHUNK_STATES : b->states;

		if (first >= b->states)
			break;
		if ((w->status = pb_search_check(&w->poll)) != PB_SOLVED) {
			__atomic_store_n(&b->stopped, 1, __ATOMIC_RELAXED);
			break;
		}
		for (uint64_t i = first; i < end; i++) {
			pb_state s;

			pb_unindex(d, i, &s);
			if (!count_state(w, i, pb_heur_value(b->h, &s), s.cls)) {
				__atomic_store_n(&b->stopped, 1, __ATOMIC_RELAXED);
				return NULL;
			}
		}
		w->poll.expanded += end - first;
	}
	return NULL;
}

static void values_init(pb_kre_values *v, const pb_domain *d)
{
	memset(v, 0, sizeof(*v));
	v->nclasses = d->nclasses;
	v->hmax = -1;
}

/* Add W's counts into OUT. */
static void add_worker(pb_kre_space *out, const sweep_worker *w)
{
	pb_kre_values *v = &out->values;

	for (int c = 0; c < v->nclasses; c++) {
		for (int u = 0; u <= w->values.hmax; u++)
			v->count[c][u] += w->values.count[c][u];
		v->total[c] += w->values.total[c];
		v->states += w->values.total[c];
	}
	if (w->values.hmax > v->hmax)
		v->hmax = w->values.hmax;
	out->over |= w->over;
	if (!w->joint)
		return;
	for (size_t k = 0; k < (size_t)PB_KRE_VALUES * PB_KRE_VALUES; k++)
		out->joint[k] += w->joint[k];
}

pb_status pb_kre_sweep(pb_kre_space *out, const pb_heur *h, const uint8_t *dist, int threads,
		       pb_search *s)
{
	const pb_domain *d = h->d;
	const size_t cells = (size_t)PB_KRE_VALUES * PB_KRE_VALUES;
	sweeper b = { .h = h, .dist = dist, .states = d->index_count };
	sweep_worker *workers;
	bool too_large = false;
	pb_status st = PB_SOLVED;
	int n = pb_workers_count(threads, PB_KRE_MAX_THREADS);

	memset(out, 0, sizeof(*out));
	values_init(&out->values, d);
	if (!d->index_count) {
		snprintf(s->message, sizeof(s->message), "%s has no index for a table", d->name);
		return PB_UNSUPPORTED;
	}
	workers = pb_calloc(&s->meter, (size_t)n, sizeof(*workers));
	if (!workers)
		return pb_search_alloc_failed(s);
	out->joint = dist ? pb_calloc(&s->meter, cells, sizeof(uint64_t)) : NULL;
	if (dist && !out->joint)
		st = pb_search_alloc_failed(s);
	for (int i = 0; i < n && st == PB_SOLVED; i++) {
		workers[i].b = &b;
		workers[i].poll = *s;
		workers[i].status = PB_SOLVED;
		values_init(&workers[i].values, d);
		if (dist && !(workers[i].joint = pb_calloc(&s->meter, cells, sizeof(uint64_t))))
			st = pb_search_alloc_failed(s);
	}
	if (st != PB_SOLVED)
		goto done;
	/* a worker that could not start leaves its chunks to the others */
	pb_workers_run(sweep_work, workers, sizeof(*workers), n);
	for (int i = 0; i < n; i++) {
		sweep_worker *w = &workers[i];

		if (w->status != PB_SOLVED)
			st = w->status;
		too_large |= w->too_large;
		s->expanded += w->poll.expanded;
		add_worker(out, w);
	}
	if (st == PB_SOLVED && too_large) {
		snprintf(s->message, sizeof(s->message),
			 "a value of h or h* past %d (or a state the distances never reached)",
			 PB_KRE_MAX_VALUE);
		st = PB_UNSUPPORTED;
	}
	if (st == PB_SOLVED)
		for (int k = 0; k <= PB_KRE_MAX_VALUE; k++)
			for (int u = 0; dist && u <= PB_KRE_MAX_VALUE; u++)
				if (out->joint[(size_t)k * PB_KRE_VALUES + (size_t)u])
					out->hstar_max = k;
done:
	for (int i = 0; i < n; i++)
		pb_free(workers[i].joint);
	pb_free(workers);
	if (st != PB_SOLVED) {
		pb_kre_space_release(out);
		values_init(&out->values, d);
	}
	return st;
}

void pb_kre_space_release(pb_kre_space *sp)
{
	pb_free(sp->joint);
	sp->joint = NULL;
}

pb_status pb_kre_sample(pb_kre_values *v, const pb_heur *h, const pb_random *r,
			uint64_t samples, pb_search *s)
{
	const pb_domain *d = h->d;

	values_init(v, d);
	for (uint64_t i = 0; i < samples; i++) {
		pb_status st = pb_search_poll(s);
		pb_state x;
		unsigned hv;

		if (st != PB_SOLVED)
			return st;
		d->ops->random(d, r, &x);
		hv = pb_heur_value(h, &x);
		if (hv > PB_KRE_MAX_VALUE) {
			snprintf(s->message, sizeof(s->message), "a value of h past %d",
				 PB_KRE_MAX_VALUE);
			return PB_UNSUPPORTED;
		}
		v->count[x.cls][hv]++;
		v->total[x.cls]++;
		v->states++;
		if ((int)hv > v->hmax)
			v->hmax = (int)hv;
	}
	return PB_SOLVED;
}
