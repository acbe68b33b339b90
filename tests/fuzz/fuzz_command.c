/* libFuzzer target: what --solver NAME=COMMAND and --solver-once say
 * (external_parse, harness/engine/external_spec.c) and the splitting of
 * COMMAND into words (process_split, harness/engine/process.c), on any
 * bytes: the first byte's low bit picks the mode, the rest (up to a NUL,
 * as a command line's word ends) is the specification.
 *
 * - process_split splits every command as a slow reference splitter here
 *   does, from process.h's rule: blanks (space, tab, line feed) separate
 *   words, '...' is taken as it is, "..." with \" \\ \$ \` escaped, a
 *   backslash outside quotes takes the next character; a quote not closed,
 *   a backslash at the end, or no word at all is refused. Words it gives,
 *   quoted back (in single quotes, and in double quotes with escapes),
 *   split to the same words.
 * - external_parse accepts a specification exactly when the reference
 *   does: NAME[@DOMAIN,...][<IN>OUT]=COMMAND, NAME 1 to OUTSIDE_NAME_MAX
 *   letters, digits or ". _ + -" and no built-in solver's, the DOMAINs a
 *   list with no name empty (whether each is known, external_add asks
 *   external_check_domains, which sets each up: too slow to fuzz at full
 *   speed), IN and OUT different plain file names and for --solver-once
 *   only; and then it holds the reference's name, domains, files, command
 *   and words. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "algorithms/solvers/solver.h"
#include "harness/engine/external.h"
#include "harness/engine/process.h"

/* Words of the reference: in one block, NUL-separated. */
typedef struct words {
	char *text;
	size_t n, count;
} words;

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* The reference splitter: S into W (W->text room for all of S). */
static bool ref_split(const char *s, words *w)
{
	enum { PLAIN, SINGLE, DOUBLE } state = PLAIN;
	bool in_word = false;

	w->n = w->count = 0;
	for (size_t i = 0; s[i]; i++) {
		char c = s[i];

		if (state == SINGLE) {
			if (c == '\'')
				state = PLAIN;
			else
				w->text[w->n++] = c;
			continue;
		}
		if (state == DOUBLE) {
			if (c == '"')
				state = PLAIN;
			else if (c == '\\' && s[i + 1] && strchr("\"\\$`", s[i + 1]))
				w->text[w->n++] = s[++i];
			else
				w->text[w->n++] = c;
			continue;
		}
		if (is_blank(c)) {
			if (in_word) {
				w->text[w->n++] = '\0';
				w->count++;
			}
			in_word = false;
			continue;
		}
		in_word = true;
		if (c == '\'') {
			state = SINGLE;
		} else if (c == '"') {
			state = DOUBLE;
		} else if (c == '\\') {
			if (!s[i + 1])
				return false;
			w->text[w->n++] = s[++i];
		} else {
			w->text[w->n++] = c;
		}
	}
	if (state != PLAIN)
		return false;
	if (in_word) {
		w->text[w->n++] = '\0';
		w->count++;
	}
	return w->count > 0;
}

static void check_same_words(char *const *argv, const words *w)
{
	const char *p = w->text;
	size_t i = 0;

	for (; argv[i]; i++) {
		FUZZ_CHECK(i < w->count && !strcmp(argv[i], p));
		p += strlen(p) + 1;
	}
	FUZZ_CHECK(i == w->count);
}

/* ARGV quoted back into one command, in single quotes (a quote as '\'')
 * or in double quotes (with escapes). */
static char *quote_back(char *const *argv, bool double_quotes)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	FUZZ_CHECK(out);
	for (size_t i = 0; argv[i]; i++) {
		fputs(i ? " " : "", out);
		putc(double_quotes ? '"' : '\'', out);
		for (const char *p = argv[i]; *p; p++) {
			if (double_quotes && strchr("\"\\$`", *p))
				putc('\\', out);
			if (!double_quotes && *p == '\'')
				fputs("'\\'", out);
			putc(*p, out);
		}
		putc(double_quotes ? '"' : '\'', out);
	}
	FUZZ_CHECK(!fclose(out));
	return buf;
}

static void check_split(const char *command, words *w)
{
	char err[512] = "", **argv = process_split(command, err, sizeof(err));
	bool want = ref_split(command, w);

	FUZZ_CHECK((argv != NULL) == want);
	if (!argv) {
		FUZZ_CHECK(err[0]);
		return;
	}
	check_same_words(argv, w);
	for (int dq = 0; dq < 2; dq++) {
		char *again = quote_back(argv, dq), **argv2 = process_split(again, err, sizeof(err));

		FUZZ_CHECK(argv2);
		check_same_words(argv2, w);
		free(argv2);
		free(again);
	}
	free(argv);
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       strchr("._+-", c);
}

static bool plain_file(const char *s, size_t n)
{
	return n && !memchr(s, '/', n) && !(n == 1 && s[0] == '.') &&
	       !(n == 2 && s[0] == '.' && s[1] == '.');
}

/* S[0..n) a comma-separated list, no item empty. */
static bool domain_list(const char *s, size_t n)
{
	for (size_t i = 0; i <= n; i++)
		if ((i == n || s[i] == ',') && (i == 0 || s[i - 1] == ','))
			return false;
	return true;
}

/* The reference's reading of the head H[0..n) into its parts (offsets
 * and lengths in H; a length of -1: absent). */
typedef struct head {
	size_t name_len;
	long at, domains_len, in_at, in_len, out_at, out_len;
} head;

static bool ref_head(const char *h, size_t n, external_mode mode, head *p)
{
	const char *at = memchr(h, '@', n), *lt = memchr(h, '<', n), *gt = memchr(h, '>', n);
	size_t name_end = 0;
	char name[OUTSIDE_NAME_MAX + 1];

	while (name_end < n && !strchr("@<>", h[name_end]))
		name_end++;
	if (!name_end || name_end > OUTSIDE_NAME_MAX)
		return false;
	for (size_t i = 0; i < name_end; i++)
		if (!name_char(h[i]))
			return false;
	memcpy(name, h, name_end);
	name[name_end] = '\0';
	if (pb_solver_find(name))
		return false;
	p->name_len = name_end;
	if (!lt != !gt || (lt && gt < lt) || (at && lt && at > lt))
		return false;
	p->at = p->domains_len = p->in_at = p->in_len = p->out_at = p->out_len = -1;
	if (at) {
		size_t from = (size_t)(at - h) + 1, to = lt ? (size_t)(lt - h) : n;

		if (!domain_list(h + from, to - from))
			return false;
		p->at = (long)from;
		p->domains_len = (long)(to - from);
	}
	if (lt) {
		size_t in = (size_t)(lt - h) + 1, out = (size_t)(gt - h) + 1;

		p->in_at = (long)in;
		p->in_len = (long)(out - 1 - in);
		p->out_at = (long)out;
		p->out_len = (long)(n - out);
		if (!plain_file(h + in, (size_t)p->in_len) || !plain_file(h + out, (size_t)p->out_len) ||
		    (p->in_len == p->out_len && !memcmp(h + in, h + out, (size_t)p->in_len)) ||
		    mode != EXTERNAL_ONCE)
			return false;
	}
	return true;
}

/* S's copy of H's part at AT (LEN bytes; -1: none) is the same. */
static bool same_part(const char *s, const char *h, long at, long len)
{
	if (len < 0)
		return !s;
	return s && strlen(s) == (size_t)len && !memcmp(s, h + at, (size_t)len);
}

static void check_spec(const char *spec, external_mode mode, words *w)
{
	const char *eq = strchr(spec, '=');
	char err[512] = "";
	external_spec s;
	head h;
	bool ok = !external_parse(spec, mode, &s, err, sizeof(err));
	bool want = eq && eq != spec && ref_head(spec, (size_t)(eq - spec), mode, &h) &&
		    ref_split(eq + 1, w);

	FUZZ_CHECK(ok == want);
	if (!ok) {
		FUZZ_CHECK(err[0]);
	} else {
		FUZZ_CHECK(strlen(s.name) == h.name_len && !memcmp(s.name, spec, h.name_len));
		FUZZ_CHECK(same_part(s.domains, spec, h.at, h.domains_len));
		FUZZ_CHECK(same_part(s.input_file, spec, h.in_at, h.in_len));
		FUZZ_CHECK(same_part(s.output_file, spec, h.out_at, h.out_len));
		FUZZ_CHECK(!strcmp(s.command, eq + 1));
		check_same_words(s.argv, w);
	}
	external_spec_release(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *spec;
	words w;
	size_t n;

	if (!size)
		return 0;
	n = strnlen((const char *)data + 1, size - 1);
	spec = malloc(n + 1);
	w.text = malloc(n + 1);
	FUZZ_CHECK(spec && w.text);
	memcpy(spec, data + 1, n);
	spec[n] = '\0';
	check_split(spec, &w);
	check_spec(spec, data[0] & 1 ? EXTERNAL_ONCE : EXTERNAL_LONG_LIVED, &w);
	free(w.text);
	free(spec);
	return 0;
}
