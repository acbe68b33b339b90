/* Workers on threads of their own (see workers.h). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "workers.h"

#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <unistd.h>

/* The processors this process may run on: those of its affinity mask
 * (taskset, a container's or a Slurm task's cpuset), else those online. */
static long processors(void)
{
	cpu_set_t set;

	if (!sched_getaffinity(0, sizeof(set), &set) && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
	return sysconf(_SC_NPROCESSORS_ONLN);
}

int pb_workers_count(int threads, int max)
{
	long n = threads > 0 ? threads : processors();

	if (n < 1)
		n = 1;
	return n > max ? max : (int)n;
}

int pb_workers_run(void *(*fn)(void *), void *base, size_t size, int n)
{
	pthread_t threads[PB_WORKERS_MAX];
	bool started[PB_WORKERS_MAX] = { false };
	char *arg = base;
	int failed = 0;

	assert(n >= 1);
	for (int i = 1; i < n && i < PB_WORKERS_MAX; i++)
		started[i] = !pthread_create(&threads[i], NULL, fn, arg + (size_t)i * size);
	fn(arg);
	for (int i = 1; i < n; i++) {
		if (i < PB_WORKERS_MAX && started[i])
			pthread_join(threads[i], NULL);
		else
			failed++;
	}
	return failed;
}
