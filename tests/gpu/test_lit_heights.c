/* The near and mid ranges' lit heights on the GPU (SPEC LS2, LS4; shaders/shadow_lit.comp.glsl): both
 * channels equal the CPU's recurrence over the ground and over the ground raised by the grass impostor (the
 * local grass height, dithered down by at most SW_LIT_DITHER of it, where there is grass and not elsewhere);
 * each row enters from the far map beyond the square; the lookup equals its CPU formula; the map is computed
 * again only when its inputs change. scenes/small.json (64 m of 3 m hills, the sun 15 degrees up) and meadow's
 * 1 km. Validation (core + synchronisation) must say nothing. */
#include "gpu_util.h"
#include "testing/readback.h"

#include "shadow_util.h"

/* The map texel's grass top (the type's mean blade height x the grass-height map), or -1 where its 5 x 5
 * neighbourhood is not uniform (the impostor's vertices interpolate across the edge, and a sunk texel's
 * point lies up to ~1 m further along the light ray than the surface it was drawn at). */
static double grass_top(const sward_scene *s, double x, double z)
{
    const world_terrain *t = &s->terrain;
    float x0, z0, inv;
    world_map_grid(t, &x0, &z0, &inv);
    int mi = (int)((x - x0) * inv), mj = (int)((z - z0) * inv);
    double top = -2.0;
    for (int dj = -2; dj <= 2; dj++)
        for (int di = -2; di <= 2; di++) {
            int a = mi + di, b = mj + dj;
            if (a < 0 || b < 0 || a >= t->map_res || b >= t->map_res) return -1.0;
            int k = b * t->map_res + a;
            double h = 0.0;
            if (t->types[k] < s->material_count && t->grass_height[k] > 0.0f) {
                const world_material *m = &s->materials[t->types[k]];
                h = 0.5 * (m->height[0] + m->height[1]) * t->grass_height[k];
            }
            if (top > -1.5 && fabs(h - top) > 1e-6) return -1.0;
            top = h;
        }
    return top;
}

/* The grass impostor's raise at world (x, z): the map texel's type's mean blade height x its grass height. */
static float grass_raise(const sward_scene *s, float x, float z)
{
    const world_terrain *t = &s->terrain;
    float x0, z0, inv;
    world_map_grid(t, &x0, &z0, &inv);
    int mi = (int)((x - x0) * inv), mj = (int)((z - z0) * inv);
    mi = mi < 0 ? 0 : (mi >= t->map_res ? t->map_res - 1 : mi);
    mj = mj < 0 ? 0 : (mj >= t->map_res ? t->map_res - 1 : mj);
    int k = mj * t->map_res + mi;
    if (t->types[k] >= s->material_count || !(t->grass_height[k] > 0.0f)) return 0.0f;
    const world_material *m = &s->materials[t->types[k]];
    return 0.5f * (m->height[0] + m->height[1]) * t->grass_height[k];
}

/* The far map's lit height at (x, z) as the GPU read it back, bilinear; -1e30 outside it. */
static double far_lit_at(const shadow_frame *f, float x, float z)
{
    const sw_view *v = &f->views[SW_VIEW_FAR];
    int n = (int)v->width;
    float gx = (x - v->shadow_x0) / v->shadow_texel - 0.5f, gz = (z - v->shadow_z0) / v->shadow_texel - 0.5f;
    if (n < 2 || gx < 0.0f || gz < 0.0f || gx > (float)(n - 1) || gz > (float)(n - 1)) return -1e30;
    int i = (int)floorf(gx), j = (int)floorf(gz);
    i = i > n - 2 ? n - 2 : i, j = j > n - 2 ? n - 2 : j;
    double fx = gx - (float)i, fz = gz - (float)j;
    const float *q = f->far + (size_t)j * (size_t)n + (size_t)i;
    return (q[0] * (1 - fx) + q[1] * fx) * (1 - fz) + (q[n] * (1 - fx) + q[n + 1] * fx) * fz;
}

/* The CPU's lit heights of row i of the frame's lit map, over the ground and over the impostor per texel (2 x
 * lit_size; the map holds the first and the second's excess over it): the
 * recurrence lit(j) = max(C(j), lit(j + 1) - texel tan(e)) from the far map's height beyond the square. */
static void lit_row_reference(const sward_scene *s, const shadow_frame *f, uint32_t i, double *out)
{
    const sw_view *m = &f->views[SW_VIEW_MID];
    const int n = (int)m->lit_size;
    const float t = m->lit_texel;
    const float *l = s->sun.direction;
    sw_lit_axes ax = sw_lit_axes_of(l[0], l[1], l[2]);
    const double drop = (double)t * ax.tan_e;
    const float u = m->lit_u0 + ((float)i + 0.5f) * t, ve = m->lit_v0 + ((float)n + 0.5f) * t;
    double c0 = far_lit_at(f, sw_lit_world_x(ax, u, ve), sw_lit_world_z(ax, u, ve)), c1 = c0;
    for (int j = n - 1; j >= 0; j--) {
        float v = m->lit_v0 + ((float)j + 0.5f) * t;
        float x = sw_lit_world_x(ax, u, v), z = sw_lit_world_z(ax, u, v);
        float g = (float)terrain_at(s, x, z);
        c0 = fmax(g, c0 - drop);
        c1 = fmax(sw_lit_impostor(g, grass_raise(s, x, z), x, z, 2.0f * t), c1 - drop);
        out[2 * j] = c0, out[2 * j + 1] = c1;
    }
}

/* The lookup of the lit heights (shadow.inc.glsl sw_lit_visibility) on the CPU over the read-back map: the ground
 * bilinear with its soft edge, and with `grass` the impostor's excess in the 3 x 3 tent, 1.5 texels of bias. */
static double lit_lookup(const shadow_frame *f, const float sun[3], const float world[3], const float normal[3], bool grass)
{
    const sw_view *m = &f->views[SW_VIEW_MID];
    const int n = (int)m->lit_size;
    const double t = m->lit_texel;
    sw_lit_axes ax = sw_lit_axes_of(sun[0], sun[1], sun[2]);
    double p[3];
    for (int c = 0; c < 3; c++) p[c] = world[c] + normal[c] * 1.5 * t + sun[c] * t;
    double gu = ((double)sw_lit_u(ax, (float)p[0], (float)p[2]) - m->lit_u0) / t - 0.5;
    double gv = ((double)sw_lit_v(ax, (float)p[0], (float)p[2]) - m->lit_v0) / t - 0.5;
    if (gu < 1.0 || gv < 1.0 || gu >= n - 2 || gv >= n - 2) return 1.0;
    int i0 = (int)floor(gu), j0 = (int)floor(gv);
    double fu = gu - i0, fv = gv - j0;
    const float *L = f->lit;
#define LIT(i, j, c) ((double)L[2 * ((size_t)(i) * (size_t)n + (size_t)(j)) + (c)])
    double ground = (LIT(i0, j0, 0) * (1 - fv) + LIT(i0, j0 + 1, 0) * fv) * (1 - fu) +
                    (LIT(i0 + 1, j0, 0) * (1 - fv) + LIT(i0 + 1, j0 + 1, 0) * fv) * fu;
    double soft = fmin(0.02 + t * ax.tan_e, 0.5);
    double e0 = ground - 0.02 - soft, x = fmin(fmax((p[1] - e0) / soft, 0.0), 1.0);
    double vis = x * x * (3.0 - 2.0 * x);
    if (!grass || vis <= 0.0) return vis;
    double above = p[1] - ground + 0.02 + 1.5 * t, sum = 0.0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
            double wa = a == 0 ? 1 - fu : (a == 3 ? fu : 1.0), wb = b == 0 ? 1 - fv : (b == 3 ? fv : 1.0);
            sum += wa * wb * (above >= LIT(i0 + a - 1, j0 + b - 1, 1) ? 1.0 : 0.0);
        }
#undef LIT
    return fmin(vis, sum / 9.0);
}

/* The lit heights of the near and mid ranges against the CPU's recurrence, both channels; the
 * impostor stands above the ground by at least the grass height less the deepest dither where there is grass,
 * never by more than the tallest raise; the lookup shades the ground under it and lights bare ground. */
static void lit_heights_impostor(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    /* no grass where x < 0 (the type map and the grass-height map, before the renderer uploads them) */
    world_terrain *t = &scene->terrain;
    for (int j = 0; j < t->map_res; j++)
        for (int i = 0; i < t->map_res / 2; i++) {
            t->types[j * t->map_res + i] = SW_TYPE_NONE;
            t->grass_height[j * t->map_res + i] = 0.0f;
        }
    sward_renderer *r = renderer(ctx, scene);
    shadow_frame f;
    read_frame(r, &(sward_frame_desc){.no_grass = true}, &f);
    const sw_view *m = &f.views[SW_VIEW_MID];
    assert_int_equal(m->lit_size, S);
    /* it serves the mid range around the eye, its origin on whole texels */
    assert_true(0.5 * (S - 4) * m->lit_texel >= RENDER_SHADOW_MID_END);
    const uint32_t n = m->lit_size;
    double *ref = malloc(2u * n * sizeof *ref);
    assert_non_null(ref);
    double worst0 = 0.0, max_raise = 0.0;
    size_t texels = 0, off1 = 0, land = 0, grass = 0, grass_low = 0, deep = 0, raised = 0;
    for (int k = 0; k < scene->material_count; k++)
        max_raise = fmax(max_raise, 0.5 * (scene->materials[k].height[0] + scene->materials[k].height[1]));
    const float *l = scene->sun.direction;
    sw_lit_axes ax = sw_lit_axes_of(l[0], l[1], l[2]);
    for (uint32_t i = 3; i < n; i += 8) {
        lit_row_reference(scene, &f, i, ref);
        const float u = m->lit_u0 + ((float)i + 0.5f) * m->lit_texel;
        for (uint32_t j = 0; j < n; j++) {
            const float *g = f.lit + 2 * ((size_t)i * n + j);
            texels++;
            worst0 = fmax(worst0, fabs(g[0] - ref[2 * j]));
            /* a texel's dither cell or map texel may differ by rounding at their edges: a few texels */
            if (fabs(g[1] - (ref[2 * j + 1] - ref[2 * j])) > 2e-3) off1++;
            /* the impostor's excess over the ground's lit height */
            assert_true(g[1] >= -1e-4 && g[1] <= max_raise + 1e-3);
            float v = m->lit_v0 + ((float)j + 0.5f) * m->lit_texel;
            float x = sw_lit_world_x(ax, u, v), z = sw_lit_world_z(ax, u, v);
            if (!on_terrain(scene, (double[3]){x, 0.0, z})) continue;
            land++;
            if (g[1] > 1e-3) raised++;
            double top = grass_top(scene, x, z);
            if (top > 0.0) {
                grass++;
                double rise = g[0] + g[1] - terrain_at(scene, x, z);
                if (rise < top * (1.0 - SW_LIT_DITHER) - 1e-3) grass_low++;
                if (rise < 0.9 * top) deep++; /* the dither: not a solid slab at the grass top */
            }
        }
    }
    print_message("lit heights: %zu texels, ground worst |GPU - CPU| %.2e m, impostor %zu off by > 2 mm; of %zu on the "
                  "terrain %zu raised by the impostor, %zu over grass (%zu below its sunk top, %zu below 0.9 of its top)\n",
                  texels, worst0, off1, land, raised, grass, grass_low, deep);
    assert_true(worst0 < 2e-3);
    assert_true(off1 * 200 <= texels);
    assert_true(land > texels / 10 && grass > land / 40 && grass_low * 100 <= grass); /* uniform grass: a few % */
    assert_true(raised > grass && raised < land - land / 5); /* not where the ray meets no grass */
    assert_true(deep > grass / 10);
    free(ref);
    /* the lookup against its CPU formula over the read-back map, at points around the ground's soft edge and
     * through the grass layer (given a view distance of 30 m: the mid range) */
    render_frame(r, &(sward_frame_desc){.no_grass = true});
    {
        enum { QN = 600 };
        static float q[QN * PROBE_FLOATS], out[QN * 4];
        memset(q, 0, sizeof q);
        uint32_t seed = 12345u;
        const float up[3] = {0.0f, 1.0f, 0.0f};
        for (int k = 0; k < QN; k++) {
            seed = seed * 1664525u + 1013904223u;
            float x = -28.0f + 56.0f * (float)(seed >> 8) / 16777216.0f;
            seed = seed * 1664525u + 1013904223u;
            float z = -28.0f + 56.0f * (float)(seed >> 8) / 16777216.0f;
            seed = seed * 1664525u + 1013904223u;
            float h = (float)(seed >> 8) / 16777216.0f;
            float *p = q + k * PROBE_FLOATS;
            float ground = (float)terrain_at(scene, x, z);
            /* half around the ground's edge (+-6 cm), half through the grass (0 to its raise + 10 cm) */
            p[0] = x, p[2] = z;
            p[1] = k % 2 ? ground - 0.06f + 0.12f * h : ground + h * (grass_raise(scene, x, z) + 0.1f);
            memcpy(p + 3, up, sizeof up);
            p[6] = -1.0f, p[7] = 30.0f;
        }
        run_probes(r, q, QN, out);
        double err_sum = 0.0, err_between = 0.0;
        int close = 0, between = 0;
        for (int k = 0; k < QN; k++) {
            double want = lit_lookup(&f, scene->sun.direction, q + k * PROBE_FLOATS, up, true);
            double e = fabs(want - out[4 * k]);
            err_sum += e;
            close += e < 0.02;
            /* on the soft edge every centimetre counts: the filter and the bilinear heights exactly */
            if (want > 0.02 && want < 0.98) between++, err_between = fmax(err_between, e);
        }
        print_message("lit lookup: mean |GPU - CPU| %.4f, %d of %d within 0.02, %d between shadow and light (worst "
                      "%.4f there)\n", err_sum / QN, close, QN, between, err_between);
        assert_true(err_sum / QN < 0.005);
        assert_true(close >= QN * 98 / 100);
        assert_true(between > QN / 20 && err_between < 0.02);
    }
    /* the lookup in the mid range (10-45 m from the camera): the ground under the impostor is shaded (the
     * far map, which has no grass, would light it), bare ground is lit (these hills cast no shadow at 15 degrees) */
    render_frame(r, &(sward_frame_desc){.no_grass = true});
    /* and in the grass, a point at the grass top is lit and one at a quarter of it is not (group 2, 3: the grass
     * half, up from the ground by its raise) */
    enum { PG = 8 * 12, PN = 4 * PG };
    float probes[PN * PROBE_FLOATS], res[PN * 4];
    memset(probes, 0, sizeof probes);
    uint32_t pn = 0;
    for (int group = 0; group < 4; group++)
        for (int j = 0; j < 12; j++)
            for (int i = 0; i < 8; i++) {
                double x = (group ? 4.0 : -24.0) + 2.5 * i, z = -14.0 + 3.0 * j;
                float *q = probes + pn++ * PROBE_FLOATS;
                const float up = group == 2 ? 1.0f : (group == 3 ? 0.25f : 0.0f);
                q[0] = (float)x, q[1] = (float)terrain_at(scene, x, z) + up * grass_raise(scene, (float)x, (float)z);
                q[2] = (float)z;
                terrain_normal(scene, x, z, q + 3);
                q[6] = -1.0f;
            }
    run_probes(r, probes, pn, res);
    double sum[4] = {0.0, 0.0, 0.0, 0.0};
    for (uint32_t k = 0; k < pn; k++) {
        assert_true(res[4 * k + 2] > RENDER_SHADOW_NEAR_END && res[4 * k + 2] < RENDER_SHADOW_MID_END);
        sum[k / PG] += res[4 * k] / PG;
    }
    print_message("mid lookup: bare ground %.2f lit, ground under the impostor %.2f lit; in the grass at its top %.2f, "
                  "at a quarter of it %.2f\n", sum[0], sum[1], sum[2], sum[3]);
    assert_true(sum[0] > 0.95);
    assert_true(sum[1] < 0.5);
    assert_true(sum[2] > 0.8);
    assert_true(sum[3] < 0.6 && sum[3] > sum[1]);
    free_frame(&f);
    gu_finish(r, ctx, scene);
}

/* On a terrain larger than the lit-height map (meadow's 1 km) under a low sun, each row starts from the far map's
 * lit height beyond the square: hills outside it shade texels inside (the CPU's recurrence from the far map and
 * from nothing differ), and the GPU's rows equal the first. */
static void lit_rows_enter_from_the_far_map(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = meadow_small();
    float *sun = scene->sun.direction;
    sun[1] = 0.1f; /* about 6 degrees up */
    float sl = sqrtf(sun[0] * sun[0] + sun[1] * sun[1] + sun[2] * sun[2]);
    for (int k = 0; k < 3; k++) sun[k] /= sl;
    sward_renderer *r = renderer(ctx, scene);
    shadow_frame f;
    read_frame(r, &(sward_frame_desc){.no_grass = true}, &f);
    const uint32_t n = f.views[SW_VIEW_MID].lit_size;
    double *ref = malloc(2u * n * sizeof *ref), *bare = malloc(2u * n * sizeof *bare);
    assert_non_null(ref);
    assert_non_null(bare);
    shadow_frame none = f;
    float *no_far = malloc((size_t)r->shadows.far_size * r->shadows.far_size * sizeof(float));
    assert_non_null(no_far);
    for (size_t k = 0; k < (size_t)r->shadows.far_size * r->shadows.far_size; k++) no_far[k] = -1e30f;
    none.far = no_far;
    double worst = 0.0;
    size_t carried = 0, texels = 0;
    for (uint32_t i = 5; i < n; i += 16) {
        lit_row_reference(scene, &f, i, ref);
        lit_row_reference(scene, &none, i, bare);
        for (uint32_t j = 0; j < n; j++) {
            const float *g = f.lit + 2 * ((size_t)i * n + j);
            worst = fmax(worst, fabs(g[0] - ref[2 * j]));
            if (ref[2 * j] > bare[2 * j] + 0.01) carried++;
            texels++;
        }
    }
    print_message("lit rows from the far map: %zu of %zu texels shaded from beyond the square, worst |GPU - CPU| %.2e m\n",
                  carried, texels, worst);
    assert_true(carried > texels / 200);
    assert_true(worst < 2e-3);
    free(ref);
    free(bare);
    free(no_far);
    free_frame(&f);
    gu_finish(r, ctx, scene);
}

/* The lit heights are computed again only when their inputs change: not for another time or a camera moved
 * within the snap (the same bytes), but for a camera moved past it and for a turned sun. */
static void lit_heights_cached(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_renderer *r = renderer(ctx, scene);
    float eye[3], target[3];
    world_camera_eye(scene, eye);
    memcpy(target, scene->camera.target, sizeof target);
    shadow_frame a, b, c, d;
    read_frame(r, &(sward_frame_desc){.time = 1.0f, .eye = eye, .target = target, .no_grass = true}, &a);
    assert_int_equal(render_shadow_lit_updates(r), 1);
    const float snap = RENDER_SHADOW_LIT_SNAP * a.views[SW_VIEW_MID].lit_texel;
    /* the eye moved by a tenth of the snap along x and z, at another time: still the same map */
    float near_eye[3] = {eye[0] + 0.1f * snap, eye[1], eye[2] + 0.1f * snap};
    read_frame(r, &(sward_frame_desc){.time = 2.0f, .eye = near_eye, .target = target, .no_grass = true}, &b);
    const bool moved = memcmp(&a.views[SW_VIEW_MID].lit_u0, &b.views[SW_VIEW_MID].lit_u0, 2 * sizeof(float)) != 0;
    assert_int_equal(render_shadow_lit_updates(r), moved ? 2 : 1);
    if (!moved) assert_memory_equal(a.lit, b.lit, 2u * S * S * sizeof(float));
    /* two snaps away: a new origin, computed again */
    const uint32_t before = render_shadow_lit_updates(r);
    float far_eye[3] = {eye[0] + 2.0f * snap, eye[1], eye[2]};
    read_frame(r, &(sward_frame_desc){.time = 2.0f, .eye = far_eye, .target = target, .no_grass = true}, &c);
    assert_int_equal(render_shadow_lit_updates(r), before + 1);
    /* a turned sun */
    scene->sun.direction[1] = 0.5f;
    read_frame(r, &(sward_frame_desc){.time = 2.0f, .eye = far_eye, .target = target, .no_grass = true}, &d);
    assert_int_equal(render_shadow_lit_updates(r), before + 2);
    print_message("lit heights: computed %u times over 4 frames (the snap %.2f m)\n", render_shadow_lit_updates(r),
                  (double)snap);
    free_frame(&a);
    free_frame(&b);
    free_frame(&c);
    free_frame(&d);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lit_heights_impostor),
        cmocka_unit_test(lit_rows_enter_from_the_far_map),
        cmocka_unit_test(lit_heights_cached),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
