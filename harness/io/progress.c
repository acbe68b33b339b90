#include "harness/io/progress.h"

#include <stdio.h>
#include <unistd.h>

#include "algorithms/core/clock.h"
#include "harness/io/units.h"

/* Redraw at most this often. */
#define REDRAW_NS 200000000ULL

void progress_start(progress *p, const char *what, uint64_t total)
{
	p->what = what;
	p->done = 0;
	p->total = total;
	p->start_ns = pb_wall_ns();
	p->last_ns = 0;
	p->tty = isatty(STDERR_FILENO);
	p->drawn = false;
}

void progress_tick(progress *p, uint64_t n)
{
	uint64_t now, elapsed;
	char e[24], left[24];

	p->done += n;
	if (!p->tty)
		return;
	now = pb_wall_ns();
	if (p->drawn && now - p->last_ns < REDRAW_NS)
		return;
	p->last_ns = now;
	elapsed = now - p->start_ns;
	units_format_ns(elapsed, e, sizeof(e));
	if (p->done && p->done <= p->total)
		units_format_ns((uint64_t)((double)elapsed * (double)(p->total - p->done) /
					   (double)p->done), left, sizeof(left));
	else
		snprintf(left, sizeof(left), "?");
	fprintf(stderr, "\r\033[K%llu/%llu %s, %s elapsed, about %s left",
		(unsigned long long)p->done, (unsigned long long)p->total, p->what, e, left);
	p->drawn = true;
}

void progress_clear(progress *p)
{
	if (!p->drawn)
		return;
	fputs("\r\033[K", stderr);
	p->drawn = false;
}

void progress_end(progress *p)
{
	progress_clear(p);
}
