/* How many workers the layered builds take by default (workers.h): the
 * processors this process may run on, its affinity, not all those online
 * (taskset, a container's or a Slurm task's cpuset); a count asked for is
 * taken as it is, up to the cap. */
#define _GNU_SOURCE /* sched_setaffinity, CPU_SET */
#include <criterion/criterion.h>
#include <sched.h>
#include <unistd.h>

#include "algorithms/core/workers.h"

Test(workers, the_default_is_the_processors_of_the_affinity)
{
	cpu_set_t all, one;
	int cpu = -1;

	cr_assert_eq(sched_getaffinity(0, sizeof(all), &all), 0);
	cr_assert_eq(pb_workers_count(0, PB_WORKERS_MAX),
		     CPU_COUNT(&all) < PB_WORKERS_MAX ? CPU_COUNT(&all) : PB_WORKERS_MAX);
	for (int c = 0; c < CPU_SETSIZE && cpu < 0; c++)
		if (CPU_ISSET(c, &all))
			cpu = c;
	cr_assert_geq(cpu, 0);
	/* this test's process alone (Criterion runs each test in its own) */
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	cr_assert_eq(sched_setaffinity(0, sizeof(one), &one), 0);
	cr_assert_eq(pb_workers_count(0, PB_WORKERS_MAX), 1,
		     "one processor allowed, %d workers", pb_workers_count(0, PB_WORKERS_MAX));
	cr_assert_eq(pb_workers_count(16, PB_WORKERS_MAX), 16);
	cr_assert_eq(pb_workers_count(100, PB_WORKERS_MAX), PB_WORKERS_MAX);
	cr_assert_eq(pb_workers_count(0, 1), 1);
}
