/* bench.h — the measurements behind `sward bench` (cmd_bench.c prints them): one scene over N frames, and the
 * rasteriser scaling sweep (BX1). */
#ifndef SWARD_APP_BENCH_H
#define SWARD_APP_BENCH_H

#include "sward/sward.h"
#include "args.h"
#include "stats.h"

/* Passes bench keeps times of (more than any renderer has today: sward_renderer_pass_count is checked against it) */
#define BENCH_MAX_PASSES 64
#define BENCH_MAX_MEMORY 96

typedef struct bench_result {
    uint32_t pass_count; /* the passes of the first measured frame, by name, in the order they ran */
    char pass_names[BENCH_MAX_PASSES][24];
    stats_summary pass[BENCH_MAX_PASSES], total, cpu, cpu_tiles; /* cpu_tiles: of cpu, choosing tiles */
    sward_frame_stats last;
    double blades_per_ms; /* blades rasterised (both paths) / the median ms of all their rasterisation (hw_ms +
                             compute_ms) */
    /* BX1: per path, the median ms of its passes (hardware: grass_depth and grass; compute: raster,
     * raster_merge and resolve); the blades are last.raster.hardware_blades and last.raster.blades */
    double hw_ms, compute_ms;
    /* the device memory held after the last frame, by object name, largest first */
    sward_memory_item memory[BENCH_MAX_MEMORY];
    uint32_t memory_count; /* of them in memory[] (at most BENCH_MAX_MEMORY; the rest are summed in the last) */
} bench_result;

/* Renders `frames` frames of `scene` (after 2 warm-up frames, the time advancing 1/60 s per frame, two frames in
 * flight) and summarises them. 0, or an exit status (the error printed). */
int bench_measure(sward_context *ctx, sward_scene *scene, int64_t frames, bench_result *b, sward_error *err);

/* The scaling sweep: for each grass density in `densities` (comma-separated blades per m^2, applied to
 * grass[0]) and each rasteriser (hardware, compute), the scene at `rs`'s size: blades drawn and blades per ms
 * of rasterisation, printed as a table; with `plot`, also drawn as an SVG (log-log). 0, or an exit status. */
int bench_sweep(sward_context *ctx, const char *scene_path, const args_list *sets, const sward_render_settings *rs,
                int64_t frames, const char *densities, const char *plot, sward_error *err);

/* --plot's bar chart of b: one bar per pass (median ms, min marked), the total median in the title; the scene,
 * device, size and frame count in the subtitle. With panels (n > 0), those line charts come first (the sweep's
 * curves). Written as SVG to path (temp + rename). */
struct app_plot;
sward_result bench_plot_bars(const bench_result *b, const char *path, const char *scene_name, const char *device,
                             const sward_render_settings *rs, int64_t frames, const struct app_plot *panels,
                             size_t n, sward_error *err);

/* True when name ends in ".svg" (any case): the only format --plot writes. */
bool app_plot_name_ok(const char *name);

#endif
