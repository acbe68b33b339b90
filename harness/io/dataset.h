/* Dataset files: read and write the shared format (see DESIGN.md).
 *
 *   # puzzlebench dataset
 *   # format: 1
 *   # domain: 8puzzle
 *   # goal: 1 2 3 4 5 6 7 8 x
 *   id<TAB>state<TAB>reference
 *
 * Header lines "# key: value" come before the first instance; later lines
 * starting with '#' and blank lines are comments. The reference is the
 * optimal length, '-' when unknown, or 'unsolvable'. Readers accept LF and
 * CRLF, reject NUL and other control bytes, bound the line length, and name
 * the file and line of whatever is wrong. */
#ifndef DATASET_H
#define DATASET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "algorithms/puzzles/domain.h"

#define DATASET_FORMAT 1
/* Longest line a reader takes, terminator included. */
#define DATASET_MAX_LINE 4096
/* Longest instance id (no tabs or spaces). */
#define DATASET_MAX_ID 31
/* Header lines a reader keeps. */
#define DATASET_MAX_HEADERS 32

/* The reference length, or one of these. */
#define DATASET_REF_UNKNOWN (-1)
#define DATASET_REF_UNSOLVABLE (-2)

typedef struct dataset_instance {
	char id[DATASET_MAX_ID + 1];
	pb_state state;
	int reference; /* >= 0, DATASET_REF_UNKNOWN or DATASET_REF_UNSOLVABLE */
	unsigned line; /* where it was read (0: not from a file) */
} dataset_instance;

typedef struct dataset_header {
	char *key, *value;
} dataset_header;

typedef struct dataset {
	char *path;  /* as given to dataset_load */
	char *name;  /* base name without its extension: the CSV's dataset */
	pb_domain domain;
	dataset_header headers[DATASET_MAX_HEADERS];
	size_t nheaders;
	dataset_instance *instances;
	size_t count, capacity;
} dataset;

/* Read the dataset file PATH into DS (which the caller allocates; release it
 * with dataset_release, also after a failure). Returns 0, or -1 with
 * "PATH:LINE: what is wrong" (or "PATH: ..." for the file as a whole) in
 * ERR. */
int dataset_load(dataset *ds, const char *path, char *err, size_t errlen);

/* As dataset_load, from an open stream; PATH only names it in messages. */
int dataset_read(dataset *ds, FILE *in, const char *path, char *err, size_t errlen);

/* Free what DS holds; DS may then be loaded again. */
void dataset_release(dataset *ds);

/* The value of header KEY, or NULL. */
const char *dataset_header_value(const dataset *ds, const char *key);

/* The dataset's name for a PATH: its base name without the extension
 * ("datasets/8puzzle-depth.txt" -> "8puzzle-depth"), into BUF. */
void dataset_name_of(const char *path, char *buf, size_t size);

/* Write the reference as the file does: "17", "-" or "unsolvable". Returns
 * BUF. */
const char *dataset_format_reference(int reference, char *buf, size_t size);

/* Write the header: the title line, format, domain and goal of D (no goal
 * line for Magic Squares), then each KEYS[i]: VALUES[i] whose value is not
 * NULL. Returns 0, or -1 on a write error. */
int dataset_write_header(FILE *out, const pb_domain *d, const char *const *keys,
			 const char *const *values, size_t n);

/* Write one instance line. Returns 0, or -1 on a write error. */
int dataset_write_instance(FILE *out, const pb_domain *d, const char *id,
			   const pb_state *s, int reference);

/* Add an instance to DS (tests and generators build datasets in memory).
 * Returns 0, or -1 when out of memory. */
int dataset_append(dataset *ds, const char *id, const pb_state *s, int reference);

#endif
