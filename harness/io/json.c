#include "harness/io/json.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Unicode (RFC 8259 section 7, RFC 3629): surrogate halves, the
 * replacement character, and where UTF-8 takes 2, 3 and 4 bytes. */
#define HIGH_SURROGATE_FIRST 0xD800u
#define LOW_SURROGATE_FIRST 0xDC00u
#define SURROGATE_END 0xE000u
#define SURROGATE_PLANE 0x10000u
#define REPLACEMENT_CHARACTER 0xFFFDu
#define UTF8_TWO 0x80u
#define UTF8_THREE 0x800u
#define HEX_DIGITS 4

typedef struct parser {
	json_doc *d;
	const char *p, *end;
	size_t line;
	size_t *child, *next; /* per value: index + 1 of its first member and
			       * of its next sibling, 0 none */
	char *err;
	size_t errlen;
} parser;

static int fail(parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(parser *ps, const char *fmt, ...)
{
	char what[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(ps->err, ps->errlen, "%zu: %s", ps->line, what);
	return -1;
}

static void skip_space(parser *ps)
{
	while (ps->p < ps->end && strchr(" \t\r\n", *ps->p) && *ps->p) {
		ps->line += *ps->p == '\n';
		ps->p++;
	}
}

/* A new value of TYPE; its index, or (size_t)-1 when out of memory. */
static size_t new_value(parser *ps, json_type type)
{
	json_doc *d = ps->d;

	if (d->nvalues == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 64;
		json_value *v = realloc(d->values, cap * sizeof(*v));
		size_t *c, *n;

		if (v)
			d->values = v;
		c = v ? realloc(ps->child, cap * sizeof(*c)) : NULL;
		if (c)
			ps->child = c;
		n = c ? realloc(ps->next, cap * sizeof(*n)) : NULL;
		if (!n) {
			fail(ps, "out of memory");
			return (size_t)-1;
		}
		ps->next = n;
		d->cap = cap;
	}
	memset(&d->values[d->nvalues], 0, sizeof(d->values[0]));
	d->values[d->nvalues].type = type;
	ps->child[d->nvalues] = ps->next[d->nvalues] = 0;
	return d->nvalues++;
}

static int hex4(const char *p, unsigned *out)
{
	unsigned v = 0;

	for (int i = 0; i < HEX_DIGITS; i++) {
		char c = p[i];
		unsigned digit = c >= '0' && c <= '9' ? (unsigned)(c - '0')
				 : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
				 : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;

		if (digit > 15)
			return -1;
		v = v * 16 + digit;
	}
	*out = v;
	return 0;
}

static char *put_utf8(char *w, unsigned c)
{
	if (c < UTF8_TWO) {
		*w++ = (char)c;
	} else if (c < UTF8_THREE) {
		*w++ = (char)(0xC0 | (c >> 6));
		*w++ = (char)(0x80 | (c & 0x3F));
	} else if (c < SURROGATE_PLANE) {
		*w++ = (char)(0xE0 | (c >> 12));
		*w++ = (char)(0x80 | ((c >> 6) & 0x3F));
		*w++ = (char)(0x80 | (c & 0x3F));
	} else {
		*w++ = (char)(0xF0 | (c >> 18));
		*w++ = (char)(0x80 | ((c >> 12) & 0x3F));
		*w++ = (char)(0x80 | ((c >> 6) & 0x3F));
		*w++ = (char)(0x80 | (c & 0x3F));
	}
	return w;
}

/* A \u escape at P (past the 'u'), with a low surrogate after a high one;
 * a lone half becomes U+FFFD. Advances *P. */
static int unicode_escape(parser *ps, unsigned *out)
{
	unsigned c, low;

	if (ps->end - ps->p < HEX_DIGITS || hex4(ps->p, &c))
		return fail(ps, "'\\u' wants four hex digits");
	/* the strings are C strings: a NUL would cut one short unseen */
	if (!c)
		return fail(ps, "'\\u0000' in a string (a NUL is not taken)");
	ps->p += HEX_DIGITS;
	if (c >= HIGH_SURROGATE_FIRST && c < LOW_SURROGATE_FIRST && ps->end - ps->p >= 2 + HEX_DIGITS &&
	    ps->p[0] == '\\' && ps->p[1] == 'u' && !hex4(ps->p + 2, &low) &&
	    low >= LOW_SURROGATE_FIRST && low < SURROGATE_END) {
		ps->p += 2 + HEX_DIGITS;
		c = SURROGATE_PLANE + ((c - HIGH_SURROGATE_FIRST) << 10) + (low - LOW_SURROGATE_FIRST);
	} else if (c >= HIGH_SURROGATE_FIRST && c < SURROGATE_END) {
		c = REPLACEMENT_CHARACTER;
	}
	*out = c;
	return 0;
}

/* A string at ps->p (its opening quote), unescaped into the arena. */
static int parse_string(parser *ps, const char **out)
{
	static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	char *w = ps->d->strings + ps->d->used;

	*out = w;
	for (ps->p++; ps->p < ps->end && *ps->p != '"'; ) {
		unsigned char c = (unsigned char)*ps->p++;
		const char *e;
		unsigned u = 0;

		if (c < ' ')
			return fail(ps, "a control character inside a string");
		if (c != '\\') {
			*w++ = (char)c;
			continue;
		}
		if (ps->p == ps->end)
			break;
		c = (unsigned char)*ps->p++;
		if (c == 'u') {
			if (unicode_escape(ps, &u))
				return -1;
			w = put_utf8(w, u);
			continue;
		}
		for (e = escapes; *e && *e != (char)c; e += 2)
			;
		if (!*e)
			return fail(ps, "unknown escape '\\%c'", c);
		*w++ = e[1];
	}
	if (ps->p == ps->end)
		return fail(ps, "a string is not closed");
	ps->p++;
	*w++ = '\0';
	ps->d->used = (size_t)(w - ps->d->strings);
	return 0;
}

static size_t digits(const char *p, const char *end)
{
	size_t n = 0;

	while (p + n < end && p[n] >= '0' && p[n] <= '9')
		n++;
	return n;
}

/* A number as RFC 8259 writes it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int parse_number(parser *ps, const char **out)
{
	const char *p = ps->p;
	size_t n;
	char *w;

	if (p < ps->end && *p == '-')
		p++;
	n = digits(p, ps->end);
	if (!n || (n > 1 && *p == '0'))
		return fail(ps, "a malformed number");
	p += n;
	if (p < ps->end && *p == '.') {
		n = digits(++p, ps->end);
		if (!n)
			return fail(ps, "a malformed number");
		p += n;
	}
	if (p < ps->end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < ps->end && (*p == '+' || *p == '-'))
			p++;
		n = digits(p, ps->end);
		if (!n)
			return fail(ps, "a malformed number");
		p += n;
	}
	w = ps->d->strings + ps->d->used;
	memcpy(w, ps->p, (size_t)(p - ps->p));
	w[p - ps->p] = '\0';
	ps->d->used += (size_t)(p - ps->p) + 1;
	*out = w;
	ps->p = p;
	return 0;
}

static int parse_value(parser *ps, int depth, size_t *index);

/* The members of an array or object after its opening bracket. */
static int parse_members(parser *ps, size_t self, char close, int depth)
{
	size_t last = 0;

	skip_space(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
		return 0;
	}
	for (;;) {
		const char *key = NULL;
		size_t member;

		skip_space(ps);
		if (close == '}') {
			if (ps->p == ps->end || *ps->p != '"')
				return fail(ps, "expected a member's name in quotes");
			if (parse_string(ps, &key))
				return -1;
			/* a name given twice would leave one of its values unread
			 * by every lookup (json_get finds the first) */
			for (size_t m = ps->child[self]; m; m = ps->next[m - 1])
				if (!strcmp(ps->d->values[m - 1].key, key))
					return fail(ps, "member \"%s\" given twice", key);
			skip_space(ps);
			if (ps->p == ps->end || *ps->p != ':')
				return fail(ps, "expected ':' after member \"%s\"", key);
			ps->p++;
		}
		if (parse_value(ps, depth + 1, &member))
			return -1;
		ps->d->values[member].key = key;
		if (last)
			ps->next[last - 1] = member + 1;
		else
			ps->child[self] = member + 1;
		last = member + 1;
		ps->d->values[self].count++;
		skip_space(ps);
		if (ps->p < ps->end && *ps->p == close) {
			ps->p++;
			return 0;
		}
		if (ps->p == ps->end || *ps->p != ',')
			return fail(ps, "expected ',' or '%c'", close);
		ps->p++;
	}
}

static int parse_literal(parser *ps, size_t *index)
{
	static const struct { const char *word; json_type type; } literals[] = {
		{ "null", JSON_NULL }, { "false", JSON_FALSE }, { "true", JSON_TRUE },
	};

	for (size_t i = 0; i < sizeof(literals) / sizeof(literals[0]); i++) {
		size_t n = strlen(literals[i].word);

		if ((size_t)(ps->end - ps->p) >= n && !memcmp(ps->p, literals[i].word, n)) {
			ps->p += n;
			*index = new_value(ps, literals[i].type);
			return *index == (size_t)-1 ? -1 : 0;
		}
	}
	return fail(ps, "expected a value");
}

static int parse_value(parser *ps, int depth, size_t *index)
{
	char c;

	skip_space(ps);
	if (depth > JSON_MAX_DEPTH)
		return fail(ps, "nested more than %d deep", JSON_MAX_DEPTH);
	if (ps->p == ps->end)
		return fail(ps, "the text ends where a value should be");
	c = *ps->p;
	if (c == '"' || c == '-' || (c >= '0' && c <= '9')) {
		const char *text;

		if (c == '"' ? parse_string(ps, &text) : parse_number(ps, &text))
			return -1;
		*index = new_value(ps, c == '"' ? JSON_STRING : JSON_NUMBER);
		if (*index == (size_t)-1)
			return -1;
		ps->d->values[*index].text = text;
		return 0;
	}
	if (c == '[' || c == '{') {
		ps->p++;
		*index = new_value(ps, c == '[' ? JSON_ARRAY : JSON_OBJECT);
		if (*index == (size_t)-1)
			return -1;
		return parse_members(ps, *index, c == '[' ? ']' : '}', depth);
	}
	return parse_literal(ps, index);
}

int json_parse(json_doc *d, const char *text, size_t length, char *err, size_t errlen)
{
	parser ps = { .d = d, .p = text, .end = text + length, .line = 1, .err = err,
		      .errlen = errlen };
	size_t root;
	int rc = -1;

	memset(d, 0, sizeof(*d));
	/* a string or number never takes more than its text and a NUL */
	d->strings = malloc(2 * length + 1);
	if (!d->strings) {
		fail(&ps, "out of memory");
		return -1;
	}
	if (memchr(text, '\0', length)) {
		ps.line = 1;
		for (const char *p = text; *p; p++)
			ps.line += *p == '\n';
		fail(&ps, "a NUL byte (not a text file?)");
	} else if (!parse_value(&ps, 0, &root)) {
		skip_space(&ps);
		if (ps.p != ps.end)
			fail(&ps, "more after the end of the value");
		else
			rc = 0;
	}
	for (size_t i = 0; !rc && i < d->nvalues; i++) {
		d->values[i].child = ps.child[i] ? &d->values[ps.child[i] - 1] : NULL;
		d->values[i].next = ps.next[i] ? &d->values[ps.next[i] - 1] : NULL;
	}
	free(ps.child);
	free(ps.next);
	if (rc)
		d->nvalues = 0;
	return rc;
}

int json_load(json_doc *d, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL, what[256];
	size_t n = 0, cap = 0;
	int saved;

	memset(d, 0, sizeof(*d));
	if (!f) {
		saved = errno;
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		errno = saved;
		return -1;
	}
	for (;;) {
		char *t = n + 1 >= cap ? realloc(text, cap = cap ? 2 * cap : 8192) : text;

		if (!t) {
			free(text);
			fclose(f);
			snprintf(err, errlen, "%s: out of memory", path);
			return -1;
		}
		text = t;
		n += fread(text + n, 1, cap - n - 1, f);
		if (n + 1 < cap)
			break;
	}
	saved = ferror(f) ? errno : 0;
	fclose(f);
	text[n] = '\0';
	if (saved) {
		free(text);
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		return -1;
	}
	if (json_parse(d, text, n, what, sizeof(what))) {
		snprintf(err, errlen, "%s:%s (not valid JSON)", path, what);
		d->text = text;
		errno = 0;
		return -1;
	}
	d->text = text;
	d->length = n;
	return 0;
}

void json_release(json_doc *d)
{
	free(d->values);
	free(d->strings);
	free(d->text);
	memset(d, 0, sizeof(*d));
}

const json_value *json_root(const json_doc *d)
{
	return d->nvalues ? &d->values[0] : NULL;
}

const json_value *json_get(const json_value *v, const char *key)
{
	if (!v || v->type != JSON_OBJECT)
		return NULL;
	for (const json_value *m = v->child; m; m = m->next)
		if (!strcmp(m->key, key))
			return m;
	return NULL;
}

const json_value *json_at(const json_value *v, size_t i)
{
	const json_value *m;

	if (!v || v->type != JSON_ARRAY)
		return NULL;
	for (m = v->child; m && i; m = m->next)
		i--;
	return m;
}

const char *json_string(const json_value *v)
{
	return v && v->type == JSON_STRING ? v->text : NULL;
}

bool json_true(const json_value *v)
{
	return v && v->type == JSON_TRUE;
}

int json_double(const json_value *v, double *out)
{
	*out = 0;
	if (!v || v->type != JSON_NUMBER)
		return -1;
	*out = strtod(v->text, NULL);
	return isfinite(*out) ? 0 : -1;
}

int json_u64(const json_value *v, uint64_t *out)
{
	char *end;

	*out = 0;
	if (!v || v->type != JSON_NUMBER || v->text[0] == '-' || strpbrk(v->text, ".eE"))
		return -1;
	errno = 0;
	*out = strtoull(v->text, &end, 10);
	return errno || *end ? -1 : 0;
}
