/* The timer (harness/engine/timer.c): batches of real solves, each with a
 * fresh search, sized until the interval reaches its target; the figures
 * per solve; the wall interval free of CPU-clock reads; the floor. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "harness/engine/timer.h"

#define THRESHOLD_NS 50000u
#define TARGET_NS 1000000u
/* Rounds of the clock-order test: the least overhead is kept. */
#define ROUNDS 201
/* The clock-order test needs a CPU clock this many times dearer than the
 * wall clock (on Linux a system call against a vDSO read: 10 to 30). */
#define CPU_TO_WALL 4

static unsigned calls;
static uint64_t inside_ns; /* the last solve's own view of its duration */

/* Counts its calls; each must find a fresh search (nothing counted yet). */
static pb_status counting_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start;
	cr_assert_eq(s->expanded, 0, "call %u: the search was not fresh", calls + 1);
	cr_assert_eq(s->meter.peak, 0, "call %u: the meter was not fresh", calls + 1);
	cr_assert_eq(s->message[0], '\0', "call %u: an old message", calls + 1);
	s->expanded = 1;
	snprintf(s->message, sizeof(s->message), "call %u", calls + 1);
	calls++;
	out->length = 0;
	return PB_SOLVED;
}

/* Times itself with the wall clock, from inside. */
static pb_status self_timing_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	uint64_t t0 = pb_wall_ns();

	(void)ctx, (void)start, (void)s;
	out->length = 0;
	inside_ns = pb_wall_ns() - t0;
	return PB_SOLVED;
}

static const pb_solver counting = { .name = "test-counting", .solve = counting_solve };
static const pb_solver self_timing = { .name = "test-self-timing", .solve = self_timing_solve };
static const pb_state nowhere;

Test(timer, a_batch_is_k_real_solves_each_with_a_fresh_search)
{
	timer_solve t = { .solver = &counting, .start = &nowhere };
	timer_batch b;
	pb_path path;

	calls = 0;
	timer_run(&t, 37, &b, &path);
	cr_assert_eq(calls, 37, "%u solves for a batch of 37", calls);
	cr_assert_eq(b.k, 37);
	cr_assert_eq(b.search.expanded, 1, "the counters are the first solve's");
	cr_assert_str_eq(b.search.message, "call 1", "the message is the first solve's");
	cr_assert_eq(b.mismatches, 0);
}

Test(timer, batches_grow_until_the_interval_reaches_the_target)
{
	timer_solve t = { .solver = &counting, .start = &nowhere };
	timer_plan p = { .threshold_ns = THRESHOLD_NS, .target_ns = TARGET_NS };
	timer_batch b;
	pb_path path;
	unsigned k;

	calls = 0;
	timer_measure(&t, &p, 0, &b, &path);
	cr_assert_gt(b.k, 1, "a solve that returns at once, timed alone");
	cr_assert(b.wall_ns >= TARGET_NS || b.k == TIMER_MAX_BATCH,
		  "a batch of %u took %llu ns, short of the %u ns target", b.k,
		  (unsigned long long)b.wall_ns, TARGET_NS);
	/* a known size is used as it is */
	k = b.k;
	calls = 0;
	timer_measure(&t, &p, k, &b, &path);
	cr_assert_eq(calls, k);
	cr_assert_eq(b.k, k);
	/* no plan: alone */
	calls = 0;
	timer_measure(&t, &(timer_plan){ 0 }, 0, &b, &path);
	cr_assert_eq(b.k, 1);
	cr_assert_eq(calls, 1);
}

Test(timer, figures_per_solve_are_rounded_shares_of_the_interval)
{
	cr_assert_eq(timer_per_solve(1000, 1), 1000);
	cr_assert_eq(timer_per_solve(1000, 3), 333);
	cr_assert_eq(timer_per_solve(1001, 2), 501);
	cr_assert_eq(timer_per_solve(999, 1000), 1);
	cr_assert_eq(timer_per_solve(1000, 0), 0);
}

/* The floor without batches into F; the test is skipped where the CPU
 * clock is too cheap to be told from the wall clock. */
static void floor_with_a_dear_cpu_clock(timer_floor *f)
{
	timer_measure_floor(0, f);
	if (f->cpu_clock_ns < CPU_TO_WALL * f->wall_clock_ns)
		cr_skip_test("the CPU clock (%.0f ns) is too cheap here to be told from the wall "
			     "clock (%.0f ns)", f->cpu_clock_ns, f->wall_clock_ns);
}

/* The wall interval holds the solve and the wall reads, not a read of
 * the CPU clock (a system call, many times the wall clock's cost): the
 * least overhead over many rounds stays below half a CPU-clock read. */
Test(timer, no_cpu_clock_read_inside_the_wall_interval)
{
	timer_solve t = { .solver = &self_timing, .start = &nowhere };
	uint64_t least = UINT64_MAX;
	timer_floor f;
	timer_batch b;
	pb_path path;

	floor_with_a_dear_cpu_clock(&f);
	for (int r = 0; r < ROUNDS; r++) {
		timer_run(&t, 1, &b, &path);
		if (b.wall_ns - inside_ns < least)
			least = b.wall_ns - inside_ns;
	}
	cr_assert_lt((double)least, f.cpu_clock_ns / 2,
		     "the wall interval adds %llu ns to the solve; a CPU-clock read costs %.0f ns",
		     (unsigned long long)least, f.cpu_clock_ns);
}

Test(timer, the_floor_and_the_clocks_are_measured)
{
	timer_floor f;

	timer_measure_floor(THRESHOLD_NS, &f);
	cr_assert_gt(f.floor_ns, 0);
	cr_assert_gt(f.wall_clock_ns, 0);
	cr_assert_gt(f.cpu_clock_ns, 0);
	cr_assert_eq(f.batch_threshold_ns, THRESHOLD_NS);
	cr_assert_geq(f.batch_target_ns, TIMER_MIN_TARGET_NS);
	cr_assert_geq((double)f.batch_target_ns + 1, TIMER_CLOCK_MULTIPLE * f.wall_clock_ns,
		      "target %llu ns for a wall read of %.1f ns", (unsigned long long)f.batch_target_ns,
		      f.wall_clock_ns);
	cr_assert_geq((double)f.batch_target_ns + 1, TIMER_CLOCK_MULTIPLE * f.cpu_spread_ns,
		      "target %llu ns for a CPU interval's spread of %.1f ns",
		      (unsigned long long)f.batch_target_ns, f.cpu_spread_ns);
	/* an empty interval holds a wall read at least, and its CPU interval
	 * the wall reads too */
	cr_assert_gt(f.wall_taken_ns, 0);
	cr_assert_geq(f.cpu_taken_ns, f.wall_taken_ns);
	cr_assert_eq(timer_plan_of(&f).target_ns, f.batch_target_ns);
	cr_assert_eq(timer_plan_of(&f).cpu_taken_ns, (uint64_t)f.cpu_taken_ns);
	timer_measure_floor(0, &f);
	cr_assert_eq(f.batch_target_ns, 0, "no batches: no target");
	cr_assert_gt(f.floor_ns, 0);
}

/* Spins for SPIN_NS of wall time. */
#define SPIN_NS 30000u
static pb_status spinning_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	uint64_t t0 = pb_wall_ns();

	(void)ctx, (void)start, (void)s;
	while (pb_wall_ns() - t0 < SPIN_NS)
		;
	out->length = 0;
	return PB_SOLVED;
}

static const pb_solver spinning = { .name = "test-spinning", .solve = spinning_solve };

/* The clocks' cost is taken off each interval: a solve that spins on the
 * CPU is as long on both clocks once the CPU clock's read (a system call,
 * in the CPU interval only) is off, where before it would be a read
 * longer; an empty solve reports about nothing. The least over rounds
 * (a round another process breaks into is longer on the wall clock). */
Test(timer, the_clocks_cost_is_taken_off_each_interval)
{
	timer_solve spin = { .solver = &spinning, .start = &nowhere };
	timer_solve empty = { .solver = &self_timing, .start = &nowhere };
	uint64_t least_gap = UINT64_MAX, least_empty = UINT64_MAX;
	timer_floor f;
	timer_plan p;
	timer_batch b;
	pb_path path;

	floor_with_a_dear_cpu_clock(&f);
	p = timer_plan_of(&f);
	cr_assert_eq(p.threshold_ns, 0, "no batches");
	for (int r = 0; r < 21; r++) {
		uint64_t gap;

		timer_measure(&spin, &p, 0, &b, &path);
		cr_assert_eq(b.k, 1);
		gap = b.cpu_ns > b.wall_ns ? b.cpu_ns - b.wall_ns : b.wall_ns - b.cpu_ns;
		if (gap < least_gap)
			least_gap = gap;
		timer_measure(&empty, &p, 0, &b, &path);
		if (b.cpu_ns < least_empty)
			least_empty = b.cpu_ns;
	}
	cr_assert_lt((double)least_gap, f.cpu_clock_ns / 2,
		     "CPU and wall figures of a spinning solve differ by %llu ns; a CPU-clock read "
		     "costs %.0f ns", (unsigned long long)least_gap, f.cpu_clock_ns);
	cr_assert_lt((double)least_empty, f.cpu_clock_ns / 2,
		     "an empty solve's CPU figure is %llu ns; a CPU-clock read costs %.0f ns",
		     (unsigned long long)least_empty, f.cpu_clock_ns);
}
