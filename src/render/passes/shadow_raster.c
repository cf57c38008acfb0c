/* shadow_raster.c — the near shadow cascade's blades in compute (SPEC BX1 for LS3's casters): with the compute
 * rasteriser on (render.raster "auto" or "compute"), shadow_near draws only the terrain and
 *   shadow_raster  clears a uint per texel of the near layer and rasterises every blade the culling kept for the
 *                  near view into it, 32-bit depth by atomicMax (shaders/shadow_raster.comp.glsl, the camera
 *                  rasteriser's walk and fill rule);
 * and the lighting's lookup (shaders/shadow.inc.glsl) takes per texel the nearer of that and layer 0's terrain
 * (the view's SW_VIEW_CASTERS): no merge, no copy into the map (issue 19: 0.23 ms on the H200).
 * Measured on the H200 (docs/raster.md): the hardware draws of these 7-vertex blades were the frame's largest
 * cost after the camera's blades. The casters' buffer (RES_SHADOW_CASTERS) is a shadow-class resource that
 * resources.c makes wherever these passes may run (the compute rasteriser and shadows). */
#include "render/pass.h"

#include "shadow_raster_comp.h"

static bool active(const render_plan *p)
{
    return p->shadow_compute && !p->shadows_kept; /* plan.c: only with the compute rasteriser and shadows */
}

static sward_result create_raster(render_pass_ctx *c, sward_error *err)
{
    return render_raster_pipeline(c, sw_spirv_shadow_raster_comp, sizeof sw_spirv_shadow_raster_comp,
                                  "sward.shadow_raster", err);
}

static void record_raster(render_pass_ctx *c, VkCommandBuffer cmd)
{
    render_raster_blades(c, cmd, RES_SHADOW_CASTERS); /* depth 0: the far plane */
}

const render_pass render_pass_shadow_raster = {
    .name = "shadow_raster",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_NEAR,
    .use_count = 4,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_SHADOW_CASTERS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_SHADOW_CASTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, true},
    },
    .inside_count = 1,
    .inside = {{RES_SHADOW_CASTERS, GPU_ACCESS_TRANSFER_WRITE, -1, 0, true}}, /* cleared first */
    .create = create_raster,
    .record = record_raster,
    .active = active,
};
