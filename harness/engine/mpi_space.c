#include "harness/engine/mpi_space.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/kernel.h"

void mpi_space_release(mpi_space *sp)
{
	pb_free(sp->codes);
	sp->codes = NULL;
}

#if defined(PB_MPI) && PB_MPI
#include <mpi.h>

/* Codes a word. */
#define CODES 32u
/* A slice's edges fall on blocks of this many words (the checksum's). */
#define ALIGN_WORDS 4u
/* The most words a message carries (MPI counts are ints). */
#define PIECE_WORDS ((uint64_t)1 << 26)

/* The first word of rank R's slice of NWORDS words over K ranks. */
static uint64_t slice_start(uint64_t nwords, int k, int r)
{
	uint64_t at;

	if (r >= k)
		return nwords;
	at = (uint64_t)((unsigned __int128)nwords * (unsigned)r / (unsigned)k);
	at -= at % ALIGN_WORDS;
	return at;
}

/* The rank that owns word W. */
static int owner_of(uint64_t nwords, int k, uint64_t w)
{
	int r = (int)((unsigned __int128)w * (unsigned)k / nwords);

	while (r > 0 && w < slice_start(nwords, k, r))
		r--;
	while (r + 1 < k && w >= slice_start(nwords, k, r + 1))
		r++;
	return r;
}

/* The trading of one layer: each rank's batch for every rank. */
typedef struct trade {
	int k;
	uint64_t nwords;
	uint64_t *pending;   /* indices found this chunk, their owners' */
	int *owner;
	size_t npending, cap;
	uint64_t *out, *in;  /* sorted by owner; received */
	size_t in_cap;
	int *send_counts, *send_at, *recv_counts, *recv_at;
} trade;

/* Mark the state of index I (in SP's slice) with the next residue NEXT if
 * it is unseen: 1 when it was. */
static int mark(mpi_space *sp, uint64_t i, unsigned next)
{
	uint64_t *word = &sp->codes[i / CODES - sp->first];
	unsigned shift = 2 * (unsigned)(i % CODES);

	if (((*word >> shift) & 3u) != PB_TWOBIT_UNSEEN)
		return 0;
	*word &= ~((uint64_t)(PB_TWOBIT_UNSEEN ^ next) << shift);
	return 1;
}

/* Expand the states of residue NOW in words [A, B) of SP's slice:
 * predecessors in the slice marked, the others put in T. Returns the
 * states marked, or -1 when T could not grow. */
static int64_t expand(mpi_space *sp, trade *t, uint64_t a, uint64_t b, unsigned now,
		      unsigned next, pb_search *s, int rank)
{
	const pb_domain *d = sp->d;
	int64_t fresh = 0;

	for (uint64_t w = a; w < b; w++) {
		uint64_t x = sp->codes[w], y = x ^ (0x5555555555555555ULL * now);
		uint64_t hits = ~(y | y >> 1) & 0x5555555555555555ULL;

		for (; hits; hits &= hits - 1) {
			uint64_t i = (sp->first + w) * CODES + (uint64_t)__builtin_ctzll(hits) / 2;
			pb_state st;

			if (i >= sp->states)
				break;
			s->expanded++;
			pb_unindex(d, i, &st);
			for (int m = 0; m < d->nmoves; m++) {
				pb_state p;
				uint64_t j;
				int r;

				if (!pb_unapply(d, &st, m, &p))
					continue;
				s->generated++;
				j = pb_index(d, &p);
				r = owner_of(t->nwords, t->k, j / CODES);
				if (r == rank) {
					fresh += mark(sp, j, next);
					continue;
				}
				if (t->npending == t->cap) {
					size_t cap = t->cap ? 2 * t->cap : 4096;
					uint64_t *pe = pb_realloc(&s->meter, t->pending, cap * sizeof(*pe));
					int *ow;

					if (!pe)
						return -1;
					t->pending = pe;
					ow = pb_realloc(&s->meter, t->owner, cap * sizeof(*ow));
					if (!ow)
						return -1;
					t->owner = ow;
					t->cap = cap;
				}
				t->pending[t->npending] = j;
				t->owner[t->npending++] = r;
			}
		}
	}
	return fresh;
}

/* One round: T's batches to their owners, what comes marked. Returns the
 * states marked, or -1 when out of memory (every rank still trades). */
static int64_t trade_round(mpi_space *sp, trade *t, unsigned next, pb_meter *m)
{
	size_t total = 0;
	int64_t fresh = 0;
	uint64_t *out;

	memset(t->send_counts, 0, (size_t)t->k * sizeof(int));
	for (size_t n = 0; n < t->npending; n++)
		t->send_counts[t->owner[n]]++;
	for (int r = 0; r < t->k; r++) {
		t->send_at[r] = (int)total;
		total += (size_t)t->send_counts[r];
	}
	out = pb_realloc(m, t->out, (total ? total : 1) * sizeof(*out));
	if (out)
		t->out = out;
	else
		memset(t->send_counts, 0, (size_t)t->k * sizeof(int));
	if (out) {
		int *at = t->recv_at; /* a scratch copy of send_at */

		memcpy(at, t->send_at, (size_t)t->k * sizeof(int));
		for (size_t n = 0; n < t->npending; n++)
			t->out[at[t->owner[n]]++] = t->pending[n];
	}
	t->npending = 0;
	MPI_Alltoall(t->send_counts, 1, MPI_INT, t->recv_counts, 1, MPI_INT, MPI_COMM_WORLD);
	total = 0;
	for (int r = 0; r < t->k; r++) {
		t->recv_at[r] = (int)total;
		total += (size_t)t->recv_counts[r];
	}
	{
		int room = 1, everywhere;

		if (total > t->in_cap) {
			uint64_t *in = pb_realloc(m, t->in, total * sizeof(*in));

			if (in) {
				t->in = in;
				t->in_cap = total;
			} else {
				room = 0;
			}
		}
		/* every rank trades, or none does */
		MPI_Allreduce(&room, &everywhere, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
		if (!everywhere)
			return -1;
	}
	MPI_Alltoallv(t->out, t->send_counts, t->send_at, MPI_UINT64_T, t->in, t->recv_counts,
		      t->recv_at, MPI_UINT64_T, MPI_COMM_WORLD);
	for (size_t n = 0; n < total; n++)
		fresh += mark(sp, t->in[n], next);
	return out ? fresh : -1;
}

pb_status mpi_space_build(mpi_job *j, mpi_space *sp, const pb_domain *d, pb_search *s)
{
	uint64_t nwords, goal;
	trade t = { 0 };
	pb_status st = PB_SOLVED;
	int rank = j->rank;

	memset(sp, 0, sizeof(*sp));
	if (!d->index_count) {
		snprintf(s->message, sizeof(s->message), "%s has no index for a table", d->name);
		return PB_UNSUPPORTED;
	}
	if (pb_domain_needs_inverse(d, "the two-bit search", s->message, sizeof(s->message)))
		return PB_UNSUPPORTED;
	sp->d = d;
	sp->states = d->index_count;
	nwords = pb_twobit_bytes(d) / sizeof(uint64_t);
	sp->first = slice_start(nwords, j->size, rank);
	sp->words = slice_start(nwords, j->size, rank + 1) - sp->first;
	t.k = j->size;
	t.nwords = nwords;
	sp->codes = pb_alloc(&s->meter, (sp->words ? sp->words : 1) * sizeof(uint64_t));
	t.send_counts = pb_calloc(&s->meter, (size_t)(4 * j->size), sizeof(int));
	if (t.send_counts) {
		t.send_at = t.send_counts + j->size;
		t.recv_counts = t.send_at + j->size;
		t.recv_at = t.recv_counts + j->size;
	}
	if (!mpi_job_agree(j, sp->codes && t.send_counts)) {
		st = pb_search_alloc_failed(s);
		goto done;
	}
	memset(sp->codes, 0xff, (sp->words ? sp->words : 1) * sizeof(uint64_t));
	goal = pb_index(d, &d->goal);
	if (owner_of(nwords, j->size, goal / CODES) == rank)
		mark(sp, goal, 0);
	sp->counts[0] = sp->reached = 1;
	for (int depth = 0;; depth++) {
		unsigned now = (unsigned)depth % 3, next = (unsigned)(depth + 1) % 3;
		uint64_t mine = 0, fresh = 0, at = 0;
		int flags[2], all[2]; /* more chunks here; a problem here */

		for (;;) {
			int64_t got = 0, traded;

			flags[0] = at < sp->words;
			flags[1] = 0;
			if (flags[0]) {
				uint64_t end = at + MPI_SPACE_CHUNK_WORDS < sp->words
						       ? at + MPI_SPACE_CHUNK_WORDS : sp->words;
				pb_status polled = pb_search_poll(s);

				if (polled != PB_SOLVED) {
					flags[1] = polled;
					t.npending = 0;
				} else {
					got = expand(sp, &t, at, end, now, next, s, rank);
					if (got < 0) {
						flags[1] = PB_MEMOUT;
						got = 0;
						t.npending = 0;
					}
				}
				at = end;
			}
			traded = trade_round(sp, &t, next, &s->meter);
			if (traded < 0) {
				flags[1] = PB_MEMOUT;
				traded = 0;
			}
			for (int r = 0; r < j->size; r++)
				if (r != rank) {
					sp->sent += (uint64_t)t.send_counts[r] * sizeof(uint64_t);
					sp->received += (uint64_t)t.recv_counts[r] * sizeof(uint64_t);
				}
			sp->rounds++;
			mine += (uint64_t)got + (uint64_t)traded;
			flags[0] = at < sp->words;
			MPI_Allreduce(flags, all, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
			if (all[1]) {
				st = (pb_status)all[1];
				if (st == PB_MEMOUT)
					snprintf(s->message, sizeof(s->message),
						 "a rank ran out of memory");
				goto done;
			}
			if (!all[0])
				break;
		}
		MPI_Allreduce(&mine, &fresh, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
		if (!fresh) {
			sp->radius = depth;
			break;
		}
		if (depth + 1 > PB_TWOBIT_MAX_DEPTH) {
			snprintf(s->message, sizeof(s->message), "%s: distances past %d", d->name,
				 PB_TWOBIT_MAX_DEPTH);
			st = PB_UNSUPPORTED;
			goto done;
		}
		sp->counts[depth + 1] = fresh;
		sp->reached += fresh;
	}
done:
	sp->peak = s->meter.peak;
	pb_free(t.pending);
	pb_free(t.owner);
	pb_free(t.out);
	pb_free(t.in);
	pb_free(t.send_counts);
	if (st != PB_SOLVED)
		mpi_space_release(sp);
	return st;
}

int mpi_space_save(mpi_job *j, const mpi_space *sp, const char *path, char *err, size_t errlen)
{
	int ok = 1, all;

	if (j->rank == 0) {
		pb_twobit_writer w;
		uint64_t *piece = NULL;

		ok = !pb_twobit_write_begin(&w, sp->d, path) &&
		     !pb_twobit_write_codes(&w, sp->codes, sp->words);
		if (ok && j->size > 1)
			ok = (piece = malloc(PIECE_WORDS * sizeof(uint64_t))) != NULL;
		/* every rank's slice in turn, a piece at a time, each piece
		 * asked for (so that a failed write stops the rest) */
		for (int r = 1; r < j->size; r++) {
			uint64_t nwords = pb_twobit_bytes(sp->d) / sizeof(uint64_t);
			uint64_t words = slice_start(nwords, j->size, r + 1) -
					 slice_start(nwords, j->size, r);

			for (uint64_t at = 0; at < words || !words;) {
				int go = ok, n = (int)(words - at < PIECE_WORDS ? words - at : PIECE_WORDS);

				MPI_Send(&go, 1, MPI_INT, r, 2, MPI_COMM_WORLD);
				if (!go || !words)
					break;
				MPI_Recv(piece, n, MPI_UINT64_T, r, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				ok = !pb_twobit_write_codes(&w, piece, (uint64_t)n);
				at += (uint64_t)n;
			}
		}
		free(piece);
		if (ok)
			ok = !pb_twobit_write_end(&w, sp->radius, sp->reached, sp->counts);
		else
			pb_blob_abort(&w.blob);
		if (!ok)
			snprintf(err, errlen, "%s: %s", path, strerror(errno ? errno : EIO));
	} else {
		for (uint64_t at = 0; at < sp->words || !sp->words;) {
			int go, n = (int)(sp->words - at < PIECE_WORDS ? sp->words - at : PIECE_WORDS);

			MPI_Recv(&go, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			if (!go || !sp->words)
				break;
			MPI_Send(sp->codes + at, n, MPI_UINT64_T, 0, 3, MPI_COMM_WORLD);
			at += (uint64_t)n;
		}
	}
	MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	return all ? 0 : -1;
}

void mpi_space_traffic(mpi_job *j, const mpi_space *sp, mpi_space *per_rank)
{
	uint64_t mine[5] = { sp->sent, sp->received, sp->rounds, sp->peak, sp->words }, *all = NULL;

	if (j->rank == 0)
		all = malloc((size_t)j->size * sizeof(mine));
	MPI_Gather(mine, 5, MPI_UINT64_T, all, 5, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	if (j->rank == 0 && all)
		for (int r = 0; r < j->size; r++) {
			per_rank[r].sent = all[5 * r];
			per_rank[r].received = all[5 * r + 1];
			per_rank[r].rounds = all[5 * r + 2];
			per_rank[r].peak = all[5 * r + 3];
			per_rank[r].words = all[5 * r + 4];
		}
	free(all);
}

#else /* no MPI in this build */

pb_status mpi_space_build(mpi_job *j, mpi_space *sp, const pb_domain *d, pb_search *s)
{
	(void)j;
	(void)d;
	memset(sp, 0, sizeof(*sp));
	snprintf(s->message, sizeof(s->message), "this build has no MPI (cmake -DPB_MPI=ON)");
	return PB_UNSUPPORTED;
}

int mpi_space_save(mpi_job *j, const mpi_space *sp, const char *path, char *err, size_t errlen)
{
	(void)j;
	(void)sp;
	snprintf(err, errlen, "%s: this build has no MPI", path);
	return -1;
}

void mpi_space_traffic(mpi_job *j, const mpi_space *sp, mpi_space *per_rank)
{
	(void)j;
	(void)sp;
	(void)per_rank;
}

#endif
