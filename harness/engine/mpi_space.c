#include "harness/engine/mpi_space.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/puzzles/kernel.h"

void mpi_space_release(mpi_space *sp)
{
	pb_twobit_part_release(&sp->part);
	sp->codes = NULL;
}

#if defined(PB_MPI) && PB_MPI
#include <mpi.h>

/* The most words a message carries (MPI counts are ints). */
#define PIECE_WORDS ((uint64_t)1 << 26)

/* The trading of one layer: each rank's batch for every rank. */
typedef struct trade {
	int k;
	uint64_t *starts;    /* starts[r]: rank r's first word; starts[k]: all */
	uint64_t *out, *in;  /* sorted by owner; received */
	size_t out_cap, in_cap;
	int *owner;          /* the owner of each index of the outbox */
	size_t owner_cap;
	int *send_counts, *send_at, *recv_counts, *recv_at;
} trade;

/* The rank whose part holds the state of index I. */
static int owner_of(const trade *t, uint64_t i)
{
	uint64_t w = i / 32;
	int lo = 0, hi = t->k - 1;

	/* the last rank whose part starts at or before W (parts may be empty) */
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;

		if (t->starts[mid] <= w)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Room for N in *P (of *CAP), through M: false when refused. */
static bool room(pb_meter *m, void **p, size_t *cap, size_t n, size_t each)
{
	void *q;

	if (n <= *cap)
		return true;
	q = pb_realloc(m, *p, n * each);
	if (!q)
		return false;
	*p = q;
	*cap = n;
	return true;
}

/* One round: the outbox OUT[0..N) to its owners, what comes marked in SP's
 * part. Returns the states marked, or -1 when out of memory (every rank
 * still trades). */
static int64_t trade_round(mpi_space *sp, trade *t, const uint64_t *out, size_t n, pb_meter *m)
{
	size_t total = 0;
	int ok = room(m, (void **)&t->owner, &t->owner_cap, n ? n : 1, sizeof(int)) &&
		 room(m, (void **)&t->out, &t->out_cap, n ? n : 1, sizeof(uint64_t));
	int everywhere;

	memset(t->send_counts, 0, (size_t)t->k * sizeof(int));
	if (ok) {
		for (size_t x = 0; x < n; x++)
			t->send_counts[t->owner[x] = owner_of(t, out[x])]++;
		for (int r = 0; r < t->k; r++) {
			t->send_at[r] = (int)total;
			total += (size_t)t->send_counts[r];
		}
		{
			int *at = t->recv_at; /* a scratch copy of send_at */

			memcpy(at, t->send_at, (size_t)t->k * sizeof(int));
			for (size_t x = 0; x < n; x++)
				t->out[at[t->owner[x]]++] = out[x];
		}
	}
	MPI_Alltoall(t->send_counts, 1, MPI_INT, t->recv_counts, 1, MPI_INT, MPI_COMM_WORLD);
	total = 0;
	for (int r = 0; r < t->k; r++) {
		t->recv_at[r] = (int)total;
		total += (size_t)t->recv_counts[r];
	}
	if (!room(m, (void **)&t->in, &t->in_cap, total ? total : 1, sizeof(uint64_t)))
		ok = 0;
	/* every rank trades, or none does */
	MPI_Allreduce(&ok, &everywhere, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (!everywhere)
		return -1;
	MPI_Alltoallv(t->out, t->send_counts, t->send_at, MPI_UINT64_T, t->in, t->recv_counts,
		      t->recv_at, MPI_UINT64_T, MPI_COMM_WORLD);
	return (int64_t)pb_twobit_part_mark(&sp->part, t->in, total);
}

pb_status mpi_space_build(mpi_job *j, mpi_space *sp, const pb_domain *d, pb_search *s)
{
	trade t = { 0 };
	pb_status st;
	int rank = j->rank;

	memset(sp, 0, sizeof(*sp));
	st = pb_twobit_part_init(&sp->part, d, j->size, rank, s);
	if (st == PB_UNSUPPORTED) /* the domain's: the same on every rank */
		return st;
	sp->d = d;
	sp->states = d->index_count;
	sp->first = sp->part.first_word;
	sp->words = sp->part.words;
	sp->codes = sp->part.codes;
	t.k = j->size;
	t.starts = pb_calloc(&s->meter, (size_t)j->size + 1, sizeof(uint64_t));
	t.send_counts = pb_calloc(&s->meter, (size_t)(4 * j->size), sizeof(int));
	if (t.send_counts) {
		t.send_at = t.send_counts + j->size;
		t.recv_counts = t.send_at + j->size;
		t.recv_at = t.recv_counts + j->size;
	}
	if (t.starts) {
		for (int r = 0; r < j->size; r++) {
			uint64_t words;

			pb_twobit_part_bounds(d, j->size, r, &t.starts[r], &words);
		}
		t.starts[j->size] = pb_twobit_bytes(d) / sizeof(uint64_t);
	}
	if (!mpi_job_agree(j, st == PB_SOLVED && t.starts && t.send_counts)) {
		st = pb_search_alloc_failed(s);
		goto done;
	}
	sp->counts[0] = sp->reached = 1;
	for (int depth = 0;; depth++) {
		uint64_t mine = 0, fresh = 0;
		int flags[2], all[2]; /* groups left here; a problem here */

		pb_twobit_part_layer(&sp->part, depth);
		for (;;) {
			const uint64_t *out = NULL;
			size_t n = 0;
			bool more = false;
			int64_t traded;
			pb_status pushed = pb_search_poll(s);

			if (pushed == PB_SOLVED)
				pushed = pb_twobit_part_push(&sp->part, s, &out, &n, &more, &mine);
			flags[0] = more;
			flags[1] = pushed == PB_SOLVED ? 0 : (int)pushed;
			if (pushed != PB_SOLVED)
				n = 0;
			traded = trade_round(sp, &t, out, n, &s->meter);
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
			mine += (uint64_t)traded;
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
	pb_free(t.starts);
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
			uint64_t first, words;

			pb_twobit_part_bounds(sp->d, j->size, r, &first, &words);

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
