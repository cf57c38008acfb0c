/* setup.c — a frame's setup (sward_cmd_place, SC1 SC2 TL3) as ordered stages, each producing what the next
 * reads, and the writer of the frame's work (render_work: lives one frame, reset at its start by
 * render_work_begin, filled here; passes read it); render_place calls the stages in order:
 *   0. resources  the passes' resources follow the features; the streamed world's windows follow the eye
 *                 (world_stream.c): what the constants describe;
 *   1. decide     the view's decisions into the plan (plan.c render_plan_view: TAA reset and jitter index,
 *                 motion, the exposure pass, the assets' culling phases; the frame's own were taken at its
 *                 start, render_plan_frame);
 *   2. constants  the frame's and the views' constants from the plan (camera.c render_constants), and the
 *                 camera's volume the tiles are chosen for;
 *   3. tiles      the camera's and the near cascade's tiles, the tile cache's slots and batches, the assets'
 *                 clusters (render_frame_tiles), and their numbers into the constants (render_tile_constants);
 *   4. late       the work the passes read (counts, each asset's room, the ground's CDLOD patches: setup_work),
 *                 then the decisions that need it and the final views (plan.c render_plan_late: the kept
 *                 shadow map);
 *   5. keep       the histories (history.c render_history_keep: TAA, exposure, the assets' pyramid, the shadow
 *                 map) and the slot's stats take this frame's values, after everything that reads the last
 *                 frame's;
 *   6. upload     constants, tiles, patches and clusters through the slot's mapped upload buffer;
 *   7. place      the PLACE passes.
 * No stage writes what an earlier one decided: plan.c alone writes the plan, camera.c alone the constants,
 * history.c the histories. */
#include "render/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

sward_result render_work_create(sward_renderer *r, uint32_t patches, sward_error *err)
{
    render_work *w = &r->work;
    w->frame = &r->frame;
    for (uint32_t k = 0; k < SW_MAX_VIEWS; k++) w->view[k] = &r->views[k].constants;
    w->terrain.capacity = patches;
    w->terrain.patches = malloc((size_t)patches * sizeof *w->terrain.patches);
    if (!w->terrain.patches)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for %u terrain patches", patches);
    return SWARD_OK;
}

void render_work_begin(sward_renderer *r)
{
    render_work *w = &r->work;
    w->culled = false;
    w->tile_count = 0;
    w->place_now = w->place_ahead = 0;
    w->cluster_count = w->cluster_place = 0;
}

/* 0. the resources the constants describe: sized for the features, the world's windows around the eye */
static sward_result setup_resources(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view,
                                    sward_error *err)
{
    sward_result res;
    r->views[0].vk = *view;
    if (r->sized_features != r->scene->render.features && (res = render_graph_resize(r, err))) return res;
    return render_world_update(r, cmd, view->eye, err); /* before the tiles and PLACE */
}

/* SC1: the frame's tiles through the cache: their slots, the lists without the tiles not placed yet, the tiles to
 * place now and ahead. A camera that moved farther than render.tile_cache.teleport_distance since the last frame
 * (or the first frame) is a teleport: everything the views need is placed at once. */
static sward_result cache_frame(sward_renderer *r, const float eye[3], render_frame_tiles *t, sward_error *err)
{
    const world_tile_cache *tc = &r->scene->render.tile_cache;
    const uint32_t k = (uint32_t)tc->tiles_per_frame;
    size_t need = t->camera + t->near + k;
    if (need > r->tiles.place_cap) {
        sw_tile *p = realloc(r->tiles.place, need * sizeof *p);
        if (!p) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for %zu tiles", need);
        r->tiles.place = p;
        r->tiles.place_cap = need;
    }
    float jump = tc->teleport_distance > 0.0f ? tc->teleport_distance : 0.25f * r->scene->render.draw_distance;
    float dx = eye[0] - r->tiles.eye[0], dy = eye[1] - r->tiles.eye[1], dz = eye[2] - r->tiles.eye[2];
    bool teleport = !r->tiles.primed || !(dx * dx + dy * dy + dz * dz <= jump * jump);
    render_slot *s = &r->slots[r->slot];
    memset(&s->cache, 0, sizeof s->cache);
    s->teleport = false;
    if (r->plan.switches.no_grass) return SWARD_OK; /* a frame without grass places nothing, not even ahead */
    memcpy(r->tiles.eye, eye, sizeof r->tiles.eye);
    r->tiles.primed = true;
    if (r->tiles.world_generation != r->world_generation) { /* the windows moved: look at whole rings again */
        r->tiles.world_generation = r->world_generation;
        place_cache_resweep(&r->tiles.cache);
    }
    place_cache_frame(&r->tiles.cache, r->scene, &r->tiles.index, eye, k, teleport, r->tiles.list, &t->camera,
                      &t->near, r->tiles.place, &s->cache);
    s->teleport = teleport;
    t->place_now = s->cache.now;
    t->place_ahead = s->cache.ahead;
    return SWARD_OK;
}

/* 3. the frame's tiles (the camera's, then the near cascade's), the cache's batches, the assets' clusters */
static sward_result setup_tiles(sward_renderer *r, const place_view *pv, double t0, render_frame_tiles *t,
                                sward_error *err)
{
    const render_switches *sw = &r->plan.switches;
    sward_result res;
    memset(t, 0, sizeof *t);
    t->camera = sw->no_grass ? 0 : place_choose_tiles_indexed(r->scene, &r->tiles.index, pv, !sw->no_cull,
                                                               r->tiles.list, &t->in_range);
    /* LS3: the near shadow cascade's casters come from the tiles in its own box (behind the camera too),
     * after the camera's; tiles in both are placed twice (a few, near the camera), each view culls its run.
     * None with no_culling (tests: every candidate of the view's tiles would cast). */
    if (r->plan.shadows && !sw->no_grass && !sw->no_cull) {
        place_view nv = *pv;
        memcpy(nv.frustum, r->views[SW_VIEW_NEAR].constants.frustum, sizeof nv.frustum);
        nv.draw_distance = fminf(nv.draw_distance, r->views[SW_VIEW_NEAR].constants.cull_distance);
        t->near = place_choose_tiles_indexed(r->scene, &r->tiles.index, &nv, true, r->tiles.list + t->camera, NULL);
    }
    /* SC1, SC2: the tile cache gives each tile its slot and says which tiles to place now and ahead */
    if ((res = cache_frame(r, r->views[0].vk.eye, t, err))) return res;
    const size_t total = t->camera + t->near, placed = (size_t)t->place_now + t->place_ahead;
    if ((res = render_ensure_tiles(r, (uint32_t)total, (uint32_t)(total + placed), err))) return res;
    r->tiles.total = (uint32_t)total;
    r->tiles.in_range = (uint32_t)t->in_range;
    /* PL8: the mesh assets' clusters around the eye, and every view's draws reset */
    const sw_view *c = &r->views[0].constants;
    if ((res = render_assets_frame(r, (const float[3]){c->cam_x, c->cam_y, c->cam_z}, c->frustum, err))) return res;
    t->cpu_ms = core_now_ms() - t0;
    return SWARD_OK;
}

/* 4. the frame's work the passes read: the counts of its tiles, placements and clusters, the room of each asset's
 * runs, the streamed world's uploads, and the ground's CDLOD patches each view draws (terrain_lod.h) */
static void setup_work(sward_renderer *r, const render_frame_tiles *t)
{
    render_work *w = &r->work;
    w->tile_count = (uint32_t)t->camera;
    w->place_now = t->place_now;
    w->place_ahead = t->place_ahead;
    w->cluster_count = r->assets.cluster_count;
    w->cluster_place = r->assets.place_count;
    for (uint32_t a = 0; a < r->assets.count; a++) w->asset_room[a] = r->assets.per_asset[a] * SW_CLUSTER_CANDIDATES;
    w->world_uploads = r->world_uploads;
    render_terrain_draws *td = &w->terrain;
    /* CDLOD: the camera's patches inside all its clip planes. The cascades draw no ground: it casts through the
     * lit heights (shadow_lit.c); their counts stay 0. */
    render_terrain_lod lod = render_terrain_lod_of(&r->config, w);
    _Static_assert(SWARD_VIEW_NEAR_SHADOW == SW_VIEW_NEAR && SWARD_VIEW_MID_SHADOW == SW_VIEW_MID, "view numbers");
    uint32_t used = 0;
    for (uint32_t v = 0; v < SWARD_VIEWS; v++) {
        const bool on = v == SW_VIEW_CAMERA && r->draw_terrain;
        const uint32_t room = td->capacity - used;
        uint32_t n = on ? render_terrain_select(&lod, w->view[v]->view_proj, RENDER_CLIP_ALL, td->patches + used, room)
                        : 0;
        if (n > td->capacity - used) n = td->capacity - used; /* never: the capacity is the mesh's bound per view */
        td->first[v] = used, td->count[v] = n;
        td->triangles[v] = (uint64_t)n * 2u * SW_TERRAIN_PATCH * SW_TERRAIN_PATCH;
        used += n;
    }
}

/* 5. the histories take this frame's values (history.c: each read the last frame's in stages 1-4), and the
 * slot's stats */
static void setup_stats(sward_renderer *r, const render_frame_tiles *t)
{
    render_slot *s = &r->slots[r->slot];
    s->asset_two_phase = r->plan.hiz_history;
    s->tile_count = r->work.tile_count;
    s->tiles_cached = r->tiles.cache.held;
    s->tiles_in_range = r->tiles.in_range;
    s->cpu_tiles_ms = t->cpu_ms;
    for (uint32_t k = 0; k < SWARD_VIEWS; k++) s->terrain_triangles[k] = r->work.terrain.triangles[k];
}

/* 6. constants and tiles through the slot's mapped upload buffer (its last frame is done), one copy each */
static sward_result setup_upload(sward_renderer *r, VkCommandBuffer cmd, const render_frame_tiles *t,
                                 sward_error *err)
{
    render_slot *s = &r->slots[r->slot];
    const size_t total = t->camera + t->near, placed = (size_t)t->place_now + t->place_ahead;
    const VkDeviceSize views_at = sizeof(sw_frame), tiles_at = views_at + SW_MAX_VIEWS * sizeof(sw_view);
    const VkDeviceSize place_at = tiles_at + (VkDeviceSize)total * sizeof(sw_tile);
    const VkDeviceSize patches_at = place_at + (VkDeviceSize)placed * sizeof(sw_tile);
    const render_terrain_draws *td = &r->work.terrain;
    const uint32_t patches = td->first[SWARD_VIEWS - 1] + td->count[SWARD_VIEWS - 1];
    const VkDeviceSize assets_at = patches_at + (VkDeviceSize)patches * sizeof(sw_terrain_patch);
    const VkDeviceSize bytes = assets_at + render_assets_upload_bytes(r);
    if (s->upload.size < bytes) {
        gpu_buffer_destroy(&r->ctx->dev, &s->upload);
        sward_result res = gpu_buffer_create(&r->ctx->dev, &s->upload, bytes + bytes / 4,
                                             VK_BUFFER_USAGE_TRANSFER_SRC_BIT, GPU_MEMORY_UPLOAD, "sward.frame_upload", err);
        if (res != SWARD_OK) return res;
    }
    uint8_t *up = s->upload.mapped;
    memcpy(up, &r->frame, sizeof r->frame);
    /* every view: the shadow views' constants are zero when the frame has none (shadow.inc.glsl tests flags) */
    for (uint32_t k = 0; k < SW_MAX_VIEWS; k++) memcpy(up + views_at + k * sizeof(sw_view), &r->views[k].constants, sizeof(sw_view));
    if (total) memcpy(up + tiles_at, r->tiles.list, total * sizeof(sw_tile));
    if (placed) memcpy(up + place_at, r->tiles.place, placed * sizeof(sw_tile));
    if (patches) memcpy(up + patches_at, td->patches, patches * sizeof(sw_terrain_patch));
    render_access(r, cmd, RES_FRAME, 0, GPU_ACCESS_TRANSFER_WRITE, false);
    render_access(r, cmd, RES_VIEWS, 0, GPU_ACCESS_TRANSFER_WRITE, false);
    render_access(r, cmd, RES_TILES, 0, GPU_ACCESS_TRANSFER_WRITE, false);
    render_access(r, cmd, RES_STATS, 0, GPU_ACCESS_TRANSFER_WRITE, false);
    vkCmdCopyBuffer(cmd, s->upload.buffer, render_buffer(r, RES_FRAME, 0)->buffer, 1, &(VkBufferCopy){0, 0, sizeof(sw_frame)});
    vkCmdCopyBuffer(cmd, s->upload.buffer, render_buffer(r, RES_VIEWS, 0)->buffer, 1,
                    &(VkBufferCopy){views_at, 0, SW_MAX_VIEWS * sizeof(sw_view)});
    if (total + placed)
        vkCmdCopyBuffer(cmd, s->upload.buffer, render_buffer(r, RES_TILES, 0)->buffer, 1,
                        &(VkBufferCopy){tiles_at, 0, (VkDeviceSize)(total + placed) * sizeof(sw_tile)});
    if (patches) {
        render_access(r, cmd, RES_TERRAIN_PATCHES, 0, GPU_ACCESS_TRANSFER_WRITE, false);
        vkCmdCopyBuffer(cmd, s->upload.buffer, render_buffer(r, RES_TERRAIN_PATCHES, 0)->buffer, 1,
                        &(VkBufferCopy){patches_at, 0, (VkDeviceSize)patches * sizeof(sw_terrain_patch)});
    }
    vkCmdFillBuffer(cmd, render_buffer(r, RES_STATS, 0)->buffer, 0, VK_WHOLE_SIZE, 0);
    if (r->plan.hiz_history) { /* SC3: phase 1's list empty, phase 2's dispatch (0, 1, 1) */
        static const uint32_t empty[4] = {0u, 0u, 1u, 1u};
        render_access(r, cmd, RES_ASSET_DEFERRED, 0, GPU_ACCESS_TRANSFER_WRITE, false);
        vkCmdUpdateBuffer(cmd, render_buffer(r, RES_ASSET_DEFERRED, 0)->buffer, 0, sizeof empty, empty);
    }
    render_assets_upload(r, cmd, &s->upload, assets_at);
    return SWARD_OK;
}

sward_result render_place(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view, sward_error *err)
{
    const double t0 = core_now_ms();
    sward_result res;
    place_view pv;
    render_frame_tiles tiles;
    if ((res = setup_resources(r, cmd, view, err))) return res;      /* 0. resources */
    render_plan_view(r, view);                                       /* 1. decide */
    render_constants(r, view, &pv);                                  /* 2. constants */
    if ((res = setup_tiles(r, &pv, t0, &tiles, err))) return res;    /* 3. tiles, clusters */
    render_tile_constants(r, &tiles);
    setup_work(r, &tiles);                                           /* 4. the work's counts, the ground */
    render_plan_late(r);                                             /*    late decisions */
    render_history_keep(r, view);                                    /* 5. histories, stats */
    setup_stats(r, &tiles);
    if ((res = setup_upload(r, cmd, &tiles, err))) return res;       /* 6. upload */
    render_run_phase(r, RENDER_PHASE_PLACE, cmd, 0);                 /* 7. place */
    return SWARD_OK;
}
