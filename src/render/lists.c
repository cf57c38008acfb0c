/* lists.c — the frame's lists and how they grow (SPEC SC2: memory grows with the survivors): the
 * tiles (host-written each frame), the tile cache's slots (136 bytes a tile, allocated once: src/place/cache.c),
 * and per view the survivor list,
 * the tiles' runs in it and the indirect draws. Nothing here waits for the device: a list that must grow is
 * replaced and the old one retired to the current frame slot, freed when that slot is reused. The survivor
 * list grows from the counters of completed frames (render_collect); a frame whose survivors did not fit
 * draws the tiles that did and counts the rest (the standalone sward_render renders it again). */
#include "render/render.h"
#include "shared/sw_raster.h"

/* Blades: 7 MiB, enough for every scene in scenes/ and bench/ but dense. A first frame that needs more is
 * rendered again by sward_render once the list has grown (an estimate from the tiles, tried instead, was
 * twice the need for bench/dense.json: the type map's exclusions are not known before placement). */
#define SURVIVORS_INITIAL 262144u
#define SURVIVORS_SHADOW_INITIAL 65536u

sward_result render_lists_create(sward_renderer *r, sward_error *err)
{
    sward_result res;
    if ((res = render_buffer_replace(r, RES_FRAME, 0, sizeof(sw_frame), err)))
        return res;
    if ((res = render_buffer_replace(r, RES_VIEWS, 0, SW_MAX_VIEWS * sizeof(sw_view), err)))
        return res;
    if ((res = render_buffer_replace(r, RES_STATS, 0, SW_MAX_VIEWS * sizeof(sw_cull_stats), err)))
        return res;
    for (uint32_t s = 0; s < r->slot_count; s++)
        if ((res = gpu_buffer_create(&r->ctx->dev, &r->slots[s].stats_readback, RENDER_STATS_READBACK_BYTES,
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK, "sward.cull_stats_readback",
                                     err)))
            return res;
    /* SC1: the tile cache's slots, allocated once (its budget) */
    if ((res = render_buffer_replace(r, RES_MASKS, 0,
                                     (VkDeviceSize)(r->tiles.cache.slot_count ? r->tiles.cache.slot_count : 1u) *
                                         SW_TILE_SLOT_WORDS * sizeof(uint32_t), err)))
        return res;
    if ((res = render_ensure_tiles(r, 1, 1, err))) return res;
    if ((res = render_ensure_survivors(r, 0, SURVIVORS_INITIAL, err))) return res;
    /* the near shadow cascade: the blades within ~8 m of the camera (LS3) */
    for (uint32_t v = 1; v < render_config_blade_lists(&r->config); v++)
        if ((res = render_ensure_survivors(r, v, SURVIVORS_SHADOW_INITIAL, err))) return res;
    return SWARD_OK;
}

/* Half as much again, so that a flight's tile counts do not regrow the lists (BX5: flat memory). */
static uint32_t grown(uint32_t n, size_t max)
{
    uint64_t cap = (uint64_t)n + n / 2u + 16u;
    if (cap > max) cap = max;
    return cap < n ? n : (uint32_t)cap;
}

sward_result render_ensure_tiles(sward_renderer *r, uint32_t view_tiles, uint32_t all_tiles, sward_error *err)
{
    sward_result res;
    if (all_tiles > r->tiles.list_capacity) { /* the views' tiles, then the tiles placed this frame (16 bytes each) */
        uint32_t cap = grown(all_tiles, (size_t)UINT32_MAX);
        if ((res = render_buffer_replace(r, RES_TILES, 0, (VkDeviceSize)cap * sizeof(sw_tile), err)))
            return res;
        r->tiles.list_capacity = cap;
    }
    if (view_tiles <= r->tiles.capacity) return SWARD_OK;
    uint32_t cap = grown(view_tiles, r->tiles.max);
    for (uint32_t v = 0; v < render_config_blade_lists(&r->config); v++) {
        if ((res = render_buffer_replace(r, RES_TILE_DRAWS, v, (VkDeviceSize)cap * sizeof(sw_tile_draw), err)))
            return res;
        if ((res = render_buffer_replace(r, RES_DRAWS, v, (VkDeviceSize)cap * 2 * sizeof(sw_draw_cmd), err)))
            return res;
        /* the compute rasteriser's work lists: the header, then room for every batch of every tile (the two lists
         * share it: one grows from each end) */
        if ((res = render_buffer_replace(r, RES_RASTER_WORK, v,
                                         ((VkDeviceSize)SW_RASTER_WORK_HEADER + (VkDeviceSize)cap * SW_RASTER_BATCHES) *
                                             sizeof(uint32_t), err)))
            return res;
    }
    r->tiles.capacity = cap;
    return SWARD_OK;
}

/* The list's size for a need, in steps of 64 Ki blades: twice it up to 256 Ki blades, then 256 Ki or a third
 * more, whichever is larger. A field that breathes, or a camera flying over one up to twice as dense, does not
 * regrow a list of ordinary size (BX5: a growth is a step in the memory, and holds the old list too until the
 * frames in flight are done; bench/flight.json's blades in view range from 238 k to 400 k, within the first
 * list's 512 Ki, and its vegetation memory stays flat); a list of millions of blades, where the memory is, keeps
 * a third. 32 bytes a blade: bench/dense.json's 1.38 M blades take 56 MiB (84 MiB with twice the room). */
static uint64_t capacity_for(uint64_t needed)
{
    const uint64_t ordinary = 262144u;
    uint64_t more = needed <= ordinary ? needed : needed / 3u > ordinary ? needed / 3u : ordinary;
    uint64_t cap = needed + more;
    return (cap + 65535u) & ~(uint64_t)65535u;
}

sward_result render_fit_survivors(sward_renderer *r, uint32_t view, uint64_t needed, sward_error *err)
{
    render_view *v = &r->views[view];
    if (needed > v->survivor_capacity) return render_ensure_survivors(r, view, needed, err);
    /* Twice the room the view would get now (the camera left a dense field for good): give it back. */
    uint64_t target = capacity_for(needed > SURVIVORS_INITIAL ? needed : SURVIVORS_INITIAL);
    if (v->survivor_capacity <= target * 2) return SWARD_OK;
    v->survivor_capacity = 0;
    return render_ensure_survivors(r, view, needed > SURVIVORS_INITIAL ? needed : SURVIVORS_INITIAL, err);
}

sward_result render_ensure_survivors(sward_renderer *r, uint32_t view, uint64_t needed, sward_error *err)
{
    render_view *v = &r->views[view];
    if (needed <= v->survivor_capacity) return SWARD_OK;
    uint64_t cap = capacity_for(needed);
    uint64_t limit = r->ctx->dev.props.limits.maxStorageBufferRange / sizeof(sw_blade);
    if (cap > limit) cap = limit;
    if (needed > limit)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY,
                         "%s: %llu blades in view need %.1f MiB, more than this device can bind as one storage buffer "
                         "(maxStorageBufferRange %.1f MiB); lower the grass density or the draw distance",
                         r->scene->name, (unsigned long long)needed, (double)needed * sizeof(sw_blade) / 1048576.0,
                         (double)r->ctx->dev.props.limits.maxStorageBufferRange / 1048576.0);
    sward_result res = render_buffer_replace(r, RES_SURVIVORS, view, cap * sizeof(sw_blade), err);
    if (res != SWARD_OK) return res;
    v->survivor_capacity = (uint32_t)cap;
    return SWARD_OK;
}
