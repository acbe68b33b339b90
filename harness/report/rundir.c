#include "harness/report/rundir.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int report_take_floors(report *r, const meta_info *m)
{
	size_t n = r->algorithms.count;
	bool *long_lived = n ? calloc(n, sizeof(*long_lived)) : NULL;

	r->floor_ns = m->timer.floor_ns;
	r->round_trip_ns = m->round_trip_ns;
	free(r->long_lived);
	r->long_lived = long_lived;
	r->nlong_lived = long_lived ? n : 0;
	if (n && !long_lived)
		return -1;
	for (uint32_t a = 0; a < n; a++)
		long_lived[a] = meta_long_lived(m, report_name(&r->algorithms, a));
	return 0;
}

int report_read_floors(report *r, const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX];
	meta_info m;
	int rc = 0;

	if ((size_t)snprintf(path, sizeof(path), "%s/" RUNDIR_META, dir) >= sizeof(path)) {
		snprintf(err, errlen, "%s: the path is too long", dir);
		return -1;
	}
	if (meta_read(&m, path, err, errlen))
		return -1;
	if (m.present && report_take_floors(r, &m)) {
		snprintf(err, errlen, "%s: out of memory", path);
		rc = -1;
	}
	meta_info_release(&m);
	return rc;
}

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
	if (report_take_floors(r, m)) {
		snprintf(err, errlen, "%s: out of memory", dir);
		return -1;
	}
	return 0;
}
