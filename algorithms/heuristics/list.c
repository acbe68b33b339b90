/* The named heuristics and the kinds' code, as the table (table.h) lists
 * them; finding a heuristic by name, the heuristics a plugin adds, and a
 * domain's default. */
#include "heuristic.h"
#include "../puzzles/family.h"

#include <stdio.h>
#include <string.h>

const pb_heuristic_info pb_heuristics[] = { PB_HEURISTIC_NAMED };
const size_t pb_heuristic_count = sizeof(pb_heuristics) / sizeof(pb_heuristics[0]);

/* Each kind's code, by the kind's value. */
#define OPS_ONE(KIND, name, parts) [KIND] = &pb_heur_##name##_ops,
static const pb_heuristic_ops *const kind_ops[] = { PB_HEURISTIC_KIND_LIST(OPS_ONE) };
#undef OPS_ONE

const pb_heuristic_ops *pb_heuristic_ops_of(pb_heuristic_kind kind)
{
	return (size_t)kind < sizeof(kind_ops) / sizeof(kind_ops[0]) ? kind_ops[kind] : NULL;
}

/* The heuristics added (a plugin's): filled as plugins load, before any
 * search. */
static const pb_heuristic_info *added[PB_HEURISTIC_ADDED_MAX];
static size_t added_count;

size_t pb_heuristic_added_count(void)
{
	return added_count;
}

const pb_heuristic_info *pb_heuristic_added(size_t i)
{
	return i < added_count ? added[i] : NULL;
}

int pb_heuristic_add(const pb_heuristic_info *info, char *err, size_t errlen)
{
	for (size_t i = 0; i < added_count; i++) {
		if (!strcmp(added[i]->name, info->name) && added[i]->family == info->family) {
			snprintf(err, errlen, "the family %s has two heuristics '%s'",
				 info->family ? info->family->pattern : "?", info->name);
			return -1;
		}
	}
	if (added_count == PB_HEURISTIC_ADDED_MAX) {
		snprintf(err, errlen, "more than %d heuristics", PB_HEURISTIC_ADDED_MAX);
		return -1;
	}
	added[added_count++] = info;
	return 0;
}

void pb_heuristic_clear(void)
{
	added_count = 0;
}

/* The heuristic of a family of names (gap-k, pdb:...) called NAME, as its
 * kind's find answers, or NULL. */
static const pb_heuristic_info *find_in_family(const char *name)
{
	const pb_heuristic_info *info;

#define FIND_ONE(KIND, name_, parts)                                                     \
	if (pb_heur_##name_##_ops.find && (info = pb_heur_##name_##_ops.find(name)))     \
		return info;
	PB_HEURISTIC_KIND_LIST(FIND_ONE)
#undef FIND_ONE
	return NULL;
}

const pb_heuristic_info *pb_heuristic_find(const char *name)
{
	for (size_t i = 0; i < added_count; i++)
		if (!strcmp(added[i]->name, name))
			return added[i];
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!strcmp(pb_heuristics[i].name, name))
			return &pb_heuristics[i];
	return find_in_family(name);
}

const pb_heuristic_info *pb_heuristic_find_for(const char *name, const pb_domain *d)
{
	for (size_t i = 0; i < added_count; i++)
		if (!strcmp(added[i]->name, name) && added[i]->family == d->family)
			return added[i];
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!strcmp(pb_heuristics[i].name, name) && !pb_heuristic_supports(&pb_heuristics[i], d, NULL, 0))
			return &pb_heuristics[i];
	return pb_heuristic_find(name);
}

const char *pb_heuristic_check(const char *name, char *why, size_t whylen)
{
	const pb_heuristic_info *info = pb_heuristic_find(name);
	const pb_heuristic_ops *ops;

	if (!info) {
		snprintf(why, whylen, "unknown heuristic '%s'", name);
		return why;
	}
	ops = pb_heuristic_ops_of(info->kind);
	return ops->check && ops->find && ops->find(name) ? ops->check(name, why, whylen) : NULL;
}

const pb_heuristic_info *pb_heuristic_default(const pb_domain *d)
{
	/* a plugin's family's own first, where it has one */
	for (size_t i = 0; i < added_count; i++)
		if (!pb_heuristic_supports(added[i], d, NULL, 0))
			return added[i];
	for (size_t i = 0; i < pb_heuristic_count; i++)
		if (!pb_heuristic_supports(&pb_heuristics[i], d, NULL, 0))
			return &pb_heuristics[i];
	return NULL;
}
