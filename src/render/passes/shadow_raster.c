/* shadow_raster.c — the near shadow cascade's blades in compute (SPEC BX1 for LS3's casters): with the compute
 * rasteriser on (render.raster "auto" or "compute"), shadow_near draws only the terrain and
 *   shadow_raster  clears a uint per texel of the near layer and rasterises every blade the culling kept for the
 *                  near view into it, 32-bit depth by atomicMax (shaders/shadow_raster.comp.glsl, the camera
 *                  rasteriser's walk and fill rule);
 *   shadow_merge   takes per texel the nearer of that and the terrain's depth and copies the result into
 *                  layer 0 of the shadow map (shaders/shadow_merge.comp.glsl), before shadow_mid draws layer 1.
 * Measured on the H200 (docs/raster.md): the hardware draws of these 7-vertex blades were the frame's largest
 * cost after the camera's blades. */
#include "render/render.h"

#include "shadow_raster_comp.h"
#include "shadow_merge_comp.h"

bool render_shadow_casters_compute(const sward_renderer *r)
{
    return r->raster != WORLD_RASTER_HARDWARE && r->shadows.on && r->slots[r->slot].shadow_compute;
}

static bool active(const sward_renderer *r)
{
    return render_shadow_casters_compute(r);
}

/* The casters' buffer: a uint per texel of the near layer, wherever the compute casters may run. */
static sward_result resize(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    (void)ps;
    if (r->raster == WORLD_RASTER_HARDWARE || !r->shadows.on) return SWARD_OK;
    VkDeviceSize bytes = (VkDeviceSize)RENDER_SHADOW_SIZE * RENDER_SHADOW_SIZE * sizeof(uint32_t);
    if (r->res[RES_SHADOW_CASTERS][0].buffer.buffer && r->res[RES_SHADOW_CASTERS][0].buffer.size == bytes)
        return SWARD_OK;
    return render_buffer_replace(r, RES_SHADOW_CASTERS, 0, bytes,
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                 GPU_MEMORY_DEVICE, "sward.shadow_casters", err);
}

static sward_result create_raster(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    if (r->raster == WORLD_RASTER_HARDWARE) return SWARD_OK; /* never runs: no pipeline (64-bit integers) */
    sward_result res = render_compute_pipeline(r, ps, sw_spirv_shadow_raster_comp, sizeof sw_spirv_shadow_raster_comp,
                                               "sward.shadow_raster", &ps->pipes[0], err);
    return res ? res : resize(r, ps, err);
}

static sward_result create_merge(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    if (r->raster == WORLD_RASTER_HARDWARE) return SWARD_OK; /* never runs: no pipeline (64-bit integers) */
    return render_compute_pipeline(r, ps, sw_spirv_shadow_merge_comp, sizeof sw_spirv_shadow_merge_comp,
                                   "sward.shadow_merge", &ps->pipes[0], err);
}

static void record_raster(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    render_raster_blades(r, ps, cmd, view, RES_SHADOW_CASTERS); /* depth 0: the far plane */
}

static void record_merge(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ps->pipes[0]);
    render_bind(r, ps, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, view, NULL);
    vkCmdDispatch(cmd, (RENDER_SHADOW_SIZE + 7) / 8, (RENDER_SHADOW_SIZE + 7) / 8, 1);
    render_copy_depth(r, cmd, RES_SHADOW_CASTERS, RES_SHADOW, RENDER_SHADOW_SIZE, RENDER_SHADOW_SIZE); /* layer 0 */
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
    .create = create_raster,
    .resize = resize,
    .record = record_raster,
    .active = active,
};

const render_pass render_pass_shadow_merge = {
    .name = "shadow_merge",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_NEAR,
    .use_count = 2,
    .uses = {
        {RES_SHADOW_CASTERS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_SHADOW_CASTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_SHADOW, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_SHADOW_LAYERS, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, false},
    },
    .create = create_merge,
    .record = record_merge,
    .active = active,
};
