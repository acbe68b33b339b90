/* Pattern databases: every entry against a plain search of the abstract
 * space written here (a 0-1 breadth-first search over the pattern tiles'
 * cells and the blank's exact cell, no regions, no ranks), on boards of up
 * to 16 cells and past them (5x5, 3x8, 2x12); placement ranks as a
 * bijection; the cache file's round trip and its rejection of damaged or
 * stale files; and the limits during a build. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "algorithms/core/rank.h"
#include "algorithms/heuristics/pdb.h"

/* A board: its size and the goal's blank. */
typedef struct board {
	int width, height, goal_blank;
} board;

/* The abstract state: pattern tile i on cell pos[i], blank on cell b, as
 * one number in base n (pos[0] the lowest digit, b the highest). */
static size_t encode(const uint8_t *pos, int k, int b, int n)
{
	size_t key = (size_t)b;

	for (int i = k - 1; i >= 0; i--)
		key = key * (size_t)n + pos[i];
	return key;
}

static void decode(size_t key, int k, int n, uint8_t *pos, int *b)
{
	for (int i = 0; i < k; i++, key /= (size_t)n)
		pos[i] = (uint8_t)(key % (size_t)n);
	*b = (int)key;
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

/* The cell one step in direction M (up, down, left, right) from C on B,
 * or -1 off the board. */
static int step(const board *bd, int c, int m)
{
	static const int drow[4] = { -1, 1, 0, 0 }, dcol[4] = { 0, 0, -1, 1 };
	int row = c / bd->width + drow[m], col = c % bd->width + dcol[m];

	return row < 0 || row >= bd->height || col < 0 || col >= bd->width ? -1 : row * bd->width + col;
}

/* Fewest pattern moves from each abstract state to the goal (pattern home,
 * blank on its goal cell), layer by layer: a move of the blank onto a cell
 * no pattern tile holds costs nothing and stays in the layer. UINT8_MAX:
 * never reached. */
static uint8_t *abstract_distances(const board *bd, const pb_pdb *p)
{
	int n = bd->width * bd->height, k = p->ntiles;
	size_t states = (size_t)n;
	layer now = { 0 }, next = { 0 };
	uint8_t *dist;

	for (int i = 0; i < k; i++)
		states *= (size_t)n;
	dist = malloc(states);
	cr_assert_not_null(dist);
	memset(dist, UINT8_MAX, states);
	layer_push(&now, encode(p->goal_cell, k, bd->goal_blank, n));
	dist[now.keys[0]] = 0;
	for (unsigned depth = 0; now.count; depth++) {
		for (size_t j = 0; j < now.count; j++) {
			uint8_t pos[PB_PDB_MAX_TILES];
			int b;

			if (dist[now.keys[j]] != depth)
				continue; /* reached more cheaply since */
			decode(now.keys[j], k, n, pos, &b);
			for (int m = 0; m < 4; m++) {
				int c = step(bd, b, m), moved = -1;
				size_t key;

				if (c < 0)
					continue;
				for (int i = 0; i < k; i++)
					if (pos[i] == c)
						moved = i;
				if (moved >= 0)
					pos[moved] = (uint8_t)b;
				key = encode(pos, k, c, n);
				if (moved >= 0)
					pos[moved] = (uint8_t)c;
				if (dist[key] <= depth + (moved >= 0))
					continue;
				dist[key] = (uint8_t)(depth + (moved >= 0));
				layer_push(moved >= 0 ? &next : &now, key);
			}
		}
		free(now.keys);
		now = next;
		next = (layer){ 0 };
	}
	free(now.keys);
	return dist;
}

/* Build the pattern of the goal cells CELLS (NTILES tiles) on BD and check
 * every entry against the plain search: the least distance over the
 * blank's cells, and the rank of each placement's unrank. */
static void check_pattern(board bd, uint32_t cells, int ntiles)
{
	int n = bd.width * bd.height, w = bd.width;
	pb_pdb p;
	pb_search s;
	pb_status st;
	uint8_t *dist, same[PB_PDB_MAX_CELLS], order[PB_PDB_MAX_TILES];
	char name[64];

	snprintf(name, sizeof(name), "%dx%d blank %d pattern %07x", bd.width, bd.height,
		 bd.goal_blank, (unsigned)cells);
	cr_assert_eq(pb_pdb_init(&p, bd.width, bd.height, bd.goal_blank, cells, NULL), 0, "%s", name);
	cr_assert_eq(p.ntiles, ntiles, "%s: %d tiles", name, p.ntiles);
	pb_search_init(&s, 0, 0, NULL);
	st = pb_pdb_build(&p, &s);
	cr_assert_eq(st, PB_SOLVED, "%s: %s (%s)", name, pb_status_name(st), s.message);
	dist = abstract_distances(&bd, &p);
	for (int i = 0; i < n; i++)
		same[i] = (uint8_t)i;
	for (int i = 0; i < p.ntiles; i++)
		order[i] = (uint8_t)i;
	for (uint64_t r = 0; r < p.entries; r++) {
		uint8_t pos[PB_PDB_MAX_TILES];
		unsigned best = UINT8_MAX, md = 0;

		pb_placement_unrank(n, p.ntiles, p.weight, r, pos);
		for (int i = 0; i < p.ntiles; i++)
			md += (unsigned)(abs(pos[i] / w - p.goal_cell[i] / w) +
					 abs(pos[i] % w - p.goal_cell[i] % w));
		cr_assert_eq(pb_pdb_rank(&p, pos, order, same), r, "%s: rank of unrank(%llu)", name,
			     (unsigned long long)r);
		for (int b = 0; b < n; b++) {
			size_t key = encode(pos, p.ntiles, b, n);
			bool on_tile = false;

			for (int i = 0; i < p.ntiles; i++)
				on_tile |= pos[i] == b;
			if (!on_tile && dist[key] < best)
				best = dist[key];
		}
		if (best == UINT8_MAX) {
			/* never reached (at most one tile left out: the parity) */
			cr_assert_eq(pb_pdb_excess(&p, r), PB_PDB_UNSET,
				     "%s, placement %llu: unreachable, database %u", name,
				     (unsigned long long)r, pb_pdb_excess(&p, r));
			continue;
		}
		cr_assert_eq(md + 2 * pb_pdb_excess(&p, r), best,
			     "%s, placement %llu: database %u, plain search %u", name,
			     (unsigned long long)r, md + 2 * pb_pdb_excess(&p, r), best);
	}
	free(dist);
	pb_pdb_release(&p);
	cr_assert_eq(s.meter.current, 0, "%s: %zu bytes left after the release", name,
		     s.meter.current);
}

Test(pdb, entries_match_a_plain_search)
{
	/* Korf's goal: tiles 1-4; the default goal: a square in the corner */
	check_pattern((board){ 4, 4, 0 }, 0x001e, 4);
	check_pattern((board){ 4, 4, 15 }, 0x6c00, 4);
	/* the goal blank inside the pattern's cells is left out */
	check_pattern((board){ 3, 3, 8 }, 0x01ff & ~0x0024, 6);
	check_pattern((board){ 3, 3, 4 }, 0x0145, 4);
	/* a wall of pattern tiles that shuts the blank in */
	check_pattern((board){ 3, 4, 11 }, 0x0038, 3);
	check_pattern((board){ 2, 4, 0 }, 0x00f0, 4);
	check_pattern((board){ 2, 4, 7 }, 0x0055, 4);
	/* every tile: one free cell, one slot (half the placements
	 * unreachable) */
	check_pattern((board){ 2, 2, 3 }, 0x7, 3);
	check_pattern((board){ 3, 2, 0 }, 0x3e, 5);
}

Test(pdb, boards_past_sixteen_cells)
{
	/* 5x5: a corner of Korf & Felner's first pattern, and a wall across
	 * the board's middle that splits the blank's regions */
	check_pattern((board){ 5, 5, 0 }, (1u << 1) | (1u << 5) | (1u << 6), 3);
	check_pattern((board){ 5, 5, 12 }, (1u << 10) | (1u << 11) | (1u << 13) | (1u << 14), 4);
	check_pattern((board){ 3, 8, 23 }, (1u << 0) | (1u << 4) | (1u << 8), 3);
	check_pattern((board){ 12, 2, 0 }, (1u << 12) | (1u << 1) | (1u << 23), 3);
}

Test(pdb, partitions_and_names)
{
	pb_pdb p;
	char path[256];

	cr_assert_eq(pb_pdb_init(&p, 4, 4, 15, 0xffff, NULL), -1, "a pattern of 15 tiles is too big");
	cr_assert_eq(pb_pdb_init(&p, 4, 4, 15, 0x8000, NULL), -1, "the goal blank alone is no pattern");
	cr_assert_eq(pb_pdb_init(&p, 5, 6, 0, 0x2, NULL), -1, "30 cells is past the largest board");
	cr_assert_eq(pb_pdb_init(&p, 1, 9, 0, 0x2, NULL), -1, "a board one cell wide");
	cr_assert_eq(pb_pdb_init(&p, 4, 4, 15, 0xff00, NULL), 0);
	cr_assert_eq(p.ntiles, 7, "rows 2-3 hold 7 tiles with the blank last, not %d", p.ntiles);
	cr_assert_eq(p.entries, PB_F16 / PB_F9, "7 tiles on 16 cells: 16!/9! placements");
	cr_assert_eq(pb_pdb_file_name(&p, "dir", path, sizeof(path)), 0);
	cr_assert_str_eq(path, "dir/tiles4x4-b15-7f00.pdb");
	cr_assert_eq(pb_pdb_file_name(&p, "dir", path, 10), -1, "too long for 10 bytes");
	/* six tiles on 25 cells: 25!/19! placements; seven hex digits */
	cr_assert_eq(pb_pdb_init(&p, 5, 5, 0, 0x10e6, NULL), 0);
	cr_assert_eq(p.entries, 127512000u, "25*24*23*22*21*20");
	cr_assert_eq(pb_pdb_file_name(&p, "dir", path, sizeof(path)), 0);
	cr_assert_str_eq(path, "dir/tiles5x5-b0-00010e6.pdb");
	/* labels: what lookups know each tile by */
	cr_assert_eq(pb_pdb_init(&p, 3, 3, 8, 0x3, (const uint8_t[]){ 1, 2, 3, 4, 5, 6, 7, 8, 0 }), 0);
	cr_assert_eq(p.tiles[0], 1);
	cr_assert_eq(p.tiles[1], 2);
	cr_assert_eq(p.goal_cell[1], 1);
}

static void write_bytes(const char *path, long offset, const void *bytes, size_t len)
{
	FILE *f = fopen(path, "r+b");

	cr_assert_not_null(f, "%s", path);
	cr_assert_eq(fseek(f, offset, SEEK_SET), 0);
	cr_assert_eq(fwrite(bytes, 1, len, f), len);
	fclose(f);
}

static long file_size(const char *path)
{
	struct stat st;

	cr_assert_eq(stat(path, &st), 0, "%s", path);
	return (long)st.st_size;
}

Test(pdb, cache_round_trip_and_stale_files)
{
	char dir[] = "/tmp/pb-pdb-XXXXXX", sub[64], path[256], path2[256], cmd[128];
	pb_pdb a, b, c;
	pb_search s;
	bool built;
	size_t bytes;
	uint8_t flip = 0x5a, version = 2;

	cr_assert_not_null(mkdtemp(dir));
	/* a directory that does not exist yet is made */
	snprintf(sub, sizeof(sub), "%s/deeper/pdb", dir);
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(pb_pdb_init(&a, 4, 4, 0, 0x00ce, NULL), 0);
	cr_assert_eq(pb_pdb_file_name(&a, sub, path, sizeof(path)), 0);
	cr_assert_eq(pb_pdb_load(&a, path, &s.meter), PB_PDB_MISSING);
	cr_assert_eq(pb_pdb_open(&a, sub, &s, &built), PB_SOLVED, "%s", s.message);
	cr_assert(built, "an empty cache means a build");
	bytes = (size_t)((a.entries + 1) / 2);

	/* loaded back: the same entries, no build */
	cr_assert_eq(pb_pdb_init(&b, 4, 4, 0, 0x00ce, NULL), 0);
	cr_assert_eq(pb_pdb_open(&b, sub, &s, &built), PB_SOLVED);
	cr_assert(!built, "a good file in the cache is loaded, not rebuilt");
	cr_assert_eq(memcmp(a.excess, b.excess, bytes), 0, "the loaded entries differ");
	cr_assert_eq(a.max_excess, b.max_excess);
	pb_pdb_release(&b);

	/* one entry changed: the checksum catches it; open rebuilds */
	write_bytes(path, file_size(path) - 1, &flip, 1);
	cr_assert_eq(pb_pdb_load(&b, path, &s.meter), PB_PDB_STALE, "a damaged entry passed");
	cr_assert_null(b.excess, "a rejected file left a table");
	cr_assert_eq(pb_pdb_open(&b, sub, &s, &built), PB_SOLVED);
	cr_assert(built, "a damaged file is rebuilt");
	pb_pdb_release(&b);
	cr_assert_eq(pb_pdb_load(&b, path, &s.meter), PB_PDB_LOADED, "the rebuilt file");
	pb_pdb_release(&b);

	/* another format version (the field after the 8-byte magic) */
	write_bytes(path, 8, &version, 1);
	cr_assert_eq(pb_pdb_load(&b, path, &s.meter), PB_PDB_STALE, "another version passed");
	/* cut short */
	cr_assert_eq(truncate(path, file_size(path) - 1), 0);
	cr_assert_eq(pb_pdb_load(&b, path, &s.meter), PB_PDB_STALE, "a short file passed");
	/* the file of another pattern under this one's name */
	cr_assert_eq(pb_pdb_init(&b, 4, 4, 0, 0x1330, NULL), 0);
	cr_assert_eq(pb_pdb_open(&b, sub, &s, &built), PB_SOLVED);
	cr_assert_eq(pb_pdb_file_name(&b, sub, path2, sizeof(path2)), 0);
	cr_assert_eq(rename(path2, path), 0);
	pb_pdb_release(&b);
	cr_assert_eq(pb_pdb_init(&b, 4, 4, 0, 0x00ce, NULL), 0);
	cr_assert_eq(pb_pdb_load(&b, path, &s.meter), PB_PDB_STALE, "another pattern's file passed");
	/* another goal: another name, and a file of this one's is refused */
	cr_assert_eq(pb_pdb_init(&c, 4, 4, 15, 0x00ce, NULL), 0);
	cr_assert_eq(pb_pdb_save(&a, path), 0);
	cr_assert_eq(pb_pdb_load(&c, path, &s.meter), PB_PDB_STALE, "another goal's file passed");

	pb_pdb_release(&a);
	cr_assert_eq(s.meter.current, 0, "%zu bytes left", s.meter.current);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* Past 16 cells: the 5x5 board's file (seven hex digits of pattern) is
 * written, found and loaded back whole, and the 4x6 board's (the same
 * cells, another board) is another file. */
Test(pdb, cache_round_trip_past_sixteen_cells)
{
	char dir[] = "/tmp/pb-pdb25-XXXXXX", path[256], other[256], cmd[128];
	uint32_t cells = (1u << 1) | (1u << 5) | (1u << 24);
	pb_pdb a, b, c;
	pb_search s;
	bool built;

	cr_assert_not_null(mkdtemp(dir));
	pb_search_init(&s, 0, 0, NULL);
	cr_assert_eq(pb_pdb_init(&a, 5, 5, 0, cells, NULL), 0);
	cr_assert_eq(pb_pdb_open(&a, dir, &s, &built), PB_SOLVED, "%s", s.message);
	cr_assert(built);
	cr_assert_eq(pb_pdb_file_name(&a, dir, path, sizeof(path)), 0);
	cr_assert(strstr(path, "/tiles5x5-b0-1000022.pdb"), "%s", path);
	cr_assert_eq(pb_pdb_init(&b, 5, 5, 0, cells, NULL), 0);
	cr_assert_eq(pb_pdb_open(&b, dir, &s, &built), PB_SOLVED, "%s", s.message);
	cr_assert(!built, "'%s' is loaded, not rebuilt", path);
	cr_assert_eq(memcmp(a.excess, b.excess, (size_t)((a.entries + 1) / 2)), 0);
	cr_assert_eq(a.max_excess, b.max_excess);
	cr_assert_eq(pb_pdb_init(&c, 4, 6, 0, cells & ((1u << 24) - 1), NULL), 0);
	cr_assert_eq(pb_pdb_file_name(&c, dir, other, sizeof(other)), 0);
	cr_assert_str_neq(path, other);
	cr_assert_eq(pb_pdb_load(&c, path, &s.meter), PB_PDB_STALE, "another board's file passed");
	pb_pdb_release(&a);
	pb_pdb_release(&b);
	cr_assert_eq(s.meter.current, 0, "%zu bytes left", s.meter.current);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

Test(pdb, cache_directory_choice)
{
	cr_assert_str_eq(pb_pdb_cache_dir("mine"), "mine");
	cr_assert_eq(setenv("PUZZLEBENCH_CACHE", "/from/env", 1), 0);
	cr_assert_str_eq(pb_pdb_cache_dir(NULL), "/from/env");
	cr_assert_str_eq(pb_pdb_cache_dir("mine"), "mine", "the option wins over the environment");
	cr_assert_eq(setenv("PUZZLEBENCH_CACHE", "", 1), 0);
	cr_assert_str_eq(pb_pdb_cache_dir(NULL), "cache/pdb");
	cr_assert_eq(unsetenv("PUZZLEBENCH_CACHE"), 0);
	cr_assert_str_eq(pb_pdb_cache_dir(NULL), "cache/pdb");
}

Test(pdb, limits_during_a_build)
{
	volatile sig_atomic_t stop = 1;
	pb_pdb p;
	pb_search s;
	pb_status st;

	cr_assert_eq(pb_pdb_init(&p, 4, 4, 15, 0x003f, NULL), 0);
	pb_search_init(&s, 4096, 0, NULL);
	st = pb_pdb_build(&p, &s);
	cr_assert_eq(st, PB_MEMOUT, "a 6-tile build in 4 KiB: %s", pb_status_name(st));
	cr_assert_eq(s.meter.current, 0, "memout left %zu bytes", s.meter.current);
	cr_assert_null(p.excess);
	pb_search_init(&s, 0, 0, &stop);
	st = pb_pdb_build(&p, &s);
	cr_assert_eq(st, PB_STOPPED, "a build with the stop flag up: %s", pb_status_name(st));
	cr_assert_eq(s.meter.current, 0, "a stopped build left %zu bytes", s.meter.current);
	cr_assert_leq(s.expanded, PB_PDB_MAX_THREADS * PB_POLL_INTERVAL,
		      "went on for %llu states after the stop", (unsigned long long)s.expanded);
}
