/* The threaded searches, for ThreadSanitizer (built and run by ctest in
 * every build; scripts/test.sh runs it in a -DPB_TSAN=ON build, where a
 * race fails it):
 * - the pattern-database builder: a pattern of five tiles of the
 *   15-puzzle (16!/11! = 524,160 placements: many chunks, so every
 *   processor's thread takes some) built twice. The two tables must be
 *   the same bytes, the goal placement's excess 0 and no entry left unset.
 * - the two-bit search of the whole 5x2 board (1,814,400 states, 44
 *   chunks of groups) with two threads, whatever the processors, twice,
 *   and with one: the three tables the same codes, and the counts those
 *   published with lightln2/SlidingTilesSolver
 *   (../shared/data/tiles_distributions.tsv): radius 55 with 2 states.
 * - the same of 10 pancakes (3,628,800 stacks, groups of 8! by the
 *   flips of up to 8, the flips of 9 and 10 out of them): radius 11, the
 *   pancake number (OEIS A058986), with 73,232 stacks (OEIS A092113).
 * - the sweep of bench analyze over every state of the 8-puzzle (Manhattan
 *   distance), with two threads and with one: the same counts, of 9!/2
 *   states.
 * A plain program, not a Criterion test: Criterion's worker arena cannot
 * be set up under ThreadSanitizer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/heuristics/pdb.h"
#include "algorithms/analysis/kre.h"
#include "algorithms/heuristics/heuristic.h"
#include "algorithms/puzzles/twobit.h"

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

static int search(const pb_domain *d, pb_twobit *t, int threads)
{
	pb_search s;
	pb_status st;

	pb_search_init(&s, 0, 0, NULL);
	st = pb_twobit_build(t, d, &s, threads);
	if (st != PB_SOLVED) {
		fprintf(stderr, "pdb_threads: two-bit search of %s: %s (%s)\n", d->name,
			pb_status_name(st), s.message);
		return -1;
	}
	return 0;
}

/* The two-bit search of NAME, two threads twice and one: the same codes,
 * STATES reached, radius RADIUS with AT_RADIUS states (the tiles' search
 * by groups of a row, the pancakes' by groups of flips). */
static int twobit_threads(const char *name, uint64_t states, int radius, uint64_t at_radius)
{
	pb_domain d;
	pb_twobit t[3];
	char err[256];
	int bad = 0;

	if (pb_domain_init(&d, name, err, sizeof(err)) || search(&d, &t[0], 2) ||
	    search(&d, &t[1], 2) || search(&d, &t[2], 1))
		return 1;
	for (int i = 1; i < 3; i++)
		if (t[i].nwords != t[0].nwords ||
		    memcmp(t[i].codes, t[0].codes, t[0].nwords * sizeof(uint64_t)) ||
		    memcmp(t[i].counts, t[0].counts, sizeof(t[0].counts))) {
			fprintf(stderr, "pdb_threads: two-bit searches of %s differ\n", name);
			bad = 1;
		}
	if (t[0].reached != states || t[0].radius != radius || t[0].counts[radius] != at_radius) {
		fprintf(stderr, "pdb_threads: %s: %llu states, radius %d with %llu, not %llu, %d with %llu\n",
			name, (unsigned long long)t[0].reached, t[0].radius,
			(unsigned long long)t[0].counts[t[0].radius], (unsigned long long)states, radius,
			(unsigned long long)at_radius);
		bad = 1;
	}
	if (!bad)
		printf("pdb_threads: %s two-bit search, %llu states, radius %d, alike with 2, 2 and 1 threads\n",
		       name, (unsigned long long)t[0].reached, t[0].radius);
	for (int i = 0; i < 3; i++)
		pb_twobit_release(&t[i]);
	return bad;
}

/* The sweep over the 8-puzzle, two threads and one. */
static int sweep_threads(void)
{
	pb_domain d;
	pb_config cfg = { .heuristic = "manhattan" };
	const pb_heuristic_info *info;
	pb_kre_space two, one;
	pb_search s;
	pb_heur h;
	char err[256];
	int bad = 0;

	if (pb_domain_init(&d, "8puzzle", err, sizeof(err)) ||
	    !(info = pb_heuristic_chosen(&d, &cfg)))
		return 1;
	pb_search_init(&s, 0, 0, NULL);
	if (pb_heur_init(&h, info, &d, &cfg, &s) != PB_SOLVED)
		return 1;
	if (pb_kre_sweep(&two, &h, NULL, 2, &s) != PB_SOLVED ||
	    pb_kre_sweep(&one, &h, NULL, 1, &s) != PB_SOLVED) {
		fprintf(stderr, "pdb_threads: sweep of the 8-puzzle: %s\n", s.message);
		pb_heur_release(&h);
		return 1;
	}
	if (memcmp(&two.values, &one.values, sizeof(one.values)) || one.values.states != 181440) {
		fprintf(stderr, "pdb_threads: sweeps of the 8-puzzle differ, or not of 181440 states\n");
		bad = 1;
	} else {
		printf("pdb_threads: the 8-puzzle swept, %llu states, alike with 2 threads and 1\n",
		       (unsigned long long)one.values.states);
	}
	pb_kre_space_release(&two);
	pb_kre_space_release(&one);
	pb_heur_release(&h);
	return bad;
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
	/* the 5x2 board: 10!/2 states, radius 55 (published, Tarakanov);
	 * 10 pancakes: 10! stacks, radius 11 (the pancake number) */
	return twobit_threads("tiles5x2", 1814400, 55, 2) | twobit_threads("pancake10", 3628800, 11, 73232) |
	       sweep_threads() | bad;
}
