/* Subcommands not written yet; each moves to its own file when written
 * (delete its function here then). */
#include <stdio.h>

#include "commands.h"

static int pending(const char *name)
{
	fprintf(stderr, "bench: '%s' is not written yet\n", name);
	return PB_EXIT_USAGE;
}

int cmd_merge(int argc, char **argv) { (void)argc; return pending(argv[0]); }
