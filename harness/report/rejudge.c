#include "harness/report/rejudge.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/engine/outside.h"
#include "harness/io/csv.h"
#include "harness/io/dataset.h"
#include "harness/io/outfile.h"
#include "harness/report/runs.h"

#define KEY_SEP '\x1f'
#define MAX_FIELDS 32

/* An ok answer to an instance with no reference: its instance's key
 * (dataset, instance), its length, and where it is a suboptimal solver's,
 * its bound, its offset and its line (else NULL). */
typedef struct answer {
	char *key;
	int length;
	double bound;
	uint64_t start;
	char *line;
} answer;

typedef struct pass {
	answer *a;
	size_t n, cap;
	/* the bounds of the solvers met, by name */
	struct known {
		char *name;
		double bound;
	} known[64];
	size_t nknown;
} pass;

/* The bound of the solver called NAME: 1 where it is optimal or not
 * found. */
static double bound_of(pass *p, const char *name)
{
	char why[256];
	const pb_solver *s;
	double b;

	for (size_t i = 0; i < p->nknown; i++)
		if (!strcmp(p->known[i].name, name))
			return p->known[i].bound;
	s = outside_solver_lookup(name, why, sizeof(why));
	b = s ? pb_solver_bound(s) : 1;
	if (p->nknown < sizeof(p->known) / sizeof(p->known[0]) &&
	    (p->known[p->nknown].name = strdup(name)))
		p->known[p->nknown++].bound = b;
	return b;
}

static int keep(void *arg, const report_read_row *row, char *err, size_t errlen)
{
	pass *p = arg;
	answer *a;
	size_t len;

	if (!row->instance || row->v.status != RUN_OK || row->v.reference != DATASET_REF_UNKNOWN ||
	    row->v.length < 0)
		return 0;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 256;
		answer *x = realloc(p->a, cap * sizeof(*x));

		if (!x)
			goto oom;
		p->a = x;
		p->cap = cap;
	}
	a = &p->a[p->n];
	memset(a, 0, sizeof(*a));
	len = strlen(row->dataset) + strlen(row->instance) + 2;
	if (!(a->key = malloc(len)))
		goto oom;
	snprintf(a->key, len, "%s%c%s", row->dataset, KEY_SEP, row->instance);
	a->length = row->v.length;
	a->bound = bound_of(p, row->algorithm);
	if (a->bound > 1) {
		a->start = row->start;
		if (!(a->line = strndup(row->line, row->len))) {
			free(a->key);
			goto oom;
		}
	}
	p->n++;
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
	return -1;
}

static int by_key(const void *x, const void *y)
{
	const answer *a = x, *b = y;
	int d = strcmp(a->key, b->key);

	return d ? d : (a->start > b->start) - (a->start < b->start);
}

static int by_start(const void *x, const void *y)
{
	const answer *a = x, *b = y;

	return (a->start > b->start) - (a->start < b->start);
}

static void pass_free(pass *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->a[i].key);
		free(p->a[i].line);
	}
	free(p->a);
	for (size_t i = 0; i < p->nknown; i++)
		free(p->known[i].name);
}

/* LINE (a row of runs.csv whose status and note are the columns STATUS
 * and NOTE) to OUT as 'wrong' with NOTE_TEXT. Returns 0, or -1. */
static int write_wrong(FILE *out, char *line, int status, int note, const char *note_text)
{
	char *f[MAX_FIELDS];
	int n = csv_split(line, f, MAX_FIELDS);

	if (n <= status || n <= note)
		return -1;
	for (int i = 0; i < n; i++) {
		if (i)
			putc(',', out);
		csv_write_field(out, i == status ? "wrong" : i == note ? note_text : f[i]);
	}
	putc('\n', out);
	return 0;
}

/* The columns of status and note in PATH's header. */
static int columns(const char *path, int *status, int *note, char *err, size_t errlen)
{
	char line[CSV_MAX_LINE], *f[MAX_FIELDS];
	FILE *in = fopen(path, "r");
	int n;

	if (!in) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	n = csv_read_line(in, line) < 0 ? -1 : csv_split(line, f, MAX_FIELDS);
	fclose(in);
	*status = n > 0 ? csv_column(f, n, "status") : -1;
	*note = n > 0 ? csv_column(f, n, "note") : -1;
	if (*status < 0 || *note < 0) {
		snprintf(err, errlen, "%s:1: no status or note column", path);
		return -1;
	}
	return 0;
}

/* Copy PATH to a new file over it, each row of BAD (sorted by offset)
 * rewritten. Returns 0, or -1 with why in ERR. */
static int rewrite(const char *path, answer *const *bad, size_t nbad, char *err, size_t errlen)
{
	int status, note;
	outfile o;
	FILE *in;
	uint64_t at = 0;
	int c;

	if (columns(path, &status, &note, err, errlen))
		return -1;
	if (!(in = fopen(path, "r"))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (outfile_open(&o, path, err, errlen)) {
		fclose(in);
		return -1;
	}
	for (size_t i = 0; i < nbad; i++) {
		const answer *a = bad[i];
		char text[200];

		for (; at < a->start && (c = getc(in)) != EOF; at++)
			putc(c, o.fp);
		/* past the old line, to its line break */
		while ((c = getc(in)) != EOF && c != '\n')
			at++;
		at++;
		snprintf(text, sizeof(text), "%d moves, more than %g times the run's best answer "
			 "(the dataset has no reference)", a->length, a->bound);
		if (write_wrong(o.fp, a->line, status, note, text)) {
			snprintf(err, errlen, "%s: a row that is not as its header says", path);
			goto fail;
		}
	}
	while ((c = getc(in)) != EOF)
		putc(c, o.fp);
	if (ferror(in)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	fclose(in);
	return outfile_commit(&o, err, errlen);
fail:
	fclose(in);
	outfile_abort(&o);
	return -1;
}

int rejudge_by_best(const char *dir, size_t *changed, char *err, size_t errlen)
{
	char path[4096];
	pass p = { 0 };
	report_read_end end;
	answer **bad = NULL;
	size_t nbad = 0;
	FILE *in;
	int rc;

	*changed = 0;
	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	if (!(in = fopen(path, "r"))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = report_read(in, path, true, keep, &p, &end, err, errlen);
	fclose(in);
	if (rc)
		goto out;
	/* the best of each instance: the first of its answers by length */
	if (p.n)
		qsort(p.a, p.n, sizeof(*p.a), by_key);
	bad = malloc((p.n ? p.n : 1) * sizeof(*bad));
	if (!bad) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
		goto out;
	}
	for (size_t i = 0, j; i < p.n; i = j) {
		int best = p.a[i].length;

		for (j = i; j < p.n && !strcmp(p.a[j].key, p.a[i].key); j++)
			best = p.a[j].length < best ? p.a[j].length : best;
		for (size_t k = i; k < j; k++)
			if (p.a[k].line && !pb_within_bound(p.a[k].length, best, p.a[k].bound))
				bad[nbad++] = &p.a[k];
	}
	if (nbad) {
		answer *sorted = malloc(nbad * sizeof(*sorted));

		if (!sorted) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
			goto out;
		}
		for (size_t i = 0; i < nbad; i++)
			sorted[i] = *bad[i];
		qsort(sorted, nbad, sizeof(*sorted), by_start);
		for (size_t i = 0; i < nbad; i++)
			bad[i] = &sorted[i];
		rc = rewrite(path, bad, nbad, err, errlen);
		free(sorted);
		if (!rc)
			*changed = nbad;
	}
out:
	free(bad);
	pass_free(&p);
	return rc;
}
