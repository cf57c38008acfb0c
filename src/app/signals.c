/* signals.c — the command's handler of SIGINT, SIGTERM and SIGHUP (signals.h). */
#define _POSIX_C_SOURCE 200809L /* sigaction, kill */
#include "signals.h"

#include "core/core.h"

#include <signal.h>
#include <stdatomic.h>
#include <sys/wait.h>

static atomic_int child;

void app_signals_child(pid_t pid)
{
    atomic_store(&child, (int)pid);
}

static void on_signal(int sig)
{
    if (!core_atomic_interrupt(sig)) return; /* a set of files is being renamed: raised again once it is in place */
    pid_t pid = (pid_t)atomic_exchange(&child, 0);
    if (pid > 0) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        core_atomic_remove_all(); /* anything the child wrote under a temporary name before it died */
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void app_signals_install(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
        struct sigaction sa = {.sa_handler = on_signal, .sa_flags = SA_RESTART};
        sigemptyset(&sa.sa_mask);
        for (size_t j = 0; j < sizeof sigs / sizeof sigs[0]; j++)
            sigaddset(&sa.sa_mask, sigs[j]); /* one handler at a time on a thread */
        sigaction(sigs[k], &sa, NULL);
    }
}
