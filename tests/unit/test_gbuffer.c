/* test_gbuffer.c — the G-buffer's encodings and the surface functions of the deferred lighting
 * (shaders/shared/sw_gbuffer.h; SPEC SH2, SH4, SH5, SH6). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shared/sw_gbuffer.h"

#include <math.h>

/* Octahedral normals: every unit vector comes back (to float rounding before any quantisation), and with the
 * G-buffer's 10 bits per component within about a quarter of a degree. */
static void test_octahedral_round_trip(void **state)
{
    (void)state;
    double worst = 0.0, worst_q = 0.0;
    for (int i = 0; i <= 40; i++) {
        for (int j = 0; j < 80; j++) {
            float th = (float)i / 40.0f * SW_PI, ph = (float)j / 80.0f * SW_TAU;
            float x = sinf(th) * cosf(ph), y = cosf(th), z = sinf(th) * sinf(ph);
            sw_oct o = sw_oct_encode(x, y, z);
            assert_true(o.u >= 0.0f && o.u <= 1.0f && o.v >= 0.0f && o.v <= 1.0f);
            sw_n3 n = sw_oct_decode(o.u, o.v);
            double d = acos(fmin(1.0, (double)(n.x * x + n.y * y + n.z * z)));
            if (d > worst) worst = d;
            float qu = roundf(o.u * 1023.0f) / 1023.0f, qv = roundf(o.v * 1023.0f) / 1023.0f;
            sw_n3 q = sw_oct_decode(qu, qv);
            double dq = acos(fmin(1.0, (double)(q.x * x + q.y * y + q.z * z)));
            if (dq > worst_q) worst_q = dq;
        }
    }
    assert_true(worst < 1e-3);
    assert_true(worst_q * 180.0 / SW_PI < 0.25);
    /* the poles and the lower hemisphere's fold */
    sw_n3 up = sw_oct_decode(sw_oct_encode(0.0f, 1.0f, 0.0f).u, sw_oct_encode(0.0f, 1.0f, 0.0f).v);
    assert_float_equal(up.y, 1.0f, 1e-6);
    sw_oct d = sw_oct_encode(0.0f, -1.0f, 0.0f);
    sw_n3 down = sw_oct_decode(d.u, d.v);
    assert_float_equal(down.y, -1.0f, 1e-6);
}

/* SH4, HZD: Result = Texture * (2 * Colorize * Mask + 1 - Mask). */
static void test_colorize(void **state)
{
    (void)state;
    assert_float_equal(sw_colorize(0.4f, 0.5f, 1.0f), 0.4f, 1e-7);  /* 0.5 is neutral */
    assert_float_equal(sw_colorize(0.4f, 0.9f, 0.0f), 0.4f, 1e-7);  /* no mask: the texture */
    assert_float_equal(sw_colorize(0.4f, 1.0f, 1.0f), 0.8f, 1e-7);  /* 2 x at full colorize */
    assert_float_equal(sw_colorize(0.4f, 0.0f, 1.0f), 0.0f, 1e-7);
    assert_float_equal(sw_colorize(0.5f, 0.75f, 0.5f), 0.5f * (2.0f * 0.75f * 0.5f + 0.5f), 1e-7);
}

/* SH5: GGX with reflectance 4 % times AO. The normal distribution integrates to 1 over the projected
 * hemisphere; the reflection at normal incidence of a smooth-ish surface peaks where N = H; AO scales F0; the
 * reflectance is the 4 % dielectric's at normal incidence. */
static void test_specular(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) {
        float alpha = (float[]){0.1f, 0.3f, 0.8f}[k];
        double sum = 0.0;
        const int n = 4000;
        for (int i = 0; i < n; i++) {
            double th = (i + 0.5) / n * (SW_PI / 2.0), c = cos(th);
            sum += (double)sw_ggx_d((float)c, alpha) * c * sin(th) * (SW_PI / 2.0 / n) * SW_TAU;
        }
        assert_true(fabs(sum - 1.0) < 0.01);
    }
    assert_float_equal(sw_fresnel_schlick(SW_REFLECTANCE, 1.0f), 0.04f, 1e-6);
    assert_float_equal(sw_fresnel_schlick(SW_REFLECTANCE, 0.0f), 1.0f, 1e-6);
    float full = sw_specular(0.8f, 0.8f, 1.0f, 0.8f, 0.4f, 1.0f);
    float half = sw_specular(0.8f, 0.8f, 1.0f, 0.8f, 0.4f, 0.5f);
    float off = sw_specular(0.8f, 0.8f, 0.9f, 0.8f, 0.4f, 1.0f);
    assert_true(full > 0.0f && off < full);
    assert_true(half < full && half > 0.4f * full); /* F0 halves, the Fresnel rise at grazing stays */
    assert_float_equal(sw_specular(-0.1f, 0.8f, 1.0f, 0.8f, 0.4f, 1.0f), 0.0f, 0.0); /* the light behind */
    /* rougher: a lower, wider peak */
    assert_true(sw_specular(0.8f, 0.8f, 1.0f, 0.8f, 0.9f, 1.0f) < full);
}

/* SH6, HZD: the product of back light, view/light angle, max luminance, thickness, AO and the boost. */
static void test_translucency(void **state)
{
    (void)state;
    float t = sw_translucency_hzd(0.5f, 1.0f, 0.4f, 0.8f, 1.0f, 0.9f);
    assert_float_equal(t, 0.5f * 1.0f * 0.4f * 0.8f * 0.9f * SW_TRANSLUCENCY_BOOST, 1e-6);
    assert_float_equal(sw_translucency_hzd(0.0f, 1.0f, 0.4f, 0.8f, 1.0f, 0.9f), 0.0f, 0.0); /* no light behind */
    assert_float_equal(sw_translucency_hzd(0.5f, -0.3f, 0.4f, 0.8f, 1.0f, 0.9f), 0.0f, 0.0); /* looking away */
    assert_float_equal(sw_translucency_hzd(0.5f, 1.0f, 0.4f, 0.0f, 1.0f, 0.9f), 0.0f, 0.0); /* no thickness */
    /* a low diffusion narrows the lobe: off the sun's direction it falls faster */
    assert_true(sw_translucency_hzd(0.5f, 0.8f, 0.4f, 0.8f, 0.0f, 0.9f) <
                sw_translucency_hzd(0.5f, 0.8f, 0.4f, 0.8f, 1.0f, 0.9f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_octahedral_round_trip),
        cmocka_unit_test(test_colorize),
        cmocka_unit_test(test_specular),
        cmocka_unit_test(test_translucency),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
