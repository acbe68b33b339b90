#include "harness/report/stats.h"

#include <math.h>
#include <stdlib.h>

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

double stats_mean(const double *x, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += x[i];
	return sum / (double)n;
}

bool stats_near_floor(double ns, double floor_ns)
{
	return floor_ns > 0 && ns < STATS_FLOOR_FACTOR * floor_ns;
}
