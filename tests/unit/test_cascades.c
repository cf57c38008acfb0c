/* test_cascades.c — fitting the sun's shadow cascades to the camera (src/render/cascades.c; SPEC LS2): the
 * camera slice's corners lie in the cascade's box, moving the camera by a fraction of a texel moves every
 * world point's texel by whole texels or not at all (no swimming), the texel grid is the world's however far the
 * camera moves or turns, turning the camera keeps the box's size
 * (no shimmer), and the depth range holds the terrain's highest points and casters and every point of the slice's
 * sphere; what lies farther from the sun than the sphere is clipped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "render/render.h"

#include <cglm/cglm.h>
#include <math.h>
#include <string.h>

#define SIZE 2048u
#define Y_MIN -3.0f
#define Y_MAX 9.0f

/* The camera as camera.c builds it: look-at and reverse-Z infinite perspective (50 degrees, 16:9). */
static render_cascade_desc camera(const float eye[3], float yaw, float pitch, const float sun[3], float begin, float end)
{
    render_cascade_desc d;
    memset(&d, 0, sizeof d);
    vec3 e = {eye[0], eye[1], eye[2]}, dir = {cosf(pitch) * sinf(yaw), sinf(pitch), cosf(pitch) * cosf(yaw)}, t, up = {0, 1, 0};
    glm_vec3_add(e, dir, t);
    mat4 view;
    glm_lookat(e, t, up, view);
    memcpy(d.view, view, sizeof d.view);
    float f = 1.0f / tanf(glm_rad(50.0f) * 0.5f);
    d.proj[0] = f / (16.0f / 9.0f);
    d.proj[5] = -f;
    d.proj[11] = -1.0f;
    d.proj[14] = 0.1f;
    memcpy(d.eye, eye, sizeof d.eye);
    float n = sqrtf(sun[0] * sun[0] + sun[1] * sun[1] + sun[2] * sun[2]);
    for (int i = 0; i < 3; i++) d.sun[i] = sun[i] / n;
    d.begin = begin;
    d.end = end;
    d.size = SIZE;
    d.y_min = Y_MIN;
    d.y_max = Y_MAX;
    return d;
}

/* clip = view_proj p, in double */
static void project(const sw_view *v, const double p[3], double out[3])
{
    const float *m = v->view_proj;
    for (int r = 0; r < 3; r++) out[r] = m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r];
}

static const float SUNS[][3] = {{0.25f, 0.259f, 0.933f}, {-0.6f, 0.7f, 0.2f}, {0.0f, 1.0f, 0.0f}, {0.9f, 0.08f, -0.4f}};
static const float SLICES[][2] = {{0.0f, RENDER_SHADOW_NEAR_END}, {7.04f, RENDER_SHADOW_MID_END}};

static void test_slice_corners_inside(void **state)
{
    (void)state;
    const float eye[3] = {12.5f, 1.7f, -40.25f};
    for (size_t s = 0; s < sizeof SUNS / sizeof SUNS[0]; s++)
        for (int k = 0; k < 2; k++)
            for (int a = 0; a < 8; a++) {
                float yaw = (float)a * 0.83f, pitch = -0.6f + 0.17f * (float)a;
                render_cascade_desc d = camera(eye, yaw, pitch, SUNS[s], SLICES[k][0], SLICES[k][1]);
                sw_view v;
                memset(&v, 0, sizeof v);
                render_cascade_fit(&d, &v);
                mat4 view, inv;
                memcpy(view, d.view, sizeof view);
                glm_mat4_inv(view, inv);
                float tx = 1.0f / d.proj[0], ty = 1.0f / -d.proj[5];
                for (int c = 0; c < 8; c++) {
                    float depth = (c & 4) ? d.end : d.begin;
                    vec4 pv = {((c & 1) ? 1.0f : -1.0f) * tx * depth, ((c & 2) ? 1.0f : -1.0f) * ty * depth, -depth, 1.0f},
                         pw;
                    glm_mat4_mulv(inv, pv, pw);
                    double p[3] = {pw[0], pw[1], pw[2]}, clip[3];
                    project(&v, p, clip);
                    assert_true(fabs(clip[0]) <= 1.0 && fabs(clip[1]) <= 1.0);
                    assert_true(clip[2] >= 0.0 && clip[2] <= 1.0);
                    /* and inside the frustum planes the culling tests blades against */
                    for (int pl = 0; pl < 6; pl++) {
                        const float *q = v.frustum + 4 * pl;
                        assert_true(q[0] * p[0] + q[1] * p[1] + q[2] * p[2] + q[3] >= -1e-3);
                    }
                }
                assert_int_equal(v.width, SIZE);
                assert_int_equal(v.height, SIZE);
            }
}

static void test_snapped_to_texels(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof SUNS / sizeof SUNS[0]; s++)
        for (int k = 0; k < 2; k++) {
            const float eye0[3] = {3.0f, 2.0f, 5.0f};
            render_cascade_desc d0 = camera(eye0, 0.4f, -0.3f, SUNS[s], SLICES[k][0], SLICES[k][1]);
            sw_view v0;
            render_cascade_fit(&d0, &v0);
            double texel = v0.shadow_texel;
            int moved = 0;
            for (int step = 1; step <= 40; step++) {
                /* fractions and multiples of a texel along all three axes */
                float f = 0.137f * (float)step;
                const float eye1[3] = {eye0[0] + f * (float)texel, eye0[1] + 0.5f * f * (float)texel,
                                       eye0[2] - 0.7f * f * (float)texel};
                render_cascade_desc d1 = camera(eye1, 0.4f, -0.3f, SUNS[s], SLICES[k][0], SLICES[k][1]);
                sw_view v1;
                render_cascade_fit(&d1, &v1);
                assert_float_equal(v1.shadow_texel, v0.shadow_texel, 1e-9);
                for (int q = 0; q < 27; q++) {
                    double p[3] = {eye0[0] + (q % 3 - 1) * 2.3, eye0[1] + ((q / 3) % 3 - 1) * 0.9,
                                   eye0[2] + (q / 9 - 1) * 3.1};
                    double c0[3], c1[3];
                    project(&v0, p, c0);
                    project(&v1, p, c1);
                    for (int axis = 0; axis < 2; axis++) {
                        double du = (c1[axis] - c0[axis]) * 0.5 * SIZE; /* in texels */
                        assert_true(fabs(du - floor(du + 0.5)) < 0.01);
                        if (fabs(du) > 0.5) moved = 1;
                    }
                }
            }
            assert_true(moved); /* the box did follow the camera */
        }
}

/* The texel grid is the world's, whatever the camera: the world origin projects onto a texel corner in every fit,
 * and a world point moves by whole texels however far the camera goes. A snap step that differs from the texel
 * by a little (the sphere's 2 r / size against the box's 2 h / size: 1/2048 of a texel) keeps short moves whole
 * and drifts over long ones: swimming over a flight that the sub-texel moves above never make. */
static void test_grid_anchored_to_world(void **state)
{
    (void)state;
    double worst_origin = 0.0, worst_move = 0.0;
    for (size_t s = 0; s < sizeof SUNS / sizeof SUNS[0]; s++)
        for (int k = 0; k < 2; k++) {
            const float eye0[3] = {-31.0f, 2.0f, 17.5f};
            render_cascade_desc d0 = camera(eye0, 0.4f, -0.3f, SUNS[s], SLICES[k][0], SLICES[k][1]);
            sw_view v0;
            render_cascade_fit(&d0, &v0);
            const double texel = v0.shadow_texel;
            for (int step = 1; step <= 24; step++) {
                /* from a fraction of a texel to thousands of them, along all three axes */
                const double f = 0.37 + 13.1 * step * step;
                const float eye1[3] = {eye0[0] + (float)(f * texel), eye0[1] + (float)(0.3 * f * texel),
                                       eye0[2] - (float)(0.8 * f * texel)};
                render_cascade_desc d1 = camera(eye1, 0.4f + 0.05f * (float)step, -0.3f, SUNS[s], SLICES[k][0],
                                                SLICES[k][1]);
                sw_view v1;
                render_cascade_fit(&d1, &v1);
                /* the world origin's texel coordinates: (clip + 1) size / 2 */
                for (int axis = 0; axis < 2; axis++) {
                    const double u = ((double)v1.view_proj[12 + axis] + 1.0) * 0.5 * SIZE;
                    worst_origin = fmax(worst_origin, fabs(u - floor(u + 0.5)));
                }
                /* points around the new eye, seen from both */
                for (int q = 0; q < 8; q++) {
                    double p[3] = {eye1[0] + (q & 1 ? 1.9 : -2.6), eye1[1] + (q & 2 ? 0.7 : -1.1),
                                   eye1[2] + (q & 4 ? 2.2 : -1.4)};
                    double c0[3], c1[3];
                    project(&v0, p, c0);
                    project(&v1, p, c1);
                    for (int axis = 0; axis < 2; axis++) {
                        const double du = (c1[axis] - c0[axis]) * 0.5 * SIZE;
                        worst_move = fmax(worst_move, fabs(du - floor(du + 0.5)));
                    }
                }
            }
        }
    print_message("texel grid: the world origin at most %.2g texel off a corner; world points moved by whole texels "
                  "to %.2g, over camera moves of up to %.0f texels\n",
                  worst_origin, worst_move, 0.37 + 13.1 * 24 * 24);
    assert_true(worst_origin < 0.01);
    assert_true(worst_move < 0.01);
}

static void test_rotation_keeps_size(void **state)
{
    (void)state;
    const float eye[3] = {-7.0f, 1.5f, 22.0f};
    for (int k = 0; k < 2; k++) {
        render_cascade_desc d0 = camera(eye, 0.0f, 0.0f, SUNS[0], SLICES[k][0], SLICES[k][1]);
        sw_view v0;
        render_cascade_fit(&d0, &v0);
        float sx0 = sqrtf(v0.view_proj[0] * v0.view_proj[0] + v0.view_proj[4] * v0.view_proj[4] +
                          v0.view_proj[8] * v0.view_proj[8]);
        for (int a = 1; a < 36; a++) {
            render_cascade_desc d = camera(eye, 0.1745f * (float)a, -0.8f + 0.045f * (float)a, SUNS[0], SLICES[k][0],
                                           SLICES[k][1]);
            sw_view v;
            render_cascade_fit(&d, &v);
            float sx = sqrtf(v.view_proj[0] * v.view_proj[0] + v.view_proj[4] * v.view_proj[4] +
                             v.view_proj[8] * v.view_proj[8]);
            assert_float_equal(v.shadow_texel, v0.shadow_texel, 0.0);
            assert_float_equal(sx, sx0, 1e-6 * sx0);
        }
    }
    /* the sphere holds both rings of corners, and is no larger than the far ring's when the slice is deep */
    float c, r;
    render_slice_sphere(0.8f, 0.45f, 7.0f, 80.0f, &c, &r);
    float k = sqrtf(0.8f * 0.8f + 0.45f * 0.45f);
    assert_true(r + 1e-4f >= sqrtf((c - 7.0f) * (c - 7.0f) + 49.0f * k * k));
    assert_true(r + 1e-4f >= sqrtf((80.0f - c) * (80.0f - c) + 6400.0f * k * k));
    assert_true(r <= 80.0f * k * 1.0001f);
}

static void test_depth_holds_terrain(void **state)
{
    (void)state;
    const float eye[3] = {0.5f, 3.0f, 0.5f};
    for (size_t s = 0; s < sizeof SUNS / sizeof SUNS[0]; s++)
        for (int k = 0; k < 2; k++) {
            render_cascade_desc d = camera(eye, 1.1f, -0.2f, SUNS[s], SLICES[k][0], SLICES[k][1]);
            sw_view v;
            render_cascade_fit(&d, &v);
            /* the slice's sphere: its centre's depth toward the sun and its radius */
            float along, radius;
            render_slice_sphere(1.0f / fabsf(d.proj[0]), 1.0f / fabsf(d.proj[5]), d.begin, d.end, &along, &radius);
            double fwd[3] = {-d.view[2], -d.view[6], -d.view[10]}, fl = sqrt(fwd[0] * fwd[0] + fwd[1] * fwd[1] + fwd[2] * fwd[2]);
            double zc = 0.0;
            for (int i = 0; i < 3; i++) zc += (eye[i] + fwd[i] / fl * along) * d.sun[i];
            /* world points at the lowest and highest heights over a wide square: every one the box's square covers
             * is inside its depth range, or clipped behind it, farther from the sun than the whole slice
             * (so it cannot shadow anything the cascade serves); none is clipped toward the sun */
            double span = 3.0 * SLICES[k][1] + (Y_MAX - Y_MIN) / 0.08;
            int covered = 0, behind = 0;
            for (int j = 0; j <= 200; j++)
                for (int i = 0; i <= 200; i++)
                    for (int y = 0; y < 2; y++) {
                        double p[3] = {eye[0] + span * (i / 100.0 - 1.0), y ? Y_MAX : Y_MIN, eye[2] + span * (j / 100.0 - 1.0)};
                        double c[3];
                        project(&v, p, c);
                        if (fabs(c[0]) > 1.0 || fabs(c[1]) > 1.0) continue;
                        covered++;
                        assert_true(c[2] <= 1.0);
                        if (c[2] < 0.0) {
                            behind++;
                            assert_true(p[0] * d.sun[0] + p[1] * d.sun[1] + p[2] * d.sun[2] < zc - radius + 1e-3);
                        }
                    }
            if (SUNS[s][1] < 0.5f && k == 1) assert_true(behind > 0); /* a low sun: the column reaches far behind */
            assert_true(covered > 50);
            /* reverse-Z: higher toward the sun is nearer (larger depth) */
            double lo[3] = {eye[0], Y_MIN, eye[2]}, hi[3] = {eye[0], Y_MAX, eye[2]}, cl[3], ch[3];
            project(&v, lo, cl);
            project(&v, hi, ch);
            assert_true(ch[2] > cl[2]);
            assert_float_equal(v.shadow_depth_range,
                               (float)(1.0 / sqrt(v.view_proj[2] * v.view_proj[2] + v.view_proj[6] * v.view_proj[6] +
                                                  v.view_proj[10] * v.view_proj[10])),
                               1e-3 * v.shadow_depth_range);
        }
}

/* The frame's shadow views from its camera (render_shadow_views): which it fitted and which of them cull blades,
 * the eye, the chained ranges, and the far map's origin, which moves only in whole snap steps, keeps the camera
 * inside what it serves and stays on the terrain; none without shadows. */
static void test_shadow_views(void **state)
{
    (void)state;
    static sward_scene scene;
    static sward_renderer r;
    memset(&scene, 0, sizeof scene);
    memset(&r, 0, sizeof r);
    const float sun[3] = {0.25f, 0.259f, 0.933f};
    float n = sqrtf(sun[0] * sun[0] + sun[1] * sun[1] + sun[2] * sun[2]);
    for (int i = 0; i < 3; i++) scene.sun.direction[i] = sun[i] / n;
    scene.terrain.size = 4096.0f;
    r.scene = &scene;
    r.frame.terrain_x0 = r.frame.terrain_z0 = -2048.0f;
    r.plan.shadows = true;
    r.shadows = (render_shadows){.y_min = Y_MIN, .y_max = Y_MAX, .caster = 1.0f, .far_texel = 1.5f,
                                 .far_size = 1024u, .far_side = 1536.0f};
    const float step = RENDER_SHADOW_FAR_SNAP * 1.5f;
    float last_x0 = 0.0f;
    bool last_clamped = true;
    int moves = 0;
    for (int k = 0; k < 400; k++) {
        const float eye[3] = {-1500.0f + 7.3f * (float)k, 2.0f, 100.0f - 3.1f * (float)k};
        render_cascade_desc d = camera(eye, 0.3f * (float)k, -0.2f, sun, 0.0f, 1.0f);
        memcpy(r.views[0].vk.view, d.view, sizeof d.view);
        memcpy(r.views[0].vk.proj, d.proj, sizeof d.proj);
        memcpy(r.views[0].vk.eye, eye, sizeof eye);
        const render_shadow_fit fit = render_shadow_views(&r);
        const sw_view *v1 = &r.views[SW_VIEW_NEAR].constants, *v2 = &r.views[SW_VIEW_MID].constants,
                      *v3 = &r.views[SW_VIEW_FAR].constants;
        /* every shadow view fitted; the near cascade alone culls blades (camera.c sets the flags from this) */
        assert_int_equal(fit.views, (1u << SW_VIEW_NEAR) | (1u << SW_VIEW_MID) | (1u << SW_VIEW_FAR));
        assert_int_equal(fit.blades, 1u << SW_VIEW_NEAR);
        assert_int_equal(v1->flags | v2->flags | v3->flags, 0u); /* not cascades.c's to set */
        for (uint32_t v = 1; v < SW_MAX_VIEWS; v++) {
            assert_float_equal(r.views[v].constants.cam_x, eye[0], 0.0f);
            assert_float_equal(r.views[v].constants.cam_z, eye[2], 0.0f);
        }
        /* each cascade starts where the one before starts fading out */
        assert_float_equal(v1->shadow_end, RENDER_SHADOW_NEAR_END, 0.0f);
        assert_float_equal(v2->shadow_begin, v1->shadow_fade, 0.0f);
        assert_float_equal(v2->shadow_end, RENDER_SHADOW_MID_END, 0.0f);
        assert_float_equal(v3->shadow_begin, v2->shadow_fade, 0.0f);
        assert_true(v1->shadow_fade < v1->shadow_end && v2->shadow_fade < v2->shadow_end);
        assert_true(v3->shadow_end > 500.0f);
        /* the far map: on the terrain, in whole snap steps from its origin, around the camera */
        float x0 = v3->shadow_x0, z0 = v3->shadow_z0;
        assert_true(x0 >= -2048.0f && x0 + 1536.0f <= 2048.0f && z0 >= -2048.0f && z0 + 1536.0f <= 2048.0f);
        bool clamped = x0 == -2048.0f || x0 + 1536.0f == 2048.0f;
        if (!clamped) {
            assert_float_equal(x0 / step, floorf(x0 / step + 0.5f), 1e-4f);
            assert_true(x0 <= eye[0] - v3->shadow_end && x0 + 1536.0f >= eye[0] + v3->shadow_end);
        }
        if (k && x0 != last_x0) {
            moves++;
            if (!clamped && !last_clamped) assert_true(fabsf(x0 - last_x0) >= step - 1e-3f); /* a whole step */
        }
        last_x0 = x0;
        last_clamped = clamped;
        assert_int_equal(v3->width, 1024u);
    }
    assert_true(moves > 5 && moves < 60); /* 2.9 km of travel in x: about 30 steps of 96 m */
    r.plan.shadows = false;
    const render_shadow_fit none = render_shadow_views(&r);
    assert_int_equal(none.views | none.blades, 0u);
    static const sw_view zero;
    for (uint32_t v = 1; v < SW_MAX_VIEWS; v++) assert_memory_equal(&r.views[v].constants, &zero, sizeof zero);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slice_corners_inside),
        cmocka_unit_test(test_snapped_to_texels),
        cmocka_unit_test(test_grid_anchored_to_world),
        cmocka_unit_test(test_rotation_keeps_size),
        cmocka_unit_test(test_depth_holds_terrain),
        cmocka_unit_test(test_shadow_views),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
