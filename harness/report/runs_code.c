/* The code of a track's solve rows (runs.h): a row of another instance
 * than the one before starts a segment and has every field, a repeat only
 * its status, its wall time and the fields that differ from the row
 * before, each a variable-length integer; coded as rows are kept
 * (runs_code_row), read back by a cursor. */
#include <stdbool.h>
#include <string.h>

#include "harness/report/runs_int.h"

/* A track's code grows by doubling up to this, then by an eighth. */
#define CODE_DOUBLING_MAX ((size_t)1 << 20)
#define CODE_FIRST_ROOM 256

/* A row's first byte: its status, whether it starts a segment, and which
 * fields follow (a segment's first row has them all); its wall time
 * always follows, last. */
enum {
	TAG_STATUS = 0x0f,
	TAG_SEGMENT = 0x10, /* then the instance, less the segment before's (zigzag) */
	TAG_LENGTH = 0x20,  /* then the length + 1 */
	TAG_COUNTS = 0x40,  /* then expanded and generated */
	TAG_PEAK = 0x80,    /* then peak bytes */
};
_Static_assert(RUN_STATUS_COUNT <= TAG_STATUS + 1, "a status fits in a tag");
/* A tag and six integers of at most ten bytes each. */
#define MAX_ROW_BYTES 61

static uint8_t *put_varint(uint8_t *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	*p++ = (uint8_t)v;
	return p;
}

static const uint8_t *get_varint(const uint8_t *p, uint64_t *v)
{
	uint64_t x = 0;
	unsigned shift = 0;
	uint8_t b;

	do {
		b = *p++;
		x |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	*v = x;
	return p;
}

static uint64_t zigzag(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static int64_t unzigzag(uint64_t v)
{
	return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

/* Room for NEED more bytes of code (32-bit offsets: 4 GiB a track). */
static int code_room(report_track *t, size_t need)
{
	uint8_t *code = runs_room(t->code, &t->room, t->len + need, CODE_FIRST_ROOM,
				  CODE_DOUBLING_MAX);

	if (!code)
		return -1;
	t->code = code;
	return 0;
}

/* Code solve row V of INSTANCE at the end of T's rows. */
int runs_code_row(report_track *t, uint32_t instance, const report_row *v)
{
	uint8_t buf[MAX_ROW_BYTES], *p = buf + 1;
	const report_row *last = &t->last;
	bool segment = !t->rows || instance != last->instance;
	uint8_t tag = v->status;

	if (segment) {
		tag |= TAG_SEGMENT;
		p = put_varint(p, zigzag((int64_t)instance - (int64_t)last->instance));
	}
	if (segment || v->length != last->length) {
		tag |= TAG_LENGTH;
		p = put_varint(p, (uint64_t)(v->length + 1));
	}
	if (segment || v->expanded != last->expanded || v->generated != last->generated) {
		tag |= TAG_COUNTS;
		p = put_varint(p, v->expanded);
		p = put_varint(p, v->generated);
	}
	if (segment || v->peak_bytes != last->peak_bytes) {
		tag |= TAG_PEAK;
		p = put_varint(p, v->peak_bytes);
	}
	p = put_varint(p, v->wall_ns);
	buf[0] = tag;
	if (code_room(t, (size_t)(p - buf)))
		return -1;
	memcpy(t->code + t->len, buf, (size_t)(p - buf));
	t->len += (size_t)(p - buf);
	t->rows++;
	t->segments += segment;
	t->last = *v;
	t->last.instance = instance;
	return 0;
}

void report_cursor_init(report_cursor *c, const report_track *t, size_t offset,
			uint32_t instance)
{
	memset(c, 0, sizeof(*c));
	c->base = t->code;
	c->p = t->code + offset;
	c->end = t->code + t->len;
	c->row.instance = offset ? instance : 0;
	c->pinned = offset != 0;
}

bool report_cursor_next(report_cursor *c)
{
	report_coded *row = &c->row;
	uint64_t v;
	uint8_t tag;

	if (c->p >= c->end)
		return false;
	c->offset = (size_t)(c->p - c->base);
	tag = *c->p++;
	c->segment_start = tag & TAG_SEGMENT;
	if (tag & TAG_SEGMENT) {
		c->p = get_varint(c->p, &v);
		if (!c->pinned)
			row->instance = (uint32_t)((int64_t)row->instance + unzigzag(v));
		c->pinned = false;
	}
	if (tag & TAG_LENGTH) {
		c->p = get_varint(c->p, &v);
		row->length = (int16_t)((int64_t)v - 1);
	}
	if (tag & TAG_COUNTS) {
		c->p = get_varint(c->p, &row->expanded);
		c->p = get_varint(c->p, &row->generated);
	}
	if (tag & TAG_PEAK)
		c->p = get_varint(c->p, &row->peak_bytes);
	c->p = get_varint(c->p, &row->wall_ns);
	row->status = tag & TAG_STATUS;
	return true;
}
