/* Scene loading and validation (docs/scene-format.md): one test per error message, the example scenes,
 * round trips. The Ghost of Tsushima fields (grass types, maps, clumps, force fields) are in test_scene_grass.c. */
#include "scene_test_util.h"

static void test_default_scene(void **state)
{
    (void)state;
    sward_error err = {0};
    sward_scene *s = NULL;
    assert_int_equal(sward_scene_load_default(&s, &err), SWARD_OK);
    assert_non_null(s);
    assert_string_equal(s->name, "<default>");
    assert_int_equal(s->material_count, 2);
    assert_string_equal(s->materials[0].name, "meadow");
    assert_false(s->terrain.from_image);
    assert_true(s->terrain.size == 512.0f);
    assert_int_equal(s->terrain.resolution, 513);
    assert_non_null(s->terrain.heights);
    assert_true(s->terrain.min_y < s->terrain.max_y);
    assert_true(s->materials[1].patch_scale > 0.0f);

    sward_render_settings rs = sward_scene_render_settings(s);
    assert_int_equal(rs.width, 1920);
    assert_int_equal(rs.height, 1080);
    assert_true(s->render.draw_distance == 150.0f);
    assert_true(s->render.thin_distance == 22.0f);

    /* Golden hour: the sun 12 to 18 degrees up; directions are normalised. */
    float elev = asinf(s->sun.direction[1]) * 57.29578f;
    assert_true(elev >= 12.0f && elev <= 18.0f);
    float l = sqrtf(s->sun.direction[0] * s->sun.direction[0] + s->sun.direction[1] * s->sun.direction[1] +
                    s->sun.direction[2] * s->sun.direction[2]);
    assert_float_equal(l, 1.0f, 1e-5f);
    l = sqrtf(s->wind.direction[0] * s->wind.direction[0] + s->wind.direction[1] * s->wind.direction[1]);
    assert_float_equal(l, 1.0f, 1e-5f);

    /* About a million candidates within the draw distance. */
    double dens = 0.0;
    for (int i = 0; i < s->material_count; i++) dens += (double)s->materials[i].density;
    double n = dens * 3.14159265 * 60.0 * 60.0;
    assert_true(n > 0.95e6 && n < 1.15e6);

    /* The camera stands 1.6 m above the ground and looks slightly down. */
    float eye[3];
    world_camera_eye(s, eye);
    assert_float_equal(eye[1] - world_terrain_height(&s->terrain, eye[0], eye[2]), 1.6f, 1e-4f);
    assert_true(s->camera.target[1] < eye[1]);
    sward_scene_destroy(s);
}

static void load_file_ok(const char *rel, sward_scene **s)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", source_dir(), rel);
    sward_error err = {0};
    sward_result r = sward_scene_load_file(path, s, &err);
    if (r != SWARD_OK) print_error("%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
}

static void test_example_scenes(void **state)
{
    (void)state;
    sward_scene *s = NULL;
    load_file_ok("scenes/small.json", &s);
    assert_int_equal(s->render.settings.width, 320);
    assert_int_equal(s->render.settings.height, 180);
    sward_scene_destroy(s);

    load_file_ok("bench/dense.json", &s);
    double dens = 0.0;
    for (int i = 0; i < s->material_count; i++) dens += (double)s->materials[i].density;
    double n = dens * 3.14159265 * (double)s->render.draw_distance * (double)s->render.draw_distance;
    assert_true(n > 14e6 && n < 18e6);
    sward_scene_destroy(s);
}

/* The file scenes/meadow.json gives exactly the compiled-in default. */
static void test_default_equals_file(void **state)
{
    (void)state;
    sward_scene *a = NULL, *b = NULL;
    sward_error err = {0};
    assert_int_equal(sward_scene_load_default(&a, &err), SWARD_OK);
    load_file_ok("scenes/meadow.json", &b);
    assert_memory_equal(a->materials, b->materials, sizeof a->materials);
    assert_memory_equal(&a->camera, &b->camera, sizeof a->camera);
    assert_memory_equal(&a->render, &b->render, sizeof a->render);
    assert_memory_equal(&a->sun, &b->sun, sizeof a->sun);
    size_t n = (size_t)a->terrain.resolution * (size_t)a->terrain.resolution;
    assert_int_equal(a->terrain.resolution, b->terrain.resolution);
    assert_memory_equal(a->terrain.heights, b->terrain.heights, n * sizeof(float));
    sward_scene_destroy(a);
    sward_scene_destroy(b);
}

/* Every field written in the file comes back in the scene. */
static void test_round_trip(void **state)
{
    (void)state;
    const char *json =
        "{\"terrain\": {\"size\": 100, \"resolution\": 33, \"color\": [0.1, 0.2, 0.3],"
        "  \"fbm\": {\"amplitude\": 5, \"wavelength\": 40, \"octaves\": 3, \"lacunarity\": 2.5, \"gain\": 0.4}},"
        " \"grass\": [{\"name\": \"a\", \"density\": 12.5, \"height\": [0.2, 0.4], \"width\": [0.01, 0.02],"
        "   \"root_color\": [0.01, 0.02, 0.03], \"tip_color\": [0.4, 0.5, 0.6], \"stiffness\": 0.7, \"bend\": 0.2,"
        "   \"translucency\": 0.9, \"patches\": {\"scale\": 12, \"coverage\": 0.25}},"
        "  {\"name\": \"b\", \"density\": 3}],"
        " \"wind\": {\"direction\": [3, 4], \"speed\": 2, \"gust_scale\": 10, \"gust_speed\": 1.5},"
        " \"sun\": {\"direction\": [0, 2, 0.0001], \"color\": [1, 0.5, 0.25], \"intensity\": 3},"
        " \"sky\": {\"zenith\": [0.1, 0.2, 0.4], \"horizon\": [0.5, 0.6, 0.7], \"intensity\": 2},"
        " \"camera\": {\"position\": [1, 6, 3], \"target\": [4, 5, 6], \"fov\": 60, \"above_ground\": false,"
        "   \"near\": 0.5},"
        " \"render\": {\"width\": 640, \"height\": 360, \"seed\": 4294967295, \"time\": 2.5, \"exposure\": 1.5,"
        "   \"white_point\": 4, \"draw_distance\": 30, \"lod_distance\": 5, \"tonemap\": \"reinhard\"}}";
    sward_scene *s = expect_ok(json);
    const world_terrain *t = &s->terrain;
    assert_true(t->size == 100.0f && t->resolution == 33 && t->color[2] == 0.3f);
    assert_true(t->fbm.amplitude == 5.0f && t->fbm.wavelength == 40.0f && t->fbm.octaves == 3);
    assert_true(t->fbm.lacunarity == 2.5f && t->fbm.gain == 0.4f);
    assert_int_equal(s->material_count, 2);
    const world_material *m = &s->materials[0];
    assert_string_equal(m->name, "a");
    assert_true(m->density == 12.5f && m->height[0] == 0.2f && m->height[1] == 0.4f);
    assert_true(m->width[0] == 0.01f && m->width[1] == 0.02f);
    assert_true(m->root_color[1] == 0.02f && m->tip_color[2] == 0.6f);
    assert_true(m->stiffness == 0.7f && m->bend == 0.2f && m->translucency == 0.9f);
    assert_true(m->patch_scale == 12.0f && m->patch_coverage == 0.25f);
    assert_string_equal(s->materials[1].name, "b");
    assert_true(s->materials[1].patch_scale == 0.0f && s->materials[1].density == 3.0f);
    assert_float_equal(s->wind.direction[0], 0.6f, 1e-6f);
    assert_float_equal(s->wind.direction[1], 0.8f, 1e-6f);
    assert_true(s->wind.speed == 2.0f && s->wind.gust_scale == 10.0f && s->wind.gust_speed == 1.5f);
    assert_float_equal(s->sun.direction[1], 1.0f, 1e-6f);
    assert_true(s->sun.color[2] == 0.25f && s->sun.intensity == 3.0f);
    assert_true(s->sky.zenith[2] == 0.4f && s->sky.horizon[0] == 0.5f && s->sky.intensity == 2.0f);
    assert_true(s->camera.position[2] == 3.0f && s->camera.target[0] == 4.0f && s->camera.fov_y == 60.0f);
    assert_false(s->camera.above_ground);
    assert_true(s->camera.near_plane == 0.5f);
    float eye[3];
    world_camera_eye(s, eye);
    assert_true(eye[1] == 6.0f);
    sward_render_settings rs = sward_scene_render_settings(s);
    assert_int_equal(rs.width, 640);
    assert_int_equal(rs.height, 360);
    assert_int_equal(rs.seed, 4294967295u);
    assert_true(rs.time == 2.5f && rs.exposure == 1.5f && rs.white_point == 4.0f);
    assert_int_equal(rs.tonemap, SWARD_TONEMAP_REINHARD);
    assert_true(s->render.draw_distance == 30.0f && s->render.lod_distance == 5.0f);

    /* Render settings round-trip through the setter, which validates like the file. */
    sward_error err = {0};
    rs.width = 100;
    rs.seed = 7;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_OK);
    sward_render_settings back = sward_scene_render_settings(s);
    assert_memory_equal(&back, &rs, sizeof rs);
    rs.width = 0;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.message, "t.json: render.width: must be >= 1, got 0");
    rs.width = 100;
    rs.exposure = NAN;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.message, "t.json: render.exposure: must be a finite number, got NaN");
    rs.exposure = 1.0f;
    rs.tonemap = (sward_tonemap)7;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.message,
                        "t.json: render.tonemap: must be SWARD_TONEMAP_UNCHARTED2 or SWARD_TONEMAP_REINHARD, got 7");
    back = sward_scene_render_settings(s);
    assert_int_equal(back.width, 100); /* unchanged by the refused calls */
    sward_scene_destroy(s);
}

/* Omitted fields take the documented defaults. */
static void test_defaults(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(SCENE(""));
    assert_true(s->terrain.size == 512.0f && s->terrain.resolution == 513);
    assert_true(s->terrain.fbm.amplitude == 14.0f && s->terrain.fbm.wavelength == 220.0f);
    assert_int_equal(s->terrain.fbm.octaves, 5);
    assert_string_equal(s->materials[0].name, "grass0");
    assert_true(s->materials[0].density == 80.0f && s->materials[0].patch_scale == 0.0f);
    assert_true(s->materials[0].patch_coverage == 1.0f);
    assert_true(s->camera.fov_y == 50.0f && s->camera.above_ground && s->camera.near_plane == 0.1f);
    assert_int_equal(s->render.settings.width, 1920);
    assert_int_equal(s->render.settings.seed, 1);
    assert_true(s->render.draw_distance == 60.0f && s->render.lod_distance == 12.0f);
    sward_scene_destroy(s);

    /* Patches given without members: scale 30 m, coverage 0.5. */
    s = expect_ok("{\"grass\": [{\"patches\": {}}]}");
    assert_true(s->materials[0].patch_scale == 30.0f && s->materials[0].patch_coverage == 0.5f);
    sward_scene_destroy(s);
}

/* ---- one test per kind of error ------------------------------------------------------------------------ */

static void test_syntax_error(void **state)
{
    (void)state;
    /* A trailing comma: the error is at the '}' on line 3, column 23. */
    expect_error("{\n  \"grass\": [{}],\n  \"wind\": {\"speed\": 4,}\n}",
                 "t.json:3:23: JSON syntax error: expected a field name in double quotes, found '}'");
    expect_error("{\"grass\": [{}, ]}", "t.json:1:16: JSON syntax error: expected a value");
    /* A missing comma between members. */
    expect_error("{\"grass\": [{}]\n \"sun\": {}}", "t.json:2:2: JSON syntax error: expected ',' or '}', found '\"sun\": {}}'");
    expect_error("{\"grass\": [{} {}]}", "t.json:1:15: JSON syntax error: expected ',' or ']', found '{}]}'");
    expect_error("{\"grass\" [{}]}", "t.json:1:10: JSON syntax error: expected ':' after the field name");
    /* A bare word, a single-quoted string, a comment. */
    expect_error("{\"grass\": [{}], \"camera\": {\"above_ground\": yes}}", "t.json:1:44: JSON syntax error: expected a value");
    expect_error("{'grass': [{}]}", "t.json:1:2: JSON syntax error: expected a field name in double quotes, found ''grass'");
    expect_error("{\"grass\": [{}] // meadow\n}", "t.json:1:16: JSON syntax error");
    /* Numbers: leading zeros, a bare '.', a missing exponent, a plus sign, too long. */
    expect_error("{\"grass\": [{\"density\": 012}]}", "t.json:1:25: JSON syntax error: a number must not have leading zeros");
    expect_error("{\"grass\": [{\"density\": 1.}]}", "t.json:1:26: JSON syntax error: expected a digit after '.'");
    expect_error("{\"grass\": [{\"density\": 1e}]}", "t.json:1:26: JSON syntax error: expected a digit in the exponent");
    expect_error("{\"grass\": [{\"density\": +1}]}", "t.json:1:24: JSON syntax error: expected a value");
    expect_error("{\"grass\": [{\"density\": 1000000000000000000000000000000000000000000000000000000000000000000}]}",
                 "t.json:1:24: JSON syntax error: number longer than 63 characters");
    /* Strings: unterminated (reported where it opens), bad escapes, raw control characters. */
    expect_error("{\"grass\": [{\"name\": \"abc}]}", "t.json:1:21: JSON syntax error: unterminated string");
    expect_error("{\"grass\": [{\"name\": \"a\\qb\"}]}", "t.json:1:24: JSON syntax error: invalid escape in a string");
    expect_error("{\"grass\": [{\"name\": \"a\\u12x4\"}]}", "t.json:1:27: JSON syntax error: expected 4 hex digits");
    expect_error("{\"grass\": [{\"name\": \"a\\udc00\"}]}", "JSON syntax error: lone low surrogate");
    expect_error("{\"grass\": [{\"name\": \"a\\ud800x\"}]}", "JSON syntax error: expected a \\u low surrogate");
    expect_error("{\"grass\": [{\"name\": \"a\tb\"}]}", "t.json:1:23: JSON syntax error: control character in a string");
    /* Unicode escapes that are valid load. */
    sward_scene *s = expect_ok("{\"grass\": [{\"name\": \"\\u00e9t\\u00e9 \\ud83c\\udf3e\"}]}");
    assert_string_equal(s->materials[0].name, "\xc3\xa9t\xc3\xa9 \xf0\x9f\x8c\xbe");
    sward_scene_destroy(s);
    /* Text after the value; the end of the file too early. */
    expect_error(SCENE("") " x", "t.json:1:17: JSON syntax error: expected the end of the file after the value, found 'x'");
    expect_error("{\"grass\": [{}]", "t.json:1:15: JSON syntax error: expected ',' or '}', found the end of the file");
    expect_error("{\n\"grass\": [\n", "t.json:3:1: JSON syntax error: expected a value");
    /* Empty input and white space only. */
    expect_error("", "t.json:1:1: JSON syntax error: expected a value");
    expect_error("  \n ", "t.json:2:2: JSON syntax error");
    /* An embedded NUL byte. */
    sward_error err = {0};
    s = NULL;
    const char nul[] = "{\"grass\": [{}]}\0{}";
    assert_int_equal(sward_scene_load_string(nul, sizeof nul - 1, "t.json", NULL, &s, &err),
                     SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.message, "t.json:1:16: JSON syntax error: expected the end of the file after the value, found '\\x00{}'");
    /* Deep nesting is refused by the scanner, not the stack. */
    char deep[5000];
    memset(deep, '[', 4000);
    deep[4000] = '\0';
    expect_error(deep, "t.json:1:513: JSON syntax error: nested too deeply");
}

static void test_top_level_not_object(void **state)
{
    (void)state;
    expect_error("[1, 2]", "t.json: expected a JSON object at the top level, got an array");
}

static void test_unknown_field(void **state)
{
    (void)state;
    expect_error(SCENE(", \"colour\": 1"), "t.json: colour: unknown field");
    expect_error(SCENE(", \"terrain\": {\"sise\": 5}"), "t.json: terrain.sise: unknown field");
    expect_error(SCENE(", \"terrain\": {\"fbm\": {\"octave\": 5}}"), "t.json: terrain.fbm.octave: unknown field");
    expect_error(SCENE(", \"terrain\": {\"heightmap\": {\"file\": \"x.png\"}}"),
                 "t.json: terrain.heightmap.file: unknown field");
    expect_error("{\"grass\": [{}, {\"colour\": [1, 1, 1]}]}", "t.json: grass[1].colour: unknown field");
    expect_error("{\"grass\": [{\"patches\": {\"size\": 3}}]}", "t.json: grass[0].patches.size: unknown field");
    expect_error(SCENE(", \"wind\": {\"strength\": 3}"), "t.json: wind.strength: unknown field");
    expect_error(SCENE(", \"sun\": {\"altitude\": 3}"), "t.json: sun.altitude: unknown field");
    expect_error(SCENE(", \"sky\": {\"ground\": 3}"), "t.json: sky.ground: unknown field");
    expect_error(SCENE(", \"camera\": {\"fovy\": 3}"), "t.json: camera.fovy: unknown field");
    expect_error(SCENE(", \"render\": {\"samples\": 3}"), "t.json: render.samples: unknown field");
    /* Case matters. */
    expect_error(SCENE(", \"Camera\": {}"), "t.json: Camera: unknown field");
}

static void test_duplicate_field(void **state)
{
    (void)state;
    expect_error(SCENE(", \"camera\": {\"fov\": 40, \"fov\": 50}"), "t.json: camera.fov: duplicate field");
}

static void test_wrong_type(void **state)
{
    (void)state;
    expect_error(SCENE(", \"camera\": {\"fov\": \"wide\"}"), "t.json: camera.fov: expected a number, got a string");
    expect_error(SCENE(", \"camera\": {\"above_ground\": 1}"),
                 "t.json: camera.above_ground: expected true or false, got a number");
    expect_error(SCENE(", \"render\": {\"width\": \"1920\"}"), "t.json: render.width: expected an integer, got a string");
    expect_error(SCENE(", \"terrain\": []"), "t.json: terrain: expected an object, got an array");
    expect_error(SCENE(", \"terrain\": {\"fbm\": 3}"), "t.json: terrain.fbm: expected an object, got a number");
    expect_error("{\"grass\": {}}", "t.json: grass: expected an array, got an object");
    expect_error("{\"grass\": [3]}", "t.json: grass[0]: expected an object, got a number");
    expect_error("{\"grass\": [{\"name\": 3}]}", "t.json: grass[0].name: expected a string, got a number");
    expect_error("{\"grass\": [{\"density\": null}]}", "t.json: grass[0].density: expected a number, got null");
    expect_error(SCENE(", \"sun\": {\"color\": [1, true, 1]}"),
                 "t.json: sun.color[1]: expected a number, got a boolean");
    expect_error(SCENE(", \"sun\": {\"color\": 1}"), "t.json: sun.color: expected an array of 3 numbers, got a number");
}

static void test_wrong_array_length(void **state)
{
    (void)state;
    expect_error(SCENE(", \"sun\": {\"color\": [1, 1]}"), "t.json: sun.color: expected 3 numbers, got 2");
    expect_error("{\"grass\": [{\"height\": [0.1, 0.2, 0.3]}]}", "t.json: grass[0].height: expected 2 numbers, got 3");
    expect_error(SCENE(", \"wind\": {\"direction\": []}"), "t.json: wind.direction: expected 2 numbers, got 0");
    expect_error(SCENE(", \"camera\": {\"position\": [0, 1, 2, 3]}"),
                 "t.json: camera.position: expected 3 numbers, got 4");
}

static void test_out_of_range(void **state)
{
    (void)state;
    /* One case per limit class. */
    expect_error("{\"grass\": [{\"density\": -3}]}", "t.json: grass[0].density: must be > 0, got -3");
    expect_error("{\"grass\": [{}, {\"density\": 0}]}", "t.json: grass[1].density: must be > 0, got 0");
    expect_error("{\"grass\": [{\"density\": 2000.5}]}", "t.json: grass[0].density: must be <= 2000, got 2000.5");
    expect_error(SCENE(", \"terrain\": {\"size\": 20000}"), "t.json: terrain.size: must be <= 16384, got 20000");
    expect_error(SCENE(", \"terrain\": {\"size\": 0.5}"), "t.json: terrain.size: must be >= 1, got 0.5");
    expect_error(SCENE(", \"terrain\": {\"resolution\": 4098}"),
                 "t.json: terrain.resolution: must be <= 4097, got 4098");
    expect_error(SCENE(", \"terrain\": {\"resolution\": 1}"), "t.json: terrain.resolution: must be >= 2, got 1");
    expect_error("{\"grass\": [{\"height\": [0.5, 4.5]}]}", "t.json: grass[0].height[1]: must be <= 4, got 4.5");
    expect_error("{\"grass\": [{\"width\": [0, 0.01]}]}", "t.json: grass[0].width[0]: must be > 0, got 0");
    expect_error("{\"grass\": [{\"width\": [0.1, 0.3]}]}", "t.json: grass[0].width[1]: must be <= 0.25, got 0.3");
    expect_error(SCENE(", \"render\": {\"width\": 0}"), "t.json: render.width: must be >= 1, got 0");
    expect_error(SCENE(", \"render\": {\"tonemap\": \"aces\"}"),
                 "t.json: render.tonemap: must be \"uncharted2\" or \"reinhard\", got \"aces\"");
    expect_error(SCENE(", \"render\": {\"tonemap\": 1}"), "t.json: render.tonemap: expected a string, got a number");
    expect_error(SCENE(", \"render\": {\"height\": 8193}"), "t.json: render.height: must be <= 8192, got 8193");
    expect_error(SCENE(", \"render\": {\"draw_distance\": 2001}"),
                 "t.json: render.draw_distance: must be <= 2000, got 2001");
    expect_error(SCENE(", \"render\": {\"seed\": -1}"), "t.json: render.seed: must be >= 0, got -1");
    expect_error(SCENE(", \"render\": {\"seed\": 4294967296}"),
                 "t.json: render.seed: must be <= 4294967295, got 4294967296");
    expect_error(SCENE(", \"camera\": {\"fov\": 170.5}"), "t.json: camera.fov: must be <= 170, got 170.5");
    expect_error(SCENE(", \"camera\": {\"fov\": 0.5}"), "t.json: camera.fov: must be >= 1, got 0.5");
    expect_error(SCENE(", \"camera\": {\"near\": 0}"), "t.json: camera.near: must be > 0, got 0");
    expect_error("{\"grass\": [{\"tip_color\": [0.5, 1.5, 0]}]}", "t.json: grass[0].tip_color[1]: must be <= 1, got 1.5");
    expect_error("{\"grass\": [{\"stiffness\": -0.1}]}", "t.json: grass[0].stiffness: must be >= 0, got -0.1");
    expect_error("{\"grass\": [{\"patches\": {\"coverage\": 0}}]}",
                 "t.json: grass[0].patches.coverage: must be > 0, got 0");
    expect_error(SCENE(", \"sun\": {\"intensity\": -1}"), "t.json: sun.intensity: must be >= 0, got -1");
    expect_error(SCENE(", \"terrain\": {\"fbm\": {\"octaves\": 17}}"), "t.json: terrain.fbm.octaves: must be <= 16, got 17");
    expect_error(SCENE(", \"wind\": {\"speed\": 101}"), "t.json: wind.speed: must be <= 100, got 101");
    /* The value is printed exactly, not rounded to the bound. */
    expect_error(SCENE(", \"camera\": {\"fov\": 170.0001}"), "t.json: camera.fov: must be <= 170, got 170.0001");
}

static void test_not_finite(void **state)
{
    (void)state;
    expect_error(SCENE(", \"camera\": {\"fov\": 1e999}"), "t.json: camera.fov: must be a finite number, got infinity");
    expect_error(SCENE(", \"camera\": {\"position\": [0, -1e999, 0]}"),
                 "t.json: camera.position[1]: must be a finite number, got -infinity");
    expect_error(SCENE(", \"render\": {\"width\": 1e999}"), "t.json: render.width: must be a finite number, got infinity");
}

static void test_min_greater_than_max(void **state)
{
    (void)state;
    expect_error("{\"grass\": [{\"height\": [0.6, 0.25]}]}", "t.json: grass[0].height: min must be <= max, got [0.6, 0.25]");
    expect_error("{\"grass\": [{\"width\": [0.02, 0.01]}]}", "t.json: grass[0].width: min must be <= max, got [0.02, 0.01]");
    expect_error(SCENE(", \"terrain\": {\"heightmap\": {\"path\": \"x.png\", \"min\": 40, \"max\": 0}}"),
                 "t.json: terrain.heightmap: min must be <= max, got min 40 and max 0");
    /* Equal is allowed. */
    sward_scene *s = expect_ok("{\"grass\": [{\"height\": [0.3, 0.3]}]}");
    sward_scene_destroy(s);
}

static void test_not_integer(void **state)
{
    (void)state;
    expect_error(SCENE(", \"render\": {\"width\": 3.5}"), "t.json: render.width: must be an integer, got 3.5");
    expect_error(SCENE(", \"render\": {\"seed\": 1.25}"), "t.json: render.seed: must be an integer, got 1.25");
    expect_error(SCENE(", \"terrain\": {\"resolution\": 100.5}"),
                 "t.json: terrain.resolution: must be an integer, got 100.5");
    expect_error(SCENE(", \"terrain\": {\"fbm\": {\"octaves\": 2.5}}"),
                 "t.json: terrain.fbm.octaves: must be an integer, got 2.5");
    /* 3.0 is an integer. */
    sward_scene *s = expect_ok(SCENE(", \"render\": {\"width\": 300.0, \"height\": 2e2}"));
    assert_int_equal(s->render.settings.width, 300);
    assert_int_equal(s->render.settings.height, 200);
    sward_scene_destroy(s);
}

static void test_bad_string(void **state)
{
    (void)state;
    expect_error("{\"grass\": [{\"name\": \"\"}]}", "t.json: grass[0].name: must not be empty");
    char json[256];
    snprintf(json, sizeof json, "{\"grass\": [{\"name\": \"%s\"}]}",
             "0123456789012345678901234567890123456789012345678901234567890123456789");
    expect_error(json, "t.json: grass[0].name: must be at most 63 bytes long, got 70");
}

static void test_grass_count(void **state)
{
    (void)state;
    expect_error("{}", "t.json: grass: missing required field");
    expect_error("{\"grass\": []}", "t.json: grass: must have 1 to 16 materials, got 0");
    char json[512] = "{\"grass\": [{\"density\": 1}";
    for (int i = 1; i < 17; i++) strcat(json, ", {\"density\": 1}");
    strcat(json, "]}");
    expect_error(json, "t.json: grass: must have 1 to 16 materials, got 17");
    /* 16 is fine. */
    char ok[512] = "{\"grass\": [{\"density\": 1}";
    for (int i = 1; i < 16; i++) strcat(ok, ", {\"density\": 1}");
    strcat(ok, "]}");
    sward_scene *s = expect_ok(ok);
    assert_int_equal(s->material_count, 16);
    assert_string_equal(s->materials[15].name, "grass15");
    sward_scene_destroy(s);
}

static void test_too_many_candidates(void **state)
{
    (void)state;
    /* 2000/m^2 x (2 x 100 m)^2 = 80M > 64M. */
    expect_error("{\"grass\": [{\"name\": \"lawn\", \"density\": 1500}, {\"density\": 500}],"
                 " \"render\": {\"draw_distance\": 100}}",
                 "t.json: too many grass candidates: 80000000 within render.draw_distance 100 m (limit 67108864");
    expect_error("{\"grass\": [{\"name\": \"lawn\", \"density\": 1500}, {\"density\": 500}],"
                 " \"render\": {\"draw_distance\": 100}}",
                 "reduce render.draw_distance or the density of grass[0] \"lawn\" (1500/m^2), grass[1] \"grass1\" "
                 "(500/m^2)");
    /* At the limit it loads: 1024 x (2 x 128)^2 = 64M exactly. */
    sward_scene *s = expect_ok("{\"grass\": [{\"density\": 1024}], \"terrain\": {\"size\": 64, \"resolution\": 9},"
                               " \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]},"
                               " \"render\": {\"draw_distance\": 128}}");
    sward_scene_destroy(s);
}

static void test_cross_field_rules(void **state)
{
    (void)state;
    expect_error(SCENE(", \"terrain\": {\"fbm\": {}, \"heightmap\": {\"path\": \"a.png\"}}"),
                 "t.json: terrain: fbm and heightmap are exclusive; give one of them");
    expect_error(SCENE(", \"terrain\": {\"resolution\": 65, \"heightmap\": {\"path\": \"a.png\"}}"),
                 "t.json: terrain.resolution: not allowed with terrain.heightmap");
    expect_error(SCENE(", \"terrain\": {\"heightmap\": {\"min\": 0}}"), "t.json: terrain.heightmap.path: missing required field");
    expect_error(SCENE(", \"wind\": {\"direction\": [0, 0]}"), "t.json: wind.direction: must not be zero");
    expect_error(SCENE(", \"sun\": {\"direction\": [0, 0, 0]}"), "t.json: sun.direction: must not be zero");
    expect_error(SCENE(", \"render\": {\"draw_distance\": 10, \"lod_distance\": 12}"),
                 "t.json: render.lod_distance: must be <= render.draw_distance (10), got 12");
    expect_error(SCENE(", \"camera\": {\"near\": 70}"), "t.json: camera.near: must be < render.draw_distance (60), got 70");
    expect_error(SCENE(", \"camera\": {\"position\": [1, 2, 3], \"target\": [1, 2, 3], \"above_ground\": false}"),
                 "t.json: camera.target: must differ from the camera position (1, 2, 3)");
    expect_error(SCENE(", \"camera\": {\"position\": [1, 2, 3], \"target\": [1, -5, 3], \"above_ground\": false}"),
                 "t.json: camera.target: must not be straight above or below the camera position");
    expect_error(SCENE(", \"terrain\": {\"size\": 16384, \"fbm\": {\"wavelength\": 0.001}}"),
                 "t.json: terrain.fbm: the finest octave is too fine");
}

static void test_file_too_large(void **state)
{
    (void)state;
    size_t n = WORLD_MAX_SCENE_BYTES + 1u;
    char *big = malloc(n);
    assert_non_null(big);
    memset(big, ' ', n);
    memcpy(big, "{\"grass\": [{}]}", 15);
    sward_error err = {0};
    sward_scene *s = NULL;
    assert_int_equal(sward_scene_load_string(big, n, "big.json", NULL, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.message, "big.json: 4194305 bytes, more than the limit of 4194304 bytes for a scene");
    /* And from a file. */
    char path[512];
    tmp_path(path, sizeof path, "big.json");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(big, 1, n, f), n);
    fclose(f);
    free(big);
    assert_int_equal(sward_scene_load_file(path, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_null(s);
    assert_non_null(strstr(err.message, "larger than the limit"));
}

static void test_missing_file(void **state)
{
    (void)state;
    sward_error err = {0};
    sward_scene *s = (sward_scene *)&err;
    assert_int_equal(sward_scene_load_file("/nonexistent/dir/scene.json", &s, &err), SWARD_ERROR_IO);
    assert_null(s);
    assert_int_equal(err.code, SWARD_ERROR_IO);
    assert_string_equal(err.message, "/nonexistent/dir/scene.json: cannot read: No such file or directory");
}

static void test_heightmap_not_found(void **state)
{
    (void)state;
    char scene[512], want[1400];
    tmp_path(scene, sizeof scene, "missing.json");
    write_text(scene, "{\"terrain\": {\"heightmap\": {\"path\": \"nope.png\"}}, \"grass\": [{}]}");
    sward_error err = {0};
    sward_scene *s = NULL;
    assert_int_equal(sward_scene_load_file(scene, &s, &err), SWARD_ERROR_IO);
    assert_null(s);
    /* The path is resolved against the scene's folder. */
    snprintf(want, sizeof want, "%s: terrain.heightmap.path: %s/nope.png: cannot read: No such file or directory",
             scene, tmp_dir);
    assert_string_equal(err.message, want);
}

static void test_heightmap_not_square(void **state)
{
    (void)state;
    char png[512], scene[512];
    tmp_path(png, sizeof png, "wide.png");
    const uint16_t v[6] = {0, 1, 2, 3, 4, 5};
    write_grey_png(png, 3, 2, 8, v);
    tmp_path(scene, sizeof scene, "wide.json");
    write_text(scene, "{\"terrain\": {\"heightmap\": {\"path\": \"wide.png\"}}, \"grass\": [{}]}");
    sward_error err = {0};
    sward_scene *s = NULL;
    assert_int_equal(sward_scene_load_file(scene, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_null(s);
    char want[1400];
    snprintf(want, sizeof want, "%s: terrain.heightmap.path: %s: must be square, got 3x2 pixels", scene, png);
    assert_string_equal(err.message, want);

    /* 1x1 is square but too small for a height field. */
    tmp_path(png, sizeof png, "one.png");
    write_grey_png(png, 1, 1, 8, v);
    char json[1024];
    snprintf(json, sizeof json, "{\"terrain\": {\"heightmap\": {\"path\": \"%s\"}}, \"grass\": [{}]}", png);
    expect_error(json, "must be 2x2 to 4097x4097 pixels, got 1x1");
}

/* A 3x3 height map of the given depth: heights are min + (max - min) * v / (2^depth - 1), column i and
 * (top-first) row j at x = -size/2 + i * size/2, z likewise. */
static void check_heightmap(int depth, const char *png_name, const char *scene_name)
{
    char png[512], scene[512];
    tmp_path(png, sizeof png, png_name);
    const uint16_t full = depth == 8 ? 255 : 65535;
    const uint16_t v[9] = {0, full, (uint16_t)(full / 2), 0, 0, 0, full, full, full};
    write_grey_png(png, 3, 3, depth, v);
    tmp_path(scene, sizeof scene, scene_name);
    char json[1024];
    snprintf(json, sizeof json,
             "{\"terrain\": {\"size\": 20, \"heightmap\": {\"path\": \"%s\", \"min\": -2, \"max\": 8}},"
             " \"grass\": [{}], \"camera\": {\"position\": [0, 1, 0], \"target\": [5, 0, 5]},"
             " \"render\": {\"draw_distance\": 10, \"lod_distance\": 5}}",
             png_name);
    write_text(scene, json);
    sward_error err = {0};
    sward_scene *s = NULL;
    sward_result r = sward_scene_load_file(scene, &s, &err);
    if (r != SWARD_OK) print_error("%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
    const world_terrain *t = &s->terrain;
    assert_true(t->from_image);
    assert_int_equal(t->resolution, 3);
    for (int k = 0; k < 9; k++)
        assert_float_equal(t->heights[k], -2.0f + 10.0f * (float)v[k] / (float)full, 1e-5f);
    assert_float_equal(t->min_y, -2.0f, 1e-6f);
    assert_float_equal(t->max_y, 8.0f, 1e-6f);
    /* Sample (1, 0) is at x = 0, z = -10; sample (0, 2) at x = -10, z = 10. */
    assert_float_equal(world_terrain_height(t, 0.0f, -10.0f), 8.0f, 1e-5f);
    assert_float_equal(world_terrain_height(t, -10.0f, 10.0f), 8.0f, 1e-5f);
    assert_float_equal(world_terrain_height(t, 0.0f, 0.0f), -2.0f, 1e-5f);
    assert_float_equal(world_terrain_height(t, -5.0f, -10.0f), 3.0f, 1e-5f);
    /* above_ground adds the terrain height at the camera. */
    float eye[3];
    world_camera_eye(s, eye);
    assert_float_equal(eye[1], -1.0f, 1e-5f);
    sward_scene_destroy(s);
}

static void test_heightmap_8bit(void **state)
{
    (void)state;
    check_heightmap(8, "grey8.png", "scene8.json");
}

static void test_heightmap_16bit(void **state)
{
    (void)state;
    check_heightmap(16, "grey16.png", "scene16.json");
    /* An absolute path is used as is, also from a string without base_dir. */
    char png[512], json[1024];
    tmp_path(png, sizeof png, "grey16.png");
    snprintf(json, sizeof json,
             "{\"terrain\": {\"heightmap\": {\"path\": \"%s\"}}, \"grass\": [{}],"
             " \"camera\": {\"position\": [0, 1, 0], \"target\": [5, 0, 5]}}",
             png);
    sward_scene *s = expect_ok(json);
    assert_int_equal(s->terrain.resolution, 3);
    assert_true(s->terrain.max_y == 40.0f); /* default max */
    sward_scene_destroy(s);
}

static void test_result_name(void **state)
{
    (void)state;
    assert_string_equal(sward_result_name(SWARD_OK), "SWARD_OK");
    assert_string_equal(sward_result_name(SWARD_ERROR_INVALID_INPUT), "SWARD_ERROR_INVALID_INPUT");
    assert_string_equal(sward_result_name(SWARD_ERROR_IO), "SWARD_ERROR_IO");
    assert_string_equal(sward_result_name(SWARD_ERROR_OUT_OF_MEMORY), "SWARD_ERROR_OUT_OF_MEMORY");
    assert_string_equal(sward_result_name((sward_result)99), "SWARD_ERROR_UNKNOWN");
}

/* Every prefix and many one-byte mutations of a valid scene: an error or a scene, never a crash or leak. */
static void test_mutations(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/scenes/small.json", source_dir());
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    assert_true(n > 100 && n < sizeof text - 1);
    text[n] = '\0';
    sward_error err;
    sward_scene *s = NULL;
    for (size_t len = 0; len < n; len++) {
        if (sward_scene_load_string(text, len, "m.json", NULL, &s, &err) == SWARD_OK) sward_scene_destroy(s);
        else assert_true(err.message[0] != '\0');
    }
    static const char subst[] = "}]\"9-.e0 ,:{[a";
    int loaded = 0;
    for (size_t k = 0; k < n; k++) {
        for (size_t c = 0; c < sizeof subst - 1; c++) {
            char saved = text[k];
            text[k] = subst[c];
            memset(&err, 0, sizeof err);
            if (sward_scene_load_string(text, n, "m.json", NULL, &s, &err) == SWARD_OK) {
                loaded++;
                sward_scene_destroy(s);
            } else {
                assert_true(err.message[0] != '\0');
                assert_true(strncmp(err.message, "m.json", 6) == 0);
            }
            text[k] = saved;
        }
    }
    assert_true(loaded > 0);
}

/* ---- Ghost of Tsushima fields (PL1, PL5, PL6, PL9, SC5, SC6, GA4, GA5) ------------------------ */

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_scene),
        cmocka_unit_test(test_example_scenes),
        cmocka_unit_test(test_default_equals_file),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_syntax_error),
        cmocka_unit_test(test_top_level_not_object),
        cmocka_unit_test(test_unknown_field),
        cmocka_unit_test(test_duplicate_field),
        cmocka_unit_test(test_wrong_type),
        cmocka_unit_test(test_wrong_array_length),
        cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_not_finite),
        cmocka_unit_test(test_min_greater_than_max),
        cmocka_unit_test(test_not_integer),
        cmocka_unit_test(test_bad_string),
        cmocka_unit_test(test_grass_count),
        cmocka_unit_test(test_too_many_candidates),
        cmocka_unit_test(test_cross_field_rules),
        cmocka_unit_test(test_file_too_large),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_heightmap_not_found),
        cmocka_unit_test(test_heightmap_not_square),
        cmocka_unit_test(test_heightmap_8bit),
        cmocka_unit_test(test_heightmap_16bit),
        cmocka_unit_test(test_result_name),
        cmocka_unit_test(test_mutations),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
