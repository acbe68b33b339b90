/* The rows of a run kept (runs.h): the interned names, the datasets with
 * their instances, the series and their tracks, and the keeping of a row
 * (from a live run or from runs.csv), its solve rows coded into its
 * track (runs_code.c). runs.csv's writer and reader are in runs_csv.c. */
#include <stdlib.h>
#include <string.h>

#include "harness/io/fnv.h"
#include "harness/report/runs_int.h"

#define POOL_FIRST_ROOM 1024

/* --- the index of names and of tracks ---------------------------------- */

/* An open-addressing index of items 0..count-1: MASK + 1 slots (a power
 * of two), each an item's number + 1 or 0 (empty), an item at the first
 * empty slot from its hash (linear probing); built again twice as large
 * before it is half full. */

/* The first empty slot of SLOTS from HASH. */
static size_t index_free_slot(const uint32_t *slots, size_t mask, size_t hash)
{
	size_t j = hash & mask;

	while (slots[j])
		j = (j + 1) & mask;
	return j;
}

/* The index *SLOTS, *MASK of the COUNT items whose hashes HASH(ARG, i)
 * gives, built again twice as large (64 slots the first time), the old
 * one freed. Returns 0, or -1 when out of memory (the old one kept). */
static int index_rebuild(uint32_t **slots, size_t *mask, size_t count,
			 size_t (*hash)(const void *arg, size_t i), const void *arg)
{
	size_t m = *mask ? 2 * *mask + 1 : 63;
	uint32_t *s = calloc(m + 1, sizeof(*s));

	if (!s)
		return -1;
	for (size_t i = 0; i < count; i++)
		s[index_free_slot(s, m, hash(arg, i))] = (uint32_t)i + 1;
	free(*slots);
	*slots = s;
	*mask = m;
	return 0;
}

/* --- names ------------------------------------------------------------- */

static void names_release(report_names *n)
{
	free(n->pool);
	free(n->offset);
	free(n->slots);
	memset(n, 0, sizeof(*n));
}

static const char *name_at(const report_names *n, size_t i)
{
	return n->pool + n->offset[i];
}

uint32_t report_find(const report_names *n, const char *name)
{
	if (!n->slots)
		return REPORT_NONE;
	for (size_t j = fnv_text(name) & n->mask; n->slots[j]; j = (j + 1) & n->mask)
		if (!strcmp(name_at(n, n->slots[j] - 1), name))
			return n->slots[j] - 1;
	return REPORT_NONE;
}

/* The hash of name I of N (ARG), for index_rebuild. */
static size_t name_hash(const void *arg, size_t i)
{
	return (size_t)fnv_text(name_at(arg, i));
}

/* Room for one more than N items of SIZE bytes at P (CAP of them now;
 * FIRST the first time): P or its larger copy, *CAP updated; NULL when out
 * of memory (P is then kept). */
static void *grow(void *p, size_t *cap, size_t n, size_t size, size_t first)
{
	size_t c = *cap ? 2 * *cap : first;
	void *q;

	if (n < *cap)
		return p;
	q = realloc(p, c * size);
	if (q)
		*cap = c;
	return q;
}

void *runs_room(void *buf, size_t *room, size_t need, size_t first, size_t doubling_max)
{
	size_t r = *room;
	void *q;

	if (need <= r)
		return buf;
	while (r < need)
		r = !r ? first : r < doubling_max ? 2 * r : r + r / 8;
	if (r > UINT32_MAX) {
		if (need > UINT32_MAX)
			return NULL;
		r = UINT32_MAX;
	}
	q = realloc(buf, r);
	if (q)
		*room = r;
	return q;
}

/* Room for LEN more bytes in N's pool (offsets are 32 bits: 4 GiB of
 * names at most). */
static int pool_room(report_names *n, size_t len)
{
	char *pool = runs_room(n->pool, &n->room, n->used + len, POOL_FIRST_ROOM, SIZE_MAX);

	if (!pool)
		return -1;
	n->pool = pool;
	return 0;
}

/* The index of NAME, added if new; REPORT_NONE when out of memory. */
static uint32_t names_intern(report_names *n, const char *name)
{
	uint32_t i = report_find(n, name);
	size_t len = strlen(name) + 1, j;
	uint32_t *offset;

	if (i != REPORT_NONE)
		return i;
	if (n->count >= REPORT_NONE - 1)
		return REPORT_NONE;
	if (2 * (n->count + 1) > n->mask &&
	    index_rebuild(&n->slots, &n->mask, n->count, name_hash, n))
		return REPORT_NONE;
	offset = grow(n->offset, &n->cap, n->count, sizeof(*n->offset), 16);
	if (!offset)
		return REPORT_NONE;
	n->offset = offset;
	if (pool_room(n, len))
		return REPORT_NONE;
	memcpy(n->pool + n->used, name, len);
	n->offset[n->count] = (uint32_t)n->used;
	n->used += len;
	j = index_free_slot(n->slots, n->mask, (size_t)fnv_text(name));
	n->slots[j] = (uint32_t)++n->count;
	return (uint32_t)(n->count - 1);
}

const char *report_name(const report_names *n, uint32_t i)
{
	return i < n->count ? name_at(n, i) : NO_VALUE;
}

/* Interned NAME, looked up again only when it is not the string of index
 * *LAST (rows come in runs of the same names). */
static uint32_t intern_cached(report_names *n, uint32_t *last, const char *name)
{
	if (*last < n->count && !strcmp(name_at(n, *last), name))
		return *last;
	*last = names_intern(n, name);
	return *last;
}

/* --- datasets, instances, series, tracks ------------------------------- */

const char *report_instance(const report *r, uint32_t d, uint32_t i)
{
	return d < r->datasets.count ? report_name(&r->instances[d].names, i) : NO_VALUE;
}

/* Dataset NAME, added with its instances if new; REPORT_NONE when out of
 * memory. */
static uint32_t dataset_intern(report *r, const char *name)
{
	report_names *n = &r->datasets;
	report_instances *in;
	uint32_t d;

	if (r->last_dataset < n->count && !strcmp(name_at(n, r->last_dataset), name))
		return r->last_dataset;
	d = report_find(n, name);
	if (d == REPORT_NONE) {
		/* every dataset has its instances: room for them first */
		in = realloc(r->instances, (n->count + 1) * sizeof(*in));
		if (!in)
			return REPORT_NONE;
		r->instances = in;
		memset(&in[n->count], 0, sizeof(*in));
		d = names_intern(n, name);
	}
	r->last_dataset = d;
	return d;
}

/* Room for the instances of IN up to index I. */
static int instances_room(report_instances *in, uint32_t i)
{
	size_t cap = in->cap ? in->cap : 64;
	int16_t *ref, *shortest;

	if (i < in->cap)
		return 0;
	while (cap <= i)
		cap *= 2;
	ref = realloc(in->reference, cap * sizeof(*ref));
	if (!ref)
		return -1;
	in->reference = ref;
	shortest = realloc(in->shortest, cap * sizeof(*shortest));
	if (!shortest)
		return -1;
	in->shortest = shortest;
	for (size_t k = in->cap; k < cap; k++) {
		ref[k] = DATASET_REF_UNKNOWN;
		shortest[k] = RUN_NO_LENGTH;
	}
	in->cap = cap;
	return 0;
}

/* Instance NAME of IN, added if new; LAST the one looked at first. */
static uint32_t instance_intern(report_instances *in, uint32_t last, const char *name)
{
	uint32_t i = intern_cached(&in->names, &last, name);

	return i == REPORT_NONE || instances_room(in, i) ? REPORT_NONE : i;
}

/* What a solve row tells of its instance's optimal length. */
static void note_length(report_instances *in, uint32_t i, const report_row *v)
{
	if (v->reference != DATASET_REF_UNKNOWN)
		in->reference[i] = v->reference;
	if (v->status == RUN_UNSOLVABLE)
		in->shortest[i] = REPORT_SAID_UNSOLVABLE;
	else if (v->status == RUN_OK && in->shortest[i] != REPORT_SAID_UNSOLVABLE &&
		 (in->shortest[i] < 0 || v->length < in->shortest[i]))
		in->shortest[i] = v->length;
}

/* The series of ALGORITHM with HEURISTIC, added if new (few: a linear
 * search); REPORT_NONE when out of memory. */
static uint32_t series_intern(report *r, uint32_t algorithm, uint32_t heuristic)
{
	report_series *series;

	for (size_t i = 0; i < r->nseries; i++)
		if (r->series[i].algorithm == algorithm && r->series[i].heuristic == heuristic)
			return (uint32_t)i;
	series = grow(r->series, &r->series_cap, r->nseries, sizeof(*series), 16);
	if (!series)
		return REPORT_NONE;
	r->series = series;
	r->series[r->nseries] = (report_series){ algorithm, heuristic };
	return (uint32_t)r->nseries++;
}

static size_t track_hash(uint32_t d, uint32_t series)
{
	return (size_t)((((uint64_t)d << 32) | series) * FNV_PRIME >> 16);
}

static report_track *track_find(const report *r, uint32_t d, uint32_t series)
{
	if (!r->track_slots)
		return NULL;
	for (size_t j = track_hash(d, series) & r->track_mask; r->track_slots[j];
	     j = (j + 1) & r->track_mask) {
		report_track *t = &r->tracks[r->track_slots[j] - 1];

		if (t->dataset == d && t->series == series)
			return t;
	}
	return NULL;
}

/* The hash of track I of R (ARG), for index_rebuild. */
static size_t track_hash_at(const void *arg, size_t i)
{
	const report *r = arg;

	return track_hash(r->tracks[i].dataset, r->tracks[i].series);
}

/* The track of SERIES on dataset D, added if new; NULL when out of memory. */
static report_track *track_intern(report *r, uint32_t d, uint32_t series)
{
	report_track *t;
	size_t j;

	if (r->last_track < r->ntracks && r->tracks[r->last_track].dataset == d &&
	    r->tracks[r->last_track].series == series)
		return &r->tracks[r->last_track];
	t = track_find(r, d, series);
	if (t) {
		r->last_track = (size_t)(t - r->tracks);
		return t;
	}
	if (2 * (r->ntracks + 1) > r->track_mask &&
	    index_rebuild(&r->track_slots, &r->track_mask, r->ntracks, track_hash_at, r))
		return NULL;
	t = grow(r->tracks, &r->tracks_cap, r->ntracks, sizeof(*t), 16);
	if (!t)
		return NULL;
	r->tracks = t;
	t = &r->tracks[r->ntracks];
	memset(t, 0, sizeof(*t));
	t->dataset = d;
	t->series = series;
	j = index_free_slot(r->track_slots, r->track_mask, track_hash(d, series));
	r->track_slots[j] = (uint32_t)++r->ntracks;
	r->last_track = r->ntracks - 1;
	return t;
}

const report_track *report_track_of(const report *r, uint32_t d, uint32_t algorithm,
				    uint32_t heuristic)
{
	for (size_t i = 0; i < r->nseries; i++)
		if (r->series[i].algorithm == algorithm && r->series[i].heuristic == heuristic)
			return track_find(r, d, (uint32_t)i);
	return NULL;
}

bool report_prepared(const report *r, const char *dataset_name, const char *algorithm,
		     const char *heuristic)
{
	uint32_t d = report_find(&r->datasets, dataset_name);
	const report_track *t = d == REPORT_NONE ? NULL
				: report_track_of(r, d, report_find(&r->algorithms, algorithm),
						  report_find(&r->heuristics, heuristic));

	return t && t->prepared;
}

bool report_floor_is_round_trip(const report *r, uint32_t algorithm)
{
	return r->round_trip_ns > 0 && algorithm < r->nlong_lived && r->long_lived[algorithm];
}

double report_floor_of(const report *r, uint32_t algorithm)
{
	return report_floor_is_round_trip(r, algorithm) ? r->round_trip_ns : r->floor_ns;
}

const char *report_series_label(const report *r, uint32_t s, const char *sep, char *buf,
				size_t size)
{
	const char *a = s < r->nseries ? report_name(&r->algorithms, r->series[s].algorithm)
		       : NO_VALUE;
	const char *h = s < r->nseries ? report_name(&r->heuristics, r->series[s].heuristic)
		       : NO_VALUE;

	if (!*h || !strcmp(h, NO_VALUE))
		snprintf(buf, size, "%s", a);
	else
		snprintf(buf, size, "%s%s%s", a, sep, h);
	return buf;
}

void report_init(report *r)
{
	memset(r, 0, sizeof(*r));
	r->last_dataset = r->last_algorithm = r->last_heuristic = REPORT_NONE;
	r->last_track = SIZE_MAX;
}

void report_keep_ledger(report *r)
{
	r->ledger = true;
}

void report_release(report *r)
{
	/* the datasets' count says how many instance sets there are: first */
	for (size_t d = 0; r->instances && d < r->datasets.count; d++) {
		names_release(&r->instances[d].names);
		free(r->instances[d].reference);
		free(r->instances[d].shortest);
	}
	free(r->instances);
	names_release(&r->datasets);
	names_release(&r->algorithms);
	names_release(&r->heuristics);
	free(r->long_lived);
	free(r->series);
	for (size_t i = 0; i < r->ntracks; i++) {
		free(r->tracks[i].code);
		free(r->tracks[i].ledger);
	}
	free(r->tracks);
	free(r->track_slots);
	report_init(r);
}

static size_t names_bytes(const report_names *n)
{
	return n->room + n->cap * sizeof(*n->offset) + (n->slots ? (n->mask + 1) * sizeof(*n->slots) : 0);
}

size_t report_bytes(const report *r)
{
	size_t bytes = sizeof(*r) + names_bytes(&r->datasets) + names_bytes(&r->algorithms) +
		       names_bytes(&r->heuristics) + r->series_cap * sizeof(*r->series) +
		       r->tracks_cap * sizeof(*r->tracks) +
		       (r->track_slots ? (r->track_mask + 1) * sizeof(*r->track_slots) : 0);

	for (size_t d = 0; d < r->datasets.count; d++)
		bytes += sizeof(r->instances[d]) + names_bytes(&r->instances[d].names) +
			 r->instances[d].cap * (sizeof(int16_t) + sizeof(int16_t));
	for (size_t i = 0; i < r->ntracks; i++)
		bytes += r->tracks[i].room + r->tracks[i].ledger_len * sizeof(uint32_t);
	return bytes;
}

/* --- keeping rows ------------------------------------------------------ */

/* A status after which the runner tries an instance no more. */
static bool final_status(unsigned s)
{
	return s == RUN_TIMEOUT || s == RUN_MEMOUT || s == RUN_ERROR || s == RUN_CRASH ||
	       s == RUN_UNSUPPORTED || s == RUN_SKIPPED;
}

/* Note solve row V of instance I in T's ledger (R's duplicates). */
static int note_ledger(report *r, report_track *t, size_t count, uint32_t i, const report_row *v)
{
	uint32_t *e;

	if (i >= t->ledger_len) {
		size_t len = count > t->ledger_len * 2 ? count : t->ledger_len * 2;
		uint32_t *l = realloc(t->ledger, len * sizeof(*l));

		if (!l)
			return -1;
		memset(l + t->ledger_len, 0, (len - t->ledger_len) * sizeof(*l));
		t->ledger = l;
		t->ledger_len = len;
	}
	e = &t->ledger[i];
	if (v->repeat <= (*e & REPORT_LEDGER_REPEATS)) {
		if (!r->duplicates++)
			r->first_duplicate = *v;
	} else {
		*e = (*e & REPORT_LEDGER_FINAL) | (v->repeat & REPORT_LEDGER_REPEATS);
	}
	if (final_status(v->status))
		*e |= REPORT_LEDGER_FINAL;
	return 0;
}

int report_add(report *r, const char *dataset_name, const char *instance,
	       const char *algorithm, const char *heuristic, const report_row *row)
{
	uint32_t d = dataset_intern(r, dataset_name);
	uint32_t a = intern_cached(&r->algorithms, &r->last_algorithm, algorithm);
	uint32_t h = intern_cached(&r->heuristics, &r->last_heuristic, heuristic);
	uint32_t s = a == REPORT_NONE || h == REPORT_NONE ? REPORT_NONE : series_intern(r, a, h);
	report_track *t = d == REPORT_NONE || s == REPORT_NONE ? NULL : track_intern(r, d, s);
	report_instances *in;
	report_row v = *row;
	uint32_t i;

	if (!t)
		return -1;
	v.dataset = d;
	v.algorithm = a;
	v.heuristic = h;
	v.series = s;
	v.instance = REPORT_NONE;
	if (!instance) {
		if (!t->prepared) {
			t->prepare = v;
			t->prepared = true;
		}
		r->count++;
		r->wrong += v.status == RUN_WRONG;
		return 0;
	}
	in = &r->instances[d];
	/* the track's last instance first: a repeat names it again */
	i = instance_intern(in, t->rows ? t->last.instance : REPORT_NONE, instance);
	if (i == REPORT_NONE)
		return -1;
	v.instance = i;
	if (r->ledger && note_ledger(r, t, in->names.count, i, &v))
		return -1;
	if (runs_code_row(t, i, &v))
		return -1;
	t->counted |= run_status_answered(v.status) && !v.uncounted;
	note_length(in, i, &v);
	r->count++;
	r->wrong += v.status == RUN_WRONG;
	return 0;
}

int report_add_run(report *r, const run_row *row)
{
	const dataset_instance *in = instance_of(row);
	report_row v = {
		.repeat = row->repeat,
		.phase = (uint8_t)row->phase,
		.status = (uint8_t)row->status,
		.length = (int16_t)row->length,
		.reference = (int16_t)(in ? in->reference : DATASET_REF_UNKNOWN),
		.batch = row->batch,
		.expanded = row->expanded,
		.generated = row->generated,
		.wall_ns = row->wall_ns,
		.cpu_ns = row->cpu_ns,
		.peak_bytes = row->peak_bytes,
		.rss_bytes = row->rss_bytes,
		.uncounted = row->uncounted,
	};

	return report_add(r, row->ds->name, in ? in->id : NULL, row->algorithm->name,
			  row->heuristic, &v);
}
