/* Domain families: one table of every kind of puzzle there is (git's
 * command table, for domains). A family is a name pattern ("tilesWxH",
 * "pancakeN") and a constructor that makes the member a name calls for;
 * beside it, what a user and a tool need to know of it without making
 * one: a line about it, an example member and puzzle, its solvability rule
 * and the index it offers, and what the solver plugins' ABI calls it.
 *
 * 'bench list', the help texts, 'gen', 'solve', the dataset reader, the
 * plugin ABI and 'bench selftest' read this table; no file outside a
 * domain's own names a domain. The built-in families are a constant
 * table; a plugin's families are added to it when the plugin is loaded
 * (pb_family_add), so that everything after finds them the same way. */
#ifndef PB_FAMILY_H
#define PB_FAMILY_H

#include <stddef.h>

#include "domain.h"

struct pb_family {
	const char *pattern;        /* "tilesWxH": as 'bench list' shows it */
	const char *summary;        /* a line about it */
	const char *example;        /* a member's name: "tiles3x4" */
	const char *example_puzzle; /* a puzzle of that member, as the user writes it */
	const char *solvability;    /* which states reach the goal, in words;
				     * NULL: no rule (only an exhaustive
				     * search may say 'unsolvable') */
	const char *index;          /* the index it offers, in words; NULL: none */
	/* The members whose solvability rule 'bench selftest' holds against
	 * reachability (the smallest of the family), NULL-terminated; NULL:
	 * the example only */
	const char *const *smallest;
	/* What a solver plugin is shown (pb_plugin_kind; the plugin's own
	 * PB_PLUGIN_OWN for a plugin's family), and the oldest plugin ABI
	 * that shows it */
	int plugin_kind;
	unsigned plugin_abi;
	/* The member called NAME into D (zeroed): 0; 1 where NAME is not of
	 * this family; -1 where it is but cannot be made, with why in ERR */
	int (*make)(const pb_family *f, pb_domain *d, const char *name, char *err,
		    size_t errlen);
	/* A plugin's family: its table (include/puzzlebench/plugin.h) and
	 * what the harness keeps with it; NULL for a built-in one */
	const void *plugin;
	void *self;
};

/* The families: the built-in ones, then those added, in order. */
size_t pb_family_count(void);
const pb_family *pb_family_at(size_t i);

/* Add F (which must outlive every domain made of it) after the others.
 * Returns 0, or -1 with why in ERR (a pattern or example a family has
 * already, no room). */
int pb_family_add(const pb_family *f, char *err, size_t errlen);

/* Forget the families added (before their plugins are unloaded). */
void pb_family_clear(void);

/* The family whose members include NAME, or NULL. */
const pb_family *pb_family_of(const char *name);

/* The most families a process can add. */
#define PB_FAMILY_ADDED_MAX 32

#endif
