/* Pattern databases: every entry against a plain search of the abstract
 * space (tests/support/pattern_space.h: a breadth-first search over the
 * pattern tiles' cells and the blank's exact cell, no regions, no ranks),
 * on boards of up
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
#include "tests/support/pattern_space.h"
#include "tests/support/support.h"

/* A board: its size and the goal's blank. */
typedef struct board {
	int width, height, goal_blank;
} board;

/* Build the pattern of the goal cells CELLS (NTILES tiles) on BD and check
 * every entry against the plain search: the least distance over the
 * blank's cells, and the rank of each placement's unrank. */
static void check_pattern(board bd, uint32_t cells, int ntiles)
{
	int n = bd.width * bd.height;
	pb_pdb p;
	pb_search s;
	pb_status st;
	ps_pattern space;
	uint8_t *dist, same[PB_PDB_MAX_CELLS], order[PB_PDB_MAX_TILES];
	char name[64];

	snprintf(name, sizeof(name), "%dx%d blank %d pattern %07x", bd.width, bd.height,
		 bd.goal_blank, (unsigned)cells);
	cr_assert_eq(pb_pdb_init(&p, bd.width, bd.height, bd.goal_blank, cells, NULL), 0, "%s", name);
	cr_assert_eq(p.ntiles, ntiles, "%s: %d tiles", name, p.ntiles);
	pb_search_init(&s, 0, 0, NULL);
	st = pb_pdb_build(&p, &s);
	cr_assert_eq(st, PB_SOLVED, "%s: %s (%s)", name, pb_status_name(st), s.message);
	space = ps_pattern_make(bd.width, bd.height, bd.goal_blank, p.goal_cell, p.ntiles);
	dist = ps_distances(&space);
	for (int i = 0; i < n; i++)
		same[i] = (uint8_t)i;
	for (int i = 0; i < p.ntiles; i++)
		order[i] = (uint8_t)i;
	for (uint64_t r = 0; r < p.entries; r++) {
		uint8_t pos[PB_PDB_MAX_TILES];
		unsigned best = UINT8_MAX, md;

		pb_placement_unrank(n, p.ntiles, p.weight, r, pos);
		md = ps_manhattan(&space, pos);
		cr_assert_eq(pb_pdb_rank(&p, pos, order, same), r, "%s: rank of unrank(%llu)", name,
			     (unsigned long long)r);
		/* the least over the blank's cells (PS_UNREACHED on a tile) */
		for (int b = 0; b < n; b++)
			if (dist[ps_key(&space, pos, b)] < best)
				best = dist[ps_key(&space, pos, b)];
		if (best == PS_UNREACHED) {
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

Test(pdb, cache_round_trip_and_stale_files)
{
	char *dir = ht_tempdir(), sub[64], path[256], path2[256];
	pb_pdb a, b, c;
	pb_search s;
	bool built;
	size_t bytes;
	uint8_t flip = 0x5a, version = 2;

	cr_assert_not_null(dir);
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
	write_bytes(path, ht_file_size(path) - 1, &flip, 1);
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
	cr_assert_eq(truncate(path, ht_file_size(path) - 1), 0);
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
	ht_remove(dir);
}

/* Past 16 cells: the 5x5 board's file (seven hex digits of pattern) is
 * written, found and loaded back whole, and the 4x6 board's (the same
 * cells, another board) is another file. */
Test(pdb, cache_round_trip_past_sixteen_cells)
{
	char *dir = ht_tempdir(), path[256], other[256];
	uint32_t cells = (1u << 1) | (1u << 5) | (1u << 24);
	pb_pdb a, b, c;
	pb_search s;
	bool built;

	cr_assert_not_null(dir);
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
	ht_remove(dir);
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
