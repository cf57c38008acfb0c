/* layers.c — the material id map from the terrain's blend layers (SPEC PL10; Frictional: "the top visible blend
 * material always sets the physics material"), used for physics ids (sward_query_material) and as a grass-type
 * source (a layer's "grass" grows where it is the top layer).
 *
 * A layer's opacity is a pure function of the point (a grey PNG's nearest pixel, or a rule of the terrain's
 * height and slope), so a streamed world could compute it page by page; the material id of a point is the index
 * of the topmost layer whose opacity there is above the threshold (strictly), else 0; the map is that function
 * at each map texel's centre. */
#include "world/world.h"

#include "core/core.h"
#include "shared/sw_types.h"
#include "shared/sw_world.h"

#include <math.h>
#include <stdlib.h>

/* 1 inside [lo, hi], falling linearly to 0 over `edge` outside (a step for edge 0). */
static float ramp(float v, const float range[2], float edge)
{
    float d = v < range[0] ? range[0] - v : (v > range[1] ? v - range[1] : 0.0f);
    if (d <= 0.0f) return 1.0f;
    if (!(edge > 0.0f)) return 0.0f;
    float o = 1.0f - d / edge;
    return o > 0.0f ? o : 0.0f;
}

/* Slope in degrees from the height field's central differences over one height-field cell. */
static float slope_deg(const world_terrain *t, float x, float z)
{
    float e = t->size / (float)(t->resolution - 1);
    float dx = (world_terrain_height(t, x + e, z) - world_terrain_height(t, x - e, z)) / (2.0f * e);
    float dz = (world_terrain_height(t, x, z + e) - world_terrain_height(t, x, z - e)) / (2.0f * e);
    return atanf(sqrtf(dx * dx + dz * dz)) * (180.0f / 3.14159265f);
}

/* The distance from (x, z) to the polyline of n points (n >= 2). */
static float polyline_distance(const float (*pt)[2], int n, float x, float z)
{
    float best = INFINITY;
    for (int k = 0; k + 1 < n; k++) {
        float ax = pt[k][0], az = pt[k][1], ex = pt[k + 1][0] - ax, ez = pt[k + 1][1] - az;
        float len2 = ex * ex + ez * ez;
        float u = len2 > 0.0f ? ((x - ax) * ex + (z - az) * ez) / len2 : 0.0f;
        u = u < 0.0f ? 0.0f : u > 1.0f ? 1.0f : u;
        float dx = x - (ax + u * ex), dz = z - (az + u * ez);
        float d = sqrtf(dx * dx + dz * dz);
        if (d < best) best = d;
    }
    return best;
}

float world_layer_opacity(const sward_scene *s, int layer, float x, float z)
{
    const world_terrain *t = &s->terrain;
    const world_layer *l = &t->layers[layer];
    switch (l->kind) {
    case WORLD_LAYER_IMAGE: {
        if (!l->opacity || l->image_size < 1) return 0.0f;
        float inv = (float)l->image_size / t->size;
        int i = sw_map_nearest(x, -0.5f * t->size, inv, l->image_size);
        int j = sw_map_nearest(z, -0.5f * t->size, inv, l->image_size);
        return l->opacity[(size_t)j * (size_t)l->image_size + (size_t)i];
    }
    case WORLD_LAYER_RULE: {
        float oh = ramp(t->heights ? world_terrain_height(t, x, z) : 0.0f, l->height, l->edge);
        float os = ramp(t->heights ? slope_deg(t, x, z) : 0.0f, l->slope, l->edge);
        return oh < os ? oh : os;
    }
    case WORLD_LAYER_PATH: {
        const float half[2] = {0.0f, 0.5f * l->path_width};
        return ramp(polyline_distance(l->path_pts, l->path_count, x, z), half, l->edge);
    }
    case WORLD_LAYER_FULL:
    default: return 1.0f;
    }
}

uint8_t world_layer_at(const sward_scene *s, float x, float z)
{
    const world_terrain *t = &s->terrain;
    for (int l = t->layer_count - 1; l > 0; l--)
        if (world_layer_opacity(s, l, x, z) > t->layer_threshold) return (uint8_t)l;
    return 0;
}

void world_layers_free(world_terrain *t)
{
    for (int l = 0; l < t->layer_count; l++) {
        free(t->layers[l].opacity);
        t->layers[l].opacity = NULL;
    }
    free(t->material_ids);
    t->material_ids = NULL;
}

sward_result world_layers_build(sward_scene *s, sward_error *err)
{
    world_terrain *t = &s->terrain;
    const char *name = s->name[0] ? s->name : "<scene>";
    world_layers_free(t);
    if (t->layer_count < 1) return SWARD_OK;
    for (int l = 0; l < t->layer_count; l++) {
        world_layer *ly = &t->layers[l];
        if (ly->kind != WORLD_LAYER_IMAGE) continue;
        uint32_t w = 0, h = 0;
        sward_error inner = {0};
        sward_result r = core_png_read_gray(ly->path, (uint32_t)WORLD_MAP_RES_MAX, &ly->opacity, &w, &h, &inner);
        if (r == SWARD_OK && w != h) {
            free(ly->opacity);
            ly->opacity = NULL;
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s: terrain.layers[%d].opacity.image: %s: must be square, got %ux%u pixels", name, l,
                             ly->path, w, h);
        }
        if (r != SWARD_OK) {
            free(ly->opacity);
            ly->opacity = NULL;
            return core_fail(err, r, "%s: terrain.layers[%d].opacity.image: %s", name, l, inner.message);
        }
        ly->image_size = (int)w;
        /* The layers' images count in the memory budget once their size is known, before the next
         * image (15 layers of 4096^2 floats would be 960 MiB the budget never saw). */
        r = world_check_budget(s, t->heights ? t->resolution : 0, t->map_res, s->render.settings.width,
                               s->render.settings.height, err);
        if (r != SWARD_OK) {
            world_layers_free(t);
            return r;
        }
    }
    const size_t res = (size_t)t->map_res, n = res * res;
    t->material_ids = malloc(n);
    if (!t->material_ids)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for the %zu x %zu material map", name, res,
                         res);
    const float cell = t->size / (float)t->map_res, x0 = -0.5f * t->size;
    for (size_t j = 0; j < res; j++)
        for (size_t i = 0; i < res; i++)
            t->material_ids[j * res + i] =
                world_layer_at(s, x0 + ((float)i + 0.5f) * cell, x0 + ((float)j + 0.5f) * cell);
    /* PL10 as a grass-type source: the type map follows the material map where a layer names grass. */
    bool grass = false;
    for (int l = 0; l < t->layer_count; l++)
        grass |= t->layers[l].grass >= 0;
    if (grass && t->types)
        for (size_t k = 0; k < n; k++) {
            int g = t->layers[t->material_ids[k]].grass;
            t->types[k] = g >= 0 ? (uint8_t)g : (uint8_t)SW_TYPE_NONE;
        }
    return SWARD_OK;
}

sward_result sward_query_material(const sward_scene *s, float x, float z, uint32_t *material, const char **name,
                                  sward_error *err)
{
    if (!s || !material)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_query_material: scene or material is NULL");
    *material = 0;
    if (name) *name = "ground";
    const world_terrain *t = &s->terrain;
    float half = 0.5f * t->size;
    if (!isfinite(x) || !isfinite(z) || x < -half || x > half || z < -half || z > half)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "sward_query_material: the point (%g, %g) is off the terrain (x and z in [%g, %g])", (double)x,
                         (double)z, (double)-half, (double)half);
    if (t->layer_count < 1 || !t->material_ids || t->map_res < 1) return SWARD_OK;
    float x0, z0, inv;
    world_map_grid(t, &x0, &z0, &inv);
    int i = sw_map_nearest(x, x0, inv, t->map_res), j = sw_map_nearest(z, z0, inv, t->map_res);
    uint8_t id = t->material_ids[(size_t)j * (size_t)t->map_res + (size_t)i];
    *material = id;
    if (name) *name = t->layers[id].name;
    return SWARD_OK;
}
