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
 *   columns, read again to the same rows, names and numbers. */
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
	char *f[MAX_FIELDS], *g[MAX_FIELDS], *h[MAX_FIELDS], *written = NULL;
	size_t len = 0;
	int count, want;
	FILE *out;

	memcpy(mine, line, n);
	mine[n] = '\0';
	count = csv_split(mine, f, MAX_FIELDS);
	want = ref_split(line, n, theirs, g, MAX_FIELDS);
	FUZZ_CHECK(count == want);
	if (count < 0)
		return;
	for (int k = 0; k < count; k++)
		FUZZ_CHECK(!strcmp(f[k], g[k]));
	out = open_memstream(&written, &len);
	FUZZ_CHECK(out);
	for (int k = 0; k < count; k++) {
		if (k)
			putc(',', out);
		csv_write_field(out, f[k]);
	}
	FUZZ_CHECK(!fclose(out));
	FUZZ_CHECK(len < sizeof(again));
	memcpy(again, written, len + 1);
	FUZZ_CHECK(csv_split(again, h, MAX_FIELDS) == count);
	for (int k = 0; k < count; k++)
		FUZZ_CHECK(!strcmp(h[k], f[k]));
	free(written);
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

/* Write R's rows back as runs.csv into *BUF. Returns whether every line
 * fits CSV_MAX_LINE (bench's own rows, with names of a few dozen bytes,
 * always do; a file's may not, once its fields are quoted). */
static bool write_rows(const report *r, char **buf, size_t *len)
{
	FILE *out = open_memstream(buf, len);
	bool fits = true;

	FUZZ_CHECK(out);
	fputs(REPORT_RUNS_HEADER "\n", out);
	for (size_t i = 0; i < r->count; i++) {
		const report_row *v = &r->rows[i];
		long from = ftell(out);
		char ref[16];

		csv_write_field(out, report_name(&r->datasets, v->dataset));
		putc(',', out);
		csv_write_field(out, report_name(&r->instances, v->instance));
		putc(',', out);
		csv_write_field(out, report_name(&r->algorithms, v->algorithm));
		putc(',', out);
		csv_write_field(out, report_name(&r->heuristics, v->heuristic));
		fprintf(out, ",%u,%s,%s,", v->repeat, v->phase == RUN_PREPARE ? "prepare" : "solve",
			run_status_name(v->status));
		if (v->length == RUN_NO_LENGTH)
			fputs("-", out);
		else
			fprintf(out, "%d", v->length);
		fprintf(out, ",%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",",
			dataset_format_reference(v->reference, ref, sizeof(ref)), v->expanded,
			v->generated, v->wall_ns, v->cpu_ns, v->peak_bytes);
		if (v->rss_bytes)
			fprintf(out, "%" PRIu64, v->rss_bytes);
		else
			fputs("-", out);
		fprintf(out, ",%u\n", v->batch);
		if (ftell(out) - from - 1 > LONGEST_LINE)
			fits = false;
	}
	FUZZ_CHECK(!fclose(out));
	return fits;
}

static bool same_name(const report_names *a, uint32_t i, const report_names *b, uint32_t j)
{
	return (i == REPORT_NONE) == (j == REPORT_NONE) && !strcmp(report_name(a, i), report_name(b, j));
}

static void check_same_rows(const report *a, const report *b)
{
	FUZZ_CHECK(a->count == b->count && a->nseries == b->nseries);
	for (size_t i = 0; i < a->count; i++) {
		const report_row *x = &a->rows[i], *y = &b->rows[i];

		FUZZ_CHECK(same_name(&a->datasets, x->dataset, &b->datasets, y->dataset));
		FUZZ_CHECK(same_name(&a->instances, x->instance, &b->instances, y->instance));
		FUZZ_CHECK(same_name(&a->algorithms, x->algorithm, &b->algorithms, y->algorithm));
		FUZZ_CHECK(same_name(&a->heuristics, x->heuristic, &b->heuristics, y->heuristic));
		FUZZ_CHECK(x->series == y->series && x->repeat == y->repeat && x->phase == y->phase);
		FUZZ_CHECK(x->status == y->status && x->length == y->length &&
			   x->reference == y->reference && x->batch == y->batch);
		FUZZ_CHECK(x->expanded == y->expanded && x->generated == y->generated &&
			   x->wall_ns == y->wall_ns && x->cpu_ns == y->cpu_ns &&
			   x->peak_bytes == y->peak_bytes && x->rss_bytes == y->rss_bytes);
		FUZZ_CHECK((x->phase == RUN_PREPARE) == (x->instance == REPORT_NONE));
	}
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
	char err[512] = "", *buf = NULL;
	size_t lines, rows, len = 0;
	bool must_refuse;
	report r, again;

	if (!size)
		return 0; /* fmemopen takes no empty buffer */
	scan_lines(data, size, &lines, &rows, &must_refuse);
	if (load(&r, data, size, err, sizeof(err))) {
		char *end;
		unsigned long line;

		FUZZ_CHECK(!strncmp(err, FUZZ_NAME ":", strlen(FUZZ_NAME ":")));
		line = strtoul(err + strlen(FUZZ_NAME ":"), &end, 10);
		FUZZ_CHECK(line >= 1 && line <= (lines ? lines : 1) && !strncmp(end, ": ", 2));
		report_release(&r);
		return 0;
	}
	FUZZ_CHECK(!must_refuse && r.count == rows);
	if (write_rows(&r, &buf, &len)) {
		FUZZ_CHECK(!load(&again, buf, len, err, sizeof(err)));
		check_same_rows(&r, &again);
		report_release(&again);
	}
	free(buf);
	report_release(&r);
	return 0;
}
