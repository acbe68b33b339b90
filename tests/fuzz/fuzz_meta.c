/* libFuzzer target: meta.json read back (harness/io/meta_read.c, as plot,
 * compare, merge and report read a run's folder) and the campaign it
 * records (harness/engine/campaign.c, as 'bench run --resume' reads it),
 * on any bytes.
 *
 * - A file that is refused says "fuzz.json:LINE: what is wrong".
 * - What meta_parse takes from an accepted one (the machine, the build,
 *   the timer; a merged run's from its first shard, its timer the worst
 *   of its shards') equals what a slow reference here finds by walking
 *   the tree as meta_read.h describes.
 * - A campaign it records is a verdict checked against the rules written
 *   here (counts that fit, limits in seconds whose nanoseconds fit 64
 *   bits, checksums of 16 hex digits); written back by campaign_write,
 *   read again, it is the same campaign (limits exactly, for the
 *   nanosecond counts under 2^53 that campaign.c promises to write
 *   exactly), and campaign_differs finds no difference. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "harness/engine/campaign.h"
#include "harness/io/meta_read.h"

#define FUZZ_NAME "fuzz.json"
#define NS_PER_S 1e9
/* 2^64 and 2^53 as doubles: the nanoseconds that fit, and that a double
 * holds exactly. */
#define TWO_64 18446744073709551616.0
#define TWO_53 9007199254740992.0
#define CHECKSUM_DIGITS 16

/* The reference: the first member of that name, by a walk. */
static const json_value *member(const json_value *v, const char *key)
{
	if (!v || v->type != JSON_OBJECT)
		return NULL;
	for (const json_value *m = v->child; m; m = m->next)
		if (!strcmp(m->key, key))
			return m;
	return NULL;
}

static const json_value *first_element(const json_value *v)
{
	return v && v->type == JSON_ARRAY ? v->child : NULL;
}

static const char *string_or_empty(const json_value *v)
{
	return v && v->type == JSON_STRING ? v->text : "";
}

/* A timer member: a finite positive number, else 0. */
static double timer_value(const json_value *timer, const char *key)
{
	const json_value *v = member(timer, key);
	double x;

	if (!v || v->type != JSON_NUMBER)
		return 0;
	x = strtod(v->text, NULL);
	return isfinite(x) && x > 0 ? x : 0;
}

static void timer_of(const json_value *timer, meta_timer *t)
{
	t->floor_ns = timer_value(timer, "floor_ns");
	t->wall_clock_ns = timer_value(timer, "wall_clock_ns");
	t->cpu_clock_ns = timer_value(timer, "cpu_clock_ns");
	t->batch_threshold_ns = timer_value(timer, "batch_threshold_ns");
	t->batch_target_ns = timer_value(timer, "batch_target_ns");
	t->wall_taken_ns = timer_value(timer, "wall_taken_ns");
	t->cpu_taken_ns = timer_value(timer, "cpu_taken_ns");
}

static void check_meta(const meta_info *m)
{
	const json_value *root = m->root, *about = root, *build, *timer = member(root, "timer");
	bool merged = member(root, "merged") && member(root, "merged")->type == JSON_TRUE;
	meta_timer t = { 0 };

	if (merged && !member(root, "machine"))
		about = member(first_element(member(root, "shards")), "meta");
	build = member(about, "build");
	FUZZ_CHECK(m->present && m->merged == merged && m->about == about);
	FUZZ_CHECK(!strcmp(m->cpu, string_or_empty(member(member(about, "machine"), "cpu"))));
	FUZZ_CHECK(!strcmp(m->date, string_or_empty(member(root, "date"))));
	FUZZ_CHECK(!strcmp(m->outcome, string_or_empty(member(root, "outcome"))));
	FUZZ_CHECK(!strcmp(m->build_type, string_or_empty(member(build, "build_type"))));
	FUZZ_CHECK(!strcmp(m->compiler, string_or_empty(member(build, "compiler"))));
	FUZZ_CHECK(!strcmp(m->flags, string_or_empty(member(build, "flags"))));
	FUZZ_CHECK(!strcmp(m->git_revision, string_or_empty(member(build, "git_revision"))));
	FUZZ_CHECK(m->sanitized == (member(build, "sanitized") &&
				    member(build, "sanitized")->type == JSON_TRUE));
	if (timer && timer->type == JSON_OBJECT) {
		timer_of(timer, &t);
	} else if (merged) {
		for (const json_value *s = first_element(member(root, "shards")); s; s = s->next) {
			const json_value *u = member(member(s, "meta"), "timer");
			meta_timer ut = { 0 };

			if (!u || u->type != JSON_OBJECT)
				continue;
			timer_of(u, &ut);
			t.floor_ns = fmax(t.floor_ns, ut.floor_ns);
			t.wall_clock_ns = fmax(t.wall_clock_ns, ut.wall_clock_ns);
			t.cpu_clock_ns = fmax(t.cpu_clock_ns, ut.cpu_clock_ns);
			t.batch_threshold_ns = fmax(t.batch_threshold_ns, ut.batch_threshold_ns);
			t.batch_target_ns = fmax(t.batch_target_ns, ut.batch_target_ns);
			t.wall_taken_ns = fmax(t.wall_taken_ns, ut.wall_taken_ns);
			t.cpu_taken_ns = fmax(t.cpu_taken_ns, ut.cpu_taken_ns);
		}
	}
	FUZZ_CHECK(!memcmp(&t, &m->timer, sizeof(t)));
}

/* The campaign's rules the reference knows: an accepted campaign obeys
 * them. */
static void check_seconds(const json_value *options, const char *key, uint64_t ns)
{
	double s = strtod(member(options, key)->text, NULL), want = round(s * NS_PER_S);

	FUZZ_CHECK(s >= 0 && want < TWO_64 && ns == (uint64_t)want);
}

static void check_rules(const campaign *c, const json_value *root)
{
	const json_value *options = member(root, "options");
	const json_value *sums = member(root, "dataset_checksums");
	size_t i = 0;

	check_seconds(options, "time_limit_s", c->time_limit_ns);
	check_seconds(options, "prepare_limit_s", c->prepare_limit_ns);
	for (const json_value *v = sums->child; v; v = v->next, i++) {
		uint64_t sum = 0;

		FUZZ_CHECK(v->type == JSON_STRING && strlen(v->text) == CHECKSUM_DIGITS);
		for (const char *p = v->text; *p; p++) {
			char x = *p;
			int digit = x >= '0' && x <= '9' ? x - '0' : x >= 'a' && x <= 'f' ? x - 'a' + 10
				    : x >= 'A' && x <= 'F' ? x - 'A' + 10 : -1;

			FUZZ_CHECK(digit >= 0);
			sum = sum * 16 + (uint64_t)digit;
		}
		FUZZ_CHECK(i < c->ndatasets && c->datasets[i].checksum == sum &&
			   !strcmp(c->datasets[i].name, v->key));
	}
	FUZZ_CHECK(i == c->ndatasets);
}

static bool same_text(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static void check_same_campaign(const campaign *a, const campaign *b)
{
	char diff[1024];

	FUZZ_CHECK(a->repeat == b->repeat && a->warmup == b->warmup);
	FUZZ_CHECK(a->batch_threshold_ns == b->batch_threshold_ns);
	FUZZ_CHECK(a->mem_limit == b->mem_limit && a->defaults == b->defaults);
	FUZZ_CHECK(a->isolate == b->isolate && a->shard_k == b->shard_k && a->shard_n == b->shard_n);
	FUZZ_CHECK(same_text(a->cache_dir, b->cache_dir));
	FUZZ_CHECK(same_text(a->instances, b->instances) && a->limit == b->limit);
	if (a->time_limit_ns < TWO_53)
		FUZZ_CHECK(a->time_limit_ns == b->time_limit_ns);
	if (a->prepare_limit_ns < TWO_53)
		FUZZ_CHECK(a->prepare_limit_ns == b->prepare_limit_ns);
	FUZZ_CHECK(a->ndatasets == b->ndatasets && a->nunits == b->nunits);
	for (size_t i = 0; i < a->ndatasets; i++)
		FUZZ_CHECK(!strcmp(a->datasets[i].name, b->datasets[i].name) &&
			   a->datasets[i].checksum == b->datasets[i].checksum);
	for (size_t i = 0; i < a->nunits; i++)
		FUZZ_CHECK(!strcmp(a->units[i].dataset, b->units[i].dataset) &&
			   !strcmp(a->units[i].algorithm, b->units[i].algorithm) &&
			   !strcmp(a->units[i].heuristic, b->units[i].heuristic));
	if (a->time_limit_ns < TWO_53 && a->prepare_limit_ns < TWO_53)
		FUZZ_CHECK(!campaign_differs(a, b, false, diff, sizeof(diff)));
	FUZZ_CHECK(!campaign_differs(a, a, false, diff, sizeof(diff)));
}

/* Write C back as campaign_write does, read it again, compare. */
static void check_campaign_round_trip(const campaign *c)
{
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	json_doc doc;
	campaign again;

	FUZZ_CHECK(out);
	/* the threshold in force is in the timer, which meta.c writes */
	fprintf(out, "{\n  \"timer\": {\"batch_threshold_ns\": %" PRIu64 "},\n", c->batch_threshold_ns);
	campaign_write(out, c);
	fputs("  \"end\": 0\n}\n", out);
	FUZZ_CHECK(!fclose(out));
	FUZZ_CHECK(!json_parse(&doc, buf, len, err, sizeof(err)));
	FUZZ_CHECK(!campaign_read(&again, json_root(&doc), err, sizeof(err)));
	check_same_campaign(c, &again);
	campaign_release(&again);
	json_release(&doc);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512] = "";
	meta_info m;
	campaign c;

	if (meta_parse(&m, (const char *)data, size, FUZZ_NAME, err, sizeof(err))) {
		char *end;

		FUZZ_CHECK(!strncmp(err, FUZZ_NAME ":", strlen(FUZZ_NAME ":")));
		FUZZ_CHECK(strtoul(err + strlen(FUZZ_NAME ":"), &end, 10) >= 1 && !strncmp(end, ": ", 2));
		FUZZ_CHECK(!m.present && !m.root);
		meta_info_release(&m);
		return 0;
	}
	check_meta(&m);
	if (!campaign_read(&c, m.root, err, sizeof(err))) {
		check_rules(&c, m.root);
		check_campaign_round_trip(&c);
		campaign_release(&c);
	}
	meta_info_release(&m);
	return 0;
}
