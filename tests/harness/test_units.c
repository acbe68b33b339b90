/* Sizes with suffixes, durations, counts, ranges, fractions. */
#include <criterion/criterion.h>

#include "harness/io/units.h"

Test(units, sizes_take_binary_suffixes)
{
	static const struct {
		const char *text;
		size_t bytes;
	} good[] = {
		{ "0", 0 }, { "4096", 4096 }, { "64K", 64 << 10 }, { "64k", 64 << 10 },
		{ "2M", 2 << 20 }, { "1.5G", 3ULL << 29 }, { "3KiB", 3 << 10 }, { "7MB", 7 << 20 },
	};
	static const char *const bad[] = { "", "K", "-1", "1X", "1.2.3", "0x10", " 5", "5 ",
					   "inf", "nan", "1e3", "99999999999999999999T", "2MiBs" };
	size_t v;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		cr_assert_eq(units_parse_bytes(good[i].text, &v), 0, "'%s' refused", good[i].text);
		cr_assert_eq(v, good[i].bytes, "'%s' gave %zu", good[i].text, v);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_eq(units_parse_bytes(bad[i], &v), -1, "'%s' accepted", bad[i]);
}

Test(units, durations_are_seconds_with_decimals)
{
	uint64_t ns;

	cr_assert_eq(units_parse_seconds("2", &ns), 0);
	cr_assert_eq(ns, 2000000000ULL);
	cr_assert_eq(units_parse_seconds("0.25", &ns), 0);
	cr_assert_eq(ns, 250000000ULL);
	cr_assert_eq(units_parse_seconds("1.5s", &ns), 0);
	cr_assert_eq(ns, 1500000000ULL);
	cr_assert_eq(units_parse_seconds(".5", &ns), 0);
	cr_assert_eq(ns, 500000000ULL);
	cr_assert_eq(units_parse_seconds("-1", &ns), -1);
	cr_assert_eq(units_parse_seconds("1m", &ns), -1);
	cr_assert_eq(units_parse_seconds("1e99", &ns), -1);
	cr_assert_eq(units_parse_seconds("99999999999", &ns), -1, "past 2^64 ns");
}

Test(units, counts_ranges_and_fractions)
{
	uint64_t lo, hi;
	double f;

	cr_assert_eq(units_parse_count("12", 1, 100, &lo), 0);
	cr_assert_eq(lo, 12);
	cr_assert_eq(units_parse_count("0", 1, 100, &lo), -1);
	cr_assert_eq(units_parse_count("+3", 0, 100, &lo), -1);
	cr_assert_eq(units_parse_range("4..64", 0, 512, &lo, &hi), 0);
	cr_assert(lo == 4 && hi == 64);
	cr_assert_eq(units_parse_range("9", 0, 512, &lo, &hi), 0);
	cr_assert(lo == 9 && hi == 9);
	cr_assert_eq(units_parse_range("9..3", 0, 512, &lo, &hi), -1);
	cr_assert_eq(units_parse_range("1..", 0, 512, &lo, &hi), -1);
	cr_assert_eq(units_parse_fraction("25%", &f), 0);
	cr_assert_float_eq(f, 0.25, 1e-12);
	cr_assert_eq(units_parse_fraction("0.5", &f), 0);
	cr_assert_eq(units_parse_fraction("1.5", &f), -1);
}

Test(units, formats_for_people)
{
	char buf[32];

	cr_assert_str_eq(units_format_bytes(812, buf, sizeof(buf)), "812 B");
	cr_assert_str_eq(units_format_bytes(3 << 20, buf, sizeof(buf)), "3.00 MiB");
	cr_assert_str_eq(units_format_ns(850, buf, sizeof(buf)), "850 ns");
	cr_assert_str_eq(units_format_ns(4560000, buf, sizeof(buf)), "4.56 ms");
	cr_assert_str_eq(units_format_ns(125000000000ULL, buf, sizeof(buf)), "2m05s");
	cr_assert_str_eq(units_format_count(2500000, buf, sizeof(buf)), "2.50M");
}
