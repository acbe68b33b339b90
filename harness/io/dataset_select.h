/* Part of a dataset: the instances named by id or by a range of ids, and at
 * most a count of them, as 'bench run', 'bench verify' and 'bench check'
 * take them (--instances LIST, --limit N). The part is cut out of the
 * loaded dataset, so that everything after sees a smaller dataset. */
#ifndef DATASET_SELECT_H
#define DATASET_SELECT_H

#include <stddef.h>
#include <stdint.h>

#include "harness/io/dataset.h"

/* Keep of DS only the instances LIST names (NULL: all of them), in the
 * file's order, then the first LIMIT of those (0: no limit). LIST is
 * comma-separated; an item is an instance's id as the file's first column
 * has it, or a range "A-B" of ids, from the instance with id A to the one
 * with id B in the file's order (an id with a '-' in it is taken whole
 * first). Every item must name instances of DS. Returns 0, or -1 with
 * "--instances: ..." in ERR. */
int dataset_select(dataset *ds, const char *list, uint64_t limit, char *err, size_t errlen);

/* The most --limit takes. */
#define DATASET_SELECT_LIMIT_MAX UINT32_MAX

/* The help lines of --instances and --limit, for each command that takes
 * them. */
#define DATASET_SELECT_USAGE \
"      --instances LIST     only these instances of each dataset: ids as its\n" \
"                           first column has them, or ranges A-B of them\n" \
"                           (from id A to id B in the file's order),\n" \
"                           separated by commas (1-10,15)\n" \
"      --limit N            only the first N instances of each dataset (after\n" \
"                           --instances)\n"

#endif
