#include "harness/io/csv.h"

#include <stdbool.h>
#include <string.h>

void csv_write_field(FILE *out, const char *field)
{
	if (!strpbrk(field, ",\"\r\n")) {
		fputs(field, out);
		return;
	}
	putc('"', out);
	for (; *field; field++) {
		if (*field == '"')
			putc('"', out);
		putc(*field, out);
	}
	putc('"', out);
}

long csv_read_line(FILE *in, char *buf)
{
	size_t n = 0;
	int c;

	while ((c = getc(in)) != EOF && c != '\n') {
		if (n + 1 >= CSV_MAX_LINE || c == '\0')
			return -2;
		buf[n++] = (char)c;
	}
	if (c == EOF && n == 0)
		return -1;
	if (n && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	return (long)n;
}

int csv_split(char *line, char **fields, int max)
{
	char *r = line, *w = line;
	int n = 0;

	for (;;) {
		bool quoted = *r == '"';

		if (n == max)
			return -1;
		fields[n++] = w;
		if (quoted) {
			r++;
			for (;;) {
				if (!*r)
					return -1;
				if (*r == '"' && r[1] == '"') {
					*w++ = '"';
					r += 2;
				} else if (*r == '"') {
					r++;
					break;
				} else {
					*w++ = *r++;
				}
			}
			if (*r && *r != ',')
				return -1;
		} else {
			while (*r && *r != ',')
				*w++ = *r++;
		}
		if (!*r) {
			*w = '\0';
			return n;
		}
		r++;
		*w++ = '\0';
	}
}

int csv_column(char *const *fields, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(fields[i], name))
			return i;
	return -1;
}
