/* Answers in the format 'bench solve' writes, read back: the one reader
 * of it, for external programs' answers (external_solve.c) and answer files
 * ('bench check'). Tiles: one line, a move string (u d l r name where the
 * blank goes) or "unsolvable". Pancakes and the 2x2x2 cube: one line, the
 * move names between blanks (flip sizes "5 3 2", turns "R U2 F'"), or
 * "unsolvable". Magic Squares: a line with the length, then the moves
 * (A B C) in lines (of 60, as USACO writes them; any split is taken), one
 * empty line for a length of 0. "none" (ANSWER_NONE) stands for an answer
 * that was not given, such as a solve that timed out ('bench run
 * --save-answers' writes it so that the answers stay in line with the
 * instances): it is no answer, and counts as one wrong. Before an answer, lines
 * starting with '#' are comments; "expanded=N" and "generated=M" in them
 * (N and M decimals that fit 64 bits) are the search's counters.
 * Trailing blanks and a CR are ignored. */
#ifndef ANSWER_H
#define ANSWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algorithms/solvers/solver.h"

/* The line that stands for an answer not given. */
#define ANSWER_NONE "none"

/* Bytes of an answer quoted in a message. */
#define ANSWER_QUOTE 24

typedef enum answer_state {
	ANSWER_MORE, /* no whole answer yet */
	ANSWER_DONE, /* an answer: status, path, used */
	ANSWER_BAD   /* not an answer: why */
} answer_state;

/* What some bytes make of an answer. */
typedef struct answer_frame {
	answer_state state;
	pb_status status;  /* ANSWER_DONE: PB_SOLVED or PB_UNSOLVABLE */
	size_t used;       /* ANSWER_DONE: the answer's bytes, comments included;
			    * ANSWER_BAD: where the next answer starts, when
			    * that is known (a tiles line), else 0 */
	uint64_t expanded, generated;
	bool counted;      /* a comment gave counters */
	char why[160];     /* ANSWER_BAD */
} answer_frame;

/* Parse the answer at the start of BUF[0..n) for domain D into F and PATH.
 * The moves are D's, or with MOVE_BACK not NULL, MOVE_BACK[m] for D's move
 * m (an answer given on a turned board). */
void answer_parse(const pb_domain *d, const uint8_t *move_back, const char *buf, size_t n,
		  answer_frame *f, pb_path *path);

/* TEXT[0..n) quoted for a message into OUT: at most MAX bytes, control
 * bytes and backslashes escaped, "..." when cut. */
void answer_quote(const char *text, size_t n, size_t max, char *out, size_t outlen);

#endif
