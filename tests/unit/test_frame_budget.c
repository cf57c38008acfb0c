/* test_frame_budget.c — the frame's work budget (docs/scene-format.md "Budgets"): the closed-form estimate
 * against hand-computed values, the refusal at load naming the field, and the shipped scenes' margins. */
#include "scene_test_util.h"

#include "core/core.h"

/* One grass type of 1 m x 2 cm blades at 10/m^2, seen from 2 m above the ground with a 90 degree field of
 * view on a square image of 200 pixels: tan(fov/2) = 1, so f = 100 px and theta = pi / 2; draw distance 10 m. */
#define HAND                                                                                                           \
    "{\"terrain\": {\"size\": 64, \"resolution\": 33},"                                                                \
    " \"grass\": [{\"density\": 10, \"height\": [1, 1], \"width\": [0.02, 0.02]}],"                                    \
    " \"camera\": {\"position\": [0, %s, -20], \"target\": [0, 0, 0], \"fov\": 90, \"near\": 0.1},"                    \
    " \"render\": {\"width\": 200, \"height\": 200, \"draw_distance\": 10, \"lod_distance\": 5,"                       \
    " \"features\": {\"shadows\": %s}}}"

/* assert_float_equal compares floats: these are doubles. */
#define assert_close(x, y, tol)                                                                                        \
    do {                                                                                                               \
        double x_ = (x), y_ = (y);                                                                                     \
        if (!(fabs(x_ - y_) <= (tol))) fail_msg("%s = %.17g, expected %.17g", #x, x_, y_);                             \
    } while (0)

static sward_scene *load_hand(const char *eye_y, const char *shadows)
{
    char json[1024];
    snprintf(json, sizeof json, HAND, eye_y, shadows);
    return expect_ok(json);
}

static void test_ring_integral(void **state)
{
    (void)state;
    /* cap 25 to d = 2, then 100 / d^2 to d = 10 where it meets the floor 1 */
    assert_close(world_ring_integral(25.0, 100.0, 1.0, 10.0), 50.0 + 100.0 * log(5.0), 1e-9);
    assert_close(world_ring_integral(25.0, 100.0, 1.0, 20.0), 50.0 + 100.0 * log(5.0) + (400.0 - 100.0) / 2.0,
                       1e-9);
    assert_close(world_ring_integral(25.0, 100.0, 1.0, 1.0), 12.5, 1e-12); /* all within the cap */
    assert_close(world_ring_integral(1.0, 100.0, 2.0, 3.0), 9.0, 1e-12);  /* the floor above the cap */
    assert_close(world_ring_integral(25.0, 100.0, 1.0, 0.0), 0.0, 0.0);
    /* SC5: past T the rings keep (T / d)^2: with T beyond D nothing changes; a floor of c alone past T adds
     * c T^2 ln(D / T); the whole against a sum over thin rings */
    assert_close(world_ring_integral_thinned(25.0, 100.0, 1.0, 30.0, 20.0), world_ring_integral(25.0, 100.0, 1.0, 20.0),
                 1e-12);
    assert_close(world_ring_integral_thinned(1.0, 100.0, 2.0, 3.0, 12.0), 9.0 + 2.0 * 9.0 * log(4.0), 1e-9);
    double sum = 0.0;
    for (int k = 0; k < 200000; k++) {
        double d = (k + 0.5) * 1e-3, keep = d < 3.0 ? 1.0 : 9.0 / (d * d);
        sum += d * keep * fmax(1.0, fmin(25.0, 100.0 / (d * d))) * 1e-3;
    }
    assert_close(world_ring_integral_thinned(25.0, 100.0, 1.0, 3.0, 200.0), sum, 1e-3 * sum);
}

static void test_hand_computed(void **state)
{
    (void)state;
    sward_scene *s = load_hand("2", "false");
    world_frame_work fw;
    world_frame_work_estimate(s, 200, 200, &fw);
    /* blade area 1/2 x 1 x 0.02 = 0.01 m^2, b = 0.01 x 100^2 = 100 px m^2; nearer than the eye's 2 m a blade
     * projects at most b / 2^2 = 25 px: integral 25 x 2^2 / 2 + 100 ln(10 / 2), the floor of 1 px met at 10 m */
    const double theta = 3.14159265358979323846 / 2.0;
    assert_close(fw.eye_height, 2.0, 1e-6);
    assert_close(fw.fragments, 10.0 * theta * (50.0 + 100.0 * log(5.0)), 1e-3); /* the widths are floats */
    assert_close(fw.blades, 10.0 * theta * 50.0, 1e-6);
    assert_close(fw.overdraw, fw.fragments / 40000.0, 1e-12);
    assert_close(fw.shadow_texels, 0.0, 0.0);
    assert_close(fw.units, fw.fragments, 1e-9);
    assert_int_equal(fw.worst, 0);
    sward_scene_destroy(s);

    /* The near cascade: the slice to 8 m of this view has a bounding sphere of radius 8 sqrt(2) (its far corners),
     * so 2048 texels span 16 sqrt(2) m: 8192 texels a m^2, 81.92 a blade; its casters are the blades within 10 m
     * (the draw distance, less than the radius): 10 x pi x 10^2. */
    s = load_hand("2", "true");
    world_frame_work_estimate(s, 200, 200, &fw);
    assert_close(fw.shadow_texels, 10.0 * 3.14159265358979323846 * 100.0 * 81.92, 0.05);
    assert_close(fw.units, fw.fragments + fw.shadow_texels, 1e-6);
    sward_scene_destroy(s);
}

static void test_eye_height(void **state)
{
    (void)state;
    /* Nearer than camera.near nothing is drawn: an eye on the ground counts as near's height. */
    sward_scene *s = load_hand("0.05", "false");
    world_frame_work fw;
    world_frame_work_estimate(s, 200, 200, &fw);
    assert_close(fw.eye_height, 0.1, 1e-6);
    /* cap b / 0.1^2 = 10000 to d = 0.1, then 100 / d^2 to the floor at 10 m */
    assert_close(fw.fragments, 10.0 * 3.14159265358979323846 / 2.0 * (50.0 + 100.0 * log(100.0)), 1e-3);
    sward_scene_destroy(s);
}

/* A species tree's size from its parameters (asset_tree_estimate): an oak (scale 13 m, prune_width 0.55: 13 m x
 * 14.3 m) at 0.01/m^2 within 20 m, seen from 30 m up (every instance within the cap b / h^2, nearer than the eye's
 * height) over the hand scene's view (f = 100 px, theta = pi / 2): its fragments are density x theta x
 * b / 30^2 x 20^2 / 2 with b = 1/2 x height x width x f^2, so a `tree.scale` of 26 m quadruples them; its
 * triangles are LOD0's 10000 to d0 = height x f / 540 px, falling as 1 / d^2 past it. A forest decode bakes
 * the edge's and inner forest's trees as two more assets: each class counts at its share of the densities, its
 * scale factor and its shape (edge: scale x 0.9, prune_width x 1.2; inner: scale x 1.15, prune_width x 0.85). */
#define TREES                                                                                                          \
    "{\"terrain\": {\"size\": 64, \"resolution\": 33}, \"grass\": [{\"density\": 1}],"                             \
    " \"assets\": [{\"name\": \"oak\", \"kind\": \"tree\", \"generate\": {\"species\": \"oak\"%s},"                 \
    " \"density\": 0.01, \"scale\": [1, 1], \"draw_distance\": 20%s}],"                                            \
    " \"camera\": {\"position\": [0, 30, -20], \"target\": [0, 0, 0], \"fov\": 90, \"near\": 0.1,"                \
    " \"above_ground\": true}, \"render\": {\"width\": 200, \"height\": 200, \"draw_distance\": 10,"              \
    " \"lod_distance\": 5, \"features\": {\"shadows\": false}}}"

/* The assets' fragments and triangles of the scene (its grass's taken away). */
static void asset_terms(const char *gen, const char *placement, double *frags, double *tris, int *assets)
{
    char json[2048];
    snprintf(json, sizeof json, TREES, gen, placement);
    sward_scene *s = expect_ok(json);
    world_frame_work fw, grass;
    world_frame_work_estimate(s, 200, 200, &fw);
    *assets = s->asset_count;
    s->asset_count = 0;
    world_frame_work_estimate(s, 200, 200, &grass);
    *frags = fw.fragments - grass.fragments;
    *tris = fw.asset_triangles;
    sward_scene_destroy(s);
}

static void test_tree_overrides(void **state)
{
    (void)state;
    const double pi = 3.14159265358979323846, rho_theta = 0.01 * pi / 2.0, cap = 400.0 / 2.0 / 900.0;
    double frags, tris, frags2, tris2;
    int n;
    asset_terms("", "", &frags, &tris, &n);
    assert_int_equal(n, 1);
    assert_close(frags, rho_theta * 0.5 * 13.0 * 14.3 * 1e4 * cap, 1e-4 * frags);
    double d0 = 13.0 * 100.0 / 540.0;
    assert_close(tris, rho_theta * world_ring_integral(10000.0, 10000.0 * d0 * d0, 12.0, 20.0), 1e-6 * tris);
    asset_terms(", \"tree\": {\"scale\": 26}", "", &frags2, &tris2, &n);
    print_message("oak: %.4g fragments, %.4g triangles; scale 26 m: %.4g, %.4g\n", frags, tris, frags2, tris2);
    assert_close(frags2, 4.0 * frags, 1e-4 * frags2);
    d0 *= 2.0;
    assert_close(tris2, rho_theta * world_ring_integral(10000.0, 10000.0 * d0 * d0, 12.0, 20.0), 1e-6 * tris2);
    /* the crown's width alone: prune_width 1.1 doubles it */
    asset_terms(", \"tree\": {\"prune_width\": 1.1}", "", &frags2, &tris2, &n);
    assert_close(frags2, 2.0 * frags, 1e-4 * frags2);
    assert_close(tris2, tris, 1e-9 * tris);

    /* the forest's classes: sparse, edge and inner at their shares of 0.2 + 0.55 + 0.9 */
    asset_terms("", ", \"placement\": \"dither\", \"forest\": {\"edge\": 0.35, \"inner\": 0.75, \"density\": "
                "[0.2, 0.55, 0.9], \"scale\": [1, 0.85, 1.1]}",
                &frags2, &tris2, &n);
    assert_int_equal(n, 3);
    const double share[3] = {0.2 / 1.65, 0.55 / 1.65, 0.9 / 1.65}, factor[3] = {1.0, 0.85, 1.1};
    const double height[3] = {13.0, 0.9 * 13.0, 1.15 * 13.0}, crown[3] = {1.1, 1.1 * 1.2, 1.1 * 0.85};
    double want = 0.0;
    for (int c = 0; c < 3; c++)
        want += share[c] * 0.5 * (factor[c] * height[c]) * (factor[c] * crown[c] * height[c]) * 1e4 * cap;
    assert_close(frags2, rho_theta * want, 1e-4 * frags2);
}

/* Over the default budget on every device: 4 m x 25 cm blades at 2000/m^2 seen from the ground at 7680 x 4320
 * (tens of billions of fragments); refused at load in milliseconds, naming the costliest type's density. */
static void test_refused_at_load(void **state)
{
    (void)state;
    static const char json[] =
        "{\"terrain\": {\"size\": 64, \"resolution\": 33}, \"grass\": [{}, {\"density\": 2000, \"height\": [4, 4],"
        " \"width\": [0.25, 0.25]}], \"camera\": {\"position\": [0, 0.5, -20], \"target\": [0, 0, 0]},"
        " \"render\": {\"width\": 7680, \"height\": 4320}}";
    double t0 = core_now_ms();
    expect_error(json, "t.json: grass[1].density: a frame needs about ");
    expect_error(json, "more than the frame work budget of 4e+09");
    expect_error(json, "grass[1] (2000 blades/m^2, up to 4 m tall) costs the most");
    assert_true(core_now_ms() - t0 < 1000.0);

    /* A budget given through the API holds on every device, and a new size is checked against it. */
    sward_scene *s = NULL;
    sward_error err = {0};
    sward_scene_budget b = {.frame_work = 1000};
    static const char small[] = "{\"terrain\": {\"size\": 64, \"resolution\": 33}, \"grass\": [{}],"
                                " \"render\": {\"width\": 32, \"height\": 18, \"features\": {\"shadows\": false}}}";
    assert_int_equal(sward_scene_load_string_budget(small, strlen(small), "t.json", NULL, &b, &s, &err),
                     SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "grass[0].density: a frame needs"));
    b.frame_work = 0;
    assert_int_equal(sward_scene_load_string_budget(small, strlen(small), "t.json", NULL, &b, &s, &err), SWARD_OK);
    sward_render_settings rs = sward_scene_render_settings(s);
    rs.width = 7680, rs.height = 4320;
    s->budget.frame_work = 1000000;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "more than the frame work budget of 1e+06"));
    sward_scene_destroy(s);
}

/* Every shipped scene stays under the CPU device's budget at 320 x 180 with a margin of 1.5 (but the scaling
 * bench's field, 17 million blades in view, which lavapipe cannot bind: docs/scene-format.md "Budgets"), and under
 * the default budget at its own size. */
static void test_shipped_scenes(void **state)
{
    (void)state;
    static const char *const scenes[] = {"scenes/areas.json",  "scenes/fields.json", "scenes/flowers.json",
                                         "scenes/forest_edge.json", "scenes/hills.json", "scenes/meadow.json",
                                         "scenes/small.json",  "scenes/tree.json",   "scenes/conifer_hills.json",
                                         "scenes/birch_grove.json", "bench/dense.json",
                                         "bench/flight.json",  "bench/got_field.json", "bench/scaling/field.json"};
    const char *dir = getenv("SWARD_SOURCE_DIR");
    for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", scenes[k]);
        sward_scene *s = NULL;
        sward_error err = {0};
        if (sward_scene_load_file(path, &s, &err) != SWARD_OK) fail_msg("%s", err.message);
        world_frame_work fw;
        /* closed form, no mesh generated: microseconds a scene (at most 1 ms asked) */
        const int reps = 200;
        double t0 = core_now_ms();
        for (int r = 0; r < reps; r++)
            world_frame_work_estimate(s, 320, 180, &fw);
        double ms = (core_now_ms() - t0) / reps;
        print_message("%s: %.3g units at 320x180, %.4f ms an estimate\n", scenes[k], fw.units, ms);
        assert_true(ms < 1.0);
        if (!strstr(scenes[k], "scaling") && fw.units * 1.5 > (double)SWARD_CPU_FRAME_WORK)
            fail_msg("%s: %.3g units at 320x180, within 1.5 x of the CPU budget", scenes[k], fw.units);
        world_frame_work_estimate(s, s->render.settings.width, s->render.settings.height, &fw);
        if (fw.units * 10.0 > (double)SWARD_DEFAULT_FRAME_WORK) fail_msg("%s: %.3g units", scenes[k], fw.units);
        sward_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ring_integral),
        cmocka_unit_test(test_hand_computed),
        cmocka_unit_test(test_eye_height),
        cmocka_unit_test(test_tree_overrides),
        cmocka_unit_test(test_refused_at_load),
        cmocka_unit_test(test_shipped_scenes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
