/* Rendered images checked by measurable properties: grass-coloured pixels where the field is and sky above
 * the horizon; the same scene renders byte-identically twice; wind animation changes the grass and nothing
 * else. All on the default device with validation (core + synchronisation) on. */
#include "gpu_util.h"

typedef struct fixture {
    sward_context *ctx;
    sward_scene *scene;
    sward_renderer *r;
    uint32_t w, h;
} fixture;

static fixture *g;

static int setup(void **state)
{
    (void)state;
    g = calloc(1, sizeof *g);
    g->ctx = gu_context();
    g->scene = gu_scene_lean("scenes/small.json");
    sward_error err = {0};
    if (sward_renderer_create(g->ctx, g->scene, &g->r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_render_settings rs = sward_scene_render_settings(g->scene);
    g->w = rs.width;
    g->h = rs.height;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (!g || !g->ctx) return 0; /* set-up failed and said why */
    sward_renderer_destroy(g->r);
    gu_no_validation_messages(g->ctx);
    sward_context_destroy(g->ctx);
    sward_scene_destroy(g->scene);
    free(g);
    return 0;
}

static uint8_t *render(float time, bool no_grass, sward_frame_stats *stats)
{
    sward_image img = {.width = g->w, .height = g->h};
    img.pixels = malloc(sward_image_bound(g->w, g->h));
    sward_error err = {0};
    sward_frame_desc fd = {.time = time, .no_grass = no_grass};
    if (sward_render(g->r, &fd, &img, stats, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    return img.pixels;
}

/* Yellow-green to green: green leads, blue well below it, and not a near-white highlight (the sun). */
static bool grassy(const uint8_t *p)
{
    return p[1] >= p[2] + 12 && p[1] + 8 >= p[0] && p[0] + p[1] + p[2] < 600;
}

static double grassy_fraction(const uint8_t *px, uint32_t y0, uint32_t y1)
{
    size_t n = 0, k = 0;
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = 0; x < g->w; x++, n++) k += grassy(px + 4 * ((size_t)y * g->w + x));
    return (double)k / (double)n;
}

static void field_is_grass_and_sky_is_above(void **state)
{
    (void)state;
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    uint8_t *img = render(0.0f, false, &st);
    uint8_t *bare = render(0.0f, true, NULL);
    print_message("blades drawn %llu (high %llu, low %llu)\n", (unsigned long long)st.blades.drawn,
                  (unsigned long long)st.blades.high, (unsigned long long)st.blades.low);
    assert_true(st.blades.drawn > 1000);
    assert_true(st.blades.high > 0 && st.blades.low > 0);
    /* The lower quarter of the frame is the field: mostly grass-coloured pixels. The ground under the blades is
     * grass-coloured too (SC7), so colour alone cannot tell a field from bare ground: a share of the pixels
     * must be blades (differ from the same frame without grass; at 320x180 most of these 1 to 2 cm blades
     * 6 m away are thinner than a pixel and about 8% of the pixels show one), themselves grass-coloured. */
    double lower = grassy_fraction(img, g->h * 3 / 4, g->h);
    size_t n = 0, blades = 0, grassy_blades = 0;
    for (size_t i = (size_t)g->w * (g->h * 3 / 4); i < (size_t)g->w * g->h; i++, n++) {
        if (memcmp(img + 4 * i, bare + 4 * i, 3) == 0) continue;
        blades++;
        grassy_blades += grassy(img + 4 * i);
    }
    print_message("lower quarter: grass-coloured %.3f, blades %.3f, grass-coloured blades %.3f\n", lower,
                  (double)blades / (double)n, (double)grassy_blades / (double)blades);
    assert_true(lower > 0.8);
    assert_true(blades > n / 20);
    assert_true(grassy_blades > blades * 4 / 5);
    /* The top tenth is sky: no grass-coloured pixel, the same with or without grass, bluer than the field,
     * and brighter towards the horizon than at the top (the sky gradient). */
    double upper = grassy_fraction(img, 0, g->h / 10);
    assert_true(upper == 0.0);
    assert_memory_equal(img, bare, (size_t)g->w * 4 * (g->h / 10));
    double b_sky = 0, g_sky = 0, top = 0, low = 0;
    size_t last = (size_t)g->w * (g->h / 10 - 1);
    for (uint32_t x = 0; x < g->w; x++) {
        b_sky += img[4 * x + 2];
        g_sky += img[4 * x + 1];
        top += img[4 * x] + img[4 * x + 1] + img[4 * x + 2];
        low += img[4 * (last + x)] + img[4 * (last + x) + 1] + img[4 * (last + x) + 2];
    }
    assert_true(b_sky >= g_sky * 0.9);
    assert_true(low > top);
    free(img);
    free(bare);
}

static void renders_are_byte_identical(void **state)
{
    (void)state;
    uint8_t *a = render(0.5f, false, NULL);
    uint8_t *b = render(0.5f, false, NULL);
    assert_memory_equal(a, b, sward_image_bound(g->w, g->h));
    free(a);
    free(b);
}

static void time_moves_grass_and_nothing_else(void **state)
{
    (void)state;
    uint8_t *t0 = render(0.0f, false, NULL);
    uint8_t *t1 = render(1.0f, false, NULL);
    uint8_t *bare0 = render(0.0f, true, NULL);
    uint8_t *bare1 = render(1.0f, true, NULL);
    size_t n = (size_t)g->w * g->h, grass = 0, changed = 0;
    for (size_t i = 0; i < n; i++) {
        grass += memcmp(t0 + 4 * i, bare0 + 4 * i, 4) != 0;
        changed += memcmp(t0 + 4 * i, t1 + 4 * i, 4) != 0;
    }
    print_message("grass pixels %zu, changed between the times %zu\n", grass, changed);
    assert_true(grass > n / 20);
    assert_true(changed > grass / 50);
    /* Nothing but the grass moves: without it the two times render the same image (sky, ground, haze). */
    assert_memory_equal(bare0, bare1, n * 4);
    free(t0);
    free(t1);
    free(bare0);
    free(bare1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(field_is_grass_and_sky_is_above),
        cmocka_unit_test(renders_are_byte_identical),
        cmocka_unit_test(time_moves_grass_and_nothing_else),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
