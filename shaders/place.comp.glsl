// place.comp.glsl — GPU placement of one render tile per workgroup (SPEC PL1, PL3, PL4, PL5; Frictional
// "Undergrowth", Ghost of Tsushima "GPU culling and placement"): which grid cells of the tile grow a blade.
// View-independent (no camera, no time), so a tile's placement persists across frames in the tile cache's slot
// (SC1, src/place/cache.c); the blades themselves are built per view by cull.comp.glsl from the set bits.
// pc.level picks the batch (SC2): 0 the tiles needed now, 1 those placed ahead of the camera.
// Reads: frame, materials, heights, world maps, density areas, the canopy, tiles. Writes: the tile's slot: its mask words
// and the cells removed off the terrain and by density.
// Cost: one thread per 4 grid cells: three hashes, a coverage noise (patchy types), four type-map texels and
// four grass-height texels per cell (four canopy texels for a type with a canopy rule); 128 bytes written per tile.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_place.h"
#include "common.inc.glsl"
#include "areas.inc.glsl"

layout(local_size_x = 256) in;

layout(std430, set = SW_SET_PASS, binding = SW_PLACE_TILES) readonly buffer TileBuf { sw_tile tiles[]; };
layout(std430, set = SW_SET_PASS, binding = SW_PLACE_MASKS) writeonly buffer MaskBuf { uint masks[]; };

const uint CELLS_PER_THREAD = SW_TILE_CANDIDATES / SW_PLACE_GROUP; // 4: a thread's cells share a mask word

shared uint s_mask[SW_TILE_MASK_WORDS];
shared uint s_removed[2]; // outside, density

void main()
{
    // Tiles beyond the 65535 workgroups a dimension is guaranteed to allow continue in y. The batches follow
    // the views' tiles in the frame's list: now, then ahead.
    uint local_tile = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    if (local_tile >= (pc.level == 0u ? frame.place_now : frame.place_ahead)) return; // uniform
    sw_tile t = tiles[frame.tile_count + (pc.level == 0u ? 0u : frame.place_now) + local_tile];
    sw_material m = materials[t.material];
    uint lid = gl_LocalInvocationIndex;
    if (lid < SW_TILE_MASK_WORDS) s_mask[lid] = 0u;
    if (lid < 2u) s_removed[lid] = 0u;
    barrier();

    uint bits = 0u, outside = 0u, density = 0u;
    for (uint r = 0u; r < CELLS_PER_THREAD; r++) {
        uint k = lid * CELLS_PER_THREAD + r;
        // SC5: a far tile's cells are its level's carriers, one per block of 2^level cells
        sw_cell cell = sw_thin_carrier((t.ci0 >> t.level) + int(k % SW_TILE_CELLS), (t.cj0 >> t.level) + int(k / SW_TILE_CELLS),
                                       t.level, t.material);
        int ci = cell.i, cj = cell.j;
        sw_candidate c = sw_candidate_at(ci, cj, t.material, frame.seed, m.spacing);
        sw_hf_coord h = sw_hf_locate(c.x, c.z, frame.terrain_x0, frame.terrain_z0, frame.terrain_inv_cell, frame.terrain_res);
        if (!h.inside) {
            outside++;
            continue;
        }
        float cover = sw_coverage(c.x, c.z, t.material, frame.seed, m.patch_inv_scale, m.patch_coverage);
        // PL2: the density areas' fraction of the maximum, multiplied into the coverage (place_cells)
        if ((m.flags & SW_MAT_AREAS) != 0u)
            cover *= sw_area_fraction_at(1u << t.material, m.base_density, m.density, m.inv_density, c.x, c.z);
        // PL11: the trees' canopy multiplies it by the type's rule (place_grid)
        if ((m.flags & SW_MAT_CANOPY) != 0u)
            cover *= sw_canopy_density(sw_canopy_at(c.x, c.z), m.canopy_under, m.canopy_open, m.canopy_fringe,
                                       m.canopy_width);
        if (!(c.keep < cover)) {
            density++;
            continue;
        }
        // PL5: the type map picks this type here (dithered among the 2x2 texels); PL1: the grass-height map
        // removes the blade where it is 0.
        sw_map_coord mc = sw_map_locate(c.x, c.z, frame.terrain_x0, frame.terrain_z0, frame.map_inv_cell, frame.map_res);
        uint picked = sw_type_pick(sw_type_at(mc.i0, mc.j0), sw_type_at(mc.i1, mc.j0), sw_type_at(mc.i0, mc.j1),
                                   sw_type_at(mc.i1, mc.j1), mc.fx, mc.fz, sw_type_pick_hash(c.hash));
        if (picked != t.material) {
            density++;
            continue;
        }
        float gh = sw_bilerp(sw_grass_height(mc.i0, mc.j0), sw_grass_height(mc.i1, mc.j0),
                             sw_grass_height(mc.i0, mc.j1), sw_grass_height(mc.i1, mc.j1), mc.fx, mc.fz);
        if (!(gh > 0.0)) {
            density++;
            continue;
        }
        bits |= 1u << r;
    }
    // Cells lid * 4 .. lid * 4 + 3 are bits (lid % 8) * 4 .. + 3 of word lid / 8.
    if (bits != 0u) atomicOr(s_mask[lid >> 3], bits << ((lid & 7u) * CELLS_PER_THREAD));
    if (outside != 0u) atomicAdd(s_removed[0], outside);
    if (density != 0u) atomicAdd(s_removed[1], density);
    barrier();
    if (lid < SW_TILE_MASK_WORDS) masks[t.slot * SW_TILE_SLOT_WORDS + lid] = s_mask[lid];
    if (lid == 0u) { // the camera's counters add these up for the tiles it culls (cull.comp.glsl)
        masks[t.slot * SW_TILE_SLOT_WORDS + SW_SLOT_OUTSIDE] = s_removed[0];
        masks[t.slot * SW_TILE_SLOT_WORDS + SW_SLOT_DENSITY] = s_removed[1];
    }
}
