/* asset_place.c — placement of the mesh assets (SPEC PL8, SC4; shaders/asset_place.comp.glsl): one workgroup per
 * cluster of the frame writes the cluster's instances, in its random order, its count and its ground heights.
 * View- and time-independent, like the grass's placement. Reads frame, assets, heights, type map, clusters.
 * Writes clusters (count, heights) and instances (20 bytes each, up to 1024 a cluster). */
#include "render/render.h"

#include "asset_place_comp.h"

static sward_result create(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    if (!r->assets.count) return SWARD_OK; /* never runs (active) */
    return render_compute_pipeline(r, ps, sw_spirv_asset_place_comp, sizeof sw_spirv_asset_place_comp,
                                   "sward.asset_place", &ps->pipes[0], err);
}

/* One workgroup per cluster; beyond the device's workgroups in x, continuing in y. */
void render_dispatch_clusters(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    uint32_t n = r->assets.cluster_count;
    if (!n) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ps->pipes[0]);
    render_bind(r, ps, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, view, NULL);
    uint32_t max_x = r->ctx->dev.props.limits.maxComputeWorkGroupCount[0];
    uint32_t x = n < max_x ? n : max_x;
    vkCmdDispatch(cmd, x, (n + x - 1) / x, 1);
}

static bool active(const sward_renderer *r)
{
    return r->assets.count > 0;
}

const render_pass render_pass_asset_place = {
    .name = "asset_place",
    .phase = RENDER_PHASE_PLACE,
    .use_count = 2,
    .uses = {
        {RES_ASSET_CLUSTERS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_APLACE_CLUSTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_ASSET_INSTANCES, GPU_ACCESS_COMPUTE_WRITE, SW_APLACE_INSTANCES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, true},
    },
    .create = create,
    .record = render_dispatch_clusters,
    .active = active,
};
