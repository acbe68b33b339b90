#include "table.h"

#include <string.h>

static int table_alloc(pb_table *t, pb_meter *meter, int bits)
{
	size_t slots = (size_t)1 << bits;

	t->keys = pb_calloc(meter, slots, sizeof(*t->keys));
	t->values = t->keys ? pb_alloc(meter, slots * sizeof(*t->values)) : NULL;
	if (!t->values) {
		pb_free(t->keys);
		return -1;
	}
	t->mask = slots - 1;
	t->shift = 64 - bits;
	t->count = 0;
	t->hold = 0;
	t->meter = meter;
	return 0;
}

int pb_table_init(pb_table *t, pb_meter *meter, size_t expected)
{
	int bits = 4;

	while (((size_t)1 << bits) * 3 < expected * 4 && bits < 62)
		bits++;
	return table_alloc(t, meter, bits);
}

void pb_table_release(pb_table *t)
{
	pb_free(t->keys);
	pb_free(t->values);
	memset(t, 0, sizeof(*t));
}

size_t pb_table_bytes(const pb_table *t)
{
	return (t->mask + 1) * (sizeof(*t->keys) + sizeof(*t->values));
}

int pb_table_grow(pb_table *t)
{
	pb_table bigger;
	uint16_t *v;

	if (table_alloc(&bigger, t->meter, 64 - t->shift + 1))
		return -1;
	for (size_t i = 0; i <= t->mask; i++)
		if (t->keys[i])
			pb_table_insert(&bigger, t->keys[i], t->values[i], &v);
	pb_table_release(t);
	*t = bigger;
	return 0;
}
