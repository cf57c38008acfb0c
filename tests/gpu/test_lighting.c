/* Deferred shading on lavapipe (SPEC SH1, SH5, SH6, SH7): each feature is switched off through the scene's
 * render.features and must change what it says it changes.
 *   - SH1 depth prime: the G-buffer fragment shaders count their invocations (sward_frame_debug.count_shading;
 *     with early fragment tests a fragment that fails the depth test never runs): with the prime they run once
 *     per covered pixel (ties at exactly equal depth aside: at most 0.5 % more), without it the blades'
 *     overdraw shows (more than 1.3 runs per covered pixel in the default meadow).
 *   - SH6 translucency: scenes/small.json looks toward a low sun, so the blades are lit from behind: their
 *     pixels are brighter with translucency on (by more than 10 %).
 *   - SH5/SH7 specular: the specular term's share of a blade pixel's brightness (image with specular minus
 *     image without, over the image with) falls with distance (gloss reduced with distance): the near band of
 *     the field 5 to 10 m away has more than twice the far band's (beyond 15 m, the rows just below the
 *     horizon).
 *   - GA2 fullness: in the default meadow the lower third of the image shows ground between blades in at most
 *     10 % of its pixels (the G-buffer's surface kinds, counted by the lighting pass), without more blades:
 *     the blades widen with the angle the eye looks down at them (shaders/grass_blade.inc.glsl).
 *   - LS2-LS4 shadows: tests/data/shadow/wall.json, flat ground with a 12 m wall (x -4..0) under a sun 15
 *     degrees up toward +x: the ground from x -45 to -9 lies deep in the wall's shadow (12 / tan 15 = 44.8 m),
 *     beyond x -53 it is lit. With shadows on, the shadowed ground's mean luminance is under 0.6 of the lit
 *     ground's; with shadows off the margin vanishes (over 0.9: the same flat ground, the lit part a little
 *     farther, under more haze). Cascades have
 *     no seam: within the shadow and within the lit ground, the luminance steps across each split distance (8 m
 *     near -> mid, 80 m mid -> far, bands 1.5 m either side, where the view has that ground) differ from the same steps without shadows by at
 *     most 3 % — a seam (a bias, filter or cross-fade mismatch) would step by a large part of the shadow's ~50 %
 *     contrast; 3 % is the same bound as the far field's edge.
 *   - SC7 far field: by each pixel's distance (the depth buffer), the mean luminance of the far field just
 *     beyond the draw distance D (D to 1.1 D) differs from the last blades' (0.9 D to D) by at most 3 %, their mean
 *     hues by at most 4 % of the hue circle (SH10: the same ground beneath both), and the field continues as the
 *     far field to the hills 150 m and more away. From 2, 10 and 30 m above meadow, fields and got_field the two
 *     bands differ by at most 4 % in luminance and hue beyond what the same pixels differ by where both are far
 *     field (far_field_meets_the_blades_from_above). */
#include "gpu_util.h"
#include "testing/readback.h"

#include "render_util.h"
#include <cglm/cglm.h>

#include "world/world.h"
#include "shared/sw_types.h"

#include <math.h>

/* The features of the checks that are not about shadows (the wall's, the far field's): one frame each (no TAA warm-up),
 * no bloom; their scenes' shadow maps at gu_scene_lean's size */
#define LEAN_FEATURES (SW_FEAT_ALL & ~(SW_FEAT_TAA | SW_FEAT_BLOOM))

#define W 320u
#define H 180u

static uint8_t *render(sward_context *ctx, sward_scene *scene, uint32_t features, const sward_frame_desc *fd,
                       sward_frame_stats *st)
{
    scene->render.features = features;
    return gu_render(ctx, scene, W, H, fd, st);
}

static double luma(const uint8_t *p) { return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]; }

/* The hue (degrees, HSV) of a mean colour. */
static double hue(const double rgb[3])
{
    double mx = fmax(rgb[0], fmax(rgb[1], rgb[2])), mn = fmin(rgb[0], fmin(rgb[1], rgb[2])), c = mx - mn;
    if (c <= 0.0) return 0.0;
    double h = mx == rgb[0] ? fmod((rgb[1] - rgb[2]) / c + 6.0, 6.0) : mx == rgb[1] ? (rgb[2] - rgb[0]) / c + 2.0
                                                                                     : (rgb[0] - rgb[1]) / c + 4.0;
    return 60.0 * h;
}

/* A frame of `scene` at w x h with its depth read back, and each pixel's world position: world[3 * i] (NaN
 * where nothing was drawn), the frame's constants and camera view. */
typedef struct depth_frame {
    uint8_t *pixels;
    float *depth;
    double *world;
    sw_frame f;
    sw_view v;
} depth_frame;

static depth_frame render_with_depth(sward_context *ctx, sward_scene *scene, uint32_t w, uint32_t h)
{
    sward_error err = {0};
    sward_renderer *r = gu_renderer(ctx, scene, w, h);
    sward_frame_desc fd = {.no_grass = getenv("FF_NOGRASS") != NULL};
    depth_frame df = {.pixels = malloc(sward_image_bound(w, h)), .depth = malloc(sizeof(float) * w * h),
                      .world = malloc(sizeof(double) * 3 * w * h)};
    sward_image img = {.width = w, .height = h, .pixels = df.pixels};
    if (sward_render(r, &fd, &img, NULL, &err) != SWARD_OK || render_read_depth(r, df.depth, &err) != SWARD_OK)
        fail_msg("render: %s", err.message);
    place_view pv;
    gu_constants(r, &fd, false, &df.f, &df.v, &pv);
    sward_renderer_destroy(r);
    mat4 inv;
    memcpy(inv, df.v.inv_view_proj, sizeof inv);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            float d = df.depth[i];
            vec4 ndc = {((float)x + 0.5f) / (float)w * 2.0f - 1.0f, ((float)y + 0.5f) / (float)h * 2.0f - 1.0f, d, 1.0f};
            vec4 wp;
            glm_mat4_mulv(inv, ndc, wp);
            for (int k = 0; k < 3; k++) df.world[3 * i + (size_t)k] = d > 0.0f ? wp[k] / wp[3] : NAN;
        }
    return df;
}

static void depth_frame_free(depth_frame *df)
{
    free(df->pixels);
    free(df->depth);
    free(df->world);
}

static double eye_distance(const depth_frame *df, size_t i)
{
    const double *p = df->world + 3 * i;
    double dx = p[0] - df->v.cam_x, dy = p[1] - df->v.cam_y, dz = p[2] - df->v.cam_z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

static void depth_prime_shades_each_pixel_once(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/meadow.json");
    sward_frame_debug dbg = {.count_shading = true};
    sward_frame_desc fd = {.debug = &dbg};
    sward_frame_stats primed = SWARD_FRAME_STATS_INIT, plain = SWARD_FRAME_STATS_INIT;
    free(render(ctx, scene, LEAN_FEATURES, &fd, &primed));
    free(render(ctx, scene, LEAN_FEATURES & ~SW_FEAT_DEPTH_PRIME, &fd, &plain));
    print_message("covered %llu: shaded %llu with the depth prime (%.4f per pixel), %llu without (%.3f)\n",
                  (unsigned long long)primed.gbuffer.covered_pixels, (unsigned long long)primed.gbuffer.shaded,
                  (double)primed.gbuffer.shaded / (double)primed.gbuffer.covered_pixels,
                  (unsigned long long)plain.gbuffer.shaded,
                  (double)plain.gbuffer.shaded / (double)plain.gbuffer.covered_pixels);
    assert_true(primed.gbuffer.covered_pixels > W * H / 2);
    assert_true(primed.gbuffer.shaded >= primed.gbuffer.covered_pixels);
    assert_true(primed.gbuffer.shaded * 1000 <= primed.gbuffer.covered_pixels * 1005);
    assert_true(plain.gbuffer.shaded * 10 > plain.gbuffer.covered_pixels * 13);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

/* Mean luma of the pixels where blades are (they differ from the frame without grass), rows [y0, y1). */
static double blade_luma(const uint8_t *img, const uint8_t *bare, uint32_t y0, uint32_t y1, size_t *count)
{
    double sum = 0.0;
    size_t n = 0;
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = 0; x < W; x++) {
            size_t i = 4 * ((size_t)y * W + x);
            if (memcmp(img + i, bare + i, 3) == 0) continue;
            sum += luma(img + i);
            n++;
        }
    if (count) *count = n;
    return n ? sum / (double)n : 0.0;
}

/* scenes/small.json (toward a low sun, TAA and bloom off) rendered with `feature` on and off, and without grass. */
typedef struct toggled {
    sward_context *ctx;
    sward_scene *scene;
    uint8_t *on, *off, *bare;
} toggled;

static toggled render_toggled(uint32_t feature)
{
    toggled t = {.ctx = gu_context(), .scene = gu_scene("scenes/small.json")};
    /* no shadow maps: what is measured is the feature's share of the sun's light on the blades, which the blades'
     * shadows on each other take away (no specular where the sun is hidden) */
    const uint32_t base = LEAN_FEATURES & ~SW_FEAT_SHADOWS;
    sward_frame_desc fd = {0}, bare_fd = {.no_grass = true};
    t.on = render(t.ctx, t.scene, base, &fd, NULL);
    t.off = render(t.ctx, t.scene, base & ~feature, &fd, NULL);
    t.bare = render(t.ctx, t.scene, base, &bare_fd, NULL);
    return t;
}

static void toggled_finish(toggled *t)
{
    free(t->on);
    free(t->off);
    free(t->bare);
    gu_no_validation_messages(t->ctx);
    sward_context_destroy(t->ctx);
    sward_scene_destroy(t->scene);
}

static void translucency_brightens_backlit_blades(void **state)
{
    (void)state;
    toggled t = render_toggled(SW_FEAT_TRANSLUCENCY);
    size_t n_on, n_off;
    double l_on = blade_luma(t.on, t.bare, H / 2, H, &n_on), l_off = blade_luma(t.off, t.bare, H / 2, H, &n_off);
    print_message("back-lit blade pixels: luma %.1f with translucency (%zu px), %.1f without (%zu px)\n", l_on, n_on,
                  l_off, n_off);
    assert_true(n_on > 500 && n_off > 500);
    assert_true(l_on > 1.10 * l_off);
    toggled_finish(&t);
}

/* The specular term's share of the blade pixels' luma in rows [y0, y1). */
static double specular_share(const uint8_t *on, const uint8_t *off, const uint8_t *bare, uint32_t y0, uint32_t y1)
{
    double spec = 0.0, all = 0.0;
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = 0; x < W; x++) {
            size_t i = 4 * ((size_t)y * W + x);
            if (memcmp(on + i, bare + i, 3) == 0) continue;
            spec += fmax(luma(on + i) - luma(off + i), 0.0);
            all += luma(on + i);
        }
    return all > 0.0 ? spec / all : 0.0;
}

static void specular_fades_with_distance(void **state)
{
    (void)state;
    toggled t = render_toggled(SW_FEAT_SPECULAR);
    /* small.json's flat field: its horizon lies at 43 % of the height; rows 56-72 % are 5 to 10 m away (looking
     * toward the low sun at a grazing angle, where the specular peaks), rows 44-52 % beyond 15 m (0.6 x the
     * draw distance of 25 m, where SH7 has taken the gloss down). The rows nearer than 5 m look down on the
     * blades, away from the reflection: not a measure of distance. */
    double near = specular_share(t.on, t.off, t.bare, H * 56 / 100, H * 72 / 100);
    double far = specular_share(t.on, t.off, t.bare, H * 44 / 100, H * 52 / 100);
    print_message("specular share of blade luma: near %.4f, far %.4f\n", near, far);
    assert_true(near > 0.01);
    assert_true(near > 2.0 * far);
    toggled_finish(&t);
}

static void default_field_is_full(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/meadow.json");
    sward_frame_desc fd = {0};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    free(render(ctx, scene, LEAN_FEATURES, &fd, &st));
    double ground = (double)st.gbuffer.lower_ground / (double)st.gbuffer.lower_pixels;
    print_message("lower third: %llu pixels, ground seen in %.1f %%\n", (unsigned long long)st.gbuffer.lower_pixels,
                  100.0 * ground);
    assert_int_equal(st.gbuffer.lower_pixels, (uint64_t)W * (H - (2 * H + 2) / 3));
    assert_true(ground <= 0.10);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

/* SC7, SH10: the mean hue of the last blades and of the far field just beyond them, at most this part of the hue
 * circle apart (the ground beneath both is the same material, its mean colour beyond the detail's reach) */
#define HUE_STEP 0.04

/* The last blades' band (0.9 D to the draw distance D) and the far field's just beyond it (D to 1.1 D), by each
 * pixel's distance from the eye in df: their pixels, mean luminance and summed colour (whose hue is the mean's)
 * in `pixels` (df's own, or another render's from the same camera); and the pixels at 150 m and beyond, the
 * farthest. */
typedef struct bands {
    size_t in_n, out_n, far_n;
    double in_l, out_l, in_rgb[3], out_rgb[3], max_dist;
} bands;

static bands measure_bands(const depth_frame *df, const depth_frame *pixels, uint32_t w, uint32_t h, double d_edge)
{
    const double band = 0.1 * d_edge;
    bands b = {0};
    for (size_t i = 0; i < (size_t)w * h; i++) {
        if (df->depth[i] <= 0.0f) continue;
        const uint8_t *p = pixels->pixels + 4 * i;
        double dist = eye_distance(df, i), l = luma(p);
        if (dist >= d_edge - band && dist < d_edge) {
            b.in_l += l, b.in_n++;
            for (int c = 0; c < 3; c++) b.in_rgb[c] += p[c];
        } else if (dist >= d_edge && dist < d_edge + band) {
            b.out_l += l, b.out_n++;
            for (int c = 0; c < 3; c++) b.out_rgb[c] += p[c];
        }
        if (dist >= 150.0) b.far_n++;
        if (dist > b.max_dist) b.max_dist = dist;
    }
    b.in_l /= (double)(b.in_n ? b.in_n : 1);
    b.out_l /= (double)(b.out_n ? b.out_n : 1);
    print_message("last blades (%.0f-%.0f m): %zu px, luma %.2f, hue %.1f deg; far field (%.0f-%.0f m): %zu px, luma "
                  "%.2f, hue %.1f deg; %zu px at 150 m and beyond (farthest %.0f m)\n",
                  d_edge - band, d_edge, b.in_n, b.in_l, hue(b.in_rgb), d_edge, d_edge + band, b.out_n, b.out_l,
                  hue(b.out_rgb), b.far_n, b.max_dist);
    return b;
}

static double luma_step(const bands *b) { return fabs(b->out_l - b->in_l) / b->in_l; }
static double hue_step(const bands *b) { return fabs(hue(b->out_rgb) - hue(b->in_rgb)) / 360.0; }

/* A frame looking at the ground D (the draw distance) from the eye at `height` (camera_frame, below). */
static depth_frame camera_frame(sward_context *ctx, const char *path, float height, float draw_scale, bool lean,
                                double *d_edge);

static void far_field_meets_the_blades(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    /* from head height, with the shadow maps at their default size: the far field's tone is the shadowed field's */
    double d;
    depth_frame df = camera_frame(ctx, "scenes/meadow.json", 1.7f, 1.0f, false, &d);
    bands b = measure_bands(&df, &df, W, H, d);
    print_message("step: luma %.2f %%, hue %.2f %% of the circle\n", 100.0 * luma_step(&b), 100.0 * hue_step(&b));
    assert_true(b.in_n > 200 && b.out_n > 200);
    assert_true(luma_step(&b) <= 0.03);
    assert_true(hue_step(&b) <= HUE_STEP);
    assert_true(b.far_n > 0 && b.max_dist >= 150.0);
    depth_frame_free(&df);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

/* SC7 from above (the band metric): from 2, 10 and 30 m above the ground of meadow, fields and
 * got_field, looking along each scene's own view at the ground D from the eye, the draw distance (a 20-degree view, so the
 * bands span rows even from 2 m; one fixed exposure), the last blades' band and the far field's differ in mean luminance (relative)
 * and in mean hue (of the circle) by at most BAND_STEP more than the same pixels do where both are far field (the
 * same camera with D halved): the scene's own change between the two places (a hill's slope, a patch of another
 * type, the ground the near blades leave in view) is not the edge's. The far field's cover by the view's elevation and its sunlit part
 * (far_look.c) hold from every height, where one tone tuned for the eye at head height would not. */
#define BAND_STEP 0.04

static depth_frame camera_frame(sward_context *ctx, const char *path, float height, float draw_scale, bool lean,
                                double *d_edge)
{
    sward_scene *scene = lean ? gu_scene_lean(path) : gu_scene(path);
    scene->render.features = LEAN_FEATURES;
    world_camera *c = &scene->camera;
    float dx = c->target[0] - c->position[0], dz = c->target[2] - c->position[2];
    float len = sqrtf(dx * dx + dz * dz), d = scene->render.draw_distance;
    float reach = sqrtf(fmaxf(d * d - height * height, 1.0f)); /* the ground D from the eye */
    /* of 32 directions from the scene's own, the one whose line of sight to the ground at 1.1 D clears the relief
     * between by the most (from 2 m a hill halfway hides the ground at 150 m) */
    {
        const world_terrain *t = &scene->terrain;
        float ex = c->position[0], ez = c->position[2], ey = world_terrain_height(t, ex, ez) + height;
        float a0 = atan2f(dz, dx), best = -1e30f;
        for (int k = 0; k < 32; k++) {
            float a = a0 + (float)k * 0.19634954f, ux = cosf(a), uz = sinf(a), far = 1.1f * reach;
            float ty = world_terrain_height(t, ex + ux * far, ez + uz * far), clear = 1e30f;
            for (int q = 1; q < 64; q++) {
                float f = (float)q / 64.0f, x = ex + ux * far * f, z = ez + uz * far * f;
                clear = fminf(clear, ey + (ty - ey) * f - world_terrain_height(t, x, z));
            }
            if (clear > best + 1e-3f) best = clear, dx = ux, dz = uz, len = 1.0f;
        }
    }
    c->above_ground = true;
    /* the bands (0.9 D to 1.1 D) subtend about 0.2 height / D radians: a tenth of the view or more, at most 20
     * degrees (from 2 m the blades to 150 m end in a sliver of the horizon: a telephoto look at it) */
    c->fov_y = fminf(20.0f, 2.0f * height / d * 57.29578f);
    /* one exposure for both renders of a camera: the auto exposure would follow the blades in view */
    scene->render.settings.auto_exposure.enabled = false;
    scene->render.settings.exposure = 1.0f;
    c->position[1] = height;
    c->target[0] = c->position[0] + dx / len * reach;
    c->target[2] = c->position[2] + dz / len * reach;
    /* the ground there, from the eye's ground (the target is absolute, the eye above the ground) */
    c->target[1] = world_terrain_height(&scene->terrain, c->target[0], c->target[2]);
    scene->render.draw_distance = d * draw_scale;
    for (int k = 0; k < scene->material_count; k++)
        scene->materials[k].draw_distance = fminf(scene->materials[k].draw_distance, d * draw_scale);
    depth_frame df = render_with_depth(ctx, scene, W, H);
    *d_edge = d;
    sward_scene_destroy(scene);
    return df;
}

static void far_field_meets_the_blades_from_above(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    const char *scenes[] = {"scenes/meadow.json", "scenes/fields.json", "bench/got_field.json"};
    const float heights[] = {2.0f, 10.0f, 30.0f};
    int measured = 0;
    for (int s = 0; s < 3; s++)
        for (int k = 0; k < 3; k++) {
            double d;
            depth_frame de = camera_frame(ctx, scenes[s], heights[k], 1.0f, true, &d);
            depth_frame df = camera_frame(ctx, scenes[s], heights[k], 0.5f, true, &d);
            print_message("%s from %.0f m, blades to D:\n  ", scenes[s], (double)heights[k]);
            bands e = measure_bands(&de, &de, W, H, d);
            print_message("  the same pixels, far field from D / 2:\n  ");
            bands f = measure_bands(&de, &df, W, H, d);
            depth_frame_free(&de);
            depth_frame_free(&df);
            double sl = fabs((e.out_l / e.in_l) - (f.out_l / f.in_l));
            double sh = fabs((hue(e.out_rgb) - hue(e.in_rgb)) - (hue(f.out_rgb) - hue(f.in_rgb))) / 360.0;
            print_message("  the edge's step: luma %.2f %%, hue %.2f %% of the circle\n", 100.0 * sl, 100.0 * sh);
            assert_true(e.in_n > 200 && e.out_n > 200);
            assert_true(sl <= BAND_STEP);
            assert_true(sh <= BAND_STEP);
            measured++;
        }
    assert_int_equal(measured, 9);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

typedef struct wall_stats {
    double shade, lit;              /* mean luma of the deep shadow and of the lit ground */
    double split_step[2][2];        /* [split 8 m, 80 m][in shadow, lit]: luma beyond / before - 1 */
    size_t shade_n, lit_n, split_n[2][2][2];
} wall_stats;

static wall_stats wall(sward_context *ctx, uint32_t features)
{
    const uint32_t w = 640, h = 360;
    sward_scene *scene = gu_scene("tests/data/shadow/wall.json");
    scene->render.features = features;
    depth_frame df = render_with_depth(ctx, scene, w, h);
    wall_stats ws = {0};
    double sums[2][2][2] = {{{0}}};
    const double splits[2] = {8.0, 80.0};
    for (size_t i = 0; i < (size_t)w * h; i++) {
        if (df.depth[i] <= 0.0f) continue;
        double px = df.world[3 * i], py = df.world[3 * i + 1];
        if (py > 0.05) continue; /* the wall itself */
        double dist = eye_distance(&df, i), l = luma(df.pixels + 4 * i);
        int kind = (px > -45.0 && px < -9.0) ? 0 : (px < -53.0 ? 1 : -1);
        if (kind < 0) continue;
        if (kind == 0) ws.shade += l, ws.shade_n++;
        else ws.lit += l, ws.lit_n++;
        for (int k = 0; k < 2; k++) {
            if (dist >= splits[k] - 1.5 && dist < splits[k]) sums[k][kind][0] += l, ws.split_n[k][kind][0]++;
            if (dist >= splits[k] && dist < splits[k] + 1.5) sums[k][kind][1] += l, ws.split_n[k][kind][1]++;
        }
    }
    ws.shade /= (double)ws.shade_n;
    ws.lit /= (double)ws.lit_n;
    for (int k = 0; k < 2; k++)
        for (int kind = 0; kind < 2; kind++) {
            double before = sums[k][kind][0] / (double)ws.split_n[k][kind][0];
            double beyond = sums[k][kind][1] / (double)ws.split_n[k][kind][1];
            ws.split_step[k][kind] = beyond / before - 1.0;
        }
    depth_frame_free(&df);
    sward_scene_destroy(scene);
    return ws;
}

static void wall_casts_a_shadow_without_seams(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    const uint32_t base = SW_FEAT_ALL & ~(SW_FEAT_TAA | SW_FEAT_BLOOM);
    wall_stats on = wall(ctx, base), off = wall(ctx, base & ~SW_FEAT_SHADOWS);
    print_message("shadow %.1f (%zu px) / lit %.1f (%zu px) = %.3f with shadows, %.3f without\n", on.shade, on.shade_n,
                  on.lit, on.lit_n, on.shade / on.lit, off.shade / off.lit);
    assert_true(on.shade_n > 2000 && on.lit_n > 2000);
    assert_true(on.shade / on.lit < 0.6);
    assert_true(off.shade / off.lit > 0.9);
    for (int k = 0; k < 2; k++) {
        int measured = 0;
        for (int kind = 0; kind < 2; kind++) {
            if (on.split_n[k][kind][0] < 20 || on.split_n[k][kind][1] < 20) continue; /* not in view there */
            measured++;
            print_message("split %s, %s: step %+.2f %% with shadows, %+.2f %% without (%zu / %zu px)\n",
                          k ? "80 m" : "8 m", kind ? "lit" : "in shadow", 100.0 * on.split_step[k][kind],
                          100.0 * off.split_step[k][kind], on.split_n[k][kind][0], on.split_n[k][kind][1]);
            assert_true(fabs(on.split_step[k][kind] - off.split_step[k][kind]) <= 0.03);
        }
        assert_true(measured > 0);
    }
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(depth_prime_shades_each_pixel_once),
        cmocka_unit_test(translucency_brightens_backlit_blades),
        cmocka_unit_test(specular_fades_with_distance),
        cmocka_unit_test(default_field_is_full),
        cmocka_unit_test(far_field_meets_the_blades),
        cmocka_unit_test(far_field_meets_the_blades_from_above),
        cmocka_unit_test(wall_casts_a_shadow_without_seams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
