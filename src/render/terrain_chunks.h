/* terrain_chunks.h — the ground grid cut into square chunks, so that a view draws only the chunks it can see
 * (issue 19: "patches with bounds, culled per view"). The index buffer holds the grid chunk by chunk (chunk rows
 * from -z to +z, chunks in a row from -x to +x, and inside a chunk its quads row by row), so a run of
 * consecutive visible chunks is one indexed draw. A chunk is culled when its box — its quads' x and z, and the
 * grid's whole height range — lies outside one plane of the view's clip volume: every triangle in it lies
 * there too and covers no pixel, so culling changes no pixel of the image. Pure CPU; no Vulkan. */
#ifndef SWARD_RENDER_TERRAIN_CHUNKS_H
#define SWARD_RENDER_TERRAIN_CHUNKS_H

#include <stddef.h>
#include <stdint.h>

#define RENDER_TERRAIN_CHUNK 32 /* quads per chunk side: a 1025^2 mesh is 32 x 32 chunks */

/* The grid as a view sees it: the mesh's vertices in world space (terrain.vert.glsl). */
typedef struct render_terrain_grid {
    int mesh;            /* vertices per side (render_terrain_mesh) */
    float x0, z0;        /* m: the first vertex's x and z */
    float quad;          /* m: one quad's side */
    float y_min, y_max;  /* m: the heights the grid spans */
} render_terrain_grid;

/* A run of the index buffer: indices [first, first + count). */
typedef struct render_terrain_run {
    uint32_t first, count;
} render_terrain_run;

/* Chunks per side of a mesh of `mesh` vertices per side. */
int render_terrain_chunks_per_side(int mesh);

/* Writes the grid's 6 (mesh - 1)^2 indices in chunk order into idx (when not NULL); returns their count. Each
 * quad (a, b, c, d) = (row j, column i), (j, i + 1), (j + 1, i), (j + 1, i + 1) is the triangles a c b, b c d. */
size_t render_terrain_chunk_indices(int mesh, uint32_t *idx);

/* The runs of visible chunks for a view's world -> clip matrix (column-major, Vulkan clip volume: -w <= x, y <= w,
 * 0 <= z <= w); at most max_runs written (chunks^2 / 2 + 1 always suffice). Returns the number of runs; *indices,
 * when not NULL, gets the indices they draw. */
uint32_t render_terrain_runs(const render_terrain_grid *g, const float view_proj[16], render_terrain_run *runs,
                             uint32_t max_runs, uint64_t *indices);

#endif
