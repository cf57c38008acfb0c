/* GA3, the wind field on the GPU (shaders/wind_field.comp.glsl, shaders/wind_field.inc.glsl) against its CPU
 * reference (src/wind/field.c): for several times and camera positions the field the frame computed equals
 * the CPU's within 1e-5 (the steps use + and * only, SW_PRECISE: they are expected bit-exact, and the count
 * of exact floats is printed); the grid sits on the camera's cell; the GLSL sampler equals the C sampler
 * within 1e-5 along lines through the grid's edges, and is continuous there (no seam into the equilibrium);
 * the pass is timed under its name; the next frame samples the previous frame's field (SH2), in the grid and
 * beyond it, as the CPU computes it at the previous frame's time. */
#include "gpu_util.h"
#include "testing/readback.h"

#include "probe_util.h"
#include "wind/wind.h"

#include "wind_probe_comp.h"

#include <math.h>

#define OUT 6 /* floats per probe's result */

/* Runs the probe shader (4 floats per probe: x, z, category, stiffness) after the renderer's last frame;
 * results: sample x, z, push x, z and the previous frame's sample x, z per probe. */
static void run_probes(sward_renderer *r, const float *probes, uint32_t n, float *results)
{
    gpu_buffer in, out;
    probe_buffer(r, &in, (size_t)n * 4 * sizeof(float), true, probes, "test.wind_probes");
    probe_buffer(r, &out, (size_t)n * OUT * sizeof(float), false, NULL, "test.wind_probe_results");
    const probe_bind binds[3] = {{0, &in, VK_NULL_HANDLE, 0},
                                 {1, &out, VK_NULL_HANDLE, 0},
                                 {SW_BIND_WIND_FIELD, render_buffer(r, RES_WIND_FIELD, 0), VK_NULL_HANDLE, 0}};
    const probe_read reads[1] = {{RES_WIND_FIELD, GPU_ACCESS_COMPUTE_READ}};
    probe_run(r, sw_test_wind_probe_comp, sizeof sw_test_wind_probe_comp, "test.wind_probe", binds, 3, reads, 1, n);
    memcpy(results, out.mapped, (size_t)n * OUT * sizeof(float));
    gpu_buffer_destroy(&r->ctx->dev, &in);
    gpu_buffer_destroy(&r->ctx->dev, &out);
}

/* One frame (placement and culling only) at `time` from `eye` (NULL: the scene's camera); the GPU's field. */
static void frame(sward_renderer *r, float time, const float *eye, float *gpu)
{
    sward_error err = {0};
    static const float target[3] = {0.0f, 0.5f, 8.0f};
    sward_frame_desc fd = {.time = time, .eye = eye, .target = eye ? target : NULL, .no_grass = true};
    sw_blade none;
    size_t n = 0;
    if (sward_read_blades(r, &fd, &none, 1, &n, &err) != SWARD_OK) fail_msg("frame: %s", err.message);
    if (render_read_wind_field(r, gpu, &err) != SWARD_OK) fail_msg("read field: %s", err.message);
}

/* SH2 motion vectors: after a frame at t0, the next frame at t1 samples the field the previous frame drew with,
 * the field at t0, everywhere: in the grid (its second half, computed at t0) and beyond it, where far grass takes
 * the equilibrium of the drive at t0 (the blades' previous push, cull.comp.glsl). Against the CPU's field at t0 on
 * this frame's grid; the fields at t0 and t1 differ out there by far more than the bound, so the drive taken at
 * t1 (far grass moving by nothing where the wind changed) cannot pass. */
static void previous_field(sward_renderer *r, const sward_scene *scene, sward_image *img, float t0, float t1)
{
    sward_error err = {0};
    if (sward_render(r, &(sward_frame_desc){.time = t1, .taa_warmup = -1}, img, NULL, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    assert_true(r->plan.motion);
    assert_float_equal(r->frame.prev_time, t0, 0.0f);
    const float *e = r->views[0].vk.eye;
    float *cells = malloc(2 * WIND_FIELD_FLOATS * sizeof(float));
    wind_field was, now;
    wind_field_compute(&scene->wind, t0, e[0], e[2], cells, &was);
    wind_field_compute(&scene->wind, t1, e[0], e[2], cells + WIND_FIELD_FLOATS, &now);
    assert_int_equal(r->frame.wind_field_i0, was.i0);
    assert_int_equal(r->frame.wind_field_j0, was.j0);
    /* every category at rings from the grid's middle (10 m) to far beyond its edges (64 m from the middle) */
    enum { RINGS = 8, ANGLES = 64, N = 4 * RINGS * ANGLES };
    static const float radius[RINGS] = {10.0f, 45.0f, 61.0f, 66.0f, 80.0f, 120.0f, 180.0f, 250.0f};
    const float cx = sw_field_centre(was.i0 + SW_WIND_FIELD_RES / 2),
                cz = sw_field_centre(was.j0 + SW_WIND_FIELD_RES / 2);
    float *probes = malloc(N * 4 * sizeof(float)), *res = malloc(N * OUT * sizeof(float));
    for (uint32_t k = 0; k < N; k++) {
        const uint32_t cat = k / (RINGS * ANGLES), ring = (k / ANGLES) % RINGS, a = k % ANGLES;
        const float ang = 6.2831853f * ((float)a + 0.37f * (float)ring) / (float)ANGLES;
        probes[4 * k] = cx + radius[ring] * cosf(ang), probes[4 * k + 1] = cz + radius[ring] * sinf(ang);
        probes[4 * k + 2] = (float)cat, probes[4 * k + 3] = 0.3f;
    }
    run_probes(r, probes, N, res);
    double diff = 0.0, far_diff = 0.0, far_change = 0.0;
    for (uint32_t k = 0; k < N; k++) {
        const uint32_t cat = (uint32_t)probes[4 * k + 2];
        const float x = probes[4 * k], z = probes[4 * k + 1];
        const sw_v2 w = wind_field_sample(&was, cat, x, z), n = wind_field_sample(&now, cat, x, z);
        const double d = fmax(fabs((double)res[OUT * k + 4] - w.x), fabs((double)res[OUT * k + 5] - w.y));
        diff = fmax(diff, d);
        if (fmaxf(fabsf(x - cx), fabsf(z - cz)) > 0.5f * SW_WIND_FIELD_RES * SW_WIND_FIELD_CELL) { /* beyond the grid */
            far_diff = fmax(far_diff, d);
            far_change = fmax(far_change, fmax(fabs((double)n.x - w.x), fabs((double)n.y - w.y)));
        }
    }
    print_message("previous frame's field (t = %.2f, drawn at %.2f): GLSL within %.3g of the CPU's (beyond the grid "
                  "%.3g), where the field moved by up to %.3g beyond the grid since\n",
                  (double)t0, (double)t1, diff, far_diff, far_change);
    assert_true(diff <= 1e-5);
    assert_true(far_change > 1e-2); /* the bound tells t0 from t1 a thousand times over */
    free(probes);
    free(res);
    free(cells);
}

#define LINE_SAMPLES 1600 /* 2 cm apart over 32 m across each edge */

static void field_matches_cpu(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/small.json");
    scene->wind.speed = 9.0f;
    sward_error err = {0};
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = 160;
    rs.height = 90;
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    scene->render.features |= SW_FEAT_TAA; /* its history gives the frame a previous one (SH2) */
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    float *gpu = malloc(WIND_FIELD_FLOATS * sizeof(float)), *cpu = malloc(WIND_FIELD_FLOATS * sizeof(float));
    const float times[3] = {0.5f, 7.3f, 42.0f};
    const float eyes[3][3] = {{0.0f, 0.0f, 0.0f}, {30.7f, 12.0f, -12.2f}, {-100.3f, 30.0f, 55.1f}};
    for (int c = 0; c < 3; c++) {
        const float *eye = c ? eyes[c] : NULL;
        frame(r, times[c], eye, gpu);
        const float *e = r->views[0].vk.eye;
        wind_field f;
        wind_field_compute(&scene->wind, times[c], e[0], e[2], cpu, &f);
        assert_int_equal(r->frame.wind_field_i0, f.i0);
        assert_int_equal(r->frame.wind_field_j0, f.j0);
        assert_true(f.i0 <= (int)floorf(e[0] * 0.5f) - 31 && f.i0 >= (int)floorf(e[0] * 0.5f) - 33);
        double worst = 0.0, largest = 0.0;
        size_t exact = 0;
        for (size_t k = 0; k < WIND_FIELD_FLOATS; k++) {
            if (!isfinite(gpu[k])) fail_msg("float %zu of the GPU field is not finite", k);
            worst = fmax(worst, fabs((double)gpu[k] - cpu[k]));
            largest = fmax(largest, fabs((double)cpu[k]));
            exact += gpu[k] == cpu[k];
        }
        print_message("t = %.1f, eye (%.1f, %.1f): GPU field within %.3g of the CPU (%zu of %zu floats exact), "
                      "largest value %.3f\n", (double)times[c], (double)e[0], (double)e[2], worst, exact,
                      WIND_FIELD_FLOATS, largest);
        assert_true(worst <= 1e-5);
        assert_true(largest > 0.3); /* a real field, not zeros */

        /* the GLSL sampler against the C one along lines through each edge, every category */
        const uint32_t n = 4 * 4 * LINE_SAMPLES;
        float *probes = malloc(n * 4 * sizeof(float)), *res = malloc(n * OUT * sizeof(float));
        float cx = sw_field_centre(f.i0 + SW_WIND_FIELD_RES / 2), cz = sw_field_centre(f.j0 + SW_WIND_FIELD_RES / 2);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t cat = k / (4 * LINE_SAMPLES), line = (k / LINE_SAMPLES) % 4, s = k % LINE_SAMPLES;
            float u = 48.0f + 0.02f * (float)s; /* the grid's last centre is 63 m from its middle */
            float x = line == 0 ? cx + u : line == 1 ? cx - u : cx + 3.3f;
            float z = line == 2 ? cz + u : line == 3 ? cz - u : cz - 5.1f;
            probes[4 * k] = x, probes[4 * k + 1] = z, probes[4 * k + 2] = (float)cat, probes[4 * k + 3] = 0.3f;
        }
        run_probes(r, probes, n, res);
        double diff = 0.0, jump = 0.0, eq_jump = 0.0, push_diff = 0.0;
        wind_field eq;
        wind_field_equilibrium(&scene->wind, times[c], &eq);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t cat = (uint32_t)probes[4 * k + 2];
            float x = probes[4 * k], z = probes[4 * k + 1];
            sw_v2 want = wind_field_sample(&f, cat, x, z), p = wind_field_push(&f, cat, x, z, 0.3f);
            const float *o = res + OUT * k;
            diff = fmax(diff, fmax(fabs((double)o[0] - want.x), fabs((double)o[1] - want.y)));
            push_diff = fmax(push_diff, fmax(fabs((double)o[2] - p.x), fabs((double)o[3] - p.y)));
            if (k % LINE_SAMPLES) {
                jump = fmax(jump, fmax(fabs((double)o[0] - o[-OUT]), fabs((double)o[1] - o[1 - OUT])));
                sw_v2 e0 = wind_field_sample(&eq, cat, probes[4 * k - 4], probes[4 * k - 3]);
                sw_v2 e1 = wind_field_sample(&eq, cat, x, z);
                eq_jump = fmax(eq_jump, fmax(fabs((double)e1.x - e0.x), fabs((double)e1.y - e0.y)));
            }
        }
        print_message("  sampler: GLSL within %.3g of C (push %.3g); largest 2 cm step %.3g (equilibrium alone %.3g)\n",
                      diff, push_diff, jump, eq_jump);
        assert_true(diff <= 1e-5 && push_diff <= 1e-5);
        assert_true(jump < 1.5 * eq_jump + 5e-4);
        free(probes);
        free(res);
    }
    /* the pass is timed by the graph under its name (sward bench lists it) */
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    sward_image img = {.width = rs.width, .height = rs.height, .pixels = malloc(sward_image_bound(rs.width, rs.height))};
    if (sward_render(r, &(sward_frame_desc){.time = 1.0f, .taa_warmup = -1}, &img, &st, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    bool timed = false;
    for (uint32_t p = 0; p < st.passes.count; p++)
        timed |= strcmp(st.passes.times[p].name, "wind_field") == 0;
    assert_true(timed);
    print_message("wind_field pass: %.3f ms on this device\n", sward_stats_pass_ms(&st, "wind_field"));
    previous_field(r, scene, &img, 1.0f, 1.45f);
    free(img.pixels);
    free(gpu);
    free(cpu);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(field_matches_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
