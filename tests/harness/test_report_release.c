/* report_release frees everything a report holds: the instance names of
 * every dataset too (they were once left behind, the datasets' count
 * cleared before it was read; found by tests/fuzz/fuzz_runs). Checked by
 * the leak checker where the build has one, else by the allocator's count
 * of bytes in use before a load and after its release: within a few KiB
 * (glibc counts the small blocks its per-thread cache keeps as in use),
 * where the instances' names and tables alone take over 100 KiB. */
#include <criterion/criterion.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/report/report.h"
#include "tests/support/support.h"

#if defined(PB_SANITIZED) && PB_SANITIZED
#include <sanitizer/lsan_interface.h>
#endif

enum { DATASETS = 2, INSTANCES = 3000, SLACK = 4096 };

TestSuite(report_release, .init = ht_suite_init, .fini = ht_suite_fini);

/* Load runs.csv rows of two datasets with many instances each, and
 * release them. */
static void load_and_release(void)
{
	char err[256], *text = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&text, &n), *in;
	report r;

	cr_assert_not_null(out);
	fprintf(out, "%s\n", HT_RUNS_HEADER_BEFORE_NOTE);
	for (int d = 0; d < DATASETS; d++)
		for (int i = 0; i < INSTANCES; i++)
			fprintf(out, "set%d,instance-%d,bfs,-,1,solve,ok,4,4,15,28,3024,3027,1832,-,1\n",
				d, i);
	cr_assert_eq(fclose(out), 0);
	in = fmemopen(text, n, "r");
	cr_assert_not_null(in);
	report_init(&r);
	cr_assert_eq(report_load_stream(&r, in, "rows.csv", err, sizeof(err)), 0, "%s", err);
	fclose(in);
	free(text);
	cr_assert_eq(r.count, DATASETS * INSTANCES, "every row of rows.csv kept");
	report_release(&r);
}

Test(report_release, frees_the_instances_of_every_dataset)
{
#if defined(PB_SANITIZED) && PB_SANITIZED
	load_and_release();
	cr_assert_eq(__lsan_do_recoverable_leak_check(), 0,
		     "report_release leaves no block behind (rows of 2 datasets, 6000 instances)");
#else
	size_t before, after;

	load_and_release(); /* what stdio and the allocator set up once */
	before = mallinfo2().uordblks;
	load_and_release();
	after = mallinfo2().uordblks;
	cr_assert_lt(after, before + SLACK,
		     "bytes in use before loading 6000 rows of 2 datasets and after their release: %zu, %zu",
		     before, after);
#endif
}
