/* A plugin's heuristics (see plugin.h): the family each serves, and its
 * function on the cells as bytes. */
#include "heuristic.h"
#include "../puzzles/family.h"

#include <stdio.h>

/* The family of the plugin that lists it. */
static const char *plugin_supports(const pb_heuristic_info *info, const pb_domain *d, char *why,
				   size_t whylen)
{
	if (d->family == info->family)
		return NULL;
	if (why && whylen)
		snprintf(why, whylen, "'%s' serves the family %s only", info->name,
			 info->family ? info->family->pattern : "of its plugin");
	return why && whylen ? why : "serves its plugin's family only";
}

static unsigned plugin_value(const pb_heur *h, const pb_state *s)
{
	unsigned v = 0;

	PB_WITH_KERNEL(h->d, v = pb_kernel_generic(K) ? pb_heur_plugin(h, K, s->cells) : 0);
	return v;
}

const pb_heuristic_ops pb_heur_plugin_ops = {
	.refusal = "serves its plugin's family only",
	.supports = plugin_supports,
	.value = plugin_value,
};
