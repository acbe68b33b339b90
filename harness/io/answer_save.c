#include "harness/io/answer_save.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/answer.h"
#include "harness/io/outfile.h"

/* Room for a series' name: a solver's and a heuristic's. */
#define SERIES_MAX 256
#define PATH_LEN 4096

/* What is kept of one instance. */
typedef struct kept {
	char *text;          /* the answer in the file's format, or NULL */
	const char *status;  /* the first row's status, for an answer not given */
} kept;

struct answer_series {
	const dataset *ds;
	char name[SERIES_MAX];
	double bound;        /* what the solver promised: 1, W or INFINITY */
	kept *answers;       /* ds->count of them */
};

void answer_save_init(answer_save *a)
{
	memset(a, 0, sizeof(*a));
}

void answer_save_release(answer_save *a)
{
	for (size_t i = 0; i < a->n; i++) {
		for (size_t k = 0; k < a->series[i].ds->count; k++)
			free(a->series[i].answers[k].text);
		free(a->series[i].answers);
	}
	free(a->series);
	memset(a, 0, sizeof(*a));
}

/* The series NAME of DS, made when new; NULL when out of memory. */
static answer_series *series_of(answer_save *a, const dataset *ds, const char *name)
{
	answer_series *s;

	for (size_t i = 0; i < a->n; i++)
		if (a->series[i].ds == ds && !strcmp(a->series[i].name, name))
			return &a->series[i];
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 8;
		answer_series *grown = realloc(a->series, cap * sizeof(*grown));

		if (!grown)
			return NULL;
		a->series = grown;
		a->cap = cap;
	}
	s = &a->series[a->n];
	s->ds = ds;
	snprintf(s->name, sizeof(s->name), "%s", name);
	s->answers = calloc(ds->count ? ds->count : 1, sizeof(*s->answers));
	if (!s->answers)
		return NULL;
	a->n++;
	return s;
}

/* PATH as an answer of D's format: a line of moves, or (Magic Squares)
 * the length, then the moves in lines of D->answer_line, an empty line
 * for none. Returns a string to free, or NULL when out of memory. */
static char *answer_text(const pb_domain *d, const pb_path *path)
{
	size_t size = (size_t)path->length * (PB_MOVE_NAME_MAX + 2) + 32, used = 0;
	char *text = malloc(size);
	int width = d->answer_line;

	if (!text)
		return NULL;
	if (!width) {
		used = pb_format_moves(d, path->moves, path->length, text, size - 1);
		memcpy(text + used, "\n", 2);
		return text;
	}
	used = (size_t)snprintf(text, size, "%d\n", path->length);
	for (int i = 0; i < path->length || i == 0; i += width) {
		int k = path->length - i < width ? path->length - i : width;

		used += pb_format_moves(d, path->moves + i, k, text + used, size - used - 1);
		memcpy(text + used, "\n", 2);
		used++;
	}
	return text;
}

void answer_save_keep(answer_save *a, const dataset *ds, size_t i, const char *algorithm,
		      const char *heuristic, double bound, const pb_path *path, bool unsolvable,
		      const char *status)
{
	char name[SERIES_MAX];
	answer_series *s;
	kept *k;

	if (strcmp(heuristic, "-"))
		snprintf(name, sizeof(name), "%s+%s", algorithm, heuristic);
	else
		snprintf(name, sizeof(name), "%s", algorithm);
	s = series_of(a, ds, name);
	if (!s) {
		a->out_of_memory = true;
		return;
	}
	s->bound = bound;
	k = &s->answers[i];
	if (k->text)
		return;
	if (!k->status)
		k->status = status;
	if (unsolvable)
		k->text = strdup("unsolvable\n");
	else if (path)
		k->text = answer_text(&ds->domain, path);
	else
		return;
	if (!k->text)
		a->out_of_memory = true;
}

/* Write series S into PATH. Returns 0, or -1 with why in ERR. */
static int write_series(const answer_series *s, const char *path, const char *check_options,
			char *err, size_t errlen)
{
	outfile of;

	char promise[48] = "";

	if (outfile_open(&of, path, err, errlen))
		return -1;
	/* a solver that promised less than optimal answers is graded by that */
	if (isinf(s->bound))
		snprintf(promise, sizeof(promise), "--guarantee none ");
	else if (s->bound > 1)
		snprintf(promise, sizeof(promise), "--guarantee %g ", s->bound);
	fprintf(of.fp, "# answers of '%s' to '%s', one for each instance in order: "
		"bench check %s%s%s THIS_FILE\n", s->name, s->ds->name, check_options, promise,
		s->ds->path);
	for (size_t i = 0; i < s->ds->count; i++) {
		const kept *k = &s->answers[i];

		if (k->text)
			fputs(k->text, of.fp);
		else
			fprintf(of.fp, "# %s: %s, no answer\n" ANSWER_NONE "\n", s->ds->instances[i].id,
				k->status ? k->status : "not solved in this run or part");
	}
	return outfile_commit(&of, err, errlen);
}

int answer_save_write(const answer_save *a, const char *dir, const char *check_options,
		      char *err, size_t errlen)
{
	char path[PATH_LEN];

	if (a->out_of_memory) {
		snprintf(err, errlen, "out of memory for the answers to save");
		return -1;
	}
	for (size_t i = 0; i < a->n; i++) {
		const answer_series *s = &a->series[i];
		int at;

		snprintf(path, sizeof(path), "%s/answers/%s", dir, s->ds->name);
		if (outfile_mkdirs(path, err, errlen))
			return -1;
		at = snprintf(path, sizeof(path), "%s/answers/%s/", dir, s->ds->name);
		for (const char *c = s->name; *c && at + 5 < (int)sizeof(path); c++)
			path[at++] = *c == '/' ? '_' : *c;
		snprintf(path + at, sizeof(path) - (size_t)at, ".txt");
		if (write_series(s, path, check_options, err, errlen))
			return -1;
	}
	return 0;
}
