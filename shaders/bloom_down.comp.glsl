// bloom_down.comp.glsl — PO3: level pc.level + 1 of the chain from level pc.level, a 2 x 2 box (4 taps).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
#define SW_BLOOM_BINDING SW_BLOOM_CHAIN
#define SW_BLOOM_WRITE
#include "bloom.inc.glsl"

void main()
{
    uint src, dst;
    ivec2 ss = bloom_level(pc.level, src), ds = bloom_level(pc.level + 1u, dst);
    ivec2 q = ivec2(gl_GlobalInvocationID.xy);
    if (q.x >= ds.x || q.y >= ds.y) return;
    ivec2 p = 2 * q;
    vec3 c = bloom_load(src, ss, p) + bloom_load(src, ss, p + ivec2(1, 0)) + bloom_load(src, ss, p + ivec2(0, 1)) +
             bloom_load(src, ss, p + ivec2(1, 1));
    bloom_store(dst, ds, q, 0.25 * c);
}
