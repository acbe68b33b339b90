/* What a solver promises of its answers' lengths (issue 32): the runner
 * judges each answer within its solver's guarantee against the
 * reference, an answer past it is 'wrong'; an anytime solver's answers
 * are replayed and kept, and a limit that ends it after an answer leaves
 * the row 'ok'. The test solvers answer a known optimal path, padded with
 * pairs of a move and its undoing, so every length is known. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "harness/engine/runner.h"
#include "harness/io/dataset.h"
#include "tests/support/support.h"

TestSuite(guarantee);

/* Two moves from the goal (the blank two cells left of its place): no
 * shorter path, as the blank must move right twice. */
#define TWO_AWAY "1 2 3 4 5 6 x 7 8"
#define OPTIMAL 2

/* What the test solvers answer: the optimal path and PAD pairs after it;
 * an anytime one reports the lengths of REPORT[0..nreport) first (each
 * an optimal path padded to that length) and sets cut when CUT. */
static int pad;
static int report[8], nreport;
static bool cut;
/* each solve in a child process (bench run --isolate) */
static bool isolated;

/* The optimal path of START (depth OPTIMAL, found by trying every pair
 * of moves) into OUT, then PADDING pairs of a move and its undoing. */
static void padded_path(const pb_domain *d, const pb_state *start, int padding, pb_path *out)
{
	pb_state a, b, c;

	out->length = 0;
	for (int m = 0; m < d->nmoves && !out->length; m++)
		for (int n = 0; n < d->nmoves && !out->length; n++)
			if (pb_apply(d, start, m, &a) && pb_apply(d, &a, n, &b) && pb_is_goal(d, &b)) {
				out->moves[0] = (uint8_t)m;
				out->moves[1] = (uint8_t)n;
				out->length = OPTIMAL;
			}
	cr_assert_eq(out->length, OPTIMAL);
	for (int k = 0; k < padding; k++) {
		int m = 0;

		while (!pb_apply(d, &d->goal, m, &c))
			m++;
		out->moves[out->length++] = (uint8_t)m;
		out->moves[out->length++] = (uint8_t)d->inverse[m];
	}
}

static pb_status padded_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	const pb_domain *d = ctx;

	for (int i = 0; i < nreport; i++) {
		padded_path(d, start, (report[i] - OPTIMAL) / 2, out);
		pb_search_answer(s, out);
	}
	padded_path(d, start, pad, out);
	s->cut = cut;
	return PB_SOLVED;
}

#define TEST_SOLVER(...) { .summary = "answers a padded path", .supports = ht_serves_all, \
	.prepare = ht_no_prepare, .solve = padded_solve, .release = ht_no_release, __VA_ARGS__ }

static const pb_solver optimal = TEST_SOLVER(.name = "test-optimal");
static const pb_solver bounded = TEST_SOLVER(.name = "test-bounded",
					     .guarantee = PB_GUARANTEE_BOUNDED, .bound = 1.5);
static const pb_solver unbounded = TEST_SOLVER(.name = "test-none",
					       .guarantee = PB_GUARANTEE_NONE);
static const pb_param weight[] = {
	{ .key = "w", .summary = "the weight", .min = 1, .max = 100, .def = "2", .decimal = true },
	{ 0 },
};
static const pb_solver weighted = TEST_SOLVER(.name = "test-w", .params = weight,
					      .guarantee = PB_GUARANTEE_BOUNDED,
					      .bound_param = "w");
static const pb_solver anytime = TEST_SOLVER(.name = "test-anytime", .params = weight,
					     .guarantee = PB_GUARANTEE_BOUNDED,
					     .bound_param = "w", .anytime = true);

/* The rows of one run, with the lengths of each row's anytime answers. */
typedef struct kept {
	ht_rows rows;
	int lengths[HT_MAX_ROWS][8];
	unsigned n[HT_MAX_ROWS];
} kept;

static void keep(void *arg, const run_row *row)
{
	kept *k = arg;

	for (unsigned i = 0; i < row->nanswers && i < 8; i++) {
		cr_assert_leq(row->answers[i].expanded, row->expanded);
		k->lengths[k->rows.n][i] = row->answers[i].length;
	}
	k->n[k->rows.n] = row->nanswers;
	ht_keep_row(&k->rows, row);
}

/* Solver S answering TWO_AWAY (reference OPTIMAL) padded by PADDING
 * pairs: the solve row into K (the preparation's is rows.r[0]). */
static const run_row *judge(const pb_solver *s, int padding, kept *k)
{
	static const char *const states[] = { TWO_AWAY };
	const runner_unit unit = { .solver = s };
	runner_options o = { .repeat = 1, .isolate = isolated };
	runner_hooks hooks = { .row = keep, .arg = k };
	dataset ds;

	memset(k, 0, sizeof(*k));
	ht_make_dataset(&ds, "8puzzle", states, 1);
	ds.instances[0].reference = OPTIMAL;
	pad = padding;
	cr_assert_eq(runner_run(&ds, &unit, 1, NULL, &o, &hooks), 0);
	cr_assert_eq(k->rows.n, 2);
	dataset_release(&ds);
	k->rows.r[1].ds = NULL;
	return &k->rows.r[1];
}

Test(guarantee, a_bound_is_a_factor_up_to_rounding)
{
	cr_assert(pb_within_bound(11, 10, 1.1));
	cr_assert(pb_within_bound(0, 0, INFINITY), "0 moves promised nothing");
	cr_assert_not(pb_within_bound(12, 10, 1.1));
	cr_assert(pb_within_bound(3, 2, 1.5));
	cr_assert_not(pb_within_bound(4, 2, 1.5));
	cr_assert_eq(pb_solver_bound(&optimal), 1);
	cr_assert_eq(pb_solver_bound(&bounded), 1.5);
	cr_assert(isinf(pb_solver_bound(&unbounded)));
	cr_assert_eq(pb_solver_bound(&weighted), 2, "the default weight");
}

Test(guarantee, an_optimal_solver_past_the_reference_is_wrong)
{
	kept k;

	cr_assert_eq(judge(&optimal, 0, &k)->status, RUN_OK);
	cr_assert_eq(judge(&optimal, 1, &k)->status, RUN_WRONG);
	cr_assert_str_eq(k.rows.note[1], "4 moves, longer than the reference 2");
}

Test(guarantee, a_solver_that_overshoots_its_declared_bound_is_wrong)
{
	kept k;
	const run_row *r;

	/* 1.5 times 2 moves: 3; the padding makes 4 */
	r = judge(&bounded, 1, &k);
	cr_assert_eq(r->status, RUN_WRONG);
	cr_assert_eq(r->length, 4);
	cr_assert(strstr(k.rows.note[1], "more than 1.5 times the reference 2"), "%s",
		  k.rows.note[1]);
	cr_assert_eq(judge(&bounded, 0, &k)->status, RUN_OK);
}

Test(guarantee, the_bound_is_the_variant_s_weight)
{
	char why[256];
	const pb_solver *w15 = pb_solver_variant(&weighted, "w=1.50", why, sizeof(why));
	const pb_solver *w2 = pb_solver_variant(&weighted, "w=2", why, sizeof(why));
	kept k;

	cr_assert_not_null(w15, "%s", why);
	cr_assert_str_eq(w15->name, "test-w:w=1.5", "a decimal as %%g writes it");
	cr_assert_eq(pb_solver_bound(w15), 1.5);
	cr_assert_null(pb_solver_variant(&weighted, "w=0.5", why, sizeof(why)));
	cr_assert(strstr(why, "w must be a number from 1 to 100"), "%s", why);
	cr_assert_null(pb_solver_variant(&weighted, "w=1.", why, sizeof(why)));
	cr_assert_eq(judge(w15, 1, &k)->status, RUN_WRONG);
	cr_assert_eq(judge(w2, 1, &k)->status, RUN_OK, "4 moves, twice the reference");
	cr_assert_eq(judge(w2, 2, &k)->status, RUN_WRONG, "6 moves, three times");
}

Test(guarantee, a_solver_that_promises_nothing_is_ok_at_any_length)
{
	kept k;

	cr_assert_eq(judge(&unbounded, 20, &k)->status, RUN_OK);
	cr_assert_eq(k.rows.r[1].length, OPTIMAL + 40);
}

/* In the bench process and in a child of its own (--isolate), whose
 * answers come back with its row. */
Test(guarantee, an_anytime_solver_s_answers_are_kept_in_order)
{
	for (int iso = 0; iso < 2; iso++) {
		kept k;
		const run_row *r;

		isolated = iso;
		report[0] = 8, report[1] = 4, report[2] = 2;
		nreport = 3;
		cut = false;
		r = judge(&anytime, 0, &k);
		cr_assert_eq(r->status, RUN_OK, "isolated %d: %s", iso, k.rows.note[1]);
		cr_assert_eq(k.n[1], 3, "isolated %d: %u answers", iso, k.n[1]);
		cr_assert_eq(k.lengths[1][0], 8);
		cr_assert_eq(k.lengths[1][1], 4);
		cr_assert_eq(k.lengths[1][2], 2);
		cr_assert_str_eq(k.rows.note[1], "");
	}
	nreport = 0;
	isolated = false;
}

Test(guarantee, a_limit_after_an_answer_leaves_the_row_ok)
{
	for (int iso = 0; iso < 2; iso++) {
		kept k;
		const run_row *r;

		isolated = iso;
		report[0] = 4;
		nreport = 1;
		cut = true;
		r = judge(&anytime, 1, &k);
		cr_assert_eq(r->status, RUN_OK, "isolated %d: %s", iso, k.rows.note[1]);
		cr_assert_eq(r->length, 4);
		cr_assert(strstr(k.rows.note[1], "after 1 answer"), "isolated %d: %s", iso,
			  k.rows.note[1]);
	}
	nreport = 0;
	cut = false;
	isolated = false;
}

Test(guarantee, an_anytime_answer_that_is_no_better_is_wrong)
{
	for (int iso = 0; iso < 2; iso++) {
		kept k;

		isolated = iso;
		report[0] = 4, report[1] = 4;
		nreport = 2;
		cr_assert_eq(judge(&anytime, 1, &k)->status, RUN_WRONG, "isolated %d", iso);
		cr_assert(strstr(k.rows.note[1], "no better than the one before"), "isolated %d: %s",
			  iso, k.rows.note[1]);
		/* the row's answer must be the last reported */
		report[0] = 6;
		nreport = 1;
		cr_assert_eq(judge(&anytime, 0, &k)->status, RUN_WRONG, "isolated %d", iso);
		cr_assert(strstr(k.rows.note[1], "not reported"), "isolated %d: %s", iso,
			  k.rows.note[1]);
	}
	nreport = 0;
	isolated = false;
}

/* A dataset with no reference: a bounded program is held to its bound
 * against the best answer of the run (idastar's, optimal), once the run
 * is over. The program answers IDA*'s path L, and for L > 1 that path,
 * its undoing and the path again: 3L moves, within a bound of 3, past 2.
 * (Its start-up puzzle, one move from the goal, it answers in one.) */
Test(guarantee, without_a_reference_the_run_s_best_answer_is_the_measure,
     .init = ht_suite_init, .fini = ht_suite_fini)
{
	char path[1024], *out, *csv;
	int rc;

	ht_write_in(ht_dir, "walks.txt", "# puzzlebench dataset\n# format: 1\n# domain: 8puzzle\n"
		    "# goal: 1 2 3 4 5 6 7 8 x\nd3\t1 2 3 x 4 6 7 5 8\t-\n");
	ht_write_in(ht_dir, "thrice.sh",
		    "while read l; do\n"
		    "  a=$(echo \"$l\" | \"$BENCH\" solve -a idastar)\n"
		    "  if [ ${#a} -gt 1 ]; then\n"
		    "    u=$(echo \"$a\" | awk '{ s = \"\"; for (i = length($0); i > 0; i--) "
		    "s = s substr($0, i, 1); print s }' | tr udlr durl)\n"
		    "    echo \"$a$u$a\"\n"
		    "  else echo \"$a\"; fi\n"
		    "done\n");
	for (int w = 2; w <= 3; w++) {
		rc = ht_bench(&out, "run '%s/walks.txt' -r 1 -w 0 -a idastar,thrice -o '%s/w%d' "
			      "--solver thrice='env BENCH=%s sh %s/thrice.sh' --guarantee thrice=%d",
			      ht_dir, ht_dir, w, PB_BENCH, ht_dir, w);
		cr_assert_eq(rc, w == 2 ? 1 : 0, "w=%d: %s", w, out);
		if (w == 2)
			cr_assert(strstr(out, "1 answer past its solver's bound against the run's best"),
				  "%s", out);
		free(out);
		snprintf(path, sizeof(path), "%s/w%d/runs.csv", ht_dir, w);
		csv = ht_read(path);
		cr_assert_not_null(csv);
		cr_assert(strstr(csv, w == 2 ? "d3,thrice,-,1,solve,wrong,9,-," :
				 "d3,thrice,-,1,solve,ok,9,-,"), "w=%d: %s", w, csv);
		if (w == 2)
			cr_assert(strstr(csv, "9 moves, more than 2 times the run's best answer"), "%s",
				  csv);
		free(csv);
	}
}

/* The rows of anytime.csv in the file at PATH (its header aside) that
 * are of instance ID, or of any with ID NULL. */
static size_t anytime_rows(const char *path, const char *id)
{
	char *text = ht_read(path), *line, *save = NULL, want[64];
	size_t n = 0;

	cr_assert_not_null(text, "no %s", path);
	cr_assert_eq(strncmp(text, "dataset,instance,algorithm,heuristic,repeat,length,wall_ns,"
			     "expanded\n", 67), 0, "%s", text);
	snprintf(want, sizeof(want), ",%s,awastar", id ? id : "");
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		n += line != text && (!id || strstr(line, want));
	free(text);
	return n;
}

/* The rows of DIR's anytime.csv (DIR under the suite's directory), as
 * anytime_rows. */
static size_t answers_in(const char *dir, const char *id)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s/anytime.csv", ht_dir, dir);
	return anytime_rows(path, id);
}

/* awastar's answers go to anytime.csv, each solve's once: a run cut off
 * and resumed keeps those of the rows on record and writes the rest
 * again; two shards merged hold them all, as does a run with each solve
 * in a child process. Its last answer is the row's
 * length, the optimal one here (no time limit). */
Test(guarantee, anytime_rows_follow_resume_shards_and_merge, .init = ht_suite_init,
     .fini = ht_suite_fini)
{
	char path[1024], *out, *csv;
	size_t whole, first;
	int rc;

	ht_write_in(ht_dir, "four.txt", "# puzzlebench dataset\n# format: 1\n# domain: 8puzzle\n"
		    "# goal: 1 2 3 4 5 6 7 8 x\n"
		    "a\t8 6 7 2 5 4 3 x 1\t31\nb\t6 4 7 8 5 x 3 2 1\t31\n"
		    "c\t8 7 6 5 4 3 2 1 x\t-\nd\t1 2 3 4 5 6 x 7 8\t2\n");
#define ANYTIME_RUN "run '%s/four.txt' -r 1 -w 0 -a awastar:w=5 --heuristic manhattan "
	rc = ht_bench(&out, ANYTIME_RUN "-o '%s/whole'", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/whole/anytime.csv", ht_dir);
	whole = anytime_rows(path, NULL);
	first = anytime_rows(path, "a");
	cr_assert_geq(first, 2, "w=5 answers the 31-move instance more than once");
	snprintf(path, sizeof(path), "%s/whole/runs.csv", ht_dir);
	csv = ht_read(path);
	cr_assert_not_null(csv);
	cr_assert(strstr(csv, "four,a,awastar:w=5,manhattan,1,solve,ok,31,31,"), "%s", csv);
	free(csv);
	/* cut off after 'a' (runs.csv's rows of b, c, d gone; anytime.csv as
	 * a kill leaves it, with b's answers in): resumed, each once again */
	snprintf(path, sizeof(path), "cd '%s/whole' && grep -v ',[bcd],' runs.csv > r && "
		 "mv r runs.csv", ht_dir);
	cr_assert_eq(system(path), 0);
	rc = ht_bench(&out, ANYTIME_RUN "-o '%s/whole' --resume", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	cr_assert_eq(answers_in("whole", NULL), whole);
	cr_assert_eq(answers_in("whole", "a"), first);
	/* two shards, merged */
	for (int k = 1; k <= 2; k++) {
		rc = ht_bench(&out, ANYTIME_RUN "-o '%s/part%d' --shard %d/2", ht_dir, ht_dir, k, k);
		cr_assert_eq(rc, 0, "%s", out);
		free(out);
	}
	rc = ht_bench(&out, "merge -o '%s/merged' '%s/part1' '%s/part2'", ht_dir, ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	cr_assert_eq(answers_in("merged", NULL), whole);
	/* each solve in a child process: its answers come back */
	rc = ht_bench(&out, ANYTIME_RUN "-o '%s/isolated' --isolate", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	cr_assert_eq(answers_in("isolated", NULL), whole);
	cr_assert_eq(answers_in("isolated", "a"), first);
#undef ANYTIME_RUN
}
