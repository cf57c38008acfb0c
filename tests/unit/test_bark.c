/* test_bark.c — the species trees' bark textures (src/assets/bark.c; SPEC AS5, AS1). Measured on level 0 as the
 * G-buffer gets it: the albedo is the kind's colour (asset_bark_color, a species' default bark_color) times the
 * texture's factor; a texel is dark below half the kind's mean luminance. Per kind:
 *   birch: bright (mean luminance above 0.4), 3 % to 20 % of it dark, and the dark marks horizontal: the
 *          autocorrelation length of darkness around the trunk (x) at least 2.5 times that up it (y); its base
 *          mask leaves room for the dark patches on 10 % to 80 % of the tile at half the base height
 *   plates (pine): at most half the birch's luminance and redder (R / G at least 0.5 above the birch's), its
 *          dark furrows rougher than its plates and the normal map not flat
 *   furrowed (oak): the furrows vertical: darkness's length up the trunk at least 2.5 times that around it;
 *          rougher furrows, a normal map that is not flat
 *   smooth (hazel): smooth: under 2 % dark and a luminance spread (std / mean) under 0.15
 * and for every kind: the whole chain (128 .. 1), no base mask but the birch's, deterministic, another seed
 * another texture; bad kinds and sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assets/assets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 128u
#define LAGS 16u

static asset_texture_set build(asset_bark kind, uint32_t seed)
{
    asset_texture_set t;
    sward_error err = {0};
    sward_result r = asset_bark_build(kind, N, seed, &t, &err);
    if (r != SWARD_OK) fprintf(stderr, "%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
    return t;
}

typedef struct bark_stats {
    double lum, spread, dark, red;  /* mean luminance, its std / mean, the dark fraction, mean R / mean G */
    double len_x, len_y;            /* darkness's autocorrelation length around (x) and up (y), texels */
    double rough_dark, rough_light; /* mean roughness factor of the dark and the other texels */
    double normal;                  /* mean |normal.xy| */
    double base;                    /* fraction of texels whose base mask is below 0.5 */
} bark_stats;

/* The autocorrelation length of the mask d along (dx, dy): the sum over lags 1 .. LAGS of its normalised
 * autocovariance (wrapped: the tile repeats), negative values counted as 0. */
static double corr_length(const uint8_t *d, double mean, int dx, int dy)
{
    double var = mean * (1.0 - mean), sum = 0.0;
    if (!(var > 0.0)) return 0.0;
    for (uint32_t lag = 1; lag <= LAGS; lag++) {
        double c = 0.0;
        for (uint32_t y = 0; y < N; y++)
            for (uint32_t x = 0; x < N; x++) {
                uint32_t x2 = (x + (uint32_t)dx * lag) % N, y2 = (y + (uint32_t)dy * lag) % N;
                c += ((double)d[y * N + x] - mean) * ((double)d[y2 * N + x2] - mean);
            }
        c /= (double)(N * N) * var;
        sum += c > 0.0 ? c : 0.0;
    }
    return sum;
}

static bark_stats measure(asset_bark kind, uint32_t seed)
{
    asset_texture_set t = build(kind, seed);
    float col[3];
    asset_bark_color(kind, col);
    static double lum[N * N];
    static uint8_t dark[N * N];
    bark_stats s = {0};
    double r = 0.0, g = 0.0;
    for (uint32_t i = 0; i < N * N; i++) {
        const uint8_t *a = t.a[0] + 4 * i, *b = t.b[0] + 4 * i;
        double rgb[3];
        for (int k = 0; k < 3; k++)
            rgb[k] = col[k] * 2.0 * a[k] / 255.0;
        lum[i] = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
        s.lum += lum[i];
        r += rgb[0];
        g += rgb[1];
        double nx = b[0] / 127.5 - 1.0, ny = b[1] / 127.5 - 1.0;
        s.normal += sqrt(nx * nx + ny * ny);
        s.base += b[2] < 128;
    }
    s.lum /= N * N;
    s.red = r / g;
    s.normal /= N * N;
    s.base /= N * N;
    double var = 0.0, nd = 0.0;
    for (uint32_t i = 0; i < N * N; i++) {
        var += (lum[i] - s.lum) * (lum[i] - s.lum);
        dark[i] = lum[i] < 0.5 * s.lum;
        double rough = 2.0 * t.a[0][4 * i + 3] / 255.0;
        if (dark[i]) s.rough_dark += rough, nd++;
        else s.rough_light += rough;
    }
    s.spread = sqrt(var / (N * N)) / s.lum;
    s.dark = nd / (N * N);
    s.rough_dark = nd > 0 ? s.rough_dark / nd : 0.0;
    s.rough_light /= (N * N) - nd;
    s.len_x = corr_length(dark, s.dark, 1, 0);
    s.len_y = corr_length(dark, s.dark, 0, 1);
    print_message("bark %u: luminance %.3f (spread %.3f), dark %.3f, R/G %.2f, dark length x %.2f y %.2f, roughness "
                  "dark %.2f light %.2f, |n.xy| %.3f, base mask %.3f\n",
                  (unsigned)kind, s.lum, s.spread, s.dark, s.red, s.len_x, s.len_y, s.rough_dark, s.rough_light,
                  s.normal, s.base);
    if (getenv("SWARD_TEST_KEEP")) { /* the albedo as a PPM, its mean luminance scaled to mid grey */
        char name[32];
        snprintf(name, sizeof name, "bark_%u.ppm", (unsigned)kind);
        FILE *f = fopen(name, "wb");
        if (f) {
            fprintf(f, "P6 %u %u 255\n", N, N);
            for (uint32_t i = 0; i < N * N; i++)
                for (int k = 0; k < 3; k++) {
                    double v = 0.45 / s.lum * col[k] * 2.0 * t.a[0][4 * i + (uint32_t)k] / 255.0;
                    fputc((int)(255.0 * pow(fmin(v, 1.0), 1.0 / 2.2) + 0.5), f);
                }
            fclose(f);
        }
    }
    asset_texture_set_free(&t);
    return s;
}

static void birch_white_with_horizontal_lenticels(void **state)
{
    (void)state;
    bark_stats b = measure(ASSET_BARK_BIRCH, 1);
    assert_true(b.lum > 0.4);
    assert_true(b.dark >= 0.03 && b.dark <= 0.20);
    assert_true(b.len_x >= 2.5 * b.len_y);
    assert_true(b.base >= 0.10 && b.base <= 0.80);
}

static void pine_darker_and_redder(void **state)
{
    (void)state;
    bark_stats b = measure(ASSET_BARK_BIRCH, 1), p = measure(ASSET_BARK_PLATES, 1);
    assert_true(p.lum <= 0.5 * b.lum);
    assert_true(p.red >= b.red + 0.5);
    assert_true(p.dark >= 0.03);
    assert_true(p.rough_dark > p.rough_light + 0.2);
    assert_true(p.normal > 0.1);
    assert_true(p.base == 0.0);
}

static void oak_furrows_vertical(void **state)
{
    (void)state;
    bark_stats o = measure(ASSET_BARK_FURROWED, 1);
    assert_true(o.dark >= 0.05);
    assert_true(o.len_y >= 2.5 * o.len_x);
    assert_true(o.rough_dark > o.rough_light + 0.2);
    assert_true(o.normal > 0.1);
    assert_true(o.base == 0.0);
}

static void hazel_smooth(void **state)
{
    (void)state;
    bark_stats h = measure(ASSET_BARK_SMOOTH, 1);
    assert_true(h.dark < 0.02);
    assert_true(h.spread < 0.15);
    assert_true(h.base == 0.0);
}

/* The species presets' kinds, the chain, determinism and the seed. */
static void chain_and_determinism(void **state)
{
    (void)state;
    assert_int_equal(asset_tree_species_bark(ASSET_TREE_BIRCH), ASSET_BARK_BIRCH);
    assert_int_equal(asset_tree_species_bark(ASSET_TREE_PINE), ASSET_BARK_PLATES);
    assert_int_equal(asset_tree_species_bark(ASSET_TREE_OAK), ASSET_BARK_FURROWED);
    assert_int_equal(asset_tree_species_bark(ASSET_TREE_HAZEL), ASSET_BARK_SMOOTH);
    assert_int_equal(asset_tree_species_bark(ASSET_TREE_NONE), ASSET_BARK_PLAIN);
    for (uint32_t k = ASSET_BARK_BIRCH; k < ASSET_BARK_COUNT; k++) {
        asset_texture_set a = build((asset_bark)k, 7), b = build((asset_bark)k, 7), c = build((asset_bark)k, 8);
        assert_int_equal(a.levels, 8);
        assert_int_equal(a.size[a.levels - 1], 1);
        assert_int_equal(a.surface, ASSET_SURFACE_BARK);
        for (uint32_t l = 0; l < a.levels; l++) {
            size_t n = 4u * (size_t)a.size[l] * a.size[l];
            assert_memory_equal(a.a[l], b.a[l], n);
            assert_memory_equal(a.b[l], b.b[l], n);
        }
        assert_memory_not_equal(a.a[0], c.a[0], 4u * (size_t)N * N);
        asset_texture_set_free(&a);
        asset_texture_set_free(&b);
        asset_texture_set_free(&c);
    }
}

static void bad_inputs(void **state)
{
    (void)state;
    asset_texture_set t;
    sward_error err = {0};
    assert_int_equal(asset_bark_build(ASSET_BARK_PLAIN, N, 1, &t, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "kind"));
    assert_int_equal(asset_bark_build(ASSET_BARK_COUNT, N, 1, &t, &err), SWARD_ERROR_INVALID_INPUT);
    assert_int_equal(asset_bark_build(ASSET_BARK_BIRCH, 100, 1, &t, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "size"));
    assert_null(t.a[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(birch_white_with_horizontal_lenticels), cmocka_unit_test(pine_darker_and_redder),
        cmocka_unit_test(oak_furrows_vertical), cmocka_unit_test(hazel_smooth),
        cmocka_unit_test(chain_and_determinism), cmocka_unit_test(bad_inputs)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
