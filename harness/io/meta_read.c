#include "harness/io/meta_read.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *text_of(const json_value *v)
{
	const char *s = json_string(v);

	return s ? s : "";
}

/* The timer's members by name, in T. */
#define TIMER_MEMBERS(t) { \
	{ "floor_ns", &(t)->floor_ns }, { "wall_clock_ns", &(t)->wall_clock_ns }, \
	{ "cpu_clock_ns", &(t)->cpu_clock_ns }, { "batch_threshold_ns", &(t)->batch_threshold_ns }, \
	{ "batch_target_ns", &(t)->batch_target_ns }, { "wall_taken_ns", &(t)->wall_taken_ns }, \
	{ "cpu_taken_ns", &(t)->cpu_taken_ns } }
#define TIMER_NMEMBERS 7

typedef struct timer_member {
	const char *key;
	double *value;
} timer_member;

bool meta_read_timer(const json_value *v, meta_timer *t)
{
	const json_value *timer = json_get(v, "timer");
	timer_member members[TIMER_NMEMBERS] = TIMER_MEMBERS(t);

	memset(t, 0, sizeof(*t));
	if (!timer || timer->type != JSON_OBJECT)
		return false;
	for (size_t i = 0; i < TIMER_NMEMBERS; i++) {
		double ns;

		if (!json_double(json_get(timer, members[i].key), &ns) && ns > 0)
			*members[i].value = ns;
	}
	return true;
}

void meta_timer_max(meta_timer *t, const meta_timer *u)
{
	timer_member mine[TIMER_NMEMBERS] = TIMER_MEMBERS(t);
	meta_timer copy = *u;
	timer_member theirs[TIMER_NMEMBERS] = TIMER_MEMBERS(&copy);

	for (size_t i = 0; i < TIMER_NMEMBERS; i++)
		if (*theirs[i].value > *mine[i].value)
			*mine[i].value = *theirs[i].value;
}

/* A merged run's timer: the worst of its shards'. */
static void shards_timer(const json_value *root, meta_timer *t)
{
	const json_value *shards = json_get(root, "shards");

	for (size_t i = 0; i < (shards ? shards->count : 0); i++) {
		meta_timer u;

		if (meta_read_timer(json_get(json_at(shards, i), "meta"), &u))
			meta_timer_max(t, &u);
	}
}

/* The median round trip in the meta.json V (0: none recorded). */
static double round_trip_of(const json_value *v)
{
	double ns;

	if (json_double(json_get(json_get(json_get(v, "external"), "round_trip"), "median_ns"), &ns) ||
	    !(ns > 0))
		return 0;
	return ns;
}

/* The worst round trip of a merged run's shards. */
static double shards_round_trip(const json_value *root)
{
	const json_value *shards = json_get(root, "shards");
	double worst = 0;

	for (size_t i = 0; i < (shards ? shards->count : 0); i++) {
		double ns = round_trip_of(json_get(json_at(shards, i), "meta"));

		if (ns > worst)
			worst = ns;
	}
	return worst;
}

/* Whether the meta.json V lists SOLVER, or the program it is a variant of,
 * as a long-lived outside program. */
static bool lists_long_lived(const json_value *v, const char *solver)
{
	const json_value *list = json_get(v, "outside_solvers");

	for (size_t i = 0; i < (list ? list->count : 0); i++) {
		const json_value *p = json_at(list, i);
		const char *name = json_string(json_get(p, "name"));
		const char *mode = json_string(json_get(p, "mode"));
		size_t n = name ? strlen(name) : 0;

		if (name && mode && !strcmp(mode, "long-lived") && !strncmp(solver, name, n) &&
		    (solver[n] == '\0' || solver[n] == ':'))
			return true;
	}
	return false;
}

bool meta_long_lived(const meta_info *m, const char *solver)
{
	const json_value *shards = m->merged ? json_get(m->root, "shards") : NULL;

	if (!m->root)
		return false;
	if (lists_long_lived(m->root, solver))
		return true;
	for (size_t i = 0; i < (shards ? shards->count : 0); i++)
		if (lists_long_lived(json_get(json_at(shards, i), "meta"), solver))
			return true;
	return false;
}

static void fill(meta_info *m)
{
	const json_value *root = m->root, *about = root;
	const json_value *build;

	m->merged = json_true(json_get(root, "merged"));
	if (m->merged && !json_get(root, "machine"))
		about = json_get(json_at(json_get(root, "shards"), 0), "meta");
	m->about = about;
	build = json_get(about, "build");
	m->cpu = text_of(json_get(json_get(about, "machine"), "cpu"));
	m->date = text_of(json_get(root, "date"));
	m->outcome = text_of(json_get(root, "outcome"));
	m->build_type = text_of(json_get(build, "build_type"));
	m->compiler = text_of(json_get(build, "compiler"));
	m->flags = text_of(json_get(build, "flags"));
	m->git_revision = text_of(json_get(build, "git_revision"));
	m->sanitized = json_true(json_get(build, "sanitized"));
	if (!meta_read_timer(root, &m->timer) && m->merged)
		shards_timer(root, &m->timer);
	m->round_trip_ns = round_trip_of(root);
	if (!m->round_trip_ns && m->merged)
		m->round_trip_ns = shards_round_trip(root);
}

void meta_info_init(meta_info *m)
{
	memset(m, 0, sizeof(*m));
	m->cpu = m->date = m->outcome = "";
	m->build_type = m->compiler = m->flags = m->git_revision = "";
}

/* Keep the parsed DOC (the file PATH) in M. Returns 0, or -1 with why in
 * ERR when it is not a meta.json. */
static int take(meta_info *m, const json_doc *doc, const char *path, char *err, size_t errlen)
{
	m->doc = *doc;
	m->present = true;
	m->root = json_root(&m->doc);
	if (!m->root || m->root->type != JSON_OBJECT) {
		snprintf(err, errlen, "%s:1: not a JSON object (not a meta.json?)", path);
		meta_info_release(m);
		return -1;
	}
	fill(m);
	return 0;
}

int meta_read(meta_info *m, const char *path, char *err, size_t errlen)
{
	json_doc doc;

	meta_info_init(m);
	if (json_load(&doc, path, err, errlen)) {
		bool absent = errno == ENOENT;

		json_release(&doc);
		return absent ? 0 : -1;
	}
	return take(m, &doc, path, err, errlen);
}

int meta_parse(meta_info *m, const char *text, size_t n, const char *name, char *err,
	       size_t errlen)
{
	char what[256];
	json_doc doc;

	meta_info_init(m);
	if (json_parse(&doc, text, n, what, sizeof(what))) {
		snprintf(err, errlen, "%s:%s (not valid JSON)", name, what);
		json_release(&doc);
		return -1;
	}
	return take(m, &doc, name, err, errlen);
}

void meta_info_release(meta_info *m)
{
	json_release(&m->doc);
	meta_info_init(m);
}
