/* The JSON reader (harness/io/json.c) against RFC 8259's own examples and
 * rules, and meta.json read back (harness/io/meta_read.c): the timer, a
 * merged run's shards, a missing file, a broken one. */
#include <criterion/criterion.h>
#include <errno.h>
#include <string.h>

#include "harness/io/json.h"
#include "harness/io/meta_read.h"
#include "tests/support/support.h"

static json_doc doc;
static char err[256];

static const json_value *parse(const char *text)
{
	json_release(&doc);
	cr_assert_eq(json_parse(&doc, text, strlen(text), err, sizeof(err)), 0,
		     "'%s' is JSON, but: %s", text, err);
	return json_root(&doc);
}

static void refuse(const char *text, const char *why)
{
	json_release(&doc);
	cr_assert_neq(json_parse(&doc, text, strlen(text), err, sizeof(err)), 0,
		      "'%s' is not JSON (%s), yet it was read", text, why);
	json_release(&doc);
}

static void fini(void)
{
	json_release(&doc);
}

TestSuite(json, .fini = fini);

/* RFC 8259, section 13: its first example, whole. */
Test(json, rfc8259_image_example)
{
	const char *text =
		"{\n"
		"  \"Image\": {\n"
		"    \"Width\":  800,\n"
		"    \"Height\": 600,\n"
		"    \"Title\":  \"View from 15th Floor\",\n"
		"    \"Thumbnail\": {\n"
		"      \"Url\":    \"http://www.example.com/image/481989943\",\n"
		"      \"Height\": 125,\n"
		"      \"Width\":  100\n"
		"    },\n"
		"    \"Animated\" : false,\n"
		"    \"IDs\": [116, 943, 234, 38793]\n"
		"  }\n"
		"}\n";
	const json_value *image = json_get(parse(text), "Image"), *ids;
	uint64_t v;

	cr_assert_not_null(image, "RFC 8259 example: no 'Image'");
	cr_assert_eq(json_u64(json_get(image, "Width"), &v), 0);
	cr_assert_eq(v, 800, "Image.Width: %llu", (unsigned long long)v);
	cr_assert_str_eq(json_string(json_get(image, "Title")), "View from 15th Floor");
	cr_assert_str_eq(json_string(json_get(json_get(image, "Thumbnail"), "Url")),
			 "http://www.example.com/image/481989943");
	cr_assert_eq(json_get(image, "Animated")->type, JSON_FALSE);
	ids = json_get(image, "IDs");
	cr_assert_eq(ids->count, 4, "Image.IDs: %zu elements", ids->count);
	cr_assert_eq(json_u64(json_at(ids, 3), &v), 0);
	cr_assert_eq(v, 38793, "Image.IDs[3]: %llu", (unsigned long long)v);
	cr_assert_null(json_at(ids, 4));
}

/* RFC 8259, section 13: the second example, an array of two objects, with
 * negative and fractional numbers. */
Test(json, rfc8259_array_example)
{
	const char *text =
		"[\n"
		"  {\n"
		"     \"precision\": \"zip\",\n"
		"     \"Latitude\":  37.7668,\n"
		"     \"Longitude\": -122.3959,\n"
		"     \"Address\":   \"\",\n"
		"     \"City\":      \"SAN FRANCISCO\",\n"
		"     \"State\":     \"CA\",\n"
		"     \"Zip\":       \"94107\",\n"
		"     \"Country\":   \"US\"\n"
		"  },\n"
		"  {\n"
		"     \"precision\": \"zip\",\n"
		"     \"Latitude\":  37.371991,\n"
		"     \"Longitude\": -122.026020,\n"
		"     \"Address\":   \"\",\n"
		"     \"City\":      \"SUNNYVALE\",\n"
		"     \"State\":     \"CA\",\n"
		"     \"Zip\":       \"94085\",\n"
		"     \"Country\":   \"US\"\n"
		"  }\n"
		"]\n";
	const json_value *root = parse(text);
	double lon;
	uint64_t v;

	cr_assert_eq(root->count, 2);
	cr_assert_eq(json_double(json_get(json_at(root, 1), "Longitude"), &lon), 0);
	cr_assert_float_eq(lon, -122.026020, 1e-12, "second Longitude: %g", lon);
	cr_assert_neq(json_u64(json_get(json_at(root, 0), "Longitude"), &v), 0,
		      "a negative number read as a count");
	cr_assert_neq(json_u64(json_get(json_at(root, 0), "Latitude"), &v), 0,
		      "a fraction read as a count");
	cr_assert_str_eq(json_string(json_get(json_at(root, 1), "City")), "SUNNYVALE");
	cr_assert_str_eq(json_string(json_get(json_at(root, 0), "Address")), "");
}

/* RFC 8259, section 7: escapes, and U+1D11E (G clef) written as the
 * surrogate pair "\uD834\uDD1E", in UTF-8 F0 9D 84 9E (RFC 3629). */
Test(json, escapes_and_surrogate_pairs)
{
	const json_value *v = parse("[\"a\\\"b\\\\c\\/d\\n\\t\", \"\\uD834\\uDD1E\", \"\\u00e9\", "
				    "\"\\uD834x\"]");

	cr_assert_str_eq(json_string(json_at(v, 0)), "a\"b\\c/d\n\t");
	cr_assert_str_eq(json_string(json_at(v, 1)), "\xF0\x9D\x84\x9E", "G clef");
	cr_assert_str_eq(json_string(json_at(v, 2)), "\xC3\xA9", "U+00E9");
	/* a lone high surrogate is no character: U+FFFD, then the rest */
	cr_assert_str_eq(json_string(json_at(v, 3)), "\xEF\xBF\xBDx");
}

Test(json, literals_and_scalars_at_the_top)
{
	cr_assert_eq(parse(" true ")->type, JSON_TRUE);
	cr_assert_eq(parse("null")->type, JSON_NULL);
	cr_assert_eq(parse("-0.5e+3")->type, JSON_NUMBER);
	cr_assert_str_eq(json_string(parse("\"x\"")), "x");
	cr_assert_eq(parse("{}")->count, 0);
	cr_assert_eq(parse("[[], {}]")->count, 2);
}

Test(json, what_is_not_json_is_refused_with_its_line)
{
	static const char three[] = "{\n\"a\": 1,\n\"b\" 2\n}";

	refuse("{\"a\": 1,}", "a trailing comma");
	refuse("[1, 2", "an array not closed");
	refuse("\"abc", "a string not closed");
	refuse("{\"a\" 1}", "no colon");
	refuse("01", "a leading zero");
	refuse("1.", "no digit after the point");
	refuse("-", "a sign alone");
	refuse("[1e]", "no exponent digits");
	refuse("\"a\tb\"", "a raw tab in a string");
	refuse("\"\\x\"", "an unknown escape");
	refuse("\"\\u12G4\"", "a bad hex digit");
	refuse("{} {}", "two values");
	refuse("tru", "a cut literal");
	refuse("{'a': 1}", "single quotes");
	refuse("", "nothing");
	json_release(&doc);
	cr_assert_neq(json_parse(&doc, three, strlen(three), err, sizeof(err)), 0);
	cr_assert(!strncmp(err, "3: ", 3), "the error is on line 3: '%s'", err);
}

/* Found by tests/fuzz/fuzz_meta: a meta.json naming one dataset twice in
 * "dataset_checksums" was taken, and a resume then compared the campaign
 * against the first entry only. A name given twice in an object is
 * refused, with its line; the same name in two objects is fine. */
Test(json, a_member_given_twice_is_refused)
{
	static const char twice[] = "{\"d\": {\"a\": \"1\",\n\"a\": \"2\"}}";
	static const char apart[] = "[{\"a\": 1}, {\"a\": 2, \"b\": {\"a\": 3}}]";

	json_release(&doc);
	cr_assert_neq(json_parse(&doc, twice, strlen(twice), err, sizeof(err)), 0, "'%s' read", twice);
	cr_assert_str_eq(err, "2: member \"a\" given twice");
	json_release(&doc);
	cr_assert_eq(json_parse(&doc, apart, strlen(apart), err, sizeof(err)), 0, "%s", err);
	json_release(&doc);
}

/* Found by tests/fuzz/fuzz_json: "\u0000" was read as a NUL that ended the
 * C string, so that "a\u0000b" read as "a", unseen. It is refused, with
 * its line. */
Test(json, an_escaped_nul_is_refused_not_cut_short)
{
	static const char text[] = "{\"k\":\n\"a\\u0000b\"}";

	refuse("\"a\\u0000b\"", "a NUL in a string");
	refuse("{\"a\\u0000b\": 1}", "a NUL in a member's name");
	cr_assert_str_eq(json_string(parse("\"a\\u0001b\"")), "a\x01" "b",
			 "U+0001 is kept: only U+0000 cannot be");
	json_release(&doc);
	cr_assert_neq(json_parse(&doc, text, strlen(text), err, sizeof(err)), 0);
	cr_assert(!strncmp(err, "2: ", 3) && strstr(err, "\\u0000"),
		  "'%s': want line 2 and the escape named", err);
}

/* N arrays one inside the other, into BUF. */
static const char *nested(char *buf, size_t n)
{
	memset(buf, '[', n);
	memset(buf + n, ']', n);
	buf[2 * n] = '\0';
	return buf;
}

Test(json, nesting_is_bounded)
{
	char deep[2 * JSON_MAX_DEPTH + 8];

	/* the top value is at depth 0: JSON_MAX_DEPTH + 1 arrays reach the bound */
	parse(nested(deep, JSON_MAX_DEPTH + 1));
	refuse(nested(deep, JSON_MAX_DEPTH + 2), "nested too deep");
}

/* meta.json read back */

TestSuite(meta_read, .init = ht_suite_init, .fini = ht_suite_fini);

static void write_meta(const char *text, char *path, size_t cap)
{
	snprintf(path, cap, "%s/meta.json", ht_dir);
	cr_assert_eq(ht_write(path, text), 0);
}

Test(meta_read, a_run_with_its_timer)
{
	char path[512];
	meta_info m;

	write_meta("{\n  \"tool\": \"puzzlebench\",\n  \"date\": \"2026-12-01T09:32:18Z\",\n"
		   "  \"outcome\": \"complete\",\n"
		   "  \"machine\": { \"cpu\": \"Test CPU\", \"cores\": 2 },\n"
		   "  \"build\": { \"compiler\": \"GNU 12.2.0\", \"flags\": \"-O3\", "
		   "\"build_type\": \"Release\", \"sanitized\": false, \"git_revision\": \"abc\" },\n"
		   "  \"timer\": {\"floor_ns\": 38.5, \"wall_clock_ns\": 33, \"cpu_clock_ns\": 860, "
		   "\"batch_threshold_ns\": 50000},\n  \"format\": 1\n}\n", path, sizeof(path));
	cr_assert_eq(meta_read(&m, path, err, sizeof(err)), 0, "%s", err);
	cr_assert(m.present && !m.merged);
	cr_assert_str_eq(m.cpu, "Test CPU");
	cr_assert_str_eq(m.date, "2026-12-01T09:32:18Z");
	cr_assert_str_eq(m.build_type, "Release");
	cr_assert_str_eq(m.compiler, "GNU 12.2.0");
	cr_assert_str_eq(m.git_revision, "abc");
	cr_assert_not(m.sanitized);
	cr_assert_float_eq(m.timer.floor_ns, 38.5, 1e-12, "floor %g", m.timer.floor_ns);
	cr_assert_float_eq(m.timer.cpu_clock_ns, 860, 1e-12);
	cr_assert_float_eq(m.timer.batch_threshold_ns, 50000, 1e-12);
	meta_info_release(&m);
}

Test(meta_read, a_merged_run_takes_its_first_shard_and_the_worst_floor)
{
	char path[512];
	meta_info m;

	write_meta("{\"merged\": true, \"date\": \"2026-12-02T00:00:00Z\", \"shards\": [\n"
		   " {\"dir\": \"s1\", \"meta\": {\"machine\": {\"cpu\": \"First\"},"
		   " \"build\": {\"build_type\": \"Debug\", \"sanitized\": true},"
		   " \"timer\": {\"floor_ns\": 40}}},\n"
		   " {\"dir\": \"s2\", \"meta\": {\"machine\": {\"cpu\": \"Second\"},"
		   " \"timer\": {\"floor_ns\": 90, \"wall_clock_ns\": 30}}}]}\n", path, sizeof(path));
	cr_assert_eq(meta_read(&m, path, err, sizeof(err)), 0, "%s", err);
	cr_assert(m.merged);
	cr_assert_str_eq(m.cpu, "First");
	cr_assert_str_eq(m.build_type, "Debug");
	cr_assert(m.sanitized);
	cr_assert_float_eq(m.timer.floor_ns, 90, 1e-12, "the worst shard's floor, not %g",
			   m.timer.floor_ns);
	cr_assert_float_eq(m.timer.wall_clock_ns, 30, 1e-12);
	meta_info_release(&m);
}

Test(meta_read, an_old_run_has_no_floor)
{
	char path[512];
	meta_info m;

	write_meta("{\"machine\": {\"cpu\": \"Old\"}}", path, sizeof(path));
	cr_assert_eq(meta_read(&m, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(m.timer.floor_ns, 0, "no timer, yet a floor of %g", m.timer.floor_ns);
	cr_assert_str_eq(m.date, "");
	meta_info_release(&m);
}

Test(meta_read, missing_and_broken_files)
{
	char path[512];
	meta_info m;

	snprintf(path, sizeof(path), "%s/none.json", ht_dir);
	cr_assert_eq(meta_read(&m, path, err, sizeof(err)), 0, "a missing meta.json is no error");
	cr_assert_not(m.present);
	cr_assert_str_eq(m.cpu, "");
	meta_info_release(&m);
	write_meta("{\n  \"machine\": {\"cpu\": \"x\"\n", path, sizeof(path));
	cr_assert_neq(meta_read(&m, path, err, sizeof(err)), 0, "a cut meta.json was read");
	cr_assert(strstr(err, "meta.json:3: ") && strstr(err, "not valid JSON"), "%s", err);
	cr_assert_str_eq(m.cpu, "", "a broken file still named a machine");
	meta_info_release(&m);
	write_meta("[1]", path, sizeof(path));
	cr_assert_neq(meta_read(&m, path, err, sizeof(err)), 0, "an array read as a meta.json");
	meta_info_release(&m);
}
