/* asset_cull.c — culling of the mesh assets per view (SPEC SC3, SC4, SC5, AS2, LS3; shaders/asset_cull.comp.glsl):
 * one workgroup per cluster tests the cluster's bounds, then its instances (the first n of its random order,
 * n falling with distance), picks each one's level (or the cascade's caster level) and appends it to the view's
 * run of that (asset, level), counting the indirect draw's instances. Runs for the camera and the near cascade
 * with the blades' culling, and for the mid cascade (frame.c). Reads frame, views, assets, clusters, instances.
 * Writes the view's drawn list and draws, the asset counters. */
#include "render/pass.h"

#include "asset_cull_comp.h"
#include "asset_late_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_asset_cull_comp, sizeof sw_spirv_asset_cull_comp,
                                   "sward.asset_cull", &c->pipes[0], err);
}

/* What both asset culling passes touch and record (the camera's early one and the CULL phase's). */
#define ASSET_CULL_PASS \
    .use_count = 9, \
    .uses = { \
        {RES_ASSET_CLUSTERS, GPU_ACCESS_COMPUTE_READ, SW_ACULL_CLUSTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_ASSET_INSTANCES, GPU_ACCESS_COMPUTE_READ, SW_ACULL_INSTANCES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_ASSET_DRAWN, GPU_ACCESS_COMPUTE_WRITE, SW_ACULL_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, RENDER_USE_DISCARD}, \
        {RES_ASSET_DRAWS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ACULL_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ACULL_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_WIND_FIELD, GPU_ACCESS_COMPUTE_READ, SW_BIND_WIND_FIELD, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_HIZ, GPU_ACCESS_COMPUTE_READ, SW_ACULL_HIZ, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_HIZ_HISTORY, GPU_ACCESS_COMPUTE_READ, SW_ACULL_HIZ_HISTORY, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_ASSET_DEFERRED, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ACULL_DEFERRED, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
    }, \
    .record = render_dispatch_clusters

/* This pass also makes the camera's phase-2 list (every asset culling binds it; only sward's own frame defers). */
static sward_result create_cull(render_pass_ctx *c, sward_error *err)
{
    sward_result res = create(c, err);
    if (res != SWARD_OK) return res;
    return render_pass_buffer_replace(c, RES_ASSET_DEFERRED, 0, 16u + SW_ASSET_DEFERRED_MAX * 2u * sizeof(uint32_t),
                                      err);
}

const render_pass render_pass_asset_cull = {
    .name = "asset_cull",
    .phase = RENDER_PHASE_CULL,
    .views = RENDER_VIEWS_ASSETS, /* LS3: the mid cascade draws the assets' casters, not blades */
    ASSET_CULL_PASS,
    .create = create_cull,
    .needs = RENDER_NEEDS_ASSETS,
};

static bool occluders(const render_plan *p, const render_work *w)
{
    return (void)w, p->assets_occlude;
}

/* SC3: the camera's assets before the blades' culling, against the ground's Hi-Z (hiz_ground), so that
 * their depth prime (asset_occluders) is in the Hi-Z the blades are culled against; the shadow views' assets stay
 * in the CULL phase (render_plan.asset_views drops the camera then). */
const render_pass render_pass_asset_cull_camera = {
    .name = "asset_cull_camera",
    .phase = RENDER_PHASE_OCCLUDERS,
    ASSET_CULL_PASS,
    .create = create,
    .needs = RENDER_NEEDS_ASSETS,
    .active = occluders,
};

/* SC3: the camera's second culling phase, in the CULL phase after hiz has reduced this frame's ground
 * and first-phase assets (render_plan.hiz_history): each run's first-phase count is kept (asset_late.comp.glsl,
 * level 0), asset_cull.comp.glsl (level 1) appends what the history hid and this frame's pyramid does not, and
 * the second phase's draws are written (level 1); sward_cmd_cull draws them (asset_occluders_late) and keeps the
 * pyramid of everything for the next frame (hiz_history). */
static sward_result create_late(render_pass_ctx *c, sward_error *err)
{
    sward_result res = create(c, err);
    if (res == SWARD_OK)
        res = render_compute_pipeline(c, sw_spirv_asset_late_comp, sizeof sw_spirv_asset_late_comp, "sward.asset_late",
                                      &c->pipes[1], err);
    if (res == SWARD_OK)
        res = render_pass_buffer_replace(
            c, RES_ASSET_LATE_DRAWS, 0, (VkDeviceSize)c->config->asset_count * SW_ASSET_MAX_LODS * sizeof(sw_asset_draw),
            err);
    return res;
}

static void late_runs(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t level)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[1]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &(sw_push){.level = level});
    vkCmdDispatch(cmd, (c->config->asset_count * SW_ASSET_MAX_LODS + 63u) / 64u, 1, 1);
}

static void record_late(render_pass_ctx *c, VkCommandBuffer cmd)
{
    if (!c->work->cluster_count) return;
    late_runs(c, cmd, 0u);
    render_pass_access(c, cmd, RES_ASSET_DRAWS, GPU_ACCESS_COMPUTE_READ_WRITE, false);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &(sw_push){.level = 1u});
    /* a thread per deferred instance: the workgroups phase 1 counted (the header's dispatch) */
    vkCmdDispatchIndirect(cmd, render_pass_buffer(c, RES_ASSET_DEFERRED)->buffer, sizeof(uint32_t));
    render_pass_access(c, cmd, RES_ASSET_DRAWS, GPU_ACCESS_COMPUTE_READ_WRITE, false);
    late_runs(c, cmd, 1u);
}

static bool late(const render_plan *p, const render_work *w)
{
    return (void)w, p->assets_occlude && p->hiz_history;
}

const render_pass render_pass_asset_cull_late = {
    .name = "asset_cull_late",
    .phase = RENDER_PHASE_CULL,
    .views = RENDER_VIEWS_CAMERA,
    .use_count = 11,
    .uses = {
        {RES_ASSET_CLUSTERS, GPU_ACCESS_COMPUTE_READ, SW_ACULL_CLUSTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_INSTANCES, GPU_ACCESS_COMPUTE_READ, SW_ACULL_INSTANCES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DRAWN, GPU_ACCESS_COMPUTE_WRITE, SW_ACULL_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DRAWS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ACULL_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ACULL_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_WIND_FIELD, GPU_ACCESS_COMPUTE_READ, SW_BIND_WIND_FIELD, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_HIZ, GPU_ACCESS_COMPUTE_READ, SW_ACULL_HIZ, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_HIZ_HISTORY, GPU_ACCESS_COMPUTE_READ, SW_ACULL_HIZ_HISTORY, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_LATE_DRAWS, GPU_ACCESS_COMPUTE_WRITE, SW_ACULL_LATE_ARGS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DEFERRED, GPU_ACCESS_COMPUTE_READ, SW_ACULL_DEFERRED, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DEFERRED, GPU_ACCESS_INDIRECT, -1, 0, 0},
    },
    .create = create_late,
    .needs = RENDER_NEEDS_ASSETS,
    .record = record_late,
    .active = late,
};
