/* render.h — the frame (module `render`): named resources, passes over them, frames in flight and views.
 *
 * A frame is a list of passes (graph.c, RENDER_PASSES in passes.c) over named resources (render_res). Each
 * pass is one file under src/render/passes/ that sees only pass.h: the config, plan and work (read-only), its
 * view, its declared resources and its own state; graph.c derives the barriers and the named GPU timestamps from
 * its declarations. This header is for the renderer's own files, not passes. The renderer's state by lifetime,
 * each with one writer: the config (config.c: creation and resize), the plan (plan.c: the frame's decisions), the
 * work (setup.c: the frame's tiles, placements, clusters, patches), the histories (history.c: what a frame leaves
 * for the next), the constants (camera.c: sw_frame, sw_view and every SW_FLAG_* / SW_VIEW_* bit). The
 * entry points an embedding host calls (frame.c: sward_cmd_place, sward_cmd_cull, sward_cmd_draw, sward_cmd_post;
 * shadows.c: sward_cmd_shadows) record every pass, and the standalone frame (standalone.c: sward_render) is
 * built from the same calls: one frame order, one list of passes (passes.c; hdr_out, sward_render_hdr's
 * read-back, is the one a host's frame lacks).
 *
 * Per frame: time, wind, sun, force fields (sw_frame). Per view: camera, frustum, resolution, Hi-Z (sw_view);
 * culling runs per view over the same placed tiles. View 0 is the camera. */
#ifndef SWARD_RENDER_H
#define SWARD_RENDER_H

#include "render/pass.h"
#include "place/place.h"
#include "render/history.h"

struct sward_context {
    gpu_device dev;
};

#define RENDER_MAX_PASSES 64 /* = the bits of render_slot.timed_mask (passes.c asserts the list fits) */
/* BX1: with render.raster "auto" and mesh assets in the near cascade, its blades are rasterised in compute from
 * this many (H200, docs/raster.md: compute costs about 0.065 ms + 6 us per 1000 blades, the hardware
 * 24 us per 1000: even at about 3,600; without assets every blade is in compute) */
#define RENDER_SHADOW_RASTER_MIN_BLADES 4000u
/* A frame slot's counters: sw_cull_stats per view, then the camera's asset draws (their instance counts) */
#define RENDER_STATS_EXPOSURE_AT \
    (SW_MAX_VIEWS * sizeof(sw_cull_stats) + SW_MAX_ASSETS * SW_ASSET_MAX_LODS * sizeof(sw_asset_draw))
/* ... and, after the POST phase, the auto exposure's state without its histogram (PO4) */
#define RENDER_STATS_EXPOSURE_BYTES (4 * sizeof(float))
#define RENDER_STATS_READBACK_BYTES (RENDER_STATS_EXPOSURE_AT + RENDER_STATS_EXPOSURE_BYTES)

/* BX7: the streamed world's page uploads on the device's transfer queue (gpu_device.transfer_queue; upload_queue.c).
 * Made with a streamed world's renderer where the device has that queue; otherwise all zero and unused. */
typedef struct render_upload_queue {
    VkCommandPool pool;       /* on the transfer family: each slot's transfer_cmd */
    VkSemaphore timeline;     /* signalled by each upload, waited for by its frame */
    uint64_t value;           /* the last value an upload signals */
} render_upload_queue;

/* Per frame slot (frames in flight): what a frame needs of its own until it is done. */
typedef struct render_slot {
    gpu_frame frame;          /* standalone: command buffer and fence */
    gpu_timer timer;
    gpu_stats stats_query;    /* fragment shader invocations of the G-buffer passes (SH1's overdraw) */
    uint64_t timed_mask;      /* which timestamp pairs this slot's frame wrote */
    gpu_buffer stats_readback; /* sw_cull_stats[SW_MAX_VIEWS] of the slot's frame */
    gpu_buffer pixels;        /* standalone: the output image */
    gpu_buffer hdr_pixels;    /* standalone, sward_render_hdr: the linear frame before the tone map (RGBA32F) */
    bool hdr_copied;          /* the slot's frame copied it (hdr_pixels holds this frame's) */
    gpu_buffer upload;        /* the frame's constants, views and tiles, copied to the GPU buffers by the frame */
    gpu_buffer world_upload;  /* staging of the streamed world's pages (world_stream.c), window-sized, made with the
                                 renderer (render_world_staging) */
    gpu_buffer world_landing; /* BX7, with a transfer queue: the staging's device-local copy (upload_queue.c) */
    VkCommandBuffer transfer_cmd; /* ... the copy into it, on the transfer family's pool */
    uint64_t transfer_value;  /* the upload queue's timeline value the slot's frame waits for (0: none) */
    uint32_t width, height;   /* of the slot's frame */
    gpu_retired retired;      /* freed when the slot is reused */
    uint64_t ticket;          /* frame number recorded in the slot (0: none) */
    bool counted;             /* its counters have been read (growth, last_stats) */
    bool stats_copied;        /* its frame copied the counters into stats_readback */
    bool exposure_copied;     /* PO4: ... and the adapted exposure (its frame metered) */
    float exposure;           /* PO4: its frame's manual exposure (render.exposure and the areas' bias) */
    bool shadow_compute;      /* BX1: the frame rasterised the near cascade's casters in compute (its plan's) */
    bool assets_occlude;      /* SC3: the frame's assets were occluders of the blades (its plan's) */
    bool asset_two_phase;     /* SC3: their culling had the last frame's pyramid (its plan's hiz_history) */
    uint32_t tile_count, tiles_in_range;
    place_cache_stats cache;  /* SC1: the frame's tile cache work */
    uint32_t tiles_cached;
    bool teleport;
    place_cache_stats clusters; /* SC1: the frame's asset cluster cache work */
    uint32_t clusters_cached;
    double cpu_ms;
    double cpu_tiles_ms; /* of it: choosing tiles, the cache, the clusters (render_place) */
    double cpu_thread_ms; /* the rendering thread's CPU time over cpu_ms's span */
    sward_stream_stats stream; /* BX7: the frame's world pages (world_stream.c) */
    uint64_t terrain_triangles[SWARD_VIEWS]; /* the ground's, per view (render_place) */
    sward_frame_stats stats;  /* the slot's frame's counters and times, once counted (stats.passes.times: pass_times) */
    sward_pass_time pass_times[RENDER_MAX_PASSES];
} render_slot;

/* One view of the frame (view 0: the camera). */
typedef struct render_view {
    sward_vulkan_view vk;     /* the host's (or the scene's) camera */
    sw_view constants;
    uint32_t survivor_capacity;
    float unjittered_view_proj[16];      /* SH8: view_proj without this frame's jitter */
} render_view;

/* LS2-LS4: the sun's shadow cascades (cascades.c fits them, shadows.c owns their resources). */
#define RENDER_SHADOW_NEAR_END 8.0f   /* m from the eye: the near cascade */
#define RENDER_SHADOW_MID_END 80.0f   /* m: the mid cascade */
#define RENDER_SHADOW_FADE 0.12f      /* the last 12 % of a cascade's range cross-fades into the next */
#define RENDER_SHADOW_FAR_EXTENT 1536.0f /* m, side of the far lit-height map (clamped to the terrain) */
#define RENDER_SHADOW_FAR_MAX 1024u   /* its texels per side at most (1.5 m texels over 1.5 km) */
#define RENDER_SHADOW_FAR_SNAP 64u    /* its origin moves in steps of this many texels (recomputed then) */
#define RENDER_SHADOW_LIT_SNAP 64u    /* the near and mid ranges' lit heights: the same, for their map */

typedef struct render_shadows {
    float y_min, y_max;       /* m: the terrain's heights; y_max + caster: the tallest blade above it */
    float caster;             /* m: the tallest blade of the scene's types */
    float far_side, far_texel; /* m: the far map's side and texel (>= the height field's cell) */
    uint32_t far_size;        /* texels per side */
    VkImageView layers[2];    /* RES_SHADOW: one view per layer, to render into (config.geo has them too) */
} render_shadows;

/* The sky constants of the last frame (camera.c) and what they were computed from. */
#define RENDER_SKY_KEY 14
typedef struct render_sky_cache {
    bool valid;
    float key[RENDER_SKY_KEY]; /* sun direction and colour, sky zenith and horizon, turbidity, the feature */
    sw_frame frame;            /* its sky, sun_color, zenith and horizon */
} render_sky_cache;

/* The scene's mesh assets (assets.c). */
#define RENDER_ASSET_VIEWS 3u /* the camera, the near and the mid cascade draw them */
typedef struct render_assets {
    uint32_t count;                  /* the scene's assets */
    sw_asset gpu[SW_MAX_ASSETS];
    uint32_t triangles[SW_MAX_ASSETS][SW_ASSET_MAX_LODS]; /* per level (stats) */
    float radius[SW_MAX_ASSETS];     /* m: bounding radius at scale 1 */
    float reach[WORLD_MAX_ASSETS];   /* m: clusters within this of the eye are placed */
    gpu_buffer asset_buf, vertex_buf, index_buf, noise_buf; /* set 0: SW_BIND_ASSETS, _ASSET_VERTICES, _LEAF_NOISE */
    gpu_buffer texture_buf;          /* set 0: SW_BIND_ASSET_TEXTURES (texture sets, impostor atlases) */
    gpu_image alpha_image;           /* set 0: SW_BIND_ASSET_ALPHA (the sets' alpha chains, the alpha test) */
    VkSampler alpha_sampler;         /* bilinear within the nearest level, clamped */
    place_cluster_cache cache;       /* SC1: which slot holds which placed cluster (place/clusters.c) */
    sw_cluster *clusters;            /* this frame's, placed (cache.bound entries) */
    sw_cluster *place;               /* this frame's clusters to place (cache.bound entries) */
    uint32_t cluster_count, place_count;
    uint32_t per_asset[WORLD_MAX_ASSETS];  /* clusters of each asset this frame */
    bool primed;                     /* a frame has placed clusters (the next is no teleport unless the eye jumps) */
    float eye[3];                    /* the last frame's eye */
    sw_asset_draw draws[RENDER_ASSET_VIEWS][SW_MAX_ASSETS * SW_ASSET_MAX_LODS]; /* this frame's, reset */
    uint32_t drawn_total;            /* room of each view's drawn list */
} render_assets;

/* The scene set's buffers (set 0) and the index patterns the passes share (config.geo names them). */
typedef struct render_scene_buffers {
    gpu_buffer material_buf, height_buf, type_map_buf, grass_height_buf;
    gpu_buffer canopy_buf;      /* SW_BIND_CANOPY (PL11: the trees' canopy per map texel; one word without) */
    gpu_buffer layer_map_buf;   /* SW_BIND_LAYER_MAP (PL10 top layer per map texel: the ground's material) */
    gpu_buffer area_buf;        /* SW_BIND_AREAS (PL2 density areas) */
    gpu_buffer terrain_indices, blade_indices;
    render_terrain_bounds terrain_bounds; /* each ground patch's height range (resident terrain; none streamed) */
    uint32_t terrain_index_count;         /* of terrain_indices (config.geo) */
} render_scene_buffers;

/* What setup stage 3 (setup.c) produces: the frame's tiles in r->tiles.list (the camera's, then the near
 * cascade's) and the tile cache's batches in r->tiles.place; the stages after it read this. */
typedef struct render_frame_tiles {
    size_t camera, near;             /* tiles of the camera's view and of the near cascade's box (LS3) */
    size_t in_range;                 /* of the camera's, within its draw distance (the stats) */
    uint32_t place_now, place_ahead; /* SC1: tiles placed before culling and ahead */
    double cpu_ms;                   /* choosing tiles, the cache, the clusters (sward_frame_stats.cpu.tiles_ms) */
} render_frame_tiles;

/* The frame's tiles: which can hold blades, this frame's list, and the tile cache (SC1). */
typedef struct render_tiles {
    place_tile_index index;     /* which tiles can hold blades at all (built once; place_choose_tiles_indexed) */
    sw_tile *list;              /* host copy of this frame's tiles (bound entries) */
    size_t bound;               /* place_tiles_bound of the scene */
    size_t max;                 /* entries of `list` (bound, twice that with shadows) */
    place_cache cache;          /* SC1: which slot of RES_MASKS holds which placed tile */
    sw_tile *place;             /* this frame's tiles to place: now, then ahead (place_cache_frame) */
    size_t place_cap;
    bool primed;                /* a frame has placed tiles (the next is no teleport unless the camera jumps) */
    float eye[3];               /* the last frame's eye */
    uint64_t world_generation;  /* world_generation the cache last saw (tiles left out at the windows' edge) */
    uint32_t in_range;          /* the camera's tiles within draw distance */
    uint32_t capacity;          /* of the per-view lists (tile draws, draws) */
    uint32_t list_capacity;     /* of RES_TILES: the views' tiles and the tiles placed */
    uint32_t total;             /* the frame's tiles: the camera's, then the near shadow cascade's */
} render_tiles;

/* The standalone frame's kinds of frame beyond a host's (sward_render_submit, sward_render_hdr). */
typedef struct render_frame_kind {
    bool hdr_out;      /* the frame reads back its linear HDR image (plan.hdr_out) */
    bool history_only; /* SH8: a warm-up frame, building the TAA history only (plan.history_only) */
} render_frame_kind;

struct sward_renderer {
    sward_context *ctx;
    const sward_scene *scene;
    render_config config;       /* fixed at creation and resize (config.c, its only writer) */
    render_plan plan;           /* what this frame does (plan.c, its only writer) */
    render_work work;           /* this frame's work (setup.c fills it); passes see these three, read-only */
    uint64_t world_uploads;     /* +1 each time the streamed world uploads heights or maps (world_stream.c) */
    render_graph *graph;        /* the named resources, the passes, their sets (graph.c) */
    render_scene_buffers bufs;
    bool draw_terrain;          /* sward draws the ground (sward_vulkan_targets.no_terrain) */
    world_raster raster;        /* BX1: render.raster resolved (auto without the compute path's device features
                                   or with a host's targets is hardware); config.raster_compute follows */

    render_slot slots[RENDER_MAX_SLOTS];
    uint32_t slot_count, slot;  /* frames in flight; the slot being (or last) recorded */
    uint64_t frames;            /* frames started */
    uint64_t last_counted;      /* ticket of the newest frame whose counters were read */
    uint64_t world_generation;  /* +1 each time the streamed world's windows move or pages arrive (world_stream.c) */
    sward_streaming streaming;  /* BX7: the page jobs (sward_renderer_set_streaming; world_stream.c applies it) */
    render_upload_queue upload_queue; /* BX7: the page uploads on the device's transfer queue (upload_queue.c) */

    sw_frame frame;             /* this frame's constants */
    render_sky_cache sky_cache;
    render_view views[SW_MAX_VIEWS];
    render_shadows shadows;
    render_tiles tiles;
    uint32_t near_blades;       /* BX1: blades the near shadow cascade drew in the last frame collected */
    /* the histories (history.h): what earlier frames left (history.c keeps each frame's) */
    render_taa taa;             /* SH8 */
    render_exposure exposure;   /* PO4 */
    render_hiz_history hiz_history; /* SC3 */
    render_shadow_history shadow_history; /* LS2: what the kept shadow map holds */
    uint32_t sized_features;    /* the SW_FEAT_* bits the passes' resources were last sized for */
    render_frame_kind next_frame; /* what the next sward_cmd_place begins (render_standalone_begin; zero: a host's) */
    render_assets assets;       /* PL8: the mesh assets */
};

/* ---- assets.c: the mesh assets (PL8, SC4, AS1, AS2, LS3) ---- */
sward_result render_assets_create(sward_renderer *r, sward_error *err);
void render_assets_destroy(sward_renderer *r);
/* AS3, AS5 (asset_textures.c): the texture sets and every asset's impostor into r->assets.texture_buf; fills each
 * asset's impostor_offset and impostor_depth, and trims each billboard's cards to its impostor. `chains`: the assets' LOD
 * chains (struct asset_chain[count]), before their vertices are packed. */
struct asset_chain;
sward_result render_asset_textures(sward_renderer *r, struct asset_chain *chains, sward_error *err);
/* SC1: the caches' share of render.tile_cache.budget_mib: the asset clusters' cache (and its lists) made with
 * its share, then the grass's tile cache with the rest (renderer creation, after render_assets_create). */
sward_result render_caches_create(sward_renderer *r, sward_error *err);
/* The frame's clusters through the cluster cache (those within reach that are placed, those to place now; a teleport
 * as the tiles' rule: render.tile_cache.teleport_distance) and every view's draws reset; grows the lists.
 * frustum: the camera's planes (its clusters are placed first). */
sward_result render_assets_frame(sward_renderer *r, const float eye[3], const float *frustum, sward_error *err);
VkDeviceSize render_assets_upload_bytes(const sward_renderer *r);
/* Copies the clusters and the draws from the frame's upload buffer (at `at`) into their GPU buffers. */
void render_assets_upload(sward_renderer *r, VkCommandBuffer cmd, gpu_buffer *upload, VkDeviceSize at);
/* ---- passes.c: the frame's pass list, in frame order ---- */
extern const render_pass *const RENDER_PASSES[];
extern const uint32_t RENDER_PASS_COUNT;

/* ---- config.c: what the renderer fixes at creation and resize (render_config); its only writer ---- */
/* At creation: its kind (standalone) and depth format, the raster path (once r->raster is resolved), the size,
 * the device's limits; once the assets exist their count and casters and whether the shadow cascades' resources
 * are made (config.shadow_maps: the scene's features and sun now); the shared geometry once it exists (index
 * patterns, shadow layers). */
void render_config_init(sward_renderer *r, bool standalone, VkFormat depth_format);
void render_config_scene(sward_renderer *r);
void render_config_geometry(sward_renderer *r);
/* The render size and the features (before the passes' resources are sized); a new render size. */
void render_config_size(sward_renderer *r);
void render_config_render_size(sward_renderer *r, uint32_t width, uint32_t height);

/* ---- plan.c: the frame's decisions, once (render_plan); the only writer of the plan ---- */
/* The plan before the first frame (one view). */
void render_plan_init(sward_renderer *r);
/* A frame's decisions at its start (render_begin_frame): the shadows (plan.shadows: the frame's one decision) and
 * the layers that hold casters, the raster path of the shadows, the depth prime, the views culled;
 * `no_occlusion` is the view's, `hdr_out` and `history_only` the standalone frame's (false embedded). */
void render_plan_frame(sward_renderer *r, bool no_occlusion, bool hdr_out, bool history_only);
/* The comparison switches of a standalone frame (sward_frame_desc.debug). */
void render_plan_switches(sward_renderer *r, const sward_frame_desc *fd);
/* Setup stage 1 (setup.c), at the view: SH8 whether the TAA history is reset and the jitter's index, SH2 motion,
 * PO4 whether the exposure pass meters, SC3 whether the assets' culling has two phases (the last frame's pyramid
 * fits: plan.hiz_history). Reads the histories as the last frame left them. */
void render_plan_view(sward_renderer *r, const sward_vulkan_view *view);
/* Setup stage 4, once the tiles, clusters and views' constants are final: whether the shadow map already holds
 * this frame's cascades (plan.shadows_kept: the same cascade views (their tiles and lists too), time, features
 * and switches as the last frame that drew it, into the same images, the tile cache settled (nothing placed
 * before culling, missing or evicted, then or now), and no mesh assets (their casters' screen door moves every
 * frame): a still's TAA warm-up frames). */
void render_plan_late(sward_renderer *r);

/* ---- setup.c: the frame's setup in stages, and its work (render_work) ---- */
/* The work's pointers to the constants, and the ground's patch list of `patches` capacity (at creation). */
sward_result render_work_create(sward_renderer *r, uint32_t patches, sward_error *err);
/* A frame's work at its start: nothing chosen, placed or culled yet (render_begin_frame). */
void render_work_begin(sward_renderer *r);

/* ---- graph.c ---- */
/* The graph before any resource (its sampler), the passes once the shared resources exist, their resize
 * (size or features changed), and the end of all of it (every named resource too). */
sward_result render_graph_new(sward_renderer *r, sward_error *err);
sward_result render_graph_create(sward_renderer *r, sward_error *err);
sward_result render_graph_resize(sward_renderer *r, sward_error *err);
void render_graph_destroy(sward_renderer *r);
/* Runs every pass of a phase that runs this frame (the plan's say, and per CULL pass its views), each after the
 * barriers its uses need, between its two timestamps. */
void render_run_phase(sward_renderer *r, render_phase phase, VkCommandBuffer cmd, uint32_t view);
/* The DRAW passes the SWARD_DRAW_* bits select (inside a render pass instance: no barriers). */
void render_run_draws(sward_renderer *r, uint32_t what, VkCommandBuffer cmd);
/* The barriers only: for passes recorded inside a render pass instance (RENDER_PHASE_DRAW), which cannot
 * have barriers of their own. */
void render_prepare_phase(sward_renderer *r, render_phase phase, uint32_t draw_flags, VkCommandBuffer cmd,
                          uint32_t view);
/* A use outside any pass (uploads, copies): barrier and tracking. */
void render_access(sward_renderer *r, VkCommandBuffer cmd, render_res res, uint32_t view, gpu_access access,
                   bool discard);
/* Brings an imported image to `access` but in the host's `layout` (handing it back). */
void render_release(sward_renderer *r, VkCommandBuffer cmd, render_res res, uint32_t view, gpu_access access,
                    VkImageLayout layout);
/* A host image as a named resource for one call: after its writes as an attachment (`last`), in `layout`; and
 * handed back in `layout` after the call. */
void render_import(sward_renderer *r, render_res res, VkImage image, VkImageView view, VkImageView storage_view,
                   VkFormat format, gpu_access last, VkImageLayout layout);
void render_unimport(sward_renderer *r, VkCommandBuffer cmd, render_res res, VkImageLayout layout);
/* Replaces a named buffer (device memory; its name and usage RENDER_RESOURCES') or image (the old one is freed
 * when the current slot comes round again). */
sward_result render_buffer_replace(sward_renderer *r, render_res res, uint32_t view, VkDeviceSize size,
                                   sward_error *err);
void render_image_replace(sward_renderer *r, render_res res, uint32_t view, gpu_image *img);
/* A named resource's handles. */
gpu_buffer *render_buffer(sward_renderer *r, render_res res, uint32_t view);
gpu_image *render_image(sward_renderer *r, render_res res, uint32_t view);
VkImageView render_image_view(const sward_renderer *r, render_res res, uint32_t view);
/* Bumped each time sward replaces the resource (SH8: a new TAA image holds no history). */
uint32_t render_resource_serial(const sward_renderer *r, render_res res);
/* SH8: swaps two resources (a history pair: render_resources_swap_histories), each keeping its barrier state. */
void render_swap(sward_renderer *r, render_res a, render_res b);
/* The slot's pass times into st->passes. */
sward_result render_graph_times(sward_renderer *r, render_slot *s, sward_frame_stats *st, sward_error *err);
/* The passes that are timed: the most entries a frame's pass times have (sward_renderer_pass_count). */
uint32_t render_graph_pass_count(const sward_renderer *r);
/* Tests: a pass's own state by its name (NULL: none). */
void *render_pass_state_of(sward_renderer *r, const char *name);
/* Tests: the scene set (set 0) and the depth sampler, for their own pipelines. */
void render_scene_set(const sward_renderer *r, VkDescriptorSetLayout *layout, VkDescriptorSet *set,
                      VkSampler *sampler);

/* ---- frame.c: the entry points' shared parts ---- */
/* Starts a frame in the next slot: reads the counters of the frame that last used it, frees what it
 * retired, grows lists that overflowed, resets its timestamps. */
sward_result render_begin_frame(sward_renderer *r, VkCommandBuffer cmd, bool no_occlusion, bool hdr_out,
                                bool history_only, sward_error *err);
/* setup.c: the frame's setup as ordered stages (decide, constants, tiles, late decisions, keep, upload, place):
 * the body of sward_cmd_place. */
sward_result render_place(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view, sward_error *err);
/* The POST phase: TAA (its history and output swap first), bloom, post (in a warm-up frame, which is not shown,
 * only the passes of the TAA history: plan.history_only). */
void render_post(sward_renderer *r, VkCommandBuffer cmd);
/* Copies the views' counters into the slot's readback buffer. */
void render_copy_stats(sward_renderer *r, VkCommandBuffer cmd);
/* Reads a completed slot's counters and times into s->stats and grows the survivor lists that overflowed. */
sward_result render_collect(sward_renderer *r, render_slot *s, sward_error *err);
/* Refuses a caller's sward_frame_stats whose struct_size is not this library's sizeof(sward_frame_stats) (NULL
 * passes): a host built against another sward.h would read other fields. fn names the entry point. */
sward_result render_stats_size(const sward_frame_stats *stats, const char *fn, sward_error *err);
/* BX5 (world_stream.c): recentres a streamed world's windows on the eye and records the copies of the pages
 * that changed (from the slot's staging, before the PLACE passes); nothing for a resident world. */
sward_result render_world_update(sward_renderer *r, VkCommandBuffer cmd, const float eye[3], sward_error *err);
/* Is the world box [x0, x1] x [z0, z1] wholly inside the current window (always for a resident world)? The tile
 * cache evicts placed tiles that are not. */
bool render_world_window_holds(const sward_renderer *r, double x0, double z0, double x1, double z1);
/* Finishes the streamed world's page jobs (every wanted page put into the windows) and stops them: the scene
 * loads synchronously again (sward_renderer_destroy). */
void render_world_stop(sward_renderer *r);
/* Checks a sward_streaming (NULL: the defaults) for the renderer's create functions and the setter. */
sward_result render_streaming_check(const sward_streaming *s, sward_error *err);
/* Device bytes of the world's buffers (heights, type map, grass height): constant for a streamed world. */
uint64_t render_world_bytes(const sward_renderer *r);
/* The world's buffers now hold the CPU windows (renderer.c after creating them): no page waits for a copy. */
void render_world_uploaded(sward_renderer *r);
/* A streamed world's staging in every frame slot, window-sized, its memory touched (made with the renderer, so
 * that no frame allocates or faults it in). */
sward_result render_world_staging(sward_renderer *r, sward_error *err);
/* ---- upload_queue.c: BX7, the page uploads on the transfer queue ---- */
/* The transfer family's pool, the timeline semaphore and each slot's landing buffer (`bytes`, the staging's size)
 * and command buffer, where the device has a transfer queue (a no-op otherwise, and when made). */
sward_result render_upload_queue_create(sward_renderer *r, VkDeviceSize bytes, sward_error *err);
void render_upload_queue_destroy(sward_renderer *r);
static inline bool render_upload_queue_on(const sward_renderer *r)
{
    return r->upload_queue.timeline != VK_NULL_HANDLE;
}
/* Copies the slot's staging [0, bytes) into its landing buffer on the transfer queue, signalling the next value
 * (s->transfer_value, which the slot's frame waits for); never waits for the device. */
sward_result render_upload_queue_submit(sward_renderer *r, render_slot *s, VkDeviceSize bytes, sward_error *err);
/* Ends and submits a standalone frame's command buffer, waiting for its slot's upload if it has one. */
sward_result render_frame_submit(sward_renderer *r, render_slot *s, sward_error *err);

/* The frame's depth as the lighting reads it (RENDER_USE_FRAME_DEPTH): RES_MERGED_DEPTH where the compute
 * rasteriser draws, else RES_DEPTH; *access (if not NULL) its sampled access. For tests' own pipelines. */
render_res render_frame_depth(const sward_renderer *r, gpu_access *access);
/* standalone.c: RES_HDR_OUT for the current size; created on a frame's first ask (sward_render_hdr). */
sward_result render_hdr_out_ensure(sward_renderer *r, sward_error *err);
/* standalone.c: the standalone frame's start (the next slot's command buffer, the switches, the kind of frame
 * sward_cmd_place then begins) and its end when it cannot be submitted (the command buffer abandoned, the slot
 * free again). */
sward_result render_standalone_begin(sward_renderer *r, const sward_frame_desc *fd, bool hdr, bool warmup,
                                     VkCommandBuffer *cmd, sward_error *err);
void render_standalone_abandon(sward_renderer *r, VkCommandBuffer cmd);
sward_result render_standalone_only(const sward_renderer *r, const char *fn, sward_error *err);

/* ---- resources.c: every named resource by spec ---- */
/* How a resource is sized. */
typedef enum render_size_class {
    RENDER_SIZE_FIXED,  /* once, at creation, by its owner (lists.c, shadows.c's far map, wind_field.c; the asset
                           cluster cache's slots on the first frame, assets.c), then kept */
    RENDER_SIZE_TARGET, /* the render size (plan width x height): made and resized by render_resources_size */
    RENDER_SIZE_SHADOW, /* RENDER_SHADOW_SIZE^2: made by render_resources_size */
    RENDER_SIZE_GROWS,  /* at run time by its owner: the lists (lists.c), the assets' draw records (assets.c), the
                           pyramids of the render size (hiz.c, bloom.c), the HDR read-back (standalone.c) */
} render_size_class;

typedef struct render_resource_spec {
    const char *name;        /* the debug name, "sward.hdr" */
    bool per_view;           /* one per view (index = view) */
    bool image;              /* else a buffer */
    VkFormat format;         /* images */
    uint32_t levels, layers; /* images */
    VkFlags usage;           /* VkImageUsageFlags or VkBufferUsageFlags */
    VkFlags raster_usage;    /* BX1: added with the compute rasteriser */
    VkFormat raster_storage_format; /* BX1: the storage view's format (the sRGB albedo written as UNORM) */
    uint32_t texel_bytes;    /* target or shadow buffers: bytes per pixel or texel */
    render_size_class size;
    uint32_t needs;          /* RENDER_NEEDS_* (target and shadow classes) */
    bool tiny;               /* without its needs 1 x 1 (bound all the same) rather than absent */
    render_res history;      /* its history partner (swapped every frame); RES_FRAME (0, nobody's): none */
} render_resource_spec;

extern const render_resource_spec RENDER_RESOURCES[RES_COUNT];
/* NULL when the table agrees with the RES_* enum (every one named, names unique, partners mutual), else why
 * not (asserted when the graph is made). */
const char *render_resources_check(void);
/* Every target- and shadow-class resource for the plan's size, features and paths: made, or replaced where its
 * size changed (the old one retired). */
sward_result render_resources_size(sward_renderer *r, sward_error *err);
/* SH8: swaps each history pair (last frame's output is this frame's history). */
void render_resources_swap_histories(sward_renderer *r);

/* ---- lists.c: the frame's lists and their growth ---- */
sward_result render_lists_create(sward_renderer *r, sward_error *err);
sward_result render_ensure_tiles(sward_renderer *r, uint32_t view_tiles, uint32_t all_tiles, sward_error *err);
sward_result render_ensure_survivors(sward_renderer *r, uint32_t view, uint64_t needed, sward_error *err);
/* Grows like render_ensure_survivors, and shrinks a list half as large again as a completed frame needed. */
sward_result render_fit_survivors(sward_renderer *r, uint32_t view, uint64_t needed, sward_error *err);


/* ---- camera.c: the frame's and views' constants from the plan, and every SW_FLAG_* and SW_VIEW_* bit ---- */
/* Setup stage 2: the frame's constants, view 0's (and the volume its tiles are chosen for), the shadow views
 * (cascades.c fits them) and their flags. */
void render_constants(sward_renderer *r, const sward_vulkan_view *view, place_view *pv);
/* Setup stage 3's numbers into the constants: each view's run of tiles, the tile cache's batches, the assets'
 * clusters, the survivor lists' capacities. */
void render_tile_constants(sward_renderer *r, const render_frame_tiles *t);
/* The frame's constants (sw_frame) at `time`, with the flags of this frame. */
void render_frame_constants(sward_renderer *r, float time, sw_frame *f);
/* A view's constants (sw_view) and the volume its tiles are chosen for. */
void render_view_constants(const sward_renderer *r, const sward_vulkan_view *v, bool occlusion, sw_view *out,
                           place_view *view);
/* The standalone frame's view with sward_frame_desc's optional eye / target overrides. */
sward_vulkan_view render_frame_view(const sward_renderer *r, const sward_frame_desc *fd);
/* The view's world -> clip without jitter. */
void render_view_proj(const sward_vulkan_view *v, float out[16]);
/* SH8: the sub-pixel jitter of frame `index` of a history: Halton (2, 3), 16 samples, in pixels, in
 * [-0.5, 0.5). */
void render_taa_jitter(uint32_t index, float *jx, float *jy);
#define RENDER_TAA_ALPHA 0.1f   /* the current frame's weight once the history has converged */
#define RENDER_TAA_SAMPLES 16u  /* the jitter sequence's length */

/* ---- cascades.c: fitting the shadow cascades (LS2), pure math on the frame's camera ---- */
/* One cascade of a camera: its frustum slice [begin, end] (m of view depth) bounded by a sphere whose radius
 * depends only on the slice's shape (no size change when the camera turns: no shimmer), an orthographic light
 * view along the sun, the sphere's centre snapped to whole texels in light space, and reverse-Z depth (1
 * toward the sun) from the sphere's far side (nothing farther from the sun shadows what the cascade serves) to
 * the highest caster in the box's column. */
typedef struct render_cascade_desc {
    float view[16], proj[16]; /* the camera: world -> view, view -> clip (column-major) */
    float eye[3];             /* the camera's position */
    float sun[3];             /* towards the sun, normalised, above the horizon */
    float begin, end;         /* m: the slice of the camera's view depth */
    uint32_t size;            /* texels per side */
    float y_min, y_max;       /* m: the terrain's lowest point (not used by the fit: the sphere
                                 bounds the receivers), the highest caster (terrain max + tallest blade) */
} render_cascade_desc;
/* Fills view_proj, inv_view_proj, frustum (the box's 6 planes), width, height, shadow_texel and
 * shadow_depth_range; the rest of *out is left as it was. */
void render_cascade_fit(const render_cascade_desc *d, sw_view *out);
/* The sphere around the slice [n, f] of a frustum with half-extents tan_x, tan_y: its centre's distance
 * along the view axis and its radius. */
void render_slice_sphere(float tan_x, float tan_y, float n, float f, float *centre, float *radius);
/* The light-space basis of a sun direction: right (horizontal), up, and the direction itself. */
void render_light_basis(const float sun[3], float right[3], float up[3]);
/* Views 1-3 of the frame from view 0 (the camera) when r->plan.shadows, else zeroes them; what it fitted, which
 * camera.c sets the views' flags from (it sets no flag itself). */
typedef struct render_shadow_fit {
    uint32_t views;  /* bits of the shadow views fitted (none without shadows) */
    uint32_t blades; /* ... of those that cull blades (the near cascade, at a lower level of detail) */
} render_shadow_fit;
render_shadow_fit render_shadow_views(sward_renderer *r);
/* Gribb-Hartmann planes of clip-space -w <= x, y <= w, 0 <= z <= w (camera.c). */
void render_frustum_planes(const float vp[16], float out[24]);

/* ---- shadows.c: the cascades' resources ---- */
sward_result render_shadows_create(sward_renderer *r, sward_error *err);
/* The shadow map's layers' views (after render_resources_size made RES_SHADOW; it never replaces it). */
sward_result render_shadows_views(sward_renderer *r, sward_error *err);
void render_shadows_destroy(sward_renderer *r);

#endif
