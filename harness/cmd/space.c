/* bench space: a whole state space by the two-bit breadth-first search
 * (twobit.h): the number of states at each distance from the goal,
 * printed, and written as CSV (columns depth,states). */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algorithms/core/clock.h"
#include "algorithms/heuristics/pdb.h"
#include "algorithms/puzzles/twobit.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/engine/outside.h"
#include "harness/engine/mpi_space.h"
#include "harness/engine/signals.h"
#include "harness/io/outfile.h"
#include "harness/io/progress.h"
#include "harness/report/charts_draw.h"
#include "harness/report/gnuplot.h"

#define CMD "space"
/* The exit status of a search a signal stopped: 128 + its number, as a shell says. */
#define EXIT_SIGNAL_BASE 128

static void usage(FILE *out)
{
	fputs("usage: bench space --domain D [options]\n"
	      "\n"
	      "Search the whole state space of domain D breadth-first from the goal,\n"
	      "keeping each state's distance mod 3, and print the number of states\n"
	      "at each distance, the states expanded, the radius, the time and the\n"
	      "bytes the table took.\n"
	      "\n"
	      "What fits: any domain with an index whose table fits in memory, at a\n"
	      "quarter of a byte a state, two frontiers of a bit or two for each\n"
	      "group of states, and where a tiles' table passes 1 GiB, 256 MiB of\n"
	      "bins (12.7 GB in all for 14 cells). For example:\n"
	      "  tiles3x4, 4x3, 2x6, 6x2         239,500,800 states      60 MB\n"
	      "  tiles7x2, 2x7                 43,589,145,600 states    10.9 GB\n"
	      "  tiles5x3, 3x5                653,837,184,000 states     163 GB\n"
	      "  tiles4x4                  10,461,394,944,000 states     2.6 TB\n"
	      "  pancake12                       479,001,600 stacks     120 MB\n"
	      "  pancake13                     6,227,020,800 stacks     1.6 GB\n"
	      "  pancake14                    87,178,291,200 stacks    21.8 GB\n"
	      "  cube2, msquare            3,674,160 and 40,320 states   < 1 MB\n"
	      "A table past the memory is refused at the start (status memout).\n"
	      "\n"
	      "options:\n"
	      "  -d, --domain D     the domain (see 'bench list')\n"
	      "  -g, --goal G       another goal (tiles)\n"
	      "  -o, --output FILE  write the counts there as CSV, columns depth,states\n"
	      "  -j, --threads N    threads (default: one a processor, up to 64)\n"
	      "      --cache DIR    keep the table there (default: $PUZZLEBENCH_CACHE, else\n"
	      "                     cache/pdb), loaded when it is there\n"
	      "      --no-cache     search afresh; keep nothing\n"
	      "      --charts DIR   draw the counts with gnuplot: DIR/charts/space.png, .svg\n"
	      "      --gnuplot PATH the gnuplot to run (default: gnuplot)\n"
	      "  -q, --quiet        print the summary line only\n"
	      "      --plugin FILE.so  load a plugin's domains (repeatable)\n"
	      "  -h, --help         show this and exit\n", out);
}

/* Write T's counts to PATH as CSV, whole or not at all. */
static int write_csv(const pb_twobit *t, const char *path)
{
	char err[512];
	outfile f;

	if (outfile_open(&f, path, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return -1;
	}
	fputs("depth,states\n", f.fp);
	for (int k = 0; k <= t->radius; k++)
		fprintf(f.fp, "%d,%llu\n", k, (unsigned long long)t->counts[k]);
	if (outfile_commit(&f, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return -1;
	}
	return 0;
}

/* The data and the driver of the chart of T in the fresh folder of G. */
static int write_chart(const pb_twobit *t, const gnuplot_dir *g, const char *scripts)
{
	charts_options o = { .dir = g->tmp, .scripts = scripts, .machine = "", .date = "",
			     .caveat = "", .who = "bench " CMD };
	charts_state c = { .o = &o };
	char rel[PATH_MAX], path[PATH_MAX];
	FILE *data = charts_data_open(&c, "space.dat", rel, sizeof(rel));
	int failed;

	if (!data)
		return -1;
	for (int k = 0; k <= t->radius; k++)
		fprintf(data, "%d %llu\n", k, (unsigned long long)t->counts[k]);
	failed = fclose(data) != 0 ||
		 (size_t)snprintf(path, sizeof(path), "%s/%s", g->tmp, CHARTS_DRIVER) >= sizeof(path);
	if (failed || !(c.driver = fopen(path, "w"))) {
		fprintf(stderr, "bench " CMD ": cannot write the chart's files in '%s'\n", g->tmp);
		return -1;
	}
	fputs("# Written by 'bench space'. Run it inside this folder: gnuplot charts.gp\nscripts = ",
	      c.driver);
	charts_gp_string(c.driver, scripts);
	fputs(" . '/'\n", c.driver);
	charts_driver_start(&c, t->d->name, "states at each distance");
	fputs("spacefile = ", c.driver);
	charts_gp_string(c.driver, rel);
	fprintf(c.driver, "\ntotal = %llu\n", (unsigned long long)t->reached);
	charts_driver_load(&c, "space", "space.gp");
	return fclose(c.driver) ? -1 : 0;
}

/* Draw T into DIR/charts with GNUPLOT. */
static int draw(const pb_twobit *t, const char *dir, const char *gnuplot)
{
	char final[PATH_MAX], scripts[PATH_MAX], err[512];
	gnuplot_dir g;
	int rc = -1;

	if (gnuplot_find_scripts("bench " CMD, NULL, scripts))
		return -1;
	if (!gnuplot_exists(gnuplot)) {
		fprintf(stderr, "bench " CMD ": gnuplot not found as '%s' (%s)\n", gnuplot,
			GNUPLOT_INSTALL_HINT);
		return -1;
	}
	if (outfile_mkdirs(dir, err, sizeof(err))) {
		fprintf(stderr, "bench " CMD ": %s\n", err);
		return -1;
	}
	snprintf(final, sizeof(final), "%s/charts", dir);
	if (!gnuplot_dir_begin(&g, "bench " CMD, final) && !write_chart(t, &g, scripts) &&
	    !gnuplot_draw(&g, gnuplot, 1))
		rc = 0;
	gnuplot_dir_end(&g);
	if (!rc)
		gnuplot_list(&g);
	return rc;
}

/* The counts (unless QUIET) and the summary line; with the expansions
 * where S counted the whole search (BUILT in one process). */
static void print_space(const pb_twobit *t, const pb_search *s, uint64_t ns, bool built,
			bool one_process, bool quiet)
{
	uint64_t bytes = pb_twobit_bytes(t->d);

	if (!quiet) {
		printf("%5s %15s\n", "depth", "states");
		for (int k = 0; k <= t->radius; k++)
			printf("%5d %15llu\n", k, (unsigned long long)t->counts[k]);
		if (built && one_process)
			printf("%llu states expanded (pushed) or checked (pulled), %.3f a state; "
			       "%llu neighbours generated\n", (unsigned long long)s->expanded,
			       (double)s->expanded / (double)t->states, (unsigned long long)s->generated);
	}
	printf("%s: %llu states, radius %d (%llu at it), %s in %.3f s, table %.1f MB (%.3f bytes "
	       "a state), peak %.1f MB\n",
	       t->d->name, (unsigned long long)t->reached, t->radius,
	       (unsigned long long)t->counts[t->radius], built ? "searched" : "loaded",
	       (double)ns / 1e9, (double)bytes / 1e6,
	       (double)bytes / (double)t->states, (double)s->meter.peak / 1e6);
}

/* The search over J's ranks (mpi_space.h): rank 0 prints, writes the
 * table to the cache (unless NO_CACHE) and the CSV and charts; every rank
 * returns the same status. */
static int space_mpi(mpi_job *j, pb_domain *d, const char *cache, bool no_cache,
		     const char *output, const char *charts, const char *gnuplot, bool quiet,
		     const volatile sig_atomic_t *stop)
{
	uint64_t start = pb_wall_ns(), ns;
	char path[PATH_MAX], err[PATH_MAX + 128] = "";
	mpi_space sp, *per = NULL;
	pb_search s;
	pb_status st;
	int rc = PB_EXIT_OK;

	pb_search_init(&s, 0, 0, stop);
	st = mpi_space_build(j, &sp, d, &s);
	if (st != PB_SOLVED) {
		if (j->rank == 0)
			fprintf(stderr, "bench " CMD ": %s: %s%s%s\n", d->name, pb_status_name(st),
				*s.message ? ": " : "", s.message);
		return st == PB_STOPPED && *stop ? EXIT_SIGNAL_BASE + *stop : PB_EXIT_USAGE;
	}
	ns = pb_wall_ns() - start;
	if (!no_cache) {
		if (pb_twobit_file_name(d, pb_pdb_cache_dir(cache), path, sizeof(path))) {
			snprintf(err, sizeof(err), "cache directory name too long");
			rc = PB_EXIT_USAGE;
		} else if (mpi_space_save(j, &sp, path, err, sizeof(err))) {
			rc = PB_EXIT_USAGE;
		}
		if (rc && j->rank == 0)
			fprintf(stderr, "bench " CMD ": the table was not kept: %s\n", err);
	}
	if (j->rank == 0)
		per = calloc((size_t)j->size, sizeof(*per));
	mpi_space_traffic(j, &sp, per);
	if (j->rank == 0) {
		pb_twobit t = { .d = d, .states = sp.states, .radius = sp.radius,
				.reached = sp.reached };

		memcpy(t.counts, sp.counts, sizeof(t.counts));
		print_space(&t, &s, ns, true, false, quiet);
		for (int r = 0; per && r < j->size; r++)
			printf("rank %d: slice %.1f MB, peak %.1f MB, sent %.1f MB, received %.1f MB, "
			       "%llu rounds\n", r, (double)per[r].words * 8 / 1e6,
			       (double)per[r].peak / 1e6, (double)per[r].sent / 1e6,
			       (double)per[r].received / 1e6, (unsigned long long)per[r].rounds);
		if (output && write_csv(&t, output))
			rc = PB_EXIT_USAGE;
		if (charts && draw(&t, charts, gnuplot))
			rc = PB_EXIT_USAGE;
		if (fflush(stdout) || ferror(stdout))
			rc = PB_EXIT_USAGE;
	}
	free(per);
	mpi_space_release(&sp);
	return mpi_job_agree(j, rc == PB_EXIT_OK) ? rc : PB_EXIT_USAGE;
}

/* After each layer: the states reached, on the progress line. */
static void layer_done(void *arg, int depth, uint64_t reached, uint64_t states)
{
	progress *p = arg;

	(void)depth;
	(void)states;
	progress_tick(p, reached - p->done);
}

static int parse_threads(const char *text, int *out)
{
	char *end;
	long n = strtol(text, &end, 10);

	if (!*text || *end || n < 1 || n > PB_TWOBIT_MAX_THREADS)
		return -1;
	*out = (int)n;
	return 0;
}

int cmd_space(int argc, char **argv)
{
	enum { OPT_OUTSIDE = 256 };
	static const struct option longopts[] = {
		{ "domain", required_argument, NULL, 'd' },
		{ "goal", required_argument, NULL, 'g' },
		{ "output", required_argument, NULL, 'o' },
		{ "threads", required_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "cache", required_argument, NULL, 'c' },
		{ "no-cache", no_argument, NULL, 'n' },
		{ "charts", required_argument, NULL, 'C' },
		{ "gnuplot", required_argument, NULL, 'G' },
		{ "help", no_argument, NULL, 'h' },
		OUTSIDE_PLUGIN_LONGOPT(OPT_OUTSIDE),
		{ 0 },
	};
	const volatile sig_atomic_t *stop;
	const char *domain = NULL, *goal = NULL, *output = NULL, *cache = NULL;
	const char *charts = NULL, *gnuplot = "gnuplot";
	bool quiet = false, no_cache = false, built = true;
	int threads = 0, c, rc = PB_EXIT_OK;
	uint64_t start;
	pb_twobit t;
	pb_search s;
	pb_domain d;
	pb_status st;
	progress line;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:g:o:j:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': domain = optarg; break;
		case 'g': goal = optarg; break;
		case 'o': output = optarg; break;
		case 'j':
			if (parse_threads(optarg, &threads))
				return cmdline_bad_usage(CMD, "--threads wants 1 to %d, not '%s'",
							 PB_TWOBIT_MAX_THREADS, optarg);
			break;
		case 'q': quiet = true; break;
		case 'c': cache = optarg; break;
		case 'n': no_cache = true; break;
		case 'C': charts = optarg; break;
		case 'G': gnuplot = optarg; break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case OPT_OUTSIDE + OUTSIDE_PLUGIN:
			if (outside_option(OUTSIDE_PLUGIN, optarg, CMD))
				return PB_EXIT_USAGE;
			break;
		case ':': return cmdline_bad_usage(CMD, "'%s' wants a value", argv[optind - 1]);
		default: return cmdline_bad_usage(CMD, "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cmdline_bad_usage(CMD, "unexpected argument '%s'", argv[optind]);
	if (!domain)
		return cmdline_bad_usage(CMD, "want a domain (--domain)");
	if (cmdline_domain(CMD, &d, domain, goal))
		return PB_EXIT_USAGE;
	stop = signals_catch();
	{
		/* under an MPI launcher (a PB_MPI build): the search over the
		 * ranks */
		char host[256] = "", err[256];
		mpi_job job;

		gethostname(host, sizeof(host) - 1);
		if (mpi_job_begin(&job, host, err, sizeof(err))) {
			fprintf(stderr, "bench " CMD ": %s\n", err);
			mpi_job_end(&job);
			signals_restore();
			return PB_EXIT_USAGE;
		}
		if (job.active) {
			rc = space_mpi(&job, &d, cache, no_cache, output, charts, gnuplot, quiet, stop);
			mpi_job_end(&job);
			signals_restore();
			return rc;
		}
		mpi_job_end(&job);
	}
	pb_search_init(&s, 0, 0, stop);
	start = pb_wall_ns();
	/* a progress line on a terminal: the states reached, a layer at a
	 * time */
	progress_start(&line, "states", d.index_count);
	pb_twobit_on_layer(layer_done, &line);
	st = no_cache ? pb_twobit_build(&t, &d, &s, threads)
		      : pb_twobit_open(&t, &d, cache, &s, threads, &built);
	pb_twobit_on_layer(NULL, NULL);
	progress_end(&line);
	if (st != PB_SOLVED) {
		rc = st == PB_STOPPED ? EXIT_SIGNAL_BASE + *stop : PB_EXIT_USAGE;
		signals_restore();
		fprintf(stderr, "bench " CMD ": %s: %s%s%s\n", d.name, pb_status_name(st),
			*s.message ? ": " : "", s.message);
		return rc;
	}
	print_space(&t, &s, pb_wall_ns() - start, built, true, quiet);
	if (*s.message)
		fprintf(stderr, "bench " CMD ": %s\n", s.message);
	if (output && write_csv(&t, output))
		rc = PB_EXIT_USAGE;
	if (charts && draw(&t, charts, gnuplot))
		rc = PB_EXIT_USAGE;
	pb_twobit_release(&t);
	signals_restore();
	if (fflush(stdout) || ferror(stdout))
		rc = PB_EXIT_USAGE;
	return rc;
}
