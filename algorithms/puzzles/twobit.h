/* Whole state spaces at two bits a state: every state's distance to the
 * goal modulo 3, by one breadth-first search backwards from the goal over
 * the dense index (pb_index), in the manner of Cooperman and Finkelstein's
 * and Korf's two-bit breadth-first searches (R. E. Korf, "Minimizing disk
 * I/O in two-bit breadth-first search", AAAI 2008).
 *
 * A code is the distance mod 3, or PB_TWOBIT_UNSEEN. Where every move has
 * an inverse (tiles), three residues are enough to walk down: the
 * neighbours of a state at distance k lie at k - 1, k or k + 1, three
 * different residues, so the one a move nearer is the neighbour whose code
 * is one less (mod 3). Where not (Magic Squares: B and C take three moves
 * to undo), a move may also lead two farther, with the same residue, and
 * the walk searches for the path of the least length that fits the codes.
 *
 * The search runs layer by layer, each layer one of two ways, whichever
 * costs less by the counts so far (after Beamer's direction-optimising
 * breadth-first search):
 * - push: expand every state whose code is the layer's residue, marking
 *   its unseen predecessors with the next residue (an atomic and, other
 *   threads writing the same words). With residues alone, the layers 3, 6,
 *   ... before share the code, and are expanded again to no effect: cheap
 *   while the layers grow. On tiles the blank's cell gives the distance
 *   mod 2 as well (its colour on a chessboard), which leaves the layers
 *   6, 12, ... before (twobit.c).
 * - pull: every unseen state looks for a successor with the layer's
 *   residue (any such successor lies on the layer itself, since an unseen
 *   state is farther than every layer so far) and takes the next residue;
 *   each thread writes only its own words. Cheap once few are unseen.
 * Both are exact, so the table and the counts do not depend on the
 * threads' timing. */
#ifndef PB_TWOBIT_H
#define PB_TWOBIT_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/blob.h"
#include "../core/workers.h"
#include "../solvers/solver.h"

/* The code of a state not reached. */
#define PB_TWOBIT_UNSEEN 3u

/* Layers a table counts: more than any space whose table fits (the 4x4
 * radius is 80, Magic Squares' 22). */
#define PB_TWOBIT_MAX_DEPTH 255

/* The most threads a build takes (by default one a processor it may run on, up
 * to this). */
#define PB_TWOBIT_MAX_THREADS PB_WORKERS_MAX

typedef struct pb_twobit {
	const pb_domain *d;
	uint64_t *codes;   /* 32 codes a word, state i in bits 2(i % 32) of word i / 32 */
	uint64_t nwords;
	uint64_t states;   /* the index's size (d->index_count) */
	int radius;        /* the farthest distance */
	uint64_t reached;  /* states reached (all of the goal's class) */
	uint64_t counts[PB_TWOBIT_MAX_DEPTH + 1]; /* states at each distance */
	/* Tiles on a board two wide and higher (2x7): the search runs on the
	 * board turned over its diagonal (7x2), the same graph, whose rows
	 * are the long way (a group's moves within it are its row's, and
	 * fewer of a state's moves leave its group: on 2x7, 1.7 a state; on
	 * 7x2, one), so the codes are in the turned board's index; NULL: in
	 * D's. pb_twobit_index maps. */
	struct pb_twobit_turn *turn;
} pb_twobit;

/* The index in T's codes of the state S of T's domain. */
uint64_t pb_twobit_index(const pb_twobit *t, const pb_state *s);

/* Bytes the table of D takes: a quarter of a byte a state, in whole words. */
uint64_t pb_twobit_bytes(const pb_domain *d);

/* Build D's table into T with THREADS threads (0: one a processor, up to
 * PB_TWOBIT_MAX_THREADS), allocating through S->meter and polling S's
 * limits (every thread a copy); S's expanded and generated count the
 * states expanded (pushed) or checked (pulled) and the neighbours looked
 * at. Returns PB_SOLVED, PB_MEMOUT, PB_TIMEOUT, PB_STOPPED, or
 * PB_UNSUPPORTED (no index, or a radius past PB_TWOBIT_MAX_DEPTH) with the
 * reason in S->message. On failure T holds no table. D must outlive T. */
pb_status pb_twobit_build(pb_twobit *t, const pb_domain *d, pb_search *s, int threads);

/* A tiles' table of more than ABOVE bytes is pushed in rounds: each
 * round's neighbours outside their group go to bins, one a region of the
 * table (REGION_BYTES of codes at most) and thread, BIN_BYTES of them in
 * all (shared by the threads; each thread's at least four times what a
 * chunk could fill), and are marked a region at a time, so that the
 * looks at the table fall within a few MB (see twobit_int.h). Below,
 * each neighbour is marked where it is. The defaults: above 1 GiB,
 * regions of 4 MiB, 256 MiB of bins. */
typedef struct pb_twobit_rounds {
	uint64_t above, region_bytes, bin_bytes;
} pb_twobit_rounds;

/* Set the rounds of the builds that follow (this process's); returns the
 * setting before. For tests and measurements: the tables are the same. */
pb_twobit_rounds pb_twobit_set_rounds(pb_twobit_rounds r);

/* Call FN(ARG, depth, reached, states) after each layer of the builds
 * that follow (this process's, on the thread that builds), or nothing
 * (FN NULL): how 'bench space' draws its progress line. */
void pb_twobit_on_layer(void (*fn)(void *arg, int depth, uint64_t reached, uint64_t states),
			void *arg);

/* Free T's table. */
void pb_twobit_release(pb_twobit *t);

/* A part of the search: the share of D's index that one of K processes
 * owns (a rank's over MPI), its codes and only those. Its edges fall
 * between the search's groups (twobit_int.h: a tiles arrangement, a block
 * of pancake stacks, a word of codes) on whole words, so that the part
 * runs the one-process search's loops on its groups: each layer pushed,
 * a round of its groups at a time; a neighbour outside the part goes to
 * the round's outbox, for its owner to mark (pb_twobit_part_mark). Parts
 * run one thread each. */
typedef struct pb_twobit_part {
	const pb_domain *d;
	uint64_t first_word, words; /* the part's words of the table */
	uint64_t *codes;            /* its codes (32 a word), as pb_twobit's */
	struct pb_twobit_run *run;  /* the search's own */
} pb_twobit_part;

/* The words [*FIRST, *FIRST + *WORDS) of D's table that part R of K
 * owns (some parts may have none). */
void pb_twobit_part_bounds(const pb_domain *d, int k, int r, uint64_t *first, uint64_t *words);

/* P set up as part R of K of D's table, the goal marked where it is P's
 * (allocating through S->meter). Returns PB_SOLVED, PB_MEMOUT, or
 * PB_UNSUPPORTED with the reason in S->message. */
pb_status pb_twobit_part_init(pb_twobit_part *p, const pb_domain *d, int k, int r, pb_search *s);

/* Begin the layer at DEPTH (every part of a search in step). */
void pb_twobit_part_layer(pb_twobit_part *p, int depth);

/* Push the layer's next round of P's groups: the neighbours in P marked
 * (*FRESH grows by them), the others' indices into *OUT (*N of them, P's
 * until the next call); *MORE says whether P has groups of the layer left.
 * Returns PB_SOLVED, or why it stopped (S's limits, PB_MEMOUT). */
pb_status pb_twobit_part_push(pb_twobit_part *p, pb_search *s, const uint64_t **out, size_t *n,
			      bool *more, uint64_t *fresh);

/* Mark IN[0..N) (indices of P's states, sent by the other parts) with
 * the layer's next residue where unseen: how many were. */
uint64_t pb_twobit_part_mark(pb_twobit_part *p, const uint64_t *in, size_t n);

void pb_twobit_part_release(pb_twobit_part *p);

/* The code of the state at I in T's codes (pb_twobit_index). */
static inline unsigned pb_twobit_code(const pb_twobit *t, uint64_t i)
{
	return (unsigned)(t->codes[i / 32] >> (2 * (i % 32))) & 3u;
}

/* An optimal path from START to the goal by walking down T, into OUT: at
 * each state the least move to a neighbour one nearer, so that the
 * answers are the lexicographically least shortest ones. Returns
 * PB_SOLVED, or PB_UNSOLVABLE (START never reached). *LOOKED counts the
 * neighbours looked at. */
pb_status pb_twobit_walk(const pb_twobit *t, const pb_state *start, pb_path *out,
			 uint64_t *looked);

/* The cache file of D's table under DIR, as DIR/tiles3x4-b11.2bit (the
 * domain, the goal blank's cell: the internal goal, and so the table, is
 * the same for every goal with the blank there), into BUF. Returns 0, or -1
 * when it does not fit in LEN. */
int pb_twobit_file_name(const pb_domain *d, const char *dir, char *buf, size_t len);

/* Write T to PATH as a checked file (a header naming the domain, the
 * counts, a checksum, then the codes), whole or not at all, creating the
 * directories above it. Returns 0, or -1 with errno set. */
int pb_twobit_save(const pb_twobit *t, const char *path);

/* T's file written in pieces, where no process holds the whole table (a
 * table spread over MPI ranks): begin, then the codes' words in order
 * (pb_twobit_bytes of them in all, the last state's word the last), then
 * end with the counts: the file pb_twobit_save writes of the same table.
 * Each returns 0, or -1 with errno set (nothing is left at PATH). */
typedef struct pb_twobit_writer {
	const pb_domain *d;
	uint64_t words;
	pb_checksum_state sum;
	pb_blob_writer blob;
} pb_twobit_writer;
int pb_twobit_write_begin(pb_twobit_writer *w, const pb_domain *d, const char *path);
int pb_twobit_write_codes(pb_twobit_writer *w, const uint64_t *codes, uint64_t nwords);
int pb_twobit_write_end(pb_twobit_writer *w, int radius, uint64_t reached, const uint64_t *counts);

typedef enum pb_twobit_load_result {
	PB_TWOBIT_LOADED,  /* the table is in T */
	PB_TWOBIT_MISSING, /* no such file */
	PB_TWOBIT_STALE,   /* a file, but not D's table (or damaged) */
	PB_TWOBIT_NOMEM    /* the meter refused the table */
} pb_twobit_load_result;

/* Read D's table from PATH into T, allocating through M, and check it:
 * magic, format version, domain, goal, size, counts and checksum. */
pb_twobit_load_result pb_twobit_load(pb_twobit *t, const pb_domain *d, const char *path,
				     pb_meter *m);

/* Load D's table from the cache under DIR (NULL: the pattern databases'
 * directory, pb_pdb_cache_dir), or build it (THREADS as in
 * pb_twobit_build) when the file is missing or stale, then save it (a
 * failure to save is noted in S->message, not returned). Returns as
 * pb_twobit_build; *BUILT says whether it was built. */
pb_status pb_twobit_open(pb_twobit *t, const pb_domain *d, const char *dir, pb_search *s,
			 int threads, bool *built);

/* The distance of START to the goal by walking down T, or -1 where it was
 * never reached. */
int pb_twobit_distance(const pb_twobit *t, const pb_state *start);

#endif
