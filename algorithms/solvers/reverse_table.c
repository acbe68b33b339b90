/* PLACEHOLDER: replaced by the real reverse_table (issue 4). */
#include "registry.h"

static const char *reverse_table_supports(const pb_domain *d, const pb_config *cfg, char *why, size_t whylen)
{
	(void)d, (void)cfg, (void)why, (void)whylen;
	return "not written yet";
}

static pb_status reverse_table_prepare(const pb_domain *d, const pb_config *cfg, pb_search *s, void **ctx)
{
	(void)d, (void)cfg, (void)s, (void)ctx;
	return PB_UNSUPPORTED;
}

static pb_status reverse_table_solve(void *ctx, const pb_state *start, pb_search *s, pb_path *out)
{
	(void)ctx, (void)start, (void)s, (void)out;
	return PB_UNSUPPORTED;
}

static void reverse_table_release(void *ctx)
{
	(void)ctx;
}

const pb_solver pb_solver_reverse_table = {
	.name = "reverse_table",
	.summary = "not written yet",
	.supports = reverse_table_supports,
	.prepare = reverse_table_prepare,
	.solve = reverse_table_solve,
	.release = reverse_table_release,
};
