/* The output buffer of bench solve (harness/io/output.c): what goes in
 * comes out whole and in order, through reserves, long writes and chunk
 * boundaries, and a failed write is reported by pb_output_finish. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/output.h"

/* Everything written to F, from its start (free() it). */
static char *read_back(FILE *f, size_t *n)
{
	long size;
	char *buf;

	cr_assert_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	cr_assert_geq(size, 0);
	rewind(f);
	buf = malloc((size_t)size + 1);
	cr_assert_not_null(buf);
	cr_assert_eq(fread(buf, 1, (size_t)size, f), (size_t)size);
	buf[size] = '\0';
	*n = (size_t)size;
	return buf;
}

/* Byte I of the test pattern: not periodic in any power of two. */
static char pattern(size_t i)
{
	return (char)('a' + (i * 7 + i / 13) % 26);
}

Test(output, reserves_and_long_writes_come_out_in_order)
{
	/* longer than the chunk and the reserve bound together */
	size_t long_len = 3 * PB_OUTPUT_CHUNK + 17, at = 0, n;
	char *big = malloc(long_len), *got;
	FILE *f = tmpfile();
	pb_output *o = malloc(sizeof(*o));
	char *expect;
	size_t total;

	cr_assert(big && f && o);
	for (size_t i = 0; i < long_len; i++)
		big[i] = pattern(i);
	pb_output_init(o, f);
	/* reserves of the largest size allowed, across several chunks */
	for (int r = 0; r < 40; r++) {
		char *w = pb_output_reserve(o, PB_OUTPUT_RESERVE_MAX);

		for (size_t i = 0; i < 100; i++)
			w[i] = pattern(at + i);
		pb_output_commit(o, 100);
		at += 100;
	}
	pb_output_write(o, big + at, long_len - at);
	pb_output_printf(o, "%d\n", 42);
	cr_assert_eq(pb_output_finish(o), 0);
	got = read_back(f, &n);
	total = long_len + strlen("42\n");
	cr_assert_eq(n, total, "%zu bytes out of %zu in", n, total);
	expect = malloc(total);
	cr_assert_not_null(expect);
	memcpy(expect, big, long_len);
	memcpy(expect + long_len, "42\n", 3);
	for (size_t i = 0; i < total; i++)
		cr_assert_eq(got[i], expect[i], "byte %zu", i);
	free(expect);
	free(got);
	free(big);
	free(o);
	fclose(f);
}

Test(output, a_failed_write_is_reported)
{
	FILE *f = fopen("/dev/full", "w");
	pb_output *o = malloc(sizeof(*o));
	char line[100];

	if (!f)
		cr_skip_test("no /dev/full here");
	cr_assert_not_null(o);
	memset(line, 'x', sizeof(line));
	pb_output_init(o, f);
	pb_output_write(o, line, sizeof(line));
	cr_assert_eq(pb_output_finish(o), -1, "writing to /dev/full succeeded");
	/* a long write straight to the file fails the same way */
	pb_output_init(o, f);
	clearerr(f);
	{
		size_t n = 2 * PB_OUTPUT_CHUNK;
		char *big = calloc(1, n);

		cr_assert_not_null(big);
		pb_output_write(o, big, n);
		free(big);
	}
	cr_assert_eq(pb_output_finish(o), -1, "a long write to /dev/full succeeded");
	free(o);
	fclose(f);
}
