/* libFuzzer target: the JSON reader (harness/io/json.c) on any bytes,
 * against a slow reference written here from RFC 8259's grammar (section
 * 2 to 7), character by character.
 *
 * - Both decide alike: a text one accepts the other accepts, and where
 *   both refuse, the reader names the line the reference stopped on.
 * - An accepted text's tree, written canonically (no blanks, strings
 *   with the fewest escapes), equals what the reference writes from the
 *   text itself; that canonical text parses again to the same tree.
 * - The tree is whole: each container's count is its members', a member of
 *   an object has a name and nothing else does, json_at and json_get find
 *   what a walk finds, and json_u64 takes exactly the numbers written as
 *   integers that fit 64 bits.
 *
 * Strings are bytes to the reader: what is not UTF-8 is kept as it is;
 * "\u0000" is refused (its strings are C strings). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "harness/io/json.h"

/* A growing byte string. */
typedef struct text {
	char *s;
	size_t n, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
	if (t->n + n + 1 > t->cap) {
		t->cap = 2 * (t->n + n + 1);
		t->s = realloc(t->s, t->cap);
		FUZZ_CHECK(t->s);
	}
	memcpy(t->s + t->n, s, n);
	t->n += n;
	t->s[t->n] = '\0';
}

static void put_c(text *t, char c)
{
	put(t, &c, 1);
}

/* One decoded byte of a string, escaped canonically. */
static void put_escaped(text *t, unsigned char b)
{
	static const char hex[] = "0123456789abcdef";
	static const char *const shorts[32] = {
		['\b'] = "\\b", ['\f'] = "\\f", ['\n'] = "\\n", ['\r'] = "\\r", ['\t'] = "\\t",
	};

	if (b == '"' || b == '\\') {
		put_c(t, '\\');
		put_c(t, (char)b);
	} else if (b < 0x20 && shorts[b]) {
		put(t, shorts[b], 2);
	} else if (b < 0x20) {
		char u[6] = { '\\', 'u', '0', '0', hex[b >> 4], hex[b & 15] };

		put(t, u, sizeof(u));
	} else {
		put_c(t, (char)b);
	}
}

/* The reference. */

typedef struct ref {
	const unsigned char *s;
	size_t n, i, line;
	bool failed;
	size_t fail_line;
	text *out;
} ref;

static bool ref_fail(ref *r)
{
	if (!r->failed) {
		r->failed = true;
		r->fail_line = r->line;
	}
	return false;
}

static int ref_peek(const ref *r)
{
	return r->i < r->n ? r->s[r->i] : -1;
}

static void ref_blanks(ref *r)
{
	for (int c; (c = ref_peek(r)) == ' ' || c == '\t' || c == '\r' || c == '\n'; r->i++)
		r->line += c == '\n';
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Four hex digits at S[I..]: their value, or -1. */
static long ref_hex4(const ref *r, size_t i)
{
	long v = 0;

	if (i > r->n || r->n - i < 4)
		return -1;
	for (size_t k = 0; k < 4; k++) {
		int h = hex_value(r->s[i + k]);

		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

/* Code point CP as UTF-8 (RFC 3629, section 3), escaped. */
static void ref_put_code_point(ref *r, unsigned long cp)
{
	unsigned char b[4];
	int n;

	if (cp <= 0x7f) {
		b[0] = (unsigned char)cp;
		n = 1;
	} else if (cp <= 0x7ff) {
		b[0] = (unsigned char)(0xc0 + cp / 64);
		b[1] = (unsigned char)(0x80 + cp % 64);
		n = 2;
	} else if (cp <= 0xffff) {
		b[0] = (unsigned char)(0xe0 + cp / 4096);
		b[1] = (unsigned char)(0x80 + cp / 64 % 64);
		b[2] = (unsigned char)(0x80 + cp % 64);
		n = 3;
	} else {
		b[0] = (unsigned char)(0xf0 + cp / 262144);
		b[1] = (unsigned char)(0x80 + cp / 4096 % 64);
		b[2] = (unsigned char)(0x80 + cp / 64 % 64);
		b[3] = (unsigned char)(0x80 + cp % 64);
		n = 4;
	}
	for (int k = 0; k < n; k++)
		put_escaped(r->out, b[k]);
}

/* A string at the quote: a high surrogate and a low one after it make
 * one code point; a lone half is U+FFFD. */
static bool ref_string(ref *r)
{
	static const char simple[] = "\"\\/bfnrt", meant[] = "\"\\/\b\f\n\r\t";

	r->i++;
	put_c(r->out, '"');
	for (;;) {
		int c = ref_peek(r);

		if (c < 0 || c < 0x20)
			return ref_fail(r);
		r->i++;
		if (c == '"')
			break;
		if (c != '\\') {
			put_escaped(r->out, (unsigned char)c);
			continue;
		}
		c = ref_peek(r);
		if (c < 0)
			return ref_fail(r);
		r->i++;
		if (c == 'u') {
			long cp = ref_hex4(r, r->i), low;

			if (cp <= 0)
				return ref_fail(r);
			r->i += 4;
			if (cp >= 0xd800 && cp <= 0xdbff && ref_peek(r) == '\\' && r->i + 1 < r->n &&
			    r->s[r->i + 1] == 'u' && (low = ref_hex4(r, r->i + 2)) >= 0xdc00 &&
			    low <= 0xdfff) {
				cp = 0x10000 + (cp - 0xd800) * 1024 + (low - 0xdc00);
				r->i += 6;
			} else if (cp >= 0xd800 && cp <= 0xdfff) {
				cp = 0xfffd;
			}
			ref_put_code_point(r, (unsigned long)cp);
			continue;
		}
		if (!c || !strchr(simple, c))
			return ref_fail(r);
		put_escaped(r->out, (unsigned char)meant[strchr(simple, c) - simple]);
	}
	put_c(r->out, '"');
	return true;
}

static bool ref_digits(ref *r)
{
	size_t from = r->i;

	while (ref_peek(r) >= '0' && ref_peek(r) <= '9')
		r->i++;
	return r->i > from;
}

/* number = [ minus ] int [ frac ] [ exp ] (RFC 8259, section 6). */
static bool ref_number(ref *r)
{
	size_t from = r->i;

	if (ref_peek(r) == '-')
		r->i++;
	if (ref_peek(r) == '0')
		r->i++;
	else if (!ref_digits(r))
		return ref_fail(r);
	if (ref_peek(r) == '.') {
		r->i++;
		if (!ref_digits(r))
			return ref_fail(r);
	}
	if (ref_peek(r) == 'e' || ref_peek(r) == 'E') {
		r->i++;
		if (ref_peek(r) == '+' || ref_peek(r) == '-')
			r->i++;
		if (!ref_digits(r))
			return ref_fail(r);
	}
	put(r->out, (const char *)r->s + from, r->i - from);
	return true;
}

static bool ref_word(ref *r, const char *w)
{
	size_t n = strlen(w);

	if (r->n - r->i < n || memcmp(r->s + r->i, w, n))
		return ref_fail(r);
	r->i += n;
	put(r->out, w, n);
	return true;
}

static bool ref_value(ref *r, int depth);

/* Whether the object's member name just written to OUT at AT (LEN bytes,
 * canonical) is one of the N before it (KEYS: offset and length pairs),
 * and else adds it. Equal names have equal canonical texts. */
static bool ref_key_twice(const text *out, size_t at, size_t len, size_t **keys, size_t *n)
{
	for (size_t k = 0; k < *n; k++)
		if ((*keys)[2 * k + 1] == len && !memcmp(out->s + (*keys)[2 * k], out->s + at, len))
			return true;
	*keys = realloc(*keys, 2 * (*n + 1) * sizeof(**keys));
	FUZZ_CHECK(*keys);
	(*keys)[2 * *n] = at;
	(*keys)[2 * *n + 1] = len;
	(*n)++;
	return false;
}

/* The members of an array (CLOSE ']') or object ('}') after its bracket;
 * an object's member names are unique (the reader's rule, stricter than
 * RFC 8259's "should"). */
static bool ref_members(ref *r, char close, int depth)
{
	size_t *keys = NULL, nkeys = 0;
	bool ok = false;

	put_c(r->out, close == ']' ? '[' : '{');
	r->i++;
	ref_blanks(r);
	if (ref_peek(r) == close) {
		r->i++;
		put_c(r->out, close);
		return true;
	}
	for (bool first = true;; first = false) {
		if (!first)
			put_c(r->out, ',');
		if (close == '}') {
			size_t at = r->out->n;

			ref_blanks(r);
			if (ref_peek(r) != '"' || !ref_string(r) ||
			    ref_key_twice(r->out, at, r->out->n - at, &keys, &nkeys)) {
				ref_fail(r);
				break;
			}
			ref_blanks(r);
			if (ref_peek(r) != ':') {
				ref_fail(r);
				break;
			}
			r->i++;
			put_c(r->out, ':');
		}
		if (!ref_value(r, depth + 1))
			break;
		ref_blanks(r);
		if (ref_peek(r) == close) {
			r->i++;
			put_c(r->out, close);
			ok = true;
			break;
		}
		if (ref_peek(r) != ',') {
			ref_fail(r);
			break;
		}
		r->i++;
	}
	free(keys);
	return ok;
}

static bool ref_value(ref *r, int depth)
{
	int c;

	ref_blanks(r);
	if (depth > JSON_MAX_DEPTH)
		return ref_fail(r);
	c = ref_peek(r);
	if (c == '{' || c == '[')
		return ref_members(r, c == '{' ? '}' : ']', depth);
	if (c == '"')
		return ref_string(r);
	if (c == '-' || (c >= '0' && c <= '9'))
		return ref_number(r);
	if (c == 't')
		return ref_word(r, "true");
	if (c == 'f')
		return ref_word(r, "false");
	if (c == 'n')
		return ref_word(r, "null");
	return ref_fail(r);
}

/* Whether the reference accepts S[0..n); its canonical text into OUT, or
 * the line where it stops into *LINE. A NUL byte is refused first, on its
 * line: the reader takes text files only. */
static bool ref_parse(const uint8_t *s, size_t n, text *out, size_t *line)
{
	ref r = { .s = s, .n = n, .line = 1, .out = out };
	const uint8_t *nul = memchr(s, '\0', n);

	if (nul) {
		for (const uint8_t *p = s; p < nul; p++)
			r.line += *p == '\n';
		*line = r.line;
		return false;
	}
	if (ref_value(&r, 0)) {
		ref_blanks(&r);
		if (r.i == r.n)
			return true;
		ref_fail(&r);
	}
	*line = r.fail_line;
	return false;
}

/* The reader's tree. */

static void write_tree(text *t, const json_value *v)
{
	switch (v->type) {
	case JSON_NULL: put(t, "null", 4); return;
	case JSON_FALSE: put(t, "false", 5); return;
	case JSON_TRUE: put(t, "true", 4); return;
	case JSON_NUMBER: put(t, v->text, strlen(v->text)); return;
	case JSON_STRING:
		put_c(t, '"');
		for (const char *p = v->text; *p; p++)
			put_escaped(t, (unsigned char)*p);
		put_c(t, '"');
		return;
	case JSON_ARRAY:
	case JSON_OBJECT:
		put_c(t, v->type == JSON_ARRAY ? '[' : '{');
		for (const json_value *m = v->child; m; m = m->next) {
			if (m != v->child)
				put_c(t, ',');
			if (v->type == JSON_OBJECT) {
				put_c(t, '"');
				for (const char *p = m->key; *p; p++)
					put_escaped(t, (unsigned char)*p);
				put(t, "\":", 2);
			}
			write_tree(t, m);
		}
		put_c(t, v->type == JSON_ARRAY ? ']' : '}');
		return;
	}
	FUZZ_CHECK(!"a value of no known type");
}

/* json_u64's verdict on a number's text, the slow way. */
static void check_u64(const json_value *v)
{
	uint64_t want = 0, got;
	bool fits = v->text[0] != '-';

	for (const char *p = v->text; *p && fits; p++) {
		unsigned d = (unsigned)(*p - '0');

		if (d > 9 || want > (UINT64_MAX - d) / 10)
			fits = false;
		else
			want = want * 10 + d;
	}
	FUZZ_CHECK((json_u64(v, &got) == 0) == fits);
	FUZZ_CHECK(!fits || got == want);
}

/* V's shape: counts, names, and what the look-ups find. */
static void check_shape(const json_value *v, bool member_of_object)
{
	size_t count = 0;

	FUZZ_CHECK((v->key != NULL) == member_of_object);
	FUZZ_CHECK((v->text != NULL) == (v->type == JSON_STRING || v->type == JSON_NUMBER));
	FUZZ_CHECK(json_string(v) == (v->type == JSON_STRING ? v->text : NULL));
	FUZZ_CHECK(json_true(v) == (v->type == JSON_TRUE));
	if (v->type == JSON_NUMBER)
		check_u64(v);
	if (v->type != JSON_ARRAY && v->type != JSON_OBJECT) {
		FUZZ_CHECK(!v->child && !v->count);
		return;
	}
	for (const json_value *m = v->child; m; m = m->next, count++) {
		check_shape(m, v->type == JSON_OBJECT);
		if (v->type == JSON_ARRAY) {
			FUZZ_CHECK(json_at(v, count) == m);
			continue;
		}
		const json_value *first = v->child;

		while (strcmp(first->key, m->key))
			first = first->next;
		FUZZ_CHECK(json_get(v, m->key) == first);
	}
	FUZZ_CHECK(count == v->count);
	FUZZ_CHECK(json_at(v, count) == NULL);
}

static size_t error_line(const char *err)
{
	char *end;
	unsigned long line = strtoul(err, &end, 10);

	FUZZ_CHECK(end != err && end[0] == ':' && end[1] == ' ' && end[2]);
	return line;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	text want = { 0 }, got = { 0 }, again = { 0 };
	char err[256] = "";
	size_t line = 0;
	json_doc d, d2;
	bool ok = !json_parse(&d, (const char *)data, size, err, sizeof(err));
	bool ref_ok = ref_parse(data, size, &want, &line);

	FUZZ_CHECK(ok == ref_ok);
	if (!ok) {
		FUZZ_CHECK(!json_root(&d));
		FUZZ_CHECK(error_line(err) == line);
	} else {
		check_shape(json_root(&d), false);
		write_tree(&got, json_root(&d));
		FUZZ_CHECK(got.n == want.n && !memcmp(got.s, want.s, got.n));
		FUZZ_CHECK(!json_parse(&d2, got.s, got.n, err, sizeof(err)));
		write_tree(&again, json_root(&d2));
		FUZZ_CHECK(again.n == got.n && !memcmp(again.s, got.s, got.n));
		json_release(&d2);
	}
	json_release(&d);
	free(want.s);
	free(got.s);
	free(again.s);
	return 0;
}
