/* test_sky.c — the analytic daylight sky (Preetham, Shirley, Smits 1999; shaders/shared/sw_sky.h,
 * src/render/sky.c, compiled into this test): coefficients and zenith values against the paper's formulas
 * evaluated by hand, the sun's colour through the atmosphere, the sky ambient, the radiance's shape, and no
 * NaN anywhere in the range of the scene's fields. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "render/sky.h"
#include "shared/sw_sky.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEG (3.14159265358979 / 180.0)

static void sun_at(double elevation_deg, double azimuth_deg, float d[3])
{
    double e = elevation_deg * DEG, a = azimuth_deg * DEG;
    d[0] = (float)(cos(e) * sin(a));
    d[1] = (float)sin(e);
    d[2] = (float)(cos(e) * cos(a));
}

static float luminance(sw_sky_rgb c)
{
    return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

/* T = 3, theta_s = 45 degrees, by hand (and checked in Python) from the paper's appendix A.2:
 *   A_Y = 0.1787 T - 1.4630 = -0.9269, B_Y = -0.3554 T + 0.4275 = -0.6387, C_Y = -0.0227 T + 5.3251 = 5.2570,
 *   D_Y = 0.1206 T - 2.5771 = -2.2153, E_Y = -0.0670 T + 0.3703 = 0.1693; x: -0.3171 -0.1987 0.2113 -1.0912
 *   0.0353; y: -0.3109 -0.2758 0.1865 -1.7860 0.0202.
 *   chi = (4/9 - T/120)(pi - 2 theta_s) = 0.6588618, Y_z = (4.0453 T - 4.9710) tan chi - 0.2155 T + 2.4192
 *   = 7.320358 kcd/m^2; x_z = [T^2 T 1] M_x [theta^3 theta^2 theta 1] = 0.2456783, y_z = 0.2514764;
 *   F_Y(0, theta_s) = (1 + A e^B)(1 + C e^(D theta_s) + E cos^2 theta_s) = 1.025043. */
static void test_coefficients_t3_45(void **state)
{
    (void)state;
    float d[3], k[32];
    sun_at(45.0, 30.0, d);
    render_sky_model(d, 3.0f, k);
    const float want[15] = {-0.9269f, -0.6387f, 5.2570f, -2.2153f, 0.1693f, -0.3171f, -0.1987f, 0.2113f,
                            -1.0912f, 0.0353f,  -0.3109f, -0.2758f, 0.1865f, -1.7860f, 0.0202f};
    for (int i = 0; i < 15; i++) assert_float_equal(k[i], want[i], 1e-5);
    assert_float_equal(k[SW_SKY_ZENITH], 7.320358f, 1e-4);
    assert_float_equal(k[SW_SKY_ZENITH + 1], 0.2456783f, 1e-6);
    assert_float_equal(k[SW_SKY_ZENITH + 2], 0.2514764f, 1e-6);
    assert_float_equal(1.0f / k[SW_SKY_NORM], 1.025043f, 1e-5);
    assert_float_equal(k[SW_SKY_SCALE], SW_SKY_LUMINANCE_SCALE, 0.0);
    for (int i = 0; i < 3; i++) assert_float_equal(k[SW_SKY_SUN + i], d[i], 1e-6);
    /* At the zenith the model gives the zenith values: Y = Y_z times the scale, chromaticity (x_z, y_z). */
    sw_sky_rgb z = sw_sky_radiance(k, 0.0f, 1.0f, 0.0f);
    assert_float_equal(luminance(z), 7.320358f * SW_SKY_LUMINANCE_SCALE, 2e-3);
}

/* The model's shape for the same sky: the horizon is brighter than the zenith (by F(90, gamma) / F(0,
 * theta_s), with cos theta clamped to 0.01: 1.1336 at 90 degrees from the sun, 1.9584 below the sun, 1.0859
 * opposite it, by hand), and the zenith bluer than the horizon. */
static void test_zenith_and_horizon(void **state)
{
    (void)state;
    float d[3], k[32];
    sun_at(45.0, 0.0, d); /* towards +z */
    render_sky_model(d, 3.0f, k);
    float yz = luminance(sw_sky_radiance(k, 0.0f, 1.0f, 0.0f));
    sw_sky_rgb side = sw_sky_radiance(k, 1.0f, 0.0f, 0.0f);
    sw_sky_rgb toward = sw_sky_radiance(k, 0.0f, 0.0f, 1.0f);
    sw_sky_rgb away = sw_sky_radiance(k, 0.0f, 0.0f, -1.0f);
    assert_float_equal(luminance(side) / yz, 1.1336f, 5e-3);
    assert_float_equal(luminance(toward) / yz, 1.9584f, 1e-2);
    assert_float_equal(luminance(away) / yz, 1.0859f, 5e-3);
    sw_sky_rgb zen = sw_sky_radiance(k, 0.0f, 1.0f, 0.0f);
    assert_true(zen.b / zen.r > side.b / side.r);
    /* below the horizon: the horizon's radiance, not NaN */
    sw_sky_rgb below = sw_sky_radiance(k, 0.8f, -0.6f, 0.0f);
    assert_float_equal(below.g, side.g, 1e-6);
    /* the haze colour is the horizon in the view's compass direction */
    sw_sky_rgb fog = sw_sky_fog(k, 0.0f, -3.0f);
    assert_float_equal(fog.r, away.r, 1e-6);
    assert_float_equal(fog.b, away.b, 1e-6);
}

/* Appendix A.1: Rayleigh, aerosol (Angstrom, alpha 1.3, beta = 0.04608 T - 0.04586) and ozone transmittance
 * along m = 1 / (cos theta_s + 0.15 (93.885 - theta_s)^-1.253), relative to the sun at the zenith. */
static void test_sun_colour(void **state)
{
    (void)state;
    float noon[3], high[3], low[3], below[3], set[3];
    render_sun_transmittance((float)(90.0 * DEG), 3.0f, noon);
    for (int c = 0; c < 3; c++) assert_float_equal(noon[c], 1.0f, 1e-6);
    render_sun_transmittance((float)(60.0 * DEG), 3.0f, high);
    render_sun_transmittance((float)(5.0 * DEG), 3.0f, low);
    assert_true(low[0] / low[2] > high[0] / high[2]);       /* redder near the horizon */
    assert_true(low[0] / low[2] > 2.0f * (high[0] / high[2]));
    for (int c = 0; c < 3; c++) assert_true(low[c] < high[c] && high[c] < 1.0f); /* and dimmer */
    /* by hand (checked in Python) at 60 degrees, T = 3, 680 nm: m = 1.153608, m0 = 0.999494 at the zenith;
     * Rayleigh 0.008735 * 0.68^-4.08 + aerosol (0.04608 * 3 - 0.04586) 0.68^-1.3 + ozone 0.036 * 0.35 =
     * 0.207250 per unit mass; exp(-0.207250 (m - m0)) = 0.968565 */
    assert_float_equal(high[0], 0.968565f, 1e-5);
    /* zero at and below the horizon */
    render_sun_transmittance(0.0f, 3.0f, set);
    render_sun_transmittance((float)(-10.0 * DEG), 3.0f, below);
    for (int c = 0; c < 3; c++) {
        assert_float_equal(set[c], 0.0f, 0.0);
        assert_float_equal(below[c], 0.0f, 0.0);
    }
    /* more turbid air reddens more */
    float hazy[3];
    render_sun_transmittance((float)(5.0 * DEG), 8.0f, hazy);
    assert_true(hazy[1] < low[1]);
}

static sward_scene *scene_with_sun(double elevation, double turbidity, bool sky)
{
    char json[512];
    snprintf(json, sizeof json,
             "{\"grass\": [{}], \"sun\": {\"elevation\": %g, \"azimuth\": 40, \"color\": [1, 0.9, 0.8], "
             "\"intensity\": 6}, \"sky\": {\"turbidity\": %g, \"zenith\": [0.1, 0.2, 0.3], \"horizon\": [0.4, 0.5, "
             "0.6]}, \"render\": {\"features\": {\"sky\": %s}}, \"terrain\": {\"resolution\": 33}}",
             elevation, turbidity, sky ? "true" : "false");
    sward_scene *s = NULL;
    sward_error err = {0};
    if (sward_scene_load_string(json, strlen(json), "t.json", NULL, &s, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    return s;
}

/* render_sky_constants: the sun's radiance colour is sun.color times the transmittance, 0 below the horizon;
 * with the feature off the frame keeps the scene's colours exactly. */
static void test_frame_constants(void **state)
{
    (void)state;
    sward_scene *s = scene_with_sun(-3.0, 3.0, true);
    sw_frame f;
    memset(&f, 0, sizeof f);
    f.sun_color[0] = f.sun_color[1] = f.sun_color[2] = 7.0f;
    render_sky_constants(s, &f);
    assert_float_equal(f.sun_color[0], 0.0f, 0.0);
    assert_float_equal(f.sun_color[2], 0.0f, 0.0);
    assert_true(f.sky[SW_SKY_SCALE] > 0.0f && f.sky[SW_SKY_SCALE] < SW_SKY_LUMINANCE_SCALE); /* twilight */
    sward_scene_destroy(s);

    s = scene_with_sun(30.0, 3.0, true);
    memset(&f, 0, sizeof f);
    render_sky_constants(s, &f);
    float tr[3];
    render_sun_transmittance((float)(30.0 * DEG), 3.0f, tr);
    assert_float_equal(f.sun_color[0], 1.0f * tr[0], 1e-5);
    assert_float_equal(f.sun_color[1], 0.9f * tr[1], 1e-5);
    assert_float_equal(f.sun_color[2], 0.8f * tr[2], 1e-5);
    float zen[3], hor[3];
    render_sky_ambient(f.sky, zen, hor);
    assert_float_equal(f.zenith[2], zen[2], 0.0);
    assert_float_equal(f.horizon[0], hor[0], 0.0);
    sward_scene_destroy(s);

    s = scene_with_sun(30.0, 3.0, false);
    memset(&f, 0, sizeof f);
    f.zenith[0] = 0.1f;
    f.sun_color[0] = 1.0f;
    render_sky_constants(s, &f);
    assert_float_equal(f.zenith[0], 0.1f, 0.0);
    assert_float_equal(f.sun_color[0], 1.0f, 0.0);
    for (int i = 0; i < 32; i++) assert_float_equal(f.sky[i], 0.0f, 0.0);
    sward_scene_destroy(s);
}

/* The ambient (irradiance / pi) grows with the sun's elevation, is bluer than the sun, and for a uniform
 * part of the model behaves like irradiance: up-facing above horizontal. Deterministic. */
static void test_ambient(void **state)
{
    (void)state;
    float prev = 0.0f;
    for (int e = 5; e <= 85; e += 10) {
        float d[3], k[32], zen[3], hor[3], tr[3];
        sun_at(e, 0.0, d);
        render_sky_model(d, 3.0f, k);
        render_sky_ambient(k, zen, hor);
        float y = 0.2126f * zen[0] + 0.7152f * zen[1] + 0.0722f * zen[2];
        assert_true(y > prev);
        prev = y;
        render_sun_transmittance((float)(e * DEG), 3.0f, tr);
        assert_true(zen[2] / zen[0] > tr[2] / tr[0]); /* bluer than the sun */
        assert_true(hor[2] / hor[0] > tr[2] / tr[0]);
        assert_true(zen[1] > hor[1]);
        float again[3], again_h[3];
        render_sky_ambient(k, again, again_h);
        assert_memory_equal(again, zen, sizeof zen);
        assert_memory_equal(again_h, hor, sizeof hor);
    }
    /* a sky of one radiance L everywhere (A = 0, C = 0, E = 0 for Y, x and y; the normalisation 1): the
     * integration gives L for an up-facing normal and L / 2 for a horizontal one */
    float k[32];
    memset(k, 0, sizeof k);
    k[SW_SKY_ZENITH] = 1.0f;
    k[SW_SKY_ZENITH + 1] = 0.3127f; /* D65 white */
    k[SW_SKY_ZENITH + 2] = 0.3290f;
    k[SW_SKY_NORM] = k[SW_SKY_NORM + 1] = k[SW_SKY_NORM + 2] = 1.0f;
    k[SW_SKY_SCALE] = 1.0f;
    k[SW_SKY_SUN + 1] = 1.0f;
    float zen[3], hor[3];
    render_sky_ambient(k, zen, hor);
    sw_sky_rgb L = sw_sky_radiance(k, 0.0f, 1.0f, 0.0f);
    assert_float_equal(zen[1], L.g, 2e-3 * L.g);
    assert_float_equal(hor[1], 0.5f * L.g, 2e-3 * L.g);
}

/* No NaN or infinity, and nothing negative, for every elevation from -90 to 90 degrees (step 1) and
 * turbidity from 1.7 to 10. */
static void test_finite_everywhere(void **state)
{
    (void)state;
    const float turbidity[] = {1.7f, 2.0f, 3.0f, 4.5f, 6.0f, 8.0f, 10.0f};
    for (size_t ti = 0; ti < sizeof turbidity / sizeof turbidity[0]; ti++)
        for (int e = -90; e <= 90; e++) {
            float d[3], k[32], zen[3], hor[3], tr[3];
            sun_at(e, 123.0, d);
            render_sky_model(d, turbidity[ti], k);
            for (int i = 0; i < 32; i++) assert_true(isfinite(k[i]));
            render_sky_ambient(k, zen, hor);
            render_sun_transmittance((float)(e * DEG), turbidity[ti], tr);
            for (int c = 0; c < 3; c++) {
                assert_true(isfinite(zen[c]) && zen[c] >= 0.0f);
                assert_true(isfinite(hor[c]) && hor[c] >= 0.0f);
                assert_true(isfinite(tr[c]) && tr[c] >= 0.0f && tr[c] <= 1.0f);
            }
            for (int j = -8; j <= 8; j++) {
                float y = (float)j / 8.0f, h = sqrtf(1.0f - y * y);
                for (int a = 0; a < 8; a++) {
                    sw_sky_rgb c = sw_sky_radiance(k, h * cosf((float)a), y, h * sinf((float)a));
                    assert_true(isfinite(c.r) && isfinite(c.g) && isfinite(c.b));
                    assert_true(c.r >= 0.0f && c.g >= 0.0f && c.b >= 0.0f);
                }
                sw_sky_rgb fog = sw_sky_fog(k, 0.0f, 0.0f); /* straight up or down */
                assert_true(isfinite(fog.r) && isfinite(fog.g) && isfinite(fog.b));
            }
        }
}

static void test_sun_disc(void **state)
{
    (void)state;
    assert_float_equal(sw_sky_sun_disc(0.0f), 1.0f, 0.0);
    assert_float_equal(sw_sky_sun_disc(SW_SKY_SUN_RADIUS * 0.999f), 1.0f - SW_SKY_LIMB, 0.03);
    assert_float_equal(sw_sky_sun_disc(SW_SKY_SUN_RADIUS), 0.0f, 0.0);
    assert_true(sw_sky_sun_disc(0.5f * SW_SKY_SUN_RADIUS) < 1.0f); /* limb darkening */
    assert_true(sw_sky_sun_disc(0.5f * SW_SKY_SUN_RADIUS) > sw_sky_sun_disc(0.9f * SW_SKY_SUN_RADIUS));
    /* 0.53 degrees across */
    assert_true(fabs(2.0 * SW_SKY_SUN_RADIUS / DEG - 0.53) < 0.01);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coefficients_t3_45), cmocka_unit_test(test_zenith_and_horizon),
        cmocka_unit_test(test_sun_colour),         cmocka_unit_test(test_frame_constants),
        cmocka_unit_test(test_ambient),            cmocka_unit_test(test_finite_everywhere),
        cmocka_unit_test(test_sun_disc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
