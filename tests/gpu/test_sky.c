/* test_sky.c — LS5, the sun and the sky in one physical unit, as rendered (the unit's figures against an
 * independent evaluation: unit_sky): under a sun 30 degrees up and higher,
 *   - the sky reads blue: its pixels' mean display colour has blue above red by SKY_BLUE_MARGIN (of 255), with the
 *     auto exposure the scenes use;
 *   - the sky at the zenith is at least as bright as the sunlit grass (linear radiance read back before the tone
 *     map, sward_render_hdr): the zenith against the brightest quarter of the grass in view, looking down at it.
 * With a sun tuned apart from the sky both fail: a noon sky of dark slate behind bright grass. */
#include "gpu_util.h"

#include "render/render.h"
#include "testing/readback.h"

#include <math.h>

#define W 96u
#define H 64u
#define SKY_BLUE_MARGIN 20.0

static double luminance(const float *c)
{
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void set_sun(sward_scene *s, float elevation_deg)
{
    const float el = elevation_deg * 3.14159265f / 180.0f, az = 150.0f * 3.14159265f / 180.0f;
    s->sun.direction[0] = cosf(el) * sinf(az);
    s->sun.direction[1] = sinf(el);
    s->sun.direction[2] = cosf(el) * cosf(az);
}

/* One frame's 8-bit and linear images and depth, the camera looking from `eye` at `target`. */
static void frame(sward_renderer *r, const float eye[3], const float target[3], uint8_t *px, float *hdr, float *depth)
{
    sward_image img = {.width = W, .height = H, .pixels = px};
    sward_image_hdr h = {.width = W, .height = H, .pixels = hdr};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    sward_error err = {0};
    sward_frame_desc fd = {.time = 0.5f, .eye = eye, .target = target};
    if (sward_render_hdr(r, &fd, &img, &h, &st, &err) != SWARD_OK || render_read_depth(r, depth, &err) != SWARD_OK)
        fail_msg("render: %s", err.message);
}

static void test_noon_sky_is_blue_and_bright(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/hills.json");
    scene->render.settings.auto_exposure.enabled = true;
    scene->render.draw_distance = 30.0f; /* the grass near the eye is what the test reads */
    uint8_t *px = malloc(sward_image_bound(W, H));
    float *hdr = malloc(sward_image_hdr_bound(W, H)), *depth = malloc(sizeof(float) * W * H);
    double *grass = malloc(sizeof(double) * W * H);
    static const float elevations[] = {30.0f, 60.0f, 80.0f};
    sward_renderer *r = gu_renderer(ctx, scene, W, H);
    sward_vulkan_view v = sward_scene_view(scene, W, H, 0.0f); /* the scene's eye, 1.7 m above the ground */
    const float eye[3] = {v.eye[0], v.eye[1] + 1.3f, v.eye[2]};
    for (size_t e = 0; e < sizeof elevations / sizeof elevations[0]; e++) {
        set_sun(scene, elevations[e]);
        /* toward the hills, 20 degrees up: the sky's display colour */
        frame(r, eye, (const float[3]){-90.0f, eye[1] + 36.0f, 100.0f}, px, hdr, depth);
        double sum[3] = {0.0, 0.0, 0.0};
        size_t n = 0;
        for (size_t i = 0; i < (size_t)W * H; i++)
            if (depth[i] <= 0.0f) {
                for (int k = 0; k < 3; k++) sum[k] += px[4 * i + (size_t)k];
                n++;
            }
        assert_true(n > (size_t)W * H / 8);
        double red = sum[0] / (double)n, g = sum[1] / (double)n, b = sum[2] / (double)n;
        /* straight up (within a degree): the zenith's radiance at the centre */
        frame(r, eye, (const float[3]){eye[0], eye[1] + 50.0f, eye[2] + 0.5f}, px, hdr, depth);
        const size_t c = (size_t)(H / 2) * W + W / 2;
        assert_true(depth[c] <= 0.0f);
        double zenith = luminance(hdr + 4 * c);
        /* down at the field: its brightest quarter is the sunlit grass */
        frame(r, eye, (const float[3]){eye[0] - 6.0f, eye[1] - 3.0f, eye[2] + 4.0f}, px, hdr, depth);
        size_t m = 0;
        for (size_t i = 0; i < (size_t)W * H; i++)
            if (depth[i] > 0.0f) grass[m++] = luminance(hdr + 4 * i);
        assert_true(m > (size_t)W * H / 2);
        qsort(grass, m, sizeof *grass, cmp_double);
        double sunlit = grass[m * 3 / 4];
        print_message("sun %2.0f deg: sky display (%.0f, %.0f, %.0f), blue - red %.0f; zenith %.3f, sunlit grass %.3f "
                      "(linear)\n", (double)elevations[e], red, g, b, b - red, zenith, sunlit);
        assert_true(b - red >= SKY_BLUE_MARGIN);
        assert_true(zenith >= sunlit);
    }
    free(px);
    free(hdr);
    free(depth);
    free(grass);
    sward_renderer_destroy(r);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_noon_sky_is_blue_and_bright),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
