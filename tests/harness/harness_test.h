/* Helpers the harness tests share: temporary directories, running the
 * built bench and reading what it wrote. Test code only. */
#ifndef HARNESS_TEST_H
#define HARNESS_TEST_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* A fresh directory under /tmp (free() the name, ht_remove the tree). */
static inline char *ht_tempdir(void)
{
	char tmpl[] = "/tmp/pb-harness-XXXXXX";

	return mkdtemp(tmpl) ? strdup(tmpl) : NULL;
}

static inline void ht_remove(char *dir)
{
	char cmd[512];

	if (!dir)
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", dir);
	free(dir);
}

/* The whole of a file (free() it), or NULL. */
static inline char *ht_read(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (n + 4096 + 1 > cap) {
			char *p = realloc(buf, cap = 2 * cap + 8192);

			if (!p) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = p;
		}
		got = fread(buf + n, 1, 4096, f);
		n += got;
	} while (got);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static inline int ht_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	int rc;

	if (!f)
		return -1;
	rc = fputs(text, f) < 0;
	return fclose(f) || rc ? -1 : 0;
}

/* Run "PB_BENCH ARGS" (ARGS formatted as printf does) through the shell,
 * standard error merged into *OUT (free() it). Returns the exit status, or
 * -1 when it did not exit normally. */
static inline int ht_bench(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static inline int ht_bench(char **out, const char *fmt, ...)
{
	char args[2048], cmd[4096], *buf = NULL;
	size_t n = 0, cap = 0, got;
	va_list ap;
	FILE *p;
	int status;

	va_start(ap, fmt);
	vsnprintf(args, sizeof(args), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "'%s' %s 2>&1", PB_BENCH, args);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	do {
		if (n + 4096 + 1 > cap) {
			char *q = realloc(buf, cap = 2 * cap + 8192);

			if (!q)
				break;
			buf = q;
		}
		got = fread(buf + n, 1, 4096, p);
		n += got;
	} while (got);
	if (buf)
		buf[n] = '\0';
	status = pclose(p);
	if (out)
		*out = buf;
	else
		free(buf);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Lines in TEXT that start with PREFIX. */
static inline size_t ht_count_lines(const char *text, const char *prefix)
{
	size_t n = 0, len = strlen(prefix);

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		n += !strncmp(p, prefix, len);
	return n;
}

#endif
