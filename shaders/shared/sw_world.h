/* sw_world.h — grass-type selection from the type map and Voronoi clumping (SPEC PL5, PL6; Ghost of
 * Tsushima "Artist-controlled grass types", "Per-blade data and clumping").
 *
 * Type selection: a type map holds 8-bit type indices, which must never be interpolated. For a point, the
 * 2x2 texels whose centres surround it are gathered (sw_map_locate gives their indices and the bilinear
 * fractions) and one of the four is picked at random with the bilinear weights (sw_type_pick): P(right
 * column) = fx and P(upper row) = fz, independently, so texel (a, b) is picked with weight
 * (a ? fx : 1 - fx) * (b ? fz : 1 - fz). Transitions between types become a dither whose density follows
 * the distance to the texel centres. The fetch of the four texels is left to the caller (a C array in
 * src/place, sw_type_at in the shader), as sw_bilerp leaves the height fetch.
 *
 * Clumping: per type, a jittered point in every cell of a clump grid (cell = clump size, anchored at the
 * origin, hashed with the type and the seed); a blade's clump is the nearest of the 3x3 cells' points
 * (Voronoi). The blade is pulled toward the clump centre: p' = p + (c - p) * pull. Everything on a
 * position path uses only + - * with `precise`, so the CPU reference and the GPU agree (PL4). */
#ifndef SW_WORLD_H
#define SW_WORLD_H
#include "sw_hash.h"

/* The 2x2 texels around a point (indices clamped to the map) and the fractions toward (i1, j1). */
struct sw_map_coord {
    int i0, j0, i1, j1;
    float fx, fz;
};

/* A blade's clump: the centre (m) and the clump's hash; hash 0 and centre = the point when unclumped. */
struct sw_clump {
    float cx, cz;
    sw_uint hash;
    float d2; /* squared distance in m^2 from the point to the centre */
};

#ifndef SW_GLSL
typedef struct sw_map_coord sw_map_coord;
typedef struct sw_clump sw_clump;
#endif

/* Map texel (i, j) is centred at x0 + (i + 0.5) / inv_cell; res texels per side. */
SW_FN sw_map_coord sw_map_locate(float x, float z, float x0, float z0, float inv_cell, int res)
{
    SW_PRECISE float gx = (x - x0) * inv_cell - 0.5f;
    SW_PRECISE float gz = (z - z0) * inv_cell - 0.5f;
    float flx = sw_floor(gx);
    float flz = sw_floor(gz);
    SW_PRECISE float fx = gx - flx;
    SW_PRECISE float fz = gz - flz;
    int i = SW_I(flx);
    int j = SW_I(flz);
    sw_map_coord c;
    c.i0 = sw_maxi(sw_mini(i, res - 1), 0);
    c.j0 = sw_maxi(sw_mini(j, res - 1), 0);
    c.i1 = sw_maxi(sw_mini(i + 1, res - 1), 0);
    c.j1 = sw_maxi(sw_mini(j + 1, res - 1), 0);
    c.fx = fx;
    c.fz = fz;
    return c;
}

/* The texel containing a point (no dither; the gameplay queries, PL9). */
SW_FN int sw_map_nearest(float x, float x0, float inv_cell, int res)
{
    SW_PRECISE float g = (x - x0) * inv_cell;
    return sw_maxi(sw_mini(SW_I(sw_floor(g)), res - 1), 0);
}

/* The hash a candidate's type pick uses: independent of the shape hashes sw_make_blade draws from it. */
SW_FN sw_uint sw_type_pick_hash(sw_uint candidate_hash)
{
    return sw_pcg(candidate_hash ^ 0x632be5abu);
}

/* One of the four texel values t00 (i0, j0), t10 (i1, j0), t01 (i0, j1), t11 (i1, j1), with the bilinear
 * weights of (fx, fz); never a blend of them. */
SW_FN sw_uint sw_type_pick(sw_uint t00, sw_uint t10, sw_uint t01, sw_uint t11, float fx, float fz, sw_uint h)
{
    bool right = sw_unit(h) < fx;
    bool up = sw_unit(sw_pcg(h)) < fz;
    sw_uint lower = right ? t10 : t00;
    sw_uint upper = right ? t11 : t01;
    return up ? upper : lower;
}

/* The clump point of clump cell (ci, cj) of a type, and its distance to (x, z). */
SW_FN sw_clump sw_clump_cell(int ci, int cj, float x, float z, float size, sw_uint material, sw_uint seed)
{
    sw_uint h = sw_cell_hash(ci, cj, material + 0x100u, seed ^ 0xc1a3b5u);
    sw_uint h1 = sw_pcg(h);
    SW_PRECISE float px = (SW_F(ci) + sw_unit(h)) * size;
    SW_PRECISE float pz = (SW_F(cj) + sw_unit(h1)) * size;
    SW_PRECISE float dx = px - x;
    SW_PRECISE float dz = pz - z;
    SW_PRECISE float d2 = dx * dx + dz * dz;
    sw_clump k;
    k.cx = px;
    k.cz = pz;
    k.hash = sw_pcg(h1) | 1u; /* never 0, which means "no clump" */
    k.d2 = d2;
    return k;
}

/* The clump of a point: the nearest of the 3x3 neighbouring cells' points (ties: the first in row order). */
SW_FN sw_clump sw_clump_at(float x, float z, float size, float inv_size, sw_uint material, sw_uint seed)
{
    sw_clump best;
    best.cx = x;
    best.cz = z;
    best.hash = 0u;
    best.d2 = 0.0f;
    if (!(inv_size > 0.0f) || !(size > 0.0f)) return best;
    SW_PRECISE float gx = x * inv_size;
    SW_PRECISE float gz = z * inv_size;
    int ci = SW_I(sw_floor(gx));
    int cj = SW_I(sw_floor(gz));
    best.d2 = 3.0e38f;
    for (int dj = -1; dj <= 1; dj++) {
        for (int di = -1; di <= 1; di++) {
            sw_clump k = sw_clump_cell(ci + di, cj + dj, x, z, size, material, seed);
            if (k.d2 < best.d2) best = k;
        }
    }
    return best;
}

/* p' = p + (c - p) * pull, one coordinate. */
SW_FN float sw_pull(float p, float c, float pull)
{
    SW_PRECISE float r = p + (c - p) * pull;
    return r;
}

#endif
