/* A main for the fuzz targets without libFuzzer: each argument, a file or
 * a folder of files (a corpus), is read and handed to the target once, so
 * that the committed corpora replay in every build (any compiler, the
 * sanitizers' builds too) and a failed property aborts. Prints how many
 * inputs it ran. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t run_file(const char *path)
{
	FILE *in = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, room = 0, got;

	if (!in) {
		fprintf(stderr, "replay: cannot open '%s'\n", path);
		exit(2);
	}
	do {
		if (len == room) {
			room = room ? 2 * room : 4096;
			buf = realloc(buf, room);
			if (!buf)
				abort();
		}
		got = fread(buf + len, 1, room - len, in);
		len += got;
	} while (got);
	fclose(in);
	/* the bytes alone, as libFuzzer hands them over (a copy of just LEN
	 * bytes, so that a read past them is caught by the sanitizers) */
	uint8_t *exact = malloc(len ? len : 1);

	if (!exact)
		abort();
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static size_t run_path(const char *path)
{
	struct stat st;
	struct dirent *e;
	char **names = NULL, full[4096];
	size_t n = 0, runs = 0;
	DIR *dir;

	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return run_file(path);
	dir = opendir(path);
	if (!dir) {
		fprintf(stderr, "replay: cannot read '%s'\n", path);
		exit(2);
	}
	while ((e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		names = realloc(names, (n + 1) * sizeof(*names));
		if (!names || !(names[n] = strdup(e->d_name)))
			abort();
		n++;
	}
	closedir(dir);
	qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		snprintf(full, sizeof(full), "%s/%s", path, names[i]);
		runs += run_file(full);
		free(names[i]);
	}
	free(names);
	return runs;
}

int main(int argc, char **argv)
{
	size_t runs = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++)
		runs += run_path(argv[i]);
	printf("%s: %zu inputs replayed, every property held\n", argv[0], runs);
	return 0;
}
