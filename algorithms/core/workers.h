/* Workers on threads of their own: the layered builds (pattern databases,
 * the two-bit breadth-first search) and KRE's sweep share a layer's work
 * out by chunks that each worker takes from a shared counter, so a worker
 * whose thread could not start leaves its share to the others. */
#ifndef PB_WORKERS_H
#define PB_WORKERS_H

#include <stddef.h>

/* The most workers pb_workers_run starts threads for, and the most the
 * layered builds and the sweep take (PB_PDB_MAX_THREADS and the others):
 * by default they take one a processor, up to this. */
#define PB_WORKERS_MAX 64

/* How many workers to run: THREADS where it is above 0, else the
 * processors this process may run on (its affinity: taskset, a container's
 * or a Slurm task's cpuset; else those online); at least 1, at most MAX. */
int pb_workers_count(int threads, int max);

/* Run FN on each of N workers (N >= 1) and wait for all of them: worker
 * I's argument is BASE + I * SIZE. Worker 0 runs on this thread, the
 * others each on a thread of its own, all started before worker 0 begins.
 * Returns how many of those threads could not start (those past
 * PB_WORKERS_MAX included): their workers never ran (with chunks from a
 * shared counter, the others did their share). */
int pb_workers_run(void *(*fn)(void *), void *base, size_t size, int n);

#endif
