/* The rows of a run: the one reader and the one writer of runs.csv, and
 * the compact form in which a run's rows are kept, from a live run
 * (report_add_run) or from a file (report_load); everything that reads a
 * run (the summary, plot, compare, merge, resume) reads it through here.
 *
 * A run of millions of solves must fit, so no row is kept whole. Each
 * series on each dataset (a track) keeps its preparation row, and codes
 * its solve rows into one byte string in the order they come: a row of
 * another instance than the one before starts a segment (the instance,
 * length, counters, peak bytes and wall time, each a variable-length
 * integer), a further row of the same instance (a repeat) is a byte of
 * status and flags, its wall time, and only those fields that differ from
 * the row before. What the statistics need of a solve row and nothing
 * else is kept: status, length, expanded, generated, peak bytes and wall
 * time, exactly; not its repeat number (the runner writes an instance's
 * repeats in order), CPU time, rss_bytes or batch, which runs.csv holds
 * and no summary reads. So a repeat of a fast solve takes 2 bytes, a new
 * instance about 8 to 16; each instance's name is kept once a dataset,
 * with its reference and shortest answer (report_bytes says what it all
 * holds). */
#ifndef REPORT_RUNS_H
#define REPORT_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "harness/engine/runner.h"

#define REPORT_NONE UINT32_MAX

/* The header line of runs.csv (without its line break). rss_bytes is the
 * peak resident set: with --isolate the solve's own process's (wait4);
 * without it the bench process's high-water mark so far, an upper bound
 * that never falls; '-' for rows that measured nothing. batch is how many
 * solves the row's timed interval covered (1: timed alone; 0: nothing
 * measured); wall_ns and cpu_ns are per solve either way; expanded and
 * generated are '-' where the solver gave none. note says why a
 * row is not ok (the solver's message, the judge's reason), else it is
 * empty; no summary reads it. Files from before the rss_bytes, batch and
 * note columns are read too. */
#define REPORT_RUNS_HEADER \
	"dataset,instance,algorithm,heuristic,repeat,phase,status,length,reference," \
	"expanded,generated,wall_ns,cpu_ns,peak_bytes,rss_bytes,batch,note"

/* Interned names: each distinct string once, by index, in one pool. */
typedef struct report_names {
	char *pool;        /* the strings, each ended by a NUL */
	size_t used, room;
	uint32_t *offset;  /* of string i in the pool */
	size_t count, cap;
	uint32_t *slots;   /* open addressing: index + 1, 0 empty */
	size_t mask;
} report_names;

/* What the shortest field of an instance holds besides a length: no ok
 * answer yet (RUN_NO_LENGTH), or a row said 'unsolvable'. */
#define REPORT_SAID_UNSOLVABLE (-2)

/* The instances of one dataset that solve rows name: each name once, and
 * what is known of its optimal length (the rule of groups.h): the
 * reference rows carry, and the shortest accepted path. */
typedef struct report_instances {
	report_names names;
	int16_t *reference; /* per instance: as a dataset_instance's */
	int16_t *shortest;  /* per instance: REPORT_SAID_UNSOLVABLE once a row
			     * said so, else the shortest ok path, else
			     * RUN_NO_LENGTH */
	size_t cap;
} report_instances;

/* A series: one algorithm with one heuristic, what a chart draws as one
 * line and a table shows as one row. Numbered in the order first seen. */
typedef struct report_series {
	uint32_t algorithm, heuristic;
} report_series;

/* A row whole: what report_add takes and the reader hands over. */
typedef struct report_row {
	uint32_t dataset, instance, algorithm, heuristic; /* name indices */
	uint32_t series;
	uint32_t repeat;
	uint8_t phase;  /* run_phase */
	uint8_t status; /* run_status */
	int16_t length;    /* RUN_NO_LENGTH: none */
	int16_t reference; /* as a dataset_instance's */
	uint32_t batch;    /* solves the timed interval covered; 0: not measured */
	uint64_t expanded, generated, wall_ns, cpu_ns, peak_bytes;
	uint64_t rss_bytes; /* 0: unknown */
	bool uncounted;     /* no node counts ('-'): expanded and generated 0 */
} report_row;

/* A ledger entry (report_keep_ledger): the highest repeat on record, and
 * whether a row ended the instance (timeout, memout, error, crash,
 * unsupported, skipped: the runner tries it no more). */
#define REPORT_LEDGER_FINAL 0x80000000u
#define REPORT_LEDGER_REPEATS 0x7fffffffu

/* One series on one dataset: its preparation and its solve rows, coded. */
typedef struct report_track {
	uint32_t dataset, series;
	report_row prepare; /* the first preparation row */
	bool prepared;      /* there is one */
	uint8_t *code;      /* the solve rows (runs.c codes them) */
	size_t len, room;
	size_t rows;        /* solve rows */
	size_t segments;    /* runs of rows of one instance */
	report_row last;    /* the row the next is coded against */
	bool counted;       /* an answered solve row had node counts (a
			     * program may give none: its expanded is '-') */
	uint32_t *ledger;   /* per instance of its dataset (report_keep_ledger),
			     * or NULL */
	size_t ledger_len;
} report_track;

typedef struct report {
	report_names datasets, algorithms, heuristics;
	report_instances *instances; /* per dataset */
	report_series *series;
	size_t nseries, series_cap;
	report_track *tracks;
	size_t ntracks, tracks_cap;
	uint32_t *track_slots; /* open addressing on (dataset, series) */
	size_t track_mask;
	size_t count; /* rows kept, preparations included */
	size_t wrong; /* of them 'wrong' */
	bool ledger;  /* keep each track's ledger */
	size_t duplicates;  /* with the ledger: solve rows whose repeat was on record */
	report_row first_duplicate;
	double floor_ns; /* the harness's timing floor (meta.json "timer"); 0 unknown */
	double round_trip_ns; /* the round trip to a long-lived outside program
			       * (meta.json "external"), its floor; 0 unknown */
	bool *long_lived; /* per algorithm name, of the first nlong_lived: a
			   * long-lived outside program (rundir.h sets it) */
	size_t nlong_lived;
	/* the names of the row last added: the next is most often the same */
	uint32_t last_dataset, last_algorithm, last_heuristic;
	size_t last_track;
} report;

void report_init(report *r);
void report_release(report *r);

/* Keep a ledger from now on (before any row is added): each track's
 * repeats on record per instance, so that a resumed run knows what is done
 * and a merge what is there twice (r->duplicates). 4 bytes an instance and
 * series. */
void report_keep_ledger(report *r);

/* The string of name index I ("-" for REPORT_NONE). */
const char *report_name(const report_names *n, uint32_t i);

/* The index of NAME in N, or REPORT_NONE. */
uint32_t report_find(const report_names *n, const char *name);

/* The name of instance I of dataset D ("-" when there is none). */
const char *report_instance(const report *r, uint32_t d, uint32_t i);

/* The track of series (ALGORITHM, HEURISTIC) (name indices) on dataset D,
 * or NULL. */
const report_track *report_track_of(const report *r, uint32_t d, uint32_t algorithm,
				    uint32_t heuristic);

/* Whether the series of ALGORITHM with HEURISTIC on dataset DATASET_NAME
 * has its preparation row. */
bool report_prepared(const report *r, const char *dataset_name, const char *algorithm,
		     const char *heuristic);

/* The timing floor under the times of ALGORITHM (a name index): the
 * round trip for a long-lived outside program, where it is known, else
 * the harness's clock floor (0 unknown). */
double report_floor_of(const report *r, uint32_t algorithm);

/* Whether that floor is the round trip. */
bool report_floor_is_round_trip(const report *r, uint32_t algorithm);

/* Series S as "algorithm" or, with a heuristic, "algorithm" SEP
 * "heuristic", into BUF. Returns BUF. */
const char *report_series_label(const report *r, uint32_t s, const char *sep, char *buf,
				size_t size);

/* Keep a row: ROW's measures with these names (INSTANCE NULL for a
 * preparation); the indices in ROW are ignored. Returns 0, or -1 when out
 * of memory (or past 4 GiB of one track's code). */
int report_add(report *r, const char *dataset_name, const char *instance,
	       const char *algorithm, const char *heuristic, const report_row *row);

/* Keep a runner row (its names from the row itself). */
int report_add_run(report *r, const run_row *row);

/* Bytes R holds: its names, instances, tracks and their code (what is
 * allocated: the capacity of each buffer). */
size_t report_bytes(const report *r);

/* A track's solve rows decoded, one at a time (report_cursor_next). */
typedef struct report_coded {
	uint32_t instance; /* in its dataset */
	uint8_t status;
	int16_t length;
	uint64_t expanded, generated, peak_bytes, wall_ns;
} report_coded;

typedef struct report_cursor {
	const uint8_t *base, *p, *end;
	bool pinned;        /* the next segment's instance is row.instance */
	size_t offset;      /* of the row last read, in the track's code */
	bool segment_start; /* it began a segment */
	report_coded row;
} report_cursor;

/* A cursor on T's rows from OFFSET (0, or a segment's start as
 * report_cursor.offset gave it: the instance is then INSTANCE). */
void report_cursor_init(report_cursor *c, const report_track *t, size_t offset,
			uint32_t instance);

/* The next row into C->row. Returns false at the end of the code. */
bool report_cursor_next(report_cursor *c);

/* Write a runner row as one runs.csv line. */
void report_write_run(FILE *out, const run_row *row);

/* The reader: runs.csv line by line, each row parsed whole and handed to
 * a function, which keeps of it what it needs. */
typedef struct report_read_row {
	const char *dataset, *instance, *algorithm, *heuristic; /* instance NULL: prepare */
	report_row v;         /* the indices in it are not set */
	const char *line;     /* the line as read, without its line break */
	size_t len;
	const char *path;     /* where it is, for messages: "PATH:LINENO" */
	unsigned lineno;
	uint64_t start, end;  /* the offsets of the line and just past its line break */
} report_read_row;

/* What the function does with a row: 0 goes on, -1 stops the reading
 * (with why in ERR). */
typedef int (*report_read_fn)(void *arg, const report_read_row *row, char *err, size_t errlen);

/* How a file ended. */
typedef struct report_read_end {
	unsigned lines;   /* complete lines, the header included */
	uint64_t good;    /* the offset past the last complete line */
	bool torn;        /* bytes after it with no line break: a row being
			   * written when the writer died */
} report_read_end;

/* Read the runs.csv stream IN (named PATH in messages), handing each row to
 * FN. Columns are found by name; unknown ones are ignored, rss_bytes and
 * batch may be missing (older files: batch is then 1 where a time was
 * measured). A file with a header and no rows is fine; with TORN_OK, a
 * last line with no line break is left out and said in *END (else it is
 * read as a line). Reads in large blocks; nothing is allocated per row.
 * Returns 0, or -1 with "PATH: why" or "PATH:LINE: what is wrong" in ERR. */
int report_read(FILE *in, const char *path, bool torn_ok, report_read_fn fn, void *arg,
		report_read_end *end, char *err, size_t errlen);

/* Read rows that have no header, in this bench's columns, from TEXT
 * (LEN bytes of whole lines; rows from another process), handing each to
 * FN; WHO names them in messages. Returns 0, or -1 with why in ERR. */
int report_read_text(const char *text, size_t len, const char *who, report_read_fn fn,
		     void *arg, char *err, size_t errlen);

/* Keep the row (a report_read_fn; ARG the report). */
int report_keep_read(void *arg, const report_read_row *row, char *err, size_t errlen);

/* Read runs.csv at PATH into R (added to what R holds), as report_read
 * reads it. Returns 0, or -1 with why in ERR. */
int report_load(report *r, const char *path, char *err, size_t errlen);

/* The same from the stream IN (PATH its name in messages): a runs.csv in
 * memory (fmemopen), or a file opened otherwise. */
int report_load_stream(report *r, FILE *in, const char *path, char *err, size_t errlen);

#endif
