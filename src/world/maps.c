/* maps.c — the PL1 world maps over the terrain square: the 8-bit grass-type map and the grass-height map
 * (SPEC PL1, PL5; Ghost of Tsushima "Tiled terrain data": textures for grass type and grass height).
 *
 * Each map is map_res x map_res texels, texel (i, j) centred at (-size/2 + (i + 0.5) size / map_res, same
 * for z), row-major, z rows of x, PNG rows top first. From PNG (8- or 16-bit grey, square; a type texel is
 * round(v * 255), 16-bit values divided by 257) or generated: types from the materials' patch noise, grass
 * height 1. Both maps have the same side. A per-type presence mask on a coarse grid lets the tile choice
 * skip tiles where a type cannot grow. */
#include "world/world.h"

#include "core/core.h"
#include "shared/sw_place.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void world_map_grid(const world_terrain *t, float *x0, float *z0, float *inv_cell)
{
    *x0 = -0.5f * t->size;
    *z0 = -0.5f * t->size;
    *inv_cell = (float)t->map_res / t->size;
}

static sward_result read_map(const char *scene, const char *field, const char *path, float **values, int *side,
                             sward_error *err)
{
    uint32_t w = 0, h = 0;
    sward_error inner = {0};
    sward_result r = core_png_read_gray(path, (uint32_t)WORLD_MAP_RES_MAX, values, &w, &h, &inner);
    if (r != SWARD_OK) {
        free(*values);
        *values = NULL;
        return core_fail(err, r, "%s: %s: %s", scene, field, inner.message);
    }
    if (w != h) {
        free(*values);
        *values = NULL;
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %s: %s: must be square, got %ux%u pixels", scene,
                         field, path, w, h);
    }
    *side = (int)w;
    return SWARD_OK;
}

/* Generated: the last type whose patches cover the texel centre, else the first without patches. */
uint8_t world_generated_type(const sward_scene *s, int i, int j)
{
    const world_terrain *t = &s->terrain;
    int base = 255;
    for (int m = s->material_count - 1; m >= 0; m--)
        if (!(s->materials[m].patch_scale > 0.0f)) base = m;
    const sw_uint seed = s->render.settings.seed;
    const float cell = t->size / (float)t->map_res, x0 = -0.5f * t->size;
    float z = x0 + ((float)j + 0.5f) * cell;
    float x = x0 + ((float)i + 0.5f) * cell;
    for (int m = s->material_count - 1; m >= 0; m--) {
        const world_material *wm = &s->materials[m];
        if (!(wm->patch_scale > 0.0f)) continue;
        if (sw_coverage(x, z, (sw_uint)m, seed, 1.0f / wm->patch_scale, wm->patch_coverage) > 0.5f) return (uint8_t)m;
    }
    return (uint8_t)base;
}

static void build_presence(world_terrain *t)
{
    const int res = t->map_res, pr = (res + WORLD_PRESENCE_TEXELS - 1) / WORLD_PRESENCE_TEXELS;
    t->presence_res = pr;
    for (int j = 0; j < res; j++)
        for (int i = 0; i < res; i++) {
            uint8_t v = t->types[(size_t)j * (size_t)res + (size_t)i];
            if (v < WORLD_MAX_MATERIALS)
                t->type_presence[(j / WORLD_PRESENCE_TEXELS) * pr + i / WORLD_PRESENCE_TEXELS] |= (uint16_t)(1u << v);
        }
}

sward_result world_maps_build(sward_scene *s, sward_error *err)
{
    assert(s);
    world_terrain *t = &s->terrain;
    const char *name = s->name[0] ? s->name : "<scene>";
    free(t->types);
    free(t->grass_height);
    free(t->type_presence);
    t->types = NULL;
    t->grass_height = NULL;
    t->type_presence = NULL;
    float *tv = NULL, *hv = NULL;
    int tside = 0, hside = 0;
    sward_result r;
    if (t->type_map_path[0] &&
        (r = read_map(name, "terrain.type_map.path", t->type_map_path, &tv, &tside, err)) != SWARD_OK)
        return r;
    if (t->grass_height_path[0] &&
        (r = read_map(name, "terrain.grass_height_map.path", t->grass_height_path, &hv, &hside, err)) != SWARD_OK) {
        free(tv);
        return r;
    }
    if (tv && hv && tside != hside) {
        free(tv);
        free(hv);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: terrain.grass_height_map.path: %s: must be as large as the type map %s (%dx%d), got "
                         "%dx%d",
                         name, t->grass_height_path, t->type_map_path, tside, tside, hside, hside);
    }
    if (tv) t->map_res = tside;
    else if (hv) t->map_res = hside;
    assert(t->map_res >= 1 && t->map_res <= WORLD_MAP_RES_MAX);
    /* Budgets (budget.c), now that the images' size is known: before the maps are allocated or generated. */
    r = world_check_budget(s, t->heights ? t->resolution : 0, t->map_res, s->render.settings.width,
                           s->render.settings.height, err);
    if (r != SWARD_OK) {
        free(tv);
        free(hv);
        return r;
    }

    const size_t res = (size_t)t->map_res, n = res * res;
    const int pr = (t->map_res + WORLD_PRESENCE_TEXELS - 1) / WORLD_PRESENCE_TEXELS;
    t->types = malloc(n);
    t->type_presence = calloc((size_t)pr * (size_t)pr, sizeof *t->type_presence);
    if (!hv) hv = malloc(n * sizeof *hv);
    if (!t->types || !t->type_presence || !hv) {
        free(tv);
        free(hv);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for %zu x %zu grass maps", name, res, res);
    }
    if (tv) {
        for (size_t k = 0; k < n; k++) {
            long v = lroundf(tv[k] * 255.0f);
            if (v != (long)SW_TYPE_NONE && v >= s->material_count) {
                sward_result e = core_fail(
                    err, SWARD_ERROR_INVALID_INPUT,
                    "%s: terrain.type_map.path: %s: texel (%zu, %zu) has type %ld, but there %s only %d grass type%s "
                    "(0 to %d; 255 = no grass)",
                    name, t->type_map_path, k % res, k / res, v, s->material_count == 1 ? "is" : "are",
                    s->material_count, s->material_count == 1 ? "" : "s", s->material_count - 1);
                free(tv);
                free(hv);
                return e;
            }
            t->types[k] = (uint8_t)v;
        }
        free(tv);
    } else {
        for (size_t j = 0; j < res; j++)
            for (size_t i = 0; i < res; i++) t->types[j * res + i] = world_generated_type(s, (int)i, (int)j);
    }
    if (!t->grass_height_path[0])
        for (size_t k = 0; k < n; k++) hv[k] = 1.0f;
    t->grass_height = hv;
    if ((r = world_layers_build(s, err)) != SWARD_OK) return r; /* PL10: material ids, and types from them */
    build_presence(t);
    return SWARD_OK;
}
