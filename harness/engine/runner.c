#include "harness/engine/runner.h"

#include <stdio.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "harness/engine/isolate.h"

static const char *const status_names[RUN_STATUS_COUNT] = {
	[RUN_OK] = "ok",
	[RUN_UNSOLVABLE] = "unsolvable",
	[RUN_TIMEOUT] = "timeout",
	[RUN_MEMOUT] = "memout",
	[RUN_UNSUPPORTED] = "unsupported",
	[RUN_WRONG] = "wrong",
	[RUN_ERROR] = "error",
	[RUN_INTERRUPTED] = "interrupted",
	[RUN_CRASH] = "crash",
};

const char *run_status_name(run_status s)
{
	return s < RUN_STATUS_COUNT ? status_names[s] : "?";
}

int run_status_parse(const char *name)
{
	for (int i = 0; i < RUN_STATUS_COUNT; i++)
		if (!strcmp(name, status_names[i]))
			return i;
	return -1;
}

/* The solvers that take a heuristic. (The solver table has no field for
 * this yet; when it has, this list goes.) */
static const char *const informed_solvers[] = { "astar", "idastar" };

const char *runner_heuristic_of(const pb_solver *s, const pb_domain *d, const char *heuristic)
{
	const pb_heuristic_info *h;

	for (size_t i = 0; i < sizeof(informed_solvers) / sizeof(informed_solvers[0]); i++) {
		if (strcmp(s->name, informed_solvers[i]))
			continue;
		if (heuristic)
			return heuristic;
		h = pb_heuristic_default(d);
		return h ? h->name : "-";
	}
	return "-";
}

static run_status from_pb(pb_status st)
{
	switch (st) {
	case PB_SOLVED: return RUN_OK;
	case PB_UNSOLVABLE: return RUN_UNSOLVABLE;
	case PB_TIMEOUT: return RUN_TIMEOUT;
	case PB_MEMOUT: return RUN_MEMOUT;
	case PB_UNSUPPORTED: return RUN_UNSUPPORTED;
	case PB_STOPPED: return RUN_INTERRUPTED;
	case PB_FAILED: break;
	}
	return RUN_ERROR;
}

/* Replay PATH from START: 0 when it ends on the goal, else -1 with why. */
static int replay(const pb_domain *d, const pb_state *start, const pb_path *path,
		  char *note, size_t notelen)
{
	pb_state s = *start;

	if (path->length < 0 || path->length > PB_MAX_PATH) {
		snprintf(note, notelen, "path length %d is out of range 0..%d", path->length,
			 PB_MAX_PATH);
		return -1;
	}
	for (int i = 0; i < path->length; i++) {
		int m = path->moves[i];

		if (m >= d->nmoves) {
			snprintf(note, notelen, "move %d is %d, which names no move", i + 1, m);
			return -1;
		}
		if (!pb_apply(d, &s, m, &s)) {
			snprintf(note, notelen, "move %d ('%s') %s", i + 1, pb_move_name(d, m),
				 pb_verdict_name(PB_ILLEGAL_MOVE));
			return -1;
		}
	}
	if (!pb_is_goal(d, &s)) {
		snprintf(note, notelen, "the %d moves %s", path->length,
			 pb_verdict_name(PB_ENDS_ELSEWHERE));
		return -1;
	}
	return 0;
}

run_status runner_judge(const pb_domain *d, const dataset_instance *in, pb_status st,
			const pb_path *path, char *note, size_t notelen, bool *below)
{
	*below = false;
	note[0] = '\0';
	if (st == PB_UNSOLVABLE) {
		if (pb_solvable(d, &in->state)) {
			snprintf(note, notelen, "said unsolvable, but the state is solvable (parity)");
			return RUN_WRONG;
		}
		return RUN_UNSOLVABLE;
	}
	if (st != PB_SOLVED)
		return from_pb(st);
	if (replay(d, &in->state, path, note, notelen))
		return RUN_WRONG;
	if (in->reference == DATASET_REF_UNSOLVABLE) {
		snprintf(note, notelen, "a path of %d moves, but the reference says unsolvable",
			 path->length);
		return RUN_WRONG;
	}
	if (in->reference >= 0 && path->length > in->reference) {
		snprintf(note, notelen, "%d moves, longer than the reference %d", path->length,
			 in->reference);
		return RUN_WRONG;
	}
	if (in->reference >= 0 && path->length < in->reference) {
		snprintf(note, notelen, "%d moves, shorter than the reference %d: the reference is wrong",
			 path->length, in->reference);
		*below = true;
	}
	return RUN_OK;
}

uint64_t runner_work(const dataset *ds, size_t nsolvers, const bool *only,
		     const runner_options *o)
{
	uint64_t n = 0;

	for (size_t i = 0; i < ds->count; i++)
		n += !only || only[i];
	return n * nsolvers * (o->warmup + o->repeat);
}

/* What one call to runner_run shares between its steps. */
typedef struct run_context {
	const dataset *ds;
	const runner_options *o;
	const runner_hooks *hooks;
	const pb_solver *solver;
	size_t solver_index;
	const char *heuristic;
	pb_config cfg;
	void *ctx;
} run_context;

static void emit(run_context *rc, run_row *row)
{
	row->ds = rc->ds;
	row->solver = rc->solver_index;
	row->algorithm = rc->solver;
	row->heuristic = rc->heuristic;
	if (!row->note)
		row->note = "";
	if (rc->hooks->row)
		rc->hooks->row(rc->hooks->arg, row);
}

static void tick(run_context *rc, uint64_t n)
{
	if (rc->hooks->tick && n)
		rc->hooks->tick(rc->hooks->arg, n);
}

static bool stopped(const run_context *rc)
{
	return rc->o->stop && *rc->o->stop;
}

static const run_status isolate_status[] = {
	[ISOLATE_CRASHED] = RUN_CRASH,
	[ISOLATE_MEMOUT] = RUN_MEMOUT,
	[ISOLATE_TIMEOUT] = RUN_TIMEOUT,
	[ISOLATE_STOPPED] = RUN_INTERRUPTED,
};

/* solve_once in a child process. */
static void solve_isolated(run_context *rc, size_t i, run_row *row, pb_path *path,
			   char *note, size_t notelen)
{
	const dataset_instance *in = &rc->ds->instances[i];
	isolate_limits lim = {
		.mem_limit = rc->o->mem_limit, .time_limit_ns = rc->o->time_limit_ns,
		.stop = rc->o->stop,
	};
	isolate_result r;

	row->instance = i;
	row->phase = RUN_SOLVE;
	row->length = RUN_NO_LENGTH;
	row->note = note;
	if (isolate_solve(rc->solver, rc->ctx, &in->state, &lim, &r)) {
		row->status = RUN_ERROR;
		snprintf(note, notelen, "%s", r.note);
		return;
	}
	row->measured = true;
	row->wall_ns = r.wall_ns;
	row->cpu_ns = r.cpu_ns;
	row->rss_bytes = r.rss_bytes;
	if (r.outcome != ISOLATE_ANSWERED) {
		row->status = isolate_status[r.outcome];
		snprintf(note, notelen, "%s", r.note);
		return;
	}
	*path = r.path;
	row->expanded = r.expanded;
	row->generated = r.generated;
	row->peak_bytes = r.peak_bytes;
	row->status = runner_judge(&rc->ds->domain, in, r.status, path, note, notelen,
				   &row->below_reference);
	row->length = r.status == PB_SOLVED ? path->length : RUN_NO_LENGTH;
	row->path = r.status == PB_SOLVED ? path : NULL;
	if (r.status == PB_FAILED || r.status == PB_UNSUPPORTED)
		snprintf(note, notelen, "%s", r.message);
	if (r.held_bytes) {
		snprintf(note, notelen, "the solver still holds %llu bytes after returning",
			 (unsigned long long)r.held_bytes);
		row->status = RUN_ERROR;
	}
}

/* One solve of instance I, measured and judged into ROW (PATH, NOTE hold
 * what ROW points to). */
static void solve_once(run_context *rc, size_t i, run_row *row, pb_path *path,
		       char *note, size_t notelen)
{
	const dataset_instance *in = &rc->ds->instances[i];
	uint64_t wall0, cpu0, wall1, cpu1;
	pb_search s;
	pb_status st;

	memset(row, 0, sizeof(*row));
	memset(path, 0, sizeof(*path));
	note[0] = '\0';
	if (rc->o->isolate) {
		solve_isolated(rc, i, row, path, note, notelen);
		return;
	}
	pb_search_init(&s, rc->o->mem_limit, rc->o->time_limit_ns, rc->o->stop);
	wall0 = pb_wall_ns();
	cpu0 = pb_cpu_ns();
	st = rc->solver->solve(rc->ctx, &in->state, &s, path);
	cpu1 = pb_cpu_ns();
	wall1 = pb_wall_ns();
	row->instance = i;
	row->phase = RUN_SOLVE;
	row->measured = true;
	row->wall_ns = wall1 - wall0;
	row->cpu_ns = cpu1 - cpu0;
	row->expanded = s.expanded;
	row->generated = s.generated;
	row->peak_bytes = s.meter.peak;
	row->rss_bytes = isolate_self_rss();
	row->status = runner_judge(&rc->ds->domain, in, st, path, note, notelen,
				   &row->below_reference);
	row->length = st == PB_SOLVED ? path->length : RUN_NO_LENGTH;
	row->path = st == PB_SOLVED ? path : NULL;
	if (st == PB_FAILED || st == PB_UNSUPPORTED)
		snprintf(note, notelen, "%s", s.message);
	if (s.meter.current) {
		snprintf(note, notelen, "the solver still holds %zu bytes after returning",
			 s.meter.current);
		row->status = RUN_ERROR;
	}
	row->note = note;
}

static bool last_try(run_status s)
{
	return s == RUN_TIMEOUT || s == RUN_MEMOUT || s == RUN_ERROR || s == RUN_INTERRUPTED ||
	       s == RUN_CRASH;
}

/* Warm-ups, then the repeats, of instance I. */
static void run_instance(run_context *rc, size_t i)
{
	const runner_options *o = rc->o;
	unsigned runs = o->warmup + o->repeat;
	unsigned done = rc->hooks->done ? rc->hooks->done(rc->hooks->arg, rc->ds, rc->solver, i) : 0;
	char note[200];
	pb_path path;
	run_row row;

	if (done >= o->repeat) {
		tick(rc, runs);
		return;
	}
	/* repeats on record: their solves count as done */
	tick(rc, done);
	runs -= done;
	for (unsigned k = 0; k < runs; k++) {
		bool warmup = k < o->warmup;

		solve_once(rc, i, &row, &path, note, sizeof(note));
		tick(rc, 1);
		if (warmup && !last_try(row.status))
			continue;
		row.repeat = done + (warmup ? 1 : k - o->warmup + 1);
		emit(rc, &row);
		if (last_try(row.status)) {
			tick(rc, runs - k - 1);
			return;
		}
	}
}

/* One row per instance with STATUS and no measures: the solver could not
 * run on them. */
static void skip_instances(run_context *rc, const bool *only, run_status status,
			   const char *note)
{
	for (size_t i = 0; i < rc->ds->count; i++) {
		run_row row = {
			.instance = i, .repeat = 1, .phase = RUN_SOLVE, .status = status,
			.length = RUN_NO_LENGTH, .note = note,
		};

		if (only && !only[i])
			continue;
		emit(rc, &row);
		tick(rc, rc->o->warmup + rc->o->repeat);
	}
}

/* Prepare the solver: its row; 0 when it can run, else -1 (rows written). */
static int prepare(run_context *rc, const bool *only, pb_search *ps)
{
	const pb_domain *d = &rc->ds->domain;
	run_row row = {
		.instance = RUN_NO_INSTANCE, .repeat = 1, .phase = RUN_PREPARE,
		.length = RUN_NO_LENGTH,
	};
	char why[160] = "";
	const char *no = rc->solver->supports(d, &rc->cfg, why, sizeof(why));
	uint64_t wall0, cpu0;
	pb_status st;

	if (no) {
		row.status = RUN_UNSUPPORTED;
		row.note = no;
		emit(rc, &row);
		skip_instances(rc, only, RUN_UNSUPPORTED, no);
		return -1;
	}
	pb_search_init(ps, rc->o->mem_limit, rc->o->prepare_limit_ns, rc->o->stop);
	wall0 = pb_wall_ns();
	cpu0 = pb_cpu_ns();
	st = rc->solver->prepare(d, &rc->cfg, ps, &rc->ctx);
	row.cpu_ns = pb_cpu_ns() - cpu0;
	row.wall_ns = pb_wall_ns() - wall0;
	row.measured = true;
	row.expanded = ps->expanded;
	row.generated = ps->generated;
	row.peak_bytes = ps->meter.peak;
	row.rss_bytes = isolate_self_rss();
	row.status = from_pb(st);
	row.note = ps->message;
	emit(rc, &row);
	if (st == PB_SOLVED)
		return 0;
	skip_instances(rc, only, row.status, "the preparation failed");
	return -1;
}

int runner_run(const dataset *ds, const pb_solver *const *solvers, size_t nsolvers,
	       const bool *only, const runner_options *o, const runner_hooks *hooks)
{
	run_context rc = {
		.ds = ds, .o = o, .hooks = hooks,
		.cfg = { .heuristic = o->heuristic, .cache_dir = o->cache_dir },
	};

	for (size_t k = 0; k < nsolvers && !stopped(&rc); k++) {
		/* the preparation's meter: it must outlive the context */
		pb_search ps;

		rc.solver = solvers[k];
		rc.solver_index = k;
		rc.heuristic = runner_heuristic_of(rc.solver, &ds->domain, o->heuristic);
		rc.ctx = NULL;
		if (prepare(&rc, only, &ps))
			continue;
		for (size_t i = 0; i < ds->count && !stopped(&rc); i++)
			if (!only || only[i])
				run_instance(&rc, i);
		rc.solver->release(rc.ctx);
	}
	return stopped(&rc) ? 1 : 0;
}
