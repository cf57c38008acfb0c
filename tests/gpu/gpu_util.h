/* gpu_util.h — shared set-up for the GPU tests: a validated context on the default device (lavapipe in CI)
 * and scenes from scenes/. Every test ends by asserting that the validation layer (core + synchronisation)
 * said nothing. */
#ifndef SWARD_GPU_UTIL_H
#define SWARD_GPU_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "sward/sward.h"
#include "sward/sward_testing.h"
#include "world/world.h"
#include "shared/sw_types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ctest runs the longest GPU programs one test case at a time (tests/CMakeLists.txt, SWARD_SPLIT_GPU_TESTS):
 * SWARD_TEST_FILTER names the case (cmocka's pattern), so the cases run in parallel and none is long. */
__attribute__((constructor)) static void gu_test_filter(void)
{
    const char *f = getenv("SWARD_TEST_FILTER");
    if (f && *f) cmocka_set_test_filter(f);
}

static inline void gu_log(sward_log_level level, const char *message, void *user)
{
    (void)user;
    if (level >= SWARD_LOG_WARN) fprintf(stderr, "sward: %s\n", message);
}

static inline sward_context *gu_context(void)
{
    sward_error err = {0};
    sward_context *ctx = NULL;
    sward_context_desc d = {.validation = true, .logger = {.fn = gu_log}};
    if (sward_context_create(&d, &ctx, &err) != SWARD_OK) fail_msg("context: %s", err.message);
    return ctx;
}

static inline sward_scene *gu_scene(const char *rel)
{
    const char *src = getenv("SWARD_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", src ? src : ".", rel);
    sward_error err = {0};
    sward_scene *s = NULL;
    if (sward_scene_load_file(path, &s, &err) != SWARD_OK) fail_msg("scene: %s", err.message);
    /* The GPU tests check single frames (against CPU references, byte for byte, by counts): TAA (SH8) blends a
     * renderer's successive frames and bloom (PO3) spreads bright light, so both are off unless a test turns
     * them on (gpu_taa_bloom; scene->render.features). */
    s->render.features &= ~(SW_FEAT_TAA | SW_FEAT_BLOOM);
    /* ... and the exposure is the scene's manual one (render.exposure, 1 for "auto"): PO4 adapts it to each frame's
     * light, which the CPU references of the tone map do not model (gpu_exposure turns it on) */
    s->render.settings.auto_exposure.enabled = false;
    return s;
}

/* The shadow maps' size of gu_scene_lean (render.shadow_size): on lavapipe the 2048^2 maps' casters and lit
 * heights are half of a moving frame's time and 0.6 s of a renderer's first frame; at 512 they are a sixteenth. */
#define GU_SHADOW_SIZE 512u

/* gu_scene with the sun's shadow maps at GU_SHADOW_SIZE texels a side, for the tests of what their resolution does
 * not touch (placement, culling, the tile cache, streaming, occlusion, LOD, the ground, post): the shadows are on,
 * as in the default scenes, only coarser. The shadows' own tests (gpu_shadows, gpu_lit_heights, gpu_raster's
 * casters, gpu_asset_compute's) read the maps back at the default size (RENDER_SHADOW_SIZE) and use gu_scene. */
static inline sward_scene *gu_scene_lean(const char *rel)
{
    sward_scene *s = gu_scene(rel);
    s->render.shadow_size = GU_SHADOW_SIZE;
    return s;
}

/* The scene's draw distance and every grass type's capped at d (m): for the tests that read every blade of the
 * tiles in range (no culling), which the field scenes' 150 m would make millions. */
static inline void gu_draw_distance(sward_scene *s, float d)
{
    s->render.draw_distance = d;
    s->render.lod_distance = fminf(s->render.lod_distance, d);
    for (int i = 0; i < s->material_count; i++) {
        s->materials[i].draw_distance = fminf(s->materials[i].draw_distance, d);
        s->materials[i].lod_distance = fminf(s->materials[i].lod_distance, s->materials[i].draw_distance);
    }
}

static inline void gu_no_validation_messages(sward_context *ctx)
{
    assert_int_equal(sward_context_validation_messages(ctx), 0);
}

/* A renderer of `scene` at w x h (the scene's render size set to it). */
static inline sward_renderer *gu_renderer(sward_context *ctx, sward_scene *scene, uint32_t w, uint32_t h)
{
    sward_error err = {0};
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = w;
    rs.height = h;
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    return r;
}

/* One frame of `scene` at w x h by a renderer of its own (its pixels, malloc'd); `fd` and `st` may be NULL. */
static inline uint8_t *gu_render(sward_context *ctx, sward_scene *scene, uint32_t w, uint32_t h,
                                 const sward_frame_desc *fd, sward_frame_stats *st)
{
    sward_error err = {0};
    sward_renderer *r = gu_renderer(ctx, scene, w, h);
    sward_image img = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
    sward_frame_stats local = SWARD_FRAME_STATS_INIT;
    if (sward_render(r, fd, &img, st ? st : &local, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    sward_renderer_destroy(r);
    return img.pixels;
}

/* Ends a test: frees the renderer, checks the validation layer said nothing, frees the context and scene. */
static inline void gu_finish(sward_renderer *r, sward_context *ctx, sward_scene *scene)
{
    sward_renderer_destroy(r);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

#endif
