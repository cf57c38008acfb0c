// cull.comp.glsl — per view, the blades of one placed tile per workgroup (SPEC PL6, PL7, SC3, SC5, SC6, GA4;
// Ghost of Tsushima "GPU culling and placement", "Per-blade data and clumping"): for each cell the tile's
// placement mask says grows a blade, the clump and the pull toward it, the root on the terrain; the
// distance, thinning, frustum and Hi-Z occlusion tests; for the survivors the grass height, the wind at this
// frame's and the last frame's time, and the 32-byte blade. Survivors go to the view's compact list,
// 15-vertex blades then 7-vertex ones, in cell order (a workgroup scan); one atomic add per tile reserves the
// tile's run.
// Reads: frame, view, materials, heights, world maps, tiles, masks, the view's Hi-Z pyramid, the wind field.
// Writes: survivors, the tile's sw_tile_draw, the view's counters.
// Cost: one thread per 4 cells; the work per placed cell is a 3x3 clump search, a height lookup and the
// tests, and for survivors two noise evaluations; memory grows with the survivors, not the candidates.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_place.h"
#include "shared/sw_wind.h"
#include "common.inc.glsl"
#include "occlusion.inc.glsl"
#include "wind_field.inc.glsl"

layout(local_size_x = 256) in;

layout(std430, set = SW_SET_PASS, binding = SW_CULL_TILES) readonly buffer TileBuf { sw_tile tiles[]; };
layout(std430, set = SW_SET_PASS, binding = SW_CULL_MASKS) readonly buffer MaskBuf { uint masks[]; };
layout(std430, set = SW_SET_PASS, binding = SW_CULL_SURVIVORS) writeonly buffer BladeBuf { sw_blade blades[]; };
layout(std430, set = SW_SET_PASS, binding = SW_CULL_TILE_DRAWS) writeonly buffer TileDrawBuf { sw_tile_draw tile_draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_CULL_STATS) buffer StatsBuf { sw_cull_stats stats[]; };

shared uint s_scan[SW_PLACE_GROUP];
shared uint s_removed[3]; // distance, frustum, occlusion
shared uint s_base;

const uint CELLS_PER_THREAD = SW_TILE_CANDIDATES / SW_PLACE_GROUP;

bool sphere_in_frustum(vec3 c, float r)
{
    for (int p = 0; p < 6; p++) {
        vec4 pl = vec4(VIEW.frustum[p * 4], VIEW.frustum[p * 4 + 1], VIEW.frustum[p * 4 + 2], VIEW.frustum[p * 4 + 3]);
        if (dot(pl.xyz, c) + pl.w < -r) return false;
    }
    return true;
}

// The same against another view's frustum (a shadow view's casters against the camera's).
bool sphere_in_view(uint v, vec3 c, float r)
{
    for (int p = 0; p < 6; p++) {
        vec4 pl = vec4(views[v].frustum[p * 4], views[v].frustum[p * 4 + 1], views[v].frustum[p * 4 + 2],
                       views[v].frustum[p * 4 + 3]);
        if (dot(pl.xyz, c) + pl.w < -r) return false;
    }
    return true;
}

void main()
{
    // The view's run of the frame's tiles (the camera's, then the near shadow cascade's: src/render/frame.c).
    uint local_tile = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    if (local_tile >= VIEW.tile_count) return; // uniform across the workgroup
    uint tile_index = VIEW.tile_first + local_tile;
    sw_tile t = tiles[tile_index];
    sw_material m = materials[t.material];
    uint lid = gl_LocalInvocationIndex;
    bool cull = (frame.flags & SW_FLAG_NO_CULL) == 0u;
    bool occlusion = cull && (VIEW.flags & SW_VIEW_OCCLUSION) != 0u;
    // SC5, SC6: the type's own LOD and draw distances (the loader gives a type without them the scene's);
    // thinning and LOD off for SW_FLAG_NO_LOD_FADE (tests: every blade high, hard distance cut).
    bool lod_fade = cull && (frame.flags & SW_FLAG_NO_LOD_FADE) == 0u;
    float draw_d = sw_type_draw_distance(m.draw_distance, frame.draw_distance); // per type (SC5, SC6)
    // LS3: the near shadow cascade's casters are all the 7-vertex blade (no LOD distance). Shadow views never
    // set SW_VIEW_OCCLUSION (no Hi-Z: their occluders are not the camera's) and measure distance and thinning
    // from the camera's eye (their cam), so they cast for the blades the camera sees.
    float lod_d = (VIEW.flags & SW_VIEW_LOW_LOD) != 0u ? 0.0 : m.lod_distance;
    // The tallest blade of the type (clumps scale heights): bounds for the frustum and occlusion tests.
    float hm = m.height_max * (1.0 + m.clump_height_var);
    uint per_instance = m.blades_per_instance == 2u ? 2u : 1u; // short grass: two blades per instance (GA1)
    // SC5: the most the tile keeps, at its nearest point to the eye (the roots' box, padded by the clump pull;
    // heights ignored, which only keeps more): a cell whose level's lowest threshold is not below it is thinned
    // away whatever its jitter, and is skipped before it is built (a far tile builds one cell in 4^level).
    float thin_d = frame.thin_distance;
    float side = m.spacing * float(SW_TILE_CELLS << t.level), pad = 1.5 * m.clump_pull * m.clump_size + 1e-3;
    vec2 lo = vec2(t.ci0, t.cj0) * m.spacing - pad, hi = vec2(t.ci0, t.cj0) * m.spacing + side + pad;
    vec2 cam_xz = vec2(VIEW.cam_x, VIEW.cam_z);
    float tile_cutoff = lod_fade ? sw_thin_cutoff(length(max(max(lo - cam_xz, cam_xz - hi), vec2(0.0))), thin_d) : 2.0;
    if (lid < 3u) s_removed[lid] = 0u;
    barrier();
    uint removed[3] = uint[3](0u, 0u, 0u);

    uint bits = (masks[t.slot * SW_TILE_SLOT_WORDS + (lid >> 3)] >> ((lid & 7u) * CELLS_PER_THREAD)) & 15u;
    sw_blade found[CELLS_PER_THREAD];
    uint lod[CELLS_PER_THREAD]; // 0 none, 1 high, 2 low
    uint n_high = 0u, n_low = 0u;
    for (uint r = 0u; r < CELLS_PER_THREAD; r++) {
        lod[r] = 0u;
        if ((bits & (1u << r)) == 0u) continue; // no blade grows here (place.comp.glsl)
        uint k = lid * CELLS_PER_THREAD + r;
        // SC5: a far tile's cells are its level's carriers, one per block of 2^level cells
        sw_cell cell = sw_thin_carrier((t.ci0 >> t.level) + int(k % SW_TILE_CELLS), (t.cj0 >> t.level) + int(k / SW_TILE_CELLS),
                                       t.level, t.material);
        int ci = cell.i, cj = cell.j;
        uint level = sw_thin_level(ci, cj, t.material);
        if (sw_thin_level_floor(level) >= tile_cutoff) { // thinned wherever it lies in the tile
            removed[0]++;
            continue;
        }
        sw_candidate c = sw_candidate_of_level(ci, cj, t.material, frame.seed, m.spacing, level);
        float x0 = c.x, z0 = c.z;
        // PL6: the clump and the pull toward its centre, the root height at the pulled point.
        sw_clump clump = sw_clump_at(c.x, c.z, m.clump_size, m.clump_inv_size, t.material, frame.seed);
        c.x = sw_pull(c.x, clump.cx, m.clump_pull);
        c.z = sw_pull(c.z, clump.cz, m.clump_pull);
        sw_hf_coord h = sw_hf_locate(c.x, c.z, frame.terrain_x0, frame.terrain_z0, frame.terrain_inv_cell, frame.terrain_res);
        float y = sw_bilerp(sw_height(h.i, h.j), sw_height(h.i + 1, h.j), sw_height(h.i, h.j + 1),
                            sw_height(h.i + 1, h.j + 1), h.fx, h.fz);
        float dx = c.x - VIEW.cam_x, dy = y - VIEW.cam_y, dz = c.z - VIEW.cam_z;
        float dist2 = dx * dx + dy * dy + dz * dz;
        if (cull) {
            if (dist2 > draw_d * draw_d) {
                removed[0]++;
                continue;
            }
            // LS3: the near shadow cascade takes only the blades whose shadows can reach its range (its box's
            // footprint stretches far along a low sun, but a blade's shadow does not) and the camera's view: the
            // sphere around the blade and its shadow on the ground, against the camera's frustum.
            if (VIEW.cull_distance > 0.0) {
                if (dist2 > VIEW.cull_distance * VIEW.cull_distance) {
                    removed[0]++;
                    continue;
                }
                float hl = length(vec2(frame.sun_x, frame.sun_z));
                float len = min(hm * hl / max(frame.sun_y, 1e-3), VIEW.shadow_reach);
                vec2 away = hl > 1e-6 ? -vec2(frame.sun_x, frame.sun_z) / hl : vec2(0.0);
                vec3 top = vec3(c.x, y + hm, c.z), tip = vec3(c.x + away.x * len, y, c.z + away.y * len);
                if (!sphere_in_view(0u, 0.5 * (top + tip), 0.5 * length(tip - top) + hm)) {
                    removed[1]++;
                    continue;
                }
            }
            // SC5 density thinning with distance, before the costlier tests: the blade's threshold (its cell's
            // level and the variation bits sw_make_blade stores, which grass.vert.glsl fades it by) against the
            // fraction kept at its distance, so the same blade gets the same answer at the same distance every frame.
            float u = sw_thin_hash(sw_pcg(sw_pcg(sw_pcg(c.hash))) >> 16u);
            if (lod_fade && sw_thin_threshold(c.level, u) >= sw_thin_cutoff(sqrt(dist2), thin_d)) {
                removed[0]++;
                continue;
            }
            if (!sphere_in_frustum(vec3(c.x, y + 0.5 * hm, c.z), hm)) {
                removed[1]++;
                continue;
            }
            // The box a blade of this type can fill, whatever its shape and the wind: the tallest blade,
            // leaning up to its full height in any direction.
            if (occlusion && sw_box_occluded(vec3(c.x - hm, y - 0.05, c.z - hm), vec3(c.x + hm, y + hm, c.z + hm))) {
                removed[2]++;
                continue;
            }
        }
        // A survivor: the grass-height map's scale where the candidate was placed (PL1), the wind push at
        // this frame's time (GA4, which also bends the facing) and the previous frame's, the 32-byte blade (PL7).
        sw_map_coord mc = sw_map_locate(x0, z0, frame.terrain_x0, frame.terrain_z0, frame.map_inv_cell, frame.map_res);
        float gh = sw_bilerp(sw_grass_height(mc.i0, mc.j0), sw_grass_height(mc.i1, mc.j0),
                             sw_grass_height(mc.i0, mc.j1), sw_grass_height(mc.i1, mc.j1), mc.fx, mc.fz);
        // GA3: the grass category of the wind field (its inertia and lag; beyond the grid its equilibrium,
        // GA4's analytic push), softened by the type's stiffness.
        vec2 wp = sw_field_push(sw_field_sample(SW_WIND_CAT_GRASS, vec2(c.x, c.z)), m.stiffness);
        sw_v2 w = sw_v2(wp.x, wp.y);
        // SH2 motion vectors: the push the previous frame drew the blade with (the field then; now's without motion)
        vec2 pp = (frame.flags & SW_FLAG_MOTION) != 0u
                      ? sw_field_push(sw_field_sample_at(SW_WIND_CAT_GRASS, vec2(c.x, c.z), true), m.stiffness)
                      : wp;
        found[r] = sw_make_blade(c, y, t.material, m, w, sw_v2(pp.x, pp.y), gh, clump);
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
    for (uint k = 0u; k < 3u; k++)
        if (removed[k] != 0u) atomicAdd(s_removed[k], removed[k]);
    uint total = s_scan[SW_PLACE_GROUP - 1u];
    uint total_high = total & 0xffffu, total_low = total >> 16;
    // One reservation per tile in the view's list. Where the tiles' runs lie depends on the order workgroups
    // run in, but each run's content and the draw order (tile order, draw_args.comp.glsl) do not.
    if (lid == 0u) s_base = atomicAdd(stats[pc.view].needed, total_high + total_low);
    barrier();
    uint base = s_base;
    bool fits = base + total_high + total_low <= VIEW.survivor_capacity; // else the list grows next frame
    if (fits) {
        uint before = s_scan[lid] - mine;
        uint hi = base + (before & 0xffffu);
        uint lo = base + total_high + (before >> 16);
        for (uint r = 0u; r < CELLS_PER_THREAD; r++) {
            if (lod[r] == 1u) blades[hi++] = found[r];
            else if (lod[r] == 2u) blades[lo++] = found[r];
        }
    }
    if (lid == 0u) {
        tile_draws[tile_index] = fits ? sw_tile_draw(base, total_high, total_low, per_instance)
                                      : sw_tile_draw(0u, 0u, 0u, per_instance);
        if (pc.view == 0u) { // the placement's counters of the camera's tiles (SC1: placed in any frame)
            atomicAdd(stats[0].considered, SW_TILE_CANDIDATES);
            atomicAdd(stats[0].outside, masks[t.slot * SW_TILE_SLOT_WORDS + SW_SLOT_OUTSIDE]);
            atomicAdd(stats[0].density, masks[t.slot * SW_TILE_SLOT_WORDS + SW_SLOT_DENSITY]);
        }
        atomicAdd(stats[pc.view].distance, s_removed[0]);
        atomicAdd(stats[pc.view].frustum, s_removed[1]);
        atomicAdd(stats[pc.view].occlusion, s_removed[2]);
        if (fits) {
            atomicAdd(stats[pc.view].drawn, total_high + total_low);
            atomicAdd(stats[pc.view].high, total_high);
            atomicAdd(stats[pc.view].low, total_low);
            atomicAdd(stats[pc.view].triangles, per_instance * (total_high * (SW_HIGH_INDICES / 3u) +
                                                                total_low * (SW_LOW_INDICES / 3u)));
        }
    }
}
