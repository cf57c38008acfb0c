/* The ground's continuous LOD on the GPU (issue 19, terrain_lod.inc.glsl), against the whole-resolution mesh it
 * replaces (sward_frame_debug.no_terrain_lod: every patch at level 0, no morph). unit_terrain_lod proves the
 * technique on the CPU (no cracks, no pops, the culling); here the vertex shader's half of it:
 *   - the default view of the 1 km meadow renders as the whole mesh does (issue 19's tolerance: mean within
 *     1/255, at most 0.5 % of pixels off by more than 16/255), from under half its triangles;
 *   - from 60 m above the field, looking down across every level, no pixel shows the sky through the ground
 *     (a crack) and the image still matches the whole mesh. */
#include "gpu_util.h"

#include <math.h>

typedef struct diff {
    double mean;   /* per channel, /255 */
    double over16; /* fraction of pixels with a channel off by more than 16 */
    uint32_t over64;
} diff;

static diff compare(const uint8_t *a, const uint8_t *b, uint32_t w, uint32_t h)
{
    diff d = {0};
    for (size_t k = 0; k < (size_t)w * h; k++) {
        int m = 0;
        for (size_t c = 0; c < 3; c++) {
            const int e = abs((int)a[4 * k + c] - (int)b[4 * k + c]);
            d.mean += e;
            m = e > m ? e : m;
        }
        d.over16 += m > 16 ? 1.0 : 0.0;
        d.over64 += m > 64 ? 1u : 0u;
    }
    d.mean /= 3.0 * (double)w * h;
    d.over16 /= (double)w * h;
    return d;
}

/* The pixels within 6/255 of a colour the sky has in the top rows of `sky` (the default view: sky above the
 * hills): a crack in the ground shows the sky behind it. */
static uint32_t sky_pixels(const uint8_t *p, const uint8_t *sky, uint32_t w, uint32_t h)
{
    uint32_t n = 0;
    for (size_t k = 0; k < (size_t)w * h; k++) {
        bool like = false;
        for (size_t s = 0; s < (size_t)w * 8 && !like; s += 3) {
            like = true;
            for (size_t c = 0; c < 3; c++) like = like && abs((int)p[4 * k + c] - (int)sky[4 * s + c]) <= 6;
        }
        n += like ? 1u : 0u;
    }
    return n;
}

static void render_pair(sward_renderer *r, const sward_frame_desc *base, uint32_t w, uint32_t h, uint8_t **lod,
                        uint8_t **full, sward_frame_stats st[2])
{
    sward_error err = {0};
    sward_frame_debug no_lod = {.no_terrain_lod = true};
    for (int k = 0; k < 2; k++) {
        sward_frame_desc fd = *base;
        fd.debug = k ? &no_lod : NULL;
        sward_image img = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
        if (sward_render(r, &fd, &img, &st[k], &err) != SWARD_OK) fail_msg("%s", err.message);
        *(k ? full : lod) = img.pixels;
    }
}

static sward_renderer *make(sward_context *ctx, sward_scene *scene, uint32_t w, uint32_t h)
{
    sward_error err = {0};
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = w, rs.height = h;
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    return r;
}

static void matches_the_whole_mesh(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/meadow.json");
    const uint32_t w = 320, h = 180;
    sward_renderer *r = make(ctx, scene, w, h);
    uint8_t *lod, *full;
    sward_frame_stats st[2];
    render_pair(r, &(sward_frame_desc){.no_grass = true}, w, h, &lod, &full, st);
    const diff d = compare(lod, full, w, h);
    print_message("meadow, the ground alone: mean %.3f/255, %.3f %% over 16/255; %llu triangles, %llu without the LOD\n",
                  d.mean, 100.0 * d.over16, (unsigned long long)st[0].terrain_triangles[SWARD_VIEW_CAMERA],
                  (unsigned long long)st[1].terrain_triangles[SWARD_VIEW_CAMERA]);
    assert_true(d.mean <= 1.0);
    assert_true(d.over16 <= 0.005);
    assert_true(2 * st[0].terrain_triangles[SWARD_VIEW_CAMERA] < st[1].terrain_triangles[SWARD_VIEW_CAMERA]);
    free(lod), free(full);
    gu_finish(r, ctx, scene);
}

static void no_cracks_from_above(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/meadow.json");
    const uint32_t w = 320, h = 180;
    sward_renderer *r = make(ctx, scene, w, h);
    const float eye[3] = {-60.0f, 75.0f, -40.0f}, target[3] = {0.0f, 0.0f, 30.0f};
    uint8_t *lod, *full, *sky, *unused;
    sward_frame_stats st[2];
    render_pair(r, &(sward_frame_desc){.no_grass = true}, w, h, &sky, &unused, st);
    render_pair(r, &(sward_frame_desc){.no_grass = true, .eye = eye, .target = target}, w, h, &lod, &full, st);
    if (getenv("SWARD_TEST_KEEP")) {
        sward_error err = {0};
        sward_write_png("terrain_lod_above.png", &(sward_image){.width = w, .height = h, .pixels = lod}, &err);
        sward_write_png("terrain_full_above.png", &(sward_image){.width = w, .height = h, .pixels = full}, &err);
    }
    const diff d = compare(lod, full, w, h);
    const uint32_t sky_lod = sky_pixels(lod, sky, w, h), sky_full = sky_pixels(full, sky, w, h);
    print_message("meadow from above: mean %.3f/255, %.3f %% over 16/255, %u pixels over 64/255; sky-coloured pixels "
                  "%u (%u without the LOD); %llu triangles\n",
                  d.mean, 100.0 * d.over16, d.over64, sky_lod, sky_full,
                  (unsigned long long)st[0].terrain_triangles[SWARD_VIEW_CAMERA]);
    assert_int_equal(sky_full, 0); /* the view is all ground */
    assert_int_equal(sky_lod, 0);  /* no crack shows the sky */
    assert_true(d.over64 == 0);    /* nor anything else far off the whole mesh */
    assert_true(sky_pixels(sky, sky, w, h) > w * 8); /* the test sees the sky where it is */
    assert_true(d.mean <= 1.0 && d.over16 <= 0.005);
    free(lod), free(full), free(sky), free(unused);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matches_the_whole_mesh),
        cmocka_unit_test(no_cracks_from_above),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
