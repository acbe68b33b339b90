/* bench itself: --version names CMake's project version and the revision
 * baked in at build time; 'bench help CMD' is 'bench CMD --help' for every
 * subcommand. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/meta.h"
#include "tests/support/support.h"

/* The version in CMakeLists.txt's project(... VERSION x.y.z ...) into BUF. */
static void project_version(char *buf, size_t size)
{
	char path[512], *text, *p;
	size_t n;

	snprintf(path, sizeof(path), "%s/CMakeLists.txt", PB_SOURCE_DIR);
	text = ht_read(path);
	cr_assert_not_null(text, "%s", path);
	p = strstr(text, "project(puzzlebench VERSION ");
	cr_assert_not_null(p, "no project() version in %s", path);
	p += strlen("project(puzzlebench VERSION ");
	n = strspn(p, "0123456789.");
	cr_assert(n > 0 && n < size);
	memcpy(buf, p, n);
	buf[n] = '\0';
	free(text);
}

Test(main, version_names_the_project_version_and_the_revision)
{
	char version[32], want[160], *out;
	int rc = ht_bench(&out, "--version");
	const char *rev = meta_git_revision();

	project_version(version, sizeof(version));
	cr_assert_eq(rc, 0, "%s", out);
	/* a checkout says its revision; a tree without .git (a release
	 * tarball) says where it came from, and the archived commit if known */
	cr_assert(!strcmp(meta_source(), "git") || !strcmp(meta_source(), "archive"), "source '%s'",
		  meta_source());
	if (!strcmp(meta_source(), "git"))
		snprintf(want, sizeof(want), "bench (puzzlebench) %s, revision %s\n", version, rev);
	else if (strcmp(rev, "unknown"))
		snprintf(want, sizeof(want),
			 "bench (puzzlebench) %s, from a source archive (revision %s)\n", version, rev);
	else
		snprintf(want, sizeof(want), "bench (puzzlebench) %s, from a source archive\n",
			 version);
	cr_assert_str_eq(out, want);
	free(out);
}

Test(main, help_command_prints_the_command_s_help_for_every_subcommand)
{
	char *list, *p, *line, *save;
	size_t n = 0;

	cr_assert_eq(ht_bench(&list, "--help"), 0, "%s", list);
	p = strstr(list, "commands:\n");
	cr_assert_not_null(p, "%s", list);
	for (line = strtok_r(p + strlen("commands:\n"), "\n", &save); line && line[0] == ' ';
	     line = strtok_r(NULL, "\n", &save)) {
		char name[32], *a, *b;
		int ra, rb;

		cr_assert_eq(sscanf(line, " %31s", name), 1, "'%s'", line);
		ra = ht_bench(&a, "help %s", name);
		rb = ht_bench(&b, "%s --help", name);
		cr_assert_eq(ra, 0, "bench help %s: exit %d: %s", name, ra, a);
		cr_assert_eq(rb, 0);
		cr_assert_str_eq(a, b, "'bench help %s' is not 'bench %s --help'", name, name);
		cr_assert(strstr(a, "usage: bench ") && strstr(a, name), "bench help %s: %s", name, a);
		free(a);
		free(b);
		n++;
	}
	cr_assert_geq(n, 8, "'bench --help' lists %zu commands:\n%s", n, list);
	free(list);
}

Test(main, help_of_an_unknown_command_is_bad_usage)
{
	char *out;

	cr_assert_eq(ht_bench(&out, "help nosuch"), 2, "%s", out);
	cr_assert(strstr(out, "bench: help: unknown command 'nosuch'"), "%s", out);
	free(out);
	cr_assert_eq(ht_bench(&out, "help run list"), 2, "%s", out);
	free(out);
	cr_assert_eq(ht_bench(&out, "help"), 0, "%s", out);
	cr_assert(strstr(out, "bench --version") && strstr(out, "bench help <command>"), "%s", out);
	free(out);
}
