/* canopy.c — the trees' canopy over the terrain (SPEC PL11's undergrowth, SH10's canopy rule;
 * shaders/shared/sw_canopy.h): baked once at load from the deterministic placement of the layer that casts it,
 * then read where a grass tile's or an asset cluster's density is decided (place.c, assets.c and their shaders)
 * and by the ground's rules. Pure CPU. */
#include "place/place.h"

#include "render/asset_chain.h"
#include "shared/sw_canopy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

float place_crown_radius(const float bounds_min[3], const float bounds_max[3])
{
    return 0.25f * ((bounds_max[0] - bounds_min[0]) + (bounds_max[2] - bounds_min[2]));
}

/* Each asset of the layer's crown radius: its level 0's bounds (generated, or its mesh imported). */
static sward_result crowns(sward_scene *s, sward_error *err)
{
    for (int a = 0; a < s->asset_count; a++) {
        world_asset *wa = &s->assets[a];
        if (wa->layer != s->terrain.canopy_layer) continue;
        sward_result r;
        if (wa->mesh_path[0]) {
            asset_mesh m;
            memset(&m, 0, sizeof m);
            r = render_asset_import(s, a, &m, err);
            if (r == SWARD_OK) {
                asset_mesh_bounds(&m);
                wa->crown_radius = place_crown_radius(m.bounds_min, m.bounds_max);
            }
            asset_mesh_free(&m);
        } else {
            asset_chain c;
            r = render_asset_chain_of(s, a, NULL, &c, err);
            if (r == SWARD_OK) wa->crown_radius = place_crown_radius(c.lods[0].bounds_min, c.lods[0].bounds_max);
            asset_chain_free(&c);
        }
        if (r != SWARD_OK) return r;
    }
    return SWARD_OK;
}

/* Lowers the distances of the texels within reach of a crown of radius `radius` at (x, z). */
static void stamp(const world_terrain *t, float *dist, float x, float z, float radius)
{
    float mx0, mz0, inv;
    world_map_grid(t, &mx0, &mz0, &inv);
    const int res = t->map_res;
    const float reach = radius + SW_CANOPY_FAR, cell = 1.0f / inv;
    int i0 = (int)floorf((x - reach - mx0) * inv), i1 = (int)floorf((x + reach - mx0) * inv);
    int j0 = (int)floorf((z - reach - mz0) * inv), j1 = (int)floorf((z + reach - mz0) * inv);
    if (i0 < 0) i0 = 0;
    if (j0 < 0) j0 = 0;
    if (i1 > res - 1) i1 = res - 1;
    if (j1 > res - 1) j1 = res - 1;
    for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++) {
            float dx = mx0 + ((float)i + 0.5f) * cell - x, dz = mz0 + ((float)j + 0.5f) * cell - z;
            float d = sqrtf(dx * dx + dz * dz) - radius;
            float *o = &dist[(size_t)j * (size_t)res + (size_t)i];
            if (d < *o) *o = d;
        }
}

sward_result place_canopy_build(sward_scene *s, sward_error *err)
{
    world_terrain *t = &s->terrain;
    free(t->canopy);
    t->canopy = NULL;
    if (!t->canopy_layer || t->map_res < 1) return SWARD_OK;
    sward_result r = crowns(s, err);
    if (r != SWARD_OK) return r;
    const size_t n = (size_t)t->map_res * (size_t)t->map_res;
    float *dist = malloc(n * sizeof *dist);
    sw_instance *inst = malloc(SW_CLUSTER_CANDIDATES * sizeof *inst);
    t->canopy = malloc(n);
    if (!dist || !inst || !t->canopy) {
        free(dist);
        free(inst);
        free(t->canopy);
        t->canopy = NULL;
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for the canopy (%zu texels)", s->name, n);
    }
    for (size_t k = 0; k < n; k++) dist[k] = SW_CANOPY_FAR;
    /* every cluster of the layer's assets over the terrain, placed as the GPU places it */
    const float half = 0.5f * t->size;
    for (int a = 0; a < s->asset_count; a++) {
        const world_asset *wa = &s->assets[a];
        if (wa->layer != t->canopy_layer) continue;
        const float side = place_asset_spacing(wa) * (float)SW_CLUSTER_CELLS;
        const int c0 = (int)floorf(-half / side), c1 = (int)floorf(half / side);
        for (int cj = c0; cj <= c1; cj++)
            for (int ci = c0; ci <= c1; ci++) {
                uint32_t m = place_asset_cluster(s, (uint32_t)a, ci * (int)SW_CLUSTER_CELLS, cj * (int)SW_CLUSTER_CELLS,
                                                 inst);
                for (uint32_t k = 0; k < m; k++) stamp(t, dist, inst[k].x, inst[k].z, wa->crown_radius * inst[k].scale);
            }
    }
    for (size_t k = 0; k < n; k++) {
        float code = roundf(dist[k] * SW_CANOPY_INV_STEP) + (float)SW_CANOPY_ZERO;
        t->canopy[k] = (uint8_t)fminf(fmaxf(code, 0.0f), 255.0f);
    }
    free(dist);
    free(inst);
    return SWARD_OK;
}

float place_canopy_distance(const world_terrain *t, float x, float z)
{
    if (!t->canopy) return SW_CANOPY_FAR;
    float mx0, mz0, inv;
    world_map_grid(t, &mx0, &mz0, &inv);
    sw_map_coord mc = sw_map_locate(x, z, mx0, mz0, inv, t->map_res);
    const int res = t->map_res;
#define CODE(i, j) (sw_uint)t->canopy[(size_t)(j) * (size_t)res + (size_t)(i)]
    return sw_canopy_bilinear(CODE(mc.i0, mc.j0), CODE(mc.i1, mc.j0), CODE(mc.i0, mc.j1), CODE(mc.i1, mc.j1), mc.fx,
                              mc.fz);
#undef CODE
}

float place_canopy_density(const world_terrain *t, const world_canopy_rule *rule, float x, float z)
{
    if (!rule->set || !t->canopy) return 1.0f;
    return sw_canopy_density(place_canopy_distance(t, x, z), rule->under, rule->open, rule->fringe, rule->width);
}
