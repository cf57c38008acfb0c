/* terrain_lod.h — the ground's continuous LOD (SPEC SC4; Strugar 2009, CDLOD): which patches of the
 * ground mesh each view draws, chosen once a frame by a quadtree over the mesh (levels by distance from the
 * camera, every view the same levels, each view culling by its own clip volume), and the bounds the
 * quadtree's boxes take. The morph that joins the levels is shaders/shared/sw_terrain_lod.h's, run by the
 * vertex shaders (terrain_lod.inc.glsl) and by the tests. Pure CPU; no Vulkan.
 *
 * Mesh coordinates are global: mesh quad (i, j) is height sample (i step, j step); a patch of level L covers
 * SW_TERRAIN_PATCH 2^L mesh quads a side from a multiple of that, a node of level L twice that (its 4 children
 * are level L - 1 nodes; drawn at level L they are its 4 patches). A node is split where it comes within its
 * children's range of the eye; a child that does not is drawn as a patch of the node's level; level 0 nodes are
 * drawn as their 4 patches. */
#ifndef SWARD_RENDER_TERRAIN_LOD_H
#define SWARD_RENDER_TERRAIN_LOD_H

#include <stddef.h>
#include <stdint.h>

#include "shared/sw_types.h"
#include "shared/sw_terrain_lod.h"

#define RENDER_TERRAIN_LEVELS_MAX 16 /* a 2^20-quad terrain; enough for any height field */

/* The heights under each patch of every level (resident terrain): level l is n[l]^2 pairs (lowest, highest
 * mesh vertex of patch (i, j) of that level, row by row), level 0 from the mesh's vertices, each next the
 * extremes of 2 x 2 below. */
typedef struct render_terrain_bounds {
    int levels;
    int n[RENDER_TERRAIN_LEVELS_MAX];
    float (*y[RENDER_TERRAIN_LEVELS_MAX])[2];
} render_terrain_bounds;

/* The mesh as a frame places it, and the LOD's eye. */
typedef struct render_terrain_lod {
    int i0, j0;          /* the global mesh quad of the window's first vertex (resident: 0) */
    int mesh;            /* vertices per side of the window's mesh */
    int quads;           /* mesh quads per side of the whole terrain (the quadtree's extent) */
    float x0, z0;        /* m: global mesh vertex (0, 0) */
    float quad;          /* m: a mesh quad's side */
    float y_min, y_max;  /* m: the heights the mesh spans */
    const render_terrain_bounds *bounds; /* resident: each patch's heights; NULL: y_min, y_max for all */
    float raise;         /* m added to each box's top (casters above the ground; 0 for the camera, the one view
                            that draws the ground since the cascades cast it as lit heights) */
    int top;             /* the top level: the quadtree's root is a node of this level */
    float range0;        /* m: level 0's range (SW_TERRAIN_RANGE0 quads; huge: every patch at level 0) */
    float eye[3];        /* m: the LOD eye (the camera) */
    float lift;          /* m the eye is above y_max (0 below) */
} render_terrain_lod;

/* The top level for a terrain of `quads` mesh quads a side: the root node (2 SW_TERRAIN_PATCH 2^top quads)
 * covers it. */
int render_terrain_lod_top(int quads);

/* Builds the bounds of a mesh of `mesh` vertices a side over a resident height field of res x res samples (mesh
 * vertex v at sample min(v step, res - 1)), for levels 0 .. top. Returns 0, or -1 out of memory (nothing kept). */
int render_terrain_bounds_build(render_terrain_bounds *b, int mesh, int step, int res, const float *heights, int top);
void render_terrain_bounds_free(render_terrain_bounds *b);

/* The clip-volume planes a box is tested against (`planes` bits). */
#define RENDER_CLIP_X 3u      /* -w <= x <= w */
#define RENDER_CLIP_Y 12u     /* -w <= y <= w */
#define RENDER_CLIP_FAR 16u   /* 0 <= z: reverse-Z's far plane (with depth clamped, what lies beyond it writes
                                 the cleared far value, which depth test GREATER refuses: nothing) */
#define RENDER_CLIP_DEPTH 48u /* 0 <= z <= w: the near plane not for pipelines that clamp depth (the casters) */
#define RENDER_CLIP_ALL 63u

/* The patches a view draws: the quadtree's selection for the eye, without the patches whose box (footprint,
 * heights, raise) lies outside one tested plane of the view's world -> clip matrix (column-major, Vulkan clip
 * volume; planes 0: none culled). At most `max` written; returns how many there are (more than max: some
 * were not written; (mesh / SW_TERRAIN_PATCH + 2)^2 always suffice). */
uint32_t render_terrain_select(const render_terrain_lod *t, const float view_proj[16], unsigned planes,
                               sw_terrain_patch *out, uint32_t max);

/* The patches a view of `mesh` vertices a side can need at most. */
uint32_t render_terrain_patches_max(int mesh);

#endif
