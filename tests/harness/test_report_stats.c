/* The statistics behind 'bench compare' (harness/report/stats.c): the
 * Wilcoxon signed-rank test against published worked examples, and its
 * exact distribution against a count of every sign pattern. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "harness/io/prng.h"
#include "harness/report/stats.h"

/* NAG Library, g08agc (nag_nonpar_test_wilcoxon), its example program:
 * the differences of the pairs 82/63 69/42 73/74 43/37 58/51 56/43 76/80
 * 65/62; the published results are the statistic W+ = 32, the normalized
 * statistic 1.8904 (continuity corrected) and the two-tailed probability
 * 0.0547 (exact: 14 of the 256 sign patterns). */
Test(wilcoxon, nag_g08agc_example)
{
	const double x[] = { 82, 69, 73, 43, 58, 56, 76, 65 };
	const double y[] = { 63, 42, 74, 37, 51, 43, 80, 62 };
	double d[8];
	stats_wilcoxon w;

	for (int i = 0; i < 8; i++)
		d[i] = x[i] - y[i];
	cr_assert_eq(stats_wilcoxon_test(d, 8, &w), 0);
	cr_assert_eq(w.n, 8);
	cr_assert_float_eq(w.w_plus, 32, 1e-12, "NAG g08agc: W+ %g, published 32", w.w_plus);
	cr_assert_float_eq(w.w_minus, 4, 1e-12);
	cr_assert_float_eq(w.z, 1.8904, 5e-5, "NAG g08agc: z %g, published 1.8904", w.z);
	cr_assert(w.exact);
	cr_assert_float_eq(w.p, 14.0 / 256, 1e-12, "NAG g08agc: p %g, published 0.0547", w.p);
}

/* Darwin's Zea mays: the height differences (eighths of an inch) of 15
 * pairs of cross- and self-fertilised plants, as Fisher (The Design of
 * Experiments, 1935) gave them and Cureton (1967) ranked them; SciPy's and
 * stdlib-js's documentation give W- = 24 (so W+ = 96) and the exact
 * two-sided p-value 0.041259765625. */
Test(wilcoxon, darwin_zea_mays)
{
	const double d[] = { 6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75 };
	stats_wilcoxon w;

	cr_assert_eq(stats_wilcoxon_test(d, 15, &w), 0);
	cr_assert_float_eq(w.w_plus, 96, 1e-12, "Darwin: W+ %g", w.w_plus);
	cr_assert_float_eq(w.w_minus, 24, 1e-12, "Darwin: W- %g", w.w_minus);
	cr_assert_float_eq(w.p, 0.041259765625, 1e-12, "Darwin: p %.12g", w.p);
}

/* Hollander and Wolfe (1973), p. 29: the Hamilton depression scale of nine
 * patients at the first and the second visit, R's example in
 * ?wilcox.test: V = 40 and the one-sided p-value 0.01953 (10 of 512 sign
 * patterns), so the two-sided one is 0.0390625. */
Test(wilcoxon, hollander_wolfe_depression)
{
	const double x[] = { 1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30 };
	const double y[] = { 0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29 };
	double d[9];
	stats_wilcoxon w;

	for (int i = 0; i < 9; i++)
		d[i] = x[i] - y[i];
	cr_assert_eq(stats_wilcoxon_test(d, 9, &w), 0);
	cr_assert_float_eq(w.w_plus, 40, 1e-12, "Hollander-Wolfe: V %g, published 40", w.w_plus);
	cr_assert_float_eq(w.p, 20.0 / 512, 1e-12, "Hollander-Wolfe: p %g", w.p);
}

/* The example of the Wikipedia article "Wilcoxon signed-rank test" (10
 * pairs, one of them equal, two differences tied at 5): the zero is
 * dropped (N_r = 9) and the signed-rank sum is W = 9, so W+ = 27 and W- =
 * 18. Its normal statistic with the tie correction: mean 22.5, variance
 * 9*10*19/24 - (2^3 - 2)/48 = 71.125, z = (27 - 22.5 - 0.5)/sqrt(71.125). */
Test(wilcoxon, wikipedia_example_zero_and_ties)
{
	const double x2[] = { 125, 115, 130, 140, 140, 115, 140, 125, 140, 135 };
	const double x1[] = { 110, 122, 125, 120, 140, 124, 123, 137, 135, 145 };
	double d[10];
	stats_wilcoxon w;

	for (int i = 0; i < 10; i++)
		d[i] = x2[i] - x1[i];
	cr_assert_eq(stats_wilcoxon_test(d, 10, &w), 0);
	cr_assert_eq(w.n, 9, "the zero is dropped: %zu ranked", w.n);
	cr_assert_eq(w.zeros, 1);
	cr_assert_float_eq(w.w_plus - w.w_minus, 9, 1e-12, "Wikipedia: W = %g, published 9",
			   w.w_plus - w.w_minus);
	cr_assert_float_eq(w.w_plus, 27, 1e-12);
	cr_assert_float_eq(w.z, 4 / sqrt(71.125), 1e-12, "z %g", w.z);
	cr_assert(w.p > 0.5, "no evidence of a shift: p %g", w.p);
}

/* The exact p-value against the definition: of all 2^n sign patterns of
 * the same (tied) ranks, the share with W+ at least as far from the centre
 * on the observed side, twice. Ranks with ties: the values 1 1 2 3 3 3 4 5
 * 6 6 7 8 9 9 9 (mid-ranks), every sign pattern tried as the observation. */
Test(wilcoxon, exact_distribution_counts_every_sign_pattern)
{
	const double size[] = { 1, 1, 2, 3, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9, 9 };
	const size_t n = sizeof(size) / sizeof(size[0]);
	stats_wilcoxon w;
	double d[15], *wp = malloc(sizeof(double) << n);

	cr_assert_not_null(wp);
	/* W+ of every pattern (bit k set: difference k positive) */
	for (unsigned long mask = 0; mask < 1UL << n; mask++) {
		for (size_t k = 0; k < n; k++)
			d[k] = mask >> k & 1 ? size[k] : -size[k];
		cr_assert_eq(stats_wilcoxon_test(d, n, &w), 0);
		wp[mask] = w.w_plus;
	}
	for (unsigned long obs = 0; obs < 1UL << n; obs += 977) {
		double lower = 0, upper = 0, p;

		for (unsigned long mask = 0; mask < 1UL << n; mask++) {
			lower += wp[mask] <= wp[obs];
			upper += wp[mask] >= wp[obs];
		}
		p = fmin(1, 2 * fmin(lower, upper) / (double)(1UL << n));
		for (size_t k = 0; k < n; k++)
			d[k] = obs >> k & 1 ? size[k] : -size[k];
		cr_assert_eq(stats_wilcoxon_test(d, n, &w), 0);
		cr_assert(w.exact);
		cr_assert_float_eq(w.p, p, 1e-12, "pattern %lu (W+ %g): p %g, by counting %g", obs,
				   w.w_plus, w.p, p);
	}
	free(wp);
}

/* Past STATS_WILCOXON_EXACT_MAX the normal approximation: 60 differences,
 * 1..60 with every fifth negative: W+ = 1830 - (5 + 10 + ... + 60) = 1830
 * - 390 = 1440 of 1830; mean 915, variance 60*61*121/24 = 18452.5. */
Test(wilcoxon, normal_approximation_past_the_exact_range)
{
	double d[60];
	stats_wilcoxon w;
	double z = (1440 - 915 - 0.5) / sqrt(18452.5);

	for (int i = 0; i < 60; i++)
		d[i] = (i + 1) % 5 ? i + 1 : -(i + 1);
	cr_assert_eq(stats_wilcoxon_test(d, 60, &w), 0);
	cr_assert(!w.exact);
	cr_assert_float_eq(w.w_plus, 1440, 1e-9, "W+ %g", w.w_plus);
	cr_assert_float_eq(w.z, z, 1e-12, "z %g, want %g", w.z, z);
	cr_assert_float_eq(w.p, erfc(z / sqrt(2)), 1e-12);
}

Test(wilcoxon, nothing_to_rank)
{
	const double d[] = { 0, 0, 0 };
	stats_wilcoxon w;

	cr_assert_eq(stats_wilcoxon_test(d, 3, &w), 0);
	cr_assert_eq(w.n, 0);
	cr_assert_eq(w.zeros, 3);
	cr_assert_float_eq(w.p, 1, 1e-12, "no difference, no evidence: p %g", w.p);
	cr_assert_eq(stats_wilcoxon_test(NULL, 0, &w), 0);
	cr_assert_float_eq(w.p, 1, 1e-12);
	cr_assert_float_eq(stats_wilcoxon_min_p(5), 0.0625, 1e-12, "2/32");
	cr_assert_float_eq(stats_wilcoxon_min_p(6), 0.03125, 1e-12, "2/64");
}

/* stats_five_visited: the quartiles of values it cannot hold at once. */

/* Values visited from an array: COLUMNS of N each. */
typedef struct visited {
	const uint64_t *v;
	size_t n, nm;
	unsigned visits;
} visited;

static void visit_array(void *source, stats_each_fn each, void *acc)
{
	visited *s = source;
	uint64_t row[STATS_MAX_MEASURES];

	s->visits++;
	for (size_t i = 0; i < s->n; i++) {
		for (size_t m = 0; m < s->nm; m++)
			row[m] = s->v[m * s->n + i];
		each(acc, row);
	}
}

/* Selected in no room (every statistic by radix selection) and sorted in
 * enough: both as stats_five_of of the values as doubles, exactly, for
 * values of every width, with ties, one value, all equal, and the widest
 * range of 64 bits. */
Test(select, radix_selection_is_exactly_the_sorted_quartiles)
{
	enum { NM = 4, MAXN = 2001 };
	static const size_t sizes[] = { 1, 2, 3, 4, 5, 7, 100, 1000, 2001 };
	uint64_t *v = malloc(NM * MAXN * sizeof(*v));
	double *sorted = malloc(MAXN * sizeof(*sorted)), *room = malloc(NM * MAXN * sizeof(*room));
	prng g;

	cr_assert(v && sorted && room);
	prng_seed(&g, 42);
	for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
		size_t n = sizes[z];
		visited src = { .v = v, .n = n, .nm = NM };
		stats_five sel[NM], got[NM];

		for (size_t i = 0; i < n; i++) {
			uint64_t r = prng_next(&g);

			v[0 * n + i] = 20 + r % 50;                 /* few values, many ties */
			v[1 * n + i] = r >> (r % 64);                /* every width */
			v[2 * n + i] = 12345;                        /* all equal */
			v[3 * n + i] = i % 2 ? UINT64_MAX - r % 3 : r % 3; /* the extremes */
		}
		cr_assert_eq(stats_five_visited(visit_array, &src, n, NM, room, 0, sel), 0);
		cr_assert_geq(src.visits, 2, "n %zu: selected, not gathered", n);
		src.visits = 0;
		cr_assert_eq(stats_five_visited(visit_array, &src, n, NM, room, NM * MAXN, got), 0);
		cr_assert_eq(src.visits, 1, "n %zu: gathered in one visit", n);
		for (size_t m = 0; m < NM; m++) {
			stats_five want;

			for (size_t i = 0; i < n; i++)
				sorted[i] = (double)v[m * n + i];
			want = stats_five_of(sorted, n);
			for (int k = 0; k < 2; k++) {
				const stats_five *f = k ? &got[m] : &sel[m];
				const char *how = k ? "sorted" : "selected";

				cr_assert(f->min == want.min && f->max == want.max, "n %zu, column %zu, %s: "
					  "min %.17g max %.17g, want %.17g %.17g", n, m, how, f->min,
					  f->max, want.min, want.max);
				cr_assert(f->q1 == want.q1 && f->median == want.median && f->q3 == want.q3,
					  "n %zu, column %zu, %s: quartiles %.17g %.17g %.17g, want %.17g "
					  "%.17g %.17g", n, m, how, f->q1, f->median, f->q3, want.q1,
					  want.median, want.q3);
			}
		}
	}
	free(v);
	free(sorted);
	free(room);
}
