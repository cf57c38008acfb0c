// place_cull.comp.glsl — GPU placement and culling of one render tile per workgroup (SPEC PL3, PL4, PL7,
// SC3: distance, frustum and Hi-Z occlusion; Ghost of Tsushima "GPU culling and placement", "Indirect drawing").
// Reads: frame, materials, heights, tiles, the Hi-Z pyramid. Writes: the culling counters, blades (tile t owns slots [t * 1024, t * 1024 + 1024)),
// and the tile's two indexed indirect draws (15-vertex blades, then 7-vertex blades).
// Cost: one thread per 4 grid cells, one workgroup scan; the output order is the cell order, so the frame
// is deterministic (no atomics).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_place.h"
#include "shared/sw_wind.h"
#include "common.inc.glsl"
#include "occlusion.inc.glsl"

layout(local_size_x = 256) in;

layout(std430, set = 0, binding = 4) writeonly buffer BladeBuf { sw_blade blades[]; };
layout(std430, set = 0, binding = 5) writeonly buffer DrawBuf { sw_draw_cmd draws[]; };
layout(std430, set = 0, binding = 10) buffer StatsBuf { sw_cull_stats stats; };

shared uint s_scan[SW_PLACE_GROUP];
shared uint s_removed[5]; // outside, density, distance, frustum, occlusion

const uint CELLS_PER_THREAD = SW_TILE_CANDIDATES / SW_PLACE_GROUP;

bool sphere_in_frustum(vec3 c, float r)
{
    for (int p = 0; p < 6; p++) {
        vec4 pl = vec4(frame.frustum[p * 4], frame.frustum[p * 4 + 1], frame.frustum[p * 4 + 2], frame.frustum[p * 4 + 3]);
        if (dot(pl.xyz, c) + pl.w < -r) return false;
    }
    return true;
}

void main()
{
    // Tiles beyond the 65535 workgroups a dimension is guaranteed to allow continue in y.
    uint tile_index = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    if (tile_index >= frame.tile_count) return; // uniform across the workgroup
    sw_tile t = tiles[tile_index];
    sw_material m = materials[t.material];
    uint lid = gl_LocalInvocationIndex;
    bool cull = (frame.flags & SW_FLAG_NO_CULL) == 0u;
    bool occlusion = cull && (frame.flags & SW_FLAG_OCCLUSION) != 0u;
    // SC5, SC6: the type's own LOD and draw distances (the scene's where the type leaves them 0); thinning and
    // LOD off for SW_FLAG_NO_LOD_FADE (tests: every blade high, hard distance cut).
    bool lod_fade = cull && (frame.flags & SW_FLAG_NO_LOD_FADE) == 0u;
    float draw_d = min(m.draw_distance, frame.draw_distance); // per type (SC5, SC6), resolved by the loader
    float lod_d = m.lod_distance;
    // The tallest blade of the type (clumps scale heights): bounds for the frustum and occlusion tests.
    float hm = m.height_max * (1.0 + m.clump_height_var);
    uint per_instance = m.blades_per_instance == 2u ? 2u : 1u; // short grass: two blades per instance (GA1)
    if (lid < 5u) s_removed[lid] = 0u;
    barrier();
    uint removed[5] = uint[5](0u, 0u, 0u, 0u, 0u);

    sw_blade found[CELLS_PER_THREAD];
    uint lod[CELLS_PER_THREAD]; // 0 none, 1 high, 2 low
    uint n_high = 0u, n_low = 0u;
    for (uint r = 0u; r < CELLS_PER_THREAD; r++) {
        uint k = lid * CELLS_PER_THREAD + r;
        int ci = t.ci0 + int(k % SW_TILE_CELLS);
        int cj = t.cj0 + int(k / SW_TILE_CELLS);
        lod[r] = 0u;
        sw_candidate c = sw_candidate_at(ci, cj, t.material, frame.seed, m.spacing);
        sw_hf_coord h = sw_hf_locate(c.x, c.z, frame.terrain_x0, frame.terrain_z0, frame.terrain_inv_cell, frame.terrain_res);
        if (!h.inside) {
            removed[0]++;
            continue;
        }
        float cover = sw_coverage(c.x, c.z, t.material, frame.seed, m.patch_inv_scale, m.patch_coverage);
        if (!(c.keep < cover)) {
            removed[1]++;
            continue;
        }
        // PL5: the type map picks this type here (dithered among the 2x2 texels), the grass-height map scales
        // the blade; PL6: the clump and the pull toward its centre, the root height at the pulled point.
        sw_map_coord mc = sw_map_locate(c.x, c.z, frame.terrain_x0, frame.terrain_z0, frame.map_inv_cell, frame.map_res);
        uint picked = sw_type_pick(sw_type_at(mc.i0, mc.j0), sw_type_at(mc.i1, mc.j0), sw_type_at(mc.i0, mc.j1),
                                   sw_type_at(mc.i1, mc.j1), mc.fx, mc.fz, sw_type_pick_hash(c.hash));
        if (picked != t.material) {
            removed[1]++;
            continue;
        }
        int r0 = mc.j0 * frame.map_res, r1 = mc.j1 * frame.map_res;
        float gh = sw_bilerp(grass_height[r0 + mc.i0], grass_height[r0 + mc.i1], grass_height[r1 + mc.i0],
                             grass_height[r1 + mc.i1], mc.fx, mc.fz);
        if (!(gh > 0.0)) {
            removed[1]++;
            continue;
        }
        sw_clump clump = sw_clump_at(c.x, c.z, m.clump_size, m.clump_inv_size, t.material, frame.seed);
        c.x = sw_pull(c.x, clump.cx, m.clump_pull);
        c.z = sw_pull(c.z, clump.cz, m.clump_pull);
        h = sw_hf_locate(c.x, c.z, frame.terrain_x0, frame.terrain_z0, frame.terrain_inv_cell, frame.terrain_res);
        int row = h.j * frame.terrain_res + h.i;
        float y = sw_bilerp(heights[row], heights[row + 1], heights[row + frame.terrain_res],
                            heights[row + frame.terrain_res + 1], h.fx, h.fz);
        float dx = c.x - frame.cam_x, dy = y - frame.cam_y, dz = c.z - frame.cam_z;
        float dist2 = dx * dx + dy * dy + dz * dz;
        if (cull) {
            if (dist2 > draw_d * draw_d) {
                removed[2]++;
                continue;
            }
            // SC5 density thinning with distance, before the costlier tests: the blade's thinning hash (the
            // variation bits sw_make_blade stores, which grass.vert.glsl fades it by) against the fraction kept
            // at its distance, so the same blade gets the same answer at the same distance every frame.
            if (lod_fade && sw_thin_hash(sw_pcg(sw_pcg(sw_pcg(c.hash))) >> 16u) >= sw_thin_keep(sqrt(dist2), draw_d)) {
                removed[2]++;
                continue;
            }
            if (!sphere_in_frustum(vec3(c.x, y + 0.5 * hm, c.z), hm)) {
                removed[3]++;
                continue;
            }
            // The box a blade of this type can fill, whatever its shape and the wind: the tallest blade,
            // leaning up to its full height in any direction.
            if (occlusion && sw_box_occluded(vec3(c.x - hm, y - 0.05, c.z - hm), vec3(c.x + hm, y + hm, c.z + hm))) {
                removed[4]++;
                continue;
            }
        }
        sw_v2 w = sw_wind_push(c.x, c.z, frame.time, frame.wind_x, frame.wind_z, frame.wind_speed,
                               frame.wind_inv_gust_scale, frame.wind_gust_speed, m.stiffness);
        found[r] = sw_make_blade(c, y, t.material, m, w, gh, clump);
        if ((frame.flags & SW_FLAG_NO_LOD_FADE) != 0u || dist2 < lod_d * lod_d) {
            lod[r] = 1u;
            n_high++;
        } else {
            lod[r] = 2u;
            n_low++;
        }
    }

    // Inclusive scan of (high | low << 16) over the workgroup (Hillis-Steele).
    uint mine = n_high | (n_low << 16);
    s_scan[lid] = mine;
    barrier();
    for (uint off = 1u; off < SW_PLACE_GROUP; off <<= 1) {
        uint add = lid >= off ? s_scan[lid - off] : 0u;
        barrier();
        s_scan[lid] += add;
        barrier();
    }
    for (uint k = 0u; k < 5u; k++)
        if (removed[k] != 0u) atomicAdd(s_removed[k], removed[k]);
    barrier();
    uint total = s_scan[SW_PLACE_GROUP - 1u];
    uint before = s_scan[lid] - mine;
    uint total_high = total & 0xffffu;
    uint base = tile_index * SW_TILE_CANDIDATES;
    uint hi = base + (before & 0xffffu);
    uint lo = base + total_high + (before >> 16);
    for (uint r = 0u; r < CELLS_PER_THREAD; r++) {
        if (lod[r] == 1u) blades[hi++] = found[r];
        else if (lod[r] == 2u) blades[lo++] = found[r];
    }
    if (lid == 0u) {
        atomicAdd(stats.considered, SW_TILE_CANDIDATES);
        atomicAdd(stats.outside, s_removed[0]);
        atomicAdd(stats.density, s_removed[1]);
        atomicAdd(stats.distance, s_removed[2]);
        atomicAdd(stats.frustum, s_removed[3]);
        atomicAdd(stats.occlusion, s_removed[4]);
        atomicAdd(stats.drawn, (total & 0xffffu) + (total >> 16));
        // first_instance: bit 0 low LOD, bit 1 two blades per instance (the index patterns of grass.c cover
        // 2 x SW_TILE_CANDIDATES blades of each LOD, so n two-blade instances are 2n consecutive blades).
        uint two = per_instance == 2u ? 2u : 0u;
        draws[2u * tile_index] = sw_draw_cmd(total_high * per_instance * SW_HIGH_INDICES, 1u, 0u,
                                             int(base * per_instance * SW_HIGH_VERTS), two);
        draws[2u * tile_index + 1u] = sw_draw_cmd((total >> 16) * per_instance * SW_LOW_INDICES, 1u,
                                                  2u * SW_TILE_CANDIDATES * SW_HIGH_INDICES,
                                                  int((base + total_high) * per_instance * SW_LOW_VERTS), 1u | two);
    }
}
