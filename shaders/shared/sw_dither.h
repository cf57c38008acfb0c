/* sw_dither.h — how the screen doors and the contact shadows' steps move from frame to frame (SC5 and LS4
 * under SH8), for C (tests) and GLSL. The frame's index is the TAA sequence's (sw_frame.frame_index: 0 without TAA,
 * restarting with the history), so TAA's warm-up of a still integrates what moves here. */
#ifndef SW_DITHER_H
#define SW_DITHER_H
#include "sw_lang.h"

/* The 4x4 Bayer pattern's offset: (x, y) = (s & 3, s >> 2) of s = 7 k mod 16, 8 distinct offsets over TAA's 8-frame
 * warm-up (7 is odd: all 16 over 16 frames), so a pixel's threshold takes 8 of its 16 values. */
SW_FN sw_uint sw_door_shift_of(sw_uint frame_index) { return (frame_index * 7u) & 15u; }

/* Interleaved gradient noise's offset in pixels (Jimenez: 5.588238 px a frame, repeating after 64 frames). */
SW_FN float sw_ign_frame_offset(sw_uint frame_index) { return 5.588238f * SW_F(frame_index & 63u); }

#endif
