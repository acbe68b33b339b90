/* The distance table (pb_distances) against published figures: on every
 * board of up to 10 cells, in both orientations and with the blank's goal
 * in each of the four corners, the number of states at each distance from
 * the goal must be the one published in ../shared/data/tiles_distributions.tsv
 * (complete breadth-first searches of Tarakanov, SoCS 2023; the README
 * there names the source), and every state of the goal's class must be
 * reached. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "algorithms/puzzles/distances.h"
#include "tests/support/support.h"

/* More depths than any board of up to 16 cells has (the 4x4 radius is 80). */
#define MAX_DEPTHS 128

static const struct {
	int w, h;
} boards[] = {
	{ 2, 2 }, { 3, 2 }, { 2, 3 }, { 4, 2 }, { 2, 4 }, { 3, 3 }, { 5, 2 }, { 2, 5 },
};

/* The goal with tiles 1..n-1 in reading order and the blank on cell B. */
static void corner_goal(int cells, int b, char *text, size_t size)
{
	size_t used = 0;

	for (int c = 0, tile = 1; c < cells; c++) {
		const char *sep = c ? " " : "";

		if (c == b)
			used += (size_t)snprintf(text + used, size - used, "%sx", sep);
		else
			used += (size_t)snprintf(text + used, size - used, "%s%d", sep, tile++);
	}
}

static void check_board(int w, int h, int blank)
{
	uint64_t published[MAX_DEPTHS], counted[MAX_DEPTHS] = { 0 };
	int depths = it_published_distribution(w, h, published, MAX_DEPTHS), radius = -1;
	char name[32], goal[64];
	pb_domain d;
	pb_search s;
	uint8_t *dist;
	pb_status st;

	snprintf(name, sizeof(name), "tiles%dx%d", w, h);
	corner_goal(w * h, blank, goal, sizeof(goal));
	d = it_domain(name, goal);
	pb_search_init(&s, 0, 0, NULL);
	st = pb_distances(&d, &s, &dist);
	cr_assert_eq(st, PB_SOLVED, "%s, goal '%s': %s", name, goal, pb_status_name(st));
	for (uint64_t i = 0; i < d.index_count; i++) {
		cr_assert_neq(dist[i], PB_DIST_UNSEEN, "%s, goal '%s': state %llu never reached", name,
			      goal, (unsigned long long)i);
		cr_assert_lt(dist[i], MAX_DEPTHS, "%s, goal '%s': a distance of %u", name, goal, dist[i]);
		counted[dist[i]]++;
		if (dist[i] > radius)
			radius = dist[i];
	}
	pb_free(dist);
	cr_assert_eq(radius + 1, depths, "%s, goal '%s': radius %d, published %d", name, goal,
		     radius, depths - 1);
	for (int k = 0; k < depths; k++)
		cr_assert_eq(counted[k], published[k], "%s, goal '%s': %llu states at distance %d, "
			     "published %llu", name, goal, (unsigned long long)counted[k], k,
			     (unsigned long long)published[k]);
}

Test(distances, every_board_of_up_to_ten_cells_matches_the_published_counts, .timeout = 600)
{
	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		int w = boards[i].w, h = boards[i].h, n = w * h;
		const int corners[] = { 0, w - 1, n - w, n - 1 };

		for (int c = 0; c < 4; c++)
			check_board(w, h, corners[c]);
	}
}

/* The published counts themselves: each board's add up to n!/2, the states
 * of one parity class. */
Test(distances, the_published_counts_add_up_to_half_of_all_arrangements)
{
	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		uint64_t published[MAX_DEPTHS], sum = 0;
		int n = boards[i].w * boards[i].h;
		int depths = it_published_distribution(boards[i].w, boards[i].h, published, MAX_DEPTHS);

		for (int k = 0; k < depths; k++)
			sum += published[k];
		cr_assert_eq(sum, pb_factorial(n) / 2, "%dx%d: the published counts add up to %llu",
			     boards[i].w, boards[i].h, (unsigned long long)sum);
	}
}
