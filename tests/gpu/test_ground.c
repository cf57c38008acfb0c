/* The ground's detail on lavapipe (SPEC SH10): tests/data/ground/bare.json, flat bare soil without grass under a
 * high sun, rendered looking down from 0.8 m (4 mm a pixel: the 5 cm octave is about 12 pixels) and from 12 m
 * (12 cm a pixel: the 1.6 m octave is about 14 pixels). The band-pass energy of the luminance at each octave's
 * scale (the RMS of a box blur of the octave's half wavelength minus one of twice that, over the mean) is above
 * FLOOR with the detail, and near zero with terrain.ground.detail 0 (the same ground, its mean colour and a flat
 * normal): under OFF_SHARE of the detail's. */
#include "gpu_util.h"

#include "world/world.h"
#include "shared/sw_types.h"

#include <math.h>

#define W 160u
#define H 96u
#define FLOOR 0.01     /* band energy over the mean luminance, with the detail */
#define OFF_SHARE 0.15 /* without it, at most this share of the detail's */

/* Mean of the box of radius r around (x, y) in the luminance image. */
static double box(const double *l, int x, int y, int r)
{
    double s = 0.0;
    for (int j = y - r; j <= y + r; j++)
        for (int i = x - r; i <= x + r; i++) s += l[j * (int)W + i];
    return s / (double)((2 * r + 1) * (2 * r + 1));
}

/* The band-pass energy between box radii r and 4 r, over the image's interior, relative to the mean. */
static double band(const uint8_t *px, int r)
{
    double *l = malloc(sizeof(double) * W * H), mean = 0.0, e = 0.0;
    for (size_t i = 0; i < (size_t)W * H; i++) {
        const uint8_t *p = px + 4 * i;
        l[i] = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
        mean += l[i] / (double)(W * H);
    }
    int n = 0;
    for (int y = 4 * r; y < (int)H - 4 * r; y += 2)
        for (int x = 4 * r; x < (int)W - 4 * r; x += 2) {
            double d = box(l, x, y, r) - box(l, x, y, 4 * r);
            e += d * d;
            n++;
        }
    free(l);
    return sqrt(e / n) / mean;
}

static double render_band(sward_context *ctx, float height, float detail, int r)
{
    sward_scene *scene = gu_scene("tests/data/ground/bare.json");
    scene->camera.position[1] = height;
    scene->camera.target[0] = 0.05f * height;
    scene->terrain.ground.detail = detail;
    uint8_t *px = gu_render(ctx, scene, W, H, NULL, NULL);
    double e = band(px, r);
    free(px);
    sward_scene_destroy(scene);
    return e;
}

static void detail_has_energy_at_both_scales(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    /* 5 cm at 4 mm a pixel: a box of 7 pixels (2.8 cm) against one of 25 (10 cm) */
    double fine = render_band(ctx, 0.8f, 1.0f, 3), fine0 = render_band(ctx, 0.8f, 0.0f, 3);
    /* 1.6 m at 12 cm a pixel: a box of 7 pixels (0.8 m) against one of 25 (3 m) */
    double coarse = render_band(ctx, 12.0f, 1.0f, 3), coarse0 = render_band(ctx, 12.0f, 0.0f, 3);
    print_message("band energy: 5 cm %.4f (without detail %.4f), 1.6 m %.4f (without %.4f)\n", fine, fine0, coarse,
                  coarse0);
    assert_true(fine > FLOOR && coarse > FLOOR);
    assert_true(fine0 < OFF_SHARE * fine && coarse0 < OFF_SHARE * coarse);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(detail_has_energy_at_both_scales),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
