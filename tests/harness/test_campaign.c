/* A run's campaign (campaign.h): --heuristic takes a list, each informed
 * solver runs with each heuristic that serves the domain, a blind one
 * once; meta.json records the campaign from the start and describes the
 * rows that are there; --resume refuses another campaign, naming what
 * differs; --extend adds to one and repeats nothing; a checksum on record
 * is 16 hex digits and nothing else. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "harness/engine/campaign.h"
#include "harness/engine/runner.h"
#include "harness/io/json.h"
#include "harness/report/report.h"
#include "tests/support/support.h"

/* Instances of the dataset the tests run: 3x3 walks, quick for every
 * solver. */
#define COUNT 6
#define GEN "gen --domain 8puzzle --method walk --length 14 --count 6 --seed 9"

static char *dir;

static void setup(void)
{
	char *out;
	int rc;

	dir = ht_tempdir();
	cr_assert_not_null(dir);
	rc = ht_bench(&out, GEN " -o %s/w.txt", dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

static void teardown(void)
{
	ht_remove(dir);
}

TestSuite(campaign, .init = setup, .fini = teardown);

/* 'bench run DIR/w.txt ARGS -o DIR/o', expecting exit status WANT; its
 * output (free() it). */
static char *run(int want, const char *args)
{
	char *out = NULL;
	int rc = ht_bench(&out, "run %s/w.txt %s -o %s/o", dir, args, dir);

	cr_assert_eq(rc, want, "bench run %s: exit %d, not %d: %s", args, rc, want, out ? out : "");
	return out;
}

/* 'bench run' as run() does, refused (exit 2) with WANT in what it says. */
static void refused(const char *args, const char *want)
{
	char *out = run(2, args);

	cr_assert(strstr(out, want), "bench run %s: no '%s' in: %s", args, want, out);
	free(out);
}

/* DIR/o/NAME (free() it). */
static char *output_file(const char *name)
{
	char path[512];
	char *text;

	snprintf(path, sizeof(path), "%s/o/%s", dir, name);
	text = ht_read(path);
	cr_assert_not_null(text, "%s", path);
	return text;
}

/* Rows of runs.csv TEXT for ALGORITHM and HEURISTIC in phase PHASE. */
static size_t rows_of(const char *text, const char *algorithm, const char *heuristic,
		      const char *phase)
{
	char prefix[128];
	size_t n = 0;

	for (int i = 0; i <= COUNT; i++) {
		char instance[16];

		if (i)
			snprintf(instance, sizeof(instance), "w14-%d", i);
		else
			snprintf(instance, sizeof(instance), "-");
		for (int repeat = 1; repeat <= 9; repeat++) {
			snprintf(prefix, sizeof(prefix), "w,%s,%s,%s,%d,%s,", instance, algorithm, heuristic,
				 repeat, phase);
			n += ht_count_lines(text, prefix);
		}
	}
	return n;
}

Test(campaign, a_heuristic_list_gives_rows_for_each_pair_and_one_run_of_a_blind_solver)
{
	static const char *const pairs[][2] = {
		{ "idastar", "manhattan" }, { "idastar", "linear-conflict" },
		{ "astar", "manhattan" }, { "astar", "linear-conflict" },
	};
	char *out, *runs, *summary, *meta;

	/* pdb663 serves the 4x4 board only: no rows for it here, and a note */
	out = run(0, "-a idastar,astar,bibfs --heuristic manhattan,linear-conflict,pdb663 -r 2 -w 0");
	cr_assert(strstr(out, "heuristic 'pdb663' serves none of the datasets"), "%s", out);
	free(out);
	runs = output_file("runs.csv");
	summary = output_file("summary.csv");
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		char prefix[128];

		cr_assert_eq(rows_of(runs, pairs[i][0], pairs[i][1], "prepare"), 1,
			     "%s with %s: one preparation", pairs[i][0], pairs[i][1]);
		cr_assert_eq(rows_of(runs, pairs[i][0], pairs[i][1], "solve"), COUNT * 2,
			     "%s with %s: %d instances x 2 repeats:\n%s", pairs[i][0], pairs[i][1],
			     COUNT, runs);
		snprintf(prefix, sizeof(prefix), "w,%s,%s,", pairs[i][0], pairs[i][1]);
		cr_assert_gt(ht_count_lines(summary, prefix), 0, "summary.csv has no %s", prefix);
	}
	cr_assert_eq(rows_of(runs, "bibfs", "-", "solve"), COUNT * 2, "bibfs runs once:\n%s", runs);
	cr_assert_eq(ht_count_lines(runs, "w,"), 5 * (1 + COUNT * 2), "no other rows:\n%s", runs);
	cr_assert_null(strstr(runs, "pdb663"));
	meta = output_file("meta.json");
	cr_assert(strstr(meta, "\"heuristics\": [\"manhattan\", \"linear-conflict\"]"),
		  "meta.json names the heuristics the rows used:\n%s", meta);
	cr_assert(strstr(meta, "{\"dataset\": \"w\", \"algorithm\": \"astar\", \"heuristic\": "
			 "\"linear-conflict\"}"), "meta.json's units:\n%s", meta);
	cr_assert(strstr(meta, "\"outcome\": \"complete\""), "%s", meta);
	free(meta);
	free(summary);
	free(runs);
}

Test(campaign, bad_heuristic_lists_are_refused)
{
	static const struct {
		const char *list, *want;
	} cases[] = {
		{ "manhattan,nosuch", "unknown heuristic 'nosuch'" },
		{ "manhattan,manhattan", "names 'manhattan' twice" },
		{ ",", "want one or more heuristic names" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char args[256], *out;

		snprintf(args, sizeof(args), "-a idastar --heuristic '%s'", cases[i].list);
		out = run(2, args);
		cr_assert(strstr(out, cases[i].want), "--heuristic '%s': %s", cases[i].list, out);
		free(out);
	}
}

Test(campaign, resume_with_another_campaign_is_refused_naming_what_differs)
{
	static const struct {
		const char *args, *want[2];
	} cases[] = {
		{ "-a idastar,bibfs --heuristic linear-conflict -r 2 -w 0",
		  { "heuristics: 'manhattan' on record, 'linear-conflict' given", NULL } },
		{ "-a idastar --heuristic manhattan -r 2 -w 0",
		  { "solvers: 'idastar,bibfs' on record, 'idastar' given", NULL } },
		{ "-a idastar,bibfs --heuristic manhattan -r 3 -w 0",
		  { "--repeat: 2 on record, 3 given", NULL } },
		{ "-a idastar,bibfs --heuristic manhattan -r 2 -w 0 -t 5 -m 1G",
		  { "--time-limit: 60 s (the default) on record, 5 s given",
		    "--mem-limit:" } },
		{ "-a idastar,bibfs --heuristic manhattan -r 2 -w 0 --isolate",
		  { "--isolate: off on record, on given", NULL } },
	};
	char *out, *before, *after, path[512];

	free(run(0, "-a idastar,bibfs --heuristic manhattan -r 2 -w 0"));
	before = output_file("runs.csv");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char args[256];

		snprintf(args, sizeof(args), "%s --resume", cases[i].args);
		out = run(2, args);
		for (int k = 0; k < 2 && cases[i].want[k]; k++)
			cr_assert(strstr(out, cases[i].want[k]), "'%s' refused without '%s': %s", args,
				  cases[i].want[k], out);
		cr_assert(strstr(out, "cannot resume") && strstr(out, "--extend"), "%s", out);
		free(out);
		after = output_file("runs.csv");
		cr_assert_str_eq(after, before, "a refused resume ('%s') changed runs.csv", args);
		free(after);
	}
	/* another dataset: its name, and the one on record */
	snprintf(path, sizeof(path), "%s/w.txt", dir);
	out = NULL;
	cr_assert_eq(ht_bench(&out, GEN " --seed 10 -o %s/v.txt", dir), 0);
	free(out);
	cr_assert_eq(ht_bench(&out, "run %s/v.txt -a idastar,bibfs --heuristic manhattan -r 2 -w 0 "
			      "-o %s/o --resume", dir, dir), 2);
	cr_assert(strstr(out, "dataset 'w' is on record, not given") &&
		  strstr(out, "dataset 'v' is given, not on record"), "%s", out);
	free(out);
	/* the same campaign resumes (nothing left to do) */
	out = run(0, "-a idastar,bibfs --heuristic manhattan -r 2 -w 0 --resume");
	cr_assert(strstr(out, "resuming"), "%s", out);
	free(out);
	after = output_file("runs.csv");
	cr_assert_str_eq(after, before, "a resume of a finished run added rows");
	free(after);
	free(before);
}

Test(campaign, a_changed_dataset_is_refused)
{
	char path[512], *text, *line, *ref, *end, *changed;

	free(run(0, "-a bibfs -r 1 -w 0"));
	snprintf(path, sizeof(path), "%s/w.txt", dir);
	text = ht_read(path);
	cr_assert_not_null(text);
	/* instance w14-1's reference (its line's last field) becomes 31, a
	 * length no walk of 14 moves has */
	line = strstr(text, "\nw14-1\t");
	cr_assert_not_null(line, "%s", text);
	end = strchr(line + 1, '\n');
	cr_assert_not_null(end);
	for (ref = end; ref[-1] != '\t'; ref--)
		;
	changed = malloc(strlen(text) + 8);
	cr_assert_not_null(changed);
	sprintf(changed, "%.*s31%s", (int)(ref - text), text, end);
	cr_assert_eq(ht_write(path, changed), 0);
	free(changed);
	free(text);
	refused("-a bibfs -r 1 -w 0 --resume",
		"dataset 'w' holds other instances than the one on record");
}

Test(campaign, extend_adds_a_heuristic_a_solver_and_repeats_and_repeats_no_row)
{
	char *out, *runs, *meta;

	free(run(0, "-a idastar,bibfs --heuristic manhattan -r 1 -w 0"));
	out = run(0, "-a idastar,bibfs,astar --heuristic manhattan,linear-conflict -r 2 -w 0 --extend");
	cr_assert(strstr(out, "extending"), "%s", out);
	free(out);
	runs = output_file("runs.csv");
	/* what was there gets its second repeat, the rest both */
	cr_assert_eq(rows_of(runs, "idastar", "manhattan", "prepare"), 1, "%s", runs);
	cr_assert_eq(rows_of(runs, "idastar", "manhattan", "solve"), COUNT * 2, "%s", runs);
	cr_assert_eq(rows_of(runs, "bibfs", "-", "solve"), COUNT * 2, "%s", runs);
	cr_assert_eq(rows_of(runs, "idastar", "linear-conflict", "solve"), COUNT * 2, "%s", runs);
	cr_assert_eq(rows_of(runs, "astar", "manhattan", "solve"), COUNT * 2, "%s", runs);
	cr_assert_eq(rows_of(runs, "astar", "linear-conflict", "solve"), COUNT * 2, "%s", runs);
	cr_assert_eq(ht_count_lines(runs, "w,"), 5 * (1 + COUNT * 2), "no row twice:\n%s", runs);
	free(runs);
	meta = output_file("meta.json");
	cr_assert(strstr(meta, "\"heuristics\": [\"manhattan\", \"linear-conflict\"]") &&
		  strstr(meta, "\"algorithms\": [\"idastar\", \"bibfs\", \"astar\"]") &&
		  strstr(meta, "\"repeat\": 2"), "meta.json describes the rows there:\n%s", meta);
	free(meta);
	/* extending must name what is on record */
	out = run(2, "-a astar --heuristic linear-conflict -r 2 -w 0 --extend");
	cr_assert(strstr(out, "cannot extend") &&
		  strstr(out, "solvers on record, not given: 'idastar,bibfs'") &&
		  strstr(out, "heuristics on record, not given: 'manhattan'"), "%s", out);
	free(out);
	/* and fewer repeats are not an extension */
	refused("-a idastar,bibfs,astar --heuristic manhattan,linear-conflict -r 1 -w 0 --extend",
		"--repeat: 2 on record, 1 given");
	refused("-a bibfs -r 1 -w 0 --extend --shard 1/2", "--extend with --shard");
}

Test(campaign, resume_without_meta_json_but_with_rows_is_refused)
{
	char path[512];

	free(run(0, "-a bibfs -r 1 -w 0"));
	snprintf(path, sizeof(path), "%s/o/meta.json", dir);
	cr_assert_eq(remove(path), 0);
	refused("-a bibfs -r 1 -w 0 --resume", "no meta.json there");
}

/* In process: a machine-sized default limit is the same campaign on a
 * machine of another size; a given one is not. */
Test(campaign, default_limits_compare_as_asked_not_as_sized)
{
	campaign a, b;
	char why[1024];

	campaign_init(&a);
	cr_assert_eq(campaign_add_dataset(&a, "k", 42), 0);
	cr_assert_eq(campaign_add_unit(&a, "k", "idastar", "manhattan"), 0);
	a.repeat = 3;
	a.mem_limit = 8ULL << 30;
	a.time_limit_ns = 60000000000ULL;
	a.defaults = RUNNER_DEFAULT_MEM | RUNNER_DEFAULT_TIME;
	b = a;
	b.mem_limit = 16ULL << 30;
	cr_assert_not(campaign_differs(&a, &b, false, why, sizeof(why)),
		      "default memory limits of two machines: %s", why);
	b.defaults = RUNNER_DEFAULT_TIME;
	cr_assert(campaign_differs(&a, &b, false, why, sizeof(why)));
	cr_assert(strstr(why, "--mem-limit: 8.00 GiB (the default) on record, 16.0 GiB given"), "%s",
		  why);
	b.mem_limit = a.mem_limit;
	cr_assert_not(campaign_differs(&a, &b, false, why, sizeof(why)),
		      "the same value given: %s", why);
	campaign_release(&a);
}

/* verify's answerers are the pairs too: with two heuristics, a doctored
 * reference shows both of IDA*'s answers, each named by its heuristic. */
Test(campaign, verify_answers_with_each_pair)
{
	char path[512], *out, *text, *p;
	int rc;

	snprintf(path, sizeof(path), "%s/w.txt", dir);
	text = ht_read(path);
	cr_assert_not_null(text);
	/* the last instance's reference, one digit of "14", becomes 19 */
	p = strrchr(text, '\t');
	cr_assert(p && !strcmp(p, "\t14\n"), "%s", text);
	p[2] = '9';
	cr_assert_eq(ht_write(path, text), 0);
	free(text);
	rc = ht_bench(&out, "verify %s -a idastar --heuristic manhattan,linear-conflict", path);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, "instance 'w14-6'") && strstr(out, "  idastar+manhattan ok, 14 moves") &&
		  strstr(out, "  idastar+linear-conflict ok, 14 moves"), "%s", out);
	cr_assert(strstr(out, "verify: 1 of 6 instances disagree"), "%s", out);
	free(out);
}

/* Limits go to meta.json to the nanosecond: the same odd ones resume. */
Test(campaign, limits_of_many_digits_resume)
{
	char *out;

	free(run(0, "-a bibfs -r 1 -w 0 -t 1.234567891 --prepare-limit 0.1"));
	out = run(0, "-a bibfs -r 1 -w 0 -t 1.234567891 --prepare-limit 0.1 --resume");
	cr_assert(strstr(out, "resuming"), "%s", out);
	free(out);
	refused("-a bibfs -r 1 -w 0 -t 1.23456789 --prepare-limit 0.1 --resume",
		"--time-limit: 1.234567891 s on record, 1.23456789 s given");
}

/* C written by campaign_write with its text FROM replaced by TO, read
 * back into *BACK: campaign_read's return. */
static int read_edited(const campaign *c, const char *from, const char *to, campaign *back)
{
	char *text = NULL, *edited, *at, err[256];
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	json_doc doc;
	int rc;

	cr_assert_not_null(out);
	fputs("{\n", out);
	campaign_write(out, c);
	fputs("  \"end\": 0\n}\n", out);
	cr_assert_eq(fclose(out), 0);
	at = strstr(text, from);
	cr_assert_not_null(at, "'%s' not in %s", from, text);
	edited = malloc(len + strlen(to) + 1);
	cr_assert_not_null(edited);
	memcpy(edited, text, (size_t)(at - text));
	strcpy(edited + (at - text), to);
	strcat(edited, at + strlen(from));
	cr_assert_eq(json_parse(&doc, edited, strlen(edited), err, sizeof(err)), 0, "%s", err);
	rc = campaign_read(back, json_root(&doc), err, sizeof(err));
	json_release(&doc);
	free(edited);
	free(text);
	return rc;
}

/* Found by fuzz_meta: checksums were read by strtoull, which also takes
 * blanks, a sign and a 0x, so that "-8487af576991655" (16 characters)
 * was taken as 2^64 less 0x8487af576991655, a checksum bench never
 * wrote. */
Test(campaign, a_checksum_on_record_is_16_hex_digits)
{
	static const struct {
		const char *sum;
		bool ok;
	} cases[] = {
		{ "\"d55ff84994aa8f9c\"", true }, { "\"D55FF84994AA8F9C\"", true },
		{ "\"-8487af576991655\"", false }, { "\"+8487af576991655\"", false },
		{ "\" 8487af576991655\"", false }, { "\"0x487af576991655\"", false },
		{ "\"d55ff84994aa8f9\"", false },  { "\"d55ff84994aa8f9cc\"", false },
	};
	campaign c, back;

	campaign_init(&c);
	cr_assert_eq(campaign_add_dataset(&c, "w", 0), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = read_edited(&c, "\"0000000000000000\"", cases[i].sum, &back);

		cr_expect_eq(rc == 0, cases[i].ok, "checksum %s %s", cases[i].sum,
			     rc ? "refused" : "taken");
		if (!rc && cases[i].ok)
			cr_expect_eq(back.datasets[0].checksum, strtoull(cases[i].sum + 1, NULL, 16),
				     "%s read as %llx", cases[i].sum,
				     (unsigned long long)back.datasets[0].checksum);
		if (!rc)
			campaign_release(&back);
	}
	campaign_release(&c);
}

/* Found by fuzz_meta: limits were turned into nanoseconds by llround,
 * whose long long holds only those under 2^63: 10^10 s (10^19 ns, which
 * bench run -t takes) came back as another count, and so did any number
 * of seconds too large for 64 bits, which is refused now. */
Test(campaign, a_limit_over_2_to_the_63_nanoseconds_reads_back_and_one_past_2_to_the_64_is_refused)
{
	const uint64_t ns = 10000000000000000000u; /* 10^19 */
	campaign c, back;

	campaign_init(&c);
	c.time_limit_ns = ns;
	cr_assert_eq(read_edited(&c, "{", "{", &back), 0, "10^19 ns refused");
	cr_expect_eq(back.time_limit_ns, ns, "10^19 ns read back as %llu",
		     (unsigned long long)back.time_limit_ns);
	campaign_release(&back);
	c.time_limit_ns = 1;
	cr_expect_neq(read_edited(&c, "\"time_limit_s\": 1e-09", "\"time_limit_s\": 1e11", &back), 0,
		      "10^20 ns taken");
	cr_expect_neq(read_edited(&c, "\"time_limit_s\": 1e-09", "\"time_limit_s\": -1", &back), 0,
		      "-1 s taken");
	campaign_release(&c);
}
