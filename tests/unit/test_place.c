/* test_place.c — CPU reference placement and tile choice (SPEC PL3, PL4, PL7, GA4, SC3). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "place/place.h"
#include "test_util.h"
#include "place_test_util.h"

#include <float.h>
#include <stdio.h>

/* Cells [lo, hi] of a material that cover the whole terrain, with a margin of two cells. */
static void terrain_cells(const sward_scene *s, int m, int *lo, int *n)
{
    float sp = place_spacing(&s->materials[m]);
    *lo = (int)floorf(-0.5f * s->terrain.size / sp) - 2;
    int hi = (int)ceilf(0.5f * s->terrain.size / sp) + 2;
    *n = hi - *lo + 1;
}

static sw_blade *place_all(const sward_scene *s, int m, size_t *count)
{
    int lo, n;
    terrain_cells(s, m, &lo, &n);
    sw_blade *b = malloc(sizeof(sw_blade) * place_cells_bound(n, n));
    assert_non_null(b);
    *count = place_cells(s, m, lo, lo, n, n, 0.0f, b);
    return b;
}

static bool contains(const sw_blade *sorted, size_t n, const sw_blade *b)
{
    const sw_blade *f = bsearch(b, sorted, n, sizeof *b, tu_blade_cmp);
    return f && memcmp(f, b, sizeof *b) == 0;
}

static void test_material_gpu(void **state)
{
    (void)state;
    world_material m = tu_material(25.0f);
    m.patch_scale = 8.0f;
    m.patch_coverage = 0.6f;
    sw_material g = place_material_gpu(&m);
    assert_float_equal(g.spacing, 0.2f, 1e-7);
    assert_float_equal(place_spacing(&m), 0.2f, 1e-7);
    assert_float_equal(g.inv_spacing, 5.0f, 1e-5);
    assert_float_equal(g.density, 25.0f, 0.0);
    assert_float_equal(g.patch_inv_scale, 0.125f, 1e-7);
    assert_float_equal(g.patch_coverage, 0.6f, 0.0);
    assert_float_equal(g.height_min, 0.3f, 0.0);
    assert_float_equal(g.height_max, 0.8f, 0.0);
    assert_float_equal(g.width_min, 0.004f, 0.0);
    assert_float_equal(g.width_max, 0.012f, 0.0);
    assert_float_equal(g.bend, 0.4f, 0.0);
    assert_float_equal(g.stiffness, 0.3f, 0.0);
    assert_float_equal(g.translucency, 0.5f, 0.0);
    assert_float_equal(g.root_g, 0.2f, 0.0);
    assert_float_equal(g.tip_b, 0.1f, 0.0);
    m.patch_scale = 0.0f;
    assert_float_equal(place_material_gpu(&m).patch_inv_scale, 0.0f, 0.0);
}

static void test_terrain_grid(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(100.0f, 101, 20.0f);
    float x0, z0, cell, inv;
    world_terrain_grid(&s->terrain, &x0, &z0, &cell, &inv);
    assert_float_equal(x0, -50.0f, 0.0);
    assert_float_equal(z0, -50.0f, 0.0);
    assert_float_equal(cell, 1.0f, 0.0);
    assert_float_equal(inv, 1.0f, 0.0);
    s->terrain.size = 30.0f;
    s->terrain.resolution = 4;
    world_terrain_grid(&s->terrain, &x0, &z0, &cell, &inv);
    assert_float_equal(x0, -15.0f, 0.0);
    assert_float_equal(cell, 10.0f, 0.0);
    assert_float_equal(inv, 0.1f, 1e-8);
    s->terrain.resolution = 101;
    tu_scene_free(s);
}

/* Without patches every candidate inside the terrain grows: the count is exactly the in-terrain cells,
 * and about density x area. */
static void test_count_uniform(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(100.0f, 101, 20.0f);
    size_t n;
    sw_blade *b = place_all(s, 0, &n);
    int lo, cells;
    terrain_cells(s, 0, &lo, &cells);
    float sp = place_spacing(&s->materials[0]);
    size_t expect = 0;
    for (int j = 0; j < cells; j++)
        for (int i = 0; i < cells; i++) {
            sw_candidate c = sw_candidate_at(lo + i, lo + j, 0u, 1234u, sp);
            if (c.x >= -50.0f && c.x <= 50.0f && c.z >= -50.0f && c.z <= 50.0f) expect++;
        }
    assert_int_equal(n, expect);
    /* 20 / m^2 over 100 m x 100 m: edge cells alone vary by a few hundred. */
    assert_in_range(n, 199000, 201000);
    for (size_t k = 0; k < n; k++) {
        assert_true(b[k].x >= -50.0f && b[k].x <= 50.0f);
        assert_true(b[k].z >= -50.0f && b[k].z <= 50.0f);
    }
    free(b);
    tu_scene_free(s);
}

/* With patches each candidate survives with probability coverage(x, z): the count is a sum of Bernoulli
 * trials, so it lies within a few sigma of the sum of the coverages. */
static void test_count_patches(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(100.0f, 101, 20.0f);
    s->materials[0].patch_scale = 6.0f;
    s->materials[0].patch_coverage = 0.5f;
    sw_material g = place_material_gpu(&s->materials[0]);
    size_t n;
    sw_blade *b = place_all(s, 0, &n);
    int lo, cells;
    terrain_cells(s, 0, &lo, &cells);
    double mean = 0.0, var = 0.0;
    size_t inside = 0;
    for (int j = 0; j < cells; j++)
        for (int i = 0; i < cells; i++) {
            sw_candidate c = sw_candidate_at(lo + i, lo + j, 0u, 1234u, g.spacing);
            if (!(c.x >= -50.0f && c.x <= 50.0f && c.z >= -50.0f && c.z <= 50.0f)) continue;
            double p = sw_coverage(c.x, c.z, 0u, 1234u, g.patch_inv_scale, g.patch_coverage);
            assert_true(p >= 0.0 && p <= 1.0);
            mean += p;
            var += p * (1.0 - p);
            inside++;
        }
    double sigma = sqrt(var);
    assert_true(sigma > 10.0); /* the coverage is not all 0/1, so the test has teeth */
    assert_true(fabs((double)n - mean) < 5.0 * sigma);
    /* coverage 0.5 keeps roughly half of the field, not all and not nothing */
    assert_true((double)n > 0.25 * (double)inside && (double)n < 0.75 * (double)inside);
    free(b);
    tu_scene_free(s);
}

/* PL3: every grid cell's candidate sits at a hashed offset inside its own cell, spread uniformly over it (a
 * 4 x 4 histogram of the offsets within 5 sigma of even), so the grid itself never shows. */
static void test_jitter_uniform(void **state)
{
    (void)state;
    const float sp = 0.25f;
    size_t bins[4][4] = {{0}}, n = 0;
    for (int cj = -150; cj < 150; cj++)
        for (int ci = -150; ci < 150; ci++) {
            sw_candidate c = sw_candidate_at(ci, cj, 1u, 99u, sp);
            float fx = c.x / sp - (float)ci, fz = c.z / sp - (float)cj;
            assert_true(fx >= -1e-4f && fx < 1.0f + 1e-4f && fz >= -1e-4f && fz < 1.0f + 1e-4f);
            int bx = (int)(fx * 4.0f), bz = (int)(fz * 4.0f);
            bins[bx > 3 ? 3 : (bx < 0 ? 0 : bx)][bz > 3 ? 3 : (bz < 0 ? 0 : bz)]++;
            n++;
        }
    double e = (double)n / 16.0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (fabs((double)bins[i][j] - e) > 5.0 * sqrt(e)) fail_msg("offset bin (%d, %d): %zu, expected %.0f", i, j, bins[i][j], e);
}

/* PL4: a blade depends on its cell only: rectangles with different origins and sizes, and single cells,
 * give bit-identical blades where they overlap. */
static void test_local_stability(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(60.0f, 61, 20.0f);
    s->materials[0].patch_scale = 5.0f;
    s->materials[0].patch_coverage = 0.7f;
    sw_blade *a = malloc(sizeof(sw_blade) * place_cells_bound(100, 90));
    sw_blade *bb = malloc(sizeof(sw_blade) * place_cells_bound(37, 61));
    assert_non_null(a);
    assert_non_null(bb);
    size_t na = place_cells(s, 0, -50, -40, 100, 90, 1.5f, a);
    size_t nb = place_cells(s, 0, -13, -7, 37, 61, 1.5f, bb);
    assert_true(na > 1000 && nb > 500);
    qsort(a, na, sizeof *a, tu_blade_cmp);
    qsort(bb, nb, sizeof *bb, tu_blade_cmp);
    /* overlap: i in [-13, 24), j in [-7, 50) */
    size_t found = 0;
    for (int j = -7; j < 50; j++)
        for (int i = -13; i < 24; i++) {
            sw_blade one;
            size_t k = place_cells(s, 0, i, j, 1, 1, 1.5f, &one);
            if (k == 0) continue;
            found++;
            assert_true(contains(a, na, &one));
            assert_true(contains(bb, nb, &one));
        }
    assert_true(found > 500);
    /* and the part of B that lies in A's cells is all in A */
    size_t in_a = 0;
    for (size_t k = 0; k < nb; k++) in_a += contains(a, na, &bb[k]);
    assert_int_equal(in_a, found);
    free(a);
    free(bb);
    tu_scene_free(s);
}

/* Placing a region as a whole or as 32 x 32 tiles gives the same blades. */
static void test_tiles_union(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(40.0f, 33, 20.0f);
    tu_assert_tiles_match_whole(s, 0, 10000);
    tu_scene_free(s);
}

static void test_seed_changes_blades(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(20.0f, 21, 20.0f);
    sw_blade *a = malloc(sizeof(sw_blade) * place_cells_bound(40, 40));
    sw_blade *b = malloc(sizeof(sw_blade) * place_cells_bound(40, 40));
    assert_non_null(a);
    assert_non_null(b);
    size_t na = place_cells(s, 0, -20, -20, 40, 40, 0.0f, a);
    size_t na2 = place_cells(s, 0, -20, -20, 40, 40, 0.0f, b);
    assert_int_equal(na, na2);
    assert_memory_equal(a, b, na * sizeof *a); /* deterministic */
    s->render.settings.seed = 1235u;
    size_t nb = place_cells(s, 0, -20, -20, 40, 40, 0.0f, b);
    assert_int_equal(na, nb); /* all inside, no patches: the same cells grow */
    size_t same = 0;
    for (size_t k = 0; k < na; k++) same += (a[k].x == b[k].x || a[k].z == b[k].z);
    assert_true(same < na / 100);
    free(a);
    free(b);
    tu_scene_free(s);
}

static void test_outside_terrain_empty(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(20.0f, 21, 20.0f);
    sw_blade *b = malloc(sizeof(sw_blade) * place_cells_bound(64, 64));
    assert_non_null(b);
    /* spacing 0.2236 m: cells 45.. start at x = 10.06 m, beyond the edge at 10 m */
    assert_int_equal(place_cells(s, 0, 45, -32, 64, 64, 0.0f, b), 0);
    assert_int_equal(place_cells(s, 0, -32, -110, 64, 64, 0.0f, b), 0);
    assert_int_equal(place_cells(s, 0, 1000, 1000, 64, 64, 0.0f, b), 0);
    assert_int_equal(place_cells(s, 0, 0, 0, 0, 64, 0.0f, b), 0);
    /* straddling the edge: some, and only inside ones */
    size_t n = place_cells(s, 0, 20, 20, 64, 64, 0.0f, b);
    assert_true(n > 100 && n < 64 * 64);
    for (size_t k = 0; k < n; k++) assert_true(b[k].x <= 10.0f && b[k].z <= 10.0f);
    free(b);
    tu_scene_free(s);
}

/* Independent bilinear interpolation in double. */
static double ref_height(const world_terrain *t, double x, double z)
{
    double cell = (double)t->size / (t->resolution - 1);
    double gx = (x + 0.5 * t->size) / cell, gz = (z + 0.5 * t->size) / cell;
    int i = (int)floor(gx), j = (int)floor(gz);
    if (i > t->resolution - 2) i = t->resolution - 2;
    if (j > t->resolution - 2) j = t->resolution - 2;
    double fx = gx - i, fz = gz - j;
    const float *h = t->heights;
    size_t r = (size_t)t->resolution;
    double a = h[(size_t)j * r + (size_t)i] * (1 - fx) + h[(size_t)j * r + (size_t)i + 1] * fx;
    double c = h[(size_t)(j + 1) * r + (size_t)i] * (1 - fx) + h[(size_t)(j + 1) * r + (size_t)i + 1] * fx;
    return a * (1 - fz) + c * fz;
}

static void test_heights_on_terrain(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(50.0f, 37, 10.0f); /* cell 1.39 m: interpolation matters */
    size_t n;
    sw_blade *b = place_all(s, 0, &n);
    assert_true(n > 20000);
    double worst = 0.0;
    for (size_t k = 0; k < n; k++) {
        double e = fabs((double)b[k].y - ref_height(&s->terrain, b[k].x, b[k].z));
        if (e > worst) worst = e;
        /* the world's own query uses the same grid and interpolation: equal to the bit */
        assert_true(b[k].y == world_terrain_height(&s->terrain, b[k].x, b[k].z));
        assert_true(b[k].y >= s->terrain.min_y - 1e-4f && b[k].y <= s->terrain.max_y + 1e-4f);
    }
    assert_true(worst < 1e-4);
    free(b);
    tu_scene_free(s);
}

/* PL7: the packed fields decode within the material's ranges; facing is uniform without wind; wind is what
 * place_wind says, quantised. */
/* GA4: the compute pass bends each blade's facing toward the wind push, so with wind along +x the facings
 * gather around angle 0 (mean cosine well above 0), and without wind they stay uniform (mean cosine ~ 0). */
static void test_facing_follows_wind(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(100.0f, 51, 20.0f);
    double mean_cos[2];
    for (int windy = 0; windy < 2; windy++) {
        s->wind.direction[0] = 1.0f;
        s->wind.direction[1] = 0.0f;
        s->wind.speed = windy ? 8.0f : 0.0f;
        size_t n;
        sw_blade *b = place_all(s, 0, &n);
        double c = 0.0;
        for (size_t k = 0; k < n; k++) c += cos((double)sw_blade_facing(b[k]));
        mean_cos[windy] = c / (double)n;
        free(b);
    }
    print_message("mean cos(facing): no wind %.3f, wind along +x %.3f\n", mean_cos[0], mean_cos[1]);
    assert_true(fabs(mean_cos[0]) < 0.02);
    assert_true(mean_cos[1] > 0.2);
    tu_scene_free(s);
}

static void test_shape_fields(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(100.0f, 51, 20.0f);
    s->wind.speed = 0.0f; /* facings are bent by the wind (GA4): see test_facing_follows_wind */
    s->material_count = 2;
    s->materials[1] = tu_material(8.0f);
    s->materials[1].height[0] = 1.0f;
    s->materials[1].height[1] = 3.5f;
    s->materials[1].width[0] = 0.05f;
    s->materials[1].width[1] = 0.2f;
    s->materials[1].bend = 0.8f;
    for (int m = 0; m < 2; m++) {
        const world_material *wm = &s->materials[m];
        size_t n;
        sw_blade *b = place_all(s, m, &n);
        assert_true(n > 50000);
        double hsum = 0.0;
        size_t bins[16] = {0};
        for (size_t k = 0; k < n; k++) {
            float h = sw_blade_height(b[k]), w = sw_blade_width(b[k]), bend = sw_blade_bend(b[k]);
            assert_true(h >= wm->height[0] - 1e-4f && h <= wm->height[1] + 1e-4f);
            assert_true(w >= wm->width[0] - 1e-5f && w <= wm->width[1] + 1e-5f);
            assert_true(bend >= 0.5f * wm->bend - 0.5f / 255.0f);
            assert_true(bend <= fminf(1.5f * wm->bend, 1.0f) + 0.5f / 255.0f);
            assert_int_equal(sw_blade_material(b[k]), (unsigned)m);
            float f = sw_blade_facing(b[k]);
            assert_true(f >= 0.0f && f < SW_TAU);
            bins[(int)(f / SW_TAU * 16.0f) & 15]++;
            hsum += h;
            sw_v2 wind = place_wind(s, wm, b[k].x, b[k].z, 0.0f);
            assert_int_equal((b[k].shape >> 8) & 255u, sw_snorm8(wind.x));
            assert_int_equal((b[k].shape >> 16) & 255u, sw_snorm8(wind.y));
        }
        /* height uniform in [min, max]: the mean is the midpoint */
        double mid = 0.5 * (wm->height[0] + wm->height[1]);
        assert_true(fabs(hsum / (double)n - mid) < 0.01 * mid);
        for (int i = 0; i < 16; i++) {
            double e = (double)n / 16.0;
            assert_true(fabs((double)bins[i] - e) < 5.0 * sqrt(e));
        }
        free(b);
    }
    tu_scene_free(s);
}

static void test_wind_push(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(20.0f, 21, 20.0f);
    const world_material *m = &s->materials[0];
    double along = 0.0;
    for (int k = 0; k < 4000; k++) {
        float x = (float)(k % 63) * 1.37f - 40.0f, z = (float)(k / 63) * 0.91f - 30.0f;
        sw_v2 w = place_wind(s, m, x, z, (float)k * 0.01f);
        float len = sqrtf(w.x * w.x + w.y * w.y);
        assert_true(len > 0.0f && len < 1.0f);
        along += (double)(w.x * s->wind.direction[0] + w.y * s->wind.direction[1]) / len;
    }
    assert_true(along / 4000.0 > 0.8); /* pushes go with the wind */
    /* a storm saturates below 1; a stiffer blade moves less; no wind, no push */
    s->wind.speed = 1000.0f;
    sw_v2 w = place_wind(s, m, 1.0f, 2.0f, 0.0f);
    float len = sqrtf(w.x * w.x + w.y * w.y);
    assert_true(len > 0.9f && len < 1.0f);
    s->wind.speed = 5.0f;
    world_material stiff = *m;
    stiff.stiffness = 0.9f;
    sw_v2 a = place_wind(s, m, 1.0f, 2.0f, 0.0f), b = place_wind(s, &stiff, 1.0f, 2.0f, 0.0f);
    assert_true(sqrtf(b.x * b.x + b.y * b.y) < sqrtf(a.x * a.x + a.y * a.y));
    s->wind.speed = 0.0f;
    w = place_wind(s, m, 1.0f, 2.0f, 0.0f);
    assert_float_equal(w.x, 0.0f, 0.0);
    assert_float_equal(w.y, 0.0f, 0.0);
    assert_float_equal(place_wind_inv_gust_scale(&s->wind), 0.05f, 1e-8);
    tu_scene_free(s);
}

/* ---- tiles ---- */

static place_view view_at(float x, float y, float z, float dist)
{
    place_view v;
    memset(&v, 0, sizeof v);
    v.eye[0] = x, v.eye[1] = y, v.eye[2] = z;
    v.draw_distance = dist;
    return v;
}

/* Looking along +x: near plane 0.1 m ahead, four 45-degree side planes; far plane pushed away. */
static void frustum_plus_x(place_view *v)
{
    float ex = v->eye[0], ey = v->eye[1], ez = v->eye[2];
    float planes[6][3] = {{1, 0, 0}, {1, 0, 1}, {1, 0, -1}, {1, 1, 0}, {1, -1, 0}, {-1, 0, 0}};
    for (int p = 0; p < 6; p++) {
        float *f = v->frustum + 4 * p;
        f[0] = planes[p][0], f[1] = planes[p][1], f[2] = planes[p][2];
        f[3] = -(f[0] * ex + f[1] * ey + f[2] * ez);
    }
    v->frustum[3] -= 0.1f;
    v->frustum[23] += 1000.0f;
}

static double tile_side(const sward_scene *s, sw_uint m)
{
    return 32.0 * (double)place_spacing(&s->materials[m]);
}

static void check_tiles(const sward_scene *s, const place_view *v, const sw_tile *t, size_t n)
{
    assert_true(n <= place_tiles_bound(s));
    double half = 0.5 * s->terrain.size;
    for (size_t k = 0; k < n; k++) {
        assert_int_equal(t[k].ci0 % 32, 0);
        assert_int_equal(t[k].cj0 % 32, 0);
        assert_true(t[k].material < (sw_uint)s->material_count);
        if (k > 0) { /* strictly increasing (material, cj0, ci0): sorted, no duplicates */
            const sw_tile *p = &t[k - 1];
            bool inc = p->material < t[k].material ||
                       (p->material == t[k].material &&
                        (p->cj0 < t[k].cj0 || (p->cj0 == t[k].cj0 && p->ci0 < t[k].ci0)));
            assert_true(inc);
        }
        double side = tile_side(s, t[k].material);
        double lo[3] = {t[k].ci0 / 32 * side, s->terrain.min_y, t[k].cj0 / 32 * side};
        double hi[3] = {lo[0] + side, s->terrain.max_y, lo[2] + side};
        double tol = 0.01;
        assert_true(hi[0] >= -half - tol && lo[0] <= half + tol && hi[2] >= -half - tol && lo[2] <= half + tol);
        double d2 = 0.0;
        for (int a = 0; a < 3; a++) {
            double g = v->eye[a] < lo[a] ? lo[a] - v->eye[a] : (v->eye[a] > hi[a] ? v->eye[a] - hi[a] : 0.0);
            d2 += g * g;
        }
        assert_true(sqrt(d2) <= v->draw_distance + tol);
    }
}

/* Every blade the GPU would keep (root within draw distance, and inside the frustum when culling) lies
 * in a chosen tile; and the chosen tiles' blades are the terrain's blades. */
static void check_complete(const sward_scene *s, const place_view *v, bool cull, const sw_tile *t, size_t n)
{
    for (int m = 0; m < s->material_count; m++) {
        size_t nw;
        sw_blade *whole = place_all(s, m, &nw);
        size_t nt_max = place_cells_bound(32, 32) * n;
        sw_blade *tb = malloc(sizeof(sw_blade) * (nt_max ? nt_max : 1));
        assert_non_null(tb);
        size_t nt = 0;
        for (size_t k = 0; k < n; k++)
            if (t[k].material == (sw_uint)m)
                nt += place_cells(s, m, t[k].ci0, t[k].cj0, 32, 32, 0.0f, tb + nt);
        qsort(whole, nw, sizeof *whole, tu_blade_cmp);
        qsort(tb, nt, sizeof *tb, tu_blade_cmp);
        for (size_t k = 0; k < nt; k++) assert_true(contains(whole, nw, &tb[k]));
        size_t needed = 0;
        for (size_t k = 0; k < nw; k++) {
            const sw_blade *b = &whole[k];
            if (!sw_within_distance(b->x, b->y, b->z, v->eye[0], v->eye[1], v->eye[2], v->draw_distance)) continue;
            if (cull) {
                bool in = true;
                for (int p = 0; p < 6; p++) {
                    const float *f = v->frustum + 4 * p;
                    if (f[0] * b->x + f[1] * b->y + f[2] * b->z + f[3] < 0.0f) in = false;
                }
                if (!in) continue;
            }
            needed++;
            assert_true(contains(tb, nt, b));
        }
        assert_true(needed > 0);
        free(whole);
        free(tb);
    }
}

static void test_choose_tiles_distance(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(80.0f, 41, 10.0f);
    s->material_count = 2;
    s->materials[1] = tu_material(3.0f);
    s->render.draw_distance = 25.0f;
    sw_tile *t = malloc(sizeof(sw_tile) * place_tiles_bound(s));
    assert_non_null(t);
    place_view v = view_at(12.0f, 5.0f, -7.0f, 25.0f);
    size_t n = place_choose_tiles(s, &v, false, t, NULL);
    assert_true(n > 4);
    check_tiles(s, &v, t, n);
    check_complete(s, &v, false, t, n);
    /* both materials present, material 0 first */
    assert_int_equal(t[0].material, 0);
    assert_int_equal(t[n - 1].material, 1);
    /* deterministic */
    sw_tile *t2 = malloc(sizeof(sw_tile) * place_tiles_bound(s));
    assert_non_null(t2);
    assert_int_equal(place_choose_tiles(s, &v, false, t2, NULL), n);
    assert_memory_equal(t, t2, n * sizeof *t);
    /* a camera far off the terrain sees nothing; a short distance sees fewer tiles */
    place_view far = view_at(500.0f, 5.0f, 0.0f, 25.0f);
    assert_int_equal(place_choose_tiles(s, &far, false, t2, NULL), 0);
    place_view near = view_at(12.0f, 5.0f, -7.0f, 5.0f);
    size_t nn = place_choose_tiles(s, &near, false, t2, NULL);
    assert_true(nn > 0 && nn < n);
    check_tiles(s, &near, t2, nn);
    free(t);
    free(t2);
    tu_scene_free(s);
}

static void test_choose_tiles_frustum(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(80.0f, 41, 10.0f);
    s->render.draw_distance = 30.0f;
    sw_tile *all = malloc(sizeof(sw_tile) * place_tiles_bound(s));
    sw_tile *vis = malloc(sizeof(sw_tile) * place_tiles_bound(s));
    assert_non_null(all);
    assert_non_null(vis);
    place_view v = view_at(0.0f, 4.0f, 0.0f, 30.0f);
    frustum_plus_x(&v);
    size_t na = place_choose_tiles(s, &v, false, all, NULL);
    size_t in_range = 0;
    size_t nv = place_choose_tiles(s, &v, true, vis, &in_range);
    assert_int_equal(in_range, na); /* the count before the frustum test is the unculled count */
    assert_true(nv > 0 && nv < na * 3 / 4);
    check_tiles(s, &v, vis, nv);
    check_complete(s, &v, true, vis, nv);
    /* no chosen tile lies wholly behind the camera, even allowing for leaning blades */
    double side = tile_side(s, 0), lean = s->materials[0].height[1];
    for (size_t k = 0; k < nv; k++) assert_true((vis[k].ci0 / 32 + 1) * side + lean + 0.01 >= 0.1);
    /* every culled tile is behind or beside */
    size_t behind = 0;
    for (size_t k = 0; k < na; k++) behind += (all[k].ci0 / 32 + 1) * side <= 0.0;
    assert_true(behind > 0 && nv <= na - behind);
    free(all);
    free(vis);
    tu_scene_free(s);
}

/* The bound holds for every eye position, on and off the terrain, for dense and sparse materials. */
static void test_tiles_bound(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(200.0f, 21, 200.0f);
    s->material_count = 3;
    s->materials[1] = tu_material(1.0f);
    s->materials[2] = tu_material(0.05f);
    s->render.draw_distance = 37.3f;
    size_t bound = place_tiles_bound(s);
    sw_tile *t = malloc(sizeof(sw_tile) * bound);
    assert_non_null(t);
    size_t most = 0;
    for (int k = 0; k < 400; k++) {
        float x = (float)(k % 20) * 12.1f - 115.0f, z = (float)(k / 20) * 11.7f - 112.0f;
        place_view v = view_at(x, 3.0f, z, 37.3f);
        size_t n = place_choose_tiles(s, &v, false, t, NULL);
        check_tiles(s, &v, t, n);
        if (n > most) most = n;
    }
    assert_true(most <= bound);
    assert_true(most * 2 > bound / 2); /* and the bound is not absurdly loose */
    /* a view asking for more than the scene's distance gets the scene's (the bound holds) */
    place_view wide = view_at(0.0f, 3.0f, 0.0f, 1e30f);
    place_view same = view_at(0.0f, 3.0f, 0.0f, 37.3f);
    size_t nwide = place_choose_tiles(s, &wide, false, t, NULL);
    assert_true(nwide <= bound);
    assert_int_equal(nwide, place_choose_tiles(s, &same, false, t, NULL));
    /* a draw distance larger than the terrain: bound from the terrain size */
    s->render.draw_distance = 2000.0f;
    size_t big = place_tiles_bound(s);
    sw_tile *tb = malloc(sizeof(sw_tile) * big);
    assert_non_null(tb);
    place_view v = view_at(0.0f, 3.0f, 0.0f, 2000.0f);
    size_t n = place_choose_tiles(s, &v, false, tb, NULL);
    assert_true(n <= big);
    double per = 0.0;
    for (int m = 0; m < 3; m++) {
        double a = ceil(200.0 / tile_side(s, (sw_uint)m));
        per += a * a;
    }
    assert_true((double)n >= per);
    free(t);
    free(tb);
    tu_scene_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_material_gpu),
        cmocka_unit_test(test_terrain_grid),
        cmocka_unit_test(test_count_uniform),
        cmocka_unit_test(test_count_patches),
        cmocka_unit_test(test_jitter_uniform),
        cmocka_unit_test(test_local_stability),
        cmocka_unit_test(test_tiles_union),
        cmocka_unit_test(test_seed_changes_blades),
        cmocka_unit_test(test_outside_terrain_empty),
        cmocka_unit_test(test_heights_on_terrain),
        cmocka_unit_test(test_shape_fields),
        cmocka_unit_test(test_facing_follows_wind),
        cmocka_unit_test(test_wind_push),
        cmocka_unit_test(test_choose_tiles_distance),
        cmocka_unit_test(test_choose_tiles_frustum),
        cmocka_unit_test(test_tiles_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
