/* FNV-1a, 64 bits (G. Fowler, L. C. Noll and K.-P. Vo; offset basis and
 * prime as published): the hash of the harness's tables of names and ids,
 * and of a shard's identity. */
#ifndef FNV_H
#define FNV_H

#include <stddef.h>
#include <stdint.h>

#define FNV_OFFSET_BASIS 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

/* H, a hash so far (FNV_OFFSET_BASIS to begin with), extended by the N
 * bytes at DATA. */
static inline uint64_t fnv_bytes(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * FNV_PRIME;
	return h;
}

/* The hash of the characters of S (not its terminating NUL). */
static inline uint64_t fnv_text(const char *s)
{
	uint64_t h = FNV_OFFSET_BASIS;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * FNV_PRIME;
	return h;
}

#endif
