/* The sun's shadow cascades on the GPU (SPEC LS2, LS3, LS4): the near layer of the shadow map holds the near
 * cascade's blades and no ground; the near and mid ranges' lit heights (issue 19, shadow_lit.comp.glsl) equal the
 * CPU's recurrence over the ground and over the ground raised by the grass impostor (the local grass height,
 * dithered down by at most SW_LIT_DITHER of it, where there is grass and not elsewhere); the far lit-height map
 * equals the CPU reference (shared/sw_shadow.h) and is computed again only when the sun turns.
 * scenes/small.json: 64 m of 3 m hills, the sun 15 degrees up. Validation (core + synchronisation) must say
 * nothing. */
#include "gpu_util.h"

#include "render_util.h"
#include "shared/sw_shadow.h"
#include "shadow_probe_comp.h"

#include <math.h>

#define S RENDER_SHADOW_SIZE
/* m: a blade's root against the bilinear height field (the terrain mesh's triangles, ~1 cm here) and the depth's
 * float precision, in the near cascade. */
#define NEAR_TOL (0.03 * 2048.0 / S)

#define PROBE_FLOATS 8
static void run_probes(sward_renderer *r, const float *probes, uint32_t n, float *results);
static void render_frame(sward_renderer *r, const sward_frame_desc *fd);
static void terrain_normal(const sward_scene *s, double x, double z, float n[3]);

typedef struct shadow_frame {
    float *layers, *far, *lit;
    sw_view views[SW_MAX_VIEWS];
} shadow_frame;

static void read_frame(sward_renderer *r, const sward_frame_desc *fd, shadow_frame *out)
{
    sward_error err = {0};
    out->layers = malloc(2u * S * S * sizeof(float));
    out->far = malloc((size_t)r->shadows.far_size * r->shadows.far_size * sizeof(float));
    out->lit = malloc(2u * S * S * sizeof(float));
    assert_non_null(out->layers);
    assert_non_null(out->far);
    assert_non_null(out->lit);
    if (render_read_shadows(r, fd, out->layers, out->far, out->lit, out->views, &err) != SWARD_OK)
        fail_msg("%s", err.message);
}

static void free_frame(shadow_frame *f)
{
    free(f->layers);
    free(f->far);
    free(f->lit);
}

/* The world point a texel of layer `v - 1` holds (its depth through the view's inverse). */
static bool texel_world(const shadow_frame *f, uint32_t v, uint32_t i, uint32_t j, double p[3])
{
    float d = f->layers[(size_t)(v - 1) * S * S + (size_t)j * S + i];
    if (d <= 0.0f) return false; /* cleared: nothing there */
    double c[4] = {(i + 0.5) / S * 2.0 - 1.0, (j + 0.5) / S * 2.0 - 1.0, d, 1.0};
    const float *m = f->views[v].inv_view_proj;
    for (int r = 0; r < 3; r++) p[r] = m[r] * c[0] + m[4 + r] * c[1] + m[8 + r] * c[2] + m[12 + r];
    return true;
}

static double terrain_at(const sward_scene *s, double x, double z)
{
    float x0, z0, cell, inv;
    world_terrain_grid(&s->terrain, &x0, &z0, &cell, &inv);
    sw_hf_window hw = {s->terrain.heights, world_hf_ring(&s->terrain), s->terrain.hf_i0, s->terrain.hf_j0};
    return sw_hf_height(&hw, (float)x, (float)z, x0, z0, inv, s->terrain.resolution);
}

static bool on_terrain(const sward_scene *s, const double p[3])
{
    double h = 0.5 * s->terrain.size - 0.5;
    return fabs(p[0]) < h && fabs(p[2]) < h;
}

static sward_renderer *renderer(sward_context *ctx, sward_scene *scene)
{
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    assert_true(r->plan.shadows);
    assert_int_equal(r->plan.view_count, 3);
    return r;
}

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

/* Issue 19: the lit heights of the near and mid ranges against the CPU's recurrence, both channels; the
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
    sward_scene *scene = gu_scene("scenes/meadow.json");
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = 160, rs.height = 90;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
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

/* ---- the lookup (shaders/shadow.inc.glsl) through tests/gpu/shaders/shadow_probe.comp.glsl ---- */

/* Runs the probe shader over n probes after the renderer's last frame; results: 4 floats per probe. */
static void run_probes(sward_renderer *r, const float *probes, uint32_t n, float *results)
{
    gpu_device *dev = &r->ctx->dev;
    sward_error err = {0};
    const VkDescriptorType sb = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, img = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    VkDescriptorSetLayoutBinding b[7] = {
        {0, sb, 1, VK_SHADER_STAGE_ALL, NULL},
        {1, sb, 1, VK_SHADER_STAGE_ALL, NULL},
        {SW_LIGHT_DEPTH, img, 1, VK_SHADER_STAGE_ALL, NULL},
        {SW_LIGHT_SHADOW_MAP, img, 1, VK_SHADER_STAGE_ALL, NULL},
        {SW_LIGHT_SHADOW_FAR, sb, 1, VK_SHADER_STAGE_ALL, NULL},
        {SW_LIGHT_SHADOW_CASTERS, sb, 1, VK_SHADER_STAGE_ALL, NULL},
        {SW_LIGHT_SHADOW_LIT, sb, 1, VK_SHADER_STAGE_ALL, NULL},
    };
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkDescriptorPool pool;
    VkDescriptorSet set;
    VkPipeline pipe;
    gpu_buffer in, out;
    if (gpu_set_layout_create(dev, b, 7, "test.probe", &set_layout, &err)) fail_msg("%s", err.message);
    VkDescriptorSetLayout sets[2] = {render_scene_layout(r), set_layout};
    if (gpu_pipeline_layout_create(dev, sets, 2, sizeof(sw_push), "test.probe", &layout, &err)) fail_msg("%s", err.message);
    if (gpu_sets_allocate(dev, set_layout, b, 7, 1, "test.probe", &pool, &set, &err)) fail_msg("%s", err.message);
    if (gpu_compute_pipeline(dev, layout, sw_test_shadow_probe_comp, sizeof sw_test_shadow_probe_comp, NULL,
                             "test.probe", &pipe, &err))
        fail_msg("%s", err.message);
    if (gpu_buffer_create(dev, &in, (VkDeviceSize)n * PROBE_FLOATS * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                          GPU_MEMORY_UPLOAD, "test.probes", &err) ||
        gpu_buffer_create(dev, &out, (VkDeviceSize)n * 4 * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                          GPU_MEMORY_READBACK, "test.probe_results", &err))
        fail_msg("%s", err.message);
    memcpy(in.mapped, probes, (size_t)n * PROBE_FLOATS * sizeof(float));
    gpu_write_buffer(dev, set, 0, sb, &in);
    gpu_write_buffer(dev, set, 1, sb, &out);
    gpu_write_image(dev, set, SW_LIGHT_DEPTH, img, render_image_view(r, RES_DEPTH, 0),
                    VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL, render_scene_sampler(r));
    gpu_write_image(dev, set, SW_LIGHT_SHADOW_MAP, img, render_image_view(r, RES_SHADOW, 0),
                    VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL, render_scene_sampler(r));
    gpu_write_buffer(dev, set, SW_LIGHT_SHADOW_FAR, sb, render_buffer(r, RES_SHADOW_FAR, 0));
    gpu_write_buffer(dev, set, SW_LIGHT_SHADOW_CASTERS, sb, render_buffer(r, RES_SHADOW_CASTERS, 0));
    gpu_write_buffer(dev, set, SW_LIGHT_SHADOW_LIT, sb, render_buffer(r, RES_SHADOW_LIT, 0));
    VkCommandBuffer cmd;
    if (gpu_begin_once(dev, &cmd, &err)) fail_msg("%s", err.message);
    render_access(r, cmd, RES_FRAME, 0, GPU_ACCESS_COMPUTE_READ, false);
    render_access(r, cmd, RES_VIEWS, 0, GPU_ACCESS_COMPUTE_READ, false);
    render_access(r, cmd, RES_DEPTH, 0, GPU_ACCESS_DEPTH_READ_COMPUTE, false);
    render_access(r, cmd, RES_SHADOW, 0, GPU_ACCESS_DEPTH_READ_COMPUTE, false);
    render_access(r, cmd, RES_SHADOW_FAR, 0, GPU_ACCESS_COMPUTE_READ, false);
    render_access(r, cmd, RES_SHADOW_LIT, 0, GPU_ACCESS_COMPUTE_READ, false);
    render_access(r, cmd, RES_SHADOW_CASTERS, 0, GPU_ACCESS_COMPUTE_READ, false);
    gpu_barrier_memory(cmd, GPU_ACCESS_HOST_WRITE, GPU_ACCESS_COMPUTE_READ);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    VkDescriptorSet bound[2] = {render_scene_set0(r), set};
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, bound, 0, NULL);
    sw_push push = {.view = 0, .level = n};
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_ALL, 0, sizeof push, &push);
    vkCmdDispatch(cmd, (n + 63) / 64, 1, 1);
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_HOST_READ);
    if (gpu_submit_wait(dev, cmd, &err)) fail_msg("%s", err.message);
    memcpy(results, out.mapped, (size_t)n * 4 * sizeof(float));
    gpu_buffer_destroy(dev, &in);
    gpu_buffer_destroy(dev, &out);
    vkDestroyPipeline(dev->device, pipe, NULL);
    vkDestroyDescriptorPool(dev->device, pool, NULL);
    vkDestroyPipelineLayout(dev->device, layout, NULL);
    vkDestroyDescriptorSetLayout(dev->device, set_layout, NULL);
}

static void render_frame(sward_renderer *r, const sward_frame_desc *fd)
{
    sward_error err = {0};
    sward_image img = {.width = r->plan.width, .height = r->plan.height};
    img.pixels = malloc(sward_image_bound(img.width, img.height));
    assert_non_null(img.pixels);
    if (sward_render(r, fd, &img, NULL, &err) != SWARD_OK) fail_msg("%s", err.message);
    free(img.pixels);
}

/* The ground's normal from the bilinear height field. */
static void terrain_normal(const sward_scene *s, double x, double z, float n[3])
{
    double gx = terrain_at(s, x + 0.25, z) - terrain_at(s, x - 0.25, z);
    double gz = terrain_at(s, x, z + 0.25) - terrain_at(s, x, z - 0.25);
    double l = sqrt(gx * gx + 0.25 + gz * gz);
    n[0] = (float)(-gx / l), n[1] = (float)(0.5 / l), n[2] = (float)(-gz / l);
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
    /* Issue 19: the near range on hill-shadowed ground, which only the ground's lit heights shade (the near
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

/* Issue 19: the camera draws its own patches of the CDLOD mesh, under half the whole-resolution mesh's triangles
 * (no_terrain_lod; meadow's 2 m quads keep level 0 out to 192 m) and under half of its levels over the whole
 * terrain (culled by its planes); the cascades draw no ground at all (it casts
 * through the lit heights), and without mesh assets the mid cascade does not run. */
static void cascades_draw_no_ground(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/meadow.json");
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = 160, rs.height = 90;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_renderer *r = renderer(ctx, scene);
    sward_image img = {.width = 160, .height = 90, .pixels = malloc(sward_image_bound(160, 90))};
    sward_frame_stats st, full;
    sward_frame_debug no_lod = {.no_terrain_lod = true};
    if (sward_render(r, &(sward_frame_desc){.no_grass = true, .debug = &no_lod}, &img, &full, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    if (sward_render(r, &(sward_frame_desc){.no_grass = true}, &img, &st, &err) != SWARD_OK) fail_msg("%s", err.message);
    /* the camera's levels over the whole terrain, no view's planes */
    render_terrain_lod lod = render_terrain_lod_of(&r->plan);
    const uint32_t whole = render_terrain_select(&lod, NULL, 0, r->plan.terrain.patches, r->plan.terrain.capacity);
    const uint64_t whole_tris = (uint64_t)whole * 2u * SW_TERRAIN_PATCH * SW_TERRAIN_PATCH;
    print_message("terrain triangles: camera %llu (%llu without the LOD, %llu its levels over the whole terrain), "
                  "near %llu, mid %llu\n",
                  (unsigned long long)st.terrain_triangles[SWARD_VIEW_CAMERA],
                  (unsigned long long)full.terrain_triangles[SWARD_VIEW_CAMERA], (unsigned long long)whole_tris,
                  (unsigned long long)st.terrain_triangles[SWARD_VIEW_NEAR_SHADOW],
                  (unsigned long long)st.terrain_triangles[SWARD_VIEW_MID_SHADOW]);
    assert_true(st.terrain_triangles[SWARD_VIEW_CAMERA] > 0 &&
                2 * st.terrain_triangles[SWARD_VIEW_CAMERA] < full.terrain_triangles[SWARD_VIEW_CAMERA]);
    assert_true(2 * st.terrain_triangles[SWARD_VIEW_CAMERA] < whole_tris); /* culled by its planes */
    assert_true(st.terrain_triangles[SWARD_VIEW_NEAR_SHADOW] == 0 && st.terrain_triangles[SWARD_VIEW_MID_SHADOW] == 0);
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
    const uint32_t w = r->plan.width, h = r->plan.height;
    sward_error err = {0};
    uint8_t *img[4];
    bool ran[4];
    const float times[4] = {1.0f, 1.0f, 1.25f, 1.25f};
    sward_frame_debug no_fade = {.no_fade = true}; /* frame 3: the same still without the screen door */
    for (int k = 0; k < 4; k++) {
        sward_image im = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
        sward_frame_stats st;
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
    sward_image img = {.width = r->plan.width, .height = r->plan.height};
    img.pixels = malloc(sward_image_bound(img.width, img.height));
    sward_frame_stats st;
    if (sward_render(r, NULL, &img, &st, &err) != SWARD_OK) fail_msg("%s", err.message);
    assert_true(sward_stats_pass_ms(&st, "shadow_near") < 0.0);
    free(img.pixels);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(near_layer_is_blades),
        cmocka_unit_test(lit_heights_impostor),
        cmocka_unit_test(lit_rows_enter_from_the_far_map),
        cmocka_unit_test(lit_heights_cached),
        cmocka_unit_test(far_map_matches_reference),
        cmocka_unit_test(lookup_matches_ray_march),
        cmocka_unit_test(contact_shadows),
        cmocka_unit_test(cascades_draw_no_ground),
        cmocka_unit_test(kept_for_a_still),
        cmocka_unit_test(off_without_feature),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
