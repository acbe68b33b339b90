/* Domains from plugins (plugin ABI 3), through every command a user runs:
 * TopSpin's odd arrangements 'unsolvable' from every solver at once, the
 * four-peg Towers of Hanoi in the Frame-Stewart numbers of moves (optimal
 * for four pegs: T. Bousch, "La quatrième tour de Hanoï", Bull. Belg.
 * Math. Soc. 21 (2014)), the 8-puzzle written as a plugin answering the
 * built-in dataset's references, and gen, verify, solve and check on a
 * plugin's domain. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/support.h"

TestSuite(domain_plugin, .init = ht_suite_init, .fini = ht_suite_fini);

#define NS_PER_S 1000000000ULL

/* 'bench ARGS' (formatted as printf does) must exit 0; WHAT names it in
 * the failure. */
static void bench_ok(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void bench_ok(const char *what, const char *fmt, ...)
{
	char args[4096], *out = NULL;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(args, sizeof(args), fmt, ap);
	va_end(ap);
	rc = ht_bench(&out, "%s", args);
	cr_assert_eq(rc, 0, "%s: exit %d:\n%s", what, rc, out);
	free(out);
}

/* The fields of a runs.csv line: FIELD[0..n), pointing into LINE (which
 * is cut at the commas). Returns how many. */
static int split_row(char *line, char **field, int max)
{
	int n = 0;

	for (char *p = line; n < max; p++) {
		field[n++] = p;
		p = strchr(p, ',');
		if (!p)
			break;
		*p = '\0';
	}
	return n;
}

/* runs.csv's columns (harness/report/runs.h's order). */
enum { COL_ALGORITHM = 2, COL_PHASE = 5, COL_STATUS = 6, COL_LENGTH = 7, COL_WALL = 11,
       COLUMNS = 16 };

/* Every solver, on an odd arrangement of TopSpin (4 tokens turned: two
 * swaps a move, so only the even arrangements are reached), and on one of
 * topspin-10-5 with two tokens on positions of the other parity (a turn of
 * 5 on a ring of 10 keeps each token's position parity): 'unsolvable',
 * each within a second, the preparations apart. */
Test(domain_plugin, topspin_odd_arrangements_are_unsolvable_at_once)
{
	char path[1200], out_dir[1024], *out = NULL, *csv, *line, *save;
	int rc, rows = 0;

	snprintf(path, sizeof(path), "%s/odd.txt", ht_dir);
	ht_write(path, "# puzzlebench dataset\n# format: 1\n# domain: topspin-8-4\n"
		       "odd\t2 1 3 4 5 6 7 8\tunsolvable\n"
		       "odd2\t1 2 3 4 5 6 8 7\tunsolvable\n");
	ht_write_in(ht_dir, "parity.txt", "# puzzlebench dataset\n# format: 1\n# domain: topspin-10-5\n"
				       "swapped\t2 1 3 4 5 6 7 8 9 10\tunsolvable\n");
	snprintf(out_dir, sizeof(out_dir), "%s/run", ht_dir);
	rc = ht_bench(&out, "run %s %s/parity.txt -a bfs-hash,bfs-cantor,reverse-table,bibfs,astar,"
		      "idastar,nbs --heuristic zero,breakpoints,pdb -r 1 -w 0 -t 20 --plugin '%s' -o %s",
		      path, ht_dir, PB_TOPSPIN_PLUGIN, out_dir);
	cr_assert_eq(rc, 0, "exit %d:\n%s", rc, out);
	free(out);
	snprintf(path, sizeof(path), "%s/runs.csv", out_dir);
	csv = ht_read(path);
	cr_assert_not_null(csv);
	strtok_r(csv, "\n", &save); /* the header */
	while ((line = strtok_r(NULL, "\n", &save))) {
		char *f[COLUMNS];

		cr_assert_eq(split_row(line, f, COLUMNS), COLUMNS, "a short row");
		if (strcmp(f[COL_PHASE], "solve"))
			continue;
		rows++;
		cr_assert_str_eq(f[COL_STATUS], "unsolvable", "%s: %s", f[COL_ALGORITHM], f[COL_STATUS]);
		cr_assert_lt(strtoull(f[COL_WALL], NULL, 10), NS_PER_S, "%s took %s ns",
			     f[COL_ALGORITHM], f[COL_WALL]);
	}
	/* the four blind solvers once, astar and idastar with each of three
	 * heuristics, nbs with zero: 4 + 6 + 1 units, three instances */
	cr_assert_eq(rows, 3 * 11, "%d rows", rows);
	free(csv);
}

/* From every disc on peg 0: 1, 3, 5, 9, 13, 17, 25, 33, 41, 49 moves for
 * 1..10 discs, by A* with the plugin's pattern databases and by
 * bidirectional breadth-first search; each answer replayed by the run. */
Test(domain_plugin, hanoi_takes_the_frame_stewart_numbers, .timeout = 600)
{
	static const int frame_stewart[] = { 1, 3, 5, 9, 13, 17, 25, 33, 41, 49 };
	char path[1200], out_dir[1024], text[512], *out = NULL, *csv, *line, *save;

	for (int n = 1; n <= (int)(sizeof(frame_stewart) / sizeof(frame_stewart[0])); n++) {
		int used, rc, rows = 0;

		used = snprintf(text, sizeof(text), "# puzzlebench dataset\n# format: 1\n"
			       "# domain: hanoi4-%d\nall-on-0\t", n);
		for (int d = 0; d < n; d++)
			used += snprintf(text + used, sizeof(text) - (size_t)used, "%s0", d ? " " : "");
		snprintf(text + used, sizeof(text) - (size_t)used, "\t%d\n", frame_stewart[n - 1]);
		snprintf(path, sizeof(path), "%s/hanoi%d.txt", ht_dir, n);
		ht_write(path, text);
		snprintf(out_dir, sizeof(out_dir), "%s/hanoi%d", ht_dir, n);
		rc = ht_bench(&out, "run %s -a astar,bibfs --heuristic pdb -r 1 -w 0 --plugin '%s' -o %s",
			      path, PB_HANOI4_PLUGIN, out_dir);
		cr_assert_eq(rc, 0, "hanoi4-%d: exit %d:\n%s", n, rc, out);
		free(out);
		snprintf(path, sizeof(path), "%s/runs.csv", out_dir);
		csv = ht_read(path);
		strtok_r(csv, "\n", &save);
		while ((line = strtok_r(NULL, "\n", &save))) {
			char *f[COLUMNS];

			cr_assert_eq(split_row(line, f, COLUMNS), COLUMNS, "a short row");
			if (strcmp(f[COL_PHASE], "solve"))
				continue;
			rows++;
			cr_assert_str_eq(f[COL_STATUS], "ok", "hanoi4-%d %s: %s", n, f[COL_ALGORITHM],
					 f[COL_STATUS]);
			cr_assert_eq(atoi(f[COL_LENGTH]), frame_stewart[n - 1], "hanoi4-%d %s: %s moves", n,
				     f[COL_ALGORITHM], f[COL_LENGTH]);
		}
		cr_assert_eq(rows, 2, "hanoi4-%d: %d rows", n, rows);
		free(csv);
	}
}

/* The 8-puzzle written as a plugin, on the built-in 8-puzzle's dataset
 * relabelled for it (the blank 'x' written 0): every answer as long as
 * the published-distribution-checked reference, by A* and IDA* with the
 * plugin's own Manhattan distance (same name as the built-in one; the
 * plugin's serves its domain). */
Test(domain_plugin, the_8puzzle_as_a_plugin_answers_the_references)
{
	char *text = ht_read(PB_SOURCE_DIR "/datasets/8puzzle-depth.txt"), *out = NULL;
	char path[1024], out_dir[1024];
	size_t n = strlen(text);
	char *relabelled = malloc(2 * n + 64), *w = relabelled;
	int rc;

	cr_assert_not_null(text);
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);

		if (!strncmp(line, "# domain: ", 10))
			w += sprintf(w, "# domain: p8puzzle");
		else if (!strncmp(line, "# goal: ", 8))
			w += sprintf(w, "# goal: 1 2 3 4 5 6 7 8 0");
		else
			for (size_t i = 0; i < len; i++)
				*w++ = line[0] != '#' && line[i] == 'x' ? '0' : line[i];
		*w++ = '\n';
		line += len + (end ? 1 : 0);
	}
	*w = '\0';
	snprintf(path, sizeof(path), "%s/p8.txt", ht_dir);
	ht_write(path, relabelled);
	snprintf(out_dir, sizeof(out_dir), "%s/p8", ht_dir);
	rc = ht_bench(&out, "run %s -a astar,idastar,bfs-cantor --heuristic manhattan -r 1 -w 0 "
		      "--plugin '%s' -o %s", path, PB_P8PUZZLE_PLUGIN, out_dir);
	cr_assert_eq(rc, 0, "exit %d:\n%s", rc, out);
	cr_assert(strstr(out, "astar/manhattan          149/149"), "%s", out);
	cr_assert(strstr(out, "idastar/manhattan        149/149"), "%s", out);
	free(out);
	free(text);
	free(relabelled);
}

/* gen makes a dataset of a plugin's domain (by depth, from the distances
 * the rank gives), verify agrees with it, solve answers a puzzle and check
 * grades the answers. */
Test(domain_plugin, gen_verify_solve_and_check)
{
	char *out = NULL, path[1024], answers[1024], puzzles[1024];

	snprintf(path, sizeof(path), "%s/ts.txt", ht_dir);
	bench_ok("gen", "gen -d topspin-7-4 -m depth --per-depth 2 -s 5 --plugin '%s' -o %s",
		 PB_TOPSPIN_PLUGIN, path);
	bench_ok("verify", "verify %s -a bfs-hash,bibfs,astar,idastar,reverse-table --heuristic "
		 "breakpoints --plugin '%s'", path, PB_TOPSPIN_PLUGIN);
	/* a walk, then puzzles answered and graded */
	snprintf(path, sizeof(path), "%s/hw.txt", ht_dir);
	bench_ok("gen walk", "gen -d hanoi4-5 -m walk -l 12 -n 4 -s 2 --plugin '%s' -o %s",
		 PB_HANOI4_PLUGIN, path);
	bench_ok("solve of nothing", "solve --domain hanoi4-5 -a astar --plugin '%s' < /dev/null",
		 PB_HANOI4_PLUGIN);
	snprintf(puzzles, sizeof(puzzles), "%s/puzzles.txt", ht_dir);
	snprintf(answers, sizeof(answers), "%s/answers.txt", ht_dir);
	ht_write(puzzles, "0 0 0 0 0\n1 2 3 0 3\n");
	bench_ok("solve", "solve --domain hanoi4-5 -a astar --plugin '%s' < %s > %s",
		 PB_HANOI4_PLUGIN, puzzles, answers);
	out = ht_read(answers);
	/* FS(5) = 13 moves of two characters each, between blanks */
	cr_assert_not_null(out);
	cr_assert_eq(strchr(out, '\n') - out, 13 * 3 - 1, "the first answer: %s", out);
	free(out);
	snprintf(path, sizeof(path), "%s/two.txt", ht_dir);
	ht_write(path, "# puzzlebench dataset\n# format: 1\n# domain: hanoi4-5\n"
		       "a\t0 0 0 0 0\t13\nb\t1 2 3 0 3\t-\n");
	bench_ok("check", "check %s %s --plugin '%s'", path, answers, PB_HANOI4_PLUGIN);
}

/* A plugin's domain in a file that names no plugin: the reader says which
 * domain it does not know, at its line. */
Test(domain_plugin, a_plugin_domain_without_its_plugin_is_refused)
{
	char *out = NULL, path[1024];
	int rc;

	snprintf(path, sizeof(path), "%s/ts.txt", ht_dir);
	ht_write(path, "# puzzlebench dataset\n# format: 1\n# domain: topspin-8-4\n"
		       "a\t1 2 3 4 5 6 7 8\t0\n");
	rc = ht_bench(&out, "run %s -a idastar -o %s/none", path, ht_dir);
	cr_assert_eq(rc, 2, "exit %d:\n%s", rc, out);
	cr_assert(strstr(out, "ts.txt:3: unknown domain 'topspin-8-4'"), "%s", out);
	free(out);
}

/* An outside program in the line protocol serves a plugin's domain as it
 * serves any: here bench solve itself, fed the puzzles as the cells'
 * numbers and answering move names between blanks, every answer ok. */
Test(domain_plugin, an_outside_program_serves_a_plugin_domain)
{
	char *out = NULL, path[1200], dir[1200];
	int rc;

	snprintf(path, sizeof(path), "%s/h5.txt", ht_dir);
	bench_ok("gen", "gen -d hanoi4-5 -m depth --per-depth 1 -s 4 --plugin '%s' -o %s",
		 PB_HANOI4_PLUGIN, path);
	snprintf(dir, sizeof(dir), "%s/ext", ht_dir);
	rc = ht_bench(&out, "run %s -a bibfs --plugin '%s' --solver \"ext=%s solve -d hanoi4-5 -a "
		      "bibfs --plugin %s\" -r 1 -w 0 -o %s", path, PB_HANOI4_PLUGIN, PB_BENCH,
		      PB_HANOI4_PLUGIN, dir);
	cr_assert_eq(rc, 0, "run: exit %d:\n%s", rc, out);
	cr_assert(strstr(out, "  ext ") && !strstr(out, "wrong answers"), "%s", out);
	free(out);
}
