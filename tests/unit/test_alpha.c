/* test_alpha.c — coverage-preserving alpha mips (src/assets/alpha.c; SPEC AS4, HZD "Pixel Program: Alpha") and
 * HZD's soft clamp for plants (shaders/shared/sw_wind.h, SPEC GA7).
 * A signed-distance alpha texture of a fern (a stem with thin pinnae, 512x512): with the custom-coverage chain,
 * every level bilinearly magnified back to 512x512 (what a texture filter sees of the level: the share of its
 * bilinear surface above the cutoff) covers within 2 % of what the source covers (the 2x2 and 1x1 levels magnify
 * to plateaus: at least as much); the regular chain loses more
 * than 10 % at some level (which is the problem the algorithm solves). The share of a level's own texels above
 * the cutoff is printed, not tested: it is a coarser sample of the same surface. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assets/assets.h"
#include "shared/sw_wind.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S 512u

/* Distance from p to the segment a-b. */
static double seg_dist(double px, double py, double ax, double ay, double bx, double by)
{
    double vx = bx - ax, vy = by - ay, wx = px - ax, wy = py - ay;
    double t = (vx * wx + vy * wy) / (vx * vx + vy * vy);
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    double dx = wx - t * vx, dy = wy - t * vy;
    return sqrt(dx * dx + dy * dy);
}

/* A fern frond as a signed-distance alpha texture: alpha = 0.5 + signed distance / (2 x 6 px), clamped. */
static float *fern(void)
{
    float *a = malloc(S * S * sizeof *a);
    for (uint32_t y = 0; y < S; y++)
        for (uint32_t x = 0; x < S; x++) {
            double px = x + 0.5, py = y + 0.5;
            double d = seg_dist(px, py, 256, 500, 256, 20) - 3.0; /* the stem, 6 px wide */
            for (int k = 0; k < 18; k++) {                      /* pinnae, 2 px wide, shorter to the tip */
                double sy = 470.0 - 24.0 * k, len = 200.0 * (1.0 - k / 20.0);
                for (int side = -1; side <= 1; side += 2) {
                    double e = seg_dist(px, py, 256, sy, 256 + side * len, sy - 40.0) - 1.0;
                    if (e < d) d = e;
                }
            }
            double v = 0.5 - d / 12.0;
            a[y * S + x] = (float)(v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v);
        }
    return a;
}

static void test_coverage_kept(void **state)
{
    (void)state;
    float *src = fern();
    double c0 = asset_alpha_coverage(src, S, S);
    assert_true(c0 > 0.03 && c0 < 0.5);
    sward_error err = {0};
    asset_alpha_mips kept, regular;
    assert_int_equal(asset_alpha_build_mips(src, S, S, true, &kept, &err), SWARD_OK);
    assert_int_equal(asset_alpha_build_mips(src, S, S, false, &regular, &err), SWARD_OK);
    assert_int_equal(kept.levels, 10); /* 512 .. 1 */
    assert_memory_equal(kept.alpha[0], src, S * S * sizeof *src);
    assert_true(kept.scale[0] == 1.0f);
    float *up = malloc(S * S * sizeof *up);
    double worst_regular = 0.0;
    for (uint32_t l = 0; l < kept.levels; l++) {
        asset_alpha_upsample(kept.alpha[l], kept.width[l], kept.height[l], up, S, S);
        double ck = asset_alpha_coverage(up, S, S);
        double own = asset_alpha_coverage(kept.alpha[l], kept.width[l], kept.height[l]);
        asset_alpha_upsample(regular.alpha[l], regular.width[l], regular.height[l], up, S, S);
        double cr = asset_alpha_coverage(up, S, S);
        print_message("level %u (%ux%u): coverage magnified %.4f (own texels %.4f), regular %.4f, source %.4f, "
                      "scale %.3f\n", l, kept.width[l], kept.height[l], ck, own, cr, c0, (double)kept.scale[l]);
        /* from 4x4 on within 2 %; the 2x2 and 1x1 levels magnify to plateaus: they may cover more, never less */
        if (kept.width[l] >= 4) assert_true(fabs(ck - c0) <= 0.02 * c0);
        else assert_true(ck >= c0 || own == 1.0);
        if (fabs(cr - c0) / c0 > worst_regular) worst_regular = fabs(cr - c0) / c0;
    }
    print_message("the regular chain loses up to %.0f %% of the coverage\n", 100.0 * worst_regular);
    assert_true(worst_regular > 0.10);
    free(up);
    free(src);
    asset_alpha_mips_free(&kept);
    asset_alpha_mips_free(&regular);
}

/* The texels at or above P pass the alpha test exactly: a constant level (1x1) is P itself, so it passes, though
 * P x 0.5 / P may round to just under 0.5 in float (the leaf texture's 1x1 level was never covered). */
static void test_quantile_texels_pass(void **state)
{
    (void)state;
    for (uint32_t side = 3; side <= 40; side += 1) {
        float *src = malloc((size_t)side * side * sizeof *src);
        assert_non_null(src);
        for (uint32_t i = 0; i < side * side; i++) /* a soft disc of about a third of the square */
            src[i] = (float)fmin(1.0, fmax(0.0, 0.5 + 0.9 * (0.33 - hypot((double)(i % side) + 0.5 - side / 2.0,
                                                                              (double)(i / side) + 0.5 - side / 2.0) /
                                                                            side)));
        asset_alpha_mips m;
        sward_error err = {0};
        assert_int_equal(asset_alpha_build_mips(src, side, side, true, &m, &err), SWARD_OK);
        float last = m.alpha[m.levels - 1][0];
        if (!(last >= ASSET_ALPHA_CUTOFF)) fail_msg("side %u: the 1x1 level is %.9g, under the cutoff", side, (double)last);
        asset_alpha_mips_free(&m);
        free(src);
    }
}

static void test_errors(void **state)
{
    (void)state;
    sward_error err = {0};
    asset_alpha_mips m;
    float a[6] = {0.0f, 0.5f, 1.0f, 0.2f, NAN, 0.1f};
    assert_int_equal(asset_alpha_build_mips(a, 3, 2, true, &m, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "texel (1, 1) is nan, not in [0, 1]"));
    a[4] = 1.5f;
    assert_int_equal(asset_alpha_build_mips(a, 3, 2, true, &m, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "texel (1, 1) is 1.5"));
    assert_int_equal(asset_alpha_build_mips(a, 0, 2, true, &m, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "0x2 texels"));
    /* odd sizes halve rounding up, down to 1x1; nothing covered keeps its scale */
    a[4] = 0.0f;
    assert_int_equal(asset_alpha_build_mips(a, 3, 2, true, &m, &err), SWARD_OK);
    assert_int_equal(m.levels, 3); /* 3x2, 2x1, 1x1 */
    assert_int_equal(m.width[1], 2);
    assert_int_equal(m.height[1], 1);
    asset_alpha_mips_free(&m);
}

/* GA7: f(x) = x (a + 1) / (x + a), evaluated directly */
static void test_soft_clamp(void **state)
{
    (void)state;
    const float as[] = {0.1f, 0.5f, 1.0f, 4.0f};
    for (size_t k = 0; k < sizeof as / sizeof as[0]; k++) {
        float a = as[k];
        assert_true(sw_soft_clamp(0.0f, a) == 0.0f);
        assert_true(fabsf(sw_soft_clamp(1.0f, a) - 1.0f) < 1e-6f);
        float last = 0.0f;
        for (int i = 1; i <= 1000; i++) {
            float x = (float)i * 0.05f;
            float f = sw_soft_clamp(x, a);
            assert_true(fabsf(f - x * (a + 1.0f) / (x + a)) <= 1e-6f * (1.0f + f));
            assert_true(f > last && f < a + 1.0f); /* rising toward its limit a + 1, never past it */
            last = f;
        }
        /* slope (a + 1) / a at 0 */
        float h = 1e-4f;
        assert_true(fabsf(sw_soft_clamp(h, a) / h - (a + 1.0f) / a) < 0.01f * (a + 1.0f) / a);
    }
    assert_true(fabsf(sw_soft_clamp(3.0f, 1.0f) - 1.5f) < 1e-6f); /* 3 x 2 / 4 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coverage_kept),
        cmocka_unit_test(test_quantile_texels_pass),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_soft_clamp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
