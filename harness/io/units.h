/* Numbers on the command line and in reports: sizes with suffixes, durations
 * in seconds, counts, and their human-readable forms. */
#ifndef UNITS_H
#define UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Parse a size in bytes: digits with an optional fraction and an optional
 * suffix K, M, G or T (powers of 1024; "KiB", "KB" and lower case too), as
 * "4096", "64K", "1.5G". Returns 0 with *OUT set, or -1 when TEXT is not such
 * a size or overflows. */
int units_parse_bytes(const char *text, size_t *out);

/* Parse a duration in seconds, decimals allowed and an optional trailing
 * "s" ("2", "0.25", "1.5s"), into nanoseconds. Returns 0, or -1 when TEXT is
 * not a non-negative finite duration that fits. */
int units_parse_seconds(const char *text, uint64_t *ns);

/* Parse a decimal count in MIN..MAX. Returns 0, or -1. */
int units_parse_count(const char *text, uint64_t min, uint64_t max, uint64_t *out);

/* Parse a fraction: a decimal in 0..1, or a percentage ("25%"). */
int units_parse_fraction(const char *text, double *out);

/* Parse a non-negative ratio, a decimal or a percentage ("0.1", "150%"). */
int units_parse_ratio(const char *text, double *out);

/* Parse "A..B" (or a single "A", meaning A..A) of counts within MIN..MAX,
 * A <= B. Returns 0, or -1. */
int units_parse_range(const char *text, uint64_t min, uint64_t max,
		      uint64_t *lo, uint64_t *hi);

/* Write BYTES as "812 B", "1.4 KiB", "23.0 MiB" into BUF. Returns BUF. */
const char *units_format_bytes(uint64_t bytes, char *buf, size_t size);

/* Write NS as "850 ns", "12.3 us", "4.56 ms", "1.23 s", "2m05s". Returns BUF. */
const char *units_format_ns(uint64_t ns, char *buf, size_t size);

/* Write a count with a k, M or G suffix past 10000 ("2.5M"). Returns BUF. */
const char *units_format_count(uint64_t n, char *buf, size_t size);

#endif
