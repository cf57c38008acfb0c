/* terrain_lod.c — the ground's quadtree: the patches each view draws and their bounds (terrain_lod.h). */
#include "render/terrain_lod.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define Q SW_TERRAIN_PATCH
#define MARGIN 0.01f /* m the boxes grow by, far above float rounding, so a culled box is surely outside */
/* A node is split where it comes within this much more than its children's range: the vertex shader's distances
 * (float, the GPU's square root) then find every vertex of a patch that was not split at least at the range. */
#define RANGE_SLACK 1.0001

int render_terrain_lod_top(int quads)
{
    int top = 0;
    while (top < RENDER_TERRAIN_LEVELS_MAX - 1 && (2L * Q << top) < (long)quads) top++;
    return top;
}

uint32_t render_terrain_patches_max(int mesh)
{
    uint32_t n = (uint32_t)((mesh > 1 ? mesh - 1 : 0) / Q + 2);
    return n * n;
}

void render_terrain_bounds_free(render_terrain_bounds *b)
{
    for (int l = 0; l < RENDER_TERRAIN_LEVELS_MAX; l++) free(b->y[l]);
    memset(b, 0, sizeof *b);
}

int render_terrain_bounds_build(render_terrain_bounds *b, int mesh, int step, int res, const float *heights, int top)
{
    memset(b, 0, sizeof *b);
    const int quads = mesh - 1;
    if (quads < 1 || top < 0 || top >= RENDER_TERRAIN_LEVELS_MAX) return 0;
    b->levels = top + 1;
    for (int l = 0; l < b->levels; l++) {
        b->n[l] = l == 0 ? (quads + Q - 1) / Q : (b->n[l - 1] + 1) / 2;
        b->y[l] = malloc((size_t)b->n[l] * (size_t)b->n[l] * sizeof *b->y[l]);
        if (!b->y[l]) {
            render_terrain_bounds_free(b);
            return -1;
        }
    }
    const int n0 = b->n[0];
    for (int pj = 0; pj < n0; pj++) {
        for (int pi = 0; pi < n0; pi++) {
            float lo = INFINITY, hi = -INFINITY;
            const int vj1 = (pj + 1) * Q < quads ? (pj + 1) * Q : quads, vi1 = (pi + 1) * Q < quads ? (pi + 1) * Q : quads;
            for (int vj = pj * Q; vj <= vj1; vj++) {
                const int j = vj * step < res - 1 ? vj * step : res - 1;
                for (int vi = pi * Q; vi <= vi1; vi++) {
                    const int i = vi * step < res - 1 ? vi * step : res - 1;
                    const float h = heights[(size_t)j * (size_t)res + (size_t)i];
                    lo = h < lo ? h : lo, hi = h > hi ? h : hi;
                }
            }
            b->y[0][pj * n0 + pi][0] = lo, b->y[0][pj * n0 + pi][1] = hi;
        }
    }
    for (int l = 1; l < b->levels; l++) {
        const int n = b->n[l], m = b->n[l - 1];
        for (int pj = 0; pj < n; pj++) {
            for (int pi = 0; pi < n; pi++) {
                float lo = INFINITY, hi = -INFINITY;
                for (int c = 0; c < 4; c++) {
                    const int ci = 2 * pi + (c & 1), cj = 2 * pj + (c >> 1);
                    if (ci >= m || cj >= m) continue;
                    lo = fminf(lo, b->y[l - 1][cj * m + ci][0]), hi = fmaxf(hi, b->y[l - 1][cj * m + ci][1]);
                }
                b->y[l][pj * n + pi][0] = lo, b->y[l][pj * n + pi][1] = hi;
            }
        }
    }
    return 0;
}

/* The planes a clip-space point lies outside, one bit each. */
static unsigned outcode(const float c[4])
{
    return (c[0] < -c[3] ? 1u : 0u) | (c[0] > c[3] ? 2u : 0u) | (c[1] < -c[3] ? 4u : 0u) | (c[1] > c[3] ? 8u : 0u) |
           (c[2] < 0.0f ? 16u : 0u) | (c[2] > c[3] ? 32u : 0u);
}

typedef struct select_state {
    const render_terrain_lod *t;
    const float *m;
    unsigned planes;
    sw_terrain_patch *out;
    uint32_t max, n;
    int lo_i, lo_j, hi_i, hi_j; /* the window's mesh quads [lo, hi) */
} select_state;

/* A square of `side` mesh quads of level `level`'s bounds at global mesh quad (gi, gj): whether any of it is in
 * the window, and then whether its box may be seen (it lies outside no tested plane). */
static bool square_seen(const select_state *s, int gi, int gj, int side, int level)
{
    const render_terrain_lod *t = s->t;
    int i0 = gi > s->lo_i ? gi : s->lo_i, j0 = gj > s->lo_j ? gj : s->lo_j;
    int i1 = gi + side < s->hi_i ? gi + side : s->hi_i, j1 = gj + side < s->hi_j ? gj + side : s->hi_j;
    if (i1 <= i0 || j1 <= j0) return false;
    if (!s->planes) return true;
    float y0 = t->y_min, y1 = t->y_max;
    const render_terrain_bounds *b = t->bounds;
    if (b && level < b->levels) {
        const int pi = gi / (Q << level), pj = gj / (Q << level), n = b->n[level];
        if (pi >= 0 && pj >= 0 && pi < n && pj < n) y0 = b->y[level][pj * n + pi][0], y1 = b->y[level][pj * n + pi][1];
    }
    const float pad = MARGIN + 1e-3f * (t->y_max - t->y_min);
    y0 -= pad, y1 += t->raise + pad;
    const float x[2] = {t->x0 + (float)i0 * t->quad - MARGIN, t->x0 + (float)i1 * t->quad + MARGIN};
    const float z[2] = {t->z0 + (float)j0 * t->quad - MARGIN, t->z0 + (float)j1 * t->quad + MARGIN};
    unsigned out = s->planes;
    for (int c = 0; c < 8 && out; c++) {
        const float px = x[c & 1], py = (c & 4) ? y1 : y0, pz = z[(c >> 1) & 1];
        float p[4];
        for (int r = 0; r < 4; r++) p[r] = s->m[r] * px + s->m[4 + r] * py + s->m[8 + r] * pz + s->m[12 + r];
        out &= outcode(p);
    }
    return out == 0;
}

/* Whether a square of `side` mesh quads at (gi, gj) comes within `range` m of the eye (LOD distance). */
static bool square_near(const render_terrain_lod *t, int gi, int gj, int side, double range)
{
    const double x0 = t->x0 + (double)gi * t->quad, x1 = x0 + (double)side * t->quad;
    const double z0 = t->z0 + (double)gj * t->quad, z1 = z0 + (double)side * t->quad;
    const double dx = t->eye[0] < x0 ? x0 - t->eye[0] : t->eye[0] > x1 ? t->eye[0] - x1 : 0.0;
    const double dz = t->eye[2] < z0 ? z0 - t->eye[2] : t->eye[2] > z1 ? t->eye[2] - z1 : 0.0;
    return dx * dx + dz * dz + (double)t->lift * t->lift < range * RANGE_SLACK * range * RANGE_SLACK;
}

static void emit(select_state *s, int gi, int gj, int level)
{
    if (!square_seen(s, gi, gj, Q << level, level)) return;
    if (s->n < s->max) s->out[s->n] = (sw_terrain_patch){gi, gj, (sw_uint)level, 0u};
    s->n++;
}

/* Node (gi, gj) of level `level` (2 Q 2^level quads a side), which may be seen. */
static void visit(select_state *s, int gi, int gj, int level)
{
    const int half = Q << level; /* a child's side, one of this level's patches */
    for (int c = 0; c < 4; c++) {
        const int ci = gi + (c & 1) * half, cj = gj + (c >> 1) * half;
        if (level == 0 || !square_near(s->t, ci, cj, half, (double)s->t->range0 * (double)(1 << (level - 1)))) {
            emit(s, ci, cj, level);
        } else if (square_seen(s, ci, cj, half, level)) {
            visit(s, ci, cj, level - 1);
        }
    }
}

uint32_t render_terrain_select(const render_terrain_lod *t, const float view_proj[16], unsigned planes,
                               sw_terrain_patch *out, uint32_t max)
{
    if (t->mesh < 2 || t->top < 0 || t->top >= RENDER_TERRAIN_LEVELS_MAX) return 0;
    select_state s = {
        .t = t, .m = view_proj, .planes = planes, .out = out, .max = max,
        .lo_i = t->i0, .lo_j = t->j0, .hi_i = t->i0 + t->mesh - 1, .hi_j = t->j0 + t->mesh - 1,
    };
    /* the root's cell: the nodes of the top level the window touches (resident: the one at 0) */
    const int side = 2 * Q << t->top;
    const int r0 = (int)floorf((float)s.lo_i / (float)side), r1 = (int)floorf((float)(s.hi_i - 1) / (float)side);
    const int q0 = (int)floorf((float)s.lo_j / (float)side), q1 = (int)floorf((float)(s.hi_j - 1) / (float)side);
    for (int rj = q0; rj <= q1; rj++)
        for (int ri = r0; ri <= r1; ri++)
            if (square_seen(&s, ri * side, rj * side, side, t->top + 1)) visit(&s, ri * side, rj * side, t->top);
    return s.n;
}
