#include "harness/cmd/cmdline.h"

#include <stdarg.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/family.h"
#include "harness/cmd/commands.h"

#define PROGRAM "bench"

static bool needs_quotes(const char *s)
{
	if (!*s)
		return true;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_-+=./:,%@", *s))
			return true;
	return false;
}

char **cmdline_keep(int argc, char **argv)
{
	char **copy = malloc(((size_t)argc + 1) * sizeof(*copy));

	if (!copy)
		return NULL;
	memcpy(copy, argv, (size_t)argc * sizeof(*copy));
	copy[argc] = NULL;
	return copy;
}

char *cmdline_join(int argc, char **argv)
{
	size_t size = sizeof(PROGRAM);
	char *out, *p;

	/* worst case: every byte a quote, written as '\'' (four bytes) */
	for (int i = 0; i < argc; i++)
		size += 4 * strlen(argv[i]) + 3;
	out = malloc(size);
	if (!out)
		return NULL;
	p = out + sprintf(out, "%s", PROGRAM);
	for (int i = 0; i < argc; i++) {
		*p++ = ' ';
		if (!needs_quotes(argv[i])) {
			p += sprintf(p, "%s", argv[i]);
			continue;
		}
		*p++ = '\'';
		for (const char *s = argv[i]; *s; s++) {
			if (*s == '\'')
				p += sprintf(p, "'\\''");
			else
				*p++ = *s;
		}
		*p++ = '\'';
	}
	*p = '\0';
	return out;
}

int cmdline_split(char *list, char **items, int max)
{
	int n = 0;

	for (char *save, *tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n == max)
			return -1;
		items[n++] = tok;
	}
	return n;
}

int cmdline_domain(const char *cmd, pb_domain *d, const char *name, const char *goal)
{
	char msg[256];

	if (pb_domain_init(d, name, msg, sizeof(msg))) {
		fprintf(stderr, "%s %s: %s\n", PROGRAM, cmd, msg);
		return -1;
	}
	if (goal && pb_domain_set_goal(d, goal, strlen(goal), msg, sizeof(msg))) {
		fprintf(stderr, "%s %s: goal '%s': %s\n", PROGRAM, cmd, goal, msg);
		return -1;
	}
	return 0;
}

int cmdline_bad_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "bench %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see 'bench %s --help')\n", cmd);
	return PB_EXIT_USAGE;
}

int cmdline_bad_option(const char *cmd, int c, const char *word)
{
	if (c == ':')
		return cmdline_bad_usage(cmd, "option '%s' needs a value", word);
	return cmdline_bad_usage(cmd, "unknown option '%s'", word);
}

const char *cmdline_default_domain(void)
{
	return pb_family_at(0)->example;
}

void cmdline_print_domains(FILE *out, const char *indent)
{
	for (size_t i = 0; i < pb_family_count(); i++) {
		const pb_family *f = pb_family_at(i);

		fprintf(out, "%s%-10s e.g. %s: '%s'%s\n", indent, f->pattern, f->example,
			f->example_puzzle, f->plugin ? " (a plugin's)" : "");
	}
}
