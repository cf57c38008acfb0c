/* test_undergrowth.c — the undergrowth that follows the trees' canopy (SPEC PL11's undergrowth, SH10's canopy rule;
 * shaders/shared/sw_canopy.h, src/place/canopy.c): the canopy map holds the signed distance to the nearest crown of
 * the trees the layer places (crown radius from the asset's level-0 bounds times the instance's scale); over a
 * 400 m square the ferns' and the grass's densities under the crowns, in the open and in the fringe are their
 * rules' multipliers of their densities; the ground's canopy rule puts the forest floor under the crowns; the
 * loader's messages for the rules. */
#include "scene_test_util.h"

#include "place/place.h"
#include "render/asset_chain.h"
#include "shared/sw_canopy.h"
#include "shared/sw_ground.h"

/* A flat 400 m square, 1 m map texels; a wood of one tree asset on the point set (6 m footprint, half the
 * set's points, in patches of about 60 m: woods and clearings); ferns and a grass type that follow it. */
#define WOOD(grass_rule, fern_rule, ground)                                                                   \
    "{\"terrain\": {\"size\": 400, \"resolution\": 201, \"map_resolution\": 400, \"fbm\": {\"amplitude\": 0}" \
    ground "},"                                                                                               \
    " \"grass\": [{\"name\": \"meadow\", \"density\": 2, \"clump\": {\"pull\": 0}" grass_rule "}],"           \
    " \"assets\": [{\"name\": \"oak\", \"kind\": \"tree\","                                                   \
    "  \"generate\": {\"seed\": 3, \"species\": \"oak\", \"age\": 0.3}, \"layer\": \"wood\","                 \
    "  \"placement\": \"dither\", \"footprint\": 6, \"density\": 0.015,"                                      \
    "  \"patches\": {\"scale\": 60, \"coverage\": 0.5}},"                                                     \
    "  {\"name\": \"fern\", \"kind\": \"fern\", \"density\": 0.5" fern_rule "}]}"

#define FERN_RULE                                                                                                  \
    ", \"canopy\": {\"layer\": \"wood\", \"under\": 1.0, \"open\": 0.2, \"fringe\": 0.6, \"fringe_width\": 3}"
#define GRASS_RULE ", \"canopy\": {\"layer\": \"wood\", \"under\": 0.25, \"open\": 1.0}"
#define GROUND_RULE ", \"ground\": {\"canopy\": {\"layer\": \"wood\", \"ground\": \"forest_floor\"}}"

#define MAX_TREES 8192

/* Every tree of asset 0 over the terrain, from the placement's clusters. */
static size_t trees(const sward_scene *s, sw_instance *out)
{
    static sw_instance inst[SW_CLUSTER_CANDIDATES];
    const float side = place_asset_spacing(&s->assets[0]) * (float)SW_CLUSTER_CELLS, half = 0.5f * s->terrain.size;
    size_t n = 0;
    for (int cj = (int)floorf(-half / side); cj <= (int)floorf(half / side); cj++)
        for (int ci = (int)floorf(-half / side); ci <= (int)floorf(half / side); ci++) {
            uint32_t m = place_asset_cluster(s, 0, ci * (int)SW_CLUSTER_CELLS, cj * (int)SW_CLUSTER_CELLS, inst);
            for (uint32_t k = 0; k < m; k++) {
                assert_true(n < MAX_TREES);
                out[n++] = inst[k];
            }
        }
    return n;
}

/* The tree asset's crown radius at scale 1, from its level 0 as the renderer builds it: the mean half-width. */
static float crown_of(const sward_scene *s)
{
    asset_chain c;
    sward_error err;
    assert_int_equal(render_asset_chain(s, 0, &c, &err), SWARD_OK);
    float r = 0.25f * ((c.lods[0].bounds_max[0] - c.lods[0].bounds_min[0]) +
                       (c.lods[0].bounds_max[2] - c.lods[0].bounds_min[2]));
    asset_chain_free(&c);
    return r;
}

/* The signed distance from (x, z) to the nearest crown, brute force. */
static double true_distance(const sw_instance *t, size_t n, float crown, double x, double z)
{
    double best = 1e30;
    for (size_t k = 0; k < n; k++) {
        double d = hypot((double)t[k].x - x, (double)t[k].z - z) - (double)crown * (double)t[k].scale;
        if (d < best) best = d;
    }
    return best;
}

/* The map at texel centres is the true signed distance to the nearest crown within its code's rounding. */
static void test_canopy_map_is_the_crowns(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(WOOD(GRASS_RULE, FERN_RULE, ""));
    const world_terrain *t = &s->terrain;
    assert_non_null(t->canopy);
    assert_int_equal(t->canopy_layer, s->assets[0].layer);
    const float crown = crown_of(s);
    print_message("crown radius %.3f m (assets[0].crown_radius %.3f)\n", (double)crown,
                  (double)s->assets[0].crown_radius);
    assert_true(crown > 1.0f);
    static sw_instance tr[MAX_TREES];
    size_t n = trees(s, tr);
    print_message("%zu trees\n", n);
    assert_true(n > 1000);
    int under = 0, checked = 0;
    for (int j = 3; j < t->map_res; j += 7)
        for (int i = 5; i < t->map_res; i += 7) {
            double x = -200.0 + (double)i + 0.5, z = -200.0 + (double)j + 0.5;
            double want = true_distance(tr, n, crown, x, z);
            float got = place_canopy_distance(t, (float)x, (float)z);
            if (want >= (double)SW_CANOPY_FAR - 0.2) continue; /* held as the farthest */
            if (fabs((double)got - want) > 0.5 * (double)SW_CANOPY_STEP + 1e-3)
                print_error("texel (%d, %d): distance %.3f, want %.3f\n", i, j, (double)got, want);
            assert_true(fabs((double)got - want) <= 0.5 * (double)SW_CANOPY_STEP + 1e-3);
            under += want < 0.0, checked++;
        }
    print_message("%d texels checked, %d under a crown\n", checked, under);
    assert_true(under > checked / 10 && under < checked * 9 / 10);
    sward_scene_destroy(s);
}

/* The cover, fringe and multiplier of the header at their plateaus and edge. */
static void test_rule_shape(void **state)
{
    (void)state;
    assert_true(sw_canopy_cover(-1.0f) == 1.0f && sw_canopy_cover(1.0f) == 0.0f && sw_canopy_cover(0.0f) == 0.5f);
    assert_true(sw_canopy_fringe(2.0f, 3.0f) == 1.0f && sw_canopy_fringe(5.0f, 3.0f) == 0.0f);
    assert_true(sw_canopy_density(-2.0f, 1.0f, 0.2f, 0.6f, 3.0f) == 1.0f);
    assert_true(fabsf(sw_canopy_density(2.0f, 1.0f, 0.2f, 0.6f, 3.0f) - 0.6f) < 1e-6f);
    assert_true(fabsf(sw_canopy_density(10.0f, 1.0f, 0.2f, 0.6f, 3.0f) - 0.2f) < 1e-6f);
    assert_int_equal(sw_canopy_distance(SW_CANOPY_ZERO), 0);
    assert_true(sw_canopy_under(SW_CANOPY_ZERO - 1u) && !sw_canopy_under(SW_CANOPY_ZERO));
}

enum { UNDER, FRINGE, OPEN, CLASSES };
static const char *const CLASS[CLASSES] = {"under", "fringe", "open"};

/* The class of a distance: under a crown, the fringe's plateau (3 m wide), the open; -1 on the soft edges. */
static int class_of(float d)
{
    const float soft = SW_CANOPY_SOFT;
    if (d < -0.5f * soft) return UNDER;
    if (d > 0.5f * soft && d < 3.0f) return FRINGE;
    if (d > 3.0f + soft) return OPEN;
    return -1;
}

/* Each class's area (m^2) over [lo, hi]^2, sampled every 0.25 m. */
static void class_areas(const world_terrain *t, float lo, float hi, double area[CLASSES])
{
    const float step = 0.25f;
    for (int c = 0; c < CLASSES; c++) area[c] = 0.0;
    for (float z = lo + 0.5f * step; z < hi; z += step)
        for (float x = lo + 0.5f * step; x < hi; x += step) {
            int c = class_of(place_canopy_distance(t, x, z));
            if (c >= 0) area[c] += (double)(step * step);
        }
}

/* Ferns over the square: in each class their density is the fern's density times its rule's multiplier (under 1,
 * fringe 0.6, open 0.2), within 8 %. */
static void test_fern_density_follows_the_rule(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(WOOD(GRASS_RULE, FERN_RULE, ""));
    const world_terrain *t = &s->terrain;
    double area[CLASSES], count[CLASSES] = {0};
    class_areas(t, -200.0f, 200.0f, area);
    static sw_instance inst[SW_CLUSTER_CANDIDATES];
    const float side = place_asset_spacing(&s->assets[1]) * (float)SW_CLUSTER_CELLS;
    for (int cj = (int)floorf(-200.0f / side); cj <= (int)floorf(200.0f / side); cj++)
        for (int ci = (int)floorf(-200.0f / side); ci <= (int)floorf(200.0f / side); ci++) {
            uint32_t m = place_asset_cluster(s, 1, ci * (int)SW_CLUSTER_CELLS, cj * (int)SW_CLUSTER_CELLS, inst);
            for (uint32_t k = 0; k < m; k++) {
                int c = class_of(place_canopy_distance(t, inst[k].x, inst[k].z));
                if (c >= 0) count[c] += 1.0;
            }
        }
    const double want[CLASSES] = {0.5 * 1.0, 0.5 * 0.6, 0.5 * 0.2};
    for (int c = 0; c < CLASSES; c++) {
        double got = count[c] / area[c];
        print_message("ferns %s: %.0f over %.0f m^2: %.4f / m^2, want %.4f\n", CLASS[c], count[c], area[c], got,
                      want[c]);
        assert_true(area[c] > 5000.0);
        assert_true(fabs(got / want[c] - 1.0) < 0.08);
    }
    sward_scene_destroy(s);
}

/* Grass blades over a 160 m square: under the crowns a quarter of the open's density, as its rule says, within
 * 6 %; the fringe as the open (the rule has no fringe). */
static void test_grass_density_follows_the_rule(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(WOOD(GRASS_RULE, FERN_RULE, ""));
    const world_terrain *t = &s->terrain;
    const float spacing = place_spacing(&s->materials[0]);
    const int n = (int)(160.0f / spacing), c0 = (int)floorf(-80.0f / spacing);
    sw_blade *b = malloc(place_cells_bound(n, n) * sizeof *b);
    assert_non_null(b);
    size_t nb = place_cells(s, 0, c0, c0, n, n, 0.0f, b);
    double area[CLASSES], count[CLASSES] = {0};
    const float lo = (float)c0 * spacing, hi = (float)(c0 + n) * spacing;
    class_areas(t, lo, hi, area);
    for (size_t k = 0; k < nb; k++) {
        int c = class_of(place_canopy_distance(t, b[k].x, b[k].z));
        if (c >= 0) count[c] += 1.0;
    }
    free(b);
    const double want[CLASSES] = {2.0 * 0.25, 2.0, 2.0};
    for (int c = 0; c < CLASSES; c++) {
        double got = count[c] / area[c];
        print_message("grass %s: %.0f blades over %.0f m^2: %.3f / m^2, want %.3f\n", CLASS[c], count[c], area[c], got,
                      want[c]);
        assert_true(area[c] > 1000.0);
        assert_true(fabs(got / want[c] - 1.0) < 0.06);
    }
    sward_scene_destroy(s);
}

/* SH10: with terrain.ground.canopy the texels whose centre is under a crown (the true distance) name the forest
 * floor, the others what they named before (no layer, no grass request here: none); a path layer beats it. */
static void test_ground_under_crowns(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(WOOD(GRASS_RULE, FERN_RULE, GROUND_RULE));
    const world_terrain *t = &s->terrain;
    assert_int_equal(t->ground.canopy, SW_GROUND_FOREST_FLOOR);
    static sw_instance tr[MAX_TREES];
    size_t n = trees(s, tr);
    const float crown = crown_of(s);
    int floor_n = 0, checked = 0;
    for (int j = 2; j < t->map_res; j += 9)
        for (int i = 4; i < t->map_res; i += 9) {
            double want = true_distance(tr, n, crown, -200.0 + (double)i + 0.5, -200.0 + (double)j + 0.5);
            if (fabs(want) < (double)SW_CANOPY_STEP) continue; /* on an edge: the code's rounding decides */
            sw_uint code = t->canopy[(size_t)j * (size_t)t->map_res + (size_t)i];
            sw_uint canopy = sw_canopy_under(code) ? t->ground.canopy : SW_GROUND_NONE;
            sw_uint got = sw_ground_texel(SW_GROUND_NONE, canopy, SW_GROUND_NONE, true);
            assert_int_equal(got, want < 0.0 ? SW_GROUND_FOREST_FLOOR : SW_GROUND_NONE);
            assert_int_equal(sw_ground_texel(SW_GROUND_PATH, canopy, SW_GROUND_NONE, true), SW_GROUND_PATH);
            floor_n += want < 0.0, checked++;
        }
    print_message("%d texels, %d forest floor\n", checked, floor_n);
    assert_true(floor_n > checked / 10 && floor_n < checked * 9 / 10);
    sward_scene_destroy(s);
    /* without the rule no texel names one */
    s = expect_ok(WOOD(GRASS_RULE, FERN_RULE, ""));
    assert_int_equal(s->terrain.ground.canopy, SW_GROUND_NONE);
    sward_scene_destroy(s);
}

/* Scenes without a rule build no canopy. */
static void test_no_rule_no_canopy(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(WOOD("", "", ""));
    assert_null(s->terrain.canopy);
    assert_int_equal(s->terrain.canopy_layer, 0);
    assert_true(place_canopy_density(&s->terrain, &s->assets[1].canopy, 0.0f, 0.0f) == 1.0f);
    sward_scene_destroy(s);
}

static void test_loader_errors(void **state)
{
    (void)state;
    expect_error(WOOD(", \"canopy\": {\"under\": 1}", "", ""),
                 "t.json: grass[0].canopy.layer: missing required field");
    expect_error(WOOD(", \"canopy\": {\"layer\": \"copse\"}", "", ""),
                 "t.json: grass[0].canopy.layer: no asset has the layer \"copse\"");
    expect_error(WOOD(", \"canopy\": {\"layer\": \"wood\", \"under\": -1}", "", ""),
                 "grass[0].canopy.under: must be >= 0");
    expect_error(WOOD(", \"canopy\": {\"layer\": \"wood\", \"fringe_width\": 20}", "", ""),
                 "grass[0].canopy.fringe_width: must be <= 14.5");
    expect_error(WOOD(", \"canopy\": {\"layer\": \"wood\", \"shade\": 1}", "", ""),
                 "grass[0].canopy.shade: unknown field");
    expect_error(WOOD("", ", \"canopy\": 1", ""), "assets[1].canopy: expected an object, got a number");
    expect_error(WOOD("", ", \"layer\": \"shrubs\", \"canopy\": {\"layer\": \"shrubs\"}", ""),
                 "assets[1].canopy: \"fern\" is of the layer \"shrubs\" that casts the canopy: it cannot follow it");
    expect_error(WOOD(GRASS_RULE, ", \"layer\": \"shrubs\", \"canopy\": {\"layer\": \"wood\"}",
                      ", \"ground\": {\"canopy\": {\"layer\": \"shrubs\", \"ground\": \"moss\"}}"),
                 "terrain.ground.canopy.layer: one layer casts the scene's canopy: \"wood\" (grass[0].canopy.layer), "
                 "got \"shrubs\"");
    expect_error("{\"terrain\": {\"size\": 256, \"resolution\": 257, \"stream\": {\"window\": 200, \"page\": 64}},"
                 " \"grass\": [{\"canopy\": {\"layer\": \"wood\"}}], \"render\": {\"draw_distance\": 30},"
                 " \"assets\": [{\"kind\": \"tree\", \"layer\": \"wood\"}]}",
                 "grass[0].canopy: a canopy is baked from the whole terrain at load: not with terrain.world or "
                 "terrain.stream");
    expect_error(WOOD("", "", ", \"ground\": {\"canopy\": {\"layer\": \"wood\"}}"),
                 "terrain.ground.canopy.ground: missing required field");
    expect_error(WOOD("", "", ", \"ground\": {\"canopy\": {\"layer\": \"wood\", \"ground\": \"leaves\"}}"),
                 "terrain.ground.canopy.ground: no ground material is named \"leaves\"");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canopy_map_is_the_crowns),     cmocka_unit_test(test_rule_shape),
        cmocka_unit_test(test_fern_density_follows_the_rule), cmocka_unit_test(test_grass_density_follows_the_rule),
        cmocka_unit_test(test_ground_under_crowns),          cmocka_unit_test(test_no_rule_no_canopy),
        cmocka_unit_test(test_loader_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
