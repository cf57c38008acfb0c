/* terrain_chunks.c — the ground grid's chunks: their index order and the runs a view draws
 * (terrain_chunks.h). */
#include "render/terrain_chunks.h"

#include <math.h>

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
static unsigned outcode(const float c[4])
{
    return (c[0] < -c[3] ? 1u : 0u) | (c[0] > c[3] ? 2u : 0u) | (c[1] < -c[3] ? 4u : 0u) | (c[1] > c[3] ? 8u : 0u) |
           (c[2] < 0.0f ? 16u : 0u) | (c[2] > c[3] ? 32u : 0u);
}

#define BLOCK 4 /* chunks a side of the blocks tested first */
#define RUN_GAP (2u * 6u * RENDER_TERRAIN_CHUNK * RENDER_TERRAIN_CHUNK) /* indices of two whole chunks */
typedef float corner_grid[RENDER_TERRAIN_CHUNKS_MAX + 1][RENDER_TERRAIN_CHUNKS_MAX + 1][4];

/* The planes that the box over chunk corners [j0, j1] x [i0, i1] and heights [y0, y1] lies wholly outside
 * (0: it may be seen). base: each corner's clip position at height 0 (read only). */
static unsigned box_out(const float m[16], corner_grid base, int j0, int i0, int j1, int i1, float y0, float y1,
                        unsigned planes)
{
    unsigned out = planes;
    for (int c = 0; c < 8 && out; c++) {
        const float *b = base[(c & 2) ? j1 : j0][(c & 1) ? i1 : i0];
        const float y = (c & 4) ? y1 : y0;
        float p[4];
        for (int r = 0; r < 4; r++) p[r] = b[r] + m[4 + r] * y;
        out &= outcode(p);
    }
    return out;
}

void render_terrain_chunk_heights(int mesh, int step, int res, const float *heights, float (*out)[2])
{
    int q = mesh - 1, nc = render_terrain_chunks_per_side(mesh);
    for (int cj = 0; cj < nc; cj++) {
        for (int ci = 0; ci < nc; ci++) {
            float lo = INFINITY, hi = -INFINITY;
            for (int vj = chunk_lo(cj); vj <= chunk_hi(cj, q); vj++) {
                int j = vj * step < res - 1 ? vj * step : res - 1;
                for (int vi = chunk_lo(ci); vi <= chunk_hi(ci, q); vi++) {
                    int i = vi * step < res - 1 ? vi * step : res - 1;
                    float h = heights[(size_t)j * (size_t)res + (size_t)i];
                    lo = h < lo ? h : lo, hi = h > hi ? h : hi;
                }
            }
            out[cj * nc + ci][0] = lo, out[cj * nc + ci][1] = hi;
        }
    }
}

uint32_t render_terrain_visible(const render_terrain_grid *g, const float view_proj[16], unsigned planes,
                                const int within[4], uint8_t *visible)
{
    int q = g->mesh - 1, nc = render_terrain_chunks_per_side(g->mesh);
    if (nc <= 0) return 0;
    int c0 = 0, r0 = 0, c1 = nc, r1 = nc;
    if (within) {
        c0 = within[0] > 0 ? within[0] : 0, r0 = within[1] > 0 ? within[1] : 0;
        c1 = within[2] < nc ? within[2] : nc, r1 = within[3] < nc ? within[3] : nc;
    }
    if (nc > RENDER_TERRAIN_CHUNKS_MAX) { /* too many to test: draw them all */
        for (int k = 0; k < nc * nc; k++) visible[k] = 1;
        return (uint32_t)(nc * nc);
    }
    const float *m = view_proj;
    const float pad = MARGIN + 1e-3f * (g->y_max - g->y_min);
    /* each chunk corner's clip position at height 0; a height y adds y times the matrix's second column */
    corner_grid base;
    for (int cj = r0; cj <= r1; cj++) {
        for (int ci = c0; ci <= c1; ci++) {
            int i = ci < nc ? chunk_lo(ci) : q, j = cj < nc ? chunk_lo(cj) : q;
            float x = g->x0 + (float)i * g->quad + (ci == 0 ? -MARGIN : ci == nc ? MARGIN : 0.0f);
            float z = g->z0 + (float)j * g->quad + (cj == 0 ? -MARGIN : cj == nc ? MARGIN : 0.0f);
            for (int r = 0; r < 4; r++) base[cj][ci][r] = m[r] * x + m[8 + r] * z + m[12 + r];
        }
    }
    uint32_t n = 0;
    for (int k = 0; k < nc * nc; k++) visible[k] = 0;
    /* blocks of BLOCK x BLOCK chunks first: a block outside a plane is skipped whole (most of a camera's) */
    for (int bj = r0; bj < r1; bj += BLOCK) {
        for (int bi = c0; bi < c1; bi += BLOCK) {
            const int bj1 = bj + BLOCK < r1 ? bj + BLOCK : r1, bi1 = bi + BLOCK < c1 ? bi + BLOCK : c1;
            float lo = g->y_min, hi = g->y_max;
            if (g->chunk_y) {
                lo = INFINITY, hi = -INFINITY;
                for (int cj = bj; cj < bj1; cj++)
                    for (int ci = bi; ci < bi1; ci++)
                        lo = fminf(lo, g->chunk_y[cj * nc + ci][0]), hi = fmaxf(hi, g->chunk_y[cj * nc + ci][1]);
            }
            if (box_out(m, base, bj, bi, bj1, bi1, lo - pad, hi + g->raise + pad, planes)) continue;
            for (int cj = bj; cj < bj1; cj++) {
                for (int ci = bi; ci < bi1; ci++) {
                    const int k = cj * nc + ci;
                    const float y0 = (g->chunk_y ? g->chunk_y[k][0] : g->y_min) - pad;
                    const float y1 = (g->chunk_y ? g->chunk_y[k][1] : g->y_max) + g->raise + pad;
                    unsigned out = box_out(m, base, cj, ci, cj + 1, ci + 1, y0, y1, planes);
                    visible[k] = out ? 0 : 1;
                    n += out ? 0u : 1u;
                }
            }
        }
    }
    return n;
}

uint32_t render_terrain_runs(const render_terrain_grid *g, const float view_proj[16], render_terrain_run *runs,
                             uint32_t max_runs, uint64_t *indices)
{
    int q = g->mesh - 1, nc = render_terrain_chunks_per_side(g->mesh);
    uint32_t n = 0;
    if (indices) *indices = 0;
    if (nc <= 0 || max_runs == 0) return 0;
    if (nc > RENDER_TERRAIN_CHUNKS_MAX) { /* too many to test: draw them all */
        runs[0] = (render_terrain_run){0, (uint32_t)render_terrain_chunk_indices(g->mesh, NULL)};
        if (indices) *indices = runs[0].count;
        return 1;
    }
    uint8_t visible[RENDER_TERRAIN_CHUNKS_MAX * RENDER_TERRAIN_CHUNKS_MAX];
    render_terrain_visible(g, view_proj, RENDER_CLIP_ALL, NULL, visible);
    uint32_t first = 0;
    for (int cj = 0; cj < nc; cj++) {
        for (int ci = 0; ci < nc; ci++) {
            uint32_t count = (uint32_t)(6 * (chunk_hi(ci, q) - chunk_lo(ci)) * (chunk_hi(cj, q) - chunk_lo(cj)));
            if (visible[cj * nc + ci]) {
                /* a gap of up to RUN_GAP chunks' indices joins two runs: on the H200 a draw costs about what a
                 * chunk outside the view does (clipped before rasterising), and small grids split in many */
                if (n > 0 && first - (runs[n - 1].first + runs[n - 1].count) <= RUN_GAP) {
                    runs[n - 1].count = first + count - runs[n - 1].first;
                } else if (n < max_runs) {
                    runs[n++] = (render_terrain_run){first, count};
                } else { /* out of runs: the last one reaches to here (draws more, never less) */
                    runs[n - 1].count = first + count - runs[n - 1].first;
                }
            }
            first += count;
        }
    }
    if (indices)
        for (uint32_t k = 0; k < n; k++) *indices += runs[k].count;
    return n;
}
