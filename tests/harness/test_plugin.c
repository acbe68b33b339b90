/* C plugins: the environment (bytes counted exactly, the memory and time
 * limits, counters), plugins in every command, files that are not
 * plugins refused, ABI 2's domains (pancakes and the cube, answers by
 * move number) beside an ABI-1 plugin that still works, ABI 4's solvers'
 * parameters beside an ABI-3 plugin read at its size, and plugins built
 * outside the tree against the installed header (pkg-config and the CMake
 * package). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "include/puzzlebench/plugin.h"
#include "tests/support/outside.h"

/* What tests/harness/plugin/probe_plugin.c does. */
#define PROBE_PEAK (3000 + 5000)
#define PROBE_PREPARED 5000
#define PROBE_HELD 1000
#define PROBE_EXPANDED 7
#define PROBE_GENERATED 11
#define NS_PER_S 1000000000LL

TestSuite(plugin, .init = ot_suite_init, .fini = ot_suite_fini);

/* A run of the probe plugin's SOLVER with EXTRA options into DIR/NAME;
 * its runs.csv (free() it). */
static char *probe(const char *name, const char *solver, const char *extra)
{
	char args[1024];

	snprintf(args, sizeof(args), "--plugin '%s' -a %s %s", PB_PROBE_PLUGIN, solver, extra);
	return ot_run(ot_ds, name, args, 0);
}

Test(plugin, bytes_are_counted_exactly_with_the_counters)
{
	const char *ids[] = { "d0", "d1" };
	char *csv;

	csv = probe("bytes", "probe-bytes", "");
	for (size_t i = 0; i < 2; i++) {
		char st[32];

		cr_assert_eq(ot_field(csv, "probe-bytes", ids[i], OT_STATUS, st, sizeof(st)), 0);
		cr_expect_str_eq(st, "ok", "instance %s", ids[i]);
		cr_expect_eq(ot_number(csv, "probe-bytes", ids[i], OT_PEAK_BYTES), PROBE_PEAK,
			     "instance %s: peak bytes", ids[i]);
		cr_expect_eq(ot_number(csv, "probe-bytes", ids[i], OT_EXPANDED), PROBE_EXPANDED,
			     "instance %s", ids[i]);
		cr_expect_eq(ot_number(csv, "probe-bytes", ids[i], OT_GENERATED), PROBE_GENERATED,
			     "instance %s", ids[i]);
	}
	cr_expect_eq(ot_number(csv, "probe-bytes", "d1", OT_LENGTH), 1);
	/* the probe answers one move at most: beyond, it says it failed */
	cr_expect_eq(ot_count(csv, "probe-bytes", "error"), 2, "%s", csv);
	free(csv);
}

Test(plugin, the_same_under_isolate)
{
	char *csv;

	csv = probe("isolated", "probe-bytes", "--isolate");
	cr_expect_eq(ot_number(csv, "probe-bytes", "d1", OT_PEAK_BYTES), PROBE_PEAK);
	cr_expect_eq(ot_count(csv, "probe-bytes", "ok"), 3 /* the preparation, d0, d1 */, "%s", csv);
	free(csv);
}

Test(plugin, the_memory_limit_refuses)
{
	char *csv;

	csv = probe("hog", "probe-hog", "-m 4M");
	cr_expect_eq(ot_count(csv, "probe-hog", "memout"), 4, "%s", csv);
	cr_expect_leq(ot_number(csv, "probe-hog", "d0", OT_PEAK_BYTES), 4 << 20);
	cr_expect_geq(ot_number(csv, "probe-hog", "d0", OT_PEAK_BYTES), 3 << 20);
	free(csv);
}

Test(plugin, polling_meets_the_deadline)
{
	char *csv;
	long long wall;

	csv = probe("spin", "probe-spin", "-t 0.2");
	cr_expect_eq(ot_count(csv, "probe-spin", "timeout"), 4, "%s", csv);
	wall = ot_number(csv, "probe-spin", "d0", OT_WALL_NS);
	cr_expect_geq(wall, NS_PER_S / 5, "stopped at %lld ns", wall);
	cr_expect_leq(wall, NS_PER_S / 5 * 11 / 10, "stopped at %lld ns, past the limit's 10%%", wall);
	cr_expect_gt(ot_number(csv, "probe-spin", "d0", OT_EXPANDED), 0);
	free(csv);
}

Test(plugin, what_a_solve_keeps_is_an_error)
{
	char *csv;

	/* in a child process (--isolate), so that what it keeps is not this
	 * process's leak: the harness cannot free a plugin's memory for it */
	csv = probe("leak", "probe-leak", "--isolate");
	cr_expect_eq(ot_count(csv, "probe-leak", "error"), 4, "%s", csv);
	free(csv);
#ifndef PB_SANITIZED
	{
		/* in bench's own process (a leak the sanitizers would stop at) */
		char *out;
		int rc = ht_bench(&out, "verify '%s' --plugin '%s' -a probe-leak", ot_ds, PB_PROBE_PLUGIN);

		cr_expect_eq(rc, 1);
		cr_expect(strstr(out, "still holds 1000 bytes"), "%s", out);
		free(out);
	}
#endif
}

Test(plugin, a_preparation_holds_its_bytes)
{
	char *csv;

	csv = probe("prep", "probe-prep", "");
	cr_expect_eq(ot_number(csv, "probe-prep", "-", OT_PEAK_BYTES), PROBE_PREPARED);
	cr_expect_eq(ot_count(csv, "probe-prep", "ok"), 3 /* the preparation, d0, d1 */, "%s", csv);
	free(csv);
}

Test(plugin, every_command_takes_it)
{
	char *out;
	int rc;

	rc = ht_bench(&out, "list --plugin '%s'", PB_PROBE_PLUGIN);
	cr_expect_eq(rc, 0, "%s", out);
	cr_expect(strstr(out, "probe-bytes") && strstr(out, "not msquare: tiles only"), "%s", out);
	free(out);
	rc = ot_sh(&out, "echo '1 2 3 4 5 6 7 x 8' | '%s' solve --plugin '%s' -a probe-bytes --check",
		   PB_BENCH, PB_PROBE_PLUGIN);
	cr_expect_eq(rc, 0, "%s", out);
	cr_expect_str_eq(out, "r\n");
	free(out);
	rc = ht_bench(&out, "verify '%s' --plugin '%s' --plugin '%s' -a astar-example,bfs-cantor",
		      ot_ds, PB_PROBE_PLUGIN, PB_EXAMPLE_PLUGIN);
	cr_expect_eq(rc, 0, "%s", out);
	free(out);
}

Test(plugin, the_example_on_the_depth_dataset)
{
	char *out, path[1024], *csv;
	int rc = ht_bench(&out, "run '%s/datasets/8puzzle-depth.txt' --plugin '%s' -a astar-example "
			  "-r 1 -w 0 -o '%s/example'", PB_SOURCE_DIR, PB_EXAMPLE_PLUGIN, ot_dir);

	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/example/runs.csv", ot_dir);
	csv = ht_read(path);
	cr_assert_not_null(csv);
	/* the dataset's 149 instances and the preparation */
	cr_expect_eq(ot_count(csv, "astar-example", "ok"), 150, "%s", csv);
	cr_expect_gt(ot_number(csv, "astar-example", "d31-1", OT_PEAK_BYTES), 0);
	free(csv);
}

/* ABI 2: pancakes and the cube */

/* The solvers' rows of CSV for instances IDS[0..n): each of PLUGIN's ok
 * with the length of BUILTIN's and, where the dataset has one, the
 * reference. */
static void expect_lengths_as(const char *csv, const char *plugin, const char *builtin,
			      const char *const *ids, size_t n, const char *what)
{
	for (size_t i = 0; i < n; i++) {
		char st[32], ref[32];
		long long length = ot_number(csv, plugin, ids[i], OT_LENGTH);

		cr_assert_eq(ot_field(csv, plugin, ids[i], OT_STATUS, st, sizeof(st)), 0,
			     "%s %s: no row", what, ids[i]);
		cr_expect_str_eq(st, "ok", "%s %s", what, ids[i]);
		cr_expect_eq(length, ot_number(csv, builtin, ids[i], OT_LENGTH),
			     "%s %s: %lld moves, %s's %lld", what, ids[i], length, builtin,
			     ot_number(csv, builtin, ids[i], OT_LENGTH));
		if (!ot_field(csv, plugin, ids[i], OT_REFERENCE, ref, sizeof(ref)) && strcmp(ref, "-"))
			cr_expect_eq(length, atoll(ref), "%s %s: %lld moves, the reference %s", what,
				     ids[i], length, ref);
	}
}

Test(plugin, abi2_sorts_pancakes_in_as_few_flips_as_the_builtin_idastar)
{
	const char *ids[] = { "1", "2", "3", "4" };

	for (int n = 8; n <= 10; n++) {
		char name[32], path[1024], *out, *csv;
		int rc;

		snprintf(name, sizeof(name), "pancake%d", n);
		snprintf(path, sizeof(path), "%s/%s.txt", ot_dir, name);
		rc = ht_bench(&out, "gen -d %s -m uniform -n 4 --seed %d -o '%s'", name, n, path);
		cr_assert_eq(rc, 0, "%s", out);
		free(out);
		csv = ot_run(path, name, "--plugin '" PB_IDASTAR_PLUGIN "' -a idastar-example,idastar",
			     0);
		/* each answer was replayed: ok says it sorts the stack */
		expect_lengths_as(csv, "idastar-example", "idastar", ids, 4, name);
		cr_expect_gt(ot_number(csv, "idastar-example", "1", OT_EXPANDED), 0, "%s", name);
		free(csv);
	}
}

Test(plugin, abi2_answers_another_goal_of_pancakes)
{
	char path[1024], *csv;
	const char *ids[] = { "reversed", "goal", "sorted" };

	snprintf(path, sizeof(path), "%s/pancake-goal.txt", ot_dir);
	cr_assert_eq(ht_write(path, "# puzzlebench dataset\n# format: 1\n# domain: pancake8\n"
				    "# goal: 8 7 6 5 4 3 2 1\n"
				    "reversed\t1 3 2 6 5 4 8 7\t-\n"
				    "goal\t8 7 6 5 4 3 2 1\t0\n"
				    "sorted\t1 2 3 4 5 6 7 8\t1\n"), 0);
	csv = ot_run(path, "pancake-goal", "--plugin '" PB_IDASTAR_PLUGIN "' -a idastar-example,idastar",
		     0);
	expect_lengths_as(csv, "idastar-example", "idastar", ids, 3, "pancake8, goal 8..1");
	free(csv);
}

Test(plugin, abi2_solves_the_cube_at_its_optimal_lengths)
{
	const char *ids[] = { "d0-1", "d1-1", "d3-2", "d5-1", "d7-3", "d9-2", "d10-1", "d11-1",
			      "d11-2", "d11-3" };
	const char *walks[] = { "w2-1", "w6-1", "w6-2", "w10-1", "w10-2", "w14-1", "w14-2" };
	char path[1024], *out, *csv;
	int rc;

	/* the half-turn metric: the depth dataset's exact references, up to
	 * 11, the 2x2x2 cube's diameter in that metric (its distance
	 * distribution is in docs/domains.md) */
	snprintf(path, sizeof(path), "%s/datasets/cube2-depth.txt", PB_SOURCE_DIR);
	csv = ot_run(path, "cube2", "--plugin '" PB_IDASTAR_PLUGIN "' -a idastar-example,idastar", 0);
	cr_expect_eq(ot_count(csv, "idastar-example", "ok"), 35 /* 34 and the preparation */, "%s",
		     csv);
	expect_lengths_as(csv, "idastar-example", "idastar", ids, sizeof(ids) / sizeof(ids[0]),
			  "cube2");
	cr_expect_eq(ot_number(csv, "idastar-example", "d11-3", OT_LENGTH), 11);
	/* its tables are the preparation's bytes */
	cr_expect_gt(ot_number(csv, "idastar-example", "-", OT_PEAK_BYTES), 40320);
	free(csv);
	/* quarter turns: walks back from the goal, against the built-in */
	snprintf(path, sizeof(path), "%s/cube2q.txt", ot_dir);
	rc = ht_bench(&out, "gen -d cube2q -m walk -l 2..14 --step 4 -n 2 --seed 5 -o '%s'", path);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	csv = ot_run(path, "cube2q", "--plugin '" PB_IDASTAR_PLUGIN "' -a idastar-example,idastar", 0);
	expect_lengths_as(csv, "idastar-example", "idastar", walks, sizeof(walks) / sizeof(walks[0]),
			  "cube2q");
	free(csv);
}

/* The number of moves in each answer line of TEXT into N[0..max); returns
 * how many lines. */
static size_t answer_lengths(const char *text, int *n, size_t max)
{
	size_t lines = 0;

	for (const char *p = text; *p && lines < max; lines++) {
		int words = 0;

		for (; *p && *p != '\n'; p++)
			words += *p != ' ' && (p == text || p[-1] == ' ' || p[-1] == '\n');
		n[lines] = words;
		if (*p)
			p++;
	}
	return lines;
}

Test(plugin, abi2_in_bench_solve_as_the_builtin)
{
	static const char *const domains[] = { "cube2", "cube2q", "pancake9" };
	static const char *const puzzles[] = {
		"R U2 F' R U\\nF R U R' U' F'\\nU R2 F R' U2 F2 R U' F R2 U\\n",
		"R U2 F' R U\\nF R U R' U' F'\\nU R2 F R' U2 F2 R U' F R2 U\\n",
		"9 8 4 5 2 6 1 3 7\\n4 8 1 3 7 2 9 6 5\\n1 2 3 4 5 6 7 8 9\\n",
	};

	for (size_t k = 0; k < sizeof(domains) / sizeof(domains[0]); k++) {
		char *mine, *theirs;
		int a[8], b[8];
		size_t na, nb;
		int rc;

		rc = ot_sh(&mine, "printf \"%s\" | '%s' solve -d %s --plugin '%s' -a idastar-example "
			   "--check", puzzles[k], PB_BENCH, domains[k], PB_IDASTAR_PLUGIN);
		cr_assert_eq(rc, 0, "%s: %s", domains[k], mine);
		rc = ot_sh(&theirs, "printf \"%s\" | '%s' solve -d %s -a idastar", puzzles[k],
			   PB_BENCH, domains[k]);
		cr_assert_eq(rc, 0, "%s: %s", domains[k], theirs);
		na = answer_lengths(mine, a, 8);
		nb = answer_lengths(theirs, b, 8);
		cr_expect_eq(na, 3, "%s: %s", domains[k], mine);
		cr_expect_eq(na, nb, "%s: %s / %s", domains[k], mine, theirs);
		for (size_t i = 0; i < na && i < nb; i++)
			cr_expect_eq(a[i], b[i], "%s, puzzle %zu: %d moves, the built-in's %d:\n%s\n%s",
				     domains[k], i + 1, a[i], b[i], mine, theirs);
		free(mine);
		free(theirs);
	}
}

Test(plugin, abi2_answers_by_move_number_in_every_domain)
{
	char path[1024], *csv;

	/* tiles: move numbers for u d l r (one move at most) */
	csv = probe("numbers", "probe-numbers", "");
	cr_expect_eq(ot_number(csv, "probe-numbers", "d1", OT_LENGTH), 1, "%s", csv);
	cr_expect_eq(ot_count(csv, "probe-numbers", "ok"), 3 /* the preparation, d0, d1 */, "%s", csv);
	free(csv);
	snprintf(path, sizeof(path), "%s/pancake-flips.txt", ot_dir);
	cr_assert_eq(ht_write(path, "# puzzlebench dataset\n# format: 1\n# domain: pancake5\n"
				    "# goal: 1 2 3 4 5\n"
				    "f0\t1 2 3 4 5\t0\n"
				    "f2\t2 1 3 4 5\t1\n"
				    "f5\t5 4 3 2 1\t1\n"), 0);
	csv = ot_run(path, "flips", "--plugin '" PB_PROBE_PLUGIN "' -a probe-numbers", 0);
	cr_expect_eq(ot_count(csv, "probe-numbers", "ok"), 4, "%s", csv);
	free(csv);
}

Test(plugin, a_move_number_out_of_range_is_wrong)
{
	char path[1024], *out, *csv;
	int rc;

	snprintf(path, sizeof(path), "%s/pancake-range.txt", ot_dir);
	cr_assert_eq(ht_write(path, "# puzzlebench dataset\n# format: 1\n# domain: pancake8\n"
				    "# goal: 1 2 3 4 5 6 7 8\n"
				    "r1\t1 3 2 6 5 4 8 7\t7\n"
				    "r2\t2 1 3 4 5 6 7 8\t1\n"), 0);
	csv = ot_run(path, "range", "--plugin '" PB_PROBE_PLUGIN "' -a probe-range", 1);
	cr_expect_eq(ot_count(csv, "probe-range", "wrong"), 2, "%s", csv);
	free(csv);
	rc = ht_bench(&out, "verify '%s' --plugin '%s' -a probe-range", path, PB_PROBE_PLUGIN);
	cr_expect_eq(rc, 1, "%s", out);
	cr_expect(strstr(out, "probe-range      wrong (move 1 of the plugin's answer is byte 7, "
			      "which names no move of pancake8: its moves are numbered 0..6)"),
		  "%s", out);
	free(out);
	rc = ot_sh(&out, "echo '2 1 3 4 5 6 7 8' | '%s' solve -d pancake8 --plugin '%s' "
		   "-a probe-range", PB_BENCH, PB_PROBE_PLUGIN);
	cr_expect_eq(rc, 2, "%s", out);
	cr_expect(strstr(out, "error\n") && strstr(out, "probe-range: wrong: move 1 of the "
						       "plugin's answer is byte 7"), "%s", out);
	free(out);
}

/* ABI 1, unchanged */

Test(plugin, an_abi1_plugin_serves_tiles_as_before)
{
	char path[1100], *csv, *meta;

	csv = ot_run(ot_ds, "abi1", "--plugin '" PB_ABI1_PLUGIN "' -a astar-example", 0);
	cr_expect_eq(ot_count(csv, "astar-example", "ok"), 5 /* the preparation, d0..d3 */, "%s", csv);
	cr_expect_eq(ot_number(csv, "astar-example", "d3", OT_LENGTH), 3);
	free(csv);
	snprintf(path, sizeof(path), "%s/abi1/meta.json", ot_dir);
	meta = ht_read(path);
	cr_assert_not_null(meta);
	cr_expect(strstr(meta, "\"plugin_abi\": 1"), "%s", meta);
	free(meta);
}

Test(plugin, an_abi1_plugin_is_refused_pancakes_and_the_cube)
{
	static const struct {
		const char *domain, *puzzle, *why;
	} cases[] = {
		{ "pancake8", "2 1 3 4 5 6 7 8", "(pancakes came with ABI 2)" },
		{ "cube2", "R U", "(the cube came with ABI 2)" },
		{ "cube2q", "R U", "(the cube came with ABI 2)" },
	};
	char *out, *csv, path[1024];
	int rc;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rc = ot_sh(&out, "echo \"%s\" | '%s' solve -d %s --plugin '%s' -a astar-example",
			   cases[i].puzzle, PB_BENCH, cases[i].domain, PB_ABI1_PLUGIN);
		cr_expect_eq(rc, 2, "%s: %s", cases[i].domain, out);
		cr_expect(strstr(out, "astar-example cannot serve") &&
			  strstr(out, "built for plugin ABI 1, which shows tiles and Magic Squares only") &&
			  strstr(out, cases[i].why), "%s: %s", cases[i].domain, out);
		free(out);
	}
	/* in a run: its rows say unsupported, the run goes on */
	snprintf(path, sizeof(path), "%s/datasets/cube2-depth.txt", PB_SOURCE_DIR);
	csv = ot_run(path, "abi1-cube", "--plugin '" PB_ABI1_PLUGIN "' -a astar-example", 0);
	cr_expect_eq(ot_count(csv, "astar-example", "unsupported"), 35, "%s", csv);
	free(csv);
	/* the ABI-2 probe is told its own reason */
	rc = ot_sh(&out, "echo '2 1 3 4 5 6 7 8' | '%s' solve -d pancake8 --plugin '%s' -a probe-bytes",
		   PB_BENCH, PB_PROBE_PLUGIN);
	cr_expect_eq(rc, 2, "%s", out);
	cr_expect(strstr(out, "probe-bytes cannot serve 'pancake8': tiles only"), "%s", out);
	free(out);
}

/* Build SOURCE (C text) into DIR/NAME.so against the header under
 * INCLUDE (a folder of the source tree). */
static void build_so_with(const char *include, const char *name, const char *source)
{
	char path[1024], *out;
	int rc;

	snprintf(path, sizeof(path), "%s/%s.c", ot_dir, name);
	cr_assert_eq(ht_write(path, source), 0);
	rc = ot_sh(&out, "cd '%s' && '%s' -shared -fPIC -I'%s/%s' -o %s.so %s.c", ot_dir, PB_CC,
		   PB_SOURCE_DIR, include, name, name);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

/* The same against the tree's header. */
static void build_so(const char *name, const char *source)
{
	build_so_with("include", name, source);
}

Test(plugin, a_file_that_is_not_a_plugin_is_refused)
{
	char *out, want[200];
	int rc;

	build_so("plain", "int not_a_plugin(void);\nint not_a_plugin(void) { return 1; }\n");
	rc = ht_bench(&out, "run '%s' --plugin '%s/plain.so' -o '%s/refused'", ot_ds, ot_dir, ot_dir);
	cr_expect_eq(rc, 2);
	cr_expect(strstr(out, "is not a puzzlebench plugin: it has no function 'puzzlebench_plugin'"),
		  "%s", out);
	free(out);
	rc = ht_bench(&out, "list --plugin '%s'", ot_ds);
	cr_expect_eq(rc, 2);
	cr_expect(strstr(out, "cannot load plugin"), "%s", out);
	free(out);
	build_so("future", "#include <puzzlebench/plugin.h>\n"
			   "static const pb_plugin p = { PB_PLUGIN_ABI + 1, 0, 0 };\n"
			   "const pb_plugin *puzzlebench_plugin(void) { return &p; }\n");
	rc = ht_bench(&out, "verify '%s' --plugin '%s/future.so'", ot_ds, ot_dir);
	cr_expect_eq(rc, 2);
	snprintf(want, sizeof(want), "is built for plugin ABI %d; this bench takes ABI %d to %d",
		 PB_PLUGIN_ABI + 1, PB_PLUGIN_ABI_OLDEST, PB_PLUGIN_ABI);
	cr_expect(strstr(out, want), "%s", out);
	free(out);
	/* refused before the run: nothing written */
	cr_expect_neq(ot_sh(NULL, "test -e '%s/refused'", ot_dir), 0);
}

Test(plugin, built_outside_the_tree_against_the_installed_header)
{
	char *out, prefix[1024], src[1024], path[1100], *csv;
	int rc;

	snprintf(prefix, sizeof(prefix), "%s/prefix", ot_dir);
	snprintf(src, sizeof(src), "%s/elsewhere", ot_dir);
	rc = ot_sh(&out, "'%s' --install '%s' --prefix '%s'", PB_CMAKE, PB_BINARY_DIR, prefix);
	cr_assert_eq(rc, 0, "cmake --install: %s", out);
	free(out);
	/* a student's plugins: the examples, copied out, built with pkg-config */
	rc = ot_sh(&out, "mkdir -p '%s' && cp '%s/examples/astar_plugin.c' '%s/my.c' && "
		   "cp '%s/examples/idastar_plugin.c' '%s/ida.c' && cd '%s' && "
		   "PKG_CONFIG_PATH='%s/share/pkgconfig' && export PKG_CONFIG_PATH && "
		   "'%s' -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o my.so my.c && "
		   "'%s' -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o ida.so ida.c",
		   src, PB_SOURCE_DIR, src, PB_SOURCE_DIR, src, src, prefix, PB_CC, PB_CC);
	cr_assert_eq(rc, 0, "building outside the tree: %s", out);
	free(out);
	rc = ot_sh(&out, "'%s/bin/bench' run '%s' --plugin '%s/my.so' -a astar-example -r 1 -w 0 "
		   "-o '%s/outside'", prefix, ot_ds, src, ot_dir);
	cr_assert_eq(rc, 0, "the installed bench with the plugin: %s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/outside/runs.csv", ot_dir);
	csv = ht_read(path);
	cr_assert_not_null(csv);
	cr_expect_eq(ot_count(csv, "astar-example", "ok"), 5, "%s", csv);
	free(csv);
	rc = ot_sh(&out, "'%s/bin/bench' verify '%s/datasets/cube2-depth.txt' --plugin '%s/ida.so' "
		   "-a idastar-example", prefix, PB_SOURCE_DIR, src);
	cr_expect_eq(rc, 0, "the installed bench with the IDA* example on the cube: %s", out);
	free(out);
	/* the example domains, each one file built the same way, checked by
	 * the installed bench against the domain contract */
	rc = ot_sh(&out, "cd '%s' && cp '%s/examples/domain_topspin.c' '%s/examples/domain_hanoi4.c' . && "
		   "PKG_CONFIG_PATH='%s/share/pkgconfig' && export PKG_CONFIG_PATH && "
		   "'%s' -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o topspin.so domain_topspin.c && "
		   "'%s' -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o hanoi4.so domain_hanoi4.c && "
		   "'%s/bin/bench' selftest -q -t 3 -d topspin-7-4 --plugin ./topspin.so && "
		   "'%s/bin/bench' selftest -q -t 3 -d hanoi4-5 --plugin ./hanoi4.so", src, PB_SOURCE_DIR,
		   PB_SOURCE_DIR, prefix, PB_CC, PB_CC, prefix, prefix);
	cr_expect_eq(rc, 0, "the example domains built outside the tree: %s", out);
	free(out);
	/* the same through the CMake package */
	snprintf(path, sizeof(path), "%s/CMakeLists.txt", src);
	cr_assert_eq(ht_write(path, "cmake_minimum_required(VERSION 3.16)\nproject(my C)\n"
				    "find_package(puzzlebench 0.1 REQUIRED)\n"
				    "add_library(my_cmake MODULE my.c)\n"
				    "target_link_libraries(my_cmake PRIVATE puzzlebench::plugin)\n"), 0);
	rc = ot_sh(&out, "'%s' -S '%s' -B '%s/build' -DCMAKE_PREFIX_PATH='%s' -DCMAKE_C_COMPILER='%s' "
		   ">/dev/null && '%s' --build '%s/build' >/dev/null && '%s/bin/bench' verify '%s' "
		   "--plugin '%s/build/libmy_cmake.so' -a astar-example", PB_CMAKE, src, src, prefix,
		   PB_CC, PB_CMAKE, src, prefix, ot_ds, src);
	cr_expect_eq(rc, 0, "through find_package(puzzlebench): %s", out);
	free(out);
}

/* A plugin's solver declares parameters (ABI 4) and reads them in its
 * prepare: the IDA* example without its pruning of moves answers the same
 * in more nodes, and with max-depth=5 answers only what is 5 moves or
 * fewer from the goal, failing the rest, saying so. Each is a series of
 * its own. */
Test(plugin, a_solver_declares_parameters_and_reads_them_in_prepare)
{
	char data[1024], args[1024], *csv, *out;
	uint64_t more = 0;
	size_t seen = 0;
	int rc;

	snprintf(data, sizeof(data), "%s/datasets/cube2-depth.txt", PB_SOURCE_DIR);
	snprintf(args, sizeof(args), "--plugin '%s' -a idastar-example,idastar-example:prune=off,"
		 "idastar-example:max-depth=05", PB_IDASTAR_PLUGIN);
	csv = ot_run(data, "params", args, 0);
	for (int depth = 0; depth <= 11; depth++)
		for (int k = 1; k <= 3; k++) {
			char id[16], st[32];
			long long len, plain, off;

			snprintf(id, sizeof(id), "d%d-%d", depth, k);
			if (ot_field(csv, "idastar-example", id, OT_STATUS, st, sizeof(st)))
				continue;
			seen++;
			cr_expect_str_eq(st, "ok", "%s", id);
			len = ot_number(csv, "idastar-example", id, OT_LENGTH);
			cr_expect_eq(len, depth, "%s", id);
			cr_expect_eq(ot_number(csv, "idastar-example:prune=off", id, OT_LENGTH), len, "%s",
				     id);
			plain = ot_number(csv, "idastar-example", id, OT_EXPANDED);
			off = ot_number(csv, "idastar-example:prune=off", id, OT_EXPANDED);
			cr_expect_geq(off, plain, "%s: without pruning, fewer nodes", id);
			more += (uint64_t)(off - plain);
			cr_assert_eq(ot_field(csv, "idastar-example:max-depth=5", id, OT_STATUS, st,
					      sizeof(st)), 0, "%s: no row of max-depth=5: %s", id, csv);
			cr_expect_str_eq(st, depth <= 5 ? "ok" : "error", "%s with max-depth=5", id);
		}
	cr_expect_eq(seen, 34, "the instances of cube2-depth");
	cr_expect_gt(more, 0, "prune=off expanded no more nodes than prune=on");
	free(csv);
	/* bench solve takes a variant as well */
	rc = ot_sh(&out, "echo \"R U2 F' R U\" | '%s' solve -d cube2 --plugin '%s' "
		   "-a idastar-example:prune=off", PB_BENCH, PB_IDASTAR_PLUGIN);
	cr_expect_eq(rc, 0, "%s", out);
	cr_expect_eq(strspn(out, "URF2' \n"), strlen(out), "an answer of turns: %s", out);
	free(out);
	rc = ot_sh(&out, "echo \"R U2 F' R U\" | '%s' solve -d cube2 --plugin '%s' "
		   "-a idastar-example:max-depth=3 --check", PB_BENCH, PB_IDASTAR_PLUGIN);
	cr_expect(strstr(out, "no answer within 3 moves"), "%s", out);
	free(out);
}

/* A plugin built against ABI 3's header (frozen under
 * tests/harness/plugin/abi3) has solvers without params: the harness
 * reads its table at their size, so that its second and third solvers are
 * found, and they take no parameters. */
Test(plugin, an_abi3_plugins_solvers_are_read_at_their_size)
{
	char args[1024], *out, *csv;
	int rc;

	build_so_with("tests/harness/plugin/abi3", "old",
		      "#include <string.h>\n#include <puzzlebench/plugin.h>\n"
		      "static const char *tiles(const pb_plugin_domain *d)\n"
		      "{ return d->kind == PB_PLUGIN_TILES ? 0 : \"tiles only\"; }\n"
		      "static int at_goal(void *c, const pb_plugin_puzzle *p, pb_plugin_env *e, "
		      "pb_plugin_answer *a)\n"
		      "{ (void)c, (void)e; a->length = 0;\n"
		      "  return memcmp(p->start, p->goal, (size_t)p->domain->cells) ? "
		      "PB_PLUGIN_FAILED : PB_PLUGIN_SOLVED; }\n"
		      "static const pb_plugin_solver solvers[] = {\n"
		      "  { \"old-one\", \"first\", tiles, 0, at_goal, 0 },\n"
		      "  { \"old-two\", \"second\", tiles, 0, at_goal, 0 },\n"
		      "  { \"old-three\", \"third\", tiles, 0, at_goal, 0 } };\n"
		      "static const pb_plugin p = { 3, 3, solvers, 0, 0 };\n"
		      "const pb_plugin *puzzlebench_plugin(void) { return &p; }\n");
	rc = ht_bench(&out, "list --plugin '%s/old.so'", ot_dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_expect(strstr(out, "\n  old-one ") && strstr(out, "\n  old-two ") &&
		  strstr(out, "\n  old-three "), "%s", out);
	free(out);
	snprintf(args, sizeof(args), "--plugin '%s/old.so' -a old-three", ot_dir);
	csv = ot_run(ot_ds, "abi3", args, 0);
	cr_expect_eq(ot_count(csv, "old-three", "ok"), 2 /* the preparation and d0 */, "%s", csv);
	free(csv);
	rc = ht_bench(&out, "run '%s' --plugin '%s/old.so' -a old-two:k=1", ot_ds, ot_dir);
	cr_expect_eq(rc, 2);
	cr_expect(strstr(out, "bench run: -a old-two:k=1: old-two takes no parameters"), "%s", out);
	free(out);
}

/* A list of parameters that is not well made is refused when the plugin
 * loads, saying which solver and parameter. */
Test(plugin, parameters_not_well_made_are_refused_when_it_loads)
{
	char *out;
	int rc;

	build_so("badparams", "#include <puzzlebench/plugin.h>\n"
		 "static int none(void *c, const pb_plugin_puzzle *p, pb_plugin_env *e, "
		 "pb_plugin_answer *a)\n{ (void)c, (void)p, (void)e, (void)a; return PB_PLUGIN_FAILED; }\n"
		 "static const pb_plugin_param params[] = {\n"
		 "  { .key = \"k\", .summary = \"s\", .choices = \"a|b\", .def = \"c\" }, { 0 } };\n"
		 "static const pb_plugin_solver solvers[] = {\n"
		 "  { .name = \"bad-params\", .solve = none, .params = params } };\n"
		 "static const pb_plugin p = { .abi = PB_PLUGIN_ABI, .count = 1, .solvers = solvers };\n"
		 "const pb_plugin *puzzlebench_plugin(void) { return &p; }\n");
	rc = ht_bench(&out, "list --plugin '%s/badparams.so'", ot_dir);
	cr_expect_eq(rc, 2);
	cr_expect(strstr(out, "badparams.so': solver 'bad-params': parameter 'k': its default: k must "
			 "be a or b, not 'c'"), "%s", out);
	free(out);
}

/* A plugin's solver declares what it promises (ABI 5): the harness judges
 * its answers by it. Each solver here answers "rlr" to d1 (one move from
 * the goal: the blank goes right; then left and right again), 3 moves. */
Test(plugin, a_plugin_s_solver_is_judged_by_the_guarantee_it_declares)
{
	char args[1024], *out, *csv;
	int rc;

	build_so("pads", "#include <string.h>\n#include <puzzlebench/plugin.h>\n"
		 "static int pad(void *c, const pb_plugin_puzzle *p, pb_plugin_env *e, "
		 "pb_plugin_answer *a)\n"
		 "{ (void)c, (void)p, (void)e; memcpy(a->moves, \"rlr\", 3); a->length = 3;\n"
		 "  return PB_PLUGIN_SOLVED; }\n"
		 "static const pb_plugin_param w[] = {\n"
		 "  { .key = \"w\", .summary = \"bound\", .min = 1, .max = 9, .def = \"3\" }, { 0 } };\n"
		 "static const pb_plugin_solver solvers[] = {\n"
		 "  { .name = \"pad-optimal\", .solve = pad },\n"
		 "  { .name = \"pad-tight\", .solve = pad, .guarantee = PB_PLUGIN_BOUNDED, .bound = 2 },\n"
		 "  { .name = \"pad-loose\", .solve = pad, .guarantee = PB_PLUGIN_BOUNDED, .bound = 3 },\n"
		 "  { .name = \"pad-any\", .solve = pad, .guarantee = PB_PLUGIN_ANY },\n"
		 "  { .name = \"pad-param\", .solve = pad, .params = w, .guarantee = PB_PLUGIN_BOUNDED,\n"
		 "    .bound_param = \"w\" } };\n"
		 "static const pb_plugin p = { .abi = PB_PLUGIN_ABI, .count = 5, .solvers = solvers };\n"
		 "const pb_plugin *puzzlebench_plugin(void) { return &p; }\n");
	snprintf(args, sizeof(args), "--instances d1 --plugin '%s/pads.so' -a pad-optimal,"
		 "pad-tight,pad-loose,pad-any,pad-param,pad-param:w=2", ot_dir);
	csv = ot_run(ot_ds, "pads", args, 1 /* wrong rows */);
	cr_assert_not_null(csv);
	cr_expect_eq(ot_count(csv, "pad-optimal", "wrong"), 1, "%s", csv);
	cr_expect_eq(ot_count(csv, "pad-tight", "wrong"), 1, "%s", csv);
	cr_expect_eq(ot_count(csv, "pad-loose", "ok"), 2, "%s", csv);
	cr_expect_eq(ot_count(csv, "pad-any", "ok"), 2, "%s", csv);
	cr_expect_eq(ot_count(csv, "pad-param", "ok"), 2, "the default w=3: %s", csv);
	cr_expect_eq(ot_count(csv, "pad-param:w=2", "wrong"), 1, "%s", csv);
	free(csv);
	build_so("badbound", "#include <puzzlebench/plugin.h>\n"
		 "static int none(void *c, const pb_plugin_puzzle *p, pb_plugin_env *e, "
		 "pb_plugin_answer *a)\n{ (void)c, (void)p, (void)e, (void)a; return PB_PLUGIN_FAILED; }\n"
		 "static const pb_plugin_solver solvers[] = {\n"
		 "  { .name = \"half\", .solve = none, .guarantee = PB_PLUGIN_BOUNDED, .bound = 0.5 } };\n"
		 "static const pb_plugin p = { .abi = PB_PLUGIN_ABI, .count = 1, .solvers = solvers };\n"
		 "const pb_plugin *puzzlebench_plugin(void) { return &p; }\n");
	rc = ht_bench(&out, "list --plugin '%s/badbound.so'", ot_dir);
	cr_expect_eq(rc, 2);
	cr_expect(strstr(out, "solver 'half': a bound of 0.5: a factor is at least 1"), "%s", out);
	free(out);
}

/* A plugin built against ABI 4's header (frozen under
 * tests/harness/plugin/abi4) has solvers without a guarantee: read at
 * their size, each is optimal. */
Test(plugin, an_abi4_plugins_solvers_are_read_at_their_size)
{
	char args[1024], *csv;

	build_so_with("tests/harness/plugin/abi4", "four",
		      "#include <string.h>\n#include <puzzlebench/plugin.h>\n"
		      "static const char *tiles(const pb_plugin_domain *d)\n"
		      "{ return d->kind == PB_PLUGIN_TILES ? 0 : \"tiles only\"; }\n"
		      "static int long_way(void *c, const pb_plugin_puzzle *p, pb_plugin_env *e, "
		      "pb_plugin_answer *a)\n"
		      "{ (void)c, (void)p, (void)e; memcpy(a->moves, \"rlr\", 3); a->length = 3;\n"
		      "  return PB_PLUGIN_SOLVED; }\n"
		      "static const pb_plugin_solver solvers[] = {\n"
		      "  { \"four-one\", \"first\", tiles, 0, long_way, 0, 0 },\n"
		      "  { \"four-two\", \"second\", tiles, 0, long_way, 0, 0 },\n"
		      "  { \"four-three\", \"third\", tiles, 0, long_way, 0, 0 } };\n"
		      "static const pb_plugin p = { 4, 3, solvers, 0, 0 };\n"
		      "const pb_plugin *puzzlebench_plugin(void) { return &p; }\n");
	snprintf(args, sizeof(args), "--plugin '%s/four.so' -a four-three --instances d1", ot_dir);
	csv = ot_run(ot_ds, "abi4", args, 1 /* a wrong row */);
	cr_expect_eq(ot_count(csv, "four-three", "wrong"), 1, "3 moves, optimal promised: %s", csv);
	free(csv);
}
