#include "harness/engine/outside.h"

#include <ctype.h>
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/engine/external.h"
#include "harness/engine/plugin.h"
#include "harness/engine/process.h"
#include "harness/io/outfile.h"

#define SUMMARY_MAX 160
/* Solves of the round trip measured before a run. */
#define ROUND_TRIP_ROUNDS 2000
#define FAULT_LOG "external.log"

typedef struct slot {
	pb_solver solver;
	const outside_kind *kind;
	void *self;
	char name[OUTSIDE_NAME_MAX + 1];
	char summary[SUMMARY_MAX];
} slot;

/* The registry of outside solvers (see outside.h), and what a run keeps
 * about them. */
static slot slots[OUTSIDE_MAX];
static size_t nslots;
static FILE *fault_log;
static bool have_round_trip;
static external_round_trip round_trip;
static unsigned run_repeat, run_warmup;
static void (*chained_extra)(FILE *out, const void *arg);
static const void *chained_arg;

/* An outside solver's supports() and prepare(): its slot is its data (a
 * variant made from it carries the same), handed on to its kind. */
static const char *slot_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				 char *why, size_t whylen)
{
	const slot *sl = self->data;

	return sl->kind->supports(sl->self, self, d, cfg, why, whylen);
}

static pb_status slot_prepare(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			      pb_search *s, void **ctx)
{
	const slot *sl = self->data;

	return sl->kind->prepare(sl->self, self, d, cfg, s, ctx);
}

static void release_all(void)
{
	for (size_t i = 0; i < nslots; i++)
		slots[i].kind->free(slots[i].self);
	nslots = 0;
	if (fault_log)
		fclose(fault_log);
	fault_log = NULL;
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_' || c == '+' || c == '-';
}

int outside_check_name(const char *name, char *err, size_t errlen)
{
	size_t n = strlen(name);

	if (!n || n > OUTSIDE_NAME_MAX) {
		snprintf(err, errlen, "solver name '%s' must have 1 to %d characters", name,
			 OUTSIDE_NAME_MAX);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (!name_char(name[i])) {
			snprintf(err, errlen, "solver name '%s' has '%c': use letters, digits, "
				 "'.', '_', '+' and '-'", name, name[i]);
			return -1;
		}
	}
	if (outside_solver_find(name)) {
		snprintf(err, errlen, "solver name '%s' is taken%s", name,
			 pb_solver_find(name) ? " by a built-in solver" : "");
		return -1;
	}
	return 0;
}

const pb_solver *outside_add(const outside_kind *kind, void *self, const char *name,
			     const char *summary, char *err, size_t errlen)
{
	slot *sl;

	if (outside_check_name(name, err, errlen) ||
	    (nslots == OUTSIDE_MAX &&
	     snprintf(err, errlen, "more than %d outside solvers", OUTSIDE_MAX) >= 0)) {
		kind->free(self);
		return NULL;
	}
	if (!nslots)
		atexit(release_all);
	sl = &slots[nslots];
	memset(sl, 0, sizeof(*sl));
	sl->kind = kind;
	sl->self = self;
	snprintf(sl->name, sizeof(sl->name), "%s", name);
	snprintf(sl->summary, sizeof(sl->summary), "%s", summary);
	sl->solver = (pb_solver){
		.name = sl->name,
		.summary = sl->summary,
		.supports = slot_supports,
		.prepare = slot_prepare,
		.solve = kind->solve,
		.release = kind->release,
		.any_params = kind->any_params,
		.data = sl,
	};
	nslots++;
	return &sl->solver;
}

/* The slot of S, or of the solver S is a variant of; NULL for a built-in
 * solver. */
static slot *slot_of(const pb_solver *s)
{
	const pb_solver *base = s->base ? s->base : s;

	for (size_t i = 0; i < nslots; i++)
		if (&slots[i].solver == base)
			return &slots[i];
	return NULL;
}

int outside_set_guarantee(const char *arg, char *err, size_t errlen)
{
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : 0;
	slot *sl = NULL;
	double w;

	if (!eq || !n) {
		snprintf(err, errlen, "--guarantee '%s': want NAME=optimal, NAME=W or NAME=none", arg);
		return -1;
	}
	for (size_t i = 0; i < nslots && !sl; i++)
		if (strlen(slots[i].name) == n && !strncmp(slots[i].name, arg, n))
			sl = &slots[i];
	if (!sl) {
		snprintf(err, errlen, "--guarantee: no outside solver '%.*s' (give it after the "
			 "--solver, --solver-once or --plugin that adds it)", (int)n, arg);
		return -1;
	}
	if (outside_parse_bound(eq + 1, &w)) {
		snprintf(err, errlen, "--guarantee %.*s: '%s' is not optimal, none or a factor of "
			 "at least 1 (as 1.5)", (int)n, arg, eq + 1);
		return -1;
	}
	outside_promise(&sl->solver, w == 1 ? PB_GUARANTEE_OPTIMAL
				     : isinf(w) ? PB_GUARANTEE_NONE : PB_GUARANTEE_BOUNDED,
			NULL, isinf(w) ? 0 : w);
	return 0;
}

int outside_parse_bound(const char *g, double *bound)
{
	char *end;

	if (!strcmp(g, "optimal") || !strcmp(g, "none")) {
		*bound = g[0] == 'o' ? 1 : INFINITY;
		return 0;
	}
	errno = 0;
	*bound = strtod(g, &end);
	return !isdigit((unsigned char)g[0]) || *end || errno || !(*bound >= 1) || *bound > 1e6
	       ? -1 : 0;
}

void outside_promise(const pb_solver *s, pb_guarantee g, const char *bound_param, double bound)
{
	slot *sl = slot_of(s);

	assert(sl && !s->base);
	sl->solver.guarantee = g;
	sl->solver.bound_param = bound_param;
	sl->solver.bound = bound;
}

void outside_set_params(const pb_solver *s, const pb_param *params)
{
	slot *sl = slot_of(s);

	assert(sl && !s->base);
	sl->solver.params = params;
}

const pb_solver *outside_solver_lookup(const char *name, char *why, size_t whylen)
{
	const pb_solver *s = pb_solver_lookup(name, why, whylen);
	size_t n = strcspn(name, ":");

	for (size_t i = 0; !s && !why[0] && i < nslots; i++) {
		if (strncmp(slots[i].name, name, n) || slots[i].name[n])
			continue;
		s = &slots[i].solver;
		if (name[n])
			s = pb_solver_variant(s, name + n + 1, why, whylen);
	}
	return s;
}

const pb_solver *outside_solver_find(const char *name)
{
	char why[PB_VARIANT_NAME_MAX + 1];

	return outside_solver_lookup(name, why, sizeof(why));
}

bool outside_is(const pb_solver *s)
{
	return slot_of(s) != NULL;
}

bool outside_own_process(const pb_solver *s)
{
	const slot *sl = slot_of(s);

	return sl && sl->kind->own_process;
}

size_t outside_count(void)
{
	return nslots;
}

const pb_solver *outside_solver(size_t i)
{
	return i < nslots ? &slots[i].solver : NULL;
}

size_t outside_extend(const pb_solver **out, size_t n, size_t max, bool explicit,
		      const pb_domain *d, const pb_config *cfg)
{
	char why[160];

	for (size_t i = 0; i < nslots && n < max; i++) {
		const pb_solver *s = &slots[i].solver;
		size_t k = 0;

		if (explicit && !slots[i].kind->always_runs)
			continue;
		/* a program named with values ("-a prog:depth=3") runs so */
		while (k < n && out[k] != s && out[k]->base != s)
			k++;
		if (k < n || (d && pb_solver_supports(s, d, cfg, why, sizeof(why))))
			continue;
		out[n++] = s;
	}
	return n;
}

int outside_option(int which, const char *arg, const char *cmd)
{
	char err[1024];
	int rc;

	switch (which) {
	case OUTSIDE_SOLVER: rc = external_add(arg, EXTERNAL_LONG_LIVED, err, sizeof(err)); break;
	case OUTSIDE_SOLVER_ONCE: rc = external_add(arg, EXTERNAL_ONCE, err, sizeof(err)); break;
	case OUTSIDE_PLUGIN: rc = plugin_load(arg, err, sizeof(err)); break;
	case OUTSIDE_GUARANTEE: rc = outside_set_guarantee(arg, err, sizeof(err)); break;
	default: snprintf(err, sizeof(err), "no such option"); rc = -1; break;
	}
	if (rc)
		fprintf(stderr, "bench %s: %s\n", cmd, err);
	return rc;
}

/* Open DIR/external.log for the faults. */
static int open_fault_log(const char *dir, bool append, char *err, size_t errlen)
{
	char path[4200];
	struct stat st;
	bool fresh;

	snprintf(path, sizeof(path), "%s/" FAULT_LOG, dir);
	fresh = !append || stat(path, &st);
	fault_log = fopen(path, fresh ? "w" : "a");
	if (!fault_log) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fresh)
		fputs("# one line a fault of an outside solver: solver, dataset, instance, repeat, "
		      "status, why, the puzzle as sent, what came back\n", fault_log);
	fflush(fault_log);
	return 0;
}

void outside_note_solves(unsigned repeat, unsigned warmup)
{
	run_repeat = repeat;
	run_warmup = warmup;
}

void outside_solves(unsigned *repeat, unsigned *warmup)
{
	*repeat = run_repeat;
	*warmup = run_warmup;
}

int outside_begin_run(const char *dir, bool append, char *err, size_t errlen)
{
	bool measure = false;

	if (!nslots)
		return 0;
	if (dir && open_fault_log(dir, append, err, errlen))
		return -1;
	for (size_t i = 0; i < nslots; i++) {
		int rc = slots[i].kind->begin
			 ? slots[i].kind->begin(slots[i].self, dir, append, err, errlen) : 0;

		if (rc < 0)
			return -1;
		measure |= rc > 0;
	}
	if (measure && !have_round_trip) {
		if (external_measure_round_trip(ROUND_TRIP_ROUNDS, &round_trip, err, errlen))
			return -1;
		have_round_trip = true;
	}
	return 0;
}

void outside_note_row(const run_row *row)
{
	slot *sl = fault_log ? slot_of(row->algorithm) : NULL;

	if (!sl || !sl->kind->row)
		return;
	sl->kind->row(sl->self, row, fault_log);
	fflush(fault_log);
}

static void write_meta(FILE *out, const void *arg)
{
	(void)arg;
	if (chained_extra)
		chained_extra(out, chained_arg);
	fputs("  \"outside_solvers\": [", out);
	for (size_t i = 0; i < nslots; i++) {
		fputs(i ? ",\n    {\n" : "\n    {\n", out);
		fputs("      \"name\": ", out);
		meta_json_string(out, slots[i].name);
		fprintf(out, ",\n      \"kind\": \"%s\",\n", slots[i].kind->what);
		slots[i].kind->meta(out, slots[i].self);
		fputs("    }", out);
	}
	fputs(nslots ? "\n  ],\n" : "],\n", out);
	if (have_round_trip || process_spawner_peak()) {
		/* the harness's floors under external programs' figures */
		fputs("  \"external\": {\n", out);
		fprintf(out, "    \"one_shot_rss_floor_bytes\": %" PRIu64 "%s\n", process_spawner_peak(),
			have_round_trip ? "," : "");
		if (have_round_trip) {
			fputs("    \"round_trip\": {\n", out);
			external_round_trip_json(out, "      ", &round_trip);
			fputs("    }\n", out);
		}
		fputs("  },\n", out);
	}
}

void outside_meta_hook(meta_run *m)
{
	if (!nslots)
		return;
	chained_extra = m->extra;
	chained_arg = m->extra_arg;
	m->extra = write_meta;
	m->extra_arg = NULL;
}
