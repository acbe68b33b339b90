/* What the parts of bench analyze share (analyze.c, the command: its
 * options, its domain and heuristic, the order of its steps;
 * analyze_measure.c, the starts chosen, predicted and measured;
 * analyze_print.c, what it prints; analyze_write.c, its files and
 * charts): the options, the analysis and its rows, starts and thresholds,
 * and the few helpers more than one part calls. Internal to harness/cmd. */
#ifndef ANALYZE_INT_H
#define ANALYZE_INT_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algorithms/analysis/kre.h"
#include "algorithms/solvers/registry.h"
#include "harness/io/dataset.h"

#define CMD "analyze"
/* The exit status of a command a signal stopped: 128 + its number. */
#define EXIT_SIGNAL_BASE 128

typedef struct analyze_options {
	const char *domain, *goal, *dataset, *heuristic, *out, *cache, *gnuplot;
	uint64_t samples, seed, measure, time_limit_ns, random, lo, hi;
	bool measure_given, no_measure, complete, charts, quiet, thresholds;
	int threads;
} analyze_options;

/* A row of the table: an instance, or the states sampled at one h*. */
typedef struct analyze_row {
	char name[DATASET_MAX_ID + 1];
	int hstar;
	uint64_t states;    /* whole space: the states at this h*; else 1 */
	size_t first, n;    /* its starts, starts[first..first+n) */
	double h;           /* the starts' mean h */
	double predicted;   /* mean */
	double measured;    /* mean over the starts measured, idastar's expanded */
	double complete;    /* mean, the iterations run to their ends */
	size_t measured_n, complete_n;
} analyze_row;

/* A start: its state, h*, h, and what was predicted and measured. */
typedef struct analyze_start {
	pb_state state;
	int hstar, h;
	double predicted;
	uint64_t measured, complete;
	bool has_measured, has_complete;
} analyze_start;

/* A threshold of --thresholds: sums over the random starts that finished
 * it. */
typedef struct analyze_threshold {
	int threshold;
	double predicted, measured;
	size_t n;
} analyze_threshold;

typedef struct analysis {
	const analyze_options *o;
	const volatile sig_atomic_t *stop;
	pb_domain own;
	dataset ds;
	const pb_domain *d;
	pb_config cfg;
	const pb_heuristic_info *info;
	pb_heur h;
	bool heur_ready;
	pb_search hs; /* the heuristic's, the distances' and the sweep's meter */
	uint8_t *dist;
	pb_kre_space space;  /* every state: the joint (whole space) and P */
	pb_kre_values *sample;
	bool sampled;        /* P from a sample */
	uint64_t *joint;     /* the joint to write: the space's or the instances' */
	int hstar_max;
	pb_kre_tree tree;
	int step;
	analyze_start *starts;
	size_t nstarts;
	analyze_row *rows;
	size_t nrows;
	analyze_threshold *thresholds;
	size_t nthresholds;
	bool wrong;          /* idastar's answer disagreed with h* */
	uint64_t sweep_ns, dist_ns;
} analysis;

/* "bench analyze: ..." on standard error; the exit status of bad input. */
int analyze_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The exit status for a search that stopped with ST (said why). */
int analyze_stopped(const analysis *a, pb_status st, const char *what, const char *message);

/* analyze_measure.c: the starts, their predictions and their measures,
 * from the whole space (FITS: its table fits) or the dataset, through
 * --thresholds, and the rows' means. Returns 0 or the exit status (said
 * why). */
int analyze_measure(analysis *a, bool fits);

/* analyze_print.c: the distributions (unless --quiet), the summary, the
 * table and the thresholds on standard output. */
void analyze_print(const analysis *a);

/* analyze_write.c: everything that can be refused refused before anything
 * is written (the output folder, gnuplot); then the files and charts of
 * -o DIR. Each returns 0 or the exit status (said why). */
int analyze_check_output(const analysis *a);
int analyze_write_all(const analysis *a);

/* The name of the heuristic as given ("pdb:1-4/5-8"), or the default's. */
static inline const char *heuristic_name(const analysis *a)
{
	return a->cfg.heuristic ? a->cfg.heuristic : a->info->name;
}

/* The equilibrium distribution P in use. */
static inline const pb_kre_values *values_of(const analysis *a)
{
	return a->sampled ? a->sample : &a->space.values;
}

static inline uint64_t joint_at(const analysis *a, int hstar, int h)
{
	return a->joint[(size_t)hstar * PB_KRE_VALUES + (size_t)h];
}

/* The largest h in the joint. */
static inline int joint_hmax(const analysis *a)
{
	int hmax = 0;

	for (int k = 0; k <= a->hstar_max; k++)
		for (int v = 0; v <= PB_KRE_MAX_VALUE; v++)
			if (joint_at(a, k, v) && v > hmax)
				hmax = v;
	return hmax;
}

#endif
