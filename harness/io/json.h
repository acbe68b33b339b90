/* A JSON reader (RFC 8259): a whole text parsed into a tree of values that
 * stays valid until json_release. Strict: what is not JSON is refused
 * with the line it is on, and so is "\u0000", which a string here (a C
 * string) cannot hold. The writer of meta.json is meta.c; this reads it
 * (meta_read.h) and anything else the harness keeps as JSON. */
#ifndef JSON_H
#define JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Deepest nesting accepted. */
#define JSON_MAX_DEPTH 64

typedef enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT
} json_type;

typedef struct json_value json_value;

struct json_value {
	json_type type;
	const char *key;  /* a member's name inside an object, else NULL */
	const char *text; /* a string's value (UTF-8, unescaped) or a number
			   * as written; NULL for the others */
	size_t count;     /* an array's or object's members */
	const json_value *child, *next; /* first member; the next sibling */
};

typedef struct json_doc {
	json_value *values;
	size_t nvalues, cap;
	char *strings;   /* the unescaped strings and the numbers' text */
	size_t used;
	char *text;      /* json_load: the file's bytes, NUL-terminated */
	size_t length;
} json_doc;

/* Parse the LENGTH bytes at TEXT into D (which it initialises). Returns 0,
 * or -1 with "LINE: what is wrong" in ERR. json_release frees D, also after
 * a failure. */
int json_parse(json_doc *d, const char *text, size_t length, char *err, size_t errlen);

/* Read and parse the file at PATH into D, keeping its bytes in D->text.
 * Returns 0, or -1 with "PATH: why" or "PATH:LINE: what is wrong" in ERR
 * (errno is ENOENT when there is no such file). */
int json_load(json_doc *d, const char *path, char *err, size_t errlen);

void json_release(json_doc *d);

/* The top value, or NULL before a successful parse. */
const json_value *json_root(const json_doc *d);

/* Member KEY of object V (the first of that name), or NULL when V is not
 * an object (or NULL) or has none. */
const json_value *json_get(const json_value *v, const char *key);

/* Element I of array V, or NULL. */
const json_value *json_at(const json_value *v, size_t i);

/* The string V holds, or NULL when V is not a string. */
const char *json_string(const json_value *v);

/* Whether V is true (false for anything else). */
bool json_true(const json_value *v);

/* A number V as a double (0 with a -1 return when V is not a number). */
int json_double(const json_value *v, double *out);

/* A number V written as a non-negative integer that fits 64 bits. Returns 0,
 * or -1. */
int json_u64(const json_value *v, uint64_t *out);

#endif
