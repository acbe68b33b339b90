/* Monotonic wall clock and process CPU clock, in nanoseconds. */
#ifndef PB_CLOCK_H
#define PB_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t pb_clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t pb_wall_ns(void)
{
	return pb_clock_ns(CLOCK_MONOTONIC);
}

static inline uint64_t pb_cpu_ns(void)
{
	return pb_clock_ns(CLOCK_PROCESS_CPUTIME_ID);
}

#endif
