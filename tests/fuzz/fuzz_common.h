/* What the libFuzzer targets share: the domains they pick from with the
 * input's first byte. Fuzzing code only (built with -DPB_FUZZ=ON). */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "algorithms/puzzles/domain.h"

static const char *const fuzz_domains[] = {
	"8puzzle", "15puzzle", "tiles2x2", "tiles3x4", "tiles2x6", "tiles4x2", "msquare",
	"24puzzle", "tiles2x12", "tiles6x3",
};
#define FUZZ_NDOMAINS (sizeof(fuzz_domains) / sizeof(fuzz_domains[0]))

/* Set up the domain that byte B names; aborts if that fails (a bug). */
static inline void fuzz_domain(pb_domain *d, uint8_t b)
{
	char err[256];

	if (pb_domain_init(d, fuzz_domains[b % FUZZ_NDOMAINS], err, sizeof(err)))
		abort();
}

static inline int fuzz_same_state(const pb_state *a, const pb_state *b)
{
	return a->cells == b->cells && a->cls == b->cls;
}

/* A broken promise: crash so that libFuzzer keeps the input. */
#define FUZZ_CHECK(cond) do { if (!(cond)) abort(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
