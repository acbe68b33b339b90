/* The abstract space of a sliding-tile pattern, searched plainly here to
 * check the pattern databases (algorithms/heuristics/pdb.h) from outside:
 * K pattern tiles, each with its goal cell, and the blank, on a W x H board;
 * the other tiles are forgotten. A move takes the blank to a neighbouring
 * cell: onto a pattern tile it moves that tile (cost 1), onto any other
 * cell it costs nothing. The goal: every pattern tile on its goal cell and
 * the blank on its goal cell. Nothing here uses the project's ranks, move
 * tables or region tables: neighbours come from the board's shape, states
 * are their cells. Test code only. */
#ifndef PB_TEST_PATTERN_SPACE_H
#define PB_TEST_PATTERN_SPACE_H

#include <stddef.h>
#include <stdint.h>

/* The most pattern tiles (the 8 of the 7-8 partition). */
#define PS_MAX_TILES 8
/* The most cells of a board (ps_distances; the oracle, which packs a cell
 * in four bits, takes boards of up to 16). */
#define PS_MAX_CELLS 25
/* A distance not reached (a blank on a pattern tile). */
#define PS_UNREACHED UINT8_MAX

typedef struct ps_pattern {
	int w, h, n;        /* the board, n = w * h cells */
	int goal_blank;     /* the blank's goal cell */
	int k;              /* pattern tiles */
	uint8_t goal[PS_MAX_TILES]; /* their goal cells */
} ps_pattern;

/* The pattern of the K tiles with goal cells GOAL on the W x H board. */
ps_pattern ps_pattern_make(int w, int h, int goal_blank, const uint8_t *goal, int k);

/* The state with tile i on POS[i] and the blank on B, as a number in base n
 * (POS[0] the lowest digit, B the highest). */
size_t ps_key(const ps_pattern *p, const uint8_t *pos, int b);

/* Fewest pattern moves from every state to the goal, by a breadth-first
 * search over the whole space, a free move staying in its layer: n^(k+1)
 * bytes indexed by ps_key (free() it); PS_UNREACHED where the blank stands
 * on a pattern tile. For small patterns only (n^(k+1) bytes). */
uint8_t *ps_distances(const ps_pattern *p);

/* Fewest pattern moves to the goal of a placement, the least over every
 * free cell the blank may start on, by A*. A state is the placement and
 * the region of free cells the blank is in (it crosses them at no cost),
 * found by a flood fill here. The heuristic is its own: the larger of two
 * splits of the pattern into groups of at most PS_GROUP_TILES tiles (in
 * the order of the goal cells by rows, then by columns), each split the
 * sum of its groups' exact distances by ps_distances: a move moves one
 * tile of one group, so a sum never overestimates and changes by at most
 * the move's cost. */
#define PS_GROUP_TILES 4
#define PS_MAX_GROUPS ((PS_MAX_TILES + PS_GROUP_TILES - 1) / PS_GROUP_TILES)
#define PS_SPLITS 2
/* The most f values a search keeps apart (more than any distance here). */
#define PS_MAX_F 256

typedef struct ps_group {
	ps_pattern p;
	uint8_t tile[PS_GROUP_TILES]; /* its tiles' places in the pattern */
	uint8_t *dist;                /* its exact distances (ps_distances) */
} ps_group;

typedef struct ps_oracle {
	ps_pattern p;
	uint32_t next_to[PS_MAX_CELLS]; /* the cells next to each cell */
	int nsplits, ngroups[PS_SPLITS];
	ps_group group[PS_SPLITS][PS_MAX_GROUPS];
	/* the search: open states by f, and the best g of each state met */
	uint64_t *open[PS_MAX_F];
	size_t open_count[PS_MAX_F], open_cap[PS_MAX_F];
	uint64_t *seen_key;
	uint8_t *seen_g;
	size_t seen_cap, seen_count;
	uint64_t expanded; /* states expanded by every call so far */
} ps_oracle;

void ps_oracle_init(ps_oracle *o, const ps_pattern *p);

/* The distance of the placement with tile i on POS[i] (distinct cells). */
unsigned ps_oracle_distance(ps_oracle *o, const uint8_t *pos);

void ps_oracle_release(ps_oracle *o);

/* The pattern tiles' Manhattan distance from their goal cells. */
unsigned ps_manhattan(const ps_pattern *p, const uint8_t *pos);

#endif
