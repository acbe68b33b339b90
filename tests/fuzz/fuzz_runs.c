/* libFuzzer target: runs.csv as plot, compare, merge, report and
 * --resume read it (harness/report/runs.c, the one reader, through
 * report_load_stream; harness/io/csv.c under it), on any bytes.
 *
 * - Each line is split by csv_split as a slow RFC 4180 splitter here splits
 *   it (a quoted field with "" for a quote, a quote inside an unquoted
 *   field taken as it is, at most 64 fields); fields it accepts, written
 *   back by csv_write_field, split to the same fields.
 * - A file that is refused says "fuzz.csv:LINE: what is wrong", LINE
 *   one of its lines; one with a NUL byte or a line past CSV_MAX_LINE is
 *   refused.
 * - An accepted file holds a row for each of its lines after the header
 *   that is not empty; its rows, written back here in REPORT_RUNS_HEADER's
 *   columns, read again to the same rows, names and numbers.
 * - The compact form a report keeps them in (report_load_stream) decodes,
 *   track by track, to what the statistics need of those rows. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "harness/io/csv.h"
#include "harness/io/dataset.h"
#include "harness/report/runs.h"

#define FUZZ_NAME "fuzz.csv"
#define MAX_FIELDS 64
/* The longest line csv_read_line takes, its line break not counted. */
#define LONGEST_LINE (CSV_MAX_LINE - 1)

/* The reference splitter: LINE[0..n) into FIELDS (each a copy in OUT),
 * or -1. */
static int ref_split(const char *line, size_t n, char *out, char **fields, int max)
{
	size_t i = 0;
	int count = 0;

	for (;;) {
		if (count == max)
			return -1;
		fields[count++] = out;
		if (i < n && line[i] == '"') {
			for (i++;; i++) {
				if (i == n)
					return -1;
				if (line[i] == '"' && i + 1 < n && line[i + 1] == '"')
					*out++ = line[i++];
				else if (line[i] == '"')
					break;
				else
					*out++ = line[i];
			}
			i++;
			if (i < n && line[i] != ',')
				return -1;
		} else {
			while (i < n && line[i] != ',')
				*out++ = line[i++];
		}
		*out++ = '\0';
		if (i == n)
			return count;
		i++;
	}
}

/* csv_split on the line LINE[0..n) against the reference, and the round
 * trip of what it accepts. */
static void check_split(const char *line, size_t n)
{
	static char mine[CSV_MAX_LINE], theirs[2 * CSV_MAX_LINE], again[8 * CSV_MAX_LINE];
	char *f[MAX_FIELDS], *g[MAX_FIELDS], *h[MAX_FIELDS];
	static FILE *out;
	long len;
	int count, want;

	memcpy(mine, line, n);
	mine[n] = '\0';
	count = csv_split(mine, f, MAX_FIELDS);
	want = ref_split(line, n, theirs, g, MAX_FIELDS);
	FUZZ_CHECK(count == want);
	if (count < 0)
		return;
	for (int k = 0; k < count; k++)
		FUZZ_CHECK(!strcmp(f[k], g[k]));
	/* written straight into AGAIN, unbuffered, by one stream opened once
	 * and rewound for each line (a field at most doubles, with its
	 * quotes) */
	if (!out) {
		out = fmemopen(again, sizeof(again), "w");
		FUZZ_CHECK(out && !setvbuf(out, NULL, _IONBF, 0));
	}
	FUZZ_CHECK(!fseek(out, 0, SEEK_SET));
	for (int k = 0; k < count; k++) {
		if (k)
			putc(',', out);
		csv_write_field(out, f[k]);
	}
	len = ftell(out);
	FUZZ_CHECK(!ferror(out));
	FUZZ_CHECK(len >= 0 && (size_t)len < sizeof(again));
	again[len] = '\0';
	FUZZ_CHECK(csv_split(again, h, MAX_FIELDS) == count);
	for (int k = 0; k < count; k++)
		FUZZ_CHECK(!strcmp(h[k], f[k]));
}

/* The lines of DATA[0..size) as the reference reads them: split at LF,
 * one CR before it dropped, a last line without LF kept. Checks each
 * (check_split) and counts the lines and the rows (lines after the first
 * that are not empty); whether the reader must refuse the file (a NUL
 * or a line too long) in *MUST_REFUSE. */
static void scan_lines(const uint8_t *data, size_t size, size_t *lines, size_t *rows,
		       bool *must_refuse)
{
	size_t at = 0;

	*lines = *rows = 0;
	*must_refuse = memchr(data, '\0', size) != NULL;
	while (at < size) {
		const uint8_t *nl = memchr(data + at, '\n', size - at);
		size_t end = nl ? (size_t)(nl - data) : size, n = end - at;

		if (n > LONGEST_LINE)
			*must_refuse = true;
		if (n && data[at + n - 1] == '\r')
			n--;
		++*lines;
		if (*lines > 1 && n)
			++*rows;
		if (!*must_refuse)
			check_split((const char *)data + at, n);
		at = end + 1;
	}
}

/* The rows as the reader hands them over, copied: their names into one
 * pool (kept from input to input, so that a row costs no allocation). */
#define NO_NAME SIZE_MAX

typedef struct got_row {
	size_t name[4]; /* in the pool: dataset, instance (NO_NAME: a
			 * preparation), algorithm, heuristic */
	report_row v;
} got_row;

typedef struct got {
	got_row *rows;
	size_t count, cap;
	char *pool;
	size_t used, room;
} got;

static const char *name_of(const got *g, const got_row *k, int i)
{
	return k->name[i] == NO_NAME ? NULL : g->pool + k->name[i];
}

static size_t copy_name(got *g, const char *s)
{
	size_t n = s ? strlen(s) + 1 : 0, at = g->used;

	if (!s)
		return NO_NAME;
	if (g->used + n > g->room) {
		g->room = 2 * (g->used + n);
		g->pool = realloc(g->pool, g->room);
		FUZZ_CHECK(g->pool);
	}
	memcpy(g->pool + at, s, n);
	g->used += n;
	return at;
}

/* A report_read_fn: keep a copy of ROW in ARG (a got). */
static int collect(void *arg, const report_read_row *row, char *err, size_t errlen)
{
	got *g = arg;
	got_row *k;

	(void)err;
	(void)errlen;
	if (g->count == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 16;
		g->rows = realloc(g->rows, g->cap * sizeof(*g->rows));
		FUZZ_CHECK(g->rows);
	}
	k = &g->rows[g->count++];
	k->name[0] = copy_name(g, row->dataset);
	k->name[1] = copy_name(g, row->instance);
	k->name[2] = copy_name(g, row->algorithm);
	k->name[3] = copy_name(g, row->heuristic);
	k->v = row->v;
	return 0;
}

/* Write G's rows back as runs.csv into *BUF. Returns whether every line
 * fits CSV_MAX_LINE (bench's own rows, with names of a few dozen bytes,
 * always do; a file's may not, once its fields are quoted). */
static bool write_rows(const got *g, char **buf, size_t *len)
{
	FILE *out = open_memstream(buf, len);
	bool fits = true;

	FUZZ_CHECK(out);
	fputs(REPORT_RUNS_HEADER "\n", out);
	for (size_t i = 0; i < g->count; i++) {
		const report_row *v = &g->rows[i].v;
		long from = ftell(out);
		char ref[16];

		for (int k = 0; k < 4; k++) {
			if (k)
				putc(',', out);
			csv_write_field(out, name_of(g, &g->rows[i], k) ? name_of(g, &g->rows[i], k) : "-");
		}
		fprintf(out, ",%u,%s,%s,", v->repeat, v->phase == RUN_PREPARE ? "prepare" : "solve",
			run_status_name(v->status));
		if (v->length == RUN_NO_LENGTH)
			fputs("-", out);
		else
			fprintf(out, "%d", v->length);
		fprintf(out, ",%s,", dataset_format_reference(v->reference, ref, sizeof(ref)));
		if (v->uncounted)
			fputs("-,-", out);
		else
			fprintf(out, "%" PRIu64 ",%" PRIu64, v->expanded, v->generated);
		fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",", v->wall_ns, v->cpu_ns,
			v->peak_bytes);
		if (v->rss_bytes)
			fprintf(out, "%" PRIu64, v->rss_bytes);
		else
			fputs("-", out);
		/* the note is not kept: an empty one */
		fprintf(out, ",%u,\n", v->batch);
		if (ftell(out) - from - 1 > LONGEST_LINE)
			fits = false;
	}
	FUZZ_CHECK(!fclose(out));
	return fits;
}

static void check_same_rows(const got *a, const got *b)
{
	FUZZ_CHECK(a->count == b->count);
	for (size_t i = 0; i < a->count; i++) {
		const report_row *x = &a->rows[i].v, *y = &b->rows[i].v;

		for (int k = 0; k < 4; k++) {
			const char *p = name_of(a, &a->rows[i], k), *q = name_of(b, &b->rows[i], k);

			FUZZ_CHECK(!p == !q && (!p || !strcmp(p, q)));
		}
		FUZZ_CHECK(x->repeat == y->repeat && x->phase == y->phase);
		FUZZ_CHECK(x->status == y->status && x->length == y->length &&
			   x->reference == y->reference && x->batch == y->batch);
		FUZZ_CHECK(x->expanded == y->expanded && x->generated == y->generated &&
			   x->wall_ns == y->wall_ns && x->cpu_ns == y->cpu_ns &&
			   x->peak_bytes == y->peak_bytes && x->rss_bytes == y->rss_bytes &&
			   x->uncounted == y->uncounted);
		FUZZ_CHECK((x->phase == RUN_PREPARE) == (a->rows[i].name[1] == NO_NAME));
	}
}

/* The compact form R keeps holds, track by track in order, exactly what
 * the statistics need of the rows G the reader handed over. */
static void check_kept(const report *r, const got *g)
{
	report_cursor *cur = calloc(r->ntracks + 1, sizeof(*cur));
	size_t solves = 0;

	FUZZ_CHECK(cur && r->count == g->count);
	for (size_t t = 0; t < r->ntracks; t++)
		report_cursor_init(&cur[t], &r->tracks[t], 0, 0);
	for (size_t i = 0; i < g->count; i++) {
		const got_row *k = &g->rows[i];
		uint32_t d = report_find(&r->datasets, name_of(g, k, 0));
		const report_track *t = report_track_of(r, d, report_find(&r->algorithms, name_of(g, k, 2)),
							report_find(&r->heuristics, name_of(g, k, 3)));
		report_cursor *c;

		FUZZ_CHECK(d != REPORT_NONE && t);
		if (k->name[1] == NO_NAME) {
			FUZZ_CHECK(t->prepared);
			continue;
		}
		solves++;
		c = &cur[t - r->tracks];
		FUZZ_CHECK(report_cursor_next(c));
		FUZZ_CHECK(!strcmp(report_instance(r, d, c->row.instance), name_of(g, k, 1)));
		FUZZ_CHECK(c->row.status == k->v.status && c->row.length == k->v.length);
		FUZZ_CHECK(c->row.expanded == k->v.expanded && c->row.generated == k->v.generated &&
			   c->row.peak_bytes == k->v.peak_bytes && c->row.wall_ns == k->v.wall_ns);
	}
	for (size_t t = 0; t < r->ntracks; t++) {
		FUZZ_CHECK(!report_cursor_next(&cur[t]));
		solves -= r->tracks[t].rows;
	}
	FUZZ_CHECK(solves == 0);
	free(cur);
}

/* Read DATA[0..size) with the reader into G; returns as report_read. */
static int read_rows(got *g, const void *data, size_t size, char *err, size_t errlen)
{
	FILE *in = fmemopen((void *)data, size, "r");
	report_read_end end;
	int rc;

	FUZZ_CHECK(in);
	g->count = g->used = 0; /* the rows and pool of the last input reused */
	rc = report_read(in, FUZZ_NAME, false, collect, g, &end, err, errlen);
	fclose(in);
	return rc;
}

static int load(report *r, const void *data, size_t size, char *err, size_t errlen)
{
	FILE *in = fmemopen((void *)data, size, "r");
	int rc;

	FUZZ_CHECK(in);
	report_init(r);
	rc = report_load_stream(r, in, FUZZ_NAME, err, errlen);
	fclose(in);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static got g, again; /* their buffers kept from input to input */
	char err[512] = "", *buf = NULL;
	size_t lines, rows, len = 0;
	bool must_refuse;
	report r;

	if (!size)
		return 0; /* fmemopen takes no empty buffer */
	scan_lines(data, size, &lines, &rows, &must_refuse);
	if (read_rows(&g, data, size, err, sizeof(err))) {
		char *end;
		unsigned long line;

		FUZZ_CHECK(!strncmp(err, FUZZ_NAME ":", strlen(FUZZ_NAME ":")));
		line = strtoul(err + strlen(FUZZ_NAME ":"), &end, 10);
		FUZZ_CHECK(line >= 1 && line <= (lines ? lines : 1) && !strncmp(end, ": ", 2));
		return 0;
	}
	FUZZ_CHECK(!must_refuse && g.count == rows);
	FUZZ_CHECK(!load(&r, data, size, err, sizeof(err)));
	check_kept(&r, &g);
	report_release(&r);
	if (write_rows(&g, &buf, &len)) {
		FUZZ_CHECK(!read_rows(&again, buf, len, err, sizeof(err)));
		check_same_rows(&g, &again);
	}
	free(buf);
	return 0;
}
