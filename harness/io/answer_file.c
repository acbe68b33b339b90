#include "harness/io/answer_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first read's buffer. */
#define FIRST_CAP (1u << 16)

/* The line break the last line may lack, in A's room for one more byte. */
static void end_last_line(answer_file *a)
{
	if (a->n && a->buf[a->n - 1] != '\n')
		a->buf[a->n++] = '\n';
}

int answer_file_load(answer_file *a, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	size_t cap = FIRST_CAP, got;

	memset(a, 0, sizeof(*a));
	a->name = path;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	a->buf = malloc(cap + 1);
	if (!a->buf) {
		snprintf(err, errlen, "%s: out of memory", path);
		fclose(f);
		return -1;
	}
	while ((got = fread(a->buf + a->n, 1, cap - a->n, f)) > 0) {
		a->n += got;
		if (a->n == cap) {
			char *p = cap < ANSWER_FILE_MAX ? realloc(a->buf, 2 * cap + 1) : NULL;

			if (!p) {
				snprintf(err, errlen, "%s: larger than %u bytes", path, ANSWER_FILE_MAX);
				fclose(f);
				return -1;
			}
			a->buf = p;
			cap *= 2;
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		fclose(f);
		return -1;
	}
	fclose(f);
	end_last_line(a);
	return 0;
}

int answer_file_from_memory(answer_file *a, const char *name, const char *data, size_t n)
{
	memset(a, 0, sizeof(*a));
	a->name = name;
	a->buf = malloc(n + 1);
	if (!a->buf)
		return -1;
	memcpy(a->buf, data, n);
	a->n = n;
	end_last_line(a);
	return 0;
}

void answer_file_release(answer_file *a)
{
	free(a->buf);
	memset(a, 0, sizeof(*a));
}

/* The line of byte AT, counting from *LINE at byte *FROM (both moved on). */
static unsigned line_at(const char *buf, size_t at, size_t *from, unsigned *line)
{
	for (; *from < at; (*from)++)
		*line += buf[*from] == '\n';
	return *line;
}

/* A control byte (a binary file) in BUF[0..n): its offset, or N. */
static size_t control_byte(const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)buf[i];

		if ((b < ' ' && b != '\n' && b != '\r' && b != '\t') || b == 0x7f)
			return i;
	}
	return n;
}

void answer_walk_init(answer_walk *w, const answer_file *a)
{
	w->a = a;
	w->at = w->counted = 0;
	w->line = 1;
}

unsigned answer_walk_next(answer_walk *w, const pb_domain *d, answer_frame *f, pb_path *path)
{
	unsigned first = line_at(w->a->buf, w->at, &w->counted, &w->line);

	answer_parse(d, NULL, w->a->buf + w->at, w->a->n - w->at, f, path);
	w->at += f->used;
	return first;
}

int answer_file_check(const answer_file *a, const pb_domain *d, size_t count, char *err,
		      size_t errlen)
{
	const char *buf = a->buf;
	size_t n = a->n, bad = control_byte(buf, n);
	answer_walk w;

	answer_walk_init(&w, a);
	if (bad < n) {
		snprintf(err, errlen, "%s:%u: control byte 0x%02x (a binary file?)", a->name,
			 line_at(buf, bad, &w.counted, &w.line), (unsigned char)buf[bad]);
		return -1;
	}
	for (size_t i = 0; i < count; i++) {
		size_t at = w.at;
		answer_frame f;
		pb_path path;
		unsigned first = answer_walk_next(&w, d, &f, &path);

		if (f.state == ANSWER_MORE && at == n) {
			snprintf(err, errlen, "%s:%u: the file ends after %zu answers; the dataset has "
				 "%zu instances", a->name, first, i, count);
			return -1;
		}
		if (f.state == ANSWER_MORE || (f.state == ANSWER_BAD && !f.used)) {
			snprintf(err, errlen, "%s:%u: %s", a->name, first, f.state == ANSWER_MORE
				 ? "an answer cut short at the end of the file" : f.why);
			return -1;
		}
	}
	for (size_t k = w.at; k < n; k++) {
		if (buf[k] != '\n' && buf[k] != '\r' && buf[k] != ' ' && buf[k] != '\t') {
			snprintf(err, errlen, "%s:%u: more answers than the dataset's %zu instances",
				 a->name, line_at(buf, k, &w.counted, &w.line), count);
			return -1;
		}
	}
	return 0;
}
