/* sw_pyramid.h — the sizes of sward's two pyramids, written once for C and GLSL: the Hi-Z depth pyramid (SPEC
 * SC3; src/render/passes/hiz.c, shaders/hiz.inc.glsl, shaders/occlusion.inc.glsl) and the bloom chain (PO3;
 * src/render/passes/bloom.c, shaders/bloom.inc.glsl). Each lies in one buffer, its levels one after another,
 * level 0 at half the render size rounded up. Per axis (sw_lang.h: scalars only):
 *   Hi-Z   level l is level 0 >> l (rounded down, at least 1: the reduction folds an odd edge texel into the last
 *          one), levels until both sides are 1 (the C side sizes the buffer and the dispatches from this);
 *   bloom  level l + 1 is level l halved, rounded up (at least 1), SW_BLOOM_LEVELS levels (sw_types.h). */
#ifndef SW_PYRAMID_H
#define SW_PYRAMID_H
#include "sw_lang.h"

/* Level 0's side of either pyramid for a render side of n pixels. */
SW_FN int sw_half_up(int n) { return (n + 1) / 2; }

SW_FN int sw_hiz_side(int side0, int level) { return sw_maxi(side0 >> level, 1); }

/* The Hi-Z pyramid's level count for a level 0 of w0 x h0. */
SW_FN int sw_hiz_levels(int w0, int h0)
{
    int n = 1;
    while ((w0 >> n) != 0 || (h0 >> n) != 0) n++;
    return n;
}

/* The Hi-Z pyramid's first texel of `level` (of all levels: its total texels). */
SW_FN int sw_hiz_offset(int w0, int h0, int level)
{
    int o = 0;
    for (int l = 0; l < level; l++) o += sw_hiz_side(w0, l) * sw_hiz_side(h0, l);
    return o;
}

SW_FN int sw_bloom_side(int side0, int level)
{
    int s = side0;
    for (int l = 0; l < level; l++) s = sw_maxi(sw_half_up(s), 1);
    return s;
}

/* The bloom chain's first texel of `level` (of SW_BLOOM_LEVELS: its total texels). */
SW_FN int sw_bloom_offset(int w0, int h0, int level)
{
    int o = 0;
    for (int l = 0; l < level; l++) o += sw_bloom_side(w0, l) * sw_bloom_side(h0, l);
    return o;
}

#endif
