/* 'bench run' under MPI (an optional build: CMake option PB_MPI, Open MPI).
 * Started by an MPI launcher ('mpirun -np N bench run ...'), each rank runs
 * one shard of the campaign (rank r: part r+1 of N, as 'bench run --shard'
 * would), keeps its rows in memory, and hands them to rank 0 at the end;
 * rank 0 writes runs.csv (its own rows as they come, then the others', with
 * one preparation row per solver as 'bench merge' keeps), summary.csv and
 * meta.json, and prints the table. Without PB_MPI, or when not started by
 * a launcher, nothing here does anything and 'bench run' is what it always
 * is. */
#ifndef MPI_RUN_H
#define MPI_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "harness/report/report.h"

typedef struct mpi_job {
	bool active;            /* false: a plain process */
	int rank, size;
	unsigned ranks_on_host; /* ranks on this rank's host, itself included */
	char *hosts_json;       /* [{"host": ..., "ranks": n}, ...] (ours to free) */
} mpi_job;

/* Whether this build can run under MPI. */
bool mpi_job_available(void);

/* Join the MPI job when this process was started by an MPI launcher and
 * the build has MPI (else J->active is false). HOST is this machine's name.
 * Returns 0, or -1 with a message in ERR. Call mpi_job_end in every case. */
int mpi_job_begin(mpi_job *j, const char *host, char *err, size_t errlen);

/* Whether every rank says OK (a collective call: every rank must make it).
 * Without MPI, OK. */
bool mpi_job_agree(mpi_job *j, bool ok);

/* The end of the run (collective). Ranks other than 0 send their rows
 * (MINE, LEN bytes of runs.csv text, header included) and their STOPPED
 * flag. Rank 0 receives them, joins them after its own rows in RUNS_PATH
 * (shard_join; the file is replaced whole), reloads REP from the result
 * and sets *STOPPED when any rank stopped. Returns 0, or -1 with a message
 * in ERR. Without MPI, 0. */
int mpi_job_collect(mpi_job *j, const char *runs_path, const char *mine, size_t len,
		    int *stopped, report *rep, char *err, size_t errlen);

/* Leave the job (MPI_Finalize) and free what J holds. */
void mpi_job_end(mpi_job *j);

#endif
