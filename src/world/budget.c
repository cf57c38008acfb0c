/* budget.c — the loader's budgets of work and memory (issue 6; docs/scene-format.md "Budgets").
 *
 * Every field of a scene can be within its limit while the whole asks for too much: a 1 KB file could ask
 * for a 4097^2 fBm terrain of 16 octaves and a generated 4096^2 type map (half a billion noise evaluations,
 * tens of seconds of CPU before anything renders), or for 8192 x 8192 pixels (2 GiB of render targets).
 * The loader counts both before it spends them. Work is counted in units of about 20 ns of one CPU core
 * (measured on an AMD EPYC, -O2): one fBm octave at one height sample (18 ns); a generated type-map texel is
 * 1 unit (5 ns) plus 3 for each grass type with patches whose noise it may test (20 to 55 ns each, the
 * most when the test's branch is unpredictable). Memory is counted in the bytes the scene holds plus an
 * estimate of the render targets. Sizes not known yet (an image not read) count as nothing; the loader checks
 * again once it knows them, before the next large step. */
#include "world/world.h"

#include "core/core.h"
#include "world/scene_json.h"

#include <inttypes.h>
#include <stdio.h>

static int patched_types(const sward_scene *s)
{
    int n = 0;
    for (int m = 0; m < s->material_count; m++)
        if (s->materials[m].patch_scale > 0.0f) n++;
    return n;
}

static uint64_t fbm_work(const sward_scene *s)
{
    const world_terrain *t = &s->terrain;
    if (t->from_image || t->streamed) return 0; /* streamed (issue 10): a window's pages at a time, not counted */
    return (uint64_t)t->resolution * (uint64_t)t->resolution * (uint64_t)t->fbm.octaves;
}

static uint64_t map_work(const sward_scene *s, int map_res)
{
    if (s->terrain.type_map_path[0] || map_res <= 0) return 0; /* read from a PNG, or not known yet */
    return (uint64_t)map_res * (uint64_t)map_res * (1u + 3u * (uint64_t)patched_types(s));
}

/* PL10's material map: per texel, each layer from the top down until one is above the threshold; a rule layer
 * costs about 5 height lookups (2 units), an image layer or the base 1. */
static uint64_t layer_work(const sward_scene *s, int map_res)
{
    const world_terrain *t = &s->terrain;
    if (t->layer_count < 1 || map_res <= 0) return 0;
    uint64_t per = 1;
    for (int l = 0; l < t->layer_count; l++) per += t->layers[l].kind == WORLD_LAYER_RULE ? 2u : 1u;
    return (uint64_t)map_res * (uint64_t)map_res * per;
}

uint64_t world_load_work(const sward_scene *s, int map_res)
{
    return fbm_work(s) + map_work(s, map_res) + layer_work(s, map_res);
}

static uint64_t heights_bytes(int res)
{
    return res > 0 ? (uint64_t)res * (uint64_t)res * sizeof(float) : 0;
}

/* Type map (1 byte), grass-height map (a float) and the type-presence grid (WORLD_PRESENCE_TEXELS^2 texels a
 * cell, 16 bits). */
static uint64_t maps_bytes(int res)
{
    if (res <= 0) return 0;
    uint64_t pr = ((uint64_t)res + WORLD_PRESENCE_TEXELS - 1) / WORLD_PRESENCE_TEXELS;
    return (uint64_t)res * (uint64_t)res * (1u + sizeof(float)) + pr * pr * sizeof(uint16_t);
}

static uint64_t render_bytes(uint32_t width, uint32_t height)
{
    return (uint64_t)width * (uint64_t)height * WORLD_RENDER_BYTES_PER_PIXEL;
}

uint64_t world_memory_bytes(const sward_scene *s, int height_res, int map_res, uint32_t width, uint32_t height)
{
    return sizeof *s + heights_bytes(height_res) + maps_bytes(map_res) + render_bytes(width, height);
}

static double mib(uint64_t bytes)
{
    return (double)bytes / (1024.0 * 1024.0);
}

sward_result world_check_budget(const sward_scene *s, int height_res, int map_res, uint32_t w, uint32_t h,
                                sward_error *err)
{
    const char *name = s->name[0] ? s->name : "<scene>";
    sj_ctx c = {.name = name, .err = err};
    const world_terrain *t = &s->terrain;
    if (t->streamed) { /* issue 10: a streamed world holds its windows only (0 until they are opened) */
        height_res = height_res ? t->hf_ring : 0;
        map_res = map_res ? t->map_ring : 0;
    }
    const uint64_t work_budget = s->budget.work ? s->budget.work : SWARD_DEFAULT_LOAD_WORK;
    const uint64_t mem_budget = s->budget.memory_bytes ? s->budget.memory_bytes : SWARD_DEFAULT_MEMORY_BYTES;

    uint64_t fw = fbm_work(s), mw = map_work(s, map_res);
    if (fw + mw > work_budget) {
        if (fw >= mw) {
            char plus[64] = "";
            if (mw) snprintf(plus, sizeof plus, ", plus %" PRIu64 " for the generated type map", mw);
            sj_fail(&c, "terrain.resolution",
                    "%d x %d samples x %d octaves of fBm is %" PRIu64 " units of work%s, more than the load work "
                    "budget of %" PRIu64 "; lower terrain.resolution or terrain.fbm.octaves",
                    t->resolution, t->resolution, t->fbm.octaves, fw, plus, work_budget);
        } else {
            char plus[64] = "";
            if (fw) snprintf(plus, sizeof plus, ", plus %" PRIu64 " for the fBm terrain", fw);
            sj_fail(&c, "terrain.map_resolution",
                    "the generated type map of %d x %d texels x (1 + 3 x %d grass types with patches) is %" PRIu64
                    " units of work%s, more than the load work budget of %" PRIu64
                    "; lower terrain.map_resolution (default: terrain.resolution - 1, at most %d), use fewer patches "
                    "or give a terrain.type_map image",
                    map_res, map_res, patched_types(s), mw, plus, work_budget, WORLD_MAP_RES_DEFAULT_MAX);
        }
        return SWARD_ERROR_INVALID_INPUT;
    }
    uint64_t lw = layer_work(s, map_res);
    if (fw + mw + lw > work_budget) {
        sj_fail(&c, "terrain.layers",
                "the material map of %d x %d texels over %d layers is %" PRIu64 " units of work, plus %" PRIu64
                " for the terrain and the type map, more than the load work budget of %" PRIu64
                "; lower terrain.map_resolution or use fewer layers",
                map_res, map_res, t->layer_count, lw, fw + mw, work_budget);
        return SWARD_ERROR_INVALID_INPUT;
    }

    uint64_t hb = heights_bytes(height_res), mb = maps_bytes(map_res), rb = render_bytes(w, h);
    uint64_t total = world_memory_bytes(s, height_res, map_res, w, h);
    if (total > mem_budget) {
        const char *path, *hint;
        if (rb >= hb && rb >= mb) {
            path = "render.width, render.height";
            hint = "render fewer pixels";
        } else if (hb >= mb) {
            path = t->from_image ? "terrain.heightmap.path" : "terrain.resolution";
            hint = t->from_image ? "use a smaller height map" : "lower terrain.resolution";
        } else if (t->type_map_path[0] || t->grass_height_path[0]) {
            path = t->type_map_path[0] ? "terrain.type_map.path" : "terrain.grass_height_map.path";
            hint = "use smaller map images";
        } else {
            path = "terrain.map_resolution";
            hint = "lower terrain.map_resolution";
        }
        sj_fail(&c, path,
                "the scene needs about %.1f MiB, more than the memory budget of %.1f MiB: height field %d x %d "
                "(%.1f MiB), maps %d x %d (%.1f MiB), render targets %u x %u pixels (about %.1f MiB at %u bytes a "
                "pixel); %s",
                mib(total), mib(mem_budget), height_res, height_res, mib(hb), map_res, map_res, mib(mb), (unsigned)w,
                (unsigned)h, mib(rb), (unsigned)WORLD_RENDER_BYTES_PER_PIXEL, hint);
        return SWARD_ERROR_INVALID_INPUT;
    }
    return SWARD_OK;
}
