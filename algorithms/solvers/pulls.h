/* The buckets of a layer of a breadth-first search (see core/layers.h)
 * and the order in which the next layer is pulled from them, shared by the
 * searches that go layer by layer (bfs-hash, bfs-cantor, reverse-table's
 * build). A bucket holds the states of one class (tiles: the blank's cell)
 * that one move reached (or none: the first layer), so every state of a
 * bucket tries the same moves. */
#ifndef PB_PULLS_H
#define PB_PULLS_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/meter.h"
#include "../puzzles/domain.h"

/* The bucket of the states of class CLS reached by move LAST (d->nmoves:
 * none), and how many buckets a layer of D has. */
static inline int pb_bucket(const pb_domain *d, int cls, int last)
{
	return cls * (d->nmoves + 1) + last;
}

static inline int pb_buckets(const pb_domain *d)
{
	return d->nclasses * (d->nmoves + 1);
}

/* One pull: move MOVE takes every state of bucket FROM (class FROM_CLASS)
 * to class TO, and the new states go to bucket INTO (TO, MOVE). */
typedef struct pb_pull {
	uint16_t from, into;
	uint8_t from_class, to, move;
	bool first_from; /* the first pull from FROM in a layer */
	bool last_into;  /* the last pull into INTO: close it after */
} pb_pull;

/* The pulls that make a layer of D, bucket after bucket of the new layer:
 * into each (TO, M) from every bucket whose class M takes to TO, but the
 * one whose last move M would undo. Allocated through METER into *PULLS
 * (free with pb_free); returns how many, or -1 when the meter refused. */
int pb_pulls(const pb_domain *d, pb_meter *meter, pb_pull **pulls);

#endif
