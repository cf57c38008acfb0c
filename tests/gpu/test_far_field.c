/* The far field carries the grass colours (SPEC SC7): the ground takes each map texel's grass type colour and
 * its flower colour, so fields keep their colour where no blade is drawn. tests/data/flowers: the type map
 * gives red poppies to x < 0 (the right of the image) and green lawn to x > 0. Rendered without blades, the
 * ground on the poppy side must be red-dominant and on the lawn side green-dominant, as the types' colours
 * predict (their far looks, baked from their blades by src/place/far_look.c: the poppies' red heads stand at the
 * top of the patch, where a grazing view sees most; unit_far_look checks the colours themselves). Without the
 * maps the ground would have the scene's one mean grass colour on both
 * sides, and without the heads' share the poppy side would be as green as the lawn. */
#include "gpu_util.h"

#include "probe_util.h"
#include "shared/sw_canopy.h"

#include "terrain_probe_comp.h"

#include <math.h>

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

/* The far look's cover of every map texel (terrain_probe.comp.glsl: sw_terrain_texel at the texel's centre) after
 * one frame of the scene at `rel`, with its grass types' canopy rules or without them (`rules`); 4 floats a
 * texel: cover, canopy code, grass height, type. */
static float *texel_covers(const char *rel, bool rules, uint32_t *count)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean(rel);
    for (int m = 0; m < scene->material_count && !rules; m++)
        scene->materials[m].canopy.set = false;
    scene->render.settings.width = 64;
    scene->render.settings.height = 36;
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_image img = {.width = 64, .height = 36, .pixels = malloc(sward_image_bound(64, 36))};
    if (sward_render(r, &(sward_frame_desc){.time = 0.0f, .no_grass = true}, &img, NULL, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    uint32_t n = (uint32_t)r->frame.map_res * (uint32_t)r->frame.map_res;
    gpu_buffer out;
    probe_buffer(r, &out, (size_t)n * 4u * sizeof(float), false, NULL, "test.terrain_probe_results");
    const probe_bind binds[1] = {{1, &out, VK_NULL_HANDLE, 0}};
    probe_run(r, sw_test_terrain_probe_comp, sizeof sw_test_terrain_probe_comp, "test.terrain_probe", binds, 1, NULL, 0,
              n);
    float *res = malloc((size_t)n * 4u * sizeof *res);
    memcpy(res, out.mapped, (size_t)n * 4u * sizeof *res);
    gpu_buffer_destroy(&r->ctx->dev, &out);
    free(img.pixels);
    gu_finish(r, ctx, scene);
    *count = n;
    return res;
}

/* PL11 + SC7: the far look's grass under the trees' crowns is the share the blades keep there. In
 * tests/data/canopy/field_canopy.json the meadow keeps 0.2 of its blades under the crowns and all in the open, the
 * tall grass none under them, half in the open and three times that in the fringe: every texel's far cover is
 * 0.9 smoothstep(0, 0.3, grass height) times its type's rule at the texel's canopy distance (capped at a full
 * field's 0.9), and the meadow's mean cover deep under the crowns over that in the open is 0.2 within 2 %. Without
 * the rules (the same trees and canopy map) the cover ignores the crowns: the ratio is 1. */
static void far_cover_follows_the_canopy(void **state)
{
    (void)state;
    for (int rules = 1; rules >= 0; rules--) {
        uint32_t n = 0;
        float *t = texel_covers("tests/data/canopy/field_canopy.json", rules, &n);
        sward_scene *scene = gu_scene_lean("tests/data/canopy/field_canopy.json");
        double sum[2] = {0}, worst = 0.0;
        size_t cnt[2] = {0};
        for (uint32_t k = 0; k < n; k++) {
            float cover = t[4 * k], d = sw_canopy_distance((sw_uint)t[4 * k + 1]), gh = t[4 * k + 2];
            uint32_t type = (uint32_t)t[4 * k + 3];
            if (type >= (uint32_t)scene->material_count || !(gh > 0.0f)) continue;
            const world_canopy_rule *c = &scene->materials[type].canopy;
            float s = fminf(gh / 0.3f, 1.0f), want = 0.9f * s * s * (3.0f - 2.0f * s);
            if (rules && c->set) want = fminf(want * sw_canopy_density(d, c->under, c->open, c->fringe, c->width), 0.9f);
            worst = fmax(worst, fabs((double)cover - want));
            if (type != 0 || gh < 0.3f) continue; /* the meadow at full height */
            int side = d <= -SW_CANOPY_SOFT ? 0 : d >= c->width + 2.0f * SW_CANOPY_SOFT ? 1 : -1;
            if (side < 0) continue;
            sum[side] += cover;
            cnt[side]++;
        }
        double ratio = sum[0] / (double)cnt[0] / (sum[1] / (double)cnt[1]);
        print_message("far cover %s the rules: %zu texels under the crowns, %zu in the open, ratio %.4f (rule %.2f), "
                      "worst texel %.2g\n",
                      rules ? "with" : "without", cnt[0], cnt[1], ratio, rules ? scene->materials[0].canopy.under : 1.0,
                      worst);
        assert_true(cnt[0] >= 20 && cnt[1] >= 20);
        assert_true(worst < 1e-4);
        assert_true(fabs(ratio - (rules ? scene->materials[0].canopy.under : 1.0f)) < 0.02);
        sward_scene_destroy(scene);
        free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(ground_has_the_types_colours),
                                       cmocka_unit_test(far_cover_follows_the_canopy)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
