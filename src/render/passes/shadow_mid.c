/* shadow_mid.c — the mid sun-shadow cascade (SPEC LS2, LS3): into layer 1 of RES_SHADOW, depth only, the mesh
 * assets' casters at rest: the trees' billboards and the other tall assets' last mesh level (HZD "S2"). The
 * ground and the grass impostor (Ghost of Tsushima's terrain raised to the grass height, dithered) cast through
 * the lit heights (shadow_lit.c), which replaced their raster here: 0.76-0.98 ms on the H200 in the
 * large scenes, mostly the 2048^2 fill of a fragment shader that wrote depth. Runs only with assets tall enough to
 * cast there (config.mid_casters; the view's SW_VIEW_LAYER tells the lookup). Reads frame, the mid view, the assets' drawn lists. Writes layer 1. */
#include "render/pass.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    /* LS3: the mesh assets' casters, the last mesh level, at rest and opaque (HZD "S2") */
    return render_asset_shadow_pipeline(c, SW_VIEW_MID, &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    render_shadow_begin(c, cmd, 1);
    render_shadow_assets(c, cmd, c->pipes[0], 0u);
    vkCmdEndRendering(cmd);
}

/* With assets over 2 m (render_plan_shadow_layer), when the map does not hold this frame's cascade already. */
static bool active(const render_plan *p, const render_work *w)
{
    return (void)w, render_plan_shadow_layer(p, SW_VIEW_MID) && !p->shadows_kept;
}

const render_pass render_pass_shadow_mid = {
    .name = "shadow_mid",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_MID,
    .use_count = 3,
    .uses = {
        {RES_SHADOW, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, 0}, /* keeps layer 0 (shadow_near's) */
        {RES_ASSET_DRAWN, GPU_ACCESS_VERTEX_READ, SW_ASSET_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, 0},
    },
    .create = create,
    .record = record,
    .needs = RENDER_NEEDS_SHADOWS | RENDER_NEEDS_ASSETS,
    .active = active,
};
