/* The datasets of published instances against the tables they come from
 * (../shared/data, whose README names the papers): Korf's 100 random
 * 15-puzzle instances (Korf 1985) and Korf & Felner's 50 random 24-puzzle
 * instances (Artificial Intelligence 134, 2002), each instance's tiles and
 * optimal length as published, every length at least the instance's
 * Manhattan distance and of its parity (each move changes that distance
 * by one); and the selection of the 24-puzzle's 15 easiest, which must be
 * the 15 that took Korf & Felner's IDA* fewest nodes, fewest first. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/dataset.h"
#include "tests/support/support.h"

#define SHARED IT_SHARED "data/"
#define DATASETS PB_SOURCE_DIR "/datasets/"
#define MAX_ROWS 128
#define TSV_LINE_MAX 512

typedef struct published {
	char id[16];
	char tiles[TSV_LINE_MAX];
	long value; /* the optimal length, or the nodes */
} published;

/* The rows of a TSV of ../shared/data (a header line, then id, tiles or a
 * count, and for tiles the optimal length), into ROWS; their count. */
static size_t read_tsv(const char *path, bool with_tiles, published *rows)
{
	FILE *f;
	char line[TSV_LINE_MAX];
	size_t n = 0;

	it_need_shared(path);
	f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	cr_assert_not_null(fgets(line, sizeof(line), f), "%s: no header", path);
	while (fgets(line, sizeof(line), f)) {
		char *id = strtok(line, "\t\n"), *second = strtok(NULL, "\t\n");
		char *third = with_tiles ? strtok(NULL, "\t\n") : second;

		cr_assert(id && second && third, "%s:%zu: short row", path, n + 2);
		cr_assert_lt(n, (size_t)MAX_ROWS, "%s: too many rows", path);
		snprintf(rows[n].id, sizeof(rows[n].id), "%s", id);
		snprintf(rows[n].tiles, sizeof(rows[n].tiles), "%s", with_tiles ? second : "");
		rows[n].value = strtol(third, NULL, 10);
		n++;
	}
	fclose(f);
	return n;
}

/* The Manhattan distance of tiles TEXT (row-major, 0 the blank) from the
 * goal with the blank first on a SIDE x SIDE board (tile t on cell t). */
static int manhattan(const char *text, int side)
{
	char copy[TSV_LINE_MAX];
	int sum = 0, c = 0;

	snprintf(copy, sizeof(copy), "%s", text);
	for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " "), c++) {
		int t = atoi(tok);

		if (t)
			sum += abs(t / side - c / side) + abs(t % side - c % side);
	}
	cr_assert_eq(c, side * side, "'%s': %d tiles", text, c);
	return sum;
}

/* The instance of DS called ID, or NULL. */
static const dataset_instance *find(const dataset *ds, const char *id)
{
	for (size_t i = 0; i < ds->count; i++)
		if (!strcmp(ds->instances[i].id, id))
			return &ds->instances[i];
	return NULL;
}

/* DS holds the rows ROWS (all of them when WANT is NULL, else those named
 * by WANT, in that order) with their tiles and lengths. */
static void check_instances(const dataset *ds, const published *rows, size_t nrows, int side,
			    const char *const *want, size_t nwant)
{
	size_t expect = want ? nwant : nrows;

	cr_assert_eq(ds->count, expect, "%s: %zu instances, want %zu", ds->path, ds->count, expect);
	for (size_t i = 0; i < expect; i++) {
		const dataset_instance *in = &ds->instances[i];
		const published *r = NULL;
		pb_state s;
		char mine[PB_STATE_TEXT_MAX], theirs[PB_STATE_TEXT_MAX];
		int md;

		for (size_t j = 0; j < nrows && !r; j++)
			if (!strcmp(rows[j].id, want ? want[i] : rows[i].id))
				r = &rows[j];
		cr_assert_not_null(r, "%s: no published row for instance %zu", ds->path, i + 1);
		cr_assert_str_eq(in->id, r->id, "%s: instance %zu is '%s', want '%s'", ds->path, i + 1,
				 in->id, r->id);
		s = it_parse(&ds->domain, r->tiles);
		pb_format(&ds->domain, &s, theirs, sizeof(theirs));
		pb_format(&ds->domain, &in->state, mine, sizeof(mine));
		cr_assert_str_eq(mine, theirs, "%s, instance %s: the tiles differ", ds->path, in->id);
		cr_assert_eq(in->reference, r->value, "%s, instance %s: length %d, published %ld",
			     ds->path, in->id, in->reference, r->value);
		md = manhattan(r->tiles, side);
		cr_assert(md <= in->reference && (in->reference - md) % 2 == 0,
			  "%s, instance %s: length %d against Manhattan distance %d", ds->path, in->id,
			  in->reference, md);
		cr_assert_eq(find(ds, in->id), in, "%s: instance %s twice", ds->path, in->id);
	}
}

static void check_goal(const dataset *ds, const char *goal)
{
	char text[PB_STATE_TEXT_MAX];

	pb_format_goal(&ds->domain, text, sizeof(text));
	cr_assert_str_eq(text, goal, "%s: the goal", ds->path);
}

/* The whole of dataset NAME against TSV (COUNT rows) on the SIDE x SIDE
 * board with the goal GOAL. */
static void check_whole(const char *tsv, size_t count, const char *name, int side,
			const char *goal)
{
	static published rows[MAX_ROWS];
	char path[512];
	size_t n = read_tsv(tsv, true, rows);
	dataset ds;

	cr_assert_eq(n, count, "%s: %zu rows", tsv, n);
	snprintf(path, sizeof(path), DATASETS "%s", name);
	ht_load_dataset(&ds, path);
	check_goal(&ds, goal);
	check_instances(&ds, rows, n, side, NULL, 0);
	dataset_release(&ds);
}

Test(published, korf_100_as_published)
{
	check_whole(SHARED "korf100.tsv", 100, "korf100.txt", 4,
		    "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
}

Test(published, korf_felner_50_as_published)
{
	check_whole(SHARED "korf24.tsv", 50, "korf24.txt", 5,
		    "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24");
}

static int by_nodes(const void *a, const void *b)
{
	long x = ((const published *)a)->value, y = ((const published *)b)->value;

	return (x > y) - (x < y);
}

Test(published, the_24_puzzle_easiest_are_the_fewest_nodes)
{
	static published rows[MAX_ROWS], nodes[MAX_ROWS];
	size_t n = read_tsv(SHARED "korf24.tsv", true, rows);
	size_t nn = read_tsv(SHARED "korf24_kf2002_nodes.tsv", false, nodes);
	const char *want[15];
	dataset ds;

	cr_assert_eq(nn, 50u, "one count an instance");
	qsort(nodes, nn, sizeof(nodes[0]), by_nodes);
	for (int i = 0; i < 15; i++)
		want[i] = nodes[i].id;
	cr_assert_lt(nodes[14].value, nodes[15].value, "a tie at the 15th");
	ht_load_dataset(&ds, DATASETS "korf24-easiest.txt");
	check_instances(&ds, rows, n, 5, want, 15);
	dataset_release(&ds);
}
