/* asset_resolve.c — the mesh assets' G-buffer from their visibility buffer (SPEC BX6, SH2): with the depth
 * prime and a depth to cull against (render_plan.asset_resolve), the assets' prime before the blades (asset_occluders) leaves at each pixel it
 * won the drawn instance and the triangle (RES_ASSET_ID); after the blades' G-buffer and their resolve, one
 * thread per pixel rebuilds the assets' surface where nothing nearer was written
 * (shaders/asset_resolve.comp.glsl), in place of their G-buffer fragment pass (asset_gbuffer), which drew every
 * asset triangle a second time. Reads frame, views, the scene's assets, the camera's drawn list and draws, the id.
 * Writes the G-buffer where an asset is the surface. */
#include "render/pass.h"

#include "asset_resolve_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_asset_resolve_comp, sizeof sw_spirv_asset_resolve_comp,
                                   "sward.asset_resolve", &c->pipes[0], err);
}

static bool active(const render_plan *p, const render_work *w)
{
    return (void)w, p->asset_resolve;
}

const render_pass render_pass_asset_resolve = {
    .name = "asset_resolve",
    .phase = RENDER_PHASE_POST,
    .history = true, /* the G-buffer the TAA history is lit from */
    .use_count = 9,
    .uses = {
        RENDER_RESOLVE_USES,
        {RES_ASSET_ID, GPU_ACCESS_GENERAL_COMPUTE, SW_ASSET_RESOLVE_ID, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_ASSET_DRAWN, GPU_ACCESS_COMPUTE_READ, SW_ASSET_RESOLVE_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_ASSET_RESOLVE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = render_record_per_pixel,
    .needs = RENDER_NEEDS_ASSETS | RENDER_NEEDS_PRIMITIVE_ID,
    .active = active,
};
