/* bench_flight.h — `sward bench` on a scene with a "flight" (SPEC BX5): every frame of the camera path,
 * per frame the rendering thread's CPU ms, GPU ms, wall ms, pages, tiles and memory; the summary with BX5's and
 * BX7's criteria and the worst frames with why; the plot. */
#ifndef SWARD_APP_BENCH_FLIGHT_H
#define SWARD_APP_BENCH_FLIGHT_H

#include "sward/sward.h"
#include "flight_stats.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct flight_result {
    sward_flight flight;
    uint32_t count;          /* frames measured (the flight's, or --frames' first N) */
    flight_sample *frames;   /* count, malloc'd: flight_result_free */
    double cpu_ceiling_ms;   /* the rendering thread's CPU ceiling the report judges (FLIGHT_CPU_CEILING_MS) */
} flight_result;

/* Renders the first `frames` frames of the scene's flight (all of them if frames <= 0): 30 warm-up frames at the
 * first frame's camera, then frame k at flight time k / fps with the path's eye and target and the wind time
 * render.time + k / fps, two frames in flight, no TAA warm-up; a streamed world's pages made by `workers`
 * threads, frames never waiting for them (BX7: sward_streaming.no_wait). 0, or an exit status after printing the
 * error. */
int flight_measure(sward_context *ctx, sward_scene *scene, int64_t frames, int workers, flight_result *out,
                   sward_error *err);
void flight_result_free(flight_result *f);

/* The summary as text (with PASS/FAIL lines for the criteria) or as one JSON object with a "frames"
 * array; the device and scene as bench prints them. */
void flight_print_text(const flight_result *f, const char *device_line, const char *scene_name, uint32_t width,
                       uint32_t height);
void flight_print_json(const flight_result *f, const sward_device_info *dev, const char *scene_name, uint32_t width,
                       uint32_t height);
/* The plot: GPU ms per frame over vegetation memory (MiB) per frame, teleports as dashed lines. 0 or an exit
 * status after printing the error. */
int flight_plot(const flight_result *f, const char *path, const char *scene_name, const char *device_name,
                sward_error *err);

#endif
