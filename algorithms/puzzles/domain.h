/* Puzzle domains: the sliding-tile puzzle on a W x H board and USACO 3.2.5
 * Magic Squares, as data plus a few inline operations shared by every solver.
 *
 * A state packs its cells four bits each in a uint64_t (cell i in bits
 * 4i..4i+3). Tiles: cells are numbered row by row; internal labels are the
 * user's tiles relabelled by their goal cell, so the internal goal always
 * holds 1..n-1 in reading order with the blank (0) at goal_blank, whatever
 * goal the user gave. Moves name where the blank goes: u d l r (POJ 1077).
 * Magic Squares: eight cells read clockwise from the top left; ops A B C. An
 * instance is a target T reached from 1 2 3 4 5 6 7 8; since the ops move
 * cells, not values, the ops that take the start to T take T's inverse
 * permutation to the identity, so internally every instance is a start (the
 * inverse of T) and the goal is the identity. */
#ifndef PB_DOMAIN_H
#define PB_DOMAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/rank.h"

#if defined(__BMI2__) || defined(__SSSE3__)
#include <immintrin.h>
#endif

#define PB_MAX_MOVES 4
#define PB_NO_MOVE 255
/* The most successors a state has besides the one it came from. */
#define PB_BRANCHING 3
/* Longest move string a solver may return (well above every diameter of a
 * board of 16 cells). */
#define PB_MAX_PATH 512

typedef enum pb_kind { PB_TILES, PB_MSQUARE } pb_kind;

#define PB_SMALL_HALF 4
#define PB_SMALL_VALUES (2 * PB_SMALL_HALF)

typedef struct pb_state {
	uint64_t cells;
	int blank; /* tiles: the blank's cell; msquare: -1 */
} pb_state;

typedef struct pb_domain {
	pb_kind kind;
	char name[16];            /* "8puzzle", "15puzzle", "tiles3x4", "msquare" */
	int width, height, cells; /* msquare: 4 x 2, 8 cells */
	int nmoves;
	char move_names[PB_MAX_MOVES + 1];
	/* tiles: the cell the blank reaches from cell c by move m, or -1 */
	int8_t next_cell[PB_MAX_CELLS][PB_MAX_MOVES + 1];
	/* the move undoing m (tiles), PB_NO_MOVE where no single op does */
	uint8_t inverse[PB_MAX_MOVES];
	/* msquare: after op m, cell i holds what cell op_source[m][i] held */
	uint8_t op_source[PB_MAX_MOVES + 1][PB_MAX_CELLS];
	/* A move that leaves every state as it is (nmoves): it pads move lists
	 * so that loops over them have a fixed length and no branch. */
	int stay_move;
	/* The moves worth trying from blank cell c (0 for Magic Squares) after
	 * move l (PB_MAX_MOVES: none yet): the legal ones but the one undoing
	 * l, in move order, padded with stay_move. PB_BRANCHING of them cover
	 * every state but the first. */
	uint8_t moves_after[PB_MAX_CELLS][PB_MAX_MOVES + 1][PB_MAX_MOVES];
	int goal_blank;
	uint8_t label[PB_MAX_CELLS];   /* user's tile value -> internal label */
	uint8_t unlabel[PB_MAX_CELLS]; /* internal label -> user's tile value */
	pb_state goal;
	uint64_t index_count; /* states of the goal's class: n!/2 tiles, 8! msquare */
	uint64_t tile_ones;   /* tiles: a 1 in each of the n-1 low nibbles */
	uint64_t cell_ones;   /* tiles: a 1 in each of the n low nibbles */
	unsigned goal_row_parity; /* tiles: the goal blank's row, mod 2 */
	/* Boards of up to 9 cells and Magic Squares take their index from two
	 * tables (see pb_small_entry): the first PB_SMALL_HALF values' part and
	 * the rest's, each indexed by the values packed three bits apiece. */
	int small_values;   /* the values the tables cover; 0: the rank loop */
	uint32_t index_head[1 << (3 * PB_SMALL_HALF)];
	uint32_t index_tail[1 << (3 * PB_SMALL_HALF)];
	uint64_t cell_sevens; /* small tiles boards: a 7 in each of the n low nibbles */
	bool lex_smallest;    /* answers must be the lexicographically least */
} pb_domain;

/* Set up the domain called NAME: "8puzzle", "15puzzle", "tilesWxH" (W, H >= 2,
 * W*H <= 16) or "msquare", with its default goal. Returns 0, or -1 with a
 * message in ERR. */
int pb_domain_init(pb_domain *d, const char *name, char *err, size_t errlen);

/* Replace a tiles domain's goal by the arrangement in TEXT (user labels,
 * parsed as pb_parse does). Returns 0, or -1 with a message in ERR. */
int pb_domain_set_goal(pb_domain *d, const char *text, size_t len, char *err,
		       size_t errlen);

/* Write the goal in the user's labels, as pb_format does. */
size_t pb_format_goal(const pb_domain *d, char *buf, size_t size);

/* pb_parse's general path (any line, and the messages for wrong ones). */
int pb_parse_text(const pb_domain *d, const char *text, size_t len, pb_state *out,
		  char *err, size_t errlen);

/* Write S in the user's labels, space-separated, blank as 'x' (tiles) or as
 * the Magic Squares target; NUL-terminated. Returns the length written. */
size_t pb_format(const pb_domain *d, const pb_state *s, char *buf, size_t size);

/* Tiles: the tiles of S without the blank, packed, as labels 0..n-2. */
static inline uint64_t pb_tiles_only(const pb_domain *d, const pb_state *s)
{
	int b = s->blank;
	uint64_t low = s->cells & ((1ULL << (4 * b)) - 1);
	uint64_t high = b + 1 < PB_MAX_CELLS ? (s->cells >> (4 * (b + 1))) << (4 * b) : 0;

	return (low | high) - d->tile_ones;
}

/* Tiles: the parity the tiles' inversions must have with the blank at B.
 * Each move keeps (inversions + [W even] * blank row) mod 2; the internal
 * goal has no inversions. */
static inline unsigned pb_tiles_parity_needed(const pb_domain *d, int b)
{
	if (d->width % 2)
		return 0;
	return ((unsigned)(b / d->width) & 1u) ^ d->goal_row_parity;
}


/* Squeeze PB_SMALL_VALUES nibbles (each < 8) to three bits each. */
static inline uint32_t pb_squeeze_nibbles(uint64_t packed)
{
#ifdef __BMI2__
	return (uint32_t)_pext_u64(packed, 0x77777777u);
#else
	uint32_t x = 0;

	for (int i = 0; i < PB_SMALL_VALUES; i++)
		x |= (uint32_t)pb_nibble(packed, i) << (3 * i);
	return x;
#endif
}

/* A small tiles board's table key for CELLS with the blank at B: the tiles
 * in reading order, the blank skipped, each label less one, three bits
 * apiece. One subtraction and one bit gather where BMI2 has them. */
static inline uint32_t pb_tiles_key(const pb_domain *d, uint64_t cells, int b)
{
#ifdef __BMI2__
	uint64_t hole = 15ULL << (4 * b);

	return (uint32_t)_pext_u64(cells - (d->cell_ones & ~hole), d->cell_sevens & ~hole);
#else
	pb_state s = { cells, b };

	return pb_squeeze_nibbles(pb_tiles_only(d, &s));
#endif
}

/* A table entry's bit holding the parity of its Lehmer digits; the index
 * part lies below it. */
#define PB_INDEX_PARITY 24
#define PB_INDEX_MASK ((1u << PB_INDEX_PARITY) - 1)

/* The sum of the two table entries for KEY: below PB_INDEX_PARITY, the
 * index without the blank's cell (tiles: the rank halved, times the cells;
 * Magic Squares: the rank); at PB_INDEX_PARITY, the parity of the
 * permutation, since adding the entries adds their parity bits and the
 * index parts never carry into them. A value's Lehmer digit (later values
 * smaller than it) is also the value less the earlier values smaller than
 * it, so the first half's digits depend on the first half alone and the
 * second half's on the second half alone. */
static inline uint32_t pb_small_entry(const pb_domain *d, uint32_t key)
{
	const uint32_t half_mask = (1u << (3 * PB_SMALL_HALF)) - 1;

	return d->index_head[key & half_mask] + d->index_tail[key >> (3 * PB_SMALL_HALF)];
}

/* Whether S can reach the goal, by parity alone (no search). */
static inline bool pb_solvable(const pb_domain *d, const pb_state *s)
{
	unsigned parity;

	if (d->kind == PB_MSQUARE)
		return true;
	if (d->small_values)
		parity = (pb_small_entry(d, pb_tiles_key(d, s->cells, s->blank)) >> PB_INDEX_PARITY) & 1u;
	else
		parity = pb_inversions(pb_tiles_only(d, s), d->cells - 1) & 1u;
	return parity == pb_tiles_parity_needed(d, s->blank);
}

/* Dense index of a state of the goal's class, 0..index_count-1.
 * Tiles: (the rank of the tiles without the blank, halved) * n + the blank's
 * cell. Of two arrangements that differ by swapping the last two tiles
 * exactly one has the goal's parity, so halving the rank loses nothing; and
 * with the blank's cell lowest, a sideways move (which leaves the order of
 * the tiles alone) lands on a neighbouring entry, in the same cache line. */
static inline uint64_t pb_index(const pb_domain *d, const pb_state *s)
{
	int m = d->cells - 1;

	if (d->kind == PB_MSQUARE)
		return pb_small_entry(d, pb_squeeze_nibbles(s->cells)) & PB_INDEX_MASK;
	if (d->small_values)
		return (pb_small_entry(d, pb_tiles_key(d, s->cells, s->blank)) & PB_INDEX_MASK) +
		       (uint64_t)s->blank;
	return pb_rank_prefix(pb_tiles_only(d, s), m, m - 2) / 2 * (uint64_t)d->cells +
	       (uint64_t)s->blank;
}

/* The state of index INDEX (the inverse of pb_index). */
void pb_unindex(const pb_domain *d, uint64_t index, pb_state *s);

/* The cell holding the blank in packed CELLS (tiles): the one nibble that
 * is zero, found without a loop. */
static inline int pb_find_blank(const pb_domain *d, uint64_t cells)
{
	uint64_t any = cells | cells >> 1;

	any |= any >> 2;
	return __builtin_ctzll(~any & d->cell_ones) / 4;
}

#ifdef __SSSE3__
/* Bytes to nibbles: the low nibble of each byte of X (each < 16), byte i
 * to nibble i. */
static inline uint32_t pb_bytes_to_nibbles(uint64_t x)
{
	x = (x | x >> 4) & 0x00ff00ff00ff00ffULL;
	x = (x | x >> 8) & 0x0000ffff0000ffffULL;
	return (uint32_t)(x | x >> 16);
}

/* The one-character shape on boards of 9 or 10 cells (the 8-puzzle's
 * "2 3 4 1 5 x 7 6 8"), the first sixteen bytes in one vector: the state's
 * cells into *CELLS and true, or false for anything else, left to
 * pb_parse_text (which also words the errors). */
static inline bool pb_parse_compact(const pb_domain *d, const char *text, size_t len,
				    uint64_t *cells)
{
	const unsigned char *p = (const unsigned char *)text;
	unsigned n = (unsigned)d->cells, seen = 0;
	__m128i v, blank, digit, fits, labels, low, high;
	uint64_t packed;

	if (len == 2 * n && p[len - 1] == '\r')
		len--;
	if (d->kind != PB_TILES || n < 9 || n > 10 || len != 2 * n - 1)
		return false;
	v = _mm_loadu_si128((const void *)p);
	blank = _mm_cmpeq_epi8(v, _mm_set1_epi8('x'));
	digit = _mm_andnot_si128(blank, _mm_sub_epi8(v, _mm_set1_epi8('0')));
	fits = _mm_or_si128(blank, _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8((char)(n - 1))), digit));
	/* tokens at the even bytes, single spaces at the odd ones */
	if ((_mm_movemask_epi8(fits) & 0x5555) != 0x5555 ||
	    (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))) & 0xaaaa) != 0xaaaa)
		return false;
	/* every value once: the powers of two of n values below n add up to
	 * 2^n - 1 only if no two are the same (n ones take n distinct terms);
	 * a byte of each power, the low eight in one vector and the high in
	 * another, summed by SAD (the spaces, 0xf0 less '0', look up 0) */
	low = _mm_shuffle_epi8(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0), digit);
	high = _mm_shuffle_epi8(_mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 0, 0, 0, 0), digit);
	low = _mm_sad_epu8(low, _mm_setzero_si128());
	high = _mm_sad_epu8(high, _mm_setzero_si128());
	seen = (unsigned)(_mm_cvtsi128_si32(low) + _mm_extract_epi16(low, 4)) +
	       ((unsigned)(_mm_cvtsi128_si32(high) + _mm_extract_epi16(high, 4)) << 8);
	labels = _mm_shuffle_epi8(_mm_loadu_si128((const void *)d->label), digit);
	labels = _mm_shuffle_epi8(labels, _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, -1, -1, -1, -1,
							-1, -1, -1, -1));
	packed = pb_bytes_to_nibbles((uint64_t)_mm_cvtsi128_si64(labels));
	/* the tokens past the vector: one, or a space and one more (len is
	 * 2n - 1, so 2i < len is i < n) */
	for (unsigned i = 8; 2 * i < len; i++) {
		unsigned c = p[2 * i], value = c == 'x' ? 0 : c - '0';

		if (value >= n || (i > 8 && p[2 * i - 1] != ' '))
			return false;
		seen += 1u << value;
		packed |= (uint64_t)d->label[value] << (4 * i);
	}
	if (seen != (1u << n) - 1)
		return false;
	*cells = packed;
	return true;
}
#endif

/* Parse one instance from TEXT[0..len): whitespace-separated tokens, any
 * spacing; tiles take 'x' or 0 for the blank. Returns 0, or -1 with a
 * message naming what is wrong in ERR (wrong count, repeated or out-of-range
 * value, junk). Inline for its common shape, which is most of the cost of
 * reading a file of puzzles. */
static inline int pb_parse(const pb_domain *d, const char *text, size_t len, pb_state *out,
			   char *err, size_t errlen)
{
#ifdef __SSSE3__
	uint64_t cells;

	if (pb_parse_compact(d, text, len, &cells)) {
		out->cells = cells;
		out->blank = pb_find_blank(d, cells);
		return 0;
	}
#endif
	return pb_parse_text(d, text, len, out, err, errlen);
}

static inline bool pb_is_goal(const pb_domain *d, const pb_state *s)
{
	return s->cells == d->goal.cells;
}

/* Tiles: CELLS after the blank at B moves to cell TO (the tile there slides
 * to B). */
static inline uint64_t pb_slide(uint64_t cells, int b, int to)
{
	uint64_t tile = (cells >> (4 * to)) & 15u;

	return (cells & ~(15ULL << (4 * to))) | tile << (4 * b);
}

/* Apply move M to S into OUT. Returns false (OUT untouched) when M is not
 * legal here (the blank at an edge). */
static inline bool pb_apply(const pb_domain *d, const pb_state *s, int m,
			    pb_state *out)
{
	if (d->kind == PB_TILES) {
		int to = d->next_cell[s->blank][m];

		if (to < 0)
			return false;
		out->cells = pb_slide(s->cells, s->blank, to);
		out->blank = to;
		return true;
	}
	uint64_t cells = 0;
	for (int i = 0; i < d->cells; i++)
		cells |= (uint64_t)pb_nibble(s->cells, d->op_source[m][i]) << (4 * i);
	out->cells = cells;
	out->blank = -1;
	return true;
}

/* The predecessor of S by move M: the state that M takes to S. Returns
 * false when no state does (tiles: the blank could not have come from
 * there). */
static inline bool pb_unapply(const pb_domain *d, const pb_state *s, int m,
			      pb_state *out)
{
	if (d->kind == PB_TILES)
		return pb_apply(d, s, d->inverse[m], out);
	uint64_t cells = 0;
	for (int i = 0; i < d->cells; i++)
		cells |= (uint64_t)pb_nibble(s->cells, i) << (4 * d->op_source[m][i]);
	out->cells = cells;
	out->blank = -1;
	return true;
}

/* The move letter for move M, and the move for a letter (-1 if none). */
static inline char pb_move_name(const pb_domain *d, int m)
{
	return d->move_names[m];
}
int pb_move_from_name(const pb_domain *d, char c);

typedef enum pb_verdict {
	PB_REACHES_GOAL,  /* the moves are legal and end on the goal */
	PB_ENDS_ELSEWHERE,
	PB_ILLEGAL_MOVE, /* a move leaves the board */
	PB_UNKNOWN_MOVE  /* a letter that names no move */
} pb_verdict;

typedef struct pb_replay_result {
	pb_verdict verdict;
	size_t at;     /* index of the offending move, or the string's length */
	pb_state end;  /* where the replay stopped */
} pb_replay_result;

/* Replay the move string MOVES[0..len) from START and say where it ends. */
void pb_replay(const pb_domain *d, const pb_state *start, const char *moves,
	       size_t len, pb_replay_result *r);

/* One line explaining R, as "reaches the goal in 19 moves". */
const char *pb_verdict_name(pb_verdict v);

#endif
