/* Pattern databases for the sliding-tile puzzle (pdb.h): a pattern's
 * placements and their ranks, its description and its table's release,
 * and the cache file (its name, load and save, and the opening that
 * builds what is not cached). The build is in pdb_build.c and
 * pdb_layer.c. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/blob.h"
#include "pdb_int.h"

uint64_t pb_placement_weights(int n, int k, uint64_t *weight)
{
	uint64_t count = 1;

	for (int i = k - 1; i >= 0; i--) {
		weight[i] = count;
		count *= (uint64_t)(n - i);
	}
	return count;
}

void pb_placement_unrank(int n, int k, const uint64_t *weight, uint64_t r, uint8_t *pos)
{
	uint32_t avail = (uint32_t)((1ULL << n) - 1);

	for (int i = 0; i < k; i++) {
		uint64_t digit = r / weight[i];
		int c = select_bit(avail, (unsigned)digit);

		r -= digit * weight[i];
		pos[i] = (uint8_t)c;
		avail &= ~(1u << c);
	}
}

int pb_pdb_init(pb_pdb *p, int width, int height, int goal_blank, uint32_t goal_cells,
		const uint8_t *labels)
{
	int k = 0, n = width * height;

	memset(p, 0, sizeof(*p));
	if (width < 2 || height < 2 || n > PB_PDB_MAX_CELLS || goal_blank < 0 || goal_blank >= n)
		return -1;
	p->width = width;
	p->height = height;
	p->cells = n;
	p->goal_blank = goal_blank;
	goal_cells &= (uint32_t)((1ULL << n) - 1) & ~(1u << goal_blank);
	p->goal_cells = goal_cells;
	for (int c = 0; c < n; c++) {
		if (!(goal_cells & (1u << c)))
			continue;
		if (k == PB_PDB_MAX_TILES)
			return -1;
		p->goal_cell[k] = (uint8_t)c;
		p->tiles[k++] = labels ? labels[c] : (uint8_t)c;
	}
	if (!k)
		return -1;
	p->ntiles = k;
	p->entries = pb_placement_weights(n, k, p->weight);
	return 0;
}

void pb_pdb_release(pb_pdb *p)
{
	pb_free(p->excess);
	p->excess = NULL;
}

/* The cache file: a header of 64-bit fields, then the entries. */
#define PDB_MAGIC "pbpdb\r\n\032" /* text-mode and truncation tell-tales */
#define PDB_FORMAT_VERSION 1

typedef struct pdb_header {
	char magic[8];
	uint64_t version;
	uint64_t width, height, goal_blank, goal_cells;
	uint64_t entry_bits, entries, max_excess;
	uint64_t checksum; /* of the entries */
} pdb_header;

static void fill_header(const pb_pdb *p, pdb_header *h)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->magic, PDB_MAGIC, sizeof(h->magic));
	h->version = PDB_FORMAT_VERSION;
	h->width = (uint64_t)p->width;
	h->height = (uint64_t)p->height;
	h->goal_blank = (uint64_t)p->goal_blank;
	h->goal_cells = p->goal_cells;
	h->entry_bits = PB_PDB_ENTRY_BITS;
	h->entries = p->entries;
}

/* Hex digits of the pattern in a file name, at least (the four of a board
 * of 16 cells, so that the names of the boards up to 16 cells stay as they
 * were). */
#define MIN_NAME_DIGITS 4

int pb_pdb_file_name(const pb_pdb *p, const char *dir, char *buf, size_t len)
{
	int digits = (p->cells + 3) / 4 > MIN_NAME_DIGITS ? (p->cells + 3) / 4 : MIN_NAME_DIGITS;
	int k = snprintf(buf, len, "%s/tiles%dx%d-b%d-%0*x.pdb", dir, p->width, p->height,
			 p->goal_blank, digits, (unsigned)p->goal_cells);

	return k < 0 || (size_t)k >= len ? -1 : 0;
}

pb_pdb_load_result pb_pdb_load(pb_pdb *p, const char *path, pb_meter *m)
{
	pdb_header want, got;
	size_t bytes = (size_t)((p->entries + 1) / 2);
	pb_blob_result r;

	/* a room of its own: on huge-page boundaries, wherever malloc would
	 * have put a block of this size (the heap, for one under 32 MiB) */
	p->excess = pb_realloc_room(m, NULL, bytes, bytes);
	if (!p->excess)
		return PB_PDB_NOMEM;
	r = pb_blob_load(path, &got, sizeof(got), p->excess, bytes);
	if (r != PB_BLOB_READ) {
		pb_pdb_release(p);
		return r == PB_BLOB_MISSING ? PB_PDB_MISSING : PB_PDB_STALE;
	}
	fill_header(p, &want);
	want.max_excess = got.max_excess;
	want.checksum = got.checksum;
	if (memcmp(&want, &got, sizeof(want)) || got.max_excess > PB_PDB_MAX_EXCESS ||
	    pb_checksum(p->excess, bytes) != got.checksum) {
		pb_pdb_release(p);
		return PB_PDB_STALE;
	}
	p->max_excess = (int)got.max_excess;
	return PB_PDB_LOADED;
}

int pb_pdb_save(const pb_pdb *p, const char *path)
{
	size_t bytes = (size_t)((p->entries + 1) / 2);
	pdb_header h;

	fill_header(p, &h);
	h.max_excess = (uint64_t)p->max_excess;
	h.checksum = pb_checksum(p->excess, bytes);
	return pb_blob_save(path, &h, sizeof(h), p->excess, bytes);
}

const char *pb_pdb_cache_dir(const char *dir)
{
	const char *env;

	if (dir)
		return dir;
	env = getenv("PUZZLEBENCH_CACHE");
	return env && *env ? env : "cache/pdb";
}

pb_status pb_pdb_open(pb_pdb *p, const char *dir, pb_search *s, bool *built)
{
	char path[PATH_MAX];
	pb_status st;

	*built = false;
	if (pb_pdb_file_name(p, pb_pdb_cache_dir(dir), path, sizeof(path))) {
		snprintf(s->message, sizeof(s->message), "cache directory name too long");
		return PB_FAILED;
	}
	switch (pb_pdb_load(p, path, &s->meter)) {
	case PB_PDB_LOADED:
		return PB_SOLVED;
	case PB_PDB_NOMEM:
		return pb_search_alloc_failed(s);
	case PB_PDB_MISSING:
	case PB_PDB_STALE:
		break;
	}
	st = pb_pdb_build(p, s);
	if (st != PB_SOLVED)
		return st;
	*built = true;
	if (pb_pdb_save(p, path))
		snprintf(s->message, sizeof(s->message), "cannot write '%.100s': %s", path,
			 strerror(errno));
	return PB_SOLVED;
}
