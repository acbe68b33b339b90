/* bench plot: regenerate a run's charts from its CSV files alone.
 *
 * runs.csv is read whole; the series are computed here (medians and
 * quartiles per dataset, algorithm+heuristic and optimal length) and written
 * as small whitespace-separated data files; then gnuplot, run as a program,
 * draws them with the scripts in scripts/, each chart as PNG and SVG. The
 * charts are built in a fresh folder beside DIR/charts and swapped in only
 * when gnuplot succeeded, so a failure leaves the old charts as they were. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/cmd/commands.h"

#ifndef PB_SOURCE_DIR
#define PB_SOURCE_DIR "."
#endif

#define CHARTS_DIR "charts"
#define DATA_DIR "data"
#define DRIVER_NAME "charts.gp"
#define PROBE_SCRIPT "by-length.gp" /* a scripts folder must hold this */
#define PATH_ROOM 512 /* what plot adds to the run folder's path, at most */
#define INSTALL_HINT "install it with 'apt-get install gnuplot-nox' on Debian, or give --gnuplot PATH"

enum { LEN_UNKNOWN = -1, LEN_UNSOLVABLE = -2 };
enum { PHASE_SOLVE, PHASE_PREPARE };
enum { M_TIME, M_MEMORY, M_NODES, METRICS };
enum { NO_INSTANCE = UINT32_MAX };

static const double ns_per_s = 1e9;
/* The preparation chart: queries shown (at least, at most, and how far
 * past the last crossing), and how far a crossing's label sits from it
 * (a factor: the axis is logarithmic). */
static const double min_queries_shown = 100;
static const double max_queries_shown = 1e15;
static const double crossing_room = 10;
static const double label_shift = 2.2;

/* What each metric is called, the script that draws it against the optimal
 * length, and the message words for a skipped chart. */
static const struct metric {
	const char *name;
	const char *script;
	const char *what;
} metrics[METRICS] = {
	[M_TIME] = { "time", "time.gp", "solve time" },
	[M_MEMORY] = { "memory", "memory.gp", "peak memory" },
	[M_NODES] = { "nodes", "nodes.gp", "nodes expanded" },
};

/* Columns of a length data file: length, count, then median q1 q3 of each
 * metric in the order of metrics[]. */
#define LENGTH_COLUMN_OF(m) (3 + 3 * (m))

/* A growable array of strings, looked up by linear search: there are few
 * datasets and few algorithms. */
struct names {
	char **v;
	size_t n, cap;
};

/* One instance of one dataset (interned by an open-addressing hash). */
struct instance {
	char *name;
	uint32_t dataset;
	int32_t agreed; /* the shortest ok solve length, or LEN_UNKNOWN */
};

#define INSTANCES_FIRST_SLOTS 1024 /* a power of two */

struct instances {
	struct instance *v;
	size_t n, cap;
	uint32_t *slots; /* index + 1, 0 empty */
	size_t mask;
};

/* One row of runs.csv, as much as the charts need. */
struct run_row {
	uint32_t dataset, algo, instance;
	int32_t length;    /* the solution's length, or LEN_UNKNOWN */
	int32_t reference; /* a length, LEN_UNKNOWN or LEN_UNSOLVABLE */
	uint8_t phase;
	uint8_t solved;     /* status ok or unsolvable */
	uint8_t unsolvable; /* status unsolvable */
	double value[METRICS]; /* wall ns, peak bytes, expanded; NAN: missing */
};

struct run {
	struct names datasets, algos;
	struct instances inst;
	struct run_row *rows;
	size_t nrows, cap;
	char machine[256];
	char date[64];
	char build_type[32]; /* from meta.json, '' unknown */
	int sanitized;       /* meta.json says the build was sanitized */
};

/* Solve rows sorted into groups. */
struct solve_key {
	uint32_t dataset, algo;
	int32_t optlen;
	uint32_t row;
};

struct stat3 {
	double med, q1, q3;
};

/* Median and quartiles of one metric for one (algorithm, optimal length). */
struct group {
	uint32_t algo;
	int32_t optlen;
	size_t count;
	struct stat3 m[METRICS];
};

struct options {
	const char *dir;
	const char *scripts;
	const char *gnuplot;
	int help;
};

/* Where the charts of one run are being written. */
struct plot_out {
	char tmp[PATH_MAX];   /* the fresh folder */
	FILE *driver;         /* charts.gp */
	char scripts[PATH_MAX];
	size_t charts;        /* charts asked of gnuplot */
	char caveat[96];      /* why the times may mislead, '' none */
	const struct run *run;
};

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *q;

	if (need <= *cap)
		return p;
	while (n < need)
		n *= 2;
	q = realloc(p, n * size);
	if (q)
		*cap = n;
	return q;
}

static int names_index(struct names *s, const char *name, uint32_t *index)
{
	char **v;

	for (size_t i = 0; i < s->n; i++) {
		if (!strcmp(s->v[i], name)) {
			*index = (uint32_t)i;
			return 0;
		}
	}
	v = grow(s->v, &s->cap, s->n + 1, sizeof(*v));
	if (!v)
		return -1;
	s->v = v;
	s->v[s->n] = strdup(name);
	if (!s->v[s->n])
		return -1;
	*index = (uint32_t)s->n++;
	return 0;
}

static void names_release(struct names *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
}

/* FNV-1a (Fowler, Noll and Vo; the 64-bit offset basis and prime) over
 * the name, seeded with the dataset. */
static uint64_t instance_hash(uint32_t dataset, const char *name)
{
	static const uint64_t fnv_offset_basis = 14695981039346656037ULL;
	static const uint64_t fnv_prime = 1099511628211ULL;
	uint64_t h = fnv_offset_basis ^ dataset;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * fnv_prime;
	return h;
}

static int instances_rehash(struct instances *t, size_t slots)
{
	uint32_t *s = calloc(slots, sizeof(*s));

	if (!s)
		return -1;
	free(t->slots);
	t->slots = s;
	t->mask = slots - 1;
	for (size_t i = 0; i < t->n; i++) {
		size_t j = instance_hash(t->v[i].dataset, t->v[i].name) & t->mask;

		while (s[j])
			j = (j + 1) & t->mask;
		s[j] = (uint32_t)i + 1;
	}
	return 0;
}

static int instances_index(struct instances *t, uint32_t dataset, const char *name,
			   uint32_t *index)
{
	struct instance *v;
	size_t j;

	/* at most half full: short probes */
	if ((t->n + 1) * 2 > t->mask + 1 &&
	    instances_rehash(t, t->slots ? (t->mask + 1) * 2 : INSTANCES_FIRST_SLOTS))
		return -1;
	for (j = instance_hash(dataset, name) & t->mask; t->slots[j]; j = (j + 1) & t->mask) {
		const struct instance *e = &t->v[t->slots[j] - 1];

		if (e->dataset == dataset && !strcmp(e->name, name)) {
			*index = t->slots[j] - 1;
			return 0;
		}
	}
	v = grow(t->v, &t->cap, t->n + 1, sizeof(*v));
	if (!v)
		return -1;
	t->v = v;
	v[t->n].name = strdup(name);
	if (!v[t->n].name)
		return -1;
	v[t->n].dataset = dataset;
	v[t->n].agreed = LEN_UNKNOWN;
	t->slots[j] = (uint32_t)t->n + 1;
	*index = (uint32_t)t->n++;
	return 0;
}

static void run_release(struct run *r)
{
	names_release(&r->datasets);
	names_release(&r->algos);
	for (size_t i = 0; i < r->inst.n; i++)
		free(r->inst.v[i].name);
	free(r->inst.v);
	free(r->inst.slots);
	free(r->rows);
}

/* Format a path into OUT (PATH_MAX bytes). Returns 0, or -1 when it did
 * not fit (OUT then holds a cut copy that names no file of ours). */
static int path_format(char *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int path_format(char *out, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out, PATH_MAX, fmt, ap);
	va_end(ap);
	return n < 0 || n >= PATH_MAX ? -1 : 0;
}

static void input_error(const char *path, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void input_error(const char *path, size_t line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%zu: ", path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Split LINE (no line end) at commas into FIELD, in place; a field may be
 * double-quoted with "" for a quote. Returns the number of fields, or -1
 * for a quote left open or junk after a closing quote. */
static int csv_split(char *line, char **field, int max)
{
	int n = 0;
	char *p = line;

	for (;;) {
		char *w = p;

		if (n == max)
			return max + 1;
		field[n++] = p;
		if (*p == '"') {
			char *r = p + 1;

			for (;;) {
				if (!*r)
					return -1;
				if (*r == '"' && r[1] != '"')
					break;
				if (*r == '"')
					r++;
				*w++ = *r++;
			}
			r++;
			if (*r && *r != ',')
				return -1;
			*w = '\0';
			if (!*r)
				return n;
			p = r + 1;
			continue;
		}
		while (*p && *p != ',')
			p++;
		if (!*p)
			return n;
		*p++ = '\0';
	}
}

/* The columns plot reads from runs.csv; others are ignored. */
enum {
	C_DATASET, C_INSTANCE, C_ALGORITHM, C_HEURISTIC, C_PHASE, C_STATUS,
	C_LENGTH, C_REFERENCE, C_WALL, C_PEAK, C_EXPANDED, COLUMNS
};

static const char *const column_names[COLUMNS] = {
	"dataset", "instance", "algorithm", "heuristic", "phase", "status",
	"length", "reference", "wall_ns", "peak_bytes", "expanded",
};

#define MAX_FIELDS 64

static int parse_header(char **field, int nf, int *col, const char *path)
{
	for (int c = 0; c < COLUMNS; c++) {
		col[c] = -1;
		for (int i = 0; i < nf; i++)
			if (!strcmp(field[i], column_names[c]))
				col[c] = i;
		if (col[c] < 0) {
			input_error(path, 1, "no column '%s' in the header", column_names[c]);
			return -1;
		}
	}
	return 0;
}

/* A count or ns figure: digits, or '-' for none (NAN). */
static int parse_figure(const char *s, double *out)
{
	char *end;
	unsigned long long v;

	if (!strcmp(s, "-")) {
		*out = NAN;
		return 0;
	}
	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = (double)v;
	return 0;
}

/* A length: digits (< 2^31), or '-' (LEN_UNKNOWN); 'unsolvable' too where
 * ALLOW_UNSOLVABLE. */
static int parse_length(const char *s, int allow_unsolvable, int32_t *out)
{
	char *end;
	long v;

	if (!strcmp(s, "-")) {
		*out = LEN_UNKNOWN;
		return 0;
	}
	if (allow_unsolvable && !strcmp(s, "unsolvable")) {
		*out = LEN_UNSOLVABLE;
		return 0;
	}
	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v > INT32_MAX)
		return -1;
	*out = (int32_t)v;
	return 0;
}

static int push_row(struct run *r, const struct run_row *row)
{
	struct run_row *v = grow(r->rows, &r->cap, r->nrows + 1, sizeof(*v));

	if (!v)
		return -1;
	r->rows = v;
	r->rows[r->nrows++] = *row;
	return 0;
}

/* Parse one data row of runs.csv into R. Returns 0, -1 for bad input
 * (reported), -2 when out of memory. */
static int parse_row(struct run *r, char **f, const int *col, const char *path, size_t line)
{
	static const int value_col[METRICS] = { C_WALL, C_PEAK, C_EXPANDED };
	struct run_row row = { 0 };
	const char *status = f[col[C_STATUS]];
	const char *phase = f[col[C_PHASE]];
	const char *heuristic = f[col[C_HEURISTIC]];
	char label[512];

	if (!*f[col[C_DATASET]] || !*f[col[C_ALGORITHM]] || !*status) {
		input_error(path, line, "empty %s", !*f[col[C_DATASET]] ? "dataset" :
			    !*f[col[C_ALGORITHM]] ? "algorithm" : "status");
		return -1;
	}
	if (!strcmp(phase, "solve")) {
		row.phase = PHASE_SOLVE;
	} else if (!strcmp(phase, "prepare")) {
		row.phase = PHASE_PREPARE;
	} else {
		input_error(path, line, "unknown phase '%s' (solve or prepare)", phase);
		return -1;
	}
	row.solved = !strcmp(status, "ok") || !strcmp(status, "unsolvable");
	row.unsolvable = !strcmp(status, "unsolvable");
	if (parse_length(f[col[C_LENGTH]], 0, &row.length)) {
		input_error(path, line, "bad length '%s'", f[col[C_LENGTH]]);
		return -1;
	}
	if (parse_length(f[col[C_REFERENCE]], 1, &row.reference)) {
		input_error(path, line, "bad reference '%s'", f[col[C_REFERENCE]]);
		return -1;
	}
	for (int m = 0; m < METRICS; m++) {
		const char *s = f[col[value_col[m]]];

		if (parse_figure(s, &row.value[m])) {
			input_error(path, line, "bad %s '%s'", column_names[value_col[m]], s);
			return -1;
		}
	}
	if (row.solved && isnan(row.value[M_TIME])) {
		input_error(path, line, "no wall_ns on a row with status '%s'", status);
		return -1;
	}
	if (row.solved && row.phase == PHASE_SOLVE && !row.unsolvable && row.length < 0) {
		input_error(path, line, "no length on a solve row with status 'ok'");
		return -1;
	}
	if (!*heuristic || !strcmp(heuristic, "-"))
		snprintf(label, sizeof(label), "%s", f[col[C_ALGORITHM]]);
	else
		snprintf(label, sizeof(label), "%s+%s", f[col[C_ALGORITHM]], heuristic);
	if (names_index(&r->datasets, f[col[C_DATASET]], &row.dataset) ||
	    names_index(&r->algos, label, &row.algo))
		return -2;
	row.instance = NO_INSTANCE;
	if (row.phase == PHASE_SOLVE &&
	    instances_index(&r->inst, row.dataset, f[col[C_INSTANCE]], &row.instance))
		return -2;
	return push_row(r, &row) ? -2 : 0;
}

static void strip_line_end(char *s, ssize_t *len)
{
	while (*len > 0 && (s[*len - 1] == '\n' || s[*len - 1] == '\r'))
		s[--*len] = '\0';
}

/* Read runs.csv at PATH into R. Returns 0, or PB_EXIT_USAGE after saying
 * what is wrong. */
static int read_runs(struct run *r, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *field[MAX_FIELDS + 1];
	size_t cap = 0, lineno = 0;
	int col[COLUMNS], header = 0, status = 0;
	ssize_t len;

	if (!f) {
		fprintf(stderr, "bench plot: cannot read '%s': %s\n", path, strerror(errno));
		return PB_EXIT_USAGE;
	}
	while (!status && (len = getline(&line, &cap, f)) >= 0) {
		int nf;

		lineno++;
		if (memchr(line, '\0', (size_t)len)) {
			input_error(path, lineno, "a NUL byte: not a CSV file");
			status = PB_EXIT_USAGE;
			break;
		}
		strip_line_end(line, &len);
		if (!len && header)
			continue;
		nf = csv_split(line, field, MAX_FIELDS);
		if (nf < 0) {
			input_error(path, lineno, "a quoted field is not closed properly");
			status = PB_EXIT_USAGE;
		} else if (nf > MAX_FIELDS) {
			input_error(path, lineno, "more than %d fields", MAX_FIELDS);
			status = PB_EXIT_USAGE;
		} else if (!header) {
			if (parse_header(field, nf, col, path))
				status = PB_EXIT_USAGE;
			header = nf;
		} else if (nf != header) {
			input_error(path, lineno, "%d fields, the header has %d", nf, header);
			status = PB_EXIT_USAGE;
		} else {
			int e = parse_row(r, field, col, path, lineno);

			if (e == -2)
				fprintf(stderr, "bench plot: out of memory reading '%s'\n", path);
			if (e)
				status = PB_EXIT_USAGE;
		}
	}
	if (!status && ferror(f)) {
		fprintf(stderr, "bench plot: cannot read '%s': %s\n", path, strerror(errno));
		status = PB_EXIT_USAGE;
	}
	if (!status && !header) {
		input_error(path, 1, "empty file, expected the runs.csv header");
		status = PB_EXIT_USAGE;
	} else if (!status && !r->nrows) {
		input_error(path, lineno, "no runs after the header");
		status = PB_EXIT_USAGE;
	}
	free(line);
	fclose(f);
	return status;
}

/* meta.json: a small JSON reader that only looks for the CPU model and the
 * date, wherever they are; the rest is checked for form and skipped. */
struct json {
	const char *p, *end;
	size_t line;
	struct run *run;
};

enum { JSON_MAX_DEPTH = 32, JSON_MAX_STRING = 256 };

static void json_space(struct json *j)
{
	while (j->p < j->end && isspace((unsigned char)*j->p)) {
		if (*j->p == '\n')
			j->line++;
		j->p++;
	}
}

/* Four hex digits (checked) as a character: printable ASCII as is,
 * control characters as spaces, the rest '?'. */
static char json_hex4(const char *p)
{
	static const long ascii_end = 0x80;
	char hex[5] = { p[0], p[1], p[2], p[3], '\0' };
	long v = strtol(hex, NULL, 16);

	return v < ' ' ? ' ' : v < ascii_end ? (char)v : '?';
}

/* A string into BUF (cut at CAP - 1 bytes; \u escapes past ASCII become
 * '?'). Returns 0 or -1. */
static int json_string(struct json *j, char *buf, size_t cap)
{
	size_t n = 0;

	if (j->p >= j->end || *j->p != '"')
		return -1;
	for (j->p++; j->p < j->end && *j->p != '"'; j->p++) {
		char c = *j->p;

		if ((unsigned char)c < ' ')
			return -1;
		if (c == '\\') {
			if (++j->p >= j->end)
				return -1;
			switch (*j->p) {
			case 'n': case 't': case 'r': case 'b': case 'f':
				c = ' ';
				break;
			case 'u':
				if (j->end - j->p < 5)
					return -1;
				for (int i = 1; i <= 4; i++)
					if (!isxdigit((unsigned char)j->p[i]))
						return -1;
				c = json_hex4(j->p + 1);
				j->p += 4;
				break;
			case '"': case '\\': case '/':
				c = *j->p;
				break;
			default:
				return -1;
			}
		}
		if (n + 1 < cap)
			buf[n++] = c;
	}
	if (j->p >= j->end)
		return -1;
	j->p++;
	buf[n] = '\0';
	return 0;
}

static int key_is(const char *key, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(key, *list))
			return 1;
	return 0;
}

/* Keep a value if its key names the machine, the date or the kind of
 * build. VALUE is a string's text, or a literal (true, 12) as written. */
static void json_keep(struct json *j, const char *key, const char *parent, const char *value)
{
	static const char *const machine_keys[] = { "cpu_model", "cpu", "model_name", "processor", NULL };
	static const char *const date_keys[] = { "date", "started", "start_time", "timestamp", NULL };
	struct run *r = j->run;

	if (!*value)
		return;
	if (!r->machine[0] && (key_is(key, machine_keys) ||
			       (!strcmp(key, "model") && !strcmp(parent, "cpu"))))
		snprintf(r->machine, sizeof(r->machine), "%s", value);
	else if (!r->date[0] && key_is(key, date_keys))
		snprintf(r->date, sizeof(r->date), "%s", value);
	else if (!r->build_type[0] && !strcmp(key, "build_type"))
		snprintf(r->build_type, sizeof(r->build_type), "%s", value);
	else if (!strcmp(key, "sanitized") && !strcmp(value, "true"))
		r->sanitized = 1;
}

static int json_value(struct json *j, const char *key, const char *parent, int depth)
{
	char s[JSON_MAX_STRING];
	size_t n = 0;

	json_space(j);
	if (j->p >= j->end || depth > JSON_MAX_DEPTH)
		return -1;
	if (*j->p == '"') {
		if (json_string(j, s, sizeof(s)))
			return -1;
		json_keep(j, key, parent, s);
		return 0;
	}
	if (*j->p == '{' || *j->p == '[') {
		char close = *j->p == '{' ? '}' : ']';

		j->p++;
		json_space(j);
		if (j->p < j->end && *j->p == close) {
			j->p++;
			return 0;
		}
		for (;;) {
			json_space(j);
			if (close == '}') {
				if (json_string(j, s, sizeof(s)))
					return -1;
				json_space(j);
				if (j->p >= j->end || *j->p++ != ':')
					return -1;
				if (json_value(j, s, key, depth + 1))
					return -1;
			} else if (json_value(j, key, parent, depth + 1)) {
				return -1;
			}
			json_space(j);
			if (j->p >= j->end)
				return -1;
			if (*j->p == close) {
				j->p++;
				return 0;
			}
			if (*j->p++ != ',')
				return -1;
		}
	}
	if (!*j->p || !strchr("-0123456789tfn", *j->p))
		return -1;
	while (j->p < j->end && *j->p && (isalnum((unsigned char)*j->p) || strchr("+-.", *j->p))) {
		if (n + 1 < sizeof(s))
			s[n++] = *j->p;
		j->p++;
	}
	s[n] = '\0';
	json_keep(j, key, parent, s);
	return 0;
}

/* Read the machine and the date from PATH when it exists; a broken file
 * is only a warning, the charts then say less. */
static void read_meta(struct run *r, const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t cap = 0, n = 0;
	struct json j;

	if (!f) {
		if (errno != ENOENT)
			fprintf(stderr, "bench plot: cannot read '%s': %s\n", path, strerror(errno));
		return;
	}
	for (;;) {
		char *t = grow(text, &cap, n + 4096, 1);

		if (!t)
			break;
		text = t;
		n += fread(text + n, 1, cap - n, f);
		if (n < cap)
			break;
	}
	fclose(f);
	if (!text)
		return;
	j = (struct json){ .p = text, .end = text + n, .line = 1, .run = r };
	if (json_value(&j, "", "", 0) || (json_space(&j), j.p != j.end)) {
		fprintf(stderr, "%s:%zu: not valid JSON; the charts name no machine or date\n",
			path, j.line);
		r->machine[0] = r->date[0] = r->build_type[0] = '\0';
		r->sanitized = 0;
	}
	if (strlen(r->date) > 10 && r->date[4] == '-' && r->date[7] == '-' &&
	    (r->date[10] == 'T' || r->date[10] == ' '))
		r->date[10] = '\0';
	free(text);
}

/* Why the run's times may mislead, from its build ('' when they don't),
 * also said on standard error. */
static void caveat_of(const struct run *r, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (r->sanitized)
		snprintf(buf, cap, "a sanitizer build: the times are not representative");
	else if (r->build_type[0] && strcmp(r->build_type, "Release"))
		snprintf(buf, cap, "a %s build: the times are not representative", r->build_type);
	if (buf[0])
		fprintf(stderr, "bench plot: warning: %s\n", buf);
}

/* Statistics. Quantiles interpolate linearly between order statistics
 * (Hyndman and Fan's type 7, R's default). */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double quantile(const double *sorted, size_t n, double p)
{
	double h = (double)(n - 1) * p;
	size_t lo = (size_t)h;

	if (lo + 1 >= n)
		return sorted[n - 1];
	return sorted[lo] + (h - (double)lo) * (sorted[lo + 1] - sorted[lo]);
}

/* Sort the N values at V (NAN dropped). Returns how many are left. */
static size_t sort_values(double *v, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i]))
			v[k++] = v[i];
	qsort(v, k, sizeof(*v), cmp_double);
	return k;
}

static struct stat3 stat3_of(double *v, size_t n)
{
	struct stat3 s = { NAN, NAN, NAN };

	n = sort_values(v, n);
	if (n) {
		s.med = quantile(v, n, 0.5);
		s.q1 = quantile(v, n, 0.25);
		s.q3 = quantile(v, n, 0.75);
	}
	return s;
}

/* The optimal length a solve row counts under: the reference, or the
 * length the solvers agreed on (the shortest ok one) when it is unknown. */
static int32_t optimal_length(const struct run *r, const struct run_row *row)
{
	if (row->reference >= 0 || row->reference == LEN_UNSOLVABLE)
		return row->reference;
	if (row->unsolvable)
		return LEN_UNSOLVABLE;
	return r->inst.v[row->instance].agreed;
}

static int cmp_key(const void *a, const void *b)
{
	const struct solve_key *x = a, *y = b;

	if (x->dataset != y->dataset)
		return x->dataset < y->dataset ? -1 : 1;
	if (x->algo != y->algo)
		return x->algo < y->algo ? -1 : 1;
	if (x->optlen != y->optlen)
		return x->optlen < y->optlen ? -1 : 1;
	return (x->row > y->row) - (x->row < y->row);
}

/* The solved solve rows as keys sorted by dataset, algorithm and optimal
 * length. Returns NULL when out of memory (*N 0 is fine: an empty array). */
static struct solve_key *solve_keys(struct run *r, size_t *n)
{
	struct solve_key *k = malloc((r->nrows ? r->nrows : 1) * sizeof(*k));

	*n = 0;
	if (!k)
		return NULL;
	for (size_t i = 0; i < r->nrows; i++) {
		const struct run_row *row = &r->rows[i];
		struct instance *in;

		if (row->phase != PHASE_SOLVE || !row->solved || row->unsolvable)
			continue;
		in = &r->inst.v[row->instance];
		if (in->agreed == LEN_UNKNOWN || row->length < in->agreed)
			in->agreed = row->length;
	}
	for (size_t i = 0; i < r->nrows; i++) {
		const struct run_row *row = &r->rows[i];

		if (row->phase != PHASE_SOLVE || !row->solved)
			continue;
		k[*n] = (struct solve_key){ row->dataset, row->algo, optimal_length(r, row),
					    (uint32_t)i };
		++*n;
	}
	qsort(k, *n, sizeof(*k), cmp_key);
	return k;
}

/* Output helpers. */

/* S as a gnuplot single-quoted string (a quote doubled, control bytes as
 * spaces). */
static void gp_string(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("''", f);
		else
			fputc((unsigned char)*s < ' ' ? ' ' : *s, f);
	}
	fputc('\'', f);
}

/* S inside a double-quoted word of a data file: no quotes, no
 * backslashes, no control bytes. */
static void data_text(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '"' ? '\'' : *s == '\\' ? '/' : (unsigned char)*s < ' ' ? ' ' : *s, f);
}

/* S as a double-quoted word of a data file. */
static void data_string(FILE *f, const char *s)
{
	fputc('"', f);
	data_text(f, s);
	fputc('"', f);
}

static void data_number(FILE *f, double v)
{
	if (isnan(v))
		fputs(" NaN", f);
	else
		fprintf(f, " %.6g", v);
}

/* A file name made of NAME: letters, digits, '.', '-' and '_' kept, the
 * rest '_'. */
static void slug_of(const char *name, char *out, size_t cap)
{
	size_t n = 0;

	for (; *name && n + 1 < cap; name++)
		out[n++] = isalnum((unsigned char)*name) || strchr(".-_", *name) ? *name : '_';
	out[n] = '\0';
}

/* Dataset D's file name: its slug, with '-D' added when an earlier
 * dataset's slug is the same ('a b' and 'a_b'). */
static void slug_name(const struct run *r, uint32_t d, char *out, size_t cap)
{
	char other[128];

	slug_of(r->datasets.v[d], out, cap);
	for (uint32_t e = 0; e < d; e++) {
		slug_of(r->datasets.v[e], other, sizeof(other));
		if (!strcmp(other, out)) {
			size_t n = strlen(out);

			snprintf(out + n, cap - n, "-%u", (unsigned)d);
			return;
		}
	}
}

/* Seconds with a unit that keeps 1 to 3 digits before the point. */
static void format_seconds(double s, char *buf, size_t cap)
{
	static const struct { double scale; const char *unit; } units[] = {
		{ 1, "s" }, { 1e-3, "ms" }, { 1e-6, "µs" }, { 1e-9, "ns" },
	};
	size_t u = 0;

	while (u + 1 < sizeof(units) / sizeof(units[0]) && s < units[u].scale)
		u++;
	snprintf(buf, cap, "%.3g %s", s / units[u].scale, units[u].unit);
}

/* Open DIR/data/NAME for writing; NAME is also returned in REL (relative
 * to the charts folder, as the driver names it). */
static FILE *data_open(struct plot_out *o, const char *name, char *rel, size_t cap)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(rel, cap, "%s/%s", DATA_DIR, name);
	path_format(path, "%s/%s", o->tmp, rel);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "bench plot: cannot write '%s': %s\n", path, strerror(errno));
	return f;
}

/* The driver lines every chart starts with: its dataset, machine, date. */
static void driver_chart(struct plot_out *o, const char *dataset, const char *what)
{
	FILE *f = o->driver;

	fprintf(f, "\n# %s: %s\n", dataset, what);
	fputs("dataset = ", f);
	gp_string(f, dataset);
	fputs("\nmachine = ", f);
	gp_string(f, o->run->machine);
	fputs("\ndate = ", f);
	gp_string(f, o->run->date);
	fputs("\ncaveat = ", f);
	gp_string(f, o->caveat);
	fputc('\n', f);
}

static void driver_load(struct plot_out *o, const char *out, const char *script)
{
	fputs("out = ", o->driver);
	gp_string(o->driver, out);
	fprintf(o->driver, "\nload scripts.'%s'\n", script);
	o->charts++;
}

static void driver_int_array(FILE *f, const char *name, const int *v, size_t n)
{
	fprintf(f, "array %s[%zu] = [", name, n);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%d", i ? ", " : "", v[i]);
	fputs("]\n", f);
}

static void driver_number_array(FILE *f, const char *name, const double *v, size_t n)
{
	fprintf(f, "array %s[%zu] = [", name, n);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%.9g", i ? ", " : "", v[i]);
	fputs("]\n", f);
}

static void driver_string_array(FILE *f, const char *name, const char *const *v, size_t n)
{
	fprintf(f, "array %s[%zu] = [", name, n);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", f);
		gp_string(f, v[i]);
	}
	fputs("]\n", f);
}

/* The linetype (colour) of an algorithm: the same on every chart. */
static int linetype_of(uint32_t algo)
{
	return (int)algo + 1;
}

/* One dataset's solve groups. */
struct dataset_view {
	uint32_t dataset;
	const char *name;
	char slug[128];
	const struct solve_key *keys;
	size_t nkeys;
	struct group *groups;
	size_t ngroups;
	int32_t max_length; /* the largest numeric optimal length, or -1 */
	size_t instances;   /* in the dataset (any status) */
	size_t *solved;     /* instances each algorithm solved (ok or unsolvable) */
	char **label;       /* each algorithm's legend: its name, and how many
			     * it solved when not all */
};

/* Count the instances of V and those each algorithm solved, and make the
 * legend labels. Returns 0, -1 out of memory. */
static int count_solved(struct dataset_view *v, const struct run *r)
{
	uint32_t *seen = calloc(r->inst.n ? r->inst.n : 1, sizeof(*seen));

	v->solved = calloc(r->algos.n, sizeof(*v->solved));
	v->label = calloc(r->algos.n, sizeof(*v->label));
	if (!seen || !v->solved || !v->label) {
		free(seen);
		return -1;
	}
	for (size_t i = 0; i < r->inst.n; i++)
		v->instances += r->inst.v[i].dataset == v->dataset;
	for (size_t i = 0; i < v->nkeys; i++) {
		uint32_t a = v->keys[i].algo, in = r->rows[v->keys[i].row].instance;

		if (seen[in] != a + 1) {
			seen[in] = a + 1;
			v->solved[a]++;
		}
	}
	free(seen);
	for (size_t a = 0; a < r->algos.n; a++) {
		size_t len = strlen(r->algos.v[a]) + 64;

		v->label[a] = malloc(len);
		if (!v->label[a])
			return -1;
		if (v->solved[a] && v->solved[a] < v->instances)
			snprintf(v->label[a], len, "%s (%zu of %zu solved)", r->algos.v[a],
				 v->solved[a], v->instances);
		else
			snprintf(v->label[a], len, "%s", r->algos.v[a]);
	}
	return 0;
}

static int build_groups(struct dataset_view *v, const struct run *r, double *scratch)
{
	v->groups = malloc((v->nkeys ? v->nkeys : 1) * sizeof(*v->groups));
	v->ngroups = 0;
	v->max_length = -1;
	if (!v->groups)
		return -1;
	for (size_t a = 0, b; a < v->nkeys; a = b) {
		struct group *g = &v->groups[v->ngroups++];

		for (b = a; b < v->nkeys && v->keys[b].algo == v->keys[a].algo &&
			    v->keys[b].optlen == v->keys[a].optlen; b++)
			;
		g->algo = v->keys[a].algo;
		g->optlen = v->keys[a].optlen;
		g->count = b - a;
		for (int m = 0; m < METRICS; m++) {
			for (size_t i = a; i < b; i++)
				scratch[i - a] = r->rows[v->keys[i].row].value[m];
			g->m[m] = stat3_of(scratch, b - a);
		}
		if (g->optlen > v->max_length)
			v->max_length = g->optlen;
	}
	return 0;
}

static int positive(double v)
{
	return !isnan(v) && v > 0;
}

/* Write DIR/data/<slug>.length.dat (one block per algorithm with a
 * numeric optimal length) and, when some instances are unsolvable,
 * <slug>.unsolvable.dat (one row per algorithm). BLOCK[algo] gets the
 * block, -1 where none. Returns how many rows the second file has, or -1
 * when a write failed. */
static int write_length_data(struct plot_out *o, const struct dataset_view *v,
			     int *block, char *len_rel, char *uns_rel, size_t cap)
{
	char name[160];
	FILE *f;
	int nblocks = 0, nslots = 0;

	snprintf(name, sizeof(name), "%s.length.dat", v->slug);
	f = data_open(o, name, len_rel, cap);
	if (!f)
		return -1;
	fprintf(f, "# %s: solved instances by optimal solution length, per algorithm\n", v->name);
	fputs("# columns: length count time_s(median q1 q3) peak_bytes(median q1 q3)"
	      " expanded(median q1 q3)\n", f);
	for (size_t i = 0; i < v->ngroups; i++) {
		const struct group *g = &v->groups[i];

		if (g->optlen < 0)
			continue;
		if (block[g->algo] < 0) {
			fprintf(f, "%s# block %d: %s\n", nblocks ? "\n\n" : "", nblocks,
				o->run->algos.v[g->algo]);
			block[g->algo] = nblocks++;
		}
		fprintf(f, "%d %zu", g->optlen, g->count);
		for (int m = 0; m < METRICS; m++) {
			double scale = m == M_TIME ? ns_per_s : 1;

			data_number(f, g->m[m].med / scale);
			data_number(f, g->m[m].q1 / scale);
			data_number(f, g->m[m].q3 / scale);
		}
		fputc('\n', f);
	}
	if (fclose(f))
		return -1;
	uns_rel[0] = '\0';
	for (size_t i = 0; i < v->ngroups; i++) {
		const struct group *g = &v->groups[i];

		if (g->optlen != LEN_UNSOLVABLE)
			continue;
		if (!nslots) {
			snprintf(name, sizeof(name), "%s.unsolvable.dat", v->slug);
			f = data_open(o, name, uns_rel, cap);
			if (!f)
				return -1;
			fprintf(f, "# %s: unsolvable instances, per algorithm\n", v->name);
			fputs("# columns: slot count time_s(median q1 q3) peak_bytes(median q1 q3)"
			      " expanded(median q1 q3) linetype name\n", f);
		}
		fprintf(f, "%d %zu", nslots++, g->count);
		for (int m = 0; m < METRICS; m++) {
			double scale = m == M_TIME ? ns_per_s : 1;

			data_number(f, g->m[m].med / scale);
			data_number(f, g->m[m].q1 / scale);
			data_number(f, g->m[m].q3 / scale);
		}
		fprintf(f, " %d ", linetype_of(g->algo));
		data_string(f, o->run->algos.v[g->algo]);
		fputc('\n', f);
	}
	if (nslots && fclose(f))
		return -1;
	return nslots;
}

/* One length chart (metric M) for V, or a note on stderr saying why not. */
static void length_chart(struct plot_out *o, const struct dataset_view *v, int m,
			 const int *block, int nslots, const char *len_rel, const char *uns_rel)
{
	const struct run *r = o->run;
	size_t nalgos = r->algos.n, nlines = 0, nkeys = 0;
	int *line_block = malloc(nalgos * sizeof(int)), *line_lt = malloc(nalgos * sizeof(int));
	int *key_lt = malloc(nalgos * sizeof(int));
	const char **key_name = malloc(nalgos * sizeof(char *));
	char *x_seen = calloc((size_t)v->max_length + 2, 1);
	double lo = INFINITY, hi = -INFINITY, scale = m == M_TIME ? ns_per_s : 1;
	size_t xs = 0;
	int unsolvable_drawn = 0;
	char out[200];

	if (!line_block || !line_lt || !key_lt || !key_name || !x_seen) {
		fprintf(stderr, "bench plot: out of memory\n");
		goto done;
	}
	for (uint32_t a = 0; a < nalgos; a++) {
		int in_lines = 0, in_points = 0;

		for (size_t i = 0; i < v->ngroups; i++) {
			const struct group *g = &v->groups[i];
			const struct stat3 *s = &g->m[m];

			if (g->algo != a || !positive(s->med))
				continue;
			if (g->optlen >= 0) {
				in_lines = 1;
				if (!x_seen[g->optlen]++)
					xs++;
			} else {
				in_points = 1;
			}
			lo = fmin(lo, fmin(s->med, positive(s->q1) ? s->q1 : s->med));
			hi = fmax(hi, fmax(s->med, s->q3));
		}
		if (block[a] >= 0 && !in_lines)
			fprintf(stderr, "bench plot: %s %s chart: '%s' has no positive %s, left out\n",
				v->name, metrics[m].name, r->algos.v[a], metrics[m].what);
		if (in_lines) {
			line_block[nlines] = block[a];
			line_lt[nlines++] = linetype_of(a);
		}
		if (in_points && !unsolvable_drawn) {
			unsolvable_drawn = 1;
			xs++;
		}
		if (in_lines || in_points) {
			key_lt[nkeys] = linetype_of(a);
			key_name[nkeys++] = v->label[a];
		}
	}
	if (!nlines || xs < 2) {
		fprintf(stderr, "bench plot: %s %s chart left out: %s\n", v->name, metrics[m].name,
			!nlines ? "no positive values" :
			"every solved instance has the same optimal length (see the box plot)");
		goto done;
	}
	if (lo == hi) {
		fprintf(stderr, "bench plot: %s %s chart left out: every value is %.6g, a flat line\n",
			v->name, metrics[m].name, lo / scale);
		goto done;
	}
	driver_chart(o, v->name, metrics[m].name);
	fputs("datafile = ", o->driver);
	gp_string(o->driver, len_rel);
	fputs("\nunsfile = ", o->driver);
	gp_string(o->driver, unsolvable_drawn ? uns_rel : "");
	fprintf(o->driver, "\nnslots = %d\nxunsolvable = %d\ncol = %d\nylo = %.9g\nyhi = %.9g\n",
		nslots, v->max_length + 2, LENGTH_COLUMN_OF(m), lo / scale, hi / scale);
	driver_int_array(o->driver, "blk", line_block, nlines);
	driver_int_array(o->driver, "blk_lt", line_lt, nlines);
	driver_string_array(o->driver, "name", key_name, nkeys);
	driver_int_array(o->driver, "name_lt", key_lt, nkeys);
	snprintf(out, sizeof(out), "%s-%s", v->slug, metrics[m].name);
	driver_load(o, out, metrics[m].script);
done:
	free(line_block);
	free(line_lt);
	free(key_lt);
	free(key_name);
	free(x_seen);
}

/* The box plot of solve time per algorithm over all of V's solved rows. */
static int box_chart(struct plot_out *o, const struct dataset_view *v, double *scratch)
{
	const struct run *r = o->run;
	char name[160], rel[200], out[200];
	FILE *f;
	int nbox = 0, ticklines = 1;
	double lo = INFINITY, hi = 0;

	snprintf(name, sizeof(name), "%s.box.dat", v->slug);
	f = data_open(o, name, rel, sizeof(rel));
	if (!f)
		return -1;
	fprintf(f, "# %s: solve time of every solved run, per algorithm\n", v->name);
	fputs("# columns: position min_s q1_s median_s q3_s max_s linetype runs name\n", f);
	for (size_t a = 0, b; a < v->nkeys; a = b) {
		uint32_t algo = v->keys[a].algo;
		size_t n;

		for (b = a; b < v->nkeys && v->keys[b].algo == algo; b++)
			scratch[b - a] = r->rows[v->keys[b].row].value[M_TIME] / ns_per_s;
		n = sort_values(scratch, b - a);
		if (!n)
			continue;
		lo = fmin(lo, scratch[0]);
		hi = fmax(hi, scratch[n - 1]);
		fprintf(f, "%d", ++nbox);
		data_number(f, scratch[0]);
		data_number(f, quantile(scratch, n, 0.25));
		data_number(f, quantile(scratch, n, 0.5));
		data_number(f, quantile(scratch, n, 0.75));
		data_number(f, scratch[n - 1]);
		fprintf(f, " %d %zu ", linetype_of(algo), n);
		if (v->solved[algo] < v->instances) {
			/* two lines under the box (gnuplot reads \n in a data string) */
			fputc('"', f);
			data_text(f, r->algos.v[algo]);
			fprintf(f, "\\n%zu of %zu solved\"\n", v->solved[algo], v->instances);
			ticklines = 2;
		} else {
			data_string(f, r->algos.v[algo]);
			fputc('\n', f);
		}
	}
	if (fclose(f))
		return -1;
	if (!nbox) {
		fprintf(stderr, "bench plot: %s box plot left out: no solved runs\n", v->name);
		return 0;
	}
	driver_chart(o, v->name, "box plot of solve time");
	fputs("boxfile = ", o->driver);
	gp_string(o->driver, rel);
	fprintf(o->driver, "\nnbox = %d\nticklines = %d\nylo = %.9g\nyhi = %.9g\n", nbox,
		ticklines, fmax(lo, 1 / ns_per_s), fmax(hi, 1 / ns_per_s));
	snprintf(out, sizeof(out), "%s-box", v->slug);
	driver_load(o, out, "box.gp");
	return 0;
}

/* One solver's cost on the amortisation chart. */
struct cost {
	uint32_t algo;
	double prepare_s; /* the preparation's median time, 0 without one */
	double query_s;   /* mean solve time over the common instances */
	int prepared;
	size_t queries;   /* the solve rows the mean is over */
};

/* Median preparation time (s) of ALGO on DATASET, or NAN when it has no
 * ok prepare row. *WORK is set when a preparation did something (expanded
 * nodes or held bytes): every solver has a prepare row, most of them
 * empty, and only the others are a cost worth a chart. */
static double prepare_time(const struct run *r, uint32_t dataset, uint32_t algo, double *scratch,
			   int *work)
{
	size_t n = 0;

	*work = 0;
	for (size_t i = 0; i < r->nrows; i++) {
		const struct run_row *row = &r->rows[i];

		if (row->phase != PHASE_PREPARE || !row->solved || row->dataset != dataset ||
		    row->algo != algo)
			continue;
		scratch[n++] = row->value[M_TIME] / ns_per_s;
		if (positive(row->value[M_NODES]) || positive(row->value[M_MEMORY]))
			*work = 1;
	}
	n = sort_values(scratch, n);
	return n ? quantile(scratch, n, 0.5) : NAN;
}

/* Mean query time per algorithm over the instances every one of them
 * solved (*COMMON of them). Fills C[0..*N) in algorithm order. Returns 0,
 * -1 out of memory. */
static int query_costs(const struct run *r, const struct dataset_view *v, struct cost *c,
		       size_t *n, size_t *common)
{
	uint32_t *seen = calloc(r->inst.n, sizeof(*seen)), *count = calloc(r->inst.n, sizeof(*count));

	*n = *common = 0;
	if (!seen || !count) {
		free(seen);
		free(count);
		return -1;
	}
	for (size_t a = 0, b; a < v->nkeys; a = b) {
		for (b = a; b < v->nkeys && v->keys[b].algo == v->keys[a].algo; b++) {
			uint32_t in = r->rows[v->keys[b].row].instance;

			if (seen[in] != v->keys[a].algo + 1) {
				seen[in] = v->keys[a].algo + 1;
				count[in]++;
			}
		}
		c[*n] = (struct cost){ .algo = v->keys[a].algo };
		++*n;
	}
	for (size_t i = 0; i < r->inst.n; i++)
		*common += r->inst.v[i].dataset == v->dataset && count[i] == *n;
	for (size_t a = 0, b, k = 0; a < v->nkeys; a = b, k++) {
		double sum = 0;

		for (b = a; b < v->nkeys && v->keys[b].algo == v->keys[a].algo; b++) {
			const struct run_row *row = &r->rows[v->keys[b].row];

			if (count[row->instance] == *n) {
				sum += row->value[M_TIME] / ns_per_s;
				c[k].queries++;
			}
		}
		c[k].query_s = c[k].queries ? sum / (double)c[k].queries : NAN;
	}
	free(seen);
	free(count);
	return 0;
}

/* Where P's total time (preparation + queries) drops below S's: the
 * number of queries, 1 when P is ahead from the first, 0 when never. */
static double break_even(const struct cost *p, const struct cost *s)
{
	double q;

	if (p->query_s >= s->query_s)
		return p->prepare_s + p->query_s <= s->prepare_s + s->query_s ? 1 : 0;
	q = (p->prepare_s - s->prepare_s) / (s->query_s - p->query_s);
	return q < 1 ? 1 : ceil(q);
}

/* A point where a prepared solver's total time drops below another's. */
struct crossing {
	double queries, total_s;
	int linetype; /* of the solver overtaken */
};

static int cmp_crossing(const void *a, const void *b)
{
	const struct crossing *x = a, *y = b;

	return (x->queries > y->queries) - (x->queries < y->queries);
}

/* Say on standard output where each prepared solver of C[0..N) pays off
 * against each other solver, and write those points to REL (labels above
 * and below them by turns). Returns how many points, -1 on failure; *QMAX
 * grows to show them all. */
static int write_crossings(struct plot_out *o, const struct dataset_view *v,
			   const struct cost *c, size_t n, char *rel, size_t cap, double *qmax)
{
	const struct run *r = o->run;
	struct crossing *x = malloc(n * n * sizeof(*x));
	size_t nx = 0;
	char name[160];
	FILE *f;

	if (!x)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char ps[32], qs[32];

		if (!c[i].prepared)
			continue;
		format_seconds(c[i].prepare_s, ps, sizeof(ps));
		format_seconds(c[i].query_s, qs, sizeof(qs));
		for (size_t j = 0; j < n; j++) {
			double q = j == i ? 0 : break_even(&c[i], &c[j]);

			if (j == i)
				continue;
			printf("%s: %s (%s to prepare, %s a query) ", v->name,
			       r->algos.v[c[i].algo], ps, qs);
			if (q == 0)
				printf("never catches up with %s\n", r->algos.v[c[j].algo]);
			else if (q == 1)
				printf("is ahead of %s from the first query\n", r->algos.v[c[j].algo]);
			else
				printf("is ahead of %s from query %.0f on\n", r->algos.v[c[j].algo], q);
			if (q <= 1)
				continue;
			x[nx++] = (struct crossing){ q, c[i].prepare_s + q * c[i].query_s,
						     linetype_of(c[j].algo) };
			*qmax = fmax(*qmax, crossing_room * q);
		}
	}
	qsort(x, nx, sizeof(*x), cmp_crossing);
	rel[0] = '\0';
	if (nx) {
		snprintf(name, sizeof(name), "%s.breakeven.dat", v->slug);
		f = data_open(o, name, rel, cap);
		if (!f) {
			free(x);
			return -1;
		}
		fprintf(f, "# %s: where a prepared solver's total time drops below another's\n",
			v->name);
		fputs("# columns: queries total_s linetype(of the solver overtaken) label label_y\n", f);
		for (size_t i = 0; i < nx; i++)
			fprintf(f, "%.0f %.9g %d \"%.0f\" %.9g\n", x[i].queries, x[i].total_s,
				x[i].linetype, x[i].queries,
				i % 2 ? x[i].total_s / label_shift : x[i].total_s * label_shift);
		if (fclose(f))
			nx = (size_t)-1;
	}
	free(x);
	return (int)nx;
}

/* The driver entry of the preparation chart: one line per solver of
 * C[0..N) (their means over COMMON instances), the crossings in REL (''
 * none), queries up to QMAX. */
static int prepare_driver(struct plot_out *o, const struct dataset_view *v,
			  const struct cost *c, size_t n, size_t common, const char *rel,
			  double qmax)
{
	const struct run *r = o->run;
	char **label = calloc(n, sizeof(*label));
	double *prep = malloc(n * sizeof(*prep)), *query = malloc(n * sizeof(*query));
	int *lt = malloc(n * sizeof(*lt)), *dash = malloc(n * sizeof(*dash));
	double ylo = INFINITY, yhi = 0;
	char out[200];
	int status = -1;

	if (!label || !prep || !query || !lt || !dash)
		goto done;
	for (size_t i = 0; i < n; i++) {
		char ps[32], qs[32];
		size_t len = strlen(r->algos.v[c[i].algo]) + 96;

		label[i] = malloc(len);
		if (!label[i])
			goto done;
		format_seconds(c[i].prepare_s, ps, sizeof(ps));
		format_seconds(c[i].query_s, qs, sizeof(qs));
		if (c[i].prepared)
			snprintf(label[i], len, "%s: %s to prepare, then %s a query",
				 r->algos.v[c[i].algo], ps, qs);
		else
			snprintf(label[i], len, "%s: %s a query", r->algos.v[c[i].algo], qs);
		prep[i] = c[i].prepare_s;
		query[i] = c[i].query_s;
		lt[i] = linetype_of(c[i].algo);
		dash[i] = c[i].prepared ? 1 : 2;
		ylo = fmin(ylo, prep[i] + query[i]);
		yhi = fmax(yhi, prep[i] + qmax * query[i]);
	}
	driver_chart(o, v->name, "preparation against queries");
	fputs("beven = ", o->driver);
	gp_string(o->driver, rel);
	fprintf(o->driver, "\nqmax = %.0f\nylo = %.9g\nyhi = %.9g\ncommon = %zu\n", qmax,
		fmax(ylo, 1 / ns_per_s), fmax(yhi, 2 / ns_per_s), common);
	driver_string_array(o->driver, "name", (const char *const *)label, n);
	driver_number_array(o->driver, "prep", prep, n);
	driver_number_array(o->driver, "query", query, n);
	driver_int_array(o->driver, "series_lt", lt, n);
	driver_int_array(o->driver, "series_dash", dash, n);
	snprintf(out, sizeof(out), "%s-prepare", v->slug);
	driver_load(o, out, "prepare.gp");
	status = 0;
done:
	if (label)
		for (size_t i = 0; i < n; i++)
			free(label[i]);
	free(label);
	free(prep);
	free(query);
	free(lt);
	free(dash);
	return status;
}

/* The preparation against per-query cost chart for V, when some solver
 * has a prepare row on it. Returns 0, or -1 out of memory or a failed
 * write. */
static int prepare_chart(struct plot_out *o, const struct dataset_view *v, double *scratch)
{
	const struct run *r = o->run;
	struct cost *c = malloc((r->algos.n ? r->algos.n : 1) * sizeof(*c));
	size_t n = 0, prepared = 0, common = 0;
	double qmax = min_queries_shown;
	char rel[200];
	int status = -1;

	if (!c || query_costs(r, v, c, &n, &common))
		goto done;
	for (uint32_t a = 0; a < r->algos.n; a++) {
		int work;
		double p = prepare_time(r, v->dataset, a, scratch, &work);
		size_t k;

		if (isnan(p))
			continue;
		for (k = 0; k < n && c[k].algo != a; k++)
			;
		if (k < n && !work) {
			c[k].prepare_s = p;
			continue;
		}
		if (!work)
			continue;
		if (k == n) {
			fprintf(stderr, "bench plot: %s preparation chart: '%s' has a preparation "
				"but no solved instance, left out\n", v->name, r->algos.v[a]);
			continue;
		}
		c[k].prepare_s = p;
		c[k].prepared = 1;
		prepared++;
	}
	status = 0;
	if (!prepared)
		goto done;
	if (n < 2 || isnan(c[0].query_s)) {
		fprintf(stderr, "bench plot: %s preparation chart left out: %s\n", v->name,
			n < 2 ? "no other solver to weigh the preparation against" :
			"no instance that every solver solved");
		goto done;
	}
	if (write_crossings(o, v, c, n, rel, sizeof(rel), &qmax) < 0)
		status = -1;
	else
		status = prepare_driver(o, v, c, n, common, rel,
					fmin(pow(10, ceil(log10(qmax))), max_queries_shown));
done:
	if (status)
		fprintf(stderr, "bench plot: out of memory or a write failed\n");
	free(c);
	return status;
}

/* Every chart of one dataset. */
static int dataset_charts(struct plot_out *o, struct dataset_view *v, double *scratch)
{
	const struct run *r = o->run;
	int *block = malloc(r->algos.n * sizeof(int));
	char len_rel[200], uns_rel[200];
	int nslots, status = -1;

	if (!block || count_solved(v, r) || build_groups(v, r, scratch))
		goto done;
	for (size_t a = 0; a < r->algos.n; a++)
		block[a] = -1;
	nslots = write_length_data(o, v, block, len_rel, uns_rel, sizeof(len_rel));
	if (nslots < 0)
		goto done;
	for (int m = 0; m < METRICS; m++)
		length_chart(o, v, m, block, nslots, len_rel, uns_rel);
	if (box_chart(o, v, scratch) || prepare_chart(o, v, scratch))
		goto done;
	status = 0;
done:
	free(block);
	free(v->groups);
	free(v->solved);
	if (v->label)
		for (size_t a = 0; a < r->algos.n; a++)
			free(v->label[a]);
	free(v->label);
	return status;
}

/* Write the data files and the driver for every dataset of R. */
static int write_charts(struct plot_out *o, struct run *r)
{
	size_t nkeys;
	struct solve_key *keys = solve_keys(r, &nkeys);
	double *scratch = malloc((r->nrows ? r->nrows : 1) * sizeof(*scratch));
	int status = -1;

	if (!keys || !scratch) {
		fprintf(stderr, "bench plot: out of memory\n");
		goto done;
	}
	for (uint32_t d = 0; d < r->datasets.n; d++) {
		struct dataset_view v = { .dataset = d, .name = r->datasets.v[d] };
		size_t a;

		for (a = 0; a < nkeys && keys[a].dataset != d; a++)
			;
		v.keys = keys + a;
		while (a + v.nkeys < nkeys && keys[a + v.nkeys].dataset == d)
			v.nkeys++;
		slug_name(r, d, v.slug, sizeof(v.slug));
		if (!v.nkeys) {
			fprintf(stderr, "bench plot: %s: no solved instance, no charts\n", v.name);
			continue;
		}
		if (dataset_charts(o, &v, scratch))
			goto done;
	}
	status = 0;
done:
	free(keys);
	free(scratch);
	return status;
}

/* Finding things. */

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static int has_probe(const char *dir)
{
	char path[PATH_MAX];

	path_format(path, "%s/%s", dir, PROBE_SCRIPT);
	return !access(path, R_OK);
}

/* The scripts folder: --scripts, else scripts/ beside the executable or
 * one folder up, else the source tree's. Absolute in OUT. */
static int find_scripts(const char *given, char *out)
{
	char exe[PATH_MAX], try[PATH_MAX];
	ssize_t n;

	if (given) {
		if (!has_probe(given) || !realpath(given, out)) {
			fprintf(stderr, "bench plot: no gnuplot scripts in '%s' (it should hold '%s')\n",
				given, PROBE_SCRIPT);
			return -1;
		}
		return 0;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		path_format(try, "%s/scripts", exe);
		if (has_probe(try) && realpath(try, out))
			return 0;
		path_format(try, "%s/../scripts", exe);
		if (has_probe(try) && realpath(try, out))
			return 0;
	}
	path_format(try, "%s/scripts", PB_SOURCE_DIR);
	if (has_probe(try) && realpath(try, out))
		return 0;
	fprintf(stderr, "bench plot: no gnuplot scripts found beside 'bench' or in '%s' "
		"(give --scripts DIR)\n", try);
	return -1;
}

/* Whether PROGRAM can be run: a path, or a name found on PATH. */
static int program_exists(const char *program)
{
	const char *path = getenv("PATH");
	char try[PATH_MAX];

	if (strchr(program, '/'))
		return !access(program, X_OK) && !is_dir(program);
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t len = strcspn(path, ":");

		path_format(try, "%.*s/%s", (int)len, len ? path : ".", program);
		if (!access(try, X_OK) && !is_dir(try))
			return 1;
		path += len + (path[len] == ':');
	}
	return 0;
}

/* Run PROGRAM on the driver inside the fresh folder. Returns 0 when it
 * exited 0. */
static int run_gnuplot(const char *program, const char *dir)
{
	pid_t pid;
	int status;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "bench plot: cannot start gnuplot: %s\n", strerror(errno));
		return -1;
	}
	if (!pid) {
		if (chdir(dir))
			_exit(126);
		execlp(program, program, DRIVER_NAME, (char *)NULL);
		fprintf(stderr, "bench plot: cannot run '%s': %s (%s)\n", program,
			strerror(errno), INSTALL_HINT);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "bench plot: lost gnuplot: %s\n", strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	if (WIFEXITED(status))
		fprintf(stderr, "bench plot: gnuplot failed (exit status %d) on '%s/%s'\n",
			WEXITSTATUS(status), dir, DRIVER_NAME);
	else
		fprintf(stderr, "bench plot: gnuplot died (signal %d) on '%s/%s'\n",
			WTERMSIG(status), dir, DRIVER_NAME);
	return -1;
}

/* Remove PATH and what it holds (our own charts folders: two levels). */
static void remove_tree(const char *path, int depth)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (d) {
		while ((e = readdir(d))) {
			char sub[PATH_MAX];
			struct stat st;

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			path_format(sub, "%s/%s", path, e->d_name);
			if (lstat(sub, &st))
				continue;
			if (S_ISDIR(st.st_mode) && depth > 0)
				remove_tree(sub, depth - 1);
			else if (!S_ISDIR(st.st_mode))
				unlink(sub);
		}
		closedir(d);
	}
	if (rmdir(path) && errno != ENOENT)
		fprintf(stderr, "bench plot: could not remove '%s': %s\n", path, strerror(errno));
}

/* Every chart the driver asked for exists as a non-empty PNG and SVG. */
static int check_outputs(const struct plot_out *o)
{
	DIR *d = opendir(o->tmp);
	struct dirent *e;
	size_t images = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		const char *dot = strrchr(e->d_name, '.');
		char path[PATH_MAX];
		struct stat st;

		if (!dot || (strcmp(dot, ".png") && strcmp(dot, ".svg")))
			continue;
		path_format(path, "%s/%s", o->tmp, e->d_name);
		if (!stat(path, &st) && st.st_size > 0)
			images++;
	}
	closedir(d);
	if (images != 2 * o->charts) {
		fprintf(stderr, "bench plot: gnuplot wrote %zu of the %zu images asked of it in '%s'\n",
			images, 2 * o->charts, o->tmp);
		return -1;
	}
	return 0;
}

/* Put the fresh folder in the place of DIR/charts. */
static int swap_in(const struct plot_out *o, const char *final)
{
	char old[PATH_MAX];

	path_format(old, "%s.old.%ld", final, (long)getpid());
	if (is_dir(final) && rename(final, old)) {
		fprintf(stderr, "bench plot: cannot move '%s' aside: %s\n", final, strerror(errno));
		return -1;
	}
	if (rename(o->tmp, final)) {
		fprintf(stderr, "bench plot: cannot rename '%s' to '%s': %s\n", o->tmp, final,
			strerror(errno));
		if (is_dir(old))
			rename(old, final);
		return -1;
	}
	if (is_dir(old))
		remove_tree(old, 1);
	return 0;
}

static int cmp_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void print_charts(const char *final)
{
	DIR *d = opendir(final);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (!d)
		return;
	while ((e = readdir(d))) {
		const char *dot = strrchr(e->d_name, '.');
		char **v;

		if (!dot || strcmp(dot, ".png"))
			continue;
		v = grow(names, &cap, n + 1, sizeof(*v));
		if (!v)
			break;
		names = v;
		names[n] = strndup(e->d_name, (size_t)(dot - e->d_name));
		if (names[n])
			n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_string);
	printf("%zu charts in '%s' (PNG and SVG):\n", n, final);
	for (size_t i = 0; i < n; i++) {
		printf("  %s\n", names[i]);
		free(names[i]);
	}
	free(names);
}

static void usage(FILE *out)
{
	fputs("usage: bench plot [options] DIR\n"
	      "\n"
	      "Draws every chart of the run in DIR from DIR/runs.csv alone (summary.csv is\n"
	      "not needed: the figures are recomputed; DIR/meta.json, when present, gives\n"
	      "the machine and the date for the titles). Each chart is written as PNG and\n"
	      "SVG to DIR/charts/, which is replaced as a whole:\n"
	      "  <dataset>-time     median solve time by optimal solution length\n"
	      "  <dataset>-memory   median peak bytes by optimal solution length\n"
	      "  <dataset>-nodes    median nodes expanded by optimal solution length\n"
	      "                     (one line per algorithm+heuristic with its\n"
	      "                     interquartile band; unsolvable instances at the right)\n"
	      "  <dataset>-box      solve time per algorithm: quartiles, median, min-max\n"
	      "  <dataset>-prepare  when a solver's preparation did work (nodes expanded\n"
	      "                     or bytes held): total time against the number of\n"
	      "                     queries, and where the preparation pays off\n"
	      "Only solve rows with status ok or unsolvable count. The optimal length is\n"
	      "the dataset's reference, or the shortest ok length where it is '-'.\n"
	      "Quartiles interpolate between order statistics (R's default, type 7).\n"
	      "A chart with no data, or a flat one, is left out with a note on standard\n"
	      "error. The series go to\n"
	      "DIR/charts/data/*.dat and DIR/charts/charts.gp redraws them all:\n"
	      "  cd DIR/charts && gnuplot charts.gp\n"
	      "\n"
	      "options:\n"
	      "  --scripts DIR   the gnuplot scripts (default: scripts/ beside the bench\n"
	      "                  executable or one folder up, else the source tree's)\n"
	      "  --gnuplot PROG  the gnuplot program (default: gnuplot on PATH)\n"
	      "  -h, --help      this text\n"
	      "\n"
	      "Needs gnuplot 5.4 or later with the pngcairo and svg terminals (Debian:\n"
	      "'apt-get install gnuplot-nox'). Exit status: 0 done; 2 bad usage, a bad or\n"
	      "missing runs.csv, no gnuplot, or gnuplot failed (the old charts are kept).\n", out);
}

static int parse_options(int argc, char **argv, struct options *opt)
{
	enum { OPT_SCRIPTS = 256, OPT_GNUPLOT };
	static const struct option longopts[] = {
		{ "scripts", required_argument, NULL, OPT_SCRIPTS },
		{ "gnuplot", required_argument, NULL, OPT_GNUPLOT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*opt = (struct options){ .gnuplot = "gnuplot" };
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_SCRIPTS:
			opt->scripts = optarg;
			break;
		case OPT_GNUPLOT:
			opt->gnuplot = optarg;
			break;
		case 'h':
			opt->help = 1;
			return 0;
		case ':':
			fprintf(stderr, "bench plot: option '%s' needs a value (see 'bench plot --help')\n",
				argv[optind - 1]);
			return PB_EXIT_USAGE;
		default:
			fprintf(stderr, "bench plot: unknown option '%s' (see 'bench plot --help')\n",
				argv[optind - 1]);
			return PB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "bench plot: %s (see 'bench plot --help')\n",
			optind == argc ? "which run? give its folder" : "one run folder at a time");
		return PB_EXIT_USAGE;
	}
	opt->dir = argv[optind];
	return 0;
}

/* Make the fresh folder and its data/ beside FINAL. */
static int make_tmp(struct plot_out *o, const char *final)
{
	char data[PATH_MAX];

	path_format(o->tmp, "%s.new.%ld", final, (long)getpid());
	path_format(data, "%s/%s", o->tmp, DATA_DIR);
	if (is_dir(o->tmp))
		remove_tree(o->tmp, 1);
	if (mkdir(o->tmp, 0777) || mkdir(data, 0777)) {
		fprintf(stderr, "bench plot: cannot make '%s': %s\n", data, strerror(errno));
		return -1;
	}
	return 0;
}

static int open_driver(struct plot_out *o)
{
	char path[PATH_MAX];

	path_format(path, "%s/%s", o->tmp, DRIVER_NAME);
	o->driver = fopen(path, "w");
	if (!o->driver) {
		fprintf(stderr, "bench plot: cannot write '%s': %s\n", path, strerror(errno));
		return -1;
	}
	fputs("# Written by 'bench plot': draws every chart of this run from data/.\n"
	      "# Run it inside this folder: gnuplot charts.gp\n", o->driver);
	fputs("scripts = ", o->driver);
	gp_string(o->driver, o->scripts);
	fputs(" . '/'\n", o->driver);
	return 0;
}

static int plot_run(struct plot_out *o, struct run *r, const struct options *opt,
		    const char *final)
{
	char runs[PATH_MAX];

	if (make_tmp(o, final) || open_driver(o))
		return PB_EXIT_USAGE;
	if (write_charts(o, r)) {
		fclose(o->driver);
		return PB_EXIT_USAGE;
	}
	if (fclose(o->driver)) {
		fprintf(stderr, "bench plot: cannot write '%s/%s'\n", o->tmp, DRIVER_NAME);
		return PB_EXIT_USAGE;
	}
	if (!o->charts) {
		path_format(runs, "%s/runs.csv", opt->dir);
		fprintf(stderr, "bench plot: nothing to chart in '%s'\n", runs);
		return PB_EXIT_USAGE;
	}
	if (run_gnuplot(opt->gnuplot, o->tmp) || check_outputs(o) || swap_in(o, final))
		return PB_EXIT_USAGE;
	return PB_EXIT_OK;
}

int cmd_plot(int argc, char **argv)
{
	struct options opt;
	struct run r = { 0 };
	struct plot_out o = { .run = &r };
	char path[PATH_MAX], final[PATH_MAX];
	int status = parse_options(argc, argv, &opt);

	if (status)
		return status;
	if (opt.help) {
		usage(stdout);
		return PB_EXIT_OK;
	}
	if (strlen(opt.dir) > PATH_MAX - PATH_ROOM) {
		fprintf(stderr, "bench plot: the run folder's path is too long\n");
		return PB_EXIT_USAGE;
	}
	if (!is_dir(opt.dir)) {
		fprintf(stderr, "bench plot: no run folder '%s'\n", opt.dir);
		return PB_EXIT_USAGE;
	}
	path_format(path, "%s/runs.csv", opt.dir);
	status = read_runs(&r, path);
	if (!status) {
		path_format(path, "%s/meta.json", opt.dir);
		read_meta(&r, path);
		caveat_of(&r, o.caveat, sizeof(o.caveat));
		if (find_scripts(opt.scripts, o.scripts)) {
			status = PB_EXIT_USAGE;
		} else if (!program_exists(opt.gnuplot)) {
			fprintf(stderr, "bench plot: gnuplot not found as '%s' (%s)\n", opt.gnuplot,
				INSTALL_HINT);
			status = PB_EXIT_USAGE;
		}
	}
	if (!status) {
		path_format(final, "%s/%s", opt.dir, CHARTS_DIR);
		status = plot_run(&o, &r, &opt, final);
		if (o.tmp[0] && is_dir(o.tmp))
			remove_tree(o.tmp, 1);
		if (!status)
			print_charts(final);
	}
	run_release(&r);
	return status;
}
