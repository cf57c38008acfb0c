/* The tile cache on the GPU (SPEC SC1, SC2): a tile evicted and placed again gives the same blades, byte for byte;
 * tiles placed ahead of the camera (after culling, overlapping the draws) are the tiles a fresh renderer places;
 * a frame places at most K tiles unless the camera teleports, which the stats say; the cache stays inside its
 * budget and the memory does not grow as the camera flies. */
#include "gpu_util.h"

#include "render/render.h"

#include <math.h>
#include <string.h>

#define CAP (1u << 21)

/* The camera's blades (no culling: every blade of the tiles within the draw distance) seen from (x, z). */
static size_t blades_at(sward_renderer *r, float x, float z, sw_blade *out, sward_frame_stats *st)
{
    const float eye[3] = {x, 1.7f, z}, target[3] = {x + 10.0f, 0.0f, z + 3.0f};
    sward_frame_debug dbg = {.no_culling = true};
    sward_frame_desc fd = {.time = 0.5f, .debug = &dbg, .eye = eye, .target = target};
    sward_error err = {0};
    size_t n = 0;
    if (sward_read_blades(r, &fd, out, CAP, &n, &err) != SWARD_OK) fail_msg("read blades: %s", err.message);
    if (st && sward_vulkan_frame_stats(r, false, st, &err) != SWARD_OK) fail_msg("stats: %s", err.message);
    return n;
}

static sward_renderer *renderer(sward_context *ctx, sward_scene *s)
{
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, s, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    return r;
}

static void test_evicted_tiles_come_back_the_same(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *s = gu_scene_lean("scenes/meadow.json");
    gu_draw_distance(s, 60.0f);
    sward_renderer *r = renderer(ctx, s);
    sw_blade *first = malloc(CAP * sizeof *first), *again = malloc(CAP * sizeof *again);
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    /* (the first frame may be rendered twice while the survivor list grows: the second is no teleport) */
    size_t n1 = blades_at(r, 0.0f, 0.0f, first, &st);
    assert_int_equal(st.tile_cache.missing, 0);
    assert_true(n1 > 10000);
    blades_at(r, 95.0f, 40.0f, again, &st); /* far enough that the rings give the first tiles' slots away */
    assert_true(st.tile_cache.teleport);
    assert_true(st.tile_cache.evicted > 0);
    uint32_t evicted = st.tile_cache.evicted;
    size_t n2 = blades_at(r, 0.0f, 0.0f, again, &st);
    assert_true(st.tile_cache.teleport);
    print_message("%zu blades; %u tiles evicted by the jump away, %u placed again on the way back\n", n1, evicted,
                  st.tile_cache.generated);
    assert_true(st.tile_cache.generated > 0);
    assert_int_equal(n1, n2);
    assert_memory_equal(first, again, n1 * sizeof *first);
    free(first);
    free(again);
    gu_finish(r, ctx, s);
}

/* A jump, then a flight of FLIGHT_FRAMES with K = 64: one teleport, at most K a frame after it, none missing in its
 * last 8 frames (the cache ahead: after the jump it fills in 5), and the blades at the end equal those of a renderer
 * that placed everything at once. */
#define FLIGHT_FRAMES 20
static void test_ahead_and_k(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *s = gu_scene_lean("scenes/meadow.json");
    gu_draw_distance(s, 60.0f);
    s->render.tile_cache.tiles_per_frame = 64;
    sward_renderer *r = renderer(ctx, s);
    sw_blade *flown = malloc(CAP * sizeof *flown), *fresh = malloc(CAP * sizeof *fresh);
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    uint64_t memory0 = 0, memory1 = 0, cache_bytes = 0;
    uint32_t placed = 0, teleports = 0;
    float x = 0.0f, z = 0.0f;
    size_t n1 = blades_at(r, 60.0f, 60.0f, flown, &st); /* the lists grow here; the flight starts with a jump */
    for (int f = 0; f < FLIGHT_FRAMES; f++) {
        x = -10.0f + 0.35f * (float)f;
        z = 4.0f + 0.1f * (float)f;
        n1 = blades_at(r, x, z, flown, &st);
        teleports += st.tile_cache.teleport;
        if (!st.tile_cache.teleport) {
            assert_true(st.tile_cache.generated <= 64);
            placed += st.tile_cache.generated;
        }
        if (f >= FLIGHT_FRAMES - 8) assert_int_equal(st.tile_cache.missing, 0);
        if (f == 2) memory0 = st.memory.vegetation_bytes;
        memory1 = st.memory.vegetation_bytes;
        cache_bytes = st.tile_cache.bytes;
        assert_true(st.tile_cache.bytes <= st.tile_cache.budget_bytes);
    }
    print_message("%d frames: %u teleport, %u tiles placed after it; vegetation memory %.2f -> %.2f MiB, cache %.2f MiB\n",
                  FLIGHT_FRAMES, teleports, placed, (double)memory0 / 1048576.0, (double)memory1 / 1048576.0,
                  (double)cache_bytes / 1048576.0);
    assert_int_equal(teleports, 1);
    assert_true(placed > 64);
    assert_true(memory1 <= memory0 + memory0 / 20);
    sward_renderer *r2 = renderer(ctx, s);
    size_t n2 = blades_at(r2, x, z, fresh, &st);
    assert_int_equal(n1, n2);
    assert_memory_equal(flown, fresh, n1 * sizeof *flown);
    sward_renderer_destroy(r2);
    free(flown);
    free(fresh);
    gu_finish(r, ctx, s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evicted_tiles_come_back_the_same),
        cmocka_unit_test(test_ahead_and_k),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
