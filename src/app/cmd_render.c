/* `sward render`: a scene to PNG, a still or numbered animation frames. */
#define _POSIX_C_SOURCE 200809L

#include "args.h"
#include "progress.h"
#include "video.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const char render_help[] =
    "Usage: sward render [SCENE.json] [-o OUT.png|OUT.exr] [--video OUT.mp4] [OPTIONS]\n"
    "\n"
    "Renders SCENE.json (default: the built-in scene \"meadow\") to a PNG (RGBA, sRGB), an EXR or a video.\n"
    "\n"
    "Options:\n"
    "  -o, --output PATH  output file (default: out/<scene name>.png, or out/<scene name>_%04d.png with\n"
    "                     --frames > 1); missing parent folders are created. A path containing '%' is a\n"
    "                     frame pattern: exactly one %d or %0Nd for the frame number (from 0), and %%\n"
    "                     for a literal '%'. PATH ending in .exr: the linear HDR frame before tone mapping\n"
    "                     (OpenEXR, RGBA 32-bit float; docs/features.md)\n"
    "  --video PATH       encode the frames as H.264 (.mp4, .mov or .mkv) through the ffmpeg program, which\n"
    "                     must be on PATH (else exit 3, before rendering); width and height must be even.\n"
    "                     Images are written too only if -o is given\n"
    "  --width W          image width in pixels, 1..8192 (default: the scene's)\n"
    "  --height H         image height in pixels, 1..8192 (default: the scene's); W x H must fit the memory\n"
    "                     budget of 2 GiB at about 64 bytes a pixel (7680x4320 fits, 8192x8192 does not)\n"
    "  --time T           animation time in seconds, -100000..100000 (default: the scene's)\n"
    "  --seed S           placement seed, 0..4294967295 (default: the scene's)\n"
    "  --frames N         render N frames, 1..100000, at times T + k/F for k = 0..N-1 (default: 1);\n"
    "                     with N > 1 the output path must be a frame pattern such as out/f_%04d.png\n"
    "  --fps F            frames per second for --frames and the video's rate, > 0 and <= 1000 (default: 30)\n"
APP_SET_HELP
    "  --cache-mib N      the tile cache's GPU memory budget in MiB, > 0 (render.tile_cache.budget_mib;\n"
    "                     default: the scene's, 64)\n"
    "  --workers N        threads that make a streamed world's pages, 0..64 (default 2; 0: on the rendering\n"
    "                     thread); every frame waits for its pages, so the images do not depend on N\n"
    "  --device N         render on device N of 'sward devices' (default: the first suitable one by type:\n"
    "                     discrete GPU, integrated GPU, virtual GPU, CPU)\n"
    "  --validate         enable the Vulkan validation layer; any validation message makes the exit\n"
    "                     status 5 (SWARD_VALIDATION=1 does the same)\n"
    "  --quiet            print nothing on success\n"
    "  --verbose          also print the library's info messages (to stderr)\n"
    "  -h, --help         print this help and exit\n"
    "Flags also take the form --flag=value.\n"
    "\n"
    "The image is written to a temporary file beside PATH and renamed to PATH once complete: a failed write\n"
    "(a full disk) leaves no partial file. A PATH that is a device (/dev/null) is written in place. The\n"
    "video, likewise, appears only once ffmpeg has finished; if it fails, its last messages are shown.\n"
    "With --frames > 1 a progress bar (frames, frames per second, time left) is drawn on stderr when it is a\n"
    "terminal; nothing otherwise.\n"
    "\n"
    "Prints the device used (\"sward: rendering on NAME (discrete GPU)\", or \"(CPU, lavapipe; ...)\") and\n"
    "\"wrote PATH (WxH, N blades, S s)\" to stdout, unless --quiet. Errors go to stderr.\n"
    "\n"
    "Exit status: 0 ok; 2 bad flags or invalid scene; 3 a file could not be read or written; 4 no suitable\n"
    "device; 5 Vulkan failure or validation messages; 6 out of memory.\n";

#define PATH_CAP 4096

/* The file name without folder and extension; "meadow" for the built-in scene. */
static void scene_stem(const char *path, char *out, size_t size)
{
    if (!path) {
        snprintf(out, size, "meadow");
        return;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = (dot && dot != base) ? (size_t)(dot - base) : strlen(base);
    if (n == 0) {
        base = "scene";
        n = 5;
    }
    snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), base);
}

int cmd_render(int argc, char **argv)
{
    const char *scene_path = NULL, *output = NULL, *video_path = NULL;
    int64_t width = 0, height = 0, seed = 0, frames = 1, device = 0, workers = SWARD_STREAM_WORKERS_DEFAULT;
    double time_s = 0.0, fps = 30.0, cache_mib = 0.0;
    bool validate = false, quiet = false, verbose = false;
    static args_list sets;
    sets.count = 0;
    enum { O_OUT, O_W, O_H, O_TIME, O_SEED, O_FRAMES, O_FPS, O_DEV, O_VAL, O_QUIET, O_VERB, O_SET, O_CACHE, O_VIDEO, O_WORKERS, O_COUNT };
    args_option opts[O_COUNT] = {
        [O_OUT] = { .name = "output", .short_name = 'o', .kind = ARGS_STRING, .out = &output },
        [O_W] = { .name = "width", .kind = ARGS_INT, .out = &width, .imin = 1, .imax = 8192 },
        [O_H] = { .name = "height", .kind = ARGS_INT, .out = &height, .imin = 1, .imax = 8192 },
        [O_TIME] = { .name = "time", .kind = ARGS_FLOAT, .out = &time_s, .fmin = -1e30, .fmax = 1e30,
                     .expect = "a finite number of seconds" },
        [O_SEED] = { .name = "seed", .kind = ARGS_INT, .out = &seed, .imin = 0, .imax = 4294967295 },
        [O_FRAMES] = { .name = "frames", .kind = ARGS_INT, .out = &frames, .imin = 1, .imax = 100000 },
        [O_FPS] = { .name = "fps", .kind = ARGS_FLOAT, .out = &fps, .fmin = 0.0, .fmax = 1000.0,
                    .fmin_exclusive = true },
        [O_DEV] = { .name = "device", .kind = ARGS_INT, .out = &device, .imin = 0, .imax = 255 },
        [O_VAL] = { .name = "validate", .kind = ARGS_BOOL, .out = &validate },
        [O_QUIET] = { .name = "quiet", .kind = ARGS_BOOL, .out = &quiet },
        [O_VERB] = { .name = "verbose", .kind = ARGS_BOOL, .out = &verbose },
        [O_SET] = { .name = "set", .kind = ARGS_LIST, .out = &sets },
        [O_CACHE] = { .name = "cache-mib", .kind = ARGS_FLOAT, .out = &cache_mib, .fmin = 0.0, .fmax = 65536.0,
                      .fmin_exclusive = true },
        [O_VIDEO] = { .name = "video", .kind = ARGS_STRING, .out = &video_path },
        [O_WORKERS] = { .name = "workers", .kind = ARGS_INT, .out = &workers, .imin = 0,
                        .imax = SWARD_STREAM_WORKERS_MAX },
    };
    args_command cmd = { .name = "render", .options = opts, .option_count = O_COUNT, .positional = &scene_path,
                         .positional_name = "SCENE.json", .help = render_help };
    switch (args_parse(&cmd, argc, argv)) {
    case ARGS_HELP: return 0;
    case ARGS_ERROR: return APP_EXIT_USAGE;
    case ARGS_OK: break;
    }
    if (quiet && verbose) {
        args_usage_error("render", "--quiet and --verbose cannot be used together");
        return APP_EXIT_USAGE;
    }
    if (app_check_sets("render", &sets)) return APP_EXIT_USAGE;
    if (opts[O_CACHE].set && app_add_cache_mib("render", &sets, cache_mib)) return APP_EXIT_USAGE;

    /* The output pattern is checked before anything slow happens. --video alone writes no images. */
    bool images = output || !video_path;
    char pattern[PATH_CAP];
    if (video_path && !*video_path) {
        args_usage_error("render", "--video: empty path");
        return APP_EXIT_USAGE;
    }
    if (output) {
        snprintf(pattern, sizeof pattern, "%s", output);
        if (strlen(output) >= sizeof pattern) {
            args_usage_error("render", "-o: path too long (at most %d bytes)", PATH_CAP - 1);
            return APP_EXIT_USAGE;
        }
    } else {
        char stem[256], escaped[520];
        scene_stem(scene_path, stem, sizeof stem);
        size_t e = 0;
        for (const char *p = stem; *p; p++) { /* a '%' in a file name is literal in the pattern */
            if (*p == '%') escaped[e++] = '%';
            escaped[e++] = *p;
        }
        escaped[e] = '\0';
        snprintf(pattern, sizeof pattern, frames > 1 ? "out/%s_%%04d.png" : "out/%s.png", escaped);
    }
    char why[128];
    int directives = args_frame_pattern_check(pattern, why, sizeof why);
    if (directives < 0) {
        args_usage_error("render", "-o: bad frame pattern '%s': %s; use one %%d or %%0Nd (e.g. %%04d) for the "
                         "frame number and %%%% for a literal '%%'", pattern, why);
        return APP_EXIT_USAGE;
    }
    if (images && frames > 1 && directives == 0) {
        args_usage_error("render", "-o: with --frames %lld the output path needs a frame-number directive such "
                         "as %%04d, got '%s'", (long long)frames, pattern);
        return APP_EXIT_USAGE;
    }
    /* -o x.exr: the linear HDR frame before the tone map (sward_render_hdr) as OpenEXR, else PNG */
    size_t plen = strlen(pattern);
    bool exr = images && plen >= 4 && strcasecmp(pattern + plen - 4, ".exr") == 0;
#ifndef SWARD_HAVE_OPENEXR
    if (exr) { /* before anything slow: sward_write_exr would refuse each frame */
        args_usage_error("render", "-o '%s': cannot write EXR: sward was built without OpenEXR (CMake option "
                         "SWARD_OPENEXR=OFF)", pattern);
        return APP_EXIT_USAGE;
    }
#endif
    char path[PATH_CAP];
    if (!args_frame_path(pattern, (uint64_t)(frames - 1), path, sizeof path)) {
        args_usage_error("render", "-o: path too long (at most %d bytes)", PATH_CAP - 1);
        return APP_EXIT_USAGE;
    }

    double t0 = app_now();
    sward_error err = { 0 };
    sward_result r = SWARD_OK;
    sward_scene *scene = NULL;
    sward_context *ctx = NULL;
    sward_renderer *renderer = NULL;
    sward_image img = { 0 };
    sward_image_hdr hdr = { 0 };
    app_video *video = NULL;
    app_progress progress = { 0 };
    int rc = app_load_scene(scene_path, &sets, &scene, &err);
    if (rc) return rc;

    sward_render_settings rs = sward_scene_render_settings(scene);
    if (opts[O_W].set) rs.width = (uint32_t)width;
    if (opts[O_H].set) rs.height = (uint32_t)height;
    if (opts[O_SEED].set) rs.seed = (uint32_t)seed;
    if (opts[O_TIME].set) rs.time = (float)time_s;
    if ((r = sward_scene_set_render_settings(scene, &rs, &err)) != SWARD_OK) {
        rc = app_fail(r, &err);
        goto done;
    }
    rs = sward_scene_render_settings(scene);
    if (frames > 1) {
        /* Every frame's time must be in render.time's range, not only the first. */
        double last = (double)rs.time + (double)(frames - 1) / fps;
        if (last > 100000.0 || last < -100000.0) {
            args_usage_error("render", "--frames %lld at --fps %g from time %g reach time %.10g, beyond the "
                             "range of render.time (-100000 to 100000 s); lower --frames or --time, or raise --fps",
                             (long long)frames, fps, (double)rs.time, last);
            rc = APP_EXIT_USAGE;
            goto done;
        }
    }

    /* Folders are created before the device starts, so that a bad path fails in milliseconds; once,
     * unless the frame number is part of a folder name. */
    if (video_path && (rc = app_video_check(video_path, rs.width, rs.height))) goto done;
    const char *directive = strchr(pattern, '%');
    bool numbered_dirs = directive && strrchr(pattern, '/') > directive;
    for (int64_t k = 0; images && k < (numbered_dirs ? frames : 1) && rc == 0; k++) {
        args_frame_path(pattern, (uint64_t)k, path, sizeof path); /* fits: checked for the longest number */
        rc = app_make_parent_dirs(path);
    }
    if (rc) goto done;
    if (video_path && (rc = app_make_parent_dirs(video_path))) goto done;

    rc = app_create_context(&opts[O_DEV], device, validate, &verbose, &ctx, &err);
    if (rc) goto done;
    if (!quiet) {
        sward_device_info info = sward_context_device(ctx);
        char line[1024];
        app_describe_device(&info, opts[O_DEV].set, line, sizeof line);
        printf("sward: rendering on %s\n", line);
        fflush(stdout);
    }
    if ((r = sward_renderer_create(ctx, scene, &renderer, &err)) != SWARD_OK ||
        (r = sward_renderer_set_streaming(renderer, &(sward_streaming){.workers = (int)workers}, &err)) != SWARD_OK) {
        rc = app_fail(r, &err);
        goto done;
    }
    img.width = rs.width;
    img.height = rs.height;
    img.pixels = malloc(sward_image_bound(img.width, img.height));
    if (!img.pixels) {
        fprintf(stderr, "sward: out of memory for a %ux%u image\n", (unsigned)img.width, (unsigned)img.height);
        rc = (int)SWARD_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    if (exr) {
        hdr.width = rs.width;
        hdr.height = rs.height;
        hdr.pixels = malloc(sward_image_hdr_bound(hdr.width, hdr.height));
        if (!hdr.pixels) {
            fprintf(stderr, "sward: out of memory for a %ux%u HDR image\n", (unsigned)hdr.width, (unsigned)hdr.height);
            rc = (int)SWARD_ERROR_OUT_OF_MEMORY;
            goto done;
        }
    }
    if (video_path && (rc = app_video_open(&video, video_path, rs.width, rs.height, fps))) goto done;

    uint64_t blades_total = 0;
    char first[PATH_CAP] = "";
    app_progress_start(&progress, (uint64_t)frames, !quiet);
    for (int64_t k = 0; k < frames; k++) {
        sward_frame_stats stats = SWARD_FRAME_STATS_INIT;
        sward_frame_desc fd = { .time = (float)((double)rs.time + (double)k / fps) };
        r = exr ? sward_render_hdr(renderer, &fd, &img, &hdr, &stats, &err)
                : sward_render(renderer, &fd, &img, &stats, &err);
        if (r != SWARD_OK) {
            app_progress_end(&progress);
            rc = app_fail(r, &err);
            goto done;
        }
        if (images) {
            args_frame_path(pattern, (uint64_t)k, path, sizeof path);
            r = exr ? sward_write_exr(path, &hdr, &err) : sward_write_png(path, &img, &err);
            if (r != SWARD_OK) {
                app_progress_end(&progress);
                rc = app_fail(r, &err);
                goto done;
            }
            if (k == 0) snprintf(first, sizeof first, "%s", path);
        }
        if (video && (rc = app_video_frame(video, img.pixels))) {
            video = NULL; /* freed, its file removed */
            goto done;
        }
        blades_total += stats.blades.drawn;
        app_progress_update(&progress, (uint64_t)k + 1);
    }
    app_progress_end(&progress);
    if (video) {
        rc = app_video_finish(video);
        video = NULL;
        if (rc) goto done;
    }
    rc = app_check_validation(ctx);
    if (rc == 0 && !quiet && video_path) {
        printf("wrote %s (%lld frame%s at %g fps, %ux%u, H.264, %.2f s)\n", video_path, (long long)frames,
               frames == 1 ? "" : "s", fps, (unsigned)img.width, (unsigned)img.height, app_now() - t0);
    }
    if (rc == 0 && !quiet && images) {
        double secs = app_now() - t0;
        if (frames == 1)
            printf("wrote %s (%ux%u, %llu blades, %.2f s)\n", path, (unsigned)img.width, (unsigned)img.height,
                   (unsigned long long)blades_total, secs);
        else
            printf("wrote %s .. %s (%lld frames, %ux%u, %llu blades per frame on average, %.2f s)\n", first, path,
                   (long long)frames, (unsigned)img.width, (unsigned)img.height,
                   (unsigned long long)(blades_total / (uint64_t)frames), secs);
    }

done:
    app_progress_end(&progress);
    app_video_abort(video);
    free(img.pixels);
    free(hdr.pixels);
    if (renderer) sward_renderer_destroy(renderer);
    if (ctx) sward_context_destroy(ctx);
    if (scene) sward_scene_destroy(scene);
    return rc;
}
