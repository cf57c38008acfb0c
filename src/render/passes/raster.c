/* raster.c — the compute rasteriser (SPEC BX1): three passes over the camera's blades that the hardware draws
 * leave out (shaders/raster_split.inc.glsl: tiles whose tallest blade projects under render.raster_threshold
 * pixels; every tile with render.raster "compute").
 *   raster        clears the visibility buffer (uint64 per pixel) and rasterises the blades into it, one
 *                 atomicMax per covered pixel: draw_args' work lists, the small blades' by the row walk
 *                 (shaders/raster.comp.glsl), the large ones' each triangle set up once (raster_chunked.comp.glsl);
 *   raster_merge  the nearer of the hardware passes' depth and the buffer's into the merged depth (an R32F
 *                 image the lighting and TAA read as the frame's depth: compute cannot write a depth image, and a
 *                 copy into it cost more than the rest of the pass);
 *   resolve       per pixel where a compute blade is the depth, its surface into the G-buffer (storage
 *                 writes; shaders/resolve.comp.glsl), before lighting: lighting, TAA and post see one G-buffer.
 * The three run first in sward_cmd_post, after every hardware pass's depth and G-buffer (what those shade under
 * a compute blade, resolve overwrites), in sward's own frame and a host's alike (the host's G-buffer written as
 * storage images). The visibility buffer and the merged depth are target-class resources (resources.c makes them
 * for the render size). Why: the H200 rasterises small triangles slowly on its few graphics units; compute runs on
 * all of its SMs (docs/raster.md has the measurements). */
#include "render/pass.h"
#include "shared/sw_raster.h"

#include "raster_comp.h"
#include "raster_chunked_comp.h"
#include "raster_merge_comp.h"
#include "resolve_comp.h"

sward_result render_raster_pipeline(render_pass_ctx *c, const uint32_t *code, size_t bytes, const char *name,
                                    sward_error *err)
{
    return render_compute_pipeline(c, code, bytes, name, &c->pipes[0], err);
}

static sward_result create_raster(render_pass_ctx *c, sward_error *err)
{
    sward_result res = render_raster_pipeline(c, sw_spirv_raster_comp, sizeof sw_spirv_raster_comp, "sward.raster", err);
    if (res != SWARD_OK) return res;
    return render_compute_pipeline(c, sw_spirv_raster_chunked_comp, sizeof sw_spirv_raster_chunked_comp,
                                   "sward.raster_chunked", &c->pipes[1], err);
}

static sward_result create_resolve(render_pass_ctx *c, sward_error *err)
{
    return render_raster_pipeline(c, sw_spirv_resolve_comp, sizeof sw_spirv_resolve_comp, "sward.resolve", err);
}

void render_raster_blades(render_pass_ctx *c, VkCommandBuffer cmd, render_res target, VkPipeline rows,
                          VkPipeline chunked)
{
    /* 0: no blade (every visible depth is > 0) */
    render_pass_access(c, cmd, target, GPU_ACCESS_TRANSFER_WRITE, true);
    vkCmdFillBuffer(cmd, render_pass_buffer(c, target)->buffer, 0, VK_WHOLE_SIZE, 0);
    render_pass_access(c, cmd, target, GPU_ACCESS_COMPUTE_READ_WRITE, false);
    uint32_t tiles = c->work->view[c->view]->tile_count;
    if (!tiles || !c->work->culled) return;
    /* a workgroup per entry of each walk's work list, its dispatch in the list's header (draw_args.comp.glsl):
     * only batches with blades start; the two walks' atomics into the same buffer need no order between them, so
     * the second dispatch fills the GPU while the first's long workgroups (the large blades: chunked) finish */
    VkBuffer work = render_pass_buffer(c, RES_RASTER_WORK)->buffer;
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    if (chunked) {
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, chunked);
        vkCmdDispatchIndirect(cmd, work, 4u * sizeof(uint32_t));
    }
    if (rows) {
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, rows);
        vkCmdDispatchIndirect(cmd, work, 0);
    }
}

static void record_raster(render_pass_ctx *c, VkCommandBuffer cmd)
{
    render_raster_blades(c, cmd, RES_VISBUF, c->pipes[0], c->pipes[1]);
}

static sward_result create_merge(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_raster_merge_comp, sizeof sw_spirv_raster_merge_comp,
                                   "sward.raster_merge", &c->pipes[0], err);
}


const render_pass render_pass_raster = {
    .name = "raster",
    .phase = RENDER_PHASE_POST,
    .history = true, /* the G-buffer the TAA history is lit from */
    .use_count = 7,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_VISBUF, GPU_ACCESS_COMPUTE_READ_WRITE, SW_RASTER_VIS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, RENDER_USE_DISCARD},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_RASTER_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_RASTER_WORK, GPU_ACCESS_COMPUTE_READ, SW_RASTER_WORK, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_RASTER_WORK, GPU_ACCESS_INDIRECT, -1, 0, 0},
    },
    .inside_count = 1,
    .inside = {{RES_VISBUF, GPU_ACCESS_TRANSFER_WRITE, -1, 0, RENDER_USE_DISCARD}}, /* cleared first (render_raster_blades) */
    .create = create_raster,
    .record = record_raster,
    .needs = RENDER_NEEDS_RASTER,
};

const render_pass render_pass_raster_merge = {
    .name = "raster_merge",
    .phase = RENDER_PHASE_POST,
    .history = true,
    .use_count = 3,
    .uses = {
        {RES_VISBUF, GPU_ACCESS_COMPUTE_READ, SW_RASTER_VIS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_RESOLVE_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_MERGED_DEPTH, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_MERGED, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, RENDER_USE_DISCARD},
    },
    .create = create_merge,
    .record = render_record_per_pixel,
    .needs = RENDER_NEEDS_RASTER,
};

const render_pass render_pass_resolve = {
    .name = "resolve",
    .phase = RENDER_PHASE_POST,
    .history = true, /* the G-buffer the TAA history is lit from */
    .use_count = 9,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_VISBUF, GPU_ACCESS_COMPUTE_READ, SW_RASTER_VIS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        RENDER_RESOLVE_USES,
    },
    .create = create_resolve,
    .record = render_record_per_pixel,
    .needs = RENDER_NEEDS_RASTER,
};
