#include "harness/engine/turn.h"

#include <stdio.h>
#include <stdlib.h>

/* Whether D's goal is its default goal. */
bool turn_none_needed(const pb_domain *d)
{
	uint8_t goal[PB_MAX_CELLS];

	if (!d->board)
		return true;
	pb_to_plain(d, &d->goal, goal);
	for (int c = 0; c < d->cells; c++)
		if (goal[c] != (c + 1) % d->cells)
			return false;
	return true;
}

/* Why the goal of D cannot be turned into the default one, or NULL: its
 * blank must be in a corner, which a reflection takes to the last cell. */
const char *turn_refusal(const pb_domain *d, char *why, size_t whylen)
{
	int x = d->goal_blank % d->width, y = d->goal_blank / d->width;

	if (turn_none_needed(d) || ((x == 0 || x == d->width - 1) && (y == 0 || y == d->height - 1)))
		return NULL;
	snprintf(why, whylen, "the goal's blank is at cell %d, not in a corner: no symmetry of "
		 "the board gives an external program its default goal", d->goal_blank + 1);
	return why;
}

int turn_init(turn *t, const pb_domain *d, char *why, size_t whylen)
{
	int w = d->width, h = d->height, gx = d->goal_blank % w, gy = d->goal_blank / w;
	bool flip_x = gx != w - 1, flip_y = gy != h - 1;
	uint8_t goal[PB_MAX_CELLS];

	if (pb_domain_init(&t->board, d->name, why, whylen))
		return -1;
	for (int cell = 0; cell < d->cells; cell++) {
		int x = cell % w, y = cell / w;

		t->cell_to[cell] = (uint8_t)((flip_y ? h - 1 - y : y) * w + (flip_x ? w - 1 - x : x));
	}
	/* the tile at goal cell k becomes the tile the default goal has at
	 * the cell k goes to: its number, one more than the cell */
	pb_to_plain(d, &d->goal, goal);
	for (int cell = 0; cell < d->cells; cell++) {
		unsigned tile = goal[cell];

		t->tile_to[tile] = (uint8_t)(tile ? t->cell_to[cell] + 1 : 0);
	}
	for (int m = 0; m < d->nmoves; m++) {
		for (int cell = 0; cell < d->cells; cell++) {
			int to = d->next_class[cell][m];

			if (to < 0)
				continue;
			for (int k = 0; k < t->board.nmoves && k < PB_MAX_MOVES; k++)
				if (t->board.next_class[t->cell_to[cell]][k] == t->cell_to[to])
					t->move_back[k] = (uint8_t)m;
			break;
		}
	}
	return 0;
}

pb_state turn_state(const turn *t, const pb_domain *d, const pb_state *s)
{
	uint8_t from[PB_MAX_CELLS], to[PB_MAX_CELLS];
	pb_state r;
	char err[128];

	pb_to_plain(d, s, from);
	for (int cell = 0; cell < d->cells; cell++)
		to[t->cell_to[cell]] = t->tile_to[from[cell]];
	/* a symmetry of the board takes an arrangement to an arrangement */
	if (pb_from_plain(&t->board, to, &r, err, sizeof(err)))
		abort();
	return r;
}
