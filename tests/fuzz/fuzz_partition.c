/* libFuzzer target: the pattern-database partition syntax after "pdb:"
 * (algorithms/heuristics/partition.h, pb_partition_parse), on any bytes
 * (cut at the first NUL: the parser reads a C string).
 *
 * - A text is taken exactly when the reference here, written from
 *   partition.h's grammar and limits, takes it: patterns separated by '/',
 *   items by ','; an item a tile or a range "a-b" (a <= b), a tile a
 *   decimal 1..PB_PARTITION_MAX_TILE; no tile twice; at most
 *   PB_PARTITION_MAX_PATTERNS patterns of at most PB_PDB_MAX_TILES tiles,
 *   none empty. Then its patterns and largest tile are the reference's.
 * - A refused one comes with a message; a taken one, written back as a
 *   list of tiles, parses to the same partition. */
#include "algorithms/heuristics/partition.h"
#include "fuzz_common.h"

/* The reference: TEXT into OUT, or false. */
static bool ref_parse(const char *text, pb_partition *out)
{
	const char *at = text;
	uint32_t named = 0;

	memset(out, 0, sizeof(*out));
	for (;;) {
		uint32_t tiles = 0;

		if (out->count == PB_PARTITION_MAX_PATTERNS)
			return false;
		for (;;) {
			long from = 0, to;
			const char *start = at;

			for (; *at >= '0' && *at <= '9'; at++)
				from = from > 1000 ? from : from * 10 + (*at - '0');
			if (at == start || from < 1 || from > PB_PARTITION_MAX_TILE)
				return false;
			to = from;
			if (*at == '-') {
				start = ++at;
				to = 0;
				for (; *at >= '0' && *at <= '9'; at++)
					to = to > 1000 ? to : to * 10 + (*at - '0');
				if (at == start || to < 1 || to > PB_PARTITION_MAX_TILE || to < from)
					return false;
			}
			for (long t = from; t <= to; t++) {
				if ((named | tiles) & (1u << t))
					return false;
				tiles |= 1u << t;
			}
			if (to > out->largest)
				out->largest = (int)to;
			if (*at != ',')
				break;
			at++;
		}
		if (__builtin_popcount(tiles) > PB_PDB_MAX_TILES)
			return false;
		named |= tiles;
		out->tiles[out->count++] = tiles;
		if (!*at)
			return true;
		if (*at != '/')
			return false;
		at++;
	}
}

static bool same(const pb_partition *a, const pb_partition *b)
{
	return a->count == b->count && a->largest == b->largest &&
	       !memcmp(a->tiles, b->tiles, sizeof(a->tiles[0]) * (size_t)a->count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[4096], again[PB_PARTITION_MAX_PATTERNS * PB_PDB_MAX_TILES * 3 + 16];
	char err[256] = "";
	pb_partition got, want, back;
	size_t n = size < sizeof(text) - 1 ? size : sizeof(text) - 1, w = 0;
	bool ok;

	memcpy(text, data, n);
	text[n] = '\0';
	ok = ref_parse(text, &want);
	if (pb_partition_parse(text, &got, err, sizeof(err))) {
		FUZZ_CHECK(!ok);
		FUZZ_CHECK(err[0] && memchr(err, '\0', sizeof(err)));
		return 0;
	}
	FUZZ_CHECK(ok && same(&got, &want));
	for (int q = 0; q < got.count; q++) {
		const char *sep = q ? "/" : "";

		for (int t = 1; t <= PB_PARTITION_MAX_TILE; t++)
			if (got.tiles[q] & (1u << t)) {
				w += (size_t)snprintf(again + w, sizeof(again) - w, "%s%d", sep, t);
				sep = ",";
			}
	}
	FUZZ_CHECK(w < sizeof(again));
	FUZZ_CHECK(!pb_partition_parse(again, &back, err, sizeof(err)) && same(&back, &got));
	return 0;
}
