/* Occlusion culling (SPEC SC3) never removes a visible blade: a frame with the Hi-Z test equals the same frame
 * without it, while a scene with hills in front of the field draws fewer blades with it. */
#include "gpu_util.h"

static void render_pair(const char *rel, uint32_t w, uint32_t h, sward_frame_stats *with, sward_frame_stats *without,
                        size_t *differing)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene(rel);
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = w;
    rs.height = h;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_image a = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
    sward_image b = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
    if (sward_render(r, &(sward_frame_desc){.time = 0.25f}, &a, with, &err) != SWARD_OK) fail_msg("%s", err.message);
    if (sward_render(r, &(sward_frame_desc){.time = 0.25f, .no_occlusion = true}, &b, without, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    *differing = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) *differing += memcmp(a.pixels + 4 * i, b.pixels + 4 * i, 4) != 0;
    if (*differing) { /* keep the evidence: build/tests/occlusion_{with,without}.png */
        sward_write_png("occlusion_with.png", &a, &err);
        sward_write_png("occlusion_without.png", &b, &err);
    }
    free(a.pixels);
    free(b.pixels);
    gu_finish(r, ctx, scene);
}

static void hidden_blades_are_culled_and_nothing_visible_is(void **state)
{
    (void)state;
    sward_frame_stats with, without;
    size_t differing;
    render_pair("scenes/hills.json", 320, 180, &with, &without, &differing);
    print_message("drawn with occlusion %llu, without %llu; removed by occlusion %llu; pixels differing %zu\n",
                  (unsigned long long)with.blades_drawn, (unsigned long long)without.blades_drawn,
                  (unsigned long long)with.removed_occlusion, (size_t)differing);
    assert_true(without.removed_occlusion == 0);
    assert_true(with.removed_occlusion > 0);
    assert_int_equal(with.blades_drawn + with.removed_occlusion, without.blades_drawn);
    assert_true(with.blades_drawn < without.blades_drawn * 9 / 10); /* the hills hide a good part */
    /* Only blades hidden behind the terrain went: the image is the same, but for a few pixels where two
     * blades meet at equal depth and the drawing order decides. */
    assert_true(differing <= 320 * 180 / 1000);
}

static void open_field_loses_little(void **state)
{
    (void)state;
    sward_frame_stats with, without;
    size_t differing;
    render_pair("scenes/small.json", 320, 180, &with, &without, &differing);
    print_message("small: drawn with occlusion %llu, without %llu, pixels differing %zu\n",
                  (unsigned long long)with.blades_drawn, (unsigned long long)without.blades_drawn, differing);
    assert_true(differing <= 320 * 180 / 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hidden_blades_are_culled_and_nothing_visible_is),
        cmocka_unit_test(open_field_loses_little),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
