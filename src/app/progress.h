/* A progress bar on stderr for renders of many frames (progress.c): frames done of the total, frames per
 * second, time left; redrawn in place with '\r' at most 10 times a second, and cleared at the end. Only when
 * stderr is a terminal: otherwise (a file, a pipe, CI logs) it prints nothing at all. */
#ifndef SWARD_APP_PROGRESS_H
#define SWARD_APP_PROGRESS_H
#include <stdbool.h>
#include <stdint.h>

typedef struct app_progress {
    bool on;
    uint64_t total;
    double t0, drawn_at;
} app_progress;

/* `wanted`: the command would show one (more than one frame, no --quiet); it is shown if stderr is a tty. */
void app_progress_start(app_progress *p, uint64_t total, bool wanted);
void app_progress_update(app_progress *p, uint64_t done);
/* Clears the bar's line (before the command's last message). */
void app_progress_end(app_progress *p);

#endif
