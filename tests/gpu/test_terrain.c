/* The ground's continuous LOD on the GPU (terrain_lod.inc.glsl), against the whole-resolution mesh it
 * replaces (sward_frame_debug.no_terrain_lod: every patch at level 0, no morph). unit_terrain_lod proves the
 * technique on the CPU (no cracks, no pops, the culling); here the vertex shader's half of it:
 *   - the default view of the 1 km meadow renders as the whole mesh does (the tolerance: mean within
 *     1/255, at most 0.5 % of pixels off by more than 16/255), from under half its triangles;
 *   - from 60 m above the field, looking down across every level, no pixel shows the sky through the ground
 *     (a crack) and the image still matches the whole mesh.
 * BX6: in sward's own frame with the depth prime the ground's G-buffer is resolved per pixel in compute
 * (terrain_resolve) instead of by its fragment pass (sward_frame_debug.ground_fragment, the host's path), both
 * without SH10's per-pixel detail:
 *   - the ground alone and the ground under grass, on the hills, render as the fragment pass does;
 *   - the G-buffer itself (read back): the normals and the motion vectors of a moving, jittered camera. */
#include "gpu_util.h"
#include "render/render.h"
#include "testing/readback.h"
#include "shared/sw_gbuffer.h"

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

/* The frame `base` twice: as it is (*lod) and with the `other` switches (*full). */
static void render_with(sward_renderer *r, const sward_frame_desc *base, const sward_frame_debug *other, uint32_t w,
                        uint32_t h, uint8_t **lod, uint8_t **full, sward_frame_stats st[2])
{
    sward_error err = {0};
    for (int k = 0; k < 2; k++) {
        sward_frame_desc fd = *base;
        fd.debug = k ? other : NULL;
        sward_image img = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
        if (sward_render(r, &fd, &img, &st[k], &err) != SWARD_OK) fail_msg("%s", err.message);
        *(k ? full : lod) = img.pixels;
    }
}

static void render_pair(sward_renderer *r, const sward_frame_desc *base, uint32_t w, uint32_t h, uint8_t **lod,
                        uint8_t **full, sward_frame_stats st[2])
{
    render_with(r, base, &(sward_frame_debug){.no_terrain_lod = true}, w, h, lod, full, st);
}

static sward_renderer *make(sward_context *ctx, sward_scene *scene, uint32_t w, uint32_t h)
{
    return gu_renderer(ctx, scene, w, h);
}

static void matches_the_whole_mesh(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/meadow.json");
    const uint32_t w = 320, h = 180;
    sward_renderer *r = make(ctx, scene, w, h);
    uint8_t *lod, *full;
    sward_frame_stats st[2] = {SWARD_FRAME_STATS_INIT, SWARD_FRAME_STATS_INIT};
    render_pair(r, &(sward_frame_desc){.no_grass = true}, w, h, &lod, &full, st);
    const diff d = compare(lod, full, w, h);
    print_message(
        "meadow, the ground alone: mean %.3f/255, %.3f %% over 16/255; %llu triangles, %llu without the LOD\n", d.mean,
        100.0 * d.over16, (unsigned long long)st[0].terrain.triangles[SWARD_VIEW_CAMERA],
        (unsigned long long)st[1].terrain.triangles[SWARD_VIEW_CAMERA]);
    assert_true(d.mean <= 1.0);
    assert_true(d.over16 <= 0.005);
    assert_true(2 * st[0].terrain.triangles[SWARD_VIEW_CAMERA] < st[1].terrain.triangles[SWARD_VIEW_CAMERA]);
    free(lod), free(full);
    gu_finish(r, ctx, scene);
}

static void no_cracks_from_above(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/meadow.json");
    const uint32_t w = 320, h = 180;
    sward_renderer *r = make(ctx, scene, w, h);
    const float eye[3] = {-60.0f, 75.0f, -40.0f}, target[3] = {0.0f, 0.0f, 30.0f};
    uint8_t *lod, *full, *sky, *unused;
    sward_frame_stats st[2] = {SWARD_FRAME_STATS_INIT, SWARD_FRAME_STATS_INIT};
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
                  (unsigned long long)st[0].terrain.triangles[SWARD_VIEW_CAMERA]);
    assert_int_equal(sky_full, 0); /* the view is all ground */
    assert_int_equal(sky_lod, 0);  /* no crack shows the sky */
    assert_true(d.over64 == 0);    /* nor anything else far off the whole mesh */
    assert_true(sky_pixels(sky, sky, w, h) > w * 8); /* the test sees the sky where it is */
    assert_true(d.mean <= 1.0 && d.over16 <= 0.005);
    free(lod), free(full), free(sky), free(unused);
    gu_finish(r, ctx, scene);
}

/* The ground's compute resolve against its fragment pass, in `rel` from the scene's camera: the ground alone and
 * with the grass. The two paths evaluate the same material (terrain_surface.inc.glsl) and normal, per pixel
 * against per vertex: close, not equal. Without SH10's detail (terrain.ground.detail 0): the fragment path has
 * each material's mean (per vertex the detail would alias), which the resolve's detail averages to
 * (unit_ground, test_fading_keeps_the_mean). */
static void resolve_against_fragment(const char *rel, double mean_max, double over16_max)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean(rel);
    scene->terrain.ground.detail = 0.0f; /* SH10's detail is per pixel, the resolve's alone (per vertex it would alias) */
    const uint32_t w = 320, h = 180;
    sward_renderer *r = make(ctx, scene, w, h);
    const sward_frame_debug fragment = {.ground_fragment = true};
    for (int grass = 0; grass < 2; grass++) {
        uint8_t *res, *frag;
        sward_frame_stats st[2] = {SWARD_FRAME_STATS_INIT, SWARD_FRAME_STATS_INIT};
        render_with(r, &(sward_frame_desc){.no_grass = !grass, .time = 0.5f}, &fragment, w, h, &res, &frag, st);
        const diff d = compare(res, frag, w, h);
        print_message("%s, %s: the ground resolved in compute against its fragment pass: mean %.3f/255, %.3f %% "
                      "over 16/255, %u over 64/255\n",
                      rel, grass ? "with the grass" : "the ground alone", d.mean, 100.0 * d.over16, d.over64);
        if (getenv("SWARD_TEST_KEEP")) {
            sward_error err = {0};
            sward_write_png(grass ? "terrain_resolve_grass.png" : "terrain_resolve.png",
                            &(sward_image){.width = w, .height = h, .pixels = res}, &err);
            sward_write_png(grass ? "terrain_fragment_grass.png" : "terrain_fragment.png",
                            &(sward_image){.width = w, .height = h, .pixels = frag}, &err);
        }
        /* the resolve ran, and only without the switch (the fragment pass instead) */
        assert_true(sward_stats_pass_ms(&st[0], "terrain_resolve") >= 0.0);
        assert_true(sward_stats_pass_ms(&st[0], "terrain") < 0.0);
        assert_true(sward_stats_pass_ms(&st[1], "terrain_resolve") < 0.0);
        assert_true(sward_stats_pass_ms(&st[1], "terrain") >= 0.0);
        assert_true(d.mean <= mean_max);
        assert_true(d.over16 <= over16_max);
        free(res), free(frag);
    }
    gu_finish(r, ctx, scene);
}

static void resolve_matches_the_fragment_pass(void **state)
{
    (void)state;
    resolve_against_fragment("scenes/hills.json", 0.35, 0.002);
}

/* A half float's value (RG16F motion). */
static float half_to_float(uint16_t h)
{
    const int e = (h >> 10) & 31, m = h & 1023;
    const float v = e == 0 ? ldexpf((float)m, -24) : ldexpf((float)(m | 1024), e - 25);
    return (h & 0x8000u) ? -v : v;
}

/* The ground's G-buffer itself, resolved against drawn: two renderers each draw the hills from 40 m up, then
 * from one moved 0.6 m sideways and 0.3 m forward (with TAA's jitter: the motion of a static surface is this
 * frame's unjittered point minus last frame's), one resolving the ground, one by its fragment pass. On the pixels
 * both call ground: the normals (the CDLOD level's spacing at the pixel's distance) within a quarter of a degree
 * on average (measured 0.05) and no more than 0.1 % of them over 2 degrees (measured none; 0.24 % with the mesh's
 * spacing at every distance), and the motion vectors (the camera's, unjittered) within 0.002 px on average and
 * 0.05 px everywhere (measured 0.0000 and 0.004, of 2.2 px). */
static void resolve_writes_the_fragment_gbuffer(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/hills.json");
    scene->render.features |= SW_FEAT_TAA; /* the jitter, and the history's camera */
    scene->terrain.ground.detail = 0.0f;   /* the geometric normal: SH10's detail normal is the resolve's alone */
    const uint32_t w = 320, h = 180;
    const size_t n = (size_t)w * h;
    const sward_frame_debug fragment = {.ground_fragment = true};
    uint32_t *g[2][4];
    for (int k = 0; k < 2; k++) {
        sward_renderer *r = make(ctx, scene, w, h);
        for (int f = 0; f < 2; f++) {
            const float eye[3] = {-10.0f + 0.6f * (float)f, 40.0f, 40.0f + 0.3f * (float)f};
            const float target[3] = {-90.0f + 0.6f * (float)f, 0.0f, 100.0f + 0.3f * (float)f};
            sward_frame_desc fd = {.no_grass = true, .time = 0.5f, .eye = eye, .target = target, .taa_warmup = -1,
                                   .debug = k ? &fragment : NULL};
            sward_image img = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
            sward_error err = {0};
            if (sward_render(r, &fd, &img, NULL, &err) != SWARD_OK) fail_msg("%s", err.message);
            free(img.pixels);
        }
        for (int i = 0; i < 4; i++) g[k][i] = malloc(n * sizeof(uint32_t));
        sward_error err = {0};
        if (render_read_gbuffer(r, g[k], &err) != SWARD_OK) fail_msg("%s", err.message);
        sward_renderer_destroy(r);
    }
    size_t ground = 0, off_normal = 0;
    double angle = 0.0, motion = 0.0, motion_max = 0.0, moved = 0.0;
    for (size_t p = 0; p < n; p++) {
        if ((g[0][1][p] >> 30) != SW_KIND_TERRAIN || (g[1][1][p] >> 30) != SW_KIND_TERRAIN) continue;
        ground++;
        sw_n3 nn[2];
        float mv[2][2];
        for (int k = 0; k < 2; k++) {
            const uint32_t t = g[k][1][p];
            nn[k] = sw_oct_decode((float)(t & 1023u) / 1023.0f, (float)((t >> 10) & 1023u) / 1023.0f);
            mv[k][0] = half_to_float((uint16_t)(g[k][3][p] & 0xffffu));
            mv[k][1] = half_to_float((uint16_t)(g[k][3][p] >> 16));
        }
        const float c = nn[0].x * nn[1].x + nn[0].y * nn[1].y + nn[0].z * nn[1].z;
        const double a = acos(fmin(1.0, (double)c)) * 57.29577951308232;
        angle += a;
        off_normal += a > 2.0 ? 1u : 0u;
        const double dm = hypot(mv[0][0] - mv[1][0], mv[0][1] - mv[1][1]);
        motion += dm;
        motion_max = fmax(motion_max, dm);
        moved += hypot(mv[1][0], mv[1][1]);
    }
    angle /= (double)(ground ? ground : 1), motion /= (double)(ground ? ground : 1), moved /= (double)(ground ? ground : 1);
    print_message("hills, the ground's G-buffer on %zu pixels: normals %.3f deg apart on average (%zu over 2 deg), "
                  "motion %.4f px apart on average (at most %.3f) of %.2f px\n",
                  ground, angle, off_normal, motion, motion_max, moved);
    assert_true(ground > n / 2); /* the view is mostly ground; both paths call the same pixels ground */
    assert_true(moved > 1.0);    /* the camera moved: the vectors are not zero */
    assert_true(angle <= 0.25);
    assert_true(off_normal <= ground / 1000);
    assert_true(motion <= 0.002 && motion_max <= 0.05);
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 4; i++) free(g[k][i]);
    gu_finish(NULL, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matches_the_whole_mesh),
        cmocka_unit_test(no_cracks_from_above),
        cmocka_unit_test(resolve_matches_the_fragment_pass),
        cmocka_unit_test(resolve_writes_the_fragment_gbuffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
