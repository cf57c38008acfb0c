/* world_stream.c — the renderer's side of streamed world data (BX5; src/world/stream.c holds the windows,
 * docs/world-format.md).
 *
 * The GPU's heights, type map and grass-height buffers are the CPU rings' copies, allocated once at the ring
 * size (renderer.c), so GPU memory stays constant however far the camera goes. At the start of each frame's
 * PLACE (render_place) the windows recentre on the eye (by whole pages, when the eye is more than half a page
 * from their centre); the pages that entered are copied from the CPU rings into the frame slot's staging buffer
 * (its last frame is done, so nothing in flight reads it; made and faulted in with the renderer), packed one after
 * the other, and copied with vkCmdCopyBuffer, one region a page row to its ring offset, in this frame's command
 * buffer: after every earlier command's reads of the buffers (frames in flight included: a barrier from all
 * earlier work) and before any later read. Where the device has a transfer queue, the staging first crosses into
 * a device-local landing buffer there and the frame copies from that (upload_queue.c). Behind the height ring
 * lie the world's overview (uploaded once, renderer.c) and the slot table the ground reads it by (ground_slots). */
#include "render/render.h"
#include "core/core.h"
#include "world/stream.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void render_world_uploaded(sward_renderer *r)
{
    world_stream *st = r->scene->terrain.stream;
    if (!st) return;
    st->all_dirty = false;
    st->hf_dirty_count = st->map_dirty_count = 0;
}

uint64_t render_world_bytes(const sward_renderer *r)
{
    return (uint64_t)(r->bufs.height_buf.size + r->bufs.type_map_buf.size + r->bufs.grass_height_buf.size +
                      r->bufs.layer_map_buf.size);
}

bool render_world_window_holds(const sward_renderer *r, double x0, double z0, double x1, double z1)
{
    return world_stream_holds(&r->scene->terrain, x0, z0, x1, z1);
}

/* A page of a ring (`elem` bytes a sample) packed into the staging at `*at`, its rows one after the other, and
 * the regions that copy each row to its place in the ring's device buffer; *at moves past the page. Packed, a
 * frame's pages touch as few staging bytes as they hold, the same ones every frame (the staging's pages stay
 * faulted in and cached), where copying them to their ring offsets would touch a new part of a window-sized
 * buffer each time the windows move. */
static uint32_t page_regions(VkBufferCopy *out, uint8_t *staging, VkDeviceSize *at, const uint8_t *ring_data, int ring,
                             int page, int pi, int pj, size_t elem)
{
    const size_t x = (size_t)((pi * page) % ring), z = (size_t)((pj * page) % ring), len = (size_t)page * elem;
    for (int b = 0; b < page; b++) {
        const size_t from = ((z + (size_t)b) * (size_t)ring + x) * elem;
        memcpy(staging + *at, ring_data + from, len);
        out[b] = (VkBufferCopy){*at, from, len};
        *at += len;
    }
    return (uint32_t)page;
}

sward_result render_world_staging(sward_renderer *r, sward_error *err)
{
    if (!r->scene->terrain.stream) return SWARD_OK;
    const VkDeviceSize bytes = r->bufs.height_buf.size + r->bufs.grass_height_buf.size + r->bufs.type_map_buf.size +
                               r->bufs.layer_map_buf.size;
    for (uint32_t i = 0; i < r->slot_count; i++) {
        render_slot *s = &r->slots[i];
        if (s->world_upload.buffer) continue;
        sward_result res = gpu_buffer_create_shared(&r->ctx->dev, &s->world_upload, bytes,
                                                    VK_BUFFER_USAGE_TRANSFER_SRC_BIT, GPU_MEMORY_UPLOAD,
                                                    "sward.world_upload", err);
        if (res != SWARD_OK) return res;
        memset(s->world_upload.mapped, 0, (size_t)bytes); /* its memory's pages faulted in now, not in a frame */
    }
    return render_upload_queue_create(r, bytes, err); /* where the device has a transfer queue */
}

sward_result render_streaming_check(const sward_streaming *s, sward_error *err)
{
    if (s && (s->workers < 0 || s->workers > SWARD_STREAM_WORKERS_MAX))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_streaming.workers: %d (0 to %d)", s->workers,
                         SWARD_STREAM_WORKERS_MAX);
    return SWARD_OK;
}

sward_result sward_renderer_set_streaming(sward_renderer *r, const sward_streaming *streaming, sward_error *err)
{
    if (!r || !streaming)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_renderer_set_streaming: null argument");
    sward_result res = render_streaming_check(streaming, err);
    if (res == SWARD_OK) r->streaming = *streaming;
    return res;
}

void render_world_stop(sward_renderer *r)
{
    sward_scene *scene = (sward_scene *)r->scene;
    world_stream *st = scene->terrain.stream;
    if (!st || !st->jobs) return;
    sward_result res;
    world_stream_collect(scene, 0, true, NULL,
                         &res); /* the windows whole again, as the synchronous loader keeps them */
    world_jobs_destroy(st->jobs);
    st->jobs = NULL;
}

/* The page jobs as r->streaming says: sward's threads, the host's run_job, or inline. */
static sward_result use_jobs(sward_renderer *r, sward_error *err)
{
    const sward_streaming *sm = &r->streaming;
    const world_jobs_config cfg = {
        .threads = sm->run_job ? 0 : sm->workers, .run_job = sm->run_job, .user = sm->run_job ? sm->job_user : NULL};
    return world_stream_use_jobs((sward_scene *)r->scene, &cfg, err);
}

/* The page uploads a frame allows without waiting (sward_streaming.upload_bytes): whole pages, the larger kind
 * (a map page: types, material and grass height, 6 bytes a texel), at least one. */
static uint32_t upload_pages(const sward_renderer *r, int page)
{
    const uint64_t budget = r->streaming.upload_bytes ? r->streaming.upload_bytes : SWARD_STREAM_UPLOAD_BYTES_DEFAULT;
    const uint64_t n = budget / ((uint64_t)page * (uint64_t)page * 6u);
    return n ? (uint32_t)(n < UINT32_MAX ? n : UINT32_MAX) : 1u;
}

/* BX7: the slot table behind the ring and the overview in the heights buffer (the page each height slot holds,
 * -1 none), where the ground looks before it reads a sample (terrain_lod.inc.glsl): updated in the frame's
 * command buffer whenever it differs from what the GPU has, between barriers from and to all other work. */
static void ground_slots(sward_renderer *r, VkCommandBuffer cmd, world_stream *st, int hring)
{
    const size_t n = (size_t)st->hf_n * (size_t)st->hf_n, bytes = n * sizeof *st->hf_slot;
    if (!memcmp(st->hf_slot, st->hf_slot_gpu, bytes)) return;
    memcpy(st->hf_slot_gpu, st->hf_slot, bytes);
    const VkDeviceSize at = sizeof(float) * ((VkDeviceSize)hring * (VkDeviceSize)hring +
                                             (VkDeviceSize)st->ov_n * (VkDeviceSize)st->ov_n);
    gpu_barrier_memory(cmd, GPU_ACCESS_ALL, GPU_ACCESS_TRANSFER_WRITE);
    for (size_t done = 0; done < bytes;) { /* vkCmdUpdateBuffer takes at most 64 KiB */
        const size_t len = bytes - done < 65536u ? bytes - done : 65536u;
        vkCmdUpdateBuffer(cmd, r->bufs.height_buf.buffer, at + done, len, (const uint8_t *)st->hf_slot + done);
        done += len;
    }
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_ALL);
}

sward_result render_world_update(sward_renderer *r, VkCommandBuffer cmd, const float eye[3], sward_error *err)
{
    /* The CPU mirror lives in the scene's terrain (world.h): the tile choice and the queries read the same window. */
    sward_scene *scene = (sward_scene *)r->scene;
    world_terrain *t = &scene->terrain;
    world_stream *st = t->stream;
    render_slot *s = &r->slots[r->slot];
    memset(&s->stream, 0, sizeof s->stream);
    if (!st) return SWARD_OK;
    const uint64_t requested = st->pages_requested;
    sward_result res = use_jobs(r, err);
    if (res != SWARD_OK) return res;
    /* the camera's forward on the ground (the view matrix's third row, negated): pages in view are made first */
    const float *v = r->views[0].vk.view;
    st->dir_x = -v[2], st->dir_z = -v[10];
    const bool moved = world_stream_update(scene, eye[0], eye[2], err, &res);
    if (res != SWARD_OK) return res;
    const double w0 = core_now_ms();
    const bool wait = !r->streaming.no_wait;
    const uint32_t put = world_stream_collect(scene, upload_pages(r, st->page), wait, err, &res);
    if (res != SWARD_OK) return res;
    if (moved || put) r->world_generation++; /* the tiles the new pages let in are looked for again */
    s->stream.wait_ms = wait ? core_now_ms() - w0 : 0.0;
    s->stream.pages_put = put;
    s->stream.pages_requested = (uint32_t)(st->pages_requested - requested);
    s->stream.pages_missing = world_stream_missing(st);
    s->stream.pages_cancelled = st->pages_cancelled;
    ground_slots(r, cmd, st, t->hf_ring);
    if (!st->all_dirty && !st->hf_dirty_count && !st->map_dirty_count) return SWARD_OK;
    r->world_uploads++; /* new heights or maps on the GPU: shadow_lit computes its map again (work.world_uploads) */

    const VkDeviceSize hb = sizeof(float) * (VkDeviceSize)t->hf_ring * (VkDeviceSize)t->hf_ring, gb = r->bufs.grass_height_buf.size, tb = r->bufs.type_map_buf.size;
    const VkDeviceSize lb = r->bufs.layer_map_buf.size, lo = hb + gb + tb; /* the layer map's staging offset */
    if ((res = render_world_staging(r, err)) != SWARD_OK) return res; /* made with the renderer: a no-op */
    uint8_t *up = s->world_upload.mapped;
    const int P = st->page, hring = t->hf_ring, mring = t->map_ring;
    const size_t most = st->all_dirty ? 1u : (size_t)(st->hf_dirty_count + st->map_dirty_count) * (size_t)P;
    VkBufferCopy *h = malloc(most * sizeof *h), *g = malloc(most * sizeof *g), *ty = malloc(most * sizeof *ty);
    VkBufferCopy *la = malloc(most * sizeof *la);
    if (!h || !g || !ty || !la) {
        free(h), free(g), free(ty), free(la);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the world's page copies");
    }
    uint32_t nh = 0, nm = 0;
    VkDeviceSize packed = 0; /* the staging's bytes in use: [0, packed) */
    if (st->all_dirty) {
        memcpy(up, t->heights, (size_t)hb);
        memcpy(up + hb, t->grass_height, (size_t)gb);
        memcpy(up + hb + gb, t->types, (size_t)mring * (size_t)mring);
        memcpy(up + lo, st->material, (size_t)mring * (size_t)mring);
        h[0] = (VkBufferCopy){0, 0, hb};
        g[0] = (VkBufferCopy){hb, 0, gb};
        ty[0] = (VkBufferCopy){hb + gb, 0, tb};
        la[0] = (VkBufferCopy){lo, 0, (VkDeviceSize)mring * (VkDeviceSize)mring};
        nh = nm = 1;
        packed = lo + (VkDeviceSize)mring * (VkDeviceSize)mring;
        s->stream.upload_bytes = (uint64_t)(hb + gb + tb + lb);
    } else {
        /* packed, by kind: the height pages, then the map pages' grass heights, types and materials (each kind's
         * pages at most its ring: they fit the window-sized staging) */
        const VkDeviceSize page2 = (VkDeviceSize)P * (VkDeviceSize)P, maps = (VkDeviceSize)st->map_dirty_count * page2;
        VkDeviceSize at_h = 0, at_g = (VkDeviceSize)st->hf_dirty_count * page2 * sizeof(float);
        VkDeviceSize at_t = at_g + maps * sizeof(float), at_l = at_t + maps;
        for (int k = 0; k < st->hf_dirty_count; k++) {
            const int p = st->hf_dirty[k];
            nh += page_regions(h + nh, up, &at_h, (const uint8_t *)t->heights, hring, P, p % st->hf_pages,
                               p / st->hf_pages, sizeof(float));
        }
        for (int k = 0; k < st->map_dirty_count; k++) {
            const int p = st->map_dirty[k], pi = p % st->map_pages, pj = p / st->map_pages;
            page_regions(g + nm, up, &at_g, (const uint8_t *)t->grass_height, mring, P, pi, pj, sizeof(float));
            /* types: 4 a word, low byte first (sw_type_at) = the bytes in order on a little-endian device */
            page_regions(la + nm, up, &at_l, st->material, mring, P, pi, pj, 1); /* the layer map, as the types */
            nm += page_regions(ty + nm, up, &at_t, t->types, mring, P, pi, pj, 1);
        }
        packed = at_l;
        s->stream.upload_bytes =
            (uint64_t)P * (uint64_t)P * (4u * (uint64_t)st->hf_dirty_count + 6u * (uint64_t)st->map_dirty_count);
    }
    /* BX7: with a transfer queue the staging crosses to the device there (upload_queue.c), and the rings are
     * filled from its landing buffer, the same offsets: the frame's submit waits for it at the copy stage */
    VkBuffer src = s->world_upload.buffer;
    if (render_upload_queue_on(r)) {
        res = render_upload_queue_submit(r, s, packed, err);
        src = s->world_landing.buffer;
    }
    if (res == SWARD_OK) {
        gpu_barrier_memory(cmd, GPU_ACCESS_ALL, GPU_ACCESS_TRANSFER_WRITE);
        if (nh) vkCmdCopyBuffer(cmd, src, r->bufs.height_buf.buffer, nh, h);
        if (nm) {
            vkCmdCopyBuffer(cmd, src, r->bufs.grass_height_buf.buffer, nm, g);
            vkCmdCopyBuffer(cmd, src, r->bufs.type_map_buf.buffer, nm, ty);
            vkCmdCopyBuffer(cmd, src, r->bufs.layer_map_buf.buffer, nm, la);
        }
        gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_ALL);
    }
    free(h), free(g), free(ty), free(la);
    if (res != SWARD_OK) return res;
    render_world_uploaded(r);
    return SWARD_OK;
}
