// hiz.inc.glsl — layout of the min/max depth pyramid (SPEC SC3), a storage buffer of vec2 (r: min = farthest
// depth, g: max = nearest; reverse-Z). Level 0 is half the render size rounded up, each further level half
// the one below rounded down (at least 1); the odd texel at an edge is folded into the last one. Levels lie
// one after another. A buffer rather than a mipmapped image: plain loads behave the same on every device
// (mip fetches did not on lavapipe). The sizes are shared/sw_pyramid.h's, which src/render/passes/hiz.c sizes
// the buffer and the dispatches with.
#include "shared/sw_pyramid.h"

ivec2 hiz_size0() { return ivec2(sw_half_up(int(VIEW.width)), sw_half_up(int(VIEW.height))); }

ivec2 hiz_size(ivec2 size0, int level) { return ivec2(sw_hiz_side(size0.x, level), sw_hiz_side(size0.y, level)); }

int hiz_offset(ivec2 size0, int level) { return sw_hiz_offset(size0.x, size0.y, level); }
