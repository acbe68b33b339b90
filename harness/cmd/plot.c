/* bench plot: regenerate a run's charts from its files alone: runs.csv
 * read by the one reader (report/runs.h), the statistics of summary.csv
 * (report/groups.h), the machine, the date and the timing floor from
 * meta.json (io/meta_read.h); the charts are written by report/charts.h and
 * drawn by gnuplot (report/gnuplot.h). */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/io/meta_read.h"
#include "harness/report/charts.h"
#include "harness/report/gnuplot.h"
#include "harness/report/report.h"

#define CMD "plot"
#define WHO "bench " CMD
#define CHARTS_DIR "charts"
#define PATH_ROOM 512 /* what plot adds to the run folder's path, at most */
#define ISO_DAY_LENGTH 10 /* "2026-01-02" */

typedef struct plot_options {
	const char *dir;
	const char *scripts;
	const char *gnuplot;
	int help;
} plot_options;

static void usage(FILE *out)
{
	fprintf(out,
"usage: bench plot [options] DIR\n"
"\n"
"Draws every chart of the run in DIR from DIR/runs.csv alone (summary.csv is\n"
"not needed: the figures are recomputed, by the same functions; DIR/meta.json,\n"
"when present, gives the machine, the date and the timing floor). Each chart\n"
"is written as PNG and SVG to DIR/charts/, which is replaced as a whole:\n"
"  <dataset>-time     median solve time by optimal solution length\n"
"  <dataset>-memory   median peak bytes by optimal solution length\n"
"  <dataset>-nodes    median nodes expanded by optimal solution length\n"
"                     (one line per algorithm+heuristic with its\n"
"                     interquartile band; unsolvable instances at the right;\n"
"                     above the plot the instances at each length, and by a\n"
"                     point that stands on fewer of them 'solved/instances';\n"
"                     a median of 0, as IDA*'s memory, on a line of its own\n"
"                     under the axis, labelled 0)\n"
"  <dataset>-box      solve time per algorithm: quartiles, median, min-max\n"
"  <dataset>-prepare  where a solver has a preparation (it failed, expanded\n"
"                     nodes or holds %d bytes or more: a table built or\n"
"                     loaded): total time against the number of queries, the\n"
"                     time per query the median over the instances every\n"
"                     solver solved (the summary table's 'x best'), and\n"
"                     where a preparation pays off\n"
"  <dataset>-quality  where an answer is longer than optimal: each series'\n"
"                     mean quality (length / optimal) against its median\n"
"                     time per solve, one labelled point a series\n"
"  <dataset>-anytime  where DIR/anytime.csv holds answers: each anytime\n"
"                     series' mean quality of the solves answered by each\n"
"                     moment, one stepped line (dotted until every solve has\n"
"                     an answer)\n"
"Bytes are in binary units (1 KiB = 1024 B), as in the tables.\n"
"Only solve rows with status ok or unsolvable count. The optimal length is\n"
"the dataset's reference, or the shortest ok length where it is '-'.\n"
"Quartiles interpolate between order statistics (R's default, type 7).\n"
"Where meta.json records the timing floor, the time charts draw a dashed\n"
"line at %dx the floor: a median below it measures the clock as much as\n"
"the solver (the near_floor column of the data files says which). A\n"
"long-lived outside program's floor is the round trip to it, drawn\n"
"dash-dotted at the same multiple.\n"
"A chart with no data, or a flat one, is left out with a note on standard\n"
"error. The series go to\n"
"DIR/charts/data/*.dat and DIR/charts/charts.gp redraws them all:\n"
"  cd DIR/charts && gnuplot charts.gp\n"
"\n"
"options:\n"
"  --scripts DIR   the gnuplot scripts (default: scripts/ beside the bench\n"
"                  executable or one folder up, else the source tree's)\n"
"  --gnuplot PROG  the gnuplot program (default: gnuplot on PATH)\n"
"  -h, --help      this text\n"
"\n"
"Needs gnuplot 5.4 or later with the pngcairo and svg terminals (Debian:\n"
"'apt-get install gnuplot-nox'). Exit status: 0 done; 2 bad usage, a bad or\n"
"missing runs.csv, no gnuplot, or gnuplot failed (the old charts are kept).\n",
		REPORT_PREPARE_MIN_BYTES, STATS_FLOOR_FACTOR);
}

#define bad_usage(...) cmdline_bad_usage(CMD, __VA_ARGS__)

/* Returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, plot_options *opt)
{
	enum { OPT_SCRIPTS = 256, OPT_GNUPLOT };
	static const struct option longopts[] = {
		{ "scripts", required_argument, NULL, OPT_SCRIPTS },
		{ "gnuplot", required_argument, NULL, OPT_GNUPLOT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*opt = (plot_options){ .gnuplot = "gnuplot" };
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_SCRIPTS: opt->scripts = optarg; break;
		case OPT_GNUPLOT: opt->gnuplot = optarg; break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case ':': return bad_usage("option '%s' needs a value", argv[optind - 1]);
		default: return bad_usage("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return bad_usage("%s", optind == argc ? "which run? give its folder"
				 : "one run folder at a time");
	opt->dir = argv[optind];
	if (strlen(opt->dir) > PATH_MAX - PATH_ROOM) {
		fprintf(stderr, WHO ": the run folder's path is too long\n");
		return PB_EXIT_USAGE;
	}
	return -1;
}

/* Why the run's times may mislead, from its build ('' when they don't),
 * also said on standard error. */
static void caveat_of(const meta_info *m, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (m->sanitized)
		snprintf(buf, cap, "a sanitizer build: the times are not representative");
	else if (m->build_type[0] && strcmp(m->build_type, "Release"))
		snprintf(buf, cap, "a %s build: the times are not representative", m->build_type);
	if (buf[0])
		fprintf(stderr, WHO ": warning: %s\n", buf);
}

/* DIR/runs.csv into R and DIR/meta.json into M (a broken meta.json is
 * only a warning: the charts then say less). Returns 0 or an exit
 * status (said why). */
static int load_run(const char *dir, report *r, meta_info *m)
{
	char err[1024], warn[1024];

	if (report_load_dir(r, m, dir, err, sizeof(err), warn, sizeof(warn))) {
		fprintf(stderr, WHO ": %s\n", err);
		return PB_EXIT_USAGE;
	}
	if (warn[0])
		fprintf(stderr, WHO ": %s; the charts name no machine or date\n", warn);
	if (!r->count) {
		fprintf(stderr, WHO ": %s/" RUNDIR_RUNS ":1: no runs after the header\n", dir);
		return PB_EXIT_USAGE;
	}
	return 0;
}

/* Write the charts of R into a fresh folder and have gnuplot draw them. */
static int draw(const plot_options *opt, const report *r, const meta_info *m,
		const char *scripts)
{
	char final[PATH_MAX], caveat[96], date[64];
	charts_options co = { .scripts = scripts, .machine = m->cpu, .date = date,
			      .caveat = caveat, .who = WHO };
	size_t day = strlen(m->date);
	report_stats s;
	gnuplot_dir d;
	long charts;
	int rc = PB_EXIT_USAGE;

	caveat_of(m, caveat, sizeof(caveat));
	/* of an ISO date and time, the day is enough for a title */
	if (day > ISO_DAY_LENGTH && m->date[4] == '-' && m->date[7] == '-' &&
	    (m->date[ISO_DAY_LENGTH] == 'T' || m->date[ISO_DAY_LENGTH] == ' '))
		day = ISO_DAY_LENGTH;
	snprintf(date, sizeof(date), "%.*s", (int)day, m->date);
	snprintf(final, sizeof(final), "%s/%s", opt->dir, CHARTS_DIR);
	if (report_stats_build(&s, r)) {
		fprintf(stderr, WHO ": out of memory\n");
		return PB_EXIT_USAGE;
	}
	if (!gnuplot_dir_begin(&d, WHO, final)) {
		co.dir = d.tmp;
		charts = charts_write(&co, &s);
		if (!charts)
			fprintf(stderr, WHO ": nothing to chart in '%s/runs.csv'\n", opt->dir);
		else if (charts > 0 && !gnuplot_draw(&d, opt->gnuplot, (size_t)charts))
			rc = PB_EXIT_OK;
	}
	gnuplot_dir_end(&d);
	report_stats_release(&s);
	if (!rc)
		gnuplot_list(&d);
	return rc;
}

int cmd_plot(int argc, char **argv)
{
	plot_options opt;
	char scripts[PATH_MAX];
	struct stat st;
	meta_info m;
	report r;
	int rc = parse_options(argc, argv, &opt);

	if (rc >= 0)
		return rc;
	if (stat(opt.dir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, WHO ": no run folder '%s'\n", opt.dir);
		return PB_EXIT_USAGE;
	}
	report_init(&r);
	meta_info_init(&m);
	rc = load_run(opt.dir, &r, &m);
	if (!rc && gnuplot_find_scripts(WHO, opt.scripts, scripts))
		rc = PB_EXIT_USAGE;
	if (!rc && !gnuplot_exists(opt.gnuplot)) {
		fprintf(stderr, WHO ": gnuplot not found as '%s' (%s)\n", opt.gnuplot,
			GNUPLOT_INSTALL_HINT);
		rc = PB_EXIT_USAGE;
	}
	if (!rc)
		rc = draw(&opt, &r, &m, scripts);
	meta_info_release(&m);
	report_release(&r);
	return rc;
}
