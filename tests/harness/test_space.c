/* bench space: the CSV holds the published distribution (the 4x2 and 3x3
 * boards, ../shared/data/tiles_distributions.tsv; the README there names
 * the source); a second run loads the cached table, a damaged cache file
 * is searched again; charts are drawn; bad usage is refused. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/support.h"

TestSuite(space, .init = ht_suite_init, .fini = ht_suite_fini);

#define MAX_DEPTHS 128

/* The CSV bench space writes for the W x H board, against the published
 * counts. */
static void check_csv(int w, int h)
{
	uint64_t published[MAX_DEPTHS];
	int depths = it_published_distribution(w, h, published, MAX_DEPTHS);
	char path[512], *out = NULL, *csv, *line;
	int rc;

	snprintf(path, sizeof(path), "%s/tiles%dx%d.csv", ht_dir, w, h);
	rc = ht_bench(&out, "space -d tiles%dx%d --no-cache -o '%s'", w, h, path);
	cr_assert_eq(rc, 0, "space tiles%dx%d: exit %d:\n%s", w, h, rc, out);
	cr_assert_not_null(strstr(out, "searched"), "space tiles%dx%d: not searched:\n%s", w, h, out);
	csv = ht_read(path);
	cr_assert_not_null(csv, "space tiles%dx%d: no %s", w, h, path);
	line = strtok(csv, "\n");
	cr_assert_str_eq(line, "depth,states", "space tiles%dx%d: header '%s'", w, h, line);
	for (int k = 0; k < depths; k++) {
		char want[64];

		line = strtok(NULL, "\n");
		snprintf(want, sizeof(want), "%d,%llu", k, (unsigned long long)published[k]);
		cr_assert(line && !strcmp(line, want), "space tiles%dx%d: line '%s', published '%s'",
			  w, h, line ? line : "(none)", want);
	}
	line = strtok(NULL, "\n");
	cr_assert_null(line, "space tiles%dx%d: a line past the radius: '%s'", w, h, line);
	free(csv);
	free(out);
}

Test(space, the_csv_holds_the_published_counts)
{
	check_csv(4, 2);
	check_csv(3, 3);
}

/* Run space on the 8-puzzle with the cache in DIR: whether it said WORD. */
static void expect_word(const char *dir, const char *word)
{
	char *out = NULL;
	int rc = ht_bench(&out, "space -d 8puzzle -q --cache '%s'", dir);

	cr_assert_eq(rc, 0, "space 8puzzle --cache: exit %d:\n%s", rc, out);
	cr_assert_not_null(strstr(out, word), "space 8puzzle --cache: not %s:\n%s", word, out);
	cr_assert_not_null(strstr(out, "181440 states, radius 31"),
			   "space 8puzzle: not the 9!/2 states and radius 31:\n%s", out);
	free(out);
}

Test(space, a_second_run_loads_the_table_and_a_damaged_one_is_searched_again)
{
	char dir[512], file[600];
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/cache", ht_dir);
	snprintf(file, sizeof(file), "%s/8puzzle-b8.2bit", dir);
	expect_word(dir, "searched");
	cr_assert(ht_exists(file), "no cache file %s", file);
	expect_word(dir, "loaded");
	/* one code changed: the checksum no longer fits */
	f = fopen(file, "r+b");
	cr_assert_not_null(f, "cannot open %s", file);
	cr_assert_eq(fseek(f, -100, SEEK_END), 0);
	cr_assert_eq(fputc(0x5a, f), 0x5a);
	cr_assert_eq(fclose(f), 0);
	expect_word(dir, "searched");
	expect_word(dir, "loaded");
}

Test(space, bad_usage_is_refused)
{
	static const ht_usage_case cases[] = {
		{ "", "want a domain" },
		{ "-d tiles9x9", "tiles9x9" },
		{ "-d 24puzzle --no-cache", "no index" },
		{ "-d 8puzzle --threads 0", "--threads" },
		{ "-d 8puzzle --frobnicate", "unknown option" },
		{ "-d 8puzzle extra", "unexpected argument 'extra'" },
	};

	ht_expect_usage_errors("space", cases, sizeof(cases) / sizeof(cases[0]));
}

Test(space, help_names_the_options)
{
	static const char *const words[] = { "--domain", "--output", "--threads", "--cache",
					     "--no-cache", "--charts", "depth,states" };

	ht_expect_help("space", words, sizeof(words) / sizeof(words[0]));
}

Test(space, charts_are_drawn_where_gnuplot_is)
{
	char dir[512], png[600], svg[600], *out = NULL;
	int rc;

	if (system("command -v gnuplot >/dev/null 2>&1"))
		cr_skip_test("no gnuplot on PATH");
	snprintf(dir, sizeof(dir), "%s/drawn", ht_dir);
	snprintf(png, sizeof(png), "%s/charts/space.png", dir);
	snprintf(svg, sizeof(svg), "%s/charts/space.svg", dir);
	rc = ht_bench(&out, "space -d tiles3x2 --no-cache -q --charts '%s'", dir);
	cr_assert_eq(rc, 0, "space tiles3x2 --charts: exit %d:\n%s", rc, out);
	cr_assert_gt(ht_file_size(png), 0, "space tiles3x2: an empty %s", png);
	cr_assert_gt(ht_file_size(svg), 0, "space tiles3x2: an empty %s", svg);
	free(out);
	rc = ht_bench(&out, "space -d tiles3x2 --no-cache -q --charts '%s' --gnuplot /nonexistent",
		      dir);
	cr_assert_eq(rc, 2, "space --gnuplot /nonexistent: exit %d:\n%s", rc, out);
	cr_assert_not_null(strstr(out, "gnuplot not found"), "no word of gnuplot:\n%s", out);
	free(out);
}
