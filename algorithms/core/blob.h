/* Checked files and big blocks: what a table cached on disk needs (the
 * two-bit tables of twobit.h). A checked file is a fixed header the caller
 * defines, then a body, written whole or not at all (a temporary file in
 * the same directory renamed into place), read back only when its size is
 * exactly the one expected; the caller keeps a checksum of the body in
 * its header (pb_checksum). */
#ifndef PB_BLOB_H
#define PB_BLOB_H

#include <stddef.h>
#include <stdint.h>

/* A 64-bit checksum of DATA[0..len): four lanes of 64-bit words, so that
 * it runs at memory speed, each mixed by a multiply and a shift. */
uint64_t pb_checksum(const void *data, size_t len);

/* The same checksum over data that comes in pieces: begin, add each piece
 * in order, end (the same value as pb_checksum of the pieces joined). */
#define PB_CHECKSUM_LANES 4
typedef struct pb_checksum_state {
	uint64_t lanes[PB_CHECKSUM_LANES];
	uint64_t len;
	unsigned char tail[PB_CHECKSUM_LANES * 8]; /* a block begun */
	size_t tail_len;
} pb_checksum_state;
void pb_checksum_begin(pb_checksum_state *c);
void pb_checksum_add(pb_checksum_state *c, const void *data, size_t len);
uint64_t pb_checksum_end(const pb_checksum_state *c);

/* Write HEAD[0..head_len) then BODY[0..body_len) to PATH, creating the
 * directories above it. Returns 0, or -1 with errno set (nothing is left
 * at PATH or beside it). */
int pb_blob_save(const char *path, const void *head, size_t head_len, const void *body,
		 size_t body_len);

/* A checked file written in pieces (a table spread over MPI ranks):
 * begin (room for a head of HEAD_LEN), write the body's pieces in order,
 * then finish with the head, or abort. As pb_blob_save, the file is whole
 * at PATH or not there; each call returns 0, or -1 with errno set (the
 * writer then aborted). */
typedef struct pb_blob_writer {
	int fd;
	char path[4096], tmp[4096];
} pb_blob_writer;
int pb_blob_begin(pb_blob_writer *w, const char *path, size_t head_len);
int pb_blob_write(pb_blob_writer *w, const void *body, size_t len);
int pb_blob_finish(pb_blob_writer *w, const void *head, size_t head_len);
void pb_blob_abort(pb_blob_writer *w);

typedef enum pb_blob_result {
	PB_BLOB_READ,    /* head and body are filled */
	PB_BLOB_MISSING, /* no such file */
	PB_BLOB_WRONG    /* a file, but not of the size expected, or unreadable */
} pb_blob_result;

/* Read PATH, which must be HEAD_LEN + BODY_LEN bytes, into HEAD and BODY. */
pb_blob_result pb_blob_load(const char *path, void *head, size_t head_len, void *body,
			    size_t body_len);

/* Ask the system for huge pages under the block P of BYTES (a table read
 * at random: fewer misses of the address cache). A hint: nothing when the
 * system has none. */
void pb_want_huge_pages(void *p, size_t bytes);

#endif
