// bloom_up.comp.glsl — PO3: level pc.level of the chain += level pc.level + 1 (already the sum of the levels
// below it) upsampled with a 3 x 3 tent: the tent's nine bilinear taps, one coarse texel apart with weights
// 1 2 1 / 2 4 2 / 1 2 1, folded into 4 x 4 texel weights per axis. Level 0 ends as the sum of every level.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
#define SW_BLOOM_BINDING SW_BLOOM_CHAIN
#define SW_BLOOM_WRITE
#include "bloom.inc.glsl"

// Weights of texels i0 - 1 .. i0 + 2 for taps at c - 1, c, c + 1 (1/4, 1/2, 1/4), each bilinear, f = fract(c).
vec4 tent(float f)
{
    return vec4(0.25 * (1.0 - f), 0.25 * f + 0.5 * (1.0 - f), 0.5 * f + 0.25 * (1.0 - f), 0.25 * f);
}

void main()
{
    uint fine, coarse;
    ivec2 fs = bloom_level(pc.level, fine), cs = bloom_level(pc.level + 1u, coarse);
    ivec2 q = ivec2(gl_GlobalInvocationID.xy);
    if (q.x >= fs.x || q.y >= fs.y) return;
    vec2 c = (vec2(q) + 0.5) / vec2(fs) * vec2(cs) - 0.5;
    ivec2 i0 = ivec2(floor(c));
    vec4 wx = tent(c.x - floor(c.x)), wy = tent(c.y - floor(c.y));
    vec3 sum = vec3(0.0);
    for (int j = 0; j < 4; j++) {
        vec3 row = vec3(0.0);
        for (int i = 0; i < 4; i++) row += wx[i] * bloom_load(coarse, cs, i0 + ivec2(i - 1, j - 1));
        sum += wy[j] * row;
    }
    bloom_store(fine, fs, q, bloom_load(fine, fs, q) + sum);
}
