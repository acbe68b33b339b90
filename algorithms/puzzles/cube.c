/* The 2x2x2 cube (see domain.h) on the CORNERS kernel.
 *
 * Places and corners are named as in H. Kociemba's cubie model of the
 * cube: URF UFL ULB UBR DFR DLF DBL DRB (0..7), each corner's faces read
 * clockwise from its U or D face. A corner's twist at a place is 0 when
 * its U or D facelet lies on the place's U or D face, else 1 or 2 turns
 * clockwise. The corner between D, L and B (DBL here) never moves under
 * U, R and F turns, so the cube's 3,674,160 states are 7! arrangements of
 * the other corners times the 3^6 twists that sum to 0 mod 3.
 *
 * An instance is either a scramble over U, R and F in the standard
 * notation (a face for a quarter turn clockwise, then 2 for a half turn or
 * ' for a quarter turn back; spaces optional), which is applied to the
 * solved cube, or (any line holding D, L or B) the corners: eight words,
 * one a place in the order above, each the colours (face letters) of the
 * corner there read clockwise from the place's U or D face. pb_format
 * writes the corners ("URF UFL ULB UBR DFR DLF DBL DRB" is solved). */
#include "domain.h"
#include "family.h"

#include <string.h>

#define FACES 3 /* U R F */
static const char face_names[FACES] = { 'U', 'R', 'F' };
static const char *const corner_names[PB_CORNER_PLACES] = {
	"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB",
};

/* The quarter turn of each face clockwise, in Kociemba's cubie model:
 * after it, place i holds the corner place source[i] held, twisted by
 * twist[i] more. */
static const struct {
	uint8_t source[PB_CORNER_PLACES], twist[PB_CORNER_PLACES];
} quarter_turns[FACES] = {
	{ { 3, 0, 1, 2, 4, 5, 6, 7 }, { 0, 0, 0, 0, 0, 0, 0, 0 } }, /* U */
	{ { 4, 1, 2, 0, 7, 5, 6, 3 }, { 2, 0, 0, 1, 1, 0, 0, 2 } }, /* R */
	{ { 1, 5, 2, 3, 0, 4, 6, 7 }, { 1, 2, 0, 0, 2, 1, 0, 0 } }, /* F */
};

/* The twist and the corner of byte V. */
#define TWIST_OF(v) ((v) & 3u)
#define CORNER_OF(v) ((v) >> PB_CORNER_SHIFT & 7u)

static uint8_t corner_byte(unsigned corner, unsigned twist)
{
	return (uint8_t)(corner << PB_CORNER_SHIFT | twist);
}

static void cube_to_plain(const pb_domain *d, const pb_state *s, uint8_t *values)
{
	for (int i = 0; i < d->cells; i++) {
		unsigned v = pb_cell_at(d, s->cells, i);

		values[i] = (uint8_t)(3 * CORNER_OF(v) + TWIST_OF(v));
	}
}

static int cube_from_plain(const pb_domain *d, const uint8_t *values, pb_state *out, char *err,
			   size_t errlen)
{
	unsigned seen = 0, twists = 0;
	uint64_t cells = 0;

	for (int i = 0; i < d->cells; i++) {
		unsigned v = values[i], corner = v / 3;

		if (v > (unsigned)d->plain_high || seen & (1u << corner))
			return pb_domain_fail(err, errlen, "place %d: %s %u", i,
					      v > (unsigned)d->plain_high ? "out of range" : "a corner again",
					      v);
		seen |= 1u << corner;
		twists += v % 3;
		cells |= (uint64_t)corner_byte(corner, v % 3) << (8 * i);
	}
	if (values[PB_CORNER_FIXED] != 3 * PB_CORNER_FIXED)
		return pb_domain_fail(err, errlen, "the %s corner moves, but U, R and F turns keep it in place",
				      corner_names[PB_CORNER_FIXED]);
	if (twists % 3)
		return pb_domain_fail(err, errlen, "the twists add up to %u, not a multiple of 3 (a corner "
				      "turned in place)", twists);
	out->cells = cells;
	out->cls = 0;
	return 0;
}

/* The move of one quarter turn of FACE clockwise. */
static int quarter_move(const pb_domain *d, int face)
{
	return face * (d->nmoves / FACES);
}

static int parse_scramble(const pb_domain *d, const char *text, size_t len, pb_state *out,
			  char *err, size_t errlen)
{
	pb_state s = d->goal;

	for (size_t i = 0; i < len;) {
		const char *f;
		int turns = 1;

		if (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n') {
			i++;
			continue;
		}
		f = memchr(face_names, text[i], FACES);
		if (!f)
			return pb_domain_fail(err, errlen, "unexpected '%c' (want a turn of U, R or F, each "
					      "alone or followed by 2 or ')", text[i]);
		i++;
		if (i < len && text[i] == '2') {
			turns = 2;
			i++;
		}
		if (i < len && text[i] == '\'') {
			turns = 4 - turns;
			i++;
		}
		for (int k = 0; k < turns; k++)
			pb_apply(d, &s, quarter_move(d, (int)(f - face_names)), &s);
	}
	*out = s;
	return 0;
}

/* The corner and twist that the word W (three face letters) names: the
 * corner whose colours W lists, clockwise, from one of them. */
static int corner_of_word(const char *w, unsigned *corner, unsigned *twist)
{
	for (unsigned j = 0; j < PB_CORNER_PLACES; j++)
		for (unsigned o = 0; o < 3; o++) {
			bool all = true;

			for (unsigned k = 0; k < 3; k++)
				all &= w[k] == corner_names[j][(k + 3 - o) % 3];
			if (all) {
				*corner = j;
				*twist = o;
				return 0;
			}
		}
	return -1;
}

static int parse_corners(const pb_domain *d, const char *text, size_t len, pb_state *out,
			 char *err, size_t errlen)
{
	uint8_t values[PB_CORNER_PLACES];
	size_t i = 0;
	int count = 0;

	for (;;) {
		size_t start;
		unsigned corner, twist;

		while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' && text[i] != '\n')
			i++;
		if (count == PB_CORNER_PLACES)
			return pb_domain_fail(err, errlen, "more than %d corners", PB_CORNER_PLACES);
		if (i - start != 3 || corner_of_word(text + start, &corner, &twist))
			return pb_domain_fail(err, errlen, "'%.*s' names no corner (the faces of one, "
					      "clockwise, as URF or FUR)", (int)(i - start > 20 ? 20 : i - start),
					      text + start);
		values[count++] = (uint8_t)(3 * corner + twist);
	}
	if (count != PB_CORNER_PLACES)
		return pb_domain_fail(err, errlen, "%d corners where %d are wanted (or a scramble over "
				      "U, R and F)", count, PB_CORNER_PLACES);
	return cube_from_plain(d, values, out, err, errlen);
}

static int cube_parse(const pb_domain *d, const char *text, size_t len, pb_state *out, char *err,
		      size_t errlen)
{
	for (size_t i = 0; i < len; i++)
		if (text[i] == 'D' || text[i] == 'L' || text[i] == 'B')
			return parse_corners(d, text, len, out, err, errlen);
	return parse_scramble(d, text, len, out, err, errlen);
}

static size_t cube_format(const pb_domain *d, const pb_state *s, char *buf, size_t size)
{
	char text[4 * PB_CORNER_PLACES];
	size_t used = 0;

	for (int i = 0; i < PB_CORNER_PLACES; i++) {
		unsigned v = pb_cell_at(d, s->cells, i), j = CORNER_OF(v), o = TWIST_OF(v);

		if (i)
			text[used++] = ' ';
		for (unsigned k = 0; k < 3; k++)
			text[used++] = corner_names[j][(k + 3 - o) % 3];
	}
	text[used] = '\0';
	if (size) {
		size_t n = used < size ? used : size - 1;

		memcpy(buf, text, n);
		buf[n] = '\0';
	}
	return used;
}

static void cube_unindex(const pb_domain *d, uint64_t index, pb_state *s)
{
	uint64_t perm = pb_unrank(index / PB_TWIST_COUNT, PB_CORNERS_MOVING), cells;
	unsigned twist = (unsigned)(index % PB_TWIST_COUNT), sum = 0, tw[PB_TWIST_PLACES];

	(void)d;
	for (int j = PB_TWIST_PLACES - 1; j >= 0; j--) {
		tw[j] = twist % 3;
		twist /= 3;
		sum += tw[j];
	}
	cells = (uint64_t)corner_byte(PB_CORNER_FIXED, 0) << (8 * PB_CORNER_FIXED);
	for (int j = 0; j < PB_CORNERS_MOVING; j++) {
		unsigned v = pb_nibble(perm, j), corner = v >= PB_CORNER_FIXED ? v + 1 : v;
		unsigned t = j < PB_TWIST_PLACES ? tw[j] : (3 - sum % 3) % 3;

		cells |= (uint64_t)corner_byte(corner, t) << (8 * pb_corner_place(j));
	}
	s->cells = cells;
	s->cls = 0;
}

static void cube_random(const pb_domain *d, const pb_random *r, pb_state *out)
{
	cube_unindex(d, r->below(r->rng, d->index_count), out);
}

static const pb_domain_ops cube_ops = {
	.parse = cube_parse,
	.format = cube_format,
	.set_goal = NULL,
	.to_plain = cube_to_plain,
	.from_plain = cube_from_plain,
	.unindex = cube_unindex,
	.random = cube_random,
	.twin = NULL,
	.estimate = NULL,
};

/* Move M as POWER quarter turns of FACE (POWER 1..3), and its name. */
static void set_turn(pb_domain *d, int m, int face, int power)
{
	static const char *const suffix[4] = { "", "", "2", "'" };
	uint8_t src[PB_CORNER_PLACES], tw[PB_CORNER_PLACES];

	for (int i = 0; i < PB_CORNER_PLACES; i++) {
		src[i] = (uint8_t)i;
		tw[i] = 0;
	}
	/* one quarter turn more: place i takes what its source held after
	 * the turns so far, twisted by this turn's twist */
	for (int p = 0; p < power; p++) {
		uint8_t nsrc[PB_CORNER_PLACES], ntw[PB_CORNER_PLACES];

		for (int i = 0; i < PB_CORNER_PLACES; i++) {
			int from = quarter_turns[face].source[i];

			nsrc[i] = src[from];
			ntw[i] = (uint8_t)((tw[from] + quarter_turns[face].twist[i]) % 3);
		}
		memcpy(src, nsrc, sizeof(src));
		memcpy(tw, ntw, sizeof(tw));
	}
	d->move_names[m][0] = face_names[face];
	strcpy(d->move_names[m] + 1, suffix[power]);
	memcpy(d->op_source[m], src, PB_CORNER_PLACES);
	d->twist[m] = 0;
	for (int i = 0; i < PB_CORNER_PLACES; i++)
		d->twist[m] |= (uint64_t)tw[i] << (8 * i);
}

static void cube_init(pb_domain *d, bool quarter)
{
	/* the powers of each face's turns: U U2 U', or U U' */
	static const int half_metric[] = { 1, 2, 3 }, quarter_metric[] = { 1, 3 };
	const int *powers = quarter ? quarter_metric : half_metric;
	int per_face = quarter ? 2 : 3;

	d->ops = &cube_ops;
	d->kernel = PB_KERNEL_CORNERS;
	d->width = PB_CORNER_PLACES;
	d->height = 1;
	d->cells = PB_CORNER_PLACES;
	d->plain_low = 0;
	d->plain_high = 3 * PB_CORNER_PLACES - 1;
	d->nmoves = FACES * per_face;
	d->nclasses = 1;
	d->move_sep = " ";
	for (int f = 0; f < FACES; f++) {
		for (int p = 0; p < per_face; p++) {
			int m = f * per_face + p;

			set_turn(d, m, f, powers[p]);
			d->inverse[m] = (uint8_t)(f * per_face + per_face - 1 - p);
			d->next_class[0][m] = 0;
			/* the half-turn metric tries no turn of the face just
			 * turned (two make one, or none); quarter turns only
			 * the undoing one (two make a half turn) */
			if (!quarter)
				d->pruned_after[m] = ((1u << per_face) - 1) << (f * per_face);
		}
	}
	for (int i = 0; i < PB_CORNER_PLACES; i++)
		d->op_source[d->nmoves][i] = (uint8_t)i;
	pb_domain_finish_moves(d);
	d->state_count = pb_factorial(PB_CORNERS_MOVING) * PB_TWIST_COUNT;
	d->index_count = (uint64_t)d->state_count;
	d->goal_blank = -1;
	d->goal.cells = 0;
	for (int i = 0; i < PB_CORNER_PLACES; i++) {
		d->label[i] = d->unlabel[i] = (uint8_t)i;
		d->goal_label[i] = (uint8_t)i;
		d->goal.cells |= (pb_cells)corner_byte((unsigned)i, 0) << (8 * i);
	}
	d->goal.cls = 0;
}

/* cube2: the half-turn metric; cube2q: quarter turns (the family's
 * pattern is the member's name). */
int pb_cube_make(const pb_family *f, pb_domain *d, const char *name, char *err, size_t errlen)
{
	size_t n = strlen(name);

	(void)err, (void)errlen;
	if (strcmp(name, f->pattern))
		return 1;
	cube_init(d, name[n - 1] == 'q');
	return 0;
}
