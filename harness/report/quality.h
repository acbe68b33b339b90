/* The quality of answers (issue 32): how much longer a series' answers are
 * than the shortest, for solvers that trade length for time (weighted A*,
 * greedy, beam) and anytime ones (AWA*), so that the summary, the tables,
 * the charts and 'bench compare' all weigh them by one rule.
 *
 * The rules, each in one place:
 * - an instance's base is its reference where the dataset has one (>= 0),
 *   else the shortest ok answer to it in the run, of any series; else it
 *   has none (its answers have no quality);
 * - an ok answer's quality is its length / its instance's base: 1 for an
 *   optimal answer, 1.5 for one half as long again. Where the base is 0
 *   (the instance is the goal), an answer of 0 moves is 1, one of L > 0
 *   moves L (as if the base were 1);
 * - an instance's quality for a series is the mean over its ok rows (its
 *   repeats, which most solvers answer alike); a series' quality is the
 *   mean over the instances it answered (each instance once, however many
 *   repeats), NaN where none has a base. Rows that are not ok (wrong,
 *   timeout, unsolvable ...) have no quality.
 *
 * And the anytime profiles, from DIR/anytime.csv (QUALITY_ANYTIME_FILE):
 * one row per answer an anytime solver found, the time since its solve
 * began and the nodes it had expanded then. A series' profile on a
 * dataset is a step function of time: at time t, the mean quality of the
 * last answer found by t of each solve (instance and repeat) that had one
 * by then, and how many had one. */
#ifndef REPORT_QUALITY_H
#define REPORT_QUALITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "harness/report/anytime.h"
#include "harness/report/groups.h"
#include "harness/report/runs.h"

/* The anytime answers' file in a run's folder (anytime.h writes it, with
 * the header ANYTIME_HEADER; quality_anytime_load reads it). */
#define QUALITY_ANYTIME_FILE "anytime.csv"

/* The length the answers to instance I of dataset D of R are measured
 * against: its reference (>= 0), else the shortest ok answer in R, else
 * -1 (none). */
int quality_base(const report *r, uint32_t d, uint32_t i);

/* The quality of an answer of LENGTH (>= 0) moves to instance I of
 * dataset D of R, by the rules above; NaN where the instance has no base. */
double quality_of(const report *r, uint32_t d, uint32_t i, int length);

/* Per instance of track T's dataset, the mean quality of T's ok rows of it
 * into Q[0..n), n = r->instances[t->dataset].names.count (the caller
 * allocates); NaN where T has none, or the instance no base. Returns how
 * many are numbers, or -1 when out of memory. */
long quality_instances(const report *r, const report_track *t, double *q);

/* What a set of instance qualities comes to. */
typedef struct quality_figures {
	double mean;      /* over the instances counted; NaN when none */
	double worst;     /* the largest; NaN when none */
	size_t instances; /* counted: those with a quality */
	size_t optimal;   /* of them, those at exactly 1 */
} quality_figures;

/* The figures of the instance qualities Q[0..n) (NaN ones not counted). */
quality_figures quality_figures_of(const double *q, size_t n);

/* The figures of the instances of the keys of group G (by optimal
 * length), Q a line's quality_instances. */
quality_figures quality_group(const report_stats *s, const report_group *g, const double *q);

/* Line L's figures: quality_instances of its track, summed up. Returns 0,
 * or -1 when out of memory. */
int quality_line(const report_stats *s, const report_line *l, quality_figures *out);

/* Whether F says every answer counted was optimal (true when none was
 * counted: nothing says otherwise). */
bool quality_all_optimal(const quality_figures *f);

/* Whether some line of S has an answer longer than its instance's base. Returns
 * 1 or 0, or -1 when out of memory. */
int quality_any_longer(const report_stats *s);

/* The quality column's text of F: "1.000", or "-" when nothing was
 * counted. Returns BUF. */
const char *quality_format(const quality_figures *f, char *buf, size_t size);

/* --- anytime answers -------------------------------------------------- */

/* One row of anytime.csv, its names as R's indices. */
typedef struct quality_answer {
	uint32_t dataset, instance, series;
	uint32_t repeat;
	int length;
	uint64_t wall_ns;  /* since its solve began */
	uint64_t expanded; /* nodes expanded by then; 0 where '-' */
} quality_answer;

/* A run's anytime answers, sorted by dataset, series, time, instance and
 * repeat. */
typedef struct quality_anytime {
	quality_answer *a;
	size_t n, cap;
	size_t unmatched; /* rows naming a dataset, instance or series that R
			   * has no solve row of: left out */
} quality_anytime;

void quality_anytime_init(quality_anytime *any);
void quality_anytime_release(quality_anytime *any);

/* Read anytime.csv at PATH into ANY (initialised), matched against the
 * rows of R. Columns are found by name (expanded may be missing or '-').
 * Returns 0, 1 when there is no such file (ANY empty), or -1 with
 * "PATH: why" or "PATH:LINE: what is wrong" in ERR. */
int quality_anytime_load(quality_anytime *any, const report *r, const char *path, char *err,
			 size_t errlen);

/* Answers closer in time than this factor are one step of a profile (at
 * the last of them): a run of a million answers charts in a few thousand
 * steps, none shown earlier than it was found. */
#define QUALITY_STEP_MERGE 0.005

/* A step of a profile: from WALL_NS on, until the next step. */
typedef struct quality_step {
	double wall_ns;
	double mean;     /* the mean quality of the solves answered by then */
	size_t answered; /* solves (instance and repeat) with an answer by then */
} quality_step;

/* The anytime profile of series S on dataset D, from ANY (answers without
 * a base left out), into *STEPS (free()), in order of time. Returns how
 * many steps (0: no answer; *STEPS NULL), or -1 when out of memory. */
long quality_profile(const report *r, const quality_anytime *any, uint32_t d, uint32_t s,
		     quality_step **steps);

#endif
