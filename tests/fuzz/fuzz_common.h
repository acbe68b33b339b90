/* What the libFuzzer targets share: every domain, set up once (so that an
 * input costs its parse, not a domain's tables), picked by a byte of the
 * input; and the slow references the targets hold the library to, written
 * from the syntax's description in domain.h, kernel.h and docs/domains.md
 * (the cube's section), not from its code: the value-list reader (tiles, Magic
 * Squares, pancakes), a model of the 2x2x2 cube's stickers, every
 * domain's move names and what each move does. Fuzzing code only
 * (tests/fuzz; the replay build runs it too). */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/domain.h"

/* A broken promise: crash so that libFuzzer keeps the input. */
#define FUZZ_CHECK(cond) do { if (!(cond)) abort(); } while (0)

/* Every domain there is: the named boards, every tiles board W x H
 * (W, H >= 2, W*H <= PB_MAX_CELLS: 2x2 up to 5x5, 2x12, 12x2, ...), Magic
 * Squares, pancakes of every size (3 .. PB_MAX_CELLS), the 2x2x2 cube in
 * both metrics. */
#define FUZZ_MAX_DOMAINS 96
#define FUZZ_PANCAKES_MIN 3

typedef struct fuzz_domain_table {
	pb_domain d[FUZZ_MAX_DOMAINS];
	size_t count;
} fuzz_domain_table;

static inline void fuzz_add_domain(fuzz_domain_table *t, const char *name)
{
	char err[256];

	FUZZ_CHECK(t->count < FUZZ_MAX_DOMAINS);
	FUZZ_CHECK(!pb_domain_init(&t->d[t->count++], name, err, sizeof(err)));
}

static inline const fuzz_domain_table *fuzz_domains(void)
{
	static fuzz_domain_table t;
	static const char *const named[] = { "8puzzle", "15puzzle", "24puzzle", "msquare" };
	char name[32];

	if (t.count)
		return &t;
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		fuzz_add_domain(&t, named[i]);
	for (int w = 2; w * 2 <= PB_MAX_CELLS; w++)
		for (int h = 2; w * h <= PB_MAX_CELLS; h++) {
			snprintf(name, sizeof(name), "tiles%dx%d", w, h);
			fuzz_add_domain(&t, name);
		}
	for (int n = FUZZ_PANCAKES_MIN; n <= PB_MAX_CELLS; n++) {
		snprintf(name, sizeof(name), "pancake%d", n);
		fuzz_add_domain(&t, name);
	}
	fuzz_add_domain(&t, "cube2");
	fuzz_add_domain(&t, "cube2q");
	return &t;
}

/* The domain byte B picks (set up once; never changed). */
static inline const pb_domain *fuzz_domain(uint8_t b)
{
	const fuzz_domain_table *t = fuzz_domains();

	return &t->d[b % t->count];
}

static inline int fuzz_same_state(const pb_state *a, const pb_state *b)
{
	return a->cells == b->cells && a->cls == b->cls;
}

/* The reference reader of the value-list syntax (domain.h, kernel.h's
 * pb_parse) of tiles, Magic Squares and pancakes (pancakeN: the sizes
 * 1..N, top first): tokens separated by blanks (space, tab, CR, LF), each
 * one to three decimal digits, or 'x' or 'X' for 0 where the domain has a
 * blank; exactly d->cells of them, each in plain_low..plain_high, none
 * twice.
 * Returns whether TEXT[0..len) is one, its values in VALUES. */
static inline bool fuzz_ref_values(const pb_domain *d, const char *text, size_t len,
				   uint8_t *values)
{
	bool seen[256] = { false };
	int count = 0;
	size_t i = 0, first = 0, last = len;

	/* the one-word form (bench solve's help): where every value is one
	 * character, a line that is one word of exactly d->cells digits and
	 * x's, blanks around it only, is one value a character */
	while (first < len && text[first] && strchr(" \t\r\n", text[first]))
		first++;
	while (last > first && text[last - 1] && strchr(" \t\r\n", text[last - 1]))
		last--;
	if (d->blank && d->plain_high <= 9 && last - first == (size_t)d->cells) {
		bool word = true;

		for (size_t k = first; k < last; k++)
			word = word && ((text[k] >= '0' && text[k] <= '9') || text[k] == 'x' ||
					text[k] == 'X');
		if (word) {
			for (size_t k = first; k < last; k++) {
				unsigned v = text[k] == 'x' || text[k] == 'X' ? 0 : (unsigned)(text[k] - '0');

				if (v > (unsigned)d->plain_high || seen[v])
					return false;
				seen[v] = true;
				values[count++] = (uint8_t)v;
			}
			return true;
		}
	}
	for (;;) {
		size_t start;
		unsigned v = 0;

		while (i < len && strchr(" \t\r\n", text[i]) && text[i])
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && !(strchr(" \t\r\n", text[i]) && text[i]))
			i++;
		if (d->blank && i - start == 1 && (text[start] == 'x' || text[start] == 'X')) {
			v = 0;
		} else {
			if (i - start > 3)
				return false;
			for (size_t k = start; k < i; k++) {
				if (text[k] < '0' || text[k] > '9')
					return false;
				v = v * 10 + (unsigned)(text[k] - '0');
			}
		}
		if (v < (unsigned)d->plain_low || v > (unsigned)d->plain_high || seen[v] ||
		    count == d->cells)
			return false;
		seen[v] = true;
		values[count++] = (uint8_t)v;
	}
	return count == d->cells;
}

/* The kinds of domain the references know, told by the domain's name
 * and blank (domain.h's list). */
typedef enum fuzz_kind { FUZZ_TILES, FUZZ_MSQUARE, FUZZ_PANCAKES, FUZZ_CUBE } fuzz_kind;

static inline fuzz_kind fuzz_kind_of(const pb_domain *d)
{
	if (d->blank)
		return FUZZ_TILES;
	if (!strcmp(d->name, "msquare"))
		return FUZZ_MSQUARE;
	if (!strncmp(d->name, "pancake", strlen("pancake")))
		return FUZZ_PANCAKES;
	FUZZ_CHECK(!strcmp(d->name, "cube2") || !strcmp(d->name, "cube2q"));
	return FUZZ_CUBE;
}

/* The 2x2x2 cube as the reference models it, from docs/domains.md's cube section:
 * eight corner places in the order URF UFL ULB UBR DFR DLF DBL DRB, each
 * named by its faces read clockwise from its U or D face; a state is the
 * colour (the face letter of the solved cube) of each sticker, sticker
 * 3p + k being place p's k-th face in that reading, so that a state reads
 * back as the line of words pb_format writes. A turn is a rotation in
 * space: x points to R, y to U, z to F; a quarter turn of a face clockwise
 * (seen from outside it) turns the corners on its side by -90 degrees
 * about its outward normal, stickers and all. */
#define FUZZ_CUBE_PLACES 8
#define FUZZ_CUBE_STICKERS (3 * FUZZ_CUBE_PLACES)
#define FUZZ_CUBE_FACES 3 /* U R F turn; D, L and B stay */
#define FUZZ_CUBE_TEXT (4 * FUZZ_CUBE_PLACES)

static const char fuzz_cube_places[FUZZ_CUBE_PLACES][4] = {
	"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB",
};
static const char fuzz_cube_faces[FUZZ_CUBE_FACES] = { 'U', 'R', 'F' };
/* The place whose corner U, R and F turns never move (docs/domains.md). */
#define FUZZ_CUBE_FIXED 6

typedef struct fuzz_cube_model {
	/* after Q quarter turns of face F clockwise, sticker i holds what
	 * sticker from[F][Q][i] held */
	uint8_t from[FUZZ_CUBE_FACES][4][FUZZ_CUBE_STICKERS];
	uint8_t solved[FUZZ_CUBE_STICKERS];
} fuzz_cube_model;

/* The outward direction of the face named C. */
static inline void fuzz_cube_dir(char c, int v[3])
{
	static const char letters[] = "RLUDFB";
	const char *f = memchr(letters, c, 6);
	int axis, k;

	FUZZ_CHECK(f && c);
	k = (int)(f - letters);
	axis = k / 2;
	v[0] = v[1] = v[2] = 0;
	v[axis] = k % 2 ? -1 : 1;
}

/* V turned by -90 degrees about the unit axis N (Rodrigues' formula at
 * that angle: N (N.V) - N x V). */
static inline void fuzz_cube_rotate(const int n[3], const int v[3], int out[3])
{
	int dot = n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
	int cross[3] = { n[1] * v[2] - n[2] * v[1], n[2] * v[0] - n[0] * v[2],
			 n[0] * v[1] - n[1] * v[0] };

	for (int i = 0; i < 3; i++)
		out[i] = n[i] * dot - cross[i];
}

/* Sticker I's corner (the sum of its place's faces' directions) and its
 * own face's direction. */
static inline void fuzz_cube_sticker(int i, int pos[3], int normal[3])
{
	pos[0] = pos[1] = pos[2] = 0;
	for (int k = 0; k < 3; k++) {
		int v[3];

		fuzz_cube_dir(fuzz_cube_places[i / 3][k], v);
		for (int a = 0; a < 3; a++)
			pos[a] += v[a];
	}
	fuzz_cube_dir(fuzz_cube_places[i / 3][i % 3], normal);
}

static inline const fuzz_cube_model *fuzz_cube(void)
{
	static fuzz_cube_model m;
	static bool done;

	if (done)
		return &m;
	for (int i = 0; i < FUZZ_CUBE_STICKERS; i++)
		m.solved[i] = (uint8_t)fuzz_cube_places[i / 3][i % 3];
	/* the model's premise: each name reads clockwise seen from outside
	 * (the normals' triple product is -1 in these axes) from its U or D
	 * face */
	for (int p = 0; p < FUZZ_CUBE_PLACES; p++) {
		int a[3], b[3], c[3];

		fuzz_cube_dir(fuzz_cube_places[p][0], a);
		fuzz_cube_dir(fuzz_cube_places[p][1], b);
		fuzz_cube_dir(fuzz_cube_places[p][2], c);
		FUZZ_CHECK(a[1] != 0);
		FUZZ_CHECK(a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
			   a[2] * (b[0] * c[1] - b[1] * c[0]) == -1);
	}
	for (int f = 0; f < FUZZ_CUBE_FACES; f++) {
		int n[3];

		fuzz_cube_dir(fuzz_cube_faces[f], n);
		for (int i = 0; i < FUZZ_CUBE_STICKERS; i++) {
			m.from[f][0][i] = (uint8_t)i;
			m.from[f][1][i] = (uint8_t)i;
		}
		for (int i = 0; i < FUZZ_CUBE_STICKERS; i++) {
			int pos[3], normal[3], to_pos[3], to_normal[3], j;

			fuzz_cube_sticker(i, pos, normal);
			if (pos[0] * n[0] + pos[1] * n[1] + pos[2] * n[2] <= 0)
				continue; /* not on the turning side */
			fuzz_cube_rotate(n, pos, to_pos);
			fuzz_cube_rotate(n, normal, to_normal);
			for (j = 0; j < FUZZ_CUBE_STICKERS; j++) {
				int p2[3], n2[3];

				fuzz_cube_sticker(j, p2, n2);
				if (!memcmp(p2, to_pos, sizeof(p2)) && !memcmp(n2, to_normal, sizeof(n2)))
					break;
			}
			FUZZ_CHECK(j < FUZZ_CUBE_STICKERS);
			m.from[f][1][j] = (uint8_t)i; /* sticker i goes to j */
		}
		for (int q = 2; q < 4; q++)
			for (int i = 0; i < FUZZ_CUBE_STICKERS; i++)
				m.from[f][q][i] = m.from[f][q - 1][m.from[f][1][i]];
	}
	done = true;
	return &m;
}

/* Q quarter turns of face F (0..2: U R F) clockwise on the stickers V. */
static inline void fuzz_cube_turn(uint8_t *v, int f, int q)
{
	const uint8_t *from = fuzz_cube()->from[f][q & 3];
	uint8_t was[FUZZ_CUBE_STICKERS];

	memcpy(was, v, sizeof(was));
	for (int i = 0; i < FUZZ_CUBE_STICKERS; i++)
		v[i] = was[from[i]];
}

/* The corner the three colours W name, read clockwise from any of them:
 * the place whose name W is a rotation of, or -1; its twist (where in W
 * the colour of its U or D face is) in *TWIST. */
static inline int fuzz_cube_corner(const uint8_t *w, int *twist)
{
	for (int j = 0; j < FUZZ_CUBE_PLACES; j++)
		for (int r = 0; r < 3; r++)
			if (w[0] == (uint8_t)fuzz_cube_places[j][r] &&
			    w[1] == (uint8_t)fuzz_cube_places[j][(r + 1) % 3] &&
			    w[2] == (uint8_t)fuzz_cube_places[j][(r + 2) % 3]) {
				*twist = (3 - r) % 3;
				return j;
			}
	return -1;
}

/* The stickers V as the line of words pb_format writes. */
static inline void fuzz_cube_text(const uint8_t *v, char out[FUZZ_CUBE_TEXT])
{
	for (int p = 0; p < FUZZ_CUBE_PLACES; p++) {
		memcpy(out + 4 * p, v + 3 * p, 3);
		out[4 * p + 3] = p + 1 < FUZZ_CUBE_PLACES ? ' ' : '\0';
	}
}

/* The plain view of the stickers V (cube.c's header: a place's value is
 * 3 times its corner's number, in the order of the places, plus its
 * twist, 0 when the corner's U or D colour is on the place's U or D face,
 * else 1 or 2 turns clockwise). */
static inline void fuzz_cube_plain(const uint8_t *v, uint8_t *values)
{
	for (int p = 0; p < FUZZ_CUBE_PLACES; p++) {
		int twist, j = fuzz_cube_corner(v + 3 * p, &twist);

		FUZZ_CHECK(j >= 0);
		values[p] = (uint8_t)(3 * j + twist);
	}
}

static inline bool fuzz_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The reference reader of a cube line (docs/domains.md, cube.c's header): a line
 * holding D, L or B is the corners, eight words between blanks, each the
 * colours of the corner at that place read clockwise from the place's U
 * or D face, every corner once, and only what U, R and F turns reach: the
 * DBL corner at its place untwisted, the twists adding up to a multiple
 * of 3 (7! x 3^6 states); any other line is a scramble over U, R and F,
 * each face alone (a quarter turn clockwise) or followed by 2 (a half
 * turn), then ' (the other way), blanks anywhere, applied to the solved
 * cube. Returns whether TEXT[0..len) is one; its stickers in V. */
static inline bool fuzz_ref_cube(const char *text, size_t len, uint8_t *v)
{
	bool corners = false;
	int count = 0, twists = 0;
	unsigned seen = 0;

	for (size_t i = 0; i < len; i++)
		corners |= text[i] == 'D' || text[i] == 'L' || text[i] == 'B';
	if (!corners) {
		memcpy(v, fuzz_cube()->solved, FUZZ_CUBE_STICKERS);
		for (size_t i = 0; i < len;) {
			const char *f = memchr(fuzz_cube_faces, text[i], FUZZ_CUBE_FACES);
			int q = 1;

			if (fuzz_blank(text[i])) {
				i++;
				continue;
			}
			if (!f)
				return false;
			if (++i < len && text[i] == '2') {
				q = 2;
				i++;
			}
			if (i < len && text[i] == '\'') {
				q = 4 - q;
				i++;
			}
			fuzz_cube_turn(v, (int)(f - fuzz_cube_faces), q);
		}
		return true;
	}
	for (size_t i = 0;;) {
		size_t start;
		int j, twist;

		while (i < len && fuzz_blank(text[i]))
			i++;
		if (i == len)
			break;
		for (start = i; i < len && !fuzz_blank(text[i]); i++)
			;
		if (i - start != 3 || count == FUZZ_CUBE_PLACES)
			return false;
		memcpy(v + 3 * count, text + start, 3);
		j = fuzz_cube_corner(v + 3 * count, &twist);
		if (j < 0 || (seen & (1u << j)))
			return false;
		if (count == FUZZ_CUBE_FIXED && (j != FUZZ_CUBE_FIXED || twist))
			return false;
		seen |= 1u << j;
		twists += twist;
		count++;
	}
	return count == FUZZ_CUBE_PLACES && twists % 3 == 0;
}

/* The size of a reference state of D: its plain values, or the cube's
 * stickers. */
#define FUZZ_REF_MAX (PB_MAX_CELLS > FUZZ_CUBE_STICKERS ? PB_MAX_CELLS : FUZZ_CUBE_STICKERS)

static inline int fuzz_ref_size(const pb_domain *d)
{
	return fuzz_kind_of(d) == FUZZ_CUBE ? FUZZ_CUBE_STICKERS : d->cells;
}

/* The reference's reading of an instance of D: the value list (tiles,
 * Magic Squares, pancakes) into its plain values, or the cube's line into
 * its stickers. */
static inline bool fuzz_ref_read(const pb_domain *d, const char *text, size_t len, uint8_t *v)
{
	if (fuzz_kind_of(d) == FUZZ_CUBE)
		return fuzz_ref_cube(text, len, v);
	return fuzz_ref_values(d, text, len, v);
}

/* Magic Squares' three ops as USACO 3.2.5 states them, on the eight cells
 * read clockwise from the top left: the sequence 1 2 3 4 5 6 7 8 becomes
 * A: 8 7 6 5 4 3 2 1 (the rows swapped), B: 4 1 2 3 6 7 8 5 (the right
 * column moved to the left), C: 1 7 2 4 5 3 6 8 (the middle four turned
 * clockwise): the cell each cell's value comes from. */
static const uint8_t fuzz_usaco_ops[3][8] = {
	{ 7, 6, 5, 4, 3, 2, 1, 0 },
	{ 3, 0, 1, 2, 5, 6, 7, 4 },
	{ 0, 6, 1, 3, 4, 2, 5, 7 },
};

/* The tiles' moves, where the blank goes (domain.h, POJ 1077). */
static const char fuzz_tile_moves[4] = { 'u', 'd', 'l', 'r' };

/* Whether D's answers write its moves' names together, a character each
 * (tiles, Magic Squares), rather than as words between blanks (pancakes,
 * the cube). */
static inline bool fuzz_ref_letters(const pb_domain *d)
{
	fuzz_kind k = fuzz_kind_of(d);

	return k == FUZZ_TILES || k == FUZZ_MSQUARE;
}

/* The move NAME[0..n) names in D, numbered in the order domain.h lists
 * D's moves, or -1: tiles u d l r, Magic Squares A B C, pancakeN the flip
 * sizes 2..N in decimal (move m flips the top m + 2), cube2 U U2 U' R R2
 * R' F F2 F', cube2q U U' R R' F F'. */
static inline int fuzz_ref_move_of(const pb_domain *d, const char *name, size_t n)
{
	const char *f;
	int size = 0, per;

	switch (fuzz_kind_of(d)) {
	case FUZZ_TILES:
		f = n == 1 ? memchr(fuzz_tile_moves, name[0], 4) : NULL;
		return f ? (int)(f - fuzz_tile_moves) : -1;
	case FUZZ_MSQUARE:
		return n == 1 && name[0] >= 'A' && name[0] <= 'C' ? name[0] - 'A' : -1;
	case FUZZ_PANCAKES:
		if (n < 1 || n > 2 || name[0] == '0')
			return -1;
		for (size_t i = 0; i < n; i++) {
			if (name[i] < '0' || name[i] > '9')
				return -1;
			size = size * 10 + (name[i] - '0');
		}
		return size >= 2 && size <= d->cells ? size - 2 : -1;
	case FUZZ_CUBE:
		per = d->name[5] == 'q' ? 2 : 3; /* U U' or U U2 U' */
		f = n >= 1 && n <= 2 ? memchr(fuzz_cube_faces, name[0], FUZZ_CUBE_FACES) : NULL;
		if (!f)
			return -1;
		if (n == 1)
			return (int)(f - fuzz_cube_faces) * per;
		if (name[1] == '\'')
			return (int)(f - fuzz_cube_faces) * per + per - 1;
		return name[1] == '2' && per == 3 ? (int)(f - fuzz_cube_faces) * per + 1 : -1;
	}
	return -1;
}

/* Apply move M (fuzz_ref_move_of's number) to the reference state V of
 * D (fuzz_ref_read's): tiles: the blank goes up, down, left or right on
 * the board; Magic Squares: USACO's op; pancakes: the top M + 2 reversed;
 * the cube: its face turned a quarter, a half or three quarters
 * clockwise. Returns false where the move is not legal there (the blank
 * at the board's edge). */
static inline bool fuzz_ref_apply(const pb_domain *d, uint8_t *v, int m)
{
	int b = 0, w = d->width, to = -1, per;
	uint8_t was[8];

	switch (fuzz_kind_of(d)) {
	case FUZZ_MSQUARE:
		memcpy(was, v, 8);
		for (int c = 0; c < 8; c++)
			v[c] = was[fuzz_usaco_ops[m][c]];
		return true;
	case FUZZ_PANCAKES:
		for (int i = 0, j = m + 1; i < j; i++, j--) {
			uint8_t t = v[i];

			v[i] = v[j];
			v[j] = t;
		}
		return true;
	case FUZZ_CUBE:
		per = d->name[5] == 'q' ? 2 : 3;
		fuzz_cube_turn(v, m / per, per == 3 ? m % per + 1 : (m % per ? 3 : 1));
		return true;
	case FUZZ_TILES:
		break;
	}
	while (v[b])
		b++;
	switch (fuzz_tile_moves[m]) {
	case 'u': to = b >= w ? b - w : -1; break;
	case 'd': to = b + w < d->cells ? b + w : -1; break;
	case 'l': to = b % w ? b - 1 : -1; break;
	case 'r': to = b % w < w - 1 ? b + 1 : -1; break;
	}
	if (to < 0)
		return false;
	v[b] = v[to];
	v[to] = 0;
	return true;
}

/* Apply the move named NAME[0..n) to V: 1 when applied, 0 when it is not
 * legal there, -1 when the name is no move of D. */
static inline int fuzz_ref_move(const pb_domain *d, uint8_t *v, const char *name, size_t n)
{
	int m = fuzz_ref_move_of(d, name, n);

	if (m < 0)
		return -1;
	return fuzz_ref_apply(d, v, m);
}

/* The next move name of an answer line TEXT[0..len) from *AT: where D's
 * names are letters, the one character there; else the word that starts
 * after the blanks (spaces and tabs) there, *AT moved to its start.
 * Returns its length, 0 at the end. */
static inline size_t fuzz_ref_next_name(const pb_domain *d, const char *text, size_t len,
					size_t *at)
{
	size_t n = 0;

	if (fuzz_ref_letters(d))
		return *at < len;
	while (*at < len && (text[*at] == ' ' || text[*at] == '\t'))
		++*at;
	while (*at + n < len && text[*at + n] != ' ' && text[*at + n] != '\t')
		n++;
	return n;
}

/* D's reference state of the goal, where the goal is the default one:
 * the plain values (tiles 1..n-1 then the blank; Magic Squares 1..8;
 * pancakes 1..N from the top) or the solved cube's stickers. */
static inline void fuzz_ref_default_goal(const pb_domain *d, uint8_t *v)
{
	if (fuzz_kind_of(d) == FUZZ_CUBE) {
		memcpy(v, fuzz_cube()->solved, FUZZ_CUBE_STICKERS);
		return;
	}
	for (int c = 0; c < d->cells && c < PB_MAX_CELLS; c++)
		v[c] = (uint8_t)(d->blank ? (c + 1) % d->cells : c + 1);
}

/* The reference's solvability of the tiles arrangement V against the
 * goal G (plain values): the permutation taking G to V, over every cell
 * the blank included, is even exactly when the blank's Manhattan distance
 * from its goal cell is (each move is a transposition that moves the blank
 * one step). Magic Squares: every arrangement (its ops generate all 8!). */
static inline bool fuzz_ref_solvable(const pb_domain *d, const uint8_t *v, const uint8_t *g)
{
	int where[PB_MAX_CELLS], n = d->cells, swaps = 0, b = 0, gb = 0;
	uint8_t p[PB_MAX_CELLS];

	if (!d->blank)
		return true;
	for (int c = 0; c < n; c++)
		where[g[c]] = c;
	for (int c = 0; c < n; c++)
		p[c] = (uint8_t)where[v[c]]; /* cell c holds the value whose goal cell is p[c] */
	for (int c = 0; c < n; c++)
		while (p[c] != c) {
			uint8_t t = p[p[c]];

			p[p[c]] = p[c];
			p[c] = t;
			swaps++;
		}
	while (v[b])
		b++;
	while (g[gb])
		gb++;
	return (swaps + abs(b / d->width - gb / d->width) + abs(b % d->width - gb % d->width)) % 2 == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
