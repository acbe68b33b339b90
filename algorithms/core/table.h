/* An open-addressing hash table from a nonzero 64-bit key (a packed state;
 * no state packs to zero) to a 16-bit value, with linear probing and
 * Fibonacci hashing. Keys and values live in two arrays, 10 bytes a slot,
 * and the table doubles past a load of 3/4: about 13 to 27 bytes a state.
 * Memory comes from a pb_meter. */
#ifndef PB_TABLE_H
#define PB_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "meter.h"

typedef struct pb_table {
	uint64_t *keys;   /* 0: empty slot */
	uint16_t *values;
	size_t mask;      /* slots - 1 (a power of two) */
	size_t count;
	int shift;        /* 64 - log2(slots) */
	int hold;         /* nonzero: fill to 15/16 before doubling, for a
			   * search with no time left for a rehash */
	pb_meter *meter;
} pb_table;

/* An empty table sized for about EXPECTED keys. Returns 0, or -1 when the
 * meter refused the memory (see meter->refused). */
int pb_table_init(pb_table *t, pb_meter *meter, size_t expected);

void pb_table_release(pb_table *t);

/* Bytes the table holds now. */
size_t pb_table_bytes(const pb_table *t);

/* Double the slots. Returns 0 or -1 (refused; the table is unchanged). */
int pb_table_grow(pb_table *t);

static inline size_t pb_table_slot(const pb_table *t, uint64_t key)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> t->shift);
}

/* Whether inserting EXTRA more keys may double the table. */
static inline int pb_table_will_grow(const pb_table *t, size_t extra)
{
	size_t slots = t->mask + 1;

	return t->hold ? (t->count + extra) * 16 > slots * 15 : (t->count + extra) * 4 > slots * 3;
}

/* A rough, generous price of doubling the table, in nanoseconds (zeroing
 * the new arrays and moving every key), so that a search can tell whether
 * it still has the time for it. */
#define PB_TABLE_GROW_NS_PER_SLOT 8
static inline uint64_t pb_table_grow_ns(const pb_table *t)
{
	return (uint64_t)(t->mask + 1) * PB_TABLE_GROW_NS_PER_SLOT;
}

/* The value stored for KEY, or NULL. */
static inline uint16_t *pb_table_find(const pb_table *t, uint64_t key)
{
	for (size_t i = pb_table_slot(t, key);; i = (i + 1) & t->mask) {
		if (t->keys[i] == key)
			return &t->values[i];
		if (!t->keys[i])
			return NULL;
	}
}

/* Put KEY with VALUE unless present. Returns 1 when inserted, 0 when KEY
 * was there (*VALUE_AT then points to its value; on insertion too), -1 when
 * growing was refused. */
static inline int pb_table_insert(pb_table *t, uint64_t key, uint16_t value,
				  uint16_t **value_at)
{
	size_t i;

	if (pb_table_will_grow(t, 1) && pb_table_grow(t))
		return -1;
	for (i = pb_table_slot(t, key); t->keys[i]; i = (i + 1) & t->mask) {
		if (t->keys[i] == key) {
			if (value_at)
				*value_at = &t->values[i];
			return 0;
		}
	}
	t->keys[i] = key;
	t->values[i] = value;
	t->count++;
	if (value_at)
		*value_at = &t->values[i];
	return 1;
}

#endif
