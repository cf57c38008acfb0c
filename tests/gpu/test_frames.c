/* The frame's machinery: frames in flight give the same images as one frame at a time and expire
 * after SWARD_FRAMES_IN_FLIGHT newer ones; a renderer resized gives exactly the image of one created at that
 * size, and back; a survivor list that overflows grows (the dropped blades are counted, the next frame has
 * none) and sward_render still returns the complete image; pass times come by name, in frame order. All with
 * validation (core + synchronisation) on. */
#include "gpu_util.h"

#include <math.h>

#include "render/render.h"

static uint8_t *render_one(sward_renderer *r, float time, uint32_t w, uint32_t h, sward_frame_stats *stats)
{
    sward_image img = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
    sward_error err = {0};
    sward_frame_desc fd = {.time = time};
    if (sward_render(r, &fd, &img, stats, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    return img.pixels;
}

static sward_renderer *renderer(sward_context *ctx, sward_scene *scene)
{
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    return r;
}

static void frames_in_flight_equal_one_at_a_time(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_renderer *r = renderer(ctx, scene);
    sward_render_settings rs = sward_scene_render_settings(scene);
    size_t bytes = sward_image_bound(rs.width, rs.height);
    const float times[3] = {0.0f, 0.7f, 1.9f};
    uint8_t *sync[3];
    for (int i = 0; i < 3; i++) sync[i] = render_one(r, times[i], rs.width, rs.height, NULL);

    /* all three submitted before any is collected: the third reuses the first's slot */
    sward_error err = {0};
    uint64_t ticket[3];
    for (int i = 0; i < 3; i++) {
        sward_frame_desc fd = {.time = times[i]};
        if (sward_render_submit(r, &fd, &ticket[i], &err) != SWARD_OK) fail_msg("submit: %s", err.message);
    }
    assert_true(ticket[0] < ticket[1] && ticket[1] < ticket[2]);
    sward_image img = {.width = rs.width, .height = rs.height, .pixels = malloc(bytes)};
    assert_int_equal(sward_render_wait(r, ticket[0], &img, NULL, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "not in flight"));
    for (int i = 2; i >= 1; i--) { /* any order */
        sward_frame_stats st = SWARD_FRAME_STATS_INIT;
        if (sward_render_wait(r, ticket[i], &img, &st, &err) != SWARD_OK) fail_msg("wait: %s", err.message);
        assert_memory_equal(img.pixels, sync[i], bytes);
        assert_true(st.blades.drawn > 1000);
    }
    assert_true(memcmp(sync[0], sync[2], bytes) != 0); /* the times differ: the comparison can fail */
    free(img.pixels);
    for (int i = 0; i < 3; i++) free(sync[i]);
    gu_finish(r, ctx, scene);
}

static void resize_equals_a_renderer_of_that_size(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_renderer *r = renderer(ctx, scene);
    uint8_t *before = render_one(r, 0.5f, rs.width, rs.height, NULL);
    sward_error err = {0};
    const uint32_t w = 203, h = 117; /* odd sizes: the Hi-Z pyramid's odd edges */
    if (sward_renderer_resize(r, w, h, &err) != SWARD_OK) fail_msg("resize: %s", err.message);
    uint32_t gw, gh;
    sward_renderer_size(r, &gw, &gh);
    assert_int_equal(gw, w);
    assert_int_equal(gh, h);
    uint8_t *resized = render_one(r, 0.5f, w, h, NULL);

    /* the wrong size is refused with the size it expects */
    sward_image wrong = {.width = rs.width, .height = rs.height, .pixels = before};
    assert_int_equal(sward_render(r, NULL, &wrong, NULL, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "203x117"));
    assert_int_equal(sward_renderer_resize(r, 0, 10, &err), SWARD_ERROR_INVALID_INPUT);

    /* a renderer made at that size from the start */
    sward_scene *scene2 = gu_scene("scenes/small.json");
    sward_render_settings rs2 = rs;
    rs2.width = w;
    rs2.height = h;
    if (sward_scene_set_render_settings(scene2, &rs2, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_renderer *r2 = renderer(ctx, scene2);
    uint8_t *fresh = render_one(r2, 0.5f, w, h, NULL);
    assert_memory_equal(resized, fresh, sward_image_bound(w, h));

    /* and back, while a frame of the other size is in flight: it finishes with its own targets, which are
     * freed only once it is done */
    uint64_t ticket;
    sward_frame_desc fd = {.time = 0.5f};
    if (sward_render_submit(r, &fd, &ticket, &err) != SWARD_OK) fail_msg("submit: %s", err.message);
    if (sward_renderer_resize(r, rs.width, rs.height, &err) != SWARD_OK) fail_msg("resize: %s", err.message);
    sward_image in_flight = {.width = w, .height = h, .pixels = malloc(sward_image_bound(w, h))};
    if (sward_render_wait(r, ticket, &in_flight, NULL, &err) != SWARD_OK) fail_msg("wait: %s", err.message);
    assert_memory_equal(in_flight.pixels, fresh, sward_image_bound(w, h));
    free(in_flight.pixels);
    uint8_t *after = render_one(r, 0.5f, rs.width, rs.height, NULL);
    assert_memory_equal(before, after, sward_image_bound(rs.width, rs.height));
    free(before);
    free(resized);
    free(fresh);
    free(after);
    sward_renderer_destroy(r2);
    sward_scene_destroy(scene2);
    gu_finish(r, ctx, scene);
}

/* bench/dense.json at a small size, its draw distance 60 -> 40 m: about 700,000 survivors, more than the list's
 * first room of 512 Ki (256 Ki, doubled: lists.c); the whole field's 1.38 million took four times as long for the
 * same check. */
static void survivor_list_grows(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("bench/dense.json");
    /* the camera's list (no TAA: each frame is its own, without a still's 8 warm-up frames: 5 frames of 670,000
     * blades, not 20; sward_render's second try after a frame that dropped blades is the same without it); the shadow
     * maps at gu_scene_lean's size */
    scene->render.features &= ~SW_FEAT_TAA;
    scene->render.shadow_size = GU_SHADOW_SIZE;
    scene->render.draw_distance = 40.0f;
    for (int i = 0; i < scene->material_count; i++) {
        scene->materials[i].draw_distance = fminf(scene->materials[i].draw_distance, 40.0f);
        scene->materials[i].lod_distance = fminf(scene->materials[i].lod_distance, 40.0f);
    }
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = 160;
    rs.height = 90;
    sward_error err = {0};
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    sward_renderer *r = renderer(ctx, scene);
    uint64_t ticket;
    sward_frame_stats first = SWARD_FRAME_STATS_INIT, second = SWARD_FRAME_STATS_INIT;
    sward_frame_desc fd = {.time = 0.25f};
    if (sward_render_submit(r, &fd, &ticket, &err) || sward_render_wait(r, ticket, NULL, &first, &err))
        fail_msg("frame: %s", err.message);
    if (sward_render_submit(r, &fd, &ticket, &err) || sward_render_wait(r, ticket, NULL, &second, &err))
        fail_msg("frame: %s", err.message);
    print_message("first frame %llu drawn, %llu dropped; second %llu drawn, %llu dropped; %.1f MiB\n",
                  (unsigned long long)first.blades.drawn, (unsigned long long)first.blades.dropped,
                  (unsigned long long)second.blades.drawn, (unsigned long long)second.blades.dropped,
                  (double)second.memory.gpu_bytes / 1048576.0);
    assert_true(first.blades.dropped > 0);
    assert_int_equal(second.blades.dropped, 0);
    assert_true(second.blades.drawn > 524288);
    assert_int_equal(first.blades.drawn + first.blades.dropped, second.blades.drawn);
    /* memory follows the survivors: a list of more than 256 Ki blades holds 256 Ki or a third more (lists.c), in
     * steps of 64 Ki; room for the survivors' count again would be 32 bytes a blade wasted */
    uint64_t n = second.blades.drawn, more = n / 3 > 262144 ? n / 3 : 262144;
    assert_true((uint64_t)r->views[0].survivor_capacity >= n + more);
    assert_true((uint64_t)r->views[0].survivor_capacity < n + more + 65536);

    /* sward_render renders such a frame again: its image is complete (as the second frame's) */
    sward_renderer *r2 = renderer(ctx, scene);
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    uint8_t *once = render_one(r2, 0.25f, rs.width, rs.height, &st);
    uint8_t *grown = render_one(r, 0.25f, rs.width, rs.height, NULL);
    assert_int_equal(st.blades.dropped, 0);
    assert_memory_equal(once, grown, sward_image_bound(rs.width, rs.height));
    free(once);
    free(grown);
    sward_renderer_destroy(r2);
    gu_finish(r, ctx, scene);
}

static void pass_times_by_name(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    scene->render.settings.auto_exposure.enabled = true; /* the scene's: the exposure pass runs (PO4) */
    sward_renderer *r = renderer(ctx, scene);
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    free(render_one(r, 0.0f, rs.width, rs.height, &st));
    /* render.raster "compute": every pass of a scene without mesh assets runs (the compute rasteriser, and the near
     * cascade's casters in compute, BX1), except the cascades' layers, which then have no casters */
    scene->render.raster = WORLD_RASTER_COMPUTE;
    sward_renderer_destroy(r);
    r = renderer(ctx, scene);
    free(render_one(r, 0.0f, rs.width, rs.height, &st));
    /* the compute rasteriser in sward_cmd_post, before the resolves: one frame order for sward and hosts */
    const char *order[] = {"wind_field",   "place",         "terrain_depth", "hiz",         "cull",         "draw_args",
                           "place_ahead",  "grass_depth",  "grass",         "shadow_raster", "shadow_far", "shadow_lit",
                           "raster",       "raster_merge",  "resolve",      "terrain_resolve", "lighting",  "taa",
                           "exposure",     "bloom",         "post"};
    const uint32_t n = sizeof order / sizeof order[0];
    assert_int_equal(st.passes.count, n);
    for (uint32_t i = 0; i < n; i++) {
        assert_string_equal(st.passes.times[i].name, order[i]);
        /* a time measured (a pass beyond the timer's room would read 0: none is that fast on lavapipe) */
        assert_true(st.passes.times[i].gpu_ms > 0.0);
        assert_true(sward_stats_pass_ms(&st, order[i]) == st.passes.times[i].gpu_ms);
    }
    assert_true(sward_stats_pass_ms(&st, "no such pass") < 0.0);
    /* the renderer holds the times (no fixed room in the ABI): room for every pass it can time, these and those
     * that did not run here (hdr_out, in frames that read back their HDR image; the mesh assets' six: place,
     * cull, depth, G-buffer, resolve and the flowers' near casters, and the three of their occluders' step:
     * hiz_ground, asset_cull_camera, asset_occluders, and of its second phase: asset_cull_late,
     * asset_occluders_late, hiz_history; shadow_near and shadow_mid, with casters for their layers; the ground's
     * fragment pass, which terrain_resolve replaces with the prime) */
    assert_int_equal(sward_renderer_pass_count(r), n + 16);
    assert_true(sward_renderer_pass_count(NULL) == 0);
    assert_true(st.blades.high + st.blades.low == st.blades.drawn);
    assert_true(st.blades.triangles >= st.blades.high * 13 + st.blades.low * 5);
    gu_finish(r, ctx, scene);
}

/* A host built against another sward.h passes a sward_frame_stats of another size: every entry point that fills
 * one refuses it with a message naming the field and both sizes, writes nothing into it, and consumes nothing
 * (the frame in flight can still be waited for with the right size). */
static void stats_of_another_size_refused(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("scenes/small.json");
    sward_renderer *r = renderer(ctx, scene);
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_image img = {
        .width = rs.width, .height = rs.height, .pixels = malloc(sward_image_bound(rs.width, rs.height))};
    sward_error err = {0};
    char want[96];
    snprintf(want, sizeof want, "sward_frame_stats.struct_size is %zu, this sward's is %zu",
             sizeof(sward_frame_stats) - 8, sizeof(sward_frame_stats));
    sward_frame_stats st;
    memset(&st, 0xab, sizeof st);
    st.struct_size = sizeof st - 8; /* an older header's struct, one counter short */
    unsigned char before[sizeof st];
    memcpy(before, &st, sizeof st);
    const sward_frame_desc fd = {.time = 0.0f};
    assert_int_equal(sward_render(r, &fd, &img, &st, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "sward_render: "));
    assert_non_null(strstr(err.message, want));
    assert_memory_equal(&st, before, sizeof st);
    sward_image_hdr hdr = {
        .width = rs.width, .height = rs.height, .pixels = malloc(sward_image_hdr_bound(rs.width, rs.height))};
    err = (sward_error){0};
    assert_int_equal(sward_render_hdr(r, &fd, NULL, &hdr, &st, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "sward_render_hdr: "));
    assert_non_null(strstr(err.message, want));
    uint64_t ticket = 0;
    if (sward_render_submit(r, &fd, &ticket, &err) != SWARD_OK) fail_msg("submit: %s", err.message);
    err = (sward_error){0};
    assert_int_equal(sward_render_wait(r, ticket, &img, &st, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "sward_render_wait: "));
    assert_non_null(strstr(err.message, want));
    err = (sward_error){0};
    assert_int_equal(sward_vulkan_frame_stats(r, false, &st, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "sward_vulkan_frame_stats: "));
    assert_non_null(strstr(err.message, want));
    assert_memory_equal(&st, before, sizeof st);
    st.passes.count = 0; /* would say "no such pass" anyway: the size alone must refuse */
    assert_true(sward_stats_pass_ms(&st, "cull") < 0.0);
    st.struct_size = 0; /* never set */
    assert_int_equal(sward_render(r, &fd, &img, &st, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "struct_size is 0"));
    /* the right size: the frame refused above is still there to be waited for, and its stats come */
    sward_frame_stats ok = SWARD_FRAME_STATS_INIT;
    if (sward_render_wait(r, ticket, &img, &ok, &err) != SWARD_OK) fail_msg("wait: %s", err.message);
    assert_int_equal(ok.struct_size, sizeof ok);
    assert_true(ok.blades.drawn > 1000);
    assert_true(sward_stats_pass_ms(&ok, "cull") > 0.0);
    ok.struct_size = sizeof ok + 8;
    assert_true(sward_stats_pass_ms(&ok, "cull") < 0.0);
    free(hdr.pixels);
    free(img.pixels);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frames_in_flight_equal_one_at_a_time),
        cmocka_unit_test(resize_equals_a_renderer_of_that_size),
        cmocka_unit_test(survivor_list_grows),
        cmocka_unit_test(pass_times_by_name),
        cmocka_unit_test(stats_of_another_size_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
