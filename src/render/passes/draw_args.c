/* draw_args.c — the hardware path's indirect arguments, per view (SPEC SC2; shaders/draw_args.comp.glsl): two
 * indexed draws per tile (15-vertex blades, 7-vertex blades) from the survivors' tile_draws; empty ones for the
 * tiles the compute rasteriser draws (BX1, passes/raster.c).
 * Reads: tile_draws. Writes: draws. Cost: one thread per tile, a few microseconds. */
#include "render/pass.h"

#include "draw_args_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_draw_args_comp, sizeof sw_spirv_draw_args_comp,
                                   "sward.draw_args", &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    uint32_t tiles = c->plan->view[c->view]->tile_count; /* the view's run of the frame's tiles */
    if (!tiles) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    vkCmdDispatch(cmd, (tiles + 63u) / 64u, 1, 1);
}

const render_pass render_pass_draw_args = {
    .name = "draw_args",
    .phase = RENDER_PHASE_CULL,
    .use_count = 5,
    .uses = {
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_ARGS_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_DRAWS, GPU_ACCESS_COMPUTE_WRITE, SW_ARGS_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_ARGS_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_READ, SW_ARGS_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ARGS_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = record,
};
