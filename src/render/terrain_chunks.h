/* terrain_chunks.h — the ground grid cut into square chunks, so that a view draws only the chunks it can see
 * (issue 19: "patches with bounds, culled per view"). The index buffer holds the grid chunk by chunk (chunk rows
 * from -z to +z, chunks in a row from -x to +x, and inside a chunk its quads row by row), so a run of
 * consecutive visible chunks is one indexed draw (runs closer than two chunks join: fewer draws). A chunk is culled when its box — its quads' x and z, and its
 * vertices' height range (or the grid's) — lies outside one plane of the view's clip volume: every triangle in it lies
 * there too and covers no pixel, so culling changes no pixel of the image. Pure CPU; no Vulkan. */
#ifndef SWARD_RENDER_TERRAIN_CHUNKS_H
#define SWARD_RENDER_TERRAIN_CHUNKS_H

#include <stddef.h>
#include <stdint.h>

#define RENDER_TERRAIN_CHUNK 32 /* quads per chunk side: a 1025^2 mesh is 32 x 32 chunks */
#define RENDER_TERRAIN_CHUNKS_MAX 64 /* chunks per side tested (a 2049^2 mesh); beyond, every chunk is drawn */
/* The runs a view can need: every other chunk of a 1025^2 mesh (32 x 32 chunks), and one. */
#define RENDER_TERRAIN_RUNS_MAX (32 * 32 / 2 + 1)

/* The grid as a view sees it: the mesh's vertices in world space (terrain.vert.glsl). */
typedef struct render_terrain_grid {
    int mesh;            /* vertices per side (render_terrain_mesh) */
    float x0, z0;        /* m: the first vertex's x and z */
    float quad;          /* m: one quad's side */
    float y_min, y_max;  /* m: the heights the grid spans */
    const float (*chunk_y)[2]; /* m: each chunk's lowest and highest vertex (chunks^2, row by row), or NULL:
                                  y_min and y_max for all */
    float raise;         /* m added to each box's top (the shadow views: the casters above the ground) */
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

/* Each chunk's lowest and highest vertex of a mesh over a resident height field of res x res samples, the
 * mesh's vertex v at sample min(v step, res - 1): chunks^2 pairs into out, row by row. */
void render_terrain_chunk_heights(int mesh, int step, int res, const float *heights, float (*out)[2]);

/* The clip-volume planes a chunk is tested against (bits of render_terrain_visible's `planes`). */
#define RENDER_CLIP_X 3u      /* -w <= x <= w */
#define RENDER_CLIP_Y 12u     /* -w <= y <= w */
#define RENDER_CLIP_FAR 16u   /* 0 <= z: reverse-Z's far plane (with depth clamped, what lies beyond it writes
                                 the cleared far value, which depth test GREATER refuses: nothing) */
#define RENDER_CLIP_DEPTH 48u /* 0 <= z <= w: the near plane not for pipelines that clamp depth (the casters) */
#define RENDER_CLIP_ALL 63u

/* Which chunks (row by row, chunks^2 entries, 1 = drawn) have their box inside every tested plane of a view's
 * world -> clip matrix (column-major, Vulkan clip volume). Only the chunks in `within` ([0], [1]: the first
 * chunk column and row; [2], [3]: one past the last) are tested, the others are 0; NULL: all. Returns the
 * visible chunks; with more than RENDER_TERRAIN_CHUNKS_MAX chunks a side every chunk is visible. */
uint32_t render_terrain_visible(const render_terrain_grid *g, const float view_proj[16], unsigned planes,
                                const int within[4], uint8_t *visible);

/* The runs of visible chunks for a view's world -> clip matrix, tested against every plane; at most max_runs
 * written (chunks^2 / 2 + 1 always suffice). Returns the number of runs; *indices, when not NULL, gets the
 * indices they draw. */
uint32_t render_terrain_runs(const render_terrain_grid *g, const float view_proj[16], render_terrain_run *runs,
                             uint32_t max_runs, uint64_t *indices);

#endif
