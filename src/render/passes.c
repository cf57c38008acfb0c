/* passes.c — the frame's passes in frame order. Adding a pass is one file in src/render/passes/ and one line
 * here; its phase says which entry point records it (pass.h), its uses give its barriers and set 1. The only
 * place that names passes: the frame's other code selects them by what they declare (phase, draw flag, views,
 * history) and by the plan. */
#include "render/render.h"

const render_pass *const RENDER_PASSES[] = {
    &render_pass_wind_field,    /* PLACE: the wind field around the camera, every spring category (GA3) */
    &render_pass_place,         /* PLACE: per tile, view-independent (persistable) placement masks */
    &render_pass_asset_place,   /* PLACE: the mesh assets' instances per cluster (PL8, SC4) */
    &render_pass_terrain_depth, /* DRAW:  the ground's depth prime (the occluders) */
    &render_pass_hiz_ground,    /* OCCLUDERS: the ground's Hi-Z, for the camera's assets (standalone, with assets) */
    &render_pass_asset_cull_camera, /* OCCLUDERS: the camera's assets: clusters, ..., Hi-Z of the ground (SC3) */
    &render_pass_asset_occluders, /* DRAW (RENDER_DRAW_OCCLUDERS): their depth prime, occluders of the blades */
    &render_pass_hiz,           /* CULL:  the occluders' min/max depth pyramid, per view */
    &render_pass_asset_cull_late, /* CULL: the camera's assets' second phase against it (SC3) */
    &render_pass_cull,          /* CULL:  blades per view: distance, thinning, frustum, Hi-Z -> survivors */
    &render_pass_draw_args,     /* CULL:  the hardware path's indirect draws from the survivors */
    &render_pass_asset_cull,    /* CULL:  mesh-asset instances per view: clusters, thinning, frustum, LOD (SC4, AS2) */
    &render_pass_place_ahead,   /* AHEAD: the tiles the camera will need soon, overlapping the draws (SC1, SC2) */
    &render_pass_asset_occluders_late, /* DRAW (RENDER_DRAW_OCCLUDERS_LATE): the second phase's depth prime */
    &render_pass_hiz_history,   /* HISTORY: the camera's pyramid of the ground and the assets, for the next frame */
    &render_pass_grass_depth,   /* DRAW:  the blades' depth prime (screen door) */
    &render_pass_asset_depth,   /* DRAW:  the mesh assets' depth prime (alpha test, screen door) */
    &render_pass_terrain,       /* DRAW:  the ground's G-buffer (EQUAL after the prime) */
    &render_pass_grass,         /* DRAW:  the blades' G-buffer (EQUAL after the prime) */
    &render_pass_asset_gbuffer, /* DRAW:  the mesh assets' G-buffer (EQUAL after the prime), where not resolved */
    &render_pass_shadow_near,   /* SHADOW: cascade 0: the near view's low-LOD blades, the assets (LS2, LS3) */
    &render_pass_shadow_raster, /* SHADOW: ... or its blades in compute, 32-bit depth (BX1) */
    &render_pass_shadow_assets, /* SHADOW: ... and the assets' near casters in compute, alpha-tested */
    &render_pass_shadow_mid,    /* SHADOW: cascade 1: the assets' casters (LS2, LS3), with assets only */
    &render_pass_shadow_far,    /* SHADOW: the far lit-height map, when it moved (LS2) */
    &render_pass_shadow_lit,    /* SHADOW: the near and mid ranges' lit heights: ground, grass impostor (LS4) */
    &render_pass_raster,        /* POST:  the camera's blades in compute into the visibility buffer (BX1) */
    &render_pass_raster_merge,  /* POST:  its depth and the hardware's into the merged depth (BX1) */
    &render_pass_resolve,       /* POST:  the visibility buffer's surfaces into the G-buffer (BX1) */
    &render_pass_asset_resolve, /* POST:  the mesh assets' G-buffer from their visibility buffer (BX6) */
    &render_pass_terrain_resolve, /* POST: the ground's G-buffer where it is the depth (BX6; with the prime) */
    &render_pass_lighting,      /* POST:  deferred lighting, sky, haze -> HDR */
    &render_pass_taa,           /* POST:  temporal anti-aliasing (SH8), history reprojected by motion / depth */
    &render_pass_exposure,      /* POST:  auto exposure: histogram, adaptation (PO4) */
    &render_pass_bloom,         /* POST:  bright pass, blur chain (PO3) */
    &render_pass_post,          /* POST:  bloom, tone map, sRGB */
    &render_pass_hdr_out,       /* POST:  sward_render_hdr only: post's linear input, RGBA32F */
};
const uint32_t RENDER_PASS_COUNT = sizeof RENDER_PASSES / sizeof RENDER_PASSES[0];

/* A pass's timestamps are one bit of a slot's timed_mask (the public stats take the caller's array, so the list
 * can outgrow this without an ABI change: raise RENDER_MAX_PASSES and widen the mask). */
_Static_assert(sizeof RENDER_PASSES / sizeof RENDER_PASSES[0] <= RENDER_MAX_PASSES, "more passes than timed_mask bits");
/* Two timestamps a pass: a timer holds them all (beyond it a pass's time would silently read 0). */
_Static_assert(2 * RENDER_MAX_PASSES <= GPU_MAX_TIMESTAMPS, "a frame's timestamps do not fit the timer");
