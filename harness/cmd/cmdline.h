/* Small helpers the subcommands share: the command line as one quoted
 * string, comma lists, and the domain options. */
#ifndef CMDLINE_H
#define CMDLINE_H

#include <stddef.h>
#include <stdio.h>

#include "algorithms/puzzles/domain.h"

/* "bench ARGV[0] ARGV[1] ...", each argument quoted for a POSIX shell where
 * it needs it. Returns a string to free, or NULL when out of memory. */
char *cmdline_join(int argc, char **argv);

/* A copy of the pointers ARGV[0..argc) (and a NULL after them), taken
 * before getopt_long permutes ARGV, so that a command can record itself as
 * it was given. Returns an array to free (not the strings), or NULL when
 * out of memory. */
char **cmdline_keep(int argc, char **argv);

/* Split the comma-separated LIST in place into at most MAX items (empty
 * items skipped). LIST is cut: pass a copy of an argument, never argv
 * itself, which meta.json records as given. Returns the count, or -1 when
 * there are more than MAX. */
int cmdline_split(char *list, char **items, int max);

/* Set up domain NAME with GOAL (NULL: the default). Returns 0, or -1 with
 * "bench CMD: ..." printed on standard error. */
int cmdline_domain(const char *cmd, pb_domain *d, const char *name, const char *goal);

/* The domain a command takes when none is named: the first family's
 * example (algorithms/puzzles/family.h). */
const char *cmdline_default_domain(void);

/* For a --help: the families, a line each with an example member and a
 * puzzle of it, after INDENT. */
void cmdline_print_domains(FILE *out, const char *indent);

/* Print "bench CMD: <message> (see 'bench CMD --help')" on standard error
 * and return the exit status for bad usage. */
int cmdline_bad_usage(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The answer to getopt_long's C (with ":" first in its short options) for
 * an option the command does not take: ':', its value missing, or any
 * other, an unknown option; WORD the argument it came from (argv[optind -
 * 1]). Prints it as cmdline_bad_usage does and returns the exit status for
 * bad usage. */
int cmdline_bad_option(const char *cmd, int c, const char *word);

#endif
