/* The solver interface (after SQLite's sqlite3_vfs: a named, const table of
 * functions) and the per-solve environment the harness owns (after Fast
 * Downward: the harness holds timers and limits, a search reports a status
 * and counts expanded and generated nodes under shared names). */
#ifndef PB_SOLVER_H
#define PB_SOLVER_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/clock.h"
#include "../core/meter.h"
#include "../puzzles/domain.h"

typedef enum pb_status {
	PB_SOLVED,      /* out holds an optimal move sequence */
	PB_UNSOLVABLE,  /* the goal cannot be reached */
	PB_TIMEOUT,     /* the deadline passed */
	PB_MEMOUT,      /* the memory limit refused an allocation */
	PB_UNSUPPORTED, /* the solver cannot serve this domain or option */
	PB_STOPPED,     /* the harness asked it to stop (a signal) */
	PB_FAILED,      /* out of system memory, a missing file: see message */
	/* Solvers outside this library (external programs, plugins): */
	PB_WRONG,       /* an answer that is no answer (garbage): see message */
	PB_CRASHED      /* the solver's process died: see message */
} pb_status;

/* "ok", "unsolvable", "timeout", "memout", "unsupported", "interrupted",
 * "error", "wrong", "crash": the words of runs.csv (which has one more,
 * "skipped", for an instance the solver was never given). */
const char *pb_status_name(pb_status s);

/* One solve's (or one preparation's) environment: the harness fills it, the
 * solver allocates through meter, counts nodes and polls the limits. */
struct pb_path;

typedef struct pb_search {
	pb_meter meter;
	uint64_t deadline_ns;             /* CLOCK_MONOTONIC; 0: none */
	const volatile sig_atomic_t *stop; /* nonzero: stop now; may be NULL */
	uint64_t expanded;  /* states whose successors were generated */
	uint64_t generated; /* successors produced, duplicates included */
	unsigned poll_countdown;
	char message[160]; /* why, for PB_FAILED and PB_UNSUPPORTED; set with
			    * another status, it is the row's note */
	/* A solver that runs in a process of its own (an external program)
	 * measures that process: it sets child_measured, adds the process's
	 * CPU time to child_cpu_ns and raises child_rss_bytes to its peak
	 * resident set; the runner then takes the row's cpu_ns and rss_bytes
	 * from them instead of its own. */
	bool child_measured;
	uint64_t child_cpu_ns, child_rss_bytes;
	/* Such a solver sets not_sent when it gave the puzzle up unsent (the
	 * program cannot be run any more: message says why); the row is then
	 * 'skipped', with no measures. */
	bool not_sent;
	/* ... and uncounted when its program gave no node counts (the row's
	 * expanded and generated are then '-', not 0). */
	bool uncounted;
	/* An anytime solver calls pb_search_answer with each answer better
	 * than the last; the harness, where it sets on_answer, keeps them (the
	 * time and the nodes when each came: DIR/anytime.csv). When a limit
	 * ends such a search after an answer, the solver returns PB_SOLVED
	 * with its last answer and sets cut (the row is ok, with a note). */
	void (*on_answer)(void *arg, const struct pb_path *path, const struct pb_search *s);
	void *answer_arg;
	uint64_t started_ns; /* when the solve began (CLOCK_MONOTONIC; the
			      * harness sets it): an answer's time is from here */
	unsigned answers; /* how many it reported */
	bool cut;
} pb_search;

/* An anytime solver's answer PATH, better than the last it reported. */
static inline void pb_search_answer(pb_search *s, const struct pb_path *path)
{
	s->answers++;
	if (s->on_answer)
		s->on_answer(s->answer_arg, path, s);
}

/* Zero the counters and set the limits: MEM_LIMIT bytes (0 none), TIME_LIMIT
 * ns from now (0 none), STOP flag (may be NULL). */
void pb_search_init(pb_search *s, size_t mem_limit, uint64_t time_limit_ns,
		    const volatile sig_atomic_t *stop);

/* How often (in calls) pb_search_poll looks at the clock. */
#define PB_POLL_INTERVAL 4096u

pb_status pb_search_check(pb_search *s);

/* Call once per expansion: PB_SOLVED (0) to go on, else PB_TIMEOUT or
 * PB_STOPPED. Looks at the clock only every PB_POLL_INTERVAL calls. */
static inline pb_status pb_search_poll(pb_search *s)
{
	if (__builtin_expect(--s->poll_countdown, 1))
		return PB_SOLVED;
	return pb_search_check(s);
}

/* As pb_search_poll, after N expansions at once (N <= PB_POLL_INTERVAL). */
static inline pb_status pb_search_poll_many(pb_search *s, unsigned n)
{
	if (__builtin_expect(s->poll_countdown > n, 1)) {
		s->poll_countdown -= n;
		return PB_SOLVED;
	}
	return pb_search_check(s);
}

/* Before one long step (a table's rehash): PB_TIMEOUT when NS more
 * nanoseconds would pass the deadline, else as pb_search_check. */
pb_status pb_search_can_afford(pb_search *s, uint64_t ns);

/* The status for a failed allocation: PB_MEMOUT when the limit refused it. */
pb_status pb_search_alloc_failed(pb_search *s);

/* A solution: move indices (pb_move_name gives the letters). */
typedef struct pb_path {
	int length;
	uint8_t moves[PB_MAX_PATH];
} pb_path;

/* Options a solver may read; zero means the solver's default. */
typedef struct pb_config {
	const char *heuristic; /* a name from pb_heuristic list; NULL: default */
	const char *cache_dir; /* where pattern databases are kept; NULL: default */
} pb_config;

/* How a solver searches: what its cost grows with, for a model of it
 * (the shards' balance, shard.h). */
typedef enum pb_cost_class {
	PB_COST_BLIND,         /* every state nearer than the goal: b^d */
	PB_COST_BIDIRECTIONAL, /* two frontiers of half the depth: 2 b^(d/2) */
	PB_COST_TABLE,         /* a step per move, after a table built once */
	PB_COST_INFORMED,      /* a heuristic takes a share off the exponent */
} pb_cost_class;

/* The heuristics a solver takes (pb_config.heuristic), as a set of bits,
 * bit K for pb_heuristic_kind K (heuristic.h): PB_NO_HEURISTICS for a
 * blind solver, PB_ALL_HEURISTICS for one that takes any. */
#define PB_HEURISTIC_BIT(kind) (1u << (kind))
#define PB_NO_HEURISTICS 0u
#define PB_ALL_HEURISTICS (~0u)

/* A parameter a solver takes, as -a NAME:KEY=VALUE gives it: a word of
 * CHOICES ("low|high"), or where CHOICES is NULL an integer in [MIN, MAX],
 * or with DECIMAL a number with a fraction ("1.5": digits, then at most
 * one '.' and digits) in [MIN, MAX]. A solver's list ends with an entry
 * whose key is NULL. */
typedef struct pb_param {
	const char *key;
	const char *summary; /* one line for 'bench list' */
	const char *choices; /* the words, '|' between; NULL: a number */
	long min, max;       /* a number's range */
	const char *def;     /* the default, as written */
	bool decimal;        /* a fraction allowed (a weight); else an integer */
} pb_param;

/* What a solver promises of its answers' lengths (issue 32): optimal (the
 * zero value: every solver that says nothing), at most a factor times
 * optimal (a weight: the factor is the value of its parameter
 * bound_param, or its bound where it has none), or nothing but that an
 * answer reaches the goal. */
typedef enum pb_guarantee {
	PB_GUARANTEE_OPTIMAL = 0,
	PB_GUARANTEE_BOUNDED,
	PB_GUARANTEE_NONE,
} pb_guarantee;

/* The most parameters a solver takes, and the longest name of a variant
 * (its base's name and its values). */
#define PB_MAX_PARAMS 8
#define PB_VARIANT_NAME_MAX 255

typedef struct pb_solver pb_solver;

struct pb_solver {
	const char *name; /* a variant's: the base's name and its values,
			   * "astar:ties=low" */
	const char *summary;
	/* NULL when the solver SELF (this table, or a variant made from it)
	 * serves D with CFG; else a reason, a constant or written into WHY. */
	const char *(*supports)(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
				char *why, size_t whylen);
	/* Build what solving needs (tables, databases) into *CTX, allocating
	 * through S->meter, which must outlive *CTX. The domain must too. The
	 * parameters' values are read from SELF (pb_solver_param). */
	pb_status (*prepare)(const pb_solver *self, const pb_domain *d, const pb_config *cfg,
			     pb_search *s, void **ctx);
	/* Solve START optimally into OUT: PB_SOLVED, PB_UNSOLVABLE, or the limit
	 * reached. Everything allocated here is freed before returning. */
	pb_status (*solve)(void *ctx, const pb_state *start, pb_search *s,
			   pb_path *out);
	/* Free what prepare built. */
	void (*release)(void *ctx);
	/* What it is (zero: blind, no heuristic): the heuristics it takes
	 * (PB_HEURISTIC_BIT of each; a solver taking any is informed), and
	 * what its cost grows with. */
	unsigned heuristics;
	pb_cost_class cost;
	/* The parameters it takes (NULL: none), and, where given, a check of
	 * the values together: NULL when SELF's values make sense, else why
	 * (into WHY). */
	const pb_param *params;
	const char *(*check)(const pb_solver *self, char *why, size_t whylen);
	/* true: takes any KEY=VALUE, declaring none (an outside program,
	 * which reads its values from its environment); params is then
	 * NULL, and a variant's params are the keys it was given */
	bool any_params;
	/* Data of the solver's own, for its functions (an outside solver's). */
	void *data;
	/* What its answers' lengths are promised to be (pb_solver_bound):
	 * for PB_GUARANTEE_BOUNDED, the factor is the value of the parameter
	 * bound_param, or where that is NULL, bound. An anytime solver
	 * (awastar) reports each answer it finds (pb_search_answer). */
	pb_guarantee guarantee;
	const char *bound_param;
	double bound;
	bool anytime;
	/* May find no path where there is one (a beam search that drops
	 * every path): it then returns PB_FAILED, and its message says so
	 * (the row is 'error', which bench verify does not count against
	 * the solvers' agreement). */
	bool incomplete;
	/* A variant (params.c): the solver it was made from, and its values,
	 * one a parameter in the order of params (NULL: the default). NULL in
	 * the registry's own tables. */
	const pb_solver *base;
	const char *values[PB_MAX_PARAMS];
};

/* Whether S serves D with CFG (NULL) or why not, and its preparation: the
 * calls every caller makes, S handed to itself. */
static inline const char *pb_solver_supports(const pb_solver *s, const pb_domain *d,
					     const pb_config *cfg, char *why, size_t whylen)
{
	return s->supports(s, d, cfg, why, whylen);
}

static inline pb_status pb_solver_prepare(const pb_solver *s, const pb_domain *d,
					  const pb_config *cfg, pb_search *search, void **ctx)
{
	return s->prepare(s, d, cfg, search, ctx);
}

/* The value of S's parameter KEY as written: the variant's, or the
 * default where S does not set it; NULL when S takes no parameter KEY
 * (params.c). */
const char *pb_solver_param(const pb_solver *s, const char *key);

/* The same as a number (an integer parameter's); 0 where there is none. */
long pb_solver_param_long(const pb_solver *s, const char *key);

/* The variant of BASE (a solver, not a variant) with VALUES, written
 * "KEY=VALUE[:KEY=VALUE...]": each key one BASE takes and given once,
 * each value one of its choices or an integer in its range, and BASE's
 * check content with them together. Its name is BASE's, then ":KEY=VALUE"
 * for each value given, in the order BASE lists its parameters (an
 * integer as %ld writes it): "astar:ties=low". A variant is made once and
 * kept until the process exits (one list, params.c): the same name gives
 * the same solver. Returns it, or NULL with why in WHY, in the solver's
 * words ("astar: ties must be low or high, not 'x'", "astar takes no
 * parameter 'foo' (it takes: ties)", "bfs-hash takes no parameters"). */
const pb_solver *pb_solver_variant(const pb_solver *base, const char *values, char *why,
				   size_t whylen);

/* Whether VALUE is one P takes: 0, or -1 with why in WHY ("ties must be
 * low or high, not 'x'"). */
int pb_param_check(const pb_param *p, const char *value, char *why, size_t whylen);

/* Whether the list PARAMS is well made (a plugin's is checked so when it
 * loads): at most PB_MAX_PARAMS, each key of letters, digits, '-' and
 * '_' and given once, choices or a range, and a default it takes.
 * Returns 0, or -1 with why in WHY. */
int pb_params_valid(const pb_param *params, char *why, size_t whylen);

/* What P takes, as 'bench list' shows it: "low|high", "1..255". Returns
 * BUF. */
const char *pb_param_takes(const pb_param *p, char *buf, size_t size);

/* The number of S's parameter KEY (a decimal or an integer one); 0 where
 * there is none. */
double pb_solver_param_double(const pb_solver *s, const char *key);

/* The number of S's decimal parameter KEY (its text: digits, at most one
 * '.', digits) as the fraction *P / *Q in lowest terms, the digits past
 * DECIMALS after the point dropped (a weight rounded down keeps its
 * promise): "1.5" is 3/2. A weight's searches compare q g + p h in
 * integers. */
void pb_solver_param_fraction(const pb_solver *s, const char *key, int decimals, int64_t *p,
			      int64_t *q);

/* The most S's answers may be, as a factor of the optimal length: 1 for an
 * optimal solver, its weight for a bounded one, INFINITY where it promises
 * nothing. */
double pb_solver_bound(const pb_solver *s);

/* Whether an answer of LENGTH moves keeps a promise of BOUND (a factor)
 * against the optimal length REF: LENGTH <= BOUND * REF, up to rounding
 * (a weight of 1.1 on 10 moves allows 11). */
bool pb_within_bound(int length, int ref, double bound);

/* "optimal", "bounded" or "none". */
const char *pb_guarantee_name(pb_guarantee g);

/* Whether S takes a heuristic (A*, IDA*). */
static inline bool pb_solver_informed(const pb_solver *s)
{
	return s->heuristics != PB_NO_HEURISTICS;
}

/* The registry: every solver, in order of preference for a default. */
extern const pb_solver *const pb_solvers[];
extern const size_t pb_solver_count;

/* The solver called NAME: a registered one, or a variant of one
 * ("astar:ties=low", made by pb_solver_variant); NULL where there is
 * none. */
const pb_solver *pb_solver_find(const char *name);

/* The same, with why not into WHY: "" where no registered solver has
 * NAME's base name (before the first ':'), else why its values are
 * refused (pb_solver_variant). */
const pb_solver *pb_solver_lookup(const char *name, char *why, size_t whylen);

/* The fastest solver that serves D with CFG (the first in the registry). */
const pb_solver *pb_solver_default(const pb_domain *d, const pb_config *cfg);

#endif
