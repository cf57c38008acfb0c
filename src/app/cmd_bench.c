/* `sward bench`: renders frames with timestamps and reports per-pass GPU times, counts and memory (TL3). */
#include "args.h"
#include "bench.h"
#include "bench_flight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const char bench_help[] =
    "Usage: sward bench [SCENE.json] [OPTIONS]\n"
    "\n"
    "Renders SCENE.json (default: the built-in scene \"meadow\") for N frames, the time advancing 1/60 s per\n"
    "frame, after 2 warm-up frames that are not counted, and reports: GPU ms per pass (min and median, from\n"
    "timestamp queries) and in total; candidates, blades drawn (high and low detail), triangles and tiles of\n"
    "the last frame; GPU memory in MiB; CPU ms per frame (min and median); blades drawn per GPU-ms of the\n"
    "grass pass; the device. Nothing is written to disk.\n"
    "\n"
    "A scene with a \"flight\" (a camera path, BX5) is flown instead: 30 warm-up frames at its first camera,\n"
    "then every frame of the path (frame k at flight time k / fps, the wind time render.time + k / fps, no TAA\n"
    "warm-up), per frame: the rendering thread's CPU ms, GPU ms, wall ms, pages, tiles, teleports, memory;\n"
    "then each series' median and largest (GPU and wall also without the teleports' fills), the five worst\n"
    "frames of each with why, and PASS/FAIL lines (docs/bench.md; the exit status stays 0).\n"
    "\n"
    "Options:\n"
    "  --frames N     frames to measure, 1..100000 (default: 20; with a flight: the first N of its frames,\n"
    "                 default all)\n"
    "  --width W      image width in pixels, 1..8192 (default: the scene's)\n"
    "  --height H     image height in pixels, 1..8192 (default: the scene's)\n"
APP_SET_HELP
    "  --device N     run on device N of 'sward devices' (default: the first suitable one by type)\n"
    "  --validate     enable the Vulkan validation layer (slow; timings are then meaningless); any\n"
    "                 validation message makes the exit status 5\n"
    "  --json         one JSON object instead (all keys: docs/bench.md): device, device_type, scene, width,\n"
    "                 height, frames, passes {<pass>: {min_ms, median_ms}}, total_gpu_ms, candidates,\n"
    "                 blades_drawn, blades_high, blades_low, triangles, tiles, gpu_memory_bytes, cpu_ms,\n"
    "                 blades_per_ms (blades rasterised by both paths / the ms of both: raster's hardware_ms\n"
    "                 + compute_ms), raster, assets, tile_cache, vegetation_memory_bytes; a flight's: frames\n"
    "  --cache-mib N  the tile cache's budget in MiB (render.tile_cache.budget_mib; default the scene's, 64)\n"
    "  --workers N    threads making a streamed world's pages, 0..64 (default 2; 0: none)\n"
    "  --cpu-max-ms X with a flight: the rendering thread's largest CPU ms a frame may take (default 1.0)\n"
    "  --sweep D1,D2,...  the rasteriser scaling sweep (BX1): for each grass[0].density Di and each of\n"
    "                 render.raster hardware and compute, blades drawn and blades per ms of rasterisation\n"
    "                 (hardware: grass_depth + grass; compute: raster + raster_merge + resolve), as a table\n"
    "  --plot FILE.svg    also draw an SVG (only .svg: PNG is refused): one bar per GPU pass (median ms,\n"
    "                 min marked); with --sweep the sweep's curves (log-log) above the bars of its densest\n"
    "                 point; with a flight the GPU ms and vegetation memory (MiB) per frame, teleports as\n"
    "                 dashed lines (with a flight, --json prints the summary and a \"frames\" array)\n"
    "                 (missing parent folders are created)\n"
    "  --verbose      also print the library's info messages (to stderr)\n"
    "  -h, --help     print this help and exit\n"
    "Flags also take the form --flag=value.\n"
    "\n"
    "Exit status: 0 ok; 2 bad flags or invalid scene; 3 the scene could not be read; 4 no suitable device;\n"
    "5 Vulkan failure or validation messages; 6 out of memory.\n";

static void json_number(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.6f", v);
    else
        fputs("null", f);
}



static uint64_t hw_blades(const sward_frame_stats *s)
{
    return s->raster.hardware_blades;
}

static double per_ms(uint64_t blades, double ms)
{
    return ms > 0.0 ? (double)blades / ms : NAN;
}

static const char *const ASSET_KIND_NAMES[SWARD_ASSET_KINDS] = {"tree", "plant", "flower", "rock"};

static void print_json(const bench_result *b, const sward_device_info *dev, const char *scene_name,
                       const sward_render_settings *rs, int64_t frames)
{
    printf("{\"device\": ");
    app_json_string(stdout, dev->name);
    printf(", \"device_type\": \"%s\", \"scene\": ", app_device_token(dev->type));
    app_json_string(stdout, scene_name);
    printf(", \"width\": %u, \"height\": %u, \"frames\": %lld, \"passes\": {", (unsigned)rs->width,
           (unsigned)rs->height, (long long)frames);
    for (uint32_t p = 0; p < b->pass_count; p++) {
        printf("%s", p ? ", " : "");
        app_json_string(stdout, b->pass_names[p]);
        printf(": {\"min_ms\": ");
        json_number(stdout, b->pass[p].min);
        printf(", \"median_ms\": ");
        json_number(stdout, b->pass[p].median);
        printf("}");
    }
    printf("}, \"total_gpu_ms\": {\"min\": ");
    json_number(stdout, b->total.min);
    printf(", \"median\": ");
    json_number(stdout, b->total.median);
    const sward_frame_stats *l = &b->last;
    printf("}, \"candidates_in_range\": %llu, \"candidates\": %llu, \"removed\": {\"outside\": %llu, "
           "\"density\": %llu, \"distance\": %llu, \"frustum\": %llu, \"occlusion\": %llu}, ",
           (unsigned long long)l->blades.candidates_in_range, (unsigned long long)l->blades.candidates,
           (unsigned long long)l->blades.removed_outside, (unsigned long long)l->blades.removed_density,
           (unsigned long long)l->blades.removed_distance, (unsigned long long)l->blades.removed_frustum,
           (unsigned long long)l->blades.removed_occlusion);
    printf("\"blades_drawn\": %llu, \"blades_high\": %llu, \"blades_low\": %llu, \"triangles\": %llu, "
           "\"tiles\": %llu, \"gpu_memory_bytes\": %llu, \"cpu_ms\": {\"min\": ",
           (unsigned long long)l->blades.drawn, (unsigned long long)l->blades.high, (unsigned long long)l->blades.low,
           (unsigned long long)l->blades.triangles, (unsigned long long)l->blades.tiles,
           (unsigned long long)l->memory.gpu_bytes);
    json_number(stdout, b->cpu.min);
    printf(", \"median\": ");
    json_number(stdout, b->cpu.median);
    printf("}, \"cpu_tiles_ms\": {\"min\": ");
    json_number(stdout, b->cpu_tiles.min);
    printf(", \"median\": ");
    json_number(stdout, b->cpu_tiles.median);
    printf("}, \"blades_per_ms\": ");
    json_number(stdout, b->blades_per_ms);
    printf(", \"covered_pixels\": %llu, \"gbuffer_fragments\": ", (unsigned long long)l->gbuffer.covered_pixels);
    if (l->gbuffer.fragments_valid)
        printf("%llu", (unsigned long long)l->gbuffer.fragments);
    else printf("null");
    printf(", \"overdraw\": ");
    json_number(stdout, l->gbuffer.fragments_valid && l->gbuffer.covered_pixels ? l->gbuffer.overdraw : NAN);
    printf(", \"lower_third_ground\": ");
    json_number(stdout,
                l->gbuffer.lower_pixels ? (double)l->gbuffer.lower_ground / (double)l->gbuffer.lower_pixels : NAN);
    printf(", \"raster\": {\"compute\": %s, \"threshold_px\": ", l->raster.compute ? "true" : "false");
    json_number(stdout, l->raster.compute && l->raster.threshold > 0.0f ? (double)l->raster.threshold : NAN);
    printf(", \"hardware_blades\": %llu, \"hardware_ms\": ", (unsigned long long)hw_blades(l));
    json_number(stdout, b->hw_ms);
    printf(", \"compute_blades\": %llu, \"compute_tiles\": %llu, \"compute_fragments\": %llu, "
           "\"compute_atomics\": %llu, \"compute_ms\": ",
           (unsigned long long)l->raster.blades, (unsigned long long)l->raster.tiles,
           (unsigned long long)l->raster.fragments, (unsigned long long)l->raster.pixels);
    json_number(stdout, b->compute_ms);
    printf(", \"shadow_blades\": %llu, \"shadow_compute\": %s}", (unsigned long long)l->shadows.blades,
           l->shadows.raster_compute ? "true" : "false");
    /* the ground's triangles per view */
    printf(", \"terrain_triangles\": {\"camera\": %llu, \"near_shadow\": %llu, \"mid_shadow\": %llu}",
           (unsigned long long)l->terrain.triangles[SWARD_VIEW_CAMERA],
           (unsigned long long)l->terrain.triangles[SWARD_VIEW_NEAR_SHADOW],
           (unsigned long long)l->terrain.triangles[SWARD_VIEW_MID_SHADOW]);
    /* PL8, AS2: instances and triangles per asset kind and level */
    printf(", \"assets\": {\"clusters\": %llu, \"clusters_culled\": %llu, \"dropped\": %llu, \"occluded\": %llu, "
           "\"occlude_blades\": %s, \"two_phase\": %s, \"deferred\": %llu, \"late\": %llu",
           (unsigned long long)l->assets.clusters, (unsigned long long)l->assets.clusters_culled,
           (unsigned long long)l->assets.dropped, (unsigned long long)l->assets.occluded,
           l->assets.occlude ? "true" : "false", l->assets.two_phase ? "true" : "false",
           (unsigned long long)l->assets.deferred, (unsigned long long)l->assets.late);
    for (int k = 0; k < SWARD_ASSET_KINDS; k++) {
        printf(", \"%s\": {\"instances\": [", ASSET_KIND_NAMES[k]);
        for (int lv = 0; lv < SWARD_ASSET_LODS; lv++)
            printf("%s%llu", lv ? ", " : "", (unsigned long long)l->assets.instances[k][lv]);
        printf("], \"triangles\": [");
        for (int lv = 0; lv < SWARD_ASSET_LODS; lv++)
            printf("%s%llu", lv ? ", " : "", (unsigned long long)l->assets.triangles[k][lv]);
        printf("]}");
    }
    /* SC1: the tile cache in the last frame; the memory that is not render targets */
    printf("}, \"tile_cache\": {\"generated\": %u, \"cached\": %u, \"missing\": %u, \"evicted\": %u, "
           "\"teleport\": %s, \"bytes\": %llu, \"budget_bytes\": %llu, \"clusters_generated\": %u, "
           "\"clusters_cached\": %u, \"clusters_missing\": %u, \"clusters_evicted\": %u, \"cluster_bytes\": %llu}, "
           "\"world_bytes\": %llu, \"vegetation_memory_bytes\": %llu",
           l->tile_cache.generated, l->tile_cache.cached, l->tile_cache.missing, l->tile_cache.evicted,
           l->tile_cache.teleport ? "true" : "false", (unsigned long long)l->tile_cache.bytes,
           (unsigned long long)l->tile_cache.budget_bytes, l->tile_cache.clusters_generated,
           l->tile_cache.clusters_cached, l->tile_cache.clusters_missing, l->tile_cache.clusters_evicted,
           (unsigned long long)l->tile_cache.cluster_bytes, (unsigned long long)l->memory.world_bytes,
           (unsigned long long)l->memory.vegetation_bytes);
    /* the device memory by object name: what a scene's memory is made of */
    static const char *const KIND[] = {"buffer", "image", "upload", "readback"};
    printf(", \"memory\": [");
    for (uint32_t k = 0; k < b->memory_count; k++)
        printf("%s{\"name\": \"%s\", \"kind\": \"%s\", \"bytes\": %llu, \"count\": %u}", k ? ", " : "",
               b->memory[k].name, KIND[b->memory[k].kind], (unsigned long long)b->memory[k].bytes, b->memory[k].count);
    printf("]");
    /* PO4: the last frame's exposure */
    printf(", \"exposure\": {\"auto\": %s, \"multiplier\": ", l->exposure.automatic ? "true" : "false");
    json_number(stdout, (double)l->exposure.linear);
    printf(", \"ev\": ");
    json_number(stdout, l->exposure.automatic ? (double)l->exposure.ev : NAN);
    printf(", \"target_ev\": ");
    json_number(stdout, l->exposure.automatic ? (double)l->exposure.target_ev : NAN);
    printf(", \"mean_log2\": ");
    json_number(stdout, l->exposure.automatic ? (double)l->exposure.mean_log : NAN);
    printf("}}\n");
}

static void print_text(const bench_result *b, const sward_device_info *dev, bool device_flag,
                       const char *scene_name, const sward_render_settings *rs, int64_t frames)
{
    char line[1024];
    app_describe_device(dev, device_flag, line, sizeof line);
    printf("scene       %s\n", scene_name);
    printf("device      %s\n", line);
    printf("image       %ux%u, %lld frames (after 2 warm-up), time step 1/60 s\n\n", (unsigned)rs->width,
           (unsigned)rs->height, (long long)frames);
    printf("%-10s %10s %10s\n", "GPU pass", "min ms", "median ms");
    for (uint32_t p = 0; p < b->pass_count; p++)
        printf("%-10s %10.3f %10.3f\n", b->pass_names[p], b->pass[p].min, b->pass[p].median);
    printf("%-10s %10.3f %10.3f\n\n", "total", b->total.min, b->total.median);
    const sward_frame_stats *s = &b->last;
    printf("candidates      %llu within draw distance, %llu considered (tiles in the frustum)\n",
           (unsigned long long)s->blades.candidates_in_range, (unsigned long long)s->blades.candidates);
    printf("blades drawn    %llu (high %llu, low %llu)\n", (unsigned long long)s->blades.drawn,
           (unsigned long long)s->blades.high, (unsigned long long)s->blades.low);
    printf("triangles       %llu\n", (unsigned long long)s->blades.triangles);
    printf(
        "terrain         %llu triangles in the camera's view (each terrain pass), %llu near shadow, %llu mid shadow\n",
        (unsigned long long)s->terrain.triangles[SWARD_VIEW_CAMERA],
        (unsigned long long)s->terrain.triangles[SWARD_VIEW_NEAR_SHADOW],
        (unsigned long long)s->terrain.triangles[SWARD_VIEW_MID_SHADOW]);
    printf("tiles           %llu\n", (unsigned long long)s->blades.tiles);
    printf("removed         %llu off the terrain, %llu by density, %llu by distance, %llu by frustum, "
           "%llu by occlusion\n",
           (unsigned long long)s->blades.removed_outside, (unsigned long long)s->blades.removed_density,
           (unsigned long long)s->blades.removed_distance, (unsigned long long)s->blades.removed_frustum,
           (unsigned long long)s->blades.removed_occlusion);
    printf("GPU memory      %.1f MiB (%.1f MiB of it buffers: world, tile cache, lists, assets)\n",
           (double)s->memory.gpu_bytes / (1024.0 * 1024.0), (double)s->memory.vegetation_bytes / (1024.0 * 1024.0));
    for (uint32_t k = 0; k < b->memory_count && k < 12; k++)
        printf("  %-28s %8.2f MiB  %s x %u\n", b->memory[k].name, (double)b->memory[k].bytes / (1024.0 * 1024.0),
               b->memory[k].kind == SWARD_MEMORY_BUFFER  ? "buffer"
               : b->memory[k].kind == SWARD_MEMORY_IMAGE ? "image"
                                                         : "host-visible buffer",
               b->memory[k].count);
    printf("tile cache      %u tiles held in %.1f of %.1f MiB; last frame placed %u, %u missing, %u evicted%s\n",
           s->tile_cache.cached, (double)s->tile_cache.bytes / (1024.0 * 1024.0),
           (double)s->tile_cache.budget_bytes / (1024.0 * 1024.0), s->tile_cache.generated, s->tile_cache.missing,
           s->tile_cache.evicted, s->tile_cache.teleport ? " (a teleport)" : "");
    if (s->tile_cache.cluster_bytes)
        printf("cluster cache   %u asset clusters held in %.1f MiB of it; last frame placed %u, %u missing, %u evicted\n",
               s->tile_cache.clusters_cached, (double)s->tile_cache.cluster_bytes / (1024.0 * 1024.0),
               s->tile_cache.clusters_generated, s->tile_cache.clusters_missing, s->tile_cache.clusters_evicted);
    if (s->exposure.automatic)
        printf("exposure        auto: EV %+.2f (x %.3f), the last frame's target %+.2f, metered mean log2 %.2f\n",
               (double)s->exposure.ev, (double)s->exposure.linear, (double)s->exposure.target_ev,
               (double)s->exposure.mean_log);
    else
        printf("exposure        manual: x %.3f (render.exposure and the exposure areas)\n", (double)s->exposure.linear);
    printf("CPU ms/frame    min %.3f, median %.3f (of it choosing tiles, the cache, clusters: median %.3f)\n",
           b->cpu.min, b->cpu.median, b->cpu_tiles.median);
    if (isfinite(b->blades_per_ms))
        printf("blades/ms       %.0f (blades rasterised / median ms of all their rasterisation, both paths below)\n",
               b->blades_per_ms);
    else
        printf("blades/ms       n/a (the blades' rasterisation took no measurable time)\n");
    if (s->gbuffer.fragments_valid && s->gbuffer.covered_pixels)
        printf("overdraw        %.3f in the G-buffer passes (%llu fragment shader invocations / %llu covered pixels)\n",
               s->gbuffer.overdraw, (unsigned long long)s->gbuffer.fragments,
               (unsigned long long)s->gbuffer.covered_pixels);
    else
        printf("overdraw        n/a (the device counts no pipeline statistics)\n");
    if (s->gbuffer.lower_pixels)
        printf("ground seen     %.1f %% of the lower third (between blades, from the G-buffer)\n",
               100.0 * (double)s->gbuffer.lower_ground / (double)s->gbuffer.lower_pixels);
    printf("raster          hardware %llu blades in %.3f ms (grass_depth + grass, %.0f blades/ms)\n",
           (unsigned long long)hw_blades(s), b->hw_ms, per_ms(hw_blades(s), b->hw_ms));
    if (s->raster.compute)
        printf("                compute %llu blades, %llu tiles, %llu fragments, %llu atomics in %.3f ms (raster + "
               "raster_merge + resolve, %.0f blades/ms); %s\n",
               (unsigned long long)s->raster.blades, (unsigned long long)s->raster.tiles,
               (unsigned long long)s->raster.fragments, (unsigned long long)s->raster.pixels, b->compute_ms,
               per_ms(s->raster.blades, b->compute_ms),
               s->raster.threshold > 0.0f ? "tiles whose blades project under the threshold" : "every tile");
    if (s->raster.compute && s->raster.threshold > 0.0f)
        printf("                threshold %.1f px (render.raster_threshold)\n", (double)s->raster.threshold);
    if (!s->raster.compute) printf("                compute: off (render.raster, or the device lacks it)\n");
    if (s->shadows.blades)
        printf("shadow casters  %llu blades in the near cascade, rasterised by %s\n",
               (unsigned long long)s->shadows.blades,
               s->shadows.raster_compute ? "compute (shadow_raster)" : "the hardware (shadow_near)");
    if (s->assets.clusters) {
        printf("assets          %llu clusters, %llu culled by their bounds, %llu instances hidden by the ground%s",
               (unsigned long long)s->assets.clusters, (unsigned long long)s->assets.clusters_culled,
               (unsigned long long)s->assets.occluded, s->assets.occlude ? " (their depth occludes the blades)" : "");
        if (s->assets.two_phase)
            printf(" or by the assets; %llu hidden in the last frame, of them %llu drawn in the second phase",
                   (unsigned long long)s->assets.deferred, (unsigned long long)s->assets.late);
        printf("; instances / triangles per level:\n");
        for (int k = 0; k < SWARD_ASSET_KINDS; k++) {
            uint64_t any = 0;
            for (int lv = 0; lv < SWARD_ASSET_LODS; lv++)
                any += s->assets.instances[k][lv];
            if (!any) continue;
            printf("  %-8s", ASSET_KIND_NAMES[k]);
            for (int lv = 0; lv < SWARD_ASSET_LODS; lv++)
                if (s->assets.instances[k][lv])
                    printf("  L%d %llu / %llu", lv, (unsigned long long)s->assets.instances[k][lv],
                           (unsigned long long)s->assets.triangles[k][lv]);
            printf("\n");
        }
    }
}

/* BX5: the scene's flight instead of N stills. */
static int bench_flight(sward_context *ctx, sward_scene *scene, const char *scene_name, const sward_render_settings *rs,
                        int64_t frames, int workers, double cpu_max_ms, bool json, bool device_flag, const char *plot,
                        sward_error *err)
{
    flight_result f;
    int rc = flight_measure(ctx, scene, frames, workers, &f, err);
    f.cpu_ceiling_ms = cpu_max_ms;
    if (!rc) rc = app_check_validation(ctx);
    if (!rc) {
        sward_device_info dev = sward_context_device(ctx);
        if (json) {
            flight_print_json(&f, &dev, scene_name, rs->width, rs->height);
        } else {
            char line[1024];
            app_describe_device(&dev, device_flag, line, sizeof line);
            flight_print_text(&f, line, scene_name, rs->width, rs->height);
        }
        if (plot && !(rc = flight_plot(&f, plot, scene_name, dev.name, err)) && !json) printf("\nwrote %s\n", plot);
    }
    flight_result_free(&f);
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    const char *scene_path = NULL;
    int64_t width = 0, height = 0, frames = 20, device = 0, workers = SWARD_STREAM_WORKERS_DEFAULT;
    bool validate = false, json = false, verbose = false;
    static args_list sets;
    sets.count = 0;
    const char *sweep = NULL, *plot = NULL;
    double cache_mib = 0.0, cpu_max_ms = FLIGHT_CPU_CEILING_MS;
    enum { O_FRAMES, O_W, O_H, O_DEV, O_VAL, O_JSON, O_VERB, O_SET, O_SWEEP, O_PLOT, O_CACHE, O_WORKERS, O_CPU_MAX,
           O_COUNT };
    args_option opts[O_COUNT] = {
        [O_FRAMES] = { .name = "frames", .kind = ARGS_INT, .out = &frames, .imin = 1, .imax = 100000 },
        [O_W] = { .name = "width", .kind = ARGS_INT, .out = &width, .imin = 1, .imax = 8192 },
        [O_H] = { .name = "height", .kind = ARGS_INT, .out = &height, .imin = 1, .imax = 8192 },
        [O_DEV] = { .name = "device", .kind = ARGS_INT, .out = &device, .imin = 0, .imax = 255 },
        [O_VAL] = { .name = "validate", .kind = ARGS_BOOL, .out = &validate },
        [O_JSON] = { .name = "json", .kind = ARGS_BOOL, .out = &json },
        [O_VERB] = { .name = "verbose", .kind = ARGS_BOOL, .out = &verbose },
        [O_SET] = { .name = "set", .kind = ARGS_LIST, .out = &sets },
        [O_SWEEP] = { .name = "sweep", .kind = ARGS_STRING, .out = &sweep },
        [O_PLOT] = { .name = "plot", .kind = ARGS_STRING, .out = &plot },
        [O_CACHE] = { .name = "cache-mib", .kind = ARGS_FLOAT, .out = &cache_mib, .fmin = 0.0, .fmax = 65536.0,
                      .fmin_exclusive = true },
        [O_WORKERS] = { .name = "workers", .kind = ARGS_INT, .out = &workers, .imin = 0,
                        .imax = SWARD_STREAM_WORKERS_MAX },
        [O_CPU_MAX] = { .name = "cpu-max-ms", .kind = ARGS_FLOAT, .out = &cpu_max_ms, .fmin = 0.0, .fmax = 1e6,
                        .fmin_exclusive = true },
    };
    args_command cmd = { .name = "bench", .options = opts, .option_count = O_COUNT, .positional = &scene_path,
                         .positional_name = "SCENE.json", .help = bench_help };
    switch (args_parse(&cmd, argc, argv)) {
    case ARGS_HELP: return 0;
    case ARGS_ERROR: return APP_EXIT_USAGE;
    case ARGS_OK: break;
    }
    if (app_check_sets("bench", &sets)) return APP_EXIT_USAGE;
    if (opts[O_CACHE].set && app_add_cache_mib("bench", &sets, cache_mib)) return APP_EXIT_USAGE;
    if (sweep && json) {
        fprintf(stderr, "sward bench: --sweep prints a table; use it without --json\n");
        return APP_EXIT_USAGE;
    }
    if (plot && !app_plot_name_ok(plot)) {
        fprintf(stderr, "sward bench: --plot '%s': sward writes SVG plots only; give a file name ending in .svg (a "
                        "PNG can be made from it, e.g. rsvg-convert -o plot.png plot.svg)\n", plot);
        return APP_EXIT_USAGE;
    }
    const char *scene_name = scene_path ? scene_path : "meadow (built-in)";

    sward_error err = { 0 };
    sward_result r = SWARD_OK;
    sward_scene *scene = NULL;
    sward_context *ctx = NULL;
    int rc = app_load_scene(scene_path, &sets, &scene, &err);
    if (rc) return rc;

    sward_render_settings rs = sward_scene_render_settings(scene);
    if (opts[O_W].set) rs.width = (uint32_t)width;
    if (opts[O_H].set) rs.height = (uint32_t)height;
    if ((r = sward_scene_set_render_settings(scene, &rs, &err)) != SWARD_OK) {
        rc = app_fail(r, &err);
        goto done;
    }
    rs = sward_scene_render_settings(scene);
    bool flight = sward_scene_flight(scene).frames > 0 && !sweep;
    /* As render -o: the plot's folders are created and its target checked before the device starts, so that
     * a bad path fails in milliseconds rather than after the whole bench. */
    if (plot && (rc = app_make_parent_dirs(plot))) goto done;

    rc = app_create_context(&opts[O_DEV], device, validate, &verbose, &ctx, &err);
    if (rc) goto done;
    if (sweep) {
        rc = bench_sweep(ctx, scene_path, &sets, &rs, frames, sweep, plot, &err);
        if (!rc) rc = app_check_validation(ctx);
        goto done;
    }
    if (flight) {
        rc = bench_flight(ctx, scene, scene_name, &rs, opts[O_FRAMES].set ? frames : 0, (int)workers, cpu_max_ms, json,
                          opts[O_DEV].set, plot, &err);
        goto done;
    }
    bench_result b;
    if ((rc = bench_measure(ctx, scene, frames, &b, &err))) goto done;
    rc = app_check_validation(ctx);
    if (rc) goto done;

    sward_device_info dev = sward_context_device(ctx);
    if (json)
        print_json(&b, &dev, scene_name, &rs, frames);
    else
        print_text(&b, &dev, opts[O_DEV].set, scene_name, &rs, frames);
    if (plot) {
        if ((r = bench_plot_bars(&b, plot, scene_name, dev.name, &rs, frames, NULL, 0, &err)) != SWARD_OK) {
            rc = app_fail(r, &err);
            goto done;
        }
        if (!json) printf("\nwrote %s\n", plot);
    }

done:
    if (ctx) sward_context_destroy(ctx);
    if (scene) sward_scene_destroy(scene);
    return rc;
}
