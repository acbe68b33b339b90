#include "harness/engine/signals.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#if ATOMIC_POINTER_LOCK_FREE != 2
#error "a signal handler needs lock-free atomic pointers"
#endif

/* The harness's mutable globals, all here: a signal handler can reach
 * nothing else. */
static volatile sig_atomic_t stop_signal;
static volatile sig_atomic_t catching;  /* signals_catch is in force */
static bool installed;                  /* on_signal is the handler */
static _Atomic(const char *) doomed[SIGNALS_MAX_FILES];

static void set_handler(void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* Remove the registered files and die of SIG. Async-signal-safe: unlink,
 * sigaction and raise are. */
static void stop_at_once(int sig)
{
	for (size_t i = 0; i < SIGNALS_MAX_FILES; i++) {
		const char *path = atomic_load(&doomed[i]);

		if (path)
			unlink(path);
	}
	set_handler(SIG_DFL);
	/* blocked inside the handler: delivered, and fatal, as it returns */
	raise(sig);
}

static void on_signal(int sig)
{
	if (catching && !stop_signal) {
		stop_signal = sig;
		return;
	}
	stop_at_once(sig);
}

static bool any_registered(void)
{
	for (size_t i = 0; i < SIGNALS_MAX_FILES; i++)
		if (atomic_load(&doomed[i]))
			return true;
	return false;
}

/* Our handler while it has work (a command catching, or files to remove
 * on a stop), else the default actions. */
static void update_handler(void)
{
	bool want = catching || any_registered();

	if (want != installed)
		set_handler(want ? on_signal : SIG_DFL);
	installed = want;
}

const volatile sig_atomic_t *signals_catch(void)
{
	stop_signal = 0;
	catching = 1;
	update_handler();
	return &stop_signal;
}

void signals_restore(void)
{
	catching = 0;
	update_handler();
}

int signals_remove_on_stop(const char *path)
{
	for (int i = 0; i < SIGNALS_MAX_FILES; i++) {
		if (atomic_load(&doomed[i]))
			continue;
		atomic_store(&doomed[i], path);
		update_handler();
		return i;
	}
	return -1;
}

void signals_forget(int slot)
{
	if (slot < 0 || slot >= SIGNALS_MAX_FILES)
		return;
	atomic_store(&doomed[slot], NULL);
	update_handler();
}
