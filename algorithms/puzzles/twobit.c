#include "twobit.h"

#include <errno.h>
#include <stddef.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../core/blob.h"
#include "../heuristics/pdb.h"

/* A 1 in the low bit of each of a word's 32 codes. */
#define LOW_BITS 0x5555555555555555ULL
#define CODES_PER_WORD 32
/* Groups a worker takes at a time (a multiple of 64, so that no two
 * workers clear the same word of a frontier's bits): few enough that the
 * last chunks of a layer spread over the threads, enough that taking one
 * is rare. */
#define CHUNK_GROUPS 4096

typedef struct builder {
	pb_twobit *t;
	const pb_domain *d;
	unsigned now, next; /* the layer's residue and the next one's */
	bool pull;
	uint64_t size;      /* states a group */
	uint64_t groups;
	uint64_t size_inverse; /* ceil(2^64 / size): a group's number by a multiply */
	/* The frontiers, a bit a group: the groups holding a state of the
	 * layer (read), and of the next (set as they are found). */
	const uint64_t *frontier;
	uint64_t *next_frontier;
	uint64_t next_chunk; /* atomic */
	int stopped;         /* atomic: a worker hit a limit */
} builder;

typedef struct worker {
	builder *b;
	pb_search poll; /* a copy of the caller's limits */
	pb_status status;
	uint64_t fresh, fresh_groups, expanded, generated;
	/* Tiles: the group entered last, its tiles in order (labels 1..n-1,
	 * a nibble each; the arrangement of even rank) and their parity. */
	uint64_t group, tiles;
	unsigned parity;
} worker;

/* Bits 2j of the result: code j of X is C. */
static inline uint64_t codes_equal(uint64_t x, unsigned c)
{
	uint64_t y = x ^ (LOW_BITS * c);

	return ~(y | y >> 1) & LOW_BITS;
}

static inline unsigned code_at(const uint64_t *codes, uint64_t i)
{
	return (unsigned)(__atomic_load_n(&codes[i / CODES_PER_WORD], __ATOMIC_RELAXED) >>
			  (2 * (i % CODES_PER_WORD))) & 3u;
}

/* Whether the kernel's index has the tiles' groups: the index is the
 * tiles' rank (halved) times the cells plus the blank's cell (see
 * pb_kernel_index), so the d->cells states of a group share their tiles
 * (but for the parity: the last two swapped), and a sideways move stays in
 * the group. Elsewhere a group is a word of codes. */
PB_INLINE bool grouped(const pb_kernel k)
{
	return pb_kernel_slides(k) && pb_kernel_words(k) == 1;
}

/* The group of index I. */
static inline uint64_t group_of(const builder *b, uint64_t i)
{
	return (uint64_t)(((unsigned __int128)i * b->size_inverse) >> 64);
}

/* The codes of the states I..I+N-1 (N <= 32), the first lowest. */
static inline uint64_t codes_from(const uint64_t *codes, uint64_t i, uint64_t n)
{
	uint64_t w = i / CODES_PER_WORD, at = 2 * (i % CODES_PER_WORD);
	uint64_t x = __atomic_load_n(&codes[w], __ATOMIC_RELAXED) >> at;

	if (at + 2 * n > 64)
		x |= __atomic_load_n(&codes[w + 1], __ATOMIC_RELAXED) << (64 - at);
	return 2 * n < 64 ? x & ((1ULL << (2 * n)) - 1) : x;
}

/* Clear, in the codes of states I..I+N-1, the bits set in MASK (laid out
 * as codes_from gives them). */
static inline void codes_clear(uint64_t *codes, uint64_t i, uint64_t n, uint64_t mask)
{
	uint64_t w = i / CODES_PER_WORD, at = 2 * (i % CODES_PER_WORD);

	__atomic_fetch_and(&codes[w], ~(mask << at), __ATOMIC_RELAXED);
	if (at + 2 * n > 64)
		__atomic_fetch_and(&codes[w + 1], ~(mask >> (64 - at)), __ATOMIC_RELAXED);
}

/* T (N tiles) with the last two swapped: the other parity. */
static inline uint64_t swap_last_two(uint64_t t, int n)
{
	unsigned s = 4 * (unsigned)(n - 2);
	uint64_t two = (t >> s) & 0xff;

	return (t & ~(0xffULL << s)) | ((two & 15u) << (s + 4)) | (two >> 4) << s;
}

/* The next arrangement of the N tiles of T in lexicographic order (there
 * is one), and whether its parity differs from T's (a swap, then a
 * reversal of the tail: a transposition for each pair it exchanges). */
static inline uint64_t next_tiles(uint64_t t, int n, unsigned *flip)
{
	int i = n - 2, j = n - 1;

	while (pb_nibble(t, i) > pb_nibble(t, i + 1))
		i--;
	while (pb_nibble(t, j) < pb_nibble(t, i))
		j--;
	t ^= (uint64_t)(pb_nibble(t, i) ^ pb_nibble(t, j)) * ((1ULL << (4 * i)) | (1ULL << (4 * j)));
	*flip = 1u ^ (unsigned)((n - 1 - i) / 2 & 1);
	for (int a = i + 1, b = n - 1; a < b; a++, b--)
		t ^= (uint64_t)(pb_nibble(t, a) ^ pb_nibble(t, b)) * ((1ULL << (4 * a)) | (1ULL << (4 * b)));
	return t;
}

/* Groups ahead of the last one that stepping reaches sooner than an
 * unindex. */
#define STEPS_MAX 4

/* Tiles: the tiles of group G into W: the arrangement of even rank 2G,
 * by stepping from the last group's where it is a few behind, else from
 * G's first state. */
PB_INLINE void enter_group(const pb_kernel k, worker *w, uint64_t g)
{
	const pb_domain *d = w->b->d;
	const int n = d->cells - 1;
	pb_state x;

	if (!grouped(k))
		return;
	if (g > w->group && g - w->group <= STEPS_MAX) {
		for (; w->group < g; w->group++) {
			unsigned flip;

			/* ranks 2G + 1 and 2G + 2 */
			w->tiles = next_tiles(w->tiles, n, &flip);
			w->parity ^= flip;
			w->tiles = next_tiles(w->tiles, n, &flip);
			w->parity ^= flip;
		}
		return;
	}
	pb_unindex(d, g * (uint64_t)d->cells, &x);
	w->group = g;
	w->tiles = pb_tiles_only(d, (uint64_t)x.cells, 0) + d->tile_ones;
	w->parity = pb_tiles_parity_needed(d, 0);
	if (pb_nibble(w->tiles, n - 2) > pb_nibble(w->tiles, n - 1)) {
		/* the odd rank 2G + 1: the last two swapped */
		w->tiles = swap_last_two(w->tiles, n);
		w->parity ^= 1u;
	}
}

/* The state of index I, the J-th of group G, into *X: tiles from the
 * group's, with the blank at J. */
PB_INLINE void state_of(const pb_kernel k, worker *w, uint64_t i, int j, pb_state *x)
{
	const pb_domain *d = w->b->d;
	uint64_t tiles = w->tiles;

	if (!grouped(k)) {
		pb_unindex(d, i, x);
		return;
	}
	if (pb_tiles_parity_needed(d, j) != w->parity)
		tiles = swap_last_two(tiles, d->cells - 1);
	x->cells = (tiles & ((1ULL << (4 * j)) - 1)) |
		   (j + 1 < PB_RANK_MAX ? (tiles >> (4 * j)) << (4 * (j + 1)) : 0);
	x->cls = j;
}

/* The index of state Y of class TO, a move from the state of index I and
 * class FROM. */
PB_INLINE uint64_t index_near(const pb_kernel k, const pb_domain *d, pb_cells y, int to,
			      uint64_t i, int from)
{
	if (grouped(k) && to / d->width == from / d->width)
		return i - (uint64_t)from + (uint64_t)to;
	return pb_kernel_index(k, d, y, to);
}

/* Put the group of index I in the next frontier. */
static inline void mark_group(worker *w, uint64_t i)
{
	builder *b = w->b;
	uint64_t g = group_of(b, i), bit = 1ULL << (g % 64), *word = &b->next_frontier[g / 64];

	if (__atomic_load_n(word, __ATOMIC_RELAXED) & bit)
		return;
	if (!(__atomic_fetch_or(word, bit, __ATOMIC_RELAXED) & bit))
		w->fresh_groups++;
}

/* Push: mark the unseen predecessors of X, of index I and of the layer,
 * with the next residue. */
PB_INLINE void push_state(const pb_kernel k, worker *w, const pb_state *x, uint64_t i)
{
	const builder *b = w->b;
	const pb_domain *d = b->d;
	uint64_t *codes = b->t->codes;
	/* the and that turns an unseen code (all ones) into the next one */
	const uint64_t clear = PB_TWOBIT_UNSEEN ^ b->next;

	w->expanded++;
	for (int m = 0; m < pb_kernel_nmoves(k, d); m++) {
		int from = d->prev_class[x->cls][m];
		uint64_t iy, *word;
		unsigned shift;

		if (from < 0)
			continue;
		w->generated++;
		iy = index_near(k, d, pb_kernel_unmove(k, d, x->cells, x->cls, m), from, i, x->cls);
		word = &codes[iy / CODES_PER_WORD];
		shift = 2 * (unsigned)(iy % CODES_PER_WORD);
		if (((__atomic_load_n(word, __ATOMIC_RELAXED) >> shift) & 3u) != PB_TWOBIT_UNSEEN)
			continue;
		/* another thread may mark it at the same time, with the same code */
		if (((__atomic_fetch_and(word, ~(clear << shift), __ATOMIC_RELAXED) >> shift) & 3u) ==
		    PB_TWOBIT_UNSEEN) {
			w->fresh++;
			mark_group(w, iy);
		}
	}
}

/* Pull: whether the unseen state Y, of index I, has a successor on the
 * layer. The sideways moves first: they need no rank. */
PB_INLINE bool pull_state(const pb_kernel k, worker *w, const pb_state *y, uint64_t i)
{
	const builder *b = w->b;
	const pb_domain *d = b->d;

	w->expanded++;
	for (int pass = grouped(k) ? 0 : 1; pass < 2; pass++) {
		for (int m = 0; m < pb_kernel_nmoves(k, d); m++) {
			int to = d->next_class[y->cls][m];
			uint64_t ix;

			if (to < 0 || (grouped(k) && (to / d->width == y->cls / d->width) != !pass))
				continue;
			w->generated++;
			ix = index_near(k, d, pb_kernel_move_to(k, d, y->cells, y->cls, m, to), to, i,
					y->cls);
			if (code_at(b->t->codes, ix) == b->now)
				return true;
		}
	}
	return false;
}

/* The states of group G that the layer touches: pushed or pulled. Returns
 * false when the worker's limits say stop. */
PB_INLINE bool layer_group(const pb_kernel k, worker *w, uint64_t g)
{
	builder *b = w->b;
	uint64_t first = g * b->size, n = b->t->states - first < b->size ? b->t->states - first : b->size;
	uint64_t x, hits, found = 0;

	if (!b->pull && !(b->frontier[g / 64] >> (g % 64) & 1u))
		return true;
	x = codes_from(b->t->codes, first, n);
	hits = codes_equal(x, b->pull ? PB_TWOBIT_UNSEEN : b->now);
	if (2 * n < 64)
		hits &= (1ULL << (2 * n)) - 1;
	if (!hits)
		return true;
	enter_group(k, w, g);
	for (uint64_t left = hits; left; left &= left - 1) {
		int at = __builtin_ctzll(left), j = at / 2;
		uint64_t i = first + (uint64_t)j;
		pb_state s;

		if ((w->status = pb_search_poll(&w->poll)) != PB_SOLVED)
			return false;
		state_of(k, w, i, j, &s);
		if (!b->pull)
			push_state(k, w, &s, i);
		else if (pull_state(k, w, &s, i))
			found |= 1ULL << at;
	}
	if (found) {
		codes_clear(b->t->codes, first, n, found * (PB_TWOBIT_UNSEEN ^ b->next));
		w->fresh += (uint64_t)__builtin_popcountll(found);
		mark_group(w, first);
	}
	return true;
}

PB_INLINE void work_with(const pb_kernel k, worker *w)
{
	builder *b = w->b;

	while (!__atomic_load_n(&b->stopped, __ATOMIC_RELAXED)) {
		uint64_t first = __atomic_fetch_add(&b->next_chunk, 1, __ATOMIC_RELAXED) * CHUNK_GROUPS;
		uint64_t end = first + CHUNK_GROUPS < b->groups ? first + CHUNK_GROUPS : b->groups;

		if (first >= b->groups)
			return;
		for (uint64_t g = first; g < end; g++) {
			if (!layer_group(k, w, g)) {
				__atomic_store_n(&b->stopped, 1, __ATOMIC_RELAXED);
				return;
			}
		}
	}
}

static void *work(void *arg)
{
	worker *w = arg;

#define WORK(K, T) case K: work_with(K, w); break;
	switch (w->b->d->kernel) { PB_KERNELS(WORK) }
#undef WORK
	return NULL;
}

/* One layer with NTHREADS workers (this thread one of them): how many
 * states it reached into *FRESH, in how many groups into *GROUPS. */
static pb_status run_layer(builder *b, pb_search *s, int nthreads, uint64_t *fresh,
			   uint64_t *groups)
{
	pthread_t threads[PB_TWOBIT_MAX_THREADS];
	bool started[PB_TWOBIT_MAX_THREADS] = { false };
	worker workers[PB_TWOBIT_MAX_THREADS];
	pb_status st = PB_SOLVED;

	b->next_chunk = 0;
	b->stopped = 0;
	for (int i = 0; i < nthreads; i++) {
		workers[i] = (worker){ .b = b, .poll = *s, .status = PB_SOLVED, .group = UINT64_MAX };
		if (i)
			started[i] = !pthread_create(&threads[i], NULL, work, &workers[i]);
	}
	/* a worker that could not start leaves its chunks to the others */
	work(&workers[0]);
	*fresh = *groups = 0;
	for (int i = 0; i < nthreads; i++) {
		worker *w = &workers[i];

		if (i && started[i])
			pthread_join(threads[i], NULL);
		*fresh += w->fresh;
		*groups += w->fresh_groups;
		s->expanded += w->expanded;
		s->generated += w->generated;
		if (w->status != PB_SOLVED)
			st = w->status;
	}
	return st;
}

static int default_threads(int threads)
{
	long n = threads > 0 ? threads : sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		n = 1;
	return n > PB_TWOBIT_MAX_THREADS ? PB_TWOBIT_MAX_THREADS : (int)n;
}

/* Whether the layer at DEPTH costs less pulled than pushed: a push
 * expands the states of the layer's residue in the layer's GROUPS
 * (taken as a third of each group: the residues come round in turn), a
 * pull checks every unseen state. */
static bool pull_cheaper(const pb_twobit *t, const builder *b, uint64_t groups)
{
	return t->states - t->reached < groups * b->size / 3;
}

uint64_t pb_twobit_bytes(const pb_domain *d)
{
	return (d->index_count + CODES_PER_WORD - 1) / CODES_PER_WORD * sizeof(uint64_t);
}

/* Bytes of one frontier: a bit a group, in whole chunks. */
static uint64_t frontier_bytes(const builder *b)
{
	return (b->groups + CHUNK_GROUPS - 1) / CHUNK_GROUPS * CHUNK_GROUPS / 8;
}

static pb_status search(pb_twobit *t, builder *b, pb_search *s, int nthreads)
{
	uint64_t *frontiers[2], groups = 1, goal = pb_index(t->d, &t->d->goal);
	int depth;

	frontiers[0] = pb_calloc(&s->meter, 1, frontier_bytes(b));
	frontiers[1] = pb_calloc(&s->meter, 1, frontier_bytes(b));
	if (!frontiers[0] || !frontiers[1]) {
		pb_free(frontiers[0]);
		pb_free(frontiers[1]);
		return pb_search_alloc_failed(s);
	}
	frontiers[0][group_of(b, goal) / 64] |= 1ULL << (group_of(b, goal) % 64);
	for (depth = 0;; depth++) {
		uint64_t fresh;
		pb_status st;

		b->now = (unsigned)depth % 3;
		b->next = (unsigned)(depth + 1) % 3;
		b->pull = pull_cheaper(t, b, groups);
		b->frontier = frontiers[depth % 2];
		b->next_frontier = frontiers[(depth + 1) % 2];
		memset(b->next_frontier, 0, frontier_bytes(b));
		st = run_layer(b, s, nthreads, &fresh, &groups);
		if (st == PB_SOLVED && fresh && depth + 1 > PB_TWOBIT_MAX_DEPTH) {
			snprintf(s->message, sizeof(s->message), "%s: distances past %d", t->d->name,
				 PB_TWOBIT_MAX_DEPTH);
			st = PB_UNSUPPORTED;
		}
		if (st != PB_SOLVED || !fresh) {
			pb_free(frontiers[0]);
			pb_free(frontiers[1]);
			t->radius = depth;
			return st;
		}
		t->counts[depth + 1] = fresh;
		t->reached += fresh;
	}
}

pb_status pb_twobit_build(pb_twobit *t, const pb_domain *d, pb_search *s, int threads)
{
	uint64_t goal;
	builder b;
	pb_status st;

	memset(t, 0, sizeof(*t));
	if (!d->index_count) {
		snprintf(s->message, sizeof(s->message), "%s has no index for a table", d->name);
		return PB_UNSUPPORTED;
	}
	t->d = d;
	t->states = d->index_count;
	t->nwords = pb_twobit_bytes(d) / sizeof(uint64_t);
	/* a word more, which codes_from may read past the last state */
	t->codes = pb_alloc(&s->meter, pb_twobit_bytes(d) + sizeof(uint64_t));
	if (!t->codes)
		return pb_search_alloc_failed(s);
	pb_want_huge_pages(t->codes, pb_twobit_bytes(d));
	memset(t->codes, 0xff, pb_twobit_bytes(d) + sizeof(uint64_t));
	goal = pb_index(d, &d->goal);
	t->codes[goal / CODES_PER_WORD] &= ~((uint64_t)PB_TWOBIT_UNSEEN << (2 * (goal % CODES_PER_WORD)));
	t->counts[0] = t->reached = 1;
	b = (builder){ .t = t, .d = d };
	PB_WITH_KERNEL(d, b.size = grouped(K) ? (uint64_t)d->cells : CODES_PER_WORD);
	b.groups = (t->states + b.size - 1) / b.size;
	b.size_inverse = UINT64_MAX / b.size + 1;
	st = search(t, &b, s, default_threads(threads));
	if (st != PB_SOLVED)
		pb_twobit_release(t);
	return st;
}

void pb_twobit_release(pb_twobit *t)
{
	pb_free(t->codes);
	t->codes = NULL;
}

/* The state a move nearer the goal than X (code C), by the least such
 * move: into *M and *Y; false where there is none. */
static bool step_down(const pb_twobit *t, const pb_state *x, unsigned c, int *m, pb_state *y,
		      uint64_t *looked)
{
	const pb_domain *d = t->d;
	unsigned want = (c + 2) % 3;

	for (int i = 0; i < d->nmoves; i++) {
		if (!pb_apply(d, x, i, y))
			continue;
		++*looked;
		if (pb_twobit_code(t, pb_index(d, y)) == want) {
			*m = i;
			return true;
		}
	}
	return false;
}

/* Where a move has no inverse (Magic Squares), a move can lead farther
 * by two (or more), which has the residue of one nearer: the walk then
 * looks for a path of exactly LEFT more moves from X (code C) on which the
 * codes go down one a move, the least first, into OUT from AT. */
static bool walk_exactly(const pb_twobit *t, const pb_state *x, unsigned c, int left,
			 pb_path *out, int at, uint64_t *looked)
{
	const pb_domain *d = t->d;
	unsigned want = (c + 2) % 3;

	if (!left)
		return pb_is_goal(d, x);
	for (int m = 0; m < d->nmoves; m++) {
		pb_state y;

		if (!pb_apply(d, x, m, &y))
			continue;
		++*looked;
		if (pb_twobit_code(t, pb_index(d, &y)) != want)
			continue;
		out->moves[at] = (uint8_t)m;
		if (walk_exactly(t, &y, want, left - 1, out, at + 1, looked))
			return true;
	}
	return false;
}

pb_status pb_twobit_walk(const pb_twobit *t, const pb_state *start, pb_path *out,
			 uint64_t *looked)
{
	const pb_domain *d = t->d;
	pb_state x = *start;
	unsigned c;

	out->length = 0;
	if (!pb_solvable(d, start) || (c = pb_twobit_code(t, pb_index(d, start))) == PB_TWOBIT_UNSEEN)
		return PB_UNSOLVABLE;
	if (!d->invertible) {
		/* the first length of the residue that a path has is the distance */
		for (int n = (int)c; n <= t->radius; n += 3) {
			if (walk_exactly(t, start, c, n, out, 0, looked)) {
				out->length = n;
				return PB_SOLVED;
			}
		}
		return PB_FAILED;
	}
	/* each move has an inverse: a neighbour of a state at distance k is at
	 * k - 1, k or k + 1, and the code one less is the one nearer */
	while (!pb_is_goal(d, &x)) {
		pb_state y;
		int m;

		/* a table built by pb_twobit_build always has a way down */
		if (out->length == PB_MAX_PATH || !step_down(t, &x, c, &m, &y, looked))
			return PB_FAILED;
		out->moves[out->length++] = (uint8_t)m;
		x = y;
		c = (c + 2) % 3;
	}
	return PB_SOLVED;
}

int pb_twobit_distance(const pb_twobit *t, const pb_state *start)
{
	pb_path p;
	uint64_t looked = 0;

	return pb_twobit_walk(t, start, &p, &looked) == PB_SOLVED ? p.length : -1;
}

/* The cache file: this header, then the codes (and the word after them). */
#define FILE_MAGIC "pb2bit\r\n" /* text-mode tell-tales */
#define FILE_VERSION 1

typedef struct file_header {
	char magic[8];
	uint64_t version;
	char domain[16];
	int64_t goal_blank;
	uint64_t states, radius, reached;
	uint64_t counts[PB_TWOBIT_MAX_DEPTH + 1];
	uint64_t checksum; /* of the codes */
} file_header;

static size_t code_bytes(const pb_domain *d)
{
	return (size_t)pb_twobit_bytes(d) + sizeof(uint64_t);
}

/* The header's fields that name the table. */
static void name_table(const pb_domain *d, file_header *h)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->magic, FILE_MAGIC, sizeof(h->magic));
	h->version = FILE_VERSION;
	snprintf(h->domain, sizeof(h->domain), "%s", d->name);
	h->goal_blank = d->goal_blank;
	h->states = d->index_count;
}

int pb_twobit_file_name(const pb_domain *d, const char *dir, char *buf, size_t len)
{
	int k = d->goal_blank >= 0 ? snprintf(buf, len, "%s/%s-b%d.2bit", dir, d->name, d->goal_blank)
				   : snprintf(buf, len, "%s/%s.2bit", dir, d->name);

	return k < 0 || (size_t)k >= len ? -1 : 0;
}

int pb_twobit_save(const pb_twobit *t, const char *path)
{
	file_header h;

	name_table(t->d, &h);
	h.radius = (uint64_t)t->radius;
	h.reached = t->reached;
	memcpy(h.counts, t->counts, sizeof(h.counts));
	h.checksum = pb_checksum(t->codes, code_bytes(t->d));
	return pb_blob_save(path, &h, sizeof(h), t->codes, code_bytes(t->d));
}

/* Whether the header GOT, read for D, is D's table: WANT's fields, a
 * radius that fits and counts that add up. */
static bool header_fits(const file_header *got, const file_header *want)
{
	uint64_t sum = 0;

	if (memcmp(got, want, offsetof(file_header, radius)) || got->radius > PB_TWOBIT_MAX_DEPTH)
		return false;
	for (uint64_t k = 0; k <= PB_TWOBIT_MAX_DEPTH; k++) {
		if (k > got->radius && got->counts[k])
			return false;
		sum += got->counts[k];
	}
	return sum == got->reached && got->reached <= got->states && got->counts[got->radius];
}

pb_twobit_load_result pb_twobit_load(pb_twobit *t, const pb_domain *d, const char *path,
				     pb_meter *m)
{
	file_header want, got;
	pb_blob_result r;

	memset(t, 0, sizeof(*t));
	name_table(d, &want);
	if (!d->index_count)
		return PB_TWOBIT_STALE;
	t->codes = pb_alloc(m, code_bytes(d));
	if (!t->codes)
		return PB_TWOBIT_NOMEM;
	pb_want_huge_pages(t->codes, code_bytes(d));
	r = pb_blob_load(path, &got, sizeof(got), t->codes, code_bytes(d));
	if (r != PB_BLOB_READ || !header_fits(&got, &want) ||
	    pb_checksum(t->codes, code_bytes(d)) != got.checksum) {
		pb_twobit_release(t);
		return r == PB_BLOB_MISSING ? PB_TWOBIT_MISSING : PB_TWOBIT_STALE;
	}
	t->d = d;
	t->states = d->index_count;
	t->nwords = pb_twobit_bytes(d) / sizeof(uint64_t);
	t->radius = (int)got.radius;
	t->reached = got.reached;
	memcpy(t->counts, got.counts, sizeof(t->counts));
	return PB_TWOBIT_LOADED;
}

pb_status pb_twobit_open(pb_twobit *t, const pb_domain *d, const char *dir, pb_search *s,
			 int threads, bool *built)
{
	char path[PATH_MAX];
	pb_status st;

	*built = false;
	if (pb_twobit_file_name(d, pb_pdb_cache_dir(dir), path, sizeof(path))) {
		snprintf(s->message, sizeof(s->message), "cache directory name too long");
		return PB_FAILED;
	}
	switch (pb_twobit_load(t, d, path, &s->meter)) {
	case PB_TWOBIT_LOADED:
		return PB_SOLVED;
	case PB_TWOBIT_NOMEM:
		return pb_search_alloc_failed(s);
	case PB_TWOBIT_MISSING:
	case PB_TWOBIT_STALE:
		break;
	}
	st = pb_twobit_build(t, d, s, threads);
	if (st != PB_SOLVED)
		return st;
	*built = true;
	if (pb_twobit_save(t, path))
		snprintf(s->message, sizeof(s->message), "cannot write '%.100s': %s", path,
			 strerror(errno));
	return PB_SOLVED;
}
