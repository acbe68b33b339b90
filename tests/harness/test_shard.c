/* bench run --shard and bench merge: the shards cover every row exactly
 * once and join into the rows of a single run; the split is stable and
 * balanced by expected cost; merge refuses mixed campaigns, duplicate,
 * missing and interrupted shards. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "harness/io/dataset.h"
#include "harness/engine/shard.h"
#include "tests/support/support.h"

#define SHARDS 3
#define ALGORITHMS "bfs-hash,bibfs,reverse-table,idastar"
/* Columns of runs.csv that do not depend on timing: up to 'generated'. */
#define STABLE_COLUMNS 11

TestSuite(shard, .init = ht_suite_init, .fini = ht_suite_fini);

/* Run "bench ARGS", expecting exit status WANT. */
static char *bench_ok(int want, const char *args)
{
	char *out = NULL;
	int rc = ht_bench(&out, "%s", args);

	cr_assert_eq(rc, want, "bench %s: exit %d, not %d: %s", args, rc, want, out ? out : "");
	return out;
}

/* A small campaign over the 8-puzzle and Magic Squares datasets into
 * DIR/NAME, with EXTRA options (such as "--shard 1/3"). */
static void run_part(const char *name, const char *extra)
{
	char args[2048];

	snprintf(args, sizeof(args), "run -d %s/datasets/8puzzle-depth.txt -d %s/datasets/msquare-depth.txt "
		 "-a " ALGORITHMS " -r 1 -w 0 %s -o %s/%s", PB_SOURCE_DIR, PB_SOURCE_DIR, extra, ht_dir,
		 name);
	free(bench_ok(0, args));
}

/* The rows of DIR/NAME/runs.csv cut to their first STABLE_COLUMNS fields,
 * sorted, joined by line breaks (free() it); *N the count. */
static char *stable_rows(const char *name, size_t *n)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s/runs.csv", ht_dir, name);
	return ht_sorted_rows(path, STABLE_COLUMNS, n);
}

/* The campaign with OPTIONS run whole into DIR/all and in SHARDS parts
 * merged into DIR/m: the merged rows are the single run's. */
static void shard_and_merge(const char *options)
{
	char args[2048], extra[256], *whole, *merged, *out;
	size_t nwhole, nmerged, sum = 0;

	run_part("all", options);
	for (int k = 1; k <= SHARDS; k++) {
		char name[16], *rows;
		size_t n;

		snprintf(extra, sizeof(extra), "%s --shard %d/%d", options, k, SHARDS);
		snprintf(name, sizeof(name), "s%d", k);
		run_part(name, extra);
		rows = stable_rows(name, &n);
		cr_assert_gt(n, 0, "shard %d/%d ran nothing", k, SHARDS);
		sum += n;
		free(rows);
	}
	snprintf(args, sizeof(args), "merge -o %s/m %s/s3 %s/s1 %s/s2", ht_dir, ht_dir, ht_dir, ht_dir);
	out = bench_ok(0, args);
	cr_assert(strstr(out, "149/149") && strstr(out, "109/109"),
		  "the merged table counts every instance: %s", out);
	free(out);
	whole = stable_rows("all", &nwhole);
	merged = stable_rows("m", &nmerged);
	cr_assert_eq(nmerged, nwhole, "merged %zu rows, the single run %zu", nmerged, nwhole);
	cr_assert_str_eq(merged, whole, "the merged rows differ from the single run's");
	/* every solve row is in one shard; each shard prepares its own solvers */
	cr_assert_geq(sum, nwhole);
	free(whole);
	free(merged);
}

/* The unit is (solver, heuristic): with two heuristics, each pair's rows
 * are split and merged like a solver's. */
Test(shard, a_heuristic_list_is_split_by_solver_and_heuristic)
{
	char path[512], *runs;

	shard_and_merge("--heuristic manhattan,linear-conflict");
	snprintf(path, sizeof(path), "%s/m/runs.csv", ht_dir);
	runs = ht_read(path);
	cr_assert_not_null(runs);
	cr_assert_eq(ht_count_lines(runs, "8puzzle-depth,-,idastar,manhattan,1,prepare,"), 1, "%s",
		     runs);
	cr_assert_eq(ht_count_lines(runs, "8puzzle-depth,-,idastar,linear-conflict,1,prepare,"), 1);
	cr_assert_eq(ht_count_lines(runs, "8puzzle-depth,d31-1,idastar,linear-conflict,1,solve,ok,31,"),
		     1, "%s", runs);
	free(runs);
}

Test(shard, shards_cover_every_row_once_and_merge_into_the_single_run)
{
	char args[2048], *whole, *merged;

	shard_and_merge("");
	snprintf(args, sizeof(args), "%s/m/summary.csv", ht_dir);
	merged = ht_read(args);
	snprintf(args, sizeof(args), "%s/all/summary.csv", ht_dir);
	whole = ht_read(args);
	cr_assert(merged && whole);
	cr_assert_eq(ht_count_lines(merged, "8puzzle-depth,"), ht_count_lines(whole, "8puzzle-depth,"),
		     "summary.csv lines of 8puzzle-depth");
	free(merged);
	free(whole);
	snprintf(args, sizeof(args), "%s/m/meta.json", ht_dir);
	merged = ht_read(args);
	cr_assert(merged && strstr(merged, "\"merged\": true") && strstr(merged, "\"shards\": 3"),
		  "merged meta.json: %.300s", merged);
	/* the shards ran one after another: no concurrency warning */
	cr_assert(strstr(merged, "\"warnings\": []"), "merged meta.json warns: %.2000s", merged);
	free(merged);
}

Test(shard, the_split_is_stable_across_runs)
{
	char *a, *b;
	size_t na, nb;

	run_part("a", "--shard 2/3");
	run_part("b", "--shard 2/3");
	a = stable_rows("a", &na);
	b = stable_rows("b", &nb);
	cr_assert_str_eq(a, b, "shard 2/3 ran different rows in two runs");
	free(a);
	free(b);
}

Test(shard, merge_refuses_mixed_missing_duplicate_and_interrupted_shards)
{
	char args[2048], path[512], *out, *meta, *p;

	run_part("s1", "--shard 1/2");
	run_part("s2", "--shard 2/2");
	run_part("r2", "--shard 2/2 -r 2");
	run_part("t3", "--shard 2/3");
	snprintf(args, sizeof(args), "merge -o %s/m %s/s1 %s/r2", ht_dir, ht_dir, ht_dir);
	out = bench_ok(2, args);
	cr_assert(strstr(out, "different campaigns") && strstr(out, "options"), "%s", out);
	free(out);
	snprintf(args, sizeof(args), "merge -o %s/m %s/s1 %s/t3", ht_dir, ht_dir, ht_dir);
	out = bench_ok(2, args);
	cr_assert(strstr(out, "different campaigns") && strstr(out, "number of shards"), "%s", out);
	free(out);
	snprintf(args, sizeof(args), "merge -o %s/m %s/s1", ht_dir, ht_dir);
	out = bench_ok(2, args);
	cr_assert(strstr(out, "shard 2/2 is missing"), "%s", out);
	free(out);
	snprintf(args, sizeof(args), "merge -o %s/m %s/s1 %s/s2 %s/s2", ht_dir, ht_dir, ht_dir, ht_dir);
	out = bench_ok(2, args);
	cr_assert(strstr(out, "given twice"), "%s", out);
	free(out);
	snprintf(args, sizeof(args), "merge -o %s/m %s/s1 %s/s1", ht_dir, ht_dir, ht_dir);
	free(bench_ok(2, args));
	snprintf(path, sizeof(path), "%s/s2/meta.json", ht_dir);
	meta = ht_read(path);
	cr_assert_not_null(meta);
	p = strstr(meta, "\"outcome\": \"complete\"");
	cr_assert_not_null(p);
	/* "stopped" and a space over "complete": the file stays valid JSON */
	memcpy(p + strlen("\"outcome\": \""), "stopped\" ", strlen("complete\""));
	cr_assert_eq(ht_write(path, meta), 0);
	free(meta);
	snprintf(args, sizeof(args), "merge -o %s/m %s/s1 %s/s2", ht_dir, ht_dir, ht_dir);
	out = bench_ok(2, args);
	cr_assert(strstr(out, "shard 2/2") && strstr(out, "stopped"), "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/m/runs.csv", ht_dir);
	cr_assert_null(ht_read(path), "a refused merge left %s", path);
}

Test(shard, bad_shard_values_are_refused)
{
	static const char *const bad[] = { "0/3", "4/3", "3", "1/0", "a/b", "1/3x", "-1/2" };
	char args[1024];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *out;

		snprintf(args, sizeof(args), "run -d %s/datasets/msquare-depth.txt --shard '%s' -o %s/x",
			 PB_SOURCE_DIR, bad[i], ht_dir);
		out = bench_ok(2, args);
		cr_assert(strstr(out, "--shard"), "--shard '%s': %s", bad[i], out);
		free(out);
	}
}

/* The planner, in process */

typedef struct solvers_arg {
	const pb_solver *list[4];
	size_t n;
} solvers_arg;

static size_t same_solvers(void *arg, size_t i, runner_unit *out)
{
	const solvers_arg *a = arg;

	(void)i;
	for (size_t k = 0; k < a->n; k++)
		out[k] = (runner_unit){ .solver = a->list[k] };
	return a->n;
}


Test(shard, parts_are_balanced_by_expected_cost_not_count)
{
	dataset ds[2];
	solvers_arg arg = { .list = { pb_solver_find("bfs-hash"), pb_solver_find("idastar") }, .n = 2 };
	runner_options o = { .repeat = 1 };
	uint64_t cost[SHARDS], lo = UINT64_MAX, hi = 0, biggest = 0;
	size_t units[SHARDS], ulo = SIZE_MAX, uhi = 0;

	cr_assert(arg.list[0] && arg.list[1]);
	ht_load_dataset(&ds[0], PB_SOURCE_DIR "/datasets/8puzzle-depth.txt");
	ht_load_dataset(&ds[1], PB_SOURCE_DIR "/datasets/15puzzle-walks.txt");
	for (unsigned k = 1; k <= SHARDS; k++) {
		shard_plan p;

		cr_assert_eq(shard_plan_build(&p, (shard_spec){ k, SHARDS }, ds, 2, same_solvers, &arg, &o), 0);
		cost[k - 1] = p.cost_mine;
		units[k - 1] = p.mine;
		lo = cost[k - 1] < lo ? cost[k - 1] : lo;
		hi = cost[k - 1] > hi ? cost[k - 1] : hi;
		ulo = units[k - 1] < ulo ? units[k - 1] : ulo;
		uhi = units[k - 1] > uhi ? units[k - 1] : uhi;
		for (size_t d = 0; d < 2; d++)
			for (size_t s = 0; s < arg.n; s++)
				for (size_t i = 0; i < ds[d].count; i++) {
					uint64_t c = shard_cost(arg.list[s], &ds[d].domain, &ds[d].instances[i]);

					biggest = c > biggest ? c : biggest;
				}
		shard_plan_release(&p);
	}
	/* greedy on the largest first: parts differ by at most the largest unit */
	cr_assert_leq(hi - lo, biggest, "expected costs %lu..%lu, largest unit %lu",
		      (unsigned long)lo, (unsigned long)hi, (unsigned long)biggest);
	cr_assert_neq(ulo, uhi, "parts of equal counts (%zu): not weighed by cost", ulo);
	dataset_release(&ds[0]);
	dataset_release(&ds[1]);
}

Test(shard, costs_grow_with_depth_and_blindness)
{
	dataset d8, d15;
	const pb_solver *bfs = pb_solver_find("bfs-hash"), *ida = pb_solver_find("idastar");
	const pb_solver *table = pb_solver_find("reverse-table");
	dataset_instance shallow, deep, none;

	ht_load_dataset(&d8, PB_SOURCE_DIR "/datasets/8puzzle-depth.txt");
	ht_load_dataset(&d15, PB_SOURCE_DIR "/datasets/korf100.txt");
	shallow = deep = none = d8.instances[0];
	shallow.reference = 4;
	deep.reference = 24;
	none.reference = DATASET_REF_UNSOLVABLE;
	cr_assert_gt(shard_cost(bfs, &d8.domain, &deep), shard_cost(bfs, &d8.domain, &shallow),
		     "bfs-hash: 3x3 depth 24 over depth 4");
	cr_assert_gt(shard_cost(bfs, &d8.domain, &deep), shard_cost(table, &d8.domain, &deep),
		     "depth 24: bfs-hash over reverse-table");
	cr_assert_lt(shard_cost(bfs, &d8.domain, &none), shard_cost(bfs, &d8.domain, &shallow),
		     "unsolvable: a parity test");
	cr_assert_gt(shard_cost(ida, &d15.domain, &d15.instances[0]),
		     shard_cost(ida, &d8.domain, &deep),
		     "idastar: Korf's instance '%s' over a 3x3 of depth 24", d15.instances[0].id);
	dataset_release(&d8);
	dataset_release(&d15);
}

Test(shard, the_checksum_follows_contents_not_form)
{
	char path[512], *text, *crlf;
	dataset a, b;
	size_t n, j = 0;

	ht_load_dataset(&a, PB_SOURCE_DIR "/datasets/msquare-depth.txt");
	snprintf(path, sizeof(path), "%s/datasets/msquare-depth.txt", PB_SOURCE_DIR);
	text = ht_read(path);
	cr_assert_not_null(text);
	n = strlen(text);
	crlf = malloc(2 * n + 64);
	cr_assert_not_null(crlf);
	for (size_t i = 0; i < n; i++) {
		if (text[i] == '\n')
			crlf[j++] = '\r';
		crlf[j++] = text[i];
	}
	memcpy(crlf + j, "# a comment\r\n", sizeof("# a comment\r\n"));
	snprintf(path, sizeof(path), "%s/msquare-depth.txt", ht_dir);
	cr_assert_eq(ht_write(path, crlf), 0);
	ht_load_dataset(&b, path);
	cr_assert_eq(shard_dataset_checksum(&a), shard_dataset_checksum(&b),
		     "CRLF and a comment changed the checksum of msquare-depth");
	b.instances[0].reference++;
	cr_assert_neq(shard_dataset_checksum(&a), shard_dataset_checksum(&b),
		      "a changed reference of '%s' left the checksum as it was", b.instances[0].id);
	free(text);
	free(crlf);
	dataset_release(&a);
	dataset_release(&b);
}

/* The cost model reads what a solver is from its table (pb_solver.cost),
 * not from its name: a copy of bfs-hash's table that says 'table' costs
 * what reverse-table does, and a solver of any name that says 'blind'
 * what bfs-hash does. */
Test(shard, the_cost_class_comes_from_the_solver_table)
{
	const pb_solver *bfs = pb_solver_find("bfs-hash"), *table = pb_solver_find("reverse-table");
	pb_solver as_table = *bfs, as_blind = *table;
	dataset d8;
	dataset_instance deep;

	as_table.name = "test-table";
	as_table.cost = PB_COST_TABLE;
	as_blind.name = "test-blind";
	as_blind.cost = PB_COST_BLIND;
	ht_load_dataset(&d8, PB_SOURCE_DIR "/datasets/8puzzle-depth.txt");
	deep = d8.instances[0];
	deep.reference = 24;
	cr_assert_eq(shard_cost(&as_table, &d8.domain, &deep), shard_cost(table, &d8.domain, &deep),
		     "depth 24: a table-class solver costs what reverse-table does");
	cr_assert_eq(shard_cost(&as_blind, &d8.domain, &deep), shard_cost(bfs, &d8.domain, &deep),
		     "depth 24: a blind-class solver costs what bfs-hash does");
	cr_assert_neq(shard_cost(&as_blind, &d8.domain, &deep), shard_cost(table, &d8.domain, &deep),
		      "depth 24: blind and table differ");
	dataset_release(&d8);
}

/* The variants of the IDA* example plugin on the cube (each within 7
 * moves) and the example itself: four series of one solver. */
#define VARIANTS "idastar-example,idastar-example:max-depth=7," \
	"idastar-example:prune=off:max-depth=7,idastar-example:max-depth=4"

/* Variants of a solver are units of their own in the split and in merge:
 * the shards of a campaign of four variants merge into the rows of the
 * whole run, one preparation of each variant, and a line of each in the
 * summary. */
Test(shard, variants_are_split_and_merged_as_series_of_their_own)
{
	static const char *const series[] = {
		"idastar-example", "idastar-example:max-depth=7", "idastar-example:prune=off:max-depth=7",
		"idastar-example:max-depth=4",
	};
	char args[2048], path[512], *whole, *merged, *runs, *summary;
	size_t nwhole, nmerged;

	for (int k = 0; k <= SHARDS; k++) {
		char shard[32] = "";

		if (k)
			snprintf(shard, sizeof(shard), "--shard %d/%d", k, SHARDS);
		snprintf(args, sizeof(args), "run -d %s/datasets/cube2-depth.txt --plugin '%s' -a " VARIANTS
			 " -r 1 -w 0 %s -o %s/v%d", PB_SOURCE_DIR, PB_IDASTAR_PLUGIN, shard, ht_dir, k);
		free(bench_ok(0, args));
	}
	snprintf(args, sizeof(args), "merge -o %s/vm %s/v3 %s/v1 %s/v2", ht_dir, ht_dir, ht_dir, ht_dir);
	free(bench_ok(0, args));
	whole = stable_rows("v0", &nwhole);
	merged = stable_rows("vm", &nmerged);
	cr_assert_eq(nmerged, nwhole, "merged %zu rows, the single run %zu", nmerged, nwhole);
	cr_assert_str_eq(merged, whole, "the merged rows differ from the single run's");
	free(whole);
	free(merged);
	snprintf(path, sizeof(path), "%s/vm/runs.csv", ht_dir);
	runs = ht_read(path);
	snprintf(path, sizeof(path), "%s/vm/summary.csv", ht_dir);
	summary = ht_read(path);
	cr_assert(runs && summary);
	for (size_t i = 0; i < sizeof(series) / sizeof(series[0]); i++) {
		char want[128];

		snprintf(want, sizeof(want), "cube2-depth,-,%s,-,1,prepare,ok,", series[i]);
		cr_expect_eq(ht_count_lines(runs, want), 1, "preparations of '%s': %s", series[i], runs);
		/* a line for each optimal length, 0 to 11 */
		snprintf(want, sizeof(want), "cube2-depth,%s,-,", series[i]);
		cr_expect_eq(ht_count_lines(summary, want), 12, "summary.csv of '%s': %s", series[i],
			     summary);
	}
	free(runs);
	free(summary);
}

/* A part that holds no solve of a solver of the campaign says so: a
 * small campaign in many parts leaves some solvers out of some parts,
 * which the others run. A part with every solver says nothing. */
Test(shard, a_part_without_a_solver_says_so)
{
	char args[1024], *out;
	size_t told = 0;

	for (int k = 1; k <= 4; k++) {
		snprintf(args, sizeof(args), "run %s/datasets/8puzzle-depth.txt -a idastar,bfs-hash "
			 "--limit 2 -r 1 -w 0 --shard %d/4 -o %s/few%d", PB_SOURCE_DIR, k, ht_dir, k);
		out = bench_ok(0, args);
		if (strstr(out, "note: this part holds no solve of '")) {
			cr_expect(strstr(out, "(--shard ") && strstr(out, "the other parts run it"),
				  "part %d/4: %s", k, out);
			told++;
		}
		free(out);
	}
	cr_expect_eq(told, 4, "2 instances of 2 solvers in 4 parts: every part lacks a solver, "
		     "%zu said so", told);
	snprintf(args, sizeof(args), "run %s/datasets/8puzzle-depth.txt -a idastar,bfs-hash -r 1 "
		 "-w 0 --shard 1/2 -o %s/many", PB_SOURCE_DIR, ht_dir);
	out = bench_ok(0, args);
	cr_expect_null(strstr(out, "holds no solve"), "%s", out);
	free(out);
}
