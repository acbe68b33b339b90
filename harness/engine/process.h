/* Running another program and watching it: its words split as a shell
 * would (no shell run), found on PATH, started with pipes as its standard
 * input and output in a process group of its own (killed with us), its CPU
 * time, resident memory and end read from the kernel. The external
 * solvers' engine room (external.c). */
#ifndef PROCESS_H
#define PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

/* A started program. */
typedef struct process {
	pid_t pid;       /* 0: none; also its process group */
	int in, out;     /* our ends of its standard input and output; -1: closed */
	int in_reader;   /* a copy of its input's read end: what it left unread */
	int statm;       /* /proc/PID/statm, or -1 */
	clockid_t clock; /* its CPU clock */
	bool have_clock;
	bool reaped;
	bool killed;     /* by us, while it ran */
	bool remote;     /* started by the spawner, which reaps it */
	int status;      /* as wait4 gave it, once reaped */
	struct rusage ru;
	/* CPU time of the other processes of its group when we killed it,
	 * which its rusage lacks (they were not reaped by it) */
	uint64_t others_cpu_ns;
} process;

/* What to start. */
typedef struct process_spec {
	const char *path;   /* the executable */
	char *const *argv;
	char *const *envp;
	const char *dir;    /* its working directory; NULL: ours */
	int stderr_fd;      /* its standard error; -1: ours */
	/* start it through the spawner (process_spawner_start), so that its
	 * peak resident set from wait4 is its own and not also ours */
	bool own_peak;
} process_spec;

/* Split COMMAND into words: blanks separate them, '...' is taken as is,
 * "..." with \" \\ \$ \` escapes, a backslash outside quotes takes the
 * next character. A NULL-terminated array in one block (free() it), or
 * NULL with why in ERR. */
char **process_split(const char *command, char *err, size_t errlen);

/* The executable WORD names (a path, or a name found on PATH), made
 * absolute where it can be. A string to free, or NULL with why in ERR. */
char *process_find(const char *word, char *err, size_t errlen);

/* Start the spawner: a fork of this process, made while it is small, that
 * starts the programs asking for their own peak (process_spec.own_peak).
 * Linux counts in a process's peak resident set the memory of the process
 * that made its exec, so a program started by bench itself would show
 * bench's size at least. Returns 0, or -1 with why in ERR. */
int process_spawner_start(char *err, size_t errlen);

/* The spawner's own peak resident bytes (about 1.8 MB: its code comes back
 * 64 KiB at a time as it runs), which its programs' peaks cannot go
 * below; 0 when there is no spawner. */
uint64_t process_spawner_peak(void);

/* P as no process. */
void process_reset(process *p);

/* Start SPEC into P. An exec that fails is reported here. Returns 0, or
 * -1 with why in WHY. */
int process_spawn(const process_spec *spec, process *p, char *why, size_t whylen);

/* For a process started otherwise (a fork) whose pid P holds: its clock
 * and memory file. */
void process_watch(process *p);

/* Its CPU time so far in ns (its clock: about 0.4 us a read), 0 unknown. */
uint64_t process_cpu_ns(const process *p);

/* Its resident bytes now (statm: about 1 us), and its peak so far
 * (VmHWM of /proc/PID/status: about 6 us); 0 unknown. */
uint64_t process_rss_bytes(const process *p);
uint64_t process_peak_rss_bytes(const process *p);

/* CPU time and peak resident bytes of a reaped process (wait4); its
 * CPU time with what the rest of its group had used when it was killed. */
uint64_t process_rusage_cpu_ns(const process *p);
uint64_t process_rusage_rss_bytes(const process *p);

/* Bytes written to its input that it has not read. */
int process_unread(const process *p);

/* Whether any process of P's group runs now, or used CPU since *TICKS
 * (the group's clock ticks, updated; 0 before the first look). A scan
 * of /proc: for a process that looks idle, not for every look. */
bool process_group_busy(const process *p, uint64_t *ticks);

/* Reap P if it ends within GRACE_NS (0: if it has ended). */
void process_wait(process *p, uint64_t grace_ns);

/* Wait for P's end (it has ended, or is killed). */
void process_reap(process *p);

/* Kill P's process group (if P still runs) and reap it. */
void process_kill(process *p);

/* Kill, reap, close everything and forget P. */
void process_end(process *p);

/* How P ended, for a note, WHEN ("before answering") after. */
void process_describe_end(const process *p, char *why, size_t whylen, const char *when);

/* Close *FD if open and set it to -1. */
void process_close(int *fd);

/* Write all N bytes of BUF to FD, again where a signal cut a write short.
 * Returns 0, or -1. Safe in a child between fork and _exit (it calls
 * write alone). */
int process_write_all(int fd, const void *buf, size_t n);

#endif
