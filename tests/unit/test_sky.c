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
 * along m = 1 / (cos theta_s + 0.15 (93.885 - theta_s)^-1.253). */
static void test_sun_colour(void **state)
{
    (void)state;
    float noon[3], high[3], low[3], below[3], set[3];
    /* by hand (checked in Python) at the zenith, T = 3: m0 = 0.999494; per unit mass at 680 nm Rayleigh
     * 0.008735 * 0.68^-4.08 + aerosol (0.04608 * 3 - 0.04586) 0.68^-1.3 + ozone 0.036 * 0.35 = 0.207250,
     * exp(-0.207250 m0) = 0.812902; at 550 nm 0.330843 -> 0.718438; at 440 nm 0.518512 -> 0.595562 */
    render_sun_transmittance((float)(90.0 * DEG), 3.0f, noon);
    assert_float_equal(noon[0], 0.812902f, 1e-5);
    assert_float_equal(noon[1], 0.718438f, 1e-5);
    assert_float_equal(noon[2], 0.595562f, 1e-5);
    render_sun_transmittance((float)(60.0 * DEG), 3.0f, high);
    render_sun_transmittance((float)(5.0 * DEG), 3.0f, low);
    assert_true(low[0] / low[2] > high[0] / high[2]);       /* redder near the horizon */
    assert_true(low[0] / low[2] > 2.0f * (high[0] / high[2]));
    for (int c = 0; c < 3; c++) assert_true(low[c] < high[c] && high[c] < noon[c]); /* and dimmer */
    /* at 60 degrees m = 1.153608: exp(-0.207250 * 1.153608) = 0.787354 */
    assert_float_equal(high[0], 0.787354f, 1e-5);
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

/* An evaluation of LS5's figures written apart from sky.c: Preetham's zenith luminance (kcd/m^2) and the
 * luminance of a white Lambertian surface lit by the sun alone, E sin(e) / pi, with E = 128 klux times the
 * photopic transmittance (CIE y-bar as one Gaussian at 555 nm, sigma 42 nm, under a flat spectrum; 1 nm steps). */
static double independent_zenith(double t, double e)
{
    double theta = 0.5 * 3.14159265358979 - e, chi = (4.0 / 9.0 - t / 120.0) * (3.14159265358979 - 2.0 * theta);
    return (4.0453 * t - 4.9710) * tan(chi) - 0.2155 * t + 2.4192;
}

static double independent_white(double t, double e)
{
    double theta = 0.5 * 3.14159265358979 - e, deg = theta / DEG;
    double m = 1.0 / (cos(theta) + 0.15 * pow(93.885 - deg, -1.253)), num = 0.0, den = 0.0;
    for (int nm = 400; nm <= 720; nm++) {
        double l = nm / 1000.0, w = exp(-0.5 * ((nm - 555.0) / 42.0) * ((nm - 555.0) / 42.0));
        double ozone = 0.12 * exp(-0.5 * ((nm - 600.0) / 60.0) * ((nm - 600.0) / 60.0));
        double depth = 0.008735 * pow(l, -4.08) + (0.04608 * t - 0.04586) * pow(l, -1.3) + 0.35 * ozone;
        num += w * exp(-depth * m);
        den += w;
    }
    return 128.0 * num / den * sin(e) / 3.14159265358979;
}

/* LS5: sun and sky in one unit. The ratio of the zenith's luminance to a sunlit white Lambertian's, from what
 * the renderer uses (sw_sky_radiance straight up, render_sun_light), within 20 % of the independent figure at
 * five elevations; at 60 degrees, T = 3, about 10 kcd/m^2 against about 25. */
static void test_sun_and_sky_in_one_unit(void **state)
{
    (void)state;
    const double elevations[] = {5.0, 15.0, 30.0, 60.0, 80.0};
    for (size_t i = 0; i < sizeof elevations / sizeof elevations[0]; i++) {
        double e = elevations[i] * DEG;
        float d[3], k[32], sun[3];
        sun_at(elevations[i], 70.0, d);
        render_sky_model(d, 3.0f, k);
        render_sun_light((float)e, 3.0f, sun);
        double zenith = luminance(sw_sky_radiance(k, 0.0f, 1.0f, 0.0f)) / SW_SKY_LUMINANCE_SCALE;
        double white = (0.2126 * sun[0] + 0.7152 * sun[1] + 0.0722 * sun[2]) * sin(e) / SW_SKY_LUMINANCE_SCALE;
        double want = independent_zenith(3.0, e) / independent_white(3.0, e);
        print_message("sun %4.0f deg: zenith %6.2f kcd/m^2, white %6.2f kcd/m^2, ratio %.3f (independent %.3f)\n",
                      elevations[i], zenith, white, zenith / white, want);
        assert_true(fabs(zenith / white / want - 1.0) <= 0.20);
        if (elevations[i] == 60.0) {
            assert_true(zenith > 9.0 && zenith < 11.5);
            assert_true(white > 20.0 && white < 30.0);
        }
    }
}

/* LS5 aerial perspective: extinction at the ground by hand (Rayleigh and aerosol thickness over 8 km and
 * 1.2 km scale heights, T = 3: 1.3236e-4, 1.7998e-4, 2.5493e-4 per m for R, G, B); a surface's colour tends to
 * the horizon's with distance exactly as exp(-beta d), blue first. */
static void test_aerial_perspective(void **state)
{
    (void)state;
    float d[3], k[32];
    sun_at(40.0, 10.0, d);
    render_sky_model(d, 3.0f, k);
    assert_float_equal(k[SW_SKY_EXTINCTION], 1.3236e-4f, 1e-8);
    assert_float_equal(k[SW_SKY_EXTINCTION + 1], 1.7998e-4f, 1e-8);
    assert_float_equal(k[SW_SKY_EXTINCTION + 2], 2.5493e-4f, 1e-8);
    sw_sky_rgb fog = sw_sky_fog(k, 1.0f, 0.0f), c = {0.02f, 0.05f, 0.01f};
    double prev = 1e9;
    for (int i = 0; i <= 12; i++) {
        float dist = i == 0 ? 0.0f : 10.0f * powf(2.0f, (float)i);
        sw_sky_rgb o = sw_sky_aerial(k, c, fog, dist);
        double tb = exp(-2.5493e-4 * dist), tg = exp(-1.7998e-4 * dist);
        assert_true(fabs(o.b - (c.b * tb + fog.b * (1.0 - tb))) <= 1e-5 * fog.b + 1e-7);
        assert_true(fabs(o.g - (c.g * tg + fog.g * (1.0 - tg))) <= 1e-5 * fog.g + 1e-7);
        double gap = fabs(o.r - fog.r) + fabs(o.g - fog.g) + fabs(o.b - fog.b);
        assert_true(gap <= prev);
        prev = gap;
    }
    assert_true(prev < 0.01 * (fog.r + fog.g + fog.b)); /* 40 km: the horizon's colour */
    sw_sky_rgb at1km = sw_sky_aerial(k, c, fog, 1000.0f);
    assert_true((at1km.b - c.b) / (fog.b - c.b) > (at1km.r - c.r) / (fog.r - c.r)); /* blue scatters first */
    float hazy[32];
    render_sky_model(d, 8.0f, hazy);
    for (int i = 0; i < 3; i++) assert_true(hazy[SW_SKY_EXTINCTION + i] > 2.0f * k[SW_SKY_EXTINCTION + i]);
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

/* render_sky_constants: the sun's light is sun.color times render_sun_light, 0 below the horizon; with the
 * feature off it is sun.color times the light outside the atmosphere, and the sky keeps the scene's colours. */
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
    render_sun_light((float)(30.0 * DEG), 3.0f, tr);
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
    assert_float_equal(f.sun_color[0], 1.0f * 128.0f / 3.14159265f * SW_SKY_LUMINANCE_SCALE, 1e-5);
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
        cmocka_unit_test(test_sun_and_sky_in_one_unit), cmocka_unit_test(test_aerial_perspective),
        cmocka_unit_test(test_ambient),            cmocka_unit_test(test_finite_everywhere),
        cmocka_unit_test(test_sun_disc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
