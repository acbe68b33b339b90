#include "registry.h"

#include <string.h>

/* In order of preference for a default: the first that serves a domain. */
const pb_solver *const pb_solvers[] = {
	&pb_solver_reverse_table,
	&pb_solver_idastar,
	&pb_solver_astar,
	&pb_solver_bibfs,
	&pb_solver_nbs,
	&pb_solver_dvcbs,
	&pb_solver_gbfhs,
	&pb_solver_bae,
	&pb_solver_bfs_cantor,
	&pb_solver_bfs_hash,
	&pb_solver_beam,
	&pb_solver_widastar,
	&pb_solver_wastar,
	&pb_solver_gbfs,
	&pb_solver_awastar,
};
const size_t pb_solver_count = sizeof(pb_solvers) / sizeof(pb_solvers[0]);

const pb_solver *pb_solver_lookup(const char *name, char *why, size_t whylen)
{
	size_t n = strcspn(name, ":");

	if (whylen)
		why[0] = '\0';
	for (size_t i = 0; i < pb_solver_count; i++) {
		const pb_solver *s = pb_solvers[i];

		if (strncmp(s->name, name, n) || s->name[n])
			continue;
		return name[n] ? pb_solver_variant(s, name + n + 1, why, whylen) : s;
	}
	return NULL;
}

const pb_solver *pb_solver_find(const char *name)
{
	char why[PB_VARIANT_NAME_MAX + 1];

	return pb_solver_lookup(name, why, sizeof(why));
}

/* A table solver is the default only where its build takes a few
 * milliseconds: up to the 3x3 board's 9!/2 states. Elsewhere IDA* answers
 * one puzzle far sooner than a table of hundreds of millions of states. */
#define DEFAULT_TABLE_MAX_STATES (PB_F9 / 2)

const pb_solver *pb_solver_default(const pb_domain *d, const pb_config *cfg)
{
	char why[160];

	for (size_t i = 0; i < pb_solver_count; i++) {
		const pb_solver *s = pb_solvers[i];

		if (s == &pb_solver_reverse_table && d->index_count > DEFAULT_TABLE_MAX_STATES)
			continue;
		if (!pb_solver_supports(s, d, cfg, why, sizeof(why)))
			return s;
	}
	return NULL;
}
