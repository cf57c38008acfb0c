/* test_terrain_lod.c — the ground's continuous LOD (src/render/terrain_lod.c, the morph of
 * shaders/shared/sw_terrain_lod.h), against a CPU mirror of terrain_lod.inc.glsl's vertex:
 *   - the quadtree's patches tile the mesh's window once, for any eye (no hole, no overlap);
 *   - no cracks: over random cameras and heights, neighbouring patches are within one level and the vertices
 *     on each shared edge are the same points on both sides (bit for bit, after the morph);
 *   - no pops: along a slow dolly the surface under fixed points moves by little at each step (the popping
 *     metric), where switching levels without the morph jumps by the coarser level's error;
 *   - a view's culled selection is the full one less patches of which no point lies in its clip volume;
 *   - the triangles a camera at 1920x1080 draws of a 1024 m field of 1 m quads stay under 150,000. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "render/terrain_lod.h"

#include <cglm/cglm.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define Q SW_TERRAIN_PATCH
#define V SW_TERRAIN_PATCH_VERTS

/* A height field and its mesh: resolution res, mesh vertex every `step` samples, cell 1 m, origin at 0; the
 * window from global mesh quad (i0, j0), `mesh` vertices a side. */
typedef struct field {
    int res, step;
    float *h;
    render_terrain_lod lod;
    bool no_morph; /* the control: levels switch where the selection does, with no morph */
} field;

static uint32_t rng_state = 12345u;
static float rnd(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return (float)(rng_state >> 8) * (1.0f / 16777216.0f);
}

/* Hills and ridges of 3 to 80 m wavelengths: enough fine detail that a coarser level is visibly another
 * surface. */
static void make_field(field *f, int res, int step, int i0, int j0, int mesh)
{
    f->res = res, f->step = step;
    f->h = malloc((size_t)res * (size_t)res * sizeof *f->h);
    assert_non_null(f->h);
    float ph[6];
    for (int k = 0; k < 6; k++) ph[k] = rnd() * 6.283f;
    for (int j = 0; j < res; j++)
        for (int i = 0; i < res; i++)
            f->h[(size_t)j * (size_t)res + (size_t)i] =
                8.0f * sinf(0.08f * (float)i + ph[0]) * cosf(0.07f * (float)j + ph[1]) +
                1.5f * sinf(0.45f * (float)i + 0.3f * (float)j + ph[2]) + 0.6f * sinf(2.1f * (float)j + ph[3]) +
                0.5f * cosf(1.7f * (float)i + ph[4]) + 0.3f * sinf(1.3f * (float)(i + j) + ph[5]);
    float lo = INFINITY, hi = -INFINITY;
    for (size_t k = 0; k < (size_t)res * (size_t)res; k++) lo = fminf(lo, f->h[k]), hi = fmaxf(hi, f->h[k]);
    const int quads = (res - 1 + step - 1) / step;
    f->lod = (render_terrain_lod){
        .i0 = i0, .j0 = j0, .mesh = mesh, .quads = quads, .x0 = 0.0f, .z0 = 0.0f, .quad = (float)step,
        .y_min = lo, .y_max = hi, .top = render_terrain_lod_top(quads), .range0 = SW_TERRAIN_RANGE0 * (float)step,
    };
    f->no_morph = false;
}

static void set_eye(field *f, float x, float y, float z)
{
    f->lod.eye[0] = x, f->lod.eye[1] = y, f->lod.eye[2] = z;
    f->lod.lift = y > f->lod.y_max ? y - f->lod.y_max : 0.0f;
}

/* terrain_lod.inc.glsl on the CPU: the window's clamp, the heights between mesh vertices, the morph */
static float clamp_s(const field *f, float s, int first)
{
    const float lo = (float)(first * f->step), hi = fminf((float)((first + f->lod.mesh - 1) * f->step), (float)(f->res - 1));
    return fminf(fmaxf(s, lo), hi);
}

static float sample(const field *f, int i, int j)
{
    return f->h[(size_t)j * (size_t)f->res + (size_t)i];
}

static float lerp(float a, float b, float t)
{
    return a * (1.0f - t) + b * t; /* GLSL's mix */
}

static float height(const field *f, float si, float sj)
{
    const float s = (float)f->step;
    const int hi_i = (int)clamp_s(f, 1e9f, f->lod.i0), hi_j = (int)clamp_s(f, 1e9f, f->lod.j0);
    const float fi = floorf(si / s) * s, fj = floorf(sj / s) * s, ti = (si - fi) / s, tj = (sj - fj) / s;
    const int i0 = (int)fi, j0 = (int)fj;
    const int i1 = i0 + f->step < hi_i ? i0 + f->step : hi_i, j1 = j0 + f->step < hi_j ? j0 + f->step : hi_j;
    const float h00 = sample(f, i0, j0);
    if (ti == 0.0f && tj == 0.0f) return h00;
    return lerp(lerp(h00, sample(f, i1, j0), ti), lerp(sample(f, i0, j1), sample(f, i1, j1), ti), tj);
}

/* Vertex (gx, gy) of a patch in the world, after its morph. */
static void vertex(const field *f, const sw_terrain_patch *p, int gx, int gy, float out[3])
{
    const render_terrain_lod *t = &f->lod;
    const int level = (int)p->level, gi = p->i0 + (gx << level), gj = p->j0 + (gy << level);
    const float step = (float)f->step;
    const float ux = t->x0 + clamp_s(f, (float)gi * step, t->i0) * 1.0f, uz = t->z0 + clamp_s(f, (float)gj * step, t->j0) * 1.0f;
    const float d = sw_terrain_lod_dist(ux - t->eye[0], uz - t->eye[2], t->lift);
    float k = sw_terrain_morph_k(d, t->range0, level, t->top);
    if (f->no_morph) k = 0.0f;
    const float si = clamp_s(f, sw_terrain_morph_coord(gi, level, k) * step, t->i0);
    const float sj = clamp_s(f, sw_terrain_morph_coord(gj, level, k) * step, t->j0);
    out[0] = t->x0 + si, out[1] = height(f, si, sj), out[2] = t->z0 + sj;
}

static uint32_t select_all(const field *f, const float *vp, unsigned planes, sw_terrain_patch *out, uint32_t max)
{
    const uint32_t n = render_terrain_select(&f->lod, vp, planes, out, max);
    assert_true(n <= max);
    return n;
}

/* The level-0 patch cells of the window, each the patch covering it (-1: none). */
typedef struct owners {
    int c0, r0, n;  /* the first cell (global level-0 patch) and cells a side */
    int *cell;
} owners;

static owners own(const field *f, const sw_terrain_patch *p, uint32_t np, bool expect_all)
{
    owners o;
    o.c0 = f->lod.i0 / Q, o.r0 = f->lod.j0 / Q;
    o.n = (f->lod.i0 + f->lod.mesh - 2) / Q - o.c0 + 1;
    const int rows = (f->lod.j0 + f->lod.mesh - 2) / Q - o.r0 + 1;
    if (rows > o.n) o.n = rows;
    o.cell = malloc((size_t)o.n * (size_t)o.n * sizeof *o.cell);
    assert_non_null(o.cell);
    for (int k = 0; k < o.n * o.n; k++) o.cell[k] = -1;
    for (uint32_t k = 0; k < np; k++) {
        const int side = 1 << p[k].level;
        assert_int_equal(p[k].i0 % (Q * side), 0); /* on its level's grid */
        assert_int_equal(p[k].j0 % (Q * side), 0);
        for (int b = 0; b < side; b++) {
            for (int a = 0; a < side; a++) {
                const int ci = p[k].i0 / Q + a - o.c0, cj = p[k].j0 / Q + b - o.r0;
                if (ci < 0 || cj < 0 || ci >= o.n || cj >= o.n) continue; /* beyond the window */
                assert_int_equal(o.cell[cj * o.n + ci], -1);               /* no overlap */
                o.cell[cj * o.n + ci] = (int)k;
            }
        }
    }
    if (expect_all) {
        /* every cell with quads of the window is covered */
        for (int cj = 0; cj < o.n; cj++)
            for (int ci = 0; ci < o.n; ci++) {
                const int gi = (o.c0 + ci) * Q, gj = (o.r0 + cj) * Q;
                const bool in = gi + Q > f->lod.i0 && gi < f->lod.i0 + f->lod.mesh - 1 && gj + Q > f->lod.j0 &&
                                gj < f->lod.j0 + f->lod.mesh - 1;
                if (in) assert_true(o.cell[cj * o.n + ci] >= 0);
            }
    }
    return o;
}

static int owner_at(const owners *o, int gi, int gj) /* the patch over global mesh quad (gi, gj) */
{
    const int ci = (int)floorf((float)gi / Q) - o->c0, cj = (int)floorf((float)gj / Q) - o->r0;
    if (ci < 0 || cj < 0 || ci >= o->n || cj >= o->n) return -1;
    return o->cell[cj * o->n + ci];
}

#define MAX_PATCHES 20000

static void test_tiles_the_window(void **state)
{
    (void)state;
    static sw_terrain_patch p[MAX_PATCHES];
    const struct { int res, step, i0, j0, mesh; } cases[] = {
        {1025, 1, 0, 0, 1025}, {257, 1, 0, 0, 257}, {100, 1, 0, 0, 100}, {33, 1, 0, 0, 33}, {2049, 2, 0, 0, 1025},
        {1025, 1, 37, 300, 513}, /* a streamed window: not on the patch grid */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        field f;
        make_field(&f, cases[c].res, cases[c].step, cases[c].i0, cases[c].j0, cases[c].mesh);
        for (int e = 0; e < 12; e++) {
            const float span = (float)(cases[c].res - 1);
            set_eye(&f, rnd() * span * 1.4f - 0.2f * span, f.lod.y_max * rnd() + (e == 11 ? 300.0f : 1.7f),
                    rnd() * span * 1.4f - 0.2f * span);
            const uint32_t n = select_all(&f, NULL, 0, p, MAX_PATCHES);
            assert_true(n > 0 && n <= render_terrain_patches_max(cases[c].mesh));
            owners o = own(&f, p, n, true);
            free(o.cell);
        }
        /* no LOD: every patch at level 0 */
        f.lod.range0 = 1e30f;
        const uint32_t n = select_all(&f, NULL, 0, p, MAX_PATCHES);
        for (uint32_t k = 0; k < n; k++) assert_int_equal(p[k].level, 0);
        free(f.h);
    }
}

/* A patch's vertices along one edge (0: j = 0, 1: i = Q, 2: j = Q, 3: i = 0), morphed, from its lower end. */
static int edge_points(const field *f, const sw_terrain_patch *p, int edge, int from, int to, float (*pts)[3])
{
    const int side = 1 << p->level;
    int n = 0;
    for (int v = 0; v < V; v++) {
        const int gx = edge == 1 ? Q : edge == 3 ? 0 : v, gy = edge == 2 ? Q : edge == 0 ? 0 : v;
        const int along = (edge & 1) ? p->j0 + (gy * side) : p->i0 + (gx * side);
        if (along < from || along > to) continue;
        float q[3];
        vertex(f, p, gx, gy, q);
        if (n > 0 && memcmp(pts[n - 1], q, sizeof q) == 0) continue; /* collapsed onto the one before */
        memcpy(pts[n++], q, sizeof q);
    }
    return n;
}

static int cracks(const field *f, const sw_terrain_patch *p, uint32_t n, const owners *o, int *max_jump)
{
    int bad = 0;
    for (uint32_t k = 0; k < n; k++) {
        const int side = Q << p[k].level;
        for (int edge = 0; edge < 4; edge++) {
            /* walk the level-0 cells just across this edge */
            for (int s = 0; s < side; s += Q) {
                const int gi = edge == 1 ? p[k].i0 + side : edge == 3 ? p[k].i0 - 1 : p[k].i0 + s;
                const int gj = edge == 2 ? p[k].j0 + side : edge == 0 ? p[k].j0 - 1 : p[k].j0 + s;
                const int m = owner_at(o, gi, gj);
                if (m < 0) continue;
                const int dl = abs((int)p[m].level - (int)p[k].level);
                if (dl > *max_jump) *max_jump = dl;
                /* the shared segment: the smaller patch's edge */
                const int ms = Q << p[m].level;
                const int a0 = (edge & 1) ? p[k].j0 : p[k].i0, b0 = (edge & 1) ? p[m].j0 : p[m].i0;
                const int from = a0 > b0 ? a0 : b0, to = (a0 + side < b0 + ms ? a0 + side : b0 + ms);
                float pa[V][3], pb[V][3];
                const int na = edge_points(f, &p[k], edge, from, to, pa);
                const int nb = edge_points(f, &p[m], (edge + 2) & 3, from, to, pb);
                if (na != nb || memcmp(pa, pb, (size_t)na * sizeof pa[0]) != 0) bad++;
                if (ms > side) break; /* one neighbour covers the whole edge */
                s += ms - Q;
            }
        }
    }
    return bad;
}

static void test_no_cracks(void **state)
{
    (void)state;
    static sw_terrain_patch p[MAX_PATCHES];
    const struct { int res, step, i0, j0, mesh; } cases[] = {
        {1025, 1, 0, 0, 1025}, {2049, 2, 0, 0, 1025}, {1025, 1, 37, 300, 513}, {300, 1, 0, 0, 300},
    };
    int checked = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        field f;
        make_field(&f, cases[c].res, cases[c].step, cases[c].i0, cases[c].j0, cases[c].mesh);
        const float span = (float)(cases[c].res - 1);
        for (int e = 0; e < 40; e++) {
            set_eye(&f, rnd() * span, f.lod.y_min + (f.lod.y_max - f.lod.y_min) * rnd() + (e % 10 == 9 ? 150.0f : 1.7f),
                    rnd() * span);
            const uint32_t n = select_all(&f, NULL, 0, p, MAX_PATCHES);
            owners o = own(&f, p, n, true);
            int jump = 0;
            assert_int_equal(cracks(&f, p, n, &o, &jump), 0);
            assert_true(jump <= 1);
            free(o.cell);
            checked++;
        }
        free(f.h);
    }
    assert_int_equal(checked, 160);
}

/* The mesh's surface height over (x, z): the morphed triangles of the patch over it. */
static float surface(const field *f, const sw_terrain_patch *p, const owners *o, float x, float z)
{
    const int m = owner_at(o, (int)floorf(x / f->lod.quad), (int)floorf(z / f->lod.quad));
    assert_true(m >= 0);
    /* the morph moves a vertex by at most one of its level's quads, toward lower coordinates: the triangle over
     * the point is in the quad it falls in unmorphed or one after it */
    const float side = f->lod.quad * (float)(1 << p[m].level);
    const int qx = (int)floorf((x - f->lod.x0 - (float)p[m].i0 * f->lod.quad) / side);
    const int qz = (int)floorf((z - f->lod.z0 - (float)p[m].j0 * f->lod.quad) / side);
    for (int gy = qz - 1 > 0 ? qz - 1 : 0; gy <= qz + 1 && gy < Q; gy++) {
        for (int gx = qx - 1 > 0 ? qx - 1 : 0; gx <= qx + 1 && gx < Q; gx++) {
            float a[3], b[3], c[3], d[3];
            vertex(f, &p[m], gx, gy, a), vertex(f, &p[m], gx + 1, gy, b), vertex(f, &p[m], gx, gy + 1, c);
            vertex(f, &p[m], gx + 1, gy + 1, d);
            const float *tri[2][3] = {{a, c, b}, {b, c, d}};
            for (int t = 0; t < 2; t++) {
                const float *u = tri[t][0], *v = tri[t][1], *w = tri[t][2];
                const double det = (double)(v[0] - u[0]) * (w[2] - u[2]) - (double)(w[0] - u[0]) * (v[2] - u[2]);
                if (fabs(det) < 1e-9) continue; /* collapsed by the morph */
                const double l1 = ((double)(x - u[0]) * (w[2] - u[2]) - (double)(w[0] - u[0]) * (z - u[2])) / det;
                const double l2 = ((double)(v[0] - u[0]) * (z - u[2]) - (double)(x - u[0]) * (v[2] - u[2])) / det;
                if (l1 < -1e-6 || l2 < -1e-6 || l1 + l2 > 1.0 + 1e-6) continue;
                return (float)((1.0 - l1 - l2) * u[1] + l1 * v[1] + l2 * w[1]);
            }
        }
    }
    fail_msg("no triangle over (%g, %g)", (double)x, (double)z);
    return 0.0f;
}

/* The largest change of the surface under 160 fixed points between two steps of a 0.5 m dolly over 300 m. */
static float dolly_jump(field *f)
{
    static sw_terrain_patch p[MAX_PATCHES];
    enum { POINTS = 160, STEPS = 600 };
    float px[POINTS], pz[POINTS], last[POINTS], worst = 0.0f;
    for (int k = 0; k < POINTS; k++) px[k] = 100.0f + rnd() * 800.0f, pz[k] = 100.0f + rnd() * 800.0f;
    for (int s = 0; s < STEPS; s++) {
        set_eye(f, 200.0f + 0.5f * (float)s, 12.0f, 150.0f + 0.35f * (float)s);
        const uint32_t n = select_all(f, NULL, 0, p, MAX_PATCHES);
        owners o = own(f, p, n, false);
        for (int k = 0; k < POINTS; k++) {
            const float h = surface(f, p, &o, px[k], pz[k]);
            if (s > 0) worst = fmaxf(worst, fabsf(h - last[k]));
            last[k] = h;
        }
        free(o.cell);
    }
    return worst;
}

static void test_no_pops(void **state)
{
    (void)state;
    field f;
    make_field(&f, 1025, 1, 0, 0, 1025);
    const float morphed = dolly_jump(&f);
    f.no_morph = true;
    const float switched = dolly_jump(&f);
    print_message("surface change per 0.5 m step: %.4f m morphed, %.4f m switched without the morph\n",
                  (double)morphed, (double)switched);
    /* continuous: a vertex slides 1/24 m per metre the eye moves (a level's quad over its morph's quarter of the
     * range), the surface under a point moves with it by the local slope (up to 3 on this field) */
    assert_true(morphed < 0.15f);
    assert_true(switched > 10.0f * morphed); /* the metric sees a pop (the coarser level's error: metres here) */
    free(f.h);
}

/* camera.c's camera: look-at and a reverse-Z infinite perspective, 50 degrees, 16:9 */
static void camera(const float eye[3], float yaw, float pitch, float out[16])
{
    vec3 e = {eye[0], eye[1], eye[2]}, dir = {cosf(pitch) * sinf(yaw), sinf(pitch), cosf(pitch) * cosf(yaw)}, t;
    vec3 up = {0, 1, 0};
    glm_vec3_add(e, dir, t);
    mat4 view, proj, vp;
    glm_lookat(e, t, up, view);
    memset(proj, 0, sizeof proj);
    const float fy = 1.0f / tanf(glm_rad(50.0f) * 0.5f);
    proj[0][0] = fy / (16.0f / 9.0f);
    proj[1][1] = -fy;
    proj[2][3] = -1.0f;
    proj[3][2] = 0.1f;
    glm_mat4_mul(proj, view, vp);
    memcpy(out, vp, 16 * sizeof(float));
}

/* Whether any point of a triangle (corners, and a lattice of 45 points over it) lies in the clip volume. */
static bool seen(const float m[16], const float *t[3], unsigned planes)
{
    for (int a = 0; a <= 8; a++) {
        for (int b = 0; a + b <= 8; b++) {
            double u = a / 8.0, v = b / 8.0, w = 1.0 - u - v, x[3], c[4];
            for (int k = 0; k < 3; k++) x[k] = u * t[0][k] + v * t[1][k] + w * t[2][k];
            for (int r = 0; r < 4; r++) c[r] = m[r] * x[0] + m[4 + r] * x[1] + m[8 + r] * x[2] + m[12 + r];
            bool in = true;
            if (planes & RENDER_CLIP_X) in = in && c[0] >= -c[3] && c[0] <= c[3];
            if (planes & RENDER_CLIP_Y) in = in && c[1] >= -c[3] && c[1] <= c[3];
            if (planes & RENDER_CLIP_FAR) in = in && c[2] >= 0.0;
            if (planes & 32u) in = in && c[2] <= c[3];
            if (in) return true;
        }
    }
    return false;
}

static bool same_patch(const sw_terrain_patch *a, const sw_terrain_patch *b)
{
    return a->i0 == b->i0 && a->j0 == b->j0 && a->level == b->level;
}

static void test_culls_only_unseen(void **state)
{
    (void)state;
    static sw_terrain_patch all[MAX_PATCHES], kept[MAX_PATCHES];
    field f;
    make_field(&f, 513, 1, 0, 0, 513);
    render_terrain_bounds bounds; /* the patches' own heights (resident terrain), as the renderer tests them */
    assert_int_equal(render_terrain_bounds_build(&bounds, 513, 1, 513, f.h, f.lod.top), 0);
    int culled = 0, checked = 0;
    for (int e = 0; e < 24; e++) {
        set_eye(&f, 50.0f + rnd() * 400.0f, f.lod.y_max * rnd() + 2.0f, 50.0f + rnd() * 400.0f);
        float vp[16];
        camera(f.lod.eye, rnd() * 6.283f, -0.6f * rnd() + 0.1f, vp);
        const unsigned planes = e % 2 ? RENDER_CLIP_ALL : RENDER_CLIP_X | RENDER_CLIP_Y | RENDER_CLIP_FAR;
        f.lod.raise = e % 2 ? 0.0f : 1.0f;
        f.lod.bounds = e % 4 < 2 ? &bounds : NULL;
        const uint32_t na = select_all(&f, vp, 0, all, MAX_PATCHES);
        const uint32_t nk = select_all(&f, vp, planes, kept, MAX_PATCHES);
        assert_true(nk < na);
        uint32_t j = 0;
        for (uint32_t k = 0; k < na; k++) {
            if (j < nk && same_patch(&all[k], &kept[j])) { /* kept, in the same order: the same levels */
                j++;
                continue;
            }
            culled++;
            for (int gy = 0; gy < Q; gy++)
                for (int gx = 0; gx < Q; gx++) {
                    float a[3], b[3], c[3], d[3];
                    vertex(&f, &all[k], gx, gy, a), vertex(&f, &all[k], gx + 1, gy, b);
                    vertex(&f, &all[k], gx, gy + 1, c), vertex(&f, &all[k], gx + 1, gy + 1, d);
                    const float *t0[3] = {a, c, b}, *t1[3] = {b, c, d};
                    assert_false(seen(vp, t0, planes));
                    assert_false(seen(vp, t1, planes));
                    checked += 2;
                }
        }
        assert_int_equal(j, nk); /* every kept patch is one of the full selection's */
    }
    assert_true(culled > 100 && checked > 0);
    render_terrain_bounds_free(&bounds);
    free(f.h);
}

static void test_triangle_bound(void **state)
{
    (void)state;
    static sw_terrain_patch p[MAX_PATCHES];
    field f;
    make_field(&f, 1025, 1, 0, 0, 1025);
    uint32_t most = 0, full = 0;
    for (int e = 0; e < 40; e++) {
        set_eye(&f, 100.0f + rnd() * 824.0f, f.lod.y_max + (e % 8 == 7 ? 80.0f : 1.7f), 100.0f + rnd() * 824.0f);
        float vp[16];
        camera(f.lod.eye, rnd() * 6.283f, -0.3f * rnd(), vp);
        uint32_t n = select_all(&f, vp, RENDER_CLIP_ALL, p, MAX_PATCHES);
        most = n > most ? n : most;
        f.lod.range0 = 1e30f;
        n = select_all(&f, vp, RENDER_CLIP_ALL, p, MAX_PATCHES);
        full = n > full ? n : full;
        f.lod.range0 = SW_TERRAIN_RANGE0;
    }
    const uint32_t tris = 2u * Q * Q;
    print_message("most triangles of a camera: %u (%u without the LOD)\n", most * tris, full * tris);
    assert_true((uint64_t)most * tris <= 150000u);
    assert_true(full > 4 * most);
    free(f.h);
}

static void test_bounds(void **state)
{
    (void)state;
    field f;
    make_field(&f, 300, 1, 0, 0, 300);
    render_terrain_bounds b;
    assert_int_equal(render_terrain_bounds_build(&b, 300, 1, 300, f.h, f.lod.top), 0);
    assert_int_equal(b.levels, f.lod.top + 1);
    /* each patch of each level bounds every vertex under it, and is reached by one */
    for (int l = 0; l < b.levels; l++) {
        const int side = Q << l;
        for (int pj = 0; pj < b.n[l]; pj++)
            for (int pi = 0; pi < b.n[l]; pi++) {
                float lo = INFINITY, hi = -INFINITY;
                for (int j = pj * side; j <= (pj + 1) * side && j < 300; j++)
                    for (int i = pi * side; i <= (pi + 1) * side && i < 300; i++)
                        lo = fminf(lo, sample(&f, i, j)), hi = fmaxf(hi, sample(&f, i, j));
                assert_float_equal(b.y[l][pj * b.n[l] + pi][0], lo, 0.0f);
                assert_float_equal(b.y[l][pj * b.n[l] + pi][1], hi, 0.0f);
            }
    }
    render_terrain_bounds_free(&b);
    free(f.h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiles_the_window), cmocka_unit_test(test_no_cracks),
        cmocka_unit_test(test_no_pops),          cmocka_unit_test(test_culls_only_unseen),
        cmocka_unit_test(test_triangle_bound),   cmocka_unit_test(test_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
