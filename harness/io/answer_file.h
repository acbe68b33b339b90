/* A file of answers as 'bench check' reads it: one answer for each
 * instance of a dataset, in order, in the format answer.h reads, and
 * nothing more but blank lines. Read whole into memory (a file or bytes
 * given), checked for its shape, then walked one answer at a time. */
#ifndef ANSWER_FILE_H
#define ANSWER_FILE_H

#include <stddef.h>

#include "harness/io/answer.h"

/* The largest file of answers read. */
#define ANSWER_FILE_MAX (1u << 30)

typedef struct answer_file {
	char *buf;        /* the bytes, a line break added at the end when
			   * the last line had none */
	size_t n;
	const char *name; /* in messages: the caller's string */
} answer_file;

/* Read the file at PATH into A (PATH its name in messages). Returns 0, or
 * -1 with "PATH: why" in ERR. answer_file_release frees A either way. */
int answer_file_load(answer_file *a, const char *path, char *err, size_t errlen);

/* The same from the N bytes at DATA (copied), NAME in messages. Returns
 * 0, or -1 when out of memory. */
int answer_file_from_memory(answer_file *a, const char *name, const char *data, size_t n);

void answer_file_release(answer_file *a);

/* Whether A holds one answer for each of COUNT instances of domain D and
 * nothing more but blank lines: a tiles line that is no answer counts as
 * one (a wrong one); anything else that is no answer does not, and ends
 * the check. Returns 0, or -1 with "NAME:LINE: what is wrong" in ERR. */
int answer_file_check(const answer_file *a, const pb_domain *d, size_t count, char *err,
		      size_t errlen);

/* A walk through A, one answer at a time. */
typedef struct answer_walk {
	const answer_file *a;
	size_t at, counted;
	unsigned line;
} answer_walk;

void answer_walk_init(answer_walk *w, const answer_file *a);

/* The answer at W's place for domain D into F and PATH, the walk moved past
 * it (by F->used). Returns the line where it starts. */
unsigned answer_walk_next(answer_walk *w, const pb_domain *d, answer_frame *f, pb_path *path);

#endif
