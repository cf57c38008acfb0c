/* bench.c — the measurements behind `sward bench`: per-pass GPU times over N frames (TL3), and the compute
 * rasteriser's scaling sweep (BX1), a table and an SVG of blades drawn per ms of rasterisation against blades in
 * view for the hardware and the compute path. */
#include "bench.h"
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARMUP_FRAMES 2

int bench_measure(sward_context *ctx, sward_scene *scene, int64_t frames, bench_result *b, sward_error *err)
{
    memset(b, 0, sizeof *b);
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_renderer *renderer = NULL;
    sward_result r = sward_renderer_create(ctx, scene, &renderer, err);
    if (r != SWARD_OK) return app_fail(r, err);
    if (sward_renderer_pass_count(renderer) > BENCH_MAX_PASSES) { /* a pass list grown past bench's table */
        fprintf(stderr, "sward bench: the renderer times %u passes, more than the %u bench keeps\n",
                (unsigned)sward_renderer_pass_count(renderer), (unsigned)BENCH_MAX_PASSES);
        sward_renderer_destroy(renderer);
        return (int)SWARD_ERROR_INVALID_INPUT;
    }
    sward_image img = { .width = rs.width, .height = rs.height };
    img.pixels = malloc(sward_image_bound(img.width, img.height));
    /* Per frame: one sample per pass, the total, the CPU time and its tiles' part, stored column by column. */
    size_t n = (size_t)frames, columns = BENCH_MAX_PASSES + 3;
    double *samples = malloc(n * columns * sizeof *samples);
    int rc = 0;
    if (!img.pixels || !samples) {
        fprintf(stderr, "sward: out of memory\n");
        rc = (int)SWARD_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    /* Two frames in flight (SWARD_FRAMES_IN_FLIGHT): frame k is recorded and submitted while frame k - 1 runs,
     * then frame k - 1 is collected. */
    uint64_t pending = 0;
    for (size_t k = 0; k <= WARMUP_FRAMES + n; k++) {
        uint64_t ticket = 0;
        if (k < WARMUP_FRAMES + n) {
            sward_frame_desc fd = { .time = (float)((double)rs.time + (double)k / 60.0) };
            if ((r = sward_render_submit(renderer, &fd, &ticket, err)) != SWARD_OK) {
                rc = app_fail(r, err);
                goto done;
            }
        }
        if (k == 0) {
            pending = ticket;
            continue;
        }
        sward_frame_stats s = SWARD_FRAME_STATS_INIT;
        if ((r = sward_render_wait(renderer, pending, &img, &s, err)) != SWARD_OK) {
            rc = app_fail(r, err);
            goto done;
        }
        pending = ticket;
        if (k - 1 < WARMUP_FRAMES) continue;
        size_t i = k - 1 - WARMUP_FRAMES;
        if (i == 0) {
            b->pass_count = s.passes.count < BENCH_MAX_PASSES ? s.passes.count : BENCH_MAX_PASSES;
            for (uint32_t p = 0; p < b->pass_count; p++)
                snprintf(b->pass_names[p], sizeof b->pass_names[p], "%s", s.passes.times[p].name);
        }
        double total = 0.0;
        for (uint32_t p = 0; p < b->pass_count; p++) {
            double ms = sward_stats_pass_ms(&s, b->pass_names[p]);
            samples[(size_t)p * n + i] = ms > 0.0 ? ms : 0.0;
            total += samples[(size_t)p * n + i];
        }
        samples[(size_t)BENCH_MAX_PASSES * n + i] = total;
        samples[(size_t)(BENCH_MAX_PASSES + 1) * n + i] = s.cpu.frame_ms;
        samples[(size_t)(BENCH_MAX_PASSES + 2) * n + i] = s.cpu.tiles_ms;
        b->last = s;
        b->last.passes.times = NULL; /* the renderer's, gone with it; the times are in b->pass */
        b->last.passes.count = 0;
    }
    for (uint32_t p = 0; p < b->pass_count; p++) b->pass[p] = stats_summarize(samples + (size_t)p * n, n);
    b->total = stats_summarize(samples + (size_t)BENCH_MAX_PASSES * n, n);
    b->cpu = stats_summarize(samples + (size_t)(BENCH_MAX_PASSES + 1) * n, n);
    b->cpu_tiles = stats_summarize(samples + (size_t)(BENCH_MAX_PASSES + 2) * n, n);
    for (uint32_t p = 0; p < b->pass_count; p++) {
        const char *name = b->pass_names[p];
        if (strcmp(name, "grass") == 0 || strcmp(name, "grass_depth") == 0) b->hw_ms += b->pass[p].median;
        if (strcmp(name, "raster") == 0 || strcmp(name, "raster_merge") == 0 || strcmp(name, "resolve") == 0)
            b->compute_ms += b->pass[p].median;
    }
    /* every blade drawn went through one of the two paths: the rate is over all of their rasterisation */
    double raster_ms = b->hw_ms + b->compute_ms;
    uint64_t rasterised = b->last.raster.hardware_blades + b->last.raster.blades;
    b->blades_per_ms = raster_ms > 0.0 ? (double)rasterised / raster_ms : NAN;
    uint32_t held = 0;
    sward_context_memory(ctx, b->memory, BENCH_MAX_MEMORY, &held);
    b->memory_count = held < BENCH_MAX_MEMORY ? held : BENCH_MAX_MEMORY;
done:
    free(samples);
    free(img.pixels);
    sward_renderer_destroy(renderer);
    return rc;
}

bool app_plot_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n < 4) return false;
    const char *e = name + n - 4;
    return e[0] == '.' && (e[1] | 0x20) == 's' && (e[2] | 0x20) == 'v' && (e[3] | 0x20) == 'g';
}

sward_result bench_plot_bars(const bench_result *b, const char *path, const char *scene_name, const char *device,
                             const sward_render_settings *rs, int64_t frames, const struct app_plot *panels,
                             size_t n, sward_error *err)
{
    app_bar bars[BENCH_MAX_PASSES];
    for (uint32_t p = 0; p < b->pass_count; p++)
        bars[p] = (app_bar){.name = b->pass_names[p], .value = b->pass[p].median, .mark = b->pass[p].min};
    char title[160], subtitle[600];
    snprintf(title, sizeof title, "GPU ms per pass: total %.3f ms (median)", b->total.median);
    snprintf(subtitle, sizeof subtitle, "%s on %s, %ux%u, %lld frames", scene_name, device, (unsigned)rs->width,
             (unsigned)rs->height, (long long)frames);
    app_bars chart = {.title = title, .subtitle = subtitle, .x_label = "GPU ms (bar: median, red mark: min)",
                      .unit = " ms", .bars = bars, .count = b->pass_count};
    return app_figure_svg(path, panels, n, &chart, err);
}

#define SWEEP_MAX 32

/* "5,20,100" -> densities; 0, or prints the problem and returns APP_EXIT_USAGE. */
static int parse_densities(const char *text, double *out, size_t *count)
{
    *count = 0;
    const char *p = text;
    while (*p) {
        char *end = NULL;
        double d = strtod(p, &end);
        if (end == p || !(d > 0.0) || !isfinite(d) || (*end && *end != ',')) {
            fprintf(stderr, "sward bench: --sweep '%s': expected densities in blades per m^2, > 0, separated by "
                            "commas (e.g. 5,50,500)\n", text);
            return APP_EXIT_USAGE;
        }
        if (*count == SWEEP_MAX) {
            fprintf(stderr, "sward bench: --sweep '%s': at most %d densities\n", text, SWEEP_MAX);
            return APP_EXIT_USAGE;
        }
        out[(*count)++] = d;
        p = *end ? end + 1 : end;
    }
    if (*count == 0) {
        fprintf(stderr, "sward bench: --sweep: no densities given\n");
        return APP_EXIT_USAGE;
    }
    return 0;
}

int bench_sweep(sward_context *ctx, const char *scene_path, const args_list *sets, const sward_render_settings *rs,
                int64_t frames, const char *densities, const char *plot, sward_error *err)
{
    double dens[SWEEP_MAX];
    size_t nd = 0;
    int rc = parse_densities(densities, dens, &nd);
    if (rc) return rc;
    static const char *const paths[2] = {"hardware", "compute"};
    double x[2][SWEEP_MAX], y[2][SWEEP_MAX];
    size_t np[2] = {0, 0};
    /* the compute path's run at the densest point: --plot draws its passes as bars under the curves */
    static bench_result densest;
    double densest_d = -1.0;
    sward_device_info dev = sward_context_device(ctx);
    printf("rasteriser scaling on %s, %s at %ux%u, medians of %lld frames\n\n", dev.name,
           scene_path ? scene_path : "the built-in scene", (unsigned)rs->width, (unsigned)rs->height,
           (long long)frames);
    printf("| path | grass[0].density | blades drawn | on the path | raster ms | blades per ms |\n");
    printf("| --- | --- | --- | --- | --- | --- |\n");
    for (size_t i = 0; i < nd; i++) {
        for (int k = 0; k < 2; k++) {
            /* the caller's --set, then the sweep's (later ones win) */
            static args_list s2;
            s2 = *sets;
            char dtext[64], ptext[64];
            snprintf(dtext, sizeof dtext, "grass[0].density=%.17g", dens[i]);
            snprintf(ptext, sizeof ptext, "render.raster=%s", paths[k]);
            if (s2.count + 2 > ARGS_LIST_MAX) {
                fprintf(stderr, "sward bench: too many --set for --sweep\n");
                return APP_EXIT_USAGE;
            }
            s2.items[s2.count++] = dtext;
            s2.items[s2.count++] = ptext;
            sward_scene *scene = NULL;
            if ((rc = app_load_scene(scene_path, &s2, &scene, err))) return rc;
            sward_result r = sward_scene_set_render_settings(scene, rs, err);
            if (r != SWARD_OK) {
                sward_scene_destroy(scene);
                return app_fail(r, err);
            }
            bench_result b;
            rc = bench_measure(ctx, scene, frames, &b, err);
            sward_scene_destroy(scene);
            if (rc) return rc;
            uint64_t on_path = k == 0 ? b.last.raster.hardware_blades : b.last.raster.blades;
            double ms = k == 0 ? b.hw_ms : b.compute_ms;
            double per_ms = ms > 0.0 ? (double)on_path / ms : NAN;
            if (k == 1 && dens[i] > densest_d) {
                densest = b;
                densest_d = dens[i];
            }
            printf("| %s | %g | %llu | %llu | %.3f | %.0f |\n", paths[k], dens[i],
                   (unsigned long long)b.last.blades.drawn, (unsigned long long)on_path, ms, per_ms);
            fflush(stdout);
            if (on_path > 0 && isfinite(per_ms) && per_ms > 0.0) {
                x[k][np[k]] = (double)on_path;
                y[k][np[k]] = per_ms;
                np[k]++;
            }
        }
    }
    if (!plot) return 0;
    app_plot_series series[2];
    size_t ns = 0;
    for (int k = 0; k < 2; k++)
        if (np[k]) series[ns++] = (app_plot_series){.name = paths[k], .x = x[k], .y = y[k], .n = np[k]};
    char title[400];
    snprintf(title, sizeof title, "Blades rasterised per ms, %s, %ux%u", dev.name, (unsigned)rs->width,
             (unsigned)rs->height);
    app_plot p = {.title = title, .x_label = "blades in view (drawn by the path)", .y_label = "blades per ms",
                  .log_x = true, .log_y = true, .series = series, .series_count = ns};
    char scene_bars[400];
    snprintf(scene_bars, sizeof scene_bars, "%s, grass[0].density %g, render.raster compute",
             scene_path ? scene_path : "the built-in scene", densest_d);
    sward_result r = bench_plot_bars(&densest, plot, scene_bars, dev.name, rs, frames, ns ? &p : NULL, ns ? 1 : 0, err);
    if (r != SWARD_OK) return app_fail(r, err);
    printf("\nwrote %s\n", plot);
    return 0;
}
