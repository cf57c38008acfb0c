/* test_raster_key.c — the compute rasteriser's visibility-buffer key (shaders/shared/sw_raster.h; SPEC BX1):
 * what it stores comes back, it orders by depth first (one atomicMax is the depth test: reverse-Z, nearer is
 * larger) and ties by the blade's id (never by thread order), and the fill rule's edge classification. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shared/sw_raster.h"

#include <math.h>

static uint64_t key(float depth, sw_uint tile, sw_uint slot, float t, float side)
{
    return ((uint64_t)sw_raster_key_hi(depth, tile) << 32) | sw_raster_id_lo(tile, slot, t, side);
}

static void test_round_trip(void **state)
{
    (void)state;
    const sw_uint tiles[] = {0u, 1u, 1023u, 1024u, 40000u, SW_RASTER_MAX_TILES - 1u};
    const sw_uint slots[] = {0u, 1u, 777u, SW_RASTER_SLOTS - 1u};
    const float depths[] = {1e-6f, 0.0031f, 0.25f, 0.5f, 0.999f, 1.0f};
    for (size_t a = 0; a < sizeof tiles / sizeof tiles[0]; a++)
        for (size_t b = 0; b < sizeof slots / sizeof slots[0]; b++)
            for (size_t c = 0; c < sizeof depths / sizeof depths[0]; c++)
                for (int k = 0; k <= 10; k++) {
                    float t = (float)k / 10.0f, side = -1.0f + 0.2f * (float)k;
                    uint64_t v = key(depths[c], tiles[a], slots[b], t, side);
                    sw_uint hi = (sw_uint)(v >> 32), lo = (sw_uint)v;
                    assert_int_equal(sw_raster_tile(hi, lo), tiles[a]);
                    assert_int_equal(sw_raster_slot(lo), slots[b]);
                    assert_true(fabsf(sw_raster_t(lo) - t) <= 0.5f / (float)SW_RASTER_T_STEPS + 1e-6f);
                    assert_true(fabsf(sw_raster_side(lo) - side) <= 1.0f / (float)SW_RASTER_SIDE_STEPS + 1e-6f);
                    /* the depth loses its low bits only: relative error under 2^-19, never above the value */
                    float d = sw_raster_depth(hi);
                    assert_true(d <= depths[c] && depths[c] - d <= depths[c] * 2e-6f);
                }
    /* the centre line and the edges are stored exactly */
    assert_true(sw_raster_side(sw_raster_id_lo(0u, 0u, 0.0f, 0.0f)) == 0.0f);
    assert_true(sw_raster_side(sw_raster_id_lo(0u, 0u, 0.0f, 1.0f)) == 1.0f);
    assert_true(sw_raster_t(sw_raster_id_lo(0u, 0u, 1.0f, 0.0f)) == 1.0f);
}

static void test_order(void **state)
{
    (void)state;
    /* nearer (larger reverse-Z depth) wins whatever the ids */
    assert_true(key(0.5f, 0u, 0u, 0.0f, -1.0f) > key(0.49f, SW_RASTER_MAX_TILES - 1u, SW_RASTER_SLOTS - 1u, 1.0f, 1.0f));
    assert_true(key(0.0010001f, 0u, 0u, 0.0f, 0.0f) > key(0.001f, 65535u, 2047u, 1.0f, 1.0f));
    /* equal depth: the larger id wins, the tile before the slot before the point on the blade */
    assert_true(key(0.3f, 2u, 0u, 0.0f, 0.0f) > key(0.3f, 1u, 2047u, 1.0f, 1.0f));
    assert_true(key(0.3f, 1u, 5u, 0.0f, 0.0f) > key(0.3f, 1u, 4u, 1.0f, 1.0f));
    /* a visible depth never makes the empty key 0 */
    assert_true(key(1e-6f, 0u, 0u, 0.0f, -1.0f) > 0u);
}

/* Vulkan's top-left rule with the interior positive (y down): top = horizontal with the interior below,
 * left = the interior to its right. */
static void test_edges(void **state)
{
    (void)state;
    assert_int_equal(sw_raster_bias(0, 0, 256, 0), 1);   /* horizontal going +x: interior below: top */
    assert_int_equal(sw_raster_bias(256, 0, 0, 0), 0);   /* bottom */
    assert_int_equal(sw_raster_bias(0, 256, 0, 0), 1);   /* going up: interior to its right: left */
    assert_int_equal(sw_raster_bias(0, 0, 0, 256), 0);   /* right */
    assert_int_equal(sw_raster_bias(0, 256, 100, 0), 1); /* up and right: left */
    assert_int_equal(sw_raster_bias(0, 0, 100, 256), 0);
    assert_int_equal(sw_raster_snap(0.5f), 128);
    assert_int_equal(sw_raster_snap(-0.001f), 0);
    assert_int_equal(sw_raster_snap(1.0f / 512.0f), 1); /* half a sub-pixel rounds up */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
