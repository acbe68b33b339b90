/* What the parts of the external solvers share (external.c, the solver
 * and its adding; external_watch.c, waiting for an answer;
 * external_solve.c, the solves of long-lived and one-shot programs;
 * external_round_trip.c, the harness's own round trip): the program, one
 * prepared program's context, what watching an answer sees, and the
 * functions one part calls in another. Internal to harness/engine; what
 * the rest of the harness sees is external.h. */
#ifndef EXTERNAL_INT_H
#define EXTERNAL_INT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "harness/engine/external.h"
#include "harness/engine/process.h"
#include "harness/engine/turn.h"
#include "harness/io/answer.h"

#define NS_PER_MS 1000000ULL
#define NS_PER_S 1000000000ULL
/* Bytes of output one answer may take before it is cut off. */
#define ANSWER_MAX (64u << 10)
/* Longest puzzle line written (16 cells of up to two digits). */
#define TEXT_MAX 64
/* At the end of a dataset: how long it has to end after its input closes. */
#define EXIT_GRACE_NS (500 * NS_PER_MS)
/* Bytes of an answer quoted in the fault log. */
#define LOG_QUOTE 400
#define WHY_MAX 160

/* What --solver or --solver-once said: the outside solver's data. */
typedef struct program {
	external_spec spec;
	external_mode mode;
	char *path;         /* the executable argv[0] names */
	char **argv;        /* the words as run: spec.argv's, but in a scratch
			     * directory each that names a file here is made
			     * absolute (those that differ are its own) */
	int stderr_fd;      /* where its standard error goes; -1: ours */
	/* the last puzzle sent and what came back (the fault log) */
	char last_puzzle[TEXT_MAX];
	char last_answer[LOG_QUOTE + 1];
	size_t last_answer_len;
	bool last_cut;
	/* what the fault log says of a row even when it is right: the
	 * program was started again in it (it had ended between puzzles) */
	char row_note[WHY_MAX];
	/* what one start of the command costs, measured at its first
	 * preparation (ext_measure_start, or a long-lived program's start-up
	 * check): wall and CPU time, the median of START_RUNS; 0 runs: not
	 * known (not measured yet, or a run did not answer) */
	uint64_t start_ns, start_cpu_ns;
	unsigned start_runs;
	bool start_tried;
} program;

/* One prepared program: what the runner's context points to. */
typedef struct ext_ctx {
	program *prog;
	double bound; /* what its answers may be, times optimal (pb_solver_bound) */
	const pb_domain *d;     /* the dataset's domain */
	const pb_domain *frame; /* what the program sees: d, or turned.board */
	turn turned;            /* when d has another goal than its default */
	char **envp;
	process ch;
	uint64_t startup_limit_ns; /* for a start after a fault; 0 none */
	/* the puzzle's text, kept for the state it was made for */
	pb_state text_state;
	bool have_text;
	char text[TEXT_MAX];
	size_t text_len;
	/* the start-up puzzle and its text */
	pb_state startup;
	char startup_text[TEXT_MAX];
	size_t startup_len;
	/* what came back */
	char buf[ANSWER_MAX + 1];
	size_t have;
	uint64_t hwm;           /* the program's peak resident set, last read */
	uint64_t cpu_seen;      /* its CPU clock after its last answer */
	unsigned answered;      /* answers of the process now running, start-up's too */
	/* one-shot: its runs so far on the dataset that each ended badly
	 * before writing anything, until one did better (started) */
	unsigned start_failures;
	bool started;
	/* a fault that will not go away (it does not flush, never reads) */
	bool broken;
	char broken_why[WHY_MAX];
	char scratch[PATH_MAX]; /* one-shot through files: its directory */
} ext_ctx;

/* What watching an answer can end in. */
typedef enum outcome {
	GOT_ANSWER, /* the frame is done or bad */
	GOT_EOF,    /* its output closed before a whole answer (or, one-shot, at all) */
	GOT_FLOOD,  /* ANSWER_MAX bytes and no answer */
	HIT_TIME,
	HIT_MEMORY,
	HIT_STOP,
	STALLED,    /* idle in a way that will not change: C->broken says why */
	KEEP_WAITING
} outcome;

/* What watching one answer has seen. */
typedef struct watch {
	uint64_t cpu, cpu_at;   /* the program's CPU time, and when it last moved */
	uint64_t group_ticks;
	bool probed;            /* its input was closed to see whether it waits for more */
	uint64_t rss_peak;      /* the most resident bytes seen */
	uint64_t rss_limit;     /* 0: none */
} watch;

/* external_solve.c */

/* Start P with ENVP in DIR (NULL: ours) into CH. Returns 0, or -1 with
 * why in WHY. */
int ext_launch(const program *p, char *const *envp, const char *dir, process *ch, char *why,
	       size_t whylen);

/* The puzzle's line (with its line break) for S into C->text, kept while
 * S stays. */
void ext_make_text(ext_ctx *c, const pb_state *s);

/* The start of a long-lived program: spawned, then fed the one-move
 * puzzle, whose answer must be its one move. Returns PB_SOLVED, or why
 * not (message in S; the program ended). */
pb_status ext_start_program(ext_ctx *c, pb_search *s);

/* Solve START with C's long-lived program (started again first after a
 * fault) or with a fresh one-shot process, into OUT. Returns the status,
 * the message in S. */
pb_status ext_solve_long(ext_ctx *c, const pb_state *start, pb_search *s, pb_path *out);
pb_status ext_solve_once(ext_ctx *c, const pb_state *start, pb_search *s, pb_path *out);

/* Trivial runs of a one-shot program measured for its start. */
#define START_RUNS 5

/* Measure what one start of C's program costs into C->prog: START_RUNS
 * runs of it in fresh processes, each given the start-up puzzle with its
 * input closed and timed from the fork to its exit, as a one-shot solve
 * is, within S's limits (and at most START_RUN_MAX_NS each); the
 * program's context is left as it was. Adds the runs' CPU time to S.
 * Returns whether each answered. */
bool ext_measure_start(ext_ctx *c, pb_search *s);

/* external_watch.c: waiting for an answer */

/* Start watching a program whose CPU clock read CPU (its idle time is
 * counted from the first look, so that starting costs no clock read). */
void ext_watch_start(watch *w, uint64_t cpu, const pb_search *s);

/* Read the program's output into C->buf until an answer is whole (or,
 * UNTIL_EOF, until the output ends), watching it. A long-lived program
 * is read as it writes: poll, then read, nothing else between two
 * answers' bytes. */
outcome ext_await_output(ext_ctx *c, const pb_search *s, watch *w, bool until_eof,
			 bool long_lived, answer_frame *f, pb_path *path);

/* Keep what came back for the fault log. */
void ext_keep_answer(ext_ctx *c);

/* Format the message into S and return ST. */
pb_status ext_fail(pb_search *s, pb_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The status and message for an answer that is not to be had: OUTCOME,
 * with what was read (C->buf) and the program's end (CH, reaped). */
pb_status ext_no_answer(ext_ctx *c, pb_search *s, outcome o, const answer_frame *f,
			const watch *w);

#endif
