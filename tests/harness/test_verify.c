/* bench verify: passes when solvers and references agree, and fails,
 * naming the instance, when a reference is wrong or a solver returns a
 * wrong or longer path. Also the full checks: every 3x3 state and every
 * Magic Squares target. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "harness/cmd/commands.h"
#include "harness/io/dataset.h"
#include "harness/cmd/verify.h"
#include "tests/support/support.h"

TestSuite(verify, .init = ht_suite_init, .fini = ht_suite_fini);

/* Faulty solvers for these tests only (never in the registry): each asks
 * bfs-cantor, then spoils the answer. Their context: the domain and
 * bfs-cantor's. */
typedef struct spoiler {
	const pb_domain *d;
	void *cantor;
} spoiler;

static pb_status cantor_prepare(const pb_solver *self, const pb_domain *d, const pb_config *c, pb_search *s, void **ctx)
{
	(void)self;
	spoiler *w = malloc(sizeof(*w));
	pb_status st;

	cr_assert_not_null(w);
	w->d = d;
	st = pb_solver_prepare(&pb_solver_bfs_cantor, d, c, s, &w->cantor);
	if (st != PB_SOLVED) {
		free(w);
		w = NULL;
	}
	*ctx = w;
	return st;
}

static void cantor_release(void *ctx)
{
	spoiler *w = ctx;

	if (!w)
		return;
	pb_solver_bfs_cantor.release(w->cantor);
	free(w);
}

static const char *cantor_supports(const pb_solver *self, const pb_domain *d, const pb_config *c, char *w, size_t n)
{
	(void)self;
	return pb_solver_supports(&pb_solver_bfs_cantor, d, c, w, n);
}

/* Its last move changed: the path no longer ends on the goal. */
static pb_status wrong_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const spoiler *w = ctx;
	const pb_domain *d = w->d;
	pb_status st = pb_solver_bfs_cantor.solve(w->cantor, start, s, out);

	if (st == PB_SOLVED && out->length > 0)
		out->moves[out->length - 1] = (uint8_t)((out->moves[out->length - 1] + 2) % d->nmoves);
	return st;
}

/* Two moves longer: a move and its undoing at the goal (still a valid
 * path, not an optimal one). */
static pb_status longer_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const spoiler *w = ctx;
	const pb_domain *d = w->d;
	pb_status st = pb_solver_bfs_cantor.solve(w->cantor, start, s, out);
	pb_state t;

	if (st != PB_SOLVED)
		return st;
	for (int m = 0; m < d->nmoves; m++) {
		if (pb_apply(d, &d->goal, m, &t)) {
			out->moves[out->length++] = (uint8_t)m;
			out->moves[out->length++] = d->inverse[m];
			break;
		}
	}
	return st;
}

/* Says unsolvable to every instance. */
static pb_status giving_up_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)s, (void)out;
	return PB_UNSOLVABLE;
}

static const pb_solver wrong_solver = {
	.name = "test-wrong",
	.summary = "a spoiled last move",
	.supports = cantor_supports,
	.prepare = cantor_prepare,
	.solve = wrong_solve,
	.release = cantor_release,
};
static const pb_solver longer_solver = {
	.name = "test-longer",
	.summary = "two moves too many",
	.supports = cantor_supports,
	.prepare = cantor_prepare,
	.solve = longer_solve,
	.release = cantor_release,
};
static const pb_solver giving_up = {
	.name = "test-gives-up",
	.summary = "always unsolvable",
	.supports = cantor_supports,
	.prepare = cantor_prepare,
	.solve = giving_up_solve,
	.release = cantor_release,
};

/* verify_run over DS with SOLVERS; the report into *OUT (free() it). */
static int verify_with(const dataset *ds, const pb_solver *const *solvers, size_t n, char **out)
{
	verify_options o = { .r = { .repeat = 1 }, .max_shown = 100 };
	size_t len;
	FILE *f = open_memstream(out, &len);
	int rc;

	cr_assert_not_null(f);
	rc = verify_run(ds, 1, solvers, n, NULL, &o, f);
	fclose(f);
	return rc;
}

Test(verify, passes_on_the_committed_datasets)
{
	char *out;
	int rc = ht_bench(&out, "verify -a reverse-table,bibfs,bfs-cantor,bfs-hash %s/datasets/8puzzle-depth.txt "
			  "%s/datasets/msquare-depth.txt", PB_SOURCE_DIR, PB_SOURCE_DIR);

	cr_assert_eq(rc, 0, "bench verify: exit %d: %s", rc, out);
	cr_assert(strstr(out, "verify: all agree on 258 of 258 instances in 2 datasets"), "%s", out);
	free(out);
}

/* bfs-cantor serves no 4x4 board: verify checks nothing and must say so
 * and fail, not claim that all agree on none. */
Test(verify, fails_when_no_solver_serves_the_dataset)
{
	char *out;
	int rc = ht_bench(&out, "verify -a bfs-cantor %s/datasets/korf100.txt", PB_SOURCE_DIR);

	cr_assert_eq(rc, 1, "bench verify with no serving solver: exit %d: %s", rc, out);
	cr_assert(strstr(out, "nothing was checked"), "%s", out);
	cr_assert_null(strstr(out, "all agree"), "%s", out);
	free(out);
}

Test(verify, fails_naming_the_instance_when_a_reference_is_wrong)
{
	char path[512], *text, *out, *p;
	int rc;

	snprintf(path, sizeof(path), "%s/datasets/8puzzle-depth.txt", PB_SOURCE_DIR);
	text = ht_read(path);
	cr_assert_not_null(text);
	/* first instance at depth 12 now claims 13, first at 20 claims 19 */
	p = strstr(text, "\nd12-1\t");
	cr_assert_not_null(p);
	p = strstr(p + 1, "\t12\n");
	cr_assert_not_null(p);
	memcpy(p, "\t13\n", 4);
	p = strstr(text, "\nd20-1\t");
	cr_assert_not_null(p);
	p = strstr(p + 1, "\t20\n");
	memcpy(p, "\t19\n", 4);
	snprintf(path, sizeof(path), "%s/doctored.txt", ht_dir);
	cr_assert_eq(ht_write(path, text), 0);
	free(text);
	rc = ht_bench(&out, "verify -a bfs-cantor,reverse-table %s", path);
	cr_assert_eq(rc, 1, "a doctored dataset passed: %s", out);
	cr_assert(strstr(out, "instance 'd12-1'") && strstr(out, "reference 13"),
		  "the report does not name 'd12-1': %s", out);
	cr_assert(strstr(out, "shorter than the reference 13"), "%s", out);
	cr_assert(strstr(out, "instance 'd20-1'") && strstr(out, "longer than the reference 19"),
		  "the report does not name 'd20-1': %s", out);
	cr_assert(strstr(out, "doctored.txt:"), "no file:line: %s", out);
	cr_assert(strstr(out, "verify: 2 of 149 instances disagree"), "%s", out);
	free(out);
}

Test(verify, fails_naming_the_instance_when_a_solver_is_wrong)
{
	char path[512], *out;
	dataset ds;

	snprintf(path, sizeof(path), "%s/datasets/8puzzle-depth.txt", PB_SOURCE_DIR);
	ht_load_dataset(&ds, path);
	{
		const pb_solver *list[] = { &pb_solver_bfs_hash, &wrong_solver };

		cr_assert_eq(verify_with(&ds, list, 2, &out), PB_EXIT_CHECK, "%s", out);
		cr_assert(strstr(out, "instance 'd1-1'"), "%s", out);
		cr_assert(strstr(out, "test-wrong       wrong, 1 move"), "%s", out);
		cr_assert(strstr(out, "ends short of the goal") || strstr(out, "off the board"), "%s", out);
		/* every instance but the goal */
		cr_assert(strstr(out, "verify: 148 of 149 instances disagree"), "%s", out);
		free(out);
	}
	{
		const pb_solver *list[] = { &pb_solver_bfs_hash, &longer_solver };

		cr_assert_eq(verify_with(&ds, list, 2, &out), PB_EXIT_CHECK, "%s", out);
		cr_assert(strstr(out, "instance 'd0-1'"), "%s", out);
		cr_assert(strstr(out, "test-longer      wrong, 2 moves"), "%s", out);
		cr_assert(strstr(out, "longer than the reference 0"), "%s", out);
		cr_assert(strstr(out, "verify: 149 of 149 instances disagree"), "%s", out);
		free(out);
	}
	{
		const pb_solver *list[] = { &giving_up };

		cr_assert_eq(verify_with(&ds, list, 1, &out), PB_EXIT_CHECK, "%s", out);
		cr_assert(strstr(out, "said unsolvable, but the state is solvable"), "%s", out);
		free(out);
	}
	dataset_release(&ds);
}

Test(verify, catches_a_longer_path_without_references)
{
	char *out;
	dataset ds;
	char path[512];
	int rc;

	/* uniform states of a board too large for automatic references */
	rc = ht_bench(&out, "gen --domain tiles3x4 --method walk --length 10..14 --step 2 --count 2 "
		      "--reference no -o %s/w.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/w.txt", ht_dir);
	ht_load_dataset(&ds, path);
	cr_assert_eq(ds.instances[0].reference, DATASET_REF_UNKNOWN);
	{
		const pb_solver *list[] = { &pb_solver_bibfs, &pb_solver_bfs_hash };

		cr_assert_eq(verify_with(&ds, list, 2, &out), PB_EXIT_OK, "%s", out);
		free(out);
	}
	{
		const pb_solver *list[] = { &pb_solver_bibfs, &longer_solver };

		cr_assert_eq(verify_with(&ds, list, 2, &out), PB_EXIT_CHECK, "%s", out);
		cr_assert(strstr(out, "instance 'w10-1'"), "%s", out);
		cr_assert(strstr(out, "verify: 6 of 6 instances disagree"), "%s", out);
		free(out);
	}
	dataset_release(&ds);
}

Test(verify, samples_evenly)
{
	bool only[10];
	size_t n = 0;

	verify_sample(only, 10, 3);
	for (int i = 0; i < 10; i++)
		n += only[i];
	cr_assert_eq(n, 3);
	cr_assert(only[0] && only[3] && only[6], "want instances 0, 3 and 6");
	verify_sample(only, 10, 20);
	for (int i = 0; i < 10; i++)
		cr_assert(only[i], "a sample larger than the dataset takes all");
}

Test(verify, bad_usage_exits_2)
{
	static const ht_usage_case cases[] = {
		{ "", "no dataset given" },
		{ "--sample-algorithms bibfs x", "--sample-algorithms needs --sample N" },
		{ "-a nosuch x", "unknown solver 'nosuch'" },
		{ "-a bibfs --sample 3 --sample-algorithms bfs-hash x", "not among those verified" },
		{ "--sample 0 x", "--sample '0'" },
		{ "/nonexistent/y.txt", "/nonexistent/y.txt: No such file" },
		/* a solver's parameters */
		{ "-a bibfs:x=1 x", "bench verify: -a bibfs:x=1: bibfs takes no parameters" },
		{ "--plugin '" PB_IDASTAR_PLUGIN "' -a idastar-example:prune=off --sample 3 "
		  "--sample-algorithms idastar-example:prune=of x", "bench verify: --sample-algorithms "
		  "idastar-example:prune=of: idastar-example: prune must be on or off, not 'of'" },
		{ "--plugin '" PB_IDASTAR_PLUGIN "' -a idastar-example:prune=off --sample 3 "
		  "--sample-algorithms idastar-example x", "names 'idastar-example', which is not among "
		  "those verified" },
	};

	ht_expect_usage_errors("verify", cases, sizeof(cases) / sizeof(cases[0]));
}

/* The full checks: solvers fast enough for every state take every state,
 * the others a few hundred taken evenly. */
Test(verify, every_3x3_state, .timeout = 600)
{
	char *out;
	int rc;

	rc = ht_bench(&out, "gen --domain 8puzzle --method all -o %s/all.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "verify -a reverse-table,bibfs,bfs-cantor,bfs-hash,idastar,astar "
		      "--sample 300 --sample-algorithms bibfs,bfs-cantor,bfs-hash,idastar,astar %s/all.txt",
		      ht_dir);
	cr_assert_eq(rc, 0, "bench verify over every 3x3 state: exit %d: %s", rc, out);
	cr_assert(strstr(out, "all agree on 362880 of 362880 instances"), "%s", out);
	cr_assert(strstr(out, "(181440 solvable, 181440 unsolvable)"), "%s", out);
	free(out);
}

Test(verify, every_magic_squares_target, .timeout = 600)
{
	char *out;
	int rc;

	rc = ht_bench(&out, "gen --domain msquare --method all -o %s/all.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	/* bibfs on every target in the release build; sampled under the
	 * sanitizers, where it took 14 s of CI's 20 minutes */
	rc = ht_bench(&out, "verify -a reverse-table,bibfs,bfs-cantor,bfs-hash,idastar,astar "
		      "--sample 300 --sample-algorithms %sbfs-cantor,bfs-hash,idastar,astar %s/all.txt",
		      SLOWDOWN > 1 ? "bibfs," : "", ht_dir);
	cr_assert_eq(rc, 0, "bench verify over every Magic Squares target: exit %d: %s", rc, out);
	cr_assert(strstr(out, "all agree on 40320 of 40320 instances"), "%s", out);
	free(out);
}

/* The 15-puzzle walks, by the heuristic solvers once they serve the board. */
Test(verify, fifteen_puzzle_walks_by_the_heuristic_solvers, .timeout = 600)
{
	pb_domain d;
	char err[160], why[160], list[64] = "", *out;
	pb_config cfg = { 0 };
	int rc;

	cr_assert_eq(pb_domain_init(&d, "15puzzle", err, sizeof(err)), 0);
	if (!pb_solver_supports(&pb_solver_idastar, &d, &cfg, why, sizeof(why)))
		strcat(list, "idastar");
	if (!pb_solver_supports(&pb_solver_astar, &d, &cfg, why, sizeof(why)))
		strcat(list, *list ? ",astar" : "astar");
	if (!*list)
		cr_skip_test("no heuristic solver serves the 15-puzzle yet");
	rc = ht_bench(&out, "verify -a %s --time-limit 60 %s/datasets/15puzzle-walks.txt", list,
		      PB_SOURCE_DIR);
	cr_assert_eq(rc, 0, "bench verify -a %s over the 15-puzzle walks: exit %d: %s", list, rc, out);
	free(out);
}
