/* SIGINT and SIGTERM as a request to stop: a flag the runner hands to every
 * search (pb_search.stop), so the solve in flight ends 'interrupted' and the
 * command writes what finished. */
#ifndef SIGNALS_H
#define SIGNALS_H

#include <signal.h>

/* Clear the flag and catch SIGINT and SIGTERM. Returns the flag: the number
 * of the signal that came, 0 while none has. */
const volatile sig_atomic_t *signals_catch(void);

/* Give SIGINT and SIGTERM back their default actions. */
void signals_restore(void);

#endif
