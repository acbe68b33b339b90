/* A campaign: what 'bench run' is asked to do, as far as its rows depend
 * on it: the datasets (name and a checksum of their contents), the units
 * of work on each (a solver and the heuristic of its rows, "-" for a blind
 * one), and the options that shape the rows: repeats, warm-ups, the limits
 * as asked (a default limit is told apart from a given one), the batch
 * threshold, isolation, the shard and the part of each dataset chosen
 * (--instances, --limit).
 *
 * meta.json records it (written at the start of a run and again at its
 * end, so that a run killed midway has it): the members "options",
 * "algorithms", "heuristics", "dataset_checksums" and "units" (and the
 * batch threshold in force, which meta.c writes in "timer"). 'bench run --resume'
 * reads it back and refuses to continue a run whose campaign differs from
 * the one given, saying what differs; with --extend the given campaign
 * may add to the one on record (datasets, units, repeats) and nothing
 * else. This file is the one writer and reader of those members. */
#ifndef CAMPAIGN_H
#define CAMPAIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "harness/io/json.h"

typedef struct campaign_dataset {
	const char *name;
	uint64_t checksum; /* shard_dataset_checksum */
} campaign_dataset;

typedef struct campaign_unit {
	const char *dataset, *algorithm, *heuristic; /* heuristic: the rows' column */
} campaign_unit;

typedef struct campaign {
	campaign_dataset *datasets;
	size_t ndatasets, datasets_cap;
	campaign_unit *units;
	size_t nunits, units_cap;
	unsigned repeat, warmup;
	uint64_t time_limit_ns, prepare_limit_ns, mem_limit; /* 0: none */
	unsigned defaults;           /* RUNNER_DEFAULT_TIME, RUNNER_DEFAULT_MEM */
	uint64_t batch_threshold_ns; /* 0: no batches */
	bool isolate;
	unsigned shard_k, shard_n;   /* shard_n = 0: the whole campaign */
	const char *cache_dir;       /* for the record only; NULL: the default */
	const char *instances;       /* --instances as given; NULL: every instance */
	uint64_t limit;              /* --limit; 0: none */
} campaign;

/* The strings a campaign points to are its caller's (the datasets' and
 * solvers' names, or a meta.json document's): they must outlive it. */
void campaign_init(campaign *c);
void campaign_release(campaign *c);

/* Add a dataset, or a unit. Returns 0, or -1 when out of memory. */
int campaign_add_dataset(campaign *c, const char *name, uint64_t checksum);
int campaign_add_unit(campaign *c, const char *dataset_name, const char *algorithm,
		      const char *heuristic);

/* Write C's members of meta.json ("options", "algorithms", "heuristics",
 * "dataset_checksums", "units"), each ending in a comma, as meta.c writes
 * members. */
void campaign_write(FILE *out, const campaign *c);

/* Read the campaign meta.json's root ROOT records into C (its strings point
 * into the document). Returns 0, or -1 with why in ERR (a member missing
 * or malformed: a meta.json of an older bench, or not a run's). */
int campaign_read(campaign *c, const json_value *root, char *err, size_t errlen);

/* How NOW differs from OLD, the campaign on record: "; "-separated, into
 * BUF (e.g. "heuristics: 'manhattan' on record, 'linear-conflict' given").
 * With EXTEND, NOW may add datasets and units and more repeats, and only
 * what it leaves out or changes counts. Returns whether they differ. */
bool campaign_differs(const campaign *old, const campaign *now, bool extend, char *buf,
		      size_t size);

#endif
