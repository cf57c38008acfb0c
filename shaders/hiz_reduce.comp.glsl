// hiz_reduce.comp.glsl — one further level of the min/max depth pyramid (SPEC SC3): min of the mins and max
// of the maxes of 2 x 2 texels of the level below, 3 along an odd edge so no texel is left out.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "hiz.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, set = SW_SET_PASS, binding = SW_HIZ_PYRAMID) buffer Hiz { vec2 hiz[]; };

void main()
{
    ivec2 dsize = hiz_size(ivec2(pc.size0_x, pc.size0_y), int(pc.level));
    ivec2 ssize = hiz_size(ivec2(pc.size0_x, pc.size0_y), int(pc.level) - 1);
    ivec2 d = ivec2(gl_GlobalInvocationID.xy);
    if (d.x >= dsize.x || d.y >= dsize.y) return;
    int src = hiz_offset(ivec2(pc.size0_x, pc.size0_y), int(pc.level) - 1);
    ivec2 extra = ivec2(d.x == dsize.x - 1 && (ssize.x & 1) != 0 ? 1 : 0, d.y == dsize.y - 1 && (ssize.y & 1) != 0 ? 1 : 0);
    float lo = 1.0, hi = 0.0;
    for (int y = 0; y <= 1 + extra.y; y++) {
        for (int x = 0; x <= 1 + extra.x; x++) {
            ivec2 s = min(2 * d + ivec2(x, y), ssize - 1);
            vec2 v = hiz[src + s.y * ssize.x + s.x];
            lo = min(lo, v.r);
            hi = max(hi, v.g);
        }
    }
    hiz[src + ssize.x * ssize.y + d.y * dsize.x + d.x] = vec2(lo, hi);
}
