#include "harness/engine/mpi_run.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/outfile.h"
#include "harness/engine/shard.h"

#if defined(PB_MPI) && PB_MPI
#include <mpi.h>

/* What launchers set in their processes' environment: Open MPI's mpirun,
 * then PMI and PMIx (Slurm's srun, MPICH's Hydra). */
static const char *const launcher_variables[] = {
	"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK",
};

/* Rows go to rank 0 in messages of at most this many bytes (MPI counts
 * are ints). */
#define CHUNK ((size_t)1 << 30)
enum { TAG_HEADER = 1, TAG_ROWS = 2 };
/* A rank's header: the length of its text, and its stop flag. */
enum { HEADER_LENGTH, HEADER_STOPPED, HEADER_WORDS };

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

static void send_rows(const char *mine, size_t len, int stopped)
{
	uint64_t header[HEADER_WORDS] = { [HEADER_LENGTH] = len, [HEADER_STOPPED] = (uint64_t)stopped };

	MPI_Send(header, HEADER_WORDS, MPI_UINT64_T, 0, TAG_HEADER, MPI_COMM_WORLD);
	for (size_t off = 0; off < len; off += CHUNK) {
		size_t n = len - off < CHUNK ? len - off : CHUNK;

		MPI_Send(mine + off, (int)n, MPI_CHAR, 0, TAG_ROWS, MPI_COMM_WORLD);
	}
}

/* Receive rank R's rows into *TEXT (free() it) and its length. */
static void receive_rows(int r, char **text, size_t *len, int *stopped)
{
	uint64_t header[HEADER_WORDS];
	char *buf;

	MPI_Recv(header, HEADER_WORDS, MPI_UINT64_T, r, TAG_HEADER, MPI_COMM_WORLD,
		 MPI_STATUS_IGNORE);
	*len = (size_t)header[HEADER_LENGTH];
	if (header[HEADER_STOPPED])
		*stopped = 1;
	buf = malloc(*len ? *len : 1);
	if (!buf) {
		/* the rank waits on its send: nothing can go on */
		fprintf(stderr, "bench run: out of memory for the %zu bytes of rows of rank %d\n",
			*len, r);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	for (size_t off = 0; off < *len; off += CHUNK) {
		size_t n = *len - off < CHUNK ? *len - off : CHUNK;

		MPI_Recv(buf + off, (int)n, MPI_CHAR, r, TAG_ROWS, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
	}
	*text = buf;
}

/* Rank 0: join RUNS_PATH and the ranks' TEXTS into RUNS_PATH. */
static int join_all(const mpi_job *j, const char *runs_path, char **texts, size_t *lens,
		    char *err, size_t errlen)
{
	size_t n = (size_t)j->size;
	FILE **in = calloc(n, sizeof(*in));
	char **names = calloc(n, sizeof(*names));
	outfile out;
	int rc = -1;

	if (!in || !names) {
		snprintf(err, errlen, "out of memory joining the ranks' rows");
		goto out;
	}
	in[0] = fopen(runs_path, "r");
	names[0] = strdup(runs_path);
	for (size_t r = 1; r < n; r++) {
		names[r] = malloc(64);
		if (names[r])
			snprintf(names[r], 64, "rank %zu", r);
		in[r] = texts[r] && lens[r] ? fmemopen(texts[r], lens[r], "r") : NULL;
	}
	for (size_t r = 0; r < n; r++) {
		if (!in[r] || !names[r]) {
			snprintf(err, errlen, "could not read the rows of rank %zu", r);
			goto out;
		}
	}
	if (outfile_open(&out, runs_path, err, errlen))
		goto out;
	if (shard_join(out.fp, in, (const char *const *)names, n, err, errlen)) {
		outfile_abort(&out);
		goto out;
	}
	rc = outfile_commit(&out, err, errlen);
out:
	for (size_t r = 0; in && names && r < n; r++) {
		if (in[r])
			fclose(in[r]);
		free(names[r]);
	}
	free(in);
	free(names);
	return rc;
}

int mpi_job_collect(mpi_job *j, const char *runs_path, const char *mine, size_t len,
		    int *stopped, report *rep, char *err, size_t errlen)
{
	size_t n = (size_t)j->size;
	char **texts;
	size_t *lens;
	int rc;

	if (!j->active)
		return 0;
	if (j->rank) {
		send_rows(mine, len, *stopped);
		return 0;
	}
	texts = calloc(n, sizeof(*texts));
	lens = calloc(n, sizeof(*lens));
	if (!texts || !lens) {
		free(texts);
		free(lens);
		snprintf(err, errlen, "out of memory for the ranks' rows");
		return -1;
	}
	for (size_t r = 1; r < n; r++)
		receive_rows((int)r, &texts[r], &lens[r], stopped);
	rc = join_all(j, runs_path, texts, lens, err, errlen);
	for (size_t r = 1; r < n; r++)
		free(texts[r]);
	free(texts);
	free(lens);
	if (rc)
		return rc;
	report_release(rep);
	report_init(rep);
	return report_load(rep, runs_path, err, errlen);
}

void mpi_job_end(mpi_job *j)
{
	if (j->active)
		MPI_Finalize();
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

int mpi_job_collect(mpi_job *j, const char *runs_path, const char *mine, size_t len,
		    int *stopped, report *rep, char *err, size_t errlen)
{
	(void)j;
	(void)runs_path;
	(void)mine;
	(void)len;
	(void)stopped;
	(void)rep;
	(void)err;
	(void)errlen;
	return 0;
}

void mpi_job_end(mpi_job *j)
{
	memset(j, 0, sizeof(*j));
}

#endif
