/* libFuzzer target: pb_parse and pb_domain_set_goal on any bytes. A state
 * that parses must format back to text that parses to the same state; a
 * rejected one must come with a message. */
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256], text[PB_STATE_TEXT_MAX];
	pb_domain d;
	pb_state s, again;

	if (!size)
		return 0;
	fuzz_domain(&d, data[0]);
	err[0] = '\0';
	if (pb_parse(&d, (const char *)data + 1, size - 1, &s, err, sizeof(err))) {
		FUZZ_CHECK(err[0] && memchr(err, '\0', sizeof(err)));
	} else {
		pb_format(&d, &s, text, sizeof(text));
		FUZZ_CHECK(!pb_parse(&d, text, strlen(text), &again, err, sizeof(err)));
		FUZZ_CHECK(fuzz_same_state(&s, &again));
		(void)pb_solvable(&d, &s);
	}
	if (pb_domain_has_goals(&d) && !pb_domain_set_goal(&d, (const char *)data + 1, size - 1, err,
							   sizeof(err))) {
		pb_format_goal(&d, text, sizeof(text));
		FUZZ_CHECK(!pb_parse(&d, text, strlen(text), &s, err, sizeof(err)));
		FUZZ_CHECK(pb_is_goal(&d, &s));
	}
	return 0;
}
