/* Occlusion culling (SPEC SC3) never removes a visible blade: a frame with the Hi-Z test equals the same frame
 * without it, while a scene with hills in front of the field draws fewer blades with it. SC3: in sward's own
 * frame the mesh assets are tested against the ground's pyramid and their depth occludes the blades: boulders in
 * front of the camera hide blades, hills hide boulders, and the image is the same as without occlusion; with the
 * last frame's pyramid, boulders hide boulders (two-phase culling) and still nothing visible goes. */
#include "gpu_util.h"

/* The pixels where two images differ; when some do, both are kept (build/tests/occlusion_<tag>_{a,b}.png). */
static size_t differing_pixels(const sward_image *a, const sward_image *b, const char *tag)
{
    size_t n = 0;
    for (size_t i = 0; i < (size_t)a->width * a->height; i++) n += memcmp(a->pixels + 4 * i, b->pixels + 4 * i, 4) != 0;
    if (n) {
        char name[96];
        sward_error err = {0};
        snprintf(name, sizeof name, "occlusion_%s_a.png", tag);
        sward_write_png(name, a, &err);
        snprintf(name, sizeof name, "occlusion_%s_b.png", tag);
        sward_write_png(name, b, &err);
    }
    return n;
}

/* One frame of `scene` by a renderer of its own (the first frame of each: the assets' screen doors and the
 * history-free frame are the same in every one of them). */
static void render_frame(sward_context *ctx, sward_scene *scene, const sward_frame_desc *fd, sward_image *img,
                         sward_frame_stats *st)
{
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    if (sward_render(r, fd, img, st, &err) != SWARD_OK) fail_msg("%s", err.message);
    sward_renderer_destroy(r);
}

/* Three frames of `rel` at w x h: with occlusion (`with`), without it (`without`: equal pixels but `*differing`),
 * and with the ground alone occluding (`ground`, sward_frame_debug.no_asset_occluders; may be NULL, with
 * `*ground_differing`). All three draw the assets' G-buffer by their fragment pass (asset_fragment): the compute
 * resolve (BX6) runs only where the assets occlude, close to the fragment pass but not equal to it
 * (gpu_asset_compute compares them), and here only occlusion may differ. */
static void render_three(const char *rel, uint32_t w, uint32_t h, sward_frame_stats *with, sward_frame_stats *without,
                         size_t *differing, sward_frame_stats *ground, size_t *ground_differing)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean(rel);
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = w;
    rs.height = h;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    size_t bytes = sward_image_bound(w, h);
    sward_image a = {.width = w, .height = h, .pixels = malloc(bytes)};
    sward_image b = {.width = w, .height = h, .pixels = malloc(bytes)};
    sward_frame_debug fragment = {.asset_fragment = true};
    render_frame(ctx, scene, &(sward_frame_desc){.time = 0.25f, .debug = &fragment}, &a, with);
    render_frame(ctx, scene, &(sward_frame_desc){.time = 0.25f, .no_occlusion = true, .debug = &fragment}, &b, without);
    *differing = differing_pixels(&a, &b, "off");
    if (ground) {
        sward_frame_debug dbg = {.no_asset_occluders = true, .asset_fragment = true};
        render_frame(ctx, scene, &(sward_frame_desc){.time = 0.25f, .debug = &dbg}, &b, ground);
        *ground_differing = differing_pixels(&a, &b, "ground");
    }
    free(a.pixels);
    free(b.pixels);
    gu_finish(NULL, ctx, scene);
}

static void render_pair(const char *rel, uint32_t w, uint32_t h, sward_frame_stats *with, sward_frame_stats *without,
                        size_t *differing)
{
    render_three(rel, w, h, with, without, differing, NULL, NULL);
}

static void hidden_blades_are_culled_and_nothing_visible_is(void **state)
{
    (void)state;
    sward_frame_stats with = SWARD_FRAME_STATS_INIT, without = SWARD_FRAME_STATS_INIT;
    size_t differing;
    render_pair("scenes/hills.json", 320, 180, &with, &without, &differing);
    print_message("drawn with occlusion %llu, without %llu; removed by occlusion %llu; pixels differing %zu\n",
                  (unsigned long long)with.blades.drawn, (unsigned long long)without.blades.drawn,
                  (unsigned long long)with.blades.removed_occlusion, (size_t)differing);
    assert_true(without.blades.removed_occlusion == 0);
    assert_true(with.blades.removed_occlusion > 0);
    assert_int_equal(with.blades.drawn + with.blades.removed_occlusion, without.blades.drawn);
    assert_true(with.blades.drawn < without.blades.drawn * 9 / 10); /* the hills hide a good part */
    /* Only blades hidden behind the terrain went: the image is the same, but for a few pixels where two
     * blades meet at equal depth and the drawing order decides. */
    assert_true(differing <= 320 * 180 / 1000);
}

static void open_field_loses_little(void **state)
{
    (void)state;
    sward_frame_stats with = SWARD_FRAME_STATS_INIT, without = SWARD_FRAME_STATS_INIT;
    size_t differing;
    render_pair("scenes/small.json", 320, 180, &with, &without, &differing);
    print_message("small: drawn with occlusion %llu, without %llu, pixels differing %zu\n",
                  (unsigned long long)with.blades.drawn, (unsigned long long)without.blades.drawn, differing);
    assert_true(differing <= 320 * 180 / 1000);
}

/* Boulders 3-5 m wide on a nearly flat field, one right before the camera: their depth hides the blades behind
 * them, which the ground alone does not; the image is the one without occlusion. */
static void blades_behind_boulders_are_culled(void **state)
{
    (void)state;
    sward_frame_stats with = SWARD_FRAME_STATS_INIT, without = SWARD_FRAME_STATS_INIT, ground = SWARD_FRAME_STATS_INIT;
    size_t differing, ground_differing;
    render_three("tests/data/occlusion/boulders.json", 320, 180, &with, &without, &differing, &ground, &ground_differing);
    print_message("boulders: drawn %llu with the assets occluding, %llu with the ground alone, %llu without occlusion; "
                  "removed by occlusion %llu, %llu; pixels differing %zu, %zu\n",
                  (unsigned long long)with.blades.drawn, (unsigned long long)ground.blades.drawn,
                  (unsigned long long)without.blades.drawn, (unsigned long long)with.blades.removed_occlusion,
                  (unsigned long long)ground.blades.removed_occlusion, differing, ground_differing);
    assert_true(with.assets.occlude);
    assert_false(without.assets.occlude);
    assert_false(ground.assets.occlude);
    assert_int_equal(without.blades.removed_occlusion, 0);
    /* the boulders hide a good part of the field; the ground (amplitude 0.5 m) hides little */
    assert_true(with.blades.removed_occlusion > ground.blades.removed_occlusion + without.blades.drawn / 4);
    assert_int_equal(with.blades.drawn + with.blades.removed_occlusion, without.blades.drawn);
    assert_true(with.assets.instances[SWARD_ASSET_KIND_ROCK][0] + with.assets.instances[SWARD_ASSET_KIND_ROCK][1] +
                    with.assets.instances[SWARD_ASSET_KIND_ROCK][2] >
                0);
    assert_true(differing <= 320 * 180 / 1000);
    assert_true(ground_differing <= 320 * 180 / 1000);
}

/* Boulders on scenes/hills.json's field: those behind the hills are not drawn, and nothing visible goes. */
static void boulders_behind_hills_are_culled(void **state)
{
    (void)state;
    sward_frame_stats with = SWARD_FRAME_STATS_INIT, without = SWARD_FRAME_STATS_INIT;
    size_t differing;
    render_pair("tests/data/occlusion/hill_rocks.json", 320, 180, &with, &without, &differing);
    uint64_t drawn_with = 0, drawn_without = 0;
    for (int lv = 0; lv < SWARD_ASSET_LODS; lv++) {
        drawn_with += with.assets.instances[SWARD_ASSET_KIND_ROCK][lv];
        drawn_without += without.assets.instances[SWARD_ASSET_KIND_ROCK][lv];
    }
    print_message(
        "hill boulders: %llu drawn with occlusion, %llu without, %llu hidden by the hills; pixels differing %zu\n",
        (unsigned long long)drawn_with, (unsigned long long)drawn_without, (unsigned long long)with.assets.occluded,
        differing);
    assert_true(with.assets.occluded > 0);
    assert_int_equal(without.assets.occluded, 0);
    assert_true(drawn_with > 0);
    /* no boulder cross-fades between levels here (each counts once) */
    assert_int_equal(drawn_with + with.assets.occluded, drawn_without);
    assert_true(differing <= 320 * 180 / 1000);
}

static uint64_t assets_drawn(const sward_frame_stats *st)
{
    uint64_t n = 0;
    for (int k = 0; k < SWARD_ASSET_KINDS; k++)
        for (int lv = 0; lv < SWARD_ASSET_LODS; lv++)
            n += st->assets.instances[k][lv];
    return n;
}

/* One frame (TAA off: each frame is its own) from eye e looking along +z. */
static void frame_at(sward_renderer *r, const float e[3], sward_image *img, sward_frame_stats *st)
{
    sward_error err = {0};
    float target[3] = {e[0], 0.6f, e[2] + 32.0f};
    sward_frame_desc fd = {.time = 0.25f, .eye = e, .target = target};
    if (sward_render(r, &fd, img, st, &err) != SWARD_OK) fail_msg("%s", err.message);
}

/* SC3: two-phase culling. Boulders behind boulders: after a frame 0.3 m to the side, the last frame's
 * pyramid of the ground and the boulders hides some in the first phase; the second tests them against this
 * frame's and draws the ones the move uncovered. The image is the one a renderer without that history draws
 * (its frame before was a cut away), with fewer boulders drawn; a cut starts over with one phase. */
static void two_phase_culling_keeps_every_visible_asset(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("tests/data/occlusion/boulders.json");
    sward_scene_set_features(scene, sward_scene_features(scene) & ~SWARD_FEATURE_TAA);
    sward_error err = {0};
    sward_renderer *a = NULL, *b = NULL;
    if (sward_renderer_create(ctx, scene, &a, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    if (sward_renderer_create(ctx, scene, &b, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    const uint32_t w = 320, h = 180;
    size_t bytes = sward_image_bound(w, h);
    sward_image ia = {.width = w, .height = h, .pixels = malloc(bytes)};
    sward_image ib = {.width = w, .height = h, .pixels = malloc(bytes)};
    const float p1[3] = {0.0f, 0.8f, -24.0f}, p2[3] = {0.3f, 0.8f, -24.0f}, away[3] = {0.0f, 0.8f, 20.0f};
    sward_frame_stats a1 = SWARD_FRAME_STATS_INIT, a2 = SWARD_FRAME_STATS_INIT, a3 = SWARD_FRAME_STATS_INIT, b1 = SWARD_FRAME_STATS_INIT, b2 = SWARD_FRAME_STATS_INIT;
    frame_at(a, p1, &ia, &a1);
    frame_at(a, p2, &ia, &a2); /* the second frame: p1's pyramid seen from p2 */
    frame_at(b, away, &ib, &b1);
    frame_at(b, p2, &ib, &b2); /* also the second frame (the same screen doors), after a cut: one phase */
    size_t differing = differing_pixels(&ia, &ib, "two_phase");
    uint64_t drawn_a = assets_drawn(&a2), drawn_b = assets_drawn(&b2);
    print_message("two phases: %llu drawn (%llu in the second phase of %llu deferred), %llu hidden; one phase: %llu "
                  "drawn, %llu hidden; pixels differing %zu\n",
                  (unsigned long long)drawn_a, (unsigned long long)a2.assets.late,
                  (unsigned long long)a2.assets.deferred, (unsigned long long)a2.assets.occluded,
                  (unsigned long long)drawn_b, (unsigned long long)b2.assets.occluded, differing);
    assert_false(a1.assets.two_phase); /* the first frame has no history */
    assert_int_equal(a1.assets.deferred, 0);
    assert_true(a2.assets.two_phase);
    assert_false(b2.assets.two_phase); /* the eye jumped 44 m: a cut */
    assert_int_equal(b2.assets.deferred, 0);
    assert_int_equal(b2.assets.late, 0);
    /* boulders hid boulders, and the move uncovered some of them */
    assert_true(a2.assets.deferred > a2.assets.late);
    assert_true(a2.assets.late > 0);
    assert_true(drawn_a < drawn_b);
    /* every instance is drawn or hidden, in both */
    assert_int_equal(drawn_a + a2.assets.occluded, drawn_b + b2.assets.occluded);
    assert_true(differing <= w * h / 1000);
    /* a cut: one phase again */
    frame_at(a, away, &ia, &a3);
    assert_false(a3.assets.two_phase);
    assert_int_equal(a3.assets.deferred, 0);
    free(ia.pixels);
    free(ib.pixels);
    sward_renderer_destroy(b);
    gu_finish(a, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hidden_blades_are_culled_and_nothing_visible_is),
        cmocka_unit_test(open_field_loses_little),
        cmocka_unit_test(blades_behind_boulders_are_culled),
        cmocka_unit_test(boulders_behind_hills_are_culled),
        cmocka_unit_test(two_phase_culling_keeps_every_visible_asset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
