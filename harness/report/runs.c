#include "harness/report/runs.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"

#define PREPARE_INSTANCE "-"
#define NO_VALUE "-"
#define UNSOLVABLE_WORD "unsolvable"
/* FNV-1a, 64 bits (Fowler, Noll, Vo): offset basis and prime as published. */
#define FNV_OFFSET_BASIS 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL
#define MAX_FIELDS 64
/* The reader takes the file in blocks of this many bytes: large enough
 * that a block's one memmove (of less than a line) and fread call cost
 * nothing beside its thousand rows, small enough that the buffer is an
 * ordinary allocation, reused, not a fresh mapping each file (what made a
 * read of a small file cost 2 ms under AddressSanitizer). */
#define READ_BLOCK ((size_t)1 << 16)
/* A track's code grows by doubling up to this, then by an eighth. */
#define CODE_DOUBLING_MAX ((size_t)1 << 20)
#define CODE_FIRST_ROOM 256
#define POOL_FIRST_ROOM 1024

static const char *const phase_names[] = { [RUN_SOLVE] = "solve", [RUN_PREPARE] = "prepare" };

/* --- names ------------------------------------------------------------- */

static uint64_t hash_string(const char *s)
{
	uint64_t h = FNV_OFFSET_BASIS;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * FNV_PRIME;
	return h;
}

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
	for (size_t j = hash_string(name) & n->mask; n->slots[j]; j = (j + 1) & n->mask)
		if (!strcmp(name_at(n, n->slots[j] - 1), name))
			return n->slots[j] - 1;
	return REPORT_NONE;
}

static int names_rehash(report_names *n)
{
	size_t mask = n->mask ? 2 * n->mask + 1 : 63;
	uint32_t *slots = calloc(mask + 1, sizeof(*slots));

	if (!slots)
		return -1;
	for (size_t i = 0; i < n->count; i++) {
		size_t j = hash_string(name_at(n, i)) & mask;

		while (slots[j])
			j = (j + 1) & mask;
		slots[j] = (uint32_t)i + 1;
	}
	free(n->slots);
	n->slots = slots;
	n->mask = mask;
	return 0;
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

/* Room for LEN more bytes in N's pool (offsets are 32 bits: 4 GiB of
 * names at most). */
static int pool_room(report_names *n, size_t len)
{
	size_t room = n->room ? n->room : POOL_FIRST_ROOM;
	char *pool;

	if (n->used + len <= n->room)
		return 0;
	while (room < n->used + len)
		room *= 2;
	if (room > UINT32_MAX) {
		if (n->used + len > UINT32_MAX)
			return -1;
		room = UINT32_MAX;
	}
	pool = realloc(n->pool, room);
	if (!pool)
		return -1;
	n->pool = pool;
	n->room = room;
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
	if (2 * (n->count + 1) > n->mask && names_rehash(n))
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
	for (j = hash_string(name) & n->mask; n->slots[j]; j = (j + 1) & n->mask)
		;
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

static int tracks_rehash(report *r)
{
	size_t mask = r->track_mask ? 2 * r->track_mask + 1 : 63;
	uint32_t *slots = calloc(mask + 1, sizeof(*slots));

	if (!slots)
		return -1;
	for (size_t i = 0; i < r->ntracks; i++) {
		size_t j = track_hash(r->tracks[i].dataset, r->tracks[i].series) & mask;

		while (slots[j])
			j = (j + 1) & mask;
		slots[j] = (uint32_t)i + 1;
	}
	free(r->track_slots);
	r->track_slots = slots;
	r->track_mask = mask;
	return 0;
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
	if (2 * (r->ntracks + 1) > r->track_mask && tracks_rehash(r))
		return NULL;
	t = grow(r->tracks, &r->tracks_cap, r->ntracks, sizeof(*t), 16);
	if (!t)
		return NULL;
	r->tracks = t;
	t = &r->tracks[r->ntracks];
	memset(t, 0, sizeof(*t));
	t->dataset = d;
	t->series = series;
	for (j = track_hash(d, series) & r->track_mask; r->track_slots[j];
	     j = (j + 1) & r->track_mask)
		;
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

/* --- the code of a track's solve rows ---------------------------------- */

/* A row's first byte: its status, whether it starts a segment, and which
 * fields follow (a segment's first row has them all); its wall time
 * always follows, last. */
enum {
	TAG_STATUS = 0x0f,
	TAG_SEGMENT = 0x10, /* then the instance, less the segment before's (zigzag) */
	TAG_LENGTH = 0x20,  /* then the length + 1 */
	TAG_COUNTS = 0x40,  /* then expanded and generated */
	TAG_PEAK = 0x80,    /* then peak bytes */
};
_Static_assert(RUN_STATUS_COUNT <= TAG_STATUS + 1, "a status fits in a tag");
/* A tag and six integers of at most ten bytes each. */
#define MAX_ROW_BYTES 61

static uint8_t *put_varint(uint8_t *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	*p++ = (uint8_t)v;
	return p;
}

static const uint8_t *get_varint(const uint8_t *p, uint64_t *v)
{
	uint64_t x = 0;
	unsigned shift = 0;
	uint8_t b;

	do {
		b = *p++;
		x |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	*v = x;
	return p;
}

static uint64_t zigzag(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static int64_t unzigzag(uint64_t v)
{
	return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

/* Room for NEED more bytes of code (32-bit offsets: 4 GiB a track). */
static int code_room(report_track *t, size_t need)
{
	size_t room = t->room;
	uint8_t *code;

	if (t->len + need <= t->room)
		return 0;
	while (room < t->len + need)
		room = !room ? CODE_FIRST_ROOM : room < CODE_DOUBLING_MAX ? 2 * room : room + room / 8;
	if (room > UINT32_MAX) {
		if (t->len + need > UINT32_MAX)
			return -1;
		room = UINT32_MAX;
	}
	code = realloc(t->code, room);
	if (!code)
		return -1;
	t->code = code;
	t->room = room;
	return 0;
}

/* Code solve row V of INSTANCE at the end of T's rows. */
static int code_row(report_track *t, uint32_t instance, const report_row *v)
{
	uint8_t buf[MAX_ROW_BYTES], *p = buf + 1;
	const report_row *last = &t->last;
	bool segment = !t->rows || instance != last->instance;
	uint8_t tag = v->status;

	if (segment) {
		tag |= TAG_SEGMENT;
		p = put_varint(p, zigzag((int64_t)instance - (int64_t)last->instance));
	}
	if (segment || v->length != last->length) {
		tag |= TAG_LENGTH;
		p = put_varint(p, (uint64_t)(v->length + 1));
	}
	if (segment || v->expanded != last->expanded || v->generated != last->generated) {
		tag |= TAG_COUNTS;
		p = put_varint(p, v->expanded);
		p = put_varint(p, v->generated);
	}
	if (segment || v->peak_bytes != last->peak_bytes) {
		tag |= TAG_PEAK;
		p = put_varint(p, v->peak_bytes);
	}
	p = put_varint(p, v->wall_ns);
	buf[0] = tag;
	if (code_room(t, (size_t)(p - buf)))
		return -1;
	memcpy(t->code + t->len, buf, (size_t)(p - buf));
	t->len += (size_t)(p - buf);
	t->rows++;
	t->segments += segment;
	t->last = *v;
	t->last.instance = instance;
	return 0;
}

void report_cursor_init(report_cursor *c, const report_track *t, size_t offset,
			uint32_t instance)
{
	memset(c, 0, sizeof(*c));
	c->base = t->code;
	c->p = t->code + offset;
	c->end = t->code + t->len;
	c->row.instance = offset ? instance : 0;
	c->pinned = offset != 0;
}

bool report_cursor_next(report_cursor *c)
{
	report_coded *row = &c->row;
	uint64_t v;
	uint8_t tag;

	if (c->p >= c->end)
		return false;
	c->offset = (size_t)(c->p - c->base);
	tag = *c->p++;
	c->segment_start = tag & TAG_SEGMENT;
	if (tag & TAG_SEGMENT) {
		c->p = get_varint(c->p, &v);
		if (!c->pinned)
			row->instance = (uint32_t)((int64_t)row->instance + unzigzag(v));
		c->pinned = false;
	}
	if (tag & TAG_LENGTH) {
		c->p = get_varint(c->p, &v);
		row->length = (int16_t)((int64_t)v - 1);
	}
	if (tag & TAG_COUNTS) {
		c->p = get_varint(c->p, &row->expanded);
		c->p = get_varint(c->p, &row->generated);
	}
	if (tag & TAG_PEAK)
		c->p = get_varint(c->p, &row->peak_bytes);
	c->p = get_varint(c->p, &row->wall_ns);
	row->status = tag & TAG_STATUS;
	return true;
}

/* --- keeping rows ------------------------------------------------------ */

/* A status after which the runner tries an instance no more. */
static bool final_status(unsigned s)
{
	return s == RUN_TIMEOUT || s == RUN_MEMOUT || s == RUN_ERROR || s == RUN_CRASH ||
	       s == RUN_UNSUPPORTED;
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
	if (code_row(t, i, &v))
		return -1;
	note_length(in, i, &v);
	r->count++;
	r->wrong += v.status == RUN_WRONG;
	return 0;
}

static const dataset_instance *instance_of(const run_row *row)
{
	return row->instance == RUN_NO_INSTANCE ? NULL : &row->ds->instances[row->instance];
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
	};

	return report_add(r, row->ds->name, in ? in->id : NULL, row->algorithm->name,
			  row->heuristic, &v);
}

/* --- writing ----------------------------------------------------------- */

void report_write_run(FILE *out, const run_row *row)
{
	const dataset_instance *in = instance_of(row);
	char ref[16];

	csv_write_field(out, row->ds->name);
	putc(',', out);
	csv_write_field(out, in ? in->id : PREPARE_INSTANCE);
	putc(',', out);
	csv_write_field(out, row->algorithm->name);
	putc(',', out);
	csv_write_field(out, row->heuristic);
	fprintf(out, ",%u,%s,%s,", row->repeat, phase_names[row->phase],
		run_status_name(row->status));
	if (row->length == RUN_NO_LENGTH)
		fputs(NO_VALUE, out);
	else
		fprintf(out, "%d", row->length);
	fprintf(out, ",%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",",
		dataset_format_reference(in ? in->reference : DATASET_REF_UNKNOWN, ref, sizeof(ref)),
		row->expanded, row->generated, row->wall_ns, row->cpu_ns, row->peak_bytes);
	if (row->rss_bytes)
		fprintf(out, "%" PRIu64, row->rss_bytes);
	else
		fputs(NO_VALUE, out);
	fprintf(out, ",%u\n", row->batch);
}

/* --- reading ----------------------------------------------------------- */

/* runs.csv reading. The columns in the order a missing one is reported;
 * those after COL_REQUIRED may be missing. */
enum { COL_DATASET, COL_INSTANCE, COL_ALGORITHM, COL_HEURISTIC, COL_PHASE, COL_STATUS,
       COL_LENGTH, COL_REFERENCE, COL_WALL, COL_PEAK, COL_EXPANDED, COL_REPEAT,
       COL_GENERATED, COL_CPU, COL_REQUIRED, COL_RSS = COL_REQUIRED, COL_BATCH, NCOLS };
static const char *const column_names[NCOLS] = {
	"dataset", "instance", "algorithm", "heuristic", "phase", "status", "length",
	"reference", "wall_ns", "peak_bytes", "expanded", "repeat", "generated", "cpu_ns",
	"rss_bytes", "batch",
};

/* A reading in progress. */
typedef struct reader {
	const char *path;
	report_read_fn fn;
	void *arg;
	int col[NCOLS], ncols;
	unsigned lineno;
	bool have_header;
	uint64_t offset; /* of the line being read */
	uint64_t next;   /* of the line after it */
} reader;

/* A count: decimal digits, MIN <= value <= MAX (units_parse_count's rule,
 * read here without strtoull's locale and errno: runs.csv has millions of
 * them). */
static int parse_count(const char *s, uint64_t min, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (d > 9 || x > (UINT64_MAX - d) / 10)
			return -1;
		x = 10 * x + d;
	}
	if (x < min || x > max)
		return -1;
	*v = x;
	return 0;
}

/* A length or reference field: a number, '-', or 'unsolvable' (when
 * UNSOLVABLE_OK). */
static int parse_length(const char *s, bool unsolvable_ok, int16_t *v)
{
	uint64_t n;

	if (!strcmp(s, NO_VALUE)) {
		*v = RUN_NO_LENGTH;
		return 0;
	}
	if (unsolvable_ok && !strcmp(s, UNSOLVABLE_WORD)) {
		*v = DATASET_REF_UNSOLVABLE;
		return 0;
	}
	if (parse_count(s, 0, PB_MAX_PATH, &n))
		return -1;
	*v = (int16_t)n;
	return 0;
}

/* An optional count: '-' or empty (or no such column: COL < 0) is 0. */
static int parse_optional(char **f, int col, uint64_t max, uint64_t *v)
{
	*v = 0;
	if (col < 0 || !*f[col] || !strcmp(f[col], NO_VALUE))
		return 0;
	return parse_count(f[col], 0, max, v);
}

/* One row's fields F into V; on bad input the column that is wrong in
 * *BAD. */
static int parse_fields(char **f, const int *col, report_row *v, int *bad)
{
	static const int counts[] = { COL_EXPANDED, COL_GENERATED, COL_WALL, COL_CPU, COL_PEAK };
	uint64_t *dst[] = { &v->expanded, &v->generated, &v->wall_ns, &v->cpu_ns, &v->peak_bytes };
	uint64_t n;
	bool prepare;
	int status;

	*bad = COL_REPEAT;
	if (parse_count(f[col[COL_REPEAT]], 1, UINT32_MAX, &n))
		return -1;
	v->repeat = (uint32_t)n;
	*bad = COL_PHASE;
	prepare = !strcmp(f[col[COL_PHASE]], phase_names[RUN_PREPARE]);
	if (!prepare && strcmp(f[col[COL_PHASE]], phase_names[RUN_SOLVE]))
		return -1;
	v->phase = prepare ? RUN_PREPARE : RUN_SOLVE;
	*bad = COL_STATUS;
	/* most rows are ok */
	status = !strcmp(f[col[COL_STATUS]], run_status_name(RUN_OK)) ? RUN_OK
		 : run_status_parse(f[col[COL_STATUS]]);
	if (status < 0)
		return -1;
	v->status = (uint8_t)status;
	*bad = COL_LENGTH;
	if (parse_length(f[col[COL_LENGTH]], false, &v->length))
		return -1;
	*bad = COL_REFERENCE;
	if (parse_length(f[col[COL_REFERENCE]], true, &v->reference))
		return -1;
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		*bad = counts[i];
		if (parse_count(f[col[counts[i]]], 0, UINT64_MAX, dst[i]))
			return -1;
	}
	*bad = COL_RSS;
	if (parse_optional(f, col[COL_RSS], UINT64_MAX, &v->rss_bytes))
		return -1;
	*bad = COL_BATCH;
	if (parse_optional(f, col[COL_BATCH], UINT32_MAX, &n))
		return -1;
	/* before the batch column every measured solve was timed alone */
	v->batch = col[COL_BATCH] >= 0 ? (uint32_t)n : v->wall_ns > 0;
	return 0;
}

/* Check one row's fields F and hand it on. Returns 0, or -1 with why in
 * ERR. */
static int read_row(reader *rd, char **f, const char *line, size_t len, char *err,
		    size_t errlen)
{
	static const int named[] = { COL_DATASET, COL_ALGORITHM };
	const int *col = rd->col;
	report_read_row row = {
		.dataset = f[col[COL_DATASET]], .algorithm = f[col[COL_ALGORITHM]],
		.heuristic = f[col[COL_HEURISTIC]], .line = line, .len = len, .path = rd->path,
		.lineno = rd->lineno, .start = rd->offset, .end = rd->next,
	};
	const char *where = rd->path;
	int bad;

	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (!*f[col[named[i]]]) {
			snprintf(err, errlen, "%s:%u: empty %s", where, rd->lineno, column_names[named[i]]);
			return -1;
		}
	if (parse_fields(f, col, &row.v, &bad)) {
		if (bad == COL_PHASE)
			snprintf(err, errlen, "%s:%u: unknown phase '%s' (solve or prepare)", where,
				 rd->lineno, f[col[bad]]);
		else
			snprintf(err, errlen, "%s:%u: bad %s '%s'", where, rd->lineno, column_names[bad],
				 f[col[bad]]);
		return -1;
	}
	if (row.v.phase == RUN_SOLVE && row.v.status == RUN_OK && row.v.length == RUN_NO_LENGTH) {
		snprintf(err, errlen, "%s:%u: no length on a solve row with status 'ok'", where,
			 rd->lineno);
		return -1;
	}
	row.instance = row.v.phase == RUN_PREPARE ? NULL : f[col[COL_INSTANCE]];
	return rd->fn(rd->arg, &row, err, errlen);
}

/* Find the columns in the header F[0..n). */
static int read_header(reader *rd, char **f, int n, char *err, size_t errlen)
{
	for (int c = 0; c < NCOLS; c++) {
		rd->col[c] = csv_column(f, n, column_names[c]);
		if (rd->col[c] < 0 && c < COL_REQUIRED) {
			snprintf(err, errlen, "%s:1: no column '%s' in the header (not a runs.csv?)",
				 rd->path, column_names[c]);
			return -1;
		}
	}
	rd->ncols = n;
	rd->have_header = true;
	return 0;
}

/* One whole line LINE (LEN bytes, no line break; writable). */
static int read_line(reader *rd, char *line, size_t len, char *err, size_t errlen)
{
	char split[CSV_MAX_LINE], *f[MAX_FIELDS];
	int n;

	rd->lineno++;
	if (len && line[len - 1] == '\r')
		len--;
	line[len] = '\0';
	if (len + 1 >= CSV_MAX_LINE || memchr(line, '\0', len)) {
		snprintf(err, errlen, "%s:%u: line too long or a NUL byte (not a runs.csv?)",
			 rd->path, rd->lineno);
		return -1;
	}
	if (!len && rd->have_header)
		return 0;
	memcpy(split, line, len + 1);
	n = csv_split(split, f, MAX_FIELDS);
	if (n < 0) {
		snprintf(err, errlen, "%s:%u: more than %d fields or a quote not closed", rd->path,
			 rd->lineno, MAX_FIELDS);
		return -1;
	}
	if (!rd->have_header)
		return read_header(rd, f, n, err, errlen);
	if (n != rd->ncols) {
		snprintf(err, errlen, "%s:%u: %d fields, the header has %d", rd->path, rd->lineno, n,
			 rd->ncols);
		return -1;
	}
	return read_row(rd, f, line, len, err, errlen);
}

/* The lines of BUF[0..len) up to its last line break; the offset past
 * them into *USED. */
static int read_lines(reader *rd, char *buf, size_t len, size_t *used, char *err,
		      size_t errlen)
{
	size_t start = 0;
	char *nl;

	while ((nl = memchr(buf + start, '\n', len - start))) {
		size_t n = (size_t)(nl - (buf + start));

		rd->next = rd->offset + n + 1;
		if (read_line(rd, buf + start, n, err, errlen))
			return -1;
		rd->offset = rd->next;
		start += n + 1;
	}
	*used = start;
	return 0;
}

int report_read(FILE *in, const char *path, bool torn_ok, report_read_fn fn, void *arg,
		report_read_end *end, char *err, size_t errlen)
{
	/* a block and room for the line it cuts, and its end */
	size_t cap = READ_BLOCK + CSV_MAX_LINE + 1, fill = 0, used, got;
	char *buf = malloc(cap);
	reader rd = { .path = path, .fn = fn, .arg = arg };
	int rc = -1;

	memset(end, 0, sizeof(*end));
	if (!buf) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	while ((got = fread(buf + fill, 1, READ_BLOCK, in)) > 0) {
		fill += got;
		if (read_lines(&rd, buf, fill, &used, err, errlen))
			goto out;
		memmove(buf, buf + used, fill - used);
		fill -= used;
		if (fill >= CSV_MAX_LINE) {
			snprintf(err, errlen, "%s:%u: line too long or a NUL byte (not a runs.csv?)",
				 path, rd.lineno + 1);
			goto out;
		}
	}
	if (ferror(in)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	end->lines = rd.lineno;
	end->good = rd.offset;
	if (fill && torn_ok) {
		end->torn = true;
	} else if (fill) {
		rd.next = rd.offset + fill;
		if (read_line(&rd, buf, fill, err, errlen))
			goto out;
		end->lines = rd.lineno;
		end->good = rd.offset + fill;
	}
	if (!rd.lineno && !end->torn) {
		snprintf(err, errlen, "%s:1: empty file, expected the runs.csv header", path);
		goto out;
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

int report_read_text(const char *text, size_t len, const char *who, report_read_fn fn,
		     void *arg, char *err, size_t errlen)
{
	char header[] = REPORT_RUNS_HEADER, *f[MAX_FIELDS], *buf = malloc(len + 1);
	reader rd = { .path = who, .fn = fn, .arg = arg };
	size_t used;
	int rc;

	if (!buf) {
		snprintf(err, errlen, "%s: out of memory", who);
		return -1;
	}
	read_header(&rd, f, csv_split(header, f, MAX_FIELDS), err, errlen);
	memcpy(buf, text, len);
	rc = read_lines(&rd, buf, len, &used, err, errlen);
	if (!rc && used != len) {
		snprintf(err, errlen, "%s: a row with no line break", who);
		rc = -1;
	}
	free(buf);
	return rc;
}

int report_keep_read(void *arg, const report_read_row *row, char *err, size_t errlen)
{
	if (report_add(arg, row->dataset, row->instance, row->algorithm, row->heuristic, &row->v)) {
		snprintf(err, errlen, "%s:%u: out of memory", row->path, row->lineno);
		return -1;
	}
	return 0;
}

int report_load_stream(report *r, FILE *in, const char *path, char *err, size_t errlen)
{
	report_read_end end;

	return report_read(in, path, false, report_keep_read, r, &end, err, errlen);
}

int report_load(report *r, const char *path, char *err, size_t errlen)
{
	FILE *in = fopen(path, "r");
	int rc;

	if (!in) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = report_load_stream(r, in, path, err, errlen);
	fclose(in);
	return rc;
}
