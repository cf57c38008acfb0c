/* test_query.c — gameplay queries (SPEC PL9): cover height at a point and rays through grass, on hand-made
 * maps over flat terrain, with hand-computed answers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_util.h"

/* Flat ground at y = 0, 16 m square, 8 x 8 map texels of 2 m: column i = 2 (x in [-4, -2]) is a stealth
 * type with gameplay height 0.8 m (its row j = 0, z in [-8, -6], at grass height 0.5), column i = 5
 * (x in [2, 4]) a decorative type 1.5 m tall; everything else has no grass. */
static sward_scene *strips(void)
{
    sward_scene *s = tu_scene(16.0f, 17, 10.0f);
    for (int k = 0; k < 17 * 17; k++) s->terrain.heights[k] = 0.0f;
    s->terrain.min_y = s->terrain.max_y = 0.0f;
    s->materials[0].stealth = true;
    s->materials[0].gameplay_height = 0.8f;
    s->materials[1] = tu_material(10.0f);
    s->materials[1].height[1] = 1.5f;
    s->materials[1].stealth = false;
    s->materials[1].gameplay_height = 1.0f; /* ignored: decorative types give no cover */
    s->material_count = 2;
    world_terrain *t = &s->terrain;
    t->map_res = 8;
    t->types = malloc(64);
    t->grass_height = malloc(64 * sizeof(float));
    assert_true(t->types && t->grass_height);
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) {
            t->types[j * 8 + i] = i == 2 ? 0 : (i == 5 ? 1 : 255);
            t->grass_height[j * 8 + i] = (i == 2 && j == 0) ? 0.5f : 1.0f;
        }
    return s;
}

static float cover(const sward_scene *s, float x, float z)
{
    float h = -1.0f;
    assert_int_equal(sward_query_cover(s, x, z, &h), SWARD_OK);
    return h;
}

static void test_cover(void **state)
{
    (void)state;
    sward_scene *s = strips();
    assert_float_equal(cover(s, -3.0f, 0.5f), 0.8f, 1e-6f);  /* stealth strip */
    assert_float_equal(cover(s, -3.0f, -7.0f), 0.4f, 1e-6f); /* stealth at grass height 0.5 */
    assert_float_equal(cover(s, 3.0f, 0.5f), 0.0f, 0.0f);    /* decorative strip: no cover */
    assert_float_equal(cover(s, 0.0f, 0.5f), 0.0f, 0.0f);    /* no grass */
    assert_float_equal(cover(s, 100.0f, 0.5f), 0.0f, 0.0f);  /* off the terrain */
    s->terrain.grass_height[3 * 8 + 2] = 0.0f;               /* map 0: no cover */
    assert_float_equal(cover(s, -3.0f, -1.0f), 0.0f, 0.0f);
    float h;
    assert_int_equal(sward_query_cover(NULL, 0.0f, 0.0f, &h), SWARD_ERROR_INVALID_INPUT);
    assert_int_equal(sward_query_cover(s, NAN, 0.0f, &h), SWARD_ERROR_INVALID_INPUT);
    tu_scene_free(s);
}

static void ray(const sward_scene *s, float ox, float oy, float oz, float dx, float dy, float dz, float maxd,
                bool want_hit, float want_t)
{
    const float o[3] = {ox, oy, oz}, d[3] = {dx, dy, dz};
    float t = -1.0f;
    bool hit = !want_hit;
    assert_int_equal(sward_query_ray(s, o, d, maxd, &t, &hit), SWARD_OK);
    if (hit != want_hit) fail_msg("ray (%g %g %g) + t (%g %g %g): hit %d at %g, want %d", ox, oy, oz, dx, dy, dz, hit, t, want_hit);
    if (want_hit) assert_float_equal(t, want_t, 1e-4f);
    else assert_float_equal(t, maxd, 0.0f);
}

static void test_rays(void **state)
{
    (void)state;
    sward_scene *s = strips();
    /* Passing over the 0.8 m cover at 1 m: no hit. */
    ray(s, -7.0f, 1.0f, 0.5f, 1.0f, 0.0f, 0.0f, 14.0f, false, 0.0f);
    /* Horizontal at 0.5 m: enters the stealth strip at x = -4, 3 m along. */
    ray(s, -7.0f, 0.5f, 0.5f, 1.0f, 0.0f, 0.0f, 14.0f, true, 3.0f);
    /* Descending with slope -1/2 from 2.5 m: at x = -4 still 1.0 m up, below 0.8 m at x = -3.6. */
    ray(s, -7.0f, 2.5f, 0.5f, 2.0f, -1.0f, 0.0f, 20.0f, true, 3.4f * sqrtf(1.25f));
    /* Through the decorative strip at 0.3 m: no cover there, no hit (stops before the edge at 7.9 m). */
    ray(s, 0.0f, 0.3f, 0.5f, 1.0f, 0.0f, 0.0f, 7.9f, false, 0.0f);
    /* Down at 45 degrees from (0, 2): reaches the ground inside the decorative strip at x = 2. */
    ray(s, 0.0f, 2.0f, 0.5f, 1.0f, -1.0f, 0.0f, 10.0f, true, 2.0f * sqrtf(2.0f));
    /* Along z inside the stealth strip at 0.6 m: inside the cover from the start, except row 0 at 0.4 m. */
    ray(s, -3.0f, 0.6f, 0.5f, 0.0f, 0.0f, 1.0f, 5.0f, true, 0.0f);
    ray(s, -3.0f, 0.6f, -7.5f, 0.0f, 0.0f, 1.0f, 5.0f, true, 1.5f);
    /* Too short to reach the strip. */
    ray(s, -7.0f, 0.5f, 0.5f, 1.0f, 0.0f, 0.0f, 2.5f, false, 0.0f);
    /* Starting off the terrain and coming in. */
    ray(s, -20.0f, 0.5f, 0.5f, 1.0f, 0.0f, 0.0f, 30.0f, true, 16.0f);
    const float o[3] = {0, 1, 0}, zero[3] = {0, 0, 0};
    float t;
    bool hit;
    assert_int_equal(sward_query_ray(s, o, zero, 5.0f, &t, &hit), SWARD_ERROR_INVALID_INPUT);
    assert_int_equal(sward_query_ray(NULL, o, o, 5.0f, &t, &hit), SWARD_ERROR_INVALID_INPUT);
    tu_scene_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cover), cmocka_unit_test(test_rays)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
