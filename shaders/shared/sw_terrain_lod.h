/* sw_terrain_lod.h — the ground's continuous LOD (Strugar, "Continuous Distance-Dependent Level of
 * Detail for Rendering Heightmaps", 2009, CDLOD), written once for the vertex shaders (terrain_lod.inc.glsl) and
 * the CPU reference (src/render/terrain_lod.c, tests/unit/test_terrain_lod.c).
 *
 * The mesh is drawn as patches of SW_TERRAIN_PATCH x SW_TERRAIN_PATCH quads. A patch of level L has quads of
 * 2^L mesh quads and lies on the global grid of its level (its corner at a multiple of SW_TERRAIN_PATCH 2^L mesh
 * quads from the height field's first sample). Level L serves distances up to range(L) = range0 2^L from the
 * LOD eye (the camera: every view draws the same mesh); over the last quarter of that range, from
 * SW_TERRAIN_MORPH_START range(L) to range(L), each vertex at an odd position of its level's grid slides to the
 * even one below it (x and z each), so that at range(L) the patch is exactly level L + 1's mesh (the quads'
 * diagonals all run the same way: each stretched quad is a coarse quad) and the selection switches level there
 * with no pop. Distances are horizontal, with the eye's height above the highest ground added in quadrature
 * (a flying camera sees coarser levels). The quadtree (terrain_lod.c) guarantees that a patch's neighbours
 * are within one level and that at a boundary the finer side has morphed completely while the coarser has not
 * begun (range0 >= 2 sqrt 2 x a level-0 node's side: SW_TERRAIN_RANGE0), so shared edges hold the same
 * vertices: no cracks. */
#ifndef SW_TERRAIN_LOD_H
#define SW_TERRAIN_LOD_H
#include "sw_lang.h"

#define SW_TERRAIN_PATCH 16        /* quads per side of a patch (a quadtree node: 2 x 2 patches) */
#define SW_TERRAIN_PATCH_VERTS 17  /* vertices per side of a patch */
/* range0 in mesh quads: a level-0 node is 2 SW_TERRAIN_PATCH quads a side, its diagonal 45.3; the morph of the
 * next level must not have begun at any point of a node that touches range(L) (range(L) + diagonal <=
 * SW_TERRAIN_MORPH_START range(L + 1) needs range0 >= 90.5) */
#define SW_TERRAIN_RANGE0 96.0f
#define SW_TERRAIN_MORPH_START 0.75f /* of range(L): the morph runs over the level's last quarter */

/* The morph factor of a level-`level` vertex at LOD distance d (m): 0 up to SW_TERRAIN_MORPH_START range, 1 from
 * the range on (by comparison, so that a boundary at the range is exactly morphed); the top level (no level
 * above it) never morphs. */
SW_FN float sw_terrain_morph_k(float d, float range0, int level, int top)
{
    if (level >= top) return 0.0f;
    float range = range0 * SW_F(1 << level);
    float start = SW_TERRAIN_MORPH_START * range;
    if (d >= range) return 1.0f;
    if (d <= start) return 0.0f;
    return (d - start) / (range - start);
}

/* A vertex's mesh coordinate along one axis after the morph: g (global mesh quads, on its level's grid) slides
 * by k of its level's quad toward the even grid point below where it is odd on that grid. */
SW_FN float sw_terrain_morph_coord(int g, int level, float k)
{
    int odd = (g >> level) & 1;
    return odd != 0 ? SW_F(g) - SW_F(1 << level) * k : SW_F(g);
}

/* The LOD distance of a point dx, dz (m) from the eye horizontally, the eye `lift` m above the highest ground. */
SW_FN float sw_terrain_lod_dist(float dx, float dz, float lift)
{
    return sw_sqrt(dx * dx + dz * dz + lift * lift);
}

#endif
