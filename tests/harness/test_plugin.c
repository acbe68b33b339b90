/* C plugins: the environment (bytes counted exactly, the memory and time
 * limits, counters), plugins in every command, files that are not
 * plugins refused, and a plugin built outside the tree against the
 * installed header (pkg-config and the CMake package). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

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

/* Build SOURCE (C text) into DIR/NAME.so against the tree's header. */
static void build_so(const char *name, const char *source)
{
	char path[1024], *out;
	int rc;

	snprintf(path, sizeof(path), "%s/%s.c", ot_dir, name);
	cr_assert_eq(ht_write(path, source), 0);
	rc = ot_sh(&out, "cd '%s' && '%s' -shared -fPIC -I'%s/include' -o %s.so %s.c", ot_dir, PB_CC,
		   PB_SOURCE_DIR, name, name);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

Test(plugin, a_file_that_is_not_a_plugin_is_refused)
{
	char *out;
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
	cr_expect(strstr(out, "is built for plugin ABI 3; this bench takes ABI 1 to 2"), "%s", out);
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
	/* a student's plugin: the example, copied out, built with pkg-config */
	rc = ot_sh(&out, "mkdir -p '%s' && cp '%s/examples/astar_plugin.c' '%s/my.c' && cd '%s' && "
		   "PKG_CONFIG_PATH='%s/share/pkgconfig' && export PKG_CONFIG_PATH && "
		   "'%s' -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o my.so my.c",
		   src, PB_SOURCE_DIR, src, src, prefix, PB_CC);
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
