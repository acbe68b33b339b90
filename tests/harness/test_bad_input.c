/* Bad input wherever a user can give it, through the bench command: dataset
 * files (malformed, binary, huge, missing), options of every subcommand,
 * sizes and durations, puzzles on standard input. Each must give exit
 * status 2, a message naming the file, line and what is wrong, and leave no
 * output behind. CRLF, blank lines and comments are not errors. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>

#include "tests/support/support.h"

#define HEAD "# puzzlebench dataset\n# format: 1\n# domain: 8puzzle\n# goal: 1 2 3 4 5 6 7 8 x\n"
/* Longer than any line a dataset reader takes. */
#define HUGE_LINE_BYTES (1 << 20)

TestSuite(bad_input, .init = ht_suite_init, .fini = ht_suite_fini);

/* Whether NAME is in the test directory. */
static bool exists(const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", ht_dir, name);
	return ht_exists(path);
}

/* Whether directory PATH holds a temporary file (NAME.tmp.PID). */
static bool has_temporary(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	bool found = false;

	cr_assert_not_null(d);
	while ((e = readdir(d)))
		found |= strstr(e->d_name, ".tmp.") != NULL;
	closedir(d);
	return found;
}

/* 'bench run' on dataset NAME must fail with exit 2 and WANT in its
 * message, and write nothing. */
static void run_rejects(const char *name, const char *want)
{
	char *out;
	int rc = ht_bench(&out, "run %s/%s -a bfs-hash -r 1 -w 0 -o %s/out", ht_dir, name, ht_dir);

	cr_assert_eq(rc, 2, "dataset '%s': exit %d: %s", name, rc, out);
	cr_assert(strstr(out, want), "dataset '%s': want '%s' in: %s", name, want, out);
	cr_assert_not(exists("out/runs.csv"), "dataset '%s': runs.csv left behind", name);
	free(out);
}

Test(bad_input, malformed_datasets_name_file_and_line)
{
	static const struct {
		const char *name, *text, *want;
	} cases[] = {
		{ "no-header.txt", "a\t1 2 3 4 5 6 7 8 x\t0\n", "no-header.txt:1: no 'format' header" },
		{ "format.txt", "# format: 9\n# domain: 8puzzle\na\t1 2 3 4 5 6 7 8 x\t0\n",
		  "format.txt:1: format '9'" },
		{ "domain.txt", "# format: 1\n# domain: 99puzzle\na\t1 2 3 4 5 6 7 8 x\t0\n",
		  "domain.txt:2: unknown domain '99puzzle'" },
		{ "tabs.txt", HEAD "a 1 2 3 4 5 6 7 8 x 0\n", "tabs.txt:5: want 'id<TAB>state<TAB>reference'" },
		{ "count.txt", HEAD "a\t1 2 3 4 5 6 7 8\t0\n", "count.txt:5: instance 'a':" },
		{ "repeat.txt", HEAD "a\t1 1 3 4 5 6 7 8 x\t0\n", "repeat.txt:5: instance 'a':" },
		{ "junk.txt", HEAD "a\t1 2 3 4 5 6 7 8 q\t0\n", "junk.txt:5: instance 'a':" },
		{ "ref.txt", HEAD "a\t1 2 3 4 5 6 7 8 x\tfast\n", "ref.txt:5: reference 'fast'" },
		{ "parity.txt", HEAD "a\t2 1 3 4 5 6 7 8 x\t4\n", "parity.txt:5: instance 'a': reference 4" },
		{ "dup.txt", HEAD "a\t1 2 3 4 5 6 7 8 x\t0\n\nb\t1 2 3 4 5 6 7 x 8\t1\na\t1 2 3 4 5 6 x 7 8\t2\n",
		  "dup.txt:8: instance id 'a' already used on line 5" },
		{ "empty.txt", "", "empty.txt: no instances" },
		{ "only-header.txt", HEAD, "only-header.txt: no instances" },
		{ "control.txt", HEAD "a\t1 2 3 4 5 6 7 8 x\t0\x1b[2J\n", "control.txt:5: control byte 0x1b" },
		{ "nul.txt", HEAD "a\t1 2 3\0 4 5 6 7 8 x\t0\n", "" },
		{ "twice.txt", HEAD "# domain: 15puzzle\n", "twice.txt:5: header 'domain' given twice" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ht_write_in(ht_dir, cases[i].name, cases[i].text);
		run_rejects(cases[i].name, cases[i].want);
	}
}

Test(bad_input, binary_huge_missing_and_directory)
{
	char path[512], *huge = malloc(HUGE_LINE_BYTES + 1);
	FILE *f;

	cr_assert_not_null(huge);
	/* a NUL byte in the middle of a line: a binary file */
	snprintf(path, sizeof(path), "%s/bin.txt", ht_dir);
	f = fopen(path, "wb");
	cr_assert_not_null(f);
	fwrite(HEAD "a\t1 2\0003 4", 1, strlen(HEAD) + 9, f);
	fclose(f);
	run_rejects("bin.txt", "bin.txt:5: NUL byte in column 6 (a binary file?)");
	memset(huge, '1', HUGE_LINE_BYTES);
	huge[HUGE_LINE_BYTES] = '\0';
	ht_write_in(ht_dir, "huge.txt", huge);
	run_rejects("huge.txt", "huge.txt:1: line longer than");
	free(huge);
	run_rejects("missing.txt", "missing.txt: No such file or directory");
	snprintf(path, sizeof(path), "%s/adir", ht_dir);
	cr_assert_eq(mkdir(path, 0777), 0);
	run_rejects("adir", "adir");
}

Test(bad_input, crlf_blank_lines_and_comments_are_fine)
{
	char *out;
	int rc;

	ht_write_in(ht_dir, "ok.txt", "# puzzlebench dataset\r\n# format: 1\r\n# domain: 8puzzle\r\n"
		   "# goal: 1 2 3 4 5 6 7 8 x\r\n\r\n  \t\r\n# a comment\r\n"
		   "a\t1 2 3 4 5 6 7 x 8\t1\r\n\r\n# another: not a header now\r\n"
		   "b\t1 2 3 4 5 6 7 8 x\t0\r\n");
	rc = ht_bench(&out, "run %s/ok.txt -a bfs-hash -r 1 -w 0 -o %s/out", ht_dir, ht_dir);
	cr_assert_eq(rc, 0, "CRLF dataset: %s", out);
	cr_assert(strstr(out, "2/2"), "both instances solved: %s", out);
	free(out);
}

/* ARGS with each '@' replaced by the test directory, and (WRITES) with
 * "-o DIR/out" after the subcommand's name. */
static void with_dir(char *buf, size_t size, const char *args, bool writes)
{
	size_t n = 0, len = strlen(ht_dir);

	for (const char *p = args; *p && n + len + 16 < size; p++) {
		if (*p == '@') {
			memcpy(buf + n, ht_dir, len);
			n += len;
		} else if (*p == ' ' && writes) {
			n += (size_t)snprintf(buf + n, size - n, " -o %s/out ", ht_dir);
			writes = false;
		} else {
			buf[n++] = *p;
		}
	}
	buf[n] = '\0';
	if (writes && n + len + 16 < size)
		snprintf(buf + n, size - n, " -o %s/out", ht_dir);
}

Test(bad_input, options_of_every_subcommand)
{
	static const struct {
		const char *args, *want;
	} cases[] = {
		{ "nosuch", "unknown command 'nosuch'" },
		{ "run --bogus x.txt", "bench run: unknown option '--bogus'" },
		{ "run x.txt -a", "option '-a' needs a value" },
		{ "run", "no dataset given" },
		{ "run @/d.txt -a nosuch", "unknown solver 'nosuch'" },
		{ "run @/d.txt --heuristic nosuch", "unknown heuristic 'nosuch'" },
		{ "run @/d.txt -r 0", "--repeat '0'" },
		{ "run @/d.txt -r 5x", "--repeat '5x'" },
		{ "run @/d.txt -w -1", "--warmup '-1'" },
		{ "run @/d.txt -m 12Q", "--mem-limit '12Q' is not a size" },
		{ "run @/d.txt -m 1.5.5G", "--mem-limit '1.5.5G'" },
		{ "run @/d.txt -m 99999999999999999999G", "--mem-limit '99999999999999999999G'" },
		{ "run @/d.txt -m ''", "--mem-limit ''" },
		{ "run @/d.txt -t abc", "--time-limit 'abc' is not a duration" },
		{ "run @/d.txt -t -1", "--time-limit '-1'" },
		{ "run @/d.txt -t nan", "--time-limit 'nan'" },
		{ "run @/d.txt --prepare-limit 1e999", "--prepare-limit '1e999'" },
		{ "run @/d.txt --resume --force", "not both" },
		{ "gen --bogus", "bench gen: unknown option '--bogus'" },
		{ "gen --count 0", "--count '0'" },
		{ "gen --domain tiles9x9", "unknown domain 'tiles9x9'" },
		{ "gen --method nosuch", "nosuch" },
		{ "gen --length x", "--length 'x'" },
		{ "gen --seed -1", "--seed '-1'" },
		{ "verify --bogus", "bench verify: unknown option '--bogus'" },
		{ "verify @/d.txt -m 1Z", "--mem-limit '1Z'" },
		{ "compare", "want two run directories" },
		{ "compare --threshold -3 a b", "--threshold '-3'" },
		{ "compare @/none1 @/none2", "none1/runs.csv: No such file" },
		{ "plot", "which run?" },
		{ "solve --bogus", "bench solve: unknown option '--bogus'" },
		{ "solve -a", "bench solve: option '-a' needs a value" },
		{ "solve --domain nosuch", "unknown domain 'nosuch'" },
		{ "solve extra", "unexpected argument 'extra'" },
		{ "list --bogus", "bench list: unknown option '--bogus'" },
		{ "merge --bogus", "bench merge: unknown option '--bogus'" },
	};

	ht_write_in(ht_dir, "d.txt", HEAD "a\t1 2 3 4 5 6 7 x 8\t1\n");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char args[1024], *out;
		bool writes = !strncmp(cases[i].args, "run", 3) || !strncmp(cases[i].args, "gen", 3);
		int rc;

		with_dir(args, sizeof(args), cases[i].args, writes);
		rc = ht_bench(&out, "%s </dev/null", args);
		cr_assert_eq(rc, 2, "'bench %s': exit %d: %s", args, rc, out);
		cr_assert(strstr(out, cases[i].want), "'bench %s': want '%s' in: %s", args,
			  cases[i].want, out);
		cr_assert_not(exists("out"), "'bench %s' left output", args);
		free(out);
	}
}

Test(bad_input, gen_leaves_no_partial_file)
{
	char *out;
	int rc;

	rc = ht_bench(&out, "gen --count 0 -o %s/g.txt", ht_dir);
	cr_assert_eq(rc, 2, "%s", out);
	free(out);
	cr_assert_not(exists("g.txt"), "a rejected gen wrote its file");
	rc = ht_bench(&out, "gen -o %s/no/such/dir/g.txt", ht_dir);
	cr_assert_eq(rc, 2, "%s", out);
	cr_assert(strstr(out, "no/such/dir/g.txt: cannot write"), "names the file asked for: %s", out);
	free(out);
	cr_assert_not(has_temporary(ht_dir), "a temporary file left in %s", ht_dir);
}

Test(bad_input, puzzles_on_standard_input)
{
	char path[512], *out;
	int rc;

	ht_write_in(ht_dir, "in.txt", "1 2 3\n\n1 2 3 x 4 6 7 5 8\r\n1 1 3 x 4 6 7 5 8\nfoo\n"
		   "1 2 3 4 5 6 7 8 9\n1 2 3 \x1b[2J 4\n1 2 3 4 5 6 7 x 8\n");
	snprintf(path, sizeof(path), "%s/in.txt", ht_dir);
	rc = ht_bench(&out, "solve < '%s'", path);
	cr_assert_eq(rc, 2, "%s", out);
	cr_assert(strstr(out, "line 1: "), "wrong count: %s", out);
	cr_assert(strstr(out, "line 3: tile 1 appears twice") || strstr(out, "line 4: tile 1"),
		  "repeated tile: %s", out);
	cr_assert(strstr(out, "'foo'"), "junk: %s", out);
	cr_assert(strstr(out, "control byte 0x1b"), "escape sequence: %s", out);
	cr_assert_null(strchr(out, '\x1b'), "no control byte echoed: %s", out);
	cr_assert(strstr(out, "rdr\n"), "the good puzzle answered: %s", out);
	cr_assert_eq(ht_count_lines(out, "r\n") + ht_count_lines(out, "rdr\n"), 2,
		     "both good puzzles answered: %s", out);
	free(out);
}
