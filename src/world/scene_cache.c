/* scene_cache.c — render.tile_cache (SPEC SC1, SC2): the budget of the camera-local cache of placed tiles, how
 * many tiles a frame may place, and the camera jump that counts as a teleport. Documented in
 * docs/scene-format.md. */
#include "world/world.h"

#include "world/scene_json.h"

bool scene_parse_tile_cache(const sj_ctx *c, const cJSON *render, world_tile_cache *out)
{
    static const char *const known[] = {"budget_mib", "tiles_per_frame", "teleport_distance"};
    const cJSON *o = NULL;
    if (!sj_object(c, render, "render", "tile_cache", &o)) return false;
    if (!o) return true;
    int64_t k = out->tiles_per_frame;
    if (!SJ_CHECK_FIELDS(c, o, "render.tile_cache", known) ||
        !sj_number(c, o, "render.tile_cache", "budget_mib",
                   (sj_range){0.0, WORLD_TILE_CACHE_MIB_MAX, true, false, 0.01}, &out->budget_mib) ||
        !sj_integer(c, o, "render.tile_cache", "tiles_per_frame",
                    (sj_range){1.0, (double)WORLD_TILES_PER_FRAME_MAX, false, false, 0.0}, &k) ||
        !sj_number(c, o, "render.tile_cache", "teleport_distance",
                   (sj_range){0.0, 1.0e6, false, false, 0.0}, &out->teleport_distance))
        return false;
    out->tiles_per_frame = (int)k;
    return true;
}
