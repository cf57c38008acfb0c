/* sward — GPU-driven vegetation rendering (grass fields of millions of wind-blown blades).
 *
 * Usage, standalone (sward creates the Vulkan device and the frame; this is what the `sward` CLI does):
 *
 *     #include <sward/sward.h>
 *     #include <stdlib.h>
 *
 *     int main(void)
 *     {
 *         sward_error err = {0};
 *         sward_scene *scene = NULL;
 *         if (sward_scene_load_default(&scene, &err) != SWARD_OK) return 1;   // or sward_scene_load_file
 *         sward_context *ctx = NULL;
 *         if (sward_context_create(&(sward_context_desc){ .validation = false }, &ctx, &err) != SWARD_OK) return 1;
 *         sward_renderer *r = NULL;
 *         if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) return 1;
 *         sward_render_settings rs = sward_scene_render_settings(scene);
 *         sward_image img = { .width = rs.width, .height = rs.height };
 *         img.pixels = malloc(sward_image_bound(img.width, img.height));
 *         sward_frame_stats stats = SWARD_FRAME_STATS_INIT;   // its struct_size: sward refuses another
 *         if (sward_render(r, &(sward_frame_desc){ .time = 0.0f }, &img, &stats, &err) != SWARD_OK) return 1;
 *         sward_write_png("meadow.png", &img, &err);
 *         free(img.pixels);
 *         sward_renderer_destroy(r);
 *         sward_context_destroy(ctx);
 *         sward_scene_destroy(scene);
 *         return 0;
 *     }
 *
 * Conventions: every desc struct is zero-initialisable and a zero field means "default" (the comment on each
 * field says the unit and the default). Functions that can fail return a sward_result and fill a
 * sward_error with a message naming the file, the field and the problem. The library prints nothing
 * unless a logger is given. Embedding in a host renderer: see sward/sward_vulkan.h.
 */
#ifndef SWARD_H
#define SWARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SWARD_VERSION_STRING "0.1.0"

/* Results; the CLI's exit codes are the same numbers. */
typedef enum sward_result {
    SWARD_OK = 0,
    SWARD_ERROR_INVALID_INPUT = 2, /* a scene, image or argument is malformed or out of range */
    SWARD_ERROR_IO = 3,            /* a file could not be read or written */
    SWARD_ERROR_NO_DEVICE = 4,     /* no Vulkan device, or the requested one is missing or unsuitable */
    SWARD_ERROR_VULKAN = 5,        /* a Vulkan call failed at run time */
    SWARD_ERROR_OUT_OF_MEMORY = 6, /* host or device memory exhausted */
} sward_result;

typedef struct sward_error {
    sward_result code;
    char message[1024]; /* one line of valid UTF-8 without control characters: text quoted from a file is
                           escaped (\xNN for control characters and bytes that are not UTF-8) */
    /* Where a scene load failed, when known (else "" and 0): the field's path as the message spells it
     * (grass[0].density), and the 1-based line and column in the scene's text of that field's value (of the
     * nearest enclosing value the text has, for a missing field; of the error, for a JSON syntax error). A
     * field set by an override (sward_scene_load_overrides) has no line. For editors and the viewer's HUD. */
    char field[256];
    uint32_t line, column;
} sward_error;

const char *sward_result_name(sward_result r);

typedef enum sward_log_level { SWARD_LOG_DEBUG, SWARD_LOG_INFO, SWARD_LOG_WARN, SWARD_LOG_ERROR } sward_log_level;
typedef void (*sward_log_fn)(sward_log_level level, const char *message, void *user);
typedef struct sward_logger {
    sward_log_fn fn; /* NULL: the library prints nothing */
    void *user;
} sward_logger;

/* ---- Scenes (CPU only) ------------------------------------------------------------------------------ */

typedef struct sward_scene sward_scene;

/* Loads and validates a scene file (format: docs/scene-format.md). Relative image paths inside it are
 * resolved against the file's folder. */
sward_result sward_scene_load_file(const char *path, sward_scene **out, sward_error *err);
/* Same, from memory; `name` is used in messages and `base_dir` (may be NULL) resolves image paths. */
sward_result sward_scene_load_string(const char *json, size_t len, const char *name, const char *base_dir,
                                     sward_scene **out, sward_error *err);
/* Budgets of a scene load (docs/scene-format.md, "Budgets"). A small file within every limit can still ask
 * for much work or memory; a scene over a budget is refused with SWARD_ERROR_INVALID_INPUT and a message
 * naming the field and the budget. Every zero field means the default. */
typedef struct sward_scene_budget {
    uint64_t work;         /* units of work the load may spend, each about 20 ns of one CPU core: fBm terrain
                              resolution^2 x octaves, plus generated type-map texels x (1 + 3 x grass types
                              with patches); 0 = SWARD_DEFAULT_LOAD_WORK */
    uint64_t memory_bytes; /* host bytes the scene holds (4 a height sample, 5 a map texel) plus an estimate of
                              the render targets (64 bytes a pixel of render.width x render.height);
                              0 = SWARD_DEFAULT_MEMORY_BYTES */
    uint64_t frame_work;   /* units of work one frame may ask of the device, each one rasterised fragment,
                              shadow-map texel or asset triangle, estimated from the scene; 0 =
                              SWARD_DEFAULT_FRAME_WORK at load, and SWARD_CPU_FRAME_WORK on a CPU device
                              (lavapipe) when the renderer is created; a value given applies on every device */
} sward_scene_budget;
#define SWARD_DEFAULT_LOAD_WORK 100000000ull       /* about 2 s of one CPU core */
#define SWARD_DEFAULT_MEMORY_BYTES (2048ull << 20) /* 2 GiB: 7680x4320 renders, 8192x8192 does not */
#define SWARD_DEFAULT_FRAME_WORK 4000000000ull     /* an overdraw of about 120 at 7680x4320: absurd anywhere */
#define SWARD_CPU_FRAME_WORK 20000000ull           /* a CPU device (lavapipe): twice the shipped scenes at 320x180 */

/* sward_scene_load_file / _string within the given budgets (NULL: the defaults). The budget stays with the
 * scene: sward_scene_set_render_settings checks a new width x height against it. */
sward_result sward_scene_load_file_budget(const char *path, const sward_scene_budget *budget, sward_scene **out,
                                          sward_error *err);
sward_result sward_scene_load_string_budget(const char *json, size_t len, const char *name, const char *base_dir,
                                            const sward_scene_budget *budget, sward_scene **out,
                                            sward_error *err);
/* Overrides: each "PATH=VALUE" sets one field of the scene's JSON before it is validated (the CLI's --set).
 * PATH is spelled like the loader's messages: keys joined by '.', array elements as [N] (sun.elevation,
 * render.features.shadows, grass[0].density); missing objects along it are created, and grass[N] with N the
 * array's length appends an element. VALUE is JSON (a number, true, false, [1, 0.3], {...}, "text"),
 * anything else a bare string; null removes the field (as in a JSON Merge Patch). The overrides apply in order, so a later one wins. A bad value gets the
 * loader's own message for the field, ending in " (set by override 'PATH=VALUE')". path NULL: the built-in
 * scene (named "<default>" in messages). Errors: SWARD_ERROR_INVALID_INPUT, also for a malformed override
 * ("<scene>: override 'TEXT': <problem>"). */
sward_result sward_scene_load_overrides(const char *path, const char *const *overrides, size_t override_count,
                                        sward_scene **out, sward_error *err);
sward_result sward_scene_load_string_overrides(const char *json, size_t len, const char *name, const char *base_dir,
                                               const sward_scene_budget *budget, const char *const *overrides,
                                               size_t override_count, sward_scene **out, sward_error *err);
/* Only the form of one override (PATH=VALUE with a well-formed PATH), without a scene: SWARD_OK, or
 * SWARD_ERROR_INVALID_INPUT with "'TEXT': <problem>". */
sward_result sward_scene_check_override(const char *override_text, sward_error *err);
/* The compiled-in default scene (scenes/meadow.json): rolling meadow hills under a low sun. */
sward_result sward_scene_load_default(sward_scene **out, sward_error *err);
void sward_scene_destroy(sward_scene *scene);
/* The files the scene was read from, index 0, 1, ... until NULL: the scene file itself (not for scenes loaded
 * from a string), then the images and meshes it names (resolved paths), then a baked world's folder
 * (terrain.world). Owned by the scene. What a viewer watches to reload the scene when one changes. */
const char *sward_scene_file(const sward_scene *scene, size_t index);

/* PO2: the tone map after exposure (render.tonemap): Uncharted 2's filmic curve with the white point, or Reinhard's
 * x / (x + 1), which the seed keeps for comparison. */
typedef enum sward_tonemap {
    SWARD_TONEMAP_UNCHARTED2 = 0, /* "uncharted2", the default */
    SWARD_TONEMAP_REINHARD = 1,   /* "reinhard" */
} sward_tonemap;

/* PO4: auto exposure (render.exposure "auto", the default; render.auto_exposure's fields; docs/scene-format.md).
 * The frame's log2 luminance is metered in a centre-weighted histogram, the pixels between the low and high
 * percentiles averaged, and the exposure brought to EV = log2(key) - mean + compensation (+ the exposure areas'
 * bias at the eye), within [min_ev, max_ev], adapting from the last frame's at speed_up where it rises and
 * speed_down where it falls (1 - e^(-dt speed) of the way per frame; a still, the first frame and a camera cut
 * take the target at once). */
typedef struct sward_auto_exposure {
    bool enabled;                    /* false: render.exposure is a number, the manual exposure */
    float key;                       /* the metered mean's target after exposure, linear (0.18: mid grey) */
    float compensation;              /* EV added to the target */
    float min_ev, max_ev;            /* the exposure's range in EV (log2 of the multiplier) */
    float speed_up, speed_down;      /* 1/s: the exposure rising (the scene got darker) and falling */
    float low_percent, high_percent; /* the share of the histogram metered: the pixels between these percentiles */
} sward_auto_exposure;

typedef struct sward_render_settings {
    uint32_t width, height; /* pixels */
    uint32_t seed;          /* placement seed */
    float time;             /* s, animation time */
    float exposure;         /* linear multiplier before tone mapping (manual: auto_exposure.enabled false) */
    sward_auto_exposure auto_exposure; /* PO4 */
    float white_point;      /* linear radiance mapped to white (the filmic curve; Reinhard has none) */
    sward_tonemap tonemap;  /* PO2: the curve (render.tonemap) */
} sward_render_settings;

/* render.features of a scene (docs/scene-format.md): every look feature can be turned off, for comparison and
 * bisection. All are on by default. */
#define SWARD_FEATURE_DEPTH_PRIME 1u     /* depth-only pass before the G-buffer */
#define SWARD_FEATURE_SHADOWS 2u         /* cascaded sun shadows */
#define SWARD_FEATURE_CONTACT_SHADOWS 4u /* screen-space shadows of nearby detail */
#define SWARD_FEATURE_TRANSLUCENCY 8u    /* light through the blades */
#define SWARD_FEATURE_SPECULAR 16u       /* specular highlights */
#define SWARD_FEATURE_TAA 32u            /* temporal anti-aliasing */
#define SWARD_FEATURE_BLOOM 64u          /* bloom */
#define SWARD_FEATURE_SKY 128u           /* analytic sky (Preetham): sky, sun colour, ambient and haze from the sun */
#define SWARD_FEATURE_ALL 255u
uint32_t sward_scene_features(const sward_scene *scene);
/* Sets the SWARD_FEATURE_* bits (others are ignored). Set them before sward_renderer_create; what a renderer
 * reads per frame (the sky) also changes for existing renderers at their next frame. */
void sward_scene_set_features(sward_scene *scene, uint32_t features);

/* ---- Gameplay queries (SPEC PL9), from the scene's CPU-side maps, no GPU --------------------------------- */

/* Cover height at (x, z) in metres above the terrain: for the grass type of the type-map texel containing
 * the point (no dither), a stealth type's gameplay_height times the grass-height map's texel there;
 * decorative types, no grass (255) and points off the terrain give 0. */
sward_result sward_query_cover(const sward_scene *scene, float x, float z, float *height_m);
/* PL10: the physics material at (x, z): the material id of the map texel containing the point (the index of
 * the topmost terrain layer whose opacity there is above terrain.layer_threshold, else 0) and that layer's name
 * (owned by the scene). Scenes without terrain.layers: 0 and "ground". A point off the terrain, or not finite,
 * is SWARD_ERROR_INVALID_INPUT with a message naming it (err may be NULL); *material is then 0 and *name
 * "ground". name may be NULL. */
sward_result sward_query_material(const sward_scene *scene, float x, float z, uint32_t *material, const char **name,
                                  sward_error *err);
/* Visibility through grass: marches the ray origin + t * dir (dir need not be normalised; t in metres)
 * over the map texels (a DDA over the grass-height map's grid) for t in [0, max_distance] and reports the
 * first t where the ray is below terrain height + cover height (*hit = true, *hit_distance = t, to about
 * 1e-4 m); else *hit = false and *hit_distance = max_distance. Only the terrain square is searched. */
sward_result sward_query_ray(const sward_scene *scene, const float origin[3], const float dir[3], float max_distance,
                             float *hit_distance, bool *hit);

/* ---- Camera flights (SPEC BX5; the scene's "flight", docs/scene-format.md), for `sward bench` ------------ */

typedef struct sward_flight {
    uint32_t frames; /* round(length x fps); 0: the scene has no flight */
    float fps;       /* frames per second of flight time */
    float length;    /* s, the last key's time */
    uint32_t keys;   /* keys of the path */
    uint32_t cuts;   /* of them, teleports ("cut": true) */
} sward_flight;
sward_flight sward_scene_flight(const sward_scene *scene);

typedef struct sward_flight_frame {
    float time;      /* s of flight time, frame / fps */
    float eye[3];    /* world m, above_ground resolved: for sward_frame_desc.eye */
    float target[3]; /* world m: for sward_frame_desc.target */
    bool cut;        /* a cut key lies between the previous frame's time (exclusive) and this one's: a teleport */
} sward_flight_frame;
/* The camera of frame `frame` (0 .. frames - 1) of the scene's flight; SWARD_ERROR_INVALID_INPUT without a
 * flight or past its end. */
sward_result sward_scene_flight_frame(const sward_scene *scene, uint32_t frame, sward_flight_frame *out,
                                      sward_error *err);

sward_render_settings sward_scene_render_settings(const sward_scene *scene);
/* Validates and applies overrides (e.g. from the command line); fields are checked like the scene file's,
 * and width x height against the scene's memory budget (sward_scene_budget). */
sward_result sward_scene_set_render_settings(sward_scene *scene, const sward_render_settings *s, sward_error *err);

/* ---- Devices and contexts ---------------------------------------------------------------------------- */

typedef enum sward_device_type { SWARD_DEVICE_OTHER, SWARD_DEVICE_DISCRETE, SWARD_DEVICE_INTEGRATED,
                                 SWARD_DEVICE_VIRTUAL, SWARD_DEVICE_CPU } sward_device_type;

typedef struct sward_device_info {
    char name[256];
    sward_device_type type;
    uint32_t api_version; /* VK_MAKE_API_VERSION */
    bool suitable;        /* has what sward needs (Vulkan 1.3, multi-draw indirect, timestamps) */
    bool preferred;       /* the one sward_context_create picks when no device index is given */
    char why_not[256];    /* when not suitable */
} sward_device_info;

/* Lists the Vulkan devices in the order the loader gives, which is the order --device N indexes. */
sward_result sward_list_devices(sward_device_info *out, uint32_t capacity, uint32_t *count, sward_error *err);
const char *sward_device_type_name(sward_device_type t);

typedef struct sward_context sward_context;

typedef struct sward_context_desc {
    int device_index;    /* index into sward_list_devices; 0 = automatic unless device_index_set */
    bool device_index_set;
    bool validation;     /* enable the Khronos validation layer with synchronisation validation;
                            also enabled by the environment variable SWARD_VALIDATION=1 */
    sward_logger logger;
    uint32_t gpu_budget_mib; /* most device memory sward may allocate, MiB; 0 = 4096. A scene or size that needs
                                more fails with SWARD_ERROR_OUT_OF_MEMORY and a message naming the resource */
    /* Extensions a host adds to the instance and device sward creates, to present sward's frames itself (a
     * window: glfwGetRequiredInstanceExtensions's list, and VK_KHR_swapchain); sward_context_vulkan (in
     * sward/sward_vulkan.h) gives the handles. One that is missing fails with SWARD_ERROR_NO_DEVICE naming it.
     * At most 32 of each. */
    const char *const *instance_extensions;
    uint32_t instance_extension_count;
    const char *const *device_extensions;
    uint32_t device_extension_count;
} sward_context_desc;

sward_result sward_context_create(const sward_context_desc *desc, sward_context **out, sward_error *err);
void sward_context_destroy(sward_context *ctx);
sward_device_info sward_context_device(const sward_context *ctx);
/* Number of validation-layer messages (warnings and errors) seen so far; tests require 0. */
uint32_t sward_context_validation_messages(const sward_context *ctx);

/* The device memory the context's renderers hold now, by object name (the names tools such as RenderDoc show). */
typedef enum sward_memory_kind {
    SWARD_MEMORY_BUFFER,   /* a device-local buffer: counted in sward_frame_stats.memory.vegetation_bytes */
    SWARD_MEMORY_IMAGE,    /* a render target, shadow map, texture: device-local */
    SWARD_MEMORY_UPLOAD,   /* a host-visible buffer the CPU writes */
    SWARD_MEMORY_READBACK  /* a host-visible buffer the CPU reads */
} sward_memory_kind;
typedef struct sward_memory_item {
    char name[48];         /* e.g. "sward.tile_cache" */
    sward_memory_kind kind;
    uint64_t bytes;        /* device memory behind the objects of that name */
    uint32_t count;        /* objects of that name */
} sward_memory_item;
/* Fills out with up to capacity items, largest first; *count is the number there are (a larger capacity gets
 * them all). */
void sward_context_memory(const sward_context *ctx, sward_memory_item *out, uint32_t capacity, uint32_t *count);

/* ---- Rendering ---------------------------------------------------------------------------------------- */

typedef struct sward_renderer sward_renderer;

/* A context's renderers share their pipelines and layouts: each is built once per definition and kept until
 * sward_context_destroy, so a second renderer of a scene (another view, a reload) builds none again. */
sward_result sward_renderer_create(sward_context *ctx, const sward_scene *scene, sward_renderer **out,
                                   sward_error *err);
void sward_renderer_destroy(sward_renderer *r);

/* BX7: how a renderer streams a streamed world's pages (terrain.stream or terrain.world; docs/streaming.md).
 * The windows' pages (heights, types, grass height, material) are generated (fBm) or read and decoded (a baked
 * world) by page jobs, nearest the camera and in front of it first; the jobs for pages the camera left before
 * they started are cancelled (sward_stream_stats.pages_cancelled). By default (`no_wait` false) each frame waits
 * for every page its windows want, so a frame's image is the same whatever the worker count and the timing
 * (stills, tests, `sward render`). With `no_wait` (a running flight, a viewer, a game) the rendering thread never
 * waits for a page: a frame draws the tiles whose pages are there, and the tile cache places the rest as their
 * pages arrive, at most `upload_bytes` of pages a frame put into the windows and copied to the device (recorded
 * in the frame's command buffer: no device wait). */
typedef void (*sward_run_job_fn)(void *user, void (*job)(void *job_arg), void *job_arg);
typedef struct sward_streaming {
    int workers;           /* sward's threads for the page jobs; 0: none, the jobs run on the rendering thread
                              (inline) when a window moves; a renderer's default: SWARD_STREAM_WORKERS_DEFAULT;
                              at most SWARD_STREAM_WORKERS_MAX */
    bool no_wait;          /* true: frames never wait for pages (see above); false: every frame has its pages */
    uint32_t upload_bytes; /* with no_wait: page bytes a frame puts into the windows and uploads at most (at least
                              one page); 0 = SWARD_STREAM_UPLOAD_BYTES_DEFAULT */
    /* The host's job system instead of sward's threads (workers is then ignored): sward calls run_job(job_user,
     * job, job_arg) once per page it wants, from the rendering thread, and the host runs job(job_arg) exactly
     * once, soon, on any thread but the one that calls sward while sward waits for pages (a frame without no_wait,
     * sward_renderer_set_streaming, sward_renderer_destroy, sward_scene_destroy block until every job handed out
     * has run). A job takes the most wanted page when it runs; one whose page was cancelled returns at once. */
    sward_run_job_fn run_job;
    void *job_user;
} sward_streaming;
#define SWARD_STREAM_WORKERS_DEFAULT 2
#define SWARD_STREAM_WORKERS_MAX 64
#define SWARD_STREAM_UPLOAD_BYTES_DEFAULT (4u << 20) /* 4 MiB a frame: ~0.2 ms over PCIe 4, ~1 ms of memcpy */
/* Sets how r streams (a scene without a streamed world ignores it; effective from the next frame): a changed
 * executor waits for the old one's running jobs and hands the pages still wanted to the new one. */
sward_result sward_renderer_set_streaming(sward_renderer *r, const sward_streaming *streaming, sward_error *err);

/* The frame's test and comparison switches: experimental, at the end of this header. */
typedef struct sward_frame_debug sward_frame_debug;

typedef struct sward_frame_desc {
    float time;          /* s; wind animation time */
    bool no_grass;       /* draw terrain and sky only */
    bool no_occlusion;   /* skip the Hi-Z occlusion test (comparisons) */
    const sward_frame_debug *debug; /* NULL: none of the test switches (experimental, below) */
    const float *eye;    /* optional camera override, world m (x, y, z); NULL = the scene's camera */
    const float *target; /* optional look-at override, world m; NULL = the scene's target */
    int taa_warmup;      /* SH8, when render.features has TAA: frames rendered before this one, at the same time
                            and view with the next jitter offsets, when the TAA history is invalid (the first
                            frame, after a resize, after a camera cut: the eye moved more than 2 m); they make a
                            still anti-aliased and deterministic. 0 = SWARD_TAA_WARMUP_DEFAULT, < 0 = none (the
                            frame shows its one jittered sample). Frames of a sequence accumulate history. */
} sward_frame_desc;

/* Warm-up frames before a still when the TAA history is invalid (sward_frame_desc.taa_warmup = 0). An
 * embedding host gets the same image by rendering its first frame 1 + SWARD_TAA_WARMUP_DEFAULT times. */
#define SWARD_TAA_WARMUP_DEFAULT 8

/* GPU time of one pass of the frame, by name. The passes, in frame order (a frame runs those its scene, features
 * and path need; docs/architecture.md says what each does): "wind_field", "place", "asset_place", "terrain_depth",
 * "hiz_ground", "asset_cull_camera", "asset_occluders", "hiz", "asset_cull_late", "cull", "draw_args", "asset_cull",
 * "place_ahead", "asset_occluders_late", "hiz_history", "grass_depth", "asset_depth", "raster", "raster_merge",
 * "terrain", "grass", "asset_gbuffer", "shadow_near", "shadow_raster", "shadow_assets", "shadow_mid", "shadow_far",
 * "shadow_lit", "resolve", "asset_resolve", "terrain_resolve", "lighting", "taa", "exposure", "bloom", "post",
 * "hdr_out". New passes add names, not fields. The times are held by the renderer (sward_frame_stats.passes.times
 * points to them), so the number of passes is not part of the ABI: sward_renderer_pass_count says how many a frame
 * can have. */
typedef struct sward_pass_time {
    char name[24];
    double gpu_ms;
} sward_pass_time;

/* Mesh-asset kinds of sward_frame_stats: the scene's "kind", with fern and bush counted as plants. */
#define SWARD_ASSET_KIND_TREE 0
#define SWARD_ASSET_KIND_PLANT 1
#define SWARD_ASSET_KIND_FLOWER 2
#define SWARD_ASSET_KIND_ROCK 3
#define SWARD_ASSET_KINDS 4
/* The views a frame draws the ground into (sward_frame_stats.terrain.triangles). */
#define SWARD_VIEW_CAMERA 0
#define SWARD_VIEW_NEAR_SHADOW 1
#define SWARD_VIEW_MID_SHADOW 2
#define SWARD_VIEWS 3
#define SWARD_ASSET_LODS 6

/* The frame's statistics, nested by concern. A versioned struct: the caller sets struct_size to
 * sizeof(sward_frame_stats) (SWARD_FRAME_STATS_INIT) and every function that takes one refuses another size
 * (SWARD_ERROR_INVALID_INPUT, "sward_frame_stats.struct_size is N, this sward's is M: ..."), so that a host built
 * against another sward.h fails loudly instead of reading the wrong fields. The library keeps struct_size as it
 * was given. New counters go into the group of their concern. */

/* The camera's blades: what the culling considered, drew and removed. */
typedef struct sward_blade_stats {
    uint64_t candidates_in_range; /* grid cells of the tiles within draw distance of the camera */
    uint64_t candidates;    /* of those, in tiles that pass the CPU frustum test: what the compute considers */
    uint64_t drawn;         /* after density, distance and frustum tests */
    uint64_t high;          /* of those, drawn with the 15-vertex blade */
    uint64_t low;           /* ... and with the 7-vertex blade */
    uint64_t triangles;     /* grass triangles drawn */
    uint64_t tiles;         /* render tiles dispatched */
    uint64_t removed_outside;   /* candidates off the terrain */
    uint64_t removed_density;   /* ... removed by the density (coverage) test */
    uint64_t removed_distance;  /* ... beyond the draw distance */
    uint64_t removed_frustum;   /* ... outside the view frustum */
    uint64_t removed_occlusion; /* ... hidden behind the terrain (Hi-Z; with assets.occlude the assets too) */
    uint64_t dropped;           /* survivors that did not fit the view's list this frame (it grows for the next) */
} sward_blade_stats;

/* BX1, the compute rasteriser (render.raster): of blades.drawn, hardware_blades went to the hardware draws and
 * blades to the compute rasteriser. */
typedef struct sward_raster_stats {
    bool compute;               /* the compute rasteriser ran (render.raster "auto" or "compute" on a device
                                   that has what it needs) */
    float threshold;            /* px: tiles whose blades project smaller go to compute (render.raster_threshold) */
    uint64_t hardware_blades;
    uint64_t blades;            /* of blades.drawn, drawn by the compute rasteriser */
    uint64_t tiles;             /* tiles it drew */
    uint64_t fragments;         /* covered pixel centres of its blades (after the screen door) */
    uint64_t pixels;            /* of them, 64-bit atomicMax issued: those whose key beat the value read first */
} sward_raster_stats;

/* LS3: the near shadow cascade's blades. */
typedef struct sward_shadow_stats {
    uint64_t blades;            /* blades the near shadow cascade drew */
    bool raster_compute;        /* ... in compute (render.raster "compute", or "auto" with many of them) */
} sward_shadow_stats;

/* The mesh assets (scene "assets"). */
typedef struct sward_asset_stats {
    /* PL8, AS2: the instances the camera drew, per kind (SWARD_ASSET_KIND_*) and level of detail (0 the most
     * detailed); an instance cross-fading between two levels counts in both */
    uint64_t instances[SWARD_ASSET_KINDS][SWARD_ASSET_LODS];
    uint64_t triangles[SWARD_ASSET_KINDS][SWARD_ASSET_LODS];
    uint64_t clusters;          /* SC4: clusters the camera considered */
    uint64_t clusters_culled;   /* ... of them, culled by their bounds */
    uint64_t dropped;           /* instances that did not fit the camera's lists (none: they are sized to fit) */
    /* SC3: occlusion by the mesh assets (standalone frames with the depth prime and assets): the camera's
     * instances were tested against the ground's Hi-Z, their depth drawn before the blades' culling, whose Hi-Z
     * then holds the ground and the assets (blades.removed_occlusion counts blades hidden by either) */
    bool occlude;               /* this frame's blades were tested against the assets' depth too */
    uint64_t occluded;          /* the camera's instances hidden behind the ground (or, in the second phase,
                                   behind this frame's ground and first-phase assets), not drawn */
    /* Two-phase culling (with the last frame's pyramid: an eye within 2 m of the last frame's, the same size):
     * the instances the last frame's pyramid of the ground and the assets hid were left out of the first phase
     * and tested again against this frame's; those it does not hide were drawn after all (a disocclusion). */
    bool two_phase;             /* this frame's asset culling had the last frame's pyramid */
    uint64_t deferred;          /* instances the first phase left for the second */
    uint64_t late;              /* of them, drawn by the second */
} sward_asset_stats;

/* The ground's triangles each view draws (SWARD_VIEW_*): the CDLOD patches (levels by distance from the camera)
 * in its clip volume; each of the camera's terrain passes draws these (the depth prime and the G-buffer); 0 for
 * the camera where the host does not draw the ground. The cascades draw none: the ground casts through
 * lit-height maps (kept for the layout and for comparisons with earlier builds). */
typedef struct sward_terrain_stats {
    uint64_t triangles[SWARD_VIEWS];
} sward_terrain_stats;

/* SC1, SC2: the tile cache (render.tile_cache). */
typedef struct sward_tile_cache_stats {
    uint32_t generated;         /* tiles placed this frame (at most render.tile_cache.tiles_per_frame, except
                                   what a teleport fills) */
    uint32_t cached;            /* tiles the cache holds after this frame */
    uint32_t missing;           /* tiles this frame needed that were not placed yet (not drawn this frame) */
    uint32_t evicted;           /* tiles dropped from the cache this frame (least recently used first) */
    bool teleport;              /* the camera jumped this frame: what is visible was placed first, all of it */
    uint64_t bytes;             /* device memory of the cache's placed tiles and asset clusters (cluster_bytes) */
    uint64_t budget_bytes;      /* its budget (render.tile_cache.budget_mib), both together */
    /* The mesh assets' clusters, cached alike (their own K: at most tiles_per_frame clusters a frame, except
     * what a teleport needs; docs/streaming.md) */
    uint32_t clusters_generated; /* clusters placed this frame */
    uint32_t clusters_cached;    /* clusters the cache holds after this frame */
    uint32_t clusters_missing;   /* clusters within reach not placed yet (not drawn this frame) */
    uint32_t clusters_evicted;   /* clusters dropped from the cache this frame */
    uint64_t cluster_bytes;      /* of bytes: the clusters' slots (instances and records) */
} sward_tile_cache_stats;

/* Device memory. */
typedef struct sward_memory_stats {
    uint64_t gpu_bytes;         /* device memory allocated by sward */
    uint64_t world_bytes;       /* of the world maps (heights, types, grass height, materials) */
    uint64_t vegetation_bytes;  /* of everything but the render targets: world maps, tile cache, instance lists,
                                   assets (gpu_bytes less the size-dependent images and read-backs) */
} sward_memory_stats;

/* SH1/SH2, from the deferred lighting's view of the G-buffer (standalone frames). */
typedef struct sward_gbuffer_stats {
    uint64_t covered_pixels;    /* pixels with a surface (not sky) */
    uint64_t grass_pixels;      /* of them, blades */
    uint64_t lower_pixels;      /* pixels in the lower third of the image */
    uint64_t lower_ground;      /* of them, ground seen between blades */
    uint64_t fragments;         /* fragment shader invocations of the G-buffer passes (pipeline statistics) */
    bool fragments_valid;       /* the device counts them (pipelineStatisticsQuery) */
    double overdraw;            /* fragments / covered_pixels; 1.0 with the depth prime; 0 unknown */
    uint64_t shaded;            /* with sward_frame_debug.count_shading: G-buffer fragment shader invocations that
                                   ran (helper invocations excluded), counted by the shaders themselves (and the
                                   compute rasteriser's resolve, one per pixel it writes) */
} sward_gbuffer_stats;

/* PO4: the exposure the frame was tone-mapped with (standalone frames and sward_cmd_post). */
typedef struct sward_exposure_stats {
    float linear;               /* with auto exposure the adapted one, else render.exposure times the exposure
                                   areas' bias */
    bool automatic;             /* auto exposure: the three below are set */
    float ev, target_ev;        /* its EV and the frame's target EV */
    float mean_log;             /* the metered mean log2 luminance */
} sward_exposure_stats;

/* CPU time. */
typedef struct sward_cpu_stats {
    double frame_ms;            /* to prepare and record the frame */
    double tiles_ms;            /* of frame_ms: the world windows, choosing the tiles, the tile cache and the assets'
                                   clusters (the rest is uploading the constants and recording the passes) */
    double thread_ms;           /* the rendering thread's CPU time over frame_ms's span (CLOCK_THREAD_CPUTIME_ID):
                                   what the frame cost that thread, without the time it was descheduled */
} sward_cpu_stats;

/* BX7: the streamed world's pages (sward_streaming; zero for a scene without a streamed world). */
typedef struct sward_stream_stats {
    uint32_t pages_missing;     /* pages the windows want that have not arrived, after this frame */
    uint32_t pages_requested;   /* page jobs this frame asked for (the pages entering the windows it moved) */
    uint32_t pages_put;         /* pages this frame put into the windows and uploaded */
    uint64_t upload_bytes;      /* their bytes */
    uint32_t transfer_submits;  /* submits of this frame's pages to the transfer queue (0 or 1; none without one:
                                   the copy is in the frame's command buffer; sward_vulkan.h) */
    uint64_t pages_cancelled;   /* page jobs cancelled before they ran (the camera left them), since the renderer
                                   was created */
    double wait_ms;             /* how long this frame waited for pages (0 with sward_streaming.no_wait) */
} sward_stream_stats;

/* The frame's per-pass GPU times (sward_stats_pass_ms finds one by name). */
typedef struct sward_pass_stats {
    uint32_t count;             /* entries of times[], in the order the passes ran */
    const sward_pass_time *times; /* held by the renderer: valid until it starts its next frame (sward_render*,
                                   sward_render_submit, sward_cmd_place), is resized or destroyed; copy them to
                                   keep them longer (count entries) */
} sward_pass_stats;

typedef struct sward_frame_stats {
    size_t struct_size;         /* set by the caller: sizeof(sward_frame_stats) (SWARD_FRAME_STATS_INIT) */
    sward_blade_stats blades;
    sward_raster_stats raster;
    sward_shadow_stats shadows;
    sward_asset_stats assets;
    sward_terrain_stats terrain;
    sward_tile_cache_stats tile_cache;
    sward_memory_stats memory;
    sward_gbuffer_stats gbuffer;
    sward_exposure_stats exposure;
    sward_cpu_stats cpu;
    sward_pass_stats passes;
    sward_stream_stats stream;
} sward_frame_stats;

/* A sward_frame_stats ready to be filled: `sward_frame_stats st = SWARD_FRAME_STATS_INIT;`. */
#ifdef __cplusplus
#define SWARD_FRAME_STATS_INIT {sizeof(sward_frame_stats)}
#else
#define SWARD_FRAME_STATS_INIT {.struct_size = sizeof(sward_frame_stats)}
#endif

/* The GPU ms of the pass named `name` in stats, or -1 if no such pass ran (or stats.struct_size is not
 * sizeof(sward_frame_stats)). */
double sward_stats_pass_ms(const sward_frame_stats *stats, const char *name);
/* The most passes a frame of this renderer times: room enough for sward_frame_stats.passes.times. */
uint32_t sward_renderer_pass_count(const sward_renderer *r);

typedef struct sward_image {
    uint32_t width, height;
    uint8_t *pixels; /* RGBA8 sRGB, rows top to bottom, caller-owned, sward_image_bound(width, height) bytes */
} sward_image;

size_t sward_image_bound(uint32_t width, uint32_t height);

/* Renders one frame of the renderer's scene and reads it back into `image` (which must have the renderer's
 * width and height: the scene's, or the last sward_renderer_resize). `stats` may be NULL. The frame is
 * complete: if the blades in view outgrew sward's lists, they grow and the frame is rendered again. */
sward_result sward_render(sward_renderer *r, const sward_frame_desc *frame, sward_image *image,
                          sward_frame_stats *stats, sward_error *err);

/* The linear HDR frame before tone mapping: exactly what the tone map reads, i.e. the TAA's resolved image
 * (the lit colour, sky and haze included, when render.features.taa is off) plus the bloom, in linear
 * radiance units before the exposure, the filmic curve and sRGB (docs/features.md, "HDR output"). The 8-bit
 * image is, per channel c, round(255 srgb(clamp(U(c exposure) / U(white_point)))) of it (shaders/shared/
 * sw_tonemap.h). Alpha is 1. */
typedef struct sward_image_hdr {
    uint32_t width, height;
    float *pixels; /* RGBA32F linear, rows top to bottom, caller-owned, sward_image_hdr_bound(width, height) bytes */
    /* What the 8-bit frame's tone map applied to it, filled by sward_render_hdr (0 until then): the exposure
     * (sward_frame_stats.exposure.linear: with auto exposure the adapted one) and the white point (0 with
     * Reinhard's curve, which has none). sward_write_exr stores them in the file (attributes swardExposure,
     * swardWhitePoint), so that a reader can tone-map the EXR as sward did. */
    float exposure, white_point;
} sward_image_hdr;

size_t sward_image_hdr_bound(uint32_t width, uint32_t height);

/* sward_render that also reads back the frame's linear HDR image into `hdr` (the renderer's width and
 * height). `image` (the 8-bit one) and `stats` may be NULL. Only frames rendered this way pay for the HDR
 * read-back: one compute pass and a copy, 16 bytes a pixel of device memory and 16 of host-visible memory per
 * frame slot used, allocated on the first such call (outside the render size's memory budget). */
sward_result sward_render_hdr(sward_renderer *r, const sward_frame_desc *frame, sward_image *image,
                              sward_image_hdr *hdr, sward_frame_stats *stats, sward_error *err);

/* Frames in flight (SWARD_FRAMES_IN_FLIGHT): sward_render_submit records and submits a frame and returns at
 * once with a ticket; sward_render_wait waits for that frame and reads back its image (may be NULL) and
 * stats (may be NULL). The CPU records the next frame while the GPU runs this one. A ticket can be waited for
 * until SWARD_FRAMES_IN_FLIGHT newer frames have been submitted; after that its results are gone
 * (SWARD_ERROR_INVALID_INPUT). Blades that did not fit this frame are counted in stats.blades.dropped (the
 * lists grow for the next frame). */
#define SWARD_FRAMES_IN_FLIGHT 2
sward_result sward_render_submit(sward_renderer *r, const sward_frame_desc *frame, uint64_t *ticket,
                                 sward_error *err);
sward_result sward_render_wait(sward_renderer *r, uint64_t ticket, sward_image *image, sward_frame_stats *stats,
                               sward_error *err);

/* Changes the output size of a renderer (sward_renderer_create) without recreating it; frames in flight finish
 * with the old size. width and height are checked like render.width and render.height. */
sward_result sward_renderer_resize(sward_renderer *r, uint32_t width, uint32_t height, sward_error *err);
void sward_renderer_size(const sward_renderer *r, uint32_t *width, uint32_t *height);

/* ---- Images ------------------------------------------------------------------------------------------- */

sward_result sward_write_png(const char *path, const sward_image *image, sward_error *err);

/* Writes an HDR image as an OpenEXR file: one scanline part, channels R, G, B, A as 32-bit floats (the
 * buffer's values exactly), ZIP compression, rows top to bottom (increasing y). Like sward_write_png, into a
 * temporary file renamed over path when complete (a device such as /dev/null is written in place). When
 * sward was built without OpenEXR (CMake SWARD_OPENEXR=OFF, the default of the bundle):
 * SWARD_ERROR_INVALID_INPUT, "PATH: cannot write EXR: sward was built without OpenEXR". */
sward_result sward_write_exr(const char *path, const sward_image_hdr *image, sward_error *err);

/* ---- Experimental: may change without notice ------------------------------------------------------------ */

/* Test and comparison switches of a frame (sward_frame_desc.debug), for sward's tests and the viewer's comparison
 * keys (`sward view`'s L and C): not features, and not a stable part of the API (fields may come and go between
 * versions). Each one removes or disables part of the frame so that a test or a comparison can see another part
 * alone; none belongs in a product's frame. A TAA history of other switches is not used (SH8). What only tests
 * use (reading back a frame's blades) is in sward/sward_testing.h, which is not installed. */
struct sward_frame_debug {
    bool no_culling;     /* tests: keep every candidate of the tiles within draw distance (no per-blade
                            distance or frustum test, no tile frustum test) */
    bool no_lod_fade;    /* comparisons: every blade at the high LOD, no density thinning, no dither fade, a hard
                            cut at the draw distance (SC5, SC6 off) */
    bool no_fade;        /* comparisons: no SC5 dither fade; thinning and the draw-distance cut stay (hard cuts) */
    bool no_morph;       /* comparisons: no SC6 morph toward the 7-vertex shape; the LOD switch stays (hard switch) */
    bool no_terrain_lod; /* comparisons: the ground's whole-resolution mesh in every view (no CDLOD levels) */
    bool count_shading;  /* diagnostics: the G-buffer fragment shaders count their invocations with an atomic
                            (stats.gbuffer.shaded; costs an atomic per fragment): SH1's zero overdraw */
    bool no_asset_occluders; /* comparisons: the mesh assets' depth is not in the blades' Hi-Z (SC3: the ground
                                alone occludes, as an embedding host's frame) */
    bool ground_fragment; /* comparisons: the ground's G-buffer drawn by its fragment pass (a host's path), not
                             resolved per pixel in compute (BX6; sward's own frame with the depth prime) */
    bool asset_fragment;  /* comparisons: the mesh assets' G-buffer drawn by their fragment pass (a host's path),
                             not resolved from their visibility buffer in compute (BX6; sward's own frame with the
                             depth prime and the assets as occluders) */
    bool asset_casters_drawn; /* comparisons: the mesh assets' near-cascade casters drawn by the hardware, not
                                 rasterised in compute (render.raster "auto" or "compute") */
    bool no_motion;       /* comparisons: blades and mesh assets write the camera's motion alone, not their own
                             (wind) motion since the previous frame (SH2), as before motion vectors */
};

#ifdef __cplusplus
}
#endif

#endif
