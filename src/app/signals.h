/* signals.h — what the `sward` command does on SIGINT, SIGTERM and SIGHUP: every temporary file goes (an
 * encoder it started is stopped first, so that it cannot create its output again), the outputs being committed
 * are finished first (core_atomic_interrupt), and the signal then ends the process as it would have (exit
 * status 128 + N in a shell). Installed once by main for every subcommand. */
#ifndef SWARD_APP_SIGNALS_H
#define SWARD_APP_SIGNALS_H

#include <sys/types.h>

void app_signals_install(void);
/* The child process (ffmpeg) killed before the temporaries are removed; 0 for none. */
void app_signals_child(pid_t pid);

#endif
