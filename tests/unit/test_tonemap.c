/* test_tonemap.c — Uncharted 2 filmic curve, Reinhard and sRGB (shaders/shared/sw_tonemap.h; SPEC PO2). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shared/sw_tonemap.h"

/* U(x) = ((x (A x + C B) + D E) / (x (A x + B) + D F)) - E / F with A .15 B .5 C .1 D .2 E .02 F .3:
 * U(0) = .004 / .06 - 1/15 = 0; U(1) = .2 / .69 - 1/15 = 0.2206573; U(11.2) = 20.3616 / 24.536 - 1/15
 * = 0.7251294 (computed by hand and checked in Python). */
static void test_uncharted2_values(void **state)
{
    (void)state;
    assert_float_equal(sw_uncharted2(0.0f), 0.0f, 1e-6);
    assert_float_equal(sw_uncharted2(1.0f), 0.22065728f, 1e-6);
    assert_float_equal(sw_uncharted2(11.2f), 0.72512937f, 1e-6);
    /* U(2) / U(11.2) with exposure 1 and white 11.2 */
    assert_float_equal(sw_tonemap_filmic(2.0f, 1.0f, 11.2f), 0.49291855f, 1e-5);
    /* exposure scales the input */
    assert_float_equal(sw_tonemap_filmic(1.0f, 2.0f, 11.2f), sw_tonemap_filmic(2.0f, 1.0f, 11.2f), 1e-6);
}

static void test_filmic_white_zero_monotonic(void **state)
{
    (void)state;
    assert_float_equal(sw_tonemap_filmic(11.2f, 1.0f, 11.2f), 1.0f, 1e-6);
    assert_float_equal(sw_tonemap_filmic(4.0f, 1.0f, 4.0f), 1.0f, 1e-6);
    assert_float_equal(sw_tonemap_filmic(2.0f, 3.0f, 6.0f), 1.0f, 1e-6);
    assert_float_equal(sw_tonemap_filmic(0.0f, 1.0f, 11.2f), 0.0f, 1e-6);
    assert_float_equal(sw_tonemap_filmic(50.0f, 1.0f, 11.2f), 1.0f, 0.0); /* clamped above white */
    float prev = -1.0f;
    for (int k = 0; k <= 1120; k++) {
        float v = sw_tonemap_filmic((float)k * 0.01f, 1.0f, 11.2f);
        assert_true(v > prev);
        assert_true(v >= 0.0f && v <= 1.0f);
        prev = v;
    }
}

static void test_reinhard(void **state)
{
    (void)state;
    assert_float_equal(sw_tonemap_reinhard(0.0f, 1.0f), 0.0f, 0.0);
    assert_float_equal(sw_tonemap_reinhard(1.0f, 1.0f), 0.5f, 1e-7);
    assert_float_equal(sw_tonemap_reinhard(3.0f, 1.0f), 0.75f, 1e-7);
    assert_float_equal(sw_tonemap_reinhard(1.5f, 2.0f), 0.75f, 1e-7);
    assert_true(sw_tonemap_reinhard(1e6f, 1.0f) < 1.0f);
}

/* Over-exposed is white, never NaN: infinity, and the documented ends (radiance up to the half-float maximum
 * 65504, exposures up to 1e6 x 2^30 by an exposure area, white points 0.001 to 1e6), whose product overflows the
 * curve's x^2 (from about 4.8e19) or reaches infinity. */
static void test_saturates_to_white(void **state)
{
    (void)state;
    const float huge[] = {1e18f, 4.8e19f, 7e19f, 1e30f, 3.4e38f, INFINITY};
    const float whites[] = {0.001f, 8.0f, 1e6f};
    for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        float u = sw_uncharted2(huge[i]);
        assert_true(isfinite(u) && u > 0.9f && u < 1.0f); /* U's limit is 1 - E / F */
        for (size_t w = 0; w < sizeof whites / sizeof whites[0]; w++) {
            assert_float_equal(sw_tonemap_filmic(huge[i], 1.0f, whites[w]), 1.0f, 1e-5);
            assert_float_equal(sw_linear_to_srgb(sw_tonemap_filmic(huge[i], 1.0f, whites[w])), 1.0f, 1e-5);
        }
        assert_float_equal(sw_tonemap_reinhard(huge[i], 1.0f), 1.0f, 0.0);
        assert_float_equal(sw_linear_to_srgb(sw_tonemap_reinhard(huge[i], 1.0f)), 1.0f, 1e-6);
    }
    /* the product of documented ends */
    float exposure = 1e6f * 1073741824.0f; /* 2^30 */
    assert_float_equal(sw_tonemap_filmic(65504.0f, exposure, 1e6f), 1.0f, 1e-5);
    assert_float_equal(sw_tonemap_filmic(INFINITY, exposure, 8.0f), 1.0f, 0.0);
    assert_float_equal(sw_tonemap_reinhard(65504.0f, exposure), 1.0f, 0.0);
    assert_float_equal(sw_tonemap_reinhard(INFINITY, 1e-6f), 1.0f, 0.0);
    /* below the saturation nothing changed: the curve still rises to its limit */
    assert_true(sw_uncharted2(1e17f) <= sw_uncharted2(1e18f));
    assert_true(sw_tonemap_reinhard(1e6f, 1.0f) < 1.0f);
}

static void test_srgb(void **state)
{
    (void)state;
    assert_float_equal(sw_linear_to_srgb(0.0f), 0.0f, 0.0);
    assert_float_equal(sw_linear_to_srgb(1.0f), 1.0f, 1e-6);
    assert_float_equal(sw_linear_to_srgb(0.5f), 0.7353570f, 1e-5);
    assert_float_equal(sw_linear_to_srgb(0.001f), 0.01292f, 1e-7); /* linear segment */
    assert_float_equal(sw_linear_to_srgb(-1.0f), 0.0f, 0.0);      /* clamped */
    assert_float_equal(sw_linear_to_srgb(2.0f), 1.0f, 1e-6);
    /* the two pieces meet at 0.0031308 (value 0.04045) */
    float b = 0.0031308f;
    float below = sw_linear_to_srgb(nextafterf(b, 0.0f)), above = sw_linear_to_srgb(nextafterf(b, 1.0f));
    assert_float_equal(sw_linear_to_srgb(b), 0.04045f, 1e-5);
    assert_true(fabsf(above - below) < 1e-5f);
    float prev = -1.0f;
    for (int k = 0; k <= 1000; k++) {
        float v = sw_linear_to_srgb((float)k / 1000.0f);
        assert_true(v > prev);
        prev = v;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uncharted2_values),
        cmocka_unit_test(test_filmic_white_zero_monotonic),
        cmocka_unit_test(test_reinhard),
        cmocka_unit_test(test_saturates_to_white),
        cmocka_unit_test(test_srgb),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
