#include "harness/engine/plugin.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/engine/outside.h"
#include "harness/io/meta.h"
#include "include/puzzlebench/plugin.h"

#define WHY_MAX 160

/* A loaded shared object, kept while any of its solvers is. */
typedef struct plugin_file {
	void *handle;
	char *path;
	size_t solvers;
} plugin_file;

/* One of its solvers: the outside solver's data. */
typedef struct plugin_self {
	const pb_plugin_solver *ps;
	plugin_file *file;
} plugin_self;

/* The environment a plugin gets, backed by a pb_search. */
typedef struct plugin_env {
	pb_plugin_env env;
	pb_search *s;
} plugin_env;

/* A prepared plugin solver. */
typedef struct plugin_ctx {
	const pb_plugin_solver *ps;
	const pb_domain *d;
	void *inner;              /* the plugin's own context */
	pb_plugin_domain plain;   /* the domain as the plugin sees it */
	char letters[PB_MAX_MOVES + 1]; /* its move letters */
	unsigned char goal[PB_MAX_CELLS];
	plugin_env prep;          /* the preparation's environment, for release */
} plugin_ctx;

/* The plain view */

/* The cells of S on D as the plugin sees them: START and GOAL in the
 * user's labels (0 the blank). Tiles: S is the start, the goal is D's;
 * Magic Squares: the start is 1 2 ... 8 and the goal is S's target (S's
 * plain values). */
static void plugin_plain_of(const pb_domain *d, const pb_state *s, unsigned char *start,
			    unsigned char *goal)
{
	if (d->board) {
		pb_to_plain(d, s, start);
		pb_to_plain(d, &d->goal, goal);
		return;
	}
	for (int c = 0; c < d->cells; c++)
		start[c] = (unsigned char)(c + 1);
	pb_to_plain(d, s, goal);
}

/* D as a plugin sees it: its goal (tiles) in GOAL, its move letters in
 * LETTERS (room for PB_MAX_MOVES + 1). */
static void plain_domain(const pb_domain *d, pb_plugin_domain *p, unsigned char *goal,
			 char *letters)
{
	unsigned char start[PB_MAX_CELLS];

	memset(p, 0, sizeof(*p));
	p->name = d->name;
	p->kind = d->board ? PB_PLUGIN_TILES : PB_PLUGIN_MSQUARE;
	p->width = d->width;
	p->height = d->height;
	p->cells = d->cells;
	p->nmoves = d->nmoves;
	for (int m = 0; m < d->nmoves; m++)
		letters[m] = d->move_names[m][0];
	letters[d->nmoves] = '\0';
	p->moves = letters;
	p->least_answer = d->lex_smallest;
	if (d->board) {
		plugin_plain_of(d, &d->goal, start, goal);
		p->goal = goal;
	}
}

/* The environment */

static pb_search *search_of(pb_plugin_env *env)
{
	return ((plugin_env *)env)->s;
}

static void *env_alloc(pb_plugin_env *env, size_t bytes)
{
	return pb_alloc(&search_of(env)->meter, bytes);
}

static void *env_calloc(pb_plugin_env *env, size_t count, size_t size)
{
	return pb_calloc(&search_of(env)->meter, count, size);
}

static void *env_realloc(pb_plugin_env *env, void *p, size_t bytes)
{
	return pb_realloc(&search_of(env)->meter, p, bytes);
}

static void env_free(pb_plugin_env *env, void *p)
{
	(void)env;
	pb_free(p);
}

static int env_check(pb_plugin_env *env)
{
	switch (pb_search_check(search_of(env))) {
	case PB_TIMEOUT: return PB_PLUGIN_TIMEOUT;
	case PB_STOPPED: return PB_PLUGIN_STOPPED;
	default: return PB_PLUGIN_SOLVED;
	}
}

static void env_init(plugin_env *e, pb_search *s)
{
	memset(e, 0, sizeof(*e));
	e->env.alloc = env_alloc;
	e->env.calloc = env_calloc;
	e->env.realloc = env_realloc;
	e->env.free = env_free;
	e->env.check = env_check;
	e->env.countdown = PB_PLUGIN_POLL_EVERY;
	e->env.harness = e;
	e->s = s;
}

/* What the plugin's status ST means here; its message and counters go to
 * S. */
static pb_status from_plugin(int st, plugin_env *e)
{
	pb_search *s = e->s;

	s->expanded += e->env.expanded;
	s->generated += e->env.generated;
	e->env.message[sizeof(e->env.message) - 1] = '\0';
	switch (st) {
	case PB_PLUGIN_SOLVED: return PB_SOLVED;
	case PB_PLUGIN_UNSOLVABLE: return PB_UNSOLVABLE;
	case PB_PLUGIN_TIMEOUT: return PB_TIMEOUT;
	case PB_PLUGIN_MEMOUT: return PB_MEMOUT;
	case PB_PLUGIN_STOPPED: return PB_STOPPED;
	case PB_PLUGIN_UNSUPPORTED:
		snprintf(s->message, sizeof(s->message), "%s", e->env.message);
		return PB_UNSUPPORTED;
	case PB_PLUGIN_FAILED:
		snprintf(s->message, sizeof(s->message), "%s", e->env.message);
		return PB_FAILED;
	default:
		snprintf(s->message, sizeof(s->message), "the plugin returned status %d, which "
			 "means nothing", st);
		return PB_FAILED;
	}
}

/* The solver */

static const char *plugin_supports(void *self, const pb_domain *d, const pb_config *cfg,
				   char *why, size_t whylen)
{
	const plugin_self *p = self;
	unsigned char goal[PB_MAX_CELLS];
	char letters[PB_MAX_MOVES + 1];
	pb_plugin_domain plain;
	const char *no;

	(void)cfg;
	if (!d->letter_moves || (!d->board && strcmp(d->name, "msquare"))) {
		snprintf(why, whylen, "a plugin takes tiles and Magic Squares (ABI %d)",
			 PB_PLUGIN_ABI);
		return why;
	}
	if (!p->ps->supports)
		return NULL;
	plain_domain(d, &plain, goal, letters);
	no = p->ps->supports(&plain);
	if (!no)
		return NULL;
	snprintf(why, whylen, "%s", no);
	return why;
}

static pb_status plugin_prepare(void *self, const pb_domain *d, const pb_config *cfg,
				pb_search *s, void **ctx)
{
	const plugin_self *p = self;
	plugin_ctx *c = calloc(1, sizeof(*c));
	pb_status st = PB_SOLVED;

	(void)cfg;
	*ctx = NULL;
	if (!c)
		return pb_search_alloc_failed(s);
	c->ps = p->ps;
	c->d = d;
	plain_domain(d, &c->plain, c->goal, c->letters);
	env_init(&c->prep, s);
	if (c->ps->prepare)
		st = from_plugin(c->ps->prepare(&c->plain, &c->prep.env, &c->inner), &c->prep);
	if (st != PB_SOLVED) {
		free(c);
		return st;
	}
	*ctx = c;
	return PB_SOLVED;
}

/* The plugin's letters A[0..n) as moves of D into OUT. Returns 0, or -1
 * with why in S. */
static int take_letters(const pb_domain *d, const char *a, size_t n, pb_search *s,
			pb_path *out)
{
	if (n > PB_MAX_PATH) {
		snprintf(s->message, sizeof(s->message), "the plugin's answer has %zu moves, more "
			 "than its room", n);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		int m = pb_move_from_name(d, &a[i], 1);

		if (m < 0) {
			snprintf(s->message, sizeof(s->message), "the plugin answered '%c', which "
				 "names no move of %s", a[i] > ' ' && a[i] < 0x7f ? a[i] : '?',
				 d->name);
			return -1;
		}
		out->moves[i] = (uint8_t)m;
	}
	out->length = (int)n;
	return 0;
}

static pb_status plugin_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	plugin_ctx *c = ctx;
	unsigned char cells[PB_MAX_CELLS], goal[PB_MAX_CELLS];
	char letters[PB_MAX_PATH];
	pb_plugin_puzzle puzzle = { &c->plain, cells, c->d->board ? c->goal : goal };
	pb_plugin_answer answer = { letters, sizeof(letters), 0 };
	plugin_env e;
	pb_status st;

	plugin_plain_of(c->d, start, cells, goal);
	env_init(&e, s);
	st = from_plugin(c->ps->solve(c->inner, &puzzle, &e.env, &answer), &e);
	if (st == PB_SOLVED && take_letters(c->d, letters, answer.length, s, out))
		return PB_WRONG;
	return st;
}

static void plugin_release(void *ctx)
{
	plugin_ctx *c = ctx;

	if (!c)
		return;
	if (c->ps->release)
		c->ps->release(c->inner, &c->prep.env);
	free(c);
}

static void plugin_meta(FILE *out, const void *self)
{
	const plugin_self *p = self;

	fputs("      \"file\": ", out);
	meta_json_string(out, p->file->path);
	fprintf(out, ",\n      \"plugin_abi\": %d\n", PB_PLUGIN_ABI);
}

static void plugin_free(void *self)
{
	plugin_self *p = self;

	if (!p)
		return;
	if (p->file && !--p->file->solvers) {
		dlclose(p->file->handle);
		free(p->file->path);
		free(p->file);
	}
	free(p);
}

static const outside_kind plugin_kind = {
	.what = "plugin",
	.supports = plugin_supports,
	.prepare = plugin_prepare,
	.solve = plugin_solve,
	.release = plugin_release,
	.meta = plugin_meta,
	.free = plugin_free,
};

/* Loading */

/* The plugin's table from the shared object at PATH, opened into *FILE.
 * NULL with why. */
static const pb_plugin *open_plugin(const char *path, plugin_file **file, char *err,
				    size_t errlen)
{
	char where[4200];
	pb_plugin_entry entry;
	const pb_plugin *table;
	void *h;

	/* a bare name is a file here, not a library on the search path */
	snprintf(where, sizeof(where), "%s%s", strchr(path, '/') ? "" : "./", path);
	h = dlopen(where, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(err, errlen, "cannot load plugin '%s': %s", path, dlerror());
		return NULL;
	}
	*(void **)&entry = dlsym(h, PB_PLUGIN_ENTRY);
	if (!entry) {
		snprintf(err, errlen, "'%s' is not a puzzlebench plugin: it has no function '%s'",
			 path, PB_PLUGIN_ENTRY);
		dlclose(h);
		return NULL;
	}
	table = entry();
	if (!table || table->abi != PB_PLUGIN_ABI || !table->count || !table->solvers) {
		if (!table || table->abi == PB_PLUGIN_ABI)
			snprintf(err, errlen, "plugin '%s' has no solvers", path);
		else
			snprintf(err, errlen, "plugin '%s' is built for plugin ABI %u; this bench "
				 "takes ABI %d (rebuild it against this bench's puzzlebench/plugin.h)",
				 path, table->abi, PB_PLUGIN_ABI);
		dlclose(h);
		return NULL;
	}
	*file = calloc(1, sizeof(**file));
	if (!*file || !((*file)->path = strdup(path))) {
		free(*file);
		snprintf(err, errlen, "out of memory");
		dlclose(h);
		return NULL;
	}
	(*file)->handle = h;
	return table;
}

int plugin_load(const char *path, char *err, size_t errlen)
{
	plugin_file *file;
	const pb_plugin *table = open_plugin(path, &file, err, errlen);
	char why[WHY_MAX];

	if (!table)
		return -1;
	/* every solver checked before any is added */
	for (size_t i = 0; i < table->count; i++) {
		const pb_plugin_solver *ps = &table->solvers[i];

		if (!ps->name || !ps->solve) {
			snprintf(err, errlen, "plugin '%s': solver %zu has no %s", path, i + 1,
				 ps->name ? "solve function" : "name");
			goto fail;
		}
		if (outside_check_name(ps->name, why, sizeof(why))) {
			snprintf(err, errlen, "plugin '%s': %s", path, why);
			goto fail;
		}
		for (size_t k = 0; k < i; k++) {
			if (!strcmp(table->solvers[k].name, ps->name)) {
				snprintf(err, errlen, "plugin '%s': two solvers called '%s'", path,
					 ps->name);
				goto fail;
			}
		}
	}
	for (size_t i = 0; i < table->count; i++) {
		const pb_plugin_solver *ps = &table->solvers[i];
		plugin_self *self = calloc(1, sizeof(*self));
		char summary[WHY_MAX];

		if (!self) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		self->ps = ps;
		self->file = file;
		file->solvers++;
		snprintf(summary, sizeof(summary), "%s (plugin %s)", ps->summary ? ps->summary : "",
			 path);
		if (!outside_add(&plugin_kind, self, ps->name, summary, err, errlen))
			return -1;
	}
	return 0;
fail:
	dlclose(file->handle);
	free(file->path);
	free(file);
	return -1;
}
