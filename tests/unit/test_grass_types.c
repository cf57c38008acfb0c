/* test_grass_types.c — PL5 type selection (dithered pick among the 2x2 type texels, grass-height scale),
 * PL6 Voronoi clumping (shared hash, pull toward the centre, tile stability) and the per-type tile choice,
 * all on the CPU reference (src/place, shaders/shared/sw_world.h), which the GPU test compares against. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "place/place.h"
#include "test_util.h"
#include "place_test_util.h"

#include <stdio.h>

/* Gives s maps of res x res texels: types from fn(i, j), grass height 1, and the presence mask. */
static void set_maps(sward_scene *s, int res, int (*fn)(int i, int j))
{
    world_terrain *t = &s->terrain;
    free(t->types);
    free(t->grass_height);
    free(t->type_presence);
    t->map_res = res;
    t->types = malloc((size_t)res * (size_t)res);
    t->grass_height = malloc(sizeof(float) * (size_t)res * (size_t)res);
    int pr = (res + WORLD_PRESENCE_TEXELS - 1) / WORLD_PRESENCE_TEXELS;
    t->presence_res = pr;
    t->type_presence = calloc((size_t)pr * (size_t)pr, sizeof(uint16_t));
    assert_true(t->types && t->grass_height && t->type_presence);
    for (int j = 0; j < res; j++)
        for (int i = 0; i < res; i++) {
            int v = fn(i, j);
            t->types[j * res + i] = (uint8_t)v;
            t->grass_height[j * res + i] = 1.0f;
            if (v < 16) t->type_presence[(j / WORLD_PRESENCE_TEXELS) * pr + i / WORLD_PRESENCE_TEXELS] |= (uint16_t)(1u << v);
        }
}

static int halves(int i, int j)
{
    (void)j;
    return i < 8 ? 0 : 1;
}

static void no_clumps(sward_scene *s)
{
    for (int k = 0; k < s->material_count; k++) s->materials[k].clump = (world_clump){0};
}

static sw_blade *place_all(const sward_scene *s, int m, size_t *count)
{
    float sp = place_spacing(&s->materials[m]);
    int lo = (int)floorf(-0.5f * s->terrain.size / sp) - 2, hi = (int)ceilf(0.5f * s->terrain.size / sp) + 2;
    int n = hi - lo + 1;
    sw_blade *b = malloc(sizeof(sw_blade) * place_cells_bound(n, n));
    assert_non_null(b);
    *count = place_cells(s, m, lo, lo, n, n, 0.0f, b);
    return b;
}

/* The pick is always one of the four values, with frequencies of the bilinear weights. */
static void test_pick_frequencies(void **state)
{
    (void)state;
    const float fx = 0.3f, fz = 0.7f;
    const double w[4] = {(1 - fx) * (1 - fz), fx * (1 - fz), (1 - fx) * fz, fx * fz};
    const int N = 400000;
    int count[4] = {0};
    for (int k = 0; k < N; k++) {
        sw_uint t = sw_type_pick(3u, 5u, 7u, 11u, fx, fz, sw_type_pick_hash(sw_pcg((sw_uint)k * 2654435761u)));
        if (t == 3u) count[0]++;
        else if (t == 5u) count[1]++;
        else if (t == 7u) count[2]++;
        else if (t == 11u) count[3]++;
        else fail_msg("picked %u, not one of the four texels", t);
    }
    for (int q = 0; q < 4; q++) {
        double f = (double)count[q] / N, sigma = sqrt(w[q] * (1.0 - w[q]) / N);
        if (fabs(f - w[q]) > 5.0 * sigma) fail_msg("texel %d: frequency %.4f, weight %.4f (5 sigma %.4f)", q, f, w[q], 5 * sigma);
    }
    /* At a texel centre (fx = fz = 0) only t00 is picked. */
    for (int k = 0; k < 10000; k++) assert_int_equal(sw_type_pick(1u, 2u, 3u, 4u, 0.0f, 0.0f, sw_pcg((sw_uint)k)), 1u);
}

/* sw_map_locate gathers the texels whose centres surround the point. */
static void test_locate_neighbours(void **state)
{
    (void)state;
    const int res = 16;
    const float size = 64.0f, x0 = -32.0f, inv = (float)res / size, cell = size / (float)res;
    for (int k = 0; k < 5000; k++) {
        float x = -31.9f + 63.8f * sw_unit(sw_pcg((sw_uint)k)), z = -31.9f + 63.8f * sw_unit(sw_pcg((sw_uint)k + 99999u));
        sw_map_coord c = sw_map_locate(x, z, x0, x0, inv, res);
        assert_true(c.fx >= 0.0f && c.fx < 1.0f + 1e-6f && c.fz >= 0.0f && c.fz < 1.0f + 1e-6f);
        float cx0 = x0 + ((float)c.i0 + 0.5f) * cell, cx1 = x0 + ((float)c.i1 + 0.5f) * cell;
        assert_true(fabsf(cx0 - x) <= cell + 1e-4f && fabsf(cx1 - x) <= cell + 1e-4f);
        float cz0 = x0 + ((float)c.j0 + 0.5f) * cell;
        assert_true(fabsf(cz0 - z) <= cell + 1e-4f);
        assert_true(c.i1 - c.i0 <= 1 && c.j1 - c.j0 <= 1);
        if (c.i1 > c.i0) assert_float_equal(cx0 + c.fx * cell, x, 1e-4f);
    }
}

/* Two types, left and right halves of a 16 x 16 map over 64 m (texel 4 m): each type only on its side of
 * the dither band between the texel centres at x = -2 and x = 2, at full density deep inside its region,
 * and dithered linearly across the band. */
static void test_type_regions(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(64.0f, 33, 30.0f);
    s->materials[1] = tu_material(30.0f);
    s->material_count = 2;
    no_clumps(s);
    size_t n_free[2], n_map[2];
    sw_blade *free_b[2], *map_b[2];
    for (int m = 0; m < 2; m++) free_b[m] = place_all(s, m, &n_free[m]);
    set_maps(s, 16, halves);
    for (int m = 0; m < 2; m++) map_b[m] = place_all(s, m, &n_map[m]);
    for (size_t k = 0; k < n_map[0]; k++) assert_true(map_b[0][k].x < 2.0f);
    for (size_t k = 0; k < n_map[1]; k++) assert_true(map_b[1][k].x > -2.0f);
    for (int m = 0; m < 2; m++)
        for (size_t k = 0; k < n_map[m]; k++) assert_int_equal(sw_blade_material(map_b[m][k]), (unsigned)m);
    /* Deep inside: exactly the blades placed without a type map. */
    size_t deep_free = 0, deep_map = 0;
    for (size_t k = 0; k < n_free[0]; k++) deep_free += free_b[0][k].x < -2.0f;
    for (size_t k = 0; k < n_map[0]; k++) deep_map += map_b[0][k].x < -2.0f;
    assert_int_equal(deep_free, deep_map);
    assert_true(deep_map > 10000);
    /* In the band, type 0's share falls from 1 at x = -2 to 0 at x = 2: about 3/4 in [-2, 0), 1/4 in [0, 2). */
    size_t band[2][2] = {{0}};
    for (int m = 0; m < 2; m++)
        for (size_t k = 0; k < n_map[m]; k++) {
            float x = map_b[m][k].x;
            if (x >= -2.0f && x < 2.0f) band[m][x >= 0.0f]++;
        }
    for (int h = 0; h < 2; h++) {
        double total = (double)(band[0][h] + band[1][h]), share = (double)band[0][h] / total;
        double want = h == 0 ? 0.75 : 0.25, sigma = sqrt(want * (1 - want) / total);
        print_message("band half %d: %zu blades, type 0 share %.3f (want %.2f)\n", h, (size_t)total, share, want);
        assert_true(fabs(share - want) < 5.0 * sigma);
    }
    /* Grass height 0.5 everywhere halves every blade's height, and 0 removes them. */
    for (int k = 0; k < 256; k++) s->terrain.grass_height[k] = 0.5f;
    size_t nh;
    sw_blade *half_b = place_all(s, 0, &nh);
    assert_int_equal(nh, n_map[0]);
    for (size_t k = 0; k < nh; k += 97)
        assert_float_equal(sw_blade_height(half_b[k]), 0.5f * sw_blade_height(map_b[0][k]), 2.0f * SW_MAX_BLADE_HEIGHT / 65535.0f);
    for (int k = 0; k < 256; k++) s->terrain.grass_height[k] = 0.0f;
    size_t nz;
    sw_blade *zero_b = place_all(s, 0, &nz);
    assert_int_equal(nz, 0);
    for (int m = 0; m < 2; m++) {
        free(free_b[m]);
        free(map_b[m]);
    }
    free(half_b);
    free(zero_b);
    tu_scene_free(s);
}

/* sw_clump_at is the nearest of the clump points of the 3x3 cells (brute force over 7 x 7 cells), and a
 * blade's clump word holds that clump's hash. */
static void test_clump_voronoi(void **state)
{
    (void)state;
    const float size = 0.8f, inv = 1.0f / size;
    for (int k = 0; k < 20000; k++) {
        float x = -50.0f + 100.0f * sw_unit(sw_pcg((sw_uint)k)), z = -50.0f + 100.0f * sw_unit(sw_pcg((sw_uint)k + 7777777u));
        sw_clump c = sw_clump_at(x, z, size, inv, 2u, 99u);
        int ci = (int)floorf(x * inv), cj = (int)floorf(z * inv);
        float best = 1e30f;
        sw_uint best_hash = 0;
        for (int dj = -3; dj <= 3; dj++)
            for (int di = -3; di <= 3; di++) {
                sw_clump q = sw_clump_cell(ci + di, cj + dj, x, z, size, 2u, 99u);
                if (q.d2 < best) best = q.d2, best_hash = q.hash;
            }
        assert_int_equal(c.hash, best_hash);
        assert_true(c.hash != 0u);
        assert_true(sqrtf(c.d2) <= 1.5f * size);
    }
    sw_clump none = sw_clump_at(3.0f, 4.0f, 0.0f, 0.0f, 0u, 1u);
    assert_int_equal(none.hash, 0u);
    assert_true(none.cx == 3.0f && none.cz == 4.0f);
}

/* Blades of one clump share its hash and sit around its centre; pull moves each blade toward the centre by
 * the given fraction; the clump's height scale is within 1 +- height_variation. */
static void test_clump_pull(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(40.0f, 33, 40.0f);
    world_material *m = &s->materials[0];
    m->clump = (world_clump){.size = 1.0f, .height_variation = 0.3f, .facing = 0.0f, .lean = 0.0f, .pull = 0.0f};
    size_t n0, n1;
    sw_blade *a = place_all(s, 0, &n0);
    m->clump.pull = 0.4f;
    sw_blade *b = place_all(s, 0, &n1);
    assert_int_equal(n0, n1); /* the same candidates survive: the pull comes after every test */
    const sw_material g = place_material_gpu(m);
    double worst = 0.0;
    for (size_t k = 0; k < n0; k++) {
        assert_int_equal(a[k].clump & 255u, b[k].clump & 255u);
        /* The centre from the unpulled blade's exact clump, recomputed. */
        sw_clump c = sw_clump_at(a[k].x, a[k].z, g.clump_size, g.clump_inv_size, 0u, s->render.settings.seed);
        assert_int_equal(b[k].clump & 255u, c.hash >> 24);
        double ex = a[k].x + (c.cx - a[k].x) * 0.4, ez = a[k].z + (c.cz - a[k].z) * 0.4;
        double d = fmax(fabs(ex - b[k].x), fabs(ez - b[k].z));
        if (d > worst) worst = d;
        /* Distance to the centre shrinks by 1 - pull. */
        double d0 = hypot(a[k].x - c.cx, a[k].z - c.cz), d1 = hypot(b[k].x - c.cx, b[k].z - c.cz);
        assert_true(fabs(d1 - 0.6 * d0) < 1e-4);
        /* The stored offset is the pulled offset in clump sizes. */
        assert_float_equal(sw_blade_clump_dx(b[k]), (b[k].x - c.cx) * g.clump_inv_size, 1.0f / 127.0f + 1e-6f);
        assert_float_equal(sw_blade_clump_dz(b[k]), (b[k].z - c.cz) * g.clump_inv_size, 1.0f / 127.0f + 1e-6f);
    }
    assert_true(worst < 1e-5);
    /* Every clump's blades: one height scale in [0.7, 1.3] (heights of blades are within [0.3, 0.8] x it). */
    for (size_t k = 0; k < n1; k++) {
        float h = sw_blade_height(b[k]);
        assert_true(h >= 0.3f * 0.7f - 1e-3f && h <= 0.8f * 1.3f + 1e-3f);
    }
    free(a);
    free(b);
    tu_scene_free(s);
}

/* PL6: a clump's blades share its height scale (1 +- height_variation), turn toward its facing (all the way
 * with facing 1) and lean by its extra lean: per clump these are one value, and they differ between clumps.
 * Placed with each property on and off (no wind, no pull: the same candidates in the same order). */
typedef struct clump_stat {
    float cx, cz;
    double first; /* the property's value at the clump's first blade */
    double spread; /* largest difference from it within the clump */
} clump_stat;

static double spread_within_clumps(const sward_scene *s, const sw_blade *b, const double *v, size_t n, double *between)
{
    const sw_material g = place_material_gpu(&s->materials[0]);
    clump_stat *c = calloc(n, sizeof *c);
    size_t nc = 0;
    double worst = 0.0, sum = 0.0, sum2 = 0.0;
    for (size_t k = 0; k < n; k++) {
        sw_clump q = sw_clump_at(b[k].x, b[k].z, g.clump_size, g.clump_inv_size, 0u, s->render.settings.seed);
        size_t i = 0;
        while (i < nc && !(c[i].cx == q.cx && c[i].cz == q.cz)) i++;
        if (i == nc) {
            c[nc++] = (clump_stat){.cx = q.cx, .cz = q.cz, .first = v[k]};
            sum += v[k], sum2 += v[k] * v[k];
        }
        double d = fabs(v[k] - c[i].first);
        if (d > worst) worst = d;
    }
    double mean = sum / (double)nc;
    *between = sqrt(sum2 / (double)nc - mean * mean);
    free(c);
    return worst;
}

static void test_clump_shapes(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(12.0f, 13, 30.0f);
    s->wind.speed = 0.0f; /* facings not bent by the wind (GA4) */
    world_material *m = &s->materials[0];
    m->bend = 0.2f;
    m->clump = (world_clump){.size = 1.0f};
    size_t n0, n;
    sw_blade *a = place_all(s, 0, &n0);
    assert_true(n0 > 2000);
    double *v = calloc(n0, sizeof *v), within, between;

    m->clump.height_variation = 0.5f; /* height: blade / unclumped blade = the clump's scale */
    sw_blade *b = place_all(s, 0, &n);
    assert_int_equal(n, n0);
    for (size_t k = 0; k < n; k++) v[k] = sw_blade_height(b[k]) / sw_blade_height(a[k]);
    within = spread_within_clumps(s, a, v, n, &between);
    print_message("clump height scale: spread within clumps %.4f, between clumps %.3f\n", within, between);
    assert_true(within < 0.01 && between > 0.15);
    for (size_t k = 0; k < n; k++) assert_true(v[k] > 0.49 && v[k] < 1.51);
    free(b);

    m->clump.height_variation = 0.0f;
    m->clump.facing = 1.0f; /* facing: every blade turned all the way to its clump's */
    b = place_all(s, 0, &n);
    assert_int_equal(n, n0);
    for (size_t k = 0; k < n; k++) v[k] = (double)(b[k].facing_hash & 0xffffu);
    within = spread_within_clumps(s, a, v, n, &between);
    print_message("clump facing: spread within clumps %.1f, between clumps %.0f (of 65536)\n", within, between);
    assert_true(within <= 1.0 && between > 10000.0);
    free(b);

    m->clump.facing = 0.0f;
    m->clump.lean = 0.5f; /* lean: bend = the blade's own + the clump's, in [0.25, 0.5] */
    b = place_all(s, 0, &n);
    assert_int_equal(n, n0);
    for (size_t k = 0; k < n; k++) v[k] = (double)(sw_blade_bend(b[k]) - sw_blade_bend(a[k]));
    within = spread_within_clumps(s, a, v, n, &between);
    print_message("clump lean: spread within clumps %.4f, between clumps %.3f\n", within, between);
    assert_true(within <= 2.5 / 255.0 && between > 0.04);
    for (size_t k = 0; k < n; k++) assert_true(v[k] > 0.25 - 2.0 / 255.0 && v[k] < 0.5 + 2.0 / 255.0);
    free(b);
    free(v);
    free(a);
    tu_scene_free(s);
}

/* With clumping, type maps and pull, a region placed whole or as 32 x 32 tiles gives the same blades (PL4). */
static int stripes(int i, int j)
{
    return ((i / 3 + j / 5) % 3 == 0) ? 255 : (i + j) % 2;
}

static void test_clump_tiles_stable(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(40.0f, 33, 20.0f);
    s->materials[1] = tu_material(12.0f);
    s->material_count = 2;
    for (int k = 0; k < 2; k++)
        s->materials[k].clump = (world_clump){.size = 0.7f, .height_variation = 0.3f, .facing = 0.5f, .lean = 0.2f,
                                              .color_variation = 0.1f, .pull = 0.35f};
    set_maps(s, 32, stripes);
    for (int m = 0; m < 2; m++) tu_assert_tiles_match_whole(s, m, 1000);
    tu_scene_free(s);
}

/* The tile choice skips tiles where the type map has none of the type, and keeps every tile that has one of
 * its blades. */
static void test_tiles_per_type(void **state)
{
    (void)state;
    sward_scene *s = tu_scene(64.0f, 33, 30.0f);
    s->materials[1] = tu_material(30.0f);
    s->material_count = 2;
    s->render.draw_distance = 200.0f;
    set_maps(s, 16, halves);
    place_view v = {.eye = {0.0f, 5.0f, 0.0f}, .draw_distance = 200.0f};
    size_t bound = place_tiles_bound(s);
    sw_tile *t = calloc(bound, sizeof *t);
    size_t n = place_choose_tiles(s, &v, false, t, NULL);
    size_t per[2] = {0, 0};
    for (size_t k = 0; k < n; k++) {
        per[t[k].material]++;
        float side = 32.0f * place_spacing(&s->materials[t[k].material]);
        float x_lo = (float)t[k].ci0 / 32.0f * side;
        if (t[k].material == 0) assert_true(x_lo < 2.0f + 8.0f);
        else assert_true(x_lo + side > -2.0f - 8.0f);
    }
    assert_true(per[0] > 0 && per[1] > 0);
    /* Every blade placed lies in a chosen tile of its type. */
    for (int m = 0; m < 2; m++) {
        size_t nb;
        sw_blade *b = place_all(s, m, &nb);
        size_t in_tiles = 0;
        for (size_t k = 0; k < n; k++)
            if ((int)t[k].material == m) {
                sw_blade tmp[1024];
                in_tiles += place_cells(s, m, t[k].ci0, t[k].cj0, 32, 32, 0.0f, tmp);
            }
        assert_int_equal(in_tiles, nb);
        free(b);
    }
    free(t);
    tu_scene_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pick_frequencies),  cmocka_unit_test(test_locate_neighbours),
        cmocka_unit_test(test_type_regions),      cmocka_unit_test(test_clump_voronoi),
        cmocka_unit_test(test_clump_pull),        cmocka_unit_test(test_clump_shapes),
        cmocka_unit_test(test_clump_tiles_stable),
        cmocka_unit_test(test_tiles_per_type),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
