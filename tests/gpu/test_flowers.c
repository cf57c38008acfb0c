/* Flowers appear where the type map puts them and nowhere else (SPEC PL1, PL5; image property test).
 * tests/data/flowers: a 32 m field whose type map gives poppies (red heads) to x < 0 and lawn to x > 0; the
 * camera looks down the z axis from above, so x < 0 is the right side of the image. */
#include "gpu_util.h"

static bool red(const uint8_t *p)
{
    return p[0] > 60 && p[0] > 2.5 * p[1] && p[0] > 2.5 * p[2];
}

static void flowers_only_where_the_map_says(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("tests/data/flowers/flowers.json");
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_image img = {.width = rs.width, .height = rs.height, .pixels = malloc(sward_image_bound(rs.width, rs.height))};
    if (sward_render(r, &(sward_frame_desc){.time = 0.0f}, &img, NULL, &err) != SWARD_OK) fail_msg("%s", err.message);
    /* Leave out the middle fifth: blades lean and the 2 x 2 type pick dithers across the border. */
    size_t left = 0, right = 0, n_left = 0, n_right = 0;
    for (uint32_t y = 0; y < img.height; y++) {
        for (uint32_t x = 0; x < img.width; x++) {
            const uint8_t *p = img.pixels + 4 * ((size_t)y * img.width + x);
            if (x < img.width * 2 / 5) {
                n_left++;
                left += red(p);
            } else if (x >= img.width * 3 / 5) {
                n_right++;
                right += red(p);
            }
        }
    }
    print_message("red pixels: flower side %zu of %zu, lawn side %zu of %zu\n", right, n_right, left, n_left);
    assert_true(right > n_right / 50); /* a visible share of flower heads */
    assert_int_equal(left, 0);         /* and none on the lawn */
    free(img.pixels);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(flowers_only_where_the_map_says)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
