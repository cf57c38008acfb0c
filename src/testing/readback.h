/* readback.h — what sward's GPU tests read back of a frame, beside sward_read_blades (sward/sward_testing.h): in
 * the sward_testing library (src/testing/readback.c), which only the tests link; neither libsward nor its
 * installed headers have it. Internal types (render.h): for tests that compare the GPU with a CPU reference. */
#ifndef SWARD_TESTING_READBACK_H
#define SWARD_TESTING_READBACK_H

#include "render/render.h"
#include "sward/sward_testing.h"

/* Tests: one frame placed and culled, and what the asset passes wrote (readback.c). */
typedef struct render_asset_readback {
    sw_cluster *clusters;   /* cluster_count: the frame's, each its slot's record (with the count and heights
                               asset_place wrote, this frame or when the cluster cache placed it) */
    sw_instance *instances; /* SW_CLUSTER_CANDIDATES per cluster slot (slot_count slots, the cache's) */
    sw_asset_draw draws[RENDER_ASSET_VIEWS][SW_MAX_ASSETS * SW_ASSET_MAX_LODS];
    sw_drawn *drawn; /* the camera's list (drawn_total entries; each draw's run from first_instance) */
    uint32_t cluster_count, slot_count, drawn_total;
    sw_view views[SW_MAX_VIEWS];
    sward_frame_stats stats; /* the frame's counters */
} render_asset_readback;
sward_result render_read_assets(sward_renderer *r, const sward_frame_desc *frame, render_asset_readback *out,
                                sward_error *err);
void render_asset_readback_free(render_asset_readback *rb);

/* The depth buffer of the last standalone frame (width x height floats, reverse-Z). */
sward_result render_read_depth(sward_renderer *r, float *out, sward_error *err);
/* The G-buffer of the last standalone frame, RES_GBUF_ALBEDO .. RES_MOTION (width x height 4-byte texels each:
 * RGBA8 sRGB, RGB10A2 octahedral normal + kind, RGBA8, RG16F motion in pixels). */
sward_result render_read_gbuffer(sward_renderer *r, uint32_t *out[4], sward_error *err);
/* The last frame's wind field (WIND_FIELD_FLOATS floats, src/wind/wind.h); its time and origin are in r->frame. */
sward_result render_read_wind_field(sward_renderer *r, float *out, sward_error *err);

/* Renders one frame (place, cull, shadows) and copies back the shadow map's two layers (2 x RENDER_SHADOW_SIZE^2
 * floats, layer 0 first: the near depth as the lookup sees it, the nearer of the layer and the compute casters
 * where the view has them), the far map (far_size^2 floats), the near and mid ranges' lit heights
 * (2 x RENDER_SHADOW_SIZE^2 floats: ground, impostor per texel) and the frame's views. Each of the arrays may be
 * NULL. */
sward_result render_read_shadows(sward_renderer *r, const sward_frame_desc *frame, float *layers, float *far,
                                 float *lit, sw_view views[SW_MAX_VIEWS], sward_error *err);

/* The far map's cache (shadow_far's state), the near and mid ranges' lit heights' (shadow_lit's): times each was
 * computed. */
uint32_t render_shadow_far_updates(sward_renderer *r);
uint32_t render_shadow_lit_updates(sward_renderer *r);

#endif
