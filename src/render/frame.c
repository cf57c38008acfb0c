/* frame.c — one frame (SC2, TL3). The CPU chooses the tiles (O(tiles)) and records; everything per blade
 * happens on the GPU:
 *   render_record_uploads frame constants and tiles uploaded with vkCmdUpdateBuffer (so several frames may
 *                         be in flight in a host's queue);
 *   render_record_cull    place_cull, then barriers for the draws;
 *   sward_cmd_draw        ground and blades inside the caller's dynamic rendering;
 *   sward_render          the standalone frame, two-phase: terrain, its depth pyramid, placement tested
 *                         against it, blades, the post pass, the copy to the host, timestamps and counts. */
#include "render/render.h"

#include <string.h>

#define UPDATE_CHUNK 65536u /* vkCmdUpdateBuffer's limit per call */

static void update_buffer(VkCommandBuffer cmd, gpu_buffer *b, const void *data, size_t bytes)
{
    const uint8_t *p = data;
    for (size_t off = 0; off < bytes; off += UPDATE_CHUNK) {
        size_t n = bytes - off < UPDATE_CHUNK ? bytes - off : UPDATE_CHUNK;
        vkCmdUpdateBuffer(cmd, b->buffer, off, n, p + off);
    }
}

sward_result render_record_uploads(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view,
                                   bool no_cull, bool no_grass, bool occlusion, sward_error *err)
{
    sw_frame f;
    place_view pv;
    render_frame_constants(r, view, no_cull, occlusion, &f, &pv);
    size_t in_range = 0;
    size_t n = no_grass ? 0 : place_choose_tiles(r->scene, &pv, !no_cull, r->tiles, &in_range);
    r->tiles_in_range = (uint32_t)in_range;
    sward_result res = render_ensure_tiles(r, (uint32_t)n, err);
    if (res != SWARD_OK) return res;
    r->tile_count = (uint32_t)n;
    if (!r->standalone) {
        r->width = view->width;
        r->height = view->height;
    }
    f.tile_count = (sw_uint)n;

    /* Earlier frames' reads of these buffers (compute, indirect, vertex, transfer) come before the writes. */
    gpu_barrier_memory(cmd, GPU_ACCESS_ALL, GPU_ACCESS_TRANSFER_WRITE);
    update_buffer(cmd, &r->frame_buf, &f, sizeof f);
    if (n) update_buffer(cmd, &r->tile_buf, r->tiles, n * sizeof(sw_tile));
    vkCmdFillBuffer(cmd, r->stats_buf.buffer, 0, VK_WHOLE_SIZE, 0);
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_COMPUTE_READ_WRITE);
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_VERTEX_READ);
    gpu_barrier_memory(cmd, GPU_ACCESS_ALL, GPU_ACCESS_COMPUTE_WRITE);
    return SWARD_OK;
}

void render_record_cull(sward_renderer *r, VkCommandBuffer cmd)
{
    if (r->standalone) gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_PLACE, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_place_cull(r, cmd);
    if (r->standalone) gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_PLACE + 1, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_INDIRECT);
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_VERTEX_READ);
}

sward_result sward_cmd_place(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view,
                             sward_error *err)
{
    if (!r || !cmd || !view) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_place: null argument");
    if (view->width == 0 || view->height == 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_place: render area %ux%u is empty", view->width,
                         view->height);
    sward_result res = render_record_uploads(r, cmd, view, false, false, false, err);
    if (res == SWARD_OK) render_record_cull(r, cmd);
    return res;
}

static void bind_for_drawing(sward_renderer *r, VkCommandBuffer cmd)
{
    VkViewport vp = {0.0f, 0.0f, (float)r->width, (float)r->height, 0.0f, 1.0f};
    VkRect2D sc = {{0, 0}, {r->width, r->height}};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &sc);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 0, 1, &r->set, 0, NULL);
}

void sward_cmd_draw(sward_renderer *r, VkCommandBuffer cmd)
{
    bind_for_drawing(r, cmd);
    if (r->draw_terrain) render_terrain(r, cmd);
    render_grass(r, cmd);
}

/* Standalone: one dynamic-rendering instance into sward's targets; the first clears, the second loads. */
static void begin_targets(sward_renderer *r, VkCommandBuffer cmd, bool clear)
{
    VkRenderingAttachmentInfo color = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = r->hdr.view,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue = {.color = {{0.0f, 0.0f, 0.0f, 0.0f}}},
    };
    VkRenderingAttachmentInfo depth = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = r->depth.view,
        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .loadOp = clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD,
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
    bind_for_drawing(r, cmd);
}

/* The standalone frame, two-phase: the terrain (the occluders) first, its depth pyramid, the placement
 * tested against it, then the blades on top of the terrain. */
static void record_frame(sward_renderer *r, VkCommandBuffer cmd)
{
    gpu_barrier_image(cmd, &r->hdr, GPU_ACCESS_NONE, GPU_ACCESS_COLOR_ATTACHMENT);
    gpu_barrier_image(cmd, &r->depth, GPU_ACCESS_NONE, GPU_ACCESS_DEPTH_ATTACHMENT);
    begin_targets(r, cmd, true);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_TERRAIN, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_terrain(r, cmd);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_TERRAIN + 1, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    vkCmdEndRendering(cmd);

    gpu_barrier_image(cmd, &r->depth, GPU_ACCESS_DEPTH_ATTACHMENT, GPU_ACCESS_DEPTH_READ_COMPUTE);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_HIZ, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_hiz_build(r, cmd);
    gpu_timer_mark(cmd, &r->timer, 2 * SWARD_PASS_HIZ + 1, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_record_cull(r, cmd);

    gpu_barrier_image(cmd, &r->depth, GPU_ACCESS_DEPTH_READ_COMPUTE, GPU_ACCESS_DEPTH_ATTACHMENT);
    gpu_barrier_image(cmd, &r->hdr, GPU_ACCESS_COLOR_ATTACHMENT, GPU_ACCESS_COLOR_ATTACHMENT);
    begin_targets(r, cmd, false);
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
    vkCmdCopyBuffer(cmd, r->stats_buf.buffer, r->stats_readback.buffer, 1,
                    &(VkBufferCopy){0, 0, sizeof(sw_cull_stats)});
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
}

static void collect_counts(sward_renderer *r, sward_frame_stats *st)
{
    /* Placed blades (instances); a short-grass instance draws two blades (first_instance bit 1), so the
     * triangles come from the index counts. */
    const sw_draw_cmd *d = r->draw_readback.mapped;
    uint64_t indices = 0;
    for (uint32_t t = 0; t < r->tile_count; t++) {
        uint32_t per = (d[2 * t].first_instance & 2u) ? 2u : 1u;
        st->blades_high += d[2 * t].index_count / (SW_HIGH_INDICES * per);
        st->blades_low += d[2 * t + 1].index_count / (SW_LOW_INDICES * per);
        indices += (uint64_t)d[2 * t].index_count + d[2 * t + 1].index_count;
    }
    st->blades_drawn = st->blades_high + st->blades_low;
    st->triangles = indices / 3;
    st->tiles = r->tile_count;
    st->candidates = (uint64_t)r->tile_count * SW_TILE_CANDIDATES;
    st->candidates_in_range = (uint64_t)r->tiles_in_range * SW_TILE_CANDIDATES;
    const sw_cull_stats *c = r->stats_readback.mapped;
    st->removed_outside = c->outside;
    st->removed_density = c->density;
    st->removed_distance = c->distance;
    st->removed_frustum = c->frustum;
    st->removed_occlusion = c->occlusion;
}

static sward_result standalone_only(const sward_renderer *r, const char *fn, sward_error *err)
{
    if (!r) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no renderer", fn);
    if (!r->standalone)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: this renderer draws into a host's targets (sward_renderer_create_vulkan); use "
                         "sward_cmd_place and sward_cmd_draw",
                         fn);
    return SWARD_OK;
}

sward_result sward_render(sward_renderer *r, const sward_frame_desc *frame, sward_image *image,
                          sward_frame_stats *stats, sward_error *err)
{
    sward_result res = standalone_only(r, "sward_render", err);
    if (res != SWARD_OK) return res;
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    if (!image || !image->pixels || image->width != r->width || image->height != r->height)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_render: image must be %ux%u with pixels", r->width,
                         r->height);
    double t0 = core_now_ms();
    VkCommandBuffer cmd;
    if ((res = gpu_begin_once(&r->ctx->dev, &cmd, err))) return res;
    gpu_timer_reset(cmd, &r->timer);
    sward_vulkan_view view = render_frame_view(r, &fd);
    r->no_lod_fade = fd.no_lod_fade;
    r->no_fade = fd.no_fade, r->no_morph = fd.no_morph;
    bool occlusion = !fd.no_occlusion && !fd.no_culling;
    res = render_record_uploads(r, cmd, &view, fd.no_culling, fd.no_grass, occlusion, err);
    if (res != SWARD_OK) {
        gpu_submit_wait(&r->ctx->dev, cmd, NULL);
        return res;
    }
    record_frame(r, cmd);
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
    *count = 0;
    sward_result res = standalone_only(r, "sward_read_blades", err);
    if (res != SWARD_OK) return res;
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    gpu_device *dev = &r->ctx->dev;
    VkCommandBuffer cmd;
    if ((res = gpu_begin_once(dev, &cmd, err))) return res;
    gpu_timer_reset(cmd, &r->timer);
    sward_vulkan_view view = render_frame_view(r, &fd);
    r->no_lod_fade = fd.no_lod_fade;
    r->no_fade = fd.no_fade, r->no_morph = fd.no_morph;
    res = render_record_uploads(r, cmd, &view, fd.no_culling, fd.no_grass, false, err);
    if (res == SWARD_OK) render_record_cull(r, cmd);
    VkDeviceSize bytes = (VkDeviceSize)r->tile_count * SW_TILE_CANDIDATES * sizeof(sw_blade);
    gpu_buffer rb = {0};
    if (res == SWARD_OK)
        res = gpu_buffer_create(dev, &rb, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                                "sward.blades_readback", err);
    if (res != SWARD_OK) {
        gpu_submit_wait(dev, cmd, NULL);
        gpu_buffer_destroy(dev, &rb);
        return res;
    }
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
        uint32_t per = (d[2 * t].first_instance & 2u) ? 2u : 1u;
        uint32_t in_tile = d[2 * t].index_count / (SW_HIGH_INDICES * per) + d[2 * t + 1].index_count / (SW_LOW_INDICES * per);
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
