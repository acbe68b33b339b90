/* Helpers the heuristics tests share. Test code only. */
#ifndef HEURISTICS_TEST_H
#define HEURISTICS_TEST_H

#include <criterion/criterion.h>
#include <string.h>

#include "algorithms/puzzles/domain.h"

/* The domain NAME with the goal GOAL (NULL: its default). */
static inline pb_domain ht_domain(const char *name, const char *goal)
{
	pb_domain d;
	char err[200];

	cr_assert_eq(pb_domain_init(&d, name, err, sizeof(err)), 0, "%s: %s", name, err);
	if (goal)
		cr_assert_eq(pb_domain_set_goal(&d, goal, strlen(goal), err, sizeof(err)), 0,
			     "goal '%s': %s", goal, err);
	return d;
}

#endif
