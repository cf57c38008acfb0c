/* PO4, auto exposure on the GPU (src/render/passes/exposure.c, shaders/exposure_*.comp.glsl):
 *   meter     the GPU's metered mean and target EV equal the CPU reference (shaders/shared/sw_exposure.h: blocks
 *             of 2 x 2 pixels) over the frame's own linear radiance and depth (sward_render_hdr), at an odd size
 *             (partial blocks), and a frame without a previous one takes it;
 *   adapt     over frames 0.1 s apart the EV moves 1 - e^(-dt speed) of the way, at speed_up rising and
 *             speed_down falling; a camera cut takes the target at once;
 *   areas     an exposure area around the eye adds its stops to the target (auto) and to the manual exposure;
 *   suns      every scene of scenes/ under suns 3, 30 and 60 degrees high reads in a band: the median display
 *             luminance of the lower two thirds of the image within [SUN_BAND_LO, SUN_BAND_HI] (the fixed
 *             exposure leaves a 3-degree sun far below it: checked too, so the band has teeth). For the suite's
 *             time, at 96 x 54 without the shadow cascades and with 25 m of blades (32 frames of 8 scenes);
 *             docs/grass.md ("Exposure") has the same measure of every scene with everything on. */
#include "gpu_util.h"

#include "render/render.h"
#include "testing/readback.h"
#include "shared/sw_exposure.h"

#include <math.h>

#define W 97u /* odd: the meter's last column and row of blocks are partial */
#define H 55u
#define SUN_W 96u
#define SUN_H 54u
#define SUN_BAND_LO 0.20
#define SUN_BAND_HI 0.50

static void set_settings(sward_scene *scene, const sward_render_settings *rs)
{
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
}

static sward_scene *auto_scene(const char *rel)
{
    sward_scene *scene = gu_scene_lean(rel);
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.auto_exposure.enabled = true;
    set_settings(scene, &rs);
    return scene;
}

/* The CPU meter over an RGBA32F frame and its depth (reverse-Z: the sky at 0): sw_exposure.h's mean log2. */
static float cpu_mean_log(const float *px, const float *depth, uint32_t w, uint32_t h, const sward_auto_exposure *a)
{
    double hist[SW_EXPOSURE_BINS] = {0}, total = 0.0;
    for (uint32_t by = 0; by < h; by += 2)
        for (uint32_t bx = 0; bx < w; bx += 2) { /* blocks of 2 x 2: their mean luminance, their weights' sum */
            float sum = 0.0f;
            sw_uint wt = 0, n = 0;
            for (uint32_t k = 0; k < 4; k++) {
                uint32_t x = bx + (k & 1u), y = by + (k >> 1);
                if (x >= w || y >= h) continue;
                const float *p = px + 4u * (y * w + x);
                sum += sw_exposure_luminance(p[0], p[1], p[2]);
                wt += sw_exposure_weight(x, y, w, h, depth[y * w + x] > 0.0f);
                n++;
            }
            hist[sw_exposure_bin(sum / (float)n)] += wt;
            total += wt;
        }
    sw_exposure_mean m = sw_exposure_mean_begin((float)total, a->low_percent, a->high_percent);
    for (sw_uint b = 0; b < SW_EXPOSURE_BINS; b++) m = sw_exposure_mean_add(m, b, (float)hist[b]);
    return sw_exposure_mean_log(m);
}

static void test_meter_matches_cpu(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = auto_scene("scenes/small.json");
    sward_renderer *r = gu_renderer(ctx, scene, W, H);
    const sward_auto_exposure *a = &scene->render.settings.auto_exposure;
    sward_image img = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_image_hdr hdr = {.width = W, .height = H, .pixels = malloc(sward_image_hdr_bound(W, H))};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    sward_error err = {0};
    sward_frame_desc fd = {.time = 0.5f};
    float *depth = malloc(sizeof(float) * W * H);
    if (sward_render_hdr(r, &fd, &img, &hdr, &st, &err) != SWARD_OK || render_read_depth(r, depth, &err) != SWARD_OK)
        fail_msg("render: %s", err.message);
    int sky = 0;
    for (uint32_t i = 0; i < W * H; i++) sky += depth[i] <= 0.0f;
    assert_true(sky > 0 && sky < (int)(W * H)); /* sky and surfaces: both weights are checked */
    float mean = cpu_mean_log(hdr.pixels, depth, W, H, a);
    float target = sw_exposure_target_ev(mean, a->key, a->compensation, a->min_ev, a->max_ev);
    print_message("mean log2 %.4f (cpu %.4f), target %.4f (cpu %.4f), ev %.4f, exposure %.4f\n",
                  (double)st.exposure.mean_log, (double)mean, (double)st.exposure.target_ev, (double)target,
                  (double)st.exposure.ev, (double)st.exposure.linear);
    assert_true(st.exposure.automatic);
    assert_true(target > a->min_ev && target < a->max_ev); /* not at a clamp: the meter decides */
    assert_float_equal(st.exposure.mean_log, mean, 0.01);
    assert_float_equal(st.exposure.target_ev, target, 0.01);
    assert_float_equal(st.exposure.ev, st.exposure.target_ev, 0.0); /* the first frame takes its target */
    assert_float_equal(st.exposure.linear, exp2f(st.exposure.ev), 1e-5 * st.exposure.linear);
    /* the tone map used it: the same frame with that exposure by hand is the same image */
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.auto_exposure.enabled = false;
    rs.exposure = st.exposure.linear;
    set_settings(scene, &rs);
    sward_image manual = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    if (sward_render(r, &fd, &manual, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    assert_false(st.exposure.automatic);
    int off = 0;
    for (size_t i = 0; i < (size_t)W * H * 4; i++) off += abs((int)img.pixels[i] - (int)manual.pixels[i]) > 1;
    assert_int_equal(off, 0);
    free(manual.pixels);
    free(img.pixels);
    free(hdr.pixels);
    free(depth);
    gu_finish(r, ctx, scene);
}

/* A still's warm-up (SH8) integrates its frames at the exposure it adapts to (TAA weighs each sample by its luminance
 * after exposure): with auto exposure the still is the still with that exposure by hand. The scene under a low sun
 * (5 degrees): the adapted exposure far above the manual 1, where weights at the wrong exposure differ most. */
static void test_still_warms_up_at_its_exposure(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = auto_scene("scenes/small.json");
    scene->render.features |= SW_FEAT_TAA;
    sward_render_settings rs = sward_scene_render_settings(scene);
    set_settings(scene, &rs);
    scene->sun.direction[0] = 0.0f, scene->sun.direction[1] = sinf(0.087f), scene->sun.direction[2] = cosf(0.087f);
    sward_renderer *r = gu_renderer(ctx, scene, W, H);
    sward_image img = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_image manual = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    sward_error err = {0};
    const sward_frame_desc fd = {.time = 0.5f};
    if (sward_render(r, &fd, &img, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    assert_true(st.exposure.automatic);
    sward_renderer_destroy(r);
    rs = sward_scene_render_settings(scene);
    rs.auto_exposure.enabled = false;
    rs.exposure = st.exposure.linear;
    set_settings(scene, &rs);
    r = gu_renderer(ctx, scene, W, H);
    if (sward_render(r, &fd, &manual, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    int off = 0, worst = 0;
    for (size_t i = 0; i < (size_t)W * H * 4; i++) {
        const int d = abs((int)img.pixels[i] - (int)manual.pixels[i]);
        off += d > 1;
        worst = d > worst ? d : worst;
    }
    print_message("still at exposure %.3f: %d channels off by more than 1 from the manual still (at most %d)\n",
                  (double)rs.exposure, off, worst);
    assert_true(rs.exposure > 2.0f); /* the low sun: well above the manual 1 */
    assert_int_equal(off, 0);
    free(manual.pixels);
    free(img.pixels);
    gu_finish(r, ctx, scene);
}

static sward_frame_stats frame_at(sward_renderer *r, float time, const float *eye)
{
    sward_image img = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    sward_error err = {0};
    sward_frame_desc fd = {.time = time, .eye = eye};
    if (sward_render(r, &fd, &img, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    free(img.pixels);
    return st;
}

static void test_adapts_at_two_speeds(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = auto_scene("scenes/small.json");
    sward_renderer *r = gu_renderer(ctx, scene, W, H);
    sward_render_settings rs = sward_scene_render_settings(scene);
    const float up = rs.auto_exposure.speed_up, down = rs.auto_exposure.speed_down;
    assert_true(down != up);
    sward_frame_stats s0 = frame_at(r, 0.5f, NULL);
    /* two stops more: the target jumps, the exposure follows at speed_up */
    rs.auto_exposure.compensation = 2.0f;
    set_settings(scene, &rs);
    sward_frame_stats s1 = frame_at(r, 0.6f, NULL);
    print_message("ev %.4f -> %.4f (target %.4f)\n", (double)s0.exposure.ev, (double)s1.exposure.ev,
                  (double)s1.exposure.target_ev);
    assert_true(s1.exposure.target_ev > s0.exposure.ev + 1.5f);
    float want = s0.exposure.ev + (s1.exposure.target_ev - s0.exposure.ev) * (1.0f - expf(-0.1f * up));
    assert_float_equal(s1.exposure.ev, want, 2e-3);
    /* four stops less: falling at speed_down */
    rs.auto_exposure.compensation = -2.0f;
    set_settings(scene, &rs);
    sward_frame_stats s2 = frame_at(r, 0.7f, NULL);
    print_message("ev %.4f -> %.4f (target %.4f)\n", (double)s1.exposure.ev, (double)s2.exposure.ev,
                  (double)s2.exposure.target_ev);
    assert_true(s2.exposure.target_ev < s1.exposure.ev);
    want = s1.exposure.ev + (s2.exposure.target_ev - s1.exposure.ev) * (1.0f - expf(-0.1f * down));
    assert_float_equal(s2.exposure.ev, want, 2e-3);
    /* the same time again (a still): the target at once */
    sward_frame_stats s3 = frame_at(r, 0.7f, NULL);
    assert_float_equal(s3.exposure.ev, s3.exposure.target_ev, 0.0);
    /* a cut (the eye 10 m away): the target at once, though time moved on */
    rs.auto_exposure.compensation = 1.0f;
    set_settings(scene, &rs);
    const float *cam = scene->camera.position;
    float eye[3] = {cam[0] + 10.0f, cam[1], cam[2]};
    sward_frame_stats s4 = frame_at(r, 0.8f, eye);
    assert_true(fabsf(s4.exposure.target_ev - s3.exposure.ev) > 1.0f);
    assert_float_equal(s4.exposure.ev, s4.exposure.target_ev, 0.0);
    gu_finish(r, ctx, scene);
}

static void test_exposure_areas(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = auto_scene("scenes/small.json");
    sward_renderer *r = gu_renderer(ctx, scene, W, H);
    sward_frame_stats s0 = frame_at(r, 0.5f, NULL);
    /* an area around the eye, 1.5 stops brighter: the same histogram, the target 1.5 EV higher */
    const float *e = scene->camera.position;
    scene->render.exposure_areas[0] = (world_exposure_area){.min = {e[0] - 5, e[1] - 5, e[2] - 5},
                                                            .max = {e[0] + 5, e[1] + 5, e[2] + 5}, .ev = 1.5f, .blend = 2};
    scene->render.exposure_area_count = 1;
    sward_frame_stats s1 = frame_at(r, 0.5f, NULL);
    assert_float_equal(s1.exposure.target_ev - s0.exposure.target_ev, 1.5f, 1e-3);
    /* the manual exposure too */
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.auto_exposure.enabled = false;
    rs.exposure = 0.5f;
    set_settings(scene, &rs);
    sward_frame_stats s2 = frame_at(r, 0.5f, NULL);
    assert_false(s2.exposure.automatic);
    assert_float_equal(s2.exposure.linear, 0.5f * exp2f(1.5f), 1e-5);
    gu_finish(r, ctx, scene);
}

/* The median of the display luminance (Rec. 709 weights of the sRGB values, 0..1) of the lower two thirds. */
static double lower_median(const uint8_t *px, uint32_t w, uint32_t h)
{
    static int counts[256];
    memset(counts, 0, sizeof counts);
    int n = 0;
    for (uint32_t y = h / 3u; y < h; y++)
        for (uint32_t x = 0; x < w; x++, n++) {
            const uint8_t *p = px + 4u * (y * w + x);
            counts[(int)lrint(0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2])]++;
        }
    int acc = 0;
    for (int v = 0; v < 256; v++)
        if ((acc += counts[v]) * 2 >= n) return v / 255.0;
    return 1.0;
}

static void test_every_scene_under_every_sun(void **state)
{
    (void)state;
    static const char *const scenes[] = {"scenes/areas.json",  "scenes/fields.json", "scenes/flowers.json",
                                         "scenes/forest_edge.json", "scenes/hills.json", "scenes/meadow.json",
                                         "scenes/small.json",  "scenes/tree.json"};
    static const float elevations[] = {3.0f, 30.0f, 60.0f}; /* 10 degrees dropped for the suite (3: the low sun) */
    sward_context *ctx = gu_context();
    int outside = 0;
    for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; k++) {
        sward_scene *scene = auto_scene(scenes[k]);
        scene->render.draw_distance = fminf(scene->render.draw_distance, 25.0f);
        for (int m = 0; m < scene->material_count; m++)
            scene->materials[m].draw_distance = fminf(scene->materials[m].draw_distance, 25.0f);
        sward_renderer *r = gu_renderer(ctx, scene, SUN_W, SUN_H);
        const float *d = scene->sun.direction;
        const float az = atan2f(d[0], d[2]);
        for (size_t e = 0; e < sizeof elevations / sizeof elevations[0]; e++) {
            const float el = elevations[e] * 3.14159265f / 180.0f;
            scene->sun.direction[0] = cosf(el) * sinf(az);
            scene->sun.direction[1] = sinf(el);
            scene->sun.direction[2] = cosf(el) * cosf(az);
            sward_image img = {.width = SUN_W, .height = SUN_H, .pixels = malloc(sward_image_bound(SUN_W, SUN_H))};
            sward_frame_stats st = SWARD_FRAME_STATS_INIT;
            sward_error err = {0};
            sward_frame_desc fd = {.time = 0.5f};
            if (sward_render(r, &fd, &img, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
            double m = lower_median(img.pixels, SUN_W, SUN_H);
            bool in = m >= SUN_BAND_LO && m <= SUN_BAND_HI;
            print_message("%-24s sun %4.0f deg: ev %+5.2f, lower median %.3f%s\n", scenes[k], (double)elevations[e],
                          (double)st.exposure.ev, m, in ? "" : "  OUTSIDE");
            outside += !in;
            if (e == 0 && k == 5) { /* the meadow under a 3-degree sun with the fixed exposure: murky, below it */
                sward_render_settings rs = sward_scene_render_settings(scene);
                rs.auto_exposure.enabled = false;
                rs.exposure = 1.0f;
                set_settings(scene, &rs);
                if (sward_render(r, &fd, &img, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
                double fixed = lower_median(img.pixels, SUN_W, SUN_H);
                print_message("%-24s sun %4.0f deg: fixed exposure 1, lower median %.3f\n", scenes[k],
                              (double)elevations[e], fixed);
                assert_true(fixed < SUN_BAND_LO);
                rs.auto_exposure.enabled = true;
                set_settings(scene, &rs);
            }
            free(img.pixels);
        }
        sward_renderer_destroy(r);
        sward_scene_destroy(scene);
    }
    assert_int_equal(outside, 0);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_meter_matches_cpu),
        cmocka_unit_test(test_still_warms_up_at_its_exposure),
        cmocka_unit_test(test_adapts_at_two_speeds),
        cmocka_unit_test(test_exposure_areas),
        cmocka_unit_test(test_every_scene_under_every_sun),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
