/* asset_place.c — placement of the mesh assets (SPEC PL8, SC4, SC1; shaders/asset_place.comp.glsl): one workgroup
 * per cluster the cluster cache places this frame (those that came within reach, at most K a frame) writes the
 * cluster's instances into its slot, in its random order, and the slot's record (count, ground heights); the other
 * clusters' slots are kept from earlier frames. View- and time-independent, like the grass's placement. Reads
 * frame, assets, heights, type map, clusters. Writes the slots' records and instances (20 bytes each, up to 1024
 * a cluster). */
#include "render/pass.h"

#include "asset_place_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_asset_place_comp, sizeof sw_spirv_asset_place_comp,
                                   "sward.asset_place", &c->pipes[0], err);
}

/* One workgroup per cluster; beyond the device's workgroups in x, continuing in y. */
static void dispatch(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t n)
{
    if (!n) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    uint32_t max_x = c->config->geo.max_groups_x;
    uint32_t x = n < max_x ? n : max_x;
    vkCmdDispatch(cmd, x, (n + x - 1) / x, 1);
}

void render_dispatch_clusters(render_pass_ctx *c, VkCommandBuffer cmd)
{
    dispatch(c, cmd, c->work->cluster_count);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    dispatch(c, cmd, c->work->cluster_place);
}

const render_pass render_pass_asset_place = {
    .name = "asset_place",
    .phase = RENDER_PHASE_PLACE,
    .use_count = 2,
    .uses = {
        {RES_ASSET_CLUSTERS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_APLACE_CLUSTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_INSTANCES, GPU_ACCESS_COMPUTE_WRITE, SW_APLACE_INSTANCES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = record,
    .needs = RENDER_NEEDS_ASSETS,
};
