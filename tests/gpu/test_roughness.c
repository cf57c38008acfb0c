/* SH5 roughness as an artist setting: a grass type's `roughness` is its near blades' (rising to 0.95 with
 * distance, SH7), an asset's `roughness` its cards' (leaves, fronds, petals) and `bark_roughness` the rest, read
 * back from the G-buffer's normal texel (its b channel, 10 bits) where each kind is the nearest surface. */
#include "gpu_util.h"
#include "render/render.h"
#include "testing/readback.h"
#include "shared/sw_gbuffer.h"

#include <math.h>

static uint32_t W = 160u, H = 90u;

typedef struct seen {
    float lo, hi;   /* the smallest and largest roughness of the kind's pixels */
    size_t pixels;  /* of the kind */
    size_t near_lo, near_hi; /* of them within 1/255 of the two values asked (assets: cards', bark's) */
} seen;

static seen read_kind(sward_context *ctx, sward_scene *scene, uint32_t kind, float a, float b)
{
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = W;
    rs.height = H;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_frame_desc fd = {.time = 0.5f, .taa_warmup = -1};
    sward_image img = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    if (sward_render(r, &fd, &img, NULL, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    uint32_t *g[4];
    for (int i = 0; i < 4; i++) g[i] = malloc((size_t)W * H * sizeof(uint32_t));
    if (render_read_gbuffer(r, g, &err) != SWARD_OK) fail_msg("%s", err.message);
    seen s = {.lo = 2.0f, .hi = -1.0f};
    for (size_t p = 0; p < (size_t)W * H; p++) {
        if ((g[1][p] >> 30) != kind) continue;
        float rough = (float)((g[1][p] >> 20) & 1023u) / 1023.0f;
        s.pixels++;
        s.lo = fminf(s.lo, rough);
        s.hi = fmaxf(s.hi, rough);
        s.near_lo += fabsf(rough - a) < 1.0f / 255.0f;
        s.near_hi += fabsf(rough - b) < 1.0f / 255.0f;
    }
    for (int i = 0; i < 4; i++) free(g[i]);
    free(img.pixels);
    gu_no_validation_messages(ctx);
    sward_renderer_destroy(r);
    return s;
}

static void grass_roughness_is_the_types(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    for (int k = 0; k < 2; k++) {
        const float want = k ? 0.85f : 0.15f;
        sward_scene *scene = gu_scene_lean("scenes/small.json");
        for (int i = 0; i < scene->material_count; i++) scene->materials[i].roughness = want;
        seen s = read_kind(ctx, scene, SW_KIND_GRASS, want, 0.95f);
        print_message("grass roughness %.2f: %zu blade pixels, roughness %.3f .. %.3f, %zu at the type's\n", (double)want,
                      s.pixels, (double)s.lo, (double)s.hi, s.near_lo);
        assert_true(s.pixels > 1000);
        /* the nearest blades carry the type's value, none less; farther ones rise toward 0.95 */
        assert_true(fabsf(s.lo - want) < 1.0f / 255.0f);
        assert_true(s.near_lo > 20);
        assert_true(s.hi <= 0.95f + 1.0f / 255.0f);
        sward_scene_destroy(scene);
    }
    sward_context_destroy(ctx);
}

static void asset_roughness_is_the_assets(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/tree.json");
    W = 480u, H = 270u; /* the trunk in enough pixels */
    scene->assets[0].roughness = 0.3f;
    scene->assets[0].bark_roughness = 0.75f;
    seen s = read_kind(ctx, scene, SW_KIND_MESH, 0.3f, 0.75f);
    print_message("the tree: %zu mesh pixels, roughness %.3f .. %.3f, %zu at the leaves' 0.3, %zu at the bark's 0.75\n",
                  s.pixels, (double)s.lo, (double)s.hi, s.near_lo, s.near_hi);
    assert_true(s.pixels > 2000);
    assert_true(s.near_lo > 1000 && s.near_hi > 50);
    assert_true(s.near_lo + s.near_hi == s.pixels); /* every mesh pixel is one or the other */
    sward_scene_destroy(scene);
    sward_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grass_roughness_is_the_types),
        cmocka_unit_test(asset_roughness_is_the_assets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
