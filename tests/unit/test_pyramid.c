/* test_pyramid.c — the Hi-Z pyramid's and the bloom chain's sizes (shaders/shared/sw_pyramid.h, which the passes
 * src/render/passes/hiz.c and bloom.c size their buffers and dispatches with and the shaders address them by),
 * against recurrences written out independently here, in doubles: level 0 is ceil(n / 2); a Hi-Z level l is
 * floor(level 0 / 2^l), at least 1, until both sides are 1; a bloom level l is ceil(n / 2^(l + 1)). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "shared/sw_pyramid.h"
#include "shared/sw_types.h"

static const int SIDES[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 100, 127, 129, 480, 720, 1079, 1080, 1920, 2161, 4097, 8192};
#define SIDE_COUNT (sizeof SIDES / sizeof SIDES[0])

static int ref_half(int n) { return (int)ceil((double)n / 2.0); }
static int ref_hiz_side(int n, int level) { return (int)fmax(floor((double)ref_half(n) / pow(2.0, level)), 1.0); }
static int ref_bloom_side(int n, int level) { return (int)ceil((double)n / pow(2.0, level + 1)); }

/* Levels until the larger side is 1: 1 + floor(log2(larger level-0 side)). */
static int ref_hiz_levels(int w, int h)
{
    double big = fmax((double)ref_half(w), (double)ref_half(h));
    return 1 + (int)floor(log2(big) + 1e-9);
}

static void test_hiz_sizes(void **state)
{
    (void)state;
    for (size_t a = 0; a < SIDE_COUNT; a++)
        for (size_t b = 0; b < SIDE_COUNT; b++) {
            int w = SIDES[a], h = SIDES[b];
            int w0 = sw_half_up(w), h0 = sw_half_up(h);
            assert_int_equal(w0, ref_half(w));
            assert_int_equal(h0, ref_half(h));
            int levels = sw_hiz_levels(w0, h0);
            assert_int_equal(levels, ref_hiz_levels(w, h));
            /* the last level is 1 x 1, the one before it is not */
            assert_int_equal(sw_hiz_side(w0, levels - 1), 1);
            assert_int_equal(sw_hiz_side(h0, levels - 1), 1);
            if (levels > 1) assert_true(sw_hiz_side(w0, levels - 2) > 1 || sw_hiz_side(h0, levels - 2) > 1);
            int offset = 0;
            for (int l = 0; l < levels; l++) {
                assert_int_equal(sw_hiz_side(w0, l), ref_hiz_side(w, l));
                assert_int_equal(sw_hiz_side(h0, l), ref_hiz_side(h, l));
                assert_int_equal(sw_hiz_offset(w0, h0, l), offset);
                offset += ref_hiz_side(w, l) * ref_hiz_side(h, l);
            }
            assert_int_equal(sw_hiz_offset(w0, h0, levels), offset); /* the buffer's texels */
        }
}

static void test_bloom_sizes(void **state)
{
    (void)state;
    for (size_t a = 0; a < SIDE_COUNT; a++)
        for (size_t b = 0; b < SIDE_COUNT; b++) {
            int w = SIDES[a], h = SIDES[b];
            int w0 = sw_half_up(w), h0 = sw_half_up(h);
            int offset = 0;
            for (int l = 0; l < (int)SW_BLOOM_LEVELS; l++) {
                assert_int_equal(sw_bloom_side(w0, l), ref_bloom_side(w, l));
                assert_int_equal(sw_bloom_side(h0, l), ref_bloom_side(h, l));
                assert_int_equal(sw_bloom_offset(w0, h0, l), offset);
                offset += ref_bloom_side(w, l) * ref_bloom_side(h, l);
            }
            assert_int_equal(sw_bloom_offset(w0, h0, (int)SW_BLOOM_LEVELS), offset); /* the chain's texels */
        }
}

/* 1920 x 1080 by hand: Hi-Z 960 x 540 then halves rounded down, 10 levels (960 >> 9 = 1); bloom 960 x 540,
 * 480 x 270, 240 x 135, 120 x 68, 60 x 34, 30 x 17 (halves rounded up). */
static void test_full_hd(void **state)
{
    (void)state;
    assert_int_equal(sw_hiz_levels(960, 540), 10);
    assert_int_equal(sw_hiz_side(540, 3), 67);
    assert_int_equal(sw_hiz_side(540, 9), 1);
    assert_int_equal(sw_hiz_offset(960, 540, 1), 960 * 540);
    assert_int_equal(sw_hiz_offset(960, 540, 2), 960 * 540 + 480 * 270);
    const int bh[6] = {540, 270, 135, 68, 34, 17};
    for (int l = 0; l < 6; l++) {
        assert_int_equal(sw_bloom_side(960, l), 960 >> l);
        assert_int_equal(sw_bloom_side(540, l), bh[l]);
    }
    assert_int_equal(sw_bloom_offset(960, 540, 6),
                     960 * 540 + 480 * 270 + 240 * 135 + 120 * 68 + 60 * 34 + 30 * 17);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hiz_sizes),
        cmocka_unit_test(test_bloom_sizes),
        cmocka_unit_test(test_full_hd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
