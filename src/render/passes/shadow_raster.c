/* shadow_raster.c — the near shadow cascade's blades in compute (SPEC BX1 for LS3's casters): with the compute
 * rasteriser on (render.raster "auto" or "compute"), shadow_near draws only the terrain and
 *   shadow_raster  clears a uint per texel of the near layer and rasterises every blade the culling kept for the
 *                  near view into it, 32-bit depth by atomicMax (shaders/shadow_raster.comp.glsl, the camera
 *                  rasteriser's walk and fill rule);
 * and the lighting's lookup (shaders/shadow.inc.glsl) takes per texel the nearer of that and layer 0's terrain
 * (the view's SW_VIEW_CASTERS): no merge, no copy into the map (0.23 ms less on the H200).
 * Measured on the H200 (docs/raster.md): the hardware draws of these 7-vertex blades were the frame's largest
 * cost after the camera's blades. The casters' buffer (RES_SHADOW_CASTERS) is a shadow-class resource that
 * resources.c makes wherever these passes may run (the compute rasteriser and shadows).
 *   shadow_assets  the near casters of the flowers (render_plan.shadow_assets) into the
 *                  same buffer, after the blades: a workgroup per slot of each such asset's run of the near view's
 *                  drawn list, the alpha test in compute (shaders/shadow_assets.comp.glsl), in place of their
 *                  hardware draws in shadow_near (which does not run when no other caster is left). */
#include "render/pass.h"

#include "shadow_raster_comp.h"
#include "shadow_assets_comp.h"

static bool active(const render_plan *p, const render_work *w)
{
    return (void)w, p->shadow_casters && !p->shadows_kept;
}

static sward_result create_raster(render_pass_ctx *c, sward_error *err)
{
    return render_raster_pipeline(c, sw_spirv_shadow_raster_comp, sizeof sw_spirv_shadow_raster_comp,
                                  "sward.shadow_raster", err);
}

/* the buffer cleared (depth 0: the far plane), and the blades into it where they are in compute (else the
 * hardware draws them in shadow_near, and only the flowers' casters come here: shadow_assets) */
static void record_raster(render_pass_ctx *c, VkCommandBuffer cmd)
{
    if (c->plan->shadow_compute) {
        render_raster_blades(c, cmd, RES_SHADOW_CASTERS, VK_NULL_HANDLE, c->pipes[0]); /* the chunked walk's list */
        return;
    }
    render_pass_access(c, cmd, RES_SHADOW_CASTERS, GPU_ACCESS_TRANSFER_WRITE, true);
    vkCmdFillBuffer(cmd, render_pass_buffer(c, RES_SHADOW_CASTERS)->buffer, 0, VK_WHOLE_SIZE, 0);
    render_pass_access(c, cmd, RES_SHADOW_CASTERS, GPU_ACCESS_COMPUTE_READ_WRITE, false);
}

const render_pass render_pass_shadow_raster = {
    .name = "shadow_raster",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_NEAR,
    .use_count = 6,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SHADOW_CASTERS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_SHADOW_CASTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, RENDER_USE_DISCARD},
        {RES_RASTER_WORK, GPU_ACCESS_COMPUTE_READ, SW_RASTER_WORK, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_RASTER_WORK, GPU_ACCESS_INDIRECT, -1, 0, 0},
    },
    .inside_count = 1,
    .inside = {{RES_SHADOW_CASTERS, GPU_ACCESS_TRANSFER_WRITE, -1, 0, RENDER_USE_DISCARD}}, /* cleared first */
    .create = create_raster,
    .record = record_raster,
    .needs = RENDER_NEEDS_RASTER | RENDER_NEEDS_SHADOWS,
    .active = active,
};

/* Workgroups per asset of shadow_assets: enough to fill the GPU many times (the H200: 132 SMs), few enough that
 * the empty ones of a run with room for tens of thousands cost nothing. */
#define SHADOW_ASSET_GROUPS 2048u

static bool active_assets(const render_plan *p, const render_work *w)
{
    return (void)w, p->shadow_assets && !p->shadows_kept;
}

static sward_result create_assets(render_pass_ctx *c, sward_error *err)
{
    return render_raster_pipeline(c, sw_spirv_shadow_assets_comp, sizeof sw_spirv_shadow_assets_comp,
                                  "sward.shadow_assets", err);
}

static void record_assets(render_pass_ctx *c, VkCommandBuffer cmd)
{
    const render_plan *p = c->plan;
    const render_work *w = c->work;
    if (!w->cluster_count || !w->culled) return;
    /* per asset in compute (z), workgroups that take its run's instances in turn: as many as its room, at most
     * SHADOW_ASSET_GROUPS (the culling fills the run's first slots; its count is on the GPU) */
    uint32_t room = 0;
    for (uint32_t a = 0; a < c->config->asset_count; a++)
        if ((p->shadow_assets & (1u << a)) && w->asset_room[a] > room) room = w->asset_room[a];
    if (!room) return;
    uint32_t x = room < SHADOW_ASSET_GROUPS ? room : SHADOW_ASSET_GROUPS;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &(sw_push){.level = p->shadow_assets});
    vkCmdDispatch(cmd, x, 1, c->config->asset_count);
}

const render_pass render_pass_shadow_assets = {
    .name = "shadow_assets",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_NEAR,
    .use_count = 3,
    .uses = {
        {RES_ASSET_DRAWN, GPU_ACCESS_COMPUTE_READ, SW_SHADOW_ASSET_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_SHADOW_ASSET_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SHADOW_CASTERS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_SHADOW_CASTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create_assets,
    .record = record_assets,
    .needs = RENDER_NEEDS_RASTER | RENDER_NEEDS_SHADOWS | RENDER_NEEDS_ASSETS,
    .active = active_assets,
};
