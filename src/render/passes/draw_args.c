/* draw_args.c — the hardware path's indirect arguments, per view (SPEC SC2; shaders/draw_args.comp.glsl): two
 * indexed draws per tile (15-vertex blades, 7-vertex blades) from the survivors' tile_draws; empty ones for the
 * tiles the compute rasteriser draws (BX1, passes/raster.c).
 * The compute rasteriser's work lists (BX1, shaders/shared/sw_raster.h): a (tile, batch) entry for each
 * batch of 64 blades it draws, the camera's small blades in the row walk's list, its large ones and the near
 * cascade's in the chunked walk's, each list's indirect dispatch in its header (reset here first).
 * Reads: tile_draws. Writes: draws, work lists. Cost: one thread per tile, a few microseconds. */
#include "render/pass.h"

#include "shared/sw_raster.h"

#include "draw_args_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_draw_args_comp, sizeof sw_spirv_draw_args_comp,
                                   "sward.draw_args", &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    /* the work lists empty: no workgroups (x = y = 0), z = 1; before anything returns (the rasterisers read them) */
    static const uint32_t empty[SW_RASTER_WORK_HEADER] = {0u, 0u, 1u, 0u, 0u, 0u, 1u, 0u};
    render_pass_access(c, cmd, RES_RASTER_WORK, GPU_ACCESS_TRANSFER_WRITE, false);
    vkCmdUpdateBuffer(cmd, render_pass_buffer(c, RES_RASTER_WORK)->buffer, 0, sizeof empty, empty);
    render_pass_access(c, cmd, RES_RASTER_WORK, GPU_ACCESS_COMPUTE_READ_WRITE, false);
    uint32_t tiles = c->work->view[c->view]->tile_count; /* the view's run of the frame's tiles */
    if (!tiles) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    vkCmdDispatch(cmd, (tiles + 63u) / 64u, 1, 1);
}

const render_pass render_pass_draw_args = {
    .name = "draw_args",
    .phase = RENDER_PHASE_CULL,
    .use_count = 6,
    .uses = {
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_ARGS_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_DRAWS, GPU_ACCESS_COMPUTE_WRITE, SW_ARGS_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_ARGS_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_READ, SW_ARGS_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ARGS_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_RASTER_WORK, GPU_ACCESS_COMPUTE_READ_WRITE, SW_ARGS_WORK, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .inside_count = 1,
    .inside = {{RES_RASTER_WORK, GPU_ACCESS_TRANSFER_WRITE, -1, 0, 0}}, /* the lists' headers reset first */
    .create = create,
    .record = record,
};
