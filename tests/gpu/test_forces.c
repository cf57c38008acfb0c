/* Force fields push blades (SPEC GA5): with a field placed in view, grass pixels near its centre change much
 * more between two nearby times than pixels far from it, and a frame with the field differs from one without
 * only around it. The CPU evaluation of the same formula (shaders/shared/sw_wind.h) checks the blade tips
 * there move by a good fraction of the strength while blades outside the radius do not. */
#include "gpu_util.h"
#include "world/world.h"
#include "shared/sw_types.h"
#include "sward/sward_vulkan.h"
#include "shared/sw_wind.h"
#include "wind/wind.h"

#include <math.h>

#define W 160u
#define H 90u

static void render(sward_renderer *r, float time, sward_image *img)
{
    sward_error err = {0};
    if (sward_render(r, &(sward_frame_desc){.time = time}, img, NULL, &err) != SWARD_OK) fail_msg("%s", err.message);
}

static double changed(const sward_image *a, const sward_image *b, int x0, int x1, int y0, int y1, bool inside)
{
    size_t n = 0, c = 0;
    for (int y = 0; y < (int)H; y++)
        for (int x = 0; x < (int)W; x++) {
            bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
            if (in != inside || y < y0) continue; /* outside: the ground rows at and below the field's box */
            size_t i = 4 * ((size_t)y * W + (size_t)x);
            int d = abs(a->pixels[i] - b->pixels[i]) + abs(a->pixels[i + 1] - b->pixels[i + 1]) + abs(a->pixels[i + 2] - b->pixels[i + 2]);
            c += d > 24;
            n++;
        }
    return n ? (double)c / (double)n : 0.0;
}

static void fields_push_blades_near_them(void **state)
{
    (void)state;
    /* CPU: the formula on blade roots inside and outside a 1.5 m field */
    float t1 = 1.0f, t2 = 1.15f;
    sw_w2 a = sw_force_push(0.3f, -14.0f, 0.0f, -14.0f, 1.5f, 0.5f, t1, 1.0f, 0.37f);
    sw_w2 b = sw_force_push(0.3f, -14.0f, 0.0f, -14.0f, 1.5f, 0.5f, t2, 1.0f + 0.15f * 6.2831853f, 0.37f);
    float moved = hypotf(a.x - b.x, a.y - b.y);
    print_message("tip moves %.3f m between the two times\n", (double)moved);
    assert_true(moved > 0.05f);
    sw_w2 o = sw_force_push(2.0f, -14.0f, 0.0f, -14.0f, 1.5f, 0.5f, t1, 1.0f, 0.37f);
    assert_true(o.x == 0.0f && o.y == 0.0f);

    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    /* the blades alone: the shadows of the wind-blown blades elsewhere would change pixels outside the field */
    scene->render.features &= ~(SW_FEAT_SHADOWS | SW_FEAT_CONTACT_SHADOWS);
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = W;
    rs.height = H;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    scene->wind.speed = 0.5f; /* calm, so the field's motion stands out */
    world_force *f = &scene->forces[0];
    memset(f, 0, sizeof *f);
    f->radius = 1.5f;
    f->strength = 0.5f;
    f->frequency = 1.0f;
    f->key_count = 1;
    f->keys[0][1] = 0.0f;
    f->keys[0][2] = -14.0f; /* 10 m in front of the camera at z = -24 */
    scene->force_count = 1;
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);

    /* the field's screen box: project its circle with the scene's view */
    sward_vulkan_view v = sward_scene_view(scene, W, H, 0.0f);
    float y0g = world_terrain_height(&scene->terrain, 0.0f, -14.0f);
    float bx0 = 1e9f, bx1 = -1e9f, by0 = 1e9f, by1 = -1e9f;
    for (int k = 0; k < 32; k++)
        for (int up = 0; up < 2; up++) {
            float p[4] = {1.5f * cosf((float)k * 0.19635f), y0g + (up ? 0.6f : 0.0f), -14.0f + 1.5f * sinf((float)k * 0.19635f), 1.0f};
            float vs[4] = {0}, cs[4] = {0};
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++) vs[i] += v.view[j * 4 + i] * p[j];
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++) cs[i] += v.proj[j * 4 + i] * vs[j];
            float sx = (cs[0] / cs[3] * 0.5f + 0.5f) * (float)W, sy = (cs[1] / cs[3] * 0.5f + 0.5f) * (float)H;
            bx0 = fminf(bx0, sx), bx1 = fmaxf(bx1, sx), by0 = fminf(by0, sy), by1 = fmaxf(by1, sy);
        }
    int x0 = (int)bx0, x1 = (int)bx1 + 1, y0 = (int)by0, y1 = (int)by1 + 1;
    print_message("field box x %d..%d y %d..%d\n", x0, x1, y0, y1);
    assert_true(x0 > 0 && x1 < (int)W && y0 > 0 && y1 < (int)H);

    sward_image A = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_image B = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_image C = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    render(r, t1, &A);
    render(r, t2, &B);
    double in_t = changed(&A, &B, x0, x1, y0, y1, true), out_t = changed(&A, &B, x0 - 8, x1 + 8, y0 - 8, y1 + 8, false);
    scene->force_count = 0;
    render(r, t1, &C);
    double in_f = changed(&A, &C, x0, x1, y0, y1, true), out_f = changed(&A, &C, x0 - 8, x1 + 8, y0 - 8, y1 + 8, false);
    print_message("changed between times: inside %.3f outside %.3f; with vs without the field: inside %.3f outside %.3f\n",
                  in_t, out_t, in_f, out_f);
    if (getenv("SWARD_TEST_KEEP")) {
        sward_write_png("forces_a.png", &A, &err);
        sward_write_png("forces_c.png", &C, &err);
    }
    assert_true(in_t > 0.05);
    assert_true(in_t > 3.0 * out_t);
    assert_true(in_f > 0.03);
    assert_true(out_f < 0.002);
    free(A.pixels);
    free(B.pixels);
    free(C.pixels);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(fields_push_blades_near_them)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
