/* Pattern databases: every entry against a plain search of the abstract
 * space written here (a 0-1 breadth-first search over the pattern tiles'
 * cells and the blank's exact cell, no regions, no ranks), placement ranks
 * as a bijection, the cache file's round trip and its rejection of damaged
 * or stale files, and the limits during a build. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "algorithms/heuristics/pdb.h"

static pb_domain domain(const char *name, const char *goal)
{
	pb_domain d;
	char err[200];

	cr_assert_eq(pb_domain_init(&d, name, err, sizeof(err)), 0, "%s: %s", name, err);
	if (goal)
		cr_assert_eq(pb_domain_set_goal(&d, goal, strlen(goal), err, sizeof(err)), 0,
			     "goal '%s': %s", goal, err);
	return d;
}

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

/* Fewest pattern moves from each abstract state to the goal (pattern home,
 * blank on its goal cell), layer by layer: a move of the blank onto a cell
 * no pattern tile holds costs nothing and stays in the layer. UINT8_MAX:
 * never reached. */
static uint8_t *abstract_distances(const pb_domain *d, const pb_pdb *p)
{
	int n = d->cells, k = p->ntiles;
	size_t states = (size_t)n;
	layer now = { 0 }, next = { 0 };
	uint8_t *dist;

	for (int i = 0; i < k; i++)
		states *= (size_t)n;
	dist = malloc(states);
	cr_assert_not_null(dist);
	memset(dist, UINT8_MAX, states);
	layer_push(&now, encode(p->goal_cell, k, d->goal_blank, n));
	dist[now.keys[0]] = 0;
	for (unsigned depth = 0; now.count; depth++) {
		for (size_t j = 0; j < now.count; j++) {
			uint8_t pos[PB_PDB_MAX_TILES];
			int b;

			if (dist[now.keys[j]] != depth)
				continue; /* reached more cheaply since */
			decode(now.keys[j], k, n, pos, &b);
			for (int m = 0; m < d->nmoves; m++) {
				int c = d->next_class[b][m], moved = -1;
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

static void check_pattern(const char *name, const char *goal, uint16_t cells, int ntiles)
{
	pb_domain d = domain(name, goal);
	pb_pdb p;
	pb_search s;
	pb_status st;
	uint8_t *dist;
	int w = d.width;

	cr_assert_eq(pb_pdb_init(&p, &d, cells), 0, "%s pattern %04x", name, cells);
	cr_assert_eq(p.ntiles, ntiles, "%s pattern %04x: %d tiles", name, cells, p.ntiles);
	pb_search_init(&s, 0, 0, NULL);
	st = pb_pdb_build(&p, &s);
	cr_assert_eq(st, PB_SOLVED, "%s pattern %04x: %s (%s)", name, cells, pb_status_name(st),
		     s.message);
	dist = abstract_distances(&d, &p);
	for (uint64_t r = 0; r < p.entries; r++) {
		uint8_t pos[PB_PDB_MAX_TILES], same[PB_MAX_CELLS], order[PB_PDB_MAX_TILES];
		unsigned best = UINT8_MAX, md = 0;

		pb_placement_unrank(d.cells, p.ntiles, p.weight, r, pos);
		for (int i = 0; i < d.cells; i++)
			same[i] = (uint8_t)i;
		for (int i = 0; i < p.ntiles; i++) {
			order[i] = (uint8_t)i;
			md += (unsigned)(abs(pos[i] / w - p.goal_cell[i] / w) +
					 abs(pos[i] % w - p.goal_cell[i] % w));
		}
		cr_assert_eq(pb_pdb_rank(&p, pos, order, same), r, "%s: rank of unrank(%llu)", name,
			     (unsigned long long)r);
		for (int b = 0; b < d.cells; b++) {
			size_t key = encode(pos, p.ntiles, b, d.cells);
			bool on_tile = false;

			for (int i = 0; i < p.ntiles; i++)
				on_tile |= pos[i] == b;
			if (!on_tile && dist[key] < best)
				best = dist[key];
		}
		cr_assert_eq(md + 2 * pb_pdb_excess(&p, r), best,
			     "%s pattern %04x, placement %llu: database %u, plain search %u", name,
			     cells, (unsigned long long)r, md + 2 * pb_pdb_excess(&p, r), best);
	}
	free(dist);
	pb_pdb_release(&p);
	cr_assert_eq(s.meter.current, 0, "%s: %zu bytes left after the release", name,
		     s.meter.current);
}

Test(pdb, entries_match_a_plain_search)
{
	/* Korf's goal: tiles 1-4; the default goal: a square in the corner */
	check_pattern("15puzzle", "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 0x001e, 4);
	check_pattern("15puzzle", NULL, 0x6c00, 4);
	/* the goal blank inside the pattern's cells is left out */
	check_pattern("8puzzle", NULL, 0x01ff & ~0x0024, 6);
	check_pattern("8puzzle", "1 2 3 8 x 4 7 6 5", 0x0145, 4);
	/* a wall of pattern tiles that shuts the blank in */
	check_pattern("tiles3x4", NULL, 0x0038, 3);
	check_pattern("tiles2x4", "x 1 2 3 4 5 6 7", 0x00f0, 4);
}

Test(pdb, partitions_and_names)
{
	pb_domain d = domain("15puzzle", NULL);
	pb_pdb p;
	char path[256];

	cr_assert_eq(pb_pdb_init(&p, &d, 0xffff), -1, "a pattern of 15 tiles is too big");
	cr_assert_eq(pb_pdb_init(&p, &d, 0x8000), -1, "the goal blank alone is no pattern");
	cr_assert_eq(pb_pdb_init(&p, &d, 0xff00), 0);
	cr_assert_eq(p.ntiles, 7, "rows 2-3 hold 7 tiles with the blank last, not %d", p.ntiles);
	cr_assert_eq(p.entries, PB_F16 / PB_F9, "7 tiles on 16 cells: 16!/9! placements");
	cr_assert_eq(pb_pdb_file_name(&p, "dir", path, sizeof(path)), 0);
	cr_assert_str_eq(path, "dir/tiles4x4-b15-7f00.pdb");
	cr_assert_eq(pb_pdb_file_name(&p, "dir", path, 10), -1, "too long for 10 bytes");
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
	pb_domain d = domain("15puzzle", "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
	pb_domain other = domain("15puzzle", NULL);
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
	cr_assert_eq(pb_pdb_init(&a, &d, 0x00ce), 0);
	cr_assert_eq(pb_pdb_file_name(&a, sub, path, sizeof(path)), 0);
	cr_assert_eq(pb_pdb_load(&a, path, &s.meter), PB_PDB_MISSING);
	cr_assert_eq(pb_pdb_open(&a, sub, &s, &built), PB_SOLVED, "%s", s.message);
	cr_assert(built, "an empty cache means a build");
	bytes = (size_t)((a.entries + 1) / 2);

	/* loaded back: the same entries, no build */
	cr_assert_eq(pb_pdb_init(&b, &d, 0x00ce), 0);
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
	cr_assert_eq(pb_pdb_init(&b, &d, 0x1330), 0);
	cr_assert_eq(pb_pdb_open(&b, sub, &s, &built), PB_SOLVED);
	cr_assert_eq(pb_pdb_file_name(&b, sub, path2, sizeof(path2)), 0);
	cr_assert_eq(rename(path2, path), 0);
	pb_pdb_release(&b);
	cr_assert_eq(pb_pdb_init(&b, &d, 0x00ce), 0);
	cr_assert_eq(pb_pdb_load(&b, path, &s.meter), PB_PDB_STALE, "another pattern's file passed");
	/* another goal: another name, and a file of this one's is refused */
	cr_assert_eq(pb_pdb_init(&c, &other, 0x00ce), 0);
	cr_assert_eq(pb_pdb_save(&a, path), 0);
	cr_assert_eq(pb_pdb_load(&c, path, &s.meter), PB_PDB_STALE, "another goal's file passed");

	pb_pdb_release(&a);
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
	pb_domain d = domain("15puzzle", NULL);
	volatile sig_atomic_t stop = 1;
	pb_pdb p;
	pb_search s;
	pb_status st;

	cr_assert_eq(pb_pdb_init(&p, &d, 0x003f), 0);
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
