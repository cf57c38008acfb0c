/* scene_stream.c — the scene fields of streamed world data (BX5; docs/scene-format.md "Streamed worlds",
 * docs/world-format.md): terrain.world (a folder written by `sward bake world`) and terrain.stream ({"window":
 * metres, "page": samples}, or false for a baked world held whole). */
#include "world/scene_json.h"
#include "world/stream.h"

#include "core/core.h"

#include <string.h>

bool world_parse_stream(const sj_ctx *c, const cJSON *o, const char *base_dir, world_terrain *t)
{
    const cJSON *world = sj_member(o, "world"), *stream = sj_member(o, "stream");
    t->streamed = false;
    if (stream && !cJSON_IsFalse(stream)) {
        static const char *const known[] = {"window", "page"};
        const cJSON *so;
        int64_t page = 0;
        if (!sj_object(c, o, "terrain", "stream", &so) || !SJ_CHECK_FIELDS(c, so, "terrain.stream", known) ||
            !sj_number(c, so, "terrain.stream", "window",
                       (sj_range){1.0, 2.0 * WORLD_TERRAIN_SIZE_MAX, false, false, 0}, &t->stream_window) ||
            !sj_integer(c, so, "terrain.stream", "page", (sj_range){WORLD_PAGE_MIN, WORLD_PAGE_MAX, false, false, 0},
                        &page))
            return false;
        if (page % 16 != 0)
            return sj_fail(c, "terrain.stream.page", "must be a multiple of 16, got %lld", (long long)page);
        t->stream_page = page ? (int)page : WORLD_PAGE_DEFAULT;
        t->streamed = true;
    }
    if ((world || t->streamed) && sj_member(o, "layers"))
        return sj_fail(c, "terrain.layers",
                       "not with a streamed world (terrain.stream or terrain.world) yet: a streamed scene reads no "
                       "blend layers; `sward bake world` of the scene without streaming writes their material ids "
                       "and grass types into the world's pages");
    if (!world) {
        if (!t->streamed) return true;
        static const char *const generated_only[] = {"heightmap", "type_map", "grass_height_map"};
        for (int k = 0; k < 3; k++)
            if (sj_member(o, generated_only[k])) {
                char p[64];
                snprintf(p, sizeof p, "terrain.%s", generated_only[k]);
                return sj_fail(c, p,
                               "not allowed with terrain.stream: a streamed terrain is generated (fBm, generated type "
                               "map) or baked; bake this scene with `sward bake world` and use terrain.world");
            }
        return true;
    }
    static const char *const from_world[] = {"size",     "resolution",       "fbm",           "heightmap",
                                             "type_map", "grass_height_map", "map_resolution"};
    for (int k = 0; k < 7; k++)
        if (sj_member(o, from_world[k])) {
            char p[64];
            snprintf(p, sizeof p, "terrain.%s", from_world[k]);
            return sj_fail(c, p, "not allowed with terrain.world (the world's world.json gives it)");
        }
    char rel[WORLD_PATH_MAX] = "";
    if (!sj_string(c, o, "terrain", "world", rel, sizeof rel)) return false;
    if (!rel[0]) return sj_fail(c, "terrain.world", "must name a folder written by `sward bake world`");
    if (!world_resolve_path(c, "terrain.world", rel, base_dir, t->world_dir)) return false;
    world_file_info info;
    sward_error inner = {0};
    if (world_file_read_info(t->world_dir, &info, &inner) != SWARD_OK)
        return sj_fail_code(c, inner.code, "terrain.world", "%s", inner.message);
    t->size = info.size;
    t->resolution = info.resolution;
    t->map_res = info.map_res;
    t->height_min = info.height_min, t->height_max = info.height_max;
    if (t->streamed && t->stream_page && sj_member(stream, "page") && t->stream_page != info.page)
        return sj_fail(c, "terrain.stream.page", "the world %s has pages of %d samples, got %d", t->world_dir,
                       info.page, t->stream_page);
    t->stream_page = info.page;
    if (!stream) t->streamed = true; /* a baked world streams unless "stream": false */
    if (!t->streamed && (info.resolution > WORLD_RESOLUTION_MAX || info.map_res > WORLD_MAP_RES_MAX))
        return sj_fail(c, "terrain.stream",
                       "false (held whole) allows at most %d height samples and %d map texels a side; the world %s "
                       "has %d and %d: stream it",
                       WORLD_RESOLUTION_MAX, WORLD_MAP_RES_MAX, t->world_dir, info.resolution, info.map_res);
    return true;
}

bool world_validate_stream(const sj_ctx *c, const sward_scene *s)
{
    const world_terrain *t = &s->terrain;
    if (t->world_dir[0]) {
        world_file_info info;
        sward_error inner = {0};
        if (world_file_read_info(t->world_dir, &info, &inner) != SWARD_OK)
            return sj_fail_code(c, inner.code, "terrain.world", "%s", inner.message);
        for (int k = 0; k < info.type_count; k++) {
            char p[SJ_PATH_MAX];
            snprintf(p, sizeof p, "grass[%d].name", k);
            if (k >= s->material_count)
                return sj_fail(c, "grass", "the world %s has %d grass types (type %d is \"%s\"), the scene only %d",
                               t->world_dir, info.type_count, k, info.type_names[k], s->material_count);
            if (strcmp(info.type_names[k], s->materials[k].name) != 0)
                return sj_fail(c, p, "must be \"%s\", type %d of the world %s, got \"%s\"", info.type_names[k], k,
                               t->world_dir, s->materials[k].name);
        }
    }
    if (!t->streamed || !(t->stream_window > 0.0f)) return true;
    const float cell = t->size / (float)(t->resolution - 1);
    const float reach = world_stream_reach(s), need = 2.0f * reach + (float)t->stream_page * cell;
    if (t->stream_window < need && t->stream_window < t->size)
        return sj_fail(c, "terrain.stream.window",
                       "must cover 2 x the draw distance (%g m, the largest of render.draw_distance and the assets') "
                       "plus a page (%g m): at least %g m, got %g",
                       (double)reach, (double)((float)t->stream_page * cell), (double)need, (double)t->stream_window);
    return true;
}
