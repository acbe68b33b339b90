/* The buckets of a tiles layer (see core/layers.h) and the order in which
 * the next layer is pulled from them, shared by the searches that go layer
 * by layer (bfs-hash, bfs-cantor, reverse-table's build). A bucket holds
 * the states with the blank at one cell that one move reached (or none: the
 * first layer). */
#ifndef PB_TILE_LAYERS_H
#define PB_TILE_LAYERS_H

#include <stdbool.h>
#include <stdint.h>

#include "../puzzles/domain.h"

/* The moves that can reach a state, and PB_MAX_MOVES for none. */
#define PB_TILE_LASTS (PB_MAX_MOVES + 1)
#define PB_TILE_BUCKETS(d) ((d)->cells * PB_TILE_LASTS)

static inline int pb_tile_bucket(int blank, int last)
{
	return blank * PB_TILE_LASTS + last;
}

/* One pull: move MOVE takes the blank of every state in bucket FROM to cell
 * TO, and the new states go to bucket INTO (TO, MOVE). */
typedef struct pb_tile_pull {
	uint8_t from, into, to, move;
	bool first_from; /* the first pull from FROM in a layer */
	bool last_into;  /* the last pull into INTO: close it after */
} pb_tile_pull;

#define PB_TILE_PULLS_MAX (PB_MAX_CELLS * PB_MAX_MOVES * PB_TILE_LASTS)

/* The pulls that make a layer of D, bucket after bucket of the new layer:
 * into each (TO, M) from every bucket whose blank M takes to TO, but the
 * one whose last move M would undo. Fills PULLS; returns how many. */
int pb_tile_pulls(const pb_domain *d, pb_tile_pull *pulls);

#endif
