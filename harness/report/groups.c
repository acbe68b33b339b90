#include "harness/report/groups.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Sort keys of the optimal length: after every length, unsolvable, then
 * unknown. */
#define OPT_KEY_UNSOLVABLE (PB_MAX_PATH + 1)
#define OPT_KEY_UNKNOWN (PB_MAX_PATH + 2)

static int cmp_key(const void *a, const void *b)
{
	const report_key *x = a, *y = b;
	const uint32_t fx[] = { x->dataset, x->algorithm, x->heuristic, x->opt, x->instance, x->repeat };
	const uint32_t fy[] = { y->dataset, y->algorithm, y->heuristic, y->opt, y->instance, y->repeat };

	for (size_t i = 0; i < sizeof(fx) / sizeof(fx[0]); i++)
		if (fx[i] != fy[i])
			return fx[i] < fy[i] ? -1 : 1;
	return 0;
}

/* Keys by (dataset, instance), to settle each instance's optimal length. */
static int cmp_instance(const void *a, const void *b)
{
	const report_key *x = a, *y = b;

	if (x->dataset != y->dataset)
		return x->dataset < y->dataset ? -1 : 1;
	if (x->instance != y->instance)
		return x->instance < y->instance ? -1 : 1;
	return 0;
}

uint32_t report_optimal_key(int optimal)
{
	return optimal >= 0 ? (uint32_t)optimal
	       : optimal == DATASET_REF_UNSOLVABLE ? OPT_KEY_UNSOLVABLE : OPT_KEY_UNKNOWN;
}

int report_optimal_of(uint32_t opt)
{
	return opt == OPT_KEY_UNSOLVABLE ? DATASET_REF_UNSOLVABLE
	       : opt == OPT_KEY_UNKNOWN ? DATASET_REF_UNKNOWN : (int)opt;
}

uint64_t report_measure_of(const report_row *row, report_measure m)
{
	switch (m) {
	case REPORT_WALL: return row->wall_ns;
	case REPORT_CPU: return row->cpu_ns;
	case REPORT_PEAK: return row->peak_bytes;
	case REPORT_EXPANDED: return row->expanded;
	case REPORT_GENERATED:
	case REPORT_MEASURES: break;
	}
	return row->generated;
}

size_t report_instance_end(const report_key *k, size_t i, size_t n)
{
	size_t j = i;

	while (j < n && k[j].dataset == k[i].dataset && k[j].instance == k[i].instance &&
	       k[j].opt == k[i].opt)
		j++;
	return j;
}

bool report_instance_solved(const report *r, const report_key *k, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!run_status_answered(r->rows[k[i].row].status))
			return false;
	return n > 0;
}

size_t report_answered(const report *r, const report_key *k, size_t n, report_measure m,
		       double *buf)
{
	size_t count = 0;

	for (size_t i = 0; i < n; i++)
		if (run_status_answered(r->rows[k[i].row].status))
			buf[count++] = (double)report_measure_of(&r->rows[k[i].row], m);
	stats_sort(buf, count);
	return count;
}

bool report_has_preparation(const report_row *prepare)
{
	return prepare && (prepare->status != RUN_OK || prepare->expanded ||
			   prepare->peak_bytes >= REPORT_PREPARE_MIN_BYTES);
}

long report_common_medians(const report_stats *s, const report_line *l, size_t n, double *median)
{
	const report *r = s->rep;
	uint32_t *count = calloc(r->instances.count ? r->instances.count : 1, sizeof(*count));
	size_t compared = 0, common = 0;

	if (!count)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const report_key *k = s->keys + l[i].first;

		median[i] = NAN;
		if (!l[i].solved)
			continue;
		compared++;
		for (size_t a = 0, b; a < l[i].nkeys; a = b) {
			b = report_instance_end(k, a, l[i].nkeys);
			count[k[a].instance] += report_instance_solved(r, k + a, b - a);
		}
	}
	for (size_t i = 0; i < n; i++) {
		const report_key *k = s->keys + l[i].first;
		size_t m = 0;

		if (!l[i].solved)
			continue;
		for (size_t j = 0; j < l[i].nkeys; j++)
			if (count[k[j].instance] == compared)
				s->scratch[m++] = (double)r->rows[k[j].row].wall_ns;
		if (m)
			median[i] = stats_median(s->scratch, m);
	}
	for (uint32_t i = 0; i < r->instances.count; i++)
		common += compared && count[i] == compared;
	free(count);
	return (long)common;
}

/* Settle each instance's optimal length (the rule in groups.h) into
 * keys[].opt, and count each dataset's instances. */
static void settle_optimal(report_stats *s)
{
	const report *r = s->rep;
	report_key *keys = s->keys;
	size_t n = s->nkeys;

	qsort(keys, n, sizeof(*keys), cmp_instance);
	for (size_t i = 0, j; i < n; i = j) {
		int opt = DATASET_REF_UNKNOWN;

		for (j = i; j < n && !cmp_instance(&keys[i], &keys[j]); j++) {
			const report_row *row = &r->rows[keys[j].row];

			if (row->reference != DATASET_REF_UNKNOWN)
				opt = row->reference;
			else if (opt == DATASET_REF_UNKNOWN && row->status == RUN_UNSOLVABLE)
				opt = DATASET_REF_UNSOLVABLE;
		}
		if (opt == DATASET_REF_UNKNOWN) {
			for (size_t k = i; k < j; k++) {
				const report_row *row = &r->rows[keys[k].row];

				if (row->status == RUN_OK && (opt < 0 || row->length < opt))
					opt = row->length;
			}
		}
		for (size_t k = i; k < j; k++)
			keys[k].opt = report_optimal_key(opt);
		s->instances[keys[i].dataset]++;
	}
}

/* Fill G from the keys K[0..n) of one group (the K - s->keys'th on). */
static void group_stats(const report_stats *s, const report_key *k, size_t n, report_group *g)
{
	const report *r = s->rep;
	double *buf = s->scratch;

	memset(g, 0, sizeof(*g));
	g->dataset = k[0].dataset;
	g->algorithm = k[0].algorithm;
	g->heuristic = k[0].heuristic;
	g->series = r->rows[k[0].row].series;
	g->optimal = report_optimal_of(k[0].opt);
	g->first = (size_t)(k - s->keys);
	g->nkeys = n;
	for (size_t i = 0, j; i < n; i = j) {
		j = report_instance_end(k, i, n);
		g->count++;
		g->solved += report_instance_solved(r, k + i, j - i);
	}
	for (int m = 0; m < REPORT_MEASURES; m++) {
		g->answered = report_answered(r, k, n, (report_measure)m, buf);
		if (g->answered)
			g->m[m] = stats_five_of(buf, g->answered);
	}
}

/* Count instance K[0..n)'s statuses and spread into L. */
static void line_instance(const report_stats *s, const report_key *k, size_t n, report_line *l)
{
	const report *r = s->rep;
	bool wrong = false, timeout = false, memout = false, failed = false;
	bool unsupported = false, interrupted = false;
	size_t m;

	for (size_t i = 0; i < n; i++) {
		const report_row *row = &r->rows[k[i].row];

		wrong |= row->status == RUN_WRONG;
		timeout |= row->status == RUN_TIMEOUT;
		memout |= row->status == RUN_MEMOUT;
		failed |= row->status == RUN_ERROR || row->status == RUN_CRASH;
		unsupported |= row->status == RUN_UNSUPPORTED;
		interrupted |= row->status == RUN_INTERRUPTED;
		if (row->status == RUN_OK && row->reference >= 0 && row->length < row->reference)
			l->below_reference++;
		if (row->peak_bytes > l->max_peak)
			l->max_peak = row->peak_bytes;
	}
	l->total++;
	l->solved += report_instance_solved(r, k, n);
	l->wrong += wrong;
	l->timeout += timeout;
	l->memout += memout;
	l->failed += failed;
	l->unsupported += unsupported;
	l->interrupted += interrupted;
	m = report_answered(r, k, n, REPORT_WALL, s->scratch);
	if (m >= REPORT_SPREAD_MIN_REPEATS) {
		stats_five f = stats_five_of(s->scratch, m);

		l->spread_sampled++;
		l->noisy += f.median > 0 && (f.q3 - f.q1) / f.median > REPORT_NOISY_SPREAD;
	}
}

static const report_row *find_prepare(const report *r, const report_key *k)
{
	for (size_t i = 0; i < r->count; i++) {
		const report_row *row = &r->rows[i];

		if (row->phase == RUN_PREPARE && row->dataset == k->dataset &&
		    row->algorithm == k->algorithm && row->heuristic == k->heuristic)
			return row;
	}
	return NULL;
}

/* Fill L from the keys K[0..n) of one dataset and series. */
static void line_stats(const report_stats *s, const report_key *k, size_t n, report_line *l)
{
	const report *r = s->rep;

	memset(l, 0, sizeof(*l));
	l->dataset = k[0].dataset;
	l->algorithm = k[0].algorithm;
	l->heuristic = k[0].heuristic;
	l->series = r->rows[k[0].row].series;
	l->prepare = find_prepare(r, k);
	l->first = (size_t)(k - s->keys);
	l->nkeys = n;
	for (size_t i = 0, j; i < n; i = j) {
		j = report_instance_end(k, i, n);
		line_instance(s, k + i, j - i, l);
	}
	l->answered = report_answered(r, k, n, REPORT_WALL, s->scratch);
	if (!l->answered)
		return;
	l->wall = stats_five_of(s->scratch, l->answered);
	report_answered(r, k, n, REPORT_EXPANDED, s->scratch);
	l->expanded = stats_five_of(s->scratch, l->answered);
}

static bool same_line(const report_key *a, const report_key *b)
{
	return a->dataset == b->dataset && a->algorithm == b->algorithm &&
	       a->heuristic == b->heuristic;
}

/* The groups and lines of the sorted keys. */
static void build_groups(report_stats *s)
{
	const report_key *k = s->keys;
	size_t n = s->nkeys;

	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && same_line(&k[i], &k[j]) && k[j].opt == k[i].opt; j++)
			;
		group_stats(s, k + i, j - i, &s->groups[s->ngroups++]);
	}
	for (size_t i = 0, j, g = 0; i < n; i = j) {
		report_line *l = &s->lines[s->nlines++];

		for (j = i; j < n && same_line(&k[i], &k[j]); j++)
			;
		line_stats(s, k + i, j - i, l);
		l->first_group = g;
		while (g < s->ngroups && s->groups[g].first < j)
			g++;
		l->ngroups = g - l->first_group;
	}
}

int report_stats_build(report_stats *s, const report *r)
{
	size_t room = r->count ? r->count : 1;

	memset(s, 0, sizeof(*s));
	s->rep = r;
	s->keys = malloc(room * sizeof(*s->keys));
	s->groups = malloc(room * sizeof(*s->groups));
	s->lines = malloc(room * sizeof(*s->lines));
	s->scratch = malloc(room * sizeof(*s->scratch));
	s->instances = calloc(r->datasets.count ? r->datasets.count : 1, sizeof(*s->instances));
	if (!s->keys || !s->groups || !s->lines || !s->scratch || !s->instances) {
		report_stats_release(s);
		return -1;
	}
	for (size_t i = 0; i < r->count; i++) {
		const report_row *row = &r->rows[i];

		if (row->phase != RUN_SOLVE)
			continue;
		s->keys[s->nkeys++] = (report_key){
			.dataset = row->dataset, .algorithm = row->algorithm,
			.heuristic = row->heuristic, .instance = row->instance,
			.repeat = row->repeat, .row = i,
		};
	}
	settle_optimal(s);
	qsort(s->keys, s->nkeys, sizeof(*s->keys), cmp_key);
	build_groups(s);
	return 0;
}

void report_stats_release(report_stats *s)
{
	free(s->keys);
	free(s->groups);
	free(s->lines);
	free(s->scratch);
	free(s->instances);
	memset(s, 0, sizeof(*s));
}
