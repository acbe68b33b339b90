/* bench analyze: heuristic.csv over every 8-puzzle state holds the
 * published distribution of h* (../shared/data/tiles_distributions.tsv,
 * whose README names the source) and only what is true of an admissible
 * heuristic; linear conflict lies above Manhattan distance; a dataset's
 * instances are counted with their references; prediction.csv and
 * thresholds.csv hold their rows; charts are drawn; bad input is refused,
 * nothing written. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/analysis/kre.h"
#include "tests/support/support.h"

TestSuite(analyze, .init = ht_suite_init, .fini = ht_suite_fini);

#define MAX_DEPTHS 128

/* heuristic.csv of DIR as a table: cells[hstar][h] states. */
typedef struct joint {
	uint64_t cells[PB_KRE_VALUES][PB_KRE_VALUES];
	int hstar_max, h_max;
	uint64_t total;
} joint;

static void read_joint(const char *dir, joint *j)
{
	char path[600], *csv, *line, *save;

	memset(j, 0, sizeof(*j));
	snprintf(path, sizeof(path), "%s/heuristic.csv", dir);
	csv = ht_read(path);
	cr_assert_not_null(csv, "no %s", path);
	line = strtok_r(csv, "\n", &save);
	cr_assert(line && !strcmp(line, "hstar,h,states"), "%s: header '%s'", path, line);
	while ((line = strtok_r(NULL, "\n", &save))) {
		int hs, h;
		unsigned long long n;

		cr_assert_eq(sscanf(line, "%d,%d,%llu", &hs, &h, &n), 3, "%s: line '%s'", path, line);
		cr_assert(hs >= 0 && hs < PB_KRE_VALUES && h >= 0 && h < PB_KRE_VALUES && n > 0,
			  "%s: line '%s'", path, line);
		cr_assert_eq(j->cells[hs][h], 0, "%s: (%d, %d) twice", path, hs, h);
		j->cells[hs][h] = n;
		j->total += n;
		if (hs > j->hstar_max)
			j->hstar_max = hs;
		if (h > j->h_max)
			j->h_max = h;
	}
	free(csv);
}

/* Analyse the 8-puzzle with HEUR into DIR (a folder of the suite's). */
static void analyse_8puzzle(const char *heur, char *dir, size_t size, joint *j)
{
	char *out = NULL;
	int rc;

	snprintf(dir, size, "%s/%s", ht_dir, heur);
	rc = ht_bench(&out, "analyze -d 8puzzle --heuristic %s --pdb-cache '%s/cache' --measure 2 "
		      "-q -o '%s'", heur, ht_dir, dir);
	cr_assert_eq(rc, 0, "analyze 8puzzle %s: exit %d:\n%s", heur, rc, out);
	cr_assert_not_null(strstr(out, "h <= h* everywhere"), "analyze %s:\n%s", heur, out);
	free(out);
	read_joint(dir, j);
}

Test(analyze, over_every_8_puzzle_state_hstar_has_the_published_distribution)
{
	uint64_t published[MAX_DEPTHS];
	int depths = it_published_distribution(3, 3, published, MAX_DEPTHS);
	pb_domain d = it_domain("8puzzle", NULL);
	joint *j = malloc(sizeof(*j));
	char dir[512];

	cr_assert_not_null(j);
	analyse_8puzzle("manhattan", dir, sizeof(dir), j);
	cr_assert_eq(j->total, d.index_count, "%llu states, not 9!/2",
		     (unsigned long long)j->total);
	cr_assert_eq(j->hstar_max, depths - 1, "h* up to %d, published %d", j->hstar_max,
		     depths - 1);
	for (int k = 0; k < depths; k++) {
		uint64_t n = 0;

		for (int h = 0; h <= j->h_max; h++)
			n += j->cells[k][h];
		cr_assert_eq(n, published[k], "h* = %d: %llu states, published %llu", k,
			     (unsigned long long)n, (unsigned long long)published[k]);
	}
	/* admissible: nothing above the diagonal; exact near the goal; the
	 * parity of h is that of h* (a move changes both by one) */
	for (int k = 0; k <= j->hstar_max; k++)
		for (int h = 0; h <= j->h_max; h++) {
			if (!j->cells[k][h])
				continue;
			cr_assert_leq(h, k, "%llu states with h %d above h* %d",
				     (unsigned long long)j->cells[k][h], h, k);
			cr_assert(k > 1 || h == k, "h* %d, h %d", k, h);
			cr_assert_eq((h - k) % 2, 0, "h* %d, h %d: another parity", k, h);
		}
	free(j);
}

/* The mean h at each h* of J. */
static double mean_at(const joint *j, int k)
{
	double sum = 0, n = 0;

	for (int h = 0; h <= j->h_max; h++) {
		sum += (double)j->cells[k][h] * h;
		n += (double)j->cells[k][h];
	}
	return n ? sum / n : 0;
}

Test(analyze, linear_conflict_and_the_databases_lie_above_manhattan_distance)
{
	static const char *const above[] = { "linear-conflict", "pdb:1-4/5-8" };
	joint *md = malloc(sizeof(*md)), *other = malloc(sizeof(*other));
	char dir[512];

	cr_assert(md && other);
	analyse_8puzzle("manhattan", dir, sizeof(dir), md);
	for (size_t i = 0; i < sizeof(above) / sizeof(above[0]); i++) {
		double sum_md = 0, sum_other = 0;

		analyse_8puzzle(above[i], dir, sizeof(dir), other);
		cr_assert_eq(other->total, md->total);
		for (int k = 0; k <= md->hstar_max; k++) {
			cr_assert_geq(mean_at(other, k), mean_at(md, k),
				      "h* %d: %s's mean h %.3f below manhattan's %.3f", k, above[i],
				      mean_at(other, k), mean_at(md, k));
			sum_md += mean_at(md, k);
			sum_other += mean_at(other, k);
		}
		cr_assert_gt(sum_other, sum_md, "%s never above manhattan", above[i]);
	}
	free(md);
	free(other);
}

/* The lines of FILE in DIR (the header included), the file whole. */
static size_t lines_of(const char *dir, const char *file)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	cr_assert(ht_exists(path), "no %s", path);
	return ht_lines_in(path);
}

Test(analyze, prediction_and_thresholds_have_a_row_each)
{
	static const char header[] =
		"row,hstar,h,states,starts,predicted,measured,ratio,complete,complete_ratio\n";
	char dir[512], *out = NULL, path[600], *csv;
	int rc;

	snprintf(dir, sizeof(dir), "%s/rows", ht_dir);
	rc = ht_bench(&out, "analyze -d tiles2x3 --measure 3 --complete --thresholds 10..20 "
		      "--random 50 -o '%s'", dir);
	cr_assert_eq(rc, 0, "analyze tiles2x3: exit %d:\n%s", rc, out);
	cr_assert_not_null(strstr(out, "every state (360)"), "not every state:\n%s", out);
	free(out);
	/* the 2x3 board's radius is 21: a row for each h* 0..21 */
	cr_assert_eq(lines_of(dir, "prediction.csv"), 1 + 22);
	/* thresholds 10, 12, ... 20 (Manhattan distance keeps f's parity) */
	cr_assert_eq(lines_of(dir, "thresholds.csv"), 1 + 6);
	snprintf(path, sizeof(path), "%s/prediction.csv", dir);
	csv = ht_read(path);
	cr_assert_not_null(csv);
	cr_assert(!strncmp(csv, header, strlen(header)), "header:\n%s", csv);
	/* h* 0: the goal alone, h 0, measured by idastar at 0 nodes, by the
	 * complete iteration at 1 (the goal expanded) */
	cr_assert_not_null(strstr(csv, "\nd0,0,0.0000,1,1,"), "no row d0:\n%s", csv);
	cr_assert_not_null(strstr(csv, "\nd21,21,"), "no row d21:\n%s", csv);
	free(csv);
}

Test(analyze, a_datasets_instances_are_counted_with_their_references)
{
	char dir[512], *out = NULL;
	joint *j = malloc(sizeof(*j));
	dataset ds;
	int rc;

	cr_assert_not_null(j);
	snprintf(dir, sizeof(dir), "%s/depth", ht_dir);
	rc = ht_bench(&out, "analyze --dataset '%s/datasets/8puzzle-depth.txt' -q -o '%s'",
		      PB_SOURCE_DIR, dir);
	cr_assert_eq(rc, 0, "analyze 8puzzle-depth: exit %d:\n%s", rc, out);
	cr_assert_not_null(strstr(out, "every state (181440)"), "P not exact:\n%s", out);
	free(out);
	read_joint(dir, j);
	ht_load_dataset(&ds, PB_SOURCE_DIR "/datasets/8puzzle-depth.txt");
	cr_assert_eq(j->total, ds.count, "%llu instances counted, %zu in the file",
		     (unsigned long long)j->total, ds.count);
	for (size_t i = 0; i < ds.count; i++) {
		uint64_t n = 0;

		for (int h = 0; h <= j->h_max; h++)
			n += j->cells[ds.instances[i].reference][h];
		cr_assert_gt(n, 0, "no instance counted at h* %d", ds.instances[i].reference);
	}
	cr_assert_eq(lines_of(dir, "prediction.csv"), 1 + ds.count);
	dataset_release(&ds);
	free(j);
}

Test(analyze, where_no_table_fits_the_distribution_of_h_is_sampled)
{
	char dir[512], *out = NULL;
	int rc;

	snprintf(dir, sizeof(dir), "%s/korf", ht_dir);
	rc = ht_bench(&out, "analyze --dataset '%s/datasets/korf100.txt' --samples 20000 --seed 5 "
		      "--no-measure -q -o '%s'", PB_SOURCE_DIR, dir);
	cr_assert_eq(rc, 0, "analyze korf100: exit %d:\n%s", rc, out);
	cr_assert_not_null(strstr(out, "a uniform sample of 20000 states (seed 5)"),
			   "not a sample:\n%s", out);
	cr_assert_not_null(strstr(out, "100 instances"), "not 100 instances:\n%s", out);
	free(out);
	cr_assert_eq(lines_of(dir, "prediction.csv"), 1 + 100);
}

Test(analyze, charts_are_drawn_where_gnuplot_is)
{
	static const char *const charts[] = { "heuristic.png", "heuristic.svg", "prediction.png",
					      "prediction.svg" };
	char dir[512], path[700], *out = NULL;
	int rc;

	if (system("command -v gnuplot >/dev/null 2>&1"))
		cr_skip_test("no gnuplot on PATH");
	snprintf(dir, sizeof(dir), "%s/drawn", ht_dir);
	rc = ht_bench(&out, "analyze -d tiles3x2 -q --thresholds 6..12 --random 20 --charts -o '%s'",
		      dir);
	cr_assert_eq(rc, 0, "analyze --charts: exit %d:\n%s", rc, out);
	free(out);
	for (size_t i = 0; i < sizeof(charts) / sizeof(charts[0]); i++) {
		snprintf(path, sizeof(path), "%s/charts/%s", dir, charts[i]);
		cr_assert_gt(ht_file_size(path), 0, "an empty %s", path);
	}
}

Test(analyze, bad_input_is_refused_and_nothing_written)
{
	static const ht_usage_case cases[] = {
		{ "", "want a domain" },
		{ "-d tiles9x9", "tiles9x9" },
		{ "-d 8puzzle --heuristic frobnicate", "unknown heuristic 'frobnicate'" },
		{ "-d 8puzzle --heuristic pdb555", "4x4" },
		{ "-d 15puzzle", "a table of a byte a state" },
		{ "-d 8puzzle --measure many", "--measure" },
		{ "-d 8puzzle --thresholds 9..x", "--thresholds" },
		{ "-d 8puzzle --no-measure --complete", "--no-measure" },
		{ "-d 8puzzle --frobnicate", "unknown option" },
		{ "--dataset /nonexistent/file.txt", "/nonexistent/file.txt" },
		{ "--dataset '" PB_SOURCE_DIR "/datasets/15puzzle-walks.txt'",
		  "has no reference length" },
		{ "--dataset '" PB_SOURCE_DIR "/datasets/8puzzle-depth.txt' -d msquare",
		  "its domain is 8puzzle" },
	};
	static const ht_usage_case charts_alone = { "-d 8puzzle --charts", "-o DIR" };
	char dir[512];

	/* each case again with an output folder, which must not appear */
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char args[1024], *out = NULL;
		int rc;

		snprintf(dir, sizeof(dir), "%s/refused%zu", ht_dir, i);
		snprintf(args, sizeof(args), "analyze %s -o '%s'", cases[i].args, dir);
		rc = ht_bench(&out, "%s", args);
		cr_assert_eq(rc, 2, "'bench %s': exit %d:\n%s", args, rc, out);
		cr_assert_not_null(strstr(out, cases[i].want), "'bench %s' said '%s', want '%s'", args,
				   out, cases[i].want);
		cr_assert(!ht_exists(dir), "'bench %s' made %s", args, dir);
		free(out);
	}
	ht_expect_usage_errors("analyze", cases, sizeof(cases) / sizeof(cases[0]));
	ht_expect_usage_errors("analyze", &charts_alone, 1);
}

Test(analyze, help_names_the_options)
{
	static const char *const words[] = { "--domain", "--dataset", "--heuristic", "--output",
					     "--measure", "--no-measure", "--complete",
					     "--thresholds", "--samples", "--seed", "--charts",
					     "hstar,h,states" };

	ht_expect_help("analyze", words, sizeof(words) / sizeof(words[0]));
}
