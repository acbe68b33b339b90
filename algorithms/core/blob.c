#include "blob.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Odd multipliers with well-spread bits: the golden ratio's and
 * MurmurHash3's finaliser's. */
#define MULT_A 0x9E3779B97F4A7C15ULL
#define MULT_B 0xFF51AFD7ED558CCDULL

static uint64_t fold(uint64_t h, uint64_t w)
{
	h = (h ^ w) * MULT_A;
	return h ^ (h >> 29);
}

void pb_checksum_begin(pb_checksum_state *c)
{
	for (int l = 0; l < PB_CHECKSUM_LANES; l++)
		c->lanes[l] = MULT_B * (uint64_t)(l + 1);
	c->len = 0;
	c->tail_len = 0;
}

/* Fold the block at P (PB_CHECKSUM_LANES words) into C's lanes. */
static void fold_block(pb_checksum_state *c, const unsigned char *p)
{
	uint64_t w[PB_CHECKSUM_LANES];

	memcpy(w, p, sizeof(w));
	for (int l = 0; l < PB_CHECKSUM_LANES; l++)
		c->lanes[l] = fold(c->lanes[l], w[l]);
}

void pb_checksum_add(pb_checksum_state *c, const void *data, size_t len)
{
	const unsigned char *p = data;
	const size_t block = sizeof(c->lanes);

	c->len += len;
	while (len) {
		if (c->tail_len || len < block) {
			/* a block begun, or the start of one: through the tail */
			size_t k = block - c->tail_len < len ? block - c->tail_len : len;

			memcpy(c->tail + c->tail_len, p, k);
			c->tail_len += k;
			p += k;
			len -= k;
			if (c->tail_len == block) {
				fold_block(c, c->tail);
				c->tail_len = 0;
			}
			continue;
		}
		fold_block(c, p);
		p += block;
		len -= block;
	}
}

uint64_t pb_checksum_end(const pb_checksum_state *c)
{
	uint64_t h = (uint64_t)c->len * MULT_B;

	for (size_t at = 0; at < c->tail_len; at++)
		h = fold(h, c->tail[at]);
	for (int l = 0; l < PB_CHECKSUM_LANES; l++)
		h = fold(h, c->lanes[l]);
	return h;
}

uint64_t pb_checksum(const void *data, size_t len)
{
	pb_checksum_state c;

	pb_checksum_begin(&c);
	pb_checksum_add(&c, data, len);
	return pb_checksum_end(&c);
}

/* Move LEN bytes between FD and BUF by READING or writing, as many calls
 * as it takes. */
static int transfer(int fd, void *buf, size_t len, int reading)
{
	char *at = buf;

	while (len) {
		ssize_t k = reading ? read(fd, at, len) : write(fd, at, len);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (!k)
				errno = EIO;
			return -1;
		}
		at += k;
		len -= (size_t)k;
	}
	return 0;
}

/* The directories above the file PATH, as mkdir -p makes them. */
static int make_dirs_above(const char *path)
{
	char dir[PATH_MAX];
	size_t len = strlen(path);

	if (len >= sizeof(dir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(dir, path, len + 1);
	for (char *slash = strchr(dir + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(dir, 0777) && errno != EEXIST)
			return -1;
		*slash = '/';
	}
	return 0;
}

int pb_blob_save(const char *path, const void *head, size_t head_len, const void *body,
		 size_t body_len)
{
	char tmp[PATH_MAX];
	int fd, failed, saved;

	if (make_dirs_above(path))
		return -1;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0)
		return -1;
	failed = transfer(fd, (void *)head, head_len, 0) || transfer(fd, (void *)body, body_len, 0);
	saved = errno;
	if (close(fd) && !failed) {
		failed = 1;
		saved = errno;
	}
	if (!failed && rename(tmp, path)) {
		failed = 1;
		saved = errno;
	}
	if (failed) {
		unlink(tmp);
		errno = saved;
		return -1;
	}
	return 0;
}

int pb_blob_begin(pb_blob_writer *w, const char *path, size_t head_len)
{
	static const char zeros[256];
	size_t left = head_len;

	memset(w, 0, sizeof(*w));
	w->fd = -1;
	if (snprintf(w->path, sizeof(w->path), "%s", path) >= (int)sizeof(w->path) ||
	    snprintf(w->tmp, sizeof(w->tmp), "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof(w->tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (make_dirs_above(path))
		return -1;
	w->fd = open(w->tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (w->fd < 0)
		return -1;
	/* the head's place, written at the end */
	while (left) {
		size_t k = left < sizeof(zeros) ? left : sizeof(zeros);

		if (transfer(w->fd, (void *)zeros, k, 0)) {
			pb_blob_abort(w);
			return -1;
		}
		left -= k;
	}
	return 0;
}

int pb_blob_write(pb_blob_writer *w, const void *body, size_t len)
{
	if (transfer(w->fd, (void *)body, len, 0)) {
		pb_blob_abort(w);
		return -1;
	}
	return 0;
}

int pb_blob_finish(pb_blob_writer *w, const void *head, size_t head_len)
{
	int saved;

	if (lseek(w->fd, 0, SEEK_SET) || transfer(w->fd, (void *)head, head_len, 0))
		goto failed;
	if (close(w->fd)) {
		w->fd = -1;
		goto failed;
	}
	w->fd = -1;
	if (rename(w->tmp, w->path))
		goto failed;
	return 0;
failed:
	saved = errno;
	pb_blob_abort(w);
	errno = saved;
	return -1;
}

void pb_blob_abort(pb_blob_writer *w)
{
	int saved = errno;

	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	unlink(w->tmp);
	errno = saved;
}

pb_blob_result pb_blob_load(const char *path, void *head, size_t head_len, void *body,
			    size_t body_len)
{
	struct stat st;
	int fd = open(path, O_RDONLY);
	pb_blob_result r = PB_BLOB_WRONG;

	if (fd < 0)
		return errno == ENOENT ? PB_BLOB_MISSING : PB_BLOB_WRONG;
	if (!fstat(fd, &st) && (uint64_t)st.st_size == (uint64_t)head_len + body_len &&
	    !transfer(fd, head, head_len, 1) && !transfer(fd, body, body_len, 1))
		r = PB_BLOB_READ;
	close(fd);
	return r;
}

void pb_want_huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t from = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t to = ((uintptr_t)p + bytes) & ~(page - 1);

	if (to > from)
		madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)p, (void)bytes;
#endif
}
