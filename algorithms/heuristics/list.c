/* PLACEHOLDER list: replaced with the real heuristics (issue 4). */
#include "heuristic.h"

const pb_heuristic_info pb_heuristics[] = {
	{ "zero", "h = 0 (placeholder)" },
};
const size_t pb_heuristic_count = sizeof(pb_heuristics) / sizeof(pb_heuristics[0]);
