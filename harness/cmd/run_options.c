#include "harness/cmd/run_options.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "algorithms/heuristics/heuristic.h"
#include "harness/cmd/cmdline.h"
#include "harness/cmd/commands.h"
#include "harness/io/dataset_select.h"
#include "harness/io/meta.h"
#include "harness/io/units.h"

#define NS_PER_S 1e9
#define KIB 1024u

static int add_dataset(run_common *o, const char *cmd, const char *path)
{
	if (o->ndatasets == RUN_MAX_DATASETS)
		return cmdline_bad_usage(cmd, "more than %d datasets", RUN_MAX_DATASETS);
	o->datasets[o->ndatasets++] = path;
	return 0;
}

/* Cut TEXT into its comma-separated names in place, into NAMES (at most
 * MAX). A partition's commas ("pdb:1,2,5/3,4") do not cut it: a piece
 * that begins with a digit (no heuristic's name does) goes on with the
 * partition before it. Returns the count, -1 past MAX, or 0 for an empty
 * name. */
static int split_heuristics(char *text, char **names, int max)
{
	int n = 0;

	for (char *p = text;;) {
		char *comma = p;

		while ((comma = strchr(comma, ',')) && !strncmp(p, PB_PARTITION_PREFIX,
								strlen(PB_PARTITION_PREFIX)) &&
		       comma[1] >= '0' && comma[1] <= '9')
			comma++;
		if (comma)
			*comma = '\0';
		if (!*p)
			return 0;
		if (n == max)
			return -1;
		names[n++] = p;
		if (!comma)
			return n;
		p = comma + 1;
	}
}

/* Add the heuristics of the comma-separated LIST to O, each once (each is
 * looked up in run_common_finish, once every --plugin has added its
 * families' heuristics). Returns 0 or PB_EXIT_USAGE (said why). */
static int add_heuristics(run_common *o, const char *cmd, const char *list)
{
	char *text = o->heuristic_text + o->heuristic_used, *names[RUN_MAX_HEURISTICS];
	size_t len = strlen(list);
	int n;

	if (len >= sizeof(o->heuristic_text) - o->heuristic_used)
		return cmdline_bad_usage(cmd, "--heuristic: lists of more than %d characters in all",
					 RUN_HEURISTIC_TEXT_MAX - 1);
	memcpy(text, list, len + 1);
	o->heuristic_used += len + 1;
	n = split_heuristics(text, names, RUN_MAX_HEURISTICS);
	if (n <= 0)
		return cmdline_bad_usage(cmd, n ? "--heuristic names more than %d heuristics"
					 : "--heuristic: want one or more heuristic names, separated "
					 "by commas (at most %d)", RUN_MAX_HEURISTICS);
	for (int i = 0; i < n; i++) {
		for (size_t k = 0; k < o->r.nheuristics; k++)
			if (!strcmp(o->heuristics[k], names[i]))
				return cmdline_bad_usage(cmd, "--heuristic names '%s' twice", names[i]);
		if (o->r.nheuristics == RUN_MAX_HEURISTICS)
			return cmdline_bad_usage(cmd, "--heuristic names more than %d heuristics",
						 RUN_MAX_HEURISTICS);
		o->heuristics[o->r.nheuristics++] = names[i];
	}
	o->r.heuristics = o->heuristics;
	return 0;
}

/* Each heuristic of O known (the built-in ones and the plugins'): a name
 * then stands as the registry's string, a partition as its text. Returns
 * 0 or PB_EXIT_USAGE (said why). */
static int check_heuristics(run_common *o, const char *cmd)
{
	for (size_t i = 0; i < o->r.nheuristics; i++) {
		const pb_heuristic_info *h = pb_heuristic_find(o->heuristics[i]);
		char why[160];

		if (!h) {
			fprintf(stderr, "bench %s: unknown heuristic '%s' (see 'bench list')\n", cmd,
				o->heuristics[i]);
			return PB_EXIT_USAGE;
		}
		if (pb_heuristic_check(o->heuristics[i], why, sizeof(why))) {
			fprintf(stderr, "bench %s: --heuristic: %s\n", cmd, why);
			return PB_EXIT_USAGE;
		}
		if (!strcmp(h->name, o->heuristics[i]))
			o->heuristics[i] = h->name;
	}
	return 0;
}

int run_common_option(run_common *o, const char *cmd, int c, const char *arg,
		      const char *word)
{
	switch (c) {
	case 'd': return add_dataset(o, cmd, arg);
	case 'a': o->algorithms = arg; return 0;
	case RUN_OPT_HEURISTIC: return add_heuristics(o, cmd, arg);
	case RUN_OPT_PDB_CACHE: o->r.cache_dir = arg; return 0;
	case RUN_OPT_INSTANCES: o->instances = arg; return 0;
	case RUN_OPT_LIMIT:
		if (units_parse_count(arg, 1, DATASET_SELECT_LIMIT_MAX, &o->limit))
			return cmdline_bad_usage(cmd, "--limit '%s' is not a count 1..%u", arg,
						 DATASET_SELECT_LIMIT_MAX);
		return 0;
	case RUN_OPT_OUTSIDE ... RUN_OPT_OUTSIDE + OUTSIDE_OPTIONS - 1:
		return outside_option(c - RUN_OPT_OUTSIDE, arg, cmd) ? PB_EXIT_USAGE : 0;
	case 't':
		if (units_parse_seconds(arg, &o->r.time_limit_ns))
			return cmdline_bad_usage(cmd, "--time-limit '%s' is not a duration in seconds", arg);
		o->time_given = true;
		return 0;
	case 'm':
		if (units_parse_bytes(arg, &o->r.mem_limit))
			return cmdline_bad_usage(cmd, "--mem-limit '%s' is not a size (bytes, or with K, M, G)",
						 arg);
		o->mem_given = true;
		return 0;
	case RUN_OPT_PREPARE_LIMIT:
		if (units_parse_seconds(arg, &o->r.prepare_limit_ns))
			return cmdline_bad_usage(cmd, "--prepare-limit '%s' is not a duration in seconds",
						 arg);
		return 0;
	default: return cmdline_bad_option(cmd, c, word);
	}
}

/* MemAvailable of /proc/meminfo in bytes, or 0 when unknown. */
static uint64_t memory_available(void)
{
	FILE *in = fopen("/proc/meminfo", "r");
	char line[256];
	uint64_t kib = 0;

	if (!in)
		return 0;
	while (fgets(line, sizeof(line), in))
		if (sscanf(line, "MemAvailable: %" SCNu64 " kB", &kib) == 1)
			break;
	fclose(in);
	return kib * KIB;
}

/* The default memory limit: a share of the machine's memory, at most what
 * is available now; how it was chosen into WHY. */
static size_t default_mem_limit(char *why, size_t whylen)
{
	uint64_t share = meta_memory_bytes() / RUN_DEFAULT_MEM_SHARE, avail = memory_available();

	if (avail && avail < share) {
		snprintf(why, whylen, "the memory available");
		return (size_t)avail;
	}
	snprintf(why, whylen, "half the memory");
	return (size_t)share;
}

int run_common_finish(run_common *o, const char *cmd, int argc, char **argv, int first)
{
	for (int i = first; i < argc; i++)
		if (add_dataset(o, cmd, argv[i]))
			return PB_EXIT_USAGE;
	if (check_heuristics(o, cmd))
		return PB_EXIT_USAGE;
	if (!o->ndatasets)
		return cmdline_bad_usage(cmd, "no dataset given (--dataset FILE)");
	if (!o->time_given) {
		o->r.time_limit_ns = RUN_DEFAULT_TIME_LIMIT_NS;
		o->r.defaults |= RUNNER_DEFAULT_TIME;
	}
	if (!o->mem_given) {
		o->r.mem_limit = default_mem_limit(o->mem_default_why, sizeof(o->mem_default_why));
		o->r.defaults |= RUNNER_DEFAULT_MEM;
	}
	return 0;
}

void run_common_print_limits(const run_common *o, const char *cmd)
{
	char t[48], m[96], p[48], as[96], bytes[32];
	struct rlimit rl;

	if (o->r.time_limit_ns)
		snprintf(t, sizeof(t), "%.9g s a solve%s", (double)o->r.time_limit_ns / NS_PER_S,
			 o->time_given ? "" : " (the default)");
	else
		snprintf(t, sizeof(t), "no time limit");
	if (o->r.mem_limit)
		snprintf(m, sizeof(m), "%s%s%s%s", units_format_bytes(o->r.mem_limit, bytes, sizeof(bytes)),
			 o->mem_given ? "" : " (the default: ", o->mem_given ? "" : o->mem_default_why,
			 o->mem_given ? "" : ")");
	else
		snprintf(m, sizeof(m), "no memory limit");
	p[0] = '\0';
	if (o->r.prepare_limit_ns)
		snprintf(p, sizeof(p), ", %.9g s a preparation",
			 (double)o->r.prepare_limit_ns / NS_PER_S);
	as[0] = '\0';
	if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY)
		snprintf(as, sizeof(as), ", and the system's %s of address space (ulimit -v)",
			 units_format_bytes((uint64_t)rl.rlim_cur, bytes, sizeof(bytes)));
	fprintf(stderr, "bench %s: limits: %s, %s%s%s; -t 0, -m 0: none\n", cmd, t, m, p, as);
}

/* Whether SEEN holds KEY; adds it when not (and there is room). */
static bool seen_before(run_seen *seen, const char *key)
{
	for (size_t i = 0; i < seen->n; i++)
		if (!strcmp(seen->keys[i], key))
			return true;
	if (seen->n < RUN_SEEN_MAX)
		snprintf(seen->keys[seen->n++], sizeof(seen->keys[0]), "%s", key);
	return false;
}

void run_common_note_row(const char *cmd, const run_row *row, run_seen *seen, progress *prog)
{
	char key[sizeof(seen->keys[0])], goal[PB_MAX_CELLS * 3 + 1], took[24];
	const pb_domain *d = &row->ds->domain;

	if (row->system_memout && !seen->system_memout) {
		seen->system_memout = true;
		if (prog)
			progress_clear(prog);
		fprintf(stderr, "bench %s: note: '%s' on '%s': %s (a memout below the memory limit)\n",
			cmd, row->algorithm->name, row->ds->name, row->note);
		return;
	}
	if (row->phase != RUN_PREPARE || row->status != RUN_OK || !*row->note)
		return;
	pb_format_goal(d, goal, sizeof(goal));
	snprintf(key, sizeof(key), "%s|%s|%s|%s", d->name, goal, row->heuristic,
		 strcmp(row->heuristic, "-") ? "" : row->algorithm->name);
	if (seen_before(seen, key))
		return;
	if (prog)
		progress_clear(prog);
	fprintf(stderr, "bench %s: %s for '%s': %s (%s)\n", cmd,
		strcmp(row->heuristic, "-") ? row->heuristic : row->algorithm->name, d->name, row->note,
		units_format_ns(row->wall_ns, took, sizeof(took)));
}

const pb_solver *run_common_find_solver(const char *cmd, const char *option, const char *name)
{
	char why[PB_VARIANT_NAME_MAX + 1];
	const pb_solver *s = outside_solver_lookup(name, why, sizeof(why));

	if (!s && why[0])
		fprintf(stderr, "bench %s: %s %s: %s\n", cmd, option, name, why);
	else if (!s)
		fprintf(stderr, "bench %s: unknown solver '%.*s' (see 'bench list')\n", cmd,
			(int)strcspn(name, ":"), name);
	return s;
}

/* The solvers called NAMES[0..n) into OUT. Returns N, or -1 (said why). */
static int look_up(const char *cmd, const char *option, char *const *names, int n,
		   const pb_solver **out)
{
	/* a refused variant is told as the user mostly writes the option */
	const char *shown = strcmp(option, "--algorithms") ? option : "-a";

	for (int i = 0; i < n; i++) {
		out[i] = run_common_find_solver(cmd, shown, names[i]);
		if (!out[i])
			return -1;
		for (int k = 0; k < i; k++) {
			if (out[k] == out[i]) {
				cmdline_bad_usage(cmd, "%s names '%s' twice", option, out[i]->name);
				return -1;
			}
		}
	}
	return n;
}

int run_common_solvers(const char *cmd, const char *option, const char *list,
		       const pb_solver **out)
{
	/* split a copy: argv stays as given, for meta.json's command line */
	char *copy = strdup(list), *names[RUN_MAX_SOLVERS];
	int n;

	if (!copy) {
		fprintf(stderr, "bench %s: out of memory\n", cmd);
		return -1;
	}
	n = cmdline_split(copy, names, RUN_MAX_SOLVERS);
	if (n < 0)
		cmdline_bad_usage(cmd, "%s names more than %d solvers", option, RUN_MAX_SOLVERS);
	else if (!n)
		cmdline_bad_usage(cmd, "%s: want one or more solver names, separated by commas", option);
	else
		n = look_up(cmd, option, names, n, out);
	free(copy);
	return n > 0 ? n : -1;
}

int run_common_load(const char *cmd, const run_common *o, dataset *ds)
{
	char err[1024];

	for (size_t i = 0; i < o->ndatasets; i++) {
		if (dataset_load(&ds[i], o->datasets[i], err, sizeof(err)) ||
		    dataset_select(&ds[i], o->instances, o->limit, err, sizeof(err))) {
			fprintf(stderr, "bench %s: %s\n", cmd, err);
			return -1;
		}
	}
	return 0;
}

void run_common_usage(FILE *out)
{
	fprintf(out,
"  -d, --dataset FILE       a dataset file (repeatable; also as arguments)\n"
"  -a, --algorithms LIST    comma-separated solver names (see 'bench list'),\n"
"                           each with parameters as NAME:KEY=VALUE[:KEY=...]\n"
"                           where it takes them (a variant: a series of its\n"
"                           own); default: every solver that serves each\n"
"                           dataset's domain\n"
"      --heuristic LIST     comma-separated heuristics (see 'bench list'):\n"
"                           each informed solver (one that 'bench list' shows\n"
"                           taking heuristics) runs once with each that it\n"
"                           takes and that serves the dataset's domain, a\n"
"                           blind one once; repeatable; default: the first\n"
"                           'bench list' shows that serves the domain\n"
"      --pdb-cache DIR      where pattern databases are kept\n"
"  -t, --time-limit SECONDS limit of each solve, decimals allowed (default\n"
"                           %.0f; 0: none); a solver stops within 10%% of it:\n"
"                           'timeout'\n"
"  -m, --mem-limit BYTES    limit of each solve's allocations and of each\n"
"                           preparation's, suffixes K M G (powers of 1024);\n"
"                           past it: 'memout' (default: half the memory, at\n"
"                           most what is available at the start; 0: none). A\n"
"                           solve the system refuses memory below it (ulimit\n"
"                           -v) is 'memout' too, and said so\n"
"      --prepare-limit SECONDS  limit of each preparation (default none); one\n"
"                           that fails leaves its solver's instances unrun,\n"
"                           with the preparation's status; the limits in\n"
"                           force are said on standard error at the start\n"
DATASET_SELECT_USAGE
OUTSIDE_USAGE,
		(double)RUN_DEFAULT_TIME_LIMIT_NS / NS_PER_S);
}
