/* bench run under mpirun (a PB_MPI build): two ranks give the same rows,
 * timings and peak bytes aside, as one process, the units of work being
 * (solver, heuristic) pairs; rank 0 writes the files and the concurrency
 * is recorded and warned about. In a build without MPI the test is
 * skipped. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/support.h"

#define RANKS 2
#define ALGORITHMS "bfs-hash,bibfs,reverse-table,idastar"
/* Columns of runs.csv that do not depend on timing: up to 'generated'. */
#define STABLE_COLUMNS 11

TestSuite(mpi, .init = ht_suite_init, .fini = ht_suite_fini);

#if defined(PB_MPI) && PB_MPI

/* DIR/NAME/runs.csv cut to STABLE_COLUMNS fields, the rows sorted (free()
 * it). */
static char *stable_rows(const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s/runs.csv", ht_dir, name);
	return ht_sorted_rows(path, STABLE_COLUMNS, NULL);
}

Test(mpi, two_ranks_give_the_rows_of_one_process)
{
	char cmd[4096], path[512], *out, *one, *two, *meta;
	const char *campaign = "-d " PB_SOURCE_DIR "/datasets/8puzzle-depth.txt -d " PB_SOURCE_DIR
			       "/datasets/msquare-depth.txt -a " ALGORITHMS " -r 1 -w 0 "
			       "--heuristic manhattan,linear-conflict,msquare-pdb";
	FILE *p;
	int rc;

	if (system("command -v mpirun >/dev/null 2>&1")) {
		ht_suite_fini(); /* a skipped test's .fini does not run */
		cr_skip_test("no mpirun here (apt-get install openmpi-bin)");
	}
	rc = ht_bench(&out, "run %s -o %s/one", campaign, ht_dir);
	cr_assert_eq(rc, 0, "single process: exit %d: %s", rc, out);
	free(out);
	/* as root Open MPI wants to be told; two ranks on 2 cores may need
	 * oversubscription where fewer slots are seen */
	snprintf(cmd, sizeof(cmd), "mpirun %s--oversubscribe -np %d '%s' run %s -o %s/two 2>&1",
		 geteuid() ? "" : "--allow-run-as-root ", RANKS, PB_BENCH, campaign, ht_dir);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	out = malloc(1 << 16);
	cr_assert_not_null(out);
	out[fread(out, 1, (1 << 16) - 1, p)] = '\0';
	rc = pclose(p);
	cr_assert_eq(rc, 0, "%s: status %d: %s", cmd, rc, out);
	cr_assert(strstr(out, "149/149") && strstr(out, "109/109"), "rank 0's table: %s", out);
	cr_assert(strstr(out, "ran at once on host"), "no concurrency warning: %s", out);
	free(out);
	one = stable_rows("one");
	two = stable_rows("two");
	cr_assert_str_eq(two, one, "mpirun -np %d rows differ from one process's", RANKS);
	cr_assert(strstr(two, "\n8puzzle-depth,-,idastar,linear-conflict,1,prepare,") &&
		  strstr(two, "\nmsquare-depth,-,idastar,msquare-pdb,1,prepare,"),
		  "a pair's rows are missing: %.2000s", two);
	free(one);
	free(two);
	snprintf(path, sizeof(path), "%s/two/meta.json", ht_dir);
	meta = ht_read(path);
	cr_assert(meta && strstr(meta, "\"mpi_ranks\": 2") && strstr(meta, "\"ranks_on_host\": 2"),
		  "meta.json records the ranks: %.3000s", meta);
	free(meta);
	snprintf(path, sizeof(path), "%s/two/summary.csv", ht_dir);
	meta = ht_read(path);
	cr_assert_not_null(meta, "rank 0 wrote no summary.csv");
	free(meta);
}

#else

Test(mpi, two_ranks_give_the_rows_of_one_process)
{
	ht_suite_fini(); /* a skipped test's .fini does not run */
	cr_skip_test("bench built without MPI (cmake -DPB_MPI=ON)");
}

#endif
