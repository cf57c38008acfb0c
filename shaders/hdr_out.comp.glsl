// hdr_out.comp.glsl — the linear HDR frame before the tone map (sward_render_hdr): exactly what post.comp.glsl
// tone-maps (post_input.inc.glsl), as 32-bit floats, rows top to bottom, alpha 1.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = SW_SET_PASS, binding = SW_HDR_OUT_HDR, rgba16f) uniform readonly image2D hdr;
layout(set = SW_SET_PASS, binding = SW_HDR_OUT_TAA, rgba16f) uniform readonly image2D resolved;
layout(std430, set = SW_SET_PASS, binding = SW_HDR_OUT_PIXELS) writeonly buffer HdrPixels { vec4 pixels[]; };
#define SW_BLOOM_BINDING SW_HDR_OUT_BLOOM
#include "bloom.inc.glsl"
#define SW_EXPOSURE_BINDING SW_HDR_OUT_EXPOSURE
#include "exposure.inc.glsl"
#include "post_input.inc.glsl"

void main()
{
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
    if (px.x >= int(VIEW.width) || px.y >= int(VIEW.height)) return;
    pixels[uint(px.y) * VIEW.width + uint(px.x)] = vec4(post_input(px), 1.0);
}
