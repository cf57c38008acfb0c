/* flight_stats.h — the flight benchmark's numbers (SPEC BX5, BX7), pure functions over the per-frame samples
 * that bench_flight.c records: the teleports' fills, the three time series (the rendering thread's CPU ms, GPU ms,
 * wall ms) with and without the fills, the worst frames of each, the memory's range and the five criteria. No
 * GPU: unit_flight_stats tests them on made-up frames. */
#ifndef SWARD_APP_FLIGHT_STATS_H
#define SWARD_APP_FLIGHT_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct flight_sample {
    double time;    /* s of flight time */
    double gpu_ms;  /* the sum of the passes' timestamps */
    double cpu_ms;  /* the library's wall time to prepare and record the frame (sward_cpu_stats.frame_ms) */
    double cpu_thread_ms; /* the rendering thread's CPU time over the frame's sward_render_submit and
                             sward_render_wait calls (CLOCK_THREAD_CPUTIME_ID): what the frame cost that thread */
    double cpu_record_ms; /* of it, the recording's (sward_cpu_stats.thread_ms) */
    double wall_ms; /* from the frame's submit starting to its wait returning (its fence signalled) */
    uint32_t pages_missing; /* BX7: world pages the windows still wait for after the frame */
    uint32_t pages_requested, pages_put; /* page jobs the frame asked for; pages it put into the windows */
    uint64_t upload_bytes;  /* the bytes of those pages it copied to the device */
    double wait_ms;         /* how long the frame waited for pages (0 in a flight: no_wait) */
    uint64_t clusters;      /* mesh-asset clusters the frame placed (sward_asset_stats.clusters) */
    uint64_t blades_drawn, tiles;
    uint32_t tiles_generated, tiles_missing;
    bool cut;       /* the path teleports at this frame (a cut key) */
    bool teleport;  /* cut, or the frame's stats say the camera jumped */
    bool fill;      /* a teleport's fill (flight_mark_fills) */
    uint64_t gpu_memory_bytes, vegetation_memory_bytes, world_bytes, cache_bytes;
} flight_sample;

#define FLIGHT_VEGETATION_BUDGET_MIB 256.0 /* BX5's criteria */
#define FLIGHT_FLAT_LIMIT 0.05
#define FLIGHT_HITCH_LIMIT 1.5           /* largest <= 1.5 x the median: GPU and wall ms */
#define FLIGHT_CPU_CEILING_MS 1.0        /* BX7: the rendering thread's largest CPU ms (`--cpu-max-ms`) */
#define FLIGHT_WORST 5                   /* the worst frames the report lists per series */

/* The per-frame time series the criteria judge. */
typedef enum flight_series { FLIGHT_CPU, FLIGHT_GPU, FLIGHT_WALL, FLIGHT_SERIES_COUNT } flight_series;
double flight_value(const flight_sample *f, flight_series s);

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
    flight_span wall, wall_ready; /* wall ms, the same two ways */
    flight_cpu cpu;             /* BX7: cpu_thread_ms, teleports included */
    double cpu_ceiling_ms;      /* the ceiling crit_cpu judged cpu.max against */
    flight_memory gpu, veg;     /* gpu_memory_bytes, vegetation_memory_bytes */
    bool veg_reported;          /* vegetation_memory_bytes is not 0 on every frame */
    flight_memory judged;       /* veg if reported, else gpu */
    /* 1 pass, 0 fail, -1 unknown: memory <= 256 MiB, flat within 5 %, the GPU's and the wall's largest ready
     * frame <= 1.5 x their median, the rendering thread's largest CPU ms <= the ceiling on every frame */
    int crit_budget, crit_flat, crit_hitch, crit_wall, crit_cpu;
} flight_summary;
flight_summary flight_summarize(const flight_sample *frames, uint32_t n, double cpu_ceiling_ms);

/* The k frames with the largest value of the series, largest first (ties: the earlier frame first), their
 * indices into out; returns how many (min(k, n)). */
size_t flight_worst(const flight_sample *frames, uint32_t n, flight_series s, uint32_t *out, size_t k);

typedef struct flight_fill {
    uint32_t first, len;  /* the teleport's frame, frames of fill (>= 1) */
    double max_ms;        /* the largest GPU ms among them */
    uint64_t generated;   /* tiles generated in them */
} flight_fill;
/* The fills in frame order, at most cap of them written; returns how many there are. */
size_t flight_fills(const flight_sample *frames, uint32_t n, flight_fill *out, size_t cap);

#endif
