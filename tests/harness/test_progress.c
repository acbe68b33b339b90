/* The progress line (progress.h) on a terminal: drawn while verify runs
 * and cleared before anything else is written, so that no report line
 * starts after it ("about 0 ns leftf15b.txt:12: ..."). The terminal is a
 * pseudo-terminal from script(1); what it shows is worked out from the
 * bytes (a carriage return goes back to the line's start, ESC [ K erases
 * to its end). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/support.h"

TestSuite(progress, .init = ht_suite_init, .fini = ht_suite_fini);

/* What a terminal shows of the bytes TEXT, line by line, into a string
 * (free() it): each line's cells as last written. */
static char *screen(const char *text)
{
	size_t n = strlen(text), used = 0, col = 0, len = 0;
	char *out = malloc(n + 2), line[4096];

	cr_assert_not_null(out);
	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			memcpy(out + used, line, len);
			used += len;
			out[used++] = '\n';
			col = len = 0;
		} else if (*p == '\r') {
			col = 0;
		} else if (p[0] == '\033' && p[1] == '[' && p[2] == 'K') {
			len = col;
			p += 2;
		} else if (col < sizeof(line)) {
			line[col++] = *p;
			len = col > len ? col : len;
		}
	}
	memcpy(out + used, line, len);
	out[used + len] = '\0';
	return out;
}

/* The screen's rendering is right: an erased line leaves nothing, a
 * carriage return writes over. */
Test(progress, the_screen_model_erases_and_overwrites)
{
	char *s = screen("1/2 solves\r\033[Kdone\nab\rX\n");

	cr_assert_str_eq(s, "done\nXb\n");
	free(s);
	s = screen("1/2 solves, about 0 ns leftf.txt:1: instance\n");
	cr_assert_str_eq(s, "1/2 solves, about 0 ns leftf.txt:1: instance\n");
	free(s);
}

Test(progress, verify_s_report_starts_on_a_clear_line_at_a_terminal)
{
	char path[512], *out, *text, *shown, *p;
	int rc;

	if (system("command -v script >/dev/null 2>&1"))
		cr_skip_test("no script(1) here (util-linux) to give bench a terminal");
	rc = ht_bench(&out, "gen --domain 8puzzle --method depth --per-depth 2 --depth 1..6 --seed 5 "
		      "-o %s/d.txt", ht_dir);
	cr_assert_eq(rc, 0, "%s", out);
	free(out);
	/* every reference one too high: each instance is reported */
	snprintf(path, sizeof(path), "%s/d.txt", ht_dir);
	text = ht_read(path);
	cr_assert_not_null(text);
	for (p = text; (p = strchr(p, '\n')); p++)
		if (p[-1] >= '1' && p[-1] <= '8' && p[-2] == '\t')
			p[-1]++;
	cr_assert_eq(ht_write(path, text), 0);
	free(text);
	snprintf(path, sizeof(path), "script -eqc \"'%s' verify '%s/d.txt' -a bibfs,idastar\" /dev/null "
		 "> '%s/tty.out' 2>&1", PB_BENCH, ht_dir, ht_dir);
	cr_assert_eq(system(path), 256, "bench verify at a terminal exits 1: %s", path);
	snprintf(path, sizeof(path), "%s/tty.out", ht_dir);
	text = ht_read(path);
	cr_assert_not_null(text);
	cr_assert(strstr(text, "elapsed, about"), "no progress line was drawn: %s", text);
	shown = screen(text);
	cr_assert(strstr(shown, "d.txt:") && strstr(shown, "verify: 12 of 12 instances disagree"),
		  "the report: %s", shown);
	cr_assert_null(strstr(shown, "elapsed"), "the progress line is left on the screen:\n%s", shown);
	free(shown);
	free(text);
}
