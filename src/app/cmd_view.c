/* `sward view`: a scene live in a window (SPEC TL1): a fly camera, the clock paused and scrubbed, a HUD with the
 * frame's per-pass GPU times, counts and memory, keys that switch the scene's features and show the effect at
 * once, a screenshot that is what `sward render` gives for that camera and time, and hot reload of the scene
 * and its images. Frames come from sward's standalone renderer, two in flight: frame k is submitted before
 * frame k - 1 is read back and presented (view_window.c). Scripts and tests drive it with --frames,
 * --screenshot and --script (view_script.h). */
#define _POSIX_C_SOURCE 200809L

#include "args.h"
#include "core/core.h"
#include "view_camera.h"
#include "view_hud.h"
#include "view_script.h"
#include "view_watch.h"
#include "view_window.h"

#include <GLFW/glfw3.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char view_help[] =
    "Usage: sward view [SCENE.json] [OPTIONS]\n"
    "\n"
    "Shows SCENE.json (default: the built-in scene \"meadow\") live in a window, and reloads it when the file or\n"
    "an image it uses changes (a broken edit is shown in the HUD; the last good scene keeps running).\n"
    "\n"
    "Keys: W A S D move, Q E down and up, Shift faster, right mouse button held: look, wheel: speed;\n"
    "  Space pause, [ ] time -/+0.5 s, Backspace time to the scene's, Home camera to the scene's;\n"
    "  1-8 render.features: 1 depth_prime 2 shadows 3 contact_shadows 4 translucency 5 specular 6 taa\n"
    "  7 bloom 8 sky; R raster (auto, hardware, compute); L LOD (off: every blade at full detail);\n"
    "  C culling; O occlusion culling; G grass; H HUD; P or F12 screenshot; Esc quit.\n"
    "\n"
    "Options:\n"
    "  --width W, --height H  window size in pixels, 1..8192 (default: the scene's, scaled to fit the screen)\n"
    "  --time T           start time in seconds, -100000..100000 (default: the scene's)\n"
    "  --paused           start with the clock stopped\n"
    "  --frames N         render N frames, then exit 0 (after --screenshot), 1..1000000\n"
    "  --screenshot PATH  with --frames: after the last frame write PATH, the PNG `sward render` gives for\n"
    "                     that camera and time (the scene's width x height); P and F12 write\n"
    "                     out/<scene>_view_NNNN.png\n"
    "  --script FILE      run the commands of FILE (- for stdin) between frames, then keep running until the\n"
    "                     window closes: frames N, key NAME, camera EX EY EZ TX TY TZ, time T,\n"
    "                     screenshot PATH, window-shot PATH, wait-reload SECONDS, resize W H, close\n"
    "                     (docs/viewer.md); frames advance the clock by 1/30 s each, as with --frames\n"
APP_SET_HELP
    "  --device N         use device N of 'sward devices'\n"
    "  --validate         enable the Vulkan validation layer; any message makes the exit status 5\n"
    "  --verbose          also print the library's info messages\n"
    "  -h, --help         print this help and exit\n"
    "\n"
    "Needs a display (X11 or Wayland; under CI: xvfb-run). Runs on lavapipe too, slowly.\n"
    "Exit status: 0 closed; 1 a script's wait-reload timed out; 2 bad flags, script or scene; 3 a file could\n"
    "not be read or written; 4 no device or no display; 5 Vulkan failure or validation messages.\n";

#define VIEW_FIXED_DT (1.0 / 30.0)
#define VIEW_POLL_S 0.25 /* the watched files are looked at this often */
#define VIEW_FEATURES 8
#define VIEW_FPS_WINDOW 16
#define PATH_CAP 4096

static const char *const feature_names[VIEW_FEATURES] = {"depth_prime", "shadows", "contact_shadows", "translucency",
                                                         "specular", "taa", "bloom", "sky"};
static const char *const raster_names[3] = {"auto", "hardware", "compute"};

typedef struct viewer {
    const char *scene_path; /* NULL: the built-in scene */
    const args_list *sets;  /* the user's --set overrides */
    int feature[VIEW_FEATURES]; /* -1 the scene's, 0 off, 1 on: overrides after the user's */
    int raster;             /* -1 the scene's, else an index of raster_names */
    sward_frame_debug debug; /* L: no_lod_fade, C: no_culling */
    bool no_occlusion, no_grass;
    sward_context *ctx;
    sward_scene *scene;
    sward_renderer *r;
    view_window win;
    view_camera cam;
    bool hud_on, paused, fixed_step, verbose;
    double time;            /* s, the clock */
    double scene_time;      /* the scene's render.time (or --time) */
    /* frames in flight: the one submitted and not yet shown */
    bool pending;
    uint64_t ticket;
    uint32_t pending_w, pending_h;
    uint8_t *pixels;        /* the last frame read back (then the HUD drawn over it) */
    size_t pixels_cap;
    uint32_t shown_w, shown_h;
    sward_frame_stats stats;
    uint64_t frames;        /* frames shown */
    double fps;
    double shown_at[VIEW_FPS_WINDOW]; /* when the last frames were shown (s) */
    /* hot reload */
    view_watch watch;
    double next_poll;
    uint64_t reload_attempts;
    char error[1200];       /* the last failed reload or rebuild, for the HUD; "" = none */
    char note[300];         /* a passing message (screenshot written), until note_until */
    double note_until;
    int shots;
    double last_x, last_y;
    bool looking;
} viewer;

static viewer *g_viewer; /* for GLFW's callbacks */

static int finish_pending(viewer *v);

/* ---- scene building: the user's --set overrides, then the keys' ------------------------------------------- */

static size_t overrides(const viewer *v, const char **out, char text[][96], size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < v->sets->count && n < cap; i++) out[n++] = v->sets->items[i];
    size_t t = 0;
    for (int f = 0; f < VIEW_FEATURES && n < cap; f++) {
        if (v->feature[f] < 0) continue;
        snprintf(text[t], 96, "render.features.%s=%s", feature_names[f], v->feature[f] ? "true" : "false");
        out[n++] = text[t++];
    }
    if (v->raster >= 0 && n < cap) {
        snprintf(text[t], 96, "render.raster=%s", raster_names[v->raster]);
        out[n++] = text[t++];
    }
    return n;
}

/* err's message with the line and column after the file name (file:line:col: field: problem). */
static void describe_error(const viewer *v, const sward_error *err, char *out, size_t cap)
{
    const char *name = v->scene_path ? v->scene_path : "<default>";
    size_t n = strlen(name);
    if (err->line && strncmp(err->message, name, n) == 0 && strncmp(err->message + n, ": ", 2) == 0)
        snprintf(out, cap, "%s:%u:%u: %s", name, (unsigned)err->line, (unsigned)err->column, err->message + n + 2);
    else
        snprintf(out, cap, "%s", err->message);
}

/* Loads the scene with every override and makes its renderer; the old ones stay when that fails (the error is
 * kept for the HUD and printed). first: a failure is the command's (no old scene to keep). */
static int build(viewer *v, bool first)
{
    const char *list[ARGS_LIST_MAX + VIEW_FEATURES + 1];
    char text[VIEW_FEATURES + 1][96];
    size_t n = overrides(v, list, text, sizeof list / sizeof list[0]);
    sward_error err = {0};
    sward_scene *scene = NULL;
    sward_result r = sward_scene_load_overrides(v->scene_path, list, n, &scene, &err);
    sward_renderer *renderer = NULL;
    int rc = finish_pending(v);
    if (rc) {
        sward_scene_destroy(scene);
        return rc;
    }
    if (r == SWARD_OK) r = sward_renderer_create(v->ctx, scene, &renderer, &err);
    /* a viewer's frames never wait for a world page (BX7); its screenshots' renderers do */
    if (r == SWARD_OK)
        r = sward_renderer_set_streaming(
            renderer, &(sward_streaming){.workers = SWARD_STREAM_WORKERS_DEFAULT, .no_wait = true}, &err);
    if (r == SWARD_OK && v->r) {
        uint32_t w, h;
        sward_renderer_size(v->r, &w, &h);
        r = sward_renderer_resize(renderer, w, h, &err);
    }
    if (r != SWARD_OK) {
        if (renderer) sward_renderer_destroy(renderer);
        sward_scene_destroy(scene);
        if (first) return app_fail(r, &err);
        describe_error(v, &err, v->error, sizeof v->error);
        fprintf(stderr, "sward view: %s (the last good scene keeps running)\n", v->error);
        return 0;
    }
    if (v->r) sward_renderer_destroy(v->r);
    if (v->scene) sward_scene_destroy(v->scene);
    v->r = renderer;
    v->scene = scene;
    v->error[0] = '\0';
    return 0;
}

/* ---- frames -------------------------------------------------------------------------------------------- */

static sward_frame_desc frame_desc(const viewer *v, float eye[3], float target[3], int warmup)
{
    sward_frame_desc fd = {
        .time = (float)v->time,
        .no_occlusion = v->no_occlusion,
        .no_grass = v->no_grass,
        .debug = &v->debug,
        .taa_warmup = warmup,
    };
    if (v->cam.moved) { /* else the scene's own camera, exactly */
        for (int k = 0; k < 3; k++) eye[k] = v->cam.eye[k];
        view_camera_target(&v->cam, target);
        fd.eye = eye;
        fd.target = target;
    }
    return fd;
}

static void build_hud(viewer *v, view_hud *h)
{
    const sward_frame_stats *s = &v->stats;
    sward_device_info dev = sward_context_device(v->ctx);
    uint32_t w, hh;
    sward_renderer_size(v->r, &w, &hh);
    view_hud_line(h, 255, 255, 255, "sward view  %s  %ux%u  %s", v->scene_path ? v->scene_path : "<default>",
                  (unsigned)w, (unsigned)hh, dev.name);
    /* a broken edit's error and the last action's note come first: in a small window the HUD's last lines fall
     * below its bottom edge */
    if (v->error[0]) {
        const char *p = v->error; /* long messages wrap */
        while (*p && h->count < VIEW_HUD_LINES) {
            size_t n = strlen(p) > 110 ? 110 : strlen(p);
            view_hud_line(h, 255, 90, 80, "%.*s", (int)n, p);
            p += n;
        }
    }
    if (v->note[0] && app_now() < v->note_until) view_hud_line(h, 160, 255, 160, "%s", v->note);
    double gpu = 0.0;
    for (uint32_t i = 0; i < s->passes.count; i++)
        gpu += s->passes.times[i].gpu_ms;
    view_hud_line(h, 255, 255, 255, "frame %llu  t %.2f s%s  %.1f fps  gpu %.2f ms  cpu %.2f ms",
                  (unsigned long long)v->frames, v->time, v->paused ? " (paused)" : "", v->fps, gpu, s->cpu.frame_ms);
    view_hud_line(h, 255, 255, 255, "blades %llu (%llu high, %llu low)  triangles %llu  tiles %llu",
                  (unsigned long long)s->blades.drawn, (unsigned long long)s->blades.high,
                  (unsigned long long)s->blades.low, (unsigned long long)s->blades.triangles,
                  (unsigned long long)s->blades.tiles);
    uint64_t inst = 0;
    for (int k = 0; k < SWARD_ASSET_KINDS; k++)
        for (int l = 0; l < SWARD_ASSET_LODS; l++)
            inst += s->assets.instances[k][l];
    view_hud_line(h, 255, 255, 255, "assets %llu  tile cache %u tiles, %u placed this frame, %u missing",
                  (unsigned long long)inst, (unsigned)s->tile_cache.cached, (unsigned)s->tile_cache.generated,
                  (unsigned)s->tile_cache.missing);
    if (s->exposure.automatic) /* PO4: where the eye has adapted to, and where it is going */
        view_hud_line(h, 255, 255, 255, "exposure auto: EV %+.2f (x %.3f), target %+.2f, metered log2 %.2f",
                      (double)s->exposure.ev, (double)s->exposure.linear, (double)s->exposure.target_ev,
                      (double)s->exposure.mean_log);
    else
        view_hud_line(h, 255, 255, 255, "exposure x %.3f (manual)", (double)s->exposure.linear);
    view_hud_line(h, 255, 255, 255, "memory %.1f MiB (vegetation %.1f MiB, world %.1f MiB, cache %.1f MiB)",
                  (double)s->memory.gpu_bytes / 1048576.0, (double)s->memory.vegetation_bytes / 1048576.0,
                  (double)s->memory.world_bytes / 1048576.0, (double)s->tile_cache.bytes / 1048576.0);
    char line[VIEW_HUD_LINE_CHARS] = "";
    size_t used = 0;
    for (uint32_t i = 0; i < s->passes.count; i++) {
        char item[64];
        int n = snprintf(item, sizeof item, "%s %.3f  ", s->passes.times[i].name, s->passes.times[i].gpu_ms);
        if (n < 0) continue;
        if (used + (size_t)n >= 110) {
            view_hud_line(h, 200, 220, 255, "%s", line);
            used = 0;
            line[0] = '\0';
        }
        memcpy(line + used, item, (size_t)n + 1);
        used += (size_t)n;
    }
    if (used) view_hud_line(h, 200, 220, 255, "%s", line);
    uint32_t feats = sward_scene_features(v->scene);
    for (int half = 0; half < 2; half++) {
        used = 0;
        line[0] = '\0';
        for (int f = half * VIEW_FEATURES / 2; f < (half + 1) * VIEW_FEATURES / 2; f++) {
            int n = snprintf(line + used, sizeof line - used, "%d %s %s  ", f + 1, feature_names[f],
                             (feats >> f) & 1u ? "on" : "off");
            if (n > 0 && (size_t)n < sizeof line - used) used += (size_t)n;
        }
        view_hud_line(h, 255, 240, 160, "%s", line);
    }
    view_hud_line(h, 255, 240, 160, "R raster %s  L LOD %s  C culling %s  O occlusion %s  G grass %s",
                  v->raster < 0 ? "(scene's)" : raster_names[v->raster], v->debug.no_lod_fade ? "off" : "on",
                  v->debug.no_culling ? "off" : "on", v->no_occlusion ? "off" : "on", v->no_grass ? "off" : "on");
    view_hud_line(h, 255, 255, 255, "eye %.1f %.1f %.1f  speed %.1f m/s  %s", (double)v->cam.eye[0],
                  (double)v->cam.eye[1], (double)v->cam.eye[2], (double)v->cam.speed,
                  v->cam.moved ? "" : "(the scene's camera)");
}

/* Waits for the frame in flight, draws the HUD over it and presents it. */
static int finish_pending(viewer *v)
{
    if (!v->pending) return 0;
    v->pending = false;
    size_t bytes = sward_image_bound(v->pending_w, v->pending_h);
    if (bytes > v->pixels_cap) {
        uint8_t *p = realloc(v->pixels, bytes);
        if (!p) {
            fprintf(stderr, "sward view: out of memory for a %ux%u frame\n", v->pending_w, v->pending_h);
            return (int)SWARD_ERROR_OUT_OF_MEMORY;
        }
        v->pixels = p;
        v->pixels_cap = bytes;
    }
    sward_image img = {.width = v->pending_w, .height = v->pending_h, .pixels = v->pixels};
    sward_error err = {0};
    sward_result r = sward_render_wait(v->r, v->ticket, &img, &v->stats, &err);
    if (r != SWARD_OK) return app_fail(r, &err);
    /* frames per second over the last VIEW_FPS_WINDOW frames shown */
    double now = app_now();
    v->shown_at[v->frames % VIEW_FPS_WINDOW] = now;
    uint64_t span = v->frames < VIEW_FPS_WINDOW - 1 ? v->frames : VIEW_FPS_WINDOW - 1;
    double oldest = v->shown_at[(v->frames - span) % VIEW_FPS_WINDOW];
    v->fps = span && now > oldest ? (double)span / (now - oldest) : 0.0;
    v->frames++;
    if (v->hud_on) {
        view_hud h = {0};
        build_hud(v, &h);
        view_hud_draw(&h, v->pixels, img.width, img.height, img.height >= 1000 ? 2 : 1);
    }
    v->shown_w = img.width;
    v->shown_h = img.height;
    return view_window_present(&v->win, v->pixels, img.width, img.height);
}

/* One frame: the clock, the renderer's size, submit this frame, show the one before. */
static int frame(viewer *v, double dt)
{
    if (!v->paused) v->time += dt;
    uint32_t ww, wh, rw, rh;
    view_window_size(&v->win, &ww, &wh);
    sward_renderer_size(v->r, &rw, &rh);
    if (ww && wh && (ww != rw || wh != rh)) {
        sward_error err = {0};
        sward_result r = sward_renderer_resize(v->r, ww, wh, &err);
        if (r != SWARD_OK) return app_fail(r, &err);
    }
    if (!ww || !wh) { /* minimised: nothing to show */
        glfwWaitEventsTimeout(0.1);
        return 0;
    }
    float eye[3], target[3];
    sward_frame_desc fd = frame_desc(v, eye, target, -1); /* live frames: TAA accumulates, no warm-up */
    sward_error err = {0};
    uint64_t ticket;
    sward_result r = sward_render_submit(v->r, &fd, &ticket, &err);
    if (r != SWARD_OK) return app_fail(r, &err);
    int rc = finish_pending(v);
    if (rc) return rc;
    v->pending = true;
    v->ticket = ticket;
    sward_renderer_size(v->r, &v->pending_w, &v->pending_h);
    return 0;
}

/* ---- screenshots --------------------------------------------------------------------------------------- */

static void scene_stem(const char *path, char *out, size_t cap)
{
    const char *base = path ? strrchr(path, '/') : NULL;
    base = base ? base + 1 : (path ? path : "meadow");
    size_t n = strcspn(base, ".");
    snprintf(out, cap, "%.*s", (int)(n ? n : strlen(base)), base);
}

/* The still `sward render` gives for the camera and time: a fresh renderer of the same scene at the scene's
 * size, its TAA warmed up as render's is. */
static int screenshot(viewer *v, const char *path)
{
    int rc = finish_pending(v);
    if (rc) return rc;
    sward_render_settings rs = sward_scene_render_settings(v->scene);
    sward_error err = {0};
    sward_renderer *r = NULL;
    sward_image img = {.width = rs.width, .height = rs.height};
    img.pixels = malloc(sward_image_bound(rs.width, rs.height));
    if (!img.pixels) {
        fprintf(stderr, "sward view: out of memory for a %ux%u screenshot\n", rs.width, rs.height);
        return (int)SWARD_ERROR_OUT_OF_MEMORY;
    }
    float eye[3], target[3];
    sward_frame_desc fd = frame_desc(v, eye, target, 0);
    sward_result res = sward_renderer_create(v->ctx, v->scene, &r, &err);
    if (res == SWARD_OK) res = sward_render(r, &fd, &img, NULL, &err);
    if (res == SWARD_OK) res = sward_write_png(path, &img, &err);
    if (r) sward_renderer_destroy(r);
    free(img.pixels);
    if (res != SWARD_OK) {
        /* a screenshot that cannot be written is reported, not fatal, when a person pressed the key */
        describe_error(v, &err, v->note, sizeof v->note);
        fprintf(stderr, "sward view: screenshot: %s\n", err.message);
        v->note_until = app_now() + 5.0;
        return (int)res;
    }
    /* the same image from the command line */
    printf("wrote %s (%ux%u, time %.9g s); the same as: sward render %s%s-o %s --time %.9g", path, rs.width,
           rs.height, (double)fd.time, v->scene_path ? v->scene_path : "", v->scene_path ? " " : "", path,
           (double)fd.time);
    for (size_t i = 0; i < v->sets->count; i++) printf(" --set '%s'", v->sets->items[i]);
    for (int f = 0; f < VIEW_FEATURES; f++)
        if (v->feature[f] >= 0) printf(" --set render.features.%s=%s", feature_names[f], v->feature[f] ? "true" : "false");
    if (v->raster >= 0) printf(" --set render.raster=%s", raster_names[v->raster]);
    if (fd.eye)
        printf(" --set camera.above_ground=false --set 'camera.position=[%.9g,%.9g,%.9g]' --set "
               "'camera.target=[%.9g,%.9g,%.9g]'",
               (double)eye[0], (double)eye[1], (double)eye[2], (double)target[0], (double)target[1], (double)target[2]);
    if (v->debug.no_lod_fade || v->debug.no_culling || v->no_occlusion || v->no_grass)
        printf(" (and the viewer's L, C, O or G switches, which render has no flags for)");
    printf("\n");
    fflush(stdout);
    snprintf(v->note, sizeof v->note, "wrote %s", path);
    v->note_until = app_now() + 3.0;
    return 0;
}

static int window_shot(viewer *v, const char *path)
{
    int rc = finish_pending(v);
    if (rc) return rc;
    if (!v->shown_w) {
        fprintf(stderr, "sward view: window-shot: no frame shown yet\n");
        return APP_EXIT_USAGE;
    }
    sward_image img = {.width = v->shown_w, .height = v->shown_h, .pixels = v->pixels};
    sward_error err = {0};
    sward_result r = sward_write_png(path, &img, &err);
    if (r != SWARD_OK) return app_fail(r, &err);
    printf("wrote %s (%ux%u, the window's frame with the HUD)\n", path, v->shown_w, v->shown_h);
    fflush(stdout);
    return 0;
}

/* ---- input --------------------------------------------------------------------------------------------- */

static void reset_camera(viewer *v)
{
    uint32_t w, h;
    sward_renderer_size(v->r, &w, &h);
    sward_vulkan_view sv = sward_scene_view(v->scene, w, h, 0.0f);
    /* the view matrix's third row is the backward axis in world space */
    float target[3] = {sv.eye[0] - sv.view[2], sv.eye[1] - sv.view[6], sv.eye[2] - sv.view[10]};
    float speed = v->cam.speed;
    view_camera_look(&v->cam, sv.eye, target);
    v->cam.speed = speed > 0.0f ? speed : 5.0f;
}

/* A key press (the keyboard's or a script's); 0 or an exit status. */
static int press(viewer *v, int key, int mods)
{
    if (key >= GLFW_KEY_1 && key < GLFW_KEY_1 + VIEW_FEATURES) {
        int f = key - GLFW_KEY_1;
        bool on = (sward_scene_features(v->scene) >> f) & 1u;
        int before = v->feature[f];
        v->feature[f] = on ? 0 : 1;
        int rc = build(v, false);
        if (v->error[0]) v->feature[f] = before; /* it did not take: the switch stays as it was */
        return rc;
    }
    switch (key) {
    case GLFW_KEY_R: {
        int before = v->raster;
        v->raster = (v->raster + 1) % 3;
        int rc = build(v, false);
        if (v->error[0]) v->raster = before;
        return rc;
    }
    case GLFW_KEY_L: v->debug.no_lod_fade = !v->debug.no_lod_fade; return 0;
    case GLFW_KEY_C: v->debug.no_culling = !v->debug.no_culling; return 0;
    case GLFW_KEY_O: v->no_occlusion = !v->no_occlusion; return 0;
    case GLFW_KEY_G: v->no_grass = !v->no_grass; return 0;
    case GLFW_KEY_H: v->hud_on = !v->hud_on; return 0;
    case GLFW_KEY_SPACE: v->paused = !v->paused; return 0;
    case GLFW_KEY_LEFT_BRACKET: v->time -= (mods & GLFW_MOD_SHIFT) ? 5.0 : 0.5; return 0;
    case GLFW_KEY_RIGHT_BRACKET: v->time += (mods & GLFW_MOD_SHIFT) ? 5.0 : 0.5; return 0;
    case GLFW_KEY_BACKSPACE: v->time = v->scene_time; return 0;
    case GLFW_KEY_HOME: reset_camera(v); return 0;
    case GLFW_KEY_ESCAPE: glfwSetWindowShouldClose(v->win.win, GLFW_TRUE); return 0;
    case GLFW_KEY_P:
    case GLFW_KEY_F12: {
        char stem[256], path[PATH_CAP];
        scene_stem(v->scene_path, stem, sizeof stem);
        struct stat st;
        if (stat("out", &st) != 0) mkdir("out", 0777);
        do snprintf(path, sizeof path, "out/%s_view_%04d.png", stem, v->shots++);
        while (stat(path, &st) == 0 && v->shots < 10000);
        screenshot(v, path); /* reported on the HUD and stderr; not fatal */
        return 0;
    }
    default: return 0;
    }
}

static int g_key_status; /* an exit status from a key press inside GLFW's callback */

static void on_key(GLFWwindow *win, int key, int scancode, int action, int mods)
{
    (void)win;
    (void)scancode;
    if (action != GLFW_PRESS && !(action == GLFW_REPEAT && (key == GLFW_KEY_LEFT_BRACKET || key == GLFW_KEY_RIGHT_BRACKET)))
        return;
    int rc = press(g_viewer, key, mods);
    if (rc && !g_key_status) g_key_status = rc;
}

static void on_scroll(GLFWwindow *win, double dx, double dy)
{
    (void)win;
    (void)dx;
    float s = g_viewer->cam.speed * powf(1.25f, (float)dy);
    g_viewer->cam.speed = s < 0.05f ? 0.05f : s > 2000.0f ? 2000.0f : s;
}

/* The held keys and the mouse, once a frame. */
static void steer(viewer *v, double dt)
{
    GLFWwindow *w = v->win.win;
    float k = glfwGetKey(w, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ? 4.0f : 1.0f;
    float fwd = (float)(glfwGetKey(w, GLFW_KEY_W) == GLFW_PRESS) - (float)(glfwGetKey(w, GLFW_KEY_S) == GLFW_PRESS);
    float right = (float)(glfwGetKey(w, GLFW_KEY_D) == GLFW_PRESS) - (float)(glfwGetKey(w, GLFW_KEY_A) == GLFW_PRESS);
    float up = (float)(glfwGetKey(w, GLFW_KEY_E) == GLFW_PRESS) - (float)(glfwGetKey(w, GLFW_KEY_Q) == GLFW_PRESS);
    view_camera_move(&v->cam, right * k, up * k, fwd * k, (float)dt);
    bool held = glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
    double x, y;
    glfwGetCursorPos(w, &x, &y);
    if (held && v->looking) view_camera_turn(&v->cam, x - v->last_x, y - v->last_y);
    v->looking = held;
    v->last_x = x;
    v->last_y = y;
}

/* Hot reload: the watched files, every VIEW_POLL_S. True when a reload was attempted. */
static int poll_reload(viewer *v, bool *attempted)
{
    *attempted = false;
    double now = app_now();
    if (now < v->next_poll) return 0;
    v->next_poll = now + VIEW_POLL_S;
    if (!view_watch_changed(&v->watch)) return 0;
    *attempted = true;
    v->reload_attempts++;
    double t0 = app_now();
    int rc = build(v, false);
    if (rc) return rc;
    if (!v->error[0]) {
        view_watch_set(&v->watch, v->scene_path, v->scene, v->verbose); /* it may name other images */
        printf("reloaded %s (%.2f s)\n", v->scene_path ? v->scene_path : "<default>", app_now() - t0);
        fflush(stdout);
        snprintf(v->note, sizeof v->note, "reloaded");
        v->note_until = app_now() + 2.0;
    }
    return 0;
}

/* ---- the command --------------------------------------------------------------------------------------- */

/* One step of the loop: events, input, reload, a frame. */
static int step(viewer *v, bool *reloaded)
{
    glfwPollEvents();
    if (g_key_status) return g_key_status;
    double now = app_now();
    static double last;
    double dt = v->fixed_step ? VIEW_FIXED_DT : (last > 0.0 ? now - last : 0.0);
    if (dt > 0.25) dt = 0.25;
    last = now;
    steer(v, v->fixed_step ? VIEW_FIXED_DT : dt);
    bool attempted = false;
    int rc = poll_reload(v, &attempted);
    if (reloaded) *reloaded = attempted;
    return rc ? rc : frame(v, dt);
}

static int run_command(viewer *v, const view_cmd *c, long line)
{
    switch (c->kind) {
    case VIEW_CMD_FRAMES:
        for (long i = 0; i < c->count && !glfwWindowShouldClose(v->win.win); i++) {
            int rc = step(v, NULL);
            if (rc) return rc;
        }
        return finish_pending(v);
    case VIEW_CMD_KEY: return press(v, c->key, 0);
    case VIEW_CMD_CAMERA:
    {
        float e[3] = {(float)c->v[0], (float)c->v[1], (float)c->v[2]};
        float t[3] = {(float)c->v[3], (float)c->v[4], (float)c->v[5]};
        view_camera_look(&v->cam, e, t);
    }
        v->cam.moved = true;
        return 0;
    case VIEW_CMD_TIME: v->time = c->v[0]; return 0;
    case VIEW_CMD_SCREENSHOT: return screenshot(v, c->arg);
    case VIEW_CMD_WINDOW_SHOT: return window_shot(v, c->arg);
    case VIEW_CMD_WAIT_RELOAD: {
        double until = app_now() + c->v[0];
        while (app_now() < until && !glfwWindowShouldClose(v->win.win)) {
            bool attempted = false;
            int rc = step(v, &attempted);
            if (rc) return rc;
            if (attempted) {
                /* this frame is the reloaded scene's (or the last good one's, with the error on the HUD) */
                if ((rc = step(v, NULL)) || (rc = finish_pending(v))) return rc;
                return 0;
            }
        }
        fprintf(stderr, "sward view: script line %ld: no change to the watched files within %g s\n", line, c->v[0]);
        return 1;
    }
    case VIEW_CMD_RESIZE:
        /* as a person dragging the window's corner: the next frames follow the new size */
        glfwSetWindowSize(v->win.win, (int)c->v[0], (int)c->v[1]);
        return 0;
    case VIEW_CMD_CLOSE: glfwSetWindowShouldClose(v->win.win, GLFW_TRUE); return 0;
    }
    return 0;
}

int cmd_view(int argc, char **argv)
{
    const char *scene_path = NULL, *shot = NULL, *script = NULL;
    int64_t width = 0, height = 0, frames = 0, device = 0;
    double time_s = 0.0;
    bool validate = false, verbose = false, paused = false;
    static args_list sets;
    sets.count = 0;
    enum { O_W, O_H, O_TIME, O_PAUSED, O_FRAMES, O_SHOT, O_SCRIPT, O_SET, O_DEV, O_VAL, O_VERB, O_COUNT };
    args_option opts[O_COUNT] = {
        [O_W] = {.name = "width", .kind = ARGS_INT, .out = &width, .imin = 1, .imax = 8192},
        [O_H] = {.name = "height", .kind = ARGS_INT, .out = &height, .imin = 1, .imax = 8192},
        [O_TIME] = {.name = "time", .kind = ARGS_FLOAT, .out = &time_s, .fmin = -100000.0, .fmax = 100000.0},
        [O_PAUSED] = {.name = "paused", .kind = ARGS_BOOL, .out = &paused},
        [O_FRAMES] = {.name = "frames", .kind = ARGS_INT, .out = &frames, .imin = 1, .imax = 1000000},
        [O_SHOT] = {.name = "screenshot", .kind = ARGS_STRING, .out = &shot},
        [O_SCRIPT] = {.name = "script", .kind = ARGS_STRING, .out = &script},
        [O_SET] = {.name = "set", .kind = ARGS_LIST, .out = &sets},
        [O_DEV] = {.name = "device", .kind = ARGS_INT, .out = &device, .imin = 0, .imax = 255},
        [O_VAL] = {.name = "validate", .kind = ARGS_BOOL, .out = &validate},
        [O_VERB] = {.name = "verbose", .kind = ARGS_BOOL, .out = &verbose},
    };
    args_command cmd = {.name = "view", .options = opts, .option_count = O_COUNT, .positional = &scene_path,
                        .positional_name = "SCENE.json", .help = view_help};
    switch (args_parse(&cmd, argc, argv)) {
    case ARGS_HELP: return 0;
    case ARGS_ERROR: return APP_EXIT_USAGE;
    case ARGS_OK: break;
    }
    if (app_check_sets("view", &sets)) return APP_EXIT_USAGE;
    if (shot && !frames) {
        args_usage_error("view", "--screenshot needs --frames N (the screenshot is taken after the N-th frame)");
        return APP_EXIT_USAGE;
    }
    if (frames && script) {
        args_usage_error("view", "--frames and --script cannot be used together (a script says its frames)");
        return APP_EXIT_USAGE;
    }
    FILE *script_file = NULL;
    if (script && strcmp(script, "-") == 0) {
        script_file = stdin;
    } else if (script) {
        /* a regular file only: a FIFO nobody writes would wait for ever (a pipe comes in as - instead) */
        sward_error serr = {0};
        sward_result sr = SWARD_OK;
        script_file = core_open_regular(script, &serr, &sr);
        if (!script_file) {
            const char *why = strstr(serr.message, ": cannot read: ");
            why = why ? why + strlen(": cannot read: ") : serr.message;
            fprintf(stderr, "sward view: --script: cannot read script '%s': %s%s\n", script, why,
                    strcmp(why, "not a regular file") == 0 ? " (a FIFO or device; a pipe is read with --script -)" : "");
            return (int)sr;
        }
    }

    static viewer v; /* large; one per process */
    memset(&v, 0, sizeof v);
    g_viewer = &v;
    g_key_status = 0;
    v.scene_path = scene_path;
    v.sets = &sets;
    v.raster = -1;
    for (int f = 0; f < VIEW_FEATURES; f++) v.feature[f] = -1;
    v.stats.struct_size = sizeof v.stats;
    v.hud_on = true;
    v.paused = paused;
    v.fixed_step = frames > 0 || script;
    v.verbose = verbose;
    int rc = 0;
    sward_error err = {0};

    /* the scene first: a bad one fails before any window opens */
    sward_scene *probe = NULL;
    if ((rc = app_load_scene(scene_path, &sets, &probe, &err))) goto done;
    sward_render_settings rs = sward_scene_render_settings(probe);
    sward_scene_destroy(probe);
    uint32_t ww = opts[O_W].set ? (uint32_t)width : rs.width, wh = opts[O_H].set ? (uint32_t)height : rs.height;

    if ((rc = view_window_open(&v.win, ww, wh, "sward view"))) goto done;
    if (!opts[O_W].set && !opts[O_H].set) { /* the scene's size, scaled down to fit the screen */
        const GLFWvidmode *mode = glfwGetVideoMode(glfwGetPrimaryMonitor());
        if (mode) {
            double k = fmin(1.0, fmin(0.9 * mode->width / ww, 0.9 * mode->height / wh));
            if (k < 1.0) {
                ww = (uint32_t)fmax(1.0, floor(ww * k));
                wh = (uint32_t)fmax(1.0, floor(wh * k));
                glfwSetWindowSize(v.win.win, (int)ww, (int)wh);
            }
        }
    }
    uint32_t ext_count = 0;
    const char *const *exts = view_window_instance_extensions(&ext_count);
    const char *dev_exts[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
    sward_context_desc cd = {
        .device_index = (int)device,
        .device_index_set = opts[O_DEV].set,
        .validation = validate,
        .logger = {.fn = app_log, .user = &v.verbose},
        .instance_extensions = exts,
        .instance_extension_count = ext_count,
        .device_extensions = dev_exts,
        .device_extension_count = 1,
    };
    sward_result r = sward_context_create(&cd, &v.ctx, &err);
    if (r != SWARD_OK) {
        rc = app_fail(r, &err);
        goto done;
    }
    if ((rc = view_window_attach(&v.win, v.ctx))) goto done;
    if ((rc = build(&v, true))) goto done;
    if (opts[O_TIME].set) {
        v.scene_time = time_s;
    } else {
        v.scene_time = (double)sward_scene_render_settings(v.scene).time;
    }
    v.time = v.scene_time - (v.paused ? 0.0 : VIEW_FIXED_DT); /* the first frame advances it to the start */
    if (v.paused) v.time = v.scene_time;
    {
        uint32_t fw, fh;
        view_window_size(&v.win, &fw, &fh);
        if (fw && fh && (r = sward_renderer_resize(v.r, fw, fh, &err)) != SWARD_OK) {
            rc = app_fail(r, &err);
            goto done;
        }
    }
    v.cam.speed = 5.0f;
    reset_camera(&v);
    view_watch_set(&v.watch, v.scene_path, v.scene, v.verbose);
    v.next_poll = app_now() + VIEW_POLL_S;
    glfwSetKeyCallback(v.win.win, on_key);
    glfwSetScrollCallback(v.win.win, on_scroll);
    if (!verbose) {
        sward_device_info info = sward_context_device(v.ctx);
        char line[1024];
        app_describe_device(&info, opts[O_DEV].set, line, sizeof line);
        printf("sward: viewing on %s\n", line);
        fflush(stdout);
    }

    if (frames) {
        for (int64_t i = 0; i < frames && !rc && !glfwWindowShouldClose(v.win.win); i++) rc = step(&v, NULL);
        if (!rc) rc = finish_pending(&v);
        if (!rc && shot) rc = screenshot(&v, shot);
        goto done;
    }
    if (script_file) {
        long line = 0;
        view_cmd c;
        char why[256];
        int got;
        while (!rc && !glfwWindowShouldClose(v.win.win) &&
               (got = view_script_next(script_file, &c, &line, why, sizeof why)) != 0) {
            if (got < 0) {
                fprintf(stderr, "sward view: script %s: %s\n", script, why);
                rc = APP_EXIT_USAGE;
                break;
            }
            rc = run_command(&v, &c, line);
        }
    }
    while (!rc && !glfwWindowShouldClose(v.win.win)) rc = step(&v, NULL);
    if (!rc) rc = finish_pending(&v);

done:
    if (script_file && script_file != stdin) fclose(script_file);
    if (v.pending && v.r) { /* an error left a frame in flight */
        sward_error ignored = {0};
        sward_render_wait(v.r, v.ticket, NULL, NULL, &ignored);
    }
    view_window_close(&v.win);
    if (v.r) sward_renderer_destroy(v.r);
    if (v.scene) sward_scene_destroy(v.scene);
    if (v.ctx) {
        int vrc = app_check_validation(v.ctx);
        if (!rc) rc = vrc;
        sward_context_destroy(v.ctx);
    }
    free(v.pixels);
    return rc;
}
