/* pass.h — what a pass sees (the doorway of src/render/passes/): the renderer's state by lifetime, read-only,
 * the view it runs for, its resources' handles through the graph, its pipelines and its own state. Never the
 * renderer: a pass cannot read or steer another pass's state. The state it reads, each with one writer:
 *   render_config  fixed at creation and resize (config.c): kind, raster path, device limits, assets, shadow
 *                  maps, shared geometry, size, features; a pass declares what it needs of it (render_pass.needs)
 *   render_plan    this frame's decisions, as values (plan.c): the shadows, the raster paths, the depth prime,
 *                  warm-up, HDR read-back, TAA reset, which views each pass runs for
 *   render_work    this frame's work (setup.c): the constants, tiles, placements, clusters, the ground's patches
 * The histories (what earlier frames left: history.h) reach passes only through the plan's decisions and their
 * GPU resources.
 *
 * A pass is one file under src/render/passes/ and one line in passes.c (RENDER_PASSES, frame order). It declares
 * its phase (which entry point records it), what it reads and writes (render_use: graph.c derives its barriers
 * and descriptor set 1 from them, and checks in debug builds that it touches nothing else), and its callbacks.
 * This header must not include render.h. */
#ifndef SWARD_RENDER_PASS_H
#define SWARD_RENDER_PASS_H

#include "gpu/gpu.h"
#include "render/terrain_lod.h"
#include "sward/sward_vulkan.h"
#include "shared/sw_bindings.h"
#include "shared/sw_gbuffer.h"
#include "shared/sw_assets.h"
#include "world/world.h"

#define RENDER_HDR_FORMAT VK_FORMAT_R16G16B16A16_SFLOAT
#define RENDER_DEPTH_FORMAT VK_FORMAT_D32_SFLOAT
#define RENDER_LDR_FORMAT VK_FORMAT_R8G8B8A8_UNORM
/* The G-buffer (SH2), in RES_GBUF_ALBEDO .. RES_MOTION order (public: sward_vulkan.h SWARD_GBUFFER_FORMATS). */
#define RENDER_GBUFFER_COUNT 4
extern const VkFormat RENDER_GBUFFER_FORMATS[RENDER_GBUFFER_COUNT];
#define RENDER_MAX_SLOTS 4      /* frames in flight at most */
#define RENDER_MAX_USES 12      /* resources one pass declares */
/* The uses of a compute resolve into the G-buffer (BX1's blades, BX6's ground; shared/sw_bindings.h
 * SW_RESOLVE_*): the counters, the hardware passes' depth, the four targets written as storage images (6 uses). */
#define RENDER_RESOLVE_USES                                                                                       \
    {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_RASTER_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},        \
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_RESOLVE_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,    \
         0},                                                                                                 \
        {RES_GBUF_ALBEDO, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_ALBEDO, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0}, \
        {RES_GBUF_NORMAL, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_NORMAL, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0}, \
        {RES_GBUF_MATERIAL, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_MATERIAL, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,     \
         0},                                                                                                 \
        {RES_MOTION, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_MOTION, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0}
#define RENDER_MAX_INSIDE 4     /* uses a pass makes inside itself (render_pass.inside) */
#define RENDER_MAX_PIPES 4
#define RENDER_SHADOW_SIZE 2048u /* the largest render.shadow_size (render_config.shadow_size: the renderer's) */

/* The frame's named resources, declared by spec in resources.c (RENDER_RESOURCES: name, per view, format, usage,
 * size class, history partner). Per-view ones exist once per view (index = view). */
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
    RES_MOTION,       /* SH2 G-buffer: motion in pixels (terrain, blades and mesh assets: their own and the camera's) */
    RES_HDR,          /* RGBA16F lit colour (lighting.comp.glsl) */
    RES_DEPTH,        /* standalone: D32 depth; embedded: the host's depth during sward_cmd_cull */
    RES_LDR,          /* standalone: RGBA8 output */
    RES_TAA,          /* SH8: this frame's resolved RGBA16F image (a: samples accumulated); post and bloom read it */
    RES_TAA_HISTORY,  /* SH8: the previous frame's RES_TAA (history partners swap every frame: render_post) */
    RES_BLOOM,        /* PO3: the bloom chain, half resolution down (buffer, like the Hi-Z pyramid) */
    RES_SHADOW,       /* LS2: D32 sun shadow maps, a 2-layer array: layer 0 the near cascade, 1 the mid one */
    RES_SHADOW_FAR,   /* LS2: the far cascade's lit heights, float[size^2] row-major (views[SW_VIEW_FAR]) */
    RES_VISBUF,       /* BX1: the compute rasteriser's visibility buffer, uint64 per pixel (shared/sw_raster.h) */
    RES_MERGED_DEPTH, /* BX1: R32F image, the nearer of the hardware's and the compute blades' depths (raster_merge) */
    RES_SHADOW_CASTERS, /* BX1: uint per texel of the near cascade: its blades' depth, then the merged depth */
    RES_ASSET_CLUSTERS, /* PL8, SC4, SC1: sw_cluster[] of the cache's slots (asset_place writes them), then the frame's
                           clusters and those it places (uploaded) */
    RES_ASSET_INSTANCES,/* PL8, SC1: sw_instance[SW_CLUSTER_CANDIDATES] per cluster slot (asset_place), kept */
    RES_ASSET_DRAWN,    /* per view: sw_drawn[], one run per (asset, level) (asset_cull) */
    RES_ASSET_DRAWS,    /* per view: sw_asset_draw per (asset, level), the indirect draws (uploaded, counted) */
    RES_WIND_FIELD,   /* GA3: the wind field around the camera, SW_WIND_FIELD_STRIDE floats per cell (wind_field.c) */
    RES_HDR_OUT,      /* standalone, sward_render_hdr: post's linear input as RGBA32F per pixel (hdr_out.c) */
    RES_TERRAIN_PATCHES, /* sw_terrain_patch[] the views draw, written each frame (work.terrain) */
    RES_SHADOW_LIT,   /* the near and mid ranges' lit heights, vec2 (ground, impostor) per texel (shadow_lit) */
    RES_HIZ_HISTORY,  /* SC3: the camera's RES_HIZ of the previous frame (ground and assets; asset_cull_late) */
    RES_ASSET_LATE_DRAWS, /* SC3: sw_asset_draw per (asset, level), the camera's second-phase draws */
    RES_ASSET_DEFERRED, /* SC3: the camera's instances phase 1 deferred, and phase 2's dispatch */
    RES_ASSET_ID,     /* BX6: RG32UI, the mesh assets' visibility buffer: drawn instance + 1, triangle (asset_id.frag) */
    RES_RASTER_WORK,  /* per view: the compute rasteriser's work lists and dispatches (draw_args; sw_raster.h) */
    RES_EXPOSURE,     /* PO4: sw_exposure_state, the adapted exposure kept from frame to frame and the histogram */
    RES_COUNT
} render_res;

/* render_use.flags (0: none). One field, so that every use's initializer names all of the struct's fields. */
#define RENDER_USE_DISCARD 1u     /* the pass overwrites all of it: earlier contents need not be kept */
#define RENDER_USE_FRAME_DEPTH 2u /* res is RES_DEPTH read as the frame's depth: where the compute rasteriser draws
                                     (render_config.raster_compute) the merged depth is read in its place
                                     (RES_MERGED_DEPTH, sampled: the hardware's and the compute blades' nearer) */

/* A use of a resource by a pass. A binding >= 0 puts it in the pass's descriptor set 1. */
typedef struct render_use {
    render_res res;
    gpu_access access;
    int binding;           /* SW_* binding in set 1, or -1 (indirect arguments, attachments, copies) */
    VkDescriptorType type; /* of the binding */
    uint32_t flags;        /* RENDER_USE_* */
} render_use;

/* sward's own draw flag beside the public SWARD_DRAW_* ones: the assets' depth prime before the blades' culling
 * (render_plan.assets_occlude), in sward_cmd_cull's own render pass instance; a host's sward_cmd_draw never
 * selects it. */
#define RENDER_DRAW_OCCLUDERS (1u << 16)
/* ... and the second phase of their culling (SC3: what the previous frame's pyramid hid and this frame's does not),
 * after RENDER_PHASE_CULL (render_plan.hiz_history) */
#define RENDER_DRAW_OCCLUDERS_LATE (1u << 17)

typedef enum render_phase {
    RENDER_PHASE_PLACE, /* sward_cmd_place: view-independent, per tile */
    RENDER_PHASE_OCCLUDERS, /* sward_cmd_cull, render_plan.assets_occlude: the camera's Hi-Z of the ground's depth
                               and its asset culling against it; then the assets' depth prime
                               (RENDER_DRAW_OCCLUDERS), before RENDER_PHASE_CULL builds the Hi-Z again */
    RENDER_PHASE_CULL,  /* sward_cmd_cull: per view (render_pass.views) */
    RENDER_PHASE_HISTORY, /* sward_cmd_cull, render_plan.assets_occlude: after the CULL phase and the second phase's
                             occluders (RENDER_DRAW_OCCLUDERS_LATE): the camera's pyramid for the next frame */
    RENDER_PHASE_AHEAD, /* sward_cmd_cull, after the DRAW phase's barriers: the tiles placed ahead of the camera,
                           overlapping the draws (SC2) */
    RENDER_PHASE_DRAW,  /* sward_cmd_draw: inside a render pass instance (barriers come before it) */
    RENDER_PHASE_SHADOW, /* sward_cmd_shadows: the shadow cascades, each pass its own view (render_pass.view) */
    RENDER_PHASE_POST,  /* sward_cmd_post, after drawing: the compute rasteriser (BX1) and the resolves into the
                           G-buffer (BX6), lighting, TAA, bloom, tone map */
} render_phase;

/* Which views a CULL pass runs for (render_plan.cull_views, .asset_views). */
typedef enum render_views {
    RENDER_VIEWS_BLADES, /* every view that culls blades: the camera and, with shadows, the near cascade */
    RENDER_VIEWS_CAMERA, /* the camera only (hiz: shadow views have no occluders) */
    RENDER_VIEWS_ASSETS, /* every view that draws mesh assets: the camera and, with shadows, the near and mid ones */
} render_views;

/* The shared geometry the renderer made once (index patterns, the shadow layers' views). */
typedef struct render_geometry {
    VkBuffer terrain_indices;     /* the ground's patch grid (terrain.c: SW_TERRAIN_PATCH^2 quads) */
    uint32_t terrain_index_count;
    VkBuffer blade_indices;       /* the blade patterns (grass.c) */
    VkBuffer asset_indices;       /* the mesh assets' indices (assets.c) */
    VkImageView shadow_layers[2]; /* RES_SHADOW: one view per layer, to render into */
    float terrain_y_min, terrain_y_max; /* m: the ground's lowest and highest points (its patches' boxes) */
    const render_terrain_bounds *terrain_bounds; /* each patch's heights (terrain_lod.h), or NULL (streamed: the
                                                    range above) */
    uint32_t max_groups_x;        /* the device's workgroups in x */
    uint32_t max_draw_indirect;   /* the device's draws per indirect call */
} render_geometry;

/* The comparison switches of a standalone frame (tests, comparisons: sward_frame_debug; no_grass: the desc's). */
typedef struct render_switches {
    bool no_grass, no_cull, no_lod_fade, no_fade, no_morph, no_terrain_lod, count_shading;
    bool no_occlusion, no_asset_occluders; /* the desc's no_occlusion; the debug switch */
    bool ground_fragment;      /* the ground's G-buffer by its fragment pass, not terrain_resolve */
    bool asset_fragment;       /* the mesh assets' G-buffer by their fragment pass, not asset_resolve */
    bool asset_casters_drawn;  /* the mesh assets' near casters drawn by shadow_near, not by shadow_assets */
    bool no_motion;            /* blades and assets write the camera's motion alone (SW_FLAG_NO_MOTION) */
} render_switches;

/* The ground each view draws this frame (setup.c setup_work): the patches of the CDLOD quadtree (terrain_lod.h)
 * in view v's clip volume are patches[first[v], first[v] + count[v]), the views' runs one after another
 * (uploaded to RES_TERRAIN_PATCHES; each view's is one instanced draw); their triangles (SWARD_VIEW_*). */
typedef struct render_terrain_draws {
    sw_terrain_patch *patches; /* capacity, for all the views */
    uint32_t capacity;
    uint32_t first[SWARD_VIEWS], count[SWARD_VIEWS];
    uint64_t triangles[SWARD_VIEWS];
} render_terrain_draws;

/* What the renderer fixes when it is made, and at a resize (config.c, its only writer): the kind, paths and
 * device's limits, the scene's assets and shadows, the shared geometry, the render size and features the passes'
 * resources follow. A pass's `needs` (RENDER_NEEDS_*) are tested against it once: the graph neither creates nor
 * runs a pass whose needs it lacks. */
typedef struct render_config {
    bool standalone;           /* sward's own targets, post pass and readback (sward_render) */
    bool raster_compute;       /* BX1: render.raster resolved is not "hardware": the compute rasteriser exists */
    bool raster_all;           /* BX1: render.raster "compute": every camera tile in compute */
    bool primitive_id;         /* BX6: the device gives fragments their triangle (gl_PrimitiveID: geometryShader) */
    bool shadow_maps;          /* LS2: the cascades' resources exist (the scene's shadows and sun at creation:
                                  render_config_scene); passes make their shadow pipelines only then */
    uint32_t shadow_size;      /* texels a side of the shadow map's layers, the casters and the lit heights
                                  (render.shadow_size) */
    uint32_t asset_count;      /* the scene's mesh assets */
    uint32_t mid_casters;      /* LS3: the assets (a bit each) tall enough to cast into the mid cascade
                                  (SW_ASSET_MID_CASTER); none: the mid layer is not drawn */
    VkFormat depth_format;     /* the depth the DRAW passes test (the host's with sward_renderer_create_vulkan) */
    render_geometry geo;
    /* the render size and the features the passes' resources follow (render_config_size) */
    uint32_t width, height;    /* standalone: the targets; embedded: this frame's view */
    uint32_t features;         /* SW_FEAT_* */
} render_config;

/* What a target or shadow resource (resources.c), or a pass (render_pass.needs), needs of the config. */
#define RENDER_NEEDS_STANDALONE 1u /* sward's own targets (embedded: the host's) */
#define RENDER_NEEDS_RASTER 2u     /* BX1: the compute rasteriser (render_config.raster_compute) */
#define RENDER_NEEDS_SHADOWS 4u    /* LS2: render_config.shadow_maps */
#define RENDER_NEEDS_TAA 8u        /* SH8: SW_FEAT_TAA (resources only: the features change at a resize) */
#define RENDER_NEEDS_ASSETS 16u    /* PL8: the scene has mesh assets (render_config.asset_count) */
#define RENDER_NEEDS_PRIMITIVE_ID 32u /* BX6: render_config.primitive_id */

static inline bool render_config_meets(const render_config *c, uint32_t needs)
{
    if ((needs & RENDER_NEEDS_STANDALONE) && !c->standalone) return false;
    if ((needs & RENDER_NEEDS_RASTER) && !c->raster_compute) return false;
    if ((needs & RENDER_NEEDS_SHADOWS) && !c->shadow_maps) return false;
    if ((needs & RENDER_NEEDS_TAA) && !(c->features & SW_FEAT_TAA)) return false;
    if ((needs & RENDER_NEEDS_ASSETS) && !c->asset_count) return false;
    if ((needs & RENDER_NEEDS_PRIMITIVE_ID) && !c->primitive_id) return false;
    return true;
}

/* The frame's plan: every decision passes depend on, taken once per frame by plan.c (its only writer) from the
 * config, the scene, the histories and the frame's work, as values; passes only read it. */
typedef struct render_plan {
    /* taken at the frame's start (render_plan_frame), at the view (render_plan_view) and late (render_plan_late) */
    bool shadows;              /* LS2: with shadow_maps, SW_FEAT_SHADOWS now and the sun above the horizon: views
                                  1-3 are the cascades (SW_VIEW_SHADOW: the lookup's one key) */
    uint32_t view_count;       /* views with constants: 1, or 3 with shadows (camera, near, mid; far is view 3) */
    uint32_t blade_views;      /* views that cull and draw blades: the camera, and the near cascade */
    bool depth_prime;          /* SH1: the G-buffer passes test EQUAL against a depth prime */
    bool near_compute;         /* BX1: the rule's choice of the near cascade's casters' path, shadows or not (the
                                  frame's stats) */
    bool shadow_compute;       /* BX1: the near cascade's casters are rasterised in compute (shadow_raster.c) */
    bool shadow_casters;       /* the near cascade's compute casters' buffer is this frame's (shadow_raster clears
                                  it; the lookup reads it: SW_VIEW_CASTERS): blades or assets are in compute */
    uint32_t shadow_assets;    /* the mesh assets (a bit each) whose near casters are rasterised in
                                  compute (shadow_assets), not drawn by shadow_near: the flowers, whose casters
                                  are small alpha-tested cards (measured: docs/raster.md) */
    bool terrain_resolve;      /* BX6: sward's own frame with the prime: the ground's G-buffer in compute
                                  (terrain_resolve), not by the fragment pass (terrain) */
    bool assets_occlude;       /* SC3: the camera's assets are culled against the ground's Hi-Z and their depth
                                  drawn before the blades' culling (RENDER_PHASE_OCCLUDERS; sward_cmd_cull) */
    bool hiz_history;          /* SC3: with assets_occlude, RES_HIZ_HISTORY holds the previous frame's
                                  pyramid of this size, from an eye within RENDER_TAA_CUT_M: the camera's assets
                                  are culled in two phases (asset_cull_camera, asset_cull_late) */
    bool asset_resolve;        /* BX6: with assets_occlude, their prime writes the visibility buffer's id
                                  (RES_ASSET_ID) and their G-buffer is resolved in compute (asset_resolve), not
                                  drawn by the fragment pass (asset_gbuffer) */
    bool shadows_kept;         /* the shadow map holds this frame's near and mid cascades already (a still's next
                                  frame: render_plan_late): shadow_near, shadow_raster, shadow_mid and
                                  shadow_lit rest */
    bool hdr_out;              /* sward_render_hdr: this frame reads back its linear HDR image (hdr_out.c) */
    bool history_only;         /* SH8 warm-up: POST runs only the passes that build the TAA history */
    bool taa_reset;            /* SH8: this frame starts a new TAA history */
    uint32_t taa_frame;        /* SH8: the frame's index in its history (the jitter's, the screen doors') */
    bool motion;               /* SH2: the objects moved since the frame the camera's history is (sw_frame.prev_time is
                                  not its time): the wind field is computed then too (render_plan_view) */
    bool auto_exposure;        /* PO4: the exposure pass meters and adapts this frame (render.exposure "auto", not a
                                  warm-up frame: render_plan_view) */
    render_switches switches;
    uint32_t cull_views;       /* bits of the views RENDER_VIEWS_BLADES passes cull */
    uint32_t asset_views;      /* bits of the views RENDER_VIEWS_ASSETS passes cull */
    uint32_t shadow_layers;    /* LS2: bits of the shadow views whose layer of RES_SHADOW has casters this frame
                                  (render_plan_shadow_layer) */
} render_plan;

/* The frame's work, filled by the setup (setup.c) as it goes: the constants it fills, the tiles, placements,
 * clusters and the ground's patches it chose; `culled` where sward_cmd_cull records the culling. */
typedef struct render_work {
    const sw_frame *frame;     /* this frame's constants */
    const sw_view *view[SW_MAX_VIEWS]; /* this frame's view constants */
    uint32_t tile_count;       /* the camera's (view 0's) tiles */
    uint32_t place_now, place_ahead; /* SC1: tiles to place before culling and ahead (place.c) */
    uint32_t cluster_count;    /* PL8: the frame's asset clusters */
    uint32_t cluster_place;    /* SC1: of the cluster cache, the clusters placed this frame */
    uint32_t asset_room[SW_MAX_ASSETS]; /* each asset's room per run of a view's drawn list (assets.c) */
    bool culled;               /* this frame's views have been culled (the DRAW passes of blades draw) */
    render_terrain_draws terrain; /* the ground's patches each view draws (once the views are known) */
    uint64_t world_uploads;    /* +1 each frame the streamed world uploads heights or maps (world_stream.c) */
} render_work;

/* The views whose blade lists exist (the camera's, and the near cascade's where the cascades' resources do). */
static inline uint32_t render_config_blade_lists(const render_config *c)
{
    return c->shadow_maps ? 2u : 1u;
}

/* LS2: whether a cascade's layer of RES_SHADOW has casters to draw this frame (the ground and the grass
 * impostor cast through the lit heights, shadow_lit.c): the near one the hardware's blades (not with compute
 * casters) or mesh assets (not those in compute either), the mid one mesh assets (plan.c decides:
 * plan.shadow_layers). shadow_near and shadow_mid run only then, and the view's SW_VIEW_LAYER tells the lookup. */
static inline bool render_plan_shadow_layer(const render_plan *p, uint32_t view)
{
    return (p->shadow_layers >> view) & 1u;
}

typedef struct render_graph render_graph;           /* graph.c: resources, sets, barriers (opaque) */
typedef struct render_pass_state render_pass_state; /* graph.c: a pass's sets and pipelines (opaque) */

/* What a pass's callbacks get. */
typedef struct render_pass_ctx {
    const render_config *config; /* fixed at creation and resize */
    const render_plan *plan;   /* this frame's decisions */
    const render_work *work;   /* this frame's work: constants, tiles, placements, clusters, patches */
    const sward_scene *scene;  /* read-only */
    gpu_device *dev;
    uint32_t view;             /* the view it records for (0 at create, resize and destroy) */
    VkPipelineLayout layout;   /* sets 0 and 1, sw_push */
    VkPipeline *pipes;         /* RENDER_MAX_PIPES, destroyed with the pass */
    void *state;               /* the pass's own: render_pass.state_size bytes, zero at creation */
    render_graph *graph;       /* for the helpers below */
    render_pass_state *ps;
} render_pass_ctx;

/* A pass: one file under src/render/passes/. */
typedef struct render_pass {
    const char *name;       /* its timestamps' name in sward_frame_stats */
    render_phase phase;
    uint32_t draw_flag;     /* RENDER_PHASE_DRAW: the SWARD_DRAW_* bit that selects it (or RENDER_DRAW_OCCLUDERS) */
    uint32_t needs;         /* RENDER_NEEDS_* of the config: without them the pass is neither created nor run */
    bool history;           /* RENDER_PHASE_POST: builds the TAA history (runs in the warm-up's frames too) */
    render_views views;     /* RENDER_PHASE_CULL: the views it runs for */
    uint32_t view;          /* RENDER_PHASE_SHADOW: the view it renders (SW_VIEW_NEAR, _MID, _FAR) */
    size_t state_size;      /* bytes of its own state (render_pass_ctx.state) */
    uint32_t use_count;
    render_use uses[RENDER_MAX_USES];
    /* Uses the pass makes itself mid-pass (a clear before a dispatch, a copy after one): not brought to their
     * access before the pass, but by the pass with render_pass_access; declared so that the graph knows them. */
    uint32_t inside_count;
    render_use inside[RENDER_MAX_INSIDE];
    sward_result (*create)(render_pass_ctx *c, sward_error *err);
    sward_result (*resize)(render_pass_ctx *c, sward_error *err); /* may be NULL; the size or features changed */
    void (*destroy)(render_pass_ctx *c);                           /* may be NULL; its private resources */
    void (*record)(render_pass_ctx *c, VkCommandBuffer cmd);
    /* may be NULL (always); false: not run this frame, no barriers, no time. Only the frame's decisions: what
     * the config lacks is the pass's `needs`. */
    bool (*active)(const render_plan *p, const render_work *w);
} render_pass;

/* ---- graph.c: the helpers passes record with ---- */
/* Binds set 0 and the pass's set 1 for the ctx's view (rewriting it first if a resource behind it was
 * replaced) and pushes the view index. */
void render_bind(render_pass_ctx *c, VkCommandBuffer cmd, VkPipelineBindPoint point, const sw_push *push);
/* The record of a compute pass with one workgroup per tile of its view (cull): its pipeline 0, its sets, the
 * dispatch; nothing when the view has no tiles. */
void render_record_per_tile(render_pass_ctx *c, VkCommandBuffer cmd);
/* One workgroup per tile, the tiles beyond the workgroups a dimension allows continuing in y. */
void render_dispatch_tiles(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t tiles);
/* The record of a compute pass with one 8 x 8 workgroup per 8 x 8 pixels of the frame (lighting, taa, post). */
void render_record_per_pixel(render_pass_ctx *c, VkCommandBuffer cmd);
/* A pipeline with the pass's layout: graphics for sward's colour and depth formats, or compute. */
sward_result render_graphics_pipeline(render_pass_ctx *c, gpu_graphics_desc *d, VkPipeline *out, sward_error *err);
sward_result render_compute_pipeline(render_pass_ctx *c, const uint32_t *code, size_t bytes, const char *name,
                                     VkPipeline *out, sward_error *err);
/* The pass's resources (declared in its uses; checked in debug builds) for the ctx's view. */
gpu_buffer *render_pass_buffer(render_pass_ctx *c, render_res res);
bool render_pass_has(render_pass_ctx *c, render_res res); /* the resource exists (embedded: the host's, if given) */
/* Brings a declared resource to `access` inside the pass (a use marked `inside`, or a second access). */
void render_pass_access(render_pass_ctx *c, VkCommandBuffer cmd, render_res res, gpu_access access, bool discard);
/* Replaces a pass-sized buffer of `view` (name and usage: resources.c; the old one freed when the current slot
 * comes round again). */
sward_result render_pass_buffer_replace(render_pass_ctx *c, render_res res, uint32_t view, VkDeviceSize size,
                                        sward_error *err);

/* ---- helpers of several passes ---- */
/* raster.c, for the compute rasterisers (the camera's, the near cascade's): clears `target` (a buffer) and
 * dispatches the view's work lists (draw_args): the row walk's with `rows`, the chunked walk's with `chunked`
 * (either may be VK_NULL_HANDLE: not dispatched). */
void render_raster_blades(render_pass_ctx *c, VkCommandBuffer cmd, render_res target, VkPipeline rows,
                          VkPipeline chunked);
/* raster.c: pipeline 0 of a compute-rasteriser pass (raster, resolve, shadow_raster, shadow_assets): each needs
 * RENDER_NEEDS_RASTER, so it is made only where the compute rasteriser can run (64-bit integers). */
sward_result render_raster_pipeline(render_pass_ctx *c, const uint32_t *code, size_t bytes, const char *name,
                                    sward_error *err);
/* grass.c: the view's blades (its run of tiles' indirect draws, with the blade index pattern), for every pass
 * that draws them, after it has bound its pipeline and sets. */
void render_draw_blades(render_pass_ctx *c, VkCommandBuffer cmd);
/* asset_place.c: one workgroup per cluster of the frame (asset_place, asset_cull): pipeline 0, sets, dispatch. */
void render_dispatch_clusters(render_pass_ctx *c, VkCommandBuffer cmd);
/* asset_draw.c: the view's asset draws (indexed, indirect), its pipeline and sets bound by the caller; all, or
 * all but the assets of the bits of `skip`. */
void render_draw_assets(render_pass_ctx *c, VkCommandBuffer cmd);
void render_draw_assets_but(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t skip);
/* asset_draw.c, LS3: the casters of a cascade: near animated and alpha-tested, mid at rest; and their draws
 * with `pipe` inside the cascade's rendering, but those of the assets of the bits of `skip`. */
sward_result render_asset_shadow_pipeline(render_pass_ctx *c, uint32_t view, VkPipeline *out, sward_error *err);
void render_shadow_assets(render_pass_ctx *c, VkCommandBuffer cmd, VkPipeline pipe, uint32_t skip);
/* shadows.c: begins dynamic rendering into one layer of RES_SHADOW (cleared). A depth-only pipeline for a shadow
 * view (specialised to it), of *d's shaders. */
/* terrain.c: the ground's one instanced draw of the pass's view's patches (its pipeline bound; binds the sets). */
void render_terrain_draw(render_pass_ctx *c, VkCommandBuffer cmd);
/* terrain.c: the mesh as the frame places it, the LOD's eye (the camera's) and constants (the frame's:
 * render_work), for the quadtree (terrain_lod.h). */
render_terrain_lod render_terrain_lod_of(const render_config *c, const render_work *w);
void render_shadow_begin(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t layer);
sward_result render_shadow_pipeline(render_pass_ctx *c, gpu_graphics_desc *d, uint32_t view, VkPipeline *out,
                                    sward_error *err);

/* ---- pass files' functions the renderer calls (plain arguments) ---- */
/* terrain.c: the ground mesh's vertex stride and side for a height field of `res` samples per side, and its
 * index buffer. grass.c: the blades' shared index pattern. hiz.c: the pyramid's size for a render size (level 0
 * is half of it, rounded up). */
void render_terrain_mesh(int res, int *step, int *mesh);
sward_result render_terrain_indices(gpu_device *dev, const sward_scene *scene, gpu_buffer *out, uint32_t *count,
                                    render_terrain_bounds *bounds, sward_error *err);
sward_result render_blade_indices(gpu_device *dev, gpu_buffer *out, sward_error *err);
void render_hiz_size(uint32_t width, uint32_t height, uint32_t *w0, uint32_t *h0, uint32_t *levels);

/* ---- pass state others read (tests, stats) ---- */
/* shadow_far.c: what the far map was last computed for, and how often (LS2: it is cached). */
typedef struct render_shadow_far_state {
    float key[5];      /* origin x, z and the sun */
    bool valid;        /* key describes the buffer's content */
    uint32_t updates;  /* times the far map was computed */
} render_shadow_far_state;

/* shadow_lit.c's: the inputs its map was computed from; the map is computed again when they change. */
typedef struct render_shadow_lit_key {
    float origin[2];           /* the mid view's lit_u0, lit_v0 */
    float sun[3];
    float far_origin[2];       /* the far map's, which each row enters from */
    uint64_t world_uploads;    /* the streamed world's uploads (render_work.world_uploads) */
} render_shadow_lit_key;
typedef struct render_shadow_lit_state {
    render_shadow_lit_key key;
    bool valid;        /* key describes the buffer's content */
    uint32_t updates;  /* times the map was computed */
} render_shadow_lit_state;

/* ---- the passes (passes.c lists them in frame order) ---- */
extern const render_pass render_pass_wind_field;
extern const render_pass render_pass_place;
extern const render_pass render_pass_place_ahead;
extern const render_pass render_pass_terrain_depth;
extern const render_pass render_pass_terrain;
extern const render_pass render_pass_terrain_resolve;
extern const render_pass render_pass_hiz;
extern const render_pass render_pass_hiz_ground;
extern const render_pass render_pass_cull;
extern const render_pass render_pass_draw_args;
extern const render_pass render_pass_grass_depth;
extern const render_pass render_pass_grass;
extern const render_pass render_pass_raster;
extern const render_pass render_pass_raster_merge;
extern const render_pass render_pass_resolve;
extern const render_pass render_pass_lighting;
extern const render_pass render_pass_taa;
extern const render_pass render_pass_exposure;
extern const render_pass render_pass_bloom;
extern const render_pass render_pass_post;
extern const render_pass render_pass_hdr_out;
extern const render_pass render_pass_shadow_near;
extern const render_pass render_pass_shadow_raster;
extern const render_pass render_pass_shadow_assets;
extern const render_pass render_pass_shadow_mid;
extern const render_pass render_pass_shadow_far;
extern const render_pass render_pass_shadow_lit;
extern const render_pass render_pass_asset_place;
extern const render_pass render_pass_asset_cull;
extern const render_pass render_pass_asset_cull_camera;
extern const render_pass render_pass_asset_depth;
extern const render_pass render_pass_asset_occluders;
extern const render_pass render_pass_asset_occluders_late;
extern const render_pass render_pass_asset_cull_late;
extern const render_pass render_pass_hiz_history;
extern const render_pass render_pass_asset_gbuffer;
extern const render_pass render_pass_asset_resolve;

#endif
