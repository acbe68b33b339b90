/* The fuzz targets' pb_domain_init (linked with -Wl,--wrap=pb_domain_init,
 * so that the library's callers, the dataset reader among them, call this
 * one): a domain's tables are set up once per name and copied after that,
 * since pb_domain_init's result depends on the name alone. A name it
 * refuses is handed to the real one each time (refusing is cheap, and the
 * message is its own). Fuzzing code only. */
#include <stddef.h>
#include <string.h>

#include "algorithms/puzzles/domain.h"

int __real_pb_domain_init(pb_domain *d, const char *name, char *err, size_t errlen);
int __wrap_pb_domain_init(pb_domain *d, const char *name, char *err, size_t errlen);

/* More names than there are domains: "tiles3x3" and "8puzzle" are two. */
#define CACHED 96

int __wrap_pb_domain_init(pb_domain *d, const char *name, char *err, size_t errlen)
{
	static pb_domain cache[CACHED];
	static char names[CACHED][32];
	static size_t count;

	for (size_t i = 0; i < count; i++)
		if (!strcmp(names[i], name)) {
			memcpy(d, &cache[i], sizeof(*d));
			return 0;
		}
	if (__real_pb_domain_init(d, name, err, errlen))
		return -1;
	if (count < CACHED && strlen(name) < sizeof(names[0])) {
		memcpy(&cache[count], d, sizeof(*d));
		strcpy(names[count++], name);
	}
	return 0;
}
