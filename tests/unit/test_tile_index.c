/* Choosing the frame's tiles with the tile index (place_tile_index, built once per scene) gives exactly the
 * tiles, in the same order, and the same in-range count as without it, for every scene in scenes/ and bench/
 * and cameras all over and around their terrain, with and without the frustum test. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "sward/sward.h"

#include "place/place.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "place_test_util.h"


/* A view from (x, y, z) looking along yaw (horizontal), 60 degrees wide and high: inward plane normals. */
static place_view view_at(float x, float y, float z, float yaw, float dd)
{
    place_view v;
    memset(&v, 0, sizeof v);
    v.eye[0] = x, v.eye[1] = y, v.eye[2] = z;
    v.draw_distance = dd;
    const float c = cosf(0.5236f), s = sinf(0.5236f);
    const float f[3] = {cosf(yaw), 0.0f, sinf(yaw)}, r[3] = {-sinf(yaw), 0.0f, cosf(yaw)}, u[3] = {0.0f, 1.0f, 0.0f};
    float n[5][3];
    for (int i = 0; i < 3; i++) {
        n[0][i] = r[i] * c + f[i] * s;
        n[1][i] = -r[i] * c + f[i] * s;
        n[2][i] = u[i] * c + f[i] * s;
        n[3][i] = -u[i] * c + f[i] * s;
        n[4][i] = f[i];
    }
    for (int p = 0; p < 5; p++) {
        float *pl = v.frustum + 4 * p;
        pl[0] = n[p][0], pl[1] = n[p][1], pl[2] = n[p][2];
        pl[3] = -(pl[0] * x + pl[1] * y + pl[2] * z);
    }
    v.frustum[20 + 3] = 1.0f; /* no far plane */
    return v;
}

static void compare_scene(const char *rel)
{
    sward_scene *s = tu_load_repo_scene(rel);
    place_tile_index idx;
    place_tile_index_build(s, &idx);
    size_t bound = place_tiles_bound(s);
    sw_tile *a = malloc(bound * sizeof *a), *b = malloc(bound * sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    float half = 0.5f * s->terrain.size, dd = s->render.draw_distance;
    size_t total = 0, indexed_materials = 0;
    for (int k = 0; k < s->material_count; k++) indexed_materials += idx.cls[place_class((uint32_t)k, 0)].ready;
    uint32_t h = 12345u;
    for (int i = 0; i < 40; i++) {
        h = h * 1664525u + 1013904223u;
        float x = ((float)(h >> 8) / 16777216.0f * 2.4f - 1.2f) * half;
        h = h * 1664525u + 1013904223u;
        float z = ((float)(h >> 8) / 16777216.0f * 2.4f - 1.2f) * half;
        h = h * 1664525u + 1013904223u;
        float yaw = (float)(h >> 8) / 16777216.0f * 6.2832f;
        place_view v = view_at(x, s->terrain.max_y + 2.0f, z, yaw, dd);
        for (int cull = 0; cull <= 1; cull++) {
            size_t ra = 0, rb = 0;
            size_t na = place_choose_tiles(s, &v, cull, a, &ra);
            size_t nb = place_choose_tiles_indexed(s, &idx, &v, cull, b, &rb);
            assert_int_equal(na, nb);
            assert_int_equal(ra, rb);
            assert_memory_equal(a, b, na * sizeof *a);
            total += na;
        }
    }
    print_message("%s: %zu tiles chosen over 80 views, %zu of %d materials indexed\n", rel, total,
                  indexed_materials, s->material_count);
    assert_true(total > 0);
    assert_int_equal(indexed_materials, (size_t)s->material_count);
    free(a);
    free(b);
    place_tile_index_free(&idx);
    sward_scene_destroy(s);
}

static void index_meadow(void **state) { (void)state; compare_scene("scenes/meadow.json"); }
static void index_fields(void **state) { (void)state; compare_scene("scenes/fields.json"); }
static void index_hills(void **state) { (void)state; compare_scene("scenes/hills.json"); }
static void index_dense(void **state) { (void)state; compare_scene("bench/dense.json"); }
static void index_got_field(void **state) { (void)state; compare_scene("bench/got_field.json"); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(index_meadow), cmocka_unit_test(index_fields), cmocka_unit_test(index_hills),
        cmocka_unit_test(index_dense), cmocka_unit_test(index_got_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
