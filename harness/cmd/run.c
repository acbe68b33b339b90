/* bench run: run solvers over datasets; write runs.csv as it goes, then
 * summary.csv and meta.json, and print the summary table. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "algorithms/heuristics/heuristic.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/cmd/run_options.h"
#include "harness/engine/campaign.h"
#include "harness/io/answer.h"
#include "harness/io/answer_save.h"
#include "harness/io/meta.h"
#include "harness/engine/mpi_run.h"
#include "harness/engine/outside.h"
#include "harness/io/outfile.h"
#include "harness/report/anytime.h"
#include "harness/report/rejudge.h"
#include "harness/io/progress.h"
#include "harness/report/report.h"
#include "harness/engine/resume.h"
#include "harness/engine/runner.h"
#include "harness/engine/shard.h"
#include "harness/engine/signals.h"
#include "harness/io/units.h"

#define CMD "run"
#define DEFAULT_REPEAT 3
#define DEFAULT_WARMUP 1
#define MAX_REPEAT 1000000
/* --batch-threshold: ten seconds at most */
#define MAX_BATCH_THRESHOLD_NS 10000000000ULL
#define RESULTS_DIR "results"
/* Room for a run directory's name, and for a file's name in it. */
#define DIR_MAX 4000
#define PATH_MAX_LEN (DIR_MAX + 64)
#define EXIT_SIGNAL_BASE 128
/* Room for why a resume is refused. */
#define WHY_MAX 4096

typedef struct run_args {
	run_common c;     /* datasets, solvers, limits: shared with verify */
	bool force;
	bool resume;      /* --resume: continue DIR/runs.csv */
	bool extend;      /* --extend: resume, adding to the campaign */
	const char *output;
	shard_spec shard; /* --shard K/N; n = 0: the whole campaign */
	uint64_t batch_threshold_ns; /* --batch-threshold; 0: no batches */
	bool save_answers; /* --save-answers: DIR/answers/ */
} run_args;

/* Solvers chosen by name (NULL: every one serving each dataset's domain). */
typedef struct choice {
	const pb_solver *named[RUN_MAX_SOLVERS];
	size_t nnamed;
	bool explicit;
} choice;

/* An external program of the run: whether it answered any puzzle (right
 * or wrong), and its first fault, which is what the user must read when
 * it answered none. */
typedef struct program_tally {
	const pb_solver *solver;
	bool answered;
	char cause[320];
} program_tally;

typedef struct run_state {
	FILE *runs;       /* runs.csv (under MPI: rank 0's; the others send rows) */
	uint64_t flush_at; /* when runs.csv is next flushed (wall clock, ns) */
	mpi_job *job;
	report rep;       /* the rows on record (under MPI: rank 0's alone) */
	progress prog;
	bool write_failed, out_of_memory;
	bool resuming;    /* rows on record in RESUME are not written again */
	resume resume;
	run_seen seen;    /* what was said beyond the rows */
	answer_save *answers; /* --save-answers: the first answer of each solve; else NULL */
	const char *dir;  /* where runs.csv is */
	FILE *anytime;    /* DIR/anytime.csv, opened at the first anytime answer */
	program_tally programs[OUTSIDE_MAX];
	size_t nprograms;
} run_state;

static void usage(FILE *out)
{
	fputs(
"usage: bench run [options] --dataset FILE [--dataset FILE ...]\n"
"       bench run [options] FILE...\n"
"\n"
"Run solvers over datasets. The unit of work is a solver with a\n"
"heuristic: each informed solver runs once with each heuristic of\n"
"--heuristic that serves the dataset's domain (a series of its own in\n"
"runs.csv, the summary and the charts), a blind one once. For each dataset\n"
"and unit: one preparation (a table or database build, timed apart), then\n"
"for each instance the warm-ups and the repeats, each with its own limits\n"
"and a fresh counting allocator. Every answer is replayed: one that misses\n"
"the goal, or is longer than its solver promises (optimal: the dataset's\n"
"reference; wastar:w=W: W times it, or where there is none W times the\n"
"run's best answer; gbfs, beam: no bound), is 'wrong' (its note says where\n"
"u/d and l/r swapped, or lower case, would make it right). Writes\n"
"DIR/runs.csv (a row a solve, flushed every 50 ms), DIR/summary.csv (per\n"
"dataset, series and optimal length), DIR/meta.json (machine, build,\n"
"revision, command, seeds, the campaign; written at the start too),\n"
"DIR/anytime.csv where an anytime solver (awastar) ran (each answer it\n"
"found, with its time and nodes), and prints a summary table. Exit\n"
"status: 0, 1 when an answer was wrong or an external program answered\n"
"no puzzle (a line says why), 2 for\n"
"bad usage or input, 128 + the signal when interrupted (the rows so far\n"
"and the summary of what finished are kept). A solver named with -a\n"
"that does not serve a dataset's domain gets 'unsupported' rows.\n"
"\n"
"options:\n", out);
	run_common_usage(out);
	fprintf(out,
"  -r, --repeat N           measured solves of each instance (default %d)\n"
"  -w, --warmup N           unmeasured solves before them (default %d)\n"
"  -o, --output DIR         where the files go (default %s/<first dataset>)\n"
"  -f, --force              overwrite an earlier run's files in DIR\n"
"      --resume             continue the run in DIR (after a crash, a kill or\n"
"                           an interruption), given the same arguments: the\n"
"                           solves on record in runs.csv are not done again,\n"
"                           the rest are; without runs.csv, a new run. A\n"
"                           campaign other than the one DIR/meta.json records\n"
"                           (datasets, solvers, heuristics, repeats, warm-ups,\n"
"                           limits, batches, isolation, shard, --instances,\n"
"                           --limit) is refused,\n"
"                           saying what differs\n"
"      --extend             as --resume, and the arguments may add datasets,\n"
"                           solvers, heuristics or repeats to the run on\n"
"                           record (they must name all of it; not with\n"
"                           --shard); the rest is as --resume\n"
"      --isolate            run each solve in a child process: a solver that\n"
"                           crashes gets a 'crash' row, one whose memory runs\n"
"                           away past --mem-limit or that ignores its time\n"
"                           limit is killed ('memout', 'timeout'); rss_bytes\n"
"                           is then what the solve added to the child's\n"
"                           resident memory at its peak (short solves are\n"
"                           batched inside the child)\n"
"      --batch-threshold NS a solve faster than NS nanoseconds is timed k\n"
"                           times in one interval, k chosen so the interval\n"
"                           is long against the clock; the row's times are\n"
"                           per solve, its batch column says k (default\n"
"                           %u; 0: every solve timed alone)\n"
"      --save-answers       also write DIR/answers/DATASET/SERIES.txt, each\n"
"                           instance's first answer in the format 'bench\n"
"                           check DATASET FILE' grades ('" ANSWER_NONE "' after a comment\n"
"                           where a solve gave none), its first line the\n"
"                           command, with the solver's --guarantee; not\n"
"                           with --resume\n"
"      --shard K/N          run only part K of N (1-based) of the work: a\n"
"                           split of the instances and solvers that is the\n"
"                           same on every machine and balanced by expected\n"
"                           cost; join the parts with 'bench merge'. Under\n"
"                           mpirun (an MPI build: %s) each rank is a part\n"
"                           and rank 0 writes the files, the other ranks'\n"
"                           rows as they come; --resume continues such a\n"
"                           job (under mpirun, each rank its own part, or\n"
"                           not)\n"
"  -h, --help               show this and exit\n"
"\n"
"Solves that time out, run out of memory or fail are not repeated. A\n"
"progress line goes to standard error when it is a terminal.\n",
		DEFAULT_REPEAT, DEFAULT_WARMUP, RESULTS_DIR, TIMER_BATCH_THRESHOLD_NS,
		mpi_job_available() ? "this one" : "not this one");
}

#define bad_usage(...) cmdline_bad_usage(CMD, __VA_ARGS__)

static int parse_options(int argc, char **argv, run_args *o)
{
	enum { OPT_SHARD = RUN_OPT_OWN, OPT_RESUME, OPT_EXTEND, OPT_ISOLATE, OPT_BATCH,
	       OPT_SAVE_ANSWERS };
	static const struct option longopts[] = {
		RUN_LONG_OPTIONS,
		{ "repeat", required_argument, NULL, 'r' },
		{ "warmup", required_argument, NULL, 'w' },
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, 'f' },
		{ "shard", required_argument, NULL, OPT_SHARD },
		{ "resume", no_argument, NULL, OPT_RESUME },
		{ "extend", no_argument, NULL, OPT_EXTEND },
		{ "isolate", no_argument, NULL, OPT_ISOLATE },
		{ "batch-threshold", required_argument, NULL, OPT_BATCH },
		{ "save-answers", no_argument, NULL, OPT_SAVE_ANSWERS },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	uint64_t n;
	int c, rc;

	memset(o, 0, sizeof(*o));
	o->c.r.repeat = DEFAULT_REPEAT;
	o->c.r.warmup = DEFAULT_WARMUP;
	o->batch_threshold_ns = TIMER_BATCH_THRESHOLD_NS;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, RUN_SHORT_OPTIONS "r:w:o:fh", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (units_parse_count(optarg, 1, MAX_REPEAT, &n))
				return bad_usage("--repeat '%s' is not a count 1..%d", optarg, MAX_REPEAT);
			o->c.r.repeat = (unsigned)n;
			break;
		case 'w':
			if (units_parse_count(optarg, 0, MAX_REPEAT, &n))
				return bad_usage("--warmup '%s' is not a count 0..%d", optarg, MAX_REPEAT);
			o->c.r.warmup = (unsigned)n;
			break;
		case 'o': o->output = optarg; break;
		case 'f': o->force = true; break;
		case OPT_RESUME: o->resume = true; break;
		case OPT_EXTEND: o->resume = o->extend = true; break;
		case OPT_ISOLATE: o->c.r.isolate = true; break;
		case OPT_SAVE_ANSWERS: o->save_answers = true; break;
		case OPT_BATCH:
			if (units_parse_count(optarg, 0, MAX_BATCH_THRESHOLD_NS, &o->batch_threshold_ns))
				return bad_usage("--batch-threshold '%s' is not a count of nanoseconds "
						 "0..%llu", optarg, MAX_BATCH_THRESHOLD_NS);
			break;
		case OPT_SHARD:
			if (shard_parse(optarg, &o->shard))
				return bad_usage("--shard '%s' is not K/N with 1 <= K <= N <= %d",
						 optarg, SHARD_MAX);
			break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		default:
			rc = run_common_option(&o->c, CMD, c, optarg, argv[optind - 1]);
			if (rc)
				return rc;
		}
	}
	rc = run_common_finish(&o->c, CMD, argc, argv, optind);
	if (rc)
		return rc;
	if (o->resume && o->force)
		return bad_usage("--resume continues a run, --force starts it over: not both");
	if (o->resume && o->save_answers)
		return bad_usage("--save-answers with --%s: the moves of the solves on record were "
				 "not kept", o->extend ? "extend" : "resume");
	if (o->extend && o->shard.n)
		return bad_usage("--extend with --shard: a larger campaign is split otherwise, "
				 "and the parts on record would not be its parts");
	return -1;
}

/* The --algorithms LIST (NULL: none given) into C. */
static int choose_algorithms(const char *list, choice *c)
{
	int n;

	c->explicit = list != NULL;
	if (!list)
		return 0;
	n = run_common_solvers(CMD, "--algorithms", list, c->named);
	if (n < 0)
		return PB_EXIT_USAGE;
	c->nnamed = (size_t)n;
	return 0;
}

/* The units to run on DS into OUT (room for RUNNER_MAX_UNITS): the chosen
 * solvers, or every one that serves the domain, each with its heuristics.
 * Returns the count. */
static size_t units_for(const choice *c, const dataset *ds, const runner_options *o,
			runner_unit *out)
{
	const pb_solver *solvers[RUN_MAX_SOLVERS];
	size_t n = c->explicit ? c->nnamed : pb_solver_count;
	pb_config cfg = { .cache_dir = o->cache_dir };

	memcpy(solvers, c->explicit ? c->named : pb_solvers, n * sizeof(*solvers));
	/* the outside solvers that join without being named, where they
	 * serve the domain (a program given for one domain alone is no row
	 * of the others) */
	n = outside_extend(solvers, n, RUN_MAX_SOLVERS, c->explicit, &ds->domain, &cfg);
	return runner_units(solvers, n, c->explicit, &ds->domain, o, out);
}

/* DIR/anytime.csv, opened at the first answer. Returns 0, or -1 (said
 * why). */
static int open_anytime(run_state *st)
{
	char err[512];

	if (st->anytime)
		return 0;
	if (!(st->anytime = anytime_open(st->dir, true, err, sizeof(err)))) {
		progress_clear(&st->prog);
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return -1;
	}
	return 0;
}

/* Rank 0 of an MPI job: a row of another rank (ARG the run's state) into
 * runs.csv and the report; one preparation row of a series and dataset is
 * enough. */
static int keep_rank_row(void *arg, const report_read_row *row, char *err, size_t errlen)
{
	run_state *st = arg;

	if (!row->instance && report_prepared(&st->rep, row->dataset, row->algorithm, row->heuristic))
		return 0;
	fwrite(row->line, 1, row->len, st->runs);
	putc('\n', st->runs);
	return report_keep_read(&st->rep, row, err, errlen);
}

/* Rank 0: the rows of RANK that have come, or its ANSWERS (an
 * mpi_rows_fn). */
static int keep_rank_rows(void *arg, int rank, bool answers, const char *text, size_t len)
{
	run_state *st = arg;
	char who[32], err[512];
	int rc;

	if (answers)
		return open_anytime(st) || fwrite(text, 1, len, st->anytime) != len ||
		       fflush(st->anytime) || ferror(st->anytime) ? -1 : 0;
	snprintf(who, sizeof(who), "rows of rank %d", rank);
	rc = report_read_text(text, len, who, keep_rank_row, st, err, sizeof(err));
	if (rc) {
		progress_clear(&st->prog);
		fprintf(stderr, "bench " CMD ": %s\n", err);
	}
	if (fflush(st->runs) || ferror(st->runs))
		rc = -1;
	return rc;
}

/* Rank 0: take the other ranks' rows between its own. */
static void take_ranks(run_state *st)
{
	if (mpi_job_poll(st->job, keep_rank_rows, st))
		st->write_failed = true;
}

/* ROW's part in its program's tally (external programs alone: a
 * program that answers nothing fails the run, naming why). */
static void tally_program(run_state *st, const run_row *row)
{
	program_tally *t = NULL;

	if (!outside_own_process(row->algorithm) || row->status == RUN_UNSUPPORTED ||
	    row->status == RUN_INTERRUPTED)
		return;
	for (size_t i = 0; i < st->nprograms && !t; i++)
		if (st->programs[i].solver == row->algorithm)
			t = &st->programs[i];
	if (!t && st->nprograms == OUTSIDE_MAX)
		return;
	if (!t) {
		t = &st->programs[st->nprograms++];
		*t = (program_tally){ .solver = row->algorithm };
	}
	/* a start-up's answer is no answer to a puzzle */
	if (row->phase == RUN_SOLVE && (run_status_answered(row->status) || row->status == RUN_WRONG))
		t->answered = true;
	if (t->answered || t->cause[0] || (row->phase == RUN_PREPARE && row->status == RUN_OK))
		return;
	if (row->phase == RUN_PREPARE)
		snprintf(t->cause, sizeof(t->cause), "its start-up on '%s' ended '%s': %s",
			 row->ds->name, run_status_name(row->status), row->note);
	else
		snprintf(t->cause, sizeof(t->cause), "its first fault, on '%s' of '%s', '%s': %s",
			 row->ds->instances[row->instance].id, row->ds->name,
			 run_status_name(row->status), row->note);
}

/* Say of each external program that answered nothing why, in one line,
 * with the files to read (DIR: the run's). Returns how many. */
static size_t say_silent_programs(const run_state *st, const char *dir)
{
	size_t n = 0;

	for (size_t i = 0; i < st->nprograms; i++) {
		const program_tally *t = &st->programs[i];
		const char *name = t->solver->name;

		if (t->answered || !t->cause[0])
			continue;
		fprintf(stderr, "bench " CMD ": '%s' answered no puzzle: %s (see %s/external.log and "
			"%s/stderr/%.*s.log)\n", name, t->cause, dir, dir, (int)strcspn(name, ":"), name);
		n++;
	}
	return n;
}

/* Whether runs.csv's rows should go to the file now: every RUN_FLUSH_NS
 * at most, so that a kill (or a crash of a solver run in this process)
 * loses at most that much of the run's rows (--resume does them again),
 * and a run of millions of fast solves does not make a system call a row
 * (a tenth of its time). The file is flushed when it is closed, an
 * interrupted run's too. */
#define RUN_FLUSH_NS 50000000u
static bool flush_due(run_state *st)
{
	uint64_t now = pb_wall_ns();

	if (now < st->flush_at)
		return false;
	st->flush_at = now + RUN_FLUSH_NS;
	return true;
}

/* ROW's anytime answers to DIR/anytime.csv (opened at the first); on a
 * rank but 0, to rank 0. Returns 0, or -1 (said why). */
static int write_anytime(run_state *st, const run_row *row, bool writer)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	int rc;

	if (writer) {
		if (open_anytime(st))
			return -1;
		anytime_write_row(st->anytime, row);
		return fflush(st->anytime) || ferror(st->anytime) ? -1 : 0;
	}
	if (!(f = open_memstream(&text, &len)))
		return -1;
	anytime_write_row(f, row);
	rc = fclose(f) ? -1 : mpi_job_send_answers(st->job, text, len);
	free(text);
	return rc;
}

static void on_row(void *arg, const run_row *row)
{
	run_state *st = arg;
	bool writer = !st->job->active || !st->job->rank;
	FILE *out = writer ? st->runs : mpi_job_rows(st->job);

	run_common_note_row(CMD, row, &st->seen, &st->prog);
	tally_program(st, row);
	if (st->resuming && resume_has(&st->resume, row))
		return;
	if (st->answers && row->phase == RUN_SOLVE)
		answer_save_keep(st->answers, row->ds, row->instance, row->algorithm->name,
				 row->heuristic, pb_solver_bound(row->algorithm), row->path,
				 row->status == RUN_UNSOLVABLE, run_status_name(row->status));
	/* under MPI another rank's preparation of the series may be in */
	if (writer && row->phase == RUN_PREPARE &&
	    report_prepared(&st->rep, row->ds->name, row->algorithm->name, row->heuristic))
		return;
	if (!out) {
		st->write_failed = true;
		return;
	}
	/* an anytime solver's answers before its row: a resumed run keeps
	 * those of the rows on record (anytime_prune) */
	if (row->nanswers && write_anytime(st, row, writer))
		st->write_failed = true;
	report_write_run(out, row);
	outside_note_row(row);
	if (!writer) {
		if (mpi_job_send(st->job))
			st->write_failed = true;
		return;
	}
	if (flush_due(st) && fflush(out))
		st->write_failed = true;
	if (ferror(out))
		st->write_failed = true;
	if (report_add_run(&st->rep, row))
		st->out_of_memory = true;
	take_ranks(st);
}

static unsigned on_done(void *arg, const dataset *ds, const pb_solver *s, const char *heuristic,
			size_t instance)
{
	run_state *st = arg;

	return st->resuming ? resume_done(&st->resume, ds, s, heuristic, instance) : 0;
}

/* For --resume (EXTEND: --extend): check that campaign NOW is the one
 * DIR/meta.json records (or contains it), then load what DIR/runs.csv
 * holds into ST. Returns 0 (no runs.csv: a new run), or -1 (said why). */
static int start_resume(run_state *st, const char *dir, const campaign *now, bool extend)
{
	const char *verb = extend ? "extend" : "resume";
	char path[PATH_MAX_LEN], err[WHY_MAX];
	struct stat sb;
	bool recorded;
	long n;

	/* what a run killed at once left half-written */
	resume_clean(dir);
	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	if (stat(path, &sb))
		return 0;
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	if (resume_check(path, now, extend, &recorded, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": cannot %s '%s': %s (%s)\n", verb, dir, err,
			extend ? "name all of it, and change nothing but what is added; --force "
			"starts it over" : "--extend adds to a run, --force starts it over");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	n = resume_load(&st->resume, path, &st->rep, err, sizeof(err));
	if (n < 0) {
		fprintf(stderr, "bench " CMD ": cannot %s: %s\n", verb, err);
		return -1;
	}
	if (!recorded && n > 0) {
		fprintf(stderr, "bench " CMD ": cannot %s '%s': no meta.json there, so the campaign of "
			"its %ld rows is unknown (--force starts it over)\n", verb, dir, n);
		return -1;
	}
	st->resuming = true;
	fprintf(stderr, "bench " CMD ": %s: %ld rows on record in %s\n",
		extend ? "extending" : "resuming", n, path);
	return 0;
}

static void on_tick(void *arg, uint64_t n)
{
	run_state *st = arg;

	progress_tick(&st->prog, n);
	take_ranks(st);
}

/* Hold the suboptimal solvers' answers to instances with no reference to
 * their bounds against the run's best (rejudge.h); where rows changed,
 * the summary is made from the file as it is now. Returns 0, or -1 (said
 * why). */
static int rejudge(run_state *st, const char *dir)
{
	char path[PATH_MAX_LEN], err[1024];
	size_t changed;
	report fresh;

	if (rejudge_by_best(dir, &changed, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return -1;
	}
	if (!changed)
		return 0;
	fprintf(stderr, "bench " CMD ": %zu answer%s past %s solver's bound against the run's best "
		"(no reference): now 'wrong'\n", changed, changed == 1 ? "" : "s",
		changed == 1 ? "its" : "their");
	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	report_init(&fresh);
	if (report_load(&fresh, path, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		report_release(&fresh);
		return -1;
	}
	report_release(&st->rep);
	st->rep = fresh;
	return 0;
}

/* Write DIR/summary.csv and print the table of R, its statistics built
 * once for both. Returns 0, or -1 (said why); *WRONG the wrong rows. */
static int write_summary(const char *dir, const report *r, size_t *wrong)
{
	char path[PATH_MAX_LEN], err[512];
	report_stats s;
	int rc;

	*wrong = r->wrong;
	snprintf(path, sizeof(path), "%s/summary.csv", dir);
	if (report_stats_build(&s, r)) {
		fprintf(stderr, "bench " CMD ": %s: out of memory for the summary\n", path);
		return -1;
	}
	rc = report_save_summary_of(&s, path, err, sizeof(err));
	if (rc)
		fprintf(stderr, "bench " CMD ": %s\n", err);
	report_print_table_of(stdout, &s);
	report_stats_release(&s);
	return rc;
}

/* Open DIR/runs.csv for a new run (APPEND: to continue it). */
static FILE *open_runs(const char *dir, bool force, bool append)
{
	char path[PATH_MAX_LEN], err[512];
	struct stat st;
	FILE *f;

	if (outfile_mkdirs(dir, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return NULL;
	}
	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	if (append) {
		f = fopen(path, "a");
		if (!f)
			fprintf(stderr, "bench " CMD ": %s: %s\n", path, strerror(errno));
		return f;
	}
	if (!force && !stat(path, &st)) {
		fprintf(stderr, "bench " CMD ": '%s' exists: an earlier run (--force to overwrite, "
			"or another -o DIR)\n", path);
		return NULL;
	}
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "bench " CMD ": %s: %s\n", path, strerror(errno));
		return NULL;
	}
	fputs(REPORT_RUNS_HEADER "\n", f);
	fflush(f);
	return f;
}

/* Load the datasets named in O into DS: two of one name would write over
 * each other's rows. Returns 0, or -1 (said why). */
static int load_datasets(const run_args *o, dataset *ds)
{
	if (run_common_load(CMD, &o->c, ds))
		return -1;
	for (size_t i = 0; i < o->c.ndatasets; i++) {
		for (size_t k = 0; k < i; k++) {
			if (!strcmp(ds[k].name, ds[i].name)) {
				fprintf(stderr, "bench " CMD ": datasets '%s' and '%s' have the same name '%s'\n",
					ds[k].path, ds[i].path, ds[i].name);
				return -1;
			}
		}
	}
	return 0;
}

/* Run every dataset; the rows go to ST. Returns 1 when stopped. */
static int run_all(run_state *st, const run_args *o, const choice *c, dataset *ds,
		   const shard_plan *plan, runner_unit *units)
{
	runner_hooks hooks = { .row = on_row, .tick = on_tick, .done = on_done, .arg = st };
	uint64_t total = 0;
	size_t n;

	for (size_t i = 0; i < o->c.ndatasets; i++) {
		n = units_for(c, &ds[i], &o->c.r, units);
		total += shard_work(plan, i, &ds[i], n, &o->c.r);
	}
	progress_start(&st->prog, "solves", total);
	for (size_t i = 0; i < o->c.ndatasets; i++) {
		n = units_for(c, &ds[i], &o->c.r, units);
		if (!n) {
			progress_clear(&st->prog);
			fprintf(stderr, "bench " CMD ": note: no solver serves dataset '%s' (%s)\n",
				ds[i].name, ds[i].domain.name);
		}
		if (shard_run(plan, i, &ds[i], units, n, &o->c.r, &hooks))
			return 1;
	}
	return 0;
}

/* The campaign of O (datasets DS, their checksums in PLAN, units by C)
 * into CP; WHOLE: the rows of every part end up in one directory (an MPI
 * job), which then holds the whole campaign. Returns 0, or -1 when out of
 * memory. */
static int make_campaign(campaign *cp, const run_args *o, const choice *c, const dataset *ds,
			 const shard_plan *plan, bool whole, runner_unit *units)
{
	const runner_options *r = &o->c.r;

	*cp = (campaign){
		.repeat = r->repeat, .warmup = r->warmup, .time_limit_ns = r->time_limit_ns,
		.prepare_limit_ns = r->prepare_limit_ns, .mem_limit = r->mem_limit,
		.defaults = r->defaults, .batch_threshold_ns = o->batch_threshold_ns,
		.isolate = r->isolate, .shard_k = whole ? 0 : o->shard.k,
		.shard_n = whole ? 0 : o->shard.n, .cache_dir = r->cache_dir,
		.instances = o->c.instances, .limit = o->c.limit,
	};
	for (size_t i = 0; i < o->c.ndatasets; i++) {
		size_t n = units_for(c, &ds[i], r, units);

		if (campaign_add_dataset(cp, ds[i].name, plan->checksums[i]))
			return -1;
		for (size_t k = 0; k < n; k++)
			if (campaign_add_unit(cp, ds[i].name, units[k].solver->name,
					      runner_heuristic_of(units[k].solver, &ds[i].domain,
								  units[k].heuristic)))
				return -1;
	}
	return 0;
}

/* The heuristics of O that serve none of the datasets DS: a note each. */
static void note_unused_heuristics(const run_args *o, const dataset *ds)
{
	for (size_t h = 0; h < o->c.r.nheuristics; h++) {
		const pb_heuristic_info *info = pb_heuristic_find(o->c.r.heuristics[h]);
		char why[160];
		bool used = false;

		for (size_t i = 0; i < o->c.ndatasets && !used; i++)
			used = !pb_heuristic_supports(pb_heuristic_find_for(info->name, &ds[i].domain),
						      &ds[i].domain, why, sizeof(why));
		if (!used)
			fprintf(stderr, "bench " CMD ": note: heuristic '%s' serves none of the datasets\n",
				info->name);
	}
}

/* The solvers of the campaign that part K of N (PLAN) gives no solve of,
 * a note naming them: a part of a small campaign may hold none of a
 * solver's instances, which the other parts then run, and a user reading
 * this part's table alone would look for its rows in vain. */
static void note_solvers_elsewhere(const run_args *o, const choice *c, const dataset *ds,
				   const shard_plan *plan, runner_unit *units)
{
	const pb_solver *seen[RUN_MAX_SOLVERS];
	bool here[RUN_MAX_SOLVERS] = { false };
	size_t nseen = 0, missing = 0;

	if (!plan->spec.n)
		return;
	for (size_t i = 0; i < o->c.ndatasets; i++) {
		size_t n = units_for(c, &ds[i], &o->c.r, units);

		for (size_t u = 0; u < n; u++) {
			size_t k = 0;

			while (k < nseen && seen[k] != units[u].solver)
				k++;
			if (k == nseen && nseen < RUN_MAX_SOLVERS)
				seen[nseen++] = units[u].solver;
			if (k < nseen)
				here[k] |= shard_unit_mine(plan, i, u) > 0;
		}
	}
	for (size_t k = 0; k < nseen; k++) {
		if (here[k])
			continue;
		fprintf(stderr, "%s'%s'", missing++ ? ", " : "bench " CMD ": note: this part holds no "
			"solve of ", seen[k]->name);
	}
	if (missing)
		fprintf(stderr, " (--shard %u/%u: the other parts run %s)\n", plan->spec.k,
			plan->spec.n, missing == 1 ? "it" : "them");
}

/* What the shard plan asks of 'bench run': the units of each dataset. */
typedef struct plan_arg {
	const choice *c;
	const dataset *ds;
	const runner_options *o;
} plan_arg;

static size_t plan_units(void *arg, size_t i, runner_unit *out)
{
	const plan_arg *a = arg;

	return units_for(a->c, &a->ds[i], a->o, out);
}

/* Join the MPI job when there is one (each rank a shard) and plan the part
 * to run. Returns 0, or an exit status (said why). */
static int plan_part(run_args *o, const choice *c, const dataset *ds, mpi_job *job,
		     shard_plan *plan, shard_info *si)
{
	plan_arg arg = { .c = c, .ds = ds, .o = &o->c.r };
	char err[256];

	shard_info_start(si, plan);
	if (mpi_job_begin(job, si->host, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return PB_EXIT_USAGE;
	}
	if (job->active) {
		if (o->shard.n)
			return bad_usage("--shard under mpirun: each rank is a part already");
		o->shard = (shard_spec){ .k = (unsigned)job->rank + 1, .n = (unsigned)job->size };
		si->ranks = (unsigned)job->size;
		si->ranks_on_host = job->ranks_on_host;
		si->hosts_json = job->hosts_json;
	}
	if (shard_plan_build(plan, o->shard, ds, o->c.ndatasets, plan_units, &arg, &o->c.r)) {
		fprintf(stderr, "bench " CMD ": out of memory planning the shards\n");
		return PB_EXIT_USAGE;
	}
	return 0;
}

/* Write DIR/meta.json of M (OUTCOME now). Returns 0 or -1 (said why). */
static int write_meta(const char *dir, meta_run *m, const char *outcome)
{
	char path[PATH_MAX_LEN], err[512];

	m->outcome = outcome;
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	if (meta_write(path, m, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return -1;
	}
	return 0;
}

/* Measure the harness's own cost on this machine now (meta.json records
 * it, the table flags medians near it) and plan O's batches by it. */
static void measure_floor(run_args *o, run_state *st, timer_floor *floor, meta_run *m)
{
	timer_measure_floor(o->batch_threshold_ns, floor);
	o->c.r.batch = timer_plan_of(floor);
	st->rep.floor_ns = floor->floor_ns;
	m->timer = floor;
}

/* Under MPI, what rank 0 found on record, to every rank (collective):
 * whether it resumes, and for each dataset of O and unit its part
 * (resume.h). Returns 0, or -1 (said why). */
static int share_record(run_state *st, mpi_job *job, const run_args *o, const choice *c,
			const dataset *ds, runner_unit *units)
{
	uint32_t resuming = st->resuming;

	if (!job->active)
		return 0;
	if (mpi_job_share(job, &resuming, sizeof(resuming)))
		return -1;
	if (!resuming)
		return 0;
	if (job->rank)
		resume_init(&st->resume);
	st->resuming = true;
	for (size_t i = 0; i < o->c.ndatasets; i++) {
		size_t n = units_for(c, &ds[i], &o->c.r, units), bytes = (ds[i].count + 1) * sizeof(uint32_t);

		for (size_t k = 0; k < n; k++) {
			const char *h = runner_heuristic_of(units[k].solver, &ds[i].domain,
							    units[k].heuristic);
			resume_part *p = resume_part_of(&st->resume, &ds[i], units[k].solver->name, h);
			uint32_t *buf = malloc(bytes);
			int rc;

			if (!mpi_job_agree(job, p && buf)) {
				fprintf(stderr, "bench " CMD ": out of memory for the rows on record\n");
				free(buf);
				return -1;
			}
			buf[0] = p->prepared;
			memcpy(buf + 1, p->state, bytes - sizeof(uint32_t));
			rc = mpi_job_share(job, buf, bytes);
			p->prepared = buf[0];
			memcpy(p->state, buf + 1, bytes - sizeof(uint32_t));
			free(buf);
			if (rc)
				return -1;
		}
	}
	return 0;
}

/* Continue a run (--resume, --extend) or check that DIR holds none, and
 * open where the rows go (O, C, DS, UNITS: the campaign, whose parts are
 * shared under MPI). Returns 0, or an exit status (said why). */
static int open_output(const run_args *o, const choice *c, const dataset *ds,
		       runner_unit *units, run_state *st, const char *outdir, const campaign *cp)
{
	mpi_job *job = st->job;
	bool writer = !job->active || !job->rank;
	char err[512];

	if (!mpi_job_agree(job, !writer || !o->resume ||
			   !start_resume(st, outdir, cp, o->extend)))
		return PB_EXIT_USAGE;
	if (o->resume && share_record(st, job, o, c, ds, units))
		return PB_EXIT_USAGE;
	st->runs = writer ? open_runs(outdir, o->force, st->resuming) : mpi_job_rows(job);
	st->dir = outdir;
	/* anytime.csv follows runs.csv: a new run's starts anew, a resumed
	 * run's keeps the answers of the rows on record */
	if (st->runs && writer && (st->resuming ? anytime_prune(outdir, err, sizeof(err))
				   : anytime_clear(outdir, err, sizeof(err)))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		fclose(st->runs);
		st->runs = NULL;
	}
	/* the outside solvers' fault log and standard errors beside runs.csv */
	outside_note_solves(o->c.r.repeat, o->c.r.warmup);
	if (st->runs && outside_begin_run(outdir, st->resuming, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		if (writer)
			fclose(st->runs);
		st->runs = NULL;
	}
	if (!mpi_job_agree(job, st->runs != NULL)) {
		if (st->runs && writer)
			fclose(st->runs);
		st->runs = NULL;
		return PB_EXIT_USAGE;
	}
	return 0;
}

/* Write DIR/answers/ of A, each file saying how 'bench check' grades it
 * (the part of each dataset O ran). Returns 0, or -1 (said why). */
static int save_answers(const run_args *o, const answer_save *a, const char *dir)
{
	char options[RUN_HEURISTIC_TEXT_MAX + 64] = "", err[1024];
	int n = 0;

	if (o->c.instances)
		n = snprintf(options, sizeof(options), "--instances '%s' ", o->c.instances);
	if (o->c.limit && n >= 0 && (size_t)n < sizeof(options))
		snprintf(options + n, sizeof(options) - (size_t)n, "--limit %" PRIu64 " ", o->c.limit);
	if (answer_save_write(a, dir, options, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return -1;
	}
	return 0;
}

int cmd_run(int argc, char **argv)
{
	run_args o;
	choice c = { 0 };
	dataset ds[RUN_MAX_DATASETS];
	run_state st = { 0 };
	runner_unit *units = malloc(RUNNER_MAX_UNITS * sizeof(*units));
	size_t wrong;
	char outdir[DIR_MAX], err[1024];
	mpi_job job = { 0 };
	shard_plan plan = { 0 };
	shard_info si;
	timer_floor floor;
	campaign cp;
	answer_save answers;
	meta_run m;
	bool writer;
	int rc, stopped;
	/* the command as given, before getopt_long reorders argv */
	char **given = cmdline_keep(argc, argv);

	memset(ds, 0, sizeof(ds));
	campaign_init(&cp);
	if (!given || !units) {
		fprintf(stderr, "bench " CMD ": out of memory\n");
		free(given);
		free(units);
		return PB_EXIT_USAGE;
	}
	rc = parse_options(argc, argv, &o);
	if (rc >= 0) {
		free(given);
		free(units);
		return rc;
	}
	if (choose_algorithms(o.c.algorithms, &c) || load_datasets(&o, ds)) {
		rc = PB_EXIT_USAGE;
		goto out;
	}
	rc = plan_part(&o, &c, ds, &job, &plan, &si);
	if (rc)
		goto out;
	if (make_campaign(&cp, &o, &c, ds, &plan, job.active, units)) {
		fprintf(stderr, "bench " CMD ": out of memory\n");
		rc = PB_EXIT_USAGE;
		goto out;
	}
	/* under mpirun rank 0 alone writes files and talks */
	writer = !job.active || !job.rank;
	if (o.output)
		snprintf(outdir, sizeof(outdir), "%s", o.output);
	else
		snprintf(outdir, sizeof(outdir), "%s/%s", RESULTS_DIR, ds[0].name);
	report_init(&st.rep);
	answer_save_init(&answers);
	st.answers = o.save_answers ? &answers : NULL;
	st.job = &job;
	rc = open_output(&o, &c, ds, units, &st, outdir, &cp);
	if (rc)
		goto release;
	if (writer) {
		run_common_print_limits(&o.c, CMD);
		note_unused_heuristics(&o, ds);
		note_solvers_elsewhere(&o, &c, ds, &plan, units);
	}
	m = (meta_run){ .argc = argc, .argv = given, .datasets = ds, .ndatasets = o.c.ndatasets,
			.campaign = &cp, .started = (uint64_t)time(NULL),
			.extra = o.shard.n ? shard_meta_write : NULL, .extra_arg = &si };
	outside_meta_hook(&m);
	/* caught through the final writes too: a first signal lets them
	 * finish, a second stops at once and leaves no temporary file */
	o.c.r.stop = signals_catch();
	measure_floor(&o, &st, &floor, &m);
	/* the campaign on record from the start: a run killed midway can be
	 * resumed, and only by the same campaign */
	if (!mpi_job_agree(&job, !writer || !write_meta(outdir, &m, "running"))) {
		if (writer)
			fclose(st.runs);
		rc = PB_EXIT_USAGE;
		goto release;
	}
	stopped = run_all(&st, &o, &c, ds, &plan, units);
	progress_end(&st.prog);
	si.ended_ns = shard_now_ns();
	m.wall_ns = pb_wall_ns() - st.prog.start_ns;
	/* the other ranks' last rows; a rank lost says so */
	if (mpi_job_finish(&job, o.c.r.stop, &stopped, keep_rank_rows, &st, err, sizeof(err))) {
		progress_clear(&st.prog);
		fprintf(stderr, "bench " CMD ": %s\n", err);
		st.write_failed |= !job.lost;
	}
	if (writer && fclose(st.runs))
		st.write_failed = true;
	if (st.anytime && fclose(st.anytime))
		st.write_failed = true;
	if (!writer) {
		rc = st.write_failed ? PB_EXIT_USAGE : PB_EXIT_OK;
		goto release;
	}
	/* before the floors: it may load the rows anew */
	if (!st.write_failed && rejudge(&st, outdir))
		st.write_failed = true;
	/* the floors meta.json records: an outside program's is the round trip */
	if (report_read_floors(&st.rep, outdir, err, sizeof(err)))
		fprintf(stderr, "bench " CMD ": %s: the summary marks times against the clock's "
			"floor alone\n", err);
	rc = write_summary(outdir, &st.rep, &wrong) ? PB_EXIT_USAGE : PB_EXIT_OK;
	if (st.answers && save_answers(&o, st.answers, outdir)) {
		rc = PB_EXIT_USAGE;
	}
	if (write_meta(outdir, &m, stopped ? "interrupted" : "complete"))
		rc = PB_EXIT_USAGE;
	shard_print_warnings(stdout, &si);
	fflush(stdout);
	if (st.write_failed || st.out_of_memory) {
		fprintf(stderr, "bench " CMD ": %s\n", st.write_failed
			? "could not write every row of runs.csv" : "out of memory: the summary misses rows");
		rc = PB_EXIT_USAGE;
	}
	if (stopped)
		fprintf(stderr, "bench " CMD ": interrupted: %s/runs.csv holds the rows so far\n", outdir);
	else
		fprintf(stderr, "bench " CMD ": wrote %s/runs.csv, summary.csv, meta.json%s\n", outdir,
			st.answers ? ", answers/" : "");
	if (!stopped && say_silent_programs(&st, outdir) && !rc)
		rc = PB_EXIT_CHECK;
	if (!rc && wrong)
		rc = PB_EXIT_CHECK;
	if (stopped)
		rc = EXIT_SIGNAL_BASE + (*o.c.r.stop ? *o.c.r.stop : SIGTERM);
release:
	signals_restore();
	resume_release(&st.resume);
	report_release(&st.rep);
	answer_save_release(&answers);
out:
	mpi_job_end(&job);
	shard_plan_release(&plan);
	campaign_release(&cp);
	free(units);
	for (size_t i = 0; i < o.c.ndatasets; i++)
		dataset_release(&ds[i]);
	free(given);
	return rc;
}
