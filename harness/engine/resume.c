#include "harness/engine/resume.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"
#include "harness/io/meta_read.h"
#include "harness/io/outfile.h"

#define FIELDS_MAX 64

/* The status field of a runs.csv LINE (split in place), or NULL. */
static const char *status_of(char *line, int status_col)
{
	char *f[FIELDS_MAX];
	int n = csv_split(line, f, FIELDS_MAX);

	return n > status_col ? f[status_col] : NULL;
}

/* Copy IN's header and finished rows to OUT. Returns 0, or -1 with ERR. */
static int copy_kept(FILE *in, FILE *out, const char *path, char *err, size_t errlen)
{
	char *line = NULL, *f[FIELDS_MAX];
	size_t cap = 0;
	ssize_t len;
	unsigned lineno = 0;
	int status_col = -1, rc = 0;

	while ((len = getline(&line, &cap, in)) > 0) {
		char copy[CSV_MAX_LINE];
		const char *status;

		lineno++;
		if (line[len - 1] != '\n')
			break; /* torn: the row was being written */
		if ((size_t)len >= sizeof(copy) || memchr(line, '\0', (size_t)len)) {
			snprintf(err, errlen, "%s:%u: line too long or a NUL byte (not a runs.csv?)",
				 path, lineno);
			rc = -1;
			break;
		}
		memcpy(copy, line, (size_t)len);
		copy[len - 1] = '\0';
		if (lineno == 1) {
			if (strcmp(copy, REPORT_RUNS_HEADER)) {
				snprintf(err, errlen, "%s:1: not the header this bench writes "
					 "(another version's run?)", path);
				rc = -1;
				break;
			}
			status_col = csv_column(f, csv_split(copy, f, FIELDS_MAX), "status");
		} else {
			status = status_of(copy, status_col);
			if (status && !strcmp(status, run_status_name(RUN_INTERRUPTED)))
				continue;
		}
		fwrite(line, 1, (size_t)len, out);
	}
	if (!rc && ferror(in)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
	if (!rc && !lineno) {
		snprintf(err, errlen, "%s: empty (not a runs.csv?)", path);
		rc = -1;
	}
	free(line);
	return rc;
}

/* Rewrite PATH without its torn line and interrupted rows. */
static int rewrite(const char *path, char *err, size_t errlen)
{
	FILE *in = fopen(path, "r");
	outfile f;

	if (!in) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (outfile_open(&f, path, err, errlen)) {
		fclose(in);
		return -1;
	}
	if (copy_kept(in, f.fp, path, err, errlen)) {
		fclose(in);
		outfile_abort(&f);
		return -1;
	}
	fclose(in);
	return outfile_commit(&f, err, errlen);
}

static int cmp_key(const void *a, const void *b)
{
	const resume_key *x = a, *y = b;
	const uint32_t fx[] = { x->dataset, x->instance, x->algorithm, x->heuristic };
	const uint32_t fy[] = { y->dataset, y->instance, y->algorithm, y->heuristic };

	for (size_t i = 0; i < sizeof(fx) / sizeof(fx[0]); i++)
		if (fx[i] != fy[i])
			return fx[i] < fy[i] ? -1 : 1;
	return 0;
}

/* A status after which the runner tries an instance no more. */
static bool final_status(unsigned s)
{
	return s == RUN_TIMEOUT || s == RUN_MEMOUT || s == RUN_ERROR || s == RUN_CRASH ||
	       s == RUN_UNSUPPORTED;
}

/* One key per (dataset, instance, algorithm, heuristic) of REP's rows. */
static int index_rows(resume *rs, const report *rep)
{
	size_t n = 0;

	rs->keys = malloc((rep->count ? rep->count : 1) * sizeof(*rs->keys));
	if (!rs->keys)
		return -1;
	for (size_t i = 0; i < rep->count; i++) {
		const report_row *r = &rep->rows[i];

		rs->keys[i] = (resume_key){
			.dataset = r->dataset, .instance = r->instance, .algorithm = r->algorithm,
			.heuristic = r->heuristic, .repeats = r->repeat, .finished = final_status(r->status),
		};
	}
	qsort(rs->keys, rep->count, sizeof(*rs->keys), cmp_key);
	for (size_t i = 0; i < rep->count; i++) {
		if (n && !cmp_key(&rs->keys[n - 1], &rs->keys[i])) {
			resume_key *k = &rs->keys[n - 1];

			if (rs->keys[i].repeats > k->repeats)
				k->repeats = rs->keys[i].repeats;
			k->finished |= rs->keys[i].finished;
			continue;
		}
		rs->keys[n++] = rs->keys[i];
	}
	rs->count = n;
	return 0;
}

int resume_check(const char *meta_path, const campaign *now, bool extend, bool *recorded,
		 char *err, size_t errlen)
{
	char why[2048];
	meta_info m;
	campaign old;
	int rc = 0;

	*recorded = false;
	if (meta_read(&m, meta_path, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (!m.present)
		return 0;
	*recorded = true;
	if (campaign_read(&old, m.root, why, sizeof(why))) {
		snprintf(err, errlen, "%s: %s", meta_path, why);
		meta_info_release(&m);
		return -1;
	}
	if (campaign_differs(&old, now, extend, why, sizeof(why))) {
		snprintf(err, errlen, "the arguments %s the run on record in %s: %s",
			 extend ? "do not contain" : "differ from", meta_path, why);
		rc = -1;
	}
	campaign_release(&old);
	meta_info_release(&m);
	return rc;
}

long resume_load(resume *rs, const char *path, report *rep, char *err, size_t errlen)
{
	memset(rs, 0, sizeof(*rs));
	rs->rep = rep;
	if (rewrite(path, err, errlen) || report_load(rep, path, err, errlen))
		return -1;
	if (index_rows(rs, rep)) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	return (long)rep->count;
}

static const resume_key *find(const resume *rs, const char *dataset_name,
			      const char *instance, const char *algorithm, const char *heuristic)
{
	resume_key key = {
		.dataset = report_find(&rs->rep->datasets, dataset_name),
		.instance = instance ? report_find(&rs->rep->instances, instance) : REPORT_NONE,
		.algorithm = report_find(&rs->rep->algorithms, algorithm),
		.heuristic = report_find(&rs->rep->heuristics, heuristic),
	};

	if (key.dataset == REPORT_NONE || key.algorithm == REPORT_NONE ||
	    key.heuristic == REPORT_NONE || (instance && key.instance == REPORT_NONE))
		return NULL;
	return bsearch(&key, rs->keys, rs->count, sizeof(*rs->keys), cmp_key);
}

unsigned resume_done(void *arg, const dataset *ds, const pb_solver *s, const char *heuristic,
		     size_t instance)
{
	const resume *rs = arg;
	const resume_key *k = find(rs, ds->name, ds->instances[instance].id, s->name, heuristic);

	if (!k)
		return 0;
	return k->finished ? RUNNER_FINISHED : k->repeats;
}

bool resume_has(const resume *rs, const run_row *row)
{
	const char *instance = row->instance == RUN_NO_INSTANCE
			       ? NULL : row->ds->instances[row->instance].id;
	const resume_key *k = find(rs, row->ds->name, instance, row->algorithm->name,
				   row->heuristic);

	return k && (row->phase == RUN_PREPARE || row->repeat <= k->repeats);
}

void resume_release(resume *rs)
{
	free(rs->keys);
	memset(rs, 0, sizeof(*rs));
}
