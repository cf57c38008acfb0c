/* readback.c — what tests read back of a frame (sward_read_blades, render_read_shadows, render_read_assets) and
 * of the last one (render_read_depth, render_read_gbuffer, render_read_wind_field): the sward_testing library,
 * which only the tests link (testing/readback.h, sward/sward_testing.h). A frame's read-back is one helper: the
 * frame begun in the next slot, placed, culled (and its shadows), then the job's copies into one read-back buffer,
 * submit, wait, the counters collected; the job reads what it copied. */
#include "testing/readback.h"
#include "wind/wind.h"

#include <stdlib.h>
#include <string.h>

/* A read-back of one frame: its size once the frame is culled, its copies, and what it does with them. */
typedef struct readback_job {
    const char *fn;   /* the caller's name (errors) */
    bool shadows;     /* the frame records sward_cmd_shadows too */
    VkDeviceSize (*bytes)(sward_renderer *r, void *arg);
    void (*copy)(sward_renderer *r, VkCommandBuffer cmd, VkBuffer dst, void *arg);
    sward_result (*read)(sward_renderer *r, const void *mapped, void *arg, sward_error *err); /* after the wait */
    void *arg;
} readback_job;

static sward_result readback_frame(sward_renderer *r, const sward_frame_desc *frame, const readback_job *job,
                                   sward_error *err)
{
    sward_result res = render_standalone_only(r, job->fn, err);
    if (res != SWARD_OK) return res;
    sward_frame_desc fd = frame ? *frame : (sward_frame_desc){0};
    gpu_device *dev = &r->ctx->dev;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if ((res = render_standalone_begin(r, &fd, false, false, &cmd, err))) {
        if (cmd) vkEndCommandBuffer(cmd);
        return res;
    }
    render_slot *s = &r->slots[r->frames % r->slot_count]; /* the slot sward_cmd_place begins */
    sward_vulkan_view view = render_frame_view(r, &fd);
    view.no_occlusion = true; /* no ground is drawn to cull against */
    gpu_buffer rb = {0};
    res = sward_cmd_place(r, cmd, &view, err);
    if (res == SWARD_OK) res = sward_cmd_cull(r, cmd, NULL, err);
    if (res == SWARD_OK && job->shadows) res = sward_cmd_shadows(r, cmd, err);
    if (res == SWARD_OK)
        res = gpu_buffer_create(dev, &rb, job->bytes(r, job->arg), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                GPU_MEMORY_READBACK, "sward.test_readback", err);
    if (res == SWARD_OK) {
        job->copy(r, cmd, rb.buffer, job->arg);
        gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
        res = render_frame_submit(r, s, err);
    } else {
        render_standalone_abandon(r, cmd);
    }
    if (res == SWARD_OK) res = gpu_frame_wait(dev, &s->frame, err);
    if (res == SWARD_OK) res = render_collect(r, s, err);
    if (res == SWARD_OK) res = job->read(r, rb.mapped, job->arg, err);
    gpu_buffer_destroy(dev, &rb);
    return res;
}

/* ---- sward_read_blades: the camera's survivors, each tile's run in the frame's tile order ---- */

typedef struct blades_arg {
    void *blades;
    size_t capacity, count;
    bool again; /* the survivor list was full: render again once it has grown */
    VkDeviceSize draw_bytes, blade_bytes;
} blades_arg;

static VkDeviceSize blades_bytes(sward_renderer *r, void *arg)
{
    blades_arg *a = arg;
    a->draw_bytes = (VkDeviceSize)r->work.tile_count * sizeof(sw_tile_draw);
    a->blade_bytes = (VkDeviceSize)r->views[0].survivor_capacity * sizeof(sw_blade);
    return a->draw_bytes + a->blade_bytes;
}

static void blades_copy(sward_renderer *r, VkCommandBuffer cmd, VkBuffer dst, void *arg)
{
    const blades_arg *a = arg;
    render_access(r, cmd, RES_TILE_DRAWS, 0, GPU_ACCESS_TRANSFER_READ, false);
    render_access(r, cmd, RES_SURVIVORS, 0, GPU_ACCESS_TRANSFER_READ, false);
    if (a->draw_bytes)
        vkCmdCopyBuffer(cmd, render_buffer(r, RES_TILE_DRAWS, 0)->buffer, dst, 1, &(VkBufferCopy){0, 0, a->draw_bytes});
    vkCmdCopyBuffer(cmd, render_buffer(r, RES_SURVIVORS, 0)->buffer, dst, 1,
                    &(VkBufferCopy){0, a->draw_bytes, a->blade_bytes});
}

static sward_result blades_read(sward_renderer *r, const void *mapped, void *arg, sward_error *err)
{
    blades_arg *a = arg;
    a->again = r->slots[r->slot].stats.blades.dropped > 0;
    if (a->again) return SWARD_OK;
    /* each tile's run: its high blades, then its low ones, in the frame's tile order */
    const sw_tile_draw *d = mapped;
    const sw_blade *src = (const sw_blade *)((const uint8_t *)mapped + a->draw_bytes);
    sw_blade *dst = a->blades;
    size_t n = 0;
    for (uint32_t t = 0; t < r->work.tile_count; t++)
        for (uint32_t k = 0; k < d[t].high + d[t].low; k++) {
            if (n < a->capacity) dst[n] = src[d[t].first + k];
            n++;
        }
    a->count = n;
    if (n > a->capacity)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_read_blades: %zu blades do not fit in %zu", n,
                         a->capacity);
    return SWARD_OK;
}

sward_result sward_read_blades(sward_renderer *r, const sward_frame_desc *frame, void *blades, size_t capacity,
                               size_t *count, sward_error *err)
{
    *count = 0;
    blades_arg a = {.blades = blades, .capacity = capacity};
    readback_job job = {"sward_read_blades", false, blades_bytes, blades_copy, blades_read, &a};
    for (int attempt = 0; attempt < 3; attempt++) {
        a.again = false;
        sward_result res = readback_frame(r, frame, &job, err);
        *count = a.count;
        if (res != SWARD_OK || !a.again) return res;
    }
    return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "sward_read_blades: the survivor list did not grow enough");
}

/* ---- render_read_shadows: the shadow map's two layers, the far map, the lit heights, the views ---- */

typedef struct shadows_arg {
    float *layers, *far, *lit;
    sw_view *views;
} shadows_arg;

static VkDeviceSize layer_bytes(const sward_renderer *r)
{
    return (VkDeviceSize)r->config.shadow_size * r->config.shadow_size * sizeof(float);
}

static VkDeviceSize far_bytes(const sward_renderer *r)
{
    return (VkDeviceSize)r->shadows.far_size * r->shadows.far_size * sizeof(float);
}

static VkDeviceSize shadows_bytes(sward_renderer *r, void *arg)
{
    (void)arg;
    return 5 * layer_bytes(r) + far_bytes(r); /* the lit heights: two floats a texel; the compute casters */
}

/* The near cascade's casters rasterised in compute (shadow_raster, shadow_assets), a buffer of the layer's size
 * where they can run. */
static bool has_casters(sward_renderer *r)
{
    return render_buffer(r, RES_SHADOW_CASTERS, 0)->size == layer_bytes(r);
}

static void shadows_copy(sward_renderer *r, VkCommandBuffer cmd, VkBuffer dst, void *arg)
{
    (void)arg;
    render_access(r, cmd, RES_SHADOW, 0, GPU_ACCESS_TRANSFER_READ, false);
    render_access(r, cmd, RES_SHADOW_FAR, 0, GPU_ACCESS_TRANSFER_READ, false);
    render_access(r, cmd, RES_SHADOW_LIT, 0, GPU_ACCESS_TRANSFER_READ, false);
    VkBufferImageCopy regions[2];
    for (uint32_t l = 0; l < 2; l++)
        regions[l] = (VkBufferImageCopy){
            .bufferOffset = l * layer_bytes(r),
            .imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, l, 1},
            .imageExtent = {r->config.shadow_size, r->config.shadow_size, 1},
        };
    vkCmdCopyImageToBuffer(cmd, render_image(r, RES_SHADOW, 0)->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst, 2,
                           regions);
    vkCmdCopyBuffer(cmd, render_buffer(r, RES_SHADOW_FAR, 0)->buffer, dst, 1,
                    &(VkBufferCopy){0, 2 * layer_bytes(r), far_bytes(r)});
    vkCmdCopyBuffer(cmd, render_buffer(r, RES_SHADOW_LIT, 0)->buffer, dst, 1,
                    &(VkBufferCopy){0, 2 * layer_bytes(r) + far_bytes(r), 2 * layer_bytes(r)});
    if (has_casters(r)) {
        render_access(r, cmd, RES_SHADOW_CASTERS, 0, GPU_ACCESS_TRANSFER_READ, false);
        vkCmdCopyBuffer(cmd, render_buffer(r, RES_SHADOW_CASTERS, 0)->buffer, dst, 1,
                        &(VkBufferCopy){0, 4 * layer_bytes(r) + far_bytes(r), layer_bytes(r)});
    }
}

static sward_result shadows_read(sward_renderer *r, const void *mapped, void *arg, sward_error *err)
{
    (void)err;
    const shadows_arg *a = arg;
    if (a->layers) memcpy(a->layers, mapped, 2 * layer_bytes(r));
    /* the near layer as the lookup sees it (shadow.inc.glsl): where the view has compute casters, the nearer of
     * them (depth bits, 0: none) and the layer (when it was drawn: SW_VIEW_LAYER) */
    const uint32_t near_flags = r->views[SW_VIEW_NEAR].constants.flags;
    if (a->layers && has_casters(r) && (near_flags & SW_VIEW_CASTERS)) {
        const uint32_t *c = (const uint32_t *)((const uint8_t *)mapped + 4 * layer_bytes(r) + far_bytes(r));
        const bool layer = (near_flags & SW_VIEW_LAYER) != 0;
        for (size_t i = 0; i < (size_t)r->config.shadow_size * r->config.shadow_size; i++) {
            float d;
            memcpy(&d, &c[i], sizeof d);
            const float l = layer ? a->layers[i] : 0.0f;
            a->layers[i] = d > l ? d : l;
        }
    }
    if (a->far) memcpy(a->far, (const uint8_t *)mapped + 2 * layer_bytes(r), far_bytes(r));
    if (a->lit) memcpy(a->lit, (const uint8_t *)mapped + 2 * layer_bytes(r) + far_bytes(r), 2 * layer_bytes(r));
    for (uint32_t k = 0; k < SW_MAX_VIEWS && a->views; k++) a->views[k] = r->views[k].constants;
    return SWARD_OK;
}

sward_result render_read_shadows(sward_renderer *r, const sward_frame_desc *frame, float *layers, float *far,
                                 float *lit, sw_view views[SW_MAX_VIEWS], sward_error *err)
{
    sward_result res = render_standalone_only(r, "render_read_shadows", err);
    if (res != SWARD_OK) return res;
    if (!r->config.shadow_maps) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "render_read_shadows: no shadows");
    shadows_arg a = {layers, far, lit, views};
    readback_job job = {"render_read_shadows", true, shadows_bytes, shadows_copy, shadows_read, &a};
    return readback_frame(r, frame, &job, err);
}

uint32_t render_shadow_far_updates(sward_renderer *r)
{
    const render_shadow_far_state *st = render_pass_state_of(r, "shadow_far");
    return st ? st->updates : 0u;
}

uint32_t render_shadow_lit_updates(sward_renderer *r)
{
    const render_shadow_lit_state *st = render_pass_state_of(r, "shadow_lit");
    return st ? st->updates : 0u;
}

/* ---- render_read_assets: what the asset passes wrote ---- */

typedef struct assets_arg {
    render_asset_readback *out;
    VkDeviceSize cb, ib, db, nb; /* the slots' records and the frame's clusters, instances, one view's draws, the
                                    camera's drawn list */
} assets_arg;

static VkDeviceSize assets_bytes(sward_renderer *r, void *arg)
{
    assets_arg *a = arg;
    const render_assets *ra = &r->assets;
    a->cb = (VkDeviceSize)(ra->cache.slot_count + ra->cluster_count) * sizeof(sw_cluster);
    a->ib = (VkDeviceSize)ra->cache.slot_count * SW_CLUSTER_CANDIDATES * sizeof(sw_instance);
    a->db = sizeof ra->draws[0];
    a->nb = (VkDeviceSize)ra->drawn_total * sizeof(sw_drawn);
    return a->cb + a->ib + RENDER_ASSET_VIEWS * a->db + a->nb + 16;
}

static void assets_copy(sward_renderer *r, VkCommandBuffer cmd, VkBuffer dst, void *arg)
{
    const assets_arg *a = arg;
    render_access(r, cmd, RES_ASSET_CLUSTERS, 0, GPU_ACCESS_TRANSFER_READ, false);
    render_access(r, cmd, RES_ASSET_INSTANCES, 0, GPU_ACCESS_TRANSFER_READ, false);
    if (a->cb) vkCmdCopyBuffer(cmd, render_buffer(r, RES_ASSET_CLUSTERS, 0)->buffer, dst, 1, &(VkBufferCopy){0, 0, a->cb});
    if (a->ib)
        vkCmdCopyBuffer(cmd, render_buffer(r, RES_ASSET_INSTANCES, 0)->buffer, dst, 1, &(VkBufferCopy){0, a->cb, a->ib});
    for (uint32_t v = 0; v < RENDER_ASSET_VIEWS; v++) {
        render_access(r, cmd, RES_ASSET_DRAWS, v, GPU_ACCESS_TRANSFER_READ, false);
        vkCmdCopyBuffer(cmd, render_buffer(r, RES_ASSET_DRAWS, v)->buffer, dst, 1,
                        &(VkBufferCopy){0, a->cb + a->ib + v * a->db, a->db});
    }
    render_access(r, cmd, RES_ASSET_DRAWN, 0, GPU_ACCESS_TRANSFER_READ, false);
    if (a->nb)
        vkCmdCopyBuffer(cmd, render_buffer(r, RES_ASSET_DRAWN, 0)->buffer, dst, 1,
                        &(VkBufferCopy){0, a->cb + a->ib + RENDER_ASSET_VIEWS * a->db, a->nb});
}

static sward_result assets_read(sward_renderer *r, const void *mapped, void *arg, sward_error *err)
{
    const assets_arg *a = arg;
    render_asset_readback *out = a->out;
    const uint8_t *m = mapped;
    const uint32_t slots = r->assets.cache.slot_count;
    out->cluster_count = r->assets.cluster_count;
    out->slot_count = slots;
    out->drawn_total = r->assets.drawn_total;
    out->clusters = malloc(a->cb + 1);
    out->instances = malloc(a->ib + 1);
    out->drawn = malloc(a->nb + 1);
    if (!out->clusters || !out->instances || !out->drawn) {
        render_asset_readback_free(out);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "render_read_assets: out of memory");
    }
    /* each of the frame's clusters as its slot's record says (SC1: written when it was placed) */
    const sw_cluster *records = (const sw_cluster *)m, *list = records + slots;
    for (uint32_t k = 0; k < out->cluster_count; k++) out->clusters[k] = records[list[k].slot];
    memcpy(out->instances, m + a->cb, a->ib);
    memcpy(out->draws, m + a->cb + a->ib, RENDER_ASSET_VIEWS * a->db);
    memcpy(out->drawn, m + a->cb + a->ib + RENDER_ASSET_VIEWS * a->db, a->nb);
    for (uint32_t k = 0; k < SW_MAX_VIEWS; k++) out->views[k] = r->views[k].constants;
    out->stats = r->slots[r->slot].stats;
    return SWARD_OK;
}

sward_result render_read_assets(sward_renderer *r, const sward_frame_desc *frame, render_asset_readback *out,
                                sward_error *err)
{
    memset(out, 0, sizeof *out);
    assets_arg a = {.out = out};
    readback_job job = {"render_read_assets", false, assets_bytes, assets_copy, assets_read, &a};
    return readback_frame(r, frame, &job, err);
}

void render_asset_readback_free(render_asset_readback *rb)
{
    free(rb->clusters);
    free(rb->instances);
    free(rb->drawn);
    memset(rb, 0, sizeof *rb);
}

/* ---- the last frame's (no frame of their own) ---- */

/* Copies a named resource of the last frame into `out` once every frame in flight is done. */
static sward_result read_last(sward_renderer *r, render_res res, void *out, VkDeviceSize bytes, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    vkDeviceWaitIdle(dev->device); /* the frames in flight wrote it */
    gpu_buffer rb = {0};
    sward_result result = gpu_buffer_create(dev, &rb, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                                            "sward.test_readback", err);
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if (result == SWARD_OK) result = gpu_begin_once(dev, &cmd, err);
    if (result == SWARD_OK) {
        render_access(r, cmd, res, 0, GPU_ACCESS_TRANSFER_READ, false);
        if (res == RES_DEPTH || res == RES_MERGED_DEPTH || (res >= RES_GBUF_ALBEDO && res <= RES_MOTION)) {
            const VkImageAspectFlags aspect = res == RES_DEPTH ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
            VkBufferImageCopy region = {.imageSubresource = {aspect, 0, 0, 1},
                                        .imageExtent = {r->config.width, r->config.height, 1}};
            vkCmdCopyImageToBuffer(cmd, render_image(r, res, 0)->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                   rb.buffer, 1, &region);
        } else {
            vkCmdCopyBuffer(cmd, render_buffer(r, res, 0)->buffer, rb.buffer, 1, &(VkBufferCopy){0, 0, bytes});
        }
        gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
        result = gpu_submit_wait(dev, cmd, err);
    }
    if (result == SWARD_OK) memcpy(out, rb.mapped, (size_t)bytes);
    gpu_buffer_destroy(dev, &rb);
    return result;
}

sward_result render_read_depth(sward_renderer *r, float *out, sward_error *err)
{
    sward_result res = render_standalone_only(r, "render_read_depth", err);
    if (res != SWARD_OK) return res;
    /* the frame's depth: with the compute rasteriser the merged one (the depth image holds the hardware's) */
    const render_res depth = r->config.raster_compute ? RES_MERGED_DEPTH : RES_DEPTH;
    return read_last(r, depth, out, (VkDeviceSize)r->config.width * r->config.height * sizeof(float), err);
}

sward_result render_read_gbuffer(sward_renderer *r, uint32_t *out[4], sward_error *err)
{
    sward_result res = render_standalone_only(r, "render_read_gbuffer", err);
    const VkDeviceSize bytes = (VkDeviceSize)r->config.width * r->config.height * sizeof(uint32_t); /* 4-byte texels */
    for (int i = 0; i < 4 && res == SWARD_OK; i++) res = read_last(r, (render_res)(RES_GBUF_ALBEDO + i), out[i], bytes, err);
    return res;
}

sward_result render_read_wind_field(sward_renderer *r, float *out, sward_error *err)
{
    return read_last(r, RES_WIND_FIELD, out, WIND_FIELD_FLOATS * sizeof(float), err);
}
