#include "partition.h"

#include <stdio.h>
#include <string.h>

/* The length of the token at TEXT: up to the next separator. */
static int token_length(const char *text)
{
	return (int)strcspn(text, ",/");
}

/* Read a tile number at *AT (moving *AT past it) into *TILE. Returns 0, or
 * -1 with why in ERR. */
static int read_tile(const char **at, int *tile, const char *item, char *err, size_t errlen)
{
	const char *s = *at;
	int n = 0;

	if (*s < '0' || *s > '9') {
		snprintf(err, errlen, "'%.*s' is not a tile number", token_length(item), item);
		return -1;
	}
	for (; *s >= '0' && *s <= '9'; s++) {
		n = 10 * n + (*s - '0');
		if (n > PB_PARTITION_MAX_TILE) {
			snprintf(err, errlen, "tile '%.*s' is past the largest board's %d tiles",
				 token_length(item), item, PB_PARTITION_MAX_TILE);
			return -1;
		}
	}
	if (!n) {
		snprintf(err, errlen, "'%.*s' is not a tile number (the blank is no tile; tiles count from 1)",
			 token_length(item), item);
		return -1;
	}
	*at = s;
	*tile = n;
	return 0;
}

/* Parse the item at *AT (a tile or a range) into pattern Q of OUT, moving
 * *AT past it. Returns 0, or -1 with why in ERR. */
static int read_item(const char **at, pb_partition *out, int q, uint32_t named, char *err,
		     size_t errlen)
{
	const char *item = *at;
	int from, to;

	if (read_tile(at, &from, item, err, errlen))
		return -1;
	to = from;
	if (**at == '-') {
		++*at;
		if (read_tile(at, &to, item, err, errlen))
			return -1;
		if (to < from) {
			snprintf(err, errlen, "range '%.*s' runs backwards", token_length(item), item);
			return -1;
		}
	}
	if (**at && **at != ',' && **at != '/') {
		snprintf(err, errlen, "'%.*s' is not a tile number or a range", token_length(item),
			 item);
		return -1;
	}
	for (int t = from; t <= to; t++) {
		uint32_t bit = 1u << t;

		if ((named | out->tiles[q]) & bit) {
			snprintf(err, errlen, "tile %d is named twice", t);
			return -1;
		}
		out->tiles[q] |= bit;
	}
	if (to > out->largest)
		out->largest = to;
	return 0;
}

int pb_partition_parse(const char *text, pb_partition *out, char *err, size_t errlen)
{
	const char *at = text;
	uint32_t named = 0;

	memset(out, 0, sizeof(*out));
	if (!*at) {
		snprintf(err, errlen, "no pattern given (patterns of tiles: 1,2,3/4-7/...)");
		return -1;
	}
	for (;;) {
		int q = out->count, size;

		if (q == PB_PARTITION_MAX_PATTERNS) {
			snprintf(err, errlen, "more than %d patterns", PB_PARTITION_MAX_PATTERNS);
			return -1;
		}
		if (!*at || *at == '/') {
			snprintf(err, errlen, "pattern %d is empty", q + 1);
			return -1;
		}
		for (;;) {
			if (!*at || *at == '/' || *at == ',') {
				snprintf(err, errlen, "pattern %d has an empty item", q + 1);
				return -1;
			}
			if (read_item(&at, out, q, named, err, errlen))
				return -1;
			if (*at != ',')
				break;
			at++;
		}
		size = __builtin_popcount(out->tiles[q]);
		if (size > PB_PDB_MAX_TILES) {
			snprintf(err, errlen, "pattern %d has %d tiles (at most %d)", q + 1, size,
				 PB_PDB_MAX_TILES);
			return -1;
		}
		named |= out->tiles[q];
		out->count++;
		if (!*at)
			return 0;
		at++; /* the '/' */
	}
}
