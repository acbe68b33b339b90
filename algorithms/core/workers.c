/* Workers on threads of their own (see workers.h). */
#include "workers.h"

#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>

int pb_workers_count(int threads, int max)
{
	long n = threads > 0 ? threads : sysconf(_SC_NPROCESSORS_ONLN);

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
