/* A run's solve rows sorted and grouped, with their statistics: per
 * dataset, series (algorithm and heuristic) and optimal length (the groups:
 * summary.csv's lines, the points of the charts by length) and per dataset
 * and series (the lines: the summary table's rows, the box plot's boxes).
 * summary.csv, the printed table, the charts and 'bench compare' all take
 * their numbers from here, so that they cannot disagree.
 *
 * The rules, each in one place:
 * - an instance's optimal length is its reference; else 'unsolvable' when
 *   a solver said so; else the shortest accepted path (every accepted path
 *   is replayed, and optimal solvers agree on its length); else unknown;
 * - an instance is solved by a series when every solve row of it answered
 *   (ok or unsolvable);
 * - the statistics of a group or a line are over its answered rows (every
 *   repeat of every instance), the spread of an instance over its answered
 *   repeats;
 * - series are compared (the table's 'x best', the preparation chart) over
 *   the instances that every series that solved any solved;
 * - a series has a preparation when its prepare row failed or built
 *   something (report_has_preparation). */
#ifndef REPORT_GROUPS_H
#define REPORT_GROUPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "harness/report/runs.h"
#include "harness/report/stats.h"

/* Above this relative spread between quartiles, an instance is noisy. */
#define REPORT_NOISY_SPREAD 0.25
/* Answered repeats needed to estimate the spread of one instance. */
#define REPORT_SPREAD_MIN_REPEATS 3

/* What a row measured, as the statistics name them. */
typedef enum report_measure {
	REPORT_WALL,
	REPORT_PEAK,
	REPORT_EXPANDED,
	REPORT_GENERATED,
	REPORT_MEASURES
} report_measure;

/* A segment of a line's solve rows: rows of one instance, one after the
 * other as they came (an instance's rows are most often one segment; a
 * resumed or merged run may split them). Sorted by (optimal length,
 * instance, place): an instance's segments are next to each other (a
 * cell), and a length's cells (a group). */
typedef struct report_key {
	uint32_t instance; /* in its dataset */
	uint32_t offset;   /* of its first row in the track's code */
} report_key;

/* What the rows of one instance of a line (a cell) say. */
typedef struct report_cell {
	uint32_t instance;
	uint32_t opt;      /* the sort key of its optimal length (report_optimal_of) */
	size_t rows, answered;
	size_t wrong;      /* rows 'wrong' */
	size_t below_reference; /* valid paths shorter than the reference */
	unsigned statuses; /* 1 << status for each status among its rows */
	int first_failure; /* the status of its first row not answered, or -1 */
	uint64_t max_peak;
} report_cell;

/* One dataset, series and optimal length: a line of summary.csv. */
typedef struct report_group {
	uint32_t dataset, algorithm, heuristic, series;
	int optimal; /* >= 0, DATASET_REF_UNSOLVABLE, or DATASET_REF_UNKNOWN */
	size_t count, solved; /* instances; those it solved */
	size_t answered;      /* answered solve rows: the statistics' sample */
	stats_five m[REPORT_MEASURES]; /* zero when none answered */
	size_t first, nkeys;  /* its keys (within its report_stats) */
} report_group;

/* One dataset and series: a row of the summary table. */
typedef struct report_line {
	uint32_t dataset, algorithm, heuristic, series;
	uint32_t track; /* in the report */
	size_t total, solved, answered; /* instances; solved; answered rows */
	size_t wrong, timeout, memout, failed, unsupported, interrupted; /* instances with one */
	size_t skipped; /* instances never given to the solver */
	size_t below_reference;  /* valid paths shorter than the reference */
	size_t spread_sampled, noisy; /* instances with enough repeats; those spread wide */
	stats_five wall, expanded; /* over the answered rows; zero when none */
	uint64_t max_peak;
	const report_row *prepare; /* its preparation (the first), or NULL */
	size_t first, nkeys;       /* its keys */
	size_t first_group, ngroups;
} report_line;

/* Scratch room for the statistics (doubles): a sample that fits is sorted,
 * a larger one selected from (stats_five_visited). */
#define REPORT_SCRATCH ((size_t)1 << 18)

typedef struct report_stats {
	const report *rep;
	report_key *keys;
	size_t nkeys;
	report_group *groups;
	size_t ngroups;
	report_line *lines; /* sorted by dataset, algorithm, heuristic */
	size_t nlines;
	size_t *instances;  /* per dataset: its instances with solve rows */
	double *scratch;    /* room for SCRATCH_ROOM values, for the callers' use */
	size_t scratch_room; /* at least REPORT_SCRATCH and the rows of any cell */
} report_stats;

/* Sort and group R's solve rows into S. Returns 0, or -1 when out of
 * memory. R must outlive S; free S with report_stats_release. Holds 8
 * bytes a segment (most often: a cell) beside REPORT_SCRATCH doubles,
 * whatever the count of rows. */
int report_stats_build(report_stats *s, const report *r);

void report_stats_release(report_stats *s);

/* The optimal length (>= 0, DATASET_REF_UNSOLVABLE or DATASET_REF_UNKNOWN)
 * that sort key OPT stands for. */
int report_optimal_of(uint32_t opt);

/* The sort key of optimal length OPTIMAL (report_optimal_of's inverse):
 * lengths in order, then unsolvable, then unknown. */
uint32_t report_optimal_key(int optimal);

/* The sort key of the optimal length of instance I of dataset D of R. */
uint32_t report_optimal_key_of(const report *r, uint32_t d, uint32_t i);

/* Where the cell that key I begins ends, within keys [I, END). */
size_t report_cell_end(const report_stats *s, size_t i, size_t end);

/* What the rows of the cell of keys [I, J) of line L say, into C. */
void report_cell_read(const report_stats *s, const report_line *l, size_t i, size_t j,
		      report_cell *c);

/* Whether cell C's rows all answered (there being some). */
bool report_cell_solved(const report_cell *c);

/* Measure M of the answered rows of the cell of keys [I, J) of line L,
 * sorted, into BUF (room for its rows: S->scratch has it). Returns how
 * many. */
size_t report_cell_values(const report_stats *s, const report_line *l, size_t i, size_t j,
			  report_measure m, double *buf);

/* A preparation that holds less than this and expanded nothing set up a
 * solver's context (IDA* holds 1.9 KiB of it with h = 0), not a table. */
#define REPORT_PREPARE_MIN_BYTES 4096

/* Whether PREPARE (a prepare row, or NULL) is a preparation worth showing:
 * one that failed, or one that built something: it expanded nodes (a table
 * or a pattern database searched out) or holds at least
 * REPORT_PREPARE_MIN_BYTES (a table computed or loaded). A solver with
 * nothing to prepare (BFS: no nodes, no bytes) has none. */
bool report_has_preparation(const report_row *prepare);

/* The comparison of the lines L[0..n) (of one dataset): over the instances
 * that every line that solved any instance solved, each line's median wall
 * time into MEDIAN[i] (NaN for a line that solved none: not compared).
 * Returns how many instances are common (0: MEDIAN all NaN), or -1 when
 * out of memory. */
long report_common_medians(const report_stats *s, const report_line *l, size_t n, double *median);

#endif
