/* Reading meta.json back (meta.c writes it): what the charts, the
 * comparison, the merge and the tables take from it. A merged run's
 * meta.json holds its shards' whole meta.json files; the machine and the
 * build are then its first shard's, and the timer the worst over them. */
#ifndef META_READ_H
#define META_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "harness/io/json.h"

/* The harness's timing floor as 'bench run' measured it ("timer"): the
 * cost of an empty timed solve, of one read of each clock, the time under
 * which solves are timed in batches and the batches' target, and the
 * clocks' cost taken off each interval. 0: not recorded (runs before the
 * target and the taking off have the first four). */
typedef struct meta_timer {
	double floor_ns, wall_clock_ns, cpu_clock_ns, batch_threshold_ns;
	double batch_target_ns, wall_taken_ns, cpu_taken_ns;
} meta_timer;

typedef struct meta_info {
	json_doc doc;            /* the whole file (doc.text its bytes) */
	bool present;            /* the file was there and read */
	bool merged;             /* written by 'bench merge' */
	const json_value *root;  /* NULL when not present */
	const json_value *about; /* what holds "machine", "build" and "datasets": the
				  * root, or a merged run's first shard's meta.json */
	/* Strings from the file, "" where it has none. */
	const char *cpu, *date, *outcome;
	const char *build_type, *compiler, *flags, *git_revision;
	bool sanitized;
	meta_timer timer;
	/* The round trip to a long-lived outside program ("external":
	 * {"round_trip": {"median_ns"}}), the floor under its times; a merged
	 * run's the worst of its shards'. 0: not recorded (no such program, or
	 * a run from before it was). */
	double round_trip_ns;
} meta_info;

/* An empty M: no file, every string "". */
void meta_info_init(meta_info *m);

/* Read meta.json at PATH into M. Returns 0 (M->present false when there is
 * no such file), or -1 with "PATH: why" or "PATH:LINE: what is wrong" in
 * ERR, M then empty but usable. meta_info_release frees M either way. */
int meta_read(meta_info *m, const char *path, char *err, size_t errlen);

/* The same from the N bytes at TEXT (a meta.json in memory; NAME in
 * messages, "NAME:LINE: what is wrong"). */
int meta_parse(meta_info *m, const char *text, size_t n, const char *name, char *err,
	       size_t errlen);

void meta_info_release(meta_info *m);

/* Whether SOLVER (a runs.csv algorithm: a name, or a variant
 * "NAME:KEY=VALUE") is a long-lived outside program (--solver) by M's
 * "outside_solvers", or a merged run's shards'. A one-shot program
 * (--solver-once) is not: no time floor of its starts is recorded. */
bool meta_long_lived(const meta_info *m, const char *solver);

/* The "timer" member of object V (a meta.json's root) into T; members it
 * lacks stay 0. Returns whether V has one. */
bool meta_read_timer(const json_value *v, meta_timer *t);

/* Keep in T the larger of each of its members and U's. */
void meta_timer_max(meta_timer *t, const meta_timer *u);

#endif
