#include "table.h"

#include <string.h>

static int table_alloc(pb_table *t, pb_meter *meter, int bits, int words)
{
	size_t slots = (size_t)1 << bits;

	t->keys = pb_calloc(meter, slots * (size_t)words, sizeof(*t->keys));
	t->values = t->keys ? pb_alloc(meter, slots * sizeof(*t->values)) : NULL;
	if (!t->values) {
		pb_free(t->keys);
		return -1;
	}
	t->mask = slots - 1;
	t->shift = 64 - bits;
	t->words = words;
	t->count = 0;
	t->hold = 0;
	t->meter = meter;
	return 0;
}

int pb_table_init(pb_table *t, pb_meter *meter, size_t expected, int words)
{
	int bits = 4;

	while (((size_t)1 << bits) * 3 < expected * 4 && bits < 62)
		bits++;
	return table_alloc(t, meter, bits, words);
}

void pb_table_release(pb_table *t)
{
	pb_free(t->keys);
	pb_free(t->values);
	memset(t, 0, sizeof(*t));
}

size_t pb_table_bytes(const pb_table *t)
{
	return (t->mask + 1) * (sizeof(*t->keys) * (size_t)t->words + sizeof(*t->values));
}

/* Move every key of T into BIGGER, for keys of WORDS words. */
static inline __attribute__((always_inline)) void rehash(pb_table *bigger, const pb_table *t,
							 const int words)
{
	uint16_t *v;

	for (size_t i = 0; i <= t->mask; i++)
		if (pb_table_used(t, i))
			pb_table_insert(bigger, pb_table_key(t, i, words), t->values[i], &v, words);
}

int pb_table_grow(pb_table *t)
{
	pb_table bigger;

	if (table_alloc(&bigger, t->meter, 64 - t->shift + 1, t->words))
		return -1;
	if (t->words == 1)
		rehash(&bigger, t, 1);
	else
		rehash(&bigger, t, 2);
	pb_table_release(t);
	*t = bigger;
	return 0;
}
