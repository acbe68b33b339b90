/* bench run: run solvers over datasets; write runs.csv as it goes, then
 * summary.csv and meta.json, and print the summary table. */
#include <errno.h>
#include <getopt.h>
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
#include "harness/io/meta.h"
#include "harness/engine/mpi_run.h"
#include "harness/engine/outside.h"
#include "harness/io/outfile.h"
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
#define MAX_DATASETS 64
#define RESULTS_DIR "results"
/* Room for a run directory's name, and for a file's name in it. */
#define DIR_MAX 4000
#define PATH_MAX_LEN (DIR_MAX + 64)
#define EXIT_SIGNAL_BASE 128
/* Solvers of one dataset at most: those named, and the outside ones. */
#define SOLVERS_MAX (64 + OUTSIDE_MAX)

typedef struct run_options {
	const char *datasets[MAX_DATASETS];
	size_t ndatasets;
	char *algorithms; /* the --algorithms list, or NULL */
	runner_options r;
	const char *output;
	bool force;
	bool resume;      /* --resume: continue DIR/runs.csv */
	shard_spec shard; /* --shard K/N; n = 0: the whole campaign */
} run_options;

/* Solvers chosen by name (NULL: every one serving each dataset's domain). */
typedef struct choice {
	const pb_solver *named[64];
	size_t nnamed;
	bool explicit;
} choice;

typedef struct run_state {
	FILE *runs;
	report rep;
	progress prog;
	bool write_failed, out_of_memory;
	bool resuming;    /* rows on record in RESUME are not written again */
	resume resume;
} run_state;

static void usage(FILE *out)
{
	fprintf(out,
"usage: bench run [options] --dataset FILE [--dataset FILE ...]\n"
"       bench run [options] FILE...\n"
"\n"
"Run solvers over datasets. For each dataset and solver: one preparation\n"
"(a table or database build, timed apart), then for each instance the\n"
"warm-ups and the repeats, each with its own limits and a fresh counting\n"
"allocator. Every answer is replayed: one that misses the goal or is longer\n"
"than the dataset's reference is 'wrong'. Writes DIR/runs.csv (a row a\n"
"solve, flushed as written), DIR/summary.csv (per dataset, algorithm and\n"
"optimal length), DIR/meta.json (machine, build, revision, command, seeds),\n"
"and prints a summary table. Exit status: 0, 1 when an answer was wrong,\n"
"2 for bad usage or input, 128 + the signal when interrupted (the rows so\n"
"far and the summary of what finished are kept).\n"
"\n"
"options:\n"
"  -d, --dataset FILE       a dataset file (repeatable; also as arguments)\n"
"  -a, --algorithms LIST    comma-separated solver names (see 'bench list');\n"
"                           default: every solver that serves the dataset's\n"
"                           domain. A named solver that does not serve it\n"
"                           gets 'unsupported' rows\n"
"      --heuristic NAME     heuristic for the informed solvers (astar,\n"
"                           idastar); default: the first 'bench list' shows\n"
"      --pdb-cache DIR      where pattern databases are kept\n"
"  -r, --repeat N           measured solves of each instance (default %d)\n"
"  -w, --warmup N           unmeasured solves before them (default %d)\n"
"  -t, --time-limit SECONDS limit of each solve, decimals allowed (default\n"
"                           none); a solver stops within 10%% of it: 'timeout'\n"
"  -m, --mem-limit BYTES    limit of each solve's allocations and of each\n"
"                           preparation's, suffixes K M G (powers of 1024);\n"
"                           past it: 'memout' (default none)\n"
"      --prepare-limit SECONDS  limit of each preparation (default none); one\n"
"                           that fails leaves its solver's instances unrun,\n"
"                           with the preparation's status\n"
"  -o, --output DIR         where the files go (default %s/<first dataset>)\n"
"  -f, --force              overwrite an earlier run's files in DIR\n"
"      --resume             continue the run in DIR (after a crash, a kill or\n"
"                           an interruption), given the same arguments: the\n"
"                           solves on record in runs.csv are not done again,\n"
"                           the rest are; without runs.csv, a new run\n"
"      --isolate            run each solve in a child process: a solver that\n"
"                           crashes gets a 'crash' row, one whose memory runs\n"
"                           away past --mem-limit or that ignores its time\n"
"                           limit is killed ('memout', 'timeout'); rss_bytes\n"
"                           is then the solve's own peak resident memory\n"
OUTSIDE_USAGE
"      --shard K/N          run only part K of N (1-based) of the work: a\n"
"                           split of the instances and solvers that is the\n"
"                           same on every machine and balanced by expected\n"
"                           cost; join the parts with 'bench merge'. Under\n"
"                           mpirun (an MPI build: %s) each rank is a part\n"
"                           and rank 0 writes the files\n"
"  -h, --help               show this and exit\n"
"\n"
"Solves that time out, run out of memory or fail are not repeated. A\n"
"progress line goes to standard error when it is a terminal.\n",
		DEFAULT_REPEAT, DEFAULT_WARMUP, RESULTS_DIR, mpi_job_available() ? "this one" : "not this one");
}

#define bad_usage(...) cmdline_bad_usage(CMD, __VA_ARGS__)

static int add_dataset(run_options *o, const char *path)
{
	if (o->ndatasets == MAX_DATASETS)
		return bad_usage("more than %d datasets", MAX_DATASETS);
	o->datasets[o->ndatasets++] = path;
	return 0;
}

static int parse_options(int argc, char **argv, run_options *o)
{
	enum { OPT_HEURISTIC = 256, OPT_PDB_CACHE, OPT_PREPARE_LIMIT, OPT_SHARD,
	       OPT_RESUME, OPT_ISOLATE, OPT_OUTSIDE };
	static const struct option longopts[] = {
		{ "dataset", required_argument, NULL, 'd' },
		{ "algorithms", required_argument, NULL, 'a' },
		{ "heuristic", required_argument, NULL, OPT_HEURISTIC },
		{ "pdb-cache", required_argument, NULL, OPT_PDB_CACHE },
		{ "repeat", required_argument, NULL, 'r' },
		{ "warmup", required_argument, NULL, 'w' },
		{ "time-limit", required_argument, NULL, 't' },
		{ "mem-limit", required_argument, NULL, 'm' },
		{ "prepare-limit", required_argument, NULL, OPT_PREPARE_LIMIT },
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, 'f' },
		{ "shard", required_argument, NULL, OPT_SHARD },
		{ "resume", no_argument, NULL, OPT_RESUME },
		{ "isolate", no_argument, NULL, OPT_ISOLATE },
		OUTSIDE_LONGOPTS(OPT_OUTSIDE),
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	uint64_t n;
	int c;

	memset(o, 0, sizeof(*o));
	o->r.repeat = DEFAULT_REPEAT;
	o->r.warmup = DEFAULT_WARMUP;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:a:r:w:t:m:o:fh", longopts, NULL)) != -1) {
		switch (c) {
		case 'd':
			if (add_dataset(o, optarg))
				return PB_EXIT_USAGE;
			break;
		case 'a': o->algorithms = optarg; break;
		case OPT_HEURISTIC: o->r.heuristic = optarg; break;
		case OPT_PDB_CACHE: o->r.cache_dir = optarg; break;
		case 'r':
			if (units_parse_count(optarg, 1, MAX_REPEAT, &n))
				return bad_usage("--repeat '%s' is not a count 1..%d", optarg, MAX_REPEAT);
			o->r.repeat = (unsigned)n;
			break;
		case 'w':
			if (units_parse_count(optarg, 0, MAX_REPEAT, &n))
				return bad_usage("--warmup '%s' is not a count 0..%d", optarg, MAX_REPEAT);
			o->r.warmup = (unsigned)n;
			break;
		case 't':
			if (units_parse_seconds(optarg, &o->r.time_limit_ns))
				return bad_usage("--time-limit '%s' is not a duration in seconds", optarg);
			break;
		case 'm':
			if (units_parse_bytes(optarg, &o->r.mem_limit))
				return bad_usage("--mem-limit '%s' is not a size (bytes, or with K, M, G)",
						 optarg);
			break;
		case OPT_PREPARE_LIMIT:
			if (units_parse_seconds(optarg, &o->r.prepare_limit_ns))
				return bad_usage("--prepare-limit '%s' is not a duration in seconds", optarg);
			break;
		case 'o': o->output = optarg; break;
		case 'f': o->force = true; break;
		case OPT_RESUME: o->resume = true; break;
		case OPT_ISOLATE: o->r.isolate = true; break;
		case OPT_OUTSIDE ... OPT_OUTSIDE + OUTSIDE_OPTIONS - 1:
			if (outside_option(c - OPT_OUTSIDE, optarg, CMD))
				return PB_EXIT_USAGE;
			break;
		case OPT_SHARD:
			if (shard_parse(optarg, &o->shard))
				return bad_usage("--shard '%s' is not K/N with 1 <= K <= N <= %d",
						 optarg, SHARD_MAX);
			break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case ':': return bad_usage("option '%s' needs a value", argv[optind - 1]);
		default: return bad_usage("unknown option '%s'", argv[optind - 1]);
		}
	}
	for (; optind < argc; optind++)
		if (add_dataset(o, argv[optind]))
			return PB_EXIT_USAGE;
	if (!o->ndatasets)
		return bad_usage("no dataset given (--dataset FILE)");
	if (o->resume && o->force)
		return bad_usage("--resume continues a run, --force starts it over: not both");
	return -1;
}

/* Parse the --algorithms LIST into C (LIST is cut in place). */
static int choose_algorithms(char *list, choice *c)
{
	char *names[sizeof(c->named) / sizeof(c->named[0])];
	int n;

	c->explicit = list != NULL;
	if (!list)
		return 0;
	n = cmdline_split(list, names, (int)(sizeof(names) / sizeof(names[0])));
	if (n <= 0)
		return bad_usage("--algorithms: want one or more solver names, separated by commas");
	for (int i = 0; i < n; i++) {
		const pb_solver *s = outside_solver_find(names[i]);

		if (!s) {
			fprintf(stderr, "bench " CMD ": unknown solver '%s' (see 'bench list')\n", names[i]);
			return PB_EXIT_USAGE;
		}
		for (size_t k = 0; k < c->nnamed; k++)
			if (c->named[k] == s)
				return bad_usage("--algorithms names '%s' twice", names[i]);
		c->named[c->nnamed++] = s;
	}
	return 0;
}

static int check_heuristic(const char *name)
{
	if (!name)
		return 0;
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!strcmp(pb_heuristics[i].name, name))
			return 0;
	fprintf(stderr, "bench " CMD ": unknown heuristic '%s' (see 'bench list')\n", name);
	return PB_EXIT_USAGE;
}

/* The solvers to run on DS into OUT: the chosen ones, or every one that
 * serves the domain. Returns the count. */
static size_t solvers_for(const choice *c, const dataset *ds, const runner_options *o,
			  const pb_solver **out)
{
	pb_config cfg = { .heuristic = o->heuristic, .cache_dir = o->cache_dir };
	char why[160];
	size_t n = 0;

	if (c->explicit) {
		memcpy(out, c->named, c->nnamed * sizeof(*out));
		return outside_extend(out, c->nnamed, SOLVERS_MAX, true, &ds->domain, &cfg);
	}
	for (size_t i = 0; i < pb_solver_count; i++)
		if (!pb_solvers[i]->supports(&ds->domain, &cfg, why, sizeof(why)))
			out[n++] = pb_solvers[i];
	return outside_extend(out, n, SOLVERS_MAX, false, &ds->domain, &cfg);
}

static void on_row(void *arg, const run_row *row)
{
	run_state *st = arg;

	if (st->resuming && resume_has(&st->resume, row))
		return;
	report_write_run(st->runs, row);
	outside_note_row(row);
	if (fflush(st->runs) || ferror(st->runs))
		st->write_failed = true;
	if (report_add_run(&st->rep, row))
		st->out_of_memory = true;
}

static unsigned on_done(void *arg, const dataset *ds, const pb_solver *s, size_t instance)
{
	run_state *st = arg;

	return st->resuming ? resume_done(&st->resume, ds, s, instance) : 0;
}

/* For --resume: load what DIR/runs.csv (PATH) holds into ST. Returns 0
 * (nothing there: a new run), or -1 (said why). */
static int start_resume(run_state *st, const char *path)
{
	char err[512];
	struct stat sb;
	long n;

	if (stat(path, &sb))
		return 0;
	n = resume_load(&st->resume, path, &st->rep, err, sizeof(err));
	if (n < 0) {
		fprintf(stderr, "bench " CMD ": cannot resume: %s\n", err);
		return -1;
	}
	st->resuming = true;
	fprintf(stderr, "bench " CMD ": resuming: %ld rows on record in %s\n", n, path);
	return 0;
}

static void on_tick(void *arg, uint64_t n)
{
	run_state *st = arg;

	progress_tick(&st->prog, n);
}

static int write_summary(const char *dir, const report *r, char *err, size_t errlen)
{
	char path[PATH_MAX_LEN];
	report_group *g;
	long n = report_summarize(r, &g);
	outfile f;

	if (n < 0) {
		snprintf(err, errlen, "out of memory for the summary");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/summary.csv", dir);
	if (outfile_open(&f, path, err, errlen)) {
		free(g);
		return -1;
	}
	report_write_summary(f.fp, r, g, (size_t)n);
	free(g);
	return outfile_commit(&f, err, errlen);
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

/* Load the datasets named in O into DS. Returns 0, or -1 (said why). */
static int load_datasets(const run_options *o, dataset *ds)
{
	char err[1024];

	for (size_t i = 0; i < o->ndatasets; i++) {
		if (dataset_load(&ds[i], o->datasets[i], err, sizeof(err))) {
			fprintf(stderr, "bench " CMD ": %s\n", err);
			return -1;
		}
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

/* Add the names of SOLVERS not yet in NAMES. */
static void note_algorithms(const char **names, size_t *n, const pb_solver **solvers,
			    size_t count)
{
	for (size_t i = 0; i < count; i++) {
		size_t k = 0;

		while (k < *n && strcmp(names[k], solvers[i]->name))
			k++;
		if (k == *n)
			names[(*n)++] = solvers[i]->name;
	}
}

/* Run every dataset; the rows go to ST. Returns 1 when stopped. */
static int run_all(run_state *st, const run_options *o, const choice *c, dataset *ds,
		   const shard_plan *plan, const char **names, size_t *nnames)
{
	runner_hooks hooks = { .row = on_row, .tick = on_tick, .done = on_done, .arg = st };
	const pb_solver *solvers[SOLVERS_MAX];
	uint64_t total = 0;
	size_t n;

	for (size_t i = 0; i < o->ndatasets; i++) {
		n = solvers_for(c, &ds[i], &o->r, solvers);
		total += shard_work(plan, i, &ds[i], n, &o->r);
	}
	progress_start(&st->prog, "solves", total);
	for (size_t i = 0; i < o->ndatasets; i++) {
		n = solvers_for(c, &ds[i], &o->r, solvers);
		note_algorithms(names, nnames, solvers, n);
		if (!n)
			fprintf(stderr, "bench " CMD ": note: no solver serves dataset '%s' (%s)\n",
				ds[i].name, ds[i].domain.name);
		if (shard_run(plan, i, &ds[i], solvers, n, &o->r, &hooks))
			return 1;
	}
	return 0;
}

/* Write summary.csv and meta.json. Returns 0 or -1 (said why). */
static int finish(const char *dir, run_state *st, meta_run *m)
{
	char path[PATH_MAX_LEN], err[512];
	int rc = 0;

	if (write_summary(dir, &st->rep, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		rc = -1;
	}
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	if (meta_write(path, m, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		rc = -1;
	}
	return rc;
}

/* What the shard plan asks of 'bench run': the solvers of each dataset. */
typedef struct plan_arg {
	const choice *c;
	const dataset *ds;
	const runner_options *o;
} plan_arg;

static size_t plan_solvers(void *arg, size_t i, const pb_solver **out)
{
	const plan_arg *a = arg;

	return solvers_for(a->c, &a->ds[i], a->o, out);
}

/* Join the MPI job when there is one (each rank a shard) and plan the part
 * to run. Returns 0, or an exit status (said why). */
static int plan_part(run_options *o, const choice *c, const dataset *ds, mpi_job *job,
		     shard_plan *plan, shard_info *si)
{
	plan_arg arg = { .c = c, .ds = ds, .o = &o->r };
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
	if (shard_plan_build(plan, o->shard, ds, o->ndatasets, plan_solvers, &arg, &o->r)) {
		fprintf(stderr, "bench " CMD ": out of memory planning the shards\n");
		return PB_EXIT_USAGE;
	}
	return 0;
}

/* Open where the rows go: DIR/runs.csv, or (MPI ranks but 0) memory. */
static FILE *open_rows(const mpi_job *job, const char *dir, bool force, bool append,
		       char **mem, size_t *memlen)
{
	FILE *f;

	if (!job->active || !job->rank)
		return open_runs(dir, force, append);
	f = open_memstream(mem, memlen);
	if (f)
		fputs(REPORT_RUNS_HEADER "\n", f);
	return f;
}

int cmd_run(int argc, char **argv)
{
	run_options o;
	choice c = { 0 };
	dataset ds[MAX_DATASETS];
	run_state st = { 0 };
	const char *names[SOLVERS_MAX];
	size_t nnames = 0, wrong, memlen = 0;
	char outdir[DIR_MAX], path[PATH_MAX_LEN], err[512], *mem = NULL;
	mpi_job job = { 0 };
	shard_plan plan = { 0 };
	shard_info si;
	meta_run m;
	int rc, stopped;

	memset(ds, 0, sizeof(ds));
	rc = parse_options(argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (choose_algorithms(o.algorithms, &c) || check_heuristic(o.r.heuristic) ||
	    load_datasets(&o, ds)) {
		rc = PB_EXIT_USAGE;
		goto out;
	}
	rc = plan_part(&o, &c, ds, &job, &plan, &si);
	if (rc)
		goto out;
	if (o.output)
		snprintf(outdir, sizeof(outdir), "%s", o.output);
	else
		snprintf(outdir, sizeof(outdir), "%s/%s", RESULTS_DIR, ds[0].name);
	snprintf(path, sizeof(path), "%s/runs.csv", outdir);
	report_init(&st.rep);
	if (o.resume && job.active)
		rc = bad_usage("--resume under mpirun: resume each part with --shard instead");
	else if (o.resume && start_resume(&st, path))
		rc = PB_EXIT_USAGE;
	if (rc)
		goto release;
	st.runs = open_rows(&job, outdir, o.force, st.resuming, &mem, &memlen);
	if (st.runs && outside_begin_run(outdir, st.resuming, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		fclose(st.runs);
		st.runs = NULL;
	}
	if (!mpi_job_agree(&job, st.runs != NULL)) {
		if (st.runs)
			fclose(st.runs);
		rc = PB_EXIT_USAGE;
		goto release;
	}
	m = (meta_run){ .argc = argc, .argv = argv, .datasets = ds, .ndatasets = o.ndatasets,
			.algorithms = names, .options = &o.r, .started = (uint64_t)time(NULL),
			.extra = o.shard.n ? shard_meta_write : NULL, .extra_arg = &si };
	outside_meta_hook(&m);
	o.r.stop = signals_catch();
	stopped = run_all(&st, &o, &c, ds, &plan, names, &nnames);
	signals_restore();
	progress_end(&st.prog);
	si.ended_ns = shard_now_ns();
	m.nalgorithms = nnames;
	m.wall_ns = pb_wall_ns() - st.prog.start_ns;
	if (fclose(st.runs))
		st.write_failed = true;
	if (mpi_job_collect(&job, path, mem, memlen, &stopped, &st.rep, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		st.write_failed = true;
	}
	if (job.active && job.rank) {
		rc = st.write_failed ? PB_EXIT_USAGE : PB_EXIT_OK;
		goto release;
	}
	m.outcome = stopped ? "interrupted" : "complete";
	rc = finish(outdir, &st, &m) ? PB_EXIT_USAGE : PB_EXIT_OK;
	wrong = report_print_table(stdout, &st.rep);
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
		fprintf(stderr, "bench " CMD ": wrote %s/runs.csv, summary.csv, meta.json\n", outdir);
	if (!rc && wrong)
		rc = PB_EXIT_CHECK;
	if (stopped)
		rc = EXIT_SIGNAL_BASE + (*o.r.stop ? *o.r.stop : SIGTERM);
release:
	resume_release(&st.resume);
	report_release(&st.rep);
out:
	mpi_job_end(&job);
	shard_plan_release(&plan);
	free(mem);
	for (size_t i = 0; i < o.ndatasets; i++)
		dataset_release(&ds[i]);
	return rc;
}
