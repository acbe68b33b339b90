#include "harness/report/report.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"
#include "harness/io/units.h"

#define PREPARE_INSTANCE "-"
#define NO_VALUE "-"
/* FNV-1a, 64 bits (Fowler, Noll, Vo): offset basis and prime as published. */
#define FNV_OFFSET_BASIS 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL
/* Above this relative spread between quartiles, a sample is noisy. */
#define NOISY_SPREAD 0.25
/* Warn when more than this share of instances is noisy. */
#define NOISY_SHARE 0.10
/* Repeats needed to estimate the spread of one instance. */
#define SPREAD_MIN_REPEATS 3
/* Sort keys of the optimal length: after every length, unsolvable, then
 * unknown. */
#define OPT_KEY_UNSOLVABLE (PB_MAX_PATH + 1)
#define OPT_KEY_UNKNOWN (PB_MAX_PATH + 2)

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

/* The index of NAME, added if new; REPORT_NONE when out of memory. */
static uint32_t names_intern(report_names *n, const char *name)
{
	uint32_t i = report_find(n, name);
	size_t j;

	if (i != REPORT_NONE)
		return i;
	if (n->count == REPORT_NONE - 1)
		return REPORT_NONE;
	if (2 * (n->count + 1) > n->mask && names_grow(n))
		return REPORT_NONE;
	if (n->count == n->cap) {
		size_t cap = n->cap ? 2 * n->cap : 16;
		char **p = realloc(n->names, cap * sizeof(*p));

		if (!p)
			return REPORT_NONE;
		n->names = p;
		n->cap = cap;
	}
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
	free(r->rows);
	memset(r, 0, sizeof(*r));
}

int report_add(report *r, const char *dataset_name, const char *instance,
	       const char *algorithm, const char *heuristic, const report_row *row)
{
	report_row *p;

	if (r->count == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 256;

		p = realloc(r->rows, cap * sizeof(*p));
		if (!p)
			return -1;
		r->rows = p;
		r->cap = cap;
	}
	p = &r->rows[r->count];
	*p = *row;
	p->dataset = names_intern(&r->datasets, dataset_name);
	p->instance = instance ? names_intern(&r->instances, instance) : REPORT_NONE;
	p->algorithm = names_intern(&r->algorithms, algorithm);
	p->heuristic = names_intern(&r->heuristics, heuristic);
	if (p->dataset == REPORT_NONE || (instance && p->instance == REPORT_NONE) ||
	    p->algorithm == REPORT_NONE || p->heuristic == REPORT_NONE)
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
		.expanded = row->expanded,
		.generated = row->generated,
		.wall_ns = row->wall_ns,
		.cpu_ns = row->cpu_ns,
		.peak_bytes = row->peak_bytes,
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
		fprintf(out, "%" PRIu64 "\n", row->rss_bytes);
	else
		fputs(NO_VALUE "\n", out);
}

/* runs.csv reading */

enum { COL_DATASET, COL_INSTANCE, COL_ALGORITHM, COL_HEURISTIC, COL_REPEAT, COL_PHASE,
       COL_STATUS, COL_LENGTH, COL_REFERENCE, COL_EXPANDED, COL_GENERATED, COL_WALL,
       COL_CPU, COL_PEAK, NCOLS };
static const char *const column_names[NCOLS] = {
	"dataset", "instance", "algorithm", "heuristic", "repeat", "phase", "status",
	"length", "reference", "expanded", "generated", "wall_ns", "cpu_ns", "peak_bytes",
};
#define MAX_FIELDS 64

static int parse_u64(const char *s, uint64_t *v)
{
	return units_parse_count(s, 0, UINT64_MAX, v);
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
	if (unsolvable_ok && !strcmp(s, "unsolvable")) {
		*v = DATASET_REF_UNSOLVABLE;
		return 0;
	}
	if (units_parse_count(s, 0, PB_MAX_PATH, &n))
		return -1;
	*v = (int16_t)n;
	return 0;
}

static int load_row(report *r, char **f, const int *col, const char **what)
{
	report_row v = { 0 };
	uint64_t repeat;
	int status;
	bool prepare;

	*what = "repeat";
	if (units_parse_count(f[col[COL_REPEAT]], 1, UINT32_MAX, &repeat))
		return -1;
	v.repeat = (uint32_t)repeat;
	*what = "phase";
	prepare = !strcmp(f[col[COL_PHASE]], phase_names[RUN_PREPARE]);
	if (!prepare && strcmp(f[col[COL_PHASE]], phase_names[RUN_SOLVE]))
		return -1;
	v.phase = prepare ? RUN_PREPARE : RUN_SOLVE;
	*what = "status";
	status = run_status_parse(f[col[COL_STATUS]]);
	if (status < 0)
		return -1;
	v.status = (uint8_t)status;
	*what = "length";
	if (parse_length(f[col[COL_LENGTH]], false, &v.length))
		return -1;
	*what = "reference";
	if (parse_length(f[col[COL_REFERENCE]], true, &v.reference))
		return -1;
	*what = "a count or time";
	if (parse_u64(f[col[COL_EXPANDED]], &v.expanded) ||
	    parse_u64(f[col[COL_GENERATED]], &v.generated) ||
	    parse_u64(f[col[COL_WALL]], &v.wall_ns) || parse_u64(f[col[COL_CPU]], &v.cpu_ns) ||
	    parse_u64(f[col[COL_PEAK]], &v.peak_bytes))
		return -1;
	*what = NULL;
	return report_add(r, f[col[COL_DATASET]], prepare ? NULL : f[col[COL_INSTANCE]],
			  f[col[COL_ALGORITHM]], f[col[COL_HEURISTIC]], &v);
}

static int load_stream(report *r, FILE *in, const char *path, char *err, size_t errlen)
{
	char line[CSV_MAX_LINE], *f[MAX_FIELDS];
	int col[NCOLS], n, ncols = 0;
	unsigned lineno = 0;
	long len;

	while ((len = csv_read_line(in, line)) != -1) {
		const char *what;

		lineno++;
		if (len == -2) {
			snprintf(err, errlen, "%s:%u: line too long or a NUL byte (not a runs.csv?)",
				 path, lineno);
			return -1;
		}
		n = csv_split(line, f, MAX_FIELDS);
		if (n < 0) {
			snprintf(err, errlen, "%s:%u: more than %d fields or an open quote", path,
				 lineno, MAX_FIELDS);
			return -1;
		}
		if (lineno == 1) {
			for (int c = 0; c < NCOLS; c++) {
				col[c] = csv_column(f, n, column_names[c]);
				if (col[c] < 0) {
					snprintf(err, errlen, "%s:1: no '%s' column (not a runs.csv?)",
						 path, column_names[c]);
					return -1;
				}
			}
			ncols = n;
			continue;
		}
		if (n == 1 && !f[0][0])
			continue;
		if (n != ncols) {
			snprintf(err, errlen, "%s:%u: %d fields where the header has %d", path,
				 lineno, n, ncols);
			return -1;
		}
		if (load_row(r, f, col, &what)) {
			if (what)
				snprintf(err, errlen, "%s:%u: bad %s", path, lineno, what);
			else
				snprintf(err, errlen, "%s:%u: out of memory", path, lineno);
			return -1;
		}
	}
	if (ferror(in)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!lineno) {
		snprintf(err, errlen, "%s: empty (not a runs.csv?)", path);
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
	rc = load_stream(r, in, path, err, errlen);
	fclose(in);
	return rc;
}

/* statistics */

double report_quantile(const uint64_t *x, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)floor(h);

	if (lo + 1 >= n)
		return (double)x[n - 1];
	return (double)x[lo] + (h - (double)lo) * ((double)x[lo + 1] - (double)x[lo]);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* A solve row's sort key: (dataset, algorithm, heuristic, optimal key,
 * instance, repeat), compared field by field. */
typedef struct row_key {
	uint32_t dataset, algorithm, heuristic, opt, instance, repeat;
	size_t row;
} row_key;

static int cmp_key(const void *a, const void *b)
{
	const row_key *x = a, *y = b;
	const uint32_t fx[] = { x->dataset, x->algorithm, x->heuristic, x->opt, x->instance, x->repeat };
	const uint32_t fy[] = { y->dataset, y->algorithm, y->heuristic, y->opt, y->instance, y->repeat };

	for (size_t i = 0; i < sizeof(fx) / sizeof(fx[0]); i++)
		if (fx[i] != fy[i])
			return fx[i] < fy[i] ? -1 : 1;
	return 0;
}

/* Sort keys of the solve rows by (dataset, instance), to settle each
 * instance's optimal length. */
static int cmp_instance(const void *a, const void *b)
{
	const row_key *x = a, *y = b;

	if (x->dataset != y->dataset)
		return x->dataset < y->dataset ? -1 : 1;
	if (x->instance != y->instance)
		return x->instance < y->instance ? -1 : 1;
	return 0;
}

static uint32_t opt_key(int optimal)
{
	return optimal >= 0 ? (uint32_t)optimal
	       : optimal == DATASET_REF_UNSOLVABLE ? OPT_KEY_UNSOLVABLE : OPT_KEY_UNKNOWN;
}

static int opt_of_key(uint32_t key)
{
	return key == OPT_KEY_UNSOLVABLE ? DATASET_REF_UNSOLVABLE
	       : key == OPT_KEY_UNKNOWN ? DATASET_REF_UNKNOWN : (int)key;
}

/* Each instance's optimal length: the reference; else 'unsolvable' when a
 * solver said so and was not found wrong; else the shortest accepted path
 * (every accepted path is replayed, and optimal solvers agree on its
 * length); else unknown. Sets keys[].opt. */
static void settle_optimal(const report *r, row_key *keys, size_t n)
{
	qsort(keys, n, sizeof(*keys), cmp_instance);
	for (size_t i = 0, j; i < n; i = j) {
		int opt = DATASET_REF_UNKNOWN;

		for (j = i; j < n && !cmp_instance(&keys[i], &keys[j]); j++) {
			const report_row *row = &r->rows[keys[j].row];

			if (row->reference != DATASET_REF_UNKNOWN)
				opt = row->reference;
			else if (opt == DATASET_REF_UNKNOWN && row->status == RUN_UNSOLVABLE)
				opt = DATASET_REF_UNSOLVABLE;
		}
		if (opt == DATASET_REF_UNKNOWN) {
			for (size_t k = i; k < j; k++) {
				const report_row *row = &r->rows[keys[k].row];

				if (row->status == RUN_OK && (opt < 0 || row->length < opt))
					opt = row->length;
			}
		}
		for (size_t k = i; k < j; k++)
			keys[k].opt = opt_key(opt);
	}
}

enum measure { M_WALL, M_CPU, M_PEAK, M_EXPANDED, M_GENERATED };

static uint64_t measure_of(const report_row *row, enum measure m)
{
	switch (m) {
	case M_WALL: return row->wall_ns;
	case M_CPU: return row->cpu_ns;
	case M_PEAK: return row->peak_bytes;
	case M_EXPANDED: return row->expanded;
	case M_GENERATED: break;
	}
	return row->generated;
}

/* Measure M of the answered rows among K[0..n), sorted, into BUF. Returns
 * how many. */
static size_t answered_values(const report *r, const row_key *k, size_t n,
			      enum measure m, uint64_t *buf)
{
	size_t count = 0;

	for (size_t i = 0; i < n; i++)
		if (run_status_answered(r->rows[k[i].row].status))
			buf[count++] = measure_of(&r->rows[k[i].row], m);
	qsort(buf, count, sizeof(*buf), cmp_u64);
	return count;
}

/* Fill G from the sorted keys K[0..n) of one group; BUF has room for n. */
static void group_stats(const report *r, const row_key *k, size_t n, uint64_t *buf,
			report_group *g)
{
	size_t m;

	memset(g, 0, sizeof(*g));
	g->dataset = k[0].dataset;
	g->algorithm = k[0].algorithm;
	g->heuristic = k[0].heuristic;
	g->optimal = opt_of_key(k[0].opt);
	for (size_t i = 0, j; i < n; i = j) {
		bool all = true;

		for (j = i; j < n && k[j].instance == k[i].instance; j++)
			all = all && run_status_answered(r->rows[k[j].row].status);
		g->count++;
		g->solved += all;
	}
	m = answered_values(r, k, n, M_WALL, buf);
	g->answered = m;
	if (!m)
		return;
	g->median_ns = report_quantile(buf, m, 0.5);
	g->q1_ns = report_quantile(buf, m, 0.25);
	g->q3_ns = report_quantile(buf, m, 0.75);
	g->min_ns = (double)buf[0];
	g->max_ns = (double)buf[m - 1];
	answered_values(r, k, n, M_PEAK, buf);
	g->median_peak = report_quantile(buf, m, 0.5);
	answered_values(r, k, n, M_EXPANDED, buf);
	g->median_expanded = report_quantile(buf, m, 0.5);
	answered_values(r, k, n, M_GENERATED, buf);
	g->median_generated = report_quantile(buf, m, 0.5);
}

/* The solve rows' keys, optimal lengths settled, sorted by group. Returns
 * the array (free() it) and its length in *N, or NULL when out of memory
 * (or no rows: *N = 0). */
static row_key *solve_keys(const report *r, size_t *n)
{
	row_key *keys = malloc((r->count ? r->count : 1) * sizeof(*keys));
	size_t m = 0;

	*n = 0;
	if (!keys)
		return NULL;
	for (size_t i = 0; i < r->count; i++) {
		const report_row *row = &r->rows[i];

		if (row->phase != RUN_SOLVE)
			continue;
		keys[m++] = (row_key){
			.dataset = row->dataset, .algorithm = row->algorithm,
			.heuristic = row->heuristic, .instance = row->instance,
			.repeat = row->repeat, .row = i,
		};
	}
	settle_optimal(r, keys, m);
	qsort(keys, m, sizeof(*keys), cmp_key);
	*n = m;
	return keys;
}

static bool same_group(const row_key *a, const row_key *b)
{
	return a->dataset == b->dataset && a->algorithm == b->algorithm &&
	       a->heuristic == b->heuristic && a->opt == b->opt;
}

long report_summarize(const report *r, report_group **groups)
{
	size_t n, ng = 0;
	row_key *keys = solve_keys(r, &n);
	uint64_t *buf = malloc((n ? n : 1) * sizeof(*buf));
	report_group *g = malloc((n ? n : 1) * sizeof(*g));

	*groups = NULL;
	if (!keys || !buf || !g) {
		free(keys);
		free(buf);
		free(g);
		return -1;
	}
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && same_group(&keys[i], &keys[j]); j++)
			;
		group_stats(r, keys + i, j - i, buf, &g[ng++]);
	}
	free(keys);
	free(buf);
	*groups = g;
	return (long)ng;
}

static void write_stat(FILE *out, double v, bool have)
{
	if (have)
		fprintf(out, ",%.0f", v);
	else
		fputs("," NO_VALUE, out);
}

void report_write_summary(FILE *out, const report *r, const report_group *g, size_t n)
{
	char opt[16];

	fputs(REPORT_SUMMARY_HEADER "\n", out);
	for (size_t i = 0; i < n; i++) {
		bool have = g[i].answered > 0;

		csv_write_field(out, report_name(&r->datasets, g[i].dataset));
		putc(',', out);
		csv_write_field(out, report_name(&r->algorithms, g[i].algorithm));
		putc(',', out);
		csv_write_field(out, report_name(&r->heuristics, g[i].heuristic));
		fprintf(out, ",%s,%zu,%zu", dataset_format_reference(g[i].optimal, opt, sizeof(opt)),
			g[i].count, g[i].solved);
		write_stat(out, g[i].median_ns, have);
		write_stat(out, g[i].q1_ns, have);
		write_stat(out, g[i].q3_ns, have);
		write_stat(out, g[i].min_ns, have);
		write_stat(out, g[i].max_ns, have);
		write_stat(out, g[i].median_peak, have);
		write_stat(out, g[i].median_expanded, have);
		write_stat(out, g[i].median_generated, have);
		putc('\n', out);
	}
}

/* The summary table */

/* One line of the table: an algorithm (with its heuristic) on a dataset. */
typedef struct table_line {
	uint32_t dataset, algorithm, heuristic;
	size_t total, solved, wrong, timeout, memout, failed, unsupported, interrupted;
	size_t below_reference, noisy, spread_sampled;
	double median_ns, median_expanded;
	uint64_t max_peak;
	bool have_median;
	const report_row *prepare;
} table_line;

static const report_row *find_prepare(const report *r, const row_key *k)
{
	for (size_t i = 0; i < r->count; i++) {
		const report_row *row = &r->rows[i];

		if (row->phase == RUN_PREPARE && row->dataset == k->dataset &&
		    row->algorithm == k->algorithm && row->heuristic == k->heuristic)
			return row;
	}
	return NULL;
}

/* Count instance K[0..n)'s statuses and spread into L. */
static void line_instance(const report *r, const row_key *k, size_t n, uint64_t *buf,
			  table_line *l)
{
	bool all = true, wrong = false, timeout = false, memout = false, failed = false;
	bool unsupported = false, interrupted = false;
	size_t m;

	for (size_t i = 0; i < n; i++) {
		const report_row *row = &r->rows[k[i].row];

		all = all && run_status_answered(row->status);
		wrong |= row->status == RUN_WRONG;
		timeout |= row->status == RUN_TIMEOUT;
		memout |= row->status == RUN_MEMOUT;
		failed |= row->status == RUN_ERROR || row->status == RUN_CRASH;
		unsupported |= row->status == RUN_UNSUPPORTED;
		interrupted |= row->status == RUN_INTERRUPTED;
		if (row->status == RUN_OK && row->reference >= 0 && row->length < row->reference)
			l->below_reference++;
		if (row->peak_bytes > l->max_peak)
			l->max_peak = row->peak_bytes;
	}
	l->total++;
	l->solved += all;
	l->wrong += wrong;
	l->timeout += timeout;
	l->memout += memout;
	l->failed += failed;
	l->unsupported += unsupported;
	l->interrupted += interrupted;
	m = answered_values(r, k, n, M_WALL, buf);
	if (m >= SPREAD_MIN_REPEATS) {
		double med = report_quantile(buf, m, 0.5);
		double iqr = report_quantile(buf, m, 0.75) - report_quantile(buf, m, 0.25);

		l->spread_sampled++;
		l->noisy += med > 0 && iqr / med > NOISY_SPREAD;
	}
}

/* Fill L from the keys K[0..n) of one dataset and algorithm. */
static void line_stats(const report *r, const row_key *k, size_t n, uint64_t *buf,
		       table_line *l)
{
	size_t m;

	memset(l, 0, sizeof(*l));
	l->dataset = k[0].dataset;
	l->algorithm = k[0].algorithm;
	l->heuristic = k[0].heuristic;
	l->prepare = find_prepare(r, k);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && k[j].instance == k[i].instance && k[j].opt == k[i].opt; j++)
			;
		line_instance(r, k + i, j - i, buf, l);
	}
	m = answered_values(r, k, n, M_WALL, buf);
	if (!m)
		return;
	l->have_median = true;
	l->median_ns = report_quantile(buf, m, 0.5);
	answered_values(r, k, n, M_EXPANDED, buf);
	l->median_expanded = report_quantile(buf, m, 0.5);
}

static const char *algorithm_label(const report *r, const table_line *l, char *buf,
				   size_t size)
{
	const char *h = report_name(&r->heuristics, l->heuristic);

	if (!strcmp(h, NO_VALUE))
		snprintf(buf, size, "%s", report_name(&r->algorithms, l->algorithm));
	else
		snprintf(buf, size, "%s/%s", report_name(&r->algorithms, l->algorithm), h);
	return buf;
}

static void print_line(FILE *out, const report *r, const table_line *l, double best)
{
	char label[64], solved[32], t[24], ratio[16], peak[24], exp[24], prep[64];
	char pt[24], pb[24];

	snprintf(solved, sizeof(solved), "%zu/%zu", l->solved, l->total);
	if (l->have_median) {
		units_format_ns((uint64_t)llround(l->median_ns), t, sizeof(t));
		snprintf(ratio, sizeof(ratio), "%.2f", best > 0 ? l->median_ns / best : 1.0);
		units_format_count((uint64_t)llround(l->median_expanded), exp, sizeof(exp));
	} else {
		snprintf(t, sizeof(t), NO_VALUE);
		snprintf(ratio, sizeof(ratio), NO_VALUE);
		snprintf(exp, sizeof(exp), NO_VALUE);
	}
	units_format_bytes(l->max_peak, peak, sizeof(peak));
	if (!l->prepare)
		snprintf(prep, sizeof(prep), NO_VALUE);
	else if (l->prepare->status != RUN_OK)
		snprintf(prep, sizeof(prep), "%s", run_status_name(l->prepare->status));
	else
		snprintf(prep, sizeof(prep), "%s, %s",
			 units_format_ns(l->prepare->wall_ns, pt, sizeof(pt)),
			 units_format_bytes(l->prepare->peak_bytes, pb, sizeof(pb)));
	fprintf(out, "  %-22s %9s %10s %7s %10s %9s %5zu %5zu %5zu  %s\n",
		algorithm_label(r, l, label, sizeof(label)), solved, t, ratio, peak, exp,
		l->wrong, l->timeout, l->memout, prep);
}

#ifndef PB_BUILD_TYPE
#define PB_BUILD_TYPE "unknown"
#endif

/* Warnings about one line's numbers. */
static void warn_line(FILE *out, const report *r, const table_line *l)
{
	char label[64];

	algorithm_label(r, l, label, sizeof(label));
	if (l->wrong)
		fprintf(out, "  ! %s: %zu wrong answer%s (see the 'wrong' rows of runs.csv)\n",
			label, l->wrong, l->wrong == 1 ? "" : "s");
	if (l->below_reference)
		fprintf(out, "  ! %s: %zu path%s shorter than the dataset's reference: the reference is wrong there\n",
			label, l->below_reference, l->below_reference == 1 ? "" : "s");
	if (l->failed)
		fprintf(out, "  ! %s: %zu instance%s ended in an error or a crash\n", label,
			l->failed, l->failed == 1 ? "" : "s");
	if (l->interrupted)
		fprintf(out, "  ! %s: interrupted: the figures cover what finished\n", label);
	if (l->unsupported == l->total && l->total)
		fprintf(out, "  - %s does not serve this domain\n", label);
	if (l->spread_sampled && (double)l->noisy > NOISY_SHARE * (double)l->spread_sampled)
		fprintf(out, "  ! %s: the repeats of %zu of %zu instances spread by more than %.0f%% "
			"between quartiles: the machine is busy or the times are too short to trust\n",
			label, l->noisy, l->spread_sampled, 100 * NOISY_SPREAD);
}

static void print_dataset(FILE *out, const report *r, const table_line *lines, size_t n)
{
	double best = 0;
	size_t total = 0;
	bool mixed = false, few_repeats = false;

	for (size_t i = 0; i < n; i++) {
		if (lines[i].have_median && (best == 0 || lines[i].median_ns < best))
			best = lines[i].median_ns;
		if (lines[i].total > total)
			total = lines[i].total;
		if (lines[i].solved != lines[0].solved && lines[i].unsupported != lines[i].total)
			mixed = true;
		if (lines[i].have_median && !lines[i].spread_sampled)
			few_repeats = true;
	}
	fprintf(out, "\n%s: %zu instance%s\n", report_name(&r->datasets, lines[0].dataset), total,
		total == 1 ? "" : "s");
	fprintf(out, "  %-22s %9s %10s %7s %10s %9s %5s %5s %5s  %s\n", "algorithm", "solved",
		"median", "x best", "max peak", "expanded", "wrong", "t/o", "mem", "prepare");
	for (size_t i = 0; i < n; i++)
		print_line(out, r, &lines[i], best);
	for (size_t i = 0; i < n; i++)
		warn_line(out, r, &lines[i]);
	if (mixed)
		fprintf(out, "  - the medians cover the instances each algorithm answered, and these differ\n");
	if (few_repeats)
		fprintf(out, "  - fewer than %d repeats: no spread estimate (--repeat %d or more)\n",
			SPREAD_MIN_REPEATS, SPREAD_MIN_REPEATS);
}

static bool same_line(const row_key *a, const row_key *b)
{
	return a->dataset == b->dataset && a->algorithm == b->algorithm &&
	       a->heuristic == b->heuristic;
}

static void print_build_warnings(FILE *out)
{
#if defined(PB_SANITIZED) && PB_SANITIZED
	fprintf(out, "warning: a sanitizer build: times and memory are not those of a release build\n");
#endif
	if (strcmp(PB_BUILD_TYPE, "Release") && strcmp(PB_BUILD_TYPE, "RelWithDebInfo"))
		fprintf(out, "warning: a '%s' build, not Release: times are not representative\n",
			PB_BUILD_TYPE);
}

size_t report_print_table(FILE *out, const report *r)
{
	size_t n, nlines = 0, wrong = 0;
	row_key *keys = solve_keys(r, &n);
	uint64_t *buf = malloc((n ? n : 1) * sizeof(*buf));
	table_line *lines = malloc((n ? n : 1) * sizeof(*lines));

	for (size_t i = 0; i < r->count; i++)
		wrong += r->rows[i].status == RUN_WRONG;
	if (!keys || !buf || !lines) {
		fprintf(out, "(no table: out of memory)\n");
		goto out;
	}
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && same_line(&keys[i], &keys[j]); j++)
			;
		line_stats(r, keys + i, j - i, buf, &lines[nlines++]);
	}
	for (size_t i = 0, j; i < nlines; i = j) {
		for (j = i; j < nlines && lines[j].dataset == lines[i].dataset; j++)
			;
		print_dataset(out, r, lines + i, j - i);
	}
	print_build_warnings(out);
out:
	free(keys);
	free(buf);
	free(lines);
	return wrong;
}
