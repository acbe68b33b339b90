#include "harness/report/runs.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"
#include "harness/io/units.h"

#define PREPARE_INSTANCE "-"
#define NO_VALUE "-"
#define UNSOLVABLE_WORD "unsolvable"
/* FNV-1a, 64 bits (Fowler, Noll, Vo): offset basis and prime as published. */
#define FNV_OFFSET_BASIS 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL
#define MAX_FIELDS 64

static const char *const phase_names[] = { [RUN_SOLVE] = "solve", [RUN_PREPARE] = "prepare" };

static uint64_t hash_string(const char *s)
{
	uint64_t h = FNV_OFFSET_BASIS;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * FNV_PRIME;
	return h;
}

static void names_release(report_names *n)
{
	for (size_t i = 0; i < n->count; i++)
		free(n->names[i]);
	free(n->names);
	free(n->slots);
	memset(n, 0, sizeof(*n));
}

uint32_t report_find(const report_names *n, const char *name)
{
	if (!n->slots)
		return REPORT_NONE;
	for (size_t j = hash_string(name) & n->mask; n->slots[j]; j = (j + 1) & n->mask)
		if (!strcmp(n->names[n->slots[j] - 1], name))
			return n->slots[j] - 1;
	return REPORT_NONE;
}

static int names_grow(report_names *n)
{
	size_t mask = n->mask ? 2 * n->mask + 1 : 63;
	uint32_t *slots = calloc(mask + 1, sizeof(*slots));

	if (!slots)
		return -1;
	for (size_t i = 0; i < n->count; i++) {
		size_t j = hash_string(n->names[i]) & mask;

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

/* The index of NAME, added if new; REPORT_NONE when out of memory. */
static uint32_t names_intern(report_names *n, const char *name)
{
	uint32_t i = report_find(n, name);
	char **names;
	size_t j;

	if (i != REPORT_NONE)
		return i;
	if (n->count == REPORT_NONE - 1)
		return REPORT_NONE;
	if (2 * (n->count + 1) > n->mask && names_grow(n))
		return REPORT_NONE;
	names = grow(n->names, &n->cap, n->count, sizeof(*n->names), 16);
	if (!names)
		return REPORT_NONE;
	n->names = names;
	n->names[n->count] = strdup(name);
	if (!n->names[n->count])
		return REPORT_NONE;
	for (j = hash_string(name) & n->mask; n->slots[j]; j = (j + 1) & n->mask)
		;
	n->slots[j] = (uint32_t)++n->count;
	return (uint32_t)(n->count - 1);
}

const char *report_name(const report_names *n, uint32_t i)
{
	return i < n->count ? n->names[i] : NO_VALUE;
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
}

void report_release(report *r)
{
	names_release(&r->datasets);
	names_release(&r->instances);
	names_release(&r->algorithms);
	names_release(&r->heuristics);
	free(r->series);
	free(r->rows);
	memset(r, 0, sizeof(*r));
}

int report_add(report *r, const char *dataset_name, const char *instance,
	       const char *algorithm, const char *heuristic, const report_row *row)
{
	report_row *p = grow(r->rows, &r->cap, r->count, sizeof(*p), 256);

	if (!p)
		return -1;
	r->rows = p;
	p = &r->rows[r->count];
	*p = *row;
	p->dataset = names_intern(&r->datasets, dataset_name);
	p->instance = instance ? names_intern(&r->instances, instance) : REPORT_NONE;
	p->algorithm = names_intern(&r->algorithms, algorithm);
	p->heuristic = names_intern(&r->heuristics, heuristic);
	if (p->dataset == REPORT_NONE || (instance && p->instance == REPORT_NONE) ||
	    p->algorithm == REPORT_NONE || p->heuristic == REPORT_NONE)
		return -1;
	p->series = series_intern(r, p->algorithm, p->heuristic);
	if (p->series == REPORT_NONE)
		return -1;
	r->count++;
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
	if (units_parse_count(s, 0, PB_MAX_PATH, &n))
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
	return units_parse_count(f[col], 0, max, v);
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
	if (units_parse_count(f[col[COL_REPEAT]], 1, UINT32_MAX, &n))
		return -1;
	v->repeat = (uint32_t)n;
	*bad = COL_PHASE;
	prepare = !strcmp(f[col[COL_PHASE]], phase_names[RUN_PREPARE]);
	if (!prepare && strcmp(f[col[COL_PHASE]], phase_names[RUN_SOLVE]))
		return -1;
	v->phase = prepare ? RUN_PREPARE : RUN_SOLVE;
	*bad = COL_STATUS;
	status = run_status_parse(f[col[COL_STATUS]]);
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
		if (units_parse_count(f[col[counts[i]]], 0, UINT64_MAX, dst[i]))
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

/* Check one row's fields F and keep it. Returns 0, or -1 with why in ERR. */
static int load_row(report *r, char **f, const int *col, const char *where, char *err,
		    size_t errlen)
{
	static const int named[] = { COL_DATASET, COL_ALGORITHM };
	report_row v = { 0 };
	int bad;

	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (!*f[col[named[i]]]) {
			snprintf(err, errlen, "%s: empty %s", where, column_names[named[i]]);
			return -1;
		}
	if (parse_fields(f, col, &v, &bad)) {
		if (bad == COL_PHASE)
			snprintf(err, errlen, "%s: unknown phase '%s' (solve or prepare)", where,
				 f[col[bad]]);
		else
			snprintf(err, errlen, "%s: bad %s '%s'", where, column_names[bad], f[col[bad]]);
		return -1;
	}
	if (v.phase == RUN_SOLVE && v.status == RUN_OK && v.length == RUN_NO_LENGTH) {
		snprintf(err, errlen, "%s: no length on a solve row with status 'ok'", where);
		return -1;
	}
	if (report_add(r, f[col[COL_DATASET]], v.phase == RUN_PREPARE ? NULL : f[col[COL_INSTANCE]],
		       f[col[COL_ALGORITHM]], f[col[COL_HEURISTIC]], &v)) {
		snprintf(err, errlen, "%s: out of memory", where);
		return -1;
	}
	return 0;
}

/* Find the columns in the header F[0..n). */
static int load_header(char **f, int n, int *col, const char *path, char *err, size_t errlen)
{
	for (int c = 0; c < NCOLS; c++) {
		col[c] = csv_column(f, n, column_names[c]);
		if (col[c] < 0 && c < COL_REQUIRED) {
			snprintf(err, errlen, "%s:1: no column '%s' in the header (not a runs.csv?)",
				 path, column_names[c]);
			return -1;
		}
	}
	return 0;
}

int report_load_stream(report *r, FILE *in, const char *path, char *err, size_t errlen)
{
	char line[CSV_MAX_LINE], *f[MAX_FIELDS], where[PATH_MAX + 16];
	int col[NCOLS], n, ncols = 0;
	unsigned lineno = 0;
	long len;

	while ((len = csv_read_line(in, line)) != -1) {
		lineno++;
		snprintf(where, sizeof(where), "%s:%u", path, lineno);
		if (len == -2) {
			snprintf(err, errlen, "%s: line too long or a NUL byte (not a runs.csv?)", where);
			return -1;
		}
		if (!len && lineno > 1)
			continue;
		n = csv_split(line, f, MAX_FIELDS);
		if (n < 0) {
			snprintf(err, errlen, "%s: more than %d fields or a quote not closed", where,
				 MAX_FIELDS);
			return -1;
		}
		if (lineno == 1) {
			if (load_header(f, n, col, path, err, errlen))
				return -1;
			ncols = n;
		} else if (n != ncols) {
			snprintf(err, errlen, "%s: %d fields, the header has %d", where, n, ncols);
			return -1;
		} else if (load_row(r, f, col, where, err, errlen)) {
			return -1;
		}
	}
	if (ferror(in)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!lineno) {
		snprintf(err, errlen, "%s:1: empty file, expected the runs.csv header", path);
		return -1;
	}
	return 0;
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
