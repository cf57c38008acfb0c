// hiz_init.comp.glsl — level 0 of the min/max depth pyramid (SPEC SC3) from the occluders' depth: each texel
// reduces 2 x 2 pixels (clamped at an odd edge). Cost: one read per pixel, one write per 4.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "hiz.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = SW_SET_PASS, binding = SW_HIZ_DEPTH) uniform sampler2D depth_tex;
layout(std430, set = SW_SET_PASS, binding = SW_HIZ_PYRAMID) writeonly buffer Hiz { vec2 hiz[]; };

void main()
{
    ivec2 ssize = textureSize(depth_tex, 0);
    ivec2 size0 = ivec2(sw_half_up(ssize.x), sw_half_up(ssize.y)); // shared/sw_pyramid.h
    ivec2 d = ivec2(gl_GlobalInvocationID.xy);
    if (d.x >= size0.x || d.y >= size0.y) return;
    float lo = 1.0, hi = 0.0;
    for (int y = 0; y <= 1; y++) {
        for (int x = 0; x <= 1; x++) {
            float z = texelFetch(depth_tex, min(2 * d + ivec2(x, y), ssize - 1), 0).r;
            lo = min(lo, z);
            hi = max(hi, z);
        }
    }
    hiz[d.y * size0.x + d.x] = vec2(lo, hi);
}
