/* passes.c — recording of the placement, grass and post passes (each a few calls; their cost and inputs are
 * described at the top of their shaders). */
#include "render/render.h"

/* place_cull.comp: one workgroup per render tile. */
void render_place_cull(sward_renderer *r, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->place_pipe);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->layout, 0, 1, &r->set, 0, NULL);
    if (r->tile_count) vkCmdDispatch(cmd, r->tile_count, 1, 1);
}

/* grass.vert/frag: two indirect draws per tile (15- and 7-vertex blades), in tile order. */
void render_grass(sward_renderer *r, VkCommandBuffer cmd)
{
    if (!r->tile_count) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->grass_pipe);
    uint32_t draws = 2 * r->tile_count;
    uint32_t max_per_call = r->ctx->dev.props.limits.maxDrawIndirectCount;
    if (max_per_call == 0) max_per_call = 1;
    for (uint32_t first = 0; first < draws; first += max_per_call) {
        uint32_t n = draws - first < max_per_call ? draws - first : max_per_call;
        vkCmdDrawIndirect(cmd, r->draw_buf.buffer, (VkDeviceSize)first * sizeof(sw_draw_cmd), n,
                          sizeof(sw_draw_cmd));
    }
}

/* post.comp: 8 x 8 pixels per workgroup. */
void render_post(sward_renderer *r, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->post_pipe);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->layout, 0, 1, &r->set, 0, NULL);
    vkCmdDispatch(cmd, (r->width + 7) / 8, (r->height + 7) / 8, 1);
}
