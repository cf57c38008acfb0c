/* test_dither_points.c — the ordered-dither point set of asset placement (SPEC PL11): the table against its
 * generator, the disk packing and the thresholds' order, and the placement of dither assets over a 500 m square:
 * the minimum distance between trees, the fraction kept against the density, the forest decode's classes, a
 * layer's species on disjoint points, and trees that stay put when the terrain's origin or the clusters asked
 * change. `unit_dither_points --write FILE` writes the table (shaders/shared/sw_dither_table.h). */
#include "scene_test_util.h"

#include "place/place.h"

#define FULL_TREES(d) world_asset_dither_full(&(d)->assets[0])

/* The generator's output is the committed table, point for point. */
static void test_table_is_the_generators(void **state)
{
    (void)state;
    static sw_uint gen[SW_DITHER_POINTS];
    assert_true(place_dither_generate(gen));
    for (uint32_t k = 0; k < SW_DITHER_POINTS; k++) assert_int_equal(gen[k], SW_DITHER_TABLE[k]);
}

/* A disk packing on the torus: no two points closer than SW_DITHER_R lattice steps, across the tile's edges too,
 * whatever the shift; and every point distinct. */
static void test_disk_packing(void **state)
{
    (void)state;
    static sw_uint p[SW_DITHER_POINTS];
    const sw_uint shifts[3] = {0u, sw_dither_shift(SW_ASSET_SALT, 7u), SW_DITHER_Q - 1u};
    for (int s = 0; s < 3; s++) {
        for (uint32_t k = 0; k < SW_DITHER_POINTS; k++) p[k] = sw_dither_point(k, shifts[s]);
        assert_true(place_dither_min_d2(p, SW_DITHER_POINTS) >= (int)(SW_DITHER_R * SW_DITHER_R));
    }
    /* the tile's side in footprints is Q / R: R lattice steps are one footprint */
    assert_true(SW_DITHER_TILE_PER_FOOTPRINT == (float)SW_DITHER_Q / (float)SW_DITHER_R);
}

/* The thresholds' order: the points below t are an even subset, their least distance at least 0.8 R / sqrt(t) up to
 * t = 0.5 (the spacing a packing of t N points would have; measured: 1.00, 0.90, 0.87 R / sqrt(t) at t = 1/16,
 * 1/4, 1/2), and above half the set's own R. */
static void test_threshold_order_spreads(void **state)
{
    (void)state;
    const float ts[4] = {0.0625f, 0.25f, 0.5f, 0.75f};
    for (int i = 0; i < 4; i++) {
        uint32_t n = (uint32_t)(ts[i] * (float)SW_DITHER_POINTS);
        double d = sqrt((double)place_dither_min_d2(SW_DITHER_TABLE, n));
        double want = 0.8 * (double)SW_DITHER_R / sqrt((double)ts[i]);
        if (ts[i] > 0.5f) want = (double)SW_DITHER_R; /* past half, the packing's own distance bounds it */
        print_message("t %.4f: least distance %.1f steps (0.8 R / sqrt(t) = %.1f)\n", (double)ts[i], d,
                      0.8 * (double)SW_DITHER_R / sqrt((double)ts[i]));
        assert_true(d >= want);
    }
}

#define TREES(extra, asset)                                                                                        \
    "{\"terrain\": {\"size\": " extra ", \"resolution\": 129, \"fbm\": {\"amplitude\": 0}}, \"grass\": [{\"name\": " \
    "\"meadow\"}], \"assets\": [" asset "]}"

/* Every instance of asset `a` over the terrain, through the clusters an eye at (ex, ez) asks for. */
static size_t all_instances(const sward_scene *s, uint32_t a, float ex, float ez, sw_instance *out, size_t cap)
{
    static sw_cluster cl[4096];
    static sw_instance inst[SW_CLUSTER_CANDIDATES];
    float reach[WORLD_MAX_ASSETS];
    for (int i = 0; i < WORLD_MAX_ASSETS; i++) reach[i] = 1.0e5f;
    float eye[3] = {ex, 0.0f, ez};
    size_t nc = place_asset_clusters(s, eye, reach, cl, 4096, NULL), total = 0;
    for (size_t c = 0; c < nc; c++) {
        if (cl[c].asset != a) continue;
        uint32_t n = place_asset_cluster(s, a, cl[c].ci0, cl[c].cj0, inst);
        for (uint32_t q = 0; q < n; q++) {
            assert_true(total < cap);
            out[total++] = inst[q];
        }
    }
    return total;
}

/* The least horizontal distance between two of n instances (m). */
static double min_distance(const sw_instance *p, size_t n)
{
    double best = 1e30;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double dx = (double)p[i].x - (double)p[j].x, dz = (double)p[i].z - (double)p[j].z;
            double d = dx * dx + dz * dz;
            if (d < best) best = d;
        }
    return sqrt(best);
}

static sw_instance g_a[20000], g_b[20000];

/* Over 500 m x 500 m: at full density the trees are at least 0.9 footprint apart (the packing gives 1.0), and the
 * fraction of the points kept is the density's share of the full set within 3 %, at several densities. */
static void test_spacing_and_density(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(TREES("500", "{\"kind\": \"tree\", \"placement\": \"dither\", \"density\": 1}"));
    assert_true(s->assets[0].dither && s->assets[0].footprint == 6.0f);
    size_t full = all_instances(s, 0, 0.0f, 0.0f, g_a, 20000);
    double area_full = (double)FULL_TREES(s) * 500.0 * 500.0;
    assert_true(fabs((double)full / area_full - 1.0) < 0.03); /* the density of 1 is above the set's: all of it */
    double d = min_distance(g_a, full);
    print_message("%zu trees at full density, least distance %.3f m (footprint 6)\n", full, d);
    assert_true(d >= 0.9 * 6.0);
    sward_scene_destroy(s);
    const double fractions[4] = {0.1, 0.3, 0.6, 0.85};
    for (int i = 0; i < 4; i++) {
        char json[512];
        snprintf(json, sizeof json,
                 TREES("500", "{\"kind\": \"tree\", \"placement\": \"dither\", \"footprint\": 4, \"density\": %.9g}"),
                 fractions[i] * 1024.0 / (4.0 * 40.96 * 4.0 * 40.96));
        s = expect_ok(json);
        size_t n = all_instances(s, 0, 0.0f, 0.0f, g_b, 20000);
        double want = (double)s->assets[0].density * 500.0 * 500.0;
        print_message("density %.2f of the set: %zu trees, %.0f expected\n", fractions[i], n, want);
        assert_true(fabs((double)n / want - 1.0) < 0.03);
        /* the subset keeps its spacing: at least 0.8 footprint / sqrt(fraction), as the table's order does */
        double least = fractions[i] > 0.5 ? 0.9 * 4.0 : 0.8 * 4.0 / sqrt(fractions[i]);
        assert_true(min_distance(g_b, n) >= least);
        sward_scene_destroy(s);
    }
}

/* The forest decode: the painted value (areas over a base of 0) puts sparse trees, the forest's edge and the inner
 * forest where it says, each at its class's density and with its scale factor. */
static void test_forest_decode(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(
        "{\"terrain\": {\"size\": 600, \"resolution\": 129, \"fbm\": {\"amplitude\": 0}}, \"grass\": [{\"name\": "
        "\"meadow\"}], \"assets\": [{\"name\": \"oak\", \"kind\": \"tree\", \"placement\": \"dither\", \"footprint\": 3, "
        "\"density\": 0.1, \"base_density\": 0, \"scale\": [1, 1], \"forest\": {\"edge\": 0.3, \"inner\": 0.7, "
        "\"density\": [0.1, 0.4, 0.9], \"scale\": [1.3, 0.7, 1.2]}}], \"areas\": ["
        "{\"types\": [\"oak\"], \"density\": 0.015, \"polygon\": [[-300, -300], [-100, -300], [-100, 300], [-300, 300]]},"
        "{\"types\": [\"oak\"], \"density\": 0.05, \"polygon\": [[-100, -300], [100, -300], [100, 300], [-100, 300]]},"
        "{\"types\": [\"oak\"], \"density\": 0.09, \"polygon\": [[100, -300], [200, -300], [200, 300], [100, 300]]}]}");
    size_t n = all_instances(s, 0, 0.0f, 0.0f, g_a, 20000);
    const double full = (double)FULL_TREES(s);
    /* the bands: x in [-300, -100) v = 0.15 sparse, [-100, 100) 0.5 edge, [100, 200) 0.9 inner, beyond none */
    const double lo[3] = {-300.0, -100.0, 100.0}, hi[3] = {-100.0, 100.0, 200.0}, dens[3] = {0.1, 0.4, 0.9};
    const float scl[3] = {1.3f, 0.7f, 1.2f};
    size_t count[3] = {0};
    for (size_t i = 0; i < n; i++) {
        double x = (double)g_a[i].x;
        assert_true(x < 200.0);
        for (int b = 0; b < 3; b++)
            if (x >= lo[b] && x < hi[b]) {
                count[b]++;
                assert_true(g_a[i].scale == scl[b]);
            }
    }
    for (int b = 0; b < 3; b++) {
        /* inside the band, away from its edges' partial cells: its density within 5 % (600 m x 100-200 m) */
        double want = dens[b] * full * (hi[b] - lo[b]) * 600.0;
        print_message("class %d: %zu trees, %.0f expected\n", b + 1, count[b], want);
        assert_true(fabs((double)count[b] / want - 1.0) < 0.05);
    }
    assert_int_equal(sw_forest_class(0.0f, 0.3f, 0.7f), 0);
    assert_int_equal(sw_forest_class(0.29f, 0.3f, 0.7f), 1);
    assert_int_equal(sw_forest_class(0.3f, 0.3f, 0.7f), 2);
    assert_int_equal(sw_forest_class(0.7f, 0.3f, 0.7f), 3);
    sward_scene_destroy(s);
}

static int cmp_inst(const void *pa, const void *pb)
{
    const sw_instance *a = pa, *b = pb;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    return a->z < b->z ? -1 : a->z > b->z;
}


#define BANDS_SCENE(gen)                                                                                               \
    "{\"terrain\": {\"size\": 600, \"resolution\": 129, \"fbm\": {\"amplitude\": 0}}, \"grass\": [{\"name\": "         \
    "\"meadow\"}], \"assets\": [{\"name\": \"oak\", \"kind\": \"tree\", " gen "\"placement\": \"dither\", "            \
    "\"footprint\": 3, \"density\": 0.1, \"base_density\": 0, \"scale\": [1, 1], \"forest\": {\"edge\": 0.3, "           \
    "\"inner\": 0.7, \"density\": [0.1, 0.4, 0.9], \"scale\": [1.3, 0.7, 1.2]}}], \"areas\": ["                        \
    "{\"types\": [\"oak\"], \"density\": 0.015, \"polygon\": [[-300, -300], [-100, -300], [-100, 300], [-300, 300]]},"  \
    "{\"types\": [\"oak\"], \"density\": 0.05, \"polygon\": [[-100, -300], [100, -300], [100, 300], [-100, 300]]},"    \
    "{\"types\": [\"oak\"], \"density\": 0.09, \"polygon\": [[100, -300], [200, -300], [200, 300], [100, 300]]}]}"

/* A species' forest is baked per class: the loader appends the edge's and the inner forest's trees as two assets
 * placed on the first one's point set, patches and areas; each keeps only its class's points, and together they
 * are exactly the trees of the same forest without the species (positions and scales). */
static void test_forest_class_variants(void **state)
{
    (void)state;
    sward_scene *plain = expect_ok(BANDS_SCENE(""));
    sward_scene *s = expect_ok(BANDS_SCENE("\"generate\": {\"species\": \"oak\", \"tree\": {\"flare\": 0.5}}, "));
    assert_int_equal(plain->asset_count, 1);
    assert_int_equal(s->asset_count, 3);
    assert_string_equal(s->assets[1].name, "oak.edge");
    assert_string_equal(s->assets[2].name, "oak.inner");
    size_t total = 0;
    const double lo[3] = {-300.0, -100.0, 100.0}, hi[3] = {-100.0, 100.0, 200.0};
    for (uint32_t a = 0; a < 3; a++) {
        assert_int_equal(s->assets[a].forest_class, a + 1);
        assert_int_equal(s->assets[a].tree_count, 1);
        size_t n = all_instances(s, a, 0.0f, 0.0f, g_b + total, 20000 - total);
        print_message("%s: %zu trees\n", s->assets[a].name, n);
        assert_true(n > 100);
        for (size_t i = 0; i < n; i++)
            assert_true(g_b[total + i].x >= lo[a] - 1e-3 && g_b[total + i].x < hi[a] + 1e-3);
        total += n;
    }
    size_t n = all_instances(plain, 0, 0.0f, 0.0f, g_a, 20000);
    assert_int_equal(total, n);
    qsort(g_a, n, sizeof *g_a, cmp_inst);
    qsort(g_b, n, sizeof *g_b, cmp_inst);
    for (size_t i = 0; i < n; i++) {
        assert_true(g_a[i].x == g_b[i].x && g_a[i].z == g_b[i].z);
        assert_true(g_a[i].scale == g_b[i].scale && g_a[i].yaw_hash == g_b[i].yaw_hash);
    }
    sward_scene_destroy(plain);
    sward_scene_destroy(s);
    expect_error(TREES("200", "{\"kind\": \"fern\"}, {\"kind\": \"fern\"}, {\"kind\": \"fern\"}, {\"kind\": \"fern\"}, "
                              "{\"kind\": \"fern\"}, {\"kind\": \"fern\"}, {\"kind\": \"tree\", \"generate\": {\"species\": "
                              "\"pine\"}, \"placement\": \"dither\", \"forest\": {}}"),
                 "assets[6].forest: a species' forest bakes its edge and inner trees as two more assets");
}

/* Two species of one layer share the point set and split its thresholds: no point holds both, each keeps its
 * share, and together they keep the spacing of one set. */
static void test_layer_shares_the_points(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(TREES("500", "{\"name\": \"oak\", \"kind\": \"tree\", \"placement\": \"dither\", \"density\": "
                                            "0.006, \"layer\": \"wood\"}, {\"name\": \"pine\", \"kind\": \"tree\", "
                                            "\"placement\": \"dither\", \"density\": 0.003, \"layer\": \"wood\"}"));
    size_t na = all_instances(s, 0, 0.0f, 0.0f, g_a, 20000);
    size_t nb = all_instances(s, 1, 0.0f, 0.0f, g_b, 20000);
    qsort(g_a, na, sizeof *g_a, cmp_inst);
    qsort(g_b, nb, sizeof *g_b, cmp_inst);
    size_t shared = 0;
    for (size_t i = 0; i < nb; i++) shared += bsearch(&g_b[i], g_a, na, sizeof *g_a, cmp_inst) != NULL;
    assert_int_equal(shared, 0);
    print_message("oak %zu, pine %zu (expected %.0f, %.0f)\n", na, nb, 0.006 * 250000.0, 0.003 * 250000.0);
    assert_true(fabs((double)na / (0.006 * 250000.0) - 1.0) < 0.05);
    assert_true(fabs((double)nb / (0.003 * 250000.0) - 1.0) < 0.05);
    memcpy(g_a + na, g_b, nb * sizeof *g_b);
    assert_true(min_distance(g_a, na + nb) >= 0.9 * 6.0);
    /* the layer's species must share the point set */
    expect_error(TREES("500", "{\"name\": \"oak\", \"kind\": \"tree\", \"placement\": \"dither\", \"layer\": \"w\"}, "
                              "{\"name\": \"pine\", \"kind\": \"tree\", \"placement\": \"dither\", \"footprint\": 5, "
                              "\"layer\": \"w\"}"),
                 "assets[1].footprint: the assets of layer \"w\" share one point set");
    sward_scene_destroy(s);
}

/* PL4: a tree depends on its world position only: a terrain of another size (another grid origin) and clusters
 * asked from another eye give the same trees where both have them. */
static void test_locally_stable(void **state)
{
    (void)state;
    sward_scene *s1 = expect_ok(TREES("500", "{\"kind\": \"tree\", \"placement\": \"dither\", \"density\": 0.008}"));
    sward_scene *s2 = expect_ok(TREES("430", "{\"kind\": \"tree\", \"placement\": \"dither\", \"density\": 0.008}"));
    size_t na = all_instances(s1, 0, 0.0f, 0.0f, g_a, 20000);
    size_t nb = all_instances(s2, 0, 180.0f, -77.0f, g_b, 20000);
    qsort(g_a, na, sizeof *g_a, cmp_inst);
    size_t inside = 0;
    for (size_t i = 0; i < nb; i++) {
        const sw_instance *m = bsearch(&g_b[i], g_a, na, sizeof *g_a, cmp_inst);
        assert_non_null(m);
        assert_true(m->scale == g_b[i].scale && m->yaw_hash == g_b[i].yaw_hash);
        inside++;
    }
    size_t expect = 0; /* and every tree of the larger square inside the smaller one is there */
    for (size_t i = 0; i < na; i++) expect += fabsf(g_a[i].x) <= 215.0f && fabsf(g_a[i].z) <= 215.0f;
    assert_int_equal(inside, expect);
    assert_true(inside > 1000);
    sward_scene_destroy(s1);
    sward_scene_destroy(s2);
}

/* The scene's fields: placement, footprint and forest, with their errors. */
static void test_scene_fields(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(TREES("200", "{\"kind\": \"tree\"}, {\"kind\": \"fern\", \"placement\": \"dither\"},"
                                            "{\"kind\": \"rock\", \"placement\": \"grid\"}"));
    assert_false(s->assets[0].dither);
    assert_true(s->assets[1].dither && !s->assets[1].forest && s->assets[1].footprint == 1.0f);
    assert_true(!s->assets[2].dither && s->assets[2].footprint == 2.0f);
    assert_true(s->assets[0].forest_edge == 0.3f && s->assets[0].forest_inner == 0.7f);
    sward_scene_destroy(s);
    expect_error(TREES("200", "{\"kind\": \"tree\", \"placement\": \"poisson\"}"),
                 "assets[0].placement: must be \"grid\" or \"dither\", got \"poisson\"");
    expect_error(TREES("200", "{\"kind\": \"tree\", \"footprint\": 0}"), "assets[0].footprint:");
    expect_error(TREES("200", "{\"kind\": \"tree\", \"forest\": {}}"), "assets[0].placement: must be \"dither\" with \"forest\"");
    expect_error(TREES("200", "{\"kind\": \"tree\", \"placement\": \"dither\", \"forest\": {\"edge\": 0.8}}"),
                 "assets[0].forest.edge: must be <= inner (0.7), got 0.8");
    expect_error(TREES("200", "{\"kind\": \"tree\", \"placement\": \"dither\", \"forest\": {\"density\": [1, 2, 3]}}"),
                 "assets[0].forest.density[1]:");
    expect_error(TREES("200", "{\"kind\": \"flower\", \"placement\": \"dither\", \"footprint\": 0.05, \"draw_distance\": 150}"),
                 "too many candidates: the point set's density");
}

/* Writes the table of shaders/shared/sw_dither_table.h. */
static int write_table(const char *path)
{
    static sw_uint p[SW_DITHER_POINTS];
    if (!place_dither_generate(p)) return 1;
    FILE *f = fopen(path, "w");
    if (!f) return 1;
    fprintf(f, "/* sw_dither_table.h — written by `unit_dither_points --write FILE` (src/place/dither_points.c): the\n"
               " * point set of sw_dither_points.h in threshold order, x | z << SW_DITHER_Q_BITS. Not edited by hand. */\n"
               "SW_TABLE_BEGIN(sw_uint, SW_DITHER_TABLE, %u)\n", SW_DITHER_POINTS);
    for (uint32_t k = 0; k < SW_DITHER_POINTS; k++)
        fprintf(f, "0x%06xu%s", p[k], k + 1 == SW_DITHER_POINTS ? "\n" : (k % 10 == 9 ? ",\n" : ", "));
    fprintf(f, "SW_TABLE_END\n");
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--write")) return write_table(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_is_the_generators),  cmocka_unit_test(test_disk_packing),
        cmocka_unit_test(test_threshold_order_spreads),  cmocka_unit_test(test_spacing_and_density),
        cmocka_unit_test(test_forest_decode),            cmocka_unit_test(test_layer_shares_the_points),
        cmocka_unit_test(test_locally_stable),           cmocka_unit_test(test_scene_fields),
        cmocka_unit_test(test_forest_class_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
