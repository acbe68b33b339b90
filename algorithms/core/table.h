/* An open-addressing hash table from a packed state (one or two 64-bit
 * words; the low word is never zero, see state.h) to a 16-bit value, with
 * linear probing and Fibonacci hashing. Keys and values live in two
 * arrays, 8 bytes a word of the key and 2 of the value a slot (10 bytes for
 * a state of one word, 18 for two), and the table doubles past a load of
 * 3/4: about 13 to 27 bytes a state of one word. Memory comes from a
 * pb_meter.
 *
 * The functions that probe take the key's word count as a constant
 * argument (equal to the table's own), so that a search instantiated for
 * one kernel compiles them for its width alone. */
#ifndef PB_TABLE_H
#define PB_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../puzzles/state.h"
#include "meter.h"

typedef struct pb_table {
	uint64_t *keys;   /* WORDS a slot; a zero low word: empty */
	uint16_t *values;
	size_t mask;      /* slots - 1 (a power of two) */
	size_t count;
	int shift;        /* 64 - log2(slots) */
	int words;        /* of a key */
	int hold;         /* nonzero: fill to 15/16 before doubling, for a
			   * search with no time left for a rehash */
	pb_meter *meter;
} pb_table;

/* An empty table for keys of WORDS (1 or 2) words, sized for about
 * EXPECTED keys. Returns 0, or -1 when the meter refused the memory (see
 * meter->refused). */
int pb_table_init(pb_table *t, pb_meter *meter, size_t expected, int words);

void pb_table_release(pb_table *t);

/* Bytes the table holds now. */
size_t pb_table_bytes(const pb_table *t);

/* Double the slots. Returns 0 or -1 (refused; the table is unchanged). */
int pb_table_grow(pb_table *t);

static inline size_t pb_table_slot(const pb_table *t, pb_cells key, const int words)
{
	return (size_t)((pb_cells_fold(key, words) * 0x9E3779B97F4A7C15ULL) >> t->shift);
}

/* Whether slot I holds a key, and the key. */
static inline bool pb_table_used(const pb_table *t, size_t i)
{
	return t->keys[i * (size_t)t->words] != 0;
}

static inline pb_cells pb_table_key(const pb_table *t, size_t i, const int words)
{
	return pb_cells_load(&t->keys[i * (size_t)words], words);
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
	return (uint64_t)(t->mask + 1) * PB_TABLE_GROW_NS_PER_SLOT * (uint64_t)t->words;
}

/* Whether slot I holds KEY. */
static inline bool pb_table_holds(const pb_table *t, size_t i, pb_cells key, const int words)
{
	const uint64_t *k = &t->keys[i * (size_t)words];

	return k[0] == (uint64_t)key && (words == 1 || k[1] == (uint64_t)(key >> 64));
}

/* The value stored for KEY, or NULL. */
static inline uint16_t *pb_table_find(const pb_table *t, pb_cells key, const int words)
{
	for (size_t i = pb_table_slot(t, key, words);; i = (i + 1) & t->mask) {
		if (pb_table_holds(t, i, key, words))
			return &t->values[i];
		if (!t->keys[i * (size_t)words])
			return NULL;
	}
}

/* Put KEY with VALUE unless present. Returns 1 when inserted, 0 when KEY
 * was there (*VALUE_AT then points to its value; on insertion too), -1 when
 * growing was refused. */
static inline int pb_table_insert(pb_table *t, pb_cells key, uint16_t value, uint16_t **value_at,
				  const int words)
{
	size_t i;

	if (pb_table_will_grow(t, 1) && pb_table_grow(t))
		return -1;
	for (i = pb_table_slot(t, key, words); t->keys[i * (size_t)words]; i = (i + 1) & t->mask) {
		if (pb_table_holds(t, i, key, words)) {
			if (value_at)
				*value_at = &t->values[i];
			return 0;
		}
	}
	pb_cells_store(&t->keys[i * (size_t)words], key, words);
	t->values[i] = value;
	t->count++;
	if (value_at)
		*value_at = &t->values[i];
	return 1;
}

#endif
