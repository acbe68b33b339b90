/* runs.csv (runs.h): its one writer (a run's rows as the runner makes
 * them) and its one reader (the header's columns found, each row parsed
 * and checked, then handed to a callback: report_keep_read keeps it in a
 * report). */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"
#include "harness/report/runs_int.h"

#define PREPARE_INSTANCE "-"
#define UNSOLVABLE_WORD "unsolvable"
#define MAX_FIELDS 64
/* The reader takes the file in blocks of this many bytes: large enough
 * that a block's one memmove (of less than a line) and fread call cost
 * nothing beside its thousand rows, small enough that the buffer is an
 * ordinary allocation, reused, not a fresh mapping each file (what made a
 * read of a small file cost 2 ms under AddressSanitizer). */
#define READ_BLOCK ((size_t)1 << 16)

static const char *const phase_names[] = { [RUN_SOLVE] = "solve", [RUN_PREPARE] = "prepare" };

/* --- writing ----------------------------------------------------------- */

/* NOTE as one field of one line: a line break or other control character
 * in it (from a program's message) becomes a blank. */
static void write_note(FILE *out, const char *note)
{
	char line[CSV_MAX_LINE / 4];
	size_t n = 0;

	for (; *note && n + 1 < sizeof(line); note++)
		line[n++] = (unsigned char)*note < ' ' ? ' ' : *note;
	line[n] = '\0';
	csv_write_field(out, line);
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
	fprintf(out, ",%s,", dataset_format_reference(in ? in->reference : DATASET_REF_UNKNOWN, ref,
						       sizeof(ref)));
	if (row->uncounted)
		fputs(NO_VALUE "," NO_VALUE, out);
	else
		fprintf(out, "%" PRIu64 ",%" PRIu64, row->expanded, row->generated);
	fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",", row->wall_ns, row->cpu_ns,
		row->peak_bytes);
	if (row->rss_bytes)
		fprintf(out, "%" PRIu64, row->rss_bytes);
	else
		fputs(NO_VALUE, out);
	fprintf(out, ",%u,", row->batch);
	write_note(out, row->note ? row->note : "");
	putc('\n', out);
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
	/* the node counts first: '-' for both skips them */
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
	/* a program that gives no node counts: '-' in both */
	v->uncounted = !strcmp(f[col[COL_EXPANDED]], NO_VALUE) &&
		       !strcmp(f[col[COL_GENERATED]], NO_VALUE);
	for (size_t i = v->uncounted ? 2 : 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
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
