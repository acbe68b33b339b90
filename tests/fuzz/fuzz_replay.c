/* libFuzzer target: pb_replay. The input is a state, a line break, then a
 * move string; the verdict must be consistent with where the replay
 * stopped. */
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data + 1, *nl;
	char err[256];
	pb_replay_result r;
	pb_domain d;
	pb_state start;
	size_t len;

	if (!size)
		return 0;
	fuzz_domain(&d, data[0]);
	nl = memchr(text, '\n', size - 1);
	if (!nl)
		return 0;
	if (pb_parse(&d, text, (size_t)(nl - text), &start, err, sizeof(err)))
		return 0;
	len = size - 1 - (size_t)(nl + 1 - text);
	pb_replay(&d, &start, nl + 1, len, &r);
	FUZZ_CHECK(r.at <= len);
	FUZZ_CHECK(pb_verdict_name(r.verdict) != NULL);
	if (r.verdict == PB_REACHES_GOAL || r.verdict == PB_ENDS_ELSEWHERE) {
		FUZZ_CHECK(r.at == len);
		FUZZ_CHECK(pb_is_goal(&d, &r.end) == (r.verdict == PB_REACHES_GOAL));
	} else {
		FUZZ_CHECK(r.at < len);
	}
	return 0;
}
