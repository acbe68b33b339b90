/* Checked files (algorithms/core/blob.h): the checksum over pieces is the
 * checksum of the whole, and both are the one-pass definition written
 * here (the cache files of the two-bit tables keep it); a file written in
 * pieces is byte for byte the one pb_blob_save writes, and an aborted one
 * leaves nothing. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "algorithms/core/blob.h"
#include "tests/support/support.h"

#define BYTES 1000

static uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
	return h ^ (h >> 29);
}

/* The checksum as blob.h defines it, in one pass: four lanes over the
 * whole blocks of 32 bytes (word l of each block to lane l), the bytes
 * after them one by one, then the lanes. */
static uint64_t one_pass(const unsigned char *p, size_t len)
{
	uint64_t lanes[4], h = (uint64_t)len * 0xFF51AFD7ED558CCDULL;
	size_t at = 0;

	for (int l = 0; l < 4; l++)
		lanes[l] = 0xFF51AFD7ED558CCDULL * (uint64_t)(l + 1);
	for (; at + 32 <= len; at += 32)
		for (int l = 0; l < 4; l++) {
			uint64_t w;

			memcpy(&w, p + at + 8 * l, 8);
			lanes[l] = mix(lanes[l], w);
		}
	for (; at < len; at++)
		h = mix(h, p[at]);
	for (int l = 0; l < 4; l++)
		h = mix(h, lanes[l]);
	return h;
}

static void fill(unsigned char *p, size_t len, uint64_t seed)
{
	for (size_t i = 0; i < len; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		p[i] = (unsigned char)(seed >> 56);
	}
}

Test(blob, the_checksum_over_pieces_is_that_of_the_whole)
{
	unsigned char data[BYTES];
	uint64_t seed = 7;

	fill(data, sizeof(data), 1);
	for (size_t len = 0; len <= BYTES; len += len < 70 ? 1 : 37) {
		uint64_t whole = pb_checksum(data, len);

		cr_assert_eq(whole, one_pass(data, len), "%zu bytes", len);
		for (int trial = 0; trial < 20; trial++) {
			pb_checksum_state c;
			size_t at = 0;

			pb_checksum_begin(&c);
			while (at < len) {
				size_t k;

				seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
				/* pieces of 0 to 80 bytes: inside a block, across some */
				k = (size_t)(seed >> 33) % 81;
				if (k > len - at)
					k = len - at;
				pb_checksum_add(&c, data + at, k);
				at += k;
			}
			cr_assert_eq(pb_checksum_end(&c), whole, "%zu bytes, trial %d", len, trial);
		}
	}
}

Test(blob, a_file_written_in_pieces_is_the_one_saved_whole)
{
	char *dir = ht_tempdir(), whole[512], pieces[512], aborted[512];
	unsigned char head[40], body[BYTES];
	pb_blob_writer w;
	char *a, *b;
	struct stat st;

	cr_assert_not_null(dir);
	fill(head, sizeof(head), 2);
	fill(body, sizeof(body), 3);
	snprintf(whole, sizeof(whole), "%s/whole.bin", dir);
	snprintf(pieces, sizeof(pieces), "%s/sub/pieces.bin", dir);
	snprintf(aborted, sizeof(aborted), "%s/aborted.bin", dir);
	cr_assert_eq(pb_blob_save(whole, head, sizeof(head), body, sizeof(body)), 0);
	cr_assert_eq(pb_blob_begin(&w, pieces, sizeof(head)), 0);
	for (size_t at = 0; at < sizeof(body); at += 300)
		cr_assert_eq(pb_blob_write(&w, body + at,
					   sizeof(body) - at < 300 ? sizeof(body) - at : 300), 0);
	cr_assert_eq(stat(pieces, &st), -1, "the file is there before it is finished");
	cr_assert_eq(pb_blob_finish(&w, head, sizeof(head)), 0);
	a = ht_read(whole);
	b = ht_read(pieces);
	cr_assert(a && b);
	cr_assert_eq(stat(pieces, &st), 0);
	cr_assert_eq((size_t)st.st_size, sizeof(head) + sizeof(body));
	cr_assert_eq(memcmp(a, b, sizeof(head) + sizeof(body)), 0, "the files differ");
	free(a);
	free(b);
	cr_assert_eq(pb_blob_begin(&w, aborted, sizeof(head)), 0);
	cr_assert_eq(pb_blob_write(&w, body, 100), 0);
	pb_blob_abort(&w);
	cr_assert_eq(stat(aborted, &st), -1, "an aborted file is there");
	cr_assert_eq(stat(w.tmp, &st), -1, "an aborted file's temporary is there");
	ht_remove(dir);
}
