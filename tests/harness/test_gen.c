/* bench gen: the same seed gives the same file, and each method's
 * instances are what it promises (checked against a solver). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algorithms/solvers/registry.h"
#include "harness/io/dataset.h"
#include "tests/support/support.h"

TestSuite(gen, .init = ht_suite_init, .fini = ht_suite_fini);

/* Run 'bench gen ARGS -o DIR/NAME' and load the result into DS. */
static void gen(dataset *ds, const char *name, const char *args)
{
	char path[512], err[512], *out;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", ht_dir, name);
	rc = ht_bench(&out, "gen %s -o %s", args, path);
	cr_assert_eq(rc, 0, "bench gen %s: exit %d: %s", args, rc, out);
	free(out);
	cr_assert_eq(dataset_load(ds, path, err, sizeof(err)), 0, "%s", err);
}

static char *gen_text(const char *name, const char *args)
{
	char path[512];
	dataset ds;

	gen(&ds, name, args);
	dataset_release(&ds);
	snprintf(path, sizeof(path), "%s/%s", ht_dir, name);
	return ht_read(path);
}

/* The optimal length of instance IN by S (with heuristic H, or NULL), or
 * -1 unsolvable. */
static int length_by(const pb_solver *s, const char *h, const dataset *ds,
		     const dataset_instance *in)
{
	pb_config cfg = { .heuristic = h };
	pb_search prep, search;
	pb_path path;
	void *ctx;
	pb_status st;

	pb_search_init(&prep, 0, 0, NULL);
	cr_assert_eq(pb_solver_prepare(s, &ds->domain, &cfg, &prep, &ctx), PB_SOLVED);
	pb_search_init(&search, 0, 0, NULL);
	st = s->solve(ctx, &in->state, &search, &path);
	s->release(ctx);
	cr_assert(st == PB_SOLVED || st == PB_UNSOLVABLE, "instance '%s': %s", in->id,
		  pb_status_name(st));
	return st == PB_SOLVED ? path.length : -1;
}

/* The optimal length of instance IN by bfs-cantor, or -1 unsolvable. */
static int bfs_length(const dataset *ds, const dataset_instance *in)
{
	return length_by(&pb_solver_bfs_cantor, NULL, ds, in);
}

Test(gen, same_seed_same_file_other_seed_other_file)
{
	static const char *const methods[] = {
		"--method walk --length 3..30 --step 9 --count 3",
		"--method uniform --count 20 --unsolvable 0.3",
		"--method depth --per-depth 2",
	};

	for (size_t i = 0; i < sizeof(methods) / sizeof(methods[0]); i++) {
		char args[256];
		char *a, *b, *c;

		snprintf(args, sizeof(args), "%s --seed 7", methods[i]);
		a = gen_text("a.txt", args);
		b = gen_text("b.txt", args);
		snprintf(args, sizeof(args), "%s --seed 8", methods[i]);
		c = gen_text("c.txt", args);
		cr_assert(a && b && c);
		/* the command lines differ only in the output name */
		cr_assert_str_eq(strstr(a, "\n# seed:"), strstr(b, "\n# seed:"),
				 "'bench gen %s' twice gave two files", methods[i]);
		cr_assert_str_neq(strstr(a, "\n# seed:") + strlen("\n# seed: 7"),
				  strstr(c, "\n# seed:") + strlen("\n# seed: 8"),
				  "seeds 7 and 8 gave the same instances (%s)", methods[i]);
		free(a);
		free(b);
		free(c);
	}
}

Test(gen, header_names_command_seed_and_method)
{
	char *text = gen_text("h.txt", "--domain tiles2x3 --goal 'x 1 2 3 4 5' --method walk --length 5 --count 2 --seed 3 --source 'a test'");

	cr_assert_not_null(text);
	cr_assert(strstr(text, "# format: 1\n# domain: tiles2x3\n# goal: x 1 2 3 4 5\n"), "%s", text);
	cr_assert(strstr(text, "# method: walk\n"));
	cr_assert(strstr(text, "# seed: 3\n"));
	cr_assert(strstr(text, "# source: a test\n"));
	cr_assert(strstr(text, "# command: bench gen --domain tiles2x3 --goal 'x 1 2 3 4 5' --method walk"), "%s", text);
	free(text);
}

Test(gen, walks_end_within_their_length)
{
	dataset ds;

	gen(&ds, "w.txt", "--method walk --length 0..24 --step 4 --count 3 --seed 5");
	cr_assert_eq(ds.count, 7 * 3);
	for (size_t i = 0; i < ds.count; i++) {
		const dataset_instance *in = &ds.instances[i];
		int len = atoi(in->id + 1);

		cr_assert_geq(in->reference, 0, "walk '%s' has no reference", in->id);
		cr_assert_leq(in->reference, len, "walk '%s' is %d from the goal", in->id, in->reference);
		cr_assert_eq((len - in->reference) % 2, 0, "walk '%s': a tiles walk keeps its parity", in->id);
		if (i % 4 == 0)
			cr_assert_eq(bfs_length(&ds, in), in->reference, "walk '%s'", in->id);
	}
	dataset_release(&ds);
	/* Magic Squares walks: the reference bounds the walk too */
	gen(&ds, "wm.txt", "--domain msquare --method walk --length 12 --count 10 --seed 5");
	for (size_t i = 0; i < ds.count; i++)
		cr_assert_leq(ds.instances[i].reference, 12, "walk '%s'", ds.instances[i].id);
	dataset_release(&ds);
	/* too large for references: '-' */
	gen(&ds, "w15.txt", "--domain 15puzzle --method walk --length 30 --count 2");
	cr_assert_eq(ds.instances[0].reference, DATASET_REF_UNKNOWN);
	dataset_release(&ds);
}

Test(gen, uniform_mixes_exactly_the_unsolvable_fraction)
{
	dataset ds;
	size_t unsolvable = 0;

	gen(&ds, "u.txt", "--method uniform --count 40 --unsolvable 25% --seed 9");
	cr_assert_eq(ds.count, 40);
	for (size_t i = 0; i < ds.count; i++) {
		const dataset_instance *in = &ds.instances[i];

		unsolvable += in->reference == DATASET_REF_UNSOLVABLE;
		if (i % 8 == 0)
			cr_assert_eq(bfs_length(&ds, in),
				     in->reference == DATASET_REF_UNSOLVABLE ? -1 : in->reference,
				     "instance '%s'", in->id);
	}
	cr_assert_eq(unsolvable, 10, "%zu of 40 unsolvable, want 10", unsolvable);
	dataset_release(&ds);
}

Test(gen, depth_takes_k_states_at_each_depth)
{
	dataset ds;
	size_t per[32] = { 0 };

	gen(&ds, "d.txt", "--method depth --per-depth 3 --seed 2");
	for (size_t i = 0; i < ds.count; i++) {
		const dataset_instance *in = &ds.instances[i];
		int depth = atoi(in->id + 1);

		cr_assert_eq(in->reference, depth, "instance '%s' has reference %d", in->id, in->reference);
		cr_assert_lt(depth, 32, "instance '%s' deeper than the 3x3 diameter 31", in->id);
		per[depth]++;
		cr_assert_eq(bfs_length(&ds, in), depth, "instance '%s'", in->id);
	}
	/* one state at depth 0, two at 1, two at 31 (the two farthest) */
	cr_assert_eq(per[0], 1);
	cr_assert_eq(per[1], 2);
	cr_assert_eq(per[31], 2);
	for (int k = 2; k < 31; k++)
		cr_assert_eq(per[k], 3, "depth %d has %zu instances", k, per[k]);
	dataset_release(&ds);
	gen(&ds, "dr.txt", "--domain msquare --method depth --per-depth 2 --depth 20..30 --seed 2");
	for (size_t i = 0; i < ds.count; i++)
		cr_assert(ds.instances[i].reference >= 20 && ds.instances[i].reference <= 22,
			  "instance '%s'", ds.instances[i].id);
	dataset_release(&ds);
}

/* --depth takes a list of depths and ranges; a selection that holds no
 * state is an error, and no file is written. The 8-puzzle's deepest
 * states lie at 31 moves (Reinefeld 1993). */
Test(gen, depth_takes_a_list_and_refuses_to_make_nothing)
{
	size_t per[32] = { 0 };
	char path[PATH_MAX + 16], *out;
	dataset ds;
	int rc;

	gen(&ds, "dl.txt", "--method depth --per-depth 2 --depth 5,10,15,20 --seed 3");
	for (size_t i = 0; i < ds.count; i++) {
		cr_assert_lt(ds.instances[i].reference, 32);
		per[ds.instances[i].reference]++;
	}
	for (int k = 0; k < 32; k++)
		cr_assert_eq(per[k], k == 5 || k == 10 || k == 15 || k == 20 ? 2u : 0u,
			     "depth %d has %zu instances", k, per[k]);
	dataset_release(&ds);
	gen(&ds, "dm.txt", "--method depth --per-depth 1 --depth 0..2,30..40 --seed 3");
	cr_assert_eq(ds.count, 1 + 1 + 1 + 1 + 1, "%zu instances: 0, 1, 2, 30 and 31 each once",
		     ds.count);
	dataset_release(&ds);
	snprintf(path, sizeof(path), "%s/none.txt", ht_dir);
	rc = ht_bench(&out, "gen --method depth --depth 32..40 -o '%s'", path);
	cr_assert_eq(rc, 2, "exit %d: %s", rc, out);
	cr_assert(strstr(out, "no instance: no state of 8puzzle lies at the depths asked for (the "
			      "deepest is 31)"), "%s", out);
	cr_assert_neq(access(path, F_OK), 0, "%s was written", path);
	free(out);
}

Test(gen, all_lists_every_arrangement_once)
{
	dataset ds;
	size_t unsolvable = 0, deepest = 0, farthest = 0;
	uint8_t *seen;

	gen(&ds, "all.txt", "--domain msquare --method all");
	cr_assert_eq(ds.count, pb_factorial(8));
	seen = calloc(ds.domain.index_count, 1);
	cr_assert_not_null(seen);
	for (size_t i = 0; i < ds.count; i++) {
		uint64_t k = pb_index(&ds.domain, &ds.instances[i].state);

		cr_assert_eq(seen[k], 0, "instance '%s' repeats an earlier one", ds.instances[i].id);
		seen[k] = 1;
		if ((size_t)ds.instances[i].reference > deepest) {
			deepest = (size_t)ds.instances[i].reference;
			farthest = i;
		}
	}
	cr_assert_eq(deepest, 22, "Magic Squares' farthest targets are 22 moves away");
	cr_assert_eq(bfs_length(&ds, &ds.instances[farthest]), 22, "instance '%s'",
		     ds.instances[farthest].id);
	free(seen);
	dataset_release(&ds);
	gen(&ds, "all6.txt", "--domain tiles3x2 --method all");
	cr_assert_eq(ds.count, pb_factorial(6));
	for (size_t i = 0; i < ds.count; i++)
		unsolvable += ds.instances[i].reference == DATASET_REF_UNSOLVABLE;
	cr_assert_eq(unsolvable, pb_factorial(6) / 2);
	dataset_release(&ds);
	gen(&ds, "all6s.txt", "--domain tiles3x2 --method all --solvable-only");
	cr_assert_eq(ds.count, pb_factorial(6) / 2);
	dataset_release(&ds);
}

Test(gen, output_appears_whole_and_nothing_else)
{
	char path[512], *out;
	struct dirent *e;
	size_t files = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/x.txt", ht_dir);
	cr_assert_eq(ht_bench(&out, "gen --count 3 -o %s", path), 0, "%s", out);
	free(out);
	cr_assert_eq(ht_bench(&out, "gen --method nope -o %s/y.txt", ht_dir), 2);
	free(out);
	d = opendir(ht_dir);
	cr_assert_not_null(d);
	while ((e = readdir(d)))
		files += e->d_name[0] != '.';
	closedir(d);
	cr_assert_eq(files, 1, "want x.txt alone in %s (no temporary file, no y.txt)", ht_dir);
}

/* Boards over 16 cells: walks end within their length (by IDA* with
 * linear conflict), uniform states mix exactly the unsolvable fraction
 * asked for, and the same seed gives the same file. */
Test(gen, walks_and_uniform_states_on_wide_boards)
{
	static const char *const boards[] = { "24puzzle", "tiles2x12", "tiles6x4" };

	for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++) {
		char args[256];
		dataset ds;
		size_t unsolvable = 0;
		char *one, *two;

		snprintf(args, sizeof(args), "--domain %s --method walk --length 6..30 --step 8 --count 2 --seed 3",
			 boards[b]);
		gen(&ds, "ww.txt", args);
		cr_assert_eq(ds.count, 4 * 2);
		for (size_t i = 0; i < ds.count; i++) {
			const dataset_instance *in = &ds.instances[i];
			int len = atoi(in->id + 1), got;

			cr_assert_eq(in->reference, DATASET_REF_UNKNOWN, "%s walk '%s'", boards[b], in->id);
			got = length_by(&pb_solver_idastar, "linear-conflict", &ds, in);
			cr_assert(got >= 0 && got <= len && (len - got) % 2 == 0, "%s walk '%s': %d moves",
				  boards[b], in->id, got);
		}
		dataset_release(&ds);
		snprintf(args, sizeof(args), "--domain %s --method uniform --count 20 --unsolvable 50%% --seed 4",
			 boards[b]);
		gen(&ds, "wu.txt", args);
		for (size_t i = 0; i < ds.count; i++) {
			bool odd = ds.instances[i].reference == DATASET_REF_UNSOLVABLE;

			cr_assert_eq(odd, !pb_solvable(&ds.domain, &ds.instances[i].state), "%s instance '%s'",
				     boards[b], ds.instances[i].id);
			unsolvable += odd;
		}
		cr_assert_eq(unsolvable, 10, "%s: %zu of 20 unsolvable, want 10", boards[b], unsolvable);
		dataset_release(&ds);
		one = gen_text("wu1.txt", args);
		two = gen_text("wu2.txt", args);
		cr_assert(strstr(one, "# seed: 4") && !strcmp(strstr(one, "# seed"), strstr(two, "# seed")),
			  "%s: the same seed gave another file", boards[b]);
		free(one);
		free(two);
	}
}

Test(gen, bad_usage_says_what_and_exits_2)
{
	static const ht_usage_case cases[] = {
		{ "--method nope", "unknown method 'nope'" },
		{ "--method walk --per-depth 3", "--per-depth does not apply to --method walk" },
		{ "--method depth --count 3", "--count does not apply to --method depth" },
		{ "--method depth --depth 5,,6", "--depth '5,,6' is not a list of depths" },
		{ "--method depth --depth 5..x", "--depth '5..x' is not a list of depths" },
		{ "--domain msquare --method uniform --unsolvable 0.5", "every state of msquare is solvable" },
		{ "--domain 15puzzle --method depth", "15puzzle is too large" },
		{ "--domain 15puzzle --method all", "too many states" },
		{ "--domain 24puzzle --method depth", "24puzzle is too large" },
		{ "--domain 24puzzle --method all", "too many states" },
		{ "--domain tiles2x13", "unknown domain 'tiles2x13'" },
		{ "--domain 9puzzle", "unknown domain '9puzzle'" },
		{ "--goal '1 2 3'", "goal '1 2 3'" },
		{ "--count 0", "--count '0'" },
		{ "--length 5..2", "--length '5..2'" },
		{ "--seed -1", "--seed '-1'" },
		{ "--bogus", "unknown option '--bogus'" },
		{ "--count", "option '--count' needs a value" },
		{ "extra", "unexpected argument 'extra'" },
	};

	ht_expect_usage_errors("gen", cases, sizeof(cases) / sizeof(cases[0]));
}

Test(gen, help_explains_every_option)
{
	static const char *const options[] = {
		"--domain", "--goal", "--method", "--count", "--length", "--step", "--unsolvable",
		"--per-depth", "--depth", "--solvable-only", "--reference", "--source", "--seed",
		"--output", "--help", "xoshiro256**",
	};

	ht_expect_help("gen", options, sizeof(options) / sizeof(options[0]));
}
