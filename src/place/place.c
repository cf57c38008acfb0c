/* place.c — CPU reference placement: jittered grid per material, coverage test, height on the terrain,
 * blade shape and wind push (SPEC PL3, PL4, PL7, GA4 first part; DESIGN "Determinism" and "What a frame
 * is"; Frictional "Undergrowth", Ghost of Tsushima "GPU culling and placement", Horizon Zero Dawn
 * placement).
 *
 * Every number that decides a blade comes from shaders/shared/sw_place.h, which the compute shader
 * includes too; this file only walks the cells in the GPU's order and feeds it the same inputs (the
 * float terrain grid of world_terrain_grid, the sw_material of place_material_gpu), so the two agree bit
 * for bit. */
#include "place/place.h"
#include "wind/wind.h"

#include <assert.h>
#include <math.h>

float place_spacing(const world_material *m)
{
    assert(m && m->density > 0.0f);
    return 1.0f / sqrtf(m->density);
}

sw_material place_material_gpu(const world_material *m)
{
    assert(m);
    sw_material g = {0};
    g.spacing = place_spacing(m);
    g.inv_spacing = 1.0f / g.spacing;
    g.density = m->density;
    g.patch_inv_scale = m->patch_scale > 0.0f ? 1.0f / m->patch_scale : 0.0f;
    g.patch_coverage = m->patch_coverage;
    g.height_min = m->height[0];
    g.height_max = m->height[1];
    g.width_min = m->width[0];
    g.width_max = m->width[1];
    g.bend = m->bend;
    g.stiffness = m->stiffness;
    g.translucency = m->translucency;
    g.roughness = m->roughness;
    g.root_r = m->root_color[0];
    g.root_g = m->root_color[1];
    g.root_b = m->root_color[2];
    g.tip_r = m->tip_color[0];
    g.tip_g = m->tip_color[1];
    g.tip_b = m->tip_color[2];
    /* PL6 clumping, flower head, per-type distances, gameplay, GA1/GA4 switches. */
    g.clump_size = m->clump.size;
    g.clump_inv_size = m->clump.size > 0.0f ? 1.0f / m->clump.size : 0.0f;
    g.clump_pull = m->clump.pull;
    g.clump_height_var = m->clump.height_variation;
    g.clump_facing = m->clump.facing;
    g.clump_lean = m->clump.lean;
    g.clump_color_var = m->clump.color_variation;
    g.head_r = m->head_color[0];
    g.head_g = m->head_color[1];
    g.head_b = m->head_color[2];
    g.head_size = m->head_size;
    g.lod_distance = m->lod_distance;
    g.draw_distance = m->draw_distance;
    g.gameplay_height = m->stealth ? m->gameplay_height : 0.0f;
    g.blades_per_instance = (sw_uint)(m->blades_per_instance == 2 ? 2 : 1);
    g.wind_model = m->wind_model == WORLD_WIND_HZD          ? SW_WIND_HZD
                   : m->wind_model == WORLD_WIND_FRICTIONAL ? SW_WIND_FRICTIONAL
                                                            : SW_WIND_GOT;
    g.ground = m->ground; /* SH10 */
    g.flags = (m->stealth ? SW_MAT_STEALTH : 0u) | (m->camera_tilt ? SW_MAT_CAMERA_TILT : 0u);
    /* PL2: without areas and with the base at the maximum the fraction is 1 and never computed */
    g.base_density = m->base_set ? m->base_density : m->density;
    g.inv_density = 1.0f / m->density;
    if (m->areas || g.base_density < m->density) g.flags |= SW_MAT_AREAS;
    /* PL11: the trees' canopy multiplies the cover by the rule (shared/sw_canopy.h) */
    if (m->canopy.set) {
        g.flags |= SW_MAT_CANOPY;
        g.canopy_under = m->canopy.under;
        g.canopy_open = m->canopy.open;
        g.canopy_fringe = m->canopy.fringe;
        g.canopy_width = m->canopy.width;
    }
    place_far_look(m, &g); /* SC7 */
    return g;
}

size_t place_cells_bound(int ncells_i, int ncells_j)
{
    assert(ncells_i >= 0 && ncells_j >= 0);
    return (size_t)ncells_i * (size_t)ncells_j;
}

float place_wind_inv_gust_scale(const world_wind *wind)
{
    assert(wind);
    return wind->gust_scale > 0.0f ? 1.0f / wind->gust_scale : 0.0f;
}

sw_v2 place_wind(const sward_scene *scene, const world_material *m, float x, float z, float time)
{
    assert(scene && m);
    wind_field f;
    wind_field_equilibrium(&scene->wind, time, &f);
    return wind_field_push(&f, SW_WIND_CAT_GRASS, x, z, m->stiffness);
}

size_t place_cells(const sward_scene *scene, int material, int ci0, int cj0, int ni, int nj, float time,
                   sw_blade *out)
{
    wind_field f;
    wind_field_equilibrium(&scene->wind, time, &f);
    return place_cells_field(scene, material, ci0, cj0, ni, nj, &f, out);
}

/* The carriers (sw_thin_carrier) of blocks (bi0 + i, bj0 + j) of a level, i < ni, j < nj: at level 0 the cells
 * themselves; a tile of level L holds its blocks' carriers. */
static size_t place_grid(const sward_scene *scene, int material, int bi0, int bj0, int ni, int nj, sw_uint level,
                         const wind_field *field, sw_blade *out);

size_t place_cells_field(const sward_scene *scene, int material, int ci0, int cj0, int ni, int nj,
                         const wind_field *field, sw_blade *out)
{
    return place_grid(scene, material, ci0, cj0, ni, nj, 0u, field, out);
}

size_t place_tile_cells(const sward_scene *scene, const sw_tile *tile, const wind_field *field, sw_blade *out)
{
    return place_grid(scene, (int)tile->material, sw_floor_shift(tile->ci0, tile->level),
                      sw_floor_shift(tile->cj0, tile->level), (int)SW_TILE_CELLS, (int)SW_TILE_CELLS, tile->level, field,
                      out);
}

size_t place_tile_cells_at(const sward_scene *scene, const sw_tile *tile, float time, sw_blade *out)
{
    wind_field f;
    wind_field_equilibrium(&scene->wind, time, &f);
    return place_tile_cells(scene, tile, &f, out);
}

static size_t place_grid(const sward_scene *scene, int material, int bi0, int bj0, int ni, int nj, sw_uint level,
                         const wind_field *field, sw_blade *out)
{
    assert(scene && field && out);
    assert(material >= 0 && material < scene->material_count);
    assert(ni >= 0 && nj >= 0);
    const world_terrain *t = &scene->terrain;
    const world_material *wm = &scene->materials[material];
    assert(t->heights);
    const sw_material m = place_material_gpu(wm);
    const sw_uint seed = scene->render.settings.seed;
    const sw_uint mat = (sw_uint)material;
    const int res = t->resolution;
    float x0, z0, cell, inv_cell;
    world_terrain_grid(t, &x0, &z0, &cell, &inv_cell);

    /* Scenes built without maps (tests) grow every type everywhere at full height. */
    const bool maps = t->types && t->grass_height && t->map_res >= 1;
    const int mres = maps ? t->map_res : 1;
    float mx0, mz0, minv;
    world_map_grid(t, &mx0, &mz0, &minv);

    size_t n = 0;
    for (int j = 0; j < nj; j++) {
        for (int i = 0; i < ni; i++) {
            sw_cell at = sw_thin_carrier(bi0 + i, bj0 + j, level, mat);
            sw_candidate c = sw_candidate_at(at.i, at.j, mat, seed, m.spacing);
            sw_hf_coord h = sw_hf_locate(c.x, c.z, x0, z0, inv_cell, res);
            if (!h.inside) continue;
            float coverage = sw_coverage(c.x, c.z, mat, seed, m.patch_inv_scale, m.patch_coverage);
            /* PL2: the density areas' fraction of the maximum, multiplied into the coverage */
            if (m.flags & SW_MAT_AREAS)
                coverage *= place_area_fraction(scene, 1u << mat, m.base_density, m.density, m.inv_density, c.x, c.z);
            /* PL11: the trees' canopy multiplies it by the type's rule */
            if (m.flags & SW_MAT_CANOPY) coverage *= place_canopy_density(t, &wm->canopy, c.x, c.z);
            if (!(c.keep < coverage)) continue;
            /* PL5: the type map picks this type here (dithered), the grass-height map scales the blade. */
            float gh = 1.0f;
            if (maps) {
                sw_map_coord mc = sw_map_locate(c.x, c.z, mx0, mz0, minv, mres);
                sw_uint type = sw_type_pick(world_type_at(t, mc.i0, mc.j0), world_type_at(t, mc.i1, mc.j0),
                                            world_type_at(t, mc.i0, mc.j1), world_type_at(t, mc.i1, mc.j1), mc.fx,
                                            mc.fz, sw_type_pick_hash(c.hash));
                if (type != mat) continue;
                gh = sw_bilerp(world_grass_height_at(t, mc.i0, mc.j0), world_grass_height_at(t, mc.i1, mc.j0),
                               world_grass_height_at(t, mc.i0, mc.j1), world_grass_height_at(t, mc.i1, mc.j1), mc.fx,
                               mc.fz);
                if (!(gh > 0.0f)) continue;
            }
            /* PL6: the clump, and the pull toward its centre; the root height is taken at the pulled point. */
            sw_clump k = sw_clump_at(c.x, c.z, m.clump_size, m.clump_inv_size, mat, seed);
            c.x = sw_pull(c.x, k.cx, m.clump_pull);
            c.z = sw_pull(c.z, k.cz, m.clump_pull);
            h = sw_hf_locate(c.x, c.z, x0, z0, inv_cell, res);
            float y = sw_bilerp(world_height_at(t, h.i, h.j), world_height_at(t, h.i + 1, h.j),
                                world_height_at(t, h.i, h.j + 1), world_height_at(t, h.i + 1, h.j + 1), h.fx, h.fz);
            /* GA3: the grass category of the wind field, as cull.comp.glsl samples it */
            sw_v2 wind = wind_field_push(field, SW_WIND_CAT_GRASS, c.x, c.z, m.stiffness);
            out[n++] = sw_make_blade(c, y, mat, m, wind, wind, gh, k); /* no previous frame: no motion */
        }
    }
    assert(n <= place_cells_bound(ni, nj));
    return n;
}
