/* What the tests share (see support.h). */
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "algorithms/puzzles/distances.h"

#define CHUNK 4096

/* --- processes and files ------------------------------------------------ */

char *ht_dir;

char *ht_tempdir(void)
{
	char tmpl[] = "/tmp/pb-test-XXXXXX";

	return mkdtemp(tmpl) ? strdup(tmpl) : NULL;
}

void ht_remove(char *dir)
{
	char cmd[512];

	if (!dir)
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", dir);
	free(dir);
}

void ht_suite_init(void)
{
	ht_dir = ht_tempdir();
	cr_assert_not_null(ht_dir, "cannot make a temporary directory: %s", strerror(errno));
}

void ht_suite_fini(void)
{
	ht_remove(ht_dir);
	ht_dir = NULL;
}

char *ht_read_all(FILE *f)
{
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	do {
		if (n + CHUNK + 1 > cap) {
			char *p = realloc(buf, cap = 2 * cap + 2 * CHUNK);

			if (!p) {
				free(buf);
				return NULL;
			}
			buf = p;
		}
		got = fread(buf + n, 1, CHUNK, f);
		n += got;
	} while (got);
	buf[n] = '\0';
	return buf;
}

char *ht_read(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;

	if (!f)
		return NULL;
	text = ht_read_all(f);
	fclose(f);
	return text;
}

int ht_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	int rc;

	if (!f)
		return -1;
	rc = fputs(text, f) < 0;
	return fclose(f) || rc ? -1 : 0;
}

void ht_write_in(const char *dir, const char *name, const char *text)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	cr_assert_eq(ht_write(path, text), 0, "cannot write %s: %s", path, strerror(errno));
}

bool ht_exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

long ht_file_size(const char *path)
{
	struct stat st;

	cr_assert_eq(stat(path, &st), 0, "%s: %s", path, strerror(errno));
	return (long)st.st_size;
}

size_t ht_lines_in(const char *path)
{
	char *text = ht_read(path);
	size_t n = 0;

	for (const char *p = text; p && *p; p++)
		n += *p == '\n';
	free(text);
	return n;
}

pid_t ht_spawn_quiet(const char *const *argv)
{
	pid_t pid = fork();

	cr_assert_geq(pid, 0, "fork: %s", strerror(errno));
	if (!pid) {
		freopen("/dev/null", "w", stdout);
		freopen("/dev/null", "w", stderr);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	return pid;
}

static int exit_status(int status)
{
	return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int ht_run(const char *const *argv, char **out, char **err)
{
	FILE *fo = tmpfile(), *fe = tmpfile();
	pid_t pid;
	int status;

	cr_assert(fo && fe, "cannot make temporary files: %s", strerror(errno));
	pid = fork();
	cr_assert_geq(pid, 0, "cannot fork: %s", strerror(errno));
	if (!pid) {
		int in = open("/dev/null", O_RDONLY);

		if (in < 0 || dup2(in, 0) < 0 || dup2(fileno(fo), 1) < 0 || dup2(fileno(fe), 2) < 0)
			_exit(126);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	rewind(fo);
	rewind(fe);
	*out = ht_read_all(fo);
	*err = ht_read_all(fe);
	fclose(fo);
	fclose(fe);
	cr_assert(*out && *err, "out of memory reading what %s wrote", argv[0]);
	return exit_status(status);
}

/* "'PB_BENCH' ARGS" with ARGS formatted from FMT, and SUFFIX. */
static void bench_command(char *cmd, size_t size, const char *suffix, const char *fmt, va_list ap)
{
	char args[2048];

	vsnprintf(args, sizeof(args), fmt, ap);
	snprintf(cmd, size, "'%s' %s%s", PB_BENCH, args, suffix);
}

int ht_bench(char **out, const char *fmt, ...)
{
	char cmd[4096], *text;
	va_list ap;
	FILE *p;
	int status;

	va_start(ap, fmt);
	bench_command(cmd, sizeof(cmd), " 2>&1", fmt, ap);
	va_end(ap);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	text = ht_read_all(p);
	status = pclose(p);
	if (out)
		*out = text;
	else
		free(text);
	return exit_status(status);
}

FILE *ht_bench_open(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	FILE *p;

	va_start(ap, fmt);
	bench_command(cmd, sizeof(cmd), "", fmt, ap);
	va_end(ap);
	p = popen(cmd, "r");
	cr_assert_not_null(p, "cannot start %s", cmd);
	return p;
}

int ht_bench_close(FILE *p)
{
	return exit_status(pclose(p));
}

size_t ht_count_lines(const char *text, const char *prefix)
{
	size_t n = 0, len = strlen(prefix);

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		n += !strncmp(p, prefix, len);
	return n;
}

static int cmp_lines(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *ht_sorted_rows(const char *path, int columns, size_t *rows)
{
	char *text = ht_read(path), **lines, *out, *p;
	size_t count = 0, len;

	cr_assert_not_null(text, "%s: %s", path, strerror(errno));
	len = strlen(text);
	out = malloc(len + 2);
	lines = malloc((len + 1) * sizeof(*lines));
	cr_assert(out && lines);
	for (p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
		char *c = p;

		for (int f = 0; f < columns && c; f++)
			c = strchr(c + (f ? 1 : 0), ',');
		if (c)
			*c = '\0';
		lines[count++] = p;
	}
	cr_assert_gt(count, 1, "%s has no rows", path);
	qsort(lines + 1, count - 1, sizeof(*lines), cmp_lines);
	len = 0;
	for (size_t i = 0; i < count; i++) {
		size_t l = strlen(lines[i]);

		memcpy(out + len, lines[i], l);
		len += l;
		out[len++] = '\n';
	}
	out[len] = '\0';
	free(lines);
	free(text);
	if (rows)
		*rows = count - 1;
	return out;
}

void ht_expect_usage_errors(const char *command, const ht_usage_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *out;
		int rc = ht_bench(&out, "%s %s", command, cases[i].args);

		cr_assert_eq(rc, 2, "'bench %s %s' exit %d", command, cases[i].args, rc);
		cr_assert(strstr(out, cases[i].want), "'bench %s %s' said '%s', want '%s'", command,
			  cases[i].args, out, cases[i].want);
		free(out);
	}
}

void ht_expect_help(const char *command, const char *const *words, size_t n)
{
	char *out;
	int rc = ht_bench(&out, "%s --help", command);

	cr_assert_eq(rc, 0, "'bench %s --help' exit %d: %s", command, rc, out);
	for (size_t i = 0; i < n; i++)
		cr_assert(strstr(out, words[i]), "'bench %s --help' does not mention %s", command,
			  words[i]);
	free(out);
}

/* --- runner rows and datasets in memory ---------------------------------- */

void ht_keep_row(void *arg, const run_row *row)
{
	ht_rows *k = arg;

	cr_assert_lt(k->n, HT_MAX_ROWS);
	k->r[k->n] = *row;
	k->r[k->n].path = NULL;
	snprintf(k->note[k->n], sizeof(k->note[0]), "%s", row->note ? row->note : "");
	k->r[k->n].note = k->note[k->n];
	k->n++;
}

void ht_make_dataset(dataset *ds, const char *name, const char *const *texts, size_t n)
{
	char err[256];

	memset(ds, 0, sizeof(*ds));
	cr_assert_eq(pb_domain_init(&ds->domain, name, err, sizeof(err)), 0, "%s", err);
	ds->name = strdup("mem");
	ds->path = strdup("mem");
	for (size_t i = 0; i < n; i++) {
		char id[24];
		pb_state s;

		cr_assert_eq(pb_parse(&ds->domain, texts[i], strlen(texts[i]), &s, err, sizeof(err)), 0,
			     "'%s': %s", texts[i], err);
		snprintf(id, sizeof(id), "i%zu", i + 1);
		cr_assert_eq(dataset_append(ds, id, &s, DATASET_REF_UNKNOWN), 0);
	}
}

void ht_load_dataset(dataset *ds, const char *path)
{
	char err[512];

	memset(ds, 0, sizeof(*ds));
	cr_assert_eq(dataset_load(ds, path, err, sizeof(err)), 0, "%s", err);
}

const char *ht_serves_all(const pb_solver *self, const pb_domain *d, const pb_config *c, char *why, size_t whylen)
{
	(void)self;
	(void)d, (void)c, (void)why, (void)whylen;
	return NULL;
}

pb_status ht_no_prepare(const pb_solver *self, const pb_domain *d, const pb_config *c, pb_search *s, void **ctx)
{
	(void)self;
	(void)c, (void)s;
	*ctx = (void *)d;
	return PB_SOLVED;
}

void ht_no_release(void *ctx)
{
	(void)ctx;
}

/* --- domains, states, solvers --------------------------------------------- */

pb_domain it_domain(const char *name, const char *goal)
{
	pb_domain d;
	char err[200];

	cr_assert_eq(pb_domain_init(&d, name, err, sizeof(err)), 0, "%s: %s", name, err);
	if (goal)
		cr_assert_eq(pb_domain_set_goal(&d, goal, strlen(goal), err, sizeof(err)), 0,
			     "%s goal '%s': %s", name, goal, err);
	return d;
}

pb_state it_parse(const pb_domain *d, const char *text)
{
	pb_state s;
	char err[200];

	cr_assert_eq(pb_parse(d, text, strlen(text), &s, err, sizeof(err)), 0, "'%s': %s", text, err);
	return s;
}

void it_prepare(it_solver *t, const pb_solver *solver, const pb_domain *d, const char *heuristic,
		const char *cache)
{
	pb_status st;

	t->solver = solver;
	t->heuristic = heuristic;
	t->cfg = (pb_config){ .heuristic = heuristic, .cache_dir = cache };
	pb_search_init(&t->prep, 0, 0, NULL);
	st = pb_solver_prepare(solver, d, &t->cfg, &t->prep, &t->ctx);
	cr_assert_eq(st, PB_SOLVED, "%s with '%s' on %s: prepare says %s (%s)", solver->name,
		     heuristic ? heuristic : "default", d->name, pb_status_name(st), t->prep.message);
}

void it_release(it_solver *t)
{
	t->solver->release(t->ctx);
	cr_assert_eq(t->prep.meter.current, 0, "%s: %zu bytes of the preparation not freed",
		     t->solver->name, t->prep.meter.current);
}

pb_verdict it_replay(const pb_domain *d, const pb_state *start, const pb_path *p)
{
	char moves[PB_MAX_PATH * PB_MOVE_NAME_MAX + 1];
	pb_replay_result r;

	pb_replay(d, start, moves, pb_format_moves(d, p->moves, p->length, moves, sizeof(moves)), &r);
	cr_assert_eq(r.at, (size_t)p->length, "the replay read %zu moves of %d", r.at, p->length);
	return r.verdict;
}

pb_state it_shuffled(const pb_domain *d, unsigned *seed)
{
	uint8_t values[PB_MAX_CELLS];
	pb_state s;

	for (int i = 0; i < d->cells; i++)
		values[i] = (uint8_t)(i + 1);
	for (int i = d->cells - 1; i > 0; i--) {
		int j = rand_r(seed) % (i + 1);
		uint8_t t = values[i];

		values[i] = values[j];
		values[j] = t;
	}
	cr_assert_eq(pb_from_plain(d, values, &s, NULL, 0), 0);
	return s;
}

int it_solve_length(it_solver *t, const pb_domain *d, const pb_state *s, const char *text)
{
	pb_search x;
	pb_path p;
	pb_status st;

	pb_search_init(&x, 0, 0, NULL);
	st = t->solver->solve(t->ctx, s, &x, &p);
	cr_assert_eq(st, PB_SOLVED, "%s/%s on %s '%s': %s (%s)", t->solver->name, t->heuristic,
		     d->name, text, pb_status_name(st), x.message);
	cr_assert_eq(x.meter.current, 0, "%s on %s '%s': memory kept", t->solver->name, d->name, text);
	cr_assert_eq(it_replay(d, s, &p), PB_REACHES_GOAL, "%s on %s '%s': the answer misses the goal",
		     t->solver->name, d->name, text);
	return p.length;
}

int it_lengths_of_every_state(const pb_solver *s, const char *domain, const char *heuristic,
			      uint64_t *counts, int cap)
{
	pb_domain d = it_domain(domain, NULL);
	it_solver t;
	int depths = 0;

	memset(counts, 0, (size_t)cap * sizeof(*counts));
	it_prepare(&t, s, &d, heuristic, NULL);
	for (uint64_t i = 0; i < d.index_count; i++) {
		char text[PB_STATE_TEXT_MAX];
		pb_state x;
		int n;

		pb_unindex(&d, i, &x);
		pb_format(&d, &x, text, sizeof(text));
		n = it_solve_length(&t, &d, &x, text);
		cr_assert_lt(n, cap, "%s/%s '%s': %d moves", domain, heuristic, text, n);
		counts[n]++;
		if (n + 1 > depths)
			depths = n + 1;
	}
	it_release(&t);
	return depths;
}

void it_check(it_solver *t, const pb_domain *d, const uint8_t *dist, const pb_state *start)
{
	char text[PB_STATE_TEXT_MAX];
	pb_search s;
	pb_path p;
	pb_status st;
	pb_verdict v;
	pb_state x = *start;
	const char *name = t->solver->name, *h = t->heuristic ? t->heuristic : "default";

	pb_format(d, start, text, sizeof(text));
	pb_search_init(&s, 0, 0, NULL);
	st = t->solver->solve(t->ctx, start, &s, &p);
	cr_assert_eq(s.meter.current, 0, "%s/%s on %s '%s': %zu bytes not freed", name, h,
		     d->name, text, s.meter.current);
	if (!pb_solvable(d, start)) {
		cr_assert_eq(st, PB_UNSOLVABLE, "%s/%s on %s '%s': %s, not unsolvable", name, h,
			     d->name, text, pb_status_name(st));
		cr_assert_eq(s.expanded, 0, "%s/%s on %s '%s': searched to say unsolvable", name, h,
			     d->name, text);
		return;
	}
	cr_assert_eq(st, PB_SOLVED, "%s/%s on %s '%s': %s (%s)", name, h, d->name, text,
		     pb_status_name(st), s.message);
	cr_assert_eq(p.length, dist[pb_index(d, start)], "%s/%s on %s '%s': %d moves, optimal %d",
		     name, h, d->name, text, p.length, dist[pb_index(d, start)]);
	for (int i = 0; i < p.length; i++) {
		for (int m = 0; d->lex_smallest && m < p.moves[i]; m++) {
			pb_state y = x;

			pb_apply(d, &x, m, &y);
			cr_assert_neq(dist[pb_index(d, &y)], p.length - i - 1,
				      "%s/%s on '%s': op %s at step %d starts a smaller shortest path",
				      name, h, text, pb_move_name(d, m), i + 1);
		}
		pb_apply(d, &x, p.moves[i], &x);
	}
	v = it_replay(d, start, &p);
	cr_assert_eq(v, PB_REACHES_GOAL, "%s/%s on %s '%s': the answer %s", name, h, d->name, text,
		     pb_verdict_name(v));
}

/* The tables it_distances made in this process (a test's solvers over
 * the same domains ask for the same table again: under the sanitizers the
 * searches took most of such a test's time), by domain and goal. */
#define KEPT_DISTANCES 8
static struct kept_distances {
	char name[32];
	pb_state goal;
	uint64_t states;
	uint8_t *dist;
} kept_distances[KEPT_DISTANCES];

uint8_t *it_distances(const pb_domain *d)
{
	struct kept_distances *k = NULL;
	pb_search s;
	uint8_t *dist, *copy;

	for (int i = 0; i < KEPT_DISTANCES && !k; i++)
		if (kept_distances[i].dist && !strcmp(kept_distances[i].name, d->name) &&
		    kept_distances[i].states == d->index_count &&
		    kept_distances[i].goal.cells == d->goal.cells && kept_distances[i].goal.cls == d->goal.cls)
			k = &kept_distances[i];
	copy = malloc(d->index_count);
	cr_assert_not_null(copy);
	if (k) {
		memcpy(copy, k->dist, d->index_count);
		return copy;
	}
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(pb_distances(d, &s, &dist), PB_SOLVED, "%s: no distance table", d->name);
	memcpy(copy, dist, d->index_count);
	pb_free(dist);
	for (int i = 0; i < KEPT_DISTANCES; i++)
		if (!kept_distances[i].dist) {
			k = &kept_distances[i];
			snprintf(k->name, sizeof(k->name), "%s", d->name);
			k->goal = d->goal;
			k->states = d->index_count;
			k->dist = malloc(d->index_count);
			if (k->dist)
				memcpy(k->dist, copy, d->index_count);
			break;
		}
	return copy;
}

void it_every_state(const pb_solver *solver, const char *domain, const char *goal,
		    const char *heuristic, uint64_t stride)
{
	pb_domain d = it_domain(domain, goal);
	uint8_t *dist = it_distances(&d);
	it_solver t;

	it_prepare(&t, solver, &d, heuristic, NULL);
	for (uint64_t i = 0; i < d.index_count; i += stride) {
		pb_state s;

		pb_unindex(&d, i, &s);
		it_check(&t, &d, dist, &s);
		if (d.ops->twin) {
			d.ops->twin(&d, &s, &s);
			it_check(&t, &d, dist, &s);
		}
	}
	it_release(&t);
	free(dist);
}

bool it_next_permutation(unsigned *p, int n)
{
	int i = n - 2, j = n - 1;
	unsigned t;

	while (i >= 0 && p[i] >= p[i + 1])
		i--;
	if (i < 0)
		return false;
	while (p[j] <= p[i])
		j--;
	t = p[i];
	p[i] = p[j];
	p[j] = t;
	for (int a = i + 1, b = n - 1; a < b; a++, b--) {
		t = p[a];
		p[a] = p[b];
		p[b] = t;
	}
	return true;
}

void it_corner_goal(int cells, int b, char *text, size_t size)
{
	size_t used = 0;

	for (int c = 0, tile = 1; c < cells; c++) {
		const char *sep = c ? " " : "";

		if (c == b)
			used += (size_t)snprintf(text + used, size - used, "%sx", sep);
		else
			used += (size_t)snprintf(text + used, size - used, "%s%d", sep, tile++);
	}
}

void it_need_shared(const char *path)
{
	struct stat st;

	if (stat(PB_SHARED_DIR, &st) || !S_ISDIR(st.st_mode))
		cr_skip_test("%s is absent: this test checks against the published figures or the "
			     "classic programs there (cmake -DPB_SHARED_DIR=... names another folder)",
			     PB_SHARED_DIR);
	cr_assert_eq(access(path, R_OK), 0, "%s: %s (in the shared folder, which is there)", path,
		     strerror(errno));
}

#define DISTRIBUTIONS IT_SHARED "data/tiles_distributions.tsv"

int it_published_distribution(int w, int h, uint64_t *counts, int cap)
{
	FILE *f;
	char want[16], line[8192];
	int lineno = 0;

	it_need_shared(DISTRIBUTIONS);
	f = fopen(DISTRIBUTIONS, "r");
	cr_assert_not_null(f, "%s: %s", DISTRIBUTIONS, strerror(errno));
	/* one line a board, named long side first: "5x2" serves 5x2 and 2x5 */
	snprintf(want, sizeof(want), "%dx%d\t", w > h ? w : h, w > h ? h : w);
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strlen(want), *end;
		int n = 0;

		lineno++;
		if (strncmp(line, want, strlen(want)))
			continue;
		fclose(f);
		cr_assert(strchr(line, '\n'), "%s:%d: line too long", DISTRIBUTIONS, lineno);
		for (;;) {
			unsigned long long v;

			while (*p == ' ')
				p++;
			if (*p == '\n' || *p == '\r' || !*p)
				break;
			cr_assert_lt(n, cap, "%s:%d: more than %d depths", DISTRIBUTIONS, lineno, cap);
			errno = 0;
			v = strtoull(p, &end, 10);
			cr_assert(end != p && !errno && (*end == ' ' || *end == '\n' || *end == '\r'),
				  "%s:%d: '%.20s' is not a count", DISTRIBUTIONS, lineno, p);
			counts[n++] = v;
			p = end;
		}
		cr_assert_gt(n, 0, "%s:%d: no counts", DISTRIBUTIONS, lineno);
		return n;
	}
	fclose(f);
	cr_assert_fail("%s: no line for the %dx%d board", DISTRIBUTIONS, w, h);
	return 0;
}

/* The walks' own random numbers (Knuth's MMIX constants). */
static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 33;
}

pb_state it_walk(const pb_domain *d, int len, uint64_t *rng)
{
	pb_state s = d->goal, t;
	int last = -1;

	for (int i = 0; i < len;) {
		int m = (int)(lcg(rng) % (uint64_t)d->nmoves);

		if ((last >= 0 && d->inverse[last] == m) || !pb_apply(d, &s, m, &t))
			continue;
		s = t;
		last = m;
		i++;
	}
	return s;
}
