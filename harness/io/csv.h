/* CSV as RFC 4180 has it: fields separated by commas, quoted with '"' when
 * they hold a comma, a quote or a line break (a quote doubled inside). */
#ifndef CSV_H
#define CSV_H

#include <stddef.h>
#include <stdio.h>

/* Longest line csv_read_line takes, terminator included. */
#define CSV_MAX_LINE 4096

/* Write FIELD, quoted where it needs to be. */
void csv_write_field(FILE *out, const char *field);

/* Read one line of IN into BUF (CSV_MAX_LINE bytes), without its LF or
 * CRLF. Returns its length, -1 at the end, -2 when it is too long or holds a
 * NUL byte. */
long csv_read_line(FILE *in, char *buf);

/* Split LINE in place into at most MAX fields, unquoting them. Returns the
 * count, or -1 when there are more than MAX or a quote is not closed. */
int csv_split(char *line, char **fields, int max);

/* The index of NAME among the N header FIELDS, or -1. */
int csv_column(char *const *fields, int n, const char *name);

#endif
