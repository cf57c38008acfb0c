/* terrain_chunks.c — the ground grid's chunks: their index order and the runs a view draws
 * (terrain_chunks.h). */
#include "render/terrain_chunks.h"

#define CHUNKS_MAX 64 /* chunks per side the runs are computed for (a 2049^2 mesh); more: one run of all */
#define MARGIN 0.01f  /* m the boxes grow by, far above float rounding, so a culled box is surely outside */

int render_terrain_chunks_per_side(int mesh)
{
    return mesh < 2 ? 0 : (mesh - 1 + RENDER_TERRAIN_CHUNK - 1) / RENDER_TERRAIN_CHUNK;
}

/* quads [lo, hi) of chunk k along one side of q quads */
static int chunk_lo(int k) { return k * RENDER_TERRAIN_CHUNK; }
static int chunk_hi(int k, int q) { return (k + 1) * RENDER_TERRAIN_CHUNK < q ? (k + 1) * RENDER_TERRAIN_CHUNK : q; }

size_t render_terrain_chunk_indices(int mesh, uint32_t *idx)
{
    int q = mesh - 1, nc = render_terrain_chunks_per_side(mesh);
    size_t n = 0;
    for (int cj = 0; cj < nc; cj++) {
        for (int ci = 0; ci < nc; ci++) {
            for (int j = chunk_lo(cj); j < chunk_hi(cj, q); j++) {
                for (int i = chunk_lo(ci); i < chunk_hi(ci, q); i++) {
                    if (idx) {
                        uint32_t a = (uint32_t)(j * mesh + i), b = a + 1, c = a + (uint32_t)mesh, d = c + 1;
                        idx[n + 0] = a, idx[n + 1] = c, idx[n + 2] = b;
                        idx[n + 3] = b, idx[n + 4] = c, idx[n + 5] = d;
                    }
                    n += 6;
                }
            }
        }
    }
    return n;
}

/* The clip-volume planes a clip-space point lies outside, one bit each. */
static unsigned outcode(const float m[16], float x, float y, float z)
{
    float cx = m[0] * x + m[4] * y + m[8] * z + m[12];
    float cy = m[1] * x + m[5] * y + m[9] * z + m[13];
    float cz = m[2] * x + m[6] * y + m[10] * z + m[14];
    float cw = m[3] * x + m[7] * y + m[11] * z + m[15];
    return (cx < -cw ? 1u : 0u) | (cx > cw ? 2u : 0u) | (cy < -cw ? 4u : 0u) | (cy > cw ? 8u : 0u) |
           (cz < 0.0f ? 16u : 0u) | (cz > cw ? 32u : 0u);
}

uint32_t render_terrain_runs(const render_terrain_grid *g, const float view_proj[16], render_terrain_run *runs,
                             uint32_t max_runs, uint64_t *indices)
{
    int q = g->mesh - 1, nc = render_terrain_chunks_per_side(g->mesh);
    uint32_t n = 0;
    if (nc <= 0 || max_runs == 0) {
        if (indices) *indices = 0;
        return 0;
    }
    if (nc > CHUNKS_MAX) { /* too many to test: draw them all */
        runs[0] = (render_terrain_run){0, (uint32_t)render_terrain_chunk_indices(g->mesh, NULL)};
        if (indices) *indices = runs[0].count;
        return 1;
    }
    const float pad = MARGIN + 1e-3f * (g->y_max - g->y_min);
    /* each chunk corner's outcodes at the lowest and highest height, AND-ed: the bits both lie outside */
    unsigned corner[CHUNKS_MAX + 1][CHUNKS_MAX + 1];
    for (int cj = 0; cj <= nc; cj++) {
        for (int ci = 0; ci <= nc; ci++) {
            int i = ci < nc ? chunk_lo(ci) : q, j = cj < nc ? chunk_lo(cj) : q;
            float x = g->x0 + (float)i * g->quad + (ci == 0 ? -MARGIN : ci == nc ? MARGIN : 0.0f);
            float z = g->z0 + (float)j * g->quad + (cj == 0 ? -MARGIN : cj == nc ? MARGIN : 0.0f);
            corner[cj][ci] = outcode(view_proj, x, g->y_min - pad, z) & outcode(view_proj, x, g->y_max + pad, z);
        }
    }
    uint32_t first = 0;
    for (int cj = 0; cj < nc; cj++) {
        for (int ci = 0; ci < nc; ci++) {
            uint32_t count = (uint32_t)(6 * (chunk_hi(ci, q) - chunk_lo(ci)) * (chunk_hi(cj, q) - chunk_lo(cj)));
            unsigned out = corner[cj][ci] & corner[cj][ci + 1] & corner[cj + 1][ci] & corner[cj + 1][ci + 1];
            if (!out) {
                if (n > 0 && runs[n - 1].first + runs[n - 1].count == first) {
                    runs[n - 1].count += count;
                } else if (n < max_runs) {
                    runs[n++] = (render_terrain_run){first, count};
                } else { /* out of runs: the last one reaches to here (draws more, never less) */
                    runs[n - 1].count = first + count - runs[n - 1].first;
                }
            }
            first += count;
        }
    }
    if (indices) {
        *indices = 0;
        for (uint32_t k = 0; k < n; k++) *indices += runs[k].count;
    }
    return n;
}
