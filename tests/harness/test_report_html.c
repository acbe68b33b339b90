/* The pages of 'bench report' in a real browser: a run's index.html and
 * the index of a folder of runs are loaded by headless Chromium; every
 * image and link they name resolves (each relative path exists, no
 * external resource), every image loads (a probe copy of the page, beside
 * it, counts the images with naturalWidth > 0 once loaded, into the DOM
 * that --dump-dom prints), and what comes from files is escaped.
 * Chromium comes from Debian's 'chromium' (scripts/test.sh installs it as
 * root); where it is not installed these tests are skipped, saying so. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/support.h"

/* Seconds a page gets to load (virtual time: chromium runs it faster). */
#define LOAD_BUDGET_MS 10000

TestSuite(report_html, .init = ht_suite_init, .fini = ht_suite_fini);

/* The browser's path, or NULL. */
static const char *chromium(void)
{
	static const char *const names[] = { "chromium", "chromium-browser" };
	static char found[1024];
	const char *path = getenv("PATH");

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		for (const char *p = path; p && *p;) {
			size_t len = strcspn(p, ":");

			snprintf(found, sizeof(found), "%.*s/%s", (int)len, p, names[i]);
			if (!access(found, X_OK))
				return found;
			p += len + (p[len] == ':');
		}
	}
	return NULL;
}

/* The browser's tests run in the release build: under the sanitizers they
 * spent 18 s of CI's 20 minutes in Chromium, while the pages' writer runs
 * there under test_report's tests. (Said, not skipped: Criterion 2.4's
 * skip leaks an allocation, which the sanitizer build's leak checker
 * fails.) */
#ifdef PB_SANITIZED
#define NEED_CHROMIUM()                                                   \
	do {                                                              \
		cr_log_info("the browser's tests run in the release build"); \
		return;                                                   \
	} while (0)
#else
#define NEED_CHROMIUM()                                                                     \
	do {                                                                                \
		if (!chromium())                                                            \
			cr_skip_test("chromium is not installed, so the page is not tested in " \
				     "a browser: install it (as root, 'apt-get install chromium'; " \
				     "scripts/test.sh does)");                                      \
	} while (0)
#endif

#define BENCH_OK(...)                                                           \
	do {                                                                    \
		char *out_;                                                     \
		int rc_ = ht_bench(&out_, __VA_ARGS__);                         \
		cr_assert_eq(rc_, 0, "bench: exit %d:\n%s", rc_, out_);         \
		free(out_);                                                     \
	} while (0)

/* Run headless Chromium on the file PAGE with ARGS ("--dump-dom", a
 * screenshot); its standard output into *OUT (free()). Returns its exit
 * status. */
static int browse(const char *page, const char *args, char **out)
{
	char cmd[4096], *buf = NULL;
	size_t n = 0, cap = 0, got;
	FILE *p;
	int status;

	/* a profile of its own: the tests run two at a time */
	snprintf(cmd, sizeof(cmd), "timeout 120 '%s' --headless --no-sandbox --disable-gpu "
		 "--no-first-run --user-data-dir='%s/profile-%ld' --virtual-time-budget=%d %s "
		 "'file://%s' 2>/dev/null", chromium(), ht_dir, (long)getpid(), LOAD_BUDGET_MS, args,
		 page);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	do {
		if (n + 4096 + 1 > cap) {
			char *q = realloc(buf, cap = 2 * cap + 8192);

			cr_assert_not_null(q);
			buf = q;
		}
		got = fread(buf + n, 1, 4096, p);
		n += got;
	} while (got);
	buf[n] = '\0';
	status = pclose(p);
	*out = buf;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A copy of PAGE beside it with a script that, once everything loaded,
 * writes into the body how many images loaded: "data-images-loaded=N/M".
 * Returns the copy's path (free()). */
static char *probe_of(const char *page)
{
	static const char script[] =
		"<script>addEventListener('load', function () { var n = 0, im = document.images;"
		" for (var i = 0; i < im.length; i++) if (im[i].complete && im[i].naturalWidth > 0) n++;"
		" document.body.setAttribute('data-images-loaded', n + '/' + im.length); });</script>";
	char *text = ht_read(page), *end, *copy, *path = malloc(strlen(page) + 16);

	cr_assert(text && path, "no page '%s'", page);
	end = strstr(text, "</body>");
	cr_assert_not_null(end, "'%s' has no </body>", page);
	copy = malloc(strlen(text) + sizeof(script) + 1);
	cr_assert_not_null(copy);
	sprintf(copy, "%.*s%s%s", (int)(end - text), text, script, end);
	sprintf(path, "%s.probe.html", page);
	cr_assert_eq(ht_write(path, copy), 0);
	free(copy);
	free(text);
	return path;
}

/* How many images of PAGE the browser loaded, as "N/M". */
static void images_loaded(const char *page, char *got, size_t cap)
{
	char *probe = probe_of(page), *dom;
	const char *p;
	int rc = browse(probe, "--dump-dom", &dom);

	cr_assert_eq(rc, 0, "chromium failed on '%s' (exit %d)", probe, rc);
	p = strstr(dom, "data-images-loaded=\"");
	cr_assert_not_null(p, "the probe did not run in '%s':\n%.400s", probe, dom);
	p += strlen("data-images-loaded=\"");
	snprintf(got, cap, "%.*s", (int)strcspn(p, "\""), p);
	unlink(probe);
	free(probe);
	free(dom);
}

/* URL-decode S into OUT. */
static void url_decode(const char *s, char *out, size_t cap)
{
	size_t n = 0;

	for (; *s && n + 1 < cap; s++) {
		if (*s == '%' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
			char hex[3] = { s[1], s[2], 0 };

			out[n++] = (char)strtol(hex, NULL, 16);
			s += 2;
		} else {
			out[n++] = *s;
		}
	}
	out[n] = '\0';
}

/* Check every src and href of the page at PAGE in folder BASE: an anchor
 * names an id of the page, anything else is a relative path that exists;
 * nothing is fetched from elsewhere. Returns how many images it names. */
static size_t check_links(const char *page, const char *base)
{
	char *text = ht_read(page);
	size_t images = 0;

	cr_assert_not_null(text, "no page '%s'", page);
	cr_assert_null(strstr(text, "http://"), "'%s' names something on the web", page);
	cr_assert_null(strstr(text, "https://"), "'%s' names something on the web", page);
	for (const char *p = text; (p = strstr(p, "=\"")); p += 2) {
		bool src = p >= text + 3 && !strncmp(p - 3, "src", 3);
		bool href = p >= text + 4 && !strncmp(p - 4, "href", 4);
		char value[1024], path[2048], file[4096], id[1100];
		struct stat st;

		if (!src && !href)
			continue;
		snprintf(value, sizeof(value), "%.*s", (int)strcspn(p + 2, "\""), p + 2);
		images += src;
		if (value[0] == '#') {
			snprintf(id, sizeof(id), "id=\"%s\"", value + 1);
			cr_assert(strstr(text, id), "'%s': the anchor '%s' names no id", page, value);
			continue;
		}
		cr_assert(!strchr(value, ':') && value[0] != '/', "'%s': '%s' is not a relative path",
			  page, value);
		url_decode(value, path, sizeof(path));
		snprintf(file, sizeof(file), "%s/%s", base, path);
		cr_assert_eq(stat(file, &st), 0, "'%s' links '%s', which does not exist", page, value);
	}
	free(text);
	return images;
}

/* The files in FOLDER whose names end in EXT. */
static size_t count_files(const char *folder, const char *ext)
{
	DIR *d = opendir(folder);
	struct dirent *e;
	size_t n = 0;

	cr_assert_not_null(d, "no folder '%s'", folder);
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		n += len > strlen(ext) && !strcmp(e->d_name + len - strlen(ext), ext);
	}
	closedir(d);
	return n;
}

/* A run whose dataset's name holds what HTML gives a meaning to. */
static void make_run(const char *name)
{
	BENCH_OK("gen --method depth --per-depth 2 --depth 0..12 --seed 4 -o \"%s/a<b>&c.txt\"", ht_dir);
	BENCH_OK("run \"%s/a<b>&c.txt\" -a reverse-table,idastar,bibfs -r 1 -w 0 -o %s/%s", ht_dir, ht_dir,
		 name);
	BENCH_OK("plot --scripts " PB_SOURCE_DIR "/scripts %s/%s", ht_dir, name);
}

Test(report_html, a_run_s_page_loads_in_a_browser)
{
	char page[1024], run[512], charts[1024], shot[1200], loaded[32], want[32], *text, *out;
	size_t images, svgs;
	struct stat st;
	int rc;

	NEED_CHROMIUM();
	make_run("r");
	BENCH_OK("report %s/r", ht_dir);
	snprintf(run, sizeof(run), "%s/r", ht_dir);
	snprintf(page, sizeof(page), "%s/index.html", run);
	snprintf(charts, sizeof(charts), "%s/charts", run);
	text = ht_read(page);
	cr_assert_not_null(text, "no page");
	cr_assert(strstr(text, "a&lt;b&gt;&amp;c") && !strstr(text, "a<b>&c"),
		  "the dataset's name is not escaped");
	cr_assert(strstr(text, "<h2 id=\"summary\">") && strstr(text, "<h2 id=\"charts\">") &&
		  strstr(text, "<h2 id=\"machine\">") && strstr(text, "<h2 id=\"datasets\">") &&
		  strstr(text, "<table class=\"slide\">"), "a section is missing");
	cr_assert(strstr(text, "# command: bench gen --method depth"),
		  "the dataset's header (its command) is not on the page");
	cr_assert(strstr(text, "href=\"runs.csv\"") && strstr(text, "href=\"summary.csv\"") &&
		  strstr(text, "href=\"meta.json\""), "no links to the run's files");
	free(text);
	images = check_links(page, run);
	svgs = count_files(charts, ".svg");
	cr_assert_geq(svgs, 4, "only %zu charts drawn", svgs);
	cr_assert_eq(images, svgs, "the page shows %zu images, the run has %zu charts", images, svgs);
	images_loaded(page, loaded, sizeof(loaded));
	snprintf(want, sizeof(want), "%zu/%zu", svgs, svgs);
	cr_assert_str_eq(loaded, want, "the browser loaded %s of the page's images", loaded);
	snprintf(shot, sizeof(shot), "--screenshot='%s/shot.png' --window-size=1280,2000", ht_dir);
	rc = browse(page, shot, &out);
	free(out);
	snprintf(shot, sizeof(shot), "%s/shot.png", ht_dir);
	cr_assert(rc == 0 && !stat(shot, &st) && st.st_size > 10000,
		  "no screenshot of the page (exit %d)", rc);
}

Test(report_html, a_folder_of_runs_gets_an_index)
{
	char page[1024], root[512], loaded[32], *text, *dom;
	int rc;

	NEED_CHROMIUM();
	snprintf(root, sizeof(root), "%s/results", ht_dir);
	cr_assert_eq(mkdir(root, 0777), 0);
	make_run("results/one");
	make_run("results/two");
	BENCH_OK("report %s", root);
	snprintf(page, sizeof(page), "%s/index.html", root);
	text = ht_read(page);
	cr_assert(text && strstr(text, "href=\"one/index.html\"") && strstr(text, "href=\"two/index.html\""),
		  "the index does not link both runs:\n%s", text);
	free(text);
	check_links(page, root);
	for (int i = 0; i < 2; i++) {
		char run[1024], sub[1100];

		snprintf(run, sizeof(run), "%s/%s", root, i ? "two" : "one");
		snprintf(sub, sizeof(sub), "%s/index.html", run);
		check_links(sub, run);
	}
	rc = browse(page, "--dump-dom", &dom);
	cr_assert_eq(rc, 0);
	cr_assert(strstr(dom, "one/index.html") && strstr(dom, "two/index.html"),
		  "the browser's view of the index lacks a run:\n%.600s", dom);
	free(dom);
	images_loaded(page, loaded, sizeof(loaded));
	cr_assert_str_eq(loaded, "0/0");
}

/* A run with no meta.json and no charts: the page says so, and every link
 * it has still resolves. */
Test(report_html, a_bare_run_s_page_says_what_it_lacks)
{
	char page[1024], run[512], loaded[32], *text;

	NEED_CHROMIUM();
	snprintf(run, sizeof(run), "%s/bare", ht_dir);
	cr_assert_eq(mkdir(run, 0777), 0);
	snprintf(page, sizeof(page), "%s/runs.csv", run);
	cr_assert_eq(ht_write(page, "dataset,instance,algorithm,heuristic,repeat,phase,status,length,"
			      "reference,expanded,generated,wall_ns,cpu_ns,peak_bytes\n"
			      "d,i1,a,-,1,solve,ok,1,1,2,4,400,400,0\n"), 0);
	BENCH_OK("report --no-html %s", run);
	snprintf(page, sizeof(page), "%s/index.html", run);
	cr_assert_neq(access(page, F_OK), 0, "--no-html wrote a page");
	BENCH_OK("report %s", run);
	text = ht_read(page);
	cr_assert(text && strstr(text, "no meta.json") && strstr(text, "no charts in charts/"),
		  "the page does not say what it lacks");
	cr_assert(!strstr(text, "href=\"meta.json\"") && !strstr(text, "href=\"#charts\""),
		  "links to what is not there");
	free(text);
	cr_assert_eq(check_links(page, run), 0);
	images_loaded(page, loaded, sizeof(loaded));
	cr_assert_str_eq(loaded, "0/0");
}
