/* test_areas.c — density areas and asset layers (SPEC PL2; Frictional "Plant Placement Data", HZD's layered
 * exclusion): polygon containment against an independent reference, overlapping areas clamped to the maximum, a
 * negative area clearing its inside, base_density, the layer's one-asset-per-point rule and its shares, and the
 * loader's messages for malformed areas. */
#include "scene_test_util.h"

#include "place/place.h"

#define FLAT "\"terrain\": {\"size\": 100, \"resolution\": 65, \"fbm\": {\"amplitude\": 0}}"
#define MEADOW "{\"name\": \"meadow\", \"density\": 20, \"clump\": {\"size\": 0}%s}"

/* An independent point-in-polygon test (crossing number, double); also the distance to the boundary. */
static bool ref_inside(const double (*p)[2], int n, double x, double z, double *edge_dist)
{
    bool in = false;
    double best = INFINITY;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if ((p[i][1] > z) != (p[j][1] > z) && x < (p[j][0] - p[i][0]) * (z - p[i][1]) / (p[j][1] - p[i][1]) + p[i][0])
            in = !in;
        double ex = p[i][0] - p[j][0], ez = p[i][1] - p[j][1];
        double t = ((x - p[j][0]) * ex + (z - p[j][1]) * ez) / (ex * ex + ez * ez);
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
        double dx = p[j][0] + t * ex - x, dz = p[j][1] + t * ez - z;
        best = fmin(best, sqrt(dx * dx + dz * dz));
    }
    *edge_dist = best;
    return in;
}

static uint32_t rng_next(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static double rng_unit(uint32_t *s)
{
    return (double)rng_next(s) / 16777216.0;
}

/* PL2: random convex polygons (points on a circle in angle order), given clockwise and counter-clockwise: the
 * loaded area's sw_area_contains agrees with the crossing-number reference away from the boundary. */
static void test_polygon_containment(void **state)
{
    (void)state;
    uint32_t rng = 7u;
    int checked = 0, inside = 0;
    for (int poly = 0; poly < 24; poly++) {
        int n = 3 + (int)(rng_next(&rng) % 10);
        double ang[16], p[16][2], cx = rng_unit(&rng) * 40.0 - 20.0, cz = rng_unit(&rng) * 40.0 - 20.0;
        for (int k = 0; k < n; k++)
            ang[k] = rng_unit(&rng) * 6.283185307179586;
        for (int a = 1; a < n; a++) /* sort: a convex polygon */
            for (int b = a; b > 0 && ang[b] < ang[b - 1]; b--) {
                double t = ang[b];
                ang[b] = ang[b - 1];
                ang[b - 1] = t;
            }
        bool clockwise = poly & 1;
        char json[4096], pts[2048] = "";
        size_t used = 0;
        for (int k = 0; k < n; k++) {
            int q = clockwise ? n - 1 - k : k;
            const double r = 15.0; /* points on a circle in angle order: convex */
            p[k][0] = (double)(float)(cx + r * cos(ang[q]));
            p[k][1] = (double)(float)(cz + r * sin(ang[q]));
            used += (size_t)snprintf(pts + used, sizeof pts - used, "%s[%.9g, %.9g]", k ? ", " : "", p[k][0], p[k][1]);
        }
        /* skip nearly degenerate draws (two angles within a hair): the loader rightly refuses some of them */
        bool degenerate = ang[0] + 6.283185307179586 - ang[n - 1] < 1e-2;
        for (int k = 0; k + 1 < n; k++)
            degenerate |= ang[k + 1] - ang[k] < 1e-2;
        if (degenerate) continue;
        snprintf(json, sizeof json,
                 "{" FLAT
                 ", \"grass\": [{\"name\": \"meadow\"}], \"areas\": [{\"types\": [\"meadow\"], \"density\": 1, "
                 "\"polygon\": [%s]}]}",
                 pts);
        sward_scene *s = expect_ok(json);
        assert_int_equal(s->area_count, 1);
        for (int k = 0; k < 400; k++) {
            double x = cx + (rng_unit(&rng) * 2.0 - 1.0) * 18.0, z = cz + (rng_unit(&rng) * 2.0 - 1.0) * 18.0;
            float fx = (float)x, fz = (float)z;
            double dist;
            bool want = ref_inside((const double(*)[2])p, n, (double)fx, (double)fz, &dist);
            if (dist < 1e-3) continue;
            bool got = sw_area_contains(s->areas[0], fx, fz);
            if (got != want)
                fail_msg("polygon %d (%s), point (%g, %g): got %d, want %d", poly, clockwise ? "cw" : "ccw", x, z, got,
                         want);
            checked++;
            inside += want;
        }
        sward_scene_destroy(s);
    }
    assert_true(checked > 4000);
    assert_true(inside > 500 && inside < checked - 500);
}

/* The blades of grass type 0 over the whole terrain (every cell of its grid). */
static size_t place_all(const sward_scene *s, sw_blade **out)
{
    float sp = place_spacing(&s->materials[0]);
    int half = (int)ceilf(0.5f * s->terrain.size / sp) + 1;
    *out = malloc(sizeof(sw_blade) * place_cells_bound(2 * half, 2 * half));
    assert_non_null(*out);
    return place_cells(s, 0, -half, -half, 2 * half, 2 * half, 0.0f, *out);
}

static bool in_circle(float x, float z, float cx, float cz, float r)
{
    return (x - cx) * (x - cx) + (z - cz) * (z - cz) <= r * r;
}

/* PL2: two overlapping areas of 15 / m^2 over a base of 0 on a type of maximum 20: inside one, about 15 / m^2;
 * in the overlap, the sum 30 is clamped to the maximum, every candidate grows and no more (20 / m^2); outside,
 * none. */
static void test_overlap_clamped_to_max(void **state)
{
    (void)state;
    char json[1024];
    snprintf(json, sizeof json,
             "{" FLAT ", \"grass\": [" MEADOW "], \"areas\": ["
             "{\"types\": [\"meadow\"], \"density\": 15, \"circle\": {\"center\": [-6, 0], \"radius\": 10}},"
             "{\"types\": [\"meadow\"], \"density\": 15, \"circle\": {\"center\": [6, 0], \"radius\": 10}}]}",
             ", \"base_density\": 0");
    sward_scene *s = expect_ok(json);
    sw_blade *b;
    size_t n = place_all(s, &b);
    size_t one = 0, both = 0, outside = 0;
    for (size_t k = 0; k < n; k++) {
        bool a = in_circle(b[k].x, b[k].z, -6, 0, 10), c = in_circle(b[k].x, b[k].z, 6, 0, 10);
        if (a && c)
            both++;
        else if (a || c)
            one++;
        else
            outside++;
    }
    /* candidates in the overlap: all of them grow (fraction 1), none beyond */
    float sp = place_spacing(&s->materials[0]);
    size_t cand_both = 0, cand_one = 0;
    for (int j = -80; j < 80; j++)
        for (int i = -120; i < 120; i++) {
            sw_candidate c = sw_candidate_at(i, j, 0u, s->render.settings.seed, sp);
            bool a = in_circle(c.x, c.z, -6, 0, 10), d = in_circle(c.x, c.z, 6, 0, 10);
            cand_both += a && d;
            cand_one += a != d;
            float f = place_area_fraction(s, 1u, 0.0f, 20.0f, 1.0f / 20.0f, c.x, c.z);
            assert_true(f >= 0.0f && f <= 1.0f);
        }
    print_message("overlap %zu of %zu candidates, one area %zu of %zu, outside %zu\n", both, cand_both, one, cand_one,
                  outside);
    assert_int_equal(outside, 0);
    assert_int_equal(both, cand_both);
    double lens = 2.0 * 100.0 * acos(6.0 / 10.0) - 6.0 * sqrt(400.0 - 144.0); /* the overlap's area, m^2 */
    assert_true(fabs((double)both / lens - 20.0) < 1.5);
    double ratio = (double)one / (double)cand_one;
    assert_true(fabs(ratio - 0.75) < 0.04);
    free(b);
    sward_scene_destroy(s);
}

/* PL2: a negative area clears its inside (base = max), while base_density alone thins the rest. */
static void test_negative_area_clears(void **state)
{
    (void)state;
    char json[1024];
    snprintf(json, sizeof json,
             "{" FLAT ", \"grass\": [" MEADOW "], \"areas\": ["
             "{\"types\": [\"meadow\"], \"density\": -50, \"polygon\": [[-10, -10], [10, -10], [10, 10], [-10, 10]]}]}",
             ", \"base_density\": 5");
    sward_scene *s = expect_ok(json);
    sw_blade *b;
    size_t n = place_all(s, &b);
    size_t inside = 0;
    for (size_t k = 0; k < n; k++)
        inside += fabsf(b[k].x) <= 10.0f && fabsf(b[k].z) <= 10.0f;
    assert_int_equal(inside, 0);
    double density = (double)n / (100.0 * 100.0 - 400.0);
    print_message("%zu blades, %.2f / m^2 outside the area (base 5)\n", n, density);
    assert_true(fabs(density - 5.0) < 0.3);
    free(b);
    sward_scene_destroy(s);
}

/* Without areas and base_density the placement is the one before PL2: the same blades whether a type is named
 * by an area elsewhere or not (the fraction is exactly 1 where no area is). */
static void test_no_area_same_blades(void **state)
{
    (void)state;
    char a[1024], c[1024];
    snprintf(a, sizeof a, "{" FLAT ", \"grass\": [" MEADOW "]}", "");
    snprintf(c, sizeof c,
             "{" FLAT ", \"grass\": [" MEADOW "], \"areas\": [{\"types\": [\"meadow\"], \"density\": 5, \"circle\": "
             "{\"center\": [400, 400], \"radius\": 1}}]}",
             "");
    sward_scene *s1 = expect_ok(a), *s2 = expect_ok(c);
    assert_true(place_material_gpu(&s2->materials[0]).flags & SW_MAT_AREAS);
    sw_blade *b1, *b2;
    size_t n1 = place_all(s1, &b1), n2 = place_all(s2, &b2);
    assert_int_equal(n1, n2);
    assert_memory_equal(b1, b2, n1 * sizeof *b1);
    free(b1);
    free(b2);
    sward_scene_destroy(s1);
    sward_scene_destroy(s2);
}

#define ASSETS(a, b, extra)                                                                                            \
    "{\"terrain\": {\"size\": 200, \"resolution\": 65, \"fbm\": {\"amplitude\": 0}}, \"grass\": [{\"name\": "          \
    "\"meadow\"}], \"assets\": [{\"name\": \"fern\", \"kind\": \"fern\", \"density\": " a                              \
    ", \"layer\": \"under\"}, {\"name\": \"bush\", \"kind\": \"bush\", \"density\": " b ", \"layer\": \"under\"}, "    \
    "{\"name\": \"rock\", \"kind\": \"rock\", \"density\": 0.1}]" extra "}"

static int cmp_xz(const void *pa, const void *pb)
{
    const float *a = pa, *b = pb;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return a[1] < b[1] ? -1 : a[1] > b[1];
}

/* The instances of an asset over the terrain (its clusters over the whole square). */
static size_t asset_all(const sward_scene *s, uint32_t asset, float *xz, size_t cap)
{
    static sw_instance inst[SW_CLUSTER_CANDIDATES];
    float side = place_asset_spacing(&s->assets[asset]) * (float)SW_CLUSTER_CELLS;
    int n = (int)ceilf(0.5f * s->terrain.size / side) + 1;
    size_t total = 0;
    for (int j = -n; j < n; j++)
        for (int i = -n; i < n; i++) {
            uint32_t k = place_asset_cluster(s, asset, i * (int)SW_CLUSTER_CELLS, j * (int)SW_CLUSTER_CELLS, inst);
            for (uint32_t q = 0; q < k; q++) {
                assert_true(total < cap);
                xz[2 * total] = inst[q].x;
                xz[2 * total + 1] = inst[q].z;
                total++;
            }
        }
    return total;
}

/* HZD layered exclusion: the layer's assets share one grid; no point holds two of them, each takes its share
 * of the layer's points (density / sum), and an asset outside the layer keeps its own grid. */
static void test_layer_exclusion(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(ASSETS("0.3", "0.1", ""));
    assert_true(s->assets[0].layer == 1 && s->assets[1].layer == 1 && s->assets[2].layer == 0);
    assert_true(place_asset_spacing(&s->assets[0]) == place_asset_spacing(&s->assets[1]));
    assert_true(fabsf(place_asset_spacing(&s->assets[0]) - 1.0f / sqrtf(0.4f)) < 1e-6f);
    size_t cap = 40000;
    float *f = malloc(sizeof(float) * 2 * cap), *b = malloc(sizeof(float) * 2 * cap);
    size_t nf = asset_all(s, 0, f, cap), nb = asset_all(s, 1, b, cap);
    /* the cells of the layer's grid that each holds: a fern's cell never holds a bush */
    float sp = place_asset_spacing(&s->assets[0]);
    for (size_t i = 0; i < nf + nb; i++) {
        float *p = i < nf ? f + 2 * i : b + 2 * (i - nf);
        p[0] = floorf(p[0] / sp);
        p[1] = floorf(p[1] / sp);
    }
    qsort(f, nf, 2 * sizeof(float), cmp_xz);
    qsort(b, nb, 2 * sizeof(float), cmp_xz);
    size_t shared = 0;
    for (size_t i = 0, j = 0; i < nf && j < nb;) {
        int c = cmp_xz(f + 2 * i, b + 2 * j);
        if (c == 0)
            shared++, i++, j++;
        else if (c < 0)
            i++;
        else
            j++;
    }
    double area = 200.0 * 200.0;
    print_message("fern %zu (%.3f / m^2), bush %zu (%.3f / m^2), %zu cells shared\n", nf, (double)nf / area, nb,
                  (double)nb / area, shared);
    assert_int_equal(shared, 0);
    assert_true(fabs((double)nf / area - 0.3) < 0.3 * 0.06);
    assert_true(fabs((double)nb / area - 0.1) < 0.1 * 0.1);
    /* every point of the layer's grid holds one of them: the two densities fill the layer (0.3 + 0.1) */
    assert_true(fabs((double)(nf + nb) / area - 0.4) < 0.4 * 0.05);
    free(f);
    free(b);
    sward_scene_destroy(s);
}

/* PL2 on assets: a negative area clears a layer asset inside it, while the other of the layer keeps its share. */
static void test_asset_area(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(ASSETS("0.3", "0.1",
                                      ", \"areas\": [{\"types\": [\"fern\"], \"density\": -1, \"circle\": {\"center\": "
                                      "[0, 0], \"radius\": 50}}]"));
    size_t cap = 40000;
    float *f = malloc(sizeof(float) * 2 * cap);
    size_t nf = asset_all(s, 0, f, cap), inside = 0;
    for (size_t i = 0; i < nf; i++)
        inside += in_circle(f[2 * i], f[2 * i + 1], 0, 0, 50);
    assert_int_equal(inside, 0);
    assert_true(nf > 5000);
    size_t nb = asset_all(s, 1, f, cap), bin = 0;
    for (size_t i = 0; i < nb; i++)
        bin += in_circle(f[2 * i], f[2 * i + 1], 0, 0, 50);
    assert_true(fabs((double)bin / (3.14159265 * 2500.0) - 0.1) < 0.02);
    free(f);
    sward_scene_destroy(s);
}

#define AREA(x) "{\"grass\": [{\"name\": \"meadow\", \"density\": 20}], \"areas\": [" x "]}"
static void test_bad_areas(void **state)
{
    (void)state;
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"polygon\": [[0, 0], [1, 0]]}"),
                 "t.json: areas[0].polygon: must have 3 to 32 points, got 2");
    expect_error(
        AREA("{}, {\"types\": [\"meadow\"], \"density\": 1, \"polygon\": [[0, 0], [4, 0], [1, 1], [4, 4], [0, 4]]}"),
        "t.json: areas[0].types: missing required field");
    expect_error(
        AREA("{\"types\": [\"meadow\"], \"density\": 1, \"polygon\": [[0, 0], [4, 0], [1, 1], [4, 4], [0, 4]]}"),
        "t.json: areas[0].polygon: must be convex");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"polygon\": [[0, 0], [2, 0], [4, 0], [2, 3]]}"),
                 "t.json: areas[0].polygon: points 0, 1 and 2 are collinear or repeated");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"polygon\": [[0, 0], [0, 0], [4, 0], [2, 3]]}"),
                 "are collinear or repeated");
    /* a pentagram turns the same way at every point but winds twice */
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"polygon\": [[0, 10], [5.9, -8.1], [-9.5, 3.1], "
                      "[9.5, 3.1], [-5.9, -8.1]]}"),
                 "t.json: areas[0].polygon: must be convex: the polygon winds 2 times around");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"polygon\": [[0, 0], [1, 0], [\"a\", 1]]}"),
                 "t.json: areas[0].polygon[2][0]: expected a number, got a string");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"polygon\": [[0, 0], [1, 0], [1e300, 1]]}"),
                 "t.json: areas[0].polygon[2][0]: must be a finite coordinate");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"circle\": {\"center\": [0, 0], \"radius\": 0}}"),
                 "t.json: areas[0].circle.radius: must be > 0");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"circle\": {\"center\": [0, 0]}}"),
                 "t.json: areas[0].circle.radius: missing required field");
    expect_error(AREA("{\"types\": [\"clover\"], \"density\": 1, \"circle\": {\"center\": [0, 0], \"radius\": 1}}"),
                 "t.json: areas[0].types[0]: no grass type or asset is named \"clover\"");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1}"), "t.json: areas[0]: missing its shape");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": 1, \"circle\": {\"center\": [0, 0], \"radius\": 1}, "
                      "\"polygon\": [[0, 0], [1, 0], [0, 1]]}"),
                 "t.json: areas[0]: give one shape, \"circle\" or \"polygon\", not both");
    expect_error(AREA("{\"types\": [\"meadow\"], \"circle\": {\"center\": [0, 0], \"radius\": 1}}"),
                 "t.json: areas[0].density: missing required field");
    expect_error(AREA("{\"types\": [\"meadow\"], \"density\": \"x\", \"circle\": {\"center\": [0, 0], \"radius\": 1}}"),
                 "t.json: areas[0].density: expected a number");
    expect_error("{\"grass\": [{\"name\": \"meadow\", \"density\": 20, \"base_density\": 21}]}",
                 "t.json: grass[0].base_density: must be in [0, density]");
    expect_error("{\"grass\": [{\"name\": \"meadow\", \"density\": 20, \"base_density\": -1}]}",
                 "t.json: grass[0].base_density: must be >= 0");
    expect_error("{\"grass\": [{}], \"assets\": [{\"kind\": \"rock\", \"density\": 0.1, \"base_density\": 0.2}]}",
                 "t.json: assets[0].base_density: must be in [0, density]");
    expect_error("{\"grass\": [{}], \"areas\": {}}", "t.json: areas: expected an array, got an object");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_polygon_containment),
        cmocka_unit_test(test_overlap_clamped_to_max),
        cmocka_unit_test(test_negative_area_clears),
        cmocka_unit_test(test_no_area_same_blades),
        cmocka_unit_test(test_layer_exclusion),
        cmocka_unit_test(test_asset_area),
        cmocka_unit_test(test_bad_areas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
