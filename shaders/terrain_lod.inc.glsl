// terrain_lod.inc.glsl — a vertex of the ground's CDLOD patches (shared/sw_terrain_lod.h says the
// technique): the patch is this instance's of the plan's list (RES_TERRAIN_PATCHES, SW_BIND_TERRAIN_PATCHES of
// set 1), the vertex its gl_VertexIndex in the patch grid (SW_TERRAIN_PATCH_VERTS a row: terrain.c's index
// buffer). Include after common.inc.glsl.
//   sw_ground sw_ground_vertex(bool normal)  the vertex's world position and (normal: else up) its normal
// Positions depend only on the vertex's global mesh coordinates and the LOD eye (views[SW_VIEW_CAMERA]'s), so
// every view, and both sides of a patch edge, compute the same ones. Heights come from the mesh's vertices
// (bilinear between them where a vertex is between two in its morph); normals by central differences over the
// vertex's level spacing (2^L (1 + k) mesh quads: continuous across the morph and the level switch).
// With SW_TERRAIN_HEIGHTS_ONLY defined: the height and normal functions alone (no patch list; the ground's
// compute resolve).
#include "shared/sw_terrain_lod.h"

// BX7: the overview's height at global sample (i, j), bilinear between its samples (sample u at
// min(u ov_step, terrain_res - 1)); it lies behind the ring in the heights buffer.
float sw_overview_height(int i, int j)
{
    int s = frame.ov_step, last = frame.terrain_res - 1, base = frame.hf_ring * frame.hf_ring;
    int u0 = min(i / s, frame.ov_n - 2), v0 = min(j / s, frame.ov_n - 2);
    int x0 = u0 * s, z0 = v0 * s, x1 = min(x0 + s, last), z1 = min(z0 + s, last);
    float tx = float(i - x0) / float(x1 - x0), tz = float(j - z0) / float(z1 - z0);
    int at = base + v0 * frame.ov_n + u0;
    float a = mix(heights[at], heights[at + 1], tx);
    float b = mix(heights[at + frame.ov_n], heights[at + frame.ov_n + 1], tx);
    return mix(a, b, tz);
}

// BX7: the ground's height at global sample (i, j): the ring's where the slot holds the page the window wants
// there, else the overview's (a no_wait frame after a jump, until the page arrives; the slot table follows the
// overview). Resident (hf_page 0): the ring's.
float sw_ground_height_at(int i, int j)
{
    if (frame.hf_page > 0) {
        int ci = clamp(i, frame.hf_i0, frame.hf_i0 + frame.hf_ring - 1);
        int cj = clamp(j, frame.hf_j0, frame.hf_j0 + frame.hf_ring - 1);
        int pi = ci / frame.hf_page, pj = cj / frame.hf_page, n = frame.hf_ring / frame.hf_page;
        int at = frame.hf_ring * frame.hf_ring + frame.ov_n * frame.ov_n + (pj % n) * n + pi % n;
        if (floatBitsToInt(heights[at]) != pj * frame.hf_pages + pi) return sw_overview_height(ci, cj);
    }
    return sw_height(i, j);
}

// The ground's height at sample coordinates (si, sj) (fractional; within the window): between the mesh
// vertices (every terrain_step samples) around it.
float sw_ground_height(float si, float sj)
{
    precise float s = float(frame.terrain_step);
    int hi_i = min(frame.hf_i0 + frame.hf_ring, frame.terrain_res) - 1;
    int hi_j = min(frame.hf_j0 + frame.hf_ring, frame.terrain_res) - 1;
    precise float fi = floor(si / s) * s, fj = floor(sj / s) * s;
    precise float ti = (si - fi) / s, tj = (sj - fj) / s;
    int i0 = int(fi), j0 = int(fj);
    int i1 = min(i0 + frame.terrain_step, hi_i), j1 = min(j0 + frame.terrain_step, hi_j);
    float h00 = sw_ground_height_at(i0, j0);
    if (ti == 0.0 && tj == 0.0) return h00; // on a mesh vertex (every vertex outside a morph)
    precise float a = mix(h00, sw_ground_height_at(i1, j0), ti);
    precise float b = mix(sw_ground_height_at(i0, j1), sw_ground_height_at(i1, j1), ti);
    precise float h = mix(a, b, tj);
    return h;
}

// A mesh coordinate in samples, inside the window.
float sw_ground_clamp_i(float si) { return clamp(si, float(frame.hf_i0), float(min(frame.hf_i0 + frame.hf_ring, frame.terrain_res) - 1)); }
float sw_ground_clamp_j(float sj) { return clamp(sj, float(frame.hf_j0), float(min(frame.hf_j0 + frame.hf_ring, frame.terrain_res) - 1)); }

// The ground's normal at sample coordinates (si, sj) by central differences over sp samples.
vec3 sw_ground_normal(float si, float sj, float sp)
{
    float dx = sw_ground_height(sw_ground_clamp_i(si + sp), sj) - sw_ground_height(sw_ground_clamp_i(si - sp), sj);
    float dz = sw_ground_height(si, sw_ground_clamp_j(sj + sp)) - sw_ground_height(si, sw_ground_clamp_j(sj - sp));
    return normalize(vec3(-dx, 2.0 * sp * frame.terrain_cell, -dz));
}

#ifndef SW_TERRAIN_HEIGHTS_ONLY
layout(std430, set = SW_SET_PASS, binding = SW_BIND_TERRAIN_PATCHES) readonly buffer TerrainPatchBuf {
    sw_terrain_patch terrain_patches[];
};

struct sw_ground {
    vec3 world;
    vec3 normal;
};

sw_ground sw_ground_vertex(bool want_normal)
{
    sw_terrain_patch p = terrain_patches[gl_InstanceIndex];
    int level = int(p.level);
    int gx = gl_VertexIndex % SW_TERRAIN_PATCH_VERTS, gy = gl_VertexIndex / SW_TERRAIN_PATCH_VERTS;
    int gi = p.i0 + (gx << level), gj = p.j0 + (gy << level); // global mesh coordinates, on the level's grid
    precise float step = float(frame.terrain_step);
    precise float cell = frame.terrain_cell;
    // the LOD distance of the vertex before its morph (the same on both sides of an edge)
    precise float ux = frame.terrain_x0 + sw_ground_clamp_i(float(gi) * step) * cell;
    precise float uz = frame.terrain_z0 + sw_ground_clamp_j(float(gj) * step) * cell;
    float d = sw_terrain_lod_dist(ux - views[SW_VIEW_CAMERA].cam_x, uz - views[SW_VIEW_CAMERA].cam_z, frame.terrain_lod_lift);
    float k = sw_terrain_morph_k(d, frame.terrain_lod_range, level, frame.terrain_lod_top);
    precise float si = sw_ground_clamp_i(sw_terrain_morph_coord(gi, level, k) * step);
    precise float sj = sw_ground_clamp_j(sw_terrain_morph_coord(gj, level, k) * step);
    sw_ground g;
    g.world = vec3(frame.terrain_x0 + si * cell, sw_ground_height(si, sj), frame.terrain_z0 + sj * cell);
    g.normal = vec3(0.0, 1.0, 0.0);
    if (!want_normal) return g;
    // the normal over the level's spacing at the morphed point
    g.normal = sw_ground_normal(si, sj, float(1 << level) * (1.0 + k) * step);
    return g;
}
#endif
