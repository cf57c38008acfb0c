/* test_terrain.c — the terrain height field (src/world/terrain.c; SPEC PL1): fBm heights, bilinear lookup
 * shared with the placement (sw_hf_locate + sw_bilerp), the camera resolved above the ground. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "world/world.h"
#include "shared/sw_noise.h"
#include "shared/sw_place.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static world_terrain fbm_terrain(float size, int res, float amplitude, float wavelength, int octaves)
{
    world_terrain t;
    memset(&t, 0, sizeof t);
    t.size = size;
    t.resolution = res;
    t.fbm = (world_fbm){.amplitude = amplitude, .wavelength = wavelength, .octaves = octaves, .lacunarity = 2.0f,
                        .gain = 0.5f};
    sward_error err = {0};
    assert_int_equal(world_terrain_build(&t, "t.json", &err), SWARD_OK);
    assert_non_null(t.heights);
    return t;
}

static float sample_x(const world_terrain *t, int i)
{
    float cell = t->size / (float)(t->resolution - 1);
    return -0.5f * t->size + (float)i * cell;
}

static void test_fbm_deterministic(void **state)
{
    (void)state;
    world_terrain a = fbm_terrain(512.0f, 129, 14.0f, 220.0f, 5);
    world_terrain b = fbm_terrain(512.0f, 129, 14.0f, 220.0f, 5);
    assert_memory_equal(a.heights, b.heights, 129u * 129u * sizeof(float));
    /* Rebuilding in place gives the same again (and frees the old array: ASan would see a leak). */
    sward_error err = {0};
    assert_int_equal(world_terrain_build(&a, "t.json", &err), SWARD_OK);
    assert_memory_equal(a.heights, b.heights, 129u * 129u * sizeof(float));
    free(a.heights);
    free(b.heights);
}

static void test_fbm_formula_and_range(void **state)
{
    (void)state;
    const float amp = 14.0f;
    world_terrain t = fbm_terrain(512.0f, 257, amp, 220.0f, 5);
    float lo = INFINITY, hi = -INFINITY;
    for (int j = 0; j < 257; j++) {
        for (int i = 0; i < 257; i++) {
            float h = t.heights[j * 257 + i];
            assert_true(h >= 0.0f && h <= amp);
            lo = fminf(lo, h);
            hi = fmaxf(hi, h);
            if ((i * 7 + j * 3) % 97 == 0) {
                float x = sample_x(&t, i), z = sample_x(&t, j);
                float want = amp * (0.5f + 0.5f * sw_fbm(x / 220.0f, z / 220.0f, 5, 2.0f, 0.5f, WORLD_TERRAIN_SALT));
                assert_true(h == want);
            }
        }
    }
    assert_true(t.min_y == lo && t.max_y == hi);
    assert_true(hi - lo > 0.2f * amp); /* hills, not a plain */
    free(t.heights);

    /* Zero amplitude is a flat plain at 0. */
    t = fbm_terrain(64.0f, 9, 0.0f, 20.0f, 3);
    for (int k = 0; k < 81; k++) assert_true(t.heights[k] == 0.0f);
    assert_true(t.min_y == 0.0f && t.max_y == 0.0f);
    free(t.heights);
}

static void test_height_at_grid_points(void **state)
{
    (void)state;
    world_terrain t = fbm_terrain(100.0f, 51, 10.0f, 30.0f, 4);
    for (int j = 0; j < 51; j++) {
        for (int i = 0; i < 51; i++) {
            float h = world_terrain_height(&t, sample_x(&t, i), sample_x(&t, j));
            assert_float_equal(h, t.heights[j * 51 + i], 1e-4f);
        }
    }
    free(t.heights);
}

static void test_height_interpolates(void **state)
{
    (void)state;
    world_terrain t = fbm_terrain(100.0f, 51, 10.0f, 30.0f, 4);
    const float *H = t.heights;
    for (int j = 3; j < 48; j += 7) {
        for (int i = 2; i < 49; i += 5) {
            float x0 = sample_x(&t, i), z0 = sample_x(&t, j), x1 = sample_x(&t, i + 1), z1 = sample_x(&t, j + 1);
            float h00 = H[j * 51 + i], h10 = H[j * 51 + i + 1], h01 = H[(j + 1) * 51 + i],
                  h11 = H[(j + 1) * 51 + i + 1];
            /* Midpoints of edges and cell: averages. */
            assert_float_equal(world_terrain_height(&t, 0.5f * (x0 + x1), z0), 0.5f * (h00 + h10), 1e-4f);
            assert_float_equal(world_terrain_height(&t, x0, 0.5f * (z0 + z1)), 0.5f * (h00 + h01), 1e-4f);
            assert_float_equal(world_terrain_height(&t, 0.5f * (x0 + x1), 0.5f * (z0 + z1)),
                               0.25f * (h00 + h10 + h01 + h11), 1e-4f);
            /* A quarter of the way: bilinear. */
            float fx = 0.25f, fz = 0.75f;
            float want = (h00 * (1 - fx) + h10 * fx) * (1 - fz) + (h01 * (1 - fx) + h11 * fx) * fz;
            assert_float_equal(world_terrain_height(&t, x0 + fx * (x1 - x0), z0 + fz * (z1 - z0)), want, 1e-4f);
        }
    }
    /* Outside the terrain the edge value continues. */
    assert_float_equal(world_terrain_height(&t, -80.0f, -80.0f), H[0], 1e-6f);
    assert_float_equal(world_terrain_height(&t, 80.0f, 80.0f), H[51 * 51 - 1], 1e-6f);
    free(t.heights);
}

/* The same numbers as the placement: sw_hf_locate + sw_bilerp over the grid of world_terrain_grid. */
static void test_height_matches_placement_math(void **state)
{
    (void)state;
    world_terrain t = fbm_terrain(300.0f, 97, 20.0f, 80.0f, 5);
    float cell = t.size / (float)(t.resolution - 1);
    float x0 = -0.5f * t.size, inv_cell = 1.0f / cell;
    for (int k = 0; k < 5000; k++) {
        float x = -160.0f + (float)(k % 71) * 4.513f, z = -160.0f + (float)(k / 71) * 4.601f;
        sw_hf_coord c = sw_hf_locate(x, z, x0, x0, inv_cell, t.resolution);
        const float *r0 = t.heights + c.j * t.resolution, *r1 = r0 + t.resolution;
        float want = sw_bilerp(r0[c.i], r0[c.i + 1], r1[c.i], r1[c.i + 1], c.fx, c.fz);
        assert_true(world_terrain_height(&t, x, z) == want);
    }
    free(t.heights);
}

static void test_camera_eye(void **state)
{
    (void)state;
    sward_scene *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->terrain = fbm_terrain(100.0f, 33, 10.0f, 30.0f, 3);
    s->camera = (world_camera){.position = {10.0f, 1.6f, -7.0f}, .target = {0.0f, 0.0f, 0.0f}, .fov_y = 50.0f,
                               .above_ground = true, .near_plane = 0.1f};
    float eye[3];
    world_camera_eye(s, eye);
    assert_true(eye[0] == 10.0f && eye[2] == -7.0f);
    assert_true(eye[1] == 1.6f + world_terrain_height(&s->terrain, 10.0f, -7.0f));
    s->camera.above_ground = false;
    world_camera_eye(s, eye);
    assert_true(eye[1] == 1.6f);
    free(s->terrain.heights);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fbm_deterministic),
        cmocka_unit_test(test_fbm_formula_and_range),
        cmocka_unit_test(test_height_at_grid_points),
        cmocka_unit_test(test_height_interpolates),
        cmocka_unit_test(test_height_matches_placement_math),
        cmocka_unit_test(test_camera_eye),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
