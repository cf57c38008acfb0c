/* progress.c — the progress bar of multi-frame renders (progress.h). */
#define _POSIX_C_SOURCE 200809L

#include "progress.h"

#include "args.h"

#include <stdio.h>
#include <unistd.h>

void app_progress_start(app_progress *p, uint64_t total, bool wanted)
{
    p->on = wanted && total > 1 && isatty(STDERR_FILENO);
    p->total = total;
    p->t0 = app_now();
    p->drawn_at = -1.0;
    app_progress_update(p, 0);
}

/* "1:05" or "1:02:03" */
static void clock_text(double s, char *out, size_t size)
{
    unsigned long t = (unsigned long)(s + 0.5);
    if (t >= 3600)
        snprintf(out, size, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(out, size, "%lu:%02lu", t / 60, t % 60);
}

void app_progress_update(app_progress *p, uint64_t done)
{
    if (!p->on) return;
    double now = app_now();
    if (done < p->total && p->drawn_at >= 0.0 && now - p->drawn_at < 0.1) return;
    p->drawn_at = now;
    enum { BAR = 24 };
    char bar[BAR + 1];
    uint64_t fill = p->total ? done * BAR / p->total : BAR;
    for (uint64_t i = 0; i < BAR; i++) bar[i] = i < fill ? '#' : '-';
    bar[BAR] = '\0';
    double elapsed = now - p->t0;
    char rate[32] = "-- fps", left[32] = "--:--";
    if (done > 0 && elapsed > 0.0) {
        double fps = (double)done / elapsed;
        snprintf(rate, sizeof rate, fps < 10.0 ? "%.2f fps" : "%.1f fps", fps);
        clock_text((double)(p->total - done) / fps, left, sizeof left);
    }
    fprintf(stderr, "\rsward: [%s] %llu/%llu frames  %s  %s left\033[K", bar, (unsigned long long)done,
            (unsigned long long)p->total, rate, left);
    fflush(stderr);
}

void app_progress_end(app_progress *p)
{
    if (!p->on) return;
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
    p->on = false;
}
