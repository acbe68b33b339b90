/* Shards: one campaign (datasets x solvers x instances, with the same
 * options) cut into N parts that separate processes or machines run, and
 * joined again by 'bench merge' (or by rank 0 of an MPI run).
 *
 * The unit of work is one instance for one runner unit (a solver with its
 * heuristic). The split is a greedy longest-processing-time assignment:
 * the units sorted by expected cost (largest first; ties by a hash of
 * dataset name, instance id, solver and heuristic, then by position), each given to the part with the least expected cost so
 * far (ties: the lowest part). Costs are integers computed from the
 * datasets' contents alone (reference length, domain, solver), so every
 * machine makes the same split: no floating point, whose last bits may
 * differ between libraries and processors.
 *
 * A campaign's identity is a hash of the datasets' contents (not their
 * paths), the solvers with their heuristics, the options that change the
 * rows (repeats, warm-ups, limits as asked: a default limit enters as
 * "default", so that parts on machines of other sizes agree) and N; each shard's meta.json records it with K, the
 * host and the times, so that a merge can refuse parts of different
 * campaigns, a part twice or a part missing, and notice parts that ran at
 * the same time on one host. */
#ifndef SHARD_H
#define SHARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "algorithms/solvers/solver.h"
#include "harness/io/dataset.h"
#include "harness/engine/runner.h"

/* Most parts a campaign is cut into. */
#define SHARD_MAX 100000
/* Room for a host name. */
#define SHARD_HOST_MAX 256

/* Part K of N (1-based); N = 0: the whole campaign. */
typedef struct shard_spec {
	unsigned k, n;
} shard_spec;

/* Parse "K/N" (1 <= K <= N <= SHARD_MAX) into S. Returns 0 or -1. */
int shard_parse(const char *text, shard_spec *s);

/* The runner units of dataset I (as 'bench run' chose them) into OUT,
 * which has room for RUNNER_MAX_UNITS. Returns the count. */
typedef size_t (*shard_units_fn)(void *arg, size_t i, runner_unit *out);

/* A campaign's split: for each dataset, runner unit and instance, its part. */
typedef struct shard_plan {
	shard_spec spec;
	size_t ndatasets;
	size_t *offset;       /* per dataset: its first unit in PART */
	size_t *ninstances;   /* per dataset */
	uint32_t *part;       /* per unit (dataset, runner unit, instance): 0..n-1 */
	size_t units;         /* in the campaign */
	size_t mine;          /* units in part K */
	uint64_t cost_total;  /* expected cost of the campaign ... */
	uint64_t cost_mine;   /* ... and of part K */
	uint64_t identity;    /* the campaign's hash */
	uint64_t datasets_hash, algorithms_hash, options_hash; /* its components */
	const dataset *datasets; /* the caller's, for meta.json */
	uint64_t *checksums;  /* per dataset: shard_dataset_checksum */
} shard_plan;

/* Plan SPEC over the NDATASETS datasets DS, whose runner units UNITS_OF
 * gives, with options O (they enter the identity). With SPEC.n = 0 the
 * plan covers everything (part 1 of 1). Returns 0, or -1 when out of
 * memory. Free with shard_plan_release. */
int shard_plan_build(shard_plan *p, shard_spec spec, const dataset *ds, size_t ndatasets,
		     shard_units_fn units_of, void *arg, const runner_options *o);

void shard_plan_release(shard_plan *p);

/* The part (0-based) of instance I of dataset D for its runner unit
 * number U. */
unsigned shard_part(const shard_plan *p, size_t d, size_t u, size_t i);

/* The instances of dataset D that runner unit number U solves in this
 * part (without a split, all of them). */
size_t shard_unit_mine(const shard_plan *p, size_t d, size_t u);

/* Solves runner_run will do for dataset D in this part (as runner_work). */
uint64_t shard_work(const shard_plan *p, size_t d, const dataset *ds, size_t nunits,
		    const runner_options *o);

/* Run this part of dataset D (DS) with its UNITS: each unit that has
 * instances here is prepared and run over them (a unit with none here is
 * not prepared). Without a split, runner_run as is. Returns runner_run's
 * value. */
int shard_run(const shard_plan *p, size_t d, const dataset *ds, const runner_unit *units,
	      size_t nunits, const runner_options *o, const runner_hooks *hooks);

/* Expected cost of solving IN on D with solver S: an integer model (nodes
 * to expand, roughly), larger for deeper instances and blinder solvers. */
uint64_t shard_cost(const pb_solver *s, const pb_domain *d, const dataset_instance *in);

/* A checksum of DS's contents: domain, goal, and each instance's id,
 * state and reference (so CRLF and comments do not change it). */
uint64_t shard_dataset_checksum(const dataset *ds);

/* Who ran a part and when: what meta.json records beside the plan. */
typedef struct shard_info {
	const shard_plan *plan;
	char host[SHARD_HOST_MAX];
	uint64_t started_ns, ended_ns; /* CLOCK_REALTIME */
	/* MPI: ranks in all, and how many of them ran on this host (rank 0's);
	 * 0 when not an MPI run */
	unsigned ranks, ranks_on_host;
	const char *hosts_json; /* MPI: [{"host":..,"ranks":..},...], or NULL */
} shard_info;

/* Fill the host name and the start time. */
void shard_info_start(shard_info *si, const shard_plan *p);

/* Nanoseconds since the epoch (CLOCK_REALTIME). */
uint64_t shard_now_ns(void);

/* meta.json's "campaign" and "concurrency" members (a meta_run extra:
 * ARG is a shard_info). */
void shard_meta_write(FILE *out, const void *arg);

/* The concurrency warning under the summary table, when solves ran side
 * by side on one host. */
void shard_print_warnings(FILE *out, const shard_info *si);

/* Join the runs.csv streams IN[0..n) (NAMES name them in messages) into
 * OUT: the header once (all must have the same), each solve row as it is,
 * and one preparation row per dataset, algorithm and heuristic: the first
 * that failed, else the first (each part prepares its own solvers). The
 * streams are read twice (rewound). Returns 0, or -1 with "NAME:LINE: what
 * is wrong" in ERR. */
int shard_join(FILE *out, FILE *const *in, const char *const *names, size_t n, char *err,
	       size_t errlen);

#endif
