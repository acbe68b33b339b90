#include "harness/engine/campaign.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "harness/engine/runner.h"
#include "harness/io/meta.h"
#include "harness/io/meta_read.h"
#include "harness/io/units.h"

#define NS_PER_S 1e9
/* Significant digits that write any nanosecond count under 2^53 as
 * seconds exactly (a double's), and the fewest tried. */
#define SECONDS_DIGITS_MAX 17
#define SECONDS_DIGITS_MIN 9
/* A checksum as meta.json writes it: 16 hex digits. */
#define CHECKSUM_DIGITS 16
/* Names listed in one difference, at most. */
#define LISTED_MAX 6

void campaign_init(campaign *c)
{
	memset(c, 0, sizeof(*c));
}

void campaign_release(campaign *c)
{
	free(c->datasets);
	free(c->units);
	campaign_init(c);
}

/* Room for one more of *N items of SIZE bytes in *ITEMS (capacity *CAP). */
static int grow(void **items, size_t *cap, size_t n, size_t size)
{
	size_t want = *cap ? 2 * *cap : 16;
	void *p;

	if (n < *cap)
		return 0;
	p = realloc(*items, want * size);
	if (!p)
		return -1;
	*items = p;
	*cap = want;
	return 0;
}

int campaign_add_dataset(campaign *c, const char *name, uint64_t checksum)
{
	if (grow((void **)&c->datasets, &c->datasets_cap, c->ndatasets, sizeof(*c->datasets)))
		return -1;
	c->datasets[c->ndatasets++] = (campaign_dataset){ .name = name, .checksum = checksum };
	return 0;
}

int campaign_add_unit(campaign *c, const char *dataset_name, const char *algorithm,
		      const char *heuristic)
{
	if (grow((void **)&c->units, &c->units_cap, c->nunits, sizeof(*c->units)))
		return -1;
	c->units[c->nunits++] = (campaign_unit){
		.dataset = dataset_name, .algorithm = algorithm, .heuristic = heuristic,
	};
	return 0;
}

/* Writing */

/* Whether unit I of C is the first with its algorithm (HEURISTIC false)
 * or its heuristic (true, and not "-"). */
static bool first_of(const campaign *c, size_t i, bool heuristic)
{
	const char *name = heuristic ? c->units[i].heuristic : c->units[i].algorithm;

	if (heuristic && !strcmp(name, "-"))
		return false;
	for (size_t k = 0; k < i; k++)
		if (!strcmp(name, heuristic ? c->units[k].heuristic : c->units[k].algorithm))
			return false;
	return true;
}

/* "  \"KEY\": [the distinct algorithms, or heuristics, of C's units]," */
static void write_names(FILE *out, const campaign *c, const char *key, bool heuristic)
{
	size_t n = 0;

	fprintf(out, "  \"%s\": [", key);
	for (size_t i = 0; i < c->nunits; i++) {
		if (!first_of(c, i, heuristic))
			continue;
		fputs(n++ ? ", " : "", out);
		meta_json_string(out, heuristic ? c->units[i].heuristic : c->units[i].algorithm);
	}
	fputs("],\n", out);
}

/* NS as seconds in the fewest digits that read back as NS (a limit read
 * back is the one given), into BUF. */
/* S seconds in nanoseconds, rounded, into *NS. Returns 0, or -1 where
 * they are negative or do not fit 64 bits (llround's long long holds only
 * half of them: a limit of 10^10 s came back as another). */
static int seconds_to_ns(double s, uint64_t *ns)
{
	double x = round(s * NS_PER_S);

	if (!(x >= 0) || x >= (double)UINT64_MAX) /* (double)UINT64_MAX is 2^64 */
		return -1;
	*ns = (uint64_t)x;
	return 0;
}

static const char *seconds_text(uint64_t ns, char *buf, size_t size)
{
	for (int digits = SECONDS_DIGITS_MIN; digits <= SECONDS_DIGITS_MAX; digits++) {
		uint64_t back;

		snprintf(buf, size, "%.*g", digits, (double)ns / NS_PER_S);
		if (!seconds_to_ns(strtod(buf, NULL), &back) && back == ns)
			break;
	}
	return buf;
}

static void write_options(FILE *out, const campaign *c)
{
	char buf[32];

	fputs("  \"options\": {\n", out);
	fprintf(out, "    \"repeat\": %u,\n    \"warmup\": %u,\n", c->repeat, c->warmup);
	fprintf(out, "    \"time_limit_s\": %s,\n", seconds_text(c->time_limit_ns, buf, sizeof(buf)));
	fprintf(out, "    \"time_limit_default\": %s,\n",
		c->defaults & RUNNER_DEFAULT_TIME ? "true" : "false");
	fprintf(out, "    \"prepare_limit_s\": %s,\n",
		seconds_text(c->prepare_limit_ns, buf, sizeof(buf)));
	fprintf(out, "    \"mem_limit_bytes\": %" PRIu64 ",\n", c->mem_limit);
	fprintf(out, "    \"mem_limit_default\": %s,\n",
		c->defaults & RUNNER_DEFAULT_MEM ? "true" : "false");
	fprintf(out, "    \"isolate\": %s,\n", c->isolate ? "true" : "false");
	fprintf(out, "    \"shard\": %u,\n    \"shards\": %u,\n", c->shard_k, c->shard_n);
	fputs("    \"pdb_cache\": ", out);
	if (c->cache_dir)
		meta_json_string(out, c->cache_dir);
	else
		fputs("null", out);
	fputs(",\n    \"instances\": ", out);
	if (c->instances)
		meta_json_string(out, c->instances);
	else
		fputs("null", out);
	fprintf(out, ",\n    \"limit\": %" PRIu64 "\n  },\n", c->limit);
}

void campaign_write(FILE *out, const campaign *c)
{
	write_options(out, c);
	write_names(out, c, "algorithms", false);
	write_names(out, c, "heuristics", true);
	fputs("  \"dataset_checksums\": {", out);
	for (size_t i = 0; i < c->ndatasets; i++) {
		fputs(i ? ", " : "", out);
		meta_json_string(out, c->datasets[i].name);
		fprintf(out, ": \"%0*" PRIx64 "\"", CHECKSUM_DIGITS, c->datasets[i].checksum);
	}
	fputs("},\n  \"units\": [", out);
	for (size_t i = 0; i < c->nunits; i++) {
		fputs(i ? ",\n    {\"dataset\": " : "\n    {\"dataset\": ", out);
		meta_json_string(out, c->units[i].dataset);
		fputs(", \"algorithm\": ", out);
		meta_json_string(out, c->units[i].algorithm);
		fputs(", \"heuristic\": ", out);
		meta_json_string(out, c->units[i].heuristic);
		putc('}', out);
	}
	fputs(c->nunits ? "\n  ],\n" : "],\n", out);
}

/* Reading */

static int read_count(const json_value *v, const char *key, unsigned *out)
{
	uint64_t n;

	if (json_u64(json_get(v, key), &n) || n > UINT32_MAX)
		return -1;
	*out = (unsigned)n;
	return 0;
}

/* Seconds (a double) as nanoseconds. */
static int read_seconds(const json_value *v, const char *key, uint64_t *ns)
{
	double s;

	if (json_double(json_get(v, key), &s))
		return -1;
	return seconds_to_ns(s, ns);
}

static int read_flag(const json_value *v, const char *key, bool *out)
{
	const json_value *f = json_get(v, key);

	if (!f || (f->type != JSON_TRUE && f->type != JSON_FALSE))
		return -1;
	*out = f->type == JSON_TRUE;
	return 0;
}

static int read_options(campaign *c, const json_value *o)
{
	bool time_default, mem_default;

	if (read_count(o, "repeat", &c->repeat) || read_count(o, "warmup", &c->warmup) ||
	    read_seconds(o, "time_limit_s", &c->time_limit_ns) ||
	    read_seconds(o, "prepare_limit_s", &c->prepare_limit_ns) ||
	    json_u64(json_get(o, "mem_limit_bytes"), &c->mem_limit) ||
	    read_flag(o, "time_limit_default", &time_default) ||
	    read_flag(o, "mem_limit_default", &mem_default) ||
	    read_flag(o, "isolate", &c->isolate) || read_count(o, "shard", &c->shard_k) ||
	    read_count(o, "shards", &c->shard_n))
		return -1;
	c->defaults = (time_default ? RUNNER_DEFAULT_TIME : 0) | (mem_default ? RUNNER_DEFAULT_MEM : 0);
	c->cache_dir = json_string(json_get(o, "pdb_cache"));
	/* a meta.json from before --instances and --limit ran every instance */
	c->instances = json_string(json_get(o, "instances"));
	if (json_get(o, "limit") && json_u64(json_get(o, "limit"), &c->limit))
		return -1;
	return 0;
}

/* A checksum as campaign_write writes it, HEX's 16 hex digits and nothing
 * else (strtoull would also take blanks, a sign, a 0x), into *SUM.
 * Returns 0, or -1. */
static int read_checksum(const char *hex, uint64_t *sum)
{
	*sum = 0;
	if (!hex || strlen(hex) != CHECKSUM_DIGITS)
		return -1;
	for (; *hex; hex++) {
		char x = *hex;
		int digit = x >= '0' && x <= '9' ? x - '0'
			    : x >= 'a' && x <= 'f' ? x - 'a' + 10
			    : x >= 'A' && x <= 'F' ? x - 'A' + 10 : -1;

		if (digit < 0)
			return -1;
		*sum = *sum << 4 | (uint64_t)digit;
	}
	return 0;
}

static int read_datasets(campaign *c, const json_value *sums)
{
	if (!sums || sums->type != JSON_OBJECT)
		return -1;
	for (const json_value *v = sums->child; v; v = v->next) {
		uint64_t sum;

		if (read_checksum(json_string(v), &sum) || campaign_add_dataset(c, v->key, sum))
			return -1;
	}
	return 0;
}

static int read_units(campaign *c, const json_value *units)
{
	if (!units || units->type != JSON_ARRAY)
		return -1;
	for (const json_value *u = units->child; u; u = u->next) {
		const char *d = json_string(json_get(u, "dataset"));
		const char *a = json_string(json_get(u, "algorithm"));
		const char *h = json_string(json_get(u, "heuristic"));

		if (!d || !a || !h || campaign_add_unit(c, d, a, h))
			return -1;
	}
	return 0;
}

int campaign_read(campaign *c, const json_value *root, char *err, size_t errlen)
{
	meta_timer t;

	campaign_init(c);
	/* the threshold in force is the timer's (meta.c writes it there) */
	if (meta_read_timer(root, &t))
		c->batch_threshold_ns = (uint64_t)t.batch_threshold_ns;
	if (read_options(c, json_get(root, "options")) ||
	    read_datasets(c, json_get(root, "dataset_checksums")) ||
	    read_units(c, json_get(root, "units"))) {
		campaign_release(c);
		snprintf(err, errlen, "it does not record the campaign (a run of an older bench?)");
		return -1;
	}
	return 0;
}

/* Comparing */

/* The differences found so far, "; "-separated. */
typedef struct diff {
	char *buf;
	size_t size, used;
	bool any;
} diff;

static void say(diff *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(diff *d, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (d->used + 3 >= d->size)
		return;
	if (d->any)
		d->used += (size_t)snprintf(d->buf + d->used, d->size - d->used, "; ");
	d->any = true;
	va_start(ap, fmt);
	n = vsnprintf(d->buf + d->used, d->size - d->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		d->used += (size_t)n < d->size - d->used ? (size_t)n : d->size - d->used - 1;
}

static const campaign_dataset *find_dataset(const campaign *c, const char *name)
{
	for (size_t i = 0; i < c->ndatasets; i++)
		if (!strcmp(c->datasets[i].name, name))
			return &c->datasets[i];
	return NULL;
}

static bool same_unit(const campaign_unit *a, const campaign_unit *b)
{
	return !strcmp(a->dataset, b->dataset) && !strcmp(a->algorithm, b->algorithm) &&
	       !strcmp(a->heuristic, b->heuristic);
}

static bool has_unit(const campaign *c, const campaign_unit *u)
{
	for (size_t i = 0; i < c->nunits; i++)
		if (same_unit(&c->units[i], u))
			return true;
	return false;
}

/* Whether some unit of C has NAME as its algorithm (HEURISTIC false) or
 * heuristic. */
static bool has_name(const campaign *c, const char *name, bool heuristic)
{
	for (size_t i = 0; i < c->nunits; i++)
		if (!strcmp(name, heuristic ? c->units[i].heuristic : c->units[i].algorithm))
			return true;
	return false;
}

/* The distinct algorithms (HEURISTIC false) or heuristics of C's units,
 * but those that WITHOUT (may be NULL) has too, comma-separated, into BUF
 * ("none" when there are none). Returns how many. */
static size_t names_of(const campaign *c, const campaign *without, bool heuristic, char *buf,
		       size_t size)
{
	size_t used = 0, n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < c->nunits && used + 1 < size; i++) {
		const char *name = heuristic ? c->units[i].heuristic : c->units[i].algorithm;

		if (!first_of(c, i, heuristic) || (without && has_name(without, name, heuristic)))
			continue;
		used += (size_t)snprintf(buf + used, size - used, "%s%s", n++ ? "," : "", name);
	}
	if (!n)
		snprintf(buf, size, "none");
	return n;
}

static void compare_datasets(diff *d, const campaign *old, const campaign *now, bool extend)
{
	for (size_t i = 0; i < old->ndatasets; i++) {
		const campaign_dataset *n = find_dataset(now, old->datasets[i].name);

		if (!n)
			say(d, "dataset '%s' is on record, not given", old->datasets[i].name);
		else if (n->checksum != old->datasets[i].checksum)
			say(d, "dataset '%s' holds other instances than the one on record",
			    old->datasets[i].name);
	}
	for (size_t i = 0; i < now->ndatasets && !extend; i++)
		if (!find_dataset(old, now->datasets[i].name))
			say(d, "dataset '%s' is given, not on record", now->datasets[i].name);
}

/* "algorithm" or "algorithm+heuristic" of U, into BUF. */
static const char *unit_text(const campaign_unit *u, char *buf, size_t size)
{
	if (strcmp(u->heuristic, "-"))
		snprintf(buf, size, "%s+%s", u->algorithm, u->heuristic);
	else
		snprintf(buf, size, "%s", u->algorithm);
	return buf;
}

/* The units of A not in B (on datasets both have), a few named, each
 * "WHAT". */
static void missing_units(diff *d, const campaign *a, const campaign *b, const char *what)
{
	char u[256];
	size_t listed = 0;

	for (size_t i = 0; i < a->nunits && listed < LISTED_MAX; i++) {
		if (has_unit(b, &a->units[i]) || !find_dataset(b, a->units[i].dataset))
			continue;
		listed++;
		say(d, "%s on '%s' %s", unit_text(&a->units[i], u, sizeof(u)), a->units[i].dataset, what);
	}
}

/* The units: by solvers and heuristics where those differ, else pair by
 * pair (a few named). Extending, only what is on record and not given. */
static void compare_units(diff *d, const campaign *old, const campaign *now, bool extend)
{
	char a[512], b[512];
	bool found = false;

	if (extend) {
		if (names_of(old, now, false, a, sizeof(a))) {
			say(d, "solvers on record, not given: '%s'", a);
			found = true;
		}
		if (names_of(old, now, true, a, sizeof(a))) {
			say(d, "heuristics on record, not given: '%s'", a);
			found = true;
		}
		if (!found)
			missing_units(d, old, now, "is on record, not given");
		return;
	}
	names_of(old, NULL, false, a, sizeof(a));
	names_of(now, NULL, false, b, sizeof(b));
	if (strcmp(a, b)) {
		say(d, "solvers: '%s' on record, '%s' given", a, b);
		found = true;
	}
	names_of(old, NULL, true, a, sizeof(a));
	names_of(now, NULL, true, b, sizeof(b));
	if (strcmp(a, b)) {
		say(d, "heuristics: '%s' on record, '%s' given", a, b);
		found = true;
	}
	if (found || d->any)
		return;
	missing_units(d, old, now, "is on record, not given");
	missing_units(d, now, old, "is given, not on record");
}

/* A limit as the user reads it: "60 s", "1.50 GiB", "none", with
 * "(the default)". */
static const char *limit_text(uint64_t value, bool bytes, bool by_default, char *buf,
			      size_t size)
{
	char v[48], n[32];

	if (!value)
		snprintf(v, sizeof(v), "none");
	else if (bytes)
		units_format_bytes(value, v, sizeof(v));
	else
		snprintf(v, sizeof(v), "%s s", seconds_text(value, n, sizeof(n)));
	snprintf(buf, size, "%s%s", v, by_default ? " (the default)" : "");
	return buf;
}

static void compare_limit(diff *d, const char *option, uint64_t old, uint64_t now, bool bytes,
			  unsigned bit, const campaign *o, const campaign *n)
{
	bool od = o->defaults & bit, nd = n->defaults & bit;
	char a[64], b[64];

	/* a machine-sized default is the same campaign on a machine of
	 * another size */
	if ((od && nd) || old == now)
		return;
	say(d, "%s: %s on record, %s given", option, limit_text(old, bytes, od, a, sizeof(a)),
	    limit_text(now, bytes, nd, b, sizeof(b)));
}

/* A --limit as the user reads it: the count, or "none". */
static const char *count_text(uint64_t n, char *buf, size_t size)
{
	if (n)
		snprintf(buf, size, "%" PRIu64, n);
	else
		snprintf(buf, size, "none");
	return buf;
}

/* "K/N", or "none" for the whole campaign. */
static const char *shard_text(const campaign *c, char *buf, size_t size)
{
	if (c->shard_n)
		snprintf(buf, size, "%u/%u", c->shard_k, c->shard_n);
	else
		snprintf(buf, size, "none");
	return buf;
}

static void compare_options(diff *d, const campaign *old, const campaign *now, bool extend)
{
	char a[32], b[32];

	if (now->repeat < old->repeat || (!extend && now->repeat != old->repeat))
		say(d, "--repeat: %u on record, %u given", old->repeat, now->repeat);
	if (now->warmup != old->warmup)
		say(d, "--warmup: %u on record, %u given", old->warmup, now->warmup);
	compare_limit(d, "--time-limit", old->time_limit_ns, now->time_limit_ns, false,
		      RUNNER_DEFAULT_TIME, old, now);
	compare_limit(d, "--mem-limit", old->mem_limit, now->mem_limit, true, RUNNER_DEFAULT_MEM,
		      old, now);
	compare_limit(d, "--prepare-limit", old->prepare_limit_ns, now->prepare_limit_ns, false, 0,
		      old, now);
	if (now->batch_threshold_ns != old->batch_threshold_ns)
		say(d, "--batch-threshold: %" PRIu64 " ns on record, %" PRIu64 " ns given",
		    old->batch_threshold_ns, now->batch_threshold_ns);
	if (now->isolate != old->isolate)
		say(d, "--isolate: %s on record, %s given", old->isolate ? "on" : "off",
		    now->isolate ? "on" : "off");
	if (now->shard_k != old->shard_k || now->shard_n != old->shard_n)
		say(d, "--shard: %s on record, %s given", shard_text(old, a, sizeof(a)),
		    shard_text(now, b, sizeof(b)));
	if (strcmp(old->instances ? old->instances : "", now->instances ? now->instances : ""))
		say(d, "--instances: %s%s%s on record, %s%s%s given", old->instances ? "'" : "",
		    old->instances ? old->instances : "all", old->instances ? "'" : "",
		    now->instances ? "'" : "", now->instances ? now->instances : "all",
		    now->instances ? "'" : "");
	if (now->limit != old->limit)
		say(d, "--limit: %s on record, %s given", count_text(old->limit, a, sizeof(a)),
		    count_text(now->limit, b, sizeof(b)));
}

bool campaign_differs(const campaign *old, const campaign *now, bool extend, char *buf,
		      size_t size)
{
	diff d = { .buf = buf, .size = size };

	buf[0] = '\0';
	compare_datasets(&d, old, now, extend);
	compare_units(&d, old, now, extend);
	compare_options(&d, old, now, extend);
	return d.any;
}
