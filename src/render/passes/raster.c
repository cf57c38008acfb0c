/* raster.c — the compute rasteriser (SPEC BX1): three passes over the camera's blades that the hardware draws
 * leave out (shaders/raster_split.inc.glsl: tiles whose tallest blade projects under render.raster_threshold
 * pixels; every tile with render.raster "compute").
 *   raster        clears the visibility buffer (uint64 per pixel) and rasterises the blades into it, one
 *                 atomicMax per covered pixel (shaders/raster.comp.glsl);
 *   raster_merge  the nearer of the hardware passes' depth and the buffer's into the depth image (a buffer,
 *                 then a copy: compute cannot write a depth image);
 *   resolve       per pixel where a compute blade is the depth, its surface into the G-buffer (storage
 *                 writes; shaders/resolve.comp.glsl), before lighting: lighting, TAA and post see one G-buffer.
 * raster and raster_merge run after the depth prime (before the G-buffer passes, whose EQUAL test then skips
 * the ground under compute blades) or, without the prime, after the G-buffer passes; resolve runs first in
 * post. sward's own targets only (an embedding host's G-buffer is drawn by the hardware path). Why: the H200 rasterises small triangles slowly on its few
 * graphics units; compute runs on all of its SMs (docs/raster.md has the measurements). */
#include "render/render.h"
#include "shared/sw_raster.h"

#include "raster_comp.h"
#include "raster_merge_comp.h"
#include "resolve_comp.h"

static bool active(const sward_renderer *r)
{
    return r->raster != WORLD_RASTER_HARDWARE;
}

/* The visibility buffer and the merged depth for the render size. */
static sward_result resize(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    (void)ps;
    if (!active(r)) return SWARD_OK;
    VkDeviceSize pixels = (VkDeviceSize)r->width * r->height;
    sward_result res = SWARD_OK;
    if (!r->res[RES_VISBUF][0].buffer.buffer || r->res[RES_VISBUF][0].buffer.size != pixels * 8)
        res = render_buffer_replace(r, RES_VISBUF, 0, pixels * 8,
                                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                    GPU_MEMORY_DEVICE, "sward.visibility", err);
    if (res == SWARD_OK &&
        (!r->res[RES_MERGED_DEPTH][0].buffer.buffer || r->res[RES_MERGED_DEPTH][0].buffer.size != pixels * 4))
        res = render_buffer_replace(r, RES_MERGED_DEPTH, 0, pixels * 4,
                                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                    GPU_MEMORY_DEVICE, "sward.merged_depth", err);
    return res;
}

static sward_result create_raster(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    if (r->raster == WORLD_RASTER_HARDWARE) return SWARD_OK; /* never runs: no pipeline (64-bit integers) */
    sward_result res = render_compute_pipeline(r, ps, sw_spirv_raster_comp, sizeof sw_spirv_raster_comp,
                                               "sward.raster", &ps->pipes[0], err);
    return res ? res : resize(r, ps, err);
}

static sward_result create_resolve(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    if (r->raster == WORLD_RASTER_HARDWARE) return SWARD_OK; /* never runs: no pipeline (64-bit integers) */
    return render_compute_pipeline(r, ps, sw_spirv_resolve_comp, sizeof sw_spirv_resolve_comp, "sward.resolve",
                                   &ps->pipes[0], err);
}

void render_raster_blades(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view, render_res target)
{
    /* 0: no blade (every visible depth is > 0) */
    render_access(r, cmd, target, 0, GPU_ACCESS_TRANSFER_WRITE, true);
    vkCmdFillBuffer(cmd, r->res[target][0].buffer.buffer, 0, VK_WHOLE_SIZE, 0);
    render_access(r, cmd, target, 0, GPU_ACCESS_COMPUTE_READ_WRITE, false);
    uint32_t tiles = r->views[view].constants.tile_count;
    if (!tiles || !r->culled) return;
    /* SW_RASTER_BATCHES workgroups per tile (a batch of 64 blades each), beyond the device's workgroups in x
     * continuing in y */
    uint32_t groups = tiles * SW_RASTER_BATCHES, max_x = r->ctx->dev.props.limits.maxComputeWorkGroupCount[0];
    uint32_t x = groups < max_x ? groups : max_x;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ps->pipes[0]);
    render_bind(r, ps, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, view, NULL);
    vkCmdDispatch(cmd, x, (groups + x - 1) / x, 1);
}

void render_copy_depth(sward_renderer *r, VkCommandBuffer cmd, render_res from, render_res depth, uint32_t w, uint32_t h)
{
    render_access(r, cmd, from, 0, GPU_ACCESS_TRANSFER_READ, false);
    /* the whole of layer 0 is overwritten (a depth copy takes whole images); other layers are kept */
    render_access(r, cmd, depth, 0, GPU_ACCESS_TRANSFER_WRITE, false);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
        .imageExtent = {w, h, 1},
    };
    vkCmdCopyBufferToImage(cmd, r->res[from][0].buffer.buffer, r->res[depth][0].image.image,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
}

static void record_raster(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    render_raster_blades(r, ps, cmd, view, RES_VISBUF);
}

static sward_result create_merge(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    if (r->raster == WORLD_RASTER_HARDWARE) return SWARD_OK; /* never runs: no pipeline (64-bit integers) */
    return render_compute_pipeline(r, ps, sw_spirv_raster_merge_comp, sizeof sw_spirv_raster_merge_comp,
                                   "sward.raster_merge", &ps->pipes[0], err);
}

static void record_merge(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    render_record_per_pixel(r, ps, cmd, view);
    render_copy_depth(r, cmd, RES_MERGED_DEPTH, RES_DEPTH, r->width, r->height); /* every pixel's nearer depth */
}

const render_pass render_pass_raster = {
    .name = "raster",
    .phase = RENDER_PHASE_RASTER,
    .standalone_only = true,
    .use_count = 5,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_VISBUF, GPU_ACCESS_COMPUTE_READ_WRITE, SW_RASTER_VIS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, true},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_RASTER_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
    },
    .create = create_raster,
    .resize = resize,
    .record = record_raster,
    .active = active,
};

const render_pass render_pass_raster_merge = {
    .name = "raster_merge",
    .phase = RENDER_PHASE_RASTER,
    .standalone_only = true,
    .use_count = 3,
    .uses = {
        {RES_VISBUF, GPU_ACCESS_COMPUTE_READ, SW_RASTER_VIS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_RESOLVE_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, false},
        {RES_MERGED_DEPTH, GPU_ACCESS_COMPUTE_WRITE, SW_RESOLVE_MERGED, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, true},
    },
    .create = create_merge,
    .record = record_merge,
    .active = active,
};

const render_pass render_pass_resolve = {
    .name = "resolve",
    .phase = RENDER_PHASE_POST,
    .standalone_only = true,
    .use_count = 9,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_READ, SW_RASTER_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_VISBUF, GPU_ACCESS_COMPUTE_READ, SW_RASTER_VIS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_RASTER_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_RESOLVE_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, false},
        {RES_GBUF_ALBEDO, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_ALBEDO, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, false},
        {RES_GBUF_NORMAL, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_NORMAL, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, false},
        {RES_GBUF_MATERIAL, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_MATERIAL, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, false},
        {RES_MOTION, GPU_ACCESS_GENERAL_COMPUTE, SW_RESOLVE_MOTION, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, false},
    },
    .create = create_resolve,
    .record = render_record_per_pixel,
    .active = active,
};
