/* The solvers of the registry, one file each. */
#ifndef PB_REGISTRY_H
#define PB_REGISTRY_H

#include "solver.h"

extern const pb_solver pb_solver_bfs_hash;      /* bfs.c */
extern const pb_solver pb_solver_bfs_cantor;    /* bfs.c */
extern const pb_solver pb_solver_reverse_table; /* reverse_table.c */
extern const pb_solver pb_solver_bibfs;         /* bibfs.c */
extern const pb_solver pb_solver_astar;         /* astar.c */
extern const pb_solver pb_solver_idastar;       /* idastar.c */
extern const pb_solver pb_solver_nbs;           /* nbs.c */
extern const pb_solver pb_solver_dvcbs;         /* dvcbs.c */
extern const pb_solver pb_solver_gbfhs;         /* gbfhs.c */
extern const pb_solver pb_solver_bae;           /* bae.c */
extern const pb_solver pb_solver_beam;          /* beam.c */
extern const pb_solver pb_solver_widastar;      /* idastar.c */
extern const pb_solver pb_solver_wastar;        /* wastar.c */
extern const pb_solver pb_solver_gbfs;          /* wastar.c */
extern const pb_solver pb_solver_awastar;       /* wastar.c */

#endif
