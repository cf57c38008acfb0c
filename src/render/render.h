/* render.h — the frame (module `render`): named resources, passes over them, frames in flight and views.
 *
 * A frame is a list of passes (graph.c, RENDER_PASSES in passes.c) over named resources (render_res). Each
 * pass is one file under src/render/passes/ that owns its pipelines, descriptor set 1 and private resources
 * (create, resize, destroy, record) and declares what it reads and writes (render_use); graph.c derives the
 * barriers and the named GPU timestamps from those declarations. The entry points an embedding host calls
 * (frame.c: sward_cmd_place, sward_cmd_cull, sward_cmd_draw) each record the passes of one phase, and the
 * standalone frame (standalone.c: sward_render) is built from the same calls: there is one frame order.
 *
 * Per frame: time, wind, sun, force fields (sw_frame). Per view: camera, frustum, resolution, Hi-Z (sw_view);
 * culling runs per view over the same placed tiles. View 0 is the camera. */
#ifndef SWARD_RENDER_H
#define SWARD_RENDER_H

#include "gpu/gpu.h"
#include "sward/sward_vulkan.h"
#include "place/place.h"
#include "shared/sw_bindings.h"
#include "shared/sw_gbuffer.h"
#include "shared/sw_assets.h"
#include "world/world.h"

struct sward_context {
    gpu_device dev;
};

#define RENDER_HDR_FORMAT VK_FORMAT_R16G16B16A16_SFLOAT
#define RENDER_DEPTH_FORMAT VK_FORMAT_D32_SFLOAT
#define RENDER_LDR_FORMAT VK_FORMAT_R8G8B8A8_UNORM
/* The G-buffer (SH2), in RES_GBUF_ALBEDO .. RES_MOTION order (public: sward_vulkan.h SWARD_GBUFFER_FORMATS). */
#define RENDER_GBUFFER_COUNT 4
extern const VkFormat RENDER_GBUFFER_FORMATS[RENDER_GBUFFER_COUNT];
#define RENDER_MAX_SLOTS 4      /* frames in flight at most */
#define RENDER_MAX_USES 12      /* resources one pass declares */
#define RENDER_MAX_PASSES 32 /* = the bits of render_slot.timed_mask */
/* BX1: with render.raster "auto", the near cascade's casters are rasterised in compute from this many blades
 * (H200, docs/raster.md: compute wins from about 30,000; its fixed cost, the merge into the shadow map, is 0.23 ms) */
#define RENDER_SHADOW_RASTER_MIN_BLADES 30000u
#define RENDER_MAX_PIPES 4
/* A frame slot's counters: sw_cull_stats per view, then the camera's asset draws (their instance counts) */
#define RENDER_STATS_READBACK_BYTES \
    (SW_MAX_VIEWS * sizeof(sw_cull_stats) + SW_MAX_ASSETS * SW_ASSET_MAX_LODS * sizeof(sw_asset_draw))

/* The frame's named resources. Per-view ones exist once per view (index = view). */
typedef enum render_res {
    RES_FRAME,        /* sw_frame, written each frame (transfer) */
    RES_VIEWS,        /* sw_view[SW_MAX_VIEWS], written each frame (transfer) */
    RES_TILES,        /* sw_tile[] of the frame, written each frame (transfer) */
    RES_MASKS,        /* the tile cache: SW_TILE_SLOT_WORDS per slot (placement masks and counts) */
    RES_STATS,        /* sw_cull_stats[SW_MAX_VIEWS] */
    RES_HIZ,          /* per view: the occluders' min/max depth pyramid */
    RES_SURVIVORS,    /* per view: sw_blade[survivor_capacity] */
    RES_TILE_DRAWS,   /* per view: sw_tile_draw per tile */
    RES_DRAWS,        /* per view: sw_draw_cmd[2 * tiles], the hardware path's indirect arguments */
    RES_GBUF_ALBEDO,  /* SH2 G-buffer: albedo (sRGB) and AO */
    RES_GBUF_NORMAL,  /* SH2 G-buffer: octahedral normal, roughness, kind (render_gbuffer_formats) */
    RES_GBUF_MATERIAL,/* SH2 G-buffer: reflectance, translucency amount and diffusion, specular occlusion */
    RES_MOTION,       /* SH2 G-buffer: motion in pixels (terrain; grass writes none: SW_MOTION_NONE) */
    RES_HDR,          /* RGBA16F lit colour (lighting.comp.glsl) */
    RES_DEPTH,        /* standalone: D32 depth; embedded: the host's depth during sward_cmd_cull */
    RES_LDR,          /* standalone: RGBA8 output */
    RES_TAA,          /* SH8: this frame's resolved RGBA16F image (a: samples accumulated); post and bloom read it */
    RES_TAA_HISTORY,  /* SH8: the previous frame's RES_TAA (the two images swap every frame: render_post) */
    RES_BLOOM,        /* PO3: the bloom chain, half resolution down (buffer, like the Hi-Z pyramid) */
    RES_SHADOW,       /* LS2: D32 sun shadow maps, a 2-layer array: layer 0 the near cascade, 1 the mid one */
    RES_SHADOW_FAR,   /* LS2: the far cascade's lit heights, float[size^2] row-major (views[SW_VIEW_FAR]) */
    RES_VISBUF,       /* BX1: the compute rasteriser's visibility buffer, uint64 per pixel (shared/sw_raster.h) */
    RES_MERGED_DEPTH, /* BX1: float per pixel, the nearer of the hardware's and the compute blades' depths */
    RES_SHADOW_CASTERS, /* BX1: uint per texel of the near cascade: its blades' depth, then the merged depth */
    RES_ASSET_CLUSTERS, /* PL8, SC4: sw_cluster[] of the frame (uploaded; asset_place writes counts, heights) */
    RES_ASSET_INSTANCES,/* PL8: sw_instance[SW_CLUSTER_CANDIDATES] per cluster slot (asset_place) */
    RES_ASSET_DRAWN,    /* per view: sw_drawn[], one run per (asset, level) (asset_cull) */
    RES_ASSET_DRAWS,    /* per view: sw_asset_draw per (asset, level), the indirect draws (uploaded, counted) */
    RES_WIND_FIELD,   /* GA3: the wind field around the camera, SW_WIND_FIELD_STRIDE floats per cell (wind_field.c) */
    RES_HDR_OUT,      /* standalone, sward_render_hdr: post's linear input as RGBA32F per pixel (hdr_out.c) */
    RES_COUNT
} render_res;

/* A use of a resource by a pass. A binding >= 0 puts it in the pass's descriptor set 1. */
typedef struct render_use {
    render_res res;
    gpu_access access;
    int binding;           /* SW_* binding in set 1, or -1 (indirect arguments, attachments) */
    VkDescriptorType type; /* of the binding */
    bool discard;          /* the pass overwrites all of it: earlier contents need not be kept */
} render_use;

typedef enum render_phase {
    RENDER_PHASE_PLACE, /* sward_cmd_place: view-independent, per tile */
    RENDER_PHASE_CULL,  /* sward_cmd_cull: per view */
    RENDER_PHASE_AHEAD, /* sward_cmd_cull, after the DRAW phase's barriers: the tiles placed ahead of the camera,
                           overlapping the draws (SC2) */
    RENDER_PHASE_DRAW,  /* sward_cmd_draw: inside a render pass instance (barriers come before it) */
    RENDER_PHASE_RASTER, /* standalone: the compute rasteriser and its depth (BX1), after the depth of the
                            hardware passes (the prime's, or the G-buffer's without one) */
    RENDER_PHASE_SHADOW, /* sward_cmd_shadows: the shadow cascades, each pass its own view (render_pass.view) */
    RENDER_PHASE_POST,  /* after drawing: standalone output */
} render_phase;

typedef struct render_pass_state render_pass_state;

/* A pass: one file under src/render/passes/. */
typedef struct render_pass {
    const char *name;       /* its timestamps' name in sward_frame_stats */
    render_phase phase;
    uint32_t draw_flag;     /* RENDER_PHASE_DRAW: the SWARD_DRAW_* bit that selects it */
    bool standalone_only;   /* needs sward's own targets */
    bool camera_only;       /* a per-view pass that runs for view 0 only (hiz: shadow views have no occluders) */
    uint32_t view;          /* RENDER_PHASE_SHADOW: the view it renders (SW_VIEW_NEAR, _MID, _FAR) */
    uint32_t use_count;
    render_use uses[RENDER_MAX_USES];
    sward_result (*create)(sward_renderer *r, render_pass_state *ps, sward_error *err);
    sward_result (*resize)(sward_renderer *r, render_pass_state *ps, sward_error *err); /* may be NULL */
    void (*destroy)(sward_renderer *r, render_pass_state *ps);                            /* private resources */
    void (*record)(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view);
    bool (*active)(const sward_renderer *r); /* may be NULL (always); false: not run, no barriers, no time */
} render_pass;

/* What graph.c keeps of a pass: its set 1 (one per frame slot and view, rewritten when a resource behind a
 * binding is replaced) and its pipelines; `priv` is the pass's own. */
struct render_pass_state {
    const render_pass *pass;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkDescriptorPool pool;
    VkDescriptorSet sets[RENDER_MAX_SLOTS][SW_MAX_VIEWS];
    uint32_t written[RENDER_MAX_SLOTS][SW_MAX_VIEWS][RENDER_MAX_USES]; /* resource generation per use */
    VkPipeline pipes[RENDER_MAX_PIPES];
    void *priv;
    int timer; /* index of its timestamp pair, -1: not timed */
};

/* A named resource: sward's own buffer or image, or a host image imported for a call. */
typedef struct render_resource {
    gpu_buffer buffer;
    gpu_image image;
    VkImage ext_image;     /* imported host image (RES_DEPTH in sward_cmd_cull) */
    VkImageView ext_view;
    VkImageAspectFlags ext_aspect;
    uint32_t generation;   /* bumped whenever the handle changes */
    /* access tracking (graph.c): the last write, the reads since, the image layout */
    gpu_access last_write;
    uint32_t reads;        /* bit (1 << gpu_access) per read state since the last write */
    VkImageLayout layout;
} render_resource;

/* Per frame slot (frames in flight): what a frame needs of its own until it is done. */
typedef struct render_slot {
    gpu_frame frame;          /* standalone: command buffer and fence */
    gpu_timer timer;
    gpu_stats stats_query;    /* fragment shader invocations of the G-buffer passes (SH1's overdraw) */
    uint32_t timed_mask;      /* which timestamp pairs this slot's frame wrote */
    gpu_buffer stats_readback; /* sw_cull_stats[SW_MAX_VIEWS] of the slot's frame */
    gpu_buffer pixels;        /* standalone: the output image */
    gpu_buffer hdr_pixels;    /* standalone, sward_render_hdr: the linear frame before the tone map (RGBA32F) */
    bool hdr_copied;          /* the slot's frame copied it (hdr_pixels holds this frame's) */
    gpu_buffer upload;        /* the frame's constants, views and tiles, copied to the GPU buffers by the frame */
    gpu_buffer world_upload;  /* issue 10: staging of the streamed world's pages (world_stream.c), once, window-sized */
    uint32_t width, height;   /* of the slot's frame */
    gpu_retired retired;      /* freed when the slot is reused */
    uint64_t ticket;          /* frame number recorded in the slot (0: none) */
    bool counted;             /* its counters have been read (growth, last_stats) */
    bool stats_copied;        /* its frame copied the counters into stats_readback */
    bool shadow_compute;      /* BX1: the frame rasterises the near cascade's casters in compute (shadow_raster.c) */
    uint32_t tile_count, tiles_in_range;
    place_cache_stats cache;  /* SC1: the frame's tile cache work */
    uint32_t tiles_cached;
    bool teleport;
    double cpu_ms;
    double cpu_tiles_ms; /* of it: choosing tiles, the cache, the clusters (render_place) */
    sward_frame_stats stats;  /* the slot's frame's counters and times, once counted */
} render_slot;

/* One view of the frame (view 0: the camera). */
typedef struct render_view {
    sward_vulkan_view vk;     /* the host's (or the scene's) camera */
    sw_view constants;
    uint32_t survivor_capacity;
    uint32_t hiz_w0, hiz_h0, hiz_levels; /* the pyramid's level 0 and levels (hiz.c) */
    float unjittered_view_proj[16];      /* SH8: view_proj without this frame's jitter */
} render_view;

/* SH8: the TAA history of the camera view (view 0) and the jitter sequence. */
typedef struct render_taa {
    bool valid;              /* the history holds a frame (written by the taa pass) */
    uint32_t width, height;  /* the history's size */
    float eye[3];            /* the history's camera position (cuts) */
    float view_proj[16];     /* the history's unjittered view_proj */
    sw_frame constants;      /* the history's frame constants (frame_index, tile_count 0): time, sun, ... */
    uint32_t content;        /* the history's render_taa_content: what the frame leaves out (tests, comparisons) */
    uint32_t frame;          /* frames since the history was reset: the jitter's index in the sequence */
    bool reset;              /* this frame starts a new history */
    uint32_t generation;     /* for the swapped images' descriptors */
} render_taa;
/* LS2-LS4: the sun's shadow cascades (cascades.c fits them, shadows.c owns their resources). */
#define RENDER_SHADOW_SIZE 2048u      /* texels per side of each shadow-map layer (HZD: 2048) */
#define RENDER_SHADOW_NEAR_END 8.0f   /* m from the eye: the near cascade */
#define RENDER_SHADOW_MID_END 80.0f   /* m: the mid cascade */
#define RENDER_SHADOW_FADE 0.12f      /* the last 12 % of a cascade's range cross-fades into the next */
#define RENDER_SHADOW_FAR_EXTENT 1536.0f /* m, side of the far lit-height map (clamped to the terrain) */
#define RENDER_SHADOW_FAR_MAX 1024u   /* its texels per side at most (1.5 m texels over 1.5 km) */
#define RENDER_SHADOW_FAR_SNAP 64u    /* its origin moves in steps of this many texels (recomputed then) */

typedef struct render_shadows {
    bool on;                  /* SW_FEAT_SHADOWS and the sun above the horizon: views 1-3 are the cascades */
    float y_min, y_max;       /* m: the terrain's heights; y_max + caster: the tallest blade above it */
    float caster;             /* m: the tallest blade of the scene's types */
    float far_side, far_texel; /* m: the far map's side and texel (>= the height field's cell) */
    uint32_t far_size;        /* texels per side */
    VkImageView layers[2];    /* RES_SHADOW: one view per layer, to render into */
    float far_key[5];         /* what the far map was last computed for: origin x, z and the sun */
    bool far_valid;           /* far_key describes the buffer's content (cleared when it is replaced) */
    uint32_t far_updates;     /* times the far map was computed (tests, stats: it is cached) */
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
    sw_cluster *clusters;            /* this frame's */
    size_t clusters_max;
    uint32_t cluster_count;
    uint32_t per_asset[WORLD_MAX_ASSETS];  /* clusters of each asset this frame */
    sw_asset_draw draws[RENDER_ASSET_VIEWS][SW_MAX_ASSETS * SW_ASSET_MAX_LODS]; /* this frame's, reset */
    uint32_t drawn_total;            /* room of each view's drawn list */
} render_assets;

struct sward_renderer {
    sward_context *ctx;
    const sward_scene *scene;
    bool standalone;          /* sward's own targets, post pass and readback (sward_render) */
    bool draw_terrain;
    uint32_t width, height;   /* standalone: the targets; embedded: this frame's view */
    VkFormat depth_format;

    render_resource res[RES_COUNT][SW_MAX_VIEWS];
    VkSampler sampler;        /* nearest, clamp: depth reads */

    /* index buffers shared by the passes that draw the same geometry (depth prime, G-buffer, shadows) */
    gpu_buffer terrain_indices, blade_indices;
    uint32_t terrain_index_count;

    /* the scene set (set 0) */
    gpu_buffer material_buf, height_buf, type_map_buf, grass_height_buf;
    gpu_buffer area_buf; /* set 0: SW_BIND_AREAS (PL2 density areas) */
    VkDescriptorSetLayout scene_layout;
    VkDescriptorPool scene_pool;
    VkDescriptorSet scene_set;

    render_pass_state passes[RENDER_MAX_PASSES];
    uint32_t pass_count;
    uint32_t timed_count;

    render_slot slots[RENDER_MAX_SLOTS];
    uint32_t slot_count, slot;  /* frames in flight; the slot being (or last) recorded */
    uint64_t frames;            /* frames started */
    uint64_t world_generation;  /* issue 10: +1 each time the streamed world's window moves (world_stream.c) */

    sw_frame frame;             /* this frame's constants */
    render_sky_cache sky_cache;
    render_view views[SW_MAX_VIEWS];
    uint32_t view_count;        /* views with constants: 1, or 3 with shadows (camera, near, mid; far is view 3) */
    uint32_t blade_views;       /* views that cull and draw blades: the camera, and the near cascade */
    render_shadows shadows;
    place_tile_index tile_index; /* which tiles can hold blades at all (built once; place_choose_tiles_indexed) */
    sw_tile *tiles;             /* host copy of this frame's tiles (tiles_bound entries) */
    place_cache cache;          /* SC1: which slot of RES_MASKS holds which placed tile */
    sw_tile *place_tiles;       /* this frame's tiles to place: now, then ahead (place_cache_frame) */
    size_t place_tiles_cap;
    uint32_t place_now, place_ahead;
    bool cache_primed;          /* a frame has placed tiles (the next is no teleport unless the camera jumps) */
    float cache_eye[3];         /* the last frame's eye */
    uint64_t cache_world_generation; /* world_generation the cache last saw (tiles left out at the windows' edge) */
    size_t tiles_bound;
    uint32_t tile_count, tiles_in_range, tile_capacity; /* tile_count: the camera's (view 0's) tiles */
    uint32_t tile_list_capacity; /* of RES_TILES: the views' tiles and the tiles placed */
    uint32_t tile_total;        /* the frame's tiles: the camera's, then the near shadow cascade's */
    size_t tiles_max;           /* entries of `tiles` (tiles_bound, twice that with shadows) */
    bool culled;                /* this frame's views have been culled */
    bool no_lod_fade;           /* this frame's sward_frame_desc.no_lod_fade (SW_FLAG_NO_LOD_FADE) */
    bool no_cull;               /* this frame's sward_frame_desc.no_culling */
    bool no_grass;              /* this frame's sward_frame_desc.no_grass */
    bool no_fade, no_morph;     /* this frame's sward_frame_desc.no_fade, .no_morph (SW_FLAG_NO_FADE, _NO_MORPH) */
    bool count_shading;         /* this frame's sward_frame_desc.count_shading (SW_FLAG_COUNT_SHADING) */
    bool hdr_wanted;            /* sward_render_hdr: the frame also reads back its linear HDR image (hdr_out.c) */
    world_raster raster;        /* BX1: the rasteriser in use (render.raster, resolved: auto without the
                                   compute path's device features or with a host's targets is hardware) */
    uint32_t near_blades;       /* BX1: blades the near shadow cascade drew in the last frame collected */
    bool history_incomplete;    /* a frame since the last TAA warm-up began dropped blades in some view */
    uint64_t last_counted;      /* ticket of the newest frame whose counters were read */
    render_taa taa;             /* SH8 */
    uint32_t sized_features;    /* the SW_FEAT_* bits the passes' resources were last sized for */
    uint32_t bloom_w0, bloom_h0, bloom_levels; /* PO3: the chain's level 0 (half the render size) and levels */
    render_assets assets;       /* PL8: the mesh assets */
};

/* ---- assets.c: the mesh assets (PL8, SC4, AS1, AS2, LS3) ---- */
sward_result render_assets_create(sward_renderer *r, sward_error *err);
void render_assets_destroy(sward_renderer *r);
/* AS3, AS5 (asset_textures.c): the texture sets and every asset's impostor into r->assets.texture_buf; fills each
 * asset's impostor_offset and impostor_depth. `chains`: the assets' LOD chains (struct asset_chain[count]). */
struct asset_chain;
sward_result render_asset_textures(sward_renderer *r, const struct asset_chain *chains, sward_error *err);
/* The frame's clusters around the eye and every view's draws reset; grows the lists. */
sward_result render_assets_frame(sward_renderer *r, const float eye[3], sward_error *err);
VkDeviceSize render_assets_upload_bytes(const sward_renderer *r);
/* Copies the clusters and the draws from the frame's upload buffer (at `at`) into their GPU buffers. */
void render_assets_upload(sward_renderer *r, VkCommandBuffer cmd, gpu_buffer *upload, VkDeviceSize at);
/* One workgroup per cluster of the frame (asset_place, asset_cull): pipeline 0, the pass's sets, the dispatch. */
void render_dispatch_clusters(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view);
/* LS3: the assets' casters of a cascade (asset_draw.c): near animated and alpha-tested, mid at rest. */
sward_result render_asset_shadow_pipeline(sward_renderer *r, render_pass_state *ps, uint32_t view, VkPipeline *out,
                                          sward_error *err);
/* Draws the cascade's asset casters with `pipe` (inside the cascade's rendering). */
void render_shadow_assets(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view, VkPipeline pipe);
/* Tests: one frame placed and culled, and what the asset passes wrote (standalone.c). */
typedef struct render_asset_readback {
    sw_cluster *clusters;   /* cluster_count, with the counts and heights asset_place wrote */
    sw_instance *instances; /* SW_CLUSTER_CANDIDATES per cluster slot */
    sw_asset_draw draws[RENDER_ASSET_VIEWS][SW_MAX_ASSETS * SW_ASSET_MAX_LODS];
    sw_drawn *drawn;        /* the camera's list (drawn_total entries; each draw's run from first_instance) */
    uint32_t cluster_count, drawn_total;
    sw_view views[SW_MAX_VIEWS];
    sward_frame_stats stats; /* the frame's counters */
} render_asset_readback;
sward_result render_read_assets(sward_renderer *r, const sward_frame_desc *frame, render_asset_readback *out,
                               sward_error *err);
void render_asset_readback_free(render_asset_readback *rb);
/* The view's asset draws (indexed, indirect): its pipeline and sets bound by the caller. */
void render_draw_assets(sward_renderer *r, VkCommandBuffer cmd, uint32_t view);

/* ---- passes.c: the frame's pass list, in frame order ---- */
extern const render_pass *const RENDER_PASSES[];
extern const uint32_t RENDER_PASS_COUNT;

/* ---- graph.c ---- */
sward_result render_graph_create(sward_renderer *r, sward_error *err);
sward_result render_graph_resize(sward_renderer *r, sward_error *err);
void render_graph_destroy(sward_renderer *r);
/* Records the barriers that bring every resource `use`s name to its declared access (merged into one
 * vkCmdPipelineBarrier2), then the pass between its two timestamps. */
void render_run(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view);
/* Whether a pass runs in this renderer: sward's own targets if it needs them, and its active() if it has one. */
bool render_pass_runs(const sward_renderer *r, const render_pass *p);
/* Runs every pass of a phase (for the views given, per-view passes once each). */
void render_run_phase(sward_renderer *r, render_phase phase, VkCommandBuffer cmd, uint32_t view);
/* The barriers only: for passes recorded inside a render pass instance (RENDER_PHASE_DRAW), which cannot
 * have barriers of their own. */
void render_prepare(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view);
void render_prepare_phase(sward_renderer *r, render_phase phase, uint32_t draw_flags, VkCommandBuffer cmd,
                          uint32_t view);
/* A use outside any pass (uploads, copies): barrier and tracking. */
void render_access(sward_renderer *r, VkCommandBuffer cmd, render_res res, uint32_t view, gpu_access access,
                   bool discard);
/* Brings an imported image to `access` but in the host's `layout` (handing it back). */
void render_release(sward_renderer *r, VkCommandBuffer cmd, render_res res, uint32_t view, gpu_access access,
                    VkImageLayout layout);
/* Binds set 0 and the pass's set 1 for `view` (rewriting it first if a resource behind it was replaced) and
 * pushes the view index. */
void render_bind(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, VkPipelineBindPoint point,
                 uint32_t view, const sw_push *push);
/* The record of a compute pass with one workgroup per tile (place, cull): its pipeline 0, its sets, the
 * dispatch; nothing when the frame has no tiles. */
void render_record_per_tile(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view);
/* One workgroup per tile, the tiles beyond the 65535 workgroups a dimension allows in y. */
void render_dispatch_tiles(sward_renderer *r, VkCommandBuffer cmd, uint32_t tiles);
/* The record of a compute pass with one 8 x 8 workgroup per 8 x 8 pixels of the frame (lighting, taa, post). */
void render_record_per_pixel(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view);
/* Replaces a named buffer (the old one is freed when the current slot comes round again). */
sward_result render_buffer_replace(sward_renderer *r, render_res res, uint32_t view, VkDeviceSize size,
                                   VkBufferUsageFlags usage, gpu_memory mem, const char *name, sward_error *err);
void render_image_replace(sward_renderer *r, render_res res, uint32_t view, gpu_image *img);
VkImageView render_image_view(const sward_renderer *r, render_res res, uint32_t view);
/* Creates a graphics pipeline (the pass's layout) for sward's colour and depth formats. */
sward_result render_graphics_pipeline(sward_renderer *r, render_pass_state *ps, gpu_graphics_desc *d,
                                      VkPipeline *out, sward_error *err);
sward_result render_compute_pipeline(sward_renderer *r, render_pass_state *ps, const uint32_t *code, size_t bytes,
                                     const char *name, VkPipeline *out, sward_error *err);

/* ---- frame.c: the entry points' shared parts ---- */
/* Starts a frame in the next slot: reads the counters of the frame that last used it, frees what it
 * retired, grows lists that overflowed, resets its timestamps. */
sward_result render_begin_frame(sward_renderer *r, VkCommandBuffer cmd, sward_error *err);
/* The frame's constants, its tiles and the placement (the body of sward_cmd_place). */
sward_result render_place(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view, bool occlusion,
                          sward_error *err);
/* The POST phase: TAA (its history and output swap first), bloom, post. `history_only`: only the TAA pass
 * (sward_render's warm-up frames, which are not shown). */
void render_post(sward_renderer *r, VkCommandBuffer cmd, bool history_only);
/* Copies the views' counters into the slot's readback buffer. */
void render_copy_stats(sward_renderer *r, VkCommandBuffer cmd);
/* Reads a completed slot's counters and times into s->stats and grows the survivor lists that overflowed. */
sward_result render_collect(sward_renderer *r, render_slot *s, sward_error *err);
/* Issue 10 (world_stream.c): recentres a streamed world's windows on the eye and records the copies of the pages
 * that changed (from the slot's staging, before the PLACE passes); nothing for a resident world. */
sward_result render_world_update(sward_renderer *r, VkCommandBuffer cmd, const float eye[3], sward_error *err);
/* Is the world box [x0, x1] x [z0, z1] wholly inside the current window (always for a resident world)? The tile
 * cache evicts placed tiles that are not. */
bool render_world_window_holds(const sward_renderer *r, double x0, double z0, double x1, double z1);
/* Device bytes of the world's buffers (heights, type map, grass height): constant for a streamed world. */
uint64_t render_world_bytes(const sward_renderer *r);
/* The world's buffers now hold the CPU windows (renderer.c after creating them): no page waits for a copy. */
void render_world_uploaded(sward_renderer *r);

/* ---- standalone.c ---- */
/* Tests: the depth buffer of the last standalone frame (width x height floats, reverse-Z). */
sward_result render_read_depth(sward_renderer *r, float *out, sward_error *err);

/* ---- renderer.c ---- */
/* The standalone targets for the current size (the old ones retired). */
sward_result render_targets_resize(sward_renderer *r, sward_error *err);

/* ---- lists.c: the frame's lists and their growth ---- */
sward_result render_lists_create(sward_renderer *r, sward_error *err);
sward_result render_ensure_tiles(sward_renderer *r, uint32_t view_tiles, uint32_t all_tiles, sward_error *err);
sward_result render_ensure_survivors(sward_renderer *r, uint32_t view, uint64_t needed, sward_error *err);
/* Grows like render_ensure_survivors, and shrinks a list half as large again as a completed frame needed. */
sward_result render_fit_survivors(sward_renderer *r, uint32_t view, uint64_t needed, sward_error *err);


/* ---- camera.c ---- */
/* The frame's constants (sw_frame) at `time`, with the flags of this frame. */
void render_frame_constants(sward_renderer *r, float time, sw_frame *f);
/* A view's constants (sw_view) and the volume its tiles are chosen for. */
void render_view_constants(const sward_renderer *r, const sward_vulkan_view *v, bool occlusion, sw_view *out,
                           place_view *view);
/* The standalone frame's view with sward_frame_desc's optional eye / target overrides. */
sward_vulkan_view render_frame_view(const sward_renderer *r, const sward_frame_desc *fd);
/* The view's world -> clip without jitter. */
void render_view_proj(const sward_vulkan_view *v, float out[16]);
/* SH8: the frame's comparison switches (no_grass, no_culling, ...) as bits: a history of other ones shows
 * other content and is not used. */
uint32_t render_taa_content(const sward_renderer *r);
/* SH8: the TAA history cannot be used for a frame of `v` (none yet, another size, a camera cut, other
 * content). */
bool render_taa_needs_reset(const sward_renderer *r, const sward_vulkan_view *v);
/* SH8: the sub-pixel jitter of frame `index` of a history: Halton (2, 3), 16 samples, in pixels, in
 * [-0.5, 0.5). */
void render_taa_jitter(uint32_t index, float *jx, float *jy);
#define RENDER_TAA_CUT_M 2.0f   /* an eye that moved more than this since the history's frame is a camera cut */
#define RENDER_TAA_ALPHA 0.1f   /* the current frame's weight once the history has converged */
#define RENDER_TAA_SAMPLES 16u  /* the jitter sequence's length */

/* ---- cascades.c: fitting the shadow cascades (LS2), pure math on the frame's camera ---- */
/* One cascade of a camera: its frustum slice [begin, end] (m of view depth) bounded by a sphere whose radius
 * depends only on the slice's shape (no size change when the camera turns: no shimmer), an orthographic light
 * view along the sun, the sphere's centre snapped to whole texels in light space, and reverse-Z depth (1
 * toward the sun) over every terrain point and caster in the box's column. */
typedef struct render_cascade_desc {
    float view[16], proj[16]; /* the camera: world -> view, view -> clip (column-major) */
    float eye[3];             /* the camera's position */
    float sun[3];             /* towards the sun, normalised, above the horizon */
    float begin, end;         /* m: the slice of the camera's view depth */
    uint32_t size;            /* texels per side */
    float y_min, y_max;       /* m: the lowest receiver, the highest caster (terrain max + tallest blade) */
} render_cascade_desc;
/* Fills view_proj, inv_view_proj, frustum (the box's 6 planes), width, height, shadow_texel and
 * shadow_depth_range; the rest of *out is left as it was. */
void render_cascade_fit(const render_cascade_desc *d, sw_view *out);
/* The sphere around the slice [n, f] of a frustum with half-extents tan_x, tan_y: its centre's distance
 * along the view axis and its radius. */
void render_slice_sphere(float tan_x, float tan_y, float n, float f, float *centre, float *radius);
/* The light-space basis of a sun direction: right (horizontal), up, and the direction itself. */
void render_light_basis(const float sun[3], float right[3], float up[3]);
/* Views 1-3 of the frame from view 0 (the camera) when r->shadows.on, else zeroes them. */
void render_shadow_views(sward_renderer *r);
/* Gribb-Hartmann planes of clip-space -w <= x, y <= w, 0 <= z <= w (camera.c). */
void render_frustum_planes(const float vp[16], float out[24]);

/* ---- shadows.c: the cascades' resources ---- */
sward_result render_shadows_create(sward_renderer *r, sward_error *err);
void render_shadows_destroy(sward_renderer *r);
/* Test-only (like sward_read_blades): renders one frame (place, cull, shadows) and copies back the shadow
 * map's two layers (2 x RENDER_SHADOW_SIZE^2 floats, layer 0 first), the far map (far_size^2 floats) and
 * the frame's views. */
sward_result render_read_shadows(sward_renderer *r, const sward_frame_desc *frame, float *layers, float *far,
                                 sw_view views[SW_MAX_VIEWS], sward_error *err);

/* ---- passes (src/render/passes/) ---- */
extern const render_pass render_pass_wind_field;
/* wind_field.c, tests only: copies the last frame's wind field (WIND_FIELD_FLOATS floats, src/wind/wind.h) into
 * out; the frame's time and grid origin are in r->frame. */
sward_result render_read_wind_field(sward_renderer *r, float *out, sward_error *err);
extern const render_pass render_pass_place;
extern const render_pass render_pass_place_ahead;
extern const render_pass render_pass_terrain_depth;
extern const render_pass render_pass_terrain;
extern const render_pass render_pass_hiz;
extern const render_pass render_pass_cull;
extern const render_pass render_pass_draw_args;
extern const render_pass render_pass_grass_depth;
extern const render_pass render_pass_grass;
extern const render_pass render_pass_raster;
/* raster.c, for the compute rasterisers (the camera's, the near cascade's): clears `target` (a buffer) and
 * dispatches SW_RASTER_BATCHES workgroups per tile of the view; copies a buffer of floats into layer 0 of a
 * depth image. */
void render_raster_blades(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view, render_res target);
void render_copy_depth(sward_renderer *r, VkCommandBuffer cmd, render_res from, render_res depth, uint32_t w, uint32_t h);
extern const render_pass render_pass_raster_merge;
extern const render_pass render_pass_resolve;
extern const render_pass render_pass_lighting;
extern const render_pass render_pass_taa;
extern const render_pass render_pass_bloom;
extern const render_pass render_pass_post;
extern const render_pass render_pass_hdr_out;
/* RES_HDR_OUT for the current size (hdr_out.c); created on first use. */
sward_result render_hdr_out_ensure(sward_renderer *r, sward_error *err);
extern const render_pass render_pass_shadow_near;
extern const render_pass render_pass_shadow_raster;
extern const render_pass render_pass_shadow_merge;
/* BX1: the near cascade's blades are rasterised in compute (shadow_raster.c), not by shadow_near's draws. */
bool render_shadow_casters_compute(const sward_renderer *r);
extern const render_pass render_pass_shadow_mid;
extern const render_pass render_pass_shadow_far;
extern const render_pass render_pass_asset_place;
extern const render_pass render_pass_asset_cull;
extern const render_pass render_pass_asset_depth;
extern const render_pass render_pass_asset_gbuffer;

/* grass.c: the blades' shared index pattern (a buffer of the caller's), and the indirect draws of a view's
 * survivors with it (inside a render pass instance, pipeline and sets bound). */

/* shadows.c: the sub-grid of the terrain mesh (first vertex i, j and quads across, down) that covers a shadow
 * view's column between the terrain's lowest point and its highest caster; records its draw (6 vertices a
 * quad, shadow_terrain.vert.glsl) with the pass's pipeline bound. */
void render_shadow_terrain(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view,
                           uint32_t stride);
/* shadows.c: begins dynamic rendering into one layer of RES_SHADOW (cleared), viewport and scissor set. */
void render_shadow_begin(sward_renderer *r, VkCommandBuffer cmd, uint32_t layer);
/* shadows.c: a depth-only pipeline for a shadow view (specialised to it; constant 1 = `impostor`); with no
 * vertex shader in *d, the terrain's (shadow_terrain.vert.glsl). */
sward_result render_shadow_pipeline(sward_renderer *r, render_pass_state *ps, gpu_graphics_desc *d, uint32_t view,
                                    bool impostor, VkPipeline *out, sward_error *err);

/* terrain.c: the ground mesh's vertex stride and side for a height field of `res` samples per side. */
void render_terrain_mesh(int res, int *step, int *mesh);
/* terrain.c, grass.c: the index buffers of the ground grid and of the blade patterns (r->*_indices). */
sward_result render_terrain_indices(sward_renderer *r, sward_error *err);
sward_result render_blade_indices(sward_renderer *r, sward_error *err);
/* grass.c: the view's blades (its run of tiles' indirect draws, with the renderer's blade index pattern), for
 * every pass that draws them, after it has bound its pipeline and sets. */
void render_draw_blades(sward_renderer *r, VkCommandBuffer cmd, uint32_t view);
/* Whether this frame primes depth (SH1, render.features.depth_prime): the G-buffer passes then test EQUAL. */
bool render_depth_primed(const sward_renderer *r);

/* hiz.c: the pyramid's size for a render size (level 0 is half of it, rounded up). */
void render_hiz_size(uint32_t width, uint32_t height, uint32_t *w0, uint32_t *h0, uint32_t *levels);

#endif
