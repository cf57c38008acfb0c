/* test_far_look.c — the far field baked from the blades (SPEC SC7, src/place/far_look.c), on the CPU:
 *   - the seen colour lies between the root's and the tip's, and the seen AO between the root's 0.35 and 1; a denser
 *     field's are nearer the tip's (from a grazing view its tips hide its dark lower blades);
 *   - the cover by the view's elevation: a grazing view sees more blade than a view from above (the blades stand
 *     up: far_side > far_top; at 5 degrees over 3 times the cover from above), and a denser type covers more;
 *   - a flower type's far field is its heads' colour's (tests/data/flowers' poppies red: R above 1.5 G), a type
 *     without heads keeps its blades' (lawn: G above R);
 *   - the bake is a function of the type (twice the same bits) and the types of every repository scene bake in
 *     well under the second (the time is printed). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "place/place.h"
#include "test_util.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static sward_scene *load(const char *rel)
{
    const char *dir = getenv("SWARD_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", rel);
    sward_scene *s = NULL;
    sward_error err = {0};
    if (sward_scene_load_file(path, &s, &err) != SWARD_OK) fail_msg("%s: %s", rel, err.message);
    return s;
}

static double luma3(const float c[3]) { return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; }

static double seen_luma(float density, float *ao)
{
    world_material m = tu_material(density);
    sw_material g = place_material_gpu(&m);
    const float seen[3] = {g.field_r, g.field_g, g.field_b};
    *ao = g.field_ao;
    print_message("density %.0f: seen albedo (%.3f %.3f %.3f), luma %.3f, AO %.3f\n", (double)density, (double)seen[0],
                  (double)seen[1], (double)seen[2], luma3(seen), (double)g.field_ao);
    return luma3(seen);
}

static void test_seen_colour_and_ao(void **state)
{
    (void)state;
    world_material m = tu_material(1.0f);
    double l_root = luma3(m.root_color), l_tip = luma3(m.tip_color);
    float ao_sparse, ao_dense;
    double sparse = seen_luma(10.0f, &ao_sparse), dense = seen_luma(3000.0f, &ao_dense);
    assert_true(sparse > l_root && dense <= 1.15 * l_tip); /* the lighter band before the tip at most */
    assert_true(dense > 1.15 * sparse);
    assert_true(ao_sparse > 0.35f && ao_dense < 1.0f);
    assert_true(ao_dense > ao_sparse + 0.1f);
}

static void test_cover_by_elevation(void **state)
{
    (void)state;
    world_material sparse = tu_material(20.0f), dense = tu_material(200.0f);
    sw_material a = place_material_gpu(&sparse), b = place_material_gpu(&dense);
    print_message("optical depth side / top: sparse %.3f / %.3f, dense %.3f / %.3f\n", (double)a.far_side,
                  (double)a.far_top, (double)b.far_side, (double)b.far_top);
    assert_true(a.far_side > a.far_top && a.far_top > 0.0f);
    assert_true(b.far_side > 5.0f * a.far_side && b.far_top > 5.0f * a.far_top);
    /* seen at 5 degrees the field covers its ground over 3 times as much as seen from straight above */
    const double cot5 = 1.0 / tan(5.0 * 3.14159265 / 180.0);
    for (int k = 0; k < 2; k++) {
        const sw_material *g = k ? &b : &a;
        assert_true(1.0 - exp(-((double)g->far_side * cot5 + (double)g->far_top)) > 3.0 * (1.0 - exp(-(double)g->far_top)));
    }
}

static void test_flowers_stay_red(void **state)
{
    (void)state;
    sward_scene *s = load("tests/data/flowers/flowers.json");
    int red = 0, green = 0;
    for (int k = 0; k < s->material_count; k++) {
        sw_material g = place_material_gpu(&s->materials[k]);
        print_message("%s: far field (%.3f %.3f %.3f)\n", s->materials[k].name, (double)g.field_r, (double)g.field_g,
                      (double)g.field_b);
        if (s->materials[k].head_size > 0.0f) {
            assert_true(g.field_r > 1.5f * g.field_g);
            red++;
        } else {
            assert_true(g.field_g > g.field_r);
            green++;
        }
    }
    assert_true(red > 0 && green > 0);
    sward_scene_destroy(s);
}

static void test_deterministic_and_fast(void **state)
{
    (void)state;
    static const char *const scenes[] = {"scenes/areas.json",  "scenes/fields.json",      "scenes/flowers.json",
                                         "scenes/forest_edge.json", "scenes/hills.json", "scenes/meadow.json",
                                         "scenes/small.json",  "scenes/tree.json",        "bench/dense.json",
                                         "bench/flight.json",  "bench/got_field.json"};
    for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; k++) {
        sward_scene *s = load(scenes[k]);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        sw_material first[SW_MAX_MATERIALS];
        for (int i = 0; i < s->material_count; i++) first[i] = place_material_gpu(&s->materials[i]);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ms = 1e3 * (double)(t1.tv_sec - t0.tv_sec) + 1e-6 * (double)(t1.tv_nsec - t0.tv_nsec);
        print_message("%s: %d types baked in %.3f ms\n", scenes[k], s->material_count, ms);
        for (int i = 0; i < s->material_count; i++) {
            sw_material again = place_material_gpu(&s->materials[i]);
            assert_memory_equal(&again, &first[i], sizeof again);
            print_message("  %s: albedo (%.3f %.3f %.3f) AO %.3f depth side %.3f top %.3f\n", s->materials[i].name,
                          (double)first[i].field_r, (double)first[i].field_g, (double)first[i].field_b,
                          (double)first[i].field_ao, (double)first[i].far_side, (double)first[i].far_top);
        }
        assert_true(ms < 100.0);
        sward_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seen_colour_and_ao),
        cmocka_unit_test(test_cover_by_elevation),
        cmocka_unit_test(test_flowers_stay_red),
        cmocka_unit_test(test_deterministic_and_fast),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
