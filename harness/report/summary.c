#include "harness/report/summary.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"
#include "harness/io/outfile.h"
#include "harness/io/units.h"
#include "harness/report/quality.h"

#define NO_VALUE "-"
/* Warn when more than this share of an algorithm's instances is noisy. */
#define NOISY_SHARE 0.10
/* The mark on a median near the timing floor. */
#define FLOOR_MARK '*'

#ifndef PB_BUILD_TYPE
#define PB_BUILD_TYPE "unknown"
#endif

long report_summarize(const report *r, report_group **groups)
{
	report_stats s;
	long n;

	*groups = NULL;
	if (report_stats_build(&s, r))
		return -1;
	n = (long)s.ngroups;
	*groups = s.groups;
	s.groups = NULL;
	report_stats_release(&s);
	return n;
}

static void write_stat(FILE *out, double v, bool have)
{
	if (have)
		fprintf(out, ",%.0f", v);
	else
		fputs("," NO_VALUE, out);
}

void report_write_summary(FILE *out, const report *r, const report_group *g, size_t n)
{
	char opt[16];

	fputs(REPORT_SUMMARY_HEADER "\n", out);
	for (size_t i = 0; i < n; i++) {
		const stats_five *wall = &g[i].m[REPORT_WALL];
		const report_track *t = report_track_of(r, g[i].dataset, g[i].algorithm, g[i].heuristic);
		bool have = g[i].answered > 0, counted = have && t && t->counted;

		csv_write_field(out, report_name(&r->datasets, g[i].dataset));
		putc(',', out);
		csv_write_field(out, report_name(&r->algorithms, g[i].algorithm));
		putc(',', out);
		csv_write_field(out, report_name(&r->heuristics, g[i].heuristic));
		fprintf(out, ",%s,%zu,%zu", dataset_format_reference(g[i].optimal, opt, sizeof(opt)),
			g[i].count, g[i].solved);
		write_stat(out, wall->median, have);
		write_stat(out, wall->q1, have);
		write_stat(out, wall->q3, have);
		write_stat(out, wall->min, have);
		write_stat(out, wall->max, have);
		write_stat(out, g[i].m[REPORT_PEAK].median, have);
		write_stat(out, g[i].m[REPORT_EXPANDED].median, counted);
		write_stat(out, g[i].m[REPORT_GENERATED].median, counted);
		putc('\n', out);
	}
}

int report_save_summary_of(const report_stats *s, const char *path, char *err, size_t errlen)
{
	outfile f;

	if (outfile_open(&f, path, err, errlen))
		return -1;
	report_write_summary(f.fp, s->rep, s->groups, s->ngroups);
	return outfile_commit(&f, err, errlen);
}

int report_save_summary(const report *r, const char *path, char *err, size_t errlen)
{
	report_stats s;
	int rc;

	if (report_stats_build(&s, r)) {
		snprintf(err, errlen, "%s: out of memory for the summary", path);
		return -1;
	}
	rc = report_save_summary_of(&s, path, err, errlen);
	report_stats_release(&s);
	return rc;
}

/* The summary table */

/* Whether L's median is near the floor under its times: the round trip
 * for a long-lived outside program, else the clock's. */
static bool near_floor(const report *r, const report_line *l)
{
	return l->answered && stats_near_floor(l->wall.median, report_floor_of(r, l->algorithm));
}

/* The labels' column of the table, at least. */
#define LABEL_WIDTH 22

/* One line of the table; COMMON its median over the instances all
 * compared lines solved (NaN: not compared), BEST the fastest of those,
 * QUALITY the text of its quality. */
static void print_line(FILE *out, const report *r, const report_line *l, int width,
		       double common, double best, const char *quality)
{
	char label[64], solved[32], t[24], ratio[16], peak[24], exp[24], prep[64];
	char pt[24], pb[24];

	snprintf(solved, sizeof(solved), "%zu/%zu", l->solved, l->total);
	snprintf(t, sizeof(t), NO_VALUE);
	snprintf(ratio, sizeof(ratio), NO_VALUE);
	snprintf(exp, sizeof(exp), NO_VALUE);
	snprintf(prep, sizeof(prep), NO_VALUE);
	if (l->answered) {
		units_format_ns((uint64_t)llround(l->wall.median), t, sizeof(t));
		/* a program that gives no node counts has none to show */
		if (r->tracks[l->track].counted)
			units_format_count((uint64_t)llround(l->expanded.median), exp, sizeof(exp));
	}
	if (!isnan(common))
		snprintf(ratio, sizeof(ratio), "%.2f", best > 0 ? common / best : 1.0);
	units_format_bytes(l->max_peak, peak, sizeof(peak));
	if (report_has_preparation(l->prepare) && l->prepare->status != RUN_OK)
		snprintf(prep, sizeof(prep), "%s", run_status_name(l->prepare->status));
	else if (report_has_preparation(l->prepare))
		snprintf(prep, sizeof(prep), "%s, %s",
			 units_format_ns(l->prepare->wall_ns, pt, sizeof(pt)),
			 units_format_bytes(l->prepare->peak_bytes, pb, sizeof(pb)));
	fprintf(out, "  %-*s %9s %10s%c %7s  %7s %10s %9s %5zu %5zu %5zu  %s\n", width,
		report_series_label(r, l->series, "/", label, sizeof(label)), solved, t,
		near_floor(r, l) ? FLOOR_MARK : ' ', ratio, quality, peak, exp, l->wrong,
		l->timeout, l->memout, prep);
}

/* Warnings about one line's numbers. */
static void warn_line(FILE *out, const report *r, const report_line *l)
{
	char label[64];

	report_series_label(r, l->series, "/", label, sizeof(label));
	if (l->wrong)
		fprintf(out, "  ! %s: %zu wrong answer%s (see the 'wrong' rows of runs.csv)\n",
			label, l->wrong, l->wrong == 1 ? "" : "s");
	if (l->below_reference)
		fprintf(out, "  ! %s: %zu path%s shorter than the dataset's reference: the reference is wrong there\n",
			label, l->below_reference, l->below_reference == 1 ? "" : "s");
	if (l->failed)
		fprintf(out, "  ! %s: %zu instance%s ended in an error or a crash (the note column "
			"of runs.csv says why)\n", label, l->failed, l->failed == 1 ? "" : "s");
	if (l->skipped)
		fprintf(out, "  ! %s: %zu instance%s never given to it (skipped: see the note column "
			"of runs.csv)\n", label, l->skipped, l->skipped == 1 ? "" : "s");
	if (l->interrupted)
		fprintf(out, "  ! %s: interrupted: the figures cover what finished\n", label);
	if (l->unsupported == l->total && l->total)
		fprintf(out, "  - %s does not serve this domain\n", label);
	if (l->spread_sampled && (double)l->noisy > NOISY_SHARE * (double)l->spread_sampled)
		fprintf(out, "  ! %s: the repeats of %zu of %zu instances spread by more than %.0f%% "
			"between quartiles: the machine is busy or the times are too short to trust\n",
			label, l->noisy, l->spread_sampled, 100 * REPORT_NOISY_SPREAD);
}

/* The notes under one dataset's table. */
static void print_notes(FILE *out, const report *r, const report_line *lines, size_t n)
{
	bool mixed = false, few_repeats = false, floor = false, round_trip = false;
	char f[24];

	for (size_t i = 0; i < n; i++) {
		bool near = near_floor(r, &lines[i]);

		if (lines[i].solved != lines[0].solved && lines[i].unsupported != lines[i].total)
			mixed = true;
		if (lines[i].answered && !lines[i].spread_sampled)
			few_repeats = true;
		if (report_floor_is_round_trip(r, lines[i].algorithm))
			round_trip |= near;
		else
			floor |= near;
	}
	if (floor)
		fprintf(out, "  %c the median is within %dx of the harness's timing floor (%s a "
			"solve): it measures the clock as much as the solver\n", FLOOR_MARK,
			STATS_FLOOR_FACTOR, units_format_ns((uint64_t)llround(r->floor_ns), f, sizeof(f)));
	if (round_trip)
		fprintf(out, "  %c an outside program's median is within %dx of the round trip to it "
			"(%s a solve): it measures the pipe as much as the program\n", FLOOR_MARK,
			STATS_FLOOR_FACTOR, units_format_ns((uint64_t)llround(r->round_trip_ns), f, sizeof(f)));
	for (size_t i = 0; i < n; i++)
		warn_line(out, r, &lines[i]);
	if (mixed)
		fprintf(out, "  - the medians cover the instances each algorithm answered, and these differ\n");
	if (few_repeats)
		fprintf(out, "  - fewer than %d repeats: no spread estimate (--repeat %d or more)\n",
			REPORT_SPREAD_MIN_REPEATS, REPORT_SPREAD_MIN_REPEATS);
}

/* What the columns hold, under the table; COMMON instances were compared
 * (-1: out of memory), by the lines whose MEDIAN is a number. */
static void print_legend(FILE *out, const report *r, const report_line *lines, size_t n,
			 long common, const double *median)
{
	char label[64];
	size_t left_out = 0;

	fputs("  median: wall time per solve, the median over every answered run (all repeats)\n",
	      out);
	if (common > 0) {
		fprintf(out, "  x best: the same median over the %ld instance%s every algorithm here "
			"solved, divided by the fastest one's", common, common == 1 ? "" : "s");
		for (size_t i = 0; i < n; i++) {
			if (!isnan(median[i]))
				continue;
			fprintf(out, "%s%s", left_out++ ? ", " : " (not compared: ",
				report_series_label(r, lines[i].series, "/", label, sizeof(label)));
		}
		fputs(left_out ? ", which solved none)\n" : "\n", out);
	} else {
		fputs("  x best: not computed: no instance that every algorithm here solved\n", out);
	}
	fputs("  quality: answer length / optimal length (the reference, else the shortest answer "
	      "in the run),\n"
	      "  the mean over the instances answered; 1.000: every answer as short as that\n", out);
	fputs("  max peak: the most bytes one solve held; expanded: nodes expanded per solve, the "
	      "median\n"
	      "  t/o, mem: instances out of time, out of memory; prepare: the one-off build (time, "
	      "peak bytes),\n"
	      "  '-' for a solver with none\n", out);
}

static void print_dataset(FILE *out, const report_stats *s, const report_line *lines, size_t n)
{
	const report *r = s->rep;
	size_t total = s->instances[lines[0].dataset];
	double *median = malloc(n * sizeof(*median)), best = 0;
	long common = median ? report_common_medians(s, lines, n, median) : -1;
	int width = LABEL_WIDTH;
	char label[64], quality[16];

	/* the labels' column as wide as the longest */
	for (size_t i = 0; i < n; i++) {
		int len = (int)strlen(report_series_label(r, lines[i].series, "/", label, sizeof(label)));

		if (len > width)
			width = len;
	}

	for (size_t i = 0; i < n; i++) {
		if (common <= 0 && median)
			median[i] = NAN;
		if (median && !isnan(median[i]) && (best == 0 || median[i] < best))
			best = median[i];
	}
	fprintf(out, "\n%s: %zu instance%s\n", report_name(&r->datasets, lines[0].dataset), total,
		total == 1 ? "" : "s");
	fprintf(out, "  %-*s %9s %10s  %7s  %7s %10s %9s %5s %5s %5s  %s\n", width, "algorithm",
		"solved", "median", "x best", "quality", "max peak", "expanded", "wrong", "t/o",
		"mem", "prepare");
	for (size_t i = 0; i < n; i++) {
		quality_figures q;

		if (quality_line(s, &lines[i], &q))
			snprintf(quality, sizeof(quality), "?");
		else
			quality_format(&q, quality, sizeof(quality));
		print_line(out, r, &lines[i], width, median ? median[i] : NAN, best, quality);
	}
	if (median)
		print_legend(out, r, lines, n, common, median);
	else
		fputs("  (x best: out of memory)\n", out);
	print_notes(out, r, lines, n);
	free(median);
}

static void print_build_warnings(FILE *out)
{
#if defined(PB_SANITIZED) && PB_SANITIZED
	fprintf(out, "warning: a sanitizer build: times and memory are not those of a release build\n");
#endif
	if (strcmp(PB_BUILD_TYPE, "Release") && strcmp(PB_BUILD_TYPE, "RelWithDebInfo"))
		fprintf(out, "warning: a '%s' build, not Release: times are not representative\n",
			PB_BUILD_TYPE);
}

void report_print_summary(FILE *out, const report_stats *s)
{
	for (size_t i = 0, j; i < s->nlines; i = j) {
		for (j = i; j < s->nlines && s->lines[j].dataset == s->lines[i].dataset; j++)
			;
		print_dataset(out, s, s->lines + i, j - i);
	}
}

size_t report_print_table_of(FILE *out, const report_stats *s)
{
	report_print_summary(out, s);
	print_build_warnings(out);
	return s->rep->wrong;
}

size_t report_print_table(FILE *out, const report *r)
{
	report_stats s;

	if (report_stats_build(&s, r)) {
		fprintf(out, "(no table: out of memory)\n");
		return r->wrong;
	}
	report_print_table_of(out, &s);
	report_stats_release(&s);
	return r->wrong;
}
