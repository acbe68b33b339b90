/* What --solver and --solver-once say (external.h): the head
 * "NAME[@DOMAIN,...][<IN>OUT]" parsed and checked, and COMMAND split into
 * words. Nothing here is looked for, set up or started. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/domain.h"
#include "harness/engine/external.h"
#include "harness/engine/process.h"

/* A plain file name for the scratch directory. */
static bool file_name_ok(const char *s)
{
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

/* Parse SPEC's head "NAME[@DOMAINS][<IN>OUT]" (N bytes) into P, for MODE. */
static int parse_head(const char *spec, size_t n, external_mode mode, external_spec *p,
		      char *err, size_t errlen)
{
	const char *end = spec + n, *name_end = spec, *at, *lt, *gt;

	while (name_end < end && !strchr("@<>", *name_end))
		name_end++;
	if ((size_t)(name_end - spec) > OUTSIDE_NAME_MAX) {
		snprintf(err, errlen, "solver name '%.*s' is longer than %d characters",
			 (int)(name_end - spec), spec, OUTSIDE_NAME_MAX);
		return -1;
	}
	snprintf(p->name, sizeof(p->name), "%.*s", (int)(name_end - spec), spec);
	if (outside_check_name(p->name, err, errlen))
		return -1;
	at = memchr(spec, '@', n);
	lt = memchr(spec, '<', n);
	gt = memchr(spec, '>', n);
	if ((lt && (!gt || gt < lt)) || (gt && !lt) || (at && ((lt && at > lt) || (gt && at > gt)))) {
		snprintf(err, errlen, "'%.*s': want NAME, NAME@DOMAIN,... or NAME<IN>OUT before '='",
			 (int)n, spec);
		return -1;
	}
	if (at) {
		const char *dend = lt ? lt : end;
		size_t len = (size_t)(dend - at - 1);
		const char *list = p->domains = strndup(at + 1, len);

		if (!list) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (!len) {
			snprintf(err, errlen, "solver '%s': '@' and no domain", p->name);
			return -1;
		}
		/* an empty name would serve nothing */
		if (list[0] == ',' || list[len - 1] == ',' || strstr(list, ",,")) {
			snprintf(err, errlen, "solver '%s': an empty domain name in '%s'", p->name, list);
			return -1;
		}
	}
	if (lt) {
		p->input_file = strndup(lt + 1, (size_t)(gt - lt - 1));
		p->output_file = strndup(gt + 1, (size_t)(end - gt - 1));
		if (!p->input_file || !p->output_file || !file_name_ok(p->input_file) ||
		    !file_name_ok(p->output_file) || !strcmp(p->input_file, p->output_file)) {
			snprintf(err, errlen, "solver '%s': '<IN>OUT' wants two plain file names",
				 p->name);
			return -1;
		}
		if (mode != EXTERNAL_ONCE) {
			snprintf(err, errlen, "solver '%s': files '<IN>OUT' are for --solver-once",
				 p->name);
			return -1;
		}
	}
	return 0;
}

int external_parse(const char *spec, external_mode mode, external_spec *s, char *err,
		   size_t errlen)
{
	const char *eq = strchr(spec, '=');

	memset(s, 0, sizeof(*s));
	if (!eq || eq == spec) {
		snprintf(err, errlen, "'%s': want NAME=COMMAND", spec);
		return -1;
	}
	if (parse_head(spec, (size_t)(eq - spec), mode, s, err, errlen))
		return -1;
	s->command = strdup(eq + 1);
	if (!s->command) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s->argv = process_split(s->command, err, errlen);
	return s->argv ? 0 : -1;
}

int external_check_domains(const external_spec *s, char *err, size_t errlen)
{
	char *list, msg[256];
	int rc = 0;

	if (!s->domains)
		return 0;
	list = strdup(s->domains);
	if (!list) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (char *d = list, *save = NULL, *tok; !rc && (tok = strtok_r(d, ",", &save)); d = NULL) {
		pb_domain probe;

		if (pb_domain_init(&probe, tok, msg, sizeof(msg))) {
			snprintf(err, errlen, "solver '%s': %s", s->name, msg);
			rc = -1;
		}
	}
	free(list);
	return rc;
}

void external_spec_release(external_spec *s)
{
	free(s->command);
	free(s->argv);
	free(s->domains);
	free(s->input_file);
	free(s->output_file);
	memset(s, 0, sizeof(*s));
}
