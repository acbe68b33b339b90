/* The statistics every table and chart of a run is made of, one function
 * each: quantiles, the five-number summary, the median, the rule for a
 * time too close to the harness's timing floor to trust, and the signed-rank
 * test that tells a change between two runs from noise. */
#ifndef REPORT_STATS_H
#define REPORT_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* The five-number summaries of more values than are worth holding at
 * once: a source visits its items (a tuple of NM values each: a row's
 * measures) as often as it is asked to, handing each to EACH. */
#define STATS_MAX_MEASURES 4
typedef void (*stats_each_fn)(void *acc, const uint64_t *v);
typedef void (*stats_visit_fn)(void *source, stats_each_fn each, void *acc);

/* The five-number summary of each of the NM values (NM <= STATS_MAX_MEASURES)
 * of the N items (N > 0) VISIT visits in SOURCE, into OUT[0..nm): exactly
 * what stats_five_of gives of them as doubles. Where N * NM values fit in
 * SCRATCH (ROOM doubles) they are visited once and sorted there; else each
 * order statistic is found by radix selection, 8 bits a visit (Knuth, TAOCP
 * vol. 3, 5.2.5), so that memory does not grow with N: a visit for the
 * extremes and one per byte of the widest range of values. Returns 0, or -1
 * when out of memory. */
int stats_five_visited(stats_visit_fn visit, void *source, size_t n, size_t nm, double *scratch,
		       size_t room, stats_five *out);

/* Whether a time of NS is within STATS_FLOOR_FACTOR times FLOOR_NS (false
 * when the floor is unknown: 0). */
bool stats_near_floor(double ns, double floor_ns);

/* Up to this many nonzero differences the signed-rank test's p-value comes
 * from the exact distribution (every counting of 2^n signs is exact in a
 * double up to 2^53); past it from the normal approximation. */
#define STATS_WILCOXON_EXACT_MAX 50

/* The outcome of a Wilcoxon signed-rank test. */
typedef struct stats_wilcoxon {
	size_t n;              /* the nonzero differences: the sample ranked */
	size_t zeros;          /* the differences of 0, dropped */
	double w_plus, w_minus; /* the sums of the ranks of the positive and the
				 * negative differences (mid-ranks for ties) */
	double z;              /* the normal approximation's statistic (with the
				* tie and continuity corrections); 0 when n = 0 */
	double p;              /* two-sided p-value; 1 when n = 0 */
	bool exact;            /* P from the exact distribution */
} stats_wilcoxon;

/* The Wilcoxon signed-rank test (Wilcoxon 1945) of whether the N
 * differences D (of pairs) are symmetric about 0: differences of exactly 0
 * are dropped (Wilcoxon's own rule), the others ranked by absolute value,
 * tied values taking the mean of their ranks. Up to
 * STATS_WILCOXON_EXACT_MAX of them the p-value is exact (the distribution
 * of W+ over all 2^n signs of these ranks, ties included), past it from
 * the normal approximation with the variance corrected for ties and a
 * continuity correction of 1/2. Returns 0 with *OUT filled, or -1 when out
 * of memory. */
int stats_wilcoxon_test(const double *d, size_t n, stats_wilcoxon *out);

/* The smallest two-sided p-value the signed-rank test can give for N
 * nonzero differences without ties: 2 / 2^N (all of one sign). */
double stats_wilcoxon_min_p(size_t n);

#endif
