/* The mesh assets' cluster cache on the GPU (SPEC SC1 for PL8, SC4; src/place/clusters.c): a cluster evicted and
 * placed again holds the same instances and record in its slot, byte for byte; over a short flight a frame places
 * at most K clusters unless the camera teleports, nothing is placed again while it stays in reach, the cache stays
 * inside its share of the budget and the memory does not grow; the clusters drawn at the end are a fresh
 * renderer's. The frames place and cull only (render_read_assets), without grass. */
#include "gpu_util.h"

#include "testing/readback.h"

#include <string.h>

static sward_renderer *renderer(sward_context *ctx, sward_scene *s)
{
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, s, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    return r;
}

/* One frame from (x, z) looking along +x; rb gets what the asset passes hold. */
static void frame_at(sward_renderer *r, float x, float z, render_asset_readback *rb)
{
    const float eye[3] = {x, 1.7f, z}, target[3] = {x + 10.0f, 0.5f, z + 3.0f};
    sward_error err = {0};
    if (render_read_assets(r, &(sward_frame_desc){.time = 0.5f, .eye = eye, .target = target, .no_grass = true}, rb,
                           &err) != SWARD_OK)
        fail_msg("read assets: %s", err.message);
}

/* The frame's cluster of asset a at (ci0, cj0), or NULL. */
static const sw_cluster *find(const render_asset_readback *rb, uint32_t a, int ci0, int cj0)
{
    for (uint32_t k = 0; k < rb->cluster_count; k++)
        if (rb->clusters[k].asset == a && rb->clusters[k].ci0 == ci0 && rb->clusters[k].cj0 == cj0)
            return &rb->clusters[k];
    return NULL;
}

/* flowers.json: 128 m of terrain, clusters of 16-20 m, rings of 7 for 8 clusters a side: a camera at one end of the
 * field gives the other end's slots away. */
static void test_evicted_cluster_comes_back_the_same(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *s = gu_scene_lean("scenes/flowers.json");
    sward_renderer *r = renderer(ctx, s);
    render_asset_readback a, b, c;
    frame_at(r, -55.0f, 0.0f, &a);
    assert_true(a.stats.tile_cache.teleport);
    assert_int_equal(a.stats.tile_cache.clusters_missing, 0);
    assert_true(a.stats.tile_cache.clusters_generated >= a.cluster_count);
    /* the frame's nearest cluster with instances, on the field's -x end */
    const sw_cluster *kept = NULL;
    for (uint32_t k = 0; k < a.cluster_count && !kept; k++)
        if (a.clusters[k].count > 20 && a.clusters[k].ci0 < -64) kept = &a.clusters[k];
    assert_non_null(kept);
    const sw_cluster was = *kept;
    const size_t bytes = (size_t)was.count * sizeof(sw_instance);
    sw_instance *first = malloc(bytes);
    memcpy(first, a.instances + (size_t)was.slot * SW_CLUSTER_CANDIDATES, bytes);
    /* the same frame again: nothing placed */
    frame_at(r, -55.0f, 0.0f, &b);
    assert_int_equal(b.stats.tile_cache.clusters_generated, 0);
    assert_int_equal(b.stats.tile_cache.clusters_evicted, 0);
    render_asset_readback_free(&b);
    /* the far end: the rings give the first end's slots away, and the slot holds another cluster */
    frame_at(r, 55.0f, 0.0f, &b);
    assert_true(b.stats.tile_cache.teleport);
    assert_true(b.stats.tile_cache.clusters_evicted > 0);
    assert_null(find(&b, was.asset, was.ci0, was.cj0));
    assert_true(memcmp(b.instances + (size_t)was.slot * SW_CLUSTER_CANDIDATES, first, bytes) != 0);
    /* back: placed again, the same bytes in the same slot */
    frame_at(r, -55.0f, 0.0f, &c);
    assert_true(c.stats.tile_cache.clusters_generated > 0);
    const sw_cluster *again = find(&c, was.asset, was.ci0, was.cj0);
    assert_non_null(again);
    print_message("cluster (%d, %d) of asset %u: %u instances in slot %u; %u clusters evicted by the jump away, %u "
                  "placed again on the way back\n",
                  was.ci0, was.cj0, was.asset, was.count, was.slot, b.stats.tile_cache.clusters_evicted,
                  c.stats.tile_cache.clusters_generated);
    assert_int_equal(again->slot, was.slot);
    assert_memory_equal(again, &was, sizeof was);
    assert_memory_equal(c.instances + (size_t)was.slot * SW_CLUSTER_CANDIDATES, first, bytes);
    free(first);
    render_asset_readback_free(&a);
    render_asset_readback_free(&b);
    render_asset_readback_free(&c);
    gu_finish(r, ctx, s);
}

/* A jump, then FLIGHT_FRAMES with K = 4 at 2 m a frame: one teleport, at most K clusters a frame after it (K
 * limits some frames: the ring ahead fills), none missing at the end (placed ahead), the cache within its budget,
 * memory flat; the clusters then hold what a fresh renderer places. */
#define FLIGHT_FRAMES 10
static void test_k_and_budget(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *s = gu_scene_lean("scenes/flowers.json");
    s->render.tile_cache.tiles_per_frame = 4;
    sward_renderer *r = renderer(ctx, s);
    render_asset_readback rb;
    uint32_t teleports = 0, placed = 0, full = 0; /* full: frames K limited */
    uint64_t memory0 = 0, memory1 = 0;
    float x = 0.0f;
    for (int f = 0; f < FLIGHT_FRAMES; f++) {
        x = -40.0f + 2.0f * (float)f;
        frame_at(r, x, 2.0f, &rb);
        const sward_tile_cache_stats *tc = &rb.stats.tile_cache;
        teleports += tc->teleport;
        if (!tc->teleport) {
            assert_true(tc->clusters_generated <= 4);
            placed += tc->clusters_generated;
        }
        if (f >= FLIGHT_FRAMES - 3) assert_int_equal(tc->clusters_missing, 0);
        full += !tc->teleport && tc->clusters_generated == 4;
        assert_true(tc->cluster_bytes > 0);
        assert_true(tc->bytes <= tc->budget_bytes);
        if (f == 1) memory0 = rb.stats.memory.vegetation_bytes;
        memory1 = rb.stats.memory.vegetation_bytes;
        if (f + 1 < FLIGHT_FRAMES) render_asset_readback_free(&rb);
    }
    print_message("%d frames: %u teleport, %u clusters placed after it (%u frames at K); vegetation memory %.2f -> "
                  "%.2f MiB\n",
                  FLIGHT_FRAMES, teleports, placed, full, (double)memory0 / 1048576.0, (double)memory1 / 1048576.0);
    assert_int_equal(teleports, 1);
    assert_true(full > 0);
    assert_true(memory1 <= memory0);
    sward_renderer *r2 = renderer(ctx, s);
    render_asset_readback fresh;
    frame_at(r2, x, 2.0f, &fresh);
    assert_int_equal(rb.cluster_count, fresh.cluster_count);
    for (uint32_t k = 0; k < rb.cluster_count; k++) {
        const sw_cluster *p = &rb.clusters[k], *q = &fresh.clusters[k];
        assert_int_equal(p->ci0, q->ci0);
        assert_int_equal(p->cj0, q->cj0);
        assert_int_equal(p->count, q->count);
        assert_memory_equal(rb.instances + (size_t)p->slot * SW_CLUSTER_CANDIDATES,
                            fresh.instances + (size_t)q->slot * SW_CLUSTER_CANDIDATES, p->count * sizeof(sw_instance));
    }
    render_asset_readback_free(&rb);
    render_asset_readback_free(&fresh);
    sward_renderer_destroy(r2);
    gu_finish(r, ctx, s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evicted_cluster_comes_back_the_same),
        cmocka_unit_test(test_k_and_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
