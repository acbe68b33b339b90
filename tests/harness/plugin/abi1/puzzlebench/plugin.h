/* Frozen: plugin.h as ABI 1 was released (puzzlebench 669e189), so that
 * test_plugin builds a plugin exactly as an ABI-1 plugin was built. Never
 * edit it; include/puzzlebench/plugin.h is the header. */
/* puzzlebench plugins: solvers in a shared object, loaded by
 * 'bench run|verify|list|solve --plugin FILE.so'.
 *
 * A plugin sees puzzles as plain data (the domain's name and size, the
 * cells as small integers in the user's labels, the goal, the move
 * names), never the harness's internal packing, and reaches the harness
 * only through an environment: it allocates there (every byte counted, the
 * memory limit enforced), counts its nodes there and polls there for the
 * deadline and a stop. The harness replays every answer, as it does the
 * built-in solvers'.
 *
 * A plugin defines one function, exported:
 *
 *     PB_PLUGIN_EXPORT const pb_plugin *puzzlebench_plugin(void);
 *
 * returning a table whose abi is PB_PLUGIN_ABI (as this header says when
 * the plugin is built) and its solvers. A bench built for another ABI
 * version refuses it. Build one outside the puzzlebench tree with
 *
 *     cc -O2 -shared -fPIC $(pkg-config --cflags puzzlebench) -o my.so my.c
 *
 * Only this header is needed; it depends on nothing but the C library. */
#ifndef PUZZLEBENCH_PLUGIN_H
#define PUZZLEBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of everything below. Any change to a struct or a meaning
 * takes a new number. */
#define PB_PLUGIN_ABI 1

/* The name of the one function a plugin exports. */
#define PB_PLUGIN_ENTRY "puzzlebench_plugin"

#if defined(__GNUC__)
#define PB_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define PB_PLUGIN_EXPORT
#endif

/* What a solve (or a preparation) ends in. */
typedef enum pb_plugin_status {
	PB_PLUGIN_SOLVED = 0,     /* the answer holds a shortest move string */
	PB_PLUGIN_UNSOLVABLE,     /* the goal cannot be reached */
	PB_PLUGIN_TIMEOUT,        /* poll said the deadline passed */
	PB_PLUGIN_MEMOUT,         /* alloc returned NULL */
	PB_PLUGIN_STOPPED,        /* poll said stop (a signal) */
	PB_PLUGIN_FAILED,         /* anything else: say why in env->message */
	PB_PLUGIN_UNSUPPORTED     /* this puzzle is not one it serves: why in message */
} pb_plugin_status;

typedef enum pb_plugin_kind {
	PB_PLUGIN_TILES = 0,  /* the sliding-tile puzzle */
	PB_PLUGIN_MSQUARE = 1 /* USACO 3.2.5 Magic Squares */
} pb_plugin_kind;

/* A domain. Tiles: cells numbered row by row, width x height, 0 the
 * blank; the moves u d l r name where the blank goes (u: it swaps with
 * the tile above it). Magic Squares: eight cells read clockwise from the
 * top left; the operations A (swap the rows), B (the right column to the
 * left), C (turn the middle four clockwise); a puzzle starts from
 * 1 2 3 4 5 6 7 8 and its goal is its target. */
typedef struct pb_plugin_domain {
	const char *name;   /* "8puzzle", "15puzzle", "tiles3x4", "msquare" */
	int kind;           /* pb_plugin_kind */
	int width, height;  /* Magic Squares: 4 x 2 */
	int cells;          /* width * height */
	int nmoves;
	const char *moves;  /* the move letters, in order: "udlr", "ABC" */
	/* Tiles: the goal of every puzzle (cells values); Magic Squares:
	 * NULL, each puzzle has its own */
	const unsigned char *goal;
	/* Nonzero: among the shortest answers, the least as a string of the
	 * move letters (Magic Squares) */
	int least_answer;
} pb_plugin_domain;

/* One puzzle: from START reach GOAL (each CELLS values). */
typedef struct pb_plugin_puzzle {
	const pb_plugin_domain *domain;
	const unsigned char *start;
	const unsigned char *goal;
} pb_plugin_puzzle;

/* Where a solve writes its moves: LENGTH letters of the domain's moves in
 * MOVES (room for CAPACITY). */
typedef struct pb_plugin_answer {
	char *moves;
	size_t capacity;
	size_t length;
} pb_plugin_answer;

/* The harness's side, one for each preparation and each solve. */
typedef struct pb_plugin_env pb_plugin_env;
struct pb_plugin_env {
	/* Memory: counted against the solve's limit; NULL when the limit (or
	 * the system) refuses. Free what a solve took before it returns, and
	 * what a preparation took in release. */
	void *(*alloc)(pb_plugin_env *env, size_t bytes);
	void *(*calloc)(pb_plugin_env *env, size_t count, size_t size);
	void *(*realloc)(pb_plugin_env *env, void *p, size_t bytes);
	void (*free)(pb_plugin_env *env, void *p);
	/* The deadline and the stop flag: PB_PLUGIN_SOLVED (0) to go on, else
	 * the status to return (PB_PLUGIN_TIMEOUT, PB_PLUGIN_STOPPED). About a
	 * clock read; pb_plugin_poll calls it every PB_PLUGIN_POLL_EVERY times. */
	int (*check)(pb_plugin_env *env);
	/* The counters the harness reports: add to them */
	uint64_t expanded;  /* states whose successors were generated */
	uint64_t generated; /* successors made, duplicates included */
	unsigned countdown; /* pb_plugin_poll's */
	char message[160];  /* why, for FAILED and UNSUPPORTED */
	void *harness;      /* the harness's own */
};

#define PB_PLUGIN_POLL_EVERY 4096u

/* Call once per expansion: 0 to go on, else the status to return. */
static inline int pb_plugin_poll(pb_plugin_env *env)
{
	if (--env->countdown)
		return PB_PLUGIN_SOLVED;
	env->countdown = PB_PLUGIN_POLL_EVERY;
	return env->check(env);
}

/* One solver. */
typedef struct pb_plugin_solver {
	const char *name;    /* letters, digits, . _ + - (its runs.csv name) */
	const char *summary; /* a line for 'bench list' */
	/* NULL when it serves DOMAIN, else why not */
	const char *(*supports)(const pb_plugin_domain *domain);
	/* Build what solving needs into *CTX (may be NULL: nothing to build) */
	int (*prepare)(const pb_plugin_domain *domain, pb_plugin_env *env, void **ctx);
	/* Solve PUZZLE into ANSWER: a pb_plugin_status */
	int (*solve)(void *ctx, const pb_plugin_puzzle *puzzle, pb_plugin_env *env,
		     pb_plugin_answer *answer);
	/* Free what prepare built (ENV is the preparation's; may be NULL) */
	void (*release)(void *ctx, pb_plugin_env *env);
} pb_plugin_solver;

/* What puzzlebench_plugin returns. */
typedef struct pb_plugin {
	unsigned abi; /* PB_PLUGIN_ABI */
	size_t count;
	const pb_plugin_solver *solvers;
} pb_plugin;

/* The one function a plugin defines (the harness finds it by name). */
PB_PLUGIN_EXPORT const pb_plugin *puzzlebench_plugin(void);
typedef const pb_plugin *(*pb_plugin_entry)(void);

#ifdef __cplusplus
}
#endif

#endif
