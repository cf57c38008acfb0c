/* test_layers.c — the material id map from the terrain's blend layers (SPEC PL10; Frictional: the top visible
 * blend material sets the physics material): the topmost-layer rule against an independent reference, PNG
 * layers and the threshold's edges, the type map derived from the layers driving the placement,
 * sward_query_material, and the loader's messages for bad layers. */
#include "scene_test_util.h"

#include "place/place.h"
#include "shared/sw_ground.h"

#define HILLS "\"size\": 100, \"resolution\": 101, \"fbm\": {\"amplitude\": 12, \"wavelength\": 30, \"octaves\": 3}"
#define RULE_LAYERS                                                                                                    \
    "\"layers\": [{\"name\": \"soil\", \"grass\": \"meadow\"}, "                                                       \
    "{\"name\": \"moss\", \"grass\": \"clover\", \"opacity\": {\"height\": [7, 20], \"edge\": 1.5}}, "                 \
    "{\"name\": \"rock\", \"opacity\": {\"slope\": [20, 90], \"edge\": 4}}]"
#define TWO_TYPES "\"grass\": [{\"name\": \"meadow\", \"density\": 20}, {\"name\": \"clover\", \"density\": 12}]"

/* The reference: opacities from the height and a slope of its own (double central differences), the topmost
 * layer above the threshold. *margin: how far the deciding opacities are from the threshold. */
static double ramp_ref(double v, double lo, double hi, double edge)
{
    double d = v < lo ? lo - v : v > hi ? v - hi : 0.0;
    if (d <= 0.0) return 1.0;
    return edge > 0.0 ? fmax(0.0, 1.0 - d / edge) : 0.0;
}

static int layer_ref(const sward_scene *s, float x, float z, double *margin)
{
    const world_terrain *t = &s->terrain;
    double e = (double)t->size / (double)(t->resolution - 1);
    float fe = (float)e;
    double h = (double)world_terrain_height(t, x, z);
    double dx = ((double)world_terrain_height(t, x + fe, z) - (double)world_terrain_height(t, x - fe, z)) / (2.0 * e);
    double dz = ((double)world_terrain_height(t, x, z + fe) - (double)world_terrain_height(t, x, z - fe)) / (2.0 * e);
    double slope = atan(sqrt(dx * dx + dz * dz)) * 180.0 / 3.14159265358979;
    double moss = ramp_ref(h, 7.0, 20.0, 1.5), rock = ramp_ref(slope, 20.0, 90.0, 4.0);
    *margin = fmin(fabs(moss - 0.5), fabs(rock - 0.5));
    return rock > 0.5 ? 2 : moss > 0.5 ? 1 : 0;
}

/* PL10: the material id is the topmost layer above the threshold, at random points and at every texel of the
 * map; the map is world_layer_at at the texel centres. */
static void test_topmost_layer(void **state)
{
    (void)state;
    sward_scene *s = expect_ok("{\"terrain\": {" HILLS ", " RULE_LAYERS "}, " TWO_TYPES "}");
    uint32_t rng = 99u;
    int counts[3] = {0}, checked = 0;
    for (int k = 0; k < 20000; k++) {
        rng = rng * 1664525u + 1013904223u;
        float x = ((float)(rng >> 8) / 16777216.0f - 0.5f) * 98.0f;
        rng = rng * 1664525u + 1013904223u;
        float z = ((float)(rng >> 8) / 16777216.0f - 0.5f) * 98.0f;
        double margin;
        int want = layer_ref(s, x, z, &margin);
        if (margin < 1e-3) continue;
        int got = world_layer_at(s, x, z);
        if (got != want) fail_msg("(%g, %g): layer %d, want %d", (double)x, (double)z, got, want);
        counts[want]++;
        checked++;
    }
    print_message("soil %d, moss %d, rock %d of %d points\n", counts[0], counts[1], counts[2], checked);
    for (int l = 0; l < 3; l++)
        assert_true(counts[l] > 500);
    const world_terrain *t = &s->terrain;
    assert_non_null(t->material_ids);
    float cell = t->size / (float)t->map_res;
    for (int j = 0; j < t->map_res; j++)
        for (int i = 0; i < t->map_res; i++) {
            float x = -0.5f * t->size + ((float)i + 0.5f) * cell, z = -0.5f * t->size + ((float)j + 0.5f) * cell;
            assert_int_equal(t->material_ids[j * t->map_res + i], world_layer_at(s, x, z));
        }
    sward_scene_destroy(s);
}

/* PL10 as a grass-type source: the derived type map is the layers' grass (none under rock) and drives the
 * placement exactly as the same map given as an image does. */
static void test_derived_type_map(void **state)
{
    (void)state;
    sward_scene *a = expect_ok("{\"terrain\": {" HILLS ", " RULE_LAYERS "}, " TWO_TYPES "}");
    const world_terrain *t = &a->terrain;
    const int res = t->map_res;
    uint16_t *v = malloc(sizeof(uint16_t) * (size_t)res * (size_t)res);
    assert_non_null(v);
    int none = 0;
    for (int k = 0; k < res * res; k++) {
        uint8_t want = t->material_ids[k] == 2 ? 255 : t->material_ids[k];
        assert_int_equal(t->types[k], want);
        none += want == 255;
        v[k] = t->types[k];
    }
    assert_true(none > 100);
    char png[512], json[1024];
    tmp_path(png, sizeof png, "types.png");
    write_grey_png(png, (uint32_t)res, (uint32_t)res, 8, v);
    snprintf(json, sizeof json, "{\"terrain\": {" HILLS ", \"type_map\": {\"path\": \"%s\"}}, " TWO_TYPES "}", png);
    sward_scene *b = expect_ok(json);
    assert_memory_equal(a->terrain.types, b->terrain.types, (size_t)res * (size_t)res);
    sw_blade *ba = malloc(sizeof(sw_blade) * 400 * 400), *bb = malloc(sizeof(sw_blade) * 400 * 400);
    for (int m = 0; m < 2; m++) {
        size_t na = place_cells(a, m, -200, -200, 400, 400, 0.0f, ba),
               nb = place_cells(b, m, -200, -200, 400, 400, 0.0f, bb);
        assert_int_equal(na, nb);
        assert_true(na > 10000);
        assert_memory_equal(ba, bb, na * sizeof *ba);
    }
    free(ba);
    free(bb);
    free(v);
    sward_scene_destroy(a);
    sward_scene_destroy(b);
}

/* PNG layers, nearest pixel, and the threshold's edges: an opacity exactly at the threshold is not above it. */
static void test_png_layer_and_threshold(void **state)
{
    (void)state;
    char png[512], json[1024];
    tmp_path(png, sizeof png, "wet.png");
    const uint16_t v[4] = {0, 255, 128, 255}; /* top row (z < 0): 0, 255; bottom row: 128, 255 */
    write_grey_png(png, 2, 2, 8, v);
    const float px[4][2] = {{-20, -20}, {20, -20}, {-20, 20}, {20, 20}};
    const struct {
        const char *threshold;
        int want[4];
    } cases[] = {{"0.5", {0, 1, 1, 1}}, {"0", {0, 1, 1, 1}}, {"1", {0, 0, 0, 0}}, {"0.51", {0, 1, 0, 1}}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        snprintf(json, sizeof json,
                 "{\"terrain\": {\"size\": 80, \"resolution\": 33, \"layer_threshold\": %s, \"layers\": [{\"name\": "
                 "\"dry\"}, {\"name\": \"wet\", \"opacity\": {\"image\": \"%s\"}}]}, \"grass\": [{}]}",
                 cases[c].threshold, png);
        sward_scene *s = expect_ok(json);
        for (int p = 0; p < 4; p++) {
            uint32_t id = 99;
            const char *name = NULL;
            assert_int_equal(sward_query_material(s, px[p][0], px[p][1], &id, &name, NULL), SWARD_OK);
            if ((int)id != cases[c].want[p])
                fail_msg("threshold %s, point %d: material %u, want %d", cases[c].threshold, p, id, cases[c].want[p]);
            assert_string_equal(name, id ? "wet" : "dry");
            assert_int_equal(world_layer_at(s, px[p][0], px[p][1]), cases[c].want[p]);
        }
        sward_scene_destroy(s);
    }
}

/* sward_query_material: the texel's id and name; errors name the point; scenes without layers: 0, "ground". */
static void test_query_material(void **state)
{
    (void)state;
    sward_scene *s = expect_ok("{\"terrain\": {" HILLS ", " RULE_LAYERS "}, " TWO_TYPES "}");
    const char *names[3] = {"soil", "moss", "rock"};
    const world_terrain *t = &s->terrain;
    float x0, z0, inv;
    world_map_grid(t, &x0, &z0, &inv);
    unsigned seen = 0;
    for (int k = 0; k < 2000; k++) {
        float x = -49.0f + (float)(k % 50) * 1.97f, z = -49.0f + (float)(k / 50) * 2.4f;
        uint32_t id;
        const char *name;
        assert_int_equal(sward_query_material(s, x, z, &id, &name, NULL), SWARD_OK);
        int i = sw_map_nearest(x, x0, inv, t->map_res), j = sw_map_nearest(z, z0, inv, t->map_res);
        assert_int_equal(id, t->material_ids[j * t->map_res + i]);
        assert_string_equal(name, names[id]);
        seen |= 1u << id;
    }
    assert_int_equal(seen, 7u);
    sward_error err = {0};
    uint32_t id = 5;
    const char *name = NULL;
    assert_int_equal(sward_query_material(s, 60.0f, 0.0f, &id, &name, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "the point (60, 0) is off the terrain"));
    assert_int_equal(id, 0);
    assert_int_equal(sward_query_material(s, 0.0f, NAN, &id, NULL, &err), SWARD_ERROR_INVALID_INPUT);
    assert_int_equal(sward_query_material(NULL, 0.0f, 0.0f, &id, NULL, NULL), SWARD_ERROR_INVALID_INPUT);
    sward_scene_destroy(s);
    s = expect_ok("{\"grass\": [{}]}");
    assert_int_equal(sward_query_material(s, 1.0f, 2.0f, &id, &name, NULL), SWARD_OK);
    assert_int_equal(id, 0);
    assert_string_equal(name, "ground");
    assert_null(s->terrain.material_ids);
    sward_scene_destroy(s);
}

static void test_bad_layers(void **state)
{
    (void)state;
    char png[512], json[1024];
    expect_error("{\"terrain\": {\"layer_threshold\": 1.5, \"layers\": [{\"name\": \"a\"}]}, \"grass\": [{}]}",
                 "t.json: terrain.layer_threshold: must be <= 1");
    expect_error("{\"terrain\": {\"layer_threshold\": 0.5}, \"grass\": [{}]}",
                 "t.json: terrain.layer_threshold: only allowed with terrain.layers");
    expect_error(
        "{\"terrain\": {\"layers\": [{\"name\": \"a\", \"grass\": \"clover\"}]}, \"grass\": [{\"name\": \"x\"}]}",
        "t.json: terrain.layers[0].grass: no grass type is named \"clover\"");
    expect_error("{\"terrain\": {\"layers\": [{\"name\": \"a\"}, {\"name\": \"b\"}]}, \"grass\": [{}]}",
                 "t.json: terrain.layers[1].opacity: missing required field");
    expect_error(
        "{\"terrain\": {\"layers\": [{\"name\": \"a\"}, {\"name\": \"a\", \"opacity\": {\"slope\": [1, 2]}}]}, "
        "\"grass\": [{}]}",
        "t.json: terrain.layers[1].name: \"a\" is already the name of terrain.layers[0]");
    expect_error("{\"terrain\": {\"layers\": [{\"grass\": \"x\"}]}, \"grass\": [{\"name\": \"x\"}]}",
                 "t.json: terrain.layers[0].name: missing required field");
    expect_error("{\"terrain\": {\"layers\": []}, \"grass\": [{}]}",
                 "t.json: terrain.layers: must have 1 to 16 layers");
    expect_error(
        "{\"terrain\": {\"layers\": [{\"name\": \"a\", \"opacity\": {\"slope\": [30, 10]}}]}, \"grass\": [{}]}",
        "t.json: terrain.layers[0].opacity.slope: min must be <= max");
    expect_error("{\"terrain\": {\"layers\": [{\"name\": \"a\", \"opacity\": {\"image\": \"x.png\", \"edge\": 1}}]}, "
                 "\"grass\": [{}]}",
                 "t.json: terrain.layers[0].opacity: an opacity is an \"image\" or a rule");
    expect_error("{\"terrain\": {\"layers\": [{\"name\": \"a\"}, {\"name\": \"p\", \"opacity\": {\"path\": "
                 "{\"points\": [[0, 0]], \"width\": 2}}}]}, \"grass\": [{}]}",
                 "t.json: terrain.layers[1].opacity.path.points: must have 2 to 32 points, got 1");
    expect_error("{\"terrain\": {\"layers\": [{\"name\": \"a\"}, {\"name\": \"p\", \"opacity\": {\"path\": "
                 "{\"points\": [[0, 0], [1, 1]]}}}]}, \"grass\": [{}]}",
                 "t.json: terrain.layers[1].opacity.path.width: missing required field");
    expect_error("{\"terrain\": {\"layers\": [{\"name\": \"a\"}, {\"name\": \"p\", \"opacity\": {\"path\": "
                 "{\"points\": [[0, 0], [1, \"x\"]], \"width\": 2}}}]}, \"grass\": [{}]}",
                 "t.json: terrain.layers[1].opacity.path.points[1][1]: expected a number");
    expect_error("{\"terrain\": {\"layers\": [{\"name\": \"a\"}, {\"name\": \"p\", \"opacity\": {\"slope\": [0, 9], "
                 "\"path\": {\"points\": [[0, 0], [1, 1]], \"width\": 2}}}]}, \"grass\": [{}]}",
                 "t.json: terrain.layers[1].opacity: a \"path\" opacity takes only \"edge\"");
    expect_error(
        "{\"terrain\": {\"type_map\": {\"path\": \"t.png\"}, \"layers\": [{\"name\": \"a\", \"grass\": \"x\"}]}, "
        "\"grass\": [{\"name\": \"x\"}]}",
        "t.json: terrain.layers[0].grass: not allowed with terrain.type_map");
    tmp_path(png, sizeof png, "wide.png");
    const uint16_t v[6] = {0};
    write_grey_png(png, 3, 2, 8, v);
    snprintf(json, sizeof json,
             "{\"terrain\": {\"layers\": [{\"name\": \"a\"}, {\"name\": \"b\", \"opacity\": {\"image\": \"%s\"}}]}, "
             "\"grass\": [{}]}",
             png);
    expect_error(json, "t.json: terrain.layers[1].opacity.image: ");
    expect_error(json, "must be square, got 3x2 pixels");
    snprintf(json, sizeof json,
             "{\"terrain\": {\"layers\": [{\"name\": \"a\"}, {\"name\": \"b\", \"opacity\": {\"image\": "
             "\"%s/none.png\"}}]}, "
             "\"grass\": [{}]}",
             tmp_dir);
    expect_error_code(json, SWARD_ERROR_IO, "t.json: terrain.layers[1].opacity.image: ");
}

/* The distance from (x, z) to the test's path, in double: its own reference. */
static double path_distance(double x, double z)
{
    static const double P[3][2] = {{-40.0, -30.0}, {0.0, 10.0}, {40.0, 0.0}};
    double best = 1e30;
    for (int k = 0; k < 2; k++) {
        double ex = P[k + 1][0] - P[k][0], ez = P[k + 1][1] - P[k][1];
        double u = ((x - P[k][0]) * ex + (z - P[k][1]) * ez) / (ex * ex + ez * ez);
        u = u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;
        best = fmin(best, hypot(x - (P[k][0] + u * ex), z - (P[k][1] + u * ez)));
    }
    return best;
}

/* PL10 + SH10: a layer whose opacity is a path (a polyline and a width) is the top layer within half the width of
 * the polyline and nowhere else: its ground material there, no grass (the layer names none) and no asset that grows
 * on the grass types; grass and trees beside it. */
static void test_path_layer(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(
        "{\"terrain\": {" HILLS ", \"map_resolution\": 200, \"layers\": [{\"name\": \"soil\", \"grass\": \"meadow\"}, "
        "{\"name\": \"trail\", \"ground\": \"path\", \"opacity\": {\"path\": {\"points\": [[-40, -30], [0, 10], "
        "[40, 0]], \"width\": 4}}}]}, \"grass\": [{\"name\": \"meadow\", \"density\": 20}], "
        "\"assets\": [{\"name\": \"birch\", \"kind\": \"tree\", \"density\": 0.5, \"draw_distance\": 100, "
        "\"grows_on\": [\"meadow\"]}]}");
    const world_terrain *t = &s->terrain;
    assert_int_equal(t->layers[1].ground, SW_GROUND_PATH);
    const float cell = t->size / (float)t->map_res; /* 0.5 m */
    int on = 0, off = 0;
    for (int j = 0; j < t->map_res; j++)
        for (int i = 0; i < t->map_res; i++) {
            double x = -0.5 * t->size + (i + 0.5) * cell, z = -0.5 * t->size + (j + 0.5) * cell;
            double d = path_distance(x, z);
            if (fabs(d - 2.0) < 1e-3) continue;
            int want = d < 2.0 ? 1 : 0;
            assert_int_equal(t->material_ids[j * t->map_res + i], want);
            assert_int_equal(t->types[j * t->map_res + i], want ? 255 : 0);
            on += want;
            off += !want;
        }
    assert_true(on > 1000 && off > 10000);
    /* grass: a blade picks among the 2 x 2 texels around it, so none nearer than a texel diagonal inside */
    sw_blade *b = malloc(sizeof(sw_blade) * 500 * 500);
    assert_non_null(b);
    size_t n = place_cells(s, 0, -250, -250, 500, 500, 0.0f, b), beside = 0;
    for (size_t k = 0; k < n; k++) {
        double d = path_distance(b[k].x, b[k].z);
        if (d < 2.0 - 1.5 * cell) fail_msg("a blade on the path at (%g, %g), %g m from its line", (double)b[k].x,
                                           (double)b[k].z, d);
        beside += d < 4.0;
    }
    assert_true(beside > 500);
    free(b);
    /* trees: a cluster's instances grow on the meadow only (the nearest texel) */
    const float eye[3] = {0.0f, 0.0f, 0.0f}, reach[WORLD_MAX_ASSETS] = {200.0f};
    sw_cluster cl[64];
    size_t nc = place_asset_clusters(s, eye, reach, cl, 64, NULL), trees = 0, near_path = 0;
    sw_instance *inst = malloc(sizeof(sw_instance) * SW_CLUSTER_CANDIDATES);
    assert_non_null(inst);
    for (size_t c = 0; c < nc; c++) {
        uint32_t m = place_asset_cluster(s, 0, cl[c].ci0, cl[c].cj0, inst);
        for (uint32_t k = 0; k < m; k++) {
            double d = path_distance(inst[k].x, inst[k].z);
            assert_true(d >= 2.0 - cell);
            trees++;
            near_path += d < 4.0;
        }
    }
    print_message("path: %d texels on it, %d off; %zu blades within 4 m; %zu trees, %zu within 4 m\n", on, off, beside,
                  trees, near_path);
    assert_true(trees > 1000 && near_path > 20);
    free(inst);
    sward_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_topmost_layer),
        cmocka_unit_test(test_derived_type_map),
        cmocka_unit_test(test_png_layer_and_threshold),
        cmocka_unit_test(test_query_material),
        cmocka_unit_test(test_bad_layers),
        cmocka_unit_test(test_path_layer),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
