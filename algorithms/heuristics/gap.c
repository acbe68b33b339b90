/* The gap heuristics for pancakes (see gap.h): gap, and the family gap-k,
 * which ignores the gaps of the k smallest pancakes. */
#include "heuristic.h"

#include <stdio.h>
#include <string.h>

/* gap-K: the gaps of pancakes K..N-1 (internal labels) count. */
#define GAP_K(k)                                                                          \
	{ "gap-" #k, "the gaps but those of the " #k " smallest pancakes (pancakes)",     \
	  PB_HEUR_GAP, 0, 0, { PB_GAP_ALL << (k) }, NULL, NULL }

static const pb_heuristic_info gap_family[] = {
	GAP_K(1), GAP_K(2), GAP_K(3), GAP_K(4), GAP_K(5), GAP_K(6), GAP_K(7), GAP_K(8),
	GAP_K(9), GAP_K(10), GAP_K(11), GAP_K(12), GAP_K(13), GAP_K(14), GAP_K(15),
	GAP_K(16), GAP_K(17), GAP_K(18), GAP_K(19), GAP_K(20), GAP_K(21), GAP_K(22),
	GAP_K(23), GAP_K(24),
};
_Static_assert(sizeof(gap_family) / sizeof(gap_family[0]) == PB_MAX_CELLS - 1,
	       "a gap-k for each k below the most pancakes");

/* "gap-K" for K = 1 .. PB_MAX_CELLS - 1 (the family is not in
 * pb_heuristics, whose "gap" stands for it in 'bench list'), or NULL. */
static const pb_heuristic_info *gap_find(const char *name)
{
	for (size_t i = 0; i < sizeof(gap_family) / sizeof(gap_family[0]); i++)
		if (!strcmp(gap_family[i].name, name))
			return &gap_family[i];
	return NULL;
}

/* How many of the smallest pancakes INFO ignores. */
static int gap_ignored(const pb_heuristic_info *info)
{
	return info->groups[0] ? __builtin_ctz(info->groups[0]) : 32;
}

/* Fewer pancakes ignored than there are. */
static const char *gap_supports(const pb_heuristic_info *info, const pb_domain *d, char *why,
				size_t whylen)
{
	int k = gap_ignored(info);

	if (k < d->cells)
		return NULL;
	if (why && whylen)
		snprintf(why, whylen, "'%s' ignores %d of the %d pancakes: every one", info->name, k,
			 d->cells);
	return why && whylen ? why : "ignores every pancake";
}

/* The table of neighbours that make a gap that counts. */
static pb_status gap_init(pb_heur *h, const pb_config *cfg, pb_search *s)
{
	const int n = h->d->cells;
	uint32_t counted = h->info->groups[0];

	(void)cfg, (void)s;
	for (int a = 0; a <= n; a++) {
		for (int b = 0; b <= n; b++) {
			/* the plate (label n) counts: it is no pancake */
			bool counts = (a == n || (counted >> a & 1u)) && (b == n || (counted >> b & 1u));

			h->gap[a][b] = (uint8_t)(counts && (a - b > 1 || b - a > 1));
		}
	}
	return PB_SOLVED;
}

static unsigned gap_value(const pb_heur *h, const pb_state *s)
{
	unsigned v = 0;

	PB_WITH_KERNEL(h->d, v = pb_heur_gaps(h, K, s->cells));
	return v;
}

const pb_heuristic_ops pb_heur_gap_ops = {
	.refusal = "serves pancakes only",
	.supports = gap_supports,
	.find = gap_find,
	.init = gap_init,
	.value = gap_value,
};
