/* shadow_mid.c — the mid sun-shadow cascade (SPEC LS2, LS4; Ghost of Tsushima's grass shadow impostor): into
 * layer 1 of RES_SHADOW, depth only, the ground's CDLOD patches in the cascade (the camera's levels: the mesh the
 * camera sees, terrain_lod.h) raised by the local grass height
 * (type map -> the type's mean blade height, times the grass-height map; not raised where there is no grass)
 * with dithered depth offsets (shadow_impostor.frag.glsl), standing in for the blades, which this view never
 * culls or draws. Reads frame, the mid view, heights, materials, world maps. Writes layer 1 of the shadow map.
 * Cost: the patches inside the light's square (meadow: 74,240 triangles, 167,424 before the LOD and 290,000 before
 * the culling, its column stretching ~670 m along its low sun) at 2048^2; the fragment shader writes depth (no
 * early depth test). On the H200 0.76-0.98 ms in the large scenes; on the small grids 0.08 ms slower than the old
 * whole-resolution column draw, unexplained (docs/terrain.md). */
#include "render/pass.h"

#include "shadow_impostor_frag.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    if (!c->plan->shadows) return SWARD_OK;
    gpu_graphics_desc d = {
        /* no .vs: the terrain's (shadow_terrain.vert.glsl, render_shadow_pipeline) */
        .fs = sw_spirv_shadow_impostor_frag, .fs_bytes = sizeof sw_spirv_shadow_impostor_frag,
        .name = "sward.shadow_mid", /* its slope bias is the fragment shader's (it writes depth) */
    };
    sward_result res = render_shadow_pipeline(c, &d, SW_VIEW_MID, true, &c->pipes[0], err);
    /* LS3: the mesh assets' casters, the last mesh level, at rest and opaque (HZD "S2") */
    if (!res && c->plan->asset_count) res = render_asset_shadow_pipeline(c, SW_VIEW_MID, &c->pipes[1], err);
    return res;
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    render_shadow_begin(c, cmd, 1);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->pipes[0]);
    render_shadow_terrain(c, cmd);
    render_shadow_assets(c, cmd, c->pipes[1]);
    vkCmdEndRendering(cmd);
}

/* Not when the map holds this frame's cascade already (plan.c: a still's next frame). */
static bool active(const render_plan *p)
{
    return !p->shadows_kept;
}

const render_pass render_pass_shadow_mid = {
    .name = "shadow_mid",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_MID,
    .use_count = 4,
    .uses = {
        {RES_SHADOW, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, false}, /* keeps layer 0 (shadow_near's) */
        {RES_ASSET_DRAWN, GPU_ACCESS_VERTEX_READ, SW_ASSET_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_ASSET_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, false},
        {RES_TERRAIN_PATCHES, GPU_ACCESS_VERTEX_READ, SW_BIND_TERRAIN_PATCHES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
    },
    .create = create,
    .record = record,
    .active = active,
};
