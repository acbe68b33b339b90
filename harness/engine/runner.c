#include "harness/engine/runner.h"

#include <stdio.h>
#include <string.h>

#include "algorithms/heuristics/heuristic.h"
#include "harness/engine/isolate.h"
#include "harness/engine/outside.h"

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
	[RUN_SKIPPED] = "skipped",
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

const char *runner_heuristic_of(const pb_solver *s, const pb_domain *d, const char *heuristic)
{
	const pb_heuristic_info *h;

	if (!pb_solver_informed(s))
		return "-";
	if (heuristic)
		return heuristic;
	h = pb_heuristic_default(d);
	return h ? h->name : "-";
}

const char *runner_unit_label(const runner_unit *u, const pb_domain *d, char *buf, size_t size)
{
	if (pb_solver_informed(u->solver))
		snprintf(buf, size, "%s+%s", u->solver->name,
			 runner_heuristic_of(u->solver, d, u->heuristic));
	else
		snprintf(buf, size, "%s", u->solver->name);
	return buf;
}

/* Whether heuristic NAME (NULL: D's default) serves D and S takes it. */
static bool fits(const pb_solver *s, const pb_domain *d, const char *name)
{
	pb_config cfg = { .heuristic = name };
	const pb_heuristic_info *h = pb_heuristic_chosen(d, &cfg);
	char why[160];

	return h && (s->heuristics & PB_HEURISTIC_BIT(h->kind)) &&
	       !pb_heuristic_supports(h, d, why, sizeof(why));
}

/* Add the units of solver S to OUT[*N] (see runner_units). */
static void add_units(const pb_solver *s, bool named, const pb_domain *d,
		      const runner_options *o, runner_unit *out, size_t *n)
{
	static const char *const by_default[] = { NULL };
	const char *const *names = o->nheuristics ? o->heuristics : by_default;
	size_t count = o->nheuristics ? o->nheuristics : 1, before = *n;
	char why[160];

	if (!pb_solver_informed(s))
		count = 1;
	for (size_t i = 0; i < count && *n < RUNNER_MAX_UNITS; i++) {
		const char *h = pb_solver_informed(s) ? names[i] : NULL;
		pb_config cfg = { .heuristic = h, .cache_dir = o->cache_dir };

		if (named ? !pb_solver_informed(s) || fits(s, d, h)
			  : !runner_refusal(s, d, &cfg, why, sizeof(why)))
			out[(*n)++] = (runner_unit){ .solver = s, .heuristic = h };
	}
	if (named && *n == before && *n < RUNNER_MAX_UNITS)
		out[(*n)++] = (runner_unit){ .solver = s, .heuristic = names[0] };
}

size_t runner_units(const pb_solver *const *solvers, size_t nsolvers, bool named,
		    const pb_domain *d, const runner_options *o, runner_unit *out)
{
	size_t n = 0;

	for (size_t k = 0; k < nsolvers; k++)
		add_units(solvers[k], named, d, o, out, &n);
	return n;
}

const char *runner_refusal(const pb_solver *s, const pb_domain *d, const pb_config *cfg,
			   char *why, size_t whylen)
{
	const pb_heuristic_info *h = pb_solver_informed(s) ? pb_heuristic_chosen(d, cfg) : NULL;

	if (h && !(s->heuristics & PB_HEURISTIC_BIT(h->kind))) {
		snprintf(why, whylen, "%s does not take the heuristic '%s'", s->name, h->name);
		return why;
	}
	return pb_solver_supports(s, d, cfg, why, whylen);
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
	case PB_WRONG: return RUN_WRONG;
	case PB_CRASHED: return RUN_CRASH;
	case PB_FAILED: break;
	}
	return RUN_ERROR;
}

/* Whether a solve that ended in ST has the solver's message as its note. */
static bool message_is_note(pb_status st, const char *message)
{
	return st != PB_SOLVED && st != PB_UNSOLVABLE && *message;
}

/* Pairs of inverse moves a hint names before "...". */
#define INVERSE_PAIRS_SHOWN 3

/* The pairs of moves that undo each other, "u/d, l/r", into BUF (a few,
 * then "..."). */
static const char *inverse_pairs(const pb_domain *d, char *buf, size_t size)
{
	size_t used = 0, shown = 0;

	buf[0] = '\0';
	for (int m = 0; m < d->nmoves && used < size; m++) {
		int inv = d->inverse[m];
		bool more = shown == INVERSE_PAIRS_SHOWN;

		if (inv == PB_NO_MOVE || inv <= m)
			continue;
		used += (size_t)snprintf(buf + used, size - used, "%s%s%s%s", shown ? ", " : "",
					 more ? "..." : pb_move_name(d, m), more ? "" : "/",
					 more ? "" : pb_move_name(d, inv));
		if (shown++ == INVERSE_PAIRS_SHOWN)
			break;
	}
	return buf;
}

void runner_hint_inverse(const pb_domain *d, const pb_state *start, const pb_path *path,
			 char *note, size_t notelen)
{
	pb_state s = *start;
	char pairs[64];
	size_t used = strlen(note);
	bool differs = false;

	for (int i = 0; i < path->length; i++) {
		int inv = path->moves[i] < d->nmoves ? d->inverse[path->moves[i]] : PB_NO_MOVE;

		if (inv == PB_NO_MOVE || !pb_apply(d, &s, inv, &s))
			return;
		differs |= inv != path->moves[i];
	}
	if (!differs || !pb_is_goal(d, &s) || used >= notelen)
		return;
	snprintf(note + used, notelen - used, "; swapping %s reaches it%s",
		 inverse_pairs(d, pairs, sizeof(pairs)),
		 d->goal_blank >= 0 ? ": moves name where the blank goes, not the tile" : "");
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
			runner_hint_inverse(d, start, path, note, notelen);
			return -1;
		}
	}
	if (!pb_is_goal(d, &s)) {
		if (path->length == 0)
			snprintf(note, notelen, "no moves, and the start is not the goal");
		else if (path->length == 1)
			snprintf(note, notelen, "the one move ends short of the goal");
		else
			snprintf(note, notelen, "the %d moves end short of the goal", path->length);
		runner_hint_inverse(d, start, path, note, notelen);
		return -1;
	}
	return 0;
}

run_status runner_judge(const pb_domain *d, const dataset_instance *in, pb_status st,
			const pb_path *path, double bound, char *note, size_t notelen,
			bool *below)
{
	*below = false;
	note[0] = '\0';
	if (st == PB_UNSOLVABLE) {
		/* a domain with no test: the reference alone can say otherwise */
		if (!pb_domain_tests_solvable(d) && in->reference >= 0) {
			snprintf(note, notelen, "said unsolvable, but the reference is %d moves",
				 in->reference);
			return RUN_WRONG;
		}
		if (!pb_domain_tests_solvable(d)) {
			if (in->reference == DATASET_REF_UNKNOWN)
				snprintf(note, notelen, "unsolvable by the solver's word: %s has no "
					 "solvability test", d->name);
			return RUN_UNSOLVABLE;
		}
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
	if (in->reference >= 0 && path->length > in->reference &&
	    !pb_within_bound(path->length, in->reference, bound)) {
		if (bound == 1)
			snprintf(note, notelen, "%d moves, longer than the reference %d", path->length,
				 in->reference);
		else
			snprintf(note, notelen, "%d moves, more than %g times the reference %d, "
				 "the solver's bound", path->length, bound, in->reference);
		return RUN_WRONG;
	}
	if (in->reference >= 0 && path->length < in->reference) {
		snprintf(note, notelen, "%d moves, shorter than the reference %d: the reference is wrong",
			 path->length, in->reference);
		*below = true;
	}
	return RUN_OK;
}

uint64_t runner_work(const dataset *ds, size_t nunits, const bool *only,
		     const runner_options *o)
{
	uint64_t n = 0;

	for (size_t i = 0; i < ds->count; i++)
		n += !only || only[i];
	return n * nunits * (o->warmup + o->repeat);
}

/* What one call to runner_run shares between its steps. */
typedef struct run_context {
	const dataset *ds;
	const runner_options *o;
	const runner_hooks *hooks;
	const pb_solver *solver;
	size_t unit;
	const char *heuristic; /* the rows' heuristic column */
	pb_config cfg;
	void *ctx;
	/* an anytime solver's answers in the solve in hand, replayed as they
	 * come; the first that fails, its note (bad). In one block, which a
	 * solve in a child process (isolate) sends back whole. */
	struct got_answers {
		runner_answer list[RUNNER_MAX_ANSWERS];
		unsigned n;
		bool bad;
		char note[160];
	} got;
	size_t instance;
} run_context;

/* An anytime solver's answer PATH, found after S's counters: replayed at
 * once (an answer it later betters is judged too: it must reach the goal
 * and be shorter than the one before), kept with its time and nodes. */
static void on_answer(void *arg, const struct pb_path *path, const pb_search *s)
{
	run_context *rc = arg;
	runner_answer a = {
		.length = path->length,
		.wall_ns = pb_wall_ns() - s->started_ns,
		.expanded = s->expanded,
	};
	const runner_answer *last = rc->got.n ? &rc->got.list[rc->got.n - 1] : NULL;
	char why[120];

	if (!rc->got.bad &&
	    replay(&rc->ds->domain, &rc->ds->instances[rc->instance].state, path, why,
		   sizeof(why))) {
		rc->got.bad = true;
		snprintf(rc->got.note, sizeof(rc->got.note), "its answer %u: %s",
			 rc->got.n + 1, why);
	} else if (!rc->got.bad && last && path->length >= last->length) {
		rc->got.bad = true;
		snprintf(rc->got.note, sizeof(rc->got.note),
			 "its answer %u (%d moves) is no better than the one before (%d)",
			 rc->got.n + 1, path->length, last->length);
	}
	if (rc->got.n == RUNNER_MAX_ANSWERS)
		rc->got.list[RUNNER_MAX_ANSWERS - 1] = a;
	else
		rc->got.list[rc->got.n++] = a;
}

static void emit(run_context *rc, run_row *row)
{
	row->ds = rc->ds;
	row->unit = rc->unit;
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

/* Whether ST, the end of search S, is a memout the system decided (the
 * library says why when the meter's limit did not refuse); the note with
 * the hint into NOTE. A program outside this process that passed the
 * limit says so in its message, and the harness, which watched its
 * resident memory against the limit, decided that memout, not the
 * system. */
static bool system_memout(pb_status st, const pb_search *s, char *note, size_t notelen)
{
	if (st != PB_MEMOUT || !s->message[0] || s->meter.refused || s->child_measured)
		return false;
	snprintf(note, notelen, "%s: %s", s->message, RUNNER_SYSTEM_MEMOUT_HINT);
	return true;
}

/* ROW's measures and verdict from B, the measurement of instance I (PATH:
 * the first solve's moves; NOTE: room for why). */
static void fill_row(run_context *rc, size_t i, const timer_batch *b, run_row *row,
		     const pb_path *path, char *note, size_t notelen)
{
	const dataset_instance *in = &rc->ds->instances[i];
	pb_status st = b->status;

	row->measured = true;
	row->batch = b->k;
	row->wall_ns = timer_per_solve(b->wall_ns, b->k);
	row->cpu_ns = timer_per_solve(b->cpu_ns, b->k);
	row->expanded = b->search.expanded;
	row->generated = b->search.generated;
	row->uncounted = b->search.uncounted;
	row->peak_bytes = b->search.meter.peak;
	row->status = runner_judge(&rc->ds->domain, in, st, path, pb_solver_bound(rc->solver),
				   note, notelen, &row->below_reference);
	if (rc->solver->anytime && row->status == RUN_OK) {
		row->answers = rc->got.list;
		row->nanswers = rc->got.n;
		if (rc->got.bad) {
			snprintf(note, notelen, "%s", rc->got.note);
			row->status = RUN_WRONG;
		} else if (!rc->got.n || rc->got.list[rc->got.n - 1].length != path->length) {
			snprintf(note, notelen, "its answer of %d moves was not reported as found "
				 "(pb_search_answer)", path->length);
			row->status = RUN_WRONG;
		} else if (b->search.cut && !note[0]) {
			snprintf(note, notelen, "the limit ended the search after %u answer%s: "
				 "the last is not proven optimal", rc->got.n,
				 rc->got.n == 1 ? "" : "s");
		}
	}
	row->length = st == PB_SOLVED ? path->length : RUN_NO_LENGTH;
	row->path = st == PB_SOLVED ? path : NULL;
	if (message_is_note(st, b->search.message))
		snprintf(note, notelen, "%s", b->search.message);
	row->system_memout = system_memout(st, &b->search, note, notelen);
	if (b->search.meter.current) {
		snprintf(note, notelen, "the solver still holds %zu bytes after returning",
			 b->search.meter.current);
		row->status = RUN_ERROR;
	} else if (b->held) {
		snprintf(note, notelen, "a later solve of the batch of %u kept memory after returning",
			 b->k);
		row->status = RUN_ERROR;
	}
	if (!b->mismatches)
		return;
	if (st == PB_STOPPED || b->other == PB_STOPPED) {
		row->status = RUN_INTERRUPTED;
		return;
	}
	snprintf(note, notelen, "solve %u of the batch of %u ended '%s', the first '%s'",
		 b->mismatch_at, b->k, pb_status_name(b->other), pb_status_name(st));
	row->status = RUN_ERROR;
}

static const run_status isolate_status[] = {
	[ISOLATE_CRASHED] = RUN_CRASH,
	[ISOLATE_MEMOUT] = RUN_MEMOUT,
	[ISOLATE_TIMEOUT] = RUN_TIMEOUT,
	[ISOLATE_STOPPED] = RUN_INTERRUPTED,
};

/* measure() in a child process, under plan P. */
static void measure_isolated(run_context *rc, size_t i, const timer_solve *t,
			     const timer_plan *p, unsigned known, run_row *row, pb_path *path,
			     char *note, size_t notelen)
{
	isolate_result r;

	/* the child's answers, replayed there, come back in their block */
	if (isolate_solve(t, p, known, &rc->got, sizeof(rc->got), &r)) {
		row->status = RUN_ERROR;
		snprintf(note, notelen, "%s", r.note);
		return;
	}
	row->rss_bytes = r.rss_bytes;
	if (r.outcome != ISOLATE_ANSWERED) {
		row->measured = true;
		row->batch = 1;
		row->wall_ns = r.wall_ns;
		row->cpu_ns = r.cpu_ns;
		row->status = isolate_status[r.outcome];
		snprintf(note, notelen, "%s", r.note);
		return;
	}
	*path = r.path;
	fill_row(rc, i, &r.batch, row, path, note, notelen);
}

/* One measurement of instance I (KNOWN: the batch size an earlier one of
 * the instance chose, or 0), timed and judged into ROW (PATH, NOTE hold
 * what ROW points to). *RSS: the process's peak resident bytes, read at
 * the instance's first measurement (0: not yet; a system call, a tenth of
 * a fast row's time, and the later solves of the same puzzle find their
 * pages there already). */
static void measure(run_context *rc, size_t i, unsigned known, run_row *row, pb_path *path,
		    char *note, size_t notelen, uint64_t *rss)
{
	const timer_solve t = {
		.solver = rc->solver, .ctx = rc->ctx, .start = &rc->ds->instances[i].state,
		.mem_limit = rc->o->mem_limit, .time_limit_ns = rc->o->time_limit_ns,
		.stop = rc->o->stop,
		.on_answer = rc->solver->anytime ? on_answer : NULL, .answer_arg = rc,
	};
	timer_batch b;

	memset(row, 0, sizeof(*row));
	memset(path, 0, sizeof(*path));
	rc->got.n = 0;
	rc->got.bad = false;
	rc->instance = i;
	note[0] = '\0';
	row->instance = i;
	row->phase = RUN_SOLVE;
	row->length = RUN_NO_LENGTH;
	row->note = note;
	/* a program outside this process answers through a round trip
	 * thousands of times the clock's cost: a batch would gain nothing and
	 * leave its later answers unjudged, so each solve is timed alone; nor
	 * is an anytime solver's batched: its answers' times are one solve's */
	timer_plan alone = rc->o->batch;
	const timer_plan *plan = outside_own_process(rc->solver) || rc->solver->anytime
				 ? &alone : &rc->o->batch;

	alone.threshold_ns = alone.target_ns = 0;
	/* a program outside this process is isolated already */
	if (rc->o->isolate && !outside_own_process(rc->solver)) {
		measure_isolated(rc, i, &t, plan, known, row, path, note, notelen);
		return;
	}
	timer_measure(&t, plan, known, &b, path);
	if (b.search.not_sent) {
		/* nothing ran: the row says why, and measures nothing */
		row->status = RUN_SKIPPED;
		snprintf(note, notelen, "%s", b.search.message);
		return;
	}
	fill_row(rc, i, &b, row, path, note, notelen);
	if (!*rss)
		*rss = isolate_self_rss();
	row->rss_bytes = *rss;
	/* a program outside this process: its own peak resident memory is
	 * what it held (the harness cannot count its allocations) */
	if (b.search.child_measured)
		row->peak_bytes = row->rss_bytes = b.search.child_rss_bytes;
}

static bool last_try(run_status s)
{
	return s == RUN_TIMEOUT || s == RUN_MEMOUT || s == RUN_ERROR || s == RUN_INTERRUPTED ||
	       s == RUN_CRASH || s == RUN_SKIPPED;
}

/* Warm-ups, then the repeats, of instance I. */
static void run_instance(run_context *rc, size_t i)
{
	const runner_options *o = rc->o;
	unsigned runs = o->warmup + o->repeat;
	unsigned done = rc->hooks->done
			? rc->hooks->done(rc->hooks->arg, rc->ds, rc->solver, rc->heuristic, i) : 0;
	unsigned known = 0; /* the instance's batch size, once chosen */
	uint64_t rss = 0;   /* the process's peak resident bytes, once read */
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

		measure(rc, i, known, &row, &path, note, sizeof(note), &rss);
		known = row.batch;
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
	char why[160] = "", note[sizeof(ps->message) + sizeof(RUNNER_SYSTEM_MEMOUT_HINT) + 2];
	const char *no = runner_refusal(rc->solver, d, &rc->cfg, why, sizeof(why));
	uint64_t wall0, cpu0, wall1, cpu1;
	pb_status st;

	if (no) {
		row.status = RUN_UNSUPPORTED;
		row.note = no;
		emit(rc, &row);
		skip_instances(rc, only, RUN_UNSUPPORTED, no);
		return -1;
	}
	pb_search_init(ps, rc->o->mem_limit, 0, rc->o->stop);
	/* as timer.h nests the clocks: no CPU-clock read in the wall interval,
	 * whose start the deadline counts from */
	cpu0 = pb_cpu_ns();
	wall0 = pb_wall_ns();
	ps->deadline_ns = rc->o->prepare_limit_ns ? wall0 + rc->o->prepare_limit_ns : 0;
	st = pb_solver_prepare(rc->solver, d, &rc->cfg, ps, &rc->ctx);
	wall1 = pb_wall_ns();
	cpu1 = pb_cpu_ns();
	row.wall_ns = wall1 - wall0;
	row.cpu_ns = cpu1 - cpu0;
	row.batch = 1;
	row.measured = true;
	row.expanded = ps->expanded;
	row.generated = ps->generated;
	row.uncounted = ps->uncounted;
	row.peak_bytes = ps->meter.peak;
	row.rss_bytes = isolate_self_rss();
	if (ps->child_measured) {
		row.cpu_ns = ps->child_cpu_ns;
		row.peak_bytes = row.rss_bytes = ps->child_rss_bytes;
	}
	row.status = from_pb(st);
	row.note = ps->message;
	if ((row.system_memout = system_memout(st, ps, note, sizeof(note))))
		row.note = note;
	emit(rc, &row);
	if (st == PB_SOLVED)
		return 0;
	snprintf(why, sizeof(why), "not run: the preparation ended '%s'", run_status_name(row.status));
	skip_instances(rc, only, RUN_SKIPPED, why);
	return -1;
}

int runner_run(const dataset *ds, const runner_unit *units, size_t nunits,
	       const bool *only, const runner_options *o, const runner_hooks *hooks)
{
	run_context rc = { .ds = ds, .o = o, .hooks = hooks };

	/* outside every clock, once a process; not where each solve runs in a
	 * child, which would find the pages there and not count them in its
	 * rss_bytes (a fork starts with its parent's) */
	if (!o->isolate)
		pb_meter_warm(PB_WARM_BYTES);
	for (size_t k = 0; k < nunits && !stopped(&rc); k++) {
		/* the preparation's meter: it must outlive the context */
		pb_search ps;

		rc.solver = units[k].solver;
		rc.unit = k;
		rc.cfg = (pb_config){ .heuristic = units[k].heuristic, .cache_dir = o->cache_dir };
		rc.heuristic = runner_heuristic_of(rc.solver, &ds->domain, units[k].heuristic);
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
