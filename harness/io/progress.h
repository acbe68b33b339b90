/* A progress line on standard error, only when it is a terminal: done/total,
 * time elapsed, and an estimate of the time left, redrawn at most five times
 * a second. */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct progress {
	const char *what; /* "solves" */
	uint64_t done, total, start_ns, last_ns;
	bool tty;
	bool drawn; /* the line is on the terminal now */
} progress;

/* Start counting toward TOTAL units called WHAT. */
void progress_start(progress *p, const char *what, uint64_t total);

/* N more units done; redraw if it is time. */
void progress_tick(progress *p, uint64_t n);

/* Erase the line, if drawn, so that other text can go to the terminal;
 * the next tick draws it again. */
void progress_clear(progress *p);

/* Erase the line. */
void progress_end(progress *p);

#endif
