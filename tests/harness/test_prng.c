/* The generator of 'bench gen' against the outputs its authors' reference
 * code prints, so that the same seed gives the same stream, and the same
 * 'bench gen' command the same file, on any machine.
 *
 * prng_seed fills xoshiro256**'s four words with the first four outputs of
 * splitmix64 started from the seed; splitmix64's state advances by its
 * golden gamma with each output (Steele, Lea & Flood, OOPSLA 2014), so
 * seeding with seed + 4k * gamma gives outputs 4k+1 .. 4k+4 of the stream. */
#include <criterion/criterion.h>

#include "harness/io/prng.h"

/* splitmix64's increment, as published (Steele, Lea & Flood 2014). */
#define GOLDEN_GAMMA 0x9e3779b97f4a7c15ULL
#define WORDS 4

/* Outputs 1..N of splitmix64 from SEED must be EXPECTED (SOURCE names the
 * vector in the failure message). */
static void check_splitmix(uint64_t seed, const uint64_t *expected, size_t n, const char *source)
{
	for (size_t k = 0; k < n; k += WORDS) {
		prng r;

		prng_seed(&r, seed + k * GOLDEN_GAMMA);
		for (size_t i = 0; i < WORDS && k + i < n; i++)
			cr_assert_eq(r.s[i], expected[k + i],
				     "%s: splitmix64 output %zu from seed %llu is %llu, published %llu",
				     source, k + i + 1, (unsigned long long)seed,
				     (unsigned long long)r.s[i], (unsigned long long)expected[k + i]);
	}
}

/* 50 outputs from seed 1477776061723855037, "produced with the reference
 * implementation" (Vigna's splitmix64.c): the test 'reference' of
 * rust-random/rngs, rand_xoshiro/src/splitmix64.rs. */
Test(prng, splitmix64_matches_the_reference_implementation)
{
	static const uint64_t expected[] = {
		1985237415132408290ULL,  2979275885539914483ULL,  13511426838097143398ULL,
		8488337342461049707ULL,  15141737807933549159ULL, 17093170987380407015ULL,
		16389528042912955399ULL, 13177319091862933652ULL, 10841969400225389492ULL,
		17094824097954834098ULL, 3336622647361835228ULL,  9678412372263018368ULL,
		11111587619974030187ULL, 7882215801036322410ULL,  5709234165213761869ULL,
		7799681907651786826ULL,  4616320717312661886ULL,  4251077652075509767ULL,
		7836757050122171900ULL,  5054003328188417616ULL,  12919285918354108358ULL,
		16477564761813870717ULL, 5124667218451240549ULL,  18099554314556827626ULL,
		7603784838804469118ULL,  6358551455431362471ULL,  3037176434532249502ULL,
		3217550417701719149ULL,  9958699920490216947ULL,  5965803675992506258ULL,
		12000828378049868312ULL, 12720568162811471118ULL, 245696019213873792ULL,
		8351371993958923852ULL,  14378754021282935786ULL, 5655432093647472106ULL,
		5508031680350692005ULL,  8515198786865082103ULL,  6287793597487164412ULL,
		14963046237722101617ULL, 3630795823534910476ULL,  8422285279403485710ULL,
		10554287778700714153ULL, 10871906555720704584ULL, 8659066966120258468ULL,
		9420238805069527062ULL,  10338115333623340156ULL, 13514802760105037173ULL,
		14635952304031724449ULL, 15419692541594102413ULL,
	};

	check_splitmix(1477776061723855037ULL, expected, sizeof(expected) / sizeof(expected[0]),
		       "rand_xoshiro's splitmix64 reference");
}

/* The five integers from seed 1234567 that Rosetta Code's task
 * "Pseudo-random numbers/Splitmix64" asks every solution to print. */
Test(prng, splitmix64_matches_rosetta_code)
{
	static const uint64_t expected[] = {
		6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
		4593380528125082431ULL, 16408922859458223821ULL,
	};

	check_splitmix(1234567, expected, sizeof(expected) / sizeof(expected[0]),
		       "Rosetta Code's Splitmix64 task");
}

/* From the state {1, 2, 3, 4}, ten outputs "produced with the reference
 * implementation" (Blackman & Vigna's xoshiro256starstar.c): the test
 * 'reference' of rust-random/rngs, rand_xoshiro/src/xoshiro256starstar.rs. */
Test(prng, xoshiro256starstar_matches_the_reference_implementation)
{
	static const uint64_t expected[] = {
		11520ULL,
		0ULL,
		1509978240ULL,
		1215971899390074240ULL,
		1216172134540287360ULL,
		607988272756665600ULL,
		16172922978634559625ULL,
		8476171486693032832ULL,
		10595114339597558777ULL,
		2904607092377533576ULL,
	};
	prng r = { { 1, 2, 3, 4 } };

	for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
		uint64_t x = prng_next(&r);

		cr_assert_eq(x, expected[i], "xoshiro256** output %zu from {1, 2, 3, 4} is %llu, "
			     "published %llu", i + 1, (unsigned long long)x,
			     (unsigned long long)expected[i]);
	}
}
