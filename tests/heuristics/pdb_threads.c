/* The pattern-database builder's threads, for ThreadSanitizer (built and
 * run by ctest in every build; scripts/test.sh runs it in a -DPB_TSAN=ON
 * build, where a race fails it): a pattern of five tiles of the
 * 15-puzzle (16!/11! = 524,160 placements: many chunks, so every
 * processor's thread takes some) built twice. The two tables must be the
 * same bytes, the goal placement's excess 0 and no entry left unset. A
 * plain program, not a Criterion test: Criterion's worker arena cannot be
 * set up under ThreadSanitizer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/pdb.h"

/* Five tiles of the default goal: those of cells 0 1 2 4 5 (tiles 1 2 3 5 6). */
#define PATTERN 0x0037

static int build(const pb_domain *d, pb_pdb *p)
{
	pb_search s;
	pb_status st;

	if (pb_pdb_init(p, d->width, d->height, d->goal_blank, PATTERN, NULL)) {
		fprintf(stderr, "pdb_threads: pattern %04x refused\n", PATTERN);
		return -1;
	}
	pb_search_init(&s, 0, 0, NULL);
	st = pb_pdb_build(p, &s);
	if (st != PB_SOLVED) {
		fprintf(stderr, "pdb_threads: build of pattern %04x: %s (%s)\n", PATTERN,
			pb_status_name(st), s.message);
		return -1;
	}
	return 0;
}

int main(void)
{
	pb_domain d;
	pb_pdb a, b;
	uint8_t where[PB_MAX_CELLS];
	char err[256];
	int bad = 0;

	if (pb_domain_init(&d, "15puzzle", err, sizeof(err)) || build(&d, &a) || build(&d, &b))
		return 1;
	if (a.entries != b.entries || memcmp(a.excess, b.excess, (size_t)((a.entries + 1) / 2))) {
		fprintf(stderr, "pdb_threads: two builds of pattern %04x differ\n", PATTERN);
		bad = 1;
	}
	/* at the goal the tile of goal cell c is on cell c (a pattern made
	 * with no labels knows its tiles by their goal cells) */
	for (int c = 0; c < PB_MAX_CELLS; c++)
		where[c] = (uint8_t)(c < d.cells ? c : 0);
	if (pb_pdb_excess(&a, pb_pdb_rank(&a, where, a.tiles, (const uint8_t[PB_MAX_CELLS]){
			0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 }))) {
		fprintf(stderr, "pdb_threads: the goal's excess is not 0\n");
		bad = 1;
	}
	for (uint64_t r = 0; r < a.entries; r++)
		if (pb_pdb_excess(&a, r) > (unsigned)a.max_excess) {
			fprintf(stderr, "pdb_threads: entry %llu unset\n", (unsigned long long)r);
			bad = 1;
			break;
		}
	if (!bad)
		printf("pdb_threads: pattern %04x of the 15-puzzle, %llu placements, built twice alike\n",
		       PATTERN, (unsigned long long)a.entries);
	pb_pdb_release(&a);
	pb_pdb_release(&b);
	return bad;
}
