/* The rows of a run and what is made of them: runs.h (the rows, the one
 * reader and writer of runs.csv), rundir.h (a run's folder read back),
 * groups.h and stats.h (the statistics), summary.h (summary.csv and the
 * table). The commands include this. */
#ifndef REPORT_H
#define REPORT_H

#include "harness/report/groups.h"
#include "harness/report/rundir.h"
#include "harness/report/runs.h"
#include "harness/report/stats.h"
#include "harness/report/summary.h"

#endif
