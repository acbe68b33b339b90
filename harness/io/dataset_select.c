#include "harness/io/dataset_select.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The index of the instance of DS with id ID (LEN characters), or -1. */
static long find_id(const dataset *ds, const char *id, size_t len)
{
	for (size_t i = 0; i < ds->count; i++)
		if (strlen(ds->instances[i].id) == len && !memcmp(ds->instances[i].id, id, len))
			return (long)i;
	return -1;
}

/* Mark in KEEP the instances ITEM (LEN characters) names: an id, or the
 * first split "A-B" at a '-' whose both sides are ids. Returns 0, or -1
 * with why in ERR. */
static int mark_item(const dataset *ds, const char *item, size_t len, bool *keep, char *err,
		     size_t errlen)
{
	long at = find_id(ds, item, len);

	if (at >= 0) {
		keep[at] = true;
		return 0;
	}
	for (const char *dash = memchr(item, '-', len); dash;
	     dash = memchr(dash + 1, '-', len - (size_t)(dash + 1 - item))) {
		long a = find_id(ds, item, (size_t)(dash - item));
		long b = find_id(ds, dash + 1, len - (size_t)(dash + 1 - item));

		if (a < 0 || b < 0)
			continue;
		if (a > b) {
			snprintf(err, errlen, "--instances: range '%.*s' runs backwards in '%s' "
				 "(instance '%s' comes after '%s')", (int)len, item, ds->name,
				 ds->instances[a].id, ds->instances[b].id);
			return -1;
		}
		for (long i = a; i <= b; i++)
			keep[i] = true;
		return 0;
	}
	snprintf(err, errlen, "--instances: no instance '%.*s' in '%s' (an item is an id of its "
		 "first column, or a range A-B of them; its ids run from '%s' to '%s')", (int)len,
		 item, ds->name, ds->count ? ds->instances[0].id : "",
		 ds->count ? ds->instances[ds->count - 1].id : "");
	return -1;
}

/* Mark in KEEP what the comma-separated LIST names. Returns 0, or -1 with
 * why in ERR. */
static int mark_list(const dataset *ds, const char *list, bool *keep, char *err, size_t errlen)
{
	bool any = false;

	for (const char *p = list;; p++) {
		size_t len = strcspn(p, ",");

		if (len) {
			if (mark_item(ds, p, len, keep, err, errlen))
				return -1;
			any = true;
		}
		p += len;
		if (!*p)
			break;
	}
	if (!any) {
		snprintf(err, errlen, "--instances: want one or more ids or ranges A-B, separated "
			 "by commas");
		return -1;
	}
	return 0;
}

int dataset_select(dataset *ds, const char *list, uint64_t limit, char *err, size_t errlen)
{
	bool *keep;
	size_t n = 0;

	if (!list && !limit)
		return 0;
	keep = calloc(ds->count ? ds->count : 1, sizeof(*keep));
	if (!keep) {
		snprintf(err, errlen, "%s: out of memory", ds->path);
		return -1;
	}
	if (list && mark_list(ds, list, keep, err, errlen)) {
		free(keep);
		return -1;
	}
	/* the kept ones move down, in order; the rest are dropped */
	for (size_t i = 0; i < ds->count; i++)
		if ((!list || keep[i]) && (!limit || n < limit))
			ds->instances[n++] = ds->instances[i];
	ds->count = n;
	free(keep);
	return 0;
}
