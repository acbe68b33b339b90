/* Puzzle domains behind one interface (after Fast Downward's task proxy and
 * hog2's environments): a domain is data that every search reads (moves,
 * their names, which moves are tried after which, the goal, counts) plus a
 * table of operations (pb_domain_ops) for everything outside the hot loops
 * (parsing, formatting, another goal, the plain-data view, ranks, random
 * states). What the hot loops need (apply and undo a move, the goal test,
 * the index, the parity test) comes from the domain's kernel (kernel.h):
 * inline code chosen once a search, so that no solver makes an indirect
 * call, or branches on the kind of puzzle, per node.
 *
 * The domains here:
 * - tiles, the sliding-tile puzzle on a W x H board (W, H >= 2, W*H <= 25):
 *   cells numbered row by row; internal labels are the user's tiles
 *   relabelled by their goal cell, so the internal goal always holds
 *   1..n-1 in reading order with the blank (0) at goal_blank, whatever goal
 *   the user gave. Moves name where the blank goes: u d l r (POJ 1077). A
 *   state's class is the blank's cell.
 * - msquare, USACO 3.2.5 Magic Squares: eight cells read clockwise from the
 *   top left; ops A B C. An instance is a target T reached from
 *   1 2 3 4 5 6 7 8; since the ops move cells, not values, the ops that
 *   take the start to T take T's inverse permutation to the identity, so
 *   internally every instance is a start (the inverse of T) and the goal is
 *   the identity. Answers are the lexicographically least shortest ones.
 * - pancakeN, N = 3..25: a stack of pancakes of sizes 1..N, listed top
 *   first (internal labels: the size less one); move m flips the top m + 2
 *   (named by that number, answers space-separated); the goal is 1..N from
 *   the top, or another stack (internal labels: the places there, so the
 *   internal goal is always 0..N-1). One class; an index (the rank) up to
 *   16 pancakes.
 * - cube2 (half-turn metric: U U2 U' R R2 R' F F2 F') and cube2q (quarter
 *   turns: U U' R R' F F'), the 2x2x2 cube (see cube.c): eight corner
 *   places, the DLB corner's fixed (3,674,160 states); an instance is a
 *   scramble over U R F, or the corners one word each (cube.c).
 *
 * - a plugin's domain (generic.c): a family a plugin defines through the
 *   public header (include/puzzlebench/plugin.h, pb_plugin_space), its
 *   cells and moves its own, on the GENERIC kernels.
 *
 * A new built-in domain is a file like tiles.c (a make function that fills
 * the data, an ops table, and, where no kernel fits its moves, a kernel in
 * kernel.h) and its line in family.c's table; a plugin's is one C file
 * (docs/extending.md). No solver changes.
 *
 * The domain contract. Every domain keeps these rules; 'bench selftest -d
 * NAME' checks each one by the name in brackets, and the solvers rely on
 * nothing else:
 * - [format] pb_format writes a state that pb_parse reads back as the same
 *   state (cells and class); the goal too.
 * - [moves] a move is legal in a state or not (pb_apply says); a legal
 *   move changes the state; where inverse[m] is a move, it undoes m
 *   wherever m is legal, and pb_unapply finds the state before m (what the
 *   searches backwards use: bibfs, nbs, reverse-table, the distance
 *   tables). pruned_after[m] holds only moves that no shortest path takes
 *   after m.
 * - [goal] the goal is the one state pb_is_goal takes, and solvable.
 * - [solvable] pb_solvable is true exactly for the states that reach the
 *   goal (a domain without a test says true for all: then only a search
 *   that runs out of states may answer PB_UNSOLVABLE). The goal's class
 *   is those states.
 * - [index] where index_count > 0, pb_index is a bijection from the goal's
 *   class onto 0..index_count-1 and pb_unindex its inverse.
 * - [heuristics] every heuristic that serves the domain is at most the
 *   distance to the goal, in every state of the class.
 * - [solvers] every solver that serves the domain answers a state outside
 *   the class PB_UNSOLVABLE within the limits, and a state of it with
 *   moves that replay to the goal, as few as every optimal solver's; no
 *   optimal answer is longer than PB_MAX_PATH moves. */
#ifndef PB_DOMAIN_H
#define PB_DOMAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/rank.h"
#include "state.h"

/* How a domain's states pack and its moves apply (see kernel.h). */
typedef enum pb_kernel {
	PB_KERNEL_SLIDE4,   /* a tile slides into the blank; 4 bits a cell, <= 16 cells */
	PB_KERNEL_SLIDE5,   /* the same, 5 bits a cell, <= 25 cells (both halves) */
	PB_KERNEL_PERMUTE4, /* each move permutes the cells by a table; 4 bits a cell */
	PB_KERNEL_FLIP4,    /* move m reverses the first m + 2 cells; 4 bits a cell, <= 16 */
	PB_KERNEL_FLIP5,    /* the same, 5 bits a cell, <= 25 cells (both halves) */
	PB_KERNEL_CORNERS,  /* the 2x2x2 cube: corners permuted and twisted; a byte a cell */
	PB_KERNEL_GENERIC1, /* a plugin's domain (generic.c): its moves its functions, <= 64 bits */
	PB_KERNEL_GENERIC2, /* the same, 65 to 128 bits (both halves) */
} pb_kernel;

/* Every kernel with the C type a hot loop keeps its cells in (the half
 * that holds them): X(kernel, type). A solver instantiates its hot loop
 * for each (see kernel.h); a new kernel is one more line here. */
#define PB_KERNELS(X)                                                                    \
	X(PB_KERNEL_SLIDE4, uint64_t)                                                     \
	X(PB_KERNEL_SLIDE5, pb_cells)                                                     \
	X(PB_KERNEL_PERMUTE4, uint64_t)                                                   \
	X(PB_KERNEL_FLIP4, uint64_t)                                                      \
	X(PB_KERNEL_FLIP5, pb_cells)                                                      \
	X(PB_KERNEL_CORNERS, uint64_t)                                                    \
	X(PB_KERNEL_GENERIC1, uint64_t)                                                   \
	X(PB_KERNEL_GENERIC2, pb_cells)

typedef struct pb_domain pb_domain;
typedef struct pb_family pb_family;
/* A plugin's domain: the public plugin header's space (generic.c). */
typedef struct pb_plugin_space pb_plugin_space;

/* A source of uniform random numbers: below(rng, n) is uniform on 0..n-1. */
typedef struct pb_random {
	uint64_t (*below)(void *rng, uint64_t n);
	void *rng;
} pb_random;

/* What a domain does outside the hot loops. Every pointer is set unless
 * said otherwise. */
typedef struct pb_domain_ops {
	/* One instance from TEXT[0..len) in the domain's syntax into OUT.
	 * Returns 0, or -1 with what is wrong in ERR. */
	int (*parse)(const pb_domain *d, const char *text, size_t len, pb_state *out,
		     char *err, size_t errlen);
	/* S in the domain's syntax, NUL-terminated; returns the length. */
	size_t (*format)(const pb_domain *d, const pb_state *s, char *buf, size_t size);
	/* Another goal from TEXT (the instance syntax). NULL: one goal only. */
	int (*set_goal)(pb_domain *d, const char *text, size_t len, char *err, size_t errlen);
	/* The plain-data view: S's cells as values plain_low..plain_high in
	 * the user's labels, VALUES[0..cells), and back (refusing values that
	 * are not an arrangement). */
	void (*to_plain)(const pb_domain *d, const pb_state *s, uint8_t *values);
	int (*from_plain)(const pb_domain *d, const uint8_t *values, pb_state *out, char *err,
			  size_t errlen);
	/* The state of index INDEX (< index_count). NULL where there is no
	 * index. */
	void (*unindex)(const pb_domain *d, uint64_t index, pb_state *out);
	/* A uniformly random state of the goal's class. */
	void (*random)(const pb_domain *d, const pb_random *r, pb_state *out);
	/* The state paired with S in a class that cannot reach the goal (a
	 * bijection between the classes); NULL where every state can. */
	void (*twin)(const pb_domain *d, const pb_state *s, pb_state *out);
	/* A lower bound on S's distance needing no table (tiles: Manhattan
	 * distance), or -1. */
	int (*estimate)(const pb_domain *d, const pb_state *s);
} pb_domain_ops;

/* Boards of up to 9 cells and Magic Squares take their index from two
 * tables (see pb_small_entry). */
#define PB_SMALL_HALF 4
#define PB_SMALL_VALUES (2 * PB_SMALL_HALF)

struct pb_domain {
	const pb_domain_ops *ops;
	pb_kernel kernel;
	char name[16];            /* "8puzzle", "24puzzle", "tiles3x8", "msquare" */
	int cells;                /* of a state */
	int width, height;        /* tiles: the board; Magic Squares: 4 x 2 */
	bool board;               /* tiles slide on the width x height board:
				   * what the tiles heuristics measure on */
	int plain_low, plain_high; /* the plain values: tiles 0 (the blank) to
				    * n-1, Magic Squares 1..8 */
	bool blank;                /* the plain value 0 is a blank, written 'x' */

	/* Moves, and answers. The move index nmoves is the stay move, which
	 * leaves every state as it is: it pads move lists so that loops over
	 * them have a fixed length and no branch. As the last move, nmoves
	 * means none yet (the start). */
	int nmoves;
	int stay_move; /* nmoves */
	char move_names[PB_MAX_MOVES + 1][PB_MOVE_NAME_MAX];
	bool letter_moves;     /* every name is one character */
	const char *move_sep;  /* between the names in an answer: "" or " " */
	int answer_line;       /* USACO: the length on a line, then the moves
				* in lines of this many; 0: one line */
	bool lex_smallest;     /* answers must be the lexicographically least */
	/* the move undoing m, PB_NO_MOVE where no single move does */
	uint8_t inverse[PB_MAX_MOVES];
	/* The moves not tried after move m, as a bit mask: what a family sets
	 * (a cube: every turn of the same face); where it sets none, the move
	 * undoing m. */
	uint32_t pruned_after[PB_MAX_MOVES];
	bool invertible; /* every move has an inverse */

	/* Classes (see state.h): the class a move leads to from class c, or -1
	 * where it is not legal ([c][stay_move] is c); and the class of the
	 * state that move m takes to a state of class c, or -1 where none. */
	int nclasses;
	int8_t next_class[PB_MAX_CLASSES][PB_MAX_MOVES + 1];
	int8_t prev_class[PB_MAX_CLASSES][PB_MAX_MOVES + 1];
	/* The moves worth trying from class c after move l (nmoves: none yet):
	 * the legal ones but those pruned after l, in move order, padded with
	 * stay_move; branching of them cover every list (tiles 4, Magic
	 * Squares 3). tried_after holds the same as bit masks. */
	int branching;
	uint8_t moves_after[PB_MAX_CLASSES][PB_MAX_MOVES + 1][PB_MAX_MOVES];
	uint32_t tried_after[PB_MAX_CLASSES][PB_MAX_MOVES + 1];

	/* The goal (internal labels). */
	pb_state goal;
	int goal_blank;                    /* tiles: the goal blank's cell; else -1 */
	uint8_t goal_label[PB_MAX_CELLS];  /* the value at each cell of the goal */
	uint8_t label[PB_MAX_CELLS];       /* tiles: user's tile value -> internal label */
	uint8_t unlabel[PB_MAX_CELLS];     /* tiles: internal label -> user's tile value */
	unsigned goal_row_parity;          /* tiles: the goal blank's row, mod 2 */

	/* Counts and the dense index. */
	pb_cells state_count; /* states of the goal's class: n!/2 tiles, 8! msquare */
	uint64_t index_count; /* state_count where states have an index (a
			       * rank), 0 where they have none (over 16 cells) */
	/* Kernel data. Tiles: a 1 in the low bit of each cell's field (for the
	 * blank's search); SLIDE4: a 1 in each of the n-1 low nibbles, and
	 * (boards of up to 9 cells) a 7 in each of the n. */
	pb_cells cell_ones;
	uint64_t tile_ones, cell_sevens;
	/* The index tables (see pb_small_entry): the first PB_SMALL_HALF
	 * values' part and the rest's, each indexed by the values packed three
	 * bits apiece; small_values is how many values they cover (0: the rank
	 * loop). */
	int small_values;
	uint32_t index_head[1 << (3 * PB_SMALL_HALF)];
	uint32_t index_tail[1 << (3 * PB_SMALL_HALF)];
	/* PERMUTE4: after move m, cell i holds what cell op_source[m][i] held
	 * ([stay_move] the identity). */
	uint8_t op_source[PB_MAX_MOVES + 1][PB_MAX_CELLS];
	/* CORNERS: after move m's op_source, cell i's twist grows by byte i
	 * of twist[m] (mod 3) */
	uint64_t twist[PB_MAX_MOVES + 1];
	/* The one-character shape of 9 or 10 cells has a vector parser. */
	bool compact_parse;
	/* GENERIC: the plugin's space (its moves, tests, rank and
	 * heuristics), and the bits a cell takes (a cell holding v keeps v + 1,
	 * so that no state's low word is 0) */
	const pb_plugin_space *space;
	int cell_bits;
	/* the family that made it (family.h) */
	const pb_family *family;
	/* four bits a cell: 0xff in the bytes of the cells, the first eight
	 * and the next (pb_generic_pack) */
	uint64_t generic_mask[2];
};

/* Set up the domain called NAME, with its default goal: a name one of
 * the families makes (family.h: the built-in ones, "8puzzle", "tilesWxH",
 * "msquare", "pancakeN", "cube2", ..., and the plugins' ones added).
 * Returns 0, or -1 with a message in ERR. */
int pb_domain_init(pb_domain *d, const char *name, char *err, size_t errlen);

/* Replace D's goal by the arrangement in TEXT (user labels, parsed as
 * pb_parse does). Returns 0, or -1 with a message in ERR (also where the
 * domain has one goal only); a refused goal leaves the old one. */
int pb_domain_set_goal(pb_domain *d, const char *text, size_t len, char *err,
		       size_t errlen);

/* Whether the domain takes another goal (tiles do, Magic Squares not). */
static inline bool pb_domain_has_goals(const pb_domain *d)
{
	return d->ops->set_goal != NULL;
}

/* Write the goal in the user's labels, as pb_format does. */
size_t pb_format_goal(const pb_domain *d, char *buf, size_t size);

/* Write S in the user's labels (tiles: space-separated, the blank as 'x';
 * Magic Squares: the target); NUL-terminated. Returns the length written
 * (as snprintf, what it would have written). */
static inline size_t pb_format(const pb_domain *d, const pb_state *s, char *buf, size_t size)
{
	return d->ops->format(d, s, buf, size);
}

/* The longest text pb_format writes, its NUL included: two digits and a
 * space a cell. */
#define PB_STATE_TEXT_MAX (PB_MAX_CELLS * 3 + 1)

/* The plain-data view (what a plugin sees): S's cells as small integers
 * in the user's labels, VALUES[0..d->cells), from d->plain_low to
 * d->plain_high (tiles: the tile numbers, 0 for the blank; Magic Squares:
 * the target's numbers); and back, refusing what is not an arrangement of
 * those values. The goal's view is pb_to_plain(d, &d->goal, ...). */
static inline void pb_to_plain(const pb_domain *d, const pb_state *s, uint8_t *values)
{
	d->ops->to_plain(d, s, values);
}

static inline int pb_from_plain(const pb_domain *d, const uint8_t *values, pb_state *out,
				char *err, size_t errlen)
{
	return d->ops->from_plain(d, values, out, err, errlen);
}

/* The name of move M (NUL-terminated), and the move of a name (-1 if
 * none). */
static inline const char *pb_move_name(const pb_domain *d, int m)
{
	return d->move_names[m];
}
int pb_move_from_name(const pb_domain *d, const char *name, size_t len);

/* Write MOVES[0..n) as an answer line of D (the names joined by
 * d->move_sep), NUL-terminated. Returns the length (as snprintf). */
size_t pb_format_moves(const pb_domain *d, const uint8_t *moves, int n, char *buf, size_t size);

/* Read an answer line of D from TEXT[0..len) into MOVES (room for MAX):
 * returns how many, or -1 with what is wrong in ERR (a name that names no
 * move, too many moves). */
int pb_parse_moves(const pb_domain *d, const char *text, size_t len, uint8_t *moves, int max,
		   char *err, size_t errlen);

/* The state of index INDEX (the inverse of pb_index); D must have an
 * index (d->index_count > 0). */
static inline void pb_unindex(const pb_domain *d, uint64_t index, pb_state *s)
{
	d->ops->unindex(d, index, s);
}

typedef enum pb_verdict {
	PB_REACHES_GOAL,  /* the moves are legal and end on the goal */
	PB_ENDS_ELSEWHERE,
	PB_ILLEGAL_MOVE, /* a move that is not legal there */
	PB_UNKNOWN_MOVE  /* a name that names no move */
} pb_verdict;

typedef struct pb_replay_result {
	pb_verdict verdict;
	size_t at;     /* index of the offending move, or how many there were */
	pb_state end;  /* where the replay stopped */
} pb_replay_result;

/* Replay the answer line MOVES[0..len) (as pb_parse_moves reads it) from
 * START and say where it ends. */
void pb_replay(const pb_domain *d, const pb_state *start, const char *moves,
	       size_t len, pb_replay_result *r);

/* What R's verdict says, as "reaches the goal". */
const char *pb_verdict_name(pb_verdict v);

/* The number N (up to 2^128 - 1) in decimal into BUF (40 bytes do);
 * returns BUF. */
char *pb_cells_decimal(pb_cells n, char *buf, size_t size);

/* The domain's branching factor as NUM/DEN, for estimates: the most moves
 * tried after a move reaching a class, averaged over the classes. */
void pb_domain_branching(const pb_domain *d, uint64_t *num, uint64_t *den);

/* NULL where SOLVER (its name) may search D backwards: every domain but a
 * plugin's without inverse moves; else why, written into WHY. */
const char *pb_domain_needs_inverse(const pb_domain *d, const char *solver, char *why,
				    size_t whylen);

/* For the families (tiles.c, msquare.c): set up the move tables that
 * follow from next_class, inverse, pruned_after and nmoves (prev_class,
 * moves_after, tried_after, branching, stay_move). */
void pb_domain_finish_moves(pb_domain *d);

/* For the families: fill ERR as snprintf would and return -1. */
int pb_domain_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* For the families whose instances are their plain values: read
 * whitespace-separated values from TEXT into VALUES[0..d->cells), each in
 * plain_low..plain_high and none twice ('x' stands for 0 where d->blank).
 * Returns 0, or -1 with what is wrong. */
int pb_parse_values(const pb_domain *d, const char *text, size_t len, uint8_t *values,
		    char *err, size_t errlen);

/* For the families whose plain values run plain_low..plain_low+cells-1:
 * those values in a uniformly random order (Fisher-Yates) into VALUES. */
void pb_shuffled_values(const pb_domain *d, const pb_random *r, uint8_t *values);

/* For those families, as their parse and format: the values read, then
 * the state of those plain values; and the state's plain values,
 * space-separated (0 as 'x' where d->blank). */
int pb_parse_by_values(const pb_domain *d, const char *text, size_t len, pb_state *out,
		       char *err, size_t errlen);
size_t pb_format_by_values(const pb_domain *d, const pb_state *s, char *buf, size_t size);

/* For the families: the two index tables for M values (see
 * pb_small_entry), each part of the rank halved (HALVE) and multiplied by
 * SCALE. */
void pb_domain_index_tables(pb_domain *d, int m, int halve, uint32_t scale);

/* A lower bound on S's distance that needs no table (tiles: Manhattan
 * distance), or -1 where the domain has none. */
static inline int pb_estimate(const pb_domain *d, const pb_state *s)
{
	return d->ops->estimate ? d->ops->estimate(d, s) : -1;
}

/* The families' constructors (family.c's table names them): the domain
 * called NAME into D, 0; 1 where NAME is not of the family; -1 with why
 * in ERR where it is but cannot be made. */
int pb_tiles_make(const pb_family *f, pb_domain *d, const char *name, char *err, size_t errlen);
int pb_msquare_make(const pb_family *f, pb_domain *d, const char *name, char *err,
		    size_t errlen);
int pb_pancake_make(const pb_family *f, pb_domain *d, const char *name, char *err,
		    size_t errlen);
int pb_cube_make(const pb_family *f, pb_domain *d, const char *name, char *err, size_t errlen);
/* A plugin's space (generic.c): D from SPACE. Returns 0, or -1 with why
 * (a space that breaks the contract's limits: too many cells, moves,
 * bits, a bad name or goal). */
int pb_generic_init(pb_domain *d, const pb_plugin_space *space, char *err, size_t errlen);

#include "kernel.h"

#endif
