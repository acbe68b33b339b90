/* The statistics every table and chart of a run is made of, one function
 * each: quantiles, the five-number summary, the median, the mean, and the
 * rule for a time too close to the harness's timing floor to trust. */
#ifndef REPORT_STATS_H
#define REPORT_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* A median under this many times the timing floor is flagged: it measures
 * the clock and the harness as much as the solver. */
#define STATS_FLOOR_FACTOR 20

/* The smallest value, the quartiles, the median and the largest. */
typedef struct stats_five {
	double min, q1, median, q3, max;
} stats_five;

/* Sort X[0..n) in ascending order. */
void stats_sort(double *x, size_t n);

/* Quantile Q (0..1) of the N sorted values X, interpolating linearly
 * between closest ranks (Hyndman and Fan's type 7, as R and NumPy do by
 * default). N > 0. */
double stats_quantile(const double *x, size_t n, double q);

/* The five-number summary of X[0..n), N > 0, which it sorts. */
stats_five stats_five_of(double *x, size_t n);

/* The median of X[0..n), N > 0, which it sorts. */
double stats_median(double *x, size_t n);

/* The mean of X[0..n), N > 0. */
double stats_mean(const double *x, size_t n);

/* Whether a time of NS is within STATS_FLOOR_FACTOR times FLOOR_NS (false
 * when the floor is unknown: 0). */
bool stats_near_floor(double ns, double floor_ns);

#endif
