/* frame.c — the entry points a host records a frame with (SC2, TL3), in the order a frame runs them:
 *   sward_cmd_place  starts a frame in the next frame slot (its decisions at the start: render_plan_frame),
 *                    then the setup's stages (setup.c: decide, constants, tiles and clusters, late decisions,
 *                    keep the histories, upload through the slot's mapped buffer, the PLACE passes);
 *   sward_cmd_draw   the DRAW passes the flags select, inside the host's render pass instance: sward's ground
 *                    (before culling: the occluder) and, after culling, the blades;
 *   sward_cmd_cull   against the given depth: the mesh assets' occluders (their first culling phase and depth
 *                    prime, in a render pass instance of its own), the CULL passes per view (Hi-Z, culling,
 *                    draw arguments), the assets' second phase and the pyramid's history (SC3); then the
 *                    counters' copy for the slot's readback and the tiles placed ahead;
 *   sward_cmd_post   the POST passes: the compute rasteriser and the resolves into the G-buffer (BX1, BX6),
 *                    lighting, TAA, exposure, bloom, tone map.
 * Each call ends with the barriers that the DRAW passes need (they cannot have barriers inside a render pass
 * instance). The standalone frame (standalone.c) is these calls with sward's own targets (sward_cmd_shadows in
 * shadows.c): one frame order for sward and hosts. */
#include "render/render.h"

#include <string.h>

sward_result render_stats_size(const sward_frame_stats *stats, const char *fn, sward_error *err)
{
    if (!stats || stats->struct_size == sizeof *stats) return SWARD_OK;
    return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                     "%s: sward_frame_stats.struct_size is %zu, this sward's is %zu: set it to "
                     "sizeof(sward_frame_stats) (SWARD_FRAME_STATS_INIT), and build against this sward's sward.h",
                     fn, stats->struct_size, sizeof *stats);
}

sward_result render_collect(sward_renderer *r, render_slot *s, sward_error *err)
{
    if (s->ticket == 0 || s->counted || !s->stats_copied) return SWARD_OK;
    s->counted = true;
    const sw_cull_stats *c = s->stats_readback.mapped;
    sward_frame_stats *st = &s->stats;
    if (s->ticket > r->last_counted) r->last_counted = s->ticket;
    memset(st, 0, sizeof *st);
    st->struct_size = sizeof *st;
    st->passes.times = s->pass_times;
    st->blades.tiles = s->tile_count;
    st->blades.candidates = (uint64_t)s->tile_count * SW_TILE_CANDIDATES;
    st->blades.candidates_in_range = (uint64_t)s->tiles_in_range * SW_TILE_CANDIDATES;
    st->blades.high = c[0].high;
    st->blades.low = c[0].low;
    st->blades.drawn = c[0].drawn;
    st->blades.triangles = c[0].triangles;
    st->blades.removed_outside = c[0].outside;
    st->blades.removed_density = c[0].density;
    st->blades.removed_distance = c[0].distance;
    st->blades.removed_frustum = c[0].frustum;
    st->blades.removed_occlusion = c[0].occlusion;
    st->blades.dropped = c[0].needed > c[0].drawn ? c[0].needed - c[0].drawn : 0;
    st->cpu.frame_ms = s->cpu_ms;
    st->cpu.tiles_ms = s->cpu_tiles_ms;
    st->cpu.thread_ms = s->cpu_thread_ms;
    st->stream = s->stream;
    for (uint32_t v = 0; v < SWARD_VIEWS; v++)
        st->terrain.triangles[v] = s->terrain_triangles[v];
    st->memory.gpu_bytes = r->ctx->dev.allocated_bytes;
    st->memory.world_bytes = render_world_bytes(r);
    st->gbuffer.covered_pixels = c[0].covered;
    st->gbuffer.grass_pixels = c[0].grass_px;
    st->gbuffer.lower_pixels = c[0].lower_px;
    st->gbuffer.lower_ground = c[0].lower_ground;
    st->gbuffer.shaded = c[0].shaded;
    st->raster.compute = r->config.raster_compute;
    st->raster.threshold = r->raster == WORLD_RASTER_AUTO ? r->scene->render.raster_threshold : 0.0f;
    st->raster.blades = c[0].raster_blades;
    st->raster.hardware_blades = c[0].hw_blades;
    st->raster.tiles = c[0].raster_tiles;
    st->raster.pixels = c[0].raster_pixels;
    st->raster.fragments = c[0].raster_fragments;
    st->shadows.blades = r->plan.blade_views > 1 ? c[1].drawn : 0;
    st->shadows.raster_compute = s->shadow_compute;
    /* PL8, AS2: the camera's asset draws, per kind and level */
    const sw_asset_draw *ad = (const sw_asset_draw *)(c + SW_MAX_VIEWS);
    for (uint32_t a = 0; a < r->assets.count; a++)
        for (uint32_t k = 0; k < SW_ASSET_MAX_LODS && k < SWARD_ASSET_LODS; k++) {
            const sw_asset_draw *d = &ad[a * SW_ASSET_MAX_LODS + k];
            uint32_t kind = r->assets.gpu[a].kind < SWARD_ASSET_KINDS ? r->assets.gpu[a].kind : SWARD_ASSET_KIND_ROCK;
            st->assets.instances[kind][k] += d->instance_count;
            st->assets.triangles[kind][k] += (uint64_t)d->instance_count * (d->index_count / 3u);
            if (d->needed > d->instance_count) st->assets.dropped += d->needed - d->instance_count;
        }
    st->tile_cache.generated = s->cache.now + s->cache.ahead;
    st->tile_cache.missing = s->cache.missing;
    st->tile_cache.evicted = s->cache.evicted;
    st->tile_cache.cached = s->tiles_cached;
    st->tile_cache.teleport = s->teleport;
    st->tile_cache.cluster_bytes = (uint64_t)r->assets.cache.slot_count * PLACE_CLUSTER_SLOT_BYTES;
    st->tile_cache.bytes = (uint64_t)r->tiles.cache.slot_count * SW_TILE_SLOT_WORDS * sizeof(uint32_t) +
                           st->tile_cache.cluster_bytes;
    st->tile_cache.clusters_generated = s->clusters.now + s->clusters.ahead;
    st->tile_cache.clusters_cached = s->clusters_cached;
    st->tile_cache.clusters_missing = s->clusters.missing;
    st->tile_cache.clusters_evicted = s->clusters.evicted;
    st->tile_cache.budget_bytes = (uint64_t)((double)r->scene->render.tile_cache.budget_mib * 1048576.0);
    st->memory.vegetation_bytes = r->ctx->dev.device_buffer_bytes;
    /* PO4 (render_post): the exposure the frame was tone-mapped with */
    st->exposure.linear = s->exposure;
    if (s->exposure_copied) {
        const float *e = (const float *)((const char *)s->stats_readback.mapped + RENDER_STATS_EXPOSURE_AT);
        st->exposure =
            (sward_exposure_stats){.automatic = true, .ev = e[0], .linear = e[1], .target_ev = e[2], .mean_log = e[3]};
    }
    st->assets.clusters = c[0].asset_clusters;
    st->assets.clusters_culled = c[0].asset_clusters_culled;
    st->assets.occluded = c[0].asset_occluded;
    st->assets.deferred = c[0].asset_deferred;
    st->assets.late = c[0].asset_late;
    st->assets.two_phase = s->asset_two_phase;
    st->assets.occlude = s->assets_occlude;
    sward_result qres =
        gpu_stats_read(&r->ctx->dev, &s->stats_query, &st->gbuffer.fragments, &st->gbuffer.fragments_valid, err);
    if (qres != SWARD_OK) return qres;
    if (st->gbuffer.fragments_valid && st->gbuffer.covered_pixels)
        st->gbuffer.overdraw = (double)st->gbuffer.fragments / (double)st->gbuffer.covered_pixels;
    sward_result res = render_graph_times(r, s, st, err);
    if (res != SWARD_OK) return res;
    /* The survivor lists grow for the frames to come (SC2: memory follows what is on screen). */
    for (uint32_t v = 0; v < r->plan.blade_views && res == SWARD_OK; v++) {
        /* a view that did not get all its blades (which ones depends on the order workgroups ran): the TAA
         * history since the last reset is incomplete (sward_render renders the still again) */
        if (c[v].needed > c[v].drawn) r->taa.incomplete = true;
        res = render_fit_survivors(r, v, c[v].needed, err);
    }
    if (r->plan.blade_views > 1) r->near_blades = c[1].drawn; /* BX1: picks the near cascade's casters' path */
    return res;
}

sward_result render_begin_frame(sward_renderer *r, VkCommandBuffer cmd, bool no_occlusion, bool hdr_out,
                                bool history_only, sward_error *err)
{
    r->slot = (uint32_t)(r->frames % r->slot_count);
    r->frames++;
    render_slot *s = &r->slots[r->slot];
    /* The frame that used this slot is done (the standalone path waited for its fence; an embedding host
     * guarantees it by frames_in_flight): read its counters, free what it retired. */
    gpu_retired_flush(&r->ctx->dev, &s->retired);
    sward_result res = render_collect(r, s, err); /* may retire lists into this slot: they wait a round */
    if (res != SWARD_OK) return res;
    render_plan_frame(r, no_occlusion, hdr_out, history_only); /* the frame's decisions, once */
    render_work_begin(r);
    s->shadow_compute = r->plan.near_compute;
    s->assets_occlude = r->plan.assets_occlude;
    s->ticket = r->frames;
    s->counted = false;
    s->stats_copied = false;
    s->exposure_copied = false;
    s->exposure = r->scene->render.settings.exposure;
    s->timed_mask = 0;
    s->width = r->config.width;
    s->height = r->config.height;
    gpu_timer_reset(cmd, &s->timer);
    gpu_stats_reset(cmd, &s->stats_query);
    return SWARD_OK;
}

void render_post(sward_renderer *r, VkCommandBuffer cmd)
{
    bool taa = (r->config.features & SW_FEAT_TAA) != 0;
    if (taa) render_resources_swap_histories(r); /* SH8: last frame's output is this frame's history */
    render_run_phase(r, RENDER_PHASE_POST, cmd, 0);
    if (taa) render_taa_keep(r); /* the next frame reprojects into this one */
    render_slot *s = &r->slots[r->slot];
    s->exposure = r->frame.exposure;
    if (r->plan.auto_exposure) { /* PO4: the adapted exposure, for the frame's stats */
        render_access(r, cmd, RES_EXPOSURE, 0, GPU_ACCESS_TRANSFER_READ, false);
        vkCmdCopyBuffer(cmd, render_buffer(r, RES_EXPOSURE, 0)->buffer, s->stats_readback.buffer, 1,
                        &(VkBufferCopy){0, RENDER_STATS_EXPOSURE_AT, RENDER_STATS_EXPOSURE_BYTES});
        gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
        s->exposure_copied = true;
    }
}

void render_copy_stats(sward_renderer *r, VkCommandBuffer cmd)
{
    render_slot *s = &r->slots[r->slot];
    render_access(r, cmd, RES_STATS, 0, GPU_ACCESS_TRANSFER_READ, false);
    if (s->stats_copied) gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_TRANSFER_WRITE); /* again */
    vkCmdCopyBuffer(cmd, render_buffer(r, RES_STATS, 0)->buffer, s->stats_readback.buffer, 1,
                    &(VkBufferCopy){0, 0, SW_MAX_VIEWS * sizeof(sw_cull_stats)});
    if (render_buffer(r, RES_ASSET_DRAWS, 0)->buffer) {
        render_access(r, cmd, RES_ASSET_DRAWS, 0, GPU_ACCESS_TRANSFER_READ, false);
        vkCmdCopyBuffer(cmd, render_buffer(r, RES_ASSET_DRAWS, 0)->buffer, s->stats_readback.buffer, 1,
                        &(VkBufferCopy){0, SW_MAX_VIEWS * sizeof(sw_cull_stats), sizeof r->assets.draws[0]});
    }
    /* the host reads it after the frame's fence (standalone) or frames_in_flight frames later (embedded) */
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
    s->stats_copied = true;
}

sward_result sward_cmd_place(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view,
                             sward_error *err)
{
    if (!r || !cmd || !view) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_place: null argument");
    if (view->width == 0 || view->height == 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_place: render area %ux%u is empty", view->width,
                         view->height);
    /* the standalone frame's own requests (render_standalone_begin): a warm-up frame, the HDR read-back */
    const render_frame_kind kind = r->next_frame;
    r->next_frame = (render_frame_kind){0};
    sward_result res = render_begin_frame(r, cmd, view->no_occlusion, kind.hdr_out, kind.history_only, err);
    if (res != SWARD_OK) return res;
    double t0 = core_now_ms(), c0 = core_thread_ms(); /* recording, not reading the reused slot's counters */
    if (!r->config.standalone && (view->width != r->config.width || view->height != r->config.height)) {
        /* the host's render area sizes the view's Hi-Z pyramid */
        render_config_render_size(r, view->width, view->height);
        if ((res = render_graph_resize(r, err))) return res;
    }
    res = render_place(r, cmd, view, err);
    if (res == SWARD_OK)
        render_prepare_phase(r, RENDER_PHASE_DRAW, r->plan.depth_prime ? SWARD_DRAW_GROUND_DEPTH : SWARD_DRAW_GROUND,
                             cmd, 0);
    r->slots[r->slot].cpu_ms = core_now_ms() - t0;
    r->slots[r->slot].cpu_thread_ms = core_thread_ms() - c0;
    return res;
}

/* sward's own render pass instance in sward_cmd_cull: the mesh assets' depth prime into the frame's depth (the
 * host's, imported), with the id target where their G-buffer is resolved from it (BX6: plan.asset_resolve),
 * cleared by the first phase. */
static void begin_occluders(sward_renderer *r, VkCommandBuffer cmd, bool clear_id)
{
    VkRenderingAttachmentInfo id = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = render_image_view(r, RES_ASSET_ID, 0),
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = clear_id ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
    };
    VkRenderingAttachmentInfo depth = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = render_image_view(r, RES_DEPTH, 0),
        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
    };
    VkRenderingInfo ri = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {r->config.width, r->config.height}},
        .layerCount = 1,
        .colorAttachmentCount = r->plan.asset_resolve ? 1u : 0u,
        .pColorAttachments = r->plan.asset_resolve ? &id : NULL,
        .pDepthAttachment = &depth,
    };
    vkCmdBeginRendering(cmd, &ri);
}

/* SC3 (plan.assets_occlude): the mesh assets as occluders of the blades. The ground's Hi-Z (hiz_ground), the
 * camera's assets culled against it (asset_cull_camera: an instance behind a hill is not drawn), then their depth
 * prime (asset_occluders), so that the CULL phase's Hi-Z holds the ground and the assets: blades behind a tree or
 * a rock are not drawn either. */
static void draw_occluders(sward_renderer *r, VkCommandBuffer cmd)
{
    if (!r->plan.assets_occlude) return;
    render_run_phase(r, RENDER_PHASE_OCCLUDERS, cmd, 0);
    render_prepare_phase(r, RENDER_PHASE_DRAW, RENDER_DRAW_OCCLUDERS, cmd, 0);
    begin_occluders(r, cmd, true);
    sward_cmd_draw(r, cmd, RENDER_DRAW_OCCLUDERS);
    vkCmdEndRendering(cmd);
}

/* SC3 (plan.assets_occlude), after the CULL phase: with the last frame's pyramid (plan.hiz_history), the assets
 * the second culling phase found (asset_cull_late: hidden in the last frame, visible in this one) into the same
 * depth and id; then the pyramid of the ground and every asset drawn, the next frame's history (hiz_history). */
static void draw_late_occluders(sward_renderer *r, VkCommandBuffer cmd)
{
    if (!r->plan.assets_occlude) return;
    if (r->plan.hiz_history) {
        render_prepare_phase(r, RENDER_PHASE_DRAW, RENDER_DRAW_OCCLUDERS_LATE, cmd, 0);
        begin_occluders(r, cmd, false);
        sward_cmd_draw(r, cmd, RENDER_DRAW_OCCLUDERS_LATE);
        vkCmdEndRendering(cmd);
    }
    render_run_phase(r, RENDER_PHASE_HISTORY, cmd, 0);
}

sward_result sward_cmd_cull(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_depth *depth,
                            sward_error *err)
{
    if (!r || !cmd) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_cull: null argument");
    if (r->slots[r->slot].ticket != r->frames || r->work.culled)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_cull: call sward_cmd_place first, once per frame");
    /* sward's own frame culls against its own depth; a host's against the one it gives, unless its view said
     * there would be none (sward_vulkan_view.no_occlusion): the plan made for it at sward_cmd_place */
    const bool imported = !r->config.standalone && !r->plan.switches.no_occlusion;
    if (imported && (!depth || !depth->image || !depth->view))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "sward_cmd_cull: the depth needs an image and a view (or sward_cmd_place's view no_occlusion)");
    double t0 = core_now_ms();
    if (imported)
        render_import(r, RES_DEPTH, depth->image, depth->view, VK_NULL_HANDLE, r->config.depth_format,
                      GPU_ACCESS_DEPTH_ATTACHMENT, depth->layout);
    draw_occluders(r, cmd);
    /* each view's CULL passes (the plan says which: the camera and the near shadow cascade cull blades, the mid
     * cascade only the assets' casters; the far cascade draws nothing culled) */
    for (uint32_t k = 0; k < r->plan.view_count; k++) render_run_phase(r, RENDER_PHASE_CULL, cmd, k);
    draw_late_occluders(r, cmd);
    if (imported) render_unimport(r, cmd, RES_DEPTH, depth->layout); /* back to the host, in its layout */
    render_copy_stats(r, cmd);
    r->work.culled = true; /* the DRAW passes of blades draw from now on */
    render_prepare_phase(r, RENDER_PHASE_DRAW, r->plan.depth_prime ? SWARD_DRAW_BLADES_DEPTH : SWARD_DRAW_BLADES,
                         cmd, 0);
    /* SC2: the tiles placed ahead, after the draws' barriers: nothing orders the draws after them (they write
     * slots this frame does not read), so they overlap; the next frame's culling waits for them */
    render_run_phase(r, RENDER_PHASE_AHEAD, cmd, 0);
    r->slots[r->slot].cpu_ms += core_now_ms() - t0;
    return SWARD_OK;
}

void sward_cmd_draw(sward_renderer *r, VkCommandBuffer cmd, uint32_t what)
{
    if (!r || !cmd) return;
    if (what == 0) what = SWARD_DRAW_GROUND | SWARD_DRAW_BLADES;
    if (!r->draw_terrain) what &= ~(SWARD_DRAW_GROUND | SWARD_DRAW_GROUND_DEPTH);
    VkViewport vp = {0.0f, 0.0f, (float)r->config.width, (float)r->config.height, 0.0f, 1.0f};
    VkRect2D sc = {{0, 0}, {r->config.width, r->config.height}};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &sc);
    render_run_draws(r, what, cmd);
}

void sward_cmd_gbuffer_barriers(sward_renderer *r, VkCommandBuffer cmd)
{
    if (!r || !cmd) return;
    render_prepare_phase(r, RENDER_PHASE_DRAW, SWARD_DRAW_GROUND | SWARD_DRAW_BLADES, cmd, 0);
}

sward_result sward_cmd_post(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_post *p, sward_error *err)
{
    if (!r || !cmd) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_post: null argument");
    if (r->slots[r->slot].ticket != r->frames)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_post: call sward_cmd_place first");
    /* sward's own frame posts from and into its own targets; a host's from and into the images it gives */
    const bool imported = !r->config.standalone;
    if (imported) {
        bool complete = p && p->depth && p->depth_view && p->out && p->out_view;
        for (uint32_t i = 0; complete && i < RENDER_GBUFFER_COUNT; i++) complete = p->gbuffer[i] && p->gbuffer_view[i];
        if (!complete)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_post: every image (the G-buffer's, the depth, "
                                                             "the output) needs its image and view");
        /* BX1, BX6: the resolves write the host's G-buffer as storage images, the albedo through its UNORM view */
        const bool resolves = r->config.raster_compute || r->plan.terrain_resolve || r->plan.asset_resolve;
        if (resolves && !p->albedo_storage_view)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_post: the G-buffer is resolved in compute this "
                                                             "frame: albedo_storage_view is required");
        for (uint32_t i = 0; i < RENDER_GBUFFER_COUNT; i++)
            render_import(r, (render_res)(RES_GBUF_ALBEDO + i), p->gbuffer[i], p->gbuffer_view[i],
                          i == 0 ? p->albedo_storage_view : VK_NULL_HANDLE, RENDER_GBUFFER_FORMATS[i],
                          GPU_ACCESS_COLOR_ATTACHMENT, p->gbuffer_layout);
        render_import(r, RES_DEPTH, p->depth, p->depth_view, VK_NULL_HANDLE, r->config.depth_format,
                      GPU_ACCESS_DEPTH_ATTACHMENT, p->depth_layout);
        render_import(r, RES_LDR, p->out, p->out_view, VK_NULL_HANDLE, RENDER_LDR_FORMAT, GPU_ACCESS_NONE,
                      VK_IMAGE_LAYOUT_UNDEFINED);
    }
    render_post(r, cmd);
    render_copy_stats(r, cmd); /* again: with the lighting's pixel counts */
    if (imported) {
        for (uint32_t i = 0; i < RENDER_GBUFFER_COUNT; i++)
            render_unimport(r, cmd, (render_res)(RES_GBUF_ALBEDO + i), p->gbuffer_layout);
        render_unimport(r, cmd, RES_DEPTH, p->depth_layout);
        render_unimport(r, cmd, RES_LDR, VK_IMAGE_LAYOUT_GENERAL);
    }
    return SWARD_OK;
}

sward_result sward_vulkan_frame_stats(sward_renderer *r, bool completed, sward_frame_stats *stats, sward_error *err)
{
    if (!r || !stats) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_vulkan_frame_stats: null argument");
    sward_result sres = render_stats_size(stats, "sward_vulkan_frame_stats", err);
    if (sres != SWARD_OK) return sres;
    if (completed) {
        render_slot *s = &r->slots[r->slot];
        if (s->ticket == r->frames) {
            sward_result res = render_collect(r, s, err);
            if (res != SWARD_OK) return res;
        }
    }
    for (uint32_t i = 0; i < r->slot_count; i++)
        if (r->slots[i].counted && r->slots[i].ticket == r->last_counted) {
            *stats = r->slots[i].stats;
            return SWARD_OK;
        }
    memset(stats, 0, sizeof *stats);
    stats->struct_size = sizeof *stats;
    return SWARD_OK;
}
