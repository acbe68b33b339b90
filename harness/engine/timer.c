#include "harness/engine/timer.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Growth of a batch between intervals, after Google Benchmark: aim this
 * far past the target (in tenths), and grow at most this many times. */
#define AIM_TENTHS 14u
#define MAX_GROWTH 10u
/* The most solves a first batch, sized from a solve alone, may have. */
#define MAX_FIRST_SIZE 10000u
/* Empty intervals timed to know the clocks' cost in one (the median is
 * taken off each measurement). */
#define EMPTY_INTERVALS 401
/* The floor's measurements: rounds (the least is kept), and reads of a
 * clock timed together in one round. */
#define FLOOR_ROUNDS 15
#define WALL_READS 20000u
#define CPU_READS 2000u

static bool answered(pb_status st)
{
	return st == PB_SOLVED || st == PB_UNSOLVABLE;
}

/* *S = *FRESH but for the message, which only a first solve's row reads:
 * a copy of the counters and limits, not of 160 bytes of text. */
static inline void renew(pb_search *s, const pb_search *fresh)
{
	enum {
		TEXT = offsetof(pb_search, message),
		AFTER = offsetof(pb_search, message) + sizeof(fresh->message),
	};

	memcpy(s, fresh, TEXT);
	memcpy((char *)s + AFTER, (const char *)fresh + AFTER, sizeof(*s) - AFTER);
	s->message[0] = '\0';
}

void timer_run(const timer_solve *t, unsigned k, timer_batch *b, pb_path *path)
{
	const pb_solver *solver = t->solver;
	pb_search fresh, s;
	pb_path spare;
	uint64_t cpu0, wall0, wall1, cpu1;

	memset(b, 0, sizeof(*b));
	b->k = k;
	/* set up outside the interval; each solve gets a copy, whose deadline
	 * counts from the interval's start */
	pb_search_init(&fresh, t->mem_limit, 0, t->stop);
	cpu0 = pb_cpu_ns();
	wall0 = pb_wall_ns();
	fresh.deadline_ns = t->time_limit_ns ? wall0 + t->time_limit_ns : 0;
	fresh.started_ns = wall0;
	b->search = fresh;
	b->search.on_answer = t->on_answer;
	b->search.answer_arg = t->answer_arg;
	b->status = solver->solve(t->ctx, t->start, &b->search, path);
	for (unsigned j = 1; j < k; j++) {
		pb_status st;

		renew(&s, &fresh);
		st = solver->solve(t->ctx, t->start, &s, &spare);
		if (__builtin_expect(st != b->status, 0) && !b->mismatches++) {
			b->mismatch_at = j + 1;
			b->other = st;
		}
		b->held |= s.meter.current;
		b->search.child_cpu_ns += s.child_cpu_ns;
		if (s.child_rss_bytes > b->search.child_rss_bytes)
			b->search.child_rss_bytes = s.child_rss_bytes;
	}
	wall1 = pb_wall_ns();
	cpu1 = pb_cpu_ns();
	b->wall_ns = wall1 - wall0;
	/* the process's CPU clock over the interval, or, for a solver that
	 * measures its child (a program outside this process), the child's
	 * CPU time summed over the k solves */
	b->cpu_ns = b->search.child_measured ? b->search.child_cpu_ns : cpu1 - cpu0;
}

uint64_t timer_per_solve(uint64_t total_ns, unsigned k)
{
	return k ? (total_ns + k / 2) / k : 0;
}

static uint64_t target_of(const timer_plan *p)
{
	return p->target_ns ? p->target_ns : p->threshold_ns;
}

/* B's intervals less the clocks' own cost in them (P's): the CPU interval
 * unless a child's CPU time stands for it. Never below zero. */
static void take_off(const timer_plan *p, timer_batch *b)
{
	b->wall_ns -= b->wall_ns > p->wall_taken_ns ? p->wall_taken_ns : b->wall_ns;
	if (!b->search.child_measured)
		b->cpu_ns -= b->cpu_ns > p->cpu_taken_ns ? p->cpu_taken_ns : b->cpu_ns;
}

/* Times a solve past the threshold is timed again before it is judged
 * too slow to batch (see timer_measure). */
#define COLD_RETRIES 3

/* Whether T may be batched under P: a plan with batches, and no time
 * limit near a batch's interval. */
static bool batchable(const timer_solve *t, const timer_plan *p)
{
	if (!p->threshold_ns)
		return false;
	return !t->time_limit_ns || t->time_limit_ns / TIMER_LIMIT_MULTIPLE >= target_of(p);
}

/* The first batch size, after a solve alone took ALONE_NS (the clock's
 * TAKEN_NS of it not the solve's), aiming at TARGET: a solve alone runs
 * no faster than in a batch, so the size falls short rather than far
 * past, and grows from there. */
static unsigned first_size(uint64_t alone_ns, uint64_t taken_ns, uint64_t target_ns)
{
	uint64_t each = alone_ns > taken_ns ? alone_ns - taken_ns : 1;
	uint64_t k = (target_ns * AIM_TENTHS / 10 + each - 1) / each;

	if (k < 2)
		k = 2;
	if (k > MAX_FIRST_SIZE)
		k = MAX_FIRST_SIZE;
	return (unsigned)k;
}

/* The next batch size after K solves took ELAPSED_NS, aiming at TARGET. */
static unsigned next_size(unsigned k, uint64_t elapsed_ns, uint64_t target_ns)
{
	uint64_t aim = target_ns * AIM_TENTHS / 10, next;

	if (elapsed_ns == 0 || aim / elapsed_ns >= MAX_GROWTH)
		next = (uint64_t)k * MAX_GROWTH;
	else
		next = ((uint64_t)k * aim + elapsed_ns - 1) / elapsed_ns;
	if (next <= k)
		next = (uint64_t)k + 1;
	return next > TIMER_MAX_BATCH ? TIMER_MAX_BATCH : (unsigned)next;
}

void timer_measure(const timer_solve *t, const timer_plan *p, unsigned known, timer_batch *b,
		   pb_path *path)
{
	uint64_t target = target_of(p);
	uint64_t lo = target < p->threshold_ns ? target : p->threshold_ns;
	uint64_t hi = target < p->threshold_ns ? p->threshold_ns : target;

	timer_run(t, known ? known : 1, b, path);
	if (known || !batchable(t, p)) {
		take_off(p, b);
		return;
	}
	/* the first solve of an instance runs cold (page faults, caches, a
	 * child's first touch of its pages, a fresh page of the allocator's):
	 * one that reached the threshold or the target, but not both, is
	 * timed alone up to COLD_RETRIES more times, the least kept, before
	 * it is called too slow to batch */
	for (int r = 0; r < COLD_RETRIES && b->wall_ns >= lo && b->wall_ns < hi &&
			    answered(b->status); r++) {
		timer_batch again;

		timer_run(t, 1, &again, path);
		if (again.wall_ns < b->wall_ns)
			*b = again;
	}
	if (b->wall_ns >= p->threshold_ns) {
		take_off(p, b);
		return;
	}
	while (b->wall_ns < target && b->k < TIMER_MAX_BATCH &&
	       answered(b->status) && !b->mismatches && !b->held && !(t->stop && *t->stop))
		timer_run(t, b->k == 1 ? first_size(b->wall_ns, p->wall_taken_ns, target)
				       : next_size(b->k, b->wall_ns, target), b, path);
	take_off(p, b);
}

/* The floor's empty solve: returns at once, as the harness times it. */
static const char *serves_any(const pb_solver *self, const pb_domain *d, const pb_config *cfg, char *why,
			      size_t whylen)
{
	(void)self;
	(void)d, (void)cfg, (void)why, (void)whylen;
	return NULL;
}

static pb_status prepare_nothing(const pb_solver *self, const pb_domain *d, const pb_config *cfg, pb_search *s,
				 void **ctx)
{
	(void)self;
	(void)d, (void)cfg, (void)s;
	*ctx = NULL;
	return PB_SOLVED;
}

static pb_status solve_nothing(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)s;
	out->length = 0;
	return PB_SOLVED;
}

static void release_nothing(void *ctx)
{
	(void)ctx;
}

static const pb_solver empty_solver = {
	.name = "empty",
	.summary = "returns at once: the harness's floor",
	.supports = serves_any,
	.prepare = prepare_nothing,
	.solve = solve_nothing,
	.release = release_nothing,
};

/* One read of CLOCK, in ns: the least round of READS reads back to back,
 * timed by the wall clock (the least: the clock's own cost, without the
 * rounds some other process broke into). */
static double clock_cost(clockid_t clock, unsigned reads)
{
	double least = 0;

	for (int r = 0; r < FLOOR_ROUNDS; r++) {
		uint64_t t0 = pb_wall_ns(), t1;
		double each;

		for (unsigned i = 0; i < reads; i++)
			(void)pb_clock_ns(clock);
		t1 = pb_wall_ns();
		each = (double)(t1 - t0) / reads;
		if (!r || each < least)
			least = each;
	}
	return least;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The clocks' own cost in an interval: EMPTY_INTERVALS intervals of T's
 * empty solve, timed alone, into F (medians, and the CPU's spread). */
static void measure_empty_intervals(const timer_solve *t, timer_floor *f)
{
	static uint64_t wall[EMPTY_INTERVALS], cpu[EMPTY_INTERVALS];
	pb_path path;

	for (int i = 0; i < EMPTY_INTERVALS; i++) {
		timer_batch b;

		timer_run(t, 1, &b, &path);
		wall[i] = b.wall_ns;
		cpu[i] = b.cpu_ns;
	}
	qsort(wall, EMPTY_INTERVALS, sizeof(wall[0]), cmp_u64);
	qsort(cpu, EMPTY_INTERVALS, sizeof(cpu[0]), cmp_u64);
	f->wall_taken_ns = (double)wall[EMPTY_INTERVALS / 2];
	f->cpu_taken_ns = (double)cpu[EMPTY_INTERVALS / 2];
	f->cpu_spread_ns = (double)(cpu[EMPTY_INTERVALS * 9 / 10] - cpu[EMPTY_INTERVALS / 2]);
}

timer_plan timer_plan_of(const timer_floor *f)
{
	return (timer_plan){
		.threshold_ns = f->batch_threshold_ns,
		.target_ns = f->batch_target_ns,
		.wall_taken_ns = (uint64_t)f->wall_taken_ns,
		.cpu_taken_ns = (uint64_t)f->cpu_taken_ns,
	};
}

void timer_measure_floor(uint64_t threshold_ns, timer_floor *f)
{
	static const pb_state nowhere;
	timer_solve t = { .solver = &empty_solver, .start = &nowhere };
	double reads;
	timer_plan p;
	timer_batch b;
	pb_path path;
	unsigned k = 0;

	memset(f, 0, sizeof(*f));
	f->wall_clock_ns = clock_cost(CLOCK_MONOTONIC, WALL_READS);
	f->cpu_clock_ns = clock_cost(CLOCK_PROCESS_CPUTIME_ID, CPU_READS);
	measure_empty_intervals(&t, f);
	f->batch_threshold_ns = threshold_ns;
	reads = TIMER_CLOCK_MULTIPLE * (f->wall_clock_ns > f->cpu_spread_ns ? f->wall_clock_ns
									       : f->cpu_spread_ns);
	f->batch_target_ns = !threshold_ns ? 0 : reads > TIMER_MIN_TARGET_NS ? (uint64_t)reads
									       : TIMER_MIN_TARGET_NS;
	/* as the runner does, but with the clocks' cost left in: the first
	 * measurement sizes the batch; the least per solve over the rounds is
	 * the floor, what the harness itself costs a solve (the call, the
	 * fresh search, the clocks' share) */
	p = timer_plan_of(f);
	p.wall_taken_ns = p.cpu_taken_ns = 0;
	for (int r = 0; r < FLOOR_ROUNDS; r++) {
		double each;

		timer_measure(&t, &p, k, &b, &path);
		k = b.k;
		each = (double)b.wall_ns / b.k;
		if (!r || each < f->floor_ns)
			f->floor_ns = each;
	}
}
