#include "harness/io/answer.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

void answer_quote(const char *text, size_t n, size_t max, char *out, size_t outlen)
{
	size_t w = 0;

	for (size_t i = 0; i < n && i < max && w + 8 < outlen; i++) {
		unsigned char b = (unsigned char)text[i];

		if (b == '\n')
			w += (size_t)snprintf(out + w, outlen - w, "\\n");
		else if (b == '\t')
			w += (size_t)snprintf(out + w, outlen - w, "\\t");
		else if (b == '\r')
			w += (size_t)snprintf(out + w, outlen - w, "\\r");
		else if (b < ' ' || b >= 0x7f || b == '\\')
			w += (size_t)snprintf(out + w, outlen - w, "\\x%02x", b);
		else
			out[w++] = (char)b;
	}
	if (n > max && w + 4 < outlen)
		w += (size_t)snprintf(out + w, outlen - w, "...");
	out[w < outlen ? w : outlen - 1] = '\0';
}

/* "expanded=N" and "generated=M" in the comment LINE[0..n). */
static void read_counters(const char *line, size_t n, answer_frame *f)
{
	static const struct {
		const char *key;
		size_t at;
	} keys[] = {
		{ "expanded=", offsetof(answer_frame, expanded) },
		{ "generated=", offsetof(answer_frame, generated) },
	};

	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		size_t klen = strlen(keys[k].key);

		for (size_t i = 0; i + klen < n; i++) {
			uint64_t v = 0;
			size_t j = i + klen;
			bool fits = true;

			if (memcmp(line + i, keys[k].key, klen) || (i && isalnum((unsigned char)line[i - 1])))
				continue;
			if (!isdigit((unsigned char)line[j]))
				continue;
			for (; j < n && isdigit((unsigned char)line[j]); j++) {
				unsigned digit = (unsigned)(line[j] - '0');

				fits = fits && v <= (UINT64_MAX - digit) / 10;
				v = v * 10 + digit;
			}
			if (!fits)
				continue; /* no count of this bench's: not one cut short */
			memcpy((char *)f + keys[k].at, &v, sizeof(v));
			f->counted = true;
			break;
		}
	}
}

static bool line_is(const char *line, size_t n, const char *word)
{
	return n == strlen(word) && !memcmp(line, word, n);
}

/* Append the moves of LINE[0..n) to PATH (D's moves, through MOVE_BACK),
 * read as pb_parse_moves reads an answer line: letters written together
 * (tiles, Magic Squares), or names between blanks (pancakes' flip sizes,
 * the cube's turns). Returns 0, or -1 with F bad. */
static int take_moves(const pb_domain *d, const uint8_t *move_back, const char *line, size_t n,
		      pb_path *path, answer_frame *f)
{
	char q[ANSWER_QUOTE * 4 + 8], why[96];
	uint8_t moves[PB_MAX_PATH];
	int k = pb_parse_moves(d, line, n, moves, PB_MAX_PATH, why, sizeof(why));

	if (k < 0) {
		/* the line, then why (cut at the end of f->why where both are long) */
		int w;

		answer_quote(line, n, ANSWER_QUOTE, q, sizeof(q));
		w = snprintf(f->why, sizeof(f->why), "garbage: '%s' ", q);
		if (w > 0 && (size_t)w < sizeof(f->why))
			snprintf(f->why + w, sizeof(f->why) - (size_t)w, "(%s)", why);
		f->state = ANSWER_BAD;
		return -1;
	}
	if (k > PB_MAX_PATH - path->length) {
		snprintf(f->why, sizeof(f->why), "an answer of more than %d moves", PB_MAX_PATH);
		f->state = ANSWER_BAD;
		return -1;
	}
	for (int i = 0; i < k; i++)
		path->moves[path->length++] = move_back ? move_back[moves[i]] : moves[i];
	return 0;
}

/* A Magic Squares length, LINE[0..n): digits only (the line is not a C
 * string), at most PB_MAX_PATH; -1 for anything else. */
static long parse_length(const char *line, size_t n)
{
	long v = 0;

	if (!n)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)line[i]))
			return -1;
		v = v * 10 + (line[i] - '0');
		if (v > PB_MAX_PATH)
			return -1;
	}
	return v;
}

void answer_parse(const pb_domain *d, const uint8_t *move_back, const char *buf, size_t n,
		  answer_frame *f, pb_path *path)
{
	long want = -1; /* Magic Squares: the moves the length announced */
	size_t at = 0;
	bool done = false;
	char q[ANSWER_QUOTE * 4 + 8];

	memset(f, 0, sizeof(*f));
	path->length = 0;
	while (at < n) {
		const char *line = buf + at, *nl = memchr(line, '\n', n - at);
		size_t len;

		if (!nl)
			break;
		len = (size_t)(nl - line);
		at += len + 1;
		while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
			len--;
		if (want < 0 && len && line[0] == '#') {
			read_counters(line, len, f);
			continue;
		}
		if (want < 0 && line_is(line, len, ANSWER_NONE)) {
			snprintf(f->why, sizeof(f->why), "no answer ('" ANSWER_NONE "': none was given)");
			f->state = ANSWER_BAD;
			f->used = at;
			return;
		}
		if (want < 0 && line_is(line, len, "unsolvable")) {
			f->status = PB_UNSOLVABLE;
			done = true;
			break;
		}
		if (!d->answer_line) {
			if (take_moves(d, move_back, line, len, path, f)) {
				f->used = at;
				return;
			}
			f->status = PB_SOLVED;
			done = true;
			break;
		}
		if (want < 0) {
			want = parse_length(line, len);
			if (want < 0) {
				answer_quote(line, len, ANSWER_QUOTE, q, sizeof(q));
				snprintf(f->why, sizeof(f->why), "garbage: '%s' is not a length", q);
				f->state = ANSWER_BAD;
				return;
			}
			continue;
		}
		if (!want || !len) {
			if (!want && !len) {
				f->status = PB_SOLVED;
				done = true;
				break;
			}
			answer_quote(line, len, ANSWER_QUOTE, q, sizeof(q));
			snprintf(f->why, sizeof(f->why), "garbage: '%s' where %s", q, want
				 ? "moves were due" : "an empty line was due (a length of 0)");
			f->state = ANSWER_BAD;
			return;
		}
		if (take_moves(d, move_back, line, len, path, f))
			return;
		if (path->length > want) {
			snprintf(f->why, sizeof(f->why), "garbage: %d moves after a length of %ld",
				 path->length, want);
			f->state = ANSWER_BAD;
			return;
		}
		if (path->length == want) {
			f->status = PB_SOLVED;
			done = true;
			break;
		}
	}
	if (done) {
		f->state = ANSWER_DONE;
		f->used = at;
	}
}

