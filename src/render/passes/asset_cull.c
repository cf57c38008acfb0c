/* asset_cull.c — culling of the mesh assets per view (SPEC SC4, SC5, AS2, LS3; shaders/asset_cull.comp.glsl):
 * one workgroup per cluster tests the cluster's bounds, then its instances (the first n of its random order,
 * n falling with distance), picks each one's level (or the cascade's caster level) and appends it to the view's
 * run of that (asset, level), counting the indirect draw's instances. Runs for the camera and the near cascade
 * with the blades' culling, and for the mid cascade (frame.c). Reads frame, views, assets, clusters, instances.
 * Writes the view's drawn list and draws, the asset counters. */
#include "render/pass.h"

#include "asset_cull_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    if (!c->plan->asset_count) return SWARD_OK; /* never runs (active) */
    return render_compute_pipeline(c, sw_spirv_asset_cull_comp, sizeof sw_spirv_asset_cull_comp,
                                   "sward.asset_cull", &c->pipes[0], err);
}

static bool active(const render_plan *p)
{
    return p->asset_count > 0;
}

/* What both asset culling passes touch and record (the camera's early one and the CULL phase's). */
#define ASSET_CULL_PASS \
    .use_count = 7, \
    .uses = { \
        {RES_ASSET_CLUSTERS, GPU_ACCESS_COMPUTE_READ, SW_ACULL_CLUSTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_ASSET_INSTANCES, GPU_ACCESS_COMPUTE_READ, SW_ACULL_INSTANCES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_ASSET_DRAWN, GPU_ACCESS_COMPUTE_WRITE, SW_ACULL_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, RENDER_USE_DISCARD}, \
        {RES_ASSET_DRAWS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ACULL_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ACULL_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_WIND_FIELD, GPU_ACCESS_COMPUTE_READ, SW_BIND_WIND_FIELD, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_HIZ, GPU_ACCESS_COMPUTE_READ, SW_ACULL_HIZ, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
    }, \
    .create = create, \
    .record = render_dispatch_clusters

const render_pass render_pass_asset_cull = {
    .name = "asset_cull",
    .phase = RENDER_PHASE_CULL,
    .views = RENDER_VIEWS_ASSETS, /* LS3: the mid cascade draws the assets' casters, not blades */
    ASSET_CULL_PASS,
    .active = active,
};

static bool occluders(const render_plan *p)
{
    return p->asset_count > 0 && p->assets_occlude;
}

/* SC3, issue 19: the camera's assets before the blades' culling, against the ground's Hi-Z (hiz_ground), so that
 * their depth prime (asset_occluders) is in the Hi-Z the blades are culled against; the shadow views' assets stay
 * in the CULL phase (render_plan.asset_views drops the camera then). */
const render_pass render_pass_asset_cull_camera = {
    .name = "asset_cull_camera",
    .phase = RENDER_PHASE_OCCLUDERS,
    ASSET_CULL_PASS,
    .active = occluders,
};
