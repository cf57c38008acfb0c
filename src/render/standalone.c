/* standalone.c — sward's own frame (sward_render, the CLI): the embedded entry points (frame.c) recorded into
 * sward's own command buffer with sward's own targets, then post and the copy to the host:
 *   place -> ground (clears the targets) -> cull against the ground's depth -> blades (the hardware's; the compute
 *   rasteriser's, BX1) -> shadows -> post (the compute blades' G-buffer, lighting, TAA, bloom, tone map) -> copy.
 * Frames in flight: each frame slot has its command buffer, fence, timestamps, readbacks and retired
 * resources; sward_render_submit returns while the GPU works, sward_render_wait collects a frame. */
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

/* One dynamic-rendering instance into sward's targets, as a host's would be: the depth alone (the depth prime) or
 * the G-buffer with the depth; clearing or loading. The motion target clears to SW_MOTION_NONE (grass writes
 * none). */
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
        .renderArea = {{0, 0}, {r->config.width, r->config.height}},
        .layerCount = 1,
        .colorAttachmentCount = gbuffer ? RENDER_GBUFFER_COUNT : 0u,
        .pColorAttachments = gbuffer ? color : NULL,
        .pDepthAttachment = &depth,
    };
    vkCmdBeginRendering(cmd, &ri);
}

sward_result render_standalone_only(const sward_renderer *r, const char *fn, sward_error *err)
{
    if (!r) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no renderer", fn);
    if (!r->config.standalone)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: this renderer draws into a host's targets (sward_renderer_create_vulkan); use "
                         "sward_cmd_place, sward_cmd_cull and sward_cmd_draw",
                         fn);
    return SWARD_OK;
}

sward_result render_standalone_begin(sward_renderer *r, const sward_frame_desc *fd, bool hdr, bool warmup,
                                     VkCommandBuffer *cmd, sward_error *err)
{
    uint32_t next = (uint32_t)(r->frames % r->slot_count);
    render_slot *s = &r->slots[next];
    sward_result res = gpu_frame_begin(&r->ctx->dev, &s->frame, err);
    if (res != SWARD_OK) return res;
    *cmd = s->frame.cmd;
    render_plan_switches(r, fd);
    r->next_frame = (render_frame_kind){.hdr_out = hdr, .history_only = warmup}; /* for sward_cmd_place */
    return SWARD_OK;
}

void render_standalone_abandon(sward_renderer *r, VkCommandBuffer cmd)
{
    vkEndCommandBuffer(cmd);
    for (uint32_t k = 0; k < r->slot_count; k++) {
        render_slot *s = &r->slots[k];
        if (s->frame.cmd != cmd) continue;
        s->ticket = 0; /* the slot is free again */
        if (s->stream.transfer_submits) { /* its upload, which no frame waits for now, done before the slot's reuse */
            VkSemaphoreWaitInfo wi = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                                      .semaphoreCount = 1,
                                      .pSemaphores = &r->upload_queue.timeline,
                                      .pValues = &s->transfer_value};
            vkWaitSemaphores(r->ctx->dev.device, &wi, UINT64_MAX);
        }
    }
}

/* A slot's readback buffer of `bytes_per_pixel` a pixel for the current size: the output image's (4) or the
 * linear HDR image's (16, sward_render_hdr). Replaced only when the size changed; the slot's frame is done. */
static sward_result slot_readback(sward_renderer *r, gpu_buffer *buf, VkDeviceSize bytes_per_pixel, const char *name,
                                  sward_error *err)
{
    VkDeviceSize bytes = (VkDeviceSize)r->config.width * r->config.height * bytes_per_pixel;
    if (buf->buffer && buf->size == bytes) return SWARD_OK;
    gpu_buffer_destroy(&r->ctx->dev, buf);
    return gpu_buffer_create(&r->ctx->dev, buf, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK, name,
                             err);
}

sward_result render_hdr_out_ensure(sward_renderer *r, sward_error *err)
{
    VkDeviceSize bytes = (VkDeviceSize)r->config.width * r->config.height * 4u * sizeof(float);
    const gpu_buffer *b = render_buffer(r, RES_HDR_OUT, 0);
    if (b->buffer && b->size == bytes) return SWARD_OK;
    return render_buffer_replace(r, RES_HDR_OUT, 0, bytes, err);
}

/* Step 2: the ground first, the occluders of the Hi-Z test, into sward's targets (cleared); with the depth prime
 * (SH1) its depth only. */
static void draw_ground(sward_renderer *r, VkCommandBuffer cmd)
{
    render_slot *s = &r->slots[r->slot];
    bool primed = r->plan.depth_prime;
    begin_targets(r, cmd, !primed, true, true);
    /* SH1: fragment shader invocations of the G-buffer. Not on lavapipe for the ground without the prime:
     * Mesa 22.3's lavapipe crashes with a statistics query around a depth-writing pass of this size. */
    if (!primed && r->ctx->dev.props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU) gpu_stats_begin(cmd, &s->stats_query, 0);
    sward_cmd_draw(r, cmd, primed ? SWARD_DRAW_GROUND_DEPTH : SWARD_DRAW_GROUND);
    gpu_stats_end(cmd, &s->stats_query);
    vkCmdEndRendering(cmd);
}

/* Step 4: the blades after culling. With the depth prime: the blades' depth, then the G-buffer of everything with
 * depth EQUAL; without: the blades' G-buffer. */
static void draw_blades(sward_renderer *r, VkCommandBuffer cmd)
{
    render_slot *s = &r->slots[r->slot];
    if (r->plan.depth_prime) {
        begin_targets(r, cmd, false, false, false);
        sward_cmd_draw(r, cmd, SWARD_DRAW_BLADES_DEPTH);
        vkCmdEndRendering(cmd);
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
}

/* Step 7: the output image (and the linear HDR image) into the slot's read-backs. */
static void copy_out(sward_renderer *r, VkCommandBuffer cmd)
{
    render_slot *s = &r->slots[r->slot];
    render_access(r, cmd, RES_LDR, 0, GPU_ACCESS_TRANSFER_READ, false);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {r->config.width, r->config.height, 1},
    };
    vkCmdCopyImageToBuffer(cmd, render_image(r, RES_LDR, 0)->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           s->pixels.buffer, 1, &region);
    if (r->plan.hdr_out) {
        render_access(r, cmd, RES_HDR_OUT, 0, GPU_ACCESS_TRANSFER_READ, false);
        vkCmdCopyBuffer(cmd, render_buffer(r, RES_HDR_OUT, 0)->buffer, s->hdr_pixels.buffer, 1,
                        &(VkBufferCopy){0, 0, s->hdr_pixels.size});
        s->hdr_copied = true;
    }
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
}

/* A frame: the entry points an embedding host calls (sward_vulkan.h), in its order, with sward's own targets:
 *   1 place    sward_cmd_place: the frame's constants, tiles, PLACE passes
 *   2 ground   sward_cmd_draw of the ground (its depth prime, or its G-buffer), clearing the targets
 *   3 cull     sward_cmd_cull against that depth: with mesh assets their first culling phase and depth prime,
 *              the blades' Hi-Z and culling, the assets' second phase and the pyramid for the next frame (SC3)
 *   4 blades   sward_cmd_draw of the blades' depth, then the G-buffer of everything (or the blades' G-buffer)
 *   5 shadows  sward_cmd_shadows
 *   6 post     sward_cmd_post: the compute rasteriser, the resolves, lighting, TAA, bloom, tone map (a warm-up
 *              frame: up to TAA)
 *   7 copy     the image (and HDR image) to the slot's read-backs; none in a warm-up frame
 * `warmup`: SH8, sward_render_submit's frames before a still; `hdr`: sward_render_hdr's frame. */
static sward_result record(sward_renderer *r, const sward_frame_desc *fd, bool warmup, bool hdr, sward_error *err)
{
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    sward_result res = render_standalone_begin(r, fd, hdr, warmup, &cmd, err);
    if (res != SWARD_OK && !cmd) return res;
    /* CPU time of the frame: choosing tiles and recording, not the wait for the slot's last frame and the
     * reading of its counters (sward_cmd_place's start) */
    double t0;
    sward_vulkan_view view = render_frame_view(r, fd);
    if (res == SWARD_OK) res = sward_cmd_place(r, cmd, &view, err);          /* 1 */
    render_slot *s = &r->slots[r->slot];
    const double place_ms = s->cpu_ms, place_thread_ms = s->cpu_thread_ms; /* sward_cmd_place's, without its start */
    t0 = core_now_ms();
    const double c0 = core_thread_ms();
    if (res == SWARD_OK) res = slot_readback(r, &s->pixels, 4, "sward.pixels_readback", err);
    s->hdr_copied = false;
    if (res == SWARD_OK && r->plan.hdr_out)
        res = slot_readback(r, &s->hdr_pixels, 4 * sizeof(float), "sward.hdr_readback", err);
    if (res == SWARD_OK && r->plan.hdr_out) res = render_hdr_out_ensure(r, err);
    if (res == SWARD_OK) draw_ground(r, cmd);                                /* 2 */
    if (res == SWARD_OK) res = sward_cmd_cull(r, cmd, NULL, err);            /* 3 */
    if (res == SWARD_OK) draw_blades(r, cmd);                                /* 4 */
    if (res == SWARD_OK) res = sward_cmd_shadows(r, cmd, err);               /* 5 */
    if (res == SWARD_OK) res = sward_cmd_post(r, cmd, NULL, err);            /* 6 */
    if (res != SWARD_OK) {
        render_standalone_abandon(r, cmd);
        return res;
    }
    if (!warmup) copy_out(r, cmd);                                           /* 7 */
    s->cpu_ms = place_ms + core_now_ms() - t0;
    s->cpu_thread_ms = place_thread_ms + core_thread_ms() - c0;
    return render_frame_submit(r, s, err);
}

static sward_result submit(sward_renderer *r, const sward_frame_desc *frame, bool hdr, uint64_t *ticket,
                           sward_error *err)
{
    sward_result res = render_standalone_only(r, "sward_render_submit", err);
    if (res != SWARD_OK) return res;
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    /* SH8: a frame without a usable TAA history (the first, after a resize or a camera cut) comes after
     * taa_warmup jittered frames of the same time and view, so that a still is anti-aliased, converged and
     * the same every time */
    int warmup = fd.taa_warmup == 0 ? SWARD_TAA_WARMUP_DEFAULT : fd.taa_warmup;
    if (warmup > 0 && (r->scene->render.features & SW_FEAT_TAA)) {
        sward_vulkan_view view = render_frame_view(r, &fd);
        render_plan_switches(r, &fd);
        if (render_taa_needs_reset(r, &view)) {
            r->taa.incomplete = false;
            for (int k = 0; k < warmup; k++)
                if ((res = record(r, &fd, true, hdr, err))) return res;
        }
    }
    if ((res = record(r, &fd, false, hdr, err))) return res;
    if (ticket) *ticket = r->frames;
    return SWARD_OK;
}

sward_result sward_render_submit(sward_renderer *r, const sward_frame_desc *frame, uint64_t *ticket,
                                 sward_error *err)
{
    return submit(r, frame, false, ticket, err);
}

sward_result sward_render_wait(sward_renderer *r, uint64_t ticket, sward_image *image, sward_frame_stats *stats,
                               sward_error *err)
{
    sward_result res = render_standalone_only(r, "sward_render_wait", err);
    if (res != SWARD_OK || (res = render_stats_size(stats, "sward_render_wait", err)) != SWARD_OK) return res;
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
    sward_result res = render_standalone_only(r, fn, err);
    if (res != SWARD_OK || (res = render_stats_size(stats, fn, err)) != SWARD_OK) return res;
    if (image && (!image->pixels || image->width != r->config.width || image->height != r->config.height))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: image must be %ux%u with pixels", fn, r->config.width,
                         r->config.height);
    if (hdr && (!hdr->pixels || hdr->width != r->config.width || hdr->height != r->config.height))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: HDR image must be %ux%u with pixels", fn, r->config.width,
                         r->config.height);
    /* A frame whose blades outgrew the lists is rendered again once they have grown (render_collect): the
     * image is always complete. With TAA the frames of its history (the warm-up) must be complete too, in
     * every view (the near shadow cascade's casters): which blades a full list drops depends on the order
     * the GPU ran the tiles, and the still would not be the same every time. Twice is enough; a third try
     * covers a list limited by the device. */
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    render_slot *s = NULL;
    for (int attempt = 0; attempt < 3; attempt++) {
        uint64_t ticket;
        if ((res = submit(r, frame, hdr != NULL, &ticket, err))) return res;
        if ((res = sward_render_wait(r, ticket, image, &st, err))) return res;
        for (uint32_t i = 0; i < r->slot_count; i++)
            if (r->slots[i].ticket == ticket) s = &r->slots[i];
        for (uint32_t i = 0; i < r->slot_count; i++) { /* the warm-up's frames still unread */
            render_slot *w = &r->slots[i];
            if (w->ticket == 0 || w->counted || !w->stats_copied) continue;
            if ((res = gpu_frame_wait(&r->ctx->dev, &w->frame, err)) || (res = render_collect(r, w, err))) return res;
        }
        if (st.blades.dropped == 0 && !r->taa.incomplete) break;
        r->taa.valid = false; /* the history holds an incomplete frame: warm up again */
    }
    if (hdr) {
        if (!s || !s->hdr_copied)
            return core_fail(err, SWARD_ERROR_VULKAN, "%s: the frame did not read back its HDR image", fn);
        memcpy(hdr->pixels, s->hdr_pixels.mapped, sward_image_hdr_bound(hdr->width, hdr->height));
        hdr->exposure = st.exposure.linear;
        hdr->white_point = r->scene->render.settings.tonemap == SWARD_TONEMAP_REINHARD ? 0.0f
                                                                                        : r->scene->render.settings.white_point;
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

uint32_t sward_renderer_pass_count(const sward_renderer *r)
{
    return r ? render_graph_pass_count(r) : 0;
}

double sward_stats_pass_ms(const sward_frame_stats *stats, const char *name)
{
    if (!stats || !name || stats->struct_size != sizeof *stats) return -1.0;
    for (uint32_t i = 0; stats->passes.times && i < stats->passes.count; i++)
        if (strcmp(stats->passes.times[i].name, name) == 0) return stats->passes.times[i].gpu_ms;
    return -1.0;
}

sward_result sward_renderer_resize(sward_renderer *r, uint32_t width, uint32_t height, sward_error *err)
{
    sward_result res = render_standalone_only(r, "sward_renderer_resize", err);
    if (res != SWARD_OK) return res;
    if (width == 0 || height == 0 || width > (uint32_t)WORLD_IMAGE_SIZE_MAX || height > (uint32_t)WORLD_IMAGE_SIZE_MAX)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_renderer_resize: %ux%u: each side must be 1..%u", width,
                         height, (uint32_t)WORLD_IMAGE_SIZE_MAX);
    if (width == r->config.width && height == r->config.height) return SWARD_OK;
    uint32_t ow = r->config.width, oh = r->config.height;
    render_config_render_size(r, width, height);
    /* the targets and the passes' size-dependent resources are replaced; frames in flight keep the old ones,
     * which are freed when the slot of the newest frame comes round again */
    if ((res = render_graph_resize(r, err))) {
        render_config_render_size(r, ow, oh);
    }
    return res;
}

void sward_renderer_size(const sward_renderer *r, uint32_t *width, uint32_t *height)
{
    if (width) *width = r ? r->config.width : 0;
    if (height) *height = r ? r->config.height : 0;
}
