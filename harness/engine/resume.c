#include "harness/engine/resume.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/io/csv.h"
#include "harness/io/meta_read.h"
#include "harness/io/outfile.h"

/* The files of a run's folder that are written whole (outfile.h), and
 * what outfile adds to a name for its temporary file. */
static const char *const whole_files[] = { "runs.csv", "summary.csv", "meta.json" };
#define TMP_INFIX ".tmp."

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

/* The process id NAME ends in after FILE ".tmp.", or 0. */
static long tmp_pid_of(const char *name, const char *file)
{
	size_t n = strlen(file);
	char *end;
	long pid;

	if (strncmp(name, file, n) || strncmp(name + n, TMP_INFIX, strlen(TMP_INFIX)))
		return 0;
	name += n + strlen(TMP_INFIX);
	pid = strtol(name, &end, 10);
	return *name && !*end && pid > 0 ? pid : 0;
}

void resume_clean(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		for (size_t i = 0; i < sizeof(whole_files) / sizeof(whole_files[0]); i++) {
			long pid = tmp_pid_of(e->d_name, whole_files[i]);
			char path[PATH_MAX];

			if (!pid || pid == (long)getpid() || !kill((pid_t)pid, 0) || errno != ESRCH)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			unlink(path);
		}
	}
	closedir(d);
}

/* --- the journal ------------------------------------------------------- */

/* What reading the journal found besides the rows it kept. */
typedef struct journal {
	report *rep;
	uint64_t cut;        /* the offset of the first interrupted row of the tail */
	bool interrupted;    /* the tail from CUT on is interrupted rows */
	bool rewrite;        /* a row kept after an interrupted one */
} journal;

static int keep_row(void *arg, const report_read_row *row, char *err, size_t errlen)
{
	journal *j = arg;

	if (row->v.status == RUN_INTERRUPTED) {
		if (!j->interrupted)
			j->cut = row->start;
		j->interrupted = true;
		return 0;
	}
	if (j->interrupted) {
		j->rewrite = true;
		j->interrupted = false;
	}
	return report_keep_read(j->rep, row, err, errlen);
}

/* Copy IN's lines to OUT but interrupted rows and a torn last line. */
static int copy_kept(FILE *in, FILE *out, const char *path, char *err, size_t errlen)
{
	char *line = NULL, *f[CSV_MAX_LINE / 2], copy[CSV_MAX_LINE];
	size_t cap = 0;
	ssize_t len;
	int status_col = -1, rc = 0;

	for (unsigned lineno = 1; (len = getline(&line, &cap, in)) > 0; lineno++) {
		int n;

		if (line[len - 1] != '\n')
			break; /* torn: the row was being written */
		if ((size_t)len > sizeof(copy)) {
			snprintf(err, errlen, "%s:%u: line too long", path, lineno);
			rc = -1;
			break;
		}
		memcpy(copy, line, (size_t)len);
		copy[len - 1] = '\0';
		n = csv_split(copy, f, (int)(sizeof(f) / sizeof(f[0])));
		if (lineno == 1)
			status_col = csv_column(f, n, "status");
		else if (status_col >= 0 && n > status_col &&
			 !strcmp(f[status_col], run_status_name(RUN_INTERRUPTED)))
			continue;
		fwrite(line, 1, (size_t)len, out);
	}
	free(line);
	if (!rc && ferror(in)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
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

/* Cut PATH short at SIZE bytes (a torn line, an interrupted tail, or all
 * of a header cut short: then write it whole). */
static int cut(const char *path, uint64_t size, bool header, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r+");
	int rc = 0;

	if (!f || ftruncate(fileno(f), (off_t)size) ||
	    (header && (fseek(f, 0, SEEK_SET) || fputs(REPORT_RUNS_HEADER "\n", f) < 0)) ||
	    fflush(f) || fsync(fileno(f))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
	if (f && fclose(f) && !rc) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
	return rc;
}

/* Whether IN starts with this bench's header line, or is empty or no more
 * than a start of it (*SHORT: a run killed before its header was
 * written). */
static bool our_header(FILE *in, bool *short_header)
{
	static const char header[] = REPORT_RUNS_HEADER "\n";
	char buf[sizeof(header)];
	size_t n = fread(buf, 1, sizeof(header) - 1, in);

	rewind(in);
	*short_header = n < sizeof(header) - 1 && !memcmp(buf, header, n);
	return *short_header || !memcmp(buf, header, sizeof(header) - 1);
}

long resume_load(resume *rs, const char *path, report *rep, char *err, size_t errlen)
{
	journal j = { .rep = rep };
	report_read_end end = { 0 };
	bool short_header;
	FILE *in;
	int rc;

	resume_init(rs);
	rs->rep = rep;
	report_keep_ledger(rep);
	in = fopen(path, "r");
	if (!in) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!our_header(in, &short_header)) {
		snprintf(err, errlen, "%s:1: not the header this bench writes (another version's run?)",
			 path);
		fclose(in);
		return -1;
	}
	rc = short_header ? 0 : report_read(in, path, true, keep_row, &j, &end, err, errlen);
	fclose(in);
	if (rc)
		return -1;
	if (short_header)
		rc = cut(path, 0, true, err, errlen);
	else if (j.rewrite)
		rc = rewrite(path, err, errlen);
	else if (j.interrupted || end.torn)
		rc = cut(path, j.interrupted ? j.cut : end.good, false, err, errlen);
	return rc ? -1 : (long)rep->count;
}

/* --- what is on record ------------------------------------------------- */

void resume_init(resume *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->last = SIZE_MAX;
}

/* DS's instance index to the report's (REPORT_NONE where it has none):
 * made once for each dataset. */
static const uint32_t *map_of(resume *rs, const dataset *ds, uint32_t d)
{
	const report_names *names = &rs->rep->instances[d].names;
	const dataset **of;
	uint32_t **maps, *map;

	for (size_t i = 0; i < rs->nmaps; i++)
		if (rs->maps_of[i] == ds)
			return rs->maps[i];
	of = realloc(rs->maps_of, (rs->nmaps + 1) * sizeof(*of));
	if (!of)
		return NULL;
	rs->maps_of = of;
	maps = realloc(rs->maps, (rs->nmaps + 1) * sizeof(*maps));
	if (!maps)
		return NULL;
	rs->maps = maps;
	map = malloc((ds->count ? ds->count : 1) * sizeof(*map));
	if (!map)
		return NULL;
	for (size_t i = 0; i < ds->count; i++)
		map[i] = report_find(names, ds->instances[i].id);
	of[rs->nmaps] = ds;
	maps[rs->nmaps++] = map;
	return map;
}

/* Fill part P from the report's ledger. Returns 0, or -1 when out of
 * memory. */
static int part_from_report(resume *rs, resume_part *p)
{
	const report *rep = rs->rep;
	uint32_t d = report_find(&rep->datasets, p->ds->name);
	const report_track *t = d == REPORT_NONE ? NULL
				: report_track_of(rep, d, report_find(&rep->algorithms, p->algorithm),
						  report_find(&rep->heuristics, p->heuristic));
	const uint32_t *map;

	if (!t)
		return 0;
	p->prepared = t->prepared;
	map = map_of(rs, p->ds, d);
	if (!map)
		return -1;
	for (size_t i = 0; i < p->ds->count; i++)
		if (map[i] < t->ledger_len)
			p->state[i] = t->ledger[map[i]];
	return 0;
}

resume_part *resume_part_of(resume *rs, const dataset *ds, const char *algorithm,
			    const char *heuristic)
{
	resume_part *p;

	if (rs->last < rs->nparts) {
		p = &rs->parts[rs->last];
		if (p->ds == ds && !strcmp(p->algorithm, algorithm) && !strcmp(p->heuristic, heuristic))
			return p;
	}
	for (size_t i = 0; i < rs->nparts; i++) {
		p = &rs->parts[i];
		if (p->ds == ds && !strcmp(p->algorithm, algorithm) && !strcmp(p->heuristic, heuristic)) {
			rs->last = i;
			return p;
		}
	}
	if (rs->nparts == rs->cap) {
		size_t cap = rs->cap ? 2 * rs->cap : 16;

		p = realloc(rs->parts, cap * sizeof(*p));
		if (!p)
			return NULL;
		rs->parts = p;
		rs->cap = cap;
	}
	p = &rs->parts[rs->nparts];
	*p = (resume_part){ .ds = ds, .algorithm = strdup(algorithm), .heuristic = strdup(heuristic),
			    .state = calloc(ds->count ? ds->count : 1, sizeof(*p->state)) };
	if (!p->algorithm || !p->heuristic || !p->state || (rs->rep && part_from_report(rs, p))) {
		free(p->algorithm);
		free(p->heuristic);
		free(p->state);
		return NULL;
	}
	rs->last = rs->nparts++;
	return p;
}

unsigned resume_done(void *arg, const dataset *ds, const pb_solver *s, const char *heuristic,
		     size_t instance)
{
	resume_part *p = resume_part_of(arg, ds, s->name, heuristic);
	uint32_t e = p ? p->state[instance] : 0;

	return e & REPORT_LEDGER_FINAL ? RUNNER_FINISHED : e & REPORT_LEDGER_REPEATS;
}

bool resume_has(resume *rs, const run_row *row)
{
	resume_part *p = resume_part_of(rs, row->ds, row->algorithm->name, row->heuristic);

	if (!p)
		return false;
	if (row->phase == RUN_PREPARE)
		return p->prepared;
	return row->repeat <= (p->state[row->instance] & REPORT_LEDGER_REPEATS);
}

void resume_release(resume *rs)
{
	for (size_t i = 0; i < rs->nparts; i++) {
		free(rs->parts[i].algorithm);
		free(rs->parts[i].heuristic);
		free(rs->parts[i].state);
	}
	free(rs->parts);
	for (size_t i = 0; i < rs->nmaps; i++)
		free(rs->maps[i]);
	free(rs->maps);
	free(rs->maps_of);
	resume_init(rs);
}
