/* Helpers the tests of outside solvers share (test_external.c,
 * test_plugin.c, test_check.c): shell commands other than bench, runs.csv
 * fields, small datasets. Test code only. */
#ifndef PB_TEST_OUTSIDE_H
#define PB_TEST_OUTSIDE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/support/support.h"

/* runs.csv's columns (REPORT_RUNS_HEADER). */
enum {
	OT_DATASET, OT_INSTANCE, OT_ALGORITHM, OT_HEURISTIC, OT_REPEAT, OT_PHASE, OT_STATUS,
	OT_LENGTH, OT_REFERENCE, OT_EXPANDED, OT_GENERATED, OT_WALL_NS, OT_CPU_NS, OT_PEAK_BYTES,
	OT_RSS_BYTES, OT_COLUMNS
};

/* Run the shell command FMT..., standard error merged into *OUT (free()
 * it; OUT may be NULL). Returns the exit status, or -1. */
static inline int ot_sh(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static inline int ot_sh(char **out, const char *fmt, ...)
{
	char cmd[8192], full[8400], file[] = "/tmp/pb-sh-XXXXXX";
	int fd = mkstemp(file), status;
	va_list ap;

	if (fd < 0)
		return -1;
	close(fd);
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	snprintf(full, sizeof(full), "( %s ) > '%s' 2>&1", cmd, file);
	status = system(full);
	if (out)
		*out = ht_read(file);
	unlink(file);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Column COLUMN of the first row of CSV with ALGORITHM and INSTANCE ("-"
 * for the preparation) into OUT. Returns 0, or -1 when there is none. */
static inline int ot_field(const char *csv, const char *algorithm, const char *instance,
			   int column, char *out, size_t outlen)
{
	for (const char *line = csv; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		const char *f[OT_COLUMNS + 1], *p = line;
		int k = 0;

		f[k++] = p;
		while (*p && *p != '\n' && k <= OT_COLUMNS) {
			if (*p++ == ',')
				f[k++] = p;
		}
		if (k < OT_COLUMNS)
			continue;
		if (strncmp(f[OT_ALGORITHM], algorithm, strlen(algorithm)) ||
		    f[OT_ALGORITHM][strlen(algorithm)] != ',' ||
		    strncmp(f[OT_INSTANCE], instance, strlen(instance)) ||
		    f[OT_INSTANCE][strlen(instance)] != ',')
			continue;
		snprintf(out, outlen, "%.*s", (int)strcspn(f[column], ",\n"), f[column]);
		return 0;
	}
	return -1;
}

/* As ot_field, as a number (-1 when none). */
static inline long long ot_number(const char *csv, const char *algorithm, const char *instance,
				  int column)
{
	char v[64];

	return ot_field(csv, algorithm, instance, column, v, sizeof(v)) ? -1 : atoll(v);
}

/* Rows of CSV for ALGORITHM with STATUS. */
static inline size_t ot_count(const char *csv, const char *algorithm, const char *status)
{
	char want[128];
	size_t n = 0;

	snprintf(want, sizeof(want), ",%s,", algorithm);
	for (const char *line = csv; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		const char *a = strstr(line, want), *end = strchr(line, '\n');
		char st[32];

		if (!a || (end && a > end))
			continue;
		snprintf(st, sizeof(st), ",%s,", status);
		if (strstr(line, st) && (!end || strstr(line, st) < end))
			n++;
	}
	return n;
}

/* The python3 to run test programs with: the system's when there is one
 * (a wrapper such as pyenv's costs a start-up of its own). */
static inline const char *ot_python(void)
{
	return access("/usr/bin/python3", X_OK) ? "python3" : "/usr/bin/python3";
}

/* A small 8-puzzle dataset at DIR/NAME.txt: the goal, and puzzles of
 * known depth (their ids say it). Returns the path (free() it). */
static inline char *ot_small_dataset(const char *dir, const char *name)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
	if (ht_write(path, "# puzzlebench dataset\n# format: 1\n# domain: 8puzzle\n"
			   "# goal: 1 2 3 4 5 6 7 8 x\n"
			   "d0\t1 2 3 4 5 6 7 8 x\t0\n"
			   "d1\t1 2 3 4 5 6 7 x 8\t1\n"
			   "d2\t1 2 3 4 x 5 7 8 6\t2\n"
			   "d3\t1 2 3 x 4 6 7 5 8\t3\n"))
		return NULL;
	return strdup(path);
}

/* The suite's directory and small dataset, for TestSuite's .init and
 * .fini. */
static char *ot_dir, *ot_ds;

static inline void ot_suite_init(void)
{
	ot_dir = ht_tempdir();
	cr_assert_not_null(ot_dir);
	ot_ds = ot_small_dataset(ot_dir, "small");
	cr_assert_not_null(ot_ds);
}

static inline void ot_suite_fini(void)
{
	free(ot_ds);
	ht_remove(ot_dir);
}

/* bench run of the dataset at FILE with ARGS into DIR/NAME, exit status
 * WANT_RC; its runs.csv (free() it). */
static inline char *ot_run(const char *file, const char *name, const char *args, int want_rc)
{
	char path[1024], *out, *csv;
	int rc = ht_bench(&out, "run '%s' -r 1 -w 0 -o '%s/%s' %s", file, ot_dir, name, args);

	cr_assert_eq(rc, want_rc, "bench run %s: exit %d, want %d:\n%s", args, rc, want_rc, out);
	free(out);
	snprintf(path, sizeof(path), "%s/%s/runs.csv", ot_dir, name);
	csv = ht_read(path);
	cr_assert_not_null(csv, "no %s", path);
	return csv;
}

#endif
