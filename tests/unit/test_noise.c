/* test_noise.c — gradient noise and fBm (shaders/shared/sw_noise.h; SPEC GA3, GA4, PL3 coverage patches). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shared/sw_noise.h"

static void test_perlin_zero_at_lattice(void **state)
{
    (void)state;
    for (int j = -10; j <= 10; j++)
        for (int i = -10; i <= 10; i++)
            for (sw_uint salt = 0; salt < 3u; salt++)
                assert_true(sw_perlin((float)i, (float)j, salt) == 0.0f);
}

static void test_perlin_continuous(void **state)
{
    (void)state;
    /* The gradient is at most about 1.41 * 2 per unit: a 1e-3 step moves the value by well under 1e-2,
     * also across lattice lines, where a wrong corner would jump. */
    double worst = 0.0;
    for (int k = 0; k < 20000; k++) {
        float x = (float)(k % 200) * 0.0731f - 7.0f, y = (float)(k / 200) * 0.0917f - 4.5f;
        float a = sw_perlin(x, y, 5u);
        float bx = sw_perlin(x + 1e-3f, y, 5u), by = sw_perlin(x, y + 1e-3f, 5u);
        double d = fmax(fabs((double)(bx - a)), fabs((double)(by - a)));
        if (d > worst) worst = d;
    }
    assert_true(worst < 5e-3);
    /* right at a lattice line from both sides */
    for (int i = -5; i < 5; i++) {
        float y = 0.37f * (float)i + 0.11f;
        float l = sw_perlin((float)i - 1e-4f, y, 9u), r = sw_perlin((float)i + 1e-4f, y, 9u);
        assert_true(fabsf(l - r) < 1e-3f);
    }
}

static void test_perlin_range_and_mean(void **state)
{
    (void)state;
    double sum = 0.0, sq = 0.0, lo = 0.0, hi = 0.0;
    const int n = 200000;
    for (int k = 0; k < n; k++) {
        float x = (float)(k % 500) * 0.137f - 30.0f, y = (float)(k / 500) * 0.173f - 30.0f;
        float v = sw_perlin(x, y, 11u);
        assert_true(v >= -1.5f && v <= 1.5f);
        sum += v;
        sq += (double)v * v;
        lo = fmin(lo, v);
        hi = fmax(hi, v);
    }
    assert_true(fabs(sum / n) < 0.03);
    assert_true(sqrt(sq / n) > 0.15); /* not flat */
    assert_true(lo < -0.6 && hi > 0.6);
    /* different salts give different fields */
    assert_true(sw_perlin(0.5f, 0.5f, 1u) != sw_perlin(0.5f, 0.5f, 2u) ||
                sw_perlin(1.5f, 0.25f, 1u) != sw_perlin(1.5f, 0.25f, 2u));
}

static void test_fbm(void **state)
{
    (void)state;
    for (int k = 0; k < 20000; k++) {
        float x = (float)(k % 150) * 0.377f - 20.0f, y = (float)(k / 150) * 0.291f - 15.0f;
        float v = sw_fbm(x, y, 5, 2.0f, 0.5f, 3u);
        assert_true(v >= -1.5f && v <= 1.5f);
        assert_true(v == sw_fbm(x, y, 5, 2.0f, 0.5f, 3u));
    }
    /* one octave is plain Perlin; zero octaves is 0 */
    assert_true(sw_fbm(0.3f, 0.7f, 1, 2.0f, 0.5f, 4u) == sw_perlin(0.3f, 0.7f, 4u));
    assert_true(sw_fbm(0.3f, 0.7f, 0, 2.0f, 0.5f, 4u) == 0.0f);
    /* two octaves: (p(x) + 0.5 p(2x)) / 1.5 with the second octave's salt */
    float e = (sw_perlin(0.3f, 0.7f, 4u) + 0.5f * sw_perlin(0.6f, 1.4f, 105u)) / 1.5f;
    assert_float_equal(sw_fbm(0.3f, 0.7f, 2, 2.0f, 0.5f, 4u), e, 1e-6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perlin_zero_at_lattice),
        cmocka_unit_test(test_perlin_continuous),
        cmocka_unit_test(test_perlin_range_and_mean),
        cmocka_unit_test(test_fbm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
