/* Solvers' parameters: the values a variant ("astar:ties=low") carries,
 * read by the solver's own functions. */
#include "solver.h"

#include <stdlib.h>
#include <string.h>

const char *pb_solver_param(const pb_solver *s, const char *key)
{
	if (!s->params)
		return NULL;
	for (int i = 0; i < PB_MAX_PARAMS && s->params[i].key; i++)
		if (!strcmp(s->params[i].key, key))
			return s->values[i] ? s->values[i] : s->params[i].def;
	return NULL;
}

long pb_solver_param_long(const pb_solver *s, const char *key)
{
	const char *v = pb_solver_param(s, key);

	return v ? strtol(v, NULL, 10) : 0;
}
