#include "harness/engine/signals.h"

#include <string.h>

/* The harness's one mutable global: a signal handler can reach nothing
 * else. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

static void set_handler(void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

const volatile sig_atomic_t *signals_catch(void)
{
	stop_signal = 0;
	set_handler(on_signal);
	return &stop_signal;
}

void signals_restore(void)
{
	set_handler(SIG_DFL);
}
