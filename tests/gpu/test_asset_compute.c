/* The mesh assets in compute (BX1, BX6), each against the hardware path it replaces:
 *   - their visibility buffer (SPEC BX6): in sward's own frame with the depth prime the assets' prime writes each
 *     pixel's drawn instance and triangle and asset_resolve rebuilds their G-buffer in compute;
 *     sward_frame_debug.asset_fragment draws it by the fragment pass instead (a host's path). The two evaluate the
 *     same surface function (asset_surface.inc.glsl), the fragment pass from the rasteriser's interpolants and
 *     screen derivatives, the resolve from the triangle's vertices at the pixel's ray and analytic derivatives:
 *     the same pixels are the assets', with the same surfaces (close, not equal), and the images agree;
 *   - the flowers' near-cascade casters (LS3): shadow_assets rasterises them in compute, alpha-tested,
 *     into the compute casters' buffer; sward_frame_debug.asset_casters_drawn draws them by the hardware
 *     (shadow_near, which draws the other assets in both): the same texels cast, at the same depths, and the
 *     images agree. */
#include "gpu_util.h"

#include "render/render.h"
#include "testing/readback.h"

#include <math.h>
#include <string.h>

static sward_renderer *renderer(sward_context *ctx, sward_scene *scene, uint32_t w, uint32_t h)
{
    return gu_renderer(ctx, scene, w, h);
}

/* A unit normal of the G-buffer's normal texel (octahedral, 10 bits a channel). */
static sw_n3 normal_of(uint32_t t)
{
    return sw_oct_decode((float)(t & 1023u) / 1023.0f, (float)((t >> 10) & 1023u) / 1023.0f);
}

typedef struct frame_of {
    uint8_t *pixels;
    uint32_t *g[4];
    bool resolved, drawn; /* asset_resolve ran; asset_gbuffer ran */
} frame_of;

static frame_of render_one(sward_renderer *r, const sward_frame_desc *base, bool fragment, uint32_t w, uint32_t h)
{
    static const sward_frame_debug frag = {.asset_fragment = true};
    frame_of f = {0};
    sward_frame_desc fd = *base;
    fd.debug = fragment ? &frag : NULL;
    sward_image img = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
    sward_error err = {0};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    if (sward_render(r, &fd, &img, &st, &err) != SWARD_OK) fail_msg("%s", err.message);
    f.resolved = sward_stats_pass_ms(&st, "asset_resolve") >= 0.0;
    f.drawn = sward_stats_pass_ms(&st, "asset_gbuffer") >= 0.0;
    f.pixels = img.pixels;
    for (int i = 0; i < 4; i++) f.g[i] = malloc((size_t)w * h * sizeof(uint32_t));
    if (render_read_gbuffer(r, f.g, &err) != SWARD_OK) fail_msg("%s", err.message);
    return f;
}

static void frame_free(frame_of *f)
{
    free(f->pixels);
    for (int i = 0; i < 4; i++) free(f->g[i]);
}

/* The ground's height under (x, z) plus `lift` (the scene's camera is "above_ground"; a frame's eye is not). */
static float above_ground(const sward_scene *scene, float x, float z, float lift)
{
    const float origin[3] = {x, 1000.0f, z}, down[3] = {0.0f, -1.0f, 0.0f};
    float t = 0.0f;
    bool hit = false;
    if (sward_query_ray(scene, origin, down, 2000.0f, &t, &hit) != SWARD_OK || !hit) fail_msg("no ground at %g %g", x, z);
    return 1000.0f - t + lift;
}

/* A frame at 0.7 s from the scene's camera, or from eye -> target, given as (x, lift above the ground, z)
 * (into eye and target, which the frame points to). */
static sward_frame_desc frame_at(const sward_scene *scene, const float *eye_lift, const float *target_lift, float eye[3],
                                 float target[3])
{
    if (!eye_lift) return (sward_frame_desc){.time = 0.7f};
    eye[0] = eye_lift[0], eye[2] = eye_lift[2], eye[1] = above_ground(scene, eye[0], eye[2], eye_lift[1]);
    target[0] = target_lift[0], target[2] = target_lift[2];
    target[1] = above_ground(scene, target[0], target[2], target_lift[1]);
    return (sward_frame_desc){.time = 0.7f, .eye = eye, .target = target};
}

/* `rel` from its camera, or from eye -> target (x, lift above the ground, z): the resolve against the fragment
 * pass. */
static void resolve_against_fragment(const char *rel, const float *eye_lift, const float *target_lift,
                                     double min_share)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene(rel);
    float eye[3], target[3];
    const sward_frame_desc fd = frame_at(scene, eye_lift, target_lift, eye, target);
    const uint32_t w = 320, h = 180;
    const size_t n = (size_t)w * h;
    /* a renderer each: the assets' screen door moves with the frame's index (asset_alpha.inc.glsl), so both
     * draw their first frame */
    sward_renderer *r = renderer(ctx, scene, w, h);
    frame_of res = render_one(r, &fd, false, w, h);
    sward_renderer_destroy(r);
    r = renderer(ctx, scene, w, h);
    frame_of frag = render_one(r, &fd, true, w, h);
    /* the resolve ran, and only without the switch (the fragment pass instead) */
    assert_true(res.resolved && !res.drawn);
    assert_true(!frag.resolved && frag.drawn);
    size_t mesh = 0, kind_off = 0, normal_off = 0;
    double angle = 0.0, albedo = 0.0, material = 0.0, mean = 0.0;
    size_t over16 = 0;
    for (size_t p = 0; p < n; p++) {
        int m = 0;
        for (int c = 0; c < 3; c++) {
            const int e = abs((int)res.pixels[4 * p + (size_t)c] - (int)frag.pixels[4 * p + (size_t)c]);
            mean += e;
            m = e > m ? e : m;
        }
        over16 += m > 16;
        const uint32_t kr = res.g[1][p] >> 30, kf = frag.g[1][p] >> 30;
        if ((kr == SW_KIND_MESH) != (kf == SW_KIND_MESH)) kind_off++;
        if (kr != SW_KIND_MESH || kf != SW_KIND_MESH) continue;
        mesh++;
        const sw_n3 a = normal_of(res.g[1][p]), b = normal_of(frag.g[1][p]);
        const double d = acos(fmin(1.0, (double)(a.x * b.x + a.y * b.y + a.z * b.z))) * 57.29577951308232;
        angle += d;
        normal_off += d > 10.0;
        for (int c = 0; c < 4; c++) {
            albedo += abs((int)((res.g[0][p] >> (8 * c)) & 255u) - (int)((frag.g[0][p] >> (8 * c)) & 255u));
            material += abs((int)((res.g[2][p] >> (8 * c)) & 255u) - (int)((frag.g[2][p] >> (8 * c)) & 255u));
        }
    }
    mean /= 3.0 * (double)n;
    const double m = (double)(mesh ? mesh : 1);
    print_message("%s: %zu asset pixels (%.1f %%), %zu called an asset's by one path only; normals %.3f deg apart on "
                  "average (%zu over 10 deg), albedo+AO %.3f/255, material %.3f/255 a channel; image mean %.3f/255, "
                  "%.3f %% over 16/255\n",
                  rel, mesh, 100.0 * (double)mesh / (double)n, kind_off, angle / m, normal_off, albedo / (4.0 * m),
                  material / (4.0 * m), mean, 100.0 * (double)over16 / (double)n);
    if (getenv("SWARD_TEST_KEEP")) {
        sward_error err = {0};
        char name[64];
        snprintf(name, sizeof name, "asset_resolve_%zu.png", strlen(rel));
        sward_write_png(name, &(sward_image){.width = w, .height = h, .pixels = res.pixels}, &err);
        snprintf(name, sizeof name, "asset_fragment_%zu.png", strlen(rel));
        sward_write_png(name, &(sward_image){.width = w, .height = h, .pixels = frag.pixels}, &err);
    }
    assert_true((double)mesh >= min_share * (double)n); /* the view shows the assets */
    assert_true(kind_off <= n / 2000);                   /* the prime decides which pixels are theirs, for both */
    /* measured: normals 0.12 / 0.20 degrees apart (wood / flowers), albedo 0.11 / 0.15, material 0.01 / 0.07, the
     * images 0.05 / 0.01; with the texture level from a derivative four pixels long 0.43, 0.59, 0.55, 0.22 */
    assert_true(angle / m <= 0.3);
    assert_true(normal_off <= mesh / 200);
    assert_true(albedo / (4.0 * m) <= 0.3 && material / (4.0 * m) <= 0.2);
    assert_true(mean <= 0.15 && (double)over16 <= 0.002 * (double)n);
    frame_free(&res), frame_free(&frag);
    gu_finish(r, ctx, scene);
}

/* Inside the wood: trunks, bark, leaf cards near (texture sets, their cotangent frames) and far (billboards). */
static void resolve_matches_the_fragment_pass_in_the_wood(void **state)
{
    (void)state;
    const float eye[3] = {30.0f, 1.7f, 40.0f}, target[3] = {60.0f, 4.0f, 60.0f};
    resolve_against_fragment("scenes/forest_edge.json", eye, target, 0.3);
}

/* Flowers and plants among grass blades (hardware and compute blades in front of the assets). */
static void resolve_matches_the_fragment_pass_in_the_flowers(void **state)
{
    (void)state;
    resolve_against_fragment("scenes/flowers.json", NULL, NULL, 0.02);
}

/* The near cascade's depth (the layer and the compute casters, as the lookup sees them) of the second frame of a
 * renderer of its own (the assets' screen door moves with the frame's index: both paths' second frames), with the
 * flowers' casters in compute or drawn; the third frame's image, and whether shadow_assets and shadow_near ran. */
static float *near_depth(sward_context *ctx, sward_scene *scene, const sward_frame_desc *base, bool drawn,
                         float metres[3], bool ran[2], uint8_t **pixels)
{
    static const sward_frame_debug hw = {.asset_casters_drawn = true};
    const uint32_t w = 320, h = 180;
    sward_renderer *r = renderer(ctx, scene, w, h);
    sward_frame_desc fd = *base;
    fd.debug = drawn ? &hw : NULL;
    const size_t n = (size_t)RENDER_SHADOW_SIZE * RENDER_SHADOW_SIZE;
    float *layers = malloc(2 * n * sizeof(float));
    sw_view views[SW_MAX_VIEWS];
    sward_error err = {0};
    /* the second frame: the screen door's offset moves from the first one's (frame_index 1) */
    for (int k = 0; k < 2; k++)
        if (render_read_shadows(r, &fd, layers, NULL, NULL, views, &err) != SWARD_OK) fail_msg("%s", err.message);
    /* m of the world a unit of the orthographic view's depth spans (the inverse's depth column) */
    const float *m = views[SW_VIEW_NEAR].inv_view_proj;
    metres[0] = m[8], metres[1] = m[9], metres[2] = m[10];
    /* and its third: the image, and which passes ran (the renderer holds their names until its next frame) */
    sward_image img = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    if (sward_render(r, &fd, &img, &st, &err) != SWARD_OK) fail_msg("%s", err.message);
    ran[0] = sward_stats_pass_ms(&st, "shadow_assets") >= 0.0;
    ran[1] = sward_stats_pass_ms(&st, "shadow_near") >= 0.0;
    *pixels = img.pixels;
    sward_renderer_destroy(r);
    return layers;
}

/* `near_left`: shadow_near still has casters to draw (trees, rocks) with the cards' in compute. `draw`: > 0, the
 * assets' draw distance (m) brought that near, so that the near cascade's casters fade through the screen door
 * (SC5: nearer than half the draw distance an instance is whole, and the door would go untested). */
static void casters_against_drawn(const char *rel, const float *eye_lift, const float *target_lift, size_t min_texels,
                                  bool near_left, float draw)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene(rel);
    for (int a = 0; draw > 0.0f && a < scene->asset_count; a++)
        scene->assets[a].draw_distance = fminf(scene->assets[a].draw_distance, draw);
    float eye[3], target[3];
    const sward_frame_desc fd = frame_at(scene, eye_lift, target_lift, eye, target);
    float metres[3];
    bool ran_c[2], ran_h[2];
    uint8_t *img_c, *img_h;
    float *c = near_depth(ctx, scene, &fd, false, metres, ran_c, &img_c);
    float *hw = near_depth(ctx, scene, &fd, true, metres, ran_h, &img_h);
    const double unit = sqrt((double)metres[0] * metres[0] + (double)metres[1] * metres[1] + (double)metres[2] * metres[2]);
    const size_t n = (size_t)RENDER_SHADOW_SIZE * RENDER_SHADOW_SIZE;
    size_t cast_c = 0, cast_h = 0, one = 0, off = 0;
    double dm = 0.0;
    for (size_t i = 0; i < n; i++) {
        cast_c += c[i] > 0.0f, cast_h += hw[i] > 0.0f;
        if ((c[i] > 0.0f) != (hw[i] > 0.0f)) {
            one++;
            continue;
        }
        if (c[i] <= 0.0f) continue;
        const double d = fabs((double)c[i] - (double)hw[i]) * unit;
        dm += d;
        off += d > 0.01;
    }
    const size_t both = cast_c - (one - (cast_h > cast_c ? cast_h - cast_c : 0)) / 2;
    double mean = 0.0;
    size_t over16 = 0;
    const size_t px = 320u * 180u;
    for (size_t p = 0; p < px; p++) {
        int mx = 0;
        for (size_t k = 0; k < 3; k++) {
            const int e = abs((int)img_c[4 * p + k] - (int)img_h[4 * p + k]);
            mean += e;
            mx = e > mx ? e : mx;
        }
        over16 += mx > 16;
    }
    mean /= 3.0 * (double)px;
    print_message("%s: near casters in compute on %zu texels, drawn on %zu; %zu cast by one path only, %zu over 1 cm "
                  "apart (%.4f mm on average); the images %.3f/255 apart on average, %.3f %% over 16/255\n",
                  rel, cast_c, cast_h, one, off, 1000.0 * dm / (double)(both ? both : 1), mean,
                  100.0 * (double)over16 / (double)px);
    (void)both;
    assert_true(ran_c[0] && ran_c[1] == near_left); /* compute: shadow_near has the trees and rocks left, if any */
    assert_true(!ran_h[0] && ran_h[1]);
    assert_true(cast_c >= min_texels);
    assert_true(one <= cast_h / 200); /* the same fill rule, alpha test and screen door */
    assert_true(off <= cast_h / 200);
    assert_true(mean <= 0.3 && (double)over16 <= 0.002 * (double)px);
    free(c), free(hw), free(img_c), free(img_h);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

static void casters_match_the_drawn_ones_in_the_flowers(void **state)
{
    (void)state;
    casters_against_drawn("scenes/flowers.json", NULL, NULL, 100000, false, 12.0f);
}

static void casters_match_the_drawn_ones_in_the_wood(void **state)
{
    (void)state;
    const float eye[3] = {30.0f, 1.7f, 40.0f}, target[3] = {60.0f, 4.0f, 60.0f};
    casters_against_drawn("scenes/forest_edge.json", eye, target, 100000, true, 0.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(resolve_matches_the_fragment_pass_in_the_wood),
        cmocka_unit_test(resolve_matches_the_fragment_pass_in_the_flowers),
        cmocka_unit_test(casters_match_the_drawn_ones_in_the_flowers),
        cmocka_unit_test(casters_match_the_drawn_ones_in_the_wood),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
