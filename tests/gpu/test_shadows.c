/* The sun's shadow cascades on the GPU (SPEC LS2, LS3, LS4): the near layer of the shadow map holds the near
 * cascade's blades and no ground (the near and mid ranges' lit heights have their own tests: test_lit_heights.c);
 * the far lit-height map equals the CPU reference (shared/sw_shadow.h) and is computed again only when the sun
 * turns; the lookup agrees with a CPU ray march; contact shadows find blades, and equal a CPU march over the
 * frame's depth; the cascades cross-fade by smoothstep over their bands and their texel grid stays put under
 * sub-texel camera moves; the cascades draw no ground; a still keeps
 * the map.
 * scenes/small.json: 64 m of 3 m hills, the sun 15 degrees up. Validation (core + synchronisation) must say
 * nothing. */
#include "gpu_util.h"
#include "testing/readback.h"

#include "shadow_util.h"
#include "shared/sw_dither.h"

static void near_layer_is_blades(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    /* The sun behind the camera, so shadows fall into its view; both types on one tile grid (the same
     * density), and the eye 1.7 m in front of a row of tile edges (z = -96 cells of 0.2236 m; the camera's
     * tile choice grows boxes by the tallest blade): the blades behind that edge are in no tile of the
     * camera's, only in the near cascade's own. */
    scene->materials[1].density = scene->materials[0].density;
    float *sun = scene->sun.direction;
    sun[2] = -sun[2];
    float eye[3] = {0.0f, 0.0f, -19.8f}, target[3] = {0.0f, 0.5f, 8.0f};
    eye[1] = (float)terrain_at(scene, eye[0], eye[2]) + 1.6f;
    scene->render.raster = WORLD_RASTER_HARDWARE; /* the near cascade's blades in its layer, not in compute */
    sward_renderer *r = renderer(ctx, scene);
    shadow_frame bare, grass;
    read_frame(r, &(sward_frame_desc){.no_grass = true, .eye = eye, .target = target}, &bare);
    read_frame(r, &(sward_frame_desc){.eye = eye, .target = target}, &grass);
    assert_int_equal(grass.views[SW_VIEW_NEAR].flags, SW_VIEW_SHADOW | SW_VIEW_LOW_LOD | SW_VIEW_LAYER);
    /* no mesh assets: the mid cascade's layer holds nothing (the ground and the impostor are lit heights) */
    assert_int_equal(grass.views[SW_VIEW_MID].flags, SW_VIEW_SHADOW | SW_VIEW_NO_BLADES);
    /* LS3: the near cascade's casters are all 7-vertex blades, none tested against the camera's Hi-Z; the mid
     * cascade culls nothing (the impostor stands in for its blades) */
    const sw_cull_stats *c = r->slots[r->slot].stats_readback.mapped;
    print_message("near cascade: %u blades (camera %u); mid %u\n", c[1].drawn, c[0].drawn, c[2].drawn);
    assert_int_equal(c[1].high, 0);
    assert_true(c[1].low > 1000 && c[1].drawn == c[1].low);
    assert_int_equal(c[1].occlusion, 0);
    assert_int_equal(c[2].drawn + c[2].needed, 0);
    size_t n = 0, ground = 0, raised = 0, behind = 0, bare_set = 0;
    double worst = 0.0, far_caster = 0.0, outside = 0.0;
    for (uint32_t j = 0; j < S; j += 4)
        for (uint32_t i = 0; i < S; i += 4) {
            double q[3];
            if (bare.layers[(size_t)j * S + i] > 0.0f) bare_set++; /* without blades: nothing at all */
            if (!texel_world(&grass, SW_VIEW_NEAR, i, j, q) || !on_terrain(scene, q)) continue;
            n++;
            double above = q[1] - terrain_at(scene, q[0], q[2]);
            if (above < -NEAR_TOL) worst = fmax(worst, -above); /* below the ground: not a blade */
            if (above <= 0.05) {
                ground++; /* a blade's root, or a blade lying low */
                continue;
            }
            raised++;
            if (q[2] < -21.6) behind++; /* behind the row of tile edges behind the eye */
            double dx = q[0] - grass.views[0].cam_x, dy = q[1] - grass.views[0].cam_y, dz = q[2] - grass.views[0].cam_z;
            far_caster = fmax(far_caster, sqrt(dx * dx + dy * dy + dz * dz));
            const float *fr = grass.views[0].frustum; /* how far outside the camera's view */
            for (int pl = 0; pl < 6; pl++)
                outside = fmax(outside, -(fr[4 * pl] * q[0] + fr[4 * pl + 1] * q[1] + fr[4 * pl + 2] * q[2] + fr[4 * pl + 3]));
        }
    print_message("near: %zu texels hold casters (%zu without blades), %zu of them raised by blades, %zu within 5 cm of "
                  "the ground, deepest below it %.4f m; %zu behind the camera, the farthest %.1f m away (cull distance "
                  "%.1f m), %.1f m outside the camera's view (shadows reach %.1f m)\n",
                  n, bare_set, raised, ground, worst, behind, far_caster, (double)grass.views[SW_VIEW_NEAR].cull_distance,
                  outside, (double)grass.views[SW_VIEW_NEAR].shadow_reach);
    /* the ground is not in the layer: without blades it is empty, with them every texel is a blade */
    assert_int_equal(bare_set, 0);
    assert_true(worst == 0.0);
    assert_true(raised > (size_t)(S / 4) * (S / 4) / 100); /* the casters cover a few % of the box */
    assert_true(ground * 4 < raised);
    assert_true(behind > 30); /* from tiles wholly behind the camera, chosen for the cascade's box */
    /* only blades whose shadows can reach the cascade's range (its box stretches 58 m along this sun) */
    assert_true(far_caster < grass.views[SW_VIEW_NEAR].cull_distance + 0.5);
    assert_true(far_caster > RENDER_SHADOW_NEAR_END);
    /* and only those whose shadows can fall into the camera's view */
    assert_true(outside < grass.views[SW_VIEW_NEAR].shadow_reach + 1.5);
    /* the lookup: the ground 1-6 m in front of the eye is shaded by the blades in the layer, and lit without them */
    enum { PN = 20 * 11 };
    float probes[PN * PROBE_FLOATS], res[PN * 4];
    memset(probes, 0, sizeof probes);
    for (int j = 0; j < 20; j++)
        for (int i = 0; i < 11; i++) {
            float *q = probes + (j * 11 + i) * PROBE_FLOATS;
            double x = eye[0] - 2.5 + 0.5 * i, z = eye[2] + 1.0 + 0.25 * j;
            q[0] = (float)x, q[1] = (float)terrain_at(scene, x, z), q[2] = (float)z;
            terrain_normal(scene, x, z, q + 3);
            q[6] = -1.0f;
        }
    double lit[2] = {0.0, 0.0};
    for (int pass = 0; pass < 2; pass++) {
        render_frame(r, &(sward_frame_desc){.no_grass = pass == 0, .eye = eye, .target = target});
        run_probes(r, probes, PN, res);
        for (int k = 0; k < PN; k++) {
            assert_true(res[4 * k + 2] < RENDER_SHADOW_NEAR_END);
            lit[pass] += res[4 * k] / PN;
        }
    }
    print_message("near lookup: the ground %.2f lit without blades, %.2f under them\n", lit[0], lit[1]);
    assert_true(lit[0] > 0.97);
    assert_true(lit[1] < 0.85);
    free_frame(&bare);
    free_frame(&grass);
    gu_finish(r, ctx, scene);
}

static void far_map_matches_reference(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    /* 12 m hills instead of 3, so the sun 15 degrees up casts hill shadows */
    world_terrain *t = &scene->terrain;
    for (int k = 0; k < t->resolution * t->resolution; k++) t->heights[k] *= 4.0f;
    t->min_y *= 4.0f;
    t->max_y *= 4.0f;
    sward_renderer *r = renderer(ctx, scene);
    shadow_frame f;
    read_frame(r, &(sward_frame_desc){.no_grass = true}, &f);
    assert_int_equal(render_shadow_far_updates(r), 1);
    const sw_view *v = &f.views[SW_VIEW_FAR];
    uint32_t n = v->width;
    assert_int_equal(n, r->shadows.far_size);
    float x0, z0, cell, inv;
    world_terrain_grid(&scene->terrain, &x0, &z0, &cell, &inv);
    const float *sun = scene->sun.direction;
    float hl = sqrtf(sun[0] * sun[0] + sun[2] * sun[2]);
    float tan_e = sun[1] / hl;
    int steps = sw_lit_steps(0.0f, v->shadow_depth_range, tan_e, v->shadow_texel);
    double worst = 0.0;
    size_t shadowed = 0;
    for (uint32_t j = 0; j < n; j++)
        for (uint32_t i = 0; i < n; i++) {
            float px = v->shadow_x0 + ((float)i + 0.5f) * v->shadow_texel;
            float pz = v->shadow_z0 + ((float)j + 0.5f) * v->shadow_texel;
            sw_hf_window hw = {scene->terrain.heights, world_hf_ring(&scene->terrain), scene->terrain.hf_i0,
                               scene->terrain.hf_j0};
            float ref = sw_lit_height(&hw, px, pz, sun[0] / hl, sun[2] / hl, tan_e, v->shadow_texel,
                                      steps, x0, z0, inv, scene->terrain.resolution);
            double e = fabs((double)ref - f.far[j * n + i]);
            if (e > worst) worst = e;
            if (ref > terrain_at(scene, px, pz) + 0.05) shadowed++;
        }
    print_message("far: %ux%u texels of %.2f m, %d steps, worst |GPU - CPU| %.2e m, %zu in hill shadow\n", n, n,
                  (double)v->shadow_texel, steps, worst, shadowed);
    assert_true(worst < 1e-3);
    assert_true(shadowed > n * n / 200); /* the low sun puts hills' shadows on the map */
    /* cached: the same camera and sun do not compute it again; a turned sun does */
    shadow_frame g;
    read_frame(r, &(sward_frame_desc){.no_grass = true}, &g);
    assert_int_equal(render_shadow_far_updates(r), 1);
    assert_memory_equal(f.far, g.far, (size_t)n * n * sizeof(float));
    scene->sun.direction[1] = 0.5f;
    shadow_frame h;
    read_frame(r, &(sward_frame_desc){.no_grass = true}, &h);
    assert_int_equal(render_shadow_far_updates(r), 2);
    free_frame(&f);
    free_frame(&g);
    free_frame(&h);
    gu_finish(r, ctx, scene);
}

/* The truth on the CPU, a fine ray march toward the sun: 0 shadowed (the hills rise above the ray by more
 * than `margin`), 1 lit (the ray clears them everywhere by the margin, or by half its own rise where it has
 * not risen that much yet), -1 too close to call. */
static int ray_truth(const sward_scene *s, double x, double z, double margin)
{
    const float *l = s->sun.direction;
    double hl = sqrt((double)l[0] * l[0] + (double)l[2] * l[2]), tan_e = l[1] / hl, y = terrain_at(s, x, z);
    double above = -1e9, lit = -1e9;
    for (double d = 0.2; d < 150.0; d += 0.1) {
        double h = terrain_at(s, x + l[0] / hl * d, z + l[2] / hl * d) - (y + d * tan_e);
        double need = fmin(margin, 0.5 * d * tan_e);
        above = fmax(above, h);
        lit = fmax(lit, h + need);
    }
    return above > margin ? 0 : (lit < 0.0 ? 1 : -1);
}

/* sw_sun_shadow on bare hills (24 m) against the CPU's ray march: clearly lit ground reads lit, clearly shadowed
 * ground reads shadowed, in the near and mid cascades (the points' own distances) and in the far one (given
 * 200 m); 1 everywhere once the frame's features lack shadows. */
static void lookup_matches_ray_march(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    world_terrain *t = &scene->terrain;
    for (int k = 0; k < t->resolution * t->resolution; k++) t->heights[k] *= 8.0f;
    t->min_y *= 8.0f;
    t->max_y *= 8.0f;
    /* a lower sun, 10 degrees up: long hill shadows */
    float *sun = scene->sun.direction;
    sun[1] = 0.18f;
    float sl = sqrtf(sun[0] * sun[0] + sun[1] * sun[1] + sun[2] * sun[2]);
    for (int k = 0; k < 3; k++) sun[k] /= sl;
    /* no grass in the maps either: the mid cascade's impostor would (rightly) shade the ground under it */
    for (int k = 0; k < t->map_res * t->map_res; k++) t->types[k] = SW_TYPE_NONE, t->grass_height[k] = 0.0f;
    sward_renderer *r = renderer(ctx, scene);
    render_frame(r, &(sward_frame_desc){.no_grass = true});
    enum { N = 2 * 29 * 29 + 25 * 25 };
    float *probes = calloc(N * PROBE_FLOATS, sizeof(float)), *res = calloc(N * 4, sizeof(float));
    int truth[N], far_pass[N];
    uint32_t n = 0;
    const float *l = scene->sun.direction;
    /* the terrain on a 2 m grid (mid, and far at 200 m), and a 0.5 m grid around the camera (near) */
    for (int pass = 0; pass < 3; pass++) {
        int side = pass == 2 ? 25 : 29;
        for (int j = 0; j < side; j++)
            for (int i = 0; i < side; i++) {
                double x = pass == 2 ? -6.0 + 0.5 * i : -28.0 + 2.0 * i;
                double z = pass == 2 ? -30.0 + 0.5 * j : -28.0 + 2.0 * j;
                float nrm[3];
                terrain_normal(scene, x, z, nrm);
                /* a clear verdict: the ray clears the hills, or they rise above it, by a margin (the far map's
                 * texel, bias and soft edge: 1.2 m; the shadow maps': 0.3 m) */
                int tr = ray_truth(scene, x, z, pass == 1 ? 1.2 : 0.3);
                if (nrm[0] * l[0] + nrm[1] * l[1] + nrm[2] * l[2] < 0.05f) tr = -1; /* faces away: no verdict */
                float *p = probes + n * PROBE_FLOATS;
                p[0] = (float)x, p[1] = (float)terrain_at(scene, x, z), p[2] = (float)z;
                memcpy(p + 3, nrm, sizeof nrm);
                p[6] = -1.0f, p[7] = pass == 1 ? 200.0f : 0.0f;
                far_pass[n] = pass == 1;
                truth[n++] = tr;
            }
    }
    run_probes(r, probes, n, res);
    int agree[2] = {0, 0}, judged[2] = {0, 0}, shadowed[3] = {0, 0, 0}, cascade[3] = {0, 0, 0};
    for (uint32_t k = 0; k < n; k++) {
        int pass = far_pass[k];
        float v = res[4 * k], d = res[4 * k + 2];
        if (truth[k] < 0) continue;
        judged[pass]++;
        int c = d < RENDER_SHADOW_NEAR_END ? 0 : (d < RENDER_SHADOW_MID_END ? 1 : 2);
        if ((truth[k] == 1 && v > 0.9f) || (truth[k] == 0 && v < 0.1f)) agree[pass]++;
        cascade[c]++;
        shadowed[c] += truth[k] == 0;
    }
    print_message("lookup: near/mid %d of %d agree with the ray march, far %d of %d; shadowed %d %d %d, probes %d %d %d "
                  "(near, mid, far)\n", agree[0], judged[0], agree[1], judged[1], shadowed[0], shadowed[1], shadowed[2],
                  cascade[0], cascade[1], cascade[2]);
    assert_true(shadowed[1] > 20 && shadowed[2] > 20);
    assert_true(cascade[0] > 50 && cascade[1] > 50 && cascade[2] > 50);
    assert_true(agree[0] >= judged[0] * 97 / 100);
    assert_true(agree[1] >= judged[1] * 95 / 100);
    /* LS4: the near range on hill-shadowed ground, which only the ground's lit heights shade (the near
     * cascade's layer holds no ground): the eye above the first shadowed probe, looking along +x, and a 0.25 m
     * grid 0.5-7 m in front of it */
    int pick = -1;
    for (uint32_t k = 0; k < n && pick < 0; k++)
        if (!far_pass[k] && truth[k] == 0 && fabs(probes[k * PROBE_FLOATS]) < 15.0f && fabs(probes[k * PROBE_FLOATS + 2]) < 15.0f)
            pick = (int)k;
    assert_true(pick >= 0);
    float eye[3] = {probes[pick * PROBE_FLOATS], probes[pick * PROBE_FLOATS + 1] + 1.6f, probes[pick * PROBE_FLOATS + 2]};
    float target[3] = {eye[0] + 10.0f, eye[1] - 1.0f, eye[2]};
    render_frame(r, &(sward_frame_desc){.no_grass = true, .eye = eye, .target = target});
    uint32_t nn = 0;
    int near_truth[29 * 25];
    for (int j = 0; j < 25; j++)
        for (int i = 0; i < 27; i++) {
            double x = eye[0] + 0.5 + 0.25 * i, z = eye[2] - 3.0 + 0.25 * j;
            float nrm[3];
            terrain_normal(scene, x, z, nrm);
            int tr = ray_truth(scene, x, z, 0.3);
            if (nrm[0] * l[0] + nrm[1] * l[1] + nrm[2] * l[2] < 0.05f) tr = -1;
            float *p = probes + nn * PROBE_FLOATS;
            memset(p, 0, PROBE_FLOATS * sizeof *p);
            p[0] = (float)x, p[1] = (float)terrain_at(scene, x, z), p[2] = (float)z;
            memcpy(p + 3, nrm, sizeof nrm);
            p[6] = -1.0f;
            near_truth[nn++] = tr;
        }
    run_probes(r, probes, nn, res);
    int near_agree = 0, near_judged = 0, near_shadowed = 0;
    for (uint32_t k = 0; k < nn; k++) {
        assert_true(res[4 * k + 2] < RENDER_SHADOW_NEAR_END);
        if (near_truth[k] < 0) continue;
        near_judged++;
        near_shadowed += near_truth[k] == 0;
        if ((near_truth[k] == 1 && res[4 * k] > 0.9f) || (near_truth[k] == 0 && res[4 * k] < 0.1f)) near_agree++;
    }
    print_message("lookup, near range on shadowed ground: %d of %d agree, %d shadowed\n", near_agree, near_judged,
                  near_shadowed);
    assert_true(near_shadowed > 50);
    assert_true(near_agree >= near_judged * 97 / 100);
    /* the guard: no shadows in the frame's features, no shadow */
    scene->render.features &= ~SW_FEAT_SHADOWS;
    render_frame(r, &(sward_frame_desc){.no_grass = true});
    run_probes(r, probes, n, res);
    for (uint32_t k = 0; k < n; k++) assert_float_equal(res[4 * k], 1.0f, 0.0f);
    free(probes);
    free(res);
    gu_finish(r, ctx, scene);
}

/* sw_contact_shadow at the camera depth's surfaces: bare smooth ground does not shadow itself; between the
 * blades, the blades in front of the sun do; off with the feature. */
static void contact_shadows(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_renderer *r = renderer(ctx, scene);
    enum { GX = 64, GY = 36, N = GX * GY };
    float *probes = calloc(N * PROBE_FLOATS, sizeof(float)), *res = calloc(N * 4, sizeof(float));
    for (int j = 0; j < GY; j++)
        for (int i = 0; i < GX; i++) {
            float *p = probes + (j * GX + i) * PROBE_FLOATS;
            p[6] = ((float)i + 0.5f) / GX, p[7] = ((float)j + 0.5f) / GY;
        }
    double mean[3];
    int blocked[3], surfaces[3];
    for (int c = 0; c < 3; c++) {
        if (c == 2) scene->render.features &= ~SW_FEAT_CONTACT_SHADOWS;
        render_frame(r, &(sward_frame_desc){.no_grass = c == 0});
        run_probes(r, probes, N, res);
        double sum = 0.0;
        blocked[c] = surfaces[c] = 0;
        for (int k = 0; k < N; k++) {
            if (res[4 * k + 3] <= 0.0f) continue; /* sky */
            surfaces[c]++;
            sum += res[4 * k + 1];
            if (res[4 * k + 1] < 0.9f) blocked[c]++;
        }
        mean[c] = surfaces[c] ? sum / surfaces[c] : 0.0;
    }
    print_message("contact: bare mean %.3f (%d of %d blocked), grass mean %.3f (%d of %d), off %.3f\n", mean[0],
                  blocked[0], surfaces[0], mean[1], blocked[1], surfaces[1], mean[2]);
    assert_true(surfaces[0] > N / 3 && surfaces[1] > N / 3);
    assert_true(blocked[0] <= surfaces[0] / 50); /* hill crests in front of a few */
    assert_true(blocked[1] > surfaces[1] / 12);
    assert_true(mean[1] < mean[0] - 0.05);
    assert_true(blocked[2] == 0 && mean[2] == 1.0);
    free(probes);
    free(res);
    gu_finish(r, ctx, scene);
}

/* The camera draws its own patches of the CDLOD mesh, under half the whole-resolution mesh's triangles
 * (no_terrain_lod; meadow's 2 m quads keep level 0 out to 192 m) and under half of its levels over the whole
 * terrain (culled by its planes); the cascades draw no ground at all (it casts
 * through the lit heights), and without mesh assets the mid cascade does not run. */
/* ---- LS4's march on the CPU (shaders/shadow.inc.glsl sw_contact_shadow), over the frame's read-back depth ---- */

typedef struct contact_ctx {
    const float *depth;     /* the frame's depth (render_read_depth), rows top to bottom */
    uint32_t w, h;
    const sw_view *cam;     /* views[0] */
    const sw_frame *frame;
} contact_ctx;

/* column-major, as sw_mat4 reads the views' matrices */
static void mat_apply(const float m[16], const float v[4], float o[4])
{
    for (int r = 0; r < 4; r++) o[r] = m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2] + m[12 + r] * v[3];
}

/* the depth's surface at uv (nearest texel, clamped: the depth sampler), false for the sky */
static bool contact_surface(const contact_ctx *c, float u, float v, float out[3])
{
    long x = lrintf(floorf(u * (float)c->w)), y = lrintf(floorf(v * (float)c->h));
    x = x < 0 ? 0 : (x >= (long)c->w ? (long)c->w - 1 : x);
    y = y < 0 ? 0 : (y >= (long)c->h ? (long)c->h - 1 : y);
    const float d = c->depth[(size_t)y * c->w + (size_t)x];
    if (d <= 0.0f) return false;
    const float p[4] = {u * 2.0f - 1.0f, v * 2.0f - 1.0f, d, 1.0f};
    float q[4];
    mat_apply(c->cam->inv_view_proj, p, q);
    for (int k = 0; k < 3; k++) out[k] = q[k] / q[3];
    return true;
}

static float len3(const float a[3]) { return sqrtf(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }

static void tangent(const contact_ctx *c, float u, float v, float du, float dv, const float centre[3], float t[3])
{
    float a[3], b[3];
    const bool ha = contact_surface(c, u + du, v + dv, a), hb = contact_surface(c, u - du, v - dv, b);
    float da[3], db[3];
    for (int k = 0; k < 3; k++) da[k] = a[k] - centre[k], db[k] = centre[k] - b[k];
    const float la = ha ? len3(da) : 1e30f, lb = hb ? len3(db) : 1e30f;
    for (int k = 0; k < 3; k++) t[k] = la < lb ? da[k] : db[k];
}

static float fractf(float x) { return x - floorf(x); }

/* The pixel at uv: its surface, then the march (12 steps over 0.5 m toward the sun, the first one jittered by
 * the frame's interleaved gradient noise; blocked by a surface in front of a step by less than the thickness that
 * stands out of the receiver's plane; the hit fades with its distance along the ray), or 1 for the sky. */
static float contact_cpu(const contact_ctx *c, float u, float v)
{
    float world[3];
    if (!contact_surface(c, u, v, world)) return 1.0f;
    const float cam[3] = {c->cam->cam_x, c->cam->cam_y, c->cam->cam_z};
    float to_cam[3];
    for (int k = 0; k < 3; k++) to_cam[k] = cam[k] - world[k];
    const float dist = len3(to_cam);
    const float l[3] = {c->frame->sun_x, c->frame->sun_y, c->frame->sun_z};
    const float size[2] = {(float)c->cam->width, (float)c->cam->height};
    float tx[3], ty[3], n[3];
    tangent(c, u, v, 1.0f / size[0], 0.0f, world, tx);
    tangent(c, u, v, 0.0f, 1.0f / size[1], world, ty);
    n[0] = tx[1] * ty[2] - tx[2] * ty[1], n[1] = tx[2] * ty[0] - tx[0] * ty[2], n[2] = tx[0] * ty[1] - tx[1] * ty[0];
    const float nl = len3(n);
    if (nl > 0.0f) n[0] /= nl, n[1] /= nl, n[2] /= nl;
    else n[0] = 0.0f, n[1] = 1.0f, n[2] = 0.0f;
    if (n[0] * to_cam[0] + n[1] * to_cam[1] + n[2] * to_cam[2] < 0.0f) n[0] = -n[0], n[1] = -n[1], n[2] = -n[2];
    const float thickness = 0.08f + 0.01f * dist, relief = 0.02f + 0.002f * dist;
    const float off = sw_ign_frame_offset(c->frame->frame_index);
    const float gx = u * size[0] + off, gy = v * size[1] + off;
    const float jitter = fractf(52.9829189f * fractf(gx * 0.06711056f + gy * 0.00583715f));
    const float lift = 0.01f + 0.002f * dist;
    for (int i = 0; i < 12; i++) {
        const float s = ((float)i + jitter) / 12.0f;
        float p[4] = {0.0f, 0.0f, 0.0f, 1.0f}, q[4], hit[3];
        for (int k = 0; k < 3; k++) p[k] = world[k] + l[k] * lift + l[k] * (0.5f * s);
        mat_apply(c->cam->view_proj, p, q);
        if (q[3] <= 0.0f) break;
        const float su = q[0] / q[3] * 0.5f + 0.5f, sv = q[1] / q[3] * 0.5f + 0.5f;
        if (su < 0.0f || sv < 0.0f || su > 1.0f || sv > 1.0f) break;
        if (!contact_surface(c, su, sv, hit)) continue;
        float pc[3], hc[3], hw[3];
        for (int k = 0; k < 3; k++) pc[k] = p[k] - cam[k], hc[k] = hit[k] - cam[k], hw[k] = hit[k] - world[k];
        const float gap = len3(pc) - len3(hc);
        if (gap > 0.0f && gap < thickness && hw[0] * n[0] + hw[1] * n[1] + hw[2] * n[2] > relief) return s * s;
    }
    return 1.0f;
}

/* LS4's length, steps, thickness and fade: sw_contact_shadow at every 4th pixel of a grass frame equals the march
 * above over the same depth (the same frame's jitter), but where float rounding moves a step across an edge. */
static void contact_shadows_match_their_march(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_renderer *r = renderer(ctx, scene);
    render_frame(r, &(sward_frame_desc){.time = 0.5f});
    const uint32_t w = r->config.width, h = r->config.height;
    float *depth = malloc((size_t)w * h * sizeof(float));
    sward_error err = {0};
    if (render_read_depth(r, depth, &err) != SWARD_OK) fail_msg("%s", err.message);
    const uint32_t gx = w / 4, gy = h / 4, n = gx * gy;
    float *probes = calloc((size_t)n * PROBE_FLOATS, sizeof(float)), *res = calloc((size_t)n * 4, sizeof(float));
    for (uint32_t j = 0; j < gy; j++)
        for (uint32_t i = 0; i < gx; i++) {
            float *p = probes + (j * gx + i) * PROBE_FLOATS;
            p[6] = ((float)(4 * i + 1) + 0.5f) / (float)w, p[7] = ((float)(4 * j + 1) + 0.5f) / (float)h;
        }
    run_probes(r, probes, n, res);
    const contact_ctx c = {.depth = depth, .w = w, .h = h, .cam = &r->views[0].constants, .frame = &r->frame};
    uint32_t blocked = 0, differ = 0, far_hits = 0;
    double worst = 0.0;
    for (uint32_t k = 0; k < n; k++) {
        const float want = contact_cpu(&c, probes[k * PROBE_FLOATS + 6], probes[k * PROBE_FLOATS + 7]);
        const float got = res[4 * k + 1];
        blocked += want < 1.0f;
        far_hits += want < 1.0f && want > 0.25f; /* blocked past half the ray's length */
        const double d = fabs((double)got - want);
        worst = fmax(worst, d);
        differ += d > 0.02;
    }
    print_message("contact march: %u of %u probes blocked (%u past half its length), %u differ from the CPU's by more "
                  "than 0.02 (worst %.3f)\n", blocked, n, far_hits, differ, worst);
    assert_true(blocked > n / 12 && far_hits > n / 100);
    assert_true(differ <= n / 50);
    free(depth);
    free(probes);
    free(res);
    gu_finish(r, ctx, scene);
}

/* LS2's cross-fades: over the last 12 % of the near and the mid cascade's range the lookup blends into the next one
 * by smoothstep of the view distance. The probe gives the lookup the distance, so one ground point under the grass
 * in front of the eye, inside both maps (the near layer's blades, the mid range's impostor and the far height field
 * see it differently), is looked up at distances before the band (this cascade alone), after it (the next alone)
 * and at a quarter, half and three quarters through: there it must be the mix of the two by smoothstep
 * (3t^2 - 2t^3), within 0.02. A hard switch
 * leaves the nearer value up to the band's end; a linear blend is off by 0.09 at a quarter. */
static void cascades_cross_fade_over_their_band(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_renderer *r = renderer(ctx, scene);
    render_frame(r, &(sward_frame_desc){.time = 0.5f});
    const sw_view *cam = &r->views[0].constants;
    enum { SIDE = 24, POINTS = SIDE * SIDE, AT = 5 };
    static const double ts[AT] = {-0.02, 0.25, 0.5, 0.75, 1.02}; /* through the band: before, inside, after */
    float *probes = calloc((size_t)POINTS * AT * PROBE_FLOATS, sizeof(float));
    float *res = calloc((size_t)POINTS * AT * 4, sizeof(float));
    for (uint32_t band = SW_VIEW_NEAR; band <= SW_VIEW_MID; band++) {
        const sw_view *v = &r->views[band].constants;
        const double fade = v->shadow_fade, end = v->shadow_end;
        assert_true(fade > 0.0 && fade < end);
        /* ground points in front of the eye where the band lies (near: 6.5-8 m; mid: 30-45 m, on the 64 m terrain),
         * inside both cascades' maps */
        const double fx = cam->fwd_x / hypot(cam->fwd_x, cam->fwd_z), fz = cam->fwd_z / hypot(cam->fwd_x, cam->fwd_z);
        const double d0 = band == SW_VIEW_NEAR ? 6.5 : 30.0, d1 = band == SW_VIEW_NEAR ? 8.0 : 45.0;
        const double side = band == SW_VIEW_NEAR ? 2.0 : 10.0;
        for (int j = 0; j < SIDE; j++)
            for (int i = 0; i < SIDE; i++)
                for (int k = 0; k < AT; k++) {
                    float *p = probes + ((size_t)(j * SIDE + i) * AT + (size_t)k) * PROBE_FLOATS;
                    const double along = d0 + (d1 - d0) * j / (SIDE - 1), across = side * (2.0 * i / (SIDE - 1) - 1.0);
                    const double x = cam->cam_x + fx * along - fz * across, z = cam->cam_z + fz * along + fx * across;
                    float nrm[3];
                    terrain_normal(scene, x, z, nrm);
                    p[0] = (float)x, p[1] = (float)terrain_at(scene, x, z), p[2] = (float)z;
                    memcpy(p + 3, nrm, sizeof nrm);
                    p[6] = -1.0f, p[7] = (float)(fade + ts[k] * (end - fade));
                }
        run_probes(r, probes, POINTS * AT, res);
        int differ = 0;
        double worst = 0.0;
        for (int q = 0; q < POINTS; q++) {
            const float *o = res + (size_t)q * AT * 4;
            const double a = o[0], b = o[4 * (AT - 1)];
            if (fabs(a - b) < 0.3) continue; /* the two cascades agree here: nothing to blend */
            differ++;
            for (int k = 1; k < AT - 1; k++) {
                const double t = ts[k], want = a + (b - a) * t * t * (3.0 - 2.0 * t);
                worst = fmax(worst, fabs(o[4 * k] - want));
            }
        }
        print_message("cross-fade %s -> %s over %.1f-%.1f m: %d of %d points differ between them, the blend off by "
                      "at most %.4f\n", band == SW_VIEW_NEAR ? "near" : "mid", band == SW_VIEW_NEAR ? "mid" : "far",
                      fade, end, differ, POINTS, worst);
        assert_true(differ >= 20);
        assert_true(worst <= 0.02);
    }
    free(probes);
    free(res);
    gu_finish(r, ctx, scene);
}

/* LS2's texel snapping on the GPU: the camera slides sideways by fractions of the mid cascade's texel (0.37, then
 * 1.61 of it), the oak of scenes/tree.json standing in no wind; the lookup at fixed ground points around its shadow
 * (the mid range: its cascade holds the tree) gives the same values each time, its soft edges included, because the
 * map's box moves by whole texels and the tree is drawn onto the same texel grid. Unsnapped, the edges swim by a
 * fraction of their softness every frame. */
static void shadow_edges_stay_under_sub_texel_moves(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/tree.json");
    scene->wind.speed = 0.0f;
    sward_renderer *r = renderer(ctx, scene);
    float eye[3], target[3];
    world_camera_eye(scene, eye);
    memcpy(target, scene->camera.target, sizeof target);
    enum { SIDE = 48, N = SIDE * SIDE };
    float *probes = calloc((size_t)N * PROBE_FLOATS, sizeof(float)), *res[3];
    for (int j = 0; j < SIDE; j++)
        for (int i = 0; i < SIDE; i++) {
            float *p = probes + (size_t)(j * SIDE + i) * PROBE_FLOATS;
            const double x = target[0] - 9.0 + 18.0 * i / (SIDE - 1), z = target[2] - 9.0 + 18.0 * j / (SIDE - 1);
            float nrm[3];
            terrain_normal(scene, x, z, nrm);
            p[0] = (float)x, p[1] = (float)terrain_at(scene, x, z), p[2] = (float)z;
            memcpy(p + 3, nrm, sizeof nrm);
            p[6] = -1.0f, p[7] = 30.0f; /* the mid cascade's range */
        }
    static const double moves[3] = {0.0, 0.37, 1.61}; /* in the mid cascade's texels, sideways */
    float vp[3][16];
    double texel = 0.0;
    for (int k = 0; k < 3; k++) {
        if (k == 1) texel = r->views[SW_VIEW_MID].constants.shadow_texel;
        const double fx = target[0] - eye[0], fz = target[2] - eye[2], fl = hypot(fx, fz);
        float e[3] = {eye[0] + (float)(moves[k] * texel * -fz / fl), eye[1], eye[2] + (float)(moves[k] * texel * fx / fl)};
        float t[3] = {target[0] + e[0] - eye[0], target[1], target[2] + e[2] - eye[2]};
        render_frame(r, &(sward_frame_desc){.time = 0.5f, .no_grass = true, .eye = e, .target = t});
        memcpy(vp[k], r->views[SW_VIEW_MID].constants.view_proj, sizeof vp[k]);
        res[k] = calloc((size_t)N * 4, sizeof(float));
        run_probes(r, probes, N, res[k]);
    }
    int edges = 0, shaded = 0, moved_off = 0;
    double worst = 0.0;
    for (int q = 0; q < N; q++) {
        const float v0 = res[0][4 * q];
        shaded += v0 < 0.5f;
        edges += v0 > 0.05f && v0 < 0.95f;
        for (int k = 1; k < 3; k++) {
            const double d = fabs((double)res[k][4 * q] - v0);
            worst = fmax(worst, d);
            moved_off += d > 0.01;
        }
    }
    print_message("snapping: %d of %d ground points shaded by the oak, %d on its soft edges; after moves of 0.37 and 1.61 "
                  "texels (%.4f m) %d lookups moved by more than 0.01 (at most %.4f)\n",
                  shaded, N, edges, texel, moved_off, worst);
    assert_true(texel > 0.0);
    assert_true(memcmp(vp[0], vp[2], sizeof vp[0]) != 0); /* the cascade followed the camera */
    assert_true(shaded >= 50 && edges >= 20);
    assert_true(moved_off <= N / 500);
    for (int k = 0; k < 3; k++) free(res[k]);
    free(probes);
    gu_finish(r, ctx, scene);
}

/* LS2's footprint: a pixel that sees the ground at a grazing angle spans metres of it along the view, and its shade
 * is the mean over that span, not one point's (one point per pixel row gave the forest floor of
 * scenes/forest_edge.json horizontal bands). Points 0.6 m over the ground around the oak of scenes/tree.json (above
 * its grass: the oak's cascade alone shades them), in the mid range, each with a 2 m span along the sun in its
 * ground's plane: the lookup over the span against the mean of 33 point lookups along it. */
static void lookup_averages_the_footprint(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/tree.json");
    scene->wind.speed = 0.0f;
    sward_renderer *r = renderer(ctx, scene);
    render_frame(r, &(sward_frame_desc){.time = 0.5f, .no_grass = true});
    const float *target = scene->camera.target, *sun = scene->sun.direction;
    const double hl = hypot(sun[0], sun[2]), dx = sun[0] / hl, dz = sun[2] / hl;
    enum { SIDE = 24, N = SIDE * SIDE, TAPS = 33, PER = TAPS + 1 };
    float *probes = calloc((size_t)N * PER * PROBE_FLOATS, sizeof(float)), *res = calloc((size_t)N * PER * 4, sizeof(float));
    for (int q = 0; q < N; q++) {
        /* a square of 18 m over the oak's shadow: from its trunk (under the camera's target) away from the sun */
        const double cx = target[0] - 8.0 * dx, cz = target[2] - 8.0 * dz;
        const double x = cx - 9.0 + 18.0 * (q % SIDE) / (SIDE - 1), z = cz - 9.0 + 18.0 * (q / SIDE) / (SIDE - 1);
        float nrm[3];
        terrain_normal(scene, x, z, nrm);
        double span[3] = {2.0 * dx, 0.0, 2.0 * dz}; /* along the sun, in the ground's plane */
        const double along = span[0] * nrm[0] + span[2] * nrm[2];
        for (int c = 0; c < 3; c++) span[c] -= along * nrm[c];
        const double y = terrain_at(scene, x, z) + 0.6;
        for (int k = 0; k < PER; k++) {
            float *p = probes + ((size_t)q * PER + (size_t)k) * PROBE_FLOATS;
            const double t = k < TAPS ? (k + 0.5) / TAPS - 0.5 : 0.0; /* the last: the centre, over the span */
            p[0] = (float)(x + t * span[0]), p[1] = (float)(y + t * span[1]), p[2] = (float)(z + t * span[2]);
            memcpy(p + 3, nrm, sizeof nrm);
            p[6] = -1.0f, p[7] = 30.0f; /* the mid cascade's range */
            if (k == TAPS)
                for (int c = 0; c < 3; c++) p[8 + c] = (float)span[c];
        }
    }
    run_probes(r, probes, N * PER, res);
    int mixed = 0;
    double err = 0.0, worst = 0.0, point_err = 0.0;
    for (int q = 0; q < N; q++) {
        const float *o = res + (size_t)q * PER * 4;
        double mean = 0.0;
        for (int k = 0; k < TAPS; k++) mean += o[4 * k] / TAPS;
        if (!(mean > 0.05 && mean < 0.95)) continue; /* a span wholly lit or wholly shaded */
        mixed++;
        const double e = fabs(o[4 * TAPS] - mean);
        err += e, worst = fmax(worst, e);
        point_err += fabs(o[4 * (TAPS / 2)] - mean);
    }
    err /= mixed > 0 ? mixed : 1, point_err /= mixed > 0 ? mixed : 1;
    print_message("footprint: %d of %d 2 m spans partly shaded by the oak; there the lookup over the span is off the "
                  "mean of %d points by %.4f on average (at most %.4f), the centre's point lookup by %.4f\n",
                  mixed, N, TAPS, err, worst, point_err);
    assert_true(mixed >= 40);
    assert_true(point_err >= 0.1); /* the spans' shade differs from their centres' */
    assert_true(err <= 0.03 && worst <= 0.15);
    free(probes);
    free(res);
    gu_finish(r, ctx, scene);
}

static void cascades_draw_no_ground(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = meadow_small();
    sward_error err = {0};
    sward_renderer *r = renderer(ctx, scene);
    sward_image img = {.width = 160, .height = 90, .pixels = malloc(sward_image_bound(160, 90))};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT, full = SWARD_FRAME_STATS_INIT;
    sward_frame_debug no_lod = {.no_terrain_lod = true};
    if (sward_render(r, &(sward_frame_desc){.no_grass = true, .debug = &no_lod}, &img, &full, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    if (sward_render(r, &(sward_frame_desc){.no_grass = true}, &img, &st, &err) != SWARD_OK) fail_msg("%s", err.message);
    /* the camera's levels over the whole terrain, no view's planes */
    render_terrain_lod lod = render_terrain_lod_of(&r->config, &r->work);
    const uint32_t whole = render_terrain_select(&lod, NULL, 0, r->work.terrain.patches, r->work.terrain.capacity);
    const uint64_t whole_tris = (uint64_t)whole * 2u * SW_TERRAIN_PATCH * SW_TERRAIN_PATCH;
    print_message("terrain triangles: camera %llu (%llu without the LOD, %llu its levels over the whole terrain), "
                  "near %llu, mid %llu\n",
                  (unsigned long long)st.terrain.triangles[SWARD_VIEW_CAMERA],
                  (unsigned long long)full.terrain.triangles[SWARD_VIEW_CAMERA], (unsigned long long)whole_tris,
                  (unsigned long long)st.terrain.triangles[SWARD_VIEW_NEAR_SHADOW],
                  (unsigned long long)st.terrain.triangles[SWARD_VIEW_MID_SHADOW]);
    assert_true(st.terrain.triangles[SWARD_VIEW_CAMERA] > 0 &&
                2 * st.terrain.triangles[SWARD_VIEW_CAMERA] < full.terrain.triangles[SWARD_VIEW_CAMERA]);
    assert_true(2 * st.terrain.triangles[SWARD_VIEW_CAMERA] < whole_tris); /* culled by its planes */
    assert_true(st.terrain.triangles[SWARD_VIEW_NEAR_SHADOW] == 0 && st.terrain.triangles[SWARD_VIEW_MID_SHADOW] == 0);
    assert_true(sward_stats_pass_ms(&st, "shadow_lit") >= 0.0);
    assert_true(sward_stats_pass_ms(&st, "shadow_mid") < 0.0);
    free(img.pixels);
    gu_finish(r, ctx, scene);
}

/* A still's next frame (the same time and cascades: TAA's warm-up) keeps the shadow map and the lit heights:
 * shadow_near and shadow_lit do not run and the image is the same bytes; a new time, or another switch, draws
 * them again. */
static void kept_for_a_still(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_renderer *r = renderer(ctx, scene);
    const uint32_t w = r->config.width, h = r->config.height;
    sward_error err = {0};
    uint8_t *img[4];
    bool ran[4];
    const float times[4] = {1.0f, 1.0f, 1.25f, 1.25f};
    sward_frame_debug no_fade = {.no_fade = true}; /* frame 3: the same still without the screen door */
    for (int k = 0; k < 4; k++) {
        sward_image im = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
        sward_frame_stats st = SWARD_FRAME_STATS_INIT;
        sward_frame_desc fd = {.time = times[k], .debug = k == 3 ? &no_fade : NULL};
        if (sward_render(r, &fd, &im, &st, &err) != SWARD_OK) fail_msg("%s", err.message);
        ran[k] = sward_stats_pass_ms(&st, "shadow_lit") >= 0.0;
        /* the near layer is drawn with it, where it has casters (the hardware's blades) */
        const bool near = sward_stats_pass_ms(&st, "shadow_near") >= 0.0;
        assert_true(near == (ran[k] && render_plan_shadow_layer(&r->plan, SW_VIEW_NEAR)));
        img[k] = im.pixels;
    }
    assert_true(ran[0]);
    assert_false(ran[1]); /* the same still: the map is the first frame's */
    assert_true(ran[2]);  /* the wind moved the casters */
    assert_true(ran[3]);  /* another switch: other casters */
    assert_memory_equal(img[0], img[1], sward_image_bound(w, h));
    assert_memory_not_equal(img[1], img[2], sward_image_bound(w, h));
    for (int k = 0; k < 4; k++) free(img[k]);
    gu_finish(r, ctx, scene);
}

/* No shadows feature, or the sun below the horizon: one view, no shadow passes. */
static void off_without_feature(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    scene->render.features &= ~SW_FEAT_SHADOWS;
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    assert_false(r->plan.shadows);
    assert_int_equal(r->plan.view_count, 1);
    sward_image img = {.width = r->config.width, .height = r->config.height};
    img.pixels = malloc(sward_image_bound(img.width, img.height));
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    if (sward_render(r, NULL, &img, &st, &err) != SWARD_OK) fail_msg("%s", err.message);
    assert_true(sward_stats_pass_ms(&st, "shadow_near") < 0.0);
    free(img.pixels);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(near_layer_is_blades),
        cmocka_unit_test(far_map_matches_reference),
        cmocka_unit_test(lookup_matches_ray_march),
        cmocka_unit_test(contact_shadows),
        cmocka_unit_test(contact_shadows_match_their_march),
        cmocka_unit_test(cascades_cross_fade_over_their_band),
        cmocka_unit_test(shadow_edges_stay_under_sub_texel_moves),
        cmocka_unit_test(lookup_averages_the_footprint),
        cmocka_unit_test(cascades_draw_no_ground),
        cmocka_unit_test(kept_for_a_still),
        cmocka_unit_test(off_without_feature),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
