/* Scene fields of the Ghost of Tsushima grass: grass types, world maps, clumping, LOD, wind model,
 * gameplay, flower heads and force fields — defaults, round trip, every error message, map PNGs. */
#include "scene_test_util.h"

static void test_got_defaults(void **state)
{
    (void)state;
    sward_scene *s = expect_ok("{\"grass\": [{\"height\": [0.1, 0.25]}, {\"height\": [0.3, 1.2], \"patches\": {}}],"
                               " \"terrain\": {\"size\": 64, \"resolution\": 65},"
                               " \"render\": {\"draw_distance\": 50, \"lod_distance\": 10}}");
    const world_material *a = &s->materials[0], *b = &s->materials[1];
    assert_true(a->clump.size == 0.6f && a->clump.height_variation == 0.3f && a->clump.facing == 0.4f);
    assert_true(a->clump.lean == 0.15f && a->clump.color_variation == 0.15f && a->clump.pull == 0.3f);
    assert_int_equal(a->blades_per_instance, 2); /* short grass */
    assert_int_equal(b->blades_per_instance, 1);
    assert_true(a->lod_distance == 10.0f && a->draw_distance == 50.0f);
    assert_int_equal(a->wind_model, WORLD_WIND_GOT);
    assert_true(a->stealth && a->gameplay_height == 0.25f && a->head_size == 0.0f);
    assert_int_equal(s->force_count, 0);
    /* Generated maps: 64 texels a side, type 1 where its patches cover, else type 0; grass height 1. */
    const world_terrain *t = &s->terrain;
    assert_int_equal(t->map_res, 64);
    size_t n1 = 0;
    for (int k = 0; k < 64 * 64; k++) {
        assert_true(t->types[k] == 0 || t->types[k] == 1);
        assert_true(t->grass_height[k] == 1.0f);
        n1 += t->types[k] == 1;
    }
    assert_true(n1 > 0 && n1 < 64 * 64);
    sward_scene_destroy(s);
    /* Only patched types: 255 outside the patches. */
    s = expect_ok("{\"grass\": [{\"patches\": {}}], \"terrain\": {\"size\": 64, \"map_resolution\": 32}}");
    assert_int_equal(s->terrain.map_res, 32);
    size_t none = 0;
    for (int k = 0; k < 32 * 32; k++) none += s->terrain.types[k] == 255;
    assert_true(none > 0 && none < 32 * 32);
    sward_scene_destroy(s);
}

static void test_got_round_trip(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(
        "{\"grass\": [{\"clump\": {\"size\": 1.5, \"height_variation\": 0.5, \"facing\": 0.9, \"lean\": 0.3,"
        " \"color_variation\": 0.25, \"pull\": 0.6}, \"blades_per_instance\": 2, \"lod_distance\": 8,"
        " \"draw_distance\": 40, \"wind_model\": \"hzd\", \"gameplay\": \"stealth\", \"gameplay_height\": 0.9,"
        " \"head\": {\"color\": [0.8, 0.1, 0.2], \"size\": 0.07}},"
        " {\"wind_model\": \"frictional\", \"gameplay\": \"decorative\", \"clump\": {\"size\": 0}}],"
        " \"force_fields\": [{\"radius\": 2, \"strength\": 0.5, \"phase\": 1, \"frequency\": 2,"
        "   \"path\": [[0, 1, 2], [3, 4, 5]], \"loop\": true}]}");
    const world_material *a = &s->materials[0], *b = &s->materials[1];
    assert_true(a->clump.size == 1.5f && a->clump.height_variation == 0.5f && a->clump.facing == 0.9f);
    assert_true(a->clump.lean == 0.3f && a->clump.color_variation == 0.25f && a->clump.pull == 0.6f);
    assert_int_equal(a->blades_per_instance, 2);
    assert_true(a->lod_distance == 8.0f && a->draw_distance == 40.0f);
    assert_int_equal(a->wind_model, WORLD_WIND_HZD);
    assert_true(a->stealth && a->gameplay_height == 0.9f);
    assert_true(a->head_color[0] == 0.8f && a->head_color[2] == 0.2f && a->head_size == 0.07f);
    assert_int_equal(b->wind_model, WORLD_WIND_FRICTIONAL);
    assert_true(!b->stealth && b->gameplay_height == 0.0f && b->clump.size == 0.0f);
    assert_int_equal(s->force_count, 1);
    const world_force *f = &s->forces[0];
    assert_true(f->radius == 2.0f && f->strength == 0.5f && f->phase == 1.0f && f->frequency == 2.0f && f->loop);
    assert_int_equal(f->key_count, 2);
    assert_true(f->keys[1][0] == 3.0f && f->keys[1][1] == 4.0f && f->keys[1][2] == 5.0f);
    sward_scene_destroy(s);
}

static void test_got_errors(void **state)
{
    (void)state;
    expect_error("{\"grass\": [{}, {}, {\"clump\": {\"size\": -1}}]}", "t.json: grass[2].clump.size: must be >= 0, got -1");
    expect_error("{\"grass\": [{\"clump\": {\"size\": 0.01}}]}", "t.json: grass[0].clump.size: must be 0 (no clumping) or >= 0.05, got 0.01");
    expect_error("{\"grass\": [{\"clump\": {\"size\": 101}}]}", "t.json: grass[0].clump.size: must be <= 100, got 101");
    expect_error("{\"grass\": [{\"clump\": {\"height_variation\": 1.5}}]}", "t.json: grass[0].clump.height_variation: must be <= 1, got 1.5");
    expect_error("{\"grass\": [{\"clump\": {\"facing\": -0.1}}]}", "t.json: grass[0].clump.facing: must be >= 0, got -0.1");
    expect_error("{\"grass\": [{\"clump\": {\"lean\": 2}}]}", "t.json: grass[0].clump.lean: must be <= 1, got 2");
    expect_error("{\"grass\": [{\"clump\": {\"color_variation\": \"a\"}}]}", "t.json: grass[0].clump.color_variation: expected a number");
    expect_error("{\"grass\": [{\"clump\": {\"pull\": 1.1}}]}", "t.json: grass[0].clump.pull: must be <= 1, got 1.1");
    /* SH5: a type's roughness, by default HZD's 0.58 - 0.12 translucency */
    expect_error("{\"grass\": [{\"roughness\": 0}]}", "t.json: grass[0].roughness: must be >= 0.02, got 0");
    expect_error("{\"grass\": [{\"roughness\": 1.2}]}", "t.json: grass[0].roughness: must be <= 1, got 1.2");
    {
        sward_scene *r = expect_ok("{\"grass\": [{\"translucency\": 0.5}, {\"roughness\": 0.3}]}");
        assert_float_equal(r->materials[0].roughness, 0.58f - 0.12f * 0.5f, 1e-6);
        assert_float_equal(r->materials[1].roughness, 0.3f, 0.0);
        sward_scene_destroy(r);
    }
    /* GA8: HZD's camera tilt by default with its wind model, on request with any */
    expect_error("{\"grass\": [{\"camera_tilt\": 1}]}", "t.json: grass[0].camera_tilt: expected true or false, got a number");
    {
        sward_scene *r = expect_ok("{\"grass\": [{}, {\"wind_model\": \"hzd\"}, {\"camera_tilt\": true}, "
                                   "{\"wind_model\": \"hzd\", \"camera_tilt\": false}]}");
        assert_false(r->materials[0].camera_tilt);
        assert_true(r->materials[1].camera_tilt);
        assert_true(r->materials[2].camera_tilt);
        assert_false(r->materials[3].camera_tilt);
        sward_scene_destroy(r);
    }
    expect_error("{\"grass\": [{\"clump\": {\"spread\": 1}}]}", "grass[0].clump");
    expect_error("{\"grass\": [{\"clump\": 3}]}", "t.json: grass[0].clump: expected an object");
    expect_error("{\"grass\": [{\"blades_per_instance\": 3}]}", "t.json: grass[0].blades_per_instance: must be <= 2, got 3");
    expect_error("{\"grass\": [{\"blades_per_instance\": 1.5}]}", "t.json: grass[0].blades_per_instance");
    expect_error("{\"grass\": [{\"lod_distance\": -1}]}", "t.json: grass[0].lod_distance: must be >= 0, got -1");
    expect_error("{\"grass\": [{\"draw_distance\": 0}]}", "t.json: grass[0].draw_distance: must be > 0, got 0");
    expect_error("{\"grass\": [{\"draw_distance\": 70}], \"render\": {\"draw_distance\": 60}}",
                 "t.json: grass[0].draw_distance: must be <= render.draw_distance (60), got 70");
    expect_error("{\"grass\": [{}, {\"draw_distance\": 30, \"lod_distance\": 40}]}",
                 "t.json: grass[1].lod_distance: must be <= the type's draw_distance (30), got 40");
    expect_error("{\"grass\": [{\"wind_model\": \"storm\"}]}",
                 "t.json: grass[0].wind_model: must be \"got\", \"hzd\" or \"frictional\", got \"storm\"");
    expect_error("{\"grass\": [{\"wind_model\": 1}]}", "t.json: grass[0].wind_model: expected a string");
    expect_error("{\"grass\": [{\"gameplay\": \"cover\"}]}",
                 "t.json: grass[0].gameplay: must be \"stealth\" or \"decorative\", got \"cover\"");
    expect_error("{\"grass\": [{\"gameplay\": \"decorative\", \"gameplay_height\": 1}]}",
                 "t.json: grass[0].gameplay_height: only allowed with \"gameplay\": \"stealth\"");
    expect_error("{\"grass\": [{\"gameplay_height\": -0.5}]}", "t.json: grass[0].gameplay_height: must be >= 0, got -0.5");
    expect_error("{\"grass\": [{\"gameplay_height\": 11}]}", "t.json: grass[0].gameplay_height: must be <= 10, got 11");
    expect_error("{\"grass\": [{\"head\": {\"color\": [1, 0]}}]}", "t.json: grass[0].head.color");
    expect_error("{\"grass\": [{\"head\": {\"color\": [1, 0, 2]}}]}", "t.json: grass[0].head.color[2]: must be <= 1, got 2");
    expect_error("{\"grass\": [{\"head\": {\"size\": -0.1}}]}", "t.json: grass[0].head.size: must be >= 0, got -0.1");
    expect_error("{\"grass\": [{\"head\": {\"shape\": 1}}]}", "grass[0].head");
    /* Terrain maps. */
    expect_error("{\"grass\": [{}], \"terrain\": {\"map_resolution\": 0}}", "t.json: terrain.map_resolution: must be >= 1, got 0");
    expect_error("{\"grass\": [{}], \"terrain\": {\"map_resolution\": 5000}}", "t.json: terrain.map_resolution: must be <= 4096, got 5000");
    expect_error("{\"grass\": [{}], \"terrain\": {\"map_resolution\": 2.5}}", "t.json: terrain.map_resolution");
    expect_error("{\"grass\": [{}], \"terrain\": {\"type_map\": {}}}", "t.json: terrain.type_map.path: missing required field");
    expect_error("{\"grass\": [{}], \"terrain\": {\"type_map\": \"a.png\"}}", "t.json: terrain.type_map: expected an object");
    expect_error("{\"grass\": [{}], \"terrain\": {\"grass_height_map\": {\"path\": 3}}}", "t.json: terrain.grass_height_map.path: expected a string");
    expect_error("{\"grass\": [{}], \"terrain\": {\"grass_height_map\": {\"file\": \"x\"}}}", "terrain.grass_height_map");
    expect_error("{\"grass\": [{}], \"terrain\": {\"type_map\": {\"path\": \"x.png\"}, \"map_resolution\": 64}}",
                 "t.json: terrain.map_resolution: not allowed with terrain.type_map or terrain.grass_height_map");
    expect_error_code("{\"grass\": [{}], \"terrain\": {\"type_map\": {\"path\": \"/nonexistent/t.png\"}}}", SWARD_ERROR_IO,
                      "t.json: terrain.type_map.path: /nonexistent/t.png: cannot read");
    /* Force fields. */
    expect_error(SCENE(", \"force_fields\": {}"), "t.json: force_fields: expected an array, got an object");
    expect_error(SCENE(", \"force_fields\": [3]"), "t.json: force_fields[0]: expected an object");
    expect_error(SCENE(", \"force_fields\": [{}]"), "t.json: force_fields[0].path: missing required field");
    expect_error(SCENE(", \"force_fields\": [{\"path\": []}]"), "t.json: force_fields[0].path: must have 1 to 64 [t, x, z] keys, got 0");
    expect_error(SCENE(", \"force_fields\": [{\"path\": [[0, 1]]}]"), "t.json: force_fields[0].path[0]: expected [t, x, z]");
    expect_error(SCENE(", \"force_fields\": [{\"path\": [[0, 1, \"a\"]]}]"), "t.json: force_fields[0].path[0][2]: expected a number");
    expect_error(SCENE(", \"force_fields\": [{\"path\": [[1, 0, 0], [1, 2, 2]]}]"),
                 "t.json: force_fields[0].path[1]: times must increase: 1 after 1");
    expect_error(SCENE(", \"force_fields\": [{\"path\": [[0, 0, 0]], \"radius\": 0}]"), "t.json: force_fields[0].radius: must be > 0, got 0");
    expect_error(SCENE(", \"force_fields\": [{\"path\": [[0, 0, 0]], \"strength\": 11}]"), "t.json: force_fields[0].strength: must be <= 10, got 11");
    expect_error(SCENE(", \"force_fields\": [{\"path\": [[0, 0, 0]], \"frequency\": -1}]"), "t.json: force_fields[0].frequency: must be >= 0, got -1");
    expect_error(SCENE(", \"force_fields\": [{\"path\": [[0, 0, 0]], \"loop\": 1}]"), "t.json: force_fields[0].loop: expected true or false, got a number");
    expect_error(SCENE(", \"force_fields\": [{\"path\": [[0, 0, 0]], \"speed\": 1}]"), "force_fields[0]");
    char many[2048] = "{\"grass\": [{}], \"force_fields\": [";
    for (int i = 0; i < 17; i++) strcat(many, i ? ", {\"path\": [[0, 0, 0]]}" : "{\"path\": [[0, 0, 0]]}");
    strcat(many, "]}");
    expect_error(many, "t.json: force_fields: must have at most 16 fields, got 17");
}

/* Type and grass-height maps from PNG: values, sizes and the errors naming the texel. */
static void test_got_map_png(void **state)
{
    (void)state;
    char tpng[512], hpng[512], scene[512], want[1600];
    tmp_path(tpng, sizeof tpng, "types.png");
    tmp_path(hpng, sizeof hpng, "gh.png");
    tmp_path(scene, sizeof scene, "maps.json");
    const uint16_t types[4] = {0, 1, 255, 1}, gh16[4] = {65535, 0, 32768, 65535};
    write_grey_png(tpng, 2, 2, 8, types);
    write_grey_png(hpng, 2, 2, 16, gh16);
    write_text(scene, "{\"terrain\": {\"size\": 32, \"resolution\": 9, \"type_map\": {\"path\": \"types.png\"},"
                      " \"grass_height_map\": {\"path\": \"gh.png\"}}, \"grass\": [{}, {}]}");
    sward_error err = {0};
    sward_scene *s = NULL;
    assert_int_equal(sward_scene_load_file(scene, &s, &err), SWARD_OK);
    assert_int_equal(s->terrain.map_res, 2);
    assert_memory_equal(s->terrain.types, ((uint8_t[]){0, 1, 255, 1}), 4);
    assert_true(s->terrain.grass_height[0] == 1.0f && s->terrain.grass_height[1] == 0.0f);
    assert_float_equal(s->terrain.grass_height[2], 32768.0f / 65535.0f, 1e-6f);
    float h;
    assert_int_equal(sward_query_cover(s, -8.0f, -8.0f, &h), SWARD_OK);
    assert_float_equal(h, 0.6f, 1e-6f); /* stealth by default, gameplay height = height max */
    sward_scene_destroy(s);
    /* Only a grass-height map: generated types at its size. */
    write_text(scene, "{\"terrain\": {\"size\": 32, \"resolution\": 9, \"grass_height_map\": {\"path\": \"gh.png\"}},"
                      " \"grass\": [{}]}");
    assert_int_equal(sward_scene_load_file(scene, &s, &err), SWARD_OK);
    assert_int_equal(s->terrain.map_res, 2);
    assert_memory_equal(s->terrain.types, ((uint8_t[]){0, 0, 0, 0}), 4);
    sward_scene_destroy(s);
    /* A type index beyond the grass types. */
    write_text(scene, "{\"terrain\": {\"type_map\": {\"path\": \"types.png\"}}, \"grass\": [{}]}");
    assert_int_equal(sward_scene_load_file(scene, &s, &err), SWARD_ERROR_INVALID_INPUT);
    snprintf(want, sizeof want,
             "%s: terrain.type_map.path: %s: texel (1, 0) has type 1, but there is only 1 grass type (0 to 0; 255 = no "
             "grass)", scene, tpng);
    assert_string_equal(err.message, want);
    /* Sizes that differ. */
    const uint16_t nine[9] = {0};
    write_grey_png(hpng, 3, 3, 8, nine);
    write_text(scene, "{\"terrain\": {\"type_map\": {\"path\": \"types.png\"}, \"grass_height_map\": {\"path\": \"gh.png\"}},"
                      " \"grass\": [{}, {}]}");
    assert_int_equal(sward_scene_load_file(scene, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "terrain.grass_height_map.path"));
    assert_non_null(strstr(err.message, "must be as large as the type map"));
    /* Not square. */
    write_grey_png(tpng, 3, 2, 8, nine);
    write_text(scene, "{\"terrain\": {\"type_map\": {\"path\": \"types.png\"}}, \"grass\": [{}]}");
    assert_int_equal(sward_scene_load_file(scene, &s, &err), SWARD_ERROR_INVALID_INPUT);
    snprintf(want, sizeof want, "%s: terrain.type_map.path: %s: must be square, got 3x2 pixels", scene, tpng);
    assert_string_equal(err.message, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_got_defaults),
        cmocka_unit_test(test_got_round_trip),
        cmocka_unit_test(test_got_errors),
        cmocka_unit_test(test_got_map_png),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
