// bloom_bright.comp.glsl — PO3's bright pass (Frictional "HDR Bloom": the pixels below the white point are
// removed, those above it scaled down): level 0 of the chain (half resolution) = the mean over each 2 x 2
// pixels of max(c exposure - white, 0) (exposure: exposure.inc.glsl, PO4). Exactly 0 where nothing exceeds the white point. c is the resolved
// image with TAA (SH8), else the lit HDR colour (sky and haze included).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = SW_SET_PASS, binding = SW_BLOOM_HDR, rgba16f) uniform readonly image2D hdr;
layout(set = SW_SET_PASS, binding = SW_BLOOM_TAA, rgba16f) uniform readonly image2D resolved;
#define SW_BLOOM_BINDING SW_BLOOM_CHAIN
#define SW_BLOOM_WRITE
#include "bloom.inc.glsl"
#define SW_EXPOSURE_BINDING SW_BLOOM_EXPOSURE
#include "exposure.inc.glsl"

vec3 bright(ivec2 px)
{
    px = min(px, ivec2(VIEW.width, VIEW.height) - 1);
    vec3 c;
    if ((frame.features & SW_FEAT_TAA) != 0u) c = imageLoad(resolved, px).rgb;
    else c = imageLoad(hdr, px).rgb;
    return max(c * sw_exposure_now() - frame.white_point, vec3(0.0));
}

void main()
{
    uint first;
    ivec2 s = bloom_level(0u, first);
    ivec2 q = ivec2(gl_GlobalInvocationID.xy);
    if (q.x >= s.x || q.y >= s.y) return;
    ivec2 p = 2 * q;
    vec3 c = bright(p) + bright(p + ivec2(1, 0)) + bright(p + ivec2(0, 1)) + bright(p + ivec2(1, 1));
    bloom_store(first, s, q, 0.25 * c);
}
