/* SIGINT and SIGTERM. While a command catches them (signals_catch), the
 * first is a request to stop: a flag the runner hands to every search
 * (pb_search.stop), so the solve in flight ends 'interrupted' and the
 * command writes what finished. A second stops at once. Stopping at once
 * (the second signal, or any signal while no command catches them)
 * removes the temporary files being written (outfile.c registers them
 * here), then dies of the signal as it would have without a handler: no
 * '*.tmp.*' file outlives the process. */
#ifndef SIGNALS_H
#define SIGNALS_H

#include <signal.h>

/* Temporary files registered at once, at most. */
#define SIGNALS_MAX_FILES 8

/* Clear the flag and catch SIGINT and SIGTERM. Returns the flag: the number
 * of the signal that came, 0 while none has. */
const volatile sig_atomic_t *signals_catch(void);

/* Stop catching: SIGINT and SIGTERM stop at once again (and take their
 * default actions when no file is registered). */
void signals_restore(void);

/* Have a stop at once remove PATH (which must outlive the registration).
 * Returns the slot to hand to signals_forget, or -1 when all are taken
 * (the file is then not removed). */
int signals_remove_on_stop(const char *path);

/* Forget the file in SLOT (-1: none). */
void signals_forget(int slot);

#endif
