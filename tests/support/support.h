/* What the tests share, in one place (tests/support/support.c, linked into
 * every test). Test code only: the functions fail the running Criterion
 * test with a message where something they need goes wrong.
 *
 * ht_: processes and files (temporary directories, the built bench, the
 *      files it writes, runner rows, usage checks).
 * it_: domains, states and solvers (a prepared solver, each answer checked
 *      against the distances of one breadth-first search), arrangements,
 *      and the published distributions of ../shared/data.
 * (The prefixes are those of the headers this file replaces,
 * tests/harness/harness_test.h and tests/solvers/solver_test.h.) */
#ifndef PB_TEST_SUPPORT_H
#define PB_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "algorithms/puzzles/domain.h"
#include "algorithms/solvers/solver.h"
#include "harness/engine/runner.h"
#include "harness/io/dataset.h"

/* Sanitizer builds run several times slower: samples grow sparser by this
 * (their errors show on a few states of each kind; the release build takes
 * the dense samples). 16 since issue 31: CI must stay under 20 minutes. */
#ifdef PB_SANITIZED
#define SLOWDOWN 16
#else
#define SLOWDOWN 1
#endif

/* The shared folder beside the source tree: published data (data/) and
 * the classic programs (baselines/). */
#define IT_SHARED PB_SHARED_DIR "/"

/* PATH, a file under IT_SHARED the running test needs: the test is
 * skipped, saying so, when the shared folder is absent (a clone on its
 * own); it fails when the folder is there but PATH is not readable. */
void it_need_shared(const char *path);

/* --- processes and files ------------------------------------------------ */

/* A fresh directory under /tmp (free it with ht_remove), or NULL. */
char *ht_tempdir(void);

/* Remove the tree DIR and free the name (NULL: nothing). */
void ht_remove(char *dir);

/* The suite's temporary directory: made fresh before each test by
 * ht_suite_init and removed after it by ht_suite_fini, as in
 * TestSuite(name, .init = ht_suite_init, .fini = ht_suite_fini). */
extern char *ht_dir;
void ht_suite_init(void);
void ht_suite_fini(void);

/* The whole of a file (free() it), or NULL. */
char *ht_read(const char *path);

/* All that F gives until its end (free() it), or NULL. */
char *ht_read_all(FILE *f);

/* Write TEXT to PATH. Returns 0, or -1. */
int ht_write(const char *path, const char *text);

/* Write TEXT to DIR/NAME (the test fails when it cannot). */
void ht_write_in(const char *dir, const char *name, const char *text);

/* Whether PATH names anything. */
bool ht_exists(const char *path);

/* The size of PATH in bytes (the test fails when there is no such file). */
long ht_file_size(const char *path);

/* The line breaks in the file at PATH (0 when there is none). */
size_t ht_lines_in(const char *path);

/* Start the program ARGV[0] with ARGV (NULL-terminated, no shell), its
 * output to /dev/null: its process id, to wait for. */
pid_t ht_spawn_quiet(const char *const *argv);

/* Run "PB_BENCH ARGS" (ARGS formatted as printf does) through the shell,
 * standard error merged into *OUT (free() it; OUT may be NULL). Returns the
 * exit status, or -1 when it did not exit normally. */
int ht_bench(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Run the program ARGV[0] with ARGV (NULL-terminated, no shell), standard
 * input from /dev/null; its standard output into *OUT and its standard
 * error into *ERR (free() both). Returns the exit status, or -1 when it did
 * not exit normally. */
int ht_run(const char *const *argv, char **out, char **err);

/* Start "PB_BENCH ARGS" through the shell and return its standard output to
 * read (standard error is left alone); end it with ht_bench_close. */
FILE *ht_bench_open(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Wait for the command of P: its exit status, or -1. */
int ht_bench_close(FILE *p);

/* Lines in TEXT that start with PREFIX. */
size_t ht_count_lines(const char *text, const char *prefix);

/* PATH (a runs.csv) cut to the first COLUMNS fields of each line, the rows
 * after the header sorted, joined by line breaks (free() it); *ROWS (when
 * not NULL) the count of rows. */
char *ht_sorted_rows(const char *path, int columns, size_t *rows);

/* A usage error and the words its message must hold. */
typedef struct ht_usage_case {
	const char *args, *want;
} ht_usage_case;

/* 'bench COMMAND ARGS' must exit 2 and say WANT, for each of the N cases. */
void ht_expect_usage_errors(const char *command, const ht_usage_case *cases, size_t n);

/* 'bench COMMAND --help' must exit 0 and name each of the N WORDS. */
void ht_expect_help(const char *command, const char *const *words, size_t n);

/* --- runner rows and datasets in memory ---------------------------------- */

/* The runs.csv header of files from before the note column, which bench
 * still reads: the tests' rows written by hand take this form. */
#define HT_RUNS_HEADER_BEFORE_NOTE \
	"dataset,instance,algorithm,heuristic,repeat,phase,status,length,reference," \
	"expanded,generated,wall_ns,cpu_ns,peak_bytes,rss_bytes,batch"

#define HT_MAX_ROWS 64
#define HT_NOTE_BYTES 200

/* Rows a test keeps from the runner (ht_keep_row as runner_hooks.row, the
 * rows as its arg); each row's note is copied, its path dropped. */
typedef struct ht_rows {
	run_row r[HT_MAX_ROWS];
	char note[HT_MAX_ROWS][HT_NOTE_BYTES];
	size_t n;
} ht_rows;

void ht_keep_row(void *arg, const run_row *row);

/* A dataset in memory named "mem": the states in TEXTS of domain NAME, ids
 * i1, i2, ..., references unknown (dataset_release it). */
void ht_make_dataset(dataset *ds, const char *name, const char *const *texts, size_t n);

/* Load the dataset file PATH into DS. */
void ht_load_dataset(dataset *ds, const char *path);

/* Parts of test-only solvers: serves every domain; a preparation that only
 * keeps the domain as the context; a release with nothing to free. */
const char *ht_serves_all(const pb_solver *self, const pb_domain *d, const pb_config *c, char *why, size_t whylen);
pb_status ht_no_prepare(const pb_solver *self, const pb_domain *d, const pb_config *c, pb_search *s, void **ctx);
void ht_no_release(void *ctx);

/* --- domains, states, solvers --------------------------------------------- */

/* The domain NAME, with GOAL (user labels) when not NULL. */
pb_domain it_domain(const char *name, const char *goal);

/* TEXT parsed on D. */
pb_state it_parse(const pb_domain *d, const char *text);

/* A solver prepared on a domain, and what its preparation holds. */
typedef struct it_solver {
	const pb_solver *solver;
	const char *heuristic;
	pb_config cfg;
	pb_search prep; /* holds what prepare allocated */
	void *ctx;
} it_solver;

/* Prepare SOLVER on D with HEURISTIC (NULL: the default) and pattern
 * databases under CACHE (NULL: the default directory). */
void it_prepare(it_solver *t, const pb_solver *solver, const pb_domain *d, const char *heuristic,
		const char *cache);

/* Release T, which must give back every byte its preparation took. */
void it_release(it_solver *t);

/* Where the answer P to START ends, replayed from its text (the answer
 * line pb_format_moves writes, read back by pb_replay). */
pb_verdict it_replay(const pb_domain *d, const pb_state *start, const pb_path *p);

/* A walk of LEN moves back from the goal of D, never undoing the move
 * before (so that it is rarely shorter than it looks), the moves drawn
 * from *RNG (a 64-bit linear congruential generator, which advances it). */
pb_state it_walk(const pb_domain *d, int len, uint64_t *rng);

/* A state of D whose values are shuffled from *SEED (a plain Fisher-Yates
 * of rand_r, which advances *SEED): any arrangement, solvable or not. */
pb_state it_shuffled(const pb_domain *d, unsigned *seed);

/* T's answer to S (TEXT, for the failure messages), checked: solved,
 * replayed to the goal, no memory kept. Returns its length. */
int it_solve_length(it_solver *t, const pb_domain *d, const pb_state *s, const char *text);

/* Solve every state of DOMAIN's goal class with solver S and HEURISTIC and
 * count the lengths into COUNTS[0..cap); returns the longest + 1. */
int it_lengths_of_every_state(const pb_solver *s, const char *domain, const char *heuristic,
			      uint64_t *counts, int cap);

/* Solve START and check the answer against DIST (indexed by pb_index):
 * optimal length, replay to the goal, no memory kept, unsolvable by parity
 * alone, and on Magic Squares the least sequence. */
void it_check(it_solver *t, const pb_domain *d, const uint8_t *dist, const pb_state *start);

/* Distances to the goal of D, one byte a state (free with free()). */
uint8_t *it_distances(const pb_domain *d);

/* Every STRIDE-th state of D's goal class through SOLVER, and (tiles) the
 * (where some states cannot reach the goal) its twin in another class
 * (tiles: two tiles swapped). */
void it_every_state(const pb_solver *solver, const char *domain, const char *goal,
		    const char *heuristic, uint64_t stride);

/* Advance P (N values) to the next permutation in lexicographic order;
 * false after the last. Written here, independent of the code under test. */
bool it_next_permutation(unsigned *p, int n);

/* The goal with tiles 1..n-1 in reading order and the blank on cell B
 * (of CELLS), as text in the user's labels, into TEXT. */
void it_corner_goal(int cells, int b, char *text, size_t size);

/* The published number of states at each distance from the goal (blank in
 * a corner) of the sliding-tile board W x H, either orientation, from
 * ../shared/data/tiles_distributions.tsv (its README names the source):
 * COUNTS[0..depths), the count returned. The test fails, saying why, when
 * the file or the board is missing or the line does not parse. */
int it_published_distribution(int w, int h, uint64_t *counts, int cap);

#endif
