#include "harness/io/units.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NS_PER_S 1000000000.0
#define KIB 1024.0

/* A non-negative decimal with an optional fraction and no sign, exponent,
 * hex or leading space (strtod alone would take "inf", "0x10", " -1"). Sets
 * *END past it. Returns 0, or -1 when TEXT does not start with one. */
static int parse_decimal(const char *text, double *out, const char **end)
{
	const char *p = text;
	char *stop;

	while (isdigit((unsigned char)*p))
		p++;
	if (*p == '.')
		p++;
	while (isdigit((unsigned char)*p))
		p++;
	if (p == text || (p == text + 1 && *text == '.'))
		return -1;
	errno = 0;
	*out = strtod(text, &stop);
	if (errno || stop != p || !isfinite(*out))
		return -1;
	*end = p;
	return 0;
}

int units_parse_bytes(const char *text, size_t *out)
{
	static const char suffixes[] = "KMGT";
	const char *end, *unit;
	double v, scale = 1;

	if (parse_decimal(text, &v, &end))
		return -1;
	if (*end) {
		unit = strchr(suffixes, toupper((unsigned char)*end));
		if (!unit)
			return -1;
		for (const char *u = suffixes; u <= unit; u++)
			scale *= KIB;
		end++;
		if (!strcasecmp(end, "ib") || !strcasecmp(end, "b"))
			end += strlen(end);
		if (*end)
			return -1;
	}
	v = floor(v * scale);
	if (v >= (double)SIZE_MAX)
		return -1;
	*out = (size_t)v;
	return 0;
}

int units_parse_seconds(const char *text, uint64_t *ns)
{
	const char *end;
	double v;

	if (parse_decimal(text, &v, &end))
		return -1;
	if (*end == 's')
		end++;
	if (*end)
		return -1;
	v = round(v * NS_PER_S);
	if (v >= (double)UINT64_MAX)
		return -1;
	*ns = (uint64_t)v;
	return 0;
}

int units_parse_count(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!isdigit((unsigned char)*text))
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int units_parse_ratio(const char *text, double *out)
{
	const char *end;
	double v;

	if (parse_decimal(text, &v, &end))
		return -1;
	if (*end == '%') {
		v /= 100;
		end++;
	}
	if (*end)
		return -1;
	*out = v;
	return 0;
}

int units_parse_fraction(const char *text, double *out)
{
	double v;

	if (units_parse_ratio(text, &v) || v > 1)
		return -1;
	*out = v;
	return 0;
}

int units_parse_range(const char *text, uint64_t min, uint64_t max,
		      uint64_t *lo, uint64_t *hi)
{
	const char *dots = strstr(text, "..");
	char first[32];
	size_t n;

	if (!dots) {
		if (units_parse_count(text, min, max, lo))
			return -1;
		*hi = *lo;
		return 0;
	}
	n = (size_t)(dots - text);
	if (n >= sizeof(first))
		return -1;
	memcpy(first, text, n);
	first[n] = '\0';
	if (units_parse_count(first, min, max, lo) ||
	    units_parse_count(dots + 2, min, max, hi) || *lo > *hi)
		return -1;
	return 0;
}

const char *units_format_bytes(uint64_t bytes, char *buf, size_t size)
{
	static const char *const names[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)bytes;
	size_t u = 0;

	while (v >= KIB && u + 1 < sizeof(names) / sizeof(names[0])) {
		v /= KIB;
		u++;
	}
	if (!u)
		snprintf(buf, size, "%llu B", (unsigned long long)bytes);
	else
		snprintf(buf, size, "%.*f %s", v < 10 ? 2 : v < 100 ? 1 : 0, v, names[u]);
	return buf;
}

const char *units_format_ns(uint64_t ns, char *buf, size_t size)
{
	double v = (double)ns;

	if (ns < 1000)
		snprintf(buf, size, "%llu ns", (unsigned long long)ns);
	else if (v < 1e6)
		snprintf(buf, size, "%.*f us", v < 1e4 ? 2 : 1, v / 1e3);
	else if (v < 1e9)
		snprintf(buf, size, "%.*f ms", v < 1e7 ? 2 : 1, v / 1e6);
	else if (v < 60 * 1e9)
		snprintf(buf, size, "%.*f s", v < 1e10 ? 2 : 1, v / 1e9);
	else
		snprintf(buf, size, "%llum%02llus", (unsigned long long)(ns / 60000000000ULL),
			 (unsigned long long)(ns / 1000000000ULL % 60));
	return buf;
}

const char *units_format_count(uint64_t n, char *buf, size_t size)
{
	static const char suffix[] = "kMGT";
	double v = (double)n;
	int u = -1;

	if (n < 10000) {
		snprintf(buf, size, "%llu", (unsigned long long)n);
		return buf;
	}
	while (v >= 1000 && u + 1 < (int)sizeof(suffix) - 1) {
		v /= 1000;
		u++;
	}
	snprintf(buf, size, "%.*f%c", v < 10 ? 2 : v < 100 ? 1 : 0, v, suffix[u]);
	return buf;
}
