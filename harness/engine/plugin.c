#include "harness/engine/plugin.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "algorithms/puzzles/family.h"
#include "harness/engine/outside.h"
#include "harness/io/meta.h"
#include "include/puzzlebench/plugin.h"

#define WHY_MAX 160

/* A loaded shared object, kept while any of its solvers is. */
typedef struct plugin_file {
	void *handle;
	char *path;
	unsigned abi; /* the version it is built for */
	size_t solvers;
} plugin_file;

/* One of its solvers: the outside solver's data, with its parameters
 * (ABI 4) as the harness's solvers declare theirs. */
typedef struct plugin_self {
	const pb_plugin_solver *ps;
	plugin_file *file;
	pb_param params[PB_MAX_PARAMS + 1];
} plugin_self;

_Static_assert(PB_PLUGIN_MAX_PARAMS == PB_MAX_PARAMS, "a plugin's solver has as many parameters "
	       "as the harness's");

/* The environment a plugin gets, backed by a pb_search, and the solver
 * (a variant: its values) it serves. */
typedef struct plugin_env {
	pb_plugin_env env;
	pb_search *s;
	const pb_solver *solver;
} plugin_env;

/* The domain as a plugin sees it, and what that view points into. */
typedef struct plain_view {
	pb_plugin_domain plain;
	char letters[PB_MAX_MOVES + 1];       /* tiles, Magic Squares: the moves' letters */
	const char *names[PB_MAX_MOVES + 1];  /* move_names (into the domain's) */
	unsigned char goal[PB_MAX_CELLS];
} plain_view;

/* A prepared plugin solver. */
typedef struct plugin_ctx {
	const pb_plugin_solver *ps;
	const pb_solver *solver;  /* the one prepared (a variant: its values) */
	const pb_domain *d;
	unsigned abi;             /* the plugin's */
	void *inner;              /* the plugin's own context */
	plain_view view;          /* the domain as the plugin sees it */
	plugin_env prep;          /* the preparation's environment, for release */
} plugin_ctx;

/* The plain view */

/* The pb_plugin_kind of D (its family's word), or -1 for a domain no
 * plugin ABI shows. */
static int plain_kind(const pb_domain *d)
{
	return d->family ? d->family->plugin_kind : -1;
}

/* The oldest ABI that shows D. */
static unsigned kind_abi(const pb_domain *d)
{
	return d->family ? d->family->plugin_abi : PB_PLUGIN_ABI;
}

/* The cells of S on D as the plugin sees them: START and GOAL in the
 * user's labels (see plugin.h). Magic Squares: the start is 1 2 ... 8 and
 * the goal is S's target (S's plain values); every other domain: S is
 * the start, the goal is D's. */
static void plugin_plain_of(const pb_domain *d, const pb_state *s, unsigned char *start,
			    unsigned char *goal)
{
	if (plain_kind(d) != PB_PLUGIN_MSQUARE) {
		pb_to_plain(d, s, start);
		pb_to_plain(d, &d->goal, goal);
		return;
	}
	for (int c = 0; c < d->cells; c++)
		start[c] = (unsigned char)(c + 1);
	pb_to_plain(d, s, goal);
}

/* D, of a kind a plugin sees, as it sees it, into V (which D outlives). */
static void plain_domain(const pb_domain *d, plain_view *v)
{
	pb_plugin_domain *p = &v->plain;
	unsigned char start[PB_MAX_CELLS];

	memset(v, 0, sizeof(*v));
	p->name = d->name;
	p->kind = plain_kind(d);
	p->width = d->width;
	p->height = d->height;
	p->cells = d->cells;
	p->nmoves = d->nmoves;
	for (int m = 0; m < d->nmoves; m++) {
		v->names[m] = pb_move_name(d, m);
		v->letters[m] = pb_move_name(d, m)[0];
	}
	p->move_names = v->names;
	if (p->kind == PB_PLUGIN_TILES || p->kind == PB_PLUGIN_MSQUARE)
		p->moves = v->letters;
	p->least_answer = d->lex_smallest;
	p->space = d->space;
	if (p->kind != PB_PLUGIN_MSQUARE) {
		plugin_plain_of(d, &d->goal, start, v->goal);
		p->goal = v->goal;
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

static const char *env_param(pb_plugin_env *env, const char *key)
{
	return pb_solver_param(((plugin_env *)env)->solver, key);
}

static void env_init(plugin_env *e, pb_search *s, const pb_solver *solver)
{
	memset(e, 0, sizeof(*e));
	e->env.alloc = env_alloc;
	e->env.calloc = env_calloc;
	e->env.realloc = env_realloc;
	e->env.free = env_free;
	e->env.check = env_check;
	e->env.countdown = PB_PLUGIN_POLL_EVERY;
	e->env.harness = e;
	e->env.param = env_param;
	e->s = s;
	e->solver = solver;
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

static const char *plugin_supports(void *self, const pb_solver *solver, const pb_domain *d, const pb_config *cfg,
				   char *why, size_t whylen)
{
	(void)solver;
	const plugin_self *p = self;
	int kind = plain_kind(d);
	plain_view view;
	const char *no;

	(void)cfg;
	if (kind < 0) {
		snprintf(why, whylen, "no plugin ABI shows %s to a plugin", d->name);
		return why;
	}
	if (p->file->abi < kind_abi(d)) {
		snprintf(why, whylen, "built for plugin ABI %u, which shows %s only (%s came with ABI "
			 "%u)", p->file->abi, p->file->abi < 2 ? "tiles and Magic Squares"
							       : "tiles, Magic Squares, pancakes and the cube",
			 kind == PB_PLUGIN_CUBE ? "the cube" : kind == PB_PLUGIN_PANCAKE ? "pancakes"
											 : "a plugin's domain",
			 kind_abi(d));
		return why;
	}
	if (!p->ps->supports)
		return NULL;
	plain_domain(d, &view);
	no = p->ps->supports(&view.plain);
	if (!no)
		return NULL;
	snprintf(why, whylen, "%s", no);
	return why;
}

static pb_status plugin_prepare(void *self, const pb_solver *solver, const pb_domain *d, const pb_config *cfg,
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
	c->solver = solver;
	c->d = d;
	c->abi = p->file->abi;
	plain_domain(d, &c->view);
	env_init(&c->prep, s, solver);
	if (c->ps->prepare)
		st = from_plugin(c->ps->prepare(&c->view.plain, &c->prep.env, &c->inner), &c->prep);
	if (st != PB_SOLVED) {
		free(c);
		return st;
	}
	*ctx = c;
	return PB_SOLVED;
}

/* The move that byte B of an answer of C's plugin names: a move number
 * (ABI 2), or a move's letter where the domain has letters; -1 if
 * neither. */
static int answer_move(const plugin_ctx *c, unsigned char b)
{
	if (c->abi >= 2 && b < c->d->nmoves)
		return b;
	if (c->view.plain.moves && b >= 'A')
		return pb_move_from_name(c->d, (const char *)&b, 1);
	return -1;
}

/* What an answer's byte B that names no move of C's domain is, into WHAT:
 * "'q'" or "byte 9". */
static void describe_byte(unsigned char b, char *what, size_t len)
{
	if (b > ' ' && b < 0x7f && b != '\'')
		snprintf(what, len, "'%c'", b);
	else
		snprintf(what, len, "byte %u", b);
}

/* The plugin's answer A[0..n) as moves of C's domain into OUT. Returns 0,
 * or -1 with why in S. */
static int take_answer(const plugin_ctx *c, const char *a, size_t n, pb_search *s,
		       pb_path *out)
{
	const pb_domain *d = c->d;

	if (n > PB_MAX_PATH) {
		snprintf(s->message, sizeof(s->message), "the plugin's answer has %zu moves, more "
			 "than its room", n);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		int m = answer_move(c, (unsigned char)a[i]);
		char what[16];

		if (m >= 0) {
			out->moves[i] = (uint8_t)m;
			continue;
		}
		describe_byte((unsigned char)a[i], what, sizeof(what));
		if (c->abi < 2)
			snprintf(s->message, sizeof(s->message), "the plugin answered %s, which names "
				 "no move of %s", what, d->name);
		else
			snprintf(s->message, sizeof(s->message), "move %zu of the plugin's answer is "
				 "%s, which names no move of %s: its moves are numbered 0..%d%s%s", i + 1,
				 what, d->name, d->nmoves - 1, c->view.plain.moves ? " or lettered " : "",
				 c->view.plain.moves ? c->view.plain.moves : "");
		return -1;
	}
	out->length = (int)n;
	return 0;
}

static pb_status plugin_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	plugin_ctx *c = ctx;
	unsigned char cells[PB_MAX_CELLS], goal[PB_MAX_CELLS];
	char letters[PB_MAX_PATH];
	pb_plugin_puzzle puzzle = { &c->view.plain, cells, c->view.plain.goal ? c->view.plain.goal
									      : goal };
	pb_plugin_answer answer = { letters, sizeof(letters), 0 };
	plugin_env e;
	pb_status st;

	plugin_plain_of(c->d, start, cells, goal);
	env_init(&e, s, c->solver);
	st = from_plugin(c->ps->solve(c->inner, &puzzle, &e.env, &answer), &e);
	if (st == PB_SOLVED && take_answer(c, letters, answer.length, s, out))
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
	fprintf(out, ",\n      \"plugin_abi\": %u\n", p->file->abi);
}

/* Drop one of FILE's users (a solver, a family); the last closes it. */
static void file_unref(plugin_file *file)
{
	if (file && !--file->solvers) {
		dlclose(file->handle);
		free(file->path);
		free(file);
	}
}

static void plugin_free(void *self)
{
	plugin_self *p = self;

	if (!p)
		return;
	file_unref(p->file);
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

/* Domain families (ABI 3) */

/* One member a family made, kept for the process (domains point into it). */
typedef struct made_space {
	struct made_space *next;
	char name[32];
	pb_plugin_space space;
} made_space;

/* A plugin's family as the table of families holds it. */
typedef struct plugin_family {
	pb_family family;
	const pb_plugin_family *pf;
	plugin_file *file;
	made_space *made;
	pb_heuristic_info *heuristics;
	struct plugin_family *next;
} plugin_family;

/* Every family loaded, for their release at exit (the harness's registry
 * of them, as outside.c's slots are of the solvers). */
static plugin_family *families_loaded;

/* At exit: the families out of the tables, each member made released by
 * its plugin, the plugin closed when nothing else uses it. */
static void release_families(void)
{
	pb_family_clear();
	pb_heuristic_clear();
	while (families_loaded) {
		plugin_family *pf = families_loaded;

		families_loaded = pf->next;
		while (pf->made) {
			made_space *m = pf->made;

			pf->made = m->next;
			if (pf->pf->release)
				pf->pf->release(&m->space);
			free(m);
		}
		free(pf->heuristics);
		file_unref(pf->file);
		free(pf);
	}
}

/* The member NAME of the plugin's family F: made once, kept. */
static int family_make(const pb_family *f, pb_domain *d, const char *name, char *err,
		       size_t errlen)
{
	plugin_family *pf = f->self;
	made_space *m;
	char why[WHY_MAX] = "";
	int r;

	for (m = pf->made; m; m = m->next)
		if (!strcmp(m->name, name))
			break;
	if (!m) {
		if (strlen(name) >= sizeof(m->name) || !(m = calloc(1, sizeof(*m))))
			return 1;
		snprintf(m->name, sizeof(m->name), "%s", name);
		r = pf->pf->make(name, &m->space, why, sizeof(why));
		if (r) {
			free(m);
			if (r < 0)
				snprintf(err, errlen, "unknown domain '%s': %s", name,
					 why[0] ? why : "its family's plugin cannot make it");
			return r < 0 ? -1 : 1;
		}
		m->next = pf->made;
		pf->made = m;
	}
	if (pb_generic_init(d, &m->space, why, sizeof(why))) {
		snprintf(err, errlen, "domain '%s' of plugin '%s' breaks the domain contract: %s",
			 name, pf->file->path, why);
		return -1;
	}
	return 0;
}

/* A name a heuristic of a plugin may have: letters, digits, '-', '.', '_'. */
static bool heuristic_name_ok(const char *name)
{
	if (!name || !*name || strlen(name) > OUTSIDE_NAME_MAX)
		return false;
	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("-._", *c))
			return false;
	return true;
}

/* Add the families of TABLE (from FILE) to the table of families, and
 * their heuristics. Returns 0, or -1 with why. */
static int add_families(const pb_plugin *table, plugin_file *file, char *err, size_t errlen)
{
	for (size_t i = 0; i < table->nfamilies; i++) {
		const pb_plugin_family *src = &table->families[i];
		plugin_family *pf;
		char why[WHY_MAX];

		if (!src->pattern || !src->make || !src->example || !src->example_puzzle) {
			snprintf(err, errlen, "plugin '%s': family %zu has no %s", file->path, i + 1,
				 !src->pattern ? "pattern" : !src->make ? "make function"
							 : !src->example ? "example" : "example_puzzle");
			return -1;
		}
		if (!(pf = calloc(1, sizeof(*pf))) ||
		    (src->nheuristics &&
		     !(pf->heuristics = calloc(src->nheuristics, sizeof(*pf->heuristics))))) {
			free(pf);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		pf->pf = src;
		pf->file = file;
		file->solvers++; /* kept loaded: domains point into it */
		if (!families_loaded)
			atexit(release_families);
		pf->next = families_loaded;
		families_loaded = pf;
		pf->family = (pb_family){
			.pattern = src->pattern,
			.summary = src->summary ? src->summary : "",
			.example = src->example,
			.example_puzzle = src->example_puzzle,
			.solvability = src->solvability,
			.index = src->index,
			.smallest = src->smallest,
			.plugin_kind = PB_PLUGIN_OWN,
			.plugin_abi = 3,
			.make = family_make,
			.plugin = src,
			.self = pf,
		};
		if (pb_family_add(&pf->family, why, sizeof(why))) {
			snprintf(err, errlen, "plugin '%s': %s", file->path, why);
			return -1;
		}
		for (size_t h = 0; h < src->nheuristics; h++) {
			const pb_plugin_heuristic *ph = &src->heuristics[h];

			if (!heuristic_name_ok(ph->name) || !ph->value) {
				snprintf(err, errlen, "plugin '%s': family '%s': heuristic %zu has %s",
					 file->path, src->pattern, h + 1,
					 !ph->value ? "no value function"
						    : "no name of letters, digits, '-', '.' and '_'");
				return -1;
			}
			pf->heuristics[h] = (pb_heuristic_info){
				.name = ph->name,
				.summary = ph->summary ? ph->summary : "",
				.kind = PB_HEUR_PLUGIN,
				.family = &pf->family,
				.value = ph->value,
			};
			if (pb_heuristic_add(&pf->heuristics[h], why, sizeof(why))) {
				snprintf(err, errlen, "plugin '%s': %s", file->path, why);
				return -1;
			}
		}
	}
	return 0;
}

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
	if (table && (table->abi < PB_PLUGIN_ABI_OLDEST || table->abi > PB_PLUGIN_ABI)) {
		snprintf(err, errlen, "plugin '%s' is built for plugin ABI %u; this bench takes ABI "
			 "%d to %d (rebuild it against this bench's puzzlebench/plugin.h)", path,
			 table->abi, PB_PLUGIN_ABI_OLDEST, PB_PLUGIN_ABI);
		dlclose(h);
		return NULL;
	}
	if (!table || ((!table->count || !table->solvers) &&
		       (table->abi < 3 || !table->nfamilies || !table->families))) {
		snprintf(err, errlen, "plugin '%s' has no solvers", path);
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
	(*file)->abi = table->abi;
	return table;
}

/* The size of a solver in TABLE: a plugin older than ABI 4 has the
 * solvers of its header, which end before params. */
static size_t solver_size(const pb_plugin *table)
{
	return table->abi >= 5 ? sizeof(pb_plugin_solver)
	       : table->abi == 4 ? offsetof(pb_plugin_solver, guarantee)
	       : offsetof(pb_plugin_solver, params);
}

/* Whether PS's guarantee (ABI 5; optimal before) is well made with its
 * parameters PARAMS. Returns 0, or -1 with why in ERR. */
static int check_guarantee(const pb_plugin *table, const pb_plugin_solver *ps,
			   const pb_param *params, char *err, size_t errlen)
{
	if (table->abi < 5 || ps->guarantee == PB_PLUGIN_OPTIMAL || ps->guarantee == PB_PLUGIN_ANY)
		return 0;
	if (ps->guarantee != PB_PLUGIN_BOUNDED) {
		snprintf(err, errlen, "guarantee %d is none of PB_PLUGIN_OPTIMAL, _BOUNDED, _ANY",
			 ps->guarantee);
		return -1;
	}
	if (!ps->bound_param) {
		if (ps->bound >= 1)
			return 0;
		snprintf(err, errlen, "a bound of %g: a factor is at least 1", ps->bound);
		return -1;
	}
	for (int i = 0; params[i].key; i++)
		if (!strcmp(params[i].key, ps->bound_param) && !params[i].choices &&
		    params[i].min >= 1)
			return 0;
	snprintf(err, errlen, "its bound's parameter '%s' is none of its numbers of at least 1",
		 ps->bound_param);
	return -1;
}

/* PS's guarantee on the solver ADDED (ABI 5). */
static void set_guarantee(const pb_plugin *table, const pb_plugin_solver *ps,
			  const pb_solver *added)
{
	if (table->abi < 5)
		return;
	outside_promise(added, ps->guarantee == PB_PLUGIN_BOUNDED ? PB_GUARANTEE_BOUNDED
			: ps->guarantee == PB_PLUGIN_ANY ? PB_GUARANTEE_NONE : PB_GUARANTEE_OPTIMAL,
			ps->bound_param, ps->bound);
}

/* Solver I of TABLE. */
static const pb_plugin_solver *solver_at(const pb_plugin *table, size_t i)
{
	return (const pb_plugin_solver *)((const char *)table->solvers + i * solver_size(table));
}

/* The parameters of PS (ABI 4; none before) into OUT (room for
 * PB_MAX_PARAMS + 1) and checked. Returns 0, or -1 with why in ERR. */
static int take_params(const pb_plugin *table, const pb_plugin_solver *ps, pb_param *out,
		       char *err, size_t errlen)
{
	const pb_plugin_param *pp = table->abi >= 4 ? ps->params : NULL;
	int n = 0;

	memset(out, 0, (PB_MAX_PARAMS + 1) * sizeof(*out));
	for (; pp && pp[n].key; n++) {
		if (n == PB_MAX_PARAMS) {
			snprintf(err, errlen, "more than %d parameters", PB_MAX_PARAMS);
			return -1;
		}
		out[n] = (pb_param){
			.key = pp[n].key, .summary = pp[n].summary, .choices = pp[n].choices,
			.min = pp[n].min, .max = pp[n].max, .def = pp[n].def,
		};
	}
	return pb_params_valid(out, err, errlen);
}

/* Whether TABLE's solvers can be added: each named, with a solve
 * function, a free name of its own and well-made parameters. Returns 0,
 * or -1 with why in ERR. */
static int check_solvers(const pb_plugin *table, const char *path, char *err, size_t errlen)
{
	pb_param params[PB_MAX_PARAMS + 1];
	char why[WHY_MAX];

	for (size_t i = 0; table->solvers && i < table->count; i++) {
		const pb_plugin_solver *ps = solver_at(table, i);

		if (!ps->name || !ps->solve) {
			snprintf(err, errlen, "plugin '%s': solver %zu has no %s", path, i + 1,
				 ps->name ? "solve function" : "name");
			return -1;
		}
		if (outside_check_name(ps->name, why, sizeof(why))) {
			snprintf(err, errlen, "plugin '%s': %s", path, why);
			return -1;
		}
		for (size_t k = 0; k < i; k++) {
			if (!strcmp(solver_at(table, k)->name, ps->name)) {
				snprintf(err, errlen, "plugin '%s': two solvers called '%s'", path,
					 ps->name);
				return -1;
			}
		}
		if (take_params(table, ps, params, why, sizeof(why)) ||
		    check_guarantee(table, ps, params, why, sizeof(why))) {
			snprintf(err, errlen, "plugin '%s': solver '%s': %s", path, ps->name, why);
			return -1;
		}
	}
	return 0;
}

int plugin_load(const char *path, char *err, size_t errlen)
{
	plugin_file *file;
	const pb_plugin *table = open_plugin(path, &file, err, errlen);

	if (!table)
		return -1;
	/* every solver checked before any is added */
	if (check_solvers(table, path, err, errlen)) {
		dlclose(file->handle);
		free(file->path);
		free(file);
		return -1;
	}
	for (size_t i = 0; table->solvers && i < table->count; i++) {
		const pb_plugin_solver *ps = solver_at(table, i);
		plugin_self *self = calloc(1, sizeof(*self));
		const pb_solver *added;
		char summary[WHY_MAX];

		if (!self) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		self->ps = ps;
		self->file = file;
		file->solvers++;
		take_params(table, ps, self->params, summary, sizeof(summary));
		snprintf(summary, sizeof(summary), "%s (plugin %s)", ps->summary ? ps->summary : "",
			 path);
		added = outside_add(&plugin_kind, self, ps->name, summary, err, errlen);
		if (!added)
			return -1;
		if (self->params[0].key)
			outside_set_params(added, self->params);
		set_guarantee(table, ps, added);
	}
	/* ABI 3: the families (an older plugin's table ends before them) */
	if (table->abi >= 3 && table->nfamilies && add_families(table, file, err, errlen))
		return -1;
	return 0;
}
