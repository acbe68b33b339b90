/* Frozen: plugin.h as ABI 4 was released (puzzlebench cece84a), so that
 * test_plugin builds a plugin exactly as an ABI-4 plugin was built (its
 * solvers without a guarantee). Never edit it; include/puzzlebench/plugin.h
 * is the header. */
/* puzzlebench plugins: solvers and puzzle domains in a shared object,
 * loaded by 'bench run|verify|check|gen|solve|list|selftest --plugin FILE.so'.
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
 * the plugin is built), its solvers (ABI 4: with parameters, see
 * pb_plugin_param) and (ABI 3) its domain families: see
 * pb_plugin_family below for a puzzle of your own. A bench that does not take that
 * ABI version (an older bench, for one) refuses it. Build one outside the
 * puzzlebench tree with
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
 * takes a new number. ABI 2 added pancakes, the 2x2x2 cube, move_names
 * and answers by move number; ABI 3 added domain families (a puzzle of
 * the plugin's own: pb_plugin_family) and solvers for them
 * (PB_PLUGIN_OWN); ABI 4 added solvers' parameters (pb_plugin_param,
 * pb_plugin_solver's params at its end, pb_plugin_env's param at its
 * end). What ABI 1 to 3 defined is unchanged, so a bench built from this
 * header loads plugins of ABI PB_PLUGIN_ABI_OLDEST to PB_PLUGIN_ABI (an
 * ABI-1 plugin is offered tiles and Magic Squares only, as it always
 * was; an ABI-2 plugin no plugin's domain; the solvers of a plugin older
 * than ABI 4 are read at their old size, without params). */
#define PB_PLUGIN_ABI 4
#define PB_PLUGIN_ABI_OLDEST 1

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
	PB_PLUGIN_TILES = 0,   /* the sliding-tile puzzle */
	PB_PLUGIN_MSQUARE = 1, /* USACO 3.2.5 Magic Squares */
	PB_PLUGIN_PANCAKE = 2, /* the pancake puzzle (ABI 2) */
	PB_PLUGIN_CUBE = 3,    /* the 2x2x2 cube (ABI 2) */
	PB_PLUGIN_OWN = 4      /* a domain a plugin defines (ABI 3): see pb_plugin_space */
} pb_plugin_kind;

/* The 2x2x2 cube's eight corner places, each named by its three faces
 * (U up, D down, R right, L left, F front, B back) read clockwise as one
 * looks at the corner from outside the cube, from its U or D face (the
 * numbering of H. Kociemba's cubie model). A corner is named by the place
 * it has on the solved cube. */
typedef enum pb_plugin_corner {
	PB_PLUGIN_URF, PB_PLUGIN_UFL, PB_PLUGIN_ULB, PB_PLUGIN_UBR,
	PB_PLUGIN_DFR, PB_PLUGIN_DLF, PB_PLUGIN_DBL, PB_PLUGIN_DRB,
	PB_PLUGIN_CORNERS /* 8 */
} pb_plugin_corner;

/* A domain: what its cells mean and what its moves do.
 *
 * Tiles (PB_PLUGIN_TILES): cells numbered row by row, width x height, 0
 * the blank, the tiles 1..cells-1; the moves u d l r name where the blank
 * goes (u: it swaps with the tile above it). The goal is the dataset's
 * (by default 1..cells-1 in reading order, then the blank).
 *
 * Magic Squares (PB_PLUGIN_MSQUARE): eight cells read clockwise from the
 * top left; the operations A (swap the rows), B (the right column to the
 * left), C (turn the middle four clockwise); a puzzle starts from
 * 1 2 3 4 5 6 7 8 and its goal is its target.
 *
 * Pancakes (PB_PLUGIN_PANCAKE, ABI 2; "pancake3" to "pancake25"): a
 * stack of N = cells pancakes (width N, height 1); cell c is the size,
 * 1..N, of the c-th pancake from the top (cell 0 the top one). Move m,
 * m = 0..N-2, named "m+2" ("2" to "N"), turns over the top m + 2
 * pancakes: cells 0..m+1 in reverse order. Every stack can be sorted.
 * The goal is the dataset's (by default 1 2 ... N: the smallest on top).
 *
 * The 2x2x2 cube (PB_PLUGIN_CUBE, ABI 2; "cube2": the nine moves U U2 U'
 * R R2 R' F F2 F', "cube2q": the six quarter turns U U' R R' F F'): cell
 * p, p = 0..7 (width 8, height 1), is the corner place p of
 * pb_plugin_corner and holds 3 * corner + twist: the corner that is
 * there (0..7, pb_plugin_corner) and its twist (0..2). A corner's U or D
 * facelet (the one that lies on the U or D face of the solved cube) lies
 * on one of the place's three faces; the twist counts from the place's U
 * or D face, clockwise, as the place's name lists its faces: 0 on the
 * place's U or D face, 1 on the face named second (URF: R), 2 on the
 * face named third (URF: F).
 * The goal is the solved cube, cell p holding 3 * p; the twists of any
 * cube add up to a multiple of 3. U, R and F never move the DBL corner,
 * so cell PB_PLUGIN_DBL always holds 3 * PB_PLUGIN_DBL (a puzzle is the
 * cube held with that corner in its place, untwisted); the other seven
 * make the 7! * 3^6 = 3,674,160 states.
 *
 * A turn is named by its face, and turns that face's layer, as one looks
 * at that face from outside the cube: "U" a quarter turn clockwise, "U2"
 * a half turn (two quarter turns), "U'" a quarter turn anticlockwise
 * (three clockwise). A quarter turn clockwise moves the corners of its
 * layer round four places, A -> B meaning that the corner at place A
 * goes to place B, and adds the number after it to that corner's twist
 * (mod 3):
 *
 *     U:  UBR -> URF +0,  URF -> UFL +0,  UFL -> ULB +0,  ULB -> UBR +0
 *     R:  URF -> UBR +1,  UBR -> DRB +2,  DRB -> DFR +1,  DFR -> URF +2
 *     F:  UFL -> URF +1,  URF -> DFR +2,  DFR -> DLF +1,  DLF -> UFL +2
 *
 * The other four corners stay, their twists unchanged. Each move's name
 * is in move_names; a half turn is the quarter turn done twice, the turn
 * back three times.
 *
 * A plugin's own domain (PB_PLUGIN_OWN, ABI 3; any plugin's, its own or
 * another's): cells, moves and goal as its pb_plugin_space says (width
 * is the cells, height 1; the cells hold 0..values-1 as that space
 * defines them); space points to that space, whose functions a solver may
 * call (apply, and the optional ones where they are set). */
typedef struct pb_plugin_space pb_plugin_space;

typedef struct pb_plugin_domain {
	/* "8puzzle", "15puzzle", "tiles3x4", "msquare", "pancake10",
	 * "cube2", "cube2q" */
	const char *name;
	int kind;           /* pb_plugin_kind */
	int width, height;  /* Magic Squares: 4 x 2; pancakes: N x 1; the cube 8 x 1 */
	int cells;          /* width * height */
	int nmoves;         /* moves are numbered 0..nmoves-1 */
	/* Tiles and Magic Squares: the move letters, in order ("udlr",
	 * "ABC"). Pancakes and the cube: NULL (their moves have names of
	 * more than one character: see move_names) */
	const char *moves;
	/* The goal of every puzzle (cells values): tiles, pancakes and the
	 * cube; Magic Squares: NULL, each puzzle has its own */
	const unsigned char *goal;
	/* Nonzero: among the shortest answers, the least as a string of the
	 * move letters (Magic Squares) */
	int least_answer;
	/* ABI 2 (not there for an ABI-1 plugin): the name of each move,
	 * move_names[0..nmoves): "u" "d" "l" "r"; "A" "B" "C"; "2" ... "N";
	 * "U" "U2" "U'" "R" ... */
	const char *const *move_names;
	/* ABI 3 (not there for an older plugin): the domain's space where
	 * kind is PB_PLUGIN_OWN, else NULL */
	const pb_plugin_space *space;
} pb_plugin_domain;

/* One puzzle: from START reach GOAL (each CELLS values). */
typedef struct pb_plugin_puzzle {
	const pb_plugin_domain *domain;
	const unsigned char *start;
	const unsigned char *goal;
} pb_plugin_puzzle;

/* Where a solve writes its moves: LENGTH bytes in MOVES (room for
 * CAPACITY), one a move, first move first. Each byte is
 * - a move number, 0..nmoves-1 (the index into move_names: for pancakes,
 *   0 is the flip "2"; for cube2, 0 is "U" and 8 is "F'"), in any domain
 *   (ABI 2; an ABI-1 plugin writes letters only), or
 * - in tiles and Magic Squares, the move's letter ('u', 'A'): the letters
 *   are never below 'A', so the two cannot be mistaken.
 * A byte that is neither makes the answer wrong. */
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
	/* ABI 4 (not there for an older plugin): the value, as written, of
	 * the solver's parameter KEY (pb_plugin_param): the one given with
	 * -a NAME:KEY=VALUE, else its default; NULL for a key the solver does
	 * not declare. The same in prepare, solve and release: a solver with
	 * other values is prepared apart (a series of its own). The text
	 * lives as long as the solver's context */
	const char *(*param)(pb_plugin_env *env, const char *key);
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

/* A parameter of a solver (ABI 4), which 'bench run -a NAME:KEY=VALUE'
 * sets (the default where it is not given) and 'bench list' shows: one
 * of the words of CHOICES, or, where CHOICES is NULL, a whole number in
 * MIN..MAX. The harness checks each value against this before the solver
 * sees it, and tells the user what it takes where one does not fit;
 * prepare (or solve) reads it with env->param. A solver with values is
 * named by them ("idastar-example:prune=off"), in runs.csv and every
 * report: a series of its own. */
typedef struct pb_plugin_param {
	const char *key;     /* letters, digits, '-' and '_'; once a solver */
	const char *summary; /* a line for 'bench list': what it changes */
	/* the words it takes, '|' between ("on|off"): letters, digits, '.',
	 * '_', '+' and '-'; NULL: a whole number */
	const char *choices;
	long min, max;       /* a number's range (where CHOICES is NULL) */
	const char *def;     /* the default, as written: a word of CHOICES, or a number */
} pb_plugin_param;

/* The most parameters of a solver. */
#define PB_PLUGIN_MAX_PARAMS 8

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
	/* ABI 4 (not there for an older plugin, whose table of solvers the
	 * harness reads at the size without it): its parameters, a list
	 * ended by an entry whose key is NULL, at most PB_PLUGIN_MAX_PARAMS;
	 * NULL: none. A plugin whose list is not well made (a key twice, a
	 * default it does not take) is refused when it loads, saying why */
	const pb_plugin_param *params;
} pb_plugin_solver;


/* Domains of a plugin's own (ABI 3).
 *
 * A family is a name pattern ("hanoi4-N", "topspin-N-K") and a function,
 * make, that sets up the member a name calls for ("hanoi4-5") as a
 * pb_plugin_space: a state of `cells` small cells, each 0..values-1;
 * moves with names, each a function of the cells (apply); a goal. The
 * built-in solvers that need no more than that serve it (bfs-hash, astar,
 * idastar), and more where the space offers more:
 *
 *   inverse      the move undoing each move: bibfs, nbs and reverse-table
 *                search backwards with it, bfs-hash reads its answer back
 *                with it (without it, by a scan of the states it saw),
 *                and the searches skip the move that undoes the last one;
 *   solvable     which states can reach the goal: every solver answers
 *                'unsolvable' at once for the others (without it, only a
 *                search that exhausts the states reachable may answer so;
 *                idastar runs to its time limit);
 *   rank/unrank  a bijection between the states of the goal's class (the
 *                states that can reach the goal) and 0..index_count-1:
 *                bfs-cantor and reverse-table, 'bench gen -m depth' and
 *                '-m all', where the table fits in memory;
 *   heuristics   lower bounds on the distance, by name (the family's
 *                list: 'bench run --heuristic NAME'), for astar and
 *                idastar (nbs takes zero only on a plugin's domain: its
 *                backward search needs a bound on the distance to the
 *                start, which a space does not give);
 *   sample       a uniformly random state of the goal's class ('bench
 *                gen -m uniform'; without it, an unrank of a random index
 *                where there is a rank; 'bench gen -m walk' needs only the
 *                inverses).
 *
 * The harness keeps states packed: each cell takes as many bits as the
 * number `values` has in binary, and cells times those bits must fit in
 * 128. An optimal answer has at most PB_PLUGIN_MAX_ANSWER moves. Puzzles
 * are written as the cells' numbers separated by spaces ("0 0 0 0" is
 * four discs on peg 0 of hanoi4-4), in datasets, in 'bench solve' and to
 * outside programs; answers as the move names, joined by nothing where
 * every name is one character, by a space otherwise.
 *
 * 'bench selftest -d NAME --plugin FILE.so' checks a member against this
 * contract (algorithms/puzzles/domain.h states it in full, and
 * docs/extending.md walks through it): formatting and parsing, each legal
 * move changing the state and undone by its inverse, the solvability test
 * against a search of every state of the smallest members, the rank a
 * bijection onto the goal's class, the heuristics at most the distance on
 * every state searched, and every solver's answers to an unsolvable and a
 * solvable state. */

/* The most cells and moves of a space, the longest move name (characters,
 * without the NUL) and the move that is none. */
#define PB_PLUGIN_MAX_CELLS 25
#define PB_PLUGIN_MAX_MOVES 24
#define PB_PLUGIN_MOVE_NAME_MAX 3
#define PB_PLUGIN_NO_MOVE 255
#define PB_PLUGIN_MAX_ANSWER 512

/* A heuristic of a family: a lower bound on the moves from CELLS to the
 * goal of the space whose data DATA is (never above the true distance:
 * astar and idastar answer optimally only then). */
typedef struct pb_plugin_heuristic {
	const char *name;    /* letters, digits, - . _ : the --heuristic name */
	const char *summary; /* a line for 'bench list' */
	unsigned (*value)(const void *data, const unsigned char *cells);
} pb_plugin_heuristic;

/* One member of a family, filled by its make. Every function gets the
 * space's data first; cells are `cells` bytes, each 0..values-1. */
struct pb_plugin_space {
	int cells;  /* 1..PB_PLUGIN_MAX_CELLS */
	int values; /* 2..255: each cell holds 0..values-1 */
	int nmoves; /* 1..PB_PLUGIN_MAX_MOVES */
	/* Each move's name: 1..PB_PLUGIN_MOVE_NAME_MAX printable characters,
	 * no blank, no two the same */
	const char *const *move_names;
	const unsigned char *goal; /* the goal's cells */
	/* Move MOVE from CELLS into OUT (cells bytes; OUT is not CELLS):
	 * 1, or 0 where the move is not legal there (OUT then unused). A
	 * legal move changes the state: where it would not, return 0 */
	int (*apply)(const void *data, const unsigned char *cells, int move, unsigned char *out);

	/* Optional parts (0 or NULL where absent) */

	/* inverse[m]: the move that undoes move m wherever m is legal
	 * (PB_PLUGIN_NO_MOVE where no single move does) */
	const unsigned char *inverse;
	/* 1 when the goal can be reached from CELLS, else 0 */
	int (*solvable)(const void *data, const unsigned char *cells);
	/* The states of the goal's class, and a bijection between them and
	 * 0..index_count-1 (rank of a state of that class; unrank back) */
	uint64_t index_count;
	uint64_t (*rank)(const void *data, const unsigned char *cells);
	void (*unrank)(const void *data, uint64_t index, unsigned char *cells);
	/* A uniformly random state of the goal's class into CELLS; BELOW(RNG, N)
	 * gives a uniform number 0..N-1 */
	void (*sample)(const void *data, uint64_t (*below)(void *rng, uint64_t n), void *rng,
		       unsigned char *cells);
	void *data; /* the plugin's own, passed to every function above */
};

/* A family of domains. */
typedef struct pb_plugin_family {
	/* The names it makes, as 'bench list' shows them ("hanoi4-N"), a line
	 * about it, one member's name ("hanoi4-4") and a puzzle of that
	 * member ("0 0 0 0") */
	const char *pattern;
	const char *summary;
	const char *example;
	const char *example_puzzle;
	/* Which states can reach the goal, in words, or NULL where the
	 * family declares no rule */
	const char *solvability;
	/* The member called NAME into SPACE (zeroed before): 0; 1 where NAME
	 * is not of this family; -1 where it is but cannot be made (a size
	 * out of range), with why in ERR */
	int (*make)(const char *name, pb_plugin_space *space, char *err, size_t errlen);
	/* Free what make allocated for SPACE (may be NULL); called at the
	 * process's exit for each member made (a member, once made, is kept
	 * and made once) */
	void (*release)(pb_plugin_space *space);
	/* Its heuristics: valid on every member */
	size_t nheuristics;
	const pb_plugin_heuristic *heuristics;
	/* Its smallest members, NULL-terminated (NULL: the example alone), on
	 * which 'bench selftest' holds the solvability rule, the rank and the
	 * heuristics against a search of every state */
	const char *const *smallest;
	/* The index its members offer (rank), in words, or NULL: none */
	const char *index;
} pb_plugin_family;

/* What puzzlebench_plugin returns. */
typedef struct pb_plugin {
	unsigned abi; /* PB_PLUGIN_ABI, the version the plugin is built for */
	size_t count; /* solvers (ABI 3: may be 0 where there are families) */
	const pb_plugin_solver *solvers;
	/* ABI 3 (not there for an older plugin): its domain families */
	size_t nfamilies;
	const pb_plugin_family *families;
} pb_plugin;

/* The one function a plugin defines (the harness finds it by name). */
PB_PLUGIN_EXPORT const pb_plugin *puzzlebench_plugin(void);
typedef const pb_plugin *(*pb_plugin_entry)(void);

#ifdef __cplusplus
}
#endif

#endif
