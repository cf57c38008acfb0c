/* PO4, auto exposure's CPU side (shaders/shared/sw_exposure.h, src/world/scene_exposure.c): the meter's bins and
 * centre weights, the percentile mean against a direct sort of the kept pixels, the target and its clamps, the
 * adaptation's two speeds against the closed form, the exposure areas' bias, and the scene fields' errors. */
#include "scene_test_util.h"

#include "shared/sw_exposure.h"

static void test_bins(void **state)
{
    (void)state;
    assert_int_equal(sw_exposure_bin(0.0f), 0);
    assert_int_equal(sw_exposure_bin(-1.0f), 0);
    assert_int_equal(sw_exposure_bin(NAN), 0);
    assert_int_equal(sw_exposure_bin(INFINITY), SW_EXPOSURE_BINS - 1);
    assert_int_equal(sw_exposure_bin(1e30f), SW_EXPOSURE_BINS - 1);
    assert_int_equal(sw_exposure_bin(1e-30f), 0);
    /* every bin's centre falls in that bin, and one bin is a quarter of an EV */
    for (sw_uint b = 0; b < SW_EXPOSURE_BINS; b++) assert_int_equal(sw_exposure_bin(exp2f(sw_exposure_bin_log(b))), b);
    assert_float_equal(sw_exposure_bin_log(1) - sw_exposure_bin_log(0), 0.25f, 1e-6);
    assert_int_equal(sw_exposure_bin(1.0f), (sw_uint)(14.0f * 4.0f)); /* log2 1 = 0 is 14 EV above the range's floor */
}

static void test_weights(void **state)
{
    (void)state;
    assert_int_equal(sw_exposure_weight(50, 50, 101, 101, false), SW_EXPOSURE_WEIGHT_MAX);
    assert_int_equal(sw_exposure_weight(0, 0, 1000, 1000, false), 1);
    assert_int_equal(sw_exposure_weight(999, 999, 1000, 1000, false), 1);
    /* a surface counts SW_EXPOSURE_SURFACE_WEIGHT times the sky */
    assert_int_equal(sw_exposure_weight(50, 50, 101, 101, true), SW_EXPOSURE_WEIGHT_MAX * SW_EXPOSURE_SURFACE_WEIGHT);
    assert_int_equal(sw_exposure_weight(0, 0, 1000, 1000, true), SW_EXPOSURE_SURFACE_WEIGHT);
    /* symmetric, and never rising away from the centre along a row */
    for (sw_uint x = 0; x < 64; x++) {
        assert_int_equal(sw_exposure_weight(x, 10, 64, 36, true), sw_exposure_weight(63 - x, 10, 64, 36, true));
        if (x < 32) assert_true(sw_exposure_weight(x + 1, 18, 64, 36, false) >= sw_exposure_weight(x, 18, 64, 36, false));
    }
}

static float mean_of(const sw_uint *h, float lo, float hi)
{
    float total = 0.0f;
    for (sw_uint b = 0; b < SW_EXPOSURE_BINS; b++) total += (float)h[b];
    sw_exposure_mean m = sw_exposure_mean_begin(total, lo, hi);
    for (sw_uint b = 0; b < SW_EXPOSURE_BINS; b++) m = sw_exposure_mean_add(m, b, (float)h[b]);
    return sw_exposure_mean_log(m);
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The percentile mean equals the mean of the sorted pixels' bin logs between the two ranks. */
static void test_percentile_mean(void **state)
{
    (void)state;
    enum { N = 1000 };
    static float logs[N];
    sw_uint h[SW_EXPOSURE_BINS] = {0};
    uint32_t seed = 7;
    for (int i = 0; i < N; i++) {
        seed = seed * 1664525u + 1013904223u;
        float L = exp2f(-6.0f + 12.0f * (float)(seed >> 8) / 16777216.0f);
        sw_uint b = sw_exposure_bin(L);
        h[b]++;
        logs[i] = sw_exposure_bin_log(b);
    }
    qsort(logs, N, sizeof logs[0], cmp_float);
    double sum = 0.0;
    for (int i = 400; i < 950; i++) sum += logs[i];
    assert_float_equal(mean_of(h, 40.0f, 95.0f), (float)(sum / 550.0), 1e-4);
    /* the whole histogram: the plain mean */
    sum = 0.0;
    for (int i = 0; i < N; i++) sum += logs[i];
    assert_float_equal(mean_of(h, 0.0f, 100.0f), (float)(sum / N), 1e-4);
    /* a bright sun disc in the top 5 %: only its share of the ranks moves the mean, its brightness does not (the
     * plain mean moves twice as far, and more the brighter the disc) */
    sw_uint h2[SW_EXPOSURE_BINS];
    memcpy(h2, h, sizeof h);
    h2[SW_EXPOSURE_BINS - 1] += 40;
    float kept = mean_of(h2, 40.0f, 95.0f) - mean_of(h, 40.0f, 95.0f);
    float plain = mean_of(h2, 0.0f, 100.0f) - mean_of(h, 0.0f, 100.0f);
    assert_true(kept > 0.0f && kept < 0.5f * plain);
    h2[SW_EXPOSURE_BINS - 1] -= 40;
    h2[SW_EXPOSURE_BINS - 20] += 40; /* a dimmer disc: the same ranks */
    assert_float_equal(mean_of(h2, 40.0f, 95.0f) - mean_of(h, 40.0f, 95.0f), kept, 1e-4);
    /* an empty meter: mid grey at exposure 1 */
    sw_uint empty[SW_EXPOSURE_BINS] = {0};
    assert_float_equal(mean_of(empty, 40.0f, 95.0f), log2f(0.18f), 1e-5);
}

static void test_target_and_adapt(void **state)
{
    (void)state;
    /* the mean brought to the key: a mean of log2 0.045 needs two stops up */
    assert_float_equal(sw_exposure_target_ev(log2f(0.045f), 0.18f, 0.0f, -4.0f, 6.0f), 2.0f, 1e-5);
    assert_float_equal(sw_exposure_target_ev(log2f(0.045f), 0.18f, -0.5f, -4.0f, 6.0f), 1.5f, 1e-5);
    assert_float_equal(sw_exposure_target_ev(-20.0f, 0.18f, 0.0f, -4.0f, 6.0f), 6.0f, 0.0); /* clamped */
    assert_float_equal(sw_exposure_target_ev(20.0f, 0.18f, 0.0f, -4.0f, 6.0f), -4.0f, 0.0);
    /* dt 0: the target at once */
    assert_float_equal(sw_exposure_adapt(1.0f, 3.0f, 0.0f, 1.5f, 3.0f), 3.0f, 0.0);
    /* rising at speed_up, falling at speed_down: 1 - e^(-dt speed) of the way */
    float up = sw_exposure_adapt(0.0f, 2.0f, 0.1f, 1.5f, 3.0f);
    assert_float_equal(up, 2.0f * (1.0f - expf(-0.15f)), 1e-5);
    float down = sw_exposure_adapt(2.0f, 0.0f, 0.1f, 1.5f, 3.0f);
    assert_float_equal(down, 2.0f - 2.0f * (1.0f - expf(-0.3f)), 1e-5);
    /* sixty frames of 1/60 s converge like one second */
    float ev = 0.0f;
    for (int i = 0; i < 60; i++) ev = sw_exposure_adapt(ev, 2.0f, 1.0f / 60.0f, 1.5f, 3.0f);
    assert_float_equal(ev, 2.0f * (1.0f - expf(-1.5f)), 1e-4);
}

static void test_area_bias(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(SCENE(", \"exposure_areas\": [{\"min\": [0, 0, 0], \"max\": [10, 5, 10], \"ev\": 2, "
                                     "\"blend\": 4}, {\"min\": [5, 0, 5], \"max\": [20, 5, 20], \"ev\": -1}]"));
    const world_render *r = &s->render;
    assert_int_equal(r->exposure_area_count, 2);
    assert_float_equal(world_exposure_bias(r, (float[3]){2, 1, 2}), 2.0f, 1e-6);     /* inside the first */
    assert_float_equal(world_exposure_bias(r, (float[3]){-2, 1, 2}), 1.0f, 1e-6);    /* halfway through its blend */
    assert_float_equal(world_exposure_bias(r, (float[3]){-5, 1, 2}), 0.0f, 1e-6);    /* beyond it */
    assert_float_equal(world_exposure_bias(r, (float[3]){7, 1, 7}), 0.5f, 1e-6);     /* in both: their mean */
    assert_float_equal(world_exposure_bias(r, (float[3]){15, 1, 15}), -1.0f, 1e-6);  /* the second alone */
    assert_float_equal(world_exposure_bias(r, (float[3]){21, 1, 15}), -0.5f, 1e-6);  /* 1 m into its default 2 m blend */
    sward_scene_destroy(s);
}

static void test_fields(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(SCENE(""));
    const sward_auto_exposure *a = &s->render.settings.auto_exposure;
    assert_true(a->enabled); /* the default */
    assert_float_equal(a->key, 0.36f, 0.0);
    assert_true(a->min_ev < a->max_ev && a->low_percent < a->high_percent && a->speed_down > a->speed_up);
    sward_scene_destroy(s);
    s = expect_ok(SCENE(", \"render\": {\"exposure\": 1.5}"));
    assert_false(s->render.settings.auto_exposure.enabled);
    assert_float_equal(s->render.settings.exposure, 1.5f, 0.0);
    sward_scene_destroy(s);
    s = expect_ok(SCENE(", \"render\": {\"exposure\": \"auto\", \"auto_exposure\": {\"key\": 0.25, \"compensation\": "
                        "-1, \"min_ev\": -2, \"max_ev\": 3, \"speed_up\": 2, \"speed_down\": 5, \"low_percent\": 10, "
                        "\"high_percent\": 90}}"));
    a = &s->render.settings.auto_exposure;
    assert_true(a->enabled);
    assert_float_equal(a->key, 0.25f, 0.0);
    assert_float_equal(a->compensation, -1.0f, 0.0);
    assert_float_equal(a->min_ev, -2.0f, 0.0);
    assert_float_equal(a->max_ev, 3.0f, 0.0);
    assert_float_equal(a->speed_up, 2.0f, 0.0);
    assert_float_equal(a->speed_down, 5.0f, 0.0);
    assert_float_equal(a->low_percent, 10.0f, 0.0);
    assert_float_equal(a->high_percent, 90.0f, 0.0);
    sward_scene_destroy(s);
    expect_error(SCENE(", \"render\": {\"exposure\": \"bright\"}"), "t.json: render.exposure: must be a number > 0 or \"auto\", got \"bright\"");
    expect_error(SCENE(", \"render\": {\"exposure\": true}"), "t.json: render.exposure: expected a number > 0 or \"auto\", got a boolean");
    expect_error(SCENE(", \"render\": {\"exposure\": 0}"), "render.exposure: must be > 0");
    expect_error(SCENE(", \"render\": {\"auto_exposure\": {\"key\": 0}}"), "render.auto_exposure.key: must be > 0");
    expect_error(SCENE(", \"render\": {\"auto_exposure\": {\"min_ev\": 2, \"max_ev\": 1}}"),
                 "render.auto_exposure.max_ev: must be >= min_ev (2), got 1");
    expect_error(SCENE(", \"render\": {\"auto_exposure\": {\"low_percent\": 90, \"high_percent\": 90}}"),
                 "render.auto_exposure.high_percent: must be > low_percent (90), got 90");
    expect_error(SCENE(", \"render\": {\"auto_exposure\": {\"speed\": 1}}"), "render.auto_exposure.speed: unknown field");
    expect_error(SCENE(", \"render\": {\"auto_exposure\": {\"high_percent\": 101}}"), "render.auto_exposure.high_percent: must be");
    expect_error(SCENE(", \"exposure_areas\": {}"), "t.json: exposure_areas: expected an array, got an object");
    expect_error(SCENE(", \"exposure_areas\": [{\"min\": [0, 0, 0], \"max\": [1, 1, 1]}]"),
                 "exposure_areas[0].ev: missing required field");
    expect_error(SCENE(", \"exposure_areas\": [{\"max\": [1, 1, 1], \"ev\": 1}]"), "exposure_areas[0].min: missing required field");
    expect_error(SCENE(", \"exposure_areas\": [{\"min\": [0, 2, 0], \"max\": [1, 1, 1], \"ev\": 1}]"),
                 "exposure_areas[0].max: must be >= min on every axis, got y: 1 < 2");
    expect_error(SCENE(", \"exposure_areas\": [{\"min\": [0, 0, 0], \"max\": [1, 1, 1], \"ev\": 1, \"blend\": -1}]"),
                 "exposure_areas[0].blend: must be >= 0");
    expect_error(SCENE(", \"exposure_areas\": [{\"min\": [0, 0], \"max\": [1, 1, 1], \"ev\": 1}]"), "exposure_areas[0].min");
    expect_error(SCENE(", \"exposure_areas\": [{\"min\": [0, 0, 0], \"max\": [1, 1, 1], \"ev\": 1, \"size\": 1}]"),
                 "exposure_areas[0].size: unknown field");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bins),           cmocka_unit_test(test_weights),
        cmocka_unit_test(test_percentile_mean), cmocka_unit_test(test_target_and_adapt),
        cmocka_unit_test(test_area_bias),      cmocka_unit_test(test_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
