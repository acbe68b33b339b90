#include "harness/engine/shard.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness/io/csv.h"
#include "harness/io/fnv.h"
#include "harness/io/meta.h"
#include "harness/io/units.h"

/* Fixed-point scale of the cost model's growth (1/256 of a node). */
#define COST_SCALE 256
/* Cost of a solve that needs no search: a parity test, or a row for a
 * solver that does not serve the domain. */
#define COST_TRIVIAL 1
/* The informed solvers search about this fraction of the depth's brute
 * force exponent (a heuristic's worth; a model, not a measurement). */
#define INFORMED_DEPTH_DIVISOR 2
/* Bidirectional search: two frontiers, each of half the depth. */
#define BIDIRECTIONAL_FRONTIERS 2
#define NS_PER_S 1000000000ULL

/* Hash S and its terminating NUL (so "ab"+"c" differs from "a"+"bc"). */
static uint64_t fnv_string(uint64_t h, const char *s)
{
	return fnv_bytes(h, s, strlen(s) + 1);
}

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
	unsigned char b[sizeof(v)];

	for (size_t i = 0; i < sizeof(v); i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fnv_bytes(h, b, sizeof(b));
}

int shard_parse(const char *text, shard_spec *s)
{
	const char *slash = strchr(text, '/');
	char k[32];
	uint64_t kv, nv;

	if (!slash || (size_t)(slash - text) >= sizeof(k))
		return -1;
	memcpy(k, text, (size_t)(slash - text));
	k[slash - text] = '\0';
	if (units_parse_count(slash + 1, 1, SHARD_MAX, &nv) || units_parse_count(k, 1, nv, &kv))
		return -1;
	s->k = (unsigned)kv;
	s->n = (unsigned)nv;
	return 0;
}

/* The cost model */


/* min((NUM/DEN)^STEPS, CAP), in integers. */
static uint64_t growth(uint64_t num, uint64_t den, int steps, uint64_t cap)
{
	/* room for v * num without overflow */
	uint64_t limit = UINT64_MAX / COST_SCALE / (PB_MAX_CELLS * PB_MAX_MOVES);
	uint64_t v = COST_SCALE;

	if (cap > limit)
		cap = limit;
	for (int i = 0; i < steps; i++) {
		v = v * num / den;
		if (v / COST_SCALE >= cap)
			return cap;
	}
	return v / COST_SCALE ? v / COST_SCALE : COST_TRIVIAL;
}

/* The states of D, at most UINT64_MAX. */
static uint64_t states_of(const pb_domain *d)
{
	return d->state_count > UINT64_MAX ? UINT64_MAX : (uint64_t)d->state_count;
}

/* The depth to expect of IN: its reference; else the domain's estimate (a
 * lower bound: Manhattan distance on tiles); else the depth at which the
 * branching fills the state space. -1: unsolvable. */
static int expected_depth(const pb_domain *d, const dataset_instance *in, uint64_t num,
			  uint64_t den)
{
	int depth = 0, estimate;

	if (in->reference >= 0)
		return in->reference;
	if (in->reference == DATASET_REF_UNSOLVABLE || !pb_solvable(d, &in->state))
		return -1;
	if ((estimate = pb_estimate(d, &in->state)) >= 0)
		return estimate;
	while (depth < PB_MAX_PATH && growth(num, den, depth, states_of(d)) < states_of(d))
		depth++;
	return depth;
}

uint64_t shard_cost(const pb_solver *s, const pb_domain *d, const dataset_instance *in)
{
	uint64_t num, den, cap = states_of(d);
	int depth, half;

	pb_domain_branching(d, &num, &den);
	depth = expected_depth(d, in, num, den);
	if (depth < 0)
		return COST_TRIVIAL;
	half = (depth + INFORMED_DEPTH_DIVISOR - 1) / INFORMED_DEPTH_DIVISOR;
	switch (s->cost) {
	case PB_COST_TABLE:
		return COST_TRIVIAL + (uint64_t)depth;
	case PB_COST_INFORMED:
		return COST_TRIVIAL + growth(num, den, half, cap);
	case PB_COST_BIDIRECTIONAL: {
		uint64_t g = BIDIRECTIONAL_FRONTIERS * growth(num, den, half, cap);

		return COST_TRIVIAL + (g < cap ? g : cap);
	}
	case PB_COST_BLIND:
		break;
	}
	return COST_TRIVIAL + growth(num, den, depth, cap);
}

uint64_t shard_dataset_checksum(const dataset *ds)
{
	char buf[DATASET_MAX_LINE], ref[16];
	uint64_t h = FNV_OFFSET_BASIS;

	h = fnv_string(h, ds->domain.name);
	pb_format_goal(&ds->domain, buf, sizeof(buf));
	h = fnv_string(h, buf);
	for (size_t i = 0; i < ds->count; i++) {
		const dataset_instance *in = &ds->instances[i];

		h = fnv_string(h, in->id);
		pb_format(&ds->domain, &in->state, buf, sizeof(buf));
		h = fnv_string(h, buf);
		h = fnv_string(h, dataset_format_reference(in->reference, ref, sizeof(ref)));
	}
	return h;
}

/* The plan */

typedef struct unit {
	uint64_t cost, tie;
	size_t index;
} unit;

static int cmp_unit(const void *a, const void *b)
{
	const unit *x = a, *y = b;

	if (x->cost != y->cost)
		return x->cost > y->cost ? -1 : 1;
	if (x->tie != y->tie)
		return x->tie < y->tie ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

/* A min-heap of parts by (load, part). */
typedef struct part_heap {
	uint64_t *load;
	uint32_t *part;
	size_t n;
} part_heap;

static bool heap_less(const part_heap *h, size_t a, size_t b)
{
	uint64_t la = h->load[h->part[a]], lb = h->load[h->part[b]];

	return la != lb ? la < lb : h->part[a] < h->part[b];
}

/* Restore the heap after the root's load grew. */
static void heap_sift_down(part_heap *h)
{
	size_t i = 0;

	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		uint32_t t;

		if (l < h->n && heap_less(h, l, m))
			m = l;
		if (r < h->n && heap_less(h, r, m))
			m = r;
		if (m == i)
			return;
		t = h->part[i];
		h->part[i] = h->part[m];
		h->part[m] = t;
		i = m;
	}
}

static uint64_t add_saturating(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Hash runner unit R on D: its solver and the heuristic of its rows. */
static uint64_t fnv_unit(uint64_t h, const runner_unit *r, const pb_domain *d)
{
	return fnv_string(fnv_string(h, r->solver->name),
			  runner_heuristic_of(r->solver, d, r->heuristic));
}

/* The units' costs and tie-breakers, in unit order, into U. */
static void cost_units(const shard_plan *p, const dataset *ds, runner_unit *runs,
		       shard_units_fn units_of, void *arg, const runner_options *o, unit *u)
{
	char why[160];

	for (size_t d = 0; d < p->ndatasets; d++) {
		size_t nu = units_of(arg, d, runs);

		for (size_t s = 0; s < nu; s++) {
			pb_config cfg = { .heuristic = runs[s].heuristic, .cache_dir = o->cache_dir };
			bool serves = !runner_refusal(runs[s].solver, &ds[d].domain, &cfg, why, sizeof(why));
			uint64_t h = fnv_unit(fnv_string(FNV_OFFSET_BASIS, ds[d].name), &runs[s],
					      &ds[d].domain);

			for (size_t i = 0; i < ds[d].count; i++) {
				size_t k = p->offset[d] + s * ds[d].count + i;

				u[k].index = k;
				u[k].tie = fnv_string(h, ds[d].instances[i].id);
				u[k].cost = serves ? shard_cost(runs[s].solver, &ds[d].domain,
								&ds[d].instances[i])
					    : COST_TRIVIAL;
			}
		}
	}
}

/* Give each unit (largest cost first) to the least loaded part. */
static int assign(shard_plan *p, unit *u)
{
	part_heap h = { .n = p->spec.n };

	h.load = calloc(p->spec.n, sizeof(*h.load));
	h.part = malloc(p->spec.n * sizeof(*h.part));
	if (!h.load || !h.part) {
		free(h.load);
		free(h.part);
		return -1;
	}
	for (uint32_t i = 0; i < p->spec.n; i++)
		h.part[i] = i;
	qsort(u, p->units, sizeof(*u), cmp_unit);
	for (size_t i = 0; i < p->units; i++) {
		uint32_t part = h.part[0];

		p->part[u[i].index] = part;
		h.load[part] = add_saturating(h.load[part], u[i].cost);
		heap_sift_down(&h);
		p->cost_total = add_saturating(p->cost_total, u[i].cost);
		if (part == p->spec.k - 1) {
			p->mine++;
			p->cost_mine = add_saturating(p->cost_mine, u[i].cost);
		}
	}
	free(h.load);
	free(h.part);
	return 0;
}

/* A limit for the identity: its value, or "default" (machine-sized). */
static void limit_text(char *buf, size_t size, uint64_t value, bool by_default)
{
	if (by_default)
		snprintf(buf, size, "default");
	else
		snprintf(buf, size, "%" PRIu64, value);
}

static void identify(shard_plan *p, const dataset *ds, runner_unit *runs,
		     shard_units_fn units_of, void *arg, const runner_options *o)
{
	char opts[512], time[32], mem[32];

	p->datasets_hash = p->algorithms_hash = FNV_OFFSET_BASIS;
	for (size_t d = 0; d < p->ndatasets; d++) {
		size_t nu = units_of(arg, d, runs);

		p->checksums[d] = shard_dataset_checksum(&ds[d]);
		p->datasets_hash = fnv_u64(fnv_string(p->datasets_hash, ds[d].name), p->checksums[d]);
		p->algorithms_hash = fnv_string(p->algorithms_hash, ds[d].name);
		for (size_t s = 0; s < nu; s++)
			p->algorithms_hash = fnv_unit(p->algorithms_hash, &runs[s], &ds[d].domain);
	}
	limit_text(time, sizeof(time), o->time_limit_ns, o->defaults & RUNNER_DEFAULT_TIME);
	limit_text(mem, sizeof(mem), o->mem_limit, o->defaults & RUNNER_DEFAULT_MEM);
	snprintf(opts, sizeof(opts), "repeat=%u warmup=%u time=%s mem=%s prepare=%" PRIu64,
		 o->repeat, o->warmup, time, mem, o->prepare_limit_ns);
	p->options_hash = fnv_string(FNV_OFFSET_BASIS, opts);
	p->identity = fnv_u64(fnv_u64(fnv_u64(fnv_u64(FNV_OFFSET_BASIS, p->datasets_hash),
					      p->algorithms_hash), p->options_hash), p->spec.n);
}

int shard_plan_build(shard_plan *p, shard_spec spec, const dataset *ds, size_t ndatasets,
		     shard_units_fn units_of, void *arg, const runner_options *o)
{
	runner_unit *runs = malloc(RUNNER_MAX_UNITS * sizeof(*runs));
	unit *u = NULL;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if (!runs)
		return -1;
	p->spec = spec;
	p->ndatasets = ndatasets;
	p->datasets = ds;
	p->offset = calloc(ndatasets + 1, sizeof(*p->offset));
	p->ninstances = calloc(ndatasets + 1, sizeof(*p->ninstances));
	p->checksums = calloc(ndatasets + 1, sizeof(*p->checksums));
	if (!p->offset || !p->ninstances || !p->checksums)
		goto out;
	for (size_t d = 0; d < ndatasets; d++) {
		p->offset[d] = p->units;
		p->ninstances[d] = ds[d].count;
		p->units += units_of(arg, d, runs) * ds[d].count;
	}
	identify(p, ds, runs, units_of, arg, o);
	if (!spec.n) {
		rc = 0;
		goto out;
	}
	p->part = malloc((p->units ? p->units : 1) * sizeof(*p->part));
	u = malloc((p->units ? p->units : 1) * sizeof(*u));
	if (!p->part || !u)
		goto out;
	cost_units(p, ds, runs, units_of, arg, o, u);
	rc = assign(p, u);
out:
	free(u);
	free(runs);
	if (rc)
		shard_plan_release(p);
	return rc;
}

void shard_plan_release(shard_plan *p)
{
	free(p->offset);
	free(p->ninstances);
	free(p->checksums);
	free(p->part);
	memset(p, 0, sizeof(*p));
}

unsigned shard_part(const shard_plan *p, size_t d, size_t u, size_t i)
{
	return p->part[p->offset[d] + u * p->ninstances[d] + i];
}

/* Mark the instances of dataset D that runner unit U runs in this part.
 * Returns how many. */
static size_t mine(const shard_plan *p, size_t d, size_t u, bool *only)
{
	size_t n = 0;

	for (size_t i = 0; i < p->ninstances[d]; i++) {
		bool here = shard_part(p, d, u, i) == p->spec.k - 1;

		if (only)
			only[i] = here;
		n += here;
	}
	return n;
}

size_t shard_unit_mine(const shard_plan *p, size_t d, size_t u)
{
	if (!p || !p->spec.n)
		return p && d < p->ndatasets ? p->ninstances[d] : 0;
	return mine(p, d, u, NULL);
}

uint64_t shard_work(const shard_plan *p, size_t d, const dataset *ds, size_t nunits,
		    const runner_options *o)
{
	uint64_t n = 0;

	if (!p || !p->spec.n)
		return runner_work(ds, nunits, NULL, o);
	for (size_t u = 0; u < nunits; u++)
		n += mine(p, d, u, NULL);
	return n * (o->warmup + o->repeat);
}

int shard_run(const shard_plan *p, size_t d, const dataset *ds, const runner_unit *units,
	      size_t nunits, const runner_options *o, const runner_hooks *hooks)
{
	bool *only;
	int rc = 0;

	if (!p || !p->spec.n)
		return runner_run(ds, units, nunits, NULL, o, hooks);
	only = malloc(ds->count ? ds->count : 1);
	if (!only)
		return runner_run(ds, units, 0, NULL, o, hooks);
	for (size_t u = 0; u < nunits && !rc; u++)
		if (mine(p, d, u, only))
			rc = runner_run(ds, units + u, 1, only, o, hooks);
	free(only);
	return rc;
}

/* Who ran it */

uint64_t shard_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

void shard_info_start(shard_info *si, const shard_plan *p)
{
	memset(si, 0, sizeof(*si));
	si->plan = p;
	if (gethostname(si->host, sizeof(si->host)))
		snprintf(si->host, sizeof(si->host), "unknown");
	si->host[sizeof(si->host) - 1] = '\0';
	si->started_ns = shard_now_ns();
}

static void write_campaign(FILE *out, const shard_plan *p)
{
	fputs("  \"campaign\": {\n", out);
	fprintf(out, "    \"id\": \"%016" PRIx64 "\",\n", p->identity);
	fprintf(out, "    \"shard\": %u,\n    \"shards\": %u,\n", p->spec.k, p->spec.n);
	fprintf(out, "    \"datasets_checksum\": \"%016" PRIx64 "\",\n", p->datasets_hash);
	fprintf(out, "    \"algorithms_checksum\": \"%016" PRIx64 "\",\n", p->algorithms_hash);
	fprintf(out, "    \"options_checksum\": \"%016" PRIx64 "\",\n", p->options_hash);
	fputs("    \"dataset_checksums\": {", out);
	for (size_t d = 0; d < p->ndatasets; d++) {
		fputs(d ? ", " : "", out);
		meta_json_string(out, p->datasets[d].name);
		fprintf(out, ": \"%016" PRIx64 "\"", p->checksums[d]);
	}
	fputs("},\n", out);
	fprintf(out, "    \"units\": %zu,\n    \"units_total\": %zu,\n", p->mine, p->units);
	fprintf(out, "    \"expected_cost\": %" PRIu64 ",\n    \"expected_cost_total\": %" PRIu64 "\n",
		p->cost_mine, p->cost_total);
	fputs("  },\n", out);
}

void shard_meta_write(FILE *out, const void *arg)
{
	const shard_info *si = arg;

	if (si->plan && si->plan->spec.n)
		write_campaign(out, si->plan);
	fputs("  \"concurrency\": {\n    \"host\": ", out);
	meta_json_string(out, si->host);
	fprintf(out, ",\n    \"started_ns\": %" PRIu64 ",\n    \"ended_ns\": %" PRIu64 ",\n",
		si->started_ns, si->ended_ns);
	fprintf(out, "    \"mpi_ranks\": %u,\n    \"ranks_on_host\": %u,\n", si->ranks,
		si->ranks ? si->ranks_on_host : 1);
	fprintf(out, "    \"hosts\": %s\n  },\n", si->hosts_json ? si->hosts_json : "[]");
}

void shard_print_warnings(FILE *out, const shard_info *si)
{
	if (si->ranks_on_host > 1)
		fprintf(out, "warning: %u solves ran at once on host '%s' (MPI ranks): their times "
			"disturb each other; for timings place one rank per host (mpirun --map-by "
			"ppr:1:node)\n", si->ranks_on_host, si->host);
}

/* Joining runs.csv files */

/* A preparation row kept: where it is and whether it failed. */
typedef struct prep_key {
	char key[3 * CSV_MAX_LINE / 4];
	size_t stream;
	unsigned line;
	bool failed;
} prep_key;

typedef struct join_state {
	prep_key *keys;
	size_t n, cap;
	int col_dataset, col_algorithm, col_heuristic, col_phase, col_status;
} join_state;

#define MAX_FIELDS 64

static int join_header(join_state *j, FILE *in, const char *name, char *header,
		       char *first, char *err, size_t errlen)
{
	char line[CSV_MAX_LINE], *f[MAX_FIELDS];
	long len = csv_read_line(in, header);
	int n;

	if (len < 0) {
		snprintf(err, errlen, "%s:1: %s", name, len == -1 ? "empty (not a runs.csv?)"
			 : "line too long or a NUL byte (not a runs.csv?)");
		return -1;
	}
	if (first[0] && strcmp(first, header)) {
		snprintf(err, errlen, "%s:1: the columns differ from the first file's", name);
		return -1;
	}
	snprintf(line, sizeof(line), "%s", header);
	n = csv_split(line, f, MAX_FIELDS);
	j->col_dataset = csv_column(f, n, "dataset");
	j->col_algorithm = csv_column(f, n, "algorithm");
	j->col_heuristic = csv_column(f, n, "heuristic");
	j->col_phase = csv_column(f, n, "phase");
	j->col_status = csv_column(f, n, "status");
	if (n < 0 || j->col_dataset < 0 || j->col_algorithm < 0 || j->col_heuristic < 0 ||
	    j->col_phase < 0 || j->col_status < 0) {
		snprintf(err, errlen, "%s:1: not a runs.csv header", name);
		return -1;
	}
	return 0;
}

/* Whether LINE (split into F, N fields) is a preparation; its key into
 * KEY. -1: too few fields. */
static int prep_of(const join_state *j, char **f, int n, char *key, size_t keylen)
{
	int need = j->col_dataset;

	need = j->col_algorithm > need ? j->col_algorithm : need;
	need = j->col_heuristic > need ? j->col_heuristic : need;
	need = j->col_phase > need ? j->col_phase : need;
	need = j->col_status > need ? j->col_status : need;
	if (n <= need)
		return -1;
	if (strcmp(f[j->col_phase], "prepare"))
		return 0;
	snprintf(key, keylen, "%s,%s,%s", f[j->col_dataset], f[j->col_algorithm],
		 f[j->col_heuristic]);
	return 1;
}

static prep_key *find_key(join_state *j, const char *key)
{
	for (size_t i = 0; i < j->n; i++)
		if (!strcmp(j->keys[i].key, key))
			return &j->keys[i];
	return NULL;
}

/* First pass: choose each preparation row. */
static int join_scan(join_state *j, FILE *in, size_t stream, const char *name, char *err,
		     size_t errlen)
{
	char line[CSV_MAX_LINE], *f[MAX_FIELDS], key[sizeof(j->keys[0].key)];
	unsigned lineno = 1;
	long len;

	while ((len = csv_read_line(in, line)) != -1) {
		prep_key *k;
		int n, prep;
		bool failed;

		lineno++;
		if (len == -2 || (n = csv_split(line, f, MAX_FIELDS)) < 0 ||
		    (prep = prep_of(j, f, n, key, sizeof(key))) < 0) {
			if (len == 0)
				continue;
			snprintf(err, errlen, "%s:%u: not a runs.csv row", name, lineno);
			return -1;
		}
		if (!prep)
			continue;
		failed = strcmp(f[j->col_status], "ok") != 0;
		k = find_key(j, key);
		if (k) {
			if (failed && !k->failed) {
				k->stream = stream;
				k->line = lineno;
				k->failed = true;
			}
			continue;
		}
		if (j->n == j->cap) {
			size_t cap = j->cap ? 2 * j->cap : 64;
			prep_key *p = realloc(j->keys, cap * sizeof(*p));

			if (!p) {
				snprintf(err, errlen, "%s:%u: out of memory", name, lineno);
				return -1;
			}
			j->keys = p;
			j->cap = cap;
		}
		k = &j->keys[j->n++];
		*k = (prep_key){ .stream = stream, .line = lineno, .failed = failed };
		snprintf(k->key, sizeof(k->key), "%s", key);
	}
	return 0;
}

/* Second pass: copy the rows of stream STREAM, preparations only where
 * chosen. */
static void join_copy(join_state *j, FILE *in, size_t stream, FILE *out)
{
	char line[CSV_MAX_LINE], split[CSV_MAX_LINE], *f[MAX_FIELDS], key[sizeof(j->keys[0].key)];
	unsigned lineno = 1;
	long len;

	while ((len = csv_read_line(in, line)) != -1) {
		prep_key *k;
		int n;

		lineno++;
		if (len <= 0)
			continue;
		memcpy(split, line, (size_t)len + 1);
		n = csv_split(split, f, MAX_FIELDS);
		if (prep_of(j, f, n, key, sizeof(key)) == 1) {
			k = find_key(j, key);
			if (!k || k->stream != stream || k->line != lineno)
				continue;
		}
		fputs(line, out);
		putc('\n', out);
	}
}

int shard_join(FILE *out, FILE *const *in, const char *const *names, size_t n, char *err,
	       size_t errlen)
{
	char header[CSV_MAX_LINE], first[CSV_MAX_LINE] = "";
	join_state j = { 0 };
	int rc = -1;

	for (size_t i = 0; i < n; i++) {
		if (join_header(&j, in[i], names[i], header, first, err, errlen) ||
		    join_scan(&j, in[i], i, names[i], err, errlen))
			goto out;
		if (ferror(in[i])) {
			snprintf(err, errlen, "%s: %s", names[i], strerror(errno));
			goto out;
		}
		memcpy(first, header, sizeof(first));
	}
	fputs(first, out);
	putc('\n', out);
	for (size_t i = 0; i < n; i++) {
		rewind(in[i]);
		csv_read_line(in[i], header);
		join_copy(&j, in[i], i, out);
	}
	rc = 0;
out:
	free(j.keys);
	return rc;
}
