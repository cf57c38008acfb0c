/* The screen doors' and the contact shadows' motion from frame to frame (SC5, LS4; shaders/shared/sw_dither.h):
 * over TAA's 8-frame warm-up every pixel's Bayer threshold takes 8 distinct values of its 16 (a fade of f keeps
 * the pixel in about f of the frames, so the still shows a blend, not a stipple); the contact shadows' noise
 * offset moves by a non-integer step each frame. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "shared/sw_dither.h"

static const int BAYER4[16] = {0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5}; /* dither.inc.glsl's */

static int threshold(unsigned x, unsigned y, sw_uint shift)
{
    unsigned qx = (x + shift) & 3u, qy = (y + (shift >> 2u)) & 3u;
    return BAYER4[qy * 4u + qx];
}

static void test_door_visits_eight_thresholds(void **state)
{
    (void)state;
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            int seen = 0;
            for (sw_uint k = 0; k < 8; k++) seen |= 1 << threshold(x, y, sw_door_shift_of(k));
            int n = 0;
            for (int b = 0; b < 16; b++) n += (seen >> b) & 1;
            assert_int_equal(n, 8);
            /* and a fade of one half keeps the pixel in 4 of the 8 frames, whichever pixel it is */
            int kept = 0;
            for (sw_uint k = 0; k < 8; k++) kept += !(0.5f * 16.0f <= (float)threshold(x, y, sw_door_shift_of(k)) + 0.5f);
            assert_true(kept >= 3 && kept <= 5);
        }
    /* all 16 offsets over 16 frames */
    int all = 0;
    for (sw_uint k = 0; k < 16; k++) all |= 1 << sw_door_shift_of(k);
    assert_int_equal(all, 0xffff);
}

static void test_ign_moves(void **state)
{
    (void)state;
    for (sw_uint k = 1; k < 64; k++) {
        float d = sw_ign_frame_offset(k) - sw_ign_frame_offset(k - 1);
        assert_float_equal(d, 5.588238f, 1e-3);
    }
    assert_float_equal(sw_ign_frame_offset(64), 0.0f, 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_door_visits_eight_thresholds),
        cmocka_unit_test(test_ign_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
