#include "harness/io/outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/engine/signals.h"

static void outfile_clear(outfile *f)
{
	signals_forget(f->slot);
	f->slot = -1;
	free(f->path);
	free(f->tmp);
	f->fp = NULL;
	f->path = f->tmp = NULL;
}

int outfile_open(outfile *f, const char *path, char *err, size_t errlen)
{
	size_t n = strlen(path) + 32;
	struct stat st;

	f->fp = NULL;
	f->slot = -1;
	f->tmp = NULL;
	f->path = strdup(path);
	if (f->path && stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		/* a device or a pipe (/dev/null, /dev/stdout, a fifo): written
		 * as it is, never renamed over */
		f->fp = fopen(path, "w");
		if (!f->fp) {
			snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
			outfile_clear(f);
			return -1;
		}
		return 0;
	}
	f->tmp = malloc(n);
	if (!f->path || !f->tmp) {
		outfile_clear(f);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	snprintf(f->tmp, n, "%s.tmp.%ld", path, (long)getpid());
	/* before the file exists, so that no moment leaves it behind */
	f->slot = signals_remove_on_stop(f->tmp);
	f->fp = fopen(f->tmp, "w");
	if (!f->fp) {
		/* name the file the user asked for, not the temporary one */
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
		outfile_clear(f);
		return -1;
	}
	return 0;
}

/* Flush F's stream to the disk: 0, or an errno. A file that cannot be
 * synced (EINVAL: not a disk's) counts as written. */
static int sync_out(FILE *fp)
{
	if (fflush(fp))
		return errno ? errno : EIO;
	if (fsync(fileno(fp)) && errno != EINVAL)
		return errno;
	return ferror(fp) ? EIO : 0;
}

int outfile_commit(outfile *f, char *err, size_t errlen)
{
	int e = sync_out(f->fp);

	if (fclose(f->fp) && !e)
		e = errno ? errno : EIO;
	if (e) {
		snprintf(err, errlen, "%s: write error: %s", f->tmp ? f->tmp : f->path, strerror(e));
		if (f->tmp)
			unlink(f->tmp);
		outfile_clear(f);
		return -1;
	}
	if (f->tmp && rename(f->tmp, f->path)) {
		snprintf(err, errlen, "%s: %s", f->path, strerror(errno));
		unlink(f->tmp);
		outfile_clear(f);
		return -1;
	}
	outfile_clear(f);
	return 0;
}

void outfile_abort(outfile *f)
{
	if (f->fp) {
		fclose(f->fp);
		if (f->tmp)
			unlink(f->tmp);
	}
	outfile_clear(f);
}

int outfile_mkdirs(const char *path, char *err, size_t errlen)
{
	char *p = strdup(path), *slash;
	struct stat st;

	if (!p || !*p) {
		snprintf(err, errlen, "'%s': %s", path, p ? "empty directory name" : "out of memory");
		free(p);
		return -1;
	}
	for (slash = p + 1; ; slash++) {
		char c = *slash;

		if (c && c != '/')
			continue;
		*slash = '\0';
		if (mkdir(p, 0777) && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", p, strerror(errno));
			free(p);
			return -1;
		}
		*slash = c;
		if (!c)
			break;
	}
	if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: not a directory", path);
		free(p);
		return -1;
	}
	free(p);
	return 0;
}
