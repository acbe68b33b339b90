#include "harness/engine/plugin.h"

#include <stdio.h>

int plugin_load(const char *path, char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot load plugin '%s': not yet", path);
	return -1;
}
