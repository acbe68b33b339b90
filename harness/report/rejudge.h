/* The answers the runner could not judge against a length: where a
 * dataset has no reference, a bounded solver (wastar:w=W) is held to its
 * bound against the best answer of the whole run, which is known only once
 * the run is over (issue 32). After a run (and a merge), each ok row of a
 * solver that is not optimal, on an instance with no reference, whose
 * length is past its bound times the shortest ok answer to that instance
 * in the file, becomes 'wrong', with a note that says so. An optimal
 * solver's answer longer than another's is left to 'verify' (it says
 * which disagree), as before. */
#ifndef REJUDGE_H
#define REJUDGE_H

#include <stddef.h>

/* Rejudge DIR/runs.csv as above, rewriting it (whole or not at all) only
 * where a row changes; *CHANGED how many did. The solvers are found by
 * name (built-in, or outside ones loaded in this process); a row of a
 * solver not found is left as it is. Returns 0, or -1 with why in ERR. */
int rejudge_by_best(const char *dir, size_t *changed, char *err, size_t errlen);

#endif
