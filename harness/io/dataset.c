#include "harness/io/dataset.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/fnv.h"

#define TITLE "puzzlebench dataset"
#define REF_UNSOLVABLE_WORD "unsolvable"
#define REF_UNKNOWN_WORD "-"

/* A reader's position and what the header said so far. */
typedef struct reader {
	dataset *ds;
	FILE *in;
	const char *path;
	unsigned line;
	char *err;
	size_t errlen;
	bool in_body;          /* an instance was read: no more header */
	unsigned header_line[DATASET_MAX_HEADERS];
	size_t *slots;         /* open addressing over instance indices + 1 */
	size_t slot_mask;
} reader;

static int fail_at(reader *r, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail_at(reader *r, unsigned line, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!r->errlen)
		return -1;
	if (line)
		n = snprintf(r->err, r->errlen, "%s:%u: ", r->path, line);
	else
		n = snprintf(r->err, r->errlen, "%s: ", r->path);
	if (n < 0 || (size_t)n >= r->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static char *dup_string(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

void dataset_name_of(const char *path, char *buf, size_t size)
{
	const char *base = strrchr(path, '/');
	const char *dot;
	size_t n;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	snprintf(buf, size, "%.*s", (int)n, base);
}

const char *dataset_format_reference(int reference, char *buf, size_t size)
{
	if (reference == DATASET_REF_UNSOLVABLE)
		snprintf(buf, size, REF_UNSOLVABLE_WORD);
	else if (reference < 0)
		snprintf(buf, size, REF_UNKNOWN_WORD);
	else
		snprintf(buf, size, "%d", reference);
	return buf;
}

void dataset_release(dataset *ds)
{
	free(ds->path);
	free(ds->name);
	for (size_t i = 0; i < ds->nheaders; i++) {
		free(ds->headers[i].key);
		free(ds->headers[i].value);
	}
	free(ds->instances);
	memset(ds, 0, sizeof(*ds));
}

const char *dataset_header_value(const dataset *ds, const char *key)
{
	for (size_t i = 0; i < ds->nheaders; i++)
		if (!strcmp(ds->headers[i].key, key))
			return ds->headers[i].value;
	return NULL;
}

int dataset_append(dataset *ds, const char *id, const pb_state *s, int reference)
{
	dataset_instance *in;

	if (ds->count == ds->capacity) {
		size_t cap = ds->capacity ? 2 * ds->capacity : 64;
		dataset_instance *p = realloc(ds->instances, cap * sizeof(*p));

		if (!p)
			return -1;
		ds->instances = p;
		ds->capacity = cap;
	}
	in = &ds->instances[ds->count++];
	memset(in, 0, sizeof(*in));
	snprintf(in->id, sizeof(in->id), "%s", id);
	in->state = *s;
	in->reference = reference;
	return 0;
}

/* Read one line into BUF (without its LF or CRLF). Returns its length, -1 at
 * the end of the file, or -2 after an error written to R->err. */
static long read_line(reader *r, char *buf)
{
	size_t n = 0;
	int c;

	r->line++;
	while ((c = getc(r->in)) != EOF && c != '\n') {
		if (n + 1 >= DATASET_MAX_LINE)
			return fail_at(r, r->line, "line longer than %d bytes", DATASET_MAX_LINE - 1), -2;
		if (c == '\0')
			return fail_at(r, r->line, "NUL byte in column %zu (a binary file?)", n + 1), -2;
		buf[n++] = (char)c;
	}
	if (ferror(r->in))
		return fail_at(r, 0, "%s", strerror(errno)), -2;
	if (c == EOF && n == 0)
		return -1;
	if (n && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)buf[i];

		if ((b < ' ' && b != '\t') || b == 0x7f)
			return fail_at(r, r->line, "control byte 0x%02x in column %zu (a binary file?)",
				       b, i + 1), -2;
	}
	return (long)n;
}

static bool is_key_char(char c)
{
	return islower((unsigned char)c) || isdigit((unsigned char)c) || c == '-' || c == '_';
}

/* A header line "# key: value": store it. Other '#' lines are comments. */
static int header_line(reader *r, char *line)
{
	char *key = line + 1, *p, *value, *end;
	dataset *ds = r->ds;

	while (*key == ' ' || *key == '\t')
		key++;
	for (p = key; is_key_char(*p); p++)
		;
	if (p == key || p[0] != ':' || (p[1] && p[1] != ' ' && p[1] != '\t'))
		return 0;
	value = p + 1;
	while (*value == ' ' || *value == '\t')
		value++;
	end = value + strlen(value);
	while (end > value && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	*p = '\0';
	if (dataset_header_value(ds, key))
		return fail_at(r, r->line, "header '%s' given twice", key);
	if (ds->nheaders == DATASET_MAX_HEADERS)
		return fail_at(r, r->line, "more than %d header lines", DATASET_MAX_HEADERS);
	ds->headers[ds->nheaders].key = dup_string(key, strlen(key));
	ds->headers[ds->nheaders].value = dup_string(value, (size_t)(end - value));
	r->header_line[ds->nheaders] = r->line;
	if (!ds->headers[ds->nheaders].key || !ds->headers[ds->nheaders].value) {
		free(ds->headers[ds->nheaders].key);
		free(ds->headers[ds->nheaders].value);
		return fail_at(r, r->line, "out of memory");
	}
	ds->nheaders++;
	return 0;
}

static unsigned header_line_of(const reader *r, const char *key)
{
	for (size_t i = 0; i < r->ds->nheaders; i++)
		if (!strcmp(r->ds->headers[i].key, key))
			return r->header_line[i];
	return 0;
}

/* The header is over (the first instance, or the end of the file, at line
 * AT): check it and set up the domain and goal. */
static int close_header(reader *r, unsigned at)
{
	dataset *ds = r->ds;
	const char *format = dataset_header_value(ds, "format");
	const char *domain = dataset_header_value(ds, "domain");
	const char *goal = dataset_header_value(ds, "goal");
	char msg[256], want[PB_STATE_TEXT_MAX];

	r->in_body = true;
	if (!format)
		return fail_at(r, at, "no 'format' header before the first instance (want '# format: %d')",
			       DATASET_FORMAT);
	if (strcmp(format, "1"))
		return fail_at(r, header_line_of(r, "format"),
			       "format '%s' is not one this bench reads (%d)", format, DATASET_FORMAT);
	if (!domain)
		return fail_at(r, at, "no 'domain' header before the first instance");
	if (pb_domain_init(&ds->domain, domain, msg, sizeof(msg)))
		return fail_at(r, header_line_of(r, "domain"), "%s", msg);
	/* the name as the domain keeps it, which the file is written back
	 * with: pb_domain_init takes "pancake000000009" for pancake9, and
	 * keeps its first characters only */
	if (strcmp(ds->domain.name, domain))
		return fail_at(r, header_line_of(r, "domain"),
			       "domain '%.40s%s': a name of at most %zu characters", domain,
			       strlen(domain) > 40 ? "..." : "", sizeof(ds->domain.name) - 1);
	if (!pb_domain_has_goals(&ds->domain)) {
		pb_format_goal(&ds->domain, want, sizeof(want));
		if (goal && strcmp(goal, want))
			return fail_at(r, header_line_of(r, "goal"), "%s has the one goal '%s', not '%s'",
				       ds->domain.name, want, goal);
		return 0;
	}
	if (!goal)
		return fail_at(r, at, "no 'goal' header before the first instance");
	if (pb_domain_set_goal(&ds->domain, goal, strlen(goal), msg, sizeof(msg)))
		return fail_at(r, header_line_of(r, "goal"), "goal: %s", msg);
	return 0;
}

/* Index instance I's id; grow the table past half full. Returns the line
 * of an earlier instance with the same id, 0 if none, or -1 out of memory. */
static long remember_id(reader *r, size_t i)
{
	dataset_instance *in = r->ds->instances;
	size_t j;

	if (2 * (i + 1) > r->slot_mask) {
		size_t mask = r->slot_mask ? 2 * r->slot_mask + 1 : 1023;
		size_t *slots = calloc(mask + 1, sizeof(*slots));

		if (!slots)
			return -1;
		for (size_t k = 0; k <= r->slot_mask && r->slots; k++) {
			if (!r->slots[k])
				continue;
			for (j = fnv_text(in[r->slots[k] - 1].id) & mask; slots[j]; j = (j + 1) & mask)
				;
			slots[j] = r->slots[k];
		}
		free(r->slots);
		r->slots = slots;
		r->slot_mask = mask;
	}
	for (j = fnv_text(in[i].id) & r->slot_mask; r->slots[j]; j = (j + 1) & r->slot_mask)
		if (!strcmp(in[r->slots[j] - 1].id, in[i].id))
			return (long)in[r->slots[j] - 1].line;
	r->slots[j] = i + 1;
	return 0;
}

static int parse_reference(reader *r, const char *text, int *ref)
{
	char *end;
	long v;

	if (!strcmp(text, REF_UNKNOWN_WORD)) {
		*ref = DATASET_REF_UNKNOWN;
		return 0;
	}
	if (!strcmp(text, REF_UNSOLVABLE_WORD)) {
		*ref = DATASET_REF_UNSOLVABLE;
		return 0;
	}
	errno = 0;
	v = isdigit((unsigned char)*text) ? strtol(text, &end, 10) : -1;
	if (v < 0 || errno || *end)
		return fail_at(r, r->line,
			       "reference '%.40s' is not a length, '-' or 'unsolvable'", text);
	if (v > PB_MAX_PATH)
		return fail_at(r, r->line, "reference %ld is longer than any solution (%d)",
			       v, PB_MAX_PATH);
	*ref = (int)v;
	return 0;
}

/* One instance line: id TAB state TAB reference. */
static int instance_line(reader *r, char *line)
{
	dataset *ds = r->ds;
	char *state = strchr(line, '\t'), *ref, msg[200];
	dataset_instance *in;
	size_t idlen;
	pb_state s;
	int reference = DATASET_REF_UNKNOWN, tabs = 0;
	long dup;

	for (char *p = line; *p; p++)
		tabs += *p == '\t';
	if (tabs != 2)
		return fail_at(r, r->line, "want 'id<TAB>state<TAB>reference', found %d tab%s",
			       tabs, tabs == 1 ? "" : "s");
	ref = strchr(state + 1, '\t');
	idlen = (size_t)(state - line);
	*state++ = '\0';
	*ref++ = '\0';
	if (!idlen)
		return fail_at(r, r->line, "empty instance id");
	if (idlen > DATASET_MAX_ID)
		return fail_at(r, r->line, "instance id '%.20s...' is longer than %d bytes",
			       line, DATASET_MAX_ID);
	for (char *p = line; *p; p++)
		if (*p == ' ' || *p == ',' || *p == '"')
			return fail_at(r, r->line, "instance id '%s' has a '%c'", line, *p);
	if (pb_parse(&ds->domain, state, strlen(state), &s, msg, sizeof(msg)))
		return fail_at(r, r->line, "instance '%s': %s", line, msg);
	if (parse_reference(r, ref, &reference))
		return -1;
	if (reference >= 0 && !pb_solvable(&ds->domain, &s))
		return fail_at(r, r->line, "instance '%s': reference %d, but the state is unsolvable (parity)",
			       line, reference);
	if (reference == DATASET_REF_UNSOLVABLE && pb_domain_tests_solvable(&ds->domain) &&
	    pb_solvable(&ds->domain, &s))
		return fail_at(r, r->line, "instance '%s': reference 'unsolvable', but the state is solvable (parity)",
			       line);
	if (dataset_append(ds, line, &s, reference))
		return fail_at(r, r->line, "out of memory");
	in = &ds->instances[ds->count - 1];
	in->line = r->line;
	dup = remember_id(r, ds->count - 1);
	if (dup < 0)
		return fail_at(r, r->line, "out of memory");
	if (dup)
		return fail_at(r, r->line, "instance id '%s' already used on line %ld", in->id, dup);
	return 0;
}

static bool blank_line(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t')
			return false;
	return true;
}

static int read_body(reader *r, char *buf)
{
	long n;

	while ((n = read_line(r, buf)) >= 0) {
		if (blank_line(buf))
			continue;
		if (buf[0] == '#') {
			if (!r->in_body && header_line(r, buf))
				return -1;
			continue;
		}
		if (!r->in_body && close_header(r, r->line))
			return -1;
		if (instance_line(r, buf))
			return -1;
	}
	if (n == -2)
		return -1;
	if (!r->ds->count)
		return fail_at(r, 0, "no instances");
	return 0;
}

int dataset_read(dataset *ds, FILE *in, const char *path, char *err, size_t errlen)
{
	reader r = { .ds = ds, .in = in, .path = path, .err = err, .errlen = errlen };
	char name[256];
	char *buf = malloc(DATASET_MAX_LINE);
	int rc;

	memset(ds, 0, sizeof(*ds));
	dataset_name_of(path, name, sizeof(name));
	ds->path = dup_string(path, strlen(path));
	ds->name = dup_string(name, strlen(name));
	if (!buf || !ds->path || !ds->name) {
		free(buf);
		return fail_at(&r, 0, "out of memory");
	}
	rc = read_body(&r, buf);
	free(buf);
	free(r.slots);
	return rc;
}

int dataset_load(dataset *ds, const char *path, char *err, size_t errlen)
{
	FILE *in = fopen(path, "rb");
	int rc;

	if (!in) {
		memset(ds, 0, sizeof(*ds));
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = dataset_read(ds, in, path, err, errlen);
	fclose(in);
	return rc;
}

int dataset_write_header(FILE *out, const pb_domain *d, const char *const *keys,
			 const char *const *values, size_t n)
{
	char goal[PB_STATE_TEXT_MAX];

	fprintf(out, "# %s\n# format: %d\n# domain: %s\n", TITLE, DATASET_FORMAT, d->name);
	/* a plugin's domain says its one goal too, for the reader's eyes */
	if (pb_domain_has_goals(d) || d->space) {
		pb_format_goal(d, goal, sizeof(goal));
		fprintf(out, "# goal: %s\n", goal);
	}
	for (size_t i = 0; i < n; i++)
		if (values[i])
			fprintf(out, "# %s: %s\n", keys[i], values[i]);
	return ferror(out) ? -1 : 0;
}

int dataset_write_instance(FILE *out, const pb_domain *d, const char *id,
			   const pb_state *s, int reference)
{
	char state[PB_STATE_TEXT_MAX], ref[16];

	pb_format(d, s, state, sizeof(state));
	fprintf(out, "%s\t%s\t%s\n", id, state,
		dataset_format_reference(reference, ref, sizeof(ref)));
	return ferror(out) ? -1 : 0;
}
