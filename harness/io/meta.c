#include "harness/io/meta.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "harness/cmd/cmdline.h"
#include "harness/io/outfile.h"
/* PB_GIT_REVISION, written at build time (scripts/revision.cmake) */
#include "pb_revision.h"

#ifndef PB_BUILD_TYPE
#define PB_BUILD_TYPE "unknown"
#endif
#ifndef PB_COMPILER
#define PB_COMPILER "unknown"
#endif
#ifndef PB_CFLAGS
#define PB_CFLAGS "unknown"
#endif
#ifndef PB_VERSION
#define PB_VERSION "unknown"
#endif
#if defined(PB_SANITIZED) && PB_SANITIZED
#define SANITIZED true
#else
#define SANITIZED false
#endif

#define NS_PER_S 1e9

void meta_json_string(FILE *out, const char *s)
{
	putc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < ' ')
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
	putc('"', out);
}

const char *meta_git_revision(void)
{
	return PB_GIT_REVISION;
}

const char *meta_source(void)
{
	return PB_REVISION_SOURCE;
}

uint64_t meta_memory_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

const char *meta_version(void)
{
	return PB_VERSION;
}

/* The processor's model name from /proc/cpuinfo, or "unknown". */
static void cpu_model(char *buf, size_t size)
{
	FILE *in = fopen("/proc/cpuinfo", "r");
	char line[512];

	snprintf(buf, size, "unknown");
	if (!in)
		return;
	while (fgets(line, sizeof(line), in)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, "model name", strlen("model name")) || !colon)
			continue;
		colon++;
		colon += strspn(colon, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, size, "%s", colon);
		break;
	}
	fclose(in);
}

static void iso_date(uint64_t t, char *buf, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void key_string(FILE *out, const char *indent, const char *key, const char *value,
		       bool comma)
{
	fprintf(out, "%s\"%s\": ", indent, key);
	if (value)
		meta_json_string(out, value);
	else
		fputs("null", out);
	fputs(comma ? ",\n" : "\n", out);
}

static void write_machine(FILE *out)
{
	struct utsname u;
	char cpu[256], kernel[512], host[256];

	cpu_model(cpu, sizeof(cpu));
	if (uname(&u)) {
		snprintf(kernel, sizeof(kernel), "unknown");
		snprintf(host, sizeof(host), "unknown");
	} else {
		snprintf(kernel, sizeof(kernel), "%s %s %s %s", u.sysname, u.release, u.version,
			 u.machine);
		snprintf(host, sizeof(host), "%s", u.nodename);
	}
	fputs("  \"machine\": {\n", out);
	key_string(out, "    ", "cpu", cpu, true);
	fprintf(out, "    \"cores\": %ld,\n", sysconf(_SC_NPROCESSORS_ONLN));
	fprintf(out, "    \"memory_bytes\": %" PRIu64 ",\n", meta_memory_bytes());
	key_string(out, "    ", "kernel", kernel, true);
	key_string(out, "    ", "host", host, false);
	fputs("  },\n", out);
}

static void write_build(FILE *out)
{
	fputs("  \"build\": {\n", out);
	key_string(out, "    ", "compiler", PB_COMPILER, true);
	key_string(out, "    ", "flags", PB_CFLAGS, true);
	key_string(out, "    ", "build_type", PB_BUILD_TYPE, true);
	key_string(out, "    ", "version", meta_version(), true);
	fprintf(out, "    \"sanitized\": %s,\n", SANITIZED ? "true" : "false");
	key_string(out, "    ", "git_revision", meta_git_revision(), true);
	/* a key of its own: readers of git_revision keep reading a hash */
	key_string(out, "    ", "source", meta_source(), false);
	fputs("  },\n", out);
}

/* The harness's floor (timer.h): what a solve that does nothing reports,
 * one read of each clock, the batch threshold and target in force, and
 * the clocks' cost taken off each interval (with the CPU clock's spread). */
static void write_timer(FILE *out, const timer_floor *t)
{
	fprintf(out, "  \"timer\": {\"floor_ns\": %.2f, \"wall_clock_ns\": %.1f, "
		"\"cpu_clock_ns\": %.1f, \"batch_threshold_ns\": %" PRIu64 ", "
		"\"batch_target_ns\": %" PRIu64 ", \"wall_taken_ns\": %.0f, \"cpu_taken_ns\": %.0f, "
		"\"cpu_spread_ns\": %.0f},\n",
		t->floor_ns, t->wall_clock_ns, t->cpu_clock_ns, t->batch_threshold_ns,
		t->batch_target_ns, t->wall_taken_ns, t->cpu_taken_ns, t->cpu_spread_ns);
}

static void write_datasets(FILE *out, const meta_run *m)
{
	fputs("  \"datasets\": [\n", out);
	for (size_t i = 0; i < m->ndatasets; i++) {
		const dataset *ds = &m->datasets[i];

		fputs("    {\n", out);
		key_string(out, "      ", "name", ds->name, true);
		key_string(out, "      ", "path", ds->path, true);
		key_string(out, "      ", "domain", ds->domain.name, true);
		fprintf(out, "      \"instances\": %zu,\n", ds->count);
		key_string(out, "      ", "seed", dataset_header_value(ds, "seed"), true);
		key_string(out, "      ", "method", dataset_header_value(ds, "method"), true);
		key_string(out, "      ", "command", dataset_header_value(ds, "command"), true);
		key_string(out, "      ", "source", dataset_header_value(ds, "source"), false);
		fprintf(out, "    }%s\n", i + 1 < m->ndatasets ? "," : "");
	}
	fputs("  ],\n", out);
}

static void write_run(FILE *out, const meta_run *m)
{
	char *command = cmdline_join(m->argc, m->argv);
	char date[32];

	key_string(out, "  ", "command", command ? command : "", true);
	free(command);
	fputs("  \"argv\": [", out);
	for (int i = 0; i < m->argc; i++) {
		fputs(i ? ", " : "", out);
		meta_json_string(out, m->argv[i]);
	}
	fputs("],\n", out);
	iso_date(m->started, date, sizeof(date));
	key_string(out, "  ", "date", date, true);
	fprintf(out, "  \"wall_s\": %.3f,\n", (double)m->wall_ns / NS_PER_S);
	key_string(out, "  ", "outcome", m->outcome, true);
	fputs("  \"seeds\": [", out);
	for (size_t i = 0, k = 0; i < m->ndatasets; i++) {
		const char *seed = dataset_header_value(&m->datasets[i], "seed");

		if (!seed)
			continue;
		fputs(k++ ? ", " : "", out);
		meta_json_string(out, seed);
	}
	fputs("],\n", out);
}

int meta_write(const char *path, const meta_run *m, char *err, size_t errlen)
{
	outfile f;

	if (outfile_open(&f, path, err, errlen))
		return -1;
	fputs("{\n  \"tool\": \"puzzlebench\",\n", f.fp);
	write_run(f.fp, m);
	write_machine(f.fp);
	write_build(f.fp);
	campaign_write(f.fp, m->campaign);
	if (m->timer)
		write_timer(f.fp, m->timer);
	write_datasets(f.fp, m);
	if (m->extra)
		m->extra(f.fp, m->extra_arg);
	fputs("  \"format\": 1\n}\n", f.fp);
	return outfile_commit(&f, err, errlen);
}
