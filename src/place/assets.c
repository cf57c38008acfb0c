/* assets.c — where mesh assets grow (SPEC PL8, SC4, PL11): the clusters near the camera and the CPU reference of
 * asset_place.comp.glsl. A cluster is SW_CLUSTER_CELLS^2 cells of the asset's jittered grid (spacing 1 /
 * sqrt(density)); its cells are visited in the fixed pseudo-random order of sw_cluster_order and its instances
 * stored in that order (shaders/shared/sw_assets.h). A dither asset's cluster is one tile of the ordered-dither
 * point set (shaders/shared/sw_dither_points.h), visited in threshold order. Pure functions, no GPU. */
#include "place/place.h"

#include <assert.h>
#include <math.h>
#include <string.h>

_Static_assert(SW_DITHER_POINTS == SW_CLUSTER_CANDIDATES, "PL11: a point set's tile is one cluster");

float place_asset_spacing(const world_asset *a)
{
    if (a->dither) return a->footprint * SW_DITHER_TILE_PER_FOOTPRINT / (float)SW_CLUSTER_CELLS;
    return 1.0f / sqrtf(a->layer && a->grid_density > 0.0f ? a->grid_density : a->density); /* PL2: the layer's grid */
}

sw_uint place_asset_salt(const world_asset *a, uint32_t asset)
{
    return a->layer ? SW_LAYER_SALT + (sw_uint)(a->layer - 1) : SW_ASSET_SALT + asset;
}

void place_asset_placement(const sward_scene *s, uint32_t asset, sw_asset *g)
{
    const world_asset *a = &s->assets[asset];
    memset(g, 0, sizeof *g);
    /* a forest's class variant is placed as the asset it copies: its point set, patches and areas */
    g->place_as = a->forest_of ? (sw_uint)(a->forest_of - 1) : asset;
    g->forest_classes = a->forest_classes ? a->forest_classes : 0xeu;
    g->spacing = place_asset_spacing(a);
    g->inv_spacing = 1.0f / g->spacing;
    g->salt = place_asset_salt(a, g->place_as);
    g->base_density = a->base_set ? a->base_density : a->density;
    g->inv_density = 1.0f / a->density;
    g->density = a->density;
    g->keep_lo = a->layer ? a->keep_lo : 0.0f;
    g->keep_scale = a->layer ? a->keep_scale : 1.0f;
    g->patch_inv_scale = a->patch_scale > 0.0f ? 1.0f / a->patch_scale : 0.0f;
    g->patch_coverage = a->patch_coverage;
    g->scale_min = a->scale[0];
    g->scale_max = a->scale[1];
    g->scale_bound = world_asset_scale_max(a);
    if (a->areas || g->base_density < a->density) g->flags |= SW_ASSET_AREAS;
    if (a->canopy.set) { /* PL11: the trees' canopy multiplies its density by the rule (shared/sw_canopy.h) */
        g->flags |= SW_ASSET_CANOPY;
        g->canopy_under = a->canopy.under;
        g->canopy_open = a->canopy.open;
        g->canopy_fringe = a->canopy.fringe;
        g->canopy_width = a->canopy.width;
    }
    if (!a->dither) return;
    g->flags |= SW_ASSET_DITHER | (a->forest ? SW_ASSET_FOREST : 0u);
    g->dither_tile = a->footprint * SW_DITHER_TILE_PER_FOOTPRINT;
    /* the layer's densities together fill this much of the point set's thresholds (each its sub-range) */
    float grid = a->layer && a->grid_density > 0.0f ? a->grid_density : a->density;
    g->dither_fill = fminf(1.0f, grid / world_asset_dither_full(a));
    g->dither_shift = sw_dither_shift(g->salt, s->render.settings.seed);
    g->forest_edge = a->forest_edge;
    g->forest_inner = a->forest_inner;
    g->sparse_density = a->forest_density[0];
    g->edge_density = a->forest_density[1];
    g->inner_density = a->forest_density[2];
    g->sparse_scale = a->forest_scale[0];
    g->edge_scale = a->forest_scale[1];
    g->inner_scale = a->forest_scale[2];
}

void place_asset_cluster_range(const sward_scene *s, const world_asset *a, const float eye[3], float reach, int *i0,
                          int *i1, int *j0, int *j1)
{
    float side = place_asset_spacing(a) * (float)SW_CLUSTER_CELLS;
    float half = 0.5f * s->terrain.size;
    float x0 = fmaxf(eye[0] - reach, -half), x1 = fminf(eye[0] + reach, half);
    float z0 = fmaxf(eye[2] - reach, -half), z1 = fminf(eye[2] + reach, half);
    *i0 = (int)floorf(x0 / side);
    *i1 = (int)floorf(x1 / side);
    *j0 = (int)floorf(z0 / side);
    *j1 = (int)floorf(z1 / side);
    if (x0 > x1 || z0 > z1) *i1 = *i0 - 1; /* the eye is farther than reach off the terrain: none */
}

size_t place_asset_clusters_bound(const sward_scene *s, const float reach[WORLD_MAX_ASSETS])
{
    size_t n = 0;
    for (int a = 0; a < s->asset_count; a++) {
        float side = place_asset_spacing(&s->assets[a]) * (float)SW_CLUSTER_CELLS;
        double per_side = ceil(2.0 * (double)reach[a] / (double)side) + 1.0;
        double total_side = ceil((double)s->terrain.size / (double)side) + 1.0;
        if (per_side > total_side) per_side = total_side;
        n += (size_t)(per_side * per_side);
    }
    return n;
}

size_t place_asset_clusters(const sward_scene *s, const float eye[3], const float reach[WORLD_MAX_ASSETS],
                            sw_cluster *out, size_t max, uint32_t per_asset[WORLD_MAX_ASSETS])
{
    size_t n = 0;
    for (int a = 0; a < s->asset_count; a++) {
        const world_asset *as = &s->assets[a];
        float side = place_asset_spacing(as) * (float)SW_CLUSTER_CELLS;
        int i0, i1, j0, j1;
        place_asset_cluster_range(s, as, eye, reach[a], &i0, &i1, &j0, &j1);
        uint32_t count = 0;
        for (int j = j0; j <= j1; j++)
            for (int i = i0; i <= i1; i++) {
                /* the square's nearest point to the eye within reach */
                float cx = fmaxf((float)i * side, fminf(eye[0], (float)(i + 1) * side));
                float cz = fmaxf((float)j * side, fminf(eye[2], (float)(j + 1) * side));
                float dx = cx - eye[0], dz = cz - eye[2];
                if (dx * dx + dz * dz > reach[a] * reach[a]) continue;
                assert(n < max);
                if (n >= max) return n;
                out[n] = (sw_cluster){.ci0 = i * (int)SW_CLUSTER_CELLS, .cj0 = j * (int)SW_CLUSTER_CELLS,
                                      .asset = (sw_uint)a, .count = 0, .slot = (sw_uint)n};
                n++;
                count++;
            }
        if (per_asset) per_asset[a] = count;
    }
    return n;
}

/* The type map's nearest texel at (x, z) is one of the asset's grass types. */
static bool grows_here(const world_terrain *t, uint32_t grows_on, float x, float z)
{
    if (!grows_on) return true;
    if (!t->types || t->map_res < 1) return true; /* scenes built without maps (tests): everywhere */
    float mx0, mz0, inv;
    world_map_grid(t, &mx0, &mz0, &inv);
    int i = sw_map_nearest(x, mx0, inv, t->map_res), j = sw_map_nearest(z, mz0, inv, t->map_res);
    uint32_t type = world_type_at(t, i, j);
    return type < 32u && (grows_on >> type & 1u);
}

static float ground_at(const world_terrain *t, sw_hf_coord h)
{
    return sw_bilerp(world_height_at(t, h.i, h.j), world_height_at(t, h.i + 1, h.j), world_height_at(t, h.i, h.j + 1),
                     world_height_at(t, h.i + 1, h.j + 1), h.fx, h.fz);
}

/* PL11: the cluster is the point set's tile (ci0, cj0) / SW_CLUSTER_CELLS; its points in threshold order. */
static uint32_t place_dither_cluster(const sward_scene *s, uint32_t asset, int ci0, int cj0,
                                     sw_instance out[SW_CLUSTER_CANDIDATES])
{
    const world_asset *a = &s->assets[asset];
    const world_terrain *t = &s->terrain;
    sw_asset g;
    place_asset_placement(s, asset, &g);
    float x0, z0, cell, inv_cell;
    world_terrain_grid(t, &x0, &z0, &cell, &inv_cell);
    uint32_t seed = s->render.settings.seed;
    int ti = ci0 / (int)SW_CLUSTER_CELLS, tj = cj0 / (int)SW_CLUSTER_CELLS;
    uint32_t n = 0;
    for (sw_uint k = 0; k < SW_DITHER_POINTS; k++) {
        sw_candidate c = sw_dither_candidate(ti, tj, k, g.dither_shift, g.salt, seed, g.dither_tile);
        sw_hf_coord h = sw_hf_locate(c.x, c.z, x0, z0, inv_cell, t->resolution);
        if (!h.inside) continue;
        float frac = (g.flags & SW_ASSET_AREAS)
                         ? place_area_fraction(s, 1u << (SW_AREA_USER_ASSET + g.place_as), g.base_density, g.density,
                                               g.inv_density, c.x, c.z)
                         : 1.0f;
        if (g.flags & SW_ASSET_CANOPY) frac *= place_canopy_density(t, &a->canopy, c.x, c.z);
        float grow = sw_dither_keeps(c, g, g.place_as, seed, frac);
        if (grow <= 0.0f || !grows_here(t, a->grows_on, c.x, c.z)) continue;
        out[n++] = (sw_instance){.x = c.x, .y = ground_at(t, h), .z = c.z,
                                 .scale = sw_asset_scale(c.hash, g.scale_min, g.scale_max) * grow,
                                 .yaw_hash = sw_asset_yaw_hash(c.hash)};
    }
    return n;
}

uint32_t place_asset_cluster(const sward_scene *s, uint32_t asset, int ci0, int cj0,
                             sw_instance out[SW_CLUSTER_CANDIDATES])
{
    const world_asset *a = &s->assets[asset];
    if (a->dither) return place_dither_cluster(s, asset, ci0, cj0, out);
    const world_terrain *t = &s->terrain;
    float spacing = place_asset_spacing(a);
    float x0, z0, cell, inv_cell;
    world_terrain_grid(t, &x0, &z0, &cell, &inv_cell);
    float patch_inv = a->patch_scale > 0.0f ? 1.0f / a->patch_scale : 0.0f;
    uint32_t seed = s->render.settings.seed;
    sw_uint key = sw_cluster_key(ci0, cj0, asset, seed);
    sw_uint salt = place_asset_salt(a, asset);
    const float base = a->base_set ? a->base_density : a->density, inv = 1.0f / a->density;
    const bool areas = a->areas || base < a->density;
    const float lo = a->layer ? a->keep_lo : 0.0f, scale = a->layer ? a->keep_scale : 1.0f;
    uint32_t n = 0;
    for (uint32_t k = 0; k < SW_CLUSTER_CANDIDATES; k++) {
        sw_uint p = sw_cluster_order(k, key);
        int ci = ci0 + (int)(p % SW_CLUSTER_CELLS), cj = cj0 + (int)(p / SW_CLUSTER_CELLS);
        sw_candidate c = sw_asset_candidate(ci, cj, salt, seed, spacing);
        sw_hf_coord h = sw_hf_locate(c.x, c.z, x0, z0, inv_cell, t->resolution);
        if (!h.inside) continue;
        float frac = areas ? place_area_fraction(s, 1u << (SW_AREA_USER_ASSET + asset), base, a->density, inv, c.x, c.z)
                           : 1.0f;
        if (a->canopy.set) frac *= place_canopy_density(t, &a->canopy, c.x, c.z); /* PL11 */
        if (!sw_asset_keeps(c, asset, seed, patch_inv, a->patch_coverage, frac, lo, scale) ||
            !grows_here(t, a->grows_on, c.x, c.z))
            continue;
        float y = sw_bilerp(world_height_at(t, h.i, h.j), world_height_at(t, h.i + 1, h.j),
                            world_height_at(t, h.i, h.j + 1), world_height_at(t, h.i + 1, h.j + 1), h.fx, h.fz);
        out[n++] = (sw_instance){.x = c.x, .y = y, .z = c.z, .scale = sw_asset_scale(c.hash, a->scale[0], a->scale[1]),
                                 .yaw_hash = sw_asset_yaw_hash(c.hash)};
    }
    return n;
}
