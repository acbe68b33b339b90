#define _GNU_SOURCE /* pipe2, close_range */
#include "harness/engine/process.h"

#include <ctype.h>
#include <poll.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "algorithms/core/clock.h"

#define NS_PER_MS 1000000ULL
#define NS_PER_S 1000000000ULL
#define BYTES_PER_KIB 1024u
/* Exit status of a child whose exec failed. */
#define EXEC_FAILED 127

static void put_char(char **w, char c)
{
	*(*w)++ = c;
}

/* Split COMMAND into the words of WORDS (room for all its bytes) and the
 * pointers of ARGV (room for all its words); NULL words counted by *N. */
static int split_into(const char *command, char *words, char **argv, size_t *n, char *err,
		      size_t errlen)
{
	const char *p = command;
	char *w = words;

	*n = 0;
	for (;;) {
		bool in_word = false;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		if (argv)
			argv[*n] = w;
		while (*p && !(*p == ' ' || *p == '\t' || *p == '\n')) {
			in_word = true;
			if (*p == '\'') {
				const char *end = strchr(p + 1, '\'');

				if (!end) {
					snprintf(err, errlen, "command '%s': a ' without its end", command);
					return -1;
				}
				while (++p < end)
					put_char(&w, *p);
				p++;
			} else if (*p == '"') {
				for (p++; *p && *p != '"'; p++) {
					if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
						p++;
					put_char(&w, *p);
				}
				if (!*p) {
					snprintf(err, errlen, "command '%s': a \" without its end", command);
					return -1;
				}
				p++;
			} else if (*p == '\\') {
				if (!p[1]) {
					snprintf(err, errlen, "command '%s' ends in a backslash", command);
					return -1;
				}
				put_char(&w, p[1]);
				p += 2;
			} else {
				put_char(&w, *p++);
			}
		}
		if (in_word)
			put_char(&w, '\0');
		(*n)++;
	}
	return 0;
}

char **process_split(const char *command, char *err, size_t errlen)
{
	size_t n, len = strlen(command);
	char **argv, *scratch = malloc(len + 1);

	/* once to count the words, once to keep them */
	if (!scratch) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (split_into(command, scratch, NULL, &n, err, errlen)) {
		free(scratch);
		return NULL;
	}
	free(scratch);
	if (!n) {
		snprintf(err, errlen, "an empty command");
		return NULL;
	}
	argv = malloc((n + 1) * sizeof(*argv) + len + 1);
	if (!argv) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	split_into(command, (char *)(argv + n + 1), argv, &n, err, errlen);
	argv[n] = NULL;
	return argv;
}


void process_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* In the child, before exec: FD becomes TARGET, kept across exec. */
static void move_fd(int fd, int target)
{
	if (fd == target)
		fcntl(fd, F_SETFD, 0);
	else
		dup2(fd, target);
}

/* The child's side of a start: its own process group, killed with us, the
 * pipes as its standard input and output, nothing else of ours open, then
 * the program. Only async-signal-safe calls (this may run after vfork). */
static void exec_program(const process_spec *p, int in, int out, int report,
			 const sigset_t *mask)
{
	struct sigaction dfl;
	int e;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* what we ignore it would inherit */
	sigaction(SIGPIPE, &dfl, NULL);
	move_fd(in, STDIN_FILENO);
	move_fd(out, STDOUT_FILENO);
	if (p->stderr_fd >= 0)
		move_fd(p->stderr_fd, STDERR_FILENO);
	close_range(STDERR_FILENO + 1, ~0U, CLOSE_RANGE_CLOEXEC);
	sigprocmask(SIG_SETMASK, mask, NULL);
	if (p->dir && chdir(p->dir)) {
		e = errno;
	} else {
		execve(p->path, p->argv, p->envp);
		e = errno;
	}
	if (write(report, &e, sizeof(e)) < 0)
		_exit(EXEC_FAILED);
	_exit(EXEC_FAILED);
}

void process_reset(process *ch)
{
	memset(ch, 0, sizeof(*ch));
	ch->in = ch->out = ch->in_reader = ch->statm = -1;
}

/* After the process started: its CPU clock and memory file. */
void process_watch(process *ch)
{
	char path[64];

	ch->have_clock = !clock_getcpuclockid(ch->pid, &ch->clock);
	snprintf(path, sizeof(path), "/proc/%ld/statm", (long)ch->pid);
	ch->statm = open(path, O_RDONLY | O_CLOEXEC);
}

#ifdef PB_SANITIZED
#define spawn_fork fork /* the sanitizers' runtime and vfork do not mix */
#else
#define spawn_fork vfork
#endif

/* Start P with IN and OUT as its standard input and output into *PID.
 * Returns 0, or the errno of what failed (an exec's too). */
static int start_local(const process_spec *p, int in, int out, pid_t *pid)
{
	int report[2], e = 0;
	sigset_t all, old;
	ssize_t got;

	if (pipe2(report, O_CLOEXEC))
		return errno;
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	*pid = spawn_fork();
	if (!*pid)
		exec_program(p, in, out, report[1], &old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(report[1]);
	if (*pid < 0) {
		e = errno;
		close(report[0]);
		return e;
	}
	while ((got = read(report[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(report[0]);
	if (got > 0) {
		while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
			;
		return e ? e : EINVAL;
	}
	return 0;
}

/* The spawner: a fork of this process made while it is small, which
 * starts the programs whose peak resident set matters (wait4's figure
 * counts the memory of the process that made the exec: its own, then,
 * not a bench grown by datasets and tables). Requests and answers go
 * through a socket; the program's pipes travel with the request. */
static pid_t spawner_pid;
static int spawner_sock = -1;
static bool spawner_busy; /* a program of its is not yet reaped */
static uint64_t spawner_peak; /* its peak resident bytes when it began */

/* The largest request: the environment is most of it. */
#define SPAWN_MSG_MAX (256u << 10)
#define SPAWN_FDS 3

typedef struct spawn_head {
	uint32_t nargv, nenv, bytes;
	uint8_t has_dir, has_stderr;
} spawn_head;

typedef struct spawn_reply {
	int32_t pid, err;
} spawn_reply;

typedef struct spawn_end {
	int32_t status;
	struct rusage ru;
} spawn_end;

static int send_all(int sock, const void *buf, size_t n, const int *fds, int nfds)
{
	union { struct cmsghdr h; char room[CMSG_SPACE(sizeof(int) * SPAWN_FDS)]; } ctl;
	struct iovec iov = { (void *)buf, n };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t k;

	if (nfds) {
		memset(&ctl, 0, sizeof(ctl));
		msg.msg_control = ctl.room;
		msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
		ctl.h.cmsg_level = SOL_SOCKET;
		ctl.h.cmsg_type = SCM_RIGHTS;
		ctl.h.cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
		memcpy(CMSG_DATA(&ctl.h), fds, sizeof(int) * (size_t)nfds);
	}
	while ((k = sendmsg(sock, &msg, MSG_NOSIGNAL)) < 0 && errno == EINTR)
		;
	return k == (ssize_t)n ? 0 : -1;
}

/* Receive a message into BUF (room for N) and up to SPAWN_FDS fds.
 * Returns its length, or -1. */
static ssize_t recv_all(int sock, void *buf, size_t n, int *fds, int *nfds)
{
	union { struct cmsghdr h; char room[CMSG_SPACE(sizeof(int) * SPAWN_FDS)]; } ctl;
	struct iovec iov = { buf, n };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.room,
			      .msg_controllen = sizeof(ctl.room) };
	ssize_t k;

	while ((k = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
		;
	if (nfds)
		*nfds = 0;
	for (struct cmsghdr *h = CMSG_FIRSTHDR(&msg); k > 0 && nfds && h; h = CMSG_NXTHDR(&msg, h))
		if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_RIGHTS) {
			*nfds = (int)((h->cmsg_len - CMSG_LEN(0)) / sizeof(int));
			memcpy(fds, CMSG_DATA(h), sizeof(int) * (size_t)*nfds);
		}
	return k;
}

/* The strings of a request, NUL-terminated one after another, into
 * WORDS (room for N pointers). Returns the next unread byte. */
static char *take_words(char *at, const char *end, char **words, uint32_t n)
{
	for (uint32_t i = 0; i < n && at < end; i++) {
		words[i] = at;
		at += strlen(at) + 1;
	}
	words[n] = NULL;
	return at;
}

/* Room left above a frame of the spawner when it drops the stack above. */
#define SPAWNER_FRAME_ROOM (16u << 10)

/* Make the spawner small, so that the peak it hands its programs is a few
 * hundred KiB: give back the pages of its callers' frames (it never
 * returns to them; bench's command zeroes megabytes of them before it
 * parses its options) and of the code it was forked with (they come back
 * as it runs), then reset its peak to what it holds (clear_refs 5).
 * HERE is in the spawner's own frame. */
static void make_spawner_small(const void *here)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t from = ((uintptr_t)here + SPAWNER_FRAME_ROOM + page - 1) & ~(page - 1);
	unsigned long lo, hi;
	char line[512], perms[8];
	FILE *f = fopen("/proc/self/maps", "re");
	int fd;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3)
			continue;
		if (strstr(line, "[stack]") && from > lo && from < hi)
			madvise((void *)from, hi - from, MADV_DONTNEED);
		/* code is never written: its pages are the file's */
		else if (!strcmp(perms, "r-xp") && strchr(line, '/'))
			madvise((void *)lo, hi - lo, MADV_DONTNEED);
	}
	if (f)
		fclose(f);
	fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (write(fd, "5", 1) < 0)
			fd = -fd;
		close(fd < 0 ? -fd : fd);
	}
}

/* Serve requests until the socket closes (bench has ended). */
static void spawner_serve(int sock)
{
	char *buf = malloc(SPAWN_MSG_MAX + 1);

	make_spawner_small(&buf);
	{
		/* first word: how small it became */
		process me = { .pid = getpid() };
		uint64_t peak = process_peak_rss_bytes(&me);

		if (send_all(sock, &peak, sizeof(peak), NULL, 0))
			_exit(1);
	}
	while (buf) {
		int fds[SPAWN_FDS], nfds;
		ssize_t n = recv_all(sock, buf, SPAWN_MSG_MAX, fds, &nfds);
		spawn_head h;
		spawn_reply r = { 0, EINVAL };
		spawn_end end;
		char **argv, **envp, *at;
		process_spec spec;
		pid_t pid;

		if (n <= 0)
			break;
		buf[n] = '\0';
		memcpy(&h, buf, sizeof(h));
		argv = malloc((h.nargv + 1 + h.nenv + 1) * sizeof(*argv));
		if (argv && (size_t)n >= sizeof(h) && nfds == 2 + h.has_stderr) {
			envp = argv + h.nargv + 1;
			memset(&spec, 0, sizeof(spec));
			spec.path = at = buf + sizeof(h);
			at += strlen(at) + 1;
			spec.dir = h.has_dir ? at : NULL;
			at += h.has_dir ? strlen(at) + 1 : 0;
			at = take_words(at, buf + n, argv, h.nargv);
			take_words(at, buf + n, envp, h.nenv);
			spec.argv = argv;
			spec.envp = envp;
			spec.stderr_fd = h.has_stderr ? fds[2] : -1;
			r.err = start_local(&spec, fds[0], fds[1], &pid);
			r.pid = r.err ? 0 : pid;
		}
		free(argv);
		for (int i = 0; i < nfds; i++)
			close(fds[i]);
		if (send_all(sock, &r, sizeof(r), NULL, 0))
			break;
		if (r.err)
			continue;
		memset(&end, 0, sizeof(end));
		while (wait4(r.pid, &end.status, 0, &end.ru) < 0 && errno == EINTR)
			;
		if (send_all(sock, &end, sizeof(end), NULL, 0))
			break;
	}
	_exit(0);
}

/* At exit: the spawner goes with us, reaped, not left an orphan. */
static void spawner_stop(void)
{
	if (!spawner_pid)
		return;
	close(spawner_sock);
	kill(spawner_pid, SIGKILL);
	while (waitpid(spawner_pid, NULL, 0) < 0 && errno == EINTR)
		;
	spawner_pid = 0;
	spawner_sock = -1;
}

int process_spawner_start(char *err, size_t errlen)
{
	int sv[2];

	if (spawner_pid)
		return 0;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv)) {
		snprintf(err, errlen, "no socket for the spawner: %s", strerror(errno));
		return -1;
	}
	spawner_pid = fork();
	if (spawner_pid < 0) {
		snprintf(err, errlen, "no process for the spawner: %s", strerror(errno));
		spawner_pid = 0;
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (!spawner_pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(sv[0]);
		/* nothing of bench's but the socket */
		if (sv[1] != STDERR_FILENO + 1) {
			dup2(sv[1], STDERR_FILENO + 1);
			sv[1] = STDERR_FILENO + 1;
		}
		close_range(STDERR_FILENO + 2, ~0U, 0);
		spawner_serve(sv[1]);
	}
	close(sv[1]);
	spawner_sock = sv[0];
	atexit(spawner_stop);
	if (recv_all(spawner_sock, &spawner_peak, sizeof(spawner_peak), NULL, NULL) !=
	    (ssize_t)sizeof(spawner_peak))
		spawner_peak = 0;
	return 0;
}

uint64_t process_spawner_peak(void)
{
	return spawner_peak;
}

/* Start P through the spawner. Returns 0, or an errno. */
static int start_remote(const process_spec *p, int in, int out, pid_t *pid)
{
	spawn_head h = { 0 };
	size_t bytes = sizeof(h) + strlen(p->path) + 1 + (p->dir ? strlen(p->dir) + 1 : 0);
	int fds[SPAWN_FDS] = { in, out, p->stderr_fd };
	spawn_reply r;
	char *buf, *at;

	for (char *const *a = p->argv; *a; a++, h.nargv++)
		bytes += strlen(*a) + 1;
	for (char *const *e = p->envp; *e; e++, h.nenv++)
		bytes += strlen(*e) + 1;
	if (bytes > SPAWN_MSG_MAX || !(buf = malloc(bytes)))
		return E2BIG;
	h.has_dir = p->dir != NULL;
	h.has_stderr = p->stderr_fd >= 0;
	h.bytes = (uint32_t)bytes;
	memcpy(buf, &h, sizeof(h));
	at = buf + sizeof(h);
	at = stpcpy(at, p->path) + 1;
	if (p->dir)
		at = stpcpy(at, p->dir) + 1;
	for (char *const *a = p->argv; *a; a++)
		at = stpcpy(at, *a) + 1;
	for (char *const *e = p->envp; *e; e++)
		at = stpcpy(at, *e) + 1;
	if (send_all(spawner_sock, buf, bytes, fds, 2 + h.has_stderr) ||
	    recv_all(spawner_sock, &r, sizeof(r), NULL, NULL) != (ssize_t)sizeof(r)) {
		free(buf);
		return EPIPE;
	}
	free(buf);
	*pid = r.pid;
	return r.err;
}

int process_spawn(const process_spec *p, process *ch, char *why, size_t whylen)
{
	int in[2] = { -1, -1 }, out[2] = { -1, -1 }, e;
	bool remote = p->own_peak && spawner_pid && !spawner_busy;

	process_reset(ch);
	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) {
		snprintf(why, whylen, "no pipe for '%s': %s", p->path, strerror(errno));
		goto fail;
	}
	e = remote ? start_remote(p, in[0], out[1], &ch->pid) : start_local(p, in[0], out[1], &ch->pid);
	if (e) {
		snprintf(why, whylen, "cannot start '%s': %s%s", p->path, strerror(e),
			 e == ENOENT ? " (a missing interpreter in its '#!' line?)"
			 : e == ENOEXEC ? " (not a program this machine runs)" : "");
		ch->pid = 0;
		goto fail;
	}
	ch->remote = remote;
	spawner_busy |= remote;
	process_close(&out[1]);
	ch->in = in[1];
	ch->in_reader = in[0];
	ch->out = out[0];
	process_watch(ch);
	return 0;
fail:
	process_close(&in[0]);
	process_close(&in[1]);
	process_close(&out[0]);
	process_close(&out[1]);
	return -1;
}

/* The CPU time the program has used (ns), or 0 when unknown. */
uint64_t process_cpu_ns(const process *ch)
{
	struct timespec ts;

	if (!ch->have_clock || clock_gettime(ch->clock, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

/* Its resident bytes now, from /proc/PID/statm (about 1 us), or 0. */
uint64_t process_rss_bytes(const process *ch)
{
	char buf[128];
	unsigned long size, resident;
	ssize_t n = ch->statm >= 0 ? pread(ch->statm, buf, sizeof(buf) - 1, 0) : -1;

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (sscanf(buf, "%lu %lu", &size, &resident) != 2)
		return 0;
	return (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Its peak resident bytes so far (VmHWM of /proc/PID/status), or 0. */
uint64_t process_peak_rss_bytes(const process *ch)
{
	char path[64], line[256];
	unsigned long kib = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/status", (long)ch->pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmHWM: %lu kB", &kib) == 1)
			break;
	fclose(f);
	return (uint64_t)kib * BYTES_PER_KIB;
}

static uint64_t timeval_ns(const struct timeval *t)
{
	return (uint64_t)t->tv_sec * NS_PER_S + (uint64_t)t->tv_usec * 1000u;
}

uint64_t process_rusage_cpu_ns(const process *ch)
{
	return timeval_ns(&ch->ru.ru_utime) + timeval_ns(&ch->ru.ru_stime) + ch->others_cpu_ns;
}

uint64_t process_rusage_rss_bytes(const process *ch)
{
	return (uint64_t)ch->ru.ru_maxrss * BYTES_PER_KIB;
}

int process_unread(const process *ch)
{
	int n = 0;

	if (ch->in_reader < 0 || ioctl(ch->in_reader, FIONREAD, &n))
		return 0;
	return n;
}

/* Wait for the program's end (it has ended, or been killed). */
/* The spawner's word that its program ended. */
static void reap_remote(process *ch)
{
	spawn_end end;

	memset(&end, 0, sizeof(end));
	if (recv_all(spawner_sock, &end, sizeof(end), NULL, NULL) == (ssize_t)sizeof(end)) {
		ch->status = end.status;
		ch->ru = end.ru;
	}
	ch->reaped = true;
	spawner_busy = false;
}

void process_reap(process *ch)
{
	if (!ch->pid || ch->reaped)
		return;
	if (ch->remote) {
		reap_remote(ch);
		return;
	}
	while (wait4(ch->pid, &ch->status, 0, &ch->ru) < 0 && errno == EINTR)
		;
	ch->reaped = true;
}

/* Reap the program if it ends within GRACE_NS (0: if it has ended). */
void process_wait(process *ch, uint64_t grace_ns)
{
	uint64_t until = pb_wall_ns() + grace_ns;
	const struct timespec nap = { 0, (long)NS_PER_MS };

	if (ch->pid && !ch->reaped && ch->remote) {
		struct pollfd p = { .fd = spawner_sock, .events = POLLIN };
		int ms = (int)((grace_ns + NS_PER_MS - 1) / NS_PER_MS);

		while (poll(&p, 1, ms) < 0 && errno == EINTR)
			;
		if (p.revents)
			reap_remote(ch);
		return;
	}
	while (ch->pid && !ch->reaped) {
		pid_t r = wait4(ch->pid, &ch->status, WNOHANG, &ch->ru);

		if (r == ch->pid)
			ch->reaped = true;
		else if ((r < 0 && errno != EINTR) || pb_wall_ns() >= until)
			break;
		else if (r == 0)
			nanosleep(&nap, NULL);
	}
}

/* What a scan of /proc finds of one process group. */
typedef struct group_scan {
	bool running;           /* a process of it runs (or waits on a disk) */
	uint64_t ticks;         /* the CPU clock ticks of all its processes */
	uint64_t others_ticks;  /* of all but its leader, with the ticks of the
				 * children they reaped */
} group_scan;

/* Scan /proc for the processes of group PGID into G. */
static void scan_group(pid_t pgid, group_scan *g)
{
	DIR *dir = opendir("/proc");
	struct dirent *e;

	memset(g, 0, sizeof(*g));
	if (!dir)
		return;
	while ((e = readdir(dir))) {
		char path[300], buf[1024], state, *paren;
		unsigned long long utime, stime, cutime, cstime;
		int pid, pgrp, fd;
		ssize_t n;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		/* after the name in parentheses: state ppid pgrp session tty
		 * tpgid flags, four fault counts, utime stime cutime cstime */
		paren = strrchr(buf, ')');
		if (!paren || sscanf(paren + 1, " %c %*d %d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
				     &state, &pgrp, &utime, &stime, &cutime, &cstime) != 6 || pgrp != pgid)
			continue;
		pid = atoi(e->d_name);
		g->running |= state == 'R' || state == 'D';
		g->ticks += utime + stime;
		if (pid != pgid)
			g->others_ticks += utime + stime + cutime + cstime;
	}
	closedir(dir);
}

/* Kill the program's process group and reap it (KILLED says whether it
 * was still there). */
void process_kill(process *ch)
{
	if (!ch->pid)
		return;
	process_wait(ch, 0);
	if (!ch->reaped) {
		group_scan g;

		/* what the group's other processes used, which no wait4 of
		 * ours will count once they are killed (the program behind a
		 * wrapper that does not exec it) */
		scan_group(ch->pid, &g);
		ch->others_cpu_ns = g.others_ticks * NS_PER_S / (uint64_t)sysconf(_SC_CLK_TCK);
		if (kill(-ch->pid, SIGKILL))
			kill(ch->pid, SIGKILL);
		ch->killed = true;
	}
	process_reap(ch);
	/* what it left behind in its group */
	kill(-ch->pid, SIGKILL);
}

/* Close everything of CH's and forget it (killed first when KILL). */
void process_end(process *ch)
{
	process_kill(ch);
	process_close(&ch->in);
	process_close(&ch->in_reader);
	process_close(&ch->out);
	process_close(&ch->statm);
	process_reset(ch);
}

/* How the program ended, for a note: WHEN ("before answering") after. */
void process_describe_end(const process *ch, char *why, size_t whylen, const char *when)
{
	const char *gap = *when ? " " : "";

	if (ch->killed)
		snprintf(why, whylen, "the program closed its output%s%s", gap, when);
	else if (WIFSIGNALED(ch->status))
		snprintf(why, whylen, "the program died of signal %d (%s)%s%s", WTERMSIG(ch->status),
			 strsignal(WTERMSIG(ch->status)), gap, when);
	else
		snprintf(why, whylen, "the program exited (status %d)%s%s", WEXITSTATUS(ch->status),
			 gap, when);
}

bool process_group_busy(const process *ch, uint64_t *ticks)
{
	group_scan g;

	scan_group(ch->pid, &g);
	if (g.ticks != *ticks) {
		bool first = *ticks == 0;

		*ticks = g.ticks;
		return g.running || !first;
	}
	return g.running;
}

/* The executable WORD names: a path, or found on PATH. Returns a string
 * to free (absolute where it could be made so), or NULL with why. */
char *process_find(const char *word, char *err, size_t errlen)
{
	const char *path = getenv("PATH");
	char full[PATH_MAX], *abs;
	struct stat st;

	if (strchr(word, '/')) {
		if (stat(word, &st) || !S_ISREG(st.st_mode) || access(word, X_OK)) {
			snprintf(err, errlen, "cannot start '%s': %s", word,
				 stat(word, &st) ? strerror(errno) : !S_ISREG(st.st_mode)
				 ? "not a file" : "not executable (chmod +x?)");
			return NULL;
		}
		abs = realpath(word, NULL);
		return abs ? abs : strdup(word);
	}
	for (const char *dir = path && *path ? path : "/usr/bin:/bin"; dir; ) {
		const char *colon = strchr(dir, ':');
		size_t n = colon ? (size_t)(colon - dir) : strlen(dir);

		snprintf(full, sizeof(full), "%.*s%s%s", (int)n, dir, n ? "/" : "", word);
		if (!stat(full, &st) && S_ISREG(st.st_mode) && !access(full, X_OK)) {
			abs = realpath(full, NULL);
			return abs ? abs : strdup(full);
		}
		dir = colon ? colon + 1 : NULL;
	}
	snprintf(err, errlen, "cannot start '%s': not found on PATH", word);
	return NULL;
}

int process_write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}
