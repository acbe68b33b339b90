/* The abstract space of a sliding-tile pattern, searched plainly (see
 * pattern_space.h). */
#include "tests/support/pattern_space.h"

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define NIBBLE 4
#define NIBBLE_MASK 15u
/* The seen set starts at this many slots and doubles at half full. */
#define SEEN_START (1u << 16)
#define OPEN_START 64
/* Fibonacci hashing: 2^64 over the golden ratio. */
#define HASH_MUL 0x9e3779b97f4a7c15ULL

ps_pattern ps_pattern_make(int w, int h, int goal_blank, const uint8_t *goal, int k)
{
	ps_pattern p = { .w = w, .h = h, .n = w * h, .goal_blank = goal_blank, .k = k };

	cr_assert(k > 0 && k <= PS_MAX_TILES && p.n <= PS_MAX_CELLS, "a pattern of %d tiles on %dx%d",
		  k, w, h);
	memcpy(p.goal, goal, (size_t)k);
	return p;
}

size_t ps_key(const ps_pattern *p, const uint8_t *pos, int b)
{
	size_t key = (size_t)b;

	for (int i = p->k - 1; i >= 0; i--)
		key = key * (size_t)p->n + pos[i];
	return key;
}

static void decode(const ps_pattern *p, size_t key, uint8_t *pos, int *b)
{
	for (int i = 0; i < p->k; i++, key /= (size_t)p->n)
		pos[i] = (uint8_t)(key % (size_t)p->n);
	*b = (int)key;
}

/* The cells next to cell B, into TO; their count. */
static int neighbours(const ps_pattern *p, int b, int *to)
{
	int count = 0, row = b / p->w, col = b % p->w;

	if (row > 0)
		to[count++] = b - p->w;
	if (row < p->h - 1)
		to[count++] = b + p->w;
	if (col > 0)
		to[count++] = b - 1;
	if (col < p->w - 1)
		to[count++] = b + 1;
	return count;
}

/* The pattern tile on cell C of POS, or -1. */
static int tile_on(const ps_pattern *p, const uint8_t *pos, int c)
{
	for (int i = 0; i < p->k; i++)
		if (pos[i] == c)
			return i;
	return -1;
}

typedef struct layer {
	size_t *keys, count, cap;
} layer;

static void layer_push(layer *l, size_t key)
{
	if (l->count == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 1024;
		l->keys = realloc(l->keys, l->cap * sizeof(*l->keys));
		cr_assert_not_null(l->keys);
	}
	l->keys[l->count++] = key;
}

uint8_t *ps_distances(const ps_pattern *p)
{
	size_t states = (size_t)p->n;
	layer now = { 0 }, next = { 0 };
	uint8_t *dist;

	for (int i = 0; i < p->k; i++)
		states *= (size_t)p->n;
	dist = malloc(states);
	cr_assert_not_null(dist, "%zu bytes for a pattern of %d tiles", states, p->k);
	memset(dist, PS_UNREACHED, states);
	layer_push(&now, ps_key(p, p->goal, p->goal_blank));
	dist[now.keys[0]] = 0;
	for (unsigned depth = 0; now.count; depth++) {
		for (size_t j = 0; j < now.count; j++) {
			uint8_t pos[PS_MAX_TILES];
			int b, to[4], nto;

			if (dist[now.keys[j]] != depth)
				continue; /* reached more cheaply since */
			decode(p, now.keys[j], pos, &b);
			nto = neighbours(p, b, to);
			for (int m = 0; m < nto; m++) {
				int c = to[m], moved = tile_on(p, pos, c);
				unsigned cost = moved >= 0;
				size_t key;

				if (moved >= 0)
					pos[moved] = (uint8_t)b;
				key = ps_key(p, pos, c);
				if (moved >= 0)
					pos[moved] = (uint8_t)c;
				if (dist[key] <= depth + cost)
					continue;
				dist[key] = (uint8_t)(depth + cost);
				layer_push(cost ? &next : &now, key);
			}
		}
		free(now.keys);
		now = next;
		next = (layer){ 0 };
	}
	free(now.keys);
	return dist;
}

unsigned ps_manhattan(const ps_pattern *p, const uint8_t *pos)
{
	unsigned md = 0;

	for (int i = 0; i < p->k; i++)
		md += (unsigned)(abs(pos[i] / p->w - p->goal[i] / p->w) +
				 abs(pos[i] % p->w - p->goal[i] % p->w));
	return md;
}

/* The cells of FREE that the blank on cell B reaches without moving a
 * pattern tile (B's region), as a mask. */
static uint32_t region(const ps_oracle *o, uint32_t free, int b)
{
	uint32_t r = 1u << b, frontier = r;

	while (frontier) {
		uint32_t grow = 0;

		for (uint32_t f = frontier; f; f &= f - 1)
			grow |= o->next_to[__builtin_ctz(f)];
		frontier = grow & free & ~r;
		r |= frontier;
	}
	return r;
}

/* Split the pattern's tiles, taken in ORDER, into groups of at most
 * PS_GROUP_TILES; each group's exact distances. */
static void split(ps_oracle *o, int s, const uint8_t *order)
{
	const ps_pattern *p = &o->p;

	for (int first = 0; first < p->k; first += PS_GROUP_TILES) {
		ps_group *g = &o->group[s][o->ngroups[s]++];
		uint8_t goal[PS_GROUP_TILES];
		int k = p->k - first < PS_GROUP_TILES ? p->k - first : PS_GROUP_TILES;

		for (int j = 0; j < k; j++) {
			g->tile[j] = order[first + j];
			goal[j] = p->goal[g->tile[j]];
		}
		g->p = ps_pattern_make(p->w, p->h, p->goal_blank, goal, k);
		g->dist = ps_distances(&g->p);
	}
}

/* Whether two orders make the same groups. */
static bool same_groups(const ps_pattern *p, const uint8_t *a, const uint8_t *b)
{
	for (int first = 0; first < p->k; first += PS_GROUP_TILES) {
		uint32_t ma = 0, mb = 0;

		for (int j = first; j < p->k && j < first + PS_GROUP_TILES; j++) {
			ma |= 1u << a[j];
			mb |= 1u << b[j];
		}
		if (ma != mb)
			return false;
	}
	return true;
}

void ps_oracle_init(ps_oracle *o, const ps_pattern *p)
{
	uint8_t rows[PS_MAX_TILES], columns[PS_MAX_TILES];
	int n = 0;

	cr_assert(p->n <= 1 << NIBBLE, "the oracle packs a cell in %d bits: %d cells", NIBBLE, p->n);
	memset(o, 0, sizeof(*o));
	o->p = *p;
	for (int c = 0; c < p->n; c++) {
		int to[4], nto = neighbours(p, c, to);

		for (int m = 0; m < nto; m++)
			o->next_to[c] |= 1u << to[m];
	}
	/* the tiles by their goal cells' rows, then by their columns */
	for (int c = 0; c < p->n; c++) {
		int t = tile_on(p, p->goal, c);

		if (t >= 0)
			rows[n++] = (uint8_t)t;
	}
	n = 0;
	for (int col = 0; col < p->w; col++)
		for (int row = 0; row < p->h; row++) {
			int t = tile_on(p, p->goal, row * p->w + col);

			if (t >= 0)
				columns[n++] = (uint8_t)t;
		}
	split(o, o->nsplits++, rows);
	if (!same_groups(p, rows, columns))
		split(o, o->nsplits++, columns);
	o->seen_cap = SEEN_START;
	o->seen_key = calloc(o->seen_cap, sizeof(*o->seen_key));
	o->seen_g = malloc(o->seen_cap);
	cr_assert(o->seen_key && o->seen_g);
}

void ps_oracle_release(ps_oracle *o)
{
	for (int s = 0; s < o->nsplits; s++)
		for (int g = 0; g < o->ngroups[s]; g++)
			free(o->group[s][g].dist);
	for (int f = 0; f < PS_MAX_F; f++)
		free(o->open[f]);
	free(o->seen_key);
	free(o->seen_g);
	memset(o, 0, sizeof(*o));
}

/* A search state packed: its region's lowest cell in the low nibble, tile
 * i in nibble i + 1; stored plus one, so that 0 marks an empty slot of the
 * seen set. */
static uint64_t pack(const ps_pattern *p, const uint8_t *pos, int b)
{
	uint64_t x = (uint64_t)b;

	for (int i = 0; i < p->k && i < PS_MAX_TILES; i++)
		x |= (uint64_t)pos[i] << (NIBBLE * (i + 1));
	return x + 1;
}

static void unpack(const ps_pattern *p, uint64_t x, uint8_t *pos, int *b)
{
	x--;
	*b = (int)(x & NIBBLE_MASK);
	for (int i = 0; i < p->k && i < PS_MAX_TILES; i++)
		pos[i] = (uint8_t)((x >> (NIBBLE * (i + 1))) & NIBBLE_MASK);
}

static size_t slot_of(const ps_oracle *o, uint64_t x)
{
	size_t mask = o->seen_cap - 1, i = (size_t)((x * HASH_MUL) >> 20) & mask;

	while (o->seen_key[i] && o->seen_key[i] != x)
		i = (i + 1) & mask;
	return i;
}

static void seen_grow(ps_oracle *o)
{
	uint64_t *keys = o->seen_key;
	uint8_t *g = o->seen_g;
	size_t cap = o->seen_cap;

	o->seen_cap *= 2;
	o->seen_key = calloc(o->seen_cap, sizeof(*o->seen_key));
	o->seen_g = malloc(o->seen_cap);
	cr_assert(o->seen_key && o->seen_g, "a seen set of %zu states", o->seen_cap);
	for (size_t i = 0; i < cap; i++)
		if (keys[i]) {
			size_t j = slot_of(o, keys[i]);

			o->seen_key[j] = keys[i];
			o->seen_g[j] = g[i];
		}
	free(keys);
	free(g);
}

/* Record G for X unless X was met as cheaply before: whether it was new
 * or cheaper. */
static int seen_improve(ps_oracle *o, uint64_t x, unsigned g)
{
	size_t i;

	if (2 * (o->seen_count + 1) > o->seen_cap)
		seen_grow(o);
	i = slot_of(o, x);
	if (o->seen_key[i] && o->seen_g[i] <= g)
		return 0;
	if (!o->seen_key[i])
		o->seen_count++;
	o->seen_key[i] = x;
	o->seen_g[i] = (uint8_t)g;
	return 1;
}

/* The heuristic of the placement POS with the blank on B: the larger of
 * the splits' sums. */
static unsigned heuristic(const ps_oracle *o, const uint8_t *pos, int b)
{
	unsigned best = 0;

	for (int s = 0; s < o->nsplits; s++) {
		unsigned h = 0;

		for (int g = 0; g < o->ngroups[s]; g++) {
			const ps_group *gr = &o->group[s][g];
			uint8_t at[PS_GROUP_TILES];
			uint8_t d;

			for (int j = 0; j < gr->p.k; j++)
				at[j] = pos[gr->tile[j]];
			d = gr->dist[ps_key(&gr->p, at, b)];
			cr_assert_neq(d, PS_UNREACHED, "the blank on a pattern tile");
			h += d;
		}
		if (h > best)
			best = h;
	}
	return best;
}

/* Open X, met at cost G, in the bucket of f = G + h. */
static void open_push(ps_oracle *o, uint64_t x, unsigned g, unsigned f)
{
	cr_assert_lt(f, PS_MAX_F, "f = %u", f);
	if (o->open_count[f] == o->open_cap[f]) {
		o->open_cap[f] = o->open_cap[f] ? 2 * o->open_cap[f] : OPEN_START;
		o->open[f] = realloc(o->open[f], o->open_cap[f] * sizeof(*o->open[f]));
		cr_assert_not_null(o->open[f]);
	}
	/* the packed state takes 36 bits at most: g above them */
	o->open[f][o->open_count[f]++] = x | (uint64_t)g << 48;
}

static uint32_t occupied(const ps_pattern *p, const uint8_t *pos)
{
	uint32_t m = 0;

	for (int i = 0; i < p->k && i < PS_MAX_TILES; i++)
		m |= 1u << pos[i];
	return m;
}

static void start_search(ps_oracle *o)
{
	if (o->seen_cap > SEEN_START) { /* a hard placement grew it: start small again */
		free(o->seen_key);
		free(o->seen_g);
		o->seen_cap = SEEN_START;
		o->seen_key = malloc(o->seen_cap * sizeof(*o->seen_key));
		o->seen_g = malloc(o->seen_cap);
		cr_assert(o->seen_key && o->seen_g);
	}
	memset(o->seen_key, 0, o->seen_cap * sizeof(*o->seen_key));
	o->seen_count = 0;
}

/* Expand the state (placement AT, region R), met at cost G and opened at
 * F: each pattern tile next to the region steps into it, at a cost of one. */
static void expand(ps_oracle *o, uint8_t *at, uint32_t r, unsigned g, unsigned f)
{
	const ps_pattern *p = &o->p;
	uint32_t full = occupied(p, at), all = (1u << p->n) - 1;

	o->expanded++;
	for (int i = 0; i < p->k; i++) {
		int from = at[i];
		uint32_t into = o->next_to[from] & r;

		for (; into; into &= into - 1) {
			int c = __builtin_ctz(into);
			uint32_t nr = region(o, all & ~(full & ~(1u << from)) & ~(1u << c), from);
			int low = __builtin_ctz(nr);
			uint64_t y;

			at[i] = (uint8_t)c;
			y = pack(p, at, low);
			if (seen_improve(o, y, g + 1)) {
				unsigned fy = g + 1 + heuristic(o, at, low);

				cr_assert_geq(fy, f, "the groups' heuristic is not consistent");
				open_push(o, y, g + 1, fy);
			}
			at[i] = (uint8_t)from;
		}
	}
}

unsigned ps_oracle_distance(ps_oracle *o, const uint8_t *pos)
{
	const ps_pattern *p = &o->p;
	uint32_t all = (1u << p->n) - 1, free = all & ~occupied(p, pos), left = free;
	uint64_t goal;
	unsigned found = PS_UNREACHED;

	goal = pack(p, p->goal, __builtin_ctz(region(o, all & ~occupied(p, p->goal), p->goal_blank)));
	start_search(o);
	/* one start a region of the free cells */
	while (left) {
		uint32_t r = region(o, free, __builtin_ctz(left));
		int low = __builtin_ctz(r);
		uint64_t x = pack(p, pos, low);

		left &= ~r;
		seen_improve(o, x, 0);
		open_push(o, x, 0, heuristic(o, pos, low));
	}
	for (unsigned f = 0; f < PS_MAX_F && found == PS_UNREACHED; f++)
		while (o->open_count[f]) {
			uint64_t e = o->open[f][--o->open_count[f]], x = e & ((1ULL << 48) - 1);
			unsigned g = (unsigned)(e >> 48);
			uint8_t at[PS_MAX_TILES];
			int b;

			if (o->seen_g[slot_of(o, x)] < g)
				continue; /* met more cheaply since */
			if (x == goal) {
				found = g;
				break;
			}
			unpack(p, x, at, &b);
			expand(o, at, region(o, all & ~occupied(p, at), b), g, f);
		}
	for (unsigned f = 0; f < PS_MAX_F; f++)
		o->open_count[f] = 0;
	cr_assert_neq(found, PS_UNREACHED, "no path to the pattern's goal");
	return found;
}
