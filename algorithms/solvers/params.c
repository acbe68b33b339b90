/* Solvers' parameters: the values a variant ("astar:ties=low") carries,
 * read by the solver's own functions, and the variants themselves, made
 * from a solver and the text of its values. */
#include "solver.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for why a solver's check refuses its values, and for an integer
 * as %ld writes it. */
#define CHECK_WHY_MAX 160
#define NUMBER_MAX 24

/* A variant as it is kept: its solver first (the list hands out its
 * address), the keys of an any_params solver's values, its name, and the
 * name again cut at each ':' and '=' (the values and keys point there). */
typedef struct variant {
	pb_solver solver;
	struct variant *next;
	pb_param keys[PB_MAX_PARAMS + 1];
	char name[PB_VARIANT_NAME_MAX + 1];
	char text[PB_VARIANT_NAME_MAX + 1];
} variant;

/* Every variant made, so that one name is one solver: the runner, a
 * resumed run and the reports tell series apart by it. Kept for the
 * process and freed at its exit; the one state of this file, as the
 * registry's table is (the solvers themselves keep none). */
static variant *variants;

/* One KEY=VALUE of the text, cut in place. */
typedef struct given {
	const char *key, *value;
	int slot; /* the parameter's place in the solver's list */
} given;

const char *pb_solver_param(const pb_solver *s, const char *key)
{
	if (!s->params)
		return NULL;
	for (int i = 0; i < PB_MAX_PARAMS && s->params[i].key; i++)
		if (!strcmp(s->params[i].key, key))
			return s->values[i] ? s->values[i] : s->params[i].def;
	return NULL;
}

long pb_solver_param_long(const pb_solver *s, const char *key)
{
	const char *v = pb_solver_param(s, key);

	return v ? strtol(v, NULL, 10) : 0;
}

double pb_solver_param_double(const pb_solver *s, const char *key)
{
	const char *v = pb_solver_param(s, key);

	return v ? strtod(v, NULL) : 0;
}

/* Greatest common divisor, for a fraction in lowest terms. */
static int64_t gcd(int64_t a, int64_t b)
{
	while (b) {
		int64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

void pb_solver_param_fraction(const pb_solver *s, const char *key, int decimals, int64_t *p,
			      int64_t *q)
{
	const char *text = pb_solver_param(s, key);
	int64_t num = 0, den = 1, g;
	int after = -1; /* digits read after the point; -1: before it */

	for (const char *c = text ? text : "1"; *c && after < decimals; c++) {
		if (*c == '.') {
			after = 0;
			continue;
		}
		if (!isdigit((unsigned char)*c))
			break;
		num = num * 10 + (*c - '0');
		if (after >= 0) {
			after++;
			den *= 10;
		}
	}
	g = num ? gcd(num, den) : 1;
	*p = num / g;
	*q = den / g;
}

double pb_solver_bound(const pb_solver *s)
{
	switch (s->guarantee) {
	case PB_GUARANTEE_OPTIMAL:
		return 1;
	case PB_GUARANTEE_BOUNDED:
		return s->bound_param ? pb_solver_param_double(s, s->bound_param) : s->bound;
	case PB_GUARANTEE_NONE:
		break;
	}
	return INFINITY;
}

bool pb_within_bound(int length, int ref, double bound)
{
	/* a weight is written with a few decimals: 1e-9 of a move keeps 1.1 *
	 * 10 from rounding below 11 */
	return isinf(bound) || (double)length <= bound * (double)ref + 1e-9;
}

const char *pb_guarantee_name(pb_guarantee g)
{
	return g == PB_GUARANTEE_OPTIMAL ? "optimal" : g == PB_GUARANTEE_BOUNDED ? "bounded" : "none";
}

/* A key's characters: letters, digits, '-' and '_' (an outside program
 * reads it as PB_PARAM_KEY, '-' as '_'). A value's: letters, digits, '.',
 * '_', '+' and '-', so that the name stays one word in runs.csv, a chart
 * and a shell. */
static bool key_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_';
}

static bool value_char(char c)
{
	return isalnum((unsigned char)c) || (c && strchr("._+-", c));
}

/* The first character of TEXT that OK refuses, or NUL; "" is refused as
 * '|' (no word). */
static char bad_char(const char *text, bool (*ok)(char))
{
	if (!*text)
		return '|';
	for (; *text; text++)
		if (!ok(*text))
			return *text;
	return '\0';
}

/* Whether VALUE is one of the '|'-separated WORDS. */
static bool is_choice(const char *words, const char *value)
{
	size_t n = strlen(value);

	for (const char *w = words; w; w = strchr(w, '|'), w = w ? w + 1 : NULL)
		if (!strncmp(w, value, n) && (w[n] == '|' || !w[n]))
			return true;
	return false;
}

/* TEXT as a whole number into *V. Returns 0, or -1. */
static int parse_long(const char *text, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(text, &end, 10);
	return end == text || *end || errno || isspace((unsigned char)*text) ? -1 : 0;
}

/* TEXT as a decimal number ("1.5": digits, at most one '.', digits after
 * it; no sign, no exponent) into *V. Returns 0, or -1. */
static int parse_decimal(const char *text, double *v)
{
	const char *c = text;

	while (isdigit((unsigned char)*c))
		c++;
	if (c == text)
		return -1;
	if (*c == '.') {
		const char *f = ++c;

		while (isdigit((unsigned char)*c))
			c++;
		if (c == f)
			return -1;
	}
	if (*c || c - text > 15)
		return -1;
	*v = strtod(text, NULL);
	return 0;
}

/* WORDS ("a|b|c") as a sentence into BUF: "a, b or c". */
static const char *choices_text(const char *words, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (const char *w = words; w && n < size; ) {
		const char *bar = strchr(w, '|');
		int len = bar ? (int)(bar - w) : (int)strlen(w);

		n += (size_t)snprintf(buf + n, size - n, "%s%.*s",
				      w == words ? "" : bar ? ", " : " or ", len, w);
		w = bar ? bar + 1 : NULL;
	}
	return buf;
}

int pb_param_check(const pb_param *p, const char *value, char *why, size_t whylen)
{
	char words[CHECK_WHY_MAX];
	long v;

	if (p->choices) {
		if (is_choice(p->choices, value))
			return 0;
		snprintf(why, whylen, "%s must be %s, not '%s'", p->key,
			 choices_text(p->choices, words, sizeof(words)), value);
		return -1;
	}
	if (p->decimal) {
		double x;

		if (!parse_decimal(value, &x) && x >= (double)p->min && x <= (double)p->max)
			return 0;
		snprintf(why, whylen, "%s must be a number from %ld to %ld (as 1.5), not '%s'",
			 p->key, p->min, p->max, value);
		return -1;
	}
	if (!parse_long(value, &v) && v >= p->min && v <= p->max)
		return 0;
	snprintf(why, whylen, "%s must be an integer from %ld to %ld, not '%s'", p->key, p->min,
		 p->max, value);
	return -1;
}

const char *pb_param_takes(const pb_param *p, char *buf, size_t size)
{
	if (p->choices)
		snprintf(buf, size, "%s", p->choices);
	else if (p->decimal)
		snprintf(buf, size, "%ld..%ld (decimal)", p->min, p->max);
	else
		snprintf(buf, size, "%ld..%ld", p->min, p->max);
	return buf;
}

/* Whether P's choices are words separated by '|', each once. */
static bool choices_ok(const char *choices)
{
	char word[PB_VARIANT_NAME_MAX + 1];

	for (const char *w = choices; w; ) {
		const char *bar = strchr(w, '|');
		size_t len = bar ? (size_t)(bar - w) : strlen(w);

		if (!len || len >= sizeof(word))
			return false;
		memcpy(word, w, len);
		word[len] = '\0';
		if (bad_char(word, value_char) || (bar && is_choice(bar + 1, word)))
			return false;
		w = bar ? bar + 1 : NULL;
	}
	return true;
}

int pb_params_valid(const pb_param *params, char *why, size_t whylen)
{
	char no[CHECK_WHY_MAX];

	for (int i = 0; params && params[i].key; i++) {
		const pb_param *p = &params[i];

		if (i == PB_MAX_PARAMS) {
			snprintf(why, whylen, "more than %d parameters", PB_MAX_PARAMS);
			return -1;
		}
		if (bad_char(p->key, key_char)) {
			snprintf(why, whylen, "parameter %d has no name of letters, digits, '-' and '_'",
				 i + 1);
			return -1;
		}
		for (int k = 0; k < i; k++)
			if (!strcmp(params[k].key, p->key)) {
				snprintf(why, whylen, "two parameters called '%s'", p->key);
				return -1;
			}
		if (p->choices ? !choices_ok(p->choices) : p->min > p->max) {
			snprintf(why, whylen, p->choices ? "parameter '%s': its choices are not words "
				 "(letters, digits, '.', '_', '+', '-') separated by '|', each once"
				 : "parameter '%s': its range is empty", p->key);
			return -1;
		}
		if (!p->def || pb_param_check(p, p->def, no, sizeof(no))) {
			snprintf(why, whylen, "parameter '%s': %s%s", p->key,
				 p->def ? "its default: " : "no default", p->def ? no : "");
			return -1;
		}
	}
	return 0;
}

/* The keys S takes, ", " between, into BUF. */
static const char *keys_of(const pb_solver *s, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < PB_MAX_PARAMS && s->params[i].key && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", s->params[i].key);
	return buf;
}

/* Where KEY stands in BASE's list, or -1. */
static int slot_of(const pb_solver *base, const char *key)
{
	for (int i = 0; i < PB_MAX_PARAMS && base->params[i].key; i++)
		if (!strcmp(base->params[i].key, key))
			return i;
	return -1;
}

/* Check one KEY=VALUE G of BASE, and where it goes (G->slot). Returns 0,
 * or -1 with why in WHY. */
static int take_given(const pb_solver *base, given *g, char *why, size_t whylen)
{
	char no[CHECK_WHY_MAX];
	char c;

	if (base->any_params) {
		if (bad_char(g->key, key_char)) {
			snprintf(why, whylen, "%s: '%s' is no parameter's name: use letters, digits, "
				 "'-' and '_'", base->name, g->key);
			return -1;
		}
		if ((c = bad_char(g->value, value_char))) {
			snprintf(why, whylen, "%s: the value of %s has '%c': use letters, digits, '.', "
				 "'_', '+' and '-'", base->name, g->key, c);
			return -1;
		}
		return 0;
	}
	g->slot = slot_of(base, g->key);
	if (g->slot < 0) {
		snprintf(why, whylen, "%s takes no parameter '%s' (it takes: %s)", base->name, g->key,
			 keys_of(base, no, sizeof(no)));
		return -1;
	}
	if (pb_param_check(&base->params[g->slot], g->value, no, sizeof(no))) {
		snprintf(why, whylen, "%s: %s", base->name, no);
		return -1;
	}
	return 0;
}

/* Cut TEXT ("KEY=VALUE[:KEY=VALUE...]") into G (room for PB_MAX_PARAMS),
 * each checked for BASE and given once. Returns the count, or -1 with why
 * in WHY. */
static int split_values(const pb_solver *base, char *text, given *g, char *why, size_t whylen)
{
	int n = 0;

	for (char *item = text; item; ) {
		char *colon = strchr(item, ':'), *eq;

		if (colon)
			*colon = '\0';
		eq = strchr(item, '=');
		if (!eq || eq == item || !eq[1]) {
			snprintf(why, whylen, "%s: '%s' is not KEY=VALUE", base->name, item);
			return -1;
		}
		if (n == PB_MAX_PARAMS) {
			snprintf(why, whylen, "%s: more than %d parameters", base->name, PB_MAX_PARAMS);
			return -1;
		}
		*eq = '\0';
		g[n] = (given){ .key = item, .value = eq + 1 };
		if (take_given(base, &g[n], why, whylen))
			return -1;
		for (int k = 0; k < n; k++)
			if (!strcmp(g[k].key, item)) {
				snprintf(why, whylen, "%s: %s is given twice", base->name, item);
				return -1;
			}
		n++;
		item = colon ? colon + 1 : NULL;
	}
	return n;
}

/* An any_params solver's values in the order of their keys (its name is
 * then one whatever the order given). */
static void sort_by_key(given *g, int n)
{
	for (int i = 1; i < n; i++)
		for (int k = i; k > 0 && strcmp(g[k - 1].key, g[k].key) > 0; k--) {
			given t = g[k - 1];

			g[k - 1] = g[k];
			g[k] = t;
		}
}

/* V's name (its base's and its values, in the order of V's params) into
 * NAME (room for PB_VARIANT_NAME_MAX + 1). Returns 0, or -1 when longer. */
static int name_of(const pb_solver *v, char *name)
{
	size_t n = (size_t)snprintf(name, PB_VARIANT_NAME_MAX + 1, "%s", v->base->name);

	for (int i = 0; i < PB_MAX_PARAMS && v->params[i].key; i++)
		if (v->values[i] && n <= PB_VARIANT_NAME_MAX)
			n += (size_t)snprintf(name + n, PB_VARIANT_NAME_MAX + 1 - n, ":%s=%s",
					      v->params[i].key, v->values[i]);
	return n > PB_VARIANT_NAME_MAX ? -1 : 0;
}

static void release_variants(void)
{
	while (variants) {
		variant *x = variants;

		variants = x->next;
		free(x);
	}
}

/* Keep V, named NAME, in the list: its values and keys then point into
 * its own copy of the name. Returns the kept solver, or NULL when out of
 * memory. */
static const pb_solver *keep(const pb_solver *v, const char *name)
{
	variant *x = calloc(1, sizeof(*x));
	char *p;

	if (!x)
		return NULL;
	x->solver = *v;
	snprintf(x->name, sizeof(x->name), "%s", name);
	snprintf(x->text, sizeof(x->text), "%s", name);
	x->solver.name = x->name;
	if (v->base->any_params)
		x->solver.params = x->keys;
	/* the values in the name's order: the order of params */
	p = x->text + strlen(v->base->name);
	for (int i = 0; i < PB_MAX_PARAMS && v->params[i].key; i++) {
		char *eq;

		if (!v->values[i])
			continue;
		assert(*p == ':');
		*p++ = '\0';
		eq = strchr(p, '=');
		*eq = '\0';
		if (v->base->any_params)
			x->keys[i].key = p;
		x->solver.values[i] = eq + 1;
		p = eq + 1 + strcspn(eq + 1, ":");
	}
	if (!variants)
		atexit(release_variants);
	x->next = variants;
	variants = x;
	return &x->solver;
}

const pb_solver *pb_solver_variant(const pb_solver *base, const char *values, char *why,
				   size_t whylen)
{
	char text[PB_VARIANT_NAME_MAX + 1], name[PB_VARIANT_NAME_MAX + 1], no[CHECK_WHY_MAX];
	char numbers[PB_MAX_PARAMS][NUMBER_MAX];
	pb_param keys[PB_MAX_PARAMS + 1] = { { 0 } };
	given g[PB_MAX_PARAMS];
	pb_solver v = *base;
	const pb_solver *kept;
	int n;

	assert(!base->base);
	if (!base->params && !base->any_params) {
		snprintf(why, whylen, "%s takes no parameters", base->name);
		return NULL;
	}
	if (strlen(values) >= sizeof(text)) {
		snprintf(why, whylen, "%s: values of more than %d characters", base->name,
			 PB_VARIANT_NAME_MAX);
		return NULL;
	}
	snprintf(text, sizeof(text), "%s", values);
	n = split_values(base, text, g, why, whylen);
	if (n < 0)
		return NULL;
	v.base = base;
	memset(v.values, 0, sizeof(v.values));
	if (base->any_params) {
		sort_by_key(g, n);
		for (int i = 0; i < n; i++) {
			keys[i].key = g[i].key;
			v.values[i] = g[i].value;
		}
		v.params = keys;
	}
	for (int i = 0; i < n && !base->any_params; i++) {
		const pb_param *p = &base->params[g[i].slot];
		long x;

		double r;

		/* an integer as %ld writes it: "07" and "7" are one variant; a
		 * decimal as %g does: "1.50" and "1.5" are one */
		if (!p->choices && p->decimal && !parse_decimal(g[i].value, &r)) {
			snprintf(numbers[i], sizeof(numbers[i]), "%.10g", r);
			g[i].value = numbers[i];
		} else if (!p->choices && !parse_long(g[i].value, &x)) {
			snprintf(numbers[i], sizeof(numbers[i]), "%ld", x);
			g[i].value = numbers[i];
		}
		v.values[g[i].slot] = g[i].value;
	}
	if (base->check && base->check(&v, no, sizeof(no))) {
		snprintf(why, whylen, "%s: %s", base->name, no);
		return NULL;
	}
	if (name_of(&v, name)) {
		snprintf(why, whylen, "%s: a name of more than %d characters with its values",
			 base->name, PB_VARIANT_NAME_MAX);
		return NULL;
	}
	for (variant *x = variants; x; x = x->next)
		if (x->solver.base == base && !strcmp(x->name, name))
			return &x->solver;
	kept = keep(&v, name);
	if (!kept)
		snprintf(why, whylen, "%s: out of memory", base->name);
	return kept;
}
