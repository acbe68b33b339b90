#include "harness/report/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Up to this many values an insertion sort beats qsort's calls: an
 * instance's repeats. */
#define INSERTION_MAX 16

void stats_sort(double *x, size_t n)
{
	if (n > INSERTION_MAX) {
		qsort(x, n, sizeof(*x), cmp_double);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		double v = x[i];
		size_t j = i;

		for (; j > 0 && x[j - 1] > v; j--)
			x[j] = x[j - 1];
		x[j] = v;
	}
}

/* Where quantile Q of N sorted values falls: between ranks *LO and *LO + 1,
 * at the fraction returned (type 7: h = (n - 1) q). */
static double quantile_rank(size_t n, double q, size_t *lo)
{
	double h = (double)(n - 1) * q;

	*lo = (size_t)floor(h);
	return h - (double)*lo;
}

/* Quantile Q of N sorted values, given those of ranks LO and LO + 1. */
static double interpolate(double x_lo, double x_hi, double frac)
{
	return x_lo + frac * (x_hi - x_lo);
}

double stats_quantile(const double *x, size_t n, double q)
{
	size_t lo;
	double frac = quantile_rank(n, q, &lo);

	if (lo + 1 >= n)
		return x[n - 1];
	return interpolate(x[lo], x[lo + 1], frac);
}

stats_five stats_five_of(double *x, size_t n)
{
	stats_sort(x, n);
	return (stats_five){
		.min = x[0],
		.q1 = stats_quantile(x, n, 0.25),
		.median = stats_quantile(x, n, 0.5),
		.q3 = stats_quantile(x, n, 0.75),
		.max = x[n - 1],
	};
}

double stats_median(double *x, size_t n)
{
	stats_sort(x, n);
	return stats_quantile(x, n, 0.5);
}

/* Radix selection. The quartiles and the median each need the two values
 * of the ranks around them. */
#define QUARTILES 3
#define TARGETS (2 * QUARTILES)
#define DIGIT_BITS 8
#define BUCKETS (1u << DIGIT_BITS)
static const double quartiles[QUARTILES] = { 0.25, 0.5, 0.75 };

/* The order statistics sought of one measure: for each target its rank
 * among the values whose high digits are PREFIX (all found so far). */
typedef struct select_measure {
	uint64_t min, max; /* values are selected as v - min */
	int digits;        /* of max - min */
	size_t rank[TARGETS];
	uint64_t prefix[TARGETS];
	/* this visit: the distinct prefixes, each target's, their counts */
	uint64_t uprefix[TARGETS];
	int nunique, unique_of[TARGETS];
	size_t hist[TARGETS][BUCKETS];
} select_measure;

typedef struct selection {
	size_t nm;
	int pass; /* the digit being counted, 0 the highest; -1: the extremes */
	select_measure m[STATS_MAX_MEASURES];
} selection;

static void each_extreme(void *acc, const uint64_t *v)
{
	selection *s = acc;

	for (size_t m = 0; m < s->nm; m++) {
		if (v[m] < s->m[m].min)
			s->m[m].min = v[m];
		if (v[m] > s->m[m].max)
			s->m[m].max = v[m];
	}
}

static void each_digit(void *acc, const uint64_t *v)
{
	selection *s = acc;

	for (size_t m = 0; m < s->nm; m++) {
		select_measure *sm = &s->m[m];
		int shift;
		uint64_t x, high;

		if (s->pass >= sm->digits)
			continue;
		shift = DIGIT_BITS * (sm->digits - 1 - s->pass);
		x = v[m] - sm->min;
		high = shift + DIGIT_BITS >= 64 ? 0 : x >> (shift + DIGIT_BITS);
		for (int u = 0; u < sm->nunique; u++) {
			if (sm->uprefix[u] == high) {
				sm->hist[u][(x >> shift) & (BUCKETS - 1)]++;
				break;
			}
		}
	}
}

/* Before a digit's visit: the distinct prefixes, counts cleared. */
static void start_digit(select_measure *sm)
{
	sm->nunique = 0;
	for (int t = 0; t < TARGETS; t++) {
		int u = 0;

		while (u < sm->nunique && sm->uprefix[u] != sm->prefix[t])
			u++;
		if (u == sm->nunique) {
			sm->uprefix[u] = sm->prefix[t];
			memset(sm->hist[u], 0, sizeof(sm->hist[u]));
			sm->nunique++;
		}
		sm->unique_of[t] = u;
	}
}

/* After it: each target's digit, and its rank among the values that share
 * it. */
static void end_digit(select_measure *sm)
{
	for (int t = 0; t < TARGETS; t++) {
		const size_t *h = sm->hist[sm->unique_of[t]];
		unsigned b = 0;

		while (sm->rank[t] >= h[b]) {
			sm->rank[t] -= h[b];
			b++;
		}
		sm->prefix[t] = (sm->prefix[t] << DIGIT_BITS) | b;
	}
}

static int digits_of(uint64_t range)
{
	int d = 1;

	while (d * DIGIT_BITS < 64 && range >> (d * DIGIT_BITS))
		d++;
	return d;
}

static int five_by_selection(stats_visit_fn visit, void *source, size_t n, size_t nm,
			     stats_five *out)
{
	selection *s = calloc(1, sizeof(*s));
	int passes = 0;

	if (!s)
		return -1;
	s->nm = nm;
	for (size_t m = 0; m < nm; m++)
		s->m[m].min = UINT64_MAX;
	visit(source, each_extreme, s);
	for (size_t m = 0; m < nm; m++) {
		select_measure *sm = &s->m[m];

		sm->digits = digits_of(sm->max - sm->min);
		passes = sm->digits > passes ? sm->digits : passes;
		for (int q = 0; q < QUARTILES; q++) {
			size_t lo;

			quantile_rank(n, quartiles[q], &lo);
			sm->rank[2 * q] = lo;
			sm->rank[2 * q + 1] = lo + 1 < n ? lo + 1 : n - 1;
		}
	}
	for (s->pass = 0; s->pass < passes; s->pass++) {
		for (size_t m = 0; m < nm; m++)
			if (s->pass < s->m[m].digits)
				start_digit(&s->m[m]);
		visit(source, each_digit, s);
		for (size_t m = 0; m < nm; m++)
			if (s->pass < s->m[m].digits)
				end_digit(&s->m[m]);
	}
	for (size_t m = 0; m < nm; m++) {
		const select_measure *sm = &s->m[m];
		double v[TARGETS], five[QUARTILES];

		for (int t = 0; t < TARGETS; t++)
			v[t] = (double)(sm->prefix[t] + sm->min);
		for (int q = 0; q < QUARTILES; q++) {
			size_t lo;
			double frac = quantile_rank(n, quartiles[q], &lo);

			five[q] = lo + 1 >= n ? v[2 * q + 1] : interpolate(v[2 * q], v[2 * q + 1], frac);
		}
		out[m] = (stats_five){ .min = (double)sm->min, .q1 = five[0], .median = five[1],
				       .q3 = five[2], .max = (double)sm->max };
	}
	free(s);
	return 0;
}

/* The values visited, into columns of N in SCRATCH. */
typedef struct gather {
	double *x;
	size_t n, nm, at;
} gather;

static void each_gathered(void *acc, const uint64_t *v)
{
	gather *g = acc;

	if (g->at < g->n)
		for (size_t m = 0; m < g->nm; m++)
			g->x[m * g->n + g->at] = (double)v[m];
	g->at++;
}

int stats_five_visited(stats_visit_fn visit, void *source, size_t n, size_t nm, double *scratch,
		       size_t room, stats_five *out)
{
	gather g = { .x = scratch, .n = n, .nm = nm };

	if (n > room / nm)
		return five_by_selection(visit, source, n, nm, out);
	visit(source, each_gathered, &g);
	for (size_t m = 0; m < nm; m++)
		out[m] = stats_five_of(scratch + m * n, n);
	return 0;
}

bool stats_near_floor(double ns, double floor_ns)
{
	return floor_ns > 0 && ns < STATS_FLOOR_FACTOR * floor_ns;
}

/* One nonzero difference, for ranking: its size and sign. */
typedef struct signed_size {
	double size;
	bool positive;
} signed_size;

static int cmp_size(const void *a, const void *b)
{
	double x = ((const signed_size *)a)->size, y = ((const signed_size *)b)->size;

	return (x > y) - (x < y);
}

/* The exact two-sided p-value of W+ (doubled: W2) given the N doubled
 * ranks RANK2 (they sum to n(n+1)): the share of the 2^n sign patterns
 * whose W+ is as far out as W2 or further, on the nearer side, twice.
 * Returns -1 when out of memory. */
static double exact_p(const unsigned *rank2, size_t n, unsigned w2)
{
	size_t total2 = n * (n + 1);
	double *count = calloc(total2 + 1, sizeof(*count)), lower = 0, upper = 0;

	if (!count)
		return -1;
	/* count[s]: the sign patterns whose positive doubled ranks sum to s */
	count[0] = 1;
	for (size_t k = 0; k < n; k++)
		for (size_t s = total2; s >= rank2[k]; s--)
			count[s] += count[s - rank2[k]];
	for (size_t s = 0; s <= total2; s++) {
		if (s <= w2)
			lower += count[s];
		if (s >= w2)
			upper += count[s];
	}
	free(count);
	return fmin(1, 2 * fmin(lower, upper) / ldexp(1, (int)n));
}

/* The signed-rank test as Wilcoxon proposed it (F. Wilcoxon, "Individual
 * comparisons by ranking methods", Biometrics Bulletin 1(6), 1945, 80-83),
 * zeros dropped; its null distribution, the large-sample approximation,
 * the variance corrected for tied ranks (by the sum of t^3 - t over the
 * groups of t ties, over 48) and the continuity correction as in M.
 * Hollander and D. A. Wolfe, "Nonparametric Statistical Methods", 2nd ed.,
 * Wiley 1999, section 3.1. */
int stats_wilcoxon_test(const double *d, size_t n, stats_wilcoxon *out)
{
	signed_size *v = malloc((n ? n : 1) * sizeof(*v));
	unsigned *rank2 = malloc((n ? n : 1) * sizeof(*rank2));
	double ties = 0, mean, var, dev;
	unsigned w2 = 0;
	size_t m = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->p = 1;
	if (!v || !rank2) {
		rc = -1;
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		if (d[i] == 0)
			out->zeros++;
		else
			v[m++] = (signed_size){ fabs(d[i]), d[i] > 0 };
	}
	qsort(v, m, sizeof(*v), cmp_size);
	/* ranks i+1..j tied: each gets their mean, (i+1+j)/2; doubled, an integer */
	for (size_t i = 0, j; i < m; i = j) {
		double t;

		for (j = i; j < m && v[j].size == v[i].size; j++)
			;
		t = (double)(j - i);
		ties += t * t * t - t;
		for (size_t k = i; k < j; k++) {
			rank2[k] = (unsigned)(i + j + 1);
			if (v[k].positive)
				w2 += rank2[k];
		}
	}
	out->n = m;
	out->w_plus = w2 / 2.0;
	out->w_minus = (double)m * (double)(m + 1) / 2 - out->w_plus;
	if (!m)
		goto done;
	mean = (double)m * (double)(m + 1) / 4;
	var = (double)m * (double)(m + 1) * (double)(2 * m + 1) / 24 - ties / 48;
	dev = out->w_plus - mean;
	out->z = (dev - (dev > 0 ? 0.5 : dev < 0 ? -0.5 : 0)) / sqrt(var);
	out->exact = m <= STATS_WILCOXON_EXACT_MAX;
	out->p = out->exact ? exact_p(rank2, m, w2) : erfc(fabs(out->z) / sqrt(2));
	if (out->p < 0) {
		out->p = 1;
		rc = -1;
	}
done:
	free(v);
	free(rank2);
	return rc;
}

double stats_wilcoxon_min_p(size_t n)
{
	return n ? fmin(1, ldexp(1, 1 - (int)fmin((double)n, 1000))) : 1;
}
