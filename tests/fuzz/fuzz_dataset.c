/* libFuzzer target: the dataset reader on any bytes. A file it accepts
 * must write back (header and instances) to a file it reads again to the
 * same instances; one it rejects must say where. */
#include <stdio.h>
#include <string.h>

#include "fuzz_common.h"
#include "harness/io/dataset.h"

#define FUZZ_PATH "fuzz.txt"

static void check_round_trip(const dataset *ds)
{
	char *buf = NULL, err[512];
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len), *in;
	dataset again;

	FUZZ_CHECK(out);
	FUZZ_CHECK(!dataset_write_header(out, &ds->domain, NULL, NULL, 0));
	for (size_t i = 0; i < ds->count; i++)
		FUZZ_CHECK(!dataset_write_instance(out, &ds->domain, ds->instances[i].id,
						   &ds->instances[i].state,
						   ds->instances[i].reference));
	FUZZ_CHECK(!fclose(out));
	in = fmemopen(buf, len, "r");
	FUZZ_CHECK(in);
	FUZZ_CHECK(!dataset_read(&again, in, FUZZ_PATH, err, sizeof(err)));
	fclose(in);
	FUZZ_CHECK(again.count == ds->count);
	for (size_t i = 0; i < ds->count; i++) {
		FUZZ_CHECK(!strcmp(again.instances[i].id, ds->instances[i].id));
		FUZZ_CHECK(fuzz_same_state(&again.instances[i].state, &ds->instances[i].state));
		FUZZ_CHECK(again.instances[i].reference == ds->instances[i].reference);
	}
	dataset_release(&again);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512] = "";
	dataset ds;
	FILE *in;

	if (!size)
		return 0;
	in = fmemopen((void *)data, size, "r");
	FUZZ_CHECK(in);
	if (dataset_read(&ds, in, FUZZ_PATH, err, sizeof(err)))
		FUZZ_CHECK(!strncmp(err, FUZZ_PATH ":", strlen(FUZZ_PATH ":")));
	else
		check_round_trip(&ds);
	fclose(in);
	dataset_release(&ds);
	return 0;
}
