#include "harness/report/anytime.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/io/csv.h"
#include "harness/io/outfile.h"
#include "harness/report/runs.h"

/* The columns of a solve's key: dataset, instance, algorithm, heuristic,
 * repeat; and all of a row. */
#define KEY_FIELDS 5
#define ANYTIME_FIELDS 8
/* Between a key's fields: a byte no name holds. */
#define KEY_SEP '\x1f'

FILE *anytime_open(const char *dir, bool append, char *err, size_t errlen)
{
	char path[4096];
	struct stat sb;
	bool fresh;
	FILE *f;

	snprintf(path, sizeof(path), "%s/anytime.csv", dir);
	fresh = !append || stat(path, &sb) || !sb.st_size;
	f = fopen(path, fresh ? "w" : "a");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fresh)
		fputs(ANYTIME_HEADER "\n", f);
	return f;
}

int anytime_clear(const char *dir, char *err, size_t errlen)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/anytime.csv", dir);
	if (unlink(path) && errno != ENOENT) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

void anytime_write_row(FILE *out, const run_row *row)
{
	for (unsigned i = 0; i < row->nanswers; i++) {
		const runner_answer *a = &row->answers[i];

		csv_write_field(out, row->ds->name);
		putc(',', out);
		csv_write_field(out, row->ds->instances[row->instance].id);
		putc(',', out);
		csv_write_field(out, row->algorithm->name);
		putc(',', out);
		csv_write_field(out, row->heuristic);
		fprintf(out, ",%u,%d,%" PRIu64 ",%" PRIu64 "\n", row->repeat, a->length, a->wall_ns,
			a->expanded);
	}
}

/* The solves' keys, sorted, for a search. */
typedef struct keys {
	char **k;
	size_t n, cap;
} keys;

/* The key of FIELDS[0..KEY_FIELDS) into BUF. */
static void key_of(char *const *fields, char *buf, size_t size)
{
	snprintf(buf, size, "%s%c%s%c%s%c%s%c%s", fields[0], KEY_SEP, fields[1], KEY_SEP, fields[2],
		 KEY_SEP, fields[3], KEY_SEP, fields[4]);
}

static int keep_key(void *arg, const report_read_row *row, char *err, size_t errlen)
{
	keys *ks = arg;
	char repeat[16], buf[CSV_MAX_LINE];
	char *fields[KEY_FIELDS];

	if (!row->instance)
		return 0; /* a preparation */
	snprintf(repeat, sizeof(repeat), "%u", (unsigned)row->v.repeat);
	fields[0] = (char *)row->dataset;
	fields[1] = (char *)row->instance;
	fields[2] = (char *)row->algorithm;
	fields[3] = (char *)row->heuristic;
	fields[4] = repeat;
	key_of(fields, buf, sizeof(buf));
	if (ks->n == ks->cap) {
		size_t cap = ks->cap ? 2 * ks->cap : 256;
		char **k = realloc(ks->k, cap * sizeof(*k));

		if (!k) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		ks->k = k;
		ks->cap = cap;
	}
	if (!(ks->k[ks->n] = strdup(buf))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ks->n++;
	return 0;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void keys_free(keys *ks)
{
	for (size_t i = 0; i < ks->n; i++)
		free(ks->k[i]);
	free(ks->k);
}

/* Copy the rows of IN (PATH; its header read) to OUT: all of them, or
 * where KS is not NULL those of a solve in KS. Returns 0, or -1 (ERR). */
static int copy_rows(FILE *in, const char *path, FILE *out, const keys *ks, char *err,
		     size_t errlen)
{
	char line[CSV_MAX_LINE], copy[CSV_MAX_LINE], key[CSV_MAX_LINE];
	char *fields[ANYTIME_FIELDS], *kp = key;
	unsigned lineno = 1;
	long len;

	while ((len = csv_read_line(in, line)) != -1) {
		lineno++;
		if (len == -2 || (memcpy(copy, line, (size_t)len + 1),
				  csv_split(copy, fields, ANYTIME_FIELDS) != ANYTIME_FIELDS)) {
			if (ks)
				continue; /* a row torn by a kill: its solve runs again */
			snprintf(err, errlen, "%s:%u: not a row of %d fields", path, lineno,
				 ANYTIME_FIELDS);
			return -1;
		}
		if (ks) {
			key_of(fields, key, sizeof(key));
			if (!ks->n || !bsearch(&kp, ks->k, ks->n, sizeof(*ks->k), by_text))
				continue;
		}
		fprintf(out, "%s\n", line);
	}
	return 0;
}

/* Open PATH and read its header: NULL (with *MISSING) where there is no
 * such file; NULL with why in ERR where it is no anytime.csv. */
static FILE *open_read(const char *path, bool *missing, char *err, size_t errlen)
{
	char line[CSV_MAX_LINE];
	FILE *f = fopen(path, "r");

	*missing = !f && errno == ENOENT;
	if (!f) {
		if (!*missing)
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (csv_read_line(f, line) < 0 || strcmp(line, ANYTIME_HEADER)) {
		snprintf(err, errlen, "%s:1: not the header of an anytime.csv (%s)", path,
			 ANYTIME_HEADER);
		fclose(f);
		return NULL;
	}
	return f;
}

int anytime_prune(const char *dir, char *err, size_t errlen)
{
	char path[4096], runs[4096];
	keys ks = { 0 };
	report_read_end end;
	outfile o;
	bool missing;
	FILE *in, *r;
	int rc = -1;

	snprintf(path, sizeof(path), "%s/anytime.csv", dir);
	in = open_read(path, &missing, err, errlen);
	if (!in)
		return missing ? 0 : -1;
	snprintf(runs, sizeof(runs), "%s/runs.csv", dir);
	r = fopen(runs, "r");
	if (!r) {
		snprintf(err, errlen, "%s: %s", runs, strerror(errno));
		fclose(in);
		return -1;
	}
	if (report_read(r, runs, true, keep_key, &ks, &end, err, errlen)) {
		fclose(r);
		goto out;
	}
	fclose(r);
	if (ks.n)
		qsort(ks.k, ks.n, sizeof(*ks.k), by_text);
	if (outfile_open(&o, path, err, errlen))
		goto out;
	fputs(ANYTIME_HEADER "\n", o.fp);
	if (copy_rows(in, path, o.fp, &ks, err, errlen)) {
		outfile_abort(&o);
		goto out;
	}
	rc = outfile_commit(&o, err, errlen);
out:
	fclose(in);
	keys_free(&ks);
	return rc;
}

int anytime_join(const char *const *dirs, size_t n, const char *out, char *err,
		 size_t errlen)
{
	char path[4096];
	outfile o;
	bool open = false, missing;

	for (size_t i = 0; i < n; i++) {
		FILE *in;

		snprintf(path, sizeof(path), "%s/anytime.csv", dirs[i]);
		in = open_read(path, &missing, err, errlen);
		if (!in && missing)
			continue;
		if (!in)
			goto fail;
		if (!open) {
			char dest[4096];

			snprintf(dest, sizeof(dest), "%s/anytime.csv", out);
			if (outfile_open(&o, dest, err, errlen)) {
				fclose(in);
				return -1;
			}
			open = true;
			fputs(ANYTIME_HEADER "\n", o.fp);
		}
		if (copy_rows(in, path, o.fp, NULL, err, errlen)) {
			fclose(in);
			goto fail;
		}
		fclose(in);
	}
	/* none: no file, not even one OUT held before */
	return open ? outfile_commit(&o, err, errlen) : anytime_clear(out, err, errlen);
fail:
	if (open)
		outfile_abort(&o);
	return -1;
}
