/* test_motion.c — SH2's motion vectors for what the wind moves: the blades (both rasterisers) and the mesh assets
 * write their own motion since the previous frame, so that TAA (SH8) reprojects a swaying field or tree instead of
 * clipping a smear of it.
 *
 * The check is the vectors' meaning, not their numbers: the camera stands still, the wind blows, and one renderer
 * draws a frame at t0 and one at t1. Each surface pixel of the second frame, followed back along its motion vector
 * into the first frame's G-buffer (both read back; the two frames' TAA jitters taken into account, the nearest
 * pixel), must find the same surface: the same kind, about the same normal and albedo. Followed back without its
 * motion (where the pixel is: a standing camera's motion), the moved blades and leaves land on other blades and on
 * the ground between them. The screen doors are off (no_fade: their per-frame pattern would change which surface a
 * pixel shows, moved or not). A third frame with the comparison switch no_motion (the camera's motion alone, as
 * before motion vectors) must write none but the camera's. */
#include "gpu_util.h"
#include "render/render.h"
#include "testing/readback.h"
#include "shared/sw_gbuffer.h"

#include <math.h>

#define W 320u
#define H 180u

/* A half float's value (RG16F motion). */
static float half_to_float(uint16_t h)
{
    const int e = (h >> 10) & 31, m = h & 1023;
    const float v = e == 0 ? ldexpf((float)m, -24) : ldexpf((float)(m | 1024), e - 25);
    return (h & 0x8000u) ? -v : v;
}

static sw_n3 normal_of(uint32_t t)
{
    return sw_oct_decode((float)(t & 1023u) / 1023.0f, (float)((t >> 10) & 1023u) / 1023.0f);
}

typedef struct frames {
    uint32_t *g[3][4]; /* the G-buffer of each frame (sw_gbuffer.h: albedo, normal, material, motion) */
} frames;

/* Frames at t0, t0 + dt and t0 + 2 dt of `scene` by one renderer, the camera standing (the scene's, or at eye
 * looking at target), the last one with the comparison switch no_motion. */
static frames render_three(sward_context *ctx, sward_scene *scene, const float *eye, const float *target, float t0,
                           float dt)
{
    frames f;
    sward_renderer *r = gu_renderer(ctx, scene, W, H);
    for (int k = 0; k < 3; k++) {
        const sward_frame_debug dbg = {.no_motion = k == 2, .no_fade = true};
        /* no warm-up: the first frame is the history's first (TAA index 0), the second its next (index 1) */
        sward_frame_desc fd = {.time = t0 + (float)k * dt, .eye = eye, .target = target, .taa_warmup = -1,
                               .debug = &dbg};
        sward_image img = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
        sward_error err = {0};
        if (sward_render(r, &fd, &img, NULL, &err) != SWARD_OK) fail_msg("%s", err.message);
        free(img.pixels);
        for (int i = 0; i < 4; i++) f.g[k][i] = malloc((size_t)W * H * sizeof(uint32_t));
        if (render_read_gbuffer(r, f.g[k], &err) != SWARD_OK) fail_msg("%s", err.message);
    }
    sward_renderer_destroy(r);
    return f;
}

static void free_frames(frames *f)
{
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 4; i++) free(f->g[k][i]);
}

static float motion_x(const frames *f, int k, size_t p) { return half_to_float((uint16_t)(f->g[k][3][p] & 0xffffu)); }
static float motion_y(const frames *f, int k, size_t p) { return half_to_float((uint16_t)(f->g[k][3][p] >> 16)); }

/* sRGB albedo difference, 0..3 */
static double albedo_diff(uint32_t a, uint32_t b)
{
    double d = 0.0;
    for (int c = 0; c < 3; c++) d += fabs((double)((a >> (8 * c)) & 255u) - (double)((b >> (8 * c)) & 255u)) / 255.0;
    return d;
}

typedef struct followed {
    size_t pixels;        /* of the kind in the second frame */
    size_t moved;         /* of them, with a motion of their own in the band [lo, hi] px */
    double err_motion;    /* on the moved pixels: the mean difference to the surface the vector leads back to */
    double err_still;     /* ... and to the one at the same place in the first frame */
    double max_motion;    /* px, the largest vector of the kind */
} followed;

/* The second frame's pixels of `kind` whose motion is in [lo, hi] px followed back into the first frame: a point
 * seen at pixel centre c in frame 1 is at c - j1 unjittered (render_taa_jitter), was at c - j1 - motion, and frame
 * 0 saw that at + j0, in the nearest pixel. The difference of two surfaces: the angle between their normals (deg)
 * plus 30 x the sum of their albedos' differences (0..3); a landing on another kind is 90. The band leaves out
 * what moves less than the jitter's rounding tells apart and the few fastest tips, whose normals turn with them. */
static followed follow(const frames *f, uint32_t kind, double lo, double hi)
{
    float j[2][2];
    render_taa_jitter(0, &j[0][0], &j[0][1]);
    render_taa_jitter(1, &j[1][0], &j[1][1]);
    followed o = {0};
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const size_t p = (size_t)y * W + x;
            if ((f->g[1][1][p] >> 30) != kind) continue;
            o.pixels++;
            const float mx = motion_x(f, 1, p), my = motion_y(f, 1, p);
            o.max_motion = fmax(o.max_motion, hypot(mx, my));
            const double mm = hypot(mx, my);
            if (mm < lo || mm > hi) continue;
            o.moved++;
            const sw_n3 n1 = normal_of(f->g[1][1][p]);
            for (int with = 0; with < 2; with++) {
                const float cx = (float)x + 0.5f - j[1][0] - (with ? mx : 0.0f) + j[0][0];
                const float cy = (float)y + 0.5f - j[1][1] - (with ? my : 0.0f) + j[0][1];
                const long qx = lrintf(floorf(cx)), qy = lrintf(floorf(cy));
                double a = 90.0;
                if (qx >= 0 && qy >= 0 && qx < (long)W && qy < (long)H) {
                    const size_t q = (size_t)qy * W + (size_t)qx;
                    if ((f->g[0][1][q] >> 30) == kind) {
                        const sw_n3 n0 = normal_of(f->g[0][1][q]);
                        const double c = n0.x * n1.x + n0.y * n1.y + n0.z * n1.z;
                        a = acos(fmax(-1.0, fmin(1.0, c))) * 57.29577951308232 +
                            30.0 * albedo_diff(f->g[0][0][q], f->g[1][0][p]);
                    }
                }
                *(with ? &o.err_motion : &o.err_still) += a;
            }
        }
    if (o.moved) o.err_motion /= (double)o.moved, o.err_still /= (double)o.moved;
    return o;
}

/* One scene's check over frames dt apart: the kind's pixels that moved by [lo, hi] px (at least min_moved) land on
 * their own surface along the vector, at most `ratio` of the difference of landing where they are; with no_motion
 * none of the kind moves. */
static void check(const char *rel, uint32_t kind, const char *what, const float *eye, const float *target, float dt,
                  double lo, double hi, double ratio, size_t min_moved)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean(rel);
    scene->render.features |= SW_FEAT_TAA; /* the history's camera and time: the previous frame */
    frames f = render_three(ctx, scene, eye, target, 2.0f, dt);
    followed o = follow(&f, kind, lo, hi);
    print_message("%s, %s: %zu pixels, %zu moved %.0f-%.0f px by their wind (at most %.2f px): %.1f from their surface "
                  "along the vectors, %.1f where they are\n",
                  rel, what, o.pixels, o.moved, lo, hi, o.max_motion, o.err_motion, o.err_still);
    assert_true(o.moved >= min_moved);
    assert_true(o.err_motion <= ratio * o.err_still);
    /* the comparison switch: the camera's motion alone, none here but the rounding of where the pixel's point is
     * (a compute-rasterised blade's point is its key's t and side: measured at most 0.36 px; the tree 0.06) */
    size_t pixels = 0;
    double most = 0.0;
    for (size_t p = 0; p < (size_t)W * H; p++) {
        if ((f.g[2][1][p] >> 30) != kind) continue;
        pixels++;
        most = fmax(most, hypot(motion_x(&f, 2, p), motion_y(&f, 2, p)));
    }
    print_message("  no_motion: %zu pixels, at most %.3f px\n", pixels, most);
    assert_true(pixels > 0);
    assert_true(most < 0.5);
    free_frames(&f);
    gu_finish(NULL, ctx, scene);
}

/* The flowers' meadow from its camera, 1.2 m above the ground, 0.2 s apart in a 5 m/s wind (measured: 2,338 pixels
 * moved 1-4 px, 21.9 along the vectors, 45.1 where they are: 0.49). */
static void blades_move_along_their_vectors(void **state)
{
    (void)state;
    check("scenes/flowers.json", SW_KIND_GRASS, "blades", NULL, NULL, 0.2f, 1.0, 4.0, 0.65, 1000);
}

/* The oak of scenes/tree.json from 7 m, 0.7 s apart in its 7 m/s wind: its trunk bends, its branches sway and
 * its leaves flutter (measured: 1,407 pixels moved 2-6 px, 6.4 along the vectors, 12.7 where they are: 0.50). */
static void trees_move_along_their_vectors(void **state)
{
    (void)state;
    sward_scene *probe = gu_scene("scenes/tree.json");
    const float eye[3] = {-5.0f, world_terrain_height(&probe->terrain, -5.0f, -9.0f) + 2.0f, -9.0f};
    const float target[3] = {-7.8f, 4.5f, -2.2f};
    sward_scene_destroy(probe);
    check("scenes/tree.json", SW_KIND_MESH, "the tree", eye, target, 0.7f, 2.0, 6.0, 0.65, 700);
}

/* Rec. 709 luma of an RGBA8 pixel, 0..255 */
static double luma8(const uint8_t *p)
{
    return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
}

/* TAA under the wind (SH8 with SH2): the flowers' meadow, its blades and flowers swaying, the camera standing,
 * `count` frames TAA_DT apart (10 a second: a low frame rate, where the history lags most); the last one's luma
 * difference to the still of its time (its converged warm-up) on the pixels that moved (mask: a motion of half a
 * pixel or more in the last frame), with the motion vectors or with no_motion (the history fetched where the
 * surface is not: the clip cuts it back toward this frame's one aliased sample, or keeps a trail of it). One
 * renderer draws the still and both runs (a renderer is most of a lavapipe test's time): each run starts after a
 * camera cut, a new TAA history. */
#define TAA_DT 0.1f

static void render_frame(sward_renderer *r, const sward_frame_desc *fd, uint8_t *px)
{
    sward_image img = {.width = W, .height = H, .pixels = px};
    sward_error err = {0};
    if (sward_render(r, fd, &img, NULL, &err) != SWARD_OK) fail_msg("%s", err.message);
}

static double taa_in_wind(sward_renderer *r, const sward_scene *scene, bool no_motion, int count,
                          const uint8_t *still, bool *mask, size_t *masked)
{
    const sward_frame_debug dbg = {.no_motion = no_motion};
    uint8_t *px = malloc(sward_image_bound(W, H));
    /* a frame 10 m away and back: two cuts, and the history starts again with the run's first frame */
    float eye[3], away[3];
    world_camera_eye(scene, eye);
    memcpy(away, eye, sizeof away);
    away[0] += 10.0f;
    const sward_frame_desc cut = {.time = 2.0f, .eye = away, .taa_warmup = -1};
    render_frame(r, &cut, px);
    for (int k = 0; k < count; k++) {
        const sward_frame_desc fd = {.time = 2.0f + TAA_DT * (float)k, .eye = eye, .taa_warmup = -1, .debug = &dbg};
        render_frame(r, &fd, px);
    }
    if (!no_motion) {
        uint32_t *g[4];
        for (int i = 0; i < 4; i++) g[i] = malloc((size_t)W * H * sizeof(uint32_t));
        sward_error err = {0};
        if (render_read_gbuffer(r, g, &err) != SWARD_OK) fail_msg("%s", err.message);
        *masked = 0;
        for (size_t p = 0; p < (size_t)W * H; p++) {
            const float mx = half_to_float((uint16_t)(g[3][p] & 0xffffu)), my = half_to_float((uint16_t)(g[3][p] >> 16));
            mask[p] = hypot(mx, my) >= 0.5 && hypot(mx, my) < 1000.0; /* not the sky's SW_MOTION_NONE */
            *masked += mask[p];
        }
        for (int i = 0; i < 4; i++) free(g[i]);
    }
    double d = 0.0;
    for (size_t p = 0; p < (size_t)W * H; p++)
        if (mask[p]) d += fabs(luma8(px + 4 * p) - luma8(still + 4 * p));
    free(px);
    return d / (double)(*masked ? *masked : 1);
}

/* A swaying field leaves less of a trail with its motion vectors than without. */
static void taa_follows_the_wind(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/flowers.json");
    scene->render.features |= SW_FEAT_TAA;
    const int count = 8;
    sward_renderer *r = gu_renderer(ctx, scene, W, H);
    uint8_t *still = malloc(sward_image_bound(W, H));
    const sward_frame_desc fd = {.time = 2.0f + TAA_DT * (float)(count - 1)};
    render_frame(r, &fd, still);
    bool *mask = calloc((size_t)W * H, 1);
    size_t masked = 0;
    const double with = taa_in_wind(r, scene, false, count, still, mask, &masked);
    const double without = taa_in_wind(r, scene, true, count, still, mask, &masked);
    print_message("TAA in the wind, %d frames, %zu pixels moved: %.2f/255 from the still with the motion vectors, "
                  "%.2f without\n", count, masked, with, without);
    /* measured: 2,133 pixels, 14.3 with and 17.9 without (0.80) */
    assert_true(masked >= 1000);
    assert_true(with <= 0.9 * without);
    free(mask);
    free(still);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blades_move_along_their_vectors),
        cmocka_unit_test(trees_move_along_their_vectors),
        cmocka_unit_test(taa_follows_the_wind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
