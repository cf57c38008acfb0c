/* test_asset_place.c — where mesh assets grow (SPEC PL8, SC4): the cluster's visiting order, the CPU reference
 * placement of a cluster, the clusters near the camera, and the scene's "assets" section. */
#include "scene_test_util.h"

#include "place/place.h"

#include "assets/assets.h"

#define ASSET_SCENE(extra)                                                                                       \
    "{\"terrain\": {\"size\": 400, \"resolution\": 129}, \"grass\": [{\"name\": \"meadow\", \"density\": 50}], " \
    "\"assets\": [" extra "]}"

/* SC4: every cell of a cluster is visited exactly once, in an order that differs between clusters. */
static void test_cluster_order_is_a_permutation(void **state)
{
    (void)state;
    for (sw_uint key = 0; key < 2000; key += 37) {
        uint8_t seen[SW_CLUSTER_CANDIDATES] = {0};
        for (sw_uint k = 0; k < SW_CLUSTER_CANDIDATES; k++) {
            sw_uint p = sw_cluster_order(k, key * 0x9e3779b9u);
            assert_true(p < SW_CLUSTER_CANDIDATES);
            assert_int_equal(seen[p], 0);
            seen[p] = 1;
        }
    }
    unsigned same = 0;
    for (sw_uint k = 0; k < SW_CLUSTER_CANDIDATES; k++) same += sw_cluster_order(k, 1u) == sw_cluster_order(k, 0x7f4a7c15u);
    assert_true(same < 64); /* two clusters' orders are unrelated */
}

/* SC4: the first quarter of a cluster's instances covers its four quadrants evenly (drawing the first n thins
 * the cluster instead of cutting a corner off), unlike the grid's row order. */
static void test_first_instances_spread_over_the_cluster(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(ASSET_SCENE("{\"kind\": \"flower\", \"density\": 0.5}"));
    static sw_instance inst[SW_CLUSTER_CANDIDATES];
    float sp = place_asset_spacing(&s->assets[0]);
    uint32_t n = place_asset_cluster(s, 0, 0, 0, inst);
    assert_true(n > 900); /* uniform coverage: every cell on the terrain grows one */
    uint32_t quarter = n / 4, quad[4] = {0};
    float half = 0.5f * (float)SW_CLUSTER_CELLS * sp;
    for (uint32_t i = 0; i < quarter; i++) quad[(inst[i].x >= half) + 2 * (inst[i].z >= half)]++;
    for (int q = 0; q < 4; q++) assert_true(fabs((double)quad[q] / quarter - 0.25) < 0.06);
    sward_scene_destroy(s);
}

/* PL8: deterministic, inside the cluster's cells, on the ground, scales in range; the same cluster places the
 * same instances whatever else is asked. */
static void test_cluster_instances(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(ASSET_SCENE("{\"kind\": \"tree\", \"density\": 0.01, \"scale\": [0.5, 2]}"));
    static sw_instance a[SW_CLUSTER_CANDIDATES], b[SW_CLUSTER_CANDIDATES];
    float sp = place_asset_spacing(&s->assets[0]);
    int ci0 = -(int)SW_CLUSTER_CELLS, cj0 = 0;
    uint32_t n = place_asset_cluster(s, 0, ci0, cj0, a);
    assert_true(n > 0);
    assert_int_equal(place_asset_cluster(s, 0, ci0, cj0, b), n);
    assert_memory_equal(a, b, n * sizeof *a);
    for (uint32_t i = 0; i < n; i++) {
        assert_true(a[i].x >= (float)ci0 * sp && a[i].x < (float)(ci0 + (int)SW_CLUSTER_CELLS) * sp);
        assert_true(a[i].z >= (float)cj0 * sp && a[i].z < (float)(cj0 + (int)SW_CLUSTER_CELLS) * sp);
        assert_true(fabsf(a[i].y - world_terrain_height(&s->terrain, a[i].x, a[i].z)) < 1e-3f);
        assert_true(a[i].scale >= 0.5f && a[i].scale <= 2.0f);
        assert_true(a[i].x >= -200.0f && a[i].x <= 200.0f); /* on the terrain */
    }
    sward_scene_destroy(s);
}

/* PL8: patches thin the asset; grows_on keeps it to its grass type's texels. */
static void test_patches_and_grows_on(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(
        "{\"terrain\": {\"size\": 400, \"resolution\": 129}, \"grass\": [{\"name\": \"a\", \"density\": 50}, "
        "{\"name\": \"b\", \"density\": 50, \"patches\": {\"scale\": 20, \"coverage\": 0.4}}], \"assets\": ["
        "{\"kind\": \"flower\", \"density\": 0.5}, {\"kind\": \"flower\", \"density\": 0.5, \"grows_on\": [\"b\"]},"
        "{\"kind\": \"flower\", \"density\": 0.5, \"patches\": {\"scale\": 20, \"coverage\": 0.3}}]}");
    static sw_instance inst[SW_CLUSTER_CANDIDATES];
    uint32_t all = 0, on_b = 0, patchy = 0;
    for (int j = -2; j < 2; j++)
        for (int i = -2; i < 2; i++) {
            all += place_asset_cluster(s, 0, i * 32, j * 32, inst);
            uint32_t n = place_asset_cluster(s, 1, i * 32, j * 32, inst);
            float mx0, mz0, inv;
            world_map_grid(&s->terrain, &mx0, &mz0, &inv);
            for (uint32_t k = 0; k < n; k++) {
                int ti = sw_map_nearest(inst[k].x, mx0, inv, s->terrain.map_res);
                int tj = sw_map_nearest(inst[k].z, mz0, inv, s->terrain.map_res);
                assert_int_equal(s->terrain.types[(size_t)tj * (size_t)s->terrain.map_res + (size_t)ti], 1);
            }
            on_b += n;
            patchy += place_asset_cluster(s, 2, i * 32, j * 32, inst);
        }
    assert_true(on_b > 0 && on_b < all * 3 / 4);
    assert_true(patchy > all / 10 && patchy < all * 3 / 5);
    sward_scene_destroy(s);
}

/* SC4: the clusters near the eye are exactly those whose square comes within reach; per_asset counts them. */
static void test_clusters_near_the_eye(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(ASSET_SCENE("{\"kind\": \"rock\", \"density\": 0.04}, {\"kind\": \"tree\", \"density\": 0.002}"));
    float reach[WORLD_MAX_ASSETS] = {60.0f, 150.0f};
    size_t max = place_asset_clusters_bound(s, reach);
    sw_cluster *c = calloc(max, sizeof *c);
    assert_non_null(c);
    uint32_t per[WORLD_MAX_ASSETS] = {0};
    const float eye[3] = {31.0f, 5.0f, -47.0f};
    size_t n = place_asset_clusters(s, eye, reach, c, max, per);
    assert_int_equal(n, per[0] + per[1]);
    assert_true(per[0] > 0 && per[1] > 0);
    for (int a = 0; a < 2; a++) {
        float side = place_asset_spacing(&s->assets[a]) * (float)SW_CLUSTER_CELLS;
        uint32_t expect = 0;
        for (int j = -20; j < 20; j++)
            for (int i = -20; i < 20; i++) {
                float x0 = (float)i * side, z0 = (float)j * side;
                if (x0 + side < -200.0f || x0 > 200.0f || z0 + side < -200.0f || z0 > 200.0f) continue;
                float dx = fmaxf(fmaxf(x0 - eye[0], eye[0] - (x0 + side)), 0.0f);
                float dz = fmaxf(fmaxf(z0 - eye[2], eye[2] - (z0 + side)), 0.0f);
                if (dx * dx + dz * dz > reach[a] * reach[a]) continue;
                expect++;
                bool found = false;
                for (size_t k = 0; k < n; k++)
                    found |= c[k].asset == (sw_uint)a && c[k].ci0 == i * (int)SW_CLUSTER_CELLS &&
                             c[k].cj0 == j * (int)SW_CLUSTER_CELLS;
                assert_true(found);
            }
        assert_int_equal(per[a], expect);
    }
    for (size_t k = 0; k < n; k++) assert_int_equal(c[k].slot, k);
    free(c);
    sward_scene_destroy(s);
}

/* The scene's "assets": defaults by kind, fields read, and errors that name the field. */
/* SC4 + SC5: an instance's coverage by its place in the cluster and the distance (sw_asset_fade). */
static void test_instance_fade(void **state)
{
    (void)state;
    const float D = 200.0f;
    const sw_uint n = 80;
    /* SC5: nearer than the thinning's start every instance is whole, the last of the cluster too (before, the
     * last tenth of every cluster was drawn through the screen door at every distance: the wood's ghost trees) */
    for (sw_uint i = 0; i < n; i++) {
        assert_float_equal(sw_asset_fade(i, n, 10.0f, D), 1.0f, 0.0);
        assert_float_equal(sw_asset_fade(i, n, SW_ASSET_THIN_START * D, D), 1.0f, 0.0);
    }
    /* farther, the cluster's later instances fade first, never coming back as the distance grows */
    float d = 0.8f * D;
    int whole = 0, partial = 0, gone = 0;
    for (sw_uint i = 0; i < n; i++) {
        float f = sw_asset_fade(i, n, d, D);
        whole += f >= 1.0f;
        partial += f > 0.0f && f < 1.0f;
        gone += f <= 0.0f;
        if (i > 0) assert_true(f <= sw_asset_fade(i - 1, n, d, D));
        for (int k = 1; k <= 20; k++)
            assert_true(sw_asset_fade(i, n, d + 0.01f * D * (float)k, D) <= sw_asset_fade(i, n, d + 0.01f * D * (float)(k - 1), D));
    }
    assert_true(whole > 0 && partial > 0 && gone > 0);
    /* the drawn share at the draw distance's edge band start is about the floor */
    double share = 0.0;
    for (sw_uint i = 0; i < n; i++) share += sw_asset_fade(i, n, 0.899f * D, D);
    share /= n;
    assert_true(share > SW_ASSET_THIN_FLOOR - 0.05 && share < SW_ASSET_THIN_FLOOR + 0.1);
    /* and nothing at or beyond the draw distance */
    for (sw_uint i = 0; i < n; i++) assert_float_equal(sw_asset_fade(i, n, D, D), 0.0f, 0.0);
}

/* generate.species and age: the Weber-Penn presets by name, their colours unless the scene gives its own; errors
 * name the field. */
static void test_scene_species(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(ASSET_SCENE(
        "{\"kind\": \"tree\", \"generate\": {\"species\": \"birch\", \"age\": 0.5}}, "
        "{\"kind\": \"tree\", \"generate\": {\"species\": \"pine\"}, \"bark_color\": [0.2, 0.1, 0.1]}, {\"kind\": \"tree\"}"));
    assert_int_equal(s->assets[0].species, ASSET_TREE_BIRCH);
    assert_true(s->assets[0].age == 0.5f);
    assert_true(s->assets[0].bark_color[0] > 0.4f); /* white bark */
    assert_int_equal(s->assets[1].species, ASSET_TREE_PINE);
    assert_true(s->assets[1].bark_color[0] == 0.2f);
    assert_int_equal(s->assets[2].species, ASSET_TREE_NONE);
    assert_true(s->assets[2].bark_color[0] == 0.09f); /* the generator's own tree keeps the kind's colours */
    sward_scene_destroy(s);
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"generate\": {\"species\": \"baobab\"}}"),
                 "t.json: assets[0].generate.species: must be \"oak\", \"birch\", \"pine\" or \"hazel\", got \"baobab\"");
    expect_error(ASSET_SCENE("{\"kind\": \"fern\", \"generate\": {\"species\": \"oak\"}}"),
                 "assets[0].generate.species: only a \"tree\" has a species");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"generate\": {\"age\": 0.5}}"),
                 "assets[0].generate.age: only with a species");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"generate\": {\"species\": \"oak\", \"age\": 2}}"),
                 "assets[0].generate.age: must be <= 1");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"generate\": {\"species\": 3}}"), "assets[0].generate.species:");
}

/* generate.tree: the species' parameters by name, the levels' in lv; each problem named with its field. */
static void test_scene_tree_overrides(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(ASSET_SCENE(
        "{\"kind\": \"tree\", \"generate\": {\"species\": \"pine\", \"tree\": {\"base_size\": 0.05, \"shape\": "
        "\"flame\", \"whorl\": 6, \"lv\": [{}, {\"down_angle\": 100, \"branches\": 30}]}}}"));
    const world_asset *a = &s->assets[0];
    assert_int_equal(a->tree_count, 5);
    asset_tree_param_type type;
    assert_int_equal(a->tree[0].param, asset_tree_param_find("base_size", false, &type));
    assert_true(a->tree[0].value == 0.05f);
    assert_true(a->tree[1].value == 5.0f); /* flame */
    assert_int_equal(a->tree[3].param, asset_tree_param_find("down_angle", true, &type));
    assert_int_equal(a->tree[3].level, 1);
    assert_true(a->tree[4].value == 30.0f);
    sward_scene_destroy(s);
#define TREE_ERR(tree, msg)                                                                                            \
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"generate\": {\"species\": \"oak\", \"tree\": " tree "}}"), msg)
    TREE_ERR("{\"bse_size\": 0.2}", "t.json: assets[0].generate.tree.bse_size: unknown tree parameter");
    TREE_ERR("{\"lv\": [{}, {\"whorl\": 2}]}", "t.json: assets[0].generate.tree.lv[1].whorl: unknown level parameter");
    TREE_ERR("{\"base_size\": \"low\"}", "t.json: assets[0].generate.tree.base_size: expected a number, got a string");
    TREE_ERR("{\"shape\": 2}", "t.json: assets[0].generate.tree.shape: expected a shape name, got a number");
    TREE_ERR("{\"shape\": \"cone\"}", "t.json: assets[0].generate.tree.shape: must be one of conical, spherical");
    TREE_ERR("{\"levels\": 2.5}", "t.json: assets[0].generate.tree.levels: expected a whole number >= 0, got 2.5");
    TREE_ERR("{\"base_size\": 0.99}", "t.json: assets[0].generate.tree.base_size: 0.99 is out of range (0 .. 0.95)");
    TREE_ERR("{\"lv\": [{}, {\"curve_res\": 0}]}",
             "t.json: assets[0].generate.tree.lv[1].curve_res: 0 is out of range (1 .. ");
    TREE_ERR("{\"lv\": {}}", "t.json: assets[0].generate.tree.lv: expected an array");
    TREE_ERR("{\"lv\": [{}, {}, {}, {}, {}]}", "t.json: assets[0].generate.tree.lv: must have at most 4 levels");
    TREE_ERR("{\"lv\": [3]}", "t.json: assets[0].generate.tree.lv[0]: expected an object, got a number");
    TREE_ERR("[]", "t.json: assets[0].generate.tree: expected an object");
#undef TREE_ERR
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"generate\": {\"tree\": {\"flare\": 1}}}"),
                 "t.json: assets[0].generate.tree: only with a species");
}

static void test_scene_assets(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(ASSET_SCENE(
        "{\"name\": \"oak\", \"kind\": \"tree\", \"generate\": {\"seed\": 7, \"height\": 12, \"width\": 8}, "
        "\"density\": 0.003, \"scale\": [0.9, 1.1], \"grows_on\": [\"meadow\"], \"wind\": \"special\", "
        "\"leaf_color\": [0.1, 0.2, 0.05], \"lod_bias\": 2, \"roughness\": 0.4, \"bark_roughness\": 0.7}, {\"kind\": \"rock\"}"));
    assert_int_equal(s->asset_count, 2);
    const world_asset *a = &s->assets[0];
    assert_string_equal(a->name, "oak");
    assert_int_equal(a->kind, WORLD_ASSET_TREE);
    assert_int_equal(a->seed, 7);
    assert_true(a->height == 12.0f && a->width == 8.0f && a->density == 0.003f && a->lod_bias == 2.0f);
    assert_int_equal(a->grows_on, 1);
    assert_int_equal(a->wind, WORLD_WIND_SPECIAL);
    assert_int_equal(s->assets[1].wind, WORLD_WIND_NONE); /* rocks do not move */
    assert_string_equal(s->assets[1].name, "asset1");
    /* SH5: the asset's roughness, its cards' and its bark's; the defaults 0.6 and 0.9 */
    assert_true(a->roughness == 0.4f && a->bark_roughness == 0.7f);
    assert_true(s->assets[1].roughness == 0.6f && s->assets[1].bark_roughness == 0.9f);
    sward_scene_destroy(s);
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"roughness\": 0.01}"), "assets[0].roughness: must be >= 0.02, got 0.01");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"bark_roughness\": 1.5}"), "assets[0].bark_roughness: must be <= 1, got 1.5");
    expect_error(ASSET_SCENE("{\"kind\": 3}"), "assets[0].kind: expected a string");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"density\": \"x\"}"), "assets[0].density:");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"colour\": 1}"), "assets[0].colour: unknown field");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"generate\": {\"seed\": -1}}"), "assets[0].generate.seed:");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"generate\": {\"height\": 1e9}}"), "assets[0].generate.height:");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"lod_bias\": 0}"), "assets[0].lod_bias: must be > 0");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"grows_on\": []}"), "assets[0].grows_on: must name at least one");
    expect_error(ASSET_SCENE("{\"kind\": \"tree\", \"patches\": {\"coverage\": 2}}"), "assets[0].patches.coverage:");
    expect_error("{\"grass\": [{}], \"assets\": {}}", "assets: expected an array");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cluster_order_is_a_permutation),
        cmocka_unit_test(test_scene_species), cmocka_unit_test(test_scene_tree_overrides),
        cmocka_unit_test(test_first_instances_spread_over_the_cluster),
        cmocka_unit_test(test_cluster_instances),
        cmocka_unit_test(test_patches_and_grows_on),
        cmocka_unit_test(test_clusters_near_the_eye),
        cmocka_unit_test(test_instance_fade),
        cmocka_unit_test(test_scene_assets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
