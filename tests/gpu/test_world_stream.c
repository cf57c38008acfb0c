/* Streamed world data (BX5; src/world/stream.c, src/render/world_stream.c): a 512 m world baked into a
 * temporary folder and streamed through a small window renders, frame after frame with one renderer, exactly
 * what the same world held whole renders: the same placement and culling counts and byte-identical images, at
 * several camera positions, including walks that recentre the window by a page (only the pages that entered are
 * copied) and jumps that reload it. The window's device memory stays the same from frame to frame and is a
 * fraction of the whole world's. BX7: the same with the pages made inline, by one and by four worker threads
 * (sward_streaming.workers): frames that wait for their pages do not depend on who made them. And through a
 * transfer queue (the test hook GPU_TEST_TRANSFER_QUEUE_ENV: lavapipe has no dedicated transfer family, so the
 * graphics queue stands in, a submit of its own): each frame that takes in pages submits one upload there and
 * waits for it, and the images are the same bytes. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include "gpu_util.h"
#include "render/render.h"
#include "world/stream.h"

#include <dlfcn.h>

#define TMP_NAME "gpu_world"
#include "../unit/tmp_util.h"

#define GRASS                                                                                                          \
    "\"grass\": [{\"name\": \"short\", \"density\": 6, \"height\": [0.2, 0.4]}, {\"name\": \"tall\", \"density\": "    \
    "3, \"height\": [0.5, 0.9], \"patches\": {\"scale\": 14, \"coverage\": 0.5}}], \"render\": {\"width\": 192, "      \
    "\"height\": 108, \"draw_distance\": 40, \"lod_distance\": 12}, \"camera\": {\"position\": [0, 6, 0], "            \
    "\"target\": [5, 0, 5], \"above_ground\": true}"

/* Every vkQueueSubmit2 of this program passes here (sward's static objects call this definition, which calls
 * libvulkan's): the submits that signal a semaphore (the page uploads) and the submits that wait for the value
 * the last one signalled at the copy stage (the frames that take the pages in). On lavapipe's one queue the
 * images cannot show a frame that does not wait (its first barrier covers the earlier submit); a copy engine
 * would race it. */
static struct {
    VkSemaphore semaphore;
    uint64_t value;
    uint32_t signals, waits;
} seen;

VKAPI_ATTR VkResult VKAPI_CALL vkQueueSubmit2(VkQueue queue, uint32_t count, const VkSubmitInfo2 *submits,
                                              VkFence fence)
{
    static PFN_vkQueueSubmit2 next;
    if (!next) {
        void *p = dlsym(RTLD_NEXT, "vkQueueSubmit2");
        memcpy(&next, &p, sizeof next);
    }
    for (uint32_t i = 0; i < count; i++) {
        const VkSubmitInfo2 *si = &submits[i];
        for (uint32_t k = 0; k < si->waitSemaphoreInfoCount; k++) {
            const VkSemaphoreSubmitInfo *w = &si->pWaitSemaphoreInfos[k];
            seen.waits += w->semaphore == seen.semaphore && w->value == seen.value &&
                          (w->stageMask & VK_PIPELINE_STAGE_2_COPY_BIT);
        }
        for (uint32_t k = 0; k < si->signalSemaphoreInfoCount; k++) {
            seen.semaphore = si->pSignalSemaphoreInfos[k].semaphore;
            seen.value = si->pSignalSemaphoreInfos[k].value;
            seen.signals++;
        }
    }
    return next(queue, count, submits, fence);
}

static sward_scene *load(const char *json)
{
    sward_scene *s = NULL;
    sward_error err = {0};
    if (sward_scene_load_string(json, strlen(json), "world.json", NULL, &s, &err) != SWARD_OK)
        fail_msg("scene: %s", err.message);
    s->render.features &= ~(SW_FEAT_TAA | SW_FEAT_BLOOM); /* single frames (gpu_util.h: gu_scene) */
    s->render.shadow_size = GU_SHADOW_SIZE;                /* gpu_util.h: gu_scene_lean */
    return s;
}

static sward_renderer *renderer(sward_context *ctx, const sward_scene *s)
{
    sward_renderer *r = NULL;
    sward_error err = {0};
    if (sward_renderer_create(ctx, s, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    return r;
}

static void frame(sward_renderer *r, const sward_scene *ground, float x, float z, uint8_t *px, sward_frame_stats *st)
{
    /* looking down at the grass ahead: everything in view lies within the draw distance */
    const float y = world_terrain_height(&ground->terrain, x, z);
    const float eye[3] = {x, y + 7.0f, z}, target[3] = {x + 6.0f, y, z + 4.0f};
    sward_image img = {.width = 192, .height = 108, .pixels = px};
    sward_error err = {0};
    sward_frame_desc fd = {.time = 0.5f, .eye = eye, .target = target, .taa_warmup = -1};
    if (sward_render(r, &fd, &img, st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
}

/* hook: the streamed renderer's context uploads its pages on a transfer queue (the graphics queue standing in) */
static void streamed_equals_whole(int workers, bool hook)
{
    const char *dir = tmp_dir; /* the group's temporary folder (tmp_util.h) */
    sward_scene *gen = load("{\"terrain\": {\"size\": 512, \"resolution\": 257, \"fbm\": {\"amplitude\": 10, "
                            "\"wavelength\": 120, \"octaves\": 4}}, " GRASS "}");
    sward_error err = {0};
    assert_int_equal(world_bake(gen, dir, 16, &err), SWARD_OK);
    char json[2048];
    snprintf(json, sizeof json, "{\"terrain\": {\"world\": \"%s\", \"stream\": false}, " GRASS "}", dir);
    sward_scene *whole = load(json);
    snprintf(json, sizeof json, "{\"terrain\": {\"world\": \"%s\", \"stream\": {\"window\": 120}}, " GRASS "}", dir);
    sward_scene *streamed = load(json);
    assert_non_null(streamed->terrain.stream);
    assert_null(whole->terrain.stream);

    sward_context *ctx = gu_context(), *xctx = ctx;
    if (hook) {
        setenv(GPU_TEST_TRANSFER_QUEUE_ENV, "1", 1);
        xctx = gu_context();
        unsetenv(GPU_TEST_TRANSFER_QUEUE_ENV);
        assert_non_null(xctx->dev.transfer_queue);
    }
    sward_renderer *rw = renderer(ctx, whole), *rs = renderer(xctx, streamed);
    uint32_t submits = 0, uploads = 0;
    memset(&seen, 0, sizeof seen);
    assert_int_equal(sward_renderer_set_streaming(rs, &(sward_streaming){.workers = workers}, &err), SWARD_OK);
    const size_t bytes = 192u * 108u * 4u;
    uint8_t *a = malloc(bytes), *b = malloc(bytes);
    /* a walk (recentring by a page at a time), a jump across the world, another walk, a jump back */
    const float path[][2] = {{0, 0},      {12, 9},     {30, 20},    {50, 34},    {70, 48}, {180, -170},
                             {165, -150}, {140, -130}, {-200, 210}, {-220, 215}, {0, 0}};
    const int n = (int)(sizeof path / sizeof path[0]);
    uint64_t world_bytes = 0, whole_bytes = 0, gen0 = rs->world_generation;
    int moves = 0;
    for (int k = 0; k < n; k++) {
        sward_frame_stats sa = SWARD_FRAME_STATS_INIT, sb = SWARD_FRAME_STATS_INIT;
        const uint64_t g = rs->world_generation;
        frame(rw, whole, path[k][0], path[k][1], a, &sa);
        frame(rs, whole, path[k][0], path[k][1], b, &sb);
        moves += rs->world_generation != g;
        /* one upload submit a frame that took in pages, with the transfer queue; none without */
        assert_int_equal(sa.stream.transfer_submits, 0);
        assert_int_equal(sb.stream.transfer_submits, hook && sb.stream.upload_bytes ? 1 : 0);
        submits += sb.stream.transfer_submits;
        VkSemaphore wait = VK_NULL_HANDLE;
        uint64_t value = 0;
        sward_renderer_frame_wait(rs, &wait, &value, NULL); /* what a host's submit of the frame would wait on */
        assert_int_equal(wait != VK_NULL_HANDLE, sb.stream.transfer_submits != 0);
        if (wait) assert_int_equal(value, seen.value);
        uploads += sb.stream.upload_bytes != 0;
        print_message("(%g, %g): window at (%d, %d), %llu tiles, %llu blades drawn, %llu world bytes\n",
                      (double)path[k][0], (double)path[k][1], streamed->terrain.hf_i0, streamed->terrain.hf_j0,
                      (unsigned long long)sb.blades.tiles, (unsigned long long)sb.blades.drawn,
                      (unsigned long long)sb.memory.world_bytes);
        assert_true(sa.blades.drawn > 1000);
        assert_int_equal(sa.blades.tiles, sb.blades.tiles);
        assert_int_equal(sa.blades.candidates, sb.blades.candidates);
        assert_int_equal(sa.blades.removed_outside, sb.blades.removed_outside);
        assert_int_equal(sa.blades.removed_density, sb.blades.removed_density);
        assert_int_equal(sa.blades.removed_distance, sb.blades.removed_distance);
        assert_int_equal(sa.blades.removed_frustum, sb.blades.removed_frustum);
        assert_int_equal(sa.blades.drawn, sb.blades.drawn);
        if (memcmp(a, b, bytes) != 0) {
            size_t d = 0;
            for (size_t i = 0; i < bytes; i++)
                d += a[i] != b[i];
            fail_msg("frame %d at (%g, %g): %zu bytes of the image differ", k, (double)path[k][0], (double)path[k][1],
                     d);
        }
        if (k == 0) world_bytes = sb.memory.world_bytes, whole_bytes = sa.memory.world_bytes;
        assert_int_equal(sb.memory.world_bytes, world_bytes); /* constant */
        assert_true(
            render_world_window_holds(rs, path[k][0] - 40.0, path[k][1] - 40.0, path[k][0] + 40.0, path[k][1] + 40.0));
    }
    assert_true(moves >= 5);
    print_message("%u frames uploaded pages, %u transfer submits\n", uploads, submits);
    assert_true(uploads >= 3);
    assert_int_equal(submits, hook ? uploads : 0);
    assert_int_equal(seen.signals, submits); /* each upload, and the frame that took it in waited for it */
    assert_int_equal(seen.waits, submits);
    assert_int_equal(rs->world_generation, gen0 + (uint64_t)moves);
    assert_true(world_bytes * 4 < whole_bytes); /* the window is a fraction of the world */
    assert_false(render_world_window_holds(rs, 200.0, -200.0, 210.0, -190.0));
    assert_true(render_world_window_holds(rw, 200.0, -200.0, 210.0, -190.0));
    free(a);
    free(b);
    sward_renderer_destroy(rw);
    if (hook) {
        assert_int_equal(sward_context_validation_messages(ctx), 0);
        gu_finish(rs, xctx, streamed);
        sward_context_destroy(ctx);
    } else {
        gu_finish(rs, ctx, streamed);
    }
    sward_scene_destroy(whole);
    sward_scene_destroy(gen);
}

static void streamed_equals_whole_inline(void **state)
{
    (void)state;
    streamed_equals_whole(0, false);
}

static void streamed_equals_whole_one_worker(void **state)
{
    (void)state;
    streamed_equals_whole(1, false);
}

static void streamed_equals_whole_four_workers(void **state)
{
    (void)state;
    streamed_equals_whole(4, false);
}

static void streamed_through_a_transfer_queue(void **state)
{
    (void)state;
    streamed_equals_whole(1, true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(streamed_equals_whole_inline),
                                       cmocka_unit_test(streamed_equals_whole_one_worker),
                                       cmocka_unit_test(streamed_equals_whole_four_workers),
                                       cmocka_unit_test(streamed_through_a_transfer_queue)};
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
