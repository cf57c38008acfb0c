// post.comp.glsl — bloom, exposure (PO4: exposure.inc.glsl), Uncharted 2 filmic tone map with white point (or,
// with render.tonemap "reinhard", Reinhard's x / (x + 1) for comparison), sRGB (SPEC PO1, PO2, PO3, PO4).
// Reads the lit 16-bit float HDR image (lighting.comp.glsl: sky and haze included), or with TAA (SH8) the
// resolved image, and the bloom chain; writes the 8-bit image. Compute rather than a full-screen triangle: on
// GPUs with few graphics units the fragment path is the slow one.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_tonemap.h"
#include "common.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = SW_SET_PASS, binding = SW_POST_HDR, rgba16f) uniform readonly image2D hdr;
layout(set = SW_SET_PASS, binding = SW_POST_LDR, rgba8) uniform writeonly image2D ldr;
layout(set = SW_SET_PASS, binding = SW_POST_TAA, rgba16f) uniform readonly image2D resolved;
#define SW_BLOOM_BINDING SW_POST_BLOOM
#include "bloom.inc.glsl"
#define SW_EXPOSURE_BINDING SW_POST_EXPOSURE
#include "exposure.inc.glsl"
#include "post_input.inc.glsl"

void main()
{
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
    if (px.x >= int(VIEW.width) || px.y >= int(VIEW.height)) return;
    vec3 c = post_input(px);
    float exposure = sw_exposure_now(); // PO4: adapted, or render.exposure
    vec3 o;
    o.r = sw_linear_to_srgb(sw_tonemap_filmic(c.r, exposure, frame.white_point));
    o.g = sw_linear_to_srgb(sw_tonemap_filmic(c.g, exposure, frame.white_point));
    o.b = sw_linear_to_srgb(sw_tonemap_filmic(c.b, exposure, frame.white_point));
    if ((frame.flags & SW_FLAG_TONEMAP_REINHARD) != 0u)
        o = vec3(sw_linear_to_srgb(sw_tonemap_reinhard(c.r, exposure)),
                 sw_linear_to_srgb(sw_tonemap_reinhard(c.g, exposure)),
                 sw_linear_to_srgb(sw_tonemap_reinhard(c.b, exposure)));
    imageStore(ldr, px, vec4(o, 1.0));
}
