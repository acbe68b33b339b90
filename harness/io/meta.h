/* meta.json: what a run's numbers depend on (machine, build, version and
 * revision, command line, datasets and their seeds, the campaign: solvers,
 * heuristics, units, limits (campaign.h), date, and the timer's own cost:
 * "timer": {"floor_ns", "wall_clock_ns", "cpu_clock_ns",
 * "batch_threshold_ns", "batch_target_ns", "wall_taken_ns", "cpu_taken_ns",
 * "cpu_spread_ns"}), written as JSON under a temporary name and renamed. */
#ifndef META_H
#define META_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "harness/engine/campaign.h"
#include "harness/engine/timer.h"
#include "harness/io/dataset.h"

typedef struct meta_run {
	int argc;
	char **argv;              /* the subcommand's argv (argv[0] = "run") */
	const dataset *datasets;  /* NDATASETS of them */
	size_t ndatasets;
	const campaign *campaign; /* what the run was asked to do */
	uint64_t started;        /* time(NULL) at the start */
	uint64_t wall_ns;        /* the whole run */
	const char *outcome;     /* "running", "complete", "interrupted" */
	const timer_floor *timer; /* the harness's measured floor, or NULL */
	/* More members, written after the others (each line "  \"key\": value,"),
	 * or NULL */
	void (*extra)(FILE *out, const void *arg);
	const void *extra_arg;
} meta_run;

/* Write M as JSON to PATH (through a temporary file). Returns 0, or -1
 * with a message in ERR. */
int meta_write(const char *path, const meta_run *m, char *err, size_t errlen);

/* Write S as a JSON string, quotes included. */
void meta_json_string(FILE *out, const char *s);

/* The git revision this binary was built from, fixed at build time: the
 * short hash of HEAD, with "-dirty" when tracked files differed from it,
 * or "unknown" where git could not tell; built from a source archive, the
 * archived commit's short hash, or "unknown" where the archive does not
 * say (scripts/revision.cmake). */
const char *meta_git_revision(void);

/* Where the sources came from: "git" (a checkout: meta_git_revision() is
 * asked of git) or "archive" (no .git: a release tarball, 'git archive'). */
const char *meta_source(void);

/* The machine's physical memory in bytes (what meta.json records). */
uint64_t meta_memory_bytes(void);

/* The version of puzzlebench (CMake's project version), as "0.1.0". */
const char *meta_version(void);

#endif
