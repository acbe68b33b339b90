/* C plugins: a shared object exporting solvers through the public header
 * include/puzzlebench/plugin.h, loaded with dlopen. Each of its solvers
 * becomes an outside solver (outside.h) that sees puzzles as plain data
 * (plugin_plain_of) and allocates, counts and polls through an
 * environment backed by the harness's pb_search: its meter counts every
 * byte (peak exact) and enforces the memory limit, its counters are the
 * row's, its deadline and stop flag are polled. */
#ifndef PLUGIN_H
#define PLUGIN_H

#include <stddef.h>

/* Load the plugin at PATH and add its solvers. Returns 0, or -1 with why
 * in ERR: not loadable, not a puzzlebench plugin, another ABI version, a
 * solver name taken. */
int plugin_load(const char *path, char *err, size_t errlen);

#endif
