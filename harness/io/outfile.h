/* Files written whole or not at all: written under a temporary name in the
 * same directory, synced to the disk, then renamed over the final name, so
 * that a reader never sees half a file, not even after a crash of the
 * machine, and an interrupted writer leaves nothing behind (a signal that
 * stops the process at once removes the temporary file: signals.h). */
#ifndef OUTFILE_H
#define OUTFILE_H

#include <stdio.h>

typedef struct outfile {
	FILE *fp;
	char *path; /* the final name */
	char *tmp;  /* the temporary one (NULL: PATH written as it is) */
	int slot;   /* its registration with signals.h, or -1 */
} outfile;

/* Open a temporary file beside PATH for writing; where PATH is a device
 * or a pipe (/dev/null, /dev/stdout, a fifo), PATH itself, which commit
 * then leaves in its place (TMP NULL). Returns 0, or -1 with "PATH: why"
 * in ERR. */
int outfile_open(outfile *f, const char *path, char *err, size_t errlen);

/* Flush, sync (fsync), close and rename it to its final name. Returns 0,
 * or -1 with a message in ERR (the temporary file is then removed). */
int outfile_commit(outfile *f, char *err, size_t errlen);

/* Close and remove the temporary file. */
void outfile_abort(outfile *f);

/* Make directory PATH and its parents (as mkdir -p). Returns 0, or -1 with
 * a message in ERR. */
int outfile_mkdirs(const char *path, char *err, size_t errlen);

#endif
