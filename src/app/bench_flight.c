/* bench_flight.c — the flight benchmark (SPEC BX5): `sward bench` on a scene with a "flight" renders
 * every frame of the camera path instead of N stills and reports, per frame, the GPU ms (the sum of the passes'
 * timestamps), the tiles generated and missing, the teleports and the GPU memory; then the criteria (BX5, BX7):
 * vegetation memory <= 256 MiB, flat within 5 % over the flight, the largest frame time <= 1.5 x the median with
 * the teleports included once their visible tiles are ready (the frames from a teleport until the stats say no
 * tile is missing are the teleport's fill, reported apart). The bench reports; it does not judge (exit 0). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime: the thread's CPU clock */
#include "bench_flight.h"

#include "args.h"
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Warm-up frames at the path's first camera, not counted: enough for a GPU to leave its idle clocks (on the H200
 * the first frames of a process ran at 5x the time of the rest, 23 against 4.7 ms) */
#define FLIGHT_WARMUP_FRAMES 30
#define MIB (1024.0 * 1024.0)

static double frame_gpu_ms(const sward_frame_stats *s)
{
    double total = 0.0;
    for (uint32_t p = 0; p < s->passes.count; p++)
        if (s->passes.times[p].gpu_ms > 0.0) total += s->passes.times[p].gpu_ms;
    return total;
}

static double clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

int flight_measure(sward_context *ctx, sward_scene *scene, int64_t frames, int workers, flight_result *out,
                   sward_error *err)
{
    memset(out, 0, sizeof *out);
    out->cpu_ceiling_ms = FLIGHT_CPU_CEILING_MS;
    out->flight = sward_scene_flight(scene);
    uint32_t n = out->flight.frames;
    if (frames > 0 && (uint64_t)frames < n) n = (uint32_t)frames;
    out->count = n;
    out->frames = calloc(n, sizeof *out->frames);
    if (!out->frames) {
        fprintf(stderr, "sward: out of memory\n");
        return (int)SWARD_ERROR_OUT_OF_MEMORY;
    }
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_renderer *renderer = NULL;
    sward_result r = sward_renderer_create(ctx, scene, &renderer, err);
    /* a running flight: the rendering thread never waits for a world page (BX7) */
    if (r == SWARD_OK)
        r = sward_renderer_set_streaming(renderer, &(sward_streaming){.workers = workers, .no_wait = true}, err);
    if (r != SWARD_OK) {
        sward_renderer_destroy(renderer);
        return app_fail(r, err);
    }
    int rc = 0;
    /* Two frames in flight (SWARD_FRAMES_IN_FLIGHT), as bench_measure: frame k is recorded and submitted while
     * frame k - 1 runs, then k - 1 is collected. The cameras stay alive until their frame is submitted. */
    uint64_t pending = 0;
    /* per frame slot of the loop (this frame's and the pending one's): the submit's start (wall) and the
     * rendering thread's CPU ms in it */
    double start[2] = {0.0, 0.0}, submit_cpu[2] = {0.0, 0.0};
    size_t total = FLIGHT_WARMUP_FRAMES + (size_t)n;
    for (size_t k = 0; k <= total; k++) {
        uint64_t ticket = 0;
        if (k < total) {
            uint32_t fi = k < FLIGHT_WARMUP_FRAMES ? 0 : (uint32_t)(k - FLIGHT_WARMUP_FRAMES);
            sward_flight_frame cam;
            if ((r = sward_scene_flight_frame(scene, fi, &cam, err)) != SWARD_OK) {
                rc = app_fail(r, err);
                goto done;
            }
            /* no TAA warm-up: at flight speed the eye moves ~2 m a frame, which would count as a camera cut */
            sward_frame_desc fd = {.time = (float)((double)rs.time + (double)cam.time), .eye = cam.eye,
                                   .target = cam.target, .taa_warmup = -1};
            start[k % 2] = clock_ms(CLOCK_MONOTONIC);
            const double c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
            if ((r = sward_render_submit(renderer, &fd, &ticket, err)) != SWARD_OK) {
                rc = app_fail(r, err);
                goto done;
            }
            submit_cpu[k % 2] = clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
            if (k >= FLIGHT_WARMUP_FRAMES) {
                flight_sample *fs = &out->frames[fi];
                fs->time = (double)cam.time;
                fs->cut = cam.cut;
            }
        }
        if (k == 0) {
            pending = ticket;
            continue;
        }
        sward_frame_stats s = SWARD_FRAME_STATS_INIT;
        const double c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
        if ((r = sward_render_wait(renderer, pending, NULL, &s, err)) != SWARD_OK) {
            rc = app_fail(r, err);
            goto done;
        }
        /* frame k - 1's: the wait returns when its fence has signalled (or at once if it had, while frame k was
         * recorded: then its wall time also holds frame k's submit) */
        const double done_ms = clock_ms(CLOCK_MONOTONIC), wait_cpu = clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
        pending = ticket;
        if (k - 1 < FLIGHT_WARMUP_FRAMES) continue;
        flight_sample *fs = &out->frames[k - 1 - FLIGHT_WARMUP_FRAMES];
        fs->gpu_ms = frame_gpu_ms(&s);
        fs->cpu_ms = s.cpu.frame_ms;
        fs->cpu_thread_ms = submit_cpu[(k - 1) % 2] + wait_cpu;
        fs->cpu_record_ms = s.cpu.thread_ms;
        fs->wall_ms = done_ms - start[(k - 1) % 2];
        fs->pages_missing = s.stream.pages_missing;
        fs->pages_requested = s.stream.pages_requested;
        fs->pages_put = s.stream.pages_put;
        fs->upload_bytes = s.stream.upload_bytes;
        fs->wait_ms = s.stream.wait_ms;
        fs->clusters = s.assets.clusters;
        fs->blades_drawn = s.blades.drawn;
        fs->tiles = s.blades.tiles;
        fs->tiles_generated = s.tile_cache.generated;
        fs->tiles_missing = s.tile_cache.missing;
        fs->teleport = fs->cut || s.tile_cache.teleport;
        fs->gpu_memory_bytes = s.memory.gpu_bytes;
        fs->vegetation_memory_bytes = s.memory.vegetation_bytes;
        fs->world_bytes = s.memory.world_bytes;
        fs->cache_bytes = s.tile_cache.bytes;
    }
    flight_mark_fills(out->frames, out->count);
done:
    sward_renderer_destroy(renderer);
    return rc;
}

void flight_result_free(flight_result *f)
{
    free(f->frames);
    f->frames = NULL;
}

/* ---- the report ---- */

static const char *verdict(int c)
{
    return c > 0 ? "PASS" : c == 0 ? "FAIL" : "n/a";
}

#define MAX_LISTED 64 /* teleports listed one by one */

static const char *const series_name[FLIGHT_SERIES_COUNT] = {
    [FLIGHT_CPU] = "the rendering thread's CPU ms", [FLIGHT_GPU] = "GPU ms", [FLIGHT_WALL] = "wall ms"};
static const char *const series_key[FLIGHT_SERIES_COUNT] = {
    [FLIGHT_CPU] = "cpu_thread_ms", [FLIGHT_GPU] = "gpu_ms", [FLIGHT_WALL] = "wall_ms"};

/* The worst frames of each series with why: the pages they asked for, took in and uploaded, the tiles and
 * clusters they placed, a wait for pages, a teleport. */
static void print_worst(const flight_result *f)
{
    for (int se = 0; se < FLIGHT_SERIES_COUNT; se++) {
        uint32_t w[FLIGHT_WORST];
        size_t n = flight_worst(f->frames, f->count, (flight_series)se, w, FLIGHT_WORST);
        printf("worst frames by %s (CPU / GPU / wall ms: why)\n", series_name[se]);
        for (size_t i = 0; i < n; i++) {
            const flight_sample *x = &f->frames[w[i]];
            printf("  frame %-6u %.3f / %.3f / %.3f: %u pages requested, %u arrived (%.1f KiB uploaded), %u tiles "
                   "placed, %llu clusters",
                   (unsigned)w[i], x->cpu_thread_ms, x->gpu_ms, x->wall_ms, (unsigned)x->pages_requested,
                   (unsigned)x->pages_put, (double)x->upload_bytes / 1024.0, (unsigned)x->tiles_generated,
                   (unsigned long long)x->clusters);
            if (x->wait_ms > 0.0) printf(", waited %.3f ms for pages", x->wait_ms);
            if (x->teleport) printf(", teleport");
            else if (x->fill) printf(", a teleport's fill");
            printf("\n");
        }
    }
}

void flight_print_text(const flight_result *f, const char *device_line, const char *scene_name, uint32_t width,
                       uint32_t height)
{
    flight_summary s = flight_summarize(f->frames, f->count, f->cpu_ceiling_ms);
    printf("scene       %s\n", scene_name);
    printf("device      %s\n", device_line);
    printf("flight      %u of %u frames at %g fps (%.2f s, %u keys, %u cuts), %ux%u, after %d warm-up frames\n\n",
           (unsigned)f->count, (unsigned)f->flight.frames, (double)f->flight.fps, (double)f->flight.length,
           (unsigned)f->flight.keys, (unsigned)f->flight.cuts, (unsigned)width, (unsigned)height, FLIGHT_WARMUP_FRAMES);
    printf("GPU ms/frame    median %.3f, max %.3f, max/median %.2f (every frame)\n", s.all.median, s.all.max,
           flight_ratio(s.all));
    printf("                median %.3f, max %.3f, max/median %.2f (%u frames with the visible tiles ready)\n",
           s.ready.median, s.ready.max, flight_ratio(s.ready), (unsigned)s.ready.n);
    printf("wall ms/frame   median %.3f, max %.3f, max/median %.2f (every frame: its submit to its fence)\n",
           s.wall.median, s.wall.max, flight_ratio(s.wall));
    printf("                median %.3f, max %.3f, max/median %.2f (%u frames with the visible tiles ready)\n",
           s.wall_ready.median, s.wall_ready.max, flight_ratio(s.wall_ready), (unsigned)s.wall_ready.n);
    printf("CPU ms/frame    median %.3f, p99 %.3f, max %.3f (the rendering thread's CPU time, every frame)\n",
           s.cpu.median, s.cpu.p99, s.cpu.max);
    flight_fill fills[MAX_LISTED];
    size_t nf = flight_fills(f->frames, f->count, fills, MAX_LISTED);
    if (nf) printf("teleports       (each with its fill: frames until no visible tile is missing)\n");
    for (size_t i = 0; i < nf && i < MAX_LISTED; i++)
        printf("  frame %-6u t = %7.3f s, %u frame%s of fill, max %.3f GPU ms, %llu tiles generated\n",
               (unsigned)fills[i].first, f->frames[fills[i].first].time, (unsigned)fills[i].len,
               fills[i].len == 1 ? "" : "s", fills[i].max_ms, (unsigned long long)fills[i].generated);
    if (nf > MAX_LISTED) printf("  ... and %zu more\n", nf - MAX_LISTED);
    uint64_t gen = 0, mx_gen = 0;
    for (uint32_t i = 0; i < f->count; i++) {
        gen += f->frames[i].tiles_generated;
        if (f->frames[i].tiles_generated > mx_gen) mx_gen = f->frames[i].tiles_generated;
    }
    printf("tiles generated %llu in all, at most %llu in a frame\n", (unsigned long long)gen,
           (unsigned long long)mx_gen);
    print_worst(f);
    printf("GPU memory      %.1f to %.1f MiB, (max - min) / max %.2f %%\n", (double)s.gpu.min / MIB,
           (double)s.gpu.max / MIB, 100.0 * s.gpu.flat);
    if (s.veg_reported)
        printf("vegetation mem  %.1f to %.1f MiB, (max - min) / max %.2f %%\n", (double)s.veg.min / MIB,
               (double)s.veg.max / MIB, 100.0 * s.veg.flat);
    else
        printf("vegetation mem  not reported by this build (0); the criteria below use the GPU memory\n");
    const char *what = s.veg_reported ? "vegetation memory" : "GPU memory";
    printf("\n%s  %s max %.1f MiB <= 256 MiB\n", verdict(s.crit_budget), what, (double)s.judged.max / MIB);
    printf("%s  %s flat within 5 %% over the flight: %.2f %%\n", verdict(s.crit_flat), what, 100.0 * s.judged.flat);
    printf("%s  largest GPU time <= 1.5 x the median, teleports included once the visible tiles are ready: "
           "%.3f / %.3f = %.2f\n",
           verdict(s.crit_hitch), s.ready.max, s.ready.median, flight_ratio(s.ready));
    printf("%s  largest wall time <= 1.5 x the median, teleports included once the visible tiles are ready: "
           "%.3f / %.3f = %.2f\n",
           verdict(s.crit_wall), s.wall_ready.max, s.wall_ready.median, flight_ratio(s.wall_ready));
    printf("%s  largest CPU time of the rendering thread <= %.2f ms on every frame, teleports included: %.3f\n",
           verdict(s.crit_cpu), s.cpu_ceiling_ms, s.cpu.max);
}

static void json_num(double v)
{
    if (isfinite(v))
        printf("%.6f", v);
    else
        printf("null");
}

/* A frame's why: its pages, uploads, tiles and clusters placed, its wait for pages */
static void json_why(const flight_sample *x)
{
    printf(", \"pages_requested\": %u, \"pages_put\": %u, \"upload_bytes\": %llu, \"clusters\": %llu, "
           "\"wait_ms\": ",
           (unsigned)x->pages_requested, (unsigned)x->pages_put, (unsigned long long)x->upload_bytes,
           (unsigned long long)x->clusters);
    json_num(x->wait_ms);
}

static void json_verdict(int c)
{
    printf("%s", c > 0 ? "true" : c == 0 ? "false" : "null");
}

static void json_span(const char *key, flight_span s)
{
    printf("\"%s\": {\"median\": ", key);
    json_num(s.median);
    printf(", \"max\": ");
    json_num(s.max);
    printf(", \"max_over_median\": ");
    json_num(flight_ratio(s));
    printf(", \"frames\": %u}", (unsigned)s.n);
}

static void json_mem(const char *key, flight_memory m)
{
    printf("\"%s\": {\"min_bytes\": %llu, \"max_bytes\": %llu, \"flatness\": ", key, (unsigned long long)m.min,
           (unsigned long long)m.max);
    json_num(m.flat);
    printf("}");
}

void flight_print_json(const flight_result *f, const sward_device_info *dev, const char *scene_name, uint32_t width,
                       uint32_t height)
{
    flight_summary s = flight_summarize(f->frames, f->count, f->cpu_ceiling_ms);
    printf("{\"device\": ");
    app_json_string(stdout, dev->name);
    printf(", \"device_type\": \"%s\", \"scene\": ", app_device_token(dev->type));
    app_json_string(stdout, scene_name);
    printf(", \"width\": %u, \"height\": %u, \"flight\": {\"fps\": ", (unsigned)width, (unsigned)height);
    json_num((double)f->flight.fps);
    printf(", \"length_s\": ");
    json_num((double)f->flight.length);
    printf(", \"frames\": %u, \"keys\": %u, \"cuts\": %u}, \"frame_count\": %u, ", (unsigned)f->flight.frames,
           (unsigned)f->flight.keys, (unsigned)f->flight.cuts, (unsigned)f->count);
    json_span("gpu_ms", s.all);
    printf(", ");
    json_span("gpu_ms_ready", s.ready);
    printf(", ");
    json_span("wall_ms", s.wall);
    printf(", ");
    json_span("wall_ms_ready", s.wall_ready);
    printf(", \"cpu_thread_ms\": {\"median\": ");
    json_num(s.cpu.median);
    printf(", \"p99\": ");
    json_num(s.cpu.p99);
    printf(", \"max\": ");
    json_num(s.cpu.max);
    printf(", \"ceiling_ms\": ");
    json_num(s.cpu_ceiling_ms);
    printf("}, \"worst\": {");
    for (int se = 0; se < FLIGHT_SERIES_COUNT; se++) {
        uint32_t w[FLIGHT_WORST];
        size_t n = flight_worst(f->frames, f->count, (flight_series)se, w, FLIGHT_WORST);
        printf("%s\"%s\": [", se ? ", " : "", series_key[se]);
        for (size_t i = 0; i < n; i++) {
            const flight_sample *x = &f->frames[w[i]];
            printf("%s{\"frame\": %u, \"cpu_thread_ms\": ", i ? ", " : "", (unsigned)w[i]);
            json_num(x->cpu_thread_ms);
            printf(", \"gpu_ms\": ");
            json_num(x->gpu_ms);
            printf(", \"wall_ms\": ");
            json_num(x->wall_ms);
            json_why(x);
            printf(", \"tiles_generated\": %u, \"teleport\": %s, \"fill\": %s}", (unsigned)x->tiles_generated,
                   x->teleport ? "true" : "false", x->fill ? "true" : "false");
        }
        printf("]");
    }
    printf("}");
    printf(", \"teleports\": [");
    size_t nf = flight_fills(f->frames, f->count, NULL, 0);
    flight_fill *fills = malloc((nf ? nf : 1) * sizeof *fills);
    nf = fills ? flight_fills(f->frames, f->count, fills, nf) : 0;
    for (size_t i = 0; i < nf; i++) {
        printf("%s{\"frame\": %u, \"fill_frames\": %u, \"max_gpu_ms\": ", i ? ", " : "", (unsigned)fills[i].first,
               (unsigned)fills[i].len);
        json_num(fills[i].max_ms);
        printf(", \"tiles_generated\": %llu}", (unsigned long long)fills[i].generated);
    }
    free(fills);
    printf("], ");
    json_mem("gpu_memory", s.gpu);
    printf(", ");
    json_mem("vegetation_memory", s.veg);
    printf(", \"vegetation_memory_reported\": %s, \"criteria\": {\"memory_within_256_mib\": ",
           s.veg_reported ? "true" : "false");
    json_verdict(s.crit_budget);
    printf(", \"memory_flat_5_percent\": ");
    json_verdict(s.crit_flat);
    printf(", \"max_within_1_5_median\": ");
    json_verdict(s.crit_hitch);
    printf(", \"wall_within_1_5_median\": ");
    json_verdict(s.crit_wall);
    printf(", \"cpu_within_ceiling\": ");
    json_verdict(s.crit_cpu);
    printf("}, \"frames\": [");
    for (uint32_t i = 0; i < f->count; i++) {
        const flight_sample *x = &f->frames[i];
        printf("%s\n{\"frame\": %u, \"time\": ", i ? "," : "", (unsigned)i);
        json_num(x->time);
        printf(", \"gpu_ms\": ");
        json_num(x->gpu_ms);
        printf(", \"cpu_ms\": ");
        json_num(x->cpu_ms);
        printf(", \"cpu_thread_ms\": ");
        json_num(x->cpu_thread_ms);
        printf(", \"cpu_record_ms\": ");
        json_num(x->cpu_record_ms);
        printf(", \"wall_ms\": ");
        json_num(x->wall_ms);
        printf(", \"pages_missing\": %u", (unsigned)x->pages_missing);
        json_why(x);
        printf(", \"blades_drawn\": %llu, \"tiles\": %llu, \"tiles_generated\": %u, \"tiles_missing\": %u, "
               "\"teleport\": %s, \"fill\": %s, \"gpu_memory_bytes\": %llu, \"vegetation_memory_bytes\": %llu, "
               "\"world_bytes\": %llu, \"cache_bytes\": %llu}",
               (unsigned long long)x->blades_drawn, (unsigned long long)x->tiles, (unsigned)x->tiles_generated,
               (unsigned)x->tiles_missing, x->teleport ? "true" : "false", x->fill ? "true" : "false",
               (unsigned long long)x->gpu_memory_bytes, (unsigned long long)x->vegetation_memory_bytes,
               (unsigned long long)x->world_bytes, (unsigned long long)x->cache_bytes);
    }
    printf("]}\n");
}

int flight_plot(const flight_result *f, const char *path, const char *scene_name, const char *device_name,
                sward_error *err)
{
    size_t n = f->count, marks = 0;
    double *x = malloc((n ? n : 1) * sizeof *x), *ms = malloc((n ? n : 1) * sizeof *ms),
           *mib = malloc((n ? n : 1) * sizeof *mib), *tp = malloc((n ? n : 1) * sizeof *tp);
    int rc = 0;
    if (!x || !ms || !mib || !tp) {
        fprintf(stderr, "sward: out of memory\n");
        rc = (int)SWARD_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    flight_summary s = flight_summarize(f->frames, f->count, f->cpu_ceiling_ms);
    for (size_t i = 0; i < n; i++) {
        x[i] = (double)i;
        ms[i] = f->frames[i].gpu_ms;
        mib[i] = (double)(s.veg_reported ? f->frames[i].vegetation_memory_bytes : f->frames[i].gpu_memory_bytes) / MIB;
        if (f->frames[i].teleport) tp[marks++] = (double)i;
    }
    const char *base = strrchr(scene_name, '/');
    base = base ? base + 1 : scene_name;
    char title[2][400];
    snprintf(title[0], sizeof title[0], "%.120s: GPU ms per frame, %.200s", base, device_name);
    snprintf(title[1], sizeof title[1], "%.120s: %s per frame", base,
             s.veg_reported ? "vegetation GPU memory" : "GPU memory");
    app_plot_series ser[2] = {{.name = "GPU ms", .x = x, .y = ms, .n = n},
                              {.name = s.veg_reported ? "vegetation MiB" : "GPU MiB", .x = x, .y = mib, .n = n}};
    app_plot panels[2] = {
        {.title = title[0], .x_label = "frame", .y_label = "GPU ms (sum of the passes)", .series = &ser[0],
         .series_count = 1, .no_markers = n > 60, .y_from_zero = true, .marks = tp, .mark_count = marks, .mark_name = "teleport"},
        {.title = title[1], .x_label = "frame", .y_label = "MiB", .series = &ser[1], .series_count = 1,
         .no_markers = n > 60, .y_from_zero = true, .marks = tp, .mark_count = marks, .mark_name = "teleport"},
    };
    sward_result r = app_plot_svg_panels(path, panels, 2, err);
    if (r != SWARD_OK) rc = app_fail(r, err);
done:
    free(x);
    free(ms);
    free(mib);
    free(tp);
    return rc;
}
