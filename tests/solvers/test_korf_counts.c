/* idastar with Manhattan distance against Korf's own figures: on the
 * instances of Korf's 100 (1985) that took fewest nodes, the nodes
 * generated must be exactly those the paper reports
 * (../shared/data/korf100_nodes.tsv; its README names the source), and the
 * answer optimal (datasets/korf100.txt, from the same paper) and replayed
 * to the goal. The instances are taken from the table, fewest nodes first,
 * as long as their sum stays within a budget (a few seconds at most in a
 * release build). */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/solvers/registry.h"
#include "tests/support/support.h"

#define KORF_NODES IT_SHARED "data/korf100_nodes.tsv"
#define KORF_DATASET PB_SOURCE_DIR "/datasets/korf100.txt"
#define KORF_INSTANCES 100
/* The nodes of all the instances checked together, at most (release:
 * about a second). */
#define NODE_BUDGET (200000000ULL / SLOWDOWN)

typedef struct published {
	char id[16];
	unsigned long long generated;
} published;

/* The rows of KORF_NODES (a header, then "id<TAB>nodes_generated") into
 * ROWS: their count. */
static size_t read_published(published *rows, size_t cap)
{
	FILE *f;
	char line[256];
	size_t n = 0;
	int lineno = 0;

	it_need_shared(KORF_NODES);
	f = fopen(KORF_NODES, "r");
	cr_assert_not_null(f, "%s: %s", KORF_NODES, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char *tab = strchr(line, '\t'), *end;

		if (++lineno == 1)
			continue;
		cr_assert(tab && tab - line < (long)sizeof(rows[0].id), "%s:%d: want id<TAB>nodes",
			  KORF_NODES, lineno);
		cr_assert_lt(n, cap, "%s:%d: more than %zu rows", KORF_NODES, lineno, cap);
		memcpy(rows[n].id, line, (size_t)(tab - line));
		rows[n].id[tab - line] = '\0';
		errno = 0;
		rows[n].generated = strtoull(tab + 1, &end, 10);
		cr_assert(end != tab + 1 && !errno && (*end == '\n' || *end == '\r' || !*end),
			  "%s:%d: '%s' is not a count", KORF_NODES, lineno, tab + 1);
		n++;
	}
	fclose(f);
	return n;
}

static int by_nodes(const void *a, const void *b)
{
	const published *x = a, *y = b;

	return (x->generated > y->generated) - (x->generated < y->generated);
}

static const dataset_instance *instance_of(const dataset *ds, const char *id)
{
	for (size_t i = 0; i < ds->count; i++)
		if (!strcmp(ds->instances[i].id, id))
			return &ds->instances[i];
	cr_assert_fail("%s: no instance '%s' (named in %s)", KORF_DATASET, id, KORF_NODES);
	return NULL;
}

Test(korf_counts, idastar_manhattan_generates_korfs_nodes)
{
	published rows[KORF_INSTANCES];
	size_t n = read_published(rows, KORF_INSTANCES), checked = 0;
	unsigned long long spent = 0;
	dataset ds;
	it_solver t;

	cr_assert_eq(n, KORF_INSTANCES, "%s: %zu rows, want %d", KORF_NODES, n, KORF_INSTANCES);
	qsort(rows, n, sizeof(rows[0]), by_nodes);
	ht_load_dataset(&ds, KORF_DATASET);
	it_prepare(&t, &pb_solver_idastar, &ds.domain, "manhattan", NULL);
	for (size_t i = 0; i < n && spent + rows[i].generated <= NODE_BUDGET; i++) {
		const dataset_instance *in = instance_of(&ds, rows[i].id);
		pb_search s;
		pb_path p;
		pb_status st;

		pb_search_init(&s, 0, 0, NULL);
		st = t.solver->solve(t.ctx, &in->state, &s, &p);
		cr_assert_eq(st, PB_SOLVED, "Korf #%s: %s (%s)", in->id, pb_status_name(st), s.message);
		cr_expect_eq(p.length, in->reference, "Korf #%s: %d moves, the optimum is %d", in->id,
			     p.length, in->reference);
		cr_expect_eq(it_replay(&ds.domain, &in->state, &p), PB_REACHES_GOAL,
			     "Korf #%s: the answer does not reach the goal", in->id);
		cr_expect_eq(s.generated, rows[i].generated,
			     "Korf #%s: %llu nodes generated, Korf (1985) reports %llu", in->id,
			     (unsigned long long)s.generated, rows[i].generated);
		cr_expect_lt(s.expanded, s.generated, "Korf #%s: %llu expanded of %llu generated",
			     in->id, (unsigned long long)s.expanded, (unsigned long long)s.generated);
		spent += rows[i].generated;
		checked++;
	}
	/* the budget must leave a test worth the name */
	cr_expect_geq(checked, 3, "only %zu instances within %llu nodes", checked, NODE_BUDGET);
	it_release(&t);
	dataset_release(&ds);
}
