/* flight_stats.h — the flight benchmark's numbers (SPEC BX5), pure functions over the per-frame samples
 * that bench_flight.c records: the teleports' fills, GPU ms with and without them, the memory's range and the
 * three criteria (BX5, BX7). No GPU: unit_flight_stats tests them on made-up frames. */
#ifndef SWARD_APP_FLIGHT_STATS_H
#define SWARD_APP_FLIGHT_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct flight_sample {
    double time;    /* s of flight time */
    double gpu_ms;  /* the sum of the passes' timestamps */
    double cpu_ms;
    double cpu_thread_ms; /* the rendering thread's CPU time (sward_cpu_stats.thread_ms) */
    uint32_t pages_missing; /* BX7: world pages the windows still wait for after the frame */
    uint64_t blades_drawn, tiles;
    uint32_t tiles_generated, tiles_missing;
    bool cut;       /* the path teleports at this frame (a cut key) */
    bool teleport;  /* cut, or the frame's stats say the camera jumped */
    bool fill;      /* a teleport's fill (flight_mark_fills) */
    uint64_t gpu_memory_bytes, vegetation_memory_bytes, world_bytes, cache_bytes;
} flight_sample;

#define FLIGHT_VEGETATION_BUDGET_MIB 256.0 /* BX5's criteria */
#define FLIGHT_FLAT_LIMIT 0.05
#define FLIGHT_HITCH_LIMIT 1.5

/* A teleport's fill: the teleport's frame and the frames after it while tiles are missing (until the stats say
 * the visible tiles are ready). Sets every frame's `fill`. */
void flight_mark_fills(flight_sample *frames, uint32_t n);

typedef struct flight_span {
    double median, max; /* NAN without frames */
    uint32_t n;
} flight_span;
/* max / median, NAN without frames or with a median of 0 */
double flight_ratio(flight_span s);

typedef struct flight_memory {
    uint64_t min, max;
    double flat; /* (max - min) / max; NAN when max is 0 */
} flight_memory;

typedef struct flight_cpu {
    double median, p99, max;    /* the rendering thread's CPU ms over every frame; NAN without frames */
} flight_cpu;

typedef struct flight_summary {
    flight_span all, ready;     /* GPU ms over every frame, and over the frames outside the fills */
    flight_cpu cpu;             /* BX7: cpu_thread_ms, teleports included */
    flight_memory gpu, veg;     /* gpu_memory_bytes, vegetation_memory_bytes */
    bool veg_reported;          /* vegetation_memory_bytes is not 0 on every frame */
    flight_memory judged;       /* veg if reported, else gpu */
    int crit_budget, crit_flat, crit_hitch; /* 1 pass, 0 fail, -1 unknown */
} flight_summary;
flight_summary flight_summarize(const flight_sample *frames, uint32_t n);

typedef struct flight_fill {
    uint32_t first, len;  /* the teleport's frame, frames of fill (>= 1) */
    double max_ms;        /* the largest GPU ms among them */
    uint64_t generated;   /* tiles generated in them */
} flight_fill;
/* The fills in frame order, at most cap of them written; returns how many there are. */
size_t flight_fills(const flight_sample *frames, uint32_t n, flight_fill *out, size_t cap);

#endif
