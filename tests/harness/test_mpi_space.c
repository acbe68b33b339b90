/* bench space under mpirun (a PB_MPI build; harness/engine/mpi_space.h):
 * for K = 1 to 4 ranks, the table file is the one-process search's byte
 * for byte (codes, counts and checksum), and the counts CSV too, on the
 * 3x3 board, Magic Squares (whose moves take three to undo), 9 pancakes
 * (their parts whole blocks of stacks) and the 4x3 board (239,500,800
 * states: the parts' rounds and trades at scale); rank 0 gives each
 * rank's memory and traffic. A domain without an index is refused on
 * every rank. In a build without MPI the tests are skipped. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/support.h"

TestSuite(mpi_space, .init = ht_suite_init, .fini = ht_suite_fini);

#if defined(PB_MPI) && PB_MPI

static void skip_without_mpirun(void)
{
	if (system("command -v mpirun >/dev/null 2>&1")) {
		ht_suite_fini(); /* a skipped test's .fini does not run */
		cr_skip_test("no mpirun here (apt-get install openmpi-bin)");
	}
}

/* "mpirun -np RANKS bench ARGS", output merged: its exit status and its
 * output in *OUT (free() it). */
static int mpirun_bench(int ranks, char **out, const char *args)
{
	char cmd[4096];
	size_t len = 0, cap = 1 << 16;
	FILE *p;

	/* as root Open MPI wants to be told; more ranks than cores want
	 * oversubscription */
	snprintf(cmd, sizeof(cmd), "mpirun %s--oversubscribe -np %d '%s' %s 2>&1",
		 geteuid() ? "" : "--allow-run-as-root ", ranks, PB_BENCH, args);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	*out = malloc(cap);
	cr_assert_not_null(*out);
	len = fread(*out, 1, cap - 1, p);
	(*out)[len] = '\0';
	return pclose(p);
}

/* Whether the files A and B hold the same bytes. */
static bool same_file(const char *a, const char *b)
{
	FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
	bool same = fa && fb;
	int ca, cb;

	while (same) {
		ca = getc(fa);
		cb = getc(fb);
		same = ca == cb;
		if (ca == EOF)
			break;
	}
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return same;
}

/* DOMAIN's table and counts by one process and by 1 to 4 ranks: the same
 * files. FILE is the table's name in the cache. */
static void check_ranks(const char *domain, const char *file)
{
	char one[512], many[512], args[1024], *out;
	int rc;

	rc = ht_bench(&out, "space -d %s -q --cache %s/%s-one -o %s/%s-one.csv", domain, ht_dir,
		      domain, ht_dir, domain);
	cr_assert_eq(rc, 0, "one process: %s", out);
	free(out);
	snprintf(one, sizeof(one), "%s/%s-one/%s", ht_dir, domain, file);
	for (int k = 1; k <= 4; k++) {
		snprintf(args, sizeof(args), "space -d %s -q --cache %s/%s-%d -o %s/%s-%d.csv", domain,
			 ht_dir, domain, k, ht_dir, domain, k);
		rc = mpirun_bench(k, &out, args);
		cr_assert_eq(rc, 0, "%s, %d ranks: status %d: %s", domain, k, rc, out);
		for (int r = 0; r < k; r++) {
			char line[64];

			snprintf(line, sizeof(line), "\nrank %d: slice ", r);
			cr_assert(strstr(out, line), "%s, %d ranks: no line for rank %d: %s", domain,
				  k, r, out);
		}
		free(out);
		snprintf(many, sizeof(many), "%s/%s-%d/%s", ht_dir, domain, k, file);
		cr_assert(same_file(one, many), "%s: the table of %d ranks (%s) is not that of one "
			  "process (%s)", domain, k, many, one);
		snprintf(one, sizeof(one), "%s/%s-one.csv", ht_dir, domain);
		snprintf(many, sizeof(many), "%s/%s-%d.csv", ht_dir, domain, k);
		cr_assert(same_file(one, many), "%s: the counts of %d ranks differ", domain, k);
		snprintf(one, sizeof(one), "%s/%s-one/%s", ht_dir, domain, file);
	}
}

Test(mpi_space, one_to_four_ranks_give_the_table_of_one_process, .timeout = 600)
{
	skip_without_mpirun();
	check_ranks("8puzzle", "8puzzle-b8.2bit");
	check_ranks("msquare", "msquare.2bit");
	check_ranks("pancake9", "pancake9.2bit");
	/* a board searched turned (2x4 as 4x2): its codes in the turned
	 * board's index over the ranks too */
	check_ranks("tiles2x4", "tiles2x4-b7.2bit");
}

/* The counts CSV at PATH ("depth,states" lines) against the published
 * distribution of the W x H board. */
static void check_published(const char *path, int w, int h)
{
	uint64_t published[128], states;
	int depths = it_published_distribution(w, h, published, 128), depth, rows = 0;
	char line[128];
	FILE *f = fopen(path, "r");

	cr_assert_not_null(f, "%s: not written", path);
	cr_assert_not_null(fgets(line, sizeof(line), f), "%s: empty", path);
	while (fgets(line, sizeof(line), f)) {
		cr_assert_eq(sscanf(line, "%d,%" SCNu64, &depth, &states), 2, "%s: '%s'", path, line);
		cr_assert_eq(depth, rows, "%s: depth %d in row %d", path, depth, rows);
		cr_assert_lt(depth, depths, "%s: depth %d, published radius %d", path, depth,
			     depths - 1);
		cr_assert_eq(states, published[depth], "%dx%d: %" PRIu64 " states at %d, published %"
			     PRIu64, w, h, states, depth, published[depth]);
		rows++;
	}
	fclose(f);
	cr_assert_eq(rows, depths, "%dx%d: radius %d, published %d", w, h, rows - 1, depths - 1);
}

/* The 4x3 board's one-process counts are also held to the published ones
 * here (test_twobit searches three other 12-cell boards: CI must stay
 * under 20 minutes). */
Test(mpi_space, the_twelve_cell_board_over_ranks, .timeout = 1800)
{
	char path[512];

	skip_without_mpirun();
	check_ranks("tiles4x3", "tiles4x3-b11.2bit");
	snprintf(path, sizeof(path), "%s/tiles4x3-one.csv", ht_dir);
	check_published(path, 4, 3);
}

Test(mpi_space, a_domain_without_an_index_is_refused_on_every_rank)
{
	char *out;
	int rc;

	skip_without_mpirun();
	rc = mpirun_bench(2, &out, "space -d 24puzzle --no-cache");
	cr_assert_neq(rc, 0, "%s", out);
	cr_assert(strstr(out, "no index"), "%s", out);
	free(out);
}

#else

Test(mpi_space, skipped_without_mpi)
{
	ht_suite_fini(); /* a skipped test's .fini does not run */
	cr_skip_test("a build without MPI (cmake -DPB_MPI=ON)");
}

#endif
