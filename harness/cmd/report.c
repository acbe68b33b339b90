/* bench report DIR: the tables a slide or a paper wants (report/tables.h)
 * on standard output, and the run's page DIR/index.html (report/html.h);
 * given a folder of runs, every run's page and an index of them. Runs are
 * read by report/rundir.h, their numbers are those of summary.csv. */
#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/report/html.h"
#include "harness/report/report.h"
#include "harness/report/tables.h"

#define CMD "report"
#define WHO "bench " CMD
/* How deep a folder of runs is searched for runs. */
#define MAX_DEPTH 3
#define PATH_ROOM 512 /* what report adds to a folder's path, at most */

typedef struct report_options {
	char dir[PATH_MAX]; /* without trailing slashes */
	tables_options table;
	bool html;
} report_options;

static void usage(FILE *out)
{
	fprintf(out,
"usage: bench report [options] DIR\n"
"\n"
"The tables of the run in DIR (from DIR/runs.csv alone, by the functions\n"
"that write summary.csv), on standard output: for each dataset one table,\n"
"a column for each algorithm (with its heuristic), a row for each optimal\n"
"solution length (or each instance), the median in each cell: over the\n"
"runs of the length's instances (or the instance's repeats). Each column's\n"
"unit is chosen for reading (the smallest in which its largest value has at\n"
"most four digits: ns, us, ms, s; thousands, millions; B, KiB, MiB, GiB)\n"
"and named in its heading. Marks: '*' a median within %dx of the timing\n"
"floor (meta.json); '(n/m)' a median over the n of the length's m\n"
"instances that were solved; a status (by instance) where it was not.\n"
"\n"
"It also writes DIR/index.html, the run's page: the summary table and its\n"
"warnings, these tables for time, nodes and memory, every chart of\n"
"DIR/charts/ (draw them first with 'bench plot DIR'), the machine, the\n"
"build and the options from meta.json, the datasets and their headers,\n"
"and links to the run's files. One file, readable offline.\n"
"\n"
"Given a folder that holds runs instead (folders with a runs.csv, up to %d\n"
"levels down, as results/), it writes each run's page and an index of them\n"
"all, DIR/index.html, and prints no table.\n"
"\n"
"options:\n"
"      --text           plain text, aligned (the default)\n"
"      --markdown       a Markdown (GitHub) table, to paste in a slide or a README\n"
"      --csv            CSV (RFC 4180): a dataset column, the numbers without\n"
"                       marks, a 'solved' column for each algorithm\n"
"      --by WHAT        rows by 'length' (the default) or by 'instance'\n"
"      --show LIST      what the cells hold, comma-separated: time (the\n"
"                       default, wall time per solve), nodes (expanded),\n"
"                       memory (peak bytes), quality (length / optimal, the\n"
"                       mean); several give a column each. A dataset with an\n"
"                       answer longer than optimal gets quality columns too\n"
"      --no-html        write no page\n"
"  -h, --help           this text\n"
"\n"
"Exit status: 0 done; 2 bad usage, a missing or bad runs.csv, or a page\n"
"that could not be written.\n", STATS_FLOOR_FACTOR, MAX_DEPTH);
}

#define bad_usage(...) cmdline_bad_usage(CMD, __VA_ARGS__)

/* Returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, report_options *opt)
{
	enum { OPT_TEXT = 256, OPT_MARKDOWN, OPT_CSV, OPT_BY, OPT_SHOW, OPT_NO_HTML };
	static const struct option longopts[] = {
		{ "text", no_argument, NULL, OPT_TEXT },
		{ "markdown", no_argument, NULL, OPT_MARKDOWN },
		{ "csv", no_argument, NULL, OPT_CSV },
		{ "by", required_argument, NULL, OPT_BY },
		{ "show", required_argument, NULL, OPT_SHOW },
		{ "no-html", no_argument, NULL, OPT_NO_HTML },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char bad[64];
	int c;

	*opt = (report_options){ .table = { .format = TABLES_TEXT, .show = TABLES_TIME },
				 .html = true };
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_TEXT: opt->table.format = TABLES_TEXT; break;
		case OPT_MARKDOWN: opt->table.format = TABLES_MARKDOWN; break;
		case OPT_CSV: opt->table.format = TABLES_CSV; break;
		case OPT_BY:
			if (!strcmp(optarg, "length"))
				opt->table.rows = TABLES_BY_LENGTH;
			else if (!strcmp(optarg, "instance"))
				opt->table.rows = TABLES_BY_INSTANCE;
			else
				return bad_usage("--by '%s': rows by 'length' or by 'instance'", optarg);
			break;
		case OPT_SHOW:
			if (tables_parse_show(optarg, &opt->table.show, bad, sizeof(bad)))
				return bad_usage("--show: '%s' is not one of time, nodes, memory, quality", bad);
			break;
		case OPT_NO_HTML: opt->html = false; break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case ':': return bad_usage("option '%s' needs a value", argv[optind - 1]);
		default: return bad_usage("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return bad_usage("%s", optind == argc ? "which run? give its folder (or a folder of runs)"
				 : "one folder at a time");
	if (strlen(argv[optind]) > PATH_MAX - PATH_ROOM) {
		fprintf(stderr, WHO ": the folder's path is too long\n");
		return PB_EXIT_USAGE;
	}
	snprintf(opt->dir, sizeof(opt->dir), "%s", argv[optind]);
	for (size_t n = strlen(opt->dir); n > 1 && opt->dir[n - 1] == '/'; n--)
		opt->dir[n - 1] = '\0';
	return -1;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static bool has_runs(const char *dir)
{
	char path[PATH_MAX];
	struct stat st;

	return (size_t)snprintf(path, sizeof(path), "%s/" RUNDIR_RUNS, dir) < sizeof(path) &&
	       !stat(path, &st) && S_ISREG(st.st_mode);
}

/* The last part of PATH (without trailing slashes) into BUF. */
static void base_name(const char *path, char *buf, size_t cap)
{
	size_t len = strlen(path);
	const char *start;

	while (len > 1 && path[len - 1] == '/')
		len--;
	start = path + len;
	while (start > path && start[-1] != '/')
		start--;
	snprintf(buf, cap, "%.*s", (int)(len - (size_t)(start - path)), start);
}

/* A run read back: its rows, statistics and meta.json. */
typedef struct loaded_run {
	report r;
	report_stats s;
	meta_info m;
	char meta_warn[1024];
	bool stats;
} loaded_run;

/* Read the run in DIR. Returns 0, or -1 (said why). */
static int load(loaded_run *run, const char *dir)
{
	char err[1024];

	report_init(&run->r);
	run->stats = false;
	if (report_load_dir(&run->r, &run->m, dir, err, sizeof(err), run->meta_warn,
			    sizeof(run->meta_warn))) {
		fprintf(stderr, WHO ": %s\n", err);
		return -1;
	}
	if (run->meta_warn[0])
		fprintf(stderr, WHO ": warning: %s\n", run->meta_warn);
	if (report_stats_build(&run->s, &run->r)) {
		fprintf(stderr, WHO ": out of memory\n");
		return -1;
	}
	run->stats = true;
	return 0;
}

static void release(loaded_run *run)
{
	if (run->stats)
		report_stats_release(&run->s);
	report_release(&run->r);
	meta_info_release(&run->m);
}

/* Write the page of the loaded RUN in DIR. Returns 0, or -1 (said why). */
static int write_page(const loaded_run *run, const char *dir)
{
	char name[256], err[PATH_MAX + 256];
	html_run h = { .dir = dir, .name = name, .s = &run->s, .m = &run->m,
		       .meta_error = run->meta_warn[0] ? run->meta_warn : NULL };

	base_name(dir, name, sizeof(name));
	if (html_write_run(&h, err, sizeof(err))) {
		fprintf(stderr, WHO ": %s\n", err);
		return -1;
	}
	fprintf(stderr, WHO ": wrote %s/" HTML_PAGE "\n", dir);
	return 0;
}

static int report_one(const report_options *opt)
{
	loaded_run run;
	int rc = PB_EXIT_USAGE;

	if (load(&run, opt->dir))
		goto done;
	if (!run.r.count) {
		fprintf(stderr, WHO ": %s/" RUNDIR_RUNS ":1: no runs after the header\n", opt->dir);
		goto done;
	}
	if (tables_write(stdout, &run.s, &opt->table)) {
		fprintf(stderr, WHO ": out of memory\n");
		goto done;
	}
	fflush(stdout);
	if (!opt->html || !write_page(&run, opt->dir))
		rc = PB_EXIT_OK;
done:
	release(&run);
	return rc;
}

/* The runs found under a folder. */
typedef struct run_list {
	html_index_entry *e;
	size_t n, cap;
	bool failed;
} run_list;

static void entry_release(html_index_entry *e)
{
	free(e->path);
	free(e->datasets);
	free(e->date);
	free(e->cpu);
	free(e->revision);
	free(e->outcome);
}

/* The index entry of the loaded RUN at REL (relative to the index). */
static int entry_of(const loaded_run *run, const char *rel, html_index_entry *e)
{
	size_t len = 1;

	memset(e, 0, sizeof(*e));
	for (uint32_t d = 0; d < run->r.datasets.count; d++) {
		len += strlen(report_name(&run->r.datasets, d)) + 2;
		e->instances += run->s.instances[d];
	}
	e->datasets = calloc(1, len);
	e->path = strdup(rel);
	e->date = strdup(run->m.date);
	e->cpu = strdup(run->m.cpu);
	e->revision = strdup(run->m.git_revision);
	e->outcome = strdup(run->m.outcome);
	e->series = run->r.nseries;
	if (!e->datasets || !e->path || !e->date || !e->cpu || !e->revision || !e->outcome)
		return -1;
	for (uint32_t d = 0; d < run->r.datasets.count; d++) {
		if (d)
			strcat(e->datasets, ", ");
		strcat(e->datasets, report_name(&run->r.datasets, d));
	}
	return 0;
}

/* Room in L for one more entry. Returns 0, -1 out of memory. */
static int grow(run_list *l)
{
	html_index_entry *e;

	if (l->n < l->cap)
		return 0;
	e = realloc(l->e, (l->cap ? 2 * l->cap : 16) * sizeof(*e));
	if (!e)
		return -1;
	l->e = e;
	l->cap = l->cap ? 2 * l->cap : 16;
	return 0;
}

/* The run in ROOT/REL: its page, and an entry in L. */
static void add_run(run_list *l, const char *root, const char *rel)
{
	char dir[PATH_MAX];
	loaded_run run;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/%s", root, rel) >= sizeof(dir)) {
		fprintf(stderr, WHO ": '%s/%s': the path is too long\n", root, rel);
		l->failed = true;
		return;
	}
	if (load(&run, dir) || write_page(&run, dir)) {
		l->failed = true;
	} else if (grow(l) || entry_of(&run, rel, &l->e[l->n])) {
		if (l->n < l->cap)
			entry_release(&l->e[l->n]);
		fprintf(stderr, WHO ": out of memory\n");
		l->failed = true;
	} else {
		l->n++;
	}
	release(&run);
}

static int cmp_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* The runs in ROOT/REL and the folders under it, to MAX_DEPTH, in order of
 * name. */
static void find_runs(run_list *l, const char *root, const char *rel, int depth)
{
	char dir[PATH_MAX];
	struct dirent **names;
	int n;

	snprintf(dir, sizeof(dir), "%s%s%s", root, rel[0] ? "/" : "", rel);
	n = scandir(dir, &names, NULL, cmp_name);
	for (int i = 0; i < n; i++) {
		char sub[PATH_MAX], path[PATH_MAX];

		if (names[i]->d_name[0] != '.' &&
		    (size_t)snprintf(sub, sizeof(sub), "%s%s%s", rel, rel[0] ? "/" : "",
				     names[i]->d_name) < sizeof(sub) &&
		    (size_t)snprintf(path, sizeof(path), "%s/%s", root, sub) < sizeof(path) &&
		    is_dir(path)) {
			if (has_runs(path))
				add_run(l, root, sub);
			else if (depth < MAX_DEPTH)
				find_runs(l, root, sub, depth + 1);
		}
		free(names[i]);
	}
	free(names);
}

static int report_folder(const report_options *opt)
{
	run_list l = { 0 };
	char err[PATH_MAX + 256];
	int rc = PB_EXIT_OK;

	find_runs(&l, opt->dir, "", 1);
	if (!l.n && !l.failed) {
		fprintf(stderr, WHO ": no " RUNDIR_RUNS " in '%s' or the folders under it "
			"(a run's folder, or a folder of runs)\n", opt->dir);
		rc = PB_EXIT_USAGE;
	} else if (html_write_index(opt->dir, l.e, l.n, err, sizeof(err))) {
		fprintf(stderr, WHO ": %s\n", err);
		rc = PB_EXIT_USAGE;
	} else {
		fprintf(stderr, WHO ": wrote %s/" HTML_PAGE ", an index of %zu run%s\n", opt->dir,
			l.n, l.n == 1 ? "" : "s");
	}
	if (l.failed)
		rc = PB_EXIT_USAGE;
	for (size_t i = 0; i < l.n; i++)
		entry_release(&l.e[i]);
	free(l.e);
	return rc;
}

int cmd_report(int argc, char **argv)
{
	report_options opt;
	int rc = parse_options(argc, argv, &opt);

	if (rc >= 0)
		return rc;
	if (!is_dir(opt.dir)) {
		fprintf(stderr, WHO ": no folder '%s'\n", opt.dir);
		return PB_EXIT_USAGE;
	}
	if (has_runs(opt.dir))
		return report_one(&opt);
	if (!opt.html) {
		fprintf(stderr, WHO ": no " RUNDIR_RUNS " in '%s' (a folder of runs gets pages "
			"only: leave out --no-html)\n", opt.dir);
		return PB_EXIT_USAGE;
	}
	return report_folder(&opt);
}
