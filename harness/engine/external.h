/* External programs as solvers, through the classic line protocol: a
 * program reads puzzles on standard input, one a line in the text format
 * 'bench solve' reads ("2 3 4 1 5 x 7 6 8"; Magic Squares' eight numbers),
 * and writes one answer each in the format 'bench solve' writes (a move
 * string or "unsolvable"; Magic Squares: the length, then the moves in
 * lines of 60, one empty line for a length of 0). Lines starting with '#'
 * before an answer are comments; "expanded=N" and "generated=M" in them
 * are the search's counters.
 *
 * Two modes:
 * - long-lived (--solver): one process per dataset, fed one puzzle at a
 *   time, as HDU 1043 reads puzzles until end of input. Its preparation
 *   is its start-up: from the fork until it has answered a puzzle one
 *   move from the goal (the goal itself is a case some classic programs
 *   get wrong, and it is in the datasets already). A solve's wall time is
 *   the runner's interval around it: writing the puzzle, reading the end
 *   of the answer, and the few steps around them (formatting the puzzle,
 *   two reads of the program's CPU clock), which together make the
 *   harness's round trip, measured at the start of each run
 *   (external_round_trip).
 * - one-shot (--solver-once): a fresh process for each puzzle, as POJ 1077
 *   runs: wall time from the fork to its exit, CPU time and peak resident
 *   memory of that process from wait4. NAME<IN>OUT=COMMAND runs it in a
 *   scratch directory with the puzzle in file IN and its answer taken
 *   from file OUT (USACO's msquare.in and msquare.out). Its preparation
 *   measures what one start costs: START_RUNS such runs of the puzzle one
 *   move from the goal (a long-lived program's start is its start-up).
 *
 * COMMAND is split into words (quotes respected: '...' as is, "..." with
 * \" \\ \$ \` escapes, a backslash outside quotes takes the next
 * character), the first found on PATH, and run without a shell in a
 * process group of its own, with PUZZLEBENCH_DOMAIN, PUZZLEBENCH_WIDTH,
 * PUZZLEBENCH_HEIGHT and PUZZLEBENCH_MOVES in its environment, and for a
 * variant ("-a NAME:KEY=VALUE": a program declares no parameters, so it
 * takes any) each value as PB_PARAM_KEY=VALUE, the key upper-cased and
 * '-' as '_' (ours of those names are not passed on). A variant is
 * prepared apart: its own processes, a series of its own. Puzzles go
 * in the default goal's labelling: for a dataset that declares another
 * goal, the board is turned by the symmetry that takes the goal's blank to
 * the last cell and the tiles relabelled, and the answer's moves are
 * turned back; a goal whose blank is not in a corner has no such symmetry
 * and the program does not serve it ('unsupported').
 *
 * Faults cost one row: an answer that is no answer (garbage, output past
 * ANSWER_MAX bytes, more output after the answer) is 'wrong'; a program
 * that dies is 'crash'; one past the time limit 'timeout' and one past the
 * memory limit 'memout' (its resident memory, polled from /proc every
 * EXTERNAL_WATCH_MS while it works, and its peak, the kernel's high-water
 * mark, after it); each kills the process group, and a long-lived program
 * is started again for the next puzzle. A long-lived program that sits
 * idle with the puzzle unread, or that has read it and waits for more
 * input without answering (it does not flush, or it reads all its input
 * first), is told apart and reported as such ('error'), and its later
 * puzzles get the same row at once; so does a one-shot program that
 * could not start (EXTERNAL_START_FAILURES). */
#ifndef EXTERNAL_H
#define EXTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "algorithms/solvers/solver.h"
#include "harness/engine/outside.h"

typedef enum external_mode { EXTERNAL_LONG_LIVED, EXTERNAL_ONCE } external_mode;

/* A one-shot program whose first this many runs on a dataset each end
 * badly before writing anything (it cannot start there: a file it needs
 * is not found, an argument is wrong) is given up on: its later puzzles
 * are not sent. */
#define EXTERNAL_START_FAILURES 3

/* How often a program at work is looked at (memory, clock, stop). */
#define EXTERNAL_WATCH_MS 10

/* Add the external program SPEC ("NAME[@DOMAIN,...][<IN>OUT]=COMMAND") in
 * MODE as an outside solver (outside.h). The program is looked for and
 * started once, to be sure it can be (and killed at once). Returns 0, or
 * -1 with why in ERR. */
int external_add(const char *spec, external_mode mode, char *err, size_t errlen);

/* What --solver or --solver-once says: the head
 * "NAME[@DOMAIN,...][<IN>OUT]" and COMMAND, split into words. */
typedef struct external_spec {
	char name[OUTSIDE_NAME_MAX + 1];
	char *domains;                  /* "d1,d2" as given, or NULL: any */
	char *input_file, *output_file; /* NAME<IN>OUT, else NULL */
	char *command;                  /* as given */
	char **argv;                    /* its words (process_split) */
} external_spec;

/* Parse SPEC for MODE into S: the name checked (free, well formed), the
 * domains a list of names none empty, the files plain names (and for
 * --solver-once only), the command split into words as described above;
 * nothing is looked for, set up or started. Returns 0, or -1 with why in
 * ERR; external_spec_release frees S either way. */
int external_parse(const char *spec, external_mode mode, external_spec *s, char *err,
		   size_t errlen);

/* Whether each domain S lists is one pb_domain_init knows (each is set up
 * once to see: tens of microseconds a name). Returns 0, or -1 with why in
 * ERR. */
int external_check_domains(const external_spec *s, char *err, size_t errlen);

void external_spec_release(external_spec *s);

/* The harness's round trip to a long-lived program that answers each line
 * at once (a fork of this process, no exec): ROUNDS solves of an 8-puzzle
 * one move from the goal, each timed as the runner times a solve, its
 * text made once, as for the repeats of an instance. */
typedef struct external_round_trip {
	unsigned rounds;
	uint64_t median_ns, p10_ns, p90_ns;
	uint64_t format_ns; /* making a puzzle's text (the first solve of an
			     * instance adds it), median */
} external_round_trip;

/* Measure it into R. Returns 0, or -1 with why in ERR. */
int external_measure_round_trip(unsigned rounds, external_round_trip *r, char *err,
				size_t errlen);

/* Write R as the members of a JSON object, each line INDENT"key": value,
 * the last without a comma. */
void external_round_trip_json(FILE *out, const char *indent, const external_round_trip *r);

#endif
