/* The post pass (SPEC PO2 exposure, Uncharted 2 filmic curve and white point; LS1 sky; sRGB) against CPU
 * references.
 *
 * Sky: the top rows of scenes/small.json show only sky; each pixel must be the sky of post.comp.glsl's
 * formula (horizon to zenith gradient, the sun's glow) along the pixel's view ray, through exposure, the
 * curve (shaders/shared/sw_tonemap.h, unit-tested against hand values) and sRGB, within 2/255.
 * Curve: the same frame rendered with other exposures and white points. Every pixel's 8-bit value in the
 * first render bounds its linear radiance c through the inverse of sRGB and of the curve; the curve then
 * predicts the range of the pixel in the other renders, which must hold it (within one step). A linear
 * or Reinhard curve, an ignored exposure or white point, or a missing sRGB encoding all break the
 * prediction for most pixels. */
#include "gpu_util.h"

#include "render_util.h"

/* The camera view's constants (sw_view) of the frame under test: set where the frame's are computed. */
static const sw_view *g_view;
#include "render/sky.h"
#include "shared/sw_sky.h"
#include "shared/sw_tonemap.h"

#include <math.h>

#define W 160u
#define H 90u

static double srgb_inv(double v)
{
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* x with U(x) = y (U is increasing), by bisection */
static double uncharted2_inv(double y)
{
    double lo = 0.0, hi = 1e4;
    for (int k = 0; k < 100; k++) {
        double mid = 0.5 * (lo + hi);
        if (sw_uncharted2((float)mid) < y) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

static double out8(double c, float exposure, float white)
{
    return (double)sw_linear_to_srgb(sw_tonemap_filmic((float)c, exposure, white)) * 255.0;
}

/* PO2's other curve, written from the seed (not sw_tonemap.h): Reinhard x / (x + 1) of the exposed value */
static double out8_reinhard(double c, float exposure)
{
    double x = c * exposure;
    return (double)sw_linear_to_srgb((float)(x / (x + 1.0))) * 255.0;
}

static void render_with(sward_renderer *r, sward_scene *scene, float exposure, float white, bool no_grass, uint8_t *px)
{
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.exposure = exposure;
    rs.white_point = white;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_image img = {.width = W, .height = H, .pixels = px};
    sward_frame_desc fd = {.time = 0.5f, .no_grass = no_grass};
    if (sward_render(r, &fd, &img, NULL, &err) != SWARD_OK) fail_msg("render: %s", err.message);
}

static sward_scene *small_scene(void)
{
    sward_scene *scene = gu_scene_lean("scenes/small.json");
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = W;
    rs.height = H;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    /* the tone map and the sky alone: no temporal jitter or accumulation (TAA), no bloom */
    sward_scene_set_features(scene, SWARD_FEATURE_ALL & ~(SWARD_FEATURE_TAA | SWARD_FEATURE_BLOOM));
    return scene;
}

/* post.comp.glsl's sky along a view direction, in linear HDR: the analytic sky (shared/sw_sky.h) and the sun's
 * disc with render.features.sky, else the gradient and the glow */
static void sky(const sw_frame *f, const double dir[3], double c[3])
{
    if (f->features & SW_FEAT_SKY) {
        sw_sky_rgb m = sw_sky_radiance(f->sky, (float)dir[0], (float)dir[1], (float)dir[2]);
        double dx = dir[0] - f->sun_x, dy = dir[1] - f->sun_y, dz = dir[2] - f->sun_z;
        double disc = sw_sky_sun_disc((float)sqrt(dx * dx + dy * dy + dz * dz)) * SW_SKY_SUN_DISC_GAIN;
        double m3[3] = {m.r, m.g, m.b}, sun[3] = {f->sun_color[0], f->sun_color[1], f->sun_color[2]};
        for (int i = 0; i < 3; i++) c[i] = m3[i] * f->sky_intensity + sun[i] * f->sun_intensity * disc;
        return;
    }
    double zen[3] = {f->zenith[0], f->zenith[1], f->zenith[2]}, hor[3] = {f->horizon[0], f->horizon[1], f->horizon[2]};
    double sun[3];
    for (int i = 0; i < 3; i++) sun[i] = f->sun_color[i] * f->sun_intensity;
    double up = fmin(fmax(dir[1], 0.0), 1.0), k = 1.0 - exp(-5.0 * up);
    double s = fmax(dir[0] * f->sun_x + dir[1] * f->sun_y + dir[2] * f->sun_z, 0.0);
    for (int i = 0; i < 3; i++)
        c[i] = (hor[i] + (zen[i] - hor[i]) * k) * f->sky_intensity + sun[i] * (pow(s, 12.0) * 0.04 + pow(s, 900.0) * 4.0);
}

static void sky_matches_the_reference_with(bool analytic, sward_tonemap tonemap)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = small_scene();
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.tonemap = tonemap;
    sward_error serr = {0};
    if (sward_scene_set_render_settings(scene, &rs, &serr) != SWARD_OK) fail_msg("settings: %s", serr.message);
    /* the sky alone: no temporal jitter or accumulation (TAA), no bloom around the sun */
    const uint32_t base = SWARD_FEATURE_ALL & ~(SWARD_FEATURE_TAA | SWARD_FEATURE_BLOOM);
    sward_scene_set_features(scene, analytic ? base : base & ~SWARD_FEATURE_SKY);
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    uint8_t *px = malloc(sward_image_bound(W, H));
    render_with(r, scene, 1.3f, 6.0f, false, px);
    sw_frame f;
    place_view pv;
    sward_frame_desc fd = {.time = 0.5f};
    static sw_view view_constants;
    gu_constants(r, &fd, false, &f, &view_constants, &pv);
    g_view = &view_constants;
    if (analytic) {
        /* the frame carries the model: its constants, the sun reddened by the air (small.json's sun is 15
         * degrees up, its colour near white), and the model's ambient */
        assert_true(f.sky[SW_SKY_ZENITH] > 1.0f && f.sky[SW_SKY_SCALE] > 0.0f);
        assert_true(f.sun_color[2] < 0.5f * f.sun_color[0]);
        float zen[3], hor[3];
        render_sky_ambient(f.sky, zen, hor);
        assert_float_equal(f.zenith[1], zen[1], 0.0);
        assert_float_equal(f.horizon[2], hor[2], 0.0);
    }
    const float *inv = g_view->inv_view_proj;
    int worst = 0;
    double glow = 0.0, top_g = 0.0, low_g = 0.0;
    for (uint32_t y = 0; y < H / 8; y++)
        for (uint32_t x = 0; x < W; x++) {
            double ndc[2] = {(x + 0.5) / W * 2.0 - 1.0, (y + 0.5) / H * 2.0 - 1.0}, pn[4], pf[4], dir[3], c[3];
            for (int k = 0; k < 4; k++) {
                pn[k] = inv[k] * ndc[0] + inv[4 + k] * ndc[1] + inv[8 + k] * 1.0 + inv[12 + k];
                pf[k] = inv[k] * ndc[0] + inv[4 + k] * ndc[1] + inv[8 + k] * 0.01 + inv[12 + k];
            }
            for (int k = 0; k < 3; k++) dir[k] = pf[k] / pf[3] - pn[k] / pn[3];
            double l = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
            for (int k = 0; k < 3; k++) dir[k] /= l;
            sky(&f, dir, c);
            glow += pow(fmax(dir[0] * f.sun_x + dir[1] * f.sun_y + dir[2] * f.sun_z, 0.0), 12.0) * 0.04;
            for (int k = 0; k < 3; k++) {
                double v = tonemap == SWARD_TONEMAP_REINHARD ? out8_reinhard(c[k], f.exposure)
                                                             : out8(c[k], f.exposure, f.white_point);
                int want = (int)lrint(v);
                int d = abs(want - px[4 * ((size_t)y * W + x) + (size_t)k]);
                if (d > worst) worst = d;
            }
            if (y == 0) top_g += px[4 * x + 1];
            if (y == H / 8 - 1) low_g += px[4 * ((size_t)y * W + x) + 1];
        }
    glow /= (double)(W * (H / 8));
    print_message("sky (%s, %s): largest difference from the reference %d/255; mean sun glow %.3f; green top row %.1f, row %u %.1f\n",
                  analytic ? "analytic" : "gradient", tonemap == SWARD_TONEMAP_REINHARD ? "reinhard" : "uncharted2",
                  worst, glow, top_g / W, H / 8 - 1, low_g / W);
    assert_true(glow > 0.01);      /* the sun's glow is in these rows (its weight there: 0.019) */
    assert_true(low_g > top_g + W); /* and the gradient: warmer and brighter toward the horizon */
    assert_true(worst <= 2);
    free(px);
    gu_finish(r, ctx, scene);
}

static void sky_matches_the_reference(void **state)
{
    (void)state;
    sky_matches_the_reference_with(true, SWARD_TONEMAP_UNCHARTED2);
    sky_matches_the_reference_with(false, SWARD_TONEMAP_UNCHARTED2);
    /* PO2: render.tonemap "reinhard" selects the other curve (the same sky through x / (x + 1)) */
    sky_matches_the_reference_with(true, SWARD_TONEMAP_REINHARD);
}

/* How many pixels of b fall outside the range predicted from a (rendered with exposure ea, white wa). */
static size_t mispredicted(const uint8_t *a, float ea, float wa, const uint8_t *b, float eb, float wb, size_t *used)
{
    size_t bad = 0;
    *used = 0;
    double ua = sw_uncharted2(wa);
    for (size_t i = 0; i < (size_t)W * H; i++)
        for (size_t k = 0; k < 3; k++) {
            int v = a[4 * i + k];
            if (v < 8 || v > 247) continue; /* too dark to bound c well, or saturated */
            double lo = srgb_inv((v - 0.5) / 255.0), hi = srgb_inv((v + 0.5) / 255.0);
            double clo = uncharted2_inv(lo * ua) / ea, chi = uncharted2_inv(hi * ua) / ea;
            double plo = out8(clo, eb, wb), phi = out8(chi, eb, wb);
            if (phi - plo > 6.0) continue; /* the prediction is too loose to say anything */
            (*used)++;
            int got = b[4 * i + k];
            if (got < plo - 1.0 || got > phi + 1.0) bad++;
        }
    return bad;
}

static void exposure_white_point_and_curve(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = small_scene();
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    size_t bytes = sward_image_bound(W, H);
    uint8_t *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    render_with(r, scene, 1.0f, 8.0f, false, a);
    render_with(r, scene, 2.5f, 8.0f, false, b);
    render_with(r, scene, 1.0f, 3.0f, false, c);
    size_t used_b, used_c;
    size_t bad_b = mispredicted(a, 1.0f, 8.0f, b, 2.5f, 8.0f, &used_b);
    size_t bad_c = mispredicted(a, 1.0f, 8.0f, c, 1.0f, 3.0f, &used_c);
    size_t differ_b = 0, differ_c = 0;
    for (size_t i = 0; i < (size_t)W * H * 4; i++) differ_b += a[i] != b[i], differ_c += a[i] != c[i];
    print_message("exposure 2.5: %zu of %zu channel values off the prediction; white point 3: %zu of %zu "
                  "(values changed: %zu, %zu)\n",
                  bad_b, used_b, bad_c, used_c, differ_b, differ_c);
    assert_true(used_b > W * H && used_c > W * H); /* most of the frame is predictable */
    assert_true(bad_b <= used_b / 200);
    assert_true(bad_c <= used_c / 200);
    free(a);
    free(b);
    free(c);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sky_matches_the_reference),
        cmocka_unit_test(exposure_white_point_and_curve),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
