/* shadow_util.h — what the sun-shadow tests share (test_shadows.c, test_lit_heights.c): one frame's shadow
 * resources read back, the height field on the CPU, and the lookup (shaders/shadow.inc.glsl) run at probe points
 * through tests/gpu/shaders/shadow_probe.comp.glsl. Include after gpu_util.h. */
#ifndef SHADOW_UTIL_H
#define SHADOW_UTIL_H

#include "probe_util.h"
#include "testing/readback.h"
#include "shared/sw_shadow.h"
#include "shadow_probe_comp.h"

#include <math.h>
#define S RENDER_SHADOW_SIZE
/* m: a blade's root against the bilinear height field (the terrain mesh's triangles, ~1 cm here) and the depth's
 * float precision, in the near cascade. */
#define NEAR_TOL (0.03 * 2048.0 / S)

#define PROBE_FLOATS 12

typedef struct shadow_frame {
    float *layers, *far, *lit;
    sw_view views[SW_MAX_VIEWS];
} shadow_frame;

static inline void read_frame(sward_renderer *r, const sward_frame_desc *fd, shadow_frame *out)
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

static inline void free_frame(shadow_frame *f)
{
    free(f->layers);
    free(f->far);
    free(f->lit);
}

/* The world point a texel of layer `v - 1` holds (its depth through the view's inverse). */
static inline bool texel_world(const shadow_frame *f, uint32_t v, uint32_t i, uint32_t j, double p[3])
{
    float d = f->layers[(size_t)(v - 1) * S * S + (size_t)j * S + i];
    if (d <= 0.0f) return false; /* cleared: nothing there */
    double c[4] = {(i + 0.5) / S * 2.0 - 1.0, (j + 0.5) / S * 2.0 - 1.0, d, 1.0};
    const float *m = f->views[v].inv_view_proj;
    for (int r = 0; r < 3; r++) p[r] = m[r] * c[0] + m[4 + r] * c[1] + m[8 + r] * c[2] + m[12 + r];
    return true;
}

static inline double terrain_at(const sward_scene *s, double x, double z)
{
    float x0, z0, cell, inv;
    world_terrain_grid(&s->terrain, &x0, &z0, &cell, &inv);
    sw_hf_window hw = {s->terrain.heights, world_hf_ring(&s->terrain), s->terrain.hf_i0, s->terrain.hf_j0};
    return sw_hf_height(&hw, (float)x, (float)z, x0, z0, inv, s->terrain.resolution);
}

static inline bool on_terrain(const sward_scene *s, const double p[3])
{
    double h = 0.5 * s->terrain.size - 0.5;
    return fabs(p[0]) < h && fabs(p[2]) < h;
}

/* scenes/meadow.json (1 km) at 160 x 90. */
static inline sward_scene *meadow_small(void)
{
    sward_scene *scene = gu_scene("scenes/meadow.json");
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = 160, rs.height = 90;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    return scene;
}

static inline sward_renderer *renderer(sward_context *ctx, sward_scene *scene)
{
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    assert_true(r->config.shadow_maps); /* the cascades' resources; each frame's plan.shadows draws them */
    return r;
}

/* ---- the lookup (shaders/shadow.inc.glsl) through tests/gpu/shaders/shadow_probe.comp.glsl ---- */

/* Runs the probe shader over n probes after the renderer's last frame; results: 4 floats per probe. */
static inline void run_probes(sward_renderer *r, const float *probes, uint32_t n, float *results)
{
    gpu_buffer in, out;
    probe_buffer(r, &in, (size_t)n * PROBE_FLOATS * sizeof(float), true, probes, "test.probes");
    probe_buffer(r, &out, (size_t)n * 4 * sizeof(float), false, NULL, "test.probe_results");
    gpu_access depth_access; /* the frame's depth, as the lighting reads it */
    const render_res depth = render_frame_depth(r, &depth_access);
    const probe_bind binds[7] = {
        {0, &in, VK_NULL_HANDLE, 0},
        {1, &out, VK_NULL_HANDLE, 0},
        {SW_LIGHT_DEPTH, NULL, render_image_view(r, depth, 0), gpu_access_of(depth_access).layout},
        {SW_LIGHT_SHADOW_MAP, NULL, render_image_view(r, RES_SHADOW, 0), VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL},
        {SW_LIGHT_SHADOW_FAR, render_buffer(r, RES_SHADOW_FAR, 0), VK_NULL_HANDLE, 0},
        {SW_LIGHT_SHADOW_CASTERS, render_buffer(r, RES_SHADOW_CASTERS, 0), VK_NULL_HANDLE, 0},
        {SW_LIGHT_SHADOW_LIT, render_buffer(r, RES_SHADOW_LIT, 0), VK_NULL_HANDLE, 0},
    };
    const probe_read reads[5] = {{depth, depth_access},
                                 {RES_SHADOW, GPU_ACCESS_DEPTH_READ_COMPUTE},
                                 {RES_SHADOW_FAR, GPU_ACCESS_COMPUTE_READ},
                                 {RES_SHADOW_LIT, GPU_ACCESS_COMPUTE_READ},
                                 {RES_SHADOW_CASTERS, GPU_ACCESS_COMPUTE_READ}};
    probe_run(r, sw_test_shadow_probe_comp, sizeof sw_test_shadow_probe_comp, "test.probe", binds, 7, reads, 5, n);
    memcpy(results, out.mapped, (size_t)n * 4 * sizeof(float));
    gpu_buffer_destroy(&r->ctx->dev, &in);
    gpu_buffer_destroy(&r->ctx->dev, &out);
}

static inline void render_frame(sward_renderer *r, const sward_frame_desc *fd)
{
    sward_error err = {0};
    sward_image img = {.width = r->config.width, .height = r->config.height};
    img.pixels = malloc(sward_image_bound(img.width, img.height));
    assert_non_null(img.pixels);
    if (sward_render(r, fd, &img, NULL, &err) != SWARD_OK) fail_msg("%s", err.message);
    free(img.pixels);
}

/* The ground's normal from the bilinear height field. */
static inline void terrain_normal(const sward_scene *s, double x, double z, float n[3])
{
    double gx = terrain_at(s, x + 0.25, z) - terrain_at(s, x - 0.25, z);
    double gz = terrain_at(s, x, z + 0.25) - terrain_at(s, x, z - 0.25);
    double l = sqrt(gx * gx + 0.25 + gz * gz);
    n[0] = (float)(-gx / l), n[1] = (float)(0.5 / l), n[2] = (float)(-gz / l);
}

#endif
