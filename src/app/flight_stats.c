/* flight_stats.c — the flight benchmark's summary (SPEC BX5, BX7; flight_stats.h): "teleports included once
 * the visible tiles are ready" is read as: the frames from a teleport until the stats say no visible tile is
 * missing are the teleport's fill, reported apart, and the no-hitch criteria (largest frame <= 1.5 x the
 * median, GPU ms and wall ms) are judged over the other frames. The rendering thread's CPU ceiling holds on every
 * frame, teleports included: a fill is GPU work the player waits for, never a reason for the CPU to stall. */
#include "flight_stats.h"

#include <math.h>
#include <stdlib.h>

#define MIB (1024.0 * 1024.0)

void flight_mark_fills(flight_sample *frames, uint32_t n)
{
    bool in_fill = false;
    for (uint32_t i = 0; i < n; i++) {
        in_fill = frames[i].teleport || (in_fill && frames[i].tiles_missing > 0);
        frames[i].fill = in_fill;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double flight_value(const flight_sample *f, flight_series s)
{
    switch (s) {
    case FLIGHT_CPU: return f->cpu_thread_ms;
    case FLIGHT_WALL: return f->wall_ms;
    default: return f->gpu_ms;
    }
}

/* The series' median and max over the frames (only those outside a fill when ready_only). */
static flight_span span(const flight_sample *frames, uint32_t n, flight_series series, bool ready_only)
{
    flight_span s = {NAN, NAN, 0};
    double *v = malloc((n ? n : 1) * sizeof *v);
    if (!v) return s;
    for (uint32_t i = 0; i < n; i++)
        if (!ready_only || !frames[i].fill) v[s.n++] = flight_value(&frames[i], series);
    if (s.n) {
        qsort(v, s.n, sizeof *v, cmp_double);
        s.median = s.n % 2 ? v[s.n / 2] : 0.5 * (v[s.n / 2 - 1] + v[s.n / 2]);
        s.max = v[s.n - 1];
    }
    free(v);
    return s;
}

/* The rendering thread's CPU ms: median, 99th percentile (nearest rank) and max, over every frame. */
static flight_cpu cpu_span(const flight_sample *frames, uint32_t n)
{
    flight_cpu c = {NAN, NAN, NAN};
    double *v = malloc((n ? n : 1) * sizeof *v);
    if (!v || !n) {
        free(v);
        return c;
    }
    for (uint32_t i = 0; i < n; i++)
        v[i] = frames[i].cpu_thread_ms;
    qsort(v, n, sizeof *v, cmp_double);
    c.median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    c.p99 = v[(size_t)ceil(0.99 * n) - 1];
    c.max = v[n - 1];
    free(v);
    return c;
}

double flight_ratio(flight_span s)
{
    return s.n && s.median > 0.0 ? s.max / s.median : NAN;
}

static flight_memory mem_span(const flight_sample *frames, uint32_t n, bool vegetation)
{
    flight_memory m = {n ? UINT64_MAX : 0, 0, NAN};
    for (uint32_t i = 0; i < n; i++) {
        uint64_t v = vegetation ? frames[i].vegetation_memory_bytes : frames[i].gpu_memory_bytes;
        if (v < m.min) m.min = v;
        if (v > m.max) m.max = v;
    }
    if (m.max > 0) m.flat = (double)(m.max - m.min) / (double)m.max;
    return m;
}

flight_summary flight_summarize(const flight_sample *frames, uint32_t n, double cpu_ceiling_ms)
{
    flight_summary s;
    s.all = span(frames, n, FLIGHT_GPU, false);
    s.ready = span(frames, n, FLIGHT_GPU, true);
    s.wall = span(frames, n, FLIGHT_WALL, false);
    s.wall_ready = span(frames, n, FLIGHT_WALL, true);
    s.cpu = cpu_span(frames, n);
    s.cpu_ceiling_ms = cpu_ceiling_ms;
    s.crit_cpu = isfinite(s.cpu.max) ? s.cpu.max <= cpu_ceiling_ms : -1;
    s.gpu = mem_span(frames, n, false);
    s.veg = mem_span(frames, n, true);
    s.veg_reported = s.veg.max > 0;
    s.judged = s.veg_reported ? s.veg : s.gpu;
    s.crit_budget = n ? (double)s.judged.max <= FLIGHT_VEGETATION_BUDGET_MIB * MIB : -1;
    s.crit_flat = isfinite(s.judged.flat) ? s.judged.flat <= FLIGHT_FLAT_LIMIT : -1;
    double q = flight_ratio(s.ready);
    s.crit_hitch = isfinite(q) ? q <= FLIGHT_HITCH_LIMIT : -1;
    q = flight_ratio(s.wall_ready);
    s.crit_wall = isfinite(q) ? q <= FLIGHT_HITCH_LIMIT : -1;
    return s;
}

/* Does frame a come before frame b in the worst-first order? */
static bool worse(const flight_sample *frames, flight_series s, uint32_t a, uint32_t b)
{
    const double x = flight_value(&frames[a], s), y = flight_value(&frames[b], s);
    return x > y || (x == y && a < b);
}

size_t flight_worst(const flight_sample *frames, uint32_t n, flight_series s, uint32_t *out, size_t k)
{
    /* insertion into the k kept so far: k is a handful, n a few thousand */
    size_t m = 0;
    for (uint32_t i = 0; i < n && k; i++) {
        if (m == k && !worse(frames, s, i, out[m - 1])) continue;
        size_t j = m < k ? m++ : m - 1;
        for (; j > 0 && worse(frames, s, i, out[j - 1]); j--)
            out[j] = out[j - 1];
        out[j] = i;
    }
    return m;
}

size_t flight_fills(const flight_sample *frames, uint32_t n, flight_fill *out, size_t cap)
{
    size_t count = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!frames[i].teleport) continue;
        flight_fill f = {i, 0, 0.0, 0};
        uint32_t j = i;
        do {
            f.max_ms = fmax(f.max_ms, frames[j].gpu_ms);
            f.generated += frames[j].tiles_generated;
            j++;
        } while (j < n && frames[j].fill && !frames[j].teleport);
        f.len = j - i;
        if (count < cap) out[count] = f;
        count++;
        i = j - 1;
    }
    return count;
}
