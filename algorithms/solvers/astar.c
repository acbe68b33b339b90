/* PLACEHOLDER: replaced by the real astar (issue 4). */
#include "registry.h"

static const char *astar_supports(const pb_domain *d, const pb_config *cfg, char *why, size_t whylen)
{
	(void)d, (void)cfg, (void)why, (void)whylen;
	return "not written yet";
}

static pb_status astar_prepare(const pb_domain *d, const pb_config *cfg, pb_search *s, void **ctx)
{
	(void)d, (void)cfg, (void)s, (void)ctx;
	return PB_UNSUPPORTED;
}

static pb_status astar_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)s, (void)out;
	return PB_UNSUPPORTED;
}

static void astar_release(void *ctx)
{
	(void)ctx;
}

const pb_solver pb_solver_astar = {
	.name = "astar",
	.summary = "not written yet",
	.supports = astar_supports,
	.prepare = astar_prepare,
	.solve = astar_solve,
	.release = astar_release,
};
