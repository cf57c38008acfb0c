/* shadow_near.c — the near sun-shadow cascade (SPEC LS2, LS3; HZD "Shadow Casting": separate casters per
 * cascade): into layer 0 of RES_SHADOW, depth only, the blades the culling kept for the near view
 * (views[SW_VIEW_NEAR]: within its box and the camera's draw distance, every one the 7-vertex form), animated and
 * alpha-tested with the SC5 dither as the camera sees them (shadow_grass.*.glsl include grass_blade.inc.glsl),
 * when the hardware draws them (shadow_raster draws them in compute from 30,000 blades), and the mesh assets'
 * casters (asset_draw.c) but those the compute rasteriser draws (shadow_assets, render_plan.shadow_assets). The ground casts through the lit heights (shadow_lit.c, LS4), not here.
 * Reads frame, the near view, survivors, draws. Writes layer 0 of the shadow map; runs only when it has casters
 * to draw (the view's SW_VIEW_LAYER tells the lookup). Cost: the blades within ~8 m of the camera whose shadows
 * reach its view (9,500 7-vertex blades, 47,000 triangles, in scenes/meadow.json) at 2048^2. */
#include "render/pass.h"

#include "shadow_grass_vert.h"
#include "shadow_grass_frag.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    sward_result res;
    /* The blades without a slope bias: they are thin, and the lookup offsets receivers along their normals. */
    gpu_graphics_desc b = {
        .vs = sw_spirv_shadow_grass_vert, .vs_bytes = sizeof sw_spirv_shadow_grass_vert,
        .fs = sw_spirv_shadow_grass_frag, .fs_bytes = sizeof sw_spirv_shadow_grass_frag,
        .name = "sward.shadow_near_blades",
    };
    if ((res = render_shadow_pipeline(c, &b, SW_VIEW_NEAR, &c->pipes[0], err))) return res;
    /* LS3: the mesh assets' casters, animated and alpha-tested */
    return c->config->asset_count ? render_asset_shadow_pipeline(c, SW_VIEW_NEAR, &c->pipes[1], err) : SWARD_OK;
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    render_shadow_begin(c, cmd, 0);
    if (c->work->view[c->view]->tile_count && !c->plan->shadow_compute) {
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->pipes[0]);
        render_bind(c, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, NULL);
        render_draw_blades(c, cmd);
    }
    render_shadow_assets(c, cmd, c->pipes[1], c->plan->shadow_assets);
    vkCmdEndRendering(cmd);
}

/* When it has casters (the hardware's blades, assets: render_plan_shadow_layer) and the map does not hold this
 * frame's cascade already (plan.c: a still's next frame). */
static bool active(const render_plan *p, const render_work *w)
{
    return (void)w, render_plan_shadow_layer(p, SW_VIEW_NEAR) && !p->shadows_kept;
}

const render_pass render_pass_shadow_near = {
    .name = "shadow_near",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_NEAR,
    .use_count = 5,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_VERTEX_READ, SW_GRASS_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, 0},
        {RES_SHADOW, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, RENDER_USE_DISCARD},
        {RES_ASSET_DRAWN, GPU_ACCESS_VERTEX_READ, SW_ASSET_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, 0},
    },
    .create = create,
    .record = record,
    .needs = RENDER_NEEDS_SHADOWS,
    .active = active,
};
