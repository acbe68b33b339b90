#include "harness/report/gnuplot.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/report/charts.h"

#ifndef PB_SOURCE_DIR
#define PB_SOURCE_DIR "."
#endif

#define PROBE_SCRIPT "by-length.gp" /* a scripts folder must hold this */
/* Exit statuses of the child that could not start gnuplot (as a shell's). */
#define EXIT_CANNOT_CHDIR 126
#define EXIT_CANNOT_EXEC 127

/* Format a path into OUT (PATH_MAX bytes). Returns 0, or -1 when it did
 * not fit (OUT then holds a cut copy that names no file of ours). */
static int path_format(char *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int path_format(char *out, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out, PATH_MAX, fmt, ap);
	va_end(ap);
	return n < 0 || n >= PATH_MAX ? -1 : 0;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static bool has_probe(const char *dir)
{
	char path[PATH_MAX];

	return !path_format(path, "%s/%s", dir, PROBE_SCRIPT) && !access(path, R_OK);
}

/* TRY as the scripts folder, absolute in OUT, if it holds the scripts. */
static bool scripts_in(const char *try, char *out)
{
	return has_probe(try) && realpath(try, out);
}

int gnuplot_find_scripts(const char *who, const char *given, char *out)
{
	char exe[PATH_MAX], try[PATH_MAX];
	ssize_t n;

	if (given) {
		if (!scripts_in(given, out)) {
			fprintf(stderr, "%s: no gnuplot scripts in '%s' (it should hold '%s')\n", who,
				given, PROBE_SCRIPT);
			return -1;
		}
		return 0;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		if ((!path_format(try, "%s/scripts", exe) && scripts_in(try, out)) ||
		    (!path_format(try, "%s/../scripts", exe) && scripts_in(try, out)))
			return 0;
	}
	path_format(try, "%s/scripts", PB_SOURCE_DIR);
	if (scripts_in(try, out))
		return 0;
	fprintf(stderr, "%s: no gnuplot scripts found beside 'bench' or in '%s' "
		"(give --scripts DIR)\n", who, try);
	return -1;
}

bool gnuplot_exists(const char *program)
{
	const char *path = getenv("PATH");
	char try[PATH_MAX];

	if (strchr(program, '/'))
		return !access(program, X_OK) && !is_dir(program);
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t len = strcspn(path, ":");

		if (!path_format(try, "%.*s/%s", (int)len, len ? path : ".", program) &&
		    !access(try, X_OK) && !is_dir(try))
			return true;
		path += len + (path[len] == ':');
	}
	return false;
}

/* Remove PATH and what it holds (our own charts folders: two levels). */
static void remove_tree(const char *who, const char *path, int depth)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (d) {
		while ((e = readdir(d))) {
			char sub[PATH_MAX];
			struct stat st;

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
			    path_format(sub, "%s/%s", path, e->d_name) || lstat(sub, &st))
				continue;
			if (S_ISDIR(st.st_mode) && depth > 0)
				remove_tree(who, sub, depth - 1);
			else if (!S_ISDIR(st.st_mode))
				unlink(sub);
		}
		closedir(d);
	}
	if (rmdir(path) && errno != ENOENT)
		fprintf(stderr, "%s: could not remove '%s': %s\n", who, path, strerror(errno));
}

int gnuplot_dir_begin(gnuplot_dir *d, const char *who, const char *final)
{
	char data[PATH_MAX];

	d->who = who;
	d->tmp[0] = '\0';
	if (path_format(d->final, "%s", final) ||
	    path_format(d->tmp, "%s.new.%ld", final, (long)getpid()) ||
	    path_format(data, "%s/%s", d->tmp, CHARTS_DATA_DIR)) {
		fprintf(stderr, "%s: the path '%s' is too long\n", who, final);
		d->tmp[0] = '\0';
		return -1;
	}
	if (is_dir(d->tmp))
		remove_tree(who, d->tmp, 1);
	if (mkdir(d->tmp, 0777) || mkdir(data, 0777)) {
		fprintf(stderr, "%s: cannot make '%s': %s\n", who, data, strerror(errno));
		return -1;
	}
	return 0;
}

void gnuplot_dir_end(gnuplot_dir *d)
{
	if (d->tmp[0] && is_dir(d->tmp))
		remove_tree(d->who, d->tmp, 1);
}

/* Run PROGRAM on the driver inside the fresh folder. Returns 0 when it
 * exited 0. */
static int run_gnuplot(const gnuplot_dir *d, const char *program)
{
	pid_t pid;
	int status;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "%s: cannot start gnuplot: %s\n", d->who, strerror(errno));
		return -1;
	}
	if (!pid) {
		if (chdir(d->tmp))
			_exit(EXIT_CANNOT_CHDIR);
		execlp(program, program, CHARTS_DRIVER, (char *)NULL);
		fprintf(stderr, "%s: cannot run '%s': %s (%s)\n", d->who, program, strerror(errno),
			GNUPLOT_INSTALL_HINT);
		_exit(EXIT_CANNOT_EXEC);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "%s: lost gnuplot: %s\n", d->who, strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	if (WIFEXITED(status))
		fprintf(stderr, "%s: gnuplot failed (exit status %d) on '%s/%s'\n", d->who,
			WEXITSTATUS(status), d->tmp, CHARTS_DRIVER);
	else
		fprintf(stderr, "%s: gnuplot died (signal %d) on '%s/%s'\n", d->who,
			WTERMSIG(status), d->tmp, CHARTS_DRIVER);
	return -1;
}

/* Whether NAME ends in EXT. */
static bool has_ext(const char *name, const char *ext)
{
	const char *dot = strrchr(name, '.');

	return dot && !strcmp(dot, ext);
}

/* Every chart the driver asked for exists as a non-empty PNG and SVG. */
static int check_outputs(const gnuplot_dir *d, size_t charts)
{
	DIR *dir = opendir(d->tmp);
	struct dirent *e;
	size_t images = 0;

	if (!dir)
		return -1;
	while ((e = readdir(dir))) {
		char path[PATH_MAX];
		struct stat st;

		if ((has_ext(e->d_name, ".png") || has_ext(e->d_name, ".svg")) &&
		    !path_format(path, "%s/%s", d->tmp, e->d_name) && !stat(path, &st) &&
		    st.st_size > 0)
			images++;
	}
	closedir(dir);
	if (images != 2 * charts) {
		fprintf(stderr, "%s: gnuplot wrote %zu of the %zu images asked of it in '%s'\n",
			d->who, images, 2 * charts, d->tmp);
		return -1;
	}
	return 0;
}

/* Put the fresh folder in the place of D->final. */
static int swap_in(gnuplot_dir *d)
{
	char old[PATH_MAX];

	if (path_format(old, "%s.old.%ld", d->final, (long)getpid())) {
		fprintf(stderr, "%s: the path '%s' is too long\n", d->who, d->final);
		return -1;
	}
	if (is_dir(d->final) && rename(d->final, old)) {
		fprintf(stderr, "%s: cannot move '%s' aside: %s\n", d->who, d->final, strerror(errno));
		return -1;
	}
	if (rename(d->tmp, d->final)) {
		fprintf(stderr, "%s: cannot rename '%s' to '%s': %s\n", d->who, d->tmp, d->final,
			strerror(errno));
		if (is_dir(old))
			rename(old, d->final);
		return -1;
	}
	d->tmp[0] = '\0';
	if (is_dir(old))
		remove_tree(d->who, old, 1);
	return 0;
}

int gnuplot_draw(gnuplot_dir *d, const char *program, size_t charts)
{
	if (run_gnuplot(d, program) || check_outputs(d, charts) || swap_in(d))
		return -1;
	return 0;
}

static int cmp_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t gnuplot_charts_in(const char *dir, const char *ext, char ***names)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, cap = 0;

	*names = NULL;
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (!has_ext(e->d_name, ext))
			continue;
		if (n == cap) {
			char **v = realloc(*names, (cap = cap ? 2 * cap : 16) * sizeof(*v));

			if (!v)
				break;
			*names = v;
		}
		(*names)[n] = strndup(e->d_name, strlen(e->d_name) - strlen(ext));
		if ((*names)[n])
			n++;
	}
	closedir(d);
	if (n)
		qsort(*names, n, sizeof(**names), cmp_string);
	return n;
}

void gnuplot_names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

void gnuplot_list(const gnuplot_dir *d)
{
	char **names;
	size_t n = gnuplot_charts_in(d->final, ".png", &names);

	printf("%zu charts in '%s' (PNG and SVG):\n", n, d->final);
	for (size_t i = 0; i < n; i++)
		printf("  %s\n", names[i]);
	gnuplot_names_free(names, n);
}
