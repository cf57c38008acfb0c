/* standalone.c — sward's own frame (sward_render, the CLI): the embedded entry points (frame.c) recorded into
 * sward's own command buffer with sward's own targets, then post and the copy to the host:
 *   place -> ground (clears the targets) -> cull against the ground's depth -> blades (the hardware's; the compute
 *   rasteriser's, BX1) -> shadows -> post (the compute blades' G-buffer, lighting, TAA, bloom, tone map) -> copy.
 * Frames in flight: each frame slot has its command buffer, fence, timestamps, readbacks and retired
 * resources; sward_render_submit returns while the GPU works, sward_render_wait collects a frame. */
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

/* One dynamic-rendering instance into sward's targets: the depth alone (the depth prime) or the G-buffer with
 * the depth; clearing or loading. The motion target clears to SW_MOTION_NONE (grass writes none). */
static void begin_targets(sward_renderer *r, VkCommandBuffer cmd, bool gbuffer, bool clear_color, bool clear_depth)
{
    VkRenderingAttachmentInfo color[RENDER_GBUFFER_COUNT];
    for (uint32_t i = 0; i < RENDER_GBUFFER_COUNT; i++) {
        float c = i == RENDER_GBUFFER_COUNT - 1 ? SW_MOTION_NONE : 0.0f;
        color[i] = (VkRenderingAttachmentInfo){
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
            .imageView = render_image_view(r, (render_res)(RES_GBUF_ALBEDO + i), 0),
            .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
            .loadOp = clear_color ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD,
            .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
            .clearValue = {.color = {{c, c, 0.0f, 0.0f}}},
        };
    }
    VkRenderingAttachmentInfo depth = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = render_image_view(r, RES_DEPTH, 0),
        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .loadOp = clear_depth ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue = {.depthStencil = {0.0f, 0}}, /* reverse-Z: 0 is infinitely far */
    };
    VkRenderingInfo ri = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {r->width, r->height}},
        .layerCount = 1,
        .colorAttachmentCount = gbuffer ? RENDER_GBUFFER_COUNT : 0,
        .pColorAttachments = gbuffer ? color : NULL,
        .pDepthAttachment = &depth,
    };
    vkCmdBeginRendering(cmd, &ri);
}

static sward_result standalone_only(const sward_renderer *r, const char *fn, sward_error *err)
{
    if (!r) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no renderer", fn);
    if (!r->standalone)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: this renderer draws into a host's targets (sward_renderer_create_vulkan); use "
                         "sward_cmd_place, sward_cmd_cull and sward_cmd_draw",
                         fn);
    return SWARD_OK;
}

static void set_switches(sward_renderer *r, const sward_frame_desc *fd)
{
    r->no_lod_fade = fd->no_lod_fade;
    r->no_cull = fd->no_culling;
    r->no_grass = fd->no_grass;
    r->no_fade = fd->no_fade;
    r->no_morph = fd->no_morph;
    r->count_shading = fd->count_shading;
}

/* The next slot's command buffer, once the slot's last frame is done; then the frame's start (frame.c). */
static sward_result begin(sward_renderer *r, const sward_frame_desc *fd, VkCommandBuffer *cmd, sward_error *err)
{
    uint32_t next = (uint32_t)(r->frames % r->slot_count);
    render_slot *s = &r->slots[next];
    sward_result res = gpu_frame_begin(&r->ctx->dev, &s->frame, err);
    if (res != SWARD_OK) return res;
    *cmd = s->frame.cmd;
    set_switches(r, fd);
    return render_begin_frame(r, *cmd, err);
}

/* A slot's readback buffer of `bytes_per_pixel` a pixel for the current size: the output image's (4) or the
 * linear HDR image's (16, sward_render_hdr). Replaced only when the size changed; the slot's frame is done. */
static sward_result slot_readback(sward_renderer *r, gpu_buffer *buf, VkDeviceSize bytes_per_pixel, const char *name,
                                  sward_error *err)
{
    VkDeviceSize bytes = (VkDeviceSize)r->width * r->height * bytes_per_pixel;
    if (buf->buffer && buf->size == bytes) return SWARD_OK;
    gpu_buffer_destroy(&r->ctx->dev, buf);
    return gpu_buffer_create(&r->ctx->dev, buf, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK, name,
                             err);
}

/* A frame; `warmup`: only up to the TAA history (SH8: sward_render_submit's frames before a still). */
static sward_result record(sward_renderer *r, const sward_frame_desc *fd, bool warmup, sward_error *err)
{
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    sward_result res = begin(r, fd, &cmd, err);
    /* CPU time of the frame: choosing tiles and recording, not the wait for the slot's last frame and the
     * reading of its counters (begin) */
    double t0 = core_now_ms();
    render_slot *s = &r->slots[r->slot];
    if (res != SWARD_OK && !cmd) return res;
    if (res == SWARD_OK) res = slot_readback(r, &s->pixels, 4, "sward.pixels_readback", err);
    s->hdr_copied = false;
    bool hdr = r->hdr_wanted && !warmup;
    if (res == SWARD_OK && hdr) res = slot_readback(r, &s->hdr_pixels, 4 * sizeof(float), "sward.hdr_readback", err);
    if (res == SWARD_OK && hdr) res = render_hdr_out_ensure(r, err);
    sward_vulkan_view view = render_frame_view(r, fd);
    bool occlusion = !fd->no_occlusion && !fd->no_culling;
    if (res == SWARD_OK) res = render_place(r, cmd, &view, occlusion, err);
    if (res != SWARD_OK) {
        /* the command buffer is abandoned; the slot is free again */
        vkEndCommandBuffer(cmd);
        s->ticket = 0;
        return res;
    }
    /* the ground first: the occluders of the Hi-Z test (two-phase culling); with the depth prime (SH1) the
     * depth of everything first, then the G-buffer with depth EQUAL */
    bool primed = render_depth_primed(r);
    render_prepare_phase(r, RENDER_PHASE_DRAW, primed ? SWARD_DRAW_GROUND_DEPTH : SWARD_DRAW_GROUND, cmd, 0);
    begin_targets(r, cmd, !primed, true, true);
    /* SH1: fragment shader invocations of the G-buffer. Not on lavapipe for the ground without the prime:
     * Mesa 22.3's lavapipe crashes with a statistics query around a depth-writing pass of this size. */
    if (!primed && r->ctx->dev.props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU) gpu_stats_begin(cmd, &s->stats_query, 0);
    sward_cmd_draw(r, cmd, primed ? SWARD_DRAW_GROUND_DEPTH : SWARD_DRAW_GROUND);
    gpu_stats_end(cmd, &s->stats_query);
    vkCmdEndRendering(cmd);
    if ((res = sward_cmd_cull(r, cmd, NULL, err))) {
        vkEndCommandBuffer(cmd);
        s->ticket = 0;
        return res;
    }
    if (primed) {
        begin_targets(r, cmd, false, false, false);
        sward_cmd_draw(r, cmd, SWARD_DRAW_BLADES_DEPTH);
        vkCmdEndRendering(cmd);
        /* BX1: the compute rasteriser's blades into the depth before the G-buffer tests EQUAL against it */
        render_run_phase(r, RENDER_PHASE_RASTER, cmd, 0);
        sward_cmd_gbuffer_barriers(r, cmd);
        gpu_stats_begin(cmd, &s->stats_query, 1);
        begin_targets(r, cmd, true, true, false);
        sward_cmd_draw(r, cmd, SWARD_DRAW_GROUND | SWARD_DRAW_BLADES);
    } else {
        gpu_stats_begin(cmd, &s->stats_query, 1);
        begin_targets(r, cmd, true, false, false);
        sward_cmd_draw(r, cmd, SWARD_DRAW_BLADES);
    }
    vkCmdEndRendering(cmd);
    gpu_stats_end(cmd, &s->stats_query);
    if (!primed) render_run_phase(r, RENDER_PHASE_RASTER, cmd, 0); /* BX1: after the depth the G-buffer wrote */
    /* LS2-LS4: the sun's shadow cascades (for the lighting pass; nothing when the scene has none) */
    if ((res = sward_cmd_shadows(r, cmd, err))) {
        vkEndCommandBuffer(cmd);
        s->ticket = 0;
        return res;
    }
    bool wanted = r->hdr_wanted;
    r->hdr_wanted = hdr; /* the hdr_out pass runs (render_pass_hdr_out.active) in this frame only */
    render_post(r, cmd, warmup);
    r->hdr_wanted = wanted;
    render_copy_stats(r, cmd); /* again: with the lighting's pixel counts */
    if (warmup) {
        s->cpu_ms = core_now_ms() - t0;
        return gpu_frame_submit(&r->ctx->dev, &s->frame, err);
    }
    render_access(r, cmd, RES_LDR, 0, GPU_ACCESS_TRANSFER_READ, false);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {r->width, r->height, 1},
    };
    vkCmdCopyImageToBuffer(cmd, r->res[RES_LDR][0].image.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, s->pixels.buffer,
                           1, &region);
    if (hdr) {
        render_access(r, cmd, RES_HDR_OUT, 0, GPU_ACCESS_TRANSFER_READ, false);
        vkCmdCopyBuffer(cmd, r->res[RES_HDR_OUT][0].buffer.buffer, s->hdr_pixels.buffer, 1,
                        &(VkBufferCopy){0, 0, s->hdr_pixels.size});
        s->hdr_copied = true;
    }
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
    s->cpu_ms = core_now_ms() - t0;
    return gpu_frame_submit(&r->ctx->dev, &s->frame, err);
}

sward_result sward_render_submit(sward_renderer *r, const sward_frame_desc *frame, uint64_t *ticket,
                                 sward_error *err)
{
    sward_result res = standalone_only(r, "sward_render_submit", err);
    if (res != SWARD_OK) return res;
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    /* SH8: a frame without a usable TAA history (the first, after a resize or a camera cut) comes after
     * taa_warmup jittered frames of the same time and view, so that a still is anti-aliased, converged and
     * the same every time */
    int warmup = fd.taa_warmup == 0 ? SWARD_TAA_WARMUP_DEFAULT : fd.taa_warmup;
    if (warmup > 0 && (r->scene->render.features & SW_FEAT_TAA)) {
        sward_vulkan_view view = render_frame_view(r, &fd);
        set_switches(r, &fd);
        if (render_taa_needs_reset(r, &view)) {
            r->history_incomplete = false;
            for (int k = 0; k < warmup; k++)
                if ((res = record(r, &fd, true, err))) return res;
        }
    }
    if ((res = record(r, &fd, false, err))) return res;
    if (ticket) *ticket = r->frames;
    return SWARD_OK;
}

sward_result sward_render_wait(sward_renderer *r, uint64_t ticket, sward_image *image, sward_frame_stats *stats,
                               sward_error *err)
{
    sward_result res = standalone_only(r, "sward_render_wait", err);
    if (res != SWARD_OK) return res;
    render_slot *s = NULL;
    for (uint32_t i = 0; i < r->slot_count; i++)
        if (ticket && r->slots[i].ticket == ticket) s = &r->slots[i];
    if (!s)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "sward_render_wait: frame %llu is not in flight (at most %u frames are kept)",
                         (unsigned long long)ticket, r->slot_count);
    if (image && (!image->pixels || image->width != s->width || image->height != s->height))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_render_wait: image must be %ux%u with pixels", s->width,
                         s->height);
    if ((res = gpu_frame_wait(&r->ctx->dev, &s->frame, err))) return res;
    if ((res = render_collect(r, s, err))) return res;
    if (image) memcpy(image->pixels, s->pixels.mapped, sward_image_bound(s->width, s->height));
    if (stats) *stats = s->stats;
    return SWARD_OK;
}

/* sward_render and sward_render_hdr: a complete frame, its image (may be NULL) and HDR image (may be NULL). */
static sward_result render_complete(sward_renderer *r, const sward_frame_desc *frame, sward_image *image,
                                    sward_image_hdr *hdr, sward_frame_stats *stats, const char *fn, sward_error *err)
{
    sward_result res = standalone_only(r, fn, err);
    if (res != SWARD_OK) return res;
    if (image && (!image->pixels || image->width != r->width || image->height != r->height))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: image must be %ux%u with pixels", fn, r->width,
                         r->height);
    if (hdr && (!hdr->pixels || hdr->width != r->width || hdr->height != r->height))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: HDR image must be %ux%u with pixels", fn, r->width,
                         r->height);
    /* A frame whose blades outgrew the lists is rendered again once they have grown (render_collect): the
     * image is always complete. With TAA the frames of its history (the warm-up) must be complete too, in
     * every view (the near shadow cascade's casters): which blades a full list drops depends on the order
     * the GPU ran the tiles, and the still would not be the same every time. Twice is enough; a third try
     * covers a list limited by the device. */
    sward_frame_stats st;
    render_slot *s = NULL;
    for (int attempt = 0; attempt < 3; attempt++) {
        uint64_t ticket;
        r->hdr_wanted = hdr != NULL;
        res = sward_render_submit(r, frame, &ticket, err);
        r->hdr_wanted = false;
        if (res) return res;
        if ((res = sward_render_wait(r, ticket, image, &st, err))) return res;
        for (uint32_t i = 0; i < r->slot_count; i++)
            if (r->slots[i].ticket == ticket) s = &r->slots[i];
        for (uint32_t i = 0; i < r->slot_count; i++) { /* the warm-up's frames still unread */
            render_slot *w = &r->slots[i];
            if (w->ticket == 0 || w->counted || !w->stats_copied) continue;
            if ((res = gpu_frame_wait(&r->ctx->dev, &w->frame, err)) || (res = render_collect(r, w, err))) return res;
        }
        if (st.blades_dropped == 0 && !r->history_incomplete) break;
        r->taa.valid = false; /* the history holds an incomplete frame: warm up again */
    }
    if (hdr) {
        if (!s || !s->hdr_copied)
            return core_fail(err, SWARD_ERROR_VULKAN, "%s: the frame did not read back its HDR image", fn);
        memcpy(hdr->pixels, s->hdr_pixels.mapped, sward_image_hdr_bound(hdr->width, hdr->height));
    }
    if (stats) *stats = st;
    return SWARD_OK;
}

sward_result sward_render(sward_renderer *r, const sward_frame_desc *frame, sward_image *image,
                          sward_frame_stats *stats, sward_error *err)
{
    if (!image) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_render: no image");
    return render_complete(r, frame, image, NULL, stats, "sward_render", err);
}

sward_result sward_render_hdr(sward_renderer *r, const sward_frame_desc *frame, sward_image *image,
                              sward_image_hdr *hdr, sward_frame_stats *stats, sward_error *err)
{
    if (!hdr) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_render_hdr: no HDR image");
    return render_complete(r, frame, image, hdr, stats, "sward_render_hdr", err);
}

double sward_stats_pass_ms(const sward_frame_stats *stats, const char *name)
{
    if (!stats || !name) return -1.0;
    for (uint32_t i = 0; i < stats->pass_count && i < SWARD_MAX_PASSES; i++)
        if (strcmp(stats->passes[i].name, name) == 0) return stats->passes[i].gpu_ms;
    return -1.0;
}

sward_result sward_read_blades(sward_renderer *r, const sward_frame_desc *frame, void *blades, size_t capacity,
                               size_t *count, sward_error *err)
{
    *count = 0;
    sward_result res = standalone_only(r, "sward_read_blades", err);
    if (res != SWARD_OK) return res;
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    gpu_device *dev = &r->ctx->dev;
    for (int attempt = 0; attempt < 3; attempt++) {
        VkCommandBuffer cmd = VK_NULL_HANDLE;
        if ((res = begin(r, &fd, &cmd, err))) {
            if (cmd) vkEndCommandBuffer(cmd);
            return res;
        }
        render_slot *s = &r->slots[r->slot];
        sward_vulkan_view view = render_frame_view(r, &fd);
        res = render_place(r, cmd, &view, false, err);
        if (res == SWARD_OK) res = sward_cmd_cull(r, cmd, NULL, err);
        VkDeviceSize draw_bytes = (VkDeviceSize)r->tile_count * sizeof(sw_tile_draw);
        VkDeviceSize blade_bytes = (VkDeviceSize)r->views[0].survivor_capacity * sizeof(sw_blade);
        gpu_buffer rb_draws = {0}, rb_blades = {0};
        if (res == SWARD_OK)
            res = gpu_buffer_create(dev, &rb_draws, draw_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                                    "sward.tile_draws_readback", err);
        if (res == SWARD_OK)
            res = gpu_buffer_create(dev, &rb_blades, blade_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                    GPU_MEMORY_READBACK, "sward.blades_readback", err);
        if (res == SWARD_OK) {
            render_access(r, cmd, RES_TILE_DRAWS, 0, GPU_ACCESS_TRANSFER_READ, false);
            render_access(r, cmd, RES_SURVIVORS, 0, GPU_ACCESS_TRANSFER_READ, false);
            if (draw_bytes)
                vkCmdCopyBuffer(cmd, r->res[RES_TILE_DRAWS][0].buffer.buffer, rb_draws.buffer, 1,
                                &(VkBufferCopy){0, 0, draw_bytes});
            vkCmdCopyBuffer(cmd, r->res[RES_SURVIVORS][0].buffer.buffer, rb_blades.buffer, 1,
                            &(VkBufferCopy){0, 0, blade_bytes});
            gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
            res = gpu_frame_submit(dev, &s->frame, err);
        } else {
            vkEndCommandBuffer(cmd);
            s->ticket = 0;
        }
        if (res == SWARD_OK) res = gpu_frame_wait(dev, &s->frame, err);
        if (res == SWARD_OK) res = render_collect(r, s, err);
        bool again = res == SWARD_OK && s->stats.blades_dropped > 0;
        if (res == SWARD_OK && !again) {
            /* each tile's run: its high blades, then its low ones, in the frame's tile order */
            const sw_tile_draw *d = rb_draws.mapped;
            const sw_blade *src = rb_blades.mapped;
            sw_blade *dst = blades;
            size_t n = 0;
            for (uint32_t t = 0; t < r->tile_count; t++)
                for (uint32_t k = 0; k < d[t].high + d[t].low; k++) {
                    if (n < capacity) dst[n] = src[d[t].first + k];
                    n++;
                }
            *count = n;
            if (n > capacity)
                res = core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_read_blades: %zu blades do not fit in %zu", n,
                                capacity);
        }
        gpu_buffer_destroy(dev, &rb_draws);
        gpu_buffer_destroy(dev, &rb_blades);
        if (!again) return res;
    }
    return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "sward_read_blades: the survivor list did not grow enough");
}

sward_result render_read_shadows(sward_renderer *r, const sward_frame_desc *frame, float *layers, float *far,
                                 sw_view views[SW_MAX_VIEWS], sward_error *err)
{
    sward_result res = standalone_only(r, "render_read_shadows", err);
    if (res != SWARD_OK) return res;
    if (!r->shadows.on) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "render_read_shadows: no shadows");
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    gpu_device *dev = &r->ctx->dev;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if ((res = begin(r, &fd, &cmd, err))) {
        if (cmd) vkEndCommandBuffer(cmd);
        return res;
    }
    render_slot *s = &r->slots[r->slot];
    const VkDeviceSize layer_bytes = (VkDeviceSize)RENDER_SHADOW_SIZE * RENDER_SHADOW_SIZE * sizeof(float);
    const VkDeviceSize far_bytes = (VkDeviceSize)r->shadows.far_size * r->shadows.far_size * sizeof(float);
    gpu_buffer rb_layers = {0}, rb_far = {0};
    sward_vulkan_view view = render_frame_view(r, &fd);
    res = render_place(r, cmd, &view, false, err);
    if (res == SWARD_OK) res = sward_cmd_cull(r, cmd, NULL, err);
    if (res == SWARD_OK) res = sward_cmd_shadows(r, cmd, err);
    if (res == SWARD_OK)
        res = gpu_buffer_create(dev, &rb_layers, 2 * layer_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                                "sward.shadow_readback", err);
    if (res == SWARD_OK)
        res = gpu_buffer_create(dev, &rb_far, far_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                                "sward.shadow_far_readback", err);
    if (res == SWARD_OK) {
        render_access(r, cmd, RES_SHADOW, 0, GPU_ACCESS_TRANSFER_READ, false);
        render_access(r, cmd, RES_SHADOW_FAR, 0, GPU_ACCESS_TRANSFER_READ, false);
        VkBufferImageCopy regions[2];
        for (uint32_t l = 0; l < 2; l++)
            regions[l] = (VkBufferImageCopy){
                .bufferOffset = l * layer_bytes,
                .imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, l, 1},
                .imageExtent = {RENDER_SHADOW_SIZE, RENDER_SHADOW_SIZE, 1},
            };
        vkCmdCopyImageToBuffer(cmd, r->res[RES_SHADOW][0].image.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                               rb_layers.buffer, 2, regions);
        vkCmdCopyBuffer(cmd, r->res[RES_SHADOW_FAR][0].buffer.buffer, rb_far.buffer, 1, &(VkBufferCopy){0, 0, far_bytes});
        gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
        res = gpu_frame_submit(dev, &s->frame, err);
    } else {
        vkEndCommandBuffer(cmd);
        s->ticket = 0;
    }
    if (res == SWARD_OK) res = gpu_frame_wait(dev, &s->frame, err);
    if (res == SWARD_OK) res = render_collect(r, s, err);
    if (res == SWARD_OK) {
        if (layers) memcpy(layers, rb_layers.mapped, 2 * layer_bytes);
        if (far) memcpy(far, rb_far.mapped, far_bytes);
        for (uint32_t k = 0; k < SW_MAX_VIEWS && views; k++) views[k] = r->views[k].constants;
    }
    gpu_buffer_destroy(dev, &rb_layers);
    gpu_buffer_destroy(dev, &rb_far);
    return res;
}

sward_result render_read_assets(sward_renderer *r, const sward_frame_desc *frame, render_asset_readback *out,
                               sward_error *err)
{
    memset(out, 0, sizeof *out);
    sward_result res = standalone_only(r, "render_read_assets", err);
    if (res != SWARD_OK) return res;
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    gpu_device *dev = &r->ctx->dev;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if ((res = begin(r, &fd, &cmd, err))) {
        if (cmd) vkEndCommandBuffer(cmd);
        return res;
    }
    render_slot *s = &r->slots[r->slot];
    sward_vulkan_view view = render_frame_view(r, &fd);
    res = render_place(r, cmd, &view, false, err);
    if (res == SWARD_OK) res = sward_cmd_cull(r, cmd, NULL, err);
    const render_assets *ra = &r->assets;
    VkDeviceSize cb = (VkDeviceSize)ra->cluster_count * sizeof(sw_cluster);
    VkDeviceSize ib = cb / sizeof(sw_cluster) * SW_CLUSTER_CANDIDATES * sizeof(sw_instance);
    VkDeviceSize db = sizeof ra->draws[0], nb = (VkDeviceSize)ra->drawn_total * sizeof(sw_drawn);
    VkDeviceSize total = cb + ib + RENDER_ASSET_VIEWS * db + nb + 16;
    gpu_buffer rb = {0};
    if (res == SWARD_OK)
        res = gpu_buffer_create(dev, &rb, total, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                                "sward.assets_readback", err);
    if (res == SWARD_OK) {
        render_access(r, cmd, RES_ASSET_CLUSTERS, 0, GPU_ACCESS_TRANSFER_READ, false);
        render_access(r, cmd, RES_ASSET_INSTANCES, 0, GPU_ACCESS_TRANSFER_READ, false);
        if (cb) vkCmdCopyBuffer(cmd, r->res[RES_ASSET_CLUSTERS][0].buffer.buffer, rb.buffer, 1, &(VkBufferCopy){0, 0, cb});
        if (ib) vkCmdCopyBuffer(cmd, r->res[RES_ASSET_INSTANCES][0].buffer.buffer, rb.buffer, 1, &(VkBufferCopy){0, cb, ib});
        for (uint32_t v = 0; v < RENDER_ASSET_VIEWS; v++) {
            render_access(r, cmd, RES_ASSET_DRAWS, v, GPU_ACCESS_TRANSFER_READ, false);
            vkCmdCopyBuffer(cmd, r->res[RES_ASSET_DRAWS][v].buffer.buffer, rb.buffer, 1,
                            &(VkBufferCopy){0, cb + ib + v * db, db});
        }
        render_access(r, cmd, RES_ASSET_DRAWN, 0, GPU_ACCESS_TRANSFER_READ, false);
        if (nb)
            vkCmdCopyBuffer(cmd, r->res[RES_ASSET_DRAWN][0].buffer.buffer, rb.buffer, 1,
                            &(VkBufferCopy){0, cb + ib + RENDER_ASSET_VIEWS * db, nb});
        gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
        res = gpu_frame_submit(dev, &s->frame, err);
    } else {
        vkEndCommandBuffer(cmd);
        s->ticket = 0;
    }
    if (res == SWARD_OK) res = gpu_frame_wait(dev, &s->frame, err);
    if (res == SWARD_OK) res = render_collect(r, s, err);
    if (res == SWARD_OK) {
        const uint8_t *m = rb.mapped;
        out->cluster_count = ra->cluster_count;
        out->drawn_total = ra->drawn_total;
        out->clusters = malloc(cb + 1);
        out->instances = malloc(ib + 1);
        out->drawn = malloc(nb + 1);
        if (!out->clusters || !out->instances || !out->drawn) {
            render_asset_readback_free(out);
            res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "render_read_assets: out of memory");
        } else {
            memcpy(out->clusters, m, cb);
            memcpy(out->instances, m + cb, ib);
            memcpy(out->draws, m + cb + ib, RENDER_ASSET_VIEWS * db);
            memcpy(out->drawn, m + cb + ib + RENDER_ASSET_VIEWS * db, nb);
            for (uint32_t k = 0; k < SW_MAX_VIEWS; k++) out->views[k] = r->views[k].constants;
            out->stats = s->stats;
        }
    }
    gpu_buffer_destroy(dev, &rb);
    return res;
}

void render_asset_readback_free(render_asset_readback *rb)
{
    free(rb->clusters);
    free(rb->instances);
    free(rb->drawn);
    memset(rb, 0, sizeof *rb);
}

sward_result sward_renderer_resize(sward_renderer *r, uint32_t width, uint32_t height, sward_error *err)
{
    sward_result res = standalone_only(r, "sward_renderer_resize", err);
    if (res != SWARD_OK) return res;
    if (width == 0 || height == 0 || width > (uint32_t)WORLD_IMAGE_SIZE_MAX || height > (uint32_t)WORLD_IMAGE_SIZE_MAX)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_renderer_resize: %ux%u: each side must be 1..%u", width,
                         height, (uint32_t)WORLD_IMAGE_SIZE_MAX);
    if (width == r->width && height == r->height) return SWARD_OK;
    uint32_t ow = r->width, oh = r->height;
    r->width = width;
    r->height = height;
    /* the targets and the passes' size-dependent resources are replaced; frames in flight keep the old ones,
     * which are freed when the slot of the newest frame comes round again */
    if ((res = render_targets_resize(r, err)) || (res = render_graph_resize(r, err))) {
        r->width = ow;
        r->height = oh;
    }
    return res;
}

void sward_renderer_size(const sward_renderer *r, uint32_t *width, uint32_t *height)
{
    if (width) *width = r ? r->width : 0;
    if (height) *height = r ? r->height : 0;
}

sward_result render_read_depth(sward_renderer *r, float *out, sward_error *err)
{
    sward_result res = standalone_only(r, "render_read_depth", err);
    if (res != SWARD_OK) return res;
    gpu_device *dev = &r->ctx->dev;
    VkDeviceSize bytes = (VkDeviceSize)r->width * r->height * sizeof(float);
    gpu_buffer rb = {0};
    res = gpu_buffer_create(dev, &rb, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                            "sward.depth_readback", err);
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if (res == SWARD_OK) res = gpu_begin_once(dev, &cmd, err);
    if (res == SWARD_OK) {
        vkDeviceWaitIdle(dev->device); /* the frames in flight wrote it */
        render_access(r, cmd, RES_DEPTH, 0, GPU_ACCESS_TRANSFER_READ, false);
        VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
                                    .imageExtent = {r->width, r->height, 1}};
        vkCmdCopyImageToBuffer(cmd, r->res[RES_DEPTH][0].image.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, rb.buffer,
                               1, &region);
        gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
        res = gpu_submit_wait(dev, cmd, err);
    }
    if (res == SWARD_OK) memcpy(out, rb.mapped, (size_t)bytes);
    gpu_buffer_destroy(dev, &rb);
    return res;
}
