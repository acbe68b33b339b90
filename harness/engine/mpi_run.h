/* 'bench run' under MPI (an optional build: CMake option PB_MPI, Open MPI).
 * Started by an MPI launcher ('mpirun -np N bench run ...'), each rank runs
 * one shard of the campaign (rank r: part r+1 of N, as 'bench run --shard'
 * would). Rank 0 alone writes files and talks: runs.csv is the journal of
 * the whole job. The other ranks send their rows to it as they go, in
 * chunks of at most MPI_ROWS_CHUNK bytes or MPI_ROWS_INTERVAL_NS old,
 * holding no more than MPI_ROWS_IN_FLIGHT chunks (so their memory does not
 * grow with the rows); rank 0 takes them between its own solves and
 * appends them to runs.csv, keeping one preparation row per series and
 * dataset (the first), and at the end writes summary.csv and meta.json and
 * prints the table.
 *
 * A rank that dies (killed, crashed): the launcher stops the others;
 * rank 0, stopped, waits for the other ranks' last rows at most
 * MPI_LOST_NS, then says which ranks did not report, writes the summary of
 * what is on record and meta.json 'interrupted', and ends. Rows of a
 * rank not yet sent are lost, and 'bench run --resume' (under mpirun, or
 * not) does them again: rank 0 reads the journal and shares with every
 * rank what is on record (mpi_job_share), and each rank resumes its part.
 *
 * Without PB_MPI, or when not started by a launcher, nothing here does
 * anything and 'bench run' is what it always is. */
#ifndef MPI_RUN_H
#define MPI_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A rank sends its rows to rank 0 in chunks of about this many bytes, or
 * older than this; at most this many chunks on their way. */
#define MPI_ROWS_CHUNK ((size_t)64 << 10)
#define MPI_ROWS_INTERVAL_NS 100000000ULL
#define MPI_ROWS_IN_FLIGHT 4
/* Rank 0 looks for rows come at most this often. */
#define MPI_POLL_NS 5000000ULL
/* Stopped, rank 0 waits this long for a rank's last rows. */
#define MPI_LOST_NS 300000000ULL

typedef struct mpi_stream mpi_stream; /* the rows on their way (mpi_run.c) */

typedef struct mpi_job {
	bool active;            /* false: a plain process */
	int rank, size;
	unsigned ranks_on_host; /* ranks on this rank's host, itself included */
	char *hosts_json;       /* [{"host": ..., "ranks": n}, ...] (ours to free) */
	mpi_stream *stream;
	bool lost;              /* a rank never reported its end */
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

/* Rank 0's LEN bytes at BUF to every rank (collective). Returns 0, or -1
 * (every rank then fails). Without MPI, 0. */
int mpi_job_share(mpi_job *j, void *buf, size_t len);

/* Ranks but 0: where the next rows go (runs.csv lines, no header), or
 * NULL when out of memory. */
FILE *mpi_job_rows(mpi_job *j);

/* Ranks but 0, after a row: send the rows written when they are a chunk
 * or old enough. Returns 0, or -1 when out of memory. */
int mpi_job_send(mpi_job *j);

/* Ranks but 0, before an anytime solve's row: send its answers, LEN
 * bytes of anytime.csv lines at TEXT (copied). Returns 0, or -1 when out
 * of memory. */
int mpi_job_send_answers(mpi_job *j, const char *text, size_t len);

/* What rank 0 does with rows of RANK that have come: LEN bytes of whole
 * runs.csv lines at TEXT, or with ANSWERS of anytime.csv lines. Returns
 * 0, or -1 to say the rows are lost. */
typedef int (*mpi_rows_fn)(void *arg, int rank, bool answers, const char *text, size_t len);

/* Rank 0: hand the rows that have come to FN (when MPI_POLL_NS has passed
 * since it last looked). Returns 0, or -1 when FN failed. */
int mpi_job_poll(mpi_job *j, mpi_rows_fn fn, void *arg);

/* The end of the run (collective). Ranks but 0 send their last rows and
 * their STOPPED flag. Rank 0 hands every rank's rows to FN until each has
 * ended, and sets *STOPPED when any rank stopped; once STOP is set (a
 * signal) it waits no more than MPI_LOST_NS for a rank that has not ended,
 * and returns -1 naming those in ERR (J->lost set; *STOPPED too). Returns 0,
 * or -1 with a message in ERR. Without MPI, 0. */
int mpi_job_finish(mpi_job *j, const volatile sig_atomic_t *stop, int *stopped,
		   mpi_rows_fn fn, void *arg, char *err, size_t errlen);

/* Leave the job (MPI_Finalize, but where a rank was lost: it would wait
 * for it) and free what J holds. */
void mpi_job_end(mpi_job *j);

#endif
