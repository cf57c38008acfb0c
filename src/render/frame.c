/* frame.c — one frame: choose tiles on the CPU (O(tiles)), record placement, terrain, grass and post with
 * their barriers and timestamps, submit, wait, read back the image and the indirect counts (SC2, TL3). */
#include "render/render.h"

#include <string.h>

/* Chooses this frame's tiles and writes the frame constants and the tile list (host-visible buffers; the
 * previous frame has finished, the standalone path keeps one frame in flight). */
static sward_result prepare(sward_renderer *r, const sward_frame_desc *fd, sward_error *err)
{
    sw_frame f;
    place_view view;
    render_frame_constants(r, fd->time, fd->no_culling, &f, &view);
    r->tiles_in_range = fd->no_grass ? 0 : (uint32_t)place_choose_tiles(r->scene, &view, false, r->tiles);
    size_t n = fd->no_grass ? 0 : place_choose_tiles(r->scene, &view, !fd->no_culling, r->tiles);
    sward_result res = render_ensure_tiles(r, (uint32_t)n, err);
    if (res != SWARD_OK) return res;
    r->tile_count = (uint32_t)n;
    f.tile_count = (sw_uint)n;
    memcpy(r->frame_buf.mapped, &f, sizeof f);
    if (n) memcpy(r->tile_buf.mapped, r->tiles, n * sizeof(sw_tile));
    return SWARD_OK;
}

static void record_place(sward_renderer *r, VkCommandBuffer cmd)
{
    /* The previous frame read the blades and draws (vertex, indirect, transfer): order before the writes. */
    gpu_barrier_memory(cmd, GPU_ACCESS_ALL, GPU_ACCESS_COMPUTE_WRITE);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_PLACE, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_place_cull(r, cmd);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_PLACE + 1, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
}

static void record_draw(sward_renderer *r, VkCommandBuffer cmd)
{
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_INDIRECT);
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_VERTEX_READ);
    gpu_barrier_image(cmd, &r->hdr, GPU_ACCESS_NONE, GPU_ACCESS_COLOR_ATTACHMENT);
    gpu_barrier_image(cmd, &r->depth, GPU_ACCESS_NONE, GPU_ACCESS_DEPTH_ATTACHMENT);
    VkRenderingAttachmentInfo color = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = r->hdr.view,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue = {.color = {{0.0f, 0.0f, 0.0f, 0.0f}}},
    };
    VkRenderingAttachmentInfo depth = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = r->depth.view,
        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue = {.depthStencil = {0.0f, 0}}, /* reverse-Z: 0 is infinitely far */
    };
    VkRenderingInfo ri = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {r->width, r->height}},
        .layerCount = 1,
        .colorAttachmentCount = 1,
        .pColorAttachments = &color,
        .pDepthAttachment = &depth,
    };
    vkCmdBeginRendering(cmd, &ri);
    VkViewport vp = {0.0f, 0.0f, (float)r->width, (float)r->height, 0.0f, 1.0f};
    VkRect2D sc = {{0, 0}, {r->width, r->height}};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &sc);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 0, 1, &r->set, 0, NULL);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_TERRAIN, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_terrain(r, cmd);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_TERRAIN + 1, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_GRASS, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_grass(r, cmd);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_GRASS + 1, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    vkCmdEndRendering(cmd);
}

static void record_post_and_copy(sward_renderer *r, VkCommandBuffer cmd)
{
    gpu_barrier_image(cmd, &r->hdr, GPU_ACCESS_COLOR_ATTACHMENT, GPU_ACCESS_GENERAL_COMPUTE);
    gpu_barrier_image(cmd, &r->depth, GPU_ACCESS_DEPTH_ATTACHMENT, GPU_ACCESS_DEPTH_READ_COMPUTE);
    gpu_barrier_image(cmd, &r->ldr, GPU_ACCESS_NONE, GPU_ACCESS_GENERAL_COMPUTE);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_POST, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_post(r, cmd);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_POST + 1, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    gpu_barrier_image(cmd, &r->ldr, GPU_ACCESS_GENERAL_COMPUTE, GPU_ACCESS_TRANSFER_READ);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {r->width, r->height, 1},
    };
    vkCmdCopyImageToBuffer(cmd, r->ldr.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r->pixel_readback.buffer, 1,
                           &region);
}

static void record_count_readback(sward_renderer *r, VkCommandBuffer cmd)
{
    gpu_barrier_memory(cmd, GPU_ACCESS_INDIRECT, GPU_ACCESS_TRANSFER_READ);
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_TRANSFER_READ);
    if (r->tile_count)
        vkCmdCopyBuffer(cmd, r->draw_buf.buffer, r->draw_readback.buffer, 1,
                        &(VkBufferCopy){0, 0, (VkDeviceSize)r->tile_count * 2 * sizeof(sw_draw_cmd)});
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
}

static void collect_counts(sward_renderer *r, sward_frame_stats *st)
{
    const sw_draw_cmd *d = r->draw_readback.mapped;
    for (uint32_t t = 0; t < r->tile_count; t++) {
        st->blades_high += d[2 * t].index_count / SW_HIGH_INDICES;
        st->blades_low += d[2 * t + 1].index_count / SW_LOW_INDICES;
    }
    st->blades_drawn = st->blades_high + st->blades_low;
    st->triangles = st->blades_high * (SW_HIGH_INDICES / 3) + st->blades_low * (SW_LOW_INDICES / 3);
    st->tiles = r->tile_count;
    st->candidates = (uint64_t)r->tile_count * SW_TILE_CANDIDATES;
    st->candidates_in_range = (uint64_t)r->tiles_in_range * SW_TILE_CANDIDATES;
}

sward_result sward_render(sward_renderer *r, const sward_frame_desc *frame, sward_image *image,
                          sward_frame_stats *stats, sward_error *err)
{
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    if (!image || !image->pixels || image->width != r->width || image->height != r->height)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_render: image must be %ux%u with pixels", r->width,
                         r->height);
    double t0 = core_now_ms();
    sward_result res = prepare(r, &fd, err);
    if (res != SWARD_OK) return res;
    VkCommandBuffer cmd;
    if ((res = gpu_begin_once(&r->ctx->dev, &cmd, err))) return res;
    gpu_timer_reset(cmd, &r->timer);
    record_place(r, cmd);
    record_draw(r, cmd);
    record_post_and_copy(r, cmd);
    record_count_readback(r, cmd);
    double cpu_ms = core_now_ms() - t0;
    if ((res = gpu_submit_wait(&r->ctx->dev, cmd, err))) return res;
    memcpy(image->pixels, r->pixel_readback.mapped, sward_image_bound(r->width, r->height));
    if (stats) {
        memset(stats, 0, sizeof *stats);
        collect_counts(r, stats);
        if ((res = gpu_timer_read(&r->ctx->dev, &r->timer, stats->gpu_ms, SWARD_PASS_COUNT, err))) return res;
        stats->cpu_ms = cpu_ms;
        stats->gpu_memory_bytes = r->ctx->dev.allocated_bytes;
    }
    return SWARD_OK;
}

sward_result sward_read_blades(sward_renderer *r, const sward_frame_desc *frame, void *blades, size_t capacity,
                               size_t *count, sward_error *err)
{
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    *count = 0;
    sward_result res = prepare(r, &fd, err);
    if (res != SWARD_OK) return res;
    gpu_device *dev = &r->ctx->dev;
    VkDeviceSize bytes = (VkDeviceSize)r->tile_count * SW_TILE_CANDIDATES * sizeof(sw_blade);
    gpu_buffer rb;
    if ((res = gpu_buffer_create(dev, &rb, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                                 "sward.blades_readback", err)))
        return res;
    VkCommandBuffer cmd;
    if ((res = gpu_begin_once(dev, &cmd, err))) {
        gpu_buffer_destroy(dev, &rb);
        return res;
    }
    gpu_timer_reset(cmd, &r->timer);
    record_place(r, cmd);
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_TRANSFER_READ);
    if (bytes) vkCmdCopyBuffer(cmd, r->blade_buf.buffer, rb.buffer, 1, &(VkBufferCopy){0, 0, bytes});
    record_count_readback(r, cmd);
    if ((res = gpu_submit_wait(dev, cmd, err))) {
        gpu_buffer_destroy(dev, &rb);
        return res;
    }
    /* Gather each tile's two runs (high then low blades) into one dense array. */
    const sw_draw_cmd *d = r->draw_readback.mapped;
    const sw_blade *src = rb.mapped;
    sw_blade *dst = blades;
    size_t n = 0;
    for (uint32_t t = 0; t < r->tile_count; t++) {
        uint32_t in_tile = d[2 * t].index_count / SW_HIGH_INDICES + d[2 * t + 1].index_count / SW_LOW_INDICES;
        for (uint32_t k = 0; k < in_tile; k++) {
            if (n < capacity) dst[n] = src[(size_t)t * SW_TILE_CANDIDATES + k];
            n++;
        }
    }
    gpu_buffer_destroy(dev, &rb);
    *count = n;
    if (n > capacity)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_read_blades: %zu blades do not fit in %zu", n, capacity);
    return SWARD_OK;
}
