/* A run's rows kept compactly (harness/report/runs.c, groups.c): the
 * summary of many rows, some of an instance apart from the others (as a
 * resumed run leaves them), groups too large to sort at once, is what a
 * plain sort of every row gives (computed here, on its own); a run's
 * summary is that of its runs.csv read back; a solve row costs a few bytes
 * of code. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/prng.h"
#include "harness/report/report.h"
#include "tests/support/support.h"

TestSuite(report_scale, .init = ht_suite_init, .fini = ht_suite_fini);

/* One synthetic solve row, as the test keeps it. */
typedef struct trow {
	int dataset, series, instance, status, length;
	uint64_t expanded, generated, wall, peak;
} trow;

enum { DATASETS = 2, SERIES = 3, UNKNOWN = -1, UNSOLVABLE = -2 };
static const char *const algorithms[SERIES] = { "alg-a", "alg-b", "alg-b" };
static const char *const heuristics[SERIES] = { "-", "h1", "h2" };

typedef struct synthetic {
	trow *rows;
	size_t n, cap;
	int instances;
	int *reference; /* per dataset and instance */
} synthetic;

static void add_row(synthetic *s, trow r)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 4096;
		s->rows = realloc(s->rows, s->cap * sizeof(*s->rows));
		cr_assert_not_null(s->rows);
	}
	s->rows[s->n++] = r;
}

static bool answered(int status)
{
	return status == RUN_OK || status == RUN_UNSOLVABLE;
}

/* Rows for INSTANCES instances of each dataset, each series, 1 to 4
 * repeats: references of two lengths mostly (groups of tens of thousands
 * of rows), some unknown, some unsolvable; a few timeouts (the instance's
 * last row), wrong answers and errors; walls of every size, counters that
 * now and then differ between repeats. */
static void make_rows(synthetic *s, int instances, uint64_t seed)
{
	prng g;

	prng_seed(&g, seed);
	memset(s, 0, sizeof(*s));
	s->instances = instances;
	s->reference = malloc(DATASETS * (size_t)instances * sizeof(int));
	cr_assert_not_null(s->reference);
	for (int d = 0; d < DATASETS; d++) {
		for (int i = 0; i < instances; i++) {
			uint64_t r = prng_next(&g) % 20;

			s->reference[d * instances + i] = r < 2 ? UNKNOWN : r < 3 ? UNSOLVABLE : 3 + (r >= 17);
		}
		for (int k = 0; k < SERIES; k++) {
			for (int i = 0; i < instances; i++) {
				int ref = s->reference[d * instances + i];
				int repeats = 1 + (int)(prng_next(&g) % 4);
				uint64_t expanded = prng_next(&g) % 100000;

				for (int rep = 0; rep < repeats; rep++) {
					uint64_t r = prng_next(&g);
					trow t = { .dataset = d, .series = k, .instance = i,
						   .status = ref == UNSOLVABLE ? RUN_UNSOLVABLE : RUN_OK,
						   .expanded = r % 31 ? expanded : r % 777,
						   .peak = r % 29 ? 64 : r % 100000 };

					t.generated = 3 * t.expanded;
					t.length = ref >= 0 ? ref : ref == UNKNOWN ? 5 + (int)(r % 3) : RUN_NO_LENGTH;
					if (r % 97 == 0) {
						t.status = RUN_TIMEOUT;
						t.length = RUN_NO_LENGTH;
					} else if (r % 89 == 0) {
						t.status = RUN_WRONG;
						t.length = (int)(r % 40);
					} else if (r % 83 == 0) {
						t.status = RUN_ERROR;
						t.length = RUN_NO_LENGTH;
					}
					switch (r >> 60) {
					case 0: t.wall = r >> 1; break;            /* 63 bits */
					case 1: t.wall = (r >> 8) % 1000000000; break;
					default: t.wall = 20 + (r >> 8) % 40; break; /* a fast solve */
					}
					add_row(s, t);
					if (t.status == RUN_TIMEOUT || t.status == RUN_ERROR)
						break;
				}
			}
		}
	}
}

static void write_row(FILE *f, const synthetic *s, const trow *t)
{
	int ref = s->reference[t->dataset * s->instances + t->instance];
	char length[16], reference[16];

	snprintf(length, sizeof(length), t->length < 0 ? "-" : "%d", t->length);
	snprintf(reference, sizeof(reference), ref == UNKNOWN ? "-" : ref == UNSOLVABLE ? "unsolvable"
		 : "%d", ref);
	fprintf(f, "d%d,i%d,%s,%s,1,solve,%s,%s,%s,%llu,%llu,%llu,%llu,%llu,-,1\n", t->dataset,
		t->instance, algorithms[t->series], heuristics[t->series], run_status_name(t->status),
		length, reference, (unsigned long long)t->expanded, (unsigned long long)t->generated,
		(unsigned long long)t->wall, (unsigned long long)t->wall, (unsigned long long)t->peak);
}

/* S's rows as a runs.csv at PATH: each dataset's preparations, its rows in
 * order, but the later repeats of every seventh instance of each series
 * come at the end of the file (as a run killed and resumed writes them),
 * and the second dataset names its instances the other way round. */
static void write_runs(const synthetic *s, const char *path)
{
	FILE *f = fopen(path, "w");
	bool *later = calloc(s->n, sizeof(*later));

	cr_assert(f && later);
	fputs(HT_RUNS_HEADER_BEFORE_NOTE "\n", f);
	for (int d = 0; d < DATASETS; d++)
		for (int k = 0; k < SERIES; k++)
			fprintf(f, "d%d,-,%s,%s,1,prepare,ok,-,-,0,0,%d,0,%d,-,1\n", d, algorithms[k],
				heuristics[k], 1000 + k, k * 5000);
	for (size_t i = 0; i < s->n; i++)
		later[i] = i && s->rows[i].instance % 7 == 0 &&
			   s->rows[i - 1].instance == s->rows[i].instance &&
			   s->rows[i - 1].series == s->rows[i].series;
	for (size_t i = 0; i < s->n; i++)
		if (!later[i])
			write_row(f, s, &s->rows[i]);
	for (size_t i = 0; i < s->n; i++)
		if (later[i])
			write_row(f, s, &s->rows[i]);
	fclose(f);
	free(later);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Quantile Q of the N sorted X: R's and NumPy's default (Hyndman and Fan's
 * type 7), written here again. */
static double quantile7(const double *x, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)floor(h);

	return lo + 1 >= n ? x[n - 1] : x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}

/* The optimal length of instance I of dataset D by groups.h's rule, from
 * the rows themselves: the reference; unsolvable when a row said so; the
 * shortest ok path; unknown. */
static int optimal_of(const synthetic *s, int d, int i, const int *shortest, const bool *said)
{
	int ref = s->reference[d * s->instances + i];

	if (ref != UNKNOWN)
		return ref;
	if (said[d * s->instances + i])
		return UNSOLVABLE;
	return shortest[d * s->instances + i];
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A row's place for the sort: dataset, series, optimal length, instance. */
typedef struct place {
	int key[4];
	size_t row;
} place;

static int cmp_place(const void *a, const void *b)
{
	const place *x = a, *y = b;

	for (int i = 0; i < 4; i++)
		if (x->key[i] != y->key[i])
			return x->key[i] < y->key[i] ? -1 : 1;
	return 0;
}

/* The summary line of the group of rows P[0..n) (sorted places) of S. */
static char *group_line(const synthetic *s, const place *p, size_t n, double **x)
{
	size_t count = 0, solved = 0, m = 0;
	char line[512], optimal[16];
	int o = p[0].key[2];

	for (size_t i = 0, j; i < n; i = j) {
		bool all = true;

		for (j = i; j < n && p[j].key[3] == p[i].key[3]; j++) {
			const trow *u = &s->rows[p[j].row];

			all &= answered(u->status);
			if (!answered(u->status))
				continue;
			x[0][m] = (double)u->wall;
			x[1][m] = (double)u->peak;
			x[2][m] = (double)u->expanded;
			x[3][m++] = (double)u->generated;
		}
		count++;
		solved += all;
	}
	snprintf(optimal, sizeof(optimal), o == UNKNOWN ? "-" : o == UNSOLVABLE ? "unsolvable" : "%d",
		 o);
	for (int k = 0; k < 4 && m; k++)
		qsort(x[k], m, sizeof(double), cmp_double);
	if (m)
		snprintf(line, sizeof(line), "d%d,%s,%s,%s,%zu,%zu,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,"
			 "%.0f", p[0].key[0], algorithms[p[0].key[1]], heuristics[p[0].key[1]], optimal,
			 count, solved, quantile7(x[0], m, 0.5), quantile7(x[0], m, 0.25),
			 quantile7(x[0], m, 0.75), x[0][0], x[0][m - 1], quantile7(x[1], m, 0.5),
			 quantile7(x[2], m, 0.5), quantile7(x[3], m, 0.5));
	else
		snprintf(line, sizeof(line), "d%d,%s,%s,%s,%zu,%zu,-,-,-,-,-,-,-,-", p[0].key[0],
			 algorithms[p[0].key[1]], heuristics[p[0].key[1]], optimal, count, solved);
	return strdup(line);
}

/* summary.csv's lines for S, from a sort of every group's rows, into
 * LINES (sorted; free each and the array). Returns the count. */
static size_t expected_summary(const synthetic *s, char ***lines)
{
	size_t ncell = (size_t)DATASETS * s->instances, nl = 0;
	int *shortest = malloc(ncell * sizeof(int));
	bool *said = calloc(ncell, sizeof(bool));
	place *p = malloc(s->n * sizeof(*p));
	char **out = calloc(s->n, sizeof(*out));
	double *x[4];

	cr_assert(shortest && said && p && out);
	for (size_t c = 0; c < ncell; c++)
		shortest[c] = UNKNOWN;
	for (size_t r = 0; r < s->n; r++) {
		const trow *t = &s->rows[r];
		size_t c = (size_t)t->dataset * s->instances + t->instance;

		if (t->status == RUN_UNSOLVABLE)
			said[c] = true;
		if (t->status == RUN_OK && (shortest[c] < 0 || t->length < shortest[c]))
			shortest[c] = t->length;
	}
	for (size_t r = 0; r < s->n; r++) {
		const trow *t = &s->rows[r];
		int o = optimal_of(s, t->dataset, t->instance, shortest, said);

		/* summary.csv's order of lengths: numbers, unsolvable, unknown */
		p[r] = (place){ { t->dataset, t->series, o >= 0 ? o : o == UNSOLVABLE ? 1000 : 1001,
				  t->instance }, r };
	}
	qsort(p, s->n, sizeof(*p), cmp_place);
	for (int m = 0; m < 4; m++)
		cr_assert_not_null(x[m] = malloc(s->n * sizeof(double)));
	for (size_t i = 0, j; i < s->n; i = j) {
		for (j = i; j < s->n && !memcmp(p[j].key, p[i].key, 3 * sizeof(int)); j++)
			;
		for (size_t k = i; k < j; k++)
			p[k].key[2] = optimal_of(s, p[k].key[0], p[k].key[3], shortest, said);
		out[nl++] = group_line(s, p + i, j - i, x);
	}
	for (int m = 0; m < 4; m++)
		free(x[m]);
	free(shortest);
	free(said);
	free(p);
	qsort(out, nl, sizeof(*out), cmp_line);
	*lines = out;
	return nl;
}

/* The lines of the summary.csv at PATH after its header, sorted. */
static size_t summary_lines(const char *path, char ***lines)
{
	char *text = ht_read(path), *save, *line, **out = NULL;
	size_t n = 0;

	cr_assert_not_null(text, "%s", path);
	line = strtok_r(text, "\n", &save);
	cr_assert_str_eq(line, REPORT_SUMMARY_HEADER);
	while ((line = strtok_r(NULL, "\n", &save))) {
		out = realloc(out, (n + 1) * sizeof(*out));
		cr_assert_not_null(out);
		out[n++] = strdup(line);
	}
	free(text);
	qsort(out, n, sizeof(*out), cmp_line);
	*lines = out;
	return n;
}

static void free_lines(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

/* Enough instances that a length's group of a series holds more rows than
 * REPORT_SCRATCH / 4: its quartiles are then selected, not sorted (fewer
 * in a sanitizer build, which is slower). */
#define INSTANCES (50000 / SLOWDOWN)

Test(report_scale, the_summary_of_many_rows_is_that_of_a_plain_sort)
{
	char runs[512], summary[512], err[512], **want, **got;
	size_t nwant, ngot, largest = 0;
	report_stats st;
	synthetic s;
	report r;

	make_rows(&s, INSTANCES, 16);
	snprintf(runs, sizeof(runs), "%s/runs.csv", ht_dir);
	snprintf(summary, sizeof(summary), "%s/summary.csv", ht_dir);
	write_runs(&s, runs);
	report_init(&r);
	cr_assert_eq(report_load(&r, runs, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(r.count, s.n + DATASETS * SERIES);
	cr_assert_eq(report_save_summary(&r, summary, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(report_stats_build(&st, &r), 0);
	for (size_t g = 0; g < st.ngroups; g++)
		largest = st.groups[g].answered > largest ? st.groups[g].answered : largest;
	if (SLOWDOWN == 1)
		cr_assert_gt(largest, REPORT_SCRATCH / REPORT_MEASURES, "no group too large to sort "
			     "at once: %zu rows at most", largest);
	report_stats_release(&st);
	report_release(&r);
	nwant = expected_summary(&s, &want);
	ngot = summary_lines(summary, &got);
	cr_assert_eq(ngot, nwant, "%zu summary lines, a sort gives %zu", ngot, nwant);
	for (size_t i = 0; i < nwant; i++)
		cr_assert_str_eq(got[i], want[i], "summary line %zu:\n  got  %s\n  want %s", i, got[i],
				 want[i]);
	free_lines(want, nwant);
	free_lines(got, ngot);
	free(s.rows);
	free(s.reference);
}
