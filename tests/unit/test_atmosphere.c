/* test_atmosphere.c — the CPU reference of Hillaire's LUT atmosphere (src/render/atmosphere.c, compiled into
 * this test): transmittance against Beer-Lambert by hand, energy, the sky's colour by sun elevation, multiple
 * scattering, the LUTs against the reference; and the comparison with sward's Preetham sky (src/render/sky.c,
 * shaders/shared/sw_sky.h) and the LUTs' cost that docs/sky.md quotes (print_message: `ctest -R
 * unit_atmosphere -V`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "render/atmosphere.h"
#include "render/sky.h"
#include "shared/sw_sky.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define DEG (3.14159265358979 / 180.0)
#define STEPS 64 /* view and sun samples of the reference sky */

static double lum(const double c[3])
{
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/* linear sRGB -> CIE xy */
static void chroma(const double c[3], double xy[2])
{
    double X = 0.4124564 * c[0] + 0.3575761 * c[1] + 0.1804375 * c[2];
    double Y = 0.2126729 * c[0] + 0.7151522 * c[1] + 0.0721750 * c[2];
    double Z = 0.0193339 * c[0] + 0.1191920 * c[1] + 0.9503041 * c[2];
    xy[0] = X / (X + Y + Z);
    xy[1] = Y / (X + Y + Z);
}

/* unit direction at elevation e and azimuth a (degrees), y up */
static void dir(double e, double a, double d[3])
{
    d[0] = cos(e * DEG) * sin(a * DEG);
    d[1] = sin(e * DEG);
    d[2] = cos(e * DEG) * cos(a * DEG);
}

static atmo_ms_lut *ms_lut(const atmo_params *p)
{
    atmo_ms_lut *ms = malloc(sizeof *ms);
    assert_non_null(ms);
    atmo_ms_build(p, NULL, 32, ms);
    return ms;
}

/* Straight up from the ground, by hand: the columns are 8 km (1 - e^-12.5) = 7999.970 m of Rayleigh, 1200 m of
 * Mie and 15 km of ozone (the tent's area), so the optical depths are 0.0614458, 0.1419586, 0.2713540 and the
 * transmittances 0.9404039, 0.8676572, 0.7623466 for R, G, B. */
static void test_zenith_transmittance(void **state)
{
    (void)state;
    atmo_params p;
    atmo_earth(&p);
    double col[3], t[3];
    atmo_column(&p, p.ground_radius, 1.0, 4000, col);
    assert_float_equal(col[0], 7999.970, 0.05);
    assert_float_equal(col[1], 1200.0, 0.05);
    assert_float_equal(col[2], 15000.0, 0.5);
    atmo_transmittance(&p, p.ground_radius, 1.0, 4000, t);
    assert_float_equal(t[0], 0.9404039, 2e-6);
    assert_float_equal(t[1], 0.8676572, 2e-6);
    assert_float_equal(t[2], 0.7623466, 2e-6);
    double sun[3];
    atmo_sun_at_ground(&p, 90.0 * DEG, sun); /* the reference's step count gives the same */
    for (int c = 0; c < 3; c++) assert_true(fabs(sun[c] / p.sun_illuminance - t[c]) < 1e-4);
    /* the transmittance LUT (40 steps, 256 x 64) against the reference, from the ground to 30 km: within 0.5 %
     * from 10 degrees above the horizon to the zenith, within 0.01 down to 2 degrees (there 1.8 % in red and 9 %
     * of blue's 0.006: 40 steps over a grazing path of 930 km) */
    atmo_trans_lut *lut = malloc(sizeof *lut);
    assert_non_null(lut);
    atmo_trans_build(&p, lut);
    for (double h = 0.0; h <= 30e3; h += 10e3)
        for (double e = 2.0; e <= 90.0; e += 4.0) {
            double a[3], b[3];
            atmo_transmittance(&p, p.ground_radius + h, sin(e * DEG), 1024, a);
            atmo_trans_lookup(&p, lut, p.ground_radius + h, sin(e * DEG), b);
            for (int c = 0; c < 3; c++) {
                assert_true(fabs(b[c] - a[c]) < 0.01);
                if (e >= 10.0) assert_true(fabs(b[c] / a[c] - 1.0) < 5e-3);
            }
        }
    free(lut);
    /* through the planet: none */
    atmo_transmittance(&p, p.ground_radius + 100.0, -0.5, 64, t);
    for (int c = 0; c < 3; c++) assert_float_equal(t[c], 0.0, 0.0);
}

/* Energy: the sky's irradiance on a horizontal plane plus the direct sun's is below the top of the
 * atmosphere's (the rest is absorbed by ozone, Mie and the ground, or leaves to space), and both are positive. */
static void test_energy(void **state)
{
    (void)state;
    atmo_params p;
    atmo_earth(&p);
    atmo_ms_lut *ms = ms_lut(&p);
    const double elevations[] = {5.0, 30.0, 80.0};
    for (int i = 0; i < 3; i++) {
        double s[3], sky[3], sun[3], e = elevations[i];
        dir(e, 0.0, s);
        atmo_sky_irradiance(&p, ms, s, 24, 48, 32, sky);
        atmo_sun_at_ground(&p, e * DEG, sun);
        for (int c = 0; c < 3; c++) {
            double top = p.sun_illuminance * sin(e * DEG), direct = sun[c] * sin(e * DEG);
            print_message("sun %2.0f deg ch %d: sky %7.3f + direct %7.3f = %7.3f of %7.3f klux\n", e, c, sky[c],
                          direct, sky[c] + direct, top);
            assert_true(sky[c] > 0.0 && direct > 0.0);
            assert_true(sky[c] + direct < top);
        }
        /* the sky is a real part of the light: at least 5 % of the direct sun's on the plane in blue */
        assert_true(sky[2] > 0.05 * sun[2] * sin(e * DEG));
    }
    free(ms);
}

/* Rayleigh's lambda^-4 makes the zenith blue with the sun 60 degrees up: blue above red by more than twice in
 * linear radiance, chromaticity x below D65's 0.3127 */
static void test_blue_zenith(void **state)
{
    (void)state;
    atmo_params p;
    atmo_earth(&p);
    atmo_ms_lut *ms = ms_lut(&p);
    double s[3], up[3] = {0.0, 1.0, 0.0}, L[3], xy[2];
    dir(60.0, 0.0, s);
    atmo_sky(&p, ms, 0.0, up, s, STEPS, L);
    chroma(L, xy);
    print_message("zenith, sun 60 deg: %.3f %.3f %.3f kcd/m^2, xy %.4f %.4f\n", L[0], L[1], L[2], xy[0], xy[1]);
    assert_true(L[2] > 2.0 * L[0] && L[2] > L[1] && L[1] > L[0]);
    assert_true(xy[0] < 0.27 && xy[1] < 0.29);
    /* the Mie forward lobe: the horizon toward the sun is brighter than away from it */
    double toward[3], away[3];
    dir(1.0, 0.0, toward);
    dir(1.0, 180.0, away);
    double lt[3], la[3];
    dir(15.0, 0.0, s);
    atmo_sky(&p, ms, 0.0, toward, s, STEPS, lt);
    atmo_sky(&p, ms, 0.0, away, s, STEPS, la);
    assert_true(lum(lt) > 1.5 * lum(la));
    free(ms);
}

/* Near sunset (the sun 2 degrees up) the sun at the ground is red (R over B more than 4 times what it is at 60
 * degrees) and the horizon toward it is warmer than the zenith; the sky at the horizon is brighter than at the
 * zenith. */
static void test_red_horizon_at_sunset(void **state)
{
    (void)state;
    atmo_params p;
    atmo_earth(&p);
    atmo_ms_lut *ms = ms_lut(&p);
    double low[3], high[3];
    atmo_sun_at_ground(&p, 2.0 * DEG, low);
    atmo_sun_at_ground(&p, 60.0 * DEG, high);
    print_message("sun at the ground, 2 deg: %.2f %.2f %.2f klux; 60 deg: %.2f %.2f %.2f\n", low[0], low[1],
                  low[2], high[0], high[1], high[2]);
    assert_true(low[0] / low[2] > 4.0 * high[0] / high[2]);
    assert_true(low[0] > low[1] && low[1] > low[2]);
    double s[3], toward[3], up[3] = {0.0, 1.0, 0.0}, lh[3], lz[3];
    dir(2.0, 0.0, s);
    dir(1.0, 0.0, toward);
    atmo_sky(&p, ms, 0.0, toward, s, STEPS, lh);
    atmo_sky(&p, ms, 0.0, up, s, STEPS, lz);
    print_message("sun 2 deg: horizon toward it %.3f %.3f %.3f, zenith %.3f %.3f %.3f\n", lh[0], lh[1], lh[2],
                  lz[0], lz[1], lz[2]);
    assert_true(lh[0] / lh[2] > 2.0 * lz[0] / lz[2]);
    assert_true(lh[0] > lh[2]);
    assert_true(lum(lh) > lum(lz));
    free(ms);
}

/* Multiple scattering adds light: psi_ms is positive everywhere, and the zenith with it is brighter than by
 * single scattering alone, by more at low sun (where the single-scattered light is weak). */
static void test_multiple_scattering_adds(void **state)
{
    (void)state;
    atmo_params p;
    atmo_earth(&p);
    atmo_ms_lut *ms = ms_lut(&p);
    for (int j = 0; j < ATMO_MS_SIZE; j++)
        for (int i = ATMO_MS_SIZE / 2; i < ATMO_MS_SIZE; i++) /* the sun above the local horizon */
            for (int c = 0; c < 3; c++) assert_true(ms->texel[j][i][c] > 0.0);
    double up[3] = {0.0, 1.0, 0.0}, gain[2];
    const double elevations[2] = {60.0, 5.0};
    for (int k = 0; k < 2; k++) {
        double s[3], with[3], without[3];
        dir(elevations[k], 0.0, s);
        atmo_sky(&p, ms, 0.0, up, s, STEPS, with);
        atmo_sky(&p, NULL, 0.0, up, s, STEPS, without);
        gain[k] = lum(with) / lum(without);
        print_message("zenith, sun %2.0f deg: %.4f kcd/m^2 with multiple scattering, %.4f without (x%.3f)\n",
                      elevations[k], lum(with), lum(without), gain[k]);
        for (int c = 0; c < 3; c++) assert_true(with[c] > without[c] * 1.03);
    }
    assert_true(gain[1] > gain[0]);
    free(ms);
}

/* The sky-view LUT (192 x 108, 30 steps, transmittance and multiple scattering from their LUTs) against the
 * reference sky at the zenith and at the horizon, toward the sun and away: within 3 %. */
static void test_view_lut_matches_reference(void **state)
{
    (void)state;
    atmo_params p;
    atmo_earth(&p);
    atmo_trans_lut *t = malloc(sizeof *t);
    atmo_ms_lut *ms = malloc(sizeof *ms);
    atmo_view_lut *v = malloc(sizeof *v);
    assert_true(t && ms && v);
    atmo_trans_build(&p, t);
    atmo_ms_build(&p, t, 0, ms);
    const double elevations[] = {5.0, 30.0};
    const double views[4][2] = {{90.0, 0.0}, {20.0, 90.0}, {1.0, 0.0}, {1.0, 180.0}};
    for (int i = 0; i < 2; i++) {
        double s[3];
        dir(elevations[i], 30.0, s);
        atmo_view_build(&p, t, ms, s, v);
        for (int k = 0; k < 4; k++) {
            double d[3], a[3], b[3];
            dir(views[k][0], 30.0 + views[k][1], d);
            atmo_sky(&p, ms, 0.0, d, s, 256, a);
            atmo_view_lookup(v, d, s, b);
            print_message("sun %2.0f, view %2.0f/%3.0f: reference %.4f, LUT %.4f\n", elevations[i], views[k][0],
                          views[k][1], lum(a), lum(b));
            assert_true(fabs(lum(b) / lum(a) - 1.0) < 0.03);
        }
    }
    free(t);
    free(ms);
    free(v);
}

/* One sun elevation's figures: zenith luminance, the horizon (1 degree up) toward the sun and away from it,
 * zenith over a sunlit white Lambertian (E sin e / pi, the sun alone), chromaticity at the zenith and at the
 * horizon 90 degrees from the sun, the sun's illuminance at the ground (klux, facing it). */
typedef struct sky_row {
    double zenith, toward, away, ratio, xy_zenith[2], xy_horizon[2], sun;
} sky_row;

static void preetham_row(double e, sky_row *row)
{
    float d[3] = {0.0f, (float)sin(e * DEG), (float)cos(e * DEG)}, k[32], sun[3];
    render_sky_model(d, 3.0f, k);
    render_sun_light((float)(e * DEG), 3.0f, sun);
    const double dirs[4][2] = {{90.0, 0.0}, {1.0, 0.0}, {1.0, 180.0}, {1.0, 90.0}};
    double L[4][3];
    for (int i = 0; i < 4; i++) {
        double v[3];
        dir(dirs[i][0], dirs[i][1], v);
        sw_sky_rgb c = sw_sky_radiance(k, (float)v[0], (float)v[1], (float)v[2]);
        L[i][0] = c.r / SW_SKY_LUMINANCE_SCALE;
        L[i][1] = c.g / SW_SKY_LUMINANCE_SCALE;
        L[i][2] = c.b / SW_SKY_LUMINANCE_SCALE;
    }
    double s[3] = {sun[0], sun[1], sun[2]};
    row->sun = lum(s) * 3.14159265358979 / SW_SKY_LUMINANCE_SCALE;
    row->zenith = lum(L[0]);
    row->toward = lum(L[1]);
    row->away = lum(L[2]);
    row->ratio = row->zenith / (row->sun * sin(e * DEG) / 3.14159265358979);
    chroma(L[0], row->xy_zenith);
    chroma(L[3], row->xy_horizon);
}

static void hillaire_row(const atmo_params *p, const atmo_ms_lut *ms, double e, sky_row *row, double *sun_rgb)
{
    const double dirs[4][2] = {{90.0, 0.0}, {1.0, 0.0}, {1.0, 180.0}, {1.0, 90.0}};
    double L[4][3], s[3], rgb[3];
    dir(e, 0.0, s);
    for (int i = 0; i < 4; i++) {
        double v[3];
        dir(dirs[i][0], dirs[i][1], v);
        atmo_sky(p, ms, 0.0, v, s, STEPS, L[i]);
    }
    atmo_sun_at_ground(p, e * DEG, rgb);
    *sun_rgb = lum(rgb);
    row->sun = atmo_sun_luminous(p, e * DEG);
    row->zenith = lum(L[0]);
    row->toward = lum(L[1]);
    row->away = lum(L[2]);
    row->ratio = row->zenith / (row->sun * sin(e * DEG) / 3.14159265358979);
    chroma(L[0], row->xy_zenith);
    chroma(L[3], row->xy_horizon);
}

static void print_row(const char *name, double e, const sky_row *r)
{
    print_message("| %-9s | %2.0f | %7.3f | %7.3f | %7.3f | %6.3f | %.3f %.3f | %.3f %.3f | %6.1f |\n", name, e,
                  r->zenith, r->toward, r->away, r->ratio, r->xy_zenith[0], r->xy_zenith[1], r->xy_horizon[0],
                  r->xy_horizon[1], r->sun);
}

/* The comparison docs/sky.md tabulates: Preetham at sward's default turbidity 3 (what the renderer draws),
 * Hillaire's Earth (a clear day: aerosol optical depth 0.005) and Hillaire's Earth with the aerosol of T = 3
 * (Preetham's 550 nm aerosol depth, 0.201, over the same 1.2 km), at the sun elevations of the issue. The
 * assertions hold the findings the doc states. */
static void test_compare_with_preetham(void **state)
{
    (void)state;
    atmo_params clear, hazy;
    atmo_earth(&clear);
    hazy = clear;
    double tau = (0.04608 * 3.0 - 0.04586) * pow(0.55, -1.3);
    hazy.mie_extinction = tau / hazy.mie_height;
    hazy.mie_scattering = hazy.mie_extinction * clear.mie_scattering / clear.mie_extinction;
    atmo_ms_lut *ms_clear = ms_lut(&clear), *ms_hazy = ms_lut(&hazy);
    const double elevations[] = {2.0, 5.0, 15.0, 30.0, 60.0, 80.0};
    print_message("| model     | e  | zenith  | hor. to | hor. aw | z/white | xy zenith   | xy horizon  | sun klux |\n");
    for (int i = 0; i < 6; i++) {
        double e = elevations[i], rgb_clear, rgb_hazy;
        sky_row pr, hc, hh;
        preetham_row(e, &pr);
        hillaire_row(&clear, ms_clear, e, &hc, &rgb_clear);
        hillaire_row(&hazy, ms_hazy, e, &hh, &rgb_hazy);
        print_row("Preetham", e, &pr);
        print_row("H. clear", e, &hc);
        print_row("H. T=3", e, &hh);
        print_message("  (sun by the three wavelengths' luminance: clear %.1f, T=3 %.1f klux)\n", rgb_clear, rgb_hazy);
        /* the findings docs/sky.md states: with the same aerosol the sun at the ground agrees within 6 % from 15
         * degrees up, while Preetham's zenith over the sunlit white is 1.5 to 3.5 times the LUT atmosphere's from
         * 5 to 60 degrees and under 0.8 of it at 80 (its zenith misses the aerosol's forward lobe); against the
         * clear Earth more than 4 times from 5 to 80 */
        if (e >= 15.0) assert_true(fabs(pr.sun / hh.sun - 1.0) < 0.06);
        if (e >= 5.0 && e <= 60.0) assert_true(pr.ratio / hh.ratio > 1.5 && pr.ratio / hh.ratio < 3.5);
        if (e == 80.0) assert_true(pr.ratio / hh.ratio < 0.8);
        if (e >= 5.0) assert_true(pr.ratio / hc.ratio > 4.0);
    }
    free(ms_clear);
    free(ms_hazy);
}

/* The LUTs' CPU time at the paper's sizes (this build's optimisation, one thread) and their sample counts. */
static double cpu_ms(clock_t a, clock_t b)
{
    return 1000.0 * (double)(b - a) / CLOCKS_PER_SEC;
}

static void test_lut_cost(void **state)
{
    (void)state;
    atmo_params p;
    atmo_earth(&p);
    atmo_trans_lut *t = malloc(sizeof *t);
    atmo_ms_lut *ms = malloc(sizeof *ms);
    atmo_view_lut *v = malloc(sizeof *v);
    atmo_ap_lut *ap = malloc(sizeof *ap);
    assert_true(t && ms && v && ap);
    double s[3];
    dir(30.0, 0.0, s);
    clock_t c0 = clock();
    atmo_trans_build(&p, t);
    clock_t c1 = clock();
    atmo_ms_build(&p, t, 0, ms);
    clock_t c2 = clock();
    atmo_view_build(&p, t, ms, s, v);
    clock_t c3 = clock();
    atmo_ap_build(&p, t, ms, s, ap);
    clock_t c4 = clock();
    long ap_samples = 0;
    for (int k = 0; k < ATMO_AP_SIZE; k++) ap_samples += 2L * (k + 1) * ATMO_AP_SIZE * ATMO_AP_SIZE;
    print_message("transmittance 256x64x40 = %ld samples: %.1f ms\n", 256L * 64 * 40, cpu_ms(c0, c1));
    print_message("multiple scattering 32x32x64x20 = %ld samples: %.1f ms\n", 32L * 32 * 64 * 20, cpu_ms(c1, c2));
    print_message("sky view 192x108x30 = %ld samples: %.1f ms\n", 192L * 108 * 30, cpu_ms(c2, c3));
    print_message("aerial perspective 32^3 froxels, %ld samples: %.1f ms\n", ap_samples, cpu_ms(c3, c4));
    /* the froxels grow darker with distance and gain in-scattered light */
    assert_true(ap->texel[31][16][16][3] < ap->texel[0][16][16][3]);
    assert_true(ap->texel[31][16][16][2] > ap->texel[0][16][16][2]);
    free(t);
    free(ms);
    free(v);
    free(ap);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zenith_transmittance),    cmocka_unit_test(test_energy),
        cmocka_unit_test(test_blue_zenith),             cmocka_unit_test(test_red_horizon_at_sunset),
        cmocka_unit_test(test_multiple_scattering_adds), cmocka_unit_test(test_view_lut_matches_reference),
        cmocka_unit_test(test_compare_with_preetham),   cmocka_unit_test(test_lut_cost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
