/* The compute rasteriser (SPEC BX1) on lavapipe, against the hardware path:
 *   - same image: every scene in scenes/ and bench/ at 320x180 with render.raster "compute" (every tile) and
 *     "hardware" differ by a mean absolute difference of at most 1/255 and in at most 0.5 % of the pixels by
 *     more than 16/255 (the paths share vertices and fill rule; they differ in attribute interpolation: the
 *     compute path is linear in screen space, stores t and side in 7 and 4 bits, evaluates the surface but the
 *     albedo at the pixel, and encodes sRGB itself). Measured: at most 0.44/255 and 0.15 %;
 *   - the split: with "auto" each tile goes to one path (hardware + compute blades = blades drawn, both used
 *     in bench/got_field.json), with "compute" no hardware draw has a blade, with "hardware" the compute
 *     rasteriser draws none;
 *   - deterministic: the compute path renders the same bytes twice (ties in the visibility buffer are broken
 *     by the blade's id, never by thread order);
 *   - coverage of sub-pixel blades: at 160x90 the share of pixels showing grass with the compute path is
 *     within 5 % (relative) of the hardware path's at 640x360 (4x4 samples per pixel), so distant fields
 *     keep their density without becoming solid. */
#include "gpu_util.h"

#include <math.h>
#include <string.h>

static const char *const SCENES[] = {
    /* scenes/meadow.json is the built-in default (embedded at build time): once */
    "scenes/meadow.json", "scenes/small.json", "scenes/hills.json", "scenes/fields.json",
    "bench/got_field.json", "bench/dense.json",
};
#define SCENE_COUNT (sizeof SCENES / sizeof SCENES[0])

static sward_scene *load(const char *rel)
{
    if (rel) return gu_scene(rel);
    sward_error err = {0};
    sward_scene *s = NULL;
    if (sward_scene_load_default(&s, &err) != SWARD_OK) fail_msg("default scene: %s", err.message);
    s->render.features &= ~(SW_FEAT_TAA | SW_FEAT_BLOOM);
    return s;
}

/* One frame of `scene` at w x h with rasteriser `raster`. */
static uint8_t *render(sward_context *ctx, sward_scene *scene, world_raster raster, uint32_t w, uint32_t h,
                       sward_frame_stats *st)
{
    scene->render.raster = raster;
    return gu_render(ctx, scene, w, h, NULL, st);
}

/* Scenes [first, end) of SCENES: the two paths' images agree (two ctest tests: each stays well under the
 * suite's 120 s a test on 2 busy cores). */
static void paths_match(size_t first, size_t end)
{
    sward_context *ctx = gu_context();
    const uint32_t w = 320, h = 180;
    for (size_t k = first; k < end; k++) {
        sward_scene *scene = load(SCENES[k]);
        /* one frame a path, not TAA's warm-up of nine: the paths' difference unblurred, and a third of the time; the
         * shadow maps at the default size only in the built-in meadow: its blades' shadows, hardware casters in the map
         * against compute casters merged by the lookup, are the paths' difference that shows a lost merge
         * (BX1-shadow-merge); the other scenes' at gu_scene_lean's */
        scene->render.features &= ~(SW_FEAT_TAA | SW_FEAT_BLOOM);
        if (strcmp(SCENES[k], "scenes/meadow.json") != 0) scene->render.shadow_size = GU_SHADOW_SIZE;
        /* dense: its nearest 30 m of the 60 (430,000 blades in view, not 1.4 million: the near ones that both paths
         * draw large and the far ones under a pixel; the whole field's frame: cli_golden_dense_320x180), for the suite */
        if (strcmp(SCENES[k], "bench/dense.json") == 0) {
            scene->render.draw_distance = 30.0f;
            for (int i = 0; i < scene->material_count; i++)
                scene->materials[i].draw_distance = fminf(scene->materials[i].draw_distance, 30.0f);
        }
        sward_frame_stats hs = SWARD_FRAME_STATS_INIT, cs = SWARD_FRAME_STATS_INIT;
        uint8_t *hw = render(ctx, scene, WORLD_RASTER_HARDWARE, w, h, &hs);
        uint8_t *cp = render(ctx, scene, WORLD_RASTER_COMPUTE, w, h, &cs);
        double sum = 0.0;
        size_t big = 0;
        for (size_t i = 0; i < (size_t)w * h; i++) {
            int worst = 0;
            for (int c = 0; c < 3; c++) {
                int d = abs((int)hw[4 * i + (size_t)c] - (int)cp[4 * i + (size_t)c]);
                sum += d;
                if (d > worst) worst = d;
            }
            if (worst > 16) big++;
        }
        double mad = sum / (3.0 * w * h), frac = (double)big / ((double)w * h);
        print_message("%-22s %7llu blades (compute %llu): mean |difference| %.3f / 255, %.3f %% of pixels over 16\n",
                      SCENES[k] ? SCENES[k] : "built-in", (unsigned long long)cs.blades.drawn,
                      (unsigned long long)cs.raster.blades, mad, 100.0 * frac);
        assert_true(cs.raster.compute);
        assert_true(cs.raster.blades == cs.blades.drawn && cs.raster.hardware_blades == 0);
        assert_true(hs.raster.blades == 0 && hs.raster.hardware_blades == hs.blades.drawn);
        assert_true(cs.blades.drawn > 0);
        assert_true(mad <= 1.0);
        assert_true(frac <= 0.005);
        /* At most 150,000 ground triangles in any view of the repository's scenes (16:9 here as at
         * 1920x1080: the same frustum; the cascades do not depend on the size) */
        print_message("%-22s ground triangles: camera %llu, near %llu, mid %llu\n", SCENES[k] ? SCENES[k] : "built-in",
                      (unsigned long long)cs.terrain.triangles[SWARD_VIEW_CAMERA],
                      (unsigned long long)cs.terrain.triangles[SWARD_VIEW_NEAR_SHADOW],
                      (unsigned long long)cs.terrain.triangles[SWARD_VIEW_MID_SHADOW]);
        for (int v = 0; v < SWARD_VIEWS; v++)
            assert_true(cs.terrain.triangles[v] <= 150000u);
        assert_true(cs.terrain.triangles[SWARD_VIEW_CAMERA] > 0);
        free(hw);
        free(cp);
        sward_scene_destroy(scene);
    }
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

#define SPLIT 4 /* meadow, small, hills, fields | got_field, dense */
_Static_assert(SPLIT < SCENE_COUNT, "both halves have scenes");

static void test_paths_match_fields(void **state)
{
    (void)state;
    paths_match(0, SPLIT);
}

static void test_paths_match_dense(void **state)
{
    (void)state;
    paths_match(SPLIT, SCENE_COUNT);
}

static void test_split_and_determinism(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = load("bench/got_field.json");
    /* the camera's split alone: the near cascade's casters would add their own tiles to the counts compared
     * (the cascade's split: test_shadow_casters) */
    scene->render.features &= ~SW_FEAT_SHADOWS;
    sward_frame_stats a = SWARD_FRAME_STATS_INIT, b = SWARD_FRAME_STATS_INIT;
    scene->render.raster_threshold = 24.0f; /* at 480x270 the field's near tiles project larger */
    uint8_t *p1 = render(ctx, scene, WORLD_RASTER_AUTO, 480, 270, &a);
    uint8_t *p2 = render(ctx, scene, WORLD_RASTER_AUTO, 480, 270, &b);
    print_message("auto: %llu blades, %llu on the hardware path, %llu in compute (%llu tiles, %llu pixel atomics), "
                  "threshold %.1f px\n",
                  (unsigned long long)a.blades.drawn, (unsigned long long)a.raster.hardware_blades,
                  (unsigned long long)a.raster.blades, (unsigned long long)a.raster.tiles,
                  (unsigned long long)a.raster.pixels, (double)a.raster.threshold);
    assert_true(a.raster.blades > 0 && a.raster.hardware_blades > 0);
    assert_true(a.raster.blades + a.raster.hardware_blades == a.blades.drawn);
    assert_true(a.raster.threshold == 24.0f);
    assert_memory_equal(p1, p2, (size_t)480 * 270 * 4);
    free(p1);
    free(p2);
    /* Whatever the threshold, the tiles within reach of the eye stay with the hardware, which clips the
     * blades crossing the near plane (compute drops them): at the largest threshold every other tile is compute's */
    scene->render.raster_threshold = 4096.0f;
    sward_frame_stats c = SWARD_FRAME_STATS_INIT;
    free(render(ctx, scene, WORLD_RASTER_AUTO, 160, 90, &c));
    print_message("threshold 4096 px: %llu blades on the hardware path, %llu in compute\n",
                  (unsigned long long)c.raster.hardware_blades, (unsigned long long)c.raster.blades);
    assert_true(c.raster.hardware_blades > 0 && c.raster.blades > 20u * c.raster.hardware_blades);
    scene->render.raster_threshold = 24.0f;
    p1 = render(ctx, scene, WORLD_RASTER_COMPUTE, 480, 270, NULL);
    p2 = render(ctx, scene, WORLD_RASTER_COMPUTE, 480, 270, NULL);
    assert_memory_equal(p1, p2, (size_t)480 * 270 * 4);
    free(p1);
    free(p2);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

/* The near cascade's casters with "auto": without mesh assets in compute from the first frame (got_field,
 * scenes/small.json: the near layer then holds nothing else, and shadow_near does not run); so too with
 * flowers alone (scenes/flowers.json: their casters are in compute, shadow_assets); with other assets (trees,
 * plants, rocks) in compute once the cascade held RENDER_SHADOW_RASTER_MIN_BLADES (4,000) blades in a frame
 * collected before (scenes/forest_edge.json with its two grass types at 400 a m^2, drawn to 15 m: 34,000 near
 * blades), on the hardware below
 * (tests/data/assets/field.json), beside the flowers' in compute; the two paths cast the same shadows (the image
 * test above covers "compute", gpu_asset_compute the flowers'). */
static void test_shadow_casters(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    const char *scenes[] = {"bench/got_field.json", "scenes/small.json", "scenes/flowers.json",
                            "tests/data/assets/field.json", "scenes/forest_edge.json"};
    for (size_t k = 0; k < 5; k++) {
        sward_scene *scene = NULL;
        sward_error err = {0};
        if (k == 4) { /* denser */
            const char *src = getenv("SWARD_SOURCE_DIR");
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", src ? src : ".", scenes[k]);
            const char *dense[] = {"grass[0].density=400", "grass[1].density=400", "render.draw_distance=15"};
            if (sward_scene_load_overrides(path, dense, 3, &scene, &err) != SWARD_OK) fail_msg("scene: %s", err.message);
            scene->render.features &= ~(SW_FEAT_TAA | SW_FEAT_BLOOM);
        } else {
            scene = load(scenes[k]);
        }
        scene->render.raster = WORLD_RASTER_AUTO;
        /* which path casts the near layer does not depend on the maps' resolution (the cascades' fit and casters
         * are the same at any size, within a texel's snap): the maps at gu_scene_lean's size */
        scene->render.shadow_size = GU_SHADOW_SIZE;
        sward_render_settings rs = sward_scene_render_settings(scene);
        rs.width = 320;
        rs.height = 180;
        if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
        sward_renderer *r = NULL;
        if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
        sward_image img = {.width = 320, .height = 180, .pixels = malloc(sward_image_bound(320, 180))};
        sward_frame_stats first = SWARD_FRAME_STATS_INIT, second = SWARD_FRAME_STATS_INIT;
        if (sward_render(r, NULL, &img, &first, &err) != SWARD_OK) fail_msg("render: %s", err.message);
        if (sward_render(r, NULL, &img, &second, &err) != SWARD_OK) fail_msg("render: %s", err.message);
        const bool assets = scene->asset_count > 0;
        print_message("%s%s: %llu blades in the near cascade; frames 1 and 2 cast them by %s, %s\n", scenes[k],
                      k == 4 ? " (denser)" : "", (unsigned long long)second.shadows.blades,
                      first.shadows.raster_compute ? "compute" : "hardware",
                      second.shadows.raster_compute ? "compute" : "hardware");
        if (!assets || k == 2) {
            assert_true(first.shadows.raster_compute && second.shadows.raster_compute);
            assert_true(sward_stats_pass_ms(&second, "shadow_near") < 0.0);
            assert_true((sward_stats_pass_ms(&second, "shadow_assets") >= 0.0) == assets); /* the flowers' */
        } else {
            assert_false(first.shadows.raster_compute); /* nothing collected yet */
            assert_true(second.shadows.raster_compute == (second.shadows.blades >= 4000));
            assert_true(k == 4 ? second.shadows.blades >= 4000 : second.shadows.blades < 4000);
            assert_true(sward_stats_pass_ms(&second, "shadow_near") >= 0.0);   /* the trees', plants', rocks' */
            assert_true(sward_stats_pass_ms(&second, "shadow_assets") >= 0.0); /* the poppies' */
        }
        free(img.pixels);
        sward_renderer_destroy(r);
        sward_scene_destroy(scene);
    }
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

static void test_coverage(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    const char *scenes[] = {"bench/got_field.json", "scenes/hills.json"};
    for (size_t k = 0; k < 2; k++) {
        sward_scene *scene = load(scenes[k]);
        sward_frame_stats lo = SWARD_FRAME_STATS_INIT, hi = SWARD_FRAME_STATS_INIT;
        free(render(ctx, scene, WORLD_RASTER_COMPUTE, 160, 90, &lo));
        free(render(ctx, scene, WORLD_RASTER_HARDWARE, 640, 360, &hi));
        double c = (double)lo.gbuffer.grass_pixels / (160.0 * 90.0),
               s = (double)hi.gbuffer.grass_pixels / (640.0 * 360.0);
        print_message("%s: grass covers %.2f %% of the pixels in compute at 160x90, %.2f %% of 4x4 samples in "
                      "hardware\n", scenes[k], 100.0 * c, 100.0 * s);
        assert_true(fabs(c - s) <= 0.05 * s);
        sward_scene_destroy(scene);
    }
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paths_match_fields),
        cmocka_unit_test(test_paths_match_dense),
        cmocka_unit_test(test_split_and_determinism),
        cmocka_unit_test(test_shadow_casters),
        cmocka_unit_test(test_coverage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
