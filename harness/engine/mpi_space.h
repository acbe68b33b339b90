/* 'bench space' under MPI (issue 31; the optional PB_MPI build): the
 * two-bit breadth-first search of twobit.h with the table split over the
 * ranks. Rank r of K owns part r of K of the index (pb_twobit_part: about
 * a K-th of the table's words, its edges between the search's groups) and
 * only its codes. Each layer every rank pushes the states of its part
 * with the one-process search's loops (a tiles arrangement, a block of
 * pancake stacks, a word of codes at a time), a round of about a million
 * states at a time: a neighbour in its own part it marks at once, one in
 * another's goes to the round's outbox. After each round the ranks trade
 * their outboxes all to all (MPI_Alltoall of the sizes, MPI_Alltoallv of
 * the indices), and each marks the states it was sent; the rounds go on
 * until every rank has pushed its part, then the new states are summed
 * over the ranks (MPI_Allreduce). A rank holds its part, its frontiers
 * (a bit a group), a round's outbox and what it receives: about the
 * table's bytes over K, and a few MB.
 *
 * The codes are the one-process search's, code for code: each is the
 * distance mod 3, whichever rank found it when. Rank 0 writes the table
 * file, the ranks' slices sent to it in turn, a piece at a time: the file
 * pb_twobit_save writes of the one-process table, byte for byte. */
#ifndef MPI_SPACE_H
#define MPI_SPACE_H

#include <stdint.h>

#include "algorithms/puzzles/twobit.h"
#include "harness/engine/mpi_run.h"

typedef struct mpi_space {
	pb_twobit_part part;   /* this rank's */
	const pb_domain *d;
	uint64_t first, words; /* this rank's slice of the table's words */
	uint64_t *codes;       /* its codes, as pb_twobit's (32 a word): the part's */
	uint64_t states;       /* the index's size */
	int radius;
	uint64_t reached;      /* summed over the ranks */
	uint64_t counts[PB_TWOBIT_MAX_DEPTH + 1];
	/* this rank's: bytes of indices sent to other ranks and received
	 * from them, rounds of trading, and its peak bytes held */
	uint64_t sent, received, rounds, peak;
} mpi_space;

/* Build D's table over J's ranks into SP (collective: every rank calls
 * it), allocating through S->meter and polling its limits (a stop on any
 * rank stops them all). Returns PB_SOLVED, PB_MEMOUT (on any rank),
 * PB_STOPPED, PB_TIMEOUT, or PB_UNSUPPORTED with the reason in
 * S->message. Without PB_MPI or a launcher: PB_UNSUPPORTED. */
pb_status mpi_space_build(mpi_job *j, mpi_space *sp, const pb_domain *d, pb_search *s);

/* Write SP's table to PATH (collective): rank 0 writes the file, the
 * other ranks send it their slices. Returns 0 on every rank, or -1 on
 * every rank with a message in ERR on rank 0. */
int mpi_space_save(mpi_job *j, const mpi_space *sp, const char *path, char *err, size_t errlen);

/* Gather every rank's traffic and peak on rank 0: PER_RANK[r] gets rank
 * r's (collective; PER_RANK unused on the others). */
void mpi_space_traffic(mpi_job *j, const mpi_space *sp, mpi_space *per_rank);

void mpi_space_release(mpi_space *sp);

#endif
