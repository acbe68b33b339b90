#include "harness/report/rundir.h"

#include <limits.h>
#include <stdio.h>

int report_load_dir(report *r, meta_info *m, const char *dir, char *err, size_t errlen,
		    char *warn, size_t warnlen)
{
	char path[PATH_MAX];

	meta_info_init(m);
	warn[0] = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s/" RUNDIR_RUNS, dir) >= sizeof(path)) {
		snprintf(err, errlen, "%s: the path is too long", dir);
		return -1;
	}
	if (report_load(r, path, err, errlen))
		return -1;
	snprintf(path, sizeof(path), "%s/" RUNDIR_META, dir);
	if (meta_read(m, path, warn, warnlen))
		meta_info_release(m);
	else
		warn[0] = '\0'; /* none, or read: either is fine */
	r->floor_ns = m->timer.floor_ns;
	return 0;
}
