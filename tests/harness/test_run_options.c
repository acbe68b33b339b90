/* The options run and verify share (run_options.h), and what they say
 * beside the rows: default limits (a minute a solve, half the memory)
 * printed, recorded and replaced by -t/-m, 0 meaning none; a memout the
 * system decides (ulimit -v) is 'memout' with a hint, not 'error'; a
 * pattern database built or loaded is said once, with where. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/support/support.h"

/* Half the machine's memory, as the default is sized (an outside figure:
 * the kernel's page count). */
static uint64_t half_the_memory(void)
{
	return (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE) / 2;
}

static char *dir;

static void setup(void)
{
	char *out;
	int rc;

	dir = ht_tempdir();
	cr_assert_not_null(dir);
	rc = ht_bench(&out, "gen --domain 8puzzle --method walk --length 10 --count 3 --seed 4 "
		      "-o %s/w.txt", dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
}

static void teardown(void)
{
	ht_remove(dir);
}

TestSuite(run_options, .init = setup, .fini = teardown);

/* The number after KEY ("\"key\": ") in TEXT, as a double. */
static double number_after(const char *text, const char *key)
{
	const char *p = strstr(text, key);

	cr_assert_not_null(p, "no %s in:\n%s", key, text);
	return strtod(p + strlen(key), NULL);
}

/* DIR/NAME/FILE (free() it). */
static char *output_file(const char *name, const char *file)
{
	char path[512], *text;

	snprintf(path, sizeof(path), "%s/%s/%s", dir, name, file);
	text = ht_read(path);
	cr_assert_not_null(text, "%s", path);
	return text;
}

/* 'bench run DIR/w.txt -a SOLVER -r 1 -w 0 OPTIONS -o DIR/NAME', which
 * must succeed and say WANT; its meta.json (free() it). */
static char *run_into(const char *name, const char *solver, const char *options,
		      const char *want)
{
	char *out;
	int rc = ht_bench(&out, "run %s/w.txt -a %s -r 1 -w 0 %s -o %s/%s", dir, solver, options, dir,
			  name);

	cr_assert_eq(rc, 0, "bench run %s: exit %d: %s", options, rc, out);
	cr_assert(strstr(out, want), "bench run %s does not say '%s': %s", options, want, out);
	free(out);
	return output_file(name, "meta.json");
}

Test(run_options, default_limits_are_printed_recorded_and_replaced_by_the_options)
{
	char *out, *meta;
	double mem;
	int rc;

	meta = run_into("d", "bibfs", "", "bench run: limits: 60 s a solve (the default), ");
	cr_assert_eq(number_after(meta, "\"time_limit_s\": "), 60.0, "%s", meta);
	cr_assert(strstr(meta, "\"time_limit_default\": true") &&
		  strstr(meta, "\"mem_limit_default\": true"), "%s", meta);
	mem = number_after(meta, "\"mem_limit_bytes\": ");
	cr_assert(mem > 0 && mem <= (double)half_the_memory(),
		  "the default memory limit %.0f is not within half the memory (%" PRIu64 ")", mem,
		  half_the_memory());
	free(meta);
	/* how the default was sized, and what 0 does */
	free(run_into("d2", "bibfs", "", "-t 0, -m 0: none\n"));
	free(run_into("d3", "bibfs", "-t 1", mem == (double)half_the_memory()
		      ? "(the default: half the memory)" : "(the default: the memory available)"));
	/* given: in force, and not the default */
	meta = run_into("g", "bibfs", "-t 2.5 -m 64M", "limits: 2.5 s a solve, 64.0 MiB;");
	cr_assert_eq(number_after(meta, "\"time_limit_s\": "), 2.5);
	cr_assert_eq(number_after(meta, "\"mem_limit_bytes\": "), 64.0 * 1024 * 1024);
	cr_assert(strstr(meta, "\"time_limit_default\": false") &&
		  strstr(meta, "\"mem_limit_default\": false"), "%s", meta);
	free(meta);
	/* 0: none */
	meta = run_into("n", "bibfs", "-t 0 -m 0", "limits: no time limit, no memory limit");
	cr_assert_eq(number_after(meta, "\"time_limit_s\": "), 0.0);
	cr_assert_eq(number_after(meta, "\"mem_limit_bytes\": "), 0.0);
	free(meta);
	/* verify says its limits too */
	rc = ht_bench(&out, "verify %s/w.txt -a bibfs -t 7", dir);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "bench verify: limits: 7 s a solve, "), "%s", out);
	free(out);
}

/* A small explicit memory limit ends a solve that the default lets run:
 * the same solve, the one a memout, the other answered. */
Test(run_options, an_explicit_limit_takes_the_default_s_place)
{
	char *runs;

	free(run_into("small", "bfs-hash", "-m 4K", "limits: "));
	runs = output_file("small", "runs.csv");
	cr_assert_eq(ht_count_lines(runs, "w,w10-1,bfs-hash,-,1,solve,memout,"), 1, "%s", runs);
	free(runs);
	free(run_into("big", "bfs-hash", "", "limits: "));
	runs = output_file("big", "runs.csv");
	cr_assert_eq(ht_count_lines(runs, "w,w10-1,bfs-hash,-,1,solve,ok,"), 1, "%s", runs);
	free(runs);
}

#if !(defined(PB_SANITIZED) && PB_SANITIZED)
/* Address space for bench (as 'ulimit -v' sets it): room for bench, too
 * little for a breadth-first search of a far 15-puzzle walk (it holds
 * 475 MiB when refused). */
#define ADDRESS_SPACE_BYTES (400ULL << 20)

/* Run bench with ARGV (after the program's name; NULL-terminated) under
 * an address-space limit of ADDRESS_SPACE_BYTES, as 'sh -c "ulimit -v N;
 * exec bench ..."' would; standard output and error into *OUT (free()
 * it). Returns the exit status. */
static int bench_limited(char **out, const char *const *argv)
{
	char path[512];
	const char *args[16] = { PB_BENCH };
	int status, n = 1;
	pid_t pid;

	while (*argv && n < 15)
		args[n++] = *argv++;
	snprintf(path, sizeof(path), "%s/limited.out", dir);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (!pid) {
		struct rlimit rl = { .rlim_cur = ADDRESS_SPACE_BYTES, .rlim_max = ADDRESS_SPACE_BYTES };

		if (!freopen(path, "w", stdout) || dup2(fileno(stdout), STDERR_FILENO) < 0 ||
		    setrlimit(RLIMIT_AS, &rl))
			_exit(126);
		execv(PB_BENCH, (char *const *)args);
		_exit(127);
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	*out = ht_read(path);
	cr_assert_not_null(*out);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Test(run_options, the_system_refusing_memory_is_memout_with_a_hint)
{
	char far[512], outdir[512], *out, *runs;
	/* no meter limit: only the system can refuse */
	const char *const run[] = { "run", far, "-a", "bfs-hash", "-r", "1", "-w", "0", "-m", "0",
				    "-t", "60", "-o", outdir, NULL };
	const char *const verify[] = { "verify", far, "-a", "bfs-hash", "-m", "0", NULL };
	int rc;

	snprintf(far, sizeof(far), "%s/far.txt", dir);
	snprintf(outdir, sizeof(outdir), "%s/u", dir);
	rc = ht_bench(&out, "gen --domain 15puzzle --method walk --length 60 --count 1 --seed 2 "
		      "-o %s", far);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = bench_limited(&out, run);
	cr_assert_eq(rc, 0, "%s", out);
	cr_assert(strstr(out, "(ulimit -v)"), "the limits line names the system's limit: %s", out);
	cr_assert(strstr(out, "note: 'bfs-hash' on 'far': the system refused memory: ulimit -v?"),
		  "%s", out);
	free(out);
	runs = output_file("u", "runs.csv");
	cr_assert_eq(ht_count_lines(runs, "far,w60-1,bfs-hash,-,1,solve,memout,"), 1, "%s", runs);
	free(runs);
	rc = bench_limited(&out, verify);
	cr_assert_eq(rc, 1, "%s", out);
	cr_assert(strstr(out, "bfs-hash         memout (the system refused memory: ulimit -v?)"),
		  "verify's report: %s", out);
	free(out);
}
#else
Test(run_options, the_system_refusing_memory_is_memout_with_a_hint)
{
	cr_skip_test("AddressSanitizer reserves more address space than ulimit -v allows");
}
#endif

/* Lines of TEXT that hold NEEDLE. */
static size_t lines_with(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* 'bench COMMAND' with pdb555 and manhattan for two solvers over DIR/w15.txt
 * says once that the databases were DONE ("built and saved", "loaded")
 * in DIR/cache. */
static void says_once(const char *command, const char *done)
{
	char want[1024], *out;
	int rc = ht_bench(&out, "%s %s/w15.txt -a idastar,astar --heuristic pdb555,manhattan "
			  "--pdb-cache %s/cache%s%s", command, dir, dir, strcmp(command, "run") ? "" :
			  " -r 1 -w 0 -o ", strcmp(command, "run") ? "" : dir);

	cr_assert_eq(rc, 0, "bench %s: exit %d: %s", command, rc, out);
	snprintf(want, sizeof(want), "bench %s: pdb555 for '15puzzle': %s 3 pattern databases in "
		 "'%s/cache' (", command, done, dir);
	cr_assert(strstr(out, want), "want '%s' in: %s", want, out);
	cr_assert_eq(lines_with(out, "pattern database"), 1, "said once: %s", out);
	free(out);
}

Test(run_options, a_pattern_database_built_or_loaded_is_said_once_with_where)
{
	char *out;
	int rc;

	rc = ht_bench(&out, "gen --domain 15puzzle --method walk --length 12 --count 2 --seed 3 "
		      "-o %s/w15.txt", dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	/* two solvers, one database: built once, said once; then loaded */
	says_once("run", "built and saved");
	says_once("verify", "loaded");
}

/* A partition in a --heuristic list keeps its commas ('pdb:1,2/3-5' is one
 * heuristic, the name after it another) and is its own series, named as
 * given in runs.csv (quoted there: it holds commas). */
Test(run_options, a_partition_in_a_heuristic_list_is_one_series)
{
	char path[512], *out, *runs;
	int rc;

	rc = ht_bench(&out, "gen --domain 8puzzle --method walk --length 14 --count 2 --seed 5 "
		      "-o %s/w8.txt", dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/w8.txt -a idastar --heuristic pdb:1,2/3-5,manhattan "
		      "--pdb-cache %s/cache -r 1 -w 0 -o %s/parts", dir, dir, dir);
	cr_assert_eq(rc, 0, "bench run: exit %d: %s", rc, out);
	free(out);
	snprintf(path, sizeof(path), "%s/parts/runs.csv", dir);
	runs = ht_read(path);
	cr_assert_not_null(runs, "%s", path);
	cr_assert_eq(ht_count_lines(runs, "w8,-,idastar,\"pdb:1,2/3-5\",1,prepare,ok,"), 1, "%s", runs);
	cr_assert_eq(ht_count_lines(runs, "w8,-,idastar,manhattan,1,prepare,"), 1, "%s", runs);
	cr_assert_eq(ht_count_lines(runs, "w8,"), 6, "two series of a preparation and two solves: %s",
		     runs);
	free(runs);
}


/* --instances (ids and ranges) and --limit run part of each dataset, are
 * recorded in meta.json, and a resume with other values is refused as
 * other run options are; bad values are bad usage. */
Test(run_options, instances_and_limit_run_part_of_a_dataset)
{
	char *meta = run_into("part", "bfs-hash", "--instances w10-3,w10-1-w10-2 --limit 2", "limits:");
	char *csv = output_file("part", "runs.csv"), *out;
	int rc;

	/* the file's order, cut to two: w10-1 and w10-2, not w10-3 */
	cr_expect(ht_count_lines(csv, "w,w10-1,bfs-hash,-,1,solve,ok,") == 1 &&
		  ht_count_lines(csv, "w,w10-2,bfs-hash,-,1,solve,ok,") == 1 &&
		  ht_count_lines(csv, "w,w10-3,") == 0, "%s", csv);
	cr_expect(strstr(meta, "\"instances\": \"w10-3,w10-1-w10-2\"") && strstr(meta, "\"limit\": 2"), "%s",
		  meta);
	free(csv);
	free(meta);
	rc = ht_bench(&out, "run %s/w.txt -a bfs-hash -r 1 -w 0 --instances w10-3,w10-1-w10-2 -o %s/part "
		      "--resume", dir, dir);
	cr_expect_eq(rc, 2, "%s", out);
	cr_expect(strstr(out, "--limit: 2 on record, none given"), "%s", out);
	free(out);
	rc = ht_bench(&out, "run %s/w.txt -a bfs-hash -r 1 -w 0 --instances w10-3,w10-1-w10-2 --limit 2 -o "
		      "%s/part --resume", dir, dir);
	cr_expect_eq(rc, 0, "the same part does not resume: %s", out);
	free(out);
	rc = ht_bench(&out, "run %s/w.txt -a bfs-hash --instances w9 -o %s/bad", dir, dir);
	cr_expect_eq(rc, 2, "%s", out);
	cr_expect(strstr(out, "bench run: --instances: no instance 'w9' in 'w'"), "%s", out);
	free(out);
	rc = ht_bench(&out, "verify %s/w.txt -a bfs-hash --limit x", dir);
	cr_expect_eq(rc, 2, "%s", out);
	cr_expect(strstr(out, "bench verify: --limit 'x' is not a count"), "%s", out);
	free(out);
	rc = ht_bench(&out, "verify %s/w.txt -a bfs-hash,idastar --limit 1", dir);
	cr_expect_eq(rc, 0, "%s", out);
	free(out);
}
