/* No popping (SPEC SC5, SC6): over a slow camera dolly of 120 frames, the mean absolute frame-to-frame change
 * of the image across the LOD and fade boundaries (the rows showing ground from 0.7 x the LOD distance to the
 * horizon: there the camera's own motion moves little, so pops would stand out), with density thinning, LOD switches (15 -> 7 vertices, morphed) and the dithered fades at
 * work, stays within 1.5x that of the same dolly with all of them off (sward_frame_desc.no_lod_fade: every
 * blade high, no thinning, no fade). The scene (scenes/small.json: LOD at 6 m, draw distance 25 m) has both
 * boundaries on screen; the wind time is fixed so only the camera moves. */
#include "gpu_util.h"
#include "world/world.h"

#include <math.h>

#define W 160u
#define H 90u
#define FRAMES 120
#define STEP 0.005f /* m per frame along the view: 0.6 m over the dolly, so far pixels move sub-pixel */

/* The image row of the ground point 0.7 x LOD distance ahead of the eye: a look-at view and the scene's
 * vertical field of view, by hand. */
static uint32_t ground_row(const sward_scene *scene, const float eye[3], const float target[3], float dist)
{
    float f[3] = {target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]};
    float fl = sqrtf(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    for (int k = 0; k < 3; k++) f[k] /= fl;
    float hl = sqrtf(f[0] * f[0] + f[2] * f[2]);
    float p[3] = {eye[0] + f[0] / hl * dist, 0.0f, eye[2] + f[2] / hl * dist};
    p[1] = world_terrain_height(&scene->terrain, p[0], p[2]);
    float q[3] = {p[0] - eye[0], p[1] - eye[1], p[2] - eye[2]};
    float forward = q[0] * f[0] + q[1] * f[1] + q[2] * f[2];
    /* up = world up made orthogonal to f */
    float up[3] = {-f[1] * f[0], 1.0f - f[1] * f[1], -f[1] * f[2]};
    float ul = sqrtf(up[0] * up[0] + up[1] * up[1] + up[2] * up[2]);
    float vert = (q[0] * up[0] + q[1] * up[1] + q[2] * up[2]) / ul;
    float ndc = vert / forward / tanf(scene->camera.fov_y * 0.5f * 3.14159265f / 180.0f);
    float row = (1.0f - ndc) * 0.5f * (float)H;
    if (row < 1.0f) row = 1.0f;
    if (row > (float)H) row = (float)H;
    return (uint32_t)row;
}

static void dolly(sward_renderer *r, const sward_scene *scene, bool no_lod_fade, sward_frame_stats *last, double sum[2])
{
    sward_error err = {0};
    size_t bytes = sward_image_bound(W, H);
    sward_image a = {.width = W, .height = H, .pixels = malloc(bytes)};
    sward_image b = {.width = W, .height = H, .pixels = malloc(bytes)};
    float eye0[3];
    world_camera_eye(scene, eye0);
    const float *tg = scene->camera.target;
    float dir[3] = {tg[0] - eye0[0], 0.0f, tg[2] - eye0[2]};
    float len = sqrtf(dir[0] * dir[0] + dir[2] * dir[2]);
    sum[0] = sum[1] = 0.0;
    for (int k = 0; k < FRAMES; k++) {
        float s = STEP * (float)k / len;
        float eye[3] = {eye0[0] + dir[0] * s, eye0[1], eye0[2] + dir[2] * s};
        float target[3] = {tg[0] + dir[0] * s, tg[1], tg[2] + dir[2] * s};
        sward_frame_desc fd = {.time = 0.5f, .no_lod_fade = no_lod_fade, .eye = eye, .target = target};
        sward_image *cur = (k & 1) ? &b : &a, *prev = (k & 1) ? &a : &b;
        if (sward_render(r, &fd, cur, last, &err) != SWARD_OK) fail_msg("render: %s", err.message);
        if (k == 0) continue;
        /* two bands of rows (projected with this frame's view): the LOD switch (0.6 .. 1.4 x LOD distance)
         * and the thinning and edge fade (0.4 x draw distance to the horizon) */
        float lod = scene->render.lod_distance, draw = scene->render.draw_distance;
        uint32_t rows[2][2] = {{ground_row(scene, eye, target, 1.4f * lod), ground_row(scene, eye, target, 0.6f * lod)},
                               {ground_row(scene, eye, target, 4.0f * draw), ground_row(scene, eye, target, 0.4f * draw)}};
        for (int band = 0; band < 2; band++) {
            uint64_t d = 0;
            uint32_t r0 = rows[band][0], r1 = rows[band][1] > r0 ? rows[band][1] : r0 + 1;
            for (size_t i = (size_t)W * r0; i < (size_t)W * r1; i++)
                for (size_t c = 0; c < 3; c++) d += (uint64_t)abs((int)cur->pixels[4 * i + c] - (int)prev->pixels[4 * i + c]);
            sum[band] += (double)d / ((double)W * (r1 - r0) * 3.0);
        }
    }
    if (getenv("SWARD_TEST_KEEP")) sward_write_png(no_lod_fade ? "dolly_plain.png" : "dolly_lod.png", &a, &err);
    free(a.pixels);
    free(b.pixels);
    sum[0] /= FRAMES - 1;
    sum[1] /= FRAMES - 1;
}

static void dolly_does_not_pop(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = W;
    rs.height = H;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_frame_stats with_stats, plain_stats;
    double with[2], plain[2];
    dolly(r, scene, false, &with_stats, with);
    dolly(r, scene, true, &plain_stats, plain);
    print_message("mean |frame-to-frame change|, LOD band: LOD + fade %.3f, plain %.3f (ratio %.2f); fade band: %.3f, "
                  "%.3f (ratio %.2f); last frame: high %llu low %llu thinned+distance %llu vs plain high %llu low %llu\n",
                  with[0], plain[0], with[0] / plain[0], with[1], plain[1], with[1] / plain[1], (unsigned long long)with_stats.blades_high,
                  (unsigned long long)with_stats.blades_low, (unsigned long long)with_stats.removed_distance,
                  (unsigned long long)plain_stats.blades_high, (unsigned long long)plain_stats.blades_low);
    /* the boundaries are really in play: low blades and thinning in one, none in the other */
    assert_true(with_stats.blades_low > 0);
    assert_true(with_stats.removed_distance > plain_stats.removed_distance);
    assert_true(plain_stats.blades_low == 0);
    for (int band = 0; band < 2; band++) {
        assert_true(plain[band] > 0.0);
        assert_true(with[band] <= 1.5 * plain[band]);
    }
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(dolly_does_not_pop)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
