/* test_hostile_assets.c — asset inputs at and past the limits (docs/import.md "Errors"): the LOD
 * builder holds a mesh within the import's limits (4194304 vertices, 4 triangles per vertex: 50 M indices; it
 * stopped at 16.7 M, "out of memory building LOD 0" above 5.6 M triangles) and calls a mesh past them too large,
 * not out of memory; the generator names the field of a size out of range and states the range.
 * (The hostile glTF files themselves: tests/cli/test_hostile_assets.sh.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assets/parts.h"

#include <string.h>

static void push_tris(assets_builder *b, uint32_t tris)
{
    for (uint32_t t = 0; t < tris && !b->oom && !b->over; t++) assets_push_tri(b, 0, 1, 2);
}

/* 6 M triangles (18 M indices, past the old 16.7 M cap), a few vertices: the builder takes them all */
static void test_builder_past_old_cap(void **state)
{
    (void)state;
    assets_builder b = {0};
    asset_vertex v;
    memset(&v, 0, sizeof v);
    for (int i = 0; i < 3; i++) assets_push_vertex(&b, &v);
    push_tris(&b, 6000000u);
    assert_false(b.oom);
    assert_false(b.over);
    assert_int_equal(b.m.index_count, 18000000u);
    assert_int_equal(b.m.indices[17999999u], 2);
    asset_mesh_free(&b.m);
}

/* the import's limit itself fits; one triangle more is "over", not out of memory */
static void test_builder_limit(void **state)
{
    (void)state;
    assets_builder b = {0};
    push_tris(&b, 4u * ASSET_MAX_VERTICES);
    assert_false(b.oom);
    assert_false(b.over);
    assert_int_equal(b.m.index_count, 12u * ASSET_MAX_VERTICES);
    push_tris(&b, 2000u); /* the billboard's room (4096 indices) and past it */
    assert_true(b.over);
    assert_false(b.oom);
    sward_error err = {0};
    asset_chain c;
    memset(&c, 0, sizeof c);
    asset_mesh out;
    assert_int_equal(assets_finish_level(&b, 0, 0, &c, 0, 0, &out, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "asset: LOD 0 has more than 4194304 vertices or 16777216 triangles"));
}

static void test_generate_width_field(void **state)
{
    (void)state;
    asset_chain c;
    sward_error err = {0};
    asset_gen_desc d = {.kind = ASSET_KIND_PLANT, .height = 1.0f, .width = 90.0f};
    assert_int_equal(asset_generate(&d, &c, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "width");
    assert_string_equal(err.message, "asset: width: 90 m is out of range (0.02 .. 4 m: at most 4 x the height 1 m and 200 m)");
    d = (asset_gen_desc){.kind = ASSET_KIND_TREE, .height = 0.01f};
    assert_int_equal(asset_generate(&d, &c, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "height");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builder_past_old_cap),
        cmocka_unit_test(test_builder_limit),
        cmocka_unit_test(test_generate_width_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
