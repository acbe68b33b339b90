#include "solver.h"

#include <string.h>

const char *pb_status_name(pb_status s)
{
	static const char *const names[] = {
		[PB_SOLVED] = "ok",
		[PB_UNSOLVABLE] = "unsolvable",
		[PB_TIMEOUT] = "timeout",
		[PB_MEMOUT] = "memout",
		[PB_UNSUPPORTED] = "unsupported",
		[PB_STOPPED] = "interrupted",
		[PB_FAILED] = "error",
		[PB_WRONG] = "wrong",
		[PB_CRASHED] = "crash",
	};
	return names[s];
}

void pb_search_init(pb_search *s, size_t mem_limit, uint64_t time_limit_ns,
		    const volatile sig_atomic_t *stop)
{
	memset(s, 0, sizeof(*s));
	pb_meter_init(&s->meter, mem_limit);
	s->deadline_ns = time_limit_ns ? pb_wall_ns() + time_limit_ns : 0;
	s->stop = stop;
	s->poll_countdown = PB_POLL_INTERVAL;
}

pb_status pb_search_check(pb_search *s)
{
	s->poll_countdown = PB_POLL_INTERVAL;
	if (s->stop && *s->stop)
		return PB_STOPPED;
	if (s->deadline_ns && pb_wall_ns() >= s->deadline_ns)
		return PB_TIMEOUT;
	return PB_SOLVED;
}

pb_status pb_search_can_afford(pb_search *s, uint64_t ns)
{
	if (s->deadline_ns && pb_wall_ns() + ns >= s->deadline_ns)
		return PB_TIMEOUT;
	return pb_search_check(s);
}

pb_status pb_search_alloc_failed(pb_search *s)
{
	if (s->meter.refused)
		return PB_MEMOUT;
	/* below the meter's limit: the system refused (an address-space
	 * limit, ulimit -v; no overcommit): out of memory all the same, and
	 * the message tells the harness it was not the limit */
	strcpy(s->message, "the system refused memory");
	return PB_MEMOUT;
}
