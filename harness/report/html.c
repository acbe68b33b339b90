#include "harness/report/html.h"

#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/io/dataset.h"
#include "harness/io/outfile.h"
#include "harness/report/charts.h"
#include "harness/report/gnuplot.h"
#include "harness/report/quality.h"
#include "harness/report/summary.h"
#include "harness/report/tables.h"

#define CHARTS_FOLDER "charts"
/* How deep the page shows nested objects of meta.json. */
#define JSON_DEPTH 3
/* Where a dataset's file is looked for: meta.json's path as it is, then
 * from these folders above the run's. */
static const char *const dataset_roots[] = { "..", "../.." };

/* The look of every page: plain, readable, printable. */
static const char style[] =
	"body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;"
	"max-width:1280px;padding:0 1em;color:#222;background:#fff}"
	"h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.8em;border-bottom:1px solid #ddd}"
	"code,pre{font:13px/1.35 ui-monospace,'DejaVu Sans Mono',monospace}"
	"pre{background:#f6f6f6;padding:.8em;overflow-x:auto}"
	"table{border-collapse:collapse;margin:1em 0}"
	"th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right;font-variant-numeric:tabular-nums}"
	"th{background:#f0f0f0}td.label,th:first-child{text-align:left}"
	"caption{text-align:left;padding:.3em 0}.note{color:#555;margin:.2em 0}"
	".warn li{color:#8a3b00}dl.kv{display:grid;grid-template-columns:max-content auto;gap:.1em 1em}"
	"dl.kv dt{font-weight:600}dl.kv dd{margin:0}"
	"figure{margin:1.5em 0}figure img{width:100%;height:auto;border:1px solid #eee}"
	".sub{color:#555;margin-top:0}";

/* The charts by kind, in the order the page shows them, and what each is. */
static const struct chart_kind {
	const char *suffix, *what;
} chart_kinds[] = {
	{ "-time", "median wall time per solve by optimal solution length" },
	{ "-memory", "median peak bytes held during a solve by optimal solution length" },
	{ "-nodes", "median nodes expanded per solve by optimal solution length" },
	{ "-box", "wall time per solve of every solved run: quartiles, median, fastest and slowest" },
	{ "-quality", "answer quality (mean length / optimal length) against median wall time "
		      "per solve, a point a series" },
	{ "-anytime", "anytime profiles: the mean quality of the answers found by each moment of "
		      "a solve" },
	{ "-prepare", "after how many queries a preparation pays off" },
};
#define NKINDS (sizeof(chart_kinds) / sizeof(chart_kinds[0]))

void html_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default: fputc((unsigned char)*s < ' ' && *s != '\n' && *s != '\t' ? ' ' : *s, out);
		}
	}
}

/* PATH as a relative URL: bytes outside the unreserved set (RFC 3986) and
 * '/' percent-encoded. */
static void url_path(FILE *out, const char *path)
{
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("-._~/", *p))
			fputc(*p, out);
		else
			fprintf(out, "%%%02X", *p);
	}
}

static void page_start(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>", f);
	html_text(f, title);
	fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n", style);
}

static void page_end(FILE *f)
{
	fputs("<p class=\"note\">Written by <code>bench report</code> from the run's files; "
	      "readable offline.</p>\n</body>\n</html>\n", f);
}

static bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* DIR/NAME into BUF (PATH_MAX). Returns whether it fit. */
static bool join(char *buf, const char *dir, const char *name)
{
	return (size_t)snprintf(buf, PATH_MAX, "%s/%s", dir, name) < PATH_MAX;
}

/* A link to NAME in the run's folder, with WHAT after it, where it exists. */
static void file_item(FILE *f, const char *dir, const char *name, const char *what)
{
	char path[PATH_MAX];

	if (!join(path, dir, name) || !is_file(path))
		return;
	fputs("<li><a href=\"", f);
	url_path(f, name);
	fputs("\"><code>", f);
	html_text(f, name);
	fputs("</code></a>: ", f);
	html_text(f, what);
	fputs("</li>\n", f);
}

/* A JSON value that is not an object: as text. */
static void json_scalar(FILE *f, const json_value *v)
{
	switch (v->type) {
	case JSON_NULL: fputs("<i>none</i>", f); break;
	case JSON_FALSE: fputs("false", f); break;
	case JSON_TRUE: fputs("true", f); break;
	case JSON_NUMBER: html_text(f, v->text); break;
	case JSON_STRING: html_text(f, v->text); break;
	case JSON_ARRAY:
		for (const json_value *e = v->child; e; e = e->next) {
			if (e != v->child)
				fputs(", ", f);
			if (e->type == JSON_ARRAY || e->type == JSON_OBJECT)
				fputs("...", f);
			else
				json_scalar(f, e);
		}
		break;
	case JSON_OBJECT: fputs("...", f); break;
	}
}

/* The members of object V as a list of names and values (objects nested
 * to JSON_DEPTH), but those named in SKIP (NULL-terminated). */
static void json_list(FILE *f, const json_value *v, int depth, const char *const *skip)
{
	if (!v || v->type != JSON_OBJECT)
		return;
	fputs("<dl class=\"kv\">\n", f);
	for (const json_value *e = v->child; e; e = e->next) {
		bool skipped = false;

		for (const char *const *s = skip; s && *s; s++)
			skipped |= !strcmp(e->key, *s);
		if (skipped)
			continue;
		fputs("<dt>", f);
		html_text(f, e->key);
		fputs("</dt><dd>", f);
		if (e->type == JSON_OBJECT && depth < JSON_DEPTH)
			json_list(f, e, depth + 1, NULL);
		else
			json_scalar(f, e);
		fputs("</dd>\n", f);
	}
	fputs("</dl>\n", f);
}

/* The summary table as 'bench run' printed it, into a string (free()). */
static char *summary_text(const report_stats *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	report_print_summary(f, s);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

static void warning(FILE *f, bool *open, const char *fmt, const char *a, const char *b)
{
	if (!*open)
		fputs("<h2 id=\"warnings\">Warnings</h2>\n<ul class=\"warn\">\n", f);
	*open = true;
	fputs("<li>", f);
	for (const char *p = fmt; *p; p++) {
		if (*p == '%' && p[1] == 's') {
			html_text(f, a ? a : "");
			a = b;
			p++;
		} else {
			fputc(*p, f);
		}
	}
	fputs("</li>\n", f);
}

/* What may make the figures mislead: from meta.json, the summary's '!'
 * lines, missing charts. */
static void warnings(FILE *f, const html_run *run, const char *summary, size_t ncharts)
{
	const meta_info *m = run->m;
	const json_value *more = m->present ? json_get(m->root, "warnings") : NULL;
	size_t rev = strlen(m->git_revision);
	bool open = false;

	if (run->meta_error)
		warning(f, &open, "meta.json could not be read (%s): the machine and the build are "
			"not known", run->meta_error, NULL);
	else if (!m->present)
		warning(f, &open, "no meta.json: the machine and the build are not known", NULL, NULL);
	if (m->outcome[0] && strcmp(m->outcome, "complete"))
		warning(f, &open, "the run's outcome is '%s': the figures cover what finished",
			m->outcome, NULL);
	if (m->sanitized)
		warning(f, &open, "a sanitizer build: the times and the memory are not a release "
			"build's", NULL, NULL);
	else if (m->build_type[0] && strcmp(m->build_type, "Release") &&
		 strcmp(m->build_type, "RelWithDebInfo"))
		warning(f, &open, "a '%s' build, not Release: the times are not representative",
			m->build_type, NULL);
	if (rev > strlen("-dirty") && !strcmp(m->git_revision + rev - strlen("-dirty"), "-dirty"))
		warning(f, &open, "built from a changed tree (%s): the code that ran is not all in "
			"that revision", m->git_revision, NULL);
	if (m->present && !m->timer.floor_ns)
		warning(f, &open, "meta.json records no timing floor: medians near it are not "
			"flagged", NULL, NULL);
	for (size_t i = 0; more && i < more->count; i++)
		if (json_string(json_at(more, i)))
			warning(f, &open, "%s", json_string(json_at(more, i)), NULL);
	for (const char *p = summary; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		size_t len = strcspn(p, "\n");
		char line[1024];

		if (strncmp(p, "  ! ", 4))
			continue;
		snprintf(line, sizeof(line), "%.*s", (int)(len - 4), p + 4);
		warning(f, &open, "%s", line, NULL);
	}
	if (!ncharts)
		warning(f, &open, "no charts in %s/: draw them with 'bench plot %s'", CHARTS_FOLDER,
			run->dir);
	if (open)
		fputs("</ul>\n", f);
}

/* The kind of chart NAME is (its index in chart_kinds), NKINDS if none. */
static size_t kind_of(const char *name)
{
	size_t len = strlen(name);

	for (size_t k = 0; k < NKINDS; k++) {
		size_t sl = strlen(chart_kinds[k].suffix);

		if (len > sl && !strcmp(name + len - sl, chart_kinds[k].suffix))
			return k;
	}
	return NKINDS;
}

/* Charts by dataset (the name before the kind), then by kind. */
static int cmp_chart(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t kx = kind_of(x), ky = kind_of(y);
	size_t lx = strlen(x) - (kx < NKINDS ? strlen(chart_kinds[kx].suffix) : 0);
	size_t ly = strlen(y) - (ky < NKINDS ? strlen(chart_kinds[ky].suffix) : 0);
	int c = strncmp(x, y, lx < ly ? lx : ly);

	if (c || lx != ly)
		return c ? c : lx < ly ? -1 : 1;
	return kx != ky ? (kx < ky ? -1 : 1) : strcmp(x, y);
}

static void charts_section(FILE *f, const html_run *run, char **names, size_t n)
{
	char png[PATH_MAX];

	if (!n)
		return;
	qsort(names, n, sizeof(*names), cmp_chart);
	fputs("<h2 id=\"charts\">Charts</h2>\n", f);
	for (size_t i = 0; i < n; i++) {
		size_t k = kind_of(names[i]);
		char rel[PATH_MAX];

		fputs("<figure>\n<a href=\"" CHARTS_FOLDER "/", f);
		url_path(f, names[i]);
		fputs(".svg\"><img src=\"" CHARTS_FOLDER "/", f);
		url_path(f, names[i]);
		fputs(".svg\" alt=\"", f);
		html_text(f, names[i]);
		fputs("\"></a>\n<figcaption><code>", f);
		html_text(f, names[i]);
		fputs("</code>", f);
		if (k < NKINDS) {
			fputs(": ", f);
			html_text(f, chart_kinds[k].what);
		}
		snprintf(rel, sizeof(rel), CHARTS_FOLDER "/%s.png", names[i]);
		if (join(png, run->dir, rel) && is_file(png)) {
			fputs(" (<a href=\"", f);
			url_path(f, rel);
			fputs("\">PNG</a>)", f);
		}
		fputs("</figcaption>\n</figure>\n", f);
	}
}

/* The dataset file PATH names, looked for as it is and from the folders
 * above the run's; loaded into DS. Returns whether one was. */
static bool find_dataset(const html_run *run, const char *path, dataset *ds, char *found)
{
	char err[512];

	for (size_t i = 0; i <= sizeof(dataset_roots) / sizeof(dataset_roots[0]); i++) {
		if (!i)
			snprintf(found, PATH_MAX, "%s", path);
		else if (path[0] == '/' ||
			 (size_t)snprintf(found, PATH_MAX, "%s/%s/%s", run->dir, dataset_roots[i - 1],
					  path) >= PATH_MAX)
			continue;
		memset(ds, 0, sizeof(*ds));
		if (is_file(found) && !dataset_load(ds, found, err, sizeof(err)))
			return true;
		dataset_release(ds);
	}
	return false;
}

static void datasets_section(FILE *f, const html_run *run)
{
	const json_value *list = json_get(run->m->about, "datasets");
	static const char *const skip[] = { "name", NULL };

	if (!list || list->type != JSON_ARRAY || !list->count)
		return;
	fputs("<h2 id=\"datasets\">Datasets</h2>\n", f);
	for (const json_value *d = list->child; d; d = d->next) {
		const char *name = json_string(json_get(d, "name"));
		const char *path = json_string(json_get(d, "path"));
		char found[PATH_MAX];
		dataset ds;

		fputs("<h3>", f);
		html_text(f, name ? name : "(no name)");
		fputs("</h3>\n", f);
		json_list(f, d, 1, skip);
		if (!path)
			continue;
		if (!find_dataset(run, path, &ds, found)) {
			fputs("<p class=\"note\">The file <code>", f);
			html_text(f, path);
			fputs("</code> is not found from here: its header is not shown.</p>\n", f);
			continue;
		}
		fputs("<p class=\"note\">Its header, from <code>", f);
		html_text(f, found);
		fputs("</code>:</p>\n<pre>", f);
		for (size_t i = 0; i < ds.nheaders; i++) {
			fputs("# ", f);
			html_text(f, ds.headers[i].key);
			fputs(": ", f);
			html_text(f, ds.headers[i].value);
			fputc('\n', f);
		}
		fputs("</pre>\n", f);
		dataset_release(&ds);
	}
}

/* The tables by optimal length: one per measure, and one of quality
 * where an answer is longer than optimal. Returns -1 when out of memory. */
static int tables_section(FILE *f, const html_run *run)
{
	static const unsigned shown[] = { TABLES_TIME, TABLES_NODES, TABLES_MEMORY, TABLES_QUALITY };
	int longer = quality_any_longer(run->s);

	if (longer < 0)
		return -1;
	fputs("<h2 id=\"tables\">By optimal solution length</h2>\n", f);
	for (size_t i = 0; i < sizeof(shown) / sizeof(shown[0]); i++) {
		tables_options o = { .format = TABLES_HTML, .rows = TABLES_BY_LENGTH, .show = shown[i],
				     .exact = true };

		if (shown[i] == TABLES_QUALITY && !longer)
			continue;
		if (tables_write(f, run->s, &o))
			return -1;
	}
	return 0;
}

static void machine_section(FILE *f, const html_run *run)
{
	static const char *const skip[] = { "datasets", "shards", "warnings", "machine", "build",
					    "timer", "options", NULL };
	static const char *const parts[] = { "machine", "build", "timer", "options" };
	const json_value *about = run->m->about, *root = run->m->root;

	if (!run->m->present)
		return;
	fputs("<h2 id=\"machine\">Machine, build and run</h2>\n", f);
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		const json_value *v = json_get(root, parts[i]);

		if (!v)
			v = json_get(about, parts[i]);
		if (!v)
			continue;
		fprintf(f, "<h3>%s</h3>\n", parts[i]);
		json_list(f, v, 1, NULL);
	}
	fputs("<h3>run</h3>\n", f);
	json_list(f, root, 1, skip);
}

static void files_section(FILE *f, const html_run *run)
{
	fputs("<h2 id=\"files\">Files</h2>\n<ul>\n", f);
	file_item(f, run->dir, "runs.csv", "every solve, a row each (the charts and these tables "
		  "are made from it alone)");
	file_item(f, run->dir, "summary.csv", "medians and quartiles per dataset, algorithm and "
		  "optimal length");
	file_item(f, run->dir, "meta.json", "the machine, the build, the command and its options");
	file_item(f, run->dir, CHARTS_FOLDER "/" CHARTS_DRIVER, "the gnuplot driver that redraws "
		  "the charts from " CHARTS_FOLDER "/" CHARTS_DATA_DIR "/");
	fputs("</ul>\n", f);
}

/* The page's heading: the run's name, command, date and outcome, and
 * links to its sections (CHARTS: it has some). */
static void heading(FILE *f, const html_run *run, bool charts)
{
	const json_value *datasets = json_get(run->m->about, "datasets");
	const char *command = json_string(json_get(run->m->root, "command"));

	fputs("<h1>", f);
	html_text(f, run->name);
	fputs("</h1>\n<p class=\"sub\">", f);
	if (command) {
		fputs("<code>", f);
		html_text(f, command);
		fputs("</code><br>", f);
	}
	html_text(f, run->m->date[0] ? run->m->date : "date not recorded");
	if (run->m->cpu[0]) {
		fputs(", ", f);
		html_text(f, run->m->cpu);
	}
	if (run->m->outcome[0]) {
		fputs(", ", f);
		html_text(f, run->m->outcome);
	}
	fputs("</p>\n<p><a href=\"#summary\">summary</a>", f);
	if (charts)
		fputs(" &middot; <a href=\"#charts\">charts</a>", f);
	fputs(" &middot; <a href=\"#tables\">tables</a>", f);
	if (run->m->present)
		fputs(" &middot; <a href=\"#machine\">machine</a>", f);
	if (datasets && datasets->type == JSON_ARRAY && datasets->count)
		fputs(" &middot; <a href=\"#datasets\">datasets</a>", f);
	fputs(" &middot; <a href=\"#files\">files</a></p>\n", f);
}

int html_write_run(const html_run *run, char *err, size_t errlen)
{
	char path[PATH_MAX], charts[PATH_MAX], **names = NULL, *summary = summary_text(run->s);
	size_t n = join(charts, run->dir, CHARTS_FOLDER) ? gnuplot_charts_in(charts, ".svg", &names)
		   : 0;
	outfile out;
	FILE *f;
	int rc = -1;

	if (!join(path, run->dir, HTML_PAGE)) {
		snprintf(err, errlen, "%s: the path is too long", run->dir);
		goto done;
	}
	if (!summary) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto done;
	}
	if (outfile_open(&out, path, err, errlen))
		goto done;
	f = out.fp;
	page_start(f, run->name);
	heading(f, run, n > 0);
	warnings(f, run, summary, n);
	fputs("<h2 id=\"summary\">Summary</h2>\n<pre>", f);
	html_text(f, summary[0] == '\n' ? summary + 1 : summary);
	fputs("</pre>\n", f);
	charts_section(f, run, names, n);
	if (tables_section(f, run)) {
		outfile_abort(&out);
		snprintf(err, errlen, "%s: out of memory", path);
		goto done;
	}
	machine_section(f, run);
	datasets_section(f, run);
	files_section(f, run);
	page_end(f);
	rc = outfile_commit(&out, err, errlen);
done:
	gnuplot_names_free(names, n);
	free(summary);
	return rc;
}

static void cell(FILE *f, const char *text)
{
	fputs("<td class=\"label\">", f);
	html_text(f, text);
	fputs("</td>", f);
}

int html_write_index(const char *dir, const html_index_entry *e, size_t n, char *err,
		     size_t errlen)
{
	char path[PATH_MAX];
	outfile out;
	FILE *f;

	if (!join(path, dir, HTML_PAGE)) {
		snprintf(err, errlen, "%s: the path is too long", dir);
		return -1;
	}
	if (outfile_open(&out, path, err, errlen))
		return -1;
	f = out.fp;
	page_start(f, dir);
	fputs("<h1>Runs in <code>", f);
	html_text(f, dir);
	fprintf(f, "</code></h1>\n<p class=\"sub\">%zu run%s; each links its page.</p>\n", n,
		n == 1 ? "" : "s");
	fputs("<table>\n<thead><tr><th>run</th><th>datasets</th><th>instances</th><th>series</th>"
	      "<th>date</th><th>machine</th><th>revision</th><th>outcome</th></tr></thead>\n<tbody>\n",
	      f);
	for (size_t i = 0; i < n; i++) {
		fputs("<tr><td class=\"label\"><a href=\"", f);
		url_path(f, e[i].path);
		fputs("/" HTML_PAGE "\">", f);
		html_text(f, e[i].path);
		fputs("</a></td>", f);
		cell(f, e[i].datasets);
		fprintf(f, "<td>%zu</td><td>%zu</td>", e[i].instances, e[i].series);
		cell(f, e[i].date);
		cell(f, e[i].cpu);
		cell(f, e[i].revision);
		cell(f, e[i].outcome);
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
	page_end(f);
	return outfile_commit(&out, err, errlen);
}
