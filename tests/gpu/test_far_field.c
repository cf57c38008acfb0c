/* The far field carries the grass colours (SPEC SC7): the ground takes each map texel's grass type colour and
 * its flower colour, so fields keep their colour where no blade is drawn. tests/data/flowers: the type map
 * gives red poppies to x < 0 (the right of the image) and green lawn to x > 0. Rendered without blades, the
 * ground on the poppy side must be red-dominant and on the lawn side green-dominant, as the types' colours
 * predict (their far looks, baked from their blades by src/place/far_look.c: the poppies' red heads stand at the
 * top of the patch, where a grazing view sees most; unit_far_look checks the colours themselves). Without the
 * maps the ground would have the scene's one mean grass colour on both
 * sides, and without the heads' share the poppy side would be as green as the lawn. */
#include "gpu_util.h"

static void ground_has_the_types_colours(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("tests/data/flowers/flowers.json");
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_image img = {.width = rs.width, .height = rs.height, .pixels = malloc(sward_image_bound(rs.width, rs.height))};
    if (sward_render(r, &(sward_frame_desc){.time = 0.0f, .no_grass = true}, &img, NULL, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    /* mean R and G of the outer two fifths on each side (the middle fifth is the dithered border) */
    double sum[2][2] = {{0}};
    size_t n[2] = {0};
    for (uint32_t y = img.height / 3; y < img.height; y++) /* the ground: the lower two thirds */
        for (uint32_t x = 0; x < img.width; x++) {
            int side = x < img.width * 2 / 5 ? 0 : (x >= img.width * 3 / 5 ? 1 : -1);
            if (side < 0) continue;
            const uint8_t *p = img.pixels + 4 * ((size_t)y * img.width + x);
            sum[side][0] += p[0];
            sum[side][1] += p[1];
            n[side]++;
        }
    double lawn_r = sum[0][0] / (double)n[0], lawn_g = sum[0][1] / (double)n[0];
    double poppy_r = sum[1][0] / (double)n[1], poppy_g = sum[1][1] / (double)n[1];
    print_message("ground without blades: lawn side R %.1f G %.1f, poppy side R %.1f G %.1f\n", lawn_r, lawn_g, poppy_r,
                  poppy_g);
    if (getenv("SWARD_TEST_KEEP")) sward_write_png("far_field.png", &img, &err);
    assert_true(lawn_g > 1.3 * lawn_r);
    assert_true(poppy_r > 1.15 * poppy_g);
    free(img.pixels);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(ground_has_the_types_colours)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
