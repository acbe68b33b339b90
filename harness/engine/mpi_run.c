#include "harness/engine/mpi_run.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algorithms/core/clock.h"
#include "harness/engine/shard.h"

#if defined(PB_MPI) && PB_MPI
#include <mpi.h>

/* What launchers set in their processes' environment: Open MPI's mpirun,
 * then PMI and PMIx (Slurm's srun, MPICH's Hydra). */
static const char *const launcher_variables[] = {
	"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK",
};

/* Shared data goes out in pieces of at most this many bytes (MPI counts
 * are ints). */
#define PIECE ((size_t)1 << 30)
/* Every message to rank 0 has this tag and begins with its kind: rows
 * (then runs.csv lines), an anytime solve's answers (then anytime.csv
 * lines, sent before its row), or the rank's end (then its stop flag). One tag,
 * so that a rank's messages arrive in the order sent. */
#define TAG_ROWS 1
enum { KIND_ROWS = 'R', KIND_ANSWERS = 'A', KIND_END = 'E' };
/* Rank 0, its own part done, looks for messages this often. */
#define WAIT_NS 1000000L

/* A chunk of rows on its way to rank 0. */
typedef struct sending {
	char *mem;
	MPI_Request req;
	bool busy;
} sending;

struct mpi_stream {
	/* ranks but 0 */
	FILE *chunk;       /* the rows being written: KIND_ROWS, then lines */
	char *mem;
	size_t len;
	uint64_t since_ns; /* when the chunk's first row came */
	sending out[MPI_ROWS_IN_FLIGHT];
	size_t next;
	/* rank 0 */
	uint64_t polled_ns;
	bool *ended;       /* per rank: its end has come */
	int stopped;       /* a rank that ended said it was stopped */
	char *in;
	size_t in_cap;
};

bool mpi_job_available(void)
{
	return true;
}

static bool launched(void)
{
	for (size_t i = 0; i < sizeof(launcher_variables) / sizeof(launcher_variables[0]); i++)
		if (getenv(launcher_variables[i]))
			return true;
	return false;
}

/* Count the ranks on each host of the gathered names ALL (SIZE of them,
 * SHARD_HOST_MAX bytes each) into J. Returns 0 or -1. */
static int count_hosts(mpi_job *j, const char *all, const char *host)
{
	size_t cap = (size_t)j->size * (SHARD_HOST_MAX + 32) + 8, used = 0;
	char *json = malloc(cap);

	if (!json)
		return -1;
	used += (size_t)snprintf(json, cap, "[");
	for (int r = 0; r < j->size; r++) {
		const char *h = all + (size_t)r * SHARD_HOST_MAX;
		unsigned n = 0;
		bool seen = false;

		for (int q = 0; q < j->size; q++)
			n += !strcmp(h, all + (size_t)q * SHARD_HOST_MAX);
		for (int q = 0; q < r && !seen; q++)
			seen = !strcmp(h, all + (size_t)q * SHARD_HOST_MAX);
		if (!strcmp(h, host))
			j->ranks_on_host = n;
		if (seen)
			continue;
		/* host names hold no quotes or backslashes (RFC 1123) */
		used += (size_t)snprintf(json + used, cap - used, "%s{\"host\": \"%s\", \"ranks\": %u}",
					 used > 1 ? ", " : "", h, n);
	}
	snprintf(json + used, cap - used, "]");
	j->hosts_json = json;
	return 0;
}

int mpi_job_begin(mpi_job *j, const char *host, char *err, size_t errlen)
{
	char name[SHARD_HOST_MAX] = { 0 }, *all;
	int rc;

	memset(j, 0, sizeof(*j));
	j->size = 1;
	j->ranks_on_host = 1;
	if (!launched())
		return 0;
	if (MPI_Init(NULL, NULL) != MPI_SUCCESS) {
		snprintf(err, errlen, "MPI_Init failed");
		return -1;
	}
	j->active = true;
	MPI_Comm_rank(MPI_COMM_WORLD, &j->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &j->size);
	snprintf(name, sizeof(name), "%s", host);
	all = malloc((size_t)j->size * SHARD_HOST_MAX);
	if (!all) {
		snprintf(err, errlen, "out of memory for %d host names", j->size);
		return -1;
	}
	MPI_Allgather(name, SHARD_HOST_MAX, MPI_CHAR, all, SHARD_HOST_MAX, MPI_CHAR,
		      MPI_COMM_WORLD);
	rc = count_hosts(j, all, name);
	free(all);
	if (rc)
		snprintf(err, errlen, "out of memory for the host list");
	return rc;
}

bool mpi_job_agree(mpi_job *j, bool ok)
{
	int mine = ok, all = 0;

	if (!j->active)
		return ok;
	MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
	return all != 0;
}

int mpi_job_share(mpi_job *j, void *buf, size_t len)
{
	if (!j->active)
		return 0;
	for (size_t off = 0; off < len; off += PIECE) {
		size_t n = len - off < PIECE ? len - off : PIECE;

		if (MPI_Bcast((char *)buf + off, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
			return -1;
	}
	return 0;
}

static mpi_stream *stream_of(mpi_job *j)
{
	if (!j->stream)
		j->stream = calloc(1, sizeof(*j->stream));
	return j->stream;
}

FILE *mpi_job_rows(mpi_job *j)
{
	mpi_stream *s = stream_of(j);

	if (!s)
		return NULL;
	if (!s->chunk) {
		s->chunk = open_memstream(&s->mem, &s->len);
		if (!s->chunk)
			return NULL;
		putc(KIND_ROWS, s->chunk);
		s->since_ns = 0;
	}
	return s->chunk;
}

/* Send the LEN bytes at MEM (malloc's, freed once they have gone) to
 * rank 0, without waiting for it. */
static void post(mpi_stream *s, char *mem, size_t len)
{
	sending *o = &s->out[s->next];

	if (o->busy) {
		MPI_Wait(&o->req, MPI_STATUS_IGNORE);
		free(o->mem);
	}
	o->mem = mem;
	o->busy = true;
	MPI_Isend(o->mem, (int)len, MPI_CHAR, 0, TAG_ROWS, MPI_COMM_WORLD, &o->req);
	s->next = (s->next + 1) % MPI_ROWS_IN_FLIGHT;
}

/* Send the chunk being written (done with when it has gone). */
static int send_chunk(mpi_stream *s)
{
	if (fclose(s->chunk)) {
		s->chunk = NULL;
		return -1;
	}
	s->chunk = NULL;
	post(s, s->mem, s->len);
	s->mem = NULL;
	s->len = 0;
	return 0;
}

int mpi_job_send_answers(mpi_job *j, const char *text, size_t len)
{
	mpi_stream *s = stream_of(j);
	char *mem = len < (size_t)INT32_MAX ? malloc(len + 1) : NULL;

	if (!s || !mem) {
		free(mem);
		return -1;
	}
	mem[0] = KIND_ANSWERS;
	memcpy(mem + 1, text, len);
	post(s, mem, len + 1);
	return 0;
}

int mpi_job_send(mpi_job *j)
{
	mpi_stream *s = j->stream;
	uint64_t now = pb_wall_ns();

	if (!s || !s->chunk || fflush(s->chunk))
		return -1;
	if (!s->since_ns)
		s->since_ns = now;
	if (s->len < MPI_ROWS_CHUNK && now - s->since_ns < MPI_ROWS_INTERVAL_NS)
		return 0;
	return send_chunk(s);
}

/* Rank 0: receive the message waiting from STATUS's source, hand its rows
 * to FN or note its end. Returns 0, or -1 when FN failed or out of
 * memory. */
static int take(mpi_job *j, MPI_Status *status, mpi_rows_fn fn, void *arg)
{
	mpi_stream *s = j->stream;
	int count, rc = 0;

	MPI_Get_count(status, MPI_CHAR, &count);
	if ((size_t)count + 1 > s->in_cap) {
		char *in = realloc(s->in, (size_t)count + 1);

		if (!in) {
			/* the sender waits on its message: nothing can go on */
			fprintf(stderr, "bench run: out of memory for %d bytes of rows of rank %d\n",
				count, status->MPI_SOURCE);
			MPI_Abort(MPI_COMM_WORLD, 2);
		}
		s->in = in;
		s->in_cap = (size_t)count + 1;
	}
	MPI_Recv(s->in, count, MPI_CHAR, status->MPI_SOURCE, TAG_ROWS, MPI_COMM_WORLD,
		 MPI_STATUS_IGNORE);
	if (count > 1 && (s->in[0] == KIND_ROWS || s->in[0] == KIND_ANSWERS))
		rc = fn(arg, status->MPI_SOURCE, s->in[0] == KIND_ANSWERS, s->in + 1,
			(size_t)count - 1);
	else if (count > 0 && s->in[0] == KIND_END) {
		s->ended[status->MPI_SOURCE] = true;
		if (count > 1 && s->in[1])
			s->stopped = 1;
	}
	return rc;
}

/* Rank 0: take every message that has come. */
static int take_all(mpi_job *j, mpi_rows_fn fn, void *arg)
{
	MPI_Status status;
	int flag, rc = 0;

	for (;;) {
		MPI_Iprobe(MPI_ANY_SOURCE, TAG_ROWS, MPI_COMM_WORLD, &flag, &status);
		if (!flag)
			return rc;
		if (take(j, &status, fn, arg))
			rc = -1;
	}
}

int mpi_job_poll(mpi_job *j, mpi_rows_fn fn, void *arg)
{
	mpi_stream *s = j->active && !j->rank ? stream_of(j) : NULL;
	uint64_t now = pb_wall_ns();

	if (!j->active || j->rank)
		return 0;
	if (!s)
		return -1;
	if (!s->ended) {
		s->ended = calloc((size_t)j->size, sizeof(*s->ended));
		if (!s->ended)
			return -1;
	}
	if (now - s->polled_ns < MPI_POLL_NS)
		return 0;
	s->polled_ns = now;
	return take_all(j, fn, arg);
}

/* Ranks but 0: the last rows, then the end. */
static int send_end(mpi_job *j, int stopped)
{
	mpi_stream *s = stream_of(j);
	char end[2] = { KIND_END, (char)(stopped != 0) };
	int rc = 0;

	if (!s)
		return -1;
	if (s->chunk && fflush(s->chunk))
		rc = -1;
	if (s->chunk && s->len > 1) {
		if (send_chunk(s))
			rc = -1;
	} else if (s->chunk) {
		fclose(s->chunk);
		s->chunk = NULL;
	}
	free(s->mem);
	s->mem = NULL;
	MPI_Send(end, 2, MPI_CHAR, 0, TAG_ROWS, MPI_COMM_WORLD);
	for (size_t i = 0; i < MPI_ROWS_IN_FLIGHT; i++) {
		if (!s->out[i].busy)
			continue;
		MPI_Wait(&s->out[i].req, MPI_STATUS_IGNORE);
		free(s->out[i].mem);
		s->out[i].mem = NULL;
		s->out[i].busy = false;
	}
	return rc;
}

/* Rank 0: the ranks that have not ended, into ERR. */
static void say_lost(const mpi_job *j, char *err, size_t errlen)
{
	size_t used = (size_t)snprintf(err, errlen, "rank");

	for (int r = 1; r < j->size && used < errlen; r++)
		if (!j->stream->ended[r])
			used += (size_t)snprintf(err + used, errlen - used, "%s %d",
						 used > 4 ? "," : "", r);
	if (used < errlen)
		snprintf(err + used, errlen - used, " did not report its end (killed?): its last rows "
			 "are not in runs.csv; 'bench run --resume' does them again");
}

int mpi_job_finish(mpi_job *j, const volatile sig_atomic_t *stop, int *stopped,
		   mpi_rows_fn fn, void *arg, char *err, size_t errlen)
{
	const struct timespec nap = { .tv_nsec = WAIT_NS };
	uint64_t stopped_at = 0;
	mpi_stream *s;
	int rc = 0;

	if (!j->active)
		return 0;
	if (j->rank) {
		if (send_end(j, *stopped)) {
			snprintf(err, errlen, "rank %d: out of memory for its rows", j->rank);
			return -1;
		}
		return 0;
	}
	if (mpi_job_poll(j, fn, arg))
		rc = -1;
	s = j->stream;
	if (!s || !s->ended) {
		snprintf(err, errlen, "out of memory for the ranks' rows");
		return -1;
	}
	for (;;) {
		int left = 0;

		if (take_all(j, fn, arg))
			rc = -1;
		*stopped |= s->stopped;
		for (int r = 1; r < j->size; r++)
			left += !s->ended[r];
		if (!left)
			break;
		if (stop && *stop && !stopped_at)
			stopped_at = pb_wall_ns();
		if (stopped_at && pb_wall_ns() - stopped_at > MPI_LOST_NS) {
			say_lost(j, err, errlen);
			j->lost = true;
			*stopped = 1;
			return -1;
		}
		nanosleep(&nap, NULL);
	}
	if (rc)
		snprintf(err, errlen, "could not keep every rank's rows");
	return rc;
}

void mpi_job_end(mpi_job *j)
{
	mpi_stream *s = j->stream;

	if (j->active && !j->lost)
		MPI_Finalize();
	if (s) {
		if (s->chunk)
			fclose(s->chunk);
		free(s->mem);
		for (size_t i = 0; i < MPI_ROWS_IN_FLIGHT; i++)
			free(s->out[i].mem);
		free(s->ended);
		free(s->in);
		free(s);
	}
	free(j->hosts_json);
	memset(j, 0, sizeof(*j));
}

#else /* no MPI in this build */

bool mpi_job_available(void)
{
	return false;
}

int mpi_job_begin(mpi_job *j, const char *host, char *err, size_t errlen)
{
	(void)host;
	(void)err;
	(void)errlen;
	memset(j, 0, sizeof(*j));
	j->size = 1;
	j->ranks_on_host = 1;
	return 0;
}

bool mpi_job_agree(mpi_job *j, bool ok)
{
	(void)j;
	return ok;
}

int mpi_job_share(mpi_job *j, void *buf, size_t len)
{
	(void)j;
	(void)buf;
	(void)len;
	return 0;
}

FILE *mpi_job_rows(mpi_job *j)
{
	(void)j;
	return NULL;
}

int mpi_job_send(mpi_job *j)
{
	(void)j;
	return -1;
}

int mpi_job_send_answers(mpi_job *j, const char *text, size_t len)
{
	(void)j;
	(void)text;
	(void)len;
	return -1;
}

int mpi_job_poll(mpi_job *j, mpi_rows_fn fn, void *arg)
{
	(void)j;
	(void)fn;
	(void)arg;
	return 0;
}

int mpi_job_finish(mpi_job *j, const volatile sig_atomic_t *stop, int *stopped,
		   mpi_rows_fn fn, void *arg, char *err, size_t errlen)
{
	(void)j;
	(void)stop;
	(void)stopped;
	(void)fn;
	(void)arg;
	(void)err;
	(void)errlen;
	return 0;
}

void mpi_job_end(mpi_job *j)
{
	memset(j, 0, sizeof(*j));
}

#endif
