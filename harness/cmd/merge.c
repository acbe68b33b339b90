/* bench merge: join the shards of a campaign ('bench run --shard K/N') into
 * one run: runs.csv (every shard's rows, one preparation row per solver),
 * summary.csv recomputed from them, and a meta.json that holds each
 * shard's. Refuses shards of different campaigns, a shard twice, a shard
 * missing or interrupted. */
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

#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/io/meta.h"
#include "harness/io/meta_read.h"
#include "harness/io/outfile.h"
#include "harness/report/anytime.h"
#include "harness/report/rejudge.h"
#include "harness/report/report.h"
#include "harness/report/rundir.h"
#include "harness/engine/shard.h"

#define CMD "merge"
#define WARNING_MAX 512

/* What a shard's meta.json says of it (the strings are the meta's). */
typedef struct shard_meta {
	const char *dir;
	meta_info meta; /* the whole meta.json */
	const char *id, *datasets, *algorithms, *options, *host, *outcome;
	unsigned k, n, ranks;
	uint64_t units, units_total, started_ns, ended_ns;
} shard_meta;

typedef struct merge_options {
	const char *output;
	bool force;
	char **dirs;
	size_t ndirs;
} merge_options;

static void usage(FILE *out)
{
	fputs(
"usage: bench merge [options] -o OUT DIR...\n"
"\n"
"Join the shards of one campaign, each the output directory of a\n"
"'bench run --shard K/N' with the same datasets, solvers and options, into\n"
"one run in OUT: runs.csv (every shard's rows; each shard prepared its own\n"
"solvers, and one preparation row per dataset and solver is kept: the\n"
"first shard's, or the first that failed), summary.csv recomputed from\n"
"them, meta.json (the campaign, each shard's meta.json, warnings), and the\n"
"summary table. Refuses (exit 2) shards of different campaigns, a shard\n"
"given twice, a shard missing or interrupted. Warns when shards ran at the\n"
"same time on one host: their times disturb each other.\n"
"Exit status: 0, 1 when an answer was wrong, 2 for bad usage or input.\n"
"\n"
"options:\n"
"  -o, --output OUT   where the merged run goes (required)\n"
"  -f, --force        overwrite an earlier run's files in OUT\n"
"  -h, --help         show this and exit\n", out);
}

static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "bench " CMD ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return PB_EXIT_USAGE;
}

static int parse_options(int argc, char **argv, merge_options *o)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:fh", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': o->output = optarg; break;
		case 'f': o->force = true; break;
		case 'h': usage(stdout); return PB_EXIT_OK;
		case ':': return cmdline_bad_usage(CMD, "option '%s' needs a value", argv[optind - 1]);
		default: return cmdline_bad_usage(CMD, "unknown option '%s'", argv[optind - 1]);
		}
	}
	o->dirs = argv + optind;
	o->ndirs = (size_t)(argc - optind);
	if (!o->output)
		return cmdline_bad_usage(CMD, "no output directory (-o OUT)");
	if (!o->ndirs)
		return cmdline_bad_usage(CMD, "no shard directories given");
	return -1;
}

/* Member KEY of object V as a string (into *OUT) or a count. Return 0,
 * or -1 when missing or of another type. */
static int member_text(const json_value *v, const char *key, const char **out)
{
	*out = json_string(json_get(v, key));
	return *out ? 0 : -1;
}

static int member_u64(const json_value *v, const char *key, uint64_t *out)
{
	return json_u64(json_get(v, key), out);
}

static int load_meta(shard_meta *s, const char *dir)
{
	char path[4096], err[1024];
	const json_value *camp, *conc;
	uint64_t k, n, ranks;

	s->dir = dir;
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	if (meta_read(&s->meta, path, err, sizeof(err)))
		return fail("%s", err);
	if (!s->meta.present)
		return fail("%s: %s", path, strerror(ENOENT));
	camp = json_get(s->meta.root, "campaign");
	conc = json_get(s->meta.root, "concurrency");
	if (!camp || !conc)
		return fail("%s: not the output of a shard (bench run --shard K/N)", path);
	if (member_text(camp, "id", &s->id) || member_u64(camp, "shard", &k) ||
	    member_u64(camp, "shards", &n) ||
	    member_text(camp, "datasets_checksum", &s->datasets) ||
	    member_text(camp, "algorithms_checksum", &s->algorithms) ||
	    member_text(camp, "options_checksum", &s->options) ||
	    member_u64(camp, "units", &s->units) || member_u64(camp, "units_total", &s->units_total) ||
	    member_text(conc, "host", &s->host) ||
	    member_u64(conc, "started_ns", &s->started_ns) ||
	    member_u64(conc, "ended_ns", &s->ended_ns) || member_u64(conc, "mpi_ranks", &ranks) ||
	    member_text(s->meta.root, "outcome", &s->outcome))
		return fail("%s: a campaign or concurrency member is missing or malformed", path);
	if (k < 1 || k > n || n > SHARD_MAX)
		return fail("%s: shard %" PRIu64 " of %" PRIu64 " is out of range", path, k, n);
	if (ranks)
		return fail("%s: a whole MPI run (its ranks joined already), not a shard", path);
	s->k = (unsigned)k;
	s->n = (unsigned)n;
	s->ranks = (unsigned)ranks;
	return 0;
}

/* What differs between two shards' campaigns, or NULL. */
static const char *campaign_difference(const shard_meta *a, const shard_meta *b)
{
	if (a->n != b->n)
		return "the number of shards differs";
	if (strcmp(a->datasets, b->datasets))
		return "the datasets differ (names or contents)";
	if (strcmp(a->algorithms, b->algorithms))
		return "the solvers differ";
	if (strcmp(a->options, b->options))
		return "the options differ (repeat, warm-up, limits or heuristic)";
	if (strcmp(a->id, b->id) || a->units_total != b->units_total)
		return "the campaign identities differ";
	return NULL;
}

/* Check that S[0..n) are the N shards of one campaign, each once and
 * complete; sort them by K. Returns 0 or an exit status (said why). */
static int check_shards(shard_meta *s, size_t n)
{
	unsigned total = s[0].n;
	uint64_t units = 0;
	shard_meta t;

	for (size_t i = 1; i < n; i++) {
		const char *why = campaign_difference(&s[0], &s[i]);

		if (why)
			return fail("'%s' and '%s' are shards of different campaigns: %s", s[0].dir,
				    s[i].dir, why);
	}
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && s[j - 1].k > s[j].k; j--) {
			t = s[j];
			s[j] = s[j - 1];
			s[j - 1] = t;
		}
	for (size_t i = 1; i < n; i++)
		if (s[i].k == s[i - 1].k)
			return fail("shard %u/%u given twice: '%s' and '%s'", s[i].k, total,
				    s[i - 1].dir, s[i].dir);
	for (unsigned k = 1, i = 0; k <= total; k++) {
		if (i < n && s[i].k == k) {
			i++;
			continue;
		}
		return fail("shard %u/%u is missing (%zu of %u given)", k, total, n, total);
	}
	for (size_t i = 0; i < n; i++) {
		if (strcmp(s[i].outcome, "complete"))
			return fail("shard %u/%u ('%s') is %s: run it again", s[i].k, total, s[i].dir,
				    s[i].outcome);
		units += s[i].units;
	}
	if (units != s[0].units_total)
		return fail("the shards ran %" PRIu64 " units of work, the campaign has %" PRIu64,
			    units, s[0].units_total);
	return 0;
}

/* Warnings about shards that ran at the same time on one host, into W
 * (N of them at most). Returns how many. */
static size_t concurrency_warnings(const shard_meta *s, size_t n, char (*w)[WARNING_MAX],
				   size_t max)
{
	size_t count = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n && count < max; j++)
			if (!strcmp(s[i].host, s[j].host) && s[i].started_ns < s[j].ended_ns &&
			    s[j].started_ns < s[i].ended_ns)
				snprintf(w[count++], WARNING_MAX,
					 "shards %u and %u ran at the same time on host '%s': "
					 "their times disturb each other", s[i].k, s[j].k, s[i].host);
	return count;
}

/* Join the shards' runs.csv into OUT/runs.csv. */
static int join_rows(const shard_meta *s, size_t n, const char *out)
{
	FILE **in = calloc(n, sizeof(*in));
	char **names = calloc(n, sizeof(*names));
	char path[4096], err[1024];
	outfile f;
	int rc = PB_EXIT_USAGE;

	if (!in || !names) {
		fail("out of memory");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/runs.csv", s[i].dir);
		names[i] = strdup(path);
		in[i] = fopen(path, "r");
		if (!names[i] || !in[i]) {
			fail("%s: %s", path, strerror(errno));
			goto out;
		}
	}
	snprintf(path, sizeof(path), "%s/runs.csv", out);
	if (outfile_open(&f, path, err, sizeof(err))) {
		fail("%s", err);
		goto out;
	}
	if (shard_join(f.fp, in, (const char *const *)names, n, err, sizeof(err))) {
		outfile_abort(&f);
		fail("%s", err);
		goto out;
	}
	if (outfile_commit(&f, err, sizeof(err))) {
		fail("%s", err);
		goto out;
	}
	rc = 0;
out:
	for (size_t i = 0; in && names && i < n; i++) {
		if (in[i])
			fclose(in[i]);
		free(names[i]);
	}
	free(in);
	free(names);
	return rc;
}

/* Refuse a solve row that two shards both ran (R read with its ledger). */
/* Join the shards' anytime.csv (those that have one) into OUT's. */
static int join_anytime(const shard_meta *s, size_t n, const char *out)
{
	const char **dirs = malloc(n * sizeof(*dirs));
	char err[1024];
	int rc;

	if (!dirs)
		return fail("out of memory");
	for (size_t i = 0; i < n; i++)
		dirs[i] = s[i].dir;
	rc = anytime_join(dirs, n, out, err, sizeof(err));
	free(dirs);
	return rc ? fail("%s", err) : 0;
}

static int check_duplicates(const report *r)
{
	const report_row *p = &r->first_duplicate;

	if (!r->duplicates)
		return 0;
	return fail("instance '%s' of dataset '%s', %s repeat %u, is in two shards",
		    report_instance(r, p->dataset, p->instance), report_name(&r->datasets, p->dataset),
		    report_name(&r->algorithms, p->algorithm), p->repeat);
}

static int write_summary(const char *dir, const report *r)
{
	char path[4096], err[1024];

	snprintf(path, sizeof(path), "%s/summary.csv", dir);
	return report_save_summary(r, path, err, sizeof(err)) ? fail("%s", err) : 0;
}

/* OUT/meta.json: the campaign, the worst of the shards' timing floors
 * (TIMER), the warnings and each shard's meta.json. */
static int write_meta(const char *dir, int argc, char **argv, const shard_meta *s, size_t n,
		      const meta_timer *timer, char (*w)[WARNING_MAX], size_t nw)
{
	char path[4096], err[1024], date[32];
	char *command = cmdline_join(argc, argv);
	time_t now = time(NULL);
	struct tm tm;
	outfile f;

	snprintf(path, sizeof(path), "%s/meta.json", dir);
	if (outfile_open(&f, path, err, sizeof(err))) {
		free(command);
		return fail("%s", err);
	}
	gmtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	fputs("{\n  \"tool\": \"puzzlebench\",\n  \"merged\": true,\n  \"command\": ", f.fp);
	meta_json_string(f.fp, command ? command : "");
	free(command);
	fprintf(f.fp, ",\n  \"date\": \"%s\",\n  \"outcome\": \"complete\",\n", date);
	fputs("  \"campaign\": {\n    \"id\": ", f.fp);
	meta_json_string(f.fp, s[0].id);
	fprintf(f.fp, ",\n    \"shards\": %u,\n    \"units_total\": %" PRIu64 "\n  },\n", s[0].n,
		s[0].units_total);
	if (timer->floor_ns > 0)
		fprintf(f.fp, "  \"timer\": {\"floor_ns\": %.0f, \"wall_clock_ns\": %.0f, "
			"\"cpu_clock_ns\": %.0f, \"batch_threshold_ns\": %.0f, \"batch_target_ns\": %.0f, "
			"\"wall_taken_ns\": %.0f, \"cpu_taken_ns\": %.0f},\n", timer->floor_ns,
			timer->wall_clock_ns, timer->cpu_clock_ns, timer->batch_threshold_ns,
			timer->batch_target_ns, timer->wall_taken_ns, timer->cpu_taken_ns);
	fputs("  \"warnings\": [", f.fp);
	for (size_t i = 0; i < nw; i++) {
		fputs(i ? ", " : "", f.fp);
		meta_json_string(f.fp, w[i]);
	}
	fputs("],\n  \"shards\": [\n", f.fp);
	for (size_t i = 0; i < n; i++) {
		const char *text = s[i].meta.doc.text;
		size_t len = s[i].meta.doc.length;

		while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
			len--;
		fputs("    {\n      \"dir\": ", f.fp);
		meta_json_string(f.fp, s[i].dir);
		fputs(",\n      \"meta\": ", f.fp);
		fwrite(text, 1, len, f.fp);
		fprintf(f.fp, "\n    }%s\n", i + 1 < n ? "," : "");
	}
	fputs("  ],\n  \"format\": 1\n}\n", f.fp);
	if (outfile_commit(&f, err, sizeof(err)))
		return fail("%s", err);
	return 0;
}

/* Refuse to write over an earlier run or into a shard. */
static int check_output(const merge_options *o)
{
	char path[4096], err[1024];
	struct stat st;

	for (size_t i = 0; i < o->ndirs; i++)
		if (!strcmp(o->dirs[i], o->output))
			return fail("the output '%s' is one of the shards", o->output);
	if (outfile_mkdirs(o->output, err, sizeof(err)))
		return fail("%s", err);
	snprintf(path, sizeof(path), "%s/runs.csv", o->output);
	if (!o->force && !stat(path, &st))
		return fail("'%s' exists: an earlier run (--force to overwrite, or another -o OUT)",
			    path);
	return 0;
}

static int merge(const merge_options *o, shard_meta *s, int argc, char **argv)
{
	char path[4096], err[1024], (*w)[WARNING_MAX];
	size_t nw, wrong, changed, maxw = o->ndirs * o->ndirs;
	meta_timer timer = { 0 };
	report r;
	int rc;

	rc = check_shards(s, o->ndirs);
	if (!rc)
		rc = check_output(o);
	if (!rc)
		rc = join_rows(s, o->ndirs, o->output);
	if (!rc)
		rc = join_anytime(s, o->ndirs, o->output);
	/* the shards' rows together: the best answers of the whole run */
	if (!rc && rejudge_by_best(o->output, &changed, err, sizeof(err)))
		rc = fail("%s", err);
	if (rc)
		return rc;
	report_init(&r);
	report_keep_ledger(&r);
	snprintf(path, sizeof(path), "%s/runs.csv", o->output);
	if (report_load(&r, path, err, sizeof(err))) {
		report_release(&r);
		return fail("%s", err);
	}
	for (size_t i = 0; i < o->ndirs; i++)
		meta_timer_max(&timer, &s[i].meta.timer);
	r.floor_ns = timer.floor_ns;
	w = malloc(maxw * sizeof(*w));
	nw = w ? concurrency_warnings(s, o->ndirs, w, maxw) : 0;
	rc = check_duplicates(&r);
	if (!rc)
		rc = write_summary(o->output, &r);
	if (!rc)
		rc = write_meta(o->output, argc, argv, s, o->ndirs, &timer, w, nw);
	/* the table's floors as the merged run's meta.json gives them to
	 * report and plot: a long-lived outside program's is its round trip */
	if (!rc && report_read_floors(&r, o->output, err, sizeof(err)))
		rc = fail("%s", err);
	if (!rc) {
		wrong = report_print_table(stdout, &r);
		for (size_t i = 0; i < nw; i++)
			printf("warning: %s\n", w[i]);
		fflush(stdout);
		fprintf(stderr, "bench " CMD ": wrote %s/runs.csv, summary.csv, meta.json from %zu "
			"shards\n", o->output, o->ndirs);
		rc = wrong ? PB_EXIT_CHECK : PB_EXIT_OK;
	}
	free(w);
	report_release(&r);
	return rc;
}

int cmd_merge(int argc, char **argv)
{
	merge_options o;
	shard_meta *s;
	int rc;
	/* the command as given, before getopt_long reorders argv */
	char **given = cmdline_keep(argc, argv);

	if (!given)
		return fail("out of memory");
	rc = parse_options(argc, argv, &o);
	if (rc >= 0) {
		free(given);
		return rc;
	}
	s = calloc(o.ndirs, sizeof(*s));
	if (!s) {
		free(given);
		return fail("out of memory");
	}
	for (size_t i = 0; i < o.ndirs; i++)
		meta_info_init(&s[i].meta);
	rc = 0;
	for (size_t i = 0; i < o.ndirs && !rc; i++)
		rc = load_meta(&s[i], o.dirs[i]);
	rc = rc > 0 ? rc : merge(&o, s, argc, given);
	for (size_t i = 0; i < o.ndirs; i++)
		meta_info_release(&s[i].meta);
	free(s);
	free(given);
	return rc;
}
