#include "harness/report/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void stats_sort(double *x, size_t n)
{
	qsort(x, n, sizeof(*x), cmp_double);
}

double stats_quantile(const double *x, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)floor(h);

	if (lo + 1 >= n)
		return x[n - 1];
	return x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
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
