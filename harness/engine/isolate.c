#include "harness/engine/isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/engine/process.h"

#define BYTES_PER_KIB 1024u
#define NS_PER_US 1000ULL
#define NS_PER_S 1000000000ULL
/* How often the parent looks at the child's memory and clock. */
#define WATCH_INTERVAL_MS 10
/* Resident memory a child may have beyond its allocation limit before it
 * counts as runaway: a share of the limit plus a fixed allowance for the
 * allocator's own overhead, the stack and the code. A sanitizer build
 * keeps freed blocks in quarantine and shadow memory beside the heap, so
 * it gets a generous allowance. */
#ifdef PB_SANITIZED
#define RSS_SLACK_SHARE 1
#define RSS_SLACK_FIXED (512ULL << 20)
#else
#define RSS_SLACK_SHARE 4
#define RSS_SLACK_FIXED (16ULL << 20)
#endif
/* A child gets this much past its time limit (half the limit plus a
 * second) before it is killed: a solver polls the clock itself and stops
 * within 10%, so only one that ignores it comes this far. */
#define TIME_GRACE_DIVISOR 2
#define TIME_GRACE_FIXED_NS NS_PER_S
/* After the stop flag: how long a child has to end by itself. */
#define STOP_GRACE_NS (2 * NS_PER_S)

/* What the child sends back. */
typedef struct answer {
	timer_batch batch;
	uint64_t rss_added;
	pb_path path;
} answer;

uint64_t isolate_self_rss(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		return 0;
	return (uint64_t)ru.ru_maxrss * BYTES_PER_KIB;
}

static uint64_t timeval_ns(const struct timeval *t)
{
	return (uint64_t)t->tv_sec * NS_PER_S + (uint64_t)t->tv_usec * NS_PER_US;
}

/* Resident bytes of process PID now (from /proc), or 0 when unknown. */
static uint64_t rss_now(pid_t pid)
{
	char path[64];
	unsigned long size, resident;
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/proc/%ld/statm", (long)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	n = fscanf(f, "%lu %lu", &size, &resident);
	fclose(f);
	return n == 2 ? (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE) : 0;
}

/* The value in kB of the line "KEY: N kB" in TEXT, in bytes, or 0. */
static uint64_t status_field(const char *text, const char *key)
{
	size_t len = strlen(key);

	for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		unsigned long long kb;

		if (!strncmp(p, key, len) && p[len] == ':' &&
		    sscanf(p + len + 1, "%llu", &kb) == 1)
			return (uint64_t)kb * BYTES_PER_KIB;
	}
	return 0;
}

/* KEY ("VmRSS", "VmHWM") of this process from /proc/self/status, in
 * bytes, or 0 when unknown. Read into the stack: no allocation. */
static uint64_t proc_self(const char *key)
{
	char text[4096];
	ssize_t n, got = 0;
	int fd = open("/proc/self/status", O_RDONLY);

	if (fd < 0)
		return 0;
	while (got < (ssize_t)sizeof(text) - 1 &&
	       (n = read(fd, text + got, sizeof(text) - 1 - (size_t)got)) > 0)
		got += n;
	close(fd);
	text[got] = '\0';
	return status_field(text, key);
}

/* Reset this process's resident high-water mark to its resident size
 * (clear_refs "5", Linux 4.0 on). Returns 0, or -1 where it cannot. */
static int reset_peak(void)
{
	int fd = open("/proc/self/clear_refs", O_WRONLY), rc;

	if (fd < 0)
		return -1;
	rc = write(fd, "5", 1) == 1 ? 0 : -1;
	close(fd);
	return rc;
}

/* In the child: measure T under P, and what the measurement added to the
 * resident set, into A. */
static void measure_in_child(const timer_solve *t, const timer_plan *p, unsigned known,
			     answer *a)
{
	bool by_proc = !reset_peak();
	uint64_t before = by_proc ? proc_self("VmRSS") : 0, after = 0;

	if (!before) {
		by_proc = false;
		before = isolate_self_rss();
	}
	timer_measure(t, p, known, &a->batch, &a->path);
	if (by_proc)
		after = proc_self("VmHWM");
	if (!after)
		after = isolate_self_rss();
	a->rss_added = after > before ? after - before : 0;
}

static void run_child(int fd, pid_t parent, const timer_solve *t, const timer_plan *p,
		      unsigned known, const void *carry, size_t carry_size)
{
	answer a;

	/* die with the bench process, even when it is killed */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	memset(&a, 0, sizeof(a));
	measure_in_child(t, p, known, &a);
	/* _exit: no atexit handlers, no stdio buffers of the parent's flushed */
	_exit(process_write_all(fd, &a, sizeof(a)) ||
	      (carry_size && process_write_all(fd, carry, carry_size)) ? 1 : 0);
}

/* Why the child is being killed, if it is. */
typedef struct watch {
	pid_t pid;
	uint64_t rss_cap;     /* 0: none */
	uint64_t kill_at_ns;  /* 0: none */
	uint64_t stop_at_ns;  /* after the stop flag: 0 not yet */
	isolate_outcome killed_for; /* ISOLATE_ANSWERED: not killed */
} watch;

static void kill_child(watch *w, isolate_outcome why)
{
	if (w->killed_for != ISOLATE_ANSWERED)
		return;
	w->killed_for = why;
	kill(w->pid, SIGKILL);
}

/* Look at the child's memory, clock and the stop flag. */
static void check_child(watch *w, const timer_solve *limits)
{
	uint64_t now = pb_wall_ns();

	if (w->rss_cap && rss_now(w->pid) > w->rss_cap)
		kill_child(w, ISOLATE_MEMOUT);
	else if (w->kill_at_ns && now > w->kill_at_ns)
		kill_child(w, ISOLATE_TIMEOUT);
	else if (limits->stop && *limits->stop) {
		if (!w->stop_at_ns) {
			/* it may not have had the signal (a SIGTERM to us alone) */
			kill(w->pid, SIGTERM);
			w->stop_at_ns = now + STOP_GRACE_NS;
		} else if (now > w->stop_at_ns) {
			kill_child(w, ISOLATE_STOPPED);
		}
	}
}

/* Read the child's answer, WANT bytes, into BUF from FD while watching
 * it. Returns the bytes read. */
static size_t read_answer(int fd, char *buf, size_t want, watch *w, const timer_solve *limits)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	size_t got = 0;

	for (;;) {
		int n = poll(&p, 1, WATCH_INTERVAL_MS);
		ssize_t k;

		if (n < 0 && errno != EINTR)
			break;
		if (n <= 0) {
			check_child(w, limits);
			continue;
		}
		k = got < want ? read(fd, buf + got, want - got) : 0;
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
		check_child(w, limits);
	}
	return got;
}

static void describe_end(isolate_result *r, int status, size_t got, size_t want)
{
	r->outcome = ISOLATE_CRASHED;
	if (WIFSIGNALED(status))
		snprintf(r->note, sizeof(r->note), "the solver's process died of signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status) && WEXITSTATUS(status))
		snprintf(r->note, sizeof(r->note), "the solver's process exited with status %d",
			 WEXITSTATUS(status));
	else if (got != want)
		snprintf(r->note, sizeof(r->note), "the solver's process sent %zu of %zu bytes",
			 got, want);
	else
		r->outcome = ISOLATE_ANSWERED;
}

static void set_watch(watch *w, pid_t pid, uint64_t baseline, const timer_solve *limits,
		      uint64_t start_ns)
{
	memset(w, 0, sizeof(*w));
	w->pid = pid;
	w->killed_for = ISOLATE_ANSWERED;
	if (limits->mem_limit)
		w->rss_cap = baseline + limits->mem_limit +
			     limits->mem_limit / RSS_SLACK_SHARE + RSS_SLACK_FIXED;
	if (limits->time_limit_ns)
		w->kill_at_ns = start_ns + limits->time_limit_ns +
				limits->time_limit_ns / TIME_GRACE_DIVISOR + TIME_GRACE_FIXED_NS;
}

int isolate_solve(const timer_solve *t, const timer_plan *p, unsigned known, void *carry,
		  size_t carry_size, isolate_result *r)
{
	static const char *const killed_note[] = {
		[ISOLATE_MEMOUT] = "killed: its resident memory ran past the memory limit",
		[ISOLATE_TIMEOUT] = "killed: it ran far past its time limit",
		[ISOLATE_STOPPED] = "killed: it did not stop when asked",
	};
	uint64_t baseline = rss_now(getpid()), start_ns, peak;
	pid_t parent = getpid(), pid;
	struct rusage ru;
	answer a;
	watch w;
	size_t got;
	int fds[2], status = 0;
	/* the answer, then the carried bytes */
	char *buf = malloc(sizeof(a) + (carry ? carry_size : 0));

	memset(r, 0, sizeof(*r));
	if (!carry)
		carry_size = 0;
	if (!buf) {
		snprintf(r->note, sizeof(r->note), "no memory for the solver's answer");
		return -1;
	}
	if (pipe(fds)) {
		free(buf);
		snprintf(r->note, sizeof(r->note), "no pipe for the solver's process: %s",
			 strerror(errno));
		return -1;
	}
	start_ns = pb_wall_ns();
	pid = fork();
	if (pid < 0) {
		snprintf(r->note, sizeof(r->note), "no process for the solver: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		free(buf);
		return -1;
	}
	if (!pid) {
		close(fds[0]);
		run_child(fds[1], parent, t, p, known, carry, carry_size);
	}
	close(fds[1]);
	set_watch(&w, pid, baseline, t, start_ns);
	memset(buf, 0, sizeof(a) + carry_size);
	got = read_answer(fds[0], buf, sizeof(a) + carry_size, &w, t);
	close(fds[0]);
	memcpy(&a, buf, sizeof(a));
	memset(&ru, 0, sizeof(ru));
	while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
		;
	peak = (uint64_t)ru.ru_maxrss * BYTES_PER_KIB;
	r->rss_bytes = peak > baseline ? peak - baseline : 0;
	r->wall_ns = pb_wall_ns() - start_ns;
	r->cpu_ns = timeval_ns(&ru.ru_utime) + timeval_ns(&ru.ru_stime);
	if (w.killed_for != ISOLATE_ANSWERED) {
		r->outcome = w.killed_for;
		snprintf(r->note, sizeof(r->note), "%s", killed_note[w.killed_for]);
		free(buf);
		return 0;
	}
	describe_end(r, status, got, sizeof(a) + carry_size);
	if (r->outcome == ISOLATE_ANSWERED && carry_size)
		memcpy(carry, buf + sizeof(a), carry_size);
	free(buf);
	if (r->outcome != ISOLATE_ANSWERED)
		return 0;
	r->batch = a.batch;
	r->batch.search.message[sizeof(r->batch.search.message) - 1] = '\0';
	/* the child's pointers mean nothing here */
	r->batch.search.stop = NULL;
	r->rss_bytes = a.rss_added;
	r->path = a.path;
	return 0;
}
